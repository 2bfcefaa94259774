"""Draw odds: the chance to hold at least N copies of a card (or of a card type) by turn K.

Computed exactly by `decks.stats.library_odds` (hypergeometric). By turn K a
player has seen 7 + d·(K − 1) library cards: the opening hand and d cards a
turn beyond the replacements of the cards played (d is a setting, shown
beside the figures). The table lists every card (or type); the plot shows the
selected rows by turn.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import (QAbstractItemView, QButtonGroup, QHBoxLayout, QHeaderView, QLabel, QRadioButton,
                               QSpinBox, QSplitter, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from vtes_desktop.decks import stats
from vtes_desktop.ui.goldfish.deck_cards import DeckCards
from vtes_desktop.ui.goldfish.plots import LinePlot, Series, mix, muted_color, series_color

VALUE_ROLE = Qt.ItemDataRole.UserRole + 1
#: rows plotted when the panel opens
DEFAULT_PLOTTED = 4
MAX_PLOTTED = 10


def percent(p: float) -> str:
    """65.4%, 100%, <0.1% (never a rounded 0% for a chance that exists, never 100% for one short of it)."""
    if p >= 1.0:
        return "100%"
    if p <= 0.0:
        return "0%"
    if p < 0.001:
        return "<0.1%"
    if p > 0.999:
        return ">99.9%"
    return f"{p * 100:.1f}%"


def turn_label(t: int) -> str:
    return "Opening hand" if t == 1 else f"Turn {t}"


def short_turn_label(t: int) -> str:
    return "Opening" if t == 1 else f"T{t}"


class OddsPanel(QWidget):
    def __init__(self, db, deck: DeckCards, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("oddsPanel")
        self.db = db
        self.deck = deck
        self.odds: list[stats.Odds] = []
        v = QVBoxLayout(self)

        controls = QHBoxLayout()
        self.by_card = QRadioButton("By card")
        self.by_type = QRadioButton("By card type")
        self.by_card.setChecked(True)
        grp = QButtonGroup(self)
        grp.addButton(self.by_card)
        grp.addButton(self.by_type)
        self.need = QSpinBox()
        self.need.setObjectName("oddsNeed")
        self.need.setRange(1, 10)
        self.need.setValue(1)
        self.need.setSuffix(" or more")
        self.turns = QSpinBox()
        self.turns.setObjectName("oddsTurns")
        self.turns.setRange(1, 15)
        self.turns.setValue(5)
        self.extra = QSpinBox()
        self.extra.setObjectName("oddsExtra")
        self.extra.setRange(0, 6)
        self.extra.setValue(1)
        self.extra.setToolTip("Cards drawn a turn beyond the replacements of the cards you play: a Blood Doll "
                              "or a card that draws adds to it, a turn spent holding cards takes from it")
        controls.addWidget(self.by_card)
        controls.addWidget(self.by_type)
        controls.addSpacing(16)
        for text, w in (("Copies held:", self.need), ("Up to turn:", self.turns),
                        ("Extra cards a turn (d):", self.extra)):
            lab = QLabel(text)
            lab.setBuddy(w)
            controls.addWidget(lab)
            controls.addWidget(w)
            controls.addSpacing(10)
        controls.addStretch(1)
        v.addLayout(controls)

        self.explain = QLabel()
        self.explain.setObjectName("oddsExplain")
        self.explain.setWordWrap(True)
        pal = self.explain.palette()
        pal.setColor(QPalette.ColorRole.WindowText, muted_color(self))
        self.explain.setPalette(pal)
        v.addWidget(self.explain)

        self.table = QTableWidget()
        self.table.setObjectName("oddsTable")
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setAlternatingRowColors(False)
        self.table.setWordWrap(False)
        self.table.setToolTip("Select rows to plot them below (Ctrl+click or Shift+click for several)")
        pal = self.table.palette()
        pal.setColor(QPalette.ColorRole.Highlight, mix(pal.color(QPalette.ColorRole.Base),
                                                          pal.color(QPalette.ColorRole.Text), 0.22))
        pal.setColor(QPalette.ColorRole.HighlightedText, pal.color(QPalette.ColorRole.Text))
        self.table.setPalette(pal)
        self.table.itemSelectionChanged.connect(self._replot)
        self.plot = LinePlot()
        self.plot.setObjectName("oddsPlot")
        self.plot.x_title = "by turn (the opening hand is turn 1)"
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.plot)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        v.addWidget(split, 1)

        for w in (self.need, self.turns, self.extra):
            w.valueChanged.connect(self.recompute)
        self.by_card.toggled.connect(self.recompute)
        self.recompute()

    # -- the figures --------------------------------------------------------------------
    @property
    def by(self) -> str:
        return "card" if self.by_card.isChecked() else "type"

    def recompute(self) -> None:
        keep = {self.table.item(r, 0).text() for r in self._selected_rows()} if self.odds else set()
        same_grouping = bool(self.odds) and getattr(self, "_last_by", None) == self.by
        self._last_by = self.by
        k, d, n = self.turns.value(), self.extra.value(), self.need.value()
        self.odds = stats.library_odds(self.deck.library, self.db, turns=k, extra_per_turn=d, need=n, by=self.by)
        size = self.deck.library_count
        seen = stats.seen_by_turn(k, d)
        copies = "a copy" if n == 1 else f"{n} copies"
        self.explain.setText(
            f"Select rows to plot them. The chance to hold at least {copies} of each "
            f"{'card' if self.by == 'card' else 'card type'} "
            f"in a {size}-card library. By turn {k} you have seen {stats.HAND} + {d}·({k} − 1) = "
            f"{min(seen, size)} cards: the opening hand of {stats.HAND}, then d = {d} "
            f"card{'s' if d != 1 else ''} a turn beyond the replacements of the cards you play.")
        self._fill()
        if same_grouping and keep:
            self._select_labels(keep)
        else:
            self._select_rows(range(min(DEFAULT_PLOTTED, len(self.odds))))
        self._replot()

    def _fill(self) -> None:
        k = self.turns.value()
        t = self.table
        t.blockSignals(True)
        t.clear()
        headers = ["Card" if self.by == "card" else "Card type", "Copies"] + [turn_label(i) for i in range(1, k + 1)]
        t.setColumnCount(len(headers))
        t.setHorizontalHeaderLabels(headers)
        t.setRowCount(len(self.odds))
        base = self.palette().color(QPalette.ColorRole.Base)
        hi = QColor("#3f8f5a")
        for r, o in enumerate(self.odds):
            name = QTableWidgetItem(o.label)
            t.setItem(r, 0, name)
            c = QTableWidgetItem(str(o.copies))
            c.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            t.setItem(r, 1, c)
            for j, p in enumerate(o.by_turn):
                it = QTableWidgetItem(percent(p))
                it.setData(VALUE_ROLE, p)
                it.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                it.setToolTip(f"{o.label}: at least {self.need.value()} of {o.copies} by "
                              f"{turn_label(j + 1).lower()}: {p:.4f}")
                it.setBackground(QBrush(mix(base, hi, 0.55 * p)))
                t.setItem(r, 2 + j, it)
        h = t.horizontalHeader()
        h.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for j in range(1, t.columnCount()):
            h.setSectionResizeMode(j, QHeaderView.ResizeMode.ResizeToContents)
        t.blockSignals(False)

    # -- selection and the plot -----------------------------------------------------------
    def _selected_rows(self) -> list[int]:
        return sorted({i.row() for i in self.table.selectedIndexes()})

    def _select_rows(self, rows) -> None:
        t = self.table
        t.blockSignals(True)
        t.clearSelection()
        mode = t.selectionMode()
        t.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        for r in rows:
            t.selectRow(r)
        t.setSelectionMode(mode)
        t.blockSignals(False)

    def _select_labels(self, labels: set[str]) -> None:
        self._select_rows([r for r in range(self.table.rowCount()) if self.table.item(r, 0).text() in labels])

    def select(self, labels: list[str]) -> None:
        """Plot these cards (or types)."""
        self._select_labels(set(labels))
        self._replot()

    def _replot(self) -> None:
        rows = self._selected_rows()[:MAX_PLOTTED]
        for r in range(self.table.rowCount()):   # the line's colour beside each plotted row
            item = self.table.item(r, 0)
            item.setIcon(_swatch(rows.index(r)) if r in rows else QIcon())
        k = self.turns.value()
        self.plot.title = (f"At least {self.need.value()} {'copy' if self.need.value() == 1 else 'copies'}, "
                           f"d = {self.extra.value()}")
        self.plot.set_series([short_turn_label(t) for t in range(1, k + 1)],
                             [Series(f"{self.odds[r].label} ({self.odds[r].copies})", self.odds[r].by_turn)
                              for r in rows])

    def figure(self, label: str, turn: int) -> float | None:
        """The chance shown for *label* by *turn* (1: the opening hand)."""
        for o in self.odds:
            if o.label == label and 1 <= turn <= len(o.by_turn):
                return o.by_turn[turn - 1]
        return None

    def cell_text(self, label: str, turn: int) -> str | None:
        for r in range(self.table.rowCount()):
            if self.table.item(r, 0).text() == label:
                return self.table.item(r, 1 + turn).text()
        return None


def _swatch(i: int) -> QIcon:
    pm = QPixmap(14, 14)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(series_color(i))
    p.drawRoundedRect(1, 4, 12, 6, 2, 2)
    p.end()
    return QIcon(pm)
