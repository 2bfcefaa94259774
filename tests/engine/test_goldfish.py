"""Goldfish games: the goldfish never act, the simulation is reproducible, real decks play through."""

from __future__ import annotations

import os

import pytest

from support import shared_path
from vtes_desktop.decks import load_deck
from vtes_desktop.engine import commands as C
from vtes_desktop.engine.game import Game
from vtes_desktop.engine.goldfish import GOLDFISH, goldfish_setup, goldfish_step, play_game, simulate


def _deck(db, name):
    d = load_deck(shared_path("data", "twda-sample", name), db)
    return ([c for c, n in d.crypt.items() for _ in range(n)], [c for c, n in d.library.items() for _ in range(n)])


def test_the_goldfish_seats_pass_and_never_block(db):
    crypt, lib = _deck(db, "2014tdpbdvbs.txt")
    game = Game(db, goldfish_setup(crypt, lib), seed=1)
    assert [s.name for s in game.state.seats][1:] == list(GOLDFISH)
    assert all(s.pool == 30 for s in game.state.seats)
    for _ in range(5):
        game.apply(C.EndPhase(seat=0))
    # the goldfish prey's turn: its step is always to end the phase
    assert game.state.active == 1
    assert goldfish_step(game) == C.EndPhase(seat=1)


def test_simulation_is_reproducible(db):
    crypt, lib = _deck(db, "2014tdpbdvbs.txt")
    a = simulate(db, crypt, lib, games=5, seed=3)
    b = simulate(db, crypt, lib, games=5, seed=3)
    assert a == b
    assert a["games"] == 5 and a["ousted"] >= 1
    assert a["oust_turn"]["p10"] <= a["oust_turn"]["median"] <= a["oust_turn"]["p90"]


def test_fifty_sample_decks_play_twenty_games_each(db):
    folder = shared_path("data", "twda-sample")
    files = sorted(p for p in folder.glob("*.txt"))[:: max(1, len(list(folder.glob('*.txt'))) // 50)][:50]
    assert len(files) == 50
    for path in files:
        d = load_deck(path, db)
        crypt = [c for c, n in d.crypt.items() for _ in range(n)]
        lib = [c for c, n in d.library.items() for _ in range(n)]
        for seed in range(20):
            r = play_game(db, crypt, lib, seed=seed, max_turns=8)
            assert r.turns >= 1, path.name


def test_the_cli_prints_json(capsys):
    import json

    from vtes_desktop.cli import main

    path = shared_path("data", "twda-sample", "2014tdpbdvbs.txt")
    assert main(["goldfish", str(path), "--games", "3", "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"games", "seed", "ousted", "oust_turn", "pool_spent_mean", "stuck_cards"}
    assert set(out["oust_turn"]) == {"mean", "median", "p10", "p90"}
    assert main(["goldfish", "/nonexistent/deck.txt"]) == 2
