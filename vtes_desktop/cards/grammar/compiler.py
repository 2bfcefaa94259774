"""`compile_card`: a `CardDef` to `CardRules`, sentence by sentence.

Each sentence is offered, in turn, to the keyword, timing, requirement,
limit, "Do not replace", cost and header rules, then to the effect
vocabulary and the effect frames. A sentence none of them consumes whole is
kept in `Mode.unparsed`. Level lines (`[dom]`, `[DOM]`, `[COMBAT]`) make the
modes; lines without a marker apply to every mode; "As above" copies the
effects of the level it names (or the one before) and reads its tail as
changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from vtes_desktop.cards.grammar import clauses, effects, timing
from vtes_desktop.cards.grammar.lexicon import Vocabulary, tokenize, unknown_words
from vtes_desktop.cards.grammar.model import CardRules, Effect, Limit, Mode
from vtes_desktop.cards.grammar.requirements import meta_tags, parse_minion_np, parse_requires
from vtes_desktop.cards.grammar.text import TYPE_MARKERS, is_discipline, lines_with_markers, split_sentences, split_top, strip_stop
from vtes_desktop.cards.model import CardDef


@dataclass
class Acc:
    """What the sentences of one group of lines (the common lines, or one level) said."""

    only: list[str] = field(default_factory=list)
    also: list[str] = field(default_factory=list)
    reqs: list[str] = field(default_factory=list)
    limits: list[Limit] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    unparsed: list[str] = field(default_factory=list)
    dnr: str | None = None
    unique: bool = False
    action_stealth: int = 0
    directed: bool = False
    pool_cost: int | None = None
    blood_cost: int | None = None
    conviction: int | None = None
    life: int | None = None
    ally_strength: int | None = None
    ally_bleed: int | None = None
    ally_intercept: int | None = None
    x_cost: str | None = None
    as_above: str | None = None        # the level key an "As above" sentence refers to ("" for the previous one)
    replaced: set[str] = field(default_factory=set)   # effect kinds an "As above, but ..." tail replaces


class Ctx:
    """What the grammar knows of the card being compiled."""

    def __init__(self, card: CardDef, vocab: Vocabulary, clans: set[str]):
        self.card = card
        self.vocab = vocab
        self.clans = clans
        self.types = card.types
        self.is_action = bool({"Action", "Political Action"} & set(card.types))
        self.is_minion_card = bool({"Ally", "Retainer"} & set(card.types))
        names = {card.name.lower(), card.display.lower()}
        if ", " in card.name:
            a, b = card.name.split(", ", 1)
            names.add(f"{b} {a}".lower())
        self.own_names = tuple(sorted(names))
        self.own_tokens = frozenset(t for n in names for t in tokenize(n))
        self.caps: set[str] = set()
        #: the name is not made of game words ("Frenzy", "Lock", "Red List"): it can stand for the card in its text
        self.name_is_proper = not all(w in vocab.words for w in tokenize(card.display))

    def known(self, w: str) -> bool:
        if w in self.caps or w in self.own_tokens or self.vocab.known(w):
            return True
        if w.startswith("non-") and len(w) > 4:
            return self.known(w[4:])
        if w.endswith("'s"):
            return self.known(w[:-2])
        return False

    def set_sentence(self, s: str) -> None:
        """Names of this sentence: capitalised words after its first word (cards, clans, places)."""
        self.caps = _caps(s, self.vocab)


# -- one sentence ----------------------------------------------------------------------------------------

_CAPS = re.compile(r"(?<=[\s/(\"\-])([A-Z][\w'\-]*)")
_FIRST = re.compile(r"^\W*([A-Z][\w'\-]*)")


@lru_cache(maxsize=32768)
def _caps(s: str, vocab: Vocabulary) -> frozenset[str]:
    caps = {w.lower() for w in _CAPS.findall(s)}
    first = _FIRST.match(s)
    if first and first.group(1).lower() not in vocab.words:
        caps.add(first.group(1).lower())     # a name opening the sentence
    caps |= {w.lower().rstrip("'s") for w in caps}
    return frozenset(caps)


def _lower(s: str) -> str:
    t = strip_stop(s).lower()
    t = re.sub(r"\s+", " ", t)
    return t


def _words_ok(cx: Ctx, texts: list[str]) -> bool:
    return not any(unknown_words(tokenize(t), cx.known) for t in texts)


def _own_name(s: str, name: str) -> str:
    """The card's own name, written as it is printed, read as "this card" (not after "named")."""
    out = s
    i = out.find(name)
    while i >= 0:
        before = out[:i].rstrip().lower()
        end = i + len(name)
        if not before.endswith(("named", "/")) and (end >= len(out) or not out[end].isalnum()):
            out = out[:i] + "this card" + out[end:]
            i = out.find(name, i + len("this card"))
        else:
            i = out.find(name, end)
    return out


