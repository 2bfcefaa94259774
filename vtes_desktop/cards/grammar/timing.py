"""When a card can be used: the "Only usable ...", "Usable ...", "Not usable ..." clauses, and type defaults.

A clause is read as a chain of phrases, each one of a few dozen patterns
(`PHRASES`), joined by commas, "and", "or" and "; only usable". Every phrase
gives one or more tags. A clause is consumed only when its phrases cover
every word. Tags fall in three groups by the clause's opening:

- "Only usable ..." gives restrictions (`Mode.only`): all must hold;
- "Usable ..." (and "Also usable", "but usable" after "As above") gives
  permissions beyond the type's default (`Mode.also`), e.g. "may be locked";
- "Not usable ..." gives restrictions written as `not:<tag>`.

Tags (the engine reads the first group today):

  during bleed | during hunt | during political | as announced | before range | long range | close range |
  locked | polling | referendum | block attempted | directed at you | after success | in torpor

and, new:

  during <kind> (equip, recruit, employ, diablerie, directed, undirected, non-bleed, action) |
  before votes | after political | referendum passed | referendum failed |
  first round | not first round | before strikes | choosing strike | before strike resolution | damage |
  end of round | after combat | press step | combat ending | in combat | in combat with:<who> | against:<who> |
  to end combat | to continue combat | to close range | to long range | once each combat | once each round |
  this blocks | this blocked | before block resolution | after block resolution | block succeeded |
  action blocked | after blocks declined | bleeding you | bleed amount>=N | after action | after unsuccessful |
  ready | unlocked | other than acting | not in combat | blocking | by:<who> | on:<what> | if:<condition> |
  may be locked | may be in torpor | no action needed

`windows(types, only, effects)` turns them into the public window names of
the scenario format.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# a permissive noun phrase: a few words, checked against the vocabulary by the caller
_NPW = r"[a-z0-9'\-\[\]/]+"
NP = rf"(?:{_NPW}(?:,? (?:or|and|and/or) |, | ))*?{_NPW}"
_STARTERS = r"(?:only|and only|if|when|before|after|during|at|on|by|in|as|against|otherwise|usable|not|to|once|even|either)\b"
_END = (rf"(?=$|;|\)|,? (?:and |or )?{_STARTERS})(?!(?<=controlled) by)(?!(?<=played) by)(?!(?<=employed) by)(?!(?<=burned) by)(?!(?<=bled) by)(?!(?<=blocked) by)")
_ENDS = re.compile(r"(?=[ ,;)]|$)")

ACTKINDS = {
    "bleed": "during bleed", "hunt": "during hunt", "political": "during political", "equip": "during equip",
    "recruit": "during recruit", "recruit ally": "during recruit", "employ": "during employ",
    "employ retainer": "during employ", "diablerie": "during diablerie", "directed": "during directed",
    "undirected": "during undirected", "non-bleed": "during non-bleed", "(d)": "during directed",
}
_ACTKIND = r"(?P<k>bleed, hunt,? or equip|bleed or political|bleed|hunt|political|equip|recruit ally|recruit|employ retainer|employ|diablerie|directed|undirected|non-bleed)"

Phrase = tuple[re.Pattern, re.Pattern | None, Callable[[re.Match], list[str]], bool]


def _kinds(k: str | None) -> list[str]:
    if not k:
        return []
    if "," in k or " or " in k:
        return ["during " + "|".join(x.strip() for x in re.split(r",? or |, ", k) if x.strip())]
    return [ACTKINDS[k]]


def _np_tag(prefix: str, np: str) -> str:
    return f"{prefix}:{np.strip()}"


def _by(m: re.Match) -> list[str]:
    np = m.group("np")
    tags = []
    words = np
    if re.search(r"\blocked\b", words) and not re.search(r"\bunlocked\b", words):
        tags.append("locked")
    if re.search(r"\bin torpor\b", words):
        tags.append("in torpor")
    if re.search(r"\bunlocked\b", words):
        tags.append("unlocked")
    if re.search(r"\bready\b", words):
        tags.append("ready")
    if re.search(r"\bother than the acting (?:minion|vampire)\b", words):
        tags.append("other than acting")
    if re.search(r"\bnot involved in (?:the )?(?:current )?combat\b", words):
        tags.append("not in combat")
    if re.search(r"\bblocking\b", words):
        tags.append("blocking")
    rest = re.sub(r"\b(?:an?|the|locked|unlocked|ready|vampire|minion|in torpor|,)\b", " ", words)
    rest = re.sub(r"\s+", " ", rest).strip()
    if rest or not tags:
        tags.append(_np_tag("by", np))
    return tags


def _p(rx: str, fn: Callable[[re.Match], list[str]] | list[str] | str, greedy: bool = False) -> Phrase:
    """A phrase; one that ends with a noun phrase also gets a plain form, tried at each later word end
    (the shortest first, or the longest first for a *greedy* phrase: a free condition)."""
    f = fn if callable(fn) else (lambda m, v=([fn] if isinstance(fn, str) else fn): list(v))
    plain = re.compile(rx[:-len(_END)]) if rx.endswith(_END) else None
    return re.compile(rx), plain, f, greedy


#: The phrase patterns, tried in order at each point of a clause. The comment before each group says what
#: it covers; the order matters only where one pattern is a prefix of another.
PHRASES: list[Phrase] = [
    # -- the action under way ---------------------------------------------------------------------------
    _p(rf"during (?:a|an|the) {_ACTKIND} action(?: (?:directed at|against) you(?: \(or a card you control\))?)?"
       rf"(?: (?:by|against) (?P<np>{NP}))?{_END}",
       lambda m: _kinds(m.group("k")) + (["directed at you"] if " you" in m.group(0).split(m.group("k"), 1)[1][:30]
                                        and "directed at you" in m.group(0) or "against you" in m.group(0) else [])
       + (_by(m) if m.group("np") else [])),
    _p(r"during a bleed against you", ["during bleed", "directed at you"]),
    _p(r"on a bleed against you", ["during bleed", "directed at you"]),
    _p(r"during an action directed at you(?: \(or a card you control\))?", ["directed at you"]),
    _p(rf"(?:during|on) (?:an|a) (?:monster's )?action directed at (?P<np>{NP}){_END}",
       lambda m: ["directed at you" if m.group("np") in ("you", "this vampire", "this imbued") else
                  _np_tag("directed at", m.group("np"))]),
    _p(rf"during an action requiring (?P<np>{NP}) against (?P<np2>{NP}){_END}",
       lambda m: [_np_tag("action requiring", m.group("np")), _np_tag("against", m.group("np2"))]),
    _p(rf"during an action to (?P<v>recruit or employ|recruit|employ|equip with|equip) (?P<np>{NP}){_END}",
       lambda m: ["during " + m.group("v").split()[0] if " or " not in m.group("v") else "during recruit|employ",
                  _np_tag("of", m.group("np"))]),
    _p(r"(?:only )?during a directed action", ["during directed"]),
    _p(r"on an undirected action", ["during undirected"]),
    _p(r"on a successful bleed", ["during bleed", "after success"]),
    _p(r"on an action that doesn't cost blood or require a vampire, clan or discipline",
       ["if:the action costs no blood and needs no vampire, clan or discipline"]),
    _p(rf"(?:as|when) (?:the|an|a) (?:(?P<k2>directed|undirected|non-bleed|bleed|hunt|political) )?action"
       rf"(?: to (?:recruit or employ|recruit|employ|equip) (?P<np>{NP}))?(?: requiring (?P<req>{NP}))? is announced",
       lambda m: ["as announced"] + _kinds(m.group("k2")) + ([_np_tag("of", m.group("np"))] if m.group("np") else [])
       + ([_np_tag("action requiring", m.group("req"))] if m.group("req") else [])),
    _p(r"(?:as|when) (?:the|an|a) action is announced", ["as announced"]),
    _p(rf"when the action to recruit (?P<np>{NP}) is announced", lambda m: ["as announced", "during recruit"]),
    # -- politics ---------------------------------------------------------------------------------------
    _p(r"during the polling step(?: of (?:a|the) (?:political action|referendum))?", ["polling"]),
    _p(r"during (?:a|the) referendum(?: of a political action)?", ["referendum"]),
    _p(r"before (?:any )?votes (?:and|or) ballots are cast", ["before votes"]),
    _p(r"after resolution of a political action whose referendum passed", ["after political", "referendum passed"]),
    _p(r"after resolution of a political action", ["after political"]),
    _p(r"on a successful referendum", ["referendum passed"]),
    _p(r"when a referendum fails", ["referendum failed"]),
    _p(r"on a referendum that is automatically passing", ["referendum passed", "if:automatically passing"]),
    # -- blocks -----------------------------------------------------------------------------------------
    _p(rf"(?:if|when) (?:a|an) (?P<np>{NP}) (?:attempts|is attempting) to block(?: (?P<np2>this (?:vampire|acting minion)|a vampire who is attempting to diablerize one of your vampires))?",
       lambda m: ["block attempted"] + ([] if m.group("np") in ("minion",) else [_np_tag("blocker", m.group("np"))])),
    _p(r"if a minion attempts to block", ["block attempted"]),
    _p(r"when attempting to block a directed action", ["block attempted", "during directed", "blocking"]),
    _p(rf"if (?:this|a) (?P<np>{NP}) blocks(?: (?:an?|the) (?P<np2>{NP}))?(?=,|$| before)",
       lambda m: ["this blocks" if m.group(0).startswith("if this") else "block succeeded"]
       + ([_np_tag("blocking", m.group("np2"))] if m.group("np2") else [])),
    _p(rf"if (?:this|an?) (?P<np>{NP}) (?:you control )?is blocked",
       lambda m: ["this blocked" if m.group(0).startswith("if this") else "action blocked"]),
    _p(rf"when this (?P<np>{NP}) is (?:successfully )?blocked(?: by (?P<np2>{NP}))?{_END}",
       lambda m: ["this blocked"] + ([_np_tag("blocker", m.group("np2"))] if m.group("np2") else [])),
    _p(rf"when (?:this )?(?P<np>{NP}) successfully blocks(?: (?P<np2>{NP}))?{_END}",
       lambda m: ["block succeeded"] + ([_np_tag("blocker", m.group("np"))] if not m.group(0).startswith("when this")
                                         and m.group("np") not in ("a minion", "minion") else [])
       + ([_np_tag("blocking", m.group("np2"))] if m.group("np2") else [])),
    _p(rf"when this (?P<np>{NP}) has blocked (?P<np2>{NP}){_END}", lambda m: ["block succeeded", _np_tag("blocking", m.group("np2"))]),
    _p(r"when a minion you control would successfully block", ["block succeeded"]),
    _p(r"when an action is blocked", ["action blocked"]),
    _p(r"if the action was blocked", ["action blocked"]),
    _p(r"before block resolution", ["before block resolution"]),
    _p(r"after block resolution", ["after block resolution"]),
    _p(r"\(?play before combat(?:, if any)?\)?", ["before combat"]),
    _p(r"before combat begins", ["before combat"]),
    _p(r"after blocks are declined", ["after blocks declined"]),
    _p(r"after resolution of a blocked action", ["action blocked", "after action"]),
    _p(rf"after resolution of an action blocked by (?P<np>{NP}){_END}", lambda m: ["action blocked", "after action", _np_tag("blocker", m.group("np"))]),
    # -- bleeds against you ------------------------------------------------------------------------------
    _p(rf"(?:if|when) (?:a|an) (?P<np>{NP}) is bleeding you(?: for (?P<n>\d+) or more)?(?: and the bleed amount is (?P<n2>\d+) or more)?",
       lambda m: ["bleeding you"] + ([] if m.group("np") == "minion" else [_np_tag("bleeder", m.group("np"))])
       + ([f"bleed amount>={m.group('n') or m.group('n2')}"] if (m.group("n") or m.group("n2")) else [])),
    _p(rf"when you are being bled by (?P<np>{NP}){_END}", lambda m: ["bleeding you", _np_tag("bleeder", m.group("np"))]),
    _p(r"when you are successfully bled for more than (?P<n>\d+) pool",
       lambda m: ["bleeding you", "after success", f"bleed amount>={int(m.group('n')) + 1}"]),
    _p(r"when a bleed against you is (?:about to be )?successful(?: or a referendum passes)?",
       lambda m: ["either:bleeding you,bleed succeeding|referendum passed"] if "referendum" in m.group(0)
       else ["bleeding you", "bleed succeeding"]),
    _p(r"if a bleed would be successful", ["during bleed", "bleed succeeding"]),
    _p(rf"after a (?P<np>{NP}) successfully bleeds you", lambda m: ["bleeding you", "after success"]),
    _p(rf"if a minion controlled by your predator successfully bleeds you", ["bleeding you", "after success", "bleeder:your predator's minion"]),
    _p(rf"if another methuselah is being bled by a minion you do not control and the bleed amount is (?P<n>\d+) or more",
       lambda m: ["bleeding other", f"bleed amount>={m.group('n')}"]),
    # -- success and resolution --------------------------------------------------------------------------
    _p(r"after resolution of a successful (?:(?P<k>directed|bleed|hunt|political) )?action(?: requiring (?P<np>[^,;]+))?",
       lambda m: ["after success"] + _kinds(m.group("k")) + ([_np_tag("action requiring", m.group("np"))] if m.group("np") else [])),
    _p(r"after resolution of a successful bleed(?: against your prey)?", ["after success", "during bleed"]),
    _p(r"after resolution of an unsuccessful action", ["after unsuccessful"]),
    _p(r"after (?:a )?successful (?:directed )?action", ["after success"]),
    _p(rf"after resolving a successful action(?: that requires (?P<np>{NP}))?{_END}",
       lambda m: ["after success"] + ([_np_tag("action requiring", m.group("np"))] if m.group("np") else [])),
    _p(r"at the end of a successful action(?: directed at the methuselah with the edge)?(?: \(after resolving the action\))?",
       lambda m: ["after success"] + (["if:directed at the Methuselah with the Edge"] if "edge" in m.group(0) else [])),
    _p(r"after (?:action )?resolution(?: \(successful or not\))?", ["after action"]),
    _p(r"if the action was successful", ["after success"]),
    _p(r"when (?:a|an) (?P<k>hunt|diablerie) action is successful(?:, after resolution)?",
       lambda m: ["after success"] + _kinds(m.group("k"))),
    _p(rf"when an action to equip (?:with )?(?P<np>{NP}) is (?P<r>successful|blocked)",
       lambda m: ["during equip", "after success" if m.group("r") == "successful" else "action blocked"]),
    # -- combat -----------------------------------------------------------------------------------------
    _p(r"before range is (?:determined|chosen)", ["before range"]),
    _p(r"(?:(?:on|during|in) )?the first round(?: of combat)?(?: resulting from a block)?", ["first round"]),
    _p(r"first round of combat", ["first round"]),
    _p(r"after the first round of combat", ["not first round"]),
    _p(r"(?:only )?at (?P<r>long|close) range", lambda m: [f"{m.group('r')} range"]),
    _p(r"before strikes are chosen", ["before strikes"]),
    _p(r"(?:as this minion chooses a strike|when choosing a strike|during the choose-strike step)", ["choosing strike"]),
    _p(r"(?:only )?if this vampire would choose (?:his or her|their) strike first", ["if:this vampire chooses its strike first"]),
    _p(r"after both combatants have chosen their strikes?|after strikes have been chosen", ["strikes chosen"]),
    _p(rf"before (?:strike )?resolution(?: of (?:a|an|the) (?P<np>{NP})'s strike)?",
       lambda m: ["before strike resolution"] + ([_np_tag("strike of", m.group("np"))] if m.group("np") else [])),
    _p(rf"as damage from (?P<np>{NP}) is resolved", lambda m: ["damage", _np_tag("damage from", m.group("np"))]),
    _p(r"at the end of (?:a|the|each) round(?: of combat)?", ["end of round"]),
    _p(rf"(?:in|during) which (?:this|the opposing) (?P<np>{NP}) (?:successfully )?inflicted (?P<what>[^,;]+)",
       lambda m: ["if:" + m.group(0).split(" ", 2)[2]]),
    _p(r"(?:usable )?after combat", ["after combat"]),
    _p(rf"after a combat (?:involving|between|resulting from) (?P<np>{NP}){_END}", lambda m: ["after combat", _np_tag("combat with", m.group("np"))]),
    _p(r"during the press step", ["press step"]),
    _p(r"if (?:both combatants are still ready and )?combat (?:is about to|would) end", ["combat ending"]),
    _p(r"if both combatants are still ready", ["if:both combatants are ready"]),
    _p(r"(?:any time )?during combat|in combat|in the resulting combat", ["in combat"]),
    _p(rf"(?:in|during) combat with (?P<np>{NP}){_END}", lambda m: [_np_tag("in combat with", m.group("np"))]),
    _p(rf"against (?P<np>{NP}){_END}", lambda m: [_np_tag("against", m.group("np"))]),
    _p(r"to end combat", ["to end combat"]),
    _p(r"to continue combat", ["to continue combat"]),
    _p(r"to (?:get|go) to (?P<r>close|long) range", lambda m: [f"to {m.group('r')} range"]),
    _p(r"(?:only )?once (?:each|per) (?P<s>combat|round)", lambda m: [f"once each {m.group('s')}"]),
    _p(r"(?:only )?to strike with this gun", ["if:striking with this gun"]),
    _p(r"to make a hand strike", ["if:a hand strike"]),
    _p(r"as an additional strike", ["additional strike"]),
    _p(r"the round it is put in play", ["if:the round it is put in play"]),
    _p(r"this round", ["this round"]),
    _p(r"(?:during|in) (?:that|the resulting) combat", ["in combat"]),
    _p(r"each combat", ["each combat"]),
    _p(r"the first time the gun is used in a given combat", ["if:the first use of the gun this combat"]),
    # -- who uses it ------------------------------------------------------------------------------------
    _p(rf"by (?:a|an|the) (?P<np>{NP}){_END}", _by),
    _p(rf"by (?P<np>{NP}){_END}", _by),
    _p(r"in torpor", ["in torpor"]),
    _p(r"not involved in (?:the )?(?:current )?combat(?:, if any)?", ["not in combat"]),
    # -- torpor and burning -------------------------------------------------------------------------------
    _p(rf"(?:if|when) (?P<np>this vampire|the opposing ally|this minion) (?:would be|is being|is about to be) (?P<v>burned|diablerized)",
       lambda m: [f"if:{m.group('np')} {m.group('v')}"]),
    _p(r"either in combat or as a \(d\) action", ["if:in combat or as a (D) action"]),
    _p(r"if, (?P<c>during this action, .+)", lambda m: [f"if:{m.group('c')}"]),
    _p(rf"to (?P<c>(?:take control of|cancel|unlock|move|continue) [^;()]+?){_END}", lambda m: [f"if:to {m.group('c')}"]),
    _p(rf"(?P<c>any time before the action is resolved)", ["blocks", "after blocks declined"]),
    _p(rf"as an action modifier", ["as action modifier"]),
    _p(r"even (?:if|though) there is no action", ["no action needed"]),
    _p(r"even if intercept is not yet needed", ["intercept not needed"]),
    _p(rf"on (?P<np>{NP}){_END}", lambda m: [_np_tag("on", m.group("np"))]),
    _p(r"(?:during|on) (?:your|his or her|their) (?:own )?turn", ["your turn"]),
    _p(r"during your (?:own )?(?P<ph>unlock|master|minion|influence|discard) phase", lambda m: [m.group("ph")]),
    _p(r"during the first action in a minion phase", ["if:the first action of a minion phase"]),
    _p(r"otherwise", ["if:otherwise"]),
    # -- the rest: a condition in the game's words (the caller checks every word) --------------------------
    _p(rf"(?P<w>if|when|after|as|while|on|whenever) (?P<c>[^,;()]+?(?: \([^)]*\))?(?:,? (?:or|and) (?![^,;()]*\b(?:can|cannot|may|must|gets?)\b)[^,;()]+?)*){_END}",
       lambda m: [f"if:{m.group('c')}"], greedy=True),
]

_OPEN = re.compile(r"^(?:(?P<also>also |but |and |or )?(?P<kind>only usable|usable|not usable|playable|play))\b\s*")
_JOIN = re.compile(r"(?:\s*[,;]\s*(?:and )?(?:only usable |usable |and only |only )?|\s+and (?:only )?(?:usable )?|\s+or |\s+)")


def parse_usable(clause: str) -> tuple[str, list[str]] | None:
    """("only"|"also"|"not", tags) for one usable clause (lower case, no final stop), or None."""
    s = clause.strip().lower().rstrip(".")
    m = _OPEN.match(s)
    if not m:
        return None
    kind = {"only usable": "only", "usable": "also", "playable": "also", "not usable": "not", "play": "only"}[m.group("kind")]
    if m.group("also") == "or " and kind == "only":
        kind = "also"       # "Or play when ...": another moment the card can be used
    pos = m.end()
    if pos >= len(s):
        return None
    tags = _phrases(s, pos, 0)
    if tags is None:
        return None
    if kind == "also":
        tags = [_permission(t) for t in tags]
    elif kind == "not":
        tags = [f"not:{t}" for t in tags]
    return kind, tags


def _first_words(src: str) -> frozenset[str] | None:
    """The words a phrase pattern can start with, when its source says so plainly (None: any)."""
    m = re.match(r"^\(\?:((?:[a-z\-]+\|)*[a-z\-]+)\)[ \\]", src)
    if m:
        return frozenset(m.group(1).split("|"))
    m = re.match(r"^([a-z\-]+)[ ,\\]", src)
    if m:
        return frozenset((m.group(1),))
    return None


_BY_WORD: dict[str, list[Phrase]] = {}
_ANY: list[tuple[int, Phrase]] = []


def _index() -> None:
    words: dict[str, list[tuple[int, Phrase]]] = {}
    for i, ph in enumerate(PHRASES):
        fw = _first_words(ph[0].pattern)
        if fw is None:
            _ANY.append((i, ph))
        else:
            for w in fw:
                words.setdefault(w, []).append((i, ph))
    for w, lst in words.items():
        _BY_WORD[w] = [ph for _, ph in sorted(lst + _ANY, key=lambda x: x[0])]


_WORD = re.compile(r"[a-z\-]+")


def _candidates(s: str, pos: int) -> list[Phrase]:
    if not _BY_WORD and not _ANY:
        _index()
    m = _WORD.match(s, pos)
    if m and m.group(0) in _BY_WORD:
        return _BY_WORD[m.group(0)]
    return [ph for _, ph in _ANY]


def _phrases(s: str, pos: int, depth: int) -> list[str] | None:
    """Tags for s[pos:] read as a chain of phrases, trying every phrase that fits at each point."""
    if depth > 8:
        return None
    for rx, plain, fn, greedy in _candidates(s, pos):
        mm = rx.match(s, pos)
        if not mm or mm.end() <= pos:
            continue
        cands = [mm]
        if plain is not None:
            for e in _ENDS.finditer(s, mm.end() + 1):
                m2 = plain.fullmatch(s, pos, e.start())
                if m2 is not None:
                    cands.append(m2)
        if greedy:
            cands.reverse()
        for c in cands:
            end = c.end()
            if end >= len(s):
                return fn(c)
            j = _JOIN.match(s, end)
            if not j or not j.group(0):
                continue
            rest = _phrases(s, j.end(), depth + 1)
            if rest is not None:
                if j.group(0).strip() == "or":
                    return [f"either:{','.join(fn(c))}|{','.join(rest)}"]
                return fn(c) + rest
    return None


def _permission(tag: str) -> str:
    return {"locked": "may be locked", "in torpor": "may be in torpor"}.get(tag, tag)


def condition_words(tags: list[str]) -> list[str]:
    """The free text inside tags (after the colon), for the caller's word check."""
    out = []
    for t in tags:
        if ":" in t:
            out.append(t.split(":", 1)[1])
    return out


