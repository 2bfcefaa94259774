"""Manual moves, as at a real table: they bypass the rules checks and are logged as manual.

The engine carries on from the resulting state. `damage` is the exception
that is half manual: it opens a damage window that the damage rules resolve.
"""

from __future__ import annotations

from vtes_desktop.engine import commands as C
from vtes_desktop.engine import flow
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.state import REGIONS, Hit, ManualFrame


def _seat(ctx: Ctx, cmd, player) -> int:
    if player is None:
        return cmd.seat
    if isinstance(player, int):
        if not 0 <= player < len(ctx.st.seats):
            raise Malformed("player", f"no seat {player}")
        return player
    return ctx.game.seat_of(player)


def apply(ctx: Ctx, cmd: C.Command) -> None:
    st = ctx.st
    who = ctx.seat_name(cmd.seat)
    t = cmd.type
    if t == "move":
        iid = flow.ref(ctx, cmd.seat, cmd.card)
        dest = cmd.to
        if isinstance(dest, str) and dest in REGIONS:
            seat = _seat(ctx, cmd, cmd.player) if cmd.player is not None else None
            ctx.move(iid, dest, seat=seat)
            ctx.emit("moved", f"{who} moves {ctx.name(iid)} to {dest.replace('_', ' ')}.")
        else:
            host = flow.ref(ctx, cmd.seat, dest)
            ctx.move(iid, "attached", host=host)
            ctx.emit("moved", f"{who} puts {ctx.name(iid)} on {ctx.name(host)}.")
    elif t == "counters":
        if cmd.on == "pool":
            seat = _seat(ctx, cmd, cmd.player)
            ctx.pool(seat, cmd.delta, "by hand")
        else:
            iid = flow.ref(ctx, cmd.seat, cmd.on)
            c = st.cards[iid]
            ctx.update(iid, counters=max(0, c.counters + cmd.delta))
            ctx.emit("counters", f"{who} {'adds' if cmd.delta > 0 else 'removes'} {abs(cmd.delta)} counter(s) "
                                 f"{'to' if cmd.delta > 0 else 'from'} {ctx.name(iid)}.")
            if cmd.delta < 0 and st.cards[iid].counters == 0:
                from vtes_desktop.engine.effects_master import emptied

                emptied(ctx, iid)   # "burn this card when it has no counters"
    elif t in ("lock", "unlock"):
        iid = flow.ref(ctx, cmd.seat, cmd.card)
        ctx.update(iid, locked=(t == "lock"))
        ctx.emit(t, f"{who} {t}s {ctx.name(iid)}.")
    elif t == "damage":
        iid = flow.ref(ctx, cmd.seat, cmd.target)
        if cmd.normal < 0 or cmd.aggravated < 0 or cmd.normal + cmd.aggravated == 0:
            raise Malformed("damage", "give a positive amount of normal or aggravated damage")
        from vtes_desktop.engine import rules_combat

        rules_combat.open_damage(ctx, (Hit(iid, cmd.normal, cmd.aggravated),))
    elif t == "draw":
        seat = _seat(ctx, cmd, cmd.player)
        if cmd.from_ == "crypt":
            for _ in range(cmd.count):
                crypt = st.region(seat, "crypt")
                if crypt:
                    ctx.move(crypt[0], "uncontrolled", seat=seat)
            ctx.emit("drew", f"{ctx.seat_name(seat)} draws {cmd.count} crypt card(s).")
        else:
            ctx.draw(seat, cmd.count)
    elif t == "shuffle":
        seat = _seat(ctx, cmd, cmd.player)
        ctx.shuffle(seat, cmd.region)
        ctx.emit("shuffled", f"{ctx.seat_name(seat)}'s {cmd.region} is shuffled.")
    elif t == "edge":
        st.edge = None if cmd.to in (None, "none") else _seat(ctx, cmd, cmd.to)
        ctx.emit("edge", f"The Edge goes to {ctx.seat_name(st.edge)}.")
    elif t == "reveal":
        iid = flow.ref(ctx, cmd.seat, cmd.card)
        ctx.update(iid, face_down=False)
        ctx.emit("revealed", f"{who} reveals {ctx.name(iid)}.")
    elif t == "done":
        f = st.top
        if not isinstance(f, ManualFrame):
            raise Illegal("done", "no effect is waiting to be carried out by hand")
        flow.pop(ctx)
        ctx.emit("done", f"{who}: done with {f.what}.")
    else:
        raise Malformed("command", f"unknown manual move {t!r}")
