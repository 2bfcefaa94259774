"""The turn's own steps: ending phases, the Edge, influence, discards, contests."""

from __future__ import annotations

import re

from vtes_desktop.engine import commands as C
from vtes_desktop.engine import flow
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.errors import Illegal


def _own_turn(ctx: Ctx, cmd: C.Command, phase: str | None, what: str) -> None:
    st = ctx.st
    if cmd.seat != st.active:
        raise Illegal("turn", f"it is {st.seats[st.active].name}'s turn; {st.seats[cmd.seat].name} cannot {what} now")
    if st.frames:
        raise Illegal("timing", f"{what} is not possible while {flow.window(st).replace('_', ' ')} is under way")
    if phase is not None and st.phase != phase:
        raise Illegal("phase", f"you can {what} only in the {phase} phase (this is the {st.phase} phase)")


def end_phase(ctx: Ctx, cmd: C.EndPhase) -> None:
    st = ctx.st
    if cmd.seat != st.active:
        raise Illegal("turn", f"only {st.seats[st.active].name}, the active player, ends the phase")
    if st.frames:
        raise Illegal("timing", f"the phase cannot end while {flow.window(st).replace('_', ' ')} is under way")
    from vtes_desktop.engine.effects_combat import phase_end_refusal

    why = phase_end_refusal(ctx, cmd.seat)
    if not why and (st.phase == "unlock" or st.marks):
        from vtes_desktop.engine.effects_gear import phase_end_refusal as gear_refusal

        why = gear_refusal(ctx, cmd.seat)   # Polaris Coach: blood onto it or burned first; Reliquary: Shango Remains
    if not why and st.marks:
        from vtes_desktop.engine.effects_minion import phase_end_refusal as owed_by_ally

        why = owed_by_ally(ctx, cmd.seat)   # War Ghoul: an ally or retainer still to burn as it entered play
    if why:
        raise Illegal("timing", why)
    if st.phase == "unlock":
        _pay_contests(ctx, cmd.seat)
    if st.phase == "master":
        from vtes_desktop.engine.effects_gear import master_phase_end

        master_phase_end(ctx, cmd.seat, "master played" in st.phase_flags)   # Winchester Mansion
    flow.next_phase(ctx)


def _pay_contests(ctx: Ctx, seat: int) -> None:
    """Contested cards not yielded cost their controller 1 pool each unlock phase; contested titles cost
    the vampire 1 blood (a vampire in torpor, or with no blood, yields)."""
    st = ctx.st
    for iid, c in list(st.cards.items()):
        if c.title_contested and c.controller == seat and c.region in ("ready", "torpor"):
            if c.region == "torpor" or c.counters < 1:
                ctx.update(iid, title_contested=False, title="none")
                ctx.emit("yielded", f"{ctx.name(iid)} yields the contested title "
                                    f"({'in torpor' if c.region == 'torpor' else 'no blood to pay'}).")
            else:
                ctx.update(iid, counters=c.counters - 1)
                ctx.emit("paid", f"{ctx.name(iid)} burns 1 blood to keep contesting the title.")
    for iid, c in list(st.cards.items()):
        if c.contested and c.controller == seat and c.region not in ("ash_heap", "removed"):
            ctx.pool(seat, -1, f"to keep contesting {ctx.name(iid)}")
            if st.seats[seat].ousted:
                return


def settle_contests(ctx: Ctx, seat: int) -> None:
    """At the start of *seat*'s unlock phase: a contested card whose rivals have all yielded is theirs again."""
    st = ctx.st
    for iid, c in list(st.cards.items()):
        if c.title_contested and c.controller == seat and c.region in ("ready", "torpor"):
            key = ctx.title_key(c._replace(title_contested=False))
            if not any(i != iid and o.title_contested and o.region in ("ready", "torpor")
                       and ctx.title_key(o) == key for i, o in st.cards.items()):
                ctx.update(iid, title_contested=False)
                ctx.emit("title_won", f"{ctx.name(iid)} holds the title uncontested.")
    for iid, c in list(st.cards.items()):
        if not (c.contested and c.controller == seat and c.region not in ("ash_heap", "removed")):
            continue
        name = ctx.db[c.cid].name
        rivals = [i for i, o in st.cards.items() if i != iid and o.contested and ctx.db[o.cid].name == name
                  and o.region not in ("ash_heap", "removed")]
        if not rivals:
            ctx.update(iid, contested=False, face_down=False, locked=False)
            ctx.emit("contest_won", f"{ctx.name(iid)} is no longer contested: {ctx.seat_name(seat)} keeps it.")


