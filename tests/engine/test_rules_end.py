"""The end of a game: withdrawal, time-out, concession, victory points in halves; and the diablerie and Imbued
choices that go with issue 6's last rules."""

from __future__ import annotations

import pytest

from vtes_desktop.engine import commands as C
from vtes_desktop.engine.errors import Illegal
from vtes_desktop.engine.rules_turn import vp_text
from vtes_desktop.net import wire


def _round(table, *names):
    """Every player in *names* ends the five phases of one turn each, in order."""
    for n in names:
        for _ in range(5):
            table.step(n, C.EndPhase)


def test_vp_text_writes_halves_as_players_do():
    assert [vp_text(v) for v in (0, 0.5, 1, 1.5, 2.0, 3.5)] == ["0", "½", "1", "1.5", "2", "3.5"]


@pytest.mark.parametrize("cmd", [
    C.Withdraw(seat=1), C.TimeOut(seat=0), C.LeaveIncapacitated(seat=0, minion="Jennie"),
    C.Diablerize(seat=0, minion="Anson", victim="Cardano", discipline="Fortitude", trophy="Trophy: Library"),
    C.Action(seat=0, minion=3, kind="diablerie", target=7, discipline=9),
    C.Action(seat=0, minion=3, kind="burn_imbued", target=7),
])
def test_new_commands_round_trip_as_json(cmd):
    assert C.parse_command(C.dump_command(cmd)) == cmd
    assert C.VERBS[cmd.type] is type(cmd)


def test_withdrawal_is_shown_pending_then_done_in_every_view(table):
    t = table(["Ann", "Ben", "Cid"], hand={"Ann": ["Deflection"]}, turn=("Ann", "unlock", 20))
    t.step("Ann", C.Withdraw)
    v = t.view("Cid")
    assert v.withdrawing == (0,) and v.withdrawn == () and not v.seats[0].ousted
    _round(t, "Ann", "Ben", "Cid")
    v = t.view("Ben")
    assert v.withdrawing == () and v.withdrawn == (0,) and v.seats[0].ousted   # out of the game
    assert v.scores == ("½", "0", "0") and v.active == 1 and v.phase == "unlock"
    assert v.seats[2].prey == 1 and v.seats[1].predator == 2
    assert not v.game_over and v.ended_by is None
    back = wire.view_from_wire(wire.view_to_wire(v))
    assert (back.withdrawn, back.scores) == (v.withdrawn, v.scores)


def test_withdrawal_refusals_say_why(table):
    t = table(["Ann", "Ben"], hand={"Ann": ["Deflection"]}, library={"Ann": ["Deflection"]},
              turn=("Ann", "unlock", 20))
    with pytest.raises(Illegal, match="library"):
        t.step("Ann", C.Withdraw)
    t = table(["Ann", "Ben"], hand={"Ann": ["Deflection"]}, turn=("Ann", "minion", 20))
    with pytest.raises(Illegal, match="unlock phase"):
        t.step("Ann", C.Withdraw)


def test_a_larger_hand_size_counts_for_withdrawal(table):
    """Seven cards are a full hand, but not with Chavi ready ("you get +1 hand size")."""
    seven = ["Deflection"] * 7
    t = table(["Ann", "Ben"], hand={"Ann": seven}, turn=("Ann", "unlock", 20))
    with pytest.raises(Illegal, match="full hand"):
        t.step("Ann", C.Withdraw)
    t = table(["Ann", "Ben"], hand={"Ann": seven}, ready={"Ann": [("Chavi Oraczko", 3)]},
              turn=("Ann", "unlock", 20))
    t.step("Ann", C.Withdraw)
    assert t.game.state.withdrawing == {0}


def test_the_hand_counted_is_the_one_the_turn_began_with(table):
    """The engine keeps the hand the active Methuselah began her turn with: that is the one compared."""
    t = table(["Ann", "Ben"], hand={"Ann": ["Deflection"] * 7}, turn=("Ann", "unlock", 20))
    assert t.game.state.turn_hand == (0, 7)
    with pytest.raises(Illegal, match="began the turn with 7"):
        t.step("Ann", C.Withdraw)


def test_withdrawal_can_be_taken_back_and_replays(table):
    t = table(["Ann", "Ben"], hand={"Ann": ["Deflection"]}, turn=("Ann", "unlock", 20))
    t.step("Ann", C.Withdraw)
    t.step("Ann", C.Undo)
    assert t.game.state.withdrawing == frozenset()
    t.step("Ann", C.Withdraw)
    _round(t, "Ann", "Ben")
    again = t.game.replay()
    assert again.view_for(1) == t.game.view_for(1)
    assert again.state.seats[0].vp == 0.5 and again.state.seats[1].vp == 1   # last standing: 1, no oust


