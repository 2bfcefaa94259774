"""The card-rules grammar: each card's text compiled into `CardRules`.

`compile_rules(card)` is lazy and cached per card. The pieces:

- `text`: lines, level markers, sentences;
- `timing`: "Only usable ...", "Usable ...", "Not usable ..." phrases and the public windows;
- `requirements`: "Requires ..." and the VEKN requirement list;
- `clauses`: keywords, limits, "Do not replace", costs, ally headers;
- `effects`: the effect vocabulary, effect frames, and `automated` (what the engine resolves);
- `crypt`: sect, title, traits and special abilities of crypt cards;
- `compiler`: the sentence dispatcher and the modes;
- `model`: `CardRules`, `Mode`, `Effect`, `Limit`.

Cards the grammar cannot express get hand-written rules in
`vtes_desktop.cards.handwritten`, applied over the compiled ones.
"""

from __future__ import annotations

from functools import lru_cache

from vtes_desktop.cards.grammar.lexicon import Vocabulary
from vtes_desktop.cards.grammar.model import CardRules, Effect, Limit, Mode, discipline_label
from vtes_desktop.cards.model import CardDef

_VOCAB: Vocabulary | None = None


def vocabulary() -> Vocabulary:
    global _VOCAB
    if _VOCAB is None:
        _VOCAB = Vocabulary()
    return _VOCAB


@lru_cache(maxsize=None)
def _compile_cached(card: CardDef) -> CardRules:
    from vtes_desktop.cards import handwritten
    from vtes_desktop.cards.grammar.compiler import compile_card
    from vtes_desktop.cards.grammar.lexicon import CLANS

    rules = compile_card(card, vocabulary(), set(CLANS))
    return handwritten.apply(card, rules)


def compile_rules(card: CardDef) -> CardRules:
    """The compiled rules of *card* (cached per card)."""
    return _compile_cached(card)


def compile_grammar_only(card: CardDef) -> CardRules:
    """The rules the grammar alone gives, without hand-written rules (not cached)."""
    from vtes_desktop.cards.grammar.compiler import compile_card
    from vtes_desktop.cards.grammar.lexicon import CLANS

    return compile_card(card, vocabulary(), set(CLANS))


def clear_caches() -> None:
    """Forget every compiled card and sentence (for measuring, and after the grammar changes in a session)."""
    from vtes_desktop.cards.grammar import compiler, lexicon

    _compile_cached.cache_clear()
    compiler._MEMO.clear()
    compiler._caps.cache_clear()
    lexicon._tokens.cache_clear()


__all__ = ["CardRules", "Effect", "Limit", "Mode", "clear_caches", "compile_grammar_only", "compile_rules",
           "discipline_label"]
