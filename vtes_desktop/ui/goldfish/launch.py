"""Opening the goldfish table and the deck statistics from the main window (kept alive here)."""

from __future__ import annotations

from vtes_desktop.ui.goldfish.deck_cards import DeckCards

_open: list = []   # goldfish windows and statistics dialogs without a parent that keeps them


def _keep(w) -> None:
    from PySide6.QtCore import Qt

    w.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    _open.append(w)
    w.destroyed.connect(lambda *_: _open.remove(w) if w in _open else None)


def open_goldfish(db, theme, deck: DeckCards, *, seed: int | None = None):
    """A goldfish table for *deck*, shown; None (and nothing opened) when the deck cannot be goldfished."""
    if deck.goldfish_problem():
        return None
    from vtes_desktop.ui.goldfish.goldfish_window import GoldfishWindow
    from vtes_desktop.ui.table import table_settings

    win = GoldfishWindow(db, theme, deck, table_settings.load(), seed=seed)
    _keep(win)
    win.show()
    return win


def open_stats(db, theme, deck: DeckCards, *, tab: str = "odds", parent=None):
    from vtes_desktop.ui.goldfish.stats_dialog import DeckStatsDialog

    dlg = DeckStatsDialog(db, deck, theme, parent, tab=tab)
    _keep(dlg)
    dlg.show()
    return dlg
