"""Shared fixtures. Qt runs offscreen; the shared data is found through VTES_SHARED."""

from __future__ import annotations

import os

import pytest

from support import ROOT, shared_path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# One card cache for the whole test session, kept between runs.
os.environ.setdefault("VTES_DESKTOP_CACHE", str(ROOT / ".pytest_cache" / "carddb"))
os.environ.setdefault("VTES_DESKTOP_DATA", str(ROOT / ".pytest_cache" / "userdata"))
os.environ.setdefault("VTES_DESKTOP_CONFIG", str(ROOT / ".pytest_cache" / "config"))


@pytest.fixture(scope="session")
def db():
    from vtes_desktop.cards import load_db

    return load_db()


@pytest.fixture(scope="session")
def shared():
    return shared_path()
