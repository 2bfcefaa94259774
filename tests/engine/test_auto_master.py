"""Master cards the engine carries out: every automated reading has a handler; plays and uses through the API."""

from __future__ import annotations

import pytest

from vtes_desktop.cards.grammar.auto_permanent import PATTERNS, reading
from vtes_desktop.cards.grammar.effects import owner
from vtes_desktop.cards.rules import compile_rules
from vtes_desktop.engine import effects_master
from vtes_desktop.engine.commands import EndPhase, Play, Use
from vtes_desktop.engine.errors import Illegal, Malformed

#: readings the engine honours outside `effects_master.PLAYED`/`USED`: lasting effects and moments of the turn
LASTING = {"transfers", "hand_size", "minion_tap_cost", "villein_cost", "discipline_level", "discipline_capacity",
           "not_on_superior", "predator_takes", "card_action", "cannot_block", "allies_intercept",
           "discard_burn_torpor", "vote_lock", "counter_on_lock", "burn_at_counters", "cancel_master", "wash",
           "cancel_minion", "unlock_counter_from_pool", "toll_per_counter", "toll_or_burn_vampire", "redirect_cost",
           "unblocked_penalty", "enter_combat_action", "host_burns_action",
           "untargetable", "target_cost", "burn_after_torpor", "torpor_burns_pool", "torpor_tax",
           "recruit_discount", "cancel_event", "vine_refund", "vine_upkeep", "extra_mpa", "fewer_dpa_burn",
           "equip_unlocks", "thirst", "hunt_tithe", "burn_at_blood", "leopold_upkeep", "leopold_move",
           "hunt_bonus", "luanda_action", "loa_bleed", "host_burn_next_unlock", "rescue_stealth_cheaper", "creep_gain", "heal_two_per_blood", "trophy_hunting", "host_intercept", "host_bleed", "no_actions",
           "untargetable_ready", "capitalist", "host_stealth", "block_costs_blood", "blocked_penalty",
           "millicent", "vp_hand_size", "tension", "block_tax", "hunt_food_gain", "not_during_action",
           "uncoil_burn", "uncoil_burned_by", "torpor_action_cost", "older_rescue_cost", "sorrow_no_unlock",
           "ignore_excess", "burn_all_boons", "no_more_boons",
           # effects_master.emptied (after a use or a counter removed by hand), card_votes (rules_politics.vote),
           # location_discount (extra_cost)
           "burn_when_empty", "vote_lock_each", "vote_lock_unless", "vote_lock_host", "vote_political",
           "vote_burn_pool", "location_discount",
           # hand_size, start_of_unlock_phase, block_refusal, the Glutton use
           "chosen_hand_size", "chapterhouse", "no_block_by_clan", "unlocked_burns",
           # start_of_unlock_phase, vote_refusal (rules_politics.vote), actor_stealth and actor_refusal (announce)
           "shortage", "no_votes", "political_stealth", "no_bleed_you",
           # announce_burn_referendum (rules_action._burn_referendum), start_of_unlock_phase
           "burn_referendum", "revolt_tax", "lock_end_combat",
           "burn_if_other_kind", "drain_action", "unlock_card_to_pool", "titled_action_stealth",
           # after_event, event_refusal (rules_action._play_event), intercept_bonus, announce_from, _inquisition
           "fourth_cycle", "no_gehenna_play", "imbued_intercept", "monster_enters_imbued", "chosen_damage",
           "host_enter_combat", "damned_burn", "political_cost", "temple_intercept", "guru",
           # start_of_discard_phase, start_of_unlock_phase, bleed_bonus, master_votes, actor_stealth, after_action
           "discard_counter", "burn_own_unlock", "clan_bleed", "clan_votes", "clan_action_stealth", "hunt_fill",
           "younger_caller_vote", "younger_blocker_burns", "anyone_cancel",
           "blood_hunt_against", "unlock_add_counters", "fletcher", "vote_lock_counters",
           "fbi", "burn_at_counters_event",
           # path_discount (rules_action: action cards, modifiers and reactions; rules_combat._extra_blood)
           "path_discount",
           # master_strength (rules_combat.strength)
           "host_strength", "clan_strength",
           # press_from_master (rules_combat.press)
           "lock_press",
           # master_bleed_cap (rules_action._succeed), after_action
           "master_bleed_cap", "burn_after_own_bleed",
           # actor_stealth, actor_refusal (rules_action.announce)
           "host_diablerie_stealth", "host_no_kinds",
           # vote_refusal (rules_politics.vote)
           "no_vote_own_hunt",
           # block_refusal
           "hunt_changeling_block",
           # action_extra_blood (rules_action.announce)
           "ward_cost",
           # session 3: bleed_bonus and master_votes (Ancestor Spirit, Conductor), blocked (Rebel)
           "caller_bleed_vote", "conductor_votes", "rebel_block",
           # rules_action._play_out_of_turn reads "You may play this card during your turn"
           "own_turn_ok",
           # master_strength; card_votes (rules_politics.vote)
           "discipline_strength", "vote_burn_without", "vote_lock_big",
           # state_checks: after a combat (Sociopath, Bravo), after a failed referendum (Traditionalist)
           "sociopath", "bravo", "traditionalist",
           # announce_from and succeed_from: (D) actions from master cards
           "host_enter_combat_vs", "host_burn_blood", "host_lock_any", "burn_uncontrolled_action",
           # after_action and end_of_minion_phase (Loner), blocked (Sforzesco Castle), state_checks (Realm of the Black Sun)
           "loner", "block_lock_instead", "prey_master_gain",
           # after_play and state_checks (Galaric's Legacy), equip_surcharge (rules_action.announce)
           "burn_if_sect_changes", "weapon_surcharge",
           # use_in_combat (Powerbase: Savannah)
           "lock_other_end_combat",
           # start_of_unlock_phase (Children of Osiris, Whispers of the Nictuku)
           "clan_no_unlock",
           # after_play and state_checks (High Museum of Art, Atlanta); the Louvre's second clause (its use)
           "museum_gain", "museum_burn", "lock_lock_if_title",
           # announce_from (the contracts)
           "contract_enter",
           # announce_from and succeed_from (Houngan moved)
           "take_to_self",
           # context.discipline_level (chosen_discipline), start_of_discard_phase
           "chosen_level", "chosen_superior", "burn_own_discard",
           # intercept_bonus; rules_combat._equipment_prevent (a card on the minion: "prevent 1 damage each combat")
           "host_intercept_bleed", "host_prevent",
           # context.sect (fallen_sect)
           "no_sect", "sect_considered",
           # block_refusal and reaction_refusal (Blind Spot), start_of_unlock_phase and block_refusal (the Ball)
           "blind_spot", "ball_no_unlock", "ball_unblockable",
           # use_in_combat (Saulot's Guiding Wisdom)
           "host_lock_end_combat",
           # master_bleed_cap and after_action (Alamut)
           "bled_pool_to_card",
           # state_checks (Dead Pool)
           "combat_fall_counter",
           # start_of_unlock_phase and pay_toll (Obsession, Kindred Society Games)
           "host_no_unlock", "obsession_toll", "games_toll", "games_burned",
           # after_play (Swiss Cut)
           "investment_feeds",
           # announce_from (Shakar: the Hunt, Haqim's Law: Judgment)
           "all_chosen", "any_enter",
           # rules_diablerie.blood_hunt_barred, after_action (Trophy: Diablerie)
           "hunt_barred", "burn_after_diablerie",
           # hand_size (Trophy: Library)
           "host_hand_size", "at_most_two",
           # the uses of Pentex(TM) Loves You! and Curmudgeon (their second clauses; blocked)
           "pentex_burn", "curmudgeon_gain",
           # start_of_unlock_phase and pay_toll (Recalled to the Founder, Conquest of Humanity)
           "founder_burn", "founder_immune", "conquest_toll",
           # announce_from and succeed_from (Powerbase: Rome)
           "blood_to_card_action",
           # start_of_unlock_phase and pay_toll (Fear of Mekhet)
           "mekhet_burn", "mekhet_move",
           # announce_from, state checks and end_of_minion_phase (Frontal Assault)
           "assault_enter", "assault_gain", "assault_end",
           # state checks (Priority Contract)
           "leave_ready_gain",
           # state checks (Bounty)
           "bounty_torpor", "bounty_burned",
           # actor_stealth and hunt_bonus (Guinea-Bissau Carnival)
           "aye_hunt",
           # state checks (The Black Throne)
           "contract_fall_pool", "conniver",
           # actor_stealth; the use burns at the count (Strained Vitae Supply)
           "no_hunt_stealth", "burn_at_seats",
           # start_of_unlock_phase, block_refusal, action_extra_blood and state checks (Transcendent Laibon)
           "laibon_gain", "laibon_tax", "laibon_burn",
           # announce_from and succeed_from (Wall Street Night)
           "investment_raid",
           # announce_from and succeed_from (Heartblood of the Clan)
           "bank_to_card_action",
           # state checks (Cursed Abattoir)
           "zombie_burned_counter"}


