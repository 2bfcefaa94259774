"""The LAN host: one game behind an asyncio server, a lobby before it.

`Host` listens for clients (protocol.py), keeps a lobby until every seat is
taken and ready, then starts the game (random or fixed seating, a seed from
`secrets`) and runs it through a `NetTable`, which checks every command and
writes it to the game file before anyone is told. Players rejoin with their
name and seat token, after a dropped connection or a restart of the host on
the same game file; spectators watch the public view (every hand in judge
mode). Chat goes to everyone.

Nothing a client sends stops the host: a malformed, oversized, forged,
replayed or out-of-turn message is refused with a reason; a flooding client is
slowed down, then cut off; a wrong password closes that connection only.

The seat tokens live beside the game file (`GAME.seats.json`), as SHA-256
hashes: a restarted host recognises its players without keeping the tokens.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import os
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from vtes_desktop.net import protocol as P
from vtes_desktop.net.chat import QUICK_PHRASES, clean_name, clean_text
from vtes_desktop.net.privacy import SPECTATOR
from vtes_desktop.net.table import Feed, NetTable, TableRefusal

LOG = logging.getLogger("vtes_desktop.net.host")
SEATS_SUFFIX = ".seats.json"
CHAT_HISTORY = 200
MAX_WRITE_BUFFER = 8 * 1024 * 1024


@dataclass(frozen=True)
class DealtDeck:
    """A deck the host gives a player who brings none: its label and card ids (with repeats)."""
    label: str
    crypt: tuple[int, ...]
    library: tuple[int, ...]


@dataclass
class HostConfig:
    seats: int = 5
    bind: str = "0.0.0.0"
    port: int = P.DEFAULT_PORT
    password: str | None = None
    decks: tuple[DealtDeck, ...] = ()
    game_path: Path | None = None
    seating: str = "random"           # or "fixed": the order players joined
    seed: int | None = None           # None: from secrets (a fixed seed is for tests and benchmarks)
    spectators: bool = True
    judge: bool = False               # spectators see every hand
    allow_undo: bool = False
    mdns: bool = True
    table_name: str = "vtes-desktop"
    rate: float = 20.0                # messages a second a client may send, on average
    burst: int = 40                   # and at once
    flood_cutoff: int = 400           # messages dropped in a row before the connection is closed
    hello_timeout: float = 10.0
    max_connections: int = 64
    max_spectators: int = 16
    password_tries: int = 10          # wrong passwords from one address a minute before it is refused outright


@dataclass(eq=False)
class Player:
    name: str
    token_hash: str
    crypt: tuple[int, ...] = ()
    library: tuple[int, ...] = ()
    deck_label: str = ""
    deck_name: str = ""
    dealt: bool = False               # the host's deck, not one the player brought
    ready: bool = False
    seat: int | None = None
    conn: "Conn | None" = None


@dataclass(eq=False)
class Conn:
    writer: asyncio.StreamWriter
    peer: str
    player: Player | None = None
    spectator: bool = False
    name: str = ""
    last_id: int = 0
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    dropped: int = 0
    warned: float = 0.0
    feed: Feed = field(default_factory=Feed)
    closed: bool = False

    @property
    def seat(self) -> int | None:
        if self.spectator:
            return SPECTATOR
        return self.player.seat if self.player else None


def _hash(s: str) -> str:
    return hashlib.sha256(s.encode("utf-8")).hexdigest()


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(_hash(a).encode(), _hash(b).encode())


def default_game_path() -> Path:
    from vtes_desktop.cards.db import data_dir

    d = data_dir() / "lan"
    d.mkdir(parents=True, exist_ok=True)
    return d / time.strftime("host-%Y%m%d-%H%M%S.jsonl")


def seats_path(game_path: Path) -> Path:
    return game_path.with_name(game_path.name + SEATS_SUFFIX)


class Host:
    def __init__(self, db, config: HostConfig):
        self.db = db
        self.cfg = config
        self.players: list[Player] = []
        self.conns: set[Conn] = set()
        self.table: NetTable | None = None
        self.chat: list[P.ChatLine] = []
        self.server: asyncio.base_events.Server | None = None
        self.address: tuple[str, int] | None = None
        self.game_path: Path | None = config.game_path
        self.resumed = False
        self.problems: list[str] = []
        self.advertiser = None
        self.announced = False
        self._bad_passwords: dict[str, list[float]] = {}
        self._mdns_task: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self._chat_seq = int(time.time() * 1000)   # grows across restarts too
        #: tests: called with (conn, frame bytes) for every frame sent
        self.sent_hook: Callable[[Conn, bytes], None] | None = None
        #: tests and tools: called after every accepted command
        self.on_step: Callable[[], None] | None = None

    # -- life ----------------------------------------------------------------------------------
    async def start(self) -> tuple[str, int]:
        """Load the game file if it holds a game, then listen. Returns the address bound."""
        if self.game_path is not None and self.game_path.exists() and self.game_path.stat().st_size > 0:
            self._resume(self.game_path)
        self.server = await asyncio.start_server(self._serve, self.cfg.bind or None, self.cfg.port,
                                                 limit=P.MAX_CLIENT_FRAME + 16)
        sock = self.server.sockets[0].getsockname()
        self.address = (sock[0], sock[1])
        if self.cfg.mdns:
            self._mdns_task = asyncio.create_task(self._announce())
        return self.address

    async def _announce(self) -> None:
        from vtes_desktop.net.discovery import Advertiser

        self.advertiser = Advertiser()
        addrs = join_addresses(self.cfg.bind)
        self.announced = await self.advertiser.start(
            table=self.cfg.table_name, port=self.address[1], bind=self.cfg.bind, addresses=addrs,
            seats=self.cfg.seats, password=bool(self.cfg.password))

    async def close(self) -> None:
        if self._mdns_task is not None:
            self._mdns_task.cancel()
            try:
                await self._mdns_task
            except (asyncio.CancelledError, Exception):
                pass
        if self.advertiser is not None:
            await self.advertiser.close()
        if self.server is not None:
            self.server.close()
        for c in list(self.conns):
            self._close(c)
        tasks = list(self._tasks)
        for t in tasks:
            t.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=2)
        if self.server is not None:
            try:
                await asyncio.wait_for(self.server.wait_closed(), 2)
            except (asyncio.TimeoutError, Exception):
                pass

    @property
    def started(self) -> bool:
        return self.table is not None

    # -- connections ------------------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        conn = Conn(writer=writer, peer=str(peer[0]) if peer else "?", tokens=float(self.cfg.burst))
        if len(self.conns) >= self.cfg.max_connections:
            self._refuse(conn, None, TableRefusal("full", "the host has too many connections; try again later",
                                                  fatal=True))
            return
        self.conns.add(conn)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await self._hello_phase(reader, conn)
            while not conn.closed:
                try:
                    body = await P.read_frame(reader, P.MAX_CLIENT_FRAME)
                except P.ProtocolError as e:
                    if e.fatal:
                        raise
                    self._refuse(conn, None, TableRefusal(e.rule, e.message))
                    continue
                if not self._allow(conn):
                    continue
                self._message(conn, body)
        except P.ProtocolError as e:
            self._refuse(conn, None, TableRefusal(e.rule, e.message, fatal=True))
        except TableRefusal as e:
            self._refuse(conn, None, e)
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.TimeoutError, OSError):
            pass
        except asyncio.CancelledError:   # the host is closing
            pass
        except Exception:   # a bug must not stop the host: drop this connection, keep the game
            LOG.exception("connection from %s failed", conn.peer)
        finally:
            self._tasks.discard(task)
            self._close(conn)
            self._detach(conn)

    async def _hello_phase(self, reader, conn: Conn) -> None:
        bad = 0
        deadline = time.monotonic() + self.cfg.hello_timeout
        while conn.player is None and not conn.spectator:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TableRefusal("hello", "no hello in time", fatal=True)
            body = await asyncio.wait_for(P.read_frame(reader, P.MAX_CLIENT_FRAME), left)
            try:
                msg = P.decode_client(body)
                if not isinstance(msg, P.Hello):
                    raise TableRefusal("hello", "say hello first: a hello message with your name")
                conn.last_id = msg.id
                self._hello(conn, msg)
            except (P.ProtocolError, TableRefusal) as e:
                if getattr(e, "fatal", False):
                    raise
                bad += 1
                self._refuse(conn, None, e if isinstance(e, TableRefusal) else TableRefusal(e.rule, e.message))
                if bad >= 5:
                    raise TableRefusal("hello", "too many bad messages before a hello", fatal=True) from None

    def _allow(self, conn: Conn) -> bool:
        """The rate limit: a token bucket per connection."""
        now = time.monotonic()
        conn.tokens = min(float(self.cfg.burst), conn.tokens + (now - conn.stamp) * self.cfg.rate)
        conn.stamp = now
        if conn.tokens >= 1.0:
            conn.tokens -= 1.0
            conn.dropped = 0
            return True
        conn.dropped += 1
        if conn.dropped >= self.cfg.flood_cutoff:
            raise TableRefusal("rate", "too many messages: the connection is closed", fatal=True)
        if now - conn.warned >= 1.0:
            conn.warned = now
            self._refuse(conn, None, TableRefusal("rate", f"too many messages: at most {self.cfg.rate:g} a second; "
                                                          "messages are being dropped"))
        return False

    def _message(self, conn: Conn, body: bytes) -> None:
        msg_id = None
        try:
            msg = P.decode_client(body)
            msg_id = msg.id
            if msg.id <= conn.last_id:
                raise TableRefusal("replay", f"message id {msg.id} was already used on this connection (the last "
                                             f"was {conn.last_id}); a replayed message is ignored")
            conn.last_id = msg.id
            if isinstance(msg, P.Hello):
                raise TableRefusal("hello", "you have already joined")
            if isinstance(msg, P.CommandMsg):
                self._command(conn, msg)
            elif isinstance(msg, P.Chat):
                self._chat(conn, msg)
            elif isinstance(msg, P.Ready):
                self._ready(conn, msg)
            elif isinstance(msg, P.DeckChoice):
                self._deck(conn, msg)
            elif isinstance(msg, P.Resync):
                if self.table is not None:
                    conn.feed = Feed()
                    self._send_update(conn, reset=True)
                    self._send_chat_history(conn)
            elif isinstance(msg, P.Bye):
                self._bye(conn)
        except P.ProtocolError as e:
            if e.fatal:
                raise TableRefusal(e.rule, e.message, fatal=True) from None
            self._refuse(conn, msg_id, TableRefusal(e.rule, e.message))
        except TableRefusal as e:
            if e.fatal:
                raise
            self._refuse(conn, msg_id, e)

    # -- sending ----------------------------------------------------------------------------------
    def _send(self, conn: Conn, frame: bytes) -> None:
        if conn.closed:
            return
        try:
            conn.writer.write(frame)
        except (ConnectionError, RuntimeError, OSError):
            self._close(conn)
            return
        if self.sent_hook is not None:
            self.sent_hook(conn, frame)
        transport = conn.writer.transport
        if transport is not None and transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            LOG.info("%s reads too slowly; disconnected", conn.name or conn.peer)
            self._close(conn)

    def _send_msg(self, conn: Conn, msg: P.Msg) -> None:
        self._send(conn, P.encode(msg))

    def _refuse(self, conn: Conn, reply_to: int | None, e: TableRefusal | P.ProtocolError) -> None:
        reason = getattr(e, "reason", None) or getattr(e, "message", str(e))
        fatal = bool(getattr(e, "fatal", False))
        LOG.info("refused %s (%s): %s", conn.name or conn.peer, e.rule, "fatal" if fatal else "kept")
        self._send_msg(conn, P.Refused(reply_to=reply_to, rule=e.rule, reason=reason, fatal=fatal))
        if fatal:
            self._close(conn)

    def _close(self, conn: Conn) -> None:
        if conn.closed:
            return
        conn.closed = True
        try:
            conn.writer.close()
        except Exception:
            pass

    def _detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        p = conn.player
        if p is not None and p.conn is conn:
            p.conn = None
            LOG.info("%s dropped", p.name)
            self._broadcast_presence()
        elif conn.spectator:
            self._broadcast_presence()

    def _live(self) -> list[Conn]:
        return [c for c in self.conns if not c.closed and (c.player is not None and c.player.conn is c
                                                           or c.spectator)]

    def _broadcast_presence(self) -> None:
        if self.table is None:
            self._broadcast_lobby()
            return
        seats = [False] * len(self.table.names)
        for p in self.players:
            if p.seat is not None and p.conn is not None:
                seats[p.seat] = True
        msg = P.Presence(connected=tuple(seats), spectators=sum(1 for c in self._live() if c.spectator))
        for c in self._live():
            self._send_msg(c, msg)

    def _broadcast_lobby(self) -> None:
        msg = P.Lobby(seats=self.cfg.seats, players=tuple(
            P.LobbyPlayer(name=p.name, ready=p.ready, connected=p.conn is not None, deck=p.deck_label,
                          deck_name=p.deck_name, crypt=len(p.crypt), library=len(p.library), dealt=p.dealt)
            for p in self.players), spectators=sum(1 for c in self._live() if c.spectator))
        for c in self._live():
            self._send_msg(c, msg)

    def _send_update(self, conn: Conn, *, ack: int | None = None, reset: bool = False) -> None:
        seat = conn.seat
        if self.table is None or seat is None:
            return
        self._send(conn, P.encode_raw(self.table.update_for(seat, conn.feed, ack=ack, reset=reset)))

    def _send_chat_history(self, conn: Conn) -> None:
        for line in self.chat:
            self._send_msg(conn, line)

    # -- joining -----------------------------------------------------------------------------------
    def _hello(self, conn: Conn, msg: P.Hello) -> None:
        cfg = self.cfg
        if cfg.password is not None:
            tries = [t for t in self._bad_passwords.get(conn.peer, []) if time.monotonic() - t < 60]
            self._bad_passwords[conn.peer] = tries
            if len(tries) >= cfg.password_tries:
                raise TableRefusal("password", "too many wrong passwords from your address; wait a minute",
                                   fatal=True)
            if not _same(msg.password or "", cfg.password):
                tries.append(time.monotonic())
                raise TableRefusal("password", "wrong password" if msg.password else
                                   "this table needs a password", fatal=True)
        name = clean_name(msg.name)
        if not name:
            raise TableRefusal("name", "give a name to sit down with")
        if msg.spectator:
            if not cfg.spectators:
                raise TableRefusal("spectator", "this table takes no spectators", fatal=True)
            if sum(1 for c in self._live() if c.spectator) >= cfg.max_spectators:
                raise TableRefusal("spectator", "there are already as many spectators as this table takes",
                                   fatal=True)
            conn.spectator, conn.name = True, name
            self._send_msg(conn, self._welcome(name, None, None, spectator=True))
            LOG.info("%s watches", name)
            self._joined(conn)
            return
        known = next((p for p in self.players if p.name.casefold() == name.casefold()), None)
        if msg.token is not None:
            if known is None or not hmac.compare_digest(_hash(msg.token).encode(), known.token_hash.encode()):
                raise TableRefusal("token", "no seat here for that name and seat token", fatal=True)
            if known.conn is not None and known.conn is not conn:
                old = known.conn
                self._refuse(old, None, TableRefusal("replaced", "you joined again from another connection",
                                                     fatal=True))
            known.conn, conn.player, conn.name = conn, known, known.name
            self._send_msg(conn, self._welcome(known.name, None, known.seat))
            LOG.info("%s is back", known.name)
            self._joined(conn)
            return
        if self.table is not None:
            raise TableRefusal("started", "the game has started: rejoin with your seat token, or watch as a "
                                          "spectator", fatal=True)
        if known is not None:
            raise TableRefusal("name", f"{known.name} is already at this table: choose another name, or give "
                                       "your seat token to rejoin")
        if len(self.players) >= cfg.seats:
            raise TableRefusal("full", f"the table is full ({cfg.seats} seats)", fatal=True)
        if self.db.lookup(name) is not None:
            raise TableRefusal("name", f"{name!r} is a card's name: choose another name")
        crypt, library, label, deck_name = self._deck_for(msg.deck, len(self.players))
        token = secrets.token_urlsafe(24)
        p = Player(name=name, token_hash=_hash(token), crypt=crypt, library=library, deck_label=label,
                   deck_name=deck_name, dealt=not msg.deck, conn=conn)
        self.players.append(p)
        conn.player, conn.name = p, name
        self._send_msg(conn, self._welcome(name, token, None))
        LOG.info("%s sits down (%d of %d)", name, len(self.players), cfg.seats)
        self._joined(conn)

    def _welcome(self, name: str, token: str | None, seat: int | None, *, spectator: bool = False) -> P.Welcome:
        return P.Welcome(name=name, token=token, seat=seat, spectator=spectator, judge=self.cfg.judge,
                         started=self.table is not None, seats=self.cfg.seats if self.table is None
                         else len(self.table.names), table=self.cfg.table_name, quick_phrases=QUICK_PHRASES)

    def _joined(self, conn: Conn) -> None:
        if self.table is None:
            self._broadcast_lobby()
            return
        self._send_msg(conn, P.Start(seat=None if conn.spectator else conn.player.seat, players=self.table.names))
        conn.feed = Feed()
        self._send_update(conn, reset=True)
        self._send_chat_history(conn)
        self._broadcast_presence()

    def _deck_for(self, text: str | None, index: int) -> tuple[tuple[int, ...], tuple[int, ...], str, str]:
        """The deck's crypt and library (card ids, with repeats), its one-line label and its name."""
        if text:
            from vtes_desktop.decks import DeckError, read_deck, validate

            try:
                deck = read_deck(text, self.db)
            except DeckError as e:
                raise TableRefusal("deck", f"the deck cannot be read: {e}") from None
            check = validate(deck, self.db)
            if not check.valid:
                raise TableRefusal("deck", "the deck cannot be played: " + "; ".join(check.errors[:3]))
            crypt = tuple(cid for cid, n in deck.crypt.items() for _ in range(n))
            library = tuple(cid for cid, n in deck.library.items() for _ in range(n))
            label = f"{deck.name + ': ' if deck.name else ''}{len(crypt)} crypt, {len(library)} library"
            return crypt, library, label[:80], (deck.name or "")[:60]
        if index < len(self.cfg.decks):
            d = self.cfg.decks[index]
            return d.crypt, d.library, f"the host's deck: {d.label}"[:80], d.label[:60]
        raise TableRefusal("deck", "bring a deck: this host deals none")

    def _ready(self, conn: Conn, msg: P.Ready) -> None:
        if conn.player is None:
            raise TableRefusal("spectator", "spectators do not play")
        if self.table is not None:
            raise TableRefusal("started", "the game has already started")
        conn.player.ready = msg.ready
        self._broadcast_lobby()
        self._maybe_start()

    def _deck(self, conn: Conn, msg: P.DeckChoice) -> None:
        if conn.player is None:
            raise TableRefusal("spectator", "spectators do not play")
        if self.table is not None:
            raise TableRefusal("started", "the game has already started")
        p = conn.player
        p.crypt, p.library, p.deck_label, p.deck_name = self._deck_for(msg.text, self.players.index(p))
        p.dealt = False
        p.ready = False
        self._broadcast_lobby()

    def _bye(self, conn: Conn) -> None:
        p = conn.player
        if p is not None and self.table is None and p.conn is conn:
            self.players.remove(p)
            p.conn = None
            LOG.info("%s leaves the table", p.name)
        self._close(conn)

    # -- the game -----------------------------------------------------------------------------------
    def _maybe_start(self) -> None:
        if self.table is not None or len(self.players) < self.cfg.seats:
            return
        if not all(p.ready and p.conn is not None for p in self.players):
            return
        from vtes_desktop.engine import persist
        from vtes_desktop.engine.game import Game
        from vtes_desktop.engine.setup import Setup

        order = list(self.players)
        if self.cfg.seating == "random":
            secrets.SystemRandom().shuffle(order)
        setup = Setup.from_decks([(p.name, list(p.crypt), list(p.library)) for p in order])
        seed = self.cfg.seed if self.cfg.seed is not None else secrets.randbits(63)
        game = Game(self.db, setup, seed=seed)
        path = self.game_path or default_game_path()
        self.game_path = path
        for i, p in enumerate(order):
            p.seat = i
        self.players = order
        self._save_seats(path)
        recorder = persist.Recorder(game, path)
        self.table = NetTable(game, recorder, allow_undo=self.cfg.allow_undo, judge=self.cfg.judge)
        LOG.info("the game starts: %s; game file %s", ", ".join(p.name for p in order), path)
        for c in self._live():
            self._send_msg(c, P.Start(seat=None if c.spectator else c.player.seat, players=self.table.names))
            c.feed = Feed()
            self._send_update(c, reset=True)
        self._broadcast_presence()

    def _command(self, conn: Conn, msg: P.CommandMsg) -> None:
        if conn.spectator or conn.player is None:
            raise TableRefusal("spectator", "spectators do not play")
        t = self.table
        if t is None:
            raise TableRefusal("lobby", "the game has not started")
        seat = conn.player.seat
        try:
            cmd = t.vet(seat, msg.basis, msg.command)
        except TableRefusal as e:
            if e.rule == "time":     # everyone hears who asked to call time, and who is still to agree
                self._say(f"{conn.name} asks to call time: {e.reason}")
            raise
        t.apply(seat, cmd)
        reset = cmd.type == "undo"
        for c in self._live():
            self._send_update(c, ack=msg.id if c is conn else None, reset=reset)
        if self.on_step is not None:
            self.on_step()

    def _say(self, text: str) -> None:
        """A line from the host itself in the table talk (no seat)."""
        self._post(name="Host", seat=None, spectator=False, text=text)

    def _post(self, **fields) -> None:
        """A table-talk line to everyone, kept for those who join later."""
        line = P.ChatLine(**fields, step=self.table.step if self.table else 0, seq=self._chat_seq)
        self._chat_seq += 1
        self.chat.append(line)
        del self.chat[:-CHAT_HISTORY]
        frame = P.encode(line)
        for c in self._live():
            self._send(c, frame)

    def _chat(self, conn: Conn, msg: P.Chat) -> None:
        text = clean_text(msg.text)
        if not text:
            return
        self._post(name=conn.name, seat=None if conn.spectator or conn.player is None else conn.player.seat,
                   spectator=conn.spectator, text=text)

    # -- the seats file --------------------------------------------------------------------------------
    def _save_seats(self, path: Path) -> None:
        data = {"format": "vtes-desktop-seats", "version": 1,
                "seats": [{"name": p.name, "token_sha256": p.token_hash} for p in self.players],
                "judge": self.cfg.judge}
        sp = seats_path(path)
        tmp = sp.with_name(sp.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, sp)

    def _resume(self, path: Path) -> None:
        from vtes_desktop.engine import persist

        sp = seats_path(path)
        try:
            data = json.loads(sp.read_text(encoding="utf-8"))
            seats = data["seats"]
        except (OSError, ValueError, KeyError, TypeError):
            raise HostError(f"{sp}: the seat tokens of this game cannot be read; without them nobody can "
                            "rejoin") from None
        loaded = persist.load(path, self.db)
        self.problems = loaded.problems
        game = loaded.game
        names = [s.name for s in game.state.seats]
        if [s.get("name") for s in seats] != names:
            raise HostError(f"{sp}: the seats do not match the game's players ({', '.join(names)})")
        self.players = [Player(name=s["name"], token_hash=str(s["token_sha256"]), seat=i, ready=True)
                        for i, s in enumerate(seats)]
        self.table = NetTable(game, persist.Recorder(game, path), allow_undo=self.cfg.allow_undo,
                              judge=self.cfg.judge)
        self.resumed = True


class HostError(Exception):
    """The host cannot start: the message says why."""


def join_addresses(bind: str) -> list[str]:
    """The addresses players can join at (no traffic is sent to find them)."""
    import socket

    if bind not in ("", "0.0.0.0", "::"):
        return [bind]
    out: list[str] = []
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ip.ip.startswith("127.") and ip.ip.count(".") == 3:
                    out.append(ip.ip)
    except Exception:
        pass
    if not out:
        try:
            ip = socket.gethostbyname(socket.gethostname())
            if not ip.startswith("127."):
                out.append(ip)
        except OSError:
            pass
    return out or ["127.0.0.1"]
