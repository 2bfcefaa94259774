"""`vtes-desktop host`: a game host with no window.

Prints where to join, keeps the game file (and its seat tokens beside it),
and runs until interrupted (Ctrl+C or SIGTERM), or, with `--exit-when-over`,
until the game is over. Given a game file that already holds a game, it
resumes that game: the players rejoin with their names and seat tokens.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from vtes_desktop.net import DEFAULT_PORT


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `vtes-desktop host` (this module imports nothing heavy: the CLI builds its parser
    for every command)."""
    p.add_argument("--seats", type=int, default=5, help="players at the table, 2 to 6 (default 5)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any free port)")
    p.add_argument("--bind", default="0.0.0.0", metavar="ADDRESS",
                   help="address to listen on (default 0.0.0.0: every interface; 127.0.0.1: this machine only)")
    p.add_argument("--password", help="players and spectators need this password to join")
    p.add_argument("--decks", nargs="+", metavar="FILE", default=[],
                   help="deck files dealt to players who bring no deck, in the order they sit down")
    p.add_argument("--game", metavar="FILE", help="the game file (default: a new file in the user data folder); "
                                                  "a file that holds a game is resumed")
    p.add_argument("--seating", choices=["random", "fixed"], default="random",
                   help="random seating (default) or the order players sat down")
    p.add_argument("--judge", action="store_true", help="spectators see every hand (a judge's view)")
    p.add_argument("--no-spectators", action="store_true", help="take no spectators")
    p.add_argument("--undo", action="store_true", help="let players take back their own last step")
    p.add_argument("--no-mdns", action="store_true", help="do not announce the game on the local network")
    p.add_argument("--name", default="", help="the table's name, as announced on the network")
    p.add_argument("--exit-when-over", action="store_true", help="stop when the game is over")
    p.add_argument("--seed", type=int, help=argparse.SUPPRESS)   # tests and benchmarks: a known shuffle
    p.add_argument("--rate", type=float, default=20.0, help=argparse.SUPPRESS)  # benchmarks: bots outpace people
    p.add_argument("-v", "--verbose", action="store_true", help="log every connection and refusal")


def main(args: argparse.Namespace) -> int:
    import asyncio
    import gc
    import logging
    import signal

    from vtes_desktop.cards import load_db
    from vtes_desktop.decks import DeckError, load_deck, validate
    from vtes_desktop.net.host import DealtDeck, Host, HostConfig, HostError, join_addresses

    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    if not 2 <= args.seats <= 6:
        print("vtes-desktop host: --seats must be 2 to 6", file=sys.stderr)
        return 2
    db = load_db()
    decks = []
    for f in args.decks:
        try:
            deck = load_deck(f, db)
        except DeckError as e:
            print(f"vtes-desktop host: {f}: {e}", file=sys.stderr)
            return 2
        check = validate(deck, db)
        if not check.valid:
            print(f"vtes-desktop host: {f}: {'; '.join(check.errors)}", file=sys.stderr)
            return 2
        decks.append(DealtDeck(deck.name or Path(f).stem,
                               tuple(c for c, n in deck.crypt.items() for _ in range(n)),
                               tuple(c for c, n in deck.library.items() for _ in range(n))))
    cfg = HostConfig(seats=args.seats, bind=args.bind, port=args.port, password=args.password, decks=tuple(decks),
                     game_path=Path(args.game) if args.game else None, seating=args.seating, seed=args.seed,
                     spectators=not args.no_spectators, judge=args.judge, allow_undo=args.undo,
                     mdns=not args.no_mdns, table_name=args.name or "vtes-desktop", rate=args.rate,
                     burst=max(40, int(args.rate * 2)))
    host = Host(db, cfg)
    # the card database is the bulk of the heap and never changes: keep the collector off it
    gc.collect()
    gc.freeze()

    async def run() -> int:
        try:
            bound, port = await host.start()
        except HostError as e:
            print(f"vtes-desktop host: {e}", file=sys.stderr)
            return 2
        except OSError as e:
            print(f"vtes-desktop host: cannot listen on {args.bind}:{args.port}: {e.strerror or e}", file=sys.stderr)
            return 2
        print(f"vtes-desktop host listening on {bound}:{port}", flush=True)
        where = ", ".join(f"{a}:{port}" for a in join_addresses(args.bind))
        print(f"Join at {where}", flush=True)
        if host.resumed:
            print(f"Resumed {host.game_path} at step {host.table.step}: players rejoin with their seat tokens",
                  flush=True)
            for pr in host.problems:
                print(f"  {pr}", flush=True)
        else:
            print(f"Waiting for {args.seats} players" + (" (password needed)" if args.password else ""), flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):
                pass
        if args.exit_when_over:
            def check_over() -> None:
                if host.table is not None and host.table.over:
                    loop.call_later(1.0, stop.set)
            host.on_step = check_over
        started = False
        try:
            while not stop.is_set():
                try:
                    await asyncio.wait_for(stop.wait(), 0.5)
                except asyncio.TimeoutError:
                    pass
                if not started and host.table is not None:
                    started = True
                    print(f"Game started; game file {host.game_path}", flush=True)
                if cfg.mdns and host.advertiser is not None and host.advertiser.error:
                    print(f"Not announced on the network ({host.advertiser.error}); join by address",
                          flush=True)
                    host.advertiser.error = None
        finally:
            await host.close()
        return 0

    try:
        return asyncio.run(run())
    except KeyboardInterrupt:
        return 130
