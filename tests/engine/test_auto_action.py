"""Action modifiers and reactions carried out by the engine (engine/effects_action.py).

The grammar's reading (cards/grammar/auto_action.reading) both flags a clause automated and names the engine's
handler: these tests hold the two together. The scenarios 380-416 play the cards through the engine.
"""

from __future__ import annotations

import pytest

from vtes_desktop.cards.grammar import compile_rules
from vtes_desktop.cards.grammar.auto_action import automated, condition_kind, reading
from vtes_desktop.engine import effects_action

#: readings carried out outside effects_action._HANDLERS: the core `attempt` branch of rules_action, the
#: polling step (rules_politics.play_for_votes -> effects_action.in_referendum)
ELSEWHERE = {"attempt_anyway", "votes", "x_votes", "frame_votes", "cancel_referendum", "return_pa_card",
             "no_repeat_political", "no_votes_non_sabbat", "no_votes_non_camarilla", "abstain_younger",
             "abstain_can_cancel", "abstain_any_age", "abstain_actor_lock", "abstain_clan", "choose_voter",
             "chosen_locks_abstains", "chosen_burns_blood", "votes_against", "that_abstains", "lock_if_passes",
             "gain_one_pool", "tally_caller_pool", "tally_for_pool", "tally_fail_caller", "tally_against_blood",
             "tally_against_pool", "tally_bribes", "tally_loyalist", "tally_agree_gain", "tally_oppose_burn",
             "tally_when", "change_younger_votes", "actor_no_votes", "titled_referendum_fails",
             "one_more_vote", "each_clan_votes", "tally_poison_pill",
             "rant_votes", "tally_rant_damage", "mob_rule", "mob_rule_rate", "mob_rule_more", "tyranny",
             "coalition_count", "emissary_choose", "emissary_lock", "emissary_votes", "emissary_cancel",
             "velvet_corrupt", "velvet_no_votes", "disarming"}


def _effects(db, name, level=None):
    r = compile_rules(db[name])
    return [(e, r.types) for m in r.modes if level is None or m.level == level for e in m.effects]


def test_every_reading_has_a_handler(db):
    seen = set()
    for c in db.library:
        r = compile_rules(c)
        for m in r.modes:
            for e in m.effects:
                x = reading(e, r.types)
                if x is not None:
                    seen.add(x)
                    assert automated(e, r.types)
    missing = seen - set(effects_action._HANDLERS) - ELSEWHERE
    assert not missing, missing
    assert {"attempt_fails", "fail_lock", "burn_unless_block", "unlock_and_block", "exclusive", "reduce_bleed",
            "chosen_cannot_block", "ally_skips_unlock", "cancel_referendum", "class_intercept"} <= seen


@pytest.mark.parametrize("name", [
    "On the Qui Vive", "Delaying Tactics", "Lost in Crowds", "Faceless Night", "Elder Impersonation",
    "Cloak the Gathering", "Forced Awakening", "Eagle's Sight", "Seduction", "Telepathic Counter",
    "Sense the Savage Way", "Bewitching Oration", "Foreshadowing Destruction", "Aire of Elation",
    "Change of Target", "Day Operation", "Daring the Dawn", "Monkey Wrench", "Obedience", "Mirror Walk",
    "Organized Resistance", "Voter Captivation", "Awe", "Perfect Paragon", "Fata Morgana", "Spying Mission",
    "Veil the Legions", "Command of the Beast", "Tenebrous Form", "Read the Winds", "Lost in Translation",
    "Rat's Warning", "Ecstasy", "Kiss of Ra, The", "Psychomachia", "Second Tradition: Domain", "Fillip",
    # second pass (scenarios 441-453)
    "Mental Maze", "Voice of Madness", "Recurring Contemplation", "Nightshades", "Psalm of the Damned",
    "Unleashing the Bestial Soul", "Deed the Heart's Desire", "Touch of Pain", "Foul Blood", "Shroud Mastery",
    "Speak with Spirits", "Eyes of the Wild", "Into Thin Air", "Ministry",
    # scenarios 454-459, 880-882
    "Unthinkable Humiliation", "Seeds of Terror", "Notorious Brutality", "Zapaderin", "Council of Seraphim",
    "Folderol", "Keep it Simple", "Nest of Eagles", "Warrens, The", "Tourette's Voice", "Babble", "Animal Magnetism",
    "Mirror's Visage",
    # cancelled as played (scenarios 883-885)
    "Touch of Clarity", "Approximation of Loyalty", "Iron Heart",
    # scenarios 887-892
    "Faerie Wards", "Bloodstorm of Chorazin", "Zephyr", "Funeral Wake", "Inevitability of the Void", "Stone Travel",
    "Smoke and Mirrors", "Car Bomb", "Ignis Fatuus", "Shadow Sentinel", "Truth in Darkness",
    "Clan Loyalty", "Dominant Personality", "Bind the Night-Walker", "Leverage", "Stealth Ritus", "Innocent Bystander",
    "Gang Tactics", "Squirrel Balance",
    # third pass (scenarios 1450-1463)
    "Serenading the Kami", "Adhocracy", "Inspire Greatness", "Uncontrollable Rage", "Invigorate",
    "Eyes of the Serpent", "Virtuosa", "Deadliest Sin, The", "Ensemble", "Their Master's Voice", "Detect Authority",
    "Magnetic Authority", "Go-getter", "Closed Session", "Hide the Heart",
    # corruption counters (scenarios 1910-1918), Wanderer's Counsel's hunt (1919)
    "Weigh the Heart", "Revelation of Desire", "Revelation of the Serpent", "Sense the Sin", "Enchanting Gaze",
    "Venenation", "Revelation of Despair", "Velvet Tongue", "Wanderer's Counsel",
    # Pseudo-Blindness (1920), riders (1921-1922)
    "Pseudo-Blindness", "Cryptic Rider", "Malkavian Rider Clause", "Disarming Presence", "False Resonance",
    "Walk through Arcadia", "Ni Dieu ni Maître", "Memory Rift", "Guardian Vigil",
])
def test_cards_now_automated(db, name):
    r = compile_rules(db[name])
    assert r.automated, [(m.level, e.text) for m in r.modes for e in m.effects if not e.automated]


