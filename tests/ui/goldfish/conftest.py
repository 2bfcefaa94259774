"""The goldfish under test: a small deck, a goldfish window over it, screenshots on request.

Screenshots go to `$VTES_SCREENSHOTS` when it is set (to look at them), else to
the test's temporary folder. Games and settings stay in temporary folders.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    d = tmp_path / "data"
    monkeypatch.setenv("VTES_DESKTOP_DATA", str(d))
    monkeypatch.setenv("VTES_DESKTOP_CONFIG", str(tmp_path / "config"))
    return d


@pytest.fixture
def small_cards(db):
    """The small TWD deck of tests/ui/fixtures: 4 crypt cards, 8 library cards the import understood."""
    from vtes_desktop.decks import load_deck
    from vtes_desktop.ui.goldfish.deck_cards import DeckCards

    return DeckCards.from_deck(load_deck(FIXTURES / "small_deck.txt", db))


@pytest.fixture
def twda_cards(db, shared):
    """A tournament-winning deck of the shared data (12 crypt, 90 library)."""
    from vtes_desktop.decks import load_deck
    from vtes_desktop.ui.goldfish.deck_cards import DeckCards

    return DeckCards.from_deck(load_deck(shared / "data" / "twda-sample" / "2014tdpbdvbs.txt", db))


@pytest.fixture
def goldfish(qtbot, db):
    """goldfish(deck, seed=7, theme="dark") -> a shown GoldfishWindow."""
    from PySide6.QtWidgets import QApplication

    from vtes_desktop.ui.goldfish.goldfish_window import GoldfishWindow
    from vtes_desktop.ui.table.table_settings import TableSettings
    from vtes_desktop.ui.theme import apply_theme, load_theme

    def make(deck, *, seed=7, theme="dark", size=(1500, 950)):
        t = load_theme(theme)
        apply_theme(QApplication.instance(), t)
        win = GoldfishWindow(db, t, deck, TableSettings(privacy_screen=True), seed=seed,
                             persist=False)
        win.scene.animate = False
        qtbot.addWidget(win)
        win.resize(*size)
        win.show()
        qtbot.waitExposed(win)
        win.view.fit()
        return win

    return make


@pytest.fixture
def shot(tmp_path):
    """shot(widget, name) -> the PNG written (to $VTES_SCREENSHOTS when set)."""
    from PySide6.QtWidgets import QApplication

    def save(widget, name: str) -> Path:
        folder = Path(os.environ.get("VTES_SCREENSHOTS") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        for _ in range(3):
            QApplication.processEvents()
        path = folder / f"{name}.png"
        img = widget.grab().toImage()
        assert img.save(str(path), "PNG")
        # not a blank picture: many colours in it
        colours = {img.pixel(x, y) for x in range(0, img.width(), 7) for y in range(0, img.height(), 7)}
        assert len(colours) > 20, name
        return path

    return save
