"""Combat and damage: the rounds of combat, range, strikes, damage resolution, presses.

A combat is a `CombatFrame` whose step is its window; damage being inflicted
is a `DamageFrame` on top of it (or alone, for damage outside combat).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from vtes_desktop.cards.rules import CardRules
from vtes_desktop.engine import commands as C
from vtes_desktop.engine import effects_combat, effects_crypt, flow
from vtes_desktop.engine import effects_minion   # allies and retainers
from vtes_desktop.engine.context import Ctx, poss
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.state import ActionFrame, CombatFrame, DamageFrame, Hit, Impulse, Mod

STEPS = ("before_range", "range", "before_strikes", "strike", "additional_strikes", "press", "end_of_round")


class StrikeDesc(NamedTuple):
    kind: str                 # "damage", "dodge", "combat_ends", "steal_blood", "none"
    amount: int = 0
    ranged: bool = False
    aggravated: bool = False
    first: bool = False
    source: int | None = None  # card iid (weapon or strike card) or None for a hand strike
    label: str = "hand strike"
    target: int | None = None  # a retainer targeted at long range (None: the opposing minion)
    equipment: str | None = None   # "destroy" or "steal" equipment
    unlock: bool = False           # the striker unlocks as the strike resolves (Majesty at superior)
    unpreventable: bool = False
    self_damage: tuple | None = None   # (amount, aggravated, only at close range): the striker also takes damage
    end_after: bool = False        # combat ends right after this strike resolves (Anesthetic Touch)
    unlock_other: bool = False     # combat ends, and the opposing minion unlocks (Meld with the Land)
    skip_unlock: bool = False      # the vampire sent to torpor does not unlock as normal next time (Coma)
    undodgeable: bool = False      # "This strike cannot be dodged"
    cap: int | None = None         # "If more than 1 damage is inflicted with this strike, ignore the excess"
    opp_gains: int = 0             # the opposing vampire gains blood as the strike resolves (Mercy for the Weak)
    after: tuple = ()              # readings carried out after combat ends (Catatonic Fear, Oubliette)
    never_aggravated: bool = False  # no effect makes its damage aggravated (Psychic Assault)
    retainers_damage: int = 0      # aggravated damage on the retainers of both combatants too (Body of Sun)
    burn_life: int = 0             # a strike that burns life (not damage) from the opposing ally (Argent Baton)
    also_dodge: bool = False       # the striker dodges as well (Stutter-Step)
    dodged_penalty: int = 0        # if dodged: this damage on the striker, and a press for the opposing minion (Pounce)
    end_unless_dodged: bool = False  # combat ends after this strike resolves, unless it is dodged (Autonomic Mastery)
    burn_electronic: bool = False  # electronic equipment on both combatants burned, even if dodged (Smite)


def _effects_action():
    from vtes_desktop.engine import effects_action     # Form of the Bat, Domain of Evernight (action family)
    return effects_action


def combat_frame(st) -> CombatFrame | None:
    for f in reversed(st.frames):
        if isinstance(f, CombatFrame):
            return f
    return None


def start(ctx: Ctx, a: int, b: int, granted: tuple = ()) -> bool:
    """Combat between *a* (acting) and *b*: only ready minions fight, never two of the same Methuselah."""
    st = ctx.st
    if not (_ready(ctx, a) and _ready(ctx, b)):
        ctx.emit("no_combat", "No combat: only ready minions enter combat.")
        return False
    sa, sb = st.cards[a].controller, st.cards[b].controller
    if sa == sb:
        ctx.emit("no_combat", "No combat: a Methuselah's minions never fight each other.")
        return False
    order = flow.order_for(ctx, sa, defenders=(sb,))
    flow.push(ctx, CombatFrame(a=a, b=b, step="before_range", imp=Impulse(order), granted=granted))
    ctx.emit("combat", f"{ctx.name(a)} and {ctx.name(b)} enter combat.", cards=(a, b))
    effects_minion.combat_started(ctx)   # a blocker's close range or maneuver (Asanbonsam Ghoul, Corpse Balloon)
    return True


def check_ready(ctx: Ctx) -> None:
    """A combatant that is no longer ready ends the combat at once (end of round still happens)."""
    cf = combat_frame(ctx.st)
    if cf is None or cf.ended or isinstance(ctx.st.top, DamageFrame):
        return
    if not _ready(ctx, cf.a) or not _ready(ctx, cf.b):
        _set_combat(ctx, cf._replace(ended=True, step="end_of_round", imp=cf.imp._replace(at=0, passes=0),
                                     pending=()))
        ctx.emit("combat_ends", "A combatant is no longer ready: combat ends.")


def _set_combat(ctx: Ctx, f: CombatFrame) -> None:
    """Replace the combat frame wherever it is in the stack."""
    frames = list(ctx.st.frames)
    for i in range(len(frames) - 1, -1, -1):
        if isinstance(frames[i], CombatFrame):
            frames[i] = f
            break
    ctx.st.frames = tuple(frames)


def _goto(ctx: Ctx, f: CombatFrame, step: str, **kw) -> None:
    _set_combat(ctx, f._replace(step=step, imp=f.imp._replace(at=0, passes=0), **kw))


def close(ctx: Ctx, f: CombatFrame) -> None:
    if f.ended and f.step != "end_of_round":
        _goto(ctx, f, "end_of_round")
        return
    if f.step == "before_range":
        _goto(ctx, f, "before_strikes" if f.range_set else "range")
    elif f.step == "range":
        ctx.emit("range", f"The range is {f.range}.")
        _goto(ctx, f, "before_strikes")
    elif f.step == "before_strikes":
        f = effects_minion.round_extra(ctx, f)   # an ally's additional strike each round (Renegade Garou)
        if any(isinstance(u, tuple) and u[0] in ("extra_each_round", "extra_each_round_n") for u in f.used):
            f = _round_extra_combat(ctx, f)
        _goto(ctx, f, "strike", struck=frozenset(), strikes=(), striking=frozenset((f.a, f.b)), extra_phase=False)
    elif f.step == "strike":
        _resolve_strikes(ctx, f)
    elif f.step == "additional_strikes":
        _next_extra_or_press(ctx, f)
    elif f.step == "press":
        _goto(ctx, f, "end_of_round")
    elif f.step == "end_of_round":
        effects_minion.end_of_round(ctx, f)   # Ossian's life for the blood used to mend
        for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 3 and x[0] == "soul_hit"
                        and x[2] == f.round):
            if u[1] in ctx.st.cards and ctx.st.cards[u[1]].region == "attached":      # The Crimson Sentinel
                ctx.update(u[1], counters=ctx.st.cards[u[1]].counters + 1)
                ctx.emit("counters", f"{ctx.name(u[1])} gets a soul counter.")
        for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 3 and x[0] == "burn_end_round"
                        and x[2] == f.round):
            if u[1] in ctx.st.cards and ctx.st.cards[u[1]].region == "attached":     # Baal's Bloody Talons
                ctx.burn(u[1], "end of the round")
                ctx.emit("burned", f"{ctx.name(u[1])} is burned at the end of the round.")
        if f.press_continue and not f.ended and _ready(ctx, f.a) and _ready(ctx, f.b):
            ctx.emit("round", f"Combat continues: round {f.round + 1}.")
            close_range = ("close_next", f.round + 1) in f.used   # "that round is at close range"
            rn = next((u[2] for u in f.used if isinstance(u, tuple) and len(u) == 3 and u[0] == "range_next"
                       and u[1] == f.round + 1), None)     # Target Head: the range set for the next round
            granted = tuple((u[1], u[2], u[3]) for u in f.used if isinstance(u, tuple) and len(u) == 5
                            and u[0] == "next_round_grant" and u[4] == f.round + 1) + tuple(
                (u[1], "press_end", 1) for u in f.used if isinstance(u, tuple) and len(u) == 2
                and u[0] == "press_end_each_round" and _ready(ctx, u[1]))     # Fear of the Void Below
            if rn is None and not close_range and ("default_long",) in f.used:
                rn_default = "long"
            else:
                rn_default = None
            _set_combat(ctx, CombatFrame(a=f.a, b=f.b, step="before_range", imp=f.imp._replace(at=0, passes=0),
                                         round=f.round + 1, used=f.used, range_set=close_range or rn is not None,
                                         granted=granted, **({"range": rn or rn_default} if rn or rn_default else {})))
            _effects_action().next_round(ctx, f)   # Neutral Guard, Mind of the Wilds, Beast Meld (action family)
            if any(isinstance(u, tuple) and u[0] == "weather" for u in f.used):
                _weather(ctx, combat_frame(ctx.st))
        else:
            _end_combat(ctx, f)


def _next_extra_or_press(ctx: Ctx, f: CombatFrame) -> None:
    """After the initial pair (and each further strike): another strike step for the minions that still
    have additional strikes, at the same range; otherwise the press step."""
    extra = {m: n for m, n in f.extra if n > 0 and _ready(ctx, m) and not _no_extra(f, m)}
    if extra and not f.ended:
        _goto(ctx, f, "strike", struck=frozenset(m for m in (f.a, f.b) if m not in extra), strikes=(),
              striking=frozenset(extra), extra=tuple((m, n - 1) for m, n in f.extra), extra_phase=True)
    else:
        _goto(ctx, f, "press")
        _enter_press(ctx)


def _after_combat(ctx: Ctx, f: CombatFrame) -> None:
    """Effects "after combat ends" of the strike cards used (Catatonic Fear at close range, Oubliette at any)."""
    for u in sorted((x for x in f.used if isinstance(x, tuple) and len(x) >= 4 and x[0] == "after_combat"), key=str):
        me, other, key = u[1], u[2], u[3]
        oc = ctx.st.cards.get(other)
        if oc is None or oc.region not in ("ready", "torpor"):
            continue
        if key == "after_combat_damage" and (not u[5] or f.range == "close"):
            n = u[4]
            ctx.emit("effect", f"After combat, {ctx.name(me)} inflicts {n} unpreventable damage on {ctx.name(other)}.")
            inflict(ctx, other, n, 0)
        elif key == "after_combat_regain" and oc.region == "ready":     # Imposing Phantasm
            n = next((u_[2] for u_ in f.used if isinstance(u_, tuple) and len(u_) == 3 and u_[0] == "lost_total"
                      and u_[1] == other), 0)
            if n:
                before = oc.counters
                if ctx.is_vampire(oc):
                    ctx.set_blood(other, before + n)
                else:
                    ctx.update(other, counters=before + n)
                ctx.emit("gain", f"After combat, {ctx.name(other)} gains back {ctx.st.cards[other].counters - before} "
                                 "blood or life lost to damage this combat.", cards=(other,))
        elif key == "after_combat_stun" and f.range == "close" and oc.region == "ready":   # Kiss of Cathari
            ctx.update(other, locked=True)
            ctx.st.skip_unlock = ctx.st.skip_unlock | {other}
            ctx.emit("stunned", f"After combat, {ctx.name(other)} is stunned: locked, and it does not unlock in its "
                                "controller's next unlock phase.", cards=(other,))
        elif key == "after_combat_burn":
            n = min(u[4], oc.counters)
            ctx.update(other, counters=oc.counters - n)
            ctx.emit("burned_blood", f"After combat, {ctx.name(other)} burns {n} blood or life.", cards=(other,))
            if not ctx.is_vampire(oc) and ctx.st.cards[other].counters == 0:
                ctx.burn(other, "no life left")


def _enter_press(ctx: Ctx) -> None:
    """Cards in play that provide a press each round (Trap: burns 1 counter for 1 press to continue); damage
    inflicted each press step (Crawling Chamber)."""
    _burn_used_weapons(ctx, combat_frame(ctx.st))
    f = combat_frame(ctx.st)
    hits = []
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 4 and x[0] == "press_dmg"):
        target = f.b if u[1] == f.a else f.a
        if _ready(ctx, target):
            hits.append(Hit(target, u[2], 0, source=None, via=u[3]))
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 5 and x[0] == "press_dmg_round"
                    and x[4] == f.round):
        target = f.b if u[1] == f.a else f.a     # Necrosis: only if the strike was made at close range
        if _ready(ctx, target) and ctx.is_vampire(ctx.st.cards[target]) and f.range == "close":
            hits.append(Hit(target, u[2], 0, source=None, via=u[3], unpreventable=True))
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 4 and x[0] == "press_dmg_vampire"):
        target = f.b if u[1] == f.a else f.a     # Drawing Out the Beast: the opposing vampire, unpreventable
        if _ready(ctx, target) and ctx.is_vampire(ctx.st.cards[target]):
            hits.append(Hit(target, u[2], 0, source=None, via=u[3], unpreventable=True))
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 5 and x[0] == "press_dmg_from"):
        if u[4] == f.round and f.range == "close" and ("press_dmg_on", u[3]) not in f.used:
            f = f._replace(used=f.used | {("press_dmg_on", u[3])})      # Dagon's Call: the strike was at close range
            _set_combat(ctx, f)
        if ("press_dmg_on", u[3]) in f.used:
            target = f.b if u[1] == f.a else f.a
            if _ready(ctx, target):
                hits.append(Hit(target, u[2], 0, source=None, via=u[3], unpreventable=True))
    if ("press_to_bigger", f.round) in f.used:     # Haymaker: the minion that inflicted more damage this round
        ia, ib = _inflicted(f, f.a), _inflicted(f, f.b)
        if ia != ib:
            who = f.a if ia > ib else f.b
            f = combat_frame(ctx.st)
            _set_combat(ctx, f._replace(granted=f.granted + ((who, "press", 1),)))
            ctx.emit("granted", f"{ctx.name(who)} inflicted more damage this round: it gets an optional press.")
            f = combat_frame(ctx.st)
    for x in f.mods:
        if x.kind == "opponent_press_if_hit":      # Backstep
            other = f.b if x.minion == f.a else f.a
            if _inflicted(f, other) > 0:
                f = combat_frame(ctx.st)
                _set_combat(ctx, f._replace(granted=f.granted + ((other, "press", 1),)))
                ctx.emit("granted", f"{ctx.name(other)} gets an optional press ({ctx.name(x.card)}).")
    f = combat_frame(ctx.st)
    if f.round == 1:        # Talbot's Chainsaw: its bearer presses to continue in the first round (mandatory)
        for m_ in (f.a, f.b):
            if _ready(ctx, m_) and any(("mandatory_press_continue_first_round",) in effects_combat.card_readings(ctx, a)
                                       for a in ctx.st.attached.get(m_, ()) if effects_combat.is_equipment(ctx, a)):
                _set_combat(ctx, f._replace(press_continue=True, last_press=m_))
                f = combat_frame(ctx.st)
                ctx.emit("press", f"{ctx.name(m_)} presses to continue combat (mandatory press).")
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 2 and x[0] == "in_play_card"):
        c = ctx.st.cards.get(u[1])
        if c is None or c.region != "in_play" or c.counters <= 0:
            continue
        if ("counter_press_each_round",) in effects_combat.card_readings(ctx, u[1]):
            ctx.update(u[1], counters=c.counters - 1)
            f = combat_frame(ctx.st)
            _set_combat(ctx, f._replace(press_continue=True, last_press=None))
            ctx.emit("press", f"{ctx.name(u[1])} burns a counter: a press to continue combat.")
    if hits:
        open_damage(ctx, tuple(hits))


def _burn_used_weapons(ctx: Ctx, f: CombatFrame) -> None:
    """"Burn after use" (Grenade, Smoke Grenade): the weapon is burned once its strike has resolved."""
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 2 and x[0] == "burn_after_use"):
        c = ctx.st.cards.get(u[1])
        if c is not None and c.region == "attached":
            ctx.burn(u[1], "burned after use")
            ctx.emit("burned", f"{ctx.name(u[1])} is burned after use.")


def _end_combat(ctx: Ctx, f: CombatFrame) -> None:
    _burn_used_weapons(ctx, f)
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 2 and x[0] == "undying"):
        c_ = ctx.st.cards.get(u[1])      # Undying Tenacity: the wounded vampire goes to torpor now
        if c_ is not None and c_.region == "ready" and c_.wounded:
            ctx.move(u[1], "torpor", seat=c_.controller, counters=c_.counters, locked=c_.locked, wounded=False)
            ctx.emit("torpor", f"{ctx.name(u[1])} goes to torpor now that combat is over.", cards=(u[1],))
    st = ctx.st
    frames = list(st.frames)
    for i in range(len(frames) - 1, -1, -1):
        if isinstance(frames[i], CombatFrame):
            del frames[i]
            break
    st.frames = tuple(frames)
    ctx.emit("combat_over", "Combat ends.")
    effects_minion.combat_over(ctx, f)   # Escaped Mental Patient burned once his strike resolved
    queued = ("queued_combat",) in f.used       # Psyche!: the after-combat effects of this combat are lost
    if not queued:
        _after_combat(ctx, f)
    from vtes_desktop.engine.effects_actioncard import combat_ended

    combat_ended(ctx, f)   # "At the end of that combat, ..." of the action card that entered it (Abuse of Power)
    for u in f.used:        # "Burn this card at the end of combat" (Trap)
        if isinstance(u, tuple) and len(u) == 2 and u[0] == "in_play_card" and u[1] in ctx.st.cards \
                and ctx.st.cards[u[1]].region == "in_play" \
                and ("burn_at_end_of_combat",) in effects_combat.card_readings(ctx, u[1]):
            ctx.burn(u[1], "end of combat")
    ctx.release_draws("combat")
    if st.marks and not any(isinstance(x, ActionFrame) for x in st.frames):
        action_over(ctx)      # (a combat outside an action: Kerrie's, Dagger's weapons come back now)
    from vtes_desktop.engine.rules_diablerie import red_list_burned_in_combat

    red_list_burned_in_combat(ctx, f)   # a vampire that burned a Red List minion may gain a trophy
    top = st.top
    if queued and start(ctx, f.a, f.b):
        ctx.emit("combat", "The queued combat begins.")
        return
    if isinstance(top, ActionFrame):
        flow.set_top(ctx, top._replace(imp=top.imp._replace(at=0, passes=0)))
        _continue_if_blocked(ctx, f)


def _continue_if_blocked(ctx: Ctx, f: CombatFrame) -> None:
    """Form of Mist at superior: after combat, the blocked acting vampire burns 1 blood and goes on with its
    action as if unblocked, at +1 stealth (blocks may be attempted again)."""
    top = ctx.st.top
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 4 and x[0] == "continue_unblocked"):
        _, m, card, excluded = u
        if m != top.actor or top.outcome != "blocked" or not _ready(ctx, m):
            continue
        kind = "bleed" if top.kind == "bleed" or top.effect == "bleed" else top.kind
        if kind in excluded:
            ctx.emit("no_effect", f"{ctx.name(card)} does not continue a {kind} action: it stays blocked.")
            continue
        if top.card is not None and ctx.st.cards[top.card].region == "ash_heap":
            ctx.move(top.card, "aside")
        flow.set_top(ctx, top._replace(stage="blocks", outcome=None, blocker=None))
        ctx.emit("continues", f"{ctx.name(m)} continues the action as if unblocked ({ctx.name(card)}).")
        return
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 5 and x[0] == "continue_if_blocked"):
        _, m, card, stealth, blood = u
        if m != top.actor or top.outcome != "blocked" or not _ready(ctx, m):
            continue
        if ctx.st.cards[m].counters < blood:
            ctx.emit("no_effect", f"{ctx.name(m)} has no blood to burn: the action stays blocked.")
            continue
        ctx.update(m, counters=ctx.st.cards[m].counters - blood)
        ctx.emit("paid", f"{ctx.name(m)} burns {blood} blood for {ctx.name(card)}.")
        if top.card is not None and ctx.st.cards[top.card].region == "ash_heap":
            ctx.move(top.card, "aside")
        flow.set_top(ctx, top._replace(stage="blocks", outcome=None, blocker=None,
                                       mods=top.mods + (Mod("stealth", stealth, None, card),)))
        ctx.emit("continues", f"{ctx.name(m)} continues the action as if unblocked, at +{stealth} stealth.")
        return


def _ready(ctx: Ctx, iid: int) -> bool:
    c = ctx.st.cards.get(iid)
    return c is not None and c.region == "ready"


def _combatant(ctx: Ctx, seat: int, r, f: CombatFrame) -> int:
    m = flow.ref(ctx, seat, r, what="minion")
    if m not in (f.a, f.b):
        raise Illegal("combat", f"{ctx.name(m)} is not in this combat")
    if ctx.st.cards[m].controller != seat:
        raise Illegal("control", f"{ctx.name(m)} is not {ctx.seat_name(seat)}'s minion")
    return m


def _need_combat(ctx: Ctx, step: str | None = None) -> CombatFrame:
    f = ctx.st.top
    if not isinstance(f, CombatFrame):
        if combat_frame(ctx.st) is None:
            raise Illegal("combat", "there is no combat under way")
        if isinstance(f, DamageFrame) and step == "strike":
            raise Illegal("timing", "the strikes have been chosen and their damage is being resolved; "
                                    "the strike step is over")
        raise Illegal("combat", f"not now: {flow.window(ctx.st).replace('_', ' ')} comes first")
    if step is not None and f.step != step:
        raise Illegal("timing", f"this is done in the {step.replace('_', ' ')} step; this is the "
                                f"{f.window.replace('_', ' ')} step")
    return f


# -- range ------------------------------------------------------------------------------------------

def _desc_from_effects(mode, iid: int, label: str) -> StrikeDesc | None:
    """A simple strike read from the mode's compiled strike effect (for "As [obe] above, with first strike")."""
    for e in mode.effects:
        if e.kind != "strike" or e.get("frame") or not e.automated:
            continue
        first = bool(e.get("first_strike"))
        if e.get("dodge"):
            return StrikeDesc("dodge", source=iid, label=label)
        if e.get("combat_ends"):
            return StrikeDesc("combat_ends", source=iid, label=label)
        if e.get("hand"):
            return StrikeDesc("hand_plus", e.get("hand_bonus") or 0, aggravated=bool(e.get("aggravated")), first=first,
                              source=iid, label=label)
        if isinstance(e.get("damage"), int):
            return StrikeDesc("damage", e.get("damage"), ranged=bool(e.get("ranged")),
                              aggravated=bool(e.get("aggravated")), first=first, source=iid, label=label)
        ranged = bool(e.get("ranged"))
        if isinstance(e.get("steal_blood"), int) and e.get("steal_blood") > 0:    # "Strike: ranged; steal 2 blood"
            return StrikeDesc("steal_blood", e.get("steal_blood"), ranged=ranged, first=first, source=iid, label=label)
        if e.get("destroy_equipment") or e.get("steal_equipment"):
            return StrikeDesc("equipment", ranged=ranged, first=first, source=iid, label=label,
                              equipment="steal" if e.get("steal_equipment") else "destroy")
        dm = re.fullmatch(r"strength(?:\+(\d))?", str(e.get("damage") or ""))
        if dm:                                                                    # "strength+1 ranged damage"
            return StrikeDesc("strength_plus", int(dm.group(1) or 0), ranged=ranged,
                              aggravated=bool(e.get("aggravated")), first=first, source=iid, label=label)
    return None


def _burn_target(ctx: Ctx, cmd: C.Strike, m: int, f: CombatFrame, name: str) -> int | None:
    """The equipment or retainer on the opposing minion that a "burn equipment or retainer" strike aims at."""
    other = f.b if m == f.a else f.a
    cands = [a for a in ctx.st.attached.get(other, ())
             if effects_combat.is_equipment(ctx, a) or "Retainer" in ctx.cdef(a).types]
    if cmd.target is None:
        if len(cands) > 1:
            raise Malformed("target", f"name the equipment or retainer of {ctx.name(other)} that {name} burns")
        return cands[0] if cands else None
    t = flow.ref(ctx, cmd.seat, cmd.target)
    if t not in cands:
        raise Illegal("strike", f"{ctx.name(t)} is not an equipment or retainer on {ctx.name(other)}")
    return t


def _ranged_weapon_strike(ctx: Ctx, cmd: C.Strike, m: int, rules: CardRules) -> StrikeDesc:
    """"Strike: 1R damage or use a ranged weapon strike" (Projectile): the choice names the weapon on the striker."""
    w = flow.ref(ctx, cmd.seat, cmd.choice)
    wc = ctx.st.cards[w]
    if not (wc.region == "attached" and wc.host == m and "Equipment" in ctx.cdef(w).types):
        raise Illegal("strike", f"{ctx.name(w)} is not a weapon on {ctx.name(m)}")
    if _restricted(ctx, m, True):
        raise Illegal("strike", f"{ctx.name(m)} cannot use equipment this combat")
    wdesc = _strike_of_text(ctx.cdef(w).text, w, ctx.name(w))
    if wdesc is None:
        wr = ctx.rules(w)
        wdesc = _desc_from_effects(next((x for x in wr.modes if wc.level and x.level == wc.level), None) or wr.modes[0],
                                   w, ctx.name(w)) if wr.modes else None
    if wdesc is None or wdesc.kind != "damage" or not wdesc.ranged:
        raise Illegal("strike", f"{ctx.name(w)} has no ranged strike to use with {rules.name}")
    return wdesc._replace(label=f"{rules.name} with {ctx.name(w)}")


def _melee_weapon_strike(ctx: Ctx, cmd: C.Strike, m: int, f: CombatFrame, rules: CardRules, readings) -> StrikeDesc:
    """"Strike: hand strike or use a melee weapon strike. This strike is at +N damage": the strike's choice names
    the melee weapon on the striker."""
    w = flow.ref(ctx, cmd.seat, cmd.choice)
    wc = ctx.st.cards[w]
    if not (wc.region == "attached" and wc.host == m and "melee weapon" in ctx.rules(w).keywords):
        raise Illegal("strike", f"{ctx.name(w)} is not a melee weapon on {ctx.name(m)}")
    if _restricted(ctx, m, True):
        raise Illegal("strike", f"{ctx.name(m)} cannot use equipment this combat")
    wdesc = _strike_of_text(ctx.cdef(w).text, w, ctx.name(w))
    if wdesc is None:
        for r in effects_combat.card_readings(ctx, w):
            if r[0] == "strength_strike":
                wdesc = StrikeDesc("strength_plus", r[1], aggravated=r[2], source=w, label=ctx.name(w))
    if wdesc is None or wdesc.kind not in ("damage", "strength_plus", "hand_plus"):
        raise Illegal("strike", f"{ctx.name(w)} has no damaging strike to use with {rules.name}")
    if ("hand_only", f.round) in f.used:
        raise Illegal("strike", "only hand strikes can be used this round")
    bonus = sum(r[1] for r in readings if r[0] == "strike_bonus")
    kind = "strength_plus" if wdesc.kind == "hand_plus" else wdesc.kind
    return wdesc._replace(kind=kind, amount=wdesc.amount + bonus, label=f"{rules.name} with {ctx.name(w)}")


def _extra_blood(ctx: Ctx, m: int, rules=None, blood: int = 0) -> int:
    """Combat cards cost this vampire more this combat (Terror Frenzy at superior); with the card's *rules* and
    *blood* cost, less by master cards in play (the Paths: effects_master.path_discount)."""
    f = combat_frame(ctx.st)
    if f is None or not ctx.is_vampire(ctx.st.cards[m]):
        return 0
    cut = 0
    if rules is not None and blood:
        from vtes_desktop.engine.effects_master import path_discount

        cut = path_discount(ctx, rules, m, blood)
    more = 0
    if rules is not None:       # Wave of Lethargy: cards giving maneuvers or presses (at superior strike cards) this round
        for u in f.used:
            if isinstance(u, tuple) and len(u) == 4 and u[0] == "costs_round" and u[1] == m and u[2] == f.round \
                    and _provides(rules, ("maneuver", "press") if u[3] == "maneuver_press" else ("strike",)):
                more += 1
    if rules is not None:
        from vtes_desktop.engine.effects_gear import cost_cut as gear_cut

        cut += gear_cut(ctx, rules, m, blood - cut)   # The Ankara Citadel, Karavalanisha Vrana
    if rules is not None and blood - cut > 0 and ("essence", m) in f.used and ("essence_spent", m) not in f.used:
        cut += 1        # Inner Essence: the first combat card costing blood after it, 1 less (only payments call this)
        _set_combat(ctx, f._replace(used=f.used | {("essence_spent", m)}))
        ctx.emit("effect", f"{rules.name} costs {ctx.name(m)} 1 blood less (Inner Essence).")
    return (1 if ("opponent_combat_cards_cost", m) in f.used else 0) + more - cut


def _provides(rules: CardRules, kinds: tuple) -> bool:
    """The card gives one of *kinds* (a maneuver, a press, a strike) at some level ("cannot strike" does not count)."""
    return any(e.kind in kinds and not e.get("negated") and (not e.get("frame") or any(
        re.search(rf"(?:^|\. |, or |\bor )(?:{k}s?)\b", e.text.lower()) for k in kinds))
        for md in rules.modes for e in md.effects)


def _restricted(ctx: Ctx, m: int, equipment: bool = False) -> bool:
    """This combat, *m* cannot maneuver to close range, press to continue combat or use equipment (Terror Frenzy);
    with *equipment*, also True when only equipment is barred (Form of the Bat: effects_action.combat_marks)."""
    f = combat_frame(ctx.st)
    return f is not None and (("opponent_restricted", m) in f.used or (equipment and ("no_equipment", m) in f.used))


def _only_refusal(ctx: Ctx, f: CombatFrame, mode, name: str, m: int) -> str | None:
    """A combat card's own timing ("only usable during the first round", "not usable during the first round",
    at close or long range, in combat with a vampire or an ally)."""
    if mode is None:
        return None
    only = mode.only
    other = f.b if m == f.a else f.a
    if "first round" in only and f.round != 1:
        return f"{name} is only usable during the first round of combat"
    if "not:first round" in only and f.round == 1 and not (
            ("tha_first_round", m) in f.used and "tha" in {d.lower() for d in mode.disciplines}
            and any(e.kind == "strike" for e in mode.effects)):      # Shotgun Ritual: strikes requiring [tha]
        return f"{name} is not usable during the first round of combat"
    if "close range" in only and f.range != "close" and f.step not in ("before_range", "range"):
        return f"{name} is only usable at close range"
    if "long range" in only and f.range != "long" and f.step not in ("before_range", "range"):
        return f"{name} is only usable at long range"
    if "by:blocking vampire" in only:
        act = next((x for x in reversed(ctx.st.frames) if isinstance(x, ActionFrame)), None)
        if act is None or act.blocker != m:
            return f"{name} is only usable by a blocking vampire"
    if "before strike resolution" in only and f.step not in ("before_range", "range", "before_strikes", "strike"):
        return f"{name} is only usable before strike resolution"
    if "not:in combat with:an ally or an older vampire" in only:
        oc = ctx.st.cards[other]
        if "Ally" in ctx.cdef(other).types or (ctx.is_vampire(oc) and ctx.capacity(oc) > ctx.capacity(ctx.st.cards[m])):
            return f"{name} is not usable in combat with an ally or an older vampire"
    if "in combat with:an ally or younger vampire" in only:
        oc = ctx.st.cards[other]
        if not ("Ally" in ctx.cdef(other).types or (ctx.is_vampire(oc) and ctx.capacity(oc) < ctx.capacity(ctx.st.cards[m]))):
            return f"{name} is only usable in combat with an ally or a younger vampire"
    if "in combat with:a vampire" in only and not ctx.is_vampire(ctx.st.cards[other]):
        return f"{name} is only usable in combat with a vampire"
    if "in combat with:an ally" in only and "Ally" not in ctx.cdef(other).types:
        return f"{name} is only usable in combat with an ally"
    return None


def _limit_check(ctx: Ctx, m: int, rules: CardRules, mode) -> None:
    """"A vampire can play only one X each combat/round/action" (at superior, at basic): refused the second time;
    the play is recorded in the combat."""
    f = combat_frame(ctx.st)
    if f is None or mode is None:
        return
    from vtes_desktop.engine.effects_actioncard import named_play_refusal

    why = named_play_refusal(ctx, m, rules.name)   # Preternatural Strength: no Torn Signpost
    if why:
        raise Illegal("limit", why)
    why = _only_refusal(ctx, f, mode, rules.name, m)
    if why:
        raise Illegal("timing", why)
    if ("no_strike_cards", m) in f.used and _provides(rules, ("strike",)):
        raise Illegal("strike", f"{ctx.name(m)} cannot play strike cards this combat")     # Thoughts Betrayed
    if f.used and (why := _effects_action().combat_card_refusal(ctx, f.used, m, rules)):     # Pseudo-Blindness
        raise Illegal("combat", why)
    sup = bool(mode.level and mode.level.isupper())
    for lim in mode.limits:
        if lim.who != "minion" or lim.per not in ("combat", "round", "action"):
            continue
        if lim.what not in ("this card", "this card at superior", "this card at basic"):
            continue
        prior = [u for u in f.used if isinstance(u, tuple) and len(u) == 5 and u[0] == "played" and u[1] == m
                 and u[2] == rules.card_id and (lim.per != "round" or u[3] == f.round)
                 and (lim.what == "this card" or u[4] == sup)]
        if len(prior) >= lim.count:
            raise Illegal("limit", f"{ctx.name(m)} can play only one {rules.name}"
                                   f"{' at ' + lim.what.rsplit(' ', 1)[-1] if lim.what != 'this card' else ''} "
                                   f"each {lim.per}")
    _set_combat(ctx, f._replace(used=f.used | {("played", m, rules.card_id, f.round, sup)}))
    for u in f.used:       # Trap: each card played this combat resets its counters
        if isinstance(u, tuple) and len(u) == 2 and u[0] == "in_play_card" and u[1] in ctx.st.cards \
                and ctx.st.cards[u[1]].region == "in_play":
            for r in effects_combat.card_readings(ctx, u[1]):
                if r[0] == "reset_counters_on_play" and ctx.st.cards[u[1]].counters != r[1]:
                    ctx.update(u[1], counters=r[1])


def _grant_with_strike(ctx: Ctx, m: int, mode, skip: str) -> None:
    """A strike card's "with 1 optional press" (Aid from Bats): the press is granted for this round when the
    card is used for its strike, through its maneuver or in the strike step."""
    f = combat_frame(ctx.st)
    add = [(m, e.kind, e.amount) for e in mode.effects
           if e.kind in ("press", "maneuver") and e.kind != skip and e.automated and e.optional and e.amount
           and e.get("to") in (None, "any")]
    if add:
        _set_combat(ctx, f._replace(granted=f.granted + tuple(add)))


def _maneuver_source(ctx: Ctx, seat: int, m: int, using, level: str | None, f: CombatFrame):
    """(card iid, rules, mode, from_hand, is_strike_source, once_each_combat)."""
    iid = flow.ref(ctx, seat, using)
    c = ctx.st.cards[iid]
    rules = ctx.rules(iid)
    if c.region == "hand" and c.owner == seat:
        from vtes_desktop.engine.rules_action import choose_mode, requirement_refusal

        mode = choose_mode(ctx, rules, level, ("Combat",), m)
        if not re.search(r"(?i)\bmaneuver\b", mode.text):
            raise Illegal("maneuver", f"{rules.name}{' at that level' if level else ''} gives no maneuver")
        why = requirement_refusal(ctx, iid, rules, mode, m)
        if why:
            raise Illegal("requirements", why)
        _grapple_refusal(ctx, m, rules)
        return iid, rules, mode, True, bool(_strike_of_text(mode.text)), False
    if (c.region == "attached" and c.host == m) or iid == m:
        from vtes_desktop.engine.rules_action import effective_text

        text = effective_text(ctx.cdef(iid), c.level) if iid != m else ctx.cdef(iid).text
        if not re.search(r"(?i)maneuver", text):
            raise Illegal("maneuver", f"{rules.name} gives no maneuver")
        once = bool(re.search(r"(?i)maneuvers? (?:once )?each combat", text)) or \
            (iid == m and effects_crypt.once_each_combat(ctx, m, "maneuver"))   # "1 optional maneuver and 1 optional press each combat"
        is_strike = iid != m and bool(_strike_of_text(text)) and bool(re.search(r"(?i)strike:[^.]*maneuver", text))
        return iid, rules, None, False, is_strike, once
    raise Illegal("maneuver", f"{ctx.name(iid)} is neither in {ctx.seat_name(seat)}'s hand nor on {ctx.name(m)}")


