"""The attached family: every reading it gives over the card list has engine code behind it
(engine/effects_attached.py), and what it claims never belongs to another family."""

from vtes_desktop.cards.db import load_db
from vtes_desktop.cards.grammar import compile_rules
from vtes_desktop.cards.grammar.auto_attached import claims, reading
from vtes_desktop.engine import effects_attached

from support import check_family


def test_every_reading_has_a_handler_and_every_claimed_clause_is_this_familys_alone():
    check_family(reading, claims, effects_attached.HANDLED, "auto_attached")


_DEEP_COVER = """
title: Deep Cover Agent shows its player the host's controller's hand in their unlock phase
source: "card text of Deep Cover Agent"
table:
  - player: Ann
    pool: 20
    ready:
      - {card: Banjoko, blood: 4}
    hand: [Deep Cover Agent]
    library: [Dodge, Dodge, Dodge, Dodge, Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Sully, blood: 3}
    hand: [Blood Bond]
    library: [Dodge, Dodge, Dodge, Dodge, Dodge]
turn: {player: Ann, phase: minion, number: 5}
steps:
  - {by: Ann, do: action, minion: Banjoko, kind: card, card: Deep Cover Agent, target: Sully}
  - {by: Ben, do: decline_block}
  - {by: Ann, do: finish}
"""


def test_deep_cover_agent_shows_the_hand_to_its_player_alone(tmp_path):
    from vtes_desktop.engine import commands as C
    from vtes_desktop.scenario.loader import load
    from vtes_desktop.scenario.runner import build_game, run_scenario

    db = load_db()
    path = tmp_path / "deep_cover.yaml"
    path.write_text(_DEEP_COVER)
    sc = load(path, db)
    assert run_scenario(sc, db).passed
    game = build_game(sc, db)
    from vtes_desktop.scenario.runner import to_command

    for step in sc.steps:
        game.apply(to_command(step, sc.players.index(step.by), sc.players))
    events = []
    for seat in (0, 0, 0, 1, 1, 1, 1, 1):   # Ann's minion, influence, discard; Ben's five phases: Ann's unlock
        events += game.apply(C.EndPhase(seat=seat))
    looks = [e for e in events if e.kind == "look"]
    assert looks and looks[0].seen_by == frozenset({0}) and "Blood Bond" in looks[0].text


def test_cards_put_on_a_minion_are_automated():
    """A few cards whose every clause this family (with the core) resolves; each has a scenario in 1760-1809 or
    2030-2069."""
    db = load_db()
    names = ["Blood Bond", "Haunting, The", "Kaymakli Barrier", "Restructure", "Madman's Quill", "Sleep Unseen",
             "Under My Skin", "Total Insanity", "Soul Painting", "Safe Passage", "Tattoo Signal", "Loup",
             "Propaganda of the Deed", "Darksight", "Prison of the Mind", "Psychic Projection", "Blood of the Sabbat",
             "Akunanse Kholo", "Martial Ritus", "Go Anarch", "Tainted Vitae", "Melange", "Consecration Rites",
             "Deep Cover Agent", "Defender of the Haven", "Masai Blood Milk", "Vendetta", "Fantasy World",
             "Fleshcraft", "Withering", "Creeping Infection", "Under Siege", "Illusory Resources", "Emergency Powers",
             "Slaughtering the Herd", "Wise Spider", "Chill of Oblivion", "Fire Dance", "CrimethInc.",
             "Blood of Sandman", "Black Metamorphosis", "Wall of Filth", "Frozen Object", "Travelers Obey the Tenets",
             "Chronicle of the Lost Tribe", "Salt of Thoth", "Dogged Pursuit", "Monstrous Form", "Dance of the Dead"]
    by_name = {c.name: c for c in db.library}
    off = [n for n in names if not compile_rules(by_name[n]).automated]
    assert not off, off