@pytest.mark.parametrize("name", [
    # the engine does not carry these out: they must stay with the players
    "Promise of 1528",              # ends the action in three situations the timing check does not read
])
def test_cards_left_to_the_players(db, name):
    assert not compile_rules(db[name]).automated


def test_other_vampire_modifier_keeps_only_what_the_engine_does(db):
    # Mask of a Thousand Faces is played by another vampire: its "Unlock the acting minion and lock this vampire
    # instead" is the family's (the action changes hands, scenario 1583), not the core unlock of the player
    effs = _effects(db, "Mask of a Thousand Faces", "obf")
    assert all(reading(e, t) == "mask_swap" for e, t in effs if e.kind == "unlock")
    (stealth, _), = [(e, t) for e, t in _effects(db, "Cloak the Gathering", "OBF") if e.kind == "stealth"]
    assert stealth.automated


def test_conditions_the_engine_decides():
    assert condition_kind("if this vampire is Toreador") == "clan"
    assert condition_kind("if the acting minion is titled") == "titled"
    assert condition_kind("if the target Methuselah has 9 or fewer pool") == "pool"
    assert condition_kind("if this vampire is ready") is None
    assert condition_kind("if this action is undirected") is None


def test_exclusive_names_the_other_card(db):
    (e, types), = [(e, t) for e, t in _effects(db, "Lost in Crowds", "obf") if reading(e, t) == "exclusive"]
    from vtes_desktop.cards.grammar.auto_action import exclusive_name

    assert exclusive_name(e) == "Into Thin Air"


def test_legal_answer_offers_a_modifier_played_by_another_vampire(db):
    # Cloak the Gathering [OBF] is played by a ready vampire other than the acting minion: the legal answer offers
    # that use (Abraham Mellon, locked), and not Colette's (the acting minion)
    from support import ROOT
    from vtes_desktop.scenario.loader import load, to_command
    from vtes_desktop.scenario.runner import build_game

    sc = load(ROOT / "tests" / "scenarios" / "386-cloak-the-gathering-by-another-vampire.yaml", db)
    game = build_game(sc, db)
    for st in sc.steps[:2]:
        game.apply(to_command(st, sc.players.index(st.by), sc.players))
    ans = game.legal(0)
    colette, abraham = (next(i for i in game.state.region(0, "ready") if game.db[game.state.cards[i].cid].name == n)
                        for n in ("Colette", "Abraham Mellon"))
    cloak = next(i for i, a in ans.cards.items() if game.db[game.state.cards[i].cid].name == "Cloak the Gathering")
    uses = ans.cards[cloak].uses
    assert any(u.minion == abraham and u.level == "superior" for u in uses), uses
    assert not any(u.minion == colette and u.level == "superior" for u in uses)
    for u in uses:
        assert game.can(u.command) is None


def test_clan_names_in_text_match_the_card_data():
    from vtes_desktop.cards.grammar.auto_action import clan_key

    assert clan_key("Followers of Set") == clan_key("Ministry") == "ministry"
    assert clan_key("Tremere") == "tremere"
    assert clan_key("Assamite") == "banu haqim"
    assert clan_key("Nosferatu") == "nosferatu"
    assert clan_key("dragons") is None


