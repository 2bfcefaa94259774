"""One view per seat: everything that seat may know, and nothing more.

Public: every card in play, ash heaps, removed cards, pools, the Edge, what
is under way. Private to its owner: the hand. Hidden from everyone: the
order and contents of libraries and crypts (counts only), and another
Methuselah's uncontrolled region (face down, counts of blood visible).

Cards carry opaque ids: a keyed hash of (the game's secret, the seat, the
instance id, how many times the card was hidden or shuffled). Nobody can
follow a card through a hidden zone, and computing a view never touches the
random generator. `Game` maps a seat's view id back with `card_for_view_id`.
"""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import asdict, dataclass, field

from vtes_desktop.engine import flow
from vtes_desktop.engine.rules_turn import vp_text
from vtes_desktop.engine.state import ActionFrame, CombatFrame, DamageFrame, ReferendumFrame, ManualFrame

PUBLIC_REGIONS = ("ready", "torpor", "incapacitated", "in_play", "ash_heap", "removed")


@dataclass(frozen=True, slots=True)
class CardView:
    id: str                     # opaque, per seat
    cid: int | None             # None when the seat may not know the card
    name: str | None
    region: str
    controller: int
    owner: int
    counters: int = 0
    locked: bool = False
    face_down: bool = False
    contested: bool = False
    wounded: bool = False
    attached: tuple["CardView", ...] = ()


@dataclass(frozen=True, slots=True)
class SeatInfo:
    index: int
    name: str
    pool: int
    vp: float
    ousted: bool
    hand_count: int
    library_count: int
    crypt_count: int
    prey: int
    predator: int
    regions: dict[str, tuple[CardView, ...]]


@dataclass(frozen=True, slots=True)
class ActionView:
    actor: str
    kind: str
    seat: int
    stage: str
    window: str
    stealth: int
    target: str | None
    directed: bool
    blocker: str | None
    intercept: int
    bleed: int
    outcome: str | None
    blockers: tuple[int, ...]
    declined: tuple[int, ...]
    actor_id: str = ""                # view ids (per seat) of the cards named above
    blocker_id: str | None = None
    target_card_id: str | None = None
    card_id: str | None = None        # the action card, when there is one
    card: str | None = None           # its name (it is set aside while the action is under way)
    cost_pool: int = 0                # what the action costs when it succeeds
    cost_blood: int = 0


@dataclass(frozen=True, slots=True)
class StrikeView:
    minion: str
    label: str          # "hand strike", the card's name
    effect: str         # "2R damage", "dodge", "combat ends", "steal 1 blood", ...
    committed: bool     # chosen through a maneuver from a strike card or weapon


@dataclass(frozen=True, slots=True)
class CombatView:
    """The combat walkthrough: everything the combat panel draws."""
    a: str
    b: str
    a_seat: int
    b_seat: int
    step: str
    window: str
    round: int
    range: str
    strikes: tuple[StrikeView, ...] = ()
    pending_damage: tuple[tuple[str, int, int, int, int], ...] = ()   # (minion, normal, aggravated, prevented normal, prevented aggravated)
    last_maneuver: str | None = None
    last_press: str | None = None
    press_to_continue: bool = False
    additional_strikes: tuple[tuple[str, int], ...] = ()
    granted: tuple[tuple[str, str, int], ...] = ()
    ended: bool = False
    a_strength: int = 0
    b_strength: int = 0
    a_id: str = ""                    # view ids (per seat) of the combatants
    b_id: str = ""


