"""The program: `--screenshot` writes a PNG, the startup markers, the cold-start loader."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt


def _run(args: list[str], env_extra: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **env_extra}
    return subprocess.run([sys.executable, "-m", "vtes_desktop", *args], env=env, capture_output=True,
                          text=True, timeout=timeout)


def _png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_screenshot_writes_a_png(db, tmp_path):
    out = tmp_path / "shots" / "window.png"
    r = _run(["--screenshot", str(out)], {"VTES_DESKTOP_CONFIG": str(tmp_path / "cfg")})
    assert r.returncode == 0, r.stderr
    w, h = _png_size(out)
    assert w >= 900 and h >= 560
    assert not (tmp_path / "cfg" / "settings.json").exists()   # a screenshot changes no settings


def test_screenshot_with_a_deck(db, tmp_path, small_deck):
    from PySide6.QtGui import QImage

    out = tmp_path / "deck.png"
    r = _run(["window", "--deck", str(small_deck), "--screenshot", str(out)],
             {"VTES_DESKTOP_CONFIG": str(tmp_path / "cfg")})
    assert r.returncode == 0, r.stderr
    img = QImage(str(out))
    assert not img.isNull() and img.width() >= 900
    # the deck pane (right third) is not blank: it has many distinct colours (text)
    colours = {img.pixel(x, y) for x in range(img.width() * 2 // 3, img.width(), 7) for y in range(40, 300, 5)}
    assert len(colours) > 5


def test_startup_markers_for_the_benchmark(db, tmp_path):
    from vtes_desktop.ui.app import READY_MARKER, SHOWN_MARKER

    r = _run([], {"VTES_DESKTOP_BENCH_SHOWN": "1", "VTES_DESKTOP_CONFIG": str(tmp_path / "cfg")})
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [SHOWN_MARKER, READY_MARKER]


def test_cold_start_builds_the_cache_in_the_background(qtbot, tmp_path, monkeypatch):
    from vtes_desktop.ui.db_loader import DbLoader

    monkeypatch.setenv("VTES_DESKTOP_CACHE", str(tmp_path / "cache"))
    loader = DbLoader()
    steps: list[str] = []
    loader.progress.connect(steps.append)
    with qtbot.waitSignal(loader.loaded, timeout=60_000) as blocker:
        loader.start()
    db = blocker.args[0]
    assert db.info.built and len(db) > 4000
    assert steps and steps[0].startswith("Reading")
    assert any(p.name.startswith("carddb-") for p in (tmp_path / "cache").iterdir())


def test_the_last_deck_is_reopened_unless_another_is_asked(tmp_path, small_deck):
    from vtes_desktop.ui.app import startup_deck

    assert startup_deck(None, str(small_deck), reopen=True) == str(small_deck)
    assert startup_deck("other.txt", str(small_deck), reopen=True) == "other.txt"
    assert startup_deck(None, str(small_deck), reopen=False) is None      # screenshots and benchmarks
    assert startup_deck(None, str(tmp_path / "gone.txt"), reopen=True) is None
    assert startup_deck(None, "", reopen=True) is None
