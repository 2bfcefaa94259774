"""The deck panel: the deck grouped (crypt, then library by card type) with counts, its
format, and its problems (unknown lines with line numbers and suggestions, errors,
warnings). Clicking a card emits `card_selected(card)`; clicking a name a problem
suggests emits `suggestion_requested(name)`.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QFont, QPalette
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QHeaderView, QLabel, QPushButton, QScrollArea, QStackedWidget,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from vtes_desktop.ui import layout
from vtes_desktop.ui.card_text import CARD_LINK
from vtes_desktop.ui.deck_adapter import DeckGroup, DeckProblem, DeckView
from vtes_desktop.ui.theme import Theme

CARD_ROLE = Qt.ItemDataRole.UserRole + 1
GROUP_ROLE = Qt.ItemDataRole.UserRole + 2
KIND_LABEL = {"unknown": "Unknown card", "error": "Error", "warning": "Warning"}
KIND_COLOR = {"unknown": "error", "error": "error", "warning": "warning"}


def _message(p: DeckProblem) -> str:
    label = KIND_LABEL.get(p.kind, p.kind.title())
    if p.message.lower().startswith(label.lower()):
        return p.message[0].upper() + p.message[1:]
    return f"{label}: {p.message}"


def problem_text(p: DeckProblem) -> str:
    """`Line 14 · Unknown card: 'Bonidng' — did you mean Bonding?` (plain text)."""
    where = f"Line {p.line} · " if p.line else ""
    hint = f" — did you mean {', '.join(p.suggestions)}?" if p.suggestions else ""
    return f"{where}{_message(p)}{hint}"


def problems_summary(problems: tuple[DeckProblem, ...]) -> str:
    """`2 errors · 1 unknown card · 2 warnings`."""
    parts = []
    for kind, one, many in (("error", "error", "errors"), ("unknown", "unknown card", "unknown cards"),
                            ("warning", "warning", "warnings")):
        n = sum(1 for p in problems if p.kind == kind)
        if n:
            parts.append(f"{n} {one if n == 1 else many}")
    return " · ".join(parts)


def problem_html(p: DeckProblem, color: str) -> str:
    """The same as rich text: the line number in bold, each suggestion a link to its card."""
    where = f"<b>Line {p.line}</b> · " if p.line else ""
    hint = ""
    if p.suggestions:
        links = ", ".join(f'<a href="{CARD_LINK}{html.escape(s, quote=True)}">{html.escape(s)}</a>'
                          for s in p.suggestions)
        hint = f" — did you mean {links}?"
    return f'<span style="color:{color}">{where}{html.escape(_message(p))}</span>{hint}'


class DeckPanel(QWidget):
    card_selected = Signal(object)
    open_requested = Signal()
    paste_requested = Signal()
    suggestion_requested = Signal(str)   # a card name a problem suggests
    goldfish_requested = Signal()        # play the deck alone at the table (ui/goldfish)
    stats_requested = Signal()           # the deck's draw odds and simulated games (ui/goldfish)

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._theme = theme
        self.view: DeckView | None = None

        # empty state
        empty = QWidget()
        ev = QVBoxLayout(empty)
        self.empty_label = QLabel("No deck open.\nOpen a deck file or paste a deck list to see it here.")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        open_b = QPushButton("Open deck…")
        open_b.clicked.connect(self.open_requested)
        paste_b = QPushButton("Paste deck…")
        paste_b.clicked.connect(self.paste_requested)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(open_b)
        buttons.addWidget(paste_b)
        buttons.addStretch(1)
        ev.addStretch(1)
        ev.addWidget(self.empty_label)
        ev.addLayout(buttons)
        ev.addStretch(2)

        # a deck
        deck = QWidget()
        dv = QVBoxLayout(deck)
        dv.setContentsMargins(0, 0, 0, 0)
        dv.setSpacing(layout.SPACING // 2 + 2)
        self.title = QLabel()
        self.title.setObjectName("deckTitle")
        f = QFont(self.font())
        f.setPointSizeF(f.pointSizeF() + layout.HEADING_POINT_DELTA + 2)
        f.setBold(True)
        self.title.setFont(f)
        self.title.setWordWrap(True)
        self.meta = QLabel()
        self.meta.setObjectName("deckMeta")
        self.meta.setWordWrap(True)
        self.meta.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems_title = QLabel()
        self.problems_title.setObjectName("problemsTitle")
        bold = QFont(self.font())
        bold.setBold(True)
        self.problems_title.setFont(bold)
        self.problems = QScrollArea()
        self.problems.setObjectName("deckProblems")
        self.problems.setWidgetResizable(True)
        self.problems.setFrameShape(QFrame.Shape.NoFrame)
        self.problems.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.problem_labels: list[QLabel] = []
        self.tree = QTreeWidget()
        self.tree.setObjectName("deckTree")
        self.tree.setColumnCount(3)   # count, name, capacity and disciplines or cost
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setIndentation(14)
        self.tree.setStyleSheet(f"QTreeView::item {{ padding: {layout.DECK_ROW_PADDING}px 0; }}")
        hdr = self.tree.header()
        hdr.setStretchLastSection(False)
        # names are never cut; the capacity/disciplines/cost column takes what is left
        hdr.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        hdr.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        hdr.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.tree.currentItemChanged.connect(self._on_item)
        self.tree.itemClicked.connect(lambda item, _col: self._on_item(item, None))
        self.goldfish_button = QPushButton("Goldfish this deck")
        self.goldfish_button.setObjectName("goldfishDeck")
        self.goldfish_button.setToolTip("Play this deck alone at the table, against a prey and a predator "
                                        "that never act (Ctrl+G)")
        self.goldfish_button.clicked.connect(self.goldfish_requested)
        self.stats_button = QPushButton("Deck statistics")
        self.stats_button.setObjectName("deckStats")
        self.stats_button.setToolTip("Draw odds by turn, crypt odds and simulated goldfish games")
        self.stats_button.clicked.connect(self.stats_requested)
        deck_buttons = QHBoxLayout()
        deck_buttons.addWidget(self.goldfish_button)
        deck_buttons.addWidget(self.stats_button)
        deck_buttons.addStretch(1)
        dv.addWidget(self.title)
        dv.addWidget(self.meta)
        dv.addLayout(deck_buttons)
        dv.addWidget(self.problems_title)
        dv.addWidget(self.problems, 1)
        dv.addWidget(self.tree, 3)

        self.stack = QStackedWidget()
        self.stack.addWidget(empty)
        self.stack.addWidget(deck)
        v = QVBoxLayout(self)
        v.setContentsMargins(layout.MARGIN // 2, layout.MARGIN, layout.MARGIN, layout.MARGIN)
        v.addWidget(self.stack)
        self.set_theme(theme)

    # -- the view in -----------------------------------------------------------------
    def show_deck(self, view: DeckView | None) -> None:
        self.view = view
        self.tree.clear()
        if view is None:
            self.stack.setCurrentIndex(0)
            return
        self.stack.setCurrentIndex(1)
        self.title.setText(view.name or "Deck")
        bits = []
        if view.format:
            bits.append(f"Format: {view.format}")
        bits.append(f"{view.crypt_count} crypt · {view.library_count} library")
        if view.author:
            bits.append(f"by {view.author}")
        self.meta.setText("\n".join([" · ".join(bits), view.source]))
        self.meta.setToolTip(view.source)
        self._fill_problems(view.problems)
        self._fill_tree(view)
        playable = view.crypt_count >= 4 and view.library_count > 0
        self.goldfish_button.setEnabled(playable)
        self.stats_button.setEnabled(view.crypt_count > 0 or view.library_count > 0)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        for lab in (self.meta, self.empty_label):
            pal = lab.palette()
            pal.setColor(QPalette.ColorRole.WindowText, theme.color("muted"))
            lab.setPalette(pal)
        if self.view is not None:
            self.show_deck(self.view)

    def _fill_problems(self, problems: tuple[DeckProblem, ...]) -> None:
        box = QWidget()
        v = QVBoxLayout(box)
        v.setContentsMargins(0, 0, 0, 0)
        v.setSpacing(4)
        self.problem_labels = []
        pal = self.problems_title.palette()
        if not problems:
            self.problems_title.setText("No problems found")
            pal.setColor(QPalette.ColorRole.WindowText, self._theme.color("muted"))
            self.problems_title.setPalette(pal)
            self.problems.hide()
            self.problems.setWidget(box)
            return
        worst = "error" if any(p.kind in ("error", "unknown") for p in problems) else "warning"
        self.problems_title.setText(problems_summary(problems))
        pal.setColor(QPalette.ColorRole.WindowText, self._theme.color(worst))
        self.problems_title.setPalette(pal)
        order = {"error": 0, "unknown": 1, "warning": 2}
        for p in sorted(problems, key=lambda p: (order.get(p.kind, 3), p.line or 0)):
            lab = QLabel(problem_html(p, self._theme.hex(KIND_COLOR.get(p.kind, "warning"))))
            lab.setObjectName("deckProblem")
            lab.setTextFormat(Qt.TextFormat.RichText)
            lab.setWordWrap(True)
            lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                        | Qt.TextInteractionFlag.LinksAccessibleByMouse)
            lab.setToolTip(f"Line {p.line}: {p.text}" if p.line and p.text else p.text)
            lab.setAccessibleName(problem_text(p))
            lab.linkActivated.connect(self._on_link)
            v.addWidget(lab)
            self.problem_labels.append(lab)
        v.addStretch(1)
        self.problems.setWidget(box)
        self.problems.show()
        self._fit_problems()

    def _fit_problems(self) -> None:
        """Size the problem list to its labels at the current width, up to PROBLEMS_MAX_HEIGHT."""
        if not self.problem_labels:
            return
        width = max(120, self.width() - 2 * layout.MARGIN - self.problems.verticalScrollBar().sizeHint().width())
        height = sum(lab.heightForWidth(width) + 4 for lab in self.problem_labels)
        self.problems.setFixedHeight(min(layout.PROBLEMS_MAX_HEIGHT, height + 4))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_problems()

    def _group_item(self, parent, title: str, count: int) -> QTreeWidgetItem:
        item = QTreeWidgetItem([f"{title} ({count})", "", ""])
        item.setData(0, GROUP_ROLE, (title, count))
        f = QFont(self.tree.font())
        f.setBold(True)
        item.setFont(0, f)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        (parent.addTopLevelItem if parent is self.tree else parent.addChild)(item)
        item.setFirstColumnSpanned(True)
        return item

    def _add_entries(self, parent: QTreeWidgetItem, group: DeckGroup, crypt: bool) -> None:
        for e in group.entries:
            c = e.card
            extra = (f"{c.capacity}  {' '.join(c.disciplines)}" if crypt and c.capacity is not None
                     else ", ".join(x for x in (c.pool_cost and f"{c.pool_cost} pool",
                                               c.blood_cost and f"{c.blood_cost} blood",
                                               c.conviction_cost and f"{c.conviction_cost} conviction") if x))
            item = QTreeWidgetItem([f"{e.count}×", c.display, extra])
            item.setData(0, CARD_ROLE, c)
            item.setTextAlignment(0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            item.setForeground(2, QBrush(self._theme.color("muted")))
            item.setToolTip(1, f"{c.display} — {c.type_label}")
            if c.banned:
                item.setForeground(1, QBrush(self._theme.color("banned")))
                item.setToolTip(1, f"{c.display} — banned since {c.banned}")
            parent.addChild(item)

    def _fill_tree(self, view: DeckView) -> None:
        crypt = self._group_item(self.tree, "Crypt", view.crypt_count)
        self._add_entries(crypt, view.crypt, crypt=True)
        lib = self._group_item(self.tree, "Library", view.library_count)
        for g in view.library:
            gi = self._group_item(lib, g.title, g.count)
            self._add_entries(gi, g, crypt=False)
        self.tree.expandAll()

    def group_titles(self) -> list[str]:
        """The group rows as shown, top to bottom: `Crypt (12)`, `Library (90)`, `Master (10)`, ..."""
        out: list[str] = []

        def walk(item: QTreeWidgetItem) -> None:
            if item.data(0, GROUP_ROLE) is not None:
                out.append(item.text(0))
            for i in range(item.childCount()):
                walk(item.child(i))

        for i in range(self.tree.topLevelItemCount()):
            walk(self.tree.topLevelItem(i))
        return out

    # -- clicks out ------------------------------------------------------------------
    def _on_item(self, item: QTreeWidgetItem | None, _prev) -> None:
        card = item.data(0, CARD_ROLE) if item is not None else None
        if card is not None:
            self.card_selected.emit(card)

    def _on_link(self, href: str) -> None:
        if href.startswith(CARD_LINK):
            self.suggestion_requested.emit(href[len(CARD_LINK):])
