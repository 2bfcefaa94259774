"""Combat-family effects the engine carries out from the card rules' readings (`grammar/auto_combat.py`).

Each function here acts on a reading, never on card text: what `auto_combat.automated` marks is exactly
what these functions (and their hooks in `rules_combat.py`/`rules_action.py`) do.
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar import auto_combat
from vtes_desktop.engine import flow
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.state import Mod


_MODE_CACHE: dict = {}
_CARD_CACHE: dict = {}


def mode_readings(ctx: Ctx, rules, mode) -> list[tuple]:
    key = (rules.card_id, mode.level, mode.types)
    got = _MODE_CACHE.get(key)
    if got is None:
        got = _MODE_CACHE[key] = auto_combat.mode_readings(mode.effects, rules.types)
    return got


def card_readings(ctx: Ctx, iid: int) -> list[tuple]:
    """Readings of a card in play, at the level it was played (its superior mode, else its basic one)."""
    c = ctx.st.cards[iid]
    key = (c.cid, c.level)
    got = _CARD_CACHE.get(key)
    if got is not None:
        return got
    rules = ctx.rules(iid)
    level = c.level
    modes = [m for m in rules.modes if level and m.level == level] or \
        [m for m in rules.modes if m.level is None or m.level.islower()][:1]
    out = []
    for m in modes:
        out += auto_combat.mode_readings(m.effects, rules.types)
    _CARD_CACHE[key] = out
    return out


def bearer_bonus(ctx: Ctx, minion: int, stat: str) -> int:
    """+N bleed/strength a minion gets from its equipment and retainers ("The bearer gets +1 bleed")."""
    n = 0
    for iid in ctx.st.attached.get(minion, ()):
        if not {"Equipment", "Retainer"} & set(ctx.cdef(iid).types):
            continue
        for r in card_readings(ctx, iid):
            if r[0] == "bearer_stat" and r[1] == stat:
                n += r[2]
            elif r[0] == "bearer_stat_clan" and r[1] == stat and \
                    r[3] in {c.lower() for c in ctx.cdef(minion).clans}:      # "This Malkavian gets +1 bleed"
                n += r[2]
    return n


def bearer_stealth(ctx: Ctx, f) -> int:
    """Stealth the acting minion gets from its equipment: Erebus Mask (a Harbinger of Skulls), Dartmoor (an action
    card requiring Animalism or Protean), Enchanted Marionette (a Malkavian antitribu's bleed)."""
    n = 0
    actor = f.actor
    for iid in ctx.st.attached.get(actor, ()):
        if "Equipment" not in ctx.cdef(iid).types:
            continue
        for r in card_readings(ctx, iid):
            if r[0] != "bearer_stealth":
                continue
            _, amount, clan, kind, discs = r
            if clan and clan not in {c.lower() for c in ctx.cdef(actor).clans}:
                continue
            if kind == "bleed" and not (f.kind == "bleed" or f.effect == "bleed"):
                continue
            if discs and not (f.kind == "card" and f.card is not None
                              and set(discs) & {d.lower() for d in ctx.rules(f.card).disciplines}):
                continue
            n += amount
    return n


def bearer_intercept(ctx: Ctx, f, minion: int) -> int:
    """Intercept a blocker gets from its equipment during some actions: The Ancestor's Talisman, during actions
    requiring Dominate or Presence (the action card's)."""
    n = 0
    for iid in ctx.st.attached.get(minion, ()):
        if "Equipment" not in ctx.cdef(iid).types:
            continue
        for r in card_readings(ctx, iid):
            if r[0] == "bearer_intercept_vs_disciplines" and f.card is not None and f.kind in ("card", "political") \
                    and set(r[2]) & {d.lower() for d in ctx.rules(f.card).disciplines}:
                n += r[1]
    return n


def attached_strength(ctx: Ctx, minion: int) -> int:
    """Strength a card put on the minion changes while it is there (Disarm: -1, at superior -2)."""
    n = 0
    for iid in ctx.st.attached.get(minion, ()):
        if "Combat" not in ctx.cdef(iid).types:
            continue
        for r in card_readings(ctx, iid):
            if r[0] == "attached_strength":
                n += r[1]
    return n


def blood_lost(f, minion: int) -> int:
    """Blood *minion* lost to damage this round (the combat frame's record)."""
    return sum(x.amount for x in f.mods if x.kind == "blood_lost" and x.minion == minion)


def record_blood_lost(f, minion: int, n: int):
    return f._replace(mods=f.mods + (Mod("blood_lost", n, minion, None),))


def env_amount(readings: list[tuple]) -> tuple[int, bool] | None:
    """(damage, aggravated) of an "each round, environmental damage" effect, after any "As above, but"."""
    base = None
    for r in readings:
        if r[0] == "env_each_round":
            base = (r[1], r[2])
        elif r[0] == "env_amount" and base is not None:
            base = (r[1], base[1])
    return base


# -- uses of equipment and retainers outside combat (`use` steps) ------------------------------------------

def use(ctx: Ctx, cmd, iid: int) -> bool:
    """A `use` of an equipment or retainer effect the engine carries out; False if the card has none."""
    c = ctx.st.cards[iid]
    if c.region != "attached" or not {"Equipment", "Retainer", "Combat"} & set(ctx.cdef(iid).types):
        return False
    for r in card_readings(ctx, iid):
        if r[0] == "burn_blood_to_burn_card":
            _burn_blood_to_burn_card(ctx, cmd, iid, r[1])
            return True
        if r[0] == "unlock_draw_then_bottom":
            _unlock_draw_then_bottom(ctx, cmd, iid, r[1])
            return True
        if r[0] == "employer_burns_to_unlock":
            _employer_burns_to_unlock(ctx, cmd, iid, r[1])
            return True
        if r[0] == "burn_blood_for_intercept":
            _burn_blood_for_intercept(ctx, cmd, iid, *r[1:])
            return True
        if r[0] in ("burn_for_intercept", "lock_for_minus_stealth"):
            _during_action_use(ctx, cmd, iid, r)
            return True
        if r[0] == "burn_to_prevent_or_gain":
            _burn_to_gain(ctx, iid, r[2])
            return True
        if r[0] == "burn_in_master_phase_to_lock":
            _burn_to_lock(ctx, cmd, iid)
            return True
        if r[0] == "equip_in_influence_phase":
            _equip_in_influence(ctx, cmd, iid)
            return True
    return False


def _burn_to_lock(ctx: Ctx, cmd, iid: int) -> None:
    """Mummy's Tongue: in your master phase, its vampire burns it to lock any vampire (named as the use's minion),
    who does not unlock as normal during their next unlock phase."""
    st = ctx.st
    if st.phase != "master" or st.active != cmd.seat or st.frames:
        raise Illegal("timing", f"{ctx.name(iid)} is burned during your master phase")
    if cmd.minion is None:
        raise Malformed("minion", f"name the vampire {ctx.name(iid)} locks (minion)")
    t = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    tc = st.cards[t]
    if not ctx.is_vampire(tc) or tc.region != "ready":
        raise Illegal("target", f"{ctx.name(iid)} locks a ready vampire; {ctx.name(t)} is not one")
    ctx.burn(iid, "burned to lock a vampire")
    ctx.update(t, locked=True)
    st.skip_unlock = st.skip_unlock | {t}
    ctx.emit("locked", f"{ctx.name(t)} is locked and will not unlock during their next unlock phase.", cards=(t,))


def _equip_in_influence(ctx: Ctx, cmd, iid: int) -> None:
    """Pier 13: during your influence phase its minion equips with a non-location, non-unique equipment card from
    your hand (named as the use's effect), requirements and cost as normal; no action, no block."""
    from vtes_desktop.engine.rules_action import _cost, _pay, played_from_hand, requirement_refusal

    st = ctx.st
    host = st.cards[iid].host
    if st.phase != "influence" or st.active != cmd.seat or st.frames:
        raise Illegal("timing", f"{ctx.name(iid)} is used during your influence phase")
    if host is None or st.cards[host].region != "ready":
        raise Illegal("use", f"{ctx.name(iid)} is used by a ready minion")
    if not cmd.effect:
        raise Malformed("effect", f"name the equipment card from your hand that {ctx.name(host)} equips with (effect)")
    w = flow.ref(ctx, cmd.seat, cmd.effect)
    wc = st.cards[w]
    wr = ctx.rules(w)
    if wc.region != "hand" or wc.owner != cmd.seat or "Equipment" not in wr.types:
        raise Illegal("equip", f"{ctx.name(w)} is not an equipment card in your hand")
    if wr.unique or "unique" in wr.keywords or "location" in wr.keywords or \
            re.search(r"(?i)represents a location|\blocation\b", ctx.cdef(w).text.split(".")[0]):
        raise Illegal("equip", f"{ctx.name(iid)} equips only with a non-location, non-unique equipment")
    why = requirement_refusal(ctx, w, wr, None, host)
    if why:
        raise Illegal("requirements", why)
    pool, blood = _cost(wr, None)
    _pay(ctx, cmd.seat, host, pool, blood, wr.name)
    ctx.move(w, "attached", host=host)
    played_from_hand(ctx, cmd.seat, w, wr, to="none")
    ctx.emit("equip", f"{ctx.name(host)} equips with {ctx.name(w)} ({ctx.name(iid)}).", cards=(host, w))


def _during_action_use(ctx: Ctx, cmd, iid: int, r: tuple) -> None:
    """Changeling Skin Mask: its vampire burns it for +2 intercept this action; Starshell Grenade Launcher: its minion
    locks to give the acting minion -1 stealth this action."""
    from vtes_desktop.engine.state import ActionFrame

    st = ctx.st
    host = st.cards[iid].host
    name = ctx.name(iid)
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage == "resolution":
        raise Illegal("timing", f"{name} is used during an action, before it resolves")
    hc = st.cards[host]
    if hc.region != "ready":
        raise Illegal("use", f"{ctx.name(host)} is not ready")
    if r[0] == "burn_for_intercept":
        if host == f.actor:
            raise Illegal("use", f"{ctx.name(host)} is the acting minion: intercept is for blocking")
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("intercept", r[1], host, iid),)))
        ctx.burn(iid, f"burned by {ctx.name(host)} for +{r[1]} intercept")
        ctx.emit("intercept", f"{ctx.name(host)} burns {name} for +{r[1]} intercept.", cards=(host,))
        return
    if hc.locked:
        raise Illegal("use", f"{ctx.name(host)} is locked")
    ctx.update(host, locked=True)
    flow.set_top(ctx, ctx.st.top._replace(mods=ctx.st.top.mods + (Mod("stealth", -r[1], None, iid),)))
    ctx.emit("stealth", f"{ctx.name(host)} locks: {ctx.name(f.actor)} gets -{r[1]} stealth ({name}).", cards=(host,))


