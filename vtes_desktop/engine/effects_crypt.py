"""A vampire's own special abilities, as the card rules read them (`cards/grammar/crypt.py`).

Each function acts on a reading, never on the card text: what `crypt.stat_readings` reads (and `crypt._mark`
marks automated) is exactly what these functions count, at the moment the stat is asked for:

- `stealth_bonus(ctx, f)`: the acting minion's own stealth ("+1 stealth.", "+1 stealth when hunting", "-1
  stealth when bleeding", "+1 stealth during actions requiring Necromancy", ...), asked by
  `rules_action.stealth`;
- `bleed_bonus(ctx, f)`: its own bleed on a bleed ("+1 bleed when bleeding a Methuselah who controls a ready
  Ventrue"), asked by `rules_action.bleed_amount`;
- `hunt_bonus(ctx, f)`: "+1 hunt", when a hunt succeeds;
- `intercept_bonus(ctx, f, minion)`: a would-be blocker's own intercept ("+1 intercept during bleed
  actions", "-1 intercept against older vampires"), asked by `rules_action.intercept`;
- `strength_bonus(ctx, m, f)`: a combatant's own strength ("+1 strength in combat with Ventrue", "-1 strength
  on the first round of combat"), asked by `rules_combat.strength`;
- `votes_bonus(ctx, f, minion)`: votes a vampire has of its own ("gets +2 votes", "one additional vote during
  each political action"), asked by `rules_politics` where a vampire's votes are counted;
- `use(ctx, cmd, iid)`: a vampire's own optional effects used with a `use` step naming the vampire
  (`effect`: stealth, bleed, intercept, votes, edge, move, lock, unlock, mpa, blood, ally, pool/crypt),
  asked by `rules_action.use`; `use_other` for another Methuselah's use (Keith Moody's prey), `use_in_combat`
  ("burn 1 blood: aggravated hand strikes", asked by `rules_combat.use_in_combat`);
- `actor_refusal`: "This vampire cannot perform political actions" / "cannot commit diablerie" (asked by
  `effects_minion.actor_refusal` as an action is announced);
- `hand_strike`: "Damage from this vampire's hand strikes is aggravated" (asked by `effects_minion.hand_strike`);
- `announce_own` / `succeed_own`: the vampire's own actions (enter combat, steal or burn blood, lock, bleed,
  burn a card, search the library), announced as kind `card` `from` the vampire;
- `cost_change`, `card_refusal`, `block_refusal`, `pay_block_cost`, `blocked`, `may_block_anyway`,
  `once_each_combat`, `pay_own_strike`, `hand_size_bonus`, `phase_actions`, `extra_transfers`, `entered_play`,
  `referendum_passed`: the one-line hooks of the rule modules (costs paid, cards refused, blocks, combat,
  hand size, phases, entering play, referendums).

Readings the engine's older text readers already count ("+1 bleed.", "+1 strength.", "+1 intercept.") are
left to them (`crypt.engine_reads`), so nothing counts twice.
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar.crypt import (own_prevent_strike_only, unlock_phase_use, rescue_cheaper, foe_cost, unlock_end_of_turn_after, no_unlock_after, after_bleed, after_referendum, aggravated_hands, hands_aggravated, action_bar, any_unlock_blood, aura_readings,
                                              block_reading, blocks_anyone, blood_for_stat, blood_for_votes,
                                              burn_card_action, burn_retainer_for_blood, combat_action,
                                              convert_on_entry, cost_reading, edge_use, engine_reads,
                                              first_round_maneuver, lock_other, mage_search, minion_action, mpa_for,
                                              own_bleed, own_grant, own_strike_cost, phase_unlock, search_action,
                                              seat_readings, stat_readings, unlock_move, use_bar, when_blocked)
from vtes_desktop.engine import flow
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.state import ActionFrame, Mod, ReferendumFrame


_CACHE: dict[int, tuple] = {}


def _readings_of(rules) -> tuple:
    got = _CACHE.get(rules.card_id)
    if got is not None:
        return got
    out = []
    for e in rules.abilities:
        if e.condition == "merged" or not e.automated:
            continue
        for r in stat_readings(e):
            if not engine_reads(e, r):
                out.append(r)
    _CACHE[rules.card_id] = got = tuple(out)
    return got


_BY_STAT: dict[tuple[int, str], tuple] = {}
_OF: dict[tuple[int, object], tuple] = {}


def _of(ctx: Ctx, iid: int, reader) -> tuple:
    """The readings *reader* gives of the automated abilities of a crypt card (cached per card id and reader)."""
    cid = ctx.st.cards[iid].cid
    got = _OF.get((cid, reader))
    if got is None:
        got = ()
        if ctx.db[cid].is_crypt:
            got = tuple(r for e in ctx.rules(iid).abilities if e.automated for r in (reader(e),) if r is not None)
        _OF[(cid, reader)] = got
    return got


def readings(ctx: Ctx, minion: int, stat: str) -> tuple:
    """The stat readings of a minion's card (cached per card id and stat: the stat functions ask often)."""
    cid = ctx.st.cards[minion].cid
    got = _BY_STAT.get((cid, stat))
    if got is None:
        d = ctx.db[cid]
        got = tuple(r for r in _readings_of(ctx.rules(minion)) if r[0] == stat) if d.is_crypt else ()
        _BY_STAT[(cid, stat)] = got
    return got


# -- classes of minions ----------------------------------------------------------------------------------------

def _is(ctx: Ctx, iid: int, cls: tuple[str, ...], me: int | None) -> bool:
    c = ctx.st.cards[iid]
    d = ctx.cdef(iid)
    for tag in cls:
        if tag == "vampire":
            if "Vampire" not in d.types:
                return False
        elif tag == "ally":
            if "Ally" not in d.types:
                return False
        elif tag == "minion":
            if not ctx.is_minion(c):
                return False
        elif tag in ("older", "younger"):
            if me is None or "Vampire" not in d.types:
                return False
            mine, theirs = ctx.capacity(ctx.st.cards[me]), ctx.capacity(c)
            if (theirs > mine) != (tag == "older") or theirs == mine:
                return False
        elif tag == "infernal":
            if "infernal" not in {x.lower() for x in ctx.rules(iid).traits} and \
                    not re.search(r"(?i)\binfernal\b", d.text.split(".", 1)[0]):
                return False
        elif tag == "red list":
            from vtes_desktop.engine.rules_diablerie import is_red_list

            if not is_red_list(ctx, iid):
                return False
        elif tag.startswith("clan:"):
            if tag[5:] not in {x.lower() for x in d.clans}:
                return False
        elif tag.startswith("sect:"):
            if (ctx.sect(c) or "").lower() != tag[5:] or "Vampire" not in d.types:
                return False
        elif tag.startswith("not sect:"):
            if (ctx.sect(c) or "").lower() == tag[9:] or "Vampire" not in d.types:
                return False
        elif tag.startswith("title:"):
            t = ctx.title(c)
            want = tag[6:].split("|")
            if not t or ("titled" not in want and t not in want):
                return False
        elif tag == "untitled":
            if ctx.title(c):
                return False
        elif tag.startswith("capacity<="):
            if "Vampire" not in d.types or ctx.capacity(c) > int(tag[10:]):
                return False
        elif tag.startswith("capacity>="):
            if "Vampire" not in d.types or ctx.capacity(c) < int(tag[10:]):
                return False
        else:
            return False
    return True


def _any(ctx: Ctx, iid: int, alts, me: int | None) -> bool:
    return any(_is(ctx, iid, cls, me) for cls in alts)


def _controls_ready(ctx: Ctx, seat: int | None, alts, me: int, *, skip: int | None = None) -> bool:
    if seat is None:
        return False
    for iid in ctx.st.region(seat, "ready"):
        c = ctx.st.cards[iid]
        if iid == skip or c.contested or not ctx.is_minion(c):
            continue
        if _any(ctx, iid, alts, me):
            return True
    return False


# -- the action --------------------------------------------------------------------------------------------------

def _action_kind(f) -> str:
    if f.kind == "card" and f.effect in ("bleed", "hunt"):
        return f.effect
    return f.kind


def _card_disc(ctx: Ctx, f, tri: str) -> bool:
    if f.card is None:
        return False
    r = ctx.rules(f.card)
    lvl = f.card_level
    discs = set(r.disciplines)
    for m in r.modes:
        if m.level == lvl or lvl is None:
            discs |= {x.lower() for x in m.disciplines}
    return tri in discs


