"""The course of the game: steps, the impulse, windows, phases.

`step(ctx, cmd)` is the one entry point. It makes the implicit passes a step
needs (a step by a player who does not hold the impulse first makes every
player ahead of them pass), dispatches to the rule for the command, and
gives the impulse back to the acting Methuselah when an effect was used.

Windows belong to frames (state.py): an action frame's stage, a combat
frame's step, a damage frame, a referendum. When every player has passed in
turn with nothing used in between, `close_window` moves the frame on.
"""

from __future__ import annotations

import importlib

from vtes_desktop.engine import commands as C
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.state import (
    PHASES, ActionFrame, CombatFrame, DamageFrame, Impulse, ManualFrame, ReferendumFrame,
)

MAX_PASSES = 5000


# -- names ------------------------------------------------------------------------------------

_SEARCH_OWN = ("ready", "torpor", "incapacitated", "in_play", "hand", "crypt", "library", "uncontrolled",
               "ash_heap", "removed", "aside")


def ref(ctx: Ctx, seat: int, r, *, what: str = "card") -> int:
    """The instance id a command's card reference means, searched from *seat*'s point of view.

    An int is an instance id. A string is an alias, or a card name: the first
    copy in the seat's own regions (cards in play and attached first, then hand,
    then the other regions), then the other seats' cards in the same order.
    """
    st = ctx.st
    if isinstance(r, int) and not isinstance(r, bool):
        if r not in st.cards:
            raise Malformed(what, f"there is no card #{r} in this game")
        return r
    if not isinstance(r, str) or not r.strip():
        raise Malformed(what, f"a {what} must be named")
    if r in ctx.game.aliases:
        return ctx.game.aliases[r]
    card = ctx.db.lookup(r)
    if card is None:
        near = ctx.db.suggest(r)
        raise Malformed(what, f"unknown card {r!r}" + (f" (did you mean {', '.join(near)}?)" if near else ""))
    cids = {card.id}
    order = [seat] + [s for s in range(len(st.seats)) if s != seat]
    for s in order:
        for region in _SEARCH_OWN:
            for iid in st.region(s, region):
                if st.cards[iid].cid in cids:
                    return iid
                if region in ("ready", "torpor", "incapacitated", "in_play"):
                    found = _attached_with(ctx, iid, cids)
                    if found is not None:
                        return found
    # attached cards anywhere, and cards set aside
    for iid, c in st.cards.items():
        if c.cid in cids:
            return iid
    raise Illegal(what, f"{card.display} is not at this table")


def _attached_with(ctx: Ctx, host: int, cids: set[int]) -> int | None:
    for a in ctx.st.attached.get(host, ()):
        if ctx.st.cards[a].cid in cids:
            return a
        deeper = _attached_with(ctx, a, cids)
        if deeper is not None:
            return deeper
    return None


# -- the impulse ---------------------------------------------------------------------------

def impulse_frame(st):
    """The innermost frame that has an impulse, or None."""
    for f in reversed(st.frames):
        if hasattr(f, "imp"):
            return f
    return None


def holder(st) -> int:
    if st.marks:   # a Methuselah who owes discards down to hand size, or a toll, acts first (effects_master)
        for m in st.marks:
            if m[1] in ("discard", "toll") and isinstance(m[0], tuple) and m[0][0] == "seat":
                return m[0][1]
    f = st.top
    if f is not None and hasattr(f, "imp"):
        return f.imp.seat
    return st.active


def window(st) -> str:
    f = st.top
    return f.window if f is not None else st.phase


def set_top(ctx: Ctx, frame) -> None:
    ctx.st.frames = ctx.st.frames[:-1] + (frame,)


def push(ctx: Ctx, frame) -> None:
    ctx.st.frames = ctx.st.frames + (frame,)


def pop(ctx: Ctx):
    f = ctx.st.frames[-1]
    ctx.st.frames = ctx.st.frames[:-1]
    return f


