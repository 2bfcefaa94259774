"""The card search language shared by `cards search` and the browser's search box.

A query is a list of terms separated by spaces; a card matches when every term
holds. A term is free text or a field filter::

    query  := term*
    term   := ["-"] (filter | word)
    filter := FIELD OP value
    OP     := ":" | "=" | "!=" | ">=" | "<=" | ">" | "<"
    value  := alternative ("|" alternative)*        any alternative may hold
    word   := WORD | '"' phrase '"'                  in the name or the card text

`clan:ventrue disc:DOM cap>=8 -type:master set:V5 "blood doll"` is a query.
A leading minus negates a term; `FIELD!=VALUE` is the same as `-FIELD:VALUE`.
Case and accents never matter, except that an upper-case discipline asks for
the superior level. Quote a value with spaces: `clan:"follower of set"`. An
unknown field followed by nothing (`Praxis Seizure: Paris`) is a word.

`parse(text)` gives a `Query` of `Term`s (the UI shows them as chips and
`str(query)` prints them back) or raises `QueryError`, which names the token
and its position. `search(db, text)` parses, filters and sorts: exact name
matches first, then names that start with the words, names that hold them,
cards whose text holds them, each group by display name.

Searching reads a small per-card record built once per `CardDB` (kept in a
`WeakKeyDictionary`), so a query over all cards costs a few milliseconds.
"""

from __future__ import annotations

import difflib
import operator
import re
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from vtes_desktop.cards import names
from vtes_desktop.cards.db import CardDB
from vtes_desktop.cards.model import DISCIPLINE_NAMES, DISCIPLINES, SECTS, TITLE_VOTES, CardDef


class QueryError(ValueError):
    """A query that cannot mean anything: unknown field, bad value or comparison.

    `token` is the offending text as typed, `position` its offset in the query
    (so a search box can underline it).
    """

    def __init__(self, message: str, token: str = "", position: int = 0):
        super().__init__(message)
        self.message = message
        self.token = token
        self.position = position


# -- fields -------------------------------------------------------------------------

#: Field kinds: "text" takes ":" only, "number" takes every comparison,
#: "choice" takes ":" and a value from a closed list, "bool" takes yes/no.
FIELDS: dict[str, str] = {
    "name": "text", "text": "text", "clan": "choice", "disc": "choice", "type": "choice",
    "cap": "number", "group": "number", "title": "choice", "votes": "number", "sect": "choice",
    "set": "choice", "cost": "number", "pool": "number", "blood": "number", "conviction": "number",
    "req": "text", "artist": "text", "path": "text",
    "banned": "bool", "adv": "bool", "crypt": "bool", "library": "bool",
}
#: Other spellings of field names.
FIELD_ALIASES: dict[str, str] = {
    "capacity": "cap", "life": "cap", "discipline": "disc", "disciplines": "disc", "dis": "disc",
    "advanced": "adv", "requirement": "req", "requires": "req", "types": "type", "clans": "clan",
    "n": "name", "t": "type", "grp": "group",
}
_OPS = {"=": operator.eq, ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt}

#: Type names as keys, with the aliases players use.
_TYPE_ALIASES: dict[str, str] = {
    "modifier": "actionmodifier", "mod": "actionmodifier", "am": "actionmodifier",
    "political": "politicalaction", "politics": "politicalaction", "pol": "politicalaction",
    "vote": "politicalaction", "allies": "ally", "vampires": "vampire",
}
_TYPES = frozenset({
    "vampire", "imbued", "master", "action", "actionmodifier", "reaction", "combat", "ally",
    "retainer", "equipment", "politicalaction", "event", "power", "conviction",
})
_TYPE_LABELS = {"actionmodifier": "Action Modifier", "politicalaction": "Political Action"}
_TITLES = {names.key(t): t for t in TITLE_VOTES}
_SECTS = {s.lower(): s for s in SECTS}
_YES = {"yes", "y", "true", "1", "on"}
_NO = {"no", "n", "false", "0", "off"}
_DISC_BY_NAME = {names.key(n): t for n, t in DISCIPLINES.items()}