def maneuver(ctx: Ctx, cmd: C.Maneuver) -> None:
    f = _need_combat(ctx)
    if f.step != "range":
        raise Illegal("timing", "maneuvers are used in the determine range step")
    m = _combatant(ctx, cmd.seat, cmd.minion, f)
    if (why := effects_minion.combat_refusal(ctx, m, "maneuver", cmd.using)):   # Ossian, Gargoyle Slave
        raise Illegal("maneuver", why)
    if f.last_maneuver == m:
        raise Illegal("maneuver", f"{ctx.name(m)} made the last maneuver; a minion cannot maneuver twice in a row")
    if _restricted(ctx, m):
        if f.range == "long":
            raise Illegal("maneuver", f"{ctx.name(m)} cannot maneuver to close range this combat")
        if cmd.using is not None:
            u = flow.ref(ctx, cmd.seat, cmd.using)
            if ctx.st.cards[u].region == "attached" and "Equipment" in ctx.cdef(u).types:
                raise Illegal("maneuver", f"{ctx.name(m)} cannot use equipment this combat")
    elif cmd.using is not None and _restricted(ctx, m, True) and \
            "Equipment" in ctx.cdef(flow.ref(ctx, cmd.seat, cmd.using)).types:
        raise Illegal("maneuver", f"{ctx.name(m)} cannot use equipment this combat")     # Form of the Bat
    if f.range == "long" and ("no_close", m) in f.used:        # Whistling Up the Beast
        raise Illegal("maneuver", f"{ctx.name(m)} cannot maneuver to close range this combat")
    if ("no_maneuver_round", m, f.round) in f.used or ("no_maneuver_combat", m) in f.used:     # Lapse, Imprison
        raise Illegal("maneuver", f"{ctx.name(m)} cannot maneuver this round")
    if (why := _crusader_refusal(ctx, f, m)) or (why := _troile_refusal(ctx, m, "maneuver")) \
            or (why := _leg_refusal(ctx, f, m, cmd.using, cmd.seat, "maneuvers")):
        raise Illegal("maneuver", why)
    if cmd.using is not None and f.round == 1:          # Foldable Machine Gun: not in the first round
        u_ = flow.ref(ctx, cmd.seat, cmd.using)
        if ctx.st.cards[u_].region == "attached" and \
                ("weapon_maneuver_not_first_round",) in effects_combat.card_readings(ctx, u_):
            raise Illegal("maneuver", f"{poss(ctx.name(u_))} maneuver cannot be used during the first round")
    if f.range == "close" and ("no_long", m) in f.used:        # Drawing Out the Beast
        raise Illegal("maneuver", f"{ctx.name(m)} cannot maneuver to long range this combat")
    if cmd.using is None:
        left = _granted(f, m, "maneuver")
        if not left and f.range == "long" and _granted(f, m, "maneuver_close"):     # Angel's Gift
            _set_combat(ctx, f._replace(range="close", last_maneuver=m, granted=_use_granted(f, m, "maneuver_close")))
            ctx.emit("maneuver", f"{ctx.name(m)} maneuvers to close range.")
            return
        if not left and _granted(f, m, "maneuver_or_press"):     # Mind Tricks: a maneuver or a press
            new_range = "long" if f.range == "close" else "close"
            _set_combat(ctx, f._replace(range=new_range, last_maneuver=m,
                                        granted=_use_granted(f, m, "maneuver_or_press")))
            ctx.emit("maneuver", f"{ctx.name(m)} maneuvers to {new_range} range.")
            return
        if not left and f.range == "close" and _granted(f, m, "maneuver_long"):     # Repulsion [pre]
            _set_combat(ctx, f._replace(range="long", last_maneuver=m, granted=_use_granted(f, m, "maneuver_long")))
            ctx.emit("maneuver", f"{ctx.name(m)} maneuvers to long range.")
            return
        if not left and _paid_grant(ctx, cmd.seat, f, m, "maneuver", "close" if f.range == "long" else "long"):
            f = combat_frame(ctx.st)
            new_range = "long" if f.range == "close" else "close"
            _set_combat(ctx, f._replace(range=new_range, last_maneuver=m))
            ctx.emit("maneuver", f"{ctx.name(m)} maneuvers to {new_range} range.")
            return
        if not left and _combat_maneuvers_left(f, m):      # Ruins of Villers Abbey: X maneuvers this combat
            new_range = "long" if f.range == "close" else "close"
            spent = sum(1 for u in f.used if isinstance(u, tuple) and len(u) == 3 and u[0] == "combat_maneuver_used"
                        and u[1] == m)
            _set_combat(ctx, f._replace(range=new_range, last_maneuver=m,
                                        used=f.used | {("combat_maneuver_used", m, spent + 1)}))
            ctx.emit("maneuver", f"{ctx.name(m)} maneuvers to {new_range} range.")
            return
        if not left:
            raise Illegal("maneuver", f"{ctx.name(m)} has no maneuver granted: name the card that gives one")
        new_range = "long" if f.range == "close" else "close"
        _set_combat(ctx, f._replace(range=new_range, last_maneuver=m, granted=_use_granted(f, m, "maneuver")))
        ctx.emit("maneuver", f"{ctx.name(m)} maneuvers to {new_range} range.")
        return
    iid, rules, mode, from_hand, is_strike, once = _maneuver_source(ctx, cmd.seat, m, cmd.using, cmd.level, f)
    pair = next((r for r in effects_combat.card_readings(ctx, iid) if r[0] == "pair_strike_with_maneuver"), None) \
        if not from_hand and iid != m else None
    if pair is not None:        # Beretta 9mm: its maneuver goes with the 2R strike of a pair, one each round
        if not _has_pair(ctx, m, iid):
            raise Illegal("maneuver", f"{rules.name} gives a maneuver only to a minion with another {rules.name}")
        if ("pair_maneuver", m, f.round) in f.used:
            raise Illegal("maneuver", f"{ctx.name(m)} may use only one {rules.name} to maneuver each round")
        f = f._replace(used=f.used | {("pair_maneuver", m, f.round)})
    if not from_hand and iid != m and _clan_maneuver_or_press(ctx, f, m, iid):
        f = combat_frame(ctx.st)
    readings = effects_combat.mode_readings(ctx, rules, mode) if mode is not None else \
        (effects_combat.card_readings(ctx, iid) if iid != m else [])
    for r in readings:
        if r[0] == "maneuver_close_initial_strength" and f.range != "long":     # Swoop
            raise Illegal("maneuver", f"{poss(rules.name)} maneuver is only usable to go to close range")
        if r[0] == "maneuver_close_or_press_continue" and f.range != "long":      # Shadow Boxing
            raise Illegal("maneuver", f"{poss(rules.name)} maneuver is only usable to get to close range")
        if r[0] == "maneuver_to" and (r[1] == "close") != (f.range == "long"):
            raise Illegal("maneuver", f"{poss(rules.name)} maneuver is only usable to get to {r[1]} range; "
                                      f"the range is already {f.range}")
    if any(x[0] == m for x in f.committed) and is_strike:
        raise Illegal("maneuver", f"{ctx.name(m)} has already chosen its strike through a maneuver this round")
    if once and (m, iid, "maneuver") in f.used:
        raise Illegal("maneuver", f"{poss(rules.name)} maneuver can be used once each combat")
    committed = f.committed
    if is_strike:
        desc = _strike_of_text(mode.text if mode else ctx.cdef(iid).text, iid, rules.name)
        if pair is not None:
            desc = StrikeDesc("damage", pair[1], ranged=True, source=iid, label=rules.name)
        committed = committed + ((m, desc),)
    new_range = "long" if f.range == "close" else "close"
    used = f.used | {(m, iid, "maneuver")} if once else f.used
    _set_combat(ctx, f._replace(range=new_range, last_maneuver=m, committed=committed, used=used))
    ctx.emit("maneuver", f"{ctx.name(m)} maneuvers to {new_range} range with {rules.name}.")
    if from_hand:
        from vtes_desktop.engine.rules_action import _cost, _pay, played_from_hand

        _limit_check(ctx, m, rules, mode)
        pool, blood = _cost(rules, None)
        _pay(ctx, cmd.seat, m, pool, blood + _extra_blood(ctx, m, rules, blood), rules.name,
             conviction=max(0, rules.conviction_cost or 0))     # (an imbued's conviction cost)
        if is_strike:
            _grant_with_strike(ctx, m, mode, skip="maneuver")
            ctx.move(iid, "aside", seat=cmd.seat)
            played_from_hand(ctx, cmd.seat, iid, rules, to="none")
        else:
            played_from_hand(ctx, cmd.seat, iid, rules)
        for r in readings:
            if r[0] == "press_or_maneuver_with_press":     # "Press, or maneuver with 1 optional press"
                cf = combat_frame(ctx.st)
                _set_combat(ctx, cf._replace(granted=cf.granted + ((m, "press", 1),)))
            if r[0] == "opponent_press_if_hit":       # Backstep: checked as the press step begins
                cf = combat_frame(ctx.st)
                _set_combat(ctx, cf._replace(mods=cf.mods + (Mod("opponent_press_if_hit", 0, m, iid, rules.card_id),)))
            if r[0] == "maneuver_close_initial_strength":      # Swoop: +1 strength on the initial strike this round
                cf = combat_frame(ctx.st)
                _set_combat(ctx, cf._replace(mods=cf.mods + (Mod("initial_strength", r[1], m, iid, rules.card_id),)))
            if r[0] == "paid_grant":          # Quick Meld: "once this round, burn 1 blood for an additional maneuver"
                cf = combat_frame(ctx.st)
                _set_combat(ctx, cf._replace(mods=cf.mods + (Mod("paid_" + r[1] + ("_" + r[2] if r[2] else ""), 1, m,
                                                                 iid, rules.card_id),)))
            if r[0] == "granted_prevent":     # "this vampire can prevent 1 damage later this round"
                cf = combat_frame(ctx.st)
                _set_combat(ctx, cf._replace(mods=cf.mods + (Mod("granted_prevent", r[1], m, iid, rules.card_id),)))
                ctx.emit("granted", f"{ctx.name(m)} can prevent {r[1]} damage later this round ({rules.name}).")


# -- strikes ------------------------------------------------------------------------------------------

_STRIKE_RE = re.compile(r"(?i)strike(?:, (?:ranged|first strike))?:\s*(?:(\d+)(R?) (aggravated )?damage|(dodge)|(combat ends)|steal (\d+) blood|"
                        r"(destroy|steal) (?:equipment|weapon)|hand strike at \+(\d+) (aggravated )?damage)")


_CLAN_NAMES = {"brujah antitribu", "ravnos", "tremere antitribu", "toreador", "ventrue", "brujah", "gangrel",
               "malkavian", "nosferatu", "tremere", "assamite", "follower of set", "giovanni", "lasombra", "tzimisce"}


def _strike_of_text(text: str, source: int | None = None, label: str = "") -> StrikeDesc | None:
    m = _STRIKE_RE.search(text)
    if not m:
        m2 = re.search(r"(?i)strike(?:, (ranged))?: (?:hand strike|steal (\d+) blood)", text)
        if not m2:
            return None
        first = bool(re.search(r"(?i)first strike", text))
        if m2.group(2):
            return StrikeDesc("steal_blood", int(m2.group(2)), ranged=bool(m2.group(1)), first=first, source=source,
                              label=label)
        plus = re.search(r"(?i)at \+(\d+) (aggravated )?damage", text)
        return StrikeDesc("hand_plus", int(plus.group(1)) if plus else 0, aggravated=bool(plus and plus.group(2)),
                          first=first, source=source, label=label)
    first = bool(re.search(r"(?i)first strike", text))
    ranged_kw = bool(re.search(r"(?i)strike, ranged", text))
    if m.group(1):
        return StrikeDesc("damage", int(m.group(1)), ranged=bool(m.group(2)), aggravated=bool(m.group(3)),
                          first=first, source=source, label=label)
    if m.group(4):
        return StrikeDesc("dodge", source=source, label=label)
    if m.group(5):
        return StrikeDesc("combat_ends", source=source, label=label)
    if m.group(6):
        return StrikeDesc("steal_blood", int(m.group(6)), ranged=ranged_kw, first=first, source=source, label=label)
    if m.group(7):
        return StrikeDesc("equipment", first=first, source=source, label=label, equipment=m.group(7).lower())
    return StrikeDesc("hand_plus", int(m.group(8)), aggravated=bool(m.group(9)), first=first, source=source,
                      label=label)


def _actioncard_strength(ctx: Ctx, m: int) -> int:
    from vtes_desktop.engine.effects_actioncard import attached_bonus

    from vtes_desktop.engine.effects_attached import strength_bonus

    return attached_bonus(ctx, m, "strength") + strength_bonus(ctx, m)   # Martial Ritus


def strength(ctx: Ctx, m: int, f: CombatFrame) -> int:
    d = ctx.cdef(m)
    if "Ally" in d.types:
        base = ctx.rules(m).ally_strength or 0
        lvl = ctx.st.cards[m].level
        if lvl and lvl.isupper():   # "[ANI] As above, but this ally has 2 life and 1 strength."
            for mk, line in d.text_levels():
                mm = re.search(r"(\d+) strength", line) if mk == lvl else None
                if mm:
                    base = int(mm.group(1))
    else:
        base = 1
        head = d.text.split(":", 1)[-1].strip()   # "Sabbat: +1 strength.": the first sentence too
        for mm in re.finditer(r"(?:^|\.\s)\+(\d+) strength\.", head):
            base += int(mm.group(1))
    base += effects_combat.bearer_bonus(ctx, m, "strength") + effects_combat.attached_strength(ctx, m) \
        + _actioncard_strength(ctx, m)   # action cards put on the minion (Enforcer)
    from vtes_desktop.engine.effects_master import master_strength

    base += master_strength(ctx, m)   # master cards on the minion or in play (The Art of Pain, Gangrel Revel)
    from vtes_desktop.engine.effects_gear import strength_bonus as gear_strength

    base += gear_strength(ctx, m, f.b if m == f.a else f.a)   # An Anarch Manifesto on the opposing minion
    base += sum(x[2] for x in f.used if isinstance(x, tuple) and len(x) == 4 and x[0] == "strength_bonus" and x[1] == m)
    base += sum(f.round - x[2] + 1 for x in f.used if isinstance(x, tuple) and len(x) == 4 and x[0] == "strength_grow"
                and x[1] == m)      # Fire in the Blood
    sets = [x[2] for x in f.used if isinstance(x, tuple) and len(x) == 4 and x[0] == "strength_set" and x[1] == m]
    sets += [x.amount for x in f.mods if x.kind == "strength_set" and x.minion == m]
    if sets:
        base = sets[-1]
    return base + sum(x.amount for x in f.mods if x.kind == "strength" and x.minion == m) \
        + effects_crypt.strength_bonus(ctx, m, f) \
        + effects_minion.strength_bonus(ctx, m)   # its own text ("+1 strength in combat with Ventrue", "for each life")


def strike(ctx: Ctx, cmd: C.Strike) -> None:
    f = _need_combat(ctx, "strike")
    m = _combatant(ctx, cmd.seat, cmd.minion, f)
    if (why := effects_minion.combat_refusal(ctx, m, "strike")):   # Ossian
        raise Illegal("strike", why)
    if m in f.struck or m not in f.striking:
        raise Illegal("strike", f"{ctx.name(m)} has no strike to choose in this strike step" if m not in f.striking
                      else f"{ctx.name(m)} has already chosen a strike (or passed) in this strike step")
    if any(x[0] == m for x in f.committed):
        raise Illegal("strike", f"{ctx.name(m)} chose its strike with a maneuver this round")
    s = cmd.strike
    chosen_weapon = None        # Up Yours!, Machine Blitz: a weapon of the opposing minion named as the target
    owed = next((u for u in f.used if isinstance(u, tuple) and len(u) == 4 and u[0] == "extra_only_with" and u[1] == m
                 and u[3] == f.round), None) if f.extra_phase else None
    if owed is not None and (s in ("hand", None) or flow.ref(ctx, cmd.seat, s) != owed[2]):
        raise Illegal("strike", f"{poss(ctx.name(m))} additional strike is only usable to strike with {ctx.name(owed[2])}")
    if s == "hand" or s is None:
        desc = StrikeDesc("damage", strength(ctx, m, f), label="hand strike")
        desc = effects_minion.hand_strike(ctx, m, desc)   # first strike, aggravated
        desc = _effects_action().hand_rage(ctx, m, f, desc)   # Uncontrollable Rage: aggravated, +N this action
    else:
        iid = flow.ref(ctx, cmd.seat, s)
        c = ctx.st.cards[iid]
        rules = ctx.rules(iid)
        opt = next((u for u in f.used if isinstance(u, tuple) and len(u) == 5 and u[0] == "strike_option"
                    and u[1] == m and u[3] == iid), None) if c.region != "hand" else None
        optc = next((u for u in f.used if isinstance(u, tuple) and len(u) == 5 and u[0] == "strike_option_combat"
                     and u[1] == m and u[2] == iid), None) if c.region != "hand" and opt is None else None
        if optc is not None:        # Mythic Form at superior: its strike, once each round this combat
            if (iid, "option_round", f.round) in f.used:
                raise Illegal("strike", f"{poss(rules.name)} strike is usable once each round")
            _set_combat(ctx, f._replace(used=f.used | {(iid, "option_round", f.round)}))
            f = ctx.st.top
            desc = StrikeDesc("steal_blood", optc[3], ranged=True, source=iid, label=rules.name) if optc[4] == "steal" \
                else StrikeDesc("damage", optc[3], ranged=True, aggravated=optc[4], source=iid, label=rules.name)
        elif opt is not None:       # Hunger of Marduk: the strike its play gave for that round
            if opt[2] != f.round:
                raise Illegal("strike", f"{poss(rules.name)} strike was only usable the round it was played")
            if opt[4] == "burn_weapon":     # Voracious Vermin: its additional ranged strike burns a weapon
                if not f.extra_phase:
                    raise Illegal("strike", f"{poss(rules.name)} strike to burn a weapon is its additional strike")
                opp = f.b if m == f.a else f.a
                weapons = [a for a in ctx.st.attached.get(opp, ()) if effects_combat.is_equipment(ctx, a)
                           and any("weapon" in k or k == "gun" for k in ctx.rules(a).keywords)]
                if cmd.target is None and len(weapons) > 1:
                    raise Malformed("target", f"name the weapon of {ctx.name(opp)} that {rules.name} burns")
                t = flow.ref(ctx, cmd.seat, cmd.target) if cmd.target is not None else (weapons[0] if weapons else None)
                if t is None or t not in weapons:
                    raise Illegal("strike", f"{ctx.name(opp)} has no such weapon for {rules.name} to burn")
                desc = StrikeDesc("burn_card", ranged=True, source=iid, label=f"{rules.name} (burn weapon)", target=t)
            else:
                desc = StrikeDesc("steal_blood", opt[4], ranged=True, source=iid, label=rules.name)
        elif iid == m or (c.region == "attached" and c.host == m):
            if iid != m and _restricted(ctx, m, True) and "Equipment" in ctx.cdef(iid).types:
                raise Illegal("strike", f"{ctx.name(m)} cannot use equipment this combat")
            if iid != m:
                only_ = next((x.only for x in rules.modes), ())
                if "long range" in only_ and f.range != "long":
                    raise Illegal("timing", f"{rules.name} is only usable at long range")
                if "close range" in only_ and f.range != "close":
                    raise Illegal("timing", f"{rules.name} is only usable at close range")
                if "once each round" in only_ and (iid, "strike_round", f.round) in f.used:
                    raise Illegal("strike", f"{rules.name} is only usable once each round")
                if "once each combat" in only_ and (iid, "strike_combat") in f.used:
                    raise Illegal("strike", f"{rules.name} is only usable once each combat")
                if "not:against:a vampire with celerity [cel], an ally, or a retainer" in only_:    # Waxen Poetica
                    opp = f.b if m == f.a else f.a
                    if "Ally" in ctx.cdef(opp).types or cmd.target is not None or (
                            ctx.is_vampire(ctx.st.cards[opp]) and ctx.discipline_level(ctx.st.cards[opp], "cel") > 0):
                        raise Illegal("strike", f"{rules.name} is not usable against a vampire with Celerity, an ally "
                                                "or a retainer")
                by_ = [o[3:] for o in only_ if o.startswith("by:")]      # "Only usable by Brujah antitribu"
                if by_ and by_[0] in _CLAN_NAMES and by_[0] not in {x.lower() for x in ctx.cdef(m).clans}:
                    raise Illegal("strike", f"{rules.name} is only usable by {by_[0].title()}")
                _set_combat(ctx, f._replace(used=f.used | {(iid, "strike_round", f.round), (iid, "strike_combat")}))
                f = ctx.st.top
                wx = next((r for r in effects_combat.card_readings(ctx, iid) if r[0] == "weapon_extra_strike"), None) \
                    or (("weapon_extra_strike", True) if ("ammo_extra", iid) in f.used else None)   # Caseless Rounds
                if wx is not None and not f.extra_phase and ("limited_extra", m, f.round) not in f.used:
                    merged = dict(f.extra)      # AK-47: an optional additional strike (limited) this round
                    merged[m] = merged.get(m, 0) + 1
                    used_ = f.used | {("limited_extra", m, f.round)} | (
                        {("extra_only_with", m, iid, f.round)} if wx[1] else set())
                    _set_combat(ctx, f._replace(extra=tuple(merged.items()), used=used_))
                    f = ctx.st.top
                    ctx.emit("granted", f"{ctx.name(m)} gets an optional additional strike this round ({rules.name}).")
            for r in (effects_combat.card_readings(ctx, iid) if iid != m else ()):
                if r[0] == "clan_strike" and r[1] not in {x.lower() for x in ctx.cdef(m).clans}:
                    raise Illegal("strike", f"only a {r[1].title()} can strike with {rules.name}")
            text = ctx.cdef(iid).text
            desc = _strike_of_text(text, iid, rules.name)
            if iid == m:   # an ally's own strikes read by its family (Carlton's dodge, "may strike for 2R damage")
                desc, text = effects_minion.own_strike(ctx, cmd, m, desc, text)
                effects_crypt.pay_own_strike(ctx, m, desc)   # a vampire's "can burn 1 blood to strike: 2R damage"
                desc = _effects_action().own_strike(ctx, m, desc)   # Shroud of Absence: combat ends, first round
            if desc is None and iid != m:
                for r in effects_combat.card_readings(ctx, iid):
                    if r[0] == "strength_strike":
                        desc = StrikeDesc("strength_plus", r[1], aggravated=r[2], source=iid, label=rules.name)
                    elif r[0] == "becomes_weapon":
                        desc = StrikeDesc("strength_plus", r[2], source=iid, label=rules.name)
            wrd = effects_combat.card_readings(ctx, iid) if iid != m else []
            if desc is None and ("weapon_strike_combat_ends",) in wrd:     # Smoke Grenade
                desc = StrikeDesc("combat_ends", source=iid, label=rules.name)
            if desc is None and iid != m:     # "3 damage each strike": the weapon's compiled strike
                lvl = c.level
                mode_ = next((x for x in rules.modes if lvl and x.level == lvl), None) or rules.modes[0]
                desc = _desc_from_effects(mode_, iid, rules.name)
            sd = next((r for r in wrd if r[0] == "weapon_self_damage_close"), None)
            if sd is not None and desc is not None:      # Grenade: its bearer takes 1 damage at close range
                desc = desc._replace(self_damage=(sd[1], len(sd) > 2 and sd[2],
                                                  sd[3] if len(sd) > 3 else True))   # (W. P. Grenade: aggravated; Bomb: any range)
            alt = next((r for r in wrd if r[0] == "clan_burn_weapon_strike"), None)
            if alt is not None and cmd.choice == "burn weapon":      # Talith: a Ravnos burns a weapon, first strike
                if alt[1] not in {x.lower() for x in ctx.cdef(m).clans}:
                    raise Illegal("strike", f"only a {alt[1].title()} can use {rules.name} to burn a weapon")
                opp = f.b if m == f.a else f.a
                weapons = [a for a in ctx.st.attached.get(opp, ()) if effects_combat.is_equipment(ctx, a)
                           and any("weapon" in k or k == "gun" for k in ctx.rules(a).keywords)]
                if cmd.target is None and len(weapons) > 1:
                    raise Malformed("target", f"name the weapon of {ctx.name(opp)} that {rules.name} burns")
                t = flow.ref(ctx, cmd.seat, cmd.target) if cmd.target is not None else (weapons[0] if weapons else None)
                if t is None or t not in weapons:
                    raise Illegal("strike", f"{ctx.name(opp)} has no such weapon for {rules.name} to burn")
                desc = StrikeDesc("burn_card", first=True, source=iid, label=f"{rules.name} (burn weapon)", target=t)
            pr = next((r for r in wrd if r[0] == "pair_strike_with_maneuver"), None)
            if pr is not None and cmd.choice == "2R":     # Beretta 9mm: with another one, 2R damage
                if not _has_pair(ctx, m, iid):
                    raise Illegal("strike", f"{ctx.name(m)} needs another {rules.name} for its 2R strike")
                desc = StrikeDesc("damage", pr[1], ranged=True, source=iid, label=rules.name)
            bl = next((r for r in wrd if r[0] == "ranged_burn_life_vs"), None)
            if bl is not None and cmd.choice == bl[1]:    # Argent Baton: a ranged strike burning a werewolf's life
                opp_ = f.b if m == f.a else f.a
                if bl[1] not in {k_.lower() for k_ in ctx.rules(opp_).keywords}:
                    raise Illegal("strike", f"{ctx.name(opp_)} is not a {bl[1]}")
                desc = StrikeDesc("none", ranged=True, source=iid, label=rules.name, burn_life=bl[2])
            alt = next((r for r in wrd if r[0] == "alt_strike_prevent_next_hand_melee"), None)
            if alt is not None and cmd.choice == "prevent":     # Nightstick: its other strike
                desc = StrikeDesc("none", source=iid, label=f"{rules.name} (prevent)")
                f0 = ctx.st.top
                _set_combat(ctx, f0._replace(used=f0.used | {("fb_prevent", m, alt[1], f0.round, "melee")}))
                f = ctx.st.top
            if cmd.choice == "ranged" and ("alt_ranged_strength_out_of_play",) in wrd:     # Kerrie, Dagger
                desc = StrikeDesc("strength_plus", 0, ranged=True, source=iid, label=f"{rules.name} (ranged)")
                f0 = ctx.st.top
                _set_combat(ctx, f0._replace(used=f0.used | {("out_after_strike", iid)}))
                f = ctx.st.top
            if ("by:minion with true faith or an imbued" in next((x.only for x in rules.modes), ())
                    and not _faithful(ctx, m)):          # The Crusader Sword
                raise Illegal("strike", f"{rules.name} is only usable by a minion with True Faith or an imbued")
            if ("burn_after_use",) in wrd and desc is not None:
                f = ctx.st.top
                _set_combat(ctx, f._replace(used=f.used | {("burn_after_use", iid)}))
                f = ctx.st.top
            if (iid, "stolen", f.round) in f.used:
                raise Illegal("strike", f"{ctx.name(iid)} was stolen this round: its new bearer cannot strike "
                                        "with it until the next round")
            if desc is not None and ((_once_each_combat(text, "strike")
                                      and ("press_continue_after_close_strike_once",) not in wrd)   # (Meat Hook: its
                                     or ("weapon_once_each_combat",) in effects_combat.card_readings(ctx, iid)):  # press)
                if (m, iid, "strike") in f.used:
                    raise Illegal("strike", f"{poss(rules.name)} strike can be used once each combat")
                _set_combat(ctx, f._replace(used=f.used | {(m, iid, "strike")}))
                f = ctx.st.top
        elif c.region == "attached" and c.host == (f.b if m == f.a else f.a) and \
                ("stealable_by_strike",) in effects_combat.card_readings(ctx, iid):      # Kaymakli Fragment
            desc = StrikeDesc("steal_card", source=None, label=f"steal {rules.name}", target=iid)
            chosen_weapon = iid
        elif c.region == "attached" and c.host == (f.b if m == f.a else f.a) and any(
                r[0] == "destroyable_by_strike" for r in effects_combat.card_readings(ctx, iid)):
            dr = next(r for r in effects_combat.card_readings(ctx, iid) if r[0] == "destroyable_by_strike")
            if f.range != "close" or not ctx.is_vampire(ctx.st.cards[m]) \
                    or ctx.discipline_level(ctx.st.cards[m], dr[1]) < 1:      # Meat Hook: at close range, with Potence
                raise Illegal("strike", f"only a vampire with [{dr[1]}] at close range can strike to destroy {rules.name}")
            from vtes_desktop.engine.rules_action import _pay

            _pay(ctx, cmd.seat, m, 0, dr[2], rules.name)
            f = ctx.st.top
            desc = StrikeDesc("burn_card", first=True, source=None, label=f"destroy {rules.name}", target=iid)
            chosen_weapon = iid
        elif c.region == "hand" and c.owner == cmd.seat:
            from vtes_desktop.engine.rules_action import choose_mode, played_from_hand, requirement_refusal

            mode = choose_mode(ctx, rules, cmd.level, ("Combat",), m)
            why = requirement_refusal(ctx, iid, rules, mode, m)
            if why:
                raise Illegal("requirements", why)
            _grapple_refusal(ctx, m, rules)
            desc = _strike_of_text(mode.text, iid, rules.name)
            readings = effects_combat.mode_readings(ctx, rules, mode)
            for r in readings:
                if r[0] == "strike_damage":
                    desc = StrikeDesc("damage", r[1], ranged=r[2], aggravated=r[3], unpreventable=r[4], source=iid,
                                      label=rules.name)
                elif r[0] == "hand_plus_aggravated":
                    desc = StrikeDesc("hand_plus", r[1], aggravated=True, source=iid, label=rules.name)
                elif r[0] == "hand_or_melee_plus":
                    desc = StrikeDesc("hand_plus", r[1], source=iid, label=rules.name)
                elif r[0] == "strike_burn_ally":
                    desc = StrikeDesc("burn_ally", source=iid, label=rules.name)
                elif r[0] == "strike_x_weapon":         # Up Yours! (its pool cost), Machine Blitz (its damage, ranged)
                    chosen_weapon = _chosen_opposing_weapon(ctx, cmd, m, f, rules.name)
                    if r[1] == "cost":
                        desc = StrikeDesc("damage", max(0, ctx.rules(chosen_weapon).pool_cost), source=iid,
                                          label=rules.name)
                    else:
                        other_ = f.b if m == f.a else f.a
                        desc = StrikeDesc("damage", _weapon_damage(ctx, chosen_weapon, other_) + sum(
                            x[1] for x in readings if x[0] == "strike_x_bonus"), ranged=True, source=iid,
                            label=rules.name)
                elif r[0] == "strike_burn_ally_or_retainer_non_wraith":    # Autonomic Mastery at Dominate
                    other_ = f.b if m == f.a else f.a

                    def _wraith(x):
                        return "wraith" in {k_.lower() for k_ in ctx.rules(x).keywords} or \
                            "wraith" in (ctx.cdef(x).text or "").lower()[:40]
                    if cmd.target is not None:
                        t_ = flow.ref(ctx, cmd.seat, cmd.target)
                        tc_ = ctx.st.cards[t_]
                        if not (tc_.region == "attached" and tc_.host == other_ and "Retainer" in ctx.cdef(t_).types) \
                                or _wraith(t_):
                            raise Illegal("strike", f"{rules.name} burns a non-wraith retainer on {ctx.name(other_)}")
                        desc = StrikeDesc("burn_card", source=iid, label=rules.name, target=t_)
                        chosen_weapon = t_
                    elif "Ally" in ctx.cdef(other_).types and not _wraith(other_):
                        desc = StrikeDesc("burn_ally", source=iid, label=rules.name)
                    else:
                        raise Illegal("strike", f"{rules.name} burns the opposing non-wraith ally, or a non-wraith "
                                                "retainer named as the target")
                elif r[0] == "strike_burn_master_discipline":     # Weakness: a master Discipline card (the target)
                    other_ = f.b if m == f.a else f.a
                    cards_ = [a for a in ctx.st.attached.get(other_, ()) if "Master" in ctx.cdef(a).types
                              and re.match(r"(?i)(?:master: )?discipline\b", ctx.cdef(a).text or "")]
                    if cmd.target is None and len(cards_) > 1:
                        raise Malformed("target", f"name the master Discipline card {rules.name} burns (target)")
                    t_ = flow.ref(ctx, cmd.seat, cmd.target) if cmd.target is not None else (cards_[0] if cards_
                                                                                              else None)
                    if not ctx.is_vampire(ctx.st.cards[other_]) or t_ not in cards_:
                        raise Illegal("strike", f"{rules.name} burns a master Discipline card on the opposing vampire")
                    desc = StrikeDesc("burn_card", sum(x[1] for x in readings if x[0] == "strike_also_damage"),
                                      source=iid, label=rules.name, target=t_)
                    chosen_weapon = t_      # (the target names that card, not a retainer)
                elif r[0] == "strike_burn_animal_mortal_or_hand_orun":   # Invoke Poison Glands at superior
                    other_ = f.b if m == f.a else f.a
                    if cmd.choice == "burn":
                        kw_ = {k_.lower() for k_ in ctx.rules(other_).keywords}
                        if "Ally" not in ctx.cdef(other_).types or not kw_ & {"animal", "mortal"}:
                            raise Illegal("strike", f"{rules.name} burns an opposing animal or mortal; "
                                                    f"{ctx.name(other_)} is neither")
                        desc = StrikeDesc("burn_ally", source=iid, label=rules.name)
                    else:
                        orun = sum(1 for a in ctx.st.attached.get(m, ()) if ctx.cdef(a).name == "Orun")
                        desc = StrikeDesc("hand_plus", orun, source=iid, label=rules.name)
                elif r[0] == "strike_capacity_difference":     # Scourge of Alecto: X-2, X capacity minus capacity/cost
                    other_ = f.b if m == f.a else f.a
                    oc_ = ctx.st.cards[other_]
                    if not (ctx.is_vampire(oc_) or "werewolf" in {k_.lower() for k_ in ctx.rules(other_).keywords}):
                        raise Illegal("strike", f"{rules.name} is only usable against a vampire or werewolf")
                    t_ = flow.ref(ctx, cmd.seat, cmd.target) if cmd.target is not None else other_
                    their = ctx.capacity(ctx.st.cards[t_]) if ctx.is_vampire(ctx.st.cards[t_]) \
                        else max(0, ctx.rules(t_).pool_cost or 0)
                    n_ = max(0, ctx.capacity(ctx.st.cards[m]) - their - r[1])
                    cap_ = next((x[1] for x in readings if x[0] == "strike_damage_at_most"), None)
                    desc = StrikeDesc("damage", min(n_, cap_) if cap_ is not None else n_, ranged=True, source=iid,
                                      label=rules.name)
                elif r[0] == "strength_strike_card_aggravated":     # Smite: strength+1 aggravated, ranged
                    desc = StrikeDesc("strength_plus", r[1], ranged=True, aggravated=True, source=iid, label=rules.name,
                                      burn_electronic=("strike_burns_electronic",) in readings)
                elif r[0] == "strike_damage_and_prevent":       # Stunt Cycle: 3R (4R) and 1 (2) prevented
                    ch = next((x for x in readings if x[0] == "strike_damage_and_prevent_change"), None)
                    n_, pv = (ch[1], ch[2]) if ch else (r[1], r[2])
                    desc = StrikeDesc("damage", n_, ranged=True, source=iid, label=rules.name)
                    f0 = ctx.st.top
                    _set_combat(ctx, f0._replace(used=f0.used | {("fb_prevent", m, pv, f0.round, "any")}))
                    f = ctx.st.top
                elif r[0] == "strength_strike_card":    # Kraken's Kiss: strength+1, ranged
                    desc = StrikeDesc("strength_plus", r[1], ranged=r[2], source=iid, label=rules.name)
                    f0 = ctx.st.top
                    kr = next((x for x in readings if x[0] == "torpor_after_damage_taken"), None)
                    pc = next((x for x in readings if x[0] == "press_continue_and_steal_option"), None)
                    add = set()
                    if kr is not None:      # damage taken from now on counts (ruling)
                        add.add(("kraken", m, kr[1], _taken(f0, m), iid))
                    if pc is not None:
                        add.add(("strike_option_combat", m, iid, pc[1], "steal"))
                    _set_combat(ctx, f0._replace(used=f0.used | add, granted=f0.granted + (
                        ((m, "press_continue", 1),) if pc is not None else ())))
                    f = ctx.st.top
                elif r[0] == "dodge_with_press":        # Devil-Channel: Feet (not against a minion with flight)
                    other_ = f.b if m == f.a else f.a
                    if ctx.discipline_level(ctx.st.cards[other_], "flight"):
                        raise Illegal("strike", f"{rules.name} is not usable against a minion with flight")
                    desc = StrikeDesc("dodge", source=iid, label=rules.name)
                    f0 = ctx.st.top
                    add_ = ((m, "press", 1),)
                    if ("lock_aye_to_unlock",) in readings:      # at superior: an Aye locked, the vampire unlocks
                        aye = next((a for a in ctx.st.attached.get(m, ()) if ctx.cdef(a).name == "Aye"
                                    and not ctx.st.cards[a].locked), None)
                        if aye is not None:
                            ctx.update(aye, locked=True)
                            desc = desc._replace(unlock=True)
                            ctx.emit("locked", f"{ctx.name(m)} locks an Aye to unlock ({rules.name}).")
                    _set_combat(ctx, f0._replace(granted=f0.granted + add_))
                    f = ctx.st.top
                elif r[0] == "retainer_prevent_round":  # Eyes of Blades: 1 damage from a retainer prevented this round
                    f0 = ctx.st.top
                    _set_combat(ctx, f0._replace(used=f0.used | {("retainer_prev", m, f0.round, r[1])}))
                    f = ctx.st.top
                elif r[0] == "strike_hand_and_dodge":   # Stutter-Step: a hand strike, and a dodge
                    if f.extra_phase:
                        raise Illegal("strike", f"{rules.name} is not usable as an additional strike")
                    desc = StrikeDesc("hand_plus", 0, source=iid, label=rules.name, also_dodge=True)
                    f0 = ctx.st.top
                    _set_combat(ctx, f0._replace(used=f0.used | {("no_extra_round", m, f0.round)}))
                    f = ctx.st.top
                elif r[0] == "hand_strike_then_opponent_no_strike":    # Pounce
                    desc = StrikeDesc("hand_plus", r[1], source=iid, label=rules.name, dodged_penalty=next(
                        (x[1] for x in readings if x[0] == "dodged_penalty"), 0))
                    f0 = ctx.st.top
                    other_ = f0.b if m == f0.a else f0.a
                    _set_combat(ctx, f0._replace(used=f0.used | {("no_strike_after", other_, f0.round)}))
                    f = ctx.st.top
                elif r[0] == "strike_by_range":         # Body of Sun: 3 at close range, 1R at long range
                    n_ = r[1] if f.range == "close" else r[2]
                    spare = ("strike_spares_self",) in readings
                    desc = StrikeDesc("damage", n_, ranged=f.range == "long", aggravated=True, source=iid,
                                      label=rules.name, self_damage=None if spare else (n_, True, False),
                                      retainers_damage=n_ if ("strike_hurts_self_and_retainers",) in readings else 0)
                elif r[0] == "strike_prevent_next_hand":    # Forearm Block: no damage; prevention, first strike next
                    desc = StrikeDesc("none", source=iid, label=rules.name)
                    f0 = ctx.st.top
                    _set_combat(ctx, f0._replace(used=f0.used | {("fb_prevent", m, r[1], f0.round)} | (
                        {("first_strike_next", m, f0.round + 1)} if ("first_strike_next_round",) in readings else set())))
                    f = ctx.st.top
                elif r[0] == "strike_fv_only":          # Death of the Drum: only cards requiring [for] or [vis] prevent it
                    desc = StrikeDesc("damage", r[1], ranged=True, aggravated=r[2], source=iid, label=rules.name)
                    f0 = ctx.st.top
                    _set_combat(ctx, f0._replace(used=f0.used | {("fv_only", iid)}))
                    f = ctx.st.top
                elif r[0] == "strike_torpor":
                    desc = StrikeDesc("torpor", source=iid, label=rules.name)
                elif r[0] == "strike_steal":
                    desc = StrikeDesc("steal_blood", r[1], source=iid, label=rules.name)
                elif r[0] == "strike_combat_ends_cost":
                    if ctx.st.cards[m].counters < r[1]:
                        raise Illegal("cost", f"{ctx.name(m)} has no blood to burn to end combat")
                    ctx.update(m, counters=ctx.st.cards[m].counters - r[1])
                    ctx.emit("paid", f"{ctx.name(m)} burns {r[1]} blood to end combat ({rules.name}).")
                    desc = StrikeDesc("combat_ends", source=iid, label=rules.name)
                elif r[0] == "burn_equipment_or_retainer":
                    desc = StrikeDesc("burn_card", first=r[1], source=iid, label=rules.name,
                                      target=_burn_target(ctx, cmd, m, f, rules.name))
            if desc is None:
                desc = _desc_from_effects(mode, iid, rules.name)
            if desc is None and any(r[0] == "hand_strike_press_damage" for r in readings):
                desc = StrikeDesc("hand_plus", 0, source=iid, label=rules.name)      # Dagon's Call: a hand strike
            dor = next((r for r in readings if r[0] == "damage_or_ranged_weapon"), None)
            if dor is not None:     # Projectile: 1R damage, or the ranged strike of a weapon named as the choice
                desc = StrikeDesc("damage", dor[1], ranged=True, source=iid, label=rules.name)
                if cmd.choice is not None:
                    desc = _ranged_weapon_strike(ctx, cmd, m, rules)
            if ("extra_burn_weapon_strike",) in readings and not f.extra_phase:   # Voracious Vermin at superior
                merged = dict(f.extra)
                merged[m] = merged.get(m, 0) + 1
                _set_combat(ctx, f._replace(extra=tuple(merged.items()), used=f.used | {
                    ("extra_only_with", m, iid, f.round), ("strike_option", m, f.round, iid, "burn_weapon")}))
                f = ctx.st.top
            wd = ("extra_dodge_strike",) in readings and not f.extra_phase
            if wd and ("limited_extra", m, f.round) not in f.used:     # Wind Dance: an additional strike: dodge
                merged = dict(f.extra)
                merged[m] = merged.get(m, 0) + 1
                _set_combat(ctx, f._replace(extra=tuple(merged.items()), used=f.used | {
                    ("limited_extra", m, f.round), ("extra_only_dodge", m, f.round)}))
                f = ctx.st.top
            rip = next((r for r in readings if r[0] == "combat_ends_then_damage"), None)
            if rip is not None:     # Riposte: combat ends, then unpreventable damage if the range is close
                n = max([r[1] for r in readings if r[0] == "combat_ends_then_damage_amount"] or [rip[1]])
                desc = StrikeDesc("combat_ends", source=iid, label=rules.name,
                                  after=(("after_combat_damage", n, rip[2] if len(rip) > 2 else True),))
                if ("unlock_for_blood", 1) in readings and cmd.choice == "unlock":    # Loving Agony at superior
                    if ctx.st.cards[m].counters < 1:
                        raise Illegal("cost", f"{ctx.name(m)} has no blood to burn to unlock")
                    ctx.update(m, counters=ctx.st.cards[m].counters - 1)
                    ctx.emit("paid", f"{ctx.name(m)} burns 1 blood to unlock ({rules.name}).")
                    desc = desc._replace(unlock=True)
            spx = [r[1] for r in readings if r[0] == "strike_plus_x"]
            if spx:                 # Eldritch Glimmer: 2R damage (4R at superior) + X for X blood, X the choice
                x = int(cmd.choice) if cmd.choice is not None and str(cmd.choice).isdigit() else 0
                if cmd.choice is not None and not str(cmd.choice).isdigit():
                    raise Malformed("choice", f"{rules.name}: give X, the blood burned for +X damage, as the choice")
                if ctx.st.cards[m].counters < x:
                    raise Illegal("cost", f"{ctx.name(m)} has {ctx.st.cards[m].counters} blood; X is {x}")
                if x:
                    ctx.update(m, counters=ctx.st.cards[m].counters - x)
                    ctx.emit("paid", f"{ctx.name(m)} burns {x} blood for +{x} damage ({rules.name}).")
                desc = StrikeDesc("damage", max(spx) + x, ranged=True, source=iid, label=rules.name)
            if desc is None and ("hand_or_melee",) in readings:     # "Strike: hand or use a melee weapon strike"
                desc = StrikeDesc("hand_plus", sum(r[1] for r in readings if r[0] == "strike_bonus"), source=iid,
                                  label=rules.name)
            mwp = next((r for r in readings if r[0] == "melee_weapon_plus"), None)
            if mwp is not None:        # Blessed Blade: the choice names the melee weapon
                if cmd.choice is None:
                    raise Malformed("choice", f"{rules.name} uses a melee weapon strike: name the weapon as the choice")
                desc = _melee_weapon_strike(ctx, cmd, m, f, rules, [("strike_bonus", mwp[1])])
            for r in readings:
                if r[0] == "self_damage" and desc is not None:
                    desc = desc._replace(self_damage=r[1:])
                elif r[0] == "end_after_strike" and desc is not None:
                    desc = desc._replace(end_after=True)
                elif r[0] == "combat_ends_unlock_opponent":
                    desc = StrikeDesc("combat_ends", source=iid, label=rules.name, unlock_other=True)
                elif r[0] == "opponent_skips_unlock" and desc is not None:
                    desc = desc._replace(skip_unlock=True)
                elif r[0] == "undodgeable" and desc is not None:
                    desc = desc._replace(undodgeable=True)
                elif r[0] == "close_and_hand_only_next_round":     # Grasp of the Python at superior
                    f0 = combat_frame(ctx.st)
                    _set_combat(ctx, f0._replace(used=f0.used | {("close_next", f0.round + 1),
                                                                 ("hand_only", f0.round + 1)}))
                    f = combat_frame(ctx.st)
                elif r[0] == "equipment_strike_damage" and desc is not None and desc.kind == "equipment":
                    desc = desc._replace(amount=r[1])      # Fractured Armament: destroy equipment, with 1 damage
                elif r[0] == "hand_strike_plus" and desc is not None and desc.kind == "hand_plus":   # Blood Rage
                    desc = desc._replace(amount=desc.amount + r[1])
                elif r[0] == "strike_damage_cap" and desc is not None:
                    desc = desc._replace(cap=r[1])
                elif r[0] == "opponent_gains_blood" and desc is not None:
                    desc = desc._replace(opp_gains=r[1])
                elif r[0] == "unlock_both" and desc is not None:
                    desc = desc._replace(unlock=True, unlock_other=True)
                elif r[0] in ("after_combat_damage", "after_combat_burn", "after_combat_stun") and desc is not None:
                    desc = desc._replace(after=desc.after + (r,))
                elif r[0] == "strike_unpreventable" and desc is not None:     # Hexe at superior
                    desc = desc._replace(unpreventable=True)
                elif r[0] == "strike_damage_zero" and desc is not None:       # Autonomic Mastery at superior
                    desc = desc._replace(cap=0)
                elif r[0] == "end_after_strike_unless_dodged" and desc is not None:
                    desc = desc._replace(end_after=True, end_unless_dodged=True)
                elif r[0] == "strike_never_aggravated" and desc is not None:  # Psychic Assault
                    desc = desc._replace(never_aggravated=True, aggravated=False)
                elif r[0] == "strike_unpreventable_if_black_hand" and desc is not None \
                        and "black hand" in ctx.rules(m).traits:               # Psychic Assault, by a Black Hand
                    desc = desc._replace(unpreventable=True)
                elif r[0] == "bonus_vs_ally" and desc is not None and desc.kind == "damage":
                    if "Ally" in ctx.cdef(f.b if m == f.a else f.a).types:
                        desc = desc._replace(amount=desc.amount + r[1])
                elif r[0] == "change_first_strike" and desc is not None:
                    desc = desc._replace(first=True)
                elif r[0] == "prevent" and r[1] is None and r[2] == "round":     # Far Fatuus
                    f0 = combat_frame(ctx.st)
                    _set_combat(ctx, f0._replace(mods=f0.mods + (Mod("shield_round", 0, m, None),)))
                    f = combat_frame(ctx.st)
            if "in combat with:a non-wraith ally or a younger vampire" in mode.only:     # Autonomic Mastery
                o_ = f.b if m == f.a else f.a
                oc_ = ctx.st.cards[o_]
                if not (("Ally" in ctx.cdef(o_).types and "wraith" not in (ctx.cdef(o_).text or "").lower()[:40])
                        or (ctx.is_vampire(oc_) and ctx.capacity(oc_) < ctx.capacity(ctx.st.cards[m]))):
                    raise Illegal("timing", f"{rules.name} is only usable in combat with a non-wraith ally or a "
                                            "younger vampire")
            if "if:this vampire has more blood than the opposing vampire" in mode.only:
                other_ = f.b if m == f.a else f.a
                if ctx.st.cards[m].counters <= ctx.st.cards[other_].counters:
                    raise Illegal("timing", f"{rules.name} is only usable if {ctx.name(m)} has more blood than "
                                            f"{ctx.name(other_)}")
            if desc is None:
                raise Illegal("strike", f"{rules.name} is not a strike")
            if "long range" in mode.only and f.range != "long":
                raise Illegal("timing", f"{rules.name} is only usable at long range")
            if "close range" in mode.only and f.range != "close":
                raise Illegal("timing", f"{rules.name} is only usable at close range")
            if ("hand_or_melee",) in readings and cmd.choice is not None:
                desc = _melee_weapon_strike(ctx, cmd, m, f, rules, readings)
            hom = next((r for r in readings if r[0] == "hand_or_melee_plus"), None)
            if hom is not None and cmd.choice is not None:
                desc = _melee_weapon_strike(ctx, cmd, m, f, rules, [("strike_bonus", hom[2])])
            lvl = (mode.level or "").lower()
            for u in f.used:
                if isinstance(u, tuple) and len(u) == 5 and u[0] == "discipline_bonus" and u[1] == m and u[2] == lvl \
                        and desc.kind in ("damage", "hand_plus", "strength_plus") and (desc.amount or desc.kind != "damage"):
                    desc = desc._replace(amount=desc.amount + u[3])
            _limit_check(ctx, m, rules, mode)
            if re.search(r"(?i)\bunlock this (?:vampire|minion)\b", mode.text):
                desc = desc._replace(unlock=True)
            _grant_with_strike(ctx, m, mode, skip="maneuver")
            for r in effects_combat.mode_readings(ctx, rules, mode):
                if r[0] == "continue_if_blocked" and cmd.choice == "continue":
                    f = ctx.st.top
                    _set_combat(ctx, f._replace(used=f.used | {("continue_if_blocked", m, iid, r[1], r[2])}))
                elif r[0] == "paid_grant":                 # Lead Fist: burn 1 blood for a press to continue
                    f = ctx.st.top
                    _set_combat(ctx, f._replace(mods=f.mods + (Mod("paid_" + r[1] + ("_" + r[2] if r[2] else ""), 1, m,
                                                                   iid, rules.card_id),)))
                elif r[0] == "optional_press_continue":    # Mighty Grapple: a press only to continue
                    f = ctx.st.top
                    _set_combat(ctx, f._replace(granted=f.granted + ((m, "press_continue", 1),)))
                elif r[0] == "self_no_cancel_frenzy_no_press_end":     # Taming the Beast
                    f = ctx.st.top
                    _set_combat(ctx, f._replace(used=f.used | {("no_press_end", m), ("no_cancel_frenzy", m)}))
                elif r[0] == "hand_strike_press_damage":   # Dagon's Call: from the press step, if struck at close range
                    f = ctx.st.top
                    _set_combat(ctx, f._replace(used=f.used | {("press_dmg_from", m, r[1], iid, f.round)}))
                elif r[0] == "torpor_burns_instead":       # Ahriman's Demesne
                    f = ctx.st.top
                    _set_combat(ctx, f._replace(used=f.used | {("torpor_burns", iid)}))
                elif r[0] == "press_step_damage_round":    # Necrosis: at the press step, if struck at close range
                    f = ctx.st.top
                    _set_combat(ctx, f._replace(used=f.used | {("press_dmg_round", m, r[1], iid, f.round)}))
                elif r[0] == "no_fortitude_prevention":    # Dead Hand: cards requiring Fortitude cannot prevent it
                    f = ctx.st.top
                    _set_combat(ctx, f._replace(used=f.used | {("no_fort", iid)} | (
                        {("no_equip_prev", iid)} if len(r) > 1 and r[1] else set())))
                elif r[0] == "weapons_no_damage_round":    # Blood Fury: the opposing vampire's weapons this round
                    f = ctx.st.top
                    other_ = f.b if m == f.a else f.a
                    if ctx.is_vampire(ctx.st.cards[other_]):
                        _set_combat(ctx, f._replace(mods=f.mods + (Mod("weapons_no_damage", 0, other_, iid,
                                                                       rules.card_id),)))
                elif r[0] == "continue_unblocked":     # Torrent: the action goes on as if unblocked
                    f = ctx.st.top
                    _set_combat(ctx, f._replace(used=f.used | {("continue_unblocked", m, iid, r[1])}))
            if cmd.choice is not None and cmd.choice != "continue" and ("hand_or_melee",) not in readings \
                    and not any(r[0] in ("hand_or_melee_plus", "melee_weapon_plus", "damage_or_ranged_weapon",
                                         "strike_plus_x") for r in readings) \
                    and not (cmd.choice == "unlock" and ("unlock_for_blood", 1) in readings) \
                    and not (cmd.choice == "burn" and ("strike_burn_animal_mortal_or_hand_orun",) in readings):
                raise Malformed("choice", f"{rules.name} offers no choice {cmd.choice!r}")
            f = ctx.st.top
            from vtes_desktop.engine.rules_action import _cost, _pay

            pool, blood = _cost(rules, None)
            blood += sum(r[1] for r in readings if r[0] == "strike_blood_cost")   # "Burn 1 blood to strike: ..."
            _pay(ctx, cmd.seat, m, pool, blood + _extra_blood(ctx, m, rules, blood), rules.name,
                 conviction=max(0, rules.conviction_cost or 0))     # (an imbued's conviction cost)
            played_from_hand(ctx, cmd.seat, iid, rules)
            from vtes_desktop.engine.effects_attached import strike_card_played

            strike_card_played(ctx, m, iid, rules, mode)   # Fleshcraft: its level, for its strike resolution
        else:
            raise Illegal("strike", f"{ctx.name(iid)} is not a strike {ctx.name(m)} can use")
        if desc is None:
            raise Illegal("strike", f"{ctx.name(iid)} provides no strike")
    if desc is not None and not f.extra_phase and (_is_hand_strike(desc) or desc.kind == "strength_plus"):
        ist = sum(x.amount for x in ctx.st.top.mods if x.kind == "initial_strength" and x.minion == m)
        if ist:     # Swoop: +1 strength on the initial strike this round
            desc = desc._replace(amount=desc.amount + ist)
    if desc is not None and f.extra_phase and ("extra_only_hand", m, f.round) in f.used and not _is_hand_strike(desc):
        raise Illegal("strike", f"{poss(ctx.name(m))} additional strike is only usable to make a hand strike")
    if desc is not None and f.extra_phase and ("extra_only_dodge", m, f.round) in f.used and desc.kind != "dodge":
        raise Illegal("strike", f"{poss(ctx.name(m))} additional strike is only usable to dodge")
    if desc is not None and _is_hand_strike(desc):      # Skin of the Adder: +1 damage to hand strikes this combat
        f = ctx.st.top
        hb = sum(u[2] for u in f.used if isinstance(u, tuple) and len(u) == 4 and u[0] == "hand_bonus" and u[1] == m)
        if hb:
            desc = desc._replace(amount=desc.amount + hb)
    if desc is not None and ("hand_only", f.round) in f.used and not _is_hand_strike(desc):
        raise Illegal("strike", "only hand strikes can be used this round")
    if any(x.kind == "forbid_all_strikes" and x.minion == m for x in f.mods):
        raise Illegal("strike", f"{ctx.name(m)} cannot strike this round")
    if desc is not None and desc.kind in ("dodge", "combat_ends") and \
            any(x.kind == "forbid_" + desc.kind and x.minion == m for x in f.mods):
        raise Illegal("strike", f"{ctx.name(m)} cannot strike: {desc.kind.replace('_', ' ')} this round")
    if cmd.target is not None and desc.kind != "burn_card" and chosen_weapon is None:
        other = f.b if m == f.a else f.a
        t = flow.ref(ctx, cmd.seat, cmd.target)
        tc = ctx.st.cards[t]
        if t != other:
            if not (tc.region == "attached" and tc.host == other and "Retainer" in ctx.cdef(t).types):
                raise Illegal("strike", f"a strike targets the opposing minion or one of its retainers; "
                                        f"{ctx.name(t)} is neither")
            if f.range != "long":
                raise Illegal("strike", "a strike can target a retainer only at long range")
            if not (desc.kind == "damage" and desc.ranged):
                raise Illegal("strike", "only a ranged strike can target a retainer")
            desc = desc._replace(target=t)
    if (why := effects_minion.strike_refusal(ctx, m, desc)):   # "cannot strike: combat ends" (Dog Pack)
        raise Illegal("strike", why)
    if ("choose_after", m, f.round) in f.used and (f.b if m == f.a else f.a) not in f.struck \
            and not any(x[0] == (f.b if m == f.a else f.a) for x in f.committed):     # Rapid Thought
        raise Illegal("strike", f"the opposing minion chooses its strike before {ctx.name(m)} this round")
    mw = next((u[2] for u in f.used if isinstance(u, tuple) and len(u) == 4 and u[0] == "must_strike_with" and u[1] == m
               and u[3] == f.round), None)
    if mw is not None and not f.extra_phase and desc.source != mw:        # Joumlon's Axe after its cancel
        raise Illegal("strike", f"{poss(ctx.name(m))} initial strike this round must be with {ctx.name(mw)}")
    if f.extra_phase and ("no_strike_after", m, f.round) in f.used:      # Pounce: no more strikes this round
        raise Illegal("strike", f"{ctx.name(m)} cannot strike for the remainder of this round")
    if not f.extra_phase and ("no_initial_strike", m, f.round) in f.used:     # Lapse at superior
        raise Illegal("strike", f"{ctx.name(m)} cannot strike during the initial strike step this round")
    if desc.kind not in ("none",) and (why := _troile_refusal(ctx, m, "strike", desc.source)):   # Sword of Troile
        raise Illegal("strike", why)
    _strike_toll(ctx, ctx.st.top, m, desc)
    f = ctx.st.top
    aim = _open_aim(f, m)
    if aim is not None:         # the aim played as this strike was chosen goes with it
        if aim[7] and desc.kind in ("damage", "hand_plus", "strength_plus"):
            desc = desc._replace(amount=desc.amount + aim[7])       # Target Head: +2 damage
        if aim[5] == "retainer" and aim[8]:         # Target Retainer: the strike goes to the retainer named
            other_ = f.b if m == f.a else f.a
            t_ = next((a for a in ctx.st.attached.get(other_, ()) if "Retainer" in ctx.cdef(a).types
                       and ctx.name(a).lower() == aim[8].lower()), None)
            if t_ is None:
                raise Illegal("strike", f"{ctx.name(other_)} has no retainer {aim[8]!r} to aim at")
            if desc.kind in ("damage", "hand_plus", "strength_plus"):
                desc = desc._replace(target=t_)
        f = f._replace(used=f.used | {("aim_on", aim[2]), ("aim_via", aim[2], desc.source)})
    f = f._replace(strikes=f.strikes + ((m, desc),), struck=f.struck | {m})
    _set_combat(ctx, f)
    ctx.emit("strike", f"{ctx.name(m)} strikes: {desc.label}" + (f" ({desc.amount}{'R' if desc.ranged else ''})"
                                                                    if desc.kind == "damage" else "") + ".")
    _maybe_all_struck(ctx)


