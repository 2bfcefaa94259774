"""Where everything of one seat goes: header, regions, piles, and each card.

Pure geometry over a seat's part of the view. A seat is laid out in rows:

    header   name · pool · victory points · the Edge · prey/predator tags
    main     ready (each minion with its attached cards fanned under it as tabs) ·
             uncontrolled · torpor · in play · (the piles, for the other seats)
    hand     the local seat only: the hand, face up, and the piles

The card scale is the largest that fits the seat's height (with the deepest
fan of attached cards, and the hand for the local seat); when the ready
region is crowded its cards shrink a little, then overlap. Every other size
follows from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QFontMetricsF

from vtes_desktop.ui.table import scene_constants as K

LOWER_ZONES = ("uncontrolled", "torpor", "incapacitated", "in_play")
PILES_LOCAL = ("crypt", "library", "ash_heap", "removed")
PILES_OTHER = ("crypt", "library", "hand", "ash_heap", "removed")


@dataclass
class Placement:
    card: object               # CardView
    pos: QPointF
    scale: float
    mode: str                  # "card" or "tab"
    z: float
    region: str                # the region the card is in ("attached" for tabs)
    face_up: bool = True


@dataclass
class SeatLayout:
    rect: QRectF
    header: QRectF
    pool_pos: QPointF
    pool_size: float
    name_font: QFont
    edge_pos: QPointF
    tags_right: float
    zones: dict[str, QRectF] = field(default_factory=dict)
    piles: dict[str, tuple[QPointF, float]] = field(default_factory=dict)
    cards: list[Placement] = field(default_factory=list)
    scale: float = 1.0
    bank_pos: QPointF | None = None
    compact_piles: bool = False


def name_font(local: bool) -> QFont:
    f = QFont()
    f.setPixelSize(17 if local else 15)
    f.setBold(True)
    return f


def _units(card) -> float:
    """A card's slot width in card widths: a locked card lies across."""
    return (K.CARD_H / K.CARD_W) if card.locked else 1.0


def _flatten(card, depth: int = 0) -> list:
    out = []
    for a in card.attached:
        out.append(a)
        out.extend(_flatten(a, depth + 1))
    return out


def _row(n_slots: list[float], left: float, width: float, gap: float) -> list[float]:
    """Left edges of slots of the given widths in a row of *width*; they overlap evenly when too many."""
    if not n_slots:
        return []
    total = sum(n_slots) + gap * (len(n_slots) - 1)
    xs = []
    if total <= width or len(n_slots) == 1:
        x = left
        for w in n_slots:
            xs.append(x)
            x += w + gap
        return xs
    step = (width - n_slots[-1]) / (len(n_slots) - 1)
    step = max(step, 6.0)
    return [left + i * step for i in range(len(n_slots))]


