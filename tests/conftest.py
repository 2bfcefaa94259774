"""Shared fixtures. Qt runs offscreen; the shared data is found through VTES_SHARED."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
# One card cache for the whole test session, kept between runs.
os.environ.setdefault("VTES_DESKTOP_CACHE", str(ROOT / ".pytest_cache" / "carddb"))
os.environ.setdefault("VTES_DESKTOP_DATA", str(ROOT / ".pytest_cache" / "userdata"))
os.environ.setdefault("VTES_DESKTOP_CONFIG", str(ROOT / ".pytest_cache" / "config"))

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


@pytest.fixture(scope="session")
def db():
    from vtes_desktop.cards import load_db

    return load_db()


@pytest.fixture(scope="session")
def shared():
    return shared_path()