def on_pass(ctx: Ctx, seat: int) -> None:
    """In the strike step a combatant whose controller passes makes no strike."""
    f = ctx.st.top
    if not isinstance(f, CombatFrame) or f.step != "strike":
        return
    newly = {m for m in f.striking if ctx.st.cards[m].controller == seat and m not in f.struck
             and not any(x[0] == m for x in f.committed)
             and not (("choose_after", m, f.round) in f.used and (f.b if m == f.a else f.a) not in f.struck)
             and _open_aim(f, m) is None}       # (an aim played: its minion still chooses its strike)
    declined = {("aim_declined", u[2]) for u in f.used if isinstance(u, tuple) and len(u) == 9 and u[0] == "aim"
                and ctx.st.cards[f.b if u[1] == f.a else f.a].controller == seat}
    if newly or declined - f.used:
        _set_combat(ctx, f._replace(struck=f.struck | newly, used=f.used | declined))


def _maybe_all_struck(ctx: Ctx) -> None:
    f = ctx.st.top
    chosen = f.struck | {x[0] for x in f.committed}
    if f.striking <= chosen and not _aim_pending_cancel(ctx, f):      # (an aim its target may still cancel)
        flow.close_window(ctx)


def _resolve_strikes(ctx: Ctx, f: CombatFrame) -> None:
    """Resolve the chosen strikes: combat ends first of all, then first strikes, then the others together."""
    strikes = dict(f.strikes)
    if not f.extra_phase:
        for m, desc in f.committed:
            if ("no_initial_strike", m, f.round) in f.used:       # Lapse: the strike chosen with a maneuver is lost
                ctx.emit("no_strike", f"{ctx.name(m)} cannot strike during the initial strike step this round.")
                continue
            if ("hand_only", f.round) in f.used and not _is_hand_strike(desc):
                ctx.emit("no_strike", f"{poss(ctx.name(m))} strike with {desc.label} cannot be used this round: "
                                      "no strike.")
                continue
            strikes.setdefault(m, desc)
    f = f._replace(committed=())
    _set_combat(ctx, f)
    a, b = f.a, f.b
    from vtes_desktop.engine.effects_master import strikes_chosen

    strikes_chosen(ctx, f, strikes)   # Creep Show: the opposing minion dodges or ends combat as a strike
    for m, s_ in strikes.items():
        if s_.unlock and _ready(ctx, m):
            ctx.update(m, locked=False)
            ctx.emit("unlocked", f"{ctx.name(m)} unlocks.", cards=(m,))
    if any(s_.kind == "combat_ends" for s_ in strikes.values()):
        for m_, s_ in strikes.items():
            other_ = f.b if m_ == f.a else f.a
            if s_.kind == "combat_ends" and s_.unlock_other and ctx.st.cards[other_].locked \
                    and ctx.st.cards[other_].region == "ready":
                ctx.update(other_, locked=False)
                ctx.emit("unlocked", f"{ctx.name(other_)} unlocks ({s_.label}).", cards=(other_,))
            for r in s_.after if s_.kind == "combat_ends" else ():
                f = f._replace(used=f.used | {("after_combat", m_, other_) + tuple(r)})
            if s_.kind == "combat_ends" and s_.opp_gains and ctx.is_vampire(ctx.st.cards[other_]):
                before_ = ctx.st.cards[other_].counters
                ctx.set_blood(other_, before_ + s_.opp_gains)
                ctx.emit("gain", f"{ctx.name(other_)} gains {ctx.st.cards[other_].counters - before_} blood "
                                 f"({s_.label}).", cards=(other_,))
        ctx.emit("combat_ends", "Combat ends.")
        _set_combat(ctx, f._replace(ended=True, step="end_of_round", imp=f.imp._replace(at=0, passes=0), strikes=()))
        from vtes_desktop.engine.effects_attached import strikes_resolved

        strikes_resolved(ctx, {m_: s_ for m_, s_ in strikes.items() if s_.kind == "combat_ends"},   # Morphean Blow
                         {m_ for m_, s_ in strikes.items() if s_.kind == "dodge" or s_.also_dodge})
        return
    for m_, s_ in list(strikes.items()):      # Backstab, Silence of Death
        if ("first_strike_next", m_, f.round) in f.used and not f.extra_phase and not s_.first \
                and s_.kind not in ("dodge", "combat_ends"):        # Forearm Block: this round's initial strike
            strikes[m_] = s_ = s_._replace(first=True)
        for x in f.mods:
            if x.kind == "first_strike" and x.minion == m_ and not s_.first and s_.kind not in ("dodge", "combat_ends") \
                    and (x.amount == 3 or (x.amount == 1 and not f.extra_phase) or (x.amount == 2 and (_is_hand_strike(s_) or (
                        s_.source is not None and s_.source in ctx.st.cards
                        and "melee weapon" in ctx.rules(s_.source).keywords)))):
                strikes[m_] = s_._replace(first=True)
    dodging = {m for m, s_ in strikes.items() if s_.kind == "dodge" or s_.also_dodge}
    firsts = {m: s_ for m, s_ in strikes.items() if s_.first}
    now = strikes
    later: tuple = ()
    if firsts and len(firsts) < len([m for m, s_ in strikes.items() if s_.kind not in ("dodge",)]):
        now = dict(firsts)
        later = tuple((m, s_) for m, s_ in strikes.items() if m not in firsts)
    _set_combat(ctx, f._replace(strikes=(), pending=later))
    _apply_strikes(ctx, now, dodging, normal=not f.extra_phase and not later)


def _apply_strikes(ctx: Ctx, strikes: dict, dodging: set, normal: bool = False) -> None:
    """Resolve *strikes* together; *normal*: this is the round's normal strike resolution, when damage that
    an effect inflicts "each round during normal strike resolution" (Carrion Crows) comes too."""
    f = combat_frame(ctx.st)
    hits = []
    ready = {m: _ready(ctx, m) for m in strikes}   # strikes resolve together: who could strike is fixed now
    for me, s_ in strikes.items():
        other = f.b if me == f.a else f.a
        if s_.burn_life and ready[me] and other not in dodging:     # Argent Baton: life burned, not damage
            oc_ = ctx.st.cards[other]
            n_ = min(s_.burn_life, oc_.counters)
            ctx.update(other, counters=oc_.counters - n_)
            ctx.emit("burned_blood", f"{ctx.name(other)} burns {n_} life ({s_.label}).", cards=(other,))
            if ctx.st.cards[other].counters == 0 and not ctx.is_vampire(oc_):
                ctx.burn(other, "no life left")
        if s_.kind in ("dodge", "none") or not ready[me]:
            continue
        if s_.source is not None and ("burn_after_strike", s_.source) in f.used:   # Dragon's Breath Rounds
            cfb = combat_frame(ctx.st)
            _set_combat(ctx, cfb._replace(used=cfb.used | {("burn_after_use", s_.source)}))
        if s_.self_damage and (not s_.self_damage[2] or f.range == "close"):
            n_, aggr_ = s_.self_damage[0], s_.self_damage[1]
            hits.append(Hit(me, 0 if aggr_ else n_, n_ if aggr_ else 0, source=None, via=s_.source))
        if s_.burn_electronic:          # Smite: even if dodged
            for host in (me, other):
                for a in list(ctx.st.attached.get(host, ())):
                    if "electronic" in {k_.lower() for k_ in ctx.rules(a).keywords} and effects_combat.is_equipment(ctx, a):
                        ctx.burn(a, f"burned by {s_.label}")
                        ctx.emit("burned", f"{ctx.name(a)} is burned ({s_.label}).")
        if s_.retainers_damage:         # Body of Sun: the retainers of both combatants (the opposing ones unless dodged)
            for host in (me,) if other in dodging else (me, other):
                for r_ in ctx.st.attached.get(host, ()):
                    if "Retainer" in ctx.cdef(r_).types:
                        hits.append(Hit(r_, 0, s_.retainers_damage, source=None, via=s_.source))
        undodgeable = s_.undodgeable or any(x.kind == "undodgeable_round" and x.minion == me for x in f.mods)
        if other in dodging and not undodgeable and (s_.target is None or (s_.kind in ("burn_card", "steal_card")
                                                       and "Equipment" in ctx.cdef(s_.target).types)):
            if s_.dodged_penalty:       # Pounce dodged: damage on the striker, a press for the opposing minion
                hits.append(Hit(me, s_.dodged_penalty, 0, source=None, via=s_.source))
                cfp = combat_frame(ctx.st)
                _set_combat(ctx, cfp._replace(granted=cfp.granted + ((other, "press", 1),)))
                ctx.emit("granted", f"{ctx.name(other)} dodged {s_.label}: it gets an optional press.")
            continue    # a dodge protects the minion (and what it carries), not its retainers
        if s_.source is not None and f.range == "close" and s_.source in ctx.st.cards \
                and ("press_continue_after_close_strike_once",) in effects_combat.card_readings(ctx, s_.source) \
                and ("hook_press", s_.source) not in combat_frame(ctx.st).used:      # Meat Hook: once each combat
            cfh = combat_frame(ctx.st)
            _set_combat(ctx, cfh._replace(used=cfh.used | {("hook_press", s_.source)},
                                          granted=cfh.granted + ((me, "press_continue", 1),)))
            ctx.emit("granted", f"{ctx.name(me)} gets an optional press to continue ({ctx.name(s_.source)}).")
        if s_.source is not None and s_.source != me:
            src = ctx.st.cards[s_.source]
            if src.region in ("ash_heap", "removed") or (src.region == "attached" and src.host != me):
                if "Equipment" in ctx.cdef(s_.source).types:
                    ctx.emit("no_strike", f"{ctx.name(me)} has lost {ctx.name(s_.source)}: no strike.")
                    continue
        ranged_ok = s_.ranged or s_.kind in ("equipment",)
        if f.range == "long" and not ranged_ok:
            continue
        target = s_.target or other
        if _is_hand_strike(s_):     # Shoulder Drop's condition; Basilisk's Touch: which hits are hand strikes'
            cfh = combat_frame(ctx.st)
            _set_combat(ctx, cfh._replace(used=cfh.used | {("hand_struck", me, f.round), ("hand_via", me, f.round,
                                                                                           s_.source)}))
        if _is_hand_strike(s_) and not s_.aggravated and _hand_aggravated(f, me):
            s_ = s_._replace(aggravated=True)
        if not s_.aggravated and s_.kind in ("damage", "hand_plus", "strength_plus") and (
                _is_hand_strike(s_) or (s_.source is not None and s_.source in ctx.st.cards
                                        and "melee weapon" in ctx.rules(s_.source).keywords)):
            s_ = _blood_agony(ctx, me, s_)
        if s_.kind == "damage" and s_.source is not None and any(
                isinstance(u, tuple) and u[0] == "ammo_bonus" for u in f.used):
            s_ = s_._replace(amount=max(0, s_.amount + _ammo_bonus(ctx, f, s_.source)))
        agg_ = sum(u[2] for u in f.used if isinstance(u, tuple) and len(u) == 3 and u[0] == "ammo_agg"
                   and u[1] == s_.source) if s_.kind == "damage" and s_.source is not None else 0
        wb = sum(u[3] for u in f.used if isinstance(u, tuple) and len(u) == 4 and u[0] == "weapon_bonus"
                 and u[1] == s_.source and u[2] == f.round) if s_.source is not None else 0
        if s_.source is not None and s_.kind in ("damage", "strength_plus", "hand_plus"):  # Sword of the Righteous
            wb += sum(u[3] for u in f.used if isinstance(u, tuple) and len(u) == 4 and u[0] == "weapon_bonus_combat"
                      and u[1] == me and u[2] == s_.source)
            if ("weapon_agg_combat", me, s_.source) in f.used:
                s_ = s_._replace(aggravated=True)
        if s_.source is not None and s_.source in ctx.st.cards and ctx.st.cards[s_.source].region == "attached" \
                and ("damage_per_counter",) in effects_combat.card_readings(ctx, s_.source):
            wb += ctx.st.cards[s_.source].counters        # The Crimson Sentinel: +1 per soul counter
        if wb and s_.kind in ("damage", "strength_plus", "hand_plus"):     # Strike at the True Flesh at superior
            s_ = s_._replace(amount=s_.amount + wb)
        if s_.source is not None and s_.source in ctx.st.cards and not s_.aggravated and any(
                r[0] == "aggravated_vs_clan" and set(r[1:]) & {c_.lower() for c_ in ctx.cdef(other).clans}
                for r in effects_combat.card_readings(ctx, s_.source)):     # Poker, Joumlon's Axe: on a Kiasyd
            s_ = s_._replace(aggravated=True)
        if s_.source is not None and ("talons", s_.source, f.round) in f.used:    # Baal's Bloody Talons
            s_ = s_._replace(aggravated=True)
            agg_ += sum(u[3] for u in f.used if isinstance(u, tuple) and len(u) == 4 and u[0] == "talons_bonus"
                        and u[1] == s_.source and u[2] == f.round)
        if s_.never_aggravated:         # Psychic Assault: its damage stays normal
            s_, agg_ = s_._replace(aggravated=False, amount=s_.amount + agg_), 0
        if s_.kind == "damage" and s_.amount + agg_ > 0:     # (agg_: Dragon's Breath Rounds, aggravated on top)
            hits.append(Hit(target, 0 if s_.aggravated else s_.amount, (s_.amount if s_.aggravated else 0) + agg_,
                            source=me, via=s_.source, unpreventable=s_.unpreventable))
        elif s_.kind in ("hand_plus", "strength_plus"):
            n = strength(ctx, me, f) + s_.amount
            if s_.cap is not None:
                n = min(n, s_.cap)
            if s_.kind == "strength_plus" and s_.source is not None:
                _wear(ctx, s_.source, n)
                if s_.source in ctx.st.cards and any(r[0] == "weapon_hurts_bearer_once"
                                                     for r in effects_combat.card_readings(ctx, s_.source)):
                    cfg = combat_frame(ctx.st)
                    if ("hurts_bearer", s_.source) not in cfg.used:
                        _set_combat(ctx, cfg._replace(used=cfg.used | {("hurts_bearer", s_.source)}))
                        hits.append(Hit(me, 1, 0, source=None, via=s_.source))
            if n > 0 or agg_ or s_.cap != 0:     # (Autonomic Mastery: a hand strike whose damage is reduced to zero)
                hits.append(Hit(target, 0 if s_.aggravated else n, (n if s_.aggravated else 0) + agg_, source=me,
                                via=s_.source))     # (agg_: Baal's Bloody Talons' +1 aggravated at superior)
        elif s_.kind == "steal_blood":
            oc = ctx.st.cards[other]
            take = min(s_.amount, oc.counters)
            ctx.update(other, counters=oc.counters - take)
            ctx.set_blood(me, ctx.st.cards[me].counters + take)
            ctx.emit("steal", f"{ctx.name(me)} steals {take} blood from {ctx.name(other)}.")
            if take and ctx.st.cards[other].counters == 0 and not ctx.is_vampire(oc):
                if "Imbued" in ctx.cdef(other).types:
                    ctx.move(other, "incapacitated", seat=oc.controller, counters=0)
                else:
                    ctx.burn(other, "no life left")
        elif s_.kind == "burn_ally":
            if "Ally" in ctx.cdef(other).types and ctx.st.cards[other].region == "ready":
                ctx.burn(other, f"burned by {s_.label}")
                ctx.emit("burned", f"{ctx.name(other)} is burned ({s_.label}).")
        elif s_.kind == "torpor":
            oc = ctx.st.cards[other]
            if ctx.is_vampire(oc) and oc.region == "ready":
                ctx.move(other, "torpor", seat=oc.controller, counters=oc.counters, locked=oc.locked, wounded=False)
                ctx.emit("torpor", f"{ctx.name(other)} goes to torpor ({s_.label}).", cards=(other,))
                cft = combat_frame(ctx.st)
                _set_combat(ctx, cft._replace(used=cft.used | {("went_torpor", other)}))
                if s_.skip_unlock:
                    ctx.st.skip_unlock = ctx.st.skip_unlock | {other}
                    ctx.emit("no_unlock", f"{ctx.name(other)} will not unlock during its next unlock phase.")
        elif s_.kind == "steal_card":      # Kaymakli Fragment: the strike steals it
            tc = ctx.st.cards.get(s_.target) if s_.target is not None else None
            if tc is not None and tc.region == "attached" and tc.host == other:
                ctx.move(s_.target, "attached", host=me)
                ctx.emit("steal", f"{ctx.name(me)} steals {ctx.name(s_.target)}.")
        elif s_.kind == "burn_card":
            tc = ctx.st.cards.get(s_.target) if s_.target is not None else None
            if tc is not None and tc.region == "attached" and tc.host == other:
                ctx.burn(s_.target, f"burned by {s_.label}")
                ctx.emit("burned", f"{ctx.name(me)} burns {ctx.name(s_.target)} with {s_.label}.")
                oc_ = ctx.st.cards[other]
                if ctx.is_vampire(oc_) and oc_.counters > ctx.capacity(oc_):     # (a master Discipline card's
                    ctx.update(other, counters=ctx.capacity(oc_))                # capacity: excess blood removed)
                    ctx.emit("burned_blood", f"{ctx.name(other)} burns its blood above its capacity.")
            if s_.amount > 0 and (s_.ranged or f.range == "close"):     # Weakness at superior: 1 damage as well
                hits.append(Hit(other, s_.amount, 0, source=me, via=s_.source))
        elif s_.kind == "equipment":
            eq = [a for a in ctx.st.attached.get(other, ()) if effects_combat.is_equipment(ctx, a)]
            if eq:
                if s_.equipment == "steal":
                    ctx.move(eq[0], "attached", host=me)
                    ctx.emit("steal", f"{ctx.name(me)} steals {ctx.name(eq[0])}.")
                    cf0 = combat_frame(ctx.st)
                    _set_combat(ctx, cf0._replace(used=cf0.used | {(eq[0], "stolen", cf0.round)}))
                else:
                    ctx.burn(eq[0], "destroyed by a strike")
            if s_.amount > 0 and (s_.ranged or f.range == "close"):     # Fractured Armament: with 1 damage
                hits.append(Hit(target, s_.amount, 0, source=me, via=s_.source))
    if normal:
        hits += _environmental_hits(ctx, combat_frame(ctx.st))
        hits += effects_minion.strike_resolution_hits(ctx, combat_frame(ctx.st))   # Gianna di Canneto
    if f.range == "long":        # Improvised Flamethrower: hit at long range, even if prevented
        for h in list(hits):
            if h.source is None or h.source == h.target:
                continue
            for a in list(ctx.st.attached.get(h.target, ())):
                rd = effects_combat.card_readings(ctx, a) if "Equipment" in ctx.cdef(a).types else []
                bl = next((r for r in rd if r[0] == "burns_if_hit_at_long"), None)
                if bl is not None:
                    ctx.burn(a, "hit at long range")
                    ctx.emit("burned", f"{ctx.name(a)} is burned: its bearer was hit at long range.")
                    hits.append(Hit(h.target, 0, bl[1], source=None, via=None))
    if any(s_.end_after and ready[me_] and not (s_.end_unless_dodged and (f.b if me_ == f.a else f.a) in dodging)
           for me_, s_ in strikes.items()):
        cfe = combat_frame(ctx.st)
        _set_combat(ctx, cfe._replace(used=cfe.used | {("end_after_strike", cfe.round)}))
    hits = _reflect_hand_damage(ctx, strikes, hits)
    if any(isinstance(u, tuple) and u[0] == "fb_prevent" for u in combat_frame(ctx.st).used):
        hits = _forearm_block(ctx, strikes, hits)
    from vtes_desktop.engine.effects_attached import strikes_resolved

    strikes_resolved(ctx, strikes, dodging)   # strike cards that go on the opposing minion (Fleshcraft)
    for s_ in strikes.values():   # a strike card held aside since its maneuver has now been used
        if s_.source is not None and ctx.st.cards[s_.source].region == "aside":
            ctx.move(s_.source, "ash_heap")
    cfo = combat_frame(ctx.st)
    for me_, s_ in strikes.items():     # Kerrie, Dagger: out of play after their ranged strike, until the action ends
        if s_.source is not None and ("out_after_strike", s_.source) in cfo.used:
            _out_of_play_until_action_end(ctx, s_.source, me_)
    cf = combat_frame(ctx.st)
    _set_combat(ctx, cf._replace(step="strike_resolved", imp=cf.imp._replace(at=0, passes=0)))
    if hits:
        open_damage(ctx, tuple(hits))
    else:
        after_strike_damage(ctx)


