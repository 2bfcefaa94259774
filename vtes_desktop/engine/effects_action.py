"""Effects of action modifiers and reactions beyond the +N modifiers: the engine's half of
`vtes_desktop.cards.grammar.auto_action`.

`resolve` carries out one effect of a card just played, by the reading the grammar gave it (the same
reading that sets the effect's `automated` flag; `_HANDLERS` maps each reading to its code). Lasting effects
ride on the action as `Mod` records of their own kinds, so they last exactly as long as the action:

- block attempts: `no_block` (minion), `no_block_vampires`, `no_block_allies`, `unblockable`,
  `block_cost:<who>` (blood to attempt to block), `no_lock_block` (the blocker stays unlocked);
- `fail_lock` and `failed` (minion): failed blockers lock before the action resolves (Faceless Night);
- `burn_unless_block` (minion, amount): burned as the action resolves unless that minion blocked;
- `icls:<class>` (amount): intercept for a class of blockers (Perfect Paragon);
- `chosen` (minion): the minion a card chose;
- the combat after a block: `grant_maneuver`, `grant_press` (blocker), `grant_maneuver_actor`,
  `grant_prevent` (first round), `end_if_blocked` (Mirror Walk: no combat);
- as the action resolves or after: `spying`, `ecstasy`, `unlock_after_success` (amount: blood to burn),
  `torpor_after`, `aggravated_after` (amount), `damage_after` (Foul Blood), `lock_unless_blocks` (minion: Eyes of
  the Wild, Ministry, Dogged Pursuit);
- second pass: `no_reactions` (minion), `reaction_surcharge` (the next reaction's extra blood), `no_more_modifiers`,
  `no_block_small:<capacity>`, `block_cost:minions` / `block_cost:minions_life`, `icls:minions`,
  `icls:younger_than_player` (minion: the modifying vampire), `cancel_combat` (Stone Travel), and `later:<reading>`
  (minion, amount: uses left) for a use later in the action (`use`).

Turn-long records in `State.acted`: `(minion, "no_more_actions")` (Mirror's Visage), `(minion, "unlock_end_of_turn")`
(Zephyr), `(minion, ("turn_stealth", n))` (Ignis Fatuus).

Hooks called from `rules_action` (and `rules_politics`, `flow` for the turn): `block_refusal` and
`pay_block_cost` (a block attempt), `attempt_failed`, `block_succeeds` and `combat_grants`/`combat_started`
(the block resolves), `before_resolution` (the action begins to resolve), `after_action` (it is over),
`class_intercept` (intercept), `next_action_stealth` (an action announced), `two_uses` (a reaction with two
uses), `x_value` (an X cost), `in_referendum` (cards played in a polling step); second pass: `by_other` and
`other_player` (who may play an action modifier), `modifier_refusal` and `reaction_refusal`, `clan_cost_less` and
`surcharge` (a card's cost), `use` (later uses), `no_combat` (the block resolves), `end_of_turn` (flow),
`turn_stealth` (announce). A card cancelled "as it is played" goes back through `effects_master._cancel_as_played`.
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar import auto_action
from vtes_desktop.cards.rules import CardRules, Mode
from vtes_desktop.engine import commands as C
from vtes_desktop.engine import flow
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.errors import Illegal
from vtes_desktop.engine.state import ActionFrame, Mod

#: Mod kinds that outlive a successful block (they act as the action resolves or after it)
LASTING = frozenset({"torpor_after", "aggravated_after", "damage_after", "lock_unless_blocks", "combat_after",
                     "unlock_end_if_blocks",
                     "later:unlock_after_block"})


def _top(ctx: Ctx) -> ActionFrame:
    f = ctx.st.top
    if not isinstance(f, ActionFrame):
        raise Illegal("timing", "no action is under way")
    return f


def _add(ctx: Ctx, *mods: Mod) -> None:
    f = _top(ctx)
    flow.set_top(ctx, f._replace(mods=f.mods + mods))


def has(f: ActionFrame, kind: str, minion: int | None = None) -> bool:
    return any(m.kind == kind and (minion is None or m.minion == minion) for m in f.mods)


# -- resolving a played card's effects ----------------------------------------------------------------------

def resolve(ctx: Ctx, cmd: C.Play, minion: int, mode: Mode, rules: CardRules, e, iid: int, blocker: int | None) -> bool:
    """Carry out effect *e* of *rules* just played by *minion*; False when it is not one of ours.

    *blocker* is the minion that was attempting to block when the card was played (or None)."""
    r = auto_action.reading(e, rules.types)
    if r is None or not e.automated:
        return False
    fn = _HANDLERS.get(r)
    if fn is None:
        return False
    _precheck(ctx, mode, rules, blocker)
    fn(ctx, cmd, minion, mode, rules, e, iid, blocker)
    return True


def claims(e, rules: CardRules) -> bool:
    """Whether this module carries out *e* (rather than rules_action's generic branches)."""
    r = auto_action.reading(e, rules.types)
    return r is not None and r in _HANDLERS and r != "attempt_anyway"


def needless(mode: Mode, kind: str, types: tuple[str, ...]) -> bool:
    """The mode's +N stealth (or intercept) applies "even if not yet needed": no check of need or of a block."""
    effs = [e for e in mode.effects if e.kind == kind and not e.get("frame")]
    return bool(effs) and all(auto_action.reading(e, types) == "even_if_not_needed" for e in effs)


def _precheck(ctx: Ctx, mode: Mode, rules: CardRules, blocker: int | None) -> None:
    """"Only usable if an ally or younger vampire blocks": the blocking minion is an ally, or a vampire of lower
    capacity than the acting one."""
    if not any(o in ("if:an ally or younger vampire blocks", "blocking:ally or younger vampire") for o in mode.only):
        return
    f = _top(ctx)
    if "Action Modifier" not in mode.types:
        return   # a reacting blocker's "blocks an ally or younger vampire": the timing check reads it
    if blocker is None:
        raise Illegal("timing", f"{rules.name} is only usable if a minion blocks")
    bd, ad = ctx.cdef(blocker), ctx.cdef(f.actor)
    ok = "Ally" in bd.types or ("Vampire" in bd.types and (bd.capacity or 0) < (ad.capacity or 0))
    if not ok:
        raise Illegal("timing", f"{rules.name} is only usable if an ally or a younger vampire blocks; "
                                f"{ctx.name(blocker)} is neither")


def _votes(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Votes are gained and cast in a referendum's polling step (rules_politics.play_for_votes); outside one
    they count for nothing."""


def _reduce_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed" or f.target_seat != cmd.seat:
        raise Illegal("timing", f"{rules.name} reduces a bleed against you: only usable while a minion is "
                                "bleeding you")
    _add(ctx, Mod("bleed", -e.amount, minion, iid, rules.card_id))
    ctx.emit("reduced", f"{rules.name}: the bleed is reduced by {e.amount}.", cards=(minion,))


def condition_holds(ctx: Ctx, f: ActionFrame, minion: int, cond: str) -> bool:
    low = cond.strip().lower()
    for rx in auto_action.CONDITIONS:
        m = rx.match(low)
        if not m:
            continue
        if m.groupdict().get("clan"):
            who = minion if low.startswith("if this") else f.actor
            clans = {c.lower() for c in ctx.cdef(who).clans}
            return m.group("clan").strip() in clans
        if m.groupdict().get("pool"):
            return f.target_seat is not None and ctx.st.seats[f.target_seat].pool <= int(m.group("pool"))
        if m.groupdict().get("titled"):
            return bool(ctx.title(ctx.st.cards[f.actor]))
        if m.groupdict().get("self_titled"):
            return bool(ctx.title(ctx.st.cards[minion]))
        if m.groupdict().get("corrupt"):
            return corruption(ctx, f.actor) > 0
    return False


def _conditional(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    if not condition_holds(ctx, f, minion, e.condition or ""):
        ctx.emit("condition", f"{rules.name}: not {e.condition} - no further +{e.amount} {e.kind}.")
        return
    if e.kind == "bleed":
        kind = f.kind if f.kind != "card" else (f.effect or "card")
        if kind != "bleed":
            return
    _add(ctx, Mod(e.kind, e.amount, minion, iid, rules.card_id, limited=bool(e.get("limited")) and e.kind == "bleed"))
    ctx.emit("modifier", f"{rules.name}: {e.condition}, so +{e.amount} {e.kind}.", cards=(minion,))


def _need_attempt(ctx: Ctx, rules: CardRules, blocker: int | None) -> ActionFrame:
    f = _top(ctx)
    if blocker is None:
        raise Illegal("timing", f"{rules.name} is only usable while a minion attempts to block")
    return f


def _blocker_intercept(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _need_attempt(ctx, rules, blocker)
    _add(ctx, Mod("intercept", e.amount, blocker, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(blocker)} gets {e.amount} intercept.", cards=(blocker,))


def fail_attempt(ctx: Ctx, rules: CardRules, blocker: int | None, *, bar: bool) -> None:
    """The block attempt under way fails; with *bar*, that minion cannot attempt to block this action again."""
    f = _need_attempt(ctx, rules, blocker)
    if f.stage == "attempt" and f.blocker == blocker:
        flow.set_top(ctx, f._replace(stage="blocks", blocker=None))
        ctx.emit("block_failed", f"{poss_name(ctx, blocker)} block attempt fails ({rules.name}).", cards=(blocker,))
        attempt_failed(ctx, blocker)
    if bar and not has(_top(ctx), "no_block", blocker):
        _add(ctx, Mod("no_block", 0, blocker, None))


def poss_name(ctx: Ctx, iid: int) -> str:
    n = ctx.name(iid)
    return n + ("'" if n.endswith("s") else "'s")


def _attempt_fails(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    fail_attempt(ctx, rules, blocker, bar=True)


def _block_fails(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    fail_attempt(ctx, rules, blocker, bar=False)


def _no_retry(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _need_attempt(ctx, rules, blocker)
    if not has(_top(ctx), "no_block", blocker):
        _add(ctx, Mod("no_block", 0, blocker, None))


def _fail_for_blood(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import reserved_blood

    _need_attempt(ctx, rules, blocker)
    c = ctx.st.cards[minion]
    if c.counters - reserved_blood(ctx, minion) < 1:
        raise Illegal("cost", f"{ctx.name(minion)} has no blood to spare to burn for {rules.name}")
    ctx.set_blood(minion, c.counters - 1)
    ctx.emit("burned_blood", f"{ctx.name(minion)} burns 1 blood.", cards=(minion,))
    fail_attempt(ctx, rules, blocker, bar=True)


def _fail_for_lock(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _need_attempt(ctx, rules, blocker)
    if ctx.st.cards[minion].locked:
        raise Illegal("locked", f"{ctx.name(minion)} is locked: {rules.name} needs it to lock")
    ctx.update(minion, locked=True)
    ctx.emit("locked", f"{ctx.name(minion)} locks.", cards=(minion,))
    fail_attempt(ctx, rules, blocker, bar=True)


def _fail_lock(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    # a minion already attempting to block when it is played is caught too (it cannot back out: LSJ 20081202)
    if not has(_top(ctx), "fail_lock"):
        _add(ctx, Mod("fail_lock", 0, None, iid, rules.card_id))


def _burn_unless_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("burn_unless_block", 1, minion, iid, rules.card_id))


def _unlock_and_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    if f.stage != "blocks":
        raise Illegal("block", f"{rules.name}: a block attempt can be made only while the action can be blocked "
                               "and no other attempt is under way")
    why = block_refusal(ctx, f, minion, cmd.seat)
    if why:
        raise Illegal("block", why)
    pay_block_cost(ctx, f, minion)
    ctx.update(minion, locked=False)
    ctx.emit("unlocked", f"{ctx.name(minion)} unlocks.", cards=(minion,))
    f = _top(ctx)
    mods = f.mods
    m = re.search(r"\+(\d) intercept", e.text)
    if m:
        mods = mods + (Mod("intercept", int(m.group(1)), minion, iid, rules.card_id),)
    flow.set_top(ctx, f._replace(stage="attempt", blocker=minion, mods=mods))
    ctx.emit("block", f"{ctx.name(minion)} attempts to block {ctx.name(f.actor)} ({rules.name}).",
             cards=(minion, f.actor))


def _attempt_anyway(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Done by rules_action's `attempt` branch (the clause's kind is `attempt`); nothing more here."""


def _vampires_cannot_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    if not has(f, "no_block_vampires"):
        _add(ctx, Mod("no_block_vampires", 0, None, iid, rules.card_id))
    f = _top(ctx)
    if f.stage == "attempt" and f.blocker is not None and ctx.is_vampire(ctx.st.cards[f.blocker]):
        # superior Day Operation: usable while a minion is attempting to block; a vampire's attempt ends
        flow.set_top(ctx, f._replace(stage="blocks", blocker=None))
        ctx.emit("block_failed", f"{poss_name(ctx, f.blocker)} block attempt ends: vampires cannot block this "
                                 "action.", cards=(f.blocker,))
    ctx.emit("no_block", f"{rules.name}: vampires cannot block this action.")


def _torpor_after(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    _add(ctx, Mod("torpor_after", 0, f.actor, iid, rules.card_id))


def _aggravated_after(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """The superior text ("As above, but ... 1 ...") replaces the basic amount: keep the smallest one read."""
    f = _top(ctx)
    n = int(re.search(r"takes (\d)", e.text.lower()).group(1))
    old = [m for m in f.mods if m.kind == "aggravated_after" and m.card == iid]
    if old and old[0].amount <= n:
        return
    mods = tuple(m for m in f.mods if not (m.kind == "aggravated_after" and m.card == iid))
    flow.set_top(ctx, f._replace(mods=mods + (Mod("aggravated_after", n, minion, iid, rules.card_id),)))


def _exclusive(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    name = (auto_action.exclusive_name(e) or "").lower()
    f = _top(ctx)
    for (_m, cid) in f.played:
        if cid != rules.card_id and ctx.db[cid].name.lower() == name:
            raise Illegal("exclusive", f"{rules.name} and {ctx.db[cid].display} cannot both be played during the "
                                       "same action")


def _ends_unsuccessfully(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    end_action(ctx, rules, mode, blocker)


def _unlock_and_end(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    end_action(ctx, rules, mode, blocker)
    ctx.update(minion, locked=False)
    ctx.emit("unlocked", f"{ctx.name(minion)} unlocks.", cards=(minion,))


def _no_repeat(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """The minion cannot perform the same action again this turn: recorded in the turn's acted set."""
    st = ctx.st
    f = _top(ctx)
    st.acted = st.acted | {(f.actor, same_action_key(ctx, f))}


def same_action_key(ctx: Ctx, f: ActionFrame) -> tuple:
    card = ctx.st.cards[f.card].cid if f.card is not None else None
    return ("same", f.kind, card)


def end_action(ctx: Ctx, rules: CardRules, mode: Mode, blocker: int | None, *, combat: bool = False) -> None:
    """The action ends unsuccessfully before the block resolves: no cost is paid, the blocker does not lock,
    there is no combat; the action card goes to the ash heap."""
    f = _top(ctx)
    if any(o in ("this blocked", "this blocks") for o in mode.only) or "before block resolution" in mode.only:
        from vtes_desktop.engine.rules_action import intercept, stealth

        if f.stage != "attempt" or f.blocker is None or intercept(ctx, f, f.blocker) < stealth(ctx, f):
            raise Illegal("timing", f"{rules.name} is only usable once the action is blocked (intercept at least "
                                    "equal to stealth), before the block resolves")
    if f.card is not None and ctx.st.cards[f.card].region == "aside":
        ctx.move(f.card, "ash_heap")
    flow.set_top(ctx, f._replace(stage="resolution", outcome="unsuccessful", blocker=None, mods=(),
                                 imp=f.imp._replace(at=0, passes=0)))
    ctx.emit("ended", f"The action ends unsuccessfully ({rules.name}).", cards=(f.actor,))


def _ally_skips_unlock(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    if "Ally" in ctx.cdef(minion).types:
        ctx.st.skip_unlock = ctx.st.skip_unlock | {minion}
        ctx.emit("no_unlock", f"{ctx.name(minion)} will not unlock during its next unlock phase.", cards=(minion,))


def _chosen(ctx: Ctx, cmd: C.Play, rules: CardRules) -> int:
    from vtes_desktop.engine.errors import Malformed

    if cmd.target is None:
        raise Malformed("target", f"{rules.name}: name the minion you choose (target)")
    t = flow.ref(ctx, cmd.seat, cmd.target, what="minion")
    c = ctx.st.cards[t]
    if not ctx.is_minion(c) or c.region not in ("ready", "torpor"):
        raise Illegal("target", f"{rules.name}: {ctx.name(t)} is not a minion in play")
    return t


def _choose(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    t = _chosen(ctx, cmd, rules)
    c = ctx.st.cards[t]
    r = auto_action.reading(e, rules.types)
    anyone = any(auto_action.reading(x, rules.types) == "choose_any" for x in mode.effects)
    if r == "choose_younger" or (r == "choose_any" and not anyone):
        if not ctx.is_vampire(c):
            raise Illegal("target", f"{rules.name}: choose a vampire; {ctx.name(t)} is not one")
        if not anyone and (ctx.cdef(t).capacity or 0) >= (ctx.cdef(minion).capacity or 0):
            raise Illegal("target", f"{rules.name}: choose a younger vampire than {ctx.name(minion)}; {ctx.name(t)} "
                                    "is not younger")
    elif r == "choose_any":
        if not ctx.is_vampire(c):
            raise Illegal("target", f"{rules.name}: choose a vampire; {ctx.name(t)} is not one")
    elif r == "choose_small_or_ally":
        n = int(re.search(r"capacity (\d+)", e.text).group(1))
        d = ctx.cdef(t)
        if not ("Ally" in d.types or ("Vampire" in d.types and (d.capacity or 0) <= n)):
            raise Illegal("target", f"{rules.name}: choose a vampire with capacity {n} or less or an ally; "
                                    f"{ctx.name(t)} is neither")
    f = _top(ctx)
    if not any(m.kind == "chosen" and m.card == iid for m in f.mods):
        _add(ctx, Mod("chosen", 0, t, iid, rules.card_id))
        ctx.emit("chosen", f"{rules.name}: {ctx.name(t)} is chosen.", cards=(t,))


def _chosen_cannot_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    t = next((m.minion for m in f.mods if m.kind == "chosen" and m.card == iid), None)
    if t is None:
        t = _chosen(ctx, cmd, rules)
    _add(ctx, Mod("no_block", 0, t, iid, rules.card_id))
    ctx.emit("no_block", f"{ctx.name(t)} cannot block this action.", cards=(t,))


def _grant_if_blocks(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("grant_maneuver", 1, minion, iid, rules.card_id))


def _quicken_sight(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if mode.intercept == 0:   # [aus][cel]: the +1 intercept is in this clause ([AUS][CEL] says +2 instead)
        if f.stage != "attempt" or f.blocker != minion:
            raise Illegal("intercept", f"{rules.name}: intercept can only be added by a blocking minion")
        if intercept(ctx, f, minion) >= stealth(ctx, f):
            raise Illegal("intercept", f"{ctx.name(minion)} already has enough intercept; intercept can be added "
                                       "only when needed")
        _add(ctx, Mod("intercept", 1, minion, iid, rules.card_id))
        ctx.emit("modifier", f"{ctx.name(minion)} gets +1 intercept.", cards=(minion,))
    _add(ctx, Mod("grant_maneuver", 1, minion, iid, rules.card_id))


def _burn_to_unlock(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import reserved_blood

    c = ctx.st.cards[minion]
    if c.counters - reserved_blood(ctx, minion) < 1:
        raise Illegal("cost", f"{ctx.name(minion)} has no blood to burn for {rules.name}")
    ctx.set_blood(minion, c.counters - 1)
    ctx.update(minion, locked=False)
    ctx.emit("unlocked", f"{ctx.name(minion)} burns 1 blood and unlocks.", cards=(minion,))


def _unlock_after_success(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("unlock_after_success", 1, minion, iid, rules.card_id))


def _nothing(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """A clause another part of the engine reads (the timing check, the X of a +X bleed)."""


def x_value(cmd: C.Play, rules: CardRules) -> int | None:
    """X of an action modifier or reaction with an X cost ("Cost: X blood"), given as the play's `choice`."""
    if -1 not in (rules.pool_cost, rules.blood_cost) or cmd.choice is None:
        return None
    try:
        x = int(str(cmd.choice))
    except ValueError:
        return None
    if x < 0:
        raise Illegal("choice", f"{rules.name}: X cannot be negative")
    return x


def _x_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.errors import Malformed

    f = _top(ctx)
    try:
        x = int(str(cmd.choice))
    except ValueError:
        raise Malformed("choice", f"{rules.name}: say X with choice (1, 2 or 3)") from None
    ranged = any(auto_action.reading(y, rules.types) == "x_range" for y in mode.effects)   # Monkey Wrench
    if (ranged and x not in (1, 2, 3)) or x < 1:
        raise Illegal("choice", f"{rules.name}: X must be {'1, 2 or 3' if ranged else 'at least 1'}, not {x}")
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed":
        raise Illegal("timing", f"{rules.name} is only usable during a bleed action")
    _add(ctx, Mod("bleed", x, minion, iid, rules.card_id, limited=True))
    ctx.emit("modifier", f"{rules.name}: +{x} bleed.", cards=(minion,))


def _kiss_of_ra(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _need_attempt(ctx, rules, blocker)
    b = ctx.st.cards[blocker]
    if not ctx.is_vampire(b) or ctx.discipline_level(b, "for"):
        raise Illegal("timing", f"{rules.name} is only usable when a vampire without Fortitude attempts to block; "
                                f"{ctx.name(blocker)} is not one")
    ctx.set_blood(blocker, max(0, b.counters - 2))
    ctx.emit("burned_blood", f"{poss_name(ctx, blocker)} block attempt is canceled; it burns 2 blood.",
             cards=(blocker,))
    end_action(ctx, rules, mode, blocker, combat=False)


def _blocker_to_torpor(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    if blocker is None:
        raise Illegal("timing", f"{rules.name} is only usable while a minion attempts to block")
    c = ctx.st.cards[blocker]
    if c.region == "ready":
        ctx.move(blocker, "torpor", seat=c.controller, counters=c.counters, locked=c.locked, wounded=False)
        ctx.emit("torpor", f"{ctx.name(blocker)} goes to torpor.", cards=(blocker,))


def _end_if_blocked(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    if not has(_top(ctx), "end_if_blocked"):
        _add(ctx, Mod("end_if_blocked", 0, None, iid, rules.card_id))


def _obedience_check(ctx: Ctx, minion: int, rules: CardRules) -> ActionFrame:
    """"Only usable if this vampire is about to enter combat with an acting younger vampire": this vampire
    blocks (intercept at least the stealth) a younger acting vampire."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if f.stage != "attempt" or f.blocker != minion or intercept(ctx, f, minion) < stealth(ctx, f):
        raise Illegal("timing", f"{rules.name} is only usable by a vampire about to enter combat with the acting "
                                "vampire (blocking it successfully)")
    a = ctx.st.cards[f.actor]
    if not ctx.is_vampire(a) or (ctx.cdef(a).capacity or 0) >= (ctx.cdef(minion).capacity or 0):
        raise Illegal("timing", f"{rules.name} is only usable against an acting younger vampire")
    return f


def _unlock_acting_and_end(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _obedience_check(ctx, minion, rules)
    end_action(ctx, rules, mode, blocker, combat=False)
    ctx.update(f.actor, locked=False)
    ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks.", cards=(f.actor,))


def _acting_no_repeat(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    if f.stage != "resolution":
        # [DOM] "As above, but do not unlock the acting vampire": the action still ends
        f = _obedience_check(ctx, minion, rules)
        end_action(ctx, rules, mode, blocker, combat=False)
        f = _top(ctx)
    ctx.st.acted = ctx.st.acted | {(f.actor, same_action_key(ctx, f))}


def _votes_margin_blood(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    last = ctx.st.last_referendum
    if not last or not last[0]:
        raise Illegal("timing", f"{rules.name} is only usable after a referendum that passed")
    margin = max(0, last[1] - last[2])
    to_pool = 0
    if any(auto_action.reading(x, rules.types) == "margin_to_pool" for x in mode.effects):
        # [PRE]: up to 2 of those blood go to the pool instead; the play's choice says how many (default 2)
        want = 2 if cmd.choice is None else _int_choice(cmd, rules)
        if want not in (0, 1, 2):
            raise Illegal("choice", f"{rules.name}: move 0, 1 or 2 of those blood to your pool, not {want}")
        to_pool = min(want, margin)
    c = ctx.st.cards[minion]
    if margin - to_pool:
        ctx.set_blood(minion, c.counters + margin - to_pool)
        ctx.emit("gained_blood", f"{ctx.name(minion)} gains {margin - to_pool} blood ({rules.name}).", cards=(minion,))
    if to_pool:
        ctx.pool(cmd.seat, to_pool, rules.name)


def _int_choice(cmd: C.Play, rules: CardRules) -> int:
    from vtes_desktop.engine.errors import Malformed

    try:
        return int(str(cmd.choice))
    except ValueError:
        raise Malformed("choice", f"{rules.name}: the choice must be a number") from None


def _anarch(ctx: Ctx, cmd: C.Play, rules: CardRules) -> int | None:
    if cmd.target is None:
        return None
    t = flow.ref(ctx, cmd.seat, cmd.target, what="minion")
    c = ctx.st.cards[t]
    if c.controller != cmd.seat or (ctx.sect(c) or "").lower() != "anarch":
        raise Illegal("target", f"{rules.name}: {ctx.name(t)} is not an Anarch you control")
    return t


def _anarch_intercept(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import intercept, stealth

    if cmd.choice == "unlock":
        return
    f = _top(ctx)
    t = _anarch(ctx, cmd, rules) or blocker
    if t is None or f.stage != "attempt" or f.blocker != t:
        raise Illegal("intercept", f"{rules.name}: intercept can only be added to an Anarch of yours that is blocking "
                                   "(or say choice: unlock for its other use)")
    if (ctx.sect(ctx.st.cards[t]) or "").lower() != "anarch" or ctx.st.cards[t].controller != cmd.seat:
        raise Illegal("target", f"{rules.name}: {ctx.name(t)} is not an Anarch you control")
    if intercept(ctx, f, t) >= stealth(ctx, f):
        raise Illegal("intercept", f"{ctx.name(t)} already has enough intercept; intercept can be added only when needed")
    _add(ctx, Mod("intercept", 1, t, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(t)} gets +1 intercept.", cards=(t,))


def _anarch_unlock_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    if cmd.choice != "unlock":
        return
    f = _top(ctx)
    t = _anarch(ctx, cmd, rules)
    if t is None:
        raise Illegal("target", f"{rules.name}: name the locked Anarch you control (target)")
    if not ctx.st.cards[t].locked or ctx.st.cards[t].region != "ready":
        raise Illegal("target", f"{rules.name}: {ctx.name(t)} is not a locked ready Anarch")
    if f.stage != "blocks":
        raise Illegal("block", f"{rules.name}: a block attempt can be made only while the action can be blocked and no "
                               "other attempt is under way")
    why = block_refusal(ctx, f, t, cmd.seat)
    if why:
        raise Illegal("block", why)
    pay_block_cost(ctx, f, t)
    ctx.update(t, locked=False)
    flow.set_top(ctx, f._replace(stage="attempt", blocker=t, mods=f.mods + (Mod("intercept", 1, t, iid, rules.card_id),)))
    ctx.emit("block", f"{ctx.name(t)} unlocks and attempts to block {ctx.name(f.actor)} with +1 intercept "
                      f"({rules.name}).", cards=(t, f.actor))


def _class_intercept(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    low = e.text.lower()
    if low.startswith("allies and younger"):
        key = "icls:ally_or_younger"
    elif low.startswith("allies get"):     # Obedient Flesh, Safe Passage
        key = "icls:allies"
    elif low.startswith("vampires with capacity"):
        key = "icls:cap<=" + re.search(r"capacity (\d+)", low).group(1)
    else:
        key = "icls:without:nec,obt"
    _add(ctx, Mod(key, -1, None, iid, rules.card_id))
    ctx.emit("modifier", f"{rules.name}: {e.text.rstrip('.')} this action.")


def class_intercept(ctx: Ctx, f: ActionFrame, m: int) -> int:
    """Intercept a blocker loses for its class this action (Perfect Paragon, The Missing Voice, Acheron Vortex)."""
    n = 0
    for mod in f.mods:
        if not mod.kind.startswith("icls:"):
            continue
        c = ctx.st.cards[m]
        d = ctx.cdef(m)
        what = mod.kind[5:]
        if what == "ally_or_younger":
            hit = "Ally" in d.types or ("Vampire" in d.types and (d.capacity or 0) < (ctx.cdef(f.actor).capacity or 0))
        elif what == "younger_than_player":   # Zapaderin: younger than the modifying vampire that played it
            hit = "Ally" in d.types or ("Vampire" in d.types and (d.capacity or 0) < (ctx.cdef(mod.minion).capacity or 0))
        elif what == "minions":
            hit = True
        elif what == "corrupted":     # Sense the Sin [DAI]
            hit = corruption(ctx, m) > 0
        elif what == "allies":
            hit = "Ally" in d.types
        elif what == "without_flight_spi":   # Squirrel Balance
            hit = not ("flight" in ctx.rules(m).traits or "[flight]" in (d.text or "").lower()
                       or ctx.discipline_level(c, "spi"))
        elif what.startswith("cap<="):
            hit = "Vampire" in d.types and (d.capacity or 0) <= int(what[5:])
        else:
            hit = not any(ctx.discipline_level(c, t) for t in what.split(":", 1)[1].split(","))
        if hit:
            n += mod.amount
    return n


def _unlock_if_success(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("unlock_after_success", 0, minion, iid, rules.card_id))


def _bleed_or_stealth(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed":
        raise Illegal("timing", f"{rules.name} is only usable during a bleed action")
    if any(m.limited for m in f.mods if m.card != iid):
        raise Illegal("limited", f"{rules.name} is (limited): the bleed is already increased by a (limited) modifier "
                                 "this action")
    if cmd.choice not in (None, "bleed", "stealth"):
        raise Illegal("choice", f"{rules.name}: choose bleed (+1 bleed) or stealth (+1 stealth and +1 bleed)")
    mods = [Mod("bleed", 1, minion, iid, rules.card_id, limited=True)]
    if cmd.choice == "stealth":
        if f.stage != "attempt" or f.blocker is None:
            raise Illegal("stealth", "stealth can only be added while the action is being blocked")
        if stealth(ctx, f) > intercept(ctx, f, f.blocker):
            raise Illegal("stealth", "stealth can be added only when needed")
        mods.append(Mod("stealth", 1, minion, iid, rules.card_id))
    _add(ctx, *mods)
    ctx.emit("modifier", f"{rules.name}: +1 bleed" + (" and +1 stealth." if cmd.choice == "stealth" else "."),
             cards=(minion,))


def _burn_for_intercept(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import intercept, reserved_blood, stealth

    f = _top(ctx)
    if f.stage != "attempt" or f.blocker != minion:
        raise Illegal("intercept", f"{rules.name}: intercept can only be added by a blocking minion")
    if intercept(ctx, f, minion) >= stealth(ctx, f):
        raise Illegal("intercept", f"{ctx.name(minion)} already has enough intercept; intercept can be added only when "
                                   "needed")
    c = ctx.st.cards[minion]
    if c.counters - reserved_blood(ctx, minion) < 1:
        raise Illegal("cost", f"{ctx.name(minion)} has no blood to burn for {rules.name}")
    ctx.set_blood(minion, c.counters - 1)
    _add(ctx, Mod("intercept", 1, minion, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(minion)} burns 1 blood for +1 intercept.", cards=(minion,))


def _no_lock_for_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("no_lock_block", 0, minion, iid, rules.card_id))


def _block_cost(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    d = re.search(r"without [a-z]+ \[([a-z]{3})\]", e.text.lower())
    key = f"block_cost:without:{d.group(1)}" if d else "block_cost:vampires"
    if not has(_top(ctx), key):
        _add(ctx, Mod(key, 1, None, iid, rules.card_id))


def pay_block_cost(ctx: Ctx, f: ActionFrame, m: int) -> None:
    """A block attempt that a card makes cost blood (Tenebrous Form, Neutral Guard): paid, or refused."""
    for mod in f.mods:
        if not mod.kind.startswith("block_cost:"):
            continue
        c = ctx.st.cards[m]
        who = mod.kind.split(":", 1)[1]
        if who == "minions_life":   # "burn 1 blood or life": an ally pays with life
            if c.counters < mod.amount:
                raise Illegal("block", f"{ctx.name(m)} must burn {mod.amount} blood or life to attempt to block this "
                                       f"action ({ctx.db[mod.cid].display}) and cannot")
            _burn_blood_or_life(ctx, m, mod.amount, f"to attempt to block ({ctx.db[mod.cid].display})")
            continue
        if who == "vampires" and not ctx.is_vampire(c):
            continue
        if who.startswith("without:") and ctx.discipline_level(c, who.split(":", 1)[1]):
            continue
        if not ctx.is_vampire(c) or c.counters < mod.amount:
            raise Illegal("block", f"{ctx.name(m)} must burn {mod.amount} blood to attempt to block this action "
                                   f"({ctx.db[mod.cid].display}) and cannot")
        ctx.set_blood(m, c.counters - mod.amount)
        ctx.emit("burned_blood", f"{ctx.name(m)} burns {mod.amount} blood to attempt to block.", cards=(m,))


def _choose_new_target(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.errors import Malformed
    from vtes_desktop.engine.rules_action import target_seat

    f = _top(ctx)
    new = target_seat(ctx, cmd.seat, cmd.target) if cmd.target is not None else None
    if new is None:
        raise Malformed("target", f"{rules.name}: name the Methuselah the acting minion now bleeds (target)")
    if new in (f.seat, f.target_seat) or ctx.st.seats[new].ousted:
        raise Illegal("target", f"{rules.name}: choose another Methuselah still in the game, other than the acting "
                                "minion's controller")
    flow.set_top(ctx, f._replace(target_seat=new))
    ctx.emit("redirected", f"{ctx.name(f.actor)} is now bleeding {ctx.seat_name(new)}.")


def _about_to_fight(ctx: Ctx, minion: int, rules: CardRules) -> tuple[ActionFrame, int]:
    """The action is blocked (intercept at least the stealth) and *minion* is one of the two that will fight:
    the other one, and the frame."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if f.stage != "attempt" or f.blocker is None or minion not in (f.actor, f.blocker) \
            or intercept(ctx, f, f.blocker) < stealth(ctx, f):
        raise Illegal("timing", f"{rules.name} is only usable by a vampire about to enter combat (a block that "
                                "succeeds)")
    return f, (f.blocker if minion == f.actor else f.actor)


def _lock_ally_and_end(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f, other = _about_to_fight(ctx, minion, rules)
    if "Ally" not in ctx.cdef(other).types:
        raise Illegal("timing", f"{rules.name} is only usable if this vampire is about to enter combat with an ally")
    end_action(ctx, rules, mode, blocker, combat=False)
    ctx.update(other, locked=True)
    ctx.emit("locked", f"{ctx.name(other)} locks.", cards=(other,))


def _blocker_damage(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine import rules_combat

    if blocker is None:
        raise Illegal("timing", f"{rules.name} is only usable while a minion blocks")
    ctx.emit("damage", f"{ctx.name(blocker)} takes 1 unpreventable damage.", cards=(blocker,))
    rules_combat.inflict(ctx, blocker, 1, 0)


def _press_if_blocks(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("grant_press", 1, minion, iid, rules.card_id))


def _ecstasy(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("ecstasy", 1, None, iid, rules.card_id))


def _burn_for_stealth(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import intercept, reserved_blood, stealth

    f = _top(ctx)
    if any(m.kind == "stealth" and m.card == iid for m in f.mods):
        return      # High Aye: its two readings of one clause add one amount
    if f.stage != "attempt" or f.blocker is None:
        raise Illegal("stealth", "stealth can only be added while the action is being blocked")
    if stealth(ctx, f) > intercept(ctx, f, f.blocker):
        raise Illegal("stealth", "stealth can be added only when needed")
    n = int(re.search(r"burn (\d)", e.get("cost")).group(1))
    c = ctx.st.cards[minion]
    if c.counters - reserved_blood(ctx, minion) < n:
        raise Illegal("cost", f"{ctx.name(minion)} has not {n} blood to spare for {rules.name}")
    ctx.set_blood(minion, c.counters - n)
    _add(ctx, Mod("stealth", e.amount, minion, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(minion)} burns {n} blood for +{e.amount} stealth.", cards=(minion,))


def _spying_instead(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed" or f.stage != "declined":
        raise Illegal("timing", f"{rules.name} is only usable if a bleed would be successful (after blocks are "
                                "declined)")
    _add(ctx, Mod("spying", f.target_seat, f.actor, iid, rules.card_id))


def _bleed_unlimited(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed":
        raise Illegal("timing", f"{rules.name} is only usable during a bleed action")
    n = int(auto_action._TEXTS["bleed_unlimited"].match(e.text.strip().lower()).group("n") or 1)
    _add(ctx, Mod("bleed", n, minion, iid, rules.card_id))
    ctx.emit("modifier", f"{rules.name}: +{n} bleed (not counting against the limit).", cards=(minion,))


def _veil(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """[OBF]: as above (+1 stealth for the acting minion), and X blood (the play's choice, default 0) gives the
    next X actions of the player's minions this turn +1 stealth."""
    from vtes_desktop.engine.rules_action import intercept, reserved_blood, stealth

    f = _top(ctx)
    if not any(x.kind == "stealth" and x.card == iid for x in f.mods):   # the +1 the basic text gives
        if f.stage != "attempt" or f.blocker is None:
            raise Illegal("stealth", "stealth can only be added while the action is being blocked")
        if stealth(ctx, f) > intercept(ctx, f, f.blocker):
            raise Illegal("stealth", "stealth can be added only when needed")
        _add(ctx, Mod("stealth", 1, f.actor, iid, rules.card_id))
    x = 0 if cmd.choice is None else _int_choice(cmd, rules)
    c = ctx.st.cards[minion]
    if x < 0 or c.counters - reserved_blood(ctx, minion) < x:
        raise Illegal("cost", f"{ctx.name(minion)} cannot burn {x} blood for {rules.name}")
    if x:
        ctx.set_blood(minion, c.counters - x)
        st = ctx.st
        old = next((a for a in st.acted if a[0] == cmd.seat and isinstance(a[1], tuple)
                    and a[1][0] == "next_action_stealth"), None)
        n = x + (old[1][1] if old else 0)
        st.acted = (st.acted - {old} if old else st.acted) | {(cmd.seat, ("next_action_stealth", n))}
        ctx.emit("modifier", f"{ctx.name(minion)} burns {x} blood: the next {x} action{'s' if x > 1 else ''} of "
                             f"{ctx.seat_name(cmd.seat)}'s minions this turn get +1 stealth.", cards=(minion,))


def next_action_stealth(ctx: Ctx, seat: int) -> int:
    """+1 stealth for an action being announced, from Veil the Legions' X (used up one action at a time)."""
    st = ctx.st
    old = next((a for a in st.acted if a[0] == seat and isinstance(a[1], tuple) and a[1][0] == "next_action_stealth"),
               None)
    if old is None:
        return 0
    n = old[1][1] - 1
    st.acted = (st.acted - {old}) | ({(seat, ("next_action_stealth", n))} if n > 0 else set())
    return 1


def two_uses(rules: CardRules, locked: bool) -> CardRules:
    """A reaction whose one text holds two uses, the second by a locked vampire (Second Tradition: Domain:
    "+2 intercept." and "Only usable by a locked prince or justicar. This vampire burns 1 blood to unlock and
    attempt to block..."): the use this minion makes, as the rules of the card."""
    import dataclasses

    modes = []
    for md in rules.modes:
        second = [e for e in md.effects if auto_action.reading(e, rules.types) == "burn_unlock_block"]
        if not second or "Reaction" not in md.types:
            modes.append(md)
            continue
        if locked:
            modes.append(dataclasses.replace(md, intercept=0, effects=tuple(second)))
        else:
            only = tuple(o for o in md.only if o != "locked" and not o.startswith("by:locked"))
            modes.append(dataclasses.replace(md, only=only, effects=tuple(e for e in md.effects if e not in second)))
    if modes == list(rules.modes):
        return rules
    return dataclasses.replace(rules, modes=tuple(modes))


def _burn_unlock_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import reserved_blood

    f = _top(ctx)
    if f.stage != "blocks":
        raise Illegal("block", f"{rules.name}: a block attempt can be made only while the action can be blocked and no "
                               "other attempt is under way")
    why = block_refusal(ctx, f, minion, cmd.seat)
    if why:
        raise Illegal("block", why)
    c = ctx.st.cards[minion]
    if c.counters - reserved_blood(ctx, minion) < 1:
        raise Illegal("cost", f"{ctx.name(minion)} has no blood to burn for {rules.name}")
    ctx.set_blood(minion, c.counters - 1)
    pay_block_cost(ctx, f, minion)
    ctx.update(minion, locked=False)
    n = int(re.search(r"\+(\d) intercept", e.text).group(1))
    f = _top(ctx)
    flow.set_top(ctx, f._replace(stage="attempt", blocker=minion,
                                 mods=f.mods + (Mod("intercept", n, minion, iid, rules.card_id),)))
    ctx.emit("block", f"{ctx.name(minion)} burns 1 blood, unlocks and attempts to block {ctx.name(f.actor)} with "
                      f"+{n} intercept ({rules.name}).", cards=(minion, f.actor))


def _choose_younger_locked(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    t = _chosen(ctx, cmd, rules)
    c = ctx.st.cards[t]
    if c.controller != cmd.seat or not ctx.is_vampire(c) or not c.locked or c.region != "ready":
        raise Illegal("target", f"{rules.name}: choose a locked ready vampire you control")
    if (ctx.cdef(t).capacity or 0) >= (ctx.cdef(minion).capacity or 0):
        raise Illegal("target", f"{rules.name}: {ctx.name(t)} is not younger than {ctx.name(minion)}")
    f = _top(ctx)
    flow.set_top(ctx, f._replace(woken=f.woken | {t}))
    ctx.emit("wakes", f"{ctx.name(t)} can block and play reactions as though unlocked this action.", cards=(t,))


def _younger_or_ally(ctx: Ctx, who: int, than: int) -> bool:
    d = ctx.cdef(who)
    return "Ally" in d.types or ("Vampire" in d.types and (d.capacity or 0) < (ctx.cdef(than).capacity or 0))


def _attempt_fails_young(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    if blocker is None or not _younger_or_ally(ctx, blocker, minion):
        raise Illegal("timing", f"{rules.name}: only an ally or younger vampire's block attempt fails this way")
    fail_attempt(ctx, rules, blocker, bar=True)


def _reduce_bleed_amount(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed":
        raise Illegal("timing", f"{rules.name} is only usable during a bleed")
    n = int(re.search(r"by (\d)", e.text).group(1))
    _add(ctx, Mod("bleed", -n, minion, iid, rules.card_id))
    ctx.emit("reduced", f"{rules.name}: the bleed is reduced by {n}.", cards=(minion,))


def _lock_to_fail(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """The Mole: "Only usable if a non-Anarch minion is acting" (checked here), then lock to end the action."""
    f = _top(ctx)
    if (ctx.sect(ctx.st.cards[f.actor]) or "").lower() == "anarch":
        raise Illegal("timing", f"{rules.name} is only usable if a non-Anarch minion is acting")
    if ctx.st.cards[minion].locked:
        raise Illegal("locked", f"{ctx.name(minion)} is locked: {rules.name} needs it to lock")
    ctx.update(minion, locked=True)
    end_action(ctx, rules, mode, blocker)


def _blood_to_fail(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Army of Apparitions: "Only usable if an ally or younger vampire is performing an action directed at a minion
    you control" (checked here); burn the blood to end the action."""
    from vtes_desktop.engine.rules_action import reserved_blood

    f = _top(ctx)
    t = f.target_card
    if t is None or ctx.st.cards[t].controller != cmd.seat or not _younger_or_ally(ctx, f.actor, minion):
        raise Illegal("timing", f"{rules.name} is only usable if an ally or younger vampire performs an action directed "
                                "at a minion you control")
    n = int(re.search(r"burn (\d)", e.text.lower()).group(1))
    c = ctx.st.cards[minion]
    if c.counters - reserved_blood(ctx, minion) < n:
        raise Illegal("cost", f"{ctx.name(minion)} has not {n} blood to burn for {rules.name}")
    ctx.set_blood(minion, c.counters - n)
    end_action(ctx, rules, mode, blocker)


def _fail_and_torpor(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Mistaken Identity: "Only usable if a Ventrue antitribu is hunting" (checked here)."""
    f = _top(ctx)
    if f.kind != "hunt" or "ventrue antitribu" not in {x.lower() for x in ctx.cdef(f.actor).clans}:
        raise Illegal("timing", f"{rules.name} is only usable if a Ventrue antitribu is hunting")
    end_action(ctx, rules, mode, blocker)
    a = ctx.st.cards[f.actor]
    if a.region == "ready":
        ctx.move(f.actor, "torpor", seat=a.controller, counters=a.counters, locked=a.locked, wounded=False)
        ctx.emit("torpor", f"{ctx.name(f.actor)} goes to torpor.", cards=(f.actor,))


def _allies_cannot_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    if not has(_top(ctx), "no_block_allies"):
        _add(ctx, Mod("no_block_allies", 0, None, iid, rules.card_id))


def _blocker_burns(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if blocker is None or intercept(ctx, f, blocker) < stealth(ctx, f):
        raise Illegal("timing", f"{rules.name} is only usable once the action is blocked, before the block resolves")
    n = int(re.search(r"burns (\d)", e.text).group(1))
    c = ctx.st.cards[blocker]
    ctx.update(blocker, counters=max(0, c.counters - n))
    ctx.emit("burned_blood", f"{ctx.name(blocker)} burns {min(n, c.counters)} {'blood' if ctx.is_vampire(c) else 'life'}.",
             cards=(blocker,))
    if not ctx.is_vampire(c) and c.counters - n <= 0:
        ctx.burn(blocker, "no life left")


def _predator_burns_pool(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    pred = ctx.st.predator(cmd.seat)
    if f.seat != pred:
        raise Illegal("timing", f"{rules.name} is only usable against a minion of your predator")
    ctx.pool(pred, -int(re.search(r"burns (\d)", e.text).group(1)), rules.name)


def _actor_controller_burns_pool(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    ctx.pool(f.seat, -int(re.search(r"burns (\d)", e.text).group(1)), rules.name)


def _actor_burns_blood(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    a = ctx.st.cards[f.actor]
    if ctx.is_vampire(a):
        ctx.set_blood(f.actor, max(0, a.counters - e.amount))
        ctx.emit("burned_blood", f"{ctx.name(f.actor)} burns {min(e.amount, a.counters)} blood.", cards=(f.actor,))


def _blood_and_pool(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    c = ctx.st.cards[minion]
    ctx.set_blood(minion, c.counters + 1)
    ctx.pool(cmd.seat, 1, rules.name)
    ctx.emit("gained_blood", f"{ctx.name(minion)} gains 1 blood.", cards=(minion,))


def _gain_edge(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Esteem: "Only usable ... if directed at the Methuselah with the Edge" (checked here)."""
    f = _top(ctx)
    st = ctx.st
    if st.edge is None or f.target_seat != st.edge or not f.directed:
        raise Illegal("timing", f"{rules.name} is only usable after an action directed at the Methuselah with the Edge")
    st.edge = cmd.seat
    ctx.emit("edge", f"{ctx.seat_name(cmd.seat)} takes the Edge.")


def _exclusive_vampire(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    m = auto_action._TEXTS["exclusive_vampire"].match(e.text.strip().lower())
    name = m.group("name").strip() if m else ""
    f = _top(ctx)
    for (who, cid) in f.played:
        if who == minion and cid != rules.card_id and ctx.db[cid].name.lower() == name:
            raise Illegal("exclusive", f"{ctx.name(minion)} cannot play both {rules.name} and {ctx.db[cid].display} "
                                       "during the same action")


def _unblockable(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    if not has(_top(ctx), "unblockable"):
        _add(ctx, Mod("unblockable", 0, None, iid, rules.card_id))
    ctx.emit("no_block", f"{rules.name}: this action is unblockable.")


def _unlock_black_hand_actor(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    traits = ctx.rules(f.actor).traits
    if "black hand" not in traits or "seraph" in traits:
        raise Illegal("timing", f"{rules.name} is only usable if a non-Seraph Black Hand vampire is acting")
    ctx.update(f.actor, locked=False)
    ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks.", cards=(f.actor,))


def _actor_maneuver_if_blocked(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("grant_maneuver_actor", 1, _top(ctx).actor, iid, rules.card_id))


def _unlock_blocker(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if blocker is None or intercept(ctx, f, blocker) < stealth(ctx, f):
        raise Illegal("timing", f"{rules.name} is only usable once this vampire is blocked")
    ctx.update(blocker, locked=False)


def _not_blocked_unblockable(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """The block does not happen (no combat, the blocker does not lock) and no one else may block."""
    f = _top(ctx)
    if blocker is None or f.stage != "attempt":
        raise Illegal("timing", f"{rules.name} is only usable once this vampire is blocked")
    flow.set_top(ctx, f._replace(stage="blocks", blocker=None,
                                 mods=f.mods + (Mod("unblockable", 0, None, iid, rules.card_id),)))
    ctx.emit("block_failed", f"The action is not blocked, and it is now unblockable ({rules.name}).",
             cards=(blocker,))


def _lock_to_zero_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import bleed_amount

    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed" or f.target_seat != cmd.seat:
        raise Illegal("timing", f"{rules.name} is only usable while a minion is bleeding you")
    if ctx.st.cards[minion].locked:
        raise Illegal("locked", f"{ctx.name(minion)} is locked: {rules.name} needs it to lock")
    ctx.update(minion, locked=True)
    n = bleed_amount(ctx, f)
    if n > 0:   # later increases still count: only what the bleed is now is taken off
        _add(ctx, Mod("bleed", -n, minion, iid, rules.card_id))
    ctx.emit("reduced", f"{rules.name}: the bleed is reduced to 0.", cards=(minion,))


def _burn_unlock_if_success(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("unlock_after_success", 1, minion, iid, rules.card_id))


def _prevent_first_round(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("grant_prevent", 1, minion, iid, rules.card_id))


def combat_started(ctx: Ctx, f: ActionFrame) -> None:
    """The combat that follows the block has begun: preventions granted for its first round to the blocker
    (Precognition), used with `prevent` naming the card. The combat frame's mods last that round."""
    from vtes_desktop.engine.state import CombatFrame

    cf = ctx.st.top
    if not isinstance(cf, CombatFrame):
        return
    add = tuple(Mod("granted_prevent", m.amount, m.minion, m.card, m.cid) for m in f.mods
                if m.kind == "grant_prevent" and m.minion == f.blocker)
    if add:
        cf = cf._replace(mods=cf.mods + add)
        flow.set_top(ctx, cf)
    marks = combat_marks(f)
    if marks:       # Form of the Bat, Domain of Evernight: kept for the whole combat
        cf = cf._replace(used=cf.used | marks)
        flow.set_top(ctx, cf)
    bm = tuple(m for m in f.mods if m.kind == "grant_prevent_combat" and m.minion == f.actor)
    if bm:      # Beast Meld: the acting vampire's prevention, in any round of this combat
        cf = cf._replace(mods=cf.mods + tuple(Mod("granted_prevent", m.amount, m.minion, m.card, m.cid) for m in bm),
                         used=cf.used | {("combat_prevent", m.minion, m.cid) for m in bm})
        flow.set_top(ctx, cf)
    vs = tuple(m for m in f.mods if m.kind in ("first_strike_r1", "no_dodge_r1") and m.minion == f.blocker)
    if vs:      # Veil of Silence: the first round only (the combat frame's mods last the round)
        add = tuple(Mod("first_strike", 2, f.blocker, m.card, m.cid) if m.kind == "first_strike_r1"
                    else Mod("forbid_dodge", 0, f.actor, m.card, m.cid) for m in vs)
        cf = cf._replace(mods=cf.mods + add)
        flow.set_top(ctx, cf)
    if any(m.kind == "no_strikes_r1" and m.minion == f.blocker for m in f.mods):     # One With the Land
        cf = cf._replace(mods=cf.mods + (Mod("forbid_all_strikes", 0, cf.a, None), Mod("forbid_all_strikes", 0, cf.b,
                                                                                          None)))
        flow.set_top(ctx, cf)
        ctx.emit("effect", "Neither combatant can strike in the first round.")
    if has(f, "no_combat_ends_blocker") and f.blocker is not None:     # Mind of the Wilds: every round
        cf = cf._replace(mods=cf.mods + (Mod("forbid_combat_ends", 0, f.blocker, None),),
                         used=cf.used | {("no_combat_ends", f.blocker)})
        flow.set_top(ctx, cf)
    if has(f, "combat_range:close"):
        # Gang Tactics: every round at close range, the determine range step skipped ("close_next" marks the later
        # rounds the way rules_combat reads them)
        cf = cf._replace(range="close", range_set=True,
                         used=cf.used | {("close_next", n) for n in range(2, 40)})
        flow.set_top(ctx, cf)
        ctx.emit("range", "The combat is at close range (Gang Tactics); the range is not determined.")
    elif has(f, "combat_range:long_each"):
        # Neutral Guard: every round at long range, the determine range step skipped (rules_combat starts each
        # later round at long range while ("long_each",) is in the combat's record)
        cf = cf._replace(range="long", range_set=True, used=cf.used | {("long_each",)})
        flow.set_top(ctx, cf)
        ctx.emit("range", "The combat is at long range each round (Neutral Guard); the range is not determined.")
    elif has(f, "combat_range:first_long"):
        cf = cf._replace(range="long", range_set=True)
        flow.set_top(ctx, cf)
        ctx.emit("range", "The first round of the combat is at long range.")


# -- second pass: the long tail -------------------------------------------------------------------------------

def by_other(mode: Mode) -> bool:
    """The mode is played by a minion other than the acting one ("Only usable by a ready vampire other than the
    acting minion/wraith", "by a non-acting Guruhi")."""
    return any(o == "other than acting" or (o.startswith("by:") and ("other than the acting" in o or "non-acting" in o))
               for o in mode.only)


def _lock_and_end(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Mental Maze [obf], Voice of Madness: this blocking vampire locks and the action ends before the block
    resolves (no combat; the acting minion stays as it is)."""
    if blocker != minion:
        raise Illegal("timing", f"{rules.name} is only usable by the vampire blocking the action")
    end_action(ctx, rules, mode, blocker)
    ctx.update(minion, locked=True)
    ctx.emit("locked", f"{ctx.name(minion)} locks.", cards=(minion,))


def _burn_blood_or_life(ctx: Ctx, who: int, n: int, why: str) -> None:
    c = ctx.st.cards.get(who)
    if c is None or c.region not in ("ready", "torpor"):
        return
    vamp = ctx.is_vampire(c)
    ctx.update(who, counters=max(0, c.counters - n))
    ctx.emit("burned_blood", f"{ctx.name(who)} burns {min(n, c.counters)} {'blood' if vamp else 'life'} ({why}).",
             cards=(who,))
    if not vamp and "Ally" in ctx.cdef(who).types and c.counters - n <= 0:
        ctx.burn(who, "no life left")


def _actor_burns_blood_or_life(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = ctx.st.top
    _burn_blood_or_life(ctx, f.actor, 1, rules.name)


def clan_cost_less(ctx: Ctx, mode: Mode, rules: CardRules, minion: int) -> int:
    """Blood taken off the cost for the playing vampire's clan ("This card costs Followers of Set 1 fewer blood"), or
    at this level (Venenation [SER])."""
    for e in mode.effects:
        if e.automated and auto_action.reading(e, rules.types) == "level_cost_less":
            return 1
        if e.automated and auto_action.reading(e, rules.types) == "clan_cost_less":
            clan = auto_action.clan_key(auto_action._CLAN_COST.match(e.text.strip().lower()).group("clan"))
            if clan in {auto_action.clan_key(x) for x in ctx.cdef(minion).clans}:
                return 1
    return 0


def _clan_cost_less(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Paid with the cost (clan_cost_less). Mental Maze [OBF] reads "As above, but do not lock this vampire": the
    grammar keeps only this clause at that level, so the action's end is carried out here."""
    if not any(auto_action.reading(x, rules.types) == "lock_and_end" for x in mode.effects) and \
            re.search(r"(?i)as above, but do not lock this vampire", mode.text):
        if blocker != minion:
            raise Illegal("timing", f"{rules.name} is only usable by the vampire blocking the action")
        end_action(ctx, rules, mode, blocker)


def _choose_class(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """"Choose an ally", "choose an ally or younger vampire" (younger than the acting vampire), "choose a minion"."""
    f = _top(ctx)
    if any(m.kind == "chosen" and m.card == iid for m in f.mods):
        return
    t = _chosen(ctx, cmd, rules)
    d = ctx.cdef(t)
    rs = {auto_action.reading(x, rules.types) for x in mode.effects}
    if "choose_ally_or_younger" in rs:
        if not _younger_or_ally(ctx, t, f.actor):
            raise Illegal("target", f"{rules.name}: choose an ally or a vampire younger than {ctx.name(f.actor)}; "
                                    f"{ctx.name(t)} is neither")
    elif "choose_ally" in rs and "Ally" not in d.types:
        raise Illegal("target", f"{rules.name}: choose an ally; {ctx.name(t)} is not one")
    _add(ctx, Mod("chosen", 0, t, iid, rules.card_id))
    ctx.emit("chosen", f"{rules.name}: {ctx.name(t)} is chosen.", cards=(t,))


def _chosen_of(ctx: Ctx, cmd: C.Play, rules: CardRules, iid) -> int:
    t = next((m.minion for m in _top(ctx).mods if m.kind == "chosen" and m.card == iid), None)
    return _chosen(ctx, cmd, rules) if t is None else t


def _chosen_no_reactions(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    t = _chosen_of(ctx, cmd, rules, iid)
    if not has(_top(ctx), "no_reactions", t):
        _add(ctx, Mod("no_reactions", 0, t, iid, rules.card_id))
    ctx.emit("no_reactions", f"{ctx.name(t)} cannot play reaction cards this action.", cards=(t,))


def reaction_refusal(ctx: Ctx, f: ActionFrame, m: int) -> str | None:
    """Why *m* cannot play a reaction card now because of a card played on this action (Psalm of the Damned)."""
    if has(f, "no_reactions", m):
        return f"{ctx.name(m)} cannot play reaction cards this action"
    return None


def _burn_to_lock_chosen(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Recurring Contemplation [TEM]: burn 1 blood to lock the chosen minion (the burn is the player's choice:
    `choice: lock`)."""
    from vtes_desktop.engine.rules_action import reserved_blood

    if cmd.choice != "lock":
        return
    t = _chosen_of(ctx, cmd, rules, iid)
    c = ctx.st.cards[minion]
    if c.counters - reserved_blood(ctx, minion) < 1:
        raise Illegal("cost", f"{ctx.name(minion)} has no blood to burn for {rules.name}")
    ctx.set_blood(minion, c.counters - 1)
    ctx.update(t, locked=True)
    ctx.emit("locked", f"{ctx.name(minion)} burns 1 blood: {ctx.name(t)} locks.", cards=(minion, t))


def _chosen_intercept(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    t = _chosen_of(ctx, cmd, rules, iid)
    _add(ctx, Mod("intercept", e.amount, t, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(t)} gets {e.amount} intercept.", cards=(t,))


def _acting_wraith_stealth(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    a = ctx.cdef(f.actor)
    if minion == f.actor or not re.match(r"(?i)\s*wraith\b", a.text or ""):
        raise Illegal("timing", f"{rules.name} is only usable by a vampire other than an acting wraith; "
                                f"{ctx.name(f.actor)} is not a wraith")
    if f.stage != "attempt" or f.blocker is None:
        raise Illegal("stealth", "stealth can only be added while the action is being blocked")
    if stealth(ctx, f) > intercept(ctx, f, f.blocker):
        raise Illegal("stealth", "stealth can be added only when needed")
    _add(ctx, Mod("stealth", e.amount, f.actor, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(f.actor)} gets +{e.amount} stealth.", cards=(f.actor,))


def _later(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """An optional use later in this action ("Once this action / during this action, this vampire can burn 1 blood
    to ..."): recorded on the action, made with `use` naming the vampire (and the card as `effect`)."""
    r = auto_action.reading(e, rules.types)
    once = r == "later_minus_intercept" or "once this action" in e.text.lower()
    _add(ctx, Mod("later:" + r, 1 if once else 99, minion, iid, rules.card_id))


def use(ctx: Ctx, cmd, iid: int) -> bool:
    """A `use` naming a minion that played a card with a later use this action (Speak with Spirits, Eyes of the
    Wild, Into Thin Air); False when it has none (or `effect` names another card)."""
    from vtes_desktop.engine.rules_action import intercept, reserved_blood, stealth

    f = ctx.st.top
    if not isinstance(f, ActionFrame):
        return _rant_use(ctx, cmd, iid)
    mods = [m for m in f.mods if m.kind.startswith("later:") and m.minion == iid
            and (not cmd.effect or ctx.db[m.cid].name.lower() == str(cmd.effect).strip().lower())]
    if not mods:
        return False
    mod = next((m for m in mods if m.amount > 0), None)
    if mod is None:
        raise Illegal("use", f"{ctx.db[mods[0].cid].display} has no further use for {ctx.name(iid)} this action")
    if mod.kind.startswith("later:pay_or_fail"):    # Detect Authority, Scobax
        return _pay_or_fail(ctx, f, mod, iid) or True
    if mod.kind == "later:fb_fail":     # Familial Bond: the acting minion makes the action fail
        if f.stage == "resolution":
            raise Illegal("timing", f"{ctx.db[mod.cid].display}: the action has been resolved")
        mods2 = tuple(m._replace(amount=0) if m is mod else m for m in f.mods)
        flow.set_top(ctx, f._replace(mods=mods2))
        fr = ctx.rules(mod.card)
        end_action(ctx, fr, fr.modes[0], None)
        return True
    if mod.kind == "later:fb_combat":    # Familial Bond: the Laibon locks to fight the acting minion
        from vtes_desktop.engine import rules_combat

        c = ctx.st.cards[iid]
        if f.stage != "resolution" or f.outcome != "successful" or ctx.st.top is not f:
            raise Illegal("timing", f"{ctx.db[mod.cid].display}: only once the action has succeeded")
        if c.region != "ready" or c.locked:
            raise Illegal("locked", f"{ctx.name(iid)} is not a ready unlocked vampire")
        flow.set_top(ctx, f._replace(mods=tuple(m._replace(amount=0) if m is mod else m for m in f.mods)))
        ctx.update(iid, locked=True)
        rules_combat.start(ctx, f.actor, iid)
        return True
    if mod.kind == "later:resonance":     # False Resonance [CHI]
        return _resonance_use(ctx, cmd, mod, iid)
    if mod.kind == "later:corruption_block_fails":     # Enchanting Gaze [PRE]
        return _gaze_use(ctx, f, mod, iid)
    if mod.kind == "later:withdraw_attempt":     # Dawn Operation: the vampire attempting to block withdraws
        if f.stage != "attempt" or f.blocker != iid:
            raise Illegal("timing", f"{ctx.db[mod.cid].display}: {ctx.name(iid)} is not attempting to block")
        mods2 = tuple(m._replace(amount=0) if m is mod else m for m in f.mods)
        flow.set_top(ctx, f._replace(stage="blocks", blocker=None, mods=mods2, imp=f.imp._replace(at=0, passes=0)))
        ctx.emit("withdrawn", f"{ctx.name(iid)} cancels its block attempt ({ctx.db[mod.cid].display}).", cards=(iid,))
        return True
    name = ctx.db[mod.cid].display
    c = ctx.st.cards[iid]
    if mod.kind == "later:unlock_after_block":   # Truth in Darkness: once this vampire's block has resolved
        if f.stage != "resolution" or f.outcome != "blocked" or f.blocker != iid or ctx.st.top is not f:
            raise Illegal("timing", f"{name}: {ctx.name(iid)} can burn 1 blood to unlock once its block has resolved")
        if c.region != "ready" or c.counters < 1:
            raise Illegal("cost", f"{ctx.name(iid)} has no blood to burn for {name}")
        ctx.set_blood(iid, c.counters - 1)
        ctx.update(iid, locked=False)
        flow.set_top(ctx, f._replace(mods=tuple(m._replace(amount=0) if m is mod else m for m in f.mods)))
        ctx.emit("unlocked", f"{ctx.name(iid)} burns 1 blood and unlocks ({name}).", cards=(iid,))
        return True
    if f.stage == "resolution":
        raise Illegal("timing", f"{name}: the action has been resolved")
    if c.counters - reserved_blood(ctx, iid) < 1:
        raise Illegal("cost", f"{ctx.name(iid)} has no blood to burn for {name}")
    if mod.kind == "later:later_intercept":
        if f.stage != "attempt" or f.blocker != iid:
            raise Illegal("intercept", f"{name}: intercept can only be added by a blocking minion")
        if intercept(ctx, f, iid) >= stealth(ctx, f):
            raise Illegal("intercept", f"{ctx.name(iid)} already has enough intercept; intercept can be added only "
                                       "when needed")
        gain = (Mod("intercept", 1, iid, mod.card, mod.cid),)
        what = f"+1 intercept for {ctx.name(iid)}"
    else:   # later_minus_intercept: -1 intercept for an ally or a vampire younger than this one (default: the blocker)
        t = flow.ref(ctx, cmd.seat, cmd.minion, what="minion") if cmd.minion is not None else f.blocker
        if t is None:
            from vtes_desktop.engine.errors import Malformed

            raise Malformed("minion", f"{name}: name the ally or younger vampire that gets -1 intercept (minion)")
        if not _younger_or_ally(ctx, t, iid):
            raise Illegal("target", f"{name}: -1 intercept goes to an ally or a vampire younger than {ctx.name(iid)}")
        if f.stage == "attempt" and f.blocker == t and stealth(ctx, f) > intercept(ctx, f, t):
            raise Illegal("stealth", "stealth can be added only when needed")
        gain = (Mod("intercept", -1, t, mod.card, mod.cid),)
        what = f"-1 intercept for {ctx.name(t)}"
    ctx.set_blood(iid, c.counters - 1)
    f = ctx.st.top
    mods2 = tuple(m._replace(amount=m.amount - 1) if m is mod else m for m in f.mods)
    flow.set_top(ctx, f._replace(mods=mods2 + gain))
    ctx.emit("modifier", f"{ctx.name(iid)} burns 1 blood ({name}): {what}.", cards=(iid,))
    return True


def _lock_unless_blocks(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("lock_unless_blocks", 0, minion, iid, rules.card_id))


def _foul_blood(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """"Only usable if a vampire would successfully hunt" (checked here): -1 hunt, 1 damage after resolution."""
    f = _top(ctx)
    if f.kind != "hunt" or f.stage != "declined" or not ctx.is_vampire(ctx.st.cards[f.actor]):
        raise Illegal("timing", f"{rules.name} is only usable if a vampire would successfully hunt (after blocks are "
                                "declined)")
    _add(ctx, Mod("hunt", -1, f.actor, iid, rules.card_id), Mod("damage_after", 1, f.actor, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(f.actor)} gets -1 hunt ({rules.name}).", cards=(f.actor,))


def _inflict_on_actor(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Touch of Pain: after a bleed against you succeeded or a referendum passed; 1 damage ([POT]: 2) on the acting
    minion; only one each action."""
    from vtes_desktop.engine import rules_combat

    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    last = ctx.st.last_referendum
    ok = f.outcome == "successful" and ((kind == "bleed" and f.target_seat == cmd.seat) or
                                        (f.kind == "political" and last and last[0]))
    if not ok:
        raise Illegal("timing", f"{rules.name} is only usable after a successful bleed against you or a referendum "
                                "that passed")
    if sum(1 for (_m, cid) in f.played if cid == rules.card_id) > 1:
        raise Illegal("limit", f"only one {rules.name} can be played each action")
    n = 2 if any(auto_action.reading(x, rules.types) == "more_damage" for x in mode.effects) else 1
    ctx.emit("damage", f"{ctx.name(minion)} inflicts {n} damage on {ctx.name(f.actor)}.", cards=(f.actor,))
    rules_combat.inflict(ctx, f.actor, n, 0)


def _reaction_surcharge(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    if not has(_top(ctx), "reaction_surcharge"):
        _add(ctx, Mod("reaction_surcharge", 1, None, iid, rules.card_id))


def surcharge(ctx: Ctx, rules: CardRules) -> int:
    """Extra blood (or life) a reaction card costs now: the next one played this action after Unleashing the
    Bestial Soul [DOM] (used up by it)."""
    f = ctx.st.top
    if "Reaction" not in rules.types or not isinstance(f, ActionFrame):
        return 0
    every = sum(m.amount for m in f.mods if m.kind == "reactions_cost")   # Safe Passage, Consign to Oblivion
    mod = next((m for m in f.mods if m.kind == "reaction_surcharge" and m.amount > 0), None)
    if mod is None:
        return every
    flow.set_top(ctx, f._replace(mods=tuple(m._replace(amount=0) if m is mod else m for m in f.mods)))
    return mod.amount + every


def polling_reaction(ctx: Ctx, act: ActionFrame, m: int, kind: str) -> int:
    """A card played in the polling step of *act*'s referendum (rules_politics.play_for_votes): as a reaction, refused
    for a minion that cannot play reactions this action (Psalm of the Damned), and the extra blood the next reaction
    costs (Unleashing the Bestial Soul), used up; as an action modifier, refused once no more can be played on the
    action (Approximation of Loyalty); 0 otherwise."""
    if kind == "Action Modifier":
        why = modifier_refusal(ctx, act)
        if why:
            raise Illegal("timing", why)
        return 0
    if kind != "Reaction":
        return 0
    why = reaction_refusal(ctx, act, m)
    if why:
        raise Illegal("requirements", why)
    every = sum(x.amount for x in act.mods if x.kind == "reactions_cost")   # Safe Passage, Consign to Oblivion
    mod = next((x for x in act.mods if x.kind == "reaction_surcharge" and x.amount > 0), None)
    if mod is None:
        return every
    new = act._replace(mods=tuple(x._replace(amount=0) if x is mod else x for x in act.mods))
    ctx.st.frames = tuple(new if fr is act else fr for fr in ctx.st.frames)
    return mod.amount + every


def _sect_intercept(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    sect = auto_action._TEXTS["sect_intercept"].match(e.text.strip().lower()).group("sect")
    if (ctx.sect(ctx.st.cards[f.actor]) or "").lower() == sect:
        _add(ctx, Mod("intercept", 1, minion, iid, rules.card_id))
        ctx.emit("modifier", f"{ctx.name(f.actor)} is {sect.title()}: {ctx.name(minion)} gets +1 more intercept.",
                 cards=(minion,))


def _pool_for_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed":
        raise Illegal("timing", f"{rules.name} is only usable during a bleed action")
    if ctx.st.seats[cmd.seat].pool < 1:
        raise Illegal("cost", f"{ctx.seat_name(cmd.seat)} has no pool to burn for {rules.name}")
    ctx.pool(cmd.seat, -1, rules.name)
    _add(ctx, Mod("bleed", 1, minion, iid, rules.card_id, limited=True))
    ctx.emit("modifier", f"{rules.name}: 1 pool burned for +1 bleed.", cards=(minion,))


def _minions_block_cost(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    key = "block_cost:minions_life" if "blood or life" in e.text.lower() else "block_cost:vampires"
    # "Minions must burn 1 blood": allies, which cannot burn blood, cannot pay it (pay_block_cost refuses them)
    if key == "block_cost:vampires":
        key = "block_cost:minions"
    if not has(_top(ctx), key):
        _add(ctx, Mod(key, 1, None, iid, rules.card_id))
    ctx.emit("modifier", f"{rules.name}: {e.text}")


def _minions_minus_intercept(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("icls:minions", -1, None, iid, rules.card_id))
    ctx.emit("modifier", f"{rules.name}: blocking minions get -1 intercept this action.")


def _younger_than_me_intercept(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("icls:younger_than_player", -1, minion, iid, rules.card_id))
    ctx.emit("modifier", f"{rules.name}: allies and vampires younger than {ctx.name(minion)} get -1 intercept.")


def _choose_vampire(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    t = _chosen(ctx, cmd, rules)
    if not ctx.is_vampire(ctx.st.cards[t]):
        raise Illegal("target", f"{rules.name}: choose a vampire; {ctx.name(t)} is not one")
    f = _top(ctx)
    if not any(m.kind == "chosen" and m.card == iid for m in f.mods):
        _add(ctx, Mod("chosen", 0, t, iid, rules.card_id))
        ctx.emit("chosen", f"{rules.name}: {ctx.name(t)} is chosen.", cards=(t,))


def _small_cannot_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    n = int(auto_action._TEXTS["small_cannot_block"].match(e.text.strip().lower()).group("n"))
    if not has(_top(ctx), f"no_block_small:{n}"):
        _add(ctx, Mod(f"no_block_small:{n}", 0, None, iid, rules.card_id))
    ctx.emit("no_block", f"{rules.name}: {e.text}")


def _sabbat_attempt_fails(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Council of Seraphim: a Sabbat vampire's attempt fails (it does not lock) and it cannot block this action;
    any other blocker gets -1 intercept (the next clause)."""
    _need_attempt(ctx, rules, blocker)
    b = ctx.st.cards[blocker]
    if ctx.is_vampire(b) and (ctx.sect(b) or "").lower() == "sabbat":
        fail_attempt(ctx, rules, blocker, bar=True)


def _otherwise_minus_intercept(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    b = ctx.st.cards[blocker] if blocker is not None else None
    if b is None or (ctx.is_vampire(b) and (ctx.sect(b) or "").lower() == "sabbat"):
        return
    _add(ctx, Mod("intercept", -1, blocker, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(blocker)} gets -1 intercept.", cards=(blocker,))


def _bleed_against(ctx: Ctx, rules: CardRules, seat: int | None) -> ActionFrame:
    """A bleed under way (against *seat*, or anyone when None)."""
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed" or (seat is not None and f.target_seat != seat):
        raise Illegal("timing", f"{rules.name} is only usable during a bleed" + (" against you" if seat is not None
                                                                               else ""))
    return f


def _burn_reduce_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import reserved_blood

    _bleed_against(ctx, rules, cmd.seat)
    c = ctx.st.cards[minion]
    if c.counters - reserved_blood(ctx, minion) < 1:
        raise Illegal("cost", f"{ctx.name(minion)} has no blood to burn for {rules.name}")
    ctx.set_blood(minion, c.counters - 1)
    _add(ctx, Mod("bleed", -1, minion, iid, rules.card_id))
    ctx.emit("reduced", f"{ctx.name(minion)} burns 1 blood: the bleed is reduced by 1 ({rules.name}).", cards=(minion,))


def _reduce_any_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _bleed_against(ctx, rules, None)
    _add(ctx, Mod("bleed", -1, minion, iid, rules.card_id))
    ctx.emit("reduced", f"{rules.name}: the bleed is reduced by 1.", cards=(minion,))


def _nest_instead(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Nest of Eagles: not usable if the acting minion is an Assamite or wraith or has flight (checked here); by 3
    instead of 1 against an ally or a vampire of capacity 5 or less (the 1 is the clause before)."""
    f = _bleed_against(ctx, rules, cmd.seat)
    d = ctx.cdef(f.actor)
    clans = {auto_action.clan_key(x) for x in d.clans}
    if "banu haqim" in clans or re.match(r"(?i)\s*wraith\b", d.text or "") or "flight" in ctx.rules(f.actor).traits \
            or re.search(r"\[flight\]", (d.text or "").lower()):
        raise Illegal("timing", f"{rules.name} is not usable if the acting minion is an Assamite or wraith or has flight")
    if "Ally" in d.types or ("Vampire" in d.types and (d.capacity or 0) <= 5):
        _add(ctx, Mod("bleed", -2, minion, iid, rules.card_id))
        ctx.emit("reduced", f"{rules.name}: {ctx.name(f.actor)} is an ally or a vampire of capacity 5 or less: the bleed "
                            "is reduced by 3 instead.", cards=(minion,))


def _reduce_by_stealth(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import stealth

    f = _bleed_against(ctx, rules, cmd.seat)
    n = max(0, stealth(ctx, f))
    if n:
        _add(ctx, Mod("bleed", -n, minion, iid, rules.card_id))
    ctx.emit("reduced", f"{rules.name}: the acting minion has {n} stealth; the bleed is reduced by {n}.", cards=(minion,))


def _give_intercept(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """+1 intercept for another minion (the play's target, by default the one blocking): only when needed."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    t = flow.ref(ctx, cmd.seat, cmd.target, what="minion") if cmd.target is not None else blocker
    subj = (e.subject or "").lower()
    if subj.startswith("another") and t == minion:
        raise Illegal("target", f"{rules.name} gives +1 intercept to another minion, not {ctx.name(minion)}")
    if t is None or f.stage != "attempt" or f.blocker != t:
        raise Illegal("intercept", f"{rules.name}: intercept can only be given to the minion attempting to block "
                                   "(name it as the target)")
    if subj.startswith("a minion you control") and ctx.st.cards[t].controller != cmd.seat:
        raise Illegal("target", f"{rules.name}: {ctx.name(t)} is not a minion you control")
    if intercept(ctx, f, t) >= stealth(ctx, f):
        raise Illegal("intercept", f"{ctx.name(t)} already has enough intercept; intercept can be added only when needed")
    _add(ctx, Mod("intercept", 1, t, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(t)} gets +1 intercept ({rules.name}).", cards=(t,))


def _lock_to_unlock_other(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Babble [DEM]: not by a blocking minion (checked here); this vampire locks, another ready minion (the target)
    unlocks."""
    from vtes_desktop.engine.errors import Malformed

    f = _top(ctx)
    if f.stage == "attempt" and f.blocker == minion:
        raise Illegal("timing", f"{rules.name} at this level is not usable by a blocking minion")
    if cmd.target is None:
        raise Malformed("target", f"{rules.name}: name the ready minion that unlocks (target)")
    t = flow.ref(ctx, cmd.seat, cmd.target, what="minion")
    c = ctx.st.cards[t]
    if t == minion or c.region != "ready" or not ctx.is_minion(c):
        raise Illegal("target", f"{rules.name}: {ctx.name(t)} is not another ready minion")
    if ctx.st.cards[minion].locked:
        raise Illegal("locked", f"{ctx.name(minion)} is locked: {rules.name} needs it to lock")
    ctx.update(minion, locked=True)
    ctx.update(t, locked=False)
    ctx.emit("unlocked", f"{ctx.name(minion)} locks; {ctx.name(t)} unlocks ({rules.name}).", cards=(minion, t))


def _unlock_lock_blocker_end(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    end_action(ctx, rules, mode, blocker)
    ctx.update(minion, locked=False)
    ctx.update(blocker, locked=True)
    ctx.emit("unlocked", f"{ctx.name(minion)} unlocks; {ctx.name(blocker)} locks ({rules.name}).", cards=(minion, blocker))


def _no_more_actions(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    ctx.st.acted = ctx.st.acted | {(minion, "no_more_actions")}


def _undirected_stealth(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if any(m.kind == "stealth" and m.card == iid for m in f.mods):
        return      # High Aye: its two readings of one clause add one amount
    if f.stage != "attempt" or f.blocker is None:
        raise Illegal("stealth", "stealth can only be added while the action is being blocked")
    if stealth(ctx, f) > intercept(ctx, f, f.blocker):
        raise Illegal("stealth", "stealth can be added only when needed")
    n = 1 if f.directed else 2
    _add(ctx, Mod("stealth", n, minion, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(minion)} gets +{n} stealth ({'directed' if n == 1 else 'undirected'} action).",
             cards=(minion,))


def _cancel_played(ctx, cmd, minion, mode, rules, e, iid, blocker, own_cost=None) -> None:
    """Cancel the card just played, as it is played (its kind, the Disciplines it requires, who played it): the game
    goes back to before that play (effects_master's record of it), the canceled card goes to the ash heap, and its
    cost is paid only when the text says so ("cost must be paid"; an unsaid cost is paid too, as for combat cards).
    At a superior level "As above, but cancel ..." replaces the basic clause. *own_cost* (pool, blood): what the
    canceling player pays once the game has gone back, when it is not this card's cost (False Resonance's use)."""
    from vtes_desktop.engine import effects_master
    from vtes_desktop.engine.rules_action import _cost, _pay

    clauses = [x for x in mode.effects if auto_action.reading(x, rules.types) == "cancel_played"]
    if e is not clauses[-1]:
        return
    low = e.text.strip().lower()
    m = auto_action._TEXTS["cancel_played"].match(low)
    st = ctx.st
    f0 = st.top
    if "other than the acting minion" in (ctx.cdef(iid).text or "").lower() and isinstance(f0, ActionFrame):
        if minion == f0.actor or st.cards[minion].locked:
            raise Illegal("timing", f"{rules.name} is usable by a ready unlocked vampire other than the acting minion")
    rec = st.as_played   # the card the previous step played (effects_master.note_as_played)
    if rec is None:
        raise Illegal("timing", f"{rules.name} cancels a card as it is played: no card has just been played")
    _, seat, card, before = rec
    if seat == cmd.seat:
        raise Illegal("target", f"{rules.name} cancels a card another Methuselah plays")
    cr = ctx.rules(card)
    types = set(cr.types)
    what = m.group("what")
    ok = {"non-combat card": "Combat" not in types and not ctx.cdef(card).is_crypt,
          "action card or action modifier card": bool({"Action", "Action Modifier"} & types),
          "action card": "Action" in types,
          "action modifier card": "Action Modifier" in types, "action modifier": "Action Modifier" in types,
          "reaction card": "Reaction" in types}[what]
    if not ok:
        raise Illegal("target", f"{rules.name} cancels a {what}; {cr.name} is not one")
    if m.group("discs"):
        want = {x[:3] for x in re.findall(r"[a-z]+(?= \[[a-z]{3}\]|,| or|$)", m.group("discs"))
                if x not in ("or", "and")}
        want |= set(re.findall(r"\[([a-z]{3})\]", m.group("discs")))
        has_ = {d.lower() for d in cr.disciplines}
        if not want & has_:
            raise Illegal("target", f"{rules.name} cancels a card requiring {' or '.join(sorted(want))}; {cr.name} "
                                    "does not")
    # who played it: the minion the canceled play added to the action under way
    who = None
    fb = before.top
    if isinstance(f0, ActionFrame) and isinstance(fb, ActionFrame):
        new = [w for (w, cid) in f0.played - fb.played if cid == cr.card_id]
        who = new[0] if new else None
    if m.group("cap"):
        if who is None or not _small_or_ally(ctx, who, int(m.group("cap"))):
            raise Illegal("target", f"{rules.name} cancels a reaction played by a vampire with capacity "
                                    f"{m.group('cap')} or less or an ally")
    if m.group("without"):
        d = m.group("without")
        if who is None or not ctx.is_vampire(st.cards[who]) or \
                (ctx.cdef(who).capacity or 0) >= (ctx.cdef(minion).capacity or 0) or ctx.discipline_level(st.cards[who], d):
            raise Illegal("target", f"{rules.name} cancels a reaction played by a younger vampire without [{d}]")
    free = bool(m.group("free")) or any(auto_action.reading(x, rules.types) == "cancel_free" for x in mode.effects)
    paid = (0, 0) if free or -1 in (cr.pool_cost, cr.blood_cost) else _cost(cr, None)
    mine = _cost(rules, x_value(cmd, rules)) if own_cost is None else own_cost
    effects_master._cancel_as_played(ctx, cmd, iid, rules, "action")   # back to before that play
    _pay(ctx, cmd.seat, minion, mine[0], mine[1], rules.name)   # the going back undid this card's own cost
    if paid != (0, 0) and who is not None:
        ctx.emit("note", f"{rules.name} does not waive the cost: {cr.name} is paid for all the same.")
        _pay(ctx, seat, who, paid[0], min(paid[1], st.cards[who].counters), cr.name)
    f = st.top
    if isinstance(f, ActionFrame):
        flow.set_top(ctx, f._replace(played=f.played | {(minion, rules.card_id)}))
    if m.group("lock"):     # Evil Eye [MAL]: the minion that played the canceled action card locks
        a = who if who is not None else (f0.actor if isinstance(f0, ActionFrame) else None)
        if a is not None and st.cards[a].region == "ready" and not st.cards[a].locked:
            ctx.update(a, locked=True)
            ctx.emit("locked", f"{ctx.name(a)} locks ({rules.name}).", cards=(a,))


def cancels_as_played(ctx: Ctx, mode: Mode) -> bool:
    """The mode cancels a card as it is played and one was just played (the action card that announced the action
    under way, for instance): usable then, outside the usual windows."""
    return ctx.st.as_played is not None and any(
        auto_action.reading(e, mode.types) == "cancel_played" for e in mode.effects)


def _small_or_ally(ctx: Ctx, who: int, cap: int) -> bool:
    d = ctx.cdef(who)
    return "Ally" in d.types or ("Vampire" in d.types and (d.capacity or 0) <= cap)


def _no_more_modifiers(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = ctx.st.top
    if isinstance(f, ActionFrame) and not has(f, "no_more_modifiers"):
        _add(ctx, Mod("no_more_modifiers", 0, None, iid, rules.card_id))
        ctx.emit("modifier", f"{rules.name}: no more action modifiers can be played on this action.")


def modifier_refusal(ctx: Ctx, f: ActionFrame) -> str | None:
    """Why no action modifier can be played now because of a card played on this action (Approximation of
    Loyalty)."""
    if has(f, "no_more_modifiers"):
        return "no more action modifiers can be played on this action"
    return None


def other_player(ctx: Ctx, iid: int, rules: CardRules) -> bool:
    """An action modifier whose text lets another ready vampire of the acting Methuselah play it ("Usable by a
    ready unlocked vampire other than the acting minion": Touch of Clarity); the handler checks the rest."""
    text = (ctx.cdef(iid).text or "").lower()
    if "only usable by a ready unlocked gangrel antitribu when combat involving another gangrel antitribu" in text:
        return any(auto_action.reading(x, rules.types) == "enter_combat_new" for md in rules.modes
                   for x in md.effects)     # Follow the Alpha
    if "same circle as another one who has just been blocked" in text:     # Claiming the Body
        return any(auto_action.reading(x, rules.types) == "claiming_lock_end" for md in rules.modes for x in md.effects)
    return "other than the acting minion" in text and any(
        auto_action.reading(x, rules.types) == "cancel_played" for md in rules.modes for x in md.effects)


def _fail_conditions(ctx: Ctx, cmd: C.Play, minion: int, mode: Mode, rules: CardRules, f: ActionFrame) -> None:
    """The "Only usable ..." clauses of a card that makes the action fail which the timing check does not read:
    refused when one does not hold, or is not one the engine knows."""
    st = ctx.st
    a = st.cards[f.actor]
    d = ctx.cdef(f.actor)
    at_you = f.target_seat == cmd.seat or (f.target_card is not None and st.cards[f.target_card].controller == cmd.seat)
    for o in mode.only:
        if o == "if:an ally or younger vampire is taking an action directed at you (or a card you control)":
            ok = f.directed and at_you and _younger_or_ally(ctx, f.actor, minion)
        elif o == "not:if:the acting minion is an older vampire":
            ok = not (ctx.is_vampire(a) and (d.capacity or 0) > (ctx.cdef(minion).capacity or 0))
        elif o.startswith("action requiring:"):
            want = set(re.findall(r"\[([a-z]{3})\]", o))
            card = f.card
            ok = card is not None and bool(want & {x.lower() for x in ctx.rules(card).disciplines})
        elif o == "against:a minion you control":
            ok = f.target_card is not None and st.cards[f.target_card].controller == cmd.seat
        elif o.startswith(("if:", "not:if:", "against:")):
            raise Illegal("timing", f"{rules.name}: the engine cannot check '{o}'; play it by hand")
        else:
            continue
        if not ok:
            raise Illegal("timing", f"{rules.name} is only usable {o.split(':', 1)[1]}" if not o.startswith("not:")
                          else f"{rules.name} is not usable {o.split(':', 2)[2]}")


def _action_fails(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    _fail_conditions(ctx, cmd, minion, mode, rules, f)
    end_action(ctx, rules, mode, blocker)


def _action_ends(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Bloodstorm of Chorazin: the blocking Baali ends the action before the block resolves (its damage came first)."""
    end_action(ctx, rules, mode, blocker)


def _bloodstorm(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine import rules_combat

    f = _top(ctx)
    if blocker != minion:
        raise Illegal("timing", f"{rules.name} is only usable by the vampire blocking the action")
    hit = [f.actor] + [a for a in ctx.st.attached.get(f.actor, ()) if "Retainer" in ctx.cdef(a).types]
    for t in hit:
        ctx.emit("damage", f"{ctx.name(minion)} inflicts 1 unpreventable damage on {ctx.name(t)}.", cards=(t,))
        rules_combat.inflict(ctx, t, 1, 0)


def _actor_skips_unlock(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = ctx.st.top
    ctx.st.skip_unlock = ctx.st.skip_unlock | {f.actor}
    ctx.emit("no_unlock", f"{ctx.name(f.actor)} will not unlock as normal during its next unlock phase.",
             cards=(f.actor,))


def _unlock_end_of_turn(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    ctx.st.acted = ctx.st.acted | {(minion, "unlock_end_of_turn")}
    ctx.emit("note", f"{ctx.name(minion)} will unlock at the end of the turn ({rules.name}).", cards=(minion,))


def end_of_turn(ctx: Ctx) -> None:
    """The turn ends: vampires that unlock then (Zephyr)."""
    st = ctx.st
    for (m, what) in sorted((a for a in st.acted if a[1] == "unlock_end_of_turn"), key=lambda a: a[0]):
        c = st.cards.get(m)
        if c is not None and c.region == "ready" and c.locked:
            ctx.update(m, locked=False)
            ctx.emit("unlocked", f"{ctx.name(m)} unlocks at the end of the turn.", cards=(m,))
    if st.marks:    # Cryptic Rider's pass is for this turn only
        st.marks = frozenset(x for x in st.marks if not (len(x) == 3 and x[1] == AUTO_PASS and x[2] == st.turn))


def _unlock_dead_allies(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Funeral Wake: unlock a mummy, wraith or zombie ally you control (the target; [NEC] a second one as the
    choice)."""
    from vtes_desktop.engine.errors import Malformed

    if cmd.target is None:
        raise Malformed("target", f"{rules.name}: name the ally that unlocks (target)")
    names = [cmd.target] + ([cmd.choice] if cmd.choice is not None and "up to two" in e.text.lower() else [])
    ts = [flow.ref(ctx, cmd.seat, n, what="minion") for n in names]
    if len(set(ts)) != len(ts):
        raise Illegal("target", f"{rules.name}: name two different allies")
    for t in ts:
        c = ctx.st.cards[t]
        d = ctx.cdef(t)
        if c.controller != cmd.seat or c.region != "ready" or "Ally" not in d.types or \
                not re.match(r"(?i)\s*(?:mummy|wraith|zombie)\b", d.text or ""):
            raise Illegal("target", f"{rules.name}: {ctx.name(t)} is not a mummy, wraith or zombie ally you control")
    for t in ts:
        ctx.update(t, locked=False)
        ctx.emit("unlocked", f"{ctx.name(t)} unlocks ({rules.name}).", cards=(t,))


def _ash_heap_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed" or f.target_seat is None:
        raise Illegal("timing", f"{rules.name} is only usable during a bleed action")
    n = len(ctx.st.region(f.target_seat, "ash_heap")) // 10
    _add(ctx, Mod("bleed", n, minion, iid, rules.card_id, limited=True))
    ctx.emit("modifier", f"{rules.name}: {ctx.seat_name(f.target_seat)}'s ash heap holds "
                         f"{len(ctx.st.region(f.target_seat, 'ash_heap'))} cards: +{n} bleed.", cards=(minion,))


def _may_cancel_combat(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Stone Travel [MYT]: played while a block attempt is under way, so the choice is made then: `choice: cancel
    combat` cancels the combat if the block succeeds (the action is still blocked)."""
    if cmd.choice is None:
        return
    if str(cmd.choice).strip().lower() not in ("cancel combat", "cancel"):
        raise Illegal("choice", f"{rules.name}: the choice is 'cancel combat' (or none)")
    _add(ctx, Mod("cancel_combat", 0, minion, iid, rules.card_id))
    ctx.emit("note", f"{rules.name}: if this action is blocked, {ctx.name(minion)} cancels the resulting combat.")


def no_combat(ctx: Ctx, f: ActionFrame) -> bool:
    """The action is blocked: True when a card played on it cancels the resulting combat (Stone Travel)."""
    m = next((x for x in f.mods if x.kind == "cancel_combat"), None)
    if m is None:
        s = next((x for x in f.mods if x.kind == "stolen_no_combat"), None)
        if s is not None:   # Venenation: the blocker was stolen
            ctx.emit("combat_canceled", f"No combat: {ctx.name(s.minion)} was stolen ({ctx.db[s.cid].display}).",
                     cards=(f.actor, f.blocker))
            return True
        return False
    ctx.emit("combat_canceled", f"{ctx.name(m.minion)} cancels the combat ({ctx.db[m.cid].display}).",
             cards=(f.actor, f.blocker))
    return True


def _car_bomb(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Car Bomb, as the action is announced: with a vehicle on the acting minion, the action fails, the vehicle is
    burned and the acting minion takes 2 unpreventable damage; otherwise the action gets -1 stealth."""
    from vtes_desktop.engine import rules_combat

    f = _top(ctx)
    vehicles = [a for a in ctx.st.attached.get(f.actor, ()) if "vehicle" in ctx.rules(a).keywords]
    if not vehicles:
        _add(ctx, Mod("stealth", -1, f.actor, iid, rules.card_id))
        ctx.emit("modifier", f"{rules.name}: no vehicle - the action gets -1 stealth.", cards=(f.actor,))
        return
    end_action(ctx, rules, mode, blocker)
    ctx.burn(vehicles[0], f"{rules.name}")
    ctx.emit("damage", f"{ctx.name(f.actor)} takes 2 unpreventable damage ({rules.name}).", cards=(f.actor,))
    rules_combat.inflict(ctx, f.actor, 2, 0)


def _stealth_and_maneuver(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if any(m.kind == "stealth" and m.card == iid for m in f.mods):
        return      # High Aye: its two readings of one clause add one amount
    if f.stage != "attempt" or f.blocker is None:
        raise Illegal("stealth", "stealth can only be added while the action is being blocked")
    if stealth(ctx, f) > intercept(ctx, f, f.blocker):
        raise Illegal("stealth", "stealth can be added only when needed")
    _add(ctx, Mod("stealth", 1, minion, iid, rules.card_id), Mod("grant_maneuver_actor", 1, f.actor, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(minion)} gets +1 stealth, and a maneuver if blocked ({rules.name}).",
             cards=(minion,))


def _minus_stealth_turn(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Ignis Fatuus [chi]: -1 stealth for the acting minion, on this action (when needed: while a block attempt
    is under way and the stealth exceeds the intercept) and on its later actions this turn."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if f.stage != "attempt" or f.blocker is None or stealth(ctx, f) <= intercept(ctx, f, f.blocker):
        raise Illegal("stealth", "the acting minion's stealth can be reduced only when needed (while a block attempt is "
                                 "under way and the stealth exceeds the blocker's intercept)")
    _add(ctx, Mod("stealth", -1, f.actor, iid, rules.card_id))
    st = ctx.st
    old = next((a for a in st.acted if a[0] == f.actor and isinstance(a[1], tuple) and a[1][0] == "turn_stealth"),
               None)
    n = (old[1][1] if old else 0) - 1
    st.acted = (st.acted - {old} if old else st.acted) | {(f.actor, ("turn_stealth", n))}
    ctx.emit("modifier", f"{ctx.name(f.actor)} gets -1 stealth until the end of the turn ({rules.name}).",
             cards=(f.actor,))


def turn_stealth(ctx: Ctx, m: int) -> int:
    """Stealth a minion has on its actions for the rest of the turn (Ignis Fatuus), and on its next action this turn
    (Tangle Atropos' Hand [TEM]: used up by this action)."""
    st = ctx.st
    n = 0
    nxt = None
    for a in st.acted:
        if a[0] == m and isinstance(a[1], tuple):
            if a[1][0] == "turn_stealth":
                n += a[1][1]
            elif a[1][0] == "next_stealth":
                nxt = (nxt or set()) | {a}
                n += a[1][1]
    if nxt:
        st.acted = st.acted - nxt
    return n


def _choose_locked_dead_ally(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    t = _chosen(ctx, cmd, rules)
    c = ctx.st.cards[t]
    d = ctx.cdef(t)
    if c.controller != cmd.seat or c.region != "ready" or not c.locked or "Ally" not in d.types or \
            not re.match(r"(?i)\s*(?:wraith|zombie)\b", d.text or ""):
        raise Illegal("target", f"{rules.name}: choose a locked wraith or zombie ally you control; {ctx.name(t)} is not one")
    _add(ctx, Mod("chosen", 0, t, iid, rules.card_id))
    ctx.emit("chosen", f"{rules.name}: {ctx.name(t)} is chosen.", cards=(t,))


def _chosen_ally_wakes(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    t = _chosen_of(ctx, cmd, rules, iid)
    f = _top(ctx)
    flow.set_top(ctx, f._replace(woken=f.woken | {t}))
    ctx.emit("wakes", f"{ctx.name(t)} wakes: it can block and play reactions though locked.", cards=(t,))


def _unlock_after_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("later:unlock_after_block", 1, minion, iid, rules.card_id))


def _cancel_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Clan Loyalty: "Only usable when this vampire is successfully blocked by a vampire of the same clan (play before
    combat)" (checked here): the block is cancelled (the blocker does not lock, no combat), the action continues, and
    for the rest of the turn no vampire of that clan may block the acting vampire (`clan_no_block_turn`)."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if f.stage != "attempt" or f.blocker is None or minion != f.actor or intercept(ctx, f, f.blocker) < stealth(ctx, f):
        raise Illegal("timing", f"{rules.name} is only usable once this vampire is blocked, before combat")
    b = ctx.st.cards[f.blocker]
    shared = {auto_action.clan_key(x) for x in ctx.cdef(f.blocker).clans} & \
        {auto_action.clan_key(x) for x in ctx.cdef(f.actor).clans} - {None}
    if not ctx.is_vampire(b) or not shared:
        raise Illegal("timing", f"{rules.name} is only usable when blocked by a vampire of the same clan")
    ctx.st.acted = ctx.st.acted | {(f.actor, ("no_block_clan", c)) for c in shared}
    flow.set_top(ctx, f._replace(stage="blocks", blocker=None))
    ctx.emit("block_failed", f"{rules.name}: the block and combat are cancelled; the action continues.",
             cards=(f.blocker, f.actor))


def clan_block_refusal(ctx: Ctx, f: ActionFrame, m: int) -> str | None:
    """Clan Loyalty: no vampire of that clan may block the acting vampire for the rest of the turn."""
    barred = {a[1][1] for a in ctx.st.acted if a[0] == f.actor and isinstance(a[1], tuple) and a[1][0] == "no_block_clan"}
    if barred and ctx.is_vampire(ctx.st.cards[m]) and barred & {auto_action.clan_key(x) for x in ctx.cdef(m).clans}:
        return f"no vampire of {ctx.name(m)}'s clan may block {ctx.name(f.actor)} for the rest of the turn"
    return None


def _ends_no_cost(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Bind the Night-Walker: during an action directed at this minion or a card on it, when a vampire without
    Auspex is acting (both checked here), the action ends unsuccessfully and its cost is not paid."""
    f = _top(ctx)
    st = ctx.st
    if re.search(r"(?i)requires a minion with a kerrie", ctx.cdef(iid).text or "") and not any(
            ctx.cdef(a).name == "Kerrie" for a in st.attached.get(minion, ())):
        raise Illegal("requirements", f"{rules.name} requires a minion with a Kerrie; {ctx.name(minion)} has none")
    t = f.target_card
    on_me = t is not None and (t == minion or (st.cards[t].region == "attached" and st.cards[t].host == minion))
    a = st.cards[f.actor]
    if not (f.directed and on_me):
        raise Illegal("timing", f"{rules.name} is only usable during an action directed at this minion or a card on it")
    if not ctx.is_vampire(a) or ctx.discipline_level(a, "aus"):
        raise Illegal("timing", f"{rules.name} is only usable when a vampire without Auspex is acting")
    end_action(ctx, rules, mode, blocker)


def _burn_edge_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Leverage: burn the Edge (you must hold it) for +1 bleed beyond the limit; the Edge cannot be gained this action
    (`no_edge`: if it would be, it is burned instead)."""
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed":
        raise Illegal("timing", f"{rules.name} is only usable during a bleed action")
    if ctx.st.edge != cmd.seat:
        raise Illegal("cost", f"{rules.name}: {ctx.seat_name(cmd.seat)} does not have the Edge to burn")
    ctx.st.edge = None
    _add(ctx, Mod("bleed", 1, minion, iid, rules.card_id), Mod("no_edge", 0, None, iid, rules.card_id))
    ctx.emit("edge", f"{ctx.seat_name(cmd.seat)} burns the Edge: +1 bleed ({rules.name}).", cards=(minion,))


def edge_burned(ctx: Ctx, f: ActionFrame) -> bool:
    """The acting Methuselah would take the Edge: True when a card says it is burned instead (Leverage)."""
    if not has(f, "no_edge"):
        return False
    ctx.st.edge = None
    ctx.emit("edge", "The Edge is burned instead of being gained (Leverage).")
    return True


def _choose_other_sabbat(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    t = _chosen(ctx, cmd, rules)
    c = ctx.st.cards[t]
    if t == minion or c.controller != cmd.seat or c.region != "ready" or not ctx.is_vampire(c) or \
            (ctx.sect(c) or "").lower() != "sabbat":
        raise Illegal("target", f"{rules.name}: choose another ready Sabbat vampire you control")
    _add(ctx, Mod("chosen", 0, t, iid, rules.card_id))


def _chosen_burns_or_nothing(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Stealth Ritus: the chosen vampire burns 1 blood, or the card has no effect (its +1 stealth is not given)."""
    t = _chosen_of(ctx, cmd, rules, iid)
    c = ctx.st.cards[t]
    if c.counters < 1:
        _add(ctx, Mod("no_effect", 0, None, iid, rules.card_id))
        ctx.emit("note", f"{ctx.name(t)} has no blood to burn: {rules.name} has no effect.", cards=(t,))
        return
    ctx.set_blood(t, c.counters - 1)
    ctx.emit("burned_blood", f"{ctx.name(t)} burns 1 blood ({rules.name}).", cards=(t,))


def _action_stealth_needless(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    if any(m.kind == "no_effect" and m.card == iid for m in f.mods):
        return
    _add(ctx, Mod("stealth", 1, f.actor, iid, rules.card_id))
    ctx.emit("modifier", f"{rules.name}: the action gets +1 stealth.", cards=(f.actor,))


def _remove_crypt_top(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Innocent Bystander: played while the acting vampire's bleed would succeed (after blocks are declined); once
    the bleed has succeeded, the top card of the bled Methuselah's crypt is removed from the game."""
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed" or f.stage != "declined" or minion != f.actor:
        raise Illegal("timing", f"{rules.name} is only usable when this acting vampire's bleed would succeed (after "
                                "blocks are declined)")
    _add(ctx, Mod("remove_crypt_top", 0, None, iid, rules.card_id))


def _combat_close(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    if not has(_top(ctx), "combat_range:close"):
        _add(ctx, Mod("combat_range:close", 0, None, iid, rules.card_id))
        ctx.emit("note", f"{rules.name}: if this action is blocked, the combat is at close range.")


def _first_round_long(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    if not has(_top(ctx), "combat_range:first_long"):
        _add(ctx, Mod("combat_range:first_long", 0, None, iid, rules.card_id))
        ctx.emit("note", f"{rules.name}: if this action is blocked, the first round of the combat is at long range.")


def _no_flight_intercept(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Squirrel Balance: -1 intercept for blockers without flight or Spiritus ([SPI]: -2, replacing the -1)."""
    two = [x for x in mode.effects if "-2 intercept" in x.text.lower()
           and auto_action.reading(x, rules.types) == "no_flight_intercept"]
    if two and e is not two[0]:
        return
    n = -2 if two else -1
    _add(ctx, Mod("icls:without_flight_spi", n, None, iid, rules.card_id))
    ctx.emit("modifier", f"{rules.name}: minions without flight or Spiritus get {n} intercept to block this action.")


_HANDLERS = {
    "votes": _votes, "reduce_bleed": _reduce_bleed, "conditional": _conditional,
    "blocker_intercept": _blocker_intercept, "attempt_fails": _attempt_fails, "block_fails": _block_fails,
    "no_retry": _no_retry, "fail_for_blood": _fail_for_blood, "fail_for_lock": _fail_for_lock,
    "fail_lock": _fail_lock, "burn_unless_block": _burn_unless_block, "unlock_and_block": _unlock_and_block,
    "attempt_anyway": _attempt_anyway, "vampires_cannot_block": _vampires_cannot_block,
    "torpor_after": _torpor_after, "aggravated_after": _aggravated_after, "exclusive": _exclusive,
    "ally_skips_unlock": _ally_skips_unlock, "ends_unsuccessfully": _ends_unsuccessfully,
    "unlock_and_end": _unlock_and_end, "no_repeat": _no_repeat,
    "choose_younger": _choose, "choose_any": _choose, "choose_small_or_ally": _choose,
    "chosen_cannot_block": _chosen_cannot_block, "grant_if_blocks": _grant_if_blocks, "quicken_sight": _quicken_sight,
    "burn_to_unlock": _burn_to_unlock, "unlock_after_success": _unlock_after_success, "any_age": _nothing,
    "x_range": _nothing, "x_bleed": _x_bleed, "kiss_of_ra": _kiss_of_ra, "blocker_to_torpor": _blocker_to_torpor,
    "end_if_blocked": _end_if_blocked, "unlock_acting_and_end": _unlock_acting_and_end,
    "acting_no_repeat": _acting_no_repeat, "votes_margin_blood": _votes_margin_blood, "margin_to_pool": _nothing,
    "anarch_intercept": _anarch_intercept, "anarch_unlock_block": _anarch_unlock_block,
    "class_intercept": _class_intercept, "unlock_if_success": _unlock_if_success, "bleed_or_stealth": _bleed_or_stealth,
    "burn_for_intercept": _burn_for_intercept, "no_lock_for_block": _no_lock_for_block, "block_cost": _block_cost,
    "choose_new_target": _choose_new_target, "now_bleeding_chosen": _nothing, "lock_ally_and_end": _lock_ally_and_end,
    "no_lock_if_blocking": _nothing, "blocker_damage": _blocker_damage, "press_if_blocks": _press_if_blocks,
    "ecstasy": _ecstasy, "burn_for_stealth": _burn_for_stealth, "spying_instead": _spying_instead,
    "spying_later": _nothing, "bleed_unlimited": _bleed_unlimited, "veil": _veil,
    "burn_unlock_block": _burn_unlock_block, "choose_younger_locked": _choose_younger_locked, "chosen_wakes": _nothing,
    "attempt_fails_young": _attempt_fails_young, "reduce_bleed_amount": _reduce_bleed_amount, "lock_to_fail": _lock_to_fail,
    "blood_to_fail": _blood_to_fail, "fail_and_torpor": _fail_and_torpor, "allies_cannot_block": _allies_cannot_block,
    "blocker_burns": _blocker_burns, "predator_burns_pool": _predator_burns_pool,
    "actor_controller_burns_pool": _actor_controller_burns_pool, "actor_burns_blood": _actor_burns_blood,
    "blood_and_pool": _blood_and_pool, "gain_edge": _gain_edge, "exclusive_vampire": _exclusive_vampire,
    "unblockable": _unblockable, "unlock_black_hand_actor": _unlock_black_hand_actor,
    "prevent_first_round": _prevent_first_round, "actor_maneuver_if_blocked": _actor_maneuver_if_blocked,
    "unlock_blocker": _unlock_blocker, "not_blocked_unblockable": _not_blocked_unblockable,
    "lock_to_zero_bleed": _lock_to_zero_bleed, "can_still_increase": _nothing,
    "burn_unlock_if_success": _burn_unlock_if_success, "even_if_not_needed": _nothing,
    "lock_and_end": _lock_and_end, "actor_burns_blood_or_life": _actor_burns_blood_or_life,
    "clan_cost_less": _clan_cost_less, "choose_ally": _choose_class,
    "choose_ally_or_younger": _choose_class, "choose_minion": _choose_class,
    "chosen_cannot_block_too": _chosen_cannot_block, "chosen_no_reactions": _chosen_no_reactions,
    "burn_to_lock_chosen": _burn_to_lock_chosen, "chosen_intercept": _chosen_intercept,
    "acting_wraith_stealth": _acting_wraith_stealth, "later_intercept": _later, "later_minus_intercept": _later,
    "lock_unless_blocks": _lock_unless_blocks, "foul_blood": _foul_blood, "inflict_on_actor": _inflict_on_actor,
    "more_damage": _nothing, "reaction_surcharge": _reaction_surcharge, "sect_intercept": _sect_intercept,
    "pool_for_bleed": _pool_for_bleed, "minions_block_cost": _minions_block_cost,
    "minions_minus_intercept": _minions_minus_intercept, "choose_vampire": _choose_vampire,
    "small_cannot_block": _small_cannot_block, "younger_than_me_intercept": _younger_than_me_intercept,
    "sabbat_attempt_fails": _sabbat_attempt_fails, "that_vampire_cannot_block": _nothing,
    "otherwise_minus_intercept": _otherwise_minus_intercept, "burn_reduce_bleed": _burn_reduce_bleed,
    "reduce_any_bleed": _reduce_any_bleed, "nest_instead": _nest_instead, "reduce_by_stealth": _reduce_by_stealth,
    "give_intercept": _give_intercept, "lock_to_unlock_other": _lock_to_unlock_other,
    "unlock_lock_blocker_end": _unlock_lock_blocker_end, "no_more_actions": _no_more_actions,
    "undirected_stealth": _undirected_stealth, "cancel_played": _cancel_played, "cancel_no_effect": _nothing,
    "cancel_free": _nothing, "no_more_modifiers": _no_more_modifiers, "action_fails": _action_fails,
    "action_ends": _action_ends, "bloodstorm": _bloodstorm, "actor_skips_unlock": _actor_skips_unlock,
    "unlock_end_of_turn": _unlock_end_of_turn, "unlock_dead_allies": _unlock_dead_allies,
    "ash_heap_bleed": _ash_heap_bleed, "may_cancel_combat": _may_cancel_combat, "car_bomb": _car_bomb,
    "otherwise_minus_stealth": _nothing, "stealth_and_maneuver": _stealth_and_maneuver,
    "minus_stealth_turn": _minus_stealth_turn, "choose_locked_dead_ally": _choose_locked_dead_ally,
    "chosen_ally_wakes": _chosen_ally_wakes, "unlock_after_block": _unlock_after_block, "cancel_block": _cancel_block,
    "clan_no_block_turn": _nothing, "ends_no_cost": _ends_no_cost, "burn_edge_bleed": _burn_edge_bleed,
    "no_edge_gain": _nothing, "edge_burned_instead": _nothing, "choose_other_sabbat": _choose_other_sabbat,
    "chosen_burns_or_nothing": _chosen_burns_or_nothing, "action_stealth_needless": _action_stealth_needless,
    "remove_crypt_top": _remove_crypt_top, "combat_close": _combat_close, "combat_close_fixed": _nothing,
    "first_round_long": _first_round_long, "no_flight_intercept": _no_flight_intercept,
}


# -- third pass: the combat that follows the block (Form of the Bat, Domain of Evernight) ----------------------

def _bat_actor(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Form of the Bat [pro]: if blocked, the acting vampire gets a maneuver and cannot use equipment in the combat."""
    a = _top(ctx).actor
    _add(ctx, Mod("grant_maneuver_actor", 1, a, iid, rules.card_id), Mod("no_equipment", 0, a, iid, rules.card_id))


def _bat_blocker(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Form of the Bat [PRO]: if this reacting vampire blocks, a maneuver and no equipment in the combat."""
    _add(ctx, Mod("grant_maneuver", 1, minion, iid, rules.card_id), Mod("no_equipment", 0, minion, iid, rules.card_id))


def _vampires_aggravated(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Domain of Evernight [tem]: the combat that follows a block inflicts only aggravated damage on vampires."""
    _add(ctx, Mod("vampires_aggravated", 0, _top(ctx).actor, iid, rules.card_id))


def _shroud_strike(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Shroud of Absence [DOM][OBT]: if blocked, the acting vampire can strike: combat ends in the first round (a
    `strike` naming the vampire itself)."""
    a = _top(ctx).actor
    _add(ctx, Mod("combat_ends_r1", 0, a, iid, rules.card_id))     # its +1 stealth is the mode's own effect


def _attached_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Enkil Cog: the card goes on this vampire (rules_action keeps a played card that is attached) and gives it
    +N bleed while it stays there (`effects_actioncard.attached_bonus`)."""
    c = ctx.st.cards.get(iid)
    if c is not None and c.region == "hand":
        ctx.move(iid, "attached", host=minion, level=mode.level)
        ctx.emit("put_in_play", f"{rules.name} is put on {ctx.name(minion)}.", cards=(minion, iid))


def _attempt_fails_seat(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Crocodile's Tongue: the attempt (by an ally or a vampire younger than this one) fails, and no minion of the
    blocker's controller may attempt to block this action again."""
    f = _need_attempt(ctx, rules, blocker)
    if any(o == "blocker:ally or younger vampire" for o in mode.only):
        b = ctx.st.cards[blocker]
        if ctx.is_vampire(b) and (ctx.cdef(b).capacity or 0) >= (ctx.cdef(minion).capacity or 0):
            raise Illegal("timing", f"{rules.name} is only usable if an ally or a vampire younger than "
                                    f"{ctx.name(minion)} attempts to block; {ctx.name(blocker)} is not one")
    seat = ctx.st.cards[blocker].controller
    fail_attempt(ctx, rules, blocker, bar=True)
    if not any(m.kind == "no_block_seat" and m.amount == seat for m in f.mods):
        _add(ctx, Mod("no_block_seat", seat, blocker, iid, rules.card_id))
    ctx.emit("no_block", f"{ctx.seat_name(seat)}'s minions cannot attempt to block this action again.")


def _blocker_cancel(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """The price the blocking minion (or its controller) may pay, as the very next step, to cancel the card as it
    is played (`use` naming the card, `effect: cancel`: `blocker_cancel`): recorded on the action."""
    r = auto_action.reading(e, rules.types)
    if blocker is None:
        raise Illegal("timing", f"{rules.name} is only usable if a minion attempts to block")
    kind = "cancel_pool" if r == "blocker_cancel_pool" else "cancel_blood"
    _add(ctx, Mod(kind, 1, blocker, iid, rules.card_id))


_HANDLERS.update({"attempt_fails_seat": _attempt_fails_seat, "blocker_cancel_blood": _blocker_cancel,
                  "blocker_cancel_more": _blocker_cancel, "blocker_cancel_pool": _blocker_cancel})


def blocker_cancel(ctx: Ctx, cmd: C.Use, iid: int) -> bool:
    """The blocking minion's controller cancels the card just played against the block (Crocodile's Tongue: the
    blocking minion burns 1 blood or life, 2 at superior; True Love's Face: 1 pool): `use` naming the card with
    `effect: cancel`, as the very next step. The action goes back to the state before the card was played, and the
    card goes to the ash heap (its replacement drawn). False when this is not such a cancel."""
    st = ctx.st
    if (cmd.effect or "").lower().strip() != "cancel":
        return False
    rec = st.as_played
    f = st.top
    if rec is None or not isinstance(f, ActionFrame) or st.cards[rec[2]].cid != st.cards[iid].cid:
        return False
    card = rec[2]
    costs = [m for m in f.mods if m.card == card and m.kind in ("cancel_blood", "cancel_pool")]
    if not costs:
        return False
    _, seat, _, before = rec
    blocker = costs[0].minion
    name = ctx.name(card)
    bc = before.cards.get(blocker)
    if bc is None or bc.controller != cmd.seat:
        raise Illegal("cancel", f"only the controller of the blocking minion, {ctx.name(blocker)}, can cancel {name}")
    n = sum(m.amount for m in costs)
    pool = costs[0].kind == "cancel_pool"
    if pool and st.seats[cmd.seat].pool < n:
        raise Illegal("cost", f"canceling {name} costs {n} pool")
    if not pool and bc.counters < n:
        what = "blood" if ctx.is_vampire(bc) else "life"
        raise Illegal("cost", f"canceling {name} costs {n} {what}; {ctx.name(blocker)} has {bc.counters}")
    fresh = before.clone()
    for k in type(st).__slots__:
        setattr(st, k, getattr(fresh, k))
    st._own = 0
    from vtes_desktop.engine.rules_action import _pay, played_from_hand

    ctx.emit("canceled", f"{ctx.seat_name(cmd.seat)} cancels {name} as it is played.", cards=(card,))
    played_from_hand(ctx, seat, card, ctx.rules(card))
    if pool:
        _pay(ctx, cmd.seat, None, n, 0, f"canceling {name}")
        return True
    c = st.cards[blocker]
    if ctx.is_vampire(c):
        ctx.set_blood(blocker, c.counters - n)
    else:
        ctx.update(blocker, counters=c.counters - n)
    ctx.emit("burned_blood", f"{ctx.name(blocker)} burns {n} {'blood' if ctx.is_vampire(c) else 'life'} to cancel "
                             f"{name}.", cards=(blocker,))
    if not ctx.is_vampire(c) and c.counters - n <= 0:
        ctx.burn(blocker, "no life left")
    return True


def cancel_candidates(game, seat: int) -> list[C.Command]:
    """The cancel of a card just played against a block of *seat*'s minion (Crocodile's Tongue, True Love's Face),
    for the legal answer (still to be checked)."""
    st = game.state
    rec, f = st.as_played, st.top
    if rec is None or rec[1] == seat or not isinstance(f, ActionFrame):
        return []
    if any(m.card == rec[2] and m.kind in ("cancel_blood", "cancel_pool") for m in f.mods):
        return [C.Use(seat=seat, card=rec[2], effect="cancel")]
    return []


def _ash_for_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Trochomancy: thirteen cards (seven with Auspex) of the target Methuselah's ash heap are removed from the game;
    +1 bleed (limited), unless the level's own "+2 bleed (limited)" stands instead. The play's `choice` may name
    the cards, separated by ';'; without it, the oldest cards of that ash heap go."""
    st = ctx.st
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed" or f.target_seat is None:
        raise Illegal("timing", f"{rules.name} is only usable during a bleed action")
    n = 7 if any(auto_action.reading(x, rules.types) == "ash_for_bleed_seven" for x in mode.effects) else 13
    heap = list(st.region(f.target_seat, "ash_heap"))
    if len(heap) < n:
        raise Illegal("cost", f"{rules.name}: {ctx.seat_name(f.target_seat)}'s ash heap holds {len(heap)} cards; "
                              f"{n} must be removed from the game")
    if not mode.bleed and any(m.limited for m in f.mods if m.card != iid):
        raise Illegal("limited", f"{rules.name} is (limited): the bleed is already increased by a (limited) modifier "
                                 "this action")
    names = [x.strip() for x in (cmd.choice or "").split(";") if x.strip()]
    if names:
        if len(names) != n:
            raise Illegal("choice", f"{rules.name}: name {n} cards of {ctx.seat_name(f.target_seat)}'s ash heap, "
                                    "separated by ';'")
        picked: list[int] = []
        for nm in names:
            i = next((h for h in heap if h not in picked and ctx.cdef(h).display.lower() == nm.lower()
                      or h not in picked and ctx.db[st.cards[h].cid].name.lower() == nm.lower()), None)
            if i is None:
                raise Illegal("choice", f"{rules.name}: no (other) {nm} in {ctx.seat_name(f.target_seat)}'s ash heap")
            picked.append(i)
    else:
        picked = heap[:n]
    for i in picked:
        ctx.move(i, "removed")
    ctx.emit("removed", f"{rules.name}: {n} cards of {ctx.seat_name(f.target_seat)}'s ash heap are removed from the "
                        "game.")
    if not mode.bleed:
        _add(ctx, Mod("bleed", 1, minion, iid, rules.card_id, limited=True))
        ctx.emit("modifier", f"{ctx.name(minion)} gets +1 bleed ({rules.name}).", cards=(minion,))


_HANDLERS.update({"ash_for_bleed": _ash_for_bleed, "ash_for_bleed_seven": _nothing})


def _maneuver_long_if_blocked(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Repulsion [pre]: if blocked, the acting vampire gets a maneuver usable only to get to long range."""
    if no_second_copy(ctx, rules, minion):
        raise Illegal("requirements", no_second_copy(ctx, rules, minion))
    _add(ctx, Mod("grant_maneuver_long_actor", 1, _top(ctx).actor, iid, rules.card_id))


_ATTACHED: dict[int, tuple[int, int, bool]] = {}     # card id -> (+bleed, +stealth, burned in torpor) while on a vampire


def attached_amounts(ctx: Ctx, a: int) -> tuple[int, int, bool]:
    """What an action modifier put on a vampire gives it while there (Enkil Cog's +1 bleed, Repulsion's +1
    stealth), and whether it burns once the vampire is in torpor; cached by card id."""
    cid = ctx.st.cards[a].cid
    got = _ATTACHED.get(cid)
    if got is None:
        rules = ctx.rules(a)
        b = s_ = 0
        burn = False
        if "Action Modifier" in rules.types:
            for md in rules.modes:
                for e in md.effects:
                    r = auto_action.reading(e, rules.types) if e.automated else None
                    if r == "attached_bleed":
                        b += e.amount
                    elif r == "attached_stealth":
                        s_ += e.amount
                    elif r == "burn_in_torpor":
                        burn = True
        got = _ATTACHED[cid] = (b, s_, burn)
    return got


def attached_stealth(ctx: Ctx, f: ActionFrame) -> int:
    """+N stealth for the acting vampire from action modifiers on it (Repulsion [OBE])."""
    return sum(attached_amounts(ctx, a)[1] for a in ctx.st.attached.get(f.actor, ())
               if "Action Modifier" in ctx.cdef(a).types)


def burns_in_torpor(ctx: Ctx, a: int) -> bool:
    """An action modifier on a vampire that burns once the vampire is in torpor (Repulsion [OBE]); called from
    effects_master.state_checks for cards on vampires in torpor."""
    return "Action Modifier" in ctx.cdef(a).types and attached_amounts(ctx, a)[2]


def no_second_copy(ctx: Ctx, rules: CardRules, minion: int) -> str | None:
    """Repulsion: "This vampire cannot have or play another" - refused while a copy is on *minion*."""
    if not any(auto_action.reading(e, rules.types) == "no_second_copy" for md in rules.modes for e in md.effects):
        return None
    if any(ctx.st.cards[a].cid == rules.card_id for a in ctx.st.attached.get(minion, ())):
        return f"{ctx.name(minion)} already has {rules.name} and cannot play another"
    return None


def _attached_stealth_card(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Repulsion [OBE]: the card goes on this vampire (kept there by rules_action), +1 stealth while there."""
    _attached_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker)


_HANDLERS.update({"maneuver_long_if_blocked": _maneuver_long_if_blocked, "attached_stealth": _attached_stealth_card,
                  "burn_in_torpor": _nothing, "no_second_copy": _nothing})


def _nonzombie_allies_cannot_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Force of Personality [PRE]: allies other than zombies cannot block this action (`block_refusal`)."""
    if not has(_top(ctx), "no_block_allies_nonzombie"):
        _add(ctx, Mod("no_block_allies_nonzombie", 0, None, iid, rules.card_id))
    ctx.emit("modifier", "Non-zombie allies cannot block this action.")


def _maneuver_or_press_actor(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Mind Tricks [DEM], Skin of the Chameleon: if blocked, the acting vampire gets a maneuver or a press."""
    _add(ctx, Mod("grant_either_actor", 1, _top(ctx).actor, iid, rules.card_id))


def _maneuver_or_press_blocker(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Eyes of the Night [OBT]: if this vampire blocks, it gets a maneuver or a press."""
    _add(ctx, Mod("grant_either", 1, minion, iid, rules.card_id))


def _long_every_round(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Neutral Guard [obe]: the combat that follows the block is at long range each round, with no determine
    range step (`combat_started`; rules_combat keeps it from round to round)."""
    if not has(_top(ctx), "combat_range:long_each"):
        _add(ctx, Mod("combat_range:long_each", 0, _top(ctx).actor, iid, rules.card_id))


def _young_cannot_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Neutral Guard [OBE]: allies and vampires younger than the acting vampire cannot block (`block_refusal`)."""
    if not has(_top(ctx), "no_block_young"):
        _add(ctx, Mod("no_block_young", 0, _top(ctx).actor, iid, rules.card_id))
    ctx.emit("modifier", "Allies and younger vampires cannot block this action.")


def _no_strikes_first_round(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """One With the Land [PRO]: if this vampire blocks, neither combatant strikes in the first round."""
    _add(ctx, Mod("no_strikes_r1", 0, minion, iid, rules.card_id))


def _wilds(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Mind of the Wilds: if blocked, the acting vampire gets a maneuver in the first round, and the blocking
    minion cannot strike: combat ends (in any round, LSJ 20100308)."""
    a = _top(ctx).actor
    _add(ctx, Mod("grant_maneuver_actor", 1, a, iid, rules.card_id), Mod("no_combat_ends_blocker", 0, a, iid,
                                                                           rules.card_id))


_HANDLERS.update({"long_every_round": _long_every_round, "young_cannot_block": _young_cannot_block,
                  "no_strikes_first_round": _no_strikes_first_round, "wilds": _wilds})


def _prevent_in_combat_if_blocked(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Beast Meld [ani][pro]: if blocked, the acting vampire can prevent 1 damage in the resulting combat (in any
    round: `prevent` naming the card; carried from round to round by `next_round` until used)."""
    _add(ctx, Mod("grant_prevent_combat", 1, _top(ctx).actor, iid, rules.card_id))


_HANDLERS["prevent_in_combat_if_blocked"] = _prevent_in_combat_if_blocked


def _actor_strength(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Serenading the Kami ("+N strength this action"), Adhocracy [pot] ("if blocked, +1 strength during the
    resulting combat"): the acting vampire's strength in the block's combat, every round (`combat_marks`)."""
    if e.kind == "strength":
        n = e.amount or 0
    else:
        n = int(auto_action._TEXTS["strength_if_blocked"].match(e.text.strip().lower()).group("n"))
    a = _top(ctx).actor
    _add(ctx, Mod("action_strength", n, a, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(a)} gets +{n} strength in this action's combat ({rules.name}).", cards=(a,))


def _younger_actor_strength(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Inspire Greatness: played by another vampire, +N strength during this action for the acting minion if it is
    an ally or a vampire younger than the player (refused otherwise)."""
    a = _top(ctx).actor
    ac = ctx.st.cards[a]
    if ctx.is_vampire(ac) and (ctx.cdef(a).capacity or 0) >= (ctx.cdef(minion).capacity or 0):
        raise Illegal("requirements", f"{rules.name} is only for an acting ally or a vampire younger than "
                                      f"{ctx.name(minion)}")
    _add(ctx, Mod("action_strength", e.amount, a, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(a)} gets +{e.amount} strength in this action's combat ({rules.name}).",
             cards=(a,))


def _hand_rage(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Uncontrollable Rage (+1, superior +2 damage), Invigorate [pro] (+0): this acting vampire's hand strikes are
    aggravated in this action's combat (`combat_marks`, read by `hand_rage` as the strike is chosen)."""
    rx = auto_action._TEXTS["hand_rage"]
    low = e.text.strip().lower()
    if not low.startswith("as above") and any(x is not e and x.text.strip().lower().startswith("as above") and
                                              rx.match(x.text.strip().lower()) for x in mode.effects):
        return      # the superior "As above, but +2" replaces the +1
    g = rx.match(low)
    n = int(g.group("n") or g.group("m") or 0)
    _add(ctx, Mod("hand_rage", n, minion, iid, rules.card_id))
    ctx.emit("modifier", f"{poss_(ctx.name(minion))} hand strikes are aggravated" + (f" with +{n} damage" if n else "")
             + f" this action ({rules.name}).", cards=(minion,))


def poss_(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def hand_rage(ctx: Ctx, m: int, f, desc):
    """A hand strike of *m* in a combat marked by Uncontrollable Rage or Invigorate [pro]: aggravated, +N damage."""
    n = [u[2] for u in f.used if isinstance(u, tuple) and len(u) == 4 and u[0] == "hand_rage" and u[1] == m]
    if not n or desc is None or desc.kind != "damage":
        return desc
    return desc._replace(amount=desc.amount + sum(n), aggravated=True)


_HANDLERS["hand_rage"] = _hand_rage


def _stealth_and_bleed_or_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Virtuosa [mel]: +2 bleed (limited), with +1 stealth too when the play's choice is "stealth" (stealth only
    while the action is being blocked and needed, as for any stealth)."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if any(m.limited for m in f.mods):
        raise Illegal("limited", f"{rules.name} is (limited): the bleed is already increased by a (limited) "
                                 "modifier this action")
    want = str(cmd.choice or "").strip().lower() in ("stealth", "+1 stealth", "stealth and bleed")
    if want:
        if f.stage != "attempt" or f.blocker is None:
            raise Illegal("stealth", "stealth can only be added while the action is being blocked")
        if stealth(ctx, f) > intercept(ctx, f, f.blocker):
            raise Illegal("stealth", "stealth can be added only when needed")
        _add(ctx, Mod("stealth", 1, minion, iid, rules.card_id))
    _add(ctx, Mod("bleed", 2, minion, iid, rules.card_id, limited=True))
    ctx.emit("modifier", f"{ctx.name(minion)} gets " + ("+1 stealth and " if want else "") + f"+2 bleed ({rules.name}).",
             cards=(minion,))


_HANDLERS["stealth_and_bleed_or_bleed"] = _stealth_and_bleed_or_bleed


def _strength_if_blocks(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """The Deadliest Sin: if this reacting vampire blocks, +N strength in the resulting combat (`combat_marks` keeps
    it only for the blocking minion)."""
    n = int(auto_action._TEXTS["strength_if_blocks"].match(e.text.strip().lower()).group("n"))
    _add(ctx, Mod("action_strength", n, minion, iid, rules.card_id))


_HANDLERS["strength_if_blocks"] = _strength_if_blocks


def _doc(ctx, seat: int) -> list[int]:
    return [i for i, c in ctx.st.cards.items() if c.region == "ready" and c.controller == seat and ctx.is_vampire(c)
            and "daughter of cacophony" in {x.lower() for x in ctx.cdef(i).clans}]


def _ensemble_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Ensemble: +X bleed (limited), X the ready unlocked Daughters of Cacophony of the player (counted before
    `_ensemble_lock` locks them all)."""
    f = _top(ctx)
    if any(m.limited for m in f.mods):
        raise Illegal("limited", f"{rules.name} is (limited): the bleed is already increased by a (limited) "
                                 "modifier this action")
    x = sum(1 for i in _doc(ctx, cmd.seat) if not ctx.st.cards[i].locked)
    _add(ctx, Mod("bleed", x, minion, iid, rules.card_id, limited=True))
    ctx.emit("modifier", f"{ctx.name(minion)} gets +{x} bleed ({rules.name}).", cards=(minion,))


def _ensemble_lock(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    for i in _doc(ctx, cmd.seat):
        if not ctx.st.cards[i].locked:
            ctx.update(i, locked=True)
            ctx.emit("locked", f"{ctx.name(i)} locks.", cards=(i,))


_HANDLERS.update({"ensemble_bleed": _ensemble_bleed, "ensemble_lock": _ensemble_lock})


def _unlock_gargoyle(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Their Master's Voice: the play's target, a gargoyle creature ally or a ready slave Gargoyle vampire the
    player controls, unlocks."""
    t = _chosen(ctx, cmd, rules)
    c = ctx.st.cards[t]
    d = ctx.cdef(t)
    text = (d.text or "").lower()
    ok = c.controller == cmd.seat and c.region == "ready" and (
        ("Ally" in d.types and "gargoyle creature" in text) or
        (ctx.is_vampire(c) and "gargoyle" in {x.lower() for x in d.clans} and re.search(r"\bslave\b", text)))
    if not ok:
        raise Illegal("target", f"{rules.name}: choose a gargoyle creature ally or a ready slave Gargoyle you "
                                f"control; {ctx.name(t)} is neither")
    if c.locked:
        ctx.update(t, locked=False)
        ctx.emit("unlocked", f"{ctx.name(t)} unlocks ({rules.name}).", cards=(t,))


_HANDLERS["unlock_gargoyle"] = _unlock_gargoyle


def _fail_unless_burn(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Detect Authority [ani], Scobax [STR]: the action fails unless the acting minion burns N blood (or life): its
    controller pays with `use` naming the acting minion (effect: the card's name) before the action resolves;
    unpaid, the action is unsuccessful as it would succeed (`before_resolution`)."""
    g = auto_action._TEXTS["fail_unless_burn"].match(e.text.strip().lower())
    a = _top(ctx).actor
    kind = "later:pay_or_fail_life" if g.group("life") else "later:pay_or_fail"
    _add(ctx, Mod(kind, int(g.group("n")), a, iid, rules.card_id))
    ctx.emit("note", f"{rules.name}: the action fails unless {ctx.name(a)} burns {g.group('n')} blood"
                     + (" or life" if g.group("life") else "") + ".", cards=(a,))


def _pay_or_fail(ctx: Ctx, f: ActionFrame, mod: Mod, iid: int) -> None:
    """The acting minion burns the blood (or life) that Detect Authority or Scobax asks, so the action goes on."""
    from vtes_desktop.engine.rules_action import reserved_blood

    name = ctx.db[mod.cid].display
    c = ctx.st.cards[iid]
    if f.stage == "resolution":
        raise Illegal("timing", f"{name}: the action has been resolved")
    ally = "Ally" in ctx.cdef(iid).types
    if ally and mod.kind == "later:pay_or_fail":
        raise Illegal("cost", f"{name}: allies cannot burn blood; {ctx.name(iid)} cannot pay")
    if c.counters - (0 if ally else reserved_blood(ctx, iid)) < mod.amount:
        raise Illegal("cost", f"{ctx.name(iid)} has not {mod.amount} {'life' if ally else 'blood'} to burn for {name}")
    ctx.set_blood(iid, c.counters - mod.amount)
    flow.set_top(ctx, f._replace(mods=tuple(m._replace(amount=0) if m is mod else m for m in f.mods)))
    ctx.emit("modifier", f"{ctx.name(iid)} burns {mod.amount} {'life' if ally else 'blood'} ({name}): the action goes on.",
             cards=(iid,))


def _unpaid_fails(ctx: Ctx, f: ActionFrame) -> bool:
    """As the action would succeed: an unpaid Detect Authority or Scobax makes it unsuccessful."""
    mod = next((m for m in f.mods if m.kind.startswith("later:pay_or_fail") and m.amount > 0), None)
    if mod is None:
        return False
    st = ctx.st
    if f.card is not None and st.cards[f.card].region == "aside":
        ctx.move(f.card, "ash_heap")
    top = st.top
    flow.set_top(ctx, top._replace(stage="resolution", outcome="unsuccessful", imp=top.imp._replace(at=0, passes=0)))
    ctx.emit("unsuccessful", f"{ctx.name(f.actor)} did not burn {mod.amount} blood: the action fails "
                             f"({ctx.db[mod.cid].display}).", cards=(f.actor,))
    return True


_HANDLERS["fail_unless_burn"] = _fail_unless_burn


def _uncontrolled_sabbat_blood(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Magnetic Authority: N blood from the bank on a Sabbat vampire of the player's uncontrolled region (the play's
    target), or on each of them."""
    from vtes_desktop.engine.errors import Malformed

    g = auto_action._TEXTS["uncontrolled_sabbat_blood"].match(e.text.strip().lower())
    n = int(g.group("n"))

    def sabbat(i: int) -> bool:
        c = ctx.st.cards[i]
        return c.region == "uncontrolled" and c.controller == cmd.seat and ctx.is_vampire(c) and \
            str(ctx.cdef(i).sect or "").lower() == "sabbat"

    if g.group("which") == "each":
        got = sorted(i for i in ctx.st.cards if sabbat(i))
    else:
        if cmd.target is None:
            raise Malformed("target", f"{rules.name}: name the Sabbat vampire in your uncontrolled region (target)")
        t = flow.ref(ctx, cmd.seat, cmd.target, what="vampire")
        if not sabbat(t):
            raise Illegal("target", f"{rules.name}: {ctx.name(t)} is not a Sabbat vampire in your uncontrolled region")
        got = [t]
    for i in got:
        ctx.set_blood(i, ctx.st.cards[i].counters + n)
        ctx.emit("blood", f"{ctx.name(i)} gets {n} blood from the bank ({rules.name}).", cards=(i,))


_HANDLERS["uncontrolled_sabbat_blood"] = _uncontrolled_sabbat_blood


def _burn_continue_unblocked(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Go-getter [OBF]: after resolution of a blocked action, the acting vampire burns N blood and the action goes on
    as if unblocked (new block attempts may follow, as with Form of Mist)."""
    from vtes_desktop.engine.rules_action import reserved_blood

    f = _top(ctx)
    n = int(auto_action._TEXTS["burn_continue_unblocked"].match(e.text.strip().lower()).group("n"))
    if f.stage != "resolution" or f.outcome != "blocked" or minion != f.actor:
        raise Illegal("timing", f"{rules.name} is only usable by the acting vampire after resolution of a blocked "
                                "action")
    c = ctx.st.cards[minion]
    if c.region != "ready" or c.counters - reserved_blood(ctx, minion) < n:
        raise Illegal("cost", f"{ctx.name(minion)} has not {n} blood to burn for {rules.name}")
    ctx.set_blood(minion, c.counters - n)
    if f.card is not None and ctx.st.cards[f.card].region == "ash_heap":
        ctx.move(f.card, "aside")
    f = _top(ctx)
    flow.set_top(ctx, f._replace(stage="blocks", outcome=None, blocker=None, imp=f.imp._replace(at=0, passes=0)))
    ctx.emit("continues", f"{ctx.name(minion)} burns {n} blood and continues the action as if unblocked "
                          f"({rules.name}).", cards=(minion,))


_HANDLERS["burn_continue_unblocked"] = _burn_continue_unblocked


def _continue_unblocked(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Momentary Delay: after resolution of an action blocked by an ally or a vampire with capacity 5 or less, the
    action goes on as if unblocked (new block attempts may follow, as with Go-getter)."""
    f = _top(ctx)
    if f.stage != "resolution" or f.outcome != "blocked" or minion != f.actor:
        raise Illegal("timing", f"{rules.name} is only usable by the acting vampire after resolution of a blocked "
                                "action")
    b = f.blocker
    if b is not None and b in ctx.st.cards:
        d = ctx.cdef(b)
        if not ("Ally" in d.types or ("Vampire" in d.types and (d.capacity or 0) <= 5)):
            raise Illegal("timing", f"{rules.name} is only usable after an action blocked by an ally or a vampire with "
                                    f"capacity 5 or less; {ctx.name(b)} is neither")
    if f.card is not None and ctx.st.cards[f.card].region == "ash_heap":
        ctx.move(f.card, "aside")
    f = _top(ctx)
    flow.set_top(ctx, f._replace(stage="blocks", outcome=None, blocker=None, imp=f.imp._replace(at=0, passes=0)))
    ctx.emit("continues", f"The action continues as if unblocked ({rules.name}).", cards=(minion,))


def _actor_minus_stealth(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Scobax [str]: the acting minion gets -1 stealth this action, when needed (while a block attempt is under way
    and its stealth exceeds the blocker's intercept)."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if f.stage != "attempt" or f.blocker is None or stealth(ctx, f) <= intercept(ctx, f, f.blocker):
        raise Illegal("stealth", "the acting minion's stealth can be reduced only when needed (while a block attempt is "
                                 "under way and the stealth exceeds the blocker's intercept)")
    _add(ctx, Mod("stealth", -1, f.actor, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(f.actor)} gets -1 stealth ({rules.name}).", cards=(f.actor,))


_HANDLERS.update({"continue_unblocked": _continue_unblocked, "actor_minus_stealth": _actor_minus_stealth})


def _reduce_or_votes_against(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Protected District during a bleed against the player: the bleed is reduced by N (in a polling step, the other
    option: N votes against, `in_referendum`)."""
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed" or f.target_seat != cmd.seat:
        raise Illegal("timing", f"{rules.name} reduces a bleed against you: only usable while a minion is bleeding you")
    n = int(re.search(r"by (\d)", e.text).group(1))
    _add(ctx, Mod("bleed", -n, minion, iid, rules.card_id))
    ctx.emit("reduced", f"{rules.name}: the bleed is reduced by {n}.", cards=(minion,))


_HANDLERS["reduce_or_votes_against"] = _reduce_or_votes_against


def _reactions_cost(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Safe Passage [obe], Consign to Oblivion: reaction cards played this action cost +1 blood or life (`surcharge`)."""
    f = _top(ctx)
    if not any(m.kind == "reactions_cost" and m.card == iid for m in f.mods):
        _add(ctx, Mod("reactions_cost", 1, minion, iid, rules.card_id))
        ctx.emit("modifier", f"{rules.name}: reaction cards cost +1 blood or life this action.", cards=(minion,))


def _reactions_not_replaced(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Consign to Oblivion [OBL]: the reaction cards played this action are replaced only once it ends
    (`not_replaced`, asked by rules_action.played_from_hand)."""
    if not has(_top(ctx), "reactions_unreplaced"):
        _add(ctx, Mod("reactions_unreplaced", 0, minion, iid, rules.card_id))


def not_replaced(ctx: Ctx, rules: CardRules) -> bool:
    """A reaction card played now is not replaced until the end of the action (Consign to Oblivion [OBL])."""
    if "Reaction" not in rules.types:
        return False
    f = ctx.st.top
    return isinstance(f, ActionFrame) and any(m.kind == "reactions_unreplaced" for m in f.mods)


_HANDLERS.update({"reactions_cost": _reactions_cost, "reactions_not_replaced": _reactions_not_replaced})


def _stealth_to_zero(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Night Terrors, Veiled Sight, Draba [CHI]: while a block is attempted and the acting minion's stealth is needed
    (above the blocker's intercept), that stealth is cancelled; stealth added afterwards counts as usual."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if f.stage != "attempt" or f.blocker is None or stealth(ctx, f) <= intercept(ctx, f, f.blocker):
        raise Illegal("stealth", "the acting minion's stealth can be reduced only when needed (while a block attempt is "
                                 "under way and the stealth exceeds the blocker's intercept)")
    n = stealth(ctx, f)
    _add(ctx, Mod("stealth", -n, f.actor, iid, rules.card_id))
    ctx.emit("modifier", f"{poss_name(ctx, f.actor)} stealth is reduced to 0 ({rules.name}).", cards=(f.actor,))


def _blocker_strike(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Night Terrors [OBF][PRE]: if this reacting vampire blocks, it can strike: combat ends in the first round;
    Veiled Sight [CHI]: the blocking vampire can strike: steal 1 blood in the resulting combat (a `strike` naming the
    vampire itself: `own_strike`, kept by `combat_marks` for the blocker only)."""
    r = auto_action.reading(e, rules.types)
    _add(ctx, Mod("combat_ends_r1" if r == "blocker_strike_ends_r1" else "strike_steal_1", 0, minion, iid,
                  rules.card_id))


def _return_action_card(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Red Herring: the action card used for the action it ended goes back to its owner's hand (discard down)."""
    f = _top(ctx)
    card = f.card
    if card is None or card not in ctx.st.cards or "Action" not in ctx.cdef(card).types:
        return
    if ctx.st.cards[card].region in ("aside", "ash_heap"):
        owner = ctx.st.cards[card].owner
        ctx.move(card, "hand", seat=owner)
        ctx.emit("returned", f"{ctx.name(card)} returns to {ctx.seat_name(owner)}'s hand ({rules.name}).")
        _discard_down(ctx, owner)


def _seat_no_repeat(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Red Herring: no vampire of the player may perform the same action again this turn."""
    st = ctx.st
    f = _top(ctx)
    key = same_action_key(ctx, f)
    mine = [i for reg in ("ready", "torpor") for i in st.region(cmd.seat, reg) if ctx.is_vampire(st.cards[i])]
    st.acted = st.acted | {(i, key) for i in mine}


def _lock_blocker_too(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Red Herring [CHI]: the minion that was blocking locks."""
    if blocker is not None and ctx.st.cards[blocker].region == "ready" and not ctx.st.cards[blocker].locked:
        ctx.update(blocker, locked=True)
        ctx.emit("locked", f"{ctx.name(blocker)} locks ({rules.name}).", cards=(blocker,))


def _reduce_young_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Confusion of the Eye [obf]: a bleed against the player by an ally or a vampire younger than this reacting one
    is reduced by N."""
    f = _bleed_against(ctx, rules, cmd.seat)
    if not _younger_or_ally(ctx, f.actor, minion):
        raise Illegal("target", f"{rules.name} reduces the bleed of an ally or a vampire younger than "
                                f"{ctx.name(minion)}; {ctx.name(f.actor)} is neither")
    n = int(auto_action._TEXTS["reduce_young_bleed"].match(e.text.strip().lower()).group("n"))
    _add(ctx, Mod("bleed", -n, minion, iid, rules.card_id))
    ctx.emit("reduced", f"{rules.name}: the bleed is reduced by {n}.", cards=(minion,))


_HANDLERS["reduce_young_bleed"] = _reduce_young_bleed


def _make_an_example(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Make an Example: a non-acting Guruhi of the player, while the player's acting Laibon is blocked (the block
    attempt holds: intercept at least the stealth) and before combat: 2 unpreventable damage on the acting Laibon and
    on the blocking minion, and the action ends with no combat."""
    from vtes_desktop.engine import rules_combat
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    st = ctx.st
    if minion == f.actor or "guruhi" not in {x.lower() for x in ctx.cdef(minion).clans}:
        raise Illegal("timing", f"{rules.name} is played by a non-acting Guruhi")
    a = st.cards[f.actor]
    if a.controller != cmd.seat or (ctx.sect(a) or "").lower() != "laibon":
        raise Illegal("timing", f"{rules.name} is only usable when an acting Laibon you control is blocked")
    if f.stage != "attempt" or f.blocker is None or intercept(ctx, f, f.blocker) < stealth(ctx, f):
        raise Illegal("timing", f"{rules.name} is only usable once the action is blocked (intercept at least equal "
                                "to stealth), before combat")
    b = f.blocker
    for who in (f.actor, b):
        ctx.emit("damage", f"{ctx.name(who)} takes 2 unpreventable damage ({rules.name}).", cards=(who,))
        rules_combat.inflict(ctx, who, 2, 0)
    end_action(ctx, rules, mode, b)


_HANDLERS["make_an_example"] = _make_an_example


_DEAD_ALLY = re.compile(r"(?i)^\s*(?:unique )?(?:wraith|zombie)\b")


def _gifts_actor(ctx: Ctx, f: ActionFrame, minion: int, rules: CardRules) -> None:
    d = ctx.cdef(f.actor)
    if minion == f.actor or "Ally" not in d.types or not _DEAD_ALLY.match(d.text or ""):
        raise Illegal("timing", f"{rules.name} is played by another vampire during the action of a wraith or zombie "
                                "ally")


def _acting_ally_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Gifts From Hereafter: played by a vampire other than the acting wraith or zombie ally, +1 bleed (limited) for
    that ally."""
    f = _top(ctx)
    _gifts_actor(ctx, f, minion, rules)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed":
        raise Illegal("timing", f"{rules.name} gives +1 bleed: only during a bleed")
    if any(m.limited and m.card != iid for m in f.mods):
        raise Illegal("limited", f"{rules.name}'s +1 bleed is (limited): the bleed is already increased by a (limited) "
                                 "modifier")
    _add(ctx, Mod("bleed", 1, f.actor, iid, rules.card_id, limited=True))
    ctx.emit("modifier", f"{ctx.name(f.actor)} gets +1 bleed ({rules.name}).", cards=(f.actor,))


def _unlock_ally_after(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Gifts From Hereafter [DOM][OBL]: after resolution, this vampire burns 1 blood to unlock the acting ally
    (`after_action`)."""
    f = _top(ctx)
    _gifts_actor(ctx, f, minion, rules)
    _add(ctx, Mod("unlock_ally_after", 1, minion, iid, rules.card_id))


_HANDLERS.update({"acting_ally_bleed": _acting_ally_bleed, "unlock_ally_after": _unlock_ally_after})


def _lock_three_aye(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Dusk Work: after its action is resolved, the acting Laibon locks three unlocked Aye it carries and unlocks."""
    f = _top(ctx)
    if f.stage != "resolution" or minion != f.actor:
        raise Illegal("timing", f"{rules.name} is played by the acting Laibon after its action is resolved")
    aye = [a for a in ctx.st.attached.get(minion, ()) if ctx.cdef(a).name == "Aye" and not ctx.st.cards[a].locked]
    if len(aye) < 3:
        raise Illegal("requirements", f"{rules.name}: {ctx.name(minion)} has {len(aye)} unlocked Aye; it locks three")
    for a in aye[:3]:
        ctx.update(a, locked=True)
    ctx.update(minion, locked=False)
    ctx.emit("unlocked", f"{ctx.name(minion)} locks three Aye and unlocks ({rules.name}).", cards=(minion,))


_HANDLERS["lock_three_aye"] = _lock_three_aye


def _twej(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Those Who Endure Judge: +2 votes for the acting vampire in the referendums of this action (`referendum_started`);
    a younger vampire that blocks burns 1 blood before combat, or its block fails (`block_succeeds`)."""
    r = auto_action.reading(e, rules.types)
    if r == "twej_votes":
        _add(ctx, Mod("twej_votes", 2, minion, iid, rules.card_id))
    elif r == "twej_burn":
        _add(ctx, Mod("twej_burn", 1, minion, iid, rules.card_id))


def referendum_started(ctx: Ctx) -> None:
    """A referendum was just called (rules_politics.start, blood_hunt): votes the action under way gives its acting
    vampire (Those Who Endure Judge: cast with that card, as the acting vampire's votes)."""
    from vtes_desktop.engine.state import ReferendumFrame

    st = ctx.st
    ref = st.top
    if not isinstance(ref, ReferendumFrame):
        return
    if st.marks and _auto_pass(ctx, ref):
        return
    act = next((fr for fr in reversed(st.frames[:-1]) if isinstance(fr, ActionFrame)), None)
    if act is None:
        return
    for m in act.mods:
        if m.kind == "twej_votes" and m.minion == act.actor and act.actor in st.cards:
            seat = st.cards[act.actor].controller
            st.marks = st.marks | {(m.card, VOTED_BY, act.actor)}
            flow.set_top(ctx, ref._replace(gained=ref.gained + ((seat, m.card, m.amount),)))
            ref = st.top
            ctx.emit("played", f"{ctx.name(act.actor)} has {m.amount} more votes in this referendum "
                               f"({ctx.db[m.cid].display}).", cards=(act.actor,))


def _twej_block(ctx: Ctx, f: ActionFrame) -> bool:
    """Those Who Endure Judge: the younger vampire that just blocked burns 1 blood, or its block fails and the action
    goes on as if unblocked (True)."""
    mod = next((m for m in f.mods if m.kind == "twej_burn"), None)
    b = f.blocker
    if mod is None or b is None or not ctx.is_vampire(ctx.st.cards[b]) or \
            (ctx.cdef(b).capacity or 0) >= (ctx.cdef(f.actor).capacity or 0):
        return False
    c = ctx.st.cards[b]
    why = ctx.db[mod.cid].display
    if c.counters >= 1:
        ctx.set_blood(b, c.counters - 1)
        ctx.emit("burned_blood", f"{ctx.name(b)} burns 1 blood for blocking ({why}).", cards=(b,))
        return False
    flow.set_top(ctx, f._replace(stage="blocks", blocker=None, imp=f.imp._replace(at=0, passes=0)))
    ctx.emit("block_failed", f"{ctx.name(b)} cannot burn 1 blood: the block fails and the action continues as if "
                             f"unblocked ({why}).", cards=(b,))
    return True


_HANDLERS.update({"twej_votes": _twej, "twej_burn": _twej, "twej_fails": _nothing})


def _guruhi_land(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """The Guruhi Are the Land: in a bleed, +1 bleed (limited); in a hunt, 1 more blood if it succeeds (+1 hunt); in an
    equip action, the Guruhi unlocks once it succeeds (after resolution). Each clause acts in its kind of action."""
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    want = auto_action._TEXTS["guruhi_land"].match(e.text.strip().lower()).group("kind")
    if kind not in ("bleed", "hunt", "equip"):
        raise Illegal("timing", f"{rules.name} is only usable during a bleed, hunt or equip action")
    if kind != want:
        return
    if want == "bleed":
        if any(m.limited for m in f.mods):
            raise Illegal("limited", f"{rules.name}'s +1 bleed is (limited): the bleed is already increased by a "
                                     "(limited) modifier")
        _add(ctx, Mod("bleed", 1, minion, iid, rules.card_id, limited=True))
        ctx.emit("modifier", f"{ctx.name(minion)} gets +1 bleed ({rules.name}).", cards=(minion,))
    elif want == "hunt":
        _add(ctx, Mod("hunt", 1, minion, iid, rules.card_id))
        ctx.emit("modifier", f"{ctx.name(minion)} gains 1 more blood if the hunt succeeds ({rules.name}).",
                 cards=(minion,))
    else:
        _add(ctx, Mod("unlock_after_success", 0, minion, iid, rules.card_id))


_HANDLERS["guruhi_land"] = _guruhi_land


_CIRCLE = re.compile(r"(?i)\b([a-z][a-z .'-]*?) circle\b")


def bb_circle(ctx: Ctx, m: int) -> str | None:
    """A Blood Brother's circle, from its card text ("Budapest circle")."""
    d = ctx.cdef(m)
    if "blood brother" not in {x.lower() for x in d.clans}:
        return None
    mm = _CIRCLE.search(d.text or "")
    return mm.group(1).strip().lower().split(".")[-1].split(":")[-1].strip() if mm else None


def _choose_x_blood_brothers(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Walk of Caine: X (the play's choice) ready Blood Brothers of the player with blood, of this one's circle and
    including it - the others named as the play's target, separated by commas - each burn 1 blood (+X bleed is the
    mode's own "+X bleed" clause)."""
    from vtes_desktop.engine.errors import Malformed

    st = ctx.st
    try:
        x = int(str(cmd.choice))
    except ValueError:
        raise Malformed("choice", f"{rules.name}: say X with choice") from None
    names = [n.strip() for n in re.split(r"[;,]", str(cmd.target or "")) if n.strip()]
    others = [flow.ref(ctx, cmd.seat, n, what="minion") for n in names]
    chosen = [minion] + [o for o in others if o != minion]
    circle = bb_circle(ctx, minion)
    if len(set(chosen)) != x:
        raise Illegal("choice", f"{rules.name}: X is {x}; name the {x - 1} other Blood Brother"
                                f"{'s' if x != 2 else ''} chosen as the target")
    for c_ in chosen:
        c = st.cards[c_]
        if c.controller != cmd.seat or c.region != "ready" or c.counters < 1 or bb_circle(ctx, c_) != circle or \
                circle is None:
            raise Illegal("target", f"{rules.name}: {ctx.name(c_)} is not a ready Blood Brother of yours with blood, of "
                                    f"{poss_name(ctx, minion)} circle")
    for c_ in chosen:
        _burn_blood_or_life(ctx, c_, 1, rules.name)


_HANDLERS.update({"choose_x_blood_brothers": _choose_x_blood_brothers, "chosen_bb_burn": _nothing})


def _shell_game_lock(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Shell Game: X other ready unlocked Blood Brothers of the player of this one's circle (named as the play's
    target, separated by commas) lock for +X stealth at once; if the action succeeds, one of them (two at [SAN]) unlocks
    after resolution, in the order named."""
    st = ctx.st
    circle = bb_circle(ctx, minion)
    names = [n.strip() for n in re.split(r"[;,]", str(cmd.target or "")) if n.strip()]
    chosen = list(dict.fromkeys(flow.ref(ctx, cmd.seat, n, what="minion") for n in names))
    if not chosen:
        raise Illegal("target", f"{rules.name}: name the other Blood Brothers that lock (target, separated by commas)")
    for c_ in chosen:
        c = st.cards[c_]
        if c_ == minion or c.controller != cmd.seat or c.region != "ready" or c.locked or circle is None or \
                bb_circle(ctx, c_) != circle:
            raise Illegal("target", f"{rules.name}: {ctx.name(c_)} is not another ready unlocked Blood Brother of yours "
                                    f"of {poss_name(ctx, minion)} circle")
    n_unlock = sum(1 for y in mode.effects if auto_action.reading(y, rules.types) == "shell_game_unlock")
    for k, c_ in enumerate(chosen):
        ctx.update(c_, locked=True)
        if k < n_unlock:
            _add(ctx, Mod("unlock_after_success", 0, c_, iid, rules.card_id))
    _add(ctx, Mod("stealth", len(chosen), minion, iid, rules.card_id))
    ctx.emit("modifier", f"{', '.join(ctx.name(c_) for c_ in chosen)} lock: {ctx.name(minion)} gets +{len(chosen)} "
                         f"stealth ({rules.name}).", cards=(minion, *chosen))


_HANDLERS.update({"shell_game_lock": _shell_game_lock, "shell_game_unlock": _nothing})


def _opponent_to_torpor(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Cardinal Sin: Insubordination: after the combat of this vampire's block of a ready non-titled Sabbat vampire,
    that vampire goes to torpor."""
    f = _top(ctx)
    st = ctx.st
    if f.stage != "resolution" or f.outcome != "blocked" or f.blocker != minion:
        raise Illegal("timing", f"{rules.name} is only usable after a combat involving this vampire (its block)")
    a = st.cards[f.actor]
    if not ctx.is_vampire(a) or (ctx.sect(a) or "").lower() != "sabbat" or ctx.title(a) or a.region != "ready":
        raise Illegal("timing", f"{rules.name}: {ctx.name(f.actor)} is not a ready non-titled Sabbat vampire")
    ctx.move(f.actor, "torpor", seat=a.controller, counters=a.counters, locked=a.locked, wounded=False)
    ctx.emit("torpor", f"{ctx.name(f.actor)} goes to torpor ({rules.name}).", cards=(f.actor,))


_HANDLERS["opponent_to_torpor"] = _opponent_to_torpor


def _mask_swap(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Mask of a Thousand Faces: another ready unlocked vampire of the acting Methuselah able to perform the action
    takes it over: the acting minion unlocks, this vampire locks and the action goes on with it as the acting minion
    (a bleed then bleeds for its own bleed)."""
    from vtes_desktop.engine.rules_action import minion_bleed, requirement_refusal

    f = _top(ctx)
    st = ctx.st
    if any(m.kind == "mask_swapped" and m.card == iid for m in f.mods):
        return      # the clause is read twice (an unlock and a lock)
    c = st.cards[minion]
    if minion == f.actor or c.controller != f.seat or c.region != "ready" or not ctx.is_vampire(c):
        raise Illegal("timing", f"{rules.name} is played by another ready vampire of the acting Methuselah")
    if f.kind in ("hunt", "bleed") and minion in {a[0] for a in st.acted if a[1] == f.kind}:
        raise Illegal("requirements", f"{ctx.name(minion)} has already performed a {f.kind} action this turn")
    if f.card is not None and f.card in st.cards:
        cr = ctx.rules(f.card)
        modes = cr.modes_for(f.card_level) if f.card_level else list(cr.modes)
        why = requirement_refusal(ctx, f.card, cr, modes[0] if modes else None, minion)
        if why:
            raise Illegal("requirements", f"{rules.name}: {ctx.name(minion)} could not perform this action: {why}")
    old = f.actor
    ctx.update(old, locked=False)
    ctx.update(minion, locked=True)
    new = f._replace(actor=minion, mods=f.mods + (Mod("mask_swapped", 0, minion, iid, rules.card_id),))
    if f.kind == "bleed":
        new = new._replace(base_bleed=minion_bleed(ctx, minion))
    flow.set_top(ctx, new)
    ctx.emit("actor", f"{ctx.name(old)} unlocks; {ctx.name(minion)} locks and performs the action instead "
                      f"({rules.name}).", cards=(old, minion))


_HANDLERS.update({"mask_swap": _mask_swap, "mask_continue": _nothing})


def _claiming_lock_end(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Claiming the Body: another ready unlocked Blood Brother of the player, of the blocked acting one's circle, before
    block resolution: the blocking minion locks and the action ends (no combat); at [SAN] the acting Blood Brother
    unlocks."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    st = ctx.st
    c = st.cards[minion]
    circle = bb_circle(ctx, f.actor)
    if minion == f.actor or c.controller != f.seat or c.region != "ready" or c.locked or circle is None or \
            bb_circle(ctx, minion) != circle:
        raise Illegal("requirements", f"{rules.name} is played by another ready unlocked Blood Brother of the acting "
                                      "one's circle")
    if f.stage != "attempt" or f.blocker is None or intercept(ctx, f, f.blocker) < stealth(ctx, f):
        raise Illegal("timing", f"{rules.name} is only usable once the acting Blood Brother is blocked, before block "
                                "resolution")
    b = f.blocker
    if st.cards[b].region == "ready" and not st.cards[b].locked:
        ctx.update(b, locked=True)
        ctx.emit("locked", f"{ctx.name(b)} locks ({rules.name}).", cards=(b,))
    end_action(ctx, rules, mode, b)
    if any(auto_action.reading(x, rules.types) == "claiming_unlock" for x in mode.effects):
        ctx.update(f.actor, locked=False)
        ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks ({rules.name}).", cards=(f.actor,))


_HANDLERS.update({"claiming_lock_end": _claiming_lock_end, "claiming_unlock": _nothing})


def _aversion_reduce(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Aversion [val]: the player burns X pool (the play's choice, 0 if none) to reduce a bleed against them by
    2X+1."""
    f = _bleed_against(ctx, rules, cmd.seat)
    try:
        x = int(str(cmd.choice)) if cmd.choice is not None else 0
    except ValueError:
        raise Illegal("choice", f"{rules.name}: X (the pool burned) is a number") from None
    if x < 0 or ctx.st.seats[cmd.seat].pool <= x:
        raise Illegal("choice", f"{rules.name}: {ctx.seat_name(cmd.seat)} cannot burn {x} pool")
    if x:
        ctx.pool(cmd.seat, -x, rules.name)
    _add(ctx, Mod("bleed", -(2 * x + 1), minion, iid, rules.card_id))
    ctx.emit("reduced", f"{rules.name}: the bleed is reduced by {2 * x + 1}.", cards=(minion,))


def _glare_reduce(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Glare of Lies [AUS][OBE]: the bleed against the player is reduced by 1 for each action modifier card in the
    acting Methuselah's hand."""
    f = _bleed_against(ctx, rules, cmd.seat)
    n = sum(1 for i in ctx.st.region(f.seat, "hand") if "Action Modifier" in ctx.cdef(i).types)
    _add(ctx, Mod("bleed", -n, minion, iid, rules.card_id))
    ctx.emit("reduced", f"{rules.name}: {ctx.seat_name(f.seat)} holds {n} action modifier card{'s' if n != 1 else ''}; "
                        f"the bleed is reduced by {n}.", cards=(minion,))


_HANDLERS.update({"aversion_reduce": _aversion_reduce, "glare_reduce": _glare_reduce})


def _blocker_may_withdraw(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Dawn Operation [for]: a vampire attempting to block when it is played may cancel its attempt (its controller's
    `use` naming it, effect: the card); not at [FOR]."""
    if any(auto_action.reading(x, rules.types) == "no_withdraw" for x in mode.effects):
        return
    if blocker is not None and ctx.is_vampire(ctx.st.cards[blocker]):
        _add(ctx, Mod("later:withdraw_attempt", 1, blocker, iid, rules.card_id))
        ctx.emit("note", f"{ctx.name(blocker)} may cancel its block attempt ({rules.name}).", cards=(blocker,))


def _any_may_withdraw(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Burning Touch [val]: the minion attempting to block when it is played may choose not to block (`use`)."""
    if blocker is not None:
        _add(ctx, Mod("later:withdraw_attempt", 1, blocker, iid, rules.card_id))
        ctx.emit("note", f"{ctx.name(blocker)} may choose not to block ({rules.name}).", cards=(blocker,))


def _blocked_blocker_burns(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Burning Touch [val]: if the action is blocked, the blocker burns 1 blood or life before combat
    (`block_succeeds`)."""
    _add(ctx, Mod("blocked_burn", 1, minion, iid, rules.card_id))


_HANDLERS.update({"blocker_may_withdraw": _blocker_may_withdraw, "no_withdraw": _nothing})
_HANDLERS.update({"any_may_withdraw": _any_may_withdraw, "blocked_blocker_burns": _blocked_blocker_burns})


def _unlock_end_if_blocks(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Strix [str]: if this reacting vampire blocks, it unlocks once the action is over (`after_action`)."""
    _add(ctx, Mod("unlock_end_if_blocks", 0, minion, iid, rules.card_id))


def _strix_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Strix [STR]: a bleed against the player about to succeed (no block attempted any more) burns no pool but still
    succeeds; this vampire locks and enters combat with the acting minion at once."""
    from vtes_desktop.engine import rules_combat
    from vtes_desktop.engine.rules_action import bleed_amount

    f = _bleed_against(ctx, rules, cmd.seat)
    if f.stage != "declined":
        raise Illegal("timing", f"{rules.name} at this level is only usable when the bleed is about to succeed (once "
                                "blocks are declined)")
    n = bleed_amount(ctx, f)
    _add(ctx, Mod("bleed", -max(n, 0), minion, iid, rules.card_id))
    ctx.emit("note", f"The bleed burns no pool, but is still successful ({rules.name}).", cards=(minion,))
    if not ctx.st.cards[minion].locked:
        ctx.update(minion, locked=True)
    rules_combat.start(ctx, f.actor, minion)


_HANDLERS.update({"unlock_end_if_blocks": _unlock_end_if_blocks, "strix_bleed": _strix_bleed})


def _unlock_another_anarch(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """CrimethInc. [qui]: after the acting Anarch's successful action, another ready Anarch (the play's target)
    unlocks."""
    from vtes_desktop.engine.errors import Malformed

    f = _top(ctx)
    if f.stage != "resolution" or f.outcome != "successful":
        raise Illegal("timing", f"{rules.name} is only usable after resolution of a successful action")
    if f.kind != "become_anarch" and not (f.card is not None and "anarch" in {r.lower() for r in
                                                                            ctx.cdef(f.card).requirements}):
        raise Illegal("timing", f"{rules.name} is only usable after an action requiring an Anarch or making this "
                                "vampire Anarch")
    if cmd.target is None:
        raise Malformed("target", f"{rules.name}: name the ready Anarch that unlocks (target)")
    t = flow.ref(ctx, cmd.seat, cmd.target, what="minion")
    c = ctx.st.cards[t]
    if t == minion or c.region != "ready" or not ctx.is_vampire(c) or (ctx.sect(c) or "").lower() != "anarch":
        raise Illegal("target", f"{rules.name}: {ctx.name(t)} is not another ready Anarch")
    ctx.update(t, locked=False)
    ctx.emit("unlocked", f"{ctx.name(t)} unlocks ({rules.name}).", cards=(t,))


_HANDLERS["unlock_another_anarch"] = _unlock_another_anarch


def _familial_bond(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Familial Bond: if this Laibon's block fails the acting minion may make the action fail (`attempt_failed`, then
    a `use` naming it); if the action succeeds the Laibon may lock to enter combat with the acting minion (a `use`
    naming the Laibon after resolution)."""
    r = auto_action.reading(e, rules.types)
    _add(ctx, Mod("fb_fail", 0, minion, iid, rules.card_id) if r == "fb_fail_choice"
         else Mod("later:fb_combat", 1, minion, iid, rules.card_id))


_HANDLERS.update({"fb_fail_choice": _familial_bond, "fb_combat": _familial_bond})


def _sets_call(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Set's Call: the vampire blocking an employ retainer ([ser]) or recruit ally ([SER]) action, before block
    resolution: the action succeeds and its cost is paid, but the retainer goes on this vampire (the ally to its
    Methuselah), and there is no combat."""
    from vtes_desktop.engine.rules_action import _life, _pay, intercept, stealth

    f = _top(ctx)
    st = ctx.st
    what = auto_action._TEXTS["sets_call"].match(e.text.strip().lower()).group("what")
    kind = "employ" if what == "retainer" else "recruit"
    if f.kind != kind or f.stage != "attempt" or f.blocker != minion or intercept(ctx, f, minion) < stealth(ctx, f):
        raise Illegal("timing", f"{rules.name} at this level is only usable when this vampire blocks a "
                                f"{'employ retainer' if kind == 'employ' else 'recruit ally'} action, before block "
                                "resolution")
    _pay(ctx, f.seat, f.actor, f.cost_pool, min(f.cost_blood, st.cards[f.actor].counters), ctx.name(f.card))
    life = _life(ctx, f.card, f.card_level)
    if kind == "employ":
        ctx.move(f.card, "attached", host=minion, counters=life, level=f.card_level)
    else:
        ctx.move(f.card, "ready", seat=cmd.seat, counters=life, arrived=st.turn, locked=False, level=f.card_level)
    flow.set_top(ctx, f._replace(stage="resolution", outcome="successful", blocker=None, mods=(),
                                 imp=f.imp._replace(at=0, passes=0)))
    ctx.emit("stolen", f"{poss_name(ctx, f.actor)} action succeeds, but {ctx.name(minion)} takes {ctx.name(f.card)} "
                       f"({life} life); no combat ({rules.name}).", cards=(minion, f.card))


_HANDLERS["sets_call"] = _sets_call


def _swap_blocker(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Shilmulo Deception: once a minion of the player blocks (its intercept at least the stealth), before the block
    resolves, this vampire is the blocking minion instead and the block resolves as normal (the action stays blocked:
    its intercept is made up to the stealth); refused if the first blocker played a reaction this vampire could not
    play. [CHI] a maneuver in the first round of the combat."""
    from vtes_desktop.engine.rules_action import intercept, requirement_refusal, stealth

    f = _top(ctx)
    st = ctx.st
    b = f.blocker
    if auto_action.reading(e, rules.types) == "swap_maneuver_r1":
        _add(ctx, Mod("grant_maneuver", 1, minion, iid, rules.card_id))
        return
    if f.stage != "attempt" or b is None or b == minion or st.cards[b].controller != cmd.seat or \
            intercept(ctx, f, b) < stealth(ctx, f):
        raise Illegal("timing", f"{rules.name} is only usable once another minion of yours blocks, before block "
                                "resolution")
    for w, cid in f.played:
        if w == b and "Reaction" in ctx.db[cid].types:
            from vtes_desktop.cards.grammar import compile_rules

            cr = compile_rules(ctx.db[cid])
            if requirement_refusal(ctx, 0, cr, None, minion):
                raise Illegal("requirements", f"{rules.name}: {ctx.name(b)} played {cr.name}, which {ctx.name(minion)} "
                                              "could not play")
    flow.set_top(ctx, f._replace(blocker=minion))
    f = _top(ctx)
    short = stealth(ctx, f) - intercept(ctx, f, minion)
    if short > 0:
        _add(ctx, Mod("intercept", short, minion, iid, rules.card_id))
    ctx.emit("block", f"{ctx.name(minion)} is the blocking minion instead of {ctx.name(b)} ({rules.name}).",
             cards=(minion, b))


_HANDLERS.update({"swap_blocker": _swap_blocker, "swap_maneuver_r1": _swap_blocker})


def _veil_of_silence(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Veil of Silence: by the vampire whose block succeeds (its intercept at least the stealth), first strike with
    hand and melee weapon strikes in the first round of the block's combat; at [QUI] the acting minion cannot dodge in
    that round (`combat_started`)."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if f.stage != "attempt" or f.blocker != minion or intercept(ctx, f, minion) < stealth(ctx, f):
        raise Illegal("timing", f"{rules.name} is only usable by a vampire whose block succeeds")
    r = auto_action.reading(e, rules.types)
    _add(ctx, Mod("first_strike_r1" if r == "first_strike_r1_blocker" else "no_dodge_r1", 0, minion, iid,
                  rules.card_id))


_HANDLERS.update({"first_strike_r1_blocker": _veil_of_silence, "actor_no_dodge_r1": _veil_of_silence})


def _amici_distribute(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Amici Noctis: after the acting Lasombra's political action whose referendum passed, 1 blood from the bank per
    vote of the margin among the player's ready Lasombra (1 each at most) and the player's pool (1 at most, 2 if the
    acting Lasombra is titled). The play's choice names the recipients (";" between them, "pool" for the pool); none
    given: each ready Lasombra in turn, then the pool."""
    st = ctx.st
    f = _top(ctx)
    last = getattr(st, "last_referendum", None)
    if f.kind != "political" or f.stage != "resolution" or not last or not last[0]:
        raise Illegal("timing", f"{rules.name} is only usable after resolution of a political action whose referendum "
                                "passed")
    margin = max(0, last[1] - last[2])
    lasombra = [i for i in st.region(cmd.seat, "ready") if ctx.is_vampire(st.cards[i])
                and "lasombra" in {x.lower() for x in ctx.cdef(i).clans}]
    pool_cap = 2 if ctx.title(st.cards[f.actor]) else 1
    if cmd.choice:
        want = [w.strip() for w in re.split(r"[;,]", str(cmd.choice)) if w.strip()]
    else:
        want = [ctx.cdef(i).display for i in lasombra] + ["pool"] * pool_cap
    got_pool = 0
    given: list[int] = []
    for w in want:
        if margin <= 0:
            break
        if w.lower() == "pool":
            if got_pool >= pool_cap:
                raise Illegal("choice", f"{rules.name}: you cannot gain more than {pool_cap} pool this way")
            ctx.pool(cmd.seat, 1, rules.name)
            got_pool += 1
        else:
            v = flow.ref(ctx, cmd.seat, w, what="minion")
            if v not in lasombra or v in given:
                raise Illegal("choice", f"{rules.name}: {ctx.name(v)} is not a ready Lasombra of yours that has not gained "
                                        "blood this way")
            given.append(v)
            ctx.set_blood(v, st.cards[v].counters + 1)
            ctx.emit("gained_blood", f"{ctx.name(v)} gains 1 blood ({rules.name}).", cards=(v,))
        margin -= 1


_HANDLERS.update({"amici_distribute": _amici_distribute, "amici_caps": _nothing})


def _loosening_gain(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Final Loosening [aus]: during a hunt (the acting vampire would gain blood), before it resolves: instead, the
    acting vampire and this reacting Anarch each gain 1 blood (`hunt_gain`)."""
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "hunt" or f.stage == "resolution" or not ctx.is_vampire(ctx.st.cards[f.actor]):
        raise Illegal("timing", f"{rules.name} at this level is only usable while a vampire hunts (it would gain blood)")
    _add(ctx, Mod("loosening", 1, minion, iid, rules.card_id))


def hunt_gain(ctx: Ctx, f: ActionFrame, n: int) -> int:
    """The blood a successful hunt gives: under Final Loosening [aus] 1 instead (the reacting Anarch gains 1 too)."""
    mod = next((m for m in f.mods if m.kind == "loosening"), None)
    if mod is None or n < 1:
        return n
    c = ctx.st.cards.get(mod.minion)
    if c is not None and c.region in ("ready", "torpor"):
        ctx.set_blood(mod.minion, c.counters + 1)
        ctx.emit("gained_blood", f"{ctx.name(mod.minion)} gains 1 blood ({ctx.db[mod.cid].display}).", cards=(mod.minion,))
    return 1


def _ally_action_fails(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Final Loosening [for]: while an ally acts, its action fails and it takes 1 environmental damage."""
    from vtes_desktop.engine import rules_combat

    f = _top(ctx)
    if "Ally" not in ctx.cdef(f.actor).types or f.stage == "resolution":
        raise Illegal("timing", f"{rules.name} at this level is only usable while an ally acts")
    a = f.actor
    end_action(ctx, rules, mode, blocker)
    ctx.emit("damage", f"{ctx.name(a)} takes 1 environmental damage ({rules.name}).", cards=(a,))
    rules_combat.inflict(ctx, a, 1, 0)


_HANDLERS.update({"loosening_gain": _loosening_gain, "ally_action_fails": _ally_action_fails})


_SLAVE_OF = re.compile(r"(?i)\b((?:tremere antitribu|tremere|[a-z]+(?: antitribu)?)) slave\b")


def enslaving_clan(ctx: Ctx, m: int) -> str | None:
    """The clan a slave Gargoyle is enslaved to, from its text ("Tremere slave", "Tremere antitribu slave")."""
    d = ctx.cdef(m)
    if "gargoyle" not in {x.lower() for x in d.clans}:
        return None
    mm = _SLAVE_OF.search(d.text or "")
    return mm.group(1).lower() if mm else None


def _hounds_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Unleash the Hounds [VIS]: by a slave Gargoyle, +1 bleed (limited) for each ready vampire of its enslaving clan
    its Methuselah controls."""
    f = _top(ctx)
    clan = enslaving_clan(ctx, minion)
    if clan is None:
        raise Illegal("requirements", f"{rules.name} at this level is played by a slave Gargoyle")
    if any(m.limited and m.card != iid for m in f.mods):
        raise Illegal("limited", f"{rules.name} is (limited): the bleed is already increased by a (limited) modifier")
    st = ctx.st
    n = sum(1 for i in st.region(cmd.seat, "ready") if i != minion and ctx.is_vampire(st.cards[i])
            and clan in {x.lower() for x in ctx.cdef(i).clans})
    _add(ctx, Mod("bleed", n, minion, iid, rules.card_id, limited=True))
    ctx.emit("modifier", f"{ctx.name(minion)} gets +{n} bleed ({rules.name}: {n} ready {clan.title()} "
                         f"vampire{'s' if n != 1 else ''}).", cards=(minion,))


def _intercept_or_master(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Voices of the Castle [vis]: +1 intercept for this blocking Gargoyle, or (the play's target) for the blocking
    vampire of the clan it is enslaved to; only when needed."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    t = flow.ref(ctx, cmd.seat, cmd.target, what="minion") if cmd.target is not None else minion
    if f.stage != "attempt" or f.blocker != t:
        raise Illegal("intercept", f"{rules.name}: intercept goes to the minion attempting to block (this vampire, or "
                                   "the vampire it is enslaved to named as the target)")
    if t != minion:
        clan = enslaving_clan(ctx, minion)
        if clan is None or not ctx.is_vampire(ctx.st.cards[t]) or clan not in {x.lower() for x in ctx.cdef(t).clans}:
            raise Illegal("target", f"{rules.name}: {ctx.name(minion)} is not enslaved to {ctx.name(t)}")
    if intercept(ctx, f, t) >= stealth(ctx, f):
        raise Illegal("intercept", f"{ctx.name(t)} already has enough intercept; intercept can be added only when needed")
    _add(ctx, Mod("intercept", 1, t, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(t)} gets +1 intercept ({rules.name}).", cards=(t,))


_HANDLERS.update({"hounds_bleed": _hounds_bleed, "intercept_or_master": _intercept_or_master})


def _cancel_action_unlock(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Tangle Atropos' Hand: while a block is attempted, the action is cancelled (not blocked; the blocker does not
    lock) and the acting vampire unlocks."""
    f = _top(ctx)
    if f.stage != "attempt" or f.blocker is None or minion != f.actor:
        raise Illegal("timing", f"{rules.name} is only usable by the acting vampire while a minion attempts to block")
    end_action(ctx, rules, mode, blocker)
    ctx.update(minion, locked=False)
    ctx.emit("unlocked", f"{ctx.name(minion)} unlocks.", cards=(minion,))


def _next_action_stealth_self(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Tangle Atropos' Hand [TEM]: +1 stealth on this vampire's next action this turn (`turn_stealth`)."""
    ctx.st.acted = ctx.st.acted | {(minion, ("next_stealth", 1))}
    ctx.emit("modifier", f"{ctx.name(minion)} will get +1 stealth on its next action this turn ({rules.name}).",
             cards=(minion,))


def _cancel_block_resolution(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Phantom Speaker [chi]: once this vampire is blocked, before the block resolves, there is no block resolution:
    the action is still blocked (unsuccessful), with no combat and no locking of the blocker."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if f.stage != "attempt" or f.blocker is None or minion != f.actor or \
            intercept(ctx, f, f.blocker) < stealth(ctx, f):
        raise Illegal("timing", f"{rules.name} is only usable once this vampire is blocked (intercept at least equal to "
                                "stealth), before the block resolves")
    if f.card is not None and ctx.st.cards[f.card].region == "aside":
        ctx.move(f.card, "ash_heap")
    flow.set_top(ctx, f._replace(stage="resolution", outcome="blocked",
                                 mods=tuple(x for x in f.mods if x.kind in LASTING),
                                 imp=f.imp._replace(at=0, passes=0)))
    ctx.emit("blocked", f"{ctx.name(f.blocker)} blocks {ctx.name(f.actor)}; the block resolution is cancelled "
                        f"({rules.name}): no combat.", cards=(f.actor, f.blocker))


def _lock_blocker_after_success(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Phantom Speaker [MEL]: the minion whose block failed locks after resolution if the action succeeds."""
    if blocker is not None:
        _add(ctx, Mod("lock_after_success", 0, blocker, iid, rules.card_id))


_HANDLERS.update({"cancel_action_unlock": _cancel_action_unlock, "action_not_blocked": _nothing,
                  "no_lock_blocking": _nothing, "take_action_card_back": _return_action_card,
                  "next_action_stealth_self": _next_action_stealth_self,
                  "cancel_block_resolution": _cancel_block_resolution,
                  "lock_blocker_after_success": _lock_blocker_after_success})


def _hard_case_check(ctx: Ctx, minion: int, rules: CardRules) -> ActionFrame:
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if f.stage != "attempt" or f.blocker != minion or intercept(ctx, f, minion) < stealth(ctx, f):
        raise Illegal("timing", f"{rules.name} is only usable when this vampire successfully blocks (its intercept at "
                                "least the stealth)")
    if not _younger_or_ally(ctx, f.actor, minion):
        raise Illegal("timing", f"{rules.name} is only usable when blocking an ally or a younger vampire; "
                                f"{ctx.name(f.actor)} is neither")
    return f


def _cancel_resulting_combat(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Hard Case: the blocking vampire cancels the combat of its successful block (`no_combat`)."""
    _hard_case_check(ctx, minion, rules)
    _add(ctx, Mod("cancel_combat", 0, minion, iid, rules.card_id))
    ctx.emit("note", f"{rules.name}: the block's combat will be cancelled.", cards=(minion,))


def _destroy_weapon_or_vehicle(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Hard Case [FOR]: a weapon or vehicle on the acting minion (the play's target, or its only one) is burned."""
    f = _hard_case_check(ctx, minion, rules)
    st = ctx.st
    gear = [a for a in st.attached.get(f.actor, ()) if {"weapon", "vehicle"} & set(ctx.rules(a).keywords)]
    if cmd.target is not None:
        t = flow.ref(ctx, cmd.seat, cmd.target)
        if t not in gear:
            raise Illegal("target", f"{rules.name}: {ctx.name(t)} is not a weapon or vehicle on {ctx.name(f.actor)}")
    elif len(gear) > 1:
        raise Illegal("target", f"{rules.name}: name the weapon or vehicle to destroy (target)")
    else:
        t = gear[0] if gear else None
    if t is not None:
        ctx.burn(t, rules.name)


_HANDLERS.update({"cancel_resulting_combat": _cancel_resulting_combat,
                  "destroy_weapon_or_vehicle": _destroy_weapon_or_vehicle})


def _enter_combat_new(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """A new combat between the vampire that played the card and the minion it names, once the action's combat is over
    (Fast Reaction: the acting minion, after a combat with a blocker of the player's; Hidden Lurker: the blocker, after
    the combat of the player's acting minion; Follow the Alpha: the minion that opposed another Gangrel antitribu of
    the player's) or once a hunt succeeded (Follow the Blood: the acting vampire). The card's maneuver or press is
    granted in it, and in its first round the named minion cannot strike (or maneuver) as the card says."""
    from vtes_desktop.engine import rules_combat
    from vtes_desktop.engine.state import CombatFrame

    st = ctx.st
    f = _top(ctx)
    who = auto_action._TEXTS["enter_combat_new"].match(e.text.strip().lower()).group("who")
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if f.stage != "resolution":
        raise Illegal("timing", f"{rules.name} is only usable once the action has been resolved")
    mine = lambda x: x is not None and x in st.cards and st.cards[x].controller == cmd.seat     # noqa: E731
    if who in ("acting minion", "acting vampire") and kind == "hunt":
        if f.outcome != "successful":
            raise Illegal("timing", f"{rules.name} is only usable after a successful hunt")
        opp = f.actor
    elif f.outcome != "blocked" or f.blocker is None:
        raise Illegal("timing", f"{rules.name} is only usable after the combat that followed a block")
    elif who in ("acting minion", "acting vampire"):
        if not mine(f.blocker) or f.blocker == minion:
            raise Illegal("timing", f"{rules.name} follows a combat between another blocking minion of yours and the "
                                    "acting minion")
        opp = f.actor
    elif who == "blocking minion":
        if not mine(f.actor) or f.actor == minion:
            raise Illegal("timing", f"{rules.name} follows a combat between your acting minion and a blocking minion, "
                                    "by another vampire")
        opp = f.blocker
    else:   # Follow the Alpha: the minion that fought another Gangrel antitribu of the player's
        ours, opp = (f.actor, f.blocker) if mine(f.actor) else (f.blocker, f.actor)
        if not mine(ours) or ours == minion or "gangrel antitribu" not in {c.lower() for c in ctx.cdef(ours).clans}:
            raise Illegal("timing", f"{rules.name} follows a combat involving another Gangrel antitribu you control")
    if st.cards[opp].region != "ready" or mine(opp):
        raise Illegal("timing", f"{rules.name}: {ctx.name(opp)} is not a ready minion of another Methuselah")
    grants = []
    for x in mode.effects:
        low = x.text.strip().lower()
        if "maneuver or press" in low:
            grants.append((minion, "maneuver_or_press", 1))
        elif x.kind == "press" and not x.get("frame"):
            grants.append((minion, "press", 1))
    grants = tuple(dict.fromkeys(grants))
    if not rules_combat.start(ctx, minion, opp, granted=grants):
        return
    cf = st.top
    if isinstance(cf, CombatFrame):
        rs = {auto_action.reading(x, rules.types) for x in mode.effects}
        if "first_round_no_strike" in rs:
            cf = cf._replace(mods=cf.mods + (Mod("forbid_all_strikes", 0, opp, iid, rules.card_id),))
            ctx.emit("effect", f"{ctx.name(opp)} cannot strike in the first round ({rules.name}).", cards=(opp,))
        if "first_round_no_maneuver" in rs:
            cf = cf._replace(used=cf.used | {("no_maneuver_round", opp, 1)})
            ctx.emit("effect", f"{ctx.name(opp)} cannot maneuver in the first round ({rules.name}).", cards=(opp,))
        flow.set_top(ctx, cf)


def _lock_black_hand(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    if not ctx.st.cards[minion].locked:
        ctx.update(minion, locked=True)
        ctx.emit("locked", f"{ctx.name(minion)} locks ({rules.name}).", cards=(minion,))


_HANDLERS.update({"enter_combat_new": _enter_combat_new, "first_round_no_strike": _nothing,
                  "first_round_no_maneuver": _nothing, "lock_black_hand": _lock_black_hand,
                  "new_combat_grant": _nothing})


def _lock_self_and_blocker(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Siren's Lure [mel], Hedonism: the modifying vampire and the minion whose attempt failed lock; Hedonism queues a
    combat between them (not at its superior level), fought once the action is over (`after_action`)."""
    if blocker is None:
        raise Illegal("timing", f"{rules.name} is only usable if a minion attempts to block")
    for who in (minion, blocker):
        c = ctx.st.cards[who]
        if c.region == "ready" and not c.locked:
            ctx.update(who, locked=True)
            ctx.emit("locked", f"{ctx.name(who)} locks ({rules.name}).", cards=(who,))
    queue = "queue a combat" in e.text.lower() and not any(
        auto_action.reading(x, rules.types) == "queue_no_combat" for x in mode.effects)
    if queue:
        _add(ctx, Mod("combat_after", blocker, minion, iid, rules.card_id))
        ctx.emit("queued", f"{ctx.name(minion)} and {ctx.name(blocker)} will enter combat once the action is over "
                           f"({rules.name}).", cards=(minion, blocker))


def _combat_after_resolution(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Siren's Lure: after the action resolves, this vampire and the blocking minion enter combat; at [MEL] ("but do
    not lock this modifying vampire") the blocker alone locks."""
    if blocker is None:
        raise Illegal("timing", f"{rules.name} is only usable if a minion attempts to block")
    if not any(auto_action.reading(x, rules.types) == "lock_self_and_blocker" for x in mode.effects):
        c = ctx.st.cards[blocker]
        if c.region == "ready" and not c.locked:
            ctx.update(blocker, locked=True)
            ctx.emit("locked", f"{ctx.name(blocker)} locks ({rules.name}).", cards=(blocker,))
    _add(ctx, Mod("combat_after", blocker, minion, iid, rules.card_id))
    ctx.emit("queued", f"{ctx.name(minion)} and {ctx.name(blocker)} will enter combat after the action resolves "
                       f"({rules.name}).", cards=(minion, blocker))


_HANDLERS.update({"lock_self_and_blocker": _lock_self_and_blocker, "combat_after_resolution": _combat_after_resolution,
                  "queue_no_combat": _nothing})


def _lock_laibon_or_aye(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Savannah Runner [CEL]: not by a blocking Laibon; this Laibon locks (or, with the play's choice "aye", an
    unlocked Aye on it) and another ready Laibon (the target) unlocks."""
    from vtes_desktop.engine.errors import Malformed

    f = _top(ctx)
    st = ctx.st
    if f.stage == "attempt" and f.blocker == minion:
        raise Illegal("timing", f"{rules.name} at this level is not usable by a blocking Laibon")
    if cmd.target is None:
        raise Malformed("target", f"{rules.name}: name the ready Laibon that unlocks (target)")
    t = flow.ref(ctx, cmd.seat, cmd.target, what="minion")
    c = st.cards[t]
    if t == minion or c.region != "ready" or not ctx.is_vampire(c) or (ctx.sect(c) or "").lower() != "laibon":
        raise Illegal("target", f"{rules.name}: {ctx.name(t)} is not another ready Laibon")
    if str(cmd.choice or "").strip().lower() == "aye":
        aye = next((a for a in st.attached.get(minion, ()) if ctx.cdef(a).name == "Aye" and not st.cards[a].locked),
                   None)
        if aye is None:
            raise Illegal("target", f"{rules.name}: {ctx.name(minion)} has no unlocked Aye to lock")
        ctx.update(aye, locked=True)
        what = f"an Aye on {ctx.name(minion)}"
    else:
        if st.cards[minion].locked:
            raise Illegal("locked", f"{ctx.name(minion)} is locked: {rules.name} needs it to lock (or choice: aye)")
        ctx.update(minion, locked=True)
        what = ctx.name(minion)
    ctx.update(t, locked=False)
    ctx.emit("unlocked", f"{what} locks; {ctx.name(t)} unlocks ({rules.name}).", cards=(minion, t))


def _divine_image(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Divine Image: this action the acting vampire has -1 stealth, +1 strength in its combat (`combat_marks`) and
    can prevent 1 damage in it (as Beast Meld's); at [SER] also +1 bleed not counting against the limit."""
    f = _top(ctx)
    a = f.actor
    if auto_action.reading(e, rules.types) == "divine_image_bleed":
        kind = f.kind if f.kind != "card" else (f.effect or "card")
        if kind != "bleed":
            raise Illegal("timing", f"{rules.name} at this level is only usable during a bleed action")
        _add(ctx, Mod("bleed", 1, a, iid, rules.card_id))
        ctx.emit("modifier", f"{ctx.name(a)} gets +1 bleed, not counting against the limit ({rules.name}).",
                 cards=(a,))
        return
    _add(ctx, Mod("stealth", -1, a, iid, rules.card_id), Mod("action_strength", 1, a, iid, rules.card_id),
         Mod("grant_prevent_combat", 1, a, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(a)} gets -1 stealth and +1 strength this action, and can prevent 1 damage in its "
                         f"combat ({rules.name}).", cards=(a,))


_HANDLERS.update({"lock_laibon_or_aye": _lock_laibon_or_aye, "divine_image": _divine_image,
                  "divine_image_bleed": _divine_image})

_HANDLERS.update({"return_action_card": _return_action_card, "seat_no_repeat": _seat_no_repeat,
                  "lock_blocker_too": _lock_blocker_too})
_HANDLERS.update({"stealth_to_zero": _stealth_to_zero, "can_still_increase_stealth": _nothing,
                  "blocker_strike_ends_r1": _blocker_strike, "blocker_strike_steal": _blocker_strike})


def _reduce_or_lock_reduce(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Hide the Heart [VAL]: reduce a bleed against you by N, or (the play's choice "lock") lock this reacting
    vampire to reduce a bleed against any Methuselah by N."""
    f = _top(ctx)
    n = int(auto_action._TEXTS["reduce_or_lock_reduce"].match(e.text.strip().lower()).group("n"))
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed":
        raise Illegal("timing", f"{rules.name} reduces a bleed: only usable during a bleed action")
    lock = str(cmd.choice or "").strip().lower() == "lock"
    if not lock and f.target_seat != cmd.seat:
        raise Illegal("choice", f"{rules.name}: the bleed is not against you; choose 'lock' to lock "
                                f"{ctx.name(minion)} and reduce it")
    if lock:
        if ctx.st.cards[minion].locked:
            raise Illegal("cost", f"{ctx.name(minion)} is already locked and cannot lock for {rules.name}")
        ctx.update(minion, locked=True)
        ctx.emit("locked", f"{ctx.name(minion)} locks.", cards=(minion,))
    _add(ctx, Mod("bleed", -n, minion, iid, rules.card_id))
    ctx.emit("reduced", f"{rules.name}: the bleed is reduced by {n}.", cards=(minion,))


_HANDLERS["reduce_or_lock_reduce"] = _reduce_or_lock_reduce
_HANDLERS.update({"actor_strength_action": _actor_strength, "strength_if_blocked": _actor_strength,
                  "younger_actor_strength": _younger_actor_strength})


def next_round(ctx: Ctx, prev=None) -> None:
    """A new round of a combat begins (called from rules_combat, with the last round's frame): what this action's
    cards keep for every round - Neutral Guard's long range, Mind of the Wilds' bar on the blocker's strike:
    combat ends, Beast Meld's prevention not yet used."""
    from vtes_desktop.engine.rules_combat import combat_frame

    cf = combat_frame(ctx.st)
    if cf is None:
        return
    if prev is not None and prev.mods:
        keep = tuple(x for x in prev.mods if x.kind == "granted_prevent" and ("combat_prevent", x.minion, x.cid)
                     in cf.used)
        if keep:
            cf = cf._replace(mods=cf.mods + keep)
    if ("long_each",) in cf.used:
        cf = cf._replace(range="long", range_set=True)
    add = tuple(Mod("forbid_combat_ends", 0, u[1], None) for u in cf.used if len(u) == 2 and u[0] == "no_combat_ends")
    if add:
        cf = cf._replace(mods=cf.mods + add)
    if cf is not ctx.st.top:
        flow.set_top(ctx, cf)


_HANDLERS.update({"nonzombie_allies_cannot_block": _nonzombie_allies_cannot_block,
                  "maneuver_or_press_actor": _maneuver_or_press_actor,
                  "maneuver_or_press_blocker": _maneuver_or_press_blocker})


_HANDLERS.update({"attached_bleed": _attached_bleed, "cog_action": _nothing, "bat_actor": _bat_actor, "bat_blocker": _bat_blocker, "vampires_aggravated": _vampires_aggravated,
                  "shroud_strike": _shroud_strike})


_COG: dict[int, bool] = {}     # card id -> whether it is locked to take an action (Enkil Cog)


def _cog(st, m: int, rules_of) -> int | None:
    """An unlocked card on *m* that it can lock to take an action in any Methuselah's minion phase (Enkil Cog)."""
    for a in st.attached.get(m, ()):
        c = st.cards[a]
        if c.locked:
            continue
        is_cog = _COG.get(c.cid)
        if is_cog is None:
            rules = rules_of(a)
            is_cog = _COG[c.cid] = "Action Modifier" in rules.types and any(
                auto_action.reading(e, rules.types) == "cog_action" and e.automated
                for md in rules.modes for e in md.effects)
        if is_cog:
            return a
    return None


def out_of_turn_action(ctx: Ctx, cmd: C.Action) -> bool:
    """A minion of a Methuselah other than the active one announcing an action in the minion phase, by locking
    the Enkil Cog on it (done here; the announcement is refused, and this undone, if anything else is wrong).
    Called from rules_action.announce; False when no such card allows it."""
    st = ctx.st
    if st.phase != "minion" or st.frames or not st.attached:
        return False
    m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    mc = st.cards[m]
    if mc.controller != cmd.seat or mc.region != "ready" or mc.locked:
        return False
    cog = _cog(st, m, ctx.rules)
    if cog is None:
        return False
    ctx.update(cog, locked=True)
    ctx.emit("locked", f"{ctx.name(m)} locks {ctx.name(cog)} to take an action during "
                       f"{ctx.seat_name(st.active)}'s minion phase.", cards=(m, cog))
    return True


def out_of_turn_candidates(game, seat: int) -> list[C.Command]:
    """The actions a minion of *seat* (not the active Methuselah) could announce now through an Enkil Cog, for the
    legal answer (each still to be checked)."""
    st = game.state
    if st.phase != "minion" or st.frames or seat == st.active or not st.attached:
        return []
    from vtes_desktop.engine.effects_master import game_rules

    return [C.Action(seat=seat, minion=m, kind=kind) for m in st.region(seat, "ready")
            if not st.cards[m].locked and m in st.attached and _cog(st, m, lambda i: game_rules(game, i)) is not None
            for kind in ("bleed", "hunt")]


def own_strike(ctx: Ctx, m: int, desc):
    """A `strike` naming the combatant itself, which has no strike of its own (*desc* None): Shroud of Absence's
    "combat ends" in the first round of the block's combat; called from rules_combat.strike."""
    from vtes_desktop.engine.rules_combat import StrikeDesc, combat_frame

    if desc is not None:
        return desc
    cf = combat_frame(ctx.st)
    if cf is not None and cf.round == 1 and ("combat_ends_r1", m) in cf.used:
        return StrikeDesc("combat_ends", source=m, label="combat ends")     # Shroud of Absence, Night Terrors
    if cf is not None and ("strike_steal_1", m) in cf.used:
        return StrikeDesc("steal_blood", 1, source=m, label="steal 1 blood")     # Veiled Sight [CHI]
    return desc


def combat_marks(f: ActionFrame) -> frozenset:
    """What the block's combat keeps in its `used` record from this action's cards: ("no_equipment", minion) for
    a combatant under Form of the Bat, ("vampires_aggravated",) under Domain of Evernight, ("combat_ends_r1", actor)
    under Shroud of Absence."""
    out = set()
    for m in f.mods:
        if m.kind == "no_equipment" and m.minion in (f.actor, f.blocker):
            out.add(("no_equipment", m.minion))
        elif m.kind == "combat_ends_r1" and m.minion in (f.actor, f.blocker):
            out.add(("combat_ends_r1", m.minion))
        elif m.kind == "strike_steal_1" and m.minion == f.blocker:
            out.add(("strike_steal_1", m.minion))
        elif m.kind == "vampires_aggravated":
            out.add(("vampires_aggravated",))
        elif m.kind == "hand_rage" and m.minion in (f.actor, f.blocker):
            out.add(("hand_rage", m.minion, m.amount, m.card))          # Uncontrollable Rage, Invigorate [pro]
        elif m.kind == "pseudo_blind" and m.minion == f.blocker:
            out.add(("no_discs", f.actor, ("chi", "obf"), m.cid))      # Pseudo-Blindness [CHI]
        elif m.kind == "blocked_no_maneuver" and m.minion == f.actor and f.blocker is not None:
            out.add(("no_maneuver_combat", f.blocker))      # Ni Dieu ni Maître [ani]
        elif m.kind == "action_strength" and m.minion in (f.actor, f.blocker):
            out.add(("strength_bonus", m.minion, m.amount, m.card))     # Serenading the Kami, Adhocracy
    return frozenset(out)


def aggravate_hits(ctx: Ctx, hits: tuple) -> tuple:
    """Damage on vampires in a combat under Domain of Evernight is all aggravated; called as damage opens."""
    from vtes_desktop.engine.rules_combat import combat_frame

    cf = combat_frame(ctx.st)
    if cf is None or ("vampires_aggravated",) not in cf.used:
        return hits
    out = []
    for h in hits:
        c = ctx.st.cards.get(h.target)
        if h.normal > 0 and c is not None and ctx.is_vampire(c):
            h = h._replace(normal=0, aggravated=h.aggravated + h.normal)
        out.append(h)
    return tuple(out)


# -- in a referendum ----------------------------------------------------------------------------------------

_IN_REFERENDUM = frozenset({"cancel_referendum", "return_pa_card", "no_repeat_political", "no_votes_non_sabbat",
                            "no_votes_non_camarilla", "abstain_younger", "abstain_can_cancel", "abstain_any_age",
                            "abstain_actor_lock", "abstain_clan", "choose_voter", "chosen_locks_abstains",
                            "chosen_burns_blood", "votes_against", "reduce_or_votes_against", "that_abstains",
                            "lock_if_passes", "gain_one_pool", "change_younger_votes", "actor_no_votes",
                            "titled_referendum_fails", "one_more_vote", "each_clan_votes", "rant_votes", "tyranny", "coalition_count",
                            "emissary_choose", "emissary_lock", "emissary_votes", "emissary_cancel",
                            "mob_rule", "mob_rule_rate", "mob_rule_more",
                            "velvet_corrupt", "velvet_no_votes", "auto_pass_if_passes", "disarming"}) | frozenset(
    n for n in auto_action._TEXTS if n.startswith("tally_"))
#: readings that make a vampire abstain (`_abstainer` names it, `abstain` carries it out)
_ABSTAIN = ("abstain_younger", "abstain_actor_lock", "abstain_clan", "choose_voter", "choose_younger",
            "change_younger_votes")

#: st.marks key of a referendum's vote bar (Private Audience): (("referendum", actor, turn), NO_VOTES, "non-sabbat")
NO_VOTES = "no votes from"


def in_referendum(ctx: Ctx, cmd: C.Play, minion: int, mode: Mode, rules: CardRules, act: ActionFrame,
                  iid: int | None = None) -> bool:
    """A reaction or action modifier played in a referendum's polling step whose effects are the referendum's
    (Delaying Tactics): carried out here; False when the mode has other effects (left to the caller)."""
    from vtes_desktop.engine.state import ReferendumFrame

    effs = list(mode.effects)
    if iid is not None and (mode.votes or any(auto_action.reading(e, rules.types) in ("frame_votes", "x_votes")
                                              for e in effs)):
        ctx.st.marks = ctx.st.marks | {(iid, VOTED_BY, minion)}   # whose votes these are, should it abstain
    if not effs:
        return _disarming_superior(ctx, cmd, minion, mode, rules)
    if mode.votes:
        _register_tally(ctx, cmd, minion, mode, rules, iid)   # Madrigal [MEL]: its votes are gained by the caller
        return False
    fv = [e for e in effs if e.automated and auto_action.reading(e, rules.types) == "frame_votes"]
    # "This reacting vampire gains 2 votes." (Surprise Influence, Dread Gaze...; Covincraft's other use is a bleed's)
    if fv and all(auto_action.reading(x, rules.types) in ("frame_votes", "reduce_bleed") for x in effs):
        n = int(re.search(r"(\d) votes", fv[0].text).group(1))
        ref = ctx.st.top
        flow.set_top(ctx, ref._replace(gained=ref.gained + ((cmd.seat, iid, n),)))
        ctx.emit("played", f"{ctx.name(minion)} plays {rules.name}: {ctx.seat_name(cmd.seat)} gains {n} votes to cast.")
        return True
    xv = [e for e in effs if e.automated and auto_action.reading(e, rules.types) == "x_votes"]
    if xv and len(effs) == 1:
        x = x_value(cmd, rules) or 0
        n = (2 * x if "+2x" in xv[0].text.lower() else x) + 1
        ref = ctx.st.top
        flow.set_top(ctx, ref._replace(gained=ref.gained + ((cmd.seat, iid, n),)))
        ctx.emit("played", f"{ctx.name(minion)} plays {rules.name} (X = {x}): {ctx.seat_name(cmd.seat)} gains {n} "
                           f"vote{'s' if n != 1 else ''} to cast.")
        return True
    rs0 = {auto_action.reading(e, rules.types) for e in effs}
    ours = [e for e in effs if auto_action.reading(e, rules.types) in _IN_REFERENDUM or (
        auto_action.reading(e, rules.types) == "choose_younger" and "that_abstains" in rs0)]   # Under the Skin
    if not ours:
        return False
    if not all(e.automated and (e in ours or _unlocks_actor(e)) for e in effs):
        return False
    st = ctx.st
    ref = st.top
    if not isinstance(ref, ReferendumFrame):
        return False
    card = ref.card
    rs = [auto_action.reading(e, rules.types) for e in effs]
    who = next((_abstainer(ctx, cmd, minion, mode, rules, ref, act, r) for r in rs if r in _ABSTAIN), None)
    _register_tally(ctx, cmd, minion, mode, rules, iid)
    for e in effs:
        r = auto_action.reading(e, rules.types)
        if r in ("votes_against", "reduce_or_votes_against"):
            _cast_against(ctx, cmd.seat, minion, iid, int(re.search(r"(\d) votes", e.text).group(1)), rules.name)
            ref = st.top
        elif r == "change_younger_votes":
            _change_votes(ctx, cmd, who, rules)
            ref = st.top
        elif r == "each_clan_votes":    # The Eldest Are Kholo, Unexpected Coalition: each Methuselah casts its
            #                             clan vampires' votes with the card
            mm = auto_action._EACH_CLAN_VOTES.fullmatch(e.text.strip().lower())
            per = int(mm.group("n") or 1)
            clan = mm.group("clan")
            add = []
            for s_ in st.live_seats():
                k = sum(1 for i in st.region(s_, "ready") if ctx.is_vampire(st.cards[i]) and not st.cards[i].contested
                        and clan in {x.lower() for x in ctx.cdef(i).clans}
                        and (not mm.group("laibon") or (ctx.sect(st.cards[i]) or "").lower() == "laibon"))
                if k:
                    add.append((s_, iid, per * k))
                    ctx.emit("played", f"{rules.name}: {ctx.seat_name(s_)} gains {per * k} vote"
                                       f"{'s' if per * k != 1 else ''} to cast (its {clan.title()}).")
            flow.set_top(ctx, ref._replace(gained=ref.gained + tuple(add)))
            ref = st.top
        elif r == "emissary_choose":    # Emissary: the anarch locks and gains 3 votes, its own
            a = _chosen(ctx, cmd, rules)
            c = st.cards[a]
            if c.controller != cmd.seat or c.region != "ready" or c.locked or not ctx.is_vampire(c) or \
                    (ctx.sect(c) or "").lower() != "anarch":
                raise Illegal("target", f"{rules.name}: choose a ready unlocked anarch you control; {ctx.name(a)} is not "
                                        "one")
            ctx.update(a, locked=True)
            st.marks = st.marks | {(iid, VOTED_BY, a), (("referendum", ref.actor, st.turn), EMISSARY, a)}
            flow.set_top(ctx, ref._replace(gained=ref.gained + ((cmd.seat, iid, 3),)))
            ref = st.top
            ctx.emit("played", f"{ctx.name(a)} locks: {ctx.seat_name(cmd.seat)} gains 3 votes to cast ({rules.name}).",
                     cards=(a,))
        elif r in ("tyranny", "coalition_count"):     # read as the votes are tallied (`tally_adjust`)
            st.marks = st.marks | {(("referendum", ref.actor, st.turn), ADJUST, (r, iid, minion))}
        elif r == "mob_rule":      # Mob Rule: each vampire with capacity above 4 may burn blood for votes (`use`)
            st.marks = st.marks | {(("referendum", ref.actor, st.turn), MOB, iid)}
            ctx.emit("played", f"{rules.name}: vampires with capacity above 4 may burn blood for votes in this "
                               "referendum.")
        elif r == "rant_votes":     # Rant!: each ready anarch may then burn 1 blood for 1 vote (`use`)
            st.marks = st.marks | {(("referendum", ref.actor, st.turn), RANT, iid)}
            ctx.emit("played", f"{rules.name}: each ready anarch may burn 1 blood for 1 more vote in this referendum.")
        elif r == "one_more_vote":      # Wanderer's Counsel: the vote is the playing vampire's, cast with the card
            st.marks = st.marks | {(iid, VOTED_BY, minion)}
            flow.set_top(ctx, ref._replace(gained=ref.gained + ((cmd.seat, iid, 1),)))
            ref = st.top
            ctx.emit("played", f"{ctx.name(minion)} plays {rules.name}: {ctx.seat_name(cmd.seat)} gains 1 vote to cast.",
                     cards=(minion,))
        elif r == "actor_no_votes":     # Confusion of the Eye [OBF], before any votes are cast
            abstain(ctx, act.actor, rules.name)
            ref = st.top
        elif r == "titled_referendum_fails":
            if card is not None and _needs_title(ctx, card):
                st.marks = st.marks | {(("referendum", ref.actor, st.turn), FAILS, card)}
                ctx.emit("played", f"{rules.name}: the referendum requires a titled vampire, so it fails.")
        elif r == "that_abstains":
            abstain(ctx, who, rules.name)
        elif r == "lock_if_passes":
            st.marks = st.marks | {(("referendum", ref.actor, st.turn), LOCK_IF_PASSED, who)}
        elif r == "gain_one_pool":
            ctx.pool(cmd.seat, 1, rules.name)
        if r in ("abstain_younger", "abstain_actor_lock", "abstain_clan", "chosen_locks_abstains"):
            if r == "abstain_actor_lock":
                ctx.update(minion, locked=True)
                ctx.emit("locked", f"{ctx.name(minion)} locks ({rules.name}).", cards=(minion,))
            if r == "chosen_locks_abstains" and not st.cards[who].locked:
                ctx.update(who, locked=True)
                ctx.emit("locked", f"{ctx.name(who)} is locked ({rules.name}).", cards=(who,))
            abstain(ctx, who, rules.name)
        elif r == "chosen_burns_blood":
            _burn_blood_or_life(ctx, who, 1, rules.name)
        elif r == "cancel_referendum":
            flow.pop(ctx)
            ctx.emit("referendum_canceled", f"{rules.name}: the referendum is canceled.")
        elif _unlocks_actor(e):
            ctx.update(act.actor, locked=False)
            ctx.emit("unlocked", f"{ctx.name(act.actor)} unlocks.", cards=(act.actor,))
        elif r == "return_pa_card":
            if card is not None and st.cards[card].region == "aside" and \
                    "Political Action" in ctx.cdef(card).types:
                owner = st.cards[card].owner
                ctx.move(card, "hand", seat=owner)
                ctx.emit("returned", f"{ctx.name(card)} returns to {ctx.seat_name(owner)}'s hand.")
                _discard_down(ctx, owner)
        elif r == "velvet_corrupt":     # Velvet Tongue [ser]: a counter on a minion casting votes or ballots
            from vtes_desktop.engine.effects_actioncard import vote_refusal

            t = _chosen(ctx, cmd, rules)
            c = st.cards[t]
            why = vote_refusal(ctx, ref, t) if c.region == "ready" else f"{ctx.name(t)} is not ready"
            if why or not ctx.is_vampire(c) or c.contested:
                raise Illegal("target", f"{rules.name}: choose a ready vampire casting votes or ballots in this "
                                        f"referendum" + (f" ({why})" if why else ""))
            put_corruption(ctx, t, cmd.seat, 1, rules.name)
        elif r == "auto_pass_if_passes":    # Malkavian Rider Clause: read by `referendum_tallied`
            st.marks = st.marks | {(("referendum", ref.actor, st.turn), RIDER, cmd.seat)}
            ctx.emit("played", f"{rules.name}: if this referendum passes, the next referendum a vampire of "
                               f"{ctx.seat_name(cmd.seat)} calls passes automatically.", cards=(minion,))
        elif r == "disarming":      # Disarming Presence [pre]: read by `voted`
            _disarm(ctx, ref, cmd.seat, minion, rules, spare=False)
        elif r == "velvet_no_votes":    # Velvet Tongue [SER]: read by effects_actioncard.vote_refusal
            st.marks = st.marks | {(("referendum", ref.actor, st.turn), NO_VOTES, "corrupted")}
            ctx.emit("played", f"{ctx.name(minion)} plays {rules.name}: minions with corruption counters cannot cast "
                               "votes or ballots in this referendum.", cards=(minion,))
        elif r == "no_votes_non_sabbat":    # Private Audience: read by effects_actioncard.vote_refusal
            st.marks = st.marks | {(("referendum", ref.actor, st.turn), NO_VOTES, "non-sabbat")}
            ctx.emit("played", f"{ctx.name(minion)} plays {rules.name}: non-Sabbat vampires cannot cast votes or "
                               "ballots in this referendum.", cards=(minion,))
        elif r == "no_votes_non_camarilla":    # Closed Session: read by effects_actioncard.vote_refusal
            st.marks = st.marks | {(("referendum", ref.actor, st.turn), NO_VOTES, "non-camarilla")}
            ctx.emit("played", f"{ctx.name(minion)} plays {rules.name}: non-Camarilla vampires cannot cast votes or "
                               "ballots in this referendum.", cards=(minion,))
        elif r == "no_repeat_political":
            cid = st.cards[card].cid if card is not None else None
            mine = [i for reg in ("ready", "torpor") for i in st.region(act.seat, reg)]
            st.acted = st.acted | {(i, ("same", "political", cid)) for i in mine}
    return True


#: st.marks: (card iid, VOTED_BY, minion) - the minion that played a card giving votes in a polling step;
#: (("referendum", actor, turn), ABSTAINS, vampire) - a vampire that abstains in that referendum
VOTED_BY = "votes of"
ABSTAINS = "abstains"


def _abstainer(ctx: Ctx, cmd: C.Play, minion: int, mode: Mode, rules: CardRules, ref, act: ActionFrame,
               r: str) -> int:
    """The vampire a card makes abstain (the play's target; the acting vampire for Irregular Protocol), checked
    against the card's words: younger than the playing vampire (unless the mode says any age), of its clan, or one
    that has cast votes or ballots."""
    if r == "abstain_actor_lock":
        v = act.actor
    else:
        v = _chosen(ctx, cmd, rules)
    c = ctx.st.cards[v]
    if not ctx.is_vampire(c) or c.region != "ready":
        raise Illegal("target", f"{rules.name}: choose a ready vampire; {ctx.name(v)} is not one")
    if any(m[2] == v for m in ctx.st.marks if m[1] == ABSTAINS and m[0] == ("referendum", ref.actor, ctx.st.turn)):
        raise Illegal("target", f"{rules.name}: {ctx.name(v)} already abstains in this referendum")
    rs = {auto_action.reading(e, rules.types) for e in mode.effects}
    young = r in ("choose_younger", "change_younger_votes") or r == "abstain_younger" and "abstain_any_age" not in rs and \
        auto_action._TEXTS["abstain_younger"].match(next(e.text.strip().lower() for e in mode.effects
                                                         if auto_action.reading(e, rules.types) == r)).group("young")
    if young and (ctx.cdef(v).capacity or 0) >= (ctx.cdef(minion).capacity or 0):
        raise Illegal("target", f"{rules.name}: choose a vampire younger than {ctx.name(minion)}; {ctx.name(v)} is "
                                "not younger")
    if r == "abstain_clan" and not {x.lower() for x in ctx.cdef(v).clans} & {x.lower() for x in
                                                                             ctx.cdef(minion).clans}:
        raise Illegal("target", f"{rules.name}: choose a vampire of {poss_name(ctx, minion)} clan; {ctx.name(v)} is "
                                "not of it")
    if r in ("choose_voter", "change_younger_votes") and (v,) not in ref.used_sources:
        raise Illegal("target", f"{rules.name}: choose a vampire who has cast votes or ballots in this referendum; "
                                f"{ctx.name(v)} has not")
    return v


def abstain(ctx: Ctx, v: int, why: str) -> None:
    """Vampire *v* abstains in the referendum under way: the votes and ballots it has cast (its own, and those of the
    cards it played for votes) are taken back, and it casts none (`effects_actioncard.vote_refusal` says so; the
    sources are spent, so `rules_politics.vote` refuses any other)."""
    st = ctx.st
    ref = st.top
    seat = st.cards[v].controller
    labels = [ctx.cdef(v).display, f"{ctx.cdef(v).display} (priscus ballot)"]
    keys = {(v,)}
    for g in ref.gained:
        if (g[1], VOTED_BY, v) in st.marks and g[0] == seat:
            k = (g[1],) if st.cards[g[1]].controller == seat else (g[1], seat)
            keys.add(k)
            if k in ref.used_sources:
                labels.append(ctx.cdef(g[1]).display)
    vf, va = list(ref.votes_for), list(ref.votes_against)
    taken = 0
    for lab in labels:
        for lst in (vf, va):
            x = next((x for x in lst if x[0] == seat and x[1] == lab), None)
            if x is not None:
                lst.remove(x)
                taken += x[2] or 1
                break
    flow.set_top(ctx, ref._replace(votes_for=tuple(vf), votes_against=tuple(va),
                                   used_sources=ref.used_sources | frozenset(keys)))
    st.marks = st.marks | {(("referendum", ref.actor, st.turn), ABSTAINS, v)}
    ctx.emit("abstains", f"{ctx.name(v)} abstains in this referendum ({why})" +
             (": the votes and ballots it cast are cancelled." if taken else "."), cards=(v,))


#: st.marks: (("referendum", actor, turn), TALLY, (reading, seat, minion, card iid)) - what a card played in the
#: polling step does once the votes are tallied; (..., LOCK_IF_PASSED, vampire) - Under the Skin [AUS][PRE]
TALLY = "once tallied"
RANT = "anarchs burn blood for votes"
EMISSARY = "emissary's anarch"
ADJUST = "tally adjusted"
MOB = "vampires burn blood for votes"
FAILS = "fails"
LOCK_IF_PASSED = "locks if passed"


def _register_tally(ctx: Ctx, cmd: C.Play, minion: int, mode: Mode, rules: CardRules, iid) -> None:
    st = ctx.st
    ref = st.top
    for e in mode.effects:
        r = auto_action.reading(e, rules.types)
        if r is not None and r.startswith("tally_") and r != "tally_when":
            st.marks = st.marks | {(("referendum", ref.actor, st.turn), TALLY, (r, cmd.seat, minion, iid))}


def _cast_against(ctx: Ctx, seat: int, minion: int, iid, n: int, why: str) -> None:
    """Wrong and Crosswise [DEM], Loyalist, Protected District: the reacting vampire's N votes, cast against at once
    (they are its votes: they go if it abstains)."""
    st = ctx.st
    ref = st.top
    entry = (seat, ctx.cdef(iid).display, n)
    st.marks = st.marks | {(iid, VOTED_BY, minion)}
    flow.set_top(ctx, ref._replace(votes_against=ref.votes_against + (entry,), gained=ref.gained + ((seat, iid, n),),
                                   used_sources=ref.used_sources | {(iid,)}, votes_started=True))
    ctx.emit("vote", f"{ctx.seat_name(seat)} casts {n} votes against with {why} ({ctx.name(minion)}).",
             cards=(minion,))


def _change_votes(ctx: Ctx, cmd: C.Play, v: int, rules: CardRules) -> None:
    """Kindred Manipulation: the votes and ballots vampire *v* has cast (its own, and those of cards it played for
    votes) all go to the side the play's choice names ("for" or "against")."""
    side = (cmd.choice or "").strip().lower() if isinstance(cmd.choice, str) else ""
    if side not in ("for", "against"):
        raise Illegal("choice", f"{rules.name}: say which side the votes and ballots go to (choice: for or against)")
    st = ctx.st
    ref = st.top
    seat = st.cards[v].controller
    labels = {ctx.cdef(v).display, f"{ctx.cdef(v).display} (priscus ballot)"}
    labels |= {ctx.cdef(g[1]).display for g in ref.gained if (g[1], VOTED_BY, v) in st.marks}
    moved = [x for x in (ref.votes_against if side == "for" else ref.votes_for) if x[0] == seat and x[1] in labels]
    keep = tuple(x for x in (ref.votes_against if side == "for" else ref.votes_for) if x not in moved)
    if side == "for":
        ref = ref._replace(votes_against=keep, votes_for=ref.votes_for + tuple(moved))
    else:
        ref = ref._replace(votes_for=keep, votes_against=ref.votes_against + tuple(moved))
    flow.set_top(ctx, ref)
    n = sum(x[2] for x in moved)
    ctx.emit("votes_changed", f"{poss_name(ctx, v)} votes and ballots are now {side} the referendum ({rules.name})"
             + (f": {n} vote{'s' if n != 1 else ''} change sides." if moved else "."), cards=(v,))


def _voters(ctx: Ctx, f, side: str) -> list[tuple[int, int | None]]:
    """(seat, vampire or None) for each entry cast on *side* ("for" or "against"): the vampire whose votes or ballots
    they are (its own, or those of a card it played for votes), None for the Edge or a political action card."""
    st = ctx.st
    out = []
    played = {}
    for g in f.gained:
        v = next((m[2] for m in st.marks if m[0] == g[1] and m[1] == VOTED_BY), None)
        played[(g[0], ctx.cdef(g[1]).display)] = v
    for seat, label, _n in (f.votes_for if side == "for" else f.votes_against):
        name = label[:-len(" (priscus ballot)")] if label.endswith(" (priscus ballot)") else label
        v = next((i for i in st.region(seat, "ready") if ctx.cdef(i).display == name and ctx.is_vampire(st.cards[i])),
                 None)
        out.append((seat, v if v is not None else played.get((seat, label))))
    return out


_TITLES = frozenset({"titled", "prince", "justicar", "inner circle", "baron", "primogen", "bishop", "archbishop",
                     "cardinal", "regent", "priscus", "kholo", "magaji"})


def _needs_title(ctx: Ctx, card: int) -> bool:
    """The card that called the referendum requires a titled vampire (any title, or a named one)."""
    return any(r.lower() in _TITLES for r in ctx.cdef(card).requirements)


def referendum_fails(ctx: Ctx, f) -> bool:
    """A card played in the polling step made this referendum fail whatever the votes (Confusion of the Eye [OBF]);
    asked by rules_politics.close."""
    st = ctx.st
    return bool(st.marks) and any(m[1] == FAILS and m[0] == ("referendum", f.actor, st.turn) for m in st.marks)


def _poison_pill(ctx: Ctx, f: ActionFrame) -> None:
    """Poison Pill: the pool its player lost through the passed referendum's effect (from the tally to the end of the
    action) is lost by the acting Methuselah too."""
    st = ctx.st
    key = ("poison pill", f.actor, st.turn)
    marks = [m for m in st.marks if len(m) == 4 and m[0] == key]
    if not marks:
        return
    st.marks = st.marks - set(marks)
    for _, seat, before, why in sorted(marks, key=repr):
        lost = before - st.seats[seat].pool
        if lost > 0 and not st.seats[f.seat].ousted:
            ctx.pool(f.seat, -lost, why)


def _rant_use(ctx: Ctx, cmd, iid: int) -> bool:
    """Rant!: in its referendum's polling step, a ready anarch of the player burns 1 blood for 1 vote (once each),
    cast with the card."""
    from vtes_desktop.engine.state import ReferendumFrame

    st = ctx.st
    ref = st.top
    if not isinstance(ref, ReferendumFrame) or not st.marks:
        return False
    key = ("referendum", ref.actor, st.turn)
    named = str(cmd.effect or "").strip().lower()
    em = next((m[2] for m in st.marks if m[0] == key and m[1] == EMISSARY), None)
    if em is not None and named in ("", "emissary") and ctx.is_vampire(st.cards[iid]) and \
            (ctx.sect(st.cards[iid]) or "").lower() == "camarilla":
        c = st.cards[iid]    # Emissary: an older Camarilla vampire locks to cancel the anarch's votes and ballots
        if c.region != "ready" or c.locked or (ctx.cdef(iid).capacity or 0) <= (ctx.cdef(em).capacity or 0):
            raise Illegal("use", f"Emissary: only a ready unlocked Camarilla vampire older than {ctx.name(em)} locks "
                                 "to cancel its votes")
        ctx.update(iid, locked=True)
        st.marks = st.marks - {(key, EMISSARY, em)}
        ctx.emit("locked", f"{ctx.name(iid)} locks (Emissary).", cards=(iid,))
        abstain(ctx, em, "Emissary")
        return True
    card, kind = next(((m[2], m[1]) for m in st.marks if m[0] == key and m[1] in (RANT, MOB)
                       and (not named or ctx.db[st.cards[m[2]].cid].name.lower() == named)), (None, None))
    if card is None:
        return False
    name = ctx.name(card)
    c = st.cards[iid]
    if kind == MOB:     # Mob Rule: 1 blood for 1 vote (2 above capacity 7), as often as the vampire can pay
        cap = ctx.cdef(iid).capacity or 0
        if ref.step != "polling" or not ctx.is_vampire(c) or c.region != "ready" or cap <= 4:
            raise Illegal("use", f"{name}: only a ready vampire with capacity above 4 burns blood for votes, in the "
                                 "polling step")
        if c.counters < 1:
            raise Illegal("cost", f"{ctx.name(iid)} has no blood to burn for {name}")
        n = 2 if cap > 7 else 1
        ctx.set_blood(iid, c.counters - 1)
        st.marks = st.marks | {(card, VOTED_BY, iid)}
        flow.set_top(ctx, ref._replace(gained=ref.gained + ((cmd.seat, card, n),)))
        ctx.emit("played", f"{ctx.name(iid)} burns 1 blood: {ctx.seat_name(cmd.seat)} gains {n} vote"
                           f"{'s' if n != 1 else ''} to cast ({name}).", cards=(iid,))
        return True
    if ref.step != "polling" or not ctx.is_vampire(c) or c.region != "ready" or \
            (ctx.sect(c) or "").lower() != "anarch":
        raise Illegal("use", f"{name}: only a ready anarch burns blood for a vote, in the polling step")
    if (key, "ranted", iid) in st.marks:
        raise Illegal("use", f"{name}: {ctx.name(iid)} has already burned blood for its vote")
    if c.counters < 1:
        raise Illegal("cost", f"{ctx.name(iid)} has no blood to burn for {name}")
    ctx.set_blood(iid, c.counters - 1)
    st.marks = st.marks | {(key, "ranted", iid), (card, VOTED_BY, iid)}
    flow.set_top(ctx, ref._replace(gained=ref.gained + ((cmd.seat, card, 1),)))
    ctx.emit("played", f"{ctx.name(iid)} burns 1 blood: {ctx.seat_name(cmd.seat)} gains 1 vote to cast ({name}).",
             cards=(iid,))
    return True


def tally_adjust(ctx: Ctx, f, yes: int, no: int) -> tuple[int, int]:
    """The votes for and against once cards played in the polling step have their say at the tally (rules_politics.
    close): Absolute Tyranny [POT][PRE] (each vampire that cast votes and does not follow the Path of Power and the
    Inner Voice counts 1 fewer), Unexpected Coalition (its votes count for nothing if a Brujah antitribu voted against
    the one that played it, or if that one abstained)."""
    st = ctx.st
    if not st.marks:
        return yes, no
    key = ("referendum", f.actor, st.turn)
    auto = {m for m in st.marks if m[0] == key and m[1] == AUTO_PASSED}
    if auto:    # Cryptic Rider, Malkavian Rider Clause: it passes whatever the votes
        st.marks = st.marks - auto
        yes = max(yes, no + 1)
    adj = sorted((m[2] for m in st.marks if m[0] == key and m[1] == ADJUST), key=repr)
    if not adj:
        return yes, no
    st.marks = st.marks - {m for m in st.marks if m[0] == key and m[1] == ADJUST}
    totals = {"for": yes, "against": no}
    sides = {sd: _voters(ctx, f, sd) for sd in ("for", "against")}
    entries = {"for": f.votes_for, "against": f.votes_against}
    for r, card, minion in adj:
        why = ctx.cdef(card).display
        if r == "tyranny":
            for sd in ("for", "against"):
                hit = {v for (_, v), x in zip(sides[sd], entries[sd]) if v is not None and x[2] > 0
                       and (ctx.cdef(v).path or "").lower() != "power and the inner voice"}
                if hit:
                    totals[sd] -= len(hit)
                    ctx.emit("tally", f"{why}: {', '.join(ctx.name(v) for v in sorted(hit))} "
                                      f"{'count' if len(hit) > 1 else 'counts'} 1 vote fewer.")
        else:
            mine = next((sd for sd in ("for", "against") if any(v == minion for _, v in sides[sd])), None)
            other = {"for": "against", "against": "for"}.get(mine or "", None)
            broken = mine is None or any(v is not None and "brujah antitribu" in {c.lower() for c in ctx.cdef(v).clans}
                                         for _, v in sides[other])
            if broken:
                for sd in ("for", "against"):
                    lost = sum(x[2] for x in entries[sd] if x[1] == why)
                    if lost:
                        totals[sd] -= lost
                        ctx.emit("tally", f"{why}: its {lost} vote{'s' if lost != 1 else ''} {sd} the referendum are not "
                                          "counted.")
    return max(0, totals["for"]), max(0, totals["against"])


def referendum_tallied(ctx: Ctx, f, passed: bool, yes: int, no: int) -> None:
    """The votes of referendum *f* are tallied (rules_politics.close): what the cards played in its polling step do
    then (Treachery, Elder Kindred Network, Cheval de Bataille, Scorn of Adonis, Bribes, Loyalist, Madrigal [MEL],
    Under the Skin [AUS][PRE])."""
    st = ctx.st
    if not st.marks:
        return
    key = ("referendum", f.actor, st.turn)
    _rider_tallied(ctx, key, passed)
    marks = [m for m in st.marks if m[0] == key and m[1] in (TALLY, LOCK_IF_PASSED)]
    if not marks:
        return
    st.marks = st.marks - set(marks)
    caller = st.cards[f.actor].controller if f.actor in st.cards else f.seat
    for m in sorted(marks, key=repr):
        if m[1] == LOCK_IF_PASSED:
            c = st.cards.get(m[2])
            if passed and c is not None and c.region == "ready" and not c.locked:
                ctx.update(m[2], locked=True)
                ctx.emit("locked", f"{ctx.name(m[2])} locks (Under the Skin).", cards=(m[2],))
            continue
        r, seat, minion, iid = m[2]
        why = ctx.cdef(iid).display if iid in st.cards else "a card"
        if r == "tally_caller_pool" and passed:
            ctx.pool(caller, -1, why)
        elif r == "tally_for_pool":
            for s_ in sorted({s for s, _ in _voters(ctx, f, "for")} - {caller}):
                ctx.pool(s_, -1, why)
        elif r == "tally_fail_caller" and not passed:
            ctx.pool(caller, -(1 + max(0, no - yes)), why)
        elif r == "tally_against_blood":
            for v in sorted({v for _, v in _voters(ctx, f, "against") if v is not None}):
                _burn_blood_or_life(ctx, v, 1, why)
        elif r == "tally_against_pool":
            for s_ in sorted({s for s, _ in _voters(ctx, f, "against")}):
                ctx.pool(s_, -1, why)
        elif r == "tally_bribes":
            pro = {s for s, _ in _voters(ctx, f, "for")} - {s for s, _ in _voters(ctx, f, "against")} - {seat}
            for s_ in sorted(pro):
                ctx.pool(s_, 1, why)
        elif r == "tally_rant_damage" and not passed:
            from vtes_desktop.engine import rules_combat

            a = st.cards.get(f.actor)
            if a is not None and a.region in ("ready", "torpor"):
                ctx.emit("damage", f"{ctx.name(f.actor)} takes 2 unpreventable damage ({why}).", cards=(f.actor,))
                rules_combat.inflict(ctx, f.actor, 2, 0)
        elif r == "tally_poison_pill" and passed:     # measured once the action is over (`after_action`)
            st.marks = st.marks | {(("poison pill", f.actor, st.turn), seat, st.seats[seat].pool, why)}
        elif r == "tally_loyalist" and not passed:
            a, me = st.cards.get(f.actor), st.cards.get(minion)
            if a is not None and me is not None and me.region in ("ready", "torpor") and \
                    (ctx.sect(a) or "").lower() == "sabbat" and a.counters > 0:
                n = min(2, a.counters)
                ctx.set_blood(f.actor, a.counters - n)
                ctx.set_blood(minion, me.counters + n)
                ctx.emit("moved_blood", f"{n} blood moves from {ctx.name(f.actor)} to {ctx.name(minion)} ({why}).",
                         cards=(f.actor, minion))
        elif r in ("tally_agree_gain", "tally_oppose_burn"):
            sides = {sd: {v for _, v in _voters(ctx, f, sd) if v is not None} for sd in ("for", "against")}
            mine = next((sd for sd in ("for", "against") if minion in sides[sd]), None)
            if mine is None:
                continue
            other = "against" if mine == "for" else "for"
            if r == "tally_agree_gain":
                for v in sorted(sides[mine] - {minion}):
                    c = st.cards[v]
                    if c.region in ("ready", "torpor"):
                        ctx.set_blood(v, c.counters + 1)
                        ctx.emit("gained_blood", f"{ctx.name(v)} gains 1 blood ({why}).", cards=(v,))
            else:
                for v in sorted(sides[other]):
                    _burn_blood_or_life(ctx, v, 1, why)


def _unlocks_actor(e) -> bool:
    return e.kind == "unlock" and not e.get("frame") and (e.target or "").lower() in ("the acting vampire",
                                                                                       "the acting minion")


def _discard_down(ctx: Ctx, seat: int) -> None:
    """Over hand size after a card came back: the owner chooses what to discard (a manual discard)."""
    from vtes_desktop.engine.rules_turn import hand_size
    from vtes_desktop.engine.state import ManualFrame

    over = len(ctx.st.region(seat, "hand")) - hand_size(ctx, seat)
    if over > 0:
        top = ctx.st.top
        imp = top.imp if top is not None and hasattr(top, "imp") else None
        if imp is not None:
            flow.push(ctx, ManualFrame(imp=imp._replace(at=0, passes=0),
                                       what=f"{ctx.seat_name(seat)} discarding down to hand size ({over} card"
                                            f"{'s' if over > 1 else ''})"))
        ctx.emit("discard_down", f"{ctx.seat_name(seat)} discards {over} card{'s' if over > 1 else ''} of their choice "
                                 "to get back to hand size.")


# -- hooks ----------------------------------------------------------------------------------------------

def block_refusal(ctx: Ctx, f: ActionFrame, m: int, seat: int) -> str | None:
    """Why *m* cannot attempt to block this action because of a card played on it, or None."""
    if has(f, "no_block", m):
        return f"{ctx.name(m)} cannot attempt to block this action"
    if has(f, "no_block_young") and ("Ally" in ctx.cdef(m).types or (
            ctx.is_vampire(ctx.st.cards[m]) and (ctx.cdef(m).capacity or 0) < (ctx.cdef(f.actor).capacity or 0))):
        return "allies and younger vampires cannot block this action"     # Neutral Guard [OBE]
    if has(f, "no_block_allies_nonzombie") and "Ally" in ctx.cdef(m).types and \
            not re.match(r"(?i)\s*zombie\b", ctx.cdef(m).text or ""):
        return "non-zombie allies cannot block this action"     # Force of Personality
    if any(x.kind == "no_block_seat" and x.amount == seat for x in f.mods):     # Crocodile's Tongue
        return f"{ctx.seat_name(seat)}'s minions cannot attempt to block this action again"
    if has(f, "no_block_vampires") and ctx.is_vampire(ctx.st.cards[m]):
        return "vampires cannot block this action"
    if has(f, "no_block_allies") and "Ally" in ctx.cdef(m).types:
        return "allies cannot block this action"
    if has(f, "unblockable"):
        return "this action is unblockable"
    why = clan_block_refusal(ctx, f, m)   # Clan Loyalty
    if why:
        return why
    for mod in f.mods:
        if mod.kind.startswith("no_block_small:") and ctx.is_vampire(ctx.st.cards[m]) and \
                (ctx.cdef(m).capacity or 0) < int(mod.kind.split(":")[1]) and "infernal" not in ctx.rules(m).traits:
            return f"non-infernal vampires with capacity less than {mod.kind.split(':')[1]} cannot block this action"
    if seat not in f.blockers:
        return f"{ctx.seat_name(seat)} may not block this action"
    if seat in f.declined:
        return f"{ctx.seat_name(seat)} has declined to block this action"
    return None


def attempt_failed(ctx: Ctx, m: int) -> None:
    """A block attempt by *m* failed: under Faceless Night it locks before the action resolves; after Familial Bond
    the acting minion may make the action fail (`use`)."""
    f = _top(ctx)
    if has(f, "fail_lock") and not has(f, "failed", m):
        _add(ctx, Mod("failed", 0, m, None))
    fb = next((x for x in f.mods if x.kind == "fb_fail" and x.minion == m), None)
    if fb is not None:
        _add(ctx, Mod("later:fb_fail", 1, f.actor, fb.card, fb.cid))
        ctx.emit("note", f"{ctx.name(f.actor)} may choose to make the action fail ({ctx.db[fb.cid].display}).",
                 cards=(f.actor,))


def before_resolution(ctx: Ctx, f: ActionFrame, blocker: int | None) -> ActionFrame | None:
    """The action begins to resolve (successfully, or blocked by *blocker*): the frame to resolve, or None when a
    card made the action unsuccessful instead (Spying Mission)."""
    _before(ctx, f, blocker)
    if blocker is not None:
        return f
    if _unpaid_fails(ctx, f):    # Detect Authority, Scobax: the acting minion did not burn the blood
        return None
    return _spying(ctx, f)


def _spying(ctx: Ctx, f: ActionFrame) -> ActionFrame | None:
    st = ctx.st
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "bleed":
        return f
    sm = next((m for m in f.mods if m.kind == "spying"), None)
    if sm is not None:
        # "Instead, the bleed burns no pool, is unsuccessful, and this card is put on this vampire"
        if f.card is not None and st.cards[f.card].region == "aside":
            ctx.move(f.card, "ash_heap")
        if st.cards[sm.card].region in ("ash_heap", "hand") and st.cards[f.actor].region == "ready":
            ctx.move(sm.card, "attached", host=f.actor, counters=f.target_seat + 1)
        top = st.top
        flow.set_top(ctx, top._replace(stage="resolution", outcome="unsuccessful",
                                       imp=top.imp._replace(at=0, passes=0)))
        ctx.emit("unsuccessful", f"{ctx.db[sm.cid].display}: the bleed burns no pool and is unsuccessful; the card "
                                 f"goes on {ctx.name(f.actor)}.", cards=(f.actor,))
        return None
    for a in st.attached.get(f.actor, ()):
        c = st.cards[a]
        if ctx.cdef(a).name == "Spying Mission" and c.counters == f.target_seat + 1:
            # "The next time this vampire is about to successfully bleed the same Methuselah": +2 bleed
            ctx.burn(a, "Spying Mission is used")
            f = f._replace(mods=f.mods + (Mod("bleed", 2, f.actor, a, c.cid),))
            flow.set_top(ctx, f)
            ctx.emit("modifier", f"Spying Mission: {ctx.name(f.actor)} gets +2 bleed.", cards=(f.actor,))
            break
    return f


def _before(ctx: Ctx, f: ActionFrame, blocker: int | None) -> None:
    for mod in f.mods:
        if mod.kind == "failed" and mod.minion != blocker:
            c = ctx.st.cards.get(mod.minion)
            if c is not None and c.region == "ready" and not c.locked:
                ctx.update(mod.minion, locked=True)
                ctx.emit("locked", f"{ctx.name(mod.minion)} failed to block and locks.", cards=(mod.minion,))
        elif mod.kind == "burn_unless_block" and mod.minion != blocker:
            c = ctx.st.cards.get(mod.minion)
            if c is not None and c.region in ("ready", "torpor") and c.counters:
                ctx.set_blood(mod.minion, max(0, c.counters - mod.amount))
                ctx.emit("burned_blood", f"{ctx.name(mod.minion)} did not block and burns {mod.amount} blood.",
                         cards=(mod.minion,))


def block_succeeds(ctx: Ctx, f: ActionFrame) -> bool:
    """The block attempt succeeds: True when a card ends the action instead (Mirror Walk), before the block
    resolves; otherwise the "before resolution" effects happen and the caller resolves the block."""
    if _twej_block(ctx, f):     # Those Who Endure Judge: a younger blocker without blood
        return True
    f = _top(ctx)
    for mod in f.mods:
        if mod.kind == "blocked_burn" and f.blocker is not None:     # Burning Touch [val]
            _burn_blood_or_life(ctx, f.blocker, mod.amount, ctx.db[mod.cid].display)
    mw = next((m for m in f.mods if m.kind == "end_if_blocked"), None)
    if mw is not None:
        ctx.update(f.blocker, locked=True)
        ctx.emit("locked", f"{ctx.name(f.blocker)} locks.", cards=(f.blocker,))
        if f.card is not None and ctx.st.cards[f.card].region == "aside":
            ctx.move(f.card, "ash_heap")
        flow.set_top(ctx, f._replace(stage="resolution", outcome="unsuccessful", blocker=None, mods=(),
                                     imp=f.imp._replace(at=0, passes=0)))
        ctx.emit("ended", f"The action ends unsuccessfully ({ctx.db[mw.cid].display}).", cards=(f.actor,))
        return True
    _before(ctx, f, f.blocker)
    return False


def combat_grants(f: ActionFrame) -> tuple:
    """Maneuvers and presses granted in the combat that follows the block, to the blocker that earned them."""
    out = tuple((m.minion, m.kind[6:], m.amount) for m in f.mods
                if m.kind in ("grant_maneuver", "grant_press") and m.minion == f.blocker)
    return out + tuple((m.minion, "maneuver", m.amount) for m in f.mods
                       if m.kind == "grant_maneuver_actor" and m.minion == f.actor) \
        + tuple((m.minion, "maneuver_long", m.amount) for m in f.mods
                if m.kind == "grant_maneuver_long_actor" and m.minion == f.actor) \
        + tuple((m.minion, "maneuver_or_press", m.amount) for m in f.mods      # Mind Tricks, Eyes of the Night
                if (m.kind == "grant_either_actor" and m.minion == f.actor)
                or (m.kind == "grant_either" and m.minion == f.blocker))


def blocker_locks(f: ActionFrame) -> bool:
    """Whether the blocker locks as the block succeeds (not under Read the Winds)."""
    return not has(f, "no_lock_block", f.blocker)


def after_action(ctx: Ctx, f: ActionFrame) -> None:
    """The action is over: effects that come after its resolution."""
    if f.kind == "political" and ctx.st.marks:
        _poison_pill(ctx, f)
    for mod in f.mods:
        if mod.kind == "remove_crypt_top":
            if f.outcome == "successful" and f.target_seat is not None:
                crypt = ctx.st.region(f.target_seat, "crypt")
                if crypt:
                    ctx.move(crypt[0], "removed")
                    ctx.emit("removed", f"The top card of {ctx.seat_name(f.target_seat)}'s crypt is removed from the "
                                        f"game ({ctx.db[mod.cid].display}).")
            continue
        if mod.kind == "ecstasy" and f.outcome == "successful" and f.kind in ("bleed", "card"):
            from vtes_desktop.engine.rules_action import bleed_amount

            kind = f.kind if f.kind != "card" else (f.effect or "card")
            a = ctx.st.cards.get(f.actor)
            if kind == "bleed" and bleed_amount(ctx, f) <= 0 and a is not None and a.counters > 0 \
                    and a.region in ("ready", "torpor"):
                ctx.update(f.actor, counters=a.counters - 1)
                ctx.emit("burned_blood", f"{ctx.name(f.actor)} burns 1 {'blood' if ctx.is_vampire(a) else 'life'} "
                                         f"({ctx.db[mod.cid].display}).", cards=(f.actor,))
                if not ctx.is_vampire(a) and a.counters - 1 <= 0:
                    ctx.burn(f.actor, "no life left")
            continue
        if mod.kind in ("corrupt_after", "corrupt_unlock"):    # Weigh the Heart, Revelation of the Serpent
            _corruption_after(ctx, f, mod)
            continue
        if mod.kind == "unlock_end_if_blocks":     # Strix [str]
            c = ctx.st.cards.get(mod.minion)
            if f.outcome == "blocked" and f.blocker == mod.minion and c is not None and c.region == "ready" and c.locked:
                ctx.update(mod.minion, locked=False)
                ctx.emit("unlocked", f"{ctx.name(mod.minion)} unlocks ({ctx.db[mod.cid].display}).", cards=(mod.minion,))
            continue
        if mod.kind == "lock_after_success":     # Phantom Speaker [MEL]
            c = ctx.st.cards.get(mod.minion)
            if f.outcome == "successful" and c is not None and c.region == "ready" and not c.locked:
                ctx.update(mod.minion, locked=True)
                ctx.emit("locked", f"{ctx.name(mod.minion)} locks ({ctx.db[mod.cid].display}).", cards=(mod.minion,))
            continue
        if mod.kind == "combat_after":     # Siren's Lure, Hedonism: the queued combat
            from vtes_desktop.engine import rules_combat

            if mod.minion in ctx.st.cards and mod.amount in ctx.st.cards:
                rules_combat.start(ctx, mod.minion, mod.amount)
            continue
        if mod.kind == "unlock_ally_after":     # Gifts From Hereafter [DOM][OBL]
            a, p = ctx.st.cards.get(f.actor), ctx.st.cards.get(mod.minion)
            if a is not None and p is not None and a.region == "ready" and a.locked and p.region == "ready" and \
                    p.counters >= mod.amount:
                ctx.set_blood(mod.minion, p.counters - mod.amount)
                ctx.update(f.actor, locked=False)
                ctx.emit("unlocked", f"{ctx.name(mod.minion)} burns {mod.amount} blood: {ctx.name(f.actor)} unlocks "
                                     f"({ctx.db[mod.cid].display}).", cards=(f.actor, mod.minion))
            continue
        if mod.kind == "unlock_after_success" and f.outcome == "successful":
            c = ctx.st.cards.get(mod.minion)
            if c is not None and c.region == "ready" and c.locked and c.counters >= mod.amount:
                ctx.set_blood(mod.minion, c.counters - mod.amount)
                ctx.update(mod.minion, locked=False)
                ctx.emit("unlocked", f"{ctx.name(mod.minion)} {'burns 1 blood and ' if mod.amount else ''}unlocks.",
                         cards=(mod.minion,))
            continue
        c = ctx.st.cards.get(mod.minion) if mod.minion is not None else None
        if c is None or c.region != "ready":
            continue
        if mod.kind == "lock_unless_blocks":
            if not (f.outcome == "blocked" and f.blocker == mod.minion) and not c.locked:
                ctx.update(mod.minion, locked=True)
                ctx.emit("locked", f"{ctx.name(mod.minion)} did not block and locks ({ctx.db[mod.cid].display}).",
                         cards=(mod.minion,))
        elif mod.kind == "damage_after":
            from vtes_desktop.engine import rules_combat

            ctx.emit("damage", f"{ctx.name(mod.minion)} takes {mod.amount} unpreventable damage "
                               f"({ctx.db[mod.cid].display}).", cards=(mod.minion,))
            rules_combat.inflict(ctx, mod.minion, mod.amount, 0)
        elif mod.kind == "torpor_after":
            ctx.move(mod.minion, "torpor", seat=c.controller, counters=c.counters, locked=c.locked, wounded=False)
            ctx.emit("torpor", f"{ctx.name(mod.minion)} goes to torpor.", cards=(mod.minion,))
        elif mod.kind == "aggravated_after":
            from vtes_desktop.engine import rules_combat

            ctx.emit("damage", f"{ctx.name(mod.minion)} takes {mod.amount} unpreventable aggravated damage.",
                     cards=(mod.minion,))
            rules_combat.inflict(ctx, mod.minion, 0, mod.amount)




# -- corruption counters (shared with the action-card family) ------------------------------------------------------
#
# A Methuselah's corruption counters on a minion are kept in `State.marks` as one record per (minion, Methuselah):
# `(minion iid, CORRUPTION, (seat, n))`. They count only while the minion is in play (ready or torpor); a minion
# that leaves play loses them. Use `corruption` to read, `put_corruption` and `burn_corruption` to change them.

#: st.marks key of a Methuselah's corruption counters on a minion: (minion, CORRUPTION, (seat, n))
CORRUPTION = "corruption counters"


def corruption(ctx: Ctx, minion: int, seat: int | None = None) -> int:
    """The corruption counters on *minion* put by the Methuselah *seat* (all of them with None)."""
    st = ctx.st
    if not st.marks:
        return 0
    c = st.cards.get(minion)
    if c is None or c.region not in ("ready", "torpor"):
        return 0
    return sum(m[2][1] for m in st.marks if len(m) == 3 and m[0] == minion and m[1] == CORRUPTION
               and (seat is None or m[2][0] == seat))


def _set_corruption(ctx: Ctx, minion: int, seat: int, n: int) -> None:
    st = ctx.st
    old = frozenset(m for m in st.marks if len(m) == 3 and m[0] == minion and m[1] == CORRUPTION and m[2][0] == seat)
    st.marks = (st.marks - old) | ({(minion, CORRUPTION, (seat, n))} if n > 0 else frozenset())


def put_corruption(ctx: Ctx, minion: int, seat: int, n: int = 1, why: str = "") -> None:
    """*seat* puts *n* corruption counters on *minion* (a minion in play)."""
    c = ctx.st.cards[minion]
    if not ctx.is_minion(c) or c.region not in ("ready", "torpor"):
        raise Illegal("target", f"{why}: corruption counters go on a minion in play")
    total = corruption(ctx, minion, seat) + n
    _set_corruption(ctx, minion, seat, total)
    ctx.emit("counters", f"{ctx.seat_name(seat)} puts {n} corruption counter{'s' if n != 1 else ''} on "
                         f"{ctx.name(minion)} ({why}; {total} now).", cards=(minion,))


def burn_corruption(ctx: Ctx, minion: int, seat: int, n: int, why: str) -> None:
    """*seat* burns *n* of its corruption counters from *minion*; refused when it has fewer there."""
    have = corruption(ctx, minion, seat)
    if have < n:
        raise Illegal("cost", f"{why}: {ctx.name(minion)} has {have} of {ctx.seat_name(seat)}'s corruption counters, "
                              f"{n} needed")
    _set_corruption(ctx, minion, seat, have - n)
    ctx.emit("counters", f"{ctx.seat_name(seat)} burns {n} corruption counter{'s' if n != 1 else ''} from "
                         f"{ctx.name(minion)} ({why}).", cards=(minion,))


def _of_target(ctx: Ctx, cmd: C.Play, rules: CardRules, f: ActionFrame) -> int:
    """The minion named as the play's target, controlled by the Methuselah the action is directed at."""
    t = _chosen(ctx, cmd, rules)
    seat = f.target_seat if f.target_seat is not None else (
        ctx.st.cards[f.target_card].controller if f.target_card is not None else None)
    if seat is None or ctx.st.cards[t].controller != seat:
        raise Illegal("target", f"{rules.name}: choose a minion controlled by the Methuselah this action is directed at")
    return t


def _corrupted_minus_intercept(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    _add(ctx, Mod("icls:corrupted", -1, None, iid, rules.card_id))
    ctx.emit("modifier", f"{rules.name}: minions with corruption counters get -1 intercept this action.")


def _corrupt_after_success(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Weigh the Heart: the minion is named as the play's target (controlled by the action's target Methuselah);
    the counter goes on it once the action has succeeded (`after_action`)."""
    f = _top(ctx)
    t = _of_target(ctx, cmd, rules, f)
    _add(ctx, Mod("corrupt_after", cmd.seat, t, iid, rules.card_id))


def _corruption_for_bleed(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Revelation of Desire [SER]: one of the player's counters burned from a minion of the bled Methuselah (the
    play's target) for +3 bleed (limited)."""
    f = _top(ctx)
    if any(m.limited for m in f.mods if m.card != iid):
        raise Illegal("limited", f"{rules.name} is (limited): the bleed is already increased by a (limited) modifier "
                                 "this action")
    t = _of_target(ctx, cmd, rules, f)
    burn_corruption(ctx, t, cmd.seat, 1, rules.name)
    _add(ctx, Mod("bleed", 3, minion, iid, rules.card_id, limited=True))
    ctx.emit("modifier", f"{rules.name}: +3 bleed.", cards=(minion,))


def _corruption_unlock(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Revelation of the Serpent [PRE]: the player chooses to use it by naming, as the play's target, the minion of
    the bled Methuselah whose 2 counters are burned; done once the bleed has succeeded (`after_action`)."""
    if cmd.target is None:
        return      # the option is not taken
    f = _top(ctx)
    t = _of_target(ctx, cmd, rules, f)
    if corruption(ctx, t, cmd.seat) < 2:
        raise Illegal("cost", f"{rules.name}: {ctx.name(t)} has fewer than 2 of your corruption counters")
    _add(ctx, Mod("corrupt_unlock", cmd.seat, t, iid, rules.card_id))


def _corruption_after(ctx: Ctx, f: ActionFrame, mod: Mod) -> None:
    """The after-action part of Weigh the Heart and Revelation of the Serpent (`after_action`)."""
    if f.outcome != "successful" or mod.minion not in ctx.st.cards:
        return
    name = ctx.db[mod.cid].display
    if mod.kind == "corrupt_after":
        c = ctx.st.cards[mod.minion]
        if c.region in ("ready", "torpor"):
            put_corruption(ctx, mod.minion, mod.amount, 1, name)
        return
    a = ctx.st.cards.get(f.actor)
    if a is None or a.region != "ready" or not a.locked or corruption(ctx, mod.minion, mod.amount) < 2:
        return
    burn_corruption(ctx, mod.minion, mod.amount, 2, name)
    ctx.update(f.actor, locked=False)
    ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks ({name}).", cards=(f.actor,))


def _gaze_use(ctx: Ctx, f: ActionFrame, mod: Mod, iid: int) -> bool:
    """Enchanting Gaze [PRE]: once this action, the player burns 1 of its counters from the minion attempting to
    block: the attempt fails and that minion cannot attempt to block this action again (a use naming the acting
    vampire)."""
    name = ctx.db[mod.cid].display
    b = f.blocker
    if f.stage != "attempt" or b is None:
        raise Illegal("timing", f"{name}: only while a minion is attempting to block")
    seat = ctx.st.cards[iid].controller
    burn_corruption(ctx, b, seat, 1, name)
    flow.set_top(ctx, f._replace(mods=tuple(m._replace(amount=0) if m is mod else m for m in f.mods)))
    fr = ctx.rules(mod.card)
    fail_attempt(ctx, fr, b, bar=True)
    return True


_HANDLERS.update({"corrupted_minus_intercept": _corrupted_minus_intercept,
                  "corrupt_after_success": _corrupt_after_success, "corruption_for_bleed": _corruption_for_bleed,
                  "corruption_unlock": _corruption_unlock, "corruption_block_fails": _later})


def steal_minion(ctx: Ctx, who: int, seat: int, why: str) -> None:
    """*seat* takes control of the minion *who* where it is (ready or torpor), with its counters, lock state and
    the cards on it."""
    from vtes_desktop.engine.effects_actioncard import _retag_attached
    from vtes_desktop.engine.rules_turn import _check_contest

    c = ctx.st.cards[who]
    old = ctx.seat_name(c.controller)
    ctx.move(who, c.region, seat=seat, counters=c.counters, locked=c.locked, level=c.level, arrived=c.arrived)
    _retag_attached(ctx, who, seat)
    ctx.emit("stolen", f"{ctx.seat_name(seat)} takes control of {ctx.name(who)} from {old} ({why}).", cards=(who,))
    _check_contest(ctx, who)


def corruption_threshold(ctx: Ctx, who: int) -> int:
    """A minion's capacity (vampire) or cost (ally: its pool or blood cost), which corruption counters must reach."""
    d = ctx.cdef(who)
    if ctx.is_vampire(ctx.st.cards[who]):
        return d.capacity or 0
    return max(d.pool_cost or 0, d.blood_cost or 0)


def _corrupt_blocker(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    f = _top(ctx)
    if f.blocker is None:
        raise Illegal("timing", f"{rules.name}: no minion is blocking")
    put_corruption(ctx, f.blocker, cmd.seat, 1, rules.name)


def _corrupt_actor(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    put_corruption(ctx, _top(ctx).actor, cmd.seat, 1, rules.name)


def _corrupt_steal(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Venenation, Revelation of Despair [SER]: with `choice: steal`, the player burns all its corruption counters on
    the blocking (acting) minion, once they reach its capacity or cost, to take control of it; Venenation's combat
    does not occur (`no_combat`), the action is still blocked and the blocker locks (ANK 20181003, 20220127)."""
    if str(cmd.choice or "").strip().lower() != "steal":
        return
    f = _top(ctx)
    who = f.blocker if "blocking minion" in e.text.lower() else f.actor
    n = corruption(ctx, who, cmd.seat)
    need = corruption_threshold(ctx, who)
    if n < need or n == 0:
        raise Illegal("cost", f"{rules.name}: {ctx.name(who)} has {n} of your corruption counters; "
                              f"stealing needs {need}")
    burn_corruption(ctx, who, cmd.seat, n, rules.name)
    steal_minion(ctx, who, cmd.seat, rules.name)
    if "combat does not occur" in e.text.lower():
        _add(ctx, Mod("stolen_no_combat", 0, who, iid, rules.card_id))


_HANDLERS.update({"corrupt_blocker": _corrupt_blocker, "corrupt_actor": _corrupt_actor,
                  "corrupt_steal": _corrupt_steal, "actor_burns_one": _actor_burns_blood_or_life,
                  "level_cost_less": _nothing})


def _hunt_extra_blood(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Wanderer's Counsel [ACTION MODIFIER]: in this vampire's hunt, 1 more blood if it succeeds (+1 hunt)."""
    f = _top(ctx)
    kind = f.kind if f.kind != "card" else (f.effect or "card")
    if kind != "hunt" or f.actor != minion:
        raise Illegal("timing", f"{rules.name}: only usable when this vampire hunts")
    _add(ctx, Mod("hunt", 1, minion, iid, rules.card_id))
    ctx.emit("modifier", f"{rules.name}: {ctx.name(minion)} gains 1 more blood if the hunt succeeds.", cards=(minion,))


_HANDLERS["hunt_extra_blood"] = _hunt_extra_blood


def fitting_modes(ctx: Ctx, modes: list) -> list:
    """Two texts of one card type without a level (Wanderer's Counsel): those of the moment first - a referendum's
    polling step, or an action - so a play that names no level means the one usable now."""
    from vtes_desktop.engine.state import ReferendumFrame

    in_ref = isinstance(ctx.st.top, ReferendumFrame)
    fit = [m for m in modes if any(("referendum" in o or "polling" in o) for o in m.only) == in_ref]
    return fit + [m for m in modes if m not in fit]


def _pseudo_blind(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Pseudo-Blindness [CHI]: if this vampire blocks, the acting minion plays no card requiring Chimerstry or
    Obfuscate in the resulting combat (`combat_marks`, `combat_card_refusal`)."""
    _add(ctx, Mod("pseudo_blind", 0, minion, iid, rules.card_id))


_HANDLERS["pseudo_blind"] = _pseudo_blind


def combat_card_refusal(ctx: Ctx, used: frozenset, m: int, rules: CardRules) -> str | None:
    """Why minion *m* cannot play this combat card because of a card played on the action (Pseudo-Blindness)."""
    for u in used:
        if isinstance(u, tuple) and len(u) == 4 and u[0] == "no_discs" and u[1] == m and \
                {d.lower() for d in rules.disciplines} & set(u[2]):
            return f"{ctx.name(m)} cannot use cards requiring {' or '.join(u[2])} this combat ({ctx.db[u[3]].display})"
    return None


#: st.marks: (("seat", seat), AUTO_PASS, turn or None) - the next referendum a vampire of that Methuselah calls (that
#: turn, or any time with None) passes on its own; (("referendum", actor, turn), AUTO_PASSED, seat) - this one does;
#: (("referendum", actor, turn), RIDER, seat) - Malkavian Rider Clause played in it
AUTO_PASS = "next referendum passes"
AUTO_PASSED = "referendum passes automatically"
RIDER = "rider clause"


def _auto_pass_this_turn(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Cryptic Rider: the player's next referendum this turn passes on its own (`referendum_started`)."""
    ctx.st.marks = ctx.st.marks | {(("seat", cmd.seat), AUTO_PASS, ctx.st.turn)}
    ctx.emit("played", f"{rules.name}: the next referendum a vampire of {ctx.seat_name(cmd.seat)} calls this turn "
                       "passes automatically.", cards=(minion,))


_HANDLERS.update({"auto_pass_this_turn": _auto_pass_this_turn, "auto_pass_if_passes": _nothing})


def _rider_tallied(ctx: Ctx, key: tuple, passed: bool) -> None:
    st = ctx.st
    riders = {m for m in st.marks if m[0] == key and m[1] == RIDER}
    if not riders:
        return
    st.marks = st.marks - riders
    if passed:
        for _, _, seat in sorted(riders, key=repr):
            st.marks = st.marks | {(("seat", seat), AUTO_PASS, None)}
            ctx.emit("note", f"Malkavian Rider Clause: the next referendum a vampire of {ctx.seat_name(seat)} calls "
                             "passes automatically.")


def _auto_pass(ctx: Ctx, ref) -> bool:
    """A referendum called by a vampire of a Methuselah owed an automatic pass (not a blood hunt): it passes on its
    own - at once when it has no terms to choose (no polling step), else once the terms are chosen, whatever the
    votes (`tally_adjust`). True when it is already over."""
    st = ctx.st
    if ref.terms == "blood hunt" or ref.actor not in st.cards:
        return False
    seat = st.cards[ref.actor].controller
    owed = sorted((m for m in st.marks if m[0] == ("seat", seat) and m[1] == AUTO_PASS
                   and m[2] in (None, st.turn)), key=lambda m: (m[2] is None, repr(m)))
    if not owed:
        return False
    st.marks = (st.marks - {owed[0]}) | {(("referendum", ref.actor, st.turn), AUTO_PASSED, seat)}
    ctx.emit("note", f"The referendum passes automatically ({ctx.seat_name(seat)}'s rider).")
    if ref.step != "polling":
        return False
    from vtes_desktop.engine import rules_politics

    rules_politics.close(ctx, ref)
    return True


#: st.marks: (("referendum", actor, turn), DISARM, (seat, spare)) - Disarming Presence played by *seat* in that
#: referendum: each vampire that votes locks (not *seat*'s own with *spare*, at superior)
DISARM = "voters lock"


def _disarm(ctx: Ctx, ref, seat: int, minion: int, rules: CardRules, *, spare: bool) -> None:
    st = ctx.st
    st.marks = st.marks | {(("referendum", ref.actor, st.turn), DISARM, (seat, spare))}
    ctx.emit("played", f"{ctx.name(minion)} plays {rules.name}: each vampire that votes in this referendum locks"
                       + (f", but not those of {ctx.seat_name(seat)}." if spare else "."), cards=(minion,))


def _disarming_superior(ctx: Ctx, cmd: C.Play, minion: int, mode: Mode, rules: CardRules) -> bool:
    """Disarming Presence [PRE] ("as above, but do not lock your vampires"): its mode has no clause of its own."""
    from vtes_desktop.engine.state import ReferendumFrame

    ref = ctx.st.top
    if not (mode.level == "PRE" and isinstance(ref, ReferendumFrame) and any(
            auto_action.reading(e, rules.types) == "disarming" for md in rules.modes for e in md.effects)):
        return False
    _disarm(ctx, ref, cmd.seat, minion, rules, spare=True)
    return True


def voted(ctx: Ctx, src) -> None:
    """A vote was just cast with *src* (rules_politics.vote): a vampire voting under Disarming Presence locks."""
    st = ctx.st
    ref = st.top
    if not isinstance(src, int) or src not in st.cards or not hasattr(ref, "votes_for"):
        return
    key = ("referendum", ref.actor, st.turn)
    marks = [m for m in st.marks if m[0] == key and m[1] == DISARM]
    c = st.cards[src]
    if not marks or not ctx.is_vampire(c) or c.region != "ready" or c.locked:
        return
    if all(spare and c.controller == seat for seat, spare in (m[2] for m in marks)):
        return
    ctx.update(src, locked=True)
    ctx.emit("locked", f"{ctx.name(src)} votes and locks (Disarming Presence).", cards=(src,))


def _resonance(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """False Resonance [CHI]: +1 stealth (when needed), and once this action a use naming this vampire (effect: the
    card) right after a reaction is played: this vampire burns 1 blood to cancel it as the [chi] text does."""
    from vtes_desktop.engine.rules_action import intercept, stealth

    f = _top(ctx)
    if f.stage != "attempt" or f.blocker is None:
        raise Illegal("stealth", "stealth can only be added while the action is being blocked")
    if stealth(ctx, f) > intercept(ctx, f, f.blocker):
        raise Illegal("stealth", "stealth can be added only when needed")
    _add(ctx, Mod("stealth", 1, minion, iid, rules.card_id), Mod("later:resonance", 1, minion, iid, rules.card_id))
    ctx.emit("modifier", f"{ctx.name(minion)} gets +1 stealth ({rules.name}); once this action it can burn 1 blood to "
                         "cancel a reaction requiring Auspex or Dementation as it is played.", cards=(minion,))


def _resonance_use(ctx: Ctx, cmd, mod: Mod, iid: int) -> bool:
    from vtes_desktop.engine.rules_action import reserved_blood

    rules = ctx.rules(mod.card)
    name = rules.name
    if ctx.st.as_played is None:
        raise Illegal("timing", f"{name} cancels a reaction as it is played: no card has just been played")
    if ctx.st.cards[iid].counters - reserved_blood(ctx, iid) < 1:
        raise Illegal("cost", f"{ctx.name(iid)} has no blood to burn for {name}")
    chi = next(m for m in rules.modes if m.level == "chi")
    e = next(x for x in chi.effects if auto_action.reading(x, rules.types) == "cancel_played")
    _cancel_played(ctx, cmd, iid, chi, rules, e, mod.card, None, own_cost=(0, 1))
    f = ctx.st.top
    if isinstance(f, ActionFrame):
        flow.set_top(ctx, f._replace(mods=tuple(m._replace(amount=0) if m.kind == mod.kind and m.card == mod.card
                                                else m for m in f.mods)))
    return True


_HANDLERS["resonance"] = _resonance


def _coin_flip(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Walk through Arcadia: a coin flipped from the game's random source; heads, the action is unblockable; tails,
    this vampire takes 1 unpreventable damage."""
    from vtes_desktop.engine import rules_combat

    _top(ctx)
    heads = ctx.rng().random() < 0.5
    ctx.emit("coin", f"{rules.name}: the coin shows {'heads' if heads else 'tails'}.", cards=(minion,))
    if heads:
        _unblockable(ctx, cmd, minion, mode, rules, e, iid, blocker)
    else:
        ctx.emit("damage", f"{ctx.name(minion)} takes 1 unpreventable damage ({rules.name}).", cards=(minion,))
        rules_combat.inflict(ctx, minion, 1, 0)


_HANDLERS.update({"coin_flip": _coin_flip, "coin_heads_unblockable": _nothing, "coin_tails_damage": _nothing})


def combined_mode(rules: CardRules, level: str | None) -> Mode | None:
    """"More than one Discipline can be used to play this card" (Memory Rift, Ni Dieu ni Maître): a level naming
    several texts joined by "+" ("dem+obf") plays them together, each Discipline required (the first is the mode's
    level, all are its `disciplines`); None when the level is not such a combination of this card."""
    import dataclasses

    if not level or "+" not in level or not any(
            auto_action.reading(e, rules.types) == "multi_discipline" for m in rules.modes for e in m.effects):
        return None
    parts = [p.strip() for p in level.split("+") if p.strip()]
    modes = []
    for p in parts:
        ms = rules.modes_for(p)
        if not ms or p in [m.level for m in modes]:
            return None
        modes.append(ms[0])
    effects, seen = [], False
    for m in modes:
        for e in m.effects:
            multi = auto_action.reading(e, rules.types) == "multi_discipline"
            if not (multi and seen):
                effects.append(e)
            seen = seen or multi
    first = modes[0]
    nums = {k: sum(getattr(m, k) for m in modes) for k in ("stealth", "intercept", "bleed", "hunt", "strength", "votes")}
    return dataclasses.replace(
        first, text="\n".join(m.text for m in modes), disciplines=tuple(dict.fromkeys(
            d for m in modes for d in (m.disciplines or (m.level,)))), effects=tuple(effects),
        only=tuple(dict.fromkeys(o for m in modes for o in m.only)),
        windows=tuple(dict.fromkeys(w for m in modes for w in m.windows)),
        manual=tuple(x for m in modes for x in m.manual), limited=any(m.limited for m in modes), **nums)


def _choose_titled_or_younger(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Memory Rift [dem]: the chosen vampire (the play's target) is titled or younger than this Anarch."""
    t = _chosen(ctx, cmd, rules)
    c = ctx.st.cards[t]
    if not ctx.is_vampire(c) or not (ctx.title(c) or (ctx.cdef(t).capacity or 0) < (ctx.cdef(minion).capacity or 0)):
        raise Illegal("target", f"{rules.name}: choose a titled vampire or one younger than {ctx.name(minion)}")
    f = _top(ctx)
    if not any(m.kind == "chosen" and m.card == iid for m in f.mods):
        _add(ctx, Mod("chosen", 0, t, iid, rules.card_id))
        ctx.emit("chosen", f"{rules.name}: {ctx.name(t)} is chosen.", cards=(t,))


def _blocked_no_maneuver(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Ni Dieu ni Maître [ani]: if blocked, the blocker cannot maneuver in the resulting combat (`combat_marks`)."""
    a = _top(ctx).actor
    _add(ctx, Mod("blocked_no_maneuver", 0, a, iid, rules.card_id))


_HANDLERS.update({"multi_discipline": _nothing, "choose_titled_or_younger": _choose_titled_or_younger,
                  "memory_strike": _shroud_strike, "blocked_no_maneuver": _blocked_no_maneuver})


def _anarch_attempts_block(ctx, cmd, minion, mode, rules, e, iid, blocker) -> None:
    """Guardian Vigil: this reacting Anarch attempts to block (once, however many of its texts are played)."""
    f = _top(ctx)
    if f.stage == "attempt" and f.blocker == minion:
        return
    if f.stage != "blocks":
        raise Illegal("block", f"{rules.name}: a block attempt can be made only while the action can be blocked "
                               "and no other attempt is under way")
    why = block_refusal(ctx, f, minion, cmd.seat)
    if why:
        raise Illegal("block", why)
    pay_block_cost(ctx, f, minion)
    f = _top(ctx)
    flow.set_top(ctx, f._replace(stage="attempt", blocker=minion))
    ctx.emit("block", f"{ctx.name(minion)} attempts to block {ctx.name(f.actor)} ({rules.name}).",
             cards=(minion, f.actor))


_HANDLERS.update({"anarch_attempts_block": _anarch_attempts_block, "anarch_maneuver_if_blocks": _grant_if_blocks,
                  "anarch_no_lock_block": _no_lock_for_block})
