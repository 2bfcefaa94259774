"""The final screen: victory points and the game win, when at most one Methuselah is left."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout

from vtes_desktop.ui.table.game_over import GAME_WIN_MIN_VP, ending, standings


class FinalScreen(QDialog):
    def __init__(self, view, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("finalScreen")
        self.setWindowTitle("The game is over")
        self.rows = standings(view)
        v = QVBoxLayout(self)
        winner = next((r for r in self.rows if r.game_win), None)
        head = QLabel(f"{winner.name} wins the game" if winner else "The game is over: no game win")
        head.setStyleSheet("font-size: 20px; font-weight: 700;")
        v.addWidget(head)
        how = QLabel(ending(view))
        how.setObjectName("ending")
        how.setWordWrap(True)
        v.addWidget(how)
        table = QTableWidget(len(self.rows), 3)
        table.setObjectName("standings")
        table.setHorizontalHeaderLabels(["Methuselah", "Victory points", "Game win"])
        table.verticalHeader().setVisible(False)
        table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)   # figures to read, nothing to pick
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for i, r in enumerate(self.rows):
            name = r.name + (f"  ({r.status})" if r.status else "")
            for j, text in enumerate((name, r.vp_text or f"{r.vp:g}", "1" if r.game_win else "0")):
                it = QTableWidgetItem(text)
                it.setFlags(Qt.ItemFlag.ItemIsEnabled)
                table.setItem(i, j, it)
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        v.addWidget(table)
        note = QLabel(f"Game win as in tournaments: the most victory points, at least {GAME_WIN_MIN_VP}, no tie.")
        note.setWordWrap(True)
        note.setStyleSheet("color: palette(placeholder-text);")
        v.addWidget(note)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        bb.rejected.connect(self.reject)
        bb.accepted.connect(self.accept)
        v.addWidget(bb)
        self.resize(440, 300)
