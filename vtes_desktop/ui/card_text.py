"""Card and ruling text as Qt rich text, and card text cut into per-level sections.

No Qt here: colours come in as `#rrggbb` strings, so this is plain string work
that tests can check directly.

VEKN text marks levels and symbols in brackets: `[dom]` inferior Dominate,
`[DOM]` superior, `[ACTION MODIFIER]` a card type, `[MERGED]`, `[1 CONVICTION]`.
Rulings cite their sources in brackets too (`[LSJ 19980824]`) and name cards in
braces (`{Hidden Lurker}`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from vtes_desktop.cards.model import DISCIPLINE_NAMES, CardDef, Ruling

_MARKER = re.compile(r"\[([^\[\]]{1,40})\]")
_CARD_REF = re.compile(r"\{([^{}]{1,80})\}")
_LEADING_MARKERS = re.compile(r"^((?:\[[A-Za-z]{3,6}\]\s*)+)")

#: Scheme of the links that name a card ("card:Hidden Lurker").
CARD_LINK = "card:"


def is_discipline(marker: str) -> bool:
    return marker.lower() in DISCIPLINE_NAMES


def discipline_name(trigram: str) -> str:
    return DISCIPLINE_NAMES.get(trigram.lower(), trigram)


def level_title(marker: str) -> str:
    """The heading for a level marker: `dom` Inferior Dominate, `DOM` Superior Dominate, `MERGED` Merged."""
    if is_discipline(marker):
        name = discipline_name(marker)
        if marker.lower() == "flight":
            return name
        return f"{'Superior' if marker.isupper() else 'Inferior'} {name}"
    return marker.title()


@dataclass
class Section:
    """Consecutive text lines for one level; `markers` is empty for text that applies at every level."""

    markers: tuple[str, ...] = ()
    lines: list[str] = field(default_factory=list)

    @property
    def title(self) -> str:
        return " + ".join(level_title(m) for m in self.markers)


def sections(card: CardDef) -> list[Section]:
    """The card text split into sections by level marker, in printed order.

    A line `[pot] [pre] text` is one section with both markers (Absolute Tyranny
    needs Potence and Presence at once).
    """
    out: list[Section] = []
    for marker, line in card.text_levels():
        if not line and marker is None:
            continue
        markers: tuple[str, ...] = ()
        if marker is not None:
            markers = (marker,)
            m = _LEADING_MARKERS.match(line)
            if m:
                extra = tuple(_MARKER.findall(m.group(1)))
                if all(is_discipline(x) for x in extra):
                    markers += extra
                    line = line[m.end():]
        if out and out[-1].markers == markers and not markers:
            out[-1].lines.append(line)
        else:
            out.append(Section(markers, [line]))
    return out


def _badge_span(marker: str, disc_color: Callable[[str], str], accent: str) -> str:
    if is_discipline(marker):
        c = disc_color(marker)
        if marker.isupper():
            return (f'<span style="background-color:{c}; color:#ffffff; font-weight:700">'
                    f'&nbsp;{html.escape(marker)}&nbsp;</span>')
        return f'<span style="color:{c}; font-weight:600">[{html.escape(marker)}]</span>'
    return f'<span style="color:{accent}; font-weight:600">{html.escape(marker.title())}</span>'


def text_html(line: str, disc_color: Callable[[str], str], accent: str) -> str:
    """One line of card text: escaped, with `[markers]` drawn as coloured badges."""
    out, pos = [], 0
    for m in _MARKER.finditer(line):
        if out and m.start() == pos:
            out.append(" ")   # `[ANI][AUS]`: keep adjacent badges apart
        out.append(html.escape(line[pos:m.start()]))
        out.append(_badge_span(m.group(1), disc_color, accent))
        pos = m.end()
    out.append(html.escape(line[pos:]))
    return "".join(out)


def ruling_html(ruling: Ruling, disc_color: Callable[[str], str], accent: str) -> str:
    """A ruling: sources as links to their URLs, `{Card}` as links to the card, markers as badges."""
    refs = {label: url for label, url in ruling.references}
    out, pos = [], 0
    token = re.compile(_MARKER.pattern + "|" + _CARD_REF.pattern)
    for m in token.finditer(ruling.text):
        out.append(html.escape(ruling.text[pos:m.start()]))
        marker, card = m.group(1), m.group(2)
        if card is not None:
            out.append(f'<a href="{CARD_LINK}{html.escape(card, quote=True)}">{html.escape(card)}</a>')
        elif marker in refs:
            label = html.escape(marker).replace(" ", "&nbsp;")   # never wrap inside "[LSJ 19980824]"
            out.append(f'<a href="{html.escape(refs[marker], quote=True)}">[{label}]</a>')
        else:
            out.append(_badge_span(marker, disc_color, accent))
        pos = m.end()
    out.append(html.escape(ruling.text[pos:]))
    return "".join(out)


def title_label(card: CardDef) -> str:
    """`Prince (2 votes)`, `1 vote`, `Inner Circle (4 votes)`, or "" when untitled."""
    t = card.title
    if not t:
        return ""
    if t.endswith("vote") or t.endswith("votes"):
        return t
    v = card.votes
    return f"{t.title()} ({v} vote{'s' if v != 1 else ''})" if v else t.title()


def discipline_join(card: CardDef) -> str:
    """How a library card's disciplines combine: "or" for `A/B`, "and" for `A & B`."""
    return "or" if card.discipline_any else "and"