def test_every_reading_has_a_handler():
    keys = {k for k, _ in PATTERNS}
    assert keys <= effects_master.PLAYED | effects_master.USED | LASTING, keys - (
        effects_master.PLAYED | effects_master.USED | LASTING)


def test_automated_master_effects_come_from_core_or_a_reading(db):
    """A master card's effect marked automated is a core one the engine already resolves (put in play) or one
    with a reading here: nothing is flagged that no code carries out."""
    n = 0
    for c in db.library:
        if "Master" not in c.types:
            continue
        r = compile_rules(c)
        for m in r.modes:
            for e in m.effects:
                if e.automated and e.kind != "put_in_play" and e.get("frame") \
                        and owner(e, r.types) in (None, "core", "auto_permanent"):   # other families answer for theirs
                    assert reading(e, r.types) is not None or not e.get("frame"), (c.name, e.text)
        n += r.automated
    assert n >= 60


def test_blood_doll_played_on_a_vampire_then_used(table):
    game = table(["Ann", "Ben"], ready={"Ann": [("Alexa Draper", 3)], "Ben": [("Colette", 2)]},
                 hand={"Ann": ["Blood Doll"]}, library={"Ann": ["Dodge"] * 3}, turn=("Ann", "master", 5), pool={"Ann": 10})
    with pytest.raises(Malformed, match="target"):
        game.step("Ann", Play, card="Blood Doll")
    with pytest.raises(Illegal, match="controlled by Ben"):
        game.step("Ann", Play, card="Blood Doll", target="Colette")
    game.step("Ann", Play, card="Blood Doll", target="Alexa Draper")
    game.step("Ann", Use, card="Blood Doll", effect="to pool")
    v = game.view("Ann")
    assert v.seats[game.seat("Ann")].pool == 11
    with pytest.raises(Illegal, match="already been used"):
        game.step("Ann", Use, card="Blood Doll", effect="to vampire")


