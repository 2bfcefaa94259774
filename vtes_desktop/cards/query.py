"""The card search language shared by `cards search` and the browser's search box.

(Placeholder: free text on names only; the full language is being written.)
"""

from __future__ import annotations

from vtes_desktop.cards.db import CardDB
from vtes_desktop.cards.model import CardDef
from vtes_desktop.cards import names


def search(db: CardDB, query: str, limit: int | None = None) -> list[CardDef]:
    k = names.key(query)
    out = [c for c in db if k in names.key(c.display)]
    out.sort(key=lambda c: c.display)
    return out[:limit] if limit else out