# -- the per-card record --------------------------------------------------------------

@dataclass(slots=True)
class _Rec:
    """What the filters read of one card, folded once."""

    card: CardDef
    crypt: bool
    name_keys: str          # keys of every name, "\n"-joined: punctuation-free substring search
    name_fold: str          # folded names, "\n"-joined: phrases with punctuation
    exact: frozenset[str]   # keys that count as "this very card" (display and VEKN name)
    bases: frozenset[str]   # keys of the name without suffix or article (every printing)
    text: str
    clans: frozenset[str]
    discs: dict[str, int]   # trigram -> 1 inferior / 2 superior (library: 1 for each required)
    types: frozenset[str]
    cap: int | None
    group: int | str | None
    title: str | None
    votes: int | None
    sect: str | None
    sets: frozenset[str]
    pool: int | str | None
    blood: int | str | None
    conviction: int | str | None
    costs: tuple[int | str, ...]   # the costs printed; (0,) for a free library card
    reqs: tuple[str, ...]
    banned: bool
    adv: bool
    artist: str
    path: str
    sort: tuple[str, int]


_LEADING_PUNCT = re.compile(r"^[^a-z0-9]+")
_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def _fold(s: str) -> str:
    """`names.fold`, with a fast path for plain ASCII (most card text)."""
    return s.lower() if s.isascii() else names.fold(s)


def _key(s: str) -> str:
    """`names.key` over `_fold`."""
    return _NON_ALNUM.sub("", _fold(s))


def _fold_text(s: str) -> str:
    return " ".join(_fold(s).replace("{", "").replace("}", "").split())


def _num(v: str | None) -> int | str | None:
    if v is None:
        return None
    v = v.strip()
    return int(v) if v.lstrip("-").isdigit() else v.lower()


def _record(c: CardDef) -> _Rec:
    all_names = (c.display, c.name, *c.aka)
    bases = set()
    for n in all_names:
        base = names.split_suffix(n)[0]
        bases.add(_key(base))
        bases.add(_key(names.article_free(base)))
    crypt = c.is_crypt
    library_cost = None if crypt else 0
    return _Rec(
        card=c, crypt=crypt,
        name_keys="\n".join(_key(n) for n in all_names),
        name_fold="\n".join(_fold_text(n) for n in all_names),
        exact=frozenset({_key(c.display), _key(names.article_free(c.display)), _key(c.name)}),
        bases=frozenset(bases),
        text=_fold_text(c.text),
        clans=frozenset(_key(x) for x in c.clans),
        discs={d.lower(): (2 if crypt and d.isupper() else 1) for d in c.disciplines},
        types=frozenset(_key(t) for t in c.types),
        cap=c.capacity,
        group=_num(c.group),
        title=_key(c.title) if c.title else None,
        votes=c.votes if crypt else None,
        sect=c.sect.lower() if c.sect else None,
        sets=frozenset(s.split(":", 1)[0].strip().lower() for s in c.sets),
        pool=_num(c.pool_cost) if c.pool_cost else library_cost,
        blood=_num(c.blood_cost) if c.blood_cost else library_cost,
        conviction=_num(c.conviction_cost) if c.conviction_cost else library_cost,
        costs=tuple(_num(x) for x in (c.pool_cost, c.blood_cost, c.conviction_cost) if x) or (() if crypt else (0,)),
        reqs=tuple(_key(r) for r in c.requirements),
        banned=bool(c.banned), adv=c.advanced,
        artist=_fold_text(c.artist), path=_fold_text(c.path or ""),
        sort=(_LEADING_PUNCT.sub("", _fold(c.display)), c.id),
    )


@dataclass(slots=True)
class _Index:
    records: list[_Rec]
    clans: dict[str, str]   # key -> clan as printed
    sets: dict[str, str]    # lower abbreviation -> as printed