def _environmental_hits(ctx: Ctx, f: CombatFrame) -> list[Hit]:
    """Environmental damage each round at normal strike resolution (not a strike: no dodge stops it, and
    it reaches any range)."""
    out = []
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 5 and x[0] == "env"):
        _, owner, n, aggravated, card = u
        target = f.b if owner == f.a else f.a
        if _ready(ctx, target) and n > 0:
            out.append(Hit(target, 0 if aggravated else n, n if aggravated else 0, source=None, via=card))
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 5 and x[0] == "env_round"):
        _, owner, n, rnd, card = u    # Thoughts Betrayed: this round only
        target = f.b if owner == f.a else f.a
        if rnd == f.round and _ready(ctx, target) and n > 0:
            out.append(Hit(target, n, 0, source=None, via=card))
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 4 and x[0] == "retainer_env"):
        _, owner, n, ret = u      # Bestial Vengeance: while the chosen retainer is ready
        target = f.b if owner == f.a else f.a
        rc = ctx.st.cards.get(ret)
        if rc is not None and rc.region == "attached" and rc.host == owner and not rc.locked and _ready(ctx, target):
            out.append(Hit(target, n, 0, source=None, via=ret))
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 4 and x[0] == "env_close"):
        _, owner, n, card = u     # Groaning Corpse: at close range only
        target = f.b if owner == f.a else f.a
        if _ready(ctx, target) and n > 0 and f.range == "close":
            out.append(Hit(target, n, 0, source=None, via=card))
    for owner in (f.a, f.b):     # retainers that inflict damage each round (not strikes: no dodge stops them)
        target = f.b if owner == f.a else f.a
        for r_iid in ctx.st.attached.get(owner, ()):
            if "Retainer" not in ctx.cdef(r_iid).types:
                continue
            rd = effects_combat.card_readings(ctx, r_iid)
            for r in rd:
                if r[0] != "retainer_damage_each_round":
                    continue
                n = next((x[1] for x in rd if x[0] == "retainer_damage_amount"), r[1])
                if (r[3] or not r[2]) and f.range != "close":
                    continue
                if len(r) > 4 and r[4] == "acting":      # Elephant Guardian: only against the acting minion
                    act = next((x for x in reversed(ctx.st.frames) if isinstance(x, ActionFrame)), None)
                    if act is None or act.actor != target:
                        continue
                if _ready(ctx, target) and n > 0:
                    out.append(Hit(target, n, 0, source=r_iid, via=r_iid))
    return out


def after_strike_damage(ctx: Ctx) -> None:
    """The damage of a strike is handled: a pending normal strike resolves, or the round goes on."""
    cf = combat_frame(ctx.st)
    if cf is None or cf.step != "strike_resolved":
        return
    if ("end_after_strike", cf.round) in cf.used and not cf.ended:
        ctx.emit("combat_ends", "Combat ends after the resolution of that strike.")
        cf = cf._replace(ended=True, pending=())
    if cf.ended or not _ready(ctx, cf.a) or not _ready(ctx, cf.b):
        _set_combat(ctx, cf._replace(ended=True, step="end_of_round", imp=cf.imp._replace(at=0, passes=0),
                                     pending=()))
        return
    if cf.pending:
        later = dict(cf.pending)
        _set_combat(ctx, cf._replace(pending=()))
        _apply_strikes(ctx, later, set(), normal=not cf.extra_phase)
        return
    if cf.extra_phase:
        _next_extra_or_press(ctx, cf)
    else:
        _goto(ctx, cf, "additional_strikes")


def _wear(ctx: Ctx, weapon: int, n: int) -> None:
    """Weighted Walking Stick: 1 counter burned for each damage its strike inflicts (even if prevented); burned
    when none is left."""
    rd = effects_combat.card_readings(ctx, weapon)
    if ("weapon_wears",) not in rd:
        return
    c = ctx.st.cards[weapon]
    left = max(0, c.counters - n)
    ctx.update(weapon, counters=left)
    if left == 0 and ("burn_without_counters",) in rd:
        ctx.burn(weapon, "no counters left")
        ctx.emit("burned", f"{ctx.name(weapon)} has no counters left and is burned.")


def _hand_aggravated(f: CombatFrame, m: int) -> bool:
    return ("hand_aggravated", m) in f.used or any(x.kind == "hand_aggravated" and x.minion == m for x in f.mods)


def _is_hand_strike(desc: StrikeDesc) -> bool:
    return desc.kind == "hand_plus" or desc.label == "hand strike"


def _blood_agony(ctx: Ctx, m: int, s_: StrikeDesc) -> StrikeDesc:
    """Blood Agony: the damage of *m*'s hand or melee weapon strike is aggravated, its next one only (the first such
    strike that resolves uses it up) or at superior all of them this combat."""
    cf = combat_frame(ctx.st)
    if ("hm_agg", m) in cf.used:
        return s_._replace(aggravated=True)
    nxt = next((u for u in sorted(cf.used, key=str) if isinstance(u, tuple) and len(u) == 3 and u[0] == "hm_agg_next"
                and u[1] == m and ("hm_agg_spent", u[2]) not in cf.used), None)
    if nxt is None:
        return s_
    _set_combat(ctx, cf._replace(used=cf.used | {("hm_agg_spent", nxt[2])}))
    return s_._replace(aggravated=True)


def _weather(ctx: Ctx, f: CombatFrame) -> None:
    """Weather Control: before range is determined each round, both combatants and each retainer on them take the
    unpreventable environmental damage (at superior, 1 more each round after the first)."""
    hits = []
    for u in sorted(x for x in f.used if isinstance(x, tuple) and len(x) == 5 and x[0] == "weather"):
        _, iid, n, growing, first = u
        n = n + (f.round - first if growing else 0)
        for m in (f.a, f.b):
            if not _ready(ctx, m):
                continue
            hits.append(Hit(m, n, 0, source=None, via=iid, unpreventable=True))
            for r in ctx.st.attached.get(m, ()):
                if "Retainer" in ctx.cdef(r).types:
                    hits.append(Hit(r, n, 0, source=None, via=iid, unpreventable=True))
    if hits:
        ctx.emit("effect", "Both combatants and their retainers take environmental damage before range is "
                           "determined (Weather Control).")
        open_damage(ctx, tuple(hits))


def _combat_maneuvers_left(f: CombatFrame, m: int) -> int:
    got = sum(u[2] for u in f.used if isinstance(u, tuple) and len(u) == 4 and u[0] == "combat_maneuvers" and u[1] == m)
    if not got:
        return 0
    return got - sum(1 for u in f.used if isinstance(u, tuple) and len(u) == 3 and u[0] == "combat_maneuver_used"
                     and u[1] == m)


def _has_pair(ctx: Ctx, m: int, iid: int) -> bool:
    name = ctx.cdef(iid).name
    return any(a != iid and ctx.cdef(a).name == name for a in ctx.st.attached.get(m, ()))


def _faithful(ctx: Ctx, m: int) -> bool:
    """A minion with True Faith, or an imbued (The Crusader Sword)."""
    d = ctx.cdef(m)
    return "Imbued" in d.types or "true faith" in (d.text or "").lower()


def _crusader_refusal(ctx: Ctx, f: CombatFrame, m: int) -> str | None:
    """The Crusader Sword on a minion with True Faith or an imbued: opposing vampires cannot maneuver to close range."""
    other = f.b if m == f.a else f.a
    if f.range != "long" or not ctx.is_vampire(ctx.st.cards[m]) or not _faithful(ctx, other):
        return None
    for a in ctx.st.attached.get(other, ()):
        if ("faithful_bearer_keeps_long",) in effects_combat.card_readings(ctx, a):
            return f"{ctx.name(m)} cannot maneuver to close range against {ctx.name(other)} ({ctx.name(a)})"
    return None


def _would_go_to_torpor(ctx: Ctx, m: int, f: DamageFrame) -> bool:
    """Undying Tenacity: the damage now being resolved (less what is already prevented) would send *m* to torpor."""
    c = ctx.st.cards[m]
    if not ctx.is_vampire(c) or c.region != "ready":
        return False
    normal = sum(h.normal - h.prevented_normal for h in f.hits if h.target == m)
    aggravated = sum(h.aggravated - h.prevented_aggravated for h in f.hits if h.target == m)
    return aggravated > 0 or normal > c.counters or (c.wounded and normal > 0)


def _rigor_cancel(ctx: Ctx, cmd: C.Use, m: int) -> None:
    """Rigor Mortis at superior: once each round this combat, the maneuver the opposing minion just used is canceled
    (the range goes back; a strike chosen with it stays chosen)."""
    f = ctx.st.top
    if not isinstance(f, CombatFrame) or m not in (f.a, f.b) or ("rigor", m) not in f.used:
        raise Illegal("use", f"{ctx.name(m)} has no maneuver to cancel (superior Rigor Mortis this combat)")
    other = f.b if m == f.a else f.a
    if f.step != "range" or f.last_maneuver != other:
        raise Illegal("timing", f"a maneuver of {ctx.name(other)} is canceled just after it is used")
    if ("rigor_used", m, f.round) in f.used:
        raise Illegal("use", f"{ctx.name(m)} has already canceled a maneuver this round")
    back = "long" if f.range == "close" else "close"
    _set_combat(ctx, f._replace(range=back, last_maneuver=None, used=f.used | {("rigor_used", m, f.round)}))
    ctx.emit("maneuver", f"{ctx.name(m)} cancels the maneuver of {ctx.name(other)} (Rigor Mortis): the range is "
                         f"{back} again.")


_OUT_UNTIL_ACTION_END = "out of play until the end of the action"


def _out_of_play_until_action_end(ctx: Ctx, w: int, bearer: int) -> None:
    """Kerrie, Dagger: after its ranged strike resolves the weapon is out of play (aside) until the action ends."""
    cf = combat_frame(ctx.st)
    _set_combat(ctx, cf._replace(used=cf.used - {("out_after_strike", w)}))
    if ctx.st.cards[w].region != "attached":
        return
    ctx.move(w, "aside")
    ctx.st.marks = ctx.st.marks | {(w, _OUT_UNTIL_ACTION_END, bearer)}
    ctx.emit("out_of_play", f"{ctx.name(w)} is out of play until the end of the action.", cards=(w,))


def action_over(ctx: Ctx) -> None:
    """The action is over (rules_action): weapons put out of play until then go back to their bearer (burned if it is
    no longer in play)."""
    st = ctx.st
    if not st.marks:
        return
    for mk in [x for x in st.marks if len(x) == 3 and x[1] == _OUT_UNTIL_ACTION_END]:
        st.marks = st.marks - {mk}
        w, bearer = mk[0], mk[2]
        if w not in st.cards or st.cards[w].region != "aside":
            continue
        if bearer in st.cards and st.cards[bearer].region in ("ready", "torpor"):
            ctx.move(w, "attached", host=bearer)
            ctx.emit("equip", f"{ctx.name(w)} is back in play on {ctx.name(bearer)}.", cards=(bearer, w))
        else:
            ctx.move(w, "ash_heap")


def _lock_aye_for_action(ctx: Ctx, m: int, choice: str | None, name: str) -> None:
    """Jua Vema at superior: with choice 'aye', an unlocked Aye on its vampire is locked and aggravated damage counts as
    normal for it for the rest of the combat (the action's combat); without it, only this round."""
    if (choice or "").strip().lower() != "aye":
        return
    aye = next((a for a in ctx.st.attached.get(m, ()) if ctx.cdef(a).name == "Aye" and not ctx.st.cards[a].locked),
               None)
    if aye is None:
        raise Illegal("requirements", f"{name}: {ctx.name(m)} has no unlocked Aye to lock")
    ctx.update(aye, locked=True)
    f = combat_frame(ctx.st)
    _set_combat(ctx, f._replace(used=f.used | {("agg_as_normal_action", m)}))
    ctx.emit("effect", f"{ctx.name(m)} locks an Aye: for the rest of the action it treats aggravated damage as normal "
                       f"damage ({name}).", cards=(m,))


def _chosen_opposing_weapon(ctx: Ctx, cmd, m: int, f: CombatFrame, name: str) -> int:
    """The weapon of the opposing minion a strike card chooses (the strike's target; needed if it has several)."""
    opp = f.b if m == f.a else f.a
    weapons = [a for a in ctx.st.attached.get(opp, ()) if effects_combat.is_equipment(ctx, a)
               and any("weapon" in k or k == "gun" for k in ctx.rules(a).keywords)]
    if cmd.target is None and len(weapons) > 1:
        raise Malformed("target", f"name the weapon of {ctx.name(opp)} that {name} chooses (target)")
    t = flow.ref(ctx, cmd.seat, cmd.target) if cmd.target is not None else (weapons[0] if weapons else None)
    if t is None or t not in weapons:
        raise Illegal("strike", f"{name} chooses a weapon of {ctx.name(opp)}, who has none such")
    return t


def _weapon_damage(ctx: Ctx, w: int, bearer: int) -> int:
    """The damage weapon *w* would inflict as a strike by its bearer (Machine Blitz)."""
    name = ctx.name(w)
    desc = _strike_of_text(ctx.cdef(w).text, w, name)
    if desc is None:
        for r in effects_combat.card_readings(ctx, w):
            if r[0] == "strength_strike":
                desc = StrikeDesc("strength_plus", r[1], source=w, label=name)
    if desc is None:
        rules, c = ctx.rules(w), ctx.st.cards[w]
        mode_ = next((x for x in rules.modes if c.level and x.level == c.level), None) or rules.modes[0]
        desc = _desc_from_effects(mode_, w, name)
    if desc is None:
        return 0
    if desc.kind == "damage":
        return desc.amount
    if desc.kind in ("strength_plus", "hand_plus"):
        return strength(ctx, bearer, combat_frame(ctx.st)) + desc.amount
    return 0


def _forearm_block(ctx: Ctx, strikes: dict, hits: list) -> list:
    """Forearm Block: 2 damage of the opposing minion's next hand strike this round prevented (this resolution's
    included)."""
    cf = combat_frame(ctx.st)
    out = list(hits)
    for u in sorted(x for x in cf.used if isinstance(x, tuple) and len(x) in (4, 5) and x[0] == "fb_prevent"
                    and x[3] == cf.round and ("fb_used", x[1], x[3]) not in cf.used):
        me = u[1]
        other = cf.b if me == cf.a else cf.a
        s_ = strikes.get(other)
        melee = s_ is not None and len(u) == 5 and (u[4] == "any" or (
            s_.source is not None and s_.source in ctx.st.cards and "melee weapon" in ctx.rules(s_.source).keywords))
        if s_ is None or not (_is_hand_strike(s_) or melee):    # (Nightstick: melee weapons too; Stunt Cycle: any)
            continue
        for i, h in enumerate(out):
            if h.target == me and h.source == other and h.via == s_.source and not h.unpreventable:
                left_n, left_a = h.normal - h.prevented_normal, h.aggravated - h.prevented_aggravated
                pn = min(u[2], left_n)
                pa = min(u[2] - pn, left_a)
                out[i] = h._replace(prevented_normal=h.prevented_normal + pn,
                                    prevented_aggravated=h.prevented_aggravated + pa)
                cf = combat_frame(ctx.st)
                _set_combat(ctx, cf._replace(used=cf.used | {("fb_used", me, u[3])}))
                ctx.emit("prevented", f"{ctx.name(me)} prevents {pn + pa} damage.")
                break
    return out


def _reflect_hand_damage(ctx: Ctx, strikes: dict, hits: list) -> list:
    """King of the Mountain at superior: a hand strike's damage on its vampire this round (even if prevented) is
    inflicted on the striker too, as environmental damage at the same strike resolution."""
    cf = combat_frame(ctx.st)
    if not any(isinstance(u, tuple) and u[0] in ("reflect_hand", "reflect_combat") for u in cf.used):
        return hits
    out = list(hits)
    for me, s_ in strikes.items():
        melee = s_.source is not None and s_.source in ctx.st.cards and "melee weapon" in ctx.rules(s_.source).keywords
        if not (_is_hand_strike(s_) or melee):
            continue
        for h in hits:
            card = next((u[2] for u in cf.used if isinstance(u, tuple) and len(u) == 4 and u[0] == "reflect_hand"
                         and u[1] == h.target and u[3] == cf.round and _is_hand_strike(s_)), None) or next(
                (u[2] for u in cf.used if isinstance(u, tuple) and len(u) == 3 and u[0] == "reflect_combat"
                 and u[1] == h.target), None)        # Inflict: hand and melee weapon strikes this combat
            if card is not None and h.source == me and h.via == s_.source and h.target != me:
                out.append(Hit(me, h.normal + h.aggravated, 0, source=None, via=card))
    for h in hits:      # Inflict: a retainer's damage on the imbued is inflicted on that retainer too
        card = next((u[2] for u in cf.used if isinstance(u, tuple) and len(u) == 3 and u[0] == "reflect_combat"
                     and u[1] == h.target), None)
        if card is not None and h.source is None and h.via is not None and h.via in ctx.st.cards \
                and "Retainer" in ctx.cdef(h.via).types and ctx.st.cards[h.via].host not in (h.target, None):
            out.append(Hit(h.via, h.normal + h.aggravated, 0, source=None, via=card))
    return out


def _leg_refusal(ctx: Ctx, f: CombatFrame, m: int, using, seat: int, what: str) -> str | None:
    """Target Leg: maneuvers and presses only from cards requiring Obfuscate, Thaumaturgy or Flight."""
    if ("leg_lock", m) not in f.used:
        return None
    if using is not None:
        u = flow.ref(ctx, seat, using)
        if {"obf", "tha", "flight"} & {d.lower() for d in ctx.rules(u).disciplines}:
            return None
    return f"{ctx.name(m)} may use only {what} requiring Obfuscate, Thaumaturgy or Flight this action (Target Leg)"


def _open_aim(f: CombatFrame, m: int):
    """The aim *m* played for the strike it is choosing now (not yet attached to a strike)."""
    return next((u for u in f.used if isinstance(u, tuple) and len(u) == 9 and u[0] == "aim" and u[1] == m
                 and u[3] == f.round and u[4] == f.extra_phase and ("aim_on", u[2]) not in f.used), None)


def _aim_of_hit(f: CombatFrame, h: Hit):
    """The aim on the strike a hit comes from (attached, not canceled, not yet resolved)."""
    for u in f.used:
        if isinstance(u, tuple) and len(u) == 9 and u[0] == "aim" and u[1] == h.source and u[3] == f.round \
                and ("aim_on", u[2]) in f.used and ("aim_canceled", u[2]) not in f.used \
                and ("aim_done", u[2]) not in f.used \
                and any(isinstance(x, tuple) and len(x) == 3 and x[0] == "aim_via" and x[1] == u[2] and x[2] == h.via
                        for x in f.used):
            return u
    return None


def _aim_hit(ctx: Ctx, u: tuple, target: int, normal: int, aggravated: int) -> tuple[int, int]:
    """An aimed strike's damage was successfully inflicted: the aim's effect (Target Vitals, Leg, Hand, Head)."""
    _, m, iid, rnd, _, kind, _, _, choice = u
    cf = combat_frame(ctx.st)
    add = {("aim_done", iid)}
    name = ctx.name(iid)
    if kind == "vitals":            # +2 damage of the same kind, and no press this round
        if normal:
            normal += 2
        else:
            aggravated += 2
        add.add(("no_press_round", target, rnd))
        ctx.emit("effect", f"{name}: {ctx.name(target)} takes 2 more damage and cannot press this round.")
    elif kind == "leg":             # maneuvers and presses only from cards requiring obf, tha or flight
        add.add(("leg_lock", target))
        ctx.emit("effect", f"{name}: {ctx.name(target)} may use only maneuvers and presses requiring Obfuscate, "
                           "Thaumaturgy or Flight this action.")
    elif kind == "hand":            # -1 strength, and the named weapon destroyed
        add.add(("strength_bonus", target, -1, iid))
        w = next((a for a in ctx.st.attached.get(target, ()) if choice and ctx.name(a).lower() == choice.lower()
                  and effects_combat.is_equipment(ctx, a)), None)
        if w is not None:
            ctx.burn(w, f"destroyed ({name})")
            ctx.emit("burned", f"{ctx.name(w)} is destroyed ({name}).")
        ctx.emit("effect", f"{name}: {ctx.name(target)} gets -1 strength this action.")
    elif kind == "retainer":        # aimed at the opposing minion directly: +1 damage
        if not choice:
            if normal:
                normal += 1
            else:
                aggravated += 1
            ctx.emit("effect", f"{name}: the strike inflicts 1 more damage.")
    elif kind == "head":            # no additional strikes or presses this round; the next round's range
        add |= {("no_extra_round", target, rnd), ("no_press_round", target, rnd)}
        if choice in ("close", "long"):
            add.add(("range_next", rnd + 1, choice))
        ctx.emit("effect", f"{name}: {ctx.name(target)} cannot use additional strikes or presses this round.")
    _set_combat(ctx, cf._replace(used=cf.used | add))
    return normal, aggravated


def discard_to_cancel_aim(ctx: Ctx, cmd) -> bool:
    """The opposing minion's controller discards combat cards (each replaced) to cancel an aim before the aimed strike
    resolves (Target Vitals, Leg, Hand: two; Target Head: one)."""
    cf = combat_frame(ctx.st)
    if cf is None:
        return False
    for u in sorted((x for x in cf.used if isinstance(x, tuple) and len(x) == 9 and x[0] == "aim" and x[6]
                     and x[3] == cf.round and ("aim_canceled", x[2]) not in cf.used and ("aim_done", x[2]) not in cf.used),
                    key=str):
        other = cf.b if u[1] == cf.a else cf.a
        if ctx.st.cards[other].controller != cmd.seat or cf.step not in ("strike",):
            continue
        card = flow.ref(ctx, cmd.seat, cmd.card)
        c = ctx.st.cards[card]
        if c.region != "hand" or c.owner != cmd.seat or "Combat" not in ctx.cdef(card).types:
            raise Illegal("discard", f"{ctx.name(u[2])} is canceled by discarding combat cards from your hand")
        done_ = sum(1 for x in cf.used if isinstance(x, tuple) and len(x) == 3 and x[0] == "aim_discard" and x[1] == u[2])
        ctx.move(card, "ash_heap")
        ctx.emit("discarded", f"{ctx.seat_name(cmd.seat)} discards {ctx.name(card)} against {ctx.name(u[2])}.")
        ctx.draw(cmd.seat, 1)
        cf = combat_frame(ctx.st)
        add = {("aim_discard", u[2], card)}
        if done_ + 1 >= u[6]:
            add.add(("aim_canceled", u[2]))
            ctx.emit("canceled", f"{ctx.name(u[2])} is canceled.")
        _set_combat(ctx, cf._replace(used=cf.used | add))
        return True
    return False


def _aim_pending_cancel(ctx: Ctx, f: CombatFrame) -> bool:
    """An aim whose target's controller could still discard to cancel it: the strike window stays open."""
    for u in f.used:
        if isinstance(u, tuple) and len(u) == 9 and u[0] == "aim" and u[6] and u[3] == f.round \
                and u[4] == f.extra_phase and ("aim_canceled", u[2]) not in f.used \
                and ("aim_declined", u[2]) not in f.used:
            other = f.b if u[1] == f.a else f.a
            seat = ctx.st.cards[other].controller
            have = sum(1 for i in ctx.st.region(seat, "hand") if "Combat" in ctx.cdef(i).types)
            done_ = sum(1 for x in f.used if isinstance(x, tuple) and len(x) == 3 and x[0] == "aim_discard"
                        and x[1] == u[2])
            if have >= u[6] - done_:
                return True
    return False


def _no_extra(f: CombatFrame, m: int) -> bool:
    """*m* cannot use additional strikes: Blight (this combat), Sympathetic Agony at superior (a round in which *m*
    damaged the vampire that played it)."""
    if ("no_extra", m) in f.used or ("no_extra_round", m, f.round) in f.used:
        return True
    other = f.b if m == f.a else f.a
    return ("no_extra_if_hit", other) in f.used and _inflicted(f, m) > 0


def _hit_blocks_press(f: CombatFrame, m: int) -> bool:
    """Sympathetic Agony: *m* damaged the vampire that played it this round; Shoulder Drop: no press this round."""
    other = f.b if m == f.a else f.a
    return (("no_press_if_hit", other) in f.used and _inflicted(f, m) > 0) or ("no_press_round", m, f.round) in f.used


def _strike_toll(ctx: Ctx, f: CombatFrame, m: int, desc: StrikeDesc) -> None:
    """Skin Trap at superior: the opposing minion strikes this round only by burning 1 blood (an ally cannot)."""
    n = sum(x.amount for x in f.mods if x.kind == "strike_toll" and x.minion == m)
    c = ctx.st.cards[m]
    if desc.kind != "none":             # Imprison: strikes other than combat ends; Dam the Heart's River: all
        life = sum(u[2] for u in f.used if isinstance(u, tuple) and len(u) == 3 and u[1] == m and (
            u[0] == "strike_toll_all" or (u[0] == "strike_toll_combat" and desc.kind != "combat_ends")))
        if life:
            if c.counters < life:
                raise Illegal("cost", f"{ctx.name(m)} strikes only by burning {life} blood or life, and has {c.counters}")
            ctx.update(m, counters=c.counters - life)
            ctx.emit("paid", f"{ctx.name(m)} burns {life} blood or life to strike.")
            c = ctx.st.cards[m]
    if not n or desc.kind == "none":
        return
    if not ctx.is_vampire(c):
        raise Illegal("strike", f"{ctx.name(m)} cannot strike this round: only by burning blood, which an ally cannot")
    if c.counters < n:
        raise Illegal("cost", f"{ctx.name(m)} strikes this round only by burning {n} blood, and has {c.counters}")
    ctx.update(m, counters=c.counters - n)
    ctx.emit("paid", f"{ctx.name(m)} burns {n} blood to strike this round.")


def _once_each_combat(text: str, what: str) -> bool:
    """"Once each combat, Flávio can strike: dodge", "may prevent 1 damage each combat"."""
    for sentence in re.split(r"(?<=\.)\s+", text):
        if what.lower() not in ("maneuver", "press"):   # ".44 Magnum: strike: 2R damage, with 1 optional maneuver each
            sentence = re.sub(r"(?i)\b(?:\d+|an?) (?:optional )?(?:maneuvers?|press(?:es)?)"   # combat": the strike is
                              r"(?: or (?:maneuvers?|press(?:es)?))? each combat", "", sentence)   # not once each combat
        if what.lower() in sentence.lower() and re.search(r"(?i)\b(?:once )?each combat\b", sentence):
            return True
    return False


def _clan_maneuver_or_press(ctx: Ctx, f: CombatFrame, m: int, iid: int) -> bool:
    """Ruins of Ceoris: its Tremere antitribu gets an optional maneuver or press each combat (one of the two, once).
    False if the card gives no such thing."""
    r = next((x for x in effects_combat.card_readings(ctx, iid) if x[0] == "clan_maneuver_or_press"), None)
    if r is None:
        return False
    if r[1] not in {c.lower() for c in ctx.cdef(m).clans}:
        raise Illegal("maneuver", f"only a {r[1].title()} gets a maneuver or press from {ctx.name(iid)}")
    if ("maneuver_or_press", iid) in f.used:
        raise Illegal("maneuver", f"{ctx.name(iid)} gives one maneuver or press each combat; it has been used")
    _set_combat(ctx, f._replace(used=f.used | {("maneuver_or_press", iid)}))
    return True


def _grapple_refusal(ctx: Ctx, m: int, rules: CardRules) -> None:
    """Immense Size: the opposing minion cannot play grapple cards this combat; Powder of Rigidity: no cards requiring
    Protean or Vicissitude."""
    f = combat_frame(ctx.st)
    if f is not None and ("no_grapple", m) in f.used and "grapple" in rules.keywords:
        raise Illegal("combat", f"{ctx.name(m)} cannot play grapple cards this combat")
    if f is not None and "frenzy" in rules.keywords and ("frenzy_immune", f.b if m == f.a else f.a) in f.used:
        raise Illegal("combat", f"{ctx.name(f.b if m == f.a else f.a)} is immune to frenzy cards this combat")
    if f is not None:
        for u in f.used:
            if isinstance(u, tuple) and len(u) == 3 and u[0] == "no_discs" and u[1] == m \
                    and set(u[2]) & {d.lower() for d in rules.disciplines}:
                raise Illegal("combat", f"{ctx.name(m)} cannot use cards requiring "
                                        f"{' or '.join('[' + d + ']' for d in u[2])} this combat")


def _paid_grant(ctx: Ctx, seat: int, f: CombatFrame, m: int, what: str, to: str) -> bool:
    """A maneuver or press a card played this round lets its minion buy once with 1 blood (Quick Meld, Dance with
    the Devil: only to get to close range; Lead Fist: a press only to continue combat). False if there is none."""
    mods = [x for x in f.mods if x.minion == m and x.kind.startswith("paid_" + what)]
    if not mods:
        return False
    ok = [x for x in mods if x.kind in ("paid_" + what, f"paid_{what}_{to}")]
    if not ok:
        only = mods[0].kind.rsplit("_", 1)[-1]
        raise Illegal(what, f"the {what} {ctx.name(mods[0].card)} gives is only usable "
                            + ("to get to close range" if only == "close" else "to continue combat"))
    if ctx.st.cards[m].counters < 1:
        raise Illegal("cost", f"{ctx.name(m)} has no blood to burn for the {what} of {ctx.name(ok[0].card)}")
    rest = list(f.mods)
    rest.remove(ok[0])
    _set_combat(ctx, f._replace(mods=tuple(rest)))
    from vtes_desktop.engine.rules_action import _pay

    _pay(ctx, seat, m, 0, 1, ctx.name(ok[0].card))
    return True


def _granted(f: CombatFrame, m: int, what: str) -> int:
    return sum(n for i, w, n in f.granted if i == m and w == what)


def _use_granted(f: CombatFrame, m: int, what: str) -> tuple:
    out = []
    used = False
    for i, w, n in f.granted:
        if not used and i == m and w == what and n > 0:
            n -= 1
            used = True
        out.append((i, w, n))
    return tuple(out)


# -- presses --------------------------------------------------------------------------------------------

