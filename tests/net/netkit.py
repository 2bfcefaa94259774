"""Helpers of the network tests: a host and clients over loopback (127.0.0.1 only), bounded in steps and time."""

from __future__ import annotations

import asyncio

from vtes_desktop.net.client import Client, CommandRefused
from vtes_desktop.net.host import Host, HostConfig
from vtes_desktop.net.policy import choose

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
LOOPBACK = "127.0.0.1"


def run(coro, timeout: float = 30.0):
    """Run a test's coroutine; it stops by itself after *timeout* seconds at most."""
    async def bounded():
        return await asyncio.wait_for(coro, timeout)
    return asyncio.run(bounded())


async def open_host(db, decks, tmp_path, **kw) -> Host:
    cfg = dict(seats=len(decks), bind=LOOPBACK, port=0, decks=tuple(decks), game_path=tmp_path / "game.jsonl",
               seating="fixed", seed=1, mdns=False, rate=10_000.0, burst=10_000)
    cfg.update(kw)
    host = Host(db, HostConfig(**cfg))
    await host.start()
    return host


def client(host: Host, name: str, **kw) -> Client:
    kw.setdefault("pass_delay", 0)
    kw.setdefault("auto_pass", "never")
    return Client(LOOPBACK, host.address[1], name, **kw)


async def seat_players(host: Host, names=NAMES, **kw) -> list[Client]:
    """Every player joins and is ready; returns when each has its first view."""
    clients = [client(host, n, **kw) for n in names]
    for c in clients:
        await c.connect()
    for c in clients:
        await c.set_ready()
    for c in clients:
        await c.wait_for(lambda c: c.view is not None, 10)
    return clients


async def settle(clients, step: int | None = None) -> int:
    """Wait until every client has the same, latest step."""
    target = step if step is not None else max(c.step for c in clients)
    for c in clients:
        await c.wait_for(lambda c: c.step >= target, 10)
    return target


async def play(clients: list[Client], steps: int, memo: list | None = None) -> list[str]:
    """Play the scripted policy until the clients reach *steps* steps (or the game ends). Returns the
    refusals met on the way (a scripted discard may be refused once)."""
    memo = memo if memo is not None else [{} for _ in clients]
    refused: list[str] = []
    for _ in range(steps * 3):
        step = await settle(clients)
        if step >= steps or clients[0].over:
            break
        holder = next((i for i, c in enumerate(clients) if c.legal_data and c.legal_data["holds_impulse"]), None)
        assert holder is not None, "nobody holds the impulse"
        c = clients[holder]
        cmd = choose(c.view, c.legal_data, memo[holder])
        assert cmd is not None
        try:
            await c.request(cmd, 10)
        except CommandRefused as e:
            refused.append(f"{cmd['type']}: {e.reason}")
            assert len(refused) < 20, refused
    return refused


async def close_all(host: Host, clients) -> None:
    for c in clients:
        await c.close()
    await host.close()



class Raw:
    """A bare connection for sending bytes the client library would never send."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, host: Host) -> "Raw":
        r, w = await asyncio.open_connection(LOOPBACK, host.address[1])
        return cls(r, w)

    def send(self, obj) -> None:
        import json

        from vtes_desktop.net.protocol import HEADER

        body = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
        self.writer.write(HEADER.pack(len(body)) + body)

    def send_frame(self, frame: bytes) -> None:
        self.writer.write(frame)

    async def read(self, timeout: float = 5.0) -> dict:
        """The next message, as a dict."""
        import json

        from vtes_desktop.net.protocol import MAX_HOST_FRAME, read_frame

        return json.loads(await asyncio.wait_for(read_frame(self.reader, MAX_HOST_FRAME), timeout))

    async def until(self, pred, timeout: float = 5.0) -> dict:
        """The first message for which *pred* holds."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            m = await self.read(max(0.01, end - loop.time()))
            if pred(m):
                return m

    async def closed(self, timeout: float = 5.0) -> bool:
        """True once the host has closed the connection (messages before that are skipped)."""
        try:
            while True:
                await self.read(timeout)
        except asyncio.IncompleteReadError:
            return True

    async def close(self) -> None:
        self.writer.close()
        try:
            await self.writer.wait_closed()
        except Exception:
            pass


def hello(name: str, i: int = 1, **kw) -> dict:
    from vtes_desktop.net.protocol import APP_VERSION, PROTOCOL_VERSION

    return {"type": "hello", "v": PROTOCOL_VERSION, "id": i, "protocol": PROTOCOL_VERSION, "app": APP_VERSION,
            "name": name, **kw}
