"""The card-rules grammar, one construct at a time, on real cards."""

from __future__ import annotations

import pytest

from vtes_desktop.cards.rules import CardRules, Mode, compile_rules, discipline_label


@pytest.fixture(scope="module")
def rules(db):
    def get(name: str) -> CardRules:
        return compile_rules(db.lookup(name))
    return get


def effects(mode: Mode, kind: str):
    return [e for e in mode.effects if e.kind == kind]


# -- the contract the engine reads ------------------------------------------------------------------------

def test_contract_fields_and_methods(rules):
    r = rules("Aire of Elation")
    assert (r.card_id, r.name, r.types) == (100031, "Aire of Elation", ("Action Modifier",))
    assert r.disciplines == ("pre",) and r.discipline_any and r.blood_cost == 1 and r.pool_cost is None
    assert r.levels() == ("pre", "PRE") and r.has_levels()
    assert r.mode("PRE").bleed == 2 and r.mode("xyz") is None
    assert [m.level for m in r.modes_for("basic")] == ["pre"]
    assert [m.level for m in r.modes_for("superior")] == ["PRE"]
    assert [m.level for m in r.modes_for(None)] == ["pre", "PRE"]
    assert discipline_label("PRE") == "superior Presence" and discipline_label(None) == "no discipline"
    assert r.understood and r.mode("pre").understood


def test_compile_is_cached(db):
    c = db.lookup("Bonding")
    assert compile_rules(c) is compile_rules(c)


# -- levels and types ---------------------------------------------------------------------------------------

def test_levels_by_discipline_and_common_lines(rules):
    r = rules("Conditioning")          # "Only usable during a bleed action." then [dom] and [DOM]
    assert [(m.level, m.bleed, m.limited, m.only) for m in r.modes] == [
        ("dom", 2, True, ("during bleed",)), ("DOM", 3, True, ("during bleed",))]


def test_levels_by_type_marker(rules):
    r = rules("Swallowed by the Night")    # [obf] [ACTION MODIFIER] +1 stealth. [OBF] [COMBAT] Maneuver.
    assert [(m.level, m.types) for m in r.modes] == [("obf", ("Action Modifier",)), ("OBF", ("Combat",))]
    assert r.mode("obf").stealth == 1 and r.mode("OBF").has("maneuver")


def test_alternative_disciplines_make_one_mode_each(rules):
    r = rules("Swift Cover")          # [cel] or [obf] Strike: dodge. [CEL] or [OBF] +1 stealth.
    assert r.levels() == ("cel", "obf", "CEL", "OBF")
    assert r.mode("obf").types == ("Combat",) and r.mode("OBF").types == ("Action Modifier",)


def test_two_disciplines_at_once(rules):
    r = rules("Absolute Tyranny")     # [pot][pre] ... [POT][PRE] ...
    assert r.mode("pot").disciplines == ("pot", "pre") and r.mode("pot").votes == 3
    assert not r.discipline_any


def test_untyped_levels_of_a_card_of_two_types(rules):
    r = rules("Monstrous Form")       # Action/Combat; the basic text is combat, the superior an action
    assert r.mode("dom").types == ("Combat",) and r.mode("DOM").types == ("Action",)


def test_as_above_copies_and_changes(rules):
    assert effects(rules("Deflection").mode("DOM"), "lock") == []          # "but do not lock this vampire"
    assert rules("Magic of the Smith").mode("THA").action_stealth == 3      # "but this is a +3 stealth action"
    assert rules("Lost in Crowds").mode("OBF").stealth == 2                 # "but for +2 stealth"
    s = effects(rules("Aid from Bats").mode("ANI"), "strike")[0]            # "As above, with 1 optional press"
    assert s.get("damage") == 1 and rules("Aid from Bats").mode("ANI").has("press")
    ks = rules("Kindred Spirits").mode("DEM")                               # "As above, with +1 bleed."
    assert effects(ks, "action_bleed")[0].amount == 1 and ks.bleed == 1
    nose = rules("Nose of the Hound").mode("SPI")                           # "but enter combat with any ..."
    assert [e.target for e in effects(nose, "enter_combat")] == ["any ready minion controlled by another methuselah"]


def test_imbued_power_levels_and_conviction(rules):
    r = rules("Donate")
    assert [m.types for m in r.modes] == [("Action Modifier",), ("Reaction",), ("Combat",)]
    assert all(m.conviction_cost == 1 for m in r.modes) and r.conviction_cost == 1
    v = rules("Vigilance")            # [ACTION MODIFIER] free, [REACTION] [1 CONVICTION]
    assert [m.conviction_cost for m in v.modes] == [None, 1] and v.conviction_cost is None
    assert rules("Inspire").mode(None).effects          # the line after the marked one belongs to it


