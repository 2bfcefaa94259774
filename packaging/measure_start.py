"""How fast a built app opens: `python packaging/measure_start.py [--runs N] [--json] COMMAND...`.

Spawns COMMAND (the bundle's executable, say) with `VTES_DESKTOP_BENCH_SHOWN=1`
on the offscreen platform and reads the markers the app prints (see
vtes_desktop/ui/app.py): `shown_ms` is process start until the main window is
first exposed, `ready_ms` until the card browser lists the cards. The first
run is the cold start (an empty card cache and settings folder, as on a new
machine); the median of the next runs is the warm start. Needs no Qt and no
vtes_desktop: plain Python 3.
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

SHOWN = "vtes-desktop:shown"
READY = "vtes-desktop:ready"


def once(cmd: list[str], env: dict[str, str], timeout: float = 120) -> tuple[float, float]:
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    shown = ready = None
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            now = (time.perf_counter() - t0) * 1000
            if line.strip() == SHOWN:
                shown = now
            elif line.strip() == READY:
                ready = now
                break
        proc.wait(timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if shown is None or ready is None:
        err = proc.stderr.read() if proc.stderr else ""
        raise SystemExit(f"measure_start: {' '.join(cmd)} never reported the window shown and ready "
                         f"(exit {proc.returncode}): {err.strip()[-800:]}")
    return shown, ready


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="warm runs after the cold one (default 5)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("command", nargs="+")
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="vtes-start-") as tmp:
        env = {**os.environ, "VTES_DESKTOP_BENCH_SHOWN": "1", "QT_QPA_PLATFORM": "offscreen",
               "VTES_DESKTOP_CACHE": os.path.join(tmp, "cache"), "VTES_DESKTOP_DATA": os.path.join(tmp, "data"),
               "VTES_DESKTOP_CONFIG": os.path.join(tmp, "config")}
        cold = once(a.command, env)
        warm = [once(a.command, env) for _ in range(max(1, a.runs))]
    out = {"cold_shown_ms": round(cold[0]), "cold_ready_ms": round(cold[1]),
           "warm_shown_ms": round(statistics.median(w[0] for w in warm)),
           "warm_ready_ms": round(statistics.median(w[1] for w in warm)), "runs": len(warm)}
    if a.json:
        print(json.dumps(out))
    else:
        print(f"first start: window shown {out['cold_shown_ms']} ms, cards listed {out['cold_ready_ms']} ms; "
              f"later starts (median of {out['runs']}): shown {out['warm_shown_ms']} ms, "
              f"cards listed {out['warm_ready_ms']} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
