"""Tokens: a Methuselah's pool, the blood bank, the Edge.

The pool is a counter you can read across the table; drag from it to pay
a transfer or move a counter; drop counters on it. The blood bank gives and
takes counters by hand. The Edge can be dragged to another Methuselah.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from vtes_desktop.ui.cost_icon import drop_path
from vtes_desktop.ui.table import scene_constants as K
from vtes_desktop.ui.table.card_item import DragStarter
from vtes_desktop.ui.table.gestures import Source


class _Token(QGraphicsObject, DragStarter):
    kind = ""
    size = 30.0

    def __init__(self, ctx, seat: int | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        self.seat = seat
        self.hint: bool | None = None
        self.setZValue(K.Z_TOKEN)
        self.setAcceptHoverEvents(True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_hint(self, hint: bool | None) -> None:
        if hint != self.hint:
            self.hint = hint
            self.update()

    def set_target(self, on: bool) -> None:
        """Lit as a place the thing being dragged can go (rules assist)."""
        if on != getattr(self, "target", False):
            self.target = on
            self.update()

    def _paint_hint(self, p: QPainter, r: QRectF) -> None:
        if self.hint is not None or getattr(self, "target", False):
            ok = self.hint if self.hint is not None else True
            p.setPen(QPen(self.ctx.palette("drop_ok" if ok else "drop_bad"), 3.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(r.adjusted(-2, -2, 2, 2))

    def source(self) -> Source:
        return Source(kind=self.kind, seat=self.seat)

    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self._start_press(event)
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        if self._dragging or not self._moved_past_threshold(event) or not self.draggable():
            return
        self._dragging = True
        self.ctx.start_drag(self, self.source(), event)

    def mouseReleaseEvent(self, event) -> None:
        self._press = None
        self._dragging = False
        event.accept()

    def draggable(self) -> bool:
        return True


class PoolItem(_Token):
    """A seat's pool: a big disc with the number, as a stack of pool counters reads across a table."""

    kind = K.KIND_POOL

    def __init__(self, ctx, seat: int) -> None:
        super().__init__(ctx, seat)
        self.pool = 0
        self.size = K.POOL_TOKEN

    def type(self) -> int:
        return K.TYPE_POOL

    def set_pool(self, pool: int, size: float) -> None:
        if size != self.size:
            self.prepareGeometryChange()
        if (pool, size) != (self.pool, self.size):
            self.pool, self.size = pool, size
            self.update()
        self.setToolTip(f"Pool: {pool}. Drag a counter from here; drop counters here.")

    def boundingRect(self) -> QRectF:
        return QRectF(-4, -4, self.size * 1.9 + 8, self.size + 8)

    def paint(self, p: QPainter, _o, _w=None) -> None:
        theme = self.ctx.palette.theme
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(0, 0, self.size * 1.9, self.size)
        fill = theme.color("pool")
        txt = theme.color("pool_text")
        p.setPen(QPen(fill.darker(140) if fill.lightness() > 128 else fill.lighter(170), 1.4))
        p.setBrush(fill)
        p.drawRoundedRect(r, self.size / 2, self.size / 2)
        # a blood drop at the left, the number at the right
        d = QRectF(r.left() + self.size * 0.18, r.top() + self.size * 0.14, self.size * 0.58, self.size * 0.72)
        p.setPen(QPen(theme.color("blood").darker(160), 1.0))
        p.setBrush(theme.color("blood"))
        p.drawPath(drop_path(d))
        f = QFont()
        f.setPixelSize(round(self.size * 0.62))
        f.setBold(True)
        p.setFont(f)
        p.setPen(txt)
        p.drawText(QRectF(d.right(), r.top(), r.right() - d.right() - self.size * 0.15, r.height()),
                   Qt.AlignmentFlag.AlignCenter, str(self.pool))
        if self.hint is not None or getattr(self, "target", False):
            ok = self.hint if self.hint is not None else True
            p.setPen(QPen(self.ctx.palette("drop_ok" if ok else "drop_bad"), 3.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(-2, -2, 2, 2), self.size / 2 + 2, self.size / 2 + 2)


class BankItem(_Token):
    """The blood bank: counters come from it and go back to it, by hand."""

    kind = K.KIND_BANK

    def __init__(self, ctx) -> None:
        super().__init__(ctx, None)
        self.size = K.BANK_TOKEN
        self.setToolTip("Blood bank: drag counters from here onto cards or pools; drop counters here to "
                        "return them (manual moves).")

    def type(self) -> int:
        return K.TYPE_BANK

    def boundingRect(self) -> QRectF:
        return QRectF(-4, -4, self.size + 8, self.size + 8)

    def paint(self, p: QPainter, _o, _w=None) -> None:
        theme = self.ctx.palette.theme
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(0, 0, self.size, self.size)
        p.setPen(QPen(theme.color("blood").darker(170), 1.2))
        p.setBrush(QColor(theme.color("blood")).darker(130))
        p.drawEllipse(r)
        for i, (dx, dy) in enumerate(((0.18, 0.2), (0.42, 0.12), (0.3, 0.42))):
            d = QRectF(r.left() + r.width() * dx, r.top() + r.height() * dy, r.width() * 0.34, r.height() * 0.42)
            p.setPen(QPen(QColor("#ffffff"), 0.8))
            p.setBrush(theme.color("blood"))
            p.drawPath(drop_path(d))
        self._paint_hint(p, r)


class EdgeItem(_Token):
    """The Edge: held by a Methuselah, or lying by the bank when nobody holds it."""

    kind = K.KIND_EDGE

    def __init__(self, ctx) -> None:
        super().__init__(ctx, None)
        self.size = K.EDGE_TOKEN
        self.held_by = None
        self.set_holder(None)

    def type(self) -> int:
        return K.TYPE_EDGE

    def set_holder(self, name: str | None) -> None:
        """Who holds the Edge (None: nobody; it lies by the blood bank, greyed)."""
        self.held_by = name
        self.setOpacity(1.0 if name else 0.45)
        self.setToolTip((f"{name} holds the Edge." if name else "Nobody holds the Edge.")
                        + " Drag it to a Methuselah to give it by hand.")

    def boundingRect(self) -> QRectF:
        return QRectF(-3, -3, self.size * 1.9 + 6, self.size + 6)

    def paint(self, p: QPainter, _o, _w=None) -> None:
        pal = self.ctx.palette
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(0, 0, self.size * 1.9, self.size)
        gold = QColor("#c9a227")
        path = QPainterPath()
        path.moveTo(QPointF(r.left() + r.height() * 0.35, r.top()))
        path.lineTo(QPointF(r.right(), r.top()))
        path.lineTo(QPointF(r.right() - r.height() * 0.35, r.bottom()))
        path.lineTo(QPointF(r.left(), r.bottom()))
        path.closeSubpath()
        p.setPen(QPen(gold.darker(150), 1.2))
        p.setBrush(gold)
        p.drawPath(path)
        f = QFont()
        f.setPixelSize(round(self.size * 0.5))
        f.setBold(True)
        p.setFont(f)
        p.setPen(QColor("#1d1e22"))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, "EDGE")
        if self.hint is not None:
            p.setPen(QPen(pal("drop_ok" if self.hint else "drop_bad"), 3.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