def _holds(ctx: Ctx, conds: tuple, *, me: int, f=None, opponent: int | None = None, cf=None) -> bool:
    seat = ctx.st.cards[me].controller
    for c in conds:
        k = c[0]
        if k == "act":
            if f is None or _action_kind(f) not in c[1]:
                return False
        elif k == "not_act":
            if f is None or _action_kind(f) in c[1]:
                return False
        elif k == "directed":
            if f is None or bool(f.directed) != c[1]:
                return False
        elif k == "card_disc":
            if f is None or not _card_disc(ctx, f, c[1]):
                return False
        elif k == "card_kw":
            card = None if f is None else (f.card if f.card is not None else f.equip_from)
            if card is None or c[1] not in ctx.rules(card).keywords:
                return False
        elif k == "target_controls":
            if f is None or f.target_seat is None:
                return False
            if _controls_ready(ctx, f.target_seat, c[1], me) != c[2]:
                return False
        elif k == "prey_controls":
            if not _controls_ready(ctx, ctx.st.prey(seat), c[1], me):
                return False
        elif k == "other_mine":
            if not _controls_ready(ctx, seat, c[1], me, skip=me):
                return False
        elif k == "pool_le":
            if ctx.st.seats[seat].pool > c[1]:
                return False
        elif k == "named_ready":
            seats = (seat,) if c[2] else tuple(ctx.st.live_seats())
            if not any(ctx.cdef(i).name.lower() == c[1] or ctx.cdef(i).display.lower() == c[1]
                       for s_ in seats for i in ctx.st.region(s_, "ready") if not ctx.st.cards[i].contested):
                return False
        elif k == "prey_controls_not":
            if _controls_ready(ctx, ctx.st.prey(seat), c[1], me):
                return False
        elif k == "locations":
            n_loc = sum(1 for i in ctx.st.region(seat, "in_play") if "Location" in ctx.cdef(i).types
                        and not ctx.st.cards[i].contested)
            if not c[1] <= n_loc <= c[2]:
                return False
        elif k == "prey_pool_le":
            if ctx.st.seats[ctx.st.prey(seat)].pool > c[1]:
                return False
        elif k == "edge_mine":
            if ctx.st.edge != seat:
                return False
        elif k == "target_edge":
            if f is None or f.target_seat is None or ctx.st.edge != f.target_seat:
                return False
        elif k == "opponent":
            if opponent is None or not _any(ctx, opponent, c[1], me):
                return False
        elif k == "round":
            if cf is None or (cf.round == 1) != (c[1] == "first"):
                return False
        elif k == "target_type":   # Kalila: an action directed at a location
            t = None if f is None else f.target_card
            if t is None or t not in ctx.st.cards or not any(
                    x in ctx.cdef(t).types if x != "Location" else
                    bool(re.search(r"(?i)\blocation\b", ctx.cdef(t).text.split("\n")[0])) for x in c[1]):
                return False
        elif k == "target_mine":   # Delizbieta: an action directed at a Ravnos of yours
            t = None if f is None else f.target_card
            if t is None or t not in ctx.st.cards or ctx.st.cards[t].controller != seat \
                    or not ctx.is_minion(ctx.st.cards[t]) or not _any(ctx, t, c[1], me) \
                    or (len(c) > 2 and c[2] and t == me):
                return False
        else:
            return False
    return True


def _sum(ctx: Ctx, minion: int, stat: str, **kw) -> int:
    if minion not in ctx.st.cards:
        return 0
    n = 0
    for _, amount, conds in readings(ctx, minion, stat):
        if _holds(ctx, conds, me=minion, **kw):
            n += amount
    return n


def stealth_bonus(ctx: Ctx, f) -> int:
    """The acting minion's own stealth on this action, and what other vampires give it."""
    return _sum(ctx, f.actor, "stealth", f=f) + _aura(ctx, f, "stealth")


def bleed_bonus(ctx: Ctx, f) -> int:
    """The acting minion's own bleed beyond the printed "+N bleed.", on a bleed."""
    if _action_kind(f) != "bleed":
        return 0
    return _sum(ctx, f.actor, "bleed", f=f) + _aura(ctx, f, "bleed")


def hunt_bonus(ctx: Ctx, f) -> int:
    if _action_kind(f) != "hunt":
        return 0
    return _sum(ctx, f.actor, "hunt", f=f)


def intercept_bonus(ctx: Ctx, f, minion: int | None) -> int:
    """A would-be blocker's own intercept against this action."""
    if minion is None:
        return 0
    return _sum(ctx, minion, "intercept", f=f, opponent=f.actor) \
        + _sum(ctx, f.actor, "foe_intercept", f=f, opponent=minion)   # "Tzimisce get -1 intercept against this vampire"


def strength_bonus(ctx: Ctx, m: int, cf) -> int:
    """A combatant's own strength in this combat and round."""
    other = cf.b if m == cf.a else cf.a
    return _sum(ctx, m, "strength", opponent=other, cf=cf) \
        + _sum(ctx, other, "foe_strength", opponent=m, cf=cf)   # "Older vampires get +1 strength in combat with this vampire"


def votes_bonus(ctx: Ctx, rf, minion: int) -> int:
    """Votes a ready vampire has of its own in this referendum (the referendum frame *rf*)."""
    f = None
    for fr in reversed(ctx.st.frames):
        if hasattr(fr, "actor") and hasattr(fr, "kind"):
            f = fr
            break
    bought = sum(1 for k in rf.used_sources if isinstance(k, tuple) and len(k) == 3 and k[0] == "crypt vote"
                 and k[1] == minion)
    n = 0
    st = ctx.st
    for _, amount, conds in readings(ctx, minion, "votes"):
        times = 1
        rest = []
        for c in conds:
            if c[0] == "edge_vote":
                if ("edge",) not in rf.used_sources:
                    times = 0
            elif c[0] == "untitled":
                if ctx.title(st.cards[minion]):
                    times = 0
            elif c[0] == "per_ready_titled_of_others":
                seat = st.cards[minion].controller
                times *= sum(1 for s_ in st.live_seats() if s_ != seat for i in st.region(s_, "ready")
                             if ctx.is_vampire(st.cards[i]) and not st.cards[i].contested and ctx.title(st.cards[i]))
            else:
                rest.append(c)
        if times and _holds(ctx, tuple(rest), me=minion, f=f):
            n += amount * times
    return n + bought


def once_each_combat(ctx: Ctx, minion: int, what: str) -> bool:
    """The vampire's own "1 optional maneuver (press) each combat" ("... maneuver and 1 optional press each
    combat" included): used by naming the vampire, once each combat."""
    d = ctx.cdef(minion)
    if not d.is_crypt:
        return False
    abilities = [e for e in ctx.rules(minion).abilities if e.automated and e.condition != "merged"]
    if any(own_grant(e) == what for e in abilities):
        return True
    if what == "maneuver" and any(first_round_maneuver(e) for e in abilities):
        # "1 optional maneuver during the first round of combat": refused in a later round
        from vtes_desktop.engine.rules_combat import combat_frame

        cf = combat_frame(ctx.st)
        if cf is not None and cf.round != 1:
            raise Illegal("maneuver", f"{poss_name(ctx, minion)} own maneuver is only usable in the first round of combat")
        return True
    return False


# -- uses: "burn 1 blood to get +1 stealth/bleed/intercept" ------------------------------------------------------

_OPEN = ("announced", "blocks", "attempt", "declined")


