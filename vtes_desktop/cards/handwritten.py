"""Hand-written rules for the cards the grammar cannot express: one function per card, found by card id.

Each function takes the card and the rules the grammar compiled, and returns
the rules to use. `apply` runs the one registered for the card, if any, and
marks the result `handwritten`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from vtes_desktop.cards.grammar.model import CardRules
from vtes_desktop.cards.model import CardDef

Rule = Callable[[CardDef, CardRules], CardRules]
RULES: dict[int, Rule] = {}


def rule(card_id: int) -> Callable[[Rule], Rule]:
    def deco(fn: Rule) -> Rule:
        RULES[card_id] = fn
        return fn
    return deco


def apply(card: CardDef, rules: CardRules) -> CardRules:
    fn = RULES.get(card.id)
    if fn is None:
        return rules
    return replace(fn(card, rules), handwritten=True)
