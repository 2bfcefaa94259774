"""Deck construction checks: what makes a deck unplayable, and what deserves a second look.

Errors: unknown cards, a crypt under 12 cards, a library under 60 or over 90.
Warnings: banned cards, crypt groups that are not consecutive (a crypt uses at
most two consecutive groups; a vampire of group ANY fits any), a total that
differs from the one the file states, and the notes the import made.
"""

from __future__ import annotations

from vtes_desktop.cards import CardDB
from vtes_desktop.decks.model import Check, Deck

CRYPT_MIN = 12
LIBRARY_MIN = 60
LIBRARY_MAX = 90


def validate(deck: Deck, db: CardDB) -> Check:
    """Check *deck* against the deck construction rules; never raises."""
    errors: list[str] = [str(u) for u in deck.unknown]
    warnings: list[str] = [str(n) for n in deck.warnings]
    crypt, library = deck.crypt_count, deck.library_count
    if crypt < CRYPT_MIN:
        errors.append(f"crypt has {crypt} card{'s' if crypt != 1 else ''}; the minimum is {CRYPT_MIN}")
    if library < LIBRARY_MIN:
        errors.append(f"library has {library} card{'s' if library != 1 else ''}; the minimum is {LIBRARY_MIN}")
    if library > LIBRARY_MAX:
        errors.append(f"library has {library} cards; the maximum is {LIBRARY_MAX}")
    for kind, stated, read in (("crypt", deck.stated_crypt, crypt), ("library", deck.stated_library, library)):
        if stated is not None and stated != read and not deck.unknown:
            warnings.append(f"the {kind} heading states {stated} cards but {read} were listed")
    groups: set[int] = set()
    for cid, count in {**deck.crypt, **deck.library}.items():
        card = db.get(cid)
        if card is None:
            errors.append(f"card id {cid} is not in the card database")
            continue
        if card.banned:
            warnings.append(f"{card.display} is banned (since {card.banned})"
                            + (f"; the deck has {count}" if count > 1 else ""))
        if card.is_crypt and card.group and card.group.isdigit():
            groups.add(int(card.group))
    if groups and max(groups) - min(groups) > 1:
        listed = ", ".join(str(g) for g in sorted(groups))
        warnings.append(f"crypt groups {listed} are not consecutive; a crypt may mix at most two "
                        "consecutive groups (group ANY fits any)")
    return Check(tuple(errors), tuple(warnings))