_ACTION_STEALTH = re.compile(r"^(?:(?:this|it) is )?(?:a |an )?\+(\d+) stealth (\(d\) )?(?:political )?action$")
_IF_ACTION_STEALTH = re.compile(r"^(?P<c>if .+), this is (?:a |an )?\+(?P<n>\d+) stealth action$")


_MEMO: dict[tuple, tuple[bool, Acc]] = {}


def parse_sentence(s: str, acc: Acc, cx: Ctx, types: tuple[str, ...]) -> bool:
    """Consume one sentence into *acc*; False when no rule of the grammar reads it whole.

    A sentence reads the same on every card of the same kind, so what it gives is kept and reused.
    """
    low = s.lower()
    own = cx.own_tokens.intersection(tokenize(s)) if any(t in low for t in cx.own_tokens) else None
    key = (s, types, cx.card.is_library, cx.is_action, cx.is_minion_card, cx.name_is_proper,
           (cx.card.display, cx.own_names, own) if own else None)
    hit = _MEMO.get(key)
    if hit is None:
        sub = Acc()
        ok = _parse_sentence(s, sub, cx, types)
        hit = (ok, sub)
        if len(_MEMO) < 50000:
            _MEMO[key] = hit
    ok, sub = hit
    if ok:
        _merge(acc, sub)
    return ok


def _merge(dst: Acc, src: Acc) -> None:
    for k in ("only", "also", "reqs", "limits", "keywords", "effects", "unparsed"):
        v = getattr(src, k)
        if v:
            getattr(dst, k).extend(v)
    for k in ("dnr", "pool_cost", "blood_cost", "conviction", "life", "ally_strength", "ally_bleed", "ally_intercept",
              "x_cost"):
        v = getattr(src, k)
        if v is not None:
            setattr(dst, k, v)
    if src.action_stealth:
        dst.action_stealth = src.action_stealth
    dst.unique = dst.unique or src.unique
    dst.directed = dst.directed or src.directed


def _parse_sentence(s: str, acc: Acc, cx: Ctx, types: tuple[str, ...]) -> bool:
    if cx.card.is_library and cx.card.display in s and not s.startswith("As ") and cx.name_is_proper \
            and not cx.is_minion_card:
        s = _own_name(s, cx.card.display)
    t = _lower(s)
    if not t:
        return True
    cx.set_sentence(s)
    if t in ("(limited)",):
        acc.effects.append(Effect("limited", s, params=(("limited", True),)))
        return True
    m = _ACTION_STEALTH.match(t) if "stealth" in t else None
    if m:
        acc.action_stealth = int(m.group(1))
        if m.group(2):
            acc.directed = True
        return True
    m = _IF_ACTION_STEALTH.match(t) if "stealth" in t else None
    if m and _words_ok(cx, [m.group("c")]):
        acc.effects.append(Effect("action_stealth", s, int(m.group("n")), condition=m.group("c")))
        return True
    if t.startswith("(d) ") and ({"Action", "Political Action", "Power"} & set(types) or cx.is_action):
        acc.directed = True
        t = t[4:]
        if not t:
            return True
    if clauses.reminder(t):
        return True
    kw = clauses.keywords(t) if len(t) < 60 else None
    if kw is not None:
        acc.keywords += kw
        if "unique" in kw:
            acc.unique = True
        return True
    if t.startswith("this card is playable "):
        t = "usable " + t[len("this card is playable "):]
    u = timing.parse_usable(t)
    if u is not None:
        kind, tags = u
        if not _words_ok(cx, timing.condition_words(tags)):
            return False
        (acc.only if kind in ("only", "not") else acc.also).extend(tags)
        return True
    if t.startswith("requires "):  # noqa: SIM102
        r = parse_requires(t, cx.clans)
        if r is None:
            return False
        acc.reqs += r
        return True
    lim = clauses.limit(t, cx.own_names) if "only" in t else None
    if lim is not None:
        acc.limits += lim
        return True
    d = clauses.do_not_replace(t) if t.startswith("do not replace") else None
    if d is not None:
        acc.dnr = d
        return True
    c = clauses.cost(t) if "costs" in t else None
    if c is not None:
        unit, n, rel, x = c
        if rel in ("fewer", "less"):
            n = -n
        if rel:
            acc.effects.append(Effect("cost_change", s, n, params=(("unit", unit),)))
        elif unit == "pool":
            acc.pool_cost = n
        else:
            acc.blood_cost = n
        if x:
            acc.x_cost = x
        return True
    if cx.is_minion_card:
        h = clauses.ally_header(t)
        if h is not None:
            uniq, what, life = h
            acc.life = life
            acc.unique = acc.unique or uniq
            acc.keywords.append(what)
            return True
        st = clauses.ally_stats(t)
        if st is not None:
            acc.ally_strength, acc.ally_bleed, acc.ally_intercept = st
            return True
    x = clauses.x_is(t) if "x is" in t else None
    if x is not None and _words_ok(cx, [x]):
        acc.x_cost = x
        return True
    effs = effect_clause(t, s, acc, cx, types)
    if effs is None:
        return False
    acc.effects += effs
    return True


