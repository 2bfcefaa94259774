"""`vtes-desktop deck check FILE... [--json]`: import and validate deck files.

One line per file (and a count of valid decks on stderr), or with `--json` a list of objects:

    {"file": "deck.txt", "format": "twd", "valid": false,
     "crypt_count": 12, "library_count": 91,
     "unknown": [{"line": 40, "text": "2x Blod Doll", "suggestions": ["Blood Doll"]}],
     "errors": ["library has 91 cards; the maximum is 90"], "warnings": []}

A file that cannot be read is an entry with `valid` false and the reason in
`errors`. The exit status is 0 only when every deck is valid.
"""

from __future__ import annotations

import json
import sys

from vtes_desktop.decks.model import DeckError
from vtes_desktop.decks.read import load_deck
from vtes_desktop.decks.validate import validate


def check_file(path: str, db) -> dict:
    """The report for one file; never raises."""
    try:
        deck = load_deck(path, db)
    except DeckError as e:
        return {"file": path, "format": None, "valid": False, "crypt_count": 0, "library_count": 0,
                "unknown": [], "errors": [str(e)], "warnings": []}
    result = validate(deck, db)
    return {
        "file": path,
        "format": deck.format,
        "valid": result.valid,
        "crypt_count": deck.crypt_count,
        "library_count": deck.library_count,
        "unknown": [u.to_json() for u in deck.unknown],
        "errors": list(result.errors),
        "warnings": list(result.warnings),
    }


def main(files: list[str], as_json: bool = False) -> int:
    """Check *files*; print one line each (or a JSON list); 0 when all are valid, else 1."""
    from vtes_desktop.cards import CardDBError, load_db

    try:
        db = load_db()
    except CardDBError as e:
        print(f"vtes-desktop: {e}", file=sys.stderr)
        return 2
    reports = [check_file(f, db) for f in files]
    if as_json:
        json.dump(reports, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        for r in reports:
            print(_line(r))
        if len(reports) > 1:
            bad = sum(1 for r in reports if not r["valid"])
            print(f"{len(reports)} decks checked: {len(reports) - bad} valid, {bad} invalid", file=sys.stderr)
    return 0 if all(r["valid"] for r in reports) else 1


def _line(r: dict) -> str:
    if r["format"] is None:
        return f"{r['file']}: UNREADABLE: {'; '.join(r['errors'])}"
    head = f"{r['file']}: {r['format']}, crypt {r['crypt_count']}, library {r['library_count']}"
    warn = f" ({len(r['warnings'])} warning{'s' if len(r['warnings']) != 1 else ''})" if r["warnings"] else ""
    if r["valid"]:
        return f"{head}: VALID{warn}"
    return f"{head}: INVALID: {'; '.join(r['errors'])}{warn}"
