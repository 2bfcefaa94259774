"""Paths the tests share: the repository root and the shared data (found through VTES_SHARED).

A module of its own (not conftest.py), so that test files can import it by a name no other folder uses.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("VTES_SHARED", str(ROOT.parent / "shared"))).resolve()


def shared_path(*parts: str) -> Path:
    """A path under the shared data. Missing data fails under CI=true and skips elsewhere."""
    p = SHARED.joinpath(*parts)
    if not p.exists():
        msg = f"shared data not found at {p} (set VTES_SHARED)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(msg)
        pytest.skip(msg)
    return p


def check_family(reading, claims, handled, family: str) -> None:
    """The checks every card family passes (cards/grammar/auto_<family>.py): each reading it gives over the
    whole library has engine code behind it (*handled*, the names its engine module carries out), and a clause
    it claims belongs to it alone (`effects.owner`)."""
    from vtes_desktop.cards.db import load_db
    from vtes_desktop.cards.grammar import compile_rules, effects

    kinds = set()
    for c in load_db().library:
        r = compile_rules(c)
        for m in r.modes:
            for e in m.effects:
                got = reading(e, r.types)
                if got is None:
                    continue
                kinds.add(got[0])
                if claims(e, r.types) is not None:
                    assert effects.owner(e, r.types) == family, (c.name, e.text)
    assert kinds <= set(handled), sorted(kinds - set(handled))