def yield_contest(ctx: Ctx, cmd: C.Yield) -> None:
    st = ctx.st
    iid = flow.ref(ctx, cmd.seat, cmd.card)
    c = st.cards[iid]
    if st.phase != "unlock" or cmd.seat != st.active:
        raise Illegal("contest", "contests are yielded in your own unlock phase")
    if c.controller == cmd.seat and c.title_contested and not c.contested:
        ctx.update(iid, title_contested=False, title="none")
        ctx.emit("yielded", f"{ctx.name(iid)} yields the contested title and no longer has it.")
        return
    if not c.contested or c.controller != cmd.seat:
        raise Illegal("contest", f"{ctx.name(iid)} is neither a contested card of yours nor a vampire of yours "
                                 "contesting a title")
    ctx.burn(iid, "yielded")


# -- influence -----------------------------------------------------------------------------------

def _uncontrolled(ctx: Ctx, seat: int, r, verb: str) -> int:
    iid = flow.ref(ctx, seat, r, what="vampire")
    c = ctx.st.cards[iid]
    if c.region != "uncontrolled" or c.owner != seat:
        raise Illegal("influence", f"{ctx.name(iid)} is not in {ctx.seat_name(seat)}'s uncontrolled region; "
                                   f"only uncontrolled vampires can {verb}")
    return iid


def _spend(ctx: Ctx, seat: int, n: int, what: str) -> None:
    st = ctx.st
    if n > st.transfers:
        left = st.transfers
        raise Illegal("transfers", f"{st.seats[seat].name} has {left} transfer{'s' if left != 1 else ''} left this "
                                   f"influence phase; {what} needs {n}")
    st.transfers -= n


def transfer(ctx: Ctx, cmd: C.Transfer) -> None:
    _own_turn(ctx, cmd, "influence", "transfer pool")
    if cmd.amount < 1:
        raise Illegal("transfers", "a transfer moves at least 1 pool")
    iid = _uncontrolled(ctx, cmd.seat, cmd.to, "receive transfers")
    st = ctx.st
    _spend(ctx, cmd.seat, cmd.amount, f"moving {cmd.amount} pool")
    if st.seats[cmd.seat].pool < cmd.amount:
        raise Illegal("pool", f"{st.seats[cmd.seat].name} has only {st.seats[cmd.seat].pool} pool")
    c = st.cards[iid]
    ctx.update(iid, counters=c.counters + cmd.amount)
    who = st.seats[cmd.seat].name   # the uncontrolled region is face down to the other Methuselahs
    ctx.emit("transfer", f"{who} moves {cmd.amount} pool to {ctx.name(iid)}.", frozenset({cmd.seat}),
             f"{who} moves {cmd.amount} pool to a face-down vampire.", cards=(iid,))
    ctx.pool(cmd.seat, -cmd.amount, quiet=True)


def transfer_back(ctx: Ctx, cmd: C.TransferBack) -> None:
    _own_turn(ctx, cmd, "influence", "move blood back to pool")
    if cmd.amount < 1:
        raise Illegal("transfers", "move at least 1 blood")
    iid = _uncontrolled(ctx, cmd.seat, cmd.from_, "give blood back")
    c = ctx.st.cards[iid]
    if c.counters < cmd.amount:
        raise Illegal("blood", f"{ctx.name(iid)} has only {c.counters} blood")
    _spend(ctx, cmd.seat, 2 * cmd.amount, f"moving {cmd.amount} blood back (2 transfers each)")
    ctx.update(iid, counters=c.counters - cmd.amount)
    who = ctx.seat_name(cmd.seat)
    ctx.emit("transfer", f"{who} moves {cmd.amount} blood from {ctx.name(iid)} back to pool.", frozenset({cmd.seat}),
             f"{who} moves {cmd.amount} blood from a face-down vampire back to pool.", cards=(iid,))
    ctx.pool(cmd.seat, cmd.amount, quiet=True)