def press(ctx: Ctx, cmd: C.Press) -> None:
    f = _need_combat(ctx, "press")
    m = _combatant(ctx, cmd.seat, cmd.minion, f)
    if ctx.st.attached.get(m):
        from vtes_desktop.engine.effects_attached import press_refusal

        if (why := press_refusal(ctx, m)):   # Condemnation: Languid (auto_attached)
            raise Illegal("press", why)
    if _restricted(ctx, m) and cmd.to == "continue":
        raise Illegal("press", f"{ctx.name(m)} cannot press to continue combat this combat")
    if _restricted(ctx, m, True) and cmd.using is not None:
        u = flow.ref(ctx, cmd.seat, cmd.using)
        if ctx.st.cards[u].region == "attached" and "Equipment" in ctx.cdef(u).types:
            raise Illegal("press", f"{ctx.name(m)} cannot use equipment this combat")
    if f.last_press == m:
        raise Illegal("press", f"{ctx.name(m)} made the last press; a minion cannot press twice in a row")
    if cmd.to == "end" and not f.press_continue:
        raise Illegal("press", "there is no press to continue to cancel")
    if cmd.to == "end" and ("no_press_end", m) in f.used:                 # Taming the Beast
        raise Illegal("press", f"{ctx.name(m)} cannot press to end combat this combat")
    if cmd.to == "continue" and ("no_press_continue", m) in f.used:       # Blight
        raise Illegal("press", f"{ctx.name(m)} cannot press to continue combat this combat")
    if _hit_blocks_press(f, m):
        raise Illegal("press", f"{ctx.name(m)} cannot press this round")
    if (why := _leg_refusal(ctx, f, m, cmd.using, cmd.seat, "presses")):
        raise Illegal("press", why)
    if cmd.using is None:
        kind = "press" if _granted(f, m, "press") else "press_end" if cmd.to == "end" and _granted(f, m, "press_end") \
            else "press_continue" if cmd.to == "continue" and _granted(f, m, "press_continue") else None   # Harass
        if kind is None and _granted(f, m, "maneuver_or_press"):     # Mind Tricks: a maneuver or a press
            kind = "maneuver_or_press"
        cp = next((u for u in sorted(f.used, key=str) if isinstance(u, tuple) and len(u) == 3 and u[0] == "combat_press"
                   and u[1] == m and ("combat_press_used", u[2]) not in f.used), None) if kind is None else None
        if cp is not None:      # Form of the Wolf: 1 optional press this combat, in any round
            _set_combat(ctx, f._replace(last_press=m, press_continue=(cmd.to == "continue"),
                                        used=f.used | {("combat_press_used", cp[2])}))
            ctx.emit("press", f"{ctx.name(m)} presses to {'continue' if cmd.to == 'continue' else 'end'} combat.")
            return
        if kind is None and _paid_grant(ctx, cmd.seat, f, m, "press", cmd.to):
            f = combat_frame(ctx.st)
            _set_combat(ctx, f._replace(last_press=m, press_continue=(cmd.to == "continue")))
            ctx.emit("press", f"{ctx.name(m)} presses to {'continue' if cmd.to == 'continue' else 'end'} combat.")
            return
        if kind is None:
            raise Illegal("press", f"{ctx.name(m)} has no press granted" + (
                " that can continue combat" if _granted(f, m, "press_end") else ": name the card that gives one"))
        _set_combat(ctx, f._replace(last_press=m, press_continue=(cmd.to == "continue"),
                                    granted=_use_granted(f, m, kind)))
        ctx.emit("press", f"{ctx.name(m)} presses to {'continue' if cmd.to == 'continue' else 'end'} combat.")
        return
    iid = flow.ref(ctx, cmd.seat, cmd.using)
    from vtes_desktop.engine.effects_master import press_from_master

    if press_from_master(ctx, cmd.seat, m, iid, cmd.to):   # a master card locked (Police Department)
        f = ctx.st.top
        _set_combat(ctx, f._replace(last_press=m, press_continue=(cmd.to == "continue")))
        ctx.emit("press", f"{ctx.name(m)} presses to {'continue' if cmd.to == 'continue' else 'end'} combat.")
        return
    rules = ctx.rules(iid)
    c = ctx.st.cards[iid]
    if c.region == "hand" and c.owner == cmd.seat:
        from vtes_desktop.engine.rules_action import choose_mode, played_from_hand, requirement_refusal

        mode = choose_mode(ctx, rules, cmd.level, ("Combat",), m)
        if not re.search(r"(?i)\bpress\b", mode.text):
            raise Illegal("press", f"{rules.name} gives no press")
        if cmd.to == "continue" and re.search(r"(?i)only usable to end combat", mode.text):
            raise Illegal("press", f"{poss(rules.name)} press is only usable to end combat")
        if cmd.to == "end" and {("press_to", "continue"), ("maneuver_close_or_press_continue",)} & set(
                effects_combat.mode_readings(ctx, rules, mode)):
            raise Illegal("press", f"{poss(rules.name)} press is only usable to continue combat")
        why = requirement_refusal(ctx, iid, rules, mode, m)
        if why:
            raise Illegal("requirements", why)
        _grapple_refusal(ctx, m, rules)
        from vtes_desktop.engine.rules_action import _cost, _pay

        _limit_check(ctx, m, rules, mode)
        pool, blood = _cost(rules, None)
        _pay(ctx, cmd.seat, m, pool, blood + _extra_blood(ctx, m, rules, blood), rules.name,
             conviction=max(0, rules.conviction_cost or 0))     # (an imbued's conviction cost)
        played_from_hand(ctx, cmd.seat, iid, rules)
        for r in effects_combat.mode_readings(ctx, rules, mode):
            if r[0] == "next_round_maneuver":
                f0 = ctx.st.top
                _set_combat(ctx, f0._replace(used=f0.used | {("next_round_grant", m, "maneuver", r[1], f0.round + 1)}))
    elif not (c.region == "attached" and c.host == m) and iid != m:
        raise Illegal("press", f"{ctx.name(iid)} is not a press {ctx.name(m)} can use")
    elif iid == m and (why := effects_minion.press_refusal(ctx, m, cmd.to)):   # "may press to continue combat"
        raise Illegal("press", why)
    else:
        from vtes_desktop.engine.rules_action import effective_text

        text = effective_text(ctx.cdef(iid), c.level) if iid != m else ctx.cdef(iid).text
        if not re.search(r"(?i)\bpress\b", text):
            raise Illegal("press", f"{ctx.name(iid)} gives no press")
        if cmd.to == "end" and iid != m and \
                ("equipment_press_continue_each_combat",) in effects_combat.card_readings(ctx, iid):
            raise Illegal("press", f"{poss(ctx.name(iid))} press is only usable to continue combat")
        if iid != m and ("mandatory_press_continue_first_round",) in effects_combat.card_readings(ctx, iid):
            raise Illegal("press", f"{poss(ctx.name(iid))} press is mandatory: it is used by itself in the first round")
        if iid != m and ("equipment_press_end_first_round",) in effects_combat.card_readings(ctx, iid):
            if cmd.to != "end" or f.round != 1:       # Highway Haven: RV
                raise Illegal("press", f"{poss(ctx.name(iid))} press is only usable to end combat in the first round")
            if (m, iid, "press") in f.used:
                raise Illegal("press", f"{poss(ctx.name(iid))} press can be used once each combat")
            _set_combat(ctx, f._replace(used=f.used | {(m, iid, "press")}))
        elif iid != m and _clan_maneuver_or_press(ctx, f, m, iid):
            f = ctx.st.top
        elif _once_each_combat(text, "press"):
            if (m, iid, "press") in f.used:
                raise Illegal("press", f"{poss(ctx.name(iid))} press can be used once each combat")
            _set_combat(ctx, f._replace(used=f.used | {(m, iid, "press")}))
    f = ctx.st.top
    _set_combat(ctx, f._replace(last_press=m, press_continue=(cmd.to == "continue")))
    ctx.emit("press", f"{ctx.name(m)} presses to {'continue' if cmd.to == 'continue' else 'end'} combat.")


def play_combat(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules) -> None:
    """A combat card played for an effect other than a maneuver, strike or press."""
    from vtes_desktop.engine.rules_action import choose_mode, played_from_hand, requirement_refusal

    top = ctx.st.top
    f = combat_frame(ctx.st)
    if f is None:
        raise Illegal("combat", "there is no combat under way")
    if cmd.minion is not None and flow.ref(ctx, cmd.seat, cmd.minion, what="minion") not in (f.a, f.b) and any(
            "not in combat" in md.only or any(r[0] in ("outsider_close_and_press_continue",
                                                       "outsider_extra_strikes_each_round")
                                              for r in effects_combat.mode_readings(ctx, rules, md))
            for md in rules.modes if "Combat" in md.types):
        return _play_by_outsider(ctx, cmd, iid, rules, flow.ref(ctx, cmd.seat, cmd.minion, what="minion"))
    m = _combatant(ctx, cmd.seat, cmd.minion, f) if cmd.minion is not None else None
    if m is None:
        raise Malformed("minion", f"name the minion that plays {rules.name}")
    mode = choose_mode(ctx, rules, cmd.level, ("Combat",), m)
    why = requirement_refusal(ctx, iid, rules, mode, m)
    if why:
        raise Illegal("requirements", why)
    _grapple_refusal(ctx, m, rules)
    text = mode.text
    cancel = next((r for r in effects_combat.mode_readings(ctx, rules, mode) if r[0] == "cancel_as_played"), None)
    if cancel is not None and (cmd.target is not None or len(mode.effects) == 1):
        return _cancel_combat_card(ctx, cmd, m, iid, rules, mode, cancel)
    _limit_check(ctx, m, rules, mode)
    top = ctx.st.top
    if _strike_of_text(text) and not re.search(r"(?i)additional strike|\+\d+ strength|prevent", text) \
            and not any(r[0] in ("forbid_strike", "strike_option_round_steal",    # Hunger of Marduk: played now
                                 "commit_hand_strike_opponent_first")                 # Haymaker: before strikes
                        for r in effects_combat.mode_readings(ctx, rules, mode)):
        raise Illegal("timing", f"{rules.name} is a strike: choose it with strike in the strike step")
    if any(r[0] in ("strike_x_weapon", "strike_by_range", "strike_prevent_next_hand", "strike_fv_only", "strength_strike_card",
                    "strike_capacity_difference", "strength_strike_card_aggravated", "strike_damage_and_prevent",
                    "dodge_with_press",
                    "strike_hand_and_dodge", "hand_strike_then_opponent_no_strike", "strike_burn_master_discipline",
                    "strike_burn_ally_or_retainer_non_wraith", "strike_damage_zero", "end_after_strike_unless_dodged")
           for r in effects_combat.mode_readings(ctx, rules, mode)):
        raise Illegal("timing", f"{rules.name} is a strike: choose it with strike in the strike step")
    if re.fullmatch(r"(?is)\s*(?:optional )?maneuver\.?\s*", text) or (re.fullmatch(r"(?is)\s*press[^.]*\.?\s*", text)
                                                                     and not isinstance(top, DamageFrame)):
        raise Illegal("timing", f"{rules.name} gives a maneuver or a press: use it with maneuver or press")
    readings = effects_combat.mode_readings(ctx, rules, mode)
    if isinstance(top, DamageFrame):
        prevs = [r for r in readings if r[0] == "prevent"]
        pm = re.search(r"(?i)prevent (\d+) damage", text)
        treat = ("aggravated_as_normal_round",) in readings
        agg = next((r[0] for r in readings if r[0] in ("agg_as_normal_strike", "prevent_aggravated_strike")), None)
        if agg is not None:     # Adaptability
            _aggravated_of_strike(ctx, m, agg, rules.name)
        half = ("prevent_half_strike",) in readings
        tk = next((r for r in readings if r[0] == "add_damage_to_own_strike"), None)
        if tk is not None:      # Twisting the Knife
            _twist(ctx, m, tk[1], rules.name)     # (its limit was checked with the play, above)
        undying = ("no_torpor_until_combat_ends",) in readings
        if undying and not _would_go_to_torpor(ctx, m, top):       # Undying Tenacity
            raise Illegal("timing", f"{rules.name} is only usable when {ctx.name(m)} should go to torpor")
        if not prevs and not pm and not treat and agg is None and tk is None and not half and not undying:
            raise Illegal("timing", f"only damage prevention can be played while damage is being resolved")
        from vtes_desktop.engine.rules_action import _cost, _pay

        x = None
        if (rules.blood_cost == -1 or rules.pool_cost == -1):
            if cmd.choice is None or not str(cmd.choice).isdigit():
                raise Malformed("choice", f"{rules.name} costs X: give X as the choice (a number)")
            x = int(cmd.choice)
        pool, blood = _cost(rules, x)
        if treat:       # Skin of Night: aggravated damage counts as normal this round, this damage included
            cf_ = combat_frame(ctx.st)
            _set_combat(ctx, cf_._replace(mods=cf_.mods + (Mod("agg_as_normal", 0, m, iid, rules.card_id),)))
            ctx.emit("effect", f"This round, {ctx.name(m)} treats aggravated damage as normal damage.")
            if ("agg_as_normal_action_aye",) in readings:
                _lock_aye_for_action(ctx, m, cmd.choice, rules.name)
        if undying:
            cf_ = combat_frame(ctx.st)
            _set_combat(ctx, cf_._replace(used=cf_.used | {("undying", m)}))
            ctx.emit("effect", f"{ctx.name(m)} will not go to torpor until after combat ends ({rules.name}).")
        fort = "for" in {d.lower() for d in mode.disciplines}
        kept = _hold_no_fortitude(ctx, m) if fort else ()
        pre_prev = [h.prevented_normal + h.prevented_aggravated for h in ctx.st.top.hits] if fort else []
        fv_cards = (_fv_only_cards(ctx) if not {"for", "vis"} & {d.lower() for d in mode.disciplines} else set()) \
            | _equip_only_cards(ctx)        # (Strike at the True Flesh: no prevention card reaches that weapon)
        fv_kept = _hold_no_fortitude(ctx, m, fv_cards) if fv_cards else ()      # Death of the Drum
        per = next((r for r in readings if r[0] == "prevent_each_round"), None)
        if half:                # Rockheart: half of what is left of the opposing strike's damage, rounded up
            _prevent_reading(ctx, cmd.seat, ctx.st.top, m, ("prevent", _half_left(ctx, m), "strike", "any", 0),
                             rules.name)
            if ("prevent_half_each_strike_combat",) in readings:
                cf_ = combat_frame(ctx.st)
                _set_combat(ctx, cf_._replace(used=cf_.used | {("half_strikes", m)}))
                ctx.emit("effect", f"For the rest of combat, half the damage of each strike of the opposing minion on "
                                   f"{ctx.name(m)} is prevented.")
        if per is not None:     # Apparition played as damage resolves: this round's prevention is used now
            cf_ = combat_frame(ctx.st)
            _set_combat(ctx, cf_._replace(used=cf_.used | {("round_prevent", m, rules.card_id, per[1], per[2]),
                                                           ("round_prevent_used", m, rules.card_id, cf_.round)}))
            _prevent_reading(ctx, cmd.seat, ctx.st.top, m, ("prevent", per[1], "strike" if per[2] == "strikes" else "any",
                                                            "any", 0), rules.name)
        elif prevs:
            _prevent_reading(ctx, cmd.seat, ctx.st.top, m, prevs[0], rules.name, x=x)
        elif pm:
            _prevent(ctx, ctx.st.top, m, int(pm.group(1)), rules.name)
        if ("destroy_melee_weapon_if_hit",) in readings:      # Armor of Vitality at superior
            cf_ = combat_frame(ctx.st)
            other_ = cf_.b if m == cf_.a else cf_.a
            for h in ctx.st.top.hits:
                w = h.via
                if h.target == m and h.source == other_ and w is not None and w in ctx.st.cards \
                        and ctx.st.cards[w].region == "attached" and "melee weapon" in ctx.rules(w).keywords:
                    ctx.burn(w, f"destroyed by {rules.name}")
                    ctx.emit("burned", f"{ctx.name(w)} is destroyed ({rules.name}).")
        if fort:
            _release_no_fortitude(ctx, m, kept, iid)
            top_ = ctx.st.top
            if isinstance(top_, DamageFrame) and len(top_.hits) == len(pre_prev):   # Poker: what Fortitude prevented
                cf_ = combat_frame(ctx.st)
                add_ = {("fort_prev", i, h.prevented_normal + h.prevented_aggravated - pre_prev[i], iid)
                        for i, h in enumerate(top_.hits) if h.prevented_normal + h.prevented_aggravated > pre_prev[i]}
                if add_:
                    _set_combat(ctx, cf_._replace(used=cf_.used | add_))
        if fv_kept:
            _release_no_fortitude(ctx, m, fv_kept, iid, shield=False)
        _pay(ctx, cmd.seat, m, pool, blood + _extra_blood(ctx, m, rules, blood), rules.name,
             conviction=max(0, rules.conviction_cost or 0))     # (an imbued's conviction cost)
        _grant_with_strike(ctx, m, mode, skip="")
        if any(r[0] == "prevent_initial_each_round" for r in readings):
            cf = combat_frame(ctx.st)
            _set_combat(ctx, cf._replace(used=cf.used | {("each_round_prevent", m, rules.card_id)}))
        if any(r[0] == "press_or_prevent" for r in readings):
            cf = combat_frame(ctx.st)
            _set_combat(ctx, cf._replace(granted=cf.granted + ((m, "press", 1),)))
        played_from_hand(ctx, cmd.seat, iid, rules)
        return
    if mode.effects and len([r for r in readings if r[0] in ("prevent", "agg_as_normal_strike",
                                                             "prevent_aggravated_strike", "prevent_half_strike",
                                                             "prevent_half_note", "prevent_half_each_strike_combat")]) \
            == len(mode.effects):
        raise Illegal("timing", f"{rules.name} prevents damage: it is played while damage is being resolved")
    if any(r[0] == "becomes_weapon" for r in readings) and any(
            ctx.cdef(a).name == rules.name for a in ctx.st.attached.get(m, ())):
        raise Illegal("limit", f"a minion can have only one {rules.name}")
    at_strike = any(r[0] == "equip_weapon_from_hand" for r in readings) and bool(mode.level and mode.level.isupper()) \
        and bool(re.search(r"(?i)usable when choosing a strike", mode.text)) and top.step == "strike"
    anytime = ("move_equipment_from_circle",) in readings and mode.level == mode.level.upper() if mode.level else False
    if "before range" in mode.only and top.step != "before_range" and not at_strike and not anytime:   # (Clockwerx
        # at superior: "usable any time during combat")
        raise Illegal("timing", f"{rules.name} is only usable before range is determined")
    if any(r[0] in ("equip_weapon_from_hand", "equip_from_hand_non_unique") for r in readings):
        _equip_from_hand(ctx, cmd, m, rules, readings)
    if "before strikes" in mode.only and top.step != "before_strikes":
        raise Illegal("timing", f"{rules.name} is only usable before strikes are chosen")
    if "if:this vampire successfully inflicted more damage than the opposing vampire" in mode.only:
        cf = combat_frame(ctx.st)
        other_ = cf.b if m == cf.a else cf.a
        if _inflicted(cf, m) <= _inflicted(cf, other_):
            raise Illegal("timing", f"{rules.name} needs {ctx.name(m)} to have inflicted more damage than "
                                    f"{ctx.name(other_)} this round")
    if "end of round" in mode.only:
        if top.step != "end_of_round":
            raise Illegal("timing", f"{rules.name} is only usable at the end of a round of combat")
        if any(o.startswith("not:by:") and "torpor" in o for o in mode.only) and not _ready(ctx, m):
            raise Illegal("timing", f"{rules.name} is not usable by a vampire being burned or going to torpor")
    mm = re.search(r"(?i)(?:\b(\d+|an?) )?additional strikes?", text)
    if ("opponent_no_extra_no_continue",) in readings or ("ammo_extra_strike",) in readings \
            or ("no_extra_if_hit",) in readings or ("aim_hit_effect", "head") in readings:   # ("cannot use additional
        # strikes": Sympathetic Agony, Target Head)
        mm = None       # Blight: "cannot use additional strikes" gives none; Caseless Rounds: granted with the gun
    if mm and _no_extra(combat_frame(ctx.st), m):
        raise Illegal("strike", f"{ctx.name(m)} cannot use additional strikes this combat")
    if mm and top.step != "additional_strikes" and not any(r[0] in ("first_strike_round", "extra_strike_with_strength")
                                                               for r in readings):
        raise Illegal("timing", f"{rules.name} gives additional strikes: it is played after the first pair of strikes")
    if "long range" in mode.only and f.range != "long":
        raise Illegal("timing", f"{rules.name} is only usable at long range")
    if "close range" in mode.only and f.range != "close":
        raise Illegal("timing", f"{rules.name} is only usable at close range")
    _torpor_only_refusal(ctx, combat_frame(ctx.st), m, mode, rules.name)
    from vtes_desktop.engine.rules_action import _cost, _pay

    x_ = None
    if -1 in (rules.pool_cost, rules.blood_cost) and any(r[0] == "env_close_each_round" for r in readings):
        cf_ = combat_frame(ctx.st)      # Groaning Corpse: X is the number already played this combat (this one counted)
        x_ = len([u for u in cf_.used if isinstance(u, tuple) and len(u) == 5 and u[0] == "played"
                  and u[2] == rules.card_id]) - 1
    pool, blood = _cost(rules, x_)
    _pay(ctx, cmd.seat, m, pool, blood + _extra_blood(ctx, m, rules, blood), rules.name,
         conviction=max(0, rules.conviction_cost or 0))     # (an imbued's conviction cost)
    f = combat_frame(ctx.st)
    mods = list(f.mods)
    grants = list(f.granted)
    before_grants = len(grants)
    for n_, what in re.findall(r"(?i)(\d+|an?) (?:optional )?(maneuver|press)", text):
        what = what.lower()
        if what == "press" and re.search(r"(?i)optional press, only usable to end combat", text):
            what = "press_end"      # Cold Aura at superior
        grants.append((m, what, 1 if not n_.isdigit() else int(n_)))
    if grants != list(f.granted):
        _set_combat(ctx, f._replace(granted=tuple(grants)))
        f = combat_frame(ctx.st)
    if mm:
        n = int(mm.group(1)) if mm.group(1) and mm.group(1).isdigit() else 1
        if any(r[0] == "extra_strikes_x_blood" for r in readings):     # "Burn X blood to get X additional strikes"
            if cmd.choice is None or not str(cmd.choice).isdigit() or int(cmd.choice) < 1:
                raise Malformed("choice", f"{rules.name}: give X, the blood burned for X additional strikes")
            n = int(cmd.choice)
            _pay(ctx, cmd.seat, m, 0, n, rules.name)
            f = combat_frame(ctx.st)
        unlimited = any(r[0] == "unlimited_additional_strike" for r in readings)
        if not unlimited:
            if ("limited_extra", m, f.round) in f.used:
                raise Illegal("limited", "a minion can use only one effect each round to gain additional strikes "
                                         "(limited)")
            f = f._replace(used=f.used | {("limited_extra", m, f.round)})
        merged = dict(f.extra)
        merged[m] = merged.get(m, 0) + n    # limited and unlimited additional strikes add up
        _set_combat(ctx, f._replace(extra=tuple(merged.items()), used=f.used | (
            {("extra_only_hand", m, f.round)} if "if:a hand strike" in mode.only else set())))   # Devil-Channel: Back
    sm = re.search(r"\+(\d+) strength", text) if not any(r[0] in ("strength_combat", "strength_and_prevent",
                                                                  "opponent_vampire_drawn_out",
                                                                  "strength_and_prevent_normal")
                                                          for r in readings) else None
    if sm:
        mods.append(Mod("strength", int(sm.group(1)), m, iid, rules.card_id))
        _set_combat(ctx, combat_frame(ctx.st)._replace(mods=tuple(mods)))
    immune = re.search(r"(?i)this round, this (?:vampire|minion) is immune to non-aggravated damage", text)
    if immune:
        f = combat_frame(ctx.st)
        _set_combat(ctx, f._replace(mods=f.mods + (Mod("immune_normal", 0, m, iid, rules.card_id),)))
        mods = list(combat_frame(ctx.st).mods)
    grapple = re.search(r"(?i)strikes that are not hand strikes cannot be used this round", text)
    if grapple:
        f = combat_frame(ctx.st)
        _set_combat(ctx, f._replace(used=f.used | {("hand_only", f.round)}))
    sm = sm or grapple or immune
    st_m = re.search(r"(?i)gets a strength of (\d+)", text)
    if st_m and not any(r[0] == "strength_set_combat" for r in readings):
        mods.append(Mod("strength_set", int(st_m.group(1)), m, iid, rules.card_id))
        _set_combat(ctx, combat_frame(ctx.st)._replace(mods=tuple(mods)))
        sm = st_m
    ctx.emit("played", f"{ctx.name(m)} plays {rules.name}.")
    done = _carry_out(ctx, m, iid, rules, readings, cmd.choice)
    from vtes_desktop.engine import effects_library

    done = effects_library.on_combat(ctx, cmd, m, iid, rules, mode) or done   # library and hand moves
    played_from_hand(ctx, cmd.seat, iid, rules)
    from vtes_desktop.engine.effects_attached import combat_card_kept

    done = combat_card_kept(ctx, m, iid, rules, mode) or done   # "Put this card on this vampire" (Wall of Filth)
    if ("attach_to_opponent_torpor",) in readings:
        done = _attach_to_opponent(ctx, m, iid, mode) or done
    pip = next((r for r in readings if r[0] == "put_self_in_play"), None)
    if pip is not None:
        ctx.move(iid, "in_play", seat=cmd.seat, counters=pip[1])
        cf = combat_frame(ctx.st)
        _set_combat(ctx, cf._replace(used=cf.used | {("in_play_card", iid)}))
        ctx.emit("in_play", f"{rules.name} is put in play with {pip[1]} counters.", cards=(iid,))
        done = True
    bw = next((r for r in readings if r[0] == "becomes_weapon"), None)
    if bw is not None:
        ctx.move(iid, "attached", host=m, counters=bw[1])
        ctx.emit("equip", f"{rules.name} goes on {ctx.name(m)} with {bw[1]} counters, a melee weapon.", cards=(m, iid))
        done = True
    if done and all(e.automated for e in mode.effects) and not mode.unparsed:
        return
    if not (mm or sm or len(grants) > before_grants or done):
        left = [e.text for e in mode.effects if not e.automated] + list(mode.unparsed)
        ctx.emit("manual", f"{rules.name}: carry out by hand: {' '.join(dict.fromkeys(left))}" if left
                 else f"{rules.name}: carry out its effect by hand.")


def _opposing_ranged_weapon(ctx: Ctx, f: CombatFrame, other: int) -> int | None:
    """The weapon with which *other* has chosen a ranged damaging strike in this strike step, if any."""
    if f.step != "strike":
        return None
    for who, desc in f.strikes:
        if who == other and desc.source is not None and desc.source != other and desc.ranged \
                and desc.kind in ("damage", "strength_plus") and desc.source in ctx.st.cards \
                and "Equipment" in ctx.cdef(desc.source).types:
            return desc.source
    return None


def _torpor_only_refusal(ctx: Ctx, f: CombatFrame, m: int, mode, name: str) -> None:
    """"Only usable" conditions about a combatant leaving the ready region: Hell-for-Leather (this anarch ready, the
    opposing minion not), Decapitate and Amaranth (the opposing vampire is going to torpor, i.e. damage sent it there
    this combat, and this vampire is not)."""
    only = mode.only
    if not only:
        return
    other = f.b if m == f.a else f.a
    if "if:the opposing ally burned" in only:       # Orgy of Blood: the opposing ally burned in this combat
        oc = ctx.st.cards.get(other)
        if oc is None or "Ally" not in ctx.cdef(other).types or oc.region != "ash_heap":
            raise Illegal("timing", f"{name} is only usable when the opposing ally is being burned")
    if "if:range is determined and before strikes are chosen" in only and f.step != "before_strikes":
        raise Illegal("timing", f"{name} is played after range is determined and before strikes are chosen")
    if "if:the opposing minion strikes with a weapon that inflicts ranged damage" in only and \
            _opposing_ranged_weapon(ctx, f, other) is None:
        raise Illegal("timing", f"{name} is only usable once {ctx.name(other)} has chosen a strike with a weapon that "
                                "inflicts ranged damage")
    if "if:you successfully inflict damage from a hand strike" in only and not (
            f.step == "additional_strikes" and ("hand_struck", m, f.round) in f.used and _inflicted(f, m) > 0):
        raise Illegal("timing", f"{name} is played once {ctx.name(m)} has inflicted damage with a hand strike, after that "
                                "strike resolves")
    if "if:this anarch is ready and the opposing minion is not" in only and not (_ready(ctx, m) and not _ready(ctx, other)):
        raise Illegal("timing", f"{name} is only usable if {ctx.name(m)} is ready and {ctx.name(other)} is not")
    if "if:the opposing vampire is going into torpor" in only or "if:the opposing vampire should go to torpor" in only:
        oc = ctx.st.cards.get(other)
        if oc is None or oc.region != "torpor" or ("went_torpor", other) not in f.used or not ctx.is_vampire(oc):
            raise Illegal("timing", f"{name} is only usable when the opposing vampire is going to torpor")
        if not _ready(ctx, m):
            raise Illegal("timing", f"{name} is not usable by a vampire being burned or going to torpor")
        if "by:vampire who can commit diablerie" in only and not ctx.is_vampire(ctx.st.cards[m]):
            raise Illegal("requirements", f"{name} is only usable by a vampire who can commit diablerie")


def _circle(ctx: Ctx, m: int) -> str | None:
    """A Blood Brother's circle ("Chicago Circle"; a vampire with no circle named is a circle of its own)."""
    mm = re.search(r"\b((?:[A-Z][\w'-]* )+Circle)\b", ctx.cdef(m).text or "")
    return mm.group(1).lower() if mm else None


def _play_by_outsider(ctx: Ctx, cmd: C.Play, iid: int, rules: CardRules, v: int) -> None:
    """A combat card played by a minion not involved in the combat, as damage is being resolved (Martyr's
    Resilience: prevention for a minion or retainer in combat, the target; Touch of Valeren at superior: all the
    damage of the opposing strike on the minion of yours in combat)."""
    from vtes_desktop.engine.rules_action import _cost, _pay, choose_mode, played_from_hand, requirement_refusal

    f = combat_frame(ctx.st)
    vc = ctx.st.cards[v]
    if vc.controller != cmd.seat:
        raise Illegal("control", f"{ctx.name(v)} is not {ctx.seat_name(cmd.seat)}'s minion")
    mode = choose_mode(ctx, rules, cmd.level, ("Combat",), v)
    crowd = ("outsider_close_and_press_continue",) in effects_combat.mode_readings(ctx, rules, mode)
    octo = next((r for r in effects_combat.mode_readings(ctx, rules, mode) if r[0] == "outsider_extra_strikes_each_round"),
                None)
    if octo is not None:        # Octopod: a ready Blood Brother of the same circle as the one in combat
        mine_ = next((x for x in (f.a, f.b) if ctx.st.cards[x].controller == cmd.seat), None)
        if vc.region != "ready" or mine_ is None or _circle(ctx, mine_) != _circle(ctx, v) or _circle(ctx, v) is None:
            raise Illegal("requirements", f"{rules.name} is played by a ready Blood Brother of the same circle as the "
                                          "one in combat")
        if f.step != "before_range":
            raise Illegal("timing", f"{rules.name} is only usable before range is determined")
        why = requirement_refusal(ctx, iid, rules, mode, v)
        if why:
            raise Illegal("requirements", why)
        n_ = 2 if mode.level and mode.level.isupper() else octo[1]      # at superior: two additional strikes
        from vtes_desktop.engine.rules_action import _cost, _pay, played_from_hand

        pool, blood = _cost(rules, None)
        _pay(ctx, cmd.seat, v, pool, blood, rules.name)
        f = combat_frame(ctx.st)
        _set_combat(ctx, f._replace(used=f.used | {("extra_each_round_n", mine_, iid, n_)}))
        ctx.emit("effect", f"{ctx.name(mine_)} gets {n_} additional strike{'s' if n_ > 1 else ''} (limited) each round "
                           f"this combat ({rules.name}).")
        played_from_hand(ctx, cmd.seat, iid, rules)
        return
    if "not in combat" not in mode.only and not crowd:
        raise Illegal("combat", f"{ctx.name(v)} is not in this combat")
    if crowd:       # Three's a Crowd: a ready unlocked Blood Brother of the same circle as the one in combat
        mine_ = next((x for x in (f.a, f.b) if ctx.st.cards[x].controller == cmd.seat), None)
        if vc.region != "ready" or vc.locked or mine_ is None:
            raise Illegal("requirements", f"{rules.name} is played by a ready unlocked Blood Brother of yours")
        if f.step != "before_range":
            raise Illegal("timing", f"{rules.name} is only usable before range is determined")
        why = requirement_refusal(ctx, iid, rules, mode, v)
        if why:
            raise Illegal("requirements", why)
        if not ({"blood brother"} <= {c_.lower() for c_ in ctx.cdef(mine_).clans}) or \
                _circle(ctx, mine_) != _circle(ctx, v) or _circle(ctx, v) is None:
            raise Illegal("requirements", f"{rules.name} needs a Blood Brother of the same circle as {ctx.name(mine_)}")
        from vtes_desktop.engine.rules_action import _cost, _pay, played_from_hand

        pool, blood = _cost(rules, None)
        _pay(ctx, cmd.seat, v, pool, blood, rules.name)
        f = combat_frame(ctx.st)
        _set_combat(ctx, f._replace(range="close", range_set=True, granted=f.granted + ((mine_, "press_continue", 1),)))
        ctx.emit("range", f"The range is close this round, and {ctx.name(mine_)} gets a press to continue ({rules.name}).")
        played_from_hand(ctx, cmd.seat, iid, rules)
        return
    if vc.region != "ready" or ("unlocked" in mode.only and vc.locked):
        raise Illegal("timing", f"{rules.name} is played by a {'unlocked' if 'unlocked' in mode.only else 'ready'} "
                                "minion not involved in the combat")
    why = requirement_refusal(ctx, iid, rules, mode, v)
    if why:
        raise Illegal("requirements", why)
    readings = effects_combat.mode_readings(ctx, rules, mode)
    cancel = next((r for r in readings if r[0] == "cancel_as_played"), None)
    if cancel is not None:      # Tranquility: a frenzy card just played, canceled (no cost paid)
        from vtes_desktop.engine import effects_master

        rec = ctx.st.as_played
        if rec is None or not set(cancel[2]) & set(ctx.rules(rec[2]).keywords) or "Combat" not in ctx.rules(rec[2]).types:
            raise Illegal("timing", f"{rules.name} cancels a {' or '.join(cancel[2])} card as it is played")
        player = rec[1]
        effects_master._cancel_as_played(ctx, cmd, iid, rules, "combat")
        f = combat_frame(ctx.st)
        if ("frenzy_target_press_end",) in readings and f is not None:     # the minion the frenzy card was aimed at
            tgt = next((x for x in (f.a, f.b) if ctx.st.cards[x].controller != player), None)
            if tgt is not None:
                _set_combat(ctx, f._replace(granted=f.granted + ((tgt, "press_end", 1),)))
                ctx.emit("granted", f"{ctx.name(tgt)} gets an optional press, only usable to end combat ({rules.name}).")
        pool, blood = _cost(rules, None)
        _pay(ctx, cmd.seat, v, pool, blood, rules.name)
        ctx.emit("played", f"{ctx.name(v)} plays {rules.name}.")
        played_from_hand(ctx, cmd.seat, iid, rules)
        return
    top = ctx.st.top
    if not isinstance(top, DamageFrame) or not any(r[0].startswith("outsider_prevent") for r in readings):
        raise Illegal("timing", f"{rules.name} prevents damage: it is played while damage is being resolved")
    mine = next((x for x in (f.a, f.b) if ctx.st.cards[x].controller == cmd.seat), None)
    x = None
    pool, blood = _cost(rules, None)
    for r in readings:
        if r[0] == "outsider_prevent_all_strike":       # the minion of yours in combat
            if mine is None:
                raise Illegal("target", f"{rules.name} prevents damage to a minion of yours in combat")
            _prevent_reading(ctx, cmd.seat, ctx.st.top, mine, ("prevent", None, "strike", "any", 0), rules.name)
        elif r[0] in ("outsider_prevent", "outsider_prevent_x"):
            t = flow.ref(ctx, cmd.seat, cmd.target) if cmd.target is not None else mine
            if t is None or not any(h.target == t for h in ctx.st.top.hits):
                raise Illegal("target", f"{rules.name} prevents damage to a minion or retainer in combat (target)")
            n = r[1] if r[0] == "outsider_prevent" else None
            if n is None:
                if cmd.choice is None or not str(cmd.choice).isdigit():
                    raise Malformed("choice", f"{rules.name}: give X, the blood burned to prevent X+1 damage")
                x = int(cmd.choice)
                blood += x
                n = x + 1
            _prevent(ctx, ctx.st.top, t, n, rules.name)
    _pay(ctx, cmd.seat, v, pool, blood, rules.name)
    ctx.emit("played", f"{ctx.name(v)} plays {rules.name}.")
    played_from_hand(ctx, cmd.seat, iid, rules)


