"""The combat family (grammar/auto_combat.py): every reading has engine code behind it, and the readings of
typical cards are what their text says. The engine's behaviour itself is proved by scenarios 300-344."""

from __future__ import annotations

import pytest

from vtes_desktop.cards.grammar import auto_combat
from vtes_desktop.cards.rules import compile_rules
from vtes_desktop.engine import effects_combat


def _card(db, name):
    return next(c for c in db.library if c.name == name or c.display == name)


def _readings(db, name, level=None):
    r = compile_rules(_card(db, name))
    out = []
    for m in r.modes:
        if level is None or m.level == level:
            out += auto_combat.mode_readings(m.effects, r.types)
    return out


def test_every_reading_key_has_engine_code(db):
    keys = set()
    for c in db.library:
        r = compile_rules(c)
        for m in r.modes:
            keys |= {x[0] for x in auto_combat.mode_readings(m.effects, r.types)}
    assert keys <= set(effects_combat.HANDLED), keys - set(effects_combat.HANDLED)


def test_an_effect_is_automated_by_the_family_exactly_when_it_has_a_reading(db):
    for c in db.library[:600]:
        r = compile_rules(c)
        for m in r.modes:
            for e in m.effects:
                if auto_combat.reading(e, r.types) is not None:
                    assert e.automated, (c.name, e)


@pytest.mark.parametrize("name,level,expected", [
    ("Carrion Crows", "ANI", [("env_each_round", 1, False), ("env_amount", 2)]),
    ("Taste of Vitae", None, [("gain_blood_lost_by_opponent",)]),
    ("Slam", "POT", [("maneuver_to", "close")]),
    ("Rego Motum", "tha", [("prevent", 2, "strike", "any", 0)]),
    ("Soak", "FOR", [("prevent", 4, "any", "normal", 0)]),
    ("Rolling with the Punches", "FOR", [("prevent", None, "round", "any", 1)]),
    ("Hidden Strength", "for", [("prevent", "X+1", "any", "any", 0)]),
    ("Torn Signpost", "POT", [("strength_set_combat", 3)]),
    ("Blood Sweat", "QUI", [("strike_damage", 3, True, False, True)]),
    ("Backstab", "cel", [("first_strike_round", 1)]),
    ("Thin Blood", "QUI", [("opponent_burns_blood", 2, False)]),
])
def test_readings_of_combat_cards(db, name, level, expected):
    got = [x for x in _readings(db, name, level) if x[0] not in ("strike_bonus",)]
    assert got == expected


@pytest.mark.parametrize("name,expected", [
    ("Laptop Computer", ("bearer_stat", "bleed", 1)),
    ("J. S. Simmons, Esq.", ("bearer_stat", "bleed", 1)),
    ("Kevlar Vest", ("equipment_prevent", 2, 1)),
    ("Sniper Rifle", ("blocker_sets_long_range",)),
    ("Heart of Nizchetus", ("unlock_draw_then_bottom", 3)),
    ("The Signet of King Saul", ("unblockable_by_capacity", 8)),
    ("Murder of Crows", ("retainer_damage_each_round", 1, True, False)),
    ("Shade", ("retainer_damage_each_round", 1, False, True)),
])
def test_readings_of_equipment_and_retainers(db, name, expected):
    assert expected in _readings(db, name)


def test_conditions_the_engine_does_not_check_are_left_to_the_players(db):
    # "Strike: 2R damage. +1 damage against allies"-like conditions and unknown scopes stay manual
    assert not compile_rules(_card(db, "Toreador's Bane")).automated   # its [MEL] change is not in its effects
    assert ("hand_aggravated_for_combat",) not in _readings(db, "Song of Serenity")   # another "As above, but..."


def test_readings_of_the_second_pass(db):
    # Groaning Corpse's X cost (the copies already played this combat) is counted by play_combat
    assert _readings(db, "Groaning Corpse", "thn") == [("env_close_each_round", 1)]
    assert ("env_close_amount", 2) in _readings(db, "Groaning Corpse", "THN")
    assert ("continue_unblocked", ("bleed", "political")) in _readings(db, "Shadow Body", "OBT")
    assert ("cancel_as_played", 1, ("strike", "grapple"), (), False) in _readings(db, "Charismatic Aura", "aus")
    assert ("weapon_extra_strike", True) in _readings(db, "AK-47")
    assert ("ammo_bonus", 2, -2) in _readings(db, "Scattershot")
    assert ("paid_grant", "maneuver", "close") in _readings(db, "Dance with the Devil", "OBF")
    assert ("paid_grant", "press", "continue") in _readings(db, "Lead Fist", "vis")
    assert ("prevent_each_round", 1, "any") in _readings(db, "Apparition", "chi")
    assert ("strength_and_prevent", "combat", 1, 1) in _readings(db, "Bear's Skin", "ANI")
    assert ("no_fortitude_prevention", True) in _readings(db, "Personal Scourge", "dem")
    assert ("weapons_no_damage_round",) in _readings(db, "Soul Burn", "tha")
    assert ("bearer_stealth", 1, "malkavian antitribu", "bleed", ()) in _readings(db, "Enchanted Marionette")
    assert ("burn_after_use",) in _readings(db, "Grenade")
    assert ("hand_aggravated", "combat", 0) in _readings(db, "Devil-Channel: Hands", "abo")
    assert ("opponent_strength_combat", -2) in _readings(db, "Disease", "QUI")


