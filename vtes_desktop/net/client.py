"""The client library: join a host, follow the seat's view, send commands, chat. asyncio, no Qt.

>>> client = Client("127.0.0.1", 7720, "Ann", deck=deck_text)      # doctest: +SKIP
>>> await client.connect()                                           # doctest: +SKIP
>>> await client.set_ready()                                         # doctest: +SKIP
>>> await client.wait_for(lambda c: c.view is not None)              # doctest: +SKIP
>>> await client.request(Pass(seat=client.seat))                     # doctest: +SKIP

After every accepted command the host sends an `Update`; the client applies it
(`view`, `legal`, `log`, `step`) and calls its listeners. Commands name cards
by the view ids of `view` (the legal answer's commands already do).

Automatic passes. When the seat holds the impulse and may do nothing but pass
(no command but a pass or a declined block, no playable card), or the window is
not one of the player's stops (`auto_pass="unless_stop"`), the client passes by
itself after `pass_delay` seconds: the same delay a person takes, so that the
speed of a pass tells nobody that a hand is empty. Tests set it to 0.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any, Callable

from vtes_desktop.engine import commands as C
from vtes_desktop.engine.legal import LegalAnswer
from vtes_desktop.engine.views import SeatView
from vtes_desktop.net import protocol as P
from vtes_desktop.net import wire

PASS_LIKE = frozenset({"pass", "decline_block"})


class JoinRefused(Exception):
    """The host would not let us in: `rule` and `reason` say why."""

    def __init__(self, rule: str, reason: str):
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


class CommandRefused(Exception):
    def __init__(self, rule: str, reason: str):
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


@dataclass(frozen=True, slots=True)
class LogLine:
    """A line of the log: a game line (`kind` "game") or a chat line ("chat")."""
    kind: str
    text: str
    seat: int | None = None
    name: str = ""
    entry: int = -1
    turn: int = 0
    active: str = ""
    manual: bool = False
    undone: bool = False
    spectator: bool = False
    refs: tuple[str, ...] = ()


class Client:
    def __init__(self, host: str, port: int, name: str, *, password: str | None = None, token: str | None = None,
                 deck: str | None = None, spectator: bool = False, pass_delay: float = 1.0,
                 auto_pass: str = "nothing_legal", stops: frozenset[str] = frozenset(),
                 keep_frames: bool = False):
        self.host, self.port = host, port
        self.name = name
        self.password = password
        self.token = token
        self.deck = deck
        self.spectator = spectator
        self.pass_delay = pass_delay
        self.auto_pass = auto_pass            # "never", "nothing_legal" or "unless_stop"
        self.stops = set(stops)               # windows where "unless_stop" stops
        self.keep_frames = keep_frames        # tests: keep every frame received (`frames`)
        self.frames: list[bytes] = []
        self.welcome: P.Welcome | None = None
        self.lobby: P.Lobby | None = None
        self.seat: int | None = None
        self.players: tuple[str, ...] = ()
        self.connected_seats: tuple[bool, ...] = ()
        self.step = -1
        self.view_data: dict | None = None
        self.view: SeatView | None = None
        self._legal_data: dict | None = None
        self._legal: LegalAnswer | None = None
        self.game_log: list[LogLine] = []
        self._chat: dict[int, LogLine] = {}
        self.refusals: list[P.Refused] = []
        self.over = False
        self.closed_reason: str | None = None
        self.applied_at: dict[int, float] = {}   # step -> monotonic time the view was applied (benchmarks)
        self.listeners: list[Callable[["Client", Any], None]] = []
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task | None = None
        self._next_id = 1
        self._pending: dict[int, asyncio.Future] = {}
        self._changed: asyncio.Event | None = None
        self._auto: asyncio.TimerHandle | None = None

    # -- connecting --------------------------------------------------------------------------------
    async def connect(self, timeout: float = 10.0) -> P.Welcome:
        """Open the connection and join. Raises JoinRefused, or OSError when the host cannot be reached."""
        self._changed = asyncio.Event()
        self.closed_reason = None
        self._reader, self._writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port, limit=P.MAX_HOST_FRAME + 16), timeout)
        self._next_id = 1
        self._send(P.Hello(id=self._id(), protocol=P.PROTOCOL_VERSION, app=P.APP_VERSION, name=self.name,
                           password=self.password, token=self.token, deck=self.deck, spectator=self.spectator))
        deadline = time.monotonic() + timeout
        while True:
            body = await asyncio.wait_for(P.read_frame(self._reader, P.MAX_HOST_FRAME),
                                          max(0.01, deadline - time.monotonic()))
            msg = P.decode_host(body)
            if self.keep_frames:
                self.frames.append(body)
            if isinstance(msg, P.Refused):
                self.refusals.append(msg)
                await self._drop()
                raise JoinRefused(msg.rule, msg.reason)
            if isinstance(msg, P.Welcome):
                self.welcome = msg
                if msg.token:
                    self.token = msg.token
                self.name = msg.name
                self.seat = msg.seat
                break
        self._task = asyncio.create_task(self._read_loop())
        return self.welcome

    async def close(self, *, bye: bool = False) -> None:
        """Leave (with `bye`: in the lobby the seat is given up) and stop reading."""
        if bye and self._writer is not None and not self._writer.is_closing():
            try:
                self._send(P.Bye(id=self._id()))
                await asyncio.wait_for(self._writer.drain(), 1)
            except Exception:
                pass
        await self._drop()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
            self._task = None

    async def _drop(self) -> None:
        self._cancel_auto()
        w, self._writer = self._writer, None
        if w is not None:
            try:
                w.close()
                await asyncio.wait_for(w.wait_closed(), 1)
            except Exception:
                pass

    async def reconnect(self, timeout: float = 10.0) -> P.Welcome:
        """Join again with the seat token (after a drop or a host restart): the view comes back whole."""
        await self.close()
        self.view_data = None
        self.step = -1
        return await self.connect(timeout)

    @property
    def connected(self) -> bool:
        return self._writer is not None and not self._writer.is_closing() and self.closed_reason is None

    # -- sending -------------------------------------------------------------------------------------
    def _id(self) -> int:
        i = self._next_id
        self._next_id += 1
        return i

    def _send(self, msg: P.Msg) -> None:
        if self._writer is None:
            raise ConnectionError("not connected")
        self._writer.write(P.encode(msg))

    def send_raw(self, frame: bytes) -> None:
        """Tests: put bytes on the wire as they are."""
        if self._writer is None:
            raise ConnectionError("not connected")
        self._writer.write(frame)

    async def set_ready(self, ready: bool = True) -> None:
        self._send(P.Ready(id=self._id(), ready=ready))

    async def choose_deck(self, text: str) -> None:
        self._send(P.DeckChoice(id=self._id(), text=text))

    async def say(self, text: str) -> None:
        self._send(P.Chat(id=self._id(), text=text))

    async def resync(self) -> None:
        self._send(P.Resync(id=self._id()))

    def submit(self, cmd: C.Command | dict, *, basis: int | None = None) -> int:
        """Send a command (built from `view` and `legal`); returns its message id. The answer comes as an
        update with `ack` equal to that id, or a refusal with `reply_to` equal to it."""
        data = cmd if isinstance(cmd, dict) else cmd.model_dump(mode="json", by_alias=True)
        i = self._id()
        self._send(P.CommandMsg(id=i, basis=self.step if basis is None else basis, command=data))
        return i

    async def request(self, cmd: C.Command | dict, timeout: float = 10.0) -> int:
        """Send a command and wait for its answer: the new step, or CommandRefused."""
        i = self.submit(cmd)
        fut = asyncio.get_running_loop().create_future()
        self._pending[i] = fut
        try:
            return await asyncio.wait_for(fut, timeout)
        finally:
            self._pending.pop(i, None)

    # -- waiting -------------------------------------------------------------------------------------
    async def wait_for(self, pred: Callable[["Client"], bool], timeout: float = 10.0) -> None:
        """Wait until *pred(self)* holds (checked after every message). Raises asyncio.TimeoutError."""
        deadline = time.monotonic() + timeout
        while not pred(self):
            if self.closed_reason is not None and not self.connected:
                raise ConnectionError(self.closed_reason)
            left = deadline - time.monotonic()
            if left <= 0:
                raise asyncio.TimeoutError(f"{self.name}: waited {timeout:g}s")
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except asyncio.TimeoutError:
                pass

    # -- receiving -----------------------------------------------------------------------------------
    async def _read_loop(self) -> None:
        try:
            while True:
                body = await P.read_frame(self._reader, P.MAX_HOST_FRAME)
                if self.keep_frames:
                    self.frames.append(body)
                self._handle(P.decode_host(body))
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            self.closed_reason = self.closed_reason or "the host closed the connection"
        except P.ProtocolError as e:
            self.closed_reason = e.message
        except asyncio.CancelledError:
            self.closed_reason = self.closed_reason or "closed"
            raise
        finally:
            self._cancel_auto()
            for fut in self._pending.values():
                if not fut.done():
                    fut.set_exception(ConnectionError(self.closed_reason or "closed"))
            if self._changed is not None:
                self._changed.set()

    def _handle(self, msg: P.Msg) -> None:
        if isinstance(msg, P.Update):
            self._update(msg)
        elif isinstance(msg, P.Refused):
            self.refusals.append(msg)
            if msg.fatal:
                self.closed_reason = msg.reason
            fut = self._pending.get(msg.reply_to) if msg.reply_to is not None else None
            if fut is not None and not fut.done():
                fut.set_exception(CommandRefused(msg.rule, msg.reason))
        elif isinstance(msg, P.ChatLine):
            self._chat[msg.seq] = LogLine("chat", msg.text, seat=msg.seat, name=msg.name, entry=msg.step,
                                          spectator=msg.spectator)
        elif isinstance(msg, P.Lobby):
            self.lobby = msg
        elif isinstance(msg, P.Start):
            self.seat = msg.seat
            self.players = msg.players
        elif isinstance(msg, P.Presence):
            self.connected_seats = msg.connected
        elif isinstance(msg, P.Welcome):
            self.welcome = msg
        for f in list(self.listeners):
            f(self, msg)
        self._changed.set()

    def _update(self, u: P.Update) -> None:
        if u.view is not None:
            data = u.view
            self.view = wire.view_from_wire(data)
        else:
            if self.view_data is None or u.base != self.step:
                # a patch for a view we do not have: ask for the whole view again
                self._send(P.Resync(id=self._id()))
                return
            changed = u.patch or {}
            try:
                data = wire.patch(self.view_data, changed)
                self.view = wire.view_from_wire(data, self.view, changed)
            except (ValueError, KeyError, TypeError, IndexError):
                self._send(P.Resync(id=self._id()))
                return
        self.view_data = data
        self.step = u.step
        self.applied_at[u.step] = time.monotonic()
        self._legal_data, self._legal = u.legal, None
        self.over = u.over
        lines = [LogLine("game", d["text"], seat=d.get("seat"), entry=d.get("entry", -1), turn=d.get("turn", 0),
                         active=d.get("active", ""), manual=d.get("manual", False), undone=d.get("undone", False),
                         refs=tuple(d.get("refs", ())))
                 for d in u.log]
        if u.reset:
            self.game_log = lines
        else:
            self.game_log.extend(lines)
        if u.ack is not None:
            fut = self._pending.get(u.ack)
            if fut is not None and not fut.done():
                fut.set_result(u.step)
        self._schedule_auto()

    @property
    def log(self) -> list[LogLine]:
        """Game and chat lines together, each chat line after the step it was said at."""
        chats = [self._chat[k] for k in sorted(self._chat)]
        out: list[LogLine] = []
        i = 0
        for ln in self.game_log:
            while i < len(chats) and chats[i].entry <= ln.entry:
                out.append(chats[i])
                i += 1
            out.append(ln)
        out.extend(chats[i:])
        return out

    @property
    def legal(self) -> LegalAnswer | None:
        """The seat's legal answer (decoded when first asked for)."""
        if self._legal is None and self._legal_data is not None:
            self._legal = wire.legal_from_wire(self._legal_data)
        return self._legal

    @property
    def legal_data(self) -> dict | None:
        return self._legal_data

    @property
    def judge_view(self) -> dict | None:
        """Judge mode: every hand and uncontrolled region (wire form), for spectators."""
        return self.view_data.get("judge") if self.view_data else None

    # -- automatic passes -------------------------------------------------------------------------------
    def auto_pass_command(self) -> C.Command | None:
        """The pass the client would make by itself now, or None."""
        d = self._legal_data
        if self.auto_pass == "never" or d is None or not d.get("holds_impulse") or self.over:
            return None
        if self.view is not None and self.view.manual:
            return None
        cmds = d.get("commands", ())
        passes = [c for c in cmds if c.get("type") in PASS_LIKE]
        if not passes:
            return None
        nothing_else = all(c.get("type") in PASS_LIKE for c in cmds) and \
            not any(ca["uses"] for ca in d.get("cards", {}).values())
        if self.auto_pass == "unless_stop":
            if d.get("window") in self.stops and not nothing_else:
                return None
        elif not nothing_else:
            return None
        chosen = next((c for c in passes if c["type"] == "decline_block"), passes[0])
        return C.parse_command(chosen)

    def _schedule_auto(self) -> None:
        self._cancel_auto()
        cmd = self.auto_pass_command()
        if cmd is None:
            return
        step = self.step
        loop = asyncio.get_running_loop()

        def fire() -> None:
            self._auto = None
            if self.step == step and self.connected:
                try:
                    self.submit(cmd, basis=step)
                except ConnectionError:
                    pass

        self._auto = loop.call_later(self.pass_delay, fire) if self.pass_delay > 0 else loop.call_soon(fire)

    def _cancel_auto(self) -> None:
        if self._auto is not None:
            self._auto.cancel()
            self._auto = None
