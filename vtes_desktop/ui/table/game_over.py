"""The end of a game in figures: victory points, ousted, withdrawn or standing, and the game win.

No Qt. The engine decides the game win (the most victory points, at least
`GAME_WIN_MIN_VP`, with no tie: the tournament convention) and writes the
victory points as players write them ("1.5"); this module only puts the
seats in order for the final screen.
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
    withdrawn: bool = False
    vp_text: str = ""

    @property
    def status(self) -> str:
        return "withdrew" if self.withdrawn else "ousted" if self.ousted else ""


def standings(view) -> list[Standing]:
    seats = list(view.seats)
    scores = tuple(getattr(view, "scores", ()) or ())
    withdrawn = set(getattr(view, "withdrawn", ()) or ())
    winner = getattr(view, "winner", None)
    rows = [Standing(s.name, s.vp, s.ousted and i not in withdrawn, i == winner, i in withdrawn,
                     scores[i] if i < len(scores) else f"{s.vp:g}")
            for i, s in enumerate(seats)]
    return sorted(rows, key=lambda r: (-r.vp, r.ousted or r.withdrawn))


def ending(view) -> str:
    """How the game ended, in a few words."""
    if getattr(view, "ended_by", None) == "time_out":
        return "Time is up: each Methuselah still in the game gains half a victory point."
    return "One Methuselah is left standing." if any(not s.ousted for s in view.seats) else \
        "No Methuselah is left standing."
