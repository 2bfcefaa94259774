"""The effect vocabulary: clauses read into `Effect`s, and which of them the engine resolves.

Two layers:

1. The core vocabulary, read field by field: modifiers (`+1 stealth`, `+2
   bleed (limited)`, `this vampire gets +1 intercept`), strikes (`Strike: 2R
   aggravated damage, first strike`, `Strike: dodge`, `Strike: combat ends`,
   `Strike: steal 1 blood`, `Strike: hand strike at +1 damage`, `Strike:
   destroy equipment`), maneuvers and presses (optional, "only usable to end
   combat"), damage prevention (`Prevent 2 damage`, `prevent all damage`),
   additional strikes, unlock, gain and burn blood or pool, put in play with
   counters, action card headers (`(D) Bleed at +1 bleed`, `Hunt at +2
   hunt`, `(D) Enter combat with ...`).
2. Frames, for every other clause: the clause is read as [intro,] [subject]
   [modal] verb object [adjuncts], every word of it known to the lexicon;
   the effect's kind is the main verb's lemma ("burn", "cancel", "move"...).

`AUTOMATED` is the one place that says which effects the engine resolves.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from vtes_desktop.cards.grammar.lexicon import MODALS, VERB_FORMS, WEAK_VERBS, tokenize, unknown_words
from vtes_desktop.cards.grammar.model import Effect

N = r"(?:\d+|x|an?|one|two|three|four)"
_NUMW = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "x": -1}


def num(s: str | None) -> int | None:
    if s is None:
        return None
    s = s.strip().lower().lstrip("+")
    if s in _NUMW:
        return _NUMW[s]
    try:
        return int(s)
    except ValueError:
        return None


def _e(kind: str, text: str, amount: int | None = None, **kw) -> Effect:
    params = tuple((k, v) for k, v in kw.items() if k not in _FIELDS and v not in (None, False))
    fields = {k: v for k, v in kw.items() if k in _FIELDS}
    return Effect(kind=kind, text=text, amount=amount, params=params, **fields)


_FIELDS = {"optional", "subject", "target", "condition", "duration"}

SELF = r"(?:this (?:acting |reacting |blocking |striking )?(?:vampire|minion|imbued|ally|mortal|retainer)|the acting (?:minion|vampire)|he|she|they|he or she|the bearer|the attached (?:vampire|minion))"
STATS = r"stealth|intercept|bleed|hunt|strength|votes?|capacity|life|damage|hand size"
DURATION = (r"(?:this action|this round|this combat|this turn|this referendum|for the current action|for the current round|"
            r"for the remainder of (?:the |this )?(?:combat|action|turn|round|game)|for the remainder of the current (?:action|combat|round)|"
            r"during the resulting combat|for the duration of (?:the )?(?:combat|action)|until (?:the )?end of (?:the |this )?(?:action|turn|combat|round)|"
            r"(?:for|during) (?:each|this|the current) round of combat|during (?:this|the) action|in (?:the )?(?:resulting )?combat|"
            r"on (?:his|her|their|its|this) initial strike(?: this round)?|this and each subsequent round of combat)")


# -- 1. the core vocabulary ------------------------------------------------------------------------------

_MOD_ITEM = re.compile(rf"(?P<sign>[+\-])(?P<n>\d+|x)(?: (?P<opt>optional))? (?P<stat>{STATS})")
_MOD_COND = re.compile(r"^(?P<mods>.+?) (?P<cond>(?:if|when|while|during|against|for each|for every|on) .+?)(?P<lim> \(limited\))?$")
_MODS = re.compile(
    rf"^(?:(?P<subj>{SELF}|you|your prey|this vampire and (?:his|her|their) blocker|(?:an?|the|each|any|another|that|all) [a-z ,'\-]+?) (?:gets|gains|get|gain|has|have) )?"
    rf"(?P<list>[+\-](?:\d+|x) (?:optional )?(?:{STATS})(?:(?:,| and|, and) [+\-](?:\d+|x) (?:optional )?(?:{STATS}))*)"
    rf"(?P<lim> \(limited\))?(?P<act> action)?(?: (?P<dur>{DURATION}))?(?P<lim2> \(limited\))?(?P<note> \((?:in addition to|this is in addition to) [^)]*\))?$")


def modifiers(t: str, text: str) -> list[Effect] | None:
    m = _MODS.match(t)
    if not m or m.group("act"):
        c = _MOD_COND.match(t)
        if c and not c.group("mods").endswith(" action"):
            inner = modifiers(c.group("mods") + (c.group("lim") or ""), text)
            if inner:
                return [replace(e, condition=c.group("cond")) for e in inner]
        return None
    limited = bool(m.group("lim") or m.group("lim2"))
    subj = m.group("subj")
    out = []
    for it in _MOD_ITEM.finditer(m.group("list")):
        n = -1 if it.group("n") == "x" else int(it.group("n"))
        if it.group("sign") == "-":
            n = -n
        stat = it.group("stat")
        stat = "votes" if stat == "vote" else stat.replace(" ", "_")
        out.append(_e(stat, text, n, subject=subj, duration=m.group("dur"), limited=limited,
                      self=subj is None or bool(re.fullmatch(SELF, subj)), optional=bool(it.group("opt"))))
    return out


_STRIKE_BODY = re.compile(
    r"^(?:(?P<ranged_kw>ranged)(?:,|:)? )?(?:"
    r"(?P<n>\d+|x)(?P<r>r)? (?P<agg>aggravated )?(?P<unp>unpreventable )?(?P<agg2>aggravated )?damage(?P<each> each)?"
    r"|strength(?:\+(?P<sp>\d+)|-(?P<sm>\d+))?(?P<r2> ranged)? (?P<agg3>aggravated )?damage"
    r"|(?P<dodge>dodge)|(?P<ends>combat ends)"
    r"|steal (?P<steal>\d+|x) (?:blood|blood or life|life)"
    r"|(?P<equip>destroy|burn|steal) (?:(?:an?|the) )?(?:equipment|weapon)(?: card)?"
    r"|(?:make a |use a )?hand strike(?: at \+(?P<hp>\d+|x) (?P<agg4>aggravated )?damage)?(?: \(.*\))?"
    r"|hand strike or (?:use )?a melee weapon strike"
    r")(?P<first>,? (?:first strike|with first strike))?$")


def strike(body: str, text: str, **kw) -> Effect | None:
    m = _STRIKE_BODY.match(body.strip())
    if not m:
        return None
    first = bool(m.group("first")) or bool(kw.pop("first", False))
    ranged = bool(m.group("r") or m.group("r2") or m.group("ranged_kw"))
    agg = bool(m.group("agg") or m.group("agg2") or m.group("agg3") or m.group("agg4"))
    if m.group("n"):
        return _e("strike", text, num(m.group("n")), damage=num(m.group("n")), ranged=ranged, aggravated=agg,
                  unpreventable=bool(m.group("unp")), first_strike=first, **kw)
    if "strength" in body and not body.strip().startswith("hand") and m.group("dodge") is None and "steal" not in body:
        bonus = int(m.group("sp") or 0) - int(m.group("sm") or 0)
        return _e("strike", text, None, damage="strength", bonus=bonus or None, ranged=ranged, aggravated=agg,
                  first_strike=first, **kw)
    if m.group("dodge"):
        return _e("strike", text, dodge=True, **kw)
    if m.group("ends"):
        return _e("strike", text, combat_ends=True, first_strike=first, **kw)
    if m.group("steal"):
        return _e("strike", text, num(m.group("steal")), steal_blood=num(m.group("steal")), ranged=ranged,
                  first_strike=first, or_life="life" in body, **kw)
    if m.group("equip"):
        return _e("strike", text, ranged=ranged, first_strike=first,
                  **{("steal_equipment" if m.group("equip") == "steal" else "destroy_equipment"): True}, **kw)
    if "melee weapon" in body:
        return _e("strike", text, hand=True, or_melee_weapon=True, first_strike=first, **kw)
    hp = m.group("hp")
    return _e("strike", text, num(hp) if hp else None, hand=True, hand_bonus=num(hp) if hp else None,
              aggravated=agg, ranged=ranged, first_strike=first, **kw)


_GRANT = re.compile(
    rf"^(?:(?:and|with|gets|get|gains|has|plus) )?(?:(?P<n>{N}) )?(?P<opt>optional )?(?:an additional (?P<opt2>optional )?)?(?P<what>maneuver|press|additional strike)s?"
    r"(?: \((?P<lim>limited)\))?"
    r"(?P<each> each combat| each round| this round| this combat| during the first round| in the first round(?: of (?:the resulting )?combat)?| during the resulting combat| during that combat)?"
    r"(?:,? only usable to (?:(?:get|go) to (?P<range>close|long) range|(?P<press>continue|end) combat))?"
    r"(?P<lim2> \(limited\))?(?: (?P<dur>this round|each round))?$")


def grant(t: str, text: str, *, optional_default: bool = False) -> Effect | None:
    m = _GRANT.match(t.strip())
    if not m:
        return None
    n = num(m.group("n")) or 1
    what = m.group("what")
    kind = {"maneuver": "maneuver", "press": "press", "additional strike": "additional_strikes"}[what]
    opt = bool(m.group("opt") or m.group("opt2")) or optional_default
    each = (m.group("each") or "").strip() or None
    kw = {"optional": opt}
    if kind == "maneuver":
        return _e("maneuver", text, n, to=m.group("range"), once_each_combat=each == "each combat", duration=each
                  if each != "each combat" else None, **kw)
    if kind == "press":
        return _e("press", text, n, to=m.group("press") or "any", once_each_combat=each == "each combat",
                  duration=each if each != "each combat" else None, **kw)
    return _e("additional_strikes", text, n, limited=bool(m.group("lim") or m.group("lim2")),
              duration=each or m.group("dur"), **kw)


_PREVENT = re.compile(
    r"^(?:(?P<subj>this vampire|this minion|the bearer|this imbued|he|she|they) (?:can |may )?)?prevents? "
    r"(?P<n>\d+|x|all|up to \d+|up to x|1 additional) (?P<kind>non-aggravated |aggravated |normal )?damage"
    r"(?: (?P<rest>(?:from|to|in|on|inflicted|each|this|during|that|dealt)\b.*))?$")


def prevent(t: str, text: str) -> Effect | None:
    m = _PREVENT.match(t)
    if not m:
        return None
    n = m.group("n")
    amount = -2 if n == "all" else num(n.split()[-1])
    return _e("prevent", text, amount, all=n == "all", up_to=n.startswith("up to"),
              damage_kind=(m.group("kind") or "").strip() or None, scope=m.group("rest"), subject=m.group("subj"))


_ACTION_HEAD = [
    (re.compile(r"^(?P<d>\(d\) )?bleed(?: (?:at|with) (?P<sign>[+\-])(?P<n>\d+|x) bleed)?(?: (?P<rest>.+))?$"), "bleed"),
    (re.compile(r"^hunt(?: at (?P<sign>[+\-])(?P<n>\d+|x) hunt)?(?: (?P<rest>.+))?$"), "hunt"),
]


def action_head(t: str, text: str) -> Effect | None:
    for rx, kind in _ACTION_HEAD:
        m = rx.match(t)
        if m and not m.group("rest"):
            n = num(m.group("n")) if m.group("n") else 0
            if m.group("sign") == "-":
                n = -n
            return _e(f"action_{kind}", text, n, directed=bool(m.groupdict().get("d")))
    m = re.match(r"^(?P<d>\(d\) )?enter combat with (?P<np>.+?)(?: as a \(d\) action)?$", t)
    if m and not re.search(r"\b(?:and|then|if|after|,)\b", m.group("np")):
        return _e("enter_combat", text, target=m.group("np"), directed=bool(m.group("d")))
    return None


_BLOOD_POOL = re.compile(
    rf"^(?:(?P<subj>{SELF}|you|your prey|the acting minion's controller|each methuselah|each other methuselah|that methuselah|the controller of the opposing minion) (?:can |may )?)?"
    r"(?P<v>gain|gains|burn|burns|lose|loses|add|adds)s? (?P<n>\d+|x|x\+\d+|a|an|one|two|three) (?:additional )?(?P<unit>blood|pool|life|victory points?)"
    r"(?: (?P<tail>from the blood bank|to (?:this|the acting|the opposing) (?:vampire|minion)|from your pool))?$")


def blood_pool(t: str, text: str) -> Effect | None:
    m = _BLOOD_POOL.match(t)
    if not m:
        return None
    v = m.group("v").rstrip("s")
    unit = m.group("unit").split()[0]
    kind = {"gain": "gain", "add": "gain", "burn": "burn", "lose": "burn"}[v] + "_" + ("vp" if unit == "victory" else unit)
    return _e(kind, text, num(m.group("n").split("+")[0]) if "+" not in m.group("n") else -1,
              subject=m.group("subj"))


_PUT = re.compile(
    r"^put this card (?:in play|on (?P<np>[^;]+?))(?: (?:with|and put) (?P<c>\d+|x|one|two|three) (?P<cname>[a-z\- ]+?) counters? on (?:it|this card))?$")


def put_in_play(t: str, text: str) -> Effect | None:
    m = _PUT.match(t)
    if not m:
        return None
    np = m.group("np")
    return _e("put_in_play", text, target=np, counters=num(m.group("c")) if m.group("c") else None,
              counter_kind=(m.group("cname") or "").strip() or None)


_UNLOCK = re.compile(rf"^(?:(?P<subj>{SELF}) (?:can |may )?)?(?P<v>unlock|unlocks|lock|locks) (?P<np>this vampire|this minion|the acting (?:minion|vampire)|this (?:reacting |acting |blocking )?(?:vampire|minion|imbued)|{SELF}|a minion you control|a vampire you control|a ready minion you control|a ready vampire you control|the opposing minion|another (?:ready )?(?:minion|vampire) you control|a locked vampire you control)$")


def lock_unlock(t: str, text: str) -> Effect | None:
    m = _UNLOCK.match(t)
    if not m:
        return None
    return _e("unlock" if m.group("v").startswith("unlock") else "lock", text, target=m.group("np"),
              subject=m.group("subj"))


_IMMUNE = re.compile(rf"^(?:(?P<dur>this round|for the remainder of (?:this |the )?combat), )?(?P<subj>{SELF}) (?:is|are) immune to (?P<what>[a-z\- ]+?)(?: (?P<dur2>this round))?$")
_HAND_ONLY = re.compile(r"^strikes that are not hand strikes cannot be used this round$")


def core(t: str, text: str) -> list[Effect] | None:
    """The core vocabulary for one clause (lower case, no final stop); None if it is none of it."""
    r = modifiers(t, text)
    if r:
        return r
    m = re.match(rf"^(?:(?P<subj>{SELF}|this vampire|the bearer) (?:can |may )?)?(?P<once>once each combat,? )?(?:(?P<rkw>ranged )?strike|strike(?P<rkw2>, ranged)?|strike, first strike): (?P<body>.+)$", t)
    if m:
        parts = [p.strip() for p in re.split(r",\s*(?=(?:with|and|only usable|usable|first strike|plus)\b)", m.group("body"))]
        body = parts[0]
        first = "first strike" in m.group(0).split(":", 1)[0]
        s = strike(("ranged " if (m.group("rkw") or m.group("rkw2")) else "") + body, text, first=first,
                   once_each_combat=bool(m.group("once")), subject=m.group("subj"))
        if s is None:
            return None
        out = [s]
        for p in parts[1:]:
            if p in ("first strike", "with first strike"):
                out[0] = replace(out[0], params=tuple(x for x in out[0].params if x[0] != "first_strike") + (("first_strike", True),))
                continue
            g = grant(p, text)
            if g is None:
                return None
            out.append(g)
        return out
    m = re.match(r"^(?P<body>(?:strength(?:[+\-]\d+)?|\d+r?|x) (?:(?:ranged|aggravated|unpreventable) )*damage)(?: each strike| as a strike)(?P<rest>,.+)?$", t)
    if m:
        body = m.group("body")
        s_ = strike(body.replace(" ranged", "").replace("ranged ", ""), text, weapon=True)
        if s_ is not None:
            if " ranged" in body:
                s_ = replace(s_, params=tuple(x for x in s_.params if x[0] != "ranged") + (("ranged", True),))
            out = [s_]
            for p in re.split(r",\s*", (m.group("rest") or "").strip(", ")):
                if not p:
                    continue
                g = grant(p, text)
                if g is None:
                    return None
                out.append(g)
            return out
    r2 = prevent(t, text)
    if r2:
        return [r2]
    parts = [p.strip() for p in re.split(r"\s*(?:,|\bor\b|\band\b)\s*(?=(?:an? |\d |optional )?(?:optional )?(?:maneuver|press|additional strike))", t)]
    gs = [grant(p, text) for p in parts if p]
    if gs and all(gs):
        if " or " in t and len(gs) > 1:
            gs = [replace(g, params=g.params + (("choice", True),)) for g in gs]
        return gs
    a = action_head(t, text)
    if a:
        return [a]
    m = _IMMUNE.match(t)
    if m:
        return [_e("immune", text, what=m.group("what"), subject=m.group("subj"), duration=m.group("dur"))]
    if _HAND_ONLY.match(t):
        return [_e("hand_strikes_only", text, duration="this round")]
    b = blood_pool(t, text)
    if b:
        return [b]
    p = put_in_play(t, text)
    if p:
        return [p]
    u = lock_unlock(t, text)
    if u:
        return [u]
    return None


# -- 2. frames --------------------------------------------------------------------------------------------

_INTRO = re.compile(
    r"^(?P<intro>(?:if|when|whenever|after|during|while|once|as|at|in|until|before|unless|each time|for each|for|each|"
    r"instead|then|also|additionally|otherwise|alternatively|afterward|afterwards|if so|on|with|from|to|by|except|"
    r"regardless|just as|as long as|even if|even though|any time)\b[^,]*),\s*")
_GUARD = re.compile(r"^(?:\(?(?:only |not |also )?usable|requires|do not replace|this card costs)\b")
_SKIP_BEFORE_VERB = frozenset("who that which whose whom".split())
_NOT_MAIN = frozenset("acting blocking striking reacting attacking opposing ready locked unlocked controlled chosen "
                      "burned named remaining resulting following existing involving including leading "
                      "played used successful bled".split())
_PREPS = frozenset("from to on in into onto with without by for of at during before after until as if when than "
                   "and or but while unless instead".split())
_DURATION_RX = re.compile(DURATION)
_NOUN_VERBS = frozenset("strike strikes turn turns bleed bleeds hunt hunts block blocks play press presses maneuver "
                        "maneuvers vote votes cost costs control name names use uses change changes lock locks "
                        "damage count counts end ends start result results attempt attempts effect effects "
                        "action actions round rounds need guess bid bids copy copies return discard".split())
_SUBORD = frozenset("if when whenever unless until while before after".split())


def frame(t: str, text: str, known: Callable[[str], bool]) -> tuple[Effect | None, list[str]]:
    """(the effect, the unknown words) for a clause outside the core vocabulary."""
    toks = tokenize(t)
    unknown = unknown_words(toks, known)
    if unknown:
        return None, unknown
    if _GUARD.search(t):
        return None, []
    s = t
    conds: list[str] = []
    while True:
        m = _INTRO.match(s)
        if not m or m.end() >= len(s) or _main_verb(tokenize(s[m.end():])) is None:
            break
        conds.append(m.group("intro"))
        s = s[m.end():]
    toks = tokenize(s)
    if not toks:
        return None, []
    i = _main_verb(toks)
    if i is None:
        return None, []
    lemma = VERB_FORMS[toks[i]]
    subj = " ".join(toks[:i]) or None
    j = i + 1
    while j < len(toks) and toks[j] in ("not", "also", "instead", "then", "only", "now"):
        j += 1
    modal = None
    if lemma in MODALS or lemma in ("can", "may", "must", "will", "would", "could", "should", "cannot"):
        modal = toks[i]
        k = j
        while k < len(toks) and toks[k] in ("not", "also", "instead", "then", "only", "now", "still", "be", "to"):
            k += 1
        if k < len(toks) and toks[k] in VERB_FORMS:
            lemma = VERB_FORMS[toks[k]]
            j = k + 1
    if lemma in ("do",) and j < len(toks) and toks[j] in VERB_FORMS:
        lemma = VERB_FORMS[toks[j]]
        j += 1
    obj: list[str] = []
    while j < len(toks) and toks[j] not in _PREPS and toks[j] != ",":
        obj.append(toks[j])
        j += 1
    k = j
    while k < len(toks):
        if toks[k] in _SUBORD:
            conds.append(" ".join(toks[k:]))
            break
        k += 1
    amount = None
    for w in obj:
        n = num(w)
        if n is not None and w not in ("a", "an", "one") or re.fullmatch(r"[+\-]\d+", w):
            amount = n if n is not None else int(w)
            break
    d = _DURATION_RX.search(s)
    negated = modal in ("cannot", "can't") or " not " in f" {s} " and i + 1 < len(toks) and toks[i + 1] == "not"
    kind = lemma
    if kind in ("be", "have", "get") and re.search(r"[+\-]\d+ \w+", s):
        kind = "modifier"
    elif kind in ("be", "have"):
        kind = "state"
    return _e(kind, text, amount, subject=subj, target=" ".join(obj) or None,
              condition="; ".join(conds) or None, duration=d.group(0) if d else None,
              negated=bool(negated), modal=modal), []


def _main_verb(toks: list[str]) -> int | None:
    first_verb = None
    for i, w in enumerate(toks):
        if w not in VERB_FORMS:
            continue
        if i > 0 and toks[i - 1] in _SKIP_BEFORE_VERB and VERB_FORMS[w] not in MODALS:
            continue
        if i > 0 and toks[i - 1] in ("you", "they", "he", "she") and VERB_FORMS[w] == "control" and i > 1:
            continue
        if w in _NOT_MAIN and i > 0:
            continue
        if i > 0 and w in _NOUN_VERBS and toks[i - 1] in ("a", "an", "the", "this", "that", "each", "any", "its", "his",
                                                           "her", "their", "your", "no", "of", "another", "one",
                                                           "every", "additional", "optional", "first", "next"):
            continue
        if w in MODALS:
            return i
        if first_verb is None:
            first_verb = i
            if VERB_FORMS[w] not in WEAK_VERBS:
                return i
    return first_verb


# -- which effects the engine resolves ----------------------------------------------------------------------
#
# The one place that says what the engine resolves today (engine of this commit). A clause counts as
# automated only when the engine carries out all of it; the rest is carried out by hand. Keep in step with
# vtes_desktop/engine: when the engine learns an effect, flip it here (and the coverage report follows).

_SELF_PUT = re.compile(r"(?i)put this card (?:in play|on the table|on (?:the acting|this) (?:vampire|minion))\.?$")
_SIMPLE_COMBAT_TARGETS = ("a minion", "a ready minion", "a minion controlled by another methuselah",
                          "a ready minion controlled by another methuselah")


def _plain_self(e: Effect) -> bool:
    return bool(e.get("self")) and e.amount is not None and e.amount > 0 and not e.optional and e.condition is None


def _strike_automated(e: Effect) -> bool:
    if e.get("unpreventable") or e.get("or_life") or e.get("or_melee_weapon") or e.get("plus_x"):
        return False
    if e.get("damage") == "strength" or e.get("bonus"):
        return False
    if -1 in (e.get("damage"), e.get("steal_blood"), e.get("hand_bonus")):
        return False
    return e.condition is None


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    """Whether the engine resolves *e*, played as a card of *types*."""
    k = e.kind
    t = set(types)
    if k in ("stealth", "bleed", "hunt"):
        # action modifiers: the acting minion's own stealth, bleed (bleed actions) and hunt, this action
        return "Action Modifier" in t and _plain_self(e) and e.duration in (None, "this action", "for the current action")
    if k == "intercept":
        # reactions: the blocking minion's intercept; equipment, retainers and allies: printed intercept
        return bool(t & {"Reaction", "Equipment", "Retainer", "Ally"}) and _plain_self(e) and \
            e.duration in (None, "this action", "for the current action")
    if k == "strength":
        # combat cards: +N strength for the round (the engine keeps it until the round ends)
        return "Combat" in t and _plain_self(e) and e.duration in (None, "this round")
    if k == "limited":
        return True
    if k == "strike":
        return _strike_automated(e)
    if k == "maneuver":
        return e.get("to") is None and e.duration is None and e.condition is None
    if k == "press":
        return e.get("to") in ("any", "end") and e.duration is None and e.condition is None
    if k == "additional_strikes":
        return "Combat" in t and e.amount is not None and e.amount > 0 and e.condition is None and not e.get("weapon_only")
    if k == "prevent":
        return "Combat" in t and e.amount is not None and e.amount > 0 and not e.get("damage_kind") \
            and not e.get("scope") and not e.get("up_to") and e.subject is None and e.condition is None
    if k in ("action_bleed", "action_hunt"):
        return e.amount is not None and e.amount >= 0 and e.condition is None
    if k == "enter_combat":
        return (e.target or "") in _SIMPLE_COMBAT_TARGETS and e.condition is None
    if k == "put_in_play":
        if e.get("counters") or e.condition is not None:
            return False
        if t & {"Master", "Event"}:
            return True
        return bool(_SELF_PUT.search(e.text.strip()))
    if k == "immune":
        return "Combat" in t and e.get("what") == "non-aggravated damage" and e.duration == "this round"
    if k == "hand_strikes_only":
        return "Combat" in t
    return False


def mark(e: Effect, types: tuple[str, ...]) -> Effect:
    a = automated(e, types)
    return e if a == e.automated else replace(e, automated=a)
