"""A seat's panel: the background, and the header's name, victory points and tags.

The tags say what a player at a real table sees at a glance: whose turn it
is, whose input is needed now, which Methuselah is your prey and which your
predator, and who has been ousted. The pool and the Edge are tokens of their
own, placed on the header by the scene.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from vtes_desktop.ui.table import scene_constants as K


class SeatItem(QGraphicsObject):
    def __init__(self, ctx, seat: int) -> None:
        super().__init__()
        self.ctx = ctx
        self.seat = seat
        self.rect = QRectF()
        self.layout = None
        self.name = ""
        self.vp = 0.0
        self.tags: list[tuple[str, str]] = []     # (text, palette colour name)
        self.local = False
        self.impulse = False
        self.ousted = False
        self.edge = False                         # this seat holds the Edge (drawn after its victory points)
        self.hint: bool | None = None
        self.setZValue(K.Z_SEAT)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def type(self) -> int:
        return K.TYPE_SEAT

    def set_state(self, layout, *, name: str, vp: float, tags, local: bool, impulse: bool, ousted: bool,
                  edge: bool = False) -> None:
        if layout.rect != self.rect:
            self.prepareGeometryChange()
            self.rect = QRectF(layout.rect)
        self.layout = layout
        state = (name, vp, tuple(tags), local, impulse, ousted, edge, layout.pool_pos, layout.header)
        if state != getattr(self, "_state", None):
            self._state = state
            self.name, self.vp, self.tags, self.local, self.impulse, self.ousted, self.edge = \
                name, vp, list(tags), local, impulse, ousted, edge
            self.update()

    def set_hint(self, hint: bool | None) -> None:
        if hint != self.hint:
            self.hint = hint
            self.update()

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-3, -3, 3, 3)

    def paint(self, p: QPainter, _o, _w=None) -> None:
        pal = self.ctx.palette
        lay = self.layout
        if lay is None:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        border = pal("impulse") if self.impulse else pal("seat_border")
        if self.hint is not None:
            border = pal("drop_ok" if self.hint else "drop_bad")
        p.setPen(QPen(border, 2.6 if (self.impulse or self.hint is not None) else 1.0))
        p.setBrush(pal("seat_panel_local" if self.local else "seat_panel"))
        p.drawRoundedRect(self.rect.adjusted(1, 1, -1, -1), 9, 9)
        head = lay.header
        # name
        p.setFont(lay.name_font)
        p.setPen(pal("seat_text") if not self.ousted else pal("seat_muted"))
        x = self.rect.left() + K.SEAT_PAD + 4
        if self.impulse:
            p.setPen(pal("impulse"))
            p.drawText(QRectF(x - 2, head.top(), 16, head.height()), Qt.AlignmentFlag.AlignVCenter, "\u25b6")
            p.setPen(pal("seat_text"))
        x += 14
        p.drawText(QRectF(x, head.top(), head.width(), head.height()),
                   Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, self.name)
        # victory points, after the pool token
        f = QFont()
        f.setPixelSize(14 if self.local else 12)
        f.setBold(True)
        p.setFont(f)
        vp_x = lay.pool_pos.x() + lay.pool_size * 1.9 + 10
        vp = f"{self.vp:g} VP"
        p.setPen(pal("seat_text") if self.vp else pal("seat_muted"))
        p.drawText(QRectF(vp_x, head.top(), 60, head.height()), Qt.AlignmentFlag.AlignVCenter, vp)
        # tags, right-aligned
        tf = QFont()
        tf.setPixelSize(11 if not self.local else 12)
        tf.setBold(True)
        fm = QFontMetricsF(tf)
        p.setFont(tf)
        right = lay.tags_right
        # the Edge lies after the victory points when this seat holds it: never under a tag
        room_left = (lay.edge_pos.x() + K.EDGE_TOKEN * 2 + 6) if self.edge else \
            vp_x + QFontMetricsF(f).horizontalAdvance(vp) + 8
        for text, color in reversed(self.tags):
            tw = fm.horizontalAdvance(text) + 14
            r = QRectF(right - tw, head.center().y() - 10, tw, 20)
            if r.left() < room_left and text.startswith("Your "):    # a narrow seat: "Prey", "Predator"
                text = text[5:].capitalize()
                tw = fm.horizontalAdvance(text) + 14
                r = QRectF(right - tw, head.center().y() - 10, tw, 20)
            if r.left() < room_left:
                break
            c = pal(color)
            fill = QColor(c)
            fill.setAlpha(40)
            p.setPen(QPen(c, 1.2))
            p.setBrush(fill)
            p.drawRoundedRect(r, 10, 10)
            p.setPen(c)
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)
            right = r.left() - 6
        if self.ousted:
            p.setPen(Qt.PenStyle.NoPen)
            veil = QColor(pal("seat_panel"))
            veil.setAlpha(170)
            p.setBrush(veil)
            p.drawRoundedRect(self.rect.adjusted(1, head.height(), -1, -1), 9, 9)
            big = QFont()
            big.setPixelSize(26)
            big.setBold(True)
            p.setFont(big)
            p.setPen(pal("seat_muted"))
            p.drawText(self.rect, Qt.AlignmentFlag.AlignCenter, "Ousted")
