"""Loads the card database off the GUI thread, so the window shows before the cards do.

A warm start reads the cache in a few tens of milliseconds; a cold start builds
it (about a second) while the window shows the progress messages. The worker
also makes every card, reads the rulings and builds the search index, so the GUI thread never pays for
the database's lazy loading (and never shares it with the worker).
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Signal


class DbLoader(QObject):
    progress = Signal(str)
    loaded = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: threading.Thread | None = None
        self.db = None

    def start(self) -> None:
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="carddb-loader", daemon=True)
        self._thread.start()

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self) -> None:
        try:
            from vtes_desktop.cards import load_db

            db = load_db(progress=self.progress.emit)
            for _ in db:   # make every card now, in this thread
                pass
            db.rulings(0)  # read the rulings
            from vtes_desktop.cards import query

            query.search(db, "", limit=1)  # and build the search index
        except Exception as e:  # noqa: BLE001 - any failure is shown in the window
            self.failed.emit(f"The card database could not be loaded: {e}")
            return
        self.db = db
        self.loaded.emit(db)
