"""Equipment's effects outside combat (and any other equipment clause no earlier family reads): the bearer's stealth, bleed, votes and intercept, uses of the equipment (lock or burn it for an effect), equipment that is a location, and what happens when it is moved, stolen or burned.

`reading(e, types)` gives the structured reading of one clause (a tuple whose first item names it), or None
when this family does not read it; `automated(e, types)` is True exactly when there is a reading. The engine
side is `engine/effects_gear.py`, which acts only on the clauses this family *claims* (`claims`): those it
reads that neither the core vocabulary nor a family before it in `effects._families()` resolves, so no clause
is carried out twice. Scenarios: tests/scenarios/1810-1859; engine test: tests/engine/test_auto_gear.py.

Readings (each from one exact clause, so a reading never drifts from the text it stands for):

- ("lock_for_vote", n): the bearer locks the card in the polling step, before any vote or ballot is cast, for
  n votes (Agate Talisman; cast with `vote` naming the card);
- ("burn_blood_for_votes",): once during each political action its vampire burns X blood for X votes (a `use` in
  the polling step, X as the use's effect; the votes are then cast with `vote` naming the card: Lyndhurst Estate);
- ("fail_directed", how, n, who): an action directed at the bearer fails: "lock" the card as the action is
  announced (Zaire River Ferry, a Lasombra), or "blood" n burned by a ready bearer while it is directed at them
  (Body Bag, an anarch);
- ("lock_for_stealth", n, clan): the card locks to give its acting bearer +n stealth (Zaire River Ferry);
- ("no_vampire_block", blood): as its bearer announces an action, the card is burned (with that much blood) so
  that vampires cannot block it (Flaming Candle, Concoction of Vitality);
- ("own_bleed", bonus, blood, only_own): the bearer bleeds at +bonus as a (D) action provided by the card, from
  `from` naming it (Camera Phone: no other equipment adds bleed to it);
- ("give_blood_each", n, sect, titles): a +1 stealth action: each other ready vampire of that sect you control
  gains n blood from the bank (Chalice of Kinship);
- ("move_bank_blood", n, sect): a +1 stealth action: another ready vampire of that sect gains n blood from the
  bank (Local 1111);
- ("steal_uncontrolled", n): a +1 stealth (D) action: up to n blood from a card in your predator's uncontrolled
  region to the bearer (San Lorenzo de El Escorial);
- ("equip_locks_card",): the card is locked as a minion equips with it; ("lock_to_unlock_after_success",): after
  its minion's successful action resolves, the card locks to unlock that minion (Helicopter).
"""

from __future__ import annotations

from vtes_desktop.cards.grammar.model import Effect


# one exact clause (lower case) and its main verb -> its reading; only equipment is read
_EXACT: dict[tuple[str, str], tuple] = {
    ("lock", "the bearer can lock this card during the polling step of any referendum before votes and ballots are "
             "cast to get +1 vote."): ("lock_for_vote", 1),
    ("burn", "once during each political action, the vampire with this location can burn x blood to gain x additional "
             "votes."): ("burn_blood_for_votes",),
    ("lock", "lock as an action directed at this lasombra is announced to have that action fail."):
        ("fail_directed", "lock", 0, "lasombra"),
    ("lock", "lock to give this lasombra +1 stealth."): ("lock_for_stealth", 1, "lasombra"),
    ("burn", "if the anarch with this card is ready, he or she can burn 2 blood to cause an action directed at him or "
             "her to fail."): ("fail_directed", "blood", 2, "anarch"),
    ("burn", "this vampire can burn 1 blood and the this card as they announce an action to make that action "
             "unblockable by vampires."): ("no_vampire_block", 1),
    ("bleed", "the minion with this equipment may bleed at +1 bleed as a (d) action."): ("own_bleed", 1, 0, True),
    ("increase", "no other equipment can increase the bleed amount of this action."): ("own_bleed_only",),
    ("give", "the priscus, cardinal or regent with this equipment can give each other ready sabbat vampire you "
             "control 1 blood from the blood bank as a +1 stealth action."):
        ("give_blood_each", 1, "sabbat", ("priscus", "cardinal", "regent")),
    ("move", "the sabbat vampire with this location may move 2 blood from the blood bank to any other ready sabbat "
             "vampire as a +1 stealth action."): ("move_bank_blood", 2, "sabbat"),
    ("steal", "the vampire with this location may steal up to 2 blood from an uncontrolled minion in your predator's "
              "uncontrolled region as a +1 stealth (d) action."): ("steal_uncontrolled", 2),
    ("lock", "when a minion equips with the this card, lock it."): ("equip_locks_card",),
    ("lock", "after resolving a successful action, this minion may lock the this card to unlock."):
        ("lock_to_unlock_after_success",),
}


def reading(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """What the engine does for *e* (a clause of a card of *types*), or None if this family does not read it."""
    if "Equipment" not in types:
        return None
    return _EXACT.get((e.kind, e.text.lower()))


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    return reading(e, types) is not None


def claims(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """The reading of *e* when this family is the one that resolves it, else None."""
    r = reading(e, types)
    if r is None:
        return None
    from vtes_desktop.cards.grammar import effects

    return r if effects.owner(e, types) == "auto_gear" else None