@dataclass(frozen=True, slots=True)
class TallyView:
    step: str
    votes_for: tuple[tuple[str, str, int], ...]      # (player, source, votes)
    votes_against: tuple[tuple[str, str, int], ...]
    total_for: int
    total_against: int
    passing: bool
    uncast: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()   # (player, ((source, votes), ...))
    terms: str | None = None


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    turn: int
    active: int
    phase: str
    window: str
    impulse: int
    edge: int | None
    transfers: int
    seats: tuple[SeatInfo, ...]
    hand: tuple[CardView, ...]
    action: ActionView | None = None
    combat: CombatView | None = None
    tally: TallyView | None = None
    damage: tuple[tuple[str, int, int], ...] = ()
    damage_ids: tuple[str, ...] = ()      # view ids of the minions in `damage`, in the same order
    manual: str | None = None
    last_action: str | None = None
    last_referendum: tuple | None = None
    game_over: bool = False
    winner: int | None = None             # the seat with the game win, once the game is over
    ended_by: str | None = None           # once over: "time_out", or "last_standing" (one Methuselah left, or none)
    scores: tuple[str, ...] = ()          # victory points by seat as players write them ("1.5", "½")
    withdrawing: tuple[int, ...] = ()     # seats that announced a withdrawal (they leave at their next unlock)
    withdrawn: tuple[int, ...] = ()       # seats that withdrew (out of the game, shown as ousted, not ousted)
    trophies_due: tuple[tuple[int, str], ...] = ()   # (seat, vampire) a Red List minion burned: a trophy may come

    def to_dict(self) -> dict:
        return asdict(self)


def view_id(secret: str, seat: int, iid: int, hidden: int) -> str:
    return hashlib.blake2b(f"{seat}:{iid}:{hidden}".encode(), key=secret.encode()[:64], digest_size=8).hexdigest()


def _card(game, seat: int, iid: int, visible: bool) -> CardView:
    st = game.state
    c = st.cards[iid]
    d = game.db[c.cid]
    att = tuple(_card(game, seat, a, visible) for a in st.attached.get(iid, ()))
    return CardView(
        id=view_id(game.secret, seat, iid, c.hidden),
        cid=c.cid if visible else None,
        name=d.display if visible else None,
        region=c.region, controller=c.controller, owner=c.owner,
        counters=c.counters, locked=c.locked, face_down=c.face_down, contested=c.contested, wounded=c.wounded,
        attached=att,
    )


