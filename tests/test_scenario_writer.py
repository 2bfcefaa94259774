"""A game's position written as a scenario file reads back to the same position (no Qt)."""

from __future__ import annotations

import subprocess
import sys

from vtes_desktop.engine import commands as C
from vtes_desktop.engine import persist
from vtes_desktop.scenario.loader import load
from vtes_desktop.scenario.runner import build_game
from vtes_desktop.scenario.writer import export_position, position_text

POSITION = """\
title: Writer round trip
seed: 11
table:
  - player: Ann
    pool: 17
    vp: 1
    ready:
      - {card: Gratiano, blood: 3, equipment: [{card: .44 Magnum}], locked: true}
      - {card: Gratiano, contested: true}
    in_play: [Dreams of the Sphinx]
    hand: [Deflection, Bum's Rush]
    library: [Govern the Unaligned, Conditioning]
    crypt: [Nathan Turner]
  - player: Bob
    pool: 22
    uncontrolled: [{card: Aksinya Daclau, blood: 2}]
    torpor: [{card: Blanche Hill, blood: 1}]
    ash_heap: [Vessel]
turn: {player: Ann, phase: master, number: 5}
edge: Bob
steps: []
"""


def _shape(game, seat):
    v = game.view_for(seat)

    def cards(lst):
        return [(c.name, c.counters, c.locked, cards(c.attached)) for c in lst]

    return ((v.turn, v.active, v.phase, v.edge),
            [(s.name, s.pool, s.vp, s.hand_count, s.library_count, s.crypt_count,
              {r: cards(lst) for r, lst in s.regions.items()}) for s in v.seats],
            [c.name for c in v.hand])


def _game(tmp_path, db, text=POSITION):
    f = tmp_path / "start.yaml"
    f.write_text(text, encoding="utf-8")
    return build_game(load(f, db), db)


def test_the_position_reads_back_the_same_for_every_seat(tmp_path, db):
    game = _game(tmp_path, db)
    out = export_position(game, tmp_path / "out.yaml", title="Round trip")
    text = out.read_text(encoding="utf-8")
    assert "vp: 1" in text and "in_play:" in text and "contested: true" in text
    assert "# not in the format" not in text          # everything here is said in the format or its extensions
    again = build_game(load(out, db), db)
    for seat in (0, 1):
        assert _shape(game, seat) == _shape(again, seat)


def test_a_position_mid_game_after_commands(tmp_path, db):
    game = _game(tmp_path, db)
    game.apply(C.EndPhase(seat=0))                      # master -> minion
    text = position_text(game)
    assert "phase: minion" in text
    f = tmp_path / "mid.yaml"
    f.write_text(text, encoding="utf-8")
    assert _shape(build_game(load(f, db), db), 0) == _shape(game, 0)


def test_the_command_line_exports_a_saved_game(tmp_path, db):
    game = _game(tmp_path, db)
    game.apply(C.EndPhase(seat=0))
    saved = tmp_path / "game.vtes.jsonl"
    persist.save(game, saved)
    out = tmp_path / "pos.yaml"
    r = subprocess.run([sys.executable, "-m", "vtes_desktop", "scenario", "export", str(saved), "-o", str(out)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert _shape(build_game(load(out, db), db), 0) == _shape(game, 0)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "vtes_desktop", "scenario", "export", str(bad)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "bad.jsonl" in r.stderr and "not a saved game" in r.stderr
