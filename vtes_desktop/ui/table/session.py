"""The game session: the one thing the table talks to.

A `GameSession` takes commands (`submit`) and tells the table what follows:
`updated(view, lines, reset)` with the seat's new `SeatView` and log lines,
`refused(command, reason)` when the engine says no. The table never reads the
game state: it draws the view, offers what `legal` allows, and sends commands.

Card references. The table knows cards only by the opaque view ids of the
seat on show. A command built by the table names cards by view id (a string);
the session maps them to the engine's instance ids before the engine sees the
command, as a host does (DESIGN.md, "Views"). The legal answer names cards by
instance id; `view_id(ref)` and `answer_for(view_id)` translate.

`LocalSession` owns a `Game` (hot-seat play on one screen). After every
accepted command it appends the command to the game file (`persist.Recorder`)
before the table shows the result. In hot-seat play it follows the impulse:
seats with nothing legal to do but pass pass by themselves, and the seat on
show is the one whose input is needed. A network client is a second
implementation of the same interface.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from vtes_desktop.engine import commands as C
from vtes_desktop.engine.errors import Illegal, Refused
from vtes_desktop.engine.legal import CardAnswer, LegalAnswer, Refusal
from vtes_desktop.engine.views import SeatView, view_id as _view_id

#: command fields that name a card
CARD_FIELDS = ("card", "minion", "target", "to", "on", "vampire", "from_", "with_", "using", "strike", "victim")
#: commands that say "nothing from me": a seat whose legal answer offers only these (and no playable card) passes
PASS_LIKE = frozenset({"pass", "decline_block", "resolve", "finish"})
#: the uses a window is for: a card that cannot be used is refused with the refusal of such a use when it has one
WINDOW_USES = {"polling": ("vote",), "range": ("maneuver",), "strike": ("strike",), "press": ("press",)}
MAX_AUTO_PASSES = 400


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the log as a seat reads it."""
    entry: int            # index of the command in the game's log
    turn: int
    active: str           # whose turn it was
    text: str
    seat: int             # who gave the command
    manual: bool = False
    auto: bool = False    # an automatic pass
    undone: bool = False  # taken back later
    refs: tuple = ()      # the cards the command names (engine references; `GameSession.cards_of`)
    kind: str = ""        # the engine event's kind ("strike", "maneuver", ...); "" for a line said for a step