def view_for(game, seat: int) -> SeatView:
    st = game.state
    infos = []
    for i, s in enumerate(st.seats):
        regions = {}
        for r in PUBLIC_REGIONS:
            regions[r] = tuple(_card(game, seat, iid, True) for iid in st.region(i, r))
        # the uncontrolled region: its owner sees the vampires, the others see backs with blood
        regions["uncontrolled"] = tuple(_card(game, seat, iid, i == seat) for iid in st.region(i, "uncontrolled"))
        infos.append(SeatInfo(
            index=i, name=s.name, pool=s.pool, vp=s.vp, ousted=s.ousted,
            hand_count=len(st.region(i, "hand")), library_count=len(st.region(i, "library")),
            crypt_count=len(st.region(i, "crypt")), prey=st.prey(i), predator=st.predator(i), regions=regions,
        ))
    hand = tuple(_card(game, seat, iid, True) for iid in st.region(seat, "hand"))
    action = combat = tally = None
    damage = ()
    manual = None
    from vtes_desktop.engine.context import Ctx
    from vtes_desktop.engine import rules_action, rules_politics

    ctx = Ctx(game, st)

    def vid(iid):
        return None if iid is None else view_id(game.secret, seat, iid, st.cards[iid].hidden)
    damage_ids: tuple = ()
    for f in st.frames:
        if isinstance(f, ActionFrame):
            action = ActionView(
                actor=ctx.name(f.actor), kind=f.kind, seat=f.seat, stage=f.stage, window=f.window,
                stealth=rules_action.stealth(ctx, f),
                target=(st.seats[f.target_seat].name if f.target_seat is not None else
                        (ctx.name(f.target_card) if f.target_card is not None else None)),
                directed=f.directed, blocker=ctx.name(f.blocker) if f.blocker is not None else None,
                intercept=rules_action.intercept(ctx, f, f.blocker), bleed=rules_action.bleed_amount(ctx, f),
                outcome=f.outcome, blockers=f.blockers, declined=tuple(sorted(f.declined)),
                actor_id=vid(f.actor), blocker_id=vid(f.blocker), target_card_id=vid(f.target_card),
                card_id=vid(f.card), card=ctx.name(f.card) if f.card is not None else None,
                cost_pool=f.cost_pool, cost_blood=f.cost_blood,
            )
        elif isinstance(f, CombatFrame):
            from vtes_desktop.engine import rules_combat

            def sv(m, d, committed):
                eff = {"damage": f"{d.amount}{'R' if d.ranged else ''}{' aggravated' if d.aggravated else ''} damage",
                       "dodge": "dodge", "combat_ends": "combat ends", "steal_blood": f"steal {d.amount} blood",
                       "equipment": f"{d.equipment} equipment",
                       "hand_plus": f"hand strike at +{d.amount}"}.get(d.kind, d.kind)
                return StrikeView(ctx.name(m), d.label, eff + (" (first strike)" if d.first else ""), committed)
            combat = CombatView(
                a=ctx.name(f.a), b=ctx.name(f.b), a_seat=st.cards[f.a].controller, b_seat=st.cards[f.b].controller,
                step=f.step, window=f.window, round=f.round, range=f.range,
                strikes=tuple(sv(m, d, False) for m, d in f.strikes) + tuple(sv(m, d, True) for m, d in f.committed),
                last_maneuver=ctx.name(f.last_maneuver) if f.last_maneuver else None,
                last_press=ctx.name(f.last_press) if f.last_press else None, press_to_continue=f.press_continue,
                additional_strikes=tuple((ctx.name(m), n) for m, n in f.extra),
                granted=tuple((ctx.name(m), w, n) for m, w, n in f.granted if n), ended=f.ended,
                a_strength=rules_combat.strength(ctx, f.a, f), b_strength=rules_combat.strength(ctx, f.b, f),
                a_id=vid(f.a), b_id=vid(f.b))
        elif isinstance(f, ReferendumFrame):
            yes, no = rules_politics.tally(f)
            tally = TallyView(step=f.step,
                              votes_for=tuple((st.seats[s].name, lab, n) for s, lab, n in f.votes_for),
                              votes_against=tuple((st.seats[s].name, lab, n) for s, lab, n in f.votes_against),
                              total_for=yes, total_against=no, passing=yes > no,
                              uncast=tuple((st.seats[s].name, tuple(v)) for s, v in
                                           rules_politics.uncast(ctx, f).items()),
                              terms=f.terms)
        elif isinstance(f, DamageFrame):
            damage = tuple((ctx.name(h.target), h.normal - h.prevented_normal, h.aggravated - h.prevented_aggravated)
                           for h in f.hits)
            damage_ids = tuple(vid(h.target) for h in f.hits)
            if combat is not None:
                combat = dataclasses.replace(combat, pending_damage=tuple(
                    (ctx.name(h.target), h.normal, h.aggravated, h.prevented_normal, h.prevented_aggravated)
                    for h in f.hits))
        elif isinstance(f, ManualFrame):
            manual = f.what
    result = game.result()
    return SeatView(
        seat=seat, turn=st.turn, active=st.active, phase=st.phase, window=flow.window(st), impulse=flow.holder(st),
        edge=st.edge, transfers=st.transfers if st.phase == "influence" else 0, seats=tuple(infos), hand=hand,
        action=action, combat=combat, tally=tally, damage=damage, damage_ids=damage_ids, manual=manual,
        last_action=st.last_action, last_referendum=st.last_referendum,
        game_over=result.over, winner=result.winner,
        ended_by=(st.ended or "last_standing") if result.over else None,
        scores=tuple(vp_text(v) for v in result.vps),
        withdrawing=tuple(sorted(s for s in st.withdrawing if not st.seats[s].ousted)),
        withdrawn=tuple(sorted(st.withdrawn)),
        trophies_due=tuple((seat_, ctx.name(v)) for seat_, v, _searched in st.awards),
    )


def card_for_view_id(game, seat: int, vid: str) -> int | None:
    """The instance id behind a view id of *seat*'s view (the host's side of the mapping)."""
    for iid, c in game.state.cards.items():
        if view_id(game.secret, seat, iid, c.hidden) == vid:
            return iid
    return None
