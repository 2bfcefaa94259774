"""At a network table: who is connected, table talk, and an alert when the table waits for this player.

`TableTalk` is a dock the launcher adds to the table window of a network
session (the table window itself knows nothing of the network). It shows the
players by seat, marked when their connection is gone (their seat is kept for
them), and the spectators; a line to say something, with the quick phrases
players use at a VTES table. What is said joins the table's log (the session
adds it as a chat line), so the log shows the game and the talk together.

When the impulse comes to this seat (the host's legal answer says it holds
it), the window is alerted (the task bar entry flashes), a beep sounds, and
the dock's line says so, until the seat has moved.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication, QDockWidget, QHBoxLayout, QLabel, QVBoxLayout, QWidget,
)

from vtes_desktop.ui.net.form_kit import SayRow


class TableTalk(QWidget):
    def __init__(self, session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("tableTalk")
        self.turn = QLabel("")
        self.turn.setObjectName("tableTalkTurn")
        self.turn.setWordWrap(True)
        self.who = QLabel("")
        self.who.setObjectName("tableTalkWho")
        self.who.setWordWrap(True)
        self.who.setTextFormat(Qt.TextFormat.RichText)
        self.say_row = SayRow(session)
        self.line, self.send, self.phrases = self.say_row.line, self.say_row.send, self.say_row.phrases
        v = QVBoxLayout(self)
        v.setContentsMargins(6, 4, 6, 6)
        v.setSpacing(6)
        v.addWidget(self.turn)
        v.addWidget(self.who)
        v.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.line, 1)
        row.addWidget(self.send)
        v.addLayout(row)
        v.addWidget(self.phrases)
        self.alerts = 0                  # how often the player was alerted (tests)
        self._holding = False
        self._spectators = 0
        session.presence_changed.connect(self._presence)
        session.updated.connect(self._updated)
        session.disconnected.connect(self._disconnected)
        session.reconnecting.connect(self._reconnecting)
        self._presence(session.connected_seats, 0)
        self._updated(session.view, [], False)

    def _presence(self, connected, spectators: int) -> None:
        self._spectators = spectators
        names = list(self.session.players) or ([s.name for s in self.session.view.seats]
                                               if self.session.view is not None else [])
        parts = []
        for i, n in enumerate(names):
            here = connected[i] if i < len(connected) else True
            me = i == self.session.seat and not self.session.spectator
            text = f"<b>{n}</b>" if me else n
            parts.append(text if here else f"{text} <span style='color:#d9822b'>(away: the seat waits)</span>")
        watching = f" \u00b7 {spectators} watching" if spectators else ""
        self.who.setText("At the table: " + ", ".join(parts) + watching if parts else "")

    def _updated(self, view, lines, reset: bool) -> None:
        legal = self.session.legal
        holding = bool(legal is not None and legal.holds_impulse and not self.session.is_over)
        if holding and not self._holding:
            self.alert()
        self._holding = holding
        if self.session.is_over:
            self.turn.setText("The game is over.")
        elif holding:
            self.turn.setText("<b>Your move:</b> the table waits for you.")
        elif view is not None:
            self.turn.setText(f"{self.session.seat_name(view.active)}'s turn.")

    def alert(self) -> None:
        """The table waits for this player: flash the window's task bar entry and beep."""
        self.alerts += 1
        win = self.window()
        if win is not None and not win.isActiveWindow():
            QApplication.alert(win)
        QApplication.beep()

    def _disconnected(self, reason: str) -> None:
        self.turn.setText(f"<b>Disconnected:</b> {reason}")

    def _reconnecting(self, reason: str) -> None:
        self._holding = False
        self.turn.setText(f"<b>Connection lost</b> ({reason}): joining again with your seat token…")



def add_table_talk(window, session) -> QDockWidget:
    """Dock a `TableTalk` for *session* in the table *window*, under its log."""
    dock = QDockWidget("Table talk", window)
    dock.setObjectName("tableTalkDock")
    talk = TableTalk(session, dock)
    dock.setWidget(talk)
    log = getattr(window, "log_dock", None)
    area = window.dockWidgetArea(log) if log is not None else Qt.DockWidgetArea.RightDockWidgetArea
    window.addDockWidget(area, dock)
    if log is not None:
        window.splitDockWidget(log, dock, Qt.Orientation.Vertical)
        window.resizeDocks([log, dock], [4 * talk.sizeHint().height(), talk.sizeHint().height()],
                           Qt.Orientation.Vertical)
    window.table_talk = talk
    return dock
