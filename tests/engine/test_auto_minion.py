"""Allies and retainers carried out by the engine (engine/effects_minion.py, read by cards/grammar/auto_minion).

The grammar's reading both flags a clause automated and tells the engine what to do; these tests hold the two
together and play a few allies and retainers through the engine (scenarios 940-999 play more)."""

from __future__ import annotations

import pytest

from vtes_desktop.cards.grammar import compile_rules
from vtes_desktop.cards.grammar.auto_minion import automated, claims, reading
from vtes_desktop.engine import effects_minion
from vtes_desktop.engine.commands import Action, Block, Resolve, Strike, Use
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.errors import Illegal
from vtes_desktop.engine.state import CombatFrame, Hit


def _named(game, name):
    st = game.game.state
    return next(c for c in st.cards.values() if game.game.db[c.cid].name == name)


def test_every_reading_is_automated_and_handled(db):
    kinds = set()
    for c in db.library:
        r = compile_rules(c)
        for m in r.modes:
            for e in m.effects:
                x = reading(e, r.types)
                if x is not None:
                    kinds.add(x[0])
                    assert automated(e, r.types) and e.automated, (c.name, e.text)
    assert kinds <= effects_minion.HANDLED, kinds - effects_minion.HANDLED
    assert {"own_strike", "regen", "immune_nonagg", "lock_give", "stealth_if"} <= kinds


def test_claims_leave_clauses_other_families_resolve(db, monkeypatch):
    from vtes_desktop.cards.grammar import auto_politics

    r = compile_rules(db["Black Spiral Buddy"])
    e = next(e for m in r.modes for e in m.effects if e.kind == "gain")
    assert claims(e, r.types) == ("regen", 2, 1)
    # should another family learn the same clause, this family no longer acts on it
    monkeypatch.setattr(auto_politics, "automated", lambda e_, types: e_ is e)
    assert reading(e, r.types) is not None and claims(e, r.types) is None


def _to_strike_step(game, actor, blocker):
    game.step("Sarah", Action, minion=actor, kind="bleed")
    game.step("Alexis", Block, minion=blocker)
    for _ in range(4):
        game.step("Sarah", Resolve)
    assert game.game.state.top.step == "strike"


def test_carlton_dodges_once_each_combat_and_keeps_his_ranged_strike(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Ryan", 3)], "Alexis": [("Carlton Van Wyk", 2)]})
    _to_strike_step(game, "Ryan", "Carlton Van Wyk")
    st = game.game.state
    carlton = _named(game, "Carlton Van Wyk").iid
    legal = game.game.legal(1)
    assert any(isinstance(c, Strike) and c.choice == "dodge" for c in legal.commands)
    game.step("Alexis", Strike, minion="Carlton Van Wyk", strike="Carlton Van Wyk", choice="dodge")
    st = game.game.state
    assert (carlton, "own_dodge") in st.top.used
    ctx = Ctx(game.game, st)
    with pytest.raises(Illegal, match="once each combat"):
        effects_minion.own_strike(ctx, Strike(seat=1, minion=carlton, strike=carlton, choice="dodge"), carlton, None,
                                  "")
    # his 1R strike is not limited by the dodge's 'once each combat' sentence
    text = game.game.db[_named(game, "Carlton Van Wyk").cid].text
    from vtes_desktop.engine.rules_combat import _once_each_combat

    desc, rest = effects_minion.own_strike(ctx, Strike(seat=1, minion=carlton, strike=carlton), carlton, "x", text)
    assert _once_each_combat(text, "strike") and not _once_each_combat(rest, "strike")


def test_ponticulus_intercept_during_actions_directed_at_its_controller(table):
    from vtes_desktop.engine.rules_action import intercept

    game = table(["Sarah", "Alexis", "Ed"], ready={"Sarah": [("Ryan", 3)], "Alexis": [("Ponticulus", 1)],
                                                   "Ed": [("Walks-With-Might", 4)]})
    game.step("Sarah", Action, minion="Ryan", kind="bleed")
    st = game.game.state
    ctx = Ctx(game.game, st)
    assert intercept(ctx, st.top, _named(game, "Ponticulus").iid) == 1      # the bleed is at Alexis, its controller
    assert intercept(ctx, st.top, _named(game, "Walks-With-Might").iid) == 0  # Ryan is no Follower of Set


def test_damage_readings(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Remnant of the Endless Storm", 5), ("Werewolf Pack", 3)],
                                             "Alexis": [("Walks-With-Might", 4), ("Ryan", 3)]})
    st = game.game.state
    ctx = Ctx(game.game, st)
    remnant, pack, walks = (_named(game, n).iid for n in ("Remnant of the Endless Storm", "Werewolf Pack",
                                                          "Walks-With-Might"))
    hits = effects_minion.adjust_hits(ctx, (Hit(remnant, 3, 2), Hit(walks, 0, 2), Hit(pack, 2, 0)))
    assert (hits[0].normal, hits[0].aggravated) == (0, 2)        # the excess over 2 ignored (normal first)
    assert (hits[1].normal, hits[1].aggravated) == (0, 1)        # 1 less damage, from anything
    assert (hits[2].normal, hits[2].aggravated) == (2, 0)        # not from a melee weapon: inflicted


