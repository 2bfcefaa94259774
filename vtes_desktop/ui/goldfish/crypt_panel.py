"""The crypt: the chance that the opening crypt cards include a vampire with each discipline, and the
capacity spread (a bar chart). Exact figures from `decks.stats`."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPalette
from PySide6.QtWidgets import (QAbstractItemView, QAbstractScrollArea, QHBoxLayout, QHeaderView, QLabel, QSizePolicy,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from vtes_desktop.cards.model import DISCIPLINE_NAMES
from vtes_desktop.decks import stats
from vtes_desktop.ui.goldfish.deck_cards import DeckCards
from vtes_desktop.ui.goldfish.odds_panel import VALUE_ROLE, percent
from vtes_desktop.ui.goldfish.plots import BarChart, mix, muted_color


def discipline_label(trigram: str) -> str:
    name = DISCIPLINE_NAMES.get(trigram.lower())
    return f"{name} ({trigram.lower()})" if name else trigram


class CryptPanel(QWidget):
    def __init__(self, db, deck: DeckCards, theme=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cryptPanel")
        self.db = db
        self.deck = deck
        self.theme = theme
        # the most likely first; ties by name (the engine's order of ties is a set's)
        self.odds = dict(sorted(stats.crypt_discipline_odds(deck.crypt, db).items(), key=lambda kv: (-kv[1], kv[0])))
        self.spread = stats.capacity_spread(deck.crypt, db)
        # how many crypt cards have each discipline (any level)
        self.holders: dict[str, int] = {}
        for cid, n in deck.crypt.items():
            for d in {x.lower() for x in db[cid].disciplines}:
                self.holders[d] = self.holders.get(d, 0) + n
        size = deck.crypt_count

        v = QVBoxLayout(self)
        head = QLabel(f"Your opening crypt: {min(stats.CRYPT_DRAW, size)} of {size} crypt cards. The chance "
                      "that at least one of them has the discipline (at either level):")
        head.setWordWrap(True)
        v.addWidget(head)
        row = QHBoxLayout()
        self.table = QTableWidget(len(self.odds), 3)
        self.table.setObjectName("cryptTable")
        self.table.setHorizontalHeaderLabels(["Discipline", "Crypt cards with it", "In the opening 4"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        base = self.palette().color(QPalette.ColorRole.Base)
        for r, (d, p) in enumerate(self.odds.items()):
            name = QTableWidgetItem(discipline_label(d))
            if theme is not None:
                name.setForeground(QBrush(theme.discipline_color(d).lighter(125) if _dark(self)
                                          else theme.discipline_color(d).darker(130)))
            self.table.setItem(r, 0, name)
            n = QTableWidgetItem(f"{self.holders.get(d, 0)} of {size}")
            n.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(r, 1, n)
            it = QTableWidgetItem(percent(p))
            it.setData(VALUE_ROLE, p)
            it.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            it.setBackground(QBrush(mix(base, QColor("#3f8f5a"), 0.55 * p)))
            self.table.setItem(r, 2, it)
        h = self.table.horizontalHeader()
        h.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        h.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        left = QVBoxLayout()
        left.addWidget(self.table)
        _fit_height(self.table)
        left.addWidget(QLabel("The crypt:"))
        self.crypt_list = self._crypt_list()
        left.addWidget(self.crypt_list, 1)
        row.addLayout(left, 1)

        right = QVBoxLayout()
        self.chart = BarChart()
        self.chart.setObjectName("capacityChart")
        self.chart.title = "Capacity spread"
        self.chart.x_title = "capacity"
        self.chart.y_title = "crypt cards"
        caps = list(range(min(self.spread), max(self.spread) + 1)) if self.spread else []
        self.chart.set_bars([(str(c), self.spread.get(c, 0)) for c in caps], positions=[float(c) for c in caps])
        right.addWidget(self.chart, 1)
        caps = [c for c, n in self.spread.items() for _ in range(n)]
        self.summary = QLabel()
        self.summary.setObjectName("capacitySummary")
        if caps:
            mean = sum(caps) / len(caps)
            self.summary.setText(f"Capacity {min(caps)} to {max(caps)}, {mean:.1f} on average; "
                                 f"the four largest add up to {sum(sorted(caps)[-4:])}.")
        pal = self.summary.palette()
        pal.setColor(QPalette.ColorRole.WindowText, muted_color(self))
        self.summary.setPalette(pal)
        self.summary.setWordWrap(True)
        right.addWidget(self.summary)
        row.addLayout(right, 1)
        v.addLayout(row, 1)

    def _crypt_list(self) -> QTableWidget:
        cards = sorted(((self.db[cid], n) for cid, n in self.deck.crypt.items()),
                       key=lambda cn: (-(cn[0].capacity or 0), cn[0].display))
        t = QTableWidget(len(cards), 4)
        t.setObjectName("cryptList")
        t.setHorizontalHeaderLabels(["", "Vampire", "Capacity", "Disciplines"])
        t.verticalHeader().setVisible(False)
        t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        for r, (c, n) in enumerate(cards):
            for j, text in enumerate((f"{n}\u00d7", c.display, str(c.capacity or ""), " ".join(c.disciplines))):
                it = QTableWidgetItem(text)
                if j in (0, 2):
                    it.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                t.setItem(r, j, it)
        h = t.horizontalHeader()
        for j in (0, 2, 3):
            h.setSectionResizeMode(j, QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        return t

    def figure(self, discipline: str) -> float | None:
        return self.odds.get(discipline.lower())


def _fit_height(t: QTableWidget) -> None:
    """No taller than its rows: the space below goes to what follows."""
    t.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)
    t.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    t.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)


def _dark(w: QWidget) -> bool:
    return w.palette().color(QPalette.ColorRole.Window).lightness() < 128
