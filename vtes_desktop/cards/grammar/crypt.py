"""Crypt cards: the header (sect, title, traits) and the special abilities.

A vampire's text opens with its sect and title ("Camarilla Prince of Seattle:",
"Sabbat. Black Hand:", "Independent. 2 votes (titled):", "Advanced,
Camarilla:"); what follows are its abilities, read by the same sentences as
library cards, with the vampire's own name read as "this vampire". Lines
marked [MERGED] apply once the advanced vampire has merged.

Automated abilities are the ones the engine reads from the card: "+N bleed",
"+N strength", "+N intercept" standing alone, and the title's votes.
"""

from __future__ import annotations

import re
from dataclasses import replace

from vtes_desktop.cards.grammar import effects
from vtes_desktop.cards.grammar.compiler import Acc, Ctx, parse_sentence
from vtes_desktop.cards.grammar.model import CardRules, Effect, Mode
from vtes_desktop.cards.grammar.text import clean, split_sentences, strip_stop
from vtes_desktop.cards.model import TITLE_VOTES, CardDef

_SECT = r"(?:camarilla|sabbat|anarch|independent|laibon)"
TRAITS = ("black hand", "red list", "seraph", "infernal", "slave", "scarce", "sterile", "blood cursed", "flight",
          "non-unique")
_TITLE = (r"(?:inner circle(?: member)?|justicar|prince|primogen|baron|bishop|archbishop|cardinal|regent|priscus|magaji|"
          r"kholo|imperator|\d votes? \(titled\))")
_PLACE = r"(?: (?:of|for) [^\W\d_][\w .'\-]*)?(?: \(\d votes?\))?"
_PART = re.compile(
    rf"^(?P<adv>advanced)$|^(?P<sect>{_SECT})(?: (?:[a-z]+ )?(?P<title>{_TITLE}){_PLACE})?$|"
    rf"^(?:[a-z]+ )?(?P<title2>{_TITLE}){_PLACE}$|^(?P<trait>black hand|red list|seraph|infernal|scarce|sterile|"
    rf"blood cursed|non-unique|flight(?: \[flight\])?)$|^(?P<slave>[a-z ]+) slave$|^(?P<circle>[a-z ]+) circle(?:: sterile)?$")


def _part(p: str) -> list[str] | None:
    """What one header part says, as traits ([] for a sect or title, read from the card's fields)."""
    m = _PART.match(p.strip().lower().rstrip("."))
    if not m:
        return None
    if m.group("trait"):
        return [m.group("trait").split(" [")[0]]
    if m.group("slave"):
        return ["slave"]
    if m.group("circle"):
        return [f"circle:{m.group('circle')}"] + (["sterile"] if "sterile" in p.lower() else [])
    if m.group("adv"):
        return ["advanced"]
    return []


def _header(text: str) -> tuple[list[str], str] | None:
    """(traits, rest) when *text* opens with a header: sect, title, traits."""
    t = re.sub(r"Washington, D\.?C\.?", "Washington DC", text)
    head, sep, rest = t.partition(":")
    parts = [p for p in re.split(r"\.\s+|,\s+|\.$", head.strip()) if p.strip()]
    if sep and parts and all(_part(p) is not None for p in parts):
        return [x for p in parts for x in _part(p)], rest.strip()
    # no colon: leading header sentences
    sents = split_sentences(t)
    traits: list[str] = []
    i = 0
    while i < len(sents):
        ps = [p for p in re.split(r",\s+", strip_stop(sents[i])) if p.strip()]
        if not ps or not all(_part(p) is not None for p in ps):
            break
        traits += [x for p in ps for x in _part(p)]
        i += 1
    if i == 0:
        return None
    return traits, " ".join(sents[i:])


def _self_names(card: CardDef) -> list[str]:
    names = set()
    disp = re.sub(r"\s*\((?:ADV|G\d)\)$", "", card.display)
    for n in (disp, card.name):
        names.add(n)
        if ", " in n:
            a, b = n.split(", ", 1)
            names.add(f"{b} {a}")
    first = disp.split()[0] if disp.split() else disp
    if len(first) > 2 and first.lower() not in ("the", "sir", "lord", "lady", "dr.", "don", "el", "la", "le"):
        names.add(first)
    m = re.search(r'"([^"]+)"', card.name)
    if m:
        names.add(m.group(1))
    if disp.lower().startswith("the "):
        names.add(disp[4:])
    return sorted((x for x in names if x), key=len, reverse=True)


def _replace_names(line: str, names: list[str], me: str) -> str:
    """Each whole-word occurrence of one of *names* (longest first) replaced by *me*."""
    for n in names:
        start = 0
        while True:
            i = line.find(n, start)
            if i < 0:
                break
            j = i + len(n)
            before = line[i - 1] if i > 0 else " "
            after = line[j] if j < len(line) else " "
            if (before.isalnum() or before in "/_") or (after.isalnum() or after == "_"):
                start = j
                continue
            head = line[:i].rstrip()
            rep = me[0].upper() + me[1:] if (not head or head.endswith((".", ":", "!", "(", '"'))) else me
            line = line[:i] + rep + line[j:]
            start = i + len(rep)
    return line


def compile_crypt(card: CardDef, cx: Ctx) -> CardRules:
    text = clean(card.text)
    lines = [ln.strip() for ln in text.split("\n") if ln.strip()]
    me = "this imbued" if card.is_imbued else "this vampire"
    names = _self_names(card)
    acc = Acc()
    merged = Acc()
    traits: list[str] = []
    for i, line in enumerate(lines):
        target = acc
        if line.startswith("[MERGED]"):
            line = line[len("[MERGED]"):].strip()
            target = merged
            h = _header(line)
            if h is not None:
                traits += h[0]
                line = h[1]
        elif i == 0:
            h = _header(line)
            if h is not None:
                traits += h[0]
                line = h[1]
        line = _replace_names(line, names, me)
        for s in split_sentences(line):
            tr = _part(s)
            if tr is not None:
                traits += tr
                continue
            if not parse_sentence(s, target, cx, card.types):
                target.unparsed.append(s.strip())
    sect, title = card.sect, card.title
    abilities = effects.first_own_strike([_mark(e) for e in acc.effects]) + \
        [_mark(replace(e, condition="merged")) for e in merged.effects]
    mode = Mode(
        level=None, types=card.types, text=card.text,
        bleed=sum(e.amount for e in abilities if e.kind == "bleed" and e.automated),
        strength=sum(e.amount for e in abilities if e.kind == "strength" and e.automated),
        intercept=sum(e.amount for e in abilities if e.kind == "intercept" and e.automated),
        only=tuple(acc.only), also=tuple(acc.also), unparsed=tuple(acc.unparsed + merged.unparsed),
        effects=tuple(abilities), limits=tuple(acc.limits + merged.limits),
        manual=tuple(dict.fromkeys(e.text for e in abilities if not e.automated)),
    )
    return CardRules(
        card_id=card.id, name=card.display, types=card.types,
        disciplines=tuple(d.lower() for d in card.disciplines), discipline_any=True, clans=card.clans,
        modes=(mode,), requirements=(), sect=sect, title=title, votes=TITLE_VOTES.get(title or "", 0),
        traits=tuple(dict.fromkeys(traits)), abilities=tuple(abilities),
        keywords=tuple(dict.fromkeys(acc.keywords + merged.keywords)),
    )


def _mark(e: Effect) -> Effect:
    auto = (e.kind in ("bleed", "strength", "intercept") and e.get("self") and e.amount is not None and e.amount > 0
            and e.condition is None and e.duration is None and not e.optional and e.subject is None)
    return replace(e, automated=bool(auto))
