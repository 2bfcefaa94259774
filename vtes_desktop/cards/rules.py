"""Card rules compiled from the card text: the kernel of the card-rules grammar.

`compile_rules(card)` turns a `CardDef` into `CardRules`: one `Mode` per
discipline level (or per type, for a card such as `[obf] [ACTION MODIFIER]
+1 stealth. [OBF] [COMBAT] Maneuver.`), each with its types, timing clauses,
limits and effects from a small vocabulary. The engine interprets the
vocabulary; a clause outside it is left in `Mode.unparsed`, which the engine
hands to the players as a manual effect.

This module knows cards only; it imports nothing of the engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from vtes_desktop.cards.model import DISCIPLINE_NAMES, CardDef

TYPE_MARKERS = {
    "ACTION": "Action", "ACTION MODIFIER": "Action Modifier", "REACTION": "Reaction",
    "COMBAT": "Combat", "POLITICAL ACTION": "Political Action", "POLITICAL": "Political Action",
    "ALLY": "Ally", "RETAINER": "Retainer", "EQUIPMENT": "Equipment", "MODIFIER": "Action Modifier",
}
_MARKER = re.compile(r"^\[([A-Za-z ]+)\]\s*")
_SENTENCE = re.compile(r"(?<=[.!])\s+(?=[A-Z\[(+\-])")


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
    only: tuple[str, ...] = ()      # timing/usage clauses, normalised ("during bleed", "as announced", ...)
    unparsed: tuple[str, ...] = ()  # sentences the grammar did not consume

    @property
    def understood(self) -> bool:
        return not self.unparsed

    @property
    def adds_stealth(self) -> bool:
        return self.stealth > 0

    @property
    def adds_intercept(self) -> bool:
        return self.intercept > 0


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
    requirements: tuple[str, ...] = ()  # "ready", "sect:sabbat", "title:prince|justicar", "capacity>=7", "vampire", ...
    extra: dict = field(default_factory=dict)

    def levels(self) -> tuple[str | None, ...]:
        return tuple(m.level for m in self.modes)

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


def _int(s: str | None) -> int | None:
    if s is None or s == "":
        return None
    if s.strip().upper() == "X":
        return -1
    try:
        return int(s)
    except ValueError:
        return None


def _clean(text: str) -> str:
    return text.replace("{", "").replace("}", "").strip()


def _split_levels(card: CardDef) -> list[tuple[tuple[str, ...], str]]:
    """Each text line with its markers: (("dom",), "+1 bleed (limited)."), ((), "Only usable ...")."""
    out = []
    for line in _clean(card.text).split("\n"):
        s = line.strip()
        markers: list[str] = []
        while True:
            m = _MARKER.match(s)
            if not m:
                break
            markers.append(m.group(1))
            s = s[m.end():]
        out.append((tuple(markers), s))
    return out


def _is_discipline(marker: str) -> bool:
    return marker.lower() in DISCIPLINE_NAMES and (marker.islower() or marker.isupper())


_ONLY_PATTERNS: list[tuple[re.Pattern, str]] = [
    (re.compile(r"^only usable during a bleed action\b", re.I), "during bleed"),
    (re.compile(r"^only usable during a hunt action\b", re.I), "during hunt"),
    (re.compile(r"^only usable during a political action\b", re.I), "during political"),
    (re.compile(r"^only usable (?:as|when) the action is announced\b", re.I), "as announced"),
    (re.compile(r"^only usable before range is (?:determined|chosen)\b", re.I), "before range"),
    (re.compile(r"^only usable at long range\b", re.I), "long range"),
    (re.compile(r"^only usable at close range\b", re.I), "close range"),
    (re.compile(r"^only usable by a locked vampire\b", re.I), "locked"),
    (re.compile(r"^only usable during the polling step\b", re.I), "polling"),
    (re.compile(r"^only usable during a referendum\b", re.I), "referendum"),
    (re.compile(r"^only usable if a minion attempts to block\b", re.I), "block attempted"),
    (re.compile(r"^only usable during an action directed at you\b", re.I), "directed at you"),
    (re.compile(r"^only usable after resolution of a successful\b", re.I), "after success"),
    (re.compile(r"^only usable by a vampire in torpor\b", re.I), "in torpor"),
]

_REQ_PATTERNS: list[tuple[re.Pattern, str]] = [
    (re.compile(r"^requires a ready vampire\.?$", re.I), "ready vampire"),
    (re.compile(r"^requires a vampire\.?$", re.I), "vampire"),
]


def _parse_sentence(s: str, acc: dict) -> bool:
    """Consume one sentence into *acc*; False when the grammar does not know it."""
    t = s.strip().rstrip(".").strip()
    if not t:
        return True
    low = t.lower()
    for pat, tag in _ONLY_PATTERNS:
        if pat.search(t):
            acc["only"].append(tag)
            return True
    for pat, tag in _REQ_PATTERNS:
        if pat.search(s.strip()):
            acc["req"].append(tag)
            return True
    m = re.match(r"^requires an? (camarilla|sabbat|anarch|laibon|independent)(?: vampire)?$", low)
    if m:
        acc["req"].append(f"sect:{m.group(1)}")
        return True
    m = re.match(r"^requires a ready (camarilla|sabbat|anarch|laibon|independent)(?: vampire)?$", low)
    if m:
        acc["req"] += ["ready vampire", f"sect:{m.group(1)}"]
        return True
    if low == "unique":
        acc["unique"] = True
        return True
    m = re.match(r"^do not replace (until .*)$", low)
    if m:
        acc["dnr"] = m.group(1)
        return True
    # "+1 stealth and +1 bleed (limited)", "+2 intercept", "+1 bleed"
    parts = re.split(r"\s*(?:,|\band\b)\s*", low)
    ok = True
    found = False
    for p in parts:
        p = p.strip()
        if not p:
            continue
        m = re.match(r"^\+(\d+) (stealth|intercept|bleed|hunt|strength|votes?)( \(limited\))?$", p)
        if m:
            n = int(m.group(1))
            key = {"votes": "votes", "vote": "votes"}.get(m.group(2), m.group(2))
            acc[key] += n
            if m.group(3):
                acc["limited"] = True
            found = True
            continue
        if p == "(limited)":
            acc["limited"] = True
            continue
        ok = False
    return ok and found


def _parse_action_header(t: str, acc: dict) -> str:
    """Action cards open with "+1 stealth action.", "(D) Bleed ...", "+1 stealth (D) action": consume that."""
    m = re.match(r"^\+(\d+) stealth (?:\(D\) )?action\.\s*", t)
    if m:
        acc["action_stealth"] = int(m.group(1))
        if "(D)" in m.group(0):
            acc["directed"] = True
        t = t[m.end():]
    if "(D)" in t[:12] or t.startswith("(D)"):
        acc["directed"] = True
    return t


@lru_cache(maxsize=None)
def _compile_cached(card: CardDef) -> CardRules:
    return _compile(card)


def compile_rules(card: CardDef) -> CardRules:
    """The compiled rules of *card* (cached per card)."""
    return _compile_cached(card)


def _new_acc() -> dict:
    return {"only": [], "req": [], "unique": False, "dnr": None, "stealth": 0, "intercept": 0, "bleed": 0,
            "hunt": 0, "strength": 0, "votes": 0, "limited": False, "directed": False, "action_stealth": 0}


def _compile(card: CardDef) -> CardRules:
    lines = _split_levels(card)
    common: list[str] = []
    per_level: dict[tuple[str | None, str | None], list[str]] = {}
    order: list[tuple[str | None, str | None]] = []
    for markers, text in lines:
        disc = next((m for m in markers if _is_discipline(m)), None)
        typ = next((TYPE_MARKERS[m.upper()] for m in markers if m.upper() in TYPE_MARKERS), None)
        if disc is None and typ is None:
            common.append(text)
            continue
        k = (disc, typ)
        if k not in per_level:
            per_level[k] = []
            order.append(k)
        per_level[k].append(text)

    if not order:
        lvl = None
        if card.disciplines and card.is_library:
            lvl = card.disciplines[0] if len(card.disciplines) == 1 else None
        order = [(lvl, None)]
        per_level[order[0]] = []

    common_acc = _new_acc()
    header_common = list(common)
    is_action = "Action" in card.types or "Political Action" in card.types
    common_unparsed: list[str] = []
    ally_life = ally_str = ally_bleed = None
    for i, text in enumerate(header_common):
        if is_action and i == 0:
            text = _parse_action_header(text, common_acc)
        if ("Ally" in card.types or "Retainer" in card.types) and i == 0:
            m = re.match(r"^(?:Unique )?[\w\s\-']*?with (\d+) life\.?(?:\s*(\d+) strength, (\d+) bleed\.?)?\s*", text, re.I)
            if m:
                ally_life = int(m.group(1))
                if m.group(2) is not None:
                    ally_str, ally_bleed = int(m.group(2)), int(m.group(3))
                if text.lower().startswith("unique"):
                    common_acc["unique"] = True
                text = text[m.end():]
        for s in _SENTENCE.split(text):
            if s.strip() and not _parse_sentence(s, common_acc):
                common_unparsed.append(s.strip())

    modes = []
    for (disc, typ) in order:
        acc = _new_acc()
        unparsed = list(common_unparsed)
        for i, text in enumerate(per_level[(disc, typ)]):
            if is_action and (typ in (None, "Action")) and i == 0:
                text = _parse_action_header(text, acc)
            for s in _SENTENCE.split(text):
                if s.strip() and not _parse_sentence(s, acc):
                    unparsed.append(s.strip())
        types = (typ,) if typ else card.types
        text = "\n".join(header_common + per_level[(disc, typ)])
        modes.append(Mode(
            level=disc, types=types, text=text,
            stealth=acc["stealth"] + common_acc["stealth"], intercept=acc["intercept"] + common_acc["intercept"],
            bleed=acc["bleed"] + common_acc["bleed"], hunt=acc["hunt"] + common_acc["hunt"],
            strength=acc["strength"] + common_acc["strength"], votes=acc["votes"] + common_acc["votes"],
            limited=acc["limited"] or common_acc["limited"],
            directed=acc["directed"] or common_acc["directed"],
            action_stealth=acc["action_stealth"] or common_acc["action_stealth"],
            only=tuple(dict.fromkeys(common_acc["only"] + acc["only"])), unparsed=tuple(unparsed),
        ))
    reqs = list(dict.fromkeys(common_acc["req"]))
    for r in card.requirements:
        r = r.strip().lower()
        if r in ("camarilla", "sabbat", "anarch", "laibon", "independent"):
            tag = f"sect:{r}"
        elif r.startswith("capacity"):
            m = re.match(r"capacity (\d+) or (more|less)", r)
            tag = f"capacity{'>=' if m and m.group(2) == 'more' else '<='}{m.group(1)}" if m else r
        else:
            tag = r
        if tag not in reqs:
            reqs.append(tag)
    titles = [r for r in card.requirements if r.strip().lower() in
              ("prince", "justicar", "inner circle", "primogen", "baron", "bishop", "archbishop", "cardinal",
               "regent", "priscus", "magaji", "kholo", "titled")]
    if titles:
        reqs = [r for r in reqs if r not in [t.strip().lower() for t in titles]]
        reqs.append("title:" + "|".join(t.strip().lower() for t in titles))
    return CardRules(
        card_id=card.id, name=card.display, types=card.types,
        disciplines=tuple(d.lower() for d in card.disciplines), discipline_any=card.discipline_any,
        clans=card.clans, modes=tuple(modes),
        pool_cost=_int(card.pool_cost), blood_cost=_int(card.blood_cost), conviction_cost=_int(card.conviction_cost),
        unique=common_acc["unique"] or card.text.lstrip("{").startswith("Unique"),
        do_not_replace=common_acc["dnr"], life=ally_life, ally_strength=ally_str, ally_bleed=ally_bleed,
        requirements=tuple(reqs),
    )


def discipline_label(level: str | None) -> str:
    if not level:
        return "no discipline"
    name = DISCIPLINE_NAMES.get(level.lower(), level)
    return f"{'superior' if level.isupper() else 'basic'} {name}"