def test_lock_to_give_refused_when_not_needed(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Andrei Puxon", 3), ("City Star Taxi", 1)],
                                             "Alexis": [("Ryan", 3), ("Ponticulus", 1), ("Aisling Sturbridge", 3)]})
    game.step("Sarah", Action, minion="Andrei Puxon", kind="bleed")
    game.step("Alexis", Block, minion="Aisling Sturbridge")
    with pytest.raises(Illegal, match="enough intercept"):     # 0 intercept against 0 stealth: not needed
        game.step("Alexis", Use, card="Ponticulus", minion="Aisling Sturbridge", effect="intercept")
    uses = [c for c in game.game.legal(0).commands if isinstance(c, Use)]
    assert any(c.effect == "stealth" for c in uses)
    game.step("Sarah", Use, card="City Star Taxi", minion="Andrei Puxon", effect="stealth")
    game.step("Alexis", Use, card="Ponticulus", minion="Aisling Sturbridge", effect="intercept")
    assert _named(game, "Ponticulus").locked and _named(game, "City Star Taxi").locked


def test_allies_that_cannot_act_are_refused(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Hellhound", 2), ("Ponticulus", 1)], "Alexis": [("Ryan", 3)]})
    for ally in ("Hellhound", "Ponticulus"):
        with pytest.raises(Illegal, match="cannot take actions"):
            game.step("Sarah", Action, minion=ally, kind="bleed")


def test_a_diablerie_before_your_last_turn_does_not_count(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Carlton Van Wyk", 2)], "Alexis": [("Ryan", 3)]},
                 turn=("Sarah", "discard", 9))
    st = game.game.state
    ryan = _named(game, "Ryan").iid
    st.marks = st.marks | {(("minion", ryan), "diablerie committed", 7)}     # Sarah's last turn was 7
    with pytest.raises(Illegal, match="has not committed diablerie"):
        game.step("Sarah", Use, card="Carlton Van Wyk", minion="Ryan")
    st = game.game.state
    st.marks = frozenset({(("minion", ryan), "diablerie committed", 8)})     # since: Alexis' turn 8
    assert any(isinstance(c, Use) for c in game.game.legal(0).commands)
    game.step("Sarah", Use, card="Carlton Van Wyk", minion="Ryan")
    assert _named(game, "Ryan").region == "ash_heap"


def test_an_ally_burned_is_shuffled_into_its_owners_library(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Qetu the Evil Doer", 3), ("Gypsies", 1)],
                                             "Alexis": [("Ryan", 3)]})
    st = game.game.state
    ctx = Ctx(game.game, st)
    qetu, gypsies = _named(game, "Qetu the Evil Doer").iid, _named(game, "Gypsies").iid
    ctx.burn(qetu, "test")
    ctx.burn(gypsies, "test")
    assert st.cards[qetu].region == "library" and qetu in st.region(0, "library")
    assert st.cards[gypsies].region == "ash_heap"


def test_fiorella_gives_another_wraith_ally_stealth(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Fiorella, Empty One", 1), ("Ponticulus", 1), ("Gypsies", 1)],
                                             "Alexis": [("Ryan", 3)]})
    game.step("Sarah", Action, minion="Gypsies", kind="bleed")
    game.step("Alexis", Block, minion="Ryan")
    with pytest.raises(Illegal, match="another wraith or zombie ally"):
        game.step("Sarah", Use, card="Fiorella, Empty One", minion="Gypsies", effect="stealth")
    with pytest.raises(Illegal, match="name what"):
        game.step("Sarah", Use, card="Fiorella, Empty One", minion="Gypsies")