def layout_seat(info, hand: tuple, rect: QRectF, *, local: bool, bank: bool = False) -> SeatLayout:
    """Lay out seat *info* (a SeatInfo) in *rect*; *hand* is the seat's hand when it is shown face up.

    A wide seat has one main row: ready (which takes the room left),
    uncontrolled, torpor, incapacitated and in play when used. A tall seat
    (another Methuselah's, in a narrow column) puts the ready region on top
    and the others in a strip below. The ready region wraps its minions onto
    more rows when that gives bigger cards. The piles sit in a compact block:
    two rows of small cards beside the hand (local seat), a column of chips
    (the others).
    """
    pad = K.SEAT_PAD
    hh = K.HEADER_H_LOCAL if local else K.HEADER_H
    header = QRectF(rect.left(), rect.top(), rect.width(), hh)
    nf = name_font(local)
    name_w = QFontMetricsF(nf).horizontalAdvance(info.name)
    pool_size = (K.POOL_TOKEN if local else K.POOL_TOKEN * 0.85)
    pool_pos = QPointF(rect.left() + pad + 18 + name_w + 10, header.center().y() - pool_size / 2)
    edge_pos = QPointF(pool_pos.x() + pool_size * 1.9 + 70, header.center().y() - K.EDGE_TOKEN / 2)
    out = SeatLayout(rect=QRectF(rect), header=header, pool_pos=pool_pos, pool_size=pool_size, name_font=nf,
                     edge_pos=edge_pos, tags_right=rect.right() - pad)
    if bank:
        out.bank_pos = QPointF(rect.right() - pad - K.BANK_TOKEN - 4, header.center().y() - K.BANK_TOKEN / 2)
        out.tags_right = out.bank_pos.x() - K.EDGE_TOKEN * 2.2 - 12

    body = QRectF(rect.left() + pad, header.bottom(), rect.width() - 2 * pad, rect.bottom() - header.bottom() - pad)
    regions = info.regions
    ready = regions.get("ready", ())
    frame = K.ZONE_LABEL_H + 2 * K.ZONE_PAD
    s_max = K.SCALE_MAX_LOCAL if local else K.SCALE_MAX_OTHER
    # the scale of everything but the ready region: from the seat's height (the local seat keeps room
    # for its hand)
    deepest = max((len(_flatten(c)) for c in ready), default=0)
    fan = K.FAN_STEP * min(deepest, K.FAN_MAX_FULL) * 0.92
    hand_units = K.HAND_SCALE if local else 0.0
    fixed = frame * (2 if local else 1) + (K.ZONE_GAP if local else 0)
    s = min(s_max, (body.height() - fixed) / (K.CARD_H * (1 + fan + hand_units)))
    s = max(K.SCALE_MIN, s)
    hand_h = (frame + K.CARD_H * s * hand_units) if local else 0.0
    main = QRectF(body.left(), body.top(), body.width(),
                  body.height() - (hand_h + K.ZONE_GAP if local else 0.0))
    hand_rect = QRectF(body.left(), main.bottom() + K.ZONE_GAP, body.width(), hand_h) if local else None
    tall = not local and main.width() < main.height() * K.TALL_SEAT_RATIO

    # -- the piles -------------------------------------------------------------------------------------
    piles = PILES_LOCAL if local else PILES_OTHER
    if local:
        block = hand_rect
        s_pile = max(0.22, min(s * 0.6, (block.height() - 2 * 16 - 6) / (2 * K.CARD_H)))
        cols = (len(piles) + 1) // 2
        pile_w = K.CARD_W * s_pile + 12
        piles_w = cols * pile_w + 4
        row_h = K.CARD_H * s_pile + 18
        px0 = block.right() - piles_w + 6
        py0 = block.top() + 14 + max(0.0, (block.height() - 2 * row_h) / 2)
        for i, name in enumerate(piles):
            col, row = i % cols, i // cols
            out.piles[name] = (QPointF(px0 + col * pile_w, py0 + row * row_h), s_pile)
    else:
        piles_w = K.CHIP_W + K.ZONE_GAP
        out.compact_piles = True

    # -- the regions in play -------------------------------------------------------------------------
    optional = ("incapacitated",) if local else ("incapacitated", "in_play")
    lower = [z for z in LOWER_ZONES if z not in optional or regions.get(z)]
    if tall:
        strip_h = max(frame + K.CARD_H * 0.42, min(main.height() * 0.36, frame + K.CARD_H * s * K.LOWER_ROW_SCALE))
        if not any(regions.get(z) for z in lower):   # nothing below: a slim strip, more room for the minions
            strip_h = frame + K.CARD_H * 0.3
        ready_rect = QRectF(main.left(), main.top(), main.width(), main.height() - strip_h - K.ZONE_GAP)
        strip = QRectF(main.left(), ready_rect.bottom() + K.ZONE_GAP, main.width() - piles_w, strip_h)
        s_low = min(s * K.LOWER_ROW_SCALE, (strip_h - frame) / K.CARD_H)
        widths = _share(lower, regions, strip.width() - K.ZONE_GAP * (len(lower) - 1), s_low, local, None)
        x = strip.left()
        for z in lower:
            zr = QRectF(x, strip.top(), widths[z], strip.height())
            out.zones[z] = zr
            x += widths[z] + K.ZONE_GAP
            _place_row(out, regions.get(z, ()), zr, _zone_scale(z, s_low, local), z, face_up=True)
        chips_top, chips_h = strip.top(), strip.height()
        if chips_h < (K.CHIP_H + K.CHIP_GAP) * len(piles):
            chips_top, chips_h = main.top(), main.height()
            ready_rect.setWidth(main.width() - piles_w)
    else:
        s_low = s * K.LOWER_ROW_SCALE
        zones = ["ready"] + lower
        avail = main.width() - (0 if local else piles_w) - K.ZONE_GAP * (len(zones) - 1)
        widths = _share(zones, regions, avail, s_low, local, s)
        x = main.left()
        ready_rect = QRectF()
        for z in zones:
            zr = QRectF(x, main.top(), widths[z], main.height())
            x += widths[z] + K.ZONE_GAP
            if z == "ready":
                ready_rect = zr
                continue
            out.zones[z] = zr
            _place_row(out, regions.get(z, ()), zr, _zone_scale(z, s_low, local), z, face_up=True)
        chips_top, chips_h = main.top(), main.height()
    if not local:
        step = K.CHIP_H + K.CHIP_GAP
        y0 = chips_top + max(0.0, (chips_h - step * len(piles)) / 2)
        for i, name in enumerate(piles):
            out.piles[name] = (QPointF(main.right() - K.CHIP_W, y0 + i * step), 0.0)
    out.zones["ready"] = ready_rect
    out.scale = _place_ready(out, ready, ready_rect, s_max * (1.0 if tall else 1.15))

    # -- the hand -------------------------------------------------------------------------------
    if hand_rect is not None:
        hr = QRectF(hand_rect.left(), hand_rect.top(), hand_rect.width() - piles_w - K.ZONE_GAP, hand_rect.height())
        out.zones["hand"] = hr
        _place_row(out, hand, hr, s * K.HAND_SCALE, "hand", face_up=True)
    return out


