"""The votes a seat can still cast, each with the commands that cast it for or against.

No Qt, no rules. The referendum's tally (`TallyView.uncast`) names the sources
of votes each Methuselah still holds ("Belinde", "the Edge", the card that
called the referendum, "a political action card from hand"); the engine's
legal answer lists the votes from political action cards in hand. Each source
is turned into the `Vote` commands that name it, and each command is kept only
when the engine accepts it now (*can*). The engine decides which votes count.

Why here: the legal answer's `commands` lists no vote from a titled vampire,
the Edge or the calling card (see the report on issue 9); this fills the gap
by asking the engine about each source the view names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from vtes_desktop.engine import commands as C

FROM_HAND = "a political action card from hand"


@dataclass(frozen=True, slots=True)
class VoteOption:
    label: str                      # the source, as the tally names it ("Belinde", "the Edge", a card)
    votes: int
    for_: C.Vote | None             # the command that casts it for, when accepted now
    against: C.Vote | None


def _ref_for(view, source: str):
    """The reference a Vote names for *source*, as the seat on show sees it (None: not a card it can name)."""
    if source == "the Edge":
        return "edge"
    me = view.seats[view.seat]
    for region in ("ready", "in_play"):
        for c in me.regions.get(region, ()):
            if c.name == source:
                return c.id
    a = view.action
    if a is not None and a.card_id and a.seat == view.seat:
        return a.card_id   # the card that called the referendum, set aside while it runs
    return None


def vote_options(view, legal, can: Callable[[C.Command], object],
                 name: Callable[[object], str] | None = None) -> list[VoteOption]:
    """The votes the seat on show can cast now, by source; empty outside the polling step.

    *can(cmd)* asks the engine (None: accepted); *name(ref)* names a hand card the legal answer refers to.
    """
    t = view.tally
    if t is None or t.step != "polling":
        return []
    me = view.seats[view.seat].name
    held = dict(t.uncast).get(me, ())
    out: list[VoteOption] = []
    for source, n in held:
        if source == FROM_HAND:
            continue   # each political action card in hand is offered below, from the legal answer
        ref = _ref_for(view, source)
        if ref is None:
            continue
        cmds = []
        for side in ("for", "against"):
            c = C.Vote(seat=view.seat, side=side, **{"with": ref})
            cmds.append(c if can(c) is None else None)
        if any(cmds):
            out.append(VoteOption(source, n, cmds[0], cmds[1]))
    if legal is not None:
        for ref, ans in legal.cards.items():
            sides = {u.command.side: u.command for u in ans.uses if u.command.type == "vote"}
            if sides:
                label = name(ref) if name is not None else "a political action card"
                out.append(VoteOption(f"{label} (from hand)", 1, sides.get("for"), sides.get("against")))
    return out
