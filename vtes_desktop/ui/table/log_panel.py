"""The game log: every command in plain English, grouped by turn, manual moves marked, filterable.

Clicking a line lights the cards its command named (where they are still on
the table). Lines come from the session (`LogLine`), as the seat on show may
read them.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QFont, QFontMetrics
from PySide6.QtWidgets import (QCheckBox, QHBoxLayout, QHeaderView, QLineEdit, QStyledItemDelegate, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

ROLE_LINE = Qt.ItemDataRole.UserRole + 1


class _WrapDelegate(QStyledItemDelegate):
    """Rows as tall as their wrapped text (a tree view sizes rows from the unwrapped text otherwise)."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self.tree = tree

    def sizeHint(self, option, index) -> QSize:
        base = super().sizeHint(option, index)
        depth = 0
        p = index.parent()
        while p.isValid():
            depth += 1
            p = p.parent()
        width = self.tree.viewport().width() - self.tree.indentation() * (depth + 1) - 8
        if width <= 40:
            return base
        fm = QFontMetrics(index.data(Qt.ItemDataRole.FontRole) or self.tree.font())
        rect = fm.boundingRect(QRect(0, 0, width, 100000), int(Qt.TextFlag.TextWordWrap), index.data() or "")
        return QSize(base.width(), max(base.height(), rect.height() + 4))


class LogPanel(QWidget):
    line_activated = Signal(object)   # LogLine

    def __init__(self, palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("logPanel")
        self._pal = palette
        v = QVBoxLayout(self)
        v.setContentsMargins(4, 4, 4, 4)
        v.setSpacing(4)
        row = QHBoxLayout()
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter the log (a name, a card, a word)")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._refilter)
        row.addWidget(self.filter, 1)
        v.addLayout(row)
        row2 = QHBoxLayout()
        self.manual_only = QCheckBox("Manual moves only")
        self.manual_only.toggled.connect(self._refilter)
        self.hide_auto = QCheckBox("Hide automatic passes")
        self.hide_auto.setChecked(True)
        self.hide_auto.toggled.connect(self._refilter)
        row2.addWidget(self.manual_only)
        row2.addWidget(self.hide_auto)
        row2.addStretch(1)
        v.addLayout(row2)
        self.tree = QTreeWidget()
        self.tree.setObjectName("logTree")
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(True)
        self.tree.setWordWrap(True)
        self.tree.setUniformRowHeights(False)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.setItemDelegate(_WrapDelegate(self.tree))
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        v.addWidget(self.tree, 1)
        self._groups: dict[tuple[int, str], QTreeWidgetItem] = {}
        self.lines: list = []

    def set_palette(self, palette) -> None:
        self._pal = palette

    def set_lines(self, lines, *, reset: bool) -> None:
        if reset:
            self.tree.clear()
            self._groups = {}
            self.lines = []
        last = None
        for line in lines:
            self.lines.append(line)
            key = (line.turn, line.active)
            g = self._groups.get(key)
            if g is None:
                g = QTreeWidgetItem([f"Turn {line.turn} \u00b7 {line.active}"])
                f = QFont(g.font(0))
                f.setBold(True)
                g.setFont(0, f)
                g.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.tree.addTopLevelItem(g)
                g.setExpanded(True)
                self._groups[key] = g
            text = line.text
            if line.manual:
                text = "\u270e " + text + "  (by hand)"   # a pencil: in the common fonts, unlike the emoji hand
            if line.undone:
                text += "  (taken back)"
            it = QTreeWidgetItem([text])
            it.setData(0, ROLE_LINE, line)
            it.setToolTip(0, text)
            if line.manual:
                f = QFont(it.font(0))
                f.setItalic(True)
                it.setFont(0, f)
                it.setForeground(0, QBrush(self._pal("acting")))
            if line.undone:
                f = QFont(it.font(0))
                f.setStrikeOut(True)
                it.setFont(0, f)
                it.setForeground(0, QBrush(self._pal("seat_muted")))
            if line.auto:
                it.setForeground(0, QBrush(self._pal("seat_muted")))
            g.addChild(it)
            self._apply_filter(it)
            last = it
        for g in self._groups.values():
            g.setHidden(all(g.child(i).isHidden() for i in range(g.childCount())))
        if last is not None:
            self.tree.scrollToItem(last)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.tree.doItemsLayout()   # rows re-wrap to the new width

    def _apply_filter(self, it: QTreeWidgetItem) -> None:
        line = it.data(0, ROLE_LINE)
        words = self.filter.text().strip().lower().split()
        hide = False
        if words and not all(w in line.text.lower() or w in line.active.lower() for w in words):
            hide = True
        if self.manual_only.isChecked() and not line.manual:
            hide = True
        if self.hide_auto.isChecked() and line.auto:
            hide = True
        it.setHidden(hide)

    def _refilter(self, *_args) -> None:
        for g in self._groups.values():
            for i in range(g.childCount()):
                self._apply_filter(g.child(i))
            g.setHidden(all(g.child(i).isHidden() for i in range(g.childCount())))

    def visible_texts(self) -> list[str]:
        out = []
        for g in self._groups.values():
            if g.isHidden():
                continue
            for i in range(g.childCount()):
                if not g.child(i).isHidden():
                    out.append(g.child(i).text(0))
        return out

    def _clicked(self, item: QTreeWidgetItem, _col: int = 0) -> None:
        line = item.data(0, ROLE_LINE)
        if line is not None:
            self.line_activated.emit(line)
