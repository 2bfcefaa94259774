"""Two small charts painted with QPainter: a line plot of odds by turn, and a bar chart.

Both read their colours from the widget's palette (so they follow the theme)
and keep what they draw as plain data (`series`, `bars`, `markers`), which the
tests read. No chart library.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

#: Line colours, told apart on a dark and on a light background (Tableau 10, slightly brighter).
SERIES_COLORS = ("#4e9be6", "#f28e2b", "#e15759", "#59b3a9", "#6bbf59", "#edc948", "#b07aa1", "#ff9da7",
                 "#c4a07a", "#a0a4ab")


def series_color(i: int) -> QColor:
    return QColor(SERIES_COLORS[i % len(SERIES_COLORS)])


def nice_step(top: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about *ticks* intervals up to *top*."""
    if top <= 0:
        return 1.0
    raw = top / ticks
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return float(m * mag)
    return float(10 * mag)


def mix(a: QColor, b: QColor, t: float) -> QColor:
    """*a* moved a fraction *t* towards *b*."""
    return QColor.fromRgbF(a.redF() * (1 - t) + b.redF() * t, a.greenF() * (1 - t) + b.greenF() * t,
                           a.blueF() * (1 - t) + b.blueF() * t)


def muted_color(w: QWidget) -> QColor:
    """Text for small print and explanations: between the window and its text."""
    pal = w.palette()
    return mix(pal.color(QPalette.ColorRole.Window), pal.color(QPalette.ColorRole.WindowText), 0.65)


class _Chart(QWidget):
    MARGIN_LEFT = 52
    MARGIN_RIGHT = 16
    MARGIN_TOP = 28
    MARGIN_BOTTOM = 46

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = ""
        self.x_title = ""
        self.y_title = ""
        self.empty_text = "Nothing to show"
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(260, 180)

    def sizeHint(self) -> QSize:
        return QSize(520, 280)

    # -- colours from the palette ----------------------------------------------------------
    def _text(self) -> QColor:
        return self.palette().color(QPalette.ColorRole.WindowText)

    def _muted(self) -> QColor:
        return mix(self.palette().color(QPalette.ColorRole.Window), self._text(), 0.62)

    def _grid(self) -> QColor:
        return mix(self.palette().color(QPalette.ColorRole.Window), self._text(), 0.16)

    def _small(self) -> QFont:
        f = QFont(self.font())
        f.setPointSizeF(max(7.0, f.pointSizeF() - 1))
        return f

    def _plot_rect(self) -> QRectF:
        r = QRectF(self.rect())
        return r.adjusted(self.MARGIN_LEFT, self.MARGIN_TOP + (8 if self.title else 0), -self.MARGIN_RIGHT,
                          -self.MARGIN_BOTTOM)

    def _frame(self, p: QPainter, plot: QRectF) -> None:
        """The title and the axis titles."""
        p.setPen(self._text())
        if self.title:
            f = QFont(self.font())
            f.setBold(True)
            p.setFont(f)
            p.drawText(QRectF(0, 4, self.width(), 22), Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter,
                       self.title)
        p.setFont(self._small())
        p.setPen(self._muted())
        if self.x_title:
            p.drawText(QRectF(plot.left(), self.height() - 20, plot.width(), 18), Qt.AlignmentFlag.AlignCenter,
                       self.x_title)
        if self.y_title:
            p.save()
            p.translate(12, plot.center().y())
            p.rotate(-90)
            p.drawText(QRectF(-plot.height() / 2, -9, plot.height(), 18), Qt.AlignmentFlag.AlignCenter,
                       self.y_title)
            p.restore()

    def _empty(self, p: QPainter) -> None:
        p.setPen(self._muted())
        p.drawText(QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.empty_text)


@dataclass(frozen=True)
class Series:
    label: str
    values: tuple[float, ...]     # 0..1, one per x label


