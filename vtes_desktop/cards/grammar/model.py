"""The compiled rules of a card: `CardRules`, one `Mode` per level or type, `Effect`, `Limit`.

Plain frozen values. The engine reads them; nothing here knows the engine.
Amounts use -1 for X. Tags (requirements, timing) are short strings; the
vocabulary is listed in `vtes_desktop.cards.grammar` (the package docstring).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vtes_desktop.cards.model import DISCIPLINE_NAMES


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect clause of a card, in the effect vocabulary.

    `kind` is the vocabulary word ("stealth", "strike", "maneuver", "press",
    "prevent", "additional_strikes", "gain_blood", ...; for a clause outside
    the core vocabulary, the lemma of its main verb: "burn", "put", "cancel",
    ...). `automated` says whether the engine resolves it today (see
    `grammar.effects.AUTOMATED`); an effect that is not automated is carried
    out by the players with manual moves.
    """

    kind: str
    text: str = ""
    amount: int | None = None           # -1 for X
    automated: bool = False
    optional: bool = False
    subject: str | None = None          # who does it, when the clause names someone ("this vampire")
    target: str | None = None           # the object noun phrase ("the opposing minion", "this card")
    condition: str | None = None        # the "if ..."/"when ..." the effect depends on, if any
    duration: str | None = None         # "this action", "this round", "this combat", "this turn", "until ..."
    params: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default

    def __repr__(self) -> str:
        bits = [repr(self.kind)]
        if self.amount is not None:
            bits.append(f"amount={self.amount}")
        bits += [f"{k}={v!r}" for k, v in self.params]
        for name in ("optional", "subject", "target", "condition", "duration"):
            v = getattr(self, name)
            if v:
                bits.append(f"{name}={v!r}")
        if self.automated:
            bits.append("automated=True")
        return f"Effect({', '.join(bits)})"

    def as_json(self) -> dict:
        d: dict[str, Any] = {"kind": self.kind}
        if self.amount is not None:
            d["amount"] = self.amount
        for k, v in self.params:
            d[k] = v
        for name in ("optional", "subject", "target", "condition", "duration"):
            v = getattr(self, name)
            if v:
                d[name] = v
        d["automated"] = self.automated
        return d


@dataclass(frozen=True, slots=True)
class Limit:
    """How often a card (or an effect) may be used.

    `per` is "action", "round", "combat", "turn", "referendum" or "in play"
    (the "can have only one" limits); `who` is "minion" or "methuselah" (or
    "card": a once-each-combat effect of the card itself); `what` names the
    card or group limited ("this card" for the card itself).
    """

    per: str
    who: str
    what: str = "this card"
    count: int = 1
    text: str = ""

    def as_json(self) -> dict:
        return {"per": self.per, "who": self.who, "what": self.what, "count": self.count}


@dataclass(frozen=True, slots=True)
class Mode:
    """What a card does at one level (a discipline trigram, upper case superior) or in one of its types."""

    level: str | None
    types: tuple[str, ...]
    text: str
    stealth: int = 0
    intercept: int = 0
    bleed: int = 0
    hunt: int = 0
    strength: int = 0
    votes: int = 0
    limited: bool = False
    directed: bool = False          # action cards: a (D) action
    action_stealth: int = 0         # action cards: "+1 stealth action"
    only: tuple[str, ...] = ()      # timing/usage restrictions, normalised ("during bleed", "as announced", ...)
    unparsed: tuple[str, ...] = ()  # sentences the grammar did not consume
    # -- added by the grammar (issue 7) --
    also: tuple[str, ...] = ()      # permissions beyond the type's default ("may be locked", "may be in torpor", ...)
    windows: tuple[str, ...] = ()   # public timing windows (scenario format) where the card can be used
    requirements: tuple[str, ...] = ()   # requirement tags that hold at this mode only
    disciplines: tuple[str, ...] = ()    # every trigram this mode needs ("[pot][pre]": both); level case gives basic/superior
    effects: tuple[Effect, ...] = ()
    limits: tuple[Limit, ...] = ()
    pool_cost: int | None = None    # a cost the text sets at this level (overrides the card's), None: the card's
    blood_cost: int | None = None
    manual: tuple[str, ...] = ()    # consumed clauses whose effect the engine does not resolve (carry out by hand)
    conviction_cost: int | None = None   # Imbued powers: "[1 CONVICTION]" at this level

    @property
    def understood(self) -> bool:
        return not self.unparsed

    @property
    def automated(self) -> bool:
        """Understood, and every effect is one the engine resolves."""
        return not self.unparsed and all(e.automated for e in self.effects)

    @property
    def adds_stealth(self) -> bool:
        return self.stealth > 0

    @property
    def adds_intercept(self) -> bool:
        return self.intercept > 0

    def as_json(self) -> dict:
        d: dict[str, Any] = {"level": self.level, "types": list(self.types)}
        for k in ("stealth", "intercept", "bleed", "hunt", "strength", "votes", "action_stealth"):
            if getattr(self, k):
                d[k] = getattr(self, k)
        for k in ("limited", "directed"):
            if getattr(self, k):
                d[k] = True
        for k in ("only", "also", "windows", "requirements", "disciplines"):
            if getattr(self, k):
                d[k] = list(getattr(self, k))
        if self.pool_cost is not None:
            d["pool_cost"] = self.pool_cost
        if self.blood_cost is not None:
            d["blood_cost"] = self.blood_cost
        if self.conviction_cost is not None:
            d["conviction_cost"] = self.conviction_cost
        if self.effects:
            d["effects"] = [e.as_json() for e in self.effects]
        if self.limits:
            d["limits"] = [lim.as_json() for lim in self.limits]
        if self.unparsed:
            d["unparsed"] = list(self.unparsed)
        return d

    def effects_of(self, kind: str) -> list[Effect]:
        return [e for e in self.effects if e.kind == kind]

    def has(self, kind: str) -> bool:
        return any(e.kind == kind for e in self.effects)


