"""Browse a pile (an ash heap, the removed cards): the cards in order, the face of the one selected.

A card can be taken back by hand (to hand, ready region, library): each is a
manual move sent as a command.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QDialog, QHBoxLayout, QListWidget, QListWidgetItem, QMenu, QPushButton, QVBoxLayout)

from vtes_desktop.engine import commands as C
from vtes_desktop.ui.card_face import CardFace

ROLE = Qt.ItemDataRole.UserRole + 1


class BrowseDialog(QDialog):
    commands_requested = Signal(object)

    def __init__(self, session, seat: int, region: str, theme, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("browseDialog")
        self.session = session
        self.seat, self.region = seat, region
        self.setWindowTitle(f"{session.seat_name(seat)}: {region.replace('_', ' ')}")
        h = QHBoxLayout(self)
        left = QVBoxLayout()
        self.list = QListWidget()
        self.list.currentItemChanged.connect(self._show)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._menu)
        left.addWidget(self.list, 1)
        take = QPushButton("Move to…")
        take.clicked.connect(lambda: self._menu(None))
        left.addWidget(take)
        h.addLayout(left, 1)
        self.face = CardFace(theme)
        h.addWidget(self.face, 2)
        self.resize(820, 560)
        self.refresh()

    def refresh(self) -> None:
        self.list.clear()
        v = self.session.view
        if v is None:
            return
        cards = v.seats[self.seat].regions.get(self.region, ())
        for c in reversed(cards):          # the top of the pile first
            it = QListWidgetItem(c.name or "a hidden card")
            it.setData(ROLE, c)
            self.list.addItem(it)
        if self.list.count():
            self.list.setCurrentRow(0)

    def _show(self, item, _prev=None) -> None:
        if item is None:
            return
        c = item.data(ROLE)
        self.face.show_card(self.session.card_def(c.cid))

    def _menu(self, pos) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        c = item.data(ROLE)
        m = QMenu(self)
        me = self.session.seat
        for region, label in (("hand", "Hand"), ("ready", "Ready region"), ("library", "Library (top)"),
                              ("in_play", "In play"), ("removed", "Removed from the game"),
                              ("ash_heap", "Ash heap")):
            if region == self.region:
                continue
            a = m.addAction(label)
            a.triggered.connect(lambda _=False, r=region: self.commands_requested.emit(
                [C.Move(seat=me, card=c.id, to=r)]))
        m.popup(self.list.viewport().mapToGlobal(pos) if pos is not None else self.cursor().pos())
