"""The rules assist beside the scenarios: lights and drop targets, the table setting, stops, explanations,
the influence helper, the last call and the screenshot after N steps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from assist_helpers import open_scenario, play, texts  # noqa: E402
from table_support import card_named, drag, make_game, viewport_point  # noqa: E402

from vtes_desktop.engine import commands as C  # noqa: E402


def _minion_phase(db):
    return make_game(db, ["Sarah", "Marcus"], ready={"Sarah": [("Colette", 4), ("Anson", 5)]},
                     hand={"Sarah": [".44 Magnum", "Dodge"]}, library={"Sarah": ["Dodge"] * 4})


# -- lights -------------------------------------------------------------------------------------------

def test_playable_cards_are_lit_with_their_minions_and_the_others_say_why(table, db):
    win = table(_minion_phase(db))
    magnum = card_named(win, ".44 Magnum", region="hand")
    dodge = card_named(win, "Dodge", region="hand")
    assert magnum.lit and "Equip .44 Magnum with Colette" in magnum.toolTip()
    assert dodge.dim and "Dodge can be played only during combat" in dodge.toolTip()
    colette, anson = card_named(win, "Colette"), card_named(win, "Anson")
    assert not colette.target
    win.scene.hover_card(magnum)                       # the minions that can play it light up
    assert colette.target and anson.target
    win.scene.hover_card(None)
    assert not colette.target
    win.scene.light_targets(magnum.source())           # as when the drag starts
    assert colette.target and anson.target
    win.scene.light_targets(None)


def test_minions_that_can_act_glow_and_their_menu_gives_stealth_cost_and_target(table, db):
    from assist_helpers import menu_offers

    win = table(_minion_phase(db))
    colette = card_named(win, "Colette")
    assert colette.glow and "Bleed with Colette" in colette.toolTip()
    labels = [o.label for o in menu_offers(win, colette)]
    bleed = next(t for t in labels if t.startswith("Bleed with Colette"))
    assert bleed == "Bleed with Colette\tat Marcus, stealth 0, bleed 1, directed, no cost"
    equip = next(t for t in labels if t.startswith("Equip .44 Magnum with Colette"))
    assert "stealth" in equip and "costs 2 pool" in equip


def test_in_the_influence_phase_a_pool_drag_lights_the_vampires_that_can_take_it(table, db):
    game = make_game(db, ["Nora", "Alexis"], uncontrolled={"Nora": [("Alexa Draper", 2)]},
                     turn=("Nora", "influence", 9))
    win = table(game)
    from vtes_desktop.ui.table.gestures import Source
    from vtes_desktop.ui.table.scene_constants import KIND_POOL

    alexa = card_named(win, "Alexa Draper")
    win.scene.light_targets(Source(kind=KIND_POOL, seat=0))
    assert alexa.target
    assert alexa.glow and "Transfer 1 pool to Alexa Draper" in alexa.toolTip()


# -- the table setting --------------------------------------------------------------------------------

def test_assist_off_lights_nothing_and_previews_nothing_but_the_rules_still_hold(table, db):
    win = table(_minion_phase(db))
    win.set_assist_mode("off")
    assert not any(it.lit or it.dim or it.glow for it in win.scene.cards.values())
    colette = card_named(win, "Colette")
    win.submit_all([C.Action(seat=0, minion=colette.vid, kind="bleed")])
    assert win.assist_panel.action.isVisible()
    assert "If everyone passes now" not in texts(win.assist_panel.action)
    dodge = card_named(win, "Dodge", region="hand")
    drag(win, dodge.source(), viewport_point(win, card_named(win, "Anson")))
    assert win.view.last_refusal and "Dodge" in win.view.last_refusal         # the engine still refuses
    assert isinstance(win.session.game.entries[-1].cmd, C.Action)
    win.set_assist_mode("enforced")
    assert "If everyone passes now" in texts(win.assist_panel.action)


def test_manual_setting_turns_a_refused_gesture_into_a_manual_move_and_keeps_the_lights(table, db):
    win = table(_minion_phase(db))
    win.set_assist_mode("manual")
    assert card_named(win, ".44 Magnum", region="hand").lit
    dodge = card_named(win, "Dodge", region="hand")
    drag(win, dodge.source(), viewport_point(win, card_named(win, "Anson")))
    cmd = win.session.game.entries[-1].cmd
    assert isinstance(cmd, C.Move) and cmd.manual
    assert any("(by hand)" in t for t in win.log_panel.visible_texts())


# -- stops and automatic passes --------------------------------------------------------------------------

def _bleed_table(db):
    return make_game(db, ["Ann", "Ben", "Cat"], ready={"Ann": [("Colette", 4)], "Cat": [("Ayelech", 4)]},
                     hand={"Ann": ["Dodge"], "Ben": ["Dodge"], "Cat": ["Dodge"]},
                     library={"Ann": ["Dodge"] * 3, "Ben": ["Dodge"] * 3, "Cat": ["Dodge"] * 3})


def test_a_stop_keeps_a_seat_from_passing_by_itself(table, db):
    win = table(_bleed_table(db), hotseat=True)
    win.stops.set("Ben", "action_announced", True)
    colette = card_named(win, "Colette", region="ready")
    win.submit_all([C.Action(seat=0, minion=colette.vid, kind="bleed")])
    s = win.session
    # Ann passes by herself; Ben, with nothing to play, waits at his stop
    assert s.seat == 1 and s.view.window == "action_announced" and s.view.impulse == 1
    assert win.assist_panel.stop_here.isChecked()
    win.assist_panel.stop_here.setChecked(False)        # "Stop Ben at ..." unticked from the dock
    assert not win.stops.has("Ben", "action_announced")
    assert win.assist.stops == {}


def test_without_a_stop_the_seat_passes_and_the_bleed_lands(table, db):
    win = table(_bleed_table(db), hotseat=True)
    colette = card_named(win, "Colette", region="ready")
    win.submit_all([C.Action(seat=0, minion=colette.vid, kind="bleed")])
    assert win.session.view.seats[1].pool == 29


def test_a_seat_with_votes_left_is_never_passed_for(table, db, shared):
    win, sc = open_scenario(table, db, shared, "09-referendum-tie-fails.yaml", auto_pass=True)
    play(win, sc, upto=2)      # Marcus declines; the others pass by themselves: the action succeeds, polling opens
    s = win.session
    assert s.view.window == "polling" and s.seat == 0 and s.view.impulse == 0
    assert s.is_auto_passable(0) is False               # Belinde's 2 votes are still to cast


def test_passing_by_itself_reads_only_the_seats_own_cards(db):
    """The same position but another hand across the table: the same decision."""
    from vtes_desktop.ui.table.session import LocalSession

    def decide(marcus_hand):
        g = make_game(db, ["Sarah", "Marcus"], ready={"Sarah": [("Colette", 4)], "Marcus": [("Ayelech", 4)]},
                      hand={"Sarah": ["Dodge"], "Marcus": marcus_hand}, library={"Sarah": ["Dodge"] * 3})
        g.apply(C.Action(seat=0, minion="Colette", kind="bleed"))
        s = LocalSession(g, hotseat=False, auto_pass=False)
        return s.is_auto_passable(0)
    assert decide(["Dodge"]) == decide(["Deflection", "Enhanced Senses"])


# -- explanations ---------------------------------------------------------------------------------------

def test_every_rule_the_engine_refuses_with_has_an_explanation():
    from vtes_desktop.ui.table.explanations import RULES

    src = "".join(p.read_text() for p in Path(__import__("vtes_desktop.engine", fromlist=["x"]).__file__)
                  .parent.glob("*.py"))
    rules = set(re.findall(r'Illegal\("([^"]+)"', src))
    assert rules and not rules - set(RULES), sorted(rules - set(RULES))


def test_a_refusal_opens_its_explanation_with_the_cards_rulings(table, db):
    win = table(_minion_phase(db))
    magnum = card_named(win, ".44 Magnum", region="hand")
    colette = card_named(win, "Colette")
    win.submit_all([C.Action(seat=0, minion=colette.vid, kind="bleed")])
    assert not win.why_button.isEnabled()
    drag(win, magnum.source(), viewport_point(win, card_named(win, "Anson")))
    assert win.why_button.isEnabled()
    win.why_button.click()
    e = win.explanation.explanation
    assert e.rule and e.said and e.text
    assert any(card == ".44 Magnum" and "one maneuver each combat" in text for card, text, _refs in e.rulings)
    assert "VEKN rulings" in win.explanation.text.toHtml()


def test_a_log_line_opens_the_rule_it_follows(table, db):
    from vtes_desktop.ui.table.log_panel import ROLE_LINE

    win = table(_minion_phase(db))
    colette = card_named(win, "Colette")
    win.submit_all([C.Action(seat=0, minion=colette.vid, kind="bleed")])
    tree = win.log_panel.tree
    item = next(tree.topLevelItem(0).child(i) for i in range(tree.topLevelItem(0).childCount())
                if "bleeds Marcus" in tree.topLevelItem(0).child(i).text(0))
    win._log_menu(tree.visualItemRect(item).center())
    explain = next(a for a in win.last_log_menu.actions() if a.text().startswith("Explain"))
    explain.trigger()
    e = win.explanation.explanation
    assert item.data(0, ROLE_LINE).kind == "action" and e.title == "Actions" and "bleeds Marcus" in e.said


def test_a_dimmed_card_says_why_from_its_menu(table, db):
    win = table(_minion_phase(db))
    dodge = card_named(win, "Dodge", region="hand")
    menu = win.view.menu_at(dodge.mapToScene(dodge.boundingRect().center()))
    why = next(a for a in menu.actions() if a.text().startswith("Why not?"))
    why.trigger()
    assert win.explanation.explanation.title == "When a card can be played"


# -- influence ---------------------------------------------------------------------------------------------

def test_the_influence_helper_plays_scenario_06(table, db, shared):
    win, sc = open_scenario(table, db, shared, "06-influence-phase.yaml")
    h = win.assist_panel.influence

    def four(w):
        assert h.isVisible() and h.pips.left == 4 and h.badge.text() == "4 transfers left"
        t = texts(h)
        assert "Alexa Draper \u2014 6 blood, capacity 8" in t
        assert "Give 1 blood: 1 transfer and 1 pool \u00b7 Take back 1 blood: 2 transfers and gives 1 pool" in t
        assert not [b for b in h.buttons() if b.objectName() == "influence"]     # nobody can come in yet

    def two(w):
        assert h.pips.left == 2

    def ready(w):
        assert h.pips.left == 0 and "CAN COME INTO PLAY NOW" in texts(h)
        assert [b.text() for b in h.buttons() if b.objectName() == "influence"] == \
            ["Influence Alexa Draper into play"]

    play(win, sc, before={1: four, 5: ready}, after={2: two})


# -- the last call -------------------------------------------------------------------------------------------

def test_the_last_call_closes_polling_after_a_countdown_that_each_vote_restarts(table, db, shared):
    win, sc = open_scenario(table, db, shared, "09-referendum-tie-fails.yaml")
    r = win.assist_panel.referendum
    play(win, sc, upto=3)
    r.last_call.setChecked(True)
    assert win.assist.last_call and r.countdown.text() == "Polling closes in 8 s"
    for _ in range(5):
        r._tick()
    assert r.countdown.text() == "Polling closes in 3 s"
    play(win, sc, start=3, upto=4)                       # Sarah's first vote
    assert r.countdown.text() == "Polling closes in 8 s"  # a vote restarts it
    for _ in range(8):
        r._tick()
    v = win.session.view
    assert v.tally is None and r.result_text.startswith("The referendum passes, 1 for and 0 against")


# -- the screenshot after N steps -----------------------------------------------------------------------------

def test_table_screenshot_after_n_steps(tmp_path, shared):
    from vtes_desktop.cli import main

    out = tmp_path / "ref.png"
    rc = main(["table", "--open", str(shared / "scenarios" / "09-referendum-tie-fails.yaml"), "--after-step", "8",
               "--seat", "Marcus", "--size", "1400x900", "--screenshot", str(out)])
    assert rc == 0 and out.is_file()
    from PySide6.QtGui import QImage

    img = QImage(str(out))
    assert (img.width(), img.height()) == (1400, 900)


def test_a_preview_never_shows_the_card_a_fork_draws(table, db):
    """A fork shares the random generator: its draws are the real next cards, so a preview keeps only what
    every seat sees ("Sarah draws a card")."""
    game = make_game(db, ["Sarah", "Marcus"], ready={"Sarah": [("Colette", 4)]}, hand={"Sarah": [".44 Magnum"]},
                     library={"Sarah": ["Deflection", "Deflection"]})
    win = table(game)
    s = win.session
    equip = next(u.command for a in s.legal.cards.values() for u in a.uses if u.command.type == "action")
    t = s.trial()
    assert t.apply(equip) is None
    assert t.lines and not any("Deflection" in line for line in t.lines)
    assert any("draws" in line for line in t.lines)


def test_damage_outside_combat_is_read_and_previewed(table, db):
    win = table(_minion_phase(db))
    anson = card_named(win, "Anson")
    s = win.session
    # damage given by hand opens damage resolution, as a card's effect would: prevention first
    assert s.submit(C.Damage(seat=0, target=anson.vid, normal=2)) is None and s.view.damage
    c = win.assist_panel.combat
    assert c.isVisible() and c.title.text() == "Damage" and "Anson: 2 normal damage" in texts(c)
    assert "If nothing more is prevented: Anson burns 2 blood." in texts(c)
    assert win.assist_panel.pass_button.text() == "Take the damage"