def order_for(ctx: Ctx, acting: int, *, defenders: tuple[int, ...] = (), undirected: bool = False) -> tuple[int, ...]:
    """The sequencing order: the acting Methuselah, then the defenders (directed or combat),
    or prey then predator (undirected), then every other Methuselah in seat order from the acting one's prey."""
    st = ctx.st
    out = [acting]
    if undirected:
        ahead = [st.prey(acting), st.predator(acting)]
    else:
        ahead = sorted(set(defenders), key=lambda s: st.in_seat_order_from(acting).index(s)
                       if s in st.in_seat_order_from(acting) else 99)
    for s in ahead:
        if s not in out and not st.seats[s].ousted:
            out.append(s)
    for s in st.in_seat_order_from(st.prey(acting)):
        if s not in out:
            out.append(s)
    return tuple(out)


def do_pass(ctx: Ctx, seat: int) -> None:
    """*seat*, holding the impulse, passes once."""
    st = ctx.st
    f = st.top
    if isinstance(f, ReferendumFrame) and f.step == "referendum_terms" and seat == f.seat and f.card is not None:
        from vtes_desktop.engine import effects_actioncard

        if effects_actioncard.needs_terms(ctx, f):   # the impulse never leaves the acting Methuselah without terms
            raise Illegal("terms", f"{ctx.seat_name(seat)} must choose the terms of {ctx.name(f.card)} before "
                                   "polling; the acting Methuselah cannot pass them by")
    if isinstance(f, ActionFrame) and f.stage == "blocks" and seat in f.blockers and seat not in f.declined:
        f = f._replace(declined=f.declined | {seat})
        ctx.emit("declined", f"{ctx.seat_name(seat)} declines to block.")
    if isinstance(f, CombatFrame) and f.step == "strike":
        set_top(ctx, f)
        _late("rules_combat").on_pass(ctx, seat)
        f = ctx.st.top
    f = f._replace(imp=f.imp.passed())
    set_top(ctx, f)
    if isinstance(f, CombatFrame) and f.step == "strike" and f.striking <= (f.struck | {x[0] for x in f.committed}):
        close_window(ctx)
        return
    if f.imp.closed:
        close_window(ctx)


def pass_until(ctx: Ctx, seat: int) -> None:
    """Make every player ahead of *seat* pass until *seat* holds the impulse (or nothing is pending)."""
    n = 0
    while True:
        f = ctx.st.top
        if f is None or not hasattr(f, "imp") or isinstance(f, ManualFrame):
            return
        if f.imp.seat == seat:
            return
        do_pass(ctx, f.imp.seat)
        n += 1
        if n > MAX_PASSES:
            raise Illegal("impulse", "the table went round too many times without an answer")


def used_effect(ctx: Ctx) -> None:
    """An effect was used: the impulse goes back to the acting Methuselah and round again."""
    f = ctx.st.top
    if f is not None and hasattr(f, "imp"):
        set_top(ctx, f._replace(imp=f.imp.used()))


def close_window(ctx: Ctx) -> None:
    """Every player passed in turn: the top frame moves on to its next window (or ends)."""
    f = ctx.st.top
    if isinstance(f, ActionFrame):
        _late("rules_action").close(ctx, f)
    elif isinstance(f, CombatFrame):
        _late("rules_combat").close(ctx, f)
    elif isinstance(f, DamageFrame):
        _late("rules_combat").close_damage(ctx, f)
    elif isinstance(f, ReferendumFrame):
        _late("rules_politics").close(ctx, f)
    elif isinstance(f, ManualFrame):
        pop(ctx)
    ctx.closes += 1


# -- the step ---------------------------------------------------------------------------------

_LATE: dict = {}


def _late(name: str):
    """The engine module *name*, one of the rule modules that import this one (so not imported at the top):
    imported on first use, then found here. An import statement costs about a microsecond, and the legal answer
    runs a step for every command it tries."""
    mod = _LATE.get(name)
    if mod is None:
        mod = _LATE[name] = importlib.import_module(f"vtes_desktop.engine.{name}")
    return mod


_HANDLERS: dict | None = None


