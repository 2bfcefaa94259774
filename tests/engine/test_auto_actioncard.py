"""Action cards and political action cards carried out by the engine (engine/effects_actioncard.py).

The grammar's reading (cards/grammar/auto_politics.read) both flags a clause automated and tells the engine
what to do: these tests hold the two together, and play a few cards through the engine.
"""

from __future__ import annotations

import pytest

from vtes_desktop.cards.grammar import compile_rules
from vtes_desktop.cards.grammar.auto_politics import automated, read
from vtes_desktop.engine import effects_actioncard
from vtes_desktop.engine.commands import Action, DeclineBlock, Finish, Resolve, Terms, Vote
from vtes_desktop.engine.errors import Illegal


def _effect(db, name, kind, level=None):
    r = compile_rules(db[name])
    for m in r.modes:
        if level is None or m.level == level:
            for e in m.effects:
                if e.kind == kind:
                    return e, r.types
    raise AssertionError(f"{name} has no {kind} effect")


def test_every_reading_is_one_the_engine_carries_out(db):
    kinds = set()
    for c in db.library:
        r = compile_rules(c)
        for m in r.modes:
            types = effects_actioncard._mode_types(r, m)   # a dual card's or a power's mode: its own types
            for e in m.effects:
                x = read(e, types)
                if x is not None:
                    kinds.add(x[0])
                    assert automated(e, types)
    assert kinds <= effects_actioncard.HANDLED, kinds - effects_actioncard.HANDLED
    assert {"add_uncontrolled", "steal", "terms_allocate", "per_minion", "title", "burn_card"} <= kinds