class GameSession(QObject):
    """The interface the table uses. Subclasses: `LocalSession` (hot-seat); a network client later."""

    #: (SeatView, list[LogLine] new since the last update, reset: the list replaces the log)
    updated = Signal(object, object, bool)
    #: (Command, Refused)
    refused = Signal(object, object)
    #: the seat on show changed (hot-seat: the hand on show changes)
    seat_changed = Signal(int)
    #: the game is over (at most one Methuselah left)
    game_over = Signal()

    def __init__(self, db, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.view: SeatView | None = None
        self.legal: LegalAnswer | None = None
        self.seat = 0

    # -- what a table needs ------------------------------------------------------------
    def submit(self, cmd: C.Command) -> Refused | None:   # pragma: no cover - interface
        raise NotImplementedError

    def can(self, cmd: C.Command) -> Refused | None:
        """Would *cmd* be accepted now? None when it would (or when the session cannot tell)."""
        return None

    def undo(self, seat: int | None = None) -> Refused | None:
        return self.submit(C.Undo(seat=self.seat if seat is None else seat))

    def trial(self) -> "Trial | None":
        """A throw-away copy of the game for the seat on show (previews), or None when the session cannot
        fork one (a network client)."""
        return None

    def log(self) -> list[LogLine]:
        return []

    def answer_for(self, vid: str) -> CardAnswer | None:
        """The legal answer for the card shown with view id *vid* (a card in the seat's hand)."""
        return None

    def view_id(self, ref) -> str | None:
        """The view id of the card an engine reference (in a legal command) names."""
        return ref if isinstance(ref, str) else None

    def same_card(self, ref, vid: str) -> bool:
        return ref == vid or self.view_id(ref) == vid

    def cards_of(self, line: LogLine) -> tuple[str, ...]:
        """View ids of the cards a log line's command names, where the seat on show can still see them."""
        out = []
        for r in line.refs:
            v = self.view_id(r)
            if v is not None:
                out.append(v)
        return tuple(out)

    def card_def(self, cid: int | None):
        return None if cid is None else self.db.get(cid)

    def card_def_of(self, vid: str | None):
        """The card behind a view id the view names without showing it (the action card set aside while its
        referendum runs), when the seat may know it; None otherwise."""
        return None

    def seat_name(self, seat: int | None) -> str:
        if seat is None or self.view is None or not 0 <= seat < len(self.view.seats):
            return "nobody"
        return self.view.seats[seat].name

    @property
    def is_over(self) -> bool:
        """The engine says the game is over: one Methuselah or none left standing, or time called."""
        return self.view is not None and (bool(getattr(self.view, "game_over", False))
                                          or sum(1 for s in self.view.seats if not s.ousted) <= 1)


class LocalSession(GameSession):
    """A session that owns the game: hot-seat play on one screen."""

    def __init__(self, game, *, path: str | Path | None = None, seat: int = 0, hotseat: bool = True,
                 auto_pass: bool = True, parent: QObject | None = None) -> None:
        super().__init__(game.db, parent)
        from vtes_desktop.engine import persist

        self.game = game
        self.path = Path(path) if path else None
        self.recorder = persist.Recorder(game, self.path) if self.path else None
        self.hotseat = hotseat
        self.auto_pass = auto_pass
        self.seat = seat
        self._auto: set[int] = set()                  # entries that were automatic passes
        self._turns: list[tuple[int, int]] = []       # (turn, active seat) before each entry
        self._vids: tuple[object, int, dict[str, int], dict[int, str]] | None = None
        self._shown = 0                               # log entries already sent for the seat on show
        self._suppress_auto = False
        #: stops (assist): stop_at(seat, window) True keeps *seat* from passing by itself in that window
        self.stop_at = None
        self._rebuild_turns()
        if hotseat:
            self._run_auto_passes()
            self.seat = self.needed_seat()
        self._refresh()

    # -- the interface ------------------------------------------------------------------
    def submit(self, cmd: C.Command) -> Refused | None:
        if isinstance(cmd, C.Undo):
            return self.undo(cmd.seat)
        try:
            cmd = self.translate(cmd)
            self._apply(cmd)
        except Refused as e:
            self.refused.emit(cmd, e)
            return e
        self._after_step()
        return None

    def can(self, cmd: C.Command) -> Refused | None:
        try:
            return self.game.can(self.translate(cmd))
        except Refused as e:
            return e

    def undo(self, seat: int | None = None) -> Refused | None:
        """Take back *seat*'s last step, and the automatic passes that followed it."""
        seat = self.seat if seat is None else seat
        live = [i for i, e in enumerate(self.game.entries) if not e.undone and not isinstance(e.cmd, C.Undo)]
        steps = []
        while live and live[-1] in self._auto:
            steps.append(C.Undo(seat=self.game.entries[live.pop()].cmd.seat))
        steps.append(C.Undo(seat=seat))
        trial = self.game.fork()
        # fork() shares the log entries, and an undo marks its target: try it on copies
        trial.entries = [dataclasses.replace(e) for e in self.game.entries]
        try:
            for s in steps:
                trial.apply(s)
        except Refused as e:
            self.refused.emit(steps[-1], e)
            return e
        for s in steps:
            self._apply(s)
        self._suppress_auto = True
        self._after_step(reset=True, follow=False)
        return None

    def log(self) -> list[LogLine]:
        return self._lines(0, self.seat)

    def answer_for(self, vid: str) -> CardAnswer | None:
        if self.legal is None:
            return None
        iid = self.iid(vid)
        return self.legal.cards.get(iid) if iid is not None else None

    def answer_with(self, vid: str, minion_vid: str) -> CardAnswer | None:
        """The answer for a hand card used by one minion (its refusal names that minion's problem)."""
        from vtes_desktop.engine.legal import card_answer

        iid, m = self.iid(vid), self.iid(minion_vid)
        if iid is None or m is None:
            return None
        return card_answer(self.game, self.seat, iid, minion=m)

    def card_def_of(self, vid: str | None):
        iid = self.iid(vid) if vid else None
        if iid is None:
            return None
        c = self.game.state.cards[iid]
        if c.region not in ("ready", "torpor", "incapacitated", "in_play", "ash_heap", "removed", "aside",
                            "attached") or c.face_down:
            return None
        return self.db.get(c.cid)

    def view_id(self, ref) -> str | None:
        if isinstance(ref, bool):
            return None
        if isinstance(ref, int):
            return self._maps()[3].get(ref)
        if isinstance(ref, str) and ref in self._maps()[2]:
            return ref
        return None

    def same_card(self, ref, vid: str) -> bool:
        if ref == vid:
            return True
        return isinstance(ref, int) and self.iid(vid) == ref

    def step_through(self, cmds) -> list[Refused]:
        """Apply *cmds* one by one, the table updated after each (a scenario's steps shown as they happen);
        a refused command changes nothing and is returned, as the scenario runner treats it. No automatic
        pass is made."""
        refused = []
        for cmd in cmds:
            try:
                self._apply(cmd)
            except Refused as e:
                refused.append(e)
                continue
            self._refresh()
        return refused

    # -- hot-seat -------------------------------------------------------------------------
    def needed_seat(self) -> int:
        """The seat whose input is needed: the one holding the impulse."""
        from vtes_desktop.engine import flow

        return flow.holder(self.game.state)

    def show_seat(self, seat: int) -> None:
        """Show the table as *seat* sees it (hot-seat: hand the screen over)."""
        if seat == self.seat:
            return
        self.seat = seat
        self._refresh(reset=True)
        self.seat_changed.emit(seat)

    def set_auto_pass(self, on: bool) -> None:
        self.auto_pass = on
        if on and self.hotseat:
            self._after_step(follow=True)

    def is_auto_passable(self, seat: int) -> bool:
        """*seat* holds the impulse and may only pass: nothing else is legal, no card is playable, no vote is
        left to cast, and the seat set no stop at this window.

        Decided only from what the seat itself may know: its own legal answer (its hand, its cards in play)
        and its own view (its uncast votes); never from another seat's hand.
        """
        view = self.game.view_for(seat)
        if view.manual:
            return False
        la = self.legal_for(seat)
        if not la.holds_impulse or not la.commands:
            return False
        # after an action the acting seat may already announce the next one, which closes the window: that is
        # the minion phase going on, not an answer to this window, so the window still passes by itself
        between = la.window == "action_resolution"
        if any(c.type not in PASS_LIKE and not (between and c.type == "action") for c in la.commands):
            return False
        if any(a.playable for a in la.cards.values()):
            return False
        if self.stop_at is not None and self.stop_at(seat, view.window):
            return False
        if view.tally is not None:
            from vtes_desktop.ui.table.votes import vote_options

            if vote_options(view, la, lambda c: self._can_for(seat, c)):
                return False
        return True

    def legal_for(self, seat: int) -> LegalAnswer:
        """The engine's legal answer for *seat*, with every card's uses complete.

        The engine's `card_answer` stops trying a kind of use (a maneuver, a strike) after one refusal of
        certain rules, and a refusal of one level ("not a combat card here" at basic) then hides the other
        level's use (Swallowed by the Night's superior maneuver). For a card left without uses, every
        candidate command the engine lists (`card_candidates`) is asked of the engine itself (`Game.can`):
        nothing is decided here, the engine is asked once more.
        """
        from vtes_desktop.engine.legal import CardUse, card_candidates

        la = self.game.legal(seat)
        fixed = {}
        fits = WINDOW_USES.get(la.window, ())
        for iid, ans in la.cards.items():
            if ans.playable:
                continue
            uses = []
            fitting = None
            for cmd in card_candidates(self.game, seat, iid):
                r = self.game.can(cmd)
                if r is None:
                    uses.append(CardUse(cmd, getattr(cmd, "minion", None), getattr(cmd, "level", None)))
                elif fitting is None and cmd.type in fits:
                    fitting = r
            if uses:
                fixed[iid] = CardAnswer(iid, tuple(uses), None)
            elif fitting is not None and ans.refusal is not None and fitting.rule != ans.refusal.rule:
                # the engine's refusal of the use this window is for (a vote in polling, a maneuver in the
                # range step) says more than the refusal it reported first
                fixed[iid] = CardAnswer(iid, (), Refusal(fitting.rule, fitting.message))
        if not fixed:
            return la
        return dataclasses.replace(la, cards={**la.cards, **fixed})

    def _can_for(self, seat: int, cmd: C.Command) -> Refused | None:
        """Would *cmd*, naming cards by *seat*'s view ids, be accepted?"""
        try:
            return self.game.can(self.translate(cmd, seat))
        except Refused as e:
            return e

    def trial(self) -> "Trial":
        return Trial(self)

    def _run_auto_passes(self) -> None:
        if not (self.hotseat and self.auto_pass) or self._over():
            return
        for _ in range(MAX_AUTO_PASSES):
            if self._over():
                return
            seat = self.needed_seat()
            if not self.is_auto_passable(seat):
                return
            la = self.game.legal(seat)
            cmd = next((c for c in la.commands if c.type == "pass"), None) or \
                next((c for c in la.commands if c.type == "decline_block"), None)
            if cmd is None:
                return
            try:
                self._apply(cmd)
            except Refused:
                return
            self._auto.add(len(self.game.entries) - 1)

    # -- internals ---------------------------------------------------------------------------
    def translate(self, cmd: C.Command, seat: int | None = None) -> C.Command:
        """*cmd* with the view ids it names (as *seat* sees them; default the seat on show) replaced by
        instance ids."""
        ids = self._maps()[2] if seat is None or seat == self.seat else self._ids_for(seat)
        update = {}
        for f in CARD_FIELDS:
            v = getattr(cmd, f, None)
            if isinstance(v, str) and v in ids:
                update[f] = ids[v]
        return cmd.model_copy(update=update) if update else cmd

    def iid(self, vid: str) -> int | None:
        return self._maps()[2].get(vid)

    def _ids_for(self, seat: int) -> dict[str, int]:
        secret = self.game.secret
        return {_view_id(secret, seat, iid, c.hidden): iid for iid, c in self.game.state.cards.items()}

    def _maps(self):
        st = self.game.state
        if self._vids is None or self._vids[0] is not st or self._vids[1] != self.seat:
            secret, seat = self.game.secret, self.seat
            to_i: dict[str, int] = {}
            to_v: dict[int, str] = {}
            for iid, c in st.cards.items():
                v = _view_id(secret, seat, iid, c.hidden)
                to_i[v] = iid
                to_v[iid] = v
            self._vids = (st, seat, to_i, to_v)
        return self._vids

    def _apply(self, cmd: C.Command) -> None:
        st = self.game.state
        before = (st.turn, st.active)
        self.game.apply(cmd)
        self._turns.append(before)
        if self.recorder is not None:
            self.recorder.flush()

    def _after_step(self, *, reset: bool = False, follow: bool = True) -> None:
        if not self._suppress_auto:
            self._run_auto_passes()
        self._suppress_auto = False
        if self.hotseat and follow:
            needed = self.needed_seat()
            if needed != self.seat and not self._over():
                self.seat = needed
                self._refresh(reset=True)
                self.seat_changed.emit(needed)
                self._check_over()
                return
        self._refresh(reset=reset)
        self._check_over()

    def _over(self) -> bool:
        return self.game.result().over          # the last one standing, or time called

    def _check_over(self) -> None:
        if self._over():
            self.game_over.emit()

    def _refresh(self, *, reset: bool = False) -> None:
        self.view = self.game.view_for(self.seat)
        self.legal = self.legal_for(self.seat)
        if reset:
            lines = self._lines(0, self.seat)
        else:
            lines = self._lines(self._shown, self.seat)
        self._shown = len(self.game.entries)
        self.updated.emit(self.view, lines, reset)

    def _rebuild_turns(self) -> None:
        """Turn and active seat before each entry of a game read from a file (replayed once)."""
        g = self.game
        if len(self._turns) == len(g.entries):
            return
        from vtes_desktop.engine.game import Game

        fresh = Game(g.db, g.setup, g.seed, g.secret)
        fresh.aliases = dict(g.aliases)
        turns = []
        for e in g.entries:
            turns.append((fresh.state.turn, fresh.state.active))
            try:
                fresh.apply(e.cmd)
            except Refused:
                pass
        self._turns = turns

    def _lines(self, start: int, seat: int) -> list[LogLine]:
        g = self.game
        out: list[LogLine] = []
        names = [s.name for s in g.state.seats]
        for k in range(start, len(g.entries)):
            e = g.entries[k]
            turn, active = self._turns[k] if k < len(self._turns) else (g.state.turn, g.state.active)
            after = self._turns[k + 1] if k + 1 < len(self._turns) else (g.state.turn, g.state.active)
            refs = tuple(v for f in CARD_FIELDS for v in [getattr(e.cmd, f, None)]
                         if isinstance(v, int) and not isinstance(v, bool))
            said = False
            for ev in e.events:
                text = ev.text_for(seat)
                if not text:
                    continue
                if ev.kind == "phase" and "unlock phase" in text and after[0] != turn:
                    turn, active = after
                said = True
                out.append(LogLine(entry=k, turn=turn, active=names[active], text=text, seat=e.cmd.seat,
                                   manual=e.cmd.manual, auto=k in self._auto, undone=e.undone, refs=refs,
                                   kind=ev.kind))
            if not said and not isinstance(e.cmd, C.Undo):
                # a step with nothing to show (a pass): say what was done
                out.append(LogLine(entry=k, turn=turn, active=names[active], text=self._said(e.cmd, names),
                                   seat=e.cmd.seat, manual=e.cmd.manual, auto=k in self._auto, undone=e.undone,
                                   refs=refs))
        return out


    @staticmethod
    def _said(cmd: C.Command, names: list[str]) -> str:
        """A line for a step whose events show nothing to this seat (no card is named: it may be hidden)."""
        who = names[cmd.seat]
        words = {"pass": "passes", "decline_block": "does not block", "resolve": "resolves the window",
                 "finish": "finishes the action", "end_phase": "ends the phase", "done": "is done"}
        return f"{who} {words.get(cmd.type, cmd.type.replace('_', ' '))}."


class Trial:
    """A fork of a local game, seen by the seat on show: apply commands to it and read its views, then
    throw it away. Previews (the outcome of damage, of an action, the cost of a transfer) are asked of the
    engine this way, never computed by the table."""

    def __init__(self, session: "LocalSession") -> None:
        self.session = session
        self.game = session.game.fork()
        self.seat = session.seat
        self.lines: list[str] = []

    @property
    def view(self) -> SeatView:
        return self.game.view_for(self.seat)

    def legal(self, seat: int | None = None) -> LegalAnswer:
        return self.game.legal(self.seat if seat is None else seat)

    def apply(self, cmd: C.Command) -> Refused | None:
        """Apply *cmd* (naming cards by the seat on show's view ids) to the fork; the refusal, or None."""
        try:
            events = self.game.apply(self.session.translate(cmd))
        except Refused as e:
            return e
        for ev in events:
            # only what everyone sees: a fork's draw would otherwise show the top of the library before it
            # is drawn (the fork shares the random generator's state)
            t = ev.text if ev.seen_by is None else ev.others
            if t:
                self.lines.append(t)
        return None


def refusal_text(err: Refused) -> str:
    return err.message[:1].upper() + err.message[1:] if err.message else err.rule


__all__ = ["GameSession", "LocalSession", "LogLine", "Illegal", "Trial", "refusal_text"]
