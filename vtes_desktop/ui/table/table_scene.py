"""The table scene: seats laid out round the table, patched from each new view.

`show_view(view, session)` lays every seat out (`seat_layout`) and patches
the items: a card keeps its item while its view id stays the same, and glides
to its new place when it moved; cards gone from the view are removed. The
scene draws only what the view says: other Methuselahs' hands are a count of
backs, their uncontrolled vampires are backs with blood.

Items report gestures here (hover, click, the start of a drag); the scene
passes them on as signals, and the view (`TableView`) turns drops into
commands.
"""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QTimer, QVariantAnimation, Signal
from PySide6.QtGui import QBrush, QColor, QDrag, QLinearGradient, QPainter, QPixmap, QPixmapCache
from PySide6.QtWidgets import QGraphicsScene

from vtes_desktop.ui.table import scene_constants as K
from vtes_desktop.ui.table.card_item import CardItem, mime_for
from vtes_desktop.ui.table.gestures import Target
from vtes_desktop.ui.table.pile_item import PileItem
from vtes_desktop.ui.table.seat_item import SeatItem
from vtes_desktop.ui.table.seat_layout import layout_seat, seat_rects
from vtes_desktop.ui.table.table_palette import TablePalette
from vtes_desktop.ui.table.token_items import BankItem, EdgeItem, PoolItem
from vtes_desktop.ui.table.zone_item import ZoneItem


