"""The gear family: every reading it gives over the card list has engine code behind it
(engine/effects_gear.py), and what it claims never belongs to another family."""

from vtes_desktop.cards.grammar import compile_rules
from vtes_desktop.cards.grammar.auto_gear import claims, reading
from vtes_desktop.engine import effects_gear

from support import check_family
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.errors import Illegal
import pytest


def test_every_reading_has_a_handler_and_every_claimed_clause_is_this_familys_alone():
    check_family(reading, claims, effects_gear.HANDLED, "auto_gear")


def _named(game, name: str) -> int:
    st = game.game.state
    return next(i for i, c in st.cards.items() if game.game.db[c.cid].name == game.game.db[name].name)


def test_san_nicolas_burned_damages_its_lasombra(table):
    """Burned (any way: the engine's location burners do not reach an equipment location yet), San Nicolás de los
    Servitas inflicts 2 unpreventable damage on its Lasombra."""
    game = table(["Ann", "Ben"], ready={"Ben": [("Aintzane Arriaga", 4)]}, hand={"Ben": ["San Nicolás de los Servitas"]})
    st = game.game.state
    ctx = Ctx(game.game, st)
    host, loc = _named(game, "Aintzane Arriaga"), _named(game, "San Nicolás de los Servitas")
    ctx.move(loc, "attached", host=host)
    ctx.burn(loc, "test")
    assert st.cards[loc].region == "ash_heap"
    assert st.cards[host].counters == 2 and st.cards[host].region == "ready"


def _attach(game, card: str, host: str) -> int:
    st = game.game.state
    ctx = Ctx(game.game, st)
    a, h = _named(game, card), _named(game, host)
    ctx.move(a, "attached", host=h)
    return a


def test_ambulance_continues_a_blocked_action_and_burns_when_blocked_again(table):
    from vtes_desktop.engine.commands import Action, Block, Finish, Resolve, Use

    game = table(["Ann", "Ben"], ready={"Ann": [("Wauneka", 4)], "Ben": [("Agrippina", 4), ("Aleph", 4)]},
                 hand={"Ann": ["Ambulance"]})
    amb = _attach(game, "Ambulance", "Wauneka")
    with pytest.raises(Illegal, match="after a combat"):
        game.step("Ann", Use, card="Ambulance")
    game.step("Ann", Action, minion="Wauneka", kind="bleed")
    game.step("Ben", Block, minion="Agrippina")
    game.step("Ann", Finish)
    st = game.game.state
    assert st.top is not None and st.top.outcome == "blocked"
    game.step("Ann", Use, card="Ambulance")
    st = game.game.state
    assert st.cards[amb].locked and st.top.stage == "blocks" and st.top.outcome is None
    game.step("Ben", Block, minion="Aleph")
    game.step("Ann", Resolve)
    st = game.game.state
    assert st.cards[amb].region == "ash_heap"


def test_gran_madre_locks_a_vampire_its_neighbour_puts_in_play(table):
    from vtes_desktop.engine.commands import Influence

    game = table(["Ann", "Ben"], ready={"Ben": [("Alice Chen", 7)]}, uncontrolled={"Ann": [("Agrippina", 4)]},
                 hand={"Ben": ["Gran Madre di Dio, Italy"]}, turn=("Ann", "influence", 7))
    _attach(game, "Gran Madre di Dio, Italy", "Alice Chen")
    game.step("Ann", Influence, vampire="Agrippina")
    st = game.game.state
    v = _named(game, "Agrippina")
    assert st.cards[v].region == "ready" and st.cards[v].locked and st.cards[v].counters == 3


def test_gran_madre_is_unique_and_no_equipment(table):
    from vtes_desktop.engine.effects_combat import is_equipment

    game = table(["Ann", "Ben"], ready={"Ben": [("Alice Chen", 7)]}, hand={"Ben": ["Gran Madre di Dio, Italy"]})
    g = _attach(game, "Gran Madre di Dio, Italy", "Alice Chen")
    assert not is_equipment(Ctx(game.game, game.game.state), g)


