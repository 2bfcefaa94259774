"""Gestures on the table become engine commands: drops, counter drags, clicks, undo, refusals."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from table_support import card_named, drag, make_game, viewport_point  # noqa: E402

from vtes_desktop.engine import commands as C  # noqa: E402
from vtes_desktop.ui.table import scene_constants as K  # noqa: E402
from vtes_desktop.ui.table.gestures import Source  # noqa: E402


def _minion_phase(db):
    return make_game(db, ["Sarah", "Marcus"],
                     ready={"Sarah": [("Colette", 4), ("Anson", 5)], "Marcus": [("Ayelech", 4)]},
                     hand={"Sarah": [".44 Magnum", "Dodge"]})


def test_a_card_dragged_from_hand_onto_a_minion_becomes_its_command(table, db):
    win = table(_minion_phase(db))
    game = win.session.game
    magnum = card_named(win, ".44 Magnum", region="hand")
    anson = card_named(win, "Anson", region="ready")
    drop = drag(win, magnum.source(), viewport_point(win, anson))
    assert drop.isAccepted()
    cmd = game.entries[0].cmd
    assert isinstance(cmd, C.Action) and cmd.kind == "equip"
    assert game.state.cards[cmd.minion].cid == db["Anson"].id
    assert game.state.cards[cmd.card].cid == db[".44 Magnum"].id
    # the card moved only when the new view came: it is no longer in the hand
    assert all(it.region != "hand" or it.cdef.display != ".44 Magnum" for it in win.scene.cards.values())
    assert "equip" in win.prompt_bar.context.text().lower()


def test_a_refused_drag_springs_back_and_says_why(table, db):
    win = table(_minion_phase(db))
    dodge = card_named(win, "Dodge", region="hand")
    home = dodge.pos()
    colette = card_named(win, "Colette", region="ready")
    ghosts_before = len(win.view._ghosts)
    drag(win, dodge.source(), viewport_point(win, colette))
    assert win.session.game.entries == []                     # nothing was submitted
    assert dodge.region == "hand" and dodge.pos() == home      # the card never left
    assert len(win.view._ghosts) == ghosts_before + 1         # a ghost springs back
    assert "combat" in win.view.last_refusal.lower()           # the engine's own reason
    assert win.view.toast.isVisible() and "combat" in win.view.toast.text().lower()


def test_the_engine_refusing_a_submitted_drop_springs_back_too(table, db):
    game = make_game(db, ["Nora", "Alexis"], uncontrolled={"Nora": [("Sybren van Oosten", 2)]},
                     turn=("Nora", "influence", 9))
    win = table(game)
    sybren = card_named(win, "Sybren van Oosten", region="uncontrolled")
    ready = win.scene.zones[(0, "ready")]
    to = win.view.mapFromScene(ready.rect.center())
    drag(win, sybren.source(), to)
    assert game.entries == []
    assert "capacity" in win.view.last_refusal.lower()
    assert sybren.region == "uncontrolled"


def test_a_counter_dragged_from_the_pool_to_an_uncontrolled_vampire_is_a_transfer(table, db):
    game = make_game(db, ["Nora", "Alexis"], uncontrolled={"Nora": [("Alexa Draper", 2)]},
                     turn=("Nora", "influence", 9), pool={"Nora": 10})
    win = table(game)
    alexa = card_named(win, "Alexa Draper", region="uncontrolled")
    drag(win, win.scene.pools[0].source(), viewport_point(win, alexa))
    cmd = game.entries[-1].cmd
    assert isinstance(cmd, C.Transfer) and cmd.amount == 1
    assert win.session.view.seats[0].pool == 9
    assert card_named(win, "Alexa Draper").cv.counters == 3
    assert win.scene.pools[0].pool == 9
    # and back: a counter from the vampire to the pool is a transfer back (two transfers)
    drag(win, alexa.source(counter=True), viewport_point(win, win.scene.pools[0]))
    assert isinstance(game.entries[-1].cmd, C.TransferBack)
    assert card_named(win, "Alexa Draper").cv.counters == 2


def test_counters_from_the_blood_bank_and_between_cards_are_manual(table, db):
    win = table(_minion_phase(db))
    game = win.session.game
    colette = card_named(win, "Colette", region="ready")
    drag(win, Source(kind=K.KIND_BANK), viewport_point(win, colette))
    assert game.entries[-1].cmd == C.Counters(seat=0, on=game.entries[-1].cmd.on, delta=1)
    assert game.entries[-1].cmd.manual
    assert card_named(win, "Colette").cv.counters == 5
    anson = card_named(win, "Anson", region="ready")
    drag(win, colette.source(counter=True), viewport_point(win, anson))
    assert card_named(win, "Colette").cv.counters == 4
    assert card_named(win, "Anson").cv.counters == 6


def test_shift_drop_is_a_manual_move(table, db):
    win = table(_minion_phase(db))
    game = win.session.game
    dodge = card_named(win, "Dodge", region="hand")
    torpor = win.scene.zones[(0, "torpor")]
    drag(win, dodge.source(), win.view.mapFromScene(torpor.rect.center()), shift=True)
    cmd = game.entries[-1].cmd
    assert isinstance(cmd, C.Move) and cmd.to == "torpor" and cmd.manual
    assert card_named(win, "Dodge").region == "torpor"


def test_a_card_in_play_dropped_on_the_ash_heap_is_burned_by_hand(table, db):
    win = table(_minion_phase(db))
    anson = card_named(win, "Anson", region="ready")
    heap = win.scene.piles[(0, "ash_heap")]
    drag(win, anson.source(), viewport_point(win, heap))
    cmd = win.session.game.entries[-1].cmd
    assert isinstance(cmd, C.Move) and cmd.to == "ash_heap"
    assert win.scene.piles[(0, "ash_heap")].count == 1


def test_click_locks_and_unlocks_and_undo_takes_it_back(table, db, qtbot):
    from PySide6.QtCore import Qt

    win = table(_minion_phase(db))
    colette = card_named(win, "Colette", region="ready")
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=viewport_point(win, colette))
    assert isinstance(win.session.game.entries[-1].cmd, C.Lock)
    assert card_named(win, "Colette").cv.locked and card_named(win, "Colette").rotation() == 90
    assert any("locks Colette" in t for t in win.log_panel.visible_texts())
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=viewport_point(win, colette))
    assert not card_named(win, "Colette").cv.locked
    win.undo()   # Ctrl+Z
    assert card_named(win, "Colette").cv.locked
    win.undo()
    assert not card_named(win, "Colette").cv.locked and card_named(win, "Colette").rotation() == 0


def test_a_drag_starts_only_past_the_drag_distance(table, db, qtbot, monkeypatch):
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtWidgets import QApplication

    win = table(_minion_phase(db))
    started = []
    monkeypatch.setattr(win.scene, "start_drag", lambda item, src, ev: started.append(src))
    colette = card_named(win, "Colette", region="ready")
    p = viewport_point(win, colette)
    vp = win.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=p)
    small = max(1, QApplication.startDragDistance() // 2 - 1)
    qtbot.mouseMove(vp, p + QPoint(small, 0))
    assert started == []
    qtbot.mouseMove(vp, p + QPoint(QApplication.startDragDistance() + 4, 0))
    assert started and started[0].id == colette.vid and started[0].kind == K.KIND_CARD
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=p + QPoint(QApplication.startDragDistance() + 4, 0))
    assert win.session.game.entries == []   # a drag is not a click: nothing locked


def test_the_drop_target_is_outlined_while_dragging(table, db):
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent
    from PySide6.QtWidgets import QApplication

    from vtes_desktop.ui.table.card_item import mime_for

    win = table(_minion_phase(db))
    magnum = card_named(win, ".44 Magnum", region="hand")
    dodge = card_named(win, "Dodge", region="hand")
    anson = card_named(win, "Anson", region="ready")
    vp = win.view.viewport()
    for src, ok in ((magnum, True), (dodge, False)):
        md = mime_for(src.source())
        args = (Qt.DropAction.MoveAction, md, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(vp, QDragEnterEvent(QPoint(3, 3), *args))
        QApplication.sendEvent(vp, QDragMoveEvent(viewport_point(win, anson), *args))
        assert anson.hint is ok
        win.view.dragLeaveEvent(type("E", (), {"accept": lambda self: None})())
        assert anson.hint is None


def test_keyboard_shortcuts_end_the_phase_and_lock(table, db, qtbot):
    from PySide6.QtCore import Qt

    win = table(_minion_phase(db))
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=2000)
    win.view.setFocus()
    colette = card_named(win, "Colette", region="ready")
    win.scene.hover_card(colette)
    qtbot.keyClick(win.view, Qt.Key.Key_L)
    assert isinstance(win.session.game.entries[-1].cmd, C.Lock)
    qtbot.keyClick(win.view, Qt.Key.Key_E)
    assert isinstance(win.session.game.entries[-1].cmd, C.EndPhase)
    assert win.phase_bar.current == "influence"


def test_piles_and_the_edge_are_dragged_too(table, db):
    game = make_game(db, ["Nora", "Alexis"], library={"Nora": ["Dodge", "Bonding"]},
                     crypt={"Nora": ["Anson", "Colette", "Ayelech", "Sully", "Ryan"]},
                     turn=("Nora", "influence", 9), edge="Nora")
    win = table(game)
    hand = win.scene.zones[(0, "hand")]
    drag(win, Source(kind=K.KIND_PILE, id="library", seat=0), win.view.mapFromScene(hand.rect.center()))
    assert isinstance(game.entries[-1].cmd, C.Draw) and len(win.session.view.hand) == 1
    unc = win.scene.zones[(0, "uncontrolled")]
    drag(win, Source(kind=K.KIND_PILE, id="crypt", seat=0), win.view.mapFromScene(unc.rect.center()))
    assert isinstance(game.entries[-1].cmd, C.MoveCrypt)         # the influence phase: the rules' move
    assert len(win.session.view.seats[0].regions["uncontrolled"]) == 1
    drag(win, Source(kind=K.KIND_EDGE), viewport_point(win, win.scene.pools[1]))
    assert game.entries[-1].cmd == C.EdgeMove(seat=0, to=1) and win.session.view.edge == 1
    assert win.scene.edge.held_by == "Alexis"
