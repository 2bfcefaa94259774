"""From the window to a LAN table: host or join, wait in the lobby, then play at the table.

`host_game` asks for the table's settings, starts `vtes-desktop host` as a
child process and joins it over loopback; `join_game` asks for an address (or
a game found on the network). Both show the lobby, then open a table window
over the `NetSession` when the game starts. The main window can call them from
its menus.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox, QVBoxLayout, QWidget

from vtes_desktop.ui.net.host_dialog import HostDialog, HostedGame, HostParams
from vtes_desktop.ui.net.join_dialog import JoinDialog, JoinParams
from vtes_desktop.ui.net.lobby_widget import LobbyWidget
from vtes_desktop.ui.net.session import NetSession

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


def join_game(parent, db, theme, *, name: str = "") -> LobbyWindow | None:
    dlg = JoinDialog(parent, name=name)
    if dlg.exec() != QDialog.DialogCode.Accepted or dlg.params is None:
        return None
    return open_lobby(db, theme, dlg.params, parent=parent)


def host_game(parent, db, theme, *, name: str = "") -> LobbyWindow | None:
    dlg = HostDialog(parent, name=name)
    if dlg.exec() != QDialog.DialogCode.Accepted or dlg.params is None:
        return None
    return start_hosting(parent, db, theme, dlg.params)


def start_hosting(parent, db, theme, params: HostParams) -> LobbyWindow | None:
    try:
        hosted = HostedGame(params)
    except (RuntimeError, OSError) as e:
        QMessageBox.warning(parent, "Cannot host the game", str(e))
        return None
    join = JoinParams("127.0.0.1", hosted.port, params.name, params.password, params.deck, False)
    return open_lobby(db, theme, join, hosted=hosted, parent=parent)
