"""Host and clients in separate processes over loopback; a host killed mid-game and restarted on its file."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from vtes_desktop.net.bench import write_deck_files, start_host
from vtes_desktop.net.client import Client

from .netkit import LOOPBACK, play


@pytest.fixture
def deck_files(tmp_path, db):
    return write_deck_files(tmp_path, 3)


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)


def test_clients_in_their_own_processes_play_to_the_same_step(tmp_path, deck_files):
    host, port = start_host(tmp_path, deck_files, 3, extra=("--rate", "1000"))
    procs = []
    try:
        for name in ("Ann", "Ben", "Cat"):
            procs.append(subprocess.Popen([sys.executable, "-m", "vtes_desktop.net.bench", "--client", name,
                                           "--port", str(port), "--until", "40", "--timeout", "40"],
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        results = []
        for p in procs:
            out, err = p.communicate(timeout=60)
            assert p.returncode == 0, err[-2000:]
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for p in procs:
            _stop(p)
        _stop(host)
    for r in results:
        assert "40" in r["applied"]
    # every process saw every step, and each step came from one command of one of them
    sent = sorted(step for r in results for _, step in r["sent"])
    assert sent == list(range(1, 41))


def test_a_killed_host_restarts_on_its_game_file_and_everyone_rejoins(tmp_path, deck_files):
    game = tmp_path / "game.jsonl"
    host, port = start_host(tmp_path, deck_files, 3, game=game, extra=("--rate", "1000"))

    async def first_half():
        clients = [Client(LOOPBACK, port, n, pass_delay=0, auto_pass="never") for n in ("Ann", "Ben", "Cat")]
        for c in clients:
            await c.connect()
        for c in clients:
            await c.set_ready()
        for c in clients:
            await c.wait_for(lambda c: c.view is not None)
        await play(clients, 30)
        holder = next(c for c in clients if c.legal_data["holds_impulse"])
        return clients, holder

    async def second_half(clients, new_port, acked):
        for c in clients:
            c.port = new_port
            await c.reconnect()
        for c in clients:
            await c.wait_for(lambda c: c.step >= 0)
        after = {c.name: (c.step, c.view) for c in clients}
        await play(clients, max(c.step for c in clients) + 15)
        final = [c.step for c in clients]
        for c in clients:
            await c.close()
        return after, final

    try:
        import asyncio

        loop = asyncio.new_event_loop()
        try:
            clients, holder = loop.run_until_complete(asyncio.wait_for(first_half(), 30))
            before = {c.name: (c.step, c.view) for c in clients}
            acked = clients[0].step
            # a command on its way when the host dies: it is either in the file or never acknowledged
            from vtes_desktop.net.policy import choose

            holder.submit(choose(holder.view, holder.legal_data, {}))
            host.kill()
            host.wait(10)
            host, new_port = start_host(tmp_path, deck_files, 3, game=game, extra=("--rate", "1000"))
            after, final = loop.run_until_complete(asyncio.wait_for(second_half(clients, new_port, acked), 30))
        finally:
            loop.close()
    finally:
        _stop(host)
    steps = {s for s, _ in after.values()}
    assert len(steps) == 1
    step = steps.pop()
    assert step in (acked, acked + 1)
    if step == acked:
        # nothing was lost, nothing changed: each seat has the view it had before the host died
        assert {n: v for n, (_, v) in after.items()} == {n: v for n, (_, v) in before.items()}
    assert len(set(final)) == 1 and final[0] >= step + 15
    with open(game, encoding="utf-8") as f:
        assert sum(1 for _ in f) - 1 >= final[0]


def test_host_command_line_refuses_a_bad_table(tmp_path):
    out = subprocess.run([sys.executable, "-m", "vtes_desktop", "host", "--seats", "9", "--no-mdns"],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 2 and "--seats must be 2 to 6" in out.stderr
    missing = tmp_path / "game.jsonl"
    missing.write_text('{"format": "vtes-desktop-game", "version": 1}\n', encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "vtes_desktop", "host", "--seats", "2", "--no-mdns", "--port", "0",
                          "--bind", LOOPBACK, "--game", str(missing)], capture_output=True, text=True, timeout=30)
    assert out.returncode == 2 and "seat tokens" in out.stderr


def test_command_line_knows_host_and_bench_net():
    from vtes_desktop.cli import build_parser

    p = build_parser()
    a = p.parse_args(["bench", "net", "--clients", "3", "--json"])
    assert (a.what, a.clients, a.json) == ("net", 3, True)
    h = p.parse_args(["host", "--seats", "4", "--port", "0", "--password", "pw", "--judge", "--no-mdns"])
    assert (h.seats, h.port, h.password, h.judge, h.no_mdns, h.bind, h.seating) == (4, 0, "pw", True, True,
                                                                                    "0.0.0.0", "random")
