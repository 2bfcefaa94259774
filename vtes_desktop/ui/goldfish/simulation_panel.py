"""Simulated goldfish games: N seeded games played by the built-in policy, in a worker thread.

`engine.goldfish.simulate` runs in a `SimulationThread`; its progress callback
reports each game played (a queued signal to the window) and returns False
once Cancel was pressed, so the figures then cover the games played. The same
seed gives the same figures. The result: a histogram of the turn the prey is
ousted (the median and the 10th and 90th percentiles marked), the pool
spent, and the cards most often stuck in hand.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QThread, Signal
from PySide6.QtGui import QIntValidator, QPalette
from PySide6.QtWidgets import (QAbstractItemView, QFormLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
                               QProgressBar, QPushButton, QSpinBox, QTableWidget, QTableWidgetItem, QVBoxLayout,
                               QWidget)

from vtes_desktop.ui.goldfish.deck_cards import DeckCards
from vtes_desktop.ui.goldfish.plots import BarChart, Marker, muted_color

DEFAULT_GAMES = 1000
DEFAULT_SEED = 1


class SimulationThread(QThread):
    """Runs `simulate` off the window's thread. `progressed(done, total)`; `completed(figures, cancelled)`."""

    progressed = Signal(int, int)
    completed = Signal(object, bool)
    failed = Signal(str)

    def __init__(self, db, deck: DeckCards, games: int, seed: int, parent=None) -> None:
        super().__init__(parent)
        self.db = db
        self.crypt = deck.crypt_ids
        self.library = deck.library_ids
        self.games = games
        self.seed = seed
        self._cancel = threading.Event()
        self.figures: dict | None = None

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def _progress(self, done: int, total: int) -> bool:
        self.progressed.emit(done, total)
        return not self._cancel.is_set()

    def run(self) -> None:
        from vtes_desktop.engine.goldfish import simulate

        try:
            self.figures = simulate(self.db, self.crypt, self.library, self.games, self.seed, progress=self._progress)
        except Exception as e:   # a bug in a game must not take the window down
            self.failed.emit(f"{type(e).__name__}: {e}")
            return
        self.completed.emit(self.figures, self._cancel.is_set())


#: threads still running, kept alive here until they finish: a QThread destroyed while it runs aborts the
#: process, and the panel that started one may be closed (and deleted) before the games are done
_RUNNING: set[SimulationThread] = set()


def games_text(n: int) -> str:
    return f"Simulate {n:,} game{'s' if n != 1 else ''}"


