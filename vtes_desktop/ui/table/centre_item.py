"""The middle of the table (six players leave a cell free there): what is under way, in large type.

The turn and phase, what is asked and of whom (`prompt.build`), and the
current action, combat or referendum; the blood bank sits at its top.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from vtes_desktop.ui.table import prompt
from vtes_desktop.ui.table import scene_constants as K


class CentreItem(QGraphicsObject):
    def __init__(self, ctx) -> None:
        super().__init__()
        self.ctx = ctx
        self.rect = QRectF()
        self.lines: tuple[str, str, str] = ("", "", "")
        self.setZValue(K.Z_SEAT)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_state(self, rect: QRectF, view, session) -> None:
        legal = getattr(session, "legal", None)
        p = prompt.build(view, legal)
        active = view.seats[view.active].name
        lines = (f"Turn {view.turn} \u00b7 {active} \u00b7 {view.phase} phase", p.text, p.context)
        if rect != self.rect:
            self.prepareGeometryChange()
            self.rect = QRectF(rect)
        if lines != self.lines:
            self.lines = lines
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(self, p: QPainter, _o, _w=None) -> None:
        pal = self.ctx.palette
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.rect.adjusted(14, K.BANK_TOKEN + 34, -14, -12)
        veil = QColor(pal("seat_panel"))
        veil.setAlpha(110)
        p.setPen(QPen(pal("seat_border"), 1.0, Qt.PenStyle.DashLine))
        p.setBrush(veil)
        p.drawRoundedRect(self.rect.adjusted(4, 4, -4, -4), 12, 12)
        head, ask, context = self.lines
        f = QFont()
        f.setPixelSize(13)
        p.setFont(f)
        p.setPen(pal("seat_muted"))
        p.drawText(QRectF(r.left(), r.top(), r.width(), 20), Qt.AlignmentFlag.AlignHCenter, head)
        f.setPixelSize(17)
        f.setBold(True)
        p.setFont(f)
        p.setPen(pal("impulse"))
        rr = QRectF(r.left(), r.top() + 24, r.width(), r.height() * 0.5)
        p.drawText(rr, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap, ask)
        f.setPixelSize(13)
        f.setBold(False)
        p.setFont(f)
        p.setPen(pal("seat_text"))
        p.drawText(QRectF(r.left(), rr.bottom(), r.width(), r.bottom() - rr.bottom()),
                   Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap, context)