_TAIL = re.compile(r"^(?P<head>.+?)(?:,| and|;)? \(?(?P<tail>(?:(?:and )?only usable|usable|not usable)\b[^()]*)\)?$")
_AND_VERB = re.compile(r",? and (?=(?:then )?(?:move|put|unlock|lock|burn|gain|add|remove|draw|discard|search|shuffle|"
                       r"equip|choose|take|give|cancel|steal|return|place|look|reveal|you (?:can|may)|this (?:vampire|card) )\b)")
_REFERENDUM = re.compile(r"^(?:a )?successful referendum means (?:that )?(?P<rest>.+)$")
_WITH_ADDITIONAL = re.compile(
    r"^(?P<sign>[+\-])(?P<n>\d+) (?P<stat>bleed|stealth|intercept|strength|votes), with an additional \+(?P<m>\d+) (?P=stat) (?P<cond>if .+?)(?P<lim> \(limited\))?$")


def effect_clause(t: str, s: str, acc: Acc, cx: Ctx, types: tuple[str, ...]) -> list[Effect] | None:
    """The effects of one clause, or None: the core vocabulary, a clause with a usable tail, or a frame."""
    m = _AND_VERB.search(t)
    if m:
        left = effects.core(t[:m.start()].strip(), s)
        if left is not None:
            right = effect_clause(t[m.end():].strip(), s, acc, cx, types)
            if right is not None:
                return left + right
    r = effects.core(t, s)
    if r is not None:
        return r
    m = _WITH_ADDITIONAL.match(t)
    if m:
        lim = bool(m.group("lim"))
        stat = m.group("stat")
        p = (("limited", True), ("self", True)) if lim else (("self", True),)
        return [Effect(stat, s, int(m.group("n")), params=p),
                Effect(stat, s, int(m.group("m")), condition=m.group("cond"), params=p)]
    m = _REFERENDUM.match(t)
    if m:
        inner = effect_clause(m.group("rest"), s, acc, cx, types)
        if inner is None:
            return None
        return [replace(e, condition="; ".join(x for x in ("the referendum passes", e.condition) if x)) for e in inner]
    m = _TAIL.match(t)
    if m and m.group("head").strip():
        u = timing.parse_usable(re.sub(r"^and ", "", m.group("tail")))
        if u is not None and _words_ok(cx, timing.condition_words(u[1])):
            head = effect_clause(m.group("head").strip().rstrip(","), s, acc, cx, types)
            if head is not None:
                last = head[-1]
                if last.kind in ("maneuver", "press", "additional_strikes") or \
                        last.get("frame") and re.search(r"\b(?:maneuver|press|additional strike)", last.target or ""):
                    head[-1] = _restrict(last, u[1])
                else:
                    (acc.only if u[0] in ("only", "not") else acc.also).extend(u[1])
                return head
    parts = split_top(t, "; ")
    if len(parts) > 1:
        out: list[Effect] = []
        for p in parts:
            p = p.strip()
            u = timing.parse_usable(p)
            if u is not None and _words_ok(cx, timing.condition_words(u[1])):
                (acc.only if u[0] in ("only", "not") else acc.also).extend(u[1])
                continue
            e = effect_clause(p, s, acc, cx, types)
            if e is None:
                return None
            out += e
        return out
    e, _unknown = effects.frame(t, s, cx.known)
    if e is None:
        return None
    return [e]


