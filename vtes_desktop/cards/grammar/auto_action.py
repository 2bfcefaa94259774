"""Effects of the action family that the engine resolves, beyond the core ones in `effects.automated`.

`automated(e, types)` answers True only for an effect the engine carries out by itself; each True here is
backed by engine code and a scenario that proves it.
"""

from __future__ import annotations

from vtes_desktop.cards.grammar.model import Effect


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    return False
