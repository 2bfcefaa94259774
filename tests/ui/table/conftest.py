"""The table under test: a written position, a table window over a local session, synthetic drags.

A real `QDrag.exec()` cannot be driven offscreen, so a drag is three
synthetic events sent to the view's viewport (enter, move, drop) carrying
the same MIME data an item's drag carries. Games record to a temporary
folder (`VTES_DESKTOP_DATA`), never to the user's.
"""

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
def table(qtbot, db):
    """table(game, seat=0, hotseat=False, privacy=False, path=None) -> the shown TableWindow (its .session)."""
    from vtes_desktop.ui.table.session import LocalSession
    from vtes_desktop.ui.table.table_settings import TableSettings
    from vtes_desktop.ui.table.table_window import TableWindow
    from vtes_desktop.ui.theme import load_theme

    def make(game, *, seat=0, hotseat=False, privacy=False, path=None, auto_pass=True, size=(1400, 900)):
        win = TableWindow(db, load_theme("dark"), TableSettings(privacy_screen=privacy, auto_pass=auto_pass),
                          persist=False)
        win.scene.animate = False
        qtbot.addWidget(win)
        win.resize(*size)
        session = LocalSession(game, path=path, seat=seat, hotseat=hotseat, auto_pass=auto_pass)
        win.set_session(session)
        win.show()
        qtbot.waitExposed(win)
        win.view.fit()
        return win

    return make


