"""A lesson (or a rules puzzle) played at the table, with the tutor's narration beside it.

`LessonWindow(db, theme, path)` is a table window over a `LessonSession`: the tutor's game on the table,
the narration panel on the left (the step's `say`, the question, hints on request, the verdict of each move),
what the step highlights outlined on the table, Back / Skip through the steps, and Show me (the tutor plays the
expected move). Steps without narration are played at once; a step with `say` waits for Next.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QDockWidget, QGraphicsRectItem, QWidget

from vtes_desktop.scenario.lesson import Tutor
from vtes_desktop.scenario.loader import load
from vtes_desktop.ui.learn.lesson_session import LessonSession
from vtes_desktop.ui.learn.narration import NarrationPanel
from vtes_desktop.ui.table.table_settings import TableSettings
from vtes_desktop.ui.table.table_window import TableWindow

HIGHLIGHT = QColor("#3fc8ff")     # not the rules assist's gold (lit plays) nor the impulse's
Z_HIGHLIGHT = 10_000


class _Outline(QWidget):
    """A coloured frame over a widget (a panel the step talks about)."""

    def __init__(self, target: QWidget) -> None:
        super().__init__(target)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setGeometry(target.rect())
        target.installEventFilter(self)
        self.show()
        self.raise_()

    def eventFilter(self, obj: QObject, ev: QEvent) -> bool:   # noqa: N802
        if ev.type() == QEvent.Type.Resize:
            self.setGeometry(obj.rect())
        return False

    def paintEvent(self, _ev) -> None:   # noqa: N802
        p = QPainter(self)
        p.setPen(QPen(HIGHLIGHT, 4, Qt.PenStyle.DashLine))
        p.drawRect(self.rect().adjusted(2, 2, -2, -2))


class LessonWindow(TableWindow):
    #: (file, hints used, shown) when the lesson is over
    finished = Signal(str, int, bool)

    def __init__(self, db, theme, path: str | Path, *, key: str = "", settings: TableSettings | None = None,
                 persist: bool = False) -> None:
        super().__init__(db, theme, settings or TableSettings(privacy_screen=False, auto_pass=False),
                         persist=persist)
        self.scene.animate = False
        self.path = Path(path)
        self.key = key or self.path.name
        self.sc = load(self.path, db)
        self.info = self.sc.lesson
        self.tutor = Tutor(self.sc, db)
        self.started = False           # the intro was read
        self.answered = False          # the question on show was answered (or shown): Next goes on
        self.hints_used = 0
        self.shown = False             # Show me was used
        self.done_emitted = False
        #: set by the Learn screen: opens the course's next lesson (Next at the end)
        self.next_lesson = None
        self._marks: list[QGraphicsRectItem] = []
        self._outlines: list[_Outline] = []

        self.narration = NarrationPanel()
        self.narration_dock = QDockWidget("Lesson", self)
        self.narration_dock.setObjectName("lessonDock")
        self.narration_dock.setWidget(self.narration)
        self.narration_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.narration_dock)
        self.splitDockWidget(self.narration_dock, self.assist_dock, Qt.Orientation.Vertical)
        self.resizeDocks([self.narration_dock, self.assist_dock], [420, 580], Qt.Orientation.Vertical)
        self.resizeDocks([self.narration_dock], [380], Qt.Orientation.Horizontal)
        self.narration.next_requested.connect(self.next)
        self.narration.back_requested.connect(self.back)
        self.narration.forward_requested.connect(self.forward)
        self.narration.hint_requested.connect(self.hint)
        self.narration.show_me_requested.connect(self.show_me)

        self.lesson_session = LessonSession(self.tutor, seat=self._learner_seat())
        self.lesson_session.judged.connect(self._judged)
        self.set_session(self.lesson_session)
        self.drawn.connect(self._draw_highlights)
        self.scene.resized.connect(self._draw_highlights)   # the cards moved: the outlines follow them
        self._lesson_menus()
        kind = "Puzzle" if self.info is not None and self.info.kind == "puzzle" else "Lesson"
        self.setWindowTitle(f"VTES Desktop \u2014 {kind}: {self.sc.title}")
        self.narration_dock.setWindowTitle(kind)
        self.narration.title.setText(self.sc.title)
        self._show_intro()

    def _lesson_menus(self) -> None:
        """A lesson is not a game to save, resume or replace: File keeps only Close."""
        for top in self.menuBar().actions():
            if top.menu() is not None and top.text() == "&File":
                for a in top.menu().actions():
                    if not a.text().startswith("&Close"):
                        a.setVisible(False)

    # -- whose side the learner plays ------------------------------------------------------------
    def _learner_seat(self, at: int | None = None) -> int:
        """The seat of the question at or after step *at* (the learner plays it), else the first question's."""
        steps = self.sc.steps
        start = self.tutor.at if at is None else at
        for s in list(steps[start:]) + list(steps[:start]):
            if s.teach is not None and s.teach.is_question:
                return self.sc.players.index(s.by)
        return 0

    # -- the flow -------------------------------------------------------------------------------------
    def _show_intro(self) -> None:
        n = self.narration
        n.clear()
        info = self.info
        if info is not None and info.kind == "puzzle":
            n.add(f"Puzzle \u00b7 {info.level}", label="")
        n.add(info.intro if info is not None else "")
        if info is not None and info.goal:
            n.add(info.goal, "ask", "Goal:")
        if info is not None and info.goals:
            n.add("\n".join(f"\u2022 {g}" for g in info.goals), label="You will learn:")
        n.add("Press Next to begin.")
        self._buttons()
        self._draw_highlights()

    def next(self) -> None:
        """Next: past the intro, past a step's narration (the tutor plays it), past a right answer."""
        if not self.started:
            self.started = True
            self._show_step()
            return
        if self.tutor.is_question and not self.answered:
            return                      # the learner's move is awaited
        if self.answered:               # past the verdict (the tutor is already at the next step)
            self.answered = False
            self._show_step()
            return
        if self.tutor.done:
            if self.next_lesson is not None:
                self.next_lesson()
            self.close()
            return
        self._play()
        self._show_step()

    def _play(self) -> None:
        self.tutor.play()
        self.lesson_session.sync(self._learner_seat())

    def _show_step(self) -> None:
        """Show the step on hand: play steps without narration, stop at narration, a question or the end."""
        while not self.tutor.done and not self.tutor.is_question and not self.tutor.teach.say:
            self._play()
        n = self.narration
        n.clear()
        if self.tutor.done:
            self._show_end()
            return
        t = self.tutor.teach
        before = self._said_before() if not t.say else ""     # a step with its own narration needs no recap
        if before:
            n.add(before, "past", "So far:")
        if self.info is not None and self.info.goal:
            n.add(self.info.goal, "", "Goal:")
        n.add(t.say)
        if t.highlight:
            n.add(", ".join(self._describe(h) for h in t.highlight) + ".", "look", "Look at (outlined in blue):")
        if t.ask:
            self.lesson_session.sync(self._learner_seat())
            me = self.sc.players[self.lesson_session.seat]
            n.ask(t.ask, f"{me}, your move:")
            n.add("Make the move on the table (drag a lit card onto a lit place, or right-click a card for "
                  "what it can do now) or with the buttons of the Under way panel below: what you can play is "
                  "lit in gold. Stuck? Ask for a hint, or let the tutor show you.", "past")
        n.shown()
        self._buttons()
        self._draw_highlights()
        self._fit_docks()

    def _fit_docks(self) -> None:
        """Share the left column between the narration and the Under way panel by what each has to show: the
        narration gets the height its step needs (not less than a third of the column), the Under way panel
        what it needs of the rest, and any room left goes to the Under way panel."""
        n, dock = self.narration, self.assist_dock
        total = self.narration_dock.height() + dock.height()
        if total < 200 or not self.isVisible():
            return
        width = n.scroll.viewport().width() or n.width()
        chrome = n.height() - n.scroll.viewport().height()
        need_n = chrome + n.text.heightForWidth(max(100, width)) + 28
        inner = self.assist_panel.scroll.widget()
        need_a = (dock.height() - self.assist_panel.scroll.viewport().height()) + inner.sizeHint().height() + 12
        low = total // 3
        h = max(low, min(need_n, total - min(need_a, total - low)))
        self.resizeDocks([self.narration_dock, dock], [h, total - h], Qt.Orientation.Vertical)

    def _said_before(self) -> str:
        """The narration of the step before the one on show (what the table just did), if any."""
        for s in reversed(self.sc.steps[:self.tutor.at]):
            if s.teach is not None and s.teach.say:
                return s.teach.say
        return ""

    def _describe(self, h) -> str:
        whose = f"{h.player}'s " if h.player else ""
        if h.kind == "region":
            return whose + h.what.replace("_", " ") + (" region" if h.what not in ("hand", "library", "crypt")
                                                         else "")
        if h.kind == "card":
            return whose + h.what
        if h.kind == "panel":
            return {"phase": "the phase bar", "prompt": "the prompt above the table", "log": "the log"}.get(
                h.what, f"the {h.what} panel (Under way)")
        if h.what == "edge":
            return "the Edge"
        if h.card:
            return f"the {h.what} on {h.card}"
        return whose + {"vp": "victory points", "transfers": "transfers", "hand": "hand size"}.get(h.what, h.what)

    def _show_end(self) -> None:
        n = self.narration
        n.clear()
        kind = "puzzle" if self.info is not None and self.info.kind == "puzzle" else "lesson"
        n.add(f"You finished this {kind}.", "right", "\u2714")
        if self.info is not None and self.info.outro:
            n.add(self.info.outro)
        self._buttons()
        self._draw_highlights()
        if not self.done_emitted:
            self.done_emitted = True
            self.finished.emit(self.key, self.hints_used, self.shown)

    def _buttons(self) -> None:
        n = self.narration
        q = self.started and self.tutor.is_question and not self.answered
        n.hint_button.setEnabled(q and bool(self.tutor.teach.hints))
        n.show_me_button.setEnabled(q)
        n.next_button.setEnabled(not q)
        end = self.started and self.tutor.done
        n.next_button.setText(("Next lesson \u25b8" if self.next_lesson is not None else "Close") if end
                              else "Next \u25b8")
        n.back_button.setEnabled(self.started and (self.tutor.at > 0 or self.answered))
        n.forward_button.setEnabled(self.started and not self.tutor.done)
        total = len(self.sc.steps)
        n.progress.setText(f"Step {min(self.tutor.at + 1, total)} of {total}" if self.started else "")

    # -- the learner's moves -----------------------------------------------------------------------------
    def _judged(self, v) -> None:
        n = self.narration
        t = self.tutor.teach if not v.right else None
        if v.right:
            self.answered = True
            # the tutor moved on: the explanation belongs to the step just answered
            n.add("That's right." + (" (The lesson goes on from its own move.)" if v.replaced else ""), "right",
                  "\u2714")
            if v.message:
                n.add(v.message)
            n.add("Press Next to go on.")
            self._buttons_after_answer()
            return
        if v.outcome == "refused":
            n.add(v.message[:1].upper() + v.message[1:], "refused", "The rules say no:")
            if v.wrong is not None and v.wrong.explain:
                n.add(v.wrong.explain)
        else:
            n.add(v.message, "wrong", "Not this time:")
            n.add("The move was taken back.")
        if t is not None and t.hints:
            self.hint()

    def _buttons_after_answer(self) -> None:
        n = self.narration
        n.hint_button.setEnabled(False)
        n.show_me_button.setEnabled(False)
        n.next_button.setEnabled(True)
        n.next_button.setText("Next \u25b8")
        n.back_button.setEnabled(True)
        n.forward_button.setEnabled(not self.tutor.done)
        self._draw_highlights()

    def hint(self) -> None:
        hints = self.tutor.teach.hints if self.tutor.is_question else ()
        if hints:
            self.hints_used += 1
            i = min(self.tutor.hints_shown + 1, len(hints))
            label = "Hint:" if len(hints) == 1 else f"Hint {i} of {len(hints)}:"
            self.narration.add(self.tutor.hint(), "hint", label)

    def show_me(self) -> None:
        """Play the expected move for the learner."""
        if not (self.tutor.is_question and not self.answered):
            return
        explain = self.tutor.teach.explain
        self.shown = True
        self._play()
        self.answered = True
        self.narration.add("Here is the move the lesson expected.", "hint", "Shown:")
        if explain:
            self.narration.add(explain)
        self.narration.add("Press Next to go on.")
        self._buttons_after_answer()

    def forward(self) -> None:
        if self.answered:
            self.next()
        elif self.tutor.done:
            return
        elif self.tutor.is_question:
            self.show_me()
        else:
            self.next()

    def back(self) -> None:
        """Go back to the step with narration or a question before the one on show."""
        shown = self.tutor.at - 1 if self.answered else self.tutor.at    # the step on show
        target = shown - 1
        while target > 0 and not self._stops_at(target):
            target -= 1
        self.go_to(max(target, 0))

    def _stops_at(self, i: int) -> bool:
        t = self.sc.steps[i].teach
        return t is not None and (bool(t.say) or t.is_question)

    def go_to(self, index: int) -> None:
        """Start the lesson again and play its own moves up to step *index*."""
        self.tutor = Tutor(self.sc, self.db)
        for _ in range(index):
            self.tutor.play()
        self.lesson_session.tutor = self.tutor
        self.lesson_session.sync(self._learner_seat())
        self.answered = False
        self.started = True
        self._show_step()

    # -- highlights -----------------------------------------------------------------------------------
    def highlights(self) -> tuple:
        if not self.started or self.tutor.done or self.answered:
            return ()
        return self.tutor.teach.highlight

    def _draw_highlights(self) -> None:
        for m in self._marks:
            if m.scene() is not None:
                self.scene.removeItem(m)
        self._marks = []
        for o in self._outlines:
            o.hide()
            o.parent().removeEventFilter(o)
            o.deleteLater()
        self._outlines = []
        previewed = False
        for h in self.highlights():
            if h.kind == "card" and not previewed:
                items = self._card_items(h.what, self._seat_of(h.player))
                if items and items[0].cdef is not None:
                    self.preview.show_card(items[0].cdef)
                    previewed = True
            if h.kind == "panel":
                w = self._panel(h.what)
                if w is not None:
                    self._outlines.append(_Outline(w))
                continue
            for rect in self._rects(h):
                m = QGraphicsRectItem(rect.adjusted(-5, -5, 5, 5))
                m.setPen(QPen(HIGHLIGHT, 5, Qt.PenStyle.DashLine))
                m.setZValue(Z_HIGHLIGHT)
                m.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                m.setData(0, "lessonHighlight")
                self.scene.addItem(m)
                self._marks.append(m)

    def _panel(self, name: str):
        return {"action": self.assist_panel, "combat": self.assist_panel, "referendum": self.assist_panel,
                "phase": self.phase_bar, "prompt": self.prompt_bar, "log": self.log_panel}.get(name)

    def _seat_of(self, player: str | None) -> int | None:
        return self.sc.players.index(player) if player in self.sc.players else None

    def _rects(self, h) -> list[QRectF]:
        sc = self.scene
        seat = self._seat_of(h.player)
        if h.kind == "region":
            it = sc.zones.get((seat, h.what)) or sc.piles.get((seat, h.what))
            return [it.sceneBoundingRect()] if it is not None else []
        if h.kind == "card":
            return [it.sceneBoundingRect() for it in self._card_items(h.what, seat)]
        if h.kind == "counter":
            if h.what == "edge":
                return [sc.edge.sceneBoundingRect()] if sc.edge.isVisible() else []
            if h.card:
                return [it.sceneBoundingRect() for it in self._card_items(h.card, seat)]
            if h.what == "pool" and seat in sc.pools:
                return [sc.pools[seat].sceneBoundingRect()]
            if h.what == "hand":
                it = sc.zones.get((seat, "hand")) or sc.piles.get((seat, "hand"))
                if it is not None:
                    return [it.sceneBoundingRect()]
            if seat in sc.seats:
                return [sc.seats[seat].sceneBoundingRect()]
        return []

    def _card_items(self, name: str, seat: int | None) -> list:
        """The table's items of the card *name* (a name or an alias), of *seat*'s copy when given."""
        game = self.tutor.game
        if name in self.sc.aliases:
            a_seat, cid = self.sc.aliases[name]
            seat = a_seat if seat is None else seat
        else:
            try:
                cid = self.db[name].id
            except KeyError:
                return []
        out = []
        for iid, c in game.state.cards.items():
            if c.cid != cid or (seat is not None and seat not in (c.owner, c.controller)):
                continue
            vid = self.lesson_session.view_id(iid)
            it = self.scene.item_of(vid) if vid is not None else None
            if it is not None and it.isVisible():
                out.append(it)
        return out

    def closeEvent(self, ev) -> None:   # noqa: N802
        ev.accept()
