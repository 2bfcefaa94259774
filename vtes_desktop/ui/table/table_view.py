"""The table view: zoom, drops, menus, and where refusals are shown.

A drop is judged here, in `dropEvent`: the dragged thing (from the MIME
data) and what lies under the drop point become a command through
`gestures.drop`, and the command goes to the session. The card moves only
when the next view arrives. When the engine refuses, the dragged card
springs back from the drop point and the engine's reason is shown there.
While a drag moves, the thing under the mouse is outlined green (the drop
would be taken) or red (it would be refused).

Right-click on anything opens what can be done with it now (from the legal
answer) and the manual moves. The view fits the table to the window; Ctrl
and the wheel zoom, and a zoomed table scrolls.
"""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QPoint, QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QAction, QPainter
from PySide6.QtWidgets import QFrame, QGraphicsPixmapItem, QGraphicsView, QMenu

from vtes_desktop.engine import commands as C
from vtes_desktop.ui.table import gestures, scene_constants as K
from vtes_desktop.ui.table.card_item import CardItem, source_of
from vtes_desktop.ui.table.describe import describe
from vtes_desktop.ui.table.table_scene import TableScene
from vtes_desktop.ui.table.toast import Toast


class TableView(QGraphicsView):
    #: commands to submit, in order (the window sends them to the session)
    commands_requested = Signal(object)
    #: browse a pile (seat, region)
    browse_requested = Signal(int, str)
    #: explain a rule: (rule id, what was said)
    explain_requested = Signal(str, str)
    #: a refusal was shown where the player looked: (rule id, message, view ids of the cards involved)
    refusal_shown = Signal(str, str, object)

    def __init__(self, scene: TableScene, parent=None) -> None:
        super().__init__(scene, parent)
        self.table = scene
        self.session = None
        self.zoom = 1.0
        self.base = 1.0
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlags(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self.setMouseTracking(True)
        self.toast = Toast(self.viewport(), scene.palette)
        self.last_refusal: str | None = None
        #: the table setting "manual": a gesture the engine refuses becomes a manual move
        self.assist_manual = False
        self._hinted = None
        self._pending_drop: tuple | None = None     # (source, scene pos) of the last drop, for a late refusal
        self._judged: dict = {}
        self._ghosts: list = []
        scene.card_clicked.connect(self._card_clicked)
        scene.pile_clicked.connect(self._pile_clicked)

    def set_session(self, session) -> None:
        self.session = session

    # -- size and zoom -------------------------------------------------------------------------
    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> None:
        """Lay the table out for the window's size; a window smaller than the smallest table scales it down."""
        vp = self.viewport().size()
        self.table.set_table_size(vp.width(), vp.height())
        r = self.table.sceneRect()
        self.base = min(1.0, vp.width() / max(1.0, r.width()), vp.height() / max(1.0, r.height()))
        self._apply_zoom()

    def _apply_zoom(self) -> None:
        self.resetTransform()
        z = getattr(self, "base", 1.0) * self.zoom
        self.scale(z, z)
        policy = Qt.ScrollBarPolicy.ScrollBarAsNeeded if self.zoom > 1.0 else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        self.setHorizontalScrollBarPolicy(policy)
        self.setVerticalScrollBarPolicy(policy)
        if self.zoom <= 1.0:
            self.centerOn(self.table.sceneRect().center())

    def set_zoom(self, z: float) -> None:
        self.zoom = max(K.ZOOM_MIN, min(K.ZOOM_MAX, z))
        self._apply_zoom()

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * K.ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / K.ZOOM_STEP)

    def zoom_reset(self) -> None:
        self.set_zoom(1.0)

    def wheelEvent(self, event) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom_in() if event.angleDelta().y() > 0 else self.zoom_out()
            event.accept()
            return
        super().wheelEvent(event)

    # -- drags ----------------------------------------------------------------------------------
    def _judge(self, src, pos: QPointF, manual: bool):
        target, item = self.table.target_at(pos)
        if target is None or self.session is None:
            return None, None, gestures.Outcome(ignore=True)
        key = (src, target, manual)
        out = self._judged.get(key)
        if out is None:
            out = gestures.drop(self.session, src, target, manual=manual)
            if out.refusal and not manual and self.assist_manual:
                by_hand = gestures.drop(self.session, src, target, manual=True)
                if by_hand.accepted:
                    out = by_hand
            self._judged[key] = out
        return target, item, out

    def _set_hint(self, item, hint) -> None:
        if self._hinted is not None and self._hinted is not item:
            try:
                self._hinted.set_hint(None)
            except RuntimeError:
                pass
        self._hinted = item
        if item is not None and hasattr(item, "set_hint"):
            item.set_hint(hint)

    def dragEnterEvent(self, event) -> None:
        src = source_of(event.mimeData())
        if src is None:
            event.ignore()
            return
        self._judged = {}
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()

    def dragMoveEvent(self, event) -> None:
        src = source_of(event.mimeData())
        if src is None:
            event.ignore()
            return
        pos = self.mapToScene(event.position().toPoint())
        manual = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        _t, item, out = self._judge(src, pos, manual)
        if out.ignore:
            self._set_hint(None, None)
        else:
            self._set_hint(item, out.accepted)
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()

    def dragLeaveEvent(self, event) -> None:
        self._set_hint(None, None)
        event.accept()

    def dropEvent(self, event) -> None:
        src = source_of(event.mimeData())
        self._set_hint(None, None)
        if src is None:
            event.ignore()
            return
        vpos = event.position().toPoint()
        pos = self.mapToScene(vpos)
        manual = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self._judged = {}
        _t, _item, out = self._judge(src, pos, manual)
        self._judged = {}
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()
        if out.ignore:
            return
        if out.refusal:
            self.spring_back(src, pos)
            self.show_refusal(out.refusal, vpos)
            self.refusal_shown.emit(out.rule or "", out.refusal, [x for x in (src.id, _t.id if _t else None) if x])
            return
        if len(out.choices) == 1:
            self._pending_drop = (src, pos, vpos)
            self.commands_requested.emit(list(out.choices[0].commands))
            return
        menu = QMenu(self)
        menu.setObjectName("dropChoices")
        for ch in out.choices:
            a = menu.addAction(ch.label)
            a.triggered.connect(lambda _=False, cmds=ch.commands, s=src, p=pos, v=vpos: self._chosen(cmds, s, p, v))
        menu.aboutToHide.connect(lambda: None)
        self.last_menu = menu
        menu.popup(self.viewport().mapToGlobal(vpos))

    def _chosen(self, cmds, src, pos, vpos) -> None:
        self._pending_drop = (src, pos, vpos)
        self.commands_requested.emit(list(cmds))

    def command_refused(self, message: str) -> None:
        """The session refused the last command: spring back if it came from a drop; say why."""
        if self._pending_drop is not None:
            src, pos, vpos = self._pending_drop
            self._pending_drop = None
            self.spring_back(src, pos)
            self.show_refusal(message, vpos)
        else:
            self.show_refusal(message, None)

    def command_accepted(self) -> None:
        self._pending_drop = None

    def show_refusal(self, message: str, at: QPoint | None) -> None:
        self.last_refusal = message
        self.toast.show_at(message, at)

    # -- spring back --------------------------------------------------------------------------------
    def spring_back(self, src, from_pos: QPointF) -> None:
        """Animate a ghost of the dragged thing from the drop point back to where it came from."""
        item = self.table.item_of(src.id) if src.kind in (K.KIND_CARD, K.KIND_COUNTER) and src.id else None
        if item is None and src.kind == K.KIND_POOL:
            item = self.table.pools.get(src.seat)
        if item is None:
            return
        pm = self.table.drag_pixmap(item, src, 1.0)
        ghost = QGraphicsPixmapItem(pm)
        ghost.setZValue(K.Z_GHOST)
        ghost.setOpacity(0.8)
        ghost.setOffset(-pm.width() / 2, -pm.height() / 2)
        self.table.addItem(ghost)
        home = item.mapToScene(item.boundingRect().center())
        anim = QVariantAnimation(self)
        anim.setDuration(K.SPRING_MS)
        anim.setStartValue(QPointF(from_pos))
        anim.setEndValue(home)
        anim.setEasingCurve(QEasingCurve.Type.OutBack)
        anim.valueChanged.connect(ghost.setPos)

        def done() -> None:
            if ghost.scene() is not None:
                self.table.removeItem(ghost)
            if anim in self._ghosts:
                self._ghosts.remove(anim)
        anim.finished.connect(done)
        self._ghosts.append(anim)
        ghost.setPos(from_pos)
        anim.start()

    # -- clicks ------------------------------------------------------------------------------------
    def _card_clicked(self, item: CardItem) -> None:
        """A click on a card in play locks or unlocks it (a manual move, as turning a card at a table)."""
        if self.session is None or item.cv is None:
            return
        if item.region not in ("ready", "torpor", "in_play", "attached", "incapacitated"):
            return
        cmd = (C.Unlock if item.cv.locked else C.Lock)(seat=self.session.seat, card=item.vid)
        self._pending_drop = None
        self.commands_requested.emit([cmd])

    def _pile_clicked(self, item) -> None:
        if item.region in ("ash_heap", "removed"):
            self.browse_requested.emit(item.seat, item.region)

    def toggle_lock_hovered(self) -> bool:
        it = self.table.hovered
        if it is None:
            return False
        self._card_clicked(it)
        return True

    # -- the context menu --------------------------------------------------------------------------
    def contextMenuEvent(self, event) -> None:
        if self.session is None:
            return
        pos = self.mapToScene(event.pos())
        menu = self.menu_at(pos)
        if menu is not None and not menu.isEmpty():
            self.last_menu = menu
            menu.popup(event.globalPos())

    def menu_at(self, pos: QPointF) -> QMenu | None:
        from vtes_desktop.ui.table.card_menu import build_menu

        return build_menu(self, pos)
