"""A pile: crypt, library, ash heap, removed cards, or another Methuselah's hand, with its count.

Crypt, library and a hand show card backs, thicker as they grow; the ash
heap and the removed pile show their top card's face. Dragging the top of a
crypt or library is a draw (the scene turns it into a command); a click on
the ash heap or the removed pile opens it for browsing.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from vtes_desktop.ui.table import scene_constants as K
from vtes_desktop.ui.table.card_item import DragStarter
from vtes_desktop.ui.table.card_painter import paint_back, paint_face
from vtes_desktop.ui.table.gestures import Source
from vtes_desktop.ui.table.zone_item import LABELS


class PileItem(QGraphicsObject, DragStarter):
    def __init__(self, ctx, seat: int, region: str) -> None:
        super().__init__()
        self.ctx = ctx
        self.seat = seat
        self.region = region          # crypt, library, ash_heap, removed, hand
        self.count = 0
        self.top = None               # CardDef of the top card (ash heap, removed)
        self.s = 0.5
        self.compact = False          # a chip with the name and the count (the other seats' piles)
        self.hint: bool | None = None
        self.setZValue(K.Z_PILE)
        self.setAcceptHoverEvents(True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def type(self) -> int:
        return K.TYPE_PILE

    @property
    def w(self) -> float:
        return K.CHIP_W if self.compact else K.CARD_W * self.s

    @property
    def h(self) -> float:
        return K.CHIP_H if self.compact else K.CARD_H * self.s

    def set_state(self, count: int, top, scale: float, *, compact: bool = False) -> None:
        if scale != self.s or compact != self.compact:
            self.prepareGeometryChange()
        if (count, top, scale, compact) != (self.count, self.top, self.s, self.compact):
            self.count, self.top, self.s, self.compact = count, top, scale, compact
            self.update()
        what = LABELS.get(self.region, self.region)
        tip = f"{what}: {count} card{'s' if count != 1 else ''}"
        if self.region in ("ash_heap", "removed"):
            tip += " (click to browse)"
        elif self.region in ("library", "crypt") and self.ctx.is_own(self.seat):
            tip += " (drag the top card to draw; right-click for more)"
        self.setToolTip(tip)

    def set_hint(self, hint: bool | None) -> None:
        if hint != self.hint:
            self.hint = hint
            self.update()

    def boundingRect(self) -> QRectF:
        if self.compact:
            return QRectF(-2, -2, self.w + 4, self.h + 4)
        return QRectF(-2, -14, self.w + 10, self.h + 16)

    def paint(self, p: QPainter, _opt, _w=None) -> None:
        pal = self.ctx.palette
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(0, 0, self.w, self.h)
        if self.compact:
            self._paint_chip(p, r, pal)
            return
        layers = min(4, self.count // 12 + (1 if self.count else 0))
        if self.count == 0:
            p.setPen(QPen(pal("zone_border"), 1.0, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r, 5, 5)
        else:
            for i in range(layers - 1, 0, -1):
                shadow = r.translated(i * 1.6, -i * 1.6)
                c = QColor(pal("seat_border"))
                p.setPen(QPen(c.darker(130), 0.8))
                p.setBrush(c)
                p.drawRoundedRect(shadow, 5, 5)
            if self.top is not None:
                paint_face(p, r, self.top, pal, text=False)
            else:
                paint_back(p, r, pal, crypt=self.region == "crypt")
        # the count, in a pill at the bottom
        f = QFont()
        f.setPixelSize(max(9, round(self.w * 0.2)))
        f.setBold(True)
        p.setFont(f)
        label = str(self.count)
        pw = max(self.w * 0.42, p.fontMetrics().horizontalAdvance(label) + 10)
        ph = f.pixelSize() + 6
        pill = QRectF(r.center().x() - pw / 2, r.bottom() - ph - 4, pw, ph)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 185))
        p.drawRoundedRect(pill, ph / 2, ph / 2)
        p.setPen(QColor("#ffffff"))
        p.drawText(pill, Qt.AlignmentFlag.AlignCenter, label)
        # the name above
        f2 = QFont()
        f2.setPixelSize(10)
        p.setFont(f2)
        p.setPen(pal("zone_label"))
        p.drawText(QRectF(0, -13, self.w + 8, 12), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                   LABELS.get(self.region, self.region))
        if self.hint is not None:
            p.setPen(QPen(pal("drop_ok" if self.hint else "drop_bad"), 3.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(-1, -1, 1, 1), 6, 6)

    def _paint_chip(self, p: QPainter, r: QRectF, pal) -> None:
        border = pal("seat_border")
        if self.hint is not None:
            border = pal("drop_ok" if self.hint else "drop_bad")
        p.setPen(QPen(border, 2.0 if self.hint is not None else 1.0))
        p.setBrush(pal("zone_fill"))
        p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), r.height() / 2, r.height() / 2)
        icon = QRectF(r.left() + 5, r.top() + 3, (r.height() - 6) / 1.4, r.height() - 6)
        if self.region == "hand":   # the other Methuselah's hand: a little fan of backs
            n = min(self.count, 7)
            for i in range(n):
                paint_back(p, icon.translated(i * 3.2, 0), pal, crypt=False)
            icon = icon.translated(max(0, n - 1) * 3.2, 0)
        elif self.top is not None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(pal.theme.color("crypt_band" if self.top.is_crypt else "library_band"))
            p.drawRoundedRect(icon, 2, 2)
        else:
            paint_back(p, icon, pal, crypt=self.region == "crypt")
        f = QFont()
        f.setPixelSize(11)
        p.setFont(f)
        p.setPen(pal("seat_muted"))
        text_r = r.adjusted(icon.right() + 5 - r.left(), 0, -6, 0)
        p.drawText(text_r, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                   LABELS.get(self.region, self.region))
        f.setBold(True)
        f.setPixelSize(12)
        p.setFont(f)
        p.setPen(pal("seat_text"))
        p.drawText(text_r, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, str(self.count))

    # -- the mouse --------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self._start_press(event)
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        if self._dragging or not self._moved_past_threshold(event):
            return
        if self.region in ("library", "crypt") and self.count:
            self._dragging = True
            self.ctx.start_drag(self, Source(kind=K.KIND_PILE, id=self.region, seat=self.seat, region=self.region),
                                event)

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton and not self._dragging and self._press is not None:
            self.ctx.click_pile(self)
        self._press = None
        self._dragging = False
        event.accept()
