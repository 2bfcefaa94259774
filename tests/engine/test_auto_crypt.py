"""Crypt cards' special abilities: how the grammar reads them (`cards/grammar/crypt.py`) and that the engine
(`engine/effects_crypt.py`) knows every condition a reading can carry."""

from __future__ import annotations

import pytest

from vtes_desktop.cards.db import load_db
from vtes_desktop.cards.grammar import compile_rules
from vtes_desktop.cards.grammar.crypt import engine_reads, minion_classes, own_grant, stat_readings
from vtes_desktop.engine import effects_crypt


@pytest.fixture(scope="module")
def db():
    return load_db()


def _readings(db, name):
    r = compile_rules(db.lookup(name, crypt=True))
    return [x for e in r.abilities for x in stat_readings(e)]


@pytest.mark.parametrize("name, expected", [
    ("Jost Werner", [("stealth", 1, ())]),
    ("Zöe", [("stealth", -1, (("act", ("hunt",)),))]),
    ("Royce", [("stealth", -1, (("act", ("bleed",)),))]),
    ("Martina Srnankova", [("intercept", 1, (("act", ("bleed",)),))]),
    ("Constanza Vinti", [("bleed", 2, (("act", ("bleed",)), ("target_controls", (("vampire", "clan:ventrue"),), True)))]),
    ("Martin Franckel", [("bleed", -1, (("act", ("bleed",)), ("target_controls", (("vampire", "clan:tremere"),
                                                                                  ("vampire", "clan:tremere antitribu")),
                                                               False)))]),
    ("Rake", [("strength", 1, (("opponent", (("vampire", "clan:ventrue"),)),))]),
    ("Lisa Noble", [("strength", -1, (("round", "first"),))]),
    ("Branimira", [("intercept", 1, (("pool_le", 9),))]),
    ("Andrea Giovanni", [("stealth", 1, (("card_disc", "nec"),))]),
    ("Castellan", [("intercept", 1, (("directed", True),)), ("intercept", -1, (("directed", False),))]),
    ("Delilah Monroe", [("intercept", -1, (("opponent", (("vampire", "older"),)),))]),
    ("Lucita", [("foe_intercept", -1, (("opponent", (("vampire", "sect:sabbat", "younger"),)),))]),
    ("Basil", [("foe_strength", 1, (("opponent", (("vampire", "older"),)),))]),
    ("Amenophobis", [("bleed", 1, (("act", ("bleed",)), ("target_edge",)))]),
    ("Shasa Abu Badr", [("bleed", 1, (("act", ("bleed",)), ("card_disc", "pre")))]),
    ("Antonio Veradas", [("stealth", 1, (("act", ("equip",)), ("card_kw", "weapon")))]),
    ("Queen Anne", [("bleed", 1, (("act", ("bleed",)), ("target_controls", (("vampire", "clan:tremere"),), True))),
                    ("bleed", 1, ())]),
])
def test_stat_readings(db, name, expected):
    assert _readings(db, name) == expected


def test_abilities_the_engine_already_reads_are_not_counted_twice(db):
    r = compile_rules(db.lookup("Queen Anne", crypt=True))
    plain = [e for e in r.abilities if e.text.strip() == "+1 bleed."]
    assert plain and all(engine_reads(e, x) for e in plain for x in stat_readings(e))
    # a "while" sentence is not the engine's plain "+1 intercept": the crypt reading counts it
    b = compile_rules(db.lookup("Branimira", crypt=True)).abilities[0]
    assert not engine_reads(b, stat_readings(b)[0])


def test_unread_conditions_stay_manual(db):
    # "+1 bleed for each unique hunting ground in play": a count the reading does not take
    r = compile_rules(db.lookup("Santaleous", crypt=True))
    e = next(e for e in r.abilities if "hunting ground" in e.text)
    assert stat_readings(e) == () and not e.automated


