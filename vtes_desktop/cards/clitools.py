"""`vtes-desktop cards show|search|import-vekn|info`: the card database on the command line.

`main(args)` takes the argparse namespace `vtes_desktop.cli` builds and
returns the exit status: 0 done, 1 an unknown card or an import that failed,
2 a query that cannot be parsed. Messages for the user go to stderr, results
to stdout. The formatting helpers (`format_card`, `card_json`, `summary`,
`level_label`) are plain functions over a `CardDef`, for any other text view.
No Qt, and krcg is never imported.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from vtes_desktop.cards.db import CardDB, CardDBError, UnknownCard, load_db
from vtes_desktop.cards.model import DISCIPLINE_NAMES, CardDef, Ruling


def main(args: argparse.Namespace) -> int:
    """Run the `cards` subcommand named by `args.cards_command`."""
    command = {"show": _show, "search": _search, "import-vekn": _import_vekn, "info": _info}
    if args.cards_command == "coverage":
        from vtes_desktop.cards import coverage

        return coverage.main(args)
    return command[args.cards_command](args)


def _err(msg: str) -> None:
    print(msg, file=sys.stderr)


def _load() -> CardDB | None:
    try:
        return load_db()
    except CardDBError as e:
        _err(f"cannot read the card database: {e}")
        return None


# -- show -----------------------------------------------------------------------------

_TYPE_MARKERS = {"ACTION": "as an action", "ACTION MODIFIER": "as an action modifier",
                 "REACTION": "as a reaction", "COMBAT": "as a combat card", "MERGED": "merged (advanced)"}


def level_label(marker: str) -> str:
    """A text level marker in words: "aus" -> "inferior Auspex", "AUS" -> "superior Auspex"."""
    name = DISCIPLINE_NAMES.get(marker.lower())
    if name is not None:
        if marker.lower() == "flight":
            return name
        return f"{'superior' if marker.isupper() else 'inferior'} {name}"
    return _TYPE_MARKERS.get(marker, marker.lower())


def level_groups(card: CardDef) -> list[tuple[tuple[str, ...], list[str]]]:
    """The card text as (level markers, lines): the common lines (no marker) first, then each level.

    A line marked with two disciplines (`[pot] [pre] ...`: both at that level)
    goes under both markers. Unmarked lines that follow a level (three Imbued
    cards) come last, unmarked.
    """
    head: list[str] = []
    tail: list[str] = []
    levels: dict[tuple[str, ...], list[str]] = {}
    for marker, line in card.text_levels():
        if marker is None:
            if line:
                (tail if levels else head).append(line)
            continue
        markers = [marker]
        m = _INNER_MARKER.match(line)
        while m and m.group(1).lower() in DISCIPLINE_NAMES:
            markers.append(m.group(1))
            line = line[m.end():]
            m = _INNER_MARKER.match(line)
        levels.setdefault(tuple(markers), []).append(line)
    out: list[tuple[tuple[str, ...], list[str]]] = []
    if head:
        out.append(((), head))
    out.extend(levels.items())
    if tail:
        out.append(((), tail))
    return out


_INNER_MARKER = re.compile(r"\[([^\]]+)\]\s*")


def _requirement(card: CardDef) -> str | None:
    if not card.disciplines:
        return None
    names = [DISCIPLINE_NAMES.get(d, d) for d in card.disciplines]
    joiner, sep = (" or ", "/") if card.discipline_any else (" and ", " & ")
    return f"{joiner.join(names)} [{sep.join(card.disciplines)}]"


def _cost(card: CardDef) -> str:
    parts = [f"{v} {what}" for v, what in ((card.pool_cost, "pool"), (card.blood_cost, "blood"),
                                          (card.conviction_cost, "conviction")) if v]
    return ", ".join(parts) or "none"


def header_lines(card: CardDef) -> list[str]:
    """The lines under the name: type, clan, capacity, disciplines or cost, sect, title, requirements."""
    lines = [" · ".join([card.type_label, *card.clans])]
    if card.is_crypt:
        what = "life" if card.is_imbued else "capacity"
        bits = [f"group {card.group}" if card.group else "", f"{what} {card.capacity}" if card.capacity is not None else "",
                "advanced" if card.advanced else ""]
        lines.append(" · ".join(b for b in bits if b))
        label = "Virtues" if card.is_imbued else "Disciplines"
        if card.disciplines:
            by_level = [(lvl, [DISCIPLINE_NAMES.get(d.lower(), d) for d in card.disciplines
                               if d.isupper() == (lvl == "superior")]) for lvl in ("inferior", "superior")]
            lines.append(f"{label}: {' '.join(card.disciplines)}  ("
                         + "; ".join(f"{lvl}: {', '.join(ns)}" for lvl, ns in by_level if ns) + ")")
        else:
            lines.append(f"{label}: none")
        sect_title = " ".join(x for x in (card.sect, card.title) if x)
        if card.title:
            sect_title += f" ({card.votes} vote{'s' if card.votes != 1 else ''})"
        if sect_title:
            lines.append(f"Sect and title: {sect_title}")
    else:
        lines.append(f"Cost: {_cost(card)}" + ("  (burn option)" if card.burn_option else ""))
        req = _requirement(card)
        if req:
            lines.append(f"Requires: {req}")
        if card.clans:
            lines.append(f"Clan required: {' or '.join(card.clans)}")
        if card.capacity_change:
            lines.append(f"Capacity: {card.capacity_change}")
    if card.requirements:
        lines.append(f"Requirements: {', '.join(card.requirements)}")
    if card.path:
        lines.append(f"Path: {card.path}")
    return lines


def format_card(card: CardDef, rulings: list[Ruling], others: list[CardDef] | None = None) -> str:
    """A card as text: name, header, the text per level, sets, banned, rulings with references."""
    out = [f"{card.display}  (id {card.id})"]
    out += ["  " + line for line in header_lines(card)]
    if card.aka:
        out.append(f"  Also known as: {', '.join(card.aka)}")
    if others:
        out.append(f"  Other cards by this name: {', '.join(c.display for c in others)}")
    out.append("")
    for markers, lines in level_groups(card):
        if not markers:
            out += lines
        else:
            out.append(f"{''.join(f'[{m}]' for m in markers)} {' and '.join(level_label(m) for m in markers)}")
            out += ["  " + line for line in lines]
    if card.flavor:
        out += ["", card.flavor]
    out.append("")
    out.append(f"Sets: {', '.join(card.sets) or 'none'}")
    out.append(f"Banned: {card.banned or 'no'}")
    if card.artist:
        out.append(f"Artist: {card.artist}")
    out.append("")
    if not rulings:
        out.append("Rulings: none")
    else:
        out.append(f"Rulings ({len(rulings)}):")
        for n, r in enumerate(rulings, 1):
            out.append(f"  {n}. {r.text}")
            out += [f"     {label}: {url or '(no link)'}" for label, url in r.references]
    return "\n".join(out)


def card_json(card: CardDef, rulings: list[Ruling], others: list[CardDef] | None = None) -> dict[str, Any]:
    """A card as a JSON-ready dict, text split per level and rulings with their references."""
    d: dict[str, Any] = {
        "id": card.id, "name": card.name, "display": card.display, "types": list(card.types),
        "crypt": card.is_crypt, "clans": list(card.clans), "disciplines": list(card.disciplines),
    }
    if card.is_crypt:
        d.update(capacity=card.capacity, group=card.group, advanced=card.advanced, sect=card.sect,
                 title=card.title, votes=card.votes)
    else:
        d.update(discipline_any=card.discipline_any, pool_cost=card.pool_cost, blood_cost=card.blood_cost,
                 conviction_cost=card.conviction_cost, burn_option=card.burn_option,
                 capacity_change=card.capacity_change)
    d.update(
        path=card.path, requirements=list(card.requirements), text=card.text,
        levels=[{"markers": list(ms), "label": " and ".join(level_label(m) for m in ms) or "every level",
                 "lines": lines} for ms, lines in level_groups(card)],
        sets=list(card.sets), banned=card.banned, aka=list(card.aka), artist=card.artist, flavor=card.flavor,
        rulings=[{"text": r.text, "references": [{"label": lab, "url": url} for lab, url in r.references]}
                 for r in rulings],
        other_printings=[{"id": c.id, "display": c.display} for c in others or ()],
    )
    return d


def _show(args: argparse.Namespace) -> int:
    name = " ".join(args.name)
    db = _load()
    if db is None:
        return 1
    try:
        card = db[_with_suffix(name)]
    except UnknownCard as e:
        hints = e.suggestions or _name_hints(db, name)
        _err(f"unknown card {name!r}" + (f" (did you mean {', '.join(hints)}?)" if hints else ""))
        return 1
    others = [c for c in db.candidates(card.display) if c != card]
    rulings = db.rulings(card)
    if args.json:
        print(json.dumps(card_json(card, rulings, others), ensure_ascii=False, indent=2))
    else:
        print(format_card(card, rulings, others))
    return 0


_BARE_SUFFIX = re.compile(r"^(.*\S)\s+((?:adv|g\s*(?:\d+|any))(?:\s+(?:adv|g\s*(?:\d+|any)))?)$", re.I)


def _with_suffix(name: str) -> str:
    """`theo bell adv` -> `theo bell (adv)`: the shell makes typing brackets a chore."""
    m = _BARE_SUFFIX.match(name.strip())
    return f"{m.group(1)} ({m.group(2)})" if m else name


def _name_hints(db: CardDB, name: str) -> list[str]:
    """Cards whose name holds every word of *name*, when the speller found none."""
    from vtes_desktop.cards.query import QueryError, search

    words = [w for w in re.split(r"[\s\"']+", name) if w]
    if not words:
        return []
    try:
        return [c.display for c in search(db, " ".join(f'name:"{w}"' for w in words), limit=3)]
    except QueryError:
        return []


# -- search ---------------------------------------------------------------------------

def summary(card: CardDef) -> str:
    """One line of facts a deck builder scans: type, clan, group, capacity, disciplines or cost."""
    if card.is_crypt:
        bits = [card.type_label, *card.clans, f"G{card.group}" if card.group else "",
                f"{'life' if card.is_imbued else 'cap'} {card.capacity}" if card.capacity is not None else "",
                " ".join(card.disciplines), " ".join(x for x in (card.sect, card.title) if x)]
    else:
        cost = _cost(card)
        sep = "/" if card.discipline_any else "&"
        bits = [card.type_label, sep.join(card.disciplines), "/".join(card.clans),
                "" if cost == "none" else cost]
    if card.banned:
        bits.append(f"banned {card.banned}")
    return " · ".join(b for b in bits if b)


_ARG_FILTER = re.compile(r"^(-?[A-Za-z][A-Za-z_]*(?:>=|<=|!=|=|:|>|<))(.*\s.*)$", re.S)
_HAS_FILTER = re.compile(r"[A-Za-z](?:>=|<=|!=|=|:|>|<)")


def query_from_argv(parts: list[str]) -> str:
    """Join command-line words into a query, putting back the quotes the shell removed.

    `clan:"follower of set"` reaches us as the one word `clan:follower of set`;
    it becomes `clan:"follower of set"` again. A word holding a whole query
    (`"clan:ventrue cap>=8"`) is kept as it is.
    """
    out = []
    for p in parts:
        m = _ARG_FILTER.match(p)
        if m and '"' not in p and "'" not in p and not _HAS_FILTER.search(m.group(2)):
            p = f'{m.group(1)}"{m.group(2)}"'
        out.append(p)
    return " ".join(out)


def _search(args: argparse.Namespace) -> int:
    from vtes_desktop.cards.query import QueryError, parse, search

    text = query_from_argv(args.query)
    db = _load()
    if db is None:
        return 1
    try:
        q = parse(text, db)
    except QueryError as e:
        _err(f"error in the query: {e.message}")
        if e.token:
            _err(f"  {text}\n  {' ' * e.position}{'^' * len(e.token)}")
        _err("see: vtes-desktop cards search --help")
        return 2
    found = search(db, q)
    limit = args.limit if args.limit and args.limit > 0 else None
    shown = found[:limit] if limit else found
    if args.json:
        print(json.dumps({
            "query": str(q), "terms": q.describe(), "count": len(found),
            "cards": [{"id": c.id, "display": c.display, "types": list(c.types), "summary": summary(c)}
                      for c in shown],
        }, ensure_ascii=False, indent=2))
        return 0
    width = min(max((len(c.display) for c in shown), default=0), 40)
    for c in shown:
        print(f"{c.display:<{width}}  {summary(c)}")
    n = len(found)
    if not n:
        print("no card matches")
    elif len(shown) < n:
        print(f"{len(shown)} of {n} cards shown (--limit 0 shows all)")
    else:
        print(f"{n} card{'s' if n != 1 else ''}")
    return 0


# -- import-vekn and info -------------------------------------------------------------

def _counts(db: CardDB) -> str:
    crypt = sum(1 for c in db if c.is_crypt)
    return f"{len(db)} cards ({crypt} crypt, {len(db) - crypt} library)"


def _import_vekn(args: argparse.Namespace) -> int:
    from vtes_desktop.cards import db as dbmod, vekn

    src = Path(args.dir).expanduser()
    if not src.is_dir():
        _err(f"cannot import: {src} is not a folder; the card database is unchanged")
        return 1
    missing = [n for n in (vekn.CRYPT_CSV, vekn.LIBRARY_CSV) if not (src / n).is_file()]
    if missing:
        _err(f"cannot import: {src} lacks {' and '.join(missing)} (the VEKN crypt and library lists); "
             "the card database is unchanged")
        return 1
    try:
        db = dbmod.import_vekn(src, progress=lambda msg: print(f"  {msg}"))
    except (vekn.VeknDataError, CardDBError, OSError, AssertionError) as e:
        detail = str(e) or type(e).__name__
        if isinstance(e, OSError) and e.strerror:
            detail = f"{e.strerror}: {e.filename}" if e.filename else e.strerror
        _err(f"cannot import from {src}: {detail}")
        try:
            now = load_db()
            _err(f"the card database holds {_counts(now)} from the {now.info.source if now.info else 'unknown source'}")
        except CardDBError:
            pass
        return 1
    with_rulings = sum(1 for c in db if db.rulings(c))
    print(f"Imported {_counts(db)} from {src}; {with_rulings} cards have rulings.")
    print(f"The app now reads the {db.info.source if db.info else 'imported lists'}.")
    return 0


def _info(args: argparse.Namespace) -> int:
    from vtes_desktop.cards import db as dbmod, vekn

    db = _load()
    if db is None:
        return 1
    info = db.info
    print(f"Cards:    {_counts(db)}")
    with_rulings = sum(1 for c in db if db.rulings(c))
    print(f"Rulings:  {with_rulings} cards have rulings")
    if info is None:
        return 0
    print(f"Source:   {info.source}")
    if info.source == "imported VEKN lists":
        folder: Path | None = dbmod.imported_vekn_dir()
    elif info.source.startswith("VEKN lists shipped with krcg"):
        folder = vekn.krcg_data_dir()
    else:
        folder = None
    if folder is not None:
        print(f"Folder:   {folder}")
    print(f"Database: {info.path} ({'built now' if info.built else 'read from the cache'})")
    print(f"Key:      {info.key}")
    return 0
