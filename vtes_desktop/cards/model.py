"""Cards as values: what the engine and the UI need to know of a VEKN card.

A `CardDef` is frozen and compared by id. Game state stores card ids, never
`CardDef` objects. Quirks of the VEKN data worth knowing:

- in a crypt card's disciplines a lowercase trigram is inferior, uppercase superior;
- a library card's discipline field is `A/B` for "either" and `A & B` for "both";
- a vampire's sect and title are not columns: they open the card text
  ("Camarilla Prince of Copenhagen: ...", "Advanced, Sabbat bishop: ...").
"""

from __future__ import annotations

from dataclasses import dataclass, field

CRYPT_TYPES = frozenset({"Vampire", "Imbued"})

#: Discipline (and Imbued virtue) trigrams by their full names, as the VEKN
#: library list spells them.
DISCIPLINES: dict[str, str] = {
    "Abombwe": "abo", "Animalism": "ani", "Auspex": "aus", "Celerity": "cel",
    "Chimerstry": "chi", "Daimoinon": "dai", "Dementation": "dem", "Dominate": "dom",
    "Fortitude": "for", "Maleficia": "mal", "Melpominee": "mel", "Mytherceria": "myt",
    "Necromancy": "nec", "Obeah": "obe", "Obfuscate": "obf", "Oblivion": "obl",
    "Obtenebration": "obt", "Potence": "pot", "Presence": "pre", "Protean": "pro",
    "Quietus": "qui", "Sanguinus": "san", "Serpentis": "ser", "Spiritus": "spi",
    "Striga": "str", "Temporis": "tem", "Thanatosis": "thn", "Thaumaturgy": "tha",
    "Valeren": "val", "Vicissitude": "vic", "Visceratika": "vis", "Flight": "flight",
    # Imbued virtues
    "Defense": "def", "Innocence": "inn", "Judgment": "jud", "Martyrdom": "mar",
    "Redemption": "red", "Vengeance": "ven", "Vision": "viz",
}
DISCIPLINE_NAMES: dict[str, str] = {v: k for k, v in DISCIPLINES.items()}

#: Votes given by a title (sects-and-titles rules). Independent titles are "1 vote"/"2 votes".
TITLE_VOTES: dict[str, int] = {
    "primogen": 1, "prince": 2, "baron": 2, "justicar": 3, "inner circle": 4,
    "bishop": 1, "archbishop": 2, "cardinal": 3, "regent": 4, "priscus": 1,
    "kholo": 2, "magaji": 2, "1 vote": 1, "2 votes": 2,
}

SECTS = ("Camarilla", "Sabbat", "Anarch", "Independent", "Laibon")


@dataclass(frozen=True, slots=True)
class Ruling:
    text: str
    references: tuple[tuple[str, str], ...] = ()   # (label, url)


@dataclass(frozen=True, slots=True, eq=False)
class CardDef:
    """One VEKN card. Identity is the VEKN id."""

    id: int
    name: str                      # VEKN name, e.g. "Dowager, The"
    display: str                   # what we show: "The Dowager", "Theo Bell (ADV)", "Theo Bell (G6)"
    types: tuple[str, ...]         # "Vampire", "Action Modifier", "Reaction", ...
    text: str                      # the full card text as printed
    clans: tuple[str, ...] = ()
    disciplines: tuple[str, ...] = ()   # crypt: trigrams, upper = superior; library: required trigrams
    discipline_any: bool = True    # library: True when any one of `disciplines` will do ("A/B"), False for "A & B"
    capacity: int | None = None    # vampire capacity, Imbued life
    group: str | None = None       # crypt group: "1".."7" or "ANY"
    advanced: bool = False
    title: str | None = None
    sect: str | None = None
    path: str | None = None
    pool_cost: str | None = None   # "1", "X", ...
    blood_cost: str | None = None
    conviction_cost: str | None = None
    capacity_change: str | None = None  # library cards that change capacity ("+1") or ally clans
    burn_option: bool = False
    requirements: tuple[str, ...] = ()  # from the VEKN meta list: "sabbat", "prince", "capacity 7 or more", ...
    sets: tuple[str, ...] = ()
    banned: str | None = None      # year banned
    aka: tuple[str, ...] = ()
    artist: str = ""
    flavor: str = ""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardDef) and other.id == self.id

    def __hash__(self) -> int:
        return self.id

    def __repr__(self) -> str:
        return f"CardDef({self.id}, {self.display!r})"

    @property
    def is_crypt(self) -> bool:
        return bool(CRYPT_TYPES.intersection(self.types))

    @property
    def is_library(self) -> bool:
        return not self.is_crypt

    @property
    def is_vampire(self) -> bool:
        return "Vampire" in self.types

    @property
    def is_imbued(self) -> bool:
        return "Imbued" in self.types

    @property
    def votes(self) -> int:
        """Votes from the title, 0 if untitled."""
        return TITLE_VOTES.get(self.title or "", 0)

    def discipline_level(self, trigram: str) -> int:
        """0 absent, 1 inferior, 2 superior (crypt cards)."""
        t = trigram.lower()
        for d in self.disciplines:
            if d.lower() == t:
                return 2 if d.isupper() else 1
        return 0

    @property
    def type_label(self) -> str:
        return "/".join(self.types)

    def text_for_level(self, level: str | None) -> str:
        """The card text that applies at *level* (a trigram, upper for superior, or None).

        Lines that start with a level marker (`[aus]`, `[AUS]`, `[ACTION MODIFIER]`) belong to
        that level; the other lines apply at every level.
        """
        return "\n".join(text for lvl, text in self.text_levels() if lvl is None or lvl == level)

    def text_levels(self) -> list[tuple[str | None, str]]:
        """The text split into (level marker or None, line) pairs, in order."""
        out: list[tuple[str | None, str]] = []
        for line in self.text.split("\n"):
            s = line.strip()
            if s.startswith("["):
                end = s.find("]")
                if end > 0:
                    marker = s[1:end]
                    out.append((marker, s[end + 1:].strip()))
                    continue
            out.append((None, s))
        return out


@dataclass(frozen=True, slots=True)
class DataVersion:
    source: str        # "krcg 4.19" or "VEKN CSV from /path"
    key: str           # hash of the source files
    built_by: str      # our package version
    cards: int = 0
    extra: dict = field(default_factory=dict)
