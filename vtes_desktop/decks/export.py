"""Write a deck as JOL, LackeyCCG or TWD text, the way those tools read them.

Names are VEKN names with the suffix that tells same-name cards apart:
`Theo Bell (ADV)`, `Theo Bell (G6)`, `Dowager, The`. Each writer's output
reads back through `read_deck` to the same cards.

- JOL: `2x Name` lines, crypt first, a blank line, then the library.
- LackeyCCG: `2<TAB>Name`, library first, a `Crypt:` line, then the crypt;
  names in plain ASCII, as the LackeyCCG VTES plugin spells them.
- TWD: the TWDA layout: `Deck Name:`, `Created by:`, `Description:`,
  `Crypt (12 cards, min=.., max=.., avg=..)` with its columns, then
  `Library (90 cards)` in sections by card type.
"""

from __future__ import annotations

from vtes_desktop.cards import CardDB, CardDef
from vtes_desktop.cards import names as cardnames
from vtes_desktop.decks.model import Deck, Format
from vtes_desktop.decks.resolve import ascii_name

#: The order of library sections in the TWDA; combined types follow their first type.
TYPE_ORDER = (
    "Master", "Conviction", "Action", "Action/Combat", "Action/Reaction", "Ally", "Equipment",
    "Political Action", "Retainer", "Power", "Action Modifier", "Action Modifier/Combat",
    "Action Modifier/Reaction", "Reaction", "Combat", "Combat/Reaction", "Event",
)


def vekn_name(card: CardDef) -> str:
    """`Theo Bell (G6)`, `Alan Sovereign (ADV)`, `Dowager, The`: the name deck tools write."""
    base, _, _ = cardnames.split_suffix(card.display)
    suffix = card.display[len(base):].strip()
    return f"{card.name} {suffix}" if suffix else card.name


def _cards(db: CardDB, counts: dict[int, int] | object) -> list[tuple[CardDef, int]]:
    return [(db[cid], n) for cid, n in counts.items()]  # type: ignore[attr-defined]


def to_jol(deck: Deck, db: CardDB) -> str:
    """JOL: `2x Name` lines, crypt, blank line, library."""
    lines = [f"{n}x {vekn_name(c)}" for c, n in _cards(db, deck.crypt)]
    lines.append("")
    lines += [f"{n}x {vekn_name(c)}" for c, n in _library_sorted(db, deck)]
    return "\n".join(lines) + "\n"


def to_lackey(deck: Deck, db: CardDB) -> str:
    """LackeyCCG: `2<TAB>Name`, library first, `Crypt:`, then the crypt."""
    lines = [f"{n}\t{ascii_name(vekn_name(c))}" for c, n in _library_sorted(db, deck)]
    lines.append("Crypt:")
    lines += [f"{n}\t{ascii_name(vekn_name(c))}" for c, n in _cards(db, deck.crypt)]
    return "\n".join(lines) + "\n"


def to_twd(deck: Deck, db: CardDB) -> str:
    """The TWDA layout, with crypt columns and library sections by type."""
    out: list[str] = []
    if deck.name:
        out.append(f"Deck Name: {deck.name}")
    if deck.author:
        out.append(f"Created by: {deck.author}")
    if deck.description:
        out.append("Description:")
        out.append(deck.description.strip())
    if out:
        out.append("")
    crypt = sorted(_cards(db, deck.crypt), key=lambda cn: (-cn[1], -(cn[0].capacity or 0), vekn_name(cn[0])))
    caps = sorted(c.capacity or 0 for c, n in crypt for _ in range(n))
    total = len(caps)
    avg = round(sum(caps) / total, 2) if total else 0
    title = f"Crypt ({total} cards, min={sum(caps[:4])}, max={sum(caps[-4:])}, avg={avg:g})"
    out += [title, "-" * len(title)]
    rows = [(f"{n}x", vekn_name(c), str(c.capacity or ""), " ".join(_disciplines(c)) or "-none-",
             (c.title or "").lower(), f"{c.clans[0] if c.clans else ''}:{c.group or ''}") for c, n in crypt]
    if rows:
        w = [max(len(r[i]) for r in rows) for i in range(6)]
        for r in rows:
            parts = [f"{r[0]} {r[1]:<{w[1]}}", f"{r[2]:>{w[2]}}", f"{r[3]:<{w[3]}}"]
            if w[4]:
                parts.append(f"{r[4]:<{w[4]}}")
            parts.append(r[5])
            out.append("  ".join(parts))
    out.append("")
    out.append(f"Library ({deck.library_count} cards)")
    sections: dict[str, list[tuple[CardDef, int]]] = {}
    for c, n in _library_sorted(db, deck):
        sections.setdefault(_type_label(c), []).append((c, n))
    first = True
    for label, cards in sections.items():
        if not first:
            out.append("")
        first = False
        n_total = sum(n for _, n in cards)
        trifles = sum(n for c, n in cards if label == "Master" and "trifle" in c.text.lower())
        out.append(f"{label} ({n_total}{f'; {trifles} trifle' if trifles else ''})")
        out += [f"{n}x {vekn_name(c)}" for c, n in cards]
    return "\n".join(out) + "\n"


def to_text(deck: Deck, db: CardDB, fmt: str) -> str:
    """*deck* written in the layout *fmt* (`Format.JOL`, `Format.LACKEY` or `Format.TWD`)."""
    writers = {Format.JOL: to_jol, Format.LACKEY: to_lackey, Format.TWD: to_twd}
    if fmt not in writers:
        raise ValueError(f"cannot write {fmt!r}; the writers are {', '.join(writers)}")
    return writers[fmt](deck, db)


def _disciplines(c: CardDef) -> list[str]:
    sup = sorted(d.upper() for d in c.disciplines if d.isupper())
    inf = sorted(d.lower() for d in c.disciplines if not d.isupper())
    return sup + inf


def _type_label(c: CardDef) -> str:
    return "/".join(c.types)


def _type_rank(label: str) -> tuple[int, str]:
    if label in TYPE_ORDER:
        return TYPE_ORDER.index(label), label
    first = label.split("/")[0]
    return (TYPE_ORDER.index(first) if first in TYPE_ORDER else len(TYPE_ORDER)), label


def _library_sorted(db: CardDB, deck: Deck) -> list[tuple[CardDef, int]]:
    cards = _cards(db, deck.library)
    return sorted(cards, key=lambda cn: (_type_rank(_type_label(cn[0])), cardnames.key(vekn_name(cn[0]))))
