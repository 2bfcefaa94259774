"""Deck import: every layout, read from fixtures written the way each tool writes them.

The fixtures in tests/fixtures/decks hold one deck, "Fixture Brujah", in the
layouts of the TWDA, VDB, VTES Decks, Sutekh, JOL, LackeyCCG, ARDB and
Amaranth. It has the names deck parsers stumble on: same-name vampires told
apart by group (Theo Bell and Dónal O'Connor of group 6), an advanced vampire,
accents, quotes, articles, digits, a dash and a slash in names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vtes_desktop.decks import Format, load_deck, read_deck, validate

FIXTURES = Path(__file__).parent / "fixtures" / "decks"

FIXTURE_CRYPT = {
    "Theo Bell (G6)": 3, "Aline Gädeke": 2, 'Rexton "Savage" Abernathy': 2, "Dónal O'Connor (G6)": 2,
    "Onkabetse, Arriviste": 1, "The Dowager": 1, "Nergal (ADV)": 1,
}
FIXTURE_LIBRARY = {
    "Blood Doll": 4, "Pentex(TM) Subversion": 2, "The Anarch Free Press": 1, "Channel 10": 1,
    "Dreams of the Sphinx": 2, "Vessel": 4, "Rötschreck": 2, "Bum's Rush": 6, "Carlton Van Wyk": 2,
    ".44 Magnum": 3, "Bang Nakh — Tiger's Claws": 2, "Kpist m/45": 1, "Pier 13, Port of Baltimore": 1,
    "Mask of a Thousand Faces": 4, "Deflection": 6, "Immortal Grapple": 10, "Torn Signpost": 8,
    "Taste of Vitae": 6, "Hidden Strength": 6, "The Unmasking": 1, "Kine Resources Contested": 4,
}

LAYOUTS = [
    ("twd.txt", Format.TWD),                   # TWDA archive entry
    ("vdb-twd.txt", Format.TWD),               # VDB "TWD" export
    ("vtesdecks-twd.txt", Format.TWD),         # VTES Decks "TWD" export: "Crypt(12 cards, ...)"
    ("sutekh-twd.txt", Format.TWD),            # Sutekh TWDA text: tab columns, "Master (16, 4 trifle)"
    ("vdb-text.txt", Format.VDB_TEXT),         # VDB "Text" export: "=" and "-" underlines
    ("jol.txt", Format.JOL),                   # JOL / krcg: "3x Theo Bell (G6)", blank line
    ("jol-legacy.txt", Format.JOL),            # JOL deckserver: bare names, "3 x Name", "(advanced)"
    ("vdb-jol.txt", Format.JOL),               # VDB: "3xTheo Bell (G6)", no blank line
    ("vtesdecks-jol.txt", Format.JOL),         # VTES Decks: "3xTheo Bell" (no group), blank line
    ("sutekh-jol.txt", Format.JOL),            # Sutekh: "3xTheo Bell (Group 6)", bare name for one copy
    ("vdb-lackey.txt", Format.LACKEY),         # VDB: count padded with spaces, ASCII names, "/" dropped
    ("vtesdecks-lackey.txt", Format.LACKEY),   # VTES Decks: tab, ASCII names
    ("sutekh-lackey.txt", Format.LACKEY),      # Sutekh: "Nergal Adv.", "Rexton 'Savage' Abernathy"
    ("lackey.dek", Format.LACKEY),             # LackeyCCG's own deck file: one <card> per copy, zones
    ("ardb-text.txt", Format.ARDB_TEXT),       # ARDB text: names cut at 18 characters, "Adv" column
    ("ardb.xml", Format.ARDB_XML),             # ARDB XML: <adv>(ADV)</adv>, <group>
    ("sutekh-ardb.xml", Format.ARDB_XML),      # Sutekh's ARDB XML: <adv>Advanced</adv>, <adv />
    ("amaranth.txt", Format.AMARANTH),         # Amaranth: "Crypt (12)", "Library (76)"
    ("lackey-cp1252.txt", Format.LACKEY),      # a Windows-1252 Lackey file
    ("jol-utf16.txt", Format.JOL),             # a JOL list saved as UTF-16 with a BOM
]


def ids(db, counts: dict[str, int]) -> dict[int, int]:
    return {db[name].id: n for name, n in counts.items()}


@pytest.mark.parametrize("file, fmt", LAYOUTS, ids=[f for f, _ in LAYOUTS])
def test_every_layout_reads_the_same_deck(db, file, fmt):
    deck = load_deck(FIXTURES / file, db)
    assert deck.format == fmt
    assert dict(deck.crypt) == ids(db, FIXTURE_CRYPT)
    assert dict(deck.library) == ids(db, FIXTURE_LIBRARY)
    assert deck.unknown == ()
    assert (deck.crypt_count, deck.library_count) == (12, 76)
    assert validate(deck, db).valid


def test_cards_keep_file_order(db):
    deck = load_deck(FIXTURES / "twd.txt", db)
    assert [db[i].display for i in deck.crypt] == [
        "Theo Bell (G6)", 'Rexton "Savage" Abernathy', "Dónal O'Connor (G6)", "Aline Gädeke",
        "Nergal (ADV)", "The Dowager", "Onkabetse, Arriviste"]
    assert [db[i].display for i in deck.library][:3] == ["The Anarch Free Press", "Blood Doll", "Channel 10"]


def test_twd_header_and_description_are_metadata_not_cards(db):
    deck = load_deck(FIXTURES / "twd.txt", db)
    assert deck.name == "Fixture Brujah"
    assert deck.author == "Test Author"
    assert deck.description.startswith("Rush with Brujah")
    assert "2x Blood Doll" in deck.description          # a card line in the description ...
    assert deck.library[db["Blood Doll"].id] == 4        # ... is not counted
    assert db["Cryptic Rider"].id not in deck.library
    assert (deck.stated_crypt, deck.stated_library) == (12, 76)


def test_twd_author_defaults_to_the_winner(db):
    deck = load_deck(FIXTURES / "twd-quirks.txt", db)
    assert deck.author == "Quirky Winner"


@pytest.mark.parametrize("file", ["vdb-text.txt", "vtesdecks-twd.txt", "ardb-text.txt", "ardb.xml", "amaranth.txt"])
def test_name_author_description(db, file):
    deck = load_deck(FIXTURES / file, db)
    assert (deck.name, deck.author) == ("Fixture Brujah", "Test Author")
    assert deck.description == "Rush with Brujah of groups 5 and 6."


def test_same_name_vampire_without_group_fits_the_crypt(db):
    # VTES Decks writes "3xTheo Bell": the group is lost; the rest of the crypt is group 5-6
    deck = load_deck(FIXTURES / "vtesdecks-jol.txt", db)
    assert deck.crypt[db["Theo Bell (G6)"].id] == 3
    assert any("Theo Bell" in str(w) and "group" in str(w) for w in deck.warnings)


def test_same_name_vampire_alone_is_the_lowest_group(db):
    deck = read_deck("12x Theo Bell\n", db)
    assert dict(deck.crypt) == {db["Theo Bell (G2)"].id: 12}


# -- one line, many spellings ------------------------------------------------------

@pytest.mark.parametrize("line, card, count", [
    ("2x Theo Bell (ADV)", "Theo Bell (ADV)", 2),
    ("2 Theo Bell (advanced)", "Theo Bell (ADV)", 2),
    ("2xTheo Bell (G6)", "Theo Bell (G6)", 2),
    ("1x Theo Bell (G2 ADV)", "Theo Bell (ADV)", 1),
    ("3xTheo Bell (ADV) (G2)", "Theo Bell (ADV)", 3),
    ("2x Theo Bell (Group 6)", "Theo Bell (G6)", 2),
    ("1\tAlan Sovereign Adv.", "Alan Sovereign (ADV)", 1),
    ("5x  Anson", "Anson", 5),
    ("2 x Anson", "Anson", 2),
    ("2X Anson", "Anson", 2),
    ("2 Anson", "Anson", 2),
    ("Anson", "Anson", 1),
    ("Anson x3", "Anson", 3),
    ("2       Anson", "Anson", 2),
    ("1x Dowager, The", "The Dowager", 1),
    ("1x The Dowager", "The Dowager", 1),
    ("1x dowager", "The Dowager", 1),
    ("1x DOWAGER, THE", "The Dowager", 1),
    ("2x Theo Bell            8  CEL POT PRE aus dom  Brujah:6", "Theo Bell (G6)", 2),
    ("2x Theo Bell 8 CEL POT PRE aus dom Brujah:6", "Theo Bell (G6)", 2),
    ("2x Theo Bell\t\t8   CEL POT PRE aus dom\t\tBrujah:6", "Theo Bell (G6)", 2),
    ("2x Theo Bell (ADV)   7  CEL POT PRE aus dom  Brujah:2", "Theo Bell (ADV)", 2),
    ("1x Renenet  5  OBF PRE ser  Follower of Set:4  -- which i drew every game", "Renenet", 1),
    ('1x Jennie "Cassie247" Orne    5  inn jud viz      Visionary:4', 'Jennie "Cassie247" Orne', 1),
    ("1\tJennie ''Cassie247'' Orne", 'Jennie "Cassie247" Orne', 1),
    ("3x Lodin (Olaf Holte)  8  DOM FOR PRE aus pro  prince    Ventrue:5", "Lodin (Olaf Holte)", 3),
    ("1x Camille Devereux", "Camille Devereux, The Raven", 1),
    ("1x Raven", "Camille Devereux, The Raven", 1),
    ("4x .44 Magnum", ".44 Magnum", 4),
    ("4x.44 Magnum", ".44 Magnum", 4),
    ("1x Pentex(TM) Subversion", "Pentex(TM) Subversion", 1),
    ("Channel 10", "Channel 10", 1),
    ("2x Channel 10", "Channel 10", 2),
    ("419 Operation", "419 Operation", 1),
    ("2x 419 Operation", "419 Operation", 2),
    ("1       Kpist m45", "Kpist m/45", 1),
    ("2x Bang Nakh -- Tiger's Claws", "Bang Nakh — Tiger's Claws", 2),
    ("1\tBoleslaw Gutowski", "Bolesław Gutowski", 1),
    ("1x Rotschreck", "Rötschreck", 1),
    ("2x Golconda: Inner Peace -- Inner Peace", "Golconda: Inner Peace", 2),
    ("6x Villein -- necessary, but would work better with a more diverse crypt", "Villein", 6),
    ("2x Mask of 1,000 Faces", "Mask of a Thousand Faces", 2),
    ("2x Bang Nakh — Tiger's Claws — my favourite", "Bang Nakh — Tiger's Claws", 2),
    ("4x Blood Doll - best card", "Blood Doll", 4),
    ("4x Blood Doll // pool gain", "Blood Doll", 4),
    ("4x Blood Doll (trifle)", "Blood Doll", 4),
    ("• 4x Blood Doll", "Blood Doll", 4),
    ("4x Blood Doll", "Blood Doll", 4),
    ("4 × Blood Doll", "Blood Doll", 4),
])
def test_entry_spellings(db, line, card, count):
    deck = read_deck(line + "\n", db)
    assert deck.unknown == ()
    assert deck.cards() == {db[card].id: count}


# -- what is and is not read ------------------------------------------------------

def test_quirks_of_real_lists(db):
    deck = load_deck(FIXTURES / "twd-quirks.txt", db)
    crypt = {db[i].display: n for i, n in deck.crypt.items()}
    library = {db[i].display: n for i, n in deck.library.items()}
    assert crypt["Theo Bell (G6)"] == 5                        # "5x  Theo Bell" and the :6 column
    assert crypt["Theo Bell (ADV)"] == 1
    assert crypt["Aline Gädeke"] == 2                           # a crypt row with single spaces
    assert crypt["Camille Devereux, The Raven"] == 2            # "Camille Devereux" + "Raven"
    assert crypt["The Dowager"] == 2                            # "THE DOWAGER"
    assert library["Blood Doll"] == 6                           # "Blood Doll" + "blood doll"
    assert library["Immortal Grapple"] == 16                    # listed on two lines
    assert library["The Anarch Free Press"] == 1


def test_unknown_line_has_line_number_text_and_suggestions(db):
    deck = load_deck(FIXTURES / "twd-quirks.txt", db)
    [u] = deck.unknown
    assert (u.line, u.text, u.count, u.section) == (39, "2x Deflektion", 2, "library")
    assert "Deflection" in u.suggestions
    assert u.to_json() == {"line": 39, "text": "2x Deflektion", "suggestions": list(u.suggestions)}


def test_prose_and_urls_inside_a_list_are_warnings_not_cards(db):
    deck = load_deck(FIXTURES / "twd-quirks.txt", db)
    notes = {w.line: w for w in deck.warnings}
    assert "not a card" in notes[35].message and "Taste of Vitae" in notes[35].text
    assert "URL" in notes[36].message
    assert deck.library[db["Taste of Vitae"].id] == 30          # the prose naming it adds nothing
    assert all(w.line not in (22, 24) for w in deck.warnings)    # "-- comments" are not warnings


def test_crypt_row_columns_are_not_part_of_the_name(db):
    text = ("Crypt (12 cards)\n"
            "12x Mina Grotius   6  FOR NEC cel   Harbinger of Skulls:3\n")
    deck = read_deck(text, db)
    assert deck.cards() == {db["Mina Grotius"].id: 12}


def test_unknown_bare_name_under_a_heading(db):
    deck = read_deck("Crypt:\n12x Anson\nLibrary:\nBlod Doll\n90x Blood Doll\n", db)
    [u] = deck.unknown
    assert (u.line, u.text, u.section) == (4, "Blod Doll", "library")
    assert "Blood Doll" in u.suggestions


def test_misspelt_bare_name_in_a_jol_list_is_unknown(db):
    deck = read_deck("12x Anson\n\n80x Blood Doll\nDeflektion\n", db)
    assert [u.text for u in deck.unknown] == ["Deflektion"]


def test_card_listed_under_the_other_heading_goes_where_it_belongs(db):
    deck = read_deck("Crypt:\n11x Anson\n1x Blood Doll\nLibrary:\n1x Alexandra\n89x Blood Doll\n", db)
    assert deck.crypt_count == 12 and deck.library_count == 90
    assert any("listed under the crypt heading" in w.message for w in deck.warnings)


# -- layout detection, from the traits each tool's output has ------------------------

@pytest.mark.parametrize("text, fmt", [
    ("Crypt (12 cards, min=8, max=12, avg=2.5)\n12x Anson\nLibrary (90 cards)\nMaster (90)\n90x Blood Doll\n",
     Format.TWD),
    ("Crypt(12 cards, min=8, max=12, avg=2.5)\n12x Anson\nLibrary (90 cards)\n90x Blood Doll\n", Format.TWD),
    ("Crypt (12 cards, min=8 max=12 avg=2.5)\n========\n12x Anson\n\nLibrary (90 cards)\n=======\n"
     "Master (90)\n-----------\n90x Blood Doll\n", Format.VDB_TEXT),
    ("90\tBlood Doll\nCrypt:\n12\tAnson\n", Format.LACKEY),
    ("90      Blood Doll\nCrypt:\n12      Anson\n", Format.LACKEY),
    ("12xAnson\n90xBlood Doll\n", Format.JOL),
    ("12x Anson\n\n90x Blood Doll\n", Format.JOL),
    ("Crypt [12 vampires] Capacity min: 8 max: 8 average: 8.00\n 12x Anson   8 CEL PRE aus dom  prince  "
     "Toreador:1\n\nLibrary [90 cards]\nMaster [90]\n 90x Blood Doll\n", Format.ARDB_TEXT),
    ("Crypt (12)\n12x Anson\n\nLibrary (90)\nMaster (90)\n90x Blood Doll\n", Format.AMARANTH),
    ("Crypt\n12 Anson\nLibrary\n90 Blood Doll\n", Format.TEXT),
    ('<?xml version="1.0"?>\n<deck><crypt><vampire count="12"><adv/><name>Anson</name></vampire></crypt>'
     '<library><card count="90"><name>Blood Doll</name></card></library></deck>\n', Format.ARDB_XML),
])
def test_layout_detection(db, text, fmt):
    deck = read_deck(text, db)
    assert deck.format == fmt
    assert (deck.crypt_count, deck.library_count, deck.unknown) == (12, 90, ())


def test_pasted_text_and_bytes_read_alike(db):
    text = (FIXTURES / "jol.txt").read_text(encoding="utf-8")
    assert read_deck(text, db) == read_deck(text.encode("utf-8"), db)


def test_deck_is_frozen(db):
    deck = read_deck("12x Anson\n90x Blood Doll\n", db)
    with pytest.raises(TypeError):
        deck.crypt[1] = 2  # type: ignore[index]
    with pytest.raises(AttributeError):
        deck.format = "x"  # type: ignore[misc]


def test_deck_pickles_and_compares_to_plain_dicts(db):
    import pickle

    deck = read_deck("12x Anson\n90x Blood Doll\n", db)
    assert pickle.loads(pickle.dumps(deck)) == deck
    assert deck.crypt == {db["Anson"].id: 12}
    assert deck.to_json()["library"] == [[db["Blood Doll"].id, 90]]