@pytest.mark.parametrize("name,kind,level,reading", [
    ("Govern the Unaligned", "add", "DOM", ("add_uncontrolled", 3, True, None, None)),
    ("Thing", "add", None, ("add_uncontrolled", 2, False, "gangrel", None)),
    ("Kine Resources Contested", "allocate", None, ("terms_allocate", 4, 2, False)),
    ("Reckless Agitation", "allocate", None, ("terms_allocate", 6, 2, True)),
    ("Conservative Agitation", "allocate", None, ("terms_allocate", -1, 2, False)),
    ("Ancilla Empowerment", "burn", None, ("per_minion", -1, 1, "minion")),
    ("Political Stranglehold", "gain", None, ("per_minion", 1, 3, "capacity>=8")),
    ("Entrancement", "steal", "PRE", ("steal", "ally")),
    ("Praxis Seizure: Amsterdam", "put", None, ("title", "prince", "amsterdam")),
    ("Rewilding", "burn", None, ("burn_card", ("location",), False, 2)),
    ("Reins of Power", "choose", None, ("each_choose_vampire",)),
    ("Procurer", "move", None, ("ally_action", "blood", 2, False, "own ready vampire", 1, 0)),
    ("Preternatural Strength", "play", "POT", ("no_play_named", "torn signpost")),
    ("Harvest Rites", "gain", None, ("hunt_extra_once", 1)),
    ("Walks-With-Might", "cost", None, ("ally_master_tax", 1)),
    ("Code of Milan Suspended", "select", None, ("terms_edge_holder",)),
    ("Kindred Segregation", "burn", None, ("burn_all_keep", "ally")),
    ("Peace Treaty", "keep", None, ("keep_repay", "weapon")),
    ("Revocation of Tyre", "choose", None, ("accept_pass", "assamite")),
    ("Patsy", "choose", None, ("terms_titled_nonanarch",)),
    ("Political Flux", "choose", None, ("terms_number", 1, 12)),
    ("Sabbat Priest", "attempt", None, ("block_tax_chosen", 1)),
    ("Camarilla Threat", "pay", None, ("discard_tax", 1)),
    ("Crusade: Aragon", "put", None, ("title", "archbishop", "aragon")),
    ("Might of the Camarilla", "burn", None, ("each_burns_uncontrolled",)),
    ("Auto-da-fé", "burn", None, ("controller_pays_or_burns", 8)),
    ("Violation of Trust", "burn", None, ("burn_own_contract",)),
    ("Masquerade Enforcement", "burn", None, ("influence_tax", 1)),
    ("Abuse of Power", "burn", None, ("end_combat", "opponent controller pool", 1)),
    ("Games of Instinct", "gain", None, ("end_combat", "ready gains capacity", 0)),
    ("Rapid Healing", "leave", "for", ("leave_torpor_self",)),
    ("Rapid Healing", "state", "for", ("blocked_no_combat",)),
    ("Regeneration", "diablerize", "FOR", ("blocked_diablerie",)),
    ("Movement of the Slow Body", "get", "pro", ("blocked_diablerie",)),
    ("Resume the Coil", "commit", "nec", ("blocked_no_combat_diablerie",)),
    ("Off Kilter", "get", None, ("edge_get",)),
    ("Nosferatu Performance Art", "modifier", None, ("cond_stealth", "actor capacity>5", 1)),
    ("Edged Illusion", "inflict", "CHI", ("damage_each_ready", 1)),
    ("Harmony", "burn", None, ("prey_pool_per_named", 3, "choir")),
    ("Skullduggery", "bleed", "pro", ("bleed_card_stealth", 1, "prey", None)),
    ("Trick of the Danya", "move", "chi", ("danya", 1)),
    ("Veles' Hunt", "hunt", None, ("no_more_if_fails",)),
    ("Secret Must Be Kept", "burn", None, ("chosen_cards_burned", 1)),
    ("Cold War", "choose", None, ("terms_methuselah_or_location",)),
    ("Memory's Fading Glimpse", "move", "obf", ("on_target", "prey uncontrolled vampire", (("crypt_bottom",),))),
    ("Putrescent Sustenance", "change", "OBL", ("remove_ash_ally_for", 3)),
    ("Shared Nightmare", "block", "chi", ("chosen_no_block_vote_turn",)),
    ("Brick Laying", "inflict", "POT", ("target_more", (("damage_minion", 1),))),
    ("Cleansing Ritual", "unlock", "OBE", ("target_more", (("unlock_host_at_discard",),))),
    ("Psychophagia", "hunt", None, ("special_hunt", 1)),
    ("Exile", "lock", "PRE", ("on_target", "vampire or imbued in play", (("orun_exile",),))),
    ("Pillars Fall", "put", None, ("end_combat", "put on actor if opponent not ready", 0)),
    ("Big Game", "get", None, ("red_list_grant_unlock",)),
    ("Augur", "unlock", None, ("unlock_end_of_action",)),
    ("Expulsion", "play", None, ("chosen_cards_barred_turn",)),
    ("Benefit Performance", "gain", None, ("clan_pool_and_voters_blood", "daughter of cacophony", 1, 1)),
    ("Abactor", "call", None, ("blood_hunt_after",)),
    ("Propaganda", "lock", "PRE", ("target_locks_own_minion",)),
    ("Shattering Crescendo", "change", "MEL", ("discard_copy_damage", 2, 3)),
    ("Free States Rant", "burn", None, ("blood_per_point", 1)),
    ("Free States Rant", "state", None, ("eat_the_rich_votes",)),
    ("Year of Fortune", "hand_size", None, ("hand_size_chosen", 1)),
    ("Hand Intervention", "burn", None, ("chosen_burns_by_edge",)),
    ("Cheat the Fates", "block", "tem", ("no_block", "without tem", "no discipline cards")),
    ("Hunting the Beast", "add", "AUS", ("end_combat", "blood to uncontrolled salubri", 2)),
    ("Chameleon", "become", None, ("target_more", (("becomes_anarch",),))),
    ("Rampage", "action_stealth", "pot", ("cond_stealth", "own target", 1)),
    ("Sacrificial Lamb", "consider", "obf", ("target_more", ())),
    ("Undue Influence", "move", "chi", ("unc_blood_to_chosen", 1)),
    ("Undue Influence", "add", "pre", ("bleed_add_blood", 1, "uncontrolled")),
    ("Songs of the Distant Vitae", "modifier", "QUI", ("bleed_vs_hunter_controller", 1)),
    ("Fire on the Mountain", "get", None, ("blood_hunt_votes", 2)),
    ("Warding the Beast", "cast", "VAL", ("blood_hunt_for_only", ("baali", "tremere", "tremere antitribu"))),
    ("Tribunal Judgment", "take", None, ("recent_voter_damage",)),
    ("Lextalionis", "choose", None, ("terms_recent_vp",)),
    ("Command the Legion", "state", "DOM", ("lock_x_one_any",)),
    ("Unwholesome Bond", "gain", "san", ("gain_circle_count_plus", 1)),
    ("Mozambique Allure", "draw", None, ("if_sect_crypt_draw", "laibon")),
    ("Gear Up", "unlock", "vic", ("unlock_self_and", "strength", 1)),
    ("Reality", "stay", "CHI", ("target_more", ())),
    ("Anonymous Freight", "equip", None, ("special_hunt", 3)),
    ("Jack of Both Sides", "reduce", None, ("hand_card_cost_cut", 1, 2)),
    ("Enthrall", "burn", "OBF", ("bleed_blood_for_crypt_draw", 1)),
    ("Anarch Secession", "put", None, ("baron_of_same_city",)),
    ("Praxis Solomon", "yield", None, ("chosen_yield",)),
    ("Black Hand Ritual", "replace", None, ("target_more", ())),
])
def test_readings(db, name, kind, level, reading):
    e, types = _effect(db, name, kind, level)
    assert read(e, types) == reading
    assert e.automated