def _carry_out(ctx: Ctx, m: int, iid: int, rules: CardRules, readings: list[tuple], choice: str | None = None) -> bool:
    """The effects of a combat card played outside strikes, from its readings. True if any was carried out."""
    f = combat_frame(ctx.st)
    other = f.b if m == f.a else f.a
    done = False
    env = effects_combat.env_amount(readings)
    if env is not None:
        _set_combat(ctx, f._replace(used=f.used | {("env", m, env[0], env[1], iid)}))
        ctx.emit("effect", f"This combat, {ctx.name(other)} takes {env[0]}R{' aggravated' if env[1] else ''} "
                           f"environmental damage each round at strike resolution ({rules.name}).")
        done = True
    for r in readings:
        f = combat_frame(ctx.st)
        if r[0] == "close_next_round":
            _set_combat(ctx, f._replace(used=f.used | {("close_next", f.round + 1)}))
            done = True
        elif r[0] == "hand_aggravated":
            _, how_long, burn = r
            if ("hand_aggravated_for_combat",) in readings:     # Bone Spur at superior
                how_long = "combat"
            if burn:
                from vtes_desktop.engine.rules_action import _pay

                _pay(ctx, ctx.st.cards[m].controller, m, 0, burn, rules.name)
                f = combat_frame(ctx.st)
            if how_long == "combat":
                _set_combat(ctx, f._replace(used=f.used | {("hand_aggravated", m)}))
            else:
                _set_combat(ctx, f._replace(mods=f.mods + (Mod("hand_aggravated", 0, m, iid, rules.card_id),)))
            ctx.emit("effect", f"Damage from {poss(ctx.name(m))} hand strikes is aggravated "
                               f"{'for the rest of combat' if how_long == 'combat' else 'this round'}.")
            done = True
        elif r[0] in ("opponent_restricted", "opponent_combat_cards_cost"):
            _set_combat(ctx, f._replace(used=f.used | {(r[0], other)}))
            ctx.emit("effect", f"This combat, {ctx.name(other)} "
                               + ("cannot maneuver to close range, press to continue combat or use equipment."
                                  if r[0] == "opponent_restricted" else "pays 1 more blood for combat cards."))
            done = True
        elif r[0] == "first_strike_round":
            _set_combat(ctx, f._replace(mods=f.mods + (Mod("first_strike", r[1], m, iid, rules.card_id),)))
            ctx.emit("effect", f"{ctx.name(m)} gets first strike "
                               + ("on its initial strike this round." if r[1] == 1 else "this round." if r[1] == 3
                                  else "with hand and melee weapon strikes this round."))
            done = True
        elif r[0] == "forbid_strike":
            _set_combat(ctx, f._replace(mods=f.mods + (Mod("forbid_" + r[1].replace(" ", "_"), 0, other, iid,
                                                           rules.card_id),)))
            ctx.emit("effect", f"{ctx.name(other)} cannot strike: {r[1]} this round.")
            done = True
        elif r[0] == "discipline_strike_bonus":
            n = max([x[1] for x in readings if x[0] == "discipline_strike_bonus_change"] or [r[2]])
            _set_combat(ctx, f._replace(used=f.used | {("discipline_bonus", m, r[1], n, iid)}))
            ctx.emit("effect", f"For the rest of combat, {poss(ctx.name(m))} damaging strikes that require "
                               f"[{r[1]}] inflict +{n} damage.")
            done = True
        elif r[0] == "opponent_burns_blood":
            if r[2] and "Ally" in ctx.cdef(other).types:
                continue            # "Otherwise": the ally was burned instead
            if ctx.is_vampire(ctx.st.cards[other]):
                oc = ctx.st.cards[other]
                n = min(r[1], oc.counters)
                ctx.update(other, counters=oc.counters - n)
                ctx.emit("burned_blood", f"{ctx.name(other)} burns {n} blood ({rules.name}).", cards=(other,))
            done = True
        elif r[0] == "burn_opposing_ally":
            if "Ally" in ctx.cdef(other).types and ctx.st.cards[other].region == "ready":
                ctx.burn(other, f"burned by {rules.name}")
                ctx.emit("burned", f"{ctx.name(other)} is burned ({rules.name}).")
            done = True
        elif r[0] == "set_range":
            if f.step != "before_range":
                raise Illegal("timing", f"{rules.name} sets the range before range is determined")
            if choice not in ("close", "long"):
                raise Malformed("choice", f"{rules.name} sets the range: give choice close or long")
            if r[1]:
                from vtes_desktop.engine.rules_action import _pay

                _pay(ctx, ctx.st.cards[m].controller, m, 0, r[1], rules.name)
                f = combat_frame(ctx.st)
            _set_combat(ctx, f._replace(range=choice, range_set=True))
            ctx.emit("range", f"{ctx.name(m)} sets the range to {choice} for this round ({rules.name}).")
            done = True
        elif r[0] == "immune_weapons_combat":
            _set_combat(ctx, f._replace(used=f.used | {("immune_weapons", m)}))
            ctx.emit("effect", f"This combat, the weapons of {ctx.name(other)} inflict no damage on {ctx.name(m)}.")
            done = True
        elif r[0] == "aggravated_as_normal_round":
            _set_combat(ctx, f._replace(mods=f.mods + (Mod("agg_as_normal", 0, m, iid, rules.card_id),)))
            ctx.emit("effect", f"This round, {ctx.name(m)} treats aggravated damage as normal damage.")
            done = True
        elif r[0] == "agg_as_normal_action_aye":          # Jua Vema at superior
            _lock_aye_for_action(ctx, m, choice, rules.name)
            done = True
        elif r[0] == "choose_own_melee_weapon":           # Sword of the Righteous: the melee weapon named as the choice
            ws = [a for a in ctx.st.attached.get(m, ()) if effects_combat.is_equipment(ctx, a)
                  and "melee weapon" in ctx.rules(a).keywords]
            w = next((a for a in ws if ctx.name(a).lower() == str(choice).lower()), None) if choice \
                else (ws[0] if len(ws) == 1 else None)
            if w is None:
                raise Illegal("target", f"{rules.name}: name a melee weapon of {ctx.name(m)} (choice)")
            n = max([x[1] for x in readings if x[0] == "chosen_weapon_bonus_combat"] or [0])
            agg = ("chosen_weapon_aggravated_combat",) in readings
            _set_combat(ctx, f._replace(used=f.used | {("weapon_bonus_combat", m, w, n)}
                                        | ({("weapon_agg_combat", m, w)} if agg else set())))
            ctx.emit("effect", f"For the rest of combat, {ctx.name(m)} inflicts +{n}"
                               f"{' aggravated' if agg else ''} damage each strike with {ctx.name(w)}.")
            done = True
        elif r[0] in ("chosen_weapon_bonus_combat", "chosen_weapon_aggravated_combat"):
            done = True
        elif r[0] == "acid_round":                        # Blood of Acid (close_damage: _acid_hits)
            agg = ("acid_aggravated",) in readings
            _set_combat(ctx, f._replace(used=f.used | {("acid", m, f.round, agg, iid)}))
            ctx.emit("effect", f"This round, {ctx.name(other)} takes{' aggravated' if agg else ''} environmental damage "
                               f"equal to the damage its strikes successfully inflict on {ctx.name(m)}.")
            done = True
        elif r[0] == "acid_aggravated":
            done = True
        elif r[0] == "opponent_no_extra_round":           # Rigor Mortis
            _set_combat(ctx, f._replace(used=f.used | {("no_extra_round", other, f.round)}))
            ctx.emit("effect", f"{ctx.name(other)} cannot use additional strikes this round.")
            done = True
        elif r[0] == "cancel_opposing_maneuver_each_round":     # Rigor Mortis at superior: a use of its vampire
            _set_combat(ctx, f._replace(used=f.used | {("rigor", m)}))
            ctx.emit("effect", f"Once each round this combat, {ctx.name(m)} may cancel a maneuver of {ctx.name(other)} "
                               "(a use of the vampire, effect: cancel maneuver).")
            done = True
        elif r[0] == "bloodform":
            _set_combat(ctx, f._replace(mods=f.mods + (Mod("immune_normal", 0, m, iid, rules.card_id),
                                                        Mod("forbid_all_strikes", 0, m, iid, rules.card_id))))
            ctx.emit("effect", f"This round, {ctx.name(m)} is immune to non-aggravated damage, cannot strike and may "
                               "press to end combat.")
            done = True
        elif r[0] == "press_step_damage":
            _set_combat(ctx, f._replace(used=f.used | {("press_dmg", m, r[1], iid)}))
            ctx.emit("effect", f"This combat, {ctx.name(other)} takes {r[1]}R damage each press step.")
            done = True
        elif r[0] == "strength_combat" and ("strength_growing",) in readings:   # +1, +2 next round, ...
            _set_combat(ctx, f._replace(used=f.used | {("strength_grow", m, f.round, iid)}))
            ctx.emit("effect", f"{ctx.name(m)} gets +1 strength this round, 1 more each round after.")
            done = True
        elif r[0] == "strength_combat":
            _set_combat(ctx, f._replace(used=f.used | {("strength_bonus", m, r[1], iid)}))
            ctx.emit("effect", f"{ctx.name(m)} gets +{r[1]} strength for the rest of combat.")
            done = True
        elif r[0] == "end_combat_now":
            _set_combat(ctx, f._replace(ended=True, step="end_of_round", imp=f.imp._replace(at=0, passes=0),
                                        pending=()))
            ctx.emit("combat_ends", f"Combat ends ({rules.name}).")
            done = True
        elif r[0] == "set_range_to":
            if f.step != "before_range":
                raise Illegal("timing", f"{rules.name} sets the range before range is determined")
            _set_combat(ctx, f._replace(range=r[1], range_set=True))
            ctx.emit("range", f"The range is {r[1]} this round ({rules.name}).")
            done = True
        elif r[0] == "start_new_round":
            if len(r) > 1 and r[1] and f.step == "end_of_round" and not f.press_continue and not f.ended \
                    and _ready(ctx, f.a) and _ready(ctx, f.b):      # Relentless Reaper: burn 1 blood to do it
                from vtes_desktop.engine.rules_action import _pay

                _pay(ctx, ctx.st.cards[m].controller, m, 0, r[1], rules.name)
                f = combat_frame(ctx.st)
            if f.step != "end_of_round" or f.press_continue or f.ended or not (_ready(ctx, f.a) and _ready(ctx, f.b)):
                raise Illegal("timing", f"{rules.name} is only usable if both combatants are still ready and combat "
                                        "would end")
            _set_combat(ctx, f._replace(press_continue=True))
            ctx.emit("round", f"Combat goes on to a new round ({rules.name}).")
            done = True
        elif r[0] == "undodgeable_round":      # Sanguinary Wind
            _set_combat(ctx, f._replace(mods=f.mods + (Mod("undodgeable_round", 0, m, iid, rules.card_id),)))
            ctx.emit("effect", f"{poss(ctx.name(m))} strikes cannot be dodged this round.")
            done = True
        elif r[0] == "opponent_strength_combat":   # Disease
            _set_combat(ctx, f._replace(used=f.used | {("strength_bonus", other, r[1], iid)}))
            ctx.emit("effect", f"{ctx.name(other)} gets {r[1]} strength for the rest of combat.")
            done = True
        elif r[0] == "ammo_bonus":             # Glaser Rounds, Manstopper Rounds, Scattershot
            gun = _ammo_gun(ctx, f, m, rules)
            _set_combat(ctx, f._replace(used=f.used | {("ammo_on", gun), ("ammo_bonus", gun, r[1], r[2])}))
            ctx.emit("effect", f"For the rest of combat, {ctx.name(gun)} inflicts "
                               + (f"+{r[1]} damage each strike." if r[1] == r[2] else
                                  f"{r[1]:+d} damage at close range and {r[2]:+d} at long range each strike."))
            done = True
        elif r[0] == "ammo_aggravated_bonus":  # Dragon's Breath Rounds: +N aggravated (the gun's own damage stays)
            gun = _ammo_gun(ctx, f, m, rules)
            burn_ = ("burn_gun_after_strike",) in readings
            _set_combat(ctx, f._replace(used=f.used | {("ammo_on", gun), ("ammo_agg", gun, r[1])}
                                        | ({("burn_after_strike", gun)} if burn_ else set())))
            ctx.emit("effect", f"For the rest of combat, {ctx.name(gun)} inflicts +{r[1]} aggravated damage each strike"
                               + ("; it is burned after this strike resolves." if burn_ else "."))
            done = True
        elif r[0] == "burn_gun_after_strike":  # with ammo_aggravated_bonus; burned once the strike resolves
            done = True
        elif r[0] == "one_ammo_per_gun":       # checked with the bonus (_ammo_gun)
            done = True
        elif r[0] == "ammo_extra_strike":      # Caseless Rounds: the gun's additional strike each round
            gun = _ammo_gun(ctx, f, m, rules)
            f = f._replace(used=f.used | {("ammo_on", gun), ("ammo_extra", gun)})
            if ("limited_extra", m, f.round) not in f.used:
                merged = dict(f.extra)
                merged[m] = merged.get(m, 0) + 1
                f = f._replace(extra=tuple(merged.items()), used=f.used | {("limited_extra", m, f.round),
                                                                           ("extra_only_with", m, gun, f.round)})
            _set_combat(ctx, f)
            ctx.emit("effect", f"For the rest of combat, striking with {ctx.name(gun)} gives an additional strike with it.")
            done = True
        elif r[0] == "extra_strike_hand_only_paid":     # Devil-Channel: Back: its blood (the strike is granted above)
            from vtes_desktop.engine.rules_action import _pay

            _pay(ctx, ctx.st.cards[m].controller, m, 0, r[1], rules.name)
            done = True
        elif r[0] == "strength_growing":       # Fire in the Blood at superior (with strength_combat)
            done = True
        elif r[0] == "strength_and_prevent":   # Bear's Skin
            _, scope, st_, n = r
            if scope == "combat":
                f = f._replace(used=f.used | {("strength_bonus", m, st_, iid), ("round_prevent", m, rules.card_id, n,
                                                                                "any")})
            else:
                f = f._replace(mods=f.mods + (Mod("strength", st_, m, iid, rules.card_id),
                                              Mod("granted_prevent", n, m, iid, rules.card_id)))
            _set_combat(ctx, f)
            ctx.emit("effect", f"{ctx.name(m)} gets +{st_} strength and can prevent {n} damage "
                               + ("each round this combat." if scope == "combat" else "this round."))
            done = True
        elif r[0] == "prevent_each_round":     # Apparition, Horrid Form: named with prevent, once each round
            _set_combat(ctx, f._replace(used=f.used | {("round_prevent", m, rules.card_id, r[1], r[2])}))
            ctx.emit("effect", f"{ctx.name(m)} can prevent {r[1]} damage each round this combat.")
            done = True
        elif r[0] == "hand_bonus_combat":      # Skin of the Adder
            _set_combat(ctx, f._replace(used=f.used | {("hand_bonus", m, r[1], iid)}))
            ctx.emit("effect", f"{poss(ctx.name(m))} hand strikes inflict +{r[1]} damage this combat.")
            done = True
        elif r[0] == "hand_aggravated_for_combat":
            done = True
        elif r[0] == "env_close_each_round":   # Groaning Corpse: at close range only
            n = max([x[1] for x in readings if x[0] == "env_close_amount"] or [r[1]])
            _set_combat(ctx, f._replace(used=f.used | {("env_close", m, n, iid)}))
            ctx.emit("effect", f"This combat, {ctx.name(other)} takes {n} environmental damage each round at close "
                               f"range ({rules.name}).")
            done = True
        elif r[0] == "env_close_amount":
            done = True
        elif r[0] == "strength_round_to_combat":   # Strength of the Bear: the round's +N strength lasts the combat
            keep = [x for x in f.mods if not (x.kind == "strength" and x.card == iid)]
            n = sum(x.amount for x in f.mods if x.kind == "strength" and x.card == iid) or next(
                (e.amount for md in rules.modes for e in md.effects
                 if e.kind == "strength" and e.get("self") and e.amount and e.amount > 0), 0)   # "As [ani] above"
            _set_combat(ctx, f._replace(mods=tuple(keep), used=f.used | {("strength_bonus", m, n, iid)}))
            ctx.emit("effect", f"{ctx.name(m)} gets +{n} strength for the rest of combat.")
            done = True
        elif r[0] == "opponent_strength_round":    # Song of Serenity (at superior, for the rest of combat)
            if ("opponent_strength_to_combat",) in readings:
                _set_combat(ctx, f._replace(used=f.used | {("strength_bonus", other, r[1], iid)}))
            else:
                _set_combat(ctx, f._replace(mods=f.mods + (Mod("strength", r[1], other, iid, rules.card_id),)))
            ctx.emit("effect", f"{ctx.name(other)} gets {r[1]} strength "
                               + ("for the rest of combat." if ("opponent_strength_to_combat",) in readings
                                  else "this round."))
            done = True
        elif r[0] == "opponent_strength_to_combat":
            done = True
        elif r[0] == "set_range_long_if_flight":   # High Ground
            if f.step != "before_range":
                raise Illegal("timing", f"{rules.name} sets the range before range is determined")
            if not ctx.discipline_level(ctx.st.cards[m], "flight") or ctx.discipline_level(ctx.st.cards[other], "flight"):
                raise Illegal("requirements", f"{rules.name} sets the range only if {ctx.name(m)} has flight and "
                                              f"{ctx.name(other)} does not")
            _set_combat(ctx, f._replace(range="long", range_set=True))
            ctx.emit("range", f"The range is long this round ({rules.name}).")
            done = True
        elif r[0] == "opponent_no_grapple":    # Immense Size
            _set_combat(ctx, f._replace(used=f.used | {("no_grapple", other)}))
            ctx.emit("effect", f"This combat, {ctx.name(other)} cannot play grapple cards.")
            done = True
        elif r[0] == "opponent_no_extra_no_continue":     # Blight
            _set_combat(ctx, f._replace(used=f.used | {("no_extra", other), ("no_press_continue", other)}))
            ctx.emit("effect", f"This combat, {ctx.name(other)} cannot use additional strikes or press to continue.")
            done = True
        elif r[0] == "opponent_vampire_no_close_no_continue":     # Whistling Up the Beast: a vampire only
            if ctx.is_vampire(ctx.st.cards[other]):
                _set_combat(ctx, f._replace(used=f.used | {("no_close", other), ("no_press_continue", other)}))
                ctx.emit("effect", f"This combat, {ctx.name(other)} cannot maneuver to close range or press to continue.")
            done = True
        elif r[0] == "env_this_round":             # Thoughts Betrayed: at this round's normal strike resolution
            _set_combat(ctx, f._replace(used=f.used | {("env_round", m, r[1], f.round, iid)}))
            ctx.emit("effect", f"{ctx.name(other)} takes {r[1]} more damage at this round's strike resolution.")
            done = True
        elif r[0] == "opponent_no_strike_cards":   # Thoughts Betrayed at superior (refused in _limit_check)
            _set_combat(ctx, f._replace(used=f.used | {("no_strike_cards", other)}))
            ctx.emit("effect", f"This combat, {ctx.name(other)} cannot play strike cards.")
            done = True
        elif r[0] == "opponent_costs_round":       # Wave of Lethargy: counted by _extra_blood, this round
            if ctx.is_vampire(ctx.st.cards[other]):
                _set_combat(ctx, f._replace(used=f.used | {("costs_round", other, f.round, r[1])}))
                what_ = "cards giving maneuvers or presses" if r[1] == "maneuver_press" else "strike cards"
                ctx.emit("effect", f"This round, {what_} cost {ctx.name(other)} 1 more blood.")
            done = True
        elif r[0] == "strike_option_round_steal":  # Hunger of Marduk: a strike usable this round (rules_combat.strike)
            n = max([x[1] for x in readings if x[0] == "strike_option_amount"] or [r[1]])
            _set_combat(ctx, f._replace(used=f.used | {("strike_option", m, f.round, iid, n)}))
            ctx.emit("effect", f"This round, {ctx.name(m)} can strike, ranged: steal {n} blood or life ({rules.name}).")
            done = True
        elif r[0] == "strike_option_amount":
            done = True
        elif r[0] == "optional_maneuver_round":    # granted with the card's other maneuvers (the play's text)
            done = True
        elif r[0] == "maneuver_close_round":   # Angel's Gift (the play's grants left out: this one is only to close)
            g = list(f.granted)
            if (m, "maneuver", r[1]) in g:
                g.remove((m, "maneuver", r[1]))
            _set_combat(ctx, f._replace(granted=tuple(g) + ((m, "maneuver_close", r[1]),)))
            done = True
        elif r[0] == "press_this_combat":      # Form of the Wolf: the press is kept for any round of this combat
            g = list(f.granted)
            if (m, "press", 1) in g:
                g.remove((m, "press", 1))
            _set_combat(ctx, f._replace(granted=tuple(g), used=f.used | {("combat_press", m, iid)}))
            ctx.emit("effect", f"{ctx.name(m)} has 1 optional press this combat.")
            done = True
        elif r[0] == "optional_press_round":   # granted with the card's other presses (above)
            done = True
        elif r[0] in ("unlimited_additional_strike", "put_self_in_play", "reset_counters_on_play",
                      "counter_press_each_round", "burn_at_end_of_combat"):
            done = True
        elif r[0] in ("equip_weapon_from_hand", "equip_weapon_limits", "becomes_weapon", "weapon_wears",
                      "burn_without_counters"):
            done = True         # carried out before the card's cost (_equip_from_hand)
        elif r[0] == "strength_set_combat":
            _set_combat(ctx, f._replace(used=f.used | {("strength_set", m, r[1], iid)}))
            ctx.emit("effect", f"{ctx.name(m)} has a strength of {r[1]} this combat.")
            done = True
        elif r[0] in ("melee_weapon_aggravated_round", "melee_weapon_aggravated_bonus_round",
                      "burn_weapon_end_of_round"):        # Baal's Bloody Talons: the melee weapon of this vampire's strike
            w = next((d.source for who, d in f.strikes + f.committed if who == m and d.source is not None
                      and d.source in ctx.st.cards and "melee weapon" in ctx.rules(d.source).keywords), None)
            if w is None or f.step != "strike":
                raise Illegal("timing", f"{rules.name} is only usable before resolution of {poss(ctx.name(m))} melee "
                                        "weapon strike")
            key = {"melee_weapon_aggravated_round": ("talons", w, f.round),
                   "burn_weapon_end_of_round": ("burn_end_round", w, f.round)}.get(r[0]) or \
                ("talons_bonus", w, f.round, r[1])
            _set_combat(ctx, f._replace(used=f.used | {key}))
            if r[0] == "melee_weapon_aggravated_round":
                ctx.emit("effect", f"Damage from {poss(ctx.name(w))} strikes is aggravated this round; it is burned at "
                                   "the end of the round.")
            done = True
        elif r[0] == "opponent_chooses_strike_first":      # Rapid Thought: in the strike step, before either chose
            if f.step != "strike" or f.extra_phase or m in f.struck or other in f.struck or m != f.a \
                    or any(x[0] in (m, other) for x in f.committed):
                raise Illegal("timing", f"{rules.name} is only usable as strikes are chosen, by the minion that would "
                                        "choose first")
            _set_combat(ctx, f._replace(used=f.used | {("choose_after", m, f.round)}))
            ctx.emit("effect", f"{ctx.name(other)} chooses its strike first this round.")
            done = True
        elif r[0] == "after_combat_opponent_regains":      # Imposing Phantasm (_after_combat)
            _set_combat(ctx, f._replace(used=f.used | {("after_combat", m, other, "after_combat_regain")}))
            done = True
        elif r[0] in ("equip_from_hand_non_unique", "equip_cost_half_in_blood"):
            done = True         # carried out before the card's cost (_equip_from_hand)
        elif r[0] == "commit_hand_strike_opponent_first":  # Haymaker: the initial strikes of this round
            if f.step != "before_strikes" or f.range != "close":
                raise Illegal("timing", f"{rules.name} is played after range is determined, at close range")
            if ("haymaker", m, f.round - 1) in f.used:
                raise Illegal("limit", f"{ctx.name(m)} played {rules.name} last round")
            if any(x[0] == m for x in f.committed):
                raise Illegal("strike", f"{ctx.name(m)} has already chosen its strike this round")
            _set_combat(ctx, f._replace(committed=f.committed + ((m, StrikeDesc("hand_plus", r[1], source=iid,
                                                                                label=rules.name)),),
                                        mods=f.mods + (Mod("first_strike", 1, other, iid, rules.card_id),),
                                        used=f.used | {("haymaker", m, f.round)} | (
                                            {("press_to_bigger", f.round)} if ("press_to_bigger_hitter",) in readings
                                            else set())))
            ctx.emit("effect", f"{poss(ctx.name(m))} initial strike this round is a hand strike at +{r[1]} damage; "
                               f"{poss(ctx.name(other))} initial strike gets first strike.")
            done = True
        elif r[0] == "press_to_bigger_hitter":             # Haymaker (_enter_press)
            done = True
        elif r[0] == "plus_damage_against_opponent_combat":    # Dam the Heart's River (open_damage)
            _set_combat(ctx, f._replace(used=f.used | {("dam", other, r[1])}))
            ctx.emit("effect", f"This combat, each strike or damaging effect against {ctx.name(other)} inflicts "
                               f"+{r[1]} damage.")
            done = True
        elif r[0] == "opponent_strikes_cost_combat":       # Dam the Heart's River at superior (_strike_toll)
            _set_combat(ctx, f._replace(used=f.used | {("strike_toll_all", other, r[1])}))
            ctx.emit("effect", f"This combat, strikes cost {ctx.name(other)} {r[1]} more blood or life.")
            done = True
        elif r[0] == "bank_blood_to_younger_uncontrolled":     # Street Cred: the vampire named as the choice
            n = max([x[1] for x in readings if x[0] == "bank_blood_amount"] or [r[1]])
            seat_ = ctx.st.cards[m].controller
            if not choice:
                raise Malformed("choice", f"{rules.name}: name the younger vampire in your uncontrolled region (choice)")
            v = flow.ref(ctx, seat_, choice)
            vc = ctx.st.cards[v]
            if vc.region != "uncontrolled" or vc.owner != seat_ or not ctx.is_vampire(vc) \
                    or ctx.capacity(vc) >= ctx.capacity(ctx.st.cards[m]):
                raise Illegal("target", f"{rules.name} moves blood to a younger vampire in your uncontrolled region")
            ctx.update(v, counters=vc.counters + n)
            ctx.emit("blood", f"{ctx.name(v)} gets {n} blood from the blood bank ({rules.name}).", cards=(v,))
            done = True
        elif r[0] in ("bank_blood_amount", "one_damage_each_round_normal_only", "one_damage_each_round_aggravated_too",
                      "strike_damage_at_most", "strike_burns_electronic", "celerity_burns_to_prevent_strike",
                      "strike_damage_and_prevent_change"):
            done = True
        elif r[0] == "one_damage_each_round":              # Flesh of Marble (close_damage: _marble)
            agg = ("one_damage_each_round_aggravated_too",) in readings
            _set_combat(ctx, f._replace(used=f.used | {("marble", m, agg)}))
            ctx.emit("effect", f"This combat, {ctx.name(m)} takes at most 1 damage each round"
                               + ("." if agg else " (aggravated damage aside)."))
            done = True
        elif r[0] == "next_combat_card_costs_less":        # Inner Essence (_extra_blood)
            _set_combat(ctx, f._replace(used=f.used | {("essence", m)}))
            ctx.emit("effect", f"Once this combat, a combat card costs {ctx.name(m)} 1 blood less.")
            done = True
        elif r[0] == "self_gains_blood":                   # Inner Essence at superior
            before = ctx.st.cards[m].counters
            ctx.set_blood(m, before + r[1])
            ctx.emit("gain", f"{ctx.name(m)} gains {ctx.st.cards[m].counters - before} blood ({rules.name}).", cards=(m,))
            done = True
        elif r[0] == "frenzy_immune_and_retainer_damage":  # Bestial Vengeance: the retainer named as the choice
            rets = [a for a in ctx.st.attached.get(m, ()) if "Retainer" in ctx.cdef(a).types]
            ret = next((a for a in rets if choice and ctx.name(a).lower() == str(choice).lower()), None) \
                if choice else (rets[0] if len(rets) == 1 else None)
            if ret is None:
                raise Illegal("target", f"{rules.name}: name a retainer on {ctx.name(m)} (choice)")
            n = max([x[1] for x in readings if x[0] == "retainer_damage_change"] or [r[1]])
            _set_combat(ctx, f._replace(used=f.used | {("frenzy_immune", m), ("retainer_env", m, n, ret)}))
            ctx.emit("effect", f"This combat, {ctx.name(m)} is immune to frenzy cards, and {ctx.name(other)} takes {n} "
                               f"damage at each strike resolution while {ctx.name(ret)} is ready.")
            done = True
        elif r[0] in ("choose_own_retainer", "retainer_damage_change"):
            done = True
        elif r[0] == "hand_hit_torpor_or_burn_round":      # Basilisk's Touch (close_damage: _basilisk)
            n = max([x[1] for x in readings if x[0] == "hand_hit_burn_blood"] or [0])
            _set_combat(ctx, f._replace(used=f.used | {("basilisk", m, f.round, n)}))
            ctx.emit("effect", f"This round, if {poss(ctx.name(m))} hand strike damages {ctx.name(other)}, it goes to "
                               "torpor (an ally is burned).")
            done = True
        elif r[0] == "hand_hit_burn_blood":
            done = True
        elif r[0] == "no_strike_retainer_immune_round":    # Eyes of Blades at superior (open_damage: _retainer_shield)
            _set_combat(ctx, f._replace(mods=f.mods + (Mod("forbid_all_strikes", 0, m, iid, rules.card_id),),
                                        used=f.used | {("retainer_immune", m, f.round)}))
            ctx.emit("effect", f"This round, {ctx.name(m)} cannot strike, and damage from retainers has no effect on it.")
            done = True
        elif r[0] in ("dodge_with_press", "lock_aye_to_unlock", "retainer_prevent_round"):
            done = True         # (strike readings)
        elif r[0] == "long_range_default_and_press_end_each_round":     # Fear of the Void Below (close: each round)
            g = list(f.granted)
            if (m, "press", 1) in g:        # (the play's text gave a plain press: it is only to end combat)
                g.remove((m, "press", 1))
            _set_combat(ctx, f._replace(used=f.used | {("default_long",), ("press_end_each_round", m)},
                                        granted=tuple(g) + ((m, "press_end", 1),),
                                        **({"range": "long"} if f.step == "before_range" and not f.range_set else {})))
            ctx.emit("effect", f"This combat, each round defaults to long range, and {ctx.name(m)} gets a press only "
                               "to end combat each round.")
            done = True
        elif r[0] == "aim_hit_effect":                     # an aim: played as this minion chooses its strike
            if f.step != "strike" or m not in f.striking or m in f.struck or any(x[0] == m for x in f.committed):
                raise Illegal("timing", f"{rules.name} is played as {ctx.name(m)} chooses a strike")
            if _open_aim(f, m) is not None:
                raise Illegal("limit", f"{ctx.name(m)} can play only one aim each strike")
            n_ = next((x[1] for x in readings if x[0] == "aim_cancel_discards"), 0)
            bonus = next((x[1] for x in readings if x[0] == "aim_strike_bonus"), 0)
            _set_combat(ctx, f._replace(used=f.used | {("aim", m, iid, f.round, f.extra_phase, r[1], n_, bonus,
                                                        choice or "")}))
            ctx.emit("effect", f"{ctx.name(m)} aims its strike ({rules.name})"
                               + (f"; {ctx.name(other)}'s controller may discard {n_} combat card"
                                  f"{'s' if n_ > 1 else ''} to cancel it." if n_ else "."))
            done = True
        elif r[0] in ("aim_strike_bonus", "aim_cancel_discards", "aim_direct_bonus"):
            done = True
        elif r[0] == "move_equipment_from_circle":         # Clockwerx: named by the play's choice
            if not choice:
                raise Malformed("choice", f"{rules.name}: name the equipment to move (choice)")
            seat_ = ctx.st.cards[m].controller
            eq = next((a for b in ctx.st.cards if ctx.st.cards[b].controller == seat_ and b not in (f.a, f.b)
                       and ctx.st.cards[b].region == "ready" and _circle(ctx, b) is not None
                       and _circle(ctx, b) == _circle(ctx, m)
                       for a in ctx.st.attached.get(b, ()) if ctx.name(a).lower() == str(choice).lower()
                       and effects_combat.is_equipment(ctx, a)), None)
            if eq is None:
                raise Illegal("target", f"{rules.name} moves an equipment from a ready Blood Brother of the same circle")
            ctx.move(eq, "attached", host=m)
            ctx.emit("equip", f"{ctx.name(eq)} moves to {ctx.name(m)} ({rules.name}).", cards=(m, eq))
            done = True
        elif r[0] == "vampires_gain_ally_cost":            # Orgy of Blood: X the pool cost of the burned ally
            x = max(0, ctx.rules(other).pool_cost or 0)
            seat_ = ctx.st.cards[m].controller
            for v in sorted(i for i, c_ in ctx.st.cards.items() if c_.controller == seat_ and c_.region in ("ready", "torpor")
                            and ctx.is_vampire(c_)):
                before = ctx.st.cards[v].counters
                ctx.set_blood(v, before + x)
                ctx.emit("gain", f"{ctx.name(v)} gains {ctx.st.cards[v].counters - before} blood ({rules.name}).",
                         cards=(v,))
            done = True
        elif r[0] == "imprison_opponent":                  # Imprison: this combat
            _set_combat(ctx, f._replace(used=f.used | {("no_maneuver_combat", other), ("no_press_continue", other),
                                                       ("strike_toll_combat", other, 1)}))
            ctx.emit("effect", f"This combat, {ctx.name(other)} cannot maneuver or press to continue, and its strikes "
                               "other than combat ends cost 1 more blood or life.")
            done = True
        elif r[0] == "reflect_hand_melee_retainer_combat":     # Inflict (_reflect_hand_damage)
            _set_combat(ctx, f._replace(used=f.used | {("reflect_combat", m, iid)}))
            ctx.emit("effect", f"This combat, damage from hand strikes, melee weapon strikes and retainers on "
                               f"{ctx.name(m)} is inflicted on its source as well.")
            done = True
        elif r[0] == "tha_strikes_first_round":            # Shotgun Ritual (_only_refusal)
            _set_combat(ctx, f._replace(used=f.used | {("tha_first_round", m)}))
            ctx.emit("effect", f"{ctx.name(m)} can play strikes requiring Thaumaturgy during the first round.")
            done = True
        elif r[0] == "press_continue_grant":               # the play's optional press: only to continue combat
            g = list(f.granted)
            if (m, "press", 1) in g:
                g.remove((m, "press", 1))
            _set_combat(ctx, f._replace(granted=tuple(g) + ((m, "press_continue", 1),)))
            done = True
        elif r[0] == "reflect_hand_damage_round":          # King of the Mountain (_reflect_hand_damage)
            _set_combat(ctx, f._replace(used=f.used | {("reflect_hand", m, iid, f.round)}))
            ctx.emit("effect", f"This round, a hand strike's damage on {ctx.name(m)} is also inflicted on "
                               f"{ctx.name(other)}.")
            done = True
        elif r[0] == "burn_for_immune_aggravated_round":   # Ignore the Searing Flames at superior
            from vtes_desktop.engine.rules_action import _pay

            _pay(ctx, ctx.st.cards[m].controller, m, 0, r[1], rules.name)
            f = combat_frame(ctx.st)
            _set_combat(ctx, f._replace(mods=f.mods + (Mod("immune_aggravated", 0, m, iid, rules.card_id),)))
            ctx.emit("effect", f"{ctx.name(m)} is immune to aggravated damage this round.")
            done = True
        elif r[0] == "queue_combat":                       # Psyche!: a new combat once this one ends (_end_combat)
            if not (_ready(ctx, m) and _ready(ctx, other)) or not (f.step == "end_of_round" and (
                    f.ended or not f.press_continue)):
                raise Illegal("timing", f"{rules.name} is only usable if both combatants are still ready and combat "
                                        "is about to end")
            if ("queued_combat",) in f.used:
                raise Illegal("timing", f"{rules.name} is not usable if a combat is already queued")
            _set_combat(ctx, f._replace(used=f.used | {("queued_combat",)}))
            ctx.emit("effect", f"A combat between {ctx.name(m)} and {ctx.name(other)} is queued ({rules.name}).")
            done = True
        elif r[0] in ("weapon_only_equipment_prevents_round", "weapon_bonus_round"):   # Strike at the True Flesh
            w = next((d.source for who, d in f.strikes + f.committed if who == m and d.source is not None
                      and d.source in ctx.st.cards and "melee weapon" in ctx.rules(d.source).keywords), None)
            if w is None or f.step != "strike":
                raise Illegal("timing", f"{rules.name} is only usable before resolution of {poss(ctx.name(m))} melee "
                                        "weapon strike")
            _set_combat(ctx, f._replace(used=f.used | {("equip_only_prev", w, f.round) if r[0].startswith("weapon_only")
                                                       else ("weapon_bonus", w, f.round, r[1])}))
            ctx.emit("effect", f"This round, the non-aggravated damage of {poss(ctx.name(w))} strikes can only be "
                               "prevented by equipment or strikes." if r[0].startswith("weapon_only") else
                               f"{ctx.name(w)} inflicts +{r[1]} damage each strike this round.")
            done = True
        elif r[0] in ("queue_interrupts_combat_ends", "strength_round_from_text", "prevent_half_note", "strike_also_damage",
                      "range_step_skipped", "no_extra_this_round", "dodged_penalty"):
            done = True         # (Psyche!: checked with queue_combat; Lapse: the strength from the play's text)
        elif r[0] == "opponent_no_maneuver_round":         # Lapse
            _set_combat(ctx, f._replace(used=f.used | {("no_maneuver_round", other, f.round)}))
            ctx.emit("effect", f"{ctx.name(other)} cannot maneuver this round.")
            done = True
        elif r[0] == "opponent_no_initial_strike_round":   # Lapse at superior
            _set_combat(ctx, f._replace(used=f.used | {("no_initial_strike", other, f.round)}))
            ctx.emit("effect", f"{ctx.name(other)} cannot strike during the initial strike step this round.")
            done = True
        elif r[0] == "opposing_ranged_weapon_no_damage":   # Darkling Trickery (its weapon checked by the only-clause)
            w = _opposing_ranged_weapon(ctx, f, other)
            _set_combat(ctx, f._replace(used=f.used | {("weapon_no_damage", w, f.round)}))
            ctx.emit("effect", f"{ctx.name(w)} inflicts no damage this strike ({rules.name}).")
            done = True
        elif r[0] == "strike_never_aggravated" or r[0] == "strike_unpreventable_if_black_hand":
            done = True         # (strike readings)
        elif r[0] == "hand_melee_aggravated":              # Blood Agony (_blood_agony)
            _set_combat(ctx, f._replace(used=f.used | {("hm_agg", m) if r[1] == "combat" else ("hm_agg_next", m, iid)}))
            ctx.emit("effect", f"Damage from {poss(ctx.name(m))} " + ("hand and melee weapon strikes is aggravated this "
                                                                      "combat." if r[1] == "combat" else
                                                                      "next hand or melee weapon strike is aggravated."))
            done = True
        elif r[0] == "weather_each_round":                 # Weather Control: this round's damage now, then each round
            growing = ("weather_growing",) in readings
            f = f._replace(used=f.used | {("weather", iid, r[1], growing, f.round)})
            _set_combat(ctx, f)
            _weather(ctx, f)
            done = True
        elif r[0] == "weather_growing":
            done = True
        elif r[0] == "round_prevent_granted":              # Obedient Flesh: named with prevent, this round
            _set_combat(ctx, f._replace(mods=f.mods + (Mod("granted_prevent", r[1], m, iid, rules.card_id),)))
            ctx.emit("granted", f"{ctx.name(m)} can prevent {r[1]} damage this round ({rules.name}).")
            done = True
        elif r[0] == "strength_and_prevent_normal":        # Mythic Form
            _set_combat(ctx, f._replace(used=f.used | {("strength_bonus", m, r[1], iid),
                                                       ("round_prevent", m, rules.card_id, r[2], "normal")}))
            ctx.emit("effect", f"This combat, {ctx.name(m)} gets +{r[1]} strength and can prevent {r[2]} non-aggravated "
                               "damage each round.")
            done = True
        elif r[0] == "maneuver_and_strike_option_combat":  # Mythic Form at superior (the maneuver: the play's text)
            if ("strike_option_combat", m, iid, r[1], r[2]) not in f.used:
                _set_combat(ctx, f._replace(used=f.used | {("strike_option_combat", m, iid, r[1], r[2])}))
                ctx.emit("effect", f"{ctx.name(m)} can strike: {r[1]}R{' aggravated' if r[2] else ''} damage once each "
                                   f"round this combat ({rules.name}).")
            done = True
        elif r[0] in ("no_press_if_hit", "no_extra_if_hit"):     # Sympathetic Agony: checked by press, extra strikes
            _set_combat(ctx, f._replace(used=f.used | {(r[0], m)}))
            ctx.emit("effect", f"This combat, a round in which {ctx.name(other)} damages {ctx.name(m)}, it cannot "
                               + ("press." if r[0] == "no_press_if_hit" else "use additional strikes."))
            done = True
        elif r[0] == "opponent_strike_toll_round":         # Skin Trap: checked as the opposing minion strikes
            _set_combat(ctx, f._replace(mods=f.mods + (Mod("strike_toll", r[1], other, iid, rules.card_id),)))
            ctx.emit("effect", f"This round, {ctx.name(other)} strikes only by burning {r[1]} blood.")
            done = True
        elif r[0] == "opponent_no_press_round":            # Shoulder Drop
            _set_combat(ctx, f._replace(used=f.used | {("no_press_round", other, f.round)}))
            ctx.emit("effect", f"{ctx.name(other)} cannot press this round.")
            done = True
        elif r[0] == "damage_after_hand_hit":              # Shoulder Drop: played after the strike resolved
            if _ready(ctx, m) and _ready(ctx, other):
                ctx.emit("effect", f"{ctx.name(other)} takes {r[1]} more damage ({rules.name}).")
                open_damage(ctx, (Hit(other, r[1], 0, source=None, via=iid),))
            done = True
        elif r[0] == "opponent_vampire_drawn_out":         # Drawing Out the Beast: only on a vampire
            if ctx.is_vampire(ctx.st.cards[other]):
                _set_combat(ctx, f._replace(used=f.used | {("strength_bonus", other, r[1], iid), ("no_long", other),
                                                           ("no_press_end", other), ("no_equipment", other)}))
                ctx.emit("effect", f"This combat, {ctx.name(other)} gets +{r[1]} strength and cannot maneuver to long "
                                   "range, press to end combat or use equipment.")
            done = True
        elif r[0] == "press_step_damage_vampire":
            _set_combat(ctx, f._replace(used=f.used | {("press_dmg_vampire", m, r[1], iid)}))
            ctx.emit("effect", f"This combat, {ctx.name(other)} takes {r[1]} unpreventable damage each press step "
                               "if it is a vampire.")
            done = True
        elif r[0] == "opponent_controller_burns_pool":     # Hell-for-Leather
            seat_ = ctx.st.cards[other].controller
            ctx.pool(seat_, -r[1], rules.name)
            done = True
        elif r[0] == "burn_torpor_victim":                 # Decapitate
            ctx.burn(other, f"burned instead of going to torpor ({rules.name})")
            ctx.emit("burned", f"{ctx.name(other)} is burned instead of going to torpor ({rules.name}).")
            done = True
        elif r[0] == "diablerize_torpor_victim":           # Amaranth: a diablerie, with its blood hunt
            from vtes_desktop.engine.rules_action import diablerie

            diablerie(ctx, m, other)
            done = True
        elif r[0] == "gain_blood_lost_by_opponent":
            n = effects_combat.blood_lost(f, other) if ctx.is_vampire(ctx.st.cards[other]) else 0
            before = ctx.st.cards[m].counters
            ctx.set_blood(m, before + n)
            ctx.emit("gain", f"{ctx.name(m)} gains {ctx.st.cards[m].counters - before} blood ({rules.name}).",
                     cards=(m,))
            done = True
    return done


