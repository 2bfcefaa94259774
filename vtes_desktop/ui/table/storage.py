"""Where games are kept: the user data folder, one JSON-lines file per game.

`$VTES_DESKTOP_DATA` when set, else the platform's user data folder
(platformdirs). Every accepted command is appended to the game's file as it
happens (`persist.Recorder`), so a game survives a crash. A game that ended
gets a `.done` marker beside it; the others are offered for resuming. No Qt.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

SUFFIX = ".vtes.jsonl"


def data_dir() -> Path:
    env = os.environ.get("VTES_DESKTOP_DATA")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("vtes-desktop", appauthor=False))


def games_dir() -> Path:
    d = data_dir() / "games"
    d.mkdir(parents=True, exist_ok=True)
    return d


def new_game_path() -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return games_dir() / f"{stamp}-{secrets.token_hex(3)}{SUFFIX}"


def _marker(path: Path) -> Path:
    return path.with_name(path.name + ".done")


def mark_finished(path: Path, finished: bool = True) -> None:
    m = _marker(Path(path))
    try:
        if finished:
            m.touch()
        elif m.exists():
            m.unlink()
    except OSError:
        pass


@dataclass(frozen=True)
class SavedGame:
    path: Path
    players: tuple[str, ...]
    commands: int
    modified: float

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))
        return f"{', '.join(self.players)} \u2014 {self.commands} moves, last played {when}"


def read_summary(path: Path) -> SavedGame | None:
    try:
        with open(path, encoding="utf-8") as f:
            head = json.loads(f.readline())
            n = sum(1 for line in f if line.strip())
        players = tuple(str(s.get("name", "?")) for s in head["setup"]["seats"])
        return SavedGame(Path(path), players, n, path.stat().st_mtime)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def unfinished_games() -> list[SavedGame]:
    """Games not marked finished, the most recent first."""
    d = data_dir() / "games"
    if not d.is_dir():
        return []
    out = []
    for p in d.glob("*" + SUFFIX):
        if _marker(p).exists():
            continue
        s = read_summary(p)
        if s is not None and s.commands > 0:
            out.append(s)
    return sorted(out, key=lambda s: s.modified, reverse=True)