@dataclass(frozen=True, slots=True)
class CardRules:
    card_id: int
    name: str
    types: tuple[str, ...]
    disciplines: tuple[str, ...]        # required discipline trigrams (lower case)
    discipline_any: bool
    clans: tuple[str, ...]              # clan requirement
    modes: tuple[Mode, ...]
    pool_cost: int | None = None        # None: no cost; -1: X
    blood_cost: int | None = None
    conviction_cost: int | None = None
    unique: bool = False
    do_not_replace: str | None = None   # "until after combat", ... (None: replace at once)
    life: int | None = None             # allies and retainers
    ally_strength: int | None = None
    ally_bleed: int | None = None
    requirements: tuple[str, ...] = ()  # "ready vampire", "sect:sabbat", "title:prince|justicar", "capacity>=7", ...
    extra: dict = field(default_factory=dict)
    # -- added by the grammar (issue 7) --
    keywords: tuple[str, ...] = ()      # "trifle", "out-of-turn", "location", "hunting ground", "weapon", "gun", ...
    x_cost: str | None = None           # what X is, when the card says ("the number of Gluttons in your ash heap")
    ally_intercept: int | None = None   # printed on a few allies
    # crypt cards
    sect: str | None = None
    title: str | None = None
    votes: int = 0
    traits: tuple[str, ...] = ()        # "black hand", "red list", "seraph", "infernal", "scarce", "sterile", ...
    abilities: tuple[Effect, ...] = ()  # a crypt card's special abilities
    handwritten: bool = False           # the rules come from `vtes_desktop.cards.handwritten`

    def levels(self) -> tuple[str | None, ...]:
        return tuple(m.level for m in self.modes)

    def as_json(self) -> dict:
        """A plain, stable rendering (the golden file of the tests compares it)."""
        d: dict[str, Any] = {"id": self.card_id, "name": self.name, "types": list(self.types)}
        if self.disciplines:
            d["disciplines"] = list(self.disciplines)
            if len(self.disciplines) > 1:
                d["discipline_any"] = self.discipline_any
        for k in ("clans", "requirements", "keywords", "traits"):
            if getattr(self, k):
                d[k] = list(getattr(self, k))
        for k in ("pool_cost", "blood_cost", "conviction_cost", "do_not_replace", "life", "ally_strength", "ally_bleed",
                  "ally_intercept", "x_cost", "sect", "title"):
            if getattr(self, k) is not None:
                d[k] = getattr(self, k)
        if self.votes:
            d["votes"] = self.votes
        if self.unique:
            d["unique"] = True
        if self.handwritten:
            d["handwritten"] = True
        d["understood"] = self.understood
        d["automated"] = self.automated
        d["modes"] = [m.as_json() for m in self.modes]
        return d

    def has_levels(self) -> bool:
        """True when the card has a basic and a superior text, so a level must be named."""
        lv = [m.level for m in self.modes if m.level]
        return any(x.islower() for x in lv) and any(x.isupper() for x in lv)

    def mode(self, level: str | None) -> Mode | None:
        for m in self.modes:
            if m.level == level:
                return m
        return None

    def modes_for(self, level: str | None) -> list[Mode]:
        """Modes matching a scenario level: "basic", "superior", a trigram, or None (any)."""
        if level in (None, ""):
            return list(self.modes)
        if level == "basic":
            return [m for m in self.modes if m.level is None or m.level.islower()]
        if level == "superior":
            return [m for m in self.modes if m.level is not None and m.level.isupper()]
        return [m for m in self.modes if m.level == level]

    @property
    def understood(self) -> bool:
        return all(m.understood for m in self.modes)

    @property
    def automated(self) -> bool:
        return all(m.automated for m in self.modes) and all(e.automated for e in self.abilities)


def discipline_label(level: str | None) -> str:
    if not level:
        return "no discipline"
    name = DISCIPLINE_NAMES.get(level.lower(), level)
    return f"{'superior' if level.isupper() else 'basic'} {name}"
