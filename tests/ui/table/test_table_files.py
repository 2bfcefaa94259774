"""Saving, resuming, opening, exporting, and the command line's table screenshot."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from table_support import POSITIONS, card_named, make_game  # noqa: E402

from vtes_desktop.engine import commands as C  # noqa: E402
from vtes_desktop.engine import persist  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]

CHILD = textwrap.dedent("""
    import sys
    sys.path.insert(0, {conftest_dir!r})
    from table_support import make_game
    from vtes_desktop.cards import load_db
    from vtes_desktop.engine import commands as C
    from vtes_desktop.ui.table.session import LocalSession
    db = load_db()
    game = make_game(db, ["Ann", "Ben"], ready={{"Ann": [("Colette", 4)]}})
    session = LocalSession(game, path={path!r}, hotseat=False)
    vid = next(c.id for c in session.view.seats[0].regions["ready"])
    i = 0
    while True:
        cmd = (C.Lock if i % 2 == 0 else C.Unlock)(seat=0, card=vid)
        assert session.submit(cmd) is None
        i += 1
        print(i, flush=True)
""")


def test_resume_after_the_process_is_killed_loses_no_command(tmp_path, db):
    path = tmp_path / "game.vtes.jsonl"
    code = CHILD.format(conftest_dir=str(Path(__file__).parent), path=str(path))
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    acknowledged = 0
    try:
        for line in proc.stdout:
            acknowledged = int(line)
            if acknowledged >= 25:
                break
        os.kill(proc.pid, signal.SIGKILL)     # mid-game, without warning
    finally:
        proc.wait(30)
    assert acknowledged >= 25
    loaded = persist.load(path, db)
    assert loaded.problems == []
    cmds = [e.cmd for e in loaded.game.entries]
    assert len(cmds) >= acknowledged          # every command the table showed is in the file
    assert [type(c) for c in cmds[:acknowledged]] == [C.Lock if i % 2 == 0 else C.Unlock for i in range(acknowledged)]


def test_a_game_is_recorded_and_offered_for_resuming(table, db, data_dir):
    from vtes_desktop.ui.table import launch, storage
    from vtes_desktop.ui.table.table_app import open_table
    from vtes_desktop.ui.theme import load_theme

    game = make_game(db, ["Ann", "Ben"], ready={"Ann": [("Colette", 4)]})
    session = launch.session_for_game(game, hotseat=False)
    assert session.path.parent == data_dir / "games"
    vid = session.view.seats[0].regions["ready"][0].id
    session.submit(C.Lock(seat=0, card=vid))
    games = storage.unfinished_games()
    assert [g.path for g in games] == [session.path]
    assert games[0].players == ("Ann", "Ben") and games[0].commands == 1
    win = open_table(db, load_theme("dark"), path=str(session.path))
    try:
        assert win.session.game.entries[0].cmd.type == "lock"
        assert card_named(win, "Colette").cv.locked
        assert win.session.path == session.path            # it goes on in the same file
        storage.mark_finished(session.path)
        assert storage.unfinished_games() == []
    finally:
        win.close()


def test_save_and_open_a_saved_game(table, db, tmp_path):
    win = table(make_game(db, ["Ann", "Ben"], ready={"Ann": [("Colette", 4)]}))
    win.submit_all([C.Lock(seat=0, card=card_named(win, "Colette").vid)])
    path = tmp_path / "saved.vtes.jsonl"
    persist.save(win.session.game, path)
    assert win.open_path(str(path))
    assert card_named(win, "Colette").cv.locked


def test_export_position_writes_a_scenario_that_loads_back(table, db, tmp_path):
    from vtes_desktop.scenario.loader import load
    from vtes_desktop.scenario.runner import build_game
    from vtes_desktop.ui.table.launch import game_from_file
    from vtes_desktop.scenario.writer import export_position

    game, _, _ = game_from_file(db, POSITIONS / "six-mid-game.yaml")
    out = export_position(game, tmp_path / "position.yaml")
    again = build_game(load(out, db), db)
    for seat in range(6):
        a, b = game.view_for(seat), again.view_for(seat)
        assert (a.turn, a.active, a.phase, a.edge) == (b.turn, b.active, b.phase, b.edge)
        for x, y in zip(a.seats, b.seats):
            assert (x.name, x.pool, x.hand_count, x.library_count, x.crypt_count) == \
                (y.name, y.pool, y.hand_count, y.library_count, y.crypt_count)
            for region in x.regions:
                def shape(cards):
                    return [(c.name, c.counters, c.locked, shape(c.attached)) for c in cards]
                assert shape(x.regions[region]) == shape(y.regions[region]), (x.name, region)
        assert [c.name for c in a.hand] == [c.name for c in b.hand]


def test_the_command_line_renders_a_position(tmp_path):
    out = tmp_path / "six.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    r = subprocess.run([sys.executable, "-m", "vtes_desktop", "table", "--open", str(POSITIONS / "six-mid-game.yaml"),
                        "--screenshot", str(out), "--seat", "Cedric", "--size", "1200x800"],
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (1200, 800)
    bad = subprocess.run([sys.executable, "-m", "vtes_desktop", "table", "--open", str(POSITIONS / "six-mid-game.yaml"),
                          "--screenshot", str(out), "--seat", "Nobody"], env=env, capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 2 and "Nobody" in bad.stderr
