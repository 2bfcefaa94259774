"""The public scenarios 03, 08 and 09 played in the table window through what the rules assist lights up.

Every step is a click on something the window offers now (a button of the
"Under way" dock, an entry of its menus, a minion's context menu): no
command is built by hand. The scenario's own step is turned into a command
only to recognise which offer means it. At each step every lit element must
be labelled and the pass button must say what passing means; the panels are
checked for what a player needs to read at that moment, and the scenario's
expectations are checked against the game at the end.
"""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from assist_helpers import menu_offers, open_scenario as _open, play as _play, texts as _texts  # noqa: E402
from table_support import card_named  # noqa: E402


def test_scenario_03_the_wauneka_hunt_block(table, db, shared):
    win, sc = _open(table, db, shared, "03-hunt-blocked-by-predator.yaml")
    dock = win.assist_panel

    def start(w):
        wauneka = card_named(w, "Wauneka", region="ready")
        assert "Hunt with Wauneka" in wauneka.toolTip()
        texts = [o.label for o in menu_offers(w, wauneka)]
        hunt = next(t for t in texts if t.startswith("Hunt with Wauneka"))
        assert "stealth 1" in hunt and "undirected" in hunt and "no cost" in hunt
        assert dock.now.isVisible() and "MINIONS THAT CAN ACT" in _texts(dock.now)

    def alexis_may_block(w):
        a = _texts(dock.action)
        assert dock.action.isVisible() and "Wauneka hunts" in a and "Undirected" in a
        assert "1. Alexis \u2014 may block" in a and "2. Marcus \u2014 may block" in a
        assert dock.action.meter.stealth == 1 and dock.action.meter.intercept == 0
        assert {b.text() for b in dock.action.buttons()} >= {"Block with Colette", "No block"}
        assert dock.pass_button.text() == "Not yet"

    def marcus_may_block(w):
        es = card_named(w, "Enhanced Senses", region="hand")
        assert es.dim and "intercept can only be added by a blocking minion" in es.toolTip()
        assert "Block with Ayelech" in {b.text() for b in dock.action.buttons()}
        assert "1. Alexis \u2014 declined" in _texts(dock.action)

    def attempt(w):
        a = _texts(dock.action)
        assert "Ayelech is trying to block" in a
        assert "If everyone passes now: Ayelech fails to block" in a        # the engine's judgement on a fork
        assert dock.action.badge.text() == "Block attempt"

    def marcus_adds_intercept(w):
        es = card_named(w, "Enhanced Senses", region="hand")
        assert es.lit and "Play Enhanced Senses (basic) with Ayelech" in es.toolTip()
        w.scene.hover_card(es)                                               # its minion lights up
        assert card_named(w, "Ayelech").target
        w.scene.hover_card(None)
        assert dock.pass_button.text() == "No more intercept"

    def blocked_soon(w):
        assert dock.action.meter.intercept == 1
        assert "If everyone passes now: Ayelech blocks Wauneka." in _texts(dock.action)

    def combat(w):
        assert dock.combat.isVisible() and dock.combat.timeline.current == "before_range"
        assert dock.combat.timeline.steps["before_range"].property("step") == "now"
        assert "blocked by Ayelech" in _texts(dock.action)                   # the action shrinks to one line

    said = _play(win, sc, before={1: start, 2: alexis_may_block, 3: marcus_may_block, 5: marcus_adds_intercept},
                 after={3: attempt, 5: blocked_soon, 6: combat})
    assert [label for _k, label, _w in said][:3] == ["Hunt with Wauneka\tstealth 1, undirected, no cost", "No block",
                                                     "Block with Ayelech"]
    assert said[3][1] == "Nothing to play"                                   # Alexis passes the block attempt


