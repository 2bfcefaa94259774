"""The moves a learner can make on the lesson's table, found where the table lights them, and made as a user makes them.

A lit element is anything on the table or beside it that sends a command: a button of the rules assist (the
Under way panel and its footer), an entry of a button's menu, an entry of a card's context menu (right-click),
a drag of a lit card, pool, counter or pile onto a place where the drop is taken, the referendum's terms
field, the prompt bar and the phase bar. Each `Lit` carries the commands it sends (read from the element
itself: a button's commands, a menu action's data, the drop's outcome) and `trigger()`, which makes the move
as a user does: a mouse click, a menu action triggered, a synthetic drag (enter, move, drop on the viewport;
a real QDrag.exec() does not finish offscreen) followed by the drop menu's entry when a drop offers several.

A module of its own (not conftest.py), named so that no other test folder uses the name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLineEdit, QMenu

from vtes_desktop.engine import commands as C
from vtes_desktop.scenario.lesson import judge
from vtes_desktop.ui.table import gestures
from vtes_desktop.ui.table import scene_constants as K
from vtes_desktop.ui.table.card_item import CardItem, mime_for
from vtes_desktop.ui.table.lit import drop_targets
from vtes_desktop.ui.table.panel_kit import ChoiceButton, CommandButton

#: the kinds of lit elements, in the order `lit_elements` looks for them by default
KINDS = ("assist", "menu", "drag", "terms", "prompt", "phase")


@dataclass
class Lit:
    kind: str                       # one of KINDS
    label: str
    commands: list                  # the commands the element sends, as it sends them (view ids)
    trigger: Callable[[], None]

    def __repr__(self) -> str:
        return f"<{self.kind}: {self.label!r}>"


def _click(qtbot, b) -> Callable[[], None]:
    return lambda: qtbot.mouseClick(b, Qt.MouseButton.LeftButton)


# -- the rules assist: buttons, their menus, the terms field ---------------------------------------------------

def assist_elements(win, qtbot) -> list[Lit]:
    out = []
    for b in win.assist_panel.findChildren(QAbstractButton):
        if not (b.isVisibleTo(win.assist_panel) and b.isEnabled()):
            continue
        if isinstance(b, CommandButton):
            out.append(Lit("assist", b.label, list(b.commands), _click(qtbot, b)))
        elif isinstance(b, ChoiceButton):
            for a in b.menu().actions():
                if a.isEnabled() and a.data():
                    out.append(Lit("assist", f"{b.label} \u25b8 {a.text()}", list(a.data()), a.trigger))
    return out


def terms_elements(win, qtbot, choice: str) -> list[Lit]:
    """The referendum's terms field and its button, with *choice* typed in (what the learner would type)."""
    edits = [e for e in win.assist_panel.findChildren(QLineEdit)
             if e.objectName() == "termsEdit" and e.isVisibleTo(win.assist_panel)]
    if not edits:
        return []
    edit = edits[0]
    button = edit.parent().findChild(QAbstractButton, "chooseTerms")

    def go() -> None:
        edit.clear()
        qtbot.keyClicks(edit, choice)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return [Lit("terms", f"Choose the terms: {choice}", [C.Terms(seat=win.session.seat, choice=choice)], go)]


def bar_elements(win, qtbot) -> list[Lit]:
    out = []
    pb = win.prompt_bar
    for key, b in pb.buttons.items():
        c = pb.command_for(key)
        if c is not None and b.isVisibleTo(pb) and b.isEnabled():
            out.append(Lit("prompt", b.text(), [c], _click(qtbot, b)))
    end = win.phase_bar.end_phase
    if end.isVisibleTo(win.phase_bar) and end.isEnabled():
        out.append(Lit("phase", end.text(), [C.EndPhase(seat=win.session.seat)], _click(qtbot, end)))
    return out


# -- context menus ---------------------------------------------------------------------------------------------

