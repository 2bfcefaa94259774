"""The Learn screen under test: progress in a temporary data folder, lessons played offscreen."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    d = tmp_path / "data"
    monkeypatch.setenv("VTES_DESKTOP_DATA", str(d))
    monkeypatch.setenv("VTES_DESKTOP_CONFIG", str(tmp_path / "config"))
    return d


@pytest.fixture
def learn(qtbot, db):
    """The Learn screen, shown."""
    from vtes_desktop.ui.learn.learn_window import LearnWindow
    from vtes_desktop.ui.theme import load_theme

    w = LearnWindow(db, load_theme("dark"))
    qtbot.addWidget(w)
    w.show()
    return w
