"""The host's game and its rules for a network table, without sockets.

`NetTable` owns the one `Game` and its game file. For a command from a seat it
checks, in this order, and refuses with a clear message:

- stale: the command was chosen from an older view than the table's (`basis`);
  this also refuses a command sent twice;
- malformed: not a command;
- forged: the command claims another seat;
- resolve and finish: they pass for every player, and a host never passes a
  seat on its behalf;
- undo: only when the host allows it;
- out of turn: the seat does not hold the impulse (the engine would make the
  players ahead of it pass; the host does not), and, in an action's
  resolution, the acting Methuselah starting something new while others may
  still respond;
- card references: a card is named by the seat's view id of a card it can
  see now, or by a word the command allows there (`hand`, `edge`, `pool`, a
  region, a player's name); never by an instance id or a card name;
- the engine's own check, whose message is scrubbed of the names of cards
  hidden from the seat.

An accepted command is appended to the game file and synced before anything
is sent. `update_for` builds what a seat (or a spectator) receives after it:
the view (whole or a patch), the legal answer and the new log lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError

from vtes_desktop.engine import commands as C
from vtes_desktop.engine import flow
from vtes_desktop.engine.errors import Refused
from vtes_desktop.engine.state import REGIONS, ActionFrame
from vtes_desktop.net import wire
from vtes_desktop.net.privacy import (
    SPECTATOR, Hiding, SeatIds, Scrubber, faceless_in, judge_extras, names_in, public_view,
)

#: commands that pass for everyone: never accepted from a client
EVERYONE_PASSES = frozenset({"resolve", "finish"})
#: steps that say "nothing from me"
PASS_LIKE = frozenset({"pass", "decline_block"})
#: a line for a step whose events show nothing to a seat (only steps that are public by nature)
SAID = {"pass": "passes", "decline_block": "does not block", "end_phase": "ends the phase", "done": "is done"}
#: the words a command may use in a card field instead of a view id
KEYWORDS = {"strike": frozenset({"hand"}), "card": frozenset({"edge"}), "on": frozenset({"pool"}),
            "to": frozenset(REGIONS)}


class TableRefusal(Exception):
    """A message the host refuses: `rule` names the check, `reason` is for the player."""

    def __init__(self, rule: str, reason: str, *, fatal: bool = False):
        super().__init__(reason)
        self.rule = rule
        self.reason = reason
        self.fatal = fatal


@dataclass
class Feed:
    """What one connection has been sent: its last view and how much of the log."""
    view: dict | None = None
    step: int | None = None
    entries: int = 0


@dataclass
class _Snap:
    step: int
    wire: dict
    ids: SeatIds
    legal: dict | None = None
    _names: frozenset[str] | None = None

    _faceless: frozenset[str] | None = None

    @property
    def names(self) -> frozenset[str]:
        """The card names the view shows."""
        if self._names is None:
            self._names = names_in(self.wire)
        return self._names

    @property
    def faceless(self) -> frozenset[str]:
        """View ids of the cards the view shows face down (their backs only)."""
        if self._faceless is None:
            self._faceless = faceless_in(self.wire)
        return self._faceless


class NetTable:
    def __init__(self, game, recorder=None, *, allow_undo: bool = False, judge: bool = False):
        self.game = game
        self.recorder = recorder
        self.allow_undo = allow_undo
        self.judge = judge
        self.scrubber = Scrubber(game)
        self._snaps: dict[int, _Snap] = {}
        self._hiding: tuple[int, Hiding] | None = None
        self._lines: dict[int, list[dict]] = {}
        self._rendered: dict[int, int] = {}
        self._hiding_cache: dict = {}
        self.turns: list[tuple[int, int]] = []
        #: seats that asked to call time: at a network table time ends the game only when every seat still
        #: in it has asked (at one table the players agree; here each says so from their own window)
        self.time_asks: set[int] = set()
        self._rebuild_turns()

    # -- the state ------------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return len(self.game.entries)

    @property
    def over(self) -> bool:
        return self.game.result().over          # the last one standing, or time called

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.game.state.seats)

    def holder(self) -> int:
        return flow.holder(self.game.state)

    # -- commands -------------------------------------------------------------------------------
    def vet(self, seat: int, basis: int, data: dict) -> C.Command:
        """The command *data* from *seat*, checked against the host's rules and with its card references
        mapped to instance ids. Raises TableRefusal."""
        if self.over:
            raise TableRefusal("over", "the game is over")
        if basis != self.step:
            raise TableRefusal("stale", f"the table has moved on since the view your command was chosen from "
                                        f"(step {basis}, now {self.step}); look again and choose anew")
        try:
            cmd = C.parse_command(data)
        except ValidationError as e:
            err = e.errors()[0] if e.errors() else {}
            where = ".".join(str(p) for p in err.get("loc", ()))
            raise TableRefusal("malformed", f"not a command: {where + ': ' if where else ''}{err.get('msg', '')}"
                               ) from None
        except Exception:
            raise TableRefusal("malformed", "not a command") from None
        st = self.game.state
        if cmd.seat != seat:
            raise TableRefusal("forged", f"you sit at seat {seat} ({st.seats[seat].name}); a command for seat "
                                         f"{cmd.seat!r} is not yours to give")
        if cmd.type in EVERYONE_PASSES:
            raise TableRefusal("impulse", f"{cmd.type} passes for every player; at a network table each player "
                                          "passes for themselves")
        if cmd.type == "time_out":
            self.time_asks.add(seat)
            waiting = [st.seats[s].name for s in st.live_seats() if s not in self.time_asks]
            if waiting:
                raise TableRefusal("time", "time is called when every player still in the game asks for it "
                                           f"(Game > Call time); still to ask: {', '.join(waiting)}")
        if cmd.type == "undo" and not self.allow_undo:
            raise TableRefusal("undo", "taking a step back needs the host's consent; this host was started "
                                       "without --undo")
        refusal = self.turn_refusal(cmd)
        if refusal is not None:
            raise refusal
        return self.translate(seat, cmd)

    def turn_refusal(self, cmd: C.Command) -> TableRefusal | None:
        """Why *cmd* is out of turn at a network table, or None."""
        st = self.game.state
        seat = cmd.seat
        if cmd.type in ("undo", "concede", "time_out"):   # leaving, taking back, calling time: no impulse needed
            return None
        holder = flow.holder(st)
        if holder != seat:
            return TableRefusal("out of turn", f"out of turn: {st.seats[holder].name} holds the impulse")
        f = st.top
        if cmd.type in ("action", "end_phase") and isinstance(f, ActionFrame) and f.stage == "resolution" \
                and f.imp.passes < len(f.imp.order) - 1:
            return TableRefusal("out of turn", "the other Methuselahs may still respond in the action's "
                                               "resolution: pass first")
        return None

    def _keep(self, cmd: C.Command) -> bool:
        return cmd.type not in EVERYONE_PASSES and cmd.type != "undo" and self.turn_refusal(cmd) is None

    def translate(self, seat: int, cmd: C.Command) -> C.Command:
        ids = self.snapshot(seat).ids
        names = set(self.names)
        update = {}
        for f in wire.CARD_FIELDS:
            v = getattr(cmd, f, None)
            if v is None:
                continue
            if isinstance(v, bool) or isinstance(v, int):
                if f == "to" and cmd.type == "edge":
                    continue
                raise TableRefusal("card", f"{f.rstrip('_')}: cards are named by the view ids of your table, "
                                           "not by numbers")
            if not isinstance(v, str):
                continue
            iid = ids.iid(v)
            if iid is not None:
                if v in self.snapshot(seat).faceless:
                    raise TableRefusal("hidden", f"{f.rstrip('_')}: that card is face down to you; a card you "
                                                 "cannot see cannot be named")
                update[f] = iid
            elif v in KEYWORDS.get(f, ()) or (f == "target" and v in names):
                continue
            else:
                shown = v if len(v) <= 24 else v[:24] + "..."
                raise TableRefusal("card", f"{f.rstrip('_')}: {shown!r} is not a card you can see at this table")
        return cmd.model_copy(update=update) if update else cmd

    def apply(self, seat: int, cmd: C.Command) -> None:
        """Apply a vetted command and sync it to the game file. Raises TableRefusal (the engine's refusal,
        scrubbed; or a game file that cannot be written, with the game left as it was)."""
        g = self.game
        before_state, before_n = g.state, len(g.entries)
        turn = (g.state.turn, g.state.active)
        try:
            g.apply(cmd)
        except Refused as e:
            raise TableRefusal(e.rule, self.scrub(seat, e.message)) from None
        if self.recorder is not None:
            try:
                self.recorder.flush()
            except OSError as e:
                # nothing was acknowledged: the game goes back to where it was
                g.state = before_state
                del g.entries[before_n:]
                raise TableRefusal("host", f"the host could not save the game file ({e.strerror or e}); "
                                           "your command was not taken") from None
        self.turns.append(turn)
        self._snaps.clear()
        if cmd.type == "undo":
            self._lines.clear()
            self._rendered.clear()
        self.render_all()

    def scrub(self, seat: int | None, text: str) -> str:
        if seat is None or self.judge and seat == SPECTATOR:
            return text
        snap = self.snapshot(seat)
        return self.scrubber.scrub(text, self.scrubber.pattern(seat, seen=snap.names))

    # -- what a seat is sent --------------------------------------------------------------------
    def snapshot(self, seat: int) -> _Snap:
        """The seat's view in wire form and its ids at the current step (computed once per step)."""
        snap = self._snaps.get(seat)
        if snap is not None and snap.step == self.step:
            return snap
        g = self.game
        v = public_view(g) if seat == SPECTATOR else g.view_for(seat)
        ids: set[str] = set()
        w = wire.view_to_wire(v, ids)
        snap = _Snap(self.step, w, SeatIds(g, seat, ids))
        self._snaps[seat] = snap
        return snap

    def legal_wire(self, seat: int) -> dict:
        snap = self.snapshot(seat)
        if snap.legal is not None:
            return snap.legal
        g = self.game
        st = g.state
        holder = flow.holder(st)
        if holder != seat or self.over:
            # nothing a seat without the impulse sends is accepted: the answer says so, card by card
            who = "the game is over" if self.over else f"{st.seats[holder].name} holds the impulse"
            cards = {c["id"]: {"uses": [], "refusal": {"rule": "impulse", "message": who}}
                     for c in snap.wire["hand"]}
            snap.legal = {"seat": seat, "holds_impulse": False, "window": flow.window(st), "commands": [],
                          "amounts": [], "cards": cards}
        else:
            pattern = self.scrubber.pattern(seat, seen=snap.names)
            snap.legal = wire.legal_to_wire(g.legal(seat), snap.ids.vid, keep=self._keep,
                                            text=lambda s: self.scrubber.scrub(s, pattern))
        return snap.legal

    def view_wire(self, seat: int) -> dict:
        """The wire view for a seat, or for spectators (`SPECTATOR`; with every hand in judge mode)."""
        w = self.snapshot(seat).wire
        if seat == SPECTATOR and self.judge:
            w = dict(w)
            w["judge"] = judge_extras(self.game)
        return w

    def _render(self, seat: int) -> list[dict]:
        """The log lines of *seat* (or the spectators), rendered up to now. Each line is rendered once, at the
        step it belongs to, and kept: a seat that rejoins reads the lines it read before. (The lines of a
        game resumed from its file are rendered at the first step after the restart.)"""
        g = self.game
        lines = self._lines.setdefault(seat, [])
        done = self._rendered.get(seat, -1)
        if done >= len(g.entries):
            return lines
        audience = None if seat == SPECTATOR else seat
        full = seat == SPECTATOR and self.judge
        names = self.names
        hiding = None if full else self.hiding()

        def sees(ev) -> tuple[int, ...]:
            # the cards an event touched go only to the seats that read its full text
            return tuple(getattr(ev, "cards", ())) if full or ev.seen_by is None or audience in ev.seen_by else ()

        if done < 0:
            for ev in g.setup_events:
                t = ev.text if full else ev.text_for(audience)
                if t:
                    if hiding is not None:
                        t = hiding.clean(seat, t, getattr(ev, "cards", ()))
                    lines.append({"entry": -1, "turn": 1, "active": names[g.setup.turn_player] if names else "",
                                  "seat": None, "text": t, "manual": False, "_cards": sees(ev)})
            done = 0
        for k in range(done, len(g.entries)):
            e = g.entries[k]
            turn, active = self.turns[k] if k < len(self.turns) else (g.state.turn, g.state.active)
            said = False
            for ev in e.events:
                t = ev.text if full else ev.text_for(audience)
                if not t:
                    continue
                said = True
                if hiding is not None:
                    t = hiding.clean(seat, t, tuple(getattr(ev, "cards", ())) + self._refs(e.cmd))
                lines.append({"entry": k, "turn": turn, "active": names[active], "seat": e.cmd.seat,
                              "text": ("[manual] " if e.cmd.manual else "") + t, "manual": e.cmd.manual,
                              "_cards": sees(ev)})
            if not said and e.cmd.type in SAID:
                lines.append({"entry": k, "turn": turn, "active": names[active], "seat": e.cmd.seat,
                              "text": f"{names[e.cmd.seat]} {SAID[e.cmd.type]}.", "manual": e.cmd.manual,
                              "_cards": ()})
        self._rendered[seat] = len(g.entries)
        return lines

    def render_all(self) -> None:
        """Render the new log lines of every seat and of the spectators, at this step."""
        for seat in range(len(self.names)):
            self._render(seat)
        self._render(SPECTATOR)

    def log_wire(self, seat: int, start: int) -> list[dict]:
        """Log lines for entries from *start* on, as *seat* may read them (spectators: the public text; in
        judge mode everything). *start* -1: the whole log, with the deal (entry -1). A line's `refs` are
        the view ids of the cards it names that the seat can see now."""
        lines = self._render(seat)
        if start >= 0:
            lo, hi = 0, len(lines)
            while lo < hi:   # the first line of entry >= start
                mid = (lo + hi) // 2
                if lines[mid]["entry"] < start:
                    lo = mid + 1
                else:
                    hi = mid
            lines = lines[lo:]
        ids = self.snapshot(seat).ids
        entries = self.game.entries
        out = []
        for ln in lines:
            d = {k: v for k, v in ln.items() if k != "_cards"}
            d["undone"] = entries[ln["entry"]].undone if ln["entry"] >= 0 else False
            d["refs"] = [r for i in ln["_cards"] for r in [ids.vid(i)] if r is not None]
            out.append(d)
        return out

    @staticmethod
    def _refs(cmd: C.Command) -> tuple[int, ...]:
        return tuple(v for f in wire.CARD_FIELDS for v in [getattr(cmd, f, None)]
                     if isinstance(v, int) and not isinstance(v, bool))

    def hiding(self) -> Hiding:
        """Who may not see which card names, at this step (computed once a step)."""
        if self._hiding is None or self._hiding[0] != self.step:
            self._hiding = (self.step, Hiding(self.game, self._hiding_cache))
        return self._hiding[1]

    def update_for(self, seat: int, feed: Feed, *, ack: int | None = None, reset: bool = False) -> dict:
        """The update message (wire form) for a connection at *seat* whose feed is *feed*; advances the feed."""
        w = self.view_wire(seat)
        msg: dict = {"v": wire_version(), "type": "update", "step": self.step, "base": feed.step}
        if reset or feed.view is None:
            msg["view"], msg["patch"], reset = w, None, True
            msg["base"] = None
        else:
            msg["view"], msg["patch"] = None, wire.diff(feed.view, w)
        msg["legal"] = None if seat == SPECTATOR else self.legal_wire(seat)
        msg["log"] = self.log_wire(seat, -1 if reset else feed.entries)
        msg["reset"] = reset
        msg["ack"] = ack
        msg["over"] = self.over
        feed.view, feed.step, feed.entries = w, self.step, len(self.game.entries)
        return msg

    # -- resume ---------------------------------------------------------------------------------
    def _rebuild_turns(self) -> None:
        """Turn and active seat before each entry of a game read from its file (one replay)."""
        g = self.game
        if not g.entries:
            return
        from vtes_desktop.engine.game import Game

        fresh = Game(g.db, g.setup, g.seed, g.secret)
        fresh.aliases = dict(g.aliases)
        for e in g.entries:
            self.turns.append((fresh.state.turn, fresh.state.active))
            try:
                fresh.apply(e.cmd)
            except Refused:
                pass


def wire_version() -> int:
    from vtes_desktop.net.protocol import PROTOCOL_VERSION

    return PROTOCOL_VERSION
