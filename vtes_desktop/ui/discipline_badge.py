"""A discipline badge: superior is a filled badge in capitals, inferior an outlined one in lower case.

Painted with vectors, so it stays sharp at any scale. `paint_badge` is shared
with the results list's rows.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from vtes_desktop.ui import layout
from vtes_desktop.ui.card_text import discipline_name, is_discipline
from vtes_desktop.ui.theme import Theme


def badge_font(base: QFont, superior: bool) -> QFont:
    f = QFont(base)
    f.setBold(superior)
    f.setWeight(QFont.Weight.Bold if superior else QFont.Weight.DemiBold)
    return f


def badge_width(base: QFont, trigram: str) -> float:
    fm = QFontMetricsF(badge_font(base, trigram.isupper()))
    return max(float(layout.BADGE_MIN_WIDTH), fm.horizontalAdvance(trigram) + 14)


def paint_badge(p: QPainter, rect: QRectF, trigram: str, theme: Theme, base: QFont) -> None:
    """Draw one badge in *rect*. Non-discipline markers (`MERGED`) get the muted colour."""
    superior = trigram.isupper()
    color = theme.discipline_color(trigram) if is_discipline(trigram) else theme.color("muted")
    r = rect.adjusted(layout.BADGE_BORDER / 2, layout.BADGE_BORDER / 2,
                      -layout.BADGE_BORDER / 2, -layout.BADGE_BORDER / 2)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    if superior:
        p.setPen(QPen(color.darker(125), layout.BADGE_BORDER))
        p.setBrush(color)
    else:
        p.setPen(QPen(color, layout.BADGE_BORDER))
        p.setBrush(theme.color("badge_inferior_background"))
    p.drawRoundedRect(r, layout.BADGE_RADIUS, layout.BADGE_RADIUS)
    p.setFont(badge_font(base, superior))
    p.setPen(theme.color("badge_superior_text") if superior else color)
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, trigram)
    p.restore()


class DisciplineBadge(QWidget):
    def __init__(self, trigram: str, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.trigram = trigram
        self._theme = theme
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        if is_discipline(trigram):
            level = "superior" if trigram.isupper() else "inferior"
            self.setToolTip(f"{discipline_name(trigram)} ({level})" if trigram.lower() != "flight" else "Flight")
        self.setAccessibleName(self.toolTip() or trigram)

    @property
    def superior(self) -> bool:
        return self.trigram.isupper()

    def sizeHint(self) -> QSize:
        return QSize(round(badge_width(self.font(), self.trigram)), layout.BADGE_HEIGHT)

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        paint_badge(p, QRectF(self.rect()), self.trigram, self._theme, self.font())
