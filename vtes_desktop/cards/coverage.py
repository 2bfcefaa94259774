"""How much of the card text the rules grammar understands, and how much of it the engine resolves.

`vtes-desktop cards coverage [--json]` prints, for the library and for the
crypt:

- understood ("timing known"): every sentence of every level consumed by the
  grammar with no word left over: timing, requirement, cost and limit clauses
  by their rules, every other clause as a recognised effect (automated or
  not). Cards with hand-written rules count, and are listed apart;
- automated: understood, and every effect is one the engine resolves (the
  `automated` flags of `vtes_desktop.cards.grammar.effects`);
- the cards in each gap, with the text each leaves over (left-over sentences
  for the first gap, the clauses carried out by hand for the second);
- the same figures weighted by real use: each card counted once per deck of
  the TWDA sample in which it appears (`$VTES_SHARED/data/twda-sample`,
  default `../shared` beside the repository). When the folder is absent the
  weighted figures are null and `weighted_note` says so.

This module is in `cards`, below the deck package: it never imports
`vtes_desktop.decks`. The command line names the deck reader
(`deck_reader="vtes_desktop.decks:load_deck"`), and `twda_weights` takes it
as a function.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from vtes_desktop.cards.db import CardDB, load_db
from vtes_desktop.cards.grammar import compile_rules
from vtes_desktop.cards.grammar.model import CardRules
from vtes_desktop.cards.model import CardDef

REPO = Path(__file__).resolve().parents[2]


def shared_folder() -> Path:
    return Path(os.environ.get("VTES_SHARED", str(REPO.parent / "shared"))).resolve()


def twda_folder() -> Path:
    return shared_folder() / "data" / "twda-sample"


def twda_weights(folder: Path, db: CardDB, read_deck: Callable[[Path, CardDB], Any]) -> tuple[dict[int, int], int]:
    """(card id -> number of decks it appears in, number of decks read) for the deck files in *folder*."""
    weights: dict[int, int] = {}
    n = 0
    for p in sorted(folder.iterdir()):
        if not p.is_file():
            continue
        try:
            deck = read_deck(p, db)
        except Exception:       # a deck that does not read is left out, not a reason to stop
            continue
        n += 1
        for cid in set(deck.crypt) | set(deck.library):
            weights[cid] = weights.get(cid, 0) + 1
    return weights, n


def resolve_reader(spec: str | None) -> Callable | None:
    """"package.module:function" -> the function (the command line names the deck reader)."""
    if not spec:
        return None
    mod, _, fn = spec.partition(":")
    return getattr(importlib.import_module(mod), fn)


def _left_over(r: CardRules) -> list[str]:
    out: list[str] = []
    for m in r.modes:
        for u in m.unparsed:
            if u not in out:
                out.append(u)
    return out


def _manual(r: CardRules) -> list[str]:
    out: list[str] = []
    for m in r.modes:
        for e in m.effects:
            if not e.automated and e.text not in out:
                out.append(e.text)
    for e in r.abilities:
        if not e.automated and e.text not in out:
            out.append(e.text)
    return out


def _share(n: float, d: float) -> float:
    return round(n / d, 4) if d else 0.0


def _free_timing(r: CardRules) -> bool:
    """Some timing of the card is a free-text condition ("if:...") the engine cannot check yet."""
    return any(t.startswith(("if:", "not:if:")) or ":if:" in t for m in r.modes for t in m.only + m.also)


def section(cards: Iterable[CardDef], weights: Mapping[int, int] | None, prefix: str) -> dict[str, Any]:
    cards = list(cards)
    rules = {c.id: compile_rules(c) for c in cards}
    understood = [c for c in cards if rules[c.id].understood]
    automated = [c for c in understood if rules[c.id].automated]
    out: dict[str, Any] = {
        f"{prefix}_total": len(cards),
        f"{prefix}_timing_known": len(understood),
        f"{prefix}_timing_known_share": _share(len(understood), len(cards)),
        f"{prefix}_effects_automated": len(automated),
        f"{prefix}_effects_automated_share": _share(len(automated), len(cards)),
        f"{prefix}_timing_free_text": sum(1 for c in understood if _free_timing(rules[c.id])),
        f"{prefix}_handwritten": sorted(rules[c.id].name for c in cards if rules[c.id].handwritten),
        f"{prefix}_gap_timing": [{"name": rules[c.id].name, "id": c.id, "left_over": _left_over(rules[c.id])}
                                 for c in cards if not rules[c.id].understood],
        f"{prefix}_gap_automation": [{"name": rules[c.id].name, "id": c.id, "manual": _manual(rules[c.id])}
                                     for c in understood if not rules[c.id].automated],
    }
    if weights is not None:
        w_total = sum(weights.get(c.id, 0) for c in cards)
        w_known = sum(weights.get(c.id, 0) for c in understood)
        w_auto = sum(weights.get(c.id, 0) for c in automated)
        out[f"{prefix}_weighted"] = {
            "total": w_total, "timing_known": w_known, "timing_known_share": _share(w_known, w_total),
            "effects_automated": w_auto, "effects_automated_share": _share(w_auto, w_total),
        }
    return out


def report(db: CardDB, weights: Mapping[int, int] | None = None, decks: int = 0, note: str = "") -> dict[str, Any]:
    """The coverage report as a JSON-ready dict."""
    out: dict[str, Any] = {}
    out.update(section(db.library, weights, "library"))
    out.update(section(db.crypt, weights, "crypt"))
    out["weighted_decks"] = decks if weights is not None else None
    out["weighted_note"] = note
    return out


def _print_text(r: dict[str, Any]) -> None:
    for p, what in (("library", "library cards"), ("crypt", "crypt cards (special abilities)")):
        total = r[f"{p}_total"]
        print(f"{what}: {total}")
        print(f"  timing, requirements, costs and effects understood: {r[f'{p}_timing_known']} "
              f"({100 * r[f'{p}_timing_known_share']:.1f}%); {r[f'{p}_timing_free_text']} of them with a timing "
              "condition in free words")
        print(f"  effects all automated: {r[f'{p}_effects_automated']} ({100 * r[f'{p}_effects_automated_share']:.1f}%)")
        w = r.get(f"{p}_weighted")
        if w:
            print(f"  weighted by use in {r['weighted_decks']} TWDA decks: understood "
                  f"{100 * w['timing_known_share']:.1f}%, automated {100 * w['effects_automated_share']:.1f}%")
        hw = r[f"{p}_handwritten"]
        if hw:
            print(f"  hand-written rules: {len(hw)} ({', '.join(hw)})")
        gap = r[f"{p}_gap_timing"]
        if gap:
            print(f"  not understood ({len(gap)}):")
            for g in gap:
                print(f"    {g['name']}: {' | '.join(g['left_over'])}")
    if r["weighted_note"]:
        print(r["weighted_note"])


def main(args: argparse.Namespace) -> int:
    """`vtes-desktop cards coverage [--json]`."""
    db = load_db()
    weights = None
    decks = 0
    note = ""
    folder = twda_folder()
    reader = resolve_reader(getattr(args, "deck_reader", None))
    if not folder.is_dir():
        note = f"TWDA sample not found at {folder} (set VTES_SHARED): weighted figures left out"
    elif reader is None:
        note = "no deck reader given: weighted figures left out"
    else:
        weights, decks = twda_weights(folder, db, reader)
    r = report(db, weights, decks, note)
    if getattr(args, "json", False):
        json.dump(r, sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        _print_text(r)
    return 0
