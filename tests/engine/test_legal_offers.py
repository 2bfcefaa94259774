"""The legal answer offers the ways out of a game and the Imbued and Red List moves when the engine takes them,
and never offers concede or the time-out (the players' agreement, from the table's menu)."""

from __future__ import annotations

from support import ROOT
from vtes_desktop.engine import commands as C
from vtes_desktop.scenario.loader import load, to_command
from vtes_desktop.scenario.runner import build_game

SC = ROOT / "tests" / "scenarios"


def _at(db, name: str, steps: int = 0):
    sc = load(SC / name, db)
    game = build_game(sc, db)
    for st in sc.steps[:steps]:
        game.apply(to_command(st, sc.players.index(st.by), sc.players))
    return game


def _types(game, seat):
    return [c.type for c in game.legal(seat).commands]


def test_withdraw_is_offered_only_when_the_engine_takes_it(db):
    game = _at(db, "620-withdraw-announced-then-leaves.yaml")
    assert "withdraw" in _types(game, 0)
    assert game.can(C.Withdraw(seat=0)) is None
    refused = _at(db, "621-withdraw-refused-with-library-left.yaml")
    assert "withdraw" not in _types(refused, 0)
    assert all(t not in ("concede", "time_out") for t in _types(game, 0))


def test_an_incapacitated_imbued_is_offered_its_way_out_and_others_its_burning(db):
    game = _at(db, "644-imbued-leaves-incapacitation.yaml")
    offers = [c for c in game.legal(0).commands if c.type == "leave_incapacitated"]
    assert len(offers) == 1 and game.can(offers[0]) is None
    burn = _at(db, "640-burn-incapacitated-imbued.yaml")
    acts = [c for c in burn.legal(0).commands if c.type == "action" and c.kind == "burn_imbued"]
    assert len(acts) == 1
    burn.apply(acts[0])
    assert burn.state.top is not None


def test_a_trophy_earned_in_combat_is_offered_from_hand(db):
    game = _at(db, "664-red-list-burned-in-combat-gives-trophy.yaml", steps=9)
    offers = [c for c in game.legal(0).commands if c.type == "trophy"]
    assert offers, _types(game, 0)
    game.apply(offers[0])
    assert not game.state.awards or all(a[2] for a in game.state.awards)


def test_the_imbued_moves_are_offered(db, tmp_path):
    f = tmp_path / "imbued.yaml"
    f.write_text("""\
title: Imbued offers
table:
  - player: Ann
    ready:
      - {card: Jack "Hannibal137" Harmon, as: Jack, cards: [Second Sight]}
    incapacitated:
      - {card: Lupe "Cabbie22" Droin, as: Lupe, life: 0}
    hand: [Second Sight, Discern]
    ash_heap: [React with Conviction]
  - player: Ben
turn: {player: Ann, phase: unlock, number: 9}
steps: []
""", encoding="utf-8")
    from vtes_desktop.scenario.loader import load

    game = build_game(load(f, db), db)
    la = game.legal(0)
    hand_conv = next(i for i in game.state.region(0, "hand") if db[game.state.cards[i].cid].name == "Second Sight")
    assert {u.command.minion for u in la.cards[hand_conv].uses} == set(game.state.region(0, "ready")) | \
        set(game.state.region(0, "incapacitated"))
    heap = game.state.region(0, "ash_heap")[0]
    assert any(c.type == "play" and c.card == heap for c in la.commands)    # conviction from the ash heap
    game.apply(C.EndPhase(seat=0))
    game.apply(C.EndPhase(seat=0))                                          # to the minion phase
    power = next(i for i in game.state.region(0, "hand") if db[game.state.cards[i].cid].name == "Discern")
    uses = game.legal(0).cards[power].uses
    assert uses and all(u.command.type == "action" and u.command.kind == "card" for u in uses)


def test_an_imbued_answering_a_burning_is_offered_its_conviction_damage(db):
    game = _at(db, "647-imbued-strike-back-with-conviction.yaml", steps=3)
    offers = [c for c in game.legal(1).commands if c.type == "use" and c.effect == "conviction_damage"]
    assert len(offers) == 1
    game.apply(offers[0])
    assert not [c for c in game.legal(1).commands if c.type == "use" and c.effect == "conviction_damage"]
