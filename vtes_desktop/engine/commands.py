"""Commands: every change to a game is one. Typed, frozen, JSON round-tripping.

A command keeps the scenario format's field names (`Action(minion="Anson",
kind="bleed")`). Cards are referred to by `CardRef`: an instance id (int) once
resolved by the engine's caller, or a name/alias string that the engine
resolves against the seat's own cards (see `Game.resolve_ref`). Commands are
one step of the scenario format: announcing a bleed, declining blocks and
resolving are separate commands.

>>> c = Action(seat=0, minion=12, kind="bleed")
>>> parse_command(c.model_dump_json()) == c
True
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

CardRef = Union[int, str]
Level = Literal["basic", "superior"] | str
Seat = int


class Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    seat: Seat

    @property
    def manual(self) -> bool:
        return False

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.model_dump(exclude_defaults=True).items() if k != "type")
        return f"{type(self).__name__}({fields})"

    __str__ = __repr__


# -- turn --------------------------------------------------------------------------

class EndPhase(Command):
    """The active player ends the current phase."""
    type: Literal["end_phase"] = "end_phase"


class Pass(Command):
    """Decline the impulse once (in the blocks window it also declines further blocks)."""
    type: Literal["pass"] = "pass"


class Resolve(Command):
    """Every player passes, in order, until the current window closes."""
    type: Literal["resolve"] = "resolve"


class Finish(Command):
    """Every player passes, in order, until the pending action is over."""
    type: Literal["finish"] = "finish"


class Yield(Command):
    """Unlock phase: yield a contested card or title."""
    type: Literal["yield"] = "yield"
    card: CardRef


# -- influence ---------------------------------------------------------------------

class Transfer(Command):
    """Influence phase: move pool onto an uncontrolled vampire, 1 transfer each."""
    type: Literal["transfer"] = "transfer"
    to: CardRef
    amount: int = 1


class TransferBack(Command):
    """Influence phase: move blood from an uncontrolled vampire to pool, 2 transfers each."""
    type: Literal["transfer_back"] = "transfer_back"
    from_: CardRef = Field(alias="from")
    amount: int = 1
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class MoveCrypt(Command):
    """Influence phase: 4 transfers and 1 pool, top crypt card to the uncontrolled region."""
    type: Literal["move_crypt"] = "move_crypt"


class Influence(Command):
    """Influence phase: bring an uncontrolled vampire with blood ≥ capacity into play."""
    type: Literal["influence"] = "influence"
    vampire: CardRef


class Merge(Command):
    """Influence phase: 4 transfers and 1 pool, merge an advanced vampire with its base."""
    type: Literal["merge"] = "merge"
    vampire: CardRef


# -- minion phase ------------------------------------------------------------------

ActionKind = Literal["bleed", "hunt", "equip", "employ", "recruit", "political", "leave_torpor",
                     "rescue", "diablerie", "become_anarch", "card", "burn_imbued"]


class Action(Command):
    """Announce an action."""
    type: Literal["action"] = "action"
    minion: CardRef
    kind: ActionKind
    card: CardRef | None = None
    target: CardRef | None = None
    level: str | None = None
    from_: CardRef | None = Field(default=None, alias="from")
    cost: int | None = None
    discipline: CardRef | None = None   # diablerie: the master Discipline card gained from an older victim
    trophy: CardRef | None = None       # diablerie: the trophy gained from a Red List victim
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Block(Command):
    """Attempt to block the pending action with this minion."""
    type: Literal["block"] = "block"
    minion: CardRef


class DeclineBlock(Command):
    """Make no further block attempts on the pending action (the pass in the blocks window)."""
    type: Literal["decline_block"] = "decline_block"


class Diablerize(Command):
    """After blocking a vampire leaving torpor, take the offered diablerie.

    `discipline`: a master Discipline card from the diablerist's controller's hand, library or ash heap, put on
    the diablerist when the victim was older; `trophy`: a master trophy card (hand, library, ash heap, or an
    unawarded trophy of theirs in play) moved to the diablerist when the victim was Red List.
    """
    type: Literal["diablerize"] = "diablerize"
    minion: CardRef
    victim: CardRef
    discipline: CardRef | None = None
    trophy: CardRef | None = None


# -- cards ---------------------------------------------------------------------------

class Play(Command):
    """Play a card from hand."""
    type: Literal["play"] = "play"
    card: CardRef
    minion: CardRef | None = None
    level: str | None = None
    target: CardRef | None = None
    choice: str | None = None


class Use(Command):
    """Use an effect of a card in play, or the Edge."""
    type: Literal["use"] = "use"
    card: CardRef
    minion: CardRef | None = None
    effect: str | None = None


class Discard(Command):
    """Discard phase: discard a card and draw."""
    type: Literal["discard"] = "discard"
    card: CardRef


# -- combat ----------------------------------------------------------------------------

class Maneuver(Command):
    type: Literal["maneuver"] = "maneuver"
    minion: CardRef
    using: CardRef | None = None
    level: str | None = None


class Strike(Command):
    type: Literal["strike"] = "strike"
    minion: CardRef
    strike: CardRef = "hand"
    level: str | None = None
    target: CardRef | None = None
    choice: str | None = None   # an option the strike card offers ("continue": Form of Mist's after-combat choice)


class Press(Command):
    type: Literal["press"] = "press"
    minion: CardRef
    to: Literal["continue", "end"] = "continue"
    using: CardRef | None = None
    level: str | None = None


class Prevent(Command):
    type: Literal["prevent"] = "prevent"
    minion: CardRef
    amount: int = 1
    using: CardRef | None = None


# -- politics ----------------------------------------------------------------------------

class Terms(Command):
    type: Literal["terms"] = "terms"
    choice: str


class Vote(Command):
    type: Literal["vote"] = "vote"
    side: Literal["for", "against"]
    with_: CardRef = Field(alias="with")
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


# -- manual moves ---------------------------------------------------------------------------

class ManualCommand(Command):
    @property
    def manual(self) -> bool:
        return True


class Move(ManualCommand):
    type: Literal["move"] = "move"
    card: CardRef
    to: str | int
    player: Seat | None = None


class Counters(ManualCommand):
    type: Literal["counters"] = "counters"
    on: CardRef  # a card, or "pool"
    delta: int
    player: Seat | None = None


class Lock(ManualCommand):
    type: Literal["lock"] = "lock"
    card: CardRef


class Unlock(ManualCommand):
    type: Literal["unlock"] = "unlock"
    card: CardRef


class Damage(ManualCommand):
    type: Literal["damage"] = "damage"
    target: CardRef
    normal: int = 0
    aggravated: int = 0


class Draw(ManualCommand):
    type: Literal["draw"] = "draw"
    player: Seat | None = None
    from_: Literal["library", "crypt"] = Field(default="library", alias="from")
    count: int = 1
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Shuffle(ManualCommand):
    type: Literal["shuffle"] = "shuffle"
    player: Seat | None = None
    region: Literal["library", "crypt"] = "library"


class EdgeMove(ManualCommand):
    type: Literal["edge"] = "edge"
    to: Seat | None = None


class Reveal(ManualCommand):
    type: Literal["reveal"] = "reveal"
    card: CardRef


class Done(ManualCommand):
    type: Literal["done"] = "done"


class Concede(Command):
    """Leave the game now: the Methuselah is ousted, with the usual consequences."""
    type: Literal["concede"] = "concede"


class Trophy(Command):
    """A vampire that burned a Red List minion in combat gains a trophy: a master trophy card from its
    Methuselah's hand, library or ash heap (once), or unawarded trophies of hers in play."""
    type: Literal["trophy"] = "trophy"
    minion: CardRef
    card: CardRef