class SimulationPanel(QWidget):
    #: the figures shown (tests wait for it)
    shown = Signal(object)

    def __init__(self, db, deck: DeckCards, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("simulationPanel")
        self.db = db
        self.deck = deck
        self.thread: SimulationThread | None = None
        self._busy = False
        self.figures: dict | None = None
        self.cancelled = False
        v = QVBoxLayout(self)

        intro = QLabel("The built-in policy plays your deck against two goldfish (30 pool each, they never block "
                       "and never act): it brings vampires out, bleeds with every minion, plays bleed modifiers "
                       "and hunts when it must. The same seed always gives the same figures.")
        intro.setWordWrap(True)
        pal = intro.palette()
        pal.setColor(QPalette.ColorRole.WindowText, muted_color(self))
        intro.setPalette(pal)
        v.addWidget(intro)

        row = QHBoxLayout()
        self.games = QSpinBox()
        self.games.setObjectName("simGames")
        self.games.setRange(1, 10000)
        self.games.setSingleStep(100)
        self.games.setGroupSeparatorShown(True)
        self.games.setValue(DEFAULT_GAMES)
        self.seed = QLineEdit(str(DEFAULT_SEED))
        self.seed.setObjectName("simSeed")
        self.seed.setValidator(QIntValidator(0, 2_000_000_000, self))
        self.seed.setMaximumWidth(120)
        self.seed.setToolTip("The same seed gives the same games and the same figures")
        self.run_button = QPushButton(games_text(DEFAULT_GAMES))
        self.run_button.setObjectName("simRun")
        self.run_button.setDefault(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("simCancel")
        self.cancel_button.setEnabled(False)
        for text, w in (("Games:", self.games), ("Seed:", self.seed)):
            lab = QLabel(text)
            lab.setBuddy(w)
            row.addWidget(lab)
            row.addWidget(w)
            row.addSpacing(8)
        row.addWidget(self.run_button)
        row.addWidget(self.cancel_button)
        self.progress = QProgressBar()
        self.progress.setObjectName("simProgress")
        self.progress.setTextVisible(True)
        self.progress.setFormat("")
        self.progress.setValue(0)
        row.addWidget(self.progress, 1)
        v.addLayout(row)

        body = QHBoxLayout()
        self.histogram = BarChart()
        self.histogram.setObjectName("ousthistogram")
        self.histogram.title = "The turn the prey is ousted"
        self.histogram.x_title = "your turn (you sit first: turn 1 is the first turn of the game)"
        self.histogram.y_title = "games"
        self.histogram.empty_text = "Run the simulation to see the turn your prey is ousted"
        self.histogram.setMinimumHeight(260)
        body.addWidget(self.histogram, 3)

        side = QVBoxLayout()
        self.form = QFormLayout()
        self.labels: dict[str, QLabel] = {}
        for key, title in (("games", "Games"), ("ousted", "Prey ousted"), ("mean", "Mean oust turn"),
                           ("median", "Median"), ("spread", "10th – 90th percentile"),
                           ("spent", "Pool spent a game")):
            lab = QLabel("—")
            lab.setObjectName(f"sim_{key}")
            self.labels[key] = lab
            self.form.addRow(title + ":", lab)
        side.addLayout(self.form)
        stuck_title = QLabel("<b>Cards most often stuck in hand</b><br>(held 3 turns or more at the end of a game)")
        side.addWidget(stuck_title)
        self.stuck = QTableWidget(0, 2)
        self.stuck.setObjectName("simStuck")
        self.stuck.setHorizontalHeaderLabels(["Card", "Games"])
        self.stuck.verticalHeader().setVisible(False)
        self.stuck.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.stuck.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.stuck.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        side.addWidget(self.stuck, 1)
        body.addLayout(side, 2)
        v.addLayout(body, 1)

        from PySide6.QtCore import QCoreApplication

        app = QCoreApplication.instance()
        if app is not None:   # a worker must not outlive the application
            app.aboutToQuit.connect(self.stop)
        self.games.valueChanged.connect(lambda n: self.run_button.setText(games_text(n)))
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)

    # -- running ----------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """A simulation is under way (its figures have not come back yet)."""
        return self._busy

    def seed_value(self) -> int:
        t = self.seed.text().strip()
        return int(t) if t.isdigit() else DEFAULT_SEED

    def start(self) -> None:
        if self.running:
            return
        problem = self.deck.goldfish_problem()
        if problem:
            self.progress.setFormat(f"Cannot simulate: {problem}")
            return
        if self.thread is not None:   # the last run's thread: its figures are in, it is returning
            self.thread.wait()
            self.thread.deleteLater()
        games = self.games.value()
        self._busy = True
        self.thread = SimulationThread(self.db, self.deck, games, self.seed_value())
        _RUNNING.add(self.thread)
        self.thread.finished.connect(lambda t=self.thread: _RUNNING.discard(t))
        self.thread.progressed.connect(self._progressed)
        self.thread.completed.connect(self._completed)
        self.thread.failed.connect(self._failed)
        self.progress.setRange(0, games)
        self.progress.setValue(0)
        self.progress.setFormat(f"0 / {games:,} games")
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.games.setEnabled(False)
        self.seed.setEnabled(False)
        self.thread.start()

    def cancel(self) -> None:
        if self.thread is not None:
            self.thread.cancel()
            self.cancel_button.setEnabled(False)
            self.progress.setFormat(self.progress.format() + " — cancelling…")

    def stop(self, timeout_ms: int = 10000) -> None:
        """Cancel and wait for the worker (the dialog closes)."""
        if self.thread is not None:
            self.thread.cancel()
            self.thread.wait(timeout_ms)

    def closeEvent(self, event) -> None:   # noqa: N802 (Qt's name)
        self.stop()
        super().closeEvent(event)

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        if not (self.thread is not None and self.thread.cancelled):
            self.progress.setFormat(f"{done:,} / {total:,} games")

    def _idle(self) -> None:
        self._busy = False
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.games.setEnabled(True)
        self.seed.setEnabled(True)

    def _failed(self, message: str) -> None:
        self._idle()
        self.progress.setFormat(f"The simulation stopped: {message}")

    def _completed(self, figures: dict, cancelled: bool) -> None:
        self._idle()
        self.cancelled = cancelled
        n = figures["games"]
        self.progress.setValue(n)
        self.progress.setFormat(f"Cancelled after {n:,} games" if cancelled else f"{n:,} games played")
        self.show_figures(figures)

    # -- the figures ------------------------------------------------------------------------
    def show_figures(self, figures: dict) -> None:
        self.figures = figures
        from vtes_desktop.engine.goldfish import MAX_TURNS

        n = figures["games"]
        ot = figures["oust_turn"]
        hist = {int(k): v for k, v in figures["histogram"].items()}
        self.labels["games"].setText(f"{n:,} (seed {figures['seed']})")
        share = figures["ousted"] / n if n else 0
        self.labels["ousted"].setText(f"{figures['ousted']:,} games ({share:.0%}), within {MAX_TURNS} turns")
        self.labels["mean"].setText("—" if ot["mean"] is None else f"turn {ot['mean']:g}")
        self.labels["median"].setText("—" if ot["median"] is None else f"turn {ot['median']:g}")
        self.labels["spread"].setText("—" if ot["p10"] is None else f"turn {ot['p10']:g} – {ot['p90']:g}")
        self.labels["spent"].setText(f"{figures['pool_spent_mean']:g} pool")
        if hist:
            lo, hi = min(hist), max(hist)
            turns = list(range(lo, hi + 1))
            markers = [Marker(float(ot["median"]), f"median: {ot['median']:g}"),
                       Marker(float(ot["p10"]), f"p10: {ot['p10']:g}"),
                       Marker(float(ot["p90"]), f"p90: {ot['p90']:g}")]
            self.histogram.set_bars([(str(t), hist.get(t, 0)) for t in turns], positions=[float(t) for t in turns],
                                    markers=markers)
        else:
            self.histogram.empty_text = "The prey was never ousted in these games"
            self.histogram.set_bars([])
        stuck = figures.get("stuck_cards") or []
        self.stuck.setRowCount(len(stuck))
        for r, (name, frac) in enumerate(stuck):
            self.stuck.setItem(r, 0, QTableWidgetItem(name))
            it = QTableWidgetItem(f"{frac:.0%}")
            it.setToolTip(f"stuck in hand at the end of {frac:.1%} of the games")
            self.stuck.setItem(r, 1, it)
        self.shown.emit(figures)
