"""The goldfish table: a deck played alone, the goldfish's turns passing by themselves, the panel's counts."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from vtes_desktop.engine import commands as C  # noqa: E402
from vtes_desktop.engine.goldfish import GOLDFISH  # noqa: E402


def _card(win, region, seat=0, index=0):
    return win.session.view.seats[seat].regions[region][index]


def _pass_until_phase(win, limit=12):
    """The player passes through the windows of an action until the minion phase is open again."""
    for _ in range(limit):
        v = win.session.view
        if v.action is None and not v.window.startswith(("action", "block")):
            return
        assert win.submit_all([C.Pass(seat=0)]), v.window
    raise AssertionError(f"still in {win.session.view.window}")


def _end_turn(win):
    """End the player's phases until the player's next turn starts."""
    start = win.session.view.turn
    for _ in range(6):
        win.submit_all([C.EndPhase(seat=0)])
        if win.session.view.turn != start:
            return
    raise AssertionError("the turn did not end")


def _bring_in_and_bleed(win):
    """Turn 1 by hand: a vampire brought in with manual moves (3 blood), a transfer, a bleed."""
    vamp = _card(win, "uncontrolled")
    assert win.submit_all([C.Move(seat=0, card=vamp.id, to="ready")])
    minion = _card(win, "ready")
    assert win.submit_all([C.Counters(seat=0, on=minion.id, delta=3)])
    assert win.submit_all([C.EndPhase(seat=0), C.EndPhase(seat=0)])         # unlock, master: the minion phase
    assert win.session.view.phase == "minion"
    assert win.submit_all([C.Action(seat=0, minion=minion.id, kind="bleed")])
    _pass_until_phase(win)
    assert win.submit_all([C.EndPhase(seat=0)])                             # the influence phase
    assert win.session.view.phase == "influence"
    other = _card(win, "uncontrolled")
    assert win.submit_all([C.Transfer(seat=0, to=other.id, amount=1)])
    return minion


def test_the_goldfish_table_opens_from_the_deck_panel(make_window, db, small_deck, qtbot):
    from vtes_desktop.ui.goldfish import launch
    from vtes_desktop.ui.goldfish.goldfish_window import GoldfishWindow

    w = make_window(db=db)
    w.open_deck_file(str(small_deck))
    assert w.deck_panel.goldfish_button.isEnabled() and w.deck_panel.stats_button.isEnabled()
    w.deck_panel.goldfish_button.click()
    win = next(x for x in launch._open if isinstance(x, GoldfishWindow))   # deleted on close
    try:
        s = win.session
        assert [x.name for x in s.view.seats][1:] == list(GOLDFISH)
        assert all(x.pool == 30 for x in s.view.seats)
        assert s.seat == 0 and s.view.active == 0 and s.view.phase == "unlock"
        assert len(s.view.hand) == 7 and len(s.view.seats[0].regions["uncontrolled"]) == 4
        assert s.legal is not None and s.legal.holds_impulse        # the rules engine answers for the player
        assert win.goldfish_dock.isVisible()
        assert win.panel.deck_label.text() == "Goldfish \u2014 Brujah Test Bleed"
        assert "goldfish" in win.windowTitle()
    finally:
        win.close()


def test_the_goldfish_turns_pass_by_themselves(goldfish, small_cards):
    win = goldfish(small_cards)
    s = win.session
    _end_turn(win)
    # the prey's and the predator's turns went by: the player's second turn, the player on show
    assert s.view.active == 0 and s.view.phase == "unlock" and s.view.turn == 4 and s.seat == 0
    assert not win.privacy.covering                 # no privacy screen between the player and the goldfish
    goldfish_steps = [e for i, e in enumerate(s.game.entries) if e.cmd.seat != 0]
    assert goldfish_steps and all(i in s._auto for i, e in enumerate(s.game.entries) if e.cmd.seat != 0)
    assert win.panel.turn_label.text().startswith("Your turn 2")
    assert [win.panel.table.item(r, 0).text() for r in range(win.panel.table.rowCount())] == ["1", "2"]


def test_the_panel_counts_turns_bleeds_and_pool_spent(goldfish, small_cards, shot):
    win = goldfish(small_cards)
    _bring_in_and_bleed(win)
    s = win.session
    assert s.view.seats[1].pool == 29                     # the unblocked bleed of 1
    p = win.panel
    assert (p.bled.value.text(), p.spent.value.text(), p.vampires.value.text(), p.prey_pool.value.text()) == \
        ("1", "1", "1", "29")
    _end_turn(win)
    summary = p.summary
    assert summary.turn == 2 and [t.bled for t in summary.turns] == [1, 0]
    assert [t.spent for t in summary.turns] == [1, 0] and summary.turns[0].vampires == 1
    row = [p.table.item(0, j).text() for j in range(p.table.columnCount())]
    assert row == ["1", "1", "1", "1", "29"]
    assert p.oust_label.text().startswith("Prey not ousted yet")
    shot(win, "goldfish-table")


def test_the_prey_ousted_is_counted_on_its_turn(goldfish, small_cards):
    win = goldfish(small_cards)
    _end_turn(win)
    # turn 2: burn the prey's pool by hand, as a bleed would
    assert win.submit_all([C.Counters(seat=0, on="pool", delta=-30, player=1)])
    s = win.session
    assert s.view.seats[1].ousted
    assert win.panel.summary.prey_ousted_on == 2
    assert win.panel.oust_label.text().startswith("Prey ousted on turn 2")
    assert win.panel.summary.turns[-1].bled == 30
    assert win.panel.prey_pool.value.text() == str(s.view.seats[2].pool)    # the predator is the prey now


def test_undo_takes_back_the_goldfish_turns_with_the_step(goldfish, small_cards):
    win = goldfish(small_cards)
    _bring_in_and_bleed(win)
    _end_turn(win)
    assert win.panel.summary.turn == 2
    win.panel.undo_button.click()            # the end of the discard phase, and the goldfish turns after it
    s = win.session
    assert s.view.turn == 1 and s.view.phase == "discard" and s.view.active == 0
    assert win.panel.summary.turn == 1 and win.panel.bled.value.text() == "1"
    for _ in range(3):                       # the influence phase, the transfer, the end of the minion phase
        win.undo()
    assert s.view.phase == "minion" and win.panel.spent.value.text() == "0" and win.panel.bled.value.text() == "1"
    for _ in range(10):                      # ... and the bleed: free undo takes back anything
        if s.view.seats[1].pool == 30:
            break
        win.undo()
    assert s.view.seats[1].pool == 30 and win.panel.bled.value.text() == "0"


def test_restart_with_the_same_or_a_new_shuffle(goldfish, small_cards, qtbot):
    win = goldfish(small_cards, seed=11)
    first = win.session

    def deal(session):
        v = session.view
        return [c.name for c in v.hand], [c.name for c in v.seats[0].regions["uncontrolled"]]

    dealt = deal(first)
    _bring_in_and_bleed(win)
    assert win.panel.seed.text() == "11"
    with qtbot.waitSignal(win.restarted) as sig:
        win.panel.same_button.click()
    assert sig.args == [11] and win.session is not first
    assert deal(win.session) == dealt and not win.session.game.entries
    assert win.panel.summary.bled == 0 and win.panel.table.rowCount() == 1
    with qtbot.waitSignal(win.restarted) as sig:
        win.panel.new_button.click()
    assert sig.args[0] != 11 and win.panel.seed.text() == str(sig.args[0])
    assert win.session.seed == sig.args[0]
    # a seed typed in the field, then Enter: that deal
    win.panel.seed.setText("11")
    with qtbot.waitSignal(win.restarted):
        win.panel.seed.returnPressed.emit()
    assert deal(win.session) == dealt


def test_every_table_feature_is_there(goldfish, small_cards):
    win = goldfish(small_cards)
    names = {a.objectName() for a in win.actions()}
    assert {"actUndo", "actEndPhase", "actPass", "actDraw", "actExport", "actRestartSame",
            "actRestartNew"} <= names
    assert win.log_dock.isVisible() and win.preview_dock.isVisible()
    # a manual draw, then undo: goldfish undo is free (a draw too)
    n = len(win.session.view.hand)
    win.submit_all([C.Draw(seat=0, count=1)])
    assert len(win.session.view.hand) == n + 1
    win.undo()
    assert len(win.session.view.hand) == n


def test_goldfish_without_a_deck_asks_for_one(make_window, db, small_deck, monkeypatch):
    from vtes_desktop.ui.goldfish.goldfish_window import GoldfishWindow

    w = make_window(db=db)
    asked = []
    monkeypatch.setattr(w, "open_deck_dialog", lambda: (asked.append(1), w.open_deck_file(str(small_deck))))
    win = w.open_goldfish()                       # the welcome panel's "Goldfish a deck" calls this
    try:
        assert asked == [1] and isinstance(win, GoldfishWindow) and win.deck.crypt_count == 4
    finally:
        win.close()


def test_a_deck_without_a_crypt_is_not_goldfished(make_window, db, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    w = make_window(db=db)
    w.open_deck_text("Library (2)\n2x Bonding\n")
    assert not w.deck_panel.goldfish_button.isEnabled()
    said = []
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: said.append(a[2]))
    assert w.open_goldfish() is None
    assert said and "at least 4 crypt cards" in said[0]
