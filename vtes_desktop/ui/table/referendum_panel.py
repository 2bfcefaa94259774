"""The referendum panel: the terms, a live tally for and against with every source, the votes still held.

Read from the view's `TallyView` (votes for and against with their sources,
the totals, whether it passes as it stands, the votes each Methuselah still
holds) and, once polling closes, the result the engine recorded
(`SeatView.last_referendum`). The blood hunt referendum uses the same panel.
The seat's votes are offered source by source (`votes.vote_options`, each
command accepted by the engine). An optional last call closes polling after a
short countdown that starts again whenever anyone votes or plays a card.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from vtes_desktop.engine import commands as C
from vtes_desktop.ui.table.panel_kit import AssistCtx, CommandButton, Panel, choice_or_button
from vtes_desktop.ui.table.votes import vote_options


class TallyBar(QWidget):
    """One bar: votes for (left) against votes against (right), each source a segment."""

    def __init__(self, palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tallyBar")
        self.pal = palette
        self.yes: tuple = ()
        self.no: tuple = ()
        self.total_for = 0
        self.total_against = 0
        self.setMinimumHeight(34)

    def sizeHint(self) -> QSize:
        return QSize(280, 34)

    def set_tally(self, t) -> None:
        self.yes, self.no = tuple(t.votes_for), tuple(t.votes_against)
        self.total_for, self.total_against = t.total_for, t.total_against
        self.setToolTip(f"{t.total_for} for, {t.total_against} against")
        self.update()

    @staticmethod
    def _fit(p: QPainter, src: str, n: int, seg: float) -> str:
        """The source and its votes when they fit in the segment, else the votes alone."""
        full = f"{src} {n}"
        return full if p.fontMetrics().horizontalAdvance(full) <= seg - 6 else str(n)

    def paintEvent(self, _e) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        total = max(1, self.total_for + self.total_against)
        r = QRectF(1, 1, w - 2, h - 2)
        p.setPen(QPen(self.pal("zone_border"), 1))
        p.setBrush(self.pal("zone_fill"))
        p.drawRoundedRect(r, 6, 6)
        f = QFont(self.font())
        f.setPixelSize(11)
        f.setBold(True)
        p.setFont(f)
        x = r.left()
        base_for, base_against = QColor(self.pal("prey")), QColor(self.pal("predator"))
        for i, (_who, src, n) in enumerate(self.yes):
            seg = r.width() * n / total
            c = QColor(base_for).darker(100 + 18 * (i % 3))
            p.setPen(QPen(self.pal("seat_panel"), 1))
            p.setBrush(c)
            p.drawRect(QRectF(x, r.top(), seg, r.height()))
            p.setPen(QColor("#101010"))
            p.drawText(QRectF(x, r.top(), seg, r.height()), Qt.AlignmentFlag.AlignCenter, self._fit(p, src, n, seg))
            x += seg
        x = r.right()
        for i, (_who, src, n) in enumerate(self.no):
            seg = r.width() * n / total
            x -= seg
            c = QColor(base_against).darker(100 + 18 * (i % 3))
            p.setPen(QPen(self.pal("seat_panel"), 1))
            p.setBrush(c)
            p.drawRect(QRectF(x, r.top(), seg, r.height()))
            p.setPen(QColor("#101010"))
            p.drawText(QRectF(x, r.top(), seg, r.height()), Qt.AlignmentFlag.AlignCenter, self._fit(p, src, n, seg))
        if not self.yes and not self.no:
            p.setPen(self.pal("seat_muted"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, "No votes cast yet")
        # the middle: where the balance tips
        p.setPen(QPen(self.pal("seat_text"), 1, Qt.PenStyle.DashLine))
        mid = r.left() + r.width() / 2
        p.drawLine(int(mid), int(r.top()) - 1, int(mid), int(r.bottom()) + 1)
        p.end()


class ReferendumPanel(Panel):
    title_text = "Referendum"
    #: the last call ran out: close polling (the window sends Resolve for the seat on show)
    last_call_fired = Signal()

    def __init__(self, palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pal = palette
        self.bar = TallyBar(palette)
        self.result_text = ""
        self._key = None              # the action a referendum belonged to, to keep showing its result
        self._seen: tuple | None = None
        self._last = None             # (action key, the last tally seen): shown with the result
        self.seconds_left = 0
        self.last_call = QCheckBox("Last call")
        self.last_call.setObjectName("lastCall")
        self.last_call.setToolTip("Close polling automatically after a short countdown; the countdown starts "
                                  "again whenever anyone votes or plays a card.")
        self.countdown = QLabel("")
        self.countdown.setObjectName("lastCallCountdown")
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self._tick)
        self.last_call.toggled.connect(self._toggled)
        self.ctx: AssistCtx | None = None
        self.settings = None

    def set_palette(self, palette) -> None:
        self.pal = palette
        self.bar.pal = palette
        self.bar.update()

    # -- last call ---------------------------------------------------------------------------------
    def _toggled(self, on: bool) -> None:
        if self.settings is not None:
            self.settings.last_call = on
        self.restart_countdown() if on else self._stop()

    def restart_countdown(self) -> None:
        if not self.last_call.isChecked() or self.ctx is None or self.ctx.view.tally is None \
                or self.ctx.view.tally.step != "polling":
            self._stop()
            return
        secs = getattr(self.settings, "last_call_seconds", 8) if self.settings is not None else 8
        self.seconds_left = secs
        self.countdown.setText(f"Polling closes in {secs} s")
        self.timer.start()

    def _stop(self) -> None:
        self.timer.stop()
        self.seconds_left = 0
        self.countdown.setText("")

    def _tick(self) -> None:
        self.seconds_left -= 1
        if self.seconds_left <= 0:
            self._stop()
            self.last_call_fired.emit()
            return
        self.countdown.setText(f"Polling closes in {self.seconds_left} s")

    # -- drawing ---------------------------------------------------------------------------------------
    def update_from(self, ctx: AssistCtx) -> bool:
        v = ctx.view
        t = v.tally
        self.ctx = ctx
        self.settings = ctx.settings
        self.reset()
        for w in (self.bar, self.last_call, self.countdown):
            w.setParent(None)
        a = v.action
        key = (v.turn, a.actor_id, a.card_id) if a is not None else None
        if t is None:
            self._stop()
            said = self._result_line(ctx) if a is not None else None
            if said is not None:
                self.title.setText("Referendum")
                self.badge.setText("Polling closed")
                self.result_text = said
                self.text(said, name="referendumResult", big=True)
                last = self._last if (self._last is not None and self._last[0] == key) else None
                if last is not None:
                    # the final tally, as it stood when polling closed
                    self.add(self.bar)
                    self.bar.set_tally(last[1])
                    self.bar.show()
                    self.text("For: " + (self._sources(last[1].votes_for) or "nobody"), name="votesFor")
                    self.text("Against: " + (self._sources(last[1].votes_against) or "nobody"), name="votesAgainst")
                return True
            self._key = None
            self.result_text = ""
            return False
        self._key = key
        self._last = (key, t)
        self.result_text = ""
        hunt = t.terms == "blood hunt"
        card = ctx.cdef_of(a.card_id) if (a is not None and a.card_id) else None
        self.title.setText("Blood hunt referendum" if hunt else "Referendum")
        self.badge.setText("Choosing the terms" if t.step == "referendum_terms" else "Polling")
        if hunt:
            self.text(f"Blood hunt on {a.actor if a is not None else 'the diablerist'}: if it passes, the "
                      "diablerist is burned.", big=True, name="referendumWhat")
        else:
            caller = f"{a.actor} ({v.seats[a.seat].name})" if a is not None else "?"
            self.text(f"{card.display if card else 'A referendum'}, called by {caller}", big=True,
                      name="referendumWhat")
            if card is not None and getattr(card, "text", ""):
                self.text(card.text, muted=True, name="referendumCardText")   # what the terms are for
        self.text(f"Terms: {t.terms}" if t.terms else ("Terms: being chosen by the caller"
                                                        if t.step == "referendum_terms" else "Terms: none to choose"),
                  name="referendumTerms", muted=not t.terms)
        # the tally: for from the left, against from the right
        legend = QWidget()
        lh = QHBoxLayout(legend)
        lh.setContentsMargins(0, 0, 0, 0)
        lf, la = QLabel(f"\u25c0 For: {t.total_for}"), QLabel(f"Against: {t.total_against} \u25b6")
        lf.setObjectName("tallyFor")
        la.setObjectName("tallyAgainst")
        lf.setStyleSheet(f"color: {self.pal('prey').name()}; font-weight: 700;")
        la.setStyleSheet(f"color: {self.pal('predator').name()}; font-weight: 700;")
        lh.addWidget(lf)
        lh.addStretch(1)
        lh.addWidget(la)
        self.add(legend)
        self.add(self.bar)
        self.bar.set_tally(t)
        self.bar.show()
        tie = " (a tie)" if t.total_for == t.total_against else ""
        self.text(f"{t.total_for} for, {t.total_against} against: as it stands it "
                  f"{'passes' if t.passing else 'fails'}{tie}.", name="referendumStanding", big=True)
        self.text("For: " + (self._sources(t.votes_for) or "nobody yet"), name="votesFor")
        self.text("Against: " + (self._sources(t.votes_against) or "nobody yet"), name="votesAgainst")
        # the votes each Methuselah still holds
        self.heading("Votes still held")
        for player, held in t.uncast:
            s = ", ".join(f"{src} {n}" for src, n in held) if held else "none"
            self.text(f"{player}: {s}", name=f"uncast_{player}")
        # the seat's own votes
        if t.step == "referendum_terms":
            if a is not None and a.seat == v.seat:
                row = QWidget()
                h = QHBoxLayout(row)
                h.setContentsMargins(0, 0, 0, 0)
                edit = QLineEdit()
                edit.setObjectName("termsEdit")
                edit.setPlaceholderText("The terms the card asks for")
                b = QPushButton("Choose the terms")
                b.setObjectName("chooseTerms")
                b.setProperty("role", "primary")
                b.clicked.connect(lambda _=False, e=edit: e.text().strip() and self.send(
                    [C.Terms(seat=v.seat, choice=e.text().strip())]))
                h.addWidget(edit, 1)
                h.addWidget(b)
                self.add(row)
        else:
            opts = vote_options(v, ctx.legal, ctx.session.can, ctx.name)
            if opts:
                self.heading("Your votes")
                for o in opts:
                    row = self.row()
                    lab = QLabel(f"{o.label}: {o.votes} vote{'s' if o.votes != 1 else ''}")
                    lab.setMinimumWidth(150)
                    row.add(lab)
                    if o.for_ is not None:
                        row.add(CommandButton("For", [o.for_], self.send, role="for", name=f"for_{o.label}",
                                              tip=f"Cast {o.votes} vote{'s' if o.votes != 1 else ''} for, with "
                                                  f"{o.label}"))
                    if o.against is not None:
                        row.add(CommandButton("Against", [o.against], self.send, role="against",
                                              name=f"against_{o.label}",
                                              tip=f"Cast {o.votes} vote{'s' if o.votes != 1 else ''} against, "
                                                  f"with {o.label}"))
            else:
                self.text("You have no vote left to cast.", muted=True, name="noVotes")
            others = [(vid, h) for vid, h in ctx.lights.hand.items() if h.playable
                      and not all(u.command.type == "vote" for u in h.uses)]
            if others:
                self.heading("Cards you can play now")
                row = self.row()
                names = {c.id: c.name for c in v.hand}
                for vid, h in others:
                    choices = [(ctx.say(u.command), [u.command]) for u in h.uses if u.command.type != "vote"]
                    row.add(choice_or_button(names.get(vid) or "a card", choices, self.send,
                                             name=f"play_{names.get(vid)}"))
            lc = QWidget()
            h = QHBoxLayout(lc)
            h.setContentsMargins(0, 0, 0, 0)
            h.addWidget(self.last_call)
            h.addWidget(self.countdown, 1)
            self.add(lc)
            self.last_call.show()
            self.countdown.show()
            want = bool(getattr(self.settings, "last_call", False))
            if self.last_call.isChecked() != want:
                self.last_call.blockSignals(True)
                self.last_call.setChecked(want)
                self.last_call.blockSignals(False)
            seen = (t.votes_for, t.votes_against, len(ctx.log))
            if seen != self._seen:
                self._seen = seen
                self.restart_countdown()
        return True

    @staticmethod
    def _result_line(ctx: AssistCtx) -> str | None:
        """The engine's line closing the referendum of the action under way, if it has closed."""
        for line in reversed(ctx.log):
            k = getattr(line, "kind", "")
            if k == "referendum_result" and not line.undone:
                return line.text
            if k == "action":
                return None
        return None

    @staticmethod
    def _sources(votes) -> str:
        by: dict[str, list[str]] = {}
        for who, src, n in votes:
            by.setdefault(who, []).append(f"{src} {n}" if n else f"{src} (ballot)")
        return "; ".join(f"{who} \u2014 {', '.join(s)}" for who, s in by.items())