def _ammo_gun(ctx: Ctx, f: CombatFrame, m: int, rules: CardRules) -> int:
    """The gun an ammo card is used on: the one *m* has chosen to strike with this round, before that strike
    resolves; no more than one ammo card on a gun each combat; Glaser Rounds not on the gun's first use."""
    gun = next((d.source for x, d in f.strikes if x == m and d.source is not None and d.source in ctx.st.cards
                and ctx.st.cards[d.source].region == "attached" and "gun" in ctx.rules(d.source).keywords), None)
    if gun is None or f.step != "strike":
        raise Illegal("timing", f"{rules.name} is only usable before resolution of a gun's strike: strike with the "
                                "gun first")
    if ("ammo_on", gun) in f.used:
        raise Illegal("limit", f"no more than one ammo card can be used on {ctx.name(gun)} each combat")
    mode = rules.modes[0] if rules.modes else None
    if mode is not None and any("first use of the gun" in o for o in mode.only) and not any(
            isinstance(u, tuple) and len(u) == 3 and u[0] == gun and u[1] == "strike_round" and u[2] < f.round
            for u in f.used):
        raise Illegal("timing", f"{rules.name} is not usable the first time {ctx.name(gun)} is used in a combat")
    return gun


def _ammo_bonus(ctx: Ctx, f: CombatFrame, source: int | None) -> int:
    return sum(u[2] if f.range == "close" else u[3] for u in f.used
               if isinstance(u, tuple) and len(u) == 4 and u[0] == "ammo_bonus" and u[1] == source)


def _cancel_combat_card(ctx: Ctx, cmd: C.Play, m: int, iid: int, rules: CardRules, mode, r: tuple) -> None:
    """Cancel a card the opposing minion has just played, as it is played (Hide the Mind, Anticipation, Taming the
    Beast...): the game goes back to before that play; the canceled card goes to its owner's ash heap (replaced),
    and its cost is paid only when the canceling card does not say otherwise."""
    from vtes_desktop.engine import effects_master
    from vtes_desktop.engine.rules_action import _cost, _pay, played_from_hand

    _, blood, kinds, discs, cost_paid = r
    cf0 = combat_frame(ctx.st)
    if cf0 is not None and ("no_cancel_frenzy", m) in cf0.used and "frenzy" in ctx.rules(ctx.st.as_played[2]).keywords \
            if ctx.st.as_played is not None else False:
        raise Illegal("cancel", f"{ctx.name(m)} cannot cancel frenzy cards this combat")
    rec = ctx.st.as_played   # the card the previous step played (effects_master.note_as_played)
    if rec is None:
        raise Illegal("timing", f"{rules.name} cancels a card as it is played: no card has just been played")
    _, seat, card, before = rec
    if cmd.target is not None and flow.ref(ctx, cmd.seat, cmd.target) != card:
        raise Illegal("target", f"{rules.name} cancels only the card just played, {ctx.name(card)}")
    f = combat_frame(ctx.st)
    other = f.b if m == f.a else f.a
    cr = ctx.rules(card)
    if seat != ctx.st.cards[other].controller or "Combat" not in cr.types:
        raise Illegal("target", f"{rules.name} cancels a combat card played by the opposing minion")
    kw = set(cr.keywords)
    ok = ("combat" in kinds or ("grapple" in kinds and "grapple" in kw) or ("frenzy" in kinds and "frenzy" in kw)
          or ("aim" in kinds and "aim" in kw)
          or ("strike" in kinds and any(e.kind == "strike" for md in cr.modes for e in md.effects)))
    if not ok:
        raise Illegal("target", f"{rules.name} cancels a {' or '.join(kinds)} card; {cr.name} is not one")
    if discs and not set(discs) & set(cr.disciplines):
        raise Illegal("target", f"{rules.name} cancels a card requiring {', '.join('[' + d + ']' for d in discs)}")
    paid = _cost(cr, None) if cost_paid and -1 not in (cr.pool_cost, cr.blood_cost) else (0, 0)
    effects_master._cancel_as_played(ctx, cmd, iid, rules, "combat")   # back to before the play
    if paid != (0, 0):
        ctx.emit("note", f"{rules.name} does not waive the cost: {cr.name} is paid for all the same.")
        _pay(ctx, seat, other, paid[0], min(paid[1], ctx.st.cards[other].counters), cr.name)
    _limit_check(ctx, m, rules, mode)
    pool, cblood = _cost(rules, None)
    _pay(ctx, cmd.seat, m, pool, cblood + blood + _extra_blood(ctx, m, rules, blood), rules.name,
         conviction=max(0, rules.conviction_cost or 0))
    ctx.emit("played", f"{ctx.name(m)} plays {rules.name}.")
    played_from_hand(ctx, cmd.seat, iid, rules)
    cf = combat_frame(ctx.st)
    if ("canceled_striker_gets_no_strike",) in effects_combat.mode_readings(ctx, rules, mode) and cf is not None \
            and cf.step == "strike" and other in cf.striking and other not in cf.struck:     # Evil Eye
        _set_combat(ctx, cf._replace(strikes=cf.strikes + ((other, StrikeDesc("none", label="no strike")),),
                                     struck=cf.struck | {other}))
        ctx.emit("strike", f"{ctx.name(other)} cannot choose another strike: no strike.")
        _maybe_all_struck(ctx)


def _equip_from_hand(ctx: Ctx, cmd: C.Play, m: int, rules: CardRules, readings) -> None:
    """Concealed Weapon, Disguised Weapon: the minion equips with a weapon card from hand (named as the play's
    target), requirements and cost as normal; the weapon card is replaced."""
    from vtes_desktop.engine.rules_action import _cost, _pay, played_from_hand, requirement_refusal

    if cmd.target is None:
        raise Malformed("target", f"name the weapon card in hand that {rules.name} equips")
    w = flow.ref(ctx, cmd.seat, cmd.target)
    wc = ctx.st.cards[w]
    wr = ctx.rules(w)
    if wc.region != "hand" or wc.owner != cmd.seat:
        raise Illegal("equip", f"{ctx.name(w)} is not in {ctx.seat_name(cmd.seat)}'s hand")
    any_eq = ("equip_from_hand_non_unique",) in readings       # Contraband: any non-unique equipment
    if "Equipment" not in wr.types or not (any_eq or any("weapon" in k or k == "gun" for k in wr.keywords)):
        raise Illegal("equip", f"{ctx.name(w)} is not {'an equipment' if any_eq else 'a weapon'}")
    if any_eq and (wr.unique or "unique" in wr.keywords):
        raise Illegal("equip", f"{rules.name} equips only with a non-unique equipment")
    if _restricted(ctx, m, True):
        raise Illegal("equip", f"{ctx.name(m)} cannot use equipment this combat")
    limits = next((r for r in readings if r[0] == "equip_weapon_limits"), None)
    if ("equip_weapon_from_hand", "melee") in readings and "melee weapon" not in wr.keywords:
        raise Illegal("equip", f"{rules.name} equips only with a melee weapon")
    if ("equip_weapon_from_hand", "non-unique") in readings and (wr.unique or "unique" in wr.keywords):
        raise Illegal("equip", f"{rules.name} equips only with a non-unique weapon")
    if limits is not None:
        wdesc = _strike_of_text(ctx.cdef(w).text)
        if (wr.pool_cost or 0) >= limits[1]:
            raise Illegal("equip", f"{ctx.name(w)} costs {limits[1]} or more pool")
        if wdesc is not None and (wdesc.aggravated or (wdesc.kind == "damage" and wdesc.amount >= limits[2])):
            raise Illegal("equip", f"{ctx.name(w)} inflicts aggravated damage or {limits[2]} or more damage")
        if wdesc is None and any(r[0] == "strength_strike" and r[2] for r in effects_combat.card_readings(ctx, w)):
            raise Illegal("equip", f"{ctx.name(w)} inflicts aggravated damage")
    why = requirement_refusal(ctx, w, wr, None, m)
    if why:
        raise Illegal("requirements", why)
    pool, blood = _cost(wr, None)
    if ("equip_cost_half_in_blood",) in readings and cmd.choice is not None:     # Contraband at superior
        k_ = int(cmd.choice) if str(cmd.choice).isdigit() else -1
        if k_ < 0 or k_ > pool // 2:
            raise Malformed("choice", f"{rules.name}: the blood paid toward {ctx.name(w)}'s cost, at most {pool // 2}")
        pool, blood = pool - k_, blood + k_
    _pay(ctx, cmd.seat, m, pool, blood, wr.name)
    ctx.move(w, "attached", host=m)
    played_from_hand(ctx, cmd.seat, w, wr, to="none")
    ctx.emit("equip", f"{ctx.name(m)} equips with {ctx.name(w)} ({rules.name}).", cards=(m, w))


def _inflicted(f: CombatFrame, m: int) -> int:
    """Damage *m* successfully inflicted this round (recorded as it is inflicted)."""
    return sum(x.amount for x in f.mods if x.kind == "inflicted" and x.minion == m)


def _attach_to_opponent(ctx: Ctx, m: int, iid: int, mode) -> bool:
    """Disarm: put this card on the opposing vampire and send them to torpor."""
    f = combat_frame(ctx.st)
    other = f.b if m == f.a else f.a
    oc = ctx.st.cards[other]
    if not ctx.is_vampire(oc) or oc.region != "ready":
        return False
    ctx.move(iid, "attached", host=other, level=mode.level)
    ctx.move(other, "torpor", seat=oc.controller, counters=oc.counters, locked=oc.locked, wounded=False)
    ctx.emit("torpor", f"{ctx.name(iid)} is put on {ctx.name(other)}, who goes to torpor.", cards=(other,))
    return True


def use_in_combat(ctx: Ctx, cmd: C.Use, iid: int) -> None:
    """An effect of a card in play used in combat outside maneuvers, strikes and presses (Sniper Rifle)."""
    if cmd.effect == "cancel maneuver":     # Rigor Mortis at superior
        return _rigor_cancel(ctx, cmd, iid)
    if effects_crypt.use_in_combat(ctx, cmd, iid):   # a vampire's own "burn 1 blood: aggravated hand strikes"
        return
    if effects_minion.use_in_combat(ctx, cmd, iid):   # an ally's or retainer's own (Survivalist, Omael Kuman)
        return
    from vtes_desktop.engine.effects_attached import use_in_combat as attached_in_combat

    if attached_in_combat(ctx, cmd, iid):   # a card put on a minion (Chill of Oblivion: auto_attached)
        return
    f = ctx.st.top
    c = ctx.st.cards[iid]
    readings = effects_combat.card_readings(ctx, iid) if c.region == "attached" else []
    if ("blocker_sets_long_range",) in readings:
        return _blocker_sets_long_range(ctx, cmd, iid, f)
    if ("burn_x_for_combat_maneuvers",) in readings:        # Ruins of Villers Abbey
        return _burn_x_for_maneuvers(ctx, cmd, iid, f)
    if ("cancel_grapple_once",) in readings:                # Joumlon's Axe
        return _axe_cancel(ctx, cmd, iid)
    if ("burn_before_range_for_effect",) in readings:       # Powder of Rigidity
        return _powder(ctx, cmd, iid, f, next(r for r in readings if r[0] == "opponent_no_discipline_cards"))
    if ("burn_to_burn_torpor_victim",) in readings:         # Garrote
        return _garrote(ctx, cmd, iid, f)
    if ("burn_for_strength_and_extra_strikes", 1) in readings:     # Vial of Garou Blood
        return _vial(ctx, cmd, iid, f)
    if ("burn_to_end_combat_before_range",) in readings:     # Living Manse
        if not isinstance(f, CombatFrame) or f.step != "before_range":
            raise Illegal("timing", f"{ctx.name(iid)} is burned before range is determined to end combat")
        if c.host not in (f.a, f.b) or ctx.st.cards[c.host].controller != cmd.seat:
            raise Illegal("use", f"{ctx.name(iid)} is not on a minion of yours in this combat")
        ctx.burn(iid, "burned to end combat")
        f = combat_frame(ctx.st)
        _set_combat(ctx, f._replace(ended=True, step="end_of_round", imp=f.imp._replace(at=0, passes=0), pending=()))
        ctx.emit("combat_ends", f"{ctx.name(c.host)} burns {ctx.name(iid)}: combat ends.")
        return
    raise Illegal("use", f"use {ctx.name(iid)} through maneuver, strike or press, or by hand with manual moves")


def _burn_x_for_maneuvers(ctx: Ctx, cmd: C.Use, iid: int, f) -> None:
    """Ruins of Villers Abbey: before range is determined on the first round, its vampire burns X blood (the use's
    effect) for X optional maneuvers that combat."""
    c = ctx.st.cards[iid]
    if not isinstance(f, CombatFrame) or f.step != "before_range" or f.round != 1:
        raise Illegal("timing", f"{ctx.name(iid)} is used before range is determined on the first round of a combat")
    if c.host not in (f.a, f.b) or ctx.st.cards[c.host].controller != cmd.seat:
        raise Illegal("use", f"{ctx.name(iid)} is not on a minion of yours in this combat")
    if any(isinstance(u, tuple) and len(u) == 4 and u[0] == "combat_maneuvers" and u[3] == iid for u in f.used):
        raise Illegal("use", f"{ctx.name(iid)} has already been used this combat")
    x = (cmd.effect or "").strip()
    if not x.isdigit() or int(x) < 1:
        raise Malformed("effect", f"give X, the blood {ctx.name(c.host)} burns for X maneuvers (effect)")
    from vtes_desktop.engine.rules_action import _pay

    _pay(ctx, cmd.seat, c.host, 0, int(x), ctx.name(iid))
    f = combat_frame(ctx.st)
    _set_combat(ctx, f._replace(used=f.used | {("combat_maneuvers", c.host, int(x), iid)}))
    ctx.emit("granted", f"{ctx.name(c.host)} gets {x} optional maneuvers this combat ({ctx.name(iid)}).")


def _axe_cancel(ctx: Ctx, cmd: C.Use, iid: int) -> None:
    """Joumlon's Axe: once each combat its bearer cancels a grapple card the opposing minion has just played (no
    cost paid); its initial strike this round must be, or have been, with the Axe."""
    from vtes_desktop.engine import effects_master

    c = ctx.st.cards[iid]
    f = combat_frame(ctx.st)
    rec = ctx.st.as_played
    if f is None or rec is None:
        raise Illegal("timing", f"{ctx.name(iid)} cancels a grapple card as it is played")
    m = c.host
    other = f.b if m == f.a else f.a
    card = rec[2]
    if rec[1] != ctx.st.cards[other].controller or "grapple" not in ctx.rules(card).keywords:
        raise Illegal("target", f"{ctx.name(iid)} cancels a grapple card played by the opposing minion")
    if ("axe_cancel", iid) in f.used:
        raise Illegal("limit", f"{ctx.name(iid)} cancels a grapple card once each combat")
    struck_with = next((d.source for who, d in f.strikes + f.committed if who == m), "none")
    if f.extra_phase or (m in f.struck and struck_with != iid):
        if not (f.extra_phase and (iid, "strike_round", f.round) in f.used):
            raise Illegal("timing", f"{poss(ctx.name(m))} initial strike this round must be with {ctx.name(iid)}")
    effects_master._cancel_as_played(ctx, cmd, iid, ctx.rules(iid), "combat")
    f = combat_frame(ctx.st)
    _set_combat(ctx, f._replace(used=f.used | {("axe_cancel", iid), ("must_strike_with", m, iid, f.round)}))


def _powder(ctx: Ctx, cmd: C.Use, iid: int, f, r: tuple) -> None:
    """Powder of Rigidity: burned before range is determined; the opposing minion cannot use cards requiring Protean
    or Vicissitude until the end of combat, and a werewolf gets -2 strength."""
    c = ctx.st.cards[iid]
    if not isinstance(f, CombatFrame) or f.step != "before_range":
        raise Illegal("timing", f"{ctx.name(iid)} is burned before range is determined in a round of combat")
    if c.host not in (f.a, f.b) or ctx.st.cards[c.host].controller != cmd.seat:
        raise Illegal("use", f"{ctx.name(iid)} is burned by its bearer, in combat")
    m = c.host
    other = f.b if m == f.a else f.a
    ctx.burn(iid, "burned before range")
    f = combat_frame(ctx.st)
    add = {("no_discs", other, tuple(r[1]))}
    if r[2] in {k.lower() for k in ctx.rules(other).keywords}:
        add.add(("strength_bonus", other, r[3], iid))
    _set_combat(ctx, f._replace(used=f.used | add))
    ctx.emit("effect", f"{ctx.name(m)} burns {ctx.name(iid)}: {ctx.name(other)} cannot use cards requiring "
                       f"{' or '.join('[' + d + ']' for d in r[1])} this combat.")


def _troile_refusal(ctx: Ctx, m: int, what: str, using: int | None = None) -> str | None:
    """Sword of Troile on *m*: its strikes at close range are with it if possible, and no maneuver to long range."""
    f = combat_frame(ctx.st)
    if f is None or f.range != "close":
        return None
    for a in ctx.st.attached.get(m, ()):
        rd = effects_combat.card_readings(ctx, a)
        if what == "maneuver" and ("bearer_no_maneuver_to_long",) in rd:
            return f"{ctx.name(m)} cannot maneuver to long range ({ctx.name(a)})"
        if what == "strike" and ("bearer_strikes_with_it_at_close",) in rd and using != a \
                and not _restricted(ctx, m, True) and (a, "stolen", f.round) not in f.used:
            return f"{ctx.name(m)} strikes with {ctx.name(a)} at close range"
    return None


def _garrote(ctx: Ctx, cmd: C.Use, iid: int, f) -> None:
    """Garrote: the opposing vampire went to torpor in the round its bearer struck with it, and the bearer is still
    ready: the bearer burns it to burn that vampire instead (not diablerie)."""
    c = ctx.st.cards[iid]
    f = combat_frame(ctx.st)
    if f is None or isinstance(ctx.st.top, DamageFrame) or c.host not in (f.a, f.b) \
            or ctx.st.cards[c.host].controller != cmd.seat:
        raise Illegal("use", f"{ctx.name(iid)} is used in combat by its bearer, once its strike has resolved")
    m = c.host
    other = f.b if m == f.a else f.a
    oc = ctx.st.cards[other]
    if (iid, "strike_round", f.round) not in f.used or ("went_torpor", other) not in f.used or oc.region != "torpor" \
            or not ctx.is_vampire(oc) or not _ready(ctx, m):
        raise Illegal("timing", f"{ctx.name(iid)} is burned when the opposing vampire goes to torpor during the "
                                "resolution of its strike, its bearer still ready")
    ctx.burn(iid, "burned to burn the opposing vampire")
    ctx.burn(other, f"burned instead of going to torpor ({ctx.name(iid)})")
    ctx.emit("burned", f"{ctx.name(m)} burns {ctx.name(iid)}: {ctx.name(other)} is burned instead of going to torpor.")


def _vial(ctx: Ctx, cmd: C.Use, iid: int, f) -> None:
    """Vial of Garou Blood: burned before range in a round of combat: its vampire gets +1 strength and an additional
    strike (limited) each round for the rest of combat, and uses no other equipment."""
    c = ctx.st.cards[iid]
    if not isinstance(f, CombatFrame) or f.step != "before_range":
        raise Illegal("timing", f"{ctx.name(iid)} is burned before range is determined in a round of combat")
    if c.host not in (f.a, f.b) or ctx.st.cards[c.host].controller != cmd.seat or not ctx.is_vampire(ctx.st.cards[c.host]):
        raise Illegal("use", f"{ctx.name(iid)} is burned by the vampire with it, in combat")
    m = c.host
    ctx.burn(iid, "burned for strength and additional strikes")
    f = combat_frame(ctx.st)
    _set_combat(ctx, f._replace(used=f.used | {("strength_bonus", m, 1, iid), ("extra_each_round", m, iid),
                                               ("no_equipment", m)}))
    ctx.emit("effect", f"{ctx.name(m)} burns {ctx.name(iid)}: +1 strength and an additional strike each round for the "
                       "rest of combat, and no other equipment.")


def _round_extra_combat(ctx: Ctx, f: CombatFrame) -> CombatFrame:
    """Vial of Garou Blood: an additional strike (limited) each round."""
    for u in sorted(x for x in f.used if isinstance(x, tuple) and x[0] in ("extra_each_round", "extra_each_round_n")):
        m = u[1]
        n = u[3] if len(u) == 4 else 1      # (Octopod: 1, or 2 at superior)
        if _ready(ctx, m) and ("limited_extra", m, f.round) not in f.used:
            merged = dict(f.extra)
            merged[m] = merged.get(m, 0) + n
            f = f._replace(extra=tuple(merged.items()), used=f.used | {("limited_extra", m, f.round)})
    return f


def _blocker_sets_long_range(ctx: Ctx, cmd: C.Use, iid: int, f: CombatFrame) -> None:
    """A weapon whose bearer, having blocked, sets the first round at long range before range is determined
    (Sniper Rifle); its initial strike that round must be with that weapon."""
    m = ctx.st.cards[iid].host
    name = ctx.name(iid)
    act = next((x for x in reversed(ctx.st.frames) if isinstance(x, ActionFrame)), None)
    if act is None or act.blocker != m or m != f.b or act.outcome != "blocked":
        raise Illegal("use", f"{name} sets the range only in a combat its bearer entered by blocking")
    if f.round != 1 or f.step != "before_range":
        raise Illegal("timing", f"{name} sets the range before range is determined in the first round")
    if _restricted(ctx, m, True):
        raise Illegal("use", f"{ctx.name(m)} cannot use equipment this combat")
    if (m, iid, "set_range") in f.used:
        raise Illegal("use", f"{name} has already set the range of this combat")
    desc = _strike_of_text(ctx.cdef(iid).text, iid, ctx.rules(iid).name)
    _set_combat(ctx, f._replace(range="long", range_set=True, committed=f.committed + ((m, desc),),
                                used=f.used | {(m, iid, "set_range")}))
    ctx.emit("range", f"{ctx.name(m)} sets the range to long with {name}; its first strike will be with {name}.")


# -- damage -----------------------------------------------------------------------------------------------

def open_damage(ctx: Ctx, hits: tuple[Hit, ...]) -> None:
    hits = effects_minion.adjust_hits(ctx, hits)   # allies' own text
    hits = _effects_action().aggravate_hits(ctx, hits)   # Domain of Evernight
    st = ctx.st
    f = combat_frame(st)
    if f is not None and any(isinstance(u, tuple) and u[0] == "dam" for u in f.used):
        hits = _dam(ctx, f, hits)
    if f is not None:
        hits = _bundi(ctx, f, hits)
        if any(isinstance(u, tuple) and u[0] in ("retainer_prev", "retainer_immune") for u in f.used):
            hits = _retainer_shield(ctx, f, hits)
    if f is not None and any(isinstance(u, tuple) and u[0] == "half_strikes" for u in f.used):
        hits = _half_strikes(ctx, hits)
    if f is not None:
        order = f.imp.order
    else:
        top = flow.impulse_frame(st)
        acting = top.seat if isinstance(top, ActionFrame) else st.active
        order = flow.order_for(ctx, acting, defenders=tuple({st.cards[h.target].controller for h in hits}))
    flow.push(ctx, DamageFrame(hits=hits, imp=Impulse(order)))
    for h in hits:
        parts = []
        if h.normal:
            parts.append(f"{h.normal} damage")
        if h.aggravated:
            parts.append(f"{h.aggravated} aggravated damage")
        ctx.emit("damage", f"{ctx.name(h.target)} is to take {' and '.join(parts)}.", cards=(h.target,))


def _prevent(ctx: Ctx, f: DamageFrame, m: int, n: int, label: str) -> None:
    hits = list(f.hits)
    for i, h in enumerate(hits):
        if h.target == m and not h.unpreventable:
            left_n = h.normal - h.prevented_normal
            left_a = h.aggravated - h.prevented_aggravated
            pa = min(n, left_a) if left_n == 0 else 0
            pn = min(n - pa, left_n)
            hits[i] = h._replace(prevented_normal=h.prevented_normal + pn, prevented_aggravated=h.prevented_aggravated + pa)
            flow.set_top(ctx, f._replace(hits=tuple(hits)))
            ctx.emit("prevented", f"{ctx.name(m)} prevents {pn + pa} damage with {label}.")
            return
    raise Illegal("prevent", f"{ctx.name(m)} is taking no damage that can be prevented")


def _no_fort_cards(ctx: Ctx) -> set:
    cf = combat_frame(ctx.st)
    return {u[1] for u in cf.used if isinstance(u, tuple) and len(u) == 2 and u[0] == "no_fort"} if cf else set()


def _hold_no_fortitude(ctx: Ctx, m: int, cards: set | None = None) -> tuple:
    """Before a card requiring Fortitude prevents damage on *m*: the hits from strikes whose damage "cannot be
    prevented by cards requiring Fortitude" (Dead Hand, Soul Burn) are held unpreventable; their indexes."""
    f = ctx.st.top
    nf = _no_fort_cards(ctx) if cards is None else cards
    held = tuple(i for i, h in enumerate(f.hits) if h.target == m and h.via in nf and not h.unpreventable)
    if held:
        hits = list(f.hits)
        for i in held:
            hits[i] = hits[i]._replace(unpreventable=True)
        flow.set_top(ctx, f._replace(hits=tuple(hits)))
    return held


def _release_no_fortitude(ctx: Ctx, m: int, held: tuple, card: int, shield: bool = True) -> None:
    f = ctx.st.top
    if held and isinstance(f, DamageFrame):
        hits = list(f.hits)
        for i in held:
            hits[i] = hits[i]._replace(unpreventable=False)
        flow.set_top(ctx, f._replace(hits=tuple(hits)))
    cf = combat_frame(ctx.st)
    if cf is not None and shield:   # a round shield from a card requiring Fortitude: named, so it spares those strikes
        mods = tuple(x._replace(card=card) if x.kind == "shield_round" and x.minion == m and x.card is None else x
                     for x in cf.mods)
        if mods != cf.mods:
            _set_combat(ctx, cf._replace(mods=mods, used=cf.used | {("fort_shield", card)}))


def _twist(ctx: Ctx, m: int, n: int, label: str) -> None:
    """Twisting the Knife: as damage from *m*'s hand or melee weapon strike of 3 or more is resolved, it inflicts
    1 more."""
    f = ctx.st.top
    cf = combat_frame(ctx.st)
    other = cf.b if m == cf.a else cf.a

    def hand_or_melee(via):
        if via is None:
            return True
        if via not in ctx.st.cards:
            return False
        r = ctx.rules(via)
        return "melee weapon" in r.keywords or ("Combat" in r.types and bool(re.search(
            r"(?i)strike: (?:use a melee weapon strike|hand strike)", ctx.cdef(via).text)))
    hits = list(f.hits)
    for i, h in enumerate(hits):
        if h.source == m and h.target == other and hand_or_melee(h.via) and h.normal + h.aggravated >= 3:
            hits[i] = h._replace(normal=h.normal + n) if h.normal or not h.aggravated else \
                h._replace(aggravated=h.aggravated + n)
            flow.set_top(ctx, f._replace(hits=tuple(hits)))
            ctx.emit("damage", f"{ctx.name(m)} inflicts {n} more damage ({label}).")
            return
    raise Illegal("timing", f"{label} is played as {poss(ctx.name(m))} hand or melee weapon strike inflicts 3 or more "
                            "damage")


def _aggravated_of_strike(ctx: Ctx, m: int, how: str, label: str) -> None:
    """Adaptability: the aggravated damage from the opposing minion's strike on *m* is treated as normal damage, or
    (superior) all prevented."""
    f = ctx.st.top
    cf = combat_frame(ctx.st)
    other = None if cf is None else (cf.b if m == cf.a else cf.a)
    hits = list(f.hits)
    changed = 0
    for i, h in enumerate(hits):
        left = h.aggravated - h.prevented_aggravated
        if h.target != m or h.source != other or left <= 0:
            continue
        if how == "prevent_aggravated_strike":
            if h.unpreventable:
                continue
            hits[i] = h._replace(prevented_aggravated=h.aggravated)
        else:
            hits[i] = h._replace(normal=h.normal + left, aggravated=h.prevented_aggravated)
        changed += left
    if not changed:
        raise Illegal("prevent", f"{ctx.name(m)} is taking no aggravated damage from the opposing minion's strike")
    flow.set_top(ctx, f._replace(hits=tuple(hits)))
    ctx.emit("prevented" if how == "prevent_aggravated_strike" else "effect",
             f"{ctx.name(m)} " + (f"prevents {changed} aggravated damage" if how == "prevent_aggravated_strike"
                                  else f"treats {changed} aggravated damage as normal damage") + f" ({label}).")


