"""Deck statistics: draw odds, the crypt, simulated goldfish games, in three tabs of one window."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTabWidget, QVBoxLayout, QWidget

from vtes_desktop.ui.goldfish.crypt_panel import CryptPanel
from vtes_desktop.ui.goldfish.deck_cards import DeckCards
from vtes_desktop.ui.goldfish.odds_panel import OddsPanel
from vtes_desktop.ui.goldfish.simulation_panel import SimulationPanel

TABS = ("odds", "crypt", "simulate")


class DeckStatsDialog(QDialog):
    def __init__(self, db, deck: DeckCards, theme=None, parent: QWidget | None = None, *, tab: str = "odds") -> None:
        super().__init__(parent)
        self.setObjectName("deckStatsDialog")
        self.setWindowTitle(f"Deck statistics \u2014 {deck.name}")
        self.deck = deck
        v = QVBoxLayout(self)
        head = QLabel(f"<b>{_esc(deck.name)}</b> \u2014 {deck.crypt_count} crypt, {deck.library_count} library")
        v.addWidget(head)
        self.tabs = QTabWidget()
        self.odds = OddsPanel(db, deck)
        self.crypt = CryptPanel(db, deck, theme)
        self.simulation = SimulationPanel(db, deck)
        self.tabs.addTab(self.odds, "Draw odds")
        self.tabs.addTab(self.crypt, "Crypt")
        self.tabs.addTab(self.simulation, "Simulated goldfish")
        v.addWidget(self.tabs, 1)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        bb.rejected.connect(self.reject)
        v.addWidget(bb)
        self.show_tab(tab)
        self.resize(1040, 720)

    def show_tab(self, tab: str) -> None:
        self.tabs.setCurrentIndex(TABS.index(tab) if tab in TABS else 0)

    def done(self, r: int) -> None:
        self.simulation.stop()
        super().done(r)

    def closeEvent(self, event) -> None:
        self.simulation.stop()
        super().closeEvent(event)


def _esc(s: str) -> str:
    import html

    return html.escape(s)
