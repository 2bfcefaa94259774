"""Paste a deck list as text (any format `vtes_desktop.decks` reads)."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout, QWidget


class PasteDeckDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Paste deck")
        self.resize(560, 520)
        intro = QLabel("Paste a deck list: TWD, JOL, Lackey, VDB, Amaranth, ARDB text or ARDB XML. "
                       "The format is detected.")
        intro.setWordWrap(True)
        self.edit = QPlainTextEdit()
        self.edit.setObjectName("deckText")
        self.edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.edit.setPlaceholderText("Crypt (12 cards)\n3x Theo Bell\n…\n\n"
                                     "Library (90 cards)\nMaster (10)\n4x Blood Doll\n…")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        ok.setText("Load deck")
        ok.setEnabled(False)
        self.edit.textChanged.connect(lambda: ok.setEnabled(bool(self.edit.toPlainText().strip())))
        v = QVBoxLayout(self)
        v.addWidget(intro)
        v.addWidget(self.edit, 1)
        v.addWidget(self.buttons)

    def text(self) -> str:
        return self.edit.toPlainText()

    @classmethod
    def get_text(cls, parent: QWidget | None = None) -> str | None:
        dlg = cls(parent)
        if dlg.exec() == QDialog.DialogCode.Accepted and dlg.text().strip():
            return dlg.text()
        return None
