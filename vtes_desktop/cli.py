"""The command line: `vtes-desktop [COMMAND ...]`.

With no command the window opens. Every command imports only what it needs,
so `deck check`, `scenario run` and `cards show` never load Qt or krcg.
"""

from __future__ import annotations

import argparse
import sys

from vtes_desktop import __version__

SEARCH_HELP = """\
A query is free text (matched against names and card text) plus field filters:

  name:TEXT       the name holds TEXT            text:TEXT    the card text holds TEXT
  clan:NAME       clan (ventrue, "follower of set"; library: the clan requirement)
  disc:TRIGRAM    discipline: lower case any level, upper case superior (disc:DOM);
                  several filters must all hold
  type:NAME       card type (vampire, imbued, master, action, "action modifier",
                  reaction, combat, ally, retainer, equipment, political, event, power)
  cap:N  cap>=N  cap<=N  cap>N  cap<N    capacity (vampires) or life (Imbued)
  group:N         crypt group                   title:NAME   title (prince, bishop, ...)
  sect:NAME       camarilla, sabbat, anarch, independent, laibon
  set:ABBR        printed in the set (V5, Jyhad, KoT, ...)
  cost:N  pool:N  blood:N                        costs (pool:N and blood:N by type)
  banned:yes|no   adv:yes|no   crypt:yes|no      library:yes|no
A leading minus negates a filter (-type:master); quote values with spaces.
"""


def _cards(args: argparse.Namespace) -> int:
    from vtes_desktop.cards import clitools

    return clitools.main(args)


def _deck(args: argparse.Namespace) -> int:
    from vtes_desktop.decks import check

    return check.main(args.files, as_json=args.json)


def _scenario(args: argparse.Namespace) -> int:
    from vtes_desktop.scenario import runner

    return runner.main(args.files, as_json=args.json, verbose=args.verbose)


def _bench(args: argparse.Namespace) -> int:
    from vtes_desktop import bench

    return bench.main(args.what, as_json=args.json)


def _window(args: argparse.Namespace) -> int:
    from vtes_desktop.ui import app

    return app.main(args)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="vtes-desktop", description="A desktop table for Vampire: The Eternal Struggle.")
    p.add_argument("--version", action="version", version=f"vtes-desktop {__version__}")
    p.add_argument("--screenshot", metavar="PNG", help="render the window to PNG and exit")
    p.set_defaults(func=_window, deck=None)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    cards = sub.add_parser("cards", help="show and search cards; import VEKN lists",
                           description="Show and search the card database.")
    csub = cards.add_subparsers(dest="cards_command", metavar="SUBCOMMAND", required=True)
    show = csub.add_parser("show", help="print a card: text per level, requirements, rulings")
    show.add_argument("name", nargs="+", help="card name (case, accents and articles ignored; Name (ADV), Name (G5))")
    show.add_argument("--json", action="store_true")
    search = csub.add_parser("search", help="search cards", description="Search the cards.\n\n" + SEARCH_HELP,
                             formatter_class=argparse.RawDescriptionHelpFormatter, epilog=SEARCH_HELP)
    search.add_argument("query", nargs="*", help="free text and field filters")
    search.add_argument("--limit", type=int, default=50)
    search.add_argument("--json", action="store_true")
    imp = csub.add_parser("import-vekn", help="rebuild the card database from VEKN CSV files in DIR")
    imp.add_argument("dir")
    csub.add_parser("info", help="where the card database comes from")
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
    sc.set_defaults(func=_scenario)

    b = sub.add_parser("bench", help="benchmarks that print figures")
    b.add_argument("what", choices=["startup", "engine"])
    b.add_argument("--json", action="store_true")
    b.set_defaults(func=_bench)

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
