"""The wire protocol: typed messages, versioned, length-prefixed JSON, size-limited.

A frame is a 4-byte big-endian length followed by that many bytes of UTF-8
JSON holding one message object. Every message has a `type` (the pydantic
discriminator) and `v`, the protocol version. A client's messages also carry
`id`, a number that grows with every message of a connection (a message whose
id does not grow is a replay, and refused). `docs/protocol.md` describes every
message and the rules the host applies.

>>> frame = encode(Chat(id=1, text="No block."))
>>> decode_client(frame[4:])
Chat(v=1, type='chat', id=1, text='No block.')
"""

from __future__ import annotations

import asyncio
import json
import struct
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from vtes_desktop import __version__
from vtes_desktop.net import DEFAULT_PORT as _DEFAULT_PORT

#: bump when a message changes shape or meaning; hosts and clients of different protocols refuse each other
PROTOCOL_VERSION = 1
APP_VERSION = __version__
#: the largest frame a host reads from a client (a deck list is the largest thing a client sends)
MAX_CLIENT_FRAME = 64 * 1024
#: the largest frame a client reads from a host (a full view of a 6-player table is about 20 KB)
MAX_HOST_FRAME = 4 * 1024 * 1024
HEADER = struct.Struct(">I")
DEFAULT_PORT = _DEFAULT_PORT

NAME_MAX = 32
CHAT_MAX = 300
DECK_MAX = 48 * 1024


class ProtocolError(Exception):
    """A frame or message that cannot be read. `rule` names what was wrong; `fatal`: the link cannot go on."""

    def __init__(self, rule: str, message: str, *, fatal: bool = False):
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.fatal = fatal


