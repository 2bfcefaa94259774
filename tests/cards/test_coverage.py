"""The coverage report: its figures, its gaps, the command line, and the speed of compiling every card."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from support import shared_path
from vtes_desktop.cards import coverage


def test_report_figures_and_targets(db):
    r = coverage.report(db)
    assert r["library_total"] == len(db.library) and r["crypt_total"] == len(db.crypt)
    assert r["library_timing_known_share"] >= 0.98
    assert r["crypt_timing_known_share"] >= 0.98
    assert r["library_timing_known"] == r["library_total"] - len(r["library_gap_timing"])
    assert r["library_effects_automated"] == r["library_timing_known"] - len(r["library_gap_automation"])
    assert "Madness of the Bard" in r["library_handwritten"]
    for g in r["library_gap_timing"]:
        assert g["left_over"]
    for g in r["library_gap_automation"][:50]:
        assert g["manual"]
    assert r["weighted_decks"] is None and "library_weighted" not in r


def test_weighted_by_twda_use(db):
    from vtes_desktop.decks import load_deck

    folder = shared_path("data", "twda-sample")
    weights, n = coverage.twda_weights(folder, db, load_deck)
    assert n >= 400
    r = coverage.report(db, weights, n)
    w = r["library_weighted"]
    assert w["timing_known_share"] >= 0.995
    assert 0 <= w["effects_automated_share"] <= 1
    assert r["crypt_weighted"]["total"] >= n * 5


def test_command_line_json():
    out = subprocess.run([sys.executable, "-m", "vtes_desktop.cli", "cards", "coverage", "--json"],
                         capture_output=True, text=True, check=True)
    r = json.loads(out.stdout)
    for k in ("library_total", "library_timing_known", "library_effects_automated", "crypt_timing_known",
              "crypt_effects_automated", "library_gap_timing", "library_gap_automation", "weighted_note"):
        assert k in r


def test_compiling_every_card_is_fast(db):
    from vtes_desktop.cards.grammar import clear_caches, compile_grammar_only

    cards = list(db)
    clear_caches()
    t = time.process_time()
    for c in cards:
        compile_grammar_only(c)
    spent = time.process_time() - t
    assert spent < 3.0, f"compiling {len(cards)} cards took {spent:.2f}s of CPU"
