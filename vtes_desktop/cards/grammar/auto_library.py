"""Cards that move cards between the library, hand, ash heap and crypt, whatever their type: search the library (shuffle afterward), look at the top cards, draw, discard, reveal, put on top or bottom, take from an ash heap, and the blood bank moves that go with them.

`reading(e, types)` gives the structured reading of one clause (a tuple whose first item names it), or None
when this family does not read it; `automated(e, types)` is True exactly when there is a reading. The engine
side is `engine/effects_library.py`, which acts only on the clauses this family *claims* (`claims`): those it
reads that neither the core vocabulary nor a family before it in `effects._families()` resolves, so no clause
is carried out twice. Scenarios: tests/scenarios/1860-1909; engine test: tests/engine/test_auto_library.py.

Readings: (none yet)
"""

from __future__ import annotations

from vtes_desktop.cards.grammar.model import Effect


def reading(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """What the engine does for *e* (a clause of a card of *types*), or None if this family does not read it."""
    return None


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    return reading(e, types) is not None


def claims(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """The reading of *e* when this family is the one that resolves it, else None."""
    r = reading(e, types)
    if r is None:
        return None
    from vtes_desktop.cards.grammar import effects

    return r if effects.owner(e, types) == "auto_library" else None
