"""A card drawn from the data at table size: name, type, clan, capacity, disciplines, cost, text.

The table's cards are small, so the face is laid out for reading at a
glance: a coloured band with the name (on two lines when it must), the
capacity disc or the cost, a line with clan and group or the card type, the
discipline badges, then the card text in a small font when there is room.
Badges and cost icons are the card face's own (`discipline_badge`,
`cost_icon`), scaled. Everything is vector painting: the item cache keeps
it crisp at any zoom and DPI.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap, QTextOption

from vtes_desktop.cards.model import CardDef
from vtes_desktop.ui.cost_icon import drop_path, paint_cost
from vtes_desktop.ui.discipline_badge import badge_font
from vtes_desktop.ui.table import scene_constants as K
from vtes_desktop.ui.table.table_palette import TablePalette

_MARKER = re.compile(r"\[([^\[\]]{1,40})\]")


def _font(px: float, *, bold: bool = False, italic: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(max(5, round(px)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


def card_text(card: CardDef) -> str:
    """The printed text with level markers kept short: `[dom]` stays, `[ACTION MODIFIER]` becomes its words."""
    def sub(m: re.Match) -> str:
        v = m.group(1)
        return f"[{v}]" if len(v) <= 5 else v.title() + ":"
    return _MARKER.sub(sub, card.text.replace("\n", " \u2022 ") if "\n" in card.text else card.text)


def subtitle(card: CardDef) -> str:
    if card.is_crypt:
        parts = list(card.clans)
        if card.group:
            parts.append("any" if card.group == "ANY" else f"G{card.group}")
        if card.advanced:
            parts.append("adv")
        return " \u00b7 ".join(parts) or card.type_label
    parts = [card.type_label]
    if card.clans:
        parts.append("/".join(card.clans))
    return " \u00b7 ".join(parts)


def rounded(r: QRectF, radius: float) -> QPainterPath:
    p = QPainterPath()
    p.addRoundedRect(r, radius, radius)
    return p


def paint_face(p: QPainter, r: QRectF, card: CardDef, pal: TablePalette, *, text: bool = True,
               image: QPixmap | None = None) -> None:
    """Draw *card*'s face filling *r*."""
    theme = pal.theme
    w = r.width()
    rad = w * K.CARD_RADIUS
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    p.setPen(QPen(theme.color("card_border"), max(0.8, w / 110)))
    p.setBrush(theme.color("card_background"))
    p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), rad, rad)
    if image is not None and not image.isNull():
        p.setClipPath(rounded(r.adjusted(1, 1, -1, -1), rad))
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        p.drawPixmap(r, image, QRectF(image.rect()))
        p.restore()
        return
    m = w * 0.045
    band_color = theme.color("crypt_band" if card.is_crypt else "library_band")
    band_h = r.height() * 0.19
    band = QRectF(r.left(), r.top(), w, band_h)
    path = QPainterPath()
    path.moveTo(band.left(), band.bottom())
    path.lineTo(band.left(), band.top() + rad)
    path.arcTo(QRectF(band.left(), band.top(), 2 * rad, 2 * rad), 180, -90)
    path.lineTo(band.right() - rad, band.top())
    path.arcTo(QRectF(band.right() - 2 * rad, band.top(), 2 * rad, 2 * rad), 90, -90)
    path.lineTo(band.right(), band.bottom())
    path.closeSubpath()
    p.fillPath(path, band_color)

    # capacity disc, or the cost, at the band's right
    right = band.right() - m
    disc = band_h * 0.78
    if card.is_crypt and card.capacity is not None:
        dr = QRectF(right - disc, band.center().y() - disc / 2, disc, disc)
        p.setPen(QPen(theme.color("band_text"), max(0.8, w / 90)))
        p.setBrush(theme.color("life" if card.is_imbued else "capacity"))
        p.drawEllipse(dr)
        p.setFont(_font(disc * 0.56, bold=True))
        p.setPen(theme.color("capacity_text"))
        p.drawText(dr, Qt.AlignmentFlag.AlignCenter, str(card.capacity))
        right = dr.left() - m * 0.6
    else:
        for kind, amount in (("conviction", card.conviction_cost), ("blood", card.blood_cost),
                             ("pool", card.pool_cost)):
            if amount:
                cr = QRectF(right - disc, band.center().y() - disc / 2, disc, disc)
                paint_cost(p, cr, kind, str(amount), theme, _font(disc * 0.5))
                right = cr.left() - m * 0.3
    # the name: one line if it fits, else two smaller lines, else elided
    name_rect = QRectF(band.left() + m * 1.2, band.top(), right - band.left() - m * 1.2, band_h)
    p.setPen(theme.color("band_text"))
    px = w * 0.108
    f = _font(px, bold=True)
    fm = QFontMetricsF(f)
    if fm.horizontalAdvance(card.display) <= name_rect.width():
        p.setFont(f)
        p.drawText(name_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, card.display)
    else:
        f2 = _font(px * 0.84, bold=True)
        fm2 = QFontMetricsF(f2)
        opt = QTextOption()
        opt.setWrapMode(QTextOption.WrapMode.WordWrap)
        lines = _wrap(card.display, fm2, name_rect.width(), 2)
        p.setFont(f2)
        lh = fm2.height()
        y0 = name_rect.center().y() - lh * len(lines) / 2
        for i, line in enumerate(lines):
            p.drawText(QRectF(name_rect.left(), y0 + i * lh, name_rect.width(), lh),
                       Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, line)

    y = band.bottom() + m * 0.6
    # clan and group, or type and clan
    sf = _font(w * 0.078)
    sfm = QFontMetricsF(sf)
    p.setFont(sf)
    p.setPen(theme.color("muted"))
    sub = sfm.elidedText(subtitle(card), Qt.TextElideMode.ElideRight, w - 2 * m)
    p.drawText(QRectF(r.left() + m, y, w - 2 * m, sfm.height()), Qt.AlignmentFlag.AlignLeft, sub)
    y += sfm.height() + m * 0.4

    # disciplines as badges (wrapping to a second row when many)
    if card.disciplines:
        bh = w * 0.125
        base = _font(bh * 0.62)
        x = r.left() + m
        row = 0
        for t in card.disciplines:
            bw = max(bh * 1.55, QFontMetricsF(badge_font(base, t.isupper())).horizontalAdvance(t) + bh * 0.5)
            if x + bw > r.right() - m + 0.1 and x > r.left() + m:
                row += 1
                x = r.left() + m
                if row > 1:
                    break
            _badge(p, QRectF(x, y + row * (bh + m * 0.35), bw, bh), t, theme, base)
            x += bw + m * 0.45
        y += (row + 1) * (bh + m * 0.35) + m * 0.3

    # the text
    if text:
        tr = QRectF(r.left() + m, y, w - 2 * m, r.bottom() - y - m)
        if tr.height() > w * 0.08:
            p.setPen(QPen(theme.color("rule"), max(0.6, w / 160)))
            p.drawLine(QPointF(tr.left(), tr.top() - m * 0.2), QPointF(tr.right(), tr.top() - m * 0.2))
            p.setFont(_font(w * 0.07))
            p.setPen(theme.color("card_text") if "card_text" in theme.colors else
                     pal("seat_text") if pal.dark else QColor("#1d1e22"))
            opt = QTextOption()
            opt.setWrapMode(QTextOption.WrapMode.WordWrap)
            p.setClipRect(tr)
            p.drawText(tr, card_text(card), opt)
    p.restore()