def test_minion_classes():
    assert minion_classes("a ready Ventrue") == (("vampire", "clan:ventrue"),)
    assert minion_classes("Lasombra and Tzimisce") == (("vampire", "clan:lasombra"), ("vampire", "clan:tzimisce"))
    assert minion_classes("an ally or a younger vampire") == (("ally",), ("vampire", "younger"))
    assert minion_classes("titled vampires") == (("vampire", "title:titled"),)
    assert minion_classes("a werewolf") is None


def test_own_grants(db):
    a = compile_rules(db.lookup("Abaddon", crypt=True))
    assert sorted(own_grant(e) for e in a.abilities) == ["maneuver", "press"]
    assert all(e.automated for e in a.abilities)
    # a maneuver only on the first round is not the once-each-combat one the engine offers
    j = compile_rules(db.lookup('Jack "Hannibal137" Harmon', crypt=True))
    assert all(own_grant(e) is None for e in j.abilities)


_KNOWN = {"act", "not_act", "directed", "card_disc", "target_controls", "prey_controls", "other_mine", "pool_le",
          "opponent", "round", "prey_pool_le", "edge_mine", "target_edge", "prey_controls_not", "locations", "card_kw", "edge_vote", "untitled", "named_ready",
          "per_ready_titled_of_others", "target_type", "target_mine"}
_TAGS = ("vampire", "ally", "minion", "older", "younger", "untitled", "red list", "infernal")
_PREFIXES = ("clan:", "sect:", "not sect:", "title:", "capacity<=", "capacity>=")


def test_every_automated_reading_is_one_the_engine_checks(db):
    """An ability marked automated carries only conditions and classes `effects_crypt` evaluates."""
    n = 0
    for c in db.crypt:
        for e in compile_rules(c).abilities:
            if not e.automated:
                continue
            for stat, amount, conds in stat_readings(e):
                n += 1
                assert stat in ("stealth", "bleed", "hunt", "intercept", "strength", "votes", "foe_intercept",
                                "foe_strength"), (c.display, stat)
                for cond in conds:
                    assert cond[0] in _KNOWN, (c.display, cond)
                    if cond[0] in ("target_controls", "prey_controls", "other_mine", "opponent", "target_mine"):
                        for cls in cond[1]:
                            assert all(t in _TAGS or t.startswith(_PREFIXES) for t in cls), (c.display, cls)
    assert n > 400
    assert callable(effects_crypt.stealth_bonus)


def _first(db, name, reader):
    r = compile_rules(db.lookup(name, crypt=True))
    return next((x for e in r.abilities for x in (reader(e),) if x), None)


def test_use_and_action_readings(db):
    from vtes_desktop.cards.grammar import crypt

    assert _first(db, "Persia, The Beautiful Statue", crypt.blood_for_stat) == (1, "intercept", 1, "action", ())
    assert _first(db, "Joseph O'Grady", crypt.blood_for_votes) == (1, 1, False)
    assert _first(db, "Lucinde, Alastor", crypt.edge_use) == ("unlock", "you", "blood", 1, False)
    assert _first(db, "Keith Moody", crypt.edge_use) == ("unlock", "prey", "burn_blood", 1, False)
    assert _first(db, "Nikolaus Vermeulen", crypt.unlock_move) == \
        (1, False, "from", "uncontrolled", (("vampire", "clan:nosferatu"),), True)
    assert _first(db, "François Villon", crypt.minion_action) == \
        ("steal", 2, (("vampire", "younger"),), 1, False, "any")
    assert _first(db, "Cybele", crypt.own_bleed) == ("prey", 2, 0, 1)
    assert _first(db, "Lucinde, Alastor", crypt.combat_action) == \
        ((("vampire", "not sect:camarilla"),), 0, False, "any")
    assert _first(db, "Kuyén", crypt.cost_reading) == (("kind", "animal"), "either", -1)
    assert _first(db, "Stanislava", crypt.block_reading) == ("not_by", (("ally",),))
    assert _first(db, "Howler", crypt.use_bar) == (("weapon",),)
    assert _first(db, "Anson", crypt.seat_readings) == (("mpa", 1, "ready"),)
    assert _first(db, "Alexandra", crypt.lock_other) == ("turn", True, (("vampire", "clan:toreador"),))
    assert _first(db, "Huitzilopochtli", crypt.mpa_for) == "pool"
    assert _first(db, "Marialena", crypt.when_blocked) == ("self", "blood", None)
    assert _first(db, "Mistress Fanchon", crypt.search_action) == "minion"


