"""Issue #11's "done when": five processes on one machine play a game from decks to an ousting.

One `vtes-desktop host` process (bound to loopback, announced by mDNS on
loopback) and four headless players, each a process of its own
(`python -m vtes_desktop.net.bot`). Each player looks for the table by mDNS
and falls back to the host's address when discovery finds nothing; joins with
a tournament deck of the TWDA sample; gets ready; and chooses every move from
the legal answer it received (it bleeds its prey, brings vampires in, never
blocks, passes). Partway through, the host is killed (SIGKILL, no goodbye) and
started again on its game file and port: every player rejoins with its seat
token and play goes on until a Methuselah is ousted by the loss of their pool.

Afterwards the game file is replayed step by step, and every frame each player
received is checked at the step it was sent: the leak check (leakcheck.py)
finds nothing, each view a player received is the view of the replayed game at
that step (so the game file holds every step anyone was shown, before and after
the restart), and every command a player saw acknowledged is in the file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from support import shared_path
from vtes_desktop.net import wire

from .leakcheck import Knowledge

#: weenie and bleed decks of the TWDA sample (two of them share the Anarch Convert, which the engine contests)
DECKS = ("2k5chicagojan.txt", "2013jr14votfhf.txt", "2020bldfaca.txt", "9926.txt")
NAMES = ("Ann", "Ben", "Cat", "Dan")
SEED = 86_753_091_234_567
KILL_AT = 150          # steps in the game file when the host is killed
WALL = 120.0           # the whole test's limit (it takes well under a minute)


def _host_cmd(tmp: Path, port: int, table: str) -> list[str]:
    return [sys.executable, "-m", "vtes_desktop", "host", "--seats", "4", "--port", str(port), "--bind", "127.0.0.1",
            "--seating", "fixed", "--seed", str(SEED), "--game", str(tmp / "game.jsonl"), "--name", table,
            "--rate", "1000", "-v"]


def _start_host(tmp: Path, port: int, table: str, n: int) -> tuple[subprocess.Popen, int, Path]:
    """The host process; its output goes to files (a pipe nobody reads could stop it). Returns its port."""
    out, err = tmp / f"host{n}.out", tmp / f"host{n}.err"
    proc = subprocess.Popen(_host_cmd(tmp, port, table), stdout=out.open("w"), stderr=err.open("w"),
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for line in out.read_text().splitlines():
            if "listening on" in line:
                return proc, int(line.rsplit(":", 1)[1]), err
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    raise AssertionError(f"the host did not start: {err.read_text()[-2000:]}")


def _wait(pred, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def _lines(path: Path) -> int:
    try:
        with path.open("rb") as f:
            return sum(1 for _ in f)
    except OSError:
        return 0


def test_one_host_and_four_player_processes_play_from_decks_to_an_ousting(tmp_path, db):
    t0 = time.monotonic()
    decks = [shared_path("data", "twda-sample", d) for d in DECKS]
    table = f"five-{os.getpid()}"
    game_file = tmp_path / "game.jsonl"
    host, port, host_err = _start_host(tmp_path, 0, table, 1)
    bots: list[subprocess.Popen] = []
    try:
        for name, deck in zip(NAMES, decks):
            bots.append(subprocess.Popen(
                [sys.executable, "-m", "vtes_desktop.net.bot", "--name", name, "--deck", str(deck),
                 "--find", table, "--interface", "127.0.0.1", "--find-timeout", "8",
                 "--address", f"127.0.0.1:{port}", "--out", str(tmp_path / f"{name}.frames"), "--timeout", "100"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
            # the host seats players in the order they sit down: one at a time, for a game that is the same
            # every run
            _wait(lambda: f"{name} sits down" in host_err.read_text(), 30, f"{name} to sit down")
        # mid-game, the host dies without a word and comes back on its game file and port
        _wait(lambda: _lines(game_file) >= 1 + KILL_AT, 60, f"{KILL_AT} steps")
        host.kill()
        host.wait(10)
        killed_at = _lines(game_file) - 1
        host, port2, host_err = _start_host(tmp_path, port, table, 2)
        assert port2 == port
        results = []
        for b in bots:
            out, err = b.communicate(timeout=max(5.0, WALL - (time.monotonic() - t0)))
            assert b.returncode == 0, err[-3000:]
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for b in bots:
            if b.poll() is None:
                b.kill()
                b.wait(10)
        if host.poll() is None:
            host.terminate()
            try:
                host.wait(10)
            except subprocess.TimeoutExpired:
                host.kill()
                host.wait(10)
    wall = time.monotonic() - t0

    found_by = {r["found_by"] for r in results}
    print(f"\nfive processes: found by {', '.join(sorted(found_by))}; host killed at step {killed_at}; "
          f"ousting at step {results[0]['step']}; {sum(r['frames'] for r in results)} frames; {wall:.1f} s")
    assert found_by <= {"mdns", "address"}
    assert sorted(r["seat"] for r in results) == [0, 1, 2, 3]
    # the ousting: every player saw it at the same step, and a Methuselah is out with no pool left
    steps = {r["step"] for r in results}
    assert len(steps) == 1
    final = steps.pop()
    assert killed_at < final
    assert all(len(r["ousted"]) == 1 for r in results) and len({r["ousted"][0] for r in results}) == 1
    assert [r["rejoins"] for r in results] == [1, 1, 1, 1]          # each rejoined once, after the restart

    from vtes_desktop.engine import persist
    from vtes_desktop.engine.game import Game

    loaded = persist.load(game_file, db)
    g = loaded.game
    assert loaded.problems == [] and len(g.entries) == final
    out = [s for s in g.state.seats if s.ousted]
    assert [s.name for s in out] == results[0]["ousted"] and out[0].pool <= 0
    # every command a player saw acknowledged, before or after the restart, is in the game file at its step
    by_seat = {r["seat"]: r for r in results}
    for r in results:
        for _, step, cmd in r["acked"]:
            e = g.entries[step - 1]
            assert (e.cmd.type, e.cmd.seat) == (cmd["type"], r["seat"]), (step, cmd)
    assert sum(len(r["acked"]) for r in results) >= final * 0.9

    # replay the file: each frame each player received, checked at the step it was sent
    frames = {r["seat"]: [ln for ln in (tmp_path / f"{r['name']}.frames").read_bytes().split(b"\n") if ln]
              for r in results}
    assert all(len(frames[s]) == by_seat[s]["frames"] for s in frames)
    by_step: dict[int, list[tuple[int, int, bytes]]] = {}
    in_game = 0
    for seat, bodies in frames.items():
        step, started = 0, False
        for k, body in enumerate(bodies):
            msg = json.loads(body)
            if msg["type"] == "start":
                started = True
            if msg["type"] == "update":
                step = msg["step"]
            if started:
                by_step.setdefault(step, []).append((seat, k, body))
                in_game += 1
    fresh = Game(db, g.setup, g.seed, g.secret)
    fresh.aliases = dict(g.aliases)
    know = Knowledge(db)
    views: dict[int, dict] = {}
    problems: list[str] = []
    checked = 0
    for step in range(final + 1):
        if step > 0:
            fresh.apply(g.entries[step - 1].cmd)
        know.at(fresh, step)
        expected: dict[int, dict] = {}
        for seat, k, body in by_step.get(step, ()):
            problems += know.problems(fresh, seat, body, f"frame {k} to seat {seat} at step {step}")
            checked += 1
            msg = json.loads(body)
            if msg["type"] != "update":
                continue
            views[seat] = msg["view"] if msg["view"] is not None else wire.patch(views[seat], msg["patch"])
            if seat not in expected:
                expected[seat] = wire.view_to_wire(fresh.view_for(seat))
            assert views[seat] == expected[seat], f"seat {seat} was shown a view at step {step} the game file " \
                                                  f"does not give: {wire.diff(expected[seat], views[seat])}"
    assert problems == [], "\n".join(problems[:20])
    assert checked == in_game and in_game >= 4 * final      # every frame from the start of the game on
    assert wall < 90, f"{wall:.1f} s"
