"""A cost: a pool token, a blood drop or a conviction cross with the amount inside, drawn as vectors."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from vtes_desktop.ui import layout
from vtes_desktop.ui.theme import Theme

KINDS = ("pool", "blood", "conviction")


def drop_path(r: QRectF) -> QPainterPath:
    """A blood drop filling *r*: a point at the top, round at the bottom."""
    w, h = r.width(), r.height()
    cx = r.center().x()
    rad = min(w * 0.44, h * 0.36)
    cy = r.bottom() - rad - h * 0.04
    path = QPainterPath(QPointF(cx, r.top() + h * 0.02))
    path.cubicTo(QPointF(cx + rad * 0.25, r.top() + h * 0.28), QPointF(cx + rad, cy - rad * 0.55),
                 QPointF(cx + rad, cy))
    path.arcTo(QRectF(cx - rad, cy - rad, 2 * rad, 2 * rad), 0, -180)
    path.cubicTo(QPointF(cx - rad, cy - rad * 0.55), QPointF(cx - rad * 0.25, r.top() + h * 0.28),
                 QPointF(cx, r.top() + h * 0.02))
    return path


def cross_path(r: QRectF) -> QPainterPath:
    """The conviction mark: a cross with short flared arms round a wide centre (room for the amount)."""
    c = r.center()
    s = min(r.width(), r.height()) / 2
    core, flare = s * 0.50, s * 0.70   # half-width of the centre square and of an arm's tip
    path = QPainterPath()
    pts = []
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        px, py = -dy, dx  # along the arm's tip
        tip = QPointF(c.x() + dx * s, c.y() + dy * s)
        pts += [QPointF(c.x() + dx * core - px * core, c.y() + dy * core - py * core),
                QPointF(tip.x() - px * flare, tip.y() - py * flare),
                QPointF(tip.x() + px * flare, tip.y() + py * flare)]
    path.moveTo(pts[0])
    for q in pts[1:]:
        path.lineTo(q)
    path.closeSubpath()
    return path


def paint_cost(p: QPainter, rect: QRectF, kind: str, amount: str, theme: Theme, font: QFont) -> None:
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    fill = theme.color(kind)
    text = theme.color(f"{kind}_text")
    r = rect.adjusted(1.5, 1.5, -1.5, -1.5)
    text_rect = QRectF(r)
    if kind == "blood":
        p.setPen(QPen(fill.darker(140), 1.2))
        p.setBrush(fill)
        p.drawPath(drop_path(r))
        text_rect = QRectF(r.left(), r.top() + r.height() * 0.30, r.width(), r.height() * 0.66)
    elif kind == "conviction":
        p.setPen(QPen(fill.darker(140), 1.2))
        p.setBrush(fill)
        p.drawPath(cross_path(r))
    else:  # pool: a token with an inner ring
        p.setPen(QPen(fill.darker(130) if fill.lightness() > 128 else fill.lighter(160), 1.2))
        p.setBrush(fill)
        p.drawEllipse(r)
        p.setPen(QPen(text, 1.0))
        p.setBrush(Qt.BrushStyle.NoBrush)
        inset = r.width() * 0.14
        p.drawEllipse(r.adjusted(inset, inset, -inset, -inset))
    f = QFont(font)
    f.setBold(True)
    f.setPixelSize(max(8, round(rect.height() * (0.42 if kind != "pool" else 0.40))))
    p.setFont(f)
    p.setPen(text)
    p.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, amount)
    p.restore()


class CostIcon(QWidget):
    """`CostIcon("blood", "2")`: the icon with the amount; the tooltip says it in words."""

    def __init__(self, kind: str, amount: str, theme: Theme, size: int = layout.COST_ICON_SIZE,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if kind not in KINDS:
            raise ValueError(f"unknown cost kind {kind!r}")
        self.kind, self.amount, self._theme, self._size = kind, amount, theme, size
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setToolTip(f"Cost: {amount} {kind}")
        self.setAccessibleName(self.toolTip())

    def sizeHint(self) -> QSize:
        return QSize(self._size, self._size)

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        paint_cost(p, QRectF(self.rect()), self.kind, self.amount, self._theme, self.font())