def _handlers() -> dict:
    """The rule function of each effect-using command type (built once: the rule modules import this one)."""
    global _HANDLERS
    if _HANDLERS is None:
        from vtes_desktop.engine import rules_action, rules_combat, rules_politics, rules_turn

        _HANDLERS = {
            "end_phase": rules_turn.end_phase, "yield": rules_turn.yield_contest,
            "transfer": rules_turn.transfer, "transfer_back": rules_turn.transfer_back,
            "move_crypt": rules_turn.move_crypt, "influence": rules_turn.influence, "merge": rules_turn.merge,
            "discard": rules_turn.discard, "leave_incapacitated": rules_turn.leave_incapacitated,
            "trophy": _trophy,
            "action": rules_action.announce, "block": rules_action.block, "diablerize": rules_action.diablerize,
            "play": rules_action.play, "use": rules_action.use,
            "maneuver": rules_combat.maneuver, "strike": rules_combat.strike, "press": rules_combat.press,
            "prevent": rules_combat.prevent,
            "terms": rules_politics.terms, "vote": rules_politics.vote,
        }
    return _HANDLERS


def step(ctx: Ctx, cmd: C.Command) -> None:
    st = ctx.st
    seat = cmd.seat
    if st.ended is not None:
        raise Illegal("game over", "the game is over (time ran out); nothing more can be played")
    if st.seats[seat].ousted and not cmd.manual:
        if seat in st.withdrawn:
            raise Illegal("withdrawn", f"{st.seats[seat].name} has withdrawn from the game and takes no further part")
        raise Illegal("ousted", f"{st.seats[seat].name} has been ousted and takes no further part")
    if st.marks and not cmd.manual:
        _late("effects_master").refuse_while_discarding(ctx, cmd)   # someone must first discard down to hand size
        _late("effects_library").refuse_while_owed(ctx, cmd)   # Lupine Assault: discards owed in seat order
    if cmd.manual:
        from vtes_desktop.engine.manual import apply as apply_manual

        apply_manual(ctx, cmd)
        _after_step(ctx, cmd)
        return
    t = cmd.type
    if t == "concede":
        ctx.emit("conceded", f"{st.seats[seat].name} concedes.")
        ctx.oust(seat)
        _after_step(ctx)
        return
    if t in ("withdraw", "time_out"):   # neither passes for anyone nor uses an effect
        from vtes_desktop.engine.rules_turn import time_out, withdraw

        (withdraw if t == "withdraw" else time_out)(ctx, cmd)
        _after_step(ctx)
        return
    if t == "resolve":
        _resolve(ctx, seat)
    elif t == "finish":
        _finish(ctx, seat)
    elif t in ("pass", "decline_block"):
        if impulse_frame(st) is None:
            raise Illegal("impulse", "nothing is under way to pass on; the active player ends the phase with end_phase")
        if isinstance(st.top, ActionFrame) and st.top.stage == "announced" and t == "decline_block":
            _pass_through_announced(ctx)
        pass_until(ctx, seat)
        f = st.top
        if t == "decline_block":
            if not (isinstance(f, ActionFrame) and f.stage == "blocks"):
                raise Illegal("blocks", "blocks can be declined only while the action can be blocked")
            if seat not in f.blockers:
                raise Illegal("blocks", f"{st.seats[seat].name} may not block this action, so has no block to decline")
        if f is None or not hasattr(f, "imp"):
            raise Illegal("impulse", "nothing is under way to pass on")
        do_pass(ctx, seat)
    else:
        handler = _handlers().get(t)
        if handler is None:
            raise Malformed("command", f"unknown command {t!r}")
        _before_effect(ctx, cmd)
        handler(ctx, cmd)
        if t not in ("end_phase",):
            used_effect(ctx)
    _after_step(ctx, cmd)


