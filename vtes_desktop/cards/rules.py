"""Card rules compiled from the card text: the public face of the card-rules grammar.

`compile_rules(card)` turns a `CardDef` into `CardRules` (cached per card):
one `Mode` per discipline level (or per type, for a card such as `[obf]
[ACTION MODIFIER] +1 stealth. [OBF] [COMBAT] Maneuver.`), each with its
types, timing tags and windows, requirements, costs, limits and effects from
a small vocabulary. The grammar lives in `vtes_desktop.cards.grammar`; see
its modules for the tags and the vocabulary. This module knows cards only.
"""

from __future__ import annotations

from vtes_desktop.cards.grammar import compile_rules
from vtes_desktop.cards.grammar.model import CardRules, Effect, Limit, Mode, discipline_label
from vtes_desktop.cards.grammar.text import TYPE_MARKERS

__all__ = ["CardRules", "Effect", "Limit", "Mode", "TYPE_MARKERS", "compile_rules", "discipline_label"]