@pytest.mark.parametrize("name,level,expected", [
    ("Touch of Clarity", "dem", "cancel_played"),
    ("Iron Heart", "POT", "cancel_played"),
    ("Ophidian Gaze", "PRE", "cancel_played"),
    ("I am Legion", "DAI", None),              # its [dai][obf] level cannot be named by a play
    ("Hall of Hades' Court", "tem", None),     # played in a referendum's polling step
])
def test_cards_cancelled_as_played_are_read_only_where_the_engine_plays_them(db, name, level, expected):
    got = {reading(e, t) for e, t in _effects(db, name, level) if e.kind == "cancel"}
    assert expected in got and (expected is not None or got == {None}), got


def test_later_uses_and_turn_records_are_named(db):
    assert {reading(e, t) for e, t in _effects(db, "Speak with Spirits", "SPI")} >= {"unlock_and_block", "later_intercept"}
    assert "later_minus_intercept" in {reading(e, t) for e, t in _effects(db, "Into Thin Air", "obf")}
    assert "unlock_end_of_turn" in {reading(e, t) for e, t in _effects(db, "Zephyr", "cel")}
    assert "unlock_after_block" in {reading(e, t) for e, t in _effects(db, "Truth in Darkness", "OBL")}


def test_legal_answer_offers_the_enkil_cog_action_out_of_turn(db):
    # scenario 1254: in Ben's minion phase, Ann's Angus the Unruled (with an unlocked Enkil Cog) may bleed or hunt;
    # Dani (no Cog) may not; once the Cog is locked, the offer is gone
    from support import ROOT
    from vtes_desktop.engine import commands as C
    from vtes_desktop.scenario.loader import load
    from vtes_desktop.scenario.runner import build_game

    sc = load(ROOT / "tests" / "scenarios" / "1254-enkil-cog-action-in-another-minion-phase.yaml", db)
    game = build_game(sc, db)
    angus, dani = (next(i for i in game.state.region(0, "ready") if game.db[game.state.cards[i].cid].name == n)
                   for n in ("Angus the Unruled", "Dani"))
    acts = [c for c in game.legal(0).commands if isinstance(c, C.Action)]
    assert C.Action(seat=0, minion=angus, kind="bleed") in acts
    assert not any(c.minion == dani for c in acts)
    game.apply(C.Action(seat=0, minion=angus, kind="bleed"))
    for _ in range(3):
        game.apply(C.Resolve(seat=0))
    assert not any(isinstance(c, C.Action) for c in game.legal(0).commands)


def test_legal_answer_offers_the_blockers_cancel(db):
    # scenario 1256: once Crocodile's Tongue is played against Nassir's block, Ben is offered its cancel, Ann is not
    from support import ROOT
    from vtes_desktop.engine import commands as C
    from vtes_desktop.scenario.loader import load, to_command
    from vtes_desktop.scenario.runner import build_game

    sc = load(ROOT / "tests" / "scenarios" / "1256-crocodiles-tongue-canceled-by-the-blocker.yaml", db)
    game = build_game(sc, db)
    for st in sc.steps[:4]:
        game.apply(to_command(st, sc.players.index(st.by), sc.players))
    offered = [c for c in game.legal(1).commands if isinstance(c, C.Use) and c.effect == "cancel"]
    assert len(offered) == 1 and game.can(offered[0]) is None
    assert not [c for c in game.legal(0).commands if isinstance(c, C.Use) and c.effect == "cancel"]


def test_repulsion_cannot_be_played_by_a_vampire_that_has_one(db):
    # scenario 1262: with Repulsion on Blanche Hill, the copy in hand is refused at every level once she is blocked
    from support import ROOT
    from vtes_desktop.engine import commands as C
    from vtes_desktop.scenario.loader import load, to_command
    from vtes_desktop.scenario.runner import build_game

    sc = load(ROOT / "tests" / "scenarios" / "1262-repulsion-already-on-the-vampire.yaml", db)
    game = build_game(sc, db)
    for st in sc.steps[:3]:
        game.apply(to_command(st, sc.players.index(st.by), sc.players))
    st = game.state
    blanche = st.region(0, "ready")[0]
    other = next(i for i in st.region(0, "hand") if game.db[st.cards[i].cid].name == "Repulsion")
    for level in ("obe", "superior"):
        why = game.can(C.Play(seat=0, card=other, minion=blanche, level=level))
        assert why is not None and "cannot play another" in str(why), why


