"""Sentences that are neither timing, requirement nor effect: keywords, limits, "Do not replace", costs, headers.

- keywords: "Unique.", "Trifle.", "Master: out-of-turn.", "Unique location. Hunting ground.", "Weapon: gun.",
  "Melee weapon.", "Frenzy.", "Gehenna.", "Title.", "Archetype.", ... (`KEYWORDS`);
- limits: "A vampire can play only one X each round", "A minion may have only one vehicle",
  "A Methuselah can play only 1 X in a game", "Only one X can be played each action";
- "Do not replace until ..." and "Do not replace as long as this card is in play";
- costs: "This card costs X pool, where X is ...", "This card costs 1 fewer blood";
- ally and retainer headers: "Unique mortal with 2 life.", "1 strength, 0 bleed.", "Animal with 1 life.".
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar.model import Limit

KEYWORDS = (
    "master", "unique", "location", "trifle", "out-of-turn", "hunting ground", "title", "gehenna", "equipment",
    "melee weapon", "weapon", "gun", "frenzy", "discipline", "trophy", "vehicle", "archetype", "boon", "haven",
    "ammo", "contract", "government", "aim", "condemnation", "grapple", "electronic", "elysium", "path", "investment",
    "event", "transient", "ritual", "pact", "sigil", "skin", "liaison", "deviant", "inconnu", "nephandus",
    "dementation", "ally", "retainer", "power", "virtue", "enhancement", "computer", "city", "research",
    "debt", "directive", "trap", "curse", "animal", "talisman", "reliquary", "haunting", "tactics", "terrorists",
    "disease", "cadet", "trinket", "consequence", "judgment", "hostage", "jyhad", "bloodline", "ministry",
    "infernal", "red list", "multiplier", "watchtower", "derivative", "inquisition", "nod fragment", "hunter-list",
    "mithraic mysteries", "operation antigen", "fragment", "reflex", "blood hunt referendum",
)
_KW = "|".join(sorted((re.escape(k) for k in KEYWORDS), key=len, reverse=True))
_KEYWORD_SENTENCE = re.compile(rf"^(?:(?:{_KW})(?:\s*[:,]\s*|\s+|$))+(?:\((?:this vampire|played on this acting vampire)\))?$")


def keywords(t: str) -> list[str] | None:
    """The keywords of a keyword-only sentence ("master: unique location", "weapon: gun"), or None."""
    if not _KEYWORD_SENTENCE.match(t):
        return None
    t = re.sub(r"\(.*\)$", "", t)
    return [k for k in re.findall(rf"(?:{_KW})", t)]


_WHO = r"(?P<who>an? (?:vampire|minion|methuselah|anarch|gargoyle|seraph|imbued|location|equipment|ally)|each methuselah|any methuselah)"
_LIMIT = re.compile(
    rf"^{_WHO} (?:can|may) (?P<v>play|have|use|burn) only (?P<n>one|1|\d+) (?P<what>.+?)"
    r"(?: (?P<lvl>at (?:superior|basic|\[[a-z]+\])))?(?: (?P<per>each (?:round|combat|turn|action|strike|game|minion phase)|in a game|in play|"
    r"between (?:their|his or her) unlock phases|at a time|for the following effects each action))?$")


_ONLY_ONE = re.compile(
    r"^only one (?P<what>.+?) (?:can|may) (?:be )?(?:played|used|called|put in play|equipped|played or called|"
    r"played or equipped|lock to [a-z ]+?)(?: (?P<lvl>at superior|at basic|at \[[a-z]+\]|at a given discipline))?"
    r"(?: (?P<on>on (?:a|each) (?:vampire|minion)))?(?: (?P<by>by a (?:vampire|minion)))?"
    r"(?: to reduce the cost of a given card)?"
    r"(?: (?P<per>each (?:action|round|combat|turn|referendum|strike)|in a game|per game|during a game|"
    r"during a referendum|during a strike phase))?$")


def limit(t: str, own_names: tuple[str, ...]) -> list[Limit] | None:
    m = _LIMIT.match(t)
    if m:
        who = m.group("who").split()[-1]
        who = "methuselah" if who == "methuselah" else "minion" if who in ("vampire", "minion", "anarch", "gargoyle",
                                                                              "seraph", "imbued", "ally") else who
        per = m.group("per") or ("in play" if m.group("v") == "have" else "game")
        per = {"in a game": "game", "at a time": "in play", "between their unlock phases": "turn",
               "between his or her unlock phases": "turn", "for the following effects each action": "action"}.get(per, per)
        per = per.replace("each ", "")
        what = m.group("what")
        if what.lower() in own_names:
            what = "this card"
        n = 1 if m.group("n") in ("one", "1") else int(m.group("n"))
        out = [Limit(per=per, who=who, what=what, count=n, text=t)]
        if m.group("lvl"):
            out[0] = Limit(per=per, who=who, what=f"{what} {m.group('lvl')}", count=n, text=t)
        return out
    m = re.match(r"^an? (?P<who>minion|vampire) (?:can|may) have only one (?P<a>haven|vehicle) and only one (?P<b>haven|vehicle)$", t)
    if m:
        return [Limit(per="in play", who="minion", what=m.group("a"), text=t),
                Limit(per="in play", who="minion", what=m.group("b"), text=t)]
    m = _ONLY_ONE.match(t)
    if m:
        per = m.group("per") or "each card"
        per = {"in a game": "game", "per game": "game", "during a game": "game", "during a referendum": "referendum",
               "during a strike phase": "round"}.get(per, per.replace("each ", ""))
        what = m.group("what")
        if what.lower() in own_names:
            what = "this card"
        if m.group("lvl"):
            what = f"{what} {m.group('lvl')}"
        who = "minion" if m.group("on") or m.group("by") else "all"
        return [Limit(per=per, who=who, what=what, text=t)]
    m = re.match(r"^a vampire can gain blood from only one hunting ground(?: card)? each turn$", t)
    if m:
        return [Limit(per="turn", who="minion", what="hunting ground", text=t)]
    m = re.match(r"^a vampire can (?:follow only one path|have only one (?:archetype|path|disease counter))$", t)
    if m:
        return [Limit(per="in play", who="minion", what=t.split("one ", 1)[1], text=t)]
    return None


#: reminder text: a rule the card recalls, not an effect of its own
REMINDERS = frozenset((
    "this could lead to a contested title", "you still control this card", "this is not an action",
))


def reminder(t: str) -> bool:
    return t in REMINDERS or bool(re.fullmatch(r"\[[a-z]+\] is not a discipline", t))


_DNR = re.compile(r"^do not replace (?:these cards |this card )?(?P<u>until .+|as long as this card is in play)$")


def do_not_replace(t: str) -> str | None:
    m = _DNR.match(t)
    return m.group("u") if m else None


_ALLY = re.compile(r"^(?P<unique>unique )?(?P<what>[a-z][a-z \-/]*?) with (?P<life>\d+|x) life$")
_STATS = re.compile(r"^(?P<s>\d+|x) strength(?:,? (?P<b>\d+|x) bleed)?(?:,? (?:and )?(?P<i>\d+) intercept)?$")


def ally_header(t: str) -> tuple[bool, str, int] | None:
    m = _ALLY.match(t)
    if not m:
        return None
    life = -1 if m.group("life") == "x" else int(m.group("life"))
    return bool(m.group("unique")), m.group("what"), life


def ally_stats(t: str) -> tuple[int, int, int | None] | None:
    m = _STATS.match(t)
    if not m:
        return None
    f = lambda s: -1 if s == "x" else int(s)  # noqa: E731
    return f(m.group("s")), f(m.group("b") or "0"), int(m.group("i")) if m.group("i") else None


_COST = re.compile(r"^(?:as above, but )?this card costs (?:(?P<who>[a-z ]+?) )?(?P<plus>\+)?(?P<n>\d+|x) (?:(?P<rel>fewer|more|less|additional) )?(?P<unit>blood|pool)"
                   r"(?: to play(?P<on> on this vampire)?)?(?:, where x is (?P<x>.+))?$")


def cost(t: str) -> tuple[str, int, str | None, str | None] | None:
    m = _COST.match(t)
    if not m or (m.group("who") and not m.group("rel")):
        return None
    n = -1 if m.group("n") == "x" else int(m.group("n"))
    rel = m.group("rel") or ("additional" if m.group("plus") else None)
    return m.group("unit"), n, rel, m.group("x")


_X_IS = re.compile(r"^(?:x is|where x is) (?P<x>.+)$")


def x_is(t: str) -> str | None:
    m = _X_IS.match(t)
    return m.group("x") if m else None