def test_allies_play_cards_as_vampires_of_their_capacity(table, db):
    from vtes_desktop.engine.rules_action import requirement_refusal

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Rock Cat", 3), ("Spectral Servitor", 1), ("Gypsies", 1)],
                                             "Alexis": [("Ryan", 3)]})
    st = game.game.state
    ctx = Ctx(game.game, st)
    cat, servitor, gypsies = (_named(game, n) for n in ("Rock Cat", "Spectral Servitor", "Gypsies"))
    assert ctx.capacity(cat) == 3 and ctx.discipline_level(cat, "pot") == 1 and ctx.discipline_level(cat, "POT") == 1
    assert ctx.capacity(gypsies) == 0 and ctx.discipline_level(gypsies, "pot") == 0
    roundhouse = compile_rules(db["Roundhouse"])
    assert requirement_refusal(ctx, -1, roundhouse, roundhouse.mode("pot"), cat.iid) is None
    assert "superior" in requirement_refusal(ctx, -1, roundhouse, roundhouse.mode("POT"), cat.iid)
    assert requirement_refusal(ctx, -1, roundhouse, roundhouse.mode("pot"), gypsies.iid)
    # Spectral Servitor: only non-action cards requiring Oblivion
    action = next(c for c in db.library if compile_rules(c).types == ("Action",) and compile_rules(c).disciplines == ("obl",))
    r = compile_rules(action)
    assert "non-action" in requirement_refusal(ctx, -1, r, r.modes[0], servitor.iid)


def test_printed_stats_survivalist_and_omael_kuman(table):
    from vtes_desktop.engine.commands import Pass
    from vtes_desktop.engine.rules_combat import strength

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Herald of Topheth", 5), ("Rafastio Ghoul", 2)],
                                             "Alexis": [("Ryan", 3)]})
    st = game.game.state
    ctx = Ctx(game.game, st)
    from vtes_desktop.engine.state import CombatFrame, Impulse

    herald, rafastio = _named(game, "Herald of Topheth").iid, _named(game, "Rafastio Ghoul").iid
    f = CombatFrame(a=herald, b=_named(game, "Ryan").iid, step="strike", imp=Impulse((0, 1)))
    assert strength(ctx, herald, f) == 3 and strength(ctx, rafastio, f._replace(a=rafastio)) == 1


def test_scapellis_own_press_only_continues(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [('Scapelli, The Family "Mechanic"', 3)], "Alexis": [("Ryan", 3)]})
    ctx = Ctx(game.game, game.game.state)
    scapelli = _named(game, 'Scapelli, The Family "Mechanic"').iid
    assert "only usable to continue" in effects_minion.press_refusal(ctx, scapelli, "end")
    assert effects_minion.press_refusal(ctx, scapelli, "continue") is None


def test_akhenatens_damage_is_aggravated_against_a_follower_of_set(table):
    from vtes_desktop.engine.state import CombatFrame, Impulse

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Akhenaten, The Sun Pharaoh", 3)],
                                             "Alexis": [("Aluc Romas de Leon", 3), ("Ryan", 3)]})
    st = game.game.state
    ctx = Ctx(game.game, st)
    akh, aluc, ryan = (_named(game, n).iid for n in ("Akhenaten, The Sun Pharaoh", "Aluc Romas de Leon", "Ryan"))
    st.frames = st.frames + (CombatFrame(a=akh, b=aluc, step="strike", imp=Impulse((0, 1))),)
    hit = effects_minion.adjust_hits(ctx, (Hit(aluc, 3, 0, source=akh),))[0]
    assert (hit.normal, hit.aggravated) == (0, 3)
    st.frames = st.frames[:-1] + (CombatFrame(a=akh, b=ryan, step="strike", imp=Impulse((0, 1))),)
    hit = effects_minion.adjust_hits(ctx, (Hit(ryan, 3, 0, source=akh),))[0]
    assert (hit.normal, hit.aggravated) == (3, 0)


def test_impundulus_strike_is_not_once_each_combat(table):
    from vtes_desktop.engine.rules_combat import _once_each_combat

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Impundulu", 1)], "Alexis": [("Ryan", 3)]})
    ctx = Ctx(game.game, game.game.state)
    imp = _named(game, "Impundulu").iid
    text = game.game.db[_named(game, "Impundulu").cid].text
    desc, rest = effects_minion.own_strike(ctx, Strike(seat=0, minion=imp, strike=imp), imp, "x", text)
    assert _once_each_combat(text, "strike") and not _once_each_combat(rest, "strike") and desc == "x"