def test_third_pass_readings(db):
    """The superior "As above, but" of Uncontrollable Rage replaces the +1 (one reading each); Inspire Greatness is
    played by another vampire; Scobax's pay-or-fail is read as Detect Authority's."""
    assert [reading(e, t) for e, t in _effects(db, "Uncontrollable Rage", "PRO")] == ["hand_rage", "hand_rage"]
    assert {reading(e, t) for e, t in _effects(db, "Inspire Greatness")} == {"younger_actor_strength"}
    assert all(e.automated for e, t in _effects(db, "Inspire Greatness"))
    assert "fail_unless_burn" in {reading(e, t) for e, t in _effects(db, "Scobax", "STR")}
    assert {reading(e, t) for e, t in _effects(db, "Serenading the Kami")} == {"actor_strength_action"}


def _plays(db, tmp_path, name: str, text: str) -> None:
    """The scenario *text* runs through the engine and every check holds (cards proven once the 1530-1589 scenario
    range was used up)."""
    from vtes_desktop.scenario.runner import run_file

    p = tmp_path / f"{name}.yaml"
    p.write_text(text, encoding="utf-8")
    res = run_file(p, db)
    assert res.passed, res.message


_LOOSENING = """
title: Final Loosening - [aus] a hunting vampire gains 1 blood instead of 2 (The Guruhi Are the Land), and the reacting
  Anarch 1; [for] an acting
  ally's action fails and the ally takes 1 damage
source: "card text of Final Loosening"
table:
  - player: Ann
    ready:
      - {card: "Aren, Priest of Eshu", blood: 3}
      - {card: Brigitte Gebauer, life: 3}
    hand: [Guruhi Are the Land]
    library: [Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Alabástrom, blood: 4}
    hand: [Final Loosening, Final Loosening]
    library: [Dodge, Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: "Aren, Priest of Eshu", kind: hunt}
  - {by: Ann, do: play, card: Guruhi Are the Land, minion: "Aren, Priest of Eshu"}
  - {by: Ben, do: decline_block}
  - {by: Ben, do: play, card: Final Loosening, minion: Alabástrom, level: aus}
  - by: Ann
    do: resolve
    expect:
      - {card: "Aren, Priest of Eshu", blood: 4}
      - {card: Alabástrom, blood: 5}
  - {by: Ann, do: resolve}
  - {by: Ann, do: action, minion: Brigitte Gebauer, kind: bleed, target: Ben}
  - by: Ben
    do: play
    card: Final Loosening
    minion: Alabástrom
    level: for
    expect:
      - {action: unsuccessful}
      - {card: Alabástrom, locked: true}
      - {card: Brigitte Gebauer, life: 2}
      - {player: Ben, pool: 20}
"""


def test_final_loosening(db, tmp_path):
    _plays(db, tmp_path, "loosening", _LOOSENING)


_KHOLO = """
title: The Eldest Are Kholo - played by the acting Laibon Ravnos in the polling step, its Methuselah gains 2 votes for
  each Laibon Ravnos (Wamukota, Tsunda); the other Methuselah's Independent Ravnos gets none; the referendum passes
source: "card text of The Eldest Are Kholo"
table:
  - player: Ann
    ready:
      - {card: Wamukota, blood: 6}
      - {card: Tsunda, blood: 4}
    hand: [Kine Resources Contested, Eldest Are Kholo]
    library: [Dodge, Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Alexis Sorokin, blood: 4}
      - {card: Catalina Vega, blood: 4}
    library: [Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Wamukota, kind: political, card: Kine Resources Contested}
  - {by: Ben, do: decline_block}
  - {by: Ann, do: resolve}
  - {by: Ann, do: terms, choice: "Ben 2, Ann 2"}
  - {by: Ann, do: play, card: Eldest Are Kholo, minion: Wamukota}
  - {by: Ben, do: vote, side: against, with: Eldest Are Kholo, expect_error: no votes}
  - {by: Ann, do: vote, side: for, with: Eldest Are Kholo}
  - {by: Ben, do: vote, side: against, with: Catalina Vega}
  - by: Ann
    do: finish
    expect:
      - {player: Ben, pool: 18}
"""


def test_eldest_are_kholo(db, tmp_path):
    _plays(db, tmp_path, "kholo", _KHOLO)


_POISON = """
title: Poison Pill - played before any votes; the referendum passes and its effect burns 2 of the player's pool, so the
  acting Methuselah loses 2 pool too once the action is over
source: "card text of Poison Pill"
table:
  - player: Ann
    ready:
      - {card: Alice Chen, blood: 7}
    hand: [Kine Resources Contested]
    library: [Dodge, Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Ryan, blood: 3}
    hand: [Poison Pill]
    library: [Dodge]
  - player: Cat
    pool: 20
    ready:
      - {card: Damian, blood: 4}
    library: [Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Alice Chen, kind: political, card: Kine Resources Contested}
  - {by: Ben, do: decline_block}
  - {by: Cat, do: decline_block}
  - {by: Ann, do: resolve}
  - {by: Ann, do: terms, choice: "Ben 2, Cat 2"}
  - {by: Ben, do: play, card: Poison Pill, minion: Ryan}
  - {by: Ann, do: vote, side: for, with: Alice Chen}
  - by: Ann
    do: finish
    expect:
      - {player: Ben, pool: 18}
      - {player: Cat, pool: 18}
  - by: Ann
    do: resolve
    expect:
      - {player: Ann, pool: 28}
"""


