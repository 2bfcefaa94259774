"""The client library on a thread of its own, talking to the window through queued signals.

`ClientThread` runs an asyncio loop with one `net.client.Client`. Everything
the client receives is handed to the window thread as immutable values
(`Arrived`); everything the window asks (join, ready, a command, a chat line)
is scheduled on the loop with `call_soon_threadsafe`. The window never touches
the client's state.

A connection that drops (Wi-Fi gone, the host restarted on its game file) is
joined again with the seat token, every `REJOIN_EVERY` seconds for
`REJOIN_FOR` seconds (`reconnecting`, then `joined` again and a whole view);
a connection the host closed on purpose (a fatal refusal) is not.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from PySide6.QtCore import QThread, Signal

from vtes_desktop.net import protocol as P
from vtes_desktop.net.client import Client, JoinRefused


@dataclass(frozen=True)
class Arrived:
    """One message from the host, as the window needs it."""
    msg: object                       # the protocol message (frozen)
    view: object = None               # Update: the seat's SeatView after it
    legal: dict | None = None         # Update: the legal answer (wire form; read-only)
    lines: tuple = ()                 # Update: the new log lines (net.client.LogLine)
    step: int = -1
    command: object = None            # Refused: the command it answers, when it answers one


REJOIN_EVERY = 1.0
REJOIN_FOR = 180.0


class ClientThread(QThread):
    #: Arrived
    arrived = Signal(object)
    #: the connection dropped; joining again with the seat token (reason)
    reconnecting = Signal(str)
    #: (rule, reason): joining failed
    join_failed = Signal(str, str)
    #: welcome message: joined
    joined = Signal(object)
    #: the connection is gone (reason)
    disconnected = Signal(str)

    def __init__(self, host: str, port: int, name: str, *, password: str | None = None, deck: str | None = None,
                 token: str | None = None, spectator: bool = False, pass_delay: float = 1.0, parent=None):
        super().__init__(parent)
        self.client = Client(host, port, name, password=password, deck=deck, token=token, spectator=spectator,
                             pass_delay=pass_delay, auto_pass="nothing_legal")
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._sent: dict[int, object] = {}
        self._quit = False       # stop asked before the loop ran

    # -- the thread ------------------------------------------------------------------------------
    def run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        if self._quit:
            return
        c = self.client
        c.listeners.append(self._on_message)
        joining = asyncio.ensure_future(c.connect())
        stopping = asyncio.ensure_future(self._stop.wait())
        await asyncio.wait({joining, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if not joining.done():          # asked to stop while joining
            joining.cancel()
            await asyncio.gather(joining, return_exceptions=True)
            await c.close()
            return
        try:
            welcome = joining.result()
        except JoinRefused as e:
            self.join_failed.emit(e.rule, e.reason)
            return
        except (OSError, asyncio.TimeoutError) as e:
            self.join_failed.emit("connect", f"cannot reach {c.host}:{c.port}: {getattr(e, 'strerror', None) or e}")
            return
        self.joined.emit(welcome)
        while not self._stop.is_set() and not self._quit:
            try:
                await asyncio.wait_for(self._stop.wait(), 0.5)
            except asyncio.TimeoutError:
                pass
            if c.closed_reason is not None and not c.connected:
                reason = c.closed_reason
                closed_by_host = bool(c.refusals) and c.refusals[-1].fatal and c.refusals[-1].reason == reason
                if closed_by_host or not c.token or not await self._rejoin(reason):
                    self.disconnected.emit(reason)
                    break
        await c.close()

    async def _rejoin(self, reason: str) -> bool:
        """Join again with the seat token until the host answers; False when it will not have us back, or time
        is up, or the window stopped the thread."""
        c = self.client
        self.reconnecting.emit(reason)
        self._sent.clear()              # message ids start again on the new connection
        loop = asyncio.get_running_loop()
        deadline = loop.time() + REJOIN_FOR
        while loop.time() < deadline and not self._stop.is_set() and not self._quit:
            try:
                welcome = await c.reconnect(timeout=3.0)
            except JoinRefused as e:
                self.join_failed.emit(e.rule, e.reason)
                return False
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, P.ProtocolError):
                try:
                    await asyncio.wait_for(self._stop.wait(), REJOIN_EVERY)
                except asyncio.TimeoutError:
                    pass
                continue
            self.joined.emit(welcome)
            return True
        return False

    def _on_message(self, client: Client, msg) -> None:
        if isinstance(msg, P.Update):
            if client.step != msg.step:      # a patch that did not apply: a resync is on its way
                return
            lines = tuple(client.game_log if msg.reset else client.game_log[len(client.game_log) - len(msg.log):])
            self.arrived.emit(Arrived(msg, client.view, client.legal_data, lines, client.step))
        elif isinstance(msg, P.Refused):
            self.arrived.emit(Arrived(msg, command=self._sent.pop(msg.reply_to, None)))
        else:
            self.arrived.emit(Arrived(msg))

    # -- asked from the window ----------------------------------------------------------------------
    def _call(self, fn, *args) -> None:
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(fn, *args)

    def submit(self, cmd) -> None:
        def go():
            try:
                data = cmd if isinstance(cmd, dict) else cmd.model_dump(mode="json", by_alias=True)
                i = self.client.submit(data)
                self._sent[i] = cmd
                if len(self._sent) > 256:
                    self._sent.pop(next(iter(self._sent)))
            except ConnectionError:
                pass
        self._call(go)

    def say(self, text: str) -> None:
        self._call(lambda: asyncio.ensure_future(self._safe(self.client.say(text))))

    def set_ready(self, ready: bool) -> None:
        self._call(lambda: asyncio.ensure_future(self._safe(self.client.set_ready(ready))))

    def set_auto_pass(self, mode: str) -> None:
        self._call(setattr, self.client, "auto_pass", mode)

    async def _safe(self, coro) -> None:
        try:
            await coro
        except ConnectionError:
            pass

    def stop(self, wait_ms: int = 8000) -> None:
        """Leave and end the thread (it is never left running behind its QThread object)."""
        self._quit = True
        if self.loop is not None and self._stop is not None and not self.loop.is_closed():
            try:
                self.loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:
                pass
        self.wait(wait_ms)