# -- "As above" ---------------------------------------------------------------------------------------------

def _restrict(e: Effect, tags: list[str]) -> Effect:
    """A granted maneuver, press or strike with its own "only usable ..." (to long range, to end combat)."""
    p = dict(e.params)
    for t in tags:
        if t in ("to close range", "to long range"):
            p["to"] = t.split()[1]
        elif t in ("to end combat", "to continue combat"):
            p["to"] = t.split()[1]
        else:
            p.setdefault("only", ())
            p["only"] = tuple(p["only"]) + (t,)
    return replace(e, params=tuple(p.items()))


_AS_ABOVE = re.compile(r"^(?:or \[[a-z]+\] )?as (?P<ref>(?:\[[a-z ]+\]\s*)*)above(?P<tail>.*)$", re.I)


def as_above(s: str) -> tuple[str, str] | None:
    m = _AS_ABOVE.match(strip_stop(s).strip())
    if not m:
        return None
    ref = "".join(re.findall(r"\[([a-z ]+)\]", m.group("ref"), re.I))
    tail = m.group("tail").strip()
    tail = re.sub(r"^,?\s*", "", tail)
    tail = re.sub(r"^(?:but|and|with|except|plus)\b\s*", "", tail, flags=re.I) if not re.match(r"^with\b", tail, re.I) \
        else tail
    return ref, tail


# -- one card ---------------------------------------------------------------------------------------------------

def _group_lines(card: CardDef) -> tuple[list[str], list[tuple[tuple[str | None, str | None, tuple[str, ...], int | None], list[str]]]]:
    """Common lines, and level groups keyed by (first discipline, type, all disciplines, conviction)."""
    common: list[str] = []
    groups: dict[tuple, list[str]] = {}
    order: list[tuple] = []
    last: list[tuple] = []
    for markers, text in lines_with_markers(card.text):
        if not markers and last and not re.match(r"^\[(\d+) CONVICTION\]", text):
            for k in last:                 # a line after a marked one goes on with it (Imbued powers)
                groups[k].append(text)
            continue
        conv = None
        m = re.match(r"^\[(\d+) CONVICTION\]\s*", text)
        if m:
            conv = int(m.group(1))
            text = text[m.end():]
        discs = tuple(mk for mk in markers if is_discipline(mk))
        typ = next((TYPE_MARKERS[mk.upper()] for mk in markers if mk.upper() in TYPE_MARKERS), None)
        types = tuple(dict.fromkeys(TYPE_MARKERS[mk.upper()] for mk in markers if mk.upper() in TYPE_MARKERS))
        other = [mk for mk in markers if not is_discipline(mk) and mk.upper() not in TYPE_MARKERS]
        if "REFLEX" in other:
            other.remove("REFLEX")
            text = "Reflex. " + text
        if other:
            text = " ".join(f"[{o}]" for o in other) + " " + text
        if not discs and typ is None and conv is None:
            common.append(text)
            last = []
            continue
        alts = [discs] if discs else [()]
        while True:
            m = re.match(r"^or \[([A-Za-z]+)\]\s*", text)
            if not m or not is_discipline(m.group(1)):
                break
            alts.append((m.group(1),))
            text = text[m.end():]
        last = []
        for ds in alts:
            disc = ds[0] if ds else None
            k = (disc, typ if len(types) < 2 else "/".join(types), ds, conv)
            if k not in groups:
                groups[k] = []
                order.append(k)
            groups[k].append(text)
            last.append(k)
    return common, [(k, groups[k]) for k in order]


