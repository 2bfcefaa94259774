"""The deck as the goldfish and the statistics read it: card ids and counts, from the deck panel's view."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class DeckCards:
    name: str
    crypt: dict[int, int] = field(default_factory=dict)     # card id -> copies
    library: dict[int, int] = field(default_factory=dict)

    @classmethod
    def from_view(cls, view) -> "DeckCards":
        """From a `deck_adapter.DeckView` (the cards the import understood)."""
        crypt: dict[int, int] = {}
        for e in view.crypt.entries:
            crypt[e.card.id] = crypt.get(e.card.id, 0) + e.count
        library: dict[int, int] = {}
        for g in view.library:
            for e in g.entries:
                library[e.card.id] = library.get(e.card.id, 0) + e.count
        return cls(view.name or "Deck", crypt, library)

    @classmethod
    def from_deck(cls, deck, name: str = "") -> "DeckCards":
        """From a `decks.Deck`."""
        return cls(deck.name or name or "Deck", dict(deck.crypt), dict(deck.library))

    @property
    def crypt_ids(self) -> list[int]:
        return [cid for cid, n in self.crypt.items() for _ in range(n)]

    @property
    def library_ids(self) -> list[int]:
        return [cid for cid, n in self.library.items() for _ in range(n)]

    @property
    def crypt_count(self) -> int:
        return sum(self.crypt.values())

    @property
    def library_count(self) -> int:
        return sum(self.library.values())

    def goldfish_problem(self) -> str | None:
        """Why this deck cannot be goldfished, or None."""
        if self.crypt_count < 4:
            return f"a goldfish game needs at least 4 crypt cards (this deck has {self.crypt_count})"
        if self.library_count < 1:
            return "a goldfish game needs a library"
        return None
