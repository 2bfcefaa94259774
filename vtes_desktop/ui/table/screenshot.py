"""`vtes-desktop table --open FILE --screenshot OUT.png`: render a position offscreen and exit.

A scenario is shown at its starting position (before its steps), or with
`--after-step N` after its first N steps, with the action, combat or
referendum panel open at that moment; a saved game at its last position. Nothing is recorded, no automatic pass is made
and no settings change: the picture is the position as the seat sees it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        w, h = int(w), int(h)
    except ValueError:
        raise ValueError(f"--size must look like 1600x1000, not {text!r}") from None
    if not (400 <= w <= 8000 and 300 <= h <= 8000):
        raise ValueError(f"--size {text}: width 400-8000 and height 300-8000, please")
    return w, h


def scenario_commands(path, db, n: int) -> list:
    """The commands of the first *n* steps of the scenario at *path* (`loader.load` + `to_command`)."""
    from vtes_desktop.scenario.loader import load, to_command

    sc = load(path, db)
    return [to_command(step, sc.players.index(step.by), sc.players) for step in sc.steps[:n]]


def render(path: str, out: str, *, seat: str | None = None, size: str = "1600x1000",
           theme: str | None = None, after_step: int | None = None) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        w, h = parse_size(size)
    except ValueError as e:
        print(f"vtes-desktop: {e}", file=sys.stderr)
        return 2
    from PySide6.QtWidgets import QApplication

    from vtes_desktop.cards import load_db
    from vtes_desktop.ui.app import _message_handler
    from vtes_desktop.ui.settings import load_settings
    from vtes_desktop.ui.table import launch, table_settings
    from vtes_desktop.ui.table.session import LocalSession
    from vtes_desktop.ui.table.table_window import TableWindow
    from vtes_desktop.ui.theme import apply_theme, load_theme

    from PySide6.QtCore import qInstallMessageHandler

    qInstallMessageHandler(_message_handler)
    app = QApplication.instance() or QApplication(["vtes-desktop"])
    db = load_db()
    try:
        game, _problems, _saved = launch.game_from_file(db, path)
    except launch.OpenError as e:
        print(f"vtes-desktop: {e}", file=sys.stderr)
        return 1
    steps = []
    if after_step is not None:
        if not launch.is_scenario(Path(path)):
            print("vtes-desktop: --after-step needs a scenario file (.yaml)", file=sys.stderr)
            return 2
        if after_step < 0:
            print("vtes-desktop: --after-step must be 0 or more", file=sys.stderr)
            return 2
        from vtes_desktop.engine.errors import Refused
        from vtes_desktop.scenario.loader import ScenarioError

        try:
            steps = scenario_commands(path, db, after_step)
        except (ScenarioError, Refused) as e:
            print(f"vtes-desktop: {e}", file=sys.stderr)
            return 1
    index = 0
    if seat:
        names = [s.name for s in game.state.seats]
        if seat not in names:
            print(f"vtes-desktop: no seat named {seat!r} (the seats are {', '.join(names)})", file=sys.stderr)
            return 2
        index = names.index(seat)
    t = load_theme(theme or load_settings().theme)
    apply_theme(app, t)
    settings = table_settings.load()
    settings.privacy_screen = False
    win = TableWindow(db, t, settings, persist=False)
    from vtes_desktop.ui.table import assist_settings

    win.assist.mode = assist_settings.load().mode   # the player's table setting; their stops do not matter here
    win.scene.assist_lights = win.assist.lights
    win.scene.animate = False
    if w < 1280:   # a small picture: the table only
        win.preview_dock.hide()
        win.log_dock.hide()
    win.resize(w, h)
    session = LocalSession(game, path=None, seat=index, hotseat=False, auto_pass=False)
    win.set_session(session)
    win.show()
    app.processEvents()
    if steps:
        # step by step, as at the table: the panels see each moment (a strike shown before it resolves)
        session.step_through(steps)
    for _ in range(3):
        app.processEvents()
    win.view.fit()
    app.processEvents()
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    ok = win.grab().save(str(target), "PNG")
    win.close()
    if not ok:
        print(f"vtes-desktop: could not write {target}", file=sys.stderr)
        return 1
    return 0