def _after_step(ctx: Ctx, cmd: C.Command | None = None) -> None:
    st = ctx.st
    if cmd is not None:
        # the card this step played can be canceled "as it is played" by the next step
        _late("effects_master").note_as_played(ctx, cmd)
        _late("effects_attached").state_checks(ctx)   # cards on a minion that burn in torpor (Eternal Vigilance)
        if st.marks:
            _minion().life_caps(ctx)   # Shambling Hordes cannot gain life
    if st.ended is not None:
        return
    if st.seats[st.active].ousted and len(st.live_seats()) > 1:
        # the active Methuselah is ousted: whatever was under way ends with their turn
        st.frames = ()
        _next_turn(ctx)
        return
    ctx.drop_ousted_from_impulse()
    _late("rules_combat").check_ready(ctx)
    f = st.top
    n = 0
    while f is not None and hasattr(f, "imp") and f.imp.closed and n < MAX_PASSES:
        close_window(ctx)   # a window every remaining player has now passed (someone was ousted)
        f = st.top
        n += 1


def _pass_through_announced(ctx: Ctx) -> None:
    n = 0
    while isinstance(ctx.st.top, ActionFrame) and ctx.st.top.stage == "announced":
        do_pass(ctx, ctx.st.top.imp.seat)
        n += 1
        if n > MAX_PASSES:
            break


def _before_effect(ctx: Ctx, cmd: C.Command) -> None:
    """Implicit passes before a step that uses an effect."""
    st = ctx.st
    f = st.top
    # (only an action being announced asks: the card's rules are not looked up for every other play)
    as_announced = cmd.type == "play" and isinstance(f, ActionFrame) and f.stage == "announced" \
        and _plays_as_announced(ctx, cmd)
    if cmd.type == "use" and isinstance(f, ActionFrame) and f.stage == "announced":
        from vtes_desktop.engine.effects_master import used_as_announced

        as_announced = used_as_announced(ctx, cmd)   # a master card in play used as the action is announced
        as_announced = as_announced or _gear_as_announced(ctx, cmd)   # Zaire River Ferry, Flaming Candle
        as_announced = as_announced or _minion().used_as_announced(ctx, cmd)   # Screamer
    if isinstance(f, ActionFrame) and f.stage == "announced" and not as_announced:
        _pass_through_announced(ctx)
    # the active player starting something new passes everyone through action_resolution
    if cmd.type in ("action", "end_phase") and cmd.seat == st.active:
        n = 0
        while isinstance(st.top, ActionFrame) and st.top.stage == "resolution":
            do_pass(ctx, st.top.imp.seat)
            n += 1
            if n > MAX_PASSES:
                break
    if impulse_frame(st) is not None and isinstance(st.top, (ActionFrame, CombatFrame, DamageFrame, ReferendumFrame)):
        pass_until(ctx, cmd.seat)


def _minion():
    return _late("effects_minion")


def _gear_as_announced(ctx: Ctx, cmd) -> bool:
    from vtes_desktop.engine.effects_gear import used_as_announced

    return used_as_announced(ctx, cmd)


def _plays_as_announced(ctx: Ctx, cmd) -> bool:
    try:
        iid = ref(ctx, cmd.seat, cmd.card)
    except Exception:
        return False
    r = ctx.rules(iid)
    return any("as announced" in m.only for m in r.modes)


def _resolve(ctx: Ctx, seat: int) -> None:
    if impulse_frame(ctx.st) is None:
        raise Illegal("resolve", "nothing is under way to resolve")
    start = ctx.closes
    n = 0
    while ctx.closes == start:
        f = ctx.st.top
        if f is None or not hasattr(f, "imp"):
            break
        if isinstance(f, ManualFrame):
            raise Illegal("manual", f"the players must first carry out {f.what} by hand, then say done")
        do_pass(ctx, f.imp.seat)
        n += 1
        if n > MAX_PASSES:
            raise Illegal("resolve", "the window did not close")


def _finish(ctx: Ctx, seat: int) -> None:
    st = ctx.st
    if not any(isinstance(f, (ActionFrame, CombatFrame, DamageFrame, ReferendumFrame)) for f in st.frames):
        raise Illegal("finish", "no action is under way")
    n = 0
    while True:
        f = ctx.st.top
        if f is None:
            break
        if isinstance(f, ActionFrame) and f.stage == "resolution":
            break
        if isinstance(f, ManualFrame):
            break
        do_pass(ctx, f.imp.seat)
        n += 1
        if n > MAX_PASSES:
            raise Illegal("finish", "the action did not end")