def test_clauses_left_to_the_players_are_not_read(db):
    # a lasting effect of a card in play, a limit on later plays: carried out by hand
    e, types = _effect(db, "Constant Revolution", "burn")
    assert read(e, types) is None
    assert not compile_rules(db["Constant Revolution"]).automated
    e, types = _effect(db, "Dramatic Upheaval", "switch")   # seats that change places: by hand
    assert read(e, types) is None
    assert not compile_rules(db["Dramatic Upheaval"]).automated


def test_govern_the_unaligned_adds_blood_to_the_named_younger_vampire(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Abraham DuSable", 4)], "Alexis": [("Ryan", 3)]},
                 uncontrolled={"Sarah": [("Nassir", 1), ("Cardano", 0)]}, hand={"Sarah": ["Govern the Unaligned"]})
    with pytest.raises(Illegal, match="not younger"):
        game.step("Sarah", Action, minion="Abraham DuSable", kind="card", card="Govern the Unaligned",
                  level="superior", target="Cardano")
    game.step("Sarah", Action, minion="Abraham DuSable", kind="card", card="Govern the Unaligned", level="superior",
              target="Nassir")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    st = game.game.state
    nassir = next(c for c in st.cards.values() if game.game.db[c.cid].name == "Nassir")
    assert nassir.counters == 4 and nassir.region == "uncontrolled"
    assert not any(type(f).__name__ == "ManualFrame" for f in st.frames)


def test_kine_resources_contested_burns_the_allocated_pool(table):
    game = table(["Sarah", "Alexis", "Jon"], ready={"Sarah": [("Alexa Draper", 3)]},
                 hand={"Sarah": ["Kine Resources Contested"]})
    game.step("Sarah", Action, minion="Alexa Draper", kind="political", card="Kine Resources Contested")
    game.step("Sarah", Resolve)
    game.step("Alexis", DeclineBlock)
    game.step("Jon", DeclineBlock)
    game.step("Sarah", Resolve)
    with pytest.raises(Illegal, match="exactly 4"):
        game.step("Sarah", Terms, choice="Alexis 2, Jon 1")
    game.step("Sarah", Terms, choice="Alexis 2, Jon 2")
    game.step("Sarah", Vote, side="for", **{"with": "Alexa Draper"})
    game.step("Sarah", Finish)
    pools = [s.pool for s in game.game.state.seats]
    assert pools == [30, 28, 28]


def _named(game, name):
    st = game.game.state
    return next(c for c in st.cards.values() if game.game.db[c.cid].name == name)


