"""Deck lists: import from the layouts players use, validation, export. No Qt here.

    >>> deck = load_deck("my-deck.txt", db)          # or read_deck(pasted_text, db)
    >>> deck.format, deck.crypt_count, deck.library_count
    ('twd', 12, 90)
    >>> validate(deck, db).errors
    ()
    >>> to_jol(deck, db)                              # to_lackey, to_twd
"""

from vtes_desktop.decks.export import to_jol, to_lackey, to_text, to_twd, vekn_name
from vtes_desktop.decks.model import Check, Deck, DeckError, Format, LineNote, UnknownLine
from vtes_desktop.decks.read import load_deck, read_deck
from vtes_desktop.decks.validate import validate

__all__ = [
    "Check", "Deck", "DeckError", "Format", "LineNote", "UnknownLine",
    "load_deck", "read_deck", "to_jol", "to_lackey", "to_text", "to_twd", "validate", "vekn_name",
]