def _burn_to_gain(ctx: Ctx, iid: int, n: int) -> None:
    """Blood Tears of Kephran: its vampire burns it to gain 2 blood (excess ignored); its prevention is used with
    prevent, in combat."""
    st = ctx.st
    host = st.cards[iid].host
    if not ctx.is_vampire(st.cards[host]):
        raise Illegal("use", f"{ctx.name(iid)} gives blood to a vampire")
    before = st.cards[host].counters
    ctx.set_blood(host, before + n)
    ctx.burn(iid, f"burned by {ctx.name(host)} to gain blood")
    ctx.emit("gain", f"{ctx.name(host)} burns {ctx.name(iid)} and gains {st.cards[host].counters - before} blood.",
             cards=(host,))


def _burn_blood_for_intercept(ctx: Ctx, cmd, iid: int, n: int, trigram: str, superior: bool) -> None:
    """Bowl of Convergence: the bearer with superior Auspex burns 1 blood during an action for +1 intercept
    (once each action)."""
    from vtes_desktop.engine.state import ActionFrame

    st = ctx.st
    host = st.cards[iid].host
    name = ctx.name(iid)
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage == "resolution":
        raise Illegal("timing", f"{name} is used during an action, before it resolves")
    if ctx.discipline_level(st.cards[host], trigram) < (2 if superior else 1):
        raise Illegal("requirements", f"{ctx.name(host)} needs {'superior ' if superior else ''}"
                                      f"[{trigram}] to use {name}")
    if any(x.card == iid for x in f.mods):
        raise Illegal("use", f"{name} has already given its additional intercept this action")
    if host == f.actor:
        raise Illegal("use", f"{ctx.name(host)} is the acting minion: intercept is for blocking")
    hc = st.cards[host]
    if hc.counters < 1:
        raise Illegal("cost", f"{ctx.name(host)} has no blood to burn")
    ctx.update(host, counters=hc.counters - 1)
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("intercept", n, host, iid),)))
    ctx.emit("intercept", f"{ctx.name(host)} burns 1 blood for +{n} intercept ({name}).", cards=(host,))


