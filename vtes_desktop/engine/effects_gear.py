"""The engine side of `cards/grammar/auto_gear.py`: it carries out the readings that family claims.

`HANDLED` names every reading this module carries out (tests/engine/test_auto_gear.py checks that each reading
the family gives over the whole card list is in it); `WHERE` says which function does it.

Hooks elsewhere (each a line or a small `_gear_*` function at the end of the file): `rules_action.use` -> `use`;
`rules_action.announce` -> `announce_own` (an action an equipment card provides, kind `card` with `from` naming
it), `equip_target` (Bloodstone), `target_refusal`, `adjust_action` (costs, refusals and effects as an action is
announced), `cost_cut`; `rules_action._succeed` -> `succeed_own`, `action_succeeded`, `equipped`, `hunt_bonus`;
`rules_action._blocked` -> `blocked`; `rules_action.block` -> `block_refusal`; `rules_action.play` ->
`play_refusal`; `rules_action._apply_modes` -> `surcharge`; `rules_action._play_reaction` -> `reaction_refusal`;
`rules_action._play_master` sets the "master played" phase flag; `rules_action._play_event` -> `event_cost`;
`rules_action.stealth` / `intercept` / `minion_bleed` / `requirement_refusal` -> `stealth_bonus`,
`intercept_bonus`, `bleed_bonus`, `card_refusal`; `rules_action.diablerie` -> `stays_on_victim`;
`rules_politics.vote` / `uncast` -> `vote_votes`, `votes_bonus`; `rules_turn.end_phase` -> `master_phase_end`,
`phase_end_refusal`; `rules_turn.hand_size` -> `hand_size_bonus`; `rules_turn._check_contest` -> `contest_refusal`;
`flow` (as announced; unlock phase start) -> `used_as_announced`, `start_of_unlock_phase`; `context.sect` /
`discipline_level` / `capacity` / `burn` / `move` -> `sect_of`, `discipline_level`, `capacity_bonus`,
`before_burn`/`after_burn`, `entered_play`; `rules_combat.strength` / `_extra_blood` -> `strength_bonus`, `cost_cut`;
`effects_combat.is_equipment` -> `not_equipment`. Each returns at once when no card of this family is concerned.

Lasting choices live in the state's marks: CHOSEN (a chosen minion), LEVEL (a Discipline level until a
Methuselah's next turn), HOST (whom a card's counters belong to), PUTTER (who put Bloodstone on its bearer).
"""

from __future__ import annotations

from collections.abc import Callable

from vtes_desktop.cards.grammar import auto_gear, compile_rules
from vtes_desktop.engine import flow
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.state import ActionFrame, Mod, ReferendumFrame

WHERE: dict[str, str] = {
    "lock_for_vote": "vote_votes (rules_politics.vote)",
    "burn_blood_for_votes": "use (then rules_politics.vote casts the gained votes)",
    "fail_directed": "use",
    "lock_for_stealth": "use",
    "no_vampire_block": "use (effects_action.block_refusal reads the no_block_vampires mod)",
    "own_bleed": "announce_own / succeed_own",
    "own_bleed_only": "announce_own (the bleed leaves out other equipment's bleed)",
    "give_blood_each": "announce_own / succeed_own",
    "move_bank_blood": "announce_own / succeed_own",
    "steal_uncontrolled": "announce_own / succeed_own",
    "equip_locks_card": "equipped",
    "lock_to_unlock_after_success": "use",
    "others_enter_combat_with_bearer": "announce_own / succeed_own",
    "steal_by_any_vampire": "announce_own / succeed_own",
    "hand_size": "hand_size_bonus (rules_turn.hand_size)",
    "intercept_vs_played_modifier": "intercept_bonus (rules_action.intercept)",
    "rescue_stealth_discount": "stealth_bonus (rules_action.stealth) / action_discount (rules_action.announce)",
    "considered_sect": "sect_of (context.sect)",
    "bearer_hunt_clan": "hunt_bonus (rules_action hunt)",
    "mortal_damage_for_blood": "announce_own / succeed_own",
    "no_discipline_cards_after_burn": "use (a no_discipline_cards mod) / card_refusal (rules_action.requirement_refusal)",
    "bearer_stealth_kinds": "stealth_bonus (rules_action.stealth)",
    "own_bleed_bonus_if_none_ready_unlocked": "succeed_own",
    "gehenna_cost": "event_cost (rules_action._play_event)",
    "equip_stealth": "stealth_bonus (rules_action.stealth)",
    "burn_if_blocked_by_title": "blocked (rules_action._blocked)",
    "equip_counters": "equipped",
    "unlock_move_blood_to_bearer": "use",
    "burn_when_empty": "use (burned as its last counter leaves)",
    "move_blood_to_card": "announce_own / succeed_own",
    "card_blood_cap": "announce_own (refused when full) / succeed_own",
    "bleed_per_card_blood": "bleed_bonus (rules_action.minion_bleed)",
    "intercept_penalty_allies_younger": "intercept_bonus (rules_action.intercept)",
    "others_burn_card_lock_bearer": "announce_own / succeed_own",
    "bearer_bleed_votes_clan": "bleed_bonus (rules_action.minion_bleed) / votes_bonus (rules_politics.vote, uncast)",
    "reaction_surcharge_while_acting": "surcharge (rules_action._apply_modes)",
    "choose_prey_minion": "use (the chosen minion, kept in the state's marks)",
    "chosen_cannot_block": "block_refusal (rules_action.block)",
    "untargetable_by_disciplines": "target_refusal (rules_action.announce)",
    "discipline_plus_level": "discipline_level (context.discipline_level)",
    "discipline_superior": "discipline_level (context.discipline_level)",
    "unlock_after_rescue": "use",
    "burn_for_discipline_level": "use / discipline_level (context.discipline_level)",
    "master_end_burn_unless_master_played": "master_phase_end (rules_turn.end_phase)",
    "unlock_counter_up_to": "start_of_unlock_phase (flow)",
    "counter_levels": "discipline_level (context.discipline_level)",
    "counters_lost_on_move": "equipped / succeed_own (a steal) / the host kept in marks",
    "counter_on_success": "action_succeeded (rules_action._succeed)",
    "remove_bearer_for_pool": "use",
    "unlock_choose_level": "use / discipline_level (context.discipline_level)",
    "bearer_bleed_capacity_clan": "bleed_bonus (rules_action.minion_bleed) / capacity_bonus (context.capacity)",
    "stealth_on_required_sect": "stealth_bonus (rules_action.stealth)",
    "titled_opponents_strength": "strength_bonus (rules_combat.strength)",
    "unlock_blood_to_card_or_burn": "use / phase_end_refusal (rules_turn.end_phase)",
    "burn_counter_for_stealth": "use",
    "only_defends_itself": "block_refusal (rules_action.block) / reaction_refusal (rules_action play)",
    "stash_equipment": "use (the card shown to all, face down on the truck)",
    "equip_from_stash": "adjust_action (rules_action.announce: requirements and cost) / equipped (face up)",
    "choose_vampire": "use (the chosen one kept in marks)",
    "lock_burn_chosen_blood": "use",
    "intercept_vs_chosen": "intercept_bonus (rules_action.intercept)",
    "burn_cancel_block_combat": "use (a cancel_combat mod: effects_action.no_combat) / blocked (the bearer unlocks)",
    "chosen_burns_after": "use",
    "soul_gem": "before_burn / after_burn (context.burn)",
    "not_taken_by_diablerist": "stays_on_victim (rules_action.diablerie)",
    "half_blood_cost_except_modifiers": "cost_cut (rules_action.announce, _apply_modes; rules_combat._extra_blood)",
    "cost_cut_discipline": "cost_cut (rules_action.announce, _apply_modes; rules_combat._extra_blood)",
    "add_blood_uncontrolled_younger": "announce_own / succeed_own",
    "directed_actions_cost_pool": "adjust_action (rules_action.announce)",
    "burned_damages_host": "before_burn / after_burn (context.burn)",
    "never_contested": "contest_refusal (rules_turn._check_contest)",
    "put_on_any_minion": "equip_target (rules_action.announce) / equipped",
    "putter_intercept_vs_bearer": "intercept_bonus (rules_action.intercept)",
    "bearer_stealth_all": "stealth_bonus (rules_action.stealth)",
    "blocker_bearer_burns_actor": "blocked (rules_action._blocked)",
    "unlock_next_discard_on_equip": "equipped (effects_actioncard.unlock_at_discard)",
    "directed_actor_no_unlock": "adjust_action (rules_action.announce)",
    "others_burn_card_enter_combat": "announce_own / succeed_own",
    "add_blood_uncontrolled_any": "announce_own / succeed_own",
    "unlock_damage_own_minion": "use / phase_end_refusal (rules_turn.end_phase)",
    "bearer_cannot_hunt": "adjust_action (rules_action.announce)",
    "own_enter_combat": "announce_own / succeed_own",
    "superior_if_has": "discipline_level (context.discipline_level)",
    "immune_to_frenzy": "play_refusal (rules_action.play) / target_refusal (rules_action.announce)",
    "rejects_cards_requiring": "play_refusal / target_refusal / equipped (those on the bearer burn)",
    "lock_continue_unblocked": "use",
    "burn_if_blocked_again": "blocked (rules_action._blocked)",
    "lock_burn_imbued_action": "announce_own (rules_diablerie.announce_burn_imbued) / succeed_own",
    "unique_location": "contest (rules_turn._check_contest) / not_equipment (effects_combat.is_equipment)",
    "neighbours_minions_enter_locked": "entered_play (context.move)",
    "neighbours_younger_burn": "entered_play (context.move)",
    "remove_clan_vampire_or_burn": "equipped (a pending mark) / use / phase_end_refusal (rules_turn.end_phase)",
    "blood_for_hand_size_turn": "use / hand_size_bonus (rules_turn.hand_size)",
    "superiors_and_combat_cost": "discipline_level (context.discipline_level) / cost_cut",
    "unmovable_while_ready": "move_refusal (context.move)",
    "unlock_pool_or_burn": "use / phase_end_refusal (rules_turn.end_phase)",
    "blood_for_basic_discipline": "use / discipline_level (context.discipline_level); spent by cost_cut or "
                                  "adjust_action as the card is played",
    "diablerie_gifts": "diablerie (rules_action.diablerie) / use",
    "burn_location_action": "announce_own / succeed_own",
    "draw_action": "announce_own / succeed_own",
    "second_copy_after_equip": "equipped (a mark for this turn) / use",
    "gain_on_gehenna_event": "event_played (rules_action._play_event)",
}
SECOND = "gear: second copy"   # marks: (card iid, SECOND, turn) - it was just equipped from hand
GIFT = "gear: may receive"   # marks: (vampire iid, GIFT, (card iid, turn)) - a master Discipline card it may take
PENDING = "gear: pending"   # marks: (card iid, PENDING, what) - a choice the card waits for
PUTTER = "gear: put by"   # marks: (card iid, PUTTER, the vampire that put it on its bearer)
HOST = "gear: counters' host"   # marks: (card iid, HOST, minion iid) - the minion its counters belong to
CHOSEN = "gear: chosen"          # marks: (card iid, CHOSEN, minion iid)
LEVEL = "gear: discipline level"   # marks: (vampire iid, LEVEL, (trigram, seat, turn))
HANDLED: frozenset[str] = frozenset(WHERE)

_OPEN = ("announced", "blocks", "attempt", "declined")   # the action is under way, not yet resolved
_ACTIONS = ("own_bleed", "give_blood_each", "move_bank_blood", "steal_uncontrolled", "mortal_damage_for_blood",
            "move_blood_to_card", "add_blood_uncontrolled_younger", "add_blood_uncontrolled_any", "own_enter_combat",
            "lock_burn_imbued_action", "burn_location_action", "draw_action")
_TARGETLESS = ("own_bleed", "give_blood_each", "move_blood_to_card", "draw_action")   # own_bleed: target optional
_OTHERS = ("others_enter_combat_with_bearer", "steal_by_any_vampire", "others_burn_card_lock_bearer",
           "others_burn_card_enter_combat")   # actions taken by another's minion
_CACHE: dict = {}


def card_readings(ctx: Ctx, iid: int) -> tuple[tuple, ...]:
    """The readings this family claims on a card, at the level it was played (its superior mode, else its basic
    one; a card with no levels: all its modes), cached by card id and level."""
    c = ctx.st.cards[iid]
    key = (c.cid, c.level)
    got = _CACHE.get(key)
    if got is None:
        rules = ctx.rules(iid)
        if "Equipment" not in rules.types:
            got = ()
        else:
            modes = rules.modes
            if any(m.level for m in modes):
                modes = [m for m in modes if c.level and m.level == c.level] or \
                    [m for m in modes if m.level is None or m.level.islower()][:1]
            got = tuple(r for m in modes for e in m.effects if (r := auto_gear.claims(e, rules.types)) is not None)
        _CACHE[key] = got
    return got


def _first(ctx: Ctx, iid: int, *kinds: str) -> tuple | None:
    return next((r for r in card_readings(ctx, iid) if r[0] in kinds), None)


def _clan_is(ctx: Ctx, m: int, clan: str) -> bool:
    if clan == "ally":
        return "Ally" in ctx.cdef(m).types
    if clan in ("anarch", "laibon"):   # sects the cards name like clans ("this Laibon")
        return (ctx.sect(ctx.st.cards[m]) or "").lower() == clan
    return clan in {c.lower() for c in ctx.cdef(m).clans}


def _host(ctx: Ctx, iid: int) -> int:
    c = ctx.st.cards[iid]
    if c.region != "attached" or c.host is None:
        raise Illegal("use", f"{ctx.name(iid)} is not on a minion")
    return c.host


# -- uses ------------------------------------------------------------------------------------------------------

