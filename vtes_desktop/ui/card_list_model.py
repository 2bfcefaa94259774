"""The results list's model: a plain list of cards behind a QAbstractListModel.

Thousands of rows cost nothing: the view asks only for the rows it shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt

from vtes_desktop.cards.model import CardDef

CARD_ROLE = Qt.ItemDataRole.UserRole + 1
_ROOT = QModelIndex()


class CardListModel(QAbstractListModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._cards: list[CardDef] = []
        self._rows: dict[int, int] = {}

    def set_cards(self, cards: Sequence[CardDef]) -> None:
        self.beginResetModel()
        self._cards = list(cards)
        self._rows = {c.id: i for i, c in enumerate(self._cards)}
        self.endResetModel()

    def cards(self) -> list[CardDef]:
        return list(self._cards)

    def card_at(self, row: int) -> CardDef | None:
        return self._cards[row] if 0 <= row < len(self._cards) else None

    def row_of(self, card: CardDef) -> int:
        return self._rows.get(card.id, -1)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._cards)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._cards):
            return None
        c = self._cards[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return c.display
        if role == CARD_ROLE:
            return c
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{c.display}\n{c.type_label}"
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{c.display}, {c.type_label}"
        return None
