"""The end of a game in figures: victory points, ousted or standing, and the game win.

No Qt. The engine does not yet say who won the game; this module reads the
victory points from the view and applies the tournament convention for the
game win (the most victory points, and at least 2, with no tie), labelled as
such on the final screen, until the engine reports it (see the report).
"""

from __future__ import annotations

from dataclasses import dataclass

GAME_WIN_MIN_VP = 2


@dataclass(frozen=True)
class Standing:
    name: str
    vp: float
    ousted: bool
    game_win: bool


def standings(view) -> list[Standing]:
    seats = list(view.seats)
    top = max((s.vp for s in seats), default=0)
    leaders = [s for s in seats if s.vp == top]
    gw = leaders[0].name if len(leaders) == 1 and top >= GAME_WIN_MIN_VP else None
    rows = [Standing(s.name, s.vp, s.ousted, s.name == gw) for s in seats]
    return sorted(rows, key=lambda r: (-r.vp, r.ousted))