def use(ctx: Ctx, cmd, iid: int) -> bool:
    """A `use` of an equipment effect this family claims; False when the card has none."""
    if ctx.st.cards[iid].region != "attached":
        return False
    rs = card_readings(ctx, iid)
    if not rs:
        return False
    f = ctx.st.top
    for names, handler, with_reading in _USES:   # the first use the card has, in this order
        r = next((x for x in rs if x[0] in names), None)
        if r is None or not _use_open(ctx, iid, r[0]):
            continue
        if with_reading:
            handler(ctx, cmd, iid, r)
        else:
            handler(ctx, cmd, iid)
        return True
    fail = _first(ctx, iid, "fail_directed")
    stealth = _first(ctx, iid, "lock_for_stealth")
    if fail is None and stealth is None:
        return False
    host = _host(ctx, iid)
    if not isinstance(f, ActionFrame) or f.stage not in _OPEN:
        raise Illegal("timing", f"{ctx.name(iid)} is used during an action, before it resolves")
    if fail is not None and f.target_card == host and f.directed and f.actor != host and \
            (stealth is None or cmd.effect != "stealth"):
        _fail_directed(ctx, cmd, iid, host, f, fail)
        return True
    if stealth is not None and f.actor == host:
        _lock_for_stealth(ctx, iid, host, f, stealth)
        return True
    raise Illegal("timing", f"{ctx.name(iid)} is used while {ctx.name(host)} acts"
                            + (" or is the target of a directed action" if fail is not None else ""))


def _fail_directed(ctx: Ctx, cmd, iid: int, host: int, f: ActionFrame, r: tuple) -> None:
    """Zaire River Ferry: the card locks as an action directed at its Lasombra is announced; Body Bag: its ready
    anarch burns 2 blood while an action is directed at them. Either way the action fails."""
    _, how, n, who = r
    st = ctx.st
    name = ctx.name(iid)
    hc = st.cards[host]
    if not _clan_is(ctx, host, who):
        raise Illegal("use", f"{name} works for {'an' if who[0] in 'aeiou' else 'a'} {who.title()}; "
                             f"{ctx.name(host)} is not one")
    if how == "lock":
        if f.stage != "announced":
            raise Illegal("timing", f"{name} locks as the action directed at {ctx.name(host)} is announced "
                                    "(before blocks are declined or attempted)")
        if st.cards[iid].locked:
            raise Illegal("locked", f"{name} is locked")
        ctx.update(iid, locked=True)
        why = f"{name} locks"
    else:
        if hc.region != "ready":
            raise Illegal("ready", f"{ctx.name(host)} is not ready")
        if hc.counters < n:
            raise Illegal("cost", f"{ctx.name(host)} has {hc.counters} blood; {name} costs {n}")
        ctx.update(host, counters=hc.counters - n)
        ctx.emit("paid", f"{ctx.name(host)} burns {n} blood ({name}).", cards=(host,))
        why = f"{ctx.name(host)} burns {n} blood"
    f = st.top
    flow.set_top(ctx, f._replace(outcome="unsuccessful", stage="resolution", imp=f.imp._replace(at=0, passes=0)))
    ctx.emit("unsuccessful", f"The action directed at {ctx.name(host)} fails ({why}: {name}).", cards=(host,))


def _lock_for_stealth(ctx: Ctx, iid: int, host: int, f: ActionFrame, r: tuple) -> None:
    """Zaire River Ferry: the card locks to give its acting Lasombra +1 stealth for this action."""
    _, n, who = r
    name = ctx.name(iid)
    if not _clan_is(ctx, host, who):
        raise Illegal("use", f"{name} gives stealth to a {who.title()}; {ctx.name(host)} is not one")
    if ctx.st.cards[iid].locked:
        raise Illegal("locked", f"{name} is locked")
    ctx.update(iid, locked=True)
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("stealth", n, None, iid),)))
    ctx.emit("stealth", f"{name} locks: {ctx.name(host)} gets +{n} stealth.", cards=(host,))


def _no_vampire_block(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Flaming Candle: as its vampire announces an action, it burns 1 blood and the card: vampires cannot block."""
    st = ctx.st
    f = st.top
    host = _host(ctx, iid)
    name = ctx.name(iid)
    if not isinstance(f, ActionFrame) or f.actor != host or f.stage != "announced":
        raise Illegal("timing", f"{name} is burned as {ctx.name(host)} announces an action")
    blood = r[1]
    hc = st.cards[host]
    if blood:
        if hc.counters < blood:
            raise Illegal("cost", f"{ctx.name(host)} has {hc.counters} blood; {name} costs {blood}")
        ctx.update(host, counters=hc.counters - blood)
        ctx.emit("paid", f"{ctx.name(host)} burns {blood} blood ({name}).", cards=(host,))
    bar = _first(ctx, iid, "no_discipline_cards_after_burn") is not None
    ctx.burn(iid, "to make the action unblockable by vampires")
    f = st.top
    mods = (Mod("no_block_vampires", 0, None, iid),) + ((Mod("no_discipline_cards", 0, host, iid),) if bar else ())
    flow.set_top(ctx, f._replace(mods=f.mods + mods))
    if bar:
        ctx.emit("effect", f"{ctx.name(host)} cannot play cards requiring Disciplines until the action is over "
                           f"({name}).", cards=(host,))
    ctx.emit("no_block", f"Vampires cannot block {poss(ctx.name(host))} action ({name}).", cards=(host,))


def _polaris(ctx: Ctx, cmd, iid: int) -> None:
    """Polaris Coach: in its controller's unlock phase, 1 blood of its vampire onto it (effect `blood`) or it burns
    (effect `burn`), once; while its vampire acts, a counter of it burned for +1 stealth this action."""
    st = ctx.st
    host = _host(ctx, iid)
    name = ctx.name(iid)
    f = st.top
    if isinstance(f, ActionFrame) and f.stage in _OPEN and f.actor == host:
        r = _first(ctx, iid, "burn_counter_for_stealth")
        if r is None:
            raise Illegal("use", f"{name} gives no stealth")
        if st.cards[iid].counters < 1:
            raise Illegal("use", f"{name} has no counter to burn")
        ctx.update(iid, counters=st.cards[iid].counters - 1)
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("stealth", r[1], None, iid),)))
        ctx.emit("stealth", f"{ctx.name(host)} burns a counter of {name}: +{r[1]} stealth.", cards=(host,))
        return
    r = _first(ctx, iid, "unlock_blood_to_card_or_burn")
    if r is None or st.phase != "unlock" or st.active != cmd.seat or st.frames:
        raise Illegal("timing", f"{name} is used in your unlock phase, or while its vampire acts")
    key = (iid, ("gear unlock", st.turn))
    if key in st.acted:
        raise Illegal("repeat", f"{name} has already been seen to this unlock phase")
    way = (cmd.effect or "").strip().lower()
    if way == "blood":
        hc = st.cards[host]
        if hc.counters < r[1]:
            raise Illegal("blood", f"{ctx.name(host)} has no blood to move to {name}: burn it (effect: burn)")
        ctx.update(host, counters=hc.counters - r[1])
        ctx.update(iid, counters=st.cards[iid].counters + r[1])
        ctx.emit("moved", f"{ctx.name(host)} moves {r[1]} blood to {name}.", cards=(host, iid))
    elif way == "burn":
        ctx.burn(iid, "its vampire keeps its blood")
    else:
        raise Malformed("effect", f"{name}: move 1 blood onto it (effect: blood) or burn it (effect: burn)")
    st.acted = st.acted | {key}


def _shango_entry(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Reliquary: Shango Remains as it comes into play: an Assamite of your ash heap (the use's minion), or of your
    uncontrolled region for 1 pool, is removed from the game; or (effect: burn) the card burns."""
    st = ctx.st
    name = ctx.name(iid)
    _, clan, pool = r
    if (cmd.effect or "").strip().lower() == "burn":
        st.marks = st.marks - {(iid, PENDING, "remove")}
        ctx.burn(iid, "no Assamite removed")
        return
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name an {clan.title()} of your ash heap or uncontrolled region "
                                  f"(minion), or burn it (effect: burn)")
    t = flow.ref(ctx, cmd.seat, cmd.minion, what="vampire")
    tc = st.cards[t]
    if not ctx.is_vampire(tc) or not _clan_is(ctx, t, clan) or tc.owner != cmd.seat \
            or tc.region not in ("ash_heap", "uncontrolled"):
        raise Illegal("minion", f"{name}: {ctx.name(t)} is not an {clan.title()} of your ash heap or uncontrolled "
                                "region")
    if tc.region == "uncontrolled":
        if st.seats[cmd.seat].pool < pool:
            raise Illegal("cost", f"{ctx.seat_name(cmd.seat)} has no pool to burn for {name}")
        ctx.pool(cmd.seat, -pool, name)
    st.marks = st.marks - {(iid, PENDING, "remove")}
    ctx.move(t, "removed")
    ctx.emit("removed", f"{ctx.name(t)} is removed from the game ({name}).", cards=(t,))


