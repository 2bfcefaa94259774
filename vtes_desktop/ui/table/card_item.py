"""A card on the table: a face drawn from the data (or an image), or a back; counters; marks.

The item knows what it shows (a `CardView` from the seat's view) and where
it sits (the seat and region), never the game. It starts a drag only once
the mouse has moved past `QApplication.startDragDistance()`: a drag from the
counter token carries a counter, from anywhere else the card. A press and
release without a drag is a click (the scene turns it into lock or unlock).

Modes: "card" (a whole card) and "tab" (a card attached to a minion, shown as
a strip with its name under the minion, the whole card in the preview).
The item is cached in device coordinates: it repaints only when what it
shows changes, or on a zoom.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QMimeData, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QDrag, QFont, QFontMetricsF, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem

from vtes_desktop.ui.table import scene_constants as K
from vtes_desktop.ui.table.card_painter import counter_kind, paint_back, paint_counter, paint_face
from vtes_desktop.ui.table.gestures import Source


def mime_for(src: Source) -> QMimeData:
    md = QMimeData()
    md.setData(K.MIME, json.dumps(src.to_json()).encode("utf-8"))
    return md


def source_of(md: QMimeData) -> Source | None:
    if md is None or not md.hasFormat(K.MIME):
        return None
    try:
        return Source.from_json(json.loads(bytes(md.data(K.MIME)).decode("utf-8")))
    except (ValueError, TypeError):
        return None


class DragStarter:
    """Mixin: remembers the press, starts a drag past the threshold, else reports a click."""

    _press: QPointF | None = None
    _press_counter = False
    _dragging = False

    def _start_press(self, event) -> None:
        self._press = event.screenPos() if hasattr(event, "screenPos") else None
        self._press_scene = event.scenePos()
        self._dragging = False

    def _moved_past_threshold(self, event) -> bool:
        if self._press is None:
            return False
        d = event.screenPos() - self._press
        return abs(d.x()) + abs(d.y()) >= QApplication.startDragDistance()


class CardItem(QGraphicsObject, DragStarter):
    def __init__(self, vid: str, ctx) -> None:
        super().__init__()
        self.vid = vid
        self.ctx = ctx                 # the scene: palette, images, signals
        self.cv = None                 # CardView, or None for a back with nothing known
        self.cdef = None
        self.seat: int | None = None   # whose region it is in
        self.region = ""
        self.mode = "card"
        self.s = 1.0
        self.face_up = True
        self.lit = False               # playable now
        self.dim = False               # not playable now (with a reason in the tooltip)
        self.hint: bool | None = None  # drop hint: True ok, False refused
        self.marked = False            # lit by a log line
        self.acting = False            # the acting minion or the blocker
        self.glow = False              # named by a legal command now (it can act, block, strike...)
        self.target = False            # a legal target of the card being dragged or hovered
        self.home_z = K.Z_CARD
        self.setAcceptHoverEvents(True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)

    # -- state -------------------------------------------------------------------------
    def type(self) -> int:
        return K.TYPE_CARD

    @property
    def w(self) -> float:
        return K.CARD_W * self.s

    @property
    def h(self) -> float:
        return K.CARD_H * self.s * (K.FAN_STEP if self.mode == "tab" else 1.0)

    def set_state(self, cv, cdef, *, seat: int, region: str, scale: float, mode: str = "card",
                  face_up: bool = True) -> None:
        size_changed = (scale != self.s or mode != self.mode)
        if size_changed:
            self.prepareGeometryChange()
        changed = size_changed or cv != self.cv or face_up != self.face_up or region != self.region
        self.cv, self.cdef, self.seat, self.region = cv, cdef, seat, region
        self.s, self.mode, self.face_up = scale, mode, face_up
        self.setTransformOriginPoint(self.w / 2, self.h / 2)
        locked = bool(cv is not None and cv.locked and mode == "card")
        self.setRotation(90.0 if locked else 0.0)
        tip = ""
        if cdef is not None and face_up:
            tip = cdef.display
        elif cv is not None and cv.contested:
            tip = "Contested"
        self.setToolTip(self._tooltip(tip))
        if changed:
            self.update()

    def set_flags(self, *, lit: bool = False, dim: bool = False, reason: str = "") -> None:
        if (lit, dim) != (self.lit, self.dim):
            self.lit, self.dim = lit, dim
            self.update()
        self._reason = reason
        self.setToolTip(self._tooltip(self.cdef.display if (self.cdef and self.face_up) else ""))

    def _tooltip(self, base: str) -> str:
        r = getattr(self, "_reason", "")
        g = getattr(self, "_glow_tip", "")
        return "\n".join(x for x in (base, r, g) if x)

    def set_hint(self, hint: bool | None) -> None:
        if hint != self.hint:
            self.hint = hint
            self.update()

    def set_marked(self, on: bool) -> None:
        if on != self.marked:
            self.marked = on
            self.update()

    def set_acting(self, on: bool) -> None:
        if on != self.acting:
            self.acting = on
            self.update()

    def set_glow(self, on: bool, tip: str = "") -> None:
        """Lit as able to do something now (rules assist); *tip* says what, in words."""
        if on != self.glow:
            self.glow = on
            self.update()
        self._glow_tip = tip if on else ""
        self.setToolTip(self._tooltip(self.cdef.display if (self.cdef and self.face_up) else ""))

    def set_target(self, on: bool) -> None:
        """Lit as a place the card being dragged (or hovered) can go."""
        if on != self.target:
            self.target = on
            self.update()

    @property
    def shows_face(self) -> bool:
        return bool(self.face_up and self.cdef is not None)

    def source(self, counter: bool = False) -> Source:
        from vtes_desktop.ui.table.scene_constants import KIND_CARD, KIND_COUNTER

        return Source(kind=KIND_COUNTER if counter else KIND_CARD, id=self.vid, seat=self.seat,
                      region=self.region)

    # -- geometry --------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return QRectF(-5, -5, self.w + 10, self.h + 10)

    def counter_rect(self) -> QRectF | None:
        """Where the counter token is drawn (item coordinates), or None without counters."""
        if self.cv is None or not self.cv.counters:
            return None
        if self.mode == "tab":
            d = self.h * 0.82
            return QRectF(self.w - d - 3, (self.h - d) / 2, d, d)
        d = max(18.0, self.w * 0.36)
        return QRectF(self.w - d - self.w * 0.04, self.h - d * 1.12 - self.w * 0.03, d, d * 1.12)

    # -- painting ---------------------------------------------------------------------------
    def paint(self, p: QPainter, _opt: QStyleOptionGraphicsItem, _widget=None) -> None:
        pal = self.ctx.palette
        r = QRectF(0, 0, self.w, self.h)
        if self.mode == "tab":
            self._paint_tab(p, r, pal)
        elif self.shows_face:
            img = self.ctx.images.pixmap(self.cdef) if self.ctx.images is not None else None
            paint_face(p, r, self.cdef, pal, text=self.s >= K.TEXT_MIN_SCALE, image=img)
        else:
            crypt = self.cdef.is_crypt if self.cdef is not None else self.region in ("uncontrolled", "crypt") \
                or (self.cv is not None and self.region in ("ready", "torpor"))
            paint_back(p, r, pal, crypt=crypt)
            if self.cv is not None and self.cv.contested:
                self._paint_contested(p, r, pal)
        cr = self.counter_rect()
        if cr is not None:
            paint_counter(p, cr, counter_kind(self.cdef), self.cv.counters, pal)
        if self.cv is not None and self.cv.contested and self.shows_face:
            self._paint_contested(p, r, pal)
        self._paint_marks(p, r, pal)

    def _paint_tab(self, p: QPainter, r: QRectF, pal) -> None:
        theme = pal.theme
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        band = theme.color("crypt_band" if (self.cdef and self.cdef.is_crypt) else "library_band")
        if not self.shows_face:
            band = pal("back_library")
        rad = self.w * K.CARD_RADIUS
        p.setPen(QPen(band.darker(150), 1.0))
        p.setBrush(band)
        p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), rad, rad)
        f = QFont()
        f.setPixelSize(max(6, round(min(self.h * 0.5, self.w * 0.1))))
        f.setBold(True)
        p.setFont(f)
        p.setPen(theme.color("band_text"))
        name = self.cdef.display if self.shows_face else "Face down"
        if self.cv is not None and self.cv.locked:
            name = "\u27f3 " + name
        right = (self.counter_rect().left() - 2) if self.counter_rect() is not None else r.right() - 4
        tr = QRectF(r.left() + 5, r.top(), right - r.left() - 5, r.height())
        p.drawText(tr, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                   QFontMetricsF(f).elidedText(name, Qt.TextElideMode.ElideRight, tr.width()))
        p.restore()

    def _paint_contested(self, p: QPainter, r: QRectF, pal) -> None:
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        c = pal("contested")
        h = max(12.0, self.h * 0.14)
        band = QRectF(r.left(), r.center().y() - h / 2, r.width(), h)
        p.fillRect(band, QColor(0, 0, 0, 170))
        f = QFont()
        f.setPixelSize(max(6, round(h * 0.62)))
        f.setBold(True)
        p.setFont(f)
        p.setPen(c)
        p.drawText(band, Qt.AlignmentFlag.AlignCenter, "CONTESTED")
        p.restore()

    def _paint_marks(self, p: QPainter, r: QRectF, pal) -> None:
        color = None
        width = 2.4
        if self.hint is not None:
            color = pal("drop_ok" if self.hint else "drop_bad")
            width = 3.2
        elif self.marked:
            color = pal("log_highlight")
            width = 3.2
        elif self.target:
            color = pal("drop_ok")
            width = 3.4
        elif self.acting:
            color = pal("acting")
            width = 3.0
        elif self.lit or self.glow:
            color = pal("lit")
            width = 2.8 if self.glow else 2.4
        if self.dim:
            p.save()
            c = QColor(pal("dim"))
            c.setAlpha(120)
            rad = self.w * K.CARD_RADIUS
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(c)
            p.drawRoundedRect(r, rad, rad)
            p.restore()
        if color is not None:
            p.save()
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            if self.glow or self.target:
                # a soft halo round the outline: this card can do something now, or take the drop
                halo = QColor(color)
                halo.setAlpha(70)
                rad = self.w * K.CARD_RADIUS
                p.setPen(QPen(halo, width + 4))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(r.adjusted(-1, -1, 1, 1), rad + 1, rad + 1)
            p.setPen(QPen(color, width))
            p.setBrush(Qt.BrushStyle.NoBrush)
            rad = self.w * K.CARD_RADIUS
            p.drawRoundedRect(r.adjusted(-1, -1, 1, 1), rad + 1, rad + 1)
            p.restore()

    def render_pixmap(self, dpr: float = 1.0) -> QPixmap:
        """The card as a pixmap (the drag image, the spring-back ghost)."""
        br = QRectF(0, 0, self.w, self.h)
        pm = QPixmap(max(1, int(br.width() * dpr)), max(1, int(br.height() * dpr)))
        pm.setDevicePixelRatio(dpr)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        self.paint(p, QStyleOptionGraphicsItem(), None)
        p.end()
        return pm

    # -- the mouse --------------------------------------------------------------------------
    def hoverEnterEvent(self, event) -> None:
        self.setZValue(K.Z_HOVER)
        self.ctx.hover_card(self)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event) -> None:
        self.setZValue(self.home_z)
        self.ctx.hover_card(None)
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self._start_press(event)
        cr = self.counter_rect()
        self._press_counter = cr is not None and cr.contains(event.pos())
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        if self._dragging or not self._moved_past_threshold(event):
            return
        self._dragging = True
        self.ctx.start_drag(self, self.source(counter=self._press_counter), event)

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton and not self._dragging and self._press is not None:
            self.ctx.click_card(self)
        self._press = None
        self._dragging = False
        event.accept()

    def mouseDoubleClickEvent(self, event) -> None:
        self.ctx.double_click_card(self)
        event.accept()
