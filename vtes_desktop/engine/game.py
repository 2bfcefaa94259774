"""The game: setup + seed + command log, and the one API everything uses.

>>> game = Game(db, setup, seed=7)          # doctest: +SKIP
>>> game.apply(Action(seat=0, minion=12, kind="bleed"))   # doctest: +SKIP

`apply(cmd)` checks and applies a command atomically and returns the events;
`check(cmd)` raises `Illegal`/`Malformed` without changing anything;
`legal(seat)` answers what a seat may do now; `view_for(seat)` renders what
a seat may know; `fork()` is a cheap copy for trying things.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from dataclasses import dataclass, field

from vtes_desktop.cards.db import CardDB
from vtes_desktop.engine import commands as C
from vtes_desktop.engine import flow
from vtes_desktop.engine.context import HAND_SIZE, Ctx
from vtes_desktop.engine.errors import Illegal, Malformed, Refused
from vtes_desktop.engine.events import Event
from vtes_desktop.engine.setup import CardSpec, Setup
from vtes_desktop.engine.state import Card, SeatState, State


@dataclass(frozen=True)
class Result:
    over: bool                   # one Methuselah (or none) is left
    vps: tuple[float, ...]       # victory points by seat
    winner: int | None           # the seat with the game win, when the game is over and someone earned it


@dataclass
class LogEntry:
    cmd: C.Command
    events: list[Event]
    undone: bool = False
    revealed: bool = False   # it showed a hidden card (a draw): not undoable outside free undo
    turn: int = 0            # the game turn the command was given in


class Game:
    def __init__(self, db: CardDB, setup: Setup, seed: int = 0, secret: str | None = None):
        self.db = db
        self.setup = setup
        self.seed = seed
        self.secret = secret or hashlib.blake2b(os.urandom(16), digest_size=16).hexdigest()
        self.aliases: dict[str, int] = {}
        self.entries: list[LogEntry] = []
        self.initial, setup_events = _initial_state(self, setup)
        self.state = self.initial
        self.setup_events = setup_events

    # -- the API ------------------------------------------------------------------------
    def apply(self, cmd: C.Command) -> list[Event]:
        """Check *cmd* against the game, apply it, return the events.

        Raises Illegal when not allowed now, Malformed when it cannot mean anything;
        the game is then unchanged, implicit passes included.
        """
        if isinstance(cmd, C.Undo):
            return self._undo(cmd)
        turn = self.state.turn
        ctx = self._run(cmd)
        self.state = ctx.st
        revealed = any(e.kind in ("drew", "revealed", "shuffled") for e in ctx.events)
        self.entries.append(LogEntry(cmd, ctx.events, revealed=revealed, turn=turn))
        return ctx.events

    def check(self, cmd: C.Command) -> None:
        """Raise Illegal or Malformed if *cmd* would be refused now; change nothing."""
        if isinstance(cmd, C.Undo):
            self._undo_target(cmd)
            return
        self._run(cmd)

    def can(self, cmd: C.Command) -> Refused | None:
        """The refusal *cmd* would meet now, or None (`check` without the exception; the legal answer's trial)."""
        try:
            if isinstance(cmd, C.Undo):
                self._undo_target(cmd)
            else:
                self._run(cmd)
        except Refused as e:
            return e
        return None

    def _run(self, cmd: C.Command) -> Ctx:
        if not isinstance(cmd.seat, int) or not 0 <= cmd.seat < len(self.state.seats):
            raise Malformed("seat", f"there is no seat {cmd.seat!r} at this table")
        ctx = Ctx(self, self.state.clone())
        flow.step(ctx, cmd)
        return ctx

    def fork(self) -> "Game":
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.entries = list(self.entries)   # the entries themselves are shared: an undo replaces the one it marks
        g.aliases = dict(self.aliases)
        return g

    def legal(self, seat: int):
        from vtes_desktop.engine.legal import legal

        return legal(self, seat)

    def view_for(self, seat: int):
        from vtes_desktop.engine.views import view_for

        return view_for(self, seat)

    # -- the log ------------------------------------------------------------------------
    @property
    def log(self) -> list[C.Command]:
        return [e.cmd for e in self.entries]

    def log_lines(self, seat: int | None = None) -> list[str]:
        """The log as a seat may read it (None: everything, for the host)."""
        out = []
        for e in self.entries:
            for ev in e.events:
                t = ev.text if seat is None else ev.text_for(seat)
                if t:
                    out.append(("[manual] " if e.cmd.manual else "") + t)
        return out

    def _undo_target(self, cmd: C.Undo) -> int:
        live = [i for i, e in enumerate(self.entries) if not e.undone and not isinstance(e.cmd, C.Undo)]
        if not live:
            raise Illegal("undo", "there is nothing to undo")
        last = live[-1]
        e = self.entries[last]
        if not self.setup.free_undo:
            if e.cmd.seat != cmd.seat:
                raise Illegal("undo", f"the last step was {self.state.seats[e.cmd.seat].name}'s; "
                                      "you can undo only your own last step")
            if e.revealed:
                raise Illegal("undo", "the last step showed a hidden card (a draw); it cannot be undone")
        return last

    def _undo(self, cmd: C.Undo) -> list[Event]:
        target = self._undo_target(cmd)
        self.entries[target] = dataclasses.replace(self.entries[target], undone=True)   # (forks share entries)
        self.state = self._replay_state()
        ev = [Event("undo", f"{self.state.seats[cmd.seat].name} takes back: {self.entries[target].cmd!r}")]
        self.entries.append(LogEntry(cmd, ev, turn=self.state.turn))
        return ev

    def _replay_state(self) -> State:
        st = self.initial
        for e in self.entries:
            if e.undone or isinstance(e.cmd, C.Undo):
                continue
            ctx = Ctx(self, st.clone(), st)   # the step's "before" is the replayed state, not the game's
            flow.step(ctx, e.cmd)
            st = ctx.st
        return st

    def replay(self, upto: int | None = None) -> "Game":
        """A new game rebuilt from setup, seed and the first *upto* log entries."""
        g = Game(self.db, self.setup, self.seed, self.secret)
        g.aliases = dict(self.aliases)
        for e in self.entries[:upto]:
            g.apply(e.cmd)
        return g

    # -- the result -----------------------------------------------------------------------
    def result(self) -> "Result":
        """Victory points so far; once the game is over, the game win: the most victory points, at least 2,
        and no tie for the most (the tournament convention)."""
        st = self.state
        vps = tuple(s.vp for s in st.seats)
        over = len(st.live_seats()) <= 1 or st.ended is not None   # the last one standing, or a time-out
        best = max(vps) if vps else 0
        leaders = [i for i, v in enumerate(vps) if v == best]
        winner = leaders[0] if over and best >= 2 and len(leaders) == 1 else None
        return Result(over=over, vps=vps, winner=winner)

    # -- names ------------------------------------------------------------------------------
    def seat_of(self, name: str) -> int:
        for i, s in enumerate(self.state.seats):
            if s.name == name:
                return i
        raise Malformed("player", f"no player named {name!r} at this table")


def _initial_state(game: Game, setup: Setup) -> tuple[State, list[Event]]:
    st = State()
    ctx = Ctx(game, st)
    if not setup.seats:
        raise Malformed("setup", "a game needs at least one seat")
    st.seats = [SeatState(name=s.name, pool=s.pool, vp=s.vp) for s in setup.seats]
    for seat, s in enumerate(setup.seats):
        if s.standard_start or s.crypt or s.library:
            for region, ids in (("crypt", s.crypt), ("library", s.library)):
                for cid in ids:
                    _new_card(ctx, seat, cid, region)
        for region, specs in s.regions.items():
            for spec in specs:
                _place(ctx, seat, spec, region)
    for seat, s in enumerate(setup.seats):
        if s.standard_start:
            ctx.shuffle(seat, "crypt")
            ctx.shuffle(seat, "library")
            for _ in range(4):
                crypt = st.region(seat, "crypt")
                if crypt:
                    ctx.move(crypt[0], "uncontrolled", seat=seat)
            ctx.draw(seat, HAND_SIZE)
    st.active = setup.turn_player
    st.turn = setup.turn_number
    st.phase = setup.phase
    st.edge = setup.edge
    flow.enter_phase(ctx, st.phase, initial=True)
    return st, ctx.events


def _new_card(ctx: Ctx, seat: int, cid: int, region: str) -> Card:
    st = ctx.st
    iid = st.next_iid
    st.next_iid += 1
    if ctx.db.get(cid) is None:
        raise Malformed("card", f"unknown card id {cid}")
    c = Card(iid=iid, cid=cid, owner=seat, controller=seat, region=region)
    st.put(c)
    key = (seat, region)
    st.w_regions()[key] = st.regions.get(key, ()) + (iid,)
    return c


def _place(ctx: Ctx, seat: int, spec: CardSpec, region: str, host: int | None = None) -> Card:
    if host is None:
        c = _new_card(ctx, seat, spec.cid, region)
    else:
        c = _new_card(ctx, seat, spec.cid, "removed")
        c = ctx.move(c.iid, "attached", host=host)
    d = ctx.db[spec.cid]
    counters = 0
    if spec.blood is not None:
        counters = spec.blood
    elif spec.life is not None:
        counters = spec.life
    elif spec.counters is not None:
        counters = spec.counters
    elif ("Ally" in d.types or "Retainer" in d.types):
        counters = ctx.rules(c).life or 0
    elif "Imbued" in d.types and region in ("ready",):
        counters = d.capacity or 0
    c = ctx.update(c.iid, counters=counters, locked=spec.locked, title=spec.title, sect=spec.sect,
                   wounded=spec.wounded, contested=spec.contested, face_down=spec.contested)
    if spec.alias:
        ctx.game.aliases[spec.alias] = c.iid
    for a in spec.attached:
        _place(ctx, seat, a, "attached", host=c.iid)
    return c