def _menu_actions(menu: QMenu, path: str = ""):
    for a in menu.actions():
        if a.menu() is not None:
            yield from _menu_actions(a.menu(), path + a.menu().title() + " \u25b8 ")
        elif a.isEnabled() and a.data():
            yield path + a.text(), a


def _top_point(scene, item):
    """A scene point where *item* is the top card (right-clicking there opens its menu), or None."""
    r = item.boundingRect()
    for fx, fy in ((0.5, 0.5), (0.5, 0.2), (0.5, 0.85), (0.2, 0.5), (0.8, 0.5)):
        p = item.mapToScene(QPointF(r.left() + r.width() * fx, r.top() + r.height() * fy))
        top = next((it for it in scene.items(p) if isinstance(it, CardItem)), None)
        if top is item:
            return p
    return None


def menu_elements(win) -> list[Lit]:
    """Every enabled entry of every card's and pile's context menu that sends a command the rules know
    (the manual moves of the "By hand" part are left out)."""
    out = []
    scene = win.scene
    points = []
    for it in list(scene.cards.values()):
        if it.isVisible() and it.cv is not None:
            p = _top_point(scene, it)
            if p is not None:
                points.append((it.cdef.display if it.cdef is not None and it.shows_face else "a card", p))
    for (seat, region), pile in scene.piles.items():
        if pile.isVisible() and region in ("crypt", "library"):
            points.append((f"{region} of seat {seat}", pile.mapToScene(pile.boundingRect().center())))
    for where, p in points:
        menu = win.view.menu_at(p)
        if menu is None:
            continue
        for label, a in _menu_actions(menu):
            cmds = list(a.data())
            if any(c.manual for c in cmds):
                continue
            out.append(Lit("menu", f"{where}: {label}", cmds, a.trigger))
        win._lesson_test_menus = getattr(win, "_lesson_test_menus", []) + [menu]   # kept alive until used
    return out


# -- drags -----------------------------------------------------------------------------------------------------

def drag(win, source, to_point: QPoint) -> None:
    """Drag *source* (a gestures.Source) to *to_point* (viewport coordinates) with synthetic events."""
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

    vp = win.view.viewport()
    md = mime_for(source)
    mods = Qt.KeyboardModifier.NoModifier
    btn = Qt.MouseButton.LeftButton
    act = Qt.DropAction.MoveAction
    start = QPoint(5, 5)
    QApplication.sendEvent(vp, QDragEnterEvent(start, act, md, btn, mods))
    for i in (1, 2):
        QApplication.sendEvent(vp, QDragMoveEvent(start + (to_point - start) * (i / 2), act, md, btn, mods))
    QApplication.sendEvent(vp, QDropEvent(QPointF(to_point), act, md, btn, mods))


def _drop_and_choose(win, source, point: QPoint, label: str | None) -> Callable[[], None]:
    def go() -> None:
        win.view.last_menu = None
        drag(win, source, point)
        if label is not None:     # several uses: the drop offers a menu, the learner picks one
            menu = win.view.last_menu
            assert menu is not None, "the drop offered no menu"
            a = next(a for a in menu.actions() if a.text() == label)
            menu.hide()
            a.trigger()
    return go


def _point_on(win, scene_item, want) -> QPoint | None:
    """A viewport point over *scene_item* where the scene's drop target is *want* (a predicate on the target)."""
    r = scene_item.sceneBoundingRect()
    for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
        for fx in (0.5, 0.25, 0.75, 0.1, 0.9):
            p = QPointF(r.left() + r.width() * fx, r.top() + r.height() * fy)
            t, _ = win.scene.target_at(p)
            if t is not None and want(t):
                return win.view.mapFromScene(p)
    return None


