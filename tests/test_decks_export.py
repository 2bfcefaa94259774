"""Export to JOL, LackeyCCG and TWD text: what is written reads back to the same cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from support import SHARED
from vtes_desktop.decks import Format, load_deck, read_deck, to_jol, to_lackey, to_text, to_twd, vekn_name

FIXTURES = Path(__file__).parent / "fixtures" / "decks"
WRITERS = [(to_jol, Format.JOL), (to_lackey, Format.LACKEY), (to_twd, Format.TWD)]
SAMPLE = sorted((SHARED / "data" / "twda-sample").glob("*.txt")) if (SHARED / "data" / "twda-sample").is_dir() else []


@pytest.mark.parametrize("writer, fmt", WRITERS, ids=[f for _, f in WRITERS])
@pytest.mark.parametrize("file", sorted(p.name for p in FIXTURES.iterdir() if p.name != "twd-quirks.txt"))
def test_fixture_round_trip(db, file, writer, fmt):
    deck = load_deck(FIXTURES / file, db)
    text = writer(deck, db)
    again = read_deck(text, db)
    assert again.format == fmt
    assert dict(again.crypt) == dict(deck.crypt)
    assert dict(again.library) == dict(deck.library)
    assert again.unknown == () and again.warnings == ()


@pytest.mark.parametrize("writer, fmt", WRITERS, ids=[f for _, f in WRITERS])
def test_sample_round_trip(db, writer, fmt):
    if not SAMPLE:
        pytest.skip("shared TWDA sample not found")
    for path in SAMPLE:
        deck = load_deck(path, db)
        again = read_deck(writer(deck, db), db)
        assert (again.cards(), again.unknown) == (deck.cards(), ()), path.name


def test_names_carry_the_suffix_that_tells_printings_apart(db):
    assert vekn_name(db["Theo Bell (G6)"]) == "Theo Bell (G6)"
    assert vekn_name(db["Theo Bell (ADV)"]) == "Theo Bell (ADV)"
    assert vekn_name(db["Theo Bell"]) == "Theo Bell"
    assert vekn_name(db["The Dowager"]) == "Dowager, The"
    assert vekn_name(db["Lodin (Olaf Holte)"]) == "Lodin (Olaf Holte)"


def test_jol_layout(db):
    deck = read_deck("Crypt:\n2x Theo Bell (G6)\n10x Anson\nLibrary:\n90x Blood Doll\n", db)
    assert to_jol(deck, db) == "2x Theo Bell (G6)\n10x Anson\n\n90x Blood Doll\n"


def test_lackey_layout_is_ascii_library_first(db):
    deck = read_deck("Crypt:\n12x Bolesław Gutowski\nLibrary:\n60x Rötschreck\n30x Blood Doll\n", db)
    text = to_lackey(deck, db)
    assert text == "30\tBlood Doll\n60\tRotschreck\nCrypt:\n12\tBoleslaw Gutowski\n"
    assert text.isascii()


def test_twd_layout(db):
    deck = load_deck(FIXTURES / "twd.txt", db)
    lines = to_twd(deck, db).splitlines()
    assert lines[0] == "Deck Name: Fixture Brujah"
    assert lines[1] == "Created by: Test Author"
    crypt_head = next(ln for ln in lines if ln.startswith("Crypt ("))
    assert crypt_head == "Crypt (12 cards, min=24, max=34, avg=7.5)"
    assert lines[lines.index(crypt_head) + 1] == "-" * len(crypt_head)
    theo = next(ln for ln in lines if "Theo Bell" in ln)
    assert theo.startswith("3x Theo Bell (G6)") and theo.endswith("Brujah:6") and " 8 " in f" {theo} "
    assert "Library (76 cards)" in lines
    assert "Master (16; 4 trifle)" in lines
    assert lines.index("Master (16; 4 trifle)") < lines.index("Combat (30)") < lines.index("Event (1)")


def test_to_text_dispatches_and_refuses_unknown_layouts(db):
    deck = read_deck("12x Anson\n90x Blood Doll\n", db)
    assert to_text(deck, db, Format.JOL) == to_jol(deck, db)
    with pytest.raises(ValueError, match="cannot write"):
        to_text(deck, db, Format.ARDB_XML)
