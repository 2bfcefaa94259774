"""Starting a game: from decks, from a file (a scenario or a saved game), or resuming one.

Each returns a `LocalSession` recording to a game file in the user data
folder (`storage`), or raises `OpenError` with a message for the player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from vtes_desktop.ui.table import storage


class OpenError(Exception):
    """The file cannot be opened as a game or a scenario; the message says why."""


@dataclass
class PlayerSpec:
    name: str
    crypt: list[int]
    library: list[int]


@dataclass
class NewGame:
    players: list[PlayerSpec]
    random_seating: bool = True
    seed: int | None = None
    notes: list[str] = field(default_factory=list)


def deck_ids(deck) -> tuple[list[int], list[int]]:
    crypt = [cid for cid, n in deck.crypt.items() for _ in range(n)]
    lib = [cid for cid, n in deck.library.items() for _ in range(n)]
    return crypt, lib


def is_scenario(path: Path) -> bool:
    return path.suffix.lower() in (".yaml", ".yml")


def build_new_game(db, spec: NewGame):
    """A game from decks: seating shuffled (from the seed) unless fixed."""
    from vtes_desktop.engine.game import Game
    from vtes_desktop.engine.setup import Setup

    seed = spec.seed if spec.seed is not None else random.SystemRandom().randrange(1, 2**31)
    players = list(spec.players)
    if spec.random_seating:
        random.Random(f"seating:{seed}").shuffle(players)
    setup = Setup.from_decks([(p.name, p.crypt, p.library) for p in players])
    return Game(db, setup, seed=seed)


def session_for_game(game, *, path: Path | None = None, hotseat: bool = True, auto_pass: bool = True,
                     seat: int = 0):
    from vtes_desktop.ui.table.session import LocalSession

    path = path or storage.new_game_path()
    return LocalSession(game, path=path, hotseat=hotseat, auto_pass=auto_pass, seat=seat)


def game_from_file(db, path: str | Path):
    """(game, problems, is_saved_game) for a scenario's starting position or a saved game."""
    path = Path(path)
    if not path.is_file():
        raise OpenError(f"{path}: no such file")
    if is_scenario(path):
        from vtes_desktop.scenario.loader import ScenarioError, load
        from vtes_desktop.scenario.runner import build_game

        try:
            sc = load(path, db)
            return build_game(sc, db), [], False
        except ScenarioError as e:
            raise OpenError(str(e)) from None
        except Exception as e:  # a position the engine refuses
            raise OpenError(f"{path}: the position cannot be set up: {e}") from None
    from vtes_desktop.engine import persist

    try:
        loaded = persist.load(path, db)
    except persist.SaveError as e:
        raise OpenError(str(e)) from None
    return loaded.game, loaded.problems, True


def open_file(db, path: str | Path, *, hotseat: bool = True, auto_pass: bool = True):
    """A session for *path*: a saved game goes on in its own file; a scenario starts a new game file."""
    path = Path(path)
    game, problems, saved = game_from_file(db, path)
    if saved and not problems:
        target = path
    else:
        target = storage.new_game_path()
        if saved:   # some lines were refused: keep the old file, write what was replayed to a new one
            from vtes_desktop.engine import persist

            persist.save(game, target)
    s = session_for_game(game, path=target, hotseat=hotseat, auto_pass=auto_pass)
    s.problems = problems
    return s