def drag_elements(win) -> list[Lit]:
    """Drags of lit things onto the places the table lights for them while they are dragged."""
    session, scene = win.session, win.scene
    view = session.view
    if view is None:
        return []
    me = view.seat
    sources = []
    for it in scene.cards.values():
        if not it.isVisible() or it.cv is None or it.seat != me:
            continue
        if it.region == "hand":
            h = scene.lights.hand.get(it.vid)
            if h is not None and h.playable:
                sources.append(it.source())
        elif it.region == "uncontrolled":
            sources.append(it.source())
            if it.cv.counters:
                sources.append(it.source(counter=True))
    sources.append(gestures.Source(kind=K.KIND_POOL, seat=me))
    sources.append(gestures.Source(kind=K.KIND_PILE, id="crypt", seat=me, region="crypt"))
    out = []
    for src in sources:
        t = drop_targets(session, scene.lights, src)
        places = []
        for vid in t.cards:
            item = scene.item_of(vid)
            if item is not None and item.isVisible():
                places.append((item, lambda tg, v=vid: tg.kind == "card" and tg.id == v))
        for seat, region in t.zones:
            item = scene.zones.get((seat, region)) or scene.piles.get((seat, region))
            if item is not None and item.isVisible():
                places.append((item, lambda tg, s=seat, r=region: tg.kind == "zone" and tg.seat == s
                               and tg.region == r))
        for seat in t.pools:
            item = scene.pools.get(seat)
            if item is not None and item.isVisible():
                places.append((item, lambda tg, s=seat: tg.kind in ("pool", "seat") and tg.seat == s))
        for item, want in places:
            point = _point_on(win, item, want)
            if point is None:
                continue
            target, _ = scene.target_at(win.view.mapToScene(point))
            outcome = gestures.drop(session, src, target)
            many = len(outcome.choices) > 1
            for ch in outcome.choices:
                what = src.id if src.kind == K.KIND_CARD else src.kind
                out.append(Lit("drag", f"drag {gestures.card_name(session, what) if what else src.kind} "
                                       f"\u2192 {ch.label}", list(ch.commands),
                               _drop_and_choose(win, src, point, ch.label if many else None)))
    return out


# -- the question's answer -------------------------------------------------------------------------------------

def lit_elements(win, qtbot, kinds=KINDS, *, choice: str = "") -> list[Lit]:
    out = []
    for k in kinds:
        if k == "assist":
            out += assist_elements(win, qtbot)
        elif k == "menu":
            out += menu_elements(win)
        elif k == "drag":
            out += drag_elements(win)
        elif k == "terms" and choice:
            out += terms_elements(win, qtbot, choice)
        elif k in ("prompt", "phase"):
            out += [x for x in bar_elements(win, qtbot) if x.kind == k]
    return out


def verdict_of(win, lit: Lit):
    """How the tutor would judge the move *lit* sends (on a fork: nothing changes), or None when it sends
    several commands or a manual move."""
    if len(lit.commands) != 1:
        return None
    cmd = lit.commands[0]
    if cmd.seat != win.session.seat:
        cmd = cmd.model_copy(update={"seat": win.session.seat})
    cmd = win.session.translate(cmd)
    if cmd.manual:
        return None
    return judge(win.tutor.game, win.sc, win.tutor.step, cmd)


def find(win, qtbot, kinds=KINDS, *, want: str = "right", choice: str = "") -> list[tuple[Lit, object]]:
    """The lit elements whose move the tutor judges *want* ("right", "wrong"), with the verdicts; the ones
    that make exactly the file's move first."""
    found = []
    seen = set()
    for lit in lit_elements(win, qtbot, kinds, choice=choice):
        key = tuple(repr(c) for c in lit.commands)
        v = verdict_of(win, lit)
        if v is None or v.outcome != want:
            continue
        found.append((lit, v, key in seen))
        seen.add(key)
    found.sort(key=lambda x: (not x[1].same_as_file, x[2]))
    return [(lit, v) for lit, v, _dup in found]


def open_lesson(learn, qtbot, file):
    """The lesson or puzzle *file* opened from the Learn screen, shown at 1400x900."""
    w = learn.open_file(file)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    qtbot.waitExposed(w)
    return w
