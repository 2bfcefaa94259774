"""The command line: `vtes-desktop [COMMAND ...]`.

With no command the window opens. Every command imports only what it needs,
so `deck check`, `scenario run` and `cards show` never load Qt or krcg.
"""

from __future__ import annotations

import argparse
import sys

from vtes_desktop import __version__

SEARCH_HELP = """\
A query is words and field filters; a card must satisfy every one. Case and
accents never matter (but an upper-case discipline asks for superior).

  WORD  "A PHRASE"  the name or the card text holds it; the card named exactly
                  comes first, then names starting with or holding the words
  name:TEXT       the name holds TEXT            text:TEXT    the card text holds TEXT
  clan:NAME       clan (ventrue, "follower of set", or a start: clan:follow;
                  library cards: the clan requirement)
  disc:TRIGRAM    discipline: lower case any level, upper case superior (disc:DOM);
                  full names too (disc:dominate), disc:none; library cards: a
                  discipline the card requires, either level; several must all hold
  type:NAME       card type (vampire, imbued, master, action, reaction, combat,
                  modifier or "action modifier", political or "political action",
                  ally, retainer, equipment, event, power, conviction, crypt, library)
  cap:N  cap>=N  cap<=N  cap>N  cap<N    capacity (vampires) or life (Imbued)
  group:N         crypt group (group:any: the "any group" vampires)
  title:NAME      prince, bishop, "inner circle", "1 vote", ...; titled; none
                  (library cards: the title requirement)
  votes:N         votes from the vampire's title
  sect:NAME       camarilla, sabbat, anarch, independent, laibon, none
                  (library cards: the sect requirement)
  set:ABBR        printed in the set, by abbreviation (V5, Jyhad, KoT, promo, ...)
  cost:N          any cost of a library card (pool, blood or conviction);
                  cost:0 costs nothing, cost:x an X cost
  pool:N  blood:N  conviction:N   that cost (0 when the card has none)
  req:TEXT        a library requirement starting with TEXT (sabbat, "capacity 7")
  artist:TEXT     path:TEXT
  banned:yes|no   adv:yes|no   crypt:yes|no   library:yes|no

Numbers (cap, group, votes, cost, pool, blood, conviction) take : = >= <= > <;
other fields take : (or =). Quote values with spaces (clan:"follower of set").
List alternatives with | (clan:ventrue|tremere, cap:8|9): any of them may hold.
A leading minus negates a word or a filter (-type:master), as does != (type!=master).
On the command line a query with a word that starts with a minus goes after --:
  vtes-desktop cards search --limit 0 -- clan:ventrue -type:master
"""


def _cards(args: argparse.Namespace) -> int:
    from vtes_desktop.cards import clitools

    return clitools.main(args)


def _deck(args: argparse.Namespace) -> int:
    from vtes_desktop.decks import check

    return check.main(args.files, as_json=args.json)


def _scenario(args: argparse.Namespace) -> int:
    if args.scenario_command == "export":
        from vtes_desktop.scenario import writer

        return writer.main(args.game, args.output, title=args.title)
    from vtes_desktop.scenario import runner

    return runner.main(args.files, as_json=args.json, verbose=args.verbose)


def _bench(args: argparse.Namespace) -> int:
    from vtes_desktop import bench

    return bench.main(args.what, as_json=args.json, clients=args.clients)


def _host(args: argparse.Namespace) -> int:
    from vtes_desktop.net import serve

    return serve.main(args)


def _goldfish(args: argparse.Namespace) -> int:
    from vtes_desktop import goldfish_cli

    return goldfish_cli.main(args.deck, games=args.games, seed=args.seed, as_json=args.json,
                             turns=args.turns, extra=args.extra)


def _window(args: argparse.Namespace) -> int:
    if getattr(args, "open", None):
        from vtes_desktop.ui.table import table_app

        return table_app.main(args)
    from vtes_desktop.ui import app

    return app.main(args)