def _burn_blood_to_burn_card(ctx: Ctx, cmd, iid: int, blood: int) -> None:
    """Disarm: the vampire it is on can burn 3 blood to burn it."""
    st = ctx.st
    host = st.cards[iid].host
    if st.cards[host].region != "ready":
        raise Illegal("use", f"{ctx.name(host)} is not ready")
    if st.cards[host].counters < blood:
        raise Illegal("cost", f"{ctx.name(host)} has {st.cards[host].counters} blood; burning {ctx.name(iid)} costs {blood}")
    ctx.update(host, counters=st.cards[host].counters - blood)
    ctx.burn(iid, f"{ctx.name(host)} burned {blood} blood")
    ctx.emit("burned", f"{ctx.name(host)} burns {blood} blood to burn {ctx.name(iid)}.", cards=(host,))


def _pending_bottom(st, seat: int):
    return next((f for f in st.phase_flags if isinstance(f, tuple) and f[0] == "bottom_owed" and f[1] == seat), None)


def _unlock_draw_then_bottom(ctx: Ctx, cmd, iid: int, most: int) -> None:
    """Heart of Nizchetus: in your unlock phase, with the bearer ready, draw up to N cards (`effect: "draw N"`),
    then move as many cards from hand to the bottom of the library (`effect: "bottom CARD"`, one step each)."""
    st = ctx.st
    name = ctx.name(iid)
    host = st.cards[iid].host
    if st.phase != "unlock" or st.active != cmd.seat:
        raise Illegal("timing", f"{name} is used during your own unlock phase")
    eff = (cmd.effect or "").strip()
    owed = _pending_bottom(st, cmd.seat)
    m = re.fullmatch(r"(?i)bottom:?\s+(.+)", eff)
    if m:
        if owed is None or owed[3] != iid:
            raise Illegal("use", f"no card is owed to the bottom of the library for {name}")
        card = flow.ref(ctx, cmd.seat, m.group(1).strip())
        cc = st.cards[card]
        if cc.region != "hand" or cc.owner != cmd.seat:
            raise Illegal("use", f"{ctx.name(card)} is not in {ctx.seat_name(cmd.seat)}'s hand")
        ctx.move(card, "library", seat=cmd.seat, top=False)
        ctx.emit("moved", f"{ctx.seat_name(cmd.seat)} moves a card from hand to the bottom of the library ({name}).",
                 frozenset({cmd.seat}), f"{ctx.seat_name(cmd.seat)} moves a card from hand to the bottom of the library.")
        st.phase_flags = (st.phase_flags - {owed}) | ({("bottom_owed", cmd.seat, owed[2] - 1, iid)} if owed[2] > 1
                                                       else set())
        return
    m = re.fullmatch(r"(?i)(?:draw\s+)?(\d+)", eff)
    if not m:
        raise Malformed("effect", f"say how many cards {name} draws (effect: \"draw N\", N up to {most}), then "
                                  "\"bottom CARD\" for each card moved back")
    n = int(m.group(1))
    if ("used", iid) in st.phase_flags:
        raise Illegal("use", f"{name} has already been used this unlock phase")
    if host is None or st.cards[host].region != "ready":
        raise Illegal("use", f"{name} is used only while its bearer is ready")
    if not 0 < n <= most:
        raise Illegal("use", f"{name} draws up to {most} cards")
    drawn = ctx.draw(cmd.seat, n)
    st.phase_flags = st.phase_flags | {("used", iid)}
    if drawn:
        st.phase_flags = st.phase_flags | {("bottom_owed", cmd.seat, len(drawn), iid)}
        ctx.emit("owed", f"{ctx.seat_name(cmd.seat)} now moves {len(drawn)} card{'s' if len(drawn) > 1 else ''} "
                         f"from hand to the bottom of the library ({name}).")


def phase_end_refusal(ctx: Ctx, seat: int) -> str | None:
    """Why the phase cannot end yet: cards still owed to the bottom of the library."""
    owed = _pending_bottom(ctx.st, seat)
    if owed is not None:
        return (f"{ctx.seat_name(seat)} still moves {owed[2]} card{'s' if owed[2] > 1 else ''} from hand to the bottom "
                f"of the library for {ctx.name(owed[3])} (use it with effect \"bottom CARD\")")
    return None


def _employer_burns_to_unlock(ctx: Ctx, cmd, iid: int, blood: int) -> None:
    """Homunculus: during any Methuselah's unlock phase, the employer can burn 1 blood to unlock."""
    st = ctx.st
    host = st.cards[iid].host
    name = ctx.name(iid)
    if st.phase != "unlock" or st.frames:
        raise Illegal("timing", f"{name} is used during an unlock phase")
    hc = st.cards[host]
    if not hc.locked:
        raise Illegal("use", f"{ctx.name(host)} is not locked")
    if hc.counters < blood:
        raise Illegal("cost", f"{ctx.name(host)} has no blood to burn")
    ctx.update(host, counters=hc.counters - blood, locked=False)
    ctx.emit("unlocked", f"{ctx.name(host)} burns {blood} blood to unlock ({name}).", cards=(host,))


