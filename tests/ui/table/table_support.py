"""Helpers for the table tests: written positions, finding card items, synthetic drags.

A module of its own (not conftest.py), so that test files can import it by a name no other folder uses.
"""

from __future__ import annotations

from pathlib import Path

POSITIONS = Path(__file__).resolve().parent / "positions"


def make_game(db, players, *, ready=None, hand=None, library=None, crypt=None, uncontrolled=None, torpor=None,
              turn=None, edge=None, seed=0, pool=None):
    """A game at a written position: `ready={"Sarah": [("Colette", 4), ...]}`, cards as names or (name, blood),
    or (name, blood, [attached names])."""
    from vtes_desktop.engine.game import Game
    from vtes_desktop.engine.setup import CardSpec, SeatSetup, Setup

    def spec(entry):
        if isinstance(entry, tuple):
            name, n, *rest = entry
            att = tuple(CardSpec(cid=db[a].id) for a in (rest[0] if rest else ()))
            return CardSpec(cid=db[name].id, blood=n, attached=att)
        return CardSpec(cid=db[entry].id)

    seats = []
    for p in players:
        regions = {}
        for rname, lst in (("ready", ready), ("hand", hand), ("library", library), ("crypt", crypt),
                           ("uncontrolled", uncontrolled), ("torpor", torpor)):
            if lst and p in lst:
                regions[rname] = tuple(spec(e) for e in lst[p])
        seats.append(SeatSetup(name=p, pool=(pool or {}).get(p, 30), regions=regions))
    tp, ph, n = turn or (players[0], "minion", 5)
    setup = Setup(seats=tuple(seats), turn_player=players.index(tp), phase=ph, turn_number=n,
                  edge=None if edge is None else players.index(edge))
    return Game(db, setup, seed=seed, secret="test")


def card_named(win, name, *, region=None, seat=None):
    """The card item showing *name* (in *region*, of *seat*)."""
    for it in win.scene.cards.values():
        if it.cdef is not None and it.cdef.display == name and (region is None or it.region == region) \
                and (seat is None or it.seat == seat):
            return it
    raise LookupError(f"no card {name!r} on the table")


def viewport_point(win, item, rel=(0.5, 0.5)):
    from PySide6.QtCore import QPointF

    r = item.boundingRect()
    p = item.mapToScene(QPointF(r.left() + r.width() * rel[0], r.top() + r.height() * rel[1]))
    return win.view.mapFromScene(p)


def drag(win, source, to_point, *, shift=False, moves=2):
    """Drag *source* (a gestures.Source) to *to_point* (viewport coordinates) with synthetic events."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
    from PySide6.QtWidgets import QApplication

    from vtes_desktop.ui.table.card_item import mime_for

    vp = win.view.viewport()
    md = mime_for(source)
    mods = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    btn = Qt.MouseButton.LeftButton
    act = Qt.DropAction.MoveAction
    start = QPoint(5, 5)
    QApplication.sendEvent(vp, QDragEnterEvent(start, act, md, btn, mods))
    for i in range(1, moves + 1):
        p = start + (to_point - start) * (i / moves)
        QApplication.sendEvent(vp, QDragMoveEvent(p, act, md, btn, mods))
    drop = QDropEvent(QPointF(to_point), act, md, btn, mods)
    QApplication.sendEvent(vp, drop)
    return drop
