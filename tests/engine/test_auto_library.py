"""The library family: every reading it gives over the card list has engine code behind it
(engine/effects_library.py), and what it claims never belongs to another family."""

from vtes_desktop.cards.db import load_db
from vtes_desktop.cards.grammar import compile_rules, effects
from vtes_desktop.cards.grammar.auto_library import claims, reading
from vtes_desktop.engine import effects_library


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
    assert kinds <= effects_library.HANDLED, kinds - effects_library.HANDLED


def test_a_claimed_clause_belongs_to_this_family_alone():
    for c, r, e, got in _readings():
        if claims(e, r.types) is not None:
            assert effects.owner(e, r.types) == "auto_library", (c.name, e.text)