def move_crypt(ctx: Ctx, cmd: C.MoveCrypt) -> None:
    _own_turn(ctx, cmd, "influence", "move a crypt card")
    st = ctx.st
    crypt = st.region(cmd.seat, "crypt")
    if not crypt:
        raise Illegal("crypt", f"{st.seats[cmd.seat].name}'s crypt is empty")
    _spend(ctx, cmd.seat, 4, "moving a vampire from the crypt (4 transfers and 1 pool)")
    iid = crypt[0]
    ctx.move(iid, "uncontrolled", seat=cmd.seat)
    who = st.seats[cmd.seat].name
    ctx.emit("crypt", f"{who} moves {ctx.name(iid)} from the crypt to the uncontrolled region.", frozenset({cmd.seat}),
             f"{who} moves a card from the crypt to the uncontrolled region.", cards=(iid,))
    ctx.pool(cmd.seat, -1, "to move a crypt card")


def influence(ctx: Ctx, cmd: C.Influence) -> None:
    _own_turn(ctx, cmd, "influence", "bring a vampire into play")
    iid = _uncontrolled(ctx, cmd.seat, cmd.vampire, "be brought into play")
    c = ctx.st.cards[iid]
    refuse_self_contest(ctx, cmd.seat, iid)
    cap = ctx.capacity(c)
    if c.counters < cap:
        raise Illegal("capacity", f"{ctx.name(iid)} has {c.counters} blood; a vampire comes into play only with "
                                  f"blood at least equal to its capacity of {cap}")
    _enter_play(ctx, iid)


def _enter_play(ctx: Ctx, iid: int) -> None:
    c = ctx.st.cards[iid]
    ctx.move(iid, "ready", seat=c.owner, locked=False)
    ctx.set_blood(iid, ctx.st.cards[iid].counters)   # (as moved: Gran Madre di Dio may have burned 1; effects_gear)
    what = "life" if "Imbued" in ctx.cdef(iid).types else "blood"
    ctx.emit("influenced", f"{ctx.name(iid)} comes into play for {ctx.seat_name(c.owner)} "
                           f"with {ctx.st.cards[iid].counters} {what}.", cards=(iid,))
    _check_contest(ctx, iid)
    if ctx.st.cards[iid].region == "ready" and ctx.is_vampire(ctx.st.cards[iid]):
        check_title_contest(ctx, iid)
    from vtes_desktop.engine.effects_crypt import entered_play

    entered_play(ctx, iid)   # "As this vampire enters play, ..." (Anarch Convert)
    from vtes_desktop.engine import effects_actioncard

    effects_actioncard.entered_play(ctx, iid)   # "As any Giovanni enters play, they can choose to become Camarilla"


def refuse_self_contest(ctx: Ctx, seat: int, iid: int) -> None:
    """A Methuselah never contests a unique card (or a crypt card) with themselves by choice."""
    d = ctx.cdef(iid)
    if not (d.is_crypt or ctx.rules(iid).unique):
        return
    for i, c in ctx.st.cards.items():
        if (i != iid and c.controller == seat and c.region in ("ready", "torpor", "in_play", "attached",
                                                                "incapacitated")
                and ctx.db[c.cid].name == d.name):
            raise Illegal("contest", f"{ctx.seat_name(seat)} already controls {d.display}; you cannot contest a "
                                     "unique card with yourself")


def check_title_contest(ctx: Ctx, iid: int) -> None:
    """A vampire claiming a unique title that another vampire in play holds contests it."""
    st = ctx.st
    c = st.cards[iid]
    key = ctx.title_key(c)
    if key is None:
        return
    rivals = [i for i, o in st.cards.items() if i != iid and o.region in ("ready", "torpor")
              and ctx.is_vampire(o) and ctx.title_key(o) == key]
    if not rivals:
        return
    for i in rivals + [iid]:
        ctx.update(i, title_contested=True)
    ctx.emit("title_contested", f"The title of {ctx.name(iid)} is contested with {', '.join(ctx.name(i) for i in rivals)}.")