_INDEXES: weakref.WeakKeyDictionary[CardDB, _Index] = weakref.WeakKeyDictionary()


def _index(db: CardDB) -> _Index:
    """The search records of *db*, built on first use and kept while *db* lives."""
    idx = _INDEXES.get(db)
    if idx is None:
        records = [_record(c) for c in db]
        clans: dict[str, str] = {}
        sets: dict[str, str] = {}
        for r in records:
            for cl in r.card.clans:
                clans.setdefault(names.key(cl), cl)
            for s in r.card.sets:
                abbr = s.split(":", 1)[0].strip()
                sets.setdefault(abbr.lower(), abbr)
        idx = _INDEXES[db] = _Index(records, clans, sets)
    return idx


# -- terms and queries ------------------------------------------------------------------

Test = Callable[[_Rec], bool]


@dataclass(frozen=True, slots=True)
class Term:
    """One part of a query: a field filter, or free text when `field` is None.

    `field` is a canonical name of `FIELDS`; `op` is ":" or a comparison
    (">=", "<=", ">", "<"); `values` are the alternatives as typed (one of
    them must hold); `negate` inverts the term. `start` and `end` locate the
    term in the query text. A term built by hand is checked like a parsed one
    (QueryError), with clan and set values taken as written.
    """

    field: str | None
    op: str
    values: tuple[str, ...]
    negate: bool = False
    start: int = field(default=0, compare=False)
    end: int = field(default=0, compare=False)
    test: Test = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.test is None:
            if self.field is None:
                made = _word_term(self.values[0], self.negate, self.start, self.end)
            else:
                made = _filter_term(self.field, self.op, list(self.values), self.negate, str(self), self.start,
                                    self.end, None)
            object.__setattr__(self, "test", made.test)

    def __str__(self) -> str:
        vals = "|".join(_quote(v) for v in self.values)
        if self.field is None:
            return ("-" if self.negate else "") + vals
        return f"{'-' if self.negate else ''}{self.field}{self.op}{vals}"

    def describe(self) -> str:
        """The term in words, for a chip or a tooltip: "capacity >= 8", "not type Master"."""
        vals = " or ".join(self.values)
        if self.field is None:
            s = f"name or text holds {vals!r}" if len(self.values) == 1 else f"name or text holds {vals}"
        elif FIELDS[self.field] == "number":
            label = {"cap": "capacity"}.get(self.field, self.field)
            s = f"{label} {'=' if self.op == ':' else self.op} {vals}"
        elif self.field == "disc":
            s = "discipline " + " or ".join(
                v if v.lower() == "none" else
                f"{'superior ' if v.isupper() else ''}{DISCIPLINE_NAMES.get(_disc(v, self)[0], v)}"
                for v in self.values)
        elif FIELDS[self.field] == "bool":
            s = f"{self.field}: {vals}"
        elif FIELDS[self.field] == "text":
            s = f"{self.field} holds {vals}"
        else:
            s = f"{self.field} {vals}"
        return ("not " + s) if self.negate else s

    def matches(self, card: CardDef) -> bool:
        """Whether this term holds for *card* (negation included)."""
        return self.test(_record(card))


@dataclass(frozen=True, slots=True)
class Query:
    """A parsed query: every term must hold. `str(query)` prints it back in canonical form."""

    terms: tuple[Term, ...] = ()
    source: str = field(default="", compare=False)

    def __str__(self) -> str:
        return " ".join(str(t) for t in self.terms)

    def __bool__(self) -> bool:
        return bool(self.terms)

    @property
    def words(self) -> list[str]:
        """The free text the name should hold (negated words left out), for ranking."""
        return [v for t in self.terms if t.field is None and not t.negate for v in t.values]

    def describe(self) -> list[str]:
        """Each term in words."""
        return [t.describe() for t in self.terms]

    def matches(self, card: CardDef) -> bool:
        """Whether *card* satisfies every term."""
        return self._test(_record(card))

    def _test(self, rec: _Rec) -> bool:
        return all(t.test(rec) for t in self.terms)


