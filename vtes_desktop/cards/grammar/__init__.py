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

What a compiled card says (see `model`):

- `CardRules.requirements`, `Mode.requirements` (tags, `requirements`): "ready vampire", "vampire", "ready",
  "minion", "imbued", "unlocked", "sect:<s>", "not sect:<s>",
  "title:<t>|<t>" ("title:titled" for any title), "untitled", "clan:<c>" ("clan:a&b" for both),
  "not clan:<c>", "capacity>=N", "capacity<=N", "black hand", "not black hand", "red list", "not red list",
  "seraph", "infernal", "slave", "non-sterile", "same circle", "unmerged", "base", "advanced",
  "gehenna>=N", "conviction>=N", "path:<path>>=N", "with:<what>", "ally kind:<k>|<k>",
  "either:<tags>|<tags>", "trait:<word>".
- `Mode.only` (restrictions), `Mode.also` (permissions), tags listed in `timing`; `Mode.windows`, the public
  windows of the scenario format.
- `Mode.limits` (`Limit(per, who, what, count)`), `CardRules.do_not_replace`, `CardRules.keywords`,
  `CardRules.unique`, costs (`pool_cost`, `blood_cost`, `conviction_cost`, -1 for X; `x_cost` says what X is;
  `Mode.pool_cost`/`blood_cost`/`conviction_cost` where a level differs).
- `Mode.effects`: `Effect(kind, amount, params, subject, target, condition, duration, optional, automated)`;
  the kinds of the core vocabulary and their parameters are listed in `effects`; any other clause is a frame
  whose kind is its main verb (`params` has `frame=True`, `modal`, `negated`, `passive`). `Mode.manual` holds
  the text of every clause the engine does not resolve, for the players to carry out.
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