def _check_contest(ctx: Ctx, iid: int) -> None:
    """A unique card (every crypt card) coming into play while another copy is in play is contested."""
    st = ctx.st
    d = ctx.cdef(iid)
    same = [i for i, c in st.cards.items() if i != iid and c.region in ("ready", "torpor", "in_play", "attached")
            and ctx.db[c.cid].name == d.name and (d.is_crypt or ctx.rules(c).unique)]
    from vtes_desktop.engine.effects_gear import contest_refusal as gear_no_contest

    if gear_no_contest(ctx, iid, same):   # San Nicolás de los Servitas: the newcomer burns; Gran Madre di Dio: unique
        return
    if not same:
        return
    me = st.cards[iid]
    if any(st.cards[i].controller == me.controller for i in same):
        ctx.burn(iid, "you cannot contest a card with yourself")
        return
    for i in same + [iid]:
        ctx.update(i, contested=True, face_down=True)
    ctx.emit("contested", f"{d.display} is contested.")


def merge(ctx: Ctx, cmd: C.Merge) -> None:
    _own_turn(ctx, cmd, "influence", "merge an advanced vampire")
    iid = _uncontrolled(ctx, cmd.seat, cmd.vampire, "merge")
    d = ctx.cdef(iid)
    st = ctx.st
    partner = None
    for i in st.region(cmd.seat, "ready") + st.region(cmd.seat, "torpor"):
        pd = ctx.cdef(i)
        if pd.name == d.name and pd.advanced != d.advanced and pd.group == d.group:
            partner = i
            break
    if partner is None:
        raise Illegal("merge", f"{d.display} can merge only with the other version of the same vampire in play")
    _spend(ctx, cmd.seat, 4, "merging (4 transfers and 1 pool)")
    ctx.move(iid, "attached", host=partner, counters=0)
    ctx.emit("merged", f"{d.display} merges with {ctx.name(partner)}.")
    ctx.pool(cmd.seat, -1, "to merge")


# -- discard ---------------------------------------------------------------------------------------

def discard(ctx: Ctx, cmd: C.Discard) -> None:
    st = ctx.st
    from vtes_desktop.engine.effects_master import discard_owed
    from vtes_desktop.engine.rules_combat import discard_to_cancel_aim

    if st.frames and discard_to_cancel_aim(ctx, cmd):   # combat: discards that cancel an aim (Target Vitals)
        return

    if discard_owed(ctx, cmd):   # down to hand size, or a discard a master card asked for (The Barrens)
        return
    from vtes_desktop.engine import effects_library

    if effects_library.discard_chosen(ctx, cmd):   # a card of a hand looked at (Vaticination, Revelations)
        return
    if st.phase == "unlock" and not st.frames:
        return _burn_option(ctx, cmd)
    _own_turn(ctx, cmd, "discard", "discard a card")
    iid = flow.ref(ctx, cmd.seat, cmd.card)
    if st.cards[iid].region != "hand" or st.cards[iid].owner != cmd.seat:
        raise Illegal("discard", f"{ctx.name(iid)} is not in {ctx.seat_name(cmd.seat)}'s hand")
    if st.dpa < 1:
        raise Illegal("discard", "the discard phase action has been used")
    from vtes_desktop.engine.effects_actioncard import pay_discard_tax

    pay_discard_tax(ctx, cmd.seat)   # Camarilla Threat in play
    st.dpa -= 1
    ctx.move(iid, "ash_heap")
    ctx.emit("discarded", f"{ctx.seat_name(cmd.seat)} discards {ctx.name(iid)}.")
    from vtes_desktop.engine import effects_library

    if not effects_library.replacement_held(ctx, cmd.seat, iid):   # Port Authority: replaced at the next unlock
        ctx.draw(cmd.seat, 1)


def _burn_option(ctx: Ctx, cmd: C.Discard) -> None:
    """A card with the burn option can be discarded in any unlock phase, once each unlock phase, by a
    Methuselah who controls no minion able to use it."""
    from vtes_desktop.engine.rules_action import requirement_refusal

    st = ctx.st
    iid = flow.ref(ctx, cmd.seat, cmd.card)
    c = st.cards[iid]
    if c.region != "hand" or c.owner != cmd.seat:
        raise Illegal("discard", f"{ctx.name(iid)} is not in {ctx.seat_name(cmd.seat)}'s hand")
    d = ctx.cdef(iid)
    if not d.burn_option:
        raise Illegal("burn option", f"{d.display} has no burn option; cards are discarded in the discard phase")
    if cmd.seat in st.burn_option_used:
        raise Illegal("burn option", "the burn option can be used once each unlock phase")
    rules = ctx.rules(iid)
    able = [m for m in st.region(cmd.seat, "ready") if ctx.is_minion(st.cards[m])
            and any(requirement_refusal(ctx, iid, rules, mode, m) is None for mode in rules.modes)]
    if able:
        raise Illegal("burn option", f"{ctx.name(able[0])} could use {d.display}: the burn option is only for a "
                                     "Methuselah with no minion able to use the card")
    st.burn_option_used = st.burn_option_used | {cmd.seat}
    ctx.move(iid, "ash_heap")
    ctx.emit("discarded", f"{ctx.seat_name(cmd.seat)} discards {d.display} (burn option).")
    ctx.draw(cmd.seat, 1)


