"""The table window: the table, the phase bar and prompt, the card preview and the log.

Built around one `GameSession`: it draws each view the session sends, sends
each gesture as a command, and shows each refusal where the player looks.
Menus: File (new, open, resume, save, export the position), Game (undo,
the turn commands, the seat on show, hot-seat options, concede, withdraw),
View (zoom, theme, card images, panels).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (QApplication, QDockWidget, QFileDialog, QInputDialog, QMainWindow, QMessageBox,
                               QVBoxLayout, QWidget)

from vtes_desktop.engine import commands as C
from vtes_desktop.ui.table import assist_settings, storage, table_settings
from vtes_desktop.ui.table.assist_dock import AssistDock
from vtes_desktop.ui.table.card_images import CardImages
from vtes_desktop.ui.table.log_panel import LogPanel
from vtes_desktop.ui.table.phase_bar import PhaseBar
from vtes_desktop.ui.table.preview_panel import PreviewPanel
from vtes_desktop.ui.table.privacy_screen import PrivacyScreen
from vtes_desktop.ui.table.prompt_bar import PromptBar
from vtes_desktop.ui.table.session import refusal_text
from vtes_desktop.ui.table.table_scene import TableScene
from vtes_desktop.ui.table.table_view import TableView

GAME_FILTER = "Games and scenarios (*.jsonl *.yaml *.yml);;Saved games (*.jsonl);;Scenarios (*.yaml *.yml);;All files (*)"


class TableWindow(QMainWindow):
    #: a new view was drawn (tests and the screenshot wait for it)
    drawn = Signal()

    def __init__(self, db, theme, settings: table_settings.TableSettings | None = None, *,
                 persist: bool = True) -> None:
        super().__init__()
        self.db = db
        self.theme = theme
        self.settings = settings or table_settings.TableSettings()
        self.persist = persist
        self.session = None
        self.setObjectName("tableWindow")
        self.setWindowTitle("VTES Desktop \u2014 table")
        self.resize(1600, 1000)

        images = CardImages(self.settings.card_images) if self.settings.card_images else None
        self.scene = TableScene(theme, images, self)
        self.view = TableView(self.scene)
        self.phase_bar = PhaseBar(self.scene.palette)
        self.prompt_bar = PromptBar(self.scene.palette)
        central = QWidget()
        v = QVBoxLayout(central)
        v.setContentsMargins(0, 0, 0, 0)
        v.setSpacing(0)
        v.addWidget(self.phase_bar)
        v.addWidget(self.prompt_bar)
        v.addWidget(self.view, 1)
        self.setCentralWidget(central)

        self.preview = PreviewPanel(theme, db)
        self.log_panel = LogPanel(self.scene.palette)
        self.preview_dock = self._dock("Card", self.preview, "cardDock")
        self.log_dock = self._dock("Log", self.log_panel, "logDock")
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.preview_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.resizeDocks([self.preview_dock], [320], Qt.Orientation.Horizontal)
        # the rules assist (issue 9): what is under way, what can be played, what passing means
        self.assist = assist_settings.load() if persist else assist_settings.AssistSettings()
        from vtes_desktop.ui.table.stops import Stops

        self.stops = Stops(self.assist.stops)
        self.assist_panel = AssistDock(self.scene.palette)
        self.assist_dock = self._dock("Under way", self.assist_panel, "assistDock")
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.assist_dock)
        self.resizeDocks([self.assist_dock], [360], Qt.Orientation.Horizontal)
        self.assist_panel.commands_requested.connect(self.submit_all)
        self.assist_panel.explain_requested.connect(self.explain)
        self.assist_panel.stop_toggled.connect(self._stop_toggled)
        self.assist_panel.referendum.last_call_fired.connect(self._last_call)
        self.scene.assist_lights = self.assist.lights
        self.view.assist_manual = self.assist.manual
        self.view.explain_requested.connect(self.explain)
        self.view.refusal_shown.connect(self._refusal_shown)
        self.log_panel.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.log_panel.tree.customContextMenuRequested.connect(self._log_menu)
        self.last_refusal: tuple[str, str] | None = None
        self.explanation = None

        self.privacy = PrivacyScreen(self, self.scene.palette)
        self.privacy.revealed.connect(self._revealed)
        self.privacy.undo_requested.connect(self._undo_for)

        self.view.commands_requested.connect(self.submit_all)
        self.view.browse_requested.connect(self.browse)
        self.phase_bar.commands_requested.connect(self.submit_all)
        self.prompt_bar.commands_requested.connect(self.submit_all)
        self.prompt_bar.undo_requested.connect(lambda: self.undo())
        self.scene.card_hovered.connect(self.preview.show_card)
        self.log_panel.line_activated.connect(self._line_activated)
        self._build_menus()
        self._last_seat: int | None = None
        self._last_actor: int | None = None
        self._over_shown = False
        self.final = None
        from PySide6.QtWidgets import QPushButton

        self.why_button = QPushButton("Why?")
        self.why_button.setObjectName("whyButton")
        self.why_button.setToolTip("Explain the rule behind the last refusal")
        self.why_button.setEnabled(False)
        self.why_button.clicked.connect(self.explain_last_refusal)
        self.statusBar().addPermanentWidget(self.why_button)
        self.statusBar().showMessage("Ready")

    def _dock(self, title: str, w: QWidget, name: str) -> QDockWidget:
        d = QDockWidget(title, self)
        d.setObjectName(name)
        d.setWidget(w)
        d.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                      | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        return d

    # -- menus -----------------------------------------------------------------------------------
    def _act(self, menu, text: str, slot, shortcut=None, *, checkable: bool = False, checked: bool = False,
             name: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
            a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        if checkable:
            a.setCheckable(True)
            a.setChecked(checked)
            a.toggled.connect(slot)
        else:
            a.triggered.connect(lambda _=False: slot())
        if name:
            a.setObjectName(name)
        menu.addAction(a)
        self.addAction(a)
        return a

    def _build_menus(self) -> None:
        f = self.menuBar().addMenu("&File")
        self._act(f, "&New game…", self.new_game, QKeySequence.StandardKey.New, name="actNewGame")
        self._act(f, "&Open game or scenario…", self.open_dialog, QKeySequence.StandardKey.Open, name="actOpen")
        self._act(f, "&Resume…", self.resume_dialog, name="actResume")
        self._act(f, "&Save game as…", self.save_as, QKeySequence.StandardKey.SaveAs, name="actSaveAs")
        self._act(f, "&Export position…", self.export_position, "Ctrl+Shift+E", name="actExport")
        f.addSeparator()
        self._act(f, "&Close the table", self.close, QKeySequence.StandardKey.Close)

        g = self.menuBar().addMenu("&Game")
        self.act_undo = self._act(g, "&Undo my last step", self.undo, QKeySequence.StandardKey.Undo, name="actUndo")
        self._act(g, "&End phase", lambda: self._turn("end_phase"), "E", name="actEndPhase")
        self._act(g, "&Pass", lambda: self._turn("pass"), "P", name="actPass")
        self._act(g, "Don't &block", lambda: self._turn("decline_block"), "B")
        self._act(g, "&Resolve the window", lambda: self._turn("resolve"), "R")
        self._act(g, "&Finish the action", lambda: self._turn("finish"), "F")
        self._act(g, "&Done (effect carried out by hand)", lambda: self.submit_all([C.Done(seat=self._seat())]),
                  "Ctrl+D")
        self._act(g, "&Lock or unlock the card under the mouse", self.view.toggle_lock_hovered, "L", name="actLock")
        self._act(g, "&Draw a card", lambda: self.submit_all([C.Draw(seat=self._seat(), count=1)]), "D",
                  name="actDraw")
        g.addSeparator()
        self.seat_menu = g.addMenu("&Show the table as")
        self.seat_menu.menuAction().setObjectName("actShowAs")
        self.act_privacy = self._act(g, "Privacy screen between seats", self._set_privacy, checkable=True,
                                     checked=self.settings.privacy_screen, name="actPrivacy")
        self.act_auto = self._act(g, "Pass automatically when nothing can be played", self._set_auto,
                                  checkable=True, checked=self.settings.auto_pass)
        self._act(g, "&Stops (where the table waits for each player)…", self.edit_stops, name="actStops")
        rm = g.addMenu("&Rules")
        rm.setObjectName("rulesMenu")
        grp = QActionGroup(self)
        self.mode_actions = {}
        for key in assist_settings.MODES:
            a = QAction(assist_settings.MODE_LABELS[key], self, checkable=True)
            a.setObjectName(f"mode_{key}")
            a.setChecked(key == self.assist.mode)
            a.triggered.connect(lambda _=False, k=key: self.set_assist_mode(k))
            grp.addAction(a)
            rm.addAction(a)
            self.mode_actions[key] = a
        self._act(g, "E&xplain the last refusal", self.explain_last_refusal, "F1", name="actExplain")
        g.addSeparator()
        self._act(g, "&Concede…", self.concede)
        self._act(g, "&Withdraw…", self.withdraw)
        self._act(g, "Call &time…", self.call_time)

        v = self.menuBar().addMenu("&View")
        self._act(v, "Zoom &in", self.view.zoom_in, QKeySequence.StandardKey.ZoomIn)
        self._act(v, "Zoom &out", self.view.zoom_out, QKeySequence.StandardKey.ZoomOut)
        self._act(v, "&Fit the table", self.view.zoom_reset, "Ctrl+0")
        v.addSeparator()
        tm = v.addMenu("&Theme")
        grp = QActionGroup(self)
        for key in ("dark", "light"):
            a = QAction(key.title(), self, checkable=True)
            a.setChecked(key == self.theme.key)
            a.triggered.connect(lambda _=False, k=key: self.set_theme(k))
            grp.addAction(a)
            tm.addAction(a)
        self._act(v, "Card &images folder…", self.choose_images)
        v.addSeparator()
        v.addAction(self.preview_dock.toggleViewAction())
        v.addAction(self.log_dock.toggleViewAction())
        v.addAction(self.assist_dock.toggleViewAction())

    def _rebuild_seat_menu(self) -> None:
        self.seat_menu.clear()
        if self.session is None or self.session.view is None:
            return
        for s in self.session.view.seats:
            a = self.seat_menu.addAction(s.name)
            a.setCheckable(True)
            a.setChecked(s.index == self.session.seat)
            a.triggered.connect(lambda _=False, i=s.index: self.show_seat(i))

    # -- the session -----------------------------------------------------------------------------
    def set_session(self, session) -> None:
        if self.session is not None:
            for sig, slot in ((self.session.updated, self._updated), (self.session.refused, self._refused),
                              (self.session.seat_changed, self._seat_changed),
                              (self.session.game_over, self._game_over)):
                try:
                    sig.disconnect(slot)
                except (RuntimeError, TypeError):
                    pass
        self.session = session
        self.view.set_session(session)
        self.assist_panel.log = []
        if hasattr(session, "stop_at"):
            session.stop_at = self.stops.hook([s.name for s in session.view.seats])
        session.updated.connect(self._updated)
        session.refused.connect(self._refused)
        session.seat_changed.connect(self._seat_changed)
        session.game_over.connect(self._game_over)
        self._over_shown = False
        self._last_seat = session.seat
        self._network_actions(session)
        self.preview.clear()
        self._updated(session.view, session.log(), True)
        names = ", ".join(s.name for s in session.view.seats)
        self.setWindowTitle(f"VTES Desktop \u2014 {names}")
        problems = getattr(session, "problems", [])
        if problems:
            QMessageBox.warning(self, "Some moves were not replayed", "\n".join(problems))
        if session.is_over:
            QTimer.singleShot(0, self._game_over)

    def _seat(self) -> int:
        return self.session.seat if self.session is not None else 0

    #: actions a network seat cannot use: the host keeps the game and its file (the client has only its
    #: view), and the window must not swap the network table for another game, nor show another seat
    NETWORK_OFF = ("actNewGame", "actOpen", "actResume", "actSaveAs", "actExport", "actPrivacy", "actShowAs")

    def _network_actions(self, session) -> None:
        """Turn off, for a network session (ui/net), what only a local game can do; Undo goes to the host,
        which takes back the seat's own step when it was started with --undo, and refuses otherwise."""
        remote = bool(getattr(session, "remote", False))
        for a in self.actions() + [self.seat_menu.menuAction()]:
            if a.objectName() in self.NETWORK_OFF:
                a.setEnabled(not remote)
                a.setStatusTip("The host keeps this game: a network seat has only its own view" if remote else "")

    def _updated(self, view, lines, reset: bool) -> None:
        if view is None:
            return
        self.scene.show_view(view, self.session)
        legal = self.session.legal
        self.phase_bar.show_view(view, legal)
        self.prompt_bar.show_view(view, legal)
        self.log_panel.set_lines(lines, reset=reset)
        self.assist_panel.set_log(lines, reset)
        self.assist_panel.show_state(self.session, view, self.scene.lights, self.assist, self.stops)
        self.act_undo.setEnabled(True)
        self._rebuild_seat_menu()
        if self._over_shown and not self.session.is_over:   # the last oust was taken back: play on
            self._over_shown = False
            path = getattr(self.session, "path", None)
            if path is not None:
                storage.mark_finished(path, False)
        self.drawn.emit()

    def _refused(self, cmd, err) -> None:
        msg = refusal_text(err)
        self.view.command_refused(msg)
        from vtes_desktop.ui.table.session import CARD_FIELDS

        self._refusal_shown(err.rule, msg, [v for f in CARD_FIELDS for v in [getattr(cmd, f, None)]
                                            if isinstance(v, str)])
        self.statusBar().showMessage(f"Refused: {msg}", 8000)

    # -- the rules assist ----------------------------------------------------------------------------
    def _refusal_shown(self, rule: str, message: str, vids=()) -> None:
        cards = tuple(it.cdef for v in vids or () for it in [self.scene.item_of(v)] if it is not None and it.cdef
                      and it.shows_face)
        self.last_refusal = (rule or "", message, cards)
        self.why_button.setEnabled(True)
        self.why_button.setToolTip(f"Why? {message}")

    def explain_last_refusal(self) -> None:
        if self.last_refusal is not None:
            self.explain(*self.last_refusal)

    def explain(self, rule: str, said: str = "", cards=()) -> None:
        """Open the short explanation of *rule* (with the rulings of *cards*, CardDefs)."""
        from vtes_desktop.ui.table.explain_dialog import ExplainDialog
        from vtes_desktop.ui.table.explanations import explain

        if not cards and self.scene.hovered is not None and self.scene.hovered.cdef is not None:
            cards = (self.scene.hovered.cdef,)
        self.explanation = ExplainDialog(explain(rule or None, said, cards, self.db), self)
        self.explanation.lesson_requested.connect(self.open_lesson)
        self.explanation.show()

    def open_lesson(self, file: str):
        """The Learn screen, opened on the lesson *file* (the one that teaches a refused rule)."""
        from vtes_desktop.ui.learn.learn_window import open_learn

        learn = getattr(self, "learn_window", None)
        if learn is None or not learn.isVisible():
            self.learn_window = learn = open_learn(self.db, self.theme, parent=self)
        learn.raise_()
        return learn.open_file(file)

    def explain_line(self, line) -> None:
        from vtes_desktop.ui.table.explain_dialog import ExplainDialog
        from vtes_desktop.ui.table.explanations import explain_line

        vids = self.session.cards_of(line) if self.session is not None else ()
        cards = tuple(it.cdef for v in vids for it in [self.scene.item_of(v)] if it is not None and it.cdef)
        self.explanation = ExplainDialog(explain_line(line, cards, self.db), self)
        self.explanation.lesson_requested.connect(self.open_lesson)
        self.explanation.show()

    def _log_menu(self, pos) -> None:
        from PySide6.QtWidgets import QMenu

        from vtes_desktop.ui.table.log_panel import ROLE_LINE

        item = self.log_panel.tree.itemAt(pos)
        line = item.data(0, ROLE_LINE) if item is not None else None
        if line is None:
            return
        menu = QMenu(self)
        menu.setObjectName("logMenu")
        a = menu.addAction("Explain this line (the rule involved)")
        a.triggered.connect(lambda _=False, ln=line: self.explain_line(ln))
        b = menu.addAction("Show its cards on the table")
        b.triggered.connect(lambda _=False, ln=line: self._line_activated(ln))
        self.last_log_menu = menu
        menu.popup(self.log_panel.tree.viewport().mapToGlobal(pos))

    def set_assist_mode(self, mode: str) -> None:
        """Enforced, manual (refused gestures become manual moves) or assist off (nothing lit)."""
        self.assist.mode = mode
        if mode in self.mode_actions:
            self.mode_actions[mode].setChecked(True)
        self.scene.assist_lights = self.assist.lights
        self.view.assist_manual = self.assist.manual
        self._save_assist()
        if self.session is not None and self.session.view is not None:
            self._updated(self.session.view, [], False)
        self.statusBar().showMessage(assist_settings.MODE_LABELS[mode], 5000)

    def edit_stops(self) -> None:
        from vtes_desktop.ui.table.stops import StopsDialog

        if self.session is None or self.session.view is None:
            return
        dlg = StopsDialog(self.stops, [s.name for s in self.session.view.seats], self)
        if dlg.exec() == StopsDialog.DialogCode.Accepted:
            self._stops_changed()

    def _stop_toggled(self, seat: int, window: str, on: bool) -> None:
        if self.session is None or self.session.view is None:
            return
        self.stops.set(self.session.view.seats[seat].name, window, on)
        self._stops_changed()

    def _stops_changed(self) -> None:
        self.assist.stops = self.stops.to_dict()
        self._save_assist()

    def _last_call(self) -> None:
        """The last call ran out: everyone passes until polling closes."""
        v = self.session.view if self.session is not None else None
        if v is not None and v.tally is not None and v.tally.step == "polling":
            self.submit_all([C.Resolve(seat=self.session.seat)])

    def _save_assist(self) -> None:
        if self.persist:
            assist_settings.save(self.assist)

    def submit_all(self, cmds) -> bool:
        """Submit *cmds* in order; stop at the first refusal. True when all were accepted."""
        if self.session is None or self.privacy.covering:
            return False
        before = self.session.seat
        for c in cmds:
            if c.seat != self.session.seat and not isinstance(c, C.Undo):
                c = c.model_copy(update={"seat": self.session.seat})
            if self.session.submit(c) is not None:
                return False
        self.view.command_accepted()
        self._last_actor = before
        return True

    def _turn(self, key: str) -> None:
        c = self.prompt_bar.command_for(key)
        if key == "end_phase":
            if self.phase_bar.end_phase.isEnabled():
                c = C.EndPhase(seat=self._seat())
            else:
                c = C.EndPhase(seat=self._seat())   # the engine says why not
        if c is None:
            c = {"pass": C.Pass, "decline_block": C.DeclineBlock, "resolve": C.Resolve,
                 "finish": C.Finish}[key](seat=self._seat())
        self.submit_all([c])

    def undo(self) -> None:
        if self.session is not None:
            self.session.undo(self.session.seat)

    def _undo_for(self, seat: int) -> None:
        """From the privacy screen: the Methuselah who just played takes back their step, before handing over."""
        if self.session is None:
            return
        r = self.session.undo(seat)
        if r is not None:   # the screen stays: the next seat's table must not show
            self.privacy.detail.setText(f"Cannot take it back: {refusal_text(r)}")
            return
        self.privacy.hide()
        if hasattr(self.session, "show_seat"):
            self._covering_allowed = False
            try:
                self.session.show_seat(seat)
            finally:
                self._covering_allowed = True

    # -- hot-seat ---------------------------------------------------------------------------------
    def show_seat(self, seat: int) -> None:
        if self.session is not None and hasattr(self.session, "show_seat"):
            self.session.show_seat(seat)

    def _seat_changed(self, seat: int) -> None:
        prev = self._last_seat
        self._last_seat = seat
        self.preview.clear()
        if not self.settings.privacy_screen or self.session is None or self.session.is_over \
                or not getattr(self, "_covering_allowed", True):
            return
        view = self.session.view
        from vtes_desktop.ui.table import prompt

        asked = prompt.build(view, self.session.legal).text
        prev_name = view.seats[prev].name if prev is not None and 0 <= prev < len(view.seats) else ""
        self.privacy.cover(view.seats[seat].name, asked=asked, prev_seat=prev if prev is not None else -1,
                           prev_name=prev_name)

    def _revealed(self) -> None:
        self.view.setFocus()

    def _set_privacy(self, on: bool) -> None:
        self.settings.privacy_screen = on
        self._save_settings()
        if not on:
            self.privacy.hide()

    def _set_auto(self, on: bool) -> None:
        self.settings.auto_pass = on
        self._save_settings()
        if self.session is not None and hasattr(self.session, "set_auto_pass"):
            self.session.set_auto_pass(on)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.privacy.isVisible():
            self.privacy.setGeometry(self.rect())

    # -- the log ------------------------------------------------------------------------------------
    def _line_activated(self, line) -> None:
        vids = self.session.cards_of(line) if self.session is not None else ()
        n = self.scene.mark(vids)
        if not line.refs:
            self.statusBar().showMessage("This line names no card.", 4000)
        elif not n:
            self.statusBar().showMessage("The cards of this line are no longer where you can see them.", 4000)

    # -- the end --------------------------------------------------------------------------------------
    def _game_over(self) -> None:
        if self._over_shown or self.session is None:
            return
        self._over_shown = True
        path = getattr(self.session, "path", None)
        if path is not None:
            storage.mark_finished(path)
        self.privacy.hide()
        from vtes_desktop.ui.table.final_screen import FinalScreen

        self.final = FinalScreen(self.session.view, self)
        self.final.open()

    def concede(self) -> None:
        if self.session is None or self.session.view is None:
            return
        me = self.session.view.seats[self.session.seat]
        if QMessageBox.question(self, "Concede",
                                f"{me.name}: leave the game now? You are ousted: your predator gains the "
                                "victory point and 6 pool, as for any ousting.") \
                != QMessageBox.StandardButton.Yes:
            return
        self.submit_all([C.Concede(seat=self.session.seat)])

    def withdraw(self) -> None:
        if self.session is None or self.session.view is None:
            return
        me = self.session.view.seats[self.session.seat]
        if QMessageBox.question(self, "Withdraw",
                                f"{me.name}: announce that you withdraw? With your library exhausted, you leave "
                                "the game at the start of your next turn with half a victory point, unless you "
                                "are ousted first; your predator gains nothing.") \
                != QMessageBox.StandardButton.Yes:
            return
        self.submit_all([C.Withdraw(seat=self.session.seat)])      # the engine says no, and why, when too early

    def call_time(self) -> None:
        if self.session is None or self.session.view is None:
            return
        if QMessageBox.question(self, "Time",
                                "The time limit is reached: end the game now? Each Methuselah still in the "
                                "game gains half a victory point.") != QMessageBox.StandardButton.Yes:
            return
        self.submit_all([C.TimeOut(seat=self.session.seat)])

    # -- files -------------------------------------------------------------------------------------
    def new_game(self) -> None:
        from vtes_desktop.ui.table.new_game_dialog import NewGameDialog

        dlg = NewGameDialog(self.db, self.settings, self)
        if dlg.exec() != NewGameDialog.DialogCode.Accepted:
            return
        spec = dlg.result_spec()
        from vtes_desktop.ui.table import launch

        game = launch.build_new_game(self.db, spec)
        self.settings.privacy_screen = dlg.privacy.isChecked()
        self.act_privacy.setChecked(self.settings.privacy_screen)
        self._save_settings()
        self.set_session(launch.session_for_game(game, auto_pass=self.settings.auto_pass))

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a game or a scenario", str(storage.games_dir()),
                                              GAME_FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str) -> bool:
        from vtes_desktop.ui.table import launch

        try:
            s = launch.open_file(self.db, path, auto_pass=self.settings.auto_pass)
        except launch.OpenError as e:
            QMessageBox.warning(self, "Cannot open", str(e))
            return False
        self.set_session(s)
        return True

    def resume_dialog(self) -> None:
        games = storage.unfinished_games()
        if not games:
            QMessageBox.information(self, "Resume", "There is no unfinished game.")
            return
        items = [g.describe() for g in games]
        choice, ok = QInputDialog.getItem(self, "Resume a game", "Unfinished games:", items, 0, False)
        if ok:
            self.open_path(str(games[items.index(choice)].path))

    def save_as(self) -> None:
        if self.session is None or getattr(self.session, "game", None) is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save the game", str(Path.home() / "game.vtes.jsonl"),
                                              "Saved games (*.jsonl)")
        if path:
            from vtes_desktop.engine import persist

            persist.save(self.session.game, path)
            self.statusBar().showMessage(f"Saved to {path}", 5000)

    def export_position(self) -> None:
        if self.session is None or getattr(self.session, "game", None) is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Export the position as a scenario",
                                              str(Path.home() / "position.yaml"), "Scenarios (*.yaml *.yml)")
        if path:
            from vtes_desktop.scenario.writer import export_position

            export_position(self.session.game, path)
            self.statusBar().showMessage(f"Position written to {path}", 5000)

    def browse(self, seat: int, region: str) -> None:
        from vtes_desktop.ui.table.browse_dialog import BrowseDialog

        dlg = BrowseDialog(self.session, seat, region, self.theme, self)
        dlg.commands_requested.connect(lambda cmds: (self.submit_all(cmds), dlg.refresh()))
        dlg.show()

    # -- look --------------------------------------------------------------------------------------
    def set_theme(self, key: str) -> None:
        from vtes_desktop.ui.theme import apply_theme, load_theme

        self.theme = load_theme(key)
        apply_theme(QApplication.instance(), self.theme)
        self.scene.set_theme(self.theme)
        for w in (self.phase_bar, self.prompt_bar, self.log_panel, self.privacy, self.view.toast, self.assist_panel):
            w.set_palette(self.scene.palette)
        self.preview.set_theme(self.theme)
        if self.session is not None and self.session.view is not None:
            self._updated(self.session.view, [], False)

    def choose_images(self) -> None:
        d = QFileDialog.getExistingDirectory(self, "A folder of card images", self.settings.card_images or
                                             str(Path.home()))
        self.settings.card_images = d or ""
        self.scene.set_images(CardImages(d) if d else None)
        self._save_settings()

    def _save_settings(self) -> None:
        if self.persist:
            table_settings.save(self.settings)
