"""`vtes-desktop bench WHAT`: benchmarks that print figures (never timed tests)."""

from __future__ import annotations

import json


def main(what: str, *, as_json: bool = False, clients: int = 5) -> int:
    if what == "net":
        from vtes_desktop.net import bench as net_bench

        def run():
            return net_bench.run(clients=clients)
    elif what == "startup":
        from vtes_desktop.bench_startup import run
    elif what == "table":
        from vtes_desktop.ui.bench_table import run
    else:
        from vtes_desktop.engine.bench import run
    figures = run()
    if as_json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k}: {v}")
    return 0