def _sentences(text: str) -> list[str]:
    out = []
    for s in split_sentences(text):
        st = s.strip()
        if st.startswith("(") and st.endswith(")") and st.count("(") == 1:
            out += split_sentences(st[1:-1])      # a parenthesis of whole sentences
        else:
            out.append(s)
    return out


def _parse_lines(lines: list[str], acc: Acc, cx: Ctx, types: tuple[str, ...]) -> None:
    if cx.is_minion_card:
        from vtes_desktop.cards.grammar.crypt import _replace_names, _self_names

        me = "this ally" if "Ally" in cx.types else "this retainer"
        names = [n for n in _self_names(cx.card) if not all(w in cx.vocab.words for w in tokenize(n))]
        lines = [_replace_names(t, names, me) for t in lines]
    for text in lines:
        for s in _sentences(text):
            aa = as_above(s)
            if aa is not None:
                ref, tail = aa
                acc.as_above = ref
                if tail:
                    _parse_tail(tail, s, acc, cx, types)
                continue
            if not parse_sentence(s, acc, cx, types):
                acc.unparsed.append(s.strip())


_OTHER_TAIL = re.compile(
    r"^(?:(?P<dur>for the remainder of (?:this |the )?(?:combat|action|turn)|until the end of (?:the |this )?(?:combat|action|turn)"
    r"|during any unlock phase|for the remainder of the action if .+)|for (?P<n>\d+) (?P<unit>blood or life|blood|pool|life))"
    r"(?: \([^)]*\))?$")
_DAMAGE_TAIL = re.compile(
    r"^(?:for|with|at|it inflicts) (?P<plus>\+)?(?P<n>\d+|strength(?:\+\d+)?)(?P<r>r)?(?P<x> \+ x)? "
    r"(?P<kinds>(?:(?:ranged|aggravated|unpreventable|environmental) )*)damage(?: each)?$")


def _parse_tail(tail: str, s: str, acc: Acc, cx: Ctx, types: tuple[str, ...]) -> None:
    """The changes after "As above": read like a sentence; modifiers and grants replace those of the same kind."""
    m = _DAMAGE_TAIL.match(_lower(tail))
    if m:
        n = m.group("n")
        kinds = m.group("kinds") or ""
        params = [("damage" if not m.group("plus") else "bonus", int(n) if n.isdigit() else n),
                  ("ranged", bool(m.group("r")) or "ranged" in kinds), ("aggravated", "aggravated" in kinds),
                  ("unpreventable", "unpreventable" in kinds), ("environmental", "environmental" in kinds),
                  ("plus_x", bool(m.group("x")))]
        acc.effects.append(Effect("change", s, params=tuple((k, v) for k, v in params if v)))
        return
    if _lower(tail) in ("with first strike", "first strike"):
        acc.effects.append(Effect("change", s, params=(("first_strike", True),)))
        return
    m = re.match(r"^with (?:an|\d+) additional (?P<rest>[+\-]\d+ .+|life|blood)$", _lower(tail))
    if m and m.group("rest").startswith(("+", "-")):
        tail = m.group("rest")
    m = _OTHER_TAIL.match(_lower(tail))
    if m and _words_ok(cx, [tail]):
        if m.group("dur"):
            acc.effects.append(Effect("change", s, params=(("duration", m.group("dur")),)))
        else:
            acc.effects.append(Effect("change", s, int(m.group("n")), params=(("amount", int(m.group("n"))),
                                                                                ("unit", m.group("unit")))))
        return
    sub = Acc()
    t2 = re.sub(r"^(?:for|with)\s+", "", tail.strip(), flags=re.I)
    core = effects.core(_lower(t2), s) if t2 != tail.strip() else None
    if core is not None:
        sub.effects = core
        ok = True
    else:
        ok = parse_sentence(tail, sub, cx, types)
    if not ok:
        # "As above, but for +2 bleed (limited)", "but with two additional strikes (limited) each round"
        t2 = re.sub(r"^(?:for|with)\s+", "", tail.strip(), flags=re.I)
        sub = Acc()
        ok = parse_sentence(t2, sub, cx, types)
    if not ok:
        acc.unparsed.append(s.strip())
        return
    for e in sub.effects:
        acc.effects.append(replace(e, text=s))
    acc.replaced |= {e.kind for e in sub.effects if e.kind in ("bleed", "stealth", "intercept", "strength", "votes",
                                                               "additional_strikes", "strike", "prevent",
                                                               "enter_combat") and not e.get("frame")}
    acc.only += sub.only
    acc.also += sub.also
    acc.reqs += sub.reqs
    acc.limits += sub.limits
    acc.unparsed += sub.unparsed
    if sub.dnr:
        acc.dnr = sub.dnr
    for k in ("pool_cost", "blood_cost", "x_cost"):
        if getattr(sub, k) is not None:
            setattr(acc, k, getattr(sub, k))
    if sub.action_stealth:
        acc.action_stealth = sub.action_stealth
    if sub.directed:
        acc.directed = True