def test_poison_pill(db, tmp_path):
    _plays(db, tmp_path, "poison", _POISON)


_RANT = """
title: Rant! - in the polling step an anarch of each Methuselah burns 1 blood for 1 vote (not twice), cast with the
  card; the referendum fails 2 to 3 and the acting anarch takes 2 unpreventable damage
source: "card text of Rant!"
table:
  - player: Ann
    ready:
      - {card: Alabástrom, blood: 5}
      - {card: Ryan, blood: 3}
    hand: [Kine Resources Contested, Rant!]
    library: [Dodge, Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Aisha az-Zahra, blood: 4}
      - {card: Catalina Vega, blood: 4}
    library: [Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Alabástrom, kind: political, card: Kine Resources Contested}
  - {by: Ben, do: decline_block}
  - {by: Ann, do: resolve}
  - {by: Ann, do: terms, choice: "Ben 2, Ann 2"}
  - {by: Ann, do: play, card: Rant!, minion: Alabástrom}
  - {by: Ann, do: use, card: Ryan, effect: Rant!, expect_error: only a ready anarch}
  - by: Ann
    do: use
    card: Alabástrom
    effect: Rant!
    expect:
      - {card: Alabástrom, blood: 4}
  - {by: Ann, do: use, card: Alabástrom, effect: Rant!, expect_error: already}
  - {by: Ben, do: use, card: Aisha az-Zahra, effect: Rant!}
  - {by: Ann, do: vote, side: for, with: Rant!}
  - {by: Ann, do: vote, side: for, with: Kine Resources Contested}
  - {by: Ben, do: vote, side: against, with: Rant!}
  - {by: Ben, do: vote, side: against, with: Catalina Vega}
  - by: Ann
    do: finish
    expect:
      - {card: Alabástrom, blood: 2}
      - {card: Aisha az-Zahra, blood: 3}
      - {player: Ben, pool: 20}
"""


def test_rant(db, tmp_path):
    _plays(db, tmp_path, "rant", _RANT)


_MOB = """
title: Mob Rule - a reacting Methuselah's vampire of capacity 8 burns 2 blood for 4 votes, one of capacity 4 cannot
  burn any; cast against with the card, they defeat the acting prince's 3 votes
source: "card text of Mob Rule"
table:
  - player: Ann
    ready:
      - {card: Alice Chen, blood: 7}
    hand: [Kine Resources Contested]
    library: [Dodge, Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Bulscu, blood: 4}
      - {card: Ryan, blood: 3}
    hand: [Mob Rule]
    library: [Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Alice Chen, kind: political, card: Kine Resources Contested}
  - {by: Ben, do: decline_block}
  - {by: Ann, do: resolve}
  - {by: Ann, do: terms, choice: "Ben 2, Ann 2"}
  - {by: Ann, do: vote, side: for, with: Alice Chen}
  - {by: Ann, do: vote, side: for, with: Kine Resources Contested}
  - {by: Ben, do: play, card: Mob Rule, minion: Bulscu}
  - {by: Ben, do: use, card: Ryan, effect: Mob Rule, expect_error: capacity above 4}
  - {by: Ben, do: use, card: Bulscu, effect: Mob Rule}
  - {by: Ben, do: use, card: Bulscu, effect: Mob Rule}
  - {by: Ben, do: vote, side: against, with: Mob Rule}
  - by: Ann
    do: finish
    expect:
      - {card: Bulscu, blood: 2}
      - {player: Ben, pool: 20}
"""


def test_mob_rule(db, tmp_path):
    _plays(db, tmp_path, "mob", _MOB)


_CRIMETHINC = """
title: CrimethInc. [qui] - after the acting Anarch's successful Border Skirmish (an action requiring an Anarch), another
  ready Anarch of the player (the target) unlocks; refused for a vampire that is not Anarch
source: "card text of CrimethInc."
table:
  - player: Ann
    ready:
      - {card: Aisha az-Zahra, blood: 5}
      - {card: Alabástrom, blood: 4, locked: true}
      - {card: Ryan, blood: 3, locked: true}
    hand: [CrimethInc., Border Skirmish]
    library: [Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Catalina Vega, blood: 4}
    hand: [Dodge]
    library: [Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Aisha az-Zahra, kind: card, card: Border Skirmish, target: Ben}
  - {by: Ben, do: decline_block}
  - {by: Ann, do: resolve}
  - {by: Ann, do: play, card: CrimethInc., minion: Aisha az-Zahra, level: qui, target: Ryan, expect_error: not another ready Anarch}
  - by: Ann
    do: play
    card: CrimethInc.
    minion: Aisha az-Zahra
    level: qui
    target: Alabástrom
    expect:
      - {card: Alabástrom, locked: false}
"""


