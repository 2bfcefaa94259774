"""The card browser: a search box with the query language, the results, a count.

A query that does not parse (`QueryError`) is shown under the box in the
error colour; the previous results stay, so a half-typed filter does not
blank the list. Selecting a row emits `card_selected(card)`.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import (QLabel, QLineEdit, QListView, QProgressBar, QStackedWidget, QVBoxLayout,
                               QWidget)

from vtes_desktop.cards.model import CardDef
from vtes_desktop.ui import layout
from vtes_desktop.ui.card_list_delegate import CardListDelegate
from vtes_desktop.ui.card_list_model import CardListModel
from vtes_desktop.ui.theme import Theme

SEARCH_TIP = """<b>Search</b>: words match names and card text; every term must hold.<br>
<code>name:</code> <code>text:</code> <code>clan:ventrue</code> <code>disc:dom</code> (any level)
<code>disc:DOM</code> (superior) <code>type:master</code> <code>cap&gt;=8</code> <code>group:4</code><br>
<code>title:prince</code> <code>votes&gt;=2</code> <code>sect:sabbat</code> <code>set:V5</code>
<code>cost:1</code> <code>pool:2</code> <code>blood:1</code> <code>conviction:1</code><br>
<code>req:</code> <code>artist:</code> <code>path:</code> <code>banned:yes</code> <code>adv:yes</code>
<code>crypt:yes</code> <code>library:yes</code><br>
<code>-type:master</code> or <code>type!=master</code> negates; <code>clan:brujah|gangrel</code> means either;
quote values with spaces: <code>clan:"follower of set"</code>."""


def run_search(db, text: str) -> list[CardDef]:
    """Search *db* with the query language; raises what the language raises (QueryError)."""
    from vtes_desktop.cards import query

    return query.search(db, text)


def query_error_message(exc: Exception) -> str:
    """The message to show for a failed search: the QueryError's own words, else the exception."""
    from vtes_desktop.cards import query

    qe = getattr(query, "QueryError", None)
    if isinstance(qe, type) and isinstance(exc, qe):
        return str(exc)
    return f"Search failed: {type(exc).__name__}: {exc}"


class CardBrowser(QWidget):
    card_selected = Signal(object)

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._theme = theme
        self._db = None
        self._all: list[CardDef] = []
        self._last_query: str | None = None

        self.search = QLineEdit()
        self.search.setObjectName("search")
        self.search.setPlaceholderText("Search cards: name, text, clan:ventrue disc:DOM cap>=8 …")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip(SEARCH_TIP)
        self.search.setEnabled(False)
        self.error = QLabel()
        self.error.setObjectName("queryError")
        self.error.setWordWrap(True)
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error.hide()
        self.count = QLabel()
        self.count.setObjectName("resultCount")

        self.model = CardListModel(self)
        self.view = QListView()
        self.view.setObjectName("results")
        self.view.setModel(self.model)
        self.delegate = CardListDelegate(theme, self.view)
        self.view.setItemDelegate(self.delegate)
        self.view.setUniformItemSizes(True)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setAlternatingRowColors(True)
        self.view.selectionModel().currentChanged.connect(self._on_current)

        self.loading_text = QLabel("Loading the cards…")
        self.loading_text.setObjectName("loadingText")
        self.loading_text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.loading_text.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setObjectName("loadingProgress")
        self.progress.setRange(0, 0)  # busy
        self.progress.setTextVisible(False)
        loading = QWidget()
        lv = QVBoxLayout(loading)
        lv.addStretch(1)
        lv.addWidget(self.loading_text)
        lv.addWidget(self.progress)
        lv.addStretch(2)

        self.stack = QStackedWidget()
        self.stack.addWidget(loading)
        self.stack.addWidget(self.view)

        v = QVBoxLayout(self)
        v.setContentsMargins(layout.MARGIN, layout.MARGIN, layout.MARGIN // 2, layout.MARGIN)
        v.setSpacing(layout.SPACING // 2 + 2)
        v.addWidget(self.search)
        v.addWidget(self.error)
        v.addWidget(self.count)
        v.addWidget(self.stack, 1)

        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(layout.SEARCH_DEBOUNCE_MS)
        self._debounce.timeout.connect(self.run_query)
        self.search.textChanged.connect(lambda _t: self._debounce.start())
        self.search.returnPressed.connect(self.run_query)
        self.search.installEventFilter(self)
        self.set_theme(theme)

    # -- states ------------------------------------------------------------------
    def set_loading(self, message: str) -> None:
        self.loading_text.setText(message)
        self.stack.setCurrentIndex(0)

    def set_failed(self, message: str) -> None:
        self.loading_text.setText(message)
        self.progress.hide()
        self.stack.setCurrentIndex(0)

    def set_db(self, db) -> None:
        from vtes_desktop.cards import names

        self._db = db
        try:
            self._all = run_search(db, "")
        except Exception:  # noqa: BLE001 - a broken search language must not hide the cards
            self._all = sorted(db, key=lambda c: (names.key(c.display), c.id))
        self.search.setEnabled(True)
        self.stack.setCurrentIndex(1)
        self._last_query = None
        self.run_query()

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.delegate.set_theme(theme)
        pal = self.error.palette()
        pal.setColor(QPalette.ColorRole.WindowText, theme.color("error"))
        self.error.setPalette(pal)
        pal = self.count.palette()
        pal.setColor(QPalette.ColorRole.WindowText, theme.color("muted"))
        self.count.setPalette(pal)
        self.view.viewport().update()

    # -- searching ---------------------------------------------------------------
    def set_query(self, text: str) -> None:
        """Type *text* into the box and search now (no debounce)."""
        self.search.setText(text)
        self.run_query()

    def run_query(self) -> None:
        self._debounce.stop()
        if self._db is None:
            return
        text = self.search.text().strip()
        if text == self._last_query:
            return
        try:
            results = run_search(self._db, text) if text else self._all
        except Exception as e:  # QueryError, or a bug in the language: show it, keep the window
            self._last_query = None   # the next valid query runs even if it equals the last one
            self.error.setText(query_error_message(e))
            self.error.show()
            self.count.setText(f"{self.model.rowCount()} cards (from the last valid search)")
            return
        self._last_query = text
        self.error.hide()
        current = self.current_card()
        self.model.set_cards(results)
        n, total = len(results), len(self._all)
        self.count.setText(f"{total} cards" if not text else f"{n} of {total} cards")
        row = self.model.row_of(current) if current is not None else -1
        self._select_row(row if row >= 0 else 0)

    def _select_row(self, row: int) -> None:
        if self.model.rowCount() == 0:
            return
        idx = self.model.index(row, 0)
        self.view.selectionModel().setCurrentIndex(
            idx, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self.view.scrollTo(idx, QListView.ScrollHint.PositionAtCenter)

    def results(self) -> list[CardDef]:
        return self.model.cards()

    def current_card(self) -> CardDef | None:
        idx = self.view.currentIndex()
        return self.model.card_at(idx.row()) if idx.isValid() else None

    def select_card(self, card: CardDef) -> bool:
        row = self.model.row_of(card)
        if row < 0:
            return False
        self._select_row(row)
        return True

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        card = self.model.card_at(current.row()) if current.isValid() else None
        if card is not None:
            self.card_selected.emit(card)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.search and event.type() == QEvent.Type.KeyPress:
            if isinstance(event, QKeyEvent) and event.key() in (Qt.Key.Key_Down, Qt.Key.Key_PageDown):
                self.run_query()
                self.view.setFocus()
                return True
        return super().eventFilter(obj, event)