_COMBAT_KINDS = {"strike", "maneuver", "press", "prevent", "additional_strikes", "strike_bonus", "hand_strikes_only",
                 "immune"}


def _infer_types(types: tuple[str, ...], common: Acc, acc: Acc) -> tuple[str, ...]:
    """The type a level of a card of several types is played as, when its line has no type marker."""
    kinds = {e.kind for e in common.effects + acc.effects}
    tags = set(common.only + acc.only)
    want: list[str] = []
    if acc.action_stealth or acc.directed or kinds & {"action_bleed", "action_hunt", "enter_combat"}:
        want.append("Action")
    if kinds & _COMBAT_KINDS or tags & {"before range", "before strikes", "first round", "in combat", "end of round"}:
        want.append("Combat")
    if kinds & {"stealth", "bleed"} and not want:
        want.append("Action Modifier")
    if "intercept" in kinds and not want:
        want.append("Reaction")
    got = tuple(t for t in types if t in want)
    return got or types


def _apply_changes(inherited: list[Effect], changes: list[Effect]) -> tuple[list[Effect], list[Effect]]:
    """"As above, but for 3R damage": the damage of the inherited strike (or damage effect) changes."""
    out = []
    used: list[Effect] = []
    for e in inherited:
        if e.kind == "strike" and e.get("damage") is not None or e.kind == "strike" and e.get("hand"):
            for c in changes:
                p = dict(e.params)
                if c.get("damage") is not None:
                    p["damage"] = c.get("damage")
                    p.pop("hand", None)
                    p.pop("hand_bonus", None)
                if c.get("bonus") is not None:
                    if p.get("hand"):
                        p["hand_bonus"] = c.get("bonus")
                    else:
                        p["bonus"] = c.get("bonus")
                for k in ("ranged", "aggravated", "unpreventable", "first_strike"):
                    if c.get(k):
                        p[k] = True
                if c.get("plus_x"):
                    p["plus_x"] = True
                amount = p.get("damage") if isinstance(p.get("damage"), int) else e.amount
                e = replace(e, text=c.text, amount=amount, params=tuple((k, v) for k, v in p.items() if v not in (None, False)))
                used.append(c)
        out.append(e)
    return out, used


_BUT_BLEED = re.compile(r"\bas (?:\[\w+\] )?above, but (?:with|at) \+(\d) bleed\b")   # Show of Force, Force of Will


