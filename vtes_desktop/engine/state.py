"""The game state: plain, immutable records in a few dictionaries.

Every record (`Card`, `SeatState`, the frames) is an immutable NamedTuple and
every region is a tuple, so `State.clone()` is a handful of shallow dict
copies. The engine applies a command to a clone and keeps it only when the
command is accepted: that makes `apply` atomic (implicit passes included) and
`Game.fork()` cheap.

Regions: `crypt`, `library`, `hand`, `uncontrolled`, `ready`, `torpor`,
`incapacitated`, `ash_heap`, `removed`; cards in play may also be `attached`
(to a host card) or `aside` (an action card between its announcement and its
resolution), or `in_play` (master cards and other non-minion cards on the table).
"""

from __future__ import annotations

from typing import NamedTuple

REGIONS = ("crypt", "library", "hand", "uncontrolled", "ready", "torpor", "incapacitated",
           "ash_heap", "removed", "in_play", "aside")
#: regions whose cards are in play (controlled)
IN_PLAY = frozenset({"ready", "torpor", "incapacitated", "in_play"})
HIDDEN = frozenset({"crypt", "library", "hand"})
PHASES = ("unlock", "master", "minion", "influence", "discard")


class Card(NamedTuple):
    iid: int                     # instance id, unique in the game
    cid: int                     # VEKN card id
    owner: int                   # seat index of the deck it came from
    controller: int
    region: str
    counters: int = 0            # blood on a vampire, life on an ally or retainer, counters on others
    locked: bool = False
    host: int | None = None      # iid of the card it is attached to (region "attached")
    wounded: bool = False
    contested: bool = False
    face_down: bool = False
    title: str | None = None     # override of the printed title ("none" for untitled)
    sect: str | None = None      # override of the printed sect
    arrived: int = -1            # turn number a recruited ally arrived (cannot act that turn)
    hidden: int = 0              # how many times the card was hidden or shuffled (for opaque view ids)
    level: str | None = None     # level an equipment/retainer/ally was played at
    title_contested: bool = False  # a unique title claimed by another vampire too: no title while it lasts


class SeatState(NamedTuple):
    name: str
    pool: int = 30
    vp: float = 0
    ousted: bool = False


# -- frames: what is under way, innermost last -------------------------------------------

class Impulse(NamedTuple):
    """Who may act in a window: the order (acting Methuselah first) and passes in a row."""
    order: tuple[int, ...]
    at: int = 0          # index into order of the seat holding the impulse
    passes: int = 0      # consecutive passes since the last effect used

    @property
    def seat(self) -> int:
        return self.order[self.at]

    def passed(self) -> "Impulse":
        return self._replace(at=(self.at + 1) % len(self.order), passes=self.passes + 1)

    def used(self) -> "Impulse":
        return self._replace(at=0, passes=0)

    @property
    def closed(self) -> bool:
        return self.passes >= len(self.order)


class Mod(NamedTuple):
    """A modifier that lasts as long as its frame: +1 stealth from Bonding played by Sully."""
    kind: str            # "stealth", "intercept", "bleed", "hunt", "strength", "votes"
    amount: int
    minion: int | None   # iid of the minion it applies to (None: the acting minion)
    card: int | None     # iid of the card that gave it
    cid: int | None = None
    limited: bool = False


