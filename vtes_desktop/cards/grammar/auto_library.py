"""Cards that move cards between the library, hand, ash heap and crypt, whatever their type: search the library (shuffle afterward), look at the top cards, draw, discard, reveal, put on top or bottom, take from an ash heap, and the blood bank moves that go with them.

`reading(e, types)` gives the structured reading of one clause (a tuple whose first item names it), or None
when this family does not read it; `automated(e, types)` is True exactly when there is a reading. The engine
side is `engine/effects_library.py`, which acts only on the clauses this family *claims* (`claims`): those it
reads that neither the core vocabulary nor a family before it in `effects._families()` resolves, so no clause
is carried out twice. Scenarios: tests/scenarios/1860-1909; engine test: tests/engine/test_auto_library.py.

Readings (each from one exact clause of one card type, so a reading never drifts from the text it stands for):

- ("look_hand", who): the player of the card looks at a Methuselah's hand; the engine shows the cards to that
  player alone (the others read that they looked). `who`: "opposing" (the opposing minion's controller, in
  combat), "acting" (the acting minion's controller, for a reaction), "target" (the target Methuselah of the
  action, for an action modifier);
- ("look_library", n, who): the player looks at the top n cards of that Methuselah's library (shown to them
  alone, in order, the top first);
- ("random_discard", who, n): that Methuselah discards n cards at random (drawn back up as usual, unless a
  ("hold_replacement", until) clause of the same card says those cards are not replaced until `until`:
  "combat", the end of the combat);
- ("crypt_search", what): a master card: the player searches their crypt for a vampire (`what`: "vampire",
  "scarce vampire"); the card found is the play's `target` (none named: nothing is found); the crypt is then
  shuffled; ("found_to_uncontrolled",): the card found is shown to all and goes to the uncontrolled region;
  ("shuffle_after",): a master card's "Shuffle afterward.": the crypt it searched is shuffled at once; with no search
  made by the engine (Static Virtue, whose moves are made by hand), the library is shuffled as the master phase ends,
  after those moves;
- ("symposium", n): Great Symposium: the Kiasyd found in the crypt (`target`) goes to the uncontrolled region, then
  n blood from the bank are shared among Kiasyd there (`choice` "Name: 2; Other: 1"; none given: all on the one
  found, or on the only Kiasyd there);
- ("remove_ash_search", n, what): a master card: n cards of the player's ash heap are removed from the game (the
  play's `choice`, names separated by ";"; none given: the n oldest) to search the library for a card (`what`:
  "minion", any card that is not a master card); the card found is the play's `target`;
  ("found_to_hand",): the card found is shown to all and goes to the hand; ("discard_after", n): the player then
  discards n cards (a discard they owe, made with `discard`); ("discard_down_shuffle",): the player discards down to
  their hand size and the library is shuffled;
- ("lock_search", what, disc, clan): a master card in play, used (`use`): it locks and a ready vampire of `clan` the
  player controls (`minion`) burns 1 blood to search the library for a `what` card requiring the Discipline `disc`
  (`effect` names it; none: nothing is found) (Spirit Summoning Chamber);
- ("reorder_top", n): a master card in play, used (`use`): it locks, the player looks at the top n cards of their
  library and puts them back in the order `effect` gives (names top first, separated by ";"; none: as they were)
  (The Marrakesh Codex);
- ("discard_bleed_card", n): after looking at the top n cards of the target Methuselah's library, one of them that is
  an action card able to bleed goes to that Methuselah's ash heap: the play's `choice` names it (none given: the only
  one there is) (superior Scrying of Secrets);
- ("burn_top_per_bleed",): as the bleed succeeds, the bled Methuselah burns one card from the top of their library for
  each pool bled (Dirty Little Secrets);
- ("draw", n), ("discard_down",): an action card, as its action succeeds: the acting Methuselah draws n cards, then
  discards down to their hand size (discards owed, made with `discard`) (Distraction);
- ("blocked_random_discard", n): an action card: when its action is blocked, the blocking minion's controller discards
  n cards at random before block resolution, replaced at once unless ("hold_replacement", "action") says after the
  action (Truth of Blood);
- action cards, as the action succeeds, on its target Methuselah: ("look_hand", "target"), ("random_discard",
  "target", n), ("discard_all", types) (every card of those types in the hand, drawn back up to hand size),
  ("blood_per_discard", n) (the acting vampire gains n blood for each card so discarded: Cull the Herd),
  ("burn_top", "target", n) (the top n library cards are burned: Feline Saboteur); ("augur", n): the acting
  Methuselah looks at the hands of their predator and prey and the top n cards of their own library;
- ("discard_choice", "opposing"): a combat card: the opposing minion's controller discards the card of their hand the
  play's `choice` names (drawn back up) (superior Lessons in the Steel);
- master cards in play, used during a bleed by their clan's acting vampire (`use`, `minion` the acting vampire):
  ("discard_for_bleed", clan, type, n): the card of that type named as `effect` is discarded from hand (and replaced)
  for +n bleed (Haqim's Law: Retribution); ("remove_ash_for_bleed", k, clan, n): once each action, as the bleed
  against the prey is about to succeed, k cards of the ash heap are removed from the game (`effect`, ";" between
  names; none: the oldest) for +n bleed (Dis Pater);
- ("lock_own", clan), ("crypt_top_to_ash",), ("gain_if_prince", n): Goodnight, Sweet Prince: the play's `minion` (an
  unlocked vampire of that clan) locks, the top card of the crypt of the Methuselah named as `target` goes to their
  ash heap, and the player gains n pool if it is a prince;
- ("to_library_top", "action"|"any"): an action modifier: after the action's resolution (successful or not), the
  action card used for it ("any": the card of the ash heap played during the action that the play's `choice` names)
  goes from the ash heap to the top of the library; `choice: none` declines (Shroudsight);
- ("discard_draw_on_success", n): an action modifier: if the action succeeds, the cards of the hand the play's
  `choice` names (up to n, ";" between names) are discarded and replaced, once the action is over (High Aye);
- ("ash_equip_to_self",), ("ash_equip_cost_half",): an action card: the non-unique equipment card of an ash heap
  named as the action's `target` goes to the acting vampire as the action succeeds, for half its cost rounded down
  when it comes from the player's own ash heap, free otherwise (superior Kiss of Lachesis);
- ("scrounge", n, k): an action card: as it succeeds, of the top n cards of the library, those the action's `target`
  names (up to k, ";" between names; not among them: not taken) go to the hand; then the library is shuffled and the
  player discards down to hand size (Scrounging);
- ("ash_to_hand_target",): an action card: the card of the player's ash heap named as the action's `target` goes to
  the hand as the action succeeds, then a discard down to hand size (Gear Up [nec]);
- ("remove_self_when_played",), ("played_card_to_hand",), ("discard_down",): an action modifier: once the action is
  over, the card itself is removed from the game, and if the action succeeded the card named as the play's `choice`
  (one played by this vampire during the action) goes from the ash heap to the hand, then a discard down (The Art of
  Memory);
- ("crypt_cards_back",), ("crypt_cards_back_blood",), ("crypt_reshuffle_deal",): a master card: every Methuselah's
  crypt cards in their uncontrolled region go back to the crypt (their blood to the pool, the cards on them burned),
  the crypt is shuffled and as many cards come back out (Kaymakli Nightmares);
- ("merge_other_version", which, unlock, shuffle), ("unlock_actor",), ("shuffle_crypt",): an action card: as it
  succeeds, the acting vampire's other version (`which`: "advanced" or "base") is found in the crypt, uncontrolled
  region or ash heap and merged with it (the card goes on the acting vampire; its counters and cards burn), the
  acting vampire unlocks, the crypt is shuffled (Epiphany, Legacy);
- master cards in play, used (`use`): ("draw_on_bleed", n) and ("discard_down_after",): in the resolution of a
  successful bleed of the prey by one of the player's minions, once each bleed, the player draws n cards, then
  discards down to hand size (The Secret Library of Alexandria); ("look_uncontrolled",): with a master phase action,
  the player looks at one card of another Methuselah's uncontrolled region (`effect`: "Name 2", the Methuselah and
  the card's place, 1 first) (Nosferatu Hosting); ("imbued_cards_to_top", n, pool) and ("cut_library",): the card
  locks and the player burns `pool` pool to put n cards of the ash heap that require an imbued, a creed or a virtue
  on top of the library (`effect`: their names, ";", the first named on top), then cuts the library once if the
  `effect` ends with "; cut" (Unity);
- ("bleed_owes_discards", n): a bleed card: when its bleed succeeds for 1 or more, the bled Methuselah owes n discards
  of their choice (made with `discard`), then draws back up (Shroud of Decay [obl]); ("remove_prey_ash_burn_pool", k,
  p): a (D) action card at the prey: k cards of the prey's ash heap (the action's `target`, ";" between names; none:
  the oldest) are removed from the game as it succeeds, and the prey burns p pool (Shroud of Decay [OBL]);
- ("petra", ...): Petra Resonance: as it succeeds each Methuselah reveals the top card of their crypt; a tie for the
  highest or lowest capacity makes every Methuselah burn 1 pool, otherwise the highest steals 3 pool from the lowest;
  the crypts are shuffled;
- action cards whose card is the action's `target`: ("ash_minion_to_library_top",) a minion card of the ash heap to
  the top of the library; ("library_minion_to_top",) a minion card of the library shown and put on top after the
  shuffle; ("extra_stealth", n) +n stealth for the action (Scarlet Lore); ("search_to_hand", types),
  ("found_to_hand_shuffle_discard",) a card of those types from the library to hand, shuffle, discard down;
  ("search_recruit", type), ("recruit_found",), ("shuffle_library",) an ally from the library recruited by the
  acting vampire, requirements and cost as normal, then a shuffle (The Summoning);
- ("look_discard_choice", who): a (D) action card: as it succeeds the acting Methuselah looks at the target's hand
  ("each": every Methuselah's hand), then names the card discarded with a `discard` step (any card of those hands;
  its owner draws back up) (Revelations, Vaticination, Shattering); ("look_discard_all", types): the target discards
  every card of those types from their hand, then draws back up (Sleight of Hand, Frozen Object);
- The Admonitions, used (`use`): ("lock_discard", n, "sabbat") locks to discard the card named as `effect` (then
  replaced) while the player controls a ready Sabbat vampire; ("lock_draw", n, "black hand") locks to draw n cards
  (`effect: draw`; then a discard down) while they control a ready Black Hand vampire; ("pass_control_ccw",
  "sabbat"): as its controller's discard phase begins, it passes to their predator, and on counter-clockwise, until a
  Methuselah with a ready Sabbat vampire controls it (its controller last), else it is burned;
- ("hold_dpa_replacement", "unlock"): an event in play: a card discarded with a discard phase action is replaced only
  as its Methuselah's next unlock phase begins (Port Authority);
- Goblinism [myt]: ("search_location",), ("found_to_hand",), ("shuffle_discard_down",): the location card (or
  equipment that is a location) named as the action's `target` goes from the library to the hand, the library is
  shuffled and the player discards down; [MYT] ("haven_on_self",): a haven named with "; on vampire" after its name
  goes on the acting vampire instead, its requirements met and its cost paid;
- ("discarded_equipment_to_self",): superior Sleight of Hand: the action's `target` "Ben; .44 Magnum" names the
  Methuselah, then the non-location equipment that goes on the acting vampire if it is among the cards discarded
  (no requirements or cost);
- Gift of Experience: ("choose_own_unlocked",), ("lock_chosen",), ("crypt_other_version_to_chosen",): the play's
  `minion` (an unlocked vampire of the player) locks, and its other version (advanced, or base for an advanced one)
  is taken from the crypt and merged with it; the crypt is shuffled;
- ("each_discards_then_draws", n): a master card: each Methuselah in seat order from the player discards n cards of
  their choice (`discard` steps; nothing else happens at the table meanwhile), then draws back up to hand size
  (Lupine Assault);
- ("summon_card", x) and ("summon_vampire", x): Summon History, X its blood cost: the ally, retainer or equipment
  (costing X or less) named as the action's `target`, from the library or ash heap, is put in play (an ally in the
  ready region, a retainer or equipment on the acting vampire; life as printed; no cost), the library shuffled; at
  superior the non-scarce vampire of capacity X or less named, from the crypt or ash heap, goes to the ready region with
  no blood, the crypt shuffled.
"""