def test_high_top_and_courier_intercept(table):
    from vtes_desktop.engine.rules_action import intercept

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Ryan", 3)], "Alexis": [("High Top", 3), ("Courier", 1)]})
    game.step("Sarah", Action, minion="Ryan", kind="bleed")
    st = game.game.state
    ctx = Ctx(game.game, st)
    assert intercept(ctx, st.top, _named(game, "High Top").iid) == 1     # +1 intercept, always
    assert intercept(ctx, st.top, _named(game, "Courier").iid) == -1     # -1 intercept blocking a vampire


def test_new_uses_are_offered(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Ryan", 3), ("Brigitte Gebauer", 3)], "Alexis": [("Screamer", 1)]})
    game.step("Sarah", Action, minion="Ryan", kind="bleed")
    brigitte = _named(game, "Brigitte Gebauer").iid
    assert any(isinstance(c, Use) and c.card in (brigitte, "Brigitte Gebauer") for c in game.game.legal(0).commands)


def test_bima_plays_cards_of_the_discipline_on_it_as_a_vampire(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Bima", 2)], "Alexis": [("Ryan", 3)]})
    st = game.game.state
    ctx = Ctx(game.game, st)
    bima = _named(game, "Bima").iid
    blur = compile_rules(game.game.db["Blur"])   # a combat card requiring Celerity
    assert not effects_minion.as_vampire(ctx, bima, blur)
    cel = next(i for i, c in st.cards.items() if game.game.db[c.cid].name == "Celerity") if any(
        game.game.db[c.cid].name == "Celerity" for c in st.cards.values()) else None
    if cel is None:
        from vtes_desktop.engine.state import Card

        cid = game.game.db["Celerity"].id
        cel = max(st.cards) + 1
        st.cards = {**st.cards, cel: Card(cel, cid, 0, 0, "hand")}
    ctx.move(cel, "attached", host=bima)
    assert effects_minion.as_vampire(ctx, bima, blur)
    assert ctx.discipline_level(st.cards[bima], "cel") == 1


def test_owl_companion_opens_the_opposing_hand(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Ryan", 3)], "Alexis": [("Anjalika Underwood", 4)]},
                 hand={"Sarah": ["Gargoyle Slave"], "Alexis": ["Owl Companion"]})
    st = game.game.state
    owl, anj = _named(game, "Owl Companion").iid, _named(game, "Anjalika Underwood").iid
    Ctx(game.game, st).move(owl, "attached", host=anj, counters=1)
    game.step("Sarah", Action, minion="Ryan", kind="bleed")
    game.step("Alexis", Block, minion="Anjalika Underwood")
    game.step("Sarah", Resolve)
    texts = [ev.text for e in game.game.entries for ev in e.events if ev.kind == "open_hand"]
    assert texts and "Gargoyle Slave" in texts[-1] and texts[-1].startswith("Sarah")


def test_camarilla_vitae_slave_superior_until_the_next_master_phase(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Andrew Emory", 5)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Camarilla Vitae Slave"]}, turn=("Sarah", "master", 5))
    st = game.game.state
    slave, andrew = _named(game, "Camarilla Vitae Slave").iid, _named(game, "Andrew Emory").iid
    Ctx(game.game, st).move(slave, "attached", host=andrew, counters=1)
    ctx = Ctx(game.game, st)
    assert ctx.capacity(st.cards[andrew]) == 6 and ctx.discipline_level(st.cards[andrew], "aus") == 1
    game.step("Sarah", Use, card=slave, effect="aus")
    st = game.game.state
    ctx = Ctx(game.game, st)
    assert ctx.discipline_level(st.cards[andrew], "aus") == 2
    effects_minion.start_of_master_phase(ctx)   # Sarah's next master phase
    assert ctx.discipline_level(st.cards[andrew], "aus") == 1


def test_szlachta_assistant_offered_while_recruiting_a_ghoul(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Adhiambo", 4)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Szlachta Assistant", "Asanbonsam Ghoul"]})
    st = game.game.state
    sa, adh = _named(game, "Szlachta Assistant").iid, _named(game, "Adhiambo").iid
    Ctx(game.game, st).move(sa, "attached", host=adh, counters=2)
    game.step("Sarah", Action, minion="Adhiambo", kind="recruit", card="Asanbonsam Ghoul")
    uses = [c for c in game.game.legal(0).commands if isinstance(c, Use)]
    assert any(c.card in (sa, "Szlachta Assistant") for c in uses)


