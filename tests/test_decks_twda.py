"""The 450 TWDA decks of the shared sample: every card resolves, the totals are the stated ones.

The expected totals come from each file's own headings ("Crypt (12 cards, ...",
"Library (90 cards)"), and validity from the construction rules applied to
those totals, so no outcome is written down here by hand.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from support import SHARED, shared_path
from vtes_desktop.decks import load_deck, read_deck, validate

# krcg reads its card lists from disk and skips translations when these are set before its first import
os.environ.setdefault("LOCAL_CARDS", "1")
os.environ.setdefault("NO_TRANSLATIONS", "1")

SAMPLE = SHARED / "data" / "twda-sample"
FILES = sorted(SAMPLE.glob("*.txt")) if SAMPLE.is_dir() else []


def stated(path: Path) -> tuple[int | None, int | None]:
    text = path.read_text(encoding="utf-8", errors="replace")
    crypt = re.search(r"^Crypt \((\d+) cards", text, re.M)
    library = re.search(r"^Library \((\d+) cards", text, re.M)
    return (int(crypt.group(1)) if crypt else None, int(library.group(1)) if library else None)


def test_the_sample_is_there():
    folder = shared_path("data", "twda-sample")
    assert len(list(folder.glob("*.txt"))) >= 450


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_sample_deck_reads_completely(db, path):
    deck = load_deck(path, db)
    crypt, library = stated(path)
    assert deck.format == "twd"
    assert deck.unknown == (), [str(u) for u in deck.unknown]
    assert deck.crypt_count == crypt
    assert deck.library_count == library
    check = validate(deck, db)
    legal = crypt >= 12 and 60 <= library <= 90
    assert check.valid == legal, check.errors


def test_the_91_card_library_is_invalid_and_says_why(db):
    path = shared_path("data", "twda-sample", "2k8pwbsla2.txt")
    deck = load_deck(path, db)
    check = validate(deck, db)
    assert deck.library_count == 91
    assert not check.valid
    assert "library has 91 cards; the maximum is 90" in check.errors


def test_a_prose_line_in_a_sample_list_is_reported(db):
    path = shared_path("data", "twda-sample", "12082.txt")
    deck = load_deck(path, db)
    last = path.read_text(encoding="utf-8").splitlines()[-1]
    assert [w.text for w in deck.warnings] == [last]
    assert deck.library_count == stated(path)[1]


def test_all_samples_check_fast(db):
    import time

    shared_path("data", "twda-sample")
    start = time.perf_counter()
    for path in FILES:
        validate(load_deck(path, db), db)
    assert time.perf_counter() - start < 5.0


# -- cross-check against krcg's parser (tests only; the app never imports krcg) -------

@pytest.fixture(scope="module")
def krcg_sample():
    """The sample decks as krcg's parser reads them: [(path, krcg Deck)]."""
    pytest.importorskip("krcg")
    shared_path("data", "twda-sample")
    from krcg.deck import Deck
    from krcg.vtes import VTES

    if not VTES:
        VTES.load_from_vekn()
    decks = []
    for path in FILES:
        with path.open(encoding="utf-8") as f:
            decks.append((path, Deck.from_txt(f, id=path.stem, offset=0)))
    return decks


def test_krcg_reads_the_same_cards(db, krcg_sample):
    """Where krcg's count agrees with the file's stated totals, its cards must equal ours.

    krcg reads card-like lines in descriptions too ("1 Spying Mission." in prose),
    so a deck where its totals differ from the stated ones is one it misread.
    """
    compared = 0
    for path, theirs in krcg_sample:
        ours = load_deck(path, db)
        crypt, library = stated(path)
        their_counts = {c.id: n for c, n in theirs.cards()}
        their_crypt = sum(n for c, n in theirs.cards() if c.crypt)
        if (their_crypt, sum(their_counts.values()) - their_crypt) != (crypt, library):
            continue
        assert ours.cards() == their_counts, path.name
        compared += 1
    assert compared >= 0.95 * len(FILES)


@pytest.mark.parametrize("layout", ["twd", "jol", "lackey"])
def test_krcg_exports_read_back(db, krcg_sample, layout):
    """krcg writes TWD, JOL and LackeyCCG text as those tools do; we read its output to its cards."""
    for path, theirs in krcg_sample:
        deck = read_deck(theirs.to_txt(layout), db)
        assert deck.format == layout, path.name
        assert deck.unknown == (), path.name
        assert deck.cards() == {c.id: n for c, n in theirs.cards()}, path.name