def _zone_scale(z: str, s_low: float, local: bool) -> float:
    """Another Methuselah's uncontrolled vampires are face-down backs: smaller."""
    return s_low * 0.7 if (z == "uncontrolled" and not local) else s_low


def _share(zones, regions, avail: float, s_low: float, local: bool, s_ready: float | None) -> dict[str, float]:
    """Widths for *zones* in *avail*: each its natural width; the ready region takes what is left,
    and when the natural widths do not fit, each gives up its share down to a minimum."""
    natural, minimum = {}, {}
    for z in zones:
        cards = regions.get(z, ())
        sc = s_ready if z == "ready" else _zone_scale(z, s_low, local)
        u = sum(_units(c) for c in cards)
        natural[z] = 2 * K.ZONE_PAD + u * K.CARD_W * sc + K.CARD_GAP * sc * max(0, len(cards) - 1)
        minimum[z] = 2 * K.ZONE_PAD + K.CARD_W * sc * (1.0 if len(cards) <= 1 else 1.5)
        if z == "ready":
            minimum[z] = max(minimum[z], avail * 0.45)
        elif not cards:
            minimum[z] = 60.0
        natural[z] = max(natural[z], minimum[z])
    total = sum(natural.values())
    if total <= avail:
        widths = dict(natural)
        grow = "ready" if "ready" in widths else zones[-1]
        if "ready" not in widths:   # a strip: the regions share what is left by their size
            extra = avail - total
            return {z: natural[z] + extra * natural[z] / total for z in zones}
        widths[grow] += avail - total
        return widths
    spare = sum(natural[z] - minimum[z] for z in zones)
    cut = total - avail
    widths = {}
    for z in zones:
        share = (natural[z] - minimum[z]) / spare if spare else 1 / len(zones)
        widths[z] = max(minimum[z], natural[z] - cut * share)
    over = sum(widths.values())
    if over > avail > 0:    # even the minimums do not fit (a narrow seat): all shrink alike, nothing spills
        widths = {z: w * avail / over for z, w in widths.items()}
    return widths


def _rows_of(cards, n: int) -> list[list]:
    """*cards* in *n* consecutive rows of about equal width."""
    if n <= 1:
        return [list(cards)]
    total = sum(_units(c) for c in cards)
    rows: list[list] = [[]]
    acc = 0.0
    for c in cards:
        if acc >= total * len(rows) / n - 0.01 and len(rows) < n and rows[-1]:
            rows.append([])
        rows[-1].append(c)
        acc += _units(c)
    return rows


def _place_row(out: SeatLayout, cards, zr: QRectF, s: float, region: str, *, face_up: bool) -> None:
    top = zr.top() + K.ZONE_LABEL_H + K.ZONE_PAD
    widest = max((_units(c) for c in cards), default=1.0)
    s = min(s, max(0.05, (zr.width() - 2 * K.ZONE_PAD) / (widest * K.CARD_W)))   # a card never wider than its zone
    slots = [_units(c) * K.CARD_W * s for c in cards]
    xs = _row(slots, zr.left() + K.ZONE_PAD, zr.width() - 2 * K.ZONE_PAD, K.CARD_GAP * s)
    for i, (c, x, sw) in enumerate(zip(cards, xs, slots)):
        w = K.CARD_W * s
        pos = QPointF(x + (sw - w) / 2, top)
        out.cards.append(Placement(c, pos, s, "card", K.Z_CARD + i * 0.01, region, face_up))
        _place_tabs(out, c, pos, s, w, zr.bottom())