def test_disciple_of_lazarus_blood_or_a_harbinger_from_the_crypt(table, db):
    harbingers = sorted((c for c in db.crypt if c.clans == ("Harbinger of Skulls",) and not c.advanced),
                        key=lambda c: c.capacity)
    young, old = harbingers[0], harbingers[-1]
    game = table(["Sarah", "Alexis"], ready={"Sarah": [(old.name, 4)], "Alexis": [("Ryan", 3)]},
                 uncontrolled={"Sarah": [(young.name, 1)]}, crypt={"Sarah": [harbingers[1].name, "Nassir"]},
                 hand={"Sarah": ["Disciple of Lazarus", "Disciple of Lazarus"]}, library={"Sarah": ["Dodge"] * 3})
    with pytest.raises(Illegal, match="not Harbinger"):
        game.step("Sarah", Action, minion=old.name, kind="card", card="Disciple of Lazarus", target="Nassir")
    game.step("Sarah", Action, minion=old.name, kind="card", card="Disciple of Lazarus", target=young.name)
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    assert _named(game, young.name).counters == 3
    assert not any(type(f).__name__ == "ManualFrame" for f in game.game.state.frames)


def test_flurry_of_action_draws_two_then_two_discards_are_owed(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Aisha az-Zahra", 4)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Flurry of Action"]}, library={"Sarah": ["Dodge", "Bonding", "Conditioning"]})
    game.step("Sarah", Action, minion="Aisha az-Zahra", kind="card", card="Flurry of Action", level="basic",
              target="Alexis")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    st = game.game.state
    assert len(st.region(game.seat("Sarah"), "hand")) == 3     # the replacement, then two more
    assert st.seats[game.seat("Alexis")].pool < 30
    from vtes_desktop.engine.effects_master import owed_discards
    from vtes_desktop.engine.context import Ctx

    assert owed_discards(Ctx(game.game, st), game.seat("Sarah")) == 2


def test_disciple_of_lazarus_moves_a_harbinger_from_the_crypt(table, db):
    harbingers = sorted((c for c in db.crypt if c.clans == ("Harbinger of Skulls",) and not c.advanced),
                        key=lambda c: c.capacity)
    game = table(["Sarah", "Alexis"], ready={"Sarah": [(harbingers[-1].name, 4)], "Alexis": [("Ryan", 3)]},
                 crypt={"Sarah": ["Nassir", harbingers[1].name]}, hand={"Sarah": ["Disciple of Lazarus"]})
    game.step("Sarah", Action, minion=harbingers[-1].name, kind="card", card="Disciple of Lazarus",
              target=harbingers[1].name)
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    moved = _named(game, harbingers[1].name)
    assert moved.region == "uncontrolled" and moved.controller == game.seat("Sarah")


def test_army_of_rats_in_play_burns_the_preys_pool_and_can_be_burned(table):
    from vtes_desktop.engine.commands import EndPhase

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Adhiambo", 4)], "Alexis": [("Ryan", 3), ("Nassir", 3)]},
                 hand={"Sarah": ["Army of Rats"]})
    game.step("Sarah", Action, minion="Adhiambo", kind="card", card="Army of Rats")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    st = game.game.state
    rats = [i for i in st.region(game.seat("Sarah"), "in_play") if game.game.db[st.cards[i].cid].name == "Army of Rats"]
    assert len(rats) == 1
    for who in ["Sarah"] * 3 + ["Alexis"] * 5:     # to Sarah's next unlock phase
        game.step(who, EndPhase)
    assert game.game.state.phase == "unlock" and game.game.state.seats[game.seat("Alexis")].pool == 29
    for who in ["Sarah"] * 5 + ["Alexis"] * 2:     # to Alexis's minion phase
        game.step(who, EndPhase)
    assert game.game.state.seats[game.seat("Alexis")].pool == 29   # Alexis's own unlock phase: no burn
    game.step("Alexis", Action, minion="Ryan", kind="card", **{"from": rats[0]})
    game.step("Sarah", DeclineBlock)
    game.step("Alexis", Finish)
    assert game.game.state.cards[rats[0]].region == "ash_heap"


