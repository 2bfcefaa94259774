"""What the network screens share: the Host and Join dialogs' deck row, error line and accepting a form that
reads itself; the lobby's and the table's line for table talk."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QDialog, QFileDialog, QHBoxLayout, QLabel, QLineEdit, QPushButton

from vtes_desktop.net.chat import QUICK_PHRASES

DECK_FILTER = "Deck lists (*.txt *.dek *.xml *.json);;All (*)"


class NetFormDialog(QDialog):
    """A dialog whose `read()` turns the form into parameters or raises ValueError saying what is missing."""

    params = None

    def _deck_row(self, placeholder: str) -> QHBoxLayout:
        self.deck = QLineEdit()
        self.deck.setPlaceholderText(placeholder)
        pick = QPushButton("Browse…")
        pick.clicked.connect(self._browse_deck)
        row = QHBoxLayout()
        row.addWidget(self.deck, 1)
        row.addWidget(pick)
        return row

    def _error_label(self, name: str) -> QLabel:
        self.error = QLabel("")
        self.error.setObjectName(name)
        self.error.setWordWrap(True)
        return self.error

    def _browse_deck(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Deck file", "", DECK_FILTER)
        if path:
            self.deck.setText(path)

    def _accept(self) -> None:
        try:
            self.params = self.read()
        except ValueError as e:
            self.error.setText(str(e))
            return
        self.accept()

    def read(self):
        raise NotImplementedError

    @staticmethod
    def _read_deck(path: str) -> str:
        try:
            return Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError as e:
            raise ValueError(f"Cannot read the deck file: {e.strerror or e}") from None


class SayRow:
    """A line to say something to the table, its Say button and the quick phrases, sent through *session*."""

    def __init__(self, session) -> None:
        self.session = session
        self.line = QLineEdit()
        self.line.setPlaceholderText("Say something to the table")
        self.line.returnPressed.connect(self.say)
        self.send = QPushButton("Say")
        self.send.clicked.connect(self.say)
        self.phrases = QComboBox()
        self.phrases.addItem("Quick phrase\u2026")
        self.phrases.addItems(QUICK_PHRASES)
        self.phrases.activated.connect(self.phrase)

    def say(self) -> None:
        text = self.line.text().strip()
        if text:
            self.session.say(text)
            self.line.clear()

    def phrase(self, index: int) -> None:
        if index > 0:
            self.session.say(self.phrases.itemText(index))
        self.phrases.setCurrentIndex(0)
