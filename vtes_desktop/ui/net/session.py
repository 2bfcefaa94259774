"""`NetSession`: the table's `GameSession` over a network client.

The table talks to it as to a `LocalSession`: `submit` sends the command
(cards are already named by view ids, as the host wants them), `updated`
carries each new view and log lines, `refused` the host's refusal of a command
of ours. The legal answer arrives with every view, keyed by view id, so
`answer_for` and `view_id` need no translation. There is no game here: no
`trial` (previews), no `game` to save (the host keeps the game file).

Chat lines join the log as lines of kind "chat". The lobby (`lobby`, `start`,
`presence`) is told through `lobby_changed`, `started` and `presence_changed`.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, Signal

from vtes_desktop.engine import commands as C
from vtes_desktop.engine.errors import Illegal, Refused
from vtes_desktop.engine.legal import CardAnswer
from vtes_desktop.net import protocol as P
from vtes_desktop.net.wire import legal_from_wire
from vtes_desktop.ui.net.worker import Arrived, ClientThread
from vtes_desktop.ui.table.session import GameSession, LogLine


class NetSession(GameSession):
    #: the table window turns off what needs the game itself (save, export, new game, another seat's view)
    remote = True
    #: the lobby changed (net.protocol.Lobby)
    lobby_changed = Signal(object)
    #: the game started and the first view is here
    started = Signal()
    #: (tuple of bools by seat, spectators)
    presence_changed = Signal(object, int)
    #: a chat line (name, text, spectator)
    chat = Signal(str, str, bool)
    #: a message of ours was refused that was not a command (rule, reason)
    notice = Signal(str, str)
    #: joined (net.protocol.Welcome) / could not join (rule, reason) / the connection is gone (reason)
    joined = Signal(object)
    join_failed = Signal(str, str)
    disconnected = Signal(str)
    #: the connection dropped and the session is joining again with its seat token (reason)
    reconnecting = Signal(str)

    def __init__(self, db, thread: ClientThread, parent: QObject | None = None) -> None:
        super().__init__(db, parent)
        self.worker = thread
        self.game = None
        self.welcome: P.Welcome | None = None
        self.lobby: P.Lobby | None = None
        self.players: tuple[str, ...] = ()
        self.connected_seats: tuple[bool, ...] = ()
        self.step = -1
        self.seat = 0
        self.spectator = thread.client.spectator
        self._lines: list[LogLine] = []
        self._over = False
        thread.arrived.connect(self._arrived)
        thread.joined.connect(self._joined)
        thread.join_failed.connect(self.join_failed)
        thread.disconnected.connect(self.disconnected)
        thread.reconnecting.connect(self.reconnecting)

    @classmethod
    def connect_to(cls, db, host: str, port: int, name: str, **kw) -> "NetSession":
        """A session joining *host*:*port*; the thread starts at once (watch `joined` / `join_failed`)."""
        parent = kw.pop("parent", None)
        thread = ClientThread(host, port, name, **kw)
        s = cls(db, thread, parent)
        thread.start()
        return s

    @property
    def token(self) -> str | None:
        return self.worker.client.token

    # -- the GameSession interface -----------------------------------------------------------------
    def submit(self, cmd: C.Command) -> Refused | None:
        """Send *cmd*; the answer comes later (`updated`, or `refused`). A command for another seat, or with
        no view yet, is refused at once."""
        if self.view is None or self.spectator:
            err = Illegal("spectator" if self.spectator else "lobby", "spectators do not play" if self.spectator
                          else "the game has not started")
            self.refused.emit(cmd, err)
            return err
        if cmd.seat != self.seat:
            cmd = cmd.model_copy(update={"seat": self.seat})
        self.worker.submit(cmd)
        return None

    def undo(self, seat: int | None = None) -> Refused | None:
        """Ask the host to take back this seat's last step (it does when started with --undo). Another seat's
        step is never this seat's to take back."""
        if seat is not None and seat != self.seat:
            err = Illegal("undo", "at a network table each player takes back only their own step")
            self.refused.emit(C.Undo(seat=seat), err)
            return err
        return self.submit(C.Undo(seat=self.seat))

    def log(self) -> list[LogLine]:
        return list(self._lines)

    def answer_for(self, vid: str) -> CardAnswer | None:
        return self.legal.cards.get(vid) if self.legal is not None else None

    def view_id(self, ref) -> str | None:
        return ref if isinstance(ref, str) else None

    def show_seat(self, seat: int) -> None:
        """A network seat shows only its own hand."""

    def set_auto_pass(self, on: bool) -> None:
        self.worker.set_auto_pass("nothing_legal" if on else "never")

    @property
    def is_over(self) -> bool:
        return self._over or super().is_over

    # -- the lobby and the table talk -----------------------------------------------------------------
    def set_ready(self, ready: bool = True) -> None:
        self.worker.set_ready(ready)

    def say(self, text: str) -> None:
        self.worker.say(text)

    def close(self) -> None:
        self.worker.stop()

    # -- what arrives ---------------------------------------------------------------------------------
    def _joined(self, welcome) -> None:
        self.welcome = welcome
        if welcome.seat is not None:
            self.seat = welcome.seat
        self.joined.emit(welcome)

    def _arrived(self, a: Arrived) -> None:
        msg = a.msg
        if isinstance(msg, P.Update):
            first = self.view is None
            self.view = a.view
            if self.view is not None and self.view.seat < 0:
                # a spectator's public view belongs to no seat: the table draws it from the first seat's side
                # (no hand; every uncontrolled region face down)
                self.view = replace(self.view, seat=0)
            self.legal = legal_from_wire(a.legal) if a.legal is not None else None
            self.step = a.step
            lines = [self._line(x) for x in a.lines]
            if msg.reset:
                self._lines = lines
            else:
                self._lines.extend(lines)
            self.updated.emit(self.view, lines, bool(msg.reset))
            if first:
                self.started.emit()
            if msg.over and not self._over:
                self._over = True
                self.game_over.emit()
        elif isinstance(msg, P.Refused):
            err = Illegal(msg.rule, msg.reason)
            if a.command is not None:
                self.refused.emit(a.command, err)
            else:
                self.notice.emit(msg.rule, msg.reason)
        elif isinstance(msg, P.ChatLine):
            line = LogLine(entry=msg.step, turn=self.view.turn if self.view else 0,
                           active=self.seat_name(self.view.active) if self.view else "", text=f"{msg.name}: {msg.text}",
                           seat=msg.seat if msg.seat is not None else -1, kind="chat")
            self._lines.append(line)
            self.chat.emit(msg.name, msg.text, msg.spectator)
            if self.view is not None:
                self.updated.emit(self.view, [line], False)
        elif isinstance(msg, P.Lobby):
            self.lobby = msg
            self.lobby_changed.emit(msg)
        elif isinstance(msg, P.Start):
            self.players = msg.players
            if msg.seat is not None:
                self.seat = msg.seat
        elif isinstance(msg, P.Presence):
            self.connected_seats = msg.connected
            self.presence_changed.emit(msg.connected, msg.spectators)

    @staticmethod
    def _line(x) -> LogLine:
        return LogLine(entry=x.entry, turn=x.turn, active=x.active, text=x.text,
                       seat=x.seat if x.seat is not None else -1, manual=x.manual, undone=x.undone, refs=x.refs)
