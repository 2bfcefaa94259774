"""`vtes-desktop bench table`: how fast the table paints, offscreen.

A 5-seat game in its middle: the engine benchmark's scripted game (400
commands), then manual moves that bring more cards into play (minions
with equipment and retainers, master cards), for at least 150 cards on
the table. Figures:

- `cards_on_table`: card items in the scene (in play, attached, uncontrolled, the local hand);
- `repaint_ms`: median time to repaint the whole table (1600x1000) once its items are cached;
- `drag_frame_ms`: median time for one frame of a drag: a drag-move event over the table (the
  drop target judged and outlined) and the repaint it causes.

Targets: repaint_ms <= 8, drag_frame_ms <= 8. A benchmark prints figures; no test times anything.
"""

from __future__ import annotations

import os
import statistics
import time

FRAMES = 40


def mid_game(db):
    """The scripted 5-seat game, then cards brought into play by hand (a busy table)."""
    from vtes_desktop.engine import commands as C
    from vtes_desktop.engine.bench import scripted_game

    game, _ = scripted_game(db, n_commands=400, seed=1)
    st = game.state
    seat = st.active
    for s in range(len(st.seats)):
        if st.seats[s].ousted:
            continue
        crypt = list(st.region(s, "crypt"))
        for iid in crypt[:4]:
            game.apply(C.Move(seat=seat, card=iid, to="ready", player=s))
            game.apply(C.Counters(seat=seat, on=iid, delta=3))
        ready = list(game.state.region(s, "ready"))
        lib = list(game.state.region(s, "library"))
        k = 0
        for m in ready:
            for _ in range(3):
                if k < len(lib):
                    game.apply(C.Move(seat=seat, card=lib[k], to=m))
                    k += 1
        for iid in lib[k:k + 8]:
            game.apply(C.Move(seat=seat, card=iid, to="in_play", player=s))
        if ready:
            game.apply(C.Lock(seat=seat, card=ready[0]))
    return game


def cards_in_play(view) -> int:
    def count(cards) -> int:
        return sum(1 + count(c.attached) for c in cards)
    n = 0
    for s in view.seats:
        for region in ("ready", "torpor", "incapacitated", "in_play", "uncontrolled"):
            n += count(s.regions.get(region, ()))
    return n


def run() -> dict:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent
    from PySide6.QtWidgets import QApplication

    from vtes_desktop.cards import load_db
    from vtes_desktop.ui.table.card_item import mime_for
    from vtes_desktop.ui.table.session import LocalSession
    from vtes_desktop.ui.table.table_settings import TableSettings
    from vtes_desktop.ui.table.table_window import TableWindow
    from vtes_desktop.ui.theme import apply_theme, load_theme

    app = QApplication.instance() or QApplication(["vtes-desktop-bench"])
    theme = load_theme("dark")
    apply_theme(app, theme)
    db = load_db()
    game = mid_game(db)
    win = TableWindow(db, theme, TableSettings(privacy_screen=False), persist=False)
    win.scene.animate = False
    win.preview_dock.hide()
    win.log_dock.hide()
    win.resize(1600, 1000)
    session = LocalSession(game, path=None, seat=game.state.active, hotseat=False, auto_pass=False)
    win.set_session(session)
    win.show()
    app.processEvents()
    win.view.fit()
    app.processEvents()
    vp = win.view.viewport()
    vp.repaint()   # fill the item caches
    app.processEvents()

    repaint = []
    for _ in range(FRAMES):
        t0 = time.perf_counter()
        vp.repaint()
        repaint.append((time.perf_counter() - t0) * 1000)

    # a drag from the local hand (or a ready card) across the table
    scene = win.scene
    src_item = next((c for c in scene.cards.values() if c.region == "hand"), None) or \
        next(c for c in scene.cards.values() if c.region == "ready")
    md = mime_for(src_item.source())
    start = QPointF(40, vp.height() - 60)
    end = QPointF(vp.width() - 40, 80)
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    app.sendEvent(vp, QDragEnterEvent(start.toPoint(), Qt.DropAction.MoveAction, md, buttons, mods))
    frames = []
    for i in range(FRAMES):
        p = start + (end - start) * (i / (FRAMES - 1))
        t0 = time.perf_counter()
        ev = QDragMoveEvent(QPoint(int(p.x()), int(p.y())), Qt.DropAction.MoveAction, md, buttons, mods)
        app.sendEvent(vp, ev)
        vp.repaint()
        frames.append((time.perf_counter() - t0) * 1000)
    figures = {
        "cards_on_table": len(scene.cards),
        "cards_in_play": cards_in_play(session.view),
        "repaint_ms": round(statistics.median(repaint), 2),
        "drag_frame_ms": round(statistics.median(frames), 2),
    }
    win.close()
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(run()))
