"""A vampire's capacity (or an Imbued's life): a disc with the number."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QFont, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from vtes_desktop.ui import layout
from vtes_desktop.ui.theme import Theme


class CapacityBadge(QWidget):
    def __init__(self, value: int, theme: Theme, *, life: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value, self.life, self._theme = value, life, theme
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setToolTip(f"Life {value}" if life else f"Capacity {value}")
        self.setAccessibleName(self.toolTip())

    def sizeHint(self) -> QSize:
        return QSize(layout.CAPACITY_SIZE, layout.CAPACITY_SIZE)

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = self._theme.color("life" if self.life else "capacity")
        r = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        p.setPen(QPen(self._theme.color("band_text"), 2.0))
        p.setBrush(fill)
        p.drawEllipse(r)
        f = QFont(self.font())
        f.setBold(True)
        f.setPixelSize(round(r.height() * 0.5))
        p.setFont(f)
        p.setPen(self._theme.color("capacity_text"))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, str(self.value))
