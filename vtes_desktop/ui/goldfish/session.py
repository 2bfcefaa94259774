"""The goldfish session: the player's seat, and two goldfish seats that step by themselves.

`GoldfishSession` is a `LocalSession` that always shows the player's seat.
After each of the player's steps, the goldfish seats' steps (`goldfish_step`:
pass, decline the block, end their own phases) are applied until the player
holds the impulse again, so the player's turns follow one another; they are
marked automatic, so an undo takes them back with the player's step before
them (the goldfish setup has `free_undo`). When "pass automatically" is on,
the player's own windows with nothing playable pass by themselves too, as in
hot-seat play.

A goldfish game is practice: it is not recorded to a game file (File > Save
game as… still writes one). The session keeps a `tracker.Snapshot` after every
step, for the goldfish panel (`summary()`).
"""

from __future__ import annotations

import random

from PySide6.QtCore import QObject

from vtes_desktop.engine.errors import Refused
from vtes_desktop.engine.goldfish import PLAYER, goldfish_setup, goldfish_step, is_goldfish
from vtes_desktop.ui.goldfish import tracker
from vtes_desktop.ui.goldfish.deck_cards import DeckCards
from vtes_desktop.ui.table.session import MAX_AUTO_PASSES, LocalSession

#: a goldfish turn is a handful of steps (five phases, a few passes); this bounds a runaway loop
MAX_GOLDFISH_STEPS = 4 * MAX_AUTO_PASSES
#: what a goldfish may do when the engine refuses its usual step (never block, never act)
FALLBACK_STEPS = ("pass", "decline_block", "resolve", "finish", "end_phase", "done")
#: the player's name at the table ("You" would read "You's minion phase" in the log)
DEFAULT_PLAYER = "Player"


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


def new_goldfish_game(db, deck: DeckCards, seed: int, *, player: str = DEFAULT_PLAYER):
    from vtes_desktop.engine.game import Game

    return Game(db, goldfish_setup(deck.crypt_ids, deck.library_ids, player=player), seed=seed,
                secret=f"goldfish:{seed}")


class GoldfishSession(LocalSession):
    def __init__(self, game, *, deck: DeckCards | None = None, auto_pass: bool = True,
                 parent: QObject | None = None) -> None:
        self.deck = deck
        self.snaps: list[tracker.Snapshot] = [tracker.snapshot(game)]    # the start, then one per entry
        super().__init__(game, path=None, seat=PLAYER, hotseat=False, auto_pass=auto_pass, parent=parent)
        if len(self.snaps) != len(game.entries) + 1:   # a game with a log already: no history to show
            self.snaps = [self.snaps[0]] + [self.snaps[-1]] * len(game.entries)
        before = len(game.entries)
        self._run_auto_passes()
        if len(game.entries) != before:
            self._refresh(reset=True)

    @classmethod
    def start(cls, db, deck: DeckCards, seed: int | None = None, *, player: str = DEFAULT_PLAYER,
              auto_pass: bool = True, parent: QObject | None = None) -> "GoldfishSession":
        seed = new_seed() if seed is None else seed
        return cls(new_goldfish_game(db, deck, seed, player=player), deck=deck, auto_pass=auto_pass,
                   parent=parent)

    @property
    def seed(self) -> int:
        return self.game.seed

    # -- the panel's figures ----------------------------------------------------------------
    def live_snapshots(self) -> list[tracker.Snapshot]:
        """The snapshots of the line of play: the start, then each step not taken back."""
        from vtes_desktop.engine import commands as C

        out = [self.snaps[0]]
        for e, s in zip(self.game.entries, self.snaps[1:]):
            if not e.undone and not isinstance(e.cmd, C.Undo):
                out.append(s)
        return out

    def summary(self) -> tracker.Summary:
        return tracker.summarize(self.live_snapshots())

    # -- the goldfish side ------------------------------------------------------------------
    def needed_seat(self) -> int:
        return PLAYER

    def set_auto_pass(self, on: bool) -> None:
        self.auto_pass = on
        if on:
            self._after_step()

    def _apply(self, cmd) -> None:
        super()._apply(cmd)
        self.snaps.append(tracker.snapshot(self.game))

    def _run_auto_passes(self) -> None:
        """The goldfish seats' steps, and the player's automatic passes, until the player is asked."""
        from vtes_desktop.engine import flow

        for _ in range(MAX_GOLDFISH_STEPS):
            if self._over():
                return
            holder = flow.holder(self.game.state)
            cmd = goldfish_step(self.game) if is_goldfish(holder) else None
            if cmd is None:
                if not (self.auto_pass and holder == PLAYER and self.is_auto_passable(PLAYER)):
                    return
                la = self.game.legal(PLAYER)
                cmd = next((c for c in la.commands if c.type == "pass"), None)
                if cmd is None:
                    return
            try:
                self._apply(cmd)
            except Refused:
                cmd = self._fallback(holder) if is_goldfish(holder) else None
                if cmd is None:
                    return
                self._apply(cmd)
            self._auto.add(len(self.game.entries) - 1)

    def _fallback(self, seat: int):
        """When the engine refuses the goldfish's step: the first "nothing from me" it offers that seat."""
        for c in self.game.legal(seat).commands:
            if c.type in FALLBACK_STEPS and self.game.can(c) is None:
                return c
        return None
