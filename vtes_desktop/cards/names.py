"""Name keys for card lookup: case, accents, punctuation and articles ignored."""

from __future__ import annotations

import re
import unicodedata

_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_TRAILING_ARTICLE = re.compile(r"^(.*?),\s*(the|a|an)\s*$", re.I)
_LEADING_ARTICLE = re.compile(r"^(the|a|an)\s+(.*)$", re.I)
_SUFFIX = re.compile(
    r"\s*[\(\[]\s*(?P<body>(?:adv(?:anced)?\.?|g\s*(?:\d+|any))(?:[\s,]+(?:adv(?:anced)?\.?|g\s*(?:\d+|any)))*)\s*[\)\]]\s*$",
    re.I,
)


#: letters that Unicode does not decompose into a base letter and an accent
_LETTERS = str.maketrans({"æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "ø": "o", "Ø": "O", "ł": "l",
                          "Ł": "L", "đ": "d", "Đ": "D", "ħ": "h", "ı": "i", "þ": "th", "ð": "d"})


def fold(s: str) -> str:
    """Lower case, accents and typographic quotes folded to ASCII."""
    s = s.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    s = s.translate(_LETTERS)
    s = unicodedata.normalize("NFKD", s)
    return "".join(c for c in s if not unicodedata.combining(c)).lower()


def key(s: str) -> str:
    """The lookup key of a name: folded, with every non-alphanumeric character dropped."""
    return _NON_ALNUM.sub("", fold(s))


def article_free(s: str) -> str:
    """`Dowager, The` and `The Dowager` both give `Dowager`."""
    s = s.strip()
    m = _TRAILING_ARTICLE.match(s)
    if m:
        return m.group(1)
    m = _LEADING_ARTICLE.match(s)
    if m:
        return m.group(2)
    return s


def split_suffix(name: str) -> tuple[str, bool, str | None]:
    """`Theo Bell (G2 ADV)` -> ("Theo Bell", True, "2"). No suffix: (name, False, None)."""
    m = _SUFFIX.search(name)
    if not m:
        return name.strip(), False, None
    adv = False
    group: str | None = None
    for tok in re.findall(r"adv(?:anced)?|g\s*(?:\d+|any)", m.group("body"), re.I):
        t = tok.lower().replace(" ", "")
        if t.startswith("adv"):
            adv = True
        else:
            group = t[1:].upper() if t[1:] == "any" else t[1:]
    return name[: m.start()].strip(), adv, group
