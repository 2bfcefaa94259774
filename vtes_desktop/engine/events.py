"""Events: past-tense records of what happened, with their audience."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """`text` is what the audience sees; `others` what everyone else sees (None: they see nothing).

    `seen_by` None means every seat sees `text`.
    """

    kind: str
    text: str
    seen_by: frozenset[int] | None = None
    others: str | None = None
    manual: bool = False
    cards: tuple[int, ...] = ()   # instance ids of the cards it touched (shown only to seats that see `text`)

    def text_for(self, seat: int | None) -> str | None:
        if self.seen_by is None or (seat is not None and seat in self.seen_by):
            return self.text
        return self.others
