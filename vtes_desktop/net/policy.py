"""A scripted player that sees only what a client sees: its view and its legal answer.

The network tests and `bench net` play with it. It follows the engine bench's
scripted player (`engine.bench.next_command`): bleed with every vampire that
has blood and hunt with the others, block two turns in three, strike with the
hand, move blood onto the first uncontrolled vampire and bring in whoever is
ready, discard one card, end the phase.
"""

from __future__ import annotations

from vtes_desktop.engine.views import SeatView


def choose(view: SeatView, legal: dict, memo: dict) -> dict | None:
    """The command (wire form, cards by view id) to send now, or None when the seat has nothing to do."""
    if not legal.get("holds_impulse"):
        return None
    seat = view.seat
    cmds = legal.get("commands", [])
    amounts = legal.get("amounts", [])
    types = {c["type"] for c in cmds}
    if "decline_block" in types:
        if view.turn % 3 != 0:
            for c in cmds:
                if c["type"] == "block":
                    return c
        return next(c for c in cmds if c["type"] == "decline_block")
    for c in cmds:
        if c["type"] == "strike" and c.get("strike") == "hand":
            return c
    if "pass" in types:
        return next(c for c in cmds if c["type"] == "pass")
    me = view.seats[seat]
    if view.phase == "minion":
        actions = [c for c in cmds if c["type"] == "action" and c.get("kind") in ("bleed", "hunt")]
        for m in me.regions.get("ready", ()):
            if m.locked:
                continue
            want = "hunt" if m.counters == 0 else "bleed"
            for kind in (want, "hunt"):
                for c in actions:
                    if c.get("minion") == m.id and c["kind"] == kind:
                        return c
    if view.phase == "influence":
        for c in cmds:
            if c["type"] == "influence":
                return c
        unc = me.regions.get("uncontrolled", ())
        if unc and view.transfers > 0 and me.pool > 4:
            for c, r in zip(cmds, amounts):
                if c["type"] == "transfer" and c.get("to") == unc[0].id and r:
                    return dict(c, amount=max(r[0], min(r[1], me.pool - 4)))
        if not unc and view.transfers >= 4 and "move_crypt" in types:
            return next(c for c in cmds if c["type"] == "move_crypt")
    if view.phase == "discard" and view.hand and memo.get("discarded") != view.turn and view.active == seat:
        memo["discarded"] = view.turn
        return {"type": "discard", "seat": seat, "card": view.hand[0].id}
    if "end_phase" in types:
        return {"type": "end_phase", "seat": seat}
    if view.manual:
        return {"type": "done", "seat": seat}
    return {"type": "pass", "seat": seat}