class LinePlot(_Chart):
    """Odds (0 to 100%) by turn, one line a card: `set_series(["Opening", "T2", ...], [Series(...), ...])`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.x_labels: list[str] = []
        self.series: list[Series] = []
        self.y_title = "chance"
        self.empty_text = "Select cards in the table to plot their odds by turn"

    def set_series(self, x_labels: list[str], series: list[Series]) -> None:
        self.x_labels = list(x_labels)
        self.series = list(series)
        self.update()

    def _legend_width(self, fm: QFontMetricsF) -> float:
        if not self.series:
            return 0.0
        return min(220.0, max(fm.horizontalAdvance(s.label) for s in self.series) + 34)

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.series or not self.x_labels:
            self._empty(p)
            return
        small = self._small()
        fm = QFontMetricsF(small)
        legend_w = self._legend_width(fm)
        plot = self._plot_rect().adjusted(0, 0, -legend_w, 0)
        self._frame(p, plot)
        # the grid: every 20%
        p.setFont(small)
        for k in range(0, 6):
            y = plot.bottom() - plot.height() * k / 5
            p.setPen(QPen(self._grid(), 1))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(self._muted())
            p.drawText(QRectF(0, y - 9, plot.left() - 6, 18),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, f"{20 * k}%")
        n = len(self.x_labels)

        def x_at(i: int) -> float:
            return plot.left() + (plot.width() * (i + 0.5) / n)

        for i, lab in enumerate(self.x_labels):
            p.setPen(self._muted())
            p.drawText(QRectF(x_at(i) - 40, plot.bottom() + 4, 80, 16), Qt.AlignmentFlag.AlignHCenter, lab)
        # the lines, the first series on top; a line hidden under an identical one is drawn wider,
        # so its colour shows round the one on top
        under = [sum(1 for j in range(i) if self.series[j].values == self.series[i].values)
                 for i in range(len(self.series))]
        for idx in reversed(range(len(self.series))):
            s = self.series[idx]
            color = series_color(idx)
            path = QPainterPath()
            pts = [QPointF(x_at(i), plot.bottom() - plot.height() * max(0.0, min(1.0, v)))
                   for i, v in enumerate(s.values[:n])]
            if not pts:
                continue
            path.moveTo(pts[0])
            for q in pts[1:]:
                path.lineTo(q)
            p.setPen(QPen(color, 2.2 + 4 * under[idx]))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
            p.setBrush(color)
            p.setPen(Qt.PenStyle.NoPen)
            for q in pts:
                p.drawEllipse(q, 3.2 + 2 * under[idx], 3.2 + 2 * under[idx])
        # the legend
        x0 = plot.right() + 14
        y = plot.top()
        for idx, s in enumerate(self.series):
            color = series_color(idx)
            p.setPen(QPen(color, 2.6))
            p.drawLine(QPointF(x0, y + 8), QPointF(x0 + 16, y + 8))
            p.setPen(self._text())
            text = fm.elidedText(s.label, Qt.TextElideMode.ElideRight, legend_w - 24)
            p.drawText(QRectF(x0 + 22, y, legend_w - 22, 16),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
            y += 19
            if y > plot.bottom():
                break


@dataclass(frozen=True)
class Marker:
    at: float          # a position on the category axis, in category values (a turn: 9.5 falls between 9 and 10)
    label: str


class BarChart(_Chart):
    """Counts by category: `set_bars([("7", 3), ("8", 5), ...])`; optional vertical markers (the median...).

    *positions* gives each bar's numeric value, so markers can stand between bars."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bars: list[tuple[str, float]] = []
        self.positions: list[float] = []
        self.markers: list[Marker] = []
        self.y_title = "count"
        self.bar_color: QColor | None = None
        self.value_labels = True

    def set_bars(self, bars: list[tuple[str, float]], *, positions: list[float] | None = None,
                 markers: list[Marker] | None = None) -> None:
        self.bars = list(bars)
        self.positions = list(positions) if positions is not None else [float(i) for i in range(len(self.bars))]
        self.markers = list(markers or [])
        self.update()

    #: the widest a bar's slot gets (a few bars stay bars, not blocks)
    MAX_SLOT = 64.0

    def _slots(self, plot: QRectF) -> tuple[float, float]:
        """(x of the first slot, slot width): the bars centred in the plot."""
        n = len(self.bars)
        w = min(plot.width() / n, self.MAX_SLOT)
        return plot.left() + (plot.width() - w * n) / 2, w

    def _x_for(self, value: float, plot: QRectF) -> float:
        """The x of a numeric position on the category axis (bars at their own positions, linear between)."""
        n = len(self.bars)
        pos = self.positions
        x0, w = self._slots(plot)
        if value <= pos[0]:
            return x0 + w * 0.5 - (pos[0] - value) * w
        for i in range(n - 1):
            if pos[i] <= value <= pos[i + 1]:
                t = (value - pos[i]) / (pos[i + 1] - pos[i]) if pos[i + 1] != pos[i] else 0
                return x0 + w * (i + 0.5 + t)
        return x0 + w * (n - 0.5) + (value - pos[-1]) * w

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.bars:
            self._empty(p)
            return
        plot = self._plot_rect()
        if self.markers:
            plot.adjust(0, 30, 0, 0)
        self._frame(p, plot)
        small = self._small()
        p.setFont(small)
        fm = QFontMetricsF(small)
        top = max(v for _, v in self.bars) or 1
        step = nice_step(top)
        ymax = math.ceil(top / step) * step
        if ymax <= top:
            ymax += step
        k = 0.0
        while k <= ymax + 1e-9:
            y = plot.bottom() - plot.height() * k / ymax
            p.setPen(QPen(self._grid(), 1))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(self._muted())
            p.drawText(QRectF(0, y - 9, plot.left() - 6, 18),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, f"{k:g}")
            k += step
        n = len(self.bars)
        x0, w = self._slots(plot)
        gap = min(10.0, w * 0.18)
        color = self.bar_color or self.palette().color(QPalette.ColorRole.Highlight)
        # x labels: thin them out when they would collide
        widest = max(fm.horizontalAdvance(lab) for lab, _ in self.bars) + 6
        every = max(1, math.ceil(widest / max(1.0, w)))
        # markers behind the bars: dashed lines; their labels above the plot, on a second row when they
        # would touch
        labels = []
        rows_right = [-1e9, -1e9]
        for m in sorted(self.markers, key=lambda m: m.at):
            x = self._x_for(m.at, plot)
            p.setPen(QPen(self._text(), 1.2, Qt.PenStyle.DashLine))
            p.drawLine(QPointF(x, plot.top() - 4), QPointF(x, plot.bottom()))
            tw = fm.horizontalAdvance(m.label) + 8
            left = max(0.0, min(x - tw / 2, self.width() - tw))
            row = 0 if left > rows_right[0] else 1
            rect = QRectF(left, plot.top() - 20 - 15 * row, tw, 15)
            rows_right[row] = rect.right()
            labels.append((rect, m.label))
        for i, (lab, v) in enumerate(self.bars):
            x = x0 + w * i
            h = plot.height() * v / ymax
            r = QRectF(x + gap / 2, plot.bottom() - h, w - gap, h)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(color)
            p.drawRoundedRect(r, 2, 2)
            if i % every == 0:
                p.setPen(self._muted())
                p.drawText(QRectF(x - 10, plot.bottom() + 4, w + 20, 16), Qt.AlignmentFlag.AlignHCenter, lab)
        p.setPen(QPen(self._muted(), 1))
        p.drawLine(QPointF(plot.left(), plot.bottom()), QPointF(plot.right(), plot.bottom()))
        if self.value_labels:
            back = self.palette().color(QPalette.ColorRole.Window)
            for i, (lab, v) in enumerate(self.bars):
                text = f"{v:g}"
                tw = fm.horizontalAdvance(text)
                if not v or tw > w + 4:
                    continue
                x = x0 + w * (i + 0.5)
                y = plot.bottom() - plot.height() * v / ymax
                box = QRectF(x - tw / 2 - 2, y - 16, tw + 4, 14)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(back)
                p.drawRoundedRect(box, 3, 3)
                p.setPen(self._text())
                p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        p.setPen(self._text())
        for rect, text in labels:
            p.drawText(rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, text)
