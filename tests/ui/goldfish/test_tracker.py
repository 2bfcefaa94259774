"""The goldfish panel's arithmetic: one record a turn of the player's, from snapshots of the line of play."""

from __future__ import annotations

from vtes_desktop.ui.goldfish.tracker import Snapshot, summarize


def snap(turn, active, pools, ousted=(False, False, False), vampires=0, torpor=0):
    return Snapshot(turn, active, tuple(pools), tuple(ousted), vampires, torpor)


def test_bleeds_and_spending_are_counted_on_the_players_turn():
    snaps = [
        snap(1, 0, (30, 30, 30)),
        snap(1, 0, (26, 30, 30), vampires=1),          # turn 1: 4 pool to bring a vampire out
        snap(2, 1, (26, 30, 30), vampires=1),          # the goldfish's turns: nothing happens
        snap(3, 2, (26, 30, 30), vampires=1),
        snap(4, 0, (26, 30, 30), vampires=1),          # turn 2
        snap(4, 0, (26, 27, 30), vampires=1),          # a bleed for 3
        snap(4, 0, (28, 27, 30), vampires=1),          # a Blood Doll: pool gained is not spent
        snap(4, 0, (27, 25, 30), vampires=2, torpor=1),
        snap(5, 1, (27, 25, 30), vampires=2, torpor=1),
    ]
    s = summarize(snaps)
    assert [(t.turn, t.bled, t.spent, t.vampires, t.torpor, t.prey_pool, t.pool) for t in s.turns] == \
        [(1, 0, 4, 1, 0, 30, 26), (2, 5, 1, 2, 1, 25, 27)]
    assert (s.turn, s.bled, s.spent, s.prey_ousted_on, s.game_turn) == (2, 5, 5, None, 5)


def test_the_oust_turn_and_the_next_prey():
    snaps = [
        snap(1, 0, (30, 2, 30)),
        snap(1, 0, (30, 0, 30), ousted=(False, True, False)),   # ousted on turn 1
        snap(1, 0, (30, 0, 28), ousted=(False, True, False)),   # the predator is the prey now
    ]
    s = summarize(snaps)
    assert s.prey_ousted_on == 1 and s.ousted_on == (None, 1, None)
    assert s.turns[-1].bled == 4 and s.turns[-1].prey_pool == 28


def test_no_snapshot_no_turn():
    s = summarize([])
    assert s.turns == () and s.turn == 1 and s.prey_ousted_on is None
