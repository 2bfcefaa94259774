"""The effect vocabulary: clauses read into `Effect`s, and which of them the engine resolves.

Two layers:

1. The core vocabulary, read field by field. Kinds and their parameters:

   - modifiers `stealth`, `intercept`, `bleed`, `hunt`, `strength`, `votes`, `capacity`, `hand_size`,
     `transfers`, `life`: amount (negative for "-1"), `self` (the player's own minion: "+1 stealth",
     "this vampire gets +1 intercept"), `limited`, `subject`, `duration`, `condition` ("+3 bleed if the
     target Methuselah has 9 or fewer pool"), `even_if_not_needed`, `cost` ("burn 1 blood to get ...");
   - `strike`: `damage` (int, or "strength" with `bonus`), `ranged`, `aggravated`, `unpreventable`,
     `first_strike`, `dodge`, `combat_ends`, `steal_blood` (`or_life`), `destroy_equipment`,
     `steal_equipment` (`or_retainer`), `hand` with `hand_bonus` ("hand strike at +1 damage"),
     `or_melee_weapon`, `weapon` ("Strength+1 damage each strike"), `once_each_combat`, `subject` (a
     minion's own "can strike: ..."); `strike_bonus` ("This strike is at +2 damage");
   - `maneuver`, `press`, `additional_strikes`: amount, `optional`, `to` ("close"/"long" for a
     maneuver; "continue"/"end"/"any" for a press), `once_each_combat`, `limited`, `choice` ("Maneuver or
     press"), `duration`, `only` (its own timing);
   - `prevent`: amount (-2 all, -1 X), `all`, `up_to`, `damage_kind`, `scope` ("from the opposing
     minion's strike");
   - `action_bleed` (amount: the bonus, `target`), `action_hunt`, `enter_combat` (`target`),
     `action_stealth` (conditional), `put_in_play` (`target`, `counters`, `counter_kind`), `unlock`,
     `lock`, `gain_blood`, `burn_blood`, `gain_pool`, `burn_pool`, `gain_life`, `burn_vp`,
     `gain_discipline` (`discipline`), `immune` (`what`), `hand_strikes_only`, `cost_change`
     (`unit`), `limited`, `change` (an "As above, but ..." that changes damage, duration or amount),
     `wake` (a locked minion may react and block), `steal_blood`/`steal_pool`/`steal_life`, `reduce_bleed`,
     `redirect_bleed` ("Change the target of the bleed to ..."), `combat_ends` (not as a strike).
2. Frames, for every other clause: the clause is read as [intro,] [subject]
   [modal] verb object [adjuncts], every word of it known to the lexicon;
   the effect's kind is the main verb's lemma ("burn", "cancel", "move"...).

`automated()` is the one place that says which effects the engine resolves.
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

_NOT_MINION = r"(?:card|action|round|combat|turn|referendum|strike|location|equipment|weapon|event|game|phase|effect|bleed|hunt|vote|title|counter|damage|press|maneuver|way|amount)"
SELF = (r"(?:this (?:acting |reacting |blocking |striking |modifying |ready )?(?!" + _NOT_MINION + r"\b)[a-z'\-]+(?: antitribu| of set| brother| haqim)?"
        r"|the acting (?:minion|vampire)|he|she|they|he or she|the bearer|the employer|the attached (?:vampire|minion)"
        r"|the (?:vampire|minion) with this (?:card|equipment|retainer))")
STATS = r"stealth|intercept|bleed|hunt|strength|votes?|capacity|life|damage|hand size|transfers?"
DURATION = (r"(?:this action|this round|this combat|this turn|this referendum|for the current action|for the current round|"
            r"for the remainder of (?:the |this )?(?:combat|action|turn|round|game)|for the remainder of the current (?:action|combat|round)|"
            r"during the resulting combat|for the duration of (?:the )?(?:combat|action)|until (?:the )?end of (?:the |this )?(?:action|turn|combat|round)|"
            r"(?:for|during) (?:each|this|the current) round of combat|during (?:this|the) action|in (?:the )?(?:resulting )?combat|"
            r"on (?:his|her|their|its|this) initial strike(?: this round)?|this and each subsequent round of combat)")


# -- 1. the core vocabulary ------------------------------------------------------------------------------

_MOD_ITEM = re.compile(rf"(?P<sign>[+\-])(?P<n>\d+|x)(?: (?P<opt>optional))? (?P<stat>{STATS})")
_MOD_COND = re.compile(r"^(?P<mods>.+?) (?P<cond>(?:if|when|while|during|against|for each|for every|on) .+?)(?P<lim> \(limited\))?$")
_MODS = re.compile(
    rf"^(?:(?P<subj>{SELF}|you|your prey|this vampire and (?:his|her|their) blocker|(?:an?|the|each|any|another|that|all)(?: [a-z'\-]+){{1,5}}?) (?:gets|gains|get|gain|has|have) )?"
    rf"(?P<list>[+\-](?:\d+|x) (?:optional )?(?:{STATS})(?:(?:,| and|, and) [+\-](?:\d+|x) (?:optional )?(?:{STATS}))*)"
    rf"(?P<lim> \(limited\))?(?P<act> action)?(?: (?P<dur>{DURATION}))?(?P<lim2> \(limited\))?(?P<note> \((?:in addition to|this is in addition to) [^)]*\))?"
    r"(?P<needed>,? even if (?:stealth|intercept) is not yet needed)?$")


def modifiers(t: str, text: str) -> list[Effect] | None:
    if "+" not in t and "-" not in t:
        return None
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
        stat = {"vote": "votes", "transfer": "transfers"}.get(stat, stat).replace(" ", "_")
        out.append(_e(stat, text, n, subject=subj, duration=m.group("dur"), limited=limited,
                      even_if_not_needed=bool(m.group("needed")),
                      self=subj is None or bool(_SELF_RX.fullmatch(subj)), optional=bool(it.group("opt"))))
    return out


_STRIKE_BODY = re.compile(
    r"^(?:(?P<ranged_kw>ranged)(?:,|:)? )?(?:"
    r"(?P<n>\d+|x)(?P<r>r)? (?P<agg>aggravated )?(?P<unp>unpreventable )?(?P<agg2>aggravated )?damage(?P<each> each)?"
    r"|strength(?:\+(?P<sp>\d+)|-(?P<sm>\d+))?(?P<r2> ranged)? (?P<agg3>aggravated )?damage"
    r"|(?P<dodge>dodge)|(?P<ends>combat ends)"
    r"|steal (?P<steal>\d+|x) (?:blood|blood or life|life)(?: \(becoming blood\))?"
    r"|(?P<equip>destroy|burn|steal) (?:(?:an?|the) )?(?:equipment|weapon)(?: card)?(?P<orret> or retainer)?"
    r"|(?:make a |use a )?hand strike(?:,? (?P<agg5>aggravated))?(?: at \+(?P<hp>\d+|x) (?P<agg4>aggravated )?damage)?(?: \(.*\))?"
    r"|hand strike or (?:use )?a melee weapon strike"
    r")(?P<first>,? (?:first strike|with first strike))?$")


def strike(body: str, text: str, **kw) -> Effect | None:
    m = _STRIKE_BODY.match(body.strip())
    if not m:
        return None
    first = bool(m.group("first")) or bool(kw.pop("first", False))
    ranged = bool(m.group("r") or m.group("r2") or m.group("ranged_kw"))
    agg = bool(m.group("agg") or m.group("agg2") or m.group("agg3") or m.group("agg4") or m.group("agg5"))
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
        return _e("strike", text, ranged=ranged, first_strike=first, or_retainer=bool(m.group("orret")),
                  **{("steal_equipment" if m.group("equip") == "steal" else "destroy_equipment"): True}, **kw)
    if "melee weapon" in body:
        return _e("strike", text, hand=True, or_melee_weapon=True, first_strike=first, **kw)
    hp = m.group("hp")
    return _e("strike", text, num(hp) if hp else None, hand=True, hand_bonus=num(hp) if hp else None,
              aggravated=agg, ranged=ranged, first_strike=first, **kw)


_GRANT = re.compile(
    rf"^(?:(?P<subj>{SELF}) (?:gets|get|gains|has) )?(?:(?:and|with|gets|get|gains|has|plus) )?(?:(?P<n>{N}) )?(?P<opt>optional )?(?:an additional (?P<opt2>optional )?)?(?P<what>maneuver|press|additional strike)s?"
    r"(?: \((?P<lim>limited)\))?"
    r"(?P<each> each combat| each round| this round| this combat| during the first round| in the first round(?: of (?:the resulting )?combat)?| during the resulting combat| during that combat| in that combat| in the resulting combat)?"
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
    kw = {"optional": opt, "subject": m.group("subj")}
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
    r"(?P<n>\d+|x\+\d+|x|all|up to \d+|up to x|1 additional) (?P<kind>non-aggravated |aggravated |normal )?(?:the )?damage"
    r"(?: (?P<rest>(?:from|to|in|on|inflicted|each|this|during|that|dealt)\b.*))?$")


def prevent(t: str, text: str) -> Effect | None:
    m = _PREVENT.match(t)
    if not m:
        return None
    n = m.group("n")
    amount = -2 if n == "all" else -1 if n.startswith("x") else num(n.split()[-1])
    return _e("prevent", text, amount, all=n == "all", up_to=n.startswith("up to"),
              damage_kind=(m.group("kind") or "").strip() or None, scope=m.group("rest"), subject=m.group("subj"))


_ACTION_HEAD = [
    (re.compile(r"^(?P<d>\(d\) )?bleed(?: (?P<tgt>any methuselah|your prey|your predator|a methuselah other than your prey))?(?: (?:at|with) (?P<sign>[+\-])(?P<n>\d+|x) bleed)?(?: (?P<rest>.+))?$"), "bleed"),
    (re.compile(r"^hunt(?: at (?P<sign>[+\-])(?P<n>\d+|x) hunt)?(?: (?P<rest>.+))?$"), "hunt"),
]


def action_head(t: str, text: str) -> Effect | None:
    for rx, kind in _ACTION_HEAD:
        m = rx.match(t)
        if m and not m.group("rest"):
            n = num(m.group("n")) if m.group("n") else 0
            if m.group("sign") == "-":
                n = -n
            return _e(f"action_{kind}", text, n, directed=bool(m.groupdict().get("d")), target=m.groupdict().get("tgt"))
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
    r"^put this card (?:in play|into play|on (?P<np>[^;]+?))"
    r"(?: with (?P<c>\d+|x|one|two|three) (?:(?P<cname>[a-z\-]+) )?counters?(?: on (?:it|this card))?)?$")


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


_WAKE = re.compile(rf"^(?P<subj>{SELF}|the chosen ally) wakes(?: \(.*\))?$")
_STEAL = re.compile(rf"^(?:(?P<subj>{SELF}) (?:can |may )?)?steals? (?P<n>\d+|x) (?P<unit>blood or life|blood|life|pool)(?: \(becoming (?:blood|life)\))?(?: from (?P<from>.+))?$")
_REDUCE_BLEED = re.compile(r"^reduce (?:a|the) bleed(?: against you)? by (?P<n>\d+|x)$")
_REDIRECT = re.compile(r"^change the target of the bleed to (?P<to>.+?)(?: \(.*\))?$")
_GIVE = re.compile(rf"^give (?P<who>.+?) (?P<mods>[+\-](?:\d+|x) (?:{STATS})(?: and [+\-](?:\d+|x) (?:{STATS}))*)(?P<lim> \(limited\))?(?: (?P<dur>{DURATION}))?$")
_SET_LIFE = re.compile(rf"^(?P<subj>{SELF}|this retainer|this ally) has (?P<n>\d+) life$")
_STRIKE_BONUS = re.compile(r"^this strike is at \+(?P<n>\d+) (?P<agg>aggravated )?damage(?P<rest>,.+)?$")
_IMMUNE = re.compile(rf"^(?:(?P<dur>this round|for the remainder of (?:this |the )?combat), )?(?P<subj>{SELF}) (?:is|are) immune to (?P<what>[a-z\- ]+?)(?: (?P<dur2>this round))?$")
_HAND_ONLY = re.compile(r"^strikes that are not hand strikes cannot be used this round(?: \(by either combatant\))?$")


_SELF_RX = re.compile(SELF)
_STRIKE_HEAD = re.compile(rf"^(?P<once0>once each combat, )?(?:(?P<subj>{SELF}|this vampire|the bearer) (?:can |may )?)?(?P<once>once each combat,? )?(?:(?P<rkw>ranged )?strike|strike(?P<rkw2>, ranged)?|strike, first strike): (?P<body>.+)$")
_STRIKE_PARTS = re.compile(r",\s*(?=(?:with|and|only usable|usable|first strike|plus)\b)")
_WEAPON_STRIKE = re.compile(r"^(?P<body>(?:strength(?:[+\-]\d+)?|\d+r?|x) (?:(?:ranged|aggravated|unpreventable) )*damage)(?: each strike| as a strike)(?P<rest>,.+)?$")
_GRANT_PARTS = re.compile(r"\s*(?:,|\bor\b|\band\b|\bwith\b)\s*(?=(?:an? |\d |optional )?(?:optional )?(?:maneuver|press|additional strike))")
_LEVEL = re.compile(rf"^(?P<subj>{SELF}) gains (?P<n>one|two|a|1|2) levels? of (?P<name>[a-z]+)(?: \[(?P<tri>[a-z]+)\])?$")


_PAY_TO = re.compile(rf"^(?:(?P<subj>{SELF}|you) (?:can |may )?)?(?P<v>burn|pay|lock) (?:(?P<n>\d+|x|a|an|one) (?P<unit>blood or life|blood|pool|life)|this card|(?P<self>this (?:vampire|minion|imbued|ally)))(?: to | for (?=an? |\d))(?P<rest>.+)$")


def core(t: str, text: str) -> list[Effect] | None:
    """The core vocabulary for one clause (lower case, no final stop); None if it is none of it."""
    m = _PAY_TO.match(t) if ("burn" in t or "pay" in t or "lock" in t) else None
    if m:
        rest = m.group("rest")
        rest = re.sub(r"^(?:get|gain) (?=[+\-]\d)", "", rest)
        rest = re.sub(r"^(?:get|gain) (?=[+\-]?\d|an? |one |\d)", "", rest) if re.match(r"^(?:get|gain) (?:an? |one |\d)?(?:optional )?(?:maneuver|press|additional strike)", rest) else rest
        inner = core(rest, text)
        if inner:
            cost = m.group("v") + " " + (f"{m.group('n')} {m.group('unit')}" if m.group("n") else
                                         (m.group("self") or "this card"))
            return [replace(e, params=e.params + (("cost", cost),), subject=e.subject or m.group("subj"),
                            optional=True) for e in inner]
    m = _LEVEL.match(t) if "level" in t else None
    if m:
        from vtes_desktop.cards.model import DISCIPLINES

        tri = m.group("tri") or DISCIPLINES.get(m.group("name").capitalize())
        if tri:
            return [_e("gain_discipline", text, num(m.group("n")), discipline=tri.lower(), subject=m.group("subj"))]
    r = modifiers(t, text)
    if r:
        return r
    m = _STRIKE_HEAD.match(t) if "strike" in t else None
    if m:
        parts = [p.strip() for p in _STRIKE_PARTS.split(m.group("body").replace("ranged; ", "ranged "))]
        body = parts[0]
        first = "first strike" in m.group(0).split(":", 1)[0]
        s = strike(("ranged " if (m.group("rkw") or m.group("rkw2")) else "") + body, text, first=first,
                   once_each_combat=bool(m.group("once") or m.group("once0")), subject=m.group("subj"))
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
    m = _WEAPON_STRIKE.match(t) if "strike" in t else None
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
    r2 = prevent(t, text) if "prevent" in t else None
    if r2:
        return [r2]
    gs = None
    if "maneuver" in t or "press" in t or "additional strike" in t:
        parts = [p.strip() for p in _GRANT_PARTS.split(t)]
        gs = [grant(p, text) for p in parts if p]
    if gs and all(gs):
        if " or " in t and len(gs) > 1:
            gs = [replace(g, params=g.params + (("choice", True),)) for g in gs]
        return gs
    a = action_head(t, text) if t.startswith(("(d) ", "bleed", "hunt", "enter combat")) else None
    if a:
        return [a]
    if t.endswith("combat ends") and t in ("combat ends", "end combat"):
        return [_e("combat_ends", text)]
    m = _WAKE.match(t) if "wakes" in t else None
    if m:
        return [_e("wake", text, subject=m.group("subj"))]
    m = _STEAL.match(t) if "steal" in t else None
    if m:
        return [_e("steal_" + m.group("unit").split()[0], text, num(m.group("n")), subject=m.group("subj"),
                   target=m.group("from"), or_life="or life" in m.group("unit"))]
    m = _REDUCE_BLEED.match(t) if t.startswith("reduce") else None
    if m:
        return [_e("reduce_bleed", text, num(m.group("n")))]
    m = _REDIRECT.match(t) if t.startswith("change the target") else None
    if m:
        return [_e("redirect_bleed", text, target=m.group("to"))]
    m = _GIVE.match(t) if t.startswith("give ") else None
    if m:
        inner = modifiers(m.group("mods") + (m.group("lim") or ""), text)
        if inner:
            return [replace(e, subject=m.group("who"), duration=m.group("dur") or e.duration,
                            params=tuple(p for p in e.params if p[0] != "self")) for e in inner]
    m = _SET_LIFE.match(t) if t.endswith(" life") else None
    if m:
        return [_e("life", text, int(m.group("n")), subject=m.group("subj"), set_to=True)]
    m = _STRIKE_BONUS.match(t) if t.startswith("this strike") else None
    if m:
        out = [_e("strike_bonus", text, int(m.group("n")), aggravated=bool(m.group("agg")))]
        for p in re.split(r",\s*", (m.group("rest") or "").strip(", ")):
            if p:
                g = grant(p, text)
                if g is None:
                    return None
                out.append(g)
        return out
    m = _IMMUNE.match(t) if "immune" in t else None
    if m:
        return [_e("immune", text, what=m.group("what"), subject=m.group("subj"), duration=m.group("dur"))]
    if t.startswith("strikes that") and _HAND_ONLY.match(t):
        return [_e("hand_strikes_only", text, duration="this round")]
    b = blood_pool(t, text) if re.search(r"\b(?:blood|pool|life|victory)", t) else None
    if b:
        return [b]
    p = put_in_play(t, text) if t.startswith("put this card") else None
    if p:
        return [p]
    u = lock_unlock(t, text) if "lock" in t else None
    if u:
        return [u]
    return None


# -- 2. frames --------------------------------------------------------------------------------------------

_INTRO = re.compile(
    r"^(?P<intro>(?:if|when|whenever|after|during|while|once|as|at|in|until|before|unless|each time|for each|for|"
    r"each (?:round|turn|combat|action|time|unlock phase|minion phase)|this (?:combat|round|action|turn)|"
    r"instead|then|also|additionally|otherwise|alternatively|afterward|afterwards|if so|on|with|from|to|by|except|"
    r"regardless|just as|as long as|even if|even though|any time)\b[^,]*),\s*")
_GUARD = re.compile(r"^(?:\(?(?:only |not |also )?usable|requires|do not replace|this card costs|only one\b|"
                    r"an? (?:vampire|minion|methuselah) (?:can|may) (?:play|have) only)\b")
_CLAN_WORDS = re.compile(r"\b(?:followers? of set|daughters? of cacophony|harbingers? of skulls|blood brothers?|true brujah|banu haqim|"
                         r"blood hunts?|master phase actions?|hunting grounds?|ash heaps?|(?:unlock|master|minion|influence|discard) phases?|"
                         r"victory points?|blood bank|inner circle)\b")
_SKIP_BEFORE_VERB = frozenset("who that which whose whom".split())
_NOT_MAIN = frozenset("acting blocking striking reacting attacking opposing ready locked unlocked controlled chosen attached "
                      "burned named remaining resulting following existing involving including leading "
                      "played used successful bled".split())
_PREPS = frozenset("from to on in into onto with without by for of at during before after until as if when than "
                   "and or but while unless instead".split())
_DURATION_RX = re.compile(DURATION)
_NOUN_VERBS = frozenset("strike strikes turn turns bleed bleeds hunt hunts block blocks play press presses maneuver "
                        "maneuvers vote votes cost costs control name names use uses change changes lock locks "
                        "damage count counts end ends start result results attempt attempts effect effects "
                        "action actions round rounds need guess bid bids copy copies return discard target targets "
                        "hit draw".split())
_SUBORD = frozenset("if when whenever unless until while before after".split())


_SLASH_NAME = re.compile(r"/[^/]+/")


def frame(t: str, text: str, known: Callable[[str], bool]) -> tuple[Effect | None, list[str]]:
    """(the effect, the unknown words) for a clause outside the core vocabulary."""
    t = _SLASH_NAME.sub("named_card", t)
    toks = tokenize(t)
    unknown = unknown_words(toks, known)
    if unknown:
        return None, unknown
    if _GUARD.search(t):
        return None, []
    s = _CLAN_WORDS.sub(lambda m: m.group(0).replace(" ", "_"), t)
    if "(" in s:
        s = re.sub(r"\s*\([^()]*\)", "", s).strip() or s
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
        if k < len(toks) and toks[k] == ",":
            while k < len(toks) and toks[k] != ",":
                k += 1
        while k < len(toks) and toks[k] in ("not", "also", "instead", "then", "only", "now", "still", "be", "to", "both",
                                            "either", "always", "never"):
            k += 1
        if k < len(toks) and toks[k] in VERB_FORMS:
            lemma = VERB_FORMS[toks[k]]
            j = k + 1
    if lemma in ("do",) and j < len(toks) and toks[j] in VERB_FORMS:
        lemma = VERB_FORMS[toks[j]]
        j += 1
    passive = False
    if lemma == "be":
        k = j
        while k < len(toks) and toks[k] in ("not", "also", "then", "now", "still", "immediately"):
            k += 1
        if k < len(toks) and toks[k] in VERB_FORMS and VERB_FORMS[toks[k]] not in WEAK_VERBS \
                and toks[k].endswith(("ed", "en", "t", "n")) and toks[k] not in ("ready", "acting"):
            lemma = VERB_FORMS[toks[k]]
            passive = True
            j = k + 1
    obj: list[str] = []
    while j < len(toks) and (toks[j] not in _PREPS or toks[j] == "up" or (toks[j] == "to" and obj and obj[-1] == "up")) \
            and toks[j] != ",":
        obj.append(toks[j])
        j += 1
    k = j
    while k < len(toks):
        if toks[k] in _SUBORD and toks[k] != "until":
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
    if kind in MODALS:
        kind = "state"
    if kind in ("be", "have", "get") and re.search(r"[+\-]\d+ \w+", s):
        kind = "modifier"
    elif kind in ("be", "have"):
        kind = "state"
    def words(x: str | None) -> str | None:
        return x.replace("named_card", "a named card").replace("_", " ") if x else x

    return _e(kind, text, amount, subject=words(subj), target=words(" ".join(obj)) or None,
              condition=words("; ".join(conds)) or None, duration=words(d.group(0)) if d else None,
              negated=bool(negated), modal=modal, passive=passive, frame=True), []


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
        if i > 0 and toks[i - 1] == "to" and w not in MODALS:
            if first_verb is None:
                first_verb = i
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

_ENGINE_INTERCEPT_CONDITIONS = ("against vampires", "against allies", "during directed actions", "when blocking")
_SELF_PUT = re.compile(r"(?i)put this card (?:in play|on the table|on (?:the acting|this) (?:vampire|minion))\.?$")
_SIMPLE_COMBAT_TARGETS = ("a minion", "a ready minion", "a minion controlled by another methuselah",
                          "a ready minion controlled by another methuselah")


def _plain_self(e: Effect) -> bool:
    return bool(e.get("self")) and e.amount is not None and e.amount > 0 and not e.optional and e.condition is None \
        and not e.get("cost") and not e.get("even_if_not_needed")


def _strike_automated(e: Effect) -> bool:
    if e.get("or_retainer"):
        return False
    if e.get("cost") or e.subject is not None:
        return False        # a minion's own strike: see `first_own_strike`
    if e.get("unpreventable") or e.get("or_life") or e.get("or_melee_weapon") or e.get("plus_x"):
        return False
    if e.get("damage") == "strength" or e.get("bonus"):
        return False
    if -1 in (e.get("damage"), e.get("steal_blood"), e.get("hand_bonus")):
        return False
    return e.condition is None


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    """Whether the engine resolves *e*, played as a card of *types*: the core vocabulary, or a family module
    (a core kind the core leaves to the players, "prevent 2 damage from the opposing minion's strike", may
    still be one a family resolves)."""
    return _core_automated(e, types) or (not e.get("frame") and any(family(e, types) for family in _families()))


def _core_automated(e: Effect, types: tuple[str, ...]) -> bool:
    if e.get("frame"):
        # a clause read as a frame: carried out by hand, unless a family module says the engine resolves it
        return any(family(e, types) for family in _families())
    k = e.kind
    t = set(types)
    if k in ("stealth", "bleed", "hunt") and "Action Modifier" in t:
        # action modifiers: the acting minion's own stealth, bleed (bleed actions) and hunt, this action
        return _plain_self(e) and e.duration in (None, "this action", "for the current action")
    if k == "intercept":
        # reactions: the blocking minion's intercept; equipment, retainers and allies: printed intercept,
        # also "against vampires", "against allies", "during directed actions", "when blocking"
        if t & {"Equipment", "Retainer", "Ally"} and e.condition in _ENGINE_INTERCEPT_CONDITIONS and e.get("self") \
                and e.amount and e.amount > 0 and not e.get("cost"):
            return True
        return bool(t & {"Reaction", "Equipment", "Retainer", "Ally"}) and _plain_self(e) and \
            e.duration in (None, "this action", "for the current action") and not e.get("cost")
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
        return e.amount is not None and e.amount >= 0 and e.condition is None and \
            e.target in (None, "any methuselah", "your prey")
    if k == "enter_combat" and (e.target or "") in _SIMPLE_COMBAT_TARGETS and e.condition is None:
        return True     # other targets: the action-card family (auto_politics) reads them
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
    if k == "life":
        return bool(e.get("set_to")) and bool(t & {"Retainer", "Ally"})
    # action modifiers and reactions: the engine unlocks or locks the minion that played the card, wakes it,
    # or sends the bleed to another Methuselah (engine/rules_action.py, _resolve_effects)
    if t & {"Action Modifier", "Reaction"} and e.condition is None and not e.get("negated"):
        if k == "unlock":
            return (e.subject or "").lower() in ("", "this vampire", "this minion", "this acting vampire",
                                                  "this acting minion")
        if k == "lock":
            return (e.target or "this reacting vampire").lower().startswith("this")
        if k == "wake":
            return "Reaction" in t
        if k == "redirect_bleed":
            return "Reaction" in t
        if k == "attempt":
            return "Reaction" in t and "attempts to block" in e.text.lower()
    # a strike card that also unlocks its striker ("As above, and unlock this vampire")
    if k == "unlock" and "Combat" in t and (e.target or e.subject or "").lower() in ("this vampire", "this minion"):
        return True
    # the families the engine has learnt since, each in its own module (grammar/auto_*.py)
    return any(family(e, types) for family in _families())


_CORE_ONLY = False   # set while `owner` asks the core vocabulary alone


def _families() -> tuple[Callable[[Effect, tuple[str, ...]], bool], ...]:
    """The family modules, in the order in which they claim a clause (see `owner`)."""
    if _CORE_ONLY:
        return ()
    from vtes_desktop.cards.grammar import auto_action, auto_combat, auto_permanent, auto_politics

    from vtes_desktop.cards.grammar import auto_minion   # allies and retainers
    # families that cross card types; each claims only what the core and the families before it leave
    from vtes_desktop.cards.grammar import auto_attached, auto_gear, auto_library

    return (auto_combat.automated, auto_action.automated, auto_permanent.automated, auto_politics.automated,
            auto_minion.automated, auto_attached.automated, auto_gear.automated, auto_library.automated)


def claimed(e: Effect, types: tuple[str, ...], reading: tuple | None, family: str) -> tuple | None:
    """*reading* (what *family* reads in *e*) when *family* is the one that resolves *e* (see `owner`), else None:
    the `claims` of a family that crosses card types."""
    return reading if reading is not None and owner(e, types) == family else None


def owner(e: Effect, types: tuple[str, ...]) -> str | None:
    """Who resolves *e* (played or in play as a card of *types*): "core" for the core vocabulary, else the
    module name of the first family in `_families()` that reads it ("auto_gear"), or None (by hand).

    A family that crosses card types acts only on the clauses it owns, so no clause is carried out twice."""
    global _CORE_ONLY
    _CORE_ONLY = True
    try:
        core = _core_automated(e, types)
    finally:
        _CORE_ONLY = False
    if core:
        return "core"
    for family in _families():
        if family(e, types):
            return family.__module__.rsplit(".", 1)[-1]
    return None


_GRANT_COMBAT = (None, "during that combat", "in that combat", "during the resulting combat", "in the resulting combat")


def action_combat_grants(effs: list[Effect], types: tuple[str, ...]) -> list[Effect]:
    """An action card that enters combat: the engine grants its "gets 1 optional maneuver/press" in that combat."""
    if "Action" not in types or not any(e.kind == "enter_combat" and e.automated for e in effs):
        return effs
    return [replace(e, automated=True) if e.kind in ("maneuver", "press") and e.optional and e.amount == 1
            and e.get("to") in (None, "any") and e.duration in _GRANT_COMBAT and e.condition is None
            and not e.get("cost") and not e.get("frame") else e for e in effs]


def first_own_strike(effs: list[Effect]) -> list[Effect]:
    """A minion's own text ("can strike: 1R damage"): the engine offers the first strike its text names."""
    out = []
    seen = False
    for e in effs:
        if e.kind == "strike" and e.subject is not None and not e.get("frame"):
            if not seen:
                seen = True
                plain = replace(e, subject=None, params=tuple(p for p in e.params if p[0] != "once_each_combat"))
                if _strike_automated(plain):
                    e = replace(e, automated=True)
        out.append(e)
    return out


def mark(e: Effect, types: tuple[str, ...]) -> Effect:
    a = automated(e, types)
    return e if a == e.automated else replace(e, automated=a)