def equipped(ctx: Ctx, f) -> None:
    """An equip action succeeded: "If the action to equip with this card is successful, unlock the acting minion at the
    end of the turn" (Baseball Bat, Leather Jacket)."""
    if f.equip_from is None and f.card is not None and ("unlock_end_of_turn_on_equip",) in card_readings(ctx, f.card):
        ctx.st.acted = ctx.st.acted | {(f.actor, "unlock_end_of_turn")}
        ctx.emit("note", f"{ctx.name(f.actor)} will unlock at the end of the turn ({ctx.name(f.card)}).")


def block_refusal(ctx: Ctx, actor: int, blocker: int) -> str | None:
    """Equipment on the acting minion that some minions cannot block (The Signet of King Saul)."""
    for iid in ctx.st.attached.get(actor, ()):
        if "Equipment" not in ctx.cdef(iid).types:
            continue       # (an equipment card that represents a location still counts here: Sacré-Cœur Cathedral)
        for r in card_readings(ctx, iid):
            if r[0] == "unblockable_by_kind":
                bd = ctx.cdef(blocker)
                if (r[1] == "ally" and "Ally" in bd.types) or \
                        (r[1] == "toreador" and {c.lower() for c in bd.clans} & {"toreador", "toreador antitribu"}):
                    return f"{ctx.name(blocker)} cannot block the bearer of {ctx.name(iid)}"
            if r[0] == "unblockable_by_capacity" and ctx.is_vampire(ctx.st.cards[blocker]) \
                    and ctx.capacity(ctx.st.cards[blocker]) >= r[1]:
                return (f"{ctx.name(blocker)} has capacity {r[1]} or more and cannot attempt to block the bearer of "
                        f"{ctx.name(iid)}")
    return None


def is_equipment(ctx: Ctx, iid: int) -> bool:
    """Equipment in play, not counting equipment cards that represent a location while in play."""
    from vtes_desktop.engine.effects_gear import not_equipment as gear_not_equipment

    return "Equipment" in ctx.cdef(iid).types and ("equipment_location",) not in card_readings(ctx, iid) \
        and not gear_not_equipment(ctx, iid)   # Gran Madre di Dio


def start_of_minion_phase(ctx: Ctx) -> None:
    """"If the vampire with this retainer is in torpor, he or she gains 1 blood at the beginning of his or her minion
    phase" (Faithful Servant)."""
    st = ctx.st
    for host in st.region(st.active, "torpor"):
        for iid in st.attached.get(host, ()):
            if "Retainer" not in ctx.cdef(iid).types:
                continue
            for r in card_readings(ctx, iid):
                if r[0] == "torpor_minion_phase_blood" and ctx.is_vampire(st.cards[host]):
                    before = st.cards[host].counters
                    ctx.set_blood(host, before + r[1])
                    ctx.emit("gain", f"{ctx.name(host)} gains {st.cards[host].counters - before} blood in torpor "
                                     f"({ctx.name(iid)}).", cards=(host,))


def start_of_master_phase(ctx: Ctx) -> None:
    """"During your master phase, the vampire with this location gains 1 blood" (Palatial Estate)."""
    st = ctx.st
    for host in st.region(st.active, "ready") + st.region(st.active, "torpor"):
        for iid in st.attached.get(host, ()):
            if "Equipment" not in ctx.cdef(iid).types:
                continue
            for r in card_readings(ctx, iid):
                if r[0] == "master_phase_gain_blood" and ctx.is_vampire(st.cards[host]):
                    before = st.cards[host].counters
                    ctx.set_blood(host, before + r[1])
                    ctx.emit("gain", f"{ctx.name(host)} gains {st.cards[host].counters - before} blood "
                                     f"({ctx.name(iid)}).", cards=(host,))