def test_a_sect_word_is_not_the_vampires_name(db):
    r = compile_rules(db.lookup("Anarch Convert", crypt=True))
    assert "you control Anarch" in r.abilities[0].text and r.abilities[0].automated


_ANTONIO = """
title: Antonio d'Erlette uses 4 transfers to put a mage ally from the library in play, its cost paid
source: "card text of Antonio d'Erlette"
table:
  - player: Ann
    pool: 20
    ready:
      - {card: "Antonio d'Erlette", blood: 4}
    library: [Dodge, Nephandus, Thadius Zho, Bonding]
  - player: Ben
turn: {player: Ann, phase: master, number: 9}
steps:
  - {by: Ann, do: use, card: "Antonio d'Erlette", effect: ally, minion: Nephandus, expect_error: "influence phase"}
  - {by: Ann, do: end_phase}
  - {by: Ann, do: end_phase, expect: [{phase: influence}]}
  - {by: Ann, do: use, card: "Antonio d'Erlette", effect: ally, minion: Dodge, expect_error: "mage ally"}
  - {by: Ann, do: use, card: "Antonio d'Erlette", effect: ally, minion: Thadius Zho, expect_error: "could not play"}
  - {by: Ann, do: use, card: "Antonio d'Erlette", effect: ally, minion: Nephandus}
expect:
  - {card: Nephandus, region: ready}
  - {card: Nephandus, life: 2}
  - {player: Ann, pool: 18, transfers: 0}
"""


def test_mage_ally_put_in_play_with_transfers(db, tmp_path):
    """Antonio d'Erlette's use (a scenario run through the engine)."""
    _plays(db, tmp_path, "antonio", _ANTONIO)


_TYLER = """
title: Tyler McGill gets a vote once a Methuselah has burned the Edge for a vote; Gerald Windham one for each ready titled vampire of the others
source: "card texts of Tyler McGill and Gerald Windham"
table:
  - player: Sarah
    ready:
      - {card: Tamoszius, blood: 4}
      - {card: Anson, blood: 3}
      - {card: Ayelech, blood: 3}
    hand: [Ancilla Empowerment]
    library: [Dodge, Dodge, Dodge]
  - player: Marcus
    ready:
      - {card: Tyler McGill, blood: 3}
      - {card: Gerald Windham, blood: 3}
turn: {player: Sarah, phase: minion, number: 7}
edge: Sarah
steps:
  - {by: Sarah, do: action, minion: Tamoszius, kind: political, card: Ancilla Empowerment}
  - {by: Marcus, do: decline_block}
  - {by: Sarah, do: resolve, expect: [{window: polling}]}
  - {by: Marcus, do: vote, side: against, with: Tyler McGill, expect_error: "no votes"}
  - {by: Sarah, do: vote, side: for, with: edge}
  - {by: Marcus, do: vote, side: against, with: Tyler McGill}
  - {by: Marcus, do: vote, side: against, with: Gerald Windham}
  - {by: Sarah, do: vote, side: for, with: Ancilla Empowerment}
  - {by: Sarah, do: resolve}
expect:
  - {referendum: failed, for: 2, against: 3}
"""


def test_votes_after_the_edge_and_per_titled_vampire(db, tmp_path):
    _plays(db, tmp_path, "tyler", _TYLER)


_UNNAMED = """
title: After The unnamed bleeds successfully, its Methuselah gains 2 pool, once
source: "card text of The unnamed"
table:
  - player: Ann
    pool: 20
    ready:
      - {card: The unnamed, blood: 4}
  - player: Ben
    pool: 20
    ready:
      - {card: Nassir, blood: 2, locked: true}
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: The unnamed, kind: bleed}
  - {by: Ann, do: use, card: The unnamed, effect: pool, expect_error: "successful bleed"}
  - {by: Ann, do: finish, expect: [{window: action_resolution}]}
  - {by: Ann, do: use, card: The unnamed, effect: pool, expect: [{player: Ann, pool: 22}]}
  - {by: Ann, do: use, card: The unnamed, effect: pool, expect_error: "already"}
expect:
  - {player: Ann, pool: 22}
  - {player: Ben, pool: 19}
"""


