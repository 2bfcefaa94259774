"""The leak check: one frame a seat received, against what that seat may know at the step it was sent.

It does not trust the views: it follows the game state itself. A card is
secret from a seat while it has never been anywhere public (in play, an ash
heap, removed, set aside) and is not in that seat's own deck list. In a frame:

- no card id or name of a card secret from the receiver;
- no view id of a card in a library or crypt, or in another seat's hand;
- not the game's secret, nor its seed;
- commands in legal answers name cards by view id (a string), never by instance id.

`Knowledge` holds what is needed at one step (call `at` after every step,
with the game as it is then); the host-side check (test_net_leaks.py) calls it
as each frame is sent, the five-process test after the game, on a replay of
the game file.
"""

from __future__ import annotations

import json
import re

from vtes_desktop.engine.views import view_id
from vtes_desktop.net import wire
from vtes_desktop.net.privacy import SPECTATOR

HIDDEN_REGIONS = ("library", "crypt", "hand", "uncontrolled")


class Knowledge:
    """What each seat may not see, step by step. `exposed` grows: a card once public stays known."""

    def __init__(self, db):
        self.db = db
        self.exposed: set[int] = set()       # cids of cards that have been public
        self._patterns: dict[frozenset, re.Pattern] = {}
        self._seen: dict[int, tuple] = {}    # seat -> (step key, secret cids, forbidden view ids, names)
        self._key = None

    def at(self, game, key=None) -> None:
        """The game as it is now (*key*: anything that changes with the step, to cache by)."""
        for c in game.state.cards.values():
            if c.region not in HIDDEN_REGIONS:
                self.exposed.add(c.cid)
        self._key = key
        if key is None:
            self._seen.clear()

    def _for(self, game, seat: int):
        got = self._seen.get(seat)
        if got is not None and self._key is not None and got[0] == self._key:
            return got[1:]
        st = game.state
        own = set()
        if seat != SPECTATOR:
            own = set(game.setup.seats[seat].crypt) | set(game.setup.seats[seat].library)
        secret_cids = {c.cid for c in st.cards.values() if c.owner != seat} - self.exposed - own
        forbidden = {view_id(game.secret, seat, iid, c.hidden) for iid, c in st.cards.items()
                     if c.region in ("library", "crypt") or (c.region == "hand" and c.owner != seat)}
        names = frozenset(n for cid in secret_cids for n in (self.db[cid].name, self.db[cid].display))
        self._seen[seat] = (self._key, secret_cids, forbidden, names)
        return secret_cids, forbidden, names

    def problems(self, game, seat: int, body: bytes, where: str) -> list[str]:
        """What *body* (one frame's JSON) tells *seat* that it may not know."""
        secret_cids, forbidden_ids, names = self._for(game, seat)
        out: list[str] = []
        text = body.decode("utf-8")
        if game.secret in text:
            out.append(f"{where}: the game's secret")
        if re.search(rf"\b{game.seed}\b", text):
            out.append(f"{where}: the seed")
        data = json.loads(body)
        strings: list[str] = []
        _walk(data, strings, secret_cids, where, out)
        if names:
            pat = self._patterns.get(names)
            if pat is None:
                pat = self._patterns[names] = re.compile("|".join(re.escape(n) for n in sorted(names, key=len,
                                                                                               reverse=True)))
            for s in strings:
                m = pat.search(s)
                if m:
                    out.append(f"{where}: the hidden card {m.group(0)!r} in {s[:80]!r}")
        for s in strings:
            if s in forbidden_ids:
                out.append(f"{where}: the view id of a hidden card")
        legal = data.get("legal") if isinstance(data, dict) else None
        if legal:
            cmds = list(legal["commands"]) + [u["command"] for ca in legal["cards"].values() for u in ca["uses"]]
            for c in cmds:
                for f in wire.CARD_FIELDS:
                    v = c.get(f.rstrip("_"))
                    if isinstance(v, int) and not isinstance(v, bool):
                        out.append(f"{where}: an instance id in a legal command {c}")
        return out


def _walk(o, strings, secret_cids, where, out) -> None:
    if isinstance(o, dict):
        for k, v in o.items():
            if k == "cid" and v in secret_cids:
                out.append(f"{where}: the card id {v} of a hidden card")
            _walk(v, strings, secret_cids, where, out)
    elif isinstance(o, list):
        for v in o:
            _walk(v, strings, secret_cids, where, out)
    elif isinstance(o, str):
        strings.append(o)
