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
  its minion's successful action resolves, the card locks to unlock that minion (Helicopter);
- ("others_enter_combat_with_bearer", clans): a vampire of those clans enters combat with the bearer as a (D)
  action, announced `from` the card (Veneficorum Artum Sanguis); ("steal_by_any_vampire",): any vampire steals the
  card as a (D) action (Shaal Fragment), ("hand_size", n[, clan]): its +n hand size while its bearer is ready
  (and of that clan: Reliquary: Trinket's Laibon);
- ("intercept_vs_played_modifier", n, trigrams): the bearer's +n intercept once a vampire has played an action
  modifier requiring one of those Disciplines this action (Phased Motion Detector);
- ("rescue_stealth_discount", stealth, blood): rescuing a vampire from torpor, the bearer gets +stealth and the
  rescue costs it that much less blood (Catacombs);
- ("considered_sect", sect): the bearer counts as of that sect (Writ of Acceptance);
- ("bearer_hunt_clan", n, clan): +n hunt for a bearer of that clan; ("mortal_damage_for_blood", damage, blood, clan):
  a (D) action of that clan's bearer: damage (unpreventable) to an ally or retainer, then it gains blood (Ritual
  Scalpel);
- ("no_discipline_cards_after_burn",): the vampire that burned the card as the action was announced plays no card
  requiring a Discipline until the action is over (Concoction of Vitality, with ("no_vampire_block", 0)).
- ("bearer_stealth_kinds", n, kinds): the acting bearer's stealth during those actions (Codex of the Edenic
  Groundskeepers: -2 bleeding; Unlicensed Taxicab: +1 hunting, recruiting, employing); ("equip_stealth", n): the
  action to equip with the card has +n stealth; ("burn_if_blocked_by_title", titles): burned when its minion is
  blocked by a vampire with one of those titles (Unlicensed Taxicab);
- ("own_bleed_bonus_if_none_ready_unlocked", n): the card's own bleed gets +n if the bled Methuselah controls no
  ready unlocked minion as it resolves (Codex of the Edenic Groundskeepers);
- ("gehenna_cost", n): while its bearer is ready, Gehenna events cost n pool more (Guarded Rubrics);
- ("equip_counters", n), ("unlock_move_blood_to_bearer", n), ("burn_when_empty",): the card comes with n blood;
  in your unlock phase its ready vampire takes 1 (a `use`); it burns once empty (Cooler);
- ("move_blood_to_card", n, cap), ("card_blood_cap", cap), ("bleed_per_card_blood",): an action moves n blood from
  the vampire to the card (no more than cap on it); the vampire bleeds +1 for each blood on it (Inveraray);
- ("intercept_penalty_allies_younger", n, sect): allies and younger vampires get n intercept against its bearer
  of that sect; ("others_burn_card_lock_bearer", pool): another Methuselah's vampire burns it as a (D) action that
  costs pool; the bearer is then locked and does not unlock as normal next time (Stolen Police Cruiser);
