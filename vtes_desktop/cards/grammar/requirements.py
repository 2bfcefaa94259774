"""Who may play a card: the "Requires ..." clauses and the VEKN requirement list.

A "Requires" clause names one kind of minion, cut into words this module
knows: readiness, sect, title, clan, traits, capacity. Tags:

  ready vampire | vampire | ready | unlocked | imbued | minion | sect:<sect> | not sect:<sect> |
  title:<t1>|<t2> (title:titled for any title) | untitled | clan:<clan> | capacity>=N | capacity<=N |
  black hand | not black hand | red list | not red list | seraph | infernal | non-sterile | slave |
  same circle | unmerged | base | advanced | gehenna>=N (other Gehenna events in play) | conviction>=N |
  with:<what> (a minion with flight, a Kerrie, three or more Aye) | trait:<word> (the rest of the VEKN list)

The engine checks "ready vampire", "vampire", "sect:", "title:" and
"capacity" today; it ignores the others.
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar.lexicon import SECTS, TITLES

_NUMWORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_TITLE_RX = "|".join(sorted((t for t in TITLES), key=len, reverse=True))
_TITLE_LIST = re.compile(rf"^(?:(?:{_TITLE_RX}|inner circle member)(?:,? (?:or )?|,? and |$))+$")


def _num(s: str) -> int:
    return _NUMWORDS.get(s, None) or int(s)


def parse_requires(clause: str, clans: set[str]) -> list[str] | None:
    """Tags for one "Requires ..." clause (any case, no final stop), or None when a word is not understood."""
    s = clause.strip().rstrip(".").lower()
    m = re.match(r"^requires (?:(?:at least )?(?P<n>\d+|one|two|three)(?: or more)? other gehenna (?:events?|cards?)"
                 r"(?: controlled by other methuselahs)? in play|(?P<n2>\d+) or more gehenna events in play)$", s)
    if m:
        n = _num(m.group("n") or m.group("n2"))
        return [f"gehenna>={n}"]
    m = re.match(r"^requires at least one gehenna card in play and (?:a|an) (?P<np>.+)$", s)
    if m:
        r = parse_minion_np(m.group("np"), clans)
        return None if r is None else ["gehenna>=1"] + r
    m = re.match(r"^requires both (?P<a>[a-z ]+) and (?P<b>[a-z ]+)$", s)
    if m and m.group("a") in clans and m.group("b") in clans:
        return [f"clan:{m.group('a')}&{m.group('b')}"]
    m = re.match(r"^requires (?P<n>\d+) or more ready vampires who follow the (?P<p>.+)$", s)
    if m:
        return [f"path:{m.group('p')}>={m.group('n')}"]
    m = re.match(r"^requires (?:a|an) (?P<np>.+)$", s)
    if not m:
        return None
    return parse_minion_np(m.group("np"), clans)


def parse_minion_np(np: str, clans: set[str]) -> list[str] | None:
    """Tags for a noun phrase naming a kind of minion ("ready titled Sabbat vampire with capacity above 7")."""
    r = _one_np(np, clans)
    if r is not None:
        return r
    m = re.match(r"^(?P<a>.+?) or (?:a |an )?(?P<b>.+)$", np.strip().lower())
    if m:
        a, b = _one_np(m.group("a"), clans), _one_np(m.group("b"), clans)
        if a is not None and b is not None:
            return [f"either:{','.join(a)}|{','.join(b)}"]
    m = re.match(r"^ready (?P<kinds>(?:mortal|ghoul|mage|werewolf|animal)(?:(?:,|,? or) (?:mortal|ghoul|mage|werewolf|animal))*)$", np.strip().lower())
    if m:
        return ["ready", "ally kind:" + "|".join(re.split(r",? or |, ", m.group("kinds")))]
    return None


def _one_np(np: str, clans: set[str]) -> list[str] | None:
    s = np.strip().lower().replace(", ", " ").replace(",", " ")
    tags: list[str] = []
    ready = False
    head = None

    def take(rx: str) -> re.Match | None:
        nonlocal s
        mm = re.match(rx, s)
        if mm:
            s = s[mm.end():].lstrip()
        return mm

    # trailing qualifiers first
    while True:
        mm = re.search(r" with (?:a )?capacity (?P<n>\d+) or (?P<d>more|less)$", s) or \
            re.search(r" with (?:a )?capacity (?P<n>\d+) or (?P<d>more|less)(?= who)", s)
        if mm:
            n = int(mm.group("n"))
            tags.append(f"capacity{'>=' if mm.group('d') == 'more' else '<='}{n}")
            s = (s[:mm.start()] + s[mm.end():]).strip()
            continue
        mm = re.search(r" (?:of|with) (?:a )?capacity less than (?P<n>\d+)$", s)
        if mm:
            tags.append(f"capacity<={int(mm.group('n')) - 1}")
            s = s[:mm.start()].strip()
            continue
        mm = re.search(r" who is not (?P<c>[a-z ]+)$", s)
        if mm and mm.group("c") in clans:
            tags.append(f"not clan:{mm.group('c')}")
            s = s[:mm.start()].strip()
            continue
        mm = re.search(r" with (?:a )?capacity above (?P<n>\d+)$", s) or re.search(r" with (?:a )?capacity above (?P<n>\d+)(?= who)", s)
        if mm:
            tags.append(f"capacity>={int(mm.group('n')) + 1}")
            s = (s[:mm.start()] + s[mm.end():]).strip()
            continue
        mm = re.search(r" with (?P<n>\d+|one|two|three) or more (?P<w>aye|orun)$", s)
        if mm:
            tags.append(f"with:{_num(mm.group('n'))}+ {mm.group('w')}")
            s = s[:mm.start()].strip()
            continue
        mm = re.search(r" with (?P<n>\d+) conviction(?: \[\d+ conviction\])?$", s)
        if mm:
            tags.append(f"conviction>={mm.group('n')}")
            s = s[:mm.start()].strip()
            continue
        mm = re.search(r" with no blood$", s)
        if mm:
            tags.append("with:no blood")
            s = s[:mm.start()].strip()
            continue
        mm = re.search(r" (?:with|who has) (?:a )?(?P<w>flight|kerrie|city title)$", s)
        if mm:
            tags.append(f"with:{mm.group('w')}")
            s = s[:mm.start()].strip()
            continue
        mm = re.search(r" who can commit diablerie$", s)
        if mm:
            tags.append("can diablerize")
            s = s[:mm.start()].strip()
            continue
        mm = re.search(r" who has blocked a directed action$", s)
        if mm:
            tags.append("has blocked:directed action")
            s = s[:mm.start()].strip()
            continue
        mm = re.search(r" in combat with an acting minion$", s)
        if mm:
            tags.append("in combat:with the acting minion")
            s = s[:mm.start()].strip()
            continue
        mm = re.search(r" of the same circle as another one(?: you control)? (?:in combat|who has just been blocked before block resolution)$", s)
        if mm:
            tags.append("same circle")
            s = s[:mm.start()].strip()
            continue
        mm = re.search(r" in play$", s)
        if mm:
            s = s[:mm.start()].strip()
            continue
        break
    while s:
        if take(r"ready\b"):
            ready = True
            continue
        if take(r"unlocked\b"):
            tags.append("unlocked")
            continue
        if take(r"non-sterile\b"):
            tags.append("non-sterile")
            continue
        if take(r"unique\b"):
            tags.append("unique")
            continue
        if take(r"titled\b"):
            tags.append("title:titled")
            continue
        if take(r"non-titled\b|untitled\b"):
            tags.append("untitled")
            continue
        if take(r"non-red list\b"):
            tags.append("not red list")
            continue
        if take(r"unmerged\b"):
            tags.append("unmerged")
            continue
        if take(r"base\b"):
            tags.append("base")
            continue
        if take(r"advanced\b"):
            tags.append("advanced")
            continue
        mm = take(r"non-(camarilla|sabbat|anarch|laibon|independent)\b")
        if mm:
            tags.append(f"not sect:{mm.group(1)}")
            continue
        mm = take(r"(camarilla|sabbat|anarch|laibon|independent)(?: or (camarilla|sabbat|anarch|laibon|independent))?\b")
        if mm:
            sects = [x for x in mm.groups() if x]
            # one sect: "sect:sabbat"; two: "either:sect:independent|sect:anarch" (the engine reads one sect)
            tags.append(f"sect:{sects[0]}" if len(sects) == 1 else "either:" + "|".join(f"sect:{x}" for x in sects))
            head = head or "vampire"
            continue
        mm = take(r"(black hand|seraph|infernal|slave|red list)\b")
        if mm:
            tags.append(mm.group(1))
            head = head or "vampire"
            continue
        mm = take(r"((?:(?:inner circle member|%s)(?:,? or |, |,? and | )?)+)" % _TITLE_RX)
        if mm:
            raw = re.sub(r"inner circle(?: member)?", "inner_circle", mm.group(1).strip())
            ts = [t.strip().replace("_", " ") for t in re.split(r"\s+or\s+|\s+and\s+|\s+", raw) if t.strip()]
            if all(t in TITLES for t in ts):
                tags.append("title:" + "|".join(ts))
                head = head or "vampire"
                continue
            return None
        clan = _clan_prefix(s, clans)
        if clan:
            tags.append(f"clan:{clan}")
            s = s[len(clan):].lstrip()
            head = head or "vampire"
            continue
        mm = take(r"(vampire|imbued|minion)s?\b")
        if mm:
            head = mm.group(1)
            continue
        return None
    if head is None:
        return None
    if head == "vampire":
        tags.insert(0, "ready vampire" if ready else "vampire")
    elif head == "imbued":
        tags.insert(0, "imbued")
        if ready:
            tags.insert(0, "ready")
    else:
        tags.insert(0, "ready" if ready else "minion")
    return tags


def _clan_prefix(s: str, clans: set[str]) -> str | None:
    best = None
    for c in clans:
        if s.startswith(c) and (len(s) == len(c) or not s[len(c)].isalpha()):
            if best is None or len(c) > len(best):
                best = c
    return best


def meta_tags(requirements: tuple[str, ...]) -> list[str]:
    """Tags for the VEKN requirement list of a card ("sabbat", "prince", "capacity 7 or more", "1 Gehenna")."""
    tags: list[str] = []
    titles: list[str] = []
    for r in requirements:
        r = r.strip().lower()
        if r in SECTS:
            tags.append(f"sect:{r}")
        elif r.startswith("non-") and r[4:] in SECTS:
            tags.append(f"not sect:{r[4:]}")
        elif r in TITLES or r == "titled":
            titles.append(r)
        elif r.startswith("capacity"):
            m = re.match(r"capacity (\d+) or (more|less)", r)
            tags.append(f"capacity{'>=' if m and m.group(2) == 'more' else '<='}{m.group(1)}" if m else r)
        elif re.fullmatch(r"\d+ gehenna", r):
            tags.append(f"gehenna>={r.split()[0]}")
        elif r in ("black hand", "seraph", "infernal", "slave", "red list", "imbued", "non-sterile", "same circle",
                   "unmerged", "base", "advanced", "mortal", "ghoul", "mage"):
            tags.append(r)
        elif r == "non-red list":
            tags.append("not red list")
        elif r == "non-titled":
            tags.append("untitled")
        elif r == "non-caitiff":
            tags.append("not clan:caitiff")
        else:
            tags.append(f"trait:{r}")
    if titles:
        tags.append("title:" + "|".join(titles))
    return tags
