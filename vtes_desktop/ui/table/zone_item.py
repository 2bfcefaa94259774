"""A region of a seat (ready, torpor, uncontrolled, hand, ...): an outline with its name, a drop target.

The zone does not own its cards: cards are top-level items so they can glide
from one region to another. The scene places them inside the zone's rect.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from vtes_desktop.ui.table import scene_constants as K

LABELS = {"ready": "Ready", "torpor": "Torpor", "incapacitated": "Incapacitated", "in_play": "In play",
          "uncontrolled": "Uncontrolled", "hand": "Hand", "ash_heap": "Ash heap", "removed": "Removed",
          "library": "Library", "crypt": "Crypt"}


class ZoneItem(QGraphicsObject):
    def __init__(self, ctx, seat: int, region: str) -> None:
        super().__init__()
        self.ctx = ctx
        self.seat = seat
        self.region = region
        self.rect = QRectF()
        self.count = 0
        self.note = ""
        self.hint: bool | None = None
        self.target = False            # a legal drop target of the drag under way (rules assist)
        self.setZValue(K.Z_ZONE)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def type(self) -> int:
        return K.TYPE_ZONE

    def set_rect(self, r: QRectF, count: int, note: str = "") -> None:
        if r != self.rect:
            self.prepareGeometryChange()
            self.rect = QRectF(r)
        if (count, note) != (self.count, self.note):
            self.count, self.note = count, note
            self.update()

    def set_hint(self, hint: bool | None) -> None:
        if hint != self.hint:
            self.hint = hint
            self.update()

    def set_target(self, on: bool) -> None:
        if on != self.target:
            self.target = on
            self.update()

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-2, -2, 2, 2)

    def paint(self, p: QPainter, _opt, _w=None) -> None:
        pal = self.ctx.palette
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        border = pal("zone_border")
        strong = self.hint is not None or self.target
        if self.hint is not None:
            border = pal("drop_ok" if self.hint else "drop_bad")
        elif self.target:
            border = pal("drop_ok")
        p.setPen(QPen(border, 2.0 if strong else 1.0, Qt.PenStyle.SolidLine if self.hint is not None
                      else Qt.PenStyle.DashLine))
        fill = QColor(pal("zone_fill"))
        fill.setAlpha(150)
        p.setBrush(fill)
        p.drawRoundedRect(self.rect, 6, 6)
        f = QFont()
        f.setPixelSize(11)
        p.setFont(f)
        p.setPen(pal("zone_label"))
        label = LABELS.get(self.region, self.region)
        if self.count:
            label += f" ({self.count})"
        if self.note:
            label += f" \u00b7 {self.note}"
        r = self.rect.adjusted(6, 1, -6, 0)
        label = p.fontMetrics().elidedText(label, Qt.TextElideMode.ElideRight, int(r.width()))
        p.drawText(r, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, label)