# -- timing --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,level,tags", [
    ("Aire of Elation", "pre", ("during bleed",)),
    ("Torn Signpost", "pot", ("before range",)),
    ("Forgotten Labyrinth", "obf", ("not:during bleed",)),
    ("Delaying Tactics", None, ("polling",)),
    ("Eyes of Argus", "aus", ("directed at you",)),
    ("Eyes of Argus", "AUS", ("locked",)),
    ("Deflection", "dom", ("bleeding you", "after blocks declined")),
    ("Elder Impersonation", "OBF", ("block attempted",)),
    ("Freak Drive", "for", ("after action", "after success")),
    ("Freak Drive", "FOR", ("after action", "action blocked")),
    ("Immortal Grapple", "pot", ("close range", "before strikes")),
    ("Taste of Vitae", None, ("end of round", "not:by:vampire being burned or going to torpor")),
    ("Target Vitals", None, ("choosing strike",)),
    ("Voter Captivation", "pre", ("after political", "referendum passed")),
])
def test_only_usable_clauses(rules, name, level, tags):
    assert rules(name).mode(level).only == tags


def test_permissions_and_alternatives(rules):
    assert rules("Crimson Fury").mode("ani").also == ("may be locked", "by:vampire", "may be in torpor")
    assert rules("Absolution of the Diabolist").modes[0].also == ("minion",)     # "This card is playable during ..."
    only = rules("Deny").mode("OBF").only if rules("Deny").mode("OBF") else ()
    assert isinstance(only, tuple)


def test_or_between_moments_is_one_alternative_tag(db):
    from vtes_desktop.cards.grammar.timing import parse_usable
    assert parse_usable("Only usable during a bleed action against you or during the polling step of a political "
                        "action") == ("only", ["either:during bleed,directed at you|polling"])


def test_free_conditions_keep_their_words(db):
    from vtes_desktop.cards.grammar.timing import parse_usable
    kind, tags = parse_usable("Only usable when a vampire controlled by another Methuselah successfully hunts")
    assert tags == ["if:a vampire controlled by another methuselah successfully hunts"]


@pytest.mark.parametrize("name,level,windows", [
    ("Cloak the Gathering", "obf", ("block_attempt",)),
    ("Conditioning", "dom", ("block_attempt", "blocks", "blocks_declined")),
    ("Torn Signpost", "pot", ("before_range",)),
    ("Dodge", None, ("strike",)),
    ("Pursuit", "CEL", ("additional_strikes",)),
    ("Rolling with the Punches", "for", ("damage",)),
    ("Govern the Unaligned", "dom", ("minion",)),
    ("Dreams of the Sphinx", None, ("master",)),
    ("The Unmasking", None, ("discard",)),
    ("Delaying Tactics", None, ("polling",)),
    ("Freak Drive", "for", ("action_resolution",)),
])
def test_windows(rules, name, level, windows):
    assert rules(name).mode(level).windows == windows


# -- requirements and costs -------------------------------------------------------------------------------

@pytest.mark.parametrize("name,tags", [
    ("Eternal Vigilance", ("ready vampire", "title:archbishop|priscus|cardinal|regent")),
    ("Abbot", ("vampire", "sect:sabbat")),
    ("Parity Shift", ("vampire", "title:prince|justicar")),
    ("Enkil Cog", ("vampire", "capacity>=10")),
    ("Steely Tenacity", ("vampire", "sect:anarch")),
    ("Unleash Hell's Fury", ("vampire", "infernal")),
    ("Absolution of the Diabolist", ("ready vampire", "title:justicar|inner circle")),
])
def test_requirements(rules, name, tags):
    assert rules(name).requirements == tags


def test_requirement_phrases(db):
    from vtes_desktop.cards.grammar.lexicon import CLANS
    from vtes_desktop.cards.grammar.requirements import parse_requires
    clans = set(CLANS)
    assert parse_requires("Requires a ready, titled, non-Red List vampire", clans) == \
        ["ready vampire", "title:titled", "not red list"]
    assert parse_requires("Requires a Sabbat vampire with capacity above 7", clans) == \
        ["vampire", "capacity>=8", "sect:sabbat"]
    assert parse_requires("Requires 2 or more other Gehenna events in play", clans) == ["gehenna>=2"]
    assert parse_requires("Requires a ready Black Hand vampire", clans) == ["ready vampire", "black hand"]
    assert parse_requires("Requires a Laibon or non-titled vampire", clans) == ["either:vampire,sect:laibon|vampire,untitled"]
    assert parse_requires("Requires a ready Tremere", clans) == ["ready vampire", "clan:tremere"]