def test_michael_harris_sets_the_range_for_a_pool(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Ryan", 3)], "Alexis": [("Michael Harris, the Incinerator", 3)]},
                 pool={"Alexis": 10})
    game.step("Sarah", Action, minion="Ryan", kind="bleed")
    game.step("Alexis", Block, minion="Michael Harris, the Incinerator")
    game.step("Sarah", Resolve)
    assert game.game.state.top.step == "before_range"
    assert any(isinstance(c, Use) and c.effect == "long" for c in game.game.legal(1).commands)
    game.step("Alexis", Use, card="Michael Harris, the Incinerator", effect="long")
    st = game.game.state
    assert st.top.range == "long" and st.top.range_set and st.seats[1].pool == 9
    with pytest.raises(Illegal, match="once each round"):
        game.step("Alexis", Use, card="Michael Harris, the Incinerator", effect="close")


def test_vozhd_of_gravesend_cancels_a_strike_card(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Ryan", 3)], "Alexis": [("Vozhd of Gravesend, The", 5)]},
                 hand={"Sarah": ["Dodge"]}, library={"Sarah": ["Dodge", "Dodge"]})
    _to_strike_step(game, "Ryan", "Vozhd of Gravesend, The")
    vozhd, dodge = _named(game, "Vozhd of Gravesend, The").iid, None
    st = game.game.state
    dodge = next(i for i in st.region(0, "hand") if game.game.db[st.cards[i].cid].name == "Dodge")
    game.step("Sarah", Strike, minion="Ryan", strike=dodge)
    game.step("Alexis", Use, card=vozhd)
    st = game.game.state
    assert st.cards[dodge].region == "ash_heap" and st.cards[vozhd].counters == 4
    assert st.top.step == "strike" and not any(m == _named(game, "Ryan").iid for m, _ in st.top.strikes)
    game.step("Sarah", Strike, minion="Ryan", strike="hand")   # Ryan chooses a strike again


def _messenger_table(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Bupe Kuila", 4), ("Ryan", 2)], "Alexis": [("Anton", 4)]},
                 hand={"Sarah": ["Ghoul Messenger"]})
    st = game.game.state
    gm, bupe = _named(game, "Ghoul Messenger").iid, _named(game, "Bupe Kuila").iid
    Ctx(game.game, st).move(gm, "attached", host=bupe, counters=1)
    return game, gm, bupe


def test_ghoul_messenger_moves_to_another_vampire(table):
    from vtes_desktop.engine.commands import DeclineBlock

    game, gm, bupe = _messenger_table(table)
    ryan = _named(game, "Ryan").iid
    game.step("Sarah", Action, minion="Bupe Kuila", kind="card", target="Ryan", **{"from": "Ghoul Messenger"})
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Resolve)
    st = game.game.state
    assert st.cards[gm].host == ryan and st.cards[ryan].counters == 3
    assert (bupe, "unlock_end_of_turn") in st.acted


def test_ghoul_messenger_blocked_is_burned_without_combat(table):
    game, gm, bupe = _messenger_table(table)
    game.step("Sarah", Action, minion="Bupe Kuila", kind="card", target="Ryan", **{"from": "Ghoul Messenger"})
    game.step("Alexis", Block, minion="Anton")
    game.step("Sarah", Resolve)
    st = game.game.state
    anton = _named(game, "Anton").iid
    assert st.cards[gm].region == "ash_heap" and not st.cards[anton].locked
    assert not any(isinstance(x, CombatFrame) for x in st.frames)


def test_shambling_hordes_feeds_on_the_ash_heap_and_gains_no_life(table):
    from vtes_desktop.engine.commands import DeclineBlock, EndPhase

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Bartholomew", 6)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Shambling Hordes"]}, library={"Sarah": ["Dodge", "Dodge"]})
    st = game.game.state
    Ctx(game.game, st).move(_named(game, "Ryan").iid, "ash_heap")   # a vampire card in the ash heap... of Alexis
    game.step("Sarah", Action, minion="Bartholomew", kind="recruit", card="Shambling Hordes", level="basic")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Resolve)
    st = game.game.state
    hordes = _named(game, "Shambling Hordes").iid
    assert st.cards[hordes].region == "ash_heap"    # nothing of Sarah's to remove: burned at once