def use(ctx: Ctx, cmd, iid: int) -> bool:
    """A `use` naming a vampire with a "burn N blood to get +N stat" ability; False if it has none."""
    d = ctx.cdef(iid)
    if not d.is_crypt:
        return False
    offers = list(_of(ctx, iid, blood_for_stat))
    votes = list(_of(ctx, iid, blood_for_votes))
    edges = [r for r in _of(ctx, iid, edge_use) if r[1] == "you"]
    eff = (cmd.effect or "").strip().lower()
    if eff in ("", "aggravated") and _of(ctx, iid, aggravated_hands):
        raise Illegal("timing", f"{ctx.name(iid)} makes its hand strikes aggravated during a combat it is in")
    if any(_of(ctx, iid, _convert)):
        _convert_use(ctx, cmd, iid, eff)
        return True
    if _of(ctx, iid, after_bleed) and eff in ("", _of(ctx, iid, after_bleed)[0][0]):
        _after_bleed(ctx, cmd, iid, _of(ctx, iid, after_bleed)[0])
        return True
    ups = [r for r in _of(ctx, iid, unlock_phase_use) if r[0].split()[0] == eff]
    if ups:
        _unlock_phase_use(ctx, cmd, iid, ups[0])
        return True
    if eff == "ally" and _of(ctx, iid, _mage):
        _mage_ally(ctx, cmd, iid)
        return True
    if eff == "blood" and _of(ctx, iid, _carna):
        _burn_retainer(ctx, cmd, iid)
        return True
    if eff == "blood" and _of(ctx, iid, _any_unlock):
        _any_unlock_blood(ctx, cmd, iid)
        return True
    if eff == "unlock" and _of(ctx, iid, phase_unlock) and not _of(ctx, iid, lock_other):
        _phase_unlock(ctx, cmd, iid, _of(ctx, iid, phase_unlock)[0])
        return True
    if eff in ("lock", "unlock") and _of(ctx, iid, lock_other):
        _lock_other(ctx, cmd, iid, _of(ctx, iid, lock_other)[0], eff)
        return True
    if eff == "mpa" and _of(ctx, iid, mpa_for):
        _buy_mpa(ctx, cmd, iid, _of(ctx, iid, mpa_for)[0])
        return True
    moves = list(_of(ctx, iid, unlock_move))
    if moves and re.match(r"^move\b", (cmd.effect or "move").strip().lower()) and not offers and not votes \
            or moves and (cmd.effect or "").strip().lower().startswith("move"):
        _unlock_move(ctx, cmd, iid, moves[0])
        return True
    if edges and (cmd.effect or "").strip().lower() == "edge":
        _burn_edge(ctx, cmd, iid, edges[0])
        return True
    if votes and (not offers or isinstance(ctx.st.top, ReferendumFrame) or (cmd.effect or "").strip().lower()
                  in ("vote", "votes", "+1 vote")):
        _buy_vote(ctx, cmd, iid, votes[0])
        return True
    if not offers:
        return False
    name = ctx.name(iid)
    eff = re.sub(r"^\+\d+\s*", "", (cmd.effect or "").strip().lower())
    if eff:
        pick = [r for r in offers if r[1] == eff]
        if not pick:
            raise Illegal("use", f"{name} gives no {eff}: " + ", ".join(f"+{r[2]} {r[1]}" for r in offers))
    else:
        pick = offers
        if len({r[1] for r in pick}) > 1:
            raise Illegal("use", f"name the effect of {name}: " + " or ".join(r[1] for r in pick))
    cost, stat, n, limit, conds = pick[0]
    st = ctx.st
    c = st.cards[iid]
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage not in _OPEN:
        raise Illegal("timing", f"{name} gets +{n} {stat} during an action, before it resolves")
    if c.region != "ready":
        raise Illegal("ready", f"{name} is not ready")
    if not _holds(ctx, conds, me=iid, f=f):
        raise Illegal("timing", f"{name}'s +{n} {stat} is only usable "
                                + ("during a directed action" if ("directed", True) in conds else "during a bleed"))
    if stat == "stealth":
        if iid != f.actor:
            raise Illegal("use", f"{name} gets stealth on its own actions; {ctx.name(f.actor)} is acting")
        from vtes_desktop.engine.rules_action import intercept, stealth

        if f.stage != "attempt":
            raise Illegal("stealth", "stealth can only be added while the action is being blocked")
        if stealth(ctx, f) > intercept(ctx, f, f.blocker):
            raise Illegal("stealth", f"{name} already has more stealth ({stealth(ctx, f)}) than {ctx.name(f.blocker)} "
                                     f"has intercept ({intercept(ctx, f, f.blocker)}); stealth can be added only when needed")
    elif stat == "bleed":
        if iid != f.actor:
            raise Illegal("use", f"{name} gets bleed on its own bleed; {ctx.name(f.actor)} is acting")
        if _action_kind(f) != "bleed":
            raise Illegal("bleed", f"{name}'s +{n} bleed is for a bleed; this action is not one")
    else:
        from vtes_desktop.engine.rules_action import intercept, stealth

        if f.stage != "attempt" or f.blocker != iid:
            raise Illegal("intercept", f"{name}: intercept can only be added by a blocking minion")
        if intercept(ctx, f, iid) >= stealth(ctx, f):
            raise Illegal("intercept", f"{name} already has enough intercept ({intercept(ctx, f, iid)} against "
                                       f"{stealth(ctx, f)} stealth); intercept can be added only when needed")
    key = (iid, ("crypt use", stat))
    if limit == "action" and any(m.card == iid and m.kind == stat for m in f.mods):
        raise Illegal("use", f"{name} has already used its +{n} {stat} this action (once each action)")
    if limit == "turn" and key in st.acted:
        raise Illegal("use", f"{name} has already used its +{n} {stat} this turn (once each turn)")
    from vtes_desktop.engine.rules_action import reserved_blood

    held = reserved_blood(ctx, iid)
    if c.counters - held < cost:
        raise Illegal("cost", f"{name} has {c.counters} blood" + (f", {held} of it owed to the action under way"
                                                                  if held else "") + f"; this costs {cost}")
    ctx.update(iid, counters=c.counters - cost)
    if limit == "turn":
        st.acted = st.acted | {key}
    f = st.top
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod(stat, n, iid, iid, c.cid),)))
    ctx.emit("crypt_use", f"{name} burns {cost} blood for +{n} {stat}.", cards=(iid,))
    return True


# -- what a ready vampire gives its Methuselah -------------------------------------------------------------------

_BARE_HAND = re.compile(r"^\+(\d+) hand size\.?$")


def _seat_sum(ctx: Ctx, seat: int, what: str) -> int:
    st = ctx.st
    n = 0
    for iid in st.region(seat, "ready"):
        c = st.cards[iid]
        if c.contested:
            continue
        for reads in _of(ctx, iid, seat_readings):
            for w, amount, when in reads:
                if w == what and (when == "ready" or (when == "unlocked" and not c.locked)):
                    n += amount
    return n


_HAND: dict[int, int] = {}


def _hand_reading(e) -> tuple | None:
    if e.condition == "merged":
        return None
    m = _BARE_HAND.match(e.text.strip())
    return (int(m.group(1)),) if m else None


def hand_size_bonus(ctx: Ctx, iid: int) -> int:
    """Hand size a ready vampire gives its Methuselah: "While this vampire is ready, you get +2 hand size",
    "your hand size is one card larger", and the printed "+1 hand size" (counted while ready, as before)."""
    c = ctx.st.cards[iid]
    if c.region != "ready" or c.contested:
        return 0
    got = _HAND.get(c.cid)
    if got is None:
        got = sum(amount for reads in _of(ctx, iid, seat_readings) for w, amount, _ in reads if w == "hand_size")
        # the printed "+N hand size" is counted whether or not the grammar marks it automated
        got += sum(x[0] for e in ctx.rules(iid).abilities for x in (_hand_reading(e),) if x is not None)
        _HAND[c.cid] = got
    return got


def phase_actions(ctx: Ctx, phase: str) -> int:
    """Extra master ("two master phase actions (instead of one)", "+1 master phase action" if unlocked at the
    start of the master phase) or discard phase actions from the active Methuselah's ready vampires."""
    return _seat_sum(ctx, ctx.st.active, "mpa" if phase == "master" else "dpa")


def extra_transfers(ctx: Ctx, seat: int) -> int:
    """"If this vampire is ready at the start of your influence phase, you get +2 transfers"."""
    return _seat_sum(ctx, seat, "transfers")


# -- what cards cost the vampire ---------------------------------------------------------------------------------

def _cost_applies(ctx: Ctx, what: tuple, card) -> bool:
    from vtes_desktop.cards.grammar import compile_rules

    r = compile_rules(card)
    if what[0] == "disc":
        return what[1] in r.disciplines
    if what[0] == "type":
        return what[1] in card.types
    if what[0] == "kind":
        return bool({"Ally", "Retainer"} & set(card.types)) and \
            bool(re.match(rf"(?i)^(?:unique )?{what[1]}\b", card.text.strip()))
    if what[0] == "weapon":
        return "Equipment" in card.types and "weapon" in r.keywords
    return False


def cost_change(ctx: Ctx, minion: int | None, what: str, pool: int, blood: int) -> tuple[int, int]:
    """(pool, blood) the minion pays for the card named *what*, after its own text ("Combat cards cost this vampire
    1 fewer blood", "Animals (allies and retainers) cost this vampire -1 blood or pool") and the text of the vampire
    it is in combat with or that is acting ("Combat cards requiring Serpentis [ser] cost Followers of Set an
    additional blood when in combat with this vampire")."""
    st = ctx.st
    if minion is None or minion not in st.cards:
        return pool, blood
    if what == "rescue a vampire from torpor" and blood and _of(ctx, minion, _rescue_cheaper):
        ctx.emit("cost", f"The rescue costs {ctx.name(minion)} 1 blood less (its own text).", cards=(minion,))
        return pool, blood - 1
    reads = list(_of(ctx, minion, cost_reading))
    foes = _foe_costs(ctx, minion)
    if not reads and not foes:
        return pool, blood
    card = ctx.db.lookup(what, crypt=False)
    if card is None:
        return pool, blood
    b_foe = blood
    for kind, alts, src in foes:
        if _cost_applies(ctx, kind, card) and (kind[0] != "disc" or "Combat" in card.types) and \
                (alts is None or _any(ctx, minion, alts, src)):
            blood += 1
            ctx.emit("cost", f"{what} costs {ctx.name(minion)} 1 more blood ({poss_name(ctx, src)} text).",
                     cards=(minion, src))
    if blood != b_foe and not reads:
        return pool, blood
    p0, b0 = pool, blood
    for kind, unit, delta in reads:
        if not _cost_applies(ctx, kind, card):
            continue
        if delta is None:
            blood = 0
        elif unit == "blood" or (unit == "either" and blood):
            if blood or delta > 0:
                blood = max(0, blood + delta)
        elif pool or delta > 0:
            pool = max(0, pool + delta)
    if (pool, blood) != (p0, b0):
        ctx.emit("cost", f"{what} costs {ctx.name(minion)} " + (f"{blood} blood" if b0 else f"{pool} pool")
                 + f" instead of {b0 if b0 else p0} ({ctx.name(minion)}'s own text).", cards=(minion,))
    return pool, blood


# -- blocking --------------------------------------------------------------------------------------------------------

