"""Random legal play with real tournament decks: every offered command is accepted, nothing crashes,
nobody who was ousted is ever asked to act, and the log replays to the same game."""

from __future__ import annotations

import random

import pytest

from support import shared_path
from vtes_desktop.decks import load_deck
from vtes_desktop.engine import commands as C
from vtes_desktop.engine import flow
from vtes_desktop.engine.errors import Refused
from vtes_desktop.engine.game import Game
from vtes_desktop.engine.setup import Setup
from vtes_desktop.engine.state import ManualFrame


def _deck(db, path):
    d = load_deck(path, db)
    return [c for c, n in d.crypt.items() for _ in range(n)], [c for c, n in d.library.items() for _ in range(n)]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_random_legal_games_with_real_decks(db, seed):
    files = sorted(shared_path("data", "twda-sample").glob("*.txt"))
    rng = random.Random(seed)
    picks = rng.sample(files, 4 + seed % 3)
    game = Game(db, Setup.from_decks([(f"P{i}", *_deck(db, p)) for i, p in enumerate(picks)]), seed=seed)
    for step in range(700):
        seat = flow.holder(game.state)
        assert not game.state.seats[seat].ousted, f"an ousted seat holds the impulse at step {step}"
        ans = game.legal(seat)
        options = [c for c in ans.commands if c.type not in ("resolve", "finish")]
        options += [u.command for a in ans.cards.values() for u in a.uses]
        if isinstance(game.state.top, ManualFrame):
            options.append(C.Done(seat=seat))
        assert options, f"nothing to do at step {step} in {flow.window(game.state)}"
        cmd = rng.choices(options, [0.2 if c.type == "end_phase" else 1.0 for c in options])[0]
        try:
            game.apply(cmd)
        except Refused as e:
            raise AssertionError(f"legal() offered {cmd!r}, apply refused it: {e}") from None
        if len(game.state.live_seats()) <= 1:
            break
    again = game.replay()
    assert again.view_for(0) == game.view_for(0)