class Withdraw(Command):
    """Unlock phase: a Methuselah whose library is exhausted and who began the turn with fewer cards than
    her hand size announces that she withdraws. Unless she is ousted first, she leaves the game at the start
    of her next unlock phase with ½ victory point; her predator gains nothing."""
    type: Literal["withdraw"] = "withdraw"


class TimeOut(Command):
    """The time limit is reached (the players agree): the game ends now and each Methuselah still in it
    gains ½ victory point."""
    type: Literal["time_out"] = "time_out"


class LeaveIncapacitated(Command):
    """Unlock phase: an Imbued of yours leaves the incapacitated region by burning 3 conviction, and gains
    1 life (not beyond its starting life)."""
    type: Literal["leave_incapacitated"] = "leave_incapacitated"
    minion: CardRef


class Undo(Command):
    """Take back the last step of this seat (the log keeps both)."""
    type: Literal["undo"] = "undo"


AnyCommand = Annotated[
    Union[EndPhase, Pass, Resolve, Finish, Yield, Transfer, TransferBack, MoveCrypt, Influence, Merge,
          Action, Block, DeclineBlock, Diablerize, Play, Use, Discard, Maneuver, Strike, Press, Prevent,
          Terms, Vote, Move, Counters, Lock, Unlock, Damage, Draw, Shuffle, EdgeMove, Reveal, Done, Concede, Undo,
          Withdraw, TimeOut, LeaveIncapacitated, Trophy],
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter = TypeAdapter(AnyCommand)

#: verb name (scenario `do:`) -> command class
VERBS: dict[str, type[Command]] = {
    c.model_fields["type"].default: c
    for c in (EndPhase, Pass, Resolve, Finish, Yield, Transfer, TransferBack, MoveCrypt, Influence, Merge,
              Action, Block, DeclineBlock, Diablerize, Play, Use, Discard, Maneuver, Strike, Press, Prevent,
              Terms, Vote, Move, Counters, Lock, Unlock, Damage, Draw, Shuffle, EdgeMove, Reveal, Done, Concede, Undo,
              Withdraw, TimeOut, LeaveIncapacitated, Trophy)
}

#: steps that do not count as using an effect (the impulse does not come back to the acting Methuselah)
NOT_EFFECTS = frozenset({"pass", "decline_block", "resolve", "finish", "undo", "concede", "withdraw", "time_out"})


def parse_command(data: str | bytes | dict) -> Command:
    """Parse any command from JSON text or a dict."""
    if isinstance(data, (str, bytes)):
        return _ADAPTER.validate_json(data)
    return _ADAPTER.validate_python(data)


def dump_command(cmd: Command) -> str:
    return cmd.model_dump_json(by_alias=True, exclude_defaults=False)
