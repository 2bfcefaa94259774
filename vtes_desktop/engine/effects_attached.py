"""The engine side of `cards/grammar/auto_attached.py`: it carries out the readings that family claims.

`HANDLED` names every reading this module carries out (tests/engine/test_auto_attached.py checks that each reading
the family gives over the whole card list is in it).
"""

from __future__ import annotations

HANDLED: frozenset[str] = frozenset()
