"""The card face: a readable card drawn from the data, with its rulings below.

A view comes in (`show_card(card, rulings)`); links out go through
`card_link_activated(name)` (a ruling naming another card) and the system
browser (a ruling's source). The face is rebuilt on each card: a few dozen
widgets, well under a frame.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QFont, QPainter, QPainterPath, QPalette, QPen, QTextDocumentFragment
from PySide6.QtWidgets import (QFormLayout, QFrame, QHBoxLayout, QLabel, QScrollArea, QSizePolicy,
                               QVBoxLayout, QWidget)

from vtes_desktop.cards.model import CardDef, Ruling
from vtes_desktop.ui import card_text, layout
from vtes_desktop.ui.capacity_badge import CapacityBadge
from vtes_desktop.ui.cost_icon import CostIcon
from vtes_desktop.ui.discipline_badge import DisciplineBadge
from vtes_desktop.ui.flow_layout import FlowLayout
from vtes_desktop.ui.theme import Theme


def _font(base: QFont, delta: int = 0, *, bold: bool = False, italic: bool = False) -> QFont:
    f = QFont(base)
    if delta:
        f.setPointSizeF(max(6.0, f.pointSizeF() + delta))
    f.setBold(bold)
    f.setItalic(italic)
    return f


class _Band(QWidget):
    """The coloured name band at the top of the face (rounded top corners)."""

    def __init__(self, color, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._color = color

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect())
        rad = layout.FACE_RADIUS
        path = QPainterPath()
        path.moveTo(r.left(), r.bottom())
        path.lineTo(r.left(), r.top() + rad)
        path.arcTo(QRectF(r.left(), r.top(), 2 * rad, 2 * rad), 180, -90)
        path.lineTo(r.right() - rad, r.top())
        path.arcTo(QRectF(r.right() - 2 * rad, r.top(), 2 * rad, 2 * rad), 90, -90)
        path.lineTo(r.right(), r.bottom())
        path.closeSubpath()
        p.fillPath(path, self._color)


class _Card(QWidget):
    """The face's rounded frame."""

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._theme = theme

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(self._theme.color("card_border"), 1.2))
        p.setBrush(self._theme.color("card_background"))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(0.6, 0.6, -0.6, -0.6), layout.FACE_RADIUS, layout.FACE_RADIUS)