def _block_reads(ctx: Ctx, iid: int) -> list[tuple]:
    if not ctx.cdef(iid).is_crypt:
        return []
    return list(_of(ctx, iid, block_reading))


def block_refusal(ctx: Ctx, f, m: int) -> str | None:
    """Why *m* cannot attempt to block the action by its text or the acting vampire's ("Allies cannot block her",
    "He cannot block Nosferatu", "This vampire cannot block undirected actions"), or None."""
    actor = f.actor
    for r in _block_reads(ctx, actor):
        if r[0] == "not_by" and _any(ctx, m, r[1], actor):
            return f"{ctx.name(m)} cannot block {ctx.name(actor)} ({poss_name(ctx, actor)} text)"
    for r in _block_reads(ctx, m):
        if r[0] == "cannot" and (r[1] is None or _any(ctx, actor, r[1], m)):
            return f"{ctx.name(m)} cannot block {ctx.name(actor) if r[1] else 'at all'} (its own text)"
        if r[0] == "no_undirected" and not f.directed:
            return f"{ctx.name(m)} cannot block undirected actions (its own text)"
    return None


def poss_name(ctx: Ctx, iid: int) -> str:
    from vtes_desktop.engine.context import poss

    return poss(ctx.name(iid))


def pay_block_cost(ctx: Ctx, f, m: int) -> None:
    """"Vampires must burn 1 blood to attempt to block this vampire", "She must burn 1 blood to attempt to block
    an older vampire": the would-be blocker burns it as it attempts the block (refused if it has none)."""
    actor = f.actor
    n = sum(1 for r in _block_reads(ctx, actor) if r[0] == "cost_by" and _any(ctx, m, r[1], actor))
    n += sum(1 for r in _block_reads(ctx, m) if r[0] == "cost_mine" and (r[1] is None or _any(ctx, actor, r[1], m)))
    if not n:
        return
    c = ctx.st.cards[m]
    if c.counters < n:
        raise Illegal("cost", f"{ctx.name(m)} must burn {n} blood to attempt to block {ctx.name(actor)} and has "
                              f"{c.counters}")
    ctx.update(m, counters=c.counters - n)
    ctx.emit("paid", f"{ctx.name(m)} burns {n} blood to attempt the block.", cards=(m,))


