"""The main window: card browser | card face | deck, with File, View and Help menus.

The window is built without the card database; `set_db` fills it once the
loader hands the database over. `ready` fires when the cards are listed and
any deck asked for at start is shown (the screenshot and the startup
benchmark wait for it).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QMainWindow, QMessageBox, QSplitter

from vtes_desktop.cards.model import CardDef
from vtes_desktop.ui import layout
from vtes_desktop.ui.card_browser import SEARCH_TIP, CardBrowser
from vtes_desktop.ui.card_face import CardFace
from vtes_desktop.ui.deck_panel import DeckPanel
from vtes_desktop.ui.settings import THEMES, Settings, save_settings
from vtes_desktop.ui.theme import Theme, apply_theme, load_theme

DECK_FILTER = "Deck files (*.txt *.dek *.xml *.json *.eld *.lst);;All files (*)"


class MainWindow(QMainWindow):
    ready = Signal()

    def __init__(self, settings: Settings, theme: Theme, *, persist: bool = True) -> None:
        super().__init__()
        self.settings = settings
        self.theme = theme
        self.persist = persist
        self.db = None
        self._pending_deck: tuple[str, str] | None = None   # ("file", path) or ("text", text)
        self._ready = False
        self.setWindowTitle("VTES Desktop")
        self.setMinimumSize(*layout.WINDOW_MIN_SIZE)
        self.resize(*layout.WINDOW_SIZE)

        self.browser = CardBrowser(theme)
        self.face = CardFace(theme)
        self.deck_panel = DeckPanel(theme)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.setChildrenCollapsible(False)
        for w in (self.browser, self.face, self.deck_panel):
            self.splitter.addWidget(w)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes(list(layout.SPLITTER_SIZES))
        self.setCentralWidget(self.splitter)

        self.browser.card_selected.connect(self.show_card)
        self.deck_panel.card_selected.connect(self.show_card)
        self.deck_panel.open_requested.connect(self.open_deck_dialog)
        self.deck_panel.paste_requested.connect(self.paste_deck_dialog)
        self.deck_panel.suggestion_requested.connect(self.show_card_named)
        self.deck_panel.goldfish_requested.connect(lambda: self.open_goldfish())
        self.deck_panel.stats_requested.connect(lambda: self.open_deck_stats())
        self.face.card_link_activated.connect(self.show_card_named)

        self.db_label = QLabel()
        self.statusBar().addPermanentWidget(self.db_label)
        self._build_menus()
        from vtes_desktop.ui.welcome_panel import install_welcome

        install_welcome(self)   # above the browser: goldfish, LAN game, learn the rules
        self.set_progress("Loading the cards…")

    # -- menus -------------------------------------------------------------------
    def _build_menus(self) -> None:
        m = self.menuBar().addMenu("&File")
        self.act_open = QAction("&Open deck…", self, shortcut=QKeySequence.StandardKey.Open,
                                triggered=self.open_deck_dialog)
        self.act_paste = QAction("&Paste deck…", self, shortcut=QKeySequence("Ctrl+Shift+V"),
                                 triggered=self.paste_deck_dialog)
        self.act_close_deck = QAction("&Close deck", self, triggered=self.close_deck)
        quit_ = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit, triggered=self.close)
        for a in (self.act_open, self.act_paste, self.act_close_deck):
            m.addAction(a)
        m.addSeparator()
        m.addAction(quit_)

        self._build_game_menu()

        v = self.menuBar().addMenu("&View")
        find = QAction("&Find card", self, shortcut=QKeySequence.StandardKey.Find, triggered=self.focus_search)
        v.addAction(find)
        tm = v.addMenu("&Theme")
        self.theme_group = QActionGroup(self)
        self.theme_actions: dict[str, QAction] = {}
        for key in THEMES:
            a = QAction(key.title(), self, checkable=True)
            a.setChecked(key == self.theme.key)
            a.triggered.connect(lambda _checked=False, k=key: self.set_theme(k))
            self.theme_group.addAction(a)
            tm.addAction(a)
            self.theme_actions[key] = a

        h = self.menuBar().addMenu("&Help")
        h.addAction(QAction("&Learn the rules\u2026", self, triggered=lambda: self.open_lessons()))
        h.addAction(QAction("&Search syntax", self, triggered=self._search_help))
        h.addAction(QAction("&About VTES Desktop", self, triggered=self._about))

    def _build_game_menu(self) -> None:
        """Game: the table (ui/table), in a window of its own."""
        g = self.menuBar().addMenu("&Game")
        for text, kw in (("&New game…", {"new": True}), ("&Open game or scenario…", {"ask": True}),
                         ("&Resume…", {"resume": True})):
            a = QAction(text, self)
            a.triggered.connect(lambda _=False, k=kw: self.open_table(**k))
            g.addAction(a)
        # solo play and deck statistics (ui/goldfish)
        g.addSeparator()
        g.addAction(QAction("&Goldfish this deck", self, shortcut=QKeySequence("Ctrl+G"),
                            triggered=lambda: self.open_goldfish()))
        g.addAction(QAction("Deck &statistics…", self, triggered=lambda: self.open_deck_stats()))
        g.addAction(QAction("Si&mulate 1,000 goldfish games…", self,
                            triggered=lambda: self.open_deck_stats(tab="simulate")))
        # LAN play (ui/net): hosting starts a host process; the window joins it like any player
        g.addSeparator()
        self.act_host_game = QAction("&Host a game…", self, triggered=lambda: self.open_host_game())
        self.act_join_game = QAction("&Join a game…", self, triggered=lambda: self.open_join_game())
        g.addAction(self.act_host_game)
        g.addAction(self.act_join_game)

    def open_lessons(self):
        """The Learn screen (ui/learn): lessons and rules puzzles, played at the table."""
        if self.db is None:
            self.statusBar().showMessage("The cards are still loading", 3000)
            return None
        from vtes_desktop.ui.learn.learn_window import open_learn

        learn = getattr(self, "_learn", None)
        if learn is not None and learn.isVisible():
            learn.raise_()
            learn.activateWindow()
            return learn
        self._learn = open_learn(self.db, self.theme, parent=self)
        return self._learn

    def open_table(self, *, new: bool = False, ask: bool = False, resume: bool = False, path: str = "") -> None:
        if self.db is None:
            self.statusBar().showMessage("The cards are still loading", 3000)
            return
        from vtes_desktop.ui.table.table_app import open_table
        from vtes_desktop.ui.table.table_window import GAME_FILTER

        if ask and not path:
            path, _ = QFileDialog.getOpenFileName(self, "Open a game or a scenario", "", GAME_FILTER)
            if not path:
                return
        open_table(self.db, self.theme, path=path or None, new=new, resume=resume, parent=self)

    def _deck_cards(self):
        """The open deck for the goldfish and the statistics, or None (the status bar says why)."""
        if self.db is None:
            self.statusBar().showMessage("The cards are still loading", 3000)
            return None
        view = self.deck_panel.view
        if view is None or not view.loaded:
            return None
        from vtes_desktop.ui.goldfish.deck_cards import DeckCards

        return DeckCards.from_view(view)

    def open_goldfish(self):
        """Goldfish the open deck at the table (asks for a deck when none is open)."""
        if self.db is not None and self.deck_panel.view is None:
            self.open_deck_dialog()
        deck = self._deck_cards()
        if deck is None:
            return None
        problem = deck.goldfish_problem()
        if problem:
            QMessageBox.information(self, "Goldfish", f"This deck cannot be goldfished: {problem}.")
            return None
        from vtes_desktop.ui.goldfish.launch import open_goldfish

        return open_goldfish(self.db, self.theme, deck)

    def open_deck_stats(self, tab: str = "odds"):
        """The open deck's draw odds, crypt odds and simulated games."""
        if self.db is not None and self.deck_panel.view is None:
            self.open_deck_dialog()
        deck = self._deck_cards()
        if deck is None:
            return None
        from vtes_desktop.ui.goldfish.launch import open_stats

        return open_stats(self.db, self.theme, deck, tab=tab)

    def open_host_game(self):
        """Host a LAN game: its settings, a host process, and this window's seat in its lobby."""
        from vtes_desktop.ui.net.launch import host_from_window

        return host_from_window(self)

    def open_join_game(self):
        """Join a LAN game found on the network or at an address."""
        from vtes_desktop.ui.net.launch import join_from_window

        return join_from_window(self)

    def open_lan(self):
        """The welcome panel's LAN button: Host a game… or Join a game…, from a small menu."""
        from vtes_desktop.ui.net.launch import choose_lan

        panel = getattr(self, "welcome_panel", None)
        return choose_lan(self, panel.lan if panel is not None and panel.isVisible() else None)

    def _search_help(self) -> None:
        QMessageBox.information(self, "Search syntax", SEARCH_TIP)

    def _about(self) -> None:
        from vtes_desktop.ui.about_dialog import show_about

        show_about(self, self.db)

    def focus_search(self) -> None:
        self.browser.search.setFocus()
        self.browser.search.selectAll()

    # -- the card database ---------------------------------------------------------
    def set_progress(self, message: str) -> None:
        self.browser.set_loading(message)
        self.statusBar().showMessage(message)

    def cache_progress(self, step: str) -> None:
        """A step of building the card cache (a first start, or new card data)."""
        self.set_progress(f"First start: preparing the card database (once).\n{step}…")

    def db_failed(self, message: str) -> None:
        self.browser.set_failed(message)
        self.statusBar().showMessage(message)
        self._set_ready()

    def set_db(self, db) -> None:
        self.db = db
        self.browser.set_db(db)
        built = " (card cache built)" if db.info is not None and db.info.built else ""
        self.db_label.setText(f"{len(db)} cards{built}")
        self.statusBar().showMessage("Ready", 3000)
        pending, self._pending_deck = self._pending_deck, None
        if pending is not None:
            kind, value = pending
            (self.open_deck_file if kind == "file" else self.open_deck_text)(value)
        self._set_ready()

    def _set_ready(self) -> None:
        if not self._ready:
            self._ready = True
            self.ready.emit()

    @property
    def is_ready(self) -> bool:
        return self._ready

    # -- cards ---------------------------------------------------------------------
    def show_card(self, card: CardDef) -> None:
        rulings = self.db.rulings(card) if self.db is not None else []
        self.face.show_card(card, rulings)

    def show_card_named(self, name: str) -> None:
        if self.db is None:
            return
        card = self.db.lookup(name)
        if card is None:
            self.statusBar().showMessage(f"No card named {name!r}", 4000)
            return
        self.show_card(card)

    # -- decks -----------------------------------------------------------------------
    def open_deck_dialog(self) -> None:
        start = str(Path(self.settings.last_deck).parent) if self.settings.last_deck else str(Path.home())
        path, _ = QFileDialog.getOpenFileName(self, "Open deck", start, DECK_FILTER)
        if path:
            self.open_deck_file(path)

    def paste_deck_dialog(self) -> None:
        from vtes_desktop.ui.paste_deck_dialog import PasteDeckDialog

        text = PasteDeckDialog.get_text(self)
        if text:
            self.open_deck_text(text)

    def open_deck_file(self, path: str) -> None:
        if self.db is None:
            self._pending_deck = ("file", path)
            return
        from vtes_desktop.ui import deck_adapter

        view = deck_adapter.load_file(self.db, Path(path))
        self._show_deck(view)
        if view.loaded:
            self.settings.last_deck = str(Path(path).resolve())
            self.save()

    def open_deck_text(self, text: str) -> None:
        if self.db is None:
            self._pending_deck = ("text", text)
            return
        from vtes_desktop.ui import deck_adapter

        self._show_deck(deck_adapter.load_text(self.db, text))

    def _show_deck(self, view) -> None:
        self.deck_panel.show_deck(view)
        first = view.first_card()
        if first is not None:
            self.show_card(first)
        msg = f"Deck: {view.name}" + (f" — {len(view.problems)} problem(s)" if view.problems else "")
        self.statusBar().showMessage(msg, 6000)

    def close_deck(self) -> None:
        self.deck_panel.show_deck(None)
        self.settings.last_deck = ""
        self.save()

    # -- theme and settings --------------------------------------------------------
    def set_theme(self, key: str) -> None:
        theme = load_theme(key)
        self.theme = theme
        apply_theme(QApplication.instance(), theme)
        self.browser.set_theme(theme)
        self.face.set_theme(theme)
        self.deck_panel.set_theme(theme)
        self.theme_actions[key].setChecked(True)
        self.settings.theme = key
        self.save()

    def restore_geometry(self) -> bool:
        """Restore the saved window geometry and pane sizes; False when there were none or they were unusable."""
        ok = bool(self.settings.geometry) and self.restoreGeometry(_b64(self.settings.geometry))
        if self.settings.splitter and not self.splitter.restoreState(_b64(self.settings.splitter)):
            self.splitter.setSizes(list(layout.SPLITTER_SIZES))
        return ok

    def save(self) -> None:
        if not self.persist:
            return
        self.settings.geometry = bytes(self.saveGeometry().toBase64()).decode("ascii")
        self.settings.splitter = bytes(self.splitter.saveState().toBase64()).decode("ascii")
        save_settings(self.settings)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save()
        super().closeEvent(event)


def _b64(text: str) -> QByteArray:
    return QByteArray.fromBase64(text.encode("ascii", errors="replace"))