def _table(args: argparse.Namespace) -> int:
    from vtes_desktop.ui.table import table_app

    return table_app.main(args)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="vtes-desktop", description="A desktop table for Vampire: The Eternal Struggle.")
    p.add_argument("--version", action="version", version=f"vtes-desktop {__version__}")
    p.add_argument("--screenshot", metavar="PNG", help="render the window to PNG and exit")
    p.add_argument("--open", metavar="FILE", help="open a scenario file or a saved game at the table")
    p.set_defaults(func=_window, deck=None)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    cards = sub.add_parser("cards", help="show and search cards; import VEKN lists",
                           description="Show and search the card database.")
    csub = cards.add_subparsers(dest="cards_command", metavar="SUBCOMMAND", required=True)
    show = csub.add_parser("show", help="print a card: text per level, requirements, rulings")
    show.add_argument("name", nargs="+", help="card name (case, accents and articles ignored; Name (ADV), Name (G5))")
    show.add_argument("--json", action="store_true")
    search = csub.add_parser("search", help="search cards", description="Search the cards.\n\n" + SEARCH_HELP,
                             formatter_class=argparse.RawDescriptionHelpFormatter)
    search.add_argument("query", nargs="*", help="free text and field filters")
    search.add_argument("--limit", type=int, default=50, help="print at most LIMIT cards (0: all; default 50)")
    search.add_argument("--json", action="store_true", help="print a JSON object: query, count, cards")
    imp = csub.add_parser("import-vekn", help="rebuild the card database from VEKN CSV files in DIR")
    imp.add_argument("dir")
    csub.add_parser("info", help="where the card database comes from")
    cov = csub.add_parser("coverage", help="how much card text the rules grammar understands and the engine resolves")
    cov.add_argument("--json", action="store_true", help="print the figures and the gaps as one JSON document")
    cov.set_defaults(deck_reader="vtes_desktop.decks:load_deck")
    cards.set_defaults(func=_cards)

    deck = sub.add_parser("deck", help="check deck files")
    dsub = deck.add_subparsers(dest="deck_command", metavar="SUBCOMMAND", required=True)
    chk = dsub.add_parser("check", help="import and validate decks; exit 0 only when all are valid")
    chk.add_argument("files", nargs="+")
    chk.add_argument("--json", action="store_true", help="print a JSON list, one object per file")
    deck.set_defaults(func=_deck)

    sc = sub.add_parser("scenario", help="rules scenarios")
    ssub = sc.add_subparsers(dest="scenario_command", metavar="SUBCOMMAND", required=True)
    run = ssub.add_parser("run", help="run scenario files (or folders of them) headless")
    run.add_argument("files", nargs="+")
    run.add_argument("--json", action="store_true")
    run.add_argument("-v", "--verbose", action="store_true", help="print each step")
    ex = ssub.add_parser("export", help="write a saved game's current position as a scenario file",
                         description="Replay a saved game (.jsonl) and write where it stands as a scenario: a "
                                     "starting position to share for a rules question or a bug report.")
    ex.add_argument("game", help="a saved game (.jsonl)")
    ex.add_argument("-o", "--output", help="the scenario file to write (default: print it)")
    ex.add_argument("--title", help="the scenario's title")
    sc.set_defaults(func=_scenario)

    gf = sub.add_parser("goldfish", help="simulate goldfish games with a deck, and its draw odds",
                        description="Play seeded goldfish games (a prey and a predator that do nothing) with a "
                                    "simple built-in policy through the rules engine, and print the turn the prey "
                                    "is ousted, the pool spent and the cards most often stuck in hand.")
    gf.add_argument("deck", help="a deck file in any supported format")
    gf.add_argument("--games", type=int, default=100)
    gf.add_argument("--seed", type=int, default=1)
    gf.add_argument("--turns", type=int, default=5, help="turns of draw odds to print (default 5)")
    gf.add_argument("--extra", type=int, default=1,
                    help="cards drawn a turn beyond replacements, for the draw odds (default 1)")
    gf.add_argument("--json", action="store_true")
    gf.set_defaults(func=_goldfish)

    b = sub.add_parser("bench", help="benchmarks that print figures")
    b.add_argument("what", choices=["startup", "engine", "table", "net"])
    b.add_argument("--json", action="store_true")
    b.add_argument("--clients", type=int, default=5, help="net: clients at the table (default 5)")
    b.set_defaults(func=_bench)

    h = sub.add_parser("host", help="host a LAN game with no window",
                       description="Host a game on the local network: players join with the window's Join "
                                   "dialog (or any client of the protocol in docs/protocol.md).")
    from vtes_desktop.net.serve import add_arguments

    add_arguments(h)
    h.set_defaults(func=_host)

    t = sub.add_parser("table", help="open the game table (a new game, a saved game or a scenario)")
    t.add_argument("--open", metavar="FILE", help="a scenario file (its starting position) or a saved game")
    t.add_argument("--screenshot", metavar="PNG", help="render the table at that position offscreen, write the PNG "
                                                       "and exit")
    t.add_argument("--after-step", metavar="N", type=int, dest="after_step",
                   help="with --screenshot of a scenario: the position after its first N steps")
    t.add_argument("--seat", metavar="NAME", help="show the table as this player sees it (default: the first)")
    t.add_argument("--size", metavar="WxH", default="1600x1000", help="the picture's size (default 1600x1000)")
    t.set_defaults(func=_table)

    w = sub.add_parser("window", help="open the window (the default)")
    w.add_argument("--deck", help="a deck file to open in the deck loader")
    w.add_argument("--screenshot", metavar="PNG", help="render the window to PNG and exit")
    w.set_defaults(func=_window)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