def test_costs(rules):
    assert (rules(".44 Magnum").pool_cost, rules("Conditioning").blood_cost) == (2, 1)
    assert rules("Hidden Strength").blood_cost == -1             # X
    g = rules("Glutton")
    assert g.pool_cost == -1 and g.x_cost.startswith("the number of gluttons")


# -- limits, replacement, keywords, headers ------------------------------------------------------------------------

def test_limits(rules):
    lim = rules("Taste of Vitae").modes[0].limits[0]
    assert (lim.per, lim.who, lim.what) == ("round", "minion", "this card")
    lim = rules("Reins of Power").modes[0].limits[0]
    assert (lim.per, lim.who) == ("game", "all")
    assert rules("Sport Bike").modes[0].limits[0].what == "vehicle"
    assert rules("Academic Hunting Ground").modes[0].limits[0].what == "hunting ground"
    assert rules("Form of Mist").mode("PRO").limits[0].what == "this card at superior"


def test_do_not_replace_and_keywords(rules):
    assert rules("Dodge").do_not_replace == "until after combat"
    assert rules("Dragonbound").do_not_replace == "as long as this card is in play"
    assert rules(".44 Magnum").keywords == ("weapon", "gun")
    assert rules("Academic Hunting Ground").unique and "hunting ground" in rules("Academic Hunting Ground").keywords
    assert "trifle" in rules("Villein").keywords and "out-of-turn" in rules("Direct Intervention").keywords


def test_ally_and_retainer_headers(rules):
    r = rules("Carlton Van Wyk")
    assert (r.life, r.ally_strength, r.ally_bleed, r.unique) == (2, 0, 0, True)
    assert rules("Raven Spy").life == 1
    assert effects(rules("Raven Spy").mode("ANI"), "life")[0].amount == 2     # "As above, but Raven Spy has 2 life"


# -- effects --------------------------------------------------------------------------------------------------------

def test_modifiers(rules):
    b = rules("Bonding").mode("DOM")
    assert (b.stealth, b.bleed, b.limited) == (1, 1, True)
    aire = rules("Aire of Elation").mode("pre")
    assert aire.bleed == 1 and [e.condition for e in effects(aire, "bleed")] == [None, "if this vampire is toreador"]
    assert rules("Enhanced Senses").mode("AUS").intercept == 2
    assert effects(rules("Information Highway").modes[0], "transfers")[0].amount == 2


def test_strikes(rules):
    s = effects(rules("Ivory Bow").modes[0], "strike")[0]
    assert (s.get("damage"), s.get("ranged"), s.get("aggravated")) == (1, True, True)
    assert effects(rules("Dodge").modes[0], "strike")[0].get("dodge")
    assert effects(rules("Majesty").mode("pre"), "strike")[0].get("combat_ends")
    assert effects(rules("Blissful Agony").mode("ani"), "strike")[0].get("hand_bonus") == 1
    assert effects(rules("Donnybrook").mode("ser"), "strike")[0].get("steal_blood") == 2
    assert effects(rules("Canine Horde").mode("ANI"), "strike")[0].get("destroy_equipment")
    w = effects(rules("Sword of Judgment").modes[0], "strike")[0]
    assert (w.get("damage"), w.get("bonus"), w.get("weapon")) == ("strength", 1, True)


def test_maneuvers_presses_and_additional_strikes(rules):
    m = effects(rules(".44 Magnum").modes[0], "maneuver")[0]
    assert m.optional and m.get("once_each_combat")
    assert effects(rules("Read Intentions").mode("aus"), "press")[0].get("to") == "end"
    assert effects(rules("Leapfrog").modes[0], "maneuver")[0].get("to") == "long"
    f = rules("Flash").mode("cel")
    assert [e.kind for e in f.effects] == ["maneuver", "press"] and all(e.get("choice") for e in f.effects)
    assert effects(rules("Blur").mode("CEL"), "additional_strikes")[0].amount == 2