def test_gain_pool_after_a_successful_bleed(db, tmp_path):
    _plays(db, tmp_path, "unnamed", _UNNAMED)


_EDDIE = """
title: After his successful hunt, Eddie Gaines does not unlock in his Methuselah's next unlock phase
source: "card text of Eddie Gaines"
table:
  - player: Ann
    ready:
      - {card: Eddie Gaines, blood: 1}
      - {card: Sully, blood: 2}
  - player: Ben
    ready:
      - {card: Nassir, blood: 2, locked: true}
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Eddie Gaines, kind: hunt}
  - {by: Ann, do: finish}
  - {by: Ann, do: action, minion: Sully, kind: hunt}
  - {by: Ann, do: finish}
  - {by: Ann, do: end_phase}
  - {by: Ann, do: end_phase}
  - {by: Ann, do: end_phase}
  - {by: Ben, do: end_phase}
  - {by: Ben, do: end_phase}
  - {by: Ben, do: end_phase}
  - {by: Ben, do: end_phase}
  - {by: Ben, do: end_phase, expect: [{phase: unlock, player: Ann}]}
expect:
  - {card: Eddie Gaines, locked: true}
  - {card: Sully, locked: false}
"""


def test_no_unlock_after_a_successful_hunt(db, tmp_path):
    _plays(db, tmp_path, "eddie", _EDDIE)


_ENKIDU = """
title: Enkidu employs a retainer and unlocks at the end of the turn
source: "card text of Enkidu, The Noah"
table:
  - player: Ann
    ready:
      - {card: "Enkidu, The Noah", blood: 5}
    hand: [Raven Spy]
  - player: Ben
    ready:
      - {card: Nassir, blood: 2, locked: true}
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: "Enkidu, The Noah", kind: employ, card: Raven Spy, level: basic}
  - {by: Ann, do: finish, expect: [{card: "Enkidu, The Noah", locked: true}]}
  - {by: Ann, do: end_phase}
  - {by: Ann, do: end_phase}
  - {by: Ann, do: end_phase, expect: [{player: Ben, phase: unlock}]}
expect:
  - {card: Raven Spy, on: "Enkidu, The Noah"}
  - {card: "Enkidu, The Noah", locked: false}
"""


def test_unlock_at_the_end_of_the_turn_after_employing(db, tmp_path):
    _plays(db, tmp_path, "enkidu", _ENKIDU)


_MURAT = """
title: A Follower of Set in combat with Murat pays 2 blood for Cobra Fangs (1 blood) as a combat card requiring Serpentis
source: "card text of Murat"
table:
  - player: Ann
    ready:
      - {card: Murat, blood: 5}
  - player: Ben
    pool: 20
    ready:
      - {card: Hesha Ruhadze, blood: 6}
    hand: [Cobra Fangs]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Murat, kind: bleed}
  - {by: Ben, do: block, minion: Hesha Ruhadze}
  - {by: Ann, do: resolve}
  - {by: Ann, do: resolve}
  - {by: Ann, do: resolve}
  - {by: Ann, do: resolve, expect: [{window: strike}]}
  - {by: Ann, do: pass}
  - {by: Ben, do: strike, minion: Hesha Ruhadze, strike: Cobra Fangs, level: basic, expect: [{card: Hesha Ruhadze, blood: 4}]}
expect:
  - {card: Hesha Ruhadze, blood: 4}
"""


def test_foes_pay_more_for_combat_cards(db, tmp_path):
    _plays(db, tmp_path, "murat", _MURAT)


