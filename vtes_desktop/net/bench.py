"""`vtes-desktop bench net`: command-to-table latency over loopback, every party in its own process.

A host (`vtes-desktop host`, bound to 127.0.0.1) and N headless clients, each a
separate process, play a scripted game (`policy.choose`). For every command:
the time from the moment its client sends it until every client has applied
the resulting view (the monotonic clock is one clock for every process on the
machine). The first `warmup` commands are not counted.

Figures: `clients`, `commands` (counted), `median_ms`, `p95_ms`, and `max_ms`,
`sync_ms` (the median time the host took to sync the game file, inside the
latency) for context. A benchmark prints figures; it is never a test.

The game file lives in a temporary folder of the default temporary directory.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WARMUP = 50
COMMANDS = 550
TIMEOUT = 240.0


def write_deck_files(folder: Path, players: int) -> list[Path]:
    from vtes_desktop.cards import load_db
    from vtes_desktop.decks import Deck, to_jol
    from vtes_desktop.engine.bench import demo_setup

    db = load_db()
    files = []
    for s in demo_setup(db, players).seats:
        crypt: dict[int, int] = {}
        library: dict[int, int] = {}
        for c in s.crypt:
            crypt[c] = crypt.get(c, 0) + 1
        for c in s.library:
            library[c] = library.get(c, 0) + 1
        p = folder / f"{s.name}.txt"
        p.write_text(to_jol(Deck(format="jol", crypt=crypt, library=library), db), encoding="utf-8")
        files.append(p)
    return files


def start_host(folder: Path, decks: list[Path], seats: int, *, game: Path | None = None, seed: int = 1,
               extra: tuple[str, ...] = (), timeout: float = 30.0, port: int = 0) -> tuple[subprocess.Popen, int]:
    """`vtes-desktop host` on 127.0.0.1, on *port* (0: any free port); returns the process and its port."""
    cmd = [sys.executable, "-m", "vtes_desktop", "host", "--seats", str(seats), "--port", str(port),
           "--bind", "127.0.0.1", "--no-mdns", "--seating", "fixed", "--seed", str(seed),
           "--game", str(game or folder / "game.jsonl"), "--decks", *map(str, decks), *extra]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + timeout
    import selectors

    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    try:
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"the host stopped: {proc.stderr.read()[-2000:]}")
            if not sel.select(timeout=0.2):
                continue
            line = proc.stdout.readline()
            if "listening on" in line:
                return proc, int(line.rsplit(":", 1)[1])
    finally:
        sel.close()
    proc.kill()
    raise RuntimeError("the host did not start in time")


def run(clients: int = 5, commands: int = COMMANDS, warmup: int = WARMUP) -> dict:
    if not 2 <= clients <= 6:
        raise SystemExit("bench net: --clients must be 2 to 6")
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:clients]
    with tempfile.TemporaryDirectory(prefix="vtes-bench-net-") as tmp:
        folder = Path(tmp)
        decks = write_deck_files(folder, clients)
        host, port = start_host(folder, decks, clients, extra=("--rate", "100000"))
        procs: list[subprocess.Popen] = []
        try:
            for n in names:
                procs.append(subprocess.Popen(
                    [sys.executable, "-m", "vtes_desktop.net.bench", "--client", n, "--port", str(port),
                     "--until", str(commands + warmup)],
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
            results = []
            for p in procs:
                out, err = p.communicate(timeout=TIMEOUT)
                if p.returncode != 0:
                    raise RuntimeError(f"a bench client failed: {err[-2000:]}")
                results.append(json.loads(out.strip().splitlines()[-1]))
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
            host.terminate()
            try:
                host.wait(10)
            except subprocess.TimeoutExpired:
                host.kill()
                host.wait(5)
        sync = _sync_ms(folder)
    applied = [{int(k): v for k, v in r["applied"].items()} for r in results]
    lat = []
    for r in results:
        for t_sent, step in r["sent"]:
            if step <= warmup:
                continue
            if all(step in a for a in applied):
                lat.append((max(a[step] for a in applied) - t_sent) * 1000)
    lat.sort()
    if not lat:
        raise RuntimeError("no command was timed")
    return {"clients": clients, "commands": len(lat), "median_ms": round(statistics.median(lat), 2),
            "p95_ms": round(lat[min(len(lat) - 1, int(len(lat) * 0.95))], 2), "max_ms": round(lat[-1], 2),
            "sync_ms": sync}


def _sync_ms(folder: Path) -> float:
    """The median time to append and sync one line in the folder the game file was in (for context)."""
    p = folder / "sync-probe"
    times = []
    for _ in range(30):
        with open(p, "a", encoding="utf-8") as f:
            f.write("{}\n")
            f.flush()
            t0 = time.perf_counter()
            os.fsync(f.fileno())
            times.append((time.perf_counter() - t0) * 1000)
    return round(statistics.median(times), 2)


# -- one client process --------------------------------------------------------------------------

def _client_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--client", required=True)
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--until", type=int, required=True)
    p.add_argument("--timeout", type=float, default=TIMEOUT - 20)
    a = p.parse_args(argv)
    import asyncio
    import gc

    from vtes_desktop.net.client import Client
    from vtes_desktop.net.policy import choose

    async def play() -> dict:
        c = Client("127.0.0.1", a.port, a.client, pass_delay=0, auto_pass="never")
        await c.connect()
        await c.set_ready()
        memo: dict = {}
        sent: list[tuple[float, int]] = []
        pending: dict[int, float] = {}
        done = asyncio.Event()

        def on_message(client: Client, msg) -> None:
            from vtes_desktop.net.protocol import Refused, Update

            if isinstance(msg, Refused) and msg.reply_to in pending:
                pending.pop(msg.reply_to, None)
            if not isinstance(msg, Update) or client.step != msg.step:
                if isinstance(msg, Refused) and not done.is_set():
                    act(client)
                return
            if msg.ack in pending:
                sent.append((pending.pop(msg.ack), msg.step))
            if client.step >= a.until or client.over:
                done.set()
                return
            act(client)

        def act(client: Client) -> None:
            if pending or client.view is None or client.legal_data is None:
                return
            cmd = choose(client.view, client.legal_data, memo)
            if cmd is None:
                return
            t = time.monotonic()
            i = client.submit(cmd)
            pending[i] = t

        c.listeners.append(on_message)
        gc.collect()
        gc.freeze()
        try:
            await asyncio.wait_for(done.wait(), a.timeout)
        finally:
            await c.close()
        return {"name": a.client, "applied": c.applied_at, "sent": sent}

    out = asyncio.run(play())
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(_client_main(sys.argv[1:]))
