"""Screenshots of LAN play: the lobby of a 4-seat table, and a network seat's table mid-game.

`python -m vtes_desktop.ui.net.screens OUTDIR [--theme dark|light] [--steps N] [--decks FILE FILE FILE FILE]`

Runs offscreen: starts `vtes-desktop host` on 127.0.0.1 (4 seats, fixed
seating and shuffle), joins three players through `NetSession`s, has two of
them talk and one get ready, and saves the lobby as `lan-lobby-THEME.png`; a
fourth joins, all get ready (`lan-lobby-full-THEME.png`); then the four seats
play the scripted bot (`net.bot.bleeder`) for N steps, and the first seat's
table window, with its Table talk dock, is saved as `lan-table-THEME.png`.
Without --decks the engine bench's decks are dealt. Nothing leaves this machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vtes_desktop.ui.net.screens")
    p.add_argument("out", type=Path)
    p.add_argument("--theme", default="dark", choices=("dark", "light"))
    p.add_argument("--steps", type=int, default=140)
    p.add_argument("--decks", nargs=4, type=Path, metavar="FILE")
    a = p.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from vtes_desktop.cards import load_db
    from vtes_desktop.net.bench import start_host, write_deck_files
    from vtes_desktop.net.bot import bleeder
    from vtes_desktop.ui.net.lobby_widget import LobbyWidget
    from vtes_desktop.ui.net.session import NetSession
    from vtes_desktop.ui.net.table_talk import add_table_talk
    from vtes_desktop.ui.table.table_settings import TableSettings
    from vtes_desktop.ui.table.table_window import TableWindow
    from vtes_desktop.ui.theme import apply_theme, load_theme

    a.out.mkdir(parents=True, exist_ok=True)
    db = load_db()
    theme = load_theme(a.theme)
    apply_theme(app, theme)

    def wait(pred, timeout: float = 20.0) -> None:
        end = time.monotonic() + timeout
        while not pred():
            if time.monotonic() > end:
                raise SystemExit("screens: timed out")
            app.processEvents()
            time.sleep(0.005)

    def settle(n: int = 30) -> None:
        for _ in range(n):
            app.processEvents()
            time.sleep(0.01)

    with tempfile.TemporaryDirectory(prefix="vtes-screens-") as tmp:
        folder = Path(tmp)
        decks = list(a.decks) if a.decks else write_deck_files(folder, 4)
        host, port = start_host(folder, decks, 4, seed=86_753_091_234_567,
                                extra=("--rate", "1000", "--name", "Friday night at the club"))
        sessions: list[NetSession] = []
        try:
            def join(name: str, deck: Path) -> NetSession:
                s = NetSession.connect_to(db, "127.0.0.1", port, name, deck=deck.read_text(encoding="utf-8"),
                                          pass_delay=0)
                wait(lambda: s.welcome is not None)
                sessions.append(s)
                return s

            for name, deck in zip(("Ann", "Ben", "Cat"), decks):
                join(name, deck)
            lobby = LobbyWidget(sessions[0])
            lobby.setWindowTitle("Lobby")
            lobby.resize(560, 520)
            lobby.show()
            wait(lambda: len(lobby.rows()) == 4 and "(an empty seat)" not in lobby.rows()[2])
            sessions[0].say("Evening all. Bleed decks tonight?")
            wait(lambda: "Evening" in lobby.talk.toPlainText())
            sessions[2].say("No block.")
            sessions[1].set_ready(True)
            wait(lambda: "No block" in lobby.talk.toPlainText() and lobby.rows()[1].endswith("(ready)"))
            settle()
            lobby.grab().save(str(a.out / f"lan-lobby-{a.theme}.png"))
            join("Dan", decks[3])
            wait(lambda: "(an empty seat)" not in lobby.rows())
            lobby.ready.setChecked(True)
            for s in sessions[2:]:
                s.set_ready(True)
            wait(lambda: all(r.endswith("(ready)") for r in lobby.rows()) or sessions[0].view is not None)
            settle()
            lobby.grab().save(str(a.out / f"lan-lobby-full-{a.theme}.png"))
            wait(lambda: all(s.view is not None for s in sessions))
            memo: list[dict] = [{} for _ in sessions]
            while min(s.step for s in sessions) < a.steps and not sessions[0].is_over:
                before = max(s.step for s in sessions)
                for i, s in enumerate(sessions):
                    data = s.worker.client.legal_data
                    if data and data.get("holds_impulse") and s.step == s.worker.client.step:
                        cmd = bleeder(s.view, data, memo[i])
                        if cmd is not None:
                            s.worker.submit(cmd)
                        break
                wait(lambda: max(s.step for s in sessions) > before, 10)
                wait(lambda: len({s.step for s in sessions}) == 1, 10)
            win = TableWindow(db, theme, TableSettings(), persist=False)
            win.scene.animate = False
            win.resize(1500, 950)
            win.set_session(sessions[0])
            add_table_talk(win, sessions[0])
            win.show()
            sessions[1].say("Bleed for 3, no block?")
            wait(lambda: "Bleed for 3" in sessions[0].log()[-1].text)
            settle(60)
            win.grab().save(str(a.out / f"lan-table-{a.theme}.png"))
            win.close()
            lobby.close()
        finally:
            for s in sessions:
                s.close()
            host.terminate()
            host.wait(10)
    print(f"screens: {a.out}/lan-lobby-{a.theme}.png, lan-lobby-full-{a.theme}.png, lan-table-{a.theme}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
