"""What may leave the host for a seat, and how card references cross the wire.

- Seats see `view_for(game, seat)`. Spectators see the public view: the
  engine's view for a seat that does not exist (`SPECTATOR`), which has no hand
  and shows every uncontrolled region face down, with view ids of its own. In
  judge mode spectators also see every hand and uncontrolled region.
- `SeatIds` maps a seat's opaque view ids to instance ids and back, for the
  cards in that seat's current view only: a client can name only what it can
  see, and is told only ids it can see.
- `Scrubber` takes the names of cards hidden from a seat out of a text (a
  refusal, a reason in the legal answer) before it leaves the host: the engine
  names cards in its messages, and a command naming a face-down card must not
  learn its name from the refusal.
- `Hiding` does the same for log lines, by card instance: some engine events
  name a face-down card for everyone (a transfer to an uncontrolled vampire, a
  vampire moved from the crypt); for each seat, the names of the cards hidden
  from it (libraries, crypts, other seats' hands and uncontrolled regions)
  that it cannot see anywhere face up are taken out of the lines it reads.
"""

from __future__ import annotations

import re
from collections import defaultdict

from vtes_desktop.engine.views import SeatView, view_for, view_id

#: the engine's view for this seat index is the public view (no hand, every uncontrolled region face down)
SPECTATOR = -1
#: regions whose cards a seat never sees by face, of any seat (its own are counted, not shown)
HIDDEN_ALWAYS = ("library", "crypt")


def public_view(game) -> SeatView:
    """What a spectator sees: everything public, no hand, uncontrolled regions face down.

    The engine has no public view yet; its view for a seat index that is not at
    the table is exactly that (see DESIGN.md "Views"; `view_for` only reveals
    the hand and uncontrolled region of the seat it is asked for).
    """
    return view_for(game, SPECTATOR)


def judge_extras(game) -> dict:
    """For judge mode: every seat's hand and uncontrolled region, faces shown (wire form)."""
    from vtes_desktop.net.wire import card_to_wire

    hands, uncontrolled = {}, {}
    for s in range(len(game.state.seats)):
        v = view_for(game, s)
        hands[str(s)] = [card_to_wire(c) for c in v.hand]
        uncontrolled[str(s)] = [card_to_wire(c) for c in v.seats[s].regions.get("uncontrolled", ())]
    return {"hands": hands, "uncontrolled": uncontrolled}


class SeatIds:
    """View id <-> instance id for one seat, limited to the ids of the view last sent to it."""

    _memo: dict[tuple[str, int, int, int], str] = {}   # (secret, seat, iid, hidden) -> view id

    def __init__(self, game, seat: int, visible: set[str]):
        self.game = game
        self.seat = seat
        self.visible = visible
        self._to_iid: dict[str, int] | None = None

    def _vid(self, iid: int, hidden: int) -> str:
        key = (self.game.secret, self.seat, iid, hidden)
        v = self._memo.get(key)
        if v is None:
            if len(self._memo) > 200_000:
                self._memo.clear()
            v = self._memo[key] = view_id(self.game.secret, self.seat, iid, hidden)
        return v

    def vid(self, iid: int) -> str | None:
        """The view id of instance *iid* for this seat, if the seat can see that card now."""
        c = self.game.state.cards.get(iid)
        if c is None:
            return None
        v = self._vid(iid, c.hidden)
        return v if v in self.visible else None

    def iid(self, vid: str) -> int | None:
        """The instance id behind a view id the seat was shown, or None."""
        if vid not in self.visible:
            return None
        if self._to_iid is None:
            m = {}
            for iid, c in self.game.state.cards.items():
                if c.region in HIDDEN_ALWAYS:
                    continue
                v = self._vid(iid, c.hidden)
                if v in self.visible:
                    m[v] = iid
            self._to_iid = m
        return self._to_iid.get(vid)


class Scrubber:
    """Takes the names of cards a seat cannot see out of texts meant for it."""

    def __init__(self, game):
        self.game = game
        self._cache: dict[tuple, re.Pattern | None] = {}
        self._own: dict[int, frozenset[str]] = {}
        self._all: frozenset[str] | None = None

    def _names(self, cid: int) -> tuple[str, ...]:
        d = self.game.db.get(cid)
        if d is None:
            return ()
        return tuple({d.name, d.display})

    def own_names(self, seat: int) -> frozenset[str]:
        """The names in the seat's own deck: a player knows their deck list."""
        if seat not in self._own:
            names: set[str] = set()
            if 0 <= seat < len(self.game.setup.seats):
                s = self.game.setup.seats[seat]
                for cid in set(s.crypt) | set(s.library):
                    names.update(self._names(cid))
            self._own[seat] = frozenset(names)
        return self._own[seat]

    def all_names(self) -> frozenset[str]:
        """The names of every card in the game (the cards a game holds never change)."""
        if self._all is None:
            names: set[str] = set()
            for cid in {c.cid for c in self.game.state.cards.values()}:
                names.update(self._names(cid))
            self._all = frozenset(names)
        return self._all

    def pattern(self, seat: int, seen: frozenset[str] = frozenset()) -> re.Pattern | None:
        """A pattern matching the names of cards hidden from *seat*: names not in its view (*seen*) and not
        in its own deck."""
        hidden = self.all_names() - self.own_names(seat) - seen
        key = (seat, hidden)
        if key not in self._cache:
            if len(self._cache) > 256:
                self._cache.clear()
            names = sorted(hidden, key=len, reverse=True)
            self._cache[key] = re.compile("|".join(re.escape(n) for n in names)) if names else None
        return self._cache[key]

    def scrub(self, text: str, pattern: re.Pattern | None) -> str:
        if pattern is None or not text:
            return text
        return pattern.sub("a hidden card", text)


