"""The lobby: who sits at the table with which deck, who is ready, and table talk before the game.

A table of the seats (player, deck, its size as the host accepted it, ready or
not, away when their connection dropped), empty seats greyed, the player's
own row in bold; under it what the table waits for and the player's Ready
button; then the table talk, with the quick phrases.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QPlainTextEdit, QPushButton,
    QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)

from vtes_desktop.ui.net.form_kit import SayRow

READY_COLOR = QColor("#3fae5a")
AWAY_COLOR = QColor("#d9822b")
COLUMNS = ("Player", "Deck", "Cards", "Ready")
ROW_HEIGHT = 28


class LobbyWidget(QWidget):
    """Shows a `NetSession`'s lobby; `started` when the game begins."""

    started = Signal()

    def __init__(self, session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.me = ""
        self._rows: list[str] = []
        self.setObjectName("lobby")
        self.title = QLabel("Joining…")
        self.title.setObjectName("lobbyTitle")
        f = self.title.font()
        f.setPointSizeF(f.pointSizeF() * 1.3)
        f.setBold(True)
        self.title.setFont(f)
        self.subtitle = QLabel("")
        self.subtitle.setObjectName("lobbySubtitle")
        self.players = QTreeWidget()
        self.players.setObjectName("lobbyPlayers")
        self.players.setColumnCount(len(COLUMNS))
        self.players.setHeaderLabels(list(COLUMNS))
        self.players.setRootIsDecorated(False)
        self.players.setUniformRowHeights(True)
        self.players.setAlternatingRowColors(True)
        self.players.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.players.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.players.headerItem().setToolTip(2, "The size of each deck the host accepted (it refuses a deck that "
                                                "cannot be played)")
        head = self.players.header()
        head.setStretchLastSection(False)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        head.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.ready = QPushButton("Ready")
        self.ready.setObjectName("lobbyReady")
        self.ready.setCheckable(True)
        self.ready.setEnabled(False)
        self.ready.setMinimumHeight(34)
        self.ready.setMinimumWidth(150)
        self.ready.setToolTip("Tell the table you are ready; the game starts when every seat is taken and ready")
        self.ready.toggled.connect(self._ready)
        self.talk = QPlainTextEdit()
        self.talk.setReadOnly(True)
        self.talk.setObjectName("lobbyChat")
        self.talk.setPlaceholderText("Table talk shows here")
        self.say_row = SayRow(session)
        self.line, self.send, self.phrases = self.say_row.line, self.say_row.send, self.say_row.phrases
        self.status = QLabel("")
        self.status.setObjectName("lobbyStatus")
        self.status.setWordWrap(True)

        v = QVBoxLayout(self)
        v.setSpacing(8)
        v.addWidget(self.title)
        v.addWidget(self.subtitle)
        v.addWidget(self.players)
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        row.addWidget(self.ready)
        v.addLayout(row)
        talk = QLabel("Table talk")
        talk.setObjectName("lobbyTalkTitle")
        v.addWidget(talk)
        v.addWidget(self.talk, 2)
        say = QHBoxLayout()
        say.addWidget(self.line, 1)
        say.addWidget(self.send)
        say.addWidget(self.phrases)
        v.addLayout(say)

        # slots are methods, not lambdas: the session outlives the lobby (the table keeps it), and Qt drops
        # a method's connections when its widget goes
        session.joined.connect(self._joined)
        session.join_failed.connect(self._join_failed)
        session.disconnected.connect(self._disconnected)
        session.reconnecting.connect(self._reconnecting)
        session.lobby_changed.connect(self._lobby)
        session.chat.connect(self._chat)
        session.notice.connect(self._notice)
        session.started.connect(self._started)
        # what the session already knows
        if session.welcome is not None:
            self._joined(session.welcome)
        if session.lobby is not None:
            self._lobby(session.lobby)

    def rows(self) -> list[str]:
        """Each seat as one line of text: "Ann — Deck: 12 crypt, 80 library (ready)", "(an empty seat)"."""
        return list(self._rows)

    def _status(self, text: str) -> None:
        self.status.setText(text)

    def _join_failed(self, rule: str, reason: str) -> None:
        self._status(f"Could not join: {reason}")

    def _disconnected(self, reason: str) -> None:
        self._status(f"Disconnected: {reason}")

    def _reconnecting(self, reason: str) -> None:
        self._status(f"Connection lost ({reason}): joining again…")

    def _notice(self, rule: str, reason: str) -> None:
        self._status(reason)

    def _joined(self, welcome) -> None:
        self.me = welcome.name
        self.title.setText(welcome.table or "A LAN table")
        if welcome.spectator:
            self.subtitle.setText(f"Watching as {welcome.name}" + (" (judge: every hand shown)"
                                                                     if welcome.judge else ""))
        else:
            self.subtitle.setText(f"You sit down as {welcome.name} \u00b7 {welcome.seats} seats")
            self.ready.setEnabled(not welcome.started)
        if welcome.started:
            self._status("The game is under way.")

    def _lobby(self, lobby) -> None:
        self.players.clear()
        self._rows = []
        bold = QFont(self.players.font())
        bold.setBold(True)
        dim = QBrush(self.palette().color(self.palette().ColorGroup.Disabled, self.palette().ColorRole.Text))
        for p in lobby.players:
            marks = ("ready" if p.ready else "not ready") + ("" if p.connected else ", away")
            self._rows.append(f"{p.name} \u2014 {p.deck} ({marks})")
            deck = p.deck_name or ("the host's deck" if p.dealt else "(a deck with no name)")
            if p.dealt and p.deck_name:
                deck = f"the host's deck: {p.deck_name}"
            cards = f"{p.crypt} crypt \u00b7 {p.library} library" if p.crypt else p.deck
            ready = "\u2714 Ready" if p.ready else "Not ready"
            if not p.connected:
                ready += " (away)"
            it = QTreeWidgetItem([p.name + (" (you)" if p.name == self.me else ""), deck, cards, ready])
            it.setToolTip(2, "The host checked this deck: it can be played")
            if p.name == self.me:
                for c in range(len(COLUMNS)):
                    it.setFont(c, bold)
            if p.ready:
                it.setForeground(3, QBrush(READY_COLOR))
            elif not p.connected:
                it.setForeground(3, QBrush(AWAY_COLOR))
            else:
                it.setForeground(3, dim)
            self.players.addTopLevelItem(it)
        italic = QFont(self.players.font())
        italic.setItalic(True)
        for _ in range(lobby.seats - len(lobby.players)):
            self._rows.append("(an empty seat)")
            it = QTreeWidgetItem(["An empty seat", "", "", ""])
            it.setFont(0, italic)
            it.setForeground(0, dim)
            self.players.addTopLevelItem(it)
            it.setFirstColumnSpanned(True)
        for i in range(self.players.topLevelItemCount()):
            it = self.players.topLevelItem(i)
            for c in range(len(COLUMNS)):
                width = QFontMetrics(it.font(c)).horizontalAdvance(it.text(c)) + 16
                it.setSizeHint(c, QSize(width, ROW_HEIGHT))
        # as tall as its rows: the table talk below gets the rest
        self.players.setFixedHeight(self.players.header().sizeHint().height() + ROW_HEIGHT * lobby.seats
                                    + 2 * self.players.frameWidth() + 4)
        left = lobby.seats - len(lobby.players)
        ready = sum(1 for p in lobby.players if p.ready)
        if left:
            waiting = f"Waiting for {left} more player{'s' if left != 1 else ''}"
        elif ready < len(lobby.players):
            waiting = f"Waiting for everyone to be ready ({ready} of {len(lobby.players)})"
        else:
            waiting = "Everyone is ready: the game starts"
        self._status(waiting + (f"; {lobby.spectators} watching" if lobby.spectators else ""))

    def _ready(self, on: bool) -> None:
        self.ready.setText("\u2714 Ready (click to wait)" if on else "Ready")
        self.session.set_ready(on)


    def _chat(self, name: str, text: str, spectator: bool) -> None:
        self.talk.appendPlainText(f"{name}{' (watching)' if spectator else ''}: {text}")

    def _started(self) -> None:
        self.ready.setEnabled(False)
        self._status("The game starts.")
        self.started.emit()