class ActionFrame(NamedTuple):
    kind: str                       # bleed, hunt, equip, employ, recruit, political, ...
    actor: int                      # acting minion iid
    seat: int                       # acting Methuselah
    stage: str                      # announced, blocks, attempt, declined, resolution
    imp: Impulse
    card: int | None = None         # the action card set aside, or the card being equipped/employed/recruited
    card_level: str | None = None
    target_seat: int | None = None
    target_card: int | None = None
    directed: bool = False
    blockers: tuple[int, ...] = ()  # seats that may block, in order
    declined: frozenset = frozenset()
    blocker: int | None = None      # the minion attempting to block
    base_stealth: int = 0
    base_bleed: int = 1
    base_hunt: int = 1
    cost_pool: int = 0
    cost_blood: int = 0
    mods: tuple[Mod, ...] = ()
    played: frozenset = frozenset()  # (minion iid, card cid) pairs: no minion plays the same card twice
    outcome: str | None = None      # successful, blocked, unsuccessful, cancelled
    equip_from: int | None = None   # equip from another minion: the equipment's iid
    from_card: int | None = None    # an action provided by a card in play
    rescue_split: int = 0           # rescue: blood the rescued vampire pays
    diablerie_offer: int | None = None   # a vampire that blocked a vampire leaving torpor may diablerize it
    effect: str | None = None       # how the action card resolves: "bleed", "hunt", or None (by hand)
    woken: frozenset = frozenset()  # locked minions that may still block and play reactions this action
    choices: tuple = ()             # diablerie: (master Discipline card, trophy) chosen, instance ids or None

    @property
    def window(self) -> str:
        return {"announced": "action_announced", "blocks": "blocks", "attempt": "block_attempt",
                "declined": "blocks_declined", "resolution": "action_resolution"}[self.stage]


class CombatFrame(NamedTuple):
    a: int                          # acting minion iid (or the minion that started combat)
    b: int                          # opposing minion iid
    step: str                       # before_range, range, before_strikes, strike, additional_strikes, press, end_of_round
    imp: Impulse
    round: int = 1
    range: str = "close"
    range_set: bool = False          # an effect already set the range this round
    last_maneuver: int | None = None
    last_press: int | None = None
    press_continue: bool = False
    strikes: tuple = ()              # (iid, strike descriptor) chosen in the current strike window
    struck: frozenset = frozenset()  # minions that have chosen/passed their strike this window
    committed: tuple = ()            # (iid, strike) chosen through a maneuver from a strike card or weapon
    extra: tuple = ()                # (iid, count) additional strikes
    ended: bool = False
    mods: tuple[Mod, ...] = ()
    used: frozenset = frozenset()    # once-each-combat effects used: (iid, card iid, what)
    extra_phase: bool = False        # the strike step under way is for additional strikes
    pending: tuple = ()              # (iid, strike) a normal strike waiting for a first strike to resolve
    granted: tuple = ()              # (iid, "maneuver"|"press", how many) granted by effects this combat
    striking: frozenset = frozenset()  # minions with a strike to choose in the current strike step

    @property
    def window(self) -> str:
        return "strike" if self.step == "strike_resolved" else self.step


class Hit(NamedTuple):
    target: int
    normal: int
    aggravated: int
    prevented_normal: int = 0
    prevented_aggravated: int = 0
    source: int | None = None     # the minion inflicting it (None: environmental)
    via: int | None = None        # the card it comes through (a weapon, a strike card)
    unpreventable: bool = False   # "unpreventable damage": no prevention applies


class DamageFrame(NamedTuple):
    """Damage being inflicted, at the same time, on one or more minions: prevention comes first."""
    hits: tuple[Hit, ...]
    imp: Impulse

    @property
    def window(self) -> str:
        return "damage"


class ReferendumFrame(NamedTuple):
    imp: Impulse
    step: str = "polling"           # referendum_terms, polling
    card: int | None = None         # the card that called it
    actor: int | None = None
    seat: int = 0
    terms: str | None = None
    votes_for: tuple = ()           # (seat, source label, amount)
    votes_against: tuple = ()
    used_sources: frozenset = frozenset()
    pa_vote_used: frozenset = frozenset()   # seats that already gained their 1 vote from political action cards
    votes_started: bool = False     # the first vote or ballot ends "before votes and ballots are cast"
    gained: tuple = ()              # (seat, card iid, votes) gained from action modifiers and reactions, to cast

    @property
    def window(self) -> str:
        return self.step


