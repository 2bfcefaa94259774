"""The privacy screen: between two seats of a hot-seat game, so hands stay hidden.

It covers the whole window (table, log and preview) when the hand on show
changes, names the Methuselah who should take the screen, and lets the one
who just played take back their last step before handing over.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class PrivacyScreen(QWidget):
    revealed = Signal()
    undo_requested = Signal(int)   # the seat whose last step to take back

    def __init__(self, parent: QWidget, palette) -> None:
        super().__init__(parent)
        self.setObjectName("privacyScreen")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setAutoFillBackground(True)
        v = QVBoxLayout(self)
        v.addStretch(2)
        self.title = QLabel()
        self.title.setObjectName("privacyTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail = QLabel()
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setWordWrap(True)
        self.show_button = QPushButton()
        self.show_button.setObjectName("privacyShow")
        self.show_button.setDefault(True)
        self.show_button.clicked.connect(self._reveal)
        self.undo_button = QPushButton()
        self.undo_button.setObjectName("privacyUndo")
        self.undo_button.clicked.connect(lambda: self.undo_requested.emit(self._prev))
        for w in (self.title, self.detail):
            v.addWidget(w)
        v.addSpacing(18)
        for b in (self.show_button, self.undo_button):
            b.setMinimumWidth(280)
            v.addWidget(b, 0, Qt.AlignmentFlag.AlignHCenter)
        v.addStretch(3)
        self._prev = -1
        self.set_palette(palette)
        self.hide()

    def set_palette(self, pal) -> None:
        self.setStyleSheet(
            f"QWidget#privacyScreen {{ background: {pal('table_felt_edge').name()}; }}"
            f" QLabel {{ color: {pal('seat_text').name()}; font-size: 14px; }}"
            f" QLabel#privacyTitle {{ font-size: 26px; font-weight: 700; }}"
            f" QPushButton {{ font-size: 15px; padding: 10px 18px; }}")

    def cover(self, name: str, *, asked: str = "", prev_seat: int = -1, prev_name: str = "") -> None:
        self._prev = prev_seat
        self.title.setText(f"Hand the screen to {name}")
        self.detail.setText((asked + "\n\n" if asked else "") +
                            "The table is hidden so that hands stay private.")
        self.show_button.setText(f"I am {name}: show my table")
        self.undo_button.setVisible(prev_seat >= 0)
        self.undo_button.setText(f"{prev_name}: take back my last step")
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        self.show_button.setFocus()

    def _reveal(self) -> None:
        self.hide()
        self.revealed.emit()

    @property
    def covering(self) -> bool:
        return self.isVisible()
