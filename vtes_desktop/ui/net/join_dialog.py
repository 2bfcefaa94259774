"""Join a game: the games found on the network, or an address; a name, a deck or a spectator's seat."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem, QPushButton,
    QVBoxLayout, QWidget,
)

from vtes_desktop.net import DEFAULT_PORT
from vtes_desktop.ui.net.form_kit import NetFormDialog


@dataclass(frozen=True)
class JoinParams:
    host: str
    port: int
    name: str
    password: str | None
    deck: str | None          # deck list text
    spectator: bool


def parse_address(text: str) -> tuple[str, int] | None:
    """`host:port`, `host` (the default port) or `[v6]:port`; None when it cannot be an address."""
    text = text.strip()
    if not text:
        return None
    host, port = text, DEFAULT_PORT
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        host, rest = text[1:end], text[end + 1:]
        if rest.startswith(":"):
            port_s = rest[1:]
            if not port_s.isdigit():
                return None
            port = int(port_s)
    elif text.count(":") == 1:
        host, port_s = text.split(":")
        if not port_s.isdigit():
            return None
        port = int(port_s)
    if not host or not 0 < port < 65536 or any(ch.isspace() for ch in host):
        return None
    return host, port


class JoinDialog(NetFormDialog):
    found = Signal(object)   # list[discovery.Found], from the browsing thread

    def __init__(self, parent: QWidget | None = None, *, name: str = "", browse: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a game")
        self.games = QListWidget()
        self.games.setObjectName("foundGames")
        self.games.itemClicked.connect(self._pick)
        self.refresh = QPushButton("Look again")
        self.refresh.clicked.connect(self.look)
        self.address = QLineEdit()
        self.address.setPlaceholderText(f"192.168.1.20:{DEFAULT_PORT}")
        self.name = QLineEdit(name)
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        deck_row = self._deck_row("a deck file (or leave empty for the host's deck)")
        self.spectator = QCheckBox("Watch as a spectator")
        self._error_label("joinError")

        form = QFormLayout()
        form.addRow("Address", self.address)
        form.addRow("Your name", self.name)
        form.addRow("Password", self.password)
        form.addRow("Deck", deck_row)
        form.addRow("", self.spectator)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Join")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        v = QVBoxLayout(self)
        v.addWidget(QLabel("Games on this network"))
        v.addWidget(self.games)
        v.addWidget(self.refresh)
        v.addLayout(form)
        v.addWidget(self.error)
        v.addWidget(buttons)
        self.params: JoinParams | None = None
        self.found.connect(self._found)
        if browse:
            self.look()

    def look(self) -> None:
        """Look for games in the background (mDNS; nothing when zeroconf is missing)."""
        from vtes_desktop.net import discovery

        if not discovery.available():
            self.games.clear()
            self.games.addItem("(finding games needs zeroconf; type the host's address)")
            return
        self.refresh.setEnabled(False)
        threading.Thread(target=lambda: self.found.emit(discovery.browse(2.0)), daemon=True).start()

    def _found(self, games) -> None:
        self.refresh.setEnabled(True)
        self.games.clear()
        for g in games:
            it = QListWidgetItem(f"{g.name} — {g.address}:{g.port}, {g.seats} seats"
                                 + (", password" if g.password else "")
                                 + ("" if g.compatible else f" (vtes-desktop {g.app}: another version)"))
            it.setData(Qt.ItemDataRole.UserRole, f"{g.address}:{g.port}")
            self.games.addItem(it)
        if not games:
            self.games.addItem("(no game found; type the host's address)")

    def _pick(self, item: QListWidgetItem) -> None:
        addr = item.data(Qt.ItemDataRole.UserRole)
        if addr:
            self.address.setText(addr)

    def read(self) -> JoinParams:
        """The form as join parameters; ValueError says what is missing."""
        addr = parse_address(self.address.text())
        if addr is None:
            raise ValueError("Type the host's address, like 192.168.1.20:7720.")
        name = self.name.text().strip()
        if not name:
            raise ValueError("Give your name.")
        deck = None
        path = self.deck.text().strip()
        if path and not self.spectator.isChecked():
            deck = self._read_deck(path)
        return JoinParams(addr[0], addr[1], name, self.password.text() or None, deck, self.spectator.isChecked())
