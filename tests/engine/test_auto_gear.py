"""The gear family: every reading it gives over the card list has engine code behind it
(engine/effects_gear.py), and what it claims never belongs to another family."""

from vtes_desktop.cards.db import load_db
from vtes_desktop.cards.grammar import compile_rules, effects
from vtes_desktop.cards.grammar.auto_gear import claims, reading
from vtes_desktop.engine import effects_gear
from vtes_desktop.engine.context import Ctx


def _readings():
    for c in load_db().library:
        r = compile_rules(c)
        for m in r.modes:
            for e in m.effects:
                got = reading(e, r.types)
                if got is not None:
                    yield c, r, e, got


def test_every_reading_has_a_handler():
    kinds = {got[0] for _, _, _, got in _readings()}
    assert kinds <= effects_gear.HANDLED, kinds - effects_gear.HANDLED


def test_a_claimed_clause_belongs_to_this_family_alone():
    for c, r, e, got in _readings():
        if claims(e, r.types) is not None:
            assert effects.owner(e, r.types) == "auto_gear", (c.name, e.text)


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