def test_shambling_hordes_removes_a_card_or_burns(table):
    from vtes_desktop.engine.commands import DeclineBlock, EndPhase

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Bartholomew", 6)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Shambling Hordes", "Gargoyle Slave"]}, library={"Sarah": ["Dodge", "Dodge"]})
    st = game.game.state
    slave = _named(game, "Gargoyle Slave").iid
    Ctx(game.game, st).move(slave, "ash_heap")
    game.step("Sarah", Action, minion="Bartholomew", kind="recruit", card="Shambling Hordes", level="basic")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Resolve)
    hordes = _named(game, "Shambling Hordes").iid
    with pytest.raises(Illegal, match="must first remove"):
        game.step("Sarah", EndPhase)
    game.step("Sarah", Use, card=hordes, effect="Gargoyle Slave")
    st = game.game.state
    assert st.cards[slave].region == "removed" and st.cards[hordes].region == "ready"
    life = st.cards[hordes].counters
    ctx = Ctx(game.game, st)
    ctx.update(hordes, counters=life + 2)             # some effect would give it life
    effects_minion.life_caps(ctx)
    assert st.cards[hordes].counters == life
    game.step("Sarah", EndPhase)


def test_aggressive_corpse_strikes_through_a_dodge_and_refuses_dominate(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Ryan", 3)], "Alexis": [("Aggressive Corpse", 3)]},
                 hand={"Sarah": ["Dodge", "Dominate Kine"]}, library={"Sarah": ["Dodge"]})
    st = game.game.state
    corpse = _named(game, "Aggressive Corpse").iid
    kine = _named(game, "Dominate Kine").iid
    ctx = Ctx(game.game, st)
    assert "Dominate" in (effects_minion.target_refusal(ctx, _named(game, "Ryan").iid, corpse, True, kine) or "") \
        or "[dom]" in (effects_minion.target_refusal(ctx, _named(game, "Ryan").iid, corpse, True, kine) or "")
    assert effects_minion.target_refusal(ctx, _named(game, "Ryan").iid, corpse, True, None) is None
    _to_strike_step(game, "Ryan", "Aggressive Corpse")
    dodge = _named(game, "Dodge").iid
    game.step("Sarah", Strike, minion="Ryan", strike=dodge)
    game.step("Alexis", Strike, minion="Aggressive Corpse", strike="hand")
    game.step("Sarah", Resolve)
    st = game.game.state
    assert st.cards[_named(game, "Ryan").iid].counters == 1       # 2 damage through the dodge


def test_rotting_behemoth_pays_life_for_its_combat_and_its_press(table):
    from vtes_desktop.engine.commands import DeclineBlock

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Aitana, The Unholy", 6)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Rotting Behemoth", "Gargoyle Slave"]}, library={"Sarah": ["Dodge", "Dodge"]})
    st = game.game.state
    Ctx(game.game, st).move(_named(game, "Gargoyle Slave").iid, "ash_heap")
    game.step("Sarah", Action, minion="Aitana, The Unholy", kind="recruit", card="Rotting Behemoth", level="superior")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Resolve)
    rb = _named(game, "Rotting Behemoth").iid
    game.step("Sarah", Use, card=rb, effect="Gargoyle Slave")
    st = game.game.state
    assert st.cards[rb].region == "ready" and st.cards[rb].counters == 6
    st.cards = {**st.cards, rb: st.cards[rb]._replace(arrived=-1)}    # as if recruited earlier
    game.step("Sarah", Action, minion=rb, kind="card", target="Ryan", **{"from": rb})
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Resolve)
    st = game.game.state
    assert st.cards[rb].counters == 5 and isinstance(st.top, CombatFrame)
    game.step("Sarah", Use, card=rb)
    st = game.game.state
    assert st.cards[rb].counters == 4 and (rb, "press", 1) in st.top.granted


def test_dauntain_black_magician_takes_a_master_discipline_and_burns_a_tremere_antitribu(table):
    from vtes_desktop.engine.commands import DeclineBlock

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Dauntain Black Magician", 4), ("Ryan", 3)],
                                             "Alexis": [("Andrei Puxon", 4), ("Alejandro Aguirre", 3)]},
                 hand={"Alexis": ["Celerity"]})
    st = game.game.state
    cel, andrei = _named(game, "Celerity").iid, _named(game, "Andrei Puxon").iid
    Ctx(game.game, st).move(cel, "attached", host=andrei)
    game.step("Sarah", Action, minion="Dauntain Black Magician", kind="card", target=cel,
              **{"from": "Dauntain Black Magician"})
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Resolve)
    st = game.game.state
    assert st.cards[cel].host == _named(game, "Ryan").iid and st.cards[cel].controller == 0   # her only vampire
    r = ("own_action", "burn", 0, "predator tremere antitribu")
    ctx = Ctx(game.game, st)
    assert "Tremere antitribu" in effects_minion._own_target_refusal(ctx, 0, 0, andrei, r)
    assert effects_minion._own_target_refusal(ctx, 0, 0, _named(game, "Alejandro Aguirre").iid, r) is None