def test_hand_size_of_shaal_fragment_and_a_laibons_trinket(table):
    from vtes_desktop.engine.rules_turn import hand_size

    game = table(["Ann", "Ben"], ready={"Ann": [("Dolie", 3), ("Adelaide Davis", 4)]},
                 hand={"Ann": ["Shaal Fragment", "Reliquary: Trinket"]})
    ctx = Ctx(game.game, game.game.state)
    base = hand_size(ctx, 0)
    _attach(game, "Reliquary: Trinket", "Adelaide Davis")          # not a Laibon: nothing
    assert hand_size(Ctx(game.game, game.game.state), 0) == base
    ctx = Ctx(game.game, game.game.state)
    ctx.move(_named(game, "Reliquary: Trinket"), "attached", host=_named(game, "Dolie"))   # a Laibon: +1
    assert hand_size(Ctx(game.game, game.game.state), 0) == base + 1
    _attach(game, "Shaal Fragment", "Adelaide Davis")
    assert hand_size(Ctx(game.game, game.game.state), 0) == base + 3


def test_reliquary_shango_remains(table):
    """Equipped, it waits for an Assamite of the ash heap to leave the game (or for its own burning) before the
    phase can end."""
    from vtes_desktop.engine.commands import Action, DeclineBlock, EndPhase, Finish, Use

    game = table(["Ann", "Ben"], ready={"Ann": [("Abd al-Rashid", 5)], "Ben": [("Agrippina", 4)]},
                 hand={"Ann": ["Reliquary: Shango Remains"]}, crypt={"Ann": ["Ali Kar"]},
                 library={"Ann": ["Dodge", "Dodge", "Dodge"]})
    ali = _named(game, "Ali Kar")
    Ctx(game.game, game.game.state).move(ali, "ash_heap")
    game.step("Ann", Action, minion="Abd al-Rashid", kind="equip", card="Reliquary: Shango Remains")
    game.step("Ben", DeclineBlock)
    game.step("Ann", Finish)
    with pytest.raises(Illegal, match="remove an Assamite"):
        game.step("Ann", EndPhase)
    with pytest.raises(Illegal, match="not an Assamite"):
        game.step("Ann", Use, card="Reliquary: Shango Remains", minion="Agrippina")
    game.step("Ann", Use, card="Reliquary: Shango Remains", minion="Ali Kar")
    st = game.game.state
    assert st.cards[ali].region == "removed" and st.cards[_named(game, "Reliquary: Shango Remains")].region == "attached"
    game.step("Ann", EndPhase)   # nothing waits now


def test_reliquary_shango_remains_hand_size(table):
    from vtes_desktop.engine.commands import Use
    from vtes_desktop.engine.rules_turn import hand_size

    game = table(["Ann", "Ben"], ready={"Ann": [("Abd al-Rashid", 5)]}, hand={"Ann": ["Reliquary: Shango Remains"]})
    _attach(game, "Reliquary: Shango Remains", "Abd al-Rashid")
    base = hand_size(Ctx(game.game, game.game.state), 0)
    assert base == 7     # not the +2 of its text until it is used
    game.step("Ann", Use, card="Reliquary: Shango Remains")
    st = game.game.state
    assert hand_size(Ctx(game.game, st), 0) == 9 and st.cards[_named(game, "Abd al-Rashid")].counters == 4
    with pytest.raises(Illegal, match="once each turn"):
        game.step("Ann", Use, card="Reliquary: Shango Remains")


