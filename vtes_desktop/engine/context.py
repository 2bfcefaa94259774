"""The working context of one command: a cloned state, the card data, the events so far.

Rule modules are functions of a `Ctx`. They read and write `ctx.st` (a clone
of the game's state); the game keeps the clone only if the command is
accepted. Helpers here are the only code that moves cards between regions,
so every move keeps the regions, the attachments and the audience right.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from vtes_desktop.cards.db import CardDB
from vtes_desktop.cards.model import CardDef
from vtes_desktop.cards.rules import CardRules, compile_rules
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.events import Event
from vtes_desktop.engine.state import HIDDEN, IN_PLAY, Card, Impulse, State

if TYPE_CHECKING:
    from vtes_desktop.engine.game import Game

HAND_SIZE = 7


def poss(name: str) -> str:
    """The possessive of a name: "Sully's", "IR Goggles'"."""
    return name + ("'" if name.endswith("s") else "'s")
OWNER_REGIONS = HIDDEN | {"ash_heap", "removed"}


class Ctx:
    __slots__ = ("st", "db", "events", "seed", "game", "closes", "_before")

    def __init__(self, game: "Game", st: State, before: State | None = None):
        self.game = game
        self.st = st
        self._before = before
        self.db: CardDB = game.db
        self.events: list[Event] = []
        self.seed = game.seed
        self.closes = 0      # windows closed during this command (for resolve)

    @property
    def before(self) -> State:
        """The state this step started from: the game's, or the replayed one while the log is replayed."""
        return self.game.state if self._before is None else self._before

    # -- cards ----------------------------------------------------------------------
    def card(self, iid: int) -> Card:
        try:
            return self.st.cards[iid]
        except KeyError:
            raise Malformed("card", f"there is no card #{iid} in this game") from None

    def cdef(self, iid: int | Card) -> CardDef:
        c = iid if isinstance(iid, Card) else self.st.cards[iid]
        return self.db[c.cid]

    def rules(self, iid: int | Card) -> CardRules:
        return compile_rules(self.cdef(iid))

    def name(self, iid: int | Card | None) -> str:
        if iid is None:
            return "nobody"
        return self.cdef(iid).display

    def seat_name(self, seat: int | None) -> str:
        return self.st.seats[seat].name if seat is not None else "nobody"

    def emit(self, kind: str, text: str, seen_by: frozenset[int] | None = None, others: str | None = None,
             cards: tuple[int, ...] = ()) -> None:
        self.events.append(Event(kind, text, seen_by, others, cards=cards))

    # -- derived values --------------------------------------------------------------
    def capacity(self, c: Card) -> int:
        d = self.cdef(c)
        if self.st.attached.get(c.iid):   # master Discipline cards on a vampire add to its capacity
            from vtes_desktop.engine.effects_actioncard import title_capacity_bonus
            from vtes_desktop.engine.effects_master import capacity_bonus

            from vtes_desktop.engine.effects_gear import capacity_bonus as gear_capacity

            from vtes_desktop.engine.effects_minion import employer_capacity
            from vtes_desktop.engine.effects_attached import capacity_bonus as attached_capacity   # Mind of a Child

            return (d.capacity or 0) + capacity_bonus(self, c.iid) + title_capacity_bonus(self, c.iid) \
                + gear_capacity(self, c.iid) \
                + attached_capacity(self, c.iid) \
                + employer_capacity(self, c.iid)   # Reliquary: Akunanse Remains; Camarilla Vitae Slave
        if not d.capacity and "Ally" in d.types:   # "... as a vampire with capacity 3"
            from vtes_desktop.engine.effects_minion import ally_capacity

            return ally_capacity(self, c.iid)
        return d.capacity or 0

    def is_vampire(self, c: Card) -> bool:
        return "Vampire" in self.cdef(c).types

    def is_minion(self, c: Card) -> bool:
        t = self.cdef(c).types
        return "Vampire" in t or "Imbued" in t or "Ally" in t

    def title(self, c: Card) -> str | None:
        """The title a vampire holds now: none while the title is contested or after it was yielded."""
        if c.title_contested:
            return None
        if c.title is not None:
            return None if c.title == "none" else c.title
        return self.cdef(c).title

    def title_key(self, c: Card) -> tuple | None:
        """What makes a title unique: a city (prince, baron, archbishop), a clan's justicar, Inner Circle
        member or kholo, the regent; None for titles that are not unique (primogen, bishop, ...)."""
        import re

        if c.title == "none":
            return None
        if c.title is not None and self.st.attached.get(c.iid):   # a title card on the vampire (Praxis Seizure)
            from vtes_desktop.engine.effects_actioncard import title_card_key

            for a in self.st.attached[c.iid]:
                key = title_card_key(self, a)
                if key is not None:
                    return key
        d = self.cdef(c)
        head = re.split(r":", d.text, maxsplit=1)[0]
        t = (c.title or d.title or "").lower()
        m = re.search(r"(?i)\b(?:prince|baron|archbishop) of ([^.:]+)", head)
        if m and t in ("prince", "baron", "archbishop"):
            return ("city", m.group(1).strip().lower())
        if t in ("justicar", "inner circle", "kholo"):
            return (t, (d.clans[0] if d.clans else "").lower())
        if t == "regent":
            return ("regent",)
        return None

    def sect(self, c: Card) -> str | None:
        if c.iid in self.st.attached:   # a card on it may change its sect (Writ of Acceptance)
            from vtes_desktop.engine.effects_gear import sect_of

            got = sect_of(self, c.iid)
            if got is not None:
                return got
        sect = c.sect if c.sect is not None else self.cdef(c).sect
        if sect and self.st.events_played:   # Fall of the Camarilla / of the Sabbat: considered Independent
            from vtes_desktop.engine.effects_master import fallen_sect

            return fallen_sect(self, sect)
        return sect

    def discipline_level(self, c: Card, trigram: str) -> int:
        lvl = self.cdef(c).discipline_level(trigram)
        if not lvl and "Ally" in self.cdef(c).types:   # "can play cards requiring basic X as a vampire"
            from vtes_desktop.engine.effects_minion import ally_discipline

            lvl = ally_discipline(self, c.iid, trigram)
        for a in self.st.attached.get(c.iid, ()):  # master discipline cards add a level
            ad = self.cdef(a)
            if "Master" not in ad.types:
                continue
            if ad.disciplines:
                gives = ad.disciplines[0]
            else:   # "This vampire gains 1 level of Fortitude [for]" (the card lists no discipline of its own)
                import re

                m = re.search(r"(?i)(?:gains (?:1|one)|gets \+1) level of [^\[.]*\[(\w+)\]"
                              r"|may play cards that require \w+ \[(\w+)\] \(not a discipline\)", ad.text)   # Striga
                gives = (m.group(1) or m.group(2)) if m else ""
                if not gives and self.st.marks:   # a Discipline chosen as it was played (Agent of Power, Infernal Pact)
                    from vtes_desktop.engine.effects_master import chosen_discipline

                    gives, lvl = chosen_discipline(self, a, trigram, lvl)
            if gives.lower() == trigram.lower():
                lvl = min(2, lvl + 1)
        from vtes_desktop.engine.effects_combat import granted_discipline

        lvl = max(lvl, granted_discipline(self, c.iid, trigram))   # equipment that gives a Discipline (Drum of Xipe Totec)
        if c.iid in self.st.attached or self.st.marks:
            from vtes_desktop.engine.effects_gear import discipline_level as gear_level

            lvl = gear_level(self, c.iid, trigram, lvl)   # Ritual Goblet, Winchester Mansion, Vial of Elder Vitae
        if self.st.marks:
            from vtes_desktop.engine.effects_minion import discipline_bonus

            lvl = discipline_bonus(self, c.iid, trigram, lvl)   # Camarilla Vitae Slave: the chosen Discipline
        return lvl

    # -- random ------------------------------------------------------------------------
    def rng(self) -> random.Random:
        """A generator derived from the game's seed and a counter kept in the state."""
        self.st.rng_n += 1
        return random.Random(f"{self.seed}:{self.st.rng_n}")

    # -- moving cards --------------------------------------------------------------------
    def move(self, iid: int, region: str, *, seat: int | None = None, top: bool = True,
             host: int | None = None, **changes) -> Card:
        """Move a card to *region* of *seat* (default: its controller; hidden regions: its owner)."""
        st = self.st
        c = st.cards[iid]
        if region == "attached" and c.region == "attached" and c.host != host and c.host in st.cards:
            from vtes_desktop.engine.effects_gear import move_refusal

            why = move_refusal(self, iid, host)   # Eye of Hazimel: it stays (effects_gear)
            if why:
                self.emit("stays", why + ".", cards=(iid,))
                return c
        st.remove_from_region(c)
        if region == "attached":
            assert host is not None
            h = st.cards[host]
            c = c._replace(region="attached", host=host, controller=h.controller, **changes)
            st.w_attached()[host] = st.attached.get(host, ()) + (iid,)
            st.put(c)
            return c
        owner_side = region in OWNER_REGIONS
        if seat is None:
            seat = c.owner if owner_side else c.controller
        if owner_side:
            controller = c.owner
        else:
            controller = seat
        hidden = c.hidden + (1 if region in HIDDEN and c.region not in HIDDEN else 0)
        reset = {}
        if region not in IN_PLAY and region != "aside":
            reset = dict(counters=0 if region != "uncontrolled" else c.counters, locked=False, wounded=False,
                         contested=False, title=None, sect=None, level=None, title_contested=False)
            if region in ("ash_heap", "removed", "hand", "library", "crypt"):
                reset["counters"] = 0
        was = c.region   # (effects_gear.entered_play: where it came from)
        c = c._replace(region=region, host=None, controller=controller, hidden=hidden, **{**reset, **changes})
        st.put(c)
        key = (c.owner if owner_side else controller, region)
        cur = st.regions.get(key, ())
        st.w_regions()[key] = ((iid,) + cur) if (top and region in ("library", "crypt")) else (cur + (iid,))
        if region == "ready" and was in ("uncontrolled", "hand", "aside", "crypt", "ash_heap", "library"):
            from vtes_desktop.engine.effects_gear import entered_play as gear_entered

            gear_entered(self, iid)   # Gran Madre di Dio: a minion put in play by a neighbour comes in locked
            return st.cards[iid]
        return c

    def update(self, iid: int, **changes) -> Card:
        c = self.st.cards[iid]._replace(**changes)
        self.st.put(c)
        return c

    def burn(self, iid: int, why: str = "") -> None:
        """Burn a card: it and everything on it go to their owners' ash heaps."""
        gem = None
        if self.st.cards[iid].region == "attached" or (self.st.attached.get(iid)
                                                        and self.st.cards[iid].region in ("ready", "torpor")):
            from vtes_desktop.engine.effects_gear import before_burn

            gem = before_burn(self, iid)   # Soul Gem of Etrius; San Nicolás de los Servitas
        for a in list(self.st.attached.get(iid, ())):
            self.burn(a)
        self.st.w_attached().pop(iid, None)
        c = self.st.cards[iid]
        self.move(iid, "ash_heap")
        if self.is_minion(c) or c.region in IN_PLAY:
            self.emit("burned", f"{self.name(iid)} is burned{(' (' + why + ')') if why else ''}.", cards=(iid,))
        if c.region in IN_PLAY and self.is_minion(c):
            from vtes_desktop.engine.effects_minion import burned

            burned(self, iid)   # "If she is burned, shuffle her into her owner's library"
        if gem is not None:
            from vtes_desktop.engine.effects_gear import after_burn

            after_burn(self, iid, gem)

    def draw(self, seat: int, n: int = 1) -> list[int]:
        drawn = []
        for _ in range(n):
            lib = self.st.region(seat, "library")
            if not lib:
                break
            top = lib[0]
            self.move(top, "hand", seat=seat)
            drawn.append(top)
        if drawn:
            names = ", ".join(self.name(i) for i in drawn)
            self.emit("drew", f"{self.seat_name(seat)} draws {names}.", frozenset({seat}),
                      f"{self.seat_name(seat)} draws {len(drawn)} card{'s' if len(drawn) > 1 else ''}.",
                      cards=tuple(drawn))
        return drawn

    def release_draws(self, *moments: str) -> None:
        """Draw the replacements that "Do not replace until ..." held back until one of *moments*."""
        keep = []
        for seat, iid, until in self.st.pending_draws:
            if until in moments:
                self.draw(seat, 1)
            else:
                keep.append((seat, iid, until))
        self.st.pending_draws = tuple(keep)

    def shuffle(self, seat: int, region: str) -> None:
        ids = list(self.st.region(seat, region))
        self.rng().shuffle(ids)
        self.st.w_regions()[(seat, region)] = tuple(ids)
        for i in ids:
            c = self.st.cards[i]
            self.st.put(c._replace(hidden=c.hidden + 1))

    # -- pool ----------------------------------------------------------------------------
    def pool(self, seat: int, delta: int, why: str = "", *, quiet: bool = False) -> None:
        s = self.st.seats[seat]
        self.st.w_seats()[seat] = s._replace(pool=s.pool + delta)
        if delta and not quiet:
            verb = "gains" if delta > 0 else "burns"
            self.emit("pool", f"{s.name} {verb} {abs(delta)} pool{(' (' + why + ')') if why else ''}.")
        if self.st.seats[seat].pool <= 0 and not s.ousted:
            self.oust(seat)

    def oust(self, seat: int) -> None:
        st = self.st
        pred = st.predator(seat)
        s = st.seats[seat]
        st.w_seats()[seat] = s._replace(ousted=True, pool=0)
        self.emit("ousted", f"{s.name} is ousted.")
        if st.edge == seat:
            st.edge = None
        if pred != seat:
            p = st.seats[pred]
            flux = [m for m in st.marks if len(m) == 2 and m[0] == "next oust reward"]   # Political Flux
            reward = flux[0][1] if flux else 6
            if flux:
                st.marks = st.marks - frozenset(flux)
            st.w_seats()[pred] = p._replace(vp=p.vp + 1, pool=p.pool + reward)
            self.emit("vp", f"{p.name} gains 1 victory point and {reward} pool for ousting {s.name}.")
            st.marks = st.marks | {(("seat", pred), "victory point received", st.turn)}   # Lextalionis
        live = st.live_seats()
        if len(live) == 1:
            w = st.seats[live[0]]
            st.w_seats()[live[0]] = w._replace(vp=w.vp + 1)
            self.emit("vp", f"{w.name} is the last Methuselah standing and gains 1 victory point.")
        # an ousted Methuselah's cards leave the game's play area
        for region in ("ready", "torpor", "uncontrolled", "in_play", "incapacitated"):
            for iid in list(st.region(seat, region)):
                self.move(iid, "removed")
        # and they leave the impulse of everything under way
        self.drop_ousted_from_impulse()

    def drop_ousted_from_impulse(self) -> None:
        """Ousted Methuselahs hold no impulse and may not block: take them out of every frame."""
        st = self.st
        gone = {i for i, s in enumerate(st.seats) if s.ousted}
        if not gone:
            return
        frames = []
        for f in st.frames:
            imp = getattr(f, "imp", None)
            if imp is not None and gone & set(imp.order):
                order = tuple(x for x in imp.order if x not in gone)
                if order:
                    holder = imp.order[imp.at]
                    if holder in gone:   # the next seat still in the game holds the impulse
                        k = imp.at
                        while imp.order[k % len(imp.order)] in gone:
                            k += 1
                        holder = imp.order[k % len(imp.order)]
                    f = f._replace(imp=Impulse(order, order.index(holder), min(imp.passes, len(order))))
            if hasattr(f, "blockers") and gone & set(f.blockers):
                f = f._replace(blockers=tuple(b for b in f.blockers if b not in gone))
            frames.append(f)
        st.frames = tuple(frames)

    def set_blood(self, iid: int, value: int) -> Card:
        c = self.st.cards[iid]
        cap = self.capacity(c)
        if self.is_vampire(c) and cap and value > cap and c.region in IN_PLAY:
            value = cap  # excess drains off
        return self.update(iid, counters=max(0, value))

    def require(self, cond: bool, rule: str, message: str) -> None:
        if not cond:
            raise Illegal(rule, message)
