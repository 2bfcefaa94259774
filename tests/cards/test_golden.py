"""The compiled rules of the golden cards match the reviewed golden file.

After a deliberate change to the grammar: `.venv/bin/python tests/cards/golden.py`, then review the diff of
tests/cards/golden_rules.json entry by entry against each card's text (kept in the entry).
"""

from __future__ import annotations

import json

import golden


def test_golden_file_covers_every_type_and_many_cards(db):
    data = json.loads(golden.GOLDEN.read_text(encoding="utf-8"))
    assert len(data) >= 150 and list(data) == golden.NAMES
    types = {t for e in data.values() for t in e["types"]}
    assert {"Master", "Action", "Action Modifier", "Reaction", "Combat", "Political Action", "Equipment", "Ally",
            "Retainer", "Event", "Power", "Conviction", "Vampire", "Imbued"} <= types
    from vtes_desktop.cards.model import DISCIPLINES
    discs = {d.lower() for e in data.values() if "Vampire" not in e["types"] and "Imbued" not in e["types"]
             for d in e.get("disciplines", [])}
    assert set(DISCIPLINES.values()) <= discs


def test_compiled_rules_match_the_golden_file(db):
    expected = json.loads(golden.GOLDEN.read_text(encoding="utf-8"))
    actual = json.loads(golden.dump(golden.build(db)))
    changed = [name for name in expected if expected[name] != actual.get(name)]
    assert not changed, (f"{len(changed)} cards compile differently from tests/cards/golden_rules.json: "
                         f"{', '.join(changed[:10])}; review, then regenerate with python tests/cards/golden.py")