# -- leaving the game: withdrawal, time-out -------------------------------------------------------

def hand_size(ctx: Ctx, seat: int) -> int:
    """The seat's hand size: 7, plus "+N hand size" from its ready minions, what is on them, and its cards in
    play ("While she is ready, you get +1 hand size"; a trophy's "gets +2 hand size")."""
    import re

    from vtes_desktop.engine.context import HAND_SIZE

    st = ctx.st
    n = HAND_SIZE
    pat = re.compile(r"(?i)\+(\d+) hand size")
    sources = []
    for iid in st.region(seat, "ready") + st.region(seat, "in_play"):
        if st.cards[iid].contested:
            continue
        sources.append(iid)
        sources += list(st.attached.get(iid, ()))
    for iid in sources:
        if ctx.cdef(iid).is_crypt:   # a vampire's own text, as the card rules read it (effects_crypt)
            from vtes_desktop.engine.effects_crypt import hand_size_bonus

            n += hand_size_bonus(ctx, iid)
            continue
        if iid in st.cards and st.cards[iid].region == "attached" and "Equipment" in ctx.cdef(iid).types:
            from vtes_desktop.engine.effects_gear import hand_size_bonus as gear_hand

            g = gear_hand(ctx, iid)   # Shaal Fragment, Reliquary: Trinket (a Laibon bearer only)
            if g is not None:
                n += g
                continue
        if st.cards[iid].region == "attached" and "Action" in ctx.cdef(iid).types:
            from vtes_desktop.engine.effects_attached import hand_size_bonus as attached_hand

            a = attached_hand(ctx, iid, seat)   # Wise Spider (auto_attached)
            if a is not None:
                n += a
                continue
        text = ctx.cdef(iid).text
        m = pat.search(text)
        if m and not _IN_COMBAT_ONLY.search(text):   # Nar-Sheptha's +2 counts only while its vampire fights
            n += int(m.group(1))
    return n


_IN_COMBAT_ONLY = re.compile(r"(?i)while [^.]*\bin combat, you get \+\d+ hand size")


def withdraw(ctx: Ctx, cmd: C.Withdraw) -> None:
    """Announce a withdrawal (VEKN rulebook, "Withdrawing from the Game"): in your own unlock phase, with your
    library exhausted and fewer cards in hand than your hand size at the start of the turn."""
    st = ctx.st
    seat = cmd.seat
    who = ctx.seat_name(seat)
    if seat != st.active:
        raise Illegal("withdraw", f"a withdrawal is announced in your own unlock phase; it is "
                                  f"{ctx.seat_name(st.active)}'s turn")
    if st.phase != "unlock":
        raise Illegal("withdraw", f"a withdrawal is announced during your unlock phase, not the {st.phase} phase")
    if st.frames:
        raise Illegal("timing", f"a withdrawal cannot be announced while {flow.window(st).replace('_', ' ')} "
                                "is under way")
    if seat in st.withdrawing:
        raise Illegal("withdraw", f"{who} has already announced a withdrawal: it takes effect at the start of "
                                  "their next unlock phase")
    lib = len(st.region(seat, "library"))
    if lib:
        raise Illegal("withdraw", f"{who} still has {lib} card{'s' if lib != 1 else ''} in their library; only a "
                                  "Methuselah whose library is exhausted may withdraw")
    hand = st.turn_hand if st.turn_hand is not None and st.turn_hand[0] == seat else None
    held = hand[1] if hand is not None else len(st.region(seat, "hand"))
    size = hand_size(ctx, seat)
    if held >= size:
        raise Illegal("withdraw", f"{who} began the turn with {held} cards in hand, a full hand (hand size {size}); "
                                  "only a Methuselah who begins the turn with fewer cards than the hand size may "
                                  "withdraw")
    st.withdrawing = st.withdrawing | {seat}
    ctx.emit("withdrawing", f"{who} announces a withdrawal: unless ousted first, {who} leaves the game at the start "
                            "of their next unlock phase, with ½ victory point.")