def test_prevention(rules):
    assert effects(rules("Rolling with the Punches").mode("for"), "prevent")[0].amount == 1
    p = effects(rules("Skin of Steel").mode("for"), "prevent")[0]
    assert p.get("all") and p.get("scope") == "from the opponent's strike"
    assert effects(rules("Hidden Strength").mode("for"), "prevent")[0].amount == -1      # X+1


def test_action_cards(rules):
    g = rules("Govern the Unaligned")
    assert g.mode("dom").directed and effects(g.mode("dom"), "action_bleed")[0].amount == 2
    assert g.mode("DOM").action_stealth == 1
    b = rules("Bum's Rush").modes[0]
    assert b.directed and effects(b, "enter_combat")[0].target == "a minion"
    assert effects(rules("Kindred Spirits").mode("dem"), "action_bleed")[0].target == "any methuselah"


def test_put_in_play_and_frames(rules):
    v = rules("Villein").modes[0]
    assert v.effects[0].kind == "put_in_play" and v.effects[0].target == "a vampire you control who has any amount of blood"
    assert effects(v, "move")[0].amount == 2
    d = rules("Dreams of the Sphinx").modes[0]
    assert [e.kind for e in d.effects] == ["put_in_play", "add", "hand_size", "lock", "lock", "burn"]
    hand = effects(d, "hand_size")[0]                 # "You can lock this card to get +2 hand size until ..."
    assert (hand.amount, hand.get("cost"), hand.duration) == (2, "lock this card", "until the end of the turn")
    lock = effects(d, "lock")[0]
    assert (lock.subject, lock.target, lock.get("modal"), lock.condition) == \
        ("you", "this card", "can", "if you have the edge")


def test_discipline_master_and_referendum_effects(rules):
    g = effects(rules("Abombwe").modes[0], "gain_discipline")[0]
    assert (g.get("discipline"), g.amount) == ("abo", 1)
    burn = rules("Anarchist Uprising").modes[0].effects[0]
    assert (burn.kind, burn.condition) == ("burn", "the referendum passes")


def test_unparsed_sentences_are_kept(db):
    from vtes_desktop.cards.grammar import compile_grammar_only
    r = compile_grammar_only(db.lookup("Madness of the Bard"))
    assert not r.understood and "All players in the game must speak in rhyming sentences." in r.modes[0].unparsed


def test_handwritten_rules(rules):
    r = rules("Madness of the Bard")
    assert r.handwritten and r.understood and r.modes[0].has("table_rule")
    assert rules("Stutter-Step").mode("CEL").only[-1] == "not:additional strike"


# -- crypt cards -----------------------------------------------------------------------------------------------------

def test_crypt_header_and_simple_abilities(rules):
    a = rules("Arika")
    assert (a.sect, a.title, a.votes) == ("Camarilla", "inner circle", 4)
    assert a.modes[0].bleed == 2 and a.abilities[-1].automated
    t = rules("Tupdog")
    assert set(t.traits) == {"slave", "flight"}
    assert rules("Blackhorse Tanner").traits == ("black hand",)
    assert rules("Carna, The Princess Witch").modes[0].intercept == 1


def test_crypt_own_name_reads_as_this_vampire(rules):
    e = rules("Anson").abilities[0]
    assert e.condition == "if this vampire is ready during your master phase"


def test_minion_own_strike(rules):
    c = rules("Carlton Van Wyk").modes[0]
    strikes = effects(c, "strike")
    assert strikes[0].get("damage") == 1 and strikes[0].automated          # the first strike of its text
    assert strikes[1].get("dodge") and strikes[1].automated   # its once-each-combat dodge: choice dodge (auto_minion)


# -- automation -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,automated", [
    ("Conditioning", True), ("Cloak the Gathering", True), ("Enhanced Senses", True), ("Dodge", True),
    ("Aid from Bats", True), ("Pursuit", True), (".44 Magnum", True), ("Ivory Bow", True),
    ("Govern the Unaligned", True), ("Deflection", True), ("Skin of Steel", True), ("Bum's Rush", True),
    ("Sport Bike", True), ("Mr. Winthrop", True), ("Dreams of the Sphinx", True), ("Blur", True),
])
def test_automated_flags(rules, name, automated):
    assert rules(name).automated is automated


def test_frames_are_automated_only_by_a_family_module(db):
    from vtes_desktop.cards.grammar.effects import _families

    for c in db.library[:400]:
        r = compile_rules(c)
        for m in r.modes:
            for e in m.effects:
                if e.get("frame") and e.automated:
                    assert any(family(e, m.types) for family in _families()), (c.display, e)
