"""`vtes-desktop` (and `vtes-desktop window`): the application and its fast start.

The window shows before the cards are read: only Qt and the window's own
modules are imported before `show()`; the card database is loaded in a worker
thread right after (a few tens of milliseconds warm; on a cold start the
browser shows the cache being built). With `--screenshot PNG` the window is
built at its default size, waits for the cards (and `--deck`), renders and is
saved, and the program exits. `VTES_DESKTOP_BENCH_SHOWN=1` prints
`vtes-desktop:shown` when the window is first exposed and `vtes-desktop:ready`
when the cards are listed, then quits: the startup benchmark reads these.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

SHOWN_MARKER = "vtes-desktop:shown"
READY_MARKER = "vtes-desktop:ready"
#: Qt messages that say nothing useful to a user (the offscreen platform's size hints).
_QUIET = ("This plugin does not support propagateSizeHints()",)


def _message_handler(_mode, _context, message: str) -> None:
    if not message.startswith(_QUIET):
        print(message, file=sys.stderr)


def main(args=None) -> int:
    screenshot = getattr(args, "screenshot", None)
    deck = getattr(args, "deck", None)
    bench = os.environ.get("VTES_DESKTOP_BENCH_SHOWN") == "1"

    from PySide6.QtCore import QEvent, QObject, QTimer, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    qInstallMessageHandler(_message_handler)
    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "vtes-desktop"])
    app.setApplicationName("vtes-desktop")
    app.setApplicationDisplayName("VTES Desktop")

    from vtes_desktop.ui.db_loader import DbLoader
    from vtes_desktop.ui.main_window import MainWindow
    from vtes_desktop.ui.settings import load_settings
    from vtes_desktop.ui.theme import apply_theme, load_theme

    settings = load_settings()
    theme = load_theme(settings.theme)
    apply_theme(app, theme)
    window = MainWindow(settings, theme, persist=not (screenshot or bench))
    if not screenshot:
        window.restore_geometry()
    deck_path = startup_deck(deck, settings.last_deck, reopen=not (screenshot or bench))
    if deck_path:
        window.open_deck_file(deck_path)   # read once the cards are loaded

    loader = DbLoader(window)
    loader.progress.connect(window.cache_progress)
    loader.loaded.connect(window.set_db)
    loader.failed.connect(window.db_failed)
    status = {"code": 0}

    class _FirstExpose(QObject):
        def eventFilter(self, obj, event) -> bool:
            if event.type() == QEvent.Type.Expose and obj.isExposed():
                obj.removeEventFilter(self)
                QTimer.singleShot(0, after_shown)
            return False

    def after_shown() -> None:
        if bench:
            print(SHOWN_MARKER, flush=True)
        loader.start()
        _set_icon(app)

    def on_ready() -> None:
        if bench:
            print(READY_MARKER, flush=True)
            app.quit()
        elif screenshot:
            QTimer.singleShot(80, save_screenshot)
        elif window.db is not None:
            QTimer.singleShot(0, offer_resume)

    def offer_resume() -> None:
        from vtes_desktop.ui.table.table_app import offer_resume as offer

        offer(window, window.db, window.theme)

    def save_screenshot() -> None:
        window.repaint()
        app.processEvents()
        out = Path(screenshot)
        out.parent.mkdir(parents=True, exist_ok=True)
        if not window.grab().save(str(out), "PNG"):
            print(f"vtes-desktop: could not write {out}", file=sys.stderr)
            status["code"] = 1
        window.close()
        app.quit()

    window.ready.connect(on_ready)
    window.show()
    handle = window.windowHandle()
    expose = _FirstExpose(window)
    if handle is not None:
        handle.installEventFilter(expose)
    else:  # pragma: no cover - a shown top-level widget always has a window
        QTimer.singleShot(0, after_shown)
    code = app.exec()
    loader.wait(5)
    return status["code"] or code


def startup_deck(asked: str | None, last: str, *, reopen: bool) -> str | None:
    """The deck to open at start: `--deck`, else the last deck when it still exists (and *reopen*)."""
    if asked:
        return asked
    if reopen and last and Path(last).is_file():
        return last
    return None


def _set_icon(app) -> None:
    from PySide6.QtGui import QIcon

    from vtes_desktop.ui.theme import resources_dir

    icon = resources_dir() / "icons" / "vtes-desktop.svg"
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