# -- phases ------------------------------------------------------------------------------------

def enter_phase(ctx: Ctx, phase: str, *, initial: bool = False) -> None:
    st = ctx.st
    st.phase = phase
    if phase == "unlock" and not initial:
        from vtes_desktop.engine import effects_attached

        effects_attached.before_unlock(ctx)   # "does not unlock as normal" (cards put on a minion)
        for region in ("ready", "torpor", "in_play", "incapacitated"):
            for iid in st.region(st.active, region):
                if iid in st.skip_unlock:   # "does not unlock as normal during their next unlock phase"
                    st.skip_unlock = st.skip_unlock - {iid}
                    for a in st.attached.get(iid, ()):
                        _unlock_tree(ctx, a)
                    continue
                _unlock_tree(ctx, iid)
        st.edge_used = False
        st.burn_option_used = frozenset()
        from vtes_desktop.engine.rules_turn import settle_contests

        settle_contests(ctx, st.active)
        from vtes_desktop.engine import effects_actioncard

        effects_actioncard.start_of_unlock_phase(ctx)   # action cards in play ("your prey burns 1 pool")
        effects_attached.start_of_unlock_phase(ctx)   # cards put on a minion (The Haunting)
        from vtes_desktop.engine import effects_minion

        effects_minion.start_of_unlock_phase(ctx)   # allies gaining life when low
        from vtes_desktop.engine.effects_master import start_of_unlock_phase

        start_of_unlock_phase(ctx)   # master cards acting as each unlock phase begins (Smiling Jack)
        from vtes_desktop.engine.effects_gear import start_of_unlock_phase as gear_unlock

        gear_unlock(ctx)   # equipment gaining counters (Seal of Veddartha)
        from vtes_desktop.engine import effects_library

        effects_library.start_of_unlock_phase(ctx)   # Port Authority: replacements held since the discard phase
    st.phase_flags = frozenset()
    if phase == "unlock":
        st.turn_hand = (st.active, len(st.region(st.active, "hand")))
    if phase == "discard":
        _minion().start_of_discard_phase(ctx)   # Feral Hound: its employer unlocks
    if phase == "minion":
        from vtes_desktop.engine.effects_combat import start_of_minion_phase

        start_of_minion_phase(ctx)   # retainers acting as the minion phase begins (Faithful Servant)
        from vtes_desktop.engine import effects_library

        effects_library.start_of_minion_phase(ctx)   # a library to shuffle after moves made by hand (Static Virtue)
    if phase == "master":
        _minion().start_of_master_phase(ctx)   # Camarilla Vitae Slave: the Discipline chosen last time ends
        from vtes_desktop.engine.effects_combat import start_of_master_phase

        start_of_master_phase(ctx)   # equipment acting as the master phase begins (Palatial Estate)
        st.mpa = 1 + _extra_phase_actions(ctx, "master") + _crypt().phase_actions(ctx, "master")   # Anson, Cybele
        from vtes_desktop.engine.effects_master import master_phase_actions

        st.mpa += master_phase_actions(ctx)   # master cards in play (Not to Be)
        from vtes_desktop.engine.effects_actioncard import master_phase_actions as chosen_mpa

        st.mpa += chosen_mpa(ctx)   # a Methuselah chosen by Rumors of Gehenna
        for seat, trifle in st.oot:   # an out-of-turn master card used this master phase's action already
            if seat == st.active:
                st.mpa += (1 if trifle else 0) - 1
                if trifle:
                    st.phase_flags = st.phase_flags | {"trifle"}
        st.oot = tuple(x for x in st.oot if x[0] != st.active)
    if phase == "influence":
        from vtes_desktop.engine.effects_master import end_of_minion_phase, extra_transfers

        end_of_minion_phase(ctx)   # events acting after the minion phase (Thirst)

        st.transfers = transfers_for_turn(st.turn) + extra_transfers(ctx, st.active) \
            + _crypt().extra_transfers(ctx, st.active)   # Ingrid Rossler
    if phase == "discard":
        st.dpa = 1 + _extra_phase_actions(ctx, "discard") + _crypt().phase_actions(ctx, "discard")   # Unmada
        from vtes_desktop.engine.effects_master import start_of_discard_phase

        start_of_discard_phase(ctx)   # events acting as each discard phase begins (Dragonbound)
        from vtes_desktop.engine import effects_actioncard

        effects_actioncard.start_of_discard_phase(ctx)   # "unlocks during your next discard phase"
        from vtes_desktop.engine import effects_attached

        effects_attached.start_of_discard_phase(ctx)   # cards put on a minion (Sensory Overload)
        from vtes_desktop.engine import effects_library

        effects_library.start_of_discard_phase(ctx)   # The Admonitions changes hands
    if not initial:
        ctx.emit("phase", f"{st.seats[st.active].name}'s {phase} phase.")


