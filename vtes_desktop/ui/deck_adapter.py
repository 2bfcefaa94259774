"""What the deck panel shows, made from `vtes_desktop.decks`: the one place that knows its API.

`load_file` and `load_text` never raise: an unreadable file or a deck that
does not parse (`DeckError`) comes back as a `DeckView` whose problems say why.
Problems are the import's unknown lines (with line numbers and the nearest
names) and notes, then what `validate` adds: deck-construction errors and
warnings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from vtes_desktop.cards.model import CardDef

#: Library groups in the order deck lists print them.
LIBRARY_ORDER = ("Master", "Conviction", "Action", "Political Action", "Ally", "Retainer", "Equipment",
                 "Power", "Action Modifier", "Reaction", "Combat", "Event")


#: How `Deck.format` codes read in the window.
FORMAT_LABELS = {"twd": "TWD text", "vdb-text": "VDB text", "jol": "JOL", "lackey": "LackeyCCG",
                 "ardb-text": "ARDB text", "ardb-xml": "ARDB XML", "amaranth": "Amaranth",
                 "text": "plain card list"}


@dataclass(frozen=True)
class DeckEntry:
    count: int
    card: CardDef


@dataclass(frozen=True)
class DeckGroup:
    title: str
    entries: tuple[DeckEntry, ...] = ()

    @property
    def count(self) -> int:
        return sum(e.count for e in self.entries)


@dataclass(frozen=True)
class DeckProblem:
    kind: str                         # "unknown" (a line naming no card), "error", "warning"
    message: str
    line: int | None = None           # 1-based line number in the source text
    text: str = ""                    # the source line
    suggestions: tuple[str, ...] = ()


@dataclass(frozen=True)
class DeckView:
    name: str
    source: str                       # a path, or "pasted text"
    format: str = ""
    crypt: DeckGroup = DeckGroup("Crypt")
    library: tuple[DeckGroup, ...] = ()
    problems: tuple[DeckProblem, ...] = ()
    loaded: bool = True               # False when nothing could be read at all
    author: str = ""

    @property
    def crypt_count(self) -> int:
        return self.crypt.count

    @property
    def library_count(self) -> int:
        return sum(g.count for g in self.library)

    def first_card(self) -> CardDef | None:
        for g in (self.crypt, *self.library):
            for e in g.entries:
                return e.card
        return None

    def cards(self) -> list[DeckEntry]:
        return [e for g in (self.crypt, *self.library) for e in g.entries]


def group_library(entries: Iterable[DeckEntry]) -> tuple[DeckGroup, ...]:
    """Library entries grouped by card type (`Action Modifier/Reaction` is its own group), in print order."""
    groups: dict[str, list[DeckEntry]] = {}
    for e in entries:
        groups.setdefault(e.card.type_label, []).append(e)

    def rank(title: str) -> tuple[int, str]:
        first = title.split("/")[0]
        return (LIBRARY_ORDER.index(first) if first in LIBRARY_ORDER else len(LIBRARY_ORDER), title)

    return tuple(DeckGroup(t, tuple(sorted(groups[t], key=lambda e: e.card.display)))
                 for t in sorted(groups, key=rank))


def load_file(db, path: Path) -> DeckView:
    from vtes_desktop.decks import DeckError, load_deck

    try:
        deck = load_deck(path, db)
    except DeckError as e:
        return _failed(path.stem, str(path), str(e))
    return _view(db, deck, str(path), path.stem)


def load_text(db, text: str, *, source: str = "pasted text", name: str = "Pasted deck") -> DeckView:
    from vtes_desktop.decks import DeckError, read_deck

    try:
        deck = read_deck(text, db)
    except DeckError as e:
        return _failed(name, source, str(e))
    return _view(db, deck, source, name)


def _failed(name: str, source: str, message: str) -> DeckView:
    return DeckView(name, source, problems=(DeckProblem("error", message),), loaded=False)


def format_label(fmt: str, encoding: str = "utf-8") -> str:
    label = FORMAT_LABELS.get(fmt, fmt)
    return label if encoding.lower().replace("_", "-") in ("utf-8", "ascii") else f"{label}, {encoding}"


def _view(db, deck, source: str, fallback_name: str) -> DeckView:
    from vtes_desktop.decks import validate

    def entries(counts) -> list[DeckEntry]:
        return [DeckEntry(n, c) for cid, n in counts.items() if (c := db.get(cid)) is not None]

    crypt = sorted(entries(deck.crypt), key=lambda e: (-e.count, -(e.card.capacity or 0), e.card.display))
    problems = [DeckProblem("unknown", f"{u.text!r}", u.line, u.text, tuple(u.suggestions)) for u in deck.unknown]
    problems += [DeckProblem("warning", n.message + (f": {n.text!r}" if n.text else ""), n.line or None, n.text)
                 for n in deck.warnings]
    # validate() repeats the unknown lines and import notes as strings: keep only what it adds
    seen = {str(u) for u in deck.unknown} | {str(n) for n in deck.warnings}
    check = validate(deck, db)
    problems += [DeckProblem("error", e) for e in check.errors if e not in seen]
    problems += [DeckProblem("warning", w) for w in check.warnings if w not in seen]
    return DeckView(deck.name or fallback_name, source, format_label(deck.format, deck.encoding or "utf-8"),
                    DeckGroup("Crypt", tuple(crypt)), group_library(entries(deck.library)), tuple(problems),
                    author=deck.author or "")
