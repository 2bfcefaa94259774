"""Deck construction checks: errors make a deck unplayable, warnings do not."""

from __future__ import annotations

import pytest

from vtes_desktop.decks import read_deck, validate


def deck_text(crypt: int = 12, library: int = 90, vampire: str = "Anson", extra: str = "") -> str:
    return f"Crypt:\n{crypt}x {vampire}\n{extra}Library:\n{library}x Blood Doll\n"


@pytest.mark.parametrize("crypt, library, valid", [
    (12, 60, True), (12, 90, True), (40, 75, True),
    (11, 90, False), (12, 59, False), (12, 91, False), (1, 1, False),
])
def test_sizes(db, crypt, library, valid):
    assert validate(read_deck(deck_text(crypt, library), db), db).valid == valid


def test_size_messages_say_what_is_wrong(db):
    assert validate(read_deck(deck_text(11, 90), db), db).errors == ("crypt has 11 cards; the minimum is 12",)
    assert validate(read_deck(deck_text(12, 59), db), db).errors == ("library has 59 cards; the minimum is 60",)
    assert validate(read_deck(deck_text(12, 91), db), db).errors == ("library has 91 cards; the maximum is 90",)


def test_unknown_cards_are_errors(db):
    check = validate(read_deck(deck_text(extra="2x Blod Doll\n"), db), db)
    assert not check.valid
    assert any("Blod Doll" in e and "Blood Doll" in e and "line 3" in e for e in check.errors)


def test_banned_cards_are_warnings(db):
    check = validate(read_deck(deck_text(library=89) + "1x Anthelios, The Red Star\n", db), db)
    assert check.valid
    assert any("Anthelios" in w and "banned" in w for w in check.warnings)


@pytest.mark.parametrize("crypt, consecutive", [
    ("6x Anson\n6x Alexandra\n", True),                    # 1 and 1
    ("6x Anson\n6x Theo Bell\n", True),                    # 1 and 2
    ("6x Theo Bell\n6x Theo Bell (G6)\n", False),          # 2 and 6
    ("4x Anson\n4x Theo Bell\n4x Alexandra\n4x Nergal\n", False),  # 1, 2 and 5
])
def test_crypt_groups(db, crypt, consecutive):
    check = validate(read_deck(f"Crypt:\n{crypt}Library:\n90x Blood Doll\n", db), db)
    warned = any("not consecutive" in w for w in check.warnings)
    assert warned != consecutive
    assert check.valid


def test_group_any_fits_any_crypt(db):
    any_vampire = next(c for c in db if c.is_crypt and c.group == "ANY")
    text = f"Crypt:\n6x Theo Bell (G6)\n6x {any_vampire.display}\nLibrary:\n90x Blood Doll\n"
    check = validate(read_deck(text, db), db)
    assert not any("consecutive" in w for w in check.warnings)


def test_stated_total_that_differs_is_a_warning(db):
    text = "Crypt (13 cards, min=1, max=2, avg=3)\n12x Anson\nLibrary (90 cards)\n90x Blood Doll\n"
    check = validate(read_deck(text, db), db)
    assert check.valid
    assert "the crypt heading states 13 cards but 12 were listed" in check.warnings


def test_import_notes_are_warnings(db):
    check = validate(read_deck(deck_text(extra="https://example.org/deck\n"), db), db)
    assert any("URL" in w and "line 3" in w for w in check.warnings)