def test_crimethinc_unlocks_another_anarch(db, tmp_path):
    _plays(db, tmp_path, "crimethinc", _CRIMETHINC)


_TYRANNY = """
title: Absolute Tyranny [POT][PRE] - played by the acting cardinal, who follows the Path of Power and the Inner Voice;
  at the tally the two prince vampires against, following no such path, count 1 vote fewer each, so 4 for beat 2 against
source: "card text of Absolute Tyranny"
table:
  - player: Ann
    ready:
      - {card: "Aaradhya, The Callous Tyrant", blood: 8}
    hand: [Kine Resources Contested, Absolute Tyranny]
    library: [Dodge, Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Alice Chen, blood: 4}
      - {card: Catalina Vega, blood: 4}
    library: [Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: "Aaradhya, The Callous Tyrant", kind: political, card: Kine Resources Contested}
  - {by: Ben, do: decline_block}
  - {by: Ann, do: resolve}
  - {by: Ann, do: terms, choice: "Ben 2, Ann 2"}
  - {by: Ann, do: play, card: Absolute Tyranny, minion: "Aaradhya, The Callous Tyrant", level: POT}
  - {by: Ann, do: vote, side: for, with: "Aaradhya, The Callous Tyrant"}
  - {by: Ann, do: vote, side: for, with: Kine Resources Contested}
  - {by: Ben, do: vote, side: against, with: Alice Chen}
  - {by: Ben, do: vote, side: against, with: Catalina Vega}
  - by: Ann
    do: finish
    expect:
      - {player: Ben, pool: 18}
"""


def test_absolute_tyranny(db, tmp_path):
    _plays(db, tmp_path, "tyranny", _TYRANNY)


_COALITION = """
title: Unexpected Coalition - each ready Brujah antitribu gives its Methuselah 1 vote; the acting one's player casts its
  2 with the card, the other's 1 against; a Brujah antitribu voted against the acting one, so the card's votes are not
  counted and the referendum fails 1 to 1
source: "card text of Unexpected Coalition"
table:
  - player: Ann
    ready:
      - {card: Amelia, blood: 5}
      - {card: Axel Von Anders, blood: 4}
    hand: [Kine Resources Contested, Unexpected Coalition]
    library: [Dodge, Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Antonio Veradas, blood: 4}
    library: [Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Amelia, kind: political, card: Kine Resources Contested}
  - {by: Ben, do: decline_block}
  - {by: Ann, do: resolve}
  - {by: Ann, do: terms, choice: "Ben 2, Ann 2"}
  - {by: Ann, do: play, card: Unexpected Coalition, minion: Amelia}
  - {by: Ann, do: vote, side: for, with: Amelia}
  - {by: Ann, do: vote, side: for, with: Unexpected Coalition}
  - {by: Ben, do: vote, side: against, with: Antonio Veradas}
  - {by: Ben, do: vote, side: against, with: Unexpected Coalition}
  - by: Ann
    do: finish
    expect:
      - {player: Ben, pool: 20}
"""


def test_unexpected_coalition(db, tmp_path):
    _plays(db, tmp_path, "coalition", _COALITION)


_EMISSARY = """
title: Emissary - the acting baron's player locks another ready anarch of theirs for 3 votes; an older Camarilla
  vampire of the other Methuselah locks to cancel them (a younger one cannot) and still votes; the referendum fails
source: "card text of Emissary"
table:
  - player: Ann
    ready:
      - {card: Adrino Manauara, blood: 6}
      - {card: Alabástrom, blood: 4}
    hand: [Kine Resources Contested, Emissary]
    library: [Dodge, Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Catalina Vega, blood: 4}
      - {card: Ryan, blood: 3}
    library: [Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Adrino Manauara, kind: political, card: Kine Resources Contested}
  - {by: Ben, do: decline_block}
  - {by: Ann, do: resolve}
  - {by: Ann, do: terms, choice: "Ben 2, Ann 2"}
  - by: Ann
    do: play
    card: Emissary
    minion: Adrino Manauara
    target: Alabástrom
    expect:
      - {card: Alabástrom, locked: true}
  - {by: Ben, do: use, card: Ryan, effect: Emissary, expect_error: older}
  - {by: Ben, do: use, card: Catalina Vega, effect: Emissary}
  - {by: Ann, do: vote, side: for, with: Emissary, expect_error: cast}
  - {by: Ann, do: vote, side: for, with: Kine Resources Contested}
  - {by: Ben, do: vote, side: against, with: Catalina Vega}
  - by: Ann
    do: finish
    expect:
      - {card: Catalina Vega, locked: true}
      - {player: Ben, pool: 20}
"""


