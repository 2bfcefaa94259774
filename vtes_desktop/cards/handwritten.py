"""Hand-written rules for the cards the grammar cannot express: one function per card, found by card id.

Each function takes the card and the rules the grammar compiled, and returns
the rules to use (usually the compiled ones with a mode or an effect set by
hand). `apply` runs the one registered for the card, if any, and marks the
result `handwritten`; the coverage report lists these cards apart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from vtes_desktop.cards.grammar.model import CardRules, Effect, Mode
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


def _manual_mode(m: Mode, effects: list[Effect], *, only: tuple[str, ...] = ()) -> Mode:
    """*m* with its left-over sentences replaced by *effects* (carried out by hand unless marked)."""
    effs = tuple(m.effects) + tuple(effects)
    manual = tuple(dict.fromkeys(e.text for e in effs if not e.automated))
    return replace(m, unparsed=(), effects=effs, manual=manual, only=tuple(dict.fromkeys(m.only + only)))


@rule(101140)
def madness_of_the_bard(card: CardDef, rules: CardRules) -> CardRules:
    """A table rule: every player speaks in rhyme, or burns 1 pool. The players keep it by hand."""
    m = rules.modes[0]
    return replace(rules, modes=(_manual_mode(m, [
        Effect("table_rule", "All players in the game must speak in rhyming sentences.",
               params=(("rule", "speak in rhyme"),)),
        Effect("burn_pool", "If a player speaks without rhyming, he or she burns 1 pool.", 1,
               subject="a player who speaks without rhyming"),
    ]),))


@rule(101481)
def pressing_flesh(card: CardDef, rules: CardRules) -> CardRules:
    """Superior: the ally comes back with one more life than its starting life."""
    modes = []
    for m in rules.modes:
        if m.level == "THN":
            m = _manual_mode(m, [Effect("change", "As above, but with 1 additional life.", 1,
                                        params=(("life", 1),))])
        modes.append(m)
    return replace(rules, modes=tuple(modes))


@rule(101889)
def stutter_step(card: CardDef, rules: CardRules) -> CardRules:
    """Superior: not as an additional strike, and no additional strikes for this vampire this round."""
    modes = []
    for m in rules.modes:
        if m.level == "CEL":
            from vtes_desktop.cards.grammar import auto_combat     # the combat family resolves it (Stutter-Step)

            e = Effect("no_additional_strikes", "Not usable as an additional strike, and this vampire cannot use any "
                       "additional strikes this round.", duration="this round", subject="this vampire")
            m = _manual_mode(m, [replace(e, automated=auto_combat.automated(e, rules.types))],
                             only=("not:additional strike",))
        modes.append(m)
    return replace(rules, modes=tuple(modes))