def _buy_vote(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """"During a referendum, this vampire may burn 1 blood to gain 1 vote": in the polling step, before the
    vampire casts its votes; the vote is cast with the vampire's own (`vote` naming it)."""
    cost, n, political = r
    st = ctx.st
    f = st.top
    name = ctx.name(iid)
    c = st.cards[iid]
    if not isinstance(f, ReferendumFrame) or f.step != "polling":
        raise Illegal("timing", f"{name} gains votes during a referendum's polling step")
    if political and (f.card is None or "Political Action" not in ctx.cdef(f.card).types):
        raise Illegal("timing", f"{name} gains a vote only in the referendum of a political action")
    if c.region != "ready" or c.contested:
        raise Illegal("ready", f"{name} is not ready; only ready vampires vote")
    if (iid,) in f.used_sources:
        raise Illegal("vote", f"{name} has already cast its votes")
    if c.counters < cost:
        raise Illegal("cost", f"{name} has no blood to burn")
    ctx.update(iid, counters=c.counters - cost)
    k = sum(1 for x in f.used_sources if isinstance(x, tuple) and len(x) == 3 and x[0] == "crypt vote" and x[1] == iid)
    flow.set_top(ctx, f._replace(used_sources=f.used_sources | {("crypt vote", iid, k)}))
    ctx.emit("crypt_use", f"{name} burns {cost} blood for +{n} vote (cast with {name}'s votes).", cards=(iid,))


# -- the vampire's own action: enter combat ------------------------------------------------------------------------

def announce_own(ctx: Ctx, cmd, m: int) -> tuple[dict, tuple[int, ...]] | None:
    """"This vampire can enter combat with a Lasombra as a (D) action", announced as an action of kind `card`
    with `from` the vampire and `target` the minion; None when `from` is not the acting vampire's own text."""
    st = ctx.st
    try:
        src = flow.ref(ctx, cmd.seat, cmd.from_)
    except (Malformed, Illegal):
        return None
    if src != m or not ctx.cdef(m).is_crypt:
        return None
    if _of(ctx, m, own_bleed):
        return _announce_own_bleed(ctx, cmd, m, _of(ctx, m, own_bleed)[0])
    if _of(ctx, m, search_action):
        return _announce_search(ctx, cmd, m, _of(ctx, m, search_action)[0])
    if _of(ctx, m, burn_card_action):
        return _announce_burn_card(ctx, cmd, m, _of(ctx, m, burn_card_action)[0])
    reads = list(_of(ctx, m, combat_action))
    if not reads:
        return _announce_minion_action(ctx, cmd, m)
    alts, stealth, locked, whose = reads[0]
    name = ctx.name(m)
    if cmd.target is None:
        raise Illegal("target", f"{name}: name the minion to enter combat with")
    t = flow.ref(ctx, cmd.seat, cmd.target, what="minion")
    tc = st.cards[t]
    if tc.controller == cmd.seat or tc.region != "ready" or not ctx.is_minion(tc) or tc.contested:
        raise Illegal("target", f"{ctx.name(t)} is not a ready minion of another Methuselah")
    if whose == "predator or prey" and tc.controller not in (st.prey(cmd.seat), st.predator(cmd.seat)):
        raise Illegal("target", f"{ctx.name(t)} is not controlled by your predator or prey")
    if locked and not tc.locked:
        raise Illegal("target", f"{name} enters combat only with a locked minion; {ctx.name(t)} is unlocked")
    if alts is not None and not _any(ctx, t, alts, m):
        raise Illegal("target", f"{ctx.name(t)} is not a minion {name} can enter combat with (its own text)")
    ctx.emit("action_goal", f"{name} acts to enter combat with {ctx.name(t)}.", cards=(m, t))
    upd = dict(from_card=m, effect="crypt:combat", target_card=t, base_stealth=stealth, directed=True,
               target_seat=tc.controller)
    return upd, (tc.controller,)


def succeed_own(ctx: Ctx, f) -> bool:
    """The vampire's own action succeeds: the combat starts (if the target is still a ready minion)."""
    if f.effect == "bleed" and f.from_card == f.actor and f.card is None:
        return _succeed_own_bleed(ctx, f)
    if f.effect == "crypt:search":
        return _succeed_search(ctx, f)
    if f.effect == "crypt:burn card":
        t = f.target_card
        if t in ctx.st.cards and ctx.st.cards[t].region in ("in_play", "attached"):
            ctx.burn(t, poss_name(ctx, f.actor) + " action")
        else:
            ctx.emit("fizzle", f"{ctx.name(t)} is no longer in play: the action has no effect.")
        return True
    if (f.effect or "").startswith("crypt:") and f.effect != "crypt:combat":
        return _succeed_minion_action(ctx, f)
    if f.effect != "crypt:combat":
        return False
    from vtes_desktop.engine import rules_combat

    t = f.target_card
    if t not in ctx.st.cards or ctx.st.cards[t].region != "ready":
        ctx.emit("fizzle", f"{ctx.name(t)} is no longer ready: no combat.")
        return True
    rules_combat.start(ctx, f.actor, t)
    return True


# -- "burn the Edge to ..." -----------------------------------------------------------------------------------------

def _edge_window(ctx: Ctx, seat: int, phase: str) -> bool:
    st = ctx.st
    if phase == "minion":
        return st.phase == "minion"
    if st.active != seat:
        return False
    return phase == "turn" or st.phase == phase


def _burn_edge(ctx: Ctx, cmd, iid: int, r: tuple, *, by: int | None = None) -> None:
    phase, who, eff, n, ready = r
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    owner = c.controller
    seat = cmd.seat if by is None else by
    if st.edge != seat:
        raise Illegal("edge", f"{ctx.seat_name(seat)} does not have the Edge")
    when = {"unlock": "unlock phase", "master": "master phase", "discard": "discard phase", "turn": "turn",
            "minion": "minion phase"}[phase]
    if not _edge_window(ctx, owner, phase):
        whose = "any Methuselah's" if phase == "minion" else f"{ctx.seat_name(owner)}'s"
        raise Illegal("timing", f"{poss_name(ctx, iid)} Edge effect is used during {whose} {when}")
    if c.region not in ("ready", "torpor") or c.contested:
        raise Illegal("ready", f"{name} is not in play")
    if (ready or eff == "unlock") and c.region != "ready":
        raise Illegal("ready", f"{name} is not ready")
    if eff == "unlock" and not c.locked:
        raise Illegal("unlock", f"{name} is not locked")
    st.edge = None
    ctx.emit("edge", f"{ctx.seat_name(seat)} burns the Edge ({name}).", cards=(iid,))
    if eff == "blood":
        before = c.counters
        c = ctx.set_blood(iid, c.counters + n)
        ctx.emit("blood", f"{name} gets {c.counters - before} blood from the blood bank.", cards=(iid,))
    elif eff == "pool":
        ctx.pool(owner, n, name)
    elif eff == "unlock":
        ctx.update(iid, locked=False)
        ctx.emit("unlocked", f"{name} unlocks.", cards=(iid,))
    elif eff == "burn_blood":
        ctx.update(iid, counters=max(0, c.counters - n))
        ctx.emit("blood", f"{name} burns {min(n, c.counters)} blood.", cards=(iid,))


def use_other(ctx: Ctx, cmd, iid: int) -> bool:
    """A `use` by another Methuselah of a vampire's text that lets them act ("Your prey can burn the Edge during
    your unlock phase to burn 1 blood from this vampire": Keith Moody's controller's prey, effect "edge")."""
    c = ctx.st.cards.get(iid)
    if c is None or c.controller == cmd.seat or not ctx.cdef(iid).is_crypt:
        return False
    if (cmd.effect or "").strip().lower() != "edge":
        return False
    reads = [r for r in _of(ctx, iid, edge_use) if r[1] == "prey"]
    if not reads:
        return False
    if ctx.st.prey(c.controller) != cmd.seat:
        raise Illegal("use", f"only {poss_name_seat(ctx, c.controller)} prey can burn the Edge against {ctx.name(iid)}")
    _burn_edge(ctx, cmd, iid, reads[0], by=cmd.seat)
    return True


def poss_name_seat(ctx: Ctx, seat: int) -> str:
    from vtes_desktop.engine.context import poss

    return poss(ctx.seat_name(seat))


# -- "During your unlock phase, you may move 1 blood from this vampire to ..." --------------------------------------

def _unlock_move(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    n, upto, direction, region, alts, mine = r
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    if st.phase != "unlock" or st.active != c.controller or st.frames:
        raise Illegal("timing", f"{name} moves blood during {poss_name_seat(ctx, c.controller)} unlock phase")
    if c.region not in ("ready", "torpor") or c.contested:
        raise Illegal("ready", f"{name} is not in play")
    key = ("crypt move", iid)
    if key in st.phase_flags:
        raise Illegal("use", f"{name} has already moved blood this unlock phase")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the vampire that " + ("gets" if direction == "from" else "gives")
                                  + " the blood as `minion`")
    t = flow.ref(ctx, cmd.seat, cmd.minion)
    tc = st.cards[t]
    regions = ("ready", "torpor") if region == "in play" else (region,)
    if t == iid or (mine and tc.controller != c.controller) or tc.region not in regions or not ctx.is_vampire(tc) \
            or tc.contested or not _any(ctx, t, alts, iid):
        where = {"uncontrolled": "in your uncontrolled region", "ready": "ready", "in play": "in play"}[region] \
            + (", yours" if mine and region != "uncontrolled" else "")
        raise Illegal("target", f"{ctx.name(t)} is not a vampire {name} can move blood "
                                + ("to" if direction == "from" else "from") + f" ({where}, as its text says)")
    amount = n
    m = re.match(r"^move\s+(\d+)$", (cmd.effect or "").strip().lower())
    if m and upto:
        amount = int(m.group(1))
        if not 1 <= amount <= n:
            raise Illegal("use", f"{name} moves 1 to {n} blood")
    giver, taker = (iid, t) if direction == "from" else (t, iid)
    gc = st.cards[giver]
    if gc.counters < amount:
        raise Illegal("cost", f"{ctx.name(giver)} has {gc.counters} blood; {amount} to move")
    ctx.update(giver, counters=gc.counters - amount)
    tk = st.cards[taker]
    ctx.set_blood(taker, tk.counters + amount) if tk.region != "uncontrolled" else ctx.update(taker, counters=tk.counters + amount)
    st.phase_flags = st.phase_flags | {key}
    ctx.emit("blood", f"{ctx.name(giver)} moves {amount} blood to {ctx.name(taker)} ({name}).", cards=(giver, taker))


def _announce_minion_action(ctx: Ctx, cmd, m: int) -> tuple[dict, tuple[int, ...]] | None:
    reads = list(_of(ctx, m, minion_action))
    if not reads:
        return None
    verb, n, alts, stealth, or_life, whose = reads[0]
    st = ctx.st
    name = ctx.name(m)
    if cmd.target is None:
        raise Illegal("target", f"{name}: name the minion its action targets")
    t = flow.ref(ctx, cmd.seat, cmd.target, what="minion")
    tc = st.cards[t]
    if tc.controller == cmd.seat or tc.region != "ready" or not ctx.is_minion(tc) or tc.contested:
        raise Illegal("target", f"{ctx.name(t)} is not a ready minion of another Methuselah")
    if whose == "prey" and tc.controller != st.prey(cmd.seat):
        raise Illegal("target", f"{ctx.name(t)} is not controlled by your prey")
    if not _any(ctx, t, alts, m):
        raise Illegal("target", f"{ctx.name(t)} is not a minion {name}'s action can target (its own text)")
    if verb in ("steal", "burn_blood") and "Vampire" not in ctx.cdef(t).types and not or_life:
        raise Illegal("target", f"{ctx.name(t)} has no blood")
    ctx.emit("action_goal", f"{name} acts to {verb.replace('_', ' ')} {ctx.name(t)}.", cards=(m, t))
    upd = dict(from_card=m, effect=f"crypt:{verb}:{n}", target_card=t, base_stealth=stealth, directed=True,
               target_seat=tc.controller)
    return upd, (tc.controller,)


def _succeed_minion_action(ctx: Ctx, f) -> bool:
    _, verb, n = f.effect.split(":")
    n = int(n)
    st = ctx.st
    t = f.target_card
    if t not in st.cards or st.cards[t].region != "ready":
        ctx.emit("fizzle", f"{ctx.name(t)} is no longer ready: the action has no effect.")
        return True
    tc = st.cards[t]
    if verb == "lock":
        ctx.update(t, locked=True)
        ctx.emit("locked", f"{ctx.name(t)} is locked ({ctx.name(f.actor)}).", cards=(t,))
    elif verb in ("steal", "burn_blood"):
        k = min(n, tc.counters)
        ctx.update(t, counters=tc.counters - k)
        if verb == "steal" and st.cards[f.actor].region == "ready":
            a = st.cards[f.actor]
            ctx.set_blood(f.actor, a.counters + k)
        ctx.emit("blood", f"{ctx.name(f.actor)} {'steals' if verb == 'steal' else 'burns'} {k} "
                          f"{'life' if 'Ally' in ctx.cdef(t).types else 'blood'} from {ctx.name(t)}.", cards=(t, f.actor))
        if "Ally" in ctx.cdef(t).types and st.cards[t].counters == 0:
            ctx.burn(t, "no life left")
    return True


def _announce_own_bleed(ctx: Ctx, cmd, m: int, r: tuple) -> tuple[dict, tuple[int, ...]]:
    from vtes_desktop.engine.rules_action import minion_bleed, target_seat

    who, bonus, stealth, cost = r
    st = ctx.st
    name = ctx.name(m)
    seat = cmd.seat
    tgt = target_seat(ctx, seat, cmd.target) if cmd.target is not None else st.prey(seat)
    if tgt is None:
        raise Illegal("target", "a bleed targets a Methuselah: name a player")
    if tgt == seat:
        raise Illegal("target", "you can never bleed yourself")
    if st.seats[tgt].ousted:
        raise Illegal("target", f"{st.seats[tgt].name} has been ousted")
    allowed = {"prey": (st.prey(seat),), "predator": (st.predator(seat),), "any": tuple(st.live_seats())}[who]
    if tgt not in allowed:
        raise Illegal("target", f"{poss_name(ctx, m)} own bleed targets "
                                + {"prey": "your prey", "predator": "your predator", "any": "any Methuselah"}[who])
    if (m, "bleed") in st.acted:
        raise Illegal("repeat", f"{name} has already bled this turn; a minion bleeds at most once each turn")
    if cost and st.cards[m].counters < cost:
        raise Illegal("cost", f"{name} has {st.cards[m].counters} blood; this action costs {cost}")
    st.acted = st.acted | {(m, "bleed")}
    upd = dict(from_card=m, effect="bleed", target_seat=tgt, directed=True, base_stealth=stealth,
               base_bleed=minion_bleed(ctx, m) + bonus, cost_blood=cost)
    return upd, (tgt,)


def _succeed_own_bleed(ctx: Ctx, f) -> bool:
    from vtes_desktop.engine.rules_action import bleed_amount

    st = ctx.st
    n = bleed_amount(ctx, f)
    tgt = f.target_seat
    ctx.emit("bled", f"{ctx.name(f.actor)} bleeds {ctx.seat_name(tgt)} for {n}.")
    if n > 0:
        if st.edge != f.seat:
            st.edge = f.seat
            ctx.emit("edge", f"{ctx.seat_name(f.seat)} takes the Edge.")
        ctx.pool(tgt, -n, "bled")
    return True


# -- what the vampire cannot use ----------------------------------------------------------------------------------

def card_refusal(ctx: Ctx, rules, minion: int | None) -> str | None:
    """Why the vampire *minion* cannot use the card (its own text: "He cannot use cards requiring Celerity [cel]",
    "She cannot use weapons", "cannot have or use equipment", "cannot play action cards"), or None."""
    if minion is None or minion not in ctx.st.cards:
        return None
    bars = _of(ctx, minion, use_bar)
    if not bars:
        return None
    for bar in bars:
        for kind, *arg in bar:
            hit = (kind == "disc" and arg[0] in rules.disciplines) or \
                (kind == "weapon" and "weapon" in rules.keywords and "Equipment" in rules.types) or \
                (kind == "type" and arg[0] in rules.types)
            if hit:
                return f"{ctx.name(minion)} cannot use {rules.name} (its own text)"
    return None


# -- "lock or unlock another ready Toreador"; "+1 master phase action" -----------------------------------------------

def _lock_other(ctx: Ctx, cmd, iid: int, r: tuple, eff: str) -> None:
    when, once, alts = r
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    if st.active != c.controller or (when == "minion" and st.phase != "minion"):
        raise Illegal("timing", f"{name} locks or unlocks during {poss_name_seat(ctx, c.controller)} "
                                + ("minion phase" if when == "minion" else "turn"))
    if c.region not in ("ready", "torpor") or c.contested:
        raise Illegal("ready", f"{name} is not in play")
    key = (iid, ("crypt lock", st.turn))
    if once and key in st.acted:
        raise Illegal("use", f"{name} has already used this ability this turn (once during your turn)")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the vampire to {eff} as `minion`")
    t = flow.ref(ctx, cmd.seat, cmd.minion)
    tc = st.cards[t]
    if t == iid or tc.region != "ready" or tc.contested or not _any(ctx, t, alts, iid):
        raise Illegal("target", f"{ctx.name(t)} is not another ready vampire {name} can lock or unlock (its own text)")
    if (eff == "lock") == tc.locked:
        raise Illegal("target", f"{ctx.name(t)} is already {'locked' if tc.locked else 'unlocked'}")
    ctx.update(t, locked=eff == "lock")
    if once:
        st.acted = st.acted | {key}
    ctx.emit("locked" if eff == "lock" else "unlocked", f"{name} {eff}s {ctx.name(t)}.", cards=(iid, t))


def _buy_mpa(ctx: Ctx, cmd, iid: int, how: str) -> None:
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    if st.phase != "master" or st.active != c.controller or st.frames:
        raise Illegal("timing", f"{name} gives a master phase action during {poss_name_seat(ctx, c.controller)} "
                                "master phase")
    if c.region != "ready" or c.contested:
        raise Illegal("ready", f"{name} is not ready")
    seat = c.controller
    if how == "pool":
        if st.seats[seat].pool < 1:
            raise Illegal("cost", f"{ctx.seat_name(seat)} has no pool to burn")
        ctx.pool(seat, -1, name)
    elif how == "lock":
        if c.locked:
            raise Illegal("locked", f"{name} is locked")
        ctx.update(iid, locked=True)
    else:
        if st.edge != seat:
            raise Illegal("edge", f"{ctx.seat_name(seat)} does not have the Edge")
        st.edge = None
    st.mpa += 1
    ctx.emit("mpa", f"{ctx.seat_name(seat)} gets +1 master phase action ({name}: "
                    + {"pool": "1 pool burned", "lock": f"{name} locks", "edge": "the Edge burned"}[how] + ").",
             cards=(iid,))


# -- Anarch Convert -------------------------------------------------------------------------------------------------

def _convert(e) -> bool | None:
    return True if convert_on_entry(e) else None


def entered_play(ctx: Ctx, iid: int) -> None:
    """A vampire came into play: the moment of its "as this vampire enters play" (lasts for the phase)."""
    if _of(ctx, iid, _convert):
        ctx.st.phase_flags = ctx.st.phase_flags | {("crypt entered", iid)}


def _convert_use(ctx: Ctx, cmd, iid: int, eff: str) -> None:
    st = ctx.st
    name = ctx.name(iid)
    if ("crypt entered", iid) not in st.phase_flags:
        raise Illegal("timing", f"{name} is used as it enters play (in the influence phase it comes into play)")
    if eff not in ("pool", "crypt"):
        raise Malformed("effect", f"{name}: say `pool` (gain 1 pool) or `crypt` (draw 1 card from your crypt)")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the non-titled vampire you control that becomes Anarch as `minion`")
    t = flow.ref(ctx, cmd.seat, cmd.minion)
    tc = st.cards[t]
    if t == iid or tc.controller != cmd.seat or tc.region not in ("ready", "torpor") or not ctx.is_vampire(tc) \
            or tc.contested or ctx.title(tc):
        raise Illegal("target", f"{ctx.name(t)} is not a non-titled vampire you control")
    st.phase_flags = st.phase_flags - {("crypt entered", iid)}
    ctx.move(iid, "removed")
    ctx.emit("removed", f"{name} is removed from the game.", cards=(iid,))
    ctx.update(t, sect="Anarch")
    ctx.emit("sect", f"{ctx.name(t)} becomes Anarch ({name}).", cards=(t,))
    if eff == "pool":
        ctx.pool(cmd.seat, 1, name)
    else:
        crypt = st.region(cmd.seat, "crypt")
        if crypt:
            ctx.move(crypt[0], "uncontrolled", seat=cmd.seat)
            ctx.emit("crypt", f"{ctx.seat_name(cmd.seat)} draws a card from the crypt ({name}).", frozenset({cmd.seat}),
                     f"{ctx.seat_name(cmd.seat)} draws a card from the crypt ({name}).", cards=(crypt[0],))


# -- Owain Evans; searching the library ---------------------------------------------------------------------------

def _any_unlock(e) -> bool | None:
    return True if any_unlock_blood(e) else None


def _any_unlock_blood(ctx: Ctx, cmd, iid: int) -> None:
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    if st.phase != "unlock" or st.frames:
        raise Illegal("timing", f"{name} moves a blood from the bank during an unlock phase")
    if c.region != "ready" or c.contested:
        raise Illegal("ready", f"{name} is not ready")
    key = ("crypt bank blood", iid)
    if key in st.phase_flags:
        raise Illegal("use", f"{name} has already done so this unlock phase")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the vampire that gets the blood as `minion`")
    t = flow.ref(ctx, cmd.seat, cmd.minion)
    tc = st.cards[t]
    if tc.controller != st.active or tc.region not in ("ready", "torpor") or not ctx.is_vampire(tc) or tc.contested:
        raise Illegal("target", f"{ctx.name(t)} is not a vampire {ctx.seat_name(st.active)} controls")
    before = tc.counters
    tc = ctx.set_blood(t, tc.counters + 1)
    st.phase_flags = st.phase_flags | {key}
    ctx.emit("blood", f"{ctx.name(t)} gets {tc.counters - before} blood from the blood bank ({name}).", cards=(t,))


_SEARCH_FITS = {
    "minion": lambda d: not ({"Master", "Event"} & set(d.types)),
    "equipment": lambda d: "Equipment" in d.types,
    "archetype": lambda d: "Master" in d.types and "archetype" in d.text.lower()[:40],
}


def _announce_search(ctx: Ctx, cmd, m: int, what: str) -> tuple[dict, tuple[int, ...]]:
    st = ctx.st
    name = ctx.name(m)
    if cmd.target is None:
        raise Illegal("target", f"{name}: name the card of your library it searches for as `target`")
    t = flow.ref(ctx, cmd.seat, cmd.target)
    tc = st.cards[t]
    if tc.region != "library" or tc.owner != cmd.seat:
        raise Illegal("target", f"{ctx.name(t)} is not in {poss_name_seat(ctx, cmd.seat)} library")
    if not _SEARCH_FITS[what](ctx.cdef(t)):
        raise Illegal("target", f"{ctx.name(t)} is not a {what} card")
    ctx.emit("action_goal", f"{name} acts to search {poss_name_seat(ctx, cmd.seat)} library.", cards=(m,))
    return dict(from_card=m, effect="crypt:search", target_card=t, base_stealth=1), ()


def _succeed_search(ctx: Ctx, f) -> bool:
    st = ctx.st
    t = f.target_card
    if t in st.cards and st.cards[t].region == "library" and st.cards[t].owner == f.seat:
        ctx.move(t, "hand", seat=f.seat)
        ctx.emit("search", f"{ctx.seat_name(f.seat)} reveals {ctx.name(t)} and moves it to hand.", cards=(t,))
    ctx.shuffle(f.seat, "library")
    return True


# -- when the vampire is blocked; after a referendum passes; Carna --------------------------------------------------

def blocked(ctx: Ctx, f) -> None:
    """The action of a vampire whose text says what happens when it is blocked has just been blocked (before
    combat): "she burns 1 blood", "any vampire blocking this vampire burns 1 blood", "the blocking minion's
    controller burns 1 pool"."""
    st = ctx.st
    actor, blocker = f.actor, f.blocker
    if actor not in st.cards or blocker not in st.cards:
        return
    for who, unit, cond in _of(ctx, actor, when_blocked):
        if cond == "older" and not (ctx.is_vampire(st.cards[blocker]) and
                                    ctx.capacity(st.cards[blocker]) > ctx.capacity(st.cards[actor])):
            continue
        if cond == "bleed or political" and _action_kind(f) not in ("bleed", "political"):
            continue
        if who == "blocker's controller":
            seat = st.cards[blocker].controller
            ctx.pool(seat, -1, poss_name(ctx, actor) + " text")
            continue
        t = actor if who == "self" else blocker
        if who == "blocker" and not ctx.is_vampire(st.cards[t]):
            continue
        c = st.cards[t]
        if c.counters:
            ctx.update(t, counters=c.counters - 1)
            ctx.emit("blood", f"{ctx.name(t)} burns 1 blood ({poss_name(ctx, actor)} text).", cards=(t,))


def _lutz(e) -> bool | None:
    return True if after_referendum(e) else None


def referendum_passed(ctx: Ctx, rf) -> None:
    """A referendum passed: Lutz von Hohenzollern's prey burns 1 pool after a political action's referendum."""
    st = ctx.st
    if rf.card is None or "Political Action" not in ctx.cdef(rf.card).types:
        return
    for seat in st.live_seats():
        for iid in st.region(seat, "ready"):
            c = st.cards[iid]
            if c.contested or not ctx.cdef(iid).is_crypt or not _of(ctx, iid, _lutz):
                continue
            prey = st.prey(seat)
            if prey != seat:
                ctx.pool(prey, -1, ctx.name(iid))


def _carna(e) -> bool | None:
    return True if burn_retainer_for_blood(e) else None


def _burn_retainer(ctx: Ctx, cmd, iid: int) -> None:
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    if st.phase != "unlock" or st.active != c.controller or st.frames:
        raise Illegal("timing", f"{name} burns a retainer during {poss_name_seat(ctx, c.controller)} unlock phase")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the retainer to burn as `minion`")
    t = flow.ref(ctx, cmd.seat, cmd.minion)
    tc = st.cards[t]
    if tc.region != "attached" or tc.host != iid or "Retainer" not in ctx.cdef(t).types:
        raise Illegal("target", f"{ctx.name(t)} is not a retainer of {name}")
    ctx.burn(t, name)
    before = c.counters
    c = ctx.set_blood(iid, c.counters + 2)
    ctx.emit("blood", f"{name} burns {ctx.name(t)} and gains {c.counters - before} blood.", cards=(iid,))


# -- "burn 1 blood to unlock" in a phase; aggravated hand strikes ---------------------------------------------------

def _phase_unlock(ctx: Ctx, cmd, iid: int, phase: str) -> None:
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    if st.phase != phase or st.active != c.controller or st.frames:
        raise Illegal("timing", f"{name} burns blood to unlock during {poss_name_seat(ctx, c.controller)} {phase} phase")
    if c.region != "ready" or not c.locked:
        raise Illegal("unlock", f"{name} is not a locked ready vampire")
    if c.counters < 1:
        raise Illegal("cost", f"{name} has no blood to burn")
    ctx.update(iid, counters=c.counters - 1, locked=False)
    ctx.emit("unlocked", f"{name} burns 1 blood and unlocks.", cards=(iid,))


def use_in_combat(ctx: Ctx, cmd, iid: int) -> bool:
    """A vampire's own use in combat: "burn 1 blood to make the damage from his hand strikes aggravated" (once each
    combat or round, before strikes resolve). False when the vampire has none."""
    if not ctx.cdef(iid).is_crypt or not _of(ctx, iid, aggravated_hands):
        return False
    from vtes_desktop.engine.rules_combat import combat_frame

    per = _of(ctx, iid, aggravated_hands)[0]
    st = ctx.st
    f = combat_frame(st)
    name = ctx.name(iid)
    if f is None or iid not in (f.a, f.b) or st.top is not f:
        raise Illegal("use", f"{name} is not in combat")
    if f.step not in ("before_range", "range", "before_strikes", "strike"):
        raise Illegal("timing", f"{name} makes its hand strikes aggravated before strikes resolve")
    key = ("crypt agg", iid, f.round if per == "round" else 0)
    if key in f.used:
        raise Illegal("use", f"{name} has already done so this {per}")
    c = st.cards[iid]
    if c.counters < 1:
        raise Illegal("cost", f"{name} has no blood to burn")
    ctx.update(iid, counters=c.counters - 1)
    f = st.top
    flow.set_top(ctx, f._replace(used=f.used | {key}, mods=f.mods + (Mod("hand_aggravated", 0, iid, iid),)))
    ctx.emit("crypt_use", f"{name} burns 1 blood: the damage from its hand strikes is aggravated this round.",
             cards=(iid,))
    return True


# -- bonuses other vampires give the acting minion -------------------------------------------------------------------

_AURA_CIDS: dict[int, bool] = {}


def _aura(ctx: Ctx, f, stat: str) -> int:
    """"Sabbat vampires you control get +1 bleed when bleeding ...", "Titled vampires get +1 bleed against you":
    what the vampires in play give the acting minion."""
    st = ctx.st
    actor = f.actor
    if actor not in st.cards:
        return 0
    n = 0
    for seat in st.live_seats():
        for region in ("ready", "torpor"):
            for iid in st.region(seat, region):
                c = st.cards[iid]
                has = _AURA_CIDS.get(c.cid)
                if has is None:
                    has = _AURA_CIDS[c.cid] = bool(_of(ctx, iid, aura_readings))
                if not has or c.contested:
                    continue
                for reads in _of(ctx, iid, aura_readings):
                    for r in reads:
                        if r[0] == "against_me":
                            if len(r) > 4 and r[4] == "ready" and region != "ready":   # Matthias
                                continue
                            if stat == "bleed" and f.target_seat == seat and _any(ctx, actor, r[3], iid):
                                n += r[2]
                            continue
                        _, s_, amount, state, title, alts, whose, conds, other = r
                        if s_ != stat or (other and iid == actor):
                            continue
                        if state == "ready" and region != "ready" or state == "locked" and not (region == "ready"
                                                                                                 and c.locked):
                            continue
                        if title and ctx.title(c) != title:
                            continue
                        if whose == "mine" and st.cards[actor].controller != seat:
                            continue
                        if _any(ctx, actor, alts, iid) and _holds(ctx, conds, me=actor, f=f):
                            n += amount
    return n


def _announce_burn_card(ctx: Ctx, cmd, m: int, r: tuple) -> tuple[dict, tuple[int, ...]]:
    typ, stealth, cost = r
    st = ctx.st
    name = ctx.name(m)
    if cmd.target is None:
        raise Illegal("target", f"{name}: name the {typ.lower()} to burn as `target`")
    t = flow.ref(ctx, cmd.seat, cmd.target)
    tc = st.cards[t]
    if typ not in ctx.cdef(t).types or tc.region not in ("in_play", "attached") or tc.controller == cmd.seat:
        raise Illegal("target", f"{ctx.name(t)} is not {'an' if typ[0] in 'AEIOU' else 'a'} {typ.lower()} in play "
                                "of another Methuselah")
    if cost and st.cards[m].counters < cost:
        raise Illegal("cost", f"{name} has {st.cards[m].counters} blood; this action costs {cost}")
    ctx.emit("action_goal", f"{name} acts to burn {ctx.name(t)}.", cards=(m, t))
    return dict(from_card=m, effect="crypt:burn card", target_card=t, base_stealth=stealth, directed=True,
                target_seat=tc.controller, cost_blood=cost), (tc.controller,)


def _anneke(e) -> bool | None:
    return True if blocks_anyone(e) else None


def may_block_anyway(ctx: Ctx, f, cmd) -> bool:
    """The minion named to block has "may attempt to block a vampire controlled by another Methuselah, ignoring the
    normal prey, predator or target restrictions" and the acting minion is such a vampire."""
    try:
        m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    except (Malformed, Illegal):
        return False
    st = ctx.st
    if m not in st.cards or st.cards[m].controller != cmd.seat or not _of(ctx, m, _anneke):
        return False
    return ctx.is_vampire(st.cards[f.actor]) and st.cards[f.actor].controller != cmd.seat


def pay_own_strike(ctx: Ctx, m: int, desc) -> None:
    """The vampire strikes with its own "can burn 1 blood to strike: ..." (strike naming the vampire): it burns the
    blood (refused if it has too little)."""
    if desc is None or not ctx.cdef(m).is_crypt:
        return
    first = next((e for e in ctx.rules(m).abilities if e.kind == "strike" and e.subject is not None
                  and not e.get("frame") and e.condition != "merged"), None)
    n = own_strike_cost(first) if first is not None and first.automated else None
    if not n:
        return
    c = ctx.st.cards[m]
    if c.counters < n:
        raise Illegal("cost", f"{ctx.name(m)} burns {n} blood to strike and has {c.counters}")
    ctx.update(m, counters=c.counters - n)
    ctx.emit("paid", f"{ctx.name(m)} burns {n} blood to strike.", cards=(m,))


def _mage(e) -> bool | None:
    return True if mage_search(e) else None


def _mage_ally(ctx: Ctx, cmd, iid: int) -> None:
    from vtes_desktop.engine.rules_action import _cost, _life, requirement_refusal
    from vtes_desktop.engine.rules_turn import _check_contest

    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    seat = c.controller
    if st.phase != "influence" or st.active != seat or st.frames:
        raise Illegal("timing", f"{name} uses transfers during {poss_name_seat(ctx, seat)} influence phase")
    if c.region != "ready" or c.contested:
        raise Illegal("ready", f"{name} is not ready")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the mage ally (in your library or hand) as `minion`")
    a = flow.ref(ctx, cmd.seat, cmd.minion)
    ac = st.cards[a]
    d = ctx.cdef(a)
    if ac.owner != seat or ac.region not in ("library", "hand") or "Ally" not in d.types or \
            not re.match(r"(?i)^(?:unique )?mage\b", d.text.strip()):
        raise Illegal("target", f"{ctx.name(a)} is not a mage ally in your library or hand")
    rules = ctx.rules(a)
    if all(requirement_refusal(ctx, a, rules, md, iid) for md in rules.modes):
        raise Illegal("requirements", f"{name} could not play {ctx.name(a)}")
    if st.transfers < 4:
        raise Illegal("transfers", f"{ctx.seat_name(seat)} has {st.transfers} transfers left; this uses 4")
    pool, blood = _cost(rules, None)
    if pool and st.seats[seat].pool < pool or blood and c.counters < blood:
        raise Illegal("cost", f"{ctx.name(a)} costs {pool or blood} {'pool' if pool else 'blood'}")
    st.transfers -= 4
    if pool:
        ctx.pool(seat, -pool, ctx.name(a))
    if blood:
        ctx.update(iid, counters=c.counters - blood)
    searched = ac.region == "library"
    life = _life(ctx, a, None)
    ctx.move(a, "ready", seat=seat, counters=life, arrived=st.turn, locked=False)
    ctx.emit("recruited", f"{ctx.name(a)} comes into play for {ctx.seat_name(seat)} with {life} life ({name}).",
             cards=(a,))
    if searched:
        ctx.shuffle(seat, "library")
    _check_contest(ctx, a)


def _after_bleed(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """After the vampire's successful bleed: "you can gain 2 pool", "burn the top card(s) of the target
    Methuselah's library", "he can gain 1 blood" (bleeding the prey for 1 or more), once."""
    from vtes_desktop.engine.rules_action import bleed_amount

    what, n = r
    st = ctx.st
    f = st.top
    name = ctx.name(iid)
    if not isinstance(f, ActionFrame) or f.stage != "resolution" or f.actor != iid or f.outcome != "successful" \
            or _action_kind(f) != "bleed":
        raise Illegal("timing", f"{name}'s effect follows a successful bleed of its own")
    if (cmd.effect or what).strip().lower() != what:
        raise Illegal("use", f"{name}: the effect after its bleed is {what}")
    if any(m.kind == "crypt after bleed" and m.card == iid for m in f.mods):
        raise Illegal("use", f"{name} has already done so after this bleed")
    seat = st.cards[iid].controller
    if what == "pool":
        ctx.pool(seat, n, name)
    elif what == "library":
        tgt = f.target_seat
        for _ in range(n):
            lib = st.region(tgt, "library")
            if not lib:
                break
            ctx.move(lib[0], "ash_heap")
            ctx.emit("burned", f"{ctx.name(lib[0])} is burned from the top of {poss_name_seat(ctx, tgt)} library "
                               f"({name}).", cards=(lib[0],))
    else:
        if f.target_seat != st.prey(seat) or bleed_amount(ctx, f) < 1:
            raise Illegal("timing", f"{name} gains blood after bleeding your prey for 1 or more")
        c = st.cards[iid]
        ctx.set_blood(iid, c.counters + n)
        ctx.emit("blood", f"{name} gains {n} blood.", cards=(iid,))
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("crypt after bleed", 0, iid, iid),)))