def test_emissary(db, tmp_path):
    _plays(db, tmp_path, "emissary", _EMISSARY)


_AMICI = """
title: Amici Noctis - after the acting titled Lasombra's referendum passed by 3 votes (3 to 0), 1 blood goes to each of
  its player's two ready Lasombra and the third unit, 1 pool, to its player
source: "card text of Amici Noctis"
table:
  - player: Ann
    ready:
      - {card: Damian, blood: 4}
      - {card: "Lika, The Purger", blood: 1}
    hand: [Kine Resources Contested, Amici Noctis]
    library: [Dodge, Dodge, Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Ryan, blood: 3}
    library: [Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Damian, kind: political, card: Kine Resources Contested}
  - {by: Ben, do: decline_block}
  - {by: Ann, do: resolve}
  - {by: Ann, do: terms, choice: "Ben 2, Ann 2"}
  - {by: Ann, do: vote, side: for, with: Damian}
  - {by: Ann, do: vote, side: for, with: Kine Resources Contested}
  - by: Ann
    do: finish
    expect:
      - {player: Ben, pool: 18}
      - {player: Ann, pool: 28}
  - by: Ann
    do: play
    card: Amici Noctis
    minion: Damian
    expect:
      - {card: Damian, blood: 5}
      - {card: "Lika, The Purger", blood: 2}
      - {player: Ann, pool: 29}
"""


def test_amici_noctis(db, tmp_path):
    _plays(db, tmp_path, "amici", _AMICI)


_VEIL_SILENCE = """
title: Veil of Silence [QUI] - the blocking vampire whose block succeeds gets first strike with its hand strike in the
  first round, and the acting minion cannot dodge then; the acting ally with 1 life is burned before it strikes
source: "card text of Veil of Silence"
table:
  - player: Ann
    ready:
      - {card: "Fiorella, Empty One", life: 1}
    hand: [Dodge]
    library: [Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Abd al-Rashid, blood: 5}
    hand: [Veil of Silence]
    library: [Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: "Fiorella, Empty One", kind: bleed, target: Ben}
  - {by: Ben, do: block, minion: Abd al-Rashid}
  - {by: Ben, do: play, card: Veil of Silence, minion: Abd al-Rashid, level: QUI}
  - by: Ann
    do: resolve
    expect:
      - {action: blocked}
      - {combat: true}
  - {by: Ann, do: resolve}
  - {by: Ann, do: resolve}
  - {by: Ann, do: resolve}
  - {by: Ann, do: strike, minion: "Fiorella, Empty One", strike: Dodge, expect_error: dodge}
  - {by: Ann, do: strike, minion: "Fiorella, Empty One", strike: hand}
  - {by: Ben, do: strike, minion: Abd al-Rashid, strike: hand}
  - by: Ann
    do: resolve
    expect:
      - {card: "Fiorella, Empty One", region: ash_heap}
      - {card: Abd al-Rashid, blood: 4}
"""


def test_veil_of_silence(db, tmp_path):
    _plays(db, tmp_path, "veil_silence", _VEIL_SILENCE)


_SHILMULO = """
title: Shilmulo Deception [CHI] - once the prince's block succeeds, another vampire of its Methuselah becomes the blocking
  minion instead; the block resolves as normal with it (it locks and fights), and the prince stays unlocked
source: "card text of Shilmulo Deception"
table:
  - player: Ann
    ready:
      - {card: Ryan, blood: 3}
    library: [Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Catalina Vega, blood: 4}
      - {card: Alexis Sorokin, blood: 5}
    hand: [Shilmulo Deception]
    library: [Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Ryan, kind: bleed, target: Ben}
  - {by: Ben, do: block, minion: Catalina Vega}
  - {by: Ben, do: play, card: Shilmulo Deception, minion: Alexis Sorokin, level: CHI}
  - by: Ann
    do: resolve
    expect:
      - {action: blocked}
      - {combat: true}
      - {card: Alexis Sorokin, locked: true}
      - {card: Catalina Vega, locked: false}
"""


def test_shilmulo_deception(db, tmp_path):
    _plays(db, tmp_path, "shilmulo", _SHILMULO)