- ("bearer_bleed_votes_clan", bleed, votes, clan): a bearer of that clan gets +bleed and +votes;
  ("reaction_surcharge_while_acting", trigrams, blood, who): reaction cards requiring one of those Disciplines cost
  others that much more blood while its bearer (a Laibon, an ally) acts (Kduva's Mask, Orb of Ulain);
- ("choose_prey_minion",), ("chosen_cannot_block",): a `use` naming a minion of the prey (once), which then
  cannot block the bearer (Incriminating Videotape);
- ("untargetable_by_disciplines", trigrams, who): the bearer cannot be the target of directed action cards
  requiring those Disciplines (Orb of Ulain);
- ("discipline_plus_level", trigram), ("discipline_superior", trigram): the bearer's level in a Discipline
  (Ritual Goblet, Winchester Mansion: context.discipline_level); ("unlock_after_rescue",): once each turn it
  unlocks after a successful rescue (a `use`); ("burn_for_discipline_level",): burned for 1 more level of a
  Discipline it does not have at superior (the use's effect), until its controller's next turn (Vial of Elder
  Vitae); ("master_end_burn_unless_master_played", n): the vampire burns n blood as its controller's master
  phase ends without a master card played from hand (Winchester Mansion).
- ("unlock_counter_up_to", cap), ("counter_levels", trigram, skip, n), ("counters_lost_on_move",): a counter as
  each of its controller's unlock phases begins (up to cap); counters past *skip*, up to n, each give a level
  of the Discipline; counters go when another minion takes the card (Seal of Veddartha, Journal of Hrorsh);
- ("counter_on_success", n, clan), ("remove_bearer_for_pool", clan): a counter after each successful action of
  its bearer; the bearer is removed from the game (a `use`, not during an action) for that much pool (Journal of
  Hrorsh);
- ("unlock_choose_level", trigrams, clan): in its controller's unlock phase, a `use` names one of those
  Disciplines: 1 more level of it until the next unlock phase; ("bearer_bleed_capacity_clan", bleed, cap, clan):
  its bearer of that clan gets +bleed and +capacity (Reliquary: Akunanse Remains);
- ("stealth_on_required_sect", n, sect): +n stealth on action cards requiring that sect; ("titled_opponents_strength",
  n, sect): titled vampires not of that sect get +n strength in combat with the bearer (An Anarch Manifesto).
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
    ("enter", "any tremere or tremere antitribu may enter combat with the minion with this equipment as a (d) "
              "action."): ("others_enter_combat_with_bearer", ("tremere", "tremere antitribu")),
    ("steal", "any vampire can steal this equipment as a (d) action."): ("steal_by_any_vampire",),
    ("hand_size", "+2 hand size."): ("hand_size", 2),
    ("modifier", "during an action, if a vampire plays an action modifier card requiring chimerstry [chi], obfuscate "
                 "[obf] or obtenebration [obt], the bearer gets +1 intercept, even if intercept is not yet needed."):
        ("intercept_vs_played_modifier", 1, ("chi", "obf", "obt")),
    ("modifier", "when attempting to rescue a vampire from torpor, the vampire with this location gets +1 stealth and "
                 "burns 1 less blood if successful."): ("rescue_stealth_discount", 1, 1),
    ("consider", "the vampire with this equipment is considered a camarilla vampire."): ("considered_sect", "Camarilla"),
    ("hunt", "this nagaraja gets +1 hunt."): ("bearer_hunt_clan", 1, "nagaraja"),
    ("inflict", "this nagaraja can inflict 1 unpreventable damage on a mortal (ally or retainer) to gain 2 blood as a "
                "(d) action."): ("mortal_damage_for_blood", 1, 2, "nagaraja"),
    ("burn", "when the vampire with this card announces an action, he or she may burn this card to prevent vampires "
             "from blocking that action."): ("no_vampire_block", 0),
    ("play", "if he or she does so, this vampire cannot play cards requiring disciplines until the action is "
             "complete."): ("no_discipline_cards_after_burn",),
    ("stealth", "the bearer gets -2 stealth during bleed actions."): ("bearer_stealth_kinds", -2, ("bleed",)),
    ("bleed", "this vampire can bleed as a (d) action that costs 1 blood; this action gets +3 bleed if the target "
              "methuselah controls no ready unlocked minions."): ("own_bleed", 0, 1, False),
    ("modifier", "this vampire can bleed as a (d) action that costs 1 blood; this action gets +3 bleed if the target "
                 "methuselah controls no ready unlocked minions."): ("own_bleed_bonus_if_none_ready_unlocked", 3),
    ("bleed", "the vampire with this equipment may bleed at +2 bleed as a (d) action that costs 1 blood."):
        ("own_bleed", 2, 1, False),
    ("cost", "while bearer is ready, gehenna cards cost an additional pool to play."): ("gehenna_cost", 1),
    ("equip", "the action to equip with this vehicle is with an additional +1 stealth."): ("equip_stealth", 1),
    ("stealth", "this minion gets +1 stealth during hunt, recruit and employ actions."):
        ("bearer_stealth_kinds", 1, ("hunt", "recruit", "employ")),
    ("burn", "if this minion is blocked by a prince or an archbishop (during any action), burn this vehicle."):
        ("burn_if_blocked_by_title", ("prince", "archbishop")),
    ("put", "put 4 blood counters on this card."): ("equip_counters", 4),
    ("move", "during your unlock phase, if the vampire with this equipment is ready, you may move 1 blood from this "
             "card to this vampire."): ("unlock_move_blood_to_bearer", 1),
    ("burn", "burn this card when it has no counters."): ("burn_when_empty",),
    ("move", "the vampire with this location may move 1 blood to this card as an action; no more than 3 blood may be "
             "put on this card."): ("move_blood_to_card", 1, 3),
    ("put", "the vampire with this location may move 1 blood to this card as an action; no more than 3 blood may be "
            "put on this card."): ("card_blood_cap", 3),
    ("get", "this vampire gets +x bleed, where x is the amount of blood on this card."): ("bleed_per_card_blood",),
    ("modifier", "allies and younger vampires get -1 intercept against this anarch."):
        ("intercept_penalty_allies_younger", -1, "anarch"),
    ("burn", "vampires can burn this card as a (d) action that costs 1 pool; if that action is successful, this "
             "anarch is locked and does not unlock as normal during their next unlock phase."):
        ("others_burn_card_lock_bearer", 1),
    ("lock", "vampires can burn this card as a (d) action that costs 1 pool; if that action is successful, this "
             "anarch is locked and does not unlock as normal during their next unlock phase."):
        ("others_burn_card_lock_bearer", 1),
    ("modifier", "this laibon gets +1 bleed and 2 additional votes."): ("bearer_bleed_votes_clan", 1, 2, "laibon"),
    ("cost", "reaction cards that require auspex [aus] cost an additional blood while this laibon is acting."):
        ("reaction_surcharge_while_acting", ("aus",), 1, "laibon"),
    ("choose", "choose a minion your prey controls."): ("choose_prey_minion",),
    ("block", "the chosen minion cannot block the minion with this equipment."): ("chosen_cannot_block",),
    ("state", "this ally cannot be the target of directed actions requiring auspex [aus], chimerstry [chi], dominate "
              "[dom], presence [pre] or serpentis [ser]."):
        ("untargetable_by_disciplines", ("aus", "chi", "dom", "pre", "ser"), "ally"),
    ("require", "reaction cards requiring any of those disciplines cost 1 additional blood while this ally is "
                "acting."): ("reaction_surcharge_while_acting", ("aus", "chi", "dom", "pre", "ser"), 1, "ally"),
    ("modifier", "this vampire gets +1 level of blood sorcery [tha]."): ("discipline_plus_level", "tha"),
    ("rescue", "rescuing a vampire from torpor costs this vampire -1 blood."): ("rescue_stealth_discount", 0, 1),
    ("unlock", "once each turn, this vampire can unlock after rescuing a vampire from torpor."):
        ("unlock_after_rescue",),
    ("burn", "the vampire with this equipment may burn this card to gain 1 level of any one discipline until your "
             "next unlock phase."): ("burn_for_discipline_level",),
    ("choose", "the vampire cannot choose a discipline he or she already has at the superior level."):
        ("burn_for_discipline_level",),
    ("state", "the vampire with this location has superior dementation [dem]."): ("discipline_superior", "dem"),
    ("burn", "at the end of your master phase, if you did not play a master card from your hand this phase, this "
             "vampire burns 1 blood."): ("master_end_burn_unless_master_played", 1),

    ("bleed", "this vampire can bleed at +1 bleed as a (d) action."): ("own_bleed", 1, 0, False),
    ("put", "during each of your unlock phases, put a counter on this card if it has 3 or fewer counters."):
        ("unlock_counter_up_to", 4),
    ("grant", "the first 2 counters each grant this vampire one level of dominate [dom]."):
        ("counter_levels", "dom", 0, 2),
    ("grant", "the next 2 each grant this vampire one level of fortitude [for]."): ("counter_levels", "for", 2, 2),
    ("remove", "remove all counters from this card if another minion gains control of it."):
        ("counters_lost_on_move",),
    ("add", "add 1 counter to this card after this salubri performs a successful action."):
        ("counter_on_success", 1, "salubri"),
    ("burn", "burn these counters if this card is moved."): ("counters_lost_on_move",),
    ("remove", "you can remove this ready salubri from the game to move these counters to your pool, except during "
               "an action."): ("remove_bearer_for_pool", "salubri"),
    ("choose", "during your unlock phase, choose abombwe [abo], animalism [ani] or fortitude [for]."):
        ("unlock_choose_level", ("abo", "ani", "for"), "akunanse"),
    ("state", "until your next unlock phase, the akunanse with this equipment has an additional level of the chosen "
              "discipline."): ("unlock_choose_level", ("abo", "ani", "for"), "akunanse"),
    ("modifier", "the akunanse with this equipment gets +1 bleed and gains 1 capacity: he or she is one generation "
                 "older."): ("bearer_bleed_capacity_clan", 1, 1, "akunanse"),
    ("stealth", "the anarch with this equipment gets +1 stealth on actions that require an anarch."):
        ("stealth_on_required_sect", 1, "anarch"),
    ("modifier", "titled non-anarch vampires get +1 strength in combat with this minion."):
        ("titled_opponents_strength", 1, "anarch"),

    ("move", "during your unlock phase, move 1 blood from this vampire to the this card or burn the this card."):
        ("unlock_blood_to_card_or_burn", 1),
    ("burn", "while this vampire is acting, he or she may burn one counter from the this card to get +1 stealth for "
             "the current action."): ("burn_counter_for_stealth", 1),
    ("block", "during undirected actions and actions that are not directed at this vampire, he or she cannot block or "
              "play reaction cards."): ("only_defends_itself",),
    ("show", "during your master phase, you may show a non-location equipment card from your hand to the other "
             "players and place it face down on the this card if it doesn't already have one."): ("stash_equipment",),
    ("look", "you may look at the card at any time."): ("stash_equipment",),
    ("equip", "any minion you control may equip that card (face up) as a +1 stealth action (requirements and cost "
              "apply as normal)."): ("equip_from_stash",),

    ("choose", "choose a vampire controlled by your prey."): ("choose_vampire", "prey"),
    ("choose", "as above, but choose a vampire controlled by any methuselah."): ("choose_vampire", "any"),
    ("lock", "the bearer can lock themselves and burn this equipment during their unlock phase to burn 3 blood from "
             "the chosen vampire."): ("lock_burn_chosen_blood", 3),
    ("choose", "choose a ready minion."): ("choose_vampire", "ready minion"),
    ("intercept", "the bearer gets +1 intercept against the chosen minion."): ("intercept_vs_chosen", 1),
    ("burn", "if the bearer blocks the chosen minion, the bearer can burn this equipment before block resolution to "
             "cancel combat and unlock."): ("burn_cancel_block_combat",),
    ("burn", "as above, and the chosen minion burns 1 blood or life after this equipment is burned."):
        ("chosen_burns_after", 1),

    ("draw", "if this vampire is burned, draw the top card from your crypt."): ("soul_gem",),
    ("put", "if it is younger, put the soul gem on him or her and move him or her to your ready region with blood from "
            "the blood bank equal to his or her capacity; otherwise, move that card to your uncontrolled region (and "
            "burn the soul gem)."): ("soul_gem",),
    ("move", "if it is younger, put the soul gem on him or her and move him or her to your ready region with blood "
             "from the blood bank equal to his or her capacity; otherwise, move that card to your uncontrolled region "
             "(and burn the soul gem)."): ("soul_gem",),
    ("diablerize", "if bearer is diablerized, the diablerizing vampire cannot take the soul gem."):
        ("not_taken_by_diablerist",),

    ("cost", "non-action modifier cards costing blood cost this vampire half as much blood to play, rounded down "
             "(multiplication and division are handled first, followed by addition and subtraction)."):
        ("half_blood_cost_except_modifiers",),
    ("require", "cards requiring chimerstry [chi] cost this ravnos 1 fewer blood."): ("cost_cut_discipline", "chi", 1,
                                                                                     "ravnos"),
    ("add", "this ravnos can add 2 blood to a younger ravnos in your uncontrolled region as a +1 stealth action that "
            "costs 1 blood."): ("add_blood_uncontrolled_younger", 2, "ravnos", 1),

    ("direct", "actions directed at this lasombra cost 1 additional pool."): ("directed_actions_cost_pool", 1),
    ("take", "if this location is burned, this lasombra takes 2 unpreventable environmental damage."):
        ("burned_damages_host", 2),
    ("contest", "this card cannot be contested."): ("never_contested",),
    ("burn", "if a card would contest this location, instead it is burned."): ("never_contested",),
    ("put", "put this equipment on any minion (this is a +1 stealth (d) action if the minion is controlled by another "
            "methuselah)."): ("put_on_any_minion",),
    ("intercept", "this acting vampire gets +2 intercept when attempting to block the bearer of this equipment."):
        ("putter_intercept_vs_bearer", 2),

    ("modifier", "bearer gets -1 stealth on each action."): ("bearer_stealth_all", -1),
    ("burn", "if bearer blocks an action, the acting minion burns 1 blood or life (before combat begins, if any)."):
        ("blocker_bearer_burns_actor", 1),
    ("unlock", "if the action to equip with the powder is successful, unlock the acting minion during the next "
               "discard phase."): ("unlock_next_discard_on_equip",),
    ("attempt", "if the bearer is an anarch, any vampire attempting an action directed at this anarch doesn't unlock "
                "as normal on his or her next unlock phase (even if the action isn't successful)."):
        ("directed_actor_no_unlock", "anarch"),
    ("burn", "any werewolf may burn this equipment and enter combat with this minion as a +1 stealth (d) action."):
        ("others_burn_card_enter_combat", "werewolf", 1),
    ("remove", "remove all soul counters from this card if another minion gains control of it."):
        ("counters_lost_on_move",),
    ("add", "this infernal minion can add 3 blood to a vampire in your uncontrolled region as a +1 stealth action."):
        ("add_blood_uncontrolled_any", 3, "infernal"),
    ("inflict", "if the bearer is ready during your unlock phase, this weapon inflicts 3 unpreventable damage on a "
                "ready minion you control."): ("unlock_damage_own_minion", 3),
    ("hunt", "the bearer cannot hunt."): ("bearer_cannot_hunt",),
    ("enter", "the bearer can enter combat with a minion as a +1 stealth (d) action."): ("own_enter_combat", 1),
    ("consider", "while the bearer has thaumaturgy [tha], he or she is considered to have superior thaumaturgy "
                 "[tha]."): ("superior_if_has", "tha"),

    ("state", "the vampire with this equipment is immune to frenzy cards (including brujah frenzy, drawing out the "
              "beast, frenzy, rötschreck and terror frenzy)."): ("immune_to_frenzy", 0),
    ("state", "this vampire with capacity above 5 is immune to the effects of frenzy cards."): ("immune_to_frenzy", 6),
    ("state", "the bearer cannot have or be the target of cards requiring malkavian, malkavian antitribu, dementation "
              "[dem] or serpentis [ser] (any of these are burned)."):
        ("rejects_cards_requiring", ("malkavian", "malkavian antitribu"), ("dem", "ser")),

    ("lock", "after a combat between this acting minion and a blocking minion, you may lock the this card to continue "
             "the action as if unblocked."): ("lock_continue_unblocked",),
    ("burn", "if the action is blocked again, burn this card."): ("burn_if_blocked_again",),
    ("lock", "this minion may lock the this card to attempt to burn an incapacitated imbued as a +1 stealth (d) "
             "action."): ("lock_burn_imbued_action", 1),
    ("state", "in play, this is a unique location and does not count as equipment."): ("unique_location",),
    ("lock", "when your predator or prey puts a minion in play in any phase except the unlock phase, that minion is "
             "locked."): ("neighbours_minions_enter_locked",),
    ("burn", "if that minion is a younger vampire, he or she burns 1 blood."): ("neighbours_younger_burn", 1),

    ("modifier", "if the bearer is a ready laibon, you get +1 hand size."): ("hand_size", 1, "laibon"),

    ("choose", "choose an assamite in your ash heap or burn 1 pool to choose an assamite in your uncontrolled "
               "region."): ("remove_clan_vampire_or_burn", "assamite", 1),
    ("remove", "remove the chosen assamite from the game or burn this equipment."):
        ("remove_clan_vampire_or_burn", "assamite", 1),
    ("burn", "once each turn, except during combat, if the assamite bearer is ready, they can burn 1 blood to give "
             "you +2 hand size until the end of the turn."): ("blood_for_hand_size_turn", 1, 2, "assamite"),

    ("enter", "the bearer can enter combat with a minion as a (d) action."): ("own_enter_combat", 0),
    ("get", "this vampire gets superior potence [pot] and superior chimerstry [chi], and combat cards cost this "
            "vampire 1 fewer blood."): ("superiors_and_combat_cost", ("pot", "chi"), 1),
    ("move", "while the bearer is ready, this equipment cannot be moved or stolen."): ("unmovable_while_ready",),
    ("inflict", "if this equipment is burned, it inflicts 5 unpreventable environmental damage on the bearer."):
        ("burned_damages_host", 5),
    ("burn", "during your unlock phase, burn 1 pool or burn this equipment."): ("unlock_pool_or_burn", 1),

    ("burn", "this vampire can burn 1 blood to play a card requiring temporis [tem] as if they had basic temporis."):
        ("blood_for_basic_discipline", "tem", 1),
    ("use", "this equipment can be used only once each turn."): ("blood_for_basic_discipline", "tem", 1),

    ("gain", "each time the bearer with thaumaturgy commits diablerie, each other ready vampire you control gains 1 "
             "blood, and each one younger than the victim may receive a master: discipline card from your ash heap, "
             "hand, or library (shuffle afterward)."): ("diablerie_gifts", "tha", 1),

    ("burn", "the minion with this weapon may burn a location as a (d) action."): ("burn_location_action",),
    ("draw", "this sabbat vampire can draw 5 cards as an action (discard down afterward)."):
        ("draw_action", 5, "sabbat"),

    ("put", "you can put a second this card from your hand or ash heap on this minion after they equip this this card "
            "from your hand."): ("second_copy_after_equip",),
    ("gain", "this vampire gains 1 blood when a gehenna event is played."): ("gain_on_gehenna_event", 1),
}


def reading(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """What the engine does for *e* (a clause of a card of *types*), or None if this family does not read it."""
    if "Equipment" not in types:
        return None
    return _EXACT.get((e.kind, e.text.lower()))


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    return reading(e, types) is not None


def claims(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """The reading of *e* when this family is the one that resolves it (`effects.owner`), else None."""
    from vtes_desktop.cards.grammar import effects

    return effects.claimed(e, types, reading(e, types), "auto_gear")