def compile_card(card: CardDef, vocab: Vocabulary, clans: set[str]) -> CardRules:
    cx = Ctx(card, vocab, clans)
    if card.is_crypt:
        from vtes_desktop.cards.grammar.crypt import compile_crypt

        return compile_crypt(card, cx)
    common_lines, groups = _group_lines(card)
    common = Acc()
    _parse_lines(common_lines, common, cx, card.types)
    if not groups:
        lvl = None
        if card.disciplines and len(card.disciplines) == 1:
            lvl = card.disciplines[0]
        groups = [((lvl, None, (lvl,) if lvl else (), None), [])]
    accs: dict[tuple, Acc] = {}
    by_ref: dict[str, Acc] = {}
    prev: Acc | None = None
    modes: list[Mode] = []
    for key, lines in groups:
        disc, typ, discs, conv = key
        types = tuple(typ.split("/")) if typ else card.types
        acc = Acc(conviction=conv)
        _parse_lines(lines, acc, cx, types)
        if not typ and len(card.types) > 1:
            types = _infer_types(card.types, common, acc)
        if acc.as_above is not None:
            if acc.as_above:
                src = by_ref.get(acc.as_above.lower()) or prev
            elif disc and disc.isupper() and disc.lower() in by_ref:
                # "[POT] or [THA] As above": each superior level means its own discipline's basic text, not
                # whichever line came just before
                src = by_ref[disc.lower()]
            else:
                src = prev
            if src is not None:
                inherited = [e for e in src.effects if e.kind not in acc.replaced or e.kind == "bleed" and
                             any(x.kind == "action_bleed" for x in src.effects)]
                cancels = {e.kind for e in acc.effects if e.get("negated") and e.text.lower().startswith("as ")
                           and e.kind in {x.kind for x in inherited}}
                if cancels:
                    inherited = [e for e in inherited if e.kind not in cancels]
                    acc.effects = [e for e in acc.effects if not (e.get("negated") and e.kind in cancels)]
                ab = next((e for e in inherited if e.kind == "action_bleed"), None)
                tail_bleed = [e for e in acc.effects if e.kind == "bleed" and e.text.lower().startswith("as ")]
                mb = _BUT_BLEED.search(" ".join(lines).lower()) if ab is not None else None
                if mb:   # "As above, but at/with +2 bleed[, and ...]": the bleed is that amount
                    inherited = [replace(e, amount=int(mb.group(1))) if e is ab else e for e in inherited]
                    acc.effects = [e for e in acc.effects if e not in tail_bleed or e.amount]
                elif ab is not None and tail_bleed:
                    inherited = [replace(e, amount=(e.amount or 0) + sum(b.amount or 0 for b in tail_bleed),
                                         text=tail_bleed[0].text) if e is ab else e for e in inherited]
                    acc.effects = [e for e in acc.effects if e not in tail_bleed]
                changes = [e for e in acc.effects if e.kind == "change"]
                if changes:
                    inherited, used = _apply_changes(inherited, changes)
                    acc.effects = [e for e in acc.effects if not (e.kind == "change" and e in used)]
                acc.effects = inherited + acc.effects
                acc.only = src.only + acc.only
                acc.also = src.also + acc.also
                acc.reqs = src.reqs + acc.reqs
                acc.limits = src.limits + acc.limits
                if src.directed:
                    acc.directed = True
                acc.action_stealth = acc.action_stealth or src.action_stealth
                acc.dnr = acc.dnr or src.dnr
                acc.pool_cost = acc.pool_cost if acc.pool_cost is not None else src.pool_cost
                acc.blood_cost = acc.blood_cost if acc.blood_cost is not None else src.blood_cost
        accs[key] = acc
        by_ref["".join(m.lower() for m in discs)] = acc
        if disc:
            by_ref.setdefault(disc.lower(), acc)
        prev = acc
        modes.append(_mode(card, cx, key, types, lines, common_lines, common, acc))
    return _card_rules(card, modes, common, list(accs.values()))


def _mode(card: CardDef, cx: Ctx, key, types, lines, common_lines, common: Acc, acc: Acc) -> Mode:
    disc, typ, discs, conv = key
    effs = _lasting(common.effects + acc.effects, types)
    only_tags = common.only + acc.only
    effs = [effects.mark(e, types) for e in effs]
    if "Ally" in types:
        effs = effects.first_own_strike(effs)
    effs = effects.action_combat_grants(effs, types)
    if "other than acting" in only_tags and "Action Modifier" in types:
        # played by a minion other than the acting one: the engine resolves only what auto_action says it can
        from vtes_desktop.cards.grammar import auto_action

        effs = [e if e.automated and auto_action.by_other_minion(e, types) else replace(e, automated=False)
                for e in effs]
    only = tuple(dict.fromkeys(common.only + acc.only))
    also = tuple(dict.fromkeys(common.also + acc.also))
    kinds = {e.kind for e in effs}
    out_of_turn = "out-of-turn" in common.keywords
    wins = timing.windows(types, only, kinds, out_of_turn=out_of_turn)
    stats = {k: 0 for k in ("stealth", "intercept", "bleed", "hunt", "strength", "votes")}
    for e in effs:
        if e.kind in stats and e.get("self") and e.condition is None and e.amount and e.amount > 0 and not e.optional \
                and e.duration != "while this card is in play":
            stats[e.kind] += e.amount
    action_bleed = next((e for e in effs if e.kind == "action_bleed"), None)
    if action_bleed is not None and action_bleed.amount:
        stats["bleed"] += action_bleed.amount
    limited = any(e.get("limited") for e in effs) or any(e.kind == "limited" for e in effs)
    limits = tuple(common.limits + acc.limits)
    onces = [t for t in only if t.startswith("once each ")]
    if onces:
        limits += tuple(Limit(per=t.split()[-1], who="card", what="this card", text=t) for t in onces)
    manual = tuple(dict.fromkeys(e.text for e in effs if not e.automated))
    return Mode(
        level=disc, types=types, text="\n".join(common_lines + lines),
        stealth=stats["stealth"], intercept=stats["intercept"], bleed=stats["bleed"], hunt=stats["hunt"],
        strength=stats["strength"], votes=stats["votes"], limited=limited,
        directed=acc.directed or common.directed,
        action_stealth=acc.action_stealth or common.action_stealth,
        only=only, unparsed=tuple(common.unparsed + acc.unparsed),
        also=also, windows=wins, requirements=tuple(dict.fromkeys(acc.reqs)),
        disciplines=tuple(d for d in discs), effects=tuple(effs), limits=limits,
        pool_cost=acc.pool_cost, blood_cost=acc.blood_cost, manual=manual, conviction_cost=acc.conviction,
    )