def test_eye_of_hazimel(table):
    from vtes_desktop.engine.commands import Action, EndPhase, Use

    game = table(["Ann", "Ben"], ready={"Ann": [("Adelaide Davis", 6), ("Aleph", 4)], "Ben": [("Agrippina", 4)]},
                 hand={"Ann": ["Eye of Hazimel"]}, turn=("Ann", "unlock", 5), pool={"Ann": 20})
    eye = _attach(game, "Eye of Hazimel", "Adelaide Davis")
    ctx = Ctx(game.game, game.game.state)
    ade = _named(game, "Adelaide Davis")
    assert ctx.discipline_level(ctx.st.cards[ade], "pot") == 2 and ctx.discipline_level(ctx.st.cards[ade], "chi") == 2
    with pytest.raises(Illegal, match="burn 1 pool"):
        game.step("Ann", EndPhase)
    game.step("Ann", Use, card="Eye of Hazimel", effect="pool")
    assert game.game.state.seats[0].pool == 19
    game.step("Ann", EndPhase)
    game.step("Ann", EndPhase)      # to the minion phase
    with pytest.raises(Illegal, match="cannot be moved or stolen"):
        game.step("Ann", Action, minion="Aleph", kind="equip", card="Eye of Hazimel")
    game.step("Ann", Action, minion="Adelaide Davis", kind="card", **{"from": "Eye of Hazimel"}, target="Agrippina")
    st = game.game.state
    assert st.top.directed and st.top.target_card == _named(game, "Agrippina")
    ctx = Ctx(game.game, st)
    ctx.burn(eye, "test")
    assert st.cards[ade].counters == 1    # 5 unpreventable damage


def test_eye_of_hazimel_combat_cards_cost_less(table):
    game = table(["Ann", "Ben"], ready={"Ann": [("Adelaide Davis", 6)]}, hand={"Ann": ["Eye of Hazimel"]})
    _attach(game, "Eye of Hazimel", "Adelaide Davis")
    ctx = Ctx(game.game, game.game.state)
    torn = compile_rules(game.game.db["Torn Signpost"])
    assert effects_gear.cost_cut(ctx, torn, _named(game, "Adelaide Davis"), 1) == 1


def test_amulet_of_temporal_perception(table):
    from vtes_desktop.engine.commands import Action, Play, Use

    game = table(["Ann", "Ben"], ready={"Ann": [("Adelaide Davis", 4)], "Ben": [("Agrippina", 4)]},
                 hand={"Ann": ["Amulet of Temporal Perception", "Domain of Evernight"]},
                 library={"Ann": ["Dodge", "Dodge"]})
    _attach(game, "Amulet of Temporal Perception", "Adelaide Davis")
    game.step("Ann", Action, minion="Adelaide Davis", kind="bleed")
    play = Play(seat=0, card="Domain of Evernight", minion="Adelaide Davis", level="tem")
    assert game.game.can(play) is not None          # no Temporis of her own
    game.step("Ann", Use, card="Amulet of Temporal Perception")
    st = game.game.state
    assert st.cards[_named(game, "Adelaide Davis")].counters == 3
    assert game.game.can(play) is None
    game.game.apply(play)
    st = game.game.state
    assert not any(len(x) == 3 and x[1] == effects_gear.LEVEL for x in st.marks)   # the loan is spent
    with pytest.raises(Illegal, match="only once each turn"):
        game.step("Ann", Use, card="Amulet of Temporal Perception")


def test_codex_of_the_damned_diablerie_gifts(table):
    """Its bearer with Thaumaturgy diablerizes: each other ready vampire of its Methuselah gains 1 blood; one younger
    than the victim may take a master Discipline card (here from the hand) this turn."""
    from vtes_desktop.engine.commands import Action, DeclineBlock, Resolve, Use

    game = table(["Ann", "Ben"], ready={"Ann": [("Claus Wegener", 3), ("Aleph", 2)], "Ben": [("Agrippina", 4)]},
                 torpor={"Ben": [("Alice Chen", 2)]}, hand={"Ann": ["Codex of the Damned", "Celerity"]})
    _attach(game, "Codex of the Damned", "Claus Wegener")
    game.step("Ann", Action, minion="Claus Wegener", kind="diablerie", target="Alice Chen")
    game.step("Ben", DeclineBlock)
    game.step("Ann", Resolve)
    st = game.game.state
    aleph = _named(game, "Aleph")
    assert st.cards[_named(game, "Alice Chen")].region == "ash_heap"
    assert st.cards[aleph].counters == 3
    with pytest.raises(Illegal, match="not a master Discipline"):
        game.step("Ann", Use, card="Codex of the Damned", minion="Aleph", effect="Alice Chen")
    game.step("Ann", Use, card="Codex of the Damned", minion="Aleph", effect="Celerity")
    st = game.game.state
    cel = _named(game, "Celerity")
    assert st.cards[cel].region == "attached" and st.cards[cel].host == aleph
    with pytest.raises(Illegal, match="may not receive"):
        game.step("Ann", Use, card="Codex of the Damned", minion="Aleph", effect="Celerity")