def test_gregory_winter_steals_blood_as_life_and_burns_a_life_each_unlock(table):
    from vtes_desktop.engine.commands import EndPhase

    game = table(["Sarah", "Alexis"], ready={"Sarah": ["Gregory Winter"], "Alexis": [("Ryan", 3)]})
    life = _named(game, "Gregory Winter").counters
    game.step("Sarah", Action, minion="Gregory Winter", kind="card", **{"from": "Gregory Winter"}, target="Ryan")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    assert _named(game, "Ryan").counters == 2 and _named(game, "Gregory Winter").counters == life + 1
    for who in ["Sarah"] * 3 + ["Alexis"] * 5:     # to Sarah's next unlock phase
        game.step(who, EndPhase)
    assert _named(game, "Gregory Winter").counters == life


def test_vagabond_mystic_locks_to_heal_an_ally(table):
    from vtes_desktop.engine.commands import Use

    game = table(["Sarah", "Alexis"], ready={"Sarah": ["Vagabond Mystic", ("Carlton Van Wyk", 1)],
                                             "Alexis": [("Ryan", 3)]})
    with pytest.raises(Illegal, match="not fewer"):
        game.step("Sarah", Use, card="Vagabond Mystic", minion="Vagabond Mystic")
    game.step("Sarah", Use, card="Vagabond Mystic", minion="Carlton Van Wyk")
    assert _named(game, "Carlton Van Wyk").counters == 2 and _named(game, "Vagabond Mystic").locked
    with pytest.raises(Illegal, match="unlocked"):
        game.step("Sarah", Use, card="Vagabond Mystic", minion="Carlton Van Wyk")


def test_sudario_refraction_brings_back_three_cards_through_a_random_discard(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Ambrogino Giovanni", 4)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Sudario Refraction", "Deflection", "Redirection", "Telepathic Misdirection"]},
                 library={"Sarah": ["Wake with Evening's Freshness"]})
    st = game.game.state
    for n in ("Dodge", "Bonding", "Conditioning"):   # the ash heap: discarded earlier
        iid = max(st.cards) + 1
        from vtes_desktop.engine.state import Card

        st.put(Card(iid=iid, cid=game.game.db[n].id, owner=0, controller=0, region="ash_heap"))
        st.w_regions()[(0, "ash_heap")] = st.region(0, "ash_heap") + (iid,)
    with pytest.raises(Illegal, match="name 3 library cards"):
        game.step("Sarah", Action, minion="Ambrogino Giovanni", kind="card", card="Sudario Refraction",
                  target="Dodge; Bonding")
    game.step("Sarah", Action, minion="Ambrogino Giovanni", kind="card", card="Sudario Refraction",
              target="Dodge; Bonding; Conditioning")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    st = game.game.state
    hand = {game.game.db[st.cards[i].cid].name for i in st.region(0, "hand")}
    assert {"Dodge", "Bonding", "Conditioning"} <= hand and len(st.region(0, "hand")) == 4


def test_judgment_camarilla_segregation_taxes_and_can_be_burned(table):
    from vtes_desktop.engine.commands import EndPhase, Use

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Alexa Draper", 4)], "Alexis": [("Abaddon", 3), ("Ryan", 3)]},
                 hand={"Sarah": ["Judgment: Camarilla Segregation"]})
    game.step("Sarah", Action, minion="Alexa Draper", kind="card", card="Judgment: Camarilla Segregation")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    st = game.game.state
    judgment = next(i for i in st.region(0, "in_play"))
    for who in ["Sarah"] * 3:     # to Alexis's unlock phase
        game.step(who, EndPhase)
    assert game.game.state.seats[1].pool == 29 and game.game.state.seats[0].pool == 30
    game.step("Alexis", EndPhase)   # to her master phase
    with pytest.raises(Illegal, match="Camarilla"):
        game.step("Alexis", Use, card=judgment, minion="Ryan")
    game.step("Alexis", Use, card=judgment, minion="Abaddon")
    st = game.game.state
    assert st.cards[judgment].region == "ash_heap" and _named(game, "Abaddon").region == "ash_heap"