class CardFace(QScrollArea):
    card_link_activated = Signal(str)

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._theme = theme
        self._card: CardDef | None = None
        self._rulings: list[Ruling] = []
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumWidth(layout.FACE_MIN_WIDTH)
        self._rebuild()

    # -- the view in -------------------------------------------------------------
    @property
    def card(self) -> CardDef | None:
        return self._card

    def show_card(self, card: CardDef | None, rulings: Sequence[Ruling] = ()) -> None:
        self._card, self._rulings = card, list(rulings)
        self._rebuild()
        self.verticalScrollBar().setValue(0)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self._rebuild()

    def text(self) -> str:
        """Every label's plain text, top to bottom (for tests and accessibility checks)."""
        w = self.widget()
        out = []
        for lab in w.findChildren(QLabel):
            t = lab.text()
            if lab.textFormat() != Qt.TextFormat.PlainText:
                t = QTextDocumentFragment.fromHtml(t).toPlainText()
            out.append(t)
        return "\n".join(out)

    # -- building ----------------------------------------------------------------
    def _label(self, text: str, *, color: str | None = None, font: QFont | None = None,
               rich: bool = False, wrap: bool = True, name: str = "") -> QLabel:
        lab = QLabel()
        lab.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
        lab.setText(text)
        lab.setWordWrap(wrap)
        if name:
            lab.setObjectName(name)
        flags = Qt.TextInteractionFlag.TextSelectableByMouse
        if rich:
            flags |= Qt.TextInteractionFlag.LinksAccessibleByMouse
            lab.linkActivated.connect(self._on_link)
        lab.setTextInteractionFlags(flags)
        if font is not None:
            lab.setFont(font)
        if color is not None:
            pal = lab.palette()
            pal.setColor(QPalette.ColorRole.WindowText, self._theme.color(color))
            pal.setColor(QPalette.ColorRole.Text, self._theme.color(color))
            lab.setPalette(pal)
        return lab

    def _on_link(self, href: str) -> None:
        if href.startswith(card_text.CARD_LINK):
            self.card_link_activated.emit(href[len(card_text.CARD_LINK):])
        else:
            QDesktopServices.openUrl(QUrl(href))

    def _disc_hex(self, trigram: str) -> str:
        return self._theme.discipline_color(trigram).name()

    def _rich(self, line: str) -> str:
        return card_text.text_html(line, self._disc_hex, self._theme.hex("heading"))

    def _rebuild(self) -> None:
        outer = QWidget()
        outer.setObjectName("faceOuter")
        v = QVBoxLayout(outer)
        v.setContentsMargins(layout.MARGIN, layout.MARGIN, layout.MARGIN, layout.MARGIN)
        if self._card is None:
            hint = self._label("Select a card to see its face.", color="muted", name="faceEmpty")
            hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
            v.addStretch(1)
            v.addWidget(hint)
            v.addStretch(2)
        else:
            v.addWidget(self._build_card(self._card))
            v.addSpacing(layout.SPACING * 2)
            self._add_rulings(v, self._rulings)
            v.addStretch(1)
        self.setWidget(outer)

    def _build_card(self, c: CardDef) -> QWidget:
        base = self.font()
        frame = _Card(self._theme)
        frame.setObjectName("face")
        col = QVBoxLayout(frame)
        col.setContentsMargins(0, 0, 0, layout.FACE_PADDING)
        col.setSpacing(layout.SPACING)
        col.addWidget(self._build_band(c, base))

        body = QVBoxLayout()
        body.setContentsMargins(layout.FACE_PADDING, 0, layout.FACE_PADDING, 0)
        body.setSpacing(layout.SPACING)
        col.addLayout(body)

        if c.banned:
            ban = self._label(f"BANNED since {c.banned}", font=_font(base, bold=True), name="banned")
            ban.setAlignment(Qt.AlignmentFlag.AlignCenter)
            ban.setAutoFillBackground(True)
            pal = ban.palette()
            pal.setColor(QPalette.ColorRole.Window, self._theme.color("banned"))
            pal.setColor(QPalette.ColorRole.WindowText, self._theme.color("band_text"))
            ban.setPalette(pal)
            ban.setContentsMargins(6, 4, 6, 4)
            body.addWidget(ban)

        form = QFormLayout()
        form.setHorizontalSpacing(layout.SPACING * 2)
        form.setVerticalSpacing(layout.SPACING)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._fill_form(form, c, base)
        if form.rowCount() or c.banned:
            body.addLayout(form)
            body.addWidget(self._rule())
        for sec in card_text.sections(c):
            if sec.markers:
                body.addSpacing(2)
                body.addLayout(self._level_heading(sec, base))
            lab = self._label("<br>".join(self._rich(line) for line in sec.lines), rich=True, name="cardText",
                              font=_font(base, layout.TEXT_POINT_DELTA))
            body.addWidget(lab)
        if c.flavor:
            body.addSpacing(2)
            body.addWidget(self._label(c.flavor, color="muted", font=_font(base, italic=True), name="flavor"))
        body.addWidget(self._rule())
        small = _font(base, layout.SMALL_POINT_DELTA)
        foot = []
        if c.sets:
            foot.append(f"Sets: {', '.join(c.sets)}")
        if c.artist:
            foot.append(f"Artist: {c.artist}")
        foot.append(f"VEKN id {c.id}" + (f" · also known as {', '.join(c.aka)}" if c.aka else ""))
        body.addWidget(self._label("\n".join(foot), color="muted", font=small, name="footer"))
        return frame

    def _build_band(self, c: CardDef, base: QFont) -> QWidget:
        band = _Band(self._theme.color("crypt_band" if c.is_crypt else "library_band"))
        h = QHBoxLayout(band)
        h.setContentsMargins(layout.FACE_PADDING, layout.FACE_PADDING - 4, layout.FACE_PADDING, layout.FACE_PADDING - 4)
        h.setSpacing(layout.SPACING * 2)
        names = QVBoxLayout()
        names.setSpacing(2)
        name = self._label(c.display, color="band_text", font=_font(base, layout.NAME_POINT_DELTA, bold=True),
                           name="cardName")
        names.addWidget(name)
        names.addWidget(self._label(self._subtitle(c), color="band_text", name="cardSubtitle"))
        h.addLayout(names, 1)
        if c.is_crypt and c.capacity is not None:
            h.addWidget(CapacityBadge(c.capacity, self._theme, life=c.is_imbued), 0, Qt.AlignmentFlag.AlignVCenter)
        costs = [("pool", c.pool_cost), ("blood", c.blood_cost), ("conviction", c.conviction_cost)]
        for kind, amount in costs:
            if amount:
                box = QVBoxLayout()
                box.setSpacing(1)
                box.addWidget(CostIcon(kind, amount, self._theme), 0, Qt.AlignmentFlag.AlignHCenter)
                cap = self._label(kind, color="band_text", font=_font(base, layout.SMALL_POINT_DELTA), wrap=False)
                cap.setAlignment(Qt.AlignmentFlag.AlignHCenter)
                box.addWidget(cap)
                h.addLayout(box)
        return band

    @staticmethod
    def _subtitle(c: CardDef) -> str:
        parts = [c.type_label]
        if c.is_crypt:
            parts += list(c.clans)
            if c.group:
                parts.append("any group" if c.group == "ANY" else f"group {c.group}")
            if c.advanced:
                parts.append("advanced")
        return " · ".join(parts)

    def _badges(self, trigrams: Sequence[str], joiner: str = "") -> QWidget:
        w = QWidget()
        flow = FlowLayout(w, spacing=layout.BADGE_SPACING)
        for i, t in enumerate(trigrams):
            if joiner and i:
                j = self._label(joiner, color="muted", wrap=False)
                j.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
                j.setMinimumHeight(layout.BADGE_HEIGHT)
                flow.addWidget(j)
            flow.addWidget(DisciplineBadge(t, self._theme))
        return w

    def _key(self, text: str) -> QLabel:
        return self._label(text, color="muted", wrap=False)

    def _fill_form(self, form: QFormLayout, c: CardDef, base: QFont) -> None:
        bold = _font(base, bold=True)
        if c.is_crypt:
            if c.sect:
                form.addRow(self._key("Sect"), self._label(c.sect, font=bold, name="sect"))
            title = card_text.title_label(c)
            if title:
                form.addRow(self._key("Title"), self._label(title, font=bold, name="title"))
            if c.disciplines:
                label = "Virtues" if c.is_imbued else "Disciplines"
                form.addRow(self._key(label), self._badges(c.disciplines))
            else:
                form.addRow(self._key("Disciplines"), self._label("none", color="muted"))
        else:
            if c.disciplines:
                form.addRow(self._key("Requires"), self._badges(c.disciplines, card_text.discipline_join(c)))
            if c.clans:
                form.addRow(self._key("Clan" if len(c.clans) == 1 else "Clans"),
                            self._label(" or ".join(c.clans), font=bold, name="clan"))
            if c.requirements:
                req = ", ".join(r if r[:1].isdigit() else r.capitalize() for r in c.requirements)
                form.addRow(self._key("Requirement"), self._label(req, name="requirements"))
        if c.path:
            form.addRow(self._key("Path"), self._label(c.path, name="path"))
        if c.capacity_change:
            form.addRow(self._key("Capacity" if c.capacity_change[:1] in "+-0123456789" else "Clan"),
                        self._label(c.capacity_change))
        if c.burn_option:
            form.addRow(self._key("Burn option"), self._label("yes (may be burned for no cost)"))

    def _level_heading(self, sec: card_text.Section, base: QFont) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(layout.BADGE_SPACING)
        for m in sec.markers:
            if card_text.is_discipline(m):
                row.addWidget(DisciplineBadge(m, self._theme))
        row.addWidget(self._label(sec.title, color="heading", font=_font(base, layout.HEADING_POINT_DELTA, bold=True),
                                  wrap=False, name="levelHeading"))
        row.addStretch(1)
        return row

    def _rule(self) -> QWidget:
        line = QWidget()
        line.setFixedHeight(1)
        line.setAutoFillBackground(True)
        pal = line.palette()
        pal.setColor(QPalette.ColorRole.Window, self._theme.color("rule"))
        line.setPalette(pal)
        return line

    def _add_rulings(self, v: QVBoxLayout, rulings: list[Ruling]) -> None:
        base = self.font()
        head = "Rulings" if rulings else "No rulings"
        v.addWidget(self._label(f"{head} ({len(rulings)})" if rulings else head, color="heading",
                                font=_font(base, layout.HEADING_POINT_DELTA, bold=True), name="rulingsHeading"))
        for r in rulings:
            lab = self._label("• " + card_text.ruling_html(r, self._disc_hex, self._theme.hex("heading")),
                              rich=True, name="ruling")
            lab.setContentsMargins(4, 0, 0, 0)
            v.addWidget(lab)
