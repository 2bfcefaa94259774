"""The goldfish panel: your turn, pool bled and spent, vampires in play, the turn the prey was ousted,
one row a turn; restart with the same or a new shuffle, undo, the deck's statistics.

A summary (`tracker.Summary`) comes in; requests go out as signals.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QIntValidator
from PySide6.QtWidgets import (QAbstractItemView, QFrame, QGridLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
                               QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from vtes_desktop.ui.goldfish.tracker import Summary

COLUMNS = ("Turn", "Bled", "Spent", "Vampires", "Prey pool")


class _Figure(QWidget):
    """A big number over a small caption."""

    def __init__(self, caption: str, name: str) -> None:
        super().__init__()
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        v.setSpacing(0)
        self.value = QLabel("0")
        self.value.setObjectName(name)
        f = QFont(self.font())
        f.setPointSizeF(f.pointSizeF() + 8)
        f.setBold(True)
        self.value.setFont(f)
        self.value.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.caption = QLabel(caption)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.caption.setWordWrap(True)
        v.addWidget(self.value)
        v.addWidget(self.caption)

    def set(self, text: str, tip: str = "") -> None:
        self.value.setText(text)
        self.setToolTip(tip)


class GoldfishPanel(QWidget):
    restart_requested = Signal(int)      # a seed
    new_shuffle_requested = Signal()
    undo_requested = Signal()
    stats_requested = Signal(str)        # a tab of the statistics window: "odds", "crypt", "simulate"

    def __init__(self, palette=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("goldfishPanel")
        self._pal = palette
        self.summary: Summary | None = None
        v = QVBoxLayout(self)
        v.setContentsMargins(8, 6, 8, 8)
        v.setSpacing(8)

        self.deck_label = QLabel()
        self.deck_label.setObjectName("goldfishDeck")
        self.deck_label.setWordWrap(True)
        bold = QFont(self.font())
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() + 1)
        self.deck_label.setFont(bold)
        v.addWidget(self.deck_label)

        self.turn_label = QLabel()
        self.turn_label.setObjectName("goldfishTurn")
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() + 4)
        big.setBold(True)
        self.turn_label.setFont(big)
        self.turn_label.setTextFormat(Qt.TextFormat.RichText)
        v.addWidget(self.turn_label)
        self.oust_label = QLabel()
        self.oust_label.setObjectName("goldfishOust")
        self.oust_label.setWordWrap(True)
        v.addWidget(self.oust_label)

        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        self.bled = _Figure("pool bled", "goldfishBled")
        self.spent = _Figure("pool spent", "goldfishSpent")
        self.vampires = _Figure("vampires in play", "goldfishVampires")
        self.prey_pool = _Figure("prey's pool", "goldfishPreyPool")
        for i, w in enumerate((self.bled, self.spent, self.vampires, self.prey_pool)):
            grid.addWidget(w, 0, i)
        v.addLayout(grid)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("goldfishTurns")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setAlternatingRowColors(True)
        h = self.table.horizontalHeader()
        for j in range(len(COLUMNS)):
            h.setSectionResizeMode(j, QHeaderView.ResizeMode.Stretch)
        self.table.setToolTip("One row a turn of yours: the pool the goldfish lost (bled), the pool you lost "
                              "(spent), your vampires in play and your prey's pool at the end of the turn")
        v.addWidget(self.table, 1)

        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        v.addWidget(line)

        seed_row = QHBoxLayout()
        seed_lab = QLabel("Seed:")
        self.seed = QLineEdit()
        self.seed.setObjectName("goldfishSeed")
        self.seed.setValidator(QIntValidator(0, 2_000_000_000, self))
        self.seed.setToolTip("The shuffle: the same seed deals the same cards. Type one and restart to replay it.")
        seed_lab.setBuddy(self.seed)
        seed_row.addWidget(seed_lab)
        seed_row.addWidget(self.seed, 1)
        v.addLayout(seed_row)
        buttons = QGridLayout()
        self.same_button = QPushButton("Restart: same shuffle")
        self.same_button.setObjectName("goldfishRestartSame")
        self.same_button.setToolTip("Start again with this seed: the same crypt and hand (Ctrl+R)")
        self.new_button = QPushButton("Restart: new shuffle")
        self.new_button.setObjectName("goldfishRestartNew")
        self.new_button.setToolTip("Start again with a new seed (Ctrl+Shift+R)")
        self.undo_button = QPushButton("Undo")
        self.undo_button.setObjectName("goldfishUndo")
        self.undo_button.setToolTip("Take back your last step (goldfish undo is free: draws too)")
        self.stats_button = QPushButton("Odds and simulation…")
        self.stats_button.setObjectName("goldfishStats")
        self.stats_button.setToolTip("The deck's draw odds, crypt odds, and 1,000 simulated goldfish games")
        buttons.addWidget(self.same_button, 0, 0)
        buttons.addWidget(self.new_button, 0, 1)
        buttons.addWidget(self.undo_button, 1, 0)
        buttons.addWidget(self.stats_button, 1, 1)
        v.addLayout(buttons)

        self.same_button.clicked.connect(self._restart_same)
        self.new_button.clicked.connect(self.new_shuffle_requested)
        self.undo_button.clicked.connect(self.undo_requested)
        self.stats_button.clicked.connect(lambda: self.stats_requested.emit("odds"))
        self.seed.returnPressed.connect(self._restart_same)
        self.set_deck("", None)
        self.show_summary(None)

    # -- in -----------------------------------------------------------------------------------
    def set_deck(self, name: str, seed: int | None) -> None:
        self.deck_label.setText(f"Goldfish \u2014 {name}" if name else "Goldfish")
        self.seed.setText("" if seed is None else str(seed))

    def seed_value(self) -> int | None:
        t = self.seed.text().strip()
        return int(t) if t.isdigit() else None

    def show_summary(self, summary: Summary | None, *, over: bool = False) -> None:
        self.summary = summary
        if summary is None or not summary.turns:
            self.turn_label.setText("Your turn 1")
            self.oust_label.setText("")
            for f in (self.bled, self.spent, self.vampires):
                f.set("0")
            self.prey_pool.set("30")
            self.table.setRowCount(0)
            return
        now = summary.turns[-1]
        muted = self.palette().color(self.palette().ColorRole.PlaceholderText).name()
        self.turn_label.setText(f"Your turn {summary.turn}" + ("  \u2014 the game is over" if over else "")
                                + f'<span style="font-size: small; font-weight: normal; color: {muted}">'
                                  f"&nbsp;&nbsp;(turn {summary.game_turn} on the table)</span>")
        self.turn_label.setToolTip(f"Turn {summary.game_turn} of the game on the table: the goldfish's turns "
                                   "count there too")
        n = len(summary.turns)
        self.bled.set(str(summary.bled), f"{summary.bled} pool bled in {n} turn{'s' if n != 1 else ''} "
                                         f"({summary.bled / n:.1f} a turn)")
        self.spent.set(str(summary.spent), f"{summary.spent} pool spent in {n} turn{'s' if n != 1 else ''}")
        self.vampires.set(str(now.vampires), f"{now.torpor} in torpor" if now.torpor else "none in torpor")
        self.prey_pool.set(str(now.prey_pool))
        ousted = summary.prey_ousted_on
        if ousted is None:
            self.oust_label.setText(f"Prey not ousted yet: {summary.bled / n:.1f} pool bled a turn so far.")
            self.oust_label.setStyleSheet("")
        else:
            more = ""
            if len(summary.ousted_on) > 2 and summary.ousted_on[2] is not None:
                more = f"; the predator on turn {summary.ousted_on[2]}"
            self.oust_label.setText(f"Prey ousted on turn {ousted}{more}.")
            color = self._pal("prey").name() if self._pal is not None else "#3f8f5a"
            self.oust_label.setStyleSheet(f"color: {color}; font-weight: 700;")
        self.table.setRowCount(n)
        for r, t in enumerate(summary.turns):
            vals = (t.turn, t.bled, t.spent, f"{t.vampires}" + (f" ({t.torpor} torpor)" if t.torpor else ""),
                    t.prey_pool)
            for j, val in enumerate(vals):
                it = QTableWidgetItem(str(val))
                it.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if ousted is not None and t.turn == ousted:
                    f = it.font()
                    f.setBold(True)
                    it.setFont(f)
                self.table.setItem(r, j, it)
        self.table.scrollToBottom()

    def set_palette(self, palette) -> None:
        self._pal = palette
        self.show_summary(self.summary)

    # -- out ------------------------------------------------------------------------------------
    def _restart_same(self) -> None:
        seed = self.seed_value()
        if seed is None:
            self.new_shuffle_requested.emit()
        else:
            self.restart_requested.emit(seed)