def _crypt():
    return _late("effects_crypt")


def _extra_phase_actions(ctx: Ctx, phase: str) -> int:
    """Extra master or discard phase actions from the active player's ready minions and cards in play
    ("If Cicatriz is ready during your discard phase, you get an additional discard phase action")."""
    import re

    st = ctx.st
    n = 0
    pat = re.compile(rf"(?i)you get an (?:additional|extra) {phase} phase action")
    for region in ("ready", "in_play"):
        for iid in st.region(st.active, region):
            c = st.cards[iid]
            if c.contested:
                continue
            if pat.search(ctx.cdef(iid).text):
                n += 1
    return n


def _unlock_tree(ctx: Ctx, iid: int) -> None:
    c = ctx.st.cards[iid]
    if c.locked:
        ctx.update(iid, locked=False)
    for a in ctx.st.attached.get(iid, ()):
        _unlock_tree(ctx, a)


def transfers_for_turn(turn: int) -> int:
    """1, 2 and 3 transfers on the game's first three turns, 4 after."""
    return turn if 1 <= turn <= 3 else 4


def next_phase(ctx: Ctx) -> None:
    st = ctx.st
    i = PHASES.index(st.phase)
    if i + 1 < len(PHASES):
        enter_phase(ctx, PHASES[i + 1])
        return
    # next Methuselah's turn
    from vtes_desktop.engine.effects_master import end_of_discard_phase

    end_of_discard_phase(ctx)
    _next_turn(ctx)


def _next_turn(ctx: Ctx) -> None:
    """The next Methuselah's turn. A Methuselah who announced a withdrawal and was not ousted since leaves
    the game as her next unlock phase begins, and the turn goes on to her prey."""
    st = ctx.st
    _end_of_turn(ctx)
    st.turn += 1
    st.active = st.prey(st.active)
    st.acted = frozenset()
    while st.active in st.withdrawing and not st.seats[st.active].ousted and len(st.live_seats()) > 1:
        from vtes_desktop.engine.rules_turn import leave_by_withdrawal

        leaving = st.active
        leave_by_withdrawal(ctx, leaving)
        st.active = st.prey(leaving)
    enter_phase(ctx, "unlock")


def _end_of_turn(ctx: Ctx) -> None:
    from vtes_desktop.engine import effects_action

    effects_action.end_of_turn(ctx)   # vampires that unlock at the end of the turn (Zephyr)
    _minion().end_of_turn(ctx)   # Puppeteer: a minion taken until the end of the turn goes back
    from vtes_desktop.engine import effects_attached

    effects_attached.end_of_turn(ctx)   # cards put in play for the turn (Loup)
    ctx.release_draws("turn", "action", "combat")
    ctx.st.awards = ()   # a trophy not taken in the turn it was earned is lost


def _trophy(ctx: Ctx, cmd: C.Trophy) -> None:
    from vtes_desktop.engine.rules_diablerie import trophy

    trophy(ctx, cmd)
