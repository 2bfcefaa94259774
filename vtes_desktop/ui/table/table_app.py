"""Opening the table from the command line and from the main window.

`main(args)`: `vtes-desktop --open FILE` and `vtes-desktop table --open FILE`
(with `--screenshot OUT.png` it renders offscreen and exits, see
`screenshot.py`). `open_table(...)`: a table window next to the card
browser (Game menu). `offer_resume(parent)`: at start, offer the last
unfinished game.
"""

from __future__ import annotations

import sys

_windows: list = []   # open table windows (kept alive here)


def open_table(db, theme, *, path: str | None = None, new: bool = False, resume: bool = False, parent=None):
    """A table window: opening *path*, or asking for a new game, or offering the unfinished games."""
    from PySide6.QtCore import Qt

    from vtes_desktop.ui.table import table_settings
    from vtes_desktop.ui.table.table_window import TableWindow

    win = TableWindow(db, theme, table_settings.load())
    win.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    _windows.append(win)
    win.destroyed.connect(lambda *_: _windows.remove(win) if win in _windows else None)
    ok = True
    if path:
        ok = win.open_path(path)
    elif resume:
        win.resume_dialog()
        ok = win.session is not None
    elif new:
        win.new_game()
        ok = win.session is not None
    if not ok:
        win.close()
        return None
    win.show()
    return win


def offer_resume(parent, db, theme) -> None:
    """At start: if a game was left unfinished, offer to go on with it."""
    from PySide6.QtWidgets import QMessageBox

    from vtes_desktop.ui.table import storage

    games = storage.unfinished_games()
    if not games:
        return
    g = games[0]
    box = QMessageBox(parent)
    box.setWindowTitle("Resume a game?")
    box.setText("A game was left unfinished.")
    box.setInformativeText(g.describe() + "\n\nResume it now?")
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    if box.exec() == QMessageBox.StandardButton.Yes:
        open_table(db, theme, path=str(g.path), parent=parent)


def main(args) -> int:
    path = getattr(args, "open", None)
    shot = getattr(args, "screenshot", None)
    if shot:
        from vtes_desktop.ui.table.screenshot import render

        if not path:
            print("vtes-desktop: --screenshot of the table needs --open FILE", file=sys.stderr)
            return 2
        return render(path, shot, seat=getattr(args, "seat", None), size=getattr(args, "size", None) or "1600x1000",
                      after_step=getattr(args, "after_step", None))
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    from vtes_desktop.cards import load_db
    from vtes_desktop.ui.app import _message_handler, _set_icon
    from vtes_desktop.ui.settings import load_settings
    from vtes_desktop.ui.theme import apply_theme, load_theme

    qInstallMessageHandler(_message_handler)
    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "vtes-desktop"])
    app.setApplicationName("vtes-desktop")
    app.setApplicationDisplayName("VTES Desktop")
    theme = load_theme(load_settings().theme)
    apply_theme(app, theme)
    _set_icon(app)
    db = load_db()
    win = open_table(db, theme, path=path, new=not path)
    if win is None:
        return 1
    return app.exec()
