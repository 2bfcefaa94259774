"""From the text of one deck-list entry to a card of our database.

Deck tools write the same card in many ways, and a deck parser lives or dies
by the quirks it knows:

- advanced vampires: `Theo Bell (ADV)`, `Theo Bell (advanced)`, `Alan Sovereign Adv.`
  (Sutekh's Lackey names), a separate `Adv` column (ARDB text), `<adv>` (ARDB XML);
- vampires sharing a name, told apart by group: `Theo Bell (G6)`, `(G2 ADV)`,
  `Theo Bell (ADV) (G2)` (VDB), or the `Brujah:6` clan:group column of a crypt row;
- crypt rows with columns after the name (capacity, disciplines, title,
  clan:group), separated by tabs, runs of spaces, or single spaces;
  ARDB text cuts names to 18 characters;
- comments after the card: `-- note`, `// note`;
- articles, accents, quotes, punctuation and case (the card database ignores them).

`Resolver` knows these; `CardDB.lookup` does the name matching itself.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from vtes_desktop.cards import CardDB, CardDef
from vtes_desktop.cards import names as cardnames
from vtes_desktop.cards.model import DISCIPLINES, TITLE_VOTES

#: Names found in deck lists that the VEKN list spells differently.
ALIASES = {
    "mask of 1,000 faces": "Mask of a Thousand Faces",   # the printed name on older cards
    "mask of 1000 faces": "Mask of a Thousand Faces",
}

_ADV_WORD = re.compile(r"[\s(\[]*\b(?:adv\.?|advanced)[)\]]?\s*$", re.I)
_GROUP_WORD = re.compile(r"\s*[\(\[]\s*group\s*(\d+|any)\s*[\)\]]\s*$", re.I)   # Sutekh: "(Group 6)"
_GROUP_TOKEN = re.compile(r"^\(?g\s*(\d+|any|\*)\)?$", re.I)
_CLAN_GROUP = re.compile(r"^(?P<clan>[^:]*):\s*(?P<group>\d{1,2}|any|\*)$", re.I)
_GLUED_CAPACITY = re.compile(r"^[a-z]{3}\d{1,2}$", re.I)   # "PRE11": a discipline run into the capacity
_COMMENT = re.compile(r"\s+(?:--+|//+|#)\s*.*$|\s*--+\s*$")
_NOTE_MARK = re.compile(r"\s+(?:--+|//+|#|[\u2014\u2013]|-)\s+")   # where a note may start: " -- ", " — ", " - "
_TRAILING_BRACKET = re.compile(r"\s*[\(\[][^\(\)\[\]]*[\)\]]\s*$")
_COLUMNS = re.compile(r"\t+|\s{2,}")

_DISCIPLINE_TOKENS = {d for d in DISCIPLINES.values()} | {"vin", "fli", "-none-", "none", "-"}
_TITLE_TOKENS = {w for t in TITLE_VOTES for w in t.split()} | {"imperator", "vote", "votes", "title"}
_SECT_TOKENS = {"camarilla", "sabbat", "anarch", "anarchs", "independent", "laibon"}
_ADV_TOKENS = {"adv", "adv.", "(adv)", "[adv]", "(advanced)", "advanced", "(adv.)"}

#: ARDB text cuts crypt names to this many characters.
ARDB_NAME_WIDTH = 18

#: Letters that have no decomposition, spelled as ASCII exports spell them (unidecode, AnyAscii).
TRANSLIT = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss",
                          "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ı": "i", "þ": "th", "Þ": "Th",
                          "—": "-", "–": "-", "\u2122": "(TM)"})


def ascii_name(name: str) -> str:
    """*name* in plain ASCII, as LackeyCCG lists write it: `Bolesław` -> `Boleslaw`."""
    s = unicodedata.normalize("NFKD", name.translate(TRANSLIT))
    return "".join(c for c in s if not unicodedata.combining(c)).encode("ascii", "ignore").decode()


def strip_suffixes(text: str) -> tuple[str, bool, str | None]:
    """`Theo Bell (ADV) (G2)` -> ("Theo Bell", True, "2"); also `Alan Sovereign Adv.`."""
    s = text.strip()
    adv = False
    group: str | None = None
    while True:
        base, a, g = cardnames.split_suffix(s)
        m = _ADV_WORD.search(base)
        if m and m.start() > 0:
            base, a = base[:m.start()].rstrip(), True
        m = _GROUP_WORD.search(base)
        if m and m.start() > 0:
            base, g = base[:m.start()].rstrip(), m.group(1).upper()
        if base == s:
            return s, adv, group
        adv = adv or a
        group = group or g
        s = base


def strip_comment(text: str) -> str:
    """`Villein -- necessary, but ...` -> `Villein`."""
    return _COMMENT.sub("", text).strip()


def note_cuts(text: str) -> list[str]:
    """*text* cut before each place a note may start, longest first.

    `Bang Nakh — Tiger's Claws — my favourite` gives `Bang Nakh — Tiger's Claws`,
    then `Bang Nakh`: the dash in the name and the dash before the note look alike.
    """
    return [text[:m.start()].strip() for m in reversed(list(_NOTE_MARK.finditer(text))) if m.start() > 0]


class Resolver:
    """Card lookup for deck lists, over one card database."""

    def __init__(self, db: CardDB):
        self.db = db
        words: set[str] = set()
        paths: set[str] = set()
        types: set[str] = set()
        for c in db:
            if c.is_crypt:
                for clan in c.clans:
                    words.update(clan.lower().split())
                if c.path:
                    paths.update(c.path.lower().split())
            types.update(t for t in c.types if t not in ("Vampire", "Imbued"))
        self._clan_words = words | {"imbued", "(imbued)", "follower", "!"} | paths | {"path", "of"}
        #: library card types, for telling type headings ("Action Modifier (12)") from cards
        self.library_types = frozenset(t.lower() for t in types)
        self._crypt_prefix_keys: list[tuple[str, int]] | None = None
        # names whose ASCII spelling has another lookup key than the name itself (Bolesław, Boleslaw)
        self._ascii_keys: dict[str, list[int]] = {}
        for c in db:
            for n in (c.name, c.display):
                base = cardnames.split_suffix(n)[0]
                for variant in (base, cardnames.article_free(base)):
                    k = cardnames.key(ascii_name(variant))
                    if k != cardnames.key(variant) and c.id not in self._ascii_keys.get(k, []):
                        self._ascii_keys.setdefault(k, []).append(c.id)

    # -- names ----------------------------------------------------------------
    def lookup(self, text: str, *, crypt: bool | None = None, adv: bool = False,
               group: str | None = None) -> CardDef | None:
        """The card *text* names, preferring crypt (True) or library (False) cards.

        Suffixes in *text* (`(ADV)`, `(G6)`, `Adv.`) add to *adv* and *group*.
        A group that matches no printing is ignored (old lists predate some
        reprints' group numbers); without one, the lowest group is meant.
        """
        base, a, g = strip_suffixes(text)
        adv = adv or a
        group = g or group
        if not base:
            return None
        alias = ALIASES.get(cardnames.fold(base).strip())
        cands = self.db.candidates(alias or base)
        if not cands:
            ids = self._ascii_keys.get(cardnames.key(base)) or self._ascii_keys.get(
                cardnames.key(cardnames.article_free(base)), [])
            cands = [self.db[i] for i in ids]
        if not cands:
            return None
        if crypt is not None:
            cands = [c for c in cands if c.is_crypt == crypt] or cands
        if not cands[0].is_crypt:
            return cands[0]
        crypts = [c for c in cands if c.is_crypt]
        pool = [c for c in crypts if c.advanced == adv]
        if not pool:
            return None
        if group is not None:
            g = group.upper()
            by_group = [c for c in pool if (c.group or "").upper() == g]
            if by_group:
                return by_group[0]
        if len(pool) == 1:
            return pool[0]
        return min(pool, key=lambda c: (_group_rank(c.group), c.id))

    def printings(self, card: CardDef) -> list[CardDef]:
        """The vampires sharing *card*'s name and advanced flag, one per group (Theo Bell: G2, G6)."""
        if not card.is_crypt:
            return [card]
        return [c for c in self.db.candidates(card.name) if c.is_crypt and c.advanced == card.advanced]

    def suggest(self, text: str, n: int = 3) -> tuple[str, ...]:
        """The card names nearest to an entry that names none."""
        base, _, _ = strip_suffixes(strip_comment(text))
        base = _COLUMNS.split(base.strip())[0] if base.strip() else base
        return tuple(self.db.suggest(base, n))

    # -- one entry ------------------------------------------------------------
    def entry(self, rest: str, section: str | None) -> CardDef | None:
        """The card an entry (the text after its count) names, or None.

        *section* ("crypt", "library" or None) says which kind to try first.
        """
        want = True if section == "crypt" else (False if section == "library" else None)
        s = rest.strip()
        for cand in (s, strip_comment(s), *note_cuts(s)):
            card = self.lookup(cand, crypt=want)
            if card is not None:
                return card
        # columns after a vampire's name carry its group: read them before cutting them off
        row = self.crypt_row(rest)
        if row is not None:
            return row
        for cand in self._plain_candidates(rest):
            card = self.lookup(cand, crypt=want)
            if card is not None:
                return card
        return None

    def _plain_candidates(self, rest: str) -> Iterator[str]:
        """The entry without columns or a trailing note in brackets."""
        s = rest.strip()
        seen = {s, strip_comment(s)}
        for cand in (_COLUMNS.split(s)[0], strip_comment(_COLUMNS.split(s)[0])):
            cand = cand.strip(" \t-*:;,")
            if cand and cand not in seen:
                seen.add(cand)
                yield cand
        base = strip_comment(s)
        while True:
            m = _TRAILING_BRACKET.search(base)
            if not m or m.start() == 0:
                break
            inner = base[m.start():].strip()
            if strip_suffixes(inner)[0] != inner or _GROUP_TOKEN.match(inner):
                break   # (ADV), (G6): a suffix, not a note
            base = base[:m.start()].rstrip()
            if base not in seen:
                seen.add(base)
                yield base

    # -- crypt rows -----------------------------------------------------------
    def crypt_row(self, rest: str) -> CardDef | None:
        """A crypt row with columns after the name: `Mina Grotius  6  FOR NEC cel  Harbinger of Skulls:3`.

        The name is the longest run of leading words that names a vampire and is
        followed only by crypt columns (capacity, disciplines, title, clan:group).
        """
        text = strip_comment(rest)
        tokens = text.split()
        if len(tokens) < 2:
            return None
        group = None
        for tok in reversed(tokens):
            m = _CLAN_GROUP.match(tok)
            if m:
                group = m.group("group").upper().replace("*", "ANY")
                break
        cols = _COLUMNS.split(text.strip())
        if len(cols) > 1:
            first_tail = cols[1].split()[0].lower() if cols[1].split() else ""
            card = self.lookup(cols[0], crypt=True, adv=first_tail in _ADV_TOKENS, group=group)
            if card is not None and card.is_crypt:
                return card
        for k in range(len(tokens) - 1, 0, -1):
            tail = tokens[k:]
            if not self._is_crypt_tail(tail):
                continue
            head = " ".join(tokens[:k])
            adv = tail[0].lower() in _ADV_TOKENS
            card = self.lookup(head, crypt=True, adv=adv, group=group)
            if card is not None and card.is_crypt:
                return card
            if len(head) >= ARDB_NAME_WIDTH - 1:
                card = self._prefix_lookup(head, adv, group)
                if card is not None:
                    return card
        return None

    def row_name(self, rest: str) -> str:
        """The part of an unresolved crypt or library entry that is most likely its name."""
        text = strip_comment(rest)
        cols = _COLUMNS.split(text.strip())
        if len(cols) > 1:
            return cols[0]
        tokens = text.split()
        for k in range(1, len(tokens)):
            if self._is_crypt_tail(tokens[k:]):
                return " ".join(tokens[:k])
        return text

    def _is_crypt_tail(self, tail: list[str]) -> bool:
        first = tail[0].lower()
        if not (first.isdigit() or first in _ADV_TOKENS or first in _DISCIPLINE_TOKENS
                or _GLUED_CAPACITY.match(first) or _GROUP_TOKEN.match(first)):
            return False
        saw_group = False
        for tok in tail:
            if saw_group:
                return True    # words after the clan:group column are a note
            t = tok.lower().strip(",;")
            if _CLAN_GROUP.match(t):
                saw_group = True
                continue
            if not self._is_column_word(t):
                return False
        return True

    def _is_column_word(self, t: str) -> bool:
        if t.isdigit() and len(t) <= 2:
            return True
        if t in _DISCIPLINE_TOKENS or t in _TITLE_TOKENS or t in _SECT_TOKENS or t in _ADV_TOKENS:
            return True
        if _GLUED_CAPACITY.match(t) or _GROUP_TOKEN.match(t):
            return True
        return t.lstrip("!") in self._clan_words

    def _prefix_lookup(self, head: str, adv: bool, group: str | None) -> CardDef | None:
        """A vampire whose name starts with *head* (ARDB text cuts names at 18 characters)."""
        if self._crypt_prefix_keys is None:
            self._crypt_prefix_keys = [
                (cardnames.key(cardnames.split_suffix(c.name)[0]), c.id) for c in self.db if c.is_crypt]
        k = cardnames.key(head)
        if len(k) < 10:
            return None
        ids = {cid for key, cid in self._crypt_prefix_keys if key.startswith(k)}
        cards = [self.db[i] for i in ids]
        names = {cardnames.key(c.name) for c in cards}
        if len(names) != 1:
            return None
        return self.lookup(cards[0].name, crypt=True, adv=adv, group=group)


def _group_rank(g: str | None) -> int:
    return int(g) if g and g.isdigit() else 99
