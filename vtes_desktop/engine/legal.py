"""The legal-move answer: what a seat may do now, and why not.

`legal(game, seat)` gives the non-manual commands accepted now and, for each
card in the seat's hand, the ways it can be used now (by which minion, at
which level) or the refusal that says why not. Every answer is found by
asking the engine itself (`Game.can`), so the table never re-implements a
rule and the answer cannot disagree with what `apply` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from vtes_desktop.cards.model import CardDef
from vtes_desktop.cards.rules import CardRules, compile_rules
from vtes_desktop.engine import commands as C
from vtes_desktop.engine import flow
from vtes_desktop.engine.effects_master import play_candidates, use_candidates
from vtes_desktop.engine.effects_minion import candidates as minion_candidates
from vtes_desktop.engine.errors import Refused
from vtes_desktop.engine.state import ActionFrame, CombatFrame, DamageFrame, ManualFrame, ReferendumFrame

ACTION_KIND_OF_TYPE = {"Equipment": "equip", "Retainer": "employ", "Ally": "recruit",
                       "Political Action": "political", "Action": "card", "Power": "card"}


@dataclass(frozen=True, slots=True)
class Refusal:
    rule: str
    message: str


@dataclass(frozen=True, slots=True)
class CardUse:
    """One way to use a card now: the command that would be accepted."""
    command: C.Command
    minion: int | None
    level: str | None


@dataclass(frozen=True, slots=True)
class CardAnswer:
    iid: int
    uses: tuple[CardUse, ...]
    refusal: Refusal | None          # why not, when there is no use

    @property
    def playable(self) -> bool:
        return bool(self.uses)


@dataclass(frozen=True, slots=True)
class LegalAnswer:
    seat: int
    holds_impulse: bool
    window: str
    commands: tuple[C.Command, ...]
    cards: dict[int, CardAnswer] = field(default_factory=dict)
    #: for commands with an amount (transfers), the accepted range, aligned with `commands` (None elsewhere)
    amounts: tuple[tuple[int, int] | None, ...] = ()

    def amount_range(self, cmd: C.Command) -> tuple[int, int] | None:
        for c, r in zip(self.commands, self.amounts):
            if c == cmd:
                return r
        return None


_MADE: dict[tuple, C.Command] = {}


def _made(cls: type[C.Command], **fields) -> C.Command:
    """`cls(**fields)`, validated once: a command is a frozen value, and the legal answer builds the same ones
    answer after answer (validating one costs about as much as the state's clone for its trial). The fields are
    the ints, strings and Nones this module names; the table is emptied once it holds many."""
    key = (cls, *fields.items())
    cmd = _MADE.get(key)
    if cmd is None:
        if len(_MADE) >= 20_000:
            _MADE.clear()
        cmd = _MADE[key] = cls(**fields)
    return cmd


def _minions(game, seat: int, *, torpor: bool = False) -> list[int]:
    st = game.state
    out = list(st.region(seat, "ready"))
    if torpor:
        out += list(st.region(seat, "torpor"))
    return out


def _levels(rules) -> list[str | None]:
    if rules.has_levels():
        return ["basic", "superior"]
    return [None]


class _Uses(NamedTuple):
    """What `card_candidates` reads of a card's rules and text, worked out once per card: they never change
    (the compiled rules and the card data are immutable; `_uses_of` checks it is still the same two objects)."""
    card: CardDef
    rules: CardRules
    levels: tuple
    in_torpor: bool        # an action card also used by a minion in torpor (Rapid Healing)
    directed: bool         # an action card with a directed mode: tried at each other Methuselah too
    played: bool           # played (action modifier, reaction, combat, master, event) rather than announced
    master_or_event: bool  # a master card or event and nothing played by a minion
    by_others: bool        # an action modifier "other than the acting" minion may play (Cloak the Gathering)


_PLAY_TYPES = frozenset({"Action Modifier", "Reaction", "Combat", "Master", "Event"})
_USES: dict[int, _Uses] = {}


def _uses_of(card: CardDef) -> _Uses:
    rules = compile_rules(card)
    u = _USES.get(card.id)
    if u is None or u.card is not card or u.rules is not rules:
        types = frozenset(rules.types)
        u = _USES[card.id] = _Uses(
            card, rules, tuple(_levels(rules)),
            in_torpor=any("in torpor" in m.only for m in rules.modes),
            directed=any(m.directed for m in rules.modes),
            played=bool(types & _PLAY_TYPES),
            master_or_event=bool(types & {"Master", "Event"}) and not types & {"Action Modifier", "Reaction", "Combat"},
            by_others="Action Modifier" in types and (any("other than acting" in md.only for md in rules.modes)
                                                      or "other than the acting" in (card.text or "").lower()))
    return u


def card_candidates(game, seat: int, iid: int, minion: int | None = None) -> list[C.Command]:
    """The commands that could use card *iid* from *seat*'s hand now (each still to be checked)."""
    st = game.state
    card = game.db[st.cards[iid].cid]
    u = _uses_of(card)
    rules, levels = u.rules, u.levels
    minions = [minion] if minion is not None else None
    out: list[C.Command] = []
    for t in rules.types:
        kind = ACTION_KIND_OF_TYPE.get(t)
        if kind is not None:
            ms = minions if minions is not None else _minions(
                game, seat, torpor=kind == "card" and u.in_torpor)   # Rapid Healing
            targets = [None]
            if kind == "card" and u.directed:
                targets = [None] + [s.name for i, s in enumerate(st.seats) if i != seat and not s.ousted]
            for m in ms:
                for lvl in levels:
                    for tg in targets:
                        out.append(_made(C.Action, seat=seat, minion=m, kind=kind, card=iid, level=lvl, target=tg))
    if u.played:
        ms: list[int | None]
        if minions is not None:
            ms = list(minions)
        elif u.master_or_event:
            ms = [None]
        else:
            ms = _minions(game, seat, torpor=True) or [None]
            top = st.top
            if isinstance(top, ActionFrame) and top.seat == seat:
                ms = [top.actor]
                if u.by_others:
                    # Cloak the Gathering, Veil the Legions: also played by another ready minion of the acting
                    # Methuselah (the engine says which)
                    ms += [m for m in _minions(game, seat) if m != top.actor]
        for m in ms:
            for lvl in levels:
                out.append(_made(C.Play, seat=seat, card=iid, minion=m, level=lvl))
        out += play_candidates(game, seat, iid, rules)   # master cards that go on a card
    if "Conviction" in rules.types:       # on an Imbued of the seat, in its unlock phase
        out += [C.Play(seat=seat, card=iid, minion=m) for r in ("ready", "incapacitated")
                for m in st.region(seat, r) if (minion is None or m == minion)
                and "Imbued" in game.db[st.cards[m].cid].types]
    if isinstance(st.top, CombatFrame) and "Combat" in rules.types:
        ms = minions if minions is not None else [m for m in (st.top.a, st.top.b) if st.cards[m].controller == seat]
        for m in ms:
            for lvl in levels:
                out.append(_made(C.Maneuver, seat=seat, minion=m, using=iid, level=lvl))
                out.append(_made(C.Strike, seat=seat, minion=m, strike=iid, level=lvl))
                out.append(_made(C.Press, seat=seat, minion=m, using=iid, level=lvl))
    if st.phase in ("discard", "unlock") and minion is None:
        out.append(_made(C.Discard, seat=seat, card=iid))
    if isinstance(st.top, ReferendumFrame) and "Political Action" in rules.types:
        for side in ("for", "against"):
            out.append(C.Vote(seat=seat, side=side, **{"with": iid}))
    return out


#: refusals that depend neither on the minion nor on the level tried: one trial answers for the whole group
#: (a "mode" refusal is about one level's text, so the other level is still tried)
_GROUP_RULES = frozenset({"timing", "phase", "turn", "card type", "action modifier", "reaction", "master", "event",
                          "impulse", "hand", "combat", "referendum", "vote", "ousted"})


def _targets(game, seat: int) -> list:
    """Every target a step could name: the other Methuselahs still in the game, then the minions in play."""
    st = game.state
    out: list = [s.name for i, s in enumerate(st.seats) if i != seat and not s.ousted]
    for i in range(len(st.seats)):
        out += list(st.region(i, "ready")) + list(st.region(i, "torpor"))
    for i in range(len(st.seats)):   # what action cards also name: uncontrolled vampires, locations, cards on minions
        out += list(st.region(i, "uncontrolled")) + list(st.region(i, "in_play"))
    out += [a for h in list(out) if isinstance(h, int) for a in st.attached.get(h, ())]
    return out


def card_answer(game, seat: int, iid: int, minion: int | None = None) -> CardAnswer:
    uses = []
    first: Refused | None = None
    dead: set[str] = set()
    top = game.state.top
    by_others = isinstance(top, ActionFrame) and top.seat == seat
    for cmd in card_candidates(game, seat, iid, minion):
        t = cmd.type
        group = t if t != "action" else f"action:{cmd.kind}"
        if by_others and t == "play" and cmd.minion not in (None, top.actor):
            group = f"play:{cmd.minion}"   # an action modifier played by another minion: refused or not on its own
        if group in dead:
            continue
        r = game.can(cmd)
        if r is not None and r.rule == "target" and getattr(cmd, "target", "-") is None:
            # a card that needs a target (a Methuselah, or a minion): any target that would be accepted will do
            for tg in _targets(game, seat):
                r2 = game.can(cmd.model_copy(update={"target": tg}))
                if r2 is None:
                    cmd, r = cmd.model_copy(update={"target": tg}), None
                    break
        if r is not None and r.rule in _GROUP_RULES:
            dead.add(group)
        if r is None:
            uses.append(CardUse(cmd, getattr(cmd, "minion", None), getattr(cmd, "level", None)))
        elif first is None or (first.rule in ("control", "card type") and r.rule not in ("control", "card type")):
            first = r
    refusal = None
    if not uses:
        refusal = Refusal(first.rule, first.message) if first else Refusal("timing", "it cannot be used now")
    return CardAnswer(iid, tuple(uses), refusal)


def _for_copy(ans: CardAnswer, iid: int) -> CardAnswer:
    uses = []
    for u in ans.uses:
        c = u.command
        field_ = {"play": "card", "action": "card", "maneuver": "using", "press": "using", "strike": "strike",
                  "vote": "with_", "discard": "card"}[c.type]
        uses.append(CardUse(c.model_copy(update={field_: iid}), u.minion, u.level))
    return CardAnswer(iid, tuple(uses), ans.refusal)


def _term_choices(game, seat: int) -> list[str]:
    """Candidate terms for a referendum: Methuselahs (alone, in pairs, all), allocations of points among
    them, the ready vampires, and the clans of the vampires in play. The engine says which fit the card."""
    st = game.state
    live = [s.name for s in st.seats if not s.ousted]
    others = [s.name for i, s in enumerate(st.seats) if i != seat and not s.ousted]
    out: list[str] = []
    out += live + [", ".join(live)]
    out += [f"{a}, {b}" for i, a in enumerate(live) for b in live[i + 1:]]
    for n in (1, 2, 3, 4, 5, len(live)):
        for group in (others, live):
            if group:
                per, rest = divmod(n, len(group))
                parts = [f"{nm} {per + (1 if i < rest else 0)}" for i, nm in enumerate(group)]
                out.append(", ".join(p for p in parts if not p.endswith(" 0")))
            if len(group) >= 2:
                out.append(f"{group[0]} {n - 1}, {group[1]} 1" if n > 1 else f"{group[0]} {n}")
        for src in others:
            dest = [nm for nm in live if nm != src]
            if dest:
                out.append(f"{src}: {dest[0]} {n}")
    clans: list[str] = []
    for i in range(len(st.seats)):
        for m in st.region(i, "ready"):
            d = game.db[st.cards[m].cid]
            if "Vampire" in d.types:
                out.append(d.display)
                clans += list(d.clans)
    out += list(dict.fromkeys(clans))
    return list(dict.fromkeys(out))


def _active_moves(game, seat: int, window: str, have: set) -> list[C.Command]:
    """The active seat's moves that need a target or come between actions, each tried by the engine: yielding
    a contested card (unlock phase); the minion phase's actions while the last action's "after the action"
    window is open (announcing one closes it); rescue (each split of the cost the engine takes) and diablerie
    of a vampire in torpor; an equip action that takes equipment from another of the seat's minions."""
    st = game.state
    if st.active != seat:
        return []
    out: list[C.Command] = []

    def ask(cmd: C.Command) -> None:
        if cmd not in have and game.can(cmd) is None:
            have.add(cmd)
            out.append(cmd)

    if st.phase == "unlock" and not st.frames:
        for region in ("ready", "torpor", "in_play"):
            for iid in st.region(seat, region):
                if st.cards[iid].contested or st.cards[iid].title_contested:   # only a contest is yielded
                    ask(C.Yield(seat=seat, card=iid))
    if st.phase != "minion" or (st.frames and window != "action_resolution"):
        return out
    # only an unlocked minion acts (the engine still says yes or no to each one tried)
    ready = [m for m in st.region(seat, "ready") if not st.cards[m].locked]
    torpor = list(st.region(seat, "torpor"))
    if st.frames:
        for m in ready + torpor:
            for kind in ("bleed", "hunt", "leave_torpor", "become_anarch"):
                ask(C.Action(seat=seat, minion=m, kind=kind))
    asleep = [v for s in range(len(st.seats)) for v in st.region(s, "torpor")]
    for m in ready:
        for v in asleep:
            ask(C.Action(seat=seat, minion=m, kind="diablerie", target=v))
            for mine in range(3):     # the rescuer's share of the cost
                ask(C.Action(seat=seat, minion=m, kind="rescue", target=v, cost=mine))
        for other in ready:
            if other != m:
                for eq in st.attached.get(other, ()):
                    ask(C.Action(seat=seat, minion=m, kind="equip", card=eq))
    return out


def put_on_uses(game, seat: int, ans: "CardAnswer") -> list[CardUse]:
    """A card played without a minion (a master card) that the engine also takes with a minion in play as its
    target, and that then ends elsewhere than without one (put on that minion): those uses too. Each is
    played on a fork of the game."""
    plain = [u for u in ans.uses if u.command.type == "play" and u.command.minion is None
             and u.command.target is None]
    if not plain:
        return []
    st = game.state
    minions = [m for s in range(len(st.seats)) for m in st.region(s, "ready")]
    out = []
    for u in plain:
        try:
            g = game.fork()
            g.apply(u.command)
            alone = g.state.cards[ans.iid]
        except Refused:
            continue
        for m in minions:
            cmd = u.command.model_copy(update={"target": m})
            if game.can(cmd) is not None:
                continue
            try:
                g = game.fork()
                g.apply(cmd)
            except Refused:
                continue
            if g.state.cards[ans.iid] != alone:
                out.append(CardUse(cmd, None, u.level))
    return out


def _imbued_moves(game, seat: int) -> list[C.Command]:
    """The Imbued's own moves (to be tried): conviction put on them in the unlock phase, from hand or ash heap;
    after a successful action burned an incapacitated Imbued, each ready Imbued burning conviction to answer."""
    st = game.state
    top = st.top
    unlock = st.active == seat and st.phase == "unlock" and not st.frames
    answering = isinstance(top, ActionFrame) and top.kind == "burn_imbued" and top.stage == "resolution"
    if not (unlock or answering):   # (neither moment: the seat's minions are not even looked at)
        return []
    imbued = [m for r in ("ready", "incapacitated") for m in st.region(seat, r)
              if "Imbued" in game.db[st.cards[m].cid].types]
    if not imbued:
        return []
    out: list[C.Command] = []
    if unlock:
        for c in st.region(seat, "ash_heap"):    # (from hand: the card's own uses, `card_candidates`)
            if "Conviction" in game.db[st.cards[c].cid].types:
                out += [C.Play(seat=seat, card=c, minion=m) for m in imbued]
    if answering:
        out += [C.Use(seat=seat, card=m, effect="conviction_damage") for m in imbued
                if st.cards[m].region == "ready"]
    return out


def _leaving_and_trophies(game, seat: int) -> list[C.Command]:
    """A withdrawal announced, an Imbued leaving incapacitation, a trophy due: each tried by the engine.

    Concede and the time-out are not offered: they are the players' agreement, from the table's Game menu."""
    from vtes_desktop.engine.rules_diablerie import is_trophy

    st = game.state
    out: list[C.Command] = []
    if st.active == seat and st.phase == "unlock" and not st.frames:
        out.append(C.Withdraw(seat=seat))
        out += [C.LeaveIncapacitated(seat=seat, minion=m) for m in st.region(seat, "incapacitated")]
    out += _imbued_moves(game, seat)
    for s2, m, searched in getattr(st, "awards", ()):
        if s2 != seat:
            continue
        for r in (("in_play",) if searched else ("hand", "library", "ash_heap", "in_play")):
            out += [C.Trophy(seat=seat, minion=m, card=c) for c in st.region(seat, r)
                    if is_trophy(game.db[st.cards[c].cid])]
    return [c for c in dict.fromkeys(out) if game.can(c) is None]


def legal(game, seat: int) -> LegalAnswer:
    st = game.state
    holds = flow.holder(st) == seat
    cmds: list[C.Command] = []
    # the turn's plain steps, each tried only where it could apply at all (the engine still decides): ending
    # a phase and drawing from the crypt are the active seat's, passing needs a window, declining a block an
    # action that can be blocked
    top0 = st.top
    basic = []
    if st.active == seat:
        basic.append(_made(C.EndPhase, seat=seat))
        if st.phase == "influence":
            basic.append(_made(C.MoveCrypt, seat=seat))
    if flow.impulse_frame(st) is not None:
        basic.append(_made(C.Pass, seat=seat))
        if isinstance(top0, ActionFrame):
            basic.append(_made(C.DeclineBlock, seat=seat))
    for c in basic:
        if game.can(c) is None:
            cmds.append(c)
    # resolve and finish only pass for everyone: accepted whenever a window with an impulse is open
    # (resolve) or an action, combat, damage or referendum is under way (finish); no trial needed
    if flow.impulse_frame(st) is not None and not isinstance(st.top, ManualFrame):
        cmds.append(_made(C.Resolve, seat=seat))
        if any(isinstance(f, (ActionFrame, CombatFrame, DamageFrame, ReferendumFrame)) for f in st.frames):
            cmds.append(_made(C.Finish, seat=seat))
    if st.edge == seat and game.can(C.Use(seat=seat, card="edge")) is None:
        cmds.append(C.Use(seat=seat, card="edge"))
    # master cards in play the engine resolves; allies' and retainers' uses, Carlton's dodge
    cmds += [c for c in use_candidates(game, seat) if game.can(c) is None]
    cmds += [c for c in minion_candidates(game, seat) if game.can(c) is None]
    if st.active == seat and st.phase == "minion" and not st.frames:
        for m in _minions(game, seat, torpor=True):
            for kind in ("bleed", "hunt", "leave_torpor", "become_anarch"):
                c = _made(C.Action, seat=seat, minion=m, kind=kind)
                if game.can(c) is None:
                    cmds.append(c)
        # burning another Methuselah's incapacitated Imbued: a directed action at each of them
        others = [v for s2 in st.live_seats() if s2 != seat for v in st.region(s2, "incapacitated")]
        for m in (_minions(game, seat) if others else ()):
            for v in others:
                c = C.Action(seat=seat, minion=m, kind="burn_imbued", target=v)
                if game.can(c) is None:
                    cmds.append(c)
    if st.active != seat and st.phase == "minion" and not st.frames and st.attached:     # Enkil Cog, out of turn
        from vtes_desktop.engine.effects_action import out_of_turn_candidates

        cmds += [c for c in out_of_turn_candidates(game, seat) if game.can(c) is None]
    if st.as_played is not None and isinstance(st.top, ActionFrame):     # Crocodile's Tongue: the blocker's cancel
        from vtes_desktop.engine.effects_action import cancel_candidates

        cmds += [c for c in cancel_candidates(game, seat) if game.can(c) is None]
    cmds += _leaving_and_trophies(game, seat)
    if st.active == seat:   # (only the active seat has such moves: the set of commands so far is built for it alone)
        cmds += _active_moves(game, seat, flow.window(st), set(cmds))
    top = st.top
    if isinstance(top, ActionFrame) and top.stage in ("announced", "blocks") and seat in top.blockers:
        for m in _minions(game, seat):
            c = _made(C.Block, seat=seat, minion=m)
            if game.can(c) is None:
                cmds.append(c)
    amounts: dict[int, tuple[int, int]] = {}
    if st.active == seat and st.phase == "influence" and not st.frames:
        pool = st.seats[seat].pool
        for v in st.region(seat, "uncontrolled"):
            blood = st.cards[v].counters
            for c, hi in ((_made(C.Transfer, seat=seat, to=v), min(st.transfers, pool)),
                          (_made(C.TransferBack, seat=seat, **{"from": v}), min(st.transfers // 2, blood)),
                          (_made(C.Influence, seat=seat, vampire=v), None)):
                if game.can(c) is None:
                    if hi is not None:
                        amounts[len(cmds)] = (1, hi)
                    cmds.append(c)
    if isinstance(top, CombatFrame):
        # what each of this seat's combatants can do now with what is in play: its hand strike, its own
        # text, its equipment and retainers, maneuvers and presses already granted
        for m in (top.a, top.b):
            if st.cards[m].controller != seat:
                continue
            sources = [m, *st.attached.get(m, ())]
            options: list[C.Command] = []
            if top.step == "strike":
                options.append(_made(C.Strike, seat=seat, minion=m, strike="hand"))
                options += [_made(C.Strike, seat=seat, minion=m, strike=src) for src in sources]
            elif top.step == "range":
                options.append(_made(C.Maneuver, seat=seat, minion=m))
                options += [_made(C.Maneuver, seat=seat, minion=m, using=src) for src in sources]
            elif top.step == "press":
                for to in ("continue", "end"):
                    options.append(_made(C.Press, seat=seat, minion=m, to=to))
                    options += [_made(C.Press, seat=seat, minion=m, to=to, using=src) for src in sources]
            for c in options:
                if game.can(c) is None:
                    cmds.append(c)
    if isinstance(top, ReferendumFrame) and top.step == "referendum_terms" and top.seat == seat:
        # the terms the acting Methuselah could choose: a few plausible choices, each tried by the engine
        for choice in _term_choices(game, seat):
            c = C.Terms(seat=seat, choice=choice)
            if game.can(c) is None:
                cmds.append(c)
    if isinstance(top, ReferendumFrame) and top.step == "polling":
        # votes from the seat's titled vampires, the Edge, the calling card, cards in play and gained votes
        sources = [m for m in st.region(seat, "ready")] + [c for c in st.region(seat, "in_play")]
        sources += [a for m in st.region(seat, "ready") for a in st.attached.get(m, ())]
        sources += [g[1] for g in top.gained if g[0] == seat]
        if top.card is not None and top.seat == seat:
            sources.append(top.card)
        if st.edge == seat:
            sources.append("edge")
        for src in dict.fromkeys(sources):
            for side in ("for", "against"):
                c = C.Vote(seat=seat, side=side, **{"with": src})
                if game.can(c) is None:
                    cmds.append(c)
    cards: dict[int, CardAnswer] = {}
    by_cid: dict[int, CardAnswer] = {}
    for iid in st.region(seat, "hand"):
        cid = st.cards[iid].cid
        if cid in by_cid:   # another copy of a card already answered: the same answer, for this copy
            cards[iid] = _for_copy(by_cid[cid], iid)
        else:
            ans = card_answer(game, seat, iid)
            if ans.playable:
                more = put_on_uses(game, seat, ans)
                if more:
                    ans = CardAnswer(iid, ans.uses + tuple(more), None)
            cards[iid] = by_cid[cid] = ans
    return LegalAnswer(seat=seat, holds_impulse=holds, window=flow.window(st), commands=tuple(cmds), cards=cards,
                       amounts=tuple(amounts.get(i) for i in range(len(cmds))))