# -- windows ---------------------------------------------------------------------------------------------

ACTION_WINDOWS = ("block_attempt", "blocks", "blocks_declined")
COMBAT_WINDOWS = ("before_range", "range", "before_strikes", "strike", "damage", "additional_strikes", "press",
                  "end_of_round")


def windows(types: tuple[str, ...], only: tuple[str, ...], effect_kinds: set[str], *, out_of_turn: bool = False) -> tuple[str, ...]:
    """The public windows (scenario format) where a mode can be used, from its types, tags and effects."""
    out: list[str] = []
    tset = set(types)
    o = set(only)

    def add(*ws: str) -> None:
        for w in ws:
            if w not in out:
                out.append(w)

    if tset & {"Action", "Political Action", "Ally", "Retainer", "Equipment"}:
        add("minion")
    if "Master" in tset:
        add("master")
        if out_of_turn:
            add("unlock", "minion", "influence", "discard", *ACTION_WINDOWS, "action_resolution", "polling",
                *COMBAT_WINDOWS)
    if "Event" in tset:
        add("discard")
    if "Conviction" in tset or "Power" in tset:
        pass
    if tset & {"Action Modifier", "Reaction"}:
        if "as announced" in o:
            add("action_announced")
        elif o & {"polling", "referendum", "before votes"}:
            add("polling")
        elif o & {"after success", "after action", "after unsuccessful", "after political", "referendum passed"}:
            add("action_resolution")
        elif "block attempted" in o or "this blocks" in o or "this blocked" in o or "before block resolution" in o:
            add("block_attempt")
        elif "after blocks declined" in o:
            add("blocks_declined")
        elif "after combat" in o:
            add("action_resolution")
        elif o & {"in combat", "before range"} or any(t.startswith("in combat with") for t in o):
            add(*COMBAT_WINDOWS)
        else:
            if "stealth" in effect_kinds and "Action Modifier" in tset or "intercept" in effect_kinds and "Reaction" in tset:
                add("block_attempt")
            else:
                add(*ACTION_WINDOWS)
    if "Combat" in tset:
        if "before range" in o:
            add("before_range")
        elif "before strikes" in o:
            add("before_strikes")
        elif "end of round" in o:
            add("end_of_round")
        elif "press step" in o or "combat ending" in o:
            add("press")
        elif o & {"choosing strike", "before strike resolution", "strikes chosen"}:
            add("strike")
        elif "damage" in o:
            add("damage")
        else:
            before = len(out)
            if effect_kinds & {"maneuver"}:
                add("range")
            if effect_kinds & {"strike"}:
                add("strike")
            if effect_kinds & {"prevent"}:
                add("damage")
            if effect_kinds & {"additional_strikes"}:
                add("additional_strikes")
            if effect_kinds & {"press"}:
                add("press")
            if len(out) == before:
                add("before_strikes")
    return tuple(out)
