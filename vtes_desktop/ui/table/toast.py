"""A short message where the player is looking: why a drop or a button was refused."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

from vtes_desktop.ui.table import scene_constants as K


class Toast(QLabel):
    def __init__(self, parent: QWidget, palette) -> None:
        super().__init__(parent)
        self.setObjectName("refusalToast")
        self.setWordWrap(True)
        self.setMaximumWidth(420)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.set_palette(palette)
        self.hide()

    def set_palette(self, pal) -> None:
        self.setStyleSheet(
            f"QLabel#refusalToast {{ background: {pal('toast').name()}; color: {pal('toast_text').name()};"
            f" border: 1.5px solid {pal('toast_border').name()}; border-radius: 8px; padding: 8px 12px;"
            f" font-size: 13px; }}")

    def show_at(self, text: str, at: QPoint | None = None, ms: int = K.TOAST_MS) -> None:
        self.setText(text)
        self.adjustSize()
        parent = self.parentWidget()
        if at is None:
            at = QPoint(parent.width() // 2, 24)
            x = at.x() - self.width() // 2
            y = at.y()
        else:
            x = at.x() + 14
            y = at.y() + 14
        x = max(6, min(x, parent.width() - self.width() - 6))
        y = max(6, min(y, parent.height() - self.height() - 6))
        self.move(x, y)
        self.show()
        self.raise_()
        self._timer.start(ms)