#: every reading key of `grammar/auto_combat.py`, with the engine code that carries it out (tests check the list)
HANDLED = {
    "move_equipment_from_circle": "rules_combat._carry_out (Clockwerx; any time at superior: play_combat)",
    "outsider_extra_strikes_each_round": "rules_combat._play_by_outsider (Octopod) / _round_extra_combat",
    "outsider_close_and_press_continue": "rules_combat._play_by_outsider (Three's a Crowd)",
    "frenzy_target_press_end": "rules_combat._play_by_outsider (Tranquility)",
    "outsider_prevent": "rules_combat._play_by_outsider", "outsider_prevent_x": "rules_combat._play_by_outsider",
    "outsider_prevent_all_strike": "rules_combat._play_by_outsider",
    "aggravated_vs_clan": "rules_combat._apply_strikes", "burn_if_fortitude_prevents_all": "rules_combat.close_damage",
    "cancel_grapple_once": "rules_combat.use_in_combat (_axe_cancel) / strike (must_strike_with)",
    "stealable_by_strike": "rules_combat.strike (the opposing minion names it) / _apply_strikes (steal_card)",
    "choose_own_retainer": "rules_combat._carry_out (with frenzy_immune_and_retainer_damage)",
    "frenzy_immune_and_retainer_damage": "rules_combat._carry_out / _environmental_hits / _grapple_refusal",
    "retainer_damage_change": "rules_combat._carry_out (Bestial Vengeance's amount)",
    "hand_hit_torpor_or_burn_round": "rules_combat._carry_out / close_damage (_basilisk)",
    "hand_hit_burn_blood": "rules_combat._basilisk",
    "dodge_with_press": "rules_combat.strike", "lock_aye_to_unlock": "rules_combat.strike (unlock)",
    "retainer_prevent_round": "rules_combat.strike / open_damage (_retainer_shield)",
    "no_strike_retainer_immune_round": "rules_combat._carry_out / open_damage (_retainer_shield)",
    "long_range_default_and_press_end_each_round": "rules_combat._carry_out / close (new round)",
    "press_continue_after_close_strike_once": "rules_combat._apply_strikes (hook_press)",
    "destroyable_by_strike": "rules_combat.strike (the opposing minion names the weapon)",
    "pair_strike_with_maneuver": "rules_combat.strike (choice 2R) / maneuver (_has_pair)",
    "ranged_burn_life_vs": "rules_combat.strike (choice werewolf) / _apply_strikes (burn_life)",
    "hand_and_melee_strike": "rules_combat (a hand strike whose source is a melee weapon: both)",
    "prevent_each_melee_strike": "rules_combat.open_damage (_bundi)",
    "aim_direct_bonus": "rules_combat._aim_hit (Target Retainer aimed at the minion)",
    "aim_hit_effect": "rules_combat._carry_out / strike (aim_on) / close_damage (_aim_hit)",
    "aim_strike_bonus": "rules_combat.strike (aim)", "aim_cancel_discards": "rules_combat.discard_to_cancel_aim",
    "counter_after_hit_round": "rules_combat.close_damage / close (end of round)",
    "damage_per_counter": "rules_combat._apply_strikes", "grants_superior_two": "effects_combat.granted_discipline",
    "bearer_strikes_with_it_at_close": "rules_combat.strike (_troile_refusal)",
    "bearer_no_maneuver_to_long": "rules_combat.maneuver (_troile_refusal)",
    "burn_before_range_for_effect": "rules_combat.use_in_combat (_powder)",
    "opponent_no_discipline_cards": "rules_combat._powder / _grapple_refusal / strength",
    "next_combat_card_costs_less": "rules_combat._carry_out / _extra_blood", "self_gains_blood": "rules_combat._carry_out",
    "bank_blood_to_younger_uncontrolled": "rules_combat._carry_out", "bank_blood_amount": "ditto",
    "strike_capacity_difference": "rules_combat.strike", "strike_damage_at_most": "rules_combat.strike",
    "strength_strike_card_aggravated": "rules_combat.strike", "strike_burns_electronic": "rules_combat._apply_strikes",
    "strike_damage_and_prevent": "rules_combat.strike / _forearm_block", "strike_damage_and_prevent_change": "ditto",
    "celerity_burns_to_prevent_strike": "rules_combat.prevent (_celerity_burn)",
    "one_damage_each_round": "rules_combat._carry_out / close_damage (_marble)",
    "one_damage_each_round_normal_only": "rules_combat._marble", "one_damage_each_round_aggravated_too": "ditto",
    "equip_from_hand_non_unique": "rules_combat._equip_from_hand", "equip_cost_half_in_blood": "rules_combat._equip_from_hand",
    "commit_hand_strike_opponent_first": "rules_combat._carry_out (committed strike, first_strike)",
    "press_to_bigger_hitter": "rules_combat._enter_press",
    "plus_damage_against_opponent_combat": "rules_combat._carry_out / open_damage (_dam)",
    "opponent_strikes_cost_combat": "rules_combat._carry_out / _strike_toll",
    "vampires_gain_ally_cost": "rules_combat._carry_out (only: _torpor_only_refusal)",
    "canceled_striker_gets_no_strike": "rules_combat._cancel_combat_card",
    "strike_burn_animal_mortal_or_hand_orun": "rules_combat.strike (choice burn)",
    "imprison_opponent": "rules_combat._carry_out / maneuver / press / _strike_toll",
    "reflect_hand_melee_retainer_combat": "rules_combat._carry_out / _reflect_hand_damage / _environmental_hits",
    "strength_strike_card": "rules_combat.strike", "torpor_after_damage_taken": "rules_combat.strike / inflict (_kraken)",
    "press_continue_and_steal_option": "rules_combat.strike (strike_option_combat steal, press_continue)",
    "tha_strikes_first_round": "rules_combat._carry_out / _only_refusal",
    "press_continue_grant": "rules_combat._carry_out (granted press_continue)",
    "strike_burn_ally_or_retainer_non_wraith": "rules_combat.strike (burn_ally, or burn_card on the target retainer)",
    "strike_damage_zero": "rules_combat.strike (cap 0) / _apply_strikes",
    "end_after_strike_unless_dodged": "rules_combat.strike / _apply_strikes (end_unless_dodged)",
    "strike_burn_master_discipline": "rules_combat.strike / _apply_strikes (burn_card, excess blood)",
    "strike_also_damage": "rules_combat.strike / _apply_strikes (burn_card with damage)",
    "range_step_skipped": "rules_combat._carry_out (set_range skips the step)",
    "strike_hand_and_dodge": "rules_combat.strike (also_dodge) / _resolve_strikes",
    "no_extra_this_round": "rules_combat.strike / _no_extra",
    "hand_strike_then_opponent_no_strike": "rules_combat.strike / _apply_strikes",
    "dodged_penalty": "rules_combat._apply_strikes",
    "weapon_only_equipment_prevents_round": "rules_combat._carry_out / prevent (_equip_only_cards)",
    "weapon_bonus_round": "rules_combat._carry_out / _apply_strikes",
    "weapon_maneuver_not_first_round": "rules_combat.maneuver",
    "burn_to_burn_torpor_victim": "rules_combat.use_in_combat (_garrote)", "not_diablerie": "rules_combat._garrote",
    "burn_for_strength_and_extra_strikes": "rules_combat.use_in_combat (_vial) / close (_round_extra_combat)",
    "no_other_equipment_after": "rules_combat._vial (no_equipment)",
    "alt_strike_prevent_next_hand_melee": "rules_combat.strike (choice prevent) / _forearm_block",
    "faithful_bearer_keeps_long": "rules_combat.maneuver (_crusader_refusal)",
    "burn_x_for_combat_maneuvers": "rules_combat.use_in_combat (_burn_x_for_maneuvers) / maneuver",
    "opponent_chooses_strike_first": "rules_combat._carry_out / strike / on_pass (choose_after)",
    "after_combat_opponent_regains": "rules_combat._carry_out / _after_combat (inflict records lost_total)",
    "choose_opposing_weapon": "rules_combat.strike (_chosen_opposing_weapon, with strike_x_weapon)",
    "strike_x_weapon": "rules_combat.strike (_weapon_damage)", "strike_x_bonus": "rules_combat.strike",
    "melee_weapon_aggravated_round": "rules_combat._carry_out / _apply_strikes (talons)",
    "burn_weapon_end_of_round": "rules_combat._carry_out / close (burn_end_round)",
    "melee_weapon_aggravated_bonus_round": "rules_combat._carry_out / _apply_strikes (talons_bonus)",
    "strike_by_range": "rules_combat.strike", "strike_hurts_self_and_retainers": "rules_combat.strike / _apply_strikes",
    "strike_spares_self": "rules_combat.strike", "strike_prevent_next_hand": "rules_combat.strike / _forearm_block",
    "first_strike_next_round": "rules_combat.strike / _resolve_strikes",
    "reflect_hand_damage_round": "rules_combat._carry_out / _apply_strikes (_reflect_hand_damage)",
    "burn_for_immune_aggravated_round": "rules_combat._carry_out / _after_immunity",
    "strike_fv_only": "rules_combat.strike / prevent / play_combat (fv_only: other prevention held off)",
    "prevent_half_strike": "rules_combat.play_combat (_half_left)", "prevent_half_note": "rules_combat._half_left",
    "prevent_half_each_strike_combat": "rules_combat.play_combat / open_damage (_half_strikes)",
    "queue_combat": "rules_combat._carry_out / _end_combat (queued_combat)",
    "queue_interrupts_combat_ends": "rules_combat._carry_out (queue_combat: also once combat ends)",
    "strength_round_from_text": "rules_combat.play_combat (+N strength of the play's text)",
    "opponent_no_maneuver_round": "rules_combat._carry_out / maneuver",
    "opponent_no_initial_strike_round": "rules_combat._carry_out / strike / _resolve_strikes",
    "opposing_ranged_weapon_no_damage": "rules_combat._carry_out / _combat_damage_rules (only: _torpor_only_refusal)",
    "strike_never_aggravated": "rules_combat.strike / _apply_strikes",
    "strike_unpreventable_if_black_hand": "rules_combat.strike",
    "hand_melee_aggravated": "rules_combat._carry_out / _apply_strikes (_blood_agony)",
    "weather_each_round": "rules_combat._carry_out / close (_weather)", "weather_growing": "rules_combat._weather",
    "round_prevent_granted": "rules_combat._carry_out / _granted_prevention",
    "strength_and_prevent_normal": "rules_combat._carry_out / strength / _granted_prevention",
    "maneuver_and_strike_option_combat": "rules_combat._carry_out / strike (strike_option_combat)",
    "maneuver_close_or_press_continue": "rules_combat.maneuver / press",
    "no_press_if_hit": "rules_combat._carry_out / press (_hit_blocks_press)",
    "no_extra_if_hit": "rules_combat._carry_out / _no_extra", "opponent_strike_toll_round": "rules_combat._strike_toll",
    "damage_after_hand_hit": "rules_combat._carry_out (only: _torpor_only_refusal)",
    "opponent_no_press_round": "rules_combat._carry_out / press (_hit_blocks_press)",
    "opponent_vampire_drawn_out": "rules_combat._carry_out / maneuver (no_long) / press / strength",
    "press_step_damage_vampire": "rules_combat._carry_out / _enter_press",
    "strike_unpreventable": "rules_combat.strike", "after_combat_stun": "rules_combat.strike / _after_combat",
    "opponent_controller_burns_pool": "rules_combat._carry_out (only: _torpor_only_refusal)",
    "burn_torpor_victim": "rules_combat._carry_out (only: _torpor_only_refusal; inflict records went_torpor)",
    "diablerize_torpor_victim": "rules_combat._carry_out / rules_action.diablerie",
    "env_each_round": "rules_combat._carry_out / _environmental_hits", "env_amount": "effects_combat.env_amount",
    "close_next_round": "rules_combat._carry_out / close", "gain_blood_lost_by_opponent": "rules_combat._carry_out",
    "unlock_striker": "rules_combat.strike (unlock) / _resolve_strikes", "hand_aggravated": "rules_combat._carry_out",
    "strength_set_combat": "rules_combat._carry_out / strength", "press_or_prevent": "rules_combat.play_combat",
    "continue_if_blocked": "rules_combat.strike / _continue_if_blocked",
    "continue_unblocked": "rules_combat.strike / _continue_if_blocked",
    "no_fortitude_prevention": "rules_combat.strike / play_combat (prevention requiring Fortitude) / close_damage",
    "weapons_no_damage_round": "rules_combat.strike / _combat_damage_rules",
    "optional_press_round": "rules_combat.play_combat (grants) / _grant_with_strike",
    "optional_press_continue": "rules_combat.strike (granted press_continue)",
    "paid_grant": "rules_combat.maneuver / strike (grant) / _paid_grant (maneuver, press)",
    "weapon_extra_strike": "rules_combat.strike (weapon strike grants it; only with that weapon)",
    "burn_for_intercept": "effects_combat.use", "lock_for_minus_stealth": "effects_combat.use",
    "unlock_end_of_turn_on_equip": "effects_combat.equipped (rules_action equip success; effects_action.end_of_turn)",
    "burn_to_prevent_strike": "rules_combat.prevent",
    "bearer_stealth": "effects_combat.bearer_stealth (rules_action.stealth)",
    "burn_in_master_phase_to_lock": "effects_combat.use", "locked_skips_unlock": "effects_combat.use",
    "equip_in_influence_phase": "effects_combat.use", "not_an_action": "effects_combat.use (equip_in_influence_phase)",
    "set_range_long_if_flight": "rules_combat._carry_out", "destroy_melee_weapon_if_hit": "rules_combat.play_combat",
    "add_damage_to_own_strike": "rules_combat.play_combat (_twist)",
    "equipment_prevent_each_round": "rules_combat._equipment_prevent", "small_hand_striker_burns": "ditto",
    "clan_burn_weapon_strike": "rules_combat.strike (choice: burn weapon)",
    "extra_strike_hand_only_paid": "rules_combat._carry_out / play_combat / strike", "strength_growing": "rules_combat._carry_out / strength",
    "ammo_extra_strike": "rules_combat._carry_out (_ammo_gun) / strike",
    "equipment_strike_damage": "rules_combat.strike / _apply_strikes",
    "close_and_hand_only_next_round": "rules_combat.strike / close (close_next, hand_only)",
    "agg_as_normal_strike": "rules_combat.play_combat (_aggravated_of_strike)", "prevent_aggravated_strike": "ditto",
    "torpor_burns_instead": "rules_combat.strike / close_damage",
    "opponent_strength_round": "rules_combat._carry_out / strength", "opponent_strength_to_combat": "ditto",
    "weapon_strike_combat_ends": "rules_combat.strike", "weapon_self_damage_close": "rules_combat.strike",
    "burn_after_use": "rules_combat.strike / _burn_used_weapons (_enter_press, _end_combat)",
    "bearer_intercept_vs_disciplines": "effects_combat.bearer_intercept (rules_action.intercept)",
    "clan_maneuver_or_press": "rules_combat.maneuver / press (_clan_maneuver_or_press)",
    "opponent_no_grapple": "rules_combat._carry_out / _grapple_refusal (play_combat, strike, maneuver, press)",
    "press_step_damage_round": "rules_combat.strike / _enter_press",
    "self_no_cancel_frenzy_no_press_end": "rules_combat.strike / press / _cancel_combat_card",
    "hand_strike_press_damage": "rules_combat.strike / _enter_press", "strength_round_to_combat": "rules_combat._carry_out",
    "opponent_press_if_hit": "rules_combat.maneuver / _enter_press",
    "unlock_for_blood": "rules_combat.strike (choice unlock)", "strike_plus_x": "rules_combat.strike (choice X)",
    "env_close_each_round": "rules_combat._carry_out / _environmental_hits", "env_close_amount": "ditto",
    "burn_to_end_combat_before_range": "rules_combat.use_in_combat",
    "maneuver_close_initial_strength": "rules_combat.maneuver / strike (Mod initial_strength)",
    "opponent_no_extra_no_continue": "rules_combat._carry_out / press / play_combat / _next_extra_or_press",
    "opponent_vampire_no_close_no_continue": "rules_combat._carry_out / maneuver / press",
    "optional_maneuver_round": "rules_combat.play_combat (grants from the play's text)",
    "env_this_round": "rules_combat._carry_out / _environmental_hits",
    "opponent_no_strike_cards": "rules_combat._carry_out / _limit_check",
    "opponent_costs_round": "rules_combat._carry_out / _extra_blood",
    "strike_option_round_steal": "rules_combat._carry_out / strike (strike_option)", "strike_option_amount": "ditto",
    "ammo_aggravated_bonus": "rules_combat._carry_out / _apply_strikes (ammo_agg)",
    "extra_burn_weapon_strike": "rules_combat.strike (extra_only_with, strike_option burn_weapon)",
    "burn_gun_after_strike": "rules_combat._carry_out / _apply_strikes (burn_after_strike) / _burn_used_weapons",
    "maneuver_close_round": "rules_combat._carry_out / maneuver (granted maneuver_close)",
    "extra_dodge_strike": "rules_combat.strike", "damage_or_ranged_weapon": "rules_combat.strike",
    "press_this_combat": "rules_combat._carry_out / press",
    "burn_to_prevent_or_gain": "effects_combat.use (gain) / rules_combat.prevent (prevent in combat)",
    "hand_aggravated_for_combat": "rules_combat._carry_out (hand_aggravated)", "hand_strike_plus": "rules_combat.strike",
    "hand_bonus_combat": "rules_combat._carry_out / strike",
    "strength_and_prevent": "rules_combat._carry_out / _granted_prevention",
    "prevent_each_round": "rules_combat._carry_out / play_combat / _granted_prevention",
    "combat_ends_then_damage": "rules_combat.strike / _after_combat", "combat_ends_then_damage_amount": "ditto",
    "ammo_bonus": "rules_combat._carry_out / _apply_strikes", "one_ammo_per_gun": "rules_combat._carry_out",
    "undodgeable_round": "rules_combat._carry_out / _apply_strikes",
    "melee_weapon_plus": "rules_combat.strike / _melee_weapon_strike",
    "opponent_strength_combat": "rules_combat._carry_out / strength", "strike_blood_cost": "rules_combat.strike", "self_damage": "rules_combat._apply_strikes",
    "granted_prevent": "rules_combat.maneuver / _granted_prevention",
    "prevent_initial_each_round": "rules_combat.play_combat / _granted_prevention",
    "opponent_restricted": "rules_combat._restricted", "opponent_combat_cards_cost": "rules_combat._extra_blood",
    "first_strike_round": "rules_combat._resolve_strikes", "forbid_strike": "rules_combat.strike",
    "discipline_strike_bonus": "rules_combat._carry_out / strike", "discipline_strike_bonus_change": "ditto",
    "opponent_burns_blood": "rules_combat._carry_out", "burn_opposing_ally": "rules_combat._carry_out",
    "hand_or_melee_plus": "rules_combat.strike", "hand_plus_aggravated": "rules_combat.strike",
    "strike_burn_ally": "rules_combat._apply_strikes", "strike_torpor": "rules_combat._apply_strikes",
    "strike_steal": "rules_combat._apply_strikes", "strike_combat_ends_cost": "rules_combat.strike",
    "steal_blood_or_life": "rules_combat._strike_of_text / _apply_strikes (life of allies)",
    "strike_damage": "rules_combat.strike (unpreventable hits)", "hand_or_melee": "rules_combat._melee_weapon_strike",
    "strike_bonus": "rules_combat._melee_weapon_strike / _strike_of_text", "press_to": "rules_combat.press",
    "maneuver_to": "rules_combat.maneuver", "prevent": "rules_combat._prevent_reading",
    "burn_equipment_or_retainer": "rules_combat._burn_target / _apply_strikes",
    "bearer_stat": "effects_combat.bearer_bonus (rules_action.minion_bleed, rules_combat.strength)",
    "intercept_with_discipline": "rules_action.minion_intercept", "burn_blood_for_intercept": "effects_combat.use",
    "equipment_prevent": "rules_combat.prevent", "strength_strike": "rules_combat.strike",
    "blocker_sets_long_range": "rules_combat.use_in_combat", "unlock_draw_then_bottom": "effects_combat.use",
    "employer_burns_to_unlock": "effects_combat.use", "unblockable_by_capacity": "effects_combat.block_refusal",
    "retainer_damage_each_round": "rules_combat._environmental_hits",
    "retainer_damage_amount": "rules_combat._environmental_hits",
    "equipment_location": "effects_combat.is_equipment (rules_combat strikes on equipment)",
    "master_phase_gain_blood": "effects_combat.start_of_master_phase (flow.enter_phase)",
    "attach_to_opponent_torpor": "rules_combat._attach_to_opponent", "attached_strength": "effects_combat.attached_strength",
    "burn_blood_to_burn_card": "effects_combat.use",
    "press_or_maneuver_with_press": "rules_combat.maneuver", "set_range": "rules_combat._carry_out",
    "end_after_strike": "rules_combat.strike / after_strike_damage",
    "combat_ends_unlock_opponent": "rules_combat.strike / _resolve_strikes",
    "unlimited_additional_strike": "rules_combat.play_combat", "opponent_skips_unlock": "rules_combat._apply_strikes",
    "next_round_maneuver": "rules_combat.press / close", "start_new_round": "rules_combat._carry_out",
    "becomes_weapon": "rules_combat.play_combat / strike", "weapon_wears": "rules_combat._apply_strikes",
    "burn_without_counters": "rules_combat._apply_strikes",
    "put_self_in_play": "rules_combat.play_combat", "reset_counters_on_play": "rules_combat._limit_check",
    "counter_press_each_round": "rules_combat._enter_press", "burn_at_end_of_combat": "rules_combat._end_combat",
    "cancel_as_played": "rules_combat._cancel_combat_card (state before the play: effects_master)",
    "opponent_gains_blood": "rules_combat._resolve_strikes", "set_range_to": "rules_combat._carry_out",
    "unlock_both": "rules_combat.strike / _resolve_strikes", "press_or_prevent_plain": "rules_combat.play_combat/press",
    "strike_damage_cap": "rules_combat._apply_strikes", "after_combat_damage": "rules_combat._end_combat",
    "after_combat_burn": "rules_combat._end_combat", "extra_strike_with_strength": "rules_combat.play_combat",
    "strength_combat": "rules_combat._carry_out / strength", "end_combat_now": "rules_combat._carry_out",
    "strength_strike_ranged": "rules_combat._desc_from_effects", "extra_strikes_x_blood": "rules_combat.play_combat",
    "unblockable_by_kind": "effects_combat.block_refusal", "grants_superior": "context.discipline_level",
    "weapon_hurts_bearer_once": "rules_combat._apply_strikes", "clan_strike": "rules_combat.strike",
    "immune_weapons_combat": "rules_combat._combat_damage_rules", "aggravated_as_normal_round": "ditto",
    "bloodform": "rules_combat._carry_out / strike / press", "bonus_vs_ally": "rules_combat.strike",
    "press_step_damage": "rules_combat._enter_press", "change_first_strike": "rules_combat.strike",
    "torpor_minion_phase_blood": "effects_combat.start_of_minion_phase (flow.enter_phase)",
    "hit_skips_unlock": "rules_combat.close_damage", "double_mend": "rules_combat.inflict",
    "burns_if_hit_at_long": "rules_combat._apply_strikes",
    "equipment_press_continue_each_combat": "rules_combat.press",
    "undodgeable": "rules_combat._apply_strikes", "bearer_stat_clan": "effects_combat.bearer_bonus",
    "equipment_press_each_combat": "rules_combat.press (attached card, once each combat)",
    "weapon_once_each_combat": "rules_combat.strike",
    "equip_weapon_from_hand": "rules_combat._equip_from_hand", "equip_weapon_limits": "rules_combat._equip_from_hand",
    # session 3, second pass
    "agg_as_normal_action_aye": "rules_combat._carry_out / play_combat (_lock_aye_for_action)",
    "choose_own_melee_weapon": "rules_combat._carry_out / _apply_strikes (weapon_bonus_combat, weapon_agg_combat)",
    "chosen_weapon_bonus_combat": "ditto", "chosen_weapon_aggravated_combat": "ditto",
    "acid_round": "rules_combat._carry_out / close_damage (_acid_hits)", "acid_aggravated": "ditto",
    "equipment_press_end_first_round": "rules_combat.press (attached card: only to end, first round, once)",
    "alt_ranged_strength_out_of_play": "rules_combat.strike (choice ranged) / _apply_strikes / action_over",
    "burn_weapon_if_prevented": "rules_combat.close_damage",
    "mandatory_press_continue_first_round": "rules_combat._enter_press / press / prevent",
    "opponent_no_extra_round": "rules_combat._carry_out (no_extra_round: _no_extra)",
    "no_torpor_until_combat_ends": "rules_combat.play_combat (damage step) / inflict / _end_combat",
    "cancel_opposing_maneuver_each_round": "rules_combat._carry_out / use_in_combat (_rigor_cancel)",
}


def granted_discipline(ctx: Ctx, minion: int, trigram: str) -> int:
    """A discipline level equipment gives its bearer ("The vampire with this equipment has superior Celerity")."""
    lvl = 0
    if trigram.lower() == "flight" and minion in ctx.st.cards and (
            "[flight]" in (ctx.cdef(minion).text or "").lower() or "flight" in ctx.rules(minion).traits):
        lvl = 1         # a minion with flight (Chalcedony: "Flight [FLIGHT]") meets a card's [flight] requirement
    for iid in ctx.st.attached.get(minion, ()):
        if "Equipment" not in ctx.cdef(iid).types:
            continue
        for r in card_readings(ctx, iid):
            if r[0] == "grants_superior" and r[1] == trigram.lower():
                lvl = 2
            elif r[0] == "grants_superior_two" and trigram.lower() in r[1]:     # Sword of Troile
                lvl = 2
    return lvl
