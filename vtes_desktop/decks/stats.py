"""Deck statistics, computed exactly (hypergeometric, no sampling).

By turn K a player has seen 7 + d·(K − 1) library cards: the opening hand and
`d` cards a turn beyond the replacements of the cards they play (d defaults
to 1, a setting the table shows beside the figures).

>>> round(at_least(60, 8, 7, 1), 4)     # one of 8 copies in a 60-card library, in the opening hand
0.6536
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from vtes_desktop.cards.db import CardDB

HAND = 7
CRYPT_DRAW = 4


def at_least(population: int, successes: int, draws: int, n: int) -> float:
    """P(at least *n* successes in *draws* cards drawn without replacement)."""
    draws = max(0, min(draws, population))
    if n <= 0:
        return 1.0
    if successes <= 0 or population <= 0:
        return 0.0
    total = comb(population, draws)
    miss = sum(comb(successes, i) * comb(population - successes, draws - i) for i in range(0, min(n, successes + 1)))
    return max(0.0, min(1.0, 1.0 - miss / total))


def seen_by_turn(turn: int, extra_per_turn: int = 1) -> int:
    """Library cards seen by turn *turn*: the opening hand plus *extra_per_turn* a turn after the first."""
    return HAND + extra_per_turn * max(0, turn - 1)


@dataclass(frozen=True, slots=True)
class Odds:
    label: str                     # a card's name or a card type
    copies: int
    by_turn: tuple[float, ...]     # P(at least `at_least` copies) in the opening hand (turn 1), then turns 2..K


def library_odds(library: dict[int, int], db: CardDB, *, turns: int = 5, extra_per_turn: int = 1,
                 need: int = 1, by: str = "card") -> list[Odds]:
    """For each card (by="card") or card type (by="type") of the library: the chance to hold at least
    *need* copies in the opening hand and by each turn up to *turns*."""
    size = sum(library.values())
    groups: dict[str, int] = {}
    for cid, n in library.items():
        d = db[cid]
        keys = [d.display] if by == "card" else list(d.types)
        for k in keys:
            groups[k] = groups.get(k, 0) + n
    out = []
    for label, copies in sorted(groups.items(), key=lambda kv: (-kv[1], kv[0])):
        out.append(Odds(label, copies, tuple(at_least(size, copies, seen_by_turn(t, extra_per_turn), need)
                                             for t in range(1, turns + 1))))
    return out


def crypt_discipline_odds(crypt: dict[int, int], db: CardDB, draws: int = CRYPT_DRAW) -> dict[str, float]:
    """The chance that the opening crypt cards include a vampire with each discipline (any level)."""
    size = sum(crypt.values())
    discs: dict[str, int] = {}
    for cid, n in crypt.items():
        for d in {x.lower() for x in db[cid].disciplines}:
            discs[d] = discs.get(d, 0) + n
    return {d: at_least(size, k, draws, 1) for d, k in sorted(discs.items(), key=lambda kv: (-kv[1], kv[0]))}


def capacity_spread(crypt: dict[int, int], db: CardDB) -> dict[int, int]:
    """How many crypt cards have each capacity (life, for Imbued)."""
    out: dict[int, int] = {}
    for cid, n in crypt.items():
        cap = db[cid].capacity or 0
        out[cap] = out.get(cap, 0) + n
    return dict(sorted(out.items()))
