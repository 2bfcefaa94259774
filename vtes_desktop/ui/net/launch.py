"""From the window to a LAN table: host or join, wait in the lobby, then play at the table.

`host_game` asks for the table's settings, starts `vtes-desktop host` as a
child process and joins it over loopback; `join_game` asks for an address (or
a game found on the network). Both show the lobby, then open a table window
over the `NetSession` when the game starts.

The main window calls `host_from_window`, `join_from_window` (Game > Host a
game…, Join a game…) and `choose_lan` (the welcome panel's button: a small menu
of the two). The dialogs start with the name last played under (kept in
`lan.json` in the settings folder) and the deck last opened in the window.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QDialog, QMenu, QMessageBox, QVBoxLayout, QWidget

from vtes_desktop.ui.net.host_dialog import HostDialog, HostedGame, HostParams
from vtes_desktop.ui.net.join_dialog import JoinDialog, JoinParams
from vtes_desktop.ui.net.lobby_widget import LobbyWidget
from vtes_desktop.ui.net.session import NetSession
from vtes_desktop.ui.net.table_talk import add_table_talk

_open: list = []   # lobbies, tables and hosts alive (a window holds no parent)


class LobbyWindow(QDialog):
    """The lobby of one session; opens the table when the game starts."""

    def __init__(self, db, theme, session: NetSession, *, hosted: HostedGame | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db, self.theme, self.session, self.hosted = db, theme, session, hosted
        self.setWindowTitle("Lobby")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.lobby = LobbyWidget(session)
        QVBoxLayout(self).addWidget(self.lobby)
        self.lobby.started.connect(self.open_table)
        self.table = None
        self.resize(520, 480)

    def open_table(self):
        from vtes_desktop.ui.table import table_settings
        from vtes_desktop.ui.table.table_window import TableWindow

        win = TableWindow(self.db, self.theme, table_settings.load(), persist=False)
        win.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        win.set_session(self.session)
        add_table_talk(win, self.session)
        w = self.session.welcome
        if w is not None:
            where = f" at {w.table}" if w.table else ""
            win.setWindowTitle(f"VTES Desktop \u2014 {w.name}{' watching' if w.spectator else ''}{where} "
                               f"(network)")
        session, hosted = self.session, self.hosted

        def closed(*_):
            session.close()
            if hosted is not None:
                hosted.stop()
            for o in (win, hosted):
                if o in _open:
                    _open.remove(o)

        win.destroyed.connect(closed)
        _open.append(win)
        if hosted is not None:
            _open.append(hosted)
        self.table = win
        win.show()
        self.hosted = None     # the table window owns the host from now on
        self.accept()
        return win

    def done(self, result: int) -> None:
        if self.table is None:          # left before the game started
            self.session.close()
            if self.hosted is not None:
                self.hosted.stop()
        if self in _open:
            _open.remove(self)
        super().done(result)


def open_lobby(db, theme, params: JoinParams, *, hosted: HostedGame | None = None, parent=None) -> LobbyWindow:
    session = NetSession.connect_to(db, params.host, params.port, params.name, password=params.password,
                                    deck=params.deck, spectator=params.spectator)
    win = LobbyWindow(db, theme, session, hosted=hosted, parent=parent)
    _open.append(win)
    win.show()
    return win


def join_game(parent, db, theme, *, name: str = "", deck_path: str = "") -> LobbyWindow | None:
    dlg = JoinDialog(parent, name=name)
    if deck_path:
        dlg.deck.setText(deck_path)
    if dlg.exec() != QDialog.DialogCode.Accepted or dlg.params is None:
        return None
    remember_name(dlg.params.name)
    return open_lobby(db, theme, dlg.params, parent=parent)


def host_game(parent, db, theme, *, name: str = "", deck_path: str = "") -> LobbyWindow | None:
    dlg = HostDialog(parent, name=name)
    if deck_path:
        dlg.deck.setText(deck_path)
    if dlg.exec() != QDialog.DialogCode.Accepted or dlg.params is None:
        return None
    remember_name(dlg.params.name)
    return start_hosting(parent, db, theme, dlg.params)


def start_hosting(parent, db, theme, params: HostParams) -> LobbyWindow | None:
    try:
        hosted = HostedGame(params)
    except (RuntimeError, OSError) as e:
        QMessageBox.warning(parent, "Cannot host the game", str(e))
        return None
    join = JoinParams("127.0.0.1", hosted.port, params.name, params.password, params.deck, False)
    return open_lobby(db, theme, join, hosted=hosted, parent=parent)


# -- from the main window ------------------------------------------------------------------------

LAN_FILE = "lan.json"


def _lan_path() -> Path:
    from vtes_desktop.ui.settings import config_dir

    return config_dir() / LAN_FILE


def last_name() -> str:
    from vtes_desktop.ui.json_store import read_json

    doc = read_json(_lan_path(), "LAN settings") or {}
    name = doc.get("name")
    return name if isinstance(name, str) else ""


def remember_name(name: str) -> None:
    from vtes_desktop.ui.json_store import write_json

    if name and name != last_name():
        write_json(_lan_path(), {"name": name}, "LAN settings")


def _from_window(window, open_fn) -> LobbyWindow | None:
    if getattr(window, "db", None) is None:
        window.statusBar().showMessage("The cards are still loading", 3000)
        return None
    settings = getattr(window, "settings", None)
    deck = getattr(settings, "last_deck", "") or ""
    return open_fn(window, window.db, window.theme, name=last_name(), deck_path=deck)


def host_from_window(window) -> LobbyWindow | None:
    """Game > Host a game…: the Host dialog, then a host process and its lobby."""
    return _from_window(window, host_game)


def join_from_window(window) -> LobbyWindow | None:
    """Game > Join a game…: the Join dialog (games found on the network, or an address), then the lobby."""
    return _from_window(window, join_game)


class LanMenu(QMenu):
    """The welcome panel's choice between hosting and joining."""


def choose_lan(window, anchor: QWidget | None = None) -> LobbyWindow | None:
    """A small menu, Host a game… / Join a game…, under *anchor* (or at the pointer); runs the one chosen."""
    menu = LanMenu(window)
    host = menu.addAction("Host a game…")
    host.setToolTip("Start a table on this computer; the others join it")
    join = menu.addAction("Join a game…")
    join.setToolTip("Sit down at a table hosted on this network")
    where = anchor.mapToGlobal(QPoint(0, anchor.height())) if anchor is not None else QCursor.pos()
    chosen = menu.exec(where)
    if chosen is host:
        return host_from_window(window)
    if chosen is join:
        return join_from_window(window)
    return None
