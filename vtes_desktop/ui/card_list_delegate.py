"""How a results row looks: the name and its costs or capacity, then a muted line of
type, clan, group and disciplines (superior in bold capitals).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from vtes_desktop.cards.model import CardDef
from vtes_desktop.ui import layout
from vtes_desktop.ui.card_list_model import CARD_ROLE
from vtes_desktop.ui.theme import Theme


def meta_line(c: CardDef) -> str:
    """The row's second line without disciplines: `Vampire · Brujah · G2`, `Action Modifier · Ventrue`."""
    parts = [c.type_label]
    parts += list(c.clans)
    if c.is_crypt and c.group:
        parts.append(f"G{c.group}" if c.group != "ANY" else "any group")
    return " · ".join(parts)


def right_text(c: CardDef) -> str:
    """The row's right side: capacity for crypt cards, costs for library cards."""
    if c.is_crypt:
        return f"{c.capacity}" if c.capacity is not None else ""
    costs = []
    if c.pool_cost:
        costs.append(f"{c.pool_cost} pool")
    if c.blood_cost:
        costs.append(f"{c.blood_cost} blood")
    if c.conviction_cost:
        costs.append(f"{c.conviction_cost} conv.")
    return ", ".join(costs)


class CardListDelegate(QStyledItemDelegate):
    def __init__(self, theme: Theme, parent=None) -> None:
        super().__init__(parent)
        self._theme = theme

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        fm = QFontMetrics(option.font)
        return QSize(200, 2 * fm.height() + 2 * layout.LIST_ROW_PADDING + 1)

    def paint(self, p: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        c: CardDef | None = index.data(CARD_ROLE)
        if c is None:
            return super().paint(p, option, index)
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget else QApplication.style()
        style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, opt, p, opt.widget)

        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        pal = opt.palette
        fg = pal.highlightedText().color() if selected else pal.text().color()
        muted = fg if selected else self._theme.color("muted")
        r = QRectF(opt.rect).adjusted(8, layout.LIST_ROW_PADDING, -8, -layout.LIST_ROW_PADDING)
        fm = QFontMetrics(opt.font)
        line_h = fm.height()
        p.save()
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)

        # first line: name (bold), right: capacity or costs, banned marker
        name_font = QFont(opt.font)
        name_font.setBold(True)
        right = right_text(c)
        right_w = fm.horizontalAdvance(right) + 6 if right else 0
        if c.banned:
            right = ("BANNED  " + right).strip()
            right_w = fm.horizontalAdvance(right) + 6
        top = QRectF(r.left(), r.top(), r.width(), line_h)
        p.setFont(name_font)
        p.setPen(fg)
        name = QFontMetrics(name_font).elidedText(c.display, Qt.TextElideMode.ElideRight, int(r.width() - right_w - 8))
        p.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
        if right:
            p.setFont(opt.font)
            color = self._theme.color("banned") if c.banned and not selected else (
                self._theme.color("life" if c.is_imbued else "capacity") if c.is_crypt and not selected else muted)
            if c.is_crypt and not c.banned:
                f = QFont(opt.font)
                f.setBold(True)
                p.setFont(f)
            p.setPen(color)
            p.drawText(top, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, right)

        # second line: type · clan · group, then disciplines
        bottom = QRectF(r.left(), r.top() + line_h, r.width(), line_h)
        p.setFont(opt.font)
        p.setPen(muted)
        meta = meta_line(c)
        x = bottom.left()
        meta_w = min(fm.horizontalAdvance(meta), int(bottom.width()))
        p.drawText(bottom, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                   fm.elidedText(meta, Qt.TextElideMode.ElideRight, int(bottom.width())))
        x += meta_w + 10
        bold = QFont(opt.font)
        bold.setBold(True)
        bfm = QFontMetrics(bold)
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        for d in c.disciplines:
            sup = d.isupper()
            f, m = (bold, bfm) if sup else (opt.font, fm)
            w = m.horizontalAdvance(d)
            if x + w > bottom.right():
                break
            p.setFont(f)
            p.setPen(fg if selected else self._theme.discipline_color(d))
            p.drawText(QRectF(x, bottom.top(), w + 2, line_h), left, d)
            x += w + layout.LIST_DISC_GAP + fm.horizontalAdvance(" ")
        p.restore()