class TableScene(QGraphicsScene):
    #: a CardDef (or None) under the mouse, for the preview
    card_hovered = Signal(object)
    #: a card was clicked (CardItem)
    card_clicked = Signal(object)
    card_double_clicked = Signal(object)
    #: a pile was clicked (PileItem)
    pile_clicked = Signal(object)
    #: a drag is about to start (the source), and ended
    drag_started = Signal(object)
    drag_finished = Signal()
    #: the table was laid out again for a new size (items moved without a new view)
    resized = Signal()

    def __init__(self, theme, images=None, parent=None) -> None:
        super().__init__(parent)
        self.palette = TablePalette(theme)
        self.images = images
        self.session = None
        self.view_model = None
        self.size = QRectF(0, 0, *K.MIN_TABLE)
        #: the local seat's share of the table's height (None: by the number of seats)
        self.local_share: float | None = None
        self.cards: dict[str, CardItem] = {}
        self.seats: dict[int, SeatItem] = {}
        self.zones: dict[tuple[int, str], ZoneItem] = {}
        self.piles: dict[tuple[int, str], PileItem] = {}
        self.pools: dict[int, PoolItem] = {}
        self.layouts: dict = {}
        self.bank = BankItem(self)
        self.edge = EdgeItem(self)
        self.addItem(self.bank)
        self.addItem(self.edge)
        from vtes_desktop.ui.table.centre_item import CentreItem

        self.centre = CentreItem(self)
        self.centre.setVisible(False)
        self.addItem(self.centre)
        self.hovered: CardItem | None = None
        self.assist_lights = True       # the rules assist lights legal plays (off: nothing lit)
        from vtes_desktop.ui.table.lit import DropTargets, Lights

        self.lights = Lights()
        self.targets = DropTargets()
        self.dragging = None            # the Source of a drag under way
        self._moves: list[tuple[CardItem, QPointF, QPointF]] = []
        self._anim = QVariantAnimation(self)
        self._anim.setDuration(K.MOVE_MS)
        self._anim.setStartValue(0.0)
        self._anim.setEndValue(1.0)
        self._anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._anim.valueChanged.connect(self._step_moves)
        self._anim.finished.connect(self._end_moves)
        self.animate = True
        self._marked: set[str] = set()
        self._mark_timer = QTimer(self)
        self._mark_timer.setSingleShot(True)
        self._mark_timer.timeout.connect(self.clear_marks)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        # every item is cached in device pixels (QPixmapCache): the default 10 MB holds a fraction of a
        # busy table, and a cache that thrashes repaints everything each frame (45 ms instead of 4)
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), K.PIXMAP_CACHE_KB))
        self._felt()

    # -- look ------------------------------------------------------------------------------
    def set_theme(self, theme) -> None:
        self.palette = TablePalette(theme)
        self._felt()
        for it in self.items():
            it.update()

    def set_images(self, images) -> None:
        self.images = images
        for c in self.cards.values():
            c.update()

    def _felt(self) -> None:
        g = QLinearGradient(0, 0, 0, max(1.0, self.size.height()))
        g.setColorAt(0, self.palette("table_felt"))
        g.setColorAt(1, self.palette("table_felt_edge"))
        self.setBackgroundBrush(QBrush(g))
        for v in self.views():
            v.resetCachedContent()

    def set_table_size(self, w: float, h: float) -> None:
        w, h = max(w, K.MIN_TABLE[0]), max(h, K.MIN_TABLE[1])
        if (w, h) == (self.size.width(), self.size.height()):
            return
        self.size = QRectF(0, 0, w, h)
        self.setSceneRect(self.size)
        self._felt()
        if self.view_model is not None:
            self.show_view(self.view_model, self.session, animate=False)
            self.resized.emit()

    # -- the view in ---------------------------------------------------------------------------
    def is_own(self, seat: int | None) -> bool:
        return self.view_model is not None and seat == self.view_model.seat

    def order(self, view) -> list[int]:
        """Seats from the local one, in seat order (each to their prey)."""
        n = len(view.seats)
        return [(view.seat + k) % n for k in range(n)]

    def show_view(self, view, session, *, animate: bool = True) -> None:
        self.view_model = view
        self.session = session
        n = len(view.seats)
        rects, centre = seat_rects(n, self.size.width(), self.size.height(), local_share=self.local_share)
        seen: set[str] = set()
        moves = []
        order = self.order(view)
        me = view.seat
        for k, seat in enumerate(order):
            info = view.seats[seat]
            local = k == 0
            lay = layout_seat(info, view.hand if local else (), rects[k], local=local,
                              bank=local and centre is None)
            if local and centre is not None:
                lay.bank_pos = QPointF(centre.center().x() + K.EDGE_TOKEN, centre.top() + 16)
            self.layouts[seat] = lay
            self._seat_item(seat, info, lay, view, local, n)
            for region, zr in lay.zones.items():
                z = self._zone(seat, region)
                cnt = len(view.hand) if region == "hand" else len(info.regions.get(region, ()))
                note = ""
                if region == "uncontrolled" and not local and cnt:
                    note = "face down"
                z.set_rect(zr, cnt, note)
                z.setVisible(True)
            for (s2, region), z in self.zones.items():
                if s2 == seat and region not in lay.zones:
                    z.setVisible(False)
            for (s2, region), pile in self.piles.items():
                if s2 == seat and region not in lay.piles:
                    pile.setVisible(False)
            for region, (pos, sc) in lay.piles.items():
                pile = self._pile(seat, region)
                if region == "hand":
                    count, top = info.hand_count, None
                elif region in ("library", "crypt"):
                    count, top = (info.library_count if region == "library" else info.crypt_count), None
                else:
                    cards = info.regions.get(region, ())
                    count = len(cards)
                    top = self._def(cards[-1].cid) if cards else None
                pile.set_state(count, top, sc, compact=lay.compact_piles)
                pile.setPos(pos)
                pile.setVisible(True)
            for pl in lay.cards:
                cv = pl.card
                item = self.cards.get(cv.id)
                new = item is None
                if new:
                    item = CardItem(cv.id, self)
                    self.cards[cv.id] = item
                    self.addItem(item)
                cdef = self._def(cv.cid)
                face = cdef is not None and not cv.contested and not (cv.face_down and cv.controller != me)
                moved = not new and (item.region != pl.region or item.seat != seat)
                item.set_state(cv, cdef, seat=seat, region=pl.region, scale=pl.scale, mode=pl.mode, face_up=face)
                item.home_z = pl.z
                if item is not self.hovered:
                    item.setZValue(pl.z)
                if moved and animate and self.animate and item.pos() != pl.pos:
                    moves.append((item, QPointF(item.pos()), QPointF(pl.pos)))
                else:
                    item.setPos(pl.pos)
                item.set_flags()
                seen.add(cv.id)
        # seats of an earlier game with more players
        for group in (self.seats, self.pools):
            for seat in [k for k in group if k >= n]:
                self.removeItem(group.pop(seat))
        for group in (self.zones, self.piles):
            for key in [k for k in group if k[0] >= n]:
                self.removeItem(group.pop(key))
        for vid in list(self.cards):
            if vid not in seen:
                it = self.cards.pop(vid)
                if it is self.hovered:
                    self.hovered = None
                    self.card_hovered.emit(None)
                self.removeItem(it)
        # the bank and the Edge
        lay0 = self.layouts[me]
        self.bank.setPos(lay0.bank_pos if lay0.bank_pos is not None else QPointF(-100, -100))
        if view.edge is not None and view.edge in self.layouts:
            self.edge.setPos(self.layouts[view.edge].edge_pos)
            self.edge.set_holder(view.seats[view.edge].name)
        elif lay0.bank_pos is not None:
            self.edge.set_holder(None)
            self.edge.setPos(lay0.bank_pos + QPointF(-K.EDGE_TOKEN * 2.2, (K.BANK_TOKEN - K.EDGE_TOKEN) / 2))
        if centre is not None:
            self.centre.set_state(centre, view, session)
            self.centre.setVisible(True)
        else:
            self.centre.setVisible(False)
        self._light(view, session)
        if moves:
            self._start_moves(moves)
        self.update()

    def _def(self, cid):
        if cid is None or self.session is None:
            return None
        return self.session.card_def(cid)

    def _seat_item(self, seat: int, info, lay, view, local: bool, n: int) -> None:
        it = self.seats.get(seat)
        if it is None:
            it = self.seats[seat] = SeatItem(self, seat)
            self.addItem(it)
        tags = []
        me = view.seat
        watching = bool(getattr(self.session, "spectator", False))   # a spectator sits at no seat
        mine = local and not watching
        if seat == view.active:
            tags.append(("Your turn" if mine else "Their turn", "impulse"))
        if n > 2 and not local and not watching:
            if seat == view.seats[me].prey:
                tags.append(("Your prey", "prey"))
            if seat == view.seats[me].predator:
                tags.append(("Your predator", "predator"))
        elif n == 2 and not local and not watching:
            tags.append(("Prey and predator", "predator"))
        if watching and local:
            tags.append((f"Hand {info.hand_count} \u00b7 Library {info.library_count} \u00b7 Crypt {info.crypt_count}",
                         "seat_muted"))
        elif local:
            tags.append((f"Hand {len(view.hand)} \u00b7 Library {info.library_count} \u00b7 Crypt {info.crypt_count}",
                         "seat_muted"))
        it.set_state(lay, name=info.name, vp=info.vp, tags=tags, local=local, impulse=view.impulse == seat,
                     ousted=info.ousted, edge=view.edge == seat)
        pool = self.pools.get(seat)
        if pool is None:
            pool = self.pools[seat] = PoolItem(self, seat)
            self.addItem(pool)
        pool.set_pool(info.pool, lay.pool_size)
        pool.setPos(lay.pool_pos)

    def _zone(self, seat: int, region: str) -> ZoneItem:
        z = self.zones.get((seat, region))
        if z is None:
            z = self.zones[(seat, region)] = ZoneItem(self, seat, region)
            self.addItem(z)
        return z

    def _pile(self, seat: int, region: str) -> PileItem:
        p = self.piles.get((seat, region))
        if p is None:
            p = self.piles[(seat, region)] = PileItem(self, seat, region)
            self.addItem(p)
        return p

    def _light(self, view, session) -> None:
        """Light what the engine's legal answer allows now (`lit.compute`): hand cards that can be played
        (the others dimmed, with the engine's reason as the tooltip), and the cards in play a legal command
        names (minions that can act, block, strike...). Mark the acting minion and the blocker. With the
        assist off nothing is lit."""
        from vtes_desktop.ui.table import lit

        self.lights = lit.compute(session) if (self.assist_lights and session is not None) else lit.Lights()
        hand_ids = set()
        for c in view.hand:
            hand_ids.add(c.id)
            item = self.cards.get(c.id)
            if item is None:
                continue
            h = self.lights.hand.get(c.id)
            if h is None:
                item.set_flags()
            elif h.playable:
                item.set_flags(lit=True, reason=h.tip)
            else:
                item.set_flags(dim=True, reason=h.tip)
        acting = set()
        a = view.action
        if a is not None:
            acting = {x for x in (a.actor_id, a.blocker_id) if x}
        for vid, item in self.cards.items():
            item.set_acting(vid in acting)
            said = self.lights.glow.get(vid) if vid not in hand_ids else None
            if said:
                shown = said[:5] + ([f"\u2026 and {len(said) - 5} more"] if len(said) > 5 else [])
                item.set_glow(True, "Can now:\n" + "\n".join("\u2022 " + x for x in shown))
            else:
                item.set_glow(False)
        self.light_targets(None)

    def light_targets(self, source) -> None:
        """Light the legal targets of *source* (a drag under way, or a hovered hand card); None clears."""
        from vtes_desktop.ui.table import lit

        t = lit.drop_targets(self.session, self.lights, source) if (source is not None and self.session
                                                                      is not None) else lit.DropTargets()
        for vid, item in self.cards.items():
            item.set_target(vid in t.cards)
        for key, z in self.zones.items():
            z.set_target(key in t.zones)
        for seat, p in self.pools.items():
            p.set_target(seat in t.pools)
        self.targets = t

    # -- motion -----------------------------------------------------------------------------
    def _start_moves(self, moves) -> None:
        self._end_moves()
        self._moves = moves
        self._anim.stop()
        self._anim.start()

    def _step_moves(self, t) -> None:
        for item, a, b in self._moves:
            item.setPos(a + (b - a) * float(t))

    def _end_moves(self) -> None:
        for item, _a, b in self._moves:
            item.setPos(b)
        self._moves = []

    # -- marks from the log ------------------------------------------------------------------
    def mark(self, vids, ms: int = K.HIGHLIGHT_MS) -> int:
        """Light the cards with these view ids for a while; returns how many are on the table."""
        self.clear_marks()
        n = 0
        for v in vids:
            it = self.cards.get(v)
            if it is not None:
                it.set_marked(True)
                self._marked.add(v)
                n += 1
        if n:
            self._mark_timer.start(ms)
        return n

    def clear_marks(self) -> None:
        for v in self._marked:
            it = self.cards.get(v)
            if it is not None:
                it.set_marked(False)
        self._marked = set()

    # -- items report here ------------------------------------------------------------------
    def hover_card(self, item: CardItem | None) -> None:
        self.hovered = item
        self.card_hovered.emit(item.cdef if item is not None else None)
        if self.dragging is None:
            # a lit card in hand shows the minions that can play it while the mouse is on it
            if item is not None and item.region == "hand" and item.lit:
                self.light_targets(item.source())
            elif self.targets.cards or self.targets.zones or self.targets.pools:
                self.light_targets(None)

    def click_card(self, item: CardItem) -> None:
        self.card_clicked.emit(item)

    def double_click_card(self, item: CardItem) -> None:
        self.card_double_clicked.emit(item)

    def click_pile(self, item: PileItem) -> None:
        self.pile_clicked.emit(item)

    def start_drag(self, item, source, event) -> None:
        """Start a real drag (QDrag) carrying *source*; the drop is judged by the view."""
        widget = event.widget() if event is not None else None
        drag = QDrag(widget if widget is not None else self)
        drag.setMimeData(mime_for(source))
        dpr = widget.devicePixelRatioF() if widget is not None else 1.0
        pm = self.drag_pixmap(item, source, dpr)
        drag.setPixmap(pm)
        drag.setHotSpot((pm.rect().center() / dpr).toPoint() if dpr != 1 else pm.rect().center())
        self.dragging = source
        self.light_targets(source)
        self.drag_started.emit(source)
        old = item.opacity()
        if source.kind == K.KIND_CARD:
            item.setOpacity(0.35)
        try:
            drag.exec(Qt.DropAction.MoveAction)
        finally:
            item.setOpacity(old)
            self.dragging = None
            self.light_targets(None)
            self.drag_finished.emit()

    def drag_pixmap(self, item, source, dpr: float = 1.0) -> QPixmap:
        if isinstance(item, CardItem) and source.kind == K.KIND_CARD:
            return item.render_pixmap(dpr)
        size = 28
        pm = QPixmap(int(size * dpr), int(size * dpr))
        pm.setDevicePixelRatio(dpr)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        from vtes_desktop.ui.table.card_painter import paint_back, paint_counter

        if source.kind == K.KIND_PILE:
            p.end()
            pm = QPixmap(int(56 * dpr), int(78 * dpr))
            pm.setDevicePixelRatio(dpr)
            pm.fill(Qt.GlobalColor.transparent)
            p = QPainter(pm)
            paint_back(p, QRectF(0, 0, 56, 78), self.palette, crypt=source.id == "crypt")
        elif source.kind == K.KIND_EDGE:
            p.setBrush(QColor("#c9a227"))
            p.drawEllipse(QRectF(2, 2, size - 4, size - 4))
        else:
            paint_counter(p, QRectF(2, 0, size - 4, size), "blood", 1, self.palette)
        p.end()
        return pm

    # -- drop targets -------------------------------------------------------------------------
    def target_at(self, pos: QPointF):
        """(Target, item) for what lies under *pos*, the top-most thing that can take a drop."""
        for it in self.items(pos):
            t = it.type()
            if t == K.TYPE_CARD:
                if it.region == "hand":
                    z = self.zones.get((it.seat, "hand"))
                    return Target(kind="zone", seat=it.seat, region="hand"), z
                return Target(kind="card", id=it.vid, seat=it.seat, region=it.region), it
            if t == K.TYPE_PILE:
                kind = "zone"
                return Target(kind=kind, seat=it.seat, region=it.region), it
            if t == K.TYPE_POOL:
                return Target(kind="pool", seat=it.seat), it
            if t == K.TYPE_BANK:
                return Target(kind="bank"), it
            if t == K.TYPE_ZONE:
                return Target(kind="zone", seat=it.seat, region=it.region), it
            if t == K.TYPE_SEAT:
                return Target(kind="seat", seat=it.seat), it
        return None, None

    def item_of(self, vid: str) -> CardItem | None:
        return self.cards.get(vid)
