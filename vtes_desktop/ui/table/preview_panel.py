"""The card preview: the card under the mouse, large and readable, with its rulings.

It is the card face of the card browser (`ui.card_face.CardFace`), fed from
the table's hover. A card the seat may not see is never previewed (the table
passes no card for a back).
"""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget

from vtes_desktop.ui.card_face import CardFace


class PreviewPanel(QWidget):
    def __init__(self, theme, db=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("previewPanel")
        self.db = db
        self.face = CardFace(theme)
        self.face.setMinimumWidth(300)
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        v.addWidget(self.face)
        self.card = None

    def set_theme(self, theme) -> None:
        self.face.set_theme(theme)

    def show_card(self, card) -> None:
        if card is None or card is self.card:
            return
        self.card = card
        rulings = self.db.rulings(card) if self.db is not None else []
        self.face.show_card(card, rulings)

    def clear(self) -> None:
        self.card = None
        self.face.show_card(None)