def test_heart_of_the_city_stays_on_the_vampire_and_adds_bleed(table):
    from vtes_desktop.engine.rules_action import minion_bleed
    from vtes_desktop.engine.context import Ctx

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Aisha az-Zahra", 5)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Heart of the City", "Heart of the City"]})
    aisha = _named(game, "Aisha az-Zahra").iid
    before = minion_bleed(Ctx(game.game, game.game.state), aisha)
    game.step("Sarah", Action, minion="Aisha az-Zahra", kind="card", card="Heart of the City", level="superior")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    st = game.game.state
    assert any(game.game.db[st.cards[a].cid].name == "Heart of the City" for a in st.attached.get(aisha, ()))
    assert minion_bleed(Ctx(game.game, st), aisha) == before + 2


def test_passion_locks_a_minion_of_the_prey_at_plus_one_stealth(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Apolonia Czarnecki", 5)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Passion"]})
    game.step("Sarah", Action, minion="Apolonia Czarnecki", kind="card", card="Passion", level="superior",
              target="Ryan")
    assert game.game.state.top.base_stealth == 1
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    assert _named(game, "Ryan").locked


def test_revolutionary_council_locks_anarchs_burns_pool_and_cards(table, db):
    game = table(["Sarah", "Alexis"],
                 ready={"Sarah": [("Adrino Manauara", 4), ("Alabástrom", 3), ("Aisha az-Zahra", 3)],
                        "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Revolutionary Council"]})
    game.step("Sarah", Action, minion="Adrino Manauara", kind="political", card="Revolutionary Council")
    game.step("Sarah", Resolve)
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Resolve)
    with pytest.raises(Illegal, match="exactly 4"):
        game.step("Sarah", Terms, choice="Alabástrom, Aisha az-Zahra; Alexis 3")
    with pytest.raises(Illegal, match="unlocked Anarch"):
        game.step("Sarah", Terms, choice="Adrino Manauara; Alexis 2")
    game.step("Sarah", Terms, choice="Alabástrom, Aisha az-Zahra; Alexis 3, Sarah 1")
    game.step("Sarah", Vote, side="for", **{"with": "Adrino Manauara"})
    game.step("Sarah", Finish)
    st = game.game.state
    assert _named(game, "Alabástrom").locked and _named(game, "Aisha az-Zahra").locked
    assert st.seats[game.seat("Alexis")].pool == 27 and st.seats[game.seat("Sarah")].pool == 29


def test_double_deuce_acts_at_plus_one_stealth_and_regains_life(table):
    from vtes_desktop.engine.commands import EndPhase
    from vtes_desktop.engine.rules_action import stealth
    from vtes_desktop.engine.context import Ctx

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Double Deuce", 2)], "Alexis": [("Ryan", 3)]})
    game.step("Sarah", Action, minion="Double Deuce", kind="bleed")
    st = game.game.state
    assert stealth(Ctx(game.game, st), st.top) == 1
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    for who in ["Sarah"] * 3 + ["Alexis"] * 5:     # to Sarah's next unlock phase
        game.step(who, EndPhase)
    assert _named(game, "Double Deuce").counters == 3


def _to_ash_heap(game, seat: int, name: str) -> int:
    from vtes_desktop.engine.state import Card

    st = game.game.state
    iid = max(st.cards) + 1
    st.put(Card(iid=iid, cid=game.game.db[name].id, owner=seat, controller=seat, region="ash_heap"))
    st.w_regions()[(seat, "ash_heap")] = st.region(seat, "ash_heap") + (iid,)
    return iid


def test_possession_superior_brings_a_vampire_back_ready_with_a_blood(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Alcoan", 5)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Possession"]})
    nassir = _to_ash_heap(game, 0, "Nassir")
    with pytest.raises(Illegal, match="not a vampire in your ash heap"):
        game.step("Sarah", Action, minion="Alcoan", kind="card", card="Possession", level="superior", target="Ryan")
    game.step("Sarah", Action, minion="Alcoan", kind="card", card="Possession", level="superior", target="Nassir")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    c = game.game.state.cards[nassir]
    assert c.region == "ready" and c.counters == 1 and c.controller == 0


