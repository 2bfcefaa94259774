"""How a game starts: seats, decks or an explicit position, options.

A game is its setup, its seed and its command log. The setup is either the
standard start from decks (30 pool, shuffled crypt and library, 4 crypt cards
to the uncontrolled region, 7 cards in hand), or a written position (what a
scenario's `table:` describes), or a mix: a seat with a deck and no regions
gets the standard start.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class CardSpec(BaseModel):
    """One card of a written position."""
    model_config = ConfigDict(frozen=True, extra="forbid")
    cid: int
    alias: str | None = None
    blood: int | None = None
    life: int | None = None
    locked: bool = False
    counters: int | None = None
    title: str | None = None
    sect: str | None = None
    wounded: bool = False
    contested: bool = False
    attached: tuple["CardSpec", ...] = ()


class SeatSetup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    pool: int = 30
    vp: float = 0
    crypt: tuple[int, ...] = ()        # card ids of the deck's crypt (standard start)
    library: tuple[int, ...] = ()
    standard_start: bool = False       # shuffle and deal from crypt and library
    regions: dict[str, tuple[CardSpec, ...]] = Field(default_factory=dict)   # a written position


class Setup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    seats: tuple[SeatSetup, ...]
    turn_player: int = 0
    turn_number: int = 1
    phase: str = "unlock"
    edge: int | None = None
    free_undo: bool = False            # goldfish and the tutor: undo anything
    options: dict[str, str] = Field(default_factory=dict)

    @classmethod
    def from_decks(cls, decks: list[tuple[str, list[int], list[int]]], **kw) -> "Setup":
        """Standard start: (name, crypt card ids, library card ids) per seat, in seating order."""
        return cls(seats=tuple(SeatSetup(name=n, crypt=tuple(c), library=tuple(lib), standard_start=True)
                               for n, c, lib in decks), **kw)
