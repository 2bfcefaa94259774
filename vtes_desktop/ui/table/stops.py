"""Stops: the windows where a player wants the table to wait for them, even with nothing to play.

In hot-seat play a seat whose own legal answer offers nothing but a pass
passes by itself (`LocalSession.is_auto_passable`). A stop keeps that seat
from passing in the windows its player chose ("stop me before range, at
damage, at polling"), as a player at a real table says "wait". Stops never
look at another seat's hand: they only hold back the automatic pass.

`Stops` is the model (player name -> windows), read and written through
`AssistSettings.stops`; `StopsDialog` edits it; `stop_at(seat, window)` is
the hook the session calls.
"""

from __future__ import annotations

from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QGridLayout, QLabel, QVBoxLayout, QWidget)

#: the windows a stop can be set on, in the order of play, with their labels
STOP_WINDOWS: tuple[tuple[str, str], ...] = (
    ("action_announced", "An action is announced"),
    ("blocks", "Blocks"),
    ("block_attempt", "A block attempt"),
    ("blocks_declined", "Blocks declined"),
    ("action_resolution", "After an action"),
    ("before_range", "Before range"),
    ("range", "Range (maneuvers)"),
    ("before_strikes", "Before strikes"),
    ("strike", "Strikes"),
    ("damage", "Damage"),
    ("additional_strikes", "Additional strikes"),
    ("press", "Presses"),
    ("end_of_round", "End of round"),
    ("referendum_terms", "Referendum terms"),
    ("polling", "Polling (votes)"),
)
WINDOW_LABELS = dict(STOP_WINDOWS)


class Stops:
    def __init__(self, stops: dict[str, list[str]] | None = None) -> None:
        self.by_player: dict[str, set[str]] = {k: set(v) for k, v in (stops or {}).items()}

    def has(self, player: str, window: str) -> bool:
        return window in self.by_player.get(player, set())

    def set(self, player: str, window: str, on: bool) -> None:
        s = self.by_player.setdefault(player, set())
        if on:
            s.add(window)
        else:
            s.discard(window)

    def to_dict(self) -> dict[str, list[str]]:
        order = [w for w, _ in STOP_WINDOWS]
        return {p: sorted(ws, key=lambda w: order.index(w) if w in order else 99)
                for p, ws in self.by_player.items() if ws}

    def hook(self, names):
        """`stop_at(seat, window)` for a session whose seats have these *names*."""
        def stop_at(seat: int, window: str) -> bool:
            return 0 <= seat < len(names) and self.has(names[seat], window)
        return stop_at


class StopsDialog(QDialog):
    """A grid: one column per player, one row per window; a tick is a stop."""

    def __init__(self, stops: Stops, players: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stopsDialog")
        self.setWindowTitle("Stops")
        self.stops = stops
        v = QVBoxLayout(self)
        intro = QLabel("Tick the moments where the table should wait for a player even when they have nothing "
                       "to play. Without a stop, a player with nothing to play passes by themselves.")
        intro.setWordWrap(True)
        v.addWidget(intro)
        grid = QGridLayout()
        self.boxes: dict[tuple[str, str], QCheckBox] = {}
        for j, p in enumerate(players):
            h = QLabel(f"<b>{p}</b>")
            grid.addWidget(h, 0, j + 1)
        for i, (w, label) in enumerate(STOP_WINDOWS):
            grid.addWidget(QLabel(label), i + 1, 0)
            for j, p in enumerate(players):
                b = QCheckBox()
                b.setObjectName(f"stop_{p}_{w}")
                b.setToolTip(f"{p}: stop at {label.lower()}")
                b.setChecked(stops.has(p, w))
                self.boxes[(p, w)] = b
                grid.addWidget(b, i + 1, j + 1)
        v.addLayout(grid)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        bb.accepted.connect(self.accept)
        bb.rejected.connect(self.reject)
        v.addWidget(bb)

    def accept(self) -> None:
        for (p, w), b in self.boxes.items():
            self.stops.set(p, w, b.isChecked())
        super().accept()