def _place_ready(out: SeatLayout, ready, zr: QRectF, s_cap: float) -> float:
    """The minions in one to three rows, whichever gives the biggest cards; returns their scale."""
    if not ready:
        return s_cap
    frame = K.ZONE_LABEL_H + 2 * K.ZONE_PAD
    best = None
    for n in range(1, min(3, len(ready)) + 1):
        rows = _rows_of(ready, n)
        fans = [K.FAN_STEP * min(max((len(_flatten(c)) for c in r), default=0), K.FAN_MAX_FULL) * 0.92
                for r in rows]
        s_h = (zr.height() - frame - K.ZONE_GAP * (n - 1)) / (K.CARD_H * sum(1 + f for f in fans))
        s_w = min((zr.width() - 2 * K.ZONE_PAD) / (sum(_units(c) for c in r) * K.CARD_W * (1 + 0.07)) for r in rows)
        sc = min(s_cap, s_h, s_w)
        if best is None or sc > best[0] * 1.04:
            best = (sc, rows, fans)
    sc, rows, fans = best
    sc = max(K.SCALE_MIN, sc)
    y = zr.top()
    for r, f in zip(rows, fans):
        h = frame + K.CARD_H * sc * (1 + f)
        _place_row(out, r, QRectF(zr.left(), y, zr.width(), h), sc, "ready", face_up=True)
        y += K.CARD_H * sc * (1 + f) + K.ZONE_GAP
    return sc


def _place_tabs(out: SeatLayout, c, pos: QPointF, s: float, w: float, bottom: float) -> None:
    tabs = _flatten(c)
    if not tabs:
        return
    h = K.CARD_H * s
    visual_bottom = pos.y() + (h / 2 + w / 2 if c.locked else h)
    tab_h = h * K.FAN_STEP
    room = bottom - K.ZONE_PAD - visual_bottom
    step = tab_h * 0.92
    if len(tabs) * step > room and len(tabs) > 0:
        step = max(tab_h * 0.35, (room - tab_h * 0.1) / len(tabs))
    y = visual_bottom - tab_h * 0.1
    for j, a in enumerate(tabs):
        out.cards.append(Placement(a, QPointF(pos.x(), y), s, "tab", K.Z_ATTACHED - j * 0.01, "attached", True))
        y += step


# -- the table: where each seat goes -------------------------------------------------------------------

def seat_rects(n: int, width: float, height: float, *,
               local_share: float | None = None) -> tuple[list[QRectF], QRectF | None]:
    """Rects for the seats as seen from the local seat: [local (bottom), prey, ..., predator], and the
    centre cell when one is free (6 players).

    The others sit round the top in seat order, as at a table: the prey on the
    left, the predator on the right. *local_share* overrides the local seat's
    share of the height (a goldfish table gives most of it to the one player).
    """
    g = K.SEAT_GAP
    if n <= 1:
        return [QRectF(0, 0, width, height)], None
    share = local_share if local_share is not None else K.LOCAL_SHARE.get(n, 0.42)
    local_h = height * share
    top_h = height - local_h - g
    local = QRectF(0, top_h + g, width, local_h)
    others = n - 1
    rects: list[QRectF] = []
    centre = None
    if others <= 3:
        w = (width - g * (others - 1)) / others
        rects = [QRectF(i * (w + g), 0, w, top_h) for i in range(others)]
    else:
        cols = 2 if others == 4 else 3
        w = (width - g * (cols - 1)) / cols
        h = (top_h - g) / 2
        row1 = [QRectF(i * (w + g), 0, w, h) for i in range(cols)]
        row2_y = h + g
        left = QRectF(0, row2_y, w, h)
        right = QRectF((cols - 1) * (w + g), row2_y, w, h)
        rects = [left] + row1 + [right]
        if cols == 3:
            centre = QRectF(w + g, row2_y, w, h)
    return [local] + rects, centre