def test_legal_answer_offers_targets_and_uses(table):
    game = table(["Ann", "Ben"], ready={"Ann": [("Alexa Draper", 3)], "Ben": [("Colette", 2)]},
                 hand={"Ann": ["Blood Doll", "Giant's Blood"]}, library={"Ann": ["Dodge"] * 3},
                 turn=("Ann", "master", 5))
    ans = game.game.legal(game.seat("Ann"))
    by_name = {game.game.db[game.game.state.cards[i].cid].name: a for i, a in ans.cards.items()}
    doll = [u.command.target for u in by_name["Blood Doll"].uses]
    alexa = game.game.resolve_ref(game.seat("Ann"), "Alexa Draper") if hasattr(game.game, "resolve_ref") else None
    assert doll and all(t is not None for t in doll)
    if alexa is not None:
        assert set(doll) == {alexa}
    assert len({u.command.target for u in by_name["Giant's Blood"].uses}) == 2      # either vampire at the table
    game.step("Ann", Play, card="Blood Doll", target="Alexa Draper")
    uses = [c for c in game.game.legal(game.seat("Ann")).commands if c.type == "use" and c.card != "edge"]
    assert {c.effect for c in uses} == {"to pool", "to vampire"}
    game.step("Ann", EndPhase)
    assert not [c for c in game.game.legal(game.seat("Ann")).commands if c.type == "use" and c.card != "edge"]


def test_legal_answer_offers_stealing_a_location(table):
    game = table(["Ann", "Ben"], ready={"Ann": [("Alexa Draper", 3)], "Ben": [("Colette", 2)]},
                 hand={"Ben": ["Powerbase: Montreal"]}, library={"Ben": ["Dodge"] * 3}, turn=("Ben", "master", 5))
    game.step("Ben", Play, card="Powerbase: Montreal")
    for _ in range(4):
        game.step("Ben", EndPhase)
    game.step("Ann", EndPhase)
    game.step("Ann", EndPhase)
    acts = [c for c in game.game.legal(game.seat("Ann")).commands if c.type == "action" and c.kind == "card"]
    assert len(acts) == 1 and acts[0].from_ is not None


def test_legal_answer_offers_second_pass_masters(table):
    """Grooming the Protégé (giver, protégé, blood), Aggressive Tactics (a Methuselah), Secret Horde (X) and
    the investments' and Gurchon Hall's uses are offered, each accepted by the engine."""
    game = table(["Ann", "Ben"], ready={"Ann": [("Alexa Draper", 4)], "Ben": [("Colette", 2)]},
                 uncontrolled={"Ann": [("Courtland Leighton", 0)]},
                 hand={"Ann": ["Grooming the Protégé", "Aggressive Tactics", "Secret Horde"]},
                 library={"Ann": ["Dodge"] * 5}, turn=("Ann", "master", 5), pool={"Ann": 10})
    ans = game.game.legal(game.seat("Ann"))
    by_name = {game.game.db[game.game.state.cards[i].cid].name: a for i, a in ans.cards.items()}
    for name in ("Grooming the Protégé", "Aggressive Tactics", "Secret Horde"):
        assert by_name[name].uses, name


def test_legal_answer_offers_the_new_inquisition(table):
    game = table(["Ann", "Ben"], ready={"Ann": [("Alexa Draper", 4)], "Ben": [("Colette", 2)]},
                 hand={"Ben": ["New Inquisition, The", "Break the Code"]},
                 library={"Ann": ["Dodge"] * 5, "Ben": ["Dodge"] * 5}, turn=("Ben", "discard", 2))
    with pytest.raises(Illegal, match="requires 1 or more Gehenna events"):
        game.step("Ben", Play, card="New Inquisition, The")
    game.step("Ben", Play, card="Break the Code")
    for _ in range(10):
        game.step(game.game.state.seats[game.game.state.active].name, EndPhase)
    assert game.game.state.phase == "discard" and game.game.state.active == game.seat("Ben")
    game.step("Ben", Play, card="New Inquisition, The")
    game.step("Ben", EndPhase)
    uses = [c for c in game.game.legal(game.seat("Ann")).commands if c.type == "use" and c.card != "edge"]
    assert any(c.minion is not None for c in uses)