def _badge(p: QPainter, rect: QRectF, trigram: str, theme, base: QFont) -> None:
    from vtes_desktop.ui.card_text import is_discipline

    superior = trigram.isupper()
    color = theme.discipline_color(trigram) if is_discipline(trigram) else theme.color("muted")
    bw = max(0.7, rect.height() / 12)
    rr = rect.adjusted(bw / 2, bw / 2, -bw / 2, -bw / 2)
    rad = rect.height() * 0.28
    if superior:
        p.setPen(QPen(color.darker(125), bw))
        p.setBrush(color)
    else:
        p.setPen(QPen(color, bw))
        p.setBrush(theme.color("badge_inferior_background"))
    p.drawRoundedRect(rr, rad, rad)
    p.setFont(badge_font(base, superior))
    p.setPen(theme.color("badge_superior_text") if superior else color)
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, trigram)


def _wrap(text: str, fm: QFontMetricsF, width: float, max_lines: int) -> list[str]:
    words = text.split()
    lines: list[str] = []
    cur = ""
    for wd in words:
        trial = f"{cur} {wd}".strip()
        if fm.horizontalAdvance(trial) <= width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = wd
    if cur:
        lines.append(cur)
    if len(lines) > max_lines:
        rest = " ".join(lines[max_lines - 1:])
        lines = lines[:max_lines - 1] + [rest]
    return [fm.elidedText(l, Qt.TextElideMode.ElideRight, width) for l in lines]