def _shango_hand(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Reliquary: Shango Remains: once each turn, its ready Assamite burns 1 blood: +2 hand size until the end of
    the turn."""
    st = ctx.st
    host = _host(ctx, iid)
    name = ctx.name(iid)
    _, blood, n, clan = r
    hc = st.cards[host]
    if hc.region != "ready" or not _clan_is(ctx, host, clan):
        raise Illegal("use", f"{name}: its bearer is not a ready {clan.title()}")
    key = (iid, ("gear hand size", st.turn))
    if key in st.acted:
        raise Illegal("repeat", f"{name} is used once each turn")
    if hc.counters < blood:
        raise Illegal("cost", f"{ctx.name(host)} has no blood to burn")
    ctx.update(host, counters=hc.counters - blood)
    st.acted = st.acted | {key}
    ctx.emit("hand_size", f"{ctx.name(host)} burns {blood} blood: +{n} hand size until the end of the turn ({name}).",
             cards=(host,))


def _second_copy(ctx: Ctx, cmd, iid: int) -> None:
    """Dagger: just equipped from hand (this turn's equip action), a second copy from hand or ash heap (the use's
    effect) goes on the same minion."""
    st = ctx.st
    host = _host(ctx, iid)
    name = ctx.name(iid)
    mark = (iid, SECOND, st.turn)
    if mark not in st.marks:
        raise Illegal("timing", f"{name}: a second copy goes on the minion right after it equips with {name} from hand")
    if not cmd.effect:
        raise Malformed("effect", f"{name}: name the second copy in your hand or ash heap (effect)")
    cid = st.cards[iid].cid
    spare = [i for reg in ("hand", "ash_heap") for i in st.region(cmd.seat, reg) if st.cards[i].cid == cid]
    e = cmd.effect.strip()
    if e.isdigit():
        w = int(e)
    elif ctx.db.lookup(e) is not None and ctx.db.lookup(e).id == cid and spare:
        w = spare[0]   # the card's own name: a copy in hand, else in the ash heap
    else:
        w = flow.ref(ctx, cmd.seat, e)
    wc = st.cards.get(w)
    if wc is None or w == iid or wc.owner != cmd.seat or wc.region not in ("hand", "ash_heap") or wc.cid != cid:
        raise Illegal("effect", f"{name}: {ctx.name(w)} is not another {name} in your hand or ash heap")
    st.marks = st.marks - {mark}
    was = wc.region
    ctx.move(w, "attached", host=host)
    if was == "hand":
        from vtes_desktop.engine.rules_action import played_from_hand

        played_from_hand(ctx, cmd.seat, w, ctx.rules(w), to="none")
    ctx.emit("equipped", f"A second {name} goes on {ctx.name(host)} from the {was.replace('_', ' ')}.", cards=(host, w))


def event_played(ctx: Ctx, rules) -> None:
    """A Gehenna event is played: Tapestry of Blood's vampire gains 1 blood."""
    if "gehenna" not in rules.keywords:
        return
    st = ctx.st
    for host, hosted in list(st.attached.items()):
        if host not in st.cards or st.cards[host].region not in ("ready", "torpor"):
            continue
        for a in hosted:
            for r in card_readings(ctx, a) if a in st.cards else ():
                if r[0] == "gain_on_gehenna_event":
                    before = st.cards[host].counters
                    ctx.set_blood(host, before + r[1])
                    ctx.emit("gain", f"{ctx.name(host)} gains {st.cards[host].counters - before} blood ({ctx.name(a)}).",
                             cards=(host,))


def diablerie(ctx: Ctx, diablerist: int, victim: int) -> None:
    """Codex of the Damned: its bearer with Thaumaturgy has committed diablerie: each other ready vampire of its
    Methuselah gains 1 blood; each younger than the victim may take a master Discipline card this turn (a use)."""
    st = ctx.st
    if diablerist not in st.attached:
        return
    for a, rs in list(_gear_on(ctx, diablerist)):
        for r in rs:
            if r[0] != "diablerie_gifts" or ctx.discipline_level(st.cards[diablerist], r[1]) < 1:
                continue
            seat = st.cards[diablerist].controller
            cap = ctx.cdef(victim).capacity or 0
            for v in st.region(seat, "ready"):
                vc = st.cards[v]
                if v == diablerist or not ctx.is_vampire(vc) or vc.contested:
                    continue
                before = vc.counters
                ctx.set_blood(v, before + r[2])
                ctx.emit("gain", f"{ctx.name(v)} gains {st.cards[v].counters - before} blood ({ctx.name(a)}).",
                         cards=(v,))
                if ctx.capacity(st.cards[v]) < cap:
                    st.marks = st.marks | {(v, GIFT, (a, st.turn))}


def _gift(ctx: Ctx, cmd, iid: int) -> None:
    """Codex of the Damned: a vampire the diablerie made eligible this turn (the use's minion) takes a master
    Discipline card (the use's effect) from its Methuselah's ash heap, hand or library (shuffled afterward)."""
    from vtes_desktop.engine.rules_diablerie import _is_master_discipline

    st = ctx.st
    name = ctx.name(iid)
    if cmd.minion is None or not cmd.effect:
        raise Malformed("minion", f"{name}: name the vampire (minion) and the master Discipline card (effect)")
    v = flow.ref(ctx, cmd.seat, cmd.minion, what="vampire")
    mark = next((x for x in st.marks if len(x) == 3 and x[0] == v and x[1] == GIFT and x[2][1] == st.turn), None)
    if mark is None:
        raise Illegal("minion", f"{name}: {ctx.name(v)} may not receive a master Discipline card now")
    w = flow.ref(ctx, cmd.seat, cmd.effect)
    wc = st.cards[w]
    if wc.owner != cmd.seat or wc.region not in ("ash_heap", "hand", "library") or \
            not _is_master_discipline(ctx.cdef(w)):
        raise Illegal("effect", f"{name}: {ctx.name(w)} is not a master Discipline card of your ash heap, hand or "
                                "library")
    was = wc.region
    st.marks = st.marks - {mark}
    ctx.move(w, "attached", host=v)
    ctx.update(w, controller=cmd.seat)
    if was == "library":
        ctx.shuffle(cmd.seat, "library")
    ctx.emit("discipline", f"{ctx.name(v)} receives {ctx.name(w)} from the {was.replace('_', ' ')} ({name}).",
             cards=(v, w))


def _amulet(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Amulet of Temporal Perception: once each turn its vampire burns 1 blood; the next card requiring Temporis it
    plays this turn, it plays as if it had basic Temporis."""
    st = ctx.st
    host = _host(ctx, iid)
    name = ctx.name(iid)
    _, tri, blood = r
    key = (iid, ("gear once", st.turn))
    if key in st.acted:
        raise Illegal("repeat", f"{name} can be used only once each turn")
    hc = st.cards[host]
    if hc.counters < blood:
        raise Illegal("cost", f"{ctx.name(host)} has no blood to burn")
    ctx.update(host, counters=hc.counters - blood)
    st.acted = st.acted | {key}
    st.marks = st.marks | {(host, LEVEL, (tri, cmd.seat, st.turn, "once"))}
    ctx.emit("discipline", f"{ctx.name(host)} burns {blood} blood: its next card requiring [{tri}] this turn is played "
                           f"as if it had basic [{tri}] ({name}).", cards=(host,))


def _spend_once_level(ctx: Ctx, m: int | None, rules) -> None:
    """A card requiring the Discipline an Amulet of Temporal Perception lent is played: the loan is spent."""
    st = ctx.st
    if m is None or not st.marks:
        return
    discs = {d.lower() for d in rules.disciplines}
    spent = {x for x in st.marks if len(x) == 3 and x[1] == LEVEL and x[0] == m and len(x[2]) == 4
             and x[2][3] == "once" and x[2][0] in discs}
    if spent:
        st.marks = st.marks - spent


def _pool_or_burn(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Eye of Hazimel: in its controller's unlock phase, 1 pool (effect: pool) or the card burns (effect: burn)."""
    st = ctx.st
    name = ctx.name(iid)
    if st.phase != "unlock" or st.active != cmd.seat or st.frames:
        raise Illegal("timing", f"{name} is kept or burned during your unlock phase")
    key = (iid, ("gear unlock", st.turn))
    if key in st.acted:
        raise Illegal("repeat", f"{name} has already been seen to this unlock phase")
    way = (cmd.effect or "").strip().lower()
    if way == "pool":
        if st.seats[cmd.seat].pool < r[1]:
            raise Illegal("cost", f"{ctx.seat_name(cmd.seat)} has no pool to burn: burn {name} (effect: burn)")
        st.acted = st.acted | {key}
        ctx.pool(cmd.seat, -r[1], name)
    elif way == "burn":
        st.acted = st.acted | {key}
        ctx.burn(iid, "its Methuselah keeps the pool")
    else:
        raise Malformed("effect", f"{name}: burn {r[1]} pool (effect: pool) or burn it (effect: burn)")


def move_refusal(ctx: Ctx, iid: int, host: int) -> str | None:
    """Why an attached card cannot go to another minion now (Eye of Hazimel, while its bearer is ready)."""
    c = ctx.st.cards[iid]
    if c.host is None or c.host == host or ctx.st.cards[c.host].region != "ready":
        return None
    if any(r[0] == "unmovable_while_ready" for r in card_readings(ctx, iid)):
        return f"{ctx.name(iid)} cannot be moved or stolen while {ctx.name(c.host)} is ready"
    return None


def _ambulance(ctx: Ctx, cmd, iid: int) -> None:
    """Ambulance: after a combat between its acting minion and the blocker, it locks and the action goes on as if
    unblocked (new block attempts may follow); blocked again, it burns (blocked)."""
    st = ctx.st
    f = st.top
    host = _host(ctx, iid)
    name = ctx.name(iid)
    if not isinstance(f, ActionFrame) or f.stage != "resolution" or f.outcome != "blocked" or f.actor != host \
            or st.cards[host].region != "ready":
        raise Illegal("timing", f"{name} is locked after a combat between its acting minion and a blocker")
    if st.cards[iid].locked:
        raise Illegal("locked", f"{name} is locked")
    ctx.update(iid, locked=True)
    if f.card is not None and st.cards[f.card].region == "ash_heap":
        ctx.move(f.card, "aside")
    f = st.top
    flow.set_top(ctx, f._replace(stage="blocks", outcome=None, blocker=None, imp=f.imp._replace(at=0, passes=0),
                                 mods=f.mods + (Mod("gear_ambulance", 0, host, iid),)))
    ctx.emit("continues", f"{name} locks: the action continues as if unblocked.", cards=(host,))


def _unlock_damage(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Talbot's Chainsaw: in its controller's unlock phase, with its bearer ready, it inflicts 3 unpreventable damage
    on a ready minion they control (the use's minion), once."""
    st = ctx.st
    host = _host(ctx, iid)
    name = ctx.name(iid)
    if st.phase != "unlock" or st.active != cmd.seat or st.frames or st.cards[host].region != "ready":
        raise Illegal("timing", f"{name} hurts a minion during your unlock phase, while its bearer is ready")
    key = (iid, ("gear unlock", st.turn))
    if key in st.acted:
        raise Illegal("repeat", f"{name} has already done its damage this unlock phase")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the ready minion you control that takes the damage (minion)")
    t = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    tc = st.cards[t]
    if tc.controller != cmd.seat or tc.region != "ready" or not ctx.is_minion(tc):
        raise Illegal("minion", f"{name}: {ctx.name(t)} is not a ready minion you control")
    st.acted = st.acted | {key}
    from vtes_desktop.engine.rules_combat import inflict

    ctx.emit("effect", f"{name} inflicts {r[1]} unpreventable damage on {ctx.name(t)}.", cards=(t,))
    inflict(ctx, t, r[1], 0)


def phase_end_refusal(ctx: Ctx, seat: int) -> str | None:
    """Why *seat*'s unlock phase cannot end yet: a Polaris Coach not yet given blood or burned."""
    st = ctx.st
    if st.marks:
        for x in st.marks:
            if len(x) == 3 and x[1] == PENDING and x[0] in st.cards and st.cards[x[0]].region == "attached" \
                    and st.cards[x[0]].controller == seat:
                return f"{ctx.name(x[0])}: remove an Assamite of your ash heap or uncontrolled region from the game " \
                       f"(use, minion), or burn it (use, effect: burn) first"
    if st.phase != "unlock":
        return None
    for m in st.region(seat, "ready") + st.region(seat, "torpor"):
        if m not in st.attached:
            continue
        for a, rs in _gear_on(ctx, m):
            if any(r[0] == "unlock_blood_to_card_or_burn" for r in rs) and (a, ("gear unlock", st.turn)) not in st.acted:
                return f"{ctx.name(a)}: move 1 blood from {ctx.name(m)} onto it (use, effect: blood) or burn it " \
                       f"(effect: burn) first"
            if any(r[0] == "unlock_pool_or_burn" for r in rs) and (a, ("gear unlock", st.turn)) not in st.acted:
                return f"{ctx.name(a)}: burn 1 pool (use, effect: pool) or burn it (effect: burn) first"
            if any(r[0] == "unlock_damage_own_minion" for r in rs) and st.cards[m].region == "ready" \
                    and (a, ("gear unlock", st.turn)) not in st.acted:
                return f"{ctx.name(a)}: name the ready minion you control it damages first (use, minion)"
    return None


def reaction_refusal(ctx: Ctx, f: ActionFrame, m: int) -> str | None:
    """Why *m* cannot play a reaction card now (Polaris Coach: only during actions directed at its vampire)."""
    if m not in ctx.st.attached:
        return None
    for a, rs in _gear_on(ctx, m):
        if any(r[0] == "only_defends_itself" for r in rs) and not (f.directed and f.target_card == m):
            return f"{ctx.name(m)} plays reactions only during actions directed at itself ({ctx.name(a)})"
    return None


def _stash(ctx: Ctx, cmd, iid: int) -> None:
    """Delivery Truck: in your master phase, a non-location equipment card from your hand (the use's effect) is
    shown and put face down on the truck, if it holds none."""
    st = ctx.st
    name = ctx.name(iid)
    if st.phase != "master" or st.active != cmd.seat or st.frames:
        raise Illegal("timing", f"{name} is loaded during your master phase")
    if st.attached.get(iid):
        raise Illegal("full", f"{name} already holds {ctx.name(st.attached[iid][0])}")
    if not cmd.effect:
        raise Malformed("effect", f"{name}: name the equipment card from your hand (effect)")
    w = flow.ref(ctx, cmd.seat, cmd.effect)
    wc = st.cards[w]
    wr = ctx.rules(w)
    if wc.region != "hand" or wc.owner != cmd.seat or "Equipment" not in wr.types:
        raise Illegal("effect", f"{name}: {ctx.name(w)} is not an equipment card in your hand")
    if "location" in wr.keywords or "location" in ctx.cdef(w).text.split(".")[0].lower():
        raise Illegal("effect", f"{name} holds only a non-location equipment card")
    ctx.move(w, "attached", host=iid, face_down=True)
    ctx.emit("stashed", f"{ctx.seat_name(cmd.seat)} shows {ctx.name(w)} and puts it face down on {name}.",
             cards=(w, iid))


def adjust_action(ctx: Ctx, kind: str, m: int, f: dict) -> None:
    """An action's cost and requirements as this family's cards change them, as it is announced: Catacombs'
    cheaper rescue; equipping from a Delivery Truck (requirements and cost as for a card from hand)."""
    t = f.get("target_card")
    st = ctx.st
    if st.marks and f.get("card") is not None:
        _spend_once_level(ctx, m, ctx.rules(f["card"]))   # Amulet of Temporal Perception
    if m in st.attached and (kind == "hunt" or f.get("effect") == "hunt"):
        for a, rs in _gear_on(ctx, m):
            if any(r[0] == "bearer_cannot_hunt" for r in rs):
                raise Illegal("hunt", f"{ctx.name(m)} cannot hunt ({ctx.name(a)})")
    if f.get("directed") and t is not None and t in st.attached and ctx.is_vampire(st.cards[m]):
        for a, rs in _gear_on(ctx, t):
            if any(r[0] == "directed_actor_no_unlock" and _clan_is(ctx, t, r[1]) for r in rs):
                st.skip_unlock = st.skip_unlock | {m}
                ctx.emit("effect", f"{ctx.name(m)} will not unlock as normal next unlock phase ({ctx.name(a)}).",
                         cards=(m,))
    if f.get("directed") and t is not None and t in ctx.st.attached:
        more = sum(r[1] for _, rs in _gear_on(ctx, t) for r in rs if r[0] == "directed_actions_cost_pool")
        if more:
            f["cost_pool"] = f.get("cost_pool", 0) + more
            if ctx.st.seats[f["seat"]].pool < f["cost_pool"]:
                raise Illegal("cost", f"{ctx.seat_name(f['seat'])} has {ctx.st.seats[f['seat']].pool} pool; an action "
                                      f"directed at {ctx.name(t)} costs {more} pool more")
            ctx.emit("cost", f"An action directed at {ctx.name(t)} costs {more} pool more.", cards=(t,))
    cut = action_discount(ctx, kind, m)
    if cut and f.get("cost_blood"):
        f["cost_blood"] = max(0, f["cost_blood"] - cut)
    elif cut and f.get("rescue_split"):
        f["rescue_split"] = max(0, f["rescue_split"] - cut)
    w = f.get("equip_from")
    if kind != "equip" or w is None:
        return
    why = move_refusal(ctx, w, m)   # Eye of Hazimel
    if why:
        raise Illegal("equip", why)
    st = ctx.st
    truck = st.cards[w].host
    if truck is None or truck not in st.cards or not any(r[0] == "equip_from_stash" for r in card_readings(ctx, truck)):
        return
    from vtes_desktop.engine.rules_action import _cost, requirement_refusal

    wr = ctx.rules(w)
    why = requirement_refusal(ctx, w, wr, None, m)
    if why:
        raise Illegal("requirements", why)
    pool, blood = _cost(wr, None)
    mc = st.cards[m]
    if blood and mc.counters < blood:
        raise Illegal("cost", f"{ctx.name(m)} has {mc.counters} blood; {wr.name} costs {blood}")
    if pool and st.seats[f["seat"]].pool < pool:
        raise Illegal("cost", f"{ctx.seat_name(f['seat'])} has {st.seats[f['seat']].pool} pool; {wr.name} costs {pool}")
    f["cost_pool"] = f.get("cost_pool", 0) + pool
    f["cost_blood"] = f.get("cost_blood", 0) + blood


def _remove_bearer_for_pool(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Journal of Hrorsh: outside an action, its ready Salubri is removed from the game; its counters go to its
    Methuselah's pool."""
    st = ctx.st
    host = _host(ctx, iid)
    name = ctx.name(iid)
    if any(isinstance(x, ActionFrame) for x in st.frames):
        raise Illegal("timing", f"{name} is not used during an action")
    if st.cards[host].region != "ready" or not _clan_is(ctx, host, r[1]):
        raise Illegal("use", f"{name}: {ctx.name(host)} is not a ready {r[1].title()}")
    n = counters(ctx, iid)
    ctx.move(host, "removed")
    ctx.emit("removed", f"{ctx.name(host)} is removed from the game ({name}).", cards=(host,))
    if n:
        ctx.pool(cmd.seat, n, name)


def _unlock_choose_level(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Reliquary: Akunanse Remains: in its controller's unlock phase, the use's effect names one of its Disciplines;
    its Akunanse has 1 more level of it until the next unlock phase (once each unlock phase)."""
    st = ctx.st
    host = _host(ctx, iid)
    name = ctx.name(iid)
    if st.phase != "unlock" or st.active != cmd.seat or st.frames:
        raise Illegal("timing", f"{name}: the Discipline is chosen during your unlock phase")
    tri = (cmd.effect or "").strip().lower()
    if tri not in r[1]:
        raise Malformed("effect", f"{name}: choose one of {', '.join(r[1])} (effect)")
    if any(len(x) == 3 and x[1] == LEVEL and x[0] == host and x[2][1] == cmd.seat and x[2][2] == st.turn
           and x[2][3:] == (iid,) for x in st.marks):
        raise Illegal("repeat", f"{name}: the Discipline is already chosen this unlock phase")
    st.marks = st.marks | {(host, LEVEL, (tri, cmd.seat, st.turn, iid))}
    ctx.emit("discipline", f"{ctx.name(host)} has 1 more level of [{tri}] until the next unlock phase ({name}).",
             cards=(host,))


def counters(ctx: Ctx, iid: int) -> int:
    """The counters a card of this family holds for its present bearer (none once another minion has it)."""
    st = ctx.st
    c = st.cards[iid]
    if not c.counters or c.region != "attached":
        return c.counters if c.region == "attached" else 0
    if _first(ctx, iid, "counters_lost_on_move") is None:
        return c.counters
    owner = next((x[2] for x in st.marks if len(x) == 3 and x[0] == iid and x[1] == HOST), c.host)
    return c.counters if owner == c.host else 0


def _set_counters(ctx: Ctx, iid: int, n: int) -> None:
    st = ctx.st
    host = st.cards[iid].host
    old = {x for x in st.marks if len(x) == 3 and x[0] == iid and x[1] == HOST}
    st.marks = (st.marks - old) | {(iid, HOST, host)}
    ctx.update(iid, counters=n)


def _chosen(ctx: Ctx, iid: int) -> int | None:
    return next((m[2] for m in ctx.st.marks if len(m) == 3 and m[0] == iid and m[1] == CHOSEN), None)


def _choose(ctx: Ctx, cmd, iid: int) -> None:
    """Baleful Doll, Canopic Jar: the use's minion is the chosen one (a vampire of the prey; at superior of any
    Methuselah; any ready minion)."""
    st = ctx.st
    name = ctx.name(iid)
    whose = [r[1] for r in card_readings(ctx, iid) if r[0] == "choose_vampire"]
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the chosen minion (minion)")
    t = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    tc = st.cards[t]
    if "ready minion" in whose:
        ok = ctx.is_minion(tc) and tc.region == "ready" and not tc.contested
        what = "a ready minion"
    else:
        ok = ctx.is_vampire(tc) and tc.region in ("ready", "torpor") and \
            ("any" in whose or tc.controller == st.prey(cmd.seat))
        what = "a vampire " + ("in play" if "any" in whose else "your prey controls")
    if not ok:
        raise Illegal("minion", f"{name}: {ctx.name(t)} is not {what}")
    st.marks = st.marks | {(iid, CHOSEN, t)}
    ctx.emit("chosen", f"{name}: {ctx.name(t)} is chosen.", cards=(t,))


def _doll(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Baleful Doll: in its controller's unlock phase the bearer locks and burns it; the chosen vampire burns 3
    blood."""
    st = ctx.st
    host = _host(ctx, iid)
    name = ctx.name(iid)
    if st.phase != "unlock" or st.active != cmd.seat or st.frames:
        raise Illegal("timing", f"{name} is used during your unlock phase")
    hc = st.cards[host]
    if hc.region != "ready" or hc.locked:
        raise Illegal("locked", f"{ctx.name(host)} must be ready and unlocked to lock")
    t = _chosen(ctx, iid)
    ctx.update(host, locked=True)
    ctx.burn(iid, "to burn the chosen vampire's blood")
    tc = st.cards.get(t)
    if tc is None or tc.region not in ("ready", "torpor"):
        ctx.emit("fizzles", f"{name}: the chosen vampire is gone.")
        return
    n = min(r[1], tc.counters)
    ctx.update(t, counters=tc.counters - n)
    ctx.emit("burned", f"{ctx.name(t)} burns {n} blood ({name}).", cards=(t,))


def _jar(ctx: Ctx, cmd, iid: int) -> None:
    """Canopic Jar: its bearer blocking the chosen minion burns it before the block resolves: no combat, the bearer
    unlocks; at superior the chosen minion burns 1 blood or life."""
    st = ctx.st
    host = _host(ctx, iid)
    name = ctx.name(iid)
    f = st.top
    t = _chosen(ctx, iid)
    if not isinstance(f, ActionFrame) or f.stage != "attempt" or f.blocker != host or f.actor != t:
        raise Illegal("timing", f"{name} is burned while its bearer attempts to block the chosen minion")
    cid = st.cards[iid].cid
    more = _first(ctx, iid, "chosen_burns_after")
    ctx.burn(iid, "to cancel the combat")
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("cancel_combat", 0, host, iid, cid), Mod("gear_unlock_blocker", 0,
                                                                                            host, iid, cid))))
    ctx.emit("effect", f"{name}: if the block succeeds, there is no combat and {ctx.name(host)} unlocks.", cards=(host,))
    if more is not None and t in st.cards and st.cards[t].region in ("ready", "torpor"):
        tc = st.cards[t]
        n = min(more[1], tc.counters)
        life = "Ally" in ctx.cdef(t).types
        if life and tc.counters - n <= 0:
            ctx.burn(t, "no life left")
        else:
            ctx.update(t, counters=tc.counters - n)
        ctx.emit("burned", f"{ctx.name(t)} burns {n} {'life' if life else 'blood'} ({name}).", cards=(t,))


def _choose_prey_minion(ctx: Ctx, cmd, iid: int) -> None:
    """Incriminating Videotape: its controller chooses (the use's minion) a minion their prey controls, once."""
    st = ctx.st
    name = ctx.name(iid)
    if any(m[0] == iid and m[1] == CHOSEN for m in st.marks):
        raise Illegal("repeat", f"{name}: the minion is already chosen")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the minion your prey controls (minion)")
    t = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    tc = st.cards[t]
    if tc.controller != st.prey(cmd.seat) or not ctx.is_minion(tc) or tc.region not in ("ready", "torpor"):
        raise Illegal("minion", f"{name}: {ctx.name(t)} is not a minion your prey controls")
    st.marks = st.marks | {(iid, CHOSEN, t)}
    ctx.emit("chosen", f"{name}: {ctx.name(t)} is chosen; it cannot block {ctx.name(_host(ctx, iid))}.", cards=(t,))


def _unlock_after_rescue(ctx: Ctx, cmd, iid: int) -> None:
    """Ritual Goblet: once each turn, its vampire unlocks after its successful rescue of a vampire from torpor."""
    st = ctx.st
    f = st.top
    host = _host(ctx, iid)
    name = ctx.name(iid)
    if not isinstance(f, ActionFrame) or f.actor != host or f.kind != "rescue" or f.stage != "resolution" \
            or f.outcome != "successful":
        raise Illegal("timing", f"{name}: {ctx.name(host)} unlocks after rescuing a vampire from torpor")
    key = (iid, ("gear unlock after rescue", st.turn))
    if key in st.acted:
        raise Illegal("repeat", f"{name} is used once each turn")
    st.acted = st.acted | {key}
    ctx.update(host, locked=False)
    ctx.emit("unlocked", f"{ctx.name(host)} unlocks ({name}).", cards=(host,))


def _burn_for_level(ctx: Ctx, cmd, iid: int) -> None:
    """Vial of Elder Vitae: burned for 1 more level of one Discipline (the use's effect, a trigram) that its vampire
    does not have at superior, until its controller's next unlock phase."""
    st = ctx.st
    host = _host(ctx, iid)
    name = ctx.name(iid)
    tri = (cmd.effect or "").strip().lower()
    if len(tri) != 3 or not tri.isalpha():
        raise Malformed("effect", f"{name}: name the Discipline as its three letters (effect: pot)")
    if ctx.discipline_level(st.cards[host], tri) >= 2:
        raise Illegal("effect", f"{name}: {ctx.name(host)} already has superior [{tri.upper()}]")
    ctx.burn(iid, "for a level of a Discipline")
    st.marks = st.marks | {(host, LEVEL, (tri, cmd.seat, st.turn))}
    ctx.emit("discipline", f"{ctx.name(host)} gains 1 level of [{tri}] until {poss(ctx.seat_name(cmd.seat))} next "
                           f"unlock phase ({name}).", cards=(host,))


def _unlock_move_blood(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Cooler: in your unlock phase, its ready vampire takes 1 blood from it (once each unlock phase); the card
    burns once it has no counters."""
    st = ctx.st
    host = _host(ctx, iid)
    name = ctx.name(iid)
    c = st.cards[iid]
    if st.phase != "unlock" or st.active != cmd.seat or st.frames:
        raise Illegal("timing", f"{name} is used during your unlock phase")
    if st.cards[host].region != "ready":
        raise Illegal("ready", f"{ctx.name(host)} is not ready")
    key = (iid, ("gear unlock", st.turn))
    if key in st.acted:
        raise Illegal("repeat", f"{name} has already been used this unlock phase")
    n = min(r[1], c.counters)
    st.acted = st.acted | {key}
    ctx.update(iid, counters=c.counters - n)
    before = st.cards[host].counters
    ctx.set_blood(host, before + n)
    ctx.emit("gain", f"{ctx.name(host)} takes {n} blood from {name}.", cards=(host,))
    if st.cards[iid].counters <= 0 and _first(ctx, iid, "burn_when_empty") is not None:
        ctx.burn(iid, "no counters left")


def _lock_to_unlock(ctx: Ctx, cmd, iid: int) -> None:
    """Helicopter: after its minion's successful action resolves, the card locks and the minion unlocks."""
    st = ctx.st
    f = st.top
    host = _host(ctx, iid)
    name = ctx.name(iid)
    if not isinstance(f, ActionFrame) or f.actor != host or f.stage != "resolution" or f.outcome != "successful":
        raise Illegal("timing", f"{name} is locked after {poss(ctx.name(host))} successful action resolves")
    if st.cards[iid].locked:
        raise Illegal("locked", f"{name} is locked")
    if st.cards[host].region != "ready":
        raise Illegal("ready", f"{ctx.name(host)} is not ready")
    ctx.update(iid, locked=True)
    ctx.update(host, locked=False)
    ctx.emit("unlocked", f"{name} locks: {ctx.name(host)} unlocks.", cards=(host,))


def _burn_blood_for_votes(ctx: Ctx, cmd, iid: int) -> None:
    """Lyndhurst Estate: once during each political action, in the polling step, its vampire burns X blood (the
    use's effect) for X votes, cast with `vote` naming the card."""
    st = ctx.st
    f = st.top
    host = _host(ctx, iid)
    name = ctx.name(iid)
    under = next((x for x in reversed(st.frames) if isinstance(x, ActionFrame)), None)
    if not isinstance(f, ReferendumFrame) or f.step != "polling" or under is None or under.kind != "political":
        raise Illegal("timing", f"{name} gives votes in the polling step of a political action")
    if any(g[1] == iid for g in f.gained) or (iid,) in f.used_sources:
        raise Illegal("repeat", f"{name} is used once during each political action")
    try:
        x = int(cmd.effect)
    except (TypeError, ValueError):
        raise Malformed("effect", f"{name}: give X, the blood to burn, as the use's effect") from None
    hc = st.cards[host]
    if x < 1:
        raise Illegal("effect", f"{name}: X is at least 1")
    if hc.region != "ready":
        raise Illegal("ready", f"{ctx.name(host)} is not ready")
    if hc.counters < x:
        raise Illegal("cost", f"{ctx.name(host)} has {hc.counters} blood; it cannot burn {x}")
    ctx.update(host, counters=hc.counters - x)
    flow.set_top(ctx, f._replace(gained=f.gained + ((cmd.seat, iid, x),)))
    ctx.emit("gain", f"{ctx.name(host)} burns {x} blood: {ctx.seat_name(cmd.seat)} gains {x} vote"
                     f"{'s' if x != 1 else ''} to cast ({name}).", cards=(host,))


def used_as_announced(ctx: Ctx, cmd) -> bool:
    """A use of this family's made as an action is announced (Zaire River Ferry, Flaming Candle): no implicit
    pass moves the action on before it."""
    if cmd.card == "edge":
        return False
    try:
        iid = flow.ref(ctx, cmd.seat, cmd.card)
    except (Malformed, Illegal):
        return False
    c = ctx.st.cards.get(iid)
    if c is None or c.region != "attached":
        return False
    return any(r[0] == "no_vampire_block" or (r[0] == "fail_directed" and r[1] == "lock") for r in card_readings(ctx, iid))


def vote_votes(ctx: Ctx, f, seat: int, iid: int) -> int | None:
    """Votes a card of this family gives as they are cast (`vote` naming it), or None when it is not one:
    Agate Talisman locks, its bearer ready, before any vote or ballot is cast."""
    c = ctx.st.cards[iid]
    if c.region != "attached" or c.controller != seat:
        return None
    r = _first(ctx, iid, "lock_for_vote")
    if r is None:
        return None
    name = ctx.name(iid)
    if f.votes_started:
        raise Illegal("timing", f"{name} is locked before votes and ballots are cast")
    if c.locked:
        raise Illegal("vote", f"{name} is locked: it gives its vote by locking")
    if ctx.st.cards[c.host].region != "ready":
        raise Illegal("ready", f"{ctx.name(c.host)} is not ready")
    ctx.update(iid, locked=True)
    return r[1]


# -- actions the equipment provides ---------------------------------------------------------------------------

def announce_own(ctx: Ctx, cmd, m: int):
    """An action the equipment gives its bearer, announced as kind `card` with `from` naming the equipment;
    None when `from` names no such card on the acting minion."""
    st = ctx.st
    try:
        src = flow.ref(ctx, cmd.seat, cmd.from_)
    except (Malformed, Illegal):
        return None
    sc = st.cards.get(src)
    if sc is None or sc.region != "attached":
        return None
    if sc.host != m:
        r = _first(ctx, src, *_OTHERS)
        return None if r is None else _announce_other(ctx, cmd, m, src, r)
    rs = [x for x in card_readings(ctx, src) if x[0] in _ACTIONS]
    if not rs:
        return None
    if len(rs) > 1:   # two actions on one card (Kaymakli Fragment): a target names the one that takes it
        fit = [x for x in rs if (x[0] in _TARGETLESS) == (cmd.target is None)]
        rs = fit or rs
    r = rs[0]
    name = ctx.name(src)
    seat = cmd.seat
    if r[0] == "own_bleed":
        from vtes_desktop.engine.rules_action import _no_bleed, minion_bleed, target_seat

        tgt = target_seat(ctx, seat, cmd.target) if cmd.target is not None else st.prey(seat)
        if tgt != st.prey(seat):
            raise Illegal("target", f"{name}: the bleed targets your prey, {ctx.seat_name(st.prey(seat))}")
        if (m, "bleed") in st.acted:
            raise Illegal("repeat", f"{ctx.name(m)} has already bled this turn; a minion bleeds at most once each turn")
        _no_bleed(ctx, seat)
        base = minion_bleed(ctx, m)
        if _first(ctx, src, "own_bleed_only") is not None:   # no other equipment adds to this bleed
            base -= sum(bearer_bonus_of(ctx, a, "bleed") for a in st.attached.get(m, ()) if a != src)
            base -= bleed_bonus(ctx, m, equipment_only=True, skip=src)
        st.acted = st.acted | {(m, "bleed")}
        ctx.emit("action_goal", f"{ctx.name(m)} bleeds with {name}.", cards=(m,))
        return dict(from_card=src, effect="bleed", target_seat=tgt, directed=True, base_stealth=0,
                    base_bleed=base + r[1], cost_blood=r[2]), (tgt,)
    mc = st.cards[m]
    if r[0] == "burn_location_action":
        if cmd.target is None:
            raise Malformed("target", f"{name}: name the location to burn")
        t = flow.ref(ctx, seat, cmd.target)
        why = _location_refusal(ctx, seat, t)
        if why:
            raise Illegal("target", f"{name}: {why}")
        tseat = _controller(ctx, t)
        ctx.emit("action_goal", f"{ctx.name(m)} acts to burn {ctx.name(t)} ({name}).", cards=(m, t))
        return dict(from_card=src, effect="gear:burn_location", target_card=t, base_stealth=0, directed=True,
                    target_seat=tseat), (tseat,)
    if r[0] == "draw_action":
        if (ctx.sect(mc) or "").lower() != r[2] or not ctx.is_vampire(mc):
            raise Illegal("requirements", f"{name}: only a {r[2].title()} vampire with it takes this action")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to draw {r[1]} cards ({name}).", cards=(m,))
        return dict(from_card=src, effect="gear:draw", base_stealth=0), ()
    if r[0] == "lock_burn_imbued_action":
        from vtes_desktop.engine.rules_diablerie import announce_burn_imbued

        if sc.locked:
            raise Illegal("locked", f"{name} is locked")
        upd, at = announce_burn_imbued(ctx, seat, m, cmd.target)
        ctx.update(src, locked=True)
        ctx.emit("action_goal", f"{ctx.name(m)} locks {name} to burn {ctx.name(upd['target_card'])}.", cards=(m,))
        return dict(upd, from_card=src, effect="gear:burn_imbued", base_stealth=r[1]), at
    if r[0] == "add_blood_uncontrolled_any":
        if r[2] not in ctx.rules(m).traits:
            raise Illegal("requirements", f"{name}: only an {r[2]} minion with it takes this action")
        if cmd.target is None:
            raise Malformed("target", f"{name}: name the vampire in your uncontrolled region")
        t = flow.ref(ctx, seat, cmd.target, what="vampire")
        tc = st.cards[t]
        if tc.region != "uncontrolled" or tc.owner != seat or not ctx.is_vampire(tc):
            raise Illegal("target", f"{name}: {ctx.name(t)} is not a vampire in your uncontrolled region")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to add {r[1]} blood to {ctx.name(t)} ({name}).", cards=(m, t))
        return dict(from_card=src, effect="gear:add_blood_uncontrolled_any", target_card=t, base_stealth=1), ()
    if r[0] == "own_enter_combat":
        if cmd.target is None:
            raise Illegal("target", f"{name}: name the minion to enter combat with")
        t = flow.ref(ctx, seat, cmd.target, what="minion")
        tc = st.cards[t]
        if tc.controller == seat or tc.region != "ready" or not ctx.is_minion(tc) or tc.contested:
            raise Illegal("target", f"{ctx.name(t)} is not a ready minion of another Methuselah")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to enter combat with {ctx.name(t)} ({name}).", cards=(m, t))
        return dict(from_card=src, effect="gear:combat_target", target_card=t, base_stealth=r[1], directed=True,
                    target_seat=tc.controller), (tc.controller,)
    if r[0] == "add_blood_uncontrolled_younger":
        _, n, clan, blood = r
        if not _clan_is(ctx, m, clan):
            raise Illegal("requirements", f"{name}: only a {clan.title()} with it takes this action")
        if cmd.target is None:
            raise Malformed("target", f"{name}: name the younger {clan.title()} in your uncontrolled region")
        t = flow.ref(ctx, seat, cmd.target, what="vampire")
        why = _younger_uncontrolled_refusal(ctx, seat, m, t, clan)
        if why:
            raise Illegal("target", f"{name}: {why}")
        if mc.counters < blood:
            raise Illegal("cost", f"{ctx.name(m)} has {mc.counters} blood; this action costs {blood}")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to add {n} blood to {ctx.name(t)} ({name}).", cards=(m, t))
        return dict(from_card=src, effect="gear:add_blood_uncontrolled_younger", target_card=t, base_stealth=1,
                    cost_blood=blood), ()
    if r[0] == "move_blood_to_card":
        cap = next((x[1] for x in card_readings(ctx, src) if x[0] == "card_blood_cap"), r[2])
        if sc.counters >= cap:
            raise Illegal("full", f"{name} already has {sc.counters} blood; no more than {cap} may be put on it")
        if mc.counters < r[1]:
            raise Illegal("cost", f"{ctx.name(m)} has no blood to move to {name}")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to move {r[1]} blood to {name}.", cards=(m,))
        return dict(from_card=src, effect="gear:move_blood_to_card", base_stealth=1), ()
    if r[0] == "give_blood_each":
        _, n, sect, titles = r
        if (ctx.title(mc) or "").lower() not in titles:
            raise Illegal("requirements", f"{name}: only a {', '.join(titles)} with it takes this action")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to give blood to the {sect.title()} vampires of "
                                f"{ctx.seat_name(seat)} ({name}).", cards=(m,))
        return dict(from_card=src, effect="gear:give_blood_each", base_stealth=1), ()
    if r[0] == "move_bank_blood":
        _, n, sect = r
        if (ctx.sect(mc) or "").lower() != sect:
            raise Illegal("requirements", f"{name}: only a {sect.title()} vampire with it takes this action")
        t = _bank_target(ctx, seat, m, cmd.target, sect, name)
        ctx.emit("action_goal", f"{ctx.name(m)} acts to move {n} blood from the bank to {ctx.name(t)} ({name}).",
                 cards=(m, t))
        return dict(from_card=src, effect="gear:move_bank_blood", target_card=t, base_stealth=1), ()
    if r[0] == "mortal_damage_for_blood":
        if not _clan_is(ctx, m, r[3]):
            raise Illegal("requirements", f"{name}: only a {r[3].title()} with it takes this action")
        if cmd.target is None:
            raise Malformed("target", f"{name}: name the mortal ally or retainer to damage")
        t = flow.ref(ctx, seat, cmd.target)
        why = _mortal_refusal(ctx, seat, t)
        if why:
            raise Illegal("target", f"{name}: {why}")
        tseat = _controller(ctx, t)
        ctx.emit("action_goal", f"{ctx.name(m)} acts to damage {ctx.name(t)} ({name}).", cards=(m, t))
        return dict(from_card=src, effect="gear:mortal_damage_for_blood", target_card=t, base_stealth=0,
                    directed=True, target_seat=tseat), (tseat,)
    # steal_uncontrolled
    if cmd.target is None:
        raise Malformed("target", f"{name}: name the card in your predator's uncontrolled region")
    t = flow.ref(ctx, seat, cmd.target)
    pred = st.predator(seat)
    why = _uncontrolled_refusal(ctx, t, pred)
    if why:
        raise Illegal("target", f"{name}: {why}")
    ctx.emit("action_goal", f"{ctx.name(m)} acts to steal blood from {ctx.name(t)} ({name}).", cards=(m, t))
    return dict(from_card=src, effect="gear:steal_uncontrolled", target_card=t, base_stealth=1, directed=True,
                target_seat=pred), (pred,)


def _younger_uncontrolled_refusal(ctx: Ctx, seat: int, m: int, t: int, clan: str) -> str | None:
    tc = ctx.st.cards[t]
    if tc.region != "uncontrolled" or tc.owner != seat or not ctx.is_vampire(tc) or not _clan_is(ctx, t, clan) \
            or (ctx.cdef(t).capacity or 0) >= ctx.capacity(ctx.st.cards[m]):
        return f"{ctx.name(t)} is not a younger {clan.title()} in your uncontrolled region"
    return None


def _location_refusal(ctx: Ctx, seat: int, t: int) -> str | None:
    """Why *t* is not a location of another Methuselah in play (a location card, or equipment that represents one)."""
    c = ctx.st.cards[t]
    text = ctx.cdef(t).text.lower()
    is_location = "location" in ctx.rules(t).keywords or "represents a location" in text \
        or "is a unique location" in text or "\nlocation" in text or text.startswith("location")
    if c.region not in ("in_play", "attached") or not is_location:
        return f"{ctx.name(t)} is not a location in play"
    if _controller(ctx, t) == seat:
        return f"{ctx.name(t)} is yours: this (D) action burns another Methuselah's location"
    return None


def _controller(ctx: Ctx, t: int) -> int:
    c = ctx.st.cards[t]
    return ctx.st.cards[c.host].controller if c.region == "attached" and c.host is not None else c.controller


def _mortal_refusal(ctx: Ctx, seat: int, t: int) -> str | None:
    c = ctx.st.cards[t]
    d = ctx.cdef(t)
    live = c.region == "ready" or (c.region == "attached" and "Retainer" in d.types)
    if not live or not {"Ally", "Retainer"} & set(d.types) or "mortal" not in ctx.rules(t).keywords:
        return f"{ctx.name(t)} is not a mortal ally or retainer in play"
    if _controller(ctx, t) == seat:
        return f"{ctx.name(t)} is yours: this (D) action is directed at another Methuselah"
    return None


def _announce_other(ctx: Ctx, cmd, m: int, src: int, r: tuple):
    """An action another Methuselah's minion takes with this card as its object: a Tremere enters combat with the
    bearer of Veneficorum Artum Sanguis; any vampire steals Shaal Fragment. Directed at the bearer's controller."""
    st = ctx.st
    name = ctx.name(src)
    host = st.cards[src].host
    hc = st.cards[host]
    if hc.controller == cmd.seat:
        raise Illegal("target", f"{name} is on your own minion")
    if not ctx.is_vampire(st.cards[m]) and r[0] != "others_burn_card_enter_combat":
        raise Illegal("requirements", f"{name}: only a vampire takes this action")
    if r[0] == "others_enter_combat_with_bearer":
        if not any(_clan_is(ctx, m, k) for k in r[1]):
            raise Illegal("requirements", f"{name}: only a {' or '.join(k.title() for k in r[1])} takes this action")
        if hc.region != "ready" or hc.contested:
            raise Illegal("target", f"{ctx.name(host)} is not a ready minion")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to enter combat with {ctx.name(host)} ({name}).", cards=(m, host))
        return dict(from_card=src, effect="gear:combat_bearer", target_card=host, base_stealth=0, directed=True,
                    target_seat=hc.controller), (hc.controller,)
    if r[0] == "others_burn_card_enter_combat":
        if r[1] not in ctx.rules(m).keywords:
            raise Illegal("requirements", f"{name}: only a {r[1]} takes this action")
        if hc.region != "ready" or hc.contested:
            raise Illegal("target", f"{ctx.name(host)} is not a ready minion")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to burn {name} and enter combat with {ctx.name(host)}.",
                 cards=(m, host))
        return dict(from_card=src, effect="gear:burn_card_combat", target_card=host, base_stealth=r[2], directed=True,
                    target_seat=hc.controller), (hc.controller,)
    if r[0] == "others_burn_card_lock_bearer":
        ctx.emit("action_goal", f"{ctx.name(m)} acts to burn {name} on {ctx.name(host)}.", cards=(m, host))
        return dict(from_card=src, effect="gear:burn_lock_bearer", target_card=host, base_stealth=0, directed=True,
                    target_seat=hc.controller, cost_pool=r[1]), (hc.controller,)
    ctx.emit("action_goal", f"{ctx.name(m)} acts to steal {name} from {ctx.name(host)}.", cards=(m, host))
    return dict(from_card=src, effect="gear:steal_card", target_card=src, base_stealth=0, directed=True,
                target_seat=hc.controller), (hc.controller,)


def bearer_bonus_of(ctx: Ctx, a: int, stat: str) -> int:
    """The +N *stat* one equipment card gives its bearer (auto_combat's readings), for "no other equipment"."""
    if "Equipment" not in ctx.cdef(a).types:
        return 0
    from vtes_desktop.engine.effects_combat import card_readings as combat_readings

    n = 0
    for r in combat_readings(ctx, a):
        if r[0] == "bearer_stat" and r[1] == stat:
            n += r[2]
        elif r[0] == "bearer_stat_clan" and r[1] == stat and \
                r[3] in {c.lower() for c in ctx.cdef(ctx.st.cards[a].host).clans}:
            n += r[2]
    return n


def _bank_target(ctx: Ctx, seat: int, m: int, target, sect: str, name: str) -> int:
    if target is None:
        raise Malformed("target", f"{name}: name the other ready {sect.title()} vampire that gains the blood")
    t = flow.ref(ctx, seat, target, what="vampire")
    tc = ctx.st.cards[t]
    if t == m or tc.region != "ready" or not ctx.is_vampire(tc) or tc.contested \
            or (ctx.sect(tc) or "").lower() != sect:
        raise Illegal("target", f"{name}: {ctx.name(t)} is not another ready {sect.title()} vampire")
    return t


def _uncontrolled_refusal(ctx: Ctx, t: int, pred: int) -> str | None:
    tc = ctx.st.cards[t]
    if tc.region != "uncontrolled" or tc.controller != pred or not ctx.is_minion(tc):
        return f"{ctx.name(t)} is not a minion in your predator's uncontrolled region"
    return None


def succeed_own(ctx: Ctx, f: ActionFrame) -> bool:
    """The successful action an equipment card provided; False when *f* is not one."""
    eff = f.effect or ""
    st = ctx.st
    src = f.from_card
    if eff == "bleed" and src in st.cards and src != f.actor and st.cards[src].region == "attached" \
            and _first(ctx, src, "own_bleed") is not None:
        from vtes_desktop.engine import effects_action
        from vtes_desktop.engine.effects_master import master_bleed_cap
        from vtes_desktop.engine.rules_action import _edge_taker, bleed_amount

        tgt = f.target_seat
        n = bleed_amount(ctx, f)
        more = _first(ctx, src, "own_bleed_bonus_if_none_ready_unlocked")
        if more is not None and not any(ctx.is_minion(st.cards[x]) and not st.cards[x].locked
                                        and not st.cards[x].contested for x in st.region(tgt, "ready")):
            n += more[1]   # Codex of the Edenic Groundskeepers
            ctx.emit("bleed", f"{ctx.seat_name(tgt)} controls no ready unlocked minion: +{more[1]} bleed "
                              f"({ctx.name(src)}).")
        n = master_bleed_cap(ctx, tgt, n)
        ctx.emit("bled", f"{ctx.name(f.actor)} bleeds {ctx.seat_name(tgt)} for {n} ({ctx.name(src)}).")
        if n > 0:
            taker = _edge_taker(ctx, f)
            if st.edge != taker and not effects_action.edge_burned(ctx, f):
                st.edge = taker
                ctx.emit("edge", f"{ctx.seat_name(taker)} takes the Edge.")
            ctx.pool(tgt, -n, "bled")
        return True
    if not eff.startswith("gear:"):
        return False
    name = ctx.name(src)
    t = f.target_card
    if eff == "gear:combat_bearer":
        sc = st.cards.get(src)
        if sc is None or sc.region != "attached" or sc.host != t or st.cards[t].region != "ready" \
                or st.cards[f.actor].region != "ready":
            ctx.emit("fizzles", f"{ctx.name(t)} no longer has {name} or is not ready: there is no combat.")
            return True
        from vtes_desktop.engine import rules_combat

        rules_combat.start(ctx, f.actor, t)
        return True
    if eff == "gear:burn_lock_bearer":
        sc = st.cards.get(src)
        if sc is None or sc.region != "attached" or sc.host != t:
            ctx.emit("fizzles", f"{name} is no longer on {ctx.name(t)}: the action has no effect.")
            return True
        ctx.burn(src, poss(ctx.name(f.actor)) + " action")
        if st.cards[t].region in ("ready", "torpor"):
            ctx.update(t, locked=True)
            st.skip_unlock = st.skip_unlock | {t}
            ctx.emit("locked", f"{ctx.name(t)} is locked and does not unlock as normal during their next unlock "
                               "phase.", cards=(t,))
        return True
    if eff == "gear:move_blood_to_card":
        sc = st.cards.get(src)
        r = _first(ctx, src, "move_blood_to_card") if sc is not None else None
        if r is None or sc.region != "attached" or sc.host != f.actor:
            ctx.emit("fizzles", f"{name} is no longer on {ctx.name(f.actor)}: no effect.")
            return True
        cap = next((x[1] for x in card_readings(ctx, src) if x[0] == "card_blood_cap"), r[2])
        n = min(r[1], st.cards[f.actor].counters, max(0, cap - sc.counters))
        ctx.update(f.actor, counters=st.cards[f.actor].counters - n)
        ctx.update(src, counters=sc.counters + n)
        ctx.emit("moved", f"{ctx.name(f.actor)} moves {n} blood to {name} ({sc.counters + n} on it).",
                 cards=(f.actor, src))
        return True
    if eff == "gear:burn_location":
        why = _location_refusal(ctx, f.seat, t) if t in st.cards else "it is gone"
        if why:
            ctx.emit("fizzles", f"{why}: the action has no effect.")
        else:
            ctx.burn(t, poss(ctx.name(f.actor)) + " action")
        if src in st.cards and st.cards[src].region == "attached":
            ctx.burn(src, "used")   # the Bomb burns after use
        return True
    if eff == "gear:draw":
        from vtes_desktop.engine.effects_master import _deferred, _owe_discard, hand_size

        n = next((x[1] for x in card_readings(ctx, src) if x[0] == "draw_action"), 0) if src in st.cards else 0
        ctx.draw(f.seat, n)
        ctx.emit("drew", f"{ctx.seat_name(f.seat)} draws {n} cards ({name}).")
        over = len(st.region(f.seat, "hand")) + _deferred(ctx, f.seat) - hand_size(ctx, f.seat)
        if over > 0:
            _owe_discard(ctx, f.seat, over)
        return True
    if eff == "gear:burn_imbued":
        from vtes_desktop.engine.rules_diablerie import burn_imbued

        burn_imbued(ctx, f)
        return True
    if eff in ("gear:combat_target", "gear:burn_card_combat"):
        if eff == "gear:burn_card_combat":
            sc = st.cards.get(src)
            if sc is None or sc.region != "attached" or sc.host != t:
                ctx.emit("fizzles", f"{name} is no longer on {ctx.name(t)}: the action has no effect.")
                return True
            ctx.burn(src, poss(ctx.name(f.actor)) + " action")
        if t not in st.cards or st.cards[t].region != "ready" or st.cards[f.actor].region != "ready":
            ctx.emit("fizzles", f"{ctx.name(t)} is no longer ready: there is no combat.")
            return True
        from vtes_desktop.engine import rules_combat

        rules_combat.start(ctx, f.actor, t)
        return True
    if eff == "gear:add_blood_uncontrolled_any":
        tc = st.cards.get(t)
        if tc is None or tc.region != "uncontrolled":
            ctx.emit("fizzles", f"{ctx.name(t)} is no longer in the uncontrolled region: no effect.")
            return True
        n = next((x[1] for x in card_readings(ctx, src) if x[0] == "add_blood_uncontrolled_any"), 0) \
            if src in st.cards else 0
        ctx.update(t, counters=tc.counters + n)
        ctx.emit("gain", f"{ctx.name(t)} gets {n} blood ({name}).", cards=(t,))
        return True
    if eff == "gear:steal_card":
        sc = st.cards.get(src)
        if sc is None or sc.region != "attached" or _controller(ctx, src) != f.target_seat:
            ctx.emit("fizzles", f"{name} is no longer where it was: the action has no effect.")
            return True
        ctx.move(src, "attached", host=f.actor)
        ctx.emit("steal", f"{ctx.name(f.actor)} steals {name}.", cards=(f.actor, src))
        if _first(ctx, src, "counters_lost_on_move") is not None and st.cards[src].counters:
            _set_counters(ctx, src, 0)
        return True
    r = _first(ctx, src, eff[5:]) if src in st.cards else None
    if r is None:
        ctx.emit("fizzles", f"{name} is gone: the action has no effect.")
        return True
    if eff == "gear:give_blood_each":
        n, sect = r[1], r[2]
        got = [v for v in st.region(f.seat, "ready") if v != f.actor and ctx.is_vampire(st.cards[v])
               and not st.cards[v].contested and (ctx.sect(st.cards[v]) or "").lower() == sect]
        for v in got:
            ctx.set_blood(v, st.cards[v].counters + n)
        ctx.emit("gain", f"{', '.join(ctx.name(v) for v in got) or 'no vampire'} gain{'s' if len(got) == 1 else ''} "
                         f"{n} blood ({name}).", cards=tuple(got))
        return True
    if eff == "gear:add_blood_uncontrolled_younger":
        why = _younger_uncontrolled_refusal(ctx, f.seat, f.actor, t, r[2]) if t in st.cards else "it is gone"
        if why:
            ctx.emit("fizzles", f"{why}: the action has no effect.")
            return True
        ctx.update(t, counters=st.cards[t].counters + r[1])
        ctx.emit("gain", f"{ctx.name(t)} gets {r[1]} blood ({name}).", cards=(t,))
        return True
    if eff == "gear:mortal_damage_for_blood":
        why = _mortal_refusal(ctx, f.seat, t) if t in st.cards else "it is gone"
        if why:
            ctx.emit("fizzles", f"{why}: the action has no effect.")
            return True
        life = st.cards[t].counters - r[1]
        ctx.emit("damage", f"{ctx.name(f.actor)} inflicts {r[1]} unpreventable damage on {ctx.name(t)} ({name}).",
                 cards=(t,))
        if life <= 0:
            ctx.burn(t, "no life left")
        else:
            ctx.update(t, counters=life)
        before = st.cards[f.actor].counters
        ctx.set_blood(f.actor, before + r[2])
        ctx.emit("gain", f"{ctx.name(f.actor)} gains {st.cards[f.actor].counters - before} blood ({name}).",
                 cards=(f.actor,))
        return True
    if eff == "gear:move_bank_blood":
        tc = st.cards.get(t)
        if tc is None or tc.region != "ready" or (ctx.sect(tc) or "").lower() != r[2]:
            ctx.emit("fizzles", f"{ctx.name(t)} is no longer a ready {r[2].title()} vampire: no effect.")
            return True
        before = tc.counters
        ctx.set_blood(t, before + r[1])
        ctx.emit("gain", f"{ctx.name(t)} gains {st.cards[t].counters - before} blood from the bank ({name}).",
                 cards=(t,))
        return True
    # steal_uncontrolled
    why = _uncontrolled_refusal(ctx, t, f.target_seat)
    if why:
        ctx.emit("fizzles", f"{why}: no effect.")
        return True
    n = min(r[1], st.cards[t].counters)
    ctx.update(t, counters=st.cards[t].counters - n)
    before = st.cards[f.actor].counters
    ctx.set_blood(f.actor, before + n)
    ctx.emit("steal", f"{ctx.name(f.actor)} steals {n} blood from {ctx.name(t)} "
                      f"(keeps {st.cards[f.actor].counters - before}) ({name}).", cards=(f.actor, t))
    return True


def equipped(ctx: Ctx, f: ActionFrame) -> None:
    """A minion has just equipped: Helicopter locks."""
    iid = f.equip_from if f.equip_from is not None else f.card
    if iid is not None and iid in ctx.st.cards and ctx.st.cards[iid].face_down:
        ctx.update(iid, face_down=False)   # from a Delivery Truck: equipped face up
    if iid is None or iid not in ctx.st.cards or not card_readings(ctx, iid):
        return
    if f.equip_from is not None and _first(ctx, iid, "counters_lost_on_move") is not None \
            and ctx.st.cards[iid].counters:
        _set_counters(ctx, iid, 0)
        ctx.emit("counters", f"{ctx.name(iid)} loses its counters as another minion takes it.", cards=(iid,))
    if f.target_card is not None and f.equip_from is None and _first(ctx, iid, "put_on_any_minion") is not None:
        t = f.target_card
        if t in ctx.st.cards and ctx.st.cards[t].region in ("ready", "torpor") and ctx.st.cards[iid].region == "attached":
            ctx.move(iid, "attached", host=t)
            ctx.st.marks = ctx.st.marks | {(iid, PUTTER, f.actor)}
            ctx.emit("equipped", f"{ctx.name(iid)} goes on {ctx.name(t)}.", cards=(iid, t))
    if _first(ctx, iid, "second_copy_after_equip") is not None and f.equip_from is None:
        ctx.st.marks = ctx.st.marks | {(iid, SECOND, ctx.st.turn)}
    if _first(ctx, iid, "remove_clan_vampire_or_burn") is not None and f.equip_from is None:
        ctx.st.marks = ctx.st.marks | {(iid, PENDING, "remove")}
        ctx.emit("pending", f"{ctx.name(iid)}: remove an Assamite of your ash heap or uncontrolled region from the game, "
                            "or burn it (use).", cards=(iid,))
    if _first(ctx, iid, "rejects_cards_requiring") is not None and ctx.st.cards[iid].region == "attached":
        _reject_attached(ctx, ctx.st.cards[iid].host, iid)
    if _first(ctx, iid, "unlock_next_discard_on_equip") is not None:
        from vtes_desktop.engine.effects_actioncard import unlock_at_discard

        unlock_at_discard(ctx, f.actor, f.seat)
    r = _first(ctx, iid, "equip_counters")
    if r is not None and f.equip_from is None:
        ctx.update(iid, counters=r[1])
        ctx.emit("counters", f"{ctx.name(iid)} comes with {r[1]} blood.", cards=(iid,))
    if _first(ctx, iid, "equip_locks_card") is not None:
        ctx.update(iid, locked=True)
        ctx.emit("locked", f"{ctx.name(iid)} is locked as {ctx.name(f.actor)} equips with it.", cards=(iid,))


def poss(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


# -- sums and checks other modules ask for -------------------------------------------------------------------

def _gear_on(ctx: Ctx, m: int):
    """(iid, readings) of each card on *m* this family claims something of."""
    for a in ctx.st.attached.get(m, ()):
        rs = card_readings(ctx, a)
        if rs:
            yield a, rs


def stealth_bonus(ctx: Ctx, f: ActionFrame) -> int:
    """The acting minion's stealth from its cards: Catacombs when rescuing a vampire from torpor."""
    if f.actor not in ctx.st.attached and f.kind != "equip":
        return 0
    n = 0
    kind = f.effect if f.kind == "card" and f.effect in ("bleed", "hunt") else f.kind
    for _, rs in _gear_on(ctx, f.actor):
        for r in rs:
            if r[0] == "rescue_stealth_discount" and f.kind == "rescue":
                n += r[1]
            elif r[0] == "bearer_stealth_kinds" and kind in r[2]:
                n += r[1]
            elif r[0] == "bearer_stealth_all":
                n += r[1]
            elif r[0] == "stealth_on_required_sect" and f.card is not None and _clan_is(ctx, f.actor, r[2]) \
                    and f"sect:{r[2]}" in ctx.rules(f.card).requirements:
                n += r[1]
    if f.kind == "equip":
        eq = f.equip_from if f.equip_from is not None else f.card
        if eq is not None:
            n += sum(r[1] for r in card_readings(ctx, eq) if r[0] == "equip_stealth")
    return n


def action_discount(ctx: Ctx, kind: str, m: int) -> int:
    """Blood an action costs its minion less (Catacombs: rescuing a vampire from torpor)."""
    if m not in ctx.st.attached or kind != "rescue":
        return 0
    return sum(r[2] for _, rs in _gear_on(ctx, m) for r in rs if r[0] == "rescue_stealth_discount")


def intercept_bonus(ctx: Ctx, f: ActionFrame, minion: int) -> int:
    """A would-be blocker's intercept from its cards: Phased Motion Detector, once a vampire has played an action
    modifier requiring Chimerstry, Obfuscate or Obtenebration this action."""
    n = 0
    st = ctx.st
    if f.actor in st.attached:   # Stolen Police Cruiser on the acting anarch
        for _, rs in _gear_on(ctx, f.actor):
            for r in rs:
                if r[0] == "intercept_penalty_allies_younger" and _clan_is(ctx, f.actor, r[2]):
                    mc = st.cards[minion]
                    if "Ally" in ctx.cdef(minion).types or (ctx.is_vampire(mc) and
                                                           ctx.capacity(mc) < ctx.capacity(st.cards[f.actor])):
                        n += r[1]
    if f.actor in st.attached and st.marks:   # Bloodstone: the vampire that put it on the acting minion
        for a, rs in _gear_on(ctx, f.actor):
            for r in rs:
                if r[0] == "putter_intercept_vs_bearer" and (a, PUTTER, minion) in st.marks:
                    n += r[1]
    if minion in st.attached and st.marks:
        for a, rs in _gear_on(ctx, minion):
            for r in rs:
                if r[0] == "intercept_vs_chosen" and (a, CHOSEN, f.actor) in st.marks:
                    n += r[1]
    if minion not in st.attached or not f.played:
        return n
    for _, rs in _gear_on(ctx, minion):
        for r in rs:
            if r[0] != "intercept_vs_played_modifier":
                continue
            for who, cid in f.played:
                if who not in ctx.st.cards or not ctx.is_vampire(ctx.st.cards[who]):
                    continue
                pr = compile_rules(ctx.db[cid])
                if "Action Modifier" in pr.types and set(r[2]) & {d.lower() for d in pr.disciplines}:
                    n += r[1]
                    break
    return n


def sect_of(ctx: Ctx, iid: int) -> str | None:
    """The sect a card on the vampire makes it count as (Writ of Acceptance), or None."""
    for _, rs in _gear_on(ctx, iid):
        for r in rs:
            if r[0] == "considered_sect":
                return r[1]
    return None


def hunt_bonus(ctx: Ctx, m: int) -> int:
    """+N hunt for a bearer of the clan the card names (Ritual Scalpel's Nagaraja)."""
    if m not in ctx.st.attached:
        return 0
    return sum(r[1] for _, rs in _gear_on(ctx, m) for r in rs if r[0] == "bearer_hunt_clan" and _clan_is(ctx, m, r[2]))


def card_refusal(ctx: Ctx, rules, minion: int | None) -> str | None:
    """Why *minion* cannot play this card now because of this family (Concoction of Vitality burned this action:
    no card requiring a Discipline), or None."""
    st = ctx.st
    if minion is None or not st.frames or not rules.disciplines:
        return None
    for fr in st.frames:
        if isinstance(fr, ActionFrame) and any(x.kind == "no_discipline_cards" and x.minion == minion for x in fr.mods):
            return f"{ctx.name(minion)} cannot play cards requiring Disciplines until this action is over"
    return None


def bleed_bonus(ctx: Ctx, m: int, *, equipment_only: bool = False, skip: int | None = None) -> int:
    """+bleed the minion's cards give it: Inveraray (+1 for each blood on it), Kduva's Mask (a Laibon). With
    *equipment_only*, only cards that count as equipment (for "no other equipment")."""
    st = ctx.st
    if m not in st.attached:
        return 0
    n = 0
    for a, rs in _gear_on(ctx, m):
        if a == skip:
            continue
        for r in rs:
            if r[0] == "bleed_per_card_blood" and not equipment_only:
                n += st.cards[a].counters
            elif r[0] in ("bearer_bleed_votes_clan", "bearer_bleed_capacity_clan") and _clan_is(ctx, m, r[3]):
                n += r[1]
    return n


def votes_bonus(ctx: Ctx, m: int) -> int:
    """Votes the minion's cards give it (Kduva's Mask on a Laibon)."""
    if m not in ctx.st.attached:
        return 0
    return sum(r[2] for _, rs in _gear_on(ctx, m) for r in rs if r[0] == "bearer_bleed_votes_clan"
               and _clan_is(ctx, m, r[3]))


def blocked(ctx: Ctx, f: ActionFrame) -> None:
    """The acting minion is blocked: Unlicensed Taxicab burns when the blocker is a prince or an archbishop."""
    st = ctx.st
    if f.blocker is not None and any(x.kind == "gear_unlock_blocker" and x.minion == f.blocker for x in f.mods):
        ctx.update(f.blocker, locked=False)   # Canopic Jar
        ctx.emit("unlocked", f"{ctx.name(f.blocker)} unlocks.", cards=(f.blocker,))
    for x in f.mods:   # Ambulance: blocked again after it let the action go on
        if x.kind == "gear_ambulance" and x.card in st.cards and st.cards[x.card].region == "attached":
            ctx.burn(x.card, "the action is blocked again")
    if f.blocker is not None and f.blocker in st.attached:   # Banshee Ironwail on the blocker
        for a, rs in list(_gear_on(ctx, f.blocker)):
            for r in rs:
                if r[0] == "blocker_bearer_burns_actor" and f.actor in st.cards:
                    ac = st.cards[f.actor]
                    n = min(r[1], ac.counters)
                    life = "Ally" in ctx.cdef(f.actor).types
                    ctx.emit("burned", f"{ctx.name(f.actor)} burns {n} {'life' if life else 'blood'} ({ctx.name(a)}).",
                             cards=(f.actor,))
                    if life and ac.counters - n <= 0:
                        ctx.burn(f.actor, "no life left")
                        return
                    ctx.update(f.actor, counters=ac.counters - n)
    if f.actor not in st.attached or f.blocker is None:
        return
    title = (ctx.title(st.cards[f.blocker]) or "").lower()
    for a, rs in list(_gear_on(ctx, f.actor)):
        for r in rs:
            if r[0] == "burn_if_blocked_by_title" and title in r[1]:
                ctx.burn(a, f"its minion is blocked by a {title}")
                break


def event_cost(ctx: Ctx, rules) -> int:
    """Pool more an event costs (Guarded Rubrics: Gehenna events, while its bearer is ready)."""
    if "gehenna" not in rules.keywords:
        return 0
    st = ctx.st
    n = 0
    for seat in st.live_seats():
        for m in st.region(seat, "ready"):
            if m in st.attached and not st.cards[m].contested:
                n += sum(r[1] for _, rs in _gear_on(ctx, m) for r in rs if r[0] == "gehenna_cost")
    return n


def surcharge(ctx: Ctx, f: ActionFrame, rules, minion: int) -> int:
    """Blood more a card costs *minion* because of a card on the acting minion (Kduva's Mask: reactions requiring
    Auspex, while its Laibon acts)."""
    st = ctx.st
    cut = cost_cut(ctx, rules, minion, _printed_blood(rules))
    if f.actor not in st.attached or minion == f.actor or "Reaction" not in rules.types:
        return -cut
    n = -cut
    discs = {d.lower() for d in rules.disciplines}
    for _, rs in _gear_on(ctx, f.actor):
        for r in rs:
            if r[0] == "reaction_surcharge_while_acting" and set(r[1]) & discs and _clan_is(ctx, f.actor, r[3]):
                n += r[2]
    return n


def block_refusal(ctx: Ctx, f: ActionFrame, m: int) -> str | None:
    """Why *m* cannot block this action because of a card on the acting minion (Incriminating Videotape: the
    chosen minion), or None."""
    st = ctx.st
    if m in st.attached:
        for a, rs in _gear_on(ctx, m):
            if any(r[0] == "only_defends_itself" for r in rs) and not (f.directed and f.target_card == m):
                return f"{ctx.name(m)} blocks only actions directed at itself ({ctx.name(a)})"
    if not st.marks or f.actor not in st.attached:
        return None
    for a, rs in _gear_on(ctx, f.actor):
        if any(r[0] == "chosen_cannot_block" for r in rs) and (a, CHOSEN, m) in st.marks:
            return f"{ctx.name(m)} was chosen by {ctx.name(a)}: it cannot block {ctx.name(f.actor)}"
    return None


def target_refusal(ctx: Ctx, card: int | None, target: int | None, directed: bool) -> str | None:
    """Why an action card cannot target *target* (Orb of Ulain: directed actions requiring some Disciplines)."""
    st = ctx.st
    if card is None or target is None or target not in st.attached:
        return None
    if not directed:
        return _shield(ctx, ctx.rules(card), target)
    cr = ctx.rules(card)
    why = _shield(ctx, cr, target)
    if why:
        return why
    discs = {d.lower() for d in cr.disciplines}
    if not discs:
        return None
    for a, rs in _gear_on(ctx, target):
        for r in rs:
            if r[0] == "untargetable_by_disciplines" and discs & set(r[1]) and _clan_is(ctx, target, r[2]):
                return f"{ctx.name(target)} cannot be the target of directed actions requiring those Disciplines " \
                       f"({ctx.name(a)})"
    return None


def discipline_level(ctx: Ctx, m: int, tri: str, lvl: int) -> int:
    """*m*'s level in the Discipline *tri* (lower case), given *lvl* from elsewhere, with this family's cards:
    Ritual Goblet (+1), Winchester Mansion (superior), Vial of Elder Vitae's level until the next turn of the
    Methuselah that burned it."""
    st = ctx.st
    tri = tri.lower()
    if m in st.attached:
        for a, rs in _gear_on(ctx, m):
            for r in rs:
                if r[0] == "discipline_plus_level" and r[1] == tri:
                    lvl = min(2, lvl + 1)
                elif r[0] == "discipline_superior" and r[1] == tri:
                    lvl = 2
                elif r[0] == "superior_if_has" and r[1] == tri and lvl >= 1:
                    lvl = 2
                elif r[0] == "superiors_and_combat_cost" and tri in r[1]:
                    lvl = 2
                elif r[0] == "counter_levels" and r[1] == tri:
                    lvl = min(2, lvl + max(0, min(counters(ctx, a) - r[2], r[3])))
    if st.marks:
        for x in st.marks:
            if len(x) == 3 and x[1] == LEVEL and x[0] == m and x[2][0] == tri:
                seat, turn = x[2][1], x[2][2]
                if len(x[2]) == 4 and x[2][3] == "once":   # Amulet of Temporal Perception: basic, this turn
                    if st.turn == turn:
                        lvl = max(lvl, 1)
                elif not (st.active == seat and st.turn > turn):
                    lvl = min(2, lvl + 1)
    return lvl


def master_phase_end(ctx: Ctx, seat: int, played_master: bool) -> None:
    """The master phase of *seat* ends: Winchester Mansion's vampire burns 1 blood unless a master card was
    played from hand this phase."""
    if played_master:
        return
    st = ctx.st
    for m in st.region(seat, "ready") + st.region(seat, "torpor"):
        if m not in st.attached:
            continue
        for a, rs in _gear_on(ctx, m):
            for r in rs:
                if r[0] == "master_end_burn_unless_master_played":
                    before = st.cards[m].counters
                    ctx.update(m, counters=max(0, before - r[1]))
                    ctx.emit("burned", f"{ctx.name(m)} burns {min(before, r[1])} blood: no master card was played "
                                       f"this master phase ({ctx.name(a)}).", cards=(m,))


def capacity_bonus(ctx: Ctx, m: int) -> int:
    """Capacity a card on the vampire gives it (Reliquary: Akunanse Remains)."""
    return sum(r[2] for _, rs in _gear_on(ctx, m) for r in rs if r[0] == "bearer_bleed_capacity_clan"
               and _clan_is(ctx, m, r[3]))


def strength_bonus(ctx: Ctx, m: int, other: int) -> int:
    """Strength *m* gets in combat with *other* from *other*'s cards (An Anarch Manifesto: titled non-Anarch
    vampires get +1)."""
    st = ctx.st
    if other not in st.attached:
        return 0
    n = 0
    for _, rs in _gear_on(ctx, other):
        for r in rs:
            if r[0] == "titled_opponents_strength":
                mc = st.cards[m]
                if ctx.is_vampire(mc) and ctx.title(mc) and (ctx.sect(mc) or "").lower() != r[2]:
                    n += r[1]
    return n


def start_of_unlock_phase(ctx: Ctx) -> None:
    """The active Methuselah's unlock phase begins: Seal of Veddartha gets a counter (up to 4)."""
    st = ctx.st
    for m in st.region(st.active, "ready") + st.region(st.active, "torpor"):
        if m not in st.attached:
            continue
        for a, rs in list(_gear_on(ctx, m)):
            for r in rs:
                if r[0] == "unlock_counter_up_to":
                    have = counters(ctx, a)
                    if have < r[1]:
                        _set_counters(ctx, a, have + 1)
                        ctx.emit("counters", f"{ctx.name(a)} gets a counter ({have + 1}).", cards=(a,))


def action_succeeded(ctx: Ctx, f: ActionFrame) -> None:
    """A successful action: Journal of Hrorsh on its Salubri gets a counter."""
    st = ctx.st
    if f.actor not in st.attached:
        return
    for a, rs in list(_gear_on(ctx, f.actor)):
        for r in rs:
            if r[0] == "counter_on_success" and _clan_is(ctx, f.actor, r[2]):
                _set_counters(ctx, a, counters(ctx, a) + r[1])
                ctx.emit("counters", f"{ctx.name(a)} gets a counter ({st.cards[a].counters}).", cards=(a,))


def stays_on_victim(ctx: Ctx, a: int) -> bool:
    """The card stays on a diablerized vampire (Soul Gem of Etrius)."""
    return any(r[0] == "not_taken_by_diablerist" for r in card_readings(ctx, a))


def before_burn(ctx: Ctx, m: int):
    """A card is about to burn: a minion in play with a Soul Gem on it: (Soul Gem iid, the vampire's capacity,
    seat); a card of this family on a minion that hurts it as it burns: ("damage", host, n)."""
    c = ctx.st.cards[m]
    if c.region == "attached":
        r = _first(ctx, m, "burned_damages_host")
        return None if r is None or c.host is None else ("damage", c.host, r[1])
    for a, rs in _gear_on(ctx, m):
        if any(r[0] == "soul_gem" for r in rs) and ctx.is_vampire(ctx.st.cards[m]):
            return a, ctx.capacity(ctx.st.cards[m]), ctx.st.cards[m].controller
    return None


def after_burn(ctx: Ctx, m: int, gem: tuple) -> None:
    """Soul Gem of Etrius: its vampire burned, the top card of the crypt comes out: younger, it goes ready with
    blood equal to its capacity and the Soul Gem on it; otherwise to the uncontrolled region (the gem stays
    burned)."""
    st = ctx.st
    if gem[0] == "damage":
        _, host, n = gem
        if host in st.cards and st.cards[host].region in ("ready", "torpor"):
            from vtes_desktop.engine.rules_combat import inflict

            ctx.emit("effect", f"{ctx.name(m)} burned: {ctx.name(host)} takes {n} unpreventable damage.", cards=(host,))
            inflict(ctx, host, n, 0)
        return
    iid, cap, seat = gem
    crypt = st.region(seat, "crypt")
    if not crypt:
        ctx.emit("effect", f"{ctx.name(iid)}: {poss(ctx.seat_name(seat))} crypt is empty.")
        return
    top = crypt[0]
    tc = st.cards[top]
    if ctx.is_vampire(tc) and (ctx.cdef(top).capacity or 0) < cap:
        n = ctx.cdef(top).capacity or 0
        ctx.move(top, "ready", seat=seat, counters=n, locked=False)
        if st.cards[iid].region == "ash_heap":
            ctx.move(iid, "attached", host=top)
        ctx.emit("effect", f"{ctx.name(iid)}: {ctx.name(top)}, younger, comes into play with {n} blood and the gem.",
                 cards=(top, iid))
    else:
        ctx.move(top, "uncontrolled", seat=seat)
        ctx.emit("effect", f"{ctx.name(iid)}: {ctx.name(top)} is not younger: it goes to the uncontrolled region.",
                 cards=(top,))


def _printed_blood(rules) -> int:
    b = rules.blood_cost or 0
    return b if b > 0 else 0


def cost_cut(ctx: Ctx, rules, m: int | None, blood: int) -> int:
    """Blood less a card costs *m* because of its cards: The Ankara Citadel (half of it, rounded down, for cards
    other than action modifiers), Karavalanisha Vrana (cards requiring Chimerstry, for its Ravnos)."""
    st = ctx.st
    if st.marks and m is not None:
        _spend_once_level(ctx, m, rules)   # Amulet of Temporal Perception: the card is being paid for
    if m is None or m not in st.attached or blood <= 0:
        return 0
    cut = 0
    discs = None
    for _, rs in _gear_on(ctx, m):
        for r in rs:
            if r[0] == "half_blood_cost_except_modifiers" and "Action Modifier" not in rules.types:
                cut += blood - blood // 2
            elif r[0] == "superiors_and_combat_cost" and "Combat" in rules.types:
                cut += r[2]
            elif r[0] == "cost_cut_discipline" and _clan_is(ctx, m, r[3]):
                discs = discs if discs is not None else {d.lower() for d in rules.disciplines}
                if r[1] in discs:
                    cut += r[2]
    return min(cut, blood)


def equip_target(ctx: Ctx, cmd, f: dict, card: int | None, directed_at: tuple) -> tuple:
    """An equip action with a card that goes on any minion (Bloodstone): `target` names that minion; the action is
    directed when another Methuselah controls it. Returns the seats the action is directed at."""
    if f.get("kind") != "equip" or card is None or cmd.target is None or _first(ctx, card, "put_on_any_minion") is None:
        return directed_at
    st = ctx.st
    t = flow.ref(ctx, cmd.seat, cmd.target, what="minion")
    tc = st.cards[t]
    if not ctx.is_minion(tc) or tc.region != "ready" or tc.contested:
        raise Illegal("target", f"{ctx.name(card)} goes on a ready minion; {ctx.name(t)} is not one")
    if tc.controller == cmd.seat:
        f.update(target_card=t)
        return directed_at
    f.update(target_card=t, directed=True, target_seat=tc.controller)
    return (tc.controller,)


def contest_refusal(ctx: Ctx, newcomer: int, same: list) -> bool:
    """A card that would contest one of this family's that cannot be contested is burned instead (San Nicolás de
    los Servitas); a card this family makes unique is contested as unique cards are (Gran Madre di Dio). True when
    this family settled it."""
    st = ctx.st
    if not same and _first(ctx, newcomer, "unique_location") is not None:
        name = ctx.db[st.cards[newcomer].cid].name
        same = [i for i, c in st.cards.items() if i != newcomer and c.region in ("ready", "torpor", "in_play",
                                                                                   "attached")
                and ctx.db[c.cid].name == name]
        if not same:
            return True
        if any(st.cards[i].controller == st.cards[newcomer].controller for i in same):
            ctx.burn(newcomer, "you cannot contest a card with yourself")
            return True
        for i in same + [newcomer]:
            ctx.update(i, contested=True, face_down=True)
        ctx.emit("contested", f"{ctx.name(newcomer)} is contested.")
        return True
    for i in same:
        if any(r[0] == "never_contested" for r in card_readings(ctx, i)):
            ctx.burn(newcomer, f"{ctx.name(i)} cannot be contested")
            return True
    return False


def _shield(ctx: Ctx, rules, m: int) -> str | None:
    """Why a card of *rules* cannot be played by, on or against *m* because of its cards: Sire's Index Finger and
    Blade of Enoch (frenzy cards), Martinelli's Ring (cards requiring Malkavian, Dementation or Serpentis)."""
    if m not in ctx.st.attached:
        return None
    for a, rs in _gear_on(ctx, m):
        for r in rs:
            if r[0] == "immune_to_frenzy" and "frenzy" in rules.keywords and ctx.is_vampire(ctx.st.cards[m]) \
                    and ctx.capacity(ctx.st.cards[m]) >= r[1]:
                return f"{ctx.name(m)} is immune to frenzy cards ({ctx.name(a)})"
            if r[0] == "rejects_cards_requiring" and _requires(rules, r[1], r[2]):
                return f"{ctx.name(m)} cannot have or be the target of {rules.name} ({ctx.name(a)})"
    return None


def _requires(rules, clans, discs) -> bool:
    return bool({c.lower() for c in rules.clans} & set(clans)) or bool({d.lower() for d in rules.disciplines} & set(discs))


def play_refusal(ctx: Ctx, cmd, rules) -> str | None:
    """Why a card cannot be played now because of this family's cards on the minions it concerns: the playing
    minion and the target (a frenzy card for Sire's Index Finger), and in combat both combatants."""
    from vtes_desktop.engine.state import CombatFrame

    st = ctx.st
    if not _shields_in_play(ctx):
        return None
    who = []
    for ref in (cmd.minion, cmd.target):
        if ref is None:
            continue
        try:
            i = flow.ref(ctx, cmd.seat, ref)
        except (Malformed, Illegal):
            continue
        if i in st.cards and st.cards[i].region in ("ready", "torpor"):
            who.append((i, ref is cmd.target))
    f = st.top
    if isinstance(f, CombatFrame) and "frenzy" in rules.keywords:
        who += [(f.a, False), (f.b, False)]
    for i, targeted in who:
        why = _shield(ctx, rules, i) if ("frenzy" in rules.keywords or targeted) else None
        if why:
            return why
    return None


def _reject_attached(ctx: Ctx, host: int, ring: int) -> None:
    """Martinelli's Ring equipped: the cards on its bearer requiring those clans or Disciplines are burned."""
    r = _first(ctx, ring, "rejects_cards_requiring")
    for a in list(ctx.st.attached.get(host, ())):
        if a != ring and _requires(ctx.rules(a), r[1], r[2]):
            ctx.burn(a, f"{ctx.name(ring)}")


_SHIELDS: set | None = None


def _shields_in_play(ctx: Ctx) -> bool:
    """Whether any card that shields its bearer from some cards (Sire's Index Finger, Blade of Enoch, Martinelli's
    Ring) is on a minion: a cheap test before anything else (plays are checked in every legal answer)."""
    global _SHIELDS
    if _SHIELDS is None:
        keys = ("immune to frenzy cards", "immune to the effects of frenzy cards",
                "cannot have or be the target of cards requiring")   # the texts of those readings, cheaply
        _SHIELDS = {c.id for c in ctx.db.library if "Equipment" in c.types
                    and any(k in c.text.lower() for k in keys)}
    st = ctx.st
    return any(st.cards[a].cid in _SHIELDS for hosted in st.attached.values() for a in hosted if a in st.cards)


_GRAN: set | None = None


def not_equipment(ctx: Ctx, iid: int) -> bool:
    """A card of this family that does not count as equipment in play (Gran Madre di Dio)."""
    return any(r[0] == "unique_location" for r in card_readings(ctx, iid))


def entered_play(ctx: Ctx, iid: int) -> None:
    """A minion has just been put in play (from outside play into the ready region): Gran Madre di Dio of the
    predator or prey of its controller locks it outside the unlock phase, and a younger vampire burns 1 blood."""
    global _GRAN
    st = ctx.st
    if st.phase == "unlock":
        return
    if _GRAN is None:
        _GRAN = {c.id for c in ctx.db.library if "Equipment" in c.types
                 and "puts a minion in play in any phase except the unlock phase" in c.text}
    seat = st.cards[iid].controller
    for host, hosted in list(st.attached.items()):
        for a in hosted:
            if a not in st.cards or st.cards[a].cid not in _GRAN or host not in st.cards:
                continue
            owner = st.cards[host].controller
            if seat not in (st.prey(owner), st.predator(owner)) or seat == owner:
                continue
            rs = card_readings(ctx, a)
            if not any(r[0] == "neighbours_minions_enter_locked" for r in rs):
                continue
            c = st.cards[iid]
            if not ctx.is_minion(c):
                return
            ctx.update(iid, locked=True)
            ctx.emit("locked", f"{ctx.name(iid)} comes into play locked ({ctx.name(a)}).", cards=(iid,))
            r = next((x for x in rs if x[0] == "neighbours_younger_burn"), None)
            if r is not None and ctx.is_vampire(c) and ctx.capacity(c) < ctx.capacity(st.cards[host]) and c.counters:
                ctx.update(iid, counters=max(0, c.counters - r[1]))
                ctx.emit("burned", f"{ctx.name(iid)} burns {r[1]} blood ({ctx.name(a)}).", cards=(iid,))
            return


def hand_size_bonus(ctx: Ctx, iid: int) -> int | None:
    """The hand size a card of this family on a ready minion gives (Shaal Fragment +2; Reliquary: Trinket +1 with a
    Laibon bearer), or None when it gives none this family reads (the caller then reads the text)."""
    rs = [r for r in card_readings(ctx, iid) if r[0] in ("hand_size", "blood_for_hand_size_turn")]
    if not rs:
        return None
    c = ctx.st.cards[iid]
    n = 0
    for r in rs:
        if r[0] == "hand_size" and (len(r) < 3 or (c.host is not None and _clan_is(ctx, c.host, r[2]))):
            n += r[1]
        elif r[0] == "blood_for_hand_size_turn" and (iid, ("gear hand size", ctx.st.turn)) in ctx.st.acted:
            n += r[2]
    return n


def _use_open(ctx: Ctx, iid: int, kind: str) -> bool:
    """Whether a use the card has can be taken now (a few wait for a choice or a pending step)."""
    if kind == "remove_clan_vampire_or_burn":
        return (iid, PENDING, "remove") in ctx.st.marks
    if kind == "choose_vampire":
        return not _chosen(ctx, iid)
    return True


#: the uses `use` carries out: (reading names, handler, whether the handler takes the reading), first match wins
_USES: tuple[tuple[tuple[str, ...], Callable, bool], ...] = (
    (('burn_blood_for_votes',), _burn_blood_for_votes, False),
    (('lock_to_unlock_after_success',), _lock_to_unlock, False),
    (('remove_clan_vampire_or_burn',), _shango_entry, True),
    (('blood_for_hand_size_turn',), _shango_hand, True),
    (('lock_continue_unblocked',), _ambulance, False),
    (('second_copy_after_equip',), _second_copy, False),
    (('diablerie_gifts',), _gift, False),
    (('blood_for_basic_discipline',), _amulet, True),
    (('unlock_pool_or_burn',), _pool_or_burn, True),
    (('unlock_damage_own_minion',), _unlock_damage, True),
    (('unlock_blood_to_card_or_burn', 'burn_counter_for_stealth'), _polaris, False),
    (('stash_equipment',), _stash, False),
    (('remove_bearer_for_pool',), _remove_bearer_for_pool, True),
    (('unlock_choose_level',), _unlock_choose_level, True),
    (('choose_vampire',), _choose, False),
    (('lock_burn_chosen_blood',), _doll, True),
    (('burn_cancel_block_combat',), _jar, False),
    (('choose_prey_minion',), _choose_prey_minion, False),
    (('unlock_after_rescue',), _unlock_after_rescue, False),
    (('burn_for_discipline_level',), _burn_for_level, False),
    (('unlock_move_blood_to_bearer',), _unlock_move_blood, True),
    (('no_vampire_block',), _no_vampire_block, True),
)