def _quote(v: str) -> str:
    """*v* as it must be typed to parse back to itself."""
    if v and not v.startswith("-") and not any(ch.isspace() or ch in "|\"':=<>" for ch in v):
        return v
    return f"'{v}'" if '"' in v else f'"{v}"'


# -- parsing ----------------------------------------------------------------------------

_FIELD_OP = re.compile(r"([A-Za-z][A-Za-z_]*)(>=|<=|!=|=|:|>|<)")


def parse(text: str, db: CardDB | None = None) -> Query:
    """Parse *text* into a `Query`; raise `QueryError` naming the first bad token.

    With *db*, clan and set values are checked against the cards, and a clan
    may be given by a unique start (`clan:follow`); without it they are taken
    as written.
    """
    s = text.replace("\u201c", '"').replace("\u201d", '"').replace("\u2018", "'").replace("\u2019", "'")
    idx = _index(db) if db is not None else None
    terms: list[Term] = []
    i, n = 0, len(s)
    while i < n:
        if s[i].isspace():
            i += 1
            continue
        start = i
        negate = s[i] == "-" and i + 1 < n and not s[i + 1].isspace()
        if negate:
            i += 1
        fname = op = None
        m = _FIELD_OP.match(s, i)
        if m:
            fname, op = m.group(1), m.group(2)
            i = m.end()
        values: list[str] = []
        while True:  # a filter's alternatives: a|b|"c d"; a word is one value
            if i < n and s[i] in "\"'":
                close = s.find(s[i], i + 1)
                if close < 0:
                    raise QueryError(f"unclosed quote in {s[start:].strip()!r}", s[start:].strip(), start)
                values.append(s[i + 1:close])
                i = close + 1
            else:
                j = i
                while j < n and not s[j].isspace() and (fname is None or s[j] != "|"):
                    j += 1
                values.append(s[i:j])
                i = j
            if fname is None or i >= n or s[i] != "|":
                break
            i += 1
        token = s[start:i]
        if fname is not None and values == [""] and _canonical(fname) is None:
            fname = None  # "Praxis Seizure: Paris": a colon ending a word is text, not a field
            values = [s[start + negate:i]]
        if fname is None:
            if values[0].strip():
                terms.append(_word_term(values[0].strip(), negate, start, i))
            continue
        terms.append(_filter_term(fname, op or ":", values, negate, token, start, i, idx))
    return Query(tuple(terms), text)


def _word_term(word: str, negate: bool, start: int, end: int) -> Term:
    fw = _fold_text(word)
    kw = names.key(word)

    def test(r: _Rec) -> bool:
        return (bool(kw) and kw in r.name_keys) or fw in r.name_fold or fw in r.text

    return Term(None, ":", (word,), negate, start, end, _negated(test) if negate else test)


def _always(r: _Rec) -> bool:
    return True


def _negated(test: Test) -> Test:
    return lambda r: not test(r)


def _canonical(fname: str) -> str | None:
    """The field *fname* names (aliases resolved), or None."""
    f = fname.lower()
    return f if f in FIELDS else FIELD_ALIASES.get(f)


