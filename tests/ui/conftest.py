"""Qt fixtures: a main window over the session card database, settings in a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def config_dir(tmp_path, monkeypatch):
    d = tmp_path / "config"
    monkeypatch.setenv("VTES_DESKTOP_CONFIG", str(d))
    return d


@pytest.fixture
def make_window(qtbot, config_dir):
    """A factory: `make_window(db=db, theme="dark")` builds and shows a main window."""
    from vtes_desktop.ui.main_window import MainWindow
    from vtes_desktop.ui.settings import load_settings
    from vtes_desktop.ui.theme import apply_theme, load_theme

    def make(db=None, theme: str | None = None):
        settings = load_settings()
        if theme:
            settings.theme = theme
        t = load_theme(settings.theme)
        apply_theme(qtbot_app(), t)
        w = MainWindow(settings, t)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        if db is not None:
            w.set_db(db)
        return w

    return make


def qtbot_app():
    from PySide6.QtWidgets import QApplication

    return QApplication.instance()


@pytest.fixture
def window(make_window, db):
    return make_window(db=db)


@pytest.fixture
def small_deck() -> Path:
    """A TWD-style deck: 4 crypt cards, 9 library cards in 4 types, and line 19 naming no card."""
    return FIXTURES / "small_deck.txt"