class ManualFrame(NamedTuple):
    """An effect the engine leaves to the players: closed with `done`."""
    imp: Impulse
    what: str
    card: int | None = None

    @property
    def window(self) -> str:
        return "action_resolution"


class State:
    """All of a game's state. Clone before changing; records are immutable."""

    __slots__ = ("cards", "regions", "attached", "seats", "_own", "edge", "turn", "active", "phase", "frames",
                 "rng_n", "transfers", "mpa", "dpa", "acted", "next_iid", "last_action", "last_referendum",
                 "pending_draws", "edge_used", "events_played", "burn_option_used", "phase_flags", "oot",
                 "withdrawing", "withdrawn", "ended", "turn_hand", "skip_unlock", "awards", "marks", "as_played")

    def __init__(self) -> None:
        self.cards: dict[int, Card] = {}
        self.regions: dict[tuple[int, str], tuple[int, ...]] = {}
        self.attached: dict[int, tuple[int, ...]] = {}
        self.seats: list[SeatState] = []
        self._own = 15   # which of cards/regions/attached/seats this state owns (copy on first write)
        self.edge: int | None = None
        self.turn = 1
        self.active = 0
        self.phase = "unlock"
        self.frames: tuple = ()
        self.rng_n = 0
        self.transfers = 0
        self.mpa = 1
        self.dpa = 1
        self.acted: frozenset = frozenset()   # (minion iid, what) done this turn: "bleed", "political", ("card", cid)
        self.next_iid = 1
        self.last_action: str | None = None
        self.last_referendum: tuple | None = None   # (passed, for, against)
        self.pending_draws: tuple = ()   # (seat, card iid, until) replacements deferred by "Do not replace until"
        self.edge_used = False
        self.events_played: frozenset = frozenset()     # event card ids played this game (each once per game)
        self.burn_option_used: frozenset = frozenset()  # seats that used the burn option this unlock phase
        self.phase_flags: frozenset = frozenset()       # once-each-phase things done: "trifle", "event"
        self.oot: tuple = ()    # (seat, trifle) out-of-turn master cards played since that seat's last master phase
        self.withdrawing: frozenset = frozenset()   # seats that announced their withdrawal (they leave next unlock)
        self.withdrawn: frozenset = frozenset()     # seats that withdrew: out of the game (`ousted` set), not ousted
        self.ended: str | None = None   # "time_out" once the time limit ended the game
        self.turn_hand: tuple | None = None   # (seat, cards in hand) as the active Methuselah began the turn
        self.awards: tuple = ()   # (seat, vampire iid, searched) trophies due for burning a Red List minion in combat
        self.skip_unlock: frozenset = frozenset()   # minions that do not unlock in their next unlock phase
        self.marks: frozenset = frozenset()   # (card iid, what, value): lasting choices of master cards in play
        self.as_played: tuple | None = None   # (seat, card iid, state before): the card the last step played

    def clone(self) -> "State":
        """A copy that shares the big tables until it first writes to them.

        One multiple assignment per group of fields (the legal answer clones the state for every command it
        tries, so this is on the hot path); every slot but `_own` is copied, which `_check_clone_covers_slots`
        asserts at import."""
        s = State.__new__(State)
        s._own = 0
        s.cards, s.regions, s.attached, s.seats = self.cards, self.regions, self.attached, self.seats
        (s.edge, s.turn, s.active, s.phase, s.frames, s.rng_n, s.transfers, s.mpa, s.dpa, s.acted, s.next_iid,
         s.last_action, s.last_referendum, s.pending_draws, s.edge_used, s.events_played, s.burn_option_used,
         s.phase_flags, s.oot, s.withdrawing, s.withdrawn, s.ended, s.turn_hand, s.skip_unlock, s.awards, s.marks,
         s.as_played) = (
            self.edge, self.turn, self.active, self.phase, self.frames, self.rng_n, self.transfers, self.mpa,
            self.dpa, self.acted, self.next_iid, self.last_action, self.last_referendum, self.pending_draws,
            self.edge_used, self.events_played, self.burn_option_used, self.phase_flags, self.oot,
            self.withdrawing, self.withdrawn, self.ended, self.turn_hand, self.skip_unlock, self.awards,
            self.marks, self.as_played)
        return s

    # -- reading ---------------------------------------------------------------------
    def region(self, seat: int, name: str) -> tuple[int, ...]:
        return self.regions.get((seat, name), ())

    @property
    def top(self):
        return self.frames[-1] if self.frames else None

    def live_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.ousted]

    def prey(self, seat: int) -> int:
        n = len(self.seats)
        for k in range(1, n + 1):
            j = (seat + k) % n
            if not self.seats[j].ousted:
                return j
        return seat

    def predator(self, seat: int) -> int:
        n = len(self.seats)
        for k in range(1, n + 1):
            j = (seat - k) % n
            if not self.seats[j].ousted:
                return j
        return seat

    def in_seat_order_from(self, seat: int) -> list[int]:
        """Live seats in seat order (each player to their prey), starting with *seat*."""
        out = [seat] if not self.seats[seat].ousted else []
        j = self.prey(seat)
        while j != seat and j not in out:
            out.append(j)
            j = self.prey(j)
        return out

    # -- writing (on a clone) ---------------------------------------------------------
    def w_cards(self) -> dict[int, Card]:
        if not self._own & 1:
            self.cards = dict(self.cards)
            self._own |= 1
        return self.cards

    def w_regions(self) -> dict[tuple[int, str], tuple[int, ...]]:
        if not self._own & 2:
            self.regions = dict(self.regions)
            self._own |= 2
        return self.regions

    def w_attached(self) -> dict[int, tuple[int, ...]]:
        if not self._own & 4:
            self.attached = dict(self.attached)
            self._own |= 4
        return self.attached

    def w_seats(self) -> list[SeatState]:
        if not self._own & 8:
            self.seats = list(self.seats)
            self._own |= 8
        return self.seats

    def put(self, card: Card) -> None:
        self.w_cards()[card.iid] = card

    def remove_from_region(self, card: Card) -> None:
        if card.region == "attached" and card.host is not None:
            self.w_attached()[card.host] = _without(self.attached.get(card.host, ()), card.iid)
        else:
            key = (card.controller if card.region not in _OWNER_REGIONS else card.owner, card.region)
            lst = self.regions.get(key, ())
            if card.iid in lst:
                self.w_regions()[key] = _without(lst, card.iid)
            else:  # be robust: find it wherever it is
                for k, v in self.regions.items():
                    if card.iid in v:
                        self.w_regions()[k] = _without(v, card.iid)
                        break

    def region_key(self, card: Card) -> tuple[int, str]:
        return (card.owner if card.region in _OWNER_REGIONS else card.controller, card.region)


#: regions listed under the card's owner rather than its controller
_OWNER_REGIONS = HIDDEN | {"ash_heap", "removed"}


def _without(ids: tuple[int, ...], iid: int) -> tuple[int, ...]:
    """*ids* less *iid*: two slices when it is there once (as a card is in its region), else every copy dropped."""
    if ids.count(iid) == 1:
        i = ids.index(iid)
        return ids[:i] + ids[i + 1:]
    return tuple(i for i in ids if i != iid)


def _check_clone_covers_slots() -> None:
    """`State.clone` names its fields one by one: a slot added without it would silently be lost on every step."""
    s = State()
    for i, k in enumerate(State.__slots__):
        setattr(s, k, ("slot", i))
    c = s.clone()
    missing = [k for k in State.__slots__ if k != "_own" and getattr(c, k, None) != getattr(s, k)]
    assert not missing, f"State.clone does not copy {missing}"


_check_clone_covers_slots()
