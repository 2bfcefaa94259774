"""Card text cut into pieces: lines with their level markers, sentences, clauses.

The VEKN text marks levels with icons at the start of a line (`[dom]`,
`[DOM]`, `[ACTION]`, `[obf] [ACTION MODIFIER]`, `[pot][pre]`, `[MERGED]`),
wraps the parts that name the card itself in braces (`{this vampire}`), and
shows other icons inline (`[1 CONVICTION]`, `[FLIGHT]`, `[POLITICAL ACTION]`).
"""

from __future__ import annotations

import re

from vtes_desktop.cards.model import DISCIPLINE_NAMES

TYPE_MARKERS = {
    "ACTION": "Action", "ACTION MODIFIER": "Action Modifier", "REACTION": "Reaction",
    "COMBAT": "Combat", "POLITICAL ACTION": "Political Action", "POLITICAL": "Political Action",
    "ALLY": "Ally", "RETAINER": "Retainer", "EQUIPMENT": "Equipment", "MODIFIER": "Action Modifier",
}
_MARKER = re.compile(r"^\[([A-Za-z ]+)\]\s*")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-",
                         "\u00a0": " "})


def clean(text: str) -> str:
    """Braces dropped, typographic quotes and dashes made plain."""
    return text.replace("{", "").replace("}", "").translate(_QUOTES).strip()


def is_discipline(marker: str) -> bool:
    return marker.lower() in DISCIPLINE_NAMES and (marker.islower() or marker.isupper())


def lines_with_markers(text: str) -> list[tuple[tuple[str, ...], str]]:
    """Each text line with its leading markers: (("dom",), "+1 bleed."), ((), "Only usable ...")."""
    out = []
    for line in clean(text).split("\n"):
        s = line.strip()
        if not s:
            continue
        markers: list[str] = []
        while True:
            m = _MARKER.match(s)
            if not m:
                break
            markers.append(m.group(1).strip())
            s = s[m.end():]
        # "[ani] or [ANI] As above" style and "[dom] / [DOM]": keep the words, they are handled by the grammar
        out.append((tuple(markers), s.strip()))
    return out


_SIMPLE_SPLIT = re.compile(r"(?<=[.!])\s+(?=[A-Z0-9\[(+\-\"/])")


def split_sentences(text: str) -> list[str]:
    """Sentences of one line, never cut inside parentheses or quotes; each keeps its final stop."""
    if "(" not in text and '"' not in text and "e.g." not in text and "i.e." not in text and " vs." not in text \
            and "etc." not in text:
        return [x.strip() for x in _SIMPLE_SPLIT.split(text.strip()) if x.strip()]
    out: list[str] = []
    depth = 0
    quote = False
    start = 0
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == '"':
            quote = not quote
        elif ch in ".!" and depth == 0 and not quote:
            j = i + 1
            while j < n and text[j] in "\")":
                j += 1
            if j >= n or (text[j] == " " and j + 1 < n and _starts_sentence(text, j + 1)):
                prev = text[max(0, i - 4):i + 1].lower()
                if not (prev.endswith("e.g.") or prev.endswith("i.e.") or prev.endswith(" vs.") or prev.endswith("etc.")
                        and j < n and text[j + 1:j + 2].islower()):
                    out.append(text[start:j].strip())
                    start = j + 1
                    i = j
        i += 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return [s for s in out if s]


def _starts_sentence(text: str, k: int) -> bool:
    c = text[k]
    return c.isupper() or c.isdigit() or c in "[(+-\"/"


def strip_stop(s: str) -> str:
    s = s.strip()
    while s and s[-1] in ".!":
        s = s[:-1].rstrip()
    return s


def split_top(s: str, sep: str) -> list[str]:
    """Split *s* on *sep* outside parentheses and quotes."""
    if sep not in s:
        return [s]
    if "(" not in s and '"' not in s:
        return s.split(sep)
    out: list[str] = []
    depth = 0
    quote = False
    start = 0
    i = 0
    L = len(sep)
    while i < len(s):
        ch = s[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == '"':
            quote = not quote
        elif depth == 0 and not quote and s.startswith(sep, i):
            out.append(s[start:i])
            start = i + L
            i += L
            continue
        i += 1
    out.append(s[start:])
    return out