def test_bomb_burns_a_location_then_itself(table):
    from vtes_desktop.engine.commands import Action, DeclineBlock, Finish

    game = table(["Ann", "Ben"], ready={"Ann": [("Wauneka", 4)], "Ben": [("Agrippina", 4)]},
                 hand={"Ann": ["Bomb"], "Ben": ["Arcane Library"]})
    _attach(game, "Bomb", "Wauneka")
    lib = _named(game, "Arcane Library")
    Ctx(game.game, game.game.state).move(lib, "in_play", seat=1)
    with pytest.raises(Illegal, match="not a location"):
        game.step("Ann", Action, minion="Wauneka", kind="card", **{"from": "Bomb"}, target="Agrippina")
    game.step("Ann", Action, minion="Wauneka", kind="card", **{"from": "Bomb"}, target="Arcane Library")
    game.step("Ben", DeclineBlock)
    game.step("Ann", Finish)
    st = game.game.state
    assert st.cards[lib].region == "ash_heap" and st.cards[_named(game, "Bomb")].region == "ash_heap"


def test_kaymakli_fragment_draws_five(table):
    from vtes_desktop.engine.commands import Action, DeclineBlock, Finish

    game = table(["Ann", "Ben"], ready={"Ann": [("Aaron Bathurst", 4)], "Ben": [("Agrippina", 4)]},
                 hand={"Ann": ["Kaymakli Fragment"]}, library={"Ann": ["Dodge"] * 8})
    _attach(game, "Kaymakli Fragment", "Aaron Bathurst")
    game.step("Ann", Action, minion="Aaron Bathurst", kind="card", **{"from": "Kaymakli Fragment"})
    game.step("Ben", DeclineBlock)
    game.step("Ann", Finish)
    st = game.game.state
    assert len(st.region(0, "hand")) == 5 and len(st.region(0, "library")) == 3


def test_dagger_second_copy_after_equip(table):
    from vtes_desktop.engine.commands import Action, DeclineBlock, Finish, Use

    game = table(["Ann", "Ben"], ready={"Ann": [("Wauneka", 4)], "Ben": [("Agrippina", 4)]},
                 hand={"Ann": ["Dagger", "Dagger"]}, library={"Ann": ["Dodge"] * 4})
    st = game.game.state
    d1, d2 = [i for i, c in st.cards.items() if game.game.db[c.cid].name == "Dagger"]
    game.step("Ann", Action, minion="Wauneka", kind="equip", card=d1)
    game.step("Ben", DeclineBlock)
    game.step("Ann", Finish)
    game.step("Ann", Use, card=d1, effect="Dagger")
    st = game.game.state
    w = _named(game, "Wauneka")
    assert st.cards[d2].region == "attached" and st.cards[d2].host == w
    assert len(st.region(0, "hand")) == 2      # both replaced
    with pytest.raises(Illegal, match="right after"):
        game.step("Ann", Use, card=d1, effect="Dagger")


def test_tapestry_of_blood_gains_on_gehenna_event(table):
    from vtes_desktop.engine.commands import Play

    game = table(["Ann", "Ben"], ready={"Ann": [("Adelaide Davis", 2)]},
                 hand={"Ann": ["Tapestry of Blood", "The Unmasking"]}, library={"Ann": ["Dodge"] * 4},
                 turn=("Ann", "discard", 5))
    _attach(game, "Tapestry of Blood", "Adelaide Davis")
    game.step("Ann", Play, card="The Unmasking")
    assert game.game.state.cards[_named(game, "Adelaide Davis")].counters == 3