class Msg(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    v: int = PROTOCOL_VERSION


# -- client to host ---------------------------------------------------------------------------

class ClientMsg(Msg):
    id: int = Field(ge=1, le=2**53)


class Hello(ClientMsg):
    """The first message of a connection: who is joining, and how.

    A new player gives a name (and a deck, unless the host deals one); a player
    coming back gives the same name and the seat token the host gave them; a
    spectator sets `spectator`.
    """
    type: Literal["hello"] = "hello"
    protocol: int
    app: str = Field(max_length=40)
    name: str = Field(max_length=NAME_MAX)
    password: str | None = Field(default=None, max_length=200)
    token: str | None = Field(default=None, max_length=100)
    deck: str | None = Field(default=None, max_length=DECK_MAX)
    spectator: bool = False


class Ready(ClientMsg):
    """Lobby: ready (or not) to start."""
    type: Literal["ready"] = "ready"
    ready: bool = True


class DeckChoice(ClientMsg):
    """Lobby: play this deck instead (deck list text in any format the app reads)."""
    type: Literal["deck"] = "deck"
    text: str = Field(max_length=DECK_MAX)


class CommandMsg(ClientMsg):
    """A game command. `basis` is the step of the view it was chosen from; cards are named by view ids."""
    type: Literal["command"] = "command"
    basis: int = Field(ge=0)
    command: dict[str, Any]


class Chat(ClientMsg):
    type: Literal["chat"] = "chat"
    text: str = Field(max_length=CHAT_MAX)


class Resync(ClientMsg):
    """Ask for a full view and the whole log again (after a view patch did not apply)."""
    type: Literal["resync"] = "resync"


class Bye(ClientMsg):
    """Leave: in the lobby the seat is freed; in a game the seat is kept for a rejoin."""
    type: Literal["bye"] = "bye"


AnyClientMsg = Annotated[Union[Hello, Ready, DeckChoice, CommandMsg, Chat, Resync, Bye], Field(discriminator="type")]
_CLIENT = TypeAdapter(AnyClientMsg)


# -- host to client ----------------------------------------------------------------------------

class Welcome(Msg):
    """Joined. `token` is the seat token (keep it to rejoin); `seat` is None until the game starts."""
    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    app: str = APP_VERSION
    name: str
    token: str | None = None
    seat: int | None = None
    spectator: bool = False
    judge: bool = False
    started: bool = False
    seats: int
    table: str = ""
    quick_phrases: tuple[str, ...] = ()


class LobbyPlayer(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    ready: bool
    connected: bool
    deck: str          # a one-line summary: "12 crypt, 90 library" or "the host's deck 2"
    deck_name: str = ""   # the deck's own name, when it has one (the host's label for a dealt deck)
    crypt: int = 0        # cards in the crypt and the library (the host checked the deck can be played)
    library: int = 0
    dealt: bool = False   # the host's deck, dealt to a player who brought none


class Lobby(Msg):
    type: Literal["lobby"] = "lobby"
    seats: int
    players: tuple[LobbyPlayer, ...]
    spectators: int = 0


class Start(Msg):
    """The game starts: your seat and the players in seating order."""
    type: Literal["start"] = "start"
    seat: int | None
    players: tuple[str, ...]


class Presence(Msg):
    """Who is connected, by seat, during a game."""
    type: Literal["presence"] = "presence"
    connected: tuple[bool, ...]
    spectators: int = 0


class Update(Msg):
    """After every accepted command: the seat's view (whole, or a patch of the last one), its legal
    answer and the new log lines. `ack` is the id of the receiver's own command that caused it."""
    type: Literal["update"] = "update"
    step: int
    base: int | None = None           # the step of the view a patch applies to
    view: dict | None = None          # the whole view (see wire.view_to_wire)
    patch: dict | None = None         # or a patch of the previous one (see wire.diff)
    legal: dict | None = None         # the seat's legal answer (None for spectators)
    log: tuple[dict, ...] = ()        # new log lines (reset: the whole log)
    reset: bool = False               # the log lines replace the client's log
    ack: int | None = None
    over: bool = False


class Refused(Msg):
    """A message of yours was refused. `fatal`: the host closes the connection after this."""
    type: Literal["refused"] = "refused"
    reply_to: int | None = None
    rule: str
    reason: str
    fatal: bool = False


class ChatLine(Msg):
    type: Literal["chat"] = "chat"
    name: str
    seat: int | None = None
    spectator: bool = False
    text: str
    step: int = 0          # the game step it was said at (0 in the lobby)
    seq: int = 0           # numbers the host's chat lines (a client that hears one twice keeps one)


AnyHostMsg = Annotated[Union[Welcome, Lobby, Start, Presence, Update, Refused, ChatLine], Field(discriminator="type")]
_HOST = TypeAdapter(AnyHostMsg)


# -- frames ------------------------------------------------------------------------------------

def encode(msg: Msg) -> bytes:
    """One frame: the length, then the message as compact JSON."""
    body = msg.model_dump_json(exclude_none=False).encode("utf-8")
    return HEADER.pack(len(body)) + body


def encode_raw(obj: dict) -> bytes:
    """A frame from a plain dict already in wire form (the host's fast path for updates)."""
    body = json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return HEADER.pack(len(body)) + body


async def read_frame(reader: asyncio.StreamReader, limit: int) -> bytes:
    """The next frame's body. Raises ProtocolError (fatal) for a frame over *limit*, and
    asyncio.IncompleteReadError when the peer goes away."""
    head = await reader.readexactly(HEADER.size)
    (n,) = HEADER.unpack(head)
    if n == 0:
        raise ProtocolError("frame", "an empty frame", fatal=False)
    if n > limit:
        raise ProtocolError("size", f"a message of {n} bytes is over the limit of {limit} bytes", fatal=True)
    return await reader.readexactly(n)


def _load(body: bytes) -> dict:
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("malformed", "the message is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "a message must be a JSON object")
    return data


def check_version(data: dict) -> None:
    """Refuse a message of another protocol version, saying which versions meet."""
    v = data.get("v", data.get("protocol"))
    proto = data.get("protocol", v)
    if v != PROTOCOL_VERSION or proto != PROTOCOL_VERSION:
        app = data.get("app")
        theirs = f"protocol {proto if proto is not None else v}" + (f" (vtes-desktop {app})" if isinstance(app, str) else "")
        raise ProtocolError("version", f"this host speaks protocol {PROTOCOL_VERSION} (vtes-desktop {APP_VERSION}); "
                                       f"your app speaks {theirs}: both need the same version of vtes-desktop",
                            fatal=True)


def _summary(e: ValidationError) -> str:
    errs = e.errors()
    if not errs:
        return "invalid message"
    first = errs[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("hello", "ready", "deck", "command", "chat",
                                                                        "resync", "bye"))
    more = f" (and {len(errs) - 1} more problem{'s' if len(errs) > 2 else ''})" if len(errs) > 1 else ""
    return f"{where + ': ' if where else ''}{first.get('msg', 'invalid')}{more}"


def decode_client(body: bytes) -> ClientMsg:
    """A client's message, checked. Raises ProtocolError."""
    data = _load(body)
    if data.get("type") == "hello" or "v" in data and data.get("v") != PROTOCOL_VERSION:
        check_version(data)
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as e:
        kind = data.get("type")
        raise ProtocolError("malformed", f"a malformed {kind + ' ' if isinstance(kind, str) and len(kind) < 20 else ''}"
                                         f"message: {_summary(e)}") from None


def decode_host(body: bytes) -> Msg:
    """A host's message. Updates skip validation of their big payloads (the host built them)."""
    data = _load(body)
    if data.get("v") != PROTOCOL_VERSION:
        raise ProtocolError("version", f"the host speaks protocol {data.get('v')!r}; this app speaks "
                                       f"{PROTOCOL_VERSION} (vtes-desktop {APP_VERSION})", fatal=True)
    if data.get("type") == "update":
        try:
            return Update.model_construct(**{k: data[k] for k in Update.model_fields if k in data})
        except Exception:
            raise ProtocolError("malformed", "a malformed update") from None
    try:
        return _HOST.validate_python(data)
    except ValidationError as e:
        raise ProtocolError("malformed", f"a malformed message from the host: {_summary(e)}") from None
