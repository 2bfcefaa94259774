"""What an import gives back: a deck, what could not be read, and what was odd.

An imported `Deck` is frozen. Cards are VEKN ids with counts, crypt and
library apart, in the order the file lists them; a card listed on two lines
counts once with both counts added. Lines that name no card are kept in
`unknown` with the nearest names, so a caller can show "line 12: 'Blod Doll'
(did you mean Blood Doll?)" and let the user fix it.

Two kinds of trouble, as in the engine:

- `DeckError` is raised when the input is not a deck list at all (empty,
  binary, too large, broken XML): nothing useful can be returned.
- Everything else comes back inside the `Deck`: `unknown` lines, `warnings`
  about stray lines, and, from `validate`, the errors and warnings of deck
  construction (`Check`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field


class DeckError(Exception):
    """The input cannot be read as a deck list; the message says why."""


class Format:
    """The layouts we recognise, by the name `Deck.format` reports.

    A layout is named after the tool that writes it; several tools write the
    same layout (VDB, VTES Decks, Sutekh and krcg all write TWD text).
    """

    TWD = "twd"                # TWDA archive text, and the TWD exports of VDB, VTES Decks, Sutekh, krcg
    VDB_TEXT = "vdb-text"      # VDB's "Text" export: headings underlined with "=" and "-"
    JOL = "jol"                # Jyhad Online: "2x Name" or "2xName" lines, crypt then library
    LACKEY = "lackey"          # LackeyCCG: "2<TAB>Name", library first, a "Crypt:" line, then the crypt (or a .dek file)
    ARDB_TEXT = "ardb-text"    # ARDB text: "Crypt [12 vampires] ...", "Library [90 cards]", "Action [12]"
    ARDB_XML = "ardb-xml"      # ARDB XML: <deck><crypt><vampire count=..>..</crypt><library>..</library></deck>
    AMARANTH = "amaranth"      # Amaranth text: "Crypt (12)", "Library (90)", type headings, "2x Name"
    TEXT = "text"              # a card list in none of the layouts above

    ALL = (TWD, VDB_TEXT, JOL, LACKEY, ARDB_TEXT, ARDB_XML, AMARANTH, TEXT)


@dataclass(frozen=True, slots=True)
class UnknownLine:
    """A line that reads as a card entry but whose name resolves to no card."""

    line: int                           # 1-based line number in the input
    text: str                           # the line as written, stripped
    suggestions: tuple[str, ...] = ()   # nearest card names, best first
    count: int = 1
    section: str | None = None          # "crypt", "library", or None when the list has no headings

    def __str__(self) -> str:
        hint = f" (did you mean {', '.join(self.suggestions)}?)" if self.suggestions else ""
        return f"line {self.line}: unknown card {self.text!r}{hint}"

    def to_json(self) -> dict:
        return {"line": self.line, "text": self.text, "suggestions": list(self.suggestions)}


@dataclass(frozen=True, slots=True)
class LineNote:
    """Something odd about one line (a URL or prose inside a list, ...); `line` 0 is the whole input."""

    line: int
    message: str
    text: str = ""

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        quoted = f": {self.text!r}" if self.text else ""
        return f"{where}{self.message}{quoted}"


class Counts(Mapping[int, int]):
    """Card id -> count, read-only, in insertion order; equal to a dict with the same items."""

    __slots__ = ("_d",)

    def __init__(self, items: Mapping[int, int] | None = None):
        self._d = dict(items or {})

    def __getitem__(self, cid: int) -> int:
        return self._d[cid]

    def __iter__(self) -> Iterator[int]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __eq__(self, other: object) -> bool:
        return dict(self._d) == dict(other) if isinstance(other, Mapping) else NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self._d.items()))

    def __repr__(self) -> str:
        return f"Counts({self._d!r})"

    def __reduce__(self):
        return (Counts, (self._d,))


def _frozen(counts: Mapping[int, int] | None) -> Counts:
    return counts if isinstance(counts, Counts) else Counts(counts)


@dataclass(frozen=True)
class Deck:
    """An imported deck list.

    `crypt` and `library` map card ids to counts in file order. `stated_crypt`
    and `stated_library` are the totals the file itself announces in its
    headings ("Crypt (12 cards, ...)"), when it does.
    """

    format: str
    crypt: Mapping[int, int] = field(default_factory=dict)
    library: Mapping[int, int] = field(default_factory=dict)
    name: str | None = None
    author: str | None = None
    description: str | None = None
    unknown: tuple[UnknownLine, ...] = ()
    warnings: tuple[LineNote, ...] = ()
    stated_crypt: int | None = None
    stated_library: int | None = None
    encoding: str = "utf-8"

    def __post_init__(self) -> None:
        object.__setattr__(self, "crypt", _frozen(self.crypt))
        object.__setattr__(self, "library", _frozen(self.library))
        object.__setattr__(self, "unknown", tuple(self.unknown))
        object.__setattr__(self, "warnings", tuple(self.warnings))

    def __hash__(self) -> int:
        return hash((self.format, self.crypt, self.library))

    @property
    def crypt_count(self) -> int:
        return sum(self.crypt.values())

    @property
    def library_count(self) -> int:
        return sum(self.library.values())

    def cards(self) -> dict[int, int]:
        """Every card id with its count, crypt first."""
        return {**self.crypt, **self.library}

    def to_json(self) -> dict:
        """Plain data: cards as [id, count] pairs in file order."""
        return {"format": self.format, "name": self.name, "author": self.author,
                "description": self.description,
                "crypt": [[cid, n] for cid, n in self.crypt.items()],
                "library": [[cid, n] for cid, n in self.library.items()]}

    def __repr__(self) -> str:
        name = f" {self.name!r}" if self.name else ""
        return (f"<Deck{name} {self.format}: crypt {self.crypt_count}, library {self.library_count}"
                f"{f', {len(self.unknown)} unknown' if self.unknown else ''}>")


@dataclass(frozen=True, slots=True)
class Check:
    """The verdict of `validate`: errors make a deck unplayable, warnings do not."""

    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        return not self.errors