def action_succeeded(ctx: Ctx, f) -> None:
    """An action succeeded: "If this vampire successfully hunts, he does not unlock as normal during his next unlock
    phase" (and Lubomira's bleed, Yitzak's lock) recorded for the unlock phase."""
    st = ctx.st
    if f.actor not in st.cards:
        return
    for action in _of(ctx, f.actor, unlock_end_of_turn_after):
        if _action_kind(f) == action:
            st.acted = st.acted | {(f.actor, "unlock_end_of_turn")}   # effects_action.end_of_turn unlocks it
            ctx.emit("note", f"{ctx.name(f.actor)} will unlock at the end of the turn.", cards=(f.actor,))
    for action, cond in _of(ctx, f.actor, no_unlock_after):
        kind = _action_kind(f)
        if action == "lock":
            if f.effect == "crypt:lock:0" and f.target_card is not None:
                st.skip_unlock = st.skip_unlock | {f.target_card}
            continue
        if kind != action:
            continue
        if cond == "titled" and not _controls_ready(ctx, f.target_seat, (("vampire", "title:titled"),), f.actor):
            continue
        st.skip_unlock = st.skip_unlock | {f.actor}
        ctx.emit("no_unlock", f"{ctx.name(f.actor)} will not unlock as normal during the next unlock phase.",
                 cards=(f.actor,))


