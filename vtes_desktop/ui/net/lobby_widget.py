"""The lobby: who sits at the table with which deck, who is ready, and table talk before the game."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox, QHBoxLayout, QLabel, QLineEdit, QListWidget, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget,
)

from vtes_desktop.net.chat import QUICK_PHRASES


class LobbyWidget(QWidget):
    """Shows a `NetSession`'s lobby; `started` when the game begins."""

    started = Signal()

    def __init__(self, session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("lobby")
        self.title = QLabel("Joining…")
        self.title.setObjectName("lobbyTitle")
        self.players = QListWidget()
        self.players.setObjectName("lobbyPlayers")
        self.ready = QPushButton("Ready")
        self.ready.setObjectName("lobbyReady")
        self.ready.setCheckable(True)
        self.ready.setEnabled(False)
        self.ready.toggled.connect(self._ready)
        self.talk = QPlainTextEdit()
        self.talk.setReadOnly(True)
        self.talk.setObjectName("lobbyChat")
        self.line = QLineEdit()
        self.line.setPlaceholderText("Say something to the table")
        self.line.returnPressed.connect(self._say)
        self.phrases = QComboBox()
        self.phrases.addItem("Quick phrase…")
        self.phrases.addItems(QUICK_PHRASES)
        self.phrases.activated.connect(self._phrase)
        self.status = QLabel("")
        self.status.setObjectName("lobbyStatus")
        self.status.setWordWrap(True)

        v = QVBoxLayout(self)
        v.addWidget(self.title)
        v.addWidget(self.players, 2)
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        row.addWidget(self.ready)
        v.addLayout(row)
        v.addWidget(self.talk, 1)
        say = QHBoxLayout()
        say.addWidget(self.line, 1)
        say.addWidget(self.phrases)
        v.addLayout(say)

        session.joined.connect(self._joined)
        # slots are methods, not lambdas: the session outlives the lobby (the table keeps it), and Qt drops
        # a method's connections when its widget goes
        session.join_failed.connect(self._join_failed)
        session.disconnected.connect(self._disconnected)
        session.lobby_changed.connect(self._lobby)
        session.chat.connect(self._chat)
        session.notice.connect(self._notice)
        session.started.connect(self._started)
        # what the session already knows
        if session.welcome is not None:
            self._joined(session.welcome)
        if session.lobby is not None:
            self._lobby(session.lobby)

    def _status(self, text: str) -> None:
        self.status.setText(text)

    def _join_failed(self, rule: str, reason: str) -> None:
        self._status(f"Could not join: {reason}")

    def _disconnected(self, reason: str) -> None:
        self._status(f"Disconnected: {reason}")

    def _notice(self, rule: str, reason: str) -> None:
        self._status(reason)

    def _joined(self, welcome) -> None:
        where = f" at {welcome.table}" if welcome.table else ""
        if welcome.spectator:
            self.title.setText(f"Watching{where} as {welcome.name}" + (" (judge: every hand shown)"
                                                                       if welcome.judge else ""))
        else:
            self.title.setText(f"{welcome.name}{where}: {welcome.seats} seats")
            self.ready.setEnabled(not welcome.started)
        if welcome.started:
            self._status("The game is under way.")

    def _lobby(self, lobby) -> None:
        self.players.clear()
        for p in lobby.players:
            marks = ("ready" if p.ready else "not ready") + ("" if p.connected else ", away")
            self.players.addItem(f"{p.name} — {p.deck} ({marks})")
        for _ in range(lobby.seats - len(lobby.players)):
            self.players.addItem("(an empty seat)")
        left = lobby.seats - len(lobby.players)
        waiting = f"waiting for {left} more player{'s' if left != 1 else ''}" if left else \
            "waiting for everyone to be ready"
        self._status(waiting + (f"; {lobby.spectators} watching" if lobby.spectators else ""))

    def _ready(self, on: bool) -> None:
        self.ready.setText("Ready ✓" if on else "Ready")
        self.session.set_ready(on)

    def _say(self) -> None:
        text = self.line.text().strip()
        if text:
            self.session.say(text)
            self.line.clear()

    def _phrase(self, index: int) -> None:
        if index > 0:
            self.session.say(self.phrases.itemText(index))
        self.phrases.setCurrentIndex(0)

    def _chat(self, name: str, text: str, spectator: bool) -> None:
        self.talk.appendPlainText(f"{name}{' (watching)' if spectator else ''}: {text}")

    def _started(self) -> None:
        self.ready.setEnabled(False)
        self._status("The game starts.")
        self.started.emit()
