"""`vtes-desktop bench startup`: how fast the card database loads and the window shows.

Every figure is measured in a fresh Python process, so imports are paid as a
user pays them:

- `db_cold_ms`: `load_db()` with an empty card cache (it builds the cache);
- `db_warm_ms`: `load_db()` again with that cache (median of several runs);
- `window_shown_ms`: wall time from spawning `python -m vtes_desktop` (warm
  cache, offscreen platform) to the moment the window is first exposed, read
  from the marker the app prints under `VTES_DESKTOP_BENCH_SHOWN=1`
  (median of several runs);
- `window_ready_ms`: the same run, until the cards are listed.

Targets: `db_warm_ms` <= 50, `window_shown_ms` <= 1000. Figures only: no test
times anything. No Qt is imported here; the window runs in the child.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 5
TIMEOUT_S = 60

_LOAD = """
import json, time
from vtes_desktop.cards import load_db
t = time.perf_counter()
db = load_db()
ms = (time.perf_counter() - t) * 1000
print(json.dumps({"ms": ms, "built": db.info.built if db.info else False, "cards": len(db)}))
"""


def _env(cache: Path, config: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["VTES_DESKTOP_CACHE"] = str(cache)
    env["VTES_DESKTOP_CONFIG"] = str(config)
    env.pop("VTES_DESKTOP_BENCH_SHOWN", None)
    return env


def _load_once(env: dict[str, str]) -> dict:
    out = subprocess.run([sys.executable, "-c", _LOAD], env=env, capture_output=True, text=True,
                         timeout=TIMEOUT_S, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _window_once(env: dict[str, str]) -> tuple[float, float]:
    """(shown_ms, ready_ms) from spawning the app to each marker line."""
    from vtes_desktop.ui.app import READY_MARKER, SHOWN_MARKER  # markers only: ui.app imports Qt lazily

    env = {**env, "VTES_DESKTOP_BENCH_SHOWN": "1", "QT_QPA_PLATFORM": "offscreen"}
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "vtes_desktop"], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    shown = ready = float("nan")
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            now = (time.perf_counter() - t0) * 1000
            if line.strip() == SHOWN_MARKER:
                shown = now
            elif line.strip() == READY_MARKER:
                ready = now
                break
        proc.wait(TIMEOUT_S)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if shown != shown:  # NaN: the marker never came
        raise RuntimeError("the window never reported being shown")
    return shown, ready


def run(runs: int = RUNS) -> dict:
    with tempfile.TemporaryDirectory(prefix="vtes-bench-") as tmp:
        env = _env(Path(tmp) / "cache", Path(tmp) / "config")
        cold = _load_once(env)
        if not cold["built"]:
            raise RuntimeError("the cold load did not build the cache")
        warm = [_load_once(env)["ms"] for _ in range(runs)]
        _window_once(env)  # one unmeasured start: the OS file cache, Qt's font cache
        windows = [_window_once(env) for _ in range(runs)]
    return {
        "db_cold_ms": round(cold["ms"], 1),
        "db_warm_ms": round(statistics.median(warm), 1),
        "window_shown_ms": round(statistics.median(w[0] for w in windows), 1),
        "window_ready_ms": round(statistics.median(w[1] for w in windows), 1),
    }


if __name__ == "__main__":
    print(json.dumps(run()))
