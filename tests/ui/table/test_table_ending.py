"""Leaving a game from the Game menu: concede, withdraw, and calling time, down to the final screen."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from table_support import make_game  # noqa: E402


@pytest.fixture
def say_yes(monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)


def _three(db, **kw):
    return make_game(db, ["Ann", "Ben", "Cat"], ready={"Ann": [("Colette", 4)], "Ben": [("Anson", 5)],
                                                       "Cat": [("Gratiano", 4)]}, **kw)


def test_concede_ousts_and_credits_the_predator(table, db, say_yes):
    win = table(_three(db, library={"Ann": ["Dodge"], "Ben": ["Dodge"], "Cat": ["Dodge"]}), hotseat=True)
    seat = win.session.seat
    pred = (seat - 1) % 3
    pool = win.session.view.seats[pred].pool
    win.concede()
    v = win.session.view
    assert v.seats[seat].ousted
    assert v.seats[pred].vp == 1 and v.seats[pred].pool == pool + 6


def test_withdraw_too_early_is_refused_with_the_engines_reason(table, db, say_yes):
    win = table(_three(db, library={"Ann": ["Dodge"] * 3, "Ben": ["Dodge"], "Cat": ["Dodge"]},
                       turn=("Ann", "unlock", 5)), hotseat=True)
    win.withdraw()
    assert not win.session.view.withdrawing
    assert win.last_refusal is not None and "library" in win.last_refusal[1]     # the engine's reason, shown


def test_a_withdrawal_then_time_ends_the_game_with_half_points(table, db, say_yes):
    win = table(_three(db, library={"Ben": ["Dodge"], "Cat": ["Dodge"]}, hand={"Ann": ["Dodge"]},
                       turn=("Ann", "unlock", 5)), hotseat=True)
    assert win.session.seat == 0
    win.withdraw()                                   # no library, one card in hand: she may announce it
    assert win.session.view.withdrawing == (0,)
    win.call_time()
    v = win.session.view
    assert win.session.is_over and v.ended_by == "time_out"
    assert win.final is not None and win.final.isVisible()
    rows = {r.name: r for r in win.final.rows}
    assert {r.vp_text for r in rows.values()} <= {"½", "0.5"} and all(r.vp == 0.5 for r in rows.values())
    assert not any(r.game_win for r in rows.values())
    from PySide6.QtWidgets import QLabel

    assert "Time is up" in win.final.findChild(QLabel, "ending").text()
