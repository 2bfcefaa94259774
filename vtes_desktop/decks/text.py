"""Read a deck list written as text, in any of the layouts players use.

One reader covers them all, because they share a grammar: optional header
lines (the TWDA event block, `Deck Name:`, `Author:`, `Description:`), a crypt
list and a library list, each under an optional heading, with type headings
inside the library (`Master (29; 4 trifle)`). What differs is small: how a
count is written (`2x Name`, `2xName`, `2 Name`, `2<TAB>Name`, a bare name for
one copy), what follows a crypt name (capacity, disciplines, title, clan:group
columns), and where the headings are. `detect` names the layout from those
traits after the fact; reading never depends on guessing it right.

Which lines are read as cards:

- with crypt or library headings, the lines after them; the lines before the
  first heading are the header and the description, never cards — except in a
  LackeyCCG list, whose library comes first with no heading (recognised
  because those lines are card entries, not prose);
- without headings (JOL), every line but `Key: value` metadata and a
  `Description:` paragraph.

Inside a list, a line that reads as a card entry but names no card is
`unknown`; a URL or a line of prose is a warning; `-- comments` are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from vtes_desktop.cards import CardDef
from vtes_desktop.decks.model import Deck, DeckError, Format, LineNote, UnknownLine
from vtes_desktop.decks.resolve import Resolver, strip_comment

_HEADING = re.compile(r"^[#*=\s]*(?P<kind>crypt|library)\b(?P<rest>.*)$", re.I)
_META = re.compile(r"^(?P<key>deck\s*name|author|created\s*by|creator|description)\s*:\s*(?P<value>.*)$", re.I)
_SEPARATOR = re.compile(r"^[-=_~*+#\s]{3,}$")
_COMMENT_LINE = re.compile(r"^(--|//|#|;)")
_URL = re.compile(r"(https?://|www\.)\S+", re.I)
_FIRST_INT = re.compile(r"\d+")
_TYPE_HEADING = re.compile(r"^[-*•\s]*(?P<types>[A-Za-z][A-Za-z /&,]*?)\s*(?P<rest>[:\-\(\[\d].*)?$")
_HEADING_WORDS = re.compile(r"\b(cards?|trifles?|total)\b")

# count forms, most specific first
_COUNT_X = re.compile(r"^(\d{1,3})\s*[xX×]\s*(?=\S)(.+)$")                 # 2x Name, 2 x Name, 2xName
_COUNT_SPACE = re.compile(r"^(\d{1,3})(?:\s*[-:.)]\s+|\t+|\s+)(?=\S)(.+)$")   # 2 Name, 2<TAB>Name, 2 - Name
_COUNT_XFIRST = re.compile(r"^[xX×]\s*(\d{1,3})\s+(.+)$")                    # x2 Name
_COUNT_AFTER = re.compile(r"^(.+?)\s*(?:[xX×]\s*(\d{1,2})|[\(\[]\s*[xX×]?\s*(\d{1,2})\s*[\)\]])$")  # Name x2, Name (2)

_GROUP_HINT = re.compile(r"[\(\[]\s*g(?:roup)?\s*(\d+|any)\b|:\s*(\d{1,2}|any)\b", re.I)
_TWD_PLAYERS = re.compile(r"^\d+\s+players?\b", re.I)
_TWD_ROUNDS = re.compile(r"^\d+\s*R\s*\+\s*F\b", re.I)

#: Card names have at most 8 words; a longer unresolved line is prose.
_MAX_NAME_WORDS = 8
#: Suggestions cost a fuzzy search each: only the first unknown lines get them.
_MAX_SUGGESTED = 60
#: More unknown entries than this, and more than twice the cards found: the text is not a deck list.
_MAX_UNKNOWN = 100
#: Lines read in a list before the first card: past this many, the text is not a deck list.
_MAX_STRAY = 300


@dataclass
class _Heading:
    kind: str                  # "crypt" or "library"
    stated: int | None
    style: str                 # "twd", "ardb", "count", "colon", "bare"
    line: int


@dataclass
class _State:
    crypt: dict[int, int] = field(default_factory=dict)
    library: dict[int, int] = field(default_factory=dict)
    unknown: list[UnknownLine] = field(default_factory=list)
    warnings: list[LineNote] = field(default_factory=list)
    entries: int = 0            # lines read as card entries, found or not
    x_counts: int = 0           # entries written "2x Name"
    glued_x: int = 0            # entries written "2xName"
    tab_counts: int = 0         # entries written "2<TAB>Name" or "2      Name"
    space_counts: int = 0       # entries written "2 Name"
    meta: dict[str, str] = field(default_factory=dict)
    #: crypt entries whose name fits vampires of several groups and that give no group
    ambiguous: list[tuple[int, int, int, str]] = field(default_factory=list)
    #: unresolved lines without count in a list without headings: (line, text, name)
    bare: list[tuple[int, str, str]] = field(default_factory=list)


def parse(text: str, resolver: Resolver, *, encoding: str = "utf-8",
          notes: list[LineNote] | None = None) -> Deck:
    """Read *text* as a deck list; see the module docstring for what is read as cards."""
    lines = text.splitlines()
    st = _State(warnings=list(notes or []))
    headings: dict[int, _Heading] = {}
    for i, raw in enumerate(lines):
        h = _heading(raw.strip(), i + 1)
        if h is not None:
            headings[i] = h
    first_heading = min(headings) if headings else len(lines)
    preamble = lines[:first_heading]
    kinds = {h.kind for h in headings.values()}
    lackey_preamble = bool(headings) and _is_card_block(preamble, resolver)
    _read_header(preamble, st, resolver, headingless=not headings)

    section: str | None = None
    in_list = not headings or lackey_preamble
    in_description = False
    for i, raw in enumerate(lines):
        line_no = i + 1
        t = raw.strip()
        if i in headings:
            section = headings[i].kind
            in_list = True
            in_description = False
            continue
        if not in_list:
            continue
        if not t or _SEPARATOR.match(t):
            in_description = False
            continue
        m = _META.match(t)
        if m:
            in_description = not headings and m.group("key").lower().startswith("desc")
            continue
        if in_description and _is_card_entry(t, resolver):
            in_description = False
        if in_description or _COMMENT_LINE.match(t):
            continue
        if _type_heading(t, resolver, section):
            continue
        _read_entry(t, line_no, section, kinds, resolver, st)
        if st.entries == 0 and len(st.bare) + len(st.warnings) > _MAX_STRAY:
            raise DeckError(f"no card list found: none of the first {line_no} lines names a card")

    _settle_bare(st, resolver)
    _settle_groups(st, resolver)
    fmt = _detect(lines, headings, lackey_preamble, st)
    crypt_h = [h for h in headings.values() if h.kind == "crypt"]
    lib_h = [h for h in headings.values() if h.kind == "library"]
    return Deck(
        format=fmt,
        crypt=st.crypt,
        library=st.library,
        name=st.meta.get("name"),
        author=st.meta.get("author"),
        description=st.meta.get("description"),
        unknown=tuple(st.unknown),
        warnings=tuple(st.warnings),
        stated_crypt=crypt_h[0].stated if crypt_h else None,
        stated_library=lib_h[0].stated if lib_h else None,
        encoding=encoding,
    )


# -- line kinds -------------------------------------------------------------------

def _heading(t: str, line: int) -> _Heading | None:
    """`Crypt (12 cards, min=..)`, `Crypt [12 vampires] ...`, `Crypt:`, `Library (90)`, ..."""
    m = _HEADING.match(t)
    if not m:
        return None
    rest = m.group("rest").strip()
    body = rest.lstrip(":-–").strip()
    if not body:
        style = "colon" if rest.startswith(":") else "bare"
        return _Heading(m.group("kind").lower(), None, style, line)
    n = _FIRST_INT.search(body)
    stated = int(n.group()) if n else None
    low = body.lower()
    if body[0] in "([":
        if n is None:
            return None   # "Library (see below)" in a description is prose, not a heading
        if body[0] == "[" or "vampire" in low or "min:" in low or "capacity" in low:
            style = "ardb"
        elif "min=" in low or "max=" in low or "avg=" in low:
            style = "twd"
        else:
            style = "count"
        return _Heading(m.group("kind").lower(), stated, style, line)
    if re.match(r"^\d+\s*(cards?|vampires?)?\b", low):
        return _Heading(m.group("kind").lower(), stated, "count", line)
    return None


def _type_heading(t: str, resolver: Resolver, section: str | None) -> bool:
    """`Master (29; 4 trifle)`, `Action Modifier/Reaction (5)`, `Combat [8]`, `- Ally (3)`, `Events:`."""
    m = _TYPE_HEADING.match(t)
    if not m:
        return False
    rest = _HEADING_WORDS.sub("", (m.group("rest") or "").lower())
    if re.search(r"[a-z]", rest):
        return False   # "Master: the best card" is not a heading
    types = re.sub(r"\s+cards?$", "", m.group("types").strip(), flags=re.I)
    parts = [p.strip().lower() for p in re.split(r"[/&,]", types) if p.strip()]
    if not parts:
        return False
    known = resolver.library_types | {"vampire", "imbued"}
    for p in parts:
        if p in known:
            continue
        if p.endswith("ies") and p[:-3] + "y" in known:
            continue
        if p.endswith("s") and p[:-1] in known:
            continue
        return False
    return True


def _is_card_block(block: list[str], resolver: Resolver) -> bool:
    """True when the lines before the first heading are a card list (LackeyCCG puts the library there)."""
    entries = other = 0
    for raw in block:
        t = raw.strip()
        if not t or _SEPARATOR.match(t):
            continue
        if _META.match(t) or _TWD_PLAYERS.match(t) or _TWD_ROUNDS.match(t):
            return False
        if _COUNT_X.match(t) or _COUNT_SPACE.match(t):
            entries += 1
        elif resolver.lookup(t) is not None:
            entries += 1
        else:
            other += 1
    return entries > 0 and entries >= 2 * other


def _is_card_entry(t: str, resolver: Resolver) -> bool:
    """A counted line that names a card: where a description without a blank line after it ends."""
    return any(resolver.entry(rest, None) is not None for _, rest, _ in _count_forms(t))


def _read_header(block: list[str], st: _State, resolver: Resolver, *, headingless: bool) -> None:
    """Deck name, author and description from the lines before the lists."""
    desc: list[str] | None = None
    for idx, raw in enumerate(block):
        t = raw.strip()
        m = _META.match(t)
        if m:
            key = m.group("key").lower().replace(" ", "")
            value = m.group("value").strip()
            if key.startswith("desc"):
                desc = [value] if value else []
                continue
            if key == "deckname":
                st.meta.setdefault("name", value)
            else:
                st.meta["author"] = value
            continue
        if desc is not None:
            if headingless and (not t or _is_card_entry(t, resolver)):
                st.meta.setdefault("description", "\n".join(desc).strip())
                desc = None
                continue
            desc.append(raw.rstrip())
            continue
        if _TWD_PLAYERS.match(t) and "author" not in st.meta:
            # the TWDA event block: event, place, date, rounds, players, winner, link
            for nxt in block[idx + 1:]:
                w = nxt.strip()
                if w:
                    if not _URL.match(w) and not _META.match(w):
                        st.meta["winner"] = w
                    break
    if desc is not None:
        st.meta.setdefault("description", "\n".join(desc).strip())
    if "description" in st.meta and not st.meta["description"]:
        del st.meta["description"]
    if "author" not in st.meta and "winner" in st.meta:
        st.meta["author"] = st.meta["winner"]
    for k in ("name", "author"):
        if k in st.meta and not st.meta[k]:
            del st.meta[k]


# -- one entry ----------------------------------------------------------------------

def _count_forms(t: str) -> list[tuple[int, str, str]]:
    """Readings of a line as (count, rest, form); the likeliest first."""
    forms: list[tuple[int, str, str]] = []
    mx = _COUNT_X.match(t)
    ms = _COUNT_SPACE.match(t)
    mf = _COUNT_XFIRST.match(t)
    if mx:
        glued = not re.match(r"^\d+\s*[xX×]\s", t)
        forms.append((int(mx.group(1)), mx.group(2), "glued" if glued else "x"))
    if ms:
        form = "tab" if re.match(r"^\d+(\t|\s{2,})", t) else "space"
        space_x = re.match(r"^\d+\s+[xX×]\S", t) is not None   # "2 Xaviar": the x is the name's
        forms.insert(0 if space_x else len(forms), (int(ms.group(1)), ms.group(2), form))
    if mf:
        forms.append((int(mf.group(1)), mf.group(2), "x"))
    return forms


def _read_entry(t: str, line_no: int, section: str | None, kinds: set[str],
                resolver: Resolver, st: _State) -> None:
    body = t.lstrip("•*· \t")
    want = True if section == "crypt" else (False if section == "library" else None)
    card = resolver.lookup(body, crypt=want)
    if card is not None:
        _add(card, 1, line_no, t, section, kinds, resolver, st)
        return
    forms = _count_forms(body)
    for count, rest, form in forms:
        card = resolver.entry(rest, section)
        if card is not None:
            _tally_form(form, st)
            _add(card, count, line_no, t, section, kinds, resolver, st)
            return
    if forms:
        count, rest, form = forms[0]
        _tally_form(form, st)
        _unknown(t, resolver.row_name(rest), count, line_no, section, resolver, st)
        return
    m = _COUNT_AFTER.match(body)
    if m:
        card = resolver.entry(m.group(1), section)
        if card is not None:
            _add(card, int(m.group(2) or m.group(3)), line_no, t, section, kinds, resolver, st)
            return
    card = resolver.entry(body, section)
    if card is not None:
        _add(card, 1, line_no, t, section, kinds, resolver, st)
        return
    if _URL.search(body):
        st.warnings.append(LineNote(line_no, "a URL inside the card list was skipped", t))
        return
    name = resolver.row_name(body)
    if name == strip_comment(body) and _is_prose(body):
        st.warnings.append(LineNote(line_no, "a line that is not a card entry was skipped", t))
        return
    if section is None and name == strip_comment(body):
        st.bare.append((line_no, t, name))   # decided once the whole list is read
        return
    _unknown(t, name, 1, line_no, section, resolver, st)


def _settle_bare(st: _State, resolver: Resolver) -> None:
    """Bare unresolved lines of a list without headings: misspelt cards, or not a list at all.

    In a JOL list a line with no count is one copy of a card, so an unknown name
    there is an unknown card, as long as the rest of the list reads as cards.
    When most lines name no card, the text is not a card list: the lines are
    reported as stray, not as dozens of unknown cards.
    """
    if not st.bare:
        return
    found = st.entries - len(st.unknown)
    for line_no, t, name in st.bare:
        if found >= 2 * len(st.bare):
            _unknown(t, name, 1, line_no, None, resolver, st)
        else:
            st.warnings.append(LineNote(line_no, "a line that names no card was skipped", t))
    st.unknown.sort(key=lambda u: u.line)


def _tally_form(form: str, st: _State) -> None:
    if form == "x":
        st.x_counts += 1
    elif form == "glued":
        st.glued_x += 1
    elif form == "tab":
        st.tab_counts += 1
    else:
        st.space_counts += 1


def _is_prose(t: str) -> bool:
    words = t.split()
    if len(words) > _MAX_NAME_WORDS:
        return True
    if t.endswith(("!", "?")) or (t.endswith(".") and len(words) >= 5):
        return True
    return bool(re.search(r"[.!?]\s+\S", t) and len(words) >= 4)


def _add(card: CardDef, count: int, line_no: int, t: str, section: str | None, kinds: set[str],
         resolver: Resolver, st: _State) -> None:
    if count <= 0:
        st.warnings.append(LineNote(line_no, f"a count of {count} was skipped", t))
        return
    st.entries += 1
    kind = "crypt" if card.is_crypt else "library"
    if section is not None and section != kind and kind in kinds:
        st.warnings.append(LineNote(line_no, f"{card.display} is a {kind} card listed under the {section} heading",
                                    t))
    target = st.crypt if card.is_crypt else st.library
    target[card.id] = target.get(card.id, 0) + count
    if card.is_crypt and not _GROUP_HINT.search(t) and len(resolver.printings(card)) > 1:
        st.ambiguous.append((line_no, card.id, count, t))


def _settle_groups(st: _State, resolver: Resolver) -> None:
    """Read a same-name vampire given without group as the printing that fits the rest of the crypt.

    `Theo Bell` alone means the group 2 vampire; in a crypt of group 5 and 6
    vampires it means the group 6 one, as the player meant (a legal crypt spans
    at most two consecutive groups).
    """
    if not st.ambiguous:
        return
    vague = {cid for _, cid, _, _ in st.ambiguous}
    fixed = {int(g) for cid in st.crypt if cid not in vague
             for g in [resolver.db[cid].group or ""] if g.isdigit()}
    if not fixed:
        return
    for line_no, cid, count, t in st.ambiguous:
        card = resolver.db[cid]
        if any(c.id in st.crypt and c.id not in vague for c in resolver.printings(card)):
            continue   # another printing is named with its group: this line means the default one
        fits = [c for c in resolver.printings(card) if c.group and c.group.isdigit()
                and max(fixed | {int(c.group)}) - min(fixed | {int(c.group)}) <= 1]
        if card in fits or len(fits) != 1 or st.crypt.get(cid, 0) < count:
            continue
        new = fits[0]
        rebuilt: dict[int, int] = {}
        for k, n in st.crypt.items():
            if k == cid:
                if n > count:
                    rebuilt[k] = n - count
                rebuilt[new.id] = rebuilt.get(new.id, 0) + count
            elif k == new.id:
                rebuilt[k] = rebuilt.get(k, 0) + n
            else:
                rebuilt[k] = n
        st.crypt = rebuilt
        groups = ", ".join(sorted(c.group or "?" for c in resolver.printings(card)))
        st.warnings.append(LineNote(line_no, f"{card.name} is the name of vampires of groups {groups}; "
                                             f"read as {new.display}, the one that fits the crypt's groups", t))


def _unknown(t: str, name: str, count: int, line_no: int, section: str | None,
             resolver: Resolver, st: _State) -> None:
    st.entries += 1
    found = st.entries - len(st.unknown) - 1
    if len(st.unknown) >= _MAX_UNKNOWN and len(st.unknown) > 2 * found:
        raise DeckError(f"this is not a deck list: {len(st.unknown) + 1} of the first {st.entries} "
                        f"card entries (up to line {line_no}) name no card")
    suggestions = resolver.suggest(name) if len(st.unknown) < _MAX_SUGGESTED else ()
    st.unknown.append(UnknownLine(line_no, t, suggestions, count, section))


# -- layout ---------------------------------------------------------------------------

def _detect(lines: list[str], headings: dict[int, _Heading], lackey_preamble: bool, st: _State) -> str:
    """Name the layout from what was read: headings, count style, crypt columns."""
    styles = {h.style for h in headings.values()}
    if "ardb" in styles:
        return Format.ARDB_TEXT
    crypt_heads = [h for h in headings.values() if h.kind == "crypt"]
    if lackey_preamble and crypt_heads and crypt_heads[0].style in ("colon", "bare"):
        return Format.LACKEY
    if "twd" in styles:
        for i, h in headings.items():
            nxt = next((ln.strip() for ln in lines[i + 1:] if ln.strip()), "")
            if nxt.startswith("===") and set(nxt) == {"="}:
                return Format.VDB_TEXT
        return Format.TWD
    if "count" in styles:
        return Format.AMARANTH
    counted = st.x_counts + st.glued_x + st.tab_counts + st.space_counts
    if counted and st.tab_counts * 2 > counted:
        return Format.LACKEY
    if not headings:
        if st.space_counts * 2 > counted and counted:
            return Format.TEXT
        return Format.JOL
    if st.glued_x and st.glued_x * 2 >= counted:
        return Format.JOL
    return Format.TEXT