def _filter_term(fname: str, op: str, raw: list[str], negate: bool, token: str,
                 start: int, end: int, idx: _Index | None) -> Term:
    canon = _canonical(fname)
    if canon is None:
        hint = difflib.get_close_matches(fname.lower(), [*FIELDS, *FIELD_ALIASES], n=1, cutoff=0.6)
        hint_s = (f" (did you mean {FIELD_ALIASES.get(hint[0], hint[0])}?)" if hint
                  else "; the fields are " + ", ".join(FIELDS))
        raise QueryError(f"unknown field {fname!r} in {token!r}{hint_s}", token, start)
    if op == "!=":
        op, negate = ":", not negate
    if op == "=":
        op = ":"
    kind = FIELDS[canon]
    if op != ":" and kind != "number":
        raise QueryError(f"{canon} cannot be compared with {op!r} in {token!r}: write {canon}:VALUE",
                         token, start)
    values = tuple(v.strip() for v in raw)
    if not all(values):
        where = "between the | alternatives" if len(values) > 1 else f"after {fname}{op}"
        raise QueryError(f"{token!r} needs a value {where}", token, start)
    if op != ":" and len(values) > 1:
        raise QueryError(f"{token!r}: alternatives (|) only go with {canon}:", token, start)
    ctx = Term(canon, op, values, negate, start, end, _always)
    tests = [_value_test(canon, kind, op, v, ctx, token, idx) for v in values]
    test = tests[0] if len(tests) == 1 else (lambda r: any(t(r) for t in tests))
    return Term(canon, op, values, negate, start, end, _negated(test) if negate else test)


def _bad(term_token: str, start: int, what: str, value: str, choices: Iterable[str]) -> QueryError:
    choices = list(choices)
    hint = difflib.get_close_matches(names.key(value), [names.key(c) for c in choices], n=1, cutoff=0.5)
    by_key = {names.key(c): c for c in choices}
    hint_s = f" (did you mean {by_key[hint[0]]}?)" if hint else ""
    return QueryError(f"unknown {what} {value!r} in {term_token!r}{hint_s}", term_token, start)


def _disc(v: str, term: Term) -> tuple[str, int]:
    """(trigram, level needed) of a disc value; upper case asks for superior."""
    low = v.lower()
    trig = low if low in DISCIPLINE_NAMES else _DISC_BY_NAME.get(names.key(v))
    if trig is None:
        raise _bad(str(term), term.start, "discipline", v, [*DISCIPLINE_NAMES, "none"])
    return trig, 2 if v.isupper() else 1


def _value_test(canon: str, kind: str, op: str, v: str, term: Term, token: str,
                idx: _Index | None) -> Test:
    """The test for one value of one filter; raises QueryError for a value the field cannot take."""
    k = names.key(v)
    fv = _fold_text(v)
    if kind == "bool":
        if v.lower() in _YES:
            want = True
        elif v.lower() in _NO:
            want = False
        else:
            raise QueryError(f"{canon} takes yes or no, not {v!r}, in {token!r}", token, term.start)
        attr = {"library": "crypt"}.get(canon, canon)
        if canon == "library":
            want = not want
        return lambda r: getattr(r, attr) is want
    if kind == "number":
        return _number_test(canon, op, v, term, token)
    if canon == "name":
        return lambda r: (bool(k) and k in r.name_keys) or fv in r.name_fold
    if canon == "text":
        return lambda r: fv in r.text
    if canon == "artist":
        return lambda r: fv in r.artist
    if canon == "path":
        return lambda r: fv in r.path
    if canon == "req":
        return lambda r: any(q.startswith(k) for q in r.reqs)
    if canon == "clan":
        if idx is not None and k not in idx.clans:
            starts = sorted((c for c in idx.clans if c.startswith(k)), key=len)
            if starts and all(c.startswith(starts[0]) for c in starts):
                k = starts[0]  # "malk" is Malkavian, not also Malkavian antitribu
            elif starts:
                raise QueryError(f"clan {v!r} in {token!r} could be "
                                 + ", ".join(sorted(idx.clans[c] for c in starts)), token, term.start)
            else:
                raise _bad(token, term.start, "clan", v, idx.clans.values())
        return lambda r: k in r.clans
    if canon == "disc":
        if k == "none":
            return lambda r: not r.discs
        trig, level = _disc(v, term)
        return lambda r: r.discs.get(trig, 0) >= (level if r.crypt else 1)
    if canon == "type":
        if k == "crypt":
            return lambda r: r.crypt
        if k == "library":
            return lambda r: not r.crypt
        t = _TYPE_ALIASES.get(k, k)
        if t not in _TYPES and t.endswith("s") and t[:-1] in _TYPES:
            t = t[:-1]
        if t not in _TYPES:
            raise _bad(token, term.start, "type",
                       v, [_TYPE_LABELS.get(x, x).lower() for x in _TYPES] + ["crypt", "library", "modifier", "political"])
        return lambda r: t in r.types
    if canon == "title":
        if k in ("titled", "any"):
            return lambda r: (r.title is not None) if r.crypt else any(q in _TITLES or q == "titled" for q in r.reqs)
        if k in ("none", "untitled", "no"):
            return lambda r: (r.title is None) if r.crypt else not any(q in _TITLES or q == "titled" for q in r.reqs)
        if k not in _TITLES:
            raise _bad(token, term.start, "title", v, [*TITLE_VOTES, "titled", "none"])
        return lambda r: (r.title == k) if r.crypt else k in r.reqs
    if canon == "sect":
        if k == "none":
            return lambda r: r.sect is None if r.crypt else not any(q in _SECTS for q in r.reqs)
        if k not in _SECTS:
            raise _bad(token, term.start, "sect", v, [*_SECTS, "none"])
        return lambda r: (r.sect == k) if r.crypt else k in r.reqs
    if canon == "set":
        low = v.lower()
        if idx is not None and low not in idx.sets and not (low == "promo"):
            raise _bad(token, term.start, "set", v, idx.sets.values())
        if low == "promo":
            return lambda r: any(s == "promo" or s.startswith("promo-") for s in r.sets)
        return lambda r: low in r.sets
    raise AssertionError(canon)  # every field of FIELDS is handled above


