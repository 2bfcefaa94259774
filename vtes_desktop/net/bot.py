"""A headless player in a process of its own: finds a host, joins with a deck, gets ready and plays.

`python -m vtes_desktop.net.bot --name Ann --deck FILE --find TABLE --address 127.0.0.1:7720 --out FILE`

It looks for the table by mDNS first (`--find`, the table's announced name;
only on the interfaces given by `--interface`), and falls back to the address
when discovery finds nothing. It plays with `bleeder`: it chooses every move
from the legal answer the host sent it, bleeds its prey with every ready
vampire, brings vampires in, never blocks and otherwise passes or ends the
phase. When the host goes away it keeps trying to rejoin with its seat token
(the host may be restarted on its game file), and goes on where the table is.

It stops when a Methuselah has been ousted (`--until ousted`), when the game is
over, or at its time limit, and writes a JSON report: how it found the host,
its seat, the commands it saw acknowledged (`acked`: message id, step,
command), how often it rejoined, and every frame it received (`--out`, one
frame a line, as received) so that a test can check each against what the seat
may know. The network tests use it; it sends traffic only to the address it is
given or the one discovery found.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

from vtes_desktop.engine.views import SeatView

PASSES = ("decline_block", "pass")


def bleeder(view: SeatView, legal: dict, memo: dict) -> dict | None:
    """A move taken from *legal* (wire form, cards by view id), or None without the impulse.

    Never blocks; strikes with the hand in a combat; in its own minion phase
    bleeds with each ready vampire in turn; in its influence phase brings in a
    vampire whose capacity is full, moves blood onto the first uncontrolled one
    (keeping 4 pool) and draws from the crypt when it has none; otherwise
    passes, or ends the phase.
    """
    if not legal.get("holds_impulse"):
        return None
    cmds = legal.get("commands", [])
    amounts = legal.get("amounts", [])
    if not cmds:
        return None
    by_type: dict[str, list[int]] = {}
    for i, c in enumerate(cmds):
        by_type.setdefault(c["type"], []).append(i)
    if "decline_block" in by_type:
        return cmds[by_type["decline_block"][0]]
    for i in by_type.get("strike", ()):
        if cmds[i].get("strike") == "hand":
            return cmds[i]
    seat = view.seat
    mine = view.active == seat and view.action is None and view.combat is None
    if mine and view.phase == "minion":
        for i in by_type.get("action", ()):
            if cmds[i].get("kind") == "bleed":
                return cmds[i]
    if mine and view.phase == "influence":
        if "influence" in by_type:
            return cmds[by_type["influence"][0]]
        me = view.seats[seat]
        unc = me.regions.get("uncontrolled", ())
        if unc and me.pool > 4:
            for i in by_type.get("transfer", ()):
                r = amounts[i] if i < len(amounts) else None
                if cmds[i].get("to") == unc[0].id and r:
                    return dict(cmds[i], amount=max(r[0], min(r[1], me.pool - 4)))
        if not unc and "move_crypt" in by_type:
            return cmds[by_type["move_crypt"][0]]
    for kind in PASSES:
        if kind in by_type:
            return cmds[by_type[kind][0]]
    if "end_phase" in by_type:
        return cmds[by_type["end_phase"][0]]
    if "done" in by_type:
        return cmds[by_type["done"][0]]
    return cmds[0]


def ousted(view: SeatView | None) -> bool:
    return view is not None and any(s.ousted for s in view.seats)


def find(table: str, interfaces: list[str] | None, timeout: float) -> tuple[str, int] | None:
    """The address of the table announced as *table*, by mDNS, or None."""
    from vtes_desktop.net import discovery

    if not discovery.available():
        return None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for f in discovery.browse(min(2.0, max(0.2, deadline - time.monotonic())), interfaces, enough=1):
            if f.name == table and f.compatible:
                return f.address, f.port
    return None


async def play(args, address: tuple[str, int], found_by: str) -> dict:
    from vtes_desktop.net.client import Client, JoinRefused
    from vtes_desktop.net.protocol import Refused, Update

    deck = Path(args.deck).read_text(encoding="utf-8", errors="replace") if args.deck else None
    c = Client(address[0], address[1], args.name, deck=deck, pass_delay=0, auto_pass="never", keep_frames=True)
    memo: dict = {}
    acked: list[tuple[int, int, dict]] = []
    pending: dict[int, dict] = {}
    refused: list[str] = []
    rejoins = 0
    deadline = time.monotonic() + args.timeout
    stop = asyncio.Event()

    def finished(client) -> bool:
        return client.over or (args.until == "ousted" and ousted(client.view))

    def act(client) -> None:
        if pending or client.view is None or client.legal_data is None or stop.is_set():
            return
        cmd = bleeder(client.view, client.legal_data, memo)
        if cmd is None:
            return
        try:
            pending[client.submit(cmd)] = cmd
        except ConnectionError:
            pass

    def on_message(client, msg) -> None:
        if isinstance(msg, Refused):
            if msg.reply_to in pending:
                refused.append(f"{pending.pop(msg.reply_to)['type']}: {msg.reason}")
            return
        if not isinstance(msg, Update) or client.step != msg.step:
            return
        if msg.ack in pending:
            acked.append((msg.ack, msg.step, pending.pop(msg.ack)))
        elif pending and msg.ack is None:
            # another seat's step came first: ours was chosen from an older view and will be refused as stale
            pass
        if finished(client):
            stop.set()
            return
        act(client)

    c.listeners.append(on_message)
    await c.connect()
    if args.ready:
        await c.set_ready()
    while not stop.is_set():
        left = deadline - time.monotonic()
        if left <= 0:
            raise SystemExit(f"{args.name}: out of time at step {c.step}")
        try:
            await asyncio.wait_for(stop.wait(), min(left, 0.2))
        except asyncio.TimeoutError:
            pass
        if stop.is_set():
            break
        if not c.connected:
            # the host went away: rejoin with the seat token until it is back
            pending.clear()
            while time.monotonic() < deadline:
                try:
                    await c.reconnect(timeout=2.0)
                    rejoins += 1
                    break
                except JoinRefused:
                    raise
                except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
                    await asyncio.sleep(0.1)
            continue
        if not pending and c.legal_data is not None and c.legal_data.get("holds_impulse"):
            # a refusal (a stale view) or a rejoin left us holding the impulse with nothing on its way
            act(c)
    await c.close()
    if args.out:
        with open(args.out, "wb") as f:
            for body in c.frames:
                f.write(body + b"\n")   # compact JSON holds no line break
    return {"name": c.name, "seat": c.seat, "found_by": found_by, "address": f"{address[0]}:{address[1]}",
            "step": c.step, "over": c.over, "ousted": [s.name for s in c.view.seats if s.ousted] if c.view else [],
            "acked": acked, "refused": refused, "rejoins": rejoins, "frames": len(c.frames)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vtes_desktop.net.bot")
    p.add_argument("--name", required=True)
    p.add_argument("--deck", help="a deck file to play (none: the host's deck)")
    p.add_argument("--find", metavar="TABLE", help="look for this table by mDNS first")
    p.add_argument("--interface", action="append", default=None, help="look on this address's interface only")
    p.add_argument("--find-timeout", type=float, default=5.0)
    p.add_argument("--address", metavar="HOST:PORT", help="join here when discovery finds nothing")
    p.add_argument("--no-ready", dest="ready", action="store_false")
    p.add_argument("--until", choices=("ousted", "over"), default="ousted")
    p.add_argument("--timeout", type=float, default=120.0)
    p.add_argument("--out", help="write every frame received here, one a line")
    a = p.parse_args(argv)
    address, found_by = None, None
    if a.find:
        address = find(a.find, a.interface, a.find_timeout)
        found_by = "mdns" if address else None
    if address is None and a.address:
        host, _, port = a.address.rpartition(":")
        address, found_by = (host, int(port)), "address"
    if address is None:
        print(f"{a.name}: no table found", file=sys.stderr)
        return 2
    out = asyncio.run(play(a, address, found_by))
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
