"""Cards that sit on a minion (or a Methuselah) once played: "(D) Put this card on a ready vampire", "Put this card on this acting vampire", and their lasting effects on the minion that carries them ("the attached minion gets -1 stealth", "cannot block", "does not unlock as normal"), the ways to burn them ("any minion can burn this card as an action", "burn this card during your next unlock phase") and the moments they act at. Any card type except those an earlier family already reads.

`reading(e, types)` gives the structured reading of one clause (a tuple whose first item names it), or None
when this family does not read it; `automated(e, types)` is True exactly when there is a reading. The engine
side is `engine/effects_attached.py`, which acts only on the clauses this family *claims* (`claims`): those it
reads that neither the core vocabulary nor a family before it in `effects._families()` resolves, so no clause
is carried out twice. Scenarios: tests/scenarios/1760-1809; engine test: tests/engine/test_auto_attached.py.

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

    return r if effects.owner(e, types) == "auto_attached" else None
