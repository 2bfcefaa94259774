"""Bad input gets a clear message naming the problem, never a traceback."""

from __future__ import annotations

import codecs
import random
import time
from pathlib import Path

import pytest

from vtes_desktop.decks import DeckError, Format, load_deck, read_deck

FIXTURES = Path(__file__).parent / "fixtures" / "decks"
JOL = "12x Anson\n\n80x Blood Doll\n10x Rötschreck\n"


@pytest.mark.parametrize("data", [b"", b"   \n\t\n", "", "\n\n"])
def test_empty(db, data):
    with pytest.raises(DeckError, match="empty|blank"):
        read_deck(data, db)


def test_random_binary(db):
    data = random.Random(7).randbytes(4096)
    with pytest.raises(DeckError, match="binary"):
        read_deck(data, db)


@pytest.mark.parametrize("magic, what", [(b"\x89PNG\r\n\x1a\n", "PNG"), (b"%PDF-1.4\n", "PDF"),
                                         (b"PK\x03\x04", "ZIP")])
def test_known_binary_kinds_are_named(db, magic, what):
    with pytest.raises(DeckError, match=what):
        read_deck(magic + random.Random(1).randbytes(500), db)


def test_ten_megabytes_of_noise_is_refused_fast(db, tmp_path):
    path = tmp_path / "noise.txt"
    rnd = random.Random(3)
    words = ["blood", "doll", "crypt", "library", "12x", "anson", "the", "of", "--", "Library (90 cards)"]
    path.write_text("\n".join(" ".join(rnd.choice(words) for _ in range(8)) for _ in range(250_000)))
    assert path.stat().st_size > 10_000_000
    start = time.perf_counter()
    with pytest.raises(DeckError, match="MB"):
        load_deck(path, db)
    assert time.perf_counter() - start < 1.0


def test_a_megabyte_of_word_noise_is_not_a_deck(db):
    rnd = random.Random(5)
    text = "\n".join(" ".join(rnd.choice(["alpha", "beta", "gamma"]) for _ in range(rnd.randint(1, 6)))
                     for _ in range(60_000))[:900_000]
    start = time.perf_counter()
    with pytest.raises(DeckError, match="no card list|not a deck"):
        read_deck(text, db)
    assert time.perf_counter() - start < 2.0


def test_counted_noise_is_not_a_deck(db):
    rnd = random.Random(9)
    text = "\n".join(f"{rnd.randint(1, 9)}x {rnd.choice(['zorp', 'quux', 'frob'])} {rnd.choice(['zz', 'yy'])}"
                     for _ in range(5000))
    with pytest.raises(DeckError, match="not a deck list"):
        read_deck(text, db)


def test_text_with_no_card_entry(db):
    with pytest.raises(DeckError, match="no card list"):
        read_deck("Dear diary,\nToday I played VTES.\n", db)


def test_cp1252_is_read_and_named(db):
    deck = load_deck(FIXTURES / "lackey-cp1252.txt", db)
    assert deck.unknown == ()
    assert db["Rötschreck"].id in deck.library
    assert any("not UTF-8" in str(w) and "1252" in str(w) for w in deck.warnings)


@pytest.mark.parametrize("codec, bom", [("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE),
                                        ("utf-8", codecs.BOM_UTF8)])
def test_byte_order_marks(db, codec, bom):
    deck = read_deck(bom + JOL.encode(codec), db)
    assert (deck.crypt_count, deck.library_count, deck.unknown) == (12, 90, ())
    assert db["Rötschreck"].id in deck.library
    if codec != "utf-8":
        assert any("UTF-16" in str(w) for w in deck.warnings)


def test_utf16_without_bom(db):
    deck = read_deck(JOL.encode("utf-16-le"), db)
    assert (deck.crypt_count, deck.library_count) == (12, 90)
    assert any("UTF-16" in str(w) for w in deck.warnings)


def test_utf16_fixture(db):
    deck = load_deck(FIXTURES / "jol-utf16.txt", db)
    assert deck.format == Format.JOL
    assert any("UTF-16" in str(w) for w in deck.warnings)


def test_bad_utf16(db):
    with pytest.raises(DeckError, match="UTF-16"):
        read_deck(codecs.BOM_UTF16_LE + b"\x00\xd8a", db)


def test_windows_line_endings_and_trailing_spaces(db):
    deck = read_deck(JOL.replace("\n", "  \r\n").encode(), db)
    assert (deck.crypt_count, deck.library_count) == (12, 90)


@pytest.mark.parametrize("xml, match", [
    ("<?xml version='1.0'?>\n<deck><crypt><vampire count='2'><name>Anson</name>", "malformed"),
    ("<?xml version='1.0'?>\n<inventory><crypt/></inventory>", "inventory"),
    ("<?xml version='1.0'?>\n<cockatrice_deck/>", "root element"),
    ("<?xml version='1.0'?>\n<deck><name>x</name></deck>", "no <vampire> or <card>"),
    ("<?xml version='1.0'?>\n<!DOCTYPE d [<!ENTITY a 'aaaa'>]>\n<deck>&a;</deck>", "entities"),
])
def test_bad_xml(db, xml, match):
    with pytest.raises(DeckError, match=match):
        read_deck(xml, db)


def test_xml_unknown_card_points_at_its_line(db):
    xml = ('<?xml version="1.0"?>\n<deck>\n <crypt>\n  <vampire count="12"><adv/><name>Anson</name></vampire>\n'
           ' </crypt>\n <library>\n  <card count="90"><name>Blod Doll</name></card>\n </library>\n</deck>\n')
    deck = read_deck(xml, db)
    [u] = deck.unknown
    assert (u.line, u.text, u.count) == (7, "Blod Doll", 90)
    assert "Blood Doll" in u.suggestions


@pytest.mark.parametrize("make, match", [
    (lambda p: p / "missing.txt", "no such file"),
    (lambda p: p, "folder"),
])
def test_unreadable_paths(db, tmp_path, make, match):
    with pytest.raises(DeckError, match=match):
        load_deck(make(tmp_path), db)


def test_a_zero_count_is_skipped_with_a_warning(db):
    deck = read_deck("12x Anson\n0x Alexandra\n90x Blood Doll\n", db)
    assert deck.crypt_count == 12
    assert any("count of 0" in str(w) for w in deck.warnings)


def test_encoding_is_reported(db):
    assert load_deck(FIXTURES / "lackey-cp1252.txt", db).encoding == "cp1252"
    assert load_deck(FIXTURES / "jol-utf16.txt", db).encoding.startswith("utf-16")
    assert load_deck(FIXTURES / "jol.txt", db).encoding == "utf-8"
