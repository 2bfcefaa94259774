"""A written table, as the rule tests describe it."""

from __future__ import annotations

import pytest

from vtes_desktop.engine.game import Game
from vtes_desktop.engine.setup import CardSpec, SeatSetup, Setup


class Table:
    """A game plus names: `step(player, cmd)` and `view(player)` by player name."""

    def __init__(self, game: Game):
        self.game = game

    def seat(self, name: str) -> int:
        return self.game.seat_of(name)

    def step(self, name: str, cmd_cls, **fields):
        return self.game.apply(cmd_cls(seat=self.seat(name), **fields))

    def view(self, name: str):
        return self.game.view_for(self.seat(name))


@pytest.fixture
def table(db):
    """table(["Sarah", "Alexis"], ready={"Sarah": [("Anson", 3)]}, hand={...}, library={...}, turn=(player, phase, n))"""

    def make(players, *, ready=None, hand=None, library=None, crypt=None, uncontrolled=None, torpor=None,
             turn=None, edge=None, seed=0, pool=None, free_undo=False):
        seats = []
        for p in players:
            regions = {}
            for rname, spec in (("ready", ready), ("hand", hand), ("library", library), ("crypt", crypt),
                                ("uncontrolled", uncontrolled), ("torpor", torpor)):
                if spec and p in spec:
                    cards = []
                    for entry in spec[p]:
                        if isinstance(entry, tuple):
                            name, n = entry
                            cards.append(CardSpec(cid=db[name].id, blood=n))
                        else:
                            cards.append(CardSpec(cid=db[entry].id))
                    regions[rname] = tuple(cards)
            seats.append(SeatSetup(name=p, pool=(pool or {}).get(p, 30), regions=regions))
        tp, ph, n = turn or (players[0], "minion", 5)
        setup = Setup(seats=tuple(seats), turn_player=players.index(tp), phase=ph, turn_number=n,
                      edge=None if edge is None else players.index(edge), free_undo=free_undo)
        return Table(Game(db, setup, seed=seed, secret="test"))

    return make