def test_second_pass_readings_are_not_claimed_by_look_alike_texts(db):
    # the "As above, but ..." changes are read only with the card they belong to
    assert ("hand_aggravated_for_combat",) in _readings(db, "Bone Spur", "PRO")
    assert not any(r[0] == "hand_aggravated_for_combat" for r in _readings(db, "Strength of the Bear"))
    assert ("strength_round_to_combat",) in _readings(db, "Strength of the Bear", "spi")
    assert not any(r[0] == "continue_unblocked" for r in _readings(db, "Toreador's Bane"))
    # the aims are read whole since the engine carries them out (scenarios 1513-1514)
    assert _readings(db, "Target Vitals") == [("aim_hit_effect", "vitals"), ("aim_cancel_discards", 2)]


def test_readings_of_the_third_pass(db):
    assert ("weapon_self_damage_close", 1, True) in _readings(db, "White Phosphorus Grenade")
    assert ("weapon_self_damage_close", 1) in _readings(db, "Grenade")
    assert ("opponent_vampire_no_close_no_continue",) in _readings(db, "Whistling Up the Beast", "abo")
    assert ("optional_maneuver_round",) in _readings(db, "Whistling Up the Beast", "ABO")
    assert not any(r[0] == "opponent_vampire_no_close_no_continue" for r in _readings(db, "Olid Loa"))
    assert _readings(db, "Thoughts Betrayed", "dom") == [("env_this_round", 1)]
    assert _readings(db, "Thoughts Betrayed", "DOM") == [("opponent_no_strike_cards",)]
    assert _readings(db, "Wave of Lethargy", "QUI") == [("opponent_costs_round", "maneuver_press"),
                                                         ("opponent_costs_round", "strike")]
    assert _readings(db, "Dark Steel", "OBT") == [("env_close_each_round", 1), ("maneuver_close_round", 1),
                                                  ("env_close_amount", 2)]
    assert _readings(db, "Hunger of Marduk", "THA") == [("strike_option_round_steal", 1), ("strike_option_amount", 2)]
    assert _readings(db, "Dragon's Breath Rounds") == [("ammo_aggravated_bonus", 2), ("burn_gun_after_strike",),
                                                       ("one_ammo_per_gun",)]
    assert ("extra_burn_weapon_strike",) in _readings(db, "Voracious Vermin", "ANI")


def test_readings_of_the_fourth_pass(db):
    # one-off clauses, each read in its own card's words only
    assert _readings(db, "Decapitate", "POT") == [("burn_torpor_victim",)]
    assert _readings(db, "Hell-for-Leather", "obt") == [("opponent_controller_burns_pool", 2)]
    assert ("after_combat_stun",) in _readings(db, "Kiss of Cathari", "OBF")
    assert _readings(db, "Drawing Out the Beast", "ANI") == [("opponent_vampire_drawn_out", 1),
                                                             ("press_step_damage_vampire", 1)]
    assert ("queue_combat",) in _readings(db, "Psyche!", "CEL")
    assert _readings(db, "Lapse", "TEM") == [("opponent_no_initial_strike_round",)]
    assert ("strike_fv_only", 2, True) in _readings(db, "Death of the Drum", "MEL")
    assert ("prevent_half_each_strike_combat",) in _readings(db, "Rockheart", "VIS")
    assert ("strike_x_weapon", "cost") in _readings(db, "Up Yours!")
    assert ("alt_strike_prevent_next_hand_melee", 3) in _readings(db, "Nightstick")
    assert ("burn_to_burn_torpor_victim",) in _readings(db, "Garrote")
    assert ("strike_hand_and_dodge",) in _readings(db, "Stutter-Step", "CEL")
    assert ("one_damage_each_round_aggravated_too",) in _readings(db, "Flesh of Marble", "PRO")


def test_fourth_pass_readings_stay_with_their_cards(db):
    # "Strike: ranged." is shared by cards whose other half the engine does not resolve: not read
    assert not _readings(db, "Blood of the Cobra", "QUI")
    assert not any(r[0] == "continue_unblocked" for r in _readings(db, "Toreador's Bane"))
    # Soul Stealing's clause reads the same in its action modifier mode: left to the action family's side
    assert not _readings(db, "Soul Stealing")


def test_readings_of_aims_and_outsiders(db):
    assert _readings(db, "Target Head") == [("aim_strike_bonus", 2), ("aim_cancel_discards", 1), ("aim_hit_effect", "head")]
    assert ("aim_direct_bonus", 1) in _readings(db, "Target Retainer")
    assert ("outsider_prevent_x",) in _readings(db, "Martyr's Resilience", "AUS")
    assert ("outsider_extra_strikes_each_round", 1) in _readings(db, "Octopod", "san")
    assert ("aggravated_vs_clan", "kiasyd") in _readings(db, "Poker")
    assert ("pair_strike_with_maneuver", 2) in _readings(db, "Beretta 9mm")
    # Touch of Pain's "As above, but for 2 damage." is the core's own change: the family's reading of it does nothing
    r = compile_rules(_card(db, "Touch of Pain"))
    assert r.automated