def _prevent_reading(ctx: Ctx, seat: int, f: DamageFrame, m: int, r: tuple, label: str, x: int | None = None) -> None:
    """Prevention read from a card: ("prevent", amount or None for all or "X+1", scope, kind, blood to burn)."""
    _, n, scope, kind, burn = r
    if n == "X+1":
        n = (x or 0) + 1
    cf = combat_frame(ctx.st)
    other = None if cf is None else (cf.b if m == cf.a else cf.a)
    hits = list(f.hits)
    total = 0
    for i, h in enumerate(hits):
        if h.target != m or h.unpreventable:
            continue
        if scope in ("strike", "round") and (other is None or h.source != other):
            continue
        left_n = h.normal - h.prevented_normal
        left_a = 0 if kind == "normal" else h.aggravated - h.prevented_aggravated
        budget = (left_n + left_a) if n is None else n - total
        pn = min(budget, left_n)
        pa = min(budget - pn, left_a)
        if pn + pa:
            hits[i] = h._replace(prevented_normal=h.prevented_normal + pn,
                                 prevented_aggravated=h.prevented_aggravated + pa)
            total += pn + pa
    if scope == "round" and cf is not None:
        _set_combat(ctx, cf._replace(mods=cf.mods + (Mod("shield_round", 0, m, None),)))
    elif not total:
        what = {"strike": "from the opposing minion's strike", "any": ""}.get(scope, "")
        raise Illegal("prevent", f"{ctx.name(m)} is taking no {'non-aggravated ' if kind == 'normal' else ''}"
                                 f"damage {what}".rstrip() + " to prevent")
    if burn:
        from vtes_desktop.engine.rules_action import _pay

        _pay(ctx, seat, m, 0, burn, label)
    top = ctx.st.top
    flow.set_top(ctx, top._replace(hits=tuple(hits)))
    ctx.emit("prevented", f"{ctx.name(m)} prevents {total} damage with {label}.")


def _half_left(ctx: Ctx, m: int) -> int:
    """Half (rounded up) of the damage from the opposing minion's strike on *m* not yet prevented."""
    f = ctx.st.top
    cf = combat_frame(ctx.st)
    other = cf.b if m == cf.a else cf.a
    left = sum(h.normal - h.prevented_normal + h.aggravated - h.prevented_aggravated for h in f.hits
               if h.target == m and h.source == other and not h.unpreventable)
    return (left + 1) // 2


def _marble(ctx: Ctx, m: int, normal: int, aggravated: int) -> tuple[int, int]:
    """Flesh of Marble: once a damage is inflicted on *m* in a round, the rest of that round's damage on it is
    prevented (aggravated damage too at superior)."""
    cf = combat_frame(ctx.st)
    agg_too = ("marble", m, True) in cf.used
    taken = ("marble_hit", m, cf.round) in cf.used
    keep_n, keep_a = normal, aggravated
    if taken:
        keep_n, keep_a = 0, (0 if agg_too else aggravated)
    elif agg_too:
        keep_n, keep_a = (1, 0) if normal else (0, 1)
    else:
        keep_n = 0 if aggravated else min(1, normal)
    if (keep_n, keep_a) != (normal, aggravated):
        ctx.emit("prevented", f"{ctx.name(m)} prevents {normal + aggravated - keep_n - keep_a} damage (Flesh of Marble).")
    if keep_n or keep_a:
        _set_combat(ctx, cf._replace(used=cf.used | {("marble_hit", m, cf.round)}))
    return keep_n, keep_a


def _basilisk(ctx: Ctx, h: Hit) -> None:
    """Basilisk's Touch: damage from its vampire's hand strike this round sends the opposing vampire to torpor (burns
    the ally); at superior the vampire burns 1 blood first."""
    cf = combat_frame(ctx.st)
    if cf is None:
        return
    u = next((x for x in cf.used if isinstance(x, tuple) and len(x) == 4 and x[0] == "basilisk" and x[1] == h.source
              and x[2] == cf.round), None)
    if u is None or ("hand_via", h.source, cf.round, h.via) not in cf.used or h.target != (cf.b if h.source == cf.a else cf.a):
        return
    tc = ctx.st.cards.get(h.target)
    if tc is None or tc.region != "ready":
        return
    if ctx.is_vampire(tc):
        if u[3]:
            ctx.update(h.target, counters=max(0, tc.counters - u[3]))
            ctx.emit("burned_blood", f"{ctx.name(h.target)} burns {min(u[3], tc.counters)} blood (Basilisk's Touch).")
        tc = ctx.st.cards[h.target]
        ctx.move(h.target, "torpor", seat=tc.controller, counters=tc.counters, locked=tc.locked, wounded=False)
        ctx.emit("torpor", f"{ctx.name(h.target)} goes to torpor (Basilisk's Touch).", cards=(h.target,))
        cf = combat_frame(ctx.st)
        _set_combat(ctx, cf._replace(used=cf.used | {("went_torpor", h.target)}))
    elif "Ally" in ctx.cdef(h.target).types:
        ctx.burn(h.target, "Basilisk's Touch")
        ctx.emit("burned", f"{ctx.name(h.target)} is burned (Basilisk's Touch).")


def _retainer_shield(ctx: Ctx, f: CombatFrame, hits: tuple) -> tuple:
    """Eyes of Blades: 1 damage from a retainer prevented this round; at superior, damage from retainers has no effect
    on its vampire this round."""
    out = []
    for h in hits:
        from_retainer = h.via is not None and h.via in ctx.st.cards and "Retainer" in ctx.cdef(h.via).types \
            and h.via not in ctx.st.attached.get(h.target, ())
        if from_retainer and ("retainer_immune", h.target, f.round) in f.used:
            ctx.emit("immune", f"{ctx.name(h.via)}'s damage has no effect on {ctx.name(h.target)} (Eyes of Blades).")
            h = h._replace(prevented_normal=h.normal, prevented_aggravated=h.aggravated)
        elif from_retainer and not h.unpreventable:
            u = next((x for x in f.used if isinstance(x, tuple) and len(x) == 4 and x[0] == "retainer_prev"
                      and x[1] == h.target and x[2] == f.round and ("retainer_prev_used", x[1], x[2]) not in f.used), None)
            if u is not None:
                pn = min(u[3], h.normal - h.prevented_normal)
                pa = min(u[3] - pn, h.aggravated - h.prevented_aggravated)
                if pn + pa:
                    h = h._replace(prevented_normal=h.prevented_normal + pn,
                                   prevented_aggravated=h.prevented_aggravated + pa)
                    f = f._replace(used=f.used | {("retainer_prev_used", u[1], u[2])})
                    _set_combat(ctx, f)
                    ctx.emit("prevented", f"{ctx.name(h.target)} prevents {pn + pa} damage from {ctx.name(h.via)}.")
        out.append(h)
    return tuple(out)


def _bundi(ctx: Ctx, f: CombatFrame, hits: tuple) -> tuple:
    """Bundi: its bearer prevents 1 damage of each melee weapon strike against it (used as the damage comes)."""
    out = []
    for h in hits:
        if h.source in (f.a, f.b) and h.source != h.target and h.via is not None and h.via in ctx.st.cards \
                and not h.unpreventable and "melee weapon" in ctx.rules(h.via).keywords and h.normal + h.aggravated:
            n = sum(r[1] for a in ctx.st.attached.get(h.target, ()) for r in effects_combat.card_readings(ctx, a)
                    if r[0] == "prevent_each_melee_strike")
            if n:
                pn = min(n, h.normal - h.prevented_normal)
                pa = min(n - pn, h.aggravated - h.prevented_aggravated)
                h = h._replace(prevented_normal=h.prevented_normal + pn, prevented_aggravated=h.prevented_aggravated + pa)
                ctx.emit("prevented", f"{ctx.name(h.target)} prevents {pn + pa} damage of the melee weapon strike (Bundi).")
        out.append(h)
    return tuple(out)


def _dam(ctx: Ctx, f: CombatFrame, hits: tuple) -> tuple:
    """Dam the Heart's River: each strike or damaging effect against the opposing minion inflicts +1 damage (of the
    same kind)."""
    out = []
    for h in hits:
        n = sum(u[2] for u in f.used if isinstance(u, tuple) and len(u) == 3 and u[0] == "dam" and u[1] == h.target)
        if n and h.normal + h.aggravated > 0:
            h = h._replace(aggravated=h.aggravated + n) if h.aggravated and not h.normal else h._replace(normal=h.normal + n)
        out.append(h)
    return tuple(out)


def _half_strikes(ctx: Ctx, hits: tuple) -> tuple:
    """Rockheart at superior: half (rounded up) of each opposing strike's damage is prevented as it is to be taken."""
    cf = combat_frame(ctx.st)
    out = []
    for h in hits:
        other = cf.b if h.target == cf.a else cf.a if h.target == cf.b else None
        if ("half_strikes", h.target) in cf.used and other is not None and h.source == other and not h.unpreventable:
            left_n, left_a = h.normal - h.prevented_normal, h.aggravated - h.prevented_aggravated
            k = (left_n + left_a + 1) // 2
            pn = min(k, left_n)
            pa = min(k - pn, left_a)
            h = h._replace(prevented_normal=h.prevented_normal + pn, prevented_aggravated=h.prevented_aggravated + pa)
            ctx.emit("prevented", f"{ctx.name(h.target)} prevents {pn + pa} damage (Rockheart).")
        out.append(h)
    return tuple(out)


def _fv_only_cards(ctx: Ctx) -> set:
    cf = combat_frame(ctx.st)
    return {u[1] for u in cf.used if isinstance(u, tuple) and len(u) == 2 and u[0] == "fv_only"} if cf else set()


def _requires_fv(ctx: Ctx, iid: int, m: int) -> bool:
    """A card requiring Fortitude or Visceratika (not the minion's own ability, not equipment)."""
    return iid != m and bool({"for", "vis"} & {d.lower() for d in ctx.rules(iid).disciplines}) \
        and "Equipment" not in ctx.cdef(iid).types


def prevent(ctx: Ctx, cmd: C.Prevent) -> None:
    if cmd.using is not None and isinstance(ctx.st.top, DamageFrame) and _celerity_burn(ctx, cmd):
        return
    fv = _fv_only_cards(ctx) if isinstance(ctx.st.top, DamageFrame) else set()
    eq = _equip_only_cards(ctx) if isinstance(ctx.st.top, DamageFrame) else set()
    if (fv or eq) and cmd.using is not None:
        m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
        iid = flow.ref(ctx, cmd.seat, cmd.using)
        c = ctx.st.cards[iid]
        hold = (fv if not _requires_fv(ctx, iid, m) else set()) | (   # Death of the Drum
            eq if not (iid != m and c.region == "attached" and "Equipment" in ctx.cdef(iid).types) else set())
        if hold:        # (Strike at the True Flesh: only equipment prevents that weapon's damage this round)
            held = _hold_no_fortitude(ctx, m, hold)
            _prevent_cmd(ctx, cmd)
            _release_no_fortitude(ctx, m, held, iid, shield=False)
            return
    _prevent_cmd(ctx, cmd)


def _celerity_burn(ctx: Ctx, cmd: C.Prevent) -> bool:
    """Stunt Cycle: the minion it strikes, with Celerity, burns 1 blood to prevent all damage from it (the prevent
    step names the strike card)."""
    iid = flow.ref(ctx, cmd.seat, cmd.using)
    if ctx.st.cards[iid].region == "attached" or \
            not any(r[0] == "celerity_burns_to_prevent_strike" for r in effects_combat.card_readings(ctx, iid)):
        return False
    m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    f = ctx.st.top
    n = next(r[1] for r in effects_combat.card_readings(ctx, iid) if r[0] == "celerity_burns_to_prevent_strike")
    if not any(h.target == m and h.via == iid for h in f.hits):
        raise Illegal("prevent", f"{ctx.name(m)} is taking no damage from {ctx.name(iid)}")
    if ctx.discipline_level(ctx.st.cards[m], "cel") < 1:
        raise Illegal("prevent", f"{ctx.name(m)} has no Celerity to burn blood against {ctx.name(iid)}")
    from vtes_desktop.engine.rules_action import _pay

    _pay(ctx, cmd.seat, m, 0, n, ctx.name(iid))
    f = ctx.st.top
    flow.set_top(ctx, f._replace(hits=tuple(h._replace(prevented_normal=h.normal, prevented_aggravated=h.aggravated)
                                            if h.target == m and h.via == iid else h for h in f.hits)))
    ctx.emit("prevented", f"{ctx.name(m)} burns {n} blood to prevent all damage from {ctx.name(iid)}.")
    return True


def _equip_only_cards(ctx: Ctx) -> set:
    """Weapons whose non-aggravated damage only equipment (or strikes) can prevent this round."""
    cf = combat_frame(ctx.st)
    if cf is None:
        return set()
    f = ctx.st.top
    ws = {u[1] for u in cf.used if isinstance(u, tuple) and len(u) == 3 and u[0] == "equip_only_prev" and u[2] == cf.round}
    return {w for w in ws if all(h.aggravated == 0 for h in f.hits if h.via == w)} if ws else set()


def _prevent_cmd(ctx: Ctx, cmd: C.Prevent) -> None:
    f = ctx.st.top
    if not isinstance(f, DamageFrame):
        raise Illegal("prevent", "damage is prevented during damage resolution")
    m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    if ctx.st.cards[m].controller != cmd.seat:
        raise Illegal("control", f"{ctx.name(m)} is not {ctx.seat_name(cmd.seat)}'s minion")
    if cmd.using is None:
        raise Malformed("prevent", "name the card that prevents the damage")
    iid = flow.ref(ctx, cmd.seat, cmd.using)
    c = ctx.st.cards[iid]
    text = ctx.cdef(iid).text
    if iid == m and effects_minion.own_prevent(ctx, cmd, m, f):   # "prevent 1 non-aggravated damage each combat"
        return
    if not (iid == m or (c.region == "attached" and c.host == m)):
        fort = "for" in {d.lower() for d in ctx.rules(iid).disciplines}     # Superior Mettle against Dead Hand
        kept = _hold_no_fortitude(ctx, m) if fort else ()
        granted = _granted_prevention(ctx, cmd.seat, ctx.st.top, m, c)
        if fort:
            _release_no_fortitude(ctx, m, kept, iid)
        if granted:
            return
        f = ctx.st.top
    if not (iid == m or (c.region == "attached" and c.host == m)):
        raise Illegal("prevent", f"{ctx.name(iid)} is not in play on {ctx.name(m)}")
    if iid != m and _restricted(ctx, m, True) and "Equipment" in ctx.cdef(iid).types:
        raise Illegal("prevent", f"{ctx.name(m)} cannot use equipment this combat")
    if iid != m and "Equipment" in ctx.cdef(iid).types and _no_equip_cards(ctx):
        held = _hold_no_fortitude(ctx, m, _no_equip_cards(ctx))     # Personal Scourge: equipment cannot prevent it
        try:
            return _equipment_prevent(ctx, cmd, m, iid, c, text, ctx.st.top)
        finally:
            _release_no_fortitude(ctx, m, held, iid, shield=False)
    return _equipment_prevent(ctx, cmd, m, iid, c, text, f)


def _no_equip_cards(ctx: Ctx) -> set:
    cf = combat_frame(ctx.st)
    return {u[1] for u in cf.used if isinstance(u, tuple) and len(u) == 2 and u[0] == "no_equip_prev"} if cf else set()


def _equipment_prevent(ctx: Ctx, cmd: C.Prevent, m: int, iid: int, c, text: str, f: DamageFrame) -> None:
    from vtes_desktop.engine.effects_attached import prevent as attached_prevent

    if iid != m and attached_prevent(ctx, cmd, m, iid, f):   # a combat card kept on the vampire (Wall of Filth)
        return
    bt = next((r for r in effects_combat.card_readings(ctx, iid) if r[0] == "burn_to_prevent_or_gain"), None) \
        if iid != m else None
    if iid != m and ("burn_to_prevent_strike",) in effects_combat.card_readings(ctx, iid):   # Leather Jacket
        cf_ = combat_frame(ctx.st)
        if cf_ is None:
            raise Illegal("prevent", f"{ctx.name(iid)} prevents damage from the opposing minion's strike")
        _prevent_reading(ctx, cmd.seat, f, m, ("prevent", None, "strike", "any", 0), ctx.name(iid))
        ctx.burn(iid, "burned to prevent damage")
        return
    rd_ = effects_combat.card_readings(ctx, iid) if iid != m else []
    per = next((r for r in rd_ if r[0] == "equipment_prevent_each_round"), None)
    if per is not None:     # Blood Shield: 1 damage from the opposing minion's strike, once each round
        cf_ = combat_frame(ctx.st)
        if cf_ is None:
            raise Illegal("prevent", f"{ctx.name(iid)} prevents damage from an opposing minion's strike")
        if (iid, "prevent_round", cf_.round) in cf_.used:
            raise Illegal("prevent", f"{poss(ctx.name(iid))} prevention has already been used this round")
        other_ = cf_.b if m == cf_.a else cf_.a
        hand = [h for h in f.hits if h.target == m and h.source == other_ and not h.unpreventable
                and h.normal + h.aggravated > h.prevented_normal + h.prevented_aggravated]
        _prevent_reading(ctx, cmd.seat, f, m, ("prevent", per[1], "strike", "any", 0), ctx.name(iid))
        cf_ = combat_frame(ctx.st)
        _set_combat(ctx, cf_._replace(used=cf_.used | {(iid, "prevent_round", cf_.round)}))
        sb = next((r for r in rd_ if r[0] == "small_hand_striker_burns"), None)
        oc = ctx.st.cards[other_]
        if sb is not None and hand and (hand[0].via is None or (
                hand[0].via in ctx.st.cards and "Combat" in ctx.cdef(hand[0].via).types
                and re.search(r"(?i)strike: hand strike", ctx.cdef(hand[0].via).text))) \
                and ctx.is_vampire(oc) and ctx.capacity(oc) <= sb[1]:
            n = min(sb[2], oc.counters)
            ctx.update(other_, counters=oc.counters - n)
            ctx.emit("burned_blood", f"{ctx.name(other_)} burns {n} blood ({ctx.name(iid)}).", cards=(other_,))
        return
    if bt is not None:      # Blood Tears of Kephran: burned to prevent 2 damage in combat
        if combat_frame(ctx.st) is None:
            raise Illegal("prevent", f"{ctx.name(iid)} prevents damage in combat")
        _prevent(ctx, f, m, min(cmd.amount, bt[1]), ctx.name(iid))
        ctx.burn(iid, "burned to prevent damage")
        return
    pm = re.search(r"(?i)prevent (\d+|\w+) damage", text)
    if not pm:
        raise Illegal("prevent", f"{ctx.name(iid)} prevents no damage")
    effects_crypt.check_own_prevent(ctx, f, m, iid)   # "prevent 1 damage from an opposing minion's strike"
    cf = combat_frame(ctx.st)
    if _once_each_combat(text, "prevent") and cf is not None:
        if (m, iid, "prevent") in cf.used:
            raise Illegal("prevent", f"{poss(ctx.name(iid))} prevention can be used once each combat")
        _set_combat(ctx, cf._replace(used=cf.used | {(m, iid, "prevent")}))
        f = ctx.st.top
    n = min(cmd.amount, int(pm.group(1)) if pm.group(1).isdigit() else cmd.amount)
    for r in effects_combat.card_readings(ctx, iid) if iid != m else ():
        if r[0] == "equipment_prevent":       # "2 damage from gun strikes or 1 damage from any other source"
            gun = any(h.target == m and h.via is not None and "gun" in ctx.rules(h.via).keywords for h in f.hits)
            n = min(cmd.amount, r[1] if r[2] is None or gun else r[2])
    _prevent(ctx, f, m, n, ctx.name(iid))


def _granted_prevention(ctx: Ctx, seat: int, f: DamageFrame, m: int, c) -> bool:
    """A prevention a card played earlier left to its minion, named by that card: Unflinching Persistence's
    "can prevent 1 damage later this round", Superior Mettle's "each round, burn 1 blood to prevent all damage
    from the opposing minion's initial strike"."""
    cf = combat_frame(ctx.st)
    if cf is None:
        return False
    name = ctx.cdef(c).name
    grant = next((x for x in cf.mods if x.kind == "granted_prevent" and x.minion == m and x.cid == c.cid), None)
    if grant is not None:
        if not any(h.target == m and not h.unpreventable for h in f.hits):
            raise Illegal("prevent", f"{ctx.name(m)} is taking no damage to prevent")
        mods = list(cf.mods)
        mods.remove(grant)
        _set_combat(ctx, cf._replace(mods=tuple(mods)))
        _prevent(ctx, ctx.st.top, m, grant.amount, name)
        return True
    rp = next((u for u in cf.used if isinstance(u, tuple) and len(u) == 5 and u[0] == "round_prevent" and u[1] == m
               and u[2] == c.cid), None)
    if rp is not None:      # Apparition: "can prevent 1 damage each round this combat"
        if ("round_prevent_used", m, c.cid, cf.round) in cf.used:
            raise Illegal("prevent", f"{poss(name)} prevention has already been used this round")
        _set_combat(ctx, cf._replace(used=cf.used | {("round_prevent_used", m, c.cid, cf.round)}))
        _prevent_reading(ctx, seat, ctx.st.top, m, ("prevent", rp[3], "strike" if rp[4] == "strikes" else "any",
                                                    "normal" if rp[4] == "normal" else "any", 0), name)
        return True
    if ("each_round_prevent", m, c.cid) in cf.used:
        if cf.extra_phase:
            raise Illegal("prevent", f"{name} prevents damage from the opposing minion's initial strike only")
        if ("each_round_prevent_used", m, cf.round) in cf.used:
            raise Illegal("prevent", f"{poss(name)} prevention has already been used this round")
        _set_combat(ctx, cf._replace(used=cf.used | {("each_round_prevent_used", m, cf.round)}))
        _prevent_reading(ctx, seat, ctx.st.top, m, ("prevent", None, "strike", "any", 1), name)
        return True
    return False


def close_damage(ctx: Ctx, f: DamageFrame) -> None:
    flow.pop(ctx)
    cf0 = combat_frame(ctx.st)
    shielded = {x.minion for x in cf0.mods if x.kind == "shield_round"} if cf0 is not None else set()
    nf = _no_fort_cards(ctx)
    acid = {u[1]: u for u in cf0.used if isinstance(u, tuple) and len(u) == 5 and u[0] == "acid"
            and u[2] == cf0.round} if cf0 is not None and cf0.used else {}
    acid_dmg: dict[int, int] = {}
    for h in f.hits:
        normal, aggravated = h.normal - h.prevented_normal, h.aggravated - h.prevented_aggravated
        if h.target in shielded and not h.unpreventable and h.source is not None and h.source in (cf0.a, cf0.b) and h.source != h.target \
                and (normal or aggravated) and not (h.via in nf and not any(
                    x.kind == "shield_round" and x.minion == h.target and ("fort_shield", x.card) not in cf0.used
                    for x in cf0.mods)):
            ctx.emit("prevented", f"{ctx.name(h.target)} prevents all damage from the opposing minion's strikes "
                                  "this round.")
            normal = aggravated = 0
        normal, aggravated = _after_immunity(ctx, h, normal, aggravated)
        normal, aggravated = _combat_damage_rules(ctx, h, normal, aggravated)
        if cf0 is not None and (normal or aggravated) and any(isinstance(u, tuple) and u[0] == "marble" and u[1] == h.target
                                                            for u in cf0.used):
            normal, aggravated = _marble(ctx, h.target, normal, aggravated)
        if cf0 is not None and (normal or aggravated) and h.source is not None:
            cfa = combat_frame(ctx.st)
            aim = _aim_of_hit(cfa, h) if cfa is not None else None
            if aim is not None and h.target == (cfa.b if aim[1] == cfa.a else cfa.a):
                normal, aggravated = _aim_hit(ctx, aim, h.target, normal, aggravated)
        cfi = combat_frame(ctx.st)
        if cfi is not None and h.source in (cfi.a, cfi.b) and normal + aggravated > 0:
            _set_combat(ctx, cfi._replace(mods=cfi.mods + (Mod("inflicted", normal + aggravated, h.source, h.via),)))
            if h.via is not None and h.via in ctx.st.cards and \
                    ("counter_after_hit_round",) in effects_combat.card_readings(ctx, h.via):     # The Crimson Sentinel
                cfi = combat_frame(ctx.st)
                _set_combat(ctx, cfi._replace(used=cfi.used | {("soul_hit", h.via, cfi.round)}))
        mend = 2 if h.via is not None and h.via in ctx.st.cards and \
            ("double_mend",) in effects_combat.card_readings(ctx, h.via) else 1
        burns = h.via is not None and cf0 is not None and ("torpor_burns", h.via) in cf0.used \
            and ctx.is_vampire(ctx.st.cards[h.target]) and ctx.st.cards[h.target].region == "ready"
        inflict(ctx, h.target, normal, aggravated, mend=mend)
        if acid and h.target in acid and h.source is not None and h.source != h.target:   # Blood of Acid
            acid_dmg[h.target] = acid_dmg.get(h.target, 0) + normal + aggravated
        if cf0 is not None and normal + aggravated > 0 and h.source is not None:
            _basilisk(ctx, h)
        if burns and ctx.st.cards.get(h.target) is not None and ctx.st.cards[h.target].region == "torpor":
            ctx.burn(h.target, f"burned instead of going to torpor ({ctx.name(h.via)})")   # Ahriman's Demesne
            ctx.emit("burned", f"{ctx.name(h.target)} is burned instead of going to torpor.")
        if normal + aggravated > 0 and h.via is not None and h.via in ctx.st.cards and \
                ("hit_skips_unlock",) in effects_combat.card_readings(ctx, h.via) and ctx.is_vampire(ctx.st.cards[h.target]):
            ctx.st.skip_unlock = ctx.st.skip_unlock | {h.target}
            ctx.emit("no_unlock", f"{ctx.name(h.target)} will not unlock during its next unlock phase.")
    cf = combat_frame(ctx.st)
    if cf is not None and any(isinstance(u, tuple) and u[0] == "fort_prev" for u in cf.used):
        for i, h in enumerate(f.hits):      # Poker: all its strike's damage prevented by cards requiring Fortitude
            if h.via is not None and h.via in ctx.st.cards and ctx.st.cards[h.via].region == "attached" \
                    and ("burn_if_fortitude_prevents_all",) in effects_combat.card_readings(ctx, h.via) \
                    and h.normal + h.aggravated > 0 and sum(u[2] for u in cf.used if isinstance(u, tuple) and len(u) == 4
                                                             and u[0] == "fort_prev" and u[1] == i) >= h.normal + h.aggravated:
                ctx.burn(h.via, "its damage all prevented by Fortitude")
                ctx.emit("burned", f"{ctx.name(h.via)} is burned: its damage was all prevented by Fortitude.")
        cf = combat_frame(ctx.st)
        _set_combat(ctx, cf._replace(used=frozenset(u for u in cf.used if not (isinstance(u, tuple) and u[0] == "fort_prev"))
                                     if isinstance(cf.used, frozenset) else
                                     {u for u in cf.used if not (isinstance(u, tuple) and u[0] == "fort_prev")}))
        cf = combat_frame(ctx.st)
    for h in f.hits:        # Dagger: burned if any damage from it is prevented
        if h.via is not None and h.prevented_normal + h.prevented_aggravated > 0 and h.via in ctx.st.cards \
                and ctx.st.cards[h.via].region in ("attached", "aside") \
                and ("burn_weapon_if_prevented",) in effects_combat.card_readings(ctx, h.via):
            ctx.burn(h.via, "damage from it was prevented")
            ctx.emit("burned", f"{ctx.name(h.via)} is burned: damage from it was prevented.")
    cf = combat_frame(ctx.st)
    if cf is None:
        return
    if acid_dmg and _acid_hits(ctx, cf, acid, acid_dmg):
        return
    if (not _ready(ctx, cf.a) or not _ready(ctx, cf.b)) and not cf.ended:
        ctx.emit("combat_ends", "A combatant is no longer ready: combat ends.")
        _set_combat(ctx, cf._replace(ended=True, step="end_of_round", imp=cf.imp._replace(at=0, passes=0),
                                     pending=()))
        return
    after_strike_damage(ctx)


def _acid_hits(ctx: Ctx, cf: CombatFrame, acid: dict, dealt: dict[int, int]) -> bool:
    """Blood of Acid: the damage the opposing minion's strikes successfully inflicted on its vampire at this strike
    resolution comes back on that minion as environmental damage (aggravated at superior), in a damage step of its own
    once the strikes' damage is done (so it can be prevented in turn), even if the vampire went to torpor. True if
    such damage is opened."""
    hits = []
    for m, n in dealt.items():
        other = cf.b if m == cf.a else cf.a
        if n <= 0 or other not in ctx.st.cards or ctx.st.cards[other].region != "ready":
            continue
        agg, card = acid[m][3], acid[m][4]
        hits.append(Hit(other, 0 if agg else n, n if agg else 0, source=None, via=card))
        ctx.emit("effect", f"{ctx.name(other)} takes {n}{' aggravated' if agg else ''} environmental damage "
                           "(Blood of Acid).")
    if not hits:
        return False
    open_damage(ctx, tuple(hits))
    return True


_IMMUNE = re.compile(r"(?i)\bis immune to (non-aggravated |aggravated )?damage(?: from ([a-z ,]+?))?\.")


def _after_immunity(ctx: Ctx, h: Hit, normal: int, aggravated: int) -> tuple[int, int]:
    """Damage a minion is immune to is inflicted unsuccessfully: it burns no blood or life for it."""
    if h.target not in ctx.st.cards:
        return normal, aggravated
    kinds = []
    d = ctx.cdef(h.target)
    head = d.text.split(":", 1)[-1] if d.is_crypt else d.text
    for m in _IMMUNE.finditer(head):
        sentence_start = head.rfind(".", 0, m.start())
        sentence = head[sentence_start + 1:m.end()]
        if re.search(r"(?i)\b(if|can|may|burn|this round|this combat)\b", sentence):
            continue
        kinds.append(((m.group(1) or "").strip(), (m.group(2) or "").strip()))
    cf = combat_frame(ctx.st)
    if cf is not None:
        for x in cf.mods:
            if x.kind == "immune_normal" and x.minion == h.target:
                kinds.append(("non-aggravated", ""))
            elif x.kind == "immune_aggravated" and x.minion == h.target:     # Ignore the Searing Flames
                kinds.append(("aggravated", ""))
    for kind, source in kinds:
        if source:
            src = h.source
            if src is None:
                continue
            sd = ctx.cdef(src)
            ok = (("allies" in source and "Ally" in sd.types) or ("retainers" in source and "Retainer" in sd.types)
                  or ("weapons" in source and h.via is not None and "weapon" in ctx.cdef(h.via).text.lower()[:40])
                  or ("the employer" in source and h.target in ctx.st.attached.get(src, ())))
            if not ok:
                continue
        if kind in ("", "non-aggravated") and normal:
            ctx.emit("immune", f"{d.display} is immune to the {normal} normal damage.")
            normal = 0
        if kind in ("", "aggravated") and aggravated:
            ctx.emit("immune", f"{d.display} is immune to the {aggravated} aggravated damage.")
            aggravated = 0
    return normal, aggravated


def _combat_damage_rules(ctx: Ctx, h: Hit, normal: int, aggravated: int) -> tuple[int, int]:
    """Combat effects on damage about to be inflicted: immunity to the opposing minion's weapons (Mayaparisatya),
    aggravated damage treated as normal this round (Skin of Night)."""
    cf = combat_frame(ctx.st)
    if cf is None or h.target not in ctx.st.cards:
        return normal, aggravated
    if ("immune_weapons", h.target) in cf.used and h.via is not None and h.via in ctx.st.cards \
            and "Equipment" in ctx.cdef(h.via).types and h.source not in (h.target, None):
        ctx.emit("immune", f"{ctx.name(h.via)} inflicts no damage on {ctx.name(h.target)}.")
        return 0, 0
    if h.via is not None and ("weapon_no_damage", h.via, cf.round) in cf.used and h.source not in (h.target, None):
        ctx.emit("immune", f"{ctx.name(h.via)} inflicts no damage.")      # Darkling Trickery
        return 0, 0
    if h.via is not None and h.via in ctx.st.cards and "Equipment" in ctx.cdef(h.via).types \
            and any(x.kind == "weapons_no_damage" and x.minion == h.source for x in cf.mods):
        ctx.emit("immune", f"{ctx.name(h.via)} inflicts no damage this round.")
        return 0, 0
    if aggravated and (any(x.kind == "agg_as_normal" and x.minion == h.target for x in cf.mods)
                       or ("agg_as_normal_action", h.target) in cf.used):
        return normal + aggravated, 0
    if aggravated:
        from vtes_desktop.engine.effects_attached import agg_as_normal

        return agg_as_normal(ctx, cf, h.target, normal, aggravated)   # Chill of Oblivion, Fire Dance (auto_attached)
    return normal, aggravated


def _taken(f: CombatFrame, m: int) -> int:
    return next((u[2] for u in f.used if isinstance(u, tuple) and len(u) == 3 and u[0] == "taken_total" and u[1] == m), 0)


def _add_taken(ctx: Ctx, target: int, n: int) -> None:
    """The damage a combatant has taken this combat (Kraken's Kiss)."""
    cf = combat_frame(ctx.st)
    if cf is None or n <= 0 or target not in (cf.a, cf.b):
        return
    old = next((u for u in cf.used if isinstance(u, tuple) and len(u) == 3 and u[0] == "taken_total" and u[1] == target),
               None)
    _set_combat(ctx, cf._replace(used=(cf.used - {old} if old else cf.used) | {("taken_total", target, _taken(cf, target)
                                                                                  + n)}))


def _kraken(ctx: Ctx, m: int) -> bool:
    cf = combat_frame(ctx.st)
    if cf is None:
        return False
    return any(isinstance(u, tuple) and len(u) == 5 and u[0] == "kraken" and u[1] == m and _taken(cf, m) - u[3] >= u[2]
               for u in cf.used)


def _add_lost(ctx: Ctx, target: int, n: int) -> None:
    """The blood or life a combatant has lost to damage this combat (Imposing Phantasm)."""
    cf = combat_frame(ctx.st)
    if cf is None or n <= 0 or target not in (cf.a, cf.b):
        return
    old = next((u for u in cf.used if isinstance(u, tuple) and len(u) == 3 and u[0] == "lost_total" and u[1] == target),
               None)
    total = (old[2] if old else 0) + n
    _set_combat(ctx, cf._replace(used=(cf.used - {old} if old else cf.used) | {("lost_total", target, total)}))


def inflict(ctx: Ctx, target: int, normal: int, aggravated: int, mend: int = 1) -> None:
    """Damage successfully inflicted: mend with blood, wounds, torpor, burning (rulebook, Damage Resolution)."""
    st = ctx.st
    c = st.cards.get(target)
    if c is None or c.region in ("ash_heap", "removed"):
        return
    d = ctx.cdef(c)
    if normal <= 0 and aggravated <= 0:
        return
    if "Vampire" not in d.types:  # allies, retainers, Imbued: life counters
        life = c.counters - normal - aggravated
        ctx.update(target, counters=max(0, life))
        _add_lost(ctx, target, c.counters - max(0, life))
        ctx.emit("hurt", f"{d.display} loses {min(c.counters, normal + aggravated)} life.")
        if life <= 0:
            if "Imbued" in d.types:
                ctx.move(target, "incapacitated", seat=c.controller, counters=0)
                ctx.emit("incapacitated", f"{d.display} is incapacitated.")
            else:
                ctx.burn(target, "no life left")
        return
    blood = c.counters
    _add_taken(ctx, target, normal + aggravated)
    wounded = c.wounded or c.region == "torpor"
    from vtes_desktop.engine.effects_master import heal_per_blood

    per = heal_per_blood(ctx, target) if mend == 1 else 1   # Regenerative Blood: 2 damage healed for each blood
    if per > 1:
        healed = min(blood * per, normal)
        blood -= -(-healed // per)
    else:
        healed = min(blood // mend, normal)      # Sword of Nuln: 2 blood to heal each damage
        blood -= healed * mend
    if normal - healed > 0:
        wounded = True
    burned = False
    for _ in range(aggravated):
        if wounded:
            if blood > 0:
                blood -= 1
            else:
                burned = True
                break
        else:
            wounded = True
    ctx.update(target, counters=blood)
    ctx.emit("hurt", f"{d.display} burns {c.counters - blood} blood to mend and prevent destruction.")
    cf = combat_frame(st)
    if cf is not None and c.counters > blood:
        _set_combat(ctx, effects_combat.record_blood_lost(cf, target, c.counters - blood))
        _add_lost(ctx, target, c.counters - blood)
    if burned:
        ctx.burn(target, "aggravated damage while wounded")
    elif c.region == "ready" and wounded and cf is not None and ("undying", target) in cf.used:   # Undying Tenacity
        ctx.update(target, wounded=True)
        ctx.emit("wounded", f"{d.display} is wounded but goes to torpor only after combat ends.", cards=(target,))
    elif c.region == "ready" and (wounded or _kraken(ctx, target)):    # (Kraken's Kiss: 4 damage taken this combat)
        ctx.move(target, "torpor", seat=c.controller, counters=blood, locked=c.locked, wounded=False)
        ctx.emit("torpor", f"{d.display} goes to torpor." if wounded else
                 f"{d.display} has taken 4 or more damage this combat and goes to torpor.", cards=(target,))
        cf = combat_frame(st)
        if cf is not None and target in (cf.a, cf.b):       # Decapitate, Amaranth: "going to torpor"
            _set_combat(ctx, cf._replace(used=cf.used | {("went_torpor", target)}))
