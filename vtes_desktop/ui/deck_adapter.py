"""What the deck panel shows, made from `vtes_desktop.decks`: the one place that knows its API.

`load_file` and `load_text` never raise: an unreadable file or a deck that
does not parse comes back as a `DeckView` whose problems say why.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from vtes_desktop.cards.model import CardDef

#: Library groups in the order deck lists print them.
LIBRARY_ORDER = ("Master", "Conviction", "Action", "Political Action", "Ally", "Retainer", "Equipment",
                 "Power", "Action Modifier", "Reaction", "Combat", "Event")


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
    extra: dict = field(default_factory=dict)

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


def crypt_group(entries: Iterable[DeckEntry]) -> DeckGroup:
    ordered = sorted(entries, key=lambda e: (-(e.card.capacity or 0), e.card.display))
    return DeckGroup("Crypt", tuple(ordered))


def load_file(db, path: Path) -> DeckView:
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError as e:
        return DeckView(path.name, str(path), problems=(DeckProblem("error", f"Cannot read {path}: {e.strerror or e}"),),
                        loaded=False)
    return load_text(db, text, source=str(path), name=path.stem)


def load_text(db, text: str, *, source: str = "pasted text", name: str = "") -> DeckView:
    return _fallback_parse(db, text, source, name or "Pasted deck")


# -- a plain "count name" reader, used until vtes_desktop.decks lands ------------------

_COUNT_LINE = re.compile(r"^\s*(\d+)\s*[xX×]?\s+(.+?)\s*$")
_HEADER = re.compile(r"^\s*(crypt|library|master|action|political|ally|retainer|equipment|combat|reaction|event|"
                     r"power|conviction|modifier)\b.*\(\s*\d+", re.I)


def _fallback_parse(db, text: str, source: str, name: str) -> DeckView:
    crypt: list[DeckEntry] = []
    library: list[DeckEntry] = []
    problems: list[DeckProblem] = []
    deck_name = name
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.lower().startswith("deck name:"):
            deck_name = line.split(":", 1)[1].strip() or deck_name
            continue
        if not line or _HEADER.match(line):
            continue
        m = _COUNT_LINE.match(line)
        if not m:
            continue
        count, rest = int(m.group(1)), m.group(2)
        card_name = re.split(r"\s{2,}|\t", rest)[0].strip()
        card = db.lookup(card_name)
        if card is None:
            problems.append(DeckProblem("unknown", f"unknown card {card_name!r}", n, raw.rstrip(),
                                        tuple(db.suggest(card_name))))
            continue
        (crypt if card.is_crypt else library).append(DeckEntry(count, card))
    view = DeckView(deck_name, source, "plain list", crypt_group(crypt), group_library(library), tuple(problems),
                    loaded=bool(crypt or library or problems))
    return view