_FRONDATOR = """
title: Frondator rescues a vampire from torpor for 1 blood instead of 2
source: "card text of Frondator"
table:
  - player: Ann
    ready:
      - {card: Frondator, blood: 4}
    torpor:
      - {card: Sully, blood: 1}
  - player: Ben
    ready:
      - {card: Nassir, blood: 2, locked: true}
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Frondator, kind: rescue, target: Sully}
  - {by: Ann, do: finish}
expect:
  - {card: Sully, region: ready}
  - {card: Frondator, blood: 3}
  - {card: Sully, blood: 1}
"""


def test_cheaper_rescue(db, tmp_path):
    _plays(db, tmp_path, "frondator", _FRONDATOR)


_VIRI = """
title: With Zizi in her Methuselah's ready region, Viri's hand strike deals 2 damage
source: "card text of Viri"
table:
  - player: Ann
    ready:
      - {card: Viri, blood: 4}
      - {card: Zizi, blood: 2}
  - player: Ben
    pool: 20
    ready:
      - {card: Amelia Locke, blood: 5}
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Viri, kind: bleed}
  - {by: Ben, do: block, minion: Amelia Locke}
  - {by: Ann, do: resolve}
  - {by: Ann, do: resolve}
  - {by: Ann, do: resolve}
  - {by: Ann, do: resolve, expect: [{window: strike}]}
  - {by: Ann, do: strike, minion: Viri, strike: hand}
  - {by: Ben, do: pass}
  - {by: Ann, do: finish}
expect:
  - {card: Amelia Locke, blood: 3}
"""


def test_strength_while_a_named_vampire_is_ready(db, tmp_path):
    _plays(db, tmp_path, "viri", _VIRI)


_PALEOLOGUS = """
title: In his Methuselah's unlock phase, John Paleologus burns 2 blood to burn 1 pool from the prey, once; Lupo Giovanni gives a Giovanni 1 blood
source: "card texts of John Paleologus and Lupo Giovanni"
table:
  - player: Ann
    ready:
      - {card: John Paleologus, blood: 5}
      - {card: Lupo Giovanni, blood: 3}
      - {card: Gillespi Giovanni, blood: 2}
      - {card: Sully, blood: 2}
  - player: Ben
    pool: 20
turn: {player: Ann, phase: unlock, number: 7}
steps:
  - {by: Ann, do: use, card: John Paleologus, effect: pool, expect: [{player: Ben, pool: 19}, {card: John Paleologus, blood: 3}]}
  - {by: Ann, do: use, card: John Paleologus, effect: pool, expect_error: "already"}
  - {by: Ann, do: use, card: Lupo Giovanni, effect: blood, minion: Sully, expect_error: "can do that"}
  - {by: Ann, do: use, card: Lupo Giovanni, effect: blood, minion: Gillespi Giovanni}
expect:
  - {card: Gillespi Giovanni, blood: 3}
  - {player: Ben, pool: 19}
"""


def test_unlock_phase_uses(db, tmp_path):
    _plays(db, tmp_path, "paleologus", _PALEOLOGUS)


_LODIN = """
title: Lodin prevents 1 damage of the opposing minion's strike, once each combat
source: "card text of Lodin"
table:
  - player: Ann
    ready:
      - {card: Lodin (Olaf Holte), blood: 4}
  - player: Ben
    pool: 20
    ready:
      - {card: Amelia Locke, blood: 5}
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Lodin (Olaf Holte), kind: bleed}
  - {by: Ben, do: block, minion: Amelia Locke}
  - {by: Ann, do: resolve}
  - {by: Ann, do: resolve}
  - {by: Ann, do: resolve}
  - {by: Ann, do: resolve, expect: [{window: strike}]}
  - {by: Ann, do: pass}
  - {by: Ben, do: strike, minion: Amelia Locke, strike: hand, expect: [{window: damage}]}
  - {by: Ann, do: prevent, minion: Lodin (Olaf Holte), amount: 1, using: Lodin (Olaf Holte)}
  - {by: Ann, do: finish}
expect:
  - {card: Lodin (Olaf Holte), blood: 4}
"""


def test_prevent_damage_from_the_opposing_strike(db, tmp_path):
    _plays(db, tmp_path, "lodin", _LODIN)