def _cards(view_wire: dict):
    def walk(cards):
        for c in cards:
            yield c
            if c.get("attached"):
                yield from walk(c["attached"])

    for s in view_wire.get("seats", ()):
        for cards in s["regions"].values():
            yield from walk(cards)
    yield from walk(view_wire.get("hand", ()))


def names_in(view_wire: dict) -> frozenset[str]:
    """Every card name shown in a wire view."""
    return frozenset(c["name"] for c in _cards(view_wire) if c.get("name"))


def faceless_in(view_wire: dict) -> frozenset[str]:
    """The view ids of the cards a wire view shows face down (no card id, no name)."""
    return frozenset(c["id"] for c in _cards(view_wire) if c.get("cid") is None)


_WORD = re.compile(r"[\w']+")


class Hiding:
    """Which card names are hidden from each seat at one step, and a filter for the texts it reads."""

    def __init__(self, game, cache: dict | None = None):
        """*cache*: a dict kept from step to step (card names, and indexes by set of hidden names)."""
        self.game = game
        st = game.state
        cache = cache if cache is not None else {}
        self._names: dict[int, tuple[str, ...]] = cache.setdefault("names", {})
        self._indexes: dict[frozenset, dict[str, list[str]]] = cache.setdefault("indexes", {})
        self.public: set[str] = set()
        self.deck: set[str] = set()
        self.private: dict[int, set[str]] = defaultdict(set)
        for c in st.cards.values():
            names = self.names_of(c.cid)
            if c.region in HIDDEN_ALWAYS:
                self.deck.update(names)
            elif c.region == "hand":
                self.private[c.owner].update(names)
            elif c.region == "uncontrolled":
                self.private[c.controller].update(names)
            else:
                self.public.update(names)
        self._index: dict[int, dict[str, list[str]]] = {}

    def names_of(self, cid: int) -> tuple[str, ...]:
        n = self._names.get(cid)
        if n is None:
            d = self.game.db.get(cid)
            n = self._names[cid] = tuple({d.display, d.name}) if d is not None else ()
        return n

    def hidden_from(self, seat: int, iid: int) -> bool:
        """Is the face of card *iid* hidden from *seat* now?"""
        c = self.game.state.cards.get(iid)
        if c is None:
            return True
        if c.region in HIDDEN_ALWAYS:
            return True
        if c.region == "hand":
            return c.owner != seat
        if c.region == "uncontrolled":
            return c.controller != seat
        return False

    def hidden_names(self, seat: int) -> frozenset[str]:
        hidden = set(self.deck)
        for owner, names in self.private.items():
            if owner != seat:
                hidden |= names
        return frozenset(hidden - self.public - self.private.get(seat, set()))

    def _index_for(self, seat: int) -> dict[str, list[str]]:
        idx = self._index.get(seat)
        if idx is None:
            hidden = self.hidden_names(seat)
            idx = self._indexes.get(hidden)
            if idx is None:
                idx = {}
                for n in sorted(hidden, key=len, reverse=True):
                    words = _WORD.findall(n)
                    if words:
                        idx.setdefault(words[0], []).append(n)
                if len(self._indexes) > 64:
                    self._indexes.clear()
                self._indexes[hidden] = idx
            self._index[seat] = idx
        return idx

    def clean(self, seat: int, text: str, cards: tuple[int, ...] = ()) -> str:
        """*text* for *seat*: the cards it names (*cards*, instance ids) that are hidden from the seat, and
        any name the seat cannot see face up anywhere, become "a face-down vampire" / "a hidden card"."""
        for iid in cards:
            if self.hidden_from(seat, iid):
                c = self.game.state.cards.get(iid)
                phrase = "a face-down vampire" if c is not None and c.region == "uncontrolled" else "a hidden card"
                for n in self.names_of(c.cid) if c is not None else ():
                    text = _replace(text, n, phrase)
        idx = self._index_for(seat)
        if idx:
            for w in set(_WORD.findall(text)):
                for n in idx.get(w, ()):
                    if n in text:
                        text = _replace(text, n, "a hidden card")
        return text


def _replace(text: str, name: str, phrase: str) -> str:
    if name not in text:
        return text
    return re.sub(rf"(?<![\w']){re.escape(name)}(?![\w'])", phrase, text)