def test_scenario_08_the_range_example(table, db, shared):
    win, sc = _open(table, db, shared, "08-range-and-maneuvers.yaml")
    dock = win.assist_panel
    c = dock.combat

    def range_opens(w):
        assert c.isVisible() and c.timeline.current == "range" and c.badge.text() == "Range"
        assert "Close range (combat starts at close range; maneuvers change it)." in _texts(c)

    def marcus_maneuvers(w):
        labels = {b.text() for b in c.buttons()}
        assert "Maneuver with Ayelech using .44 Magnum" in labels
        assert dock.pass_button.text() == "No maneuver"

    def long_range(w):
        t = _texts(c)
        assert "Long range. Ayelech maneuvers to long range with .44 Magnum." in t
        assert "Ayelech: .44 Magnum \u2014 2 damage, ranged (chosen with its maneuver)" in t

    def twice(w):   # Marcus, on show, is not offered a second maneuver in a row: the card says why
        motm = card_named(w, "Movement of the Mind", region="hand")
        assert motm.dim and "cannot maneuver twice in a row" in motm.toolTip()

    def sarah_answers(w):
        swallowed = card_named(w, "Swallowed by the Night", region="hand")
        assert swallowed.lit
        assert "Maneuver with Colette using Swallowed by the Night (superior)" in {b.text().replace("\n", " ")
                                                                                 for b in c.buttons()}

    def strikes(w):
        assert c.timeline.current == "strike" and dock.pass_button.text() == "No strike"
        assert "Hand strike with Colette" in {b.text() for b in c.buttons()}

    def damage(w):
        t = _texts(c)
        assert c.timeline.current == "damage" and c.badge.text() == "Damage"
        assert "Colette: 2 normal damage; nothing prevented yet" in t and "Ayelech: no damage" in t
        assert "If nothing more is prevented: Colette burns 2 blood." in t   # resolved on a fork
        assert dock.pass_button.text() == "Take the damage"

    said = _play(win, sc, before={6: marcus_maneuvers, 7: twice, 8: sarah_answers, 13: strikes},
                 after={4: range_opens, 6: long_range, 13: damage})
    passes = {k: w for k, _label, w in said}
    assert passes[5] == "No maneuver" and passes[10] == "No maneuver" and passes[11] == "No maneuver"
    assert not c.isVisible()                                                 # combat is over


def test_scenario_09_the_tie_referendum(table, db, shared):
    win, sc = _open(table, db, shared, "09-referendum-tie-fails.yaml")
    dock = win.assist_panel
    r = dock.referendum

    def polling(w):
        t = _texts(r)
        assert r.isVisible() and r.badge.text() == "Polling"
        assert "Ancilla Empowerment, called by Belinde (Sarah)" in t
        assert "Sarah: Belinde 2, Ancilla Empowerment 1" in t
        assert "Marcus: Chrysanthemum 1, the Edge 1, a political action card from hand 1" in t
        assert dock.pass_button.text() == "No more votes"

    def sarah_votes(w):
        names = {b.objectName() for b in r.buttons()}
        assert {"for_Belinde", "against_Belinde", "for_Ancilla Empowerment"} <= names

    def marcus_votes(w):
        names = {b.objectName() for b in r.buttons()}
        assert {"against_Chrysanthemum", "against_the Edge", "against_Kine Resources Contested (from hand)",
                "against_Consanguineous Boon (from hand)"} <= names

    def tie(w):
        t = _texts(r)
        assert "3 for, 3 against: as it stands it fails (a tie)." in t
        assert "Against: Marcus \u2014 Chrysanthemum 1, the Edge 1, Kine Resources Contested 1" in t
        assert r.bar.total_for == 3 and r.bar.total_against == 3

    def no_second_card(w):   # Marcus has used his vote from a political action card: the second is dimmed
        tie(w)
        assert "against_Consanguineous Boon (from hand)" not in {b.objectName() for b in r.buttons()}
        boon = card_named(w, "Consanguineous Boon", region="hand")
        assert boon.dim and "at most 1 vote from political action cards" in boon.toolTip()

    def closed(w):
        assert r.isVisible() and r.result_text == "The referendum fails, 3 for and 3 against."

    _play(win, sc, before={4: sarah_votes, 6: marcus_votes, 9: no_second_card}, after={3: polling, 8: tie, 10: closed})