_SETS_CALL = """
title: Set's Call [ser] - the vampire blocking an employ retainer action takes the retainer before block resolution - the
  action succeeds and its cost is paid, the Raven Spy goes on the blocker (with +1 intercept from Eagle's Sight), and
  there is no combat
source: "card text of Set's Call"
table:
  - player: Ann
    ready:
      - {card: Ryan, blood: 3}
    hand: [Raven Spy]
    library: [Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Black Lotus, blood: 4}
    hand: [Set's Call, Eagle's Sight]
    library: [Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Ryan, kind: employ, card: Raven Spy, level: ani}
  - {by: Ben, do: block, minion: Black Lotus}
  - {by: Ben, do: play, card: Eagle's Sight, minion: Black Lotus, level: aus}
  - by: Ben
    do: play
    card: Set's Call
    minion: Black Lotus
    level: ser
    expect:
      - {action: successful}
      - {combat: false}
      - {card: Ryan, blood: 2}
      - {card: Raven Spy, region: in_play}
"""


def test_sets_call(db, tmp_path):
    _plays(db, tmp_path, "sets_call", _SETS_CALL)


_FAMILIAL = """
title: Familial Bond - the reacting Laibon's block fails even with +1 intercept; the acting minion's controller then makes
  the action fail (a use naming it); on the next bleed, whose block fails too and which succeeds, the Laibon locks to
  enter combat with the bleeder
source: "card text of Familial Bond"
table:
  - player: Ann
    ready:
      - {card: Ryan, blood: 3}
      - {card: Alice Chen, blood: 5}
    hand: [Cloak the Gathering, Lost in Crowds, Cloak the Gathering, Lost in Crowds]
    library: [Dodge, Dodge, Dodge, Dodge]
  - player: Ben
    pool: 20
    ready:
      - {card: Abiku, blood: 5}
    hand: [Familial Bond, Familial Bond]
    library: [Dodge, Dodge]
turn: {player: Ann, phase: minion, number: 7}
steps:
  - {by: Ann, do: action, minion: Ryan, kind: bleed, target: Ben}
  - {by: Ben, do: block, minion: Abiku}
  - {by: Ann, do: play, card: Cloak the Gathering, minion: Ryan, level: obf}
  - {by: Ben, do: play, card: Familial Bond, minion: Abiku}
  - {by: Ann, do: play, card: Lost in Crowds, minion: Ryan, level: obf}
  - {by: Ann, do: resolve}
  - by: Ann
    do: use
    card: Ryan
    effect: Familial Bond
    expect:
      - {action: unsuccessful}
      - {player: Ben, pool: 20}
  - {by: Ann, do: resolve}
  - {by: Ann, do: action, minion: Alice Chen, kind: bleed, target: Ben}
  - {by: Ben, do: block, minion: Abiku}
  - {by: Ann, do: play, card: Cloak the Gathering, minion: Alice Chen, level: obf}
  - {by: Ben, do: play, card: Familial Bond, minion: Abiku}
  - {by: Ann, do: play, card: Lost in Crowds, minion: Alice Chen, level: obf}
  - {by: Ann, do: resolve}
  - {by: Ben, do: decline_block}
  - by: Ann
    do: resolve
    expect:
      - {player: Ben, pool: 19}
  - by: Ben
    do: use
    card: Abiku
    effect: Familial Bond
    expect:
      - {combat: true}
      - {card: Abiku, locked: true}
"""


def test_familial_bond(db, tmp_path):
    _plays(db, tmp_path, "familial", _FAMILIAL)


def test_corruption_counters_are_per_methuselah_and_leave_with_the_minion(table):
    """effects_action.corruption: counters kept per (minion, Methuselah); burned only from one's own; gone once
    the minion leaves play."""
    from vtes_desktop.engine.context import Ctx
    from vtes_desktop.engine.errors import Illegal

    game = table(["Ann", "Ben"], ready={"Ann": [("Seterpenre", 5)], "Ben": [("Jayne Jonestown", 2)]})
    ctx = Ctx(game.game, game.game.state.clone())
    j = ctx.st.region(game.seat("Ben"), "ready")[0]
    ann, ben = game.seat("Ann"), game.seat("Ben")
    effects_action.put_corruption(ctx, j, ann, 2, "test")
    effects_action.put_corruption(ctx, j, ben, 1, "test")
    assert (effects_action.corruption(ctx, j, ann), effects_action.corruption(ctx, j, ben),
            effects_action.corruption(ctx, j)) == (2, 1, 3)
    with pytest.raises(Illegal):
        effects_action.burn_corruption(ctx, j, ben, 2, "test")
    effects_action.burn_corruption(ctx, j, ann, 2, "test")
    assert effects_action.corruption(ctx, j) == 1
    ctx.move(j, "ash_heap")
    assert effects_action.corruption(ctx, j) == 0