def test_arcane_appraiser_takes_equipment_from_a_vampire_in_torpor(table):
    from vtes_desktop.engine.commands import DeclineBlock

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Arcane Appraiser", 1), ("Ryan", 3)]},
                 torpor={"Alexis": [("Andrei Puxon", 1)]}, hand={"Alexis": [".44 Magnum"]})
    st = game.game.state
    gun = _named(game, ".44 Magnum").iid
    Ctx(game.game, st).move(gun, "attached", host=_named(game, "Andrei Puxon").iid)
    game.step("Sarah", Action, minion="Arcane Appraiser", kind="card", target=gun, **{"from": "Arcane Appraiser"})
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Resolve)
    ryan = _named(game, "Ryan").iid
    uses = [c for c in game.game.legal(0).commands if isinstance(c, Use)]
    with pytest.raises(Illegal):
        game.step("Sarah", Use, card="Arcane Appraiser", minion="Andrei Puxon")
    game.step("Sarah", Use, card="Arcane Appraiser", minion="Ryan")
    st = game.game.state
    assert st.cards[gun].host == ryan and st.cards[gun].controller == 0


def test_cry_wolf(table):
    from vtes_desktop.engine.commands import EndPhase

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Cry Wolf", 3)], "Alexis": [("Ryan", 3)]})
    wolf = _named(game, "Cry Wolf").iid
    with pytest.raises(Illegal, match="must enter combat"):
        game.step("Sarah", Action, minion=wolf, kind="bleed")
    from vtes_desktop.engine.commands import DeclineBlock, Finish

    game.step("Sarah", Action, minion=wolf, kind="card", target="Ryan", **{"from": wolf})

    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Finish)
    for who in ("Sarah", "Sarah", "Sarah", "Alexis", "Alexis", "Alexis", "Alexis", "Alexis"):
        game.step(who, EndPhase)
    st = game.game.state
    assert st.phase == "unlock" and st.cards[wolf].region == "ash_heap"    # locked as Sarah's turn began


def test_cry_wolf_recruit_blocked_sends_the_anarch_to_torpor(table):
    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Adrino Manauara", 5)], "Alexis": [("Anton", 3)]},
                 hand={"Sarah": ["Cry Wolf"]})
    game.step("Sarah", Action, minion="Adrino Manauara", kind="recruit", card="Cry Wolf")
    game.step("Alexis", Block, minion="Anton")
    game.step("Sarah", Resolve)
    st = game.game.state
    assert st.cards[_named(game, "Adrino Manauara").iid].region == "torpor"
    assert not any(isinstance(x, CombatFrame) for x in st.frames)


def test_goth_band_moves_a_counter(table):
    from vtes_desktop.engine.commands import DeclineBlock

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Goth Band", 2)], "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Dead Pool"], "Alexis": ["Alamut"]})
    st = game.game.state
    ctx = Ctx(game.game, st)
    pool_card, alamut = _named(game, "Dead Pool").iid, _named(game, "Alamut").iid
    ctx.move(pool_card, "in_play", seat=0, counters=0)
    ctx.move(alamut, "in_play", seat=1, counters=2)
    game.step("Sarah", Action, minion="Goth Band", kind="card", target=alamut, **{"from": "Goth Band"})
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Resolve)
    st = game.game.state
    assert st.cards[alamut].counters == 1 and st.cards[pool_card].counters == 1   # her only master card that uses counters


def test_eccentric_billionaire_cuts_an_equipment_and_a_location(table):
    from vtes_desktop.engine.commands import DeclineBlock, Play

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Eccentric Billionaire", 1), ("Ryan", 3)],
                                             "Alexis": [("Andrei Puxon", 3)]},
                 hand={"Sarah": [".44 Magnum"]}, library={"Sarah": ["Dodge", "Dodge"]}, pool={"Sarah": 20})
    game.step("Sarah", Action, minion="Ryan", kind="equip", card=".44 Magnum")
    game.step("Sarah", Use, card="Eccentric Billionaire")
    game.step("Alexis", DeclineBlock)
    game.step("Sarah", Resolve)
    st = game.game.state
    assert st.seats[0].pool == 19 and st.cards[_named(game, "Eccentric Billionaire").iid].locked