from __future__ import annotations

from vtes_desktop.cards.grammar.model import Effect

# (card type, main verb, the clause in lower case, spaces normalised) -> its reading
_EXACT: dict[tuple[str, str, str], tuple] = {
    ("Combat", "look", "you may look at the opposing vampire's controller's hand."): ("look_hand", "opposing"),
    ("Reaction", "look", "you can look at the acting minion's controller's hand."): ("look_hand", "acting"),
    ("Action Modifier", "look", "look at the target methuselah's hand."): ("look_hand", "target"),
    ("Action Modifier", "look", "look at the top card of the library of the target methuselah."):
        ("look_library", 1, "target"),
    ("Action Modifier", "look", "look at the next 7 cards in that methuselah's library."): ("look_library", 7, "target"),
    ("Action Modifier", "discard", "as above, and if any of those cards are action cards that can be used to bleed, "
                                   "that methuselah discards your choice of one of those cards."):
        ("discard_bleed_card", 7),
    ("Action Modifier", "burn", "for each pool this nosferatu antitribu bleeds from the target methuselah, burn one "
                                "card from the top of that methuselah's library."): ("burn_top_per_bleed",),
    ("Action", "draw", "draw 5 cards."): ("draw", 5),
    ("Action", "discard", "discard down to your hand size afterward."): ("discard_down",),
    ("Action", "discard", "if this action is blocked, the blocking minion's controller discards 2 cards at random "
                          "before block resolution."): ("blocked_random_discard", 2),
    ("Action", "replace", "those cards are not replaced until after this action."): ("hold_replacement", "action"),
    ("Action", "look", "(d) look at another methuselah's hand."): ("look_hand", "target"),
    ("Action", "discard", "that methuselah discards all ally or retainer cards in his or her hand."):
        ("discard_all", ("Ally", "Retainer")),
    ("Action", "gain", "the acting vampire gains 1 blood from the blood bank for each card discarded in this way."):
        ("blood_per_discard", 1),
    ("Action", "discard", "the chosen methuselah discards 1 card at random from his or her hand."):
        ("random_discard", "target", 1),
    ("Action", "burn", "as [ani][obf] above, and the chosen methuselah burns the top 4 cards of his or her library as "
                       "well."): ("burn_top", "target", 4),
    ("Action", "look", "look at the hands of your predator and prey and at the top three cards of your library."):
        ("augur", 3),
    ("Combat", "look", "look at the opposing minion's controller's hand, and this vampire gets an optional press this "
                       "round."): ("look_hand", "opposing"),
    ("Combat", "discard", "as above, and that methuselah discards a card of your choice."):
        ("discard_choice", "opposing"),
    ("Action Modifier", "move", "after action resolution (successful or not), you can move the action card used for "
                                "this action from your ash heap to the top of your library."):
        ("to_library_top", "action"),
    ("Action Modifier", "move", "as above, but you can move any card played during this action from your ash heap to "
                                "the top of your library."): ("to_library_top", "any"),
    ("Action Modifier", "discard", "if the action succeeds, you may discard up to two cards from your hand (draw "
                                   "afterward)."): ("discard_draw_on_success", 2),
    ("Action", "move", "move a non-unique equipment card from an ash heap to this vampire."): ("ash_equip_to_self",),
    ("Action", "pay", "if the equipment card is moved from your ash heap, pay half the cost rounded down; otherwise, pay "
                      "no cost."): ("ash_equip_cost_half",),
    ("Action", "look", "look at up to 3 cards from the top of your library and move up to 2 of them to your hand "
                       "(shuffle and discard afterward)."): ("scrounge", 3, 2),
    ("Action", "move", "move a card from your ash heap to your hand."): ("ash_to_hand_target",),
    ("Action Modifier", "remove", "remove this card from the game when it is played."): ("remove_self_when_played",),
    ("Action Modifier", "move", "if the action is successful, move one card played by this vampire during this action "
                                "from your ash heap to your hand."): ("played_card_to_hand",),
    ("Action Modifier", "discard", "discard down to your hand size."): ("discard_down",),
    ("Master", "move", "all methuselahs move any crypt cards in their uncontrolled regions to their crypts."):
        ("crypt_cards_back",),
    ("Master", "move", "any blood counters on them are moved to the methuselah's pool, and any cards on them are "
                       "burned."): ("crypt_cards_back_blood",),
    ("Master", "shuffle", "each methuselah shuffles his or her crypt and then moves as many cards from his or her crypt "
                          "to his or her uncontrolled region as he or she shuffled in."): ("crypt_reshuffle_deal",),
    ("Action", "unlock", "unlock this acting vampire and search your crypt, uncontrolled region, or ash heap for his or "
                         "her advanced version to move to him or her."): ("unlock_actor",),
    ("Action", "search", "unlock this acting vampire and search your crypt, uncontrolled region, or ash heap for his or "
                         "her advanced version to move to him or her."): ("merge_other_version", "advanced", False, False),
    ("Action", "shuffle", "shuffle your crypt afterward."): ("shuffle_crypt",),
    ("Action", "unlock", "unlock this vampire, search your crypt (shuffle afterward), uncontrolled region, and/or ash "
                         "heap for their base version, and merge them with it."):
        ("merge_other_version", "base", True, True),
    ("Action", "discard", "if the bleed is successful (for 1 or more), the target methuselah discards 2 cards of their "
                          "choice."): ("bleed_owes_discards", 2),
    ("Action", "remove", "(d) remove 7 cards in your prey's ash heap from the game to burn 3 of their pool."):
        ("remove_prey_ash_burn_pool", 7, 3),
    ("Action", "reveal", "each methuselah reveals the top card of his or her crypt."): ("petra", "reveal"),
    ("Action", "burn", "if there is a tie for highest or lowest cost among the revealed cards, every methuselah burns 1 "
                       "pool."): ("petra", "tie", 1),
    ("Action", "reveal", "otherwise, the methuselah revealing the highest cost steals 3 pool from the methuselah "
                         "revealing the lowest cost."): ("petra", "steal", 3),
    ("Action", "shuffle", "all methuselahs shuffle their crypts afterward."): ("petra", "shuffle"),
    ("Action", "move", "move a minion card from your ash heap to the top of your library."):
        ("ash_minion_to_library_top",),
    ("Action", "search", "search your library for a minion card (shuffle afterward), reveal it, and move it to the top "
                         "of your library."): ("library_minion_to_top",),
    ("Action", "stealth", "as [myt] above, with an additional +1 stealth."): ("extra_stealth", 1),
    ("Action", "search", "search your library for an ally or retainer."): ("search_to_hand", ("Ally", "Retainer")),
    ("Action", "show", "show it to all players and put it in your hand (shuffle and discard afterward)."):
        ("found_to_hand_shuffle_discard",),
    ("Action", "search", "search your library for an ally."): ("search_recruit", "Ally"),
    ("Action", "recruit", "this vampire recruits that ally (requirements and cost apply as normal)."): ("recruit_found",),
    ("Action", "shuffle", "shuffle afterward."): ("shuffle_library",),
    ("Action", "look", "(d) look at your prey's hand and discard one card of your choice from it."):
        ("look_discard_choice", "target"),
    ("Action", "look", "(d) look at another methuselah's hand and discard one card of your choice from it."):
        ("look_discard_choice", "target"),
    ("Action", "look", "(d) look at each methuselah's hand and discard a card of your choice from among all those "
                       "hands (including your own hand)."): ("look_discard_choice", "each"),
    ("Action", "look", "(d) look at another methuselah's hand and discard all equipment cards from it."):
        ("look_discard_all", ("Equipment",)),
    ("Action", "look", "(d) look at a methuselah's hand and discard all equipment cards from it."):
        ("look_discard_all", ("Equipment",)),
    ("Event", "draw", "when a methuselah uses a discard phase action to discard a card, he or she doesn't draw to "
                      "replace that card until his or her next unlock phase."): ("hold_dpa_replacement", "unlock"),
    ("Action", "search", "search your library for a location or equipment that is a location while in play."):
        ("search_location",),
    ("Action", "show", "show it to the other players and put it in your hand."): ("found_to_hand",),
    ("Action", "shuffle", "shuffle and discard afterward."): ("shuffle_discard_down",),
    ("Action", "put", "as [myt] above, and if the location or equipment is a haven, you may put it on this vampire "
                      "instead (requirements and cost, if any, must be met and paid as normal)."): ("haven_on_self",),
    ("Action", "put", "as above, and you can put one of the non-location equipment cards discarded on this vampire "
                      "(ignore requirements and cost)."): ("discarded_equipment_to_self",),
    ("Action", "search", "search your library (shuffle afterward) and/or ash heap for an ally, retainer or equipment card "
                         "costing x or fewer blood or pool and put that card in play, on this vampire and with life "
                         "equal to its starting life if applicable."): ("summon_card", "x"),
    ("Action", "search", "search your crypt (shuffle afterward) and/or ash heap for a non-scarce vampire card with "
                         "capacity x or less and put that vampire in play (with no blood)."): ("summon_vampire", "x"),
    ("Combat", "discard", "the opposing minion's controller discards 2 cards at random."):
        ("random_discard", "opposing", 2),
    ("Combat", "replace", "those cards are not replaced until after combat."): ("hold_replacement", "combat"),
    ("Master", "search", "search your crypt for a vampire."): ("crypt_search", "vampire"),
    ("Master", "search", "search your crypt for a scarce vampire."): ("crypt_search", "scarce vampire"),
    ("Master", "shuffle", "shuffle afterward."): ("shuffle_after",),
    ("Master", "show", "show it to all players and place it face down in your uncontrolled region."):
        ("found_to_uncontrolled",),
    ("Master", "show", "show the card to all players and place it face-down in your uncontrolled region."):
        ("found_to_uncontrolled",),
    ("Master", "search", "search your crypt for a kiasyd (shuffle afterward), reveal them, and move them to your "
                         "uncontrolled region, then distribute 3 blood from the blood bank among one or more kiasyd in "
                         "your uncontrolled region."): ("symposium", 3),
    ("Master", "remove", "remove 7 cards in your ash heap from the game to search your library for a minion card."):
        ("remove_ash_search", 7, "minion"),
    ("Master", "show", "show it to all players and move it to your hand."): ("found_to_hand",),
    ("Master", "show", "show that card to all players and put it in your hand."): ("found_to_hand",),
    ("Master", "discard", "discard afterward."): ("discard_after", 1),
    ("Master", "discard", "discard down and shuffle afterward."): ("discard_down_shuffle",),
    ("Master", "lock", "lock this card and burn 1 blood from a ready tremere antitribu you control to search your "
                       "library for a minion card that requires thaumaturgy [tha]."):
        ("lock_search", "minion", "tha", "tremere antitribu"),
    ("Master", "lock", "lock to look at and reorder the top 4 cards of your library."): ("reorder_top", 4),
    ("Master", "lock", "lock to discard one card if you control a ready sabbat vampire."): ("lock_discard", 1, "sabbat"),
    ("Master", "lock", "lock to draw two cards if you control a ready black hand vampire."):
        ("lock_draw", 2, "black hand"),
    ("Master", "control", "during your discard phase, control of this card passes counter-clockwise until it is "
                          "controlled by a methuselah who controls a ready sabbat vampire (or is burned if there are "
                          "none)."): ("pass_control_ccw", "sabbat"),
    ("Master", "draw", "you may draw a card each time you successfully bleed your prey."): ("draw_on_bleed", 1),
    ("Master", "discard", "discard to your hand size afterward."): ("discard_down_after",),
    ("Master", "use", "you may use a master phase action to look at one vampire in another methuselah's uncontrolled "
                      "region."): ("look_uncontrolled",),
    ("Master", "lock", "lock this card and burn 1 pool to move two cards that require an imbued (or a creed or a "
                       "virtue) from your ash heap to the top of your library."): ("imbued_cards_to_top", 2, 1),
    ("Master", "cut", "you may then cut your library once."): ("cut_library",),
    ("Master", "discard", "during a bleed action, an assamite you control can discard a combat card to get +1 bleed."):
        ("discard_for_bleed", "assamite", "Combat", 1),
    ("Master", "remove", "once each action, if a giovanni you control is about to successfully bleed your prey, you can "
                         "remove seven cards in your ash heap from the game to give that action +1 bleed."):
        ("remove_ash_for_bleed", 7, "giovanni", 1),
    ("Master", "lock", "lock one of your ravnos."): ("lock_own", "ravnos"),
    ("Master", "discard", "each methuselah (including you) discards 5 cards of his or her choice, then draws back up to "
                          "his or her hand size."): ("each_discards_then_draws", 5),
    ("Master", "choose", "choose an unlocked vampire you control."): ("choose_own_unlocked",),
    ("Master", "lock", "lock that vampire."): ("lock_chosen",),
    ("Master", "search", "search your crypt for an advancement card of that vampire (or the base vampire if an "
                         "advancement is chosen) and put that card under or over the chosen vampire, as appropriate."):
        ("crypt_other_version_to_chosen",),
    ("Master", "move", "move the top card in the crypt of any methuselah to that methuselah's ash heap."):
        ("crypt_top_to_ash",),
    ("Master", "gain", "if the card you place in the ash heap is a prince, gain 2 pool."): ("gain_if_prince", 2),
}

_TYPES = frozenset(t for t, _, _ in _EXACT)
_KINDS = frozenset(k for _, k, _ in _EXACT)


def reading(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """What the engine does for *e* (a clause of a card of *types*), or None if this family does not read it."""
    if e.kind not in _KINDS or len(types) != 1 or types[0] not in _TYPES:
        return None
    return _EXACT.get((types[0], e.kind, " ".join(e.text.lower().split())))


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    return reading(e, types) is not None


def claims(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """The reading of *e* when this family is the one that resolves it (`effects.owner`), else None."""
    from vtes_desktop.cards.grammar import effects

    return effects.claimed(e, types, reading(e, types), "auto_library")