def test_time_out_ends_the_game_with_halves(table):
    t = table(["Ann", "Ben", "Cid"], ready={"Ann": [("Anson", 3)]}, turn=("Ann", "minion", 20))
    t.step("Ann", C.Action, minion="Anson", kind="bleed")
    t.step("Cid", C.TimeOut)         # any seat, even in the middle of an action
    r = t.game.result()
    assert r.over and r.vps == (0.5, 0.5, 0.5) and r.winner is None
    v = t.view("Ben")
    assert v.game_over and v.ended_by == "time_out" and v.scores == ("½", "½", "½")
    assert v.action is None and v.window == "minion"
    with pytest.raises(Illegal, match="game is over"):
        t.step("Ann", C.EndPhase)
    with pytest.raises(Illegal, match="game is over"):
        t.step("Ann", C.Move, card="Anson", to="torpor")


def test_concede_rewards_the_predator(table):
    t = table(["Ann", "Ben", "Cid"], pool={"Ann": 10, "Ben": 12, "Cid": 8}, turn=("Ann", "master", 20))
    t.step("Ben", C.Concede)
    st = t.game.state
    assert [s.vp for s in st.seats] == [1, 0, 0] and st.seats[0].pool == 16 and st.seats[1].ousted
    assert st.prey(0) == 2
    assert "Ann gains 1 victory point and 6 pool for ousting Ben." in t.game.log_lines()


def test_diablerie_choice_of_a_discipline_is_checked_when_announced(table):
    t = table(["Ann", "Ben"], ready={"Ann": [("Tamoszius", 2)]}, hand={"Ann": ["Fortitude", "Presence"]},
              torpor={"Ben": [("Cardano", 1)]}, turn=("Ann", "minion", 7))
    with pytest.raises(Illegal, match="superior"):
        t.step("Ann", C.Action, minion="Tamoszius", kind="diablerie", target="Cardano", discipline="Presence")
    with pytest.raises(Illegal, match="not a master trophy"):
        t.step("Ann", C.Action, minion="Tamoszius", kind="diablerie", target="Cardano", trophy="Fortitude")
    t.step("Ann", C.Action, minion="Tamoszius", kind="diablerie", target="Cardano", discipline="Fortitude")
    t.step("Ben", C.DeclineBlock)
    t.step("Ann", C.Resolve)
    st = t.game.state
    fort = next(i for i, c in st.cards.items() if t.game.db[c.cid].name == "Fortitude")
    tam = next(i for i, c in st.cards.items() if t.game.db[c.cid].name == "Tamoszius")
    assert st.cards[fort].host == tam
    ctx_level = __import__("vtes_desktop.engine.context", fromlist=["Ctx"]).Ctx(t.game, st)
    assert ctx_level.discipline_level(st.cards[tam], "for") == 1
    assert t.view("Ann").tally is not None     # then the blood hunt


def test_withdraw_and_time_out_are_scenario_verbs():
    from vtes_desktop.scenario.loader import VERB_FIELDS

    assert {"withdraw", "time_out", "leave_incapacitated"} <= set(VERB_FIELDS)
    assert {"discipline", "trophy"} <= VERB_FIELDS["diablerize"] & VERB_FIELDS["action"]


@pytest.mark.parametrize("card, trigram", [("Fortitude", "for"), ("Dominate", "dom")])
def test_both_wordings_of_master_discipline_cards_add_a_level(table, card, trigram):
    """"gains 1 level of Fortitude [for]" and "gets +1 level of Dominate [dom]" both count."""
    from vtes_desktop.engine.context import Ctx

    t = table(["Ann", "Ben"], ready={"Ann": [("Tamoszius", 2)]}, hand={"Ann": [card]},
              torpor={"Ben": [("Cardano", 1)]}, turn=("Ann", "minion", 7))
    t.step("Ann", C.Action, minion="Tamoszius", kind="diablerie", target="Cardano", discipline=card)
    t.step("Ben", C.DeclineBlock)
    t.step("Ann", C.Resolve)
    st = t.game.state
    tam = next(i for i, c in st.cards.items() if t.game.db[c.cid].name == "Tamoszius")
    assert Ctx(t.game, st).discipline_level(st.cards[tam], trigram) == 1
