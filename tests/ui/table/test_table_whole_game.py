"""A whole 4-player hot-seat game in the window: four tournament decks chosen in the New game dialog, played
from the opening hands to the last Methuselah standing through the table's own submit path (what every gesture,
button and menu entry calls), with the privacy screen between seats, ending on the final screen."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from support import ROOT, shared_path  # noqa: E402

DECKS = ("10044.txt", "10098.txt", "10143.txt", "10194.txt")


def _players_policy():
    """The engine tests' scripted player (tests/engine/test_random_games.py): sensible, ordinary moves."""
    path = Path(ROOT) / "tests" / "engine" / "test_random_games.py"
    spec = importlib.util.spec_from_file_location("_scripted_players", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod._scripted_move


def test_four_players_play_a_whole_game_in_the_window(table, db, qtbot):
    from vtes_desktop.engine import commands as C
    from vtes_desktop.ui.table import launch
    from vtes_desktop.ui.table.new_game_dialog import NewGameDialog, read_choice
    from vtes_desktop.ui.table.table_settings import TableSettings

    dlg = NewGameDialog(db, TableSettings())
    qtbot.addWidget(dlg)
    dlg.count.setValue(4)
    for r, name, f in zip(dlg.players(), ("Ann", "Ben", "Cat", "Dan"), DECKS):
        path = str(shared_path("data", "twda-sample", f))
        r.name.setText(name)
        r.set_choice(read_choice(db, path=path))
    dlg.seed.setText("3")
    dlg.revalidate()
    assert dlg.problem.text() == ""
    game = launch.build_new_game(db, dlg.result_spec())
    win = table(game, hotseat=True, privacy=True)
    s = win.session
    move = _players_policy()
    rng = random.Random(3)
    for _ in range(20000):
        if s.is_over:
            break
        if win.privacy.covering:                       # the next player sits down
            win.privacy.show_button.click()
        assert s.seat == s.needed_seat()               # the table shows the seat whose input is needed
        hand = [it for it in win.scene.cards.values() if it.region == "hand"]
        assert all(it.seat == s.seat and it.shows_face for it in hand)   # and only that seat's hand
        cmd = move(s.game, rng)
        if not win.submit_all([cmd]):
            raise AssertionError(f"{cmd!r} refused: {win.last_refusal}")
    assert s.is_over, "the game did not end"
    v = s.view
    assert sum(1 for x in v.seats if not x.ousted) == 1 and v.ended_by == "last_standing"
    assert sum(x.vp for x in v.seats) == 4
    assert win.final is not None and win.final.isVisible()
    assert [r.vp for r in win.final.rows] == sorted((x.vp for x in v.seats), reverse=True)
    assert sum(1 for c in s.game.log if isinstance(c, C.Done)) == sum(1 for c in s.game.log if c.manual)
    assert len(s.game.log) > 200
    print(f"\n{len(s.game.log)} commands, {v.turn} turns, points {[x.vp for x in v.seats]}")
