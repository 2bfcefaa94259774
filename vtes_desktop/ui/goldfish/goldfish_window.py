"""The goldfish table: the table window with the player's seat, two goldfish, and the goldfish panel.

Everything of the table works as in any game (the rules engine, manual moves,
the log, undo); the goldfish seats' turns pass by themselves
(`GoldfishSession`). The panel (a dock on the left) counts turns, pool bled
and spent, vampires in play and the oust turn, and restarts the game with the
same seed or a new one. The Goldfish menu has the same, and the deck's
statistics (draw odds, crypt, simulated games).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal

from vtes_desktop.ui.goldfish.deck_cards import DeckCards
from vtes_desktop.ui.goldfish.goldfish_panel import GoldfishPanel
from vtes_desktop.ui.goldfish.session import DEFAULT_PLAYER, GoldfishSession, new_seed
from vtes_desktop.ui.table.table_window import TableWindow


#: the player's share of the table's height (the two goldfish seats keep only their counters and piles)
GOLDFISH_SHARE = 0.7


class GoldfishWindow(TableWindow):
    #: a new goldfish game is on the table (its seed)
    restarted = Signal(int)

    def __init__(self, db, theme, deck: DeckCards, settings=None, *, seed: int | None = None,
                 persist: bool = True) -> None:
        super().__init__(db, theme, settings, persist=persist)
        self.setObjectName("goldfishWindow")
        self.deck = deck
        self.stats_dialog = None
        self.scene.local_share = GOLDFISH_SHARE     # the goldfish have nothing on the table: the player has room
        self.panel = GoldfishPanel(self.scene.palette)
        self.goldfish_dock = self._dock("Goldfish", self.panel, "goldfishDock")
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.goldfish_dock)
        self.resizeDocks([self.goldfish_dock], [330], Qt.Orientation.Horizontal)
        self.panel.restart_requested.connect(self.restart)
        self.panel.new_shuffle_requested.connect(self.new_shuffle)
        self.panel.undo_requested.connect(self.undo)
        self.panel.stats_requested.connect(self.show_stats)
        self._build_goldfish_menu()
        self.restart(seed)

    def _build_goldfish_menu(self) -> None:
        m = self.menuBar().addMenu("G&oldfish")
        self._act(m, "Restart with the &same shuffle", lambda: self.restart(self.session.seed if self.session
                                                                              else None), "Ctrl+R",
                  name="actRestartSame")
        self._act(m, "Restart with a &new shuffle", self.new_shuffle, "Ctrl+Shift+R", name="actRestartNew")
        m.addSeparator()
        self._act(m, "&Draw odds…", lambda: self.show_stats("odds"))
        self._act(m, "&Crypt odds…", lambda: self.show_stats("crypt"))
        self._act(m, "Si&mulate 1,000 games…", lambda: self.show_stats("simulate"))
        view_menu = next((a.menu() for a in self.menuBar().actions() if a.text() == "&View"), None)
        if view_menu is not None:
            view_menu.addAction(self.goldfish_dock.toggleViewAction())

    # -- games ------------------------------------------------------------------------------------
    def restart(self, seed: int | None = None) -> None:
        """A new goldfish game with *seed* (a new one when None)."""
        seed = new_seed() if seed is None else seed
        session = GoldfishSession.start(self.db, self.deck, seed, player=self.player_name(),
                                        auto_pass=self.settings.auto_pass)
        self.set_session(session)
        self.restarted.emit(seed)

    def player_name(self) -> str:
        """The name the player used last at the table, else "Player"."""
        names = [n for n in self.settings.players if n.strip()]
        return names[0].strip() if names else DEFAULT_PLAYER

    def new_shuffle(self) -> None:
        self.restart(None)

    def set_session(self, session) -> None:
        old = self.session
        if isinstance(old, GoldfishSession):
            try:
                old.updated.disconnect(self._goldfish_updated)
            except (RuntimeError, TypeError):
                pass
        super().set_session(session)
        goldfish = isinstance(session, GoldfishSession)
        self.goldfish_dock.setVisible(goldfish)
        if goldfish:
            session.updated.connect(self._goldfish_updated)
            self.panel.set_deck(self.deck.name, session.seed)
            self._goldfish_updated()
            self.setWindowTitle(f"VTES Desktop \u2014 goldfish: {self.deck.name} (seed {session.seed})")
            self.statusBar().showMessage(f"Goldfish: {self.deck.name}, seed {session.seed}. Your turns follow one "
                                         "another; the goldfish never block and never act.", 8000)

    def _goldfish_updated(self, *_args) -> None:
        s = self.session
        if isinstance(s, GoldfishSession):
            before = self.panel.summary.prey_ousted_on if self.panel.summary is not None else None
            summary = s.summary()
            self.panel.show_summary(summary, over=s.is_over)
            if before is None and summary.prey_ousted_on is not None:
                self.view.toast.show_at(f"Your prey is ousted on turn {summary.prey_ousted_on}.")

    def _seat_changed(self, seat: int) -> None:
        # no privacy screen in a goldfish game: the goldfish have no secrets
        self._last_seat = seat
        self.preview.clear()

    # -- statistics ---------------------------------------------------------------------------------
    def show_stats(self, tab: str = "odds"):
        from vtes_desktop.ui.goldfish.stats_dialog import DeckStatsDialog

        if self.stats_dialog is None:
            self.stats_dialog = DeckStatsDialog(self.db, self.deck, self.theme, self, tab=tab)
        else:
            self.stats_dialog.show_tab(tab)
        self.stats_dialog.show()
        self.stats_dialog.raise_()
        return self.stats_dialog

    def set_theme(self, key: str) -> None:
        super().set_theme(key)
        self.panel.set_palette(self.scene.palette)

    def closeEvent(self, event) -> None:
        if self.stats_dialog is not None:
            self.stats_dialog.simulation.stop()
        super().closeEvent(event)