_LODIN_ENV = """
title: Lodin's prevention does not apply to environmental damage
source: "card text of Lodin"
table:
  - player: Ann
    ready:
      - {card: Lodin (Olaf Holte), blood: 4}
  - player: Ben
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ben, do: damage, target: Lodin (Olaf Holte), normal: 1}
  - {by: Ann, do: prevent, minion: Lodin (Olaf Holte), amount: 1, using: Lodin (Olaf Holte), expect_error: "opposing minion's strike"}
expect:
  - {card: Lodin (Olaf Holte), region: ready}
"""


def test_no_prevention_of_environmental_damage(db, tmp_path):
    _plays(db, tmp_path, "lodin_env", _LODIN_ENV)


def _plays(db, tmp_path, name: str, text: str) -> None:
    """The scenario *text* runs through the engine and every check holds."""
    from vtes_desktop.scenario.runner import run_file

    p = tmp_path / f"{name}.yaml"
    p.write_text(text, encoding="utf-8")
    res = run_file(p, db)
    assert res.passed, res.message


def test_sreelekha_gives_a_discard_phase_action_while_ready(db):
    from vtes_desktop.cards.grammar.crypt import seat_readings

    r = compile_rules(db.lookup("Sreelekha", crypt=True))
    assert [x for e in r.abilities for x in seat_readings(e)] == [("dpa", 1, "ready")]


def test_kalila_and_delizbieta_bonuses_follow_the_actions_target(table):
    from vtes_desktop.engine.commands import Action
    from vtes_desktop.engine.context import Ctx

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Kalila", 3), ("Delizbieta of the Dark Eyes", 3)],
                                             "Alexis": [("Andrei Puxon", 3)]},
                 hand={"Sarah": ["Elysium: The Arboretum"]}, pool={"Sarah": 20})
    game.step("Sarah", Action, minion="Kalila", kind="bleed")
    st = game.game.state
    ctx = Ctx(game.game, st)
    kalila = st.top.actor
    loc = next(i for i, c in st.cards.items() if ctx.cdef(i).name == "Elysium: The Arboretum")
    deliz = next(i for i, c in st.cards.items() if ctx.cdef(i).name.startswith("Delizbieta"))
    assert effects_crypt.stealth_bonus(ctx, st.top) == 0
    assert effects_crypt.stealth_bonus(ctx, st.top._replace(target_card=loc)) == 1   # directed at a location
    ravnos = st.top._replace(actor=next(iter(st.region(1, "ready"))), seat=1, target_card=deliz)
    assert effects_crypt.intercept_bonus(ctx, ravnos, deliz) == 1   # at a Ravnos of hers (herself)
    assert effects_crypt.intercept_bonus(ctx, ravnos._replace(target_card=kalila), deliz) == 0   # Kalila is no Ravnos


def test_echo_is_stronger_against_red_list_minions(db):
    assert _readings(db, "Echo") == [("strength", 1, (("opponent", (("minion", "red list"),)),))]


def test_intercept_against_political_actions_infernal_minions_and_for_another_minion(db):
    assert _readings(db, "Marguerite Foccart") == [("intercept", 1, (("act", ("political",)),))]
    assert ("intercept", 1, (("opponent", (("minion", "infernal"),)),)) in _readings(db, "Righteous Endeavor")
    assert _readings(db, "Talley, The Hound") == [("intercept", 1, (("target_mine", (("minion",),), True),))]


def test_papa_legba_burns_blood_for_bleed_by_his_short_name(db):
    from vtes_desktop.cards.grammar.crypt import blood_for_stat

    got = _first(db, "Papa Legba", blood_for_stat)
    assert got is not None and got[1:3] == ("bleed", 1)


def test_bleed_against_you_auras_hafsa_and_matthias(db):
    from vtes_desktop.cards.grammar.crypt import aura_readings

    assert _first(db, "Hafsa, The Watcher", aura_readings) == (("against_me", "bleed", 1, (("vampire", "clan:assamite"),)),)
    assert _first(db, "Matthias", aura_readings) == (
        ("against_me", "bleed", -1, (("vampire", "clan:baali"), ("vampire", "clan:follower of set")), "ready"),)