def _number_test(canon: str, op: str, v: str, term: Term, token: str) -> Test:
    low = v.strip().lower()
    if canon in ("cost", "pool", "blood", "conviction") and low == "x" and op == ":":
        want: int | str = "x"
    elif canon == "group" and low == "any" and op == ":":
        want = "any"
    else:
        try:
            want = int(low)
        except ValueError:
            extra = " or x" if canon in ("cost", "pool", "blood", "conviction") else (" or any" if canon == "group" else "")
            raise QueryError(f"{canon} takes a number{extra}, not {v!r}, in {token!r}", token, term.start) from None
    cmp = _OPS["=" if op == ":" else op]

    def ok(x: int | str | None) -> bool:
        if x is None:
            return False
        if isinstance(want, str) or isinstance(x, str):
            return x == want
        return cmp(x, want)

    if canon == "cost":
        return lambda r: any(ok(x) for x in r.costs)
    attr = canon
    return lambda r: ok(getattr(r, attr))


# -- searching --------------------------------------------------------------------------

def search(db: CardDB, query: str | Query, limit: int | None = None) -> list[CardDef]:
    """The cards of *db* matching *query* (text or a parsed `Query`), best first.

    Ranking: the card the words name exactly, its other printings, names that
    start with the words, names that hold every word, then cards found by
    their text; each group by display name. Raises `QueryError`.
    """
    q = query if isinstance(query, Query) else parse(query, db)
    idx = _index(db)
    terms = q.terms
    if terms:
        hits = [r for r in idx.records if all(t.test(r) for t in terms)]
    else:
        hits = list(idx.records)
    words = q.words or [v for t in terms if t.field == "name" and not t.negate for v in t.values]
    if words:
        whole = names.key(" ".join(words))
        keys = [names.key(w) for w in words]
        hits.sort(key=lambda r: (_rank(r, whole, keys), r.sort))
    else:
        hits.sort(key=lambda r: r.sort)
    cards = [r.card for r in hits]
    return cards[:limit] if limit else cards


def _rank(r: _Rec, whole: str, keys: list[str]) -> int:
    if whole in r.exact:
        return 0
    if whole in r.bases:
        return 1
    if whole and any(b.startswith(whole) for b in r.bases):
        return 2
    if all(k in r.name_keys for k in keys):
        return 3
    return 4
