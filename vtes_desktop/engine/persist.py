"""Saved games: JSON lines, a header then one command per line.

The header holds the file format version, the app and card data versions, the
setup, the seed and the secret (never sent over the network). Each accepted
command is appended, flushed and synced before the table shows its result, so
nothing is lost to a crash. Loading replays the log: a line that does not
parse, or a file of a newer format, is refused with a message naming the line,
and the lines before it are kept.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from vtes_desktop import __version__
from vtes_desktop.cards.db import CardDB
from vtes_desktop.engine import commands as C
from vtes_desktop.engine.errors import Refused
from vtes_desktop.engine.game import Game
from vtes_desktop.engine.setup import Setup

FORMAT = "vtes-desktop-game"
FORMAT_VERSION = 1


class SaveError(Exception):
    """The file cannot be read as a saved game; the message names the file and the line."""


def _version_tuple(v: str) -> tuple[int, ...]:
    out = []
    for part in v.split("."):
        digits = "".join(ch for ch in part if ch.isdigit())
        out.append(int(digits) if digits else 0)
    return tuple(out) + (0,) * (3 - len(out))


def header(game: Game) -> dict:
    return {"format": FORMAT, "version": FORMAT_VERSION, "app": __version__,
            "cards": getattr(game.db.info, "key", ""), "setup": game.setup.model_dump(mode="json"),
            "seed": game.seed, "secret": game.secret, "aliases": game.aliases}


def save(game: Game, path: str | Path) -> None:
    """Write the whole game (atomically: a temporary file, then rename)."""
    path = Path(path)
    lines = [json.dumps(header(game))] + [C.dump_command(e.cmd) for e in game.entries]
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class Recorder:
    """Appends each accepted command to a game file as it happens."""

    def __init__(self, game: Game, path: str | Path):
        self.path = Path(path)
        if not self.path.exists() or self.path.stat().st_size == 0:
            save(game, self.path)
        self._written = len(game.entries)
        self.game = game

    def flush(self) -> None:
        new = self.game.entries[self._written:]
        if not new:
            return
        with open(self.path, "a", encoding="utf-8") as f:
            for e in new:
                f.write(C.dump_command(e.cmd) + "\n")
            f.flush()
            os.fsync(f.fileno())
        self._written = len(self.game.entries)


@dataclass
class Loaded:
    game: Game
    problems: list[str] = field(default_factory=list)   # lines that could not be replayed, said plainly


def load(path: str | Path, db: CardDB) -> Loaded:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise SaveError(f"{path}: cannot read: {e.strerror or e}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a saved game (not UTF-8 text)") from None
    lines = text.splitlines()
    if not lines:
        raise SaveError(f"{path}: the file is empty")
    try:
        head = json.loads(lines[0])
    except ValueError:
        raise SaveError(f"{path}, line 1: not a saved game header") from None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise SaveError(f"{path}, line 1: not a vtes-desktop saved game")
    v = head.get("version")
    if not isinstance(v, int) or v > FORMAT_VERSION:
        raise SaveError(f"{path}, line 1: saved by a newer vtes-desktop (file format {v}; this version reads up to "
                        f"{FORMAT_VERSION}); update the app to open it")
    saved_app = str(head.get("app", "0"))
    if _version_tuple(saved_app)[:2] > _version_tuple(__version__)[:2]:
        raise SaveError(f"{path}, line 1: saved by vtes-desktop {saved_app}, newer than this one ({__version__}); "
                        "update the app to open it")
    try:
        setup = Setup.model_validate(head["setup"])
        game = Game(db, setup, seed=int(head.get("seed", 0)), secret=str(head.get("secret") or ""))
    except Exception as e:
        raise SaveError(f"{path}, line 1: the game's setup cannot be read: {e}") from None
    game.aliases = dict(head.get("aliases") or {})
    problems = []
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            cmd = C.parse_command(line)
        except Exception as e:
            problems.append(f"line {n} is not a command ({str(e).splitlines()[0]}); it and the lines after it "
                            "were not loaded")
            break
        try:
            game.apply(cmd)
        except Refused as e:
            problems.append(f"line {n} ({cmd!r}) is refused by this version of the rules: {e.message}; skipped")
    return Loaded(game, problems)