def paint_back(p: QPainter, r: QRectF, pal: TablePalette, *, crypt: bool) -> None:
    """A card back: crypt (green) or library (red), with an ankh."""
    w = r.width()
    rad = w * K.CARD_RADIUS
    fill = pal("back_crypt" if crypt else "back_library")
    mark = pal("back_crypt_mark" if crypt else "back_library_mark")
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(fill.darker(160), max(0.8, w / 110)))
    p.setBrush(fill)
    p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), rad, rad)
    inset = w * 0.07
    p.setPen(QPen(mark, max(0.8, w / 70)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(r.adjusted(inset, inset, -inset, -inset), rad * 0.7, rad * 0.7)
    # ankh
    c = r.center()
    s = min(w, r.height()) * 0.22
    pen = QPen(mark, max(1.2, s * 0.22))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.drawEllipse(QRectF(c.x() - s * 0.42, c.y() - s * 1.25, s * 0.84, s * 1.0))
    p.drawLine(QPointF(c.x(), c.y() - s * 0.25), QPointF(c.x(), c.y() + s * 1.3))
    p.drawLine(QPointF(c.x() - s * 0.7, c.y() + s * 0.05), QPointF(c.x() + s * 0.7, c.y() + s * 0.05))
    p.restore()


def counter_kind(card: CardDef | None) -> str:
    """How a card's counters read: blood on a vampire, life on allies, retainers and Imbued, else counters."""
    if card is None or card.is_vampire:
        return "blood"
    if card.is_imbued or "Ally" in card.types or "Retainer" in card.types:
        return "life"
    return "other"


def paint_counter(p: QPainter, r: QRectF, kind: str, n: int, pal: TablePalette) -> None:
    """A counter token with its number: a blood drop, a green life disc, a gold counter."""
    theme = pal.theme
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    text_rect = QRectF(r)
    if kind == "blood":
        fill = theme.color("blood")
        p.setPen(QPen(fill.darker(170), max(0.8, r.width() / 18)))
        p.setBrush(fill)
        p.drawPath(drop_path(r))
        text_rect = QRectF(r.left(), r.top() + r.height() * 0.32, r.width(), r.height() * 0.64)
        txt = theme.color("blood_text")
    else:
        fill = theme.color("life") if kind == "life" else pal("counter_other")
        p.setPen(QPen(fill.darker(160), max(0.8, r.width() / 18)))
        p.setBrush(fill)
        p.drawEllipse(r.adjusted(0.5, 0.5, -0.5, -0.5))
        txt = QColor("#ffffff") if kind == "life" else pal("counter_other_text")
    p.setFont(_font(r.height() * (0.44 if kind == "blood" else 0.55), bold=True))
    p.setPen(txt)
    p.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, str(n))
    p.restore()
