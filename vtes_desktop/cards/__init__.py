"""The card database and each card's rules. No Qt here."""

from vtes_desktop.cards.db import CardDB, CardDBError, UnknownCard, load_db
from vtes_desktop.cards.model import CardDef, Ruling

__all__ = ["CardDB", "CardDBError", "CardDef", "Ruling", "UnknownCard", "load_db"]
