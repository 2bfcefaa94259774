"""`vtes-desktop goldfish DECK`: simulated goldfish games and draw odds, printed."""

from __future__ import annotations

import json
import sys

from vtes_desktop.engine.goldfish import MAX_TURNS, simulate


def main(deck_path: str, *, games: int = 100, seed: int = 1, as_json: bool = False, turns: int = 5,
         extra: int = 1) -> int:
    from vtes_desktop.cards import load_db
    from vtes_desktop.decks import DeckError, load_deck
    from vtes_desktop.decks import stats

    db = load_db()
    try:
        deck = load_deck(deck_path, db)
    except DeckError as e:
        print(f"{deck_path}: {e}", file=sys.stderr)
        return 2
    if deck.unknown:
        print(f"{deck_path}: unknown cards: " + "; ".join(f"line {u.line}: {u.text}" for u in deck.unknown),
              file=sys.stderr)
        return 2
    crypt = [cid for cid, n in deck.crypt.items() for _ in range(n)]
    library = [cid for cid, n in deck.library.items() for _ in range(n)]
    if len(crypt) < 4 or not library:
        print(f"{deck_path}: a goldfish game needs at least 4 crypt cards and a library", file=sys.stderr)
        return 2
    if games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    figures = simulate(db, crypt, library, games, seed)
    if as_json:
        print(json.dumps({k: v for k, v in figures.items() if k != "histogram"} | {"histogram": figures["histogram"]}))
        return 0
    ot = figures["oust_turn"]
    print(f"{deck.name or deck_path}: {figures['games']} goldfish games, seed {seed}")
    print(f"  prey ousted in {figures['ousted']} games (within {MAX_TURNS} turns)")
    if ot["mean"] is not None:
        print(f"  oust turn: mean {ot['mean']}, median {ot['median']}, 10th percentile {ot['p10']}, "
              f"90th percentile {ot['p90']}")
        peak = max(figures["histogram"].values())
        for t, n in figures["histogram"].items():
            print(f"    turn {t:>2} {'#' * max(1, round(30 * n / peak))} {n}")
    print(f"  pool spent per game: {figures['pool_spent_mean']}")
    if figures["stuck_cards"]:
        print("  cards most often stuck in hand (held 3 turns or more at the end):")
        for name, share in figures["stuck_cards"]:
            print(f"    {share:>6.1%}  {name}")
    print(f"  draw odds (at least one copy; {extra} card a turn beyond replacements):")
    print("    " + " " * 32 + "".join(f"turn {t:<3}" for t in range(1, turns + 1)))
    for o in stats.library_odds(dict(deck.library), db, turns=turns, extra_per_turn=extra)[:20]:
        print(f"    {o.label[:28]:<28} {o.copies:>2}  " + "".join(f"{p:>7.0%} " for p in o.by_turn))
    return 0