_STATS = {"stealth", "intercept", "bleed", "hunt", "strength", "votes", "capacity", "hand_size", "transfers"}


def _lasting(effs: list[Effect], types: tuple[str, ...]) -> list[Effect]:
    """After "Put this card on ..." the modifiers of an action, modifier or reaction card last while it is in play."""
    if not set(types) & {"Action", "Action Modifier", "Reaction", "Political Action", "Combat"}:
        return effs
    out = []
    placed = False
    for e in effs:
        if e.kind == "put_in_play":
            placed = True
        elif placed and e.kind in _STATS and e.duration is None:
            e = replace(e, duration="while this card is in play")
        out.append(e)
    return out


def _card_rules(card: CardDef, modes: list[Mode], common: Acc, accs: list[Acc]) -> CardRules:
    reqs = list(dict.fromkeys(common.reqs))
    meta = meta_tags(card.requirements)
    have_sect = any(r.startswith(("sect:", "either:sect:")) for r in reqs)
    have_title = any(r.startswith("title:") for r in reqs)
    eithers = [r for r in reqs if r.startswith("either:")]
    for r in meta:
        if r.startswith("sect:") and have_sect or r.startswith("title:") and have_title:
            continue
        if any(r in e for e in eithers):
            continue        # the VEKN list gives both halves of "a Laibon or non-titled vampire"
        if r not in reqs:
            reqs.append(r)
    life = common.life
    ally_str, ally_bleed, ally_int = common.ally_strength, common.ally_bleed, common.ally_intercept
    kws = list(dict.fromkeys(common.keywords + [k for a in accs for k in a.keywords]))
    unique = common.unique or any(a.unique for a in accs) or card.text.lstrip("{").startswith("Unique")
    x_cost = common.x_cost or next((a.x_cost for a in accs if a.x_cost), None)
    conv = _cost_int(card.conviction_cost)
    if conv is None:
        convs = {m.conviction_cost for m in modes}
        if len(convs) == 1:
            conv = convs.pop()
    return CardRules(
        card_id=card.id, name=card.display, types=card.types,
        disciplines=tuple(d.lower() for d in card.disciplines), discipline_any=card.discipline_any,
        clans=card.clans, modes=tuple(modes),
        pool_cost=_cost_int(card.pool_cost), blood_cost=_cost_int(card.blood_cost), conviction_cost=conv,
        unique=unique, do_not_replace=common.dnr or next((a.dnr for a in accs if a.dnr), None),
        life=life, ally_strength=ally_str, ally_bleed=ally_bleed, requirements=tuple(reqs),
        keywords=tuple(kws), x_cost=x_cost, ally_intercept=ally_int,
    )


def _cost_int(s: str | None) -> int | None:
    if s is None or s == "":
        return None
    if s.strip().upper() == "X":
        return -1
    try:
        return int(s)
    except ValueError:
        return None


__all__ = ["compile_card", "parse_sentence", "Acc", "Ctx", "parse_minion_np"]