def test_no_clause_is_claimed_by_another_family_too(db):
    """A clause this family reads is carried out here only: no family before it in `effects._families()` reads it as
    well (this engine module would act on it too); a family after it may read it, but `effects.owner` names this one,
    so that family's engine leaves it alone (its `claims`)."""
    from vtes_desktop.cards.grammar import effects

    fams = effects._families()
    earlier = fams[:fams.index(automated)]
    both = []
    for c in db.library:
        r = compile_rules(c)
        for m in r.modes:
            for e in m.effects:
                if read(e, r.types) is not None and (any(f(e, r.types) for f in earlier)
                                                     or effects.owner(e, r.types) != "auto_politics"):
                    both.append((c.name, e.text))
    assert not both, both[:5]


def test_harvest_rites_gives_its_extra_blood_once_each_turn(table):
    from vtes_desktop.engine.context import Ctx

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Aaron Bathurst", 2)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Harvest Rites"]})      # capacity 4: room for both hunts
    game.step("Sarah", Action, minion="Aaron Bathurst", kind="card", card="Harvest Rites")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    aaron = _named(game, "Aaron Bathurst")
    assert aaron.counters == 1 and game.game.state.attached.get(aaron.iid)
    gains = []
    for _ in range(2):      # unlocked by hand between the two hunts of the same turn
        Ctx(game.game, game.game.state).update(aaron.iid, locked=False)
        before = _named(game, "Aaron Bathurst").counters
        game.step("Sarah", Action, minion="Aaron Bathurst", kind="hunt")
        game.step("Alexis", DeclineBlock)
        game.step("Sarah", Finish)
        gains.append(_named(game, "Aaron Bathurst").counters - before)
    assert gains == [2, 1]


def test_year_of_fortune_and_hand_intervention_change_the_chosen_hand_size(table):
    from vtes_desktop.engine.context import Ctx
    from vtes_desktop.engine.effects_master import hand_size

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Anson", 6), ("Aelswith, The Irresistible", 6)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Year of Fortune", "Hand Intervention"]})
    ctx = Ctx(game.game, game.game.state)
    base = hand_size(ctx, 0), hand_size(ctx, 1)
    for minion, card, chosen in (("Anson", "Year of Fortune", "Sarah"),
                                  ("Aelswith, The Irresistible", "Hand Intervention", "Sarah")):
        game.step("Sarah", Action, minion=minion, kind="political", card=card)
        game.step("Alexis", DeclineBlock)
        game.step("Sarah", Resolve)
        game.step("Sarah", Terms, choice=chosen)
        game.step("Sarah", Vote, side="for", **{"with": card})
        game.step("Sarah", Finish)
        ctx = Ctx(game.game, game.game.state)
        if card == "Year of Fortune":
            assert (hand_size(ctx, 0), hand_size(ctx, 1)) == (base[0] + 1, base[1])
    assert (hand_size(ctx, 0), hand_size(ctx, 1)) == base      # +1 and -1 for Sarah


def test_pulse_of_the_canaille_shows_the_other_hands_to_its_player_only_for_the_turn(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Aidan Lyle", 6), ("Anson", 6)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Pulse of the Canaille"], "Alexis": ["Deflection", "Eagle's Sight"]})
    game.step("Sarah", Action, minion="Aidan Lyle", kind="card", card="Pulse of the Canaille", level="aus")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    game.step("Sarah", Action, minion="Anson", kind="bleed")     # the first action ends: the hands are shown

    def looks(seat):
        return [x for x in game.game.log_lines(seat) if "hand (Pulse of the Canaille)" in x]

    assert len(looks(0)) == 1 and "Deflection" in looks(0)[0] and "Eagle's Sight" in looks(0)[0]
    assert not [x for x in game.game.log_lines(1) if "Deflection" in x]     # not to the others
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    game.step("Sarah", Resolve)      # the bleed is over
    assert len(looks(0)) == 2      # again as the later action of the turn ends
