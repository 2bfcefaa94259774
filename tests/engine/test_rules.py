"""Rule tests that read like the table they describe."""

from __future__ import annotations

import pytest

from vtes_desktop.engine.commands import Action, DeclineBlock, EndPhase, Pass, Play, Resolve, Transfer
from vtes_desktop.engine.errors import Illegal, Malformed


def test_unblocked_bleed_burns_pool_and_takes_the_edge(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Anson", 3)]})
    game.step("Sarah", Action, minion="Anson", kind="bleed")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Resolve)
    assert game.view("Alexis").seats[1].pool == 29  # 30 - the default bleed of 1
    assert game.view("Sarah").edge == game.seat("Sarah")


def test_a_refused_step_changes_nothing_not_even_its_implicit_passes(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Sully", 2)]}, hand={"Sarah": ["Conditioning", "Bonding"]},
                 library={"Sarah": ["Dodge"] * 3})
    game.step("Sarah", Action, minion="Sully", kind="bleed")
    before = game.game.state
    with pytest.raises(Illegal, match="superior Dominate"):
        # Sully has only basic Dominate: refused, and the action_announced passes are undone too
        game.step("Sarah", Play, card="Bonding", minion="Sully", level="superior")
    assert game.game.state is before
    assert game.view("Sarah").window == "action_announced"


def test_level_is_required_for_a_card_with_two_texts(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Sully", 2)]}, hand={"Sarah": ["Conditioning"]})
    game.step("Sarah", Action, minion="Sully", kind="bleed")
    game.step("Alexis", DeclineBlock)
    with pytest.raises(Malformed, match="level"):
        game.step("Sarah", Play, card="Conditioning", minion="Sully")


def test_impulse_order_for_an_undirected_action(table):
    game = table(["Ann", "Ben", "Cat", "Dan"], ready={"Ann": [("Wauneka", 1)]})
    game.step("Ann", Action, minion="Wauneka", kind="hunt")
    g = game.game
    from vtes_desktop.engine.flow import holder

    order = []
    for _ in range(4):
        order.append(g.state.seats[holder(g.state)].name)
        g.apply(Pass(seat=holder(g.state)))
    # acting, prey, predator, then the others from the prey on
    assert order == ["Ann", "Ben", "Dan", "Cat"]


def test_transfers_are_counted(table):
    game = table(["Nora", "Alexis"], uncontrolled={"Nora": [("Alexa Draper", 0)]}, turn=("Nora", "influence", 2))
    game.step("Nora", Transfer, to="Alexa Draper", amount=2)
    with pytest.raises(Illegal, match="transfer"):
        game.step("Nora", Transfer, to="Alexa Draper", amount=1)


def test_only_the_active_player_ends_the_phase(table):
    game = table(["Ann", "Ben"], turn=("Ann", "master", 5))
    with pytest.raises(Illegal, match="active player"):
        game.step("Ben", EndPhase)
    game.step("Ann", EndPhase)
    assert game.view("Ben").phase == "minion"


def test_legal_gives_transfer_amounts_as_ranges(table):
    game = table(["Nora", "Alexis"], uncontrolled={"Nora": [("Alexa Draper", 1)]}, turn=("Nora", "influence", 9),
                 pool={"Nora": 3})
    ans = game.game.legal(game.seat("Nora"))
    t = [c for c in ans.commands if c.type == "transfer"][0]
    back = [c for c in ans.commands if c.type == "transfer_back"][0]
    assert ans.amount_range(t) == (1, 3)      # 4 transfers, but only 3 pool
    assert ans.amount_range(back) == (1, 1)   # 1 blood on Alexa