def leave_by_withdrawal(ctx: Ctx, seat: int) -> None:
    """The withdrawing Methuselah leaves the game: ½ victory point, and nothing for the predator. Her cards
    leave play as an ousted Methuselah's do."""
    st = ctx.st
    s = st.seats[seat]
    st.withdrawing = st.withdrawing - {seat}
    st.withdrawn = st.withdrawn | {seat}
    st.w_seats()[seat] = s._replace(ousted=True, vp=s.vp + 0.5)
    ctx.emit("withdrew", f"{s.name} withdraws from the game and gains ½ victory point; "
                         f"{ctx.seat_name(st.predator(seat))} gains no victory point and no pool for it.")
    if st.edge == seat:
        st.edge = None
    live = st.live_seats()
    if len(live) == 1:
        w = st.seats[live[0]]
        st.w_seats()[live[0]] = w._replace(vp=w.vp + 1)
        ctx.emit("vp", f"{w.name} is the last Methuselah standing and gains 1 victory point.")
    for region in ("ready", "torpor", "uncontrolled", "in_play", "incapacitated"):
        for iid in list(st.region(seat, region)):
            ctx.move(iid, "removed")
    ctx.drop_ousted_from_impulse()


def time_out(ctx: Ctx, cmd: C.TimeOut) -> None:
    """The time limit ends the game: each Methuselah still in it gains ½ victory point."""
    st = ctx.st
    live = st.live_seats()
    if len(live) <= 1:
        raise Illegal("game over", "the game is already over: "
                                   + (f"{ctx.seat_name(live[0])} is the last Methuselah standing" if live
                                      else "no Methuselah is left"))
    st.frames = ()   # whatever was under way stops with the game
    for seat in live:
        s = st.seats[seat]
        st.w_seats()[seat] = s._replace(vp=s.vp + 0.5)
    st.withdrawing = frozenset()
    st.ended = "time_out"
    ctx.emit("time_out", f"Time is up ({ctx.seat_name(cmd.seat)} calls it): the game ends, and "
                         f"{', '.join(ctx.seat_name(s) for s in live)} each gain ½ victory point.")


def vp_text(vp: float) -> str:
    """Victory points as players write them: "2", "1.5", "½"."""
    whole, half = divmod(round(vp * 2), 2)
    if not half:
        return str(whole)
    return "½" if whole == 0 else f"{whole}.5"


# -- Imbued ----------------------------------------------------------------------------------------

CONVICTION_TO_RECOVER = 3


def leave_incapacitated(ctx: Ctx, cmd: C.LeaveIncapacitated) -> None:
    """During your unlock phase an incapacitated Imbued may burn 3 conviction to leave the incapacitated
    region and gain 1 life (not beyond its starting life)."""
    from vtes_desktop.engine.rules_action import convictions

    _own_turn(ctx, cmd, "unlock", "bring an Imbued back from incapacitation")
    st = ctx.st
    m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    c = st.cards[m]
    d = ctx.cdef(m)
    if "Imbued" not in d.types:
        raise Illegal("imbued", f"{d.display} is not an Imbued; only Imbued are incapacitated")
    if c.controller != cmd.seat:
        raise Illegal("control", f"{d.display} is not controlled by {ctx.seat_name(cmd.seat)}")
    if c.region != "incapacitated":
        raise Illegal("incapacitated", f"{d.display} is not incapacitated")
    conv = convictions(ctx, m)
    if len(conv) < CONVICTION_TO_RECOVER:
        raise Illegal("conviction", f"{d.display} has {len(conv)} conviction; leaving the incapacitated region "
                                    f"costs {CONVICTION_TO_RECOVER}")
    for a in conv[:CONVICTION_TO_RECOVER]:
        ctx.burn(a, "spent")
    life = min(c.counters + 1, d.capacity or 1)
    ctx.move(m, "ready", seat=c.controller, counters=life, locked=c.locked)
    ctx.emit("recovered", f"{d.display} burns {CONVICTION_TO_RECOVER} conviction, leaves the incapacitated region "
                          f"and has {life} life.", cards=(m,))
