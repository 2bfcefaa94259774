"""Crypt cards: the header (sect, title, traits) and the special abilities.

A vampire's text opens with its sect and title ("Camarilla Prince of Seattle:",
"Sabbat. Black Hand:", "Independent. 2 votes (titled):", "Advanced,
Camarilla:"); what follows are its abilities, read by the same sentences as
library cards, with the vampire's own name read as "this vampire". Lines
marked [MERGED] apply once the advanced vampire has merged.

An ability is automated when the engine carries it out: the printed "+N bleed",
"+N strength", "+N intercept" and the title's votes, and every ability one of
the readers below reads (`_mark`). Each reader turns the text into a small
tuple that `vtes_desktop/engine/effects_crypt.py` acts on, never the text:
stats with their conditions (`stat_readings`), bonuses given to other minions
(`aura_readings`), what the vampire gives its Methuselah (`seat_readings`),
costs (`cost_reading`), blocking rules (`block_reading`, `blocks_anyone`), what
it cannot use (`use_bar`), its own maneuver, press, prevention and costed strike
(`own_grant`, `first_round_maneuver`, `own_prevent`, `own_strike_cost`), its
uses (`blood_for_stat`, `blood_for_votes`, `edge_use`, `unlock_move`,
`lock_other`, `mpa_for`, `phase_unlock`, `aggravated_hands`, ...) and its own
actions (`combat_action`, `minion_action`, `own_bleed`, `burn_card_action`,
`search_action`). Lines marked [MERGED] stay with the players.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

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


_NOT_NAMES = frozenset("the lord lady sir dark black red white grand high priest queen king prince archon baron bishop "
                       "cardinal justicar regent elder chantry camarilla sabbat anarch scourge hound".split())


def _self_names(card: CardDef) -> list[str]:
    names = set()
    disp = re.sub(r"\s*\((?:ADV|G\d)\)$", "", card.display)
    for n in (disp, card.name):
        names.add(n)
        if ", " in n:
            a, b = n.split(", ", 1)
            names.add(f"{b} {a}")
    first = disp.split()[0] if disp.split() else disp
    if len(first) > 2 and first.lower() not in ("the", "sir", "lord", "lady", "dr.", "don", "el", "la", "le", "anarch",
                                                "camarilla", "sabbat", "independent", "laibon"):
        names.add(first)
        if first.endswith(","):     # "Muaziz, Archon of Ulugh Beg": "Muaziz gets ..."
            names.add(first[:-1])
    # another word of the name that the text uses as the vampire's own name ("Queen Anne": "Anne gets ...")
    for w in disp.replace(",", " ").split()[1:]:
        if len(w) > 2 and w[0].isupper() and w.lower() not in _NOT_NAMES and \
                re.search(rf"(?:^|[.:]\s+){re.escape(w)} (?:gets|can|may|does|has|cannot|must|is)\b", card.text):
            names.add(w)
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
    # "This vampire has 2 votes (titled)": the title the card list gives, counted by rules_politics
    abilities = [replace(e, automated=True) if not e.automated and e.condition != "merged" and
                 _titled_votes(e) is not None and TITLE_VOTES.get(title or "") == _titled_votes(e) else e
                 for e in abilities]
    # the vampire's first own strike at a blood cost ("can burn 1 blood to strike: 2R damage"): the engine offers it
    # (strike naming the vampire) and takes the blood (effects_crypt.pay_own_strike)
    abilities = _costed_first_strike(abilities)
    if (title or "").lower() == "priscus":
        # a priscus casts a ballot, not votes (rules_politics): votes of its own are left to the players
        abilities = [replace(e, automated=False) if e.automated and any(r[0] == "votes" for r in stat_readings(e))
                     else e for e in abilities]
    mode = Mode(
        level=None, types=card.types, text=card.text,
        bleed=sum(e.amount for e in abilities if e.kind == "bleed" and e.automated and _plain(e)),
        strength=sum(e.amount for e in abilities if e.kind == "strength" and e.automated and _plain(e)),
        intercept=sum(e.amount for e in abilities if e.kind == "intercept" and e.automated and _plain(e)),
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


def _plain(e: Effect) -> bool:
    """A printed "+N bleed/strength/intercept" with no condition (the mode's own stat)."""
    return bool(e.kind in ("bleed", "strength", "intercept") and e.get("self") and e.amount is not None
                and e.amount > 0 and e.condition is None and e.duration is None and not e.optional
                and e.subject is None)


def _mark(e: Effect) -> Effect:
    auto = _plain(e)
    if not auto and e.condition != "merged":
        auto = bool(stat_readings(e)) or own_grant(e) is not None or blood_for_stat(e) is not None \
            or bool(seat_readings(e)) or cost_reading(e) is not None or block_reading(e) is not None \
            or blood_for_votes(e) is not None or combat_action(e) is not None or edge_use(e) is not None \
            or unlock_move(e) is not None or minion_action(e) is not None or own_bleed(e) is not None \
            or use_bar(e) is not None or blood_hunt_bar(e) or lock_other(e) is not None or mpa_for(e) is not None \
            or first_round_maneuver(e) or convert_on_entry(e) or any_unlock_blood(e) or search_action(e) is not None \
            or when_blocked(e) is not None or after_referendum(e) or burn_retainer_for_blood(e) \
            or phase_unlock(e) is not None or aggravated_hands(e) is not None or bool(aura_readings(e)) \
            or hands_aggravated(e) or action_bar(e) is not None \
            or burn_card_action(e) is not None or blocks_anyone(e) or own_prevent(e) is not None or mage_search(e) \
            or after_bleed(e) is not None or no_unlock_after(e) is not None or unlock_end_of_turn_after(e) is not None \
            or foe_cost(e) is not None or rescue_cheaper(e) or unlock_phase_use(e) is not None
    return replace(e, automated=bool(auto))


# -- a vampire's own stats, with their conditions (resolved by vtes_desktop/engine/effects_crypt.py) ------------
#
# `stat_readings(e)` reads a special ability that changes the vampire's own stealth, bleed, intercept,
# strength, hunt or votes ("This vampire gets +1 bleed when bleeding a Methuselah who controls a ready
# Ventrue", "+1 stealth.", "-1 strength in combat with a Malkavian") into readings
# (stat, amount, conditions); each condition is a tuple the engine checks:
#
#   ("act", kinds)              the action (own action; for intercept, the action being blocked) is one of kinds
#                               ("bleed", "hunt", "equip", "employ", "recruit", "political", "diablerie")
#   ("not_act", kinds)          ... is none of kinds
#   ("directed", bool)          the action is (or is not) directed
#   ("card_disc", trigram)      the action's card requires that discipline
#   ("card_kw", keyword)        the action's card has that keyword ("weapon": an equip action with a weapon)
#   ("target_controls", alts, want)  the action's target Methuselah controls (want) / does not control a ready
#                               minion of one of the classes *alts*
#   ("prey_controls", alts)     your prey controls a ready minion of one of those classes
#   ("other_mine", alts)        another ready minion you control is of one of those classes
#   ("pool_le", n)              your pool is n or less
#   ("prey_pool_le", n)         your prey's pool is n or less
#   ("prey_controls_not", alts) your prey controls no ready minion of those classes
#   ("locations", lo, hi)       you control between lo and hi locations
#   ("edge_vote",)              votes: a Methuselah has burned the Edge for a vote in this referendum
#   ("untitled",)               the vampire has no title
#   ("per_ready_titled_of_others",)  votes: the amount counts once for each ready titled vampire of the others
#   ("edge_mine",)              you have the Edge
#   ("target_edge",)            the action's target Methuselah has the Edge
#   ("opponent", alts)          intercept: the acting minion; strength: the opposing minion is of one of alts
#   ("target_type", types)      the action's target card is of one of those card types ("Location", "Equipment")
#   ("target_mine", alts[, True])  intercept: the action's target is a minion of yours of one of those classes (True:
#                               another than this vampire)
#   ("round", "first"|"later")  strength: the first round of combat, or any later one
#
# Two more stats are bonuses of the minions facing the vampire: "foe_intercept" ("Younger Sabbat vampires get
# -1 intercept against this vampire": a would-be blocker of its actions) and "foe_strength" ("Older vampires get
# +1 strength in combat with this vampire"), with an ("opponent", alts) condition on that minion.
#
# A class is a tuple of tags, all of which must hold: "vampire", "ally", "minion", "older", "younger",
# "clan:<c>", "sect:<s>", "not sect:<s>", "title:<t1>|<t2>" ("title:titled"), "untitled", "capacity<=N", "red list", "infernal".
# The positive "+N bleed/strength/intercept" with no condition and the intercept conditions the engine reads
# from the text already (`rules_action.minion_intercept`) are left to those readers: `engine_reads` says so.

_STATS = "stealth|bleed|intercept|strength|hunt|votes?"
_SUBJ = r"(?:this vampire|this imbued|he|she|it|they)"
_STAT_SENT = re.compile(
    rf"^(?:(?P<pre>(?:while|if) [^,]+), )?(?:{_SUBJ} (?:gets|has|get) )?(?:an additional )?"
    rf"(?P<sign>[+\-])(?P<n>\d+) (?P<stat>{_STATS})(?: (?!and [+\-])(?P<cond>[^()]+?))?(?:,? and (?P<sign2>[+\-])(?P<n2>\d+) "
    rf"(?P<stat2>{_STATS})(?: (?P<cond2>[^()]+?))?)?$")
_FOE = re.compile(r"^(?P<np>[a-z ,\-]+?) get (?P<sign>[+\-])(?P<n>\d) (?P<stat>intercept|strength) "
                  r"(?:against this vampire|when attempting to block this vampire|in combat with this vampire)$")
_NO_USUAL = re.compile(rf"^{_SUBJ} does not get the usual \+1 stealth when hunting$")
_ADDITIONAL_VOTE = re.compile(rf"^{_SUBJ} gets (?P<n>one|an|two) additional votes?(?: during each political action)?$")
_ACT_WORDS = {
    "bleeding": ("bleed",), "bleed actions": ("bleed",), "bleed action": ("bleed",), "hunting": ("hunt",),
    "hunt actions": ("hunt",), "equip actions": ("equip",), "equipping": ("equip",),
    "diablerie actions": ("diablerie",), "political actions": ("political",), "political action": ("political",),
    "employing retainers": ("employ",), "recruit and employ actions": ("recruit", "employ"),
    "employ and recruit actions": ("recruit", "employ"),
    "employing retainers and recruiting allies": ("recruit", "employ"),
}
_WHO = r"(?:a methuselah|methuselahs|the target methuselah|the methuselah)"
_CLANS_PLURAL = {"followers of set": "follower of set", "daughters of cacophony": "daughter of cacophony",
                 "harbingers of skulls": "harbinger of skulls", "blood brothers": "blood brother"}


def _class_one(np: str) -> tuple[str, ...] | None:
    from vtes_desktop.cards.grammar.lexicon import CLANS
    from vtes_desktop.cards.grammar.requirements import parse_minion_np

    s = np.strip().lower()
    s = re.sub(r"^(?:an?|any|other|the) ", "", s)
    for pl, sg in _CLANS_PLURAL.items():
        s = s.replace(pl, sg)
    extra: list[str] = []
    m = re.match(r"^(older|younger) (.+)$", s)
    if m:
        extra.append(m.group(1))
        s = m.group(2)
    m = re.match(r"^(.+?) (?:of|with) capacity (\d+) or less$", s) or re.match(r"^(.+?) whose capacity is (\d+) or less$", s)
    if m:
        extra.append(f"capacity<={m.group(2)}")
        s = m.group(1)
    s = re.sub(r"\b(vampire|minion|malkavian|gangrel|ventrue|toreador|brujah|ravnos|ally|assamite)s\b", r"\1", s)
    if s in ("red list minion", "red list vampire"):   # Echo: a Red List minion (rules_diablerie.is_red_list)
        return (s.split()[-1], "red list", *extra)
    if s in ("infernal minion", "infernal vampire"):   # Righteous Endeavor: an infernal minion (its traits)
        return (s.split()[-1], "infernal", *extra)
    s = re.sub(r"\ballies\b", "ally", s)
    s = re.sub(r"\b(prince|primogen|justicar|baron|bishop|archbishop|cardinal)s\b", r"\1", s)
    if s in ("ally", "ready ally"):
        return ("ally", *extra)
    if s in ("vampire", "ready vampire"):
        return ("vampire", *extra)
    if s in ("minion", "ready minion"):
        return ("minion", *extra)
    tags = parse_minion_np(s, set(CLANS))
    if tags is None:
        return None
    tags = [t for t in tags if t not in ("ready",)]
    tags = ["vampire" if t == "ready vampire" else t for t in tags]
    ok = all(t in ("vampire", "minion", "untitled") or t.startswith(("clan:", "sect:", "not sect:", "title:",
                                                                       "capacity<=", "capacity>="))
             for t in tags)
    return tuple(tags + extra) if ok else None


def minion_classes(np: str) -> tuple[tuple[str, ...], ...] | None:
    """The classes of minion a noun phrase names ("a ready Ventrue", "Lasombra and Tzimisce", "Tremere or
    Tremere antitribu", "an older vampire"), or None."""
    one = _class_one(np)
    if one is not None:
        return (one,)
    parts = [p for p in re.split(r",? or |,? and |, ", np.strip().lower()) if p]
    out = []
    for p in parts:
        c = _class_one(p)
        if c is None:
            return None
        out.append(c)
    return tuple(out) if len(out) > 1 else None


def _controls(rest: str) -> tuple | None:
    """"who controls a ready Brujah" -> ("target_controls", alts, True)."""
    if rest == "who has the edge":
        return ("target_edge",)
    m = re.match(r"^(?:who (?:controls|has|control)|controlling) (?:neither (?P<a>.+?) nor (?P<b>.+)|no (?P<no>.+)|(?P<np>.+))$",
                 rest)
    if not m:
        m2 = re.match(r"^who (?:doesn't|does not) control (?P<np>.+)$", rest)
        if not m2:
            return None
        alts = minion_classes(m2.group("np"))
        return ("target_controls", alts, False) if alts else None
    if m.group("a"):
        a, b = minion_classes(m.group("a")), minion_classes(m.group("b"))
        return ("target_controls", a + b, False) if a and b else None
    if m.group("no"):
        alts = minion_classes(m.group("no"))
        return ("target_controls", alts, False) if alts else None
    np = m.group("np")
    if not re.search(r"\bready\b", np) and not re.search(r"\b(?:prince|justicar|titled)\b", np):
        return None     # "controls a Ventrue" (anywhere, not only ready): not read
    alts = minion_classes(np)
    return ("target_controls", alts, True) if alts else None


def _own_action_cond(c: str) -> tuple | None:
    """Conditions of a bonus on the vampire's own actions (stealth, bleed, hunt)."""
    if c in ("", None):
        return ()
    m = re.match(r"^(?P<main>.+?) if your prey (?:has|controls) (?P<np>.+)$", c)
    if m:
        alts = minion_classes(m.group("np"))
        main = _own_action_cond(m.group("main"))
        return None if alts is None or main is None else main + (("prey_controls", alts),)
    if re.fullmatch(r"on each of (?:his|her|their|its) actions", c):
        return ()
    m = re.fullmatch(r"(?:when|while|during|on) (?P<w>[a-z ]+)", c)
    if m and m.group("w") in _ACT_WORDS:
        return (("act", _ACT_WORDS[m.group("w")]),)
    if c in ("on non-hunt actions",):
        return (("not_act", ("hunt",)),)
    m = re.fullmatch(r"(?:on|during) (?P<d>directed|undirected|non-directed) actions", c)
    if m:
        return (("directed", m.group("d") == "directed"),)
    m = re.fullmatch(r"(?:during|on) actions (?:requiring|that require) [a-z ]+ \[(?P<d>[a-z]{3})\]", c)
    if m:
        return (("card_disc", m.group("d")),)
    m = re.fullmatch(r"when bleeding with an action card that requires [a-z ]+ \[(?P<d>[a-z]{3})\]", c)
    if m:
        return (("act", ("bleed",)), ("card_disc", m.group("d")))
    if c in ("when equipping with a weapon", "during actions to equip with a weapon"):
        return (("act", ("equip",)), ("card_kw", "weapon"))
    m = re.fullmatch(rf"(?:when bleeding|against) {_WHO} (?P<rest>.+)", c)
    if m:
        t = _controls(m.group("rest"))
        return None if t is None else (("act", ("bleed",)), t)
    m = re.fullmatch(rf"(?:during|on) (?P<b>bleed )?actions directed at {_WHO} (?P<rest>.+)", c)
    if m:
        t = _controls(m.group("rest"))
        if t is None:
            return None
        return ((("act", ("bleed",)),) if m.group("b") else ()) + (("directed", True), t)
    m = re.fullmatch(r"during actions directed at (?:a|an) (?P<a>location|equipment)(?: or (?:a|an) (?P<b>location|equipment))?", c)
    if m:   # Kalila, Bulscu: the action's target card is one
        return (("target_type", tuple(x.capitalize() for x in (m.group("a"), m.group("b")) if x)),)
    return None


def _intercept_cond(c: str) -> tuple | None:
    if c in ("", None):
        return ()
    m = re.fullmatch(r"during (?P<w>[a-z]+ actions)", c)
    if m and m.group("w") in _ACT_WORDS:
        return (("act", _ACT_WORDS[m.group("w")]),)
    if c == "during non-bleed actions":
        return (("not_act", ("bleed",)),)
    m = re.fullmatch(r"(?:during|on) (?P<d>directed|undirected|non-directed) actions", c)
    if m:
        return (("directed", m.group("d") == "directed"),)
    m = re.fullmatch(r"when attempting to block (?:an? )?(?P<w>political actions?|bleed actions?|directed actions?)", c)
    if m:
        w = m.group("w").rstrip("s") + "s"
        if w == "directed actions":
            return (("directed", True),)
        return (("act", _ACT_WORDS[w]),)
    m = re.fullmatch(r"(?:when attempting to block|against) (?P<np>.+)", c)
    if m:
        alts = minion_classes(m.group("np"))
        return (("opponent", alts),) if alts else None
    m = re.fullmatch(r"during actions directed at (?P<np>an? [a-z ]+|another minion) you control", c)
    if m:   # Delizbieta, Talley: the action being blocked targets a minion of yours of that class (another one)
        if m.group("np") == "another minion":
            return (("target_mine", (("minion",),), True),)
        alts = minion_classes(m.group("np"))
        return (("target_mine", alts),) if alts else None
    if c in ("vs. political actions", "vs political actions"):   # Marguerite Foccart
        return (("act", ("political",)),)
    return None


def _strength_cond(c: str) -> tuple | None:
    if c in ("", None):
        return ()
    if c == "on the first round of combat":
        return (("round", "first"),)
    if c in ("on any round of combat after the first", "on each round of combat after the first"):
        return (("round", "later"),)
    m = re.fullmatch(r"(?:when )?in combat with (?P<np>.+)", c)
    if m:
        alts = minion_classes(m.group("np"))
        return (("opponent", alts),) if alts else None
    return None


def _pre_cond(pre: str | None) -> tuple | None:
    if not pre:
        return ()
    m = re.fullmatch(r"while you have (\d+) or (?:fewer|less) pool", pre)
    if m:
        return (("pool_le", int(m.group(1))),)
    m = re.fullmatch(r"while your prey has (\d+) or (?:fewer|less) pool", pre)
    if m:
        return (("prey_pool_le", int(m.group(1))),)
    m = re.fullmatch(r"while /(?P<n>[^/]+)/ is (?P<w>ready|in your ready region)", pre)
    if m:
        return (("named_ready", m.group("n"), m.group("w") != "ready"),)
    m = re.fullmatch(r"while your prey controls no (?P<np>.+)", pre)
    if m:
        alts = minion_classes(m.group("np"))
        return (("prey_controls_not", alts),) if alts else None
    if pre == "while you control no locations":
        return (("locations", 0, 0),)
    m = re.fullmatch(r"while you control (\d) or more locations", pre)
    if m:
        return (("locations", int(m.group(1)), 99),)
    if pre in ("while you have the edge", "while you control the edge"):
        return (("edge_mine",),)
    m = re.fullmatch(r"while you control an? ready (?P<np>[a-z ]+)", pre)
    if m:   # Damian: another ready minion of yours of that class
        alts = minion_classes(m.group("np"))
        return (("other_mine", alts),) if alts else None
    m = re.fullmatch(r"if another ready vampire you control is an? (?P<np>.+)", pre)
    if m:
        alts = minion_classes(m.group("np"))
        return (("other_mine", alts),) if alts else None
    return None


def _one_reading(stat: str, n: int, cond: str | None) -> tuple | None:
    stat = "votes" if stat.startswith("vote") else stat
    c = (cond or "").strip()
    if stat in ("stealth", "bleed", "hunt"):
        conds = _own_action_cond(c)
    elif stat == "intercept":
        conds = _intercept_cond(c)
    elif stat == "strength":
        conds = _strength_cond(c)
    else:
        conds = () if not c else None
    if conds is None:
        return None
    return (stat, n, conds)


@lru_cache(maxsize=None)
def stat_readings(e: Effect) -> tuple:
    """The readings of a vampire's own stat ability (see above); () when it is not one."""
    if e.optional or e.get("cost") or (e.duration is not None and e.duration != "in combat"):
        return ()
    t = e.text.strip().rstrip(".").strip()
    if not t:
        return ()
    t = t[0].lower() + t[1:]
    low = re.sub(r"^black hand seraph:? this vampire", "this vampire", t.lower())
    m = _FOE.match(low)
    if m:
        # "Younger Sabbat vampires get -1 intercept against this vampire": a bonus of the minions facing it
        alts = minion_classes(m.group("np"))
        if not alts or (m.group("stat") == "strength") != low.endswith("in combat with this vampire"):
            return ()
        n = int(m.group("n")) * (-1 if m.group("sign") == "-" else 1)
        return ((f"foe_{m.group('stat')}", n, (("opponent", alts),)),)
    if _NO_USUAL.match(low):
        return (("stealth", -1, (("act", ("hunt",)),)),)
    if low == "in a referendum, this vampire gets +1 vote after a methuselah burns the edge for a vote":
        return (("votes", 1, (("edge_vote",),)),)   # Tyler McGill
    m = re.fullmatch(r"while this vampire has no title, (?:he|she|this vampire) gets \+1 vote for each ready titled vampire "
                     r"controlled by other methuselahs", low)
    if m:   # Gerald Windham
        return (("votes", 1, (("untitled",), ("per_ready_titled_of_others",))),)
    m = _ADDITIONAL_VOTE.match(low)
    if m:
        return (("votes", 2 if m.group("n") == "two" else 1,
                 (("act", ("political",)),) if "political action" in low else ()),)
    m = re.fullmatch(rf"{_SUBJ} gets an additional \+(?P<n>\d) stealth when hunting, but -(?P<k>\d) stealth on any "
                     r"other actions", low)
    if m:   # Jayne Jonestown
        return (("stealth", int(m.group("n")), (("act", ("hunt",)),)),
                ("stealth", -int(m.group("k")), (("not_act", ("hunt",)),)))
    m = _STAT_SENT.match(low)
    if not m:
        return ()
    pre = _pre_cond(m.group("pre"))
    if pre is None:
        return ()
    out = []
    for sign, n, stat, cond in ((m.group("sign"), m.group("n"), m.group("stat"), m.group("cond")),
                                (m.group("sign2"), m.group("n2"), m.group("stat2"), m.group("cond2"))):
        if sign is None:
            continue
        r = _one_reading(stat, int(n) * (-1 if sign == "-" else 1), cond)
        if r is None:
            return ()
        out.append((r[0], r[1], pre + r[2]))
    return tuple(out)


_ENGINE_INTERCEPT_TEXT = re.compile(
    r"^(?:[^.]*?\b(?:gets|has)\s+)?\+(\d+) intercept(?: against (?:vampires|allies)| during directed actions| when blocking)?"
    r"\s*\.?$")
_ENGINE_SKIPS = re.compile(r"(?i)\b(can|may) (burn|lock|discard|pay)|only usable|\bif\b|\bwhile\b|\bfor each\b")


def engine_reads(e: Effect, r: tuple) -> bool:
    """A reading the engine's older text readers already count (`rules_action.minion_bleed`'s "+N bleed.",
    `rules_combat.strength`'s "+N strength.", `rules_action.minion_intercept`): the crypt hooks leave it to
    them, so nothing is counted twice."""
    stat, n, conds = r
    t = e.text.strip()
    if n <= 0:
        return False
    if stat in ("bleed", "strength"):
        return bool(re.fullmatch(rf"\+\d+ {stat}\.?", t))
    if stat == "intercept":
        return bool(_ENGINE_INTERCEPT_TEXT.match(t)) and not _ENGINE_SKIPS.search(t)
    return False


# -- a vampire's own maneuver or press each combat ------------------------------------------------------------------

_OWN_SUBJECTS = (None, "this vampire", "this imbued", "he", "she", "they", "it")


_OWN_GRANT = re.compile(r"^(?:this vampire|this imbued|he|she|they|it) gets (?:1|one|an) optional (?P<a>maneuver|press)"
                        r"(?: and (?:1|one|an) optional (?P<b>maneuver|press))? each combat\.?$")


def own_grant(e: Effect) -> str | None:
    """"This vampire gets 1 optional maneuver (press) each combat" (or "... 1 optional maneuver and 1 optional
    press each combat"): "maneuver" or "press", which the vampire uses by naming itself (`maneuver`/`press`
    with `using` the vampire, once each combat: rules_combat reads the once-each-combat through
    `effects_crypt.once_each_combat`); None for anything else (only to close range, only to continue, on
    the first round, mandatory, at a cost...)."""
    if e.kind not in ("maneuver", "press") or e.get("frame") or e.amount != 1 or not e.optional:
        return None
    if e.get("to") not in (None, "any") or e.condition is not None or e.duration is not None or e.get("cost") \
            or e.get("limited"):
        return None
    t = e.text.strip()
    m = _OWN_GRANT.match(t[0].lower() + t[1:]) if t else None
    if not m or e.kind not in (m.group("a"), m.group("b")):
        return None
    return e.kind


_FIRST_ROUND = re.compile(r"^(?:this vampire|this imbued|he|she) gets (?:1|one|an) optional maneuver (?:on|during|in) the "
                          r"first round of combat$")


def first_round_maneuver(e: Effect) -> bool:
    """"This vampire gets 1 optional maneuver during the first round of combat": used by naming the vampire
    (`maneuver`, `using` the vampire), in the first round only, once (effects_crypt.once_each_combat)."""
    return e.condition != "merged" and bool(_FIRST_ROUND.match(e.text.strip().rstrip(".").lower()))


# -- "burn 1 blood to get +1 stealth/bleed/intercept" (a `use` of the vampire, engine/effects_crypt.py) ---------------

_BLOOD_FOR = re.compile(
    r"^(?:(?P<when>once each action|once per action|once each turn|during an action|during a (?:directed|bleed) action)"
    r",? )?(?:this vampire|this imbued|he|she|it|[A-Z][a-z]+) (?:can|may) burn (?P<c>1|2|a|one) blood to get "
    r"(?:an additional )?"
    r"\+(?P<n>\d) (?P<stat>stealth|bleed|intercept)(?: for the current action)?\.?$")


@lru_cache(maxsize=None)
def blood_for_stat(e: Effect) -> tuple | None:
    """(blood, stat, amount, limit, conditions) of "Once each action, this vampire can burn 1 blood to get +1
    intercept" and the like: the vampire uses it (`use`, effect the stat's name) during an action, the acting
    vampire for stealth (when being blocked and the stealth is needed) and bleed (on a bleed), the blocking
    vampire for intercept (when it is needed). limit: "action", "turn" or None; conditions: ("directed", True),
    ("act", ("bleed",))."""
    if e.kind != "burn" or not e.get("frame") or e.condition == "merged":
        return None
    t = e.text.strip()
    m = _BLOOD_FOR.match(t[0].lower() + t[1:]) if t else None
    if not m:
        return None
    when = m.group("when") or ""
    limit = "action" if when in ("once each action", "once per action") else "turn" if when == "once each turn" \
        else None
    if "for the current action" in t and limit is None:
        return None
    conds = (("directed", True),) if "directed" in when else (("act", ("bleed",)),) if "bleed action" in when else ()
    cost = 2 if m.group("c") == "2" else 1
    return (cost, m.group("stat"), int(m.group("n")), limit, conds)


# -- what a ready vampire gives its Methuselah: hand size, master/discard phase actions, transfers --------------------

_READY = r"(?:while|if) (?:this vampire|he|she) is ready"
_SEAT_RX = (
    (re.compile(rf"^{_READY}, (?:you get \+(?P<n>\d) hand size|your hand size is (?:increased by (?P<one>1|one)|"
                rf"(?P<one2>one) card larger))$"), "hand_size", "ready"),
    (re.compile(rf"^(?:{_READY}|if (?:this vampire|he|she) is ready during your master phase), you get two master phase "
                r"actions \(instead of one\)(?: each master phase)?(?P<hs> and \+1 hand size)?$"), "mpa", "ready"),
    (re.compile(r"^if (?:this vampire|he|she) is unlocked at the start of your master phase, you get \+1 master phase "
                r"action$"), "mpa", "unlocked"),
    (re.compile(rf"^{_READY}, you get \+1 discard phase action at the start of your discard phase(?P<hs>,? and \+1 hand "
                r"size)?$"), "dpa", "ready"),
    (re.compile(r"^if (?:this vampire|he|she) is ready at the start of your discard phase, you get \+1 discard phase "
                r"action$"), "dpa", "ready"),
    (re.compile(r"^if (?:this vampire|he|she) is ready at the start of your influence phase, you get \+(?P<n>\d) "
                r"transfers?$"), "transfers", "ready"),
    # read by the engine's phase-action reader (flow._extra_phase_actions), not counted again here
    (re.compile(r"^if (?:this vampire|he|she) is ready during your (?P<ph>master|discard) phase, you get an (?:additional|"
                r"extra) (?P=ph) phase action$"), "engine", "ready"),
)


@lru_cache(maxsize=None)
def seat_readings(e: Effect) -> tuple:
    """((what, amount, when), ...) of what a vampire gives its Methuselah while ready ("While this vampire is
    ready, you get +2 hand size"; "two master phase actions (instead of one)"; "+2 transfers"): what is
    "hand_size", "mpa", "dpa", "transfers" (or "engine": a phase action the engine's own reader counts); when
    is "ready" or "unlocked" (at the start of the master phase). () for anything else."""
    if e.condition == "merged":
        return ()
    t = e.text.strip().rstrip(".")
    if not t:
        return ()
    low = t.lower()
    for rx, what, when in _SEAT_RX:
        m = rx.match(low)
        if not m:
            continue
        d = m.groupdict()
        n = int(d["n"]) if d.get("n") else 1
        out = [(what, n, when)]
        if d.get("hs"):
            out.append(("hand_size", 1, when))
        return tuple(out)
    return ()


# -- what cards cost this vampire -------------------------------------------------------------------------------------

_ME = r"(?:this vampire|this imbued|her|him)"
_COST_RX = (
    (re.compile(rf"^(?:cards requiring|cards that require) [a-z ]+ \[(?P<d>[a-z]{{3}})\] cost {_ME} "
                r"(?P<amt>1 fewer|1 less|-1|\{-1\}|1 additional|\+1) blood$"), "blood"),
    (re.compile(rf"^[a-z ]+ \[(?P<d>[a-z]{{3}})\] cards cost {_ME} (?P<amt>1 less|1 fewer) blood$"), "blood"),
    (re.compile(rf"^(?P<t>combat) cards cost {_ME} (?P<amt>1 fewer|1 less|-1|\+1|1 additional) blood$"), "blood"),
    (re.compile(rf"^(?P<k>animals|wraiths) \(allies and retainers\) cost {_ME} (?P<amt>-1|1 fewer|1 less) blood or pool$"),
     "either"),
    (re.compile(rf"^(?P<t>equipment) costs {_ME} (?P<amt>1 less) pool \(but never less than 0 pool\)$"), "pool"),
    (re.compile(rf"^(?P<t>equipment) costs {_ME} (?P<amt>1 fewer) blood or pool to equip$"), "either"),
    (re.compile(rf"^(?P<w>weapons) cost {_ME} (?P<amt>1 less|1 fewer) pool or blood$"), "either"),
    (re.compile(r"^this vampire does not burn blood to pay the cost of (?P<t>combat) cards (?:he|she|it) plays$"), "blood"),
)


@lru_cache(maxsize=None)
def cost_reading(e: Effect) -> tuple | None:
    """(what, unit, delta) of "Cards requiring Vicissitude [vic] cost this vampire -1 blood", "Combat cards cost
    this vampire 1 fewer blood", "Animals (allies and retainers) cost this vampire -1 blood or pool", ...: what is
    ("disc", trigram), ("type", "Combat"/"Equipment"), ("kind", "animal"/"wraith") or ("weapon",); unit "blood",
    "pool" or "either" (the one the card costs); delta -1, +1 or None (no blood at all). The engine changes the
    cost as the vampire pays for such a card (`effects_crypt.cost_change`)."""
    if e.condition == "merged":
        return None
    t = e.text.strip().rstrip(".")
    if not t:
        return None
    low = t.lower()
    for rx, unit in _COST_RX:
        m = rx.match(low)
        if not m:
            continue
        d = m.groupdict()
        amt = d.get("amt")
        delta = None if amt is None else (1 if amt in ("+1", "1 additional") else -1)
        if d.get("d"):
            what = ("disc", d["d"])
        elif d.get("t"):
            what = ("type", d["t"].capitalize())
        elif d.get("k"):
            what = ("kind", d["k"].rstrip("s"))
        else:
            what = ("weapon",)
        return (what, unit, delta)
    return None


# -- who may block the vampire, and whom it may block ---------------------------------------------------------------

_HIM = r"(?:this vampire|this imbued|him|her)"
_SUBJ_ME = r"(?:this vampire|this imbued|he|she)"


@lru_cache(maxsize=None)
def block_reading(e: Effect) -> tuple | None:
    """Blocking rules of the vampire's own text, checked as a minion attempts to block (engine/effects_crypt.py):
    ("not_by", alts): minions of those classes cannot block this vampire ("Allies cannot block her");
    ("cannot", alts or None): this vampire cannot block minions of those classes (None: cannot block at all);
    ("no_undirected",): it cannot block undirected actions; ("cost_by", alts): those minions burn 1 blood to
    attempt to block it; ("cost_mine", alts or None): this vampire burns 1 blood to attempt to block (those)."""
    if e.condition == "merged":
        return None
    t = e.text.strip().rstrip(".").lower()
    m = re.fullmatch(rf"(?P<np>[a-z ,\-0-9]+?) cannot block {_HIM}", t)
    if m:
        alts = minion_classes(m.group("np"))
        return ("not_by", alts) if alts else None
    m = re.fullmatch(rf"{_SUBJ_ME} cannot block", t)
    if m:
        return ("cannot", None)
    m = re.fullmatch(rf"{_SUBJ_ME} cannot block undirected actions", t)
    if m:
        return ("no_undirected",)
    m = re.fullmatch(rf"{_SUBJ_ME} cannot (?:attempt to )?block (?P<np>[a-z ,\-0-9]+)", t)
    if m:
        alts = minion_classes(m.group("np"))
        return ("cannot", alts) if alts else None
    m = re.fullmatch(rf"(?P<np>[a-z ,\-0-9]+?) must burn 1 blood to attempt to block {_HIM}", t)
    if m:
        alts = minion_classes(m.group("np"))
        return ("cost_by", alts) if alts and all("ally" not in c and "minion" not in c for c in alts) else None
    m = re.fullmatch(rf"{_SUBJ_ME} must burn 1 blood to attempt to block(?: (?P<np>[a-z ,\-0-9]+))?", t)
    if m:
        if not m.group("np"):
            return ("cost_mine", None)
        alts = minion_classes(m.group("np"))
        return ("cost_mine", alts) if alts else None
    return None


def _titled_votes(e: Effect) -> int | None:
    m = re.fullmatch(r"(?:this vampire|he|she) has (\d) votes? \(titled\)", e.text.strip().rstrip(".").lower())
    return int(m.group(1)) if m else None


_VOTE_FOR_BLOOD = re.compile(
    r"^(?P<when>during (?:a|any) referendum|during the polling step of (?P<pa>a political action|any referendum)), "
    r"(?:this vampire|this imbued|he|she) (?:can|may) burn 1 blood to (?:gain|get) (?:1|\+1|one) vote$")


@lru_cache(maxsize=None)
def blood_for_votes(e: Effect) -> tuple | None:
    """(blood, votes, political only) of "During a referendum, this vampire may burn 1 blood to gain 1 vote": a
    `use` of the vampire (effect "votes") in the polling step, before it casts its votes (engine/effects_crypt.py)."""
    if e.kind != "burn" or not e.get("frame") or e.condition == "merged":
        return None
    m = _VOTE_FOR_BLOOD.match(e.text.strip().rstrip(".").lower())
    if not m:
        return None
    return (1, 1, m.group("pa") == "a political action")


# -- "This vampire can enter combat with ... as a (D) action" ------------------------------------------------------

_COMBAT_ACTION = re.compile(
    r"^(?:this vampire|this imbued|he|she) (?:can|may) enter combat with (?:any |a |an )?(?P<np>[a-z0-9 ,\-]+?) as a "
    r"(?:\+(?P<st>\d) stealth )?\(d\) action$"
    r"|^as a (?:\+(?P<st2>\d) stealth )?\(d\) action, (?:this vampire|he|she) (?:can|may) enter combat with "
    r"(?:any |a |an )?(?P<np2>[a-z0-9 ,\-]+?)$")


@lru_cache(maxsize=None)
def combat_action(e: Effect) -> tuple | None:
    """(classes or None for any minion, stealth, locked only, whose: "any"|"predator or prey") of "This vampire can
    enter combat with any ready non-Camarilla vampire controlled by another Methuselah as a (D) action": an action
    of the vampire (`action` kind card, `from` the vampire, `target` the minion), engine/effects_crypt.py."""
    if e.condition == "merged":
        return None
    m = _COMBAT_ACTION.match(e.text.strip().rstrip(".").lower())
    if not m:
        return None
    np = m.group("np") or m.group("np2")
    np = re.sub(r"^vampire of capacity below (\d+)\b", r"vampire with capacity less than \1", np)
    whose = "any"
    for tail, w in ((" controlled by another methuselah", "any"), (" controlled by your predator or prey", "predator or prey")):
        if np.endswith(tail):
            np, whose = np[: -len(tail)], w
    locked = False
    np = re.sub(r"^ready ", "", np)
    if np.startswith("locked "):
        locked, np = True, np[len("locked "):]
    if np in ("minion", "ready minion"):
        alts = None
    else:
        alts = minion_classes(np)
        if not alts:
            return None
    return (alts, int(m.group("st") or m.group("st2") or 0), locked, whose)


# -- "burn the Edge to ..." (a `use` of the vampire, effect "edge") --------------------------------------------------

_EDGE_WHAT = (
    (re.compile(r"^give this vampire (\d) blood from the blood bank$"), "blood"),
    (re.compile(r"^gain (\d) pool(?P<ready> if this vampire is ready)?$"), "pool"),
    (re.compile(r"^unlock(?: this vampire)?$"), "unlock"),
    (re.compile(r"^burn (\d) blood from this vampire$"), "burn_blood"),
)
_EDGE_USE = (
    re.compile(r"^during (?P<ph>your unlock phase|your master phase|your discard phase|your turn|any methuselah's minion "
               r"phase), (?P<who>you|this vampire) (?:can|may) burn the edge to (?P<what>.+)$"),
    re.compile(r"^(?P<who>you|your prey) (?:can|may) burn the edge during (?P<ph>your (?:unlock|master|discard) phase) to "
               r"(?P<what>.+)$"),
)


@lru_cache(maxsize=None)
def edge_use(e: Effect) -> tuple | None:
    """(phase, who, effect, amount, ready) of "During your unlock phase, you can burn the Edge to give this vampire 1
    blood from the blood bank" and the like: phase "unlock"/"master"/"discard" (your own), "turn" (any phase of
    your turn) or "minion" (any Methuselah's minion phase); who "you" or "prey" (your prey burns it: Keith Moody);
    effect "blood", "pool", "unlock" or "burn_blood"; used with `use` naming the vampire, effect "edge"."""
    if e.condition == "merged":
        return None
    t = e.text.strip().rstrip(".").lower()
    for rx in _EDGE_USE:
        m = rx.match(t)
        if not m:
            continue
        what = m.group("what")
        for wrx, eff in _EDGE_WHAT:
            w = wrx.match(what)
            if w:
                ph = m.group("ph")
                phase = "turn" if ph == "your turn" else "minion" if ph.startswith("any") else ph.split()[1]
                n = int(w.group(1)) if w.groups() and w.group(1) and w.group(1).isdigit() else 1
                ready = bool(w.groupdict().get("ready"))
                return (phase, "prey" if m.group("who") == "your prey" else "you", eff, n, ready)
    return None


# -- "During your unlock phase, you may move 1 blood from this vampire to ..." (a `use`, effect "move") --------------

_UNLOCK_MOVE = re.compile(
    r"^during your unlock phase, you (?:can|may) move (?P<upto>up to )?(?P<n>\d|one|two) blood from (?P<src>.+?) to "
    r"(?P<dst>.+)$")


def _place(np: str) -> tuple[str, tuple, bool] | None:
    """(region, classes, yours) of "any Nosferatu in your uncontrolled region" ("uncontrolled"), "any ready
    Pander" ("ready", anyone's), "any other controlled Sabbat vampire" ("in play": ready or torpor, yours), "a
    Laibon you control"."""
    s = np.strip()
    region, mine = "in play", False
    if s.endswith(" in your uncontrolled region"):
        region, mine, s = "uncontrolled", True, s[: -len(" in your uncontrolled region")]
    if s.endswith(" you control"):
        mine, s = True, s[: -len(" you control")]
    s = re.sub(r"^(?:any|a|an) ", "", s)
    while True:
        m = re.match(r"^(other|ready|controlled) ", s)
        if not m:
            break
        if m.group(1) == "ready":
            region = "ready"
        if m.group(1) == "controlled":
            mine = True
        s = s[m.end():]
    alts = minion_classes(s)
    return (region, alts, mine) if alts else None


@lru_cache(maxsize=None)
def unlock_move(e: Effect) -> tuple | None:
    """(n, up to, direction, region, classes, yours only): "During your unlock phase, you may move 1 blood from this vampire to
    any Nosferatu in your uncontrolled region" ("from" this vampire) or "... from any ready Gangrel you control to
    this vampire" ("to"): a `use` of the vampire in its controller's unlock phase, `minion` the other vampire,
    once each unlock phase."""
    if e.condition == "merged":
        return None
    m = _UNLOCK_MOVE.match(e.text.strip().rstrip(".").lower())
    if not m:
        return None
    n = {"one": 1, "two": 2}.get(m.group("n")) or int(m.group("n"))
    src, dst = m.group("src"), m.group("dst")
    me = ("this vampire", "him", "her")
    if src in me and dst not in me:
        p = _place(dst)
        return None if p is None else (n, bool(m.group("upto")), "from", p[0], p[1], p[2])
    if dst in me and src not in me:
        p = _place(src)
        return None if p is None or p[0] == "uncontrolled" else (n, bool(m.group("upto")), "to", p[0], p[1], p[2])
    return None


# -- "This vampire can steal 2 blood from a younger vampire as a +1 stealth (D) action" and the like -----------------

_MINION_ACTION = re.compile(
    r"^(?:this vampire|this imbued|he|she) (?:can|may) (?P<verb>steal|lock|burn) (?:(?P<upto>up to )?(?P<n>\d) "
    r"(?P<what>blood or life \(becoming blood\)|blood or life|blood) from )?(?P<np>[a-z ,\-0-9]+?) as a "
    r"(?:\+(?P<st>\d) stealth )?\(d\) action$")


@lru_cache(maxsize=None)
def minion_action(e: Effect) -> tuple | None:
    """(verb, n, classes, stealth, or_life) of the vampire's own (D) action on another Methuselah's minion: "steal
    up to 2 blood from a younger vampire" (verb "steal"), "lock a younger ready vampire" ("lock"), "burn 1 blood
    or life from a minion controlled by your prey" ("burn_blood"); an action of kind card `from` the vampire with
    `target` the minion (engine/effects_crypt.py)."""
    if e.condition == "merged":
        return None
    m = _MINION_ACTION.match(e.text.strip().rstrip(".").lower())
    if not m:
        return None
    verb = m.group("verb")
    n = int(m.group("n")) if m.group("n") else 0
    if (verb == "lock") != (n == 0):
        return None
    if verb == "burn":
        verb = "burn_blood"
    np = re.sub(r"^(?:a|an|any) ", "", m.group("np"))
    np = re.sub(r"^ready ", "", np)
    whose = "any"
    if np.endswith(" controlled by your prey"):
        whose, np = "prey", np[: -len(" controlled by your prey")]
    if np in ("minion", "ready minion"):
        alts = (("minion",),)
    else:
        alts = minion_classes(np)
    if not alts:
        return None
    return (verb, n, alts, int(m.group("st") or 0), "life" in (m.group("what") or ""), whose)


# -- "She can bleed with +2 bleed as a (D) action that costs 1 blood" -------------------------------------------------

_OWN_BLEED = re.compile(
    r"^(?:this vampire|this imbued|he|she) (?:can|may) bleed(?: (?P<tgt>your predator|any methuselah))?"
    r"(?: with \+(?P<b>\d) bleed)? as a (?:\+(?P<st>\d) stealth )?\(d\) action(?: that costs (?P<c>\d) blood)?$")


@lru_cache(maxsize=None)
def own_bleed(e: Effect) -> tuple | None:
    """(target, bonus, stealth, blood cost) of the vampire's own bleed action ("She can bleed with +2 bleed as a
    (D) action that costs 1 blood", "This vampire can bleed your predator as a (D) action"): target "prey",
    "predator" or "any"; an action of kind card `from` the vampire, `target` the Methuselah (default the prey)."""
    if e.condition == "merged":
        return None
    m = _OWN_BLEED.match(e.text.strip().rstrip(".").lower())
    if not m or not (m.group("tgt") or m.group("b") or m.group("st")):
        return None
    tgt = {"your predator": "predator", "any methuselah": "any"}.get(m.group("tgt") or "", "prey")
    return (tgt, int(m.group("b") or 0), int(m.group("st") or 0), int(m.group("c") or 0))


# -- what the vampire cannot use; blood hunts that cannot be called on it ---------------------------------------------

_USE_BAR = re.compile(
    r"^(?:this vampire|this imbued|he|she) cannot (?:(?P<use>use|play) (?P<what>cards requiring [a-z ]+ \[(?P<d>[a-z]{3})\]|"
    r"weapons|action cards|reaction cards)|have or use (?P<have>equipment or retainers|equipment|retainers))$")


@lru_cache(maxsize=None)
def use_bar(e: Effect) -> tuple | None:
    """What the vampire cannot use: (("disc", trigram),), (("weapon",),), (("type", "Action"),), (("type",
    "Equipment"), ("type", "Retainer")): checked with the card's requirements (rules_action.requirement_refusal)."""
    if e.condition == "merged":
        return None
    m = _USE_BAR.match(e.text.strip().rstrip(".").lower())
    if not m:
        return None
    if m.group("d"):
        return (("disc", m.group("d")),)
    w = m.group("what") or ""
    if w == "weapons":
        return (("weapon",),)
    if w in ("action cards", "reaction cards"):
        return (("type", w.split()[0].capitalize()),)
    have = m.group("have") or ""
    return tuple(("type", x.rstrip("s").capitalize()) for x in have.split(" or "))


_BH_BAR = re.compile(r"^(?:blood hunts cannot be called on (?:this vampire|him|her)|if you control a ready [a-z ]+?"
                     r"(?: or [a-z ]+?)?, blood hunts cannot be called on this vampire|if this vampire is "
                     r"diablerized, no blood hunt can be called)$")


def blood_hunt_bar(e: Effect) -> bool:
    """"Blood hunts cannot be called on this vampire" (and "if you control a ready prince or justicar, ...", "if
    this vampire is diablerized, no blood hunt can be called"): the engine's blood hunt reader
    (rules_diablerie.blood_hunt_barred) checks these sentences of the card text."""
    return e.condition != "merged" and bool(_BH_BAR.match(e.text.strip().rstrip(".").lower()))


# -- "lock or unlock another ready Toreador"; "+1 master phase action" for a cost (uses of the vampire) --------------

_LOCK_OTHER = re.compile(r"^(?P<when>once during your turn|during your turn|during your minion phase), you (?:can|may) lock "
                         r"or unlock another ready (?P<np>[a-z ,\-]+)$")


@lru_cache(maxsize=None)
def lock_other(e: Effect) -> tuple | None:
    """(when "turn"|"minion", once each turn, classes) of "Once during your turn, you may lock or unlock another
    ready Toreador": a `use` of the vampire, effect "lock" or "unlock", `minion` the other vampire."""
    if e.condition == "merged":
        return None
    m = _LOCK_OTHER.match(e.text.strip().rstrip(".").lower())
    if not m:
        return None
    alts = minion_classes(m.group("np"))
    if not alts:
        return None
    when = m.group("when")
    return ("minion" if "minion phase" in when else "turn", when.startswith("once"), alts)


_MPA_FOR = re.compile(r"^if (?:this vampire|he|she) is ready during your master phase, you can (?P<how>burn 1 pool|lock "
                      r"(?:him|her|this vampire)|burn the edge) to get \+1 master phase action$")


@lru_cache(maxsize=None)
def mpa_for(e: Effect) -> str | None:
    """"pool", "lock" or "edge": "If this vampire is ready during your master phase, you can burn 1 pool (lock him,
    burn the Edge) to get +1 master phase action": a `use` of the vampire, effect "mpa"."""
    if e.condition == "merged":
        return None
    m = _MPA_FOR.match(e.text.strip().rstrip(".").lower())
    if not m:
        return None
    how = m.group("how")
    return "pool" if "pool" in how else "edge" if "edge" in how else "lock"


# -- Anarch Convert: as it enters play -----------------------------------------------------------------------------------

_CONVERT = re.compile(r"^as the convert enters play, you can remove him from the game to make a non-titled vampire you "
                      r"control anarch and either gain 1 pool or draw 1 card from your crypt$")


def convert_on_entry(e: Effect) -> bool:
    """Anarch Convert's "as the convert enters play, you can remove him from the game to make a non-titled vampire
    you control Anarch and either gain 1 pool or draw 1 card from your crypt": a `use` of the convert in the
    influence phase it came into play, effect "pool" or "crypt", `minion` the vampire made Anarch."""
    return e.condition != "merged" and bool(_CONVERT.match(e.text.strip().rstrip(".").lower()))


# -- Owain Evans: a blood from the bank in any Methuselah's unlock phase; searching the library as an action ------------

_ANY_UNLOCK_BLOOD = re.compile(r"^during any methuselah's unlock phase, if this vampire is ready, you may move a blood from "
                               r"the blood bank to a vampire that methuselah controls$")


def any_unlock_blood(e: Effect) -> bool:
    """"During any Methuselah's unlock phase, if this vampire is ready, you may move a blood from the blood bank to a
    vampire that Methuselah controls": a `use` of the vampire, effect "blood", `minion` that vampire, once each
    unlock phase."""
    return e.condition != "merged" and bool(_ANY_UNLOCK_BLOOD.match(e.text.strip().rstrip(".").lower()))


_SEARCH = re.compile(r"^(?:this vampire|this imbued|he|she) can search your library for (?:a|an) (?P<what>minion card|"
                     r"equipment card|master archetype card),? (?:reveal it,? )?and move it to your hand as a \+1 stealth "
                     r"action$")


@lru_cache(maxsize=None)
def search_action(e: Effect) -> str | None:
    """"minion", "equipment" or "archetype": "This vampire can search your library for a minion card, reveal it,
    and move it to your hand as a +1 stealth action": an action of kind card `from` the vampire, `target` the
    library card; on success the card goes to hand and the library is shuffled."""
    if e.condition == "merged":
        return None
    m = _SEARCH.match(e.text.strip().rstrip(".").lower())
    return m.group("what").split()[-2] if m else None


# -- when the vampire is blocked; after a referendum passes; Carna ---------------------------------------------------

_WHEN_BLOCKED = (
    (re.compile(r"^if (?:this vampire) is blocked, (?:she|he|it) burns 1 blood before block resolution$"), ("self", "blood", None)),
    (re.compile(r"^if (?:this vampire) is blocked by an older vampire, (?:she|he|it) burns 1 blood before block resolution$"),
     ("self", "blood", "older")),
    (re.compile(r"^if (?:this vampire) is blocked when attempting a bleed or political action, (?:she|he|it) burns 1 blood "
                r"\(before combat begins, if any\)$"), ("self", "blood", "bleed or political")),
    (re.compile(r"^any vampire blocking this vampire burns 1 blood \(before combat begins, if any\)$"),
     ("blocker", "blood", None)),
    (re.compile(r"^if (?:this vampire) is blocked, the blocking minion's controller burns 1 pool before block resolution$"),
     ("blocker's controller", "pool", None)),
)


@lru_cache(maxsize=None)
def when_blocked(e: Effect) -> tuple | None:
    """(who, unit, condition) of "If this vampire is blocked, she burns 1 blood before block resolution" and the
    like: who burns ("self", "blocker", "blocker's controller"), what ("blood", "pool"), when (None, "older": by
    an older vampire, "bleed or political": on those actions); carried out as the block succeeds."""
    if e.condition == "merged":
        return None
    t = e.text.strip().rstrip(".").lower()
    for rx, r in _WHEN_BLOCKED:
        if rx.match(t):
            return r
    return None


def after_referendum(e: Effect) -> bool:
    """Lutz von Hohenzollern: "If this vampire is ready, your prey burns 1 pool after the referendum of a political
    action passes" (any political action), carried out as the referendum passes."""
    return e.condition != "merged" and e.text.strip().rstrip(".").lower() == (
        "if this vampire is ready, your prey burns 1 pool after the referendum of a political action passes")


def burn_retainer_for_blood(e: Effect) -> bool:
    """Carna: "During your unlock phase, this vampire can burn one of her retainers to gain 2 blood": a `use` of
    the vampire, effect "blood", `minion` the retainer."""
    return e.condition != "merged" and e.text.strip().rstrip(".").lower() == (
        "during your unlock phase, this vampire can burn one of her retainers to gain 2 blood")


# -- "burn 1 blood to unlock" in a phase; "burn 1 blood to make the damage from his hand strikes aggravated" -----------

_PHASE_UNLOCK = re.compile(r"^during your (?P<ph>discard|minion) phase, this vampire (?:can|may) burn 1 blood to unlock$")


@lru_cache(maxsize=None)
def phase_unlock(e: Effect) -> str | None:
    """"discard" or "minion": "During your discard phase, this vampire may burn 1 blood to unlock": a `use` of the
    vampire, effect "unlock"."""
    if e.condition == "merged":
        return None
    m = _PHASE_UNLOCK.match(e.text.strip().rstrip(".").lower())
    return m.group("ph") if m else None


_AGG_HANDS = re.compile(r"^once each (?P<per>combat|round|round of combat), (?:this vampire|he|she) (?:can|may) burn 1 blood "
                        r"to make the damage from (?:his|her|its) hand strikes aggravated (?:for the current round|that "
                        r"round)$")


@lru_cache(maxsize=None)
def aggravated_hands(e: Effect) -> str | None:
    """"combat" or "round": "Once each combat, this vampire can burn 1 blood to make the damage from his hand
    strikes aggravated for the current round": a `use` of the vampire in combat, before strikes resolve."""
    if e.condition == "merged":
        return None
    m = _AGG_HANDS.match(e.text.strip().rstrip(".").lower())
    return ("combat" if m.group("per") == "combat" else "round") if m else None


_ACTION_BAR = re.compile(r"^(?:this vampire|he|she) cannot (?:perform (?P<pol>political actions)|commit (?P<dia>diablerie))$")


@lru_cache(maxsize=None)
def action_bar(e: Effect) -> str | None:
    """"political" or "diablerie": "This vampire cannot perform political actions", "... cannot commit diablerie":
    such an action of the vampire is refused as it is announced (engine: effects_crypt.actor_refusal)."""
    if e.condition == "merged":
        return None
    m = _ACTION_BAR.match(e.text.strip().rstrip(".").lower())
    return None if not m else "political" if m.group("pol") else "diablerie"


_HANDS_AGG = re.compile(r"^damage from (?:this vampire's|his|her) hand strikes is aggravated$")


@lru_cache(maxsize=None)
def hands_aggravated(e: Effect) -> bool | None:
    """"Damage from this vampire's hand strikes is aggravated": each of its hand strikes (engine:
    effects_crypt.hand_strike, from the strike's choice); None otherwise."""
    return True if e.condition != "merged" and _HANDS_AGG.match(e.text.strip().rstrip(".").lower()) else None


# -- bonuses the vampire gives other minions ("Sabbat vampires you control get +1 bleed ...") -------------------------

_AURA = re.compile(
    r"^(?:(?:while|if) this vampire is (?P<state>ready|locked)(?: and a (?P<title>prince))?, )?(?P<np>[a-z ,\-]+?) get "
    r"(?:an additional )?\+(?P<n>\d) (?P<stat>stealth|bleed)(?: (?P<cond>.+))?$")
_AGAINST_ME = re.compile(r"^(?P<ready>while this vampire is ready, )?(?P<np>[a-z ,\-]+?) get (?P<sign>[+\-])(?P<n>\d) bleed "
                         r"(?:against you|when bleeding you|when bleeding this vampire's controller)$")


@lru_cache(maxsize=None)
def aura_readings(e: Effect) -> tuple:
    """Bonuses the vampire gives other minions: ("aura", stat, n, state, title, classes, whose, conditions, others
    only) for
    "While this vampire is ready and a prince, Sabbat vampires you control get +1 bleed when bleeding a Methuselah
    who controls a ready Camarilla vampire" (state "ready"/"locked"/"play", whose "mine"/"any"; the conditions
    are those of the acting minion's own bonuses) and ("against_me", "bleed", n, classes[, "ready"]) for "Titled
    vampires get +1 bleed against you" (bleeds at the vampire's controller; "ready": "While this vampire is ready, ..."). The engine adds them to the acting minion's
    stealth and bleed (effects_crypt)."""
    if e.condition == "merged":
        return ()
    t = e.text.strip().rstrip(".").lower()
    m = _AGAINST_ME.match(t)
    if m:
        alts = minion_classes(m.group("np"))
        n = int(m.group("n")) * (-1 if m.group("sign") == "-" else 1)
        got = ("against_me", "bleed", n, alts) + (("ready",) if m.group("ready") else ())
        return (got,) if alts else ()
    m = _AURA.match(t)
    if not m or m.group("np").startswith(("this vampire", "he ", "she ")):
        return ()
    np = m.group("np")
    whose = "any"
    if np.endswith(" you control"):
        whose, np = "mine", np[: -len(" you control")]
    elif np == "your minions":
        whose, np = "mine", "minions"
    elif np.startswith("all "):
        np = np[4:]
    else:
        return ()
    other = np.startswith("other ")
    np = re.sub(r"^other ", "", np)
    alts = minion_classes(np)
    if not alts:
        return ()
    conds = _own_action_cond(m.group("cond") or "")
    if conds is None:
        return ()
    return (("aura", m.group("stat"), int(m.group("n")), m.group("state") or "play", m.group("title"), alts, whose,
             conds, other),)


_BURN_CARD = re.compile(r"^(?:this vampire|this imbued|he|she) (?:can|may) burn (?:a|an) (?P<what>retainer|location|equipment)"
                        r" as a (?:\+(?P<st>\d) stealth )?\(d\) action(?: that costs (?P<c>\d) blood)?$")


@lru_cache(maxsize=None)
def burn_card_action(e: Effect) -> tuple | None:
    """(type, stealth, blood cost) of "This vampire can burn a retainer as a +1 stealth (D) action" (a location, an
    equipment): an action of kind card `from` the vampire, `target` the card in play of another Methuselah."""
    if e.condition == "merged":
        return None
    m = _BURN_CARD.match(e.text.strip().rstrip(".").lower())
    return (m.group("what").capitalize(), int(m.group("st") or 0), int(m.group("c") or 0)) if m else None


def blocks_anyone(e: Effect) -> bool:
    """Anneke: "This vampire may attempt to block a vampire controlled by another Methuselah, ignoring the normal
    prey, predator or target restrictions for blocking actions" (rules_action.block asks effects_crypt)."""
    return e.condition != "merged" and e.text.strip().rstrip(".").lower() == (
        "this vampire may attempt to block a vampire controlled by another methuselah, ignoring the normal prey, "
        "predator or target restrictions for blocking actions")


_OWN_PREVENT = re.compile(r"^(?:this vampire|this imbued|he|she) (?:can|may) prevent (?P<n>\d) damage each combat$")
_OWN_PREVENT_STRIKE = re.compile(r"^once each combat, (?:this vampire|this imbued|he|she) (?:can|may) prevent (?P<n>\d) "
                                 r"damage from an opposing minion's strike$")


def own_prevent(e: Effect) -> int | None:
    """N of "This vampire can prevent 1 damage each combat": `prevent` with `using` the vampire, once each combat
    (rules_combat.prevent reads the vampire's text: at most N, once each combat)."""
    if e.condition == "merged":
        return None
    t = e.text.strip().rstrip(".").lower()
    m = _OWN_PREVENT.match(t) or _OWN_PREVENT_STRIKE.match(t)
    return int(m.group("n")) if m else None


def own_prevent_strike_only(e: Effect) -> bool:
    """Lodin's "Once each combat, this vampire can prevent 1 damage from an opposing minion's strike": only when the
    opposing minion's strike is among the damage (effects_crypt.check_own_prevent)."""
    return e.condition != "merged" and bool(_OWN_PREVENT_STRIKE.match(e.text.strip().rstrip(".").lower()))


_STRIKE_COST = re.compile(r"^burn (\d) blood$")


def own_strike_cost(e: Effect) -> int | None:
    """N of the vampire's own strike "can burn N blood to strike: ..."."""
    if e.kind != "strike" or e.subject is None or e.get("frame"):
        return None
    m = _STRIKE_COST.match(str(e.get("cost") or ""))
    return int(m.group(1)) if m else None


def _costed_first_strike(abilities: list) -> list:
    out = []
    seen = False
    for e in abilities:
        if e.kind == "strike" and e.subject is not None and not e.get("frame") and e.condition != "merged":
            if not seen and not e.automated and own_strike_cost(e) is not None:
                plain = replace(e, subject=None, optional=False,
                                params=tuple(p for p in e.params if p[0] not in ("once_each_combat", "cost")))
                if effects._strike_automated(plain):
                    e = replace(e, automated=True)
            seen = True
        out.append(e)
    return out


_MAGE_SEARCH = ("while this vampire is ready, you can use 4 transfers to search your library (shuffle afterward) and/or "
                "hand for a mage ally he could play",
                "put that ally in play with life equal to its starting life and pay its cost as normal")


def mage_search(e: Effect) -> bool:
    """Antonio d'Erlette: 4 transfers to put a mage ally from the library or hand in play (cost paid as normal): a
    `use` of the vampire in the influence phase, effect "ally", `minion` the ally card."""
    return e.condition != "merged" and e.text.strip().rstrip(".").lower() in _MAGE_SEARCH


_AFTER_BLEED = {
    "after it successfully bleeds, you can gain 2 pool": ("pool", 2),
    "when this vampire successfully bleeds a methuselah, she may burn the top two cards of that methuselah's library":
        ("library", 2),
    "you can burn the top card of the target methuselah's library after this vampire bleeds successfully": ("library", 1),
    "after this vampire successfully bleeds your prey (for 1 or more), he can gain 1 blood": ("blood", 1),
}


def after_bleed(e: Effect) -> tuple | None:
    """(effect, n) of an optional effect after the vampire's successful bleed ("After it successfully bleeds, you can
    gain 2 pool", "burn the top card of the target Methuselah's library"): a `use` of the vampire in the action's
    resolution, effect "pool", "library" or "blood", once."""
    if e.condition == "merged":
        return None
    return _AFTER_BLEED.get(e.text.strip().rstrip(".").lower())


_NO_UNLOCK = {
    "if this vampire successfully bleeds a methuselah who controls a ready titled vampire, she does not unlock as "
    "normal during her next unlock phase": ("bleed", "titled"),
    "if this vampire successfully hunts, he does not unlock as normal during his next unlock phase": ("hunt", None),
    "if she successfully hunts, she does not unlock as normal during her next unlock phase": ("hunt", None),
    "if successful, that vampire does not unlock as normal during his or her next unlock phase": ("lock", None),
}


def no_unlock_after(e: Effect) -> tuple | None:
    """(action, condition) of "If this vampire successfully hunts, he does not unlock as normal during his next unlock
    phase" (Lubomira Hradok's bleed at a Methuselah with a ready titled vampire; Yitzak's lock: the locked vampire):
    recorded as the action succeeds (effects_crypt.action_succeeded)."""
    if e.condition == "merged":
        return None
    return _NO_UNLOCK.get(e.text.strip().rstrip(".").lower())



def unlock_end_of_turn_after(e: Effect) -> str | None:
    """"employ": Enkidu's "If this vampire successfully performs an action to employ a retainer, he unlocks at the end
    of the turn" (recorded as the action succeeds; the engine unlocks at the end of the turn)."""
    if e.condition == "merged":
        return None
    t = e.text.strip().rstrip(".").lower()
    return "employ" if t == ("if this vampire successfully performs an action to employ a retainer, he unlocks at the "
                             "end of the turn") else None


_FOE_COST = (
    re.compile(r"^combat cards requiring [a-z ]+ \[(?P<d>[a-z]{3})\] cost (?P<np>[a-z ,\-]+?) an additional blood when in "
               r"combat with this vampire$"),
    re.compile(r"^while this vampire is acting, (?P<t>reaction) cards cost (?:(?P<np>[a-z ,\-]+?) )?(?:\+1|1 additional) "
               r"blood$"),
)


@lru_cache(maxsize=None)
def foe_cost(e: Effect) -> tuple | None:
    """(scope, what, classes or None) of what the vampire makes others' cards cost: "Combat cards requiring Serpentis
    [ser] cost Followers of Set an additional blood when in combat with this vampire" (scope "combat", what ("disc",
    "ser")), "While this vampire is acting, reaction cards cost younger vampires 1 additional blood" (scope
    "acting", what ("type", "Reaction")): +1 blood as the other minion pays (effects_crypt.cost_change)."""
    if e.condition == "merged":
        return None
    t = e.text.strip().rstrip(".").lower()
    for rx in _FOE_COST:
        m = rx.match(t)
        if not m:
            continue
        alts = None
        if m.group("np"):
            alts = minion_classes(m.group("np"))
            if not alts:
                return None
        if m.groupdict().get("d"):
            return ("combat", ("disc", m.group("d")), alts)
        return ("acting", ("type", "Reaction"), alts)
    return None



def rescue_cheaper(e: Effect) -> bool:
    """Frondator: "Rescuing a vampire from torpor costs this vampire 1 fewer blood" (also "... -1 blood", "This
    vampire burns 1 less blood when rescuing a vampire in torpor"): the blood it pays for a rescue,
    effects_crypt.cost_change."""
    return e.condition != "merged" and e.text.strip().rstrip(".").lower() in (
        "rescuing a vampire from torpor costs this vampire 1 fewer blood",
        "rescuing a vampire from torpor costs this vampire -1 blood",
        "this vampire burns 1 less blood when rescuing a vampire in torpor")


_UNLOCK_USE = (
    (re.compile(r"^if this vampire is ready during your unlock phase, another ready (?P<np>[a-z ,\-]+?) you control can "
                r"gain 1 blood$"), "blood"),
    (re.compile(r"^if this vampire is ready during your unlock phase, (?:he|she) can burn 2 blood to burn 1 pool from your "
                r"prey$"), "pool"),
    (re.compile(r"^if this vampire is ready during your unlock phase, (?:he|she) can burn 2 blood to lock (?:a|an) "
                r"(?P<np>[a-z ,\-]+)$"), "lock"),
    (re.compile(r"^during your unlock phase, this vampire can burn 2 blood to lock (?:a|an) (?P<np>[a-z ,\-]+?) controlled "
                r"by your prey$"), "lock prey's"),
)


@lru_cache(maxsize=None)
def unlock_phase_use(e: Effect) -> tuple | None:
    """(effect, classes) of a use of the ready vampire in its controller's unlock phase, once: "another ready Giovanni
    you control can gain 1 blood" ("blood", `minion` the vampire), "burn 2 blood to burn 1 pool from your prey"
    ("pool"), "burn 2 blood to lock a younger vampire" ("lock", `minion` the vampire; "lock prey's": one your prey
    controls)."""
    if e.condition == "merged":
        return None
    t = e.text.strip().rstrip(".").lower()
    for rx, what in _UNLOCK_USE:
        m = rx.match(t)
        if not m:
            continue
        alts = None
        if m.groupdict().get("np"):
            alts = minion_classes(m.group("np"))
            if not alts:
                return None
        return (what, alts)
    return None
