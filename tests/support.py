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