def _foe_costs(ctx: Ctx, minion: int) -> list[tuple]:
    """(what, classes, source) of the cost increases other vampires put on *minion*'s cards now."""
    st = ctx.st
    out = []
    if not st.frames:
        return out
    from vtes_desktop.engine.rules_combat import combat_frame

    cf = combat_frame(st)
    if cf is not None and minion in (cf.a, cf.b):
        other = cf.b if minion == cf.a else cf.a
        if other in st.cards:
            out += [(w, alts, other) for scope, w, alts in _of(ctx, other, foe_cost) if scope == "combat"]
    for fr in st.frames:
        if isinstance(fr, ActionFrame) and fr.actor != minion and fr.actor in st.cards:
            out += [(w, alts, fr.actor) for scope, w, alts in _of(ctx, fr.actor, foe_cost) if scope == "acting"]
    return out


def _rescue_cheaper(e) -> bool | None:
    return True if rescue_cheaper(e) else None


def _unlock_phase_use(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    what, alts = r
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    seat = c.controller
    if st.phase != "unlock" or st.active != seat or st.frames:
        raise Illegal("timing", f"{name} does so during {poss_name_seat(ctx, seat)} unlock phase")
    if c.region != "ready" or c.contested:
        raise Illegal("ready", f"{name} is not ready")
    key = ("crypt unlock use", iid)
    if key in st.phase_flags:
        raise Illegal("use", f"{name} has already done so this unlock phase")
    t = None
    if what != "pool":
        if cmd.minion is None:
            raise Malformed("minion", f"{name}: name the vampire as `minion`")
        t = flow.ref(ctx, cmd.seat, cmd.minion)
        tc = st.cards[t]
        mine = what == "blood"
        if t == iid or tc.region != "ready" or tc.contested or not _any(ctx, t, alts, iid) or \
                (mine and tc.controller != seat) or (what == "lock prey's" and tc.controller != st.prey(seat)):
            raise Illegal("target", f"{ctx.name(t)} is not a minion {name} can do that to (its own text)")
        if what.startswith("lock") and tc.locked:
            raise Illegal("target", f"{ctx.name(t)} is already locked")
    if what != "blood":
        if c.counters < 2:
            raise Illegal("cost", f"{name} has {c.counters} blood; this costs 2")
        ctx.update(iid, counters=c.counters - 2)
    if what == "blood":
        tc = st.cards[t]
        ctx.set_blood(t, tc.counters + 1)
        ctx.emit("blood", f"{ctx.name(t)} gains 1 blood ({name}).", cards=(t,))
    elif what == "pool":
        prey = st.prey(seat)
        ctx.pool(prey, -1, name)
    else:
        ctx.update(t, locked=True)
        ctx.emit("locked", f"{name} burns 2 blood and locks {ctx.name(t)}.", cards=(iid, t))
    st.phase_flags = st.phase_flags | {key}


def _strike_only(e) -> bool | None:
    return True if own_prevent_strike_only(e) else None


def check_own_prevent(ctx: Ctx, f, m: int, iid: int) -> None:
    """A vampire's own "prevent 1 damage from an opposing minion's strike" (prevent `using` the vampire): refused
    when no damage from the opposing minion's strike is being inflicted on it."""
    if iid != m or not _of(ctx, m, _strike_only):
        return
    if not any(h.target == m and h.source is not None and h.source != m for h in f.hits):
        raise Illegal("prevent", f"{poss_name(ctx, m)} prevention is only for damage from an opposing minion's strike")


def hand_strike(ctx: Ctx, m: int, desc):
    """A vampire's hand strike whose damage its text makes aggravated."""
    if not desc.aggravated and ctx.db[ctx.st.cards[m].cid].is_crypt and _of(ctx, m, hands_aggravated):
        return desc._replace(aggravated=True)
    return desc


def actor_refusal(ctx: Ctx, m: int, kind: str) -> str | None:
    """Why the vampire *m* cannot take an action of this kind (its own text), or None."""
    if kind not in ("political", "diablerie") or not ctx.db[ctx.st.cards[m].cid].is_crypt:
        return None
    if kind in _of(ctx, m, action_bar):
        return (f"{ctx.name(m)} cannot perform political actions (its own text)" if kind == "political"
                else f"{ctx.name(m)} cannot commit diablerie (its own text)")
    return None