def test_eccentric_billionaire_cuts_a_location(table):
    from vtes_desktop.engine.commands import Play

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Eccentric Billionaire", 1), ("Ryan", 3)],
                                             "Alexis": [("Andrei Puxon", 3)]},
                 hand={"Sarah": ["Academic Hunting Ground"]}, library={"Sarah": ["Dodge", "Dodge"]},
                 pool={"Sarah": 20}, turn=("Sarah", "master", 5))
    game.step("Sarah", Use, card="Eccentric Billionaire")
    game.step("Sarah", Play, card="Academic Hunting Ground")
    assert game.game.state.seats[0].pool == 19


def test_grey_thorne_plays_anarch_cards_and_takes_an_anarchs_blood(table):
    from vtes_desktop.engine.rules_action import requirement_refusal

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Grey Thorne", 1), ("Adrino Manauara", 5)],
                                             "Alexis": [("Ryan", 3)]},
                 hand={"Sarah": ["Bollix"]}, turn=("Sarah", "unlock", 5))
    st = game.game.state
    ctx = Ctx(game.game, st)
    grey, bollix = _named(game, "Grey Thorne").iid, _named(game, "Bollix").iid
    rules = ctx.rules(bollix)
    assert requirement_refusal(ctx, bollix, rules, rules.mode("cel"), grey) is None   # an Anarch vampire's card
    game.step("Sarah", Use, card=grey, minion="Adrino Manauara")
    st = game.game.state
    assert st.cards[grey].counters == 2 and st.cards[_named(game, "Adrino Manauara").iid].counters == 4
    with pytest.raises(Illegal, match="only with 1 life"):
        game.step("Sarah", Use, card=grey, minion="Adrino Manauara")


def test_ananasi_vampirephile_presses_for_life_and_plays_animalism_once_each_turn(table):
    from vtes_desktop.engine.commands import Press

    game = table(["Sarah", "Alexis"], ready={"Sarah": [("Ryan", 4)], "Alexis": [("Ananasi Vampirephile", 4)]},
                 hand={"Alexis": ["Aid from Bats", "Aid from Bats"]}, library={"Alexis": ["Dodge", "Dodge"]})
    _to_strike_step(game, "Ryan", "Ananasi Vampirephile")
    st = game.game.state
    ana = _named(game, "Ananasi Vampirephile").iid
    bats = [i for i in st.region(1, "hand") if game.game.db[st.cards[i].cid].name == "Aid from Bats"]
    game.step("Sarah", Strike, minion="Ryan", strike="hand")
    game.step("Alexis", Strike, minion=ana, strike=bats[0], level="basic")   # played as a vampire
    game.step("Sarah", Resolve)
    while game.game.state.top.step != "press":
        game.step("Sarah", Resolve)
    game.step("Alexis", Use, card=ana, effect="long")
    st = game.game.state
    assert st.cards[ana].counters == 2 and (ana, "press", 1) in st.top.granted   # 1 damage taken, 1 life burned
    game.step("Alexis", Press, minion=ana)
    while game.game.state.top.step not in ("strike",):
        game.step("Sarah", Resolve)
    st = game.game.state
    assert st.top.round == 2 and st.top.range == "long"
    with pytest.raises(Illegal, match="only once each turn"):
        game.step("Alexis", Strike, minion=ana, strike=bats[1], level="basic")


def test_vivienne_geroux_costs_her_vampires_stealth_on_political_actions(table):
    from vtes_desktop.engine.rules_action import stealth

    def acting(with_her, kind):
        ready = [("Vivienne Géroux", 2), ("Ryan", 3)] if with_her else [("Ryan", 3)]
        game = table(["Sarah", "Alexis"], ready={"Sarah": ready, "Alexis": [("Andrei Puxon", 3)]},
                     hand={"Sarah": ["Kine Resources Contested"]}, pool={"Sarah": 20})
        extra = {"card": "Kine Resources Contested"} if kind == "political" else {}
        game.step("Sarah", Action, minion="Ryan", kind=kind, **extra)
        st = game.game.state
        return stealth(Ctx(game.game, st), st.top)

    assert acting(True, "political") == acting(False, "political") - 1
    assert acting(True, "bleed") == acting(False, "bleed")   # only political actions
