"""Effects of allies and retainers that the engine resolves, beyond the core ones and the other families.

`reading(e, types)` gives the structured reading of one clause of an ally's or a retainer's text, or None
when this family does not read it; `automated(e, types)` is True exactly when there is a reading. The engine
side is `engine/effects_minion.py`, which acts only on the clauses this family *claims* (`claims`): those it
reads and that neither the core vocabulary nor another family (`effects._families()`) resolves, so no clause
is carried out twice. Scenarios: tests/scenarios/940-999 and 1710-1759; engine test: tests/engine/test_auto_minion.py.

Readings (a tuple whose first item names it):

- ``("own_strike", "damage", n, ranged, aggravated)``: "This ally may strike for 2R damage": the ally's own
  strike (a `strike` naming the ally itself);
- ``("own_strike", "dodge", 0, False, False)``: "Once each combat, he can strike: dodge": a second strike of the
  ally's own, chosen with `strike` naming the ally and `choice: dodge`, once each combat;
- ``("hand_first",)``: "This ally strikes with first strike": its hand strikes are first strikes;
- ``("hand_aggravated",)``: "Damage from this ally's hand strikes is aggravated";
- ``("regen", k, n)``: "If this ally has k or fewer (fewer than k+1, only k) life during your unlock phase, it
  gains n life": as its controller's unlock phase begins;
- ``("immune_nonagg",)``: "He is immune to non-aggravated damage": normal damage on it is not inflicted;
- ``("less_damage", n, opposing_in_combat)``: "Each strike or damaging effect made (by the opposing minion)
  against this ally (in combat) inflicts 1 less damage": each such hit on it is *n* smaller;
- ``("damage_cap", n)``: "If any effect does more than 2 damage to this ally, ignore the excess";
- ``("no_melee_damage",)``: "This ally is not affected by damage from melee weapons";
- ``("intercept_if", n, cond)``: the ally (or the retainer's employer) gets +*n* intercept when *cond* holds:
  "directed at you" (a directed action at its controller or one of their cards), "against clan:<clan>";
- ``("stealth_if", n, cond)``: the ally acting (or the retainer's employer) gets +*n* stealth when *cond* holds:
  "" (each of its actions), "hunt", "requires:<discipline>" (the action's card requires it);
- ``("lock_give", stats, n, who, mine, when)``: "This ally can lock to give a Ravnos you control +1 stealth" (a
  `use` naming the ally, the receiving minion as `minion`, `effect` the stat; *stats* one or more of "stealth",
  "intercept", "bleed", separated by "|"): *who* is a clan ("ravnos"), "employer", "any" or "wraith or zombie
  ally" (another one); *mine*-only when the text says "you control"; *when* "" or "political";
- ``("burn_give", stat, n, who)``: the same, burning the retainer instead of locking it (Masquer);
- ``("burn_diablerist",)``: "During your discard phase, you can burn this ally to burn a vampire who has
  committed diablerie since your last turn" (Carlton Van Wyk: a `use` naming the vampire as `minion`);
- ``("first_round_bar", discipline)``: "In the first round of combat with a vampire who has played a card that
  requires Auspex during this action, that vampire cannot use any maneuvers or strikes" (Ossian);
- ``("gain_per_blood_mended", n)``: "This ally gains 1 life at the end of each round for each blood the opposing
  vampire used to heal damage or prevent destruction that round" (Ossian);
- ``("round_extra", n, limited)``: "This ally gets an additional strike (limited) each round" (Renegade Garou);
- ``("shuffle_when_burned",)``: "If she is burned, shuffle her into her owner's library";
- ``("block_close",)``: "If this ally blocks a directed action, set the range for the first round of the
  resulting combat to close"; ``("block_maneuver", n)``: a retainer's "If the employer blocks a directed action,
  they get 1 optional maneuver during the first round of the resulting combat";
- ``("reduce_bleed_burn", n)``: "You can burn this ally to reduce a bleed against you by 3" (a `use` during
  the bleed, before it resolves);
- ``("strength_per_life", n)``: "This ally gets +1 strength for each life it has";
- ``("blood_for_intercept",)``: "Vampire with this retainer may burn X blood to get +X intercept for the current
  action" (a `use` naming the retainer, `effect: intercept N`, while its employer blocks and needs it);
- ``("as_vampire", trigrams, capacity, only)``: "This ally can play (non-ally, non-action, combat) cards requiring
  basic X [xxx] (and/or basic Y [yyy]) as a vampire (with capacity N)": it has those Disciplines at basic level,
  counts as a vampire for those cards and has that capacity; *only* "", "non-ally", "non-action" or "combat";
- ``("stats", strength, bleed)``: printed stats the card data leaves unread ("1 bleed, 1 strength.", "3 strength,
  1 bleed, flight [FLIGHT]."): read only with 1 bleed (the engine's default for allies), the strength added
  where the ally's strength is counted (flight is read from the card text where cards ask for it);
- ``("first_round_no_strike", capacity)``: "Opposing vampires with capacity 3 or less cannot strike in the first
  round" (Rock Cat);
- ``("life_for_intercept", n, once)``: "Once during a directed action, he can burn 1 life to get +1 intercept"
  (a `use` naming the ally while it blocks and needs it);
- ``("lock_maneuver", who)``: "He may lock to give a Brujah antitribu you control a maneuver" (a `use` in combat
  naming the ally, `minion` the combatant, before range is determined);
- ``("combat_extra_once", n)``: "Once each combat, this ally gets an additional strike (limited)" (a `use` naming
  the ally in combat, before the additional strikes are resolved);
- ``("employer_sets_range", blood)``: "The employer can burn 1 blood to set the range for the round before range
  is determined during the first round of combat" (a `use` naming the retainer, `effect: close` or `long`);
- ``("lock_sets_range", clan, range)``: "If a Giovanni you control is in combat, you can lock this ally before
  range is determined to set the range for the round to close" (a `use` naming the ally in combat);
- ``("press_continue_once",)``: "Once each combat, this ally may press to continue combat" (its own press,
  `press` using the ally: once each combat, only to continue);
- ``("shuffle_give", stat, n)``: "When acting, this Laibon can shuffle this retainer back into his owner's
  library to get +1 stealth" (a `use` naming the retainer while its employer's action is being blocked);
- ``("return_from_ash", clan, n, life)``: "During your unlock phase, if you control fewer copies of this ally
  than ready unique Harbinger of Skulls, you can remove 7 cards in your ash heap from the game to move this ally
  from your ash heap to the ready region with 2 life" (Emerald Legionnaire: a `use` naming the copy in the ash
  heap, `effect` the 7 cards removed, separated by ";");
- ``("own_action", verb, stealth, target, n)``: an ally's own (D) action (announced with `from` naming the ally,
  `target` the minion): "steal a demon ally or burn a demon retainer" (Veneficti), "burn 2 blood from a locked
  vampire with a capacity less than 8" (Young Bloods), "enter combat with any Tremere controlled by another
  Methuselah" (Order of Hermes Cabal);
  more own actions: burn a location of the prey (The Bruisers), burn itself and a Tremere of capacity 4 or less
  (Kherebutu) or a Follower of Set (Akhenaten) of the prey, burn a master Discipline card on a vampire of the
  prey and 1 blood from that vampire (Mehemet), remove itself from the game to burn a non-wraith non-zombie ally
  or retainer (Heartrender); a retainer's employer's action (`from` naming the retainer): burn it to gain 2 blood
  (Zombie), enter combat with a minion (Twisted Bloodhound); the tuple goes on with *directed* and the acting
  card's own cost ("burn" or "remove" itself, paid as the action succeeds);
- search own actions (`target` the library card named; none named: nothing is found; the library is shuffled):
  verb "search_equip" equips the acting ally with the equipment found, requirements and cost as normal (target
  "library equipment"; Dark Web Procurer "... non-unique pool<=1"; Terrorists "... named bomb"; Moise Kasavubu
  "library or hand equipment to imbued": from the library, else the hand, onto the ready imbued of its controller
  named after a ";" in `target`, who meets the requirements and pays the cost), verb
  "search_to_hand" puts the weapon found in the hand, then a discard down (Arms Dealer); ``("note_search", verb)``:
  the rest of such a text ("Pay the cost to equip as normal.", "Shuffle and discard afterward."), done with it;
- Hexaped: ``("own_action", "link_counter", 1, "methuselah", 0, True, "remove")``, its +1 stealth (D) action at the
  Methuselah its `target` names, removing it from the game as it succeeds (``("note_link_remove",)``); the link
  counter goes to that Methuselah for the Tremere antitribu that recruited it, who then gets +1 bleed and +1 stealth
  when bleeding that Methuselah (``("link_bonus", clan, n)``);
- pathos counters (kept by the engine as the card's marks, shown in the log): ``("pathos_entry", k)``: Reanimated
  Corpse enters play with X pathos counters, X the blood paid to recruit it (k more at superior); Ambrosius's action
  ``("own_action", "ferry_retainer", 0, "ash retainer to own vampire", 3, False, "")`` (`target: "Retainer;
  Vampire"`, the vampire left out when there is one) moves a retainer of the ash heap onto a ready vampire of yours
  with its printed life and 3 pathos counters; ``("pathos_burn", 1)``: 1 of them burned as that Methuselah's unlock
  phase begins; ``("pathos_remove",)``: the card is removed from the game when it has none;
- container counters (kept as the card's marks, shown in the log): The Ghouls of Plaza Morería's (D) action
  ``("own_action", "container_fill", 1, "ready vampire", 1, True, "")`` burns 1 blood from the ready vampire its
  `target` names and puts 1 container counter on them; ``("container_drain", clan, stealth)``: a ready Assamite's +1
  stealth action (`from` naming the Ghouls, `cost` X, none: all of them) burns X of their container counters for X
  blood;
- Vivienne Géroux: ``("political_stealth", -1)``: the vampires of her controller get -1 stealth on their political
  actions; ``("ally_control", "give")``: a vampire of her controller's (D) action (`from` naming her, `target` the
  other Methuselah) gives that Methuselah control of her; ``("ally_control", "steal")``: a vampire of another
  Methuselah's (D) action (`from` naming her) takes control of her for its own Methuselah;
- Charigger, The Axe: ``("soul_replace", "prey")``: a minion of its controller's prey burned is removed from the game
  instead (its cards burned as usual) and the retainer gets a soul counter (kept as its marks); ``("soul_bleed", n)``:
  its employer gets +n bleed for each soul counter (its "+1 stealth when hunting" is a *stealth_if* "hunt");
- ``("courier_peek",)``: Courier: once a minion of its controller has bled successfully (the action's resolution), a
  `use` naming it shows them the top card of the bled Methuselah's library (once each bleed); a `use` with
  `effect: discard` (after the look or instead of it) locks the unlocked ready ally and discards that card;
- ``("aggravated_against", clan)``: "In combat with a Follower of Set, any damage he inflicts is aggravated";
- ``("takes_over_combat",)``: "When a minion you control would enter combat with an acting minion, you may lock
  this ally to cancel that combat and have it enter combat with the acting minion instead" (a `use` before range
  is determined in the first round);
- ``("untargetable_by", capacity)``: "He cannot be the target of a directed action performed by an ally or a
  vampire with capacity 6 or less" (Veneficti);
- ``("bleed_if", n, cond)``: a retainer's "This Follower of Set gets +1 bleed against a Methuselah who controls a
  ready Camarilla vampire" (cond "target has ready camarilla");
- ``("blockers_intercept", n, sect, when)``: "While the employer is bleeding, Camarilla vampires get -1 intercept";
- ``("stealth_if", n, "prey has ready:<clan>|<clan>")``, ``("stealth_set", n)``: Jackal's "If your prey controls a
  ready Follower of Set or Assamite, the minion with this retainer gets +1 stealth" ("As above, but +2");
- ``("burn_if_blocked",)``: "If that action is blocked, burn this retainer" (after its lock gave stealth: Malajit);
- ``("burner_gains_blood", n)``: "If a vampire controlled by another Methuselah burns this ally in combat or as an
  action, he or she gains 2 blood" (Young Bloods);
- ``("lock_after_unsuccessful", n)``: "Lock after resolution of an unsuccessful action to inflict 1 damage on the
  acting vampire" (Neighborhood Watch Commander: a `use` while that action ends, one such lock each action);
- ``("no_combat_ends_strike",)``: a retainer's "Minions in combat with the employer cannot strike: combat ends";
- Tye Cooper's "burn a non-ready minion as a (D) action; if that action is successful, you can move a library
  card from your ash heap to your hand (discard down afterward)": verb "burn_then_fetch" (the card taken with a
  later `use` naming Tye, `effect` the card, in the same turn);
- ``("gain_when_opponent_burned", n)``: "If a minion opposing this ally in combat is burned, this ally can gain 1
  life" (taken at once: it costs nothing);
- ``("prevent_nonagg_once", n)``: "This ally can prevent 1 non-aggravated damage each combat" (`prevent` using the
  ally itself, once each combat);
- ``("blocked_escape", how, life)``: a retainer whose blocked employer, before range is first determined, burns
  1 life from it to lock the blocker and continue the action as if unblocked (Crypt's Sons: "continue"), or
  burns it and unlocks instead of entering combat (Ghoul Escort: "unlock"; ``("note_blocker_stays_locked",)``:
  "This does not unlock the blocker", which the engine never does); a `use` naming the retainer in combat;
- ``("life_for_press", n)``: "This ally can burn 1 life to give a minion you control 1 press" (a `use` in combat,
  `minion` the combatant); ``("burn_to_unlock",)``: "During an action directed at you (or a card you control),
  you can burn this ally if it is not blocking to unlock a ready minion you control" (a `use`, `minion`);
- ``("superior_stats", life, strength)``: "As above, but this ally has 2 life and 1 strength": read where the
  engine sets an ally's starting life (`rules_action._life`, at the level it is recruited) and counts its strength
  (`rules_combat.strength`, from the level's text); this family has nothing more to do;
- ``("gianna",)``: "If another minion you control is in combat, this ally can lock and burn herself to burn an
  equipment on the opposing minion (a `use`, `minion` the equipment), or lock during normal strike resolution to
  inflict 1 unpreventable damage on the opposing minion" (a `use` with no `minion` in the strike step: the damage
  comes with the round's normal strike resolution);
- Impundulu: "This ally has flight [FLIGHT], gets one optional maneuver each combat, and may strike: 1R damage"
  (its strike, never once each combat; flight and the maneuver are read from the card text where the engine asks)
  and "He may steal 1 blood or life from a minion as a +1 stealth (D) action" (verb "steal_life": the blood or
  life taken becomes his life);
- ``("employer_intercept", n, clan)``: "The Gargoyle with this retainer gets +1 intercept";
  ``("round_damage", n, ranged, clan)``: "When the Gargoyle with this retainer is in combat, the opposing minion
  takes 1(R) damage during the initial strike resolution phase of each round" (at long or close range, or close);
  Stone Dog's employer's own combat action (an *own_action* whose last item is the clan its employer must be);
- Duma Rafiki: ``("round_damage", 1, False, "", "or burn weapon")``: at close range, 1 damage on the opposing
  minion at each round's strike resolution, or (a `use` naming it in the strike step, `minion` the weapon) a weapon
  the opposing minion controls burned instead;
- ``("peek_prey",)``: "During your minion phase, you may look at one card picked at random from your prey's hand"
  (Fortune Teller: a `use`, once each minion phase; the card is shown to its Methuselah only);
- ``("lock_fetch_discipline", clan)``: "If this ally is ready during your master phase, you can lock her to search
  your library (shuffle afterward) and/or ash heap for a master Discipline card and put it on a ready Assamite you
  control" (Deviki Prasanta: a `use`, `minion` the vampire, `effect` the card);
- more own actions: Tara's burn of an equipment on a Ravnos (that Ravnos gains blood equal to its cost, 1 if none),
  1 damage on a ready vampire (Marijava Thuggee) or on any minion (Abyssal Hunter), Succubus' steal of 1 blood or
  life, a life gained by the ally itself (Gargoyle Slave with less than 3 life, Ananasi Vampirephile);
- ``("lock_thuggees",)``: Marijava Thuggee's thuggees lock in its controller's unlock phase when they outnumber
  the Black Hand vampires that Methuselah controls;
- ``("prevent_own", n, "combat"|"round")``: "may prevent one damage each combat" (Gargoyle Slave), "can prevent 1
  damage each round of combat" (War Ghoul): `prevent` using the ally itself;
- ``("no_ranged_weapons",)``: "cannot use ranged weapons" (its strikes and maneuvers with them refused);
- ``("no_equipment_opponent",)``: a retainer's "Minions blocking or blocked by the employer cannot use equipment
  during the resulting combat" (Spiritual Protector);
- ``("life_for_bleed", n, "turn"|"action")``: "Once each turn, she may burn 1 life to get +1 bleed for the current
  action" (a `use` naming the ally during its own bleed);
- ``("own_strike", "hand_plus", n, False, aggravated, "burn after combat")``: Escaped Mental Patient's own strike
  (a hand strike at +1 damage, aggravated), burned as the combat ends once that strike has resolved;
- ``("entry_burn_other",)``: "After this ally enters play, burn an ally or retainer you control" (itself when it is
  the only one; otherwise owed: a `use` naming it, `minion` the card burned, before the phase ends);
- the Vozhds and War Ghoul: ``("discard_for_life", 2)`` (a `use` in your unlock phase, `effect` the ally or retainer
  card discarded), ``("burn_location",)`` (a `use`, `minion` the location, outside combat),
  ``("blood_to_unlock", clan, n)`` (a `use` in another Methuselah's minion phase, `minion` the Tzimisce),
  ``("discard_to_prevent", discipline, n)`` (a `use` while damage is inflicted on it in combat, `effect` the card
  discarded, once each combat), ``("steal_from_own", clan)`` (a `use` in your unlock phase, `minion` the Tzimisce,
  `effect` the amount, up to its starting life); Vozhd of Sofia's 3R strike;
- ``("lock_prevent_employer", n)``: a retainer locked to prevent 1 damage to its employer in combat (a `use` while
  the damage is inflicted); ``("burn_fail_directed", what, when)``: burned to have an action directed at a minion
  (an ally) you control fail (as it is announced, or before it resolves: a `use`); ``("burn_minus_stealth", n)``:
  Screamer burned to give the acting minion of your predator or prey -1 stealth (a `use`, `minion` that minion);
- ``("unlock_duty", what, n)``: what its controller's unlock phase brings, at its start: "blood_or_burn" (Robert
  Carter: the employer burns 1 blood or Carter is burned; with no blood, burned; otherwise a `use` naming it,
  `effect` "blood" or "burn", before the phase ends), "damage_own_vampire" (Wendell Delburton: 2 unpreventable
  damage on a ready vampire you control; with several, a `use` naming him, `minion` the vampire), "burn_self"
  (Spectral Servitor, Nocturn), "burn_self_or_pool" (superior Spectral Servitor: `effect` "pool" or "burn");
- more own actions: Alia's move of a vampire from your torpor region to your ready region, Tutu's steal of an
  equipment from a vampire in torpor; ``("directed_cost", n)``: "Actions directed at her cost +1 pool" (hook in
  `rules_action.announce`); ``("self_unlock", "minion")``: "During your minion phase, this ally can unlock" (a `use`);
- High Top's +1 intercept (``("intercept_if", 1, "")``: counted where the engine reads a minion's own intercept), own (D) combat action and additional strike each round
  (its maneuver once each combat is read from the card text where the engine asks); Courier's -1 intercept against
  vampires (``("intercept_if", -1, "against vampire")``); Member of the Entourage's life for +1 intercept during
  an action directed at you (``("life_for_intercept", 1, "directed at you")``) and ``("burn_if_blocks_vampire",)``
  (burned as his block of a vampire succeeds, before block resolution: hook in `rules_action._blocked`);
  Brigitte Gebauer's ``("lock_give_bleed_announced", 1)`` (a `use`, `minion` the acting minion, as its bleed is
  announced) and ``("life_if_combat", 1)`` (a life burned once that action is blocked and combat occurs);
- Gravebound Drone and Bone Shambler: ``("no_gear", "equipment|retainers")`` (their equip and employ actions
  refused), ``("copy_prevent", 1)`` (a `use` naming the Drone that burns 1 life, `minion` the other copy taking
  damage in combat), ``("copy_bleed", how, 1)`` (a `use` naming the bleeding ally, `minion` the other copy that
  burns 1 life or locks, or the Hecata that burns 1 blood: +1 bleed);
- Valerie Diaz: ``("pool_immune_round", 1)`` (in combat with a vampire, a `use` before strike resolution: 1 pool
  for immunity to non-aggravated damage that round), ``("unlock_after_combat",)`` (a `use` after a combat of hers
  ends, once each turn, when the opposing vampire is not ready);
- Redcap Wilder: ``("block_blood_tax", 7, 1)`` (a vampire of capacity below 7 burns 1 blood to attempt to block
  its employer: hook in `rules_action.block`), ``("own_cost_cut", "blood", 1)`` (at superior, employing it costs
  1 blood less: hook in `rules_action.announce`);
- Feral Hound: ``("unlock_employer", "discard"|"resolution")``: the vampire that employed it unlocks as the next
  discard phase begins (hook in `flow.enter_phase`), or at superior as the employ action resolves;
- Abyssal Hunter: ``("unlock_duty", "damage_own_vampire", 1, False)`` (1 damage that can be prevented, as a damage
  step), ``("burned_by_ranged_aggravated",)`` (burned as ranged aggravated damage is about to be inflicted on it:
  at long range, or from a ranged strike or weapon);
- Informant: ``("cannot_act", "block")`` (no actions, no blocks: hook in `rules_action.block`),
  ``("hand_shown_to_clan", "ishtarri")`` (its controller's hand shown, as their unlock phase begins, to each
  Methuselah who controls a ready Ishtarri), ``("to_predator_at_discard",)`` (as its controller's discard phase
  begins, their predator takes control of it);
- Bima: ``("entry_master_or_burn",)`` (as it enters play: burned at once with no master Discipline card in hand;
  otherwise a `use` naming it, `effect` the card put on it or "burn", before the phase ends) and
  ``("as_vampire_attached",)`` (it plays cards requiring the Discipline of the master card on it as a vampire;
  the basic level comes from that card);
- ``("repeat_action", 1)``: Nocturn at superior: the vampire that recruited it may recruit that card again this
  turn, for 1 more blood each time (hook in `rules_action.announce`, where a minion's second use of an action card
  in a turn is refused);
- Puppeteer's own (D) action: control of an ally or a vampire of capacity 4 or less until the end of your turn
  (it goes back as the turn ends: hook in `flow`; removed from the game if its Methuselah was ousted);
- ``("open_hand_in_combat",)``: Owl Companion: while its employer is in combat, the opposing minion's controller's
  hand is shown to every player (as the combat begins and as each round's strikes are chosen);
- Caiaphas Smith: ``("burn_blocker_after",)`` (a vampire that blocked him burned as the combat ends),
  ``("cannot_bleed",)`` (his bleed actions refused), ``("to_predator_if_unlocked",)`` (unlocked as his
  controller's turn begins, he goes to their predator: looked at as the turn before ends, hook in flow);
- Infernal Servitor: ``("removed_when", "infernal")`` (removed from the game after a successful action of its
  own, as the action ends, or as soon as its controller controls no infernal vampire: checked as actions end, as
  minions are burned and as its controller's unlock phase begins); its superior "As above, and ... as a vampire"
  is an *as_vampire* reading;
- Draeven Softfoot: ``("lock_prevent_clan", "kiasyd", 1)`` (a `use` while damage is inflicted in combat on a
  Kiasyd, `minion` the Kiasyd), ``("discipline_ward", "chi")`` (cards requiring Chimerstry refused while he acts,
  blocks or is in combat, and actions with such a card directed at him: hooks in `requirement_refusal` and
  `announce`);
- Corrupt Construction: ``("entry_remove_for_life", 1)`` (as it enters play, a `use` naming it, `effect` the ally,
  retainer or vampire cards of your ash heap or hand removed from the game, separated by ";": 1 life each; until
  the phase ends) and ``("extra_life", 1)`` (at superior its starting life is 1 more: hook in `rules_action._life`);
- Szlachta Assistant: ``("burn_recruit_discount", "tzimisce", 2)`` (a `use` during its employer's action to recruit
  a ghoul ally requiring a Tzimisce: that action costs 2 blood or pool less); Camarilla Vitae Slave:
  ``("employer_capacity", 1)`` (hook in `Ctx.capacity`) and ``("master_phase_discipline", 1)`` (a `use` in its
  employer's master phase, `effect` a Discipline the vampire has at inferior: superior until that Methuselah's next
  master phase; hooks in `Ctx.discipline_level` and `flow.enter_phase`);
- ``("pool_sets_range", 1)``: Michael Harris, in combat with a vampire, burns 1 pool before range is determined to
  set the range for the round (a `use` naming him, `effect` close or long);
- ``("cancel_strike_card", 1)``: the Vozhd of Gravesend burns 1 life to cancel a strike card as the opposing minion
  plays it (a `use` naming it in the step right after; the game goes back to before that play, the card goes to the
  ash heap unpaid and is replaced, and the minion chooses a strike again);
- Ghoul Messenger: its employer's action moving it to another ready vampire (an *own_action*, verb
  "move_retainer"), ``("messenger_success",)`` (the new employer gains 1 blood and the acting vampire unlocks at the
  end of the turn, with that action's success), ``("messenger_blocked",)`` (blocked: no combat, the Messenger
  burned, the blocker unlocked; hooks in `rules_action._blocked`);
- Shambling Hordes: ``("entry_remove_or_burn",)`` (as it enters play: burned at once with no ally or vampire card
  in your ash heap; otherwise a `use` naming it, `effect` the card removed from the game or "burn", before the phase
  ends) and ``("no_life_gain",)`` (its life never rises above what it had: checked after each step, hook in
  `flow._after_step`, the extra going to the blood bank);
- Rotting Behemoth (the same entry and no life gained; its own (D) combat action costing 1 life, paid as it
  succeeds; ``("life_for_own_press", 1, 1)``: at superior, 1 life for 1 press in the first round of each combat, a
  `use` naming it) and Aggressive Corpse (``("untargetable_by_discipline", "dom|pre")``: directed actions with a
  card requiring Dominate or Presence refused; ``("undodgeable_strikes",)``: its strikes cannot be dodged, each
  round; no life gained); a no-life-gain ally's record starts as it enters play, as its controller's unlock phase
  begins or as a combat with it begins;
- Dauntain Black Magician's and Arcane Appraiser's (D) actions taking a master Discipline card from a vampire, or an
  equipment from a vampire in torpor (verb "take_card": the card goes to the one vampire or ready minion you
  control, or to the one a later `use` naming the ally names as `minion`, this turn; ``("unique_duplicate_burned",)``:
  a unique equipment you already control is burned instead), the Magician's burning of himself and a Tremere
  antitribu of your predator; Cry Wolf: ``("recruit_blocked_torpor",)`` (its recruit blocked, the acting vampire
  goes to torpor), its (D) combat action its only action, ``("no_unlock_normal",)`` and
  ``("burn_if_locked_at_unlock",)`` (locked as its controller's turn begins: it stays locked and is burned as the
  unlock phase begins);
- Goth Band's (D) action moving a counter from a master card of another Methuselah to a master card of yours that
  uses counters (the one such card, or the one a later `use` naming the Band names as `minion`, this turn);
  ``("counter_changes_type",)``: counters are plain counts in the engine, so it takes the new card's kind at once;
- ``("lock_cost_cut", 1)``: Eccentric Billionaire locks for 1 pool off an equipment or a location: a `use` during
  a minion's equip action (that action's cost), or in your master phase before a location is played (the next
  location master card you play this turn: hook in `rules_action._play_master`); one Billionaire each card;
- *as_vampire* "as an Anarch vampire" (Grey Thorne; a fifth item "anarch"): those cards' Anarch requirement is met
  (hook in `rules_action.requirement_refusal`); ``("anarch_blood_for_life", 1)``: in your unlock phase, with only 1
  life, a ready anarch of yours burns 1 blood for 1 life on him (a `use`, `minion` the anarch);
- Ananasi Vampirephile: ``("life_press_range", 1)`` (once each combat, in the press step, 1 life for a press and
  the next round's range, a `use` naming her, `effect` close or long) and an *as_vampire* Animalism reading whose
  fifth item is "once each turn" (a second such card in the same turn refused: the turn's log is read);
- ``("acts_when_recruited",)``: "This ally can perform actions the turn it is recruited";
  ``("unlock_recruiter_first",)``: "Unlock this vampire if this is their first successful recruit ally action this
  turn" (the recruiting vampire unlocks as the ally enters play);
- ``("employer_bleed", n)``: "The vampire with this retainer gets +2 bleed"; ``("melee_plus", n)``: "He inflicts +2
  damage with melee weapons";
- ``("cannot_act",)``: "He cannot act (and he cannot have or use equipment)", "This ally cannot take (perform)
  actions": its actions are refused (so it never equips itself either).
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar.model import Effect

_SUBJ = r"(?:the )?(?:this ally|this retainer|he|she|it|they)"

_STRIKE_FOR = re.compile(rf"^{_SUBJ} (?:can|may) strike for (\d+)(r)? (aggravated )?damage\.?$")
_HAND_AGGR = re.compile(r"^damage from (?:this ally's|his|her|its|their) hand strikes is aggravated\.?$")
_HAND_FIRST = re.compile(rf"^{_SUBJ} strikes? with first strike\.?$")
_REGEN = re.compile(r"^if [\w' ]+? has (?:(\d+) or (?:fewer|less)|(?:fewer|less) than (\d+)|only (\d+)) life during "
                    r"your unlock phase, (?:he|she|it|they) gains? (\d+) life(?: from the blood bank)?\.?$")
_LESS = re.compile(r"^each strike or damaging effect made (by the opposing minion )?against (?:this ally|him|her|it)"
                   r"( in combat)? inflicts (\d+) less damage(?: on (?:him|her|it))?\.?$")
_CAP = re.compile(r"^if any effect does more than (\d+) damage to (?:the )?this ally, ignore the excess\.?$")
_LOCK_GIVE = re.compile(rf"^(?:during (?P<when>a political action), )?(?:(?:{_SUBJ}|the antagonist|you) )?(?:can |may )?"
                        r"(?P<verb>lock|burn) (?:this retainer |this ally )?to give (?P<who>an? [a-z ]+?|any [a-z ]+?|"
                        r"the employer)(?P<mine> you control)? \+(?P<n>\d) (?P<stat>stealth|intercept)\.?$")
_STEALTH_REQ = re.compile(r"^the (?:minion|vampire) with this retainer gets \+(\d) stealth when attempting an action "
                          r"that requires [a-z ]+\[(\w{3})\]\.?$|^this vampire gets \+(\d) stealth during actions "
                          r"requiring [a-z ]+\[(\w{3})\]\.?$")

_SHUFFLE = re.compile(r"^if (?:this ally|he|she|it) is burned, shuffle (?:him|her|it|this ally) (?:in|into) "
                      r"(?:his|her|its) owner's library\.?$")
_MULTI_GIVE = {
    "during an action, this ally can lock to give a follower of set you control +1 stealth, +1 intercept, or +1 bleed.":
        ("lock_give", "stealth|intercept|bleed", 1, "follower of set", True, ""),
    "this ally can lock to give another wraith or zombie ally you control +1 stealth or +1 intercept.":
        ("lock_give", "stealth|intercept", 1, "wraith or zombie ally", True, ""),
}

_AS_VAMPIRE = re.compile(r"^(?:this ally|he|she|it|the \w+) (?:can|may) play (?P<only>non-ally |non-action |combat )?"
                         r"cards (?:requiring|that require) (?P<discs>(?:(?:basic )?[a-z]+ \[\w{3}\](?:, | and/or | or )?)+)"
                         r" as an? (?P<sect>anarch )?(?:vampire(?: with (?:a )?capacity (?:of )?(?P<cap1>\d+))?|"
                         r"(?P<cap2>\d+)-capacity vampire)\.?$")

_OWN_ACTIONS = {   # (verb, stealth, target, amount, directed, the acting card's own cost: "burn" or "remove" itself)
    "he can steal a demon ally or burn a demon retainer as a (d) action.":
        ("own_action", "demon", 0, "demon", 0, True, ""),
    "the this ally can burn 2 blood from a locked vampire with a capacity less than 8 as a +1 stealth (d) action.":
        ("own_action", "burn_blood", 1, "locked vampire capacity<8", 2, True, ""),
    "this ally may enter combat with any tremere controlled by another methuselah as a (d) action.":
        ("own_action", "combat", 0, "tremere", 0, True, ""),
    "this ally may take a (d) action to burn a location controlled by your prey.":
        ("own_action", "burn", 0, "prey location", 0, True, ""),
    "this ally can burn himself and a tremere with capacity 4 or less controlled by your prey as a (d) action.":
        ("own_action", "burn", 0, "prey tremere capacity<=4", 0, True, "burn"),
    "this ally can burn 1 blood and a master discipline card on a vampire controlled by your prey as a (d) action.":
        ("own_action", "burn_card_and_blood", 0, "prey master discipline", 1, True, ""),
    "the this ally can remove itself from the game to burn a non-wraith non-zombie ally or retainer as a +1 stealth "
    "(d) action.": ("own_action", "burn", 1, "non-wraith non-zombie ally or retainer", 0, True, "remove"),
    "this ally can burn himself to burn a follower of set controlled by your prey as a (d) action.":
        ("own_action", "burn", 0, "prey follower of set", 0, True, "burn"),
    "this vampire can burn this retainer to gain 2 blood as a +1 stealth action.":
        ("own_action", "gain_blood", 1, "employer", 2, False, "burn"),
    "the employer can enter combat with a minion as a (d) action.":
        ("own_action", "combat", 0, "minion", 0, True, ""),
    "this ally can burn a non-ready minion as a (d) action; if that action is successful, you can move a library "
    "card from your ash heap to your hand (discard down afterward).":
        ("own_action", "burn_then_fetch", 0, "non-ready minion", 0, True, ""),
    "this ally can burn an equipment on a ravnos as a (d) action; that ravnos gains blood equal to the cost of the "
    "equipment, 1 blood instead if the equipment has no cost.":
        ("own_action", "burn_equipment_gain", 0, "equipment on ravnos", 0, True, ""),
    "he can inflict 1 damage on a ready vampire as a (d) action.":
        ("own_action", "damage", 0, "ready vampire", 1, True, ""),
    "this ally can inflict 1 damage on any minion as a (d) action.":
        ("own_action", "damage", 0, "any minion", 1, True, ""),
    "this ally may steal 1 blood or life (gaining a life) from a minion as a +1 stealth (d) action.":
        ("own_action", "steal_life", 1, "ready minion", 1, True, ""),
    "if gargoyle has less than 3 life, he or she can gain one life as a +1 stealth action.":
        ("own_action", "gain_life", 1, "self life<3", 1, False, ""),
    "she can move a vampire from your torpor region to your ready region as a +1 stealth action.":
        ("own_action", "rescue_own", 1, "own torpor vampire", 0, False, ""),
    "this ally can steal an equipment from a vampire in torpor as a (d) action.":
        ("own_action", "steal_equipment", 0, "equipment on torpor vampire", 0, True, ""),
    "this ally can take control of an ally or a vampire with capacity 4 or less until the end of your turn as a (d) "
    "action.": ("own_action", "take_control", 0, "ally or vampire capacity<=4", 0, True, ""),
    "this ally can move a master discipline card from any vampire to a vampire you control as a (d) action.":
        ("own_action", "take_card", 0, "master discipline on vampire", 0, True, ""),
    "the black magician can burn himself and a tremere antitribu controlled by your predator as a (d) action.":
        ("own_action", "burn", 0, "predator tremere antitribu", 0, True, "burn"),
    "this ally can move an equipment from a vampire in torpor to a ready minion you control as a +1 stealth (d) action.":
        ("own_action", "take_card", 1, "equipment on torpor vampire", 0, True, ""),
    "this werewolf must enter combat with any minion controlled by another methuselah as a (d) action.":
        ("own_action", "combat", 0, "minion", 0, True, ""),
    "as a +1 stealth (d) action, the this ally may move one counter from any master card controlled by another "
    "methuselah to a master card you control that uses counters.":
        ("own_action", "move_counter", 1, "master card with counters", 1, True, ""),
    "she can gain a life as a +1 stealth action.":
        ("own_action", "gain_life", 1, "self", 1, False, ""),
    "this ally can search your library for an equipment card and equip with it as a +1 stealth action (requirements "
    "and cost apply as normal; shuffle afterward).": ("own_action", "search_equip", 1, "library equipment", 0, False, ""),
    "this ally can search your library (shuffle afterward) for a non-unique equipment card costing 1 or fewer pool and "
    "equip with it as a +1 stealth action (requirements and cost apply as normal).":
        ("own_action", "search_equip", 1, "library equipment non-unique pool<=1", 0, False, ""),
    "this ally may take a +1 stealth action to go through your library, find a bomb, and equip them with it.":
        ("own_action", "search_equip", 1, "library equipment named bomb", 0, False, ""),
    "he may take a +1 stealth action to search your library (shuffle afterward) or hand for an equipment and move it to "
    "any ready imbued you control (that imbued must meet the requirements and pay the cost as normal).":
        ("own_action", "search_equip", 1, "library or hand equipment to imbued", 0, False, ""),
    "this ally may take a +1 stealth action to allow you to search your library for a weapon and move it to your hand.":
        ("own_action", "search_to_hand", 1, "library weapon", 0, False, ""),
}
_SEARCH_NOTES = {   # the rest of a search own action's text, carried out with it ("search_equip", "search_to_hand")
    ("pay", "pay the cost to equip as normal."): ("note_search", "search_equip"),
    ("shuffle", "reshuffle your library afterwards."): ("note_search", "search_equip"),
    ("shuffle", "shuffle and discard afterward."): ("note_search", "search_to_hand"),
}

_RETAINER_TEXTS = {
    "the vampire with this retainer may move it to another ready vampire as a +1 stealth action.":
        ("own_action", "move_retainer", 1, "other ready vampire", 0, False, ""),
    "if the action is successful, the new employer gains 1 blood from the blood bank, and the acting vampire unlocks "
    "at the end of the turn.": ("messenger_success",),
    "if the action is blocked, cancel combat, burn the messenger, and do not lock the blocking minion.":
        ("messenger_blocked",),
    "while the employer is in combat, the opposing minion's controller plays with an open hand.":
        ("open_hand_in_combat",),
    "during strike resolution, if the range is close, this retainer burns a weapon controlled by the opposing minion "
    "or inflicts 1 damage on the opposing minion.": ("round_damage", 1, False, "", "or burn weapon"),
    "during your minion phase, you may look at one card picked at random from your prey's hand.": ("peek_prey",),
    "the gargoyle with this retainer gets +1 intercept.": ("employer_intercept", 1, "gargoyle"),
    "when the gargoyle with this retainer is in combat, the opposing minion takes 1r damage during the initial strike "
    "resolution phase of each round, at long or close range.": ("round_damage", 1, True, "gargoyle"),
    "when the gargoyle with this retainer is in combat, the opposing minion takes 1 damage during the initial strike "
    "resolution phase of each round when the range is close.": ("round_damage", 1, False, "gargoyle"),
    "the gargoyle with this retainer can enter combat with a ready minion controlled by another methuselah as a (d) "
    "action.": ("own_action", "combat", 0, "minion", 0, True, "", "gargoyle"),
    "if this anarch is blocked, they can burn 1 life from this retainer before block resolution to lock the blocking "
    "minion and continue the action as if unblocked.": ("blocked_escape", "continue", 1),
    "when this vampire is blocked, he or she may burn this retainer and unlock instead of entering combat.":
        ("blocked_escape", "unlock", 0),
    "this does not unlock the blocker.": ("note_blocker_stays_locked",),
    "this follower of set gets +1 bleed against a methuselah who controls a ready camarilla vampire.":
        ("bleed_if", 1, "target has ready camarilla"),
    "while the employer is bleeding, camarilla vampires get -1 intercept.": ("blockers_intercept", -1, "camarilla", "bleed"),
    "if your prey controls a ready follower of set or assamite, the minion with this retainer gets +1 stealth.":
        ("stealth_if", 1, "prey has ready:follower of set|assamite"),
    "as above, but this minion gets +2 stealth.": ("stealth_set", 2),
    "this retainer's employer may lock him to get +1 stealth for the current action.":
        ("lock_give", "stealth", 1, "employer", False, ""),
    "if that action is blocked, burn this retainer.": ("burn_if_blocked",),
}

_MORE_TEXTS = {   # (kind, text): reading
    ("lock", "during your unlock phase, if the number of thuggees you control is greater than the number of black "
             "hand vampires you control, lock all the thuggees you control."): ("lock_thuggees",),
    ("prevent", "gargoyle may prevent one damage each combat."): ("prevent_own", 1, "combat"),
    ("prevent", "it can prevent 1 damage each round of combat."): ("prevent_own", 1, "round"),
    ("prevent", "this ally can prevent 1 damage each round of combat."): ("prevent_own", 1, "round"),
    ("use", "gargoyle slave cannot use ranged weapons."): ("no_ranged_weapons",),
    ("burn", "once each turn, she may burn 1 life to get +1 bleed for the current action."): ("life_for_bleed", 1, "turn"),
    ("burn", "once each action, this ally may burn a life to get +1 bleed."): ("life_for_bleed", 1, "action"),
    ("burn", "this ally can strike: hand strike at +1 damage, aggravated; burn him at the end of combat if this strike "
             "has resolved."): ("own_strike", "hand_plus", 1, False, True, "burn after combat"),
    ("burn", "after this ally enters play, burn an ally or retainer you control."): ("entry_burn_other",),
    ("direct", "actions directed at her cost +1 pool."): ("directed_cost", 1),
    ("put", "put x pathos counters on this corpse when it enters play."): ("pathos_entry", 0),
    ("put", "as above, but put 2 additional pathos counters on the corpse."): ("pathos_entry", 2),
    ("burn", "during your unlock phase, burn 1 pathos counter."): ("pathos_burn", 1),
    ("remove", "remove the corpse from the game if it has no pathos counters."): ("pathos_remove",),
    ("move", "this ally can move a retainer from your ash heap to a ready vampire you control and put 3 pathos counters "
             "on that retainer as an action."): ("own_action", "ferry_retainer", 0, "ash retainer to own vampire", 3,
                                                 False, ""),
    ("burn", "during your unlock phase, burn 1 pathos counter from that retainer."): ("pathos_burn", 1),
    ("remove", "remove the retainer from the game if it has no pathos counters."): ("pathos_remove",),
    ("burn", "they can burn 1 blood from a ready vampire and put 1 container counter on themselves as a +1 stealth (d) "
             "action."): ("own_action", "container_fill", 1, "ready vampire", 1, True, ""),
    ("burn", "any ready assamite can burn x container counters from them to gain x blood as a +1 stealth action."):
        ("container_drain", "assamite", 1),
    ("modifier", "vampires you control get -1 stealth during political actions."): ("political_stealth", -1),
    ("stealth", "this giovanni gets +1 stealth when hunting."): ("stealth_if", 1, "hunt"),
    ("remove", "if a minion controlled by your prey would be burned, instead remove that burning minion from the game "
               "and put 1 soul counter on this retainer."): ("soul_replace", "prey"),
    ("bleed", "this giovanni gets +1 bleed for each soul counter on this retainer."): ("soul_bleed", 1),
    ("give", "a vampire you control can give another methuselah control of this ally as a (d) action."):
        ("ally_control", "give"),
    ("steal", "a vampire controlled by another methuselah can steal this ally as a (d) action."):
        ("ally_control", "steal"),
    ("give", "this ally may give a link counter to any methuselah as a +1 stealth (d) action."):
        ("own_action", "link_counter", 1, "methuselah", 0, True, "remove"),
    ("remove", "remove this ally from the game if that action succeeds."): ("note_link_remove",),
    ("bleed", "the tremere antitribu who recruited it gets +1 bleed and +1 stealth when bleeding the methuselah with "
              "that link counter."): ("link_bonus", "tremere antitribu", 1),
    ("stealth", "the tremere antitribu who recruited it gets +1 bleed and +1 stealth when bleeding the methuselah with "
                "that link counter."): ("link_bonus", "tremere antitribu", 1),
    ("look", "when a minion you control successfully bleeds, you may look at the top card of the library of the "
             "methuselah being bled, and you may lock the this ally to discard that card."): ("courier_peek",),
    ("burn", "once each combat, she can burn a life during the press step to get a press and set the range in the next "
             "round of that combat, if any."): ("life_press_range", 1),
    ("play", "once each turn, she may play a card that requires basic animalism [ani] as a vampire."):
        ("as_vampire", ("ani",), None, "", "once each turn"),
    ("burn", "during your unlock phase, if this ally has only 1 life, any ready anarch may burn a blood to add 1 life to "
             "him."): ("anarch_blood_for_life", 1),
    ("lock", "this ally may lock to reduce the cost of an equipment or location you or any of your minions play by 1 "
             "pool."): ("lock_cost_cut", 1),
    ("change", "the counter is changed to a counter of the type appropriate to the new card."): ("counter_changes_type",),
    ("burn", "if a second copy of a unique equipment you control would enter play, instead it is burned."):
        ("unique_duplicate_burned",),
    ("go", "if the action to recruit this ally is blocked, the acting anarch goes to torpor."): ("recruit_blocked_torpor",),
    ("unlock", "this werewolf does not unlock as normal during your unlock phase."): ("no_unlock_normal",),
    ("burn", "if he is locked during your unlock phase, burn him."): ("burn_if_locked_at_unlock",),
    ("remove", "after this ally enters play, remove an ally or vampire in your ash heap from the game or burn this "
               "ally."): ("entry_remove_or_burn",),
    ("gain", "it cannot gain life (instead, any life it would gain goes to the blood bank)."): ("no_life_gain",),
    ("gain", "this ally cannot gain life (instead, any life it would gain goes to the blood bank)."): ("no_life_gain",),
    ("gain", "this ally cannot gain life."): ("no_life_gain",),
    ("burn", "after this ally enters play, burn it unless you remove an ally or vampire in your ash heap from the "
             "game."): ("entry_remove_or_burn",),
    ("enter", "this ally can enter combat with a minion as a (d) action that costs 1 life."):
        ("own_action", "combat", 0, "minion", 0, True, "life"),
    ("burn", "as above, and during the first round of each combat, this ally can burn 1 life to get 1 press."):
        ("life_for_own_press", 1, 1),
    ("state", "this ally cannot be the target of directed actions requiring dominate [dom] or presence [pre]."):
        ("untargetable_by_discipline", "dom|pre"),
    ("strike", "in combat, strikes made by this ally cannot be dodged."): ("undodgeable_strikes",),
    ("burn", "during combat, this ally can burn 1 life to cancel a strike card as it is played by the opposing minion, "
             "and its cost is not paid (the minion chooses a strike again)."): ("cancel_strike_card", 1),
    ("burn", "if he is in combat with a vampire, you can burn 1 pool once each round before range is determined to "
             "set the range for the round."): ("pool_sets_range", 1),
    ("burn", "the employer can burn this retainer to reduce the cost of a ghoul ally requiring a tzimisce they recruit "
             "by 2 blood or pool."): ("burn_recruit_discount", "tzimisce", 2),
    ("capacity", "this vampire gets +1 capacity."): ("employer_capacity", 1),
    ("choose", "during their master phase, they can choose a discipline they have at inferior and get +1 level of the "
               "chosen discipline until their next master phase."): ("master_phase_discipline", 1),
    ("lock", "this ally can lock to prevent 1 damage inflicted in combat on a kiasyd."): ("lock_prevent_clan", "kiasyd", 1),
    ("require", "cards requiring chimerstry [chi] can neither be played while he is acting, blocking, or in combat, "
                "nor target him."): ("discipline_ward", "chi"),
    ("remove", "after this ally enters play, you can remove from the game any number of ally, retainer or vampire "
               "cards from your ash heap or hand; this ally gains 1 life for each card removed this way."):
        ("entry_remove_for_life", 1),
    ("gain", "after this ally enters play, you can remove from the game any number of ally, retainer or vampire "
             "cards from your ash heap or hand; this ally gains 1 life for each card removed this way."):
        ("entry_remove_for_life", 1),
    ("state", "as above, and this ally has 1 additional life."): ("extra_life", 1),
    ("burn", "any vampire blocking this ally is burned after the combat (if any)."): ("burn_blocker_after",),
    ("bleed", "this ally cannot bleed."): ("cannot_bleed",),
    ("take", "if he is unlocked at the start of your turn, your predator takes control of him."):
        ("to_predator_if_unlocked",),
    ("remove", "remove it from the game if you control no infernal vampires, or after it performs a successful "
               "action."): ("removed_when", "infernal"),
    ("perform", "as above, and this vampire can perform this action again this turn, with the cost increased by 1 "
                "blood (cumulative)."): ("repeat_action", 1),
    ("act", "the this ally cannot act or block."): ("cannot_act", "block"),
    ("look", "during your unlock phase, any methuselah who controls a ready ishtarri may look at your hand."):
        ("hand_shown_to_clan", "ishtarri"),
    ("take", "during your discard phase, your predator takes control of the this ally."): ("to_predator_at_discard",),
    ("put", "after this ally enters play, put a master discipline card from your hand on it or burn this ally."):
        ("entry_master_or_burn",),
    ("play", "this ally can play cards requiring the basic level of that discipline as a vampire."):
        ("as_vampire_attached",),
    ("inflict", "during your unlock phase, this ally inflicts 1 damage on a ready vampire you control."):
        ("unlock_duty", "damage_own_vampire", 1, False),
    ("burn", "burn this ally if any ranged aggravated damage is inflicted on it (even if prevented)."):
        ("burned_by_ranged_aggravated",),
    ("unlock", "if the action to employ this retainer is successful, unlock this vampire during the next discard "
               "phase."): ("unlock_employer", "discard"),
    ("unlock", "as above, but unlock this vampire after resolution of this action instead."):
        ("unlock_employer", "resolution"),
    ("burn", "vampires with capacity less than 7 must burn a blood to attempt to block the minion with this "
             "retainer."): ("block_blood_tax", 7, 1),
    ("employ", "as above, but the cost to employ this retainer is reduced by 1 blood."): ("own_cost_cut", "blood", 1),
    ("burn", "if this ally is in combat with a vampire, you can burn 1 pool once each round to make her immune to all "
             "non-aggravated damage from a strike or damaging effect."): ("pool_immune_round", 1),
    ("unlock", "once each turn after combat involving this ally ends, she can unlock if the opposing vampire is not "
               "ready."): ("unlock_after_combat",),
    ("state", "this ally cannot have or use equipment."): ("no_gear", "equipment"),
    ("state", "this ally cannot have or use equipment or retainers."): ("no_gear", "equipment|retainers"),
    ("prevent", "this ally can burn 1 life to prevent 1 damage to another copy of this ally you control in combat."):
        ("copy_prevent", 1),
    ("burn", "as above, and during a bleed action, this ally can burn 1 life from another copy of this ally you "
             "control to get +1 bleed."): ("copy_bleed", "life", 1),
    ("lock", "during a bleed action, you can lock another copy of this ally you control to give this ally +1 bleed."):
        ("copy_bleed", "lock", 1),
    ("burn", "as above, and during a bleed action, a hecata you control can burn 1 blood to give this ally +1 bleed."):
        ("copy_bleed", "hecata blood", 1),
    ("modifier", "high top gets +1 intercept."): ("intercept_if", 1, ""),
    ("enter", "high top may enter combat with any minion controlled by another methuselah as a (d) action."):
        ("own_action", "combat", 0, "minion", 0, True, ""),
    ("get", "high top gets an additional strike (limited) each round and an optional maneuver once each combat."):
        ("round_extra", 1, True),
    ("intercept", "this ally gets -1 intercept when attempting to block a vampire."): ("intercept_if", -1, "against vampire"),
    ("burn", "during an action directed at you (or a card you control), this ally can burn 1 life to get +1 intercept."):
        ("life_for_intercept", 1, "directed at you"),
    ("burn", "burn this ally if he blocks a vampire, before block resolution."): ("burn_if_blocks_vampire",),
    ("lock", "lock this ally as a minion you control announces a bleed action to give them +1 bleed for that action."):
        ("lock_give_bleed_announced", 1),
    ("burn", "if that action is blocked and combat occurs, this ally burns 1 life."): ("life_if_combat", 1),
    ("unlock", "during your minion phase, this ally can unlock."): ("self_unlock", "minion"),
    ("perform", "this ally can perform actions the turn it is recruited."): ("acts_when_recruited",),
    ("unlock", "unlock this vampire if this is their first successful recruit ally action this turn."):
        ("unlock_recruiter_first",),
    ("burn", "during your unlock phase, carter's employer burns 1 blood, or carter is burned."):
        ("unlock_duty", "blood_or_burn", 1),
    ("bleed", "the vampire with this retainer gets +2 bleed."): ("employer_bleed", 2),
    ("inflict", "he inflicts +2 damage with melee weapons."): ("melee_plus", 2),
    ("inflict", "during your unlock phase, this ally inflicts 2 unpreventable damage on a ready vampire you control."):
        ("unlock_duty", "damage_own_vampire", 2),
    ("burn", "during your unlock phase, burn this ally."): ("unlock_duty", "burn_self", 0),
    ("burn", "burn this ally during your unlock phase."): ("unlock_duty", "burn_self", 0),
    ("burn", "as above, but during your unlock phase, you can burn 1 pool instead of burning this ally."):
        ("unlock_duty", "burn_self_or_pool", 1),
    ("lock", "the employer can lock this retainer to prevent 1 damage in combat."): ("lock_prevent_employer", 1),
    ("burn", "you can burn this retainer to have an action directed at a minion you control fail."):
        ("burn_fail_directed", "minion", ""),
    ("burn", "you can burn this ally as an action directed at an ally you control is announced to have it fail."):
        ("burn_fail_directed", "ally", "announced"),
    ("stealth", "you can burn this ally to give a minion controlled by your predator or prey -1 stealth."):
        ("burn_minus_stealth", 1),
    ("discard", "during your unlock phase, you can discard an ally or retainer card to add 2 life to this ally."):
        ("discard_for_life", 2),
    ("lock", "it can lock and burn itself to burn a location, except during combat."): ("burn_location",),
    ("burn", "during any other methuselah's minion phase, a tzimisce you control can burn 1 blood to unlock this ally."):
        ("blood_to_unlock", "tzimisce", 1),
    ("discard", "once each combat, this ally can discard a card requiring protean [pro] to prevent 2 damage."):
        ("discard_to_prevent", "pro", 2),
    ("steal", "during your unlock phase, this ally can steal any amount of blood (becoming life) from a tzimisce you "
              "control, not to exceed its starting life."): ("steal_from_own", "tzimisce"),
    ("block", "minions blocking or blocked by the employer cannot use equipment during the resulting combat."):
        ("no_equipment_opponent",),
}

_CLANS = ("ravnos", "tremere", "follower of set", "brujah antitribu", "ventrue antitribu", "giovanni", "kiasyd")

def reading(e: Effect, types: tuple[str, ...]) -> tuple | None:
    t = set(types)
    if not t & {"Ally", "Retainer"} or t - {"Ally", "Retainer"}:
        return None
    low = " ".join(e.text.lower().split())
    k = e.kind
    ally = "Ally" in t
    if not ally and low in _RETAINER_TEXTS:
        return _RETAINER_TEXTS[low]
    got = _MORE_TEXTS.get((k, low))
    if got is not None:
        return got
    if k == "strike":
        m = _STRIKE_FOR.match(low)
        if m and ally:
            return ("own_strike", "damage", int(m.group(1)), bool(m.group(2)), bool(m.group(3)))
        if ally and e.get("dodge") and e.get("once_each_combat") and e.subject is not None \
                and low == "once each combat, he can strike: dodge.":
            return ("own_strike", "dodge", 0, False, False)
        if ally and low == ("this ally can strike: hand strike at +1 damage, aggravated; burn him at the end of combat "
                            "if this strike has resolved."):
            return ("own_strike", "hand_plus", 1, False, True, "burn after combat")
        if ally and low == "it can strike: 3r damage.":
            return ("own_strike", "damage", 3, True, False)
        if ally and low == ("this ally has flight [flight], gets one optional maneuver each combat, and may strike: 1r "
                            "damage."):
            return ("own_strike", "damage", 1, True, False)   # flight and the maneuver: read from the card text
        if ally and _HAND_AGGR.match(low):
            return ("hand_aggravated",)
        if ally and _HAND_FIRST.match(low):
            return ("hand_first",)
        if ally and low == "opposing vampires with capacity 3 or less cannot strike in the first round.":
            return ("first_round_no_strike", 3)
        if not ally and low == "minions in combat with the employer cannot strike: combat ends.":
            return ("no_combat_ends_strike",)
        return None
    if k == "gain" and ally:
        m = _REGEN.match(low)
        if m:
            a, b, c, n = m.groups()
            lim = int(a) if a else int(b) - 1 if b else int(c)
            return ("regen", lim, int(n))
    if k == "immune" and e.get("what") == "non-aggravated damage" and e.duration is None and e.condition is None \
            and low in ("he is immune to non-aggravated damage.", "this ally is immune to non-aggravated damage.",
                        "she is immune to non-aggravated damage.", "this retainer is immune to non-aggravated damage."):
        return ("immune_nonagg",)
    if k == "make" and ally:
        m = _LESS.match(low)
        if m:
            return ("less_damage", int(m.group(3)), bool(m.group(1)))
    if k == "ignore" and ally:
        m = _CAP.match(low)
        if m:
            return ("damage_cap", int(m.group(1)))
    if k == "affect" and ally and low == "this ally is not affected by damage from melee weapons.":
        return ("no_melee_damage",)
    if k == "intercept" and ally and e.amount and e.get("self") and not e.get("cost"):
        if e.condition == "during actions directed at you":
            return ("intercept_if", e.amount, "directed at you")
        m = re.fullmatch(r"against (followers of set|tremere|assamites|ventrue)", e.condition or "")
        if m:
            clan = {"followers of set": "follower of set", "assamites": "assamite"}.get(m.group(1), m.group(1))
            return ("intercept_if", e.amount, "against clan:" + clan)
    if k == "stealth":
        if ally and low in ("this ally get +1 stealth on each of their actions.",
                            "this ally gets +1 stealth on each of his actions."):
            return ("stealth_if", 1, "")
        m = _STEALTH_REQ.match(low)
        if m and not ally:
            return ("stealth_if", int(m.group(1) or m.group(3)), "requires:" + (m.group(2) or m.group(4)))
        return None
    if ally and k == "use" and low == ("in the first round of combat with a vampire who has played a card that "
                                       "requires auspex [aus] during this action, that vampire cannot use any "
                                       "maneuvers or strikes."):
        return ("first_round_bar", "aus")
    if ally and k == "gain" and low == ("this ally gains 1 life at the end of each round for each blood the opposing "
                                        "vampire used to heal damage or prevent destruction that round."):
        return ("gain_per_blood_mended", 1)
    if ally and k == "additional_strikes" and e.amount == 1 and e.duration == "each round" and e.condition is None \
            and low.startswith("this ally gets an additional strike (limited) each round"):
        return ("round_extra", 1, bool(e.get("limited")))
    if ally and k == "burn" and low == ("during your discard phase, you can burn this ally to burn a vampire who has "
                                        "committed diablerie since your last turn."):
        return ("burn_diablerist",)
    if ally and k in ("act", "take", "perform") and e.get("negated") and low in (
            "he cannot act and he cannot have or use equipment.", "the this ally cannot take actions.",
            "this ally cannot perform actions.", "this ally cannot take actions."):
        return ("cannot_act",)
    if k == "strength" and ally and e.amount and e.condition == "for each life it has" \
            and low in ("this ally gets +1 strength for each life it has.", "the this ally gets +1 strength for each life it has."):
        return ("strength_per_life", e.amount)
    if k == "burn" and not ally and low == ("vampire with this retainer may burn x blood to get +x intercept for the "
                                            "current action."):
        return ("blood_for_intercept",)
    if k == "play" and ally:
        m = _AS_VAMPIRE.match(low[len("as above, and "):] if low.startswith("as above, and ") else low)
        if m:
            cap = m.group("cap1") or m.group("cap2")
            got = ("as_vampire", tuple(re.findall(r"\[(\w{3})\]", m.group("discs"))), int(cap) if cap else None,
                   (m.group("only") or "").strip())
            return got + ("anarch",) if m.group("sect") else got
    if k == "bleed" and ally and e.get("frame"):
        m = re.fullmatch(r"(?:(\d) bleed, (\d) strength|(\d) strength, (\d) bleed(?:, flight \[flight\])?)\.", low)
        if m:
            bleed = int(m.group(1) or m.group(4))
            strength = int(m.group(2) or m.group(3))
            if bleed == 1:
                return ("stats", strength, bleed)
    if k == "burn" and ally and low == "once during a directed action, he can burn 1 life to get +1 intercept.":
        return ("life_for_intercept", 1, "directed action")
    if k == "lock" and ally and low == "he may lock to give a brujah antitribu you control a maneuver.":
        return ("lock_maneuver", "brujah antitribu")
    if k == "get" and ally and low == "once each combat, this ally gets an additional strike (limited).":
        return ("combat_extra_once", 1)
    if k == "burn" and not ally and low == ("the employer can burn 1 blood to set the range for the round before range "
                                            "is determined during the first round of combat."):
        return ("employer_sets_range", 1)
    if k == "lock" and ally and low == ("if a giovanni you control is in combat, you can lock this ally before range is "
                                        "determined to set the range for the round to close."):
        return ("lock_sets_range", "giovanni", "close")
    if k == "press" and ally and low == "once each combat, this ally may press to continue combat.":
        return ("press_continue_once",)
    if k == "shuffle" and not ally and low == ("when acting, this laibon can shuffle this retainer back into his "
                                               "owner's library to get +1 stealth."):
        return ("shuffle_give", "stealth", 1)
    if k == "remove" and ally:
        m = re.fullmatch(r"during your unlock phase if you control fewer copies of this ally than ready unique "
                         r"([a-z ]+?) you can remove (\d+) cards in your ash heap from the game to move an this ally "
                         r"from your ash heap to the ready region with (\d+) life\.", low.replace(",", ""))
        if m:
            return ("return_from_ash", m.group(1), int(m.group(2)), int(m.group(3)))
    if ally and k == "state" and e.get("frame"):
        m = re.fullmatch(r"as above, but this ally has (\d+) life and (\d+) strength\.", low)
        if m:
            return ("superior_stats", int(m.group(1)), int(m.group(2)))
    if ally and k == "lock" and low == ("if another minion you control is in combat, this ally can lock and burn "
                                        "herself to burn an equipment on the opposing minion, or lock during normal "
                                        "strike resolution to inflict 1 unpreventable damage on the opposing minion."):
        return ("gianna",)
    if ally and k == "lock" and low == ("if this ally is ready during your master phase, you can lock her to search your "
                                        "library (shuffle afterward) and/or ash heap for a master discipline card and "
                                        "put it on a ready assamite you control."):
        return ("lock_fetch_discipline", "assamite")
    if ally and k == "burn" and low == "this ally can burn 1 life to give a minion you control 1 press.":
        return ("life_for_press", 1)
    if ally and k == "burn" and low == ("during an action directed at you (or a card you control), you can burn this "
                                        "ally if it is not blocking to unlock a ready minion you control."):
        return ("burn_to_unlock",)
    if ally and k == "gain" and low == "if a minion opposing this ally in combat is burned, this ally can gain 1 life.":
        return ("gain_when_opponent_burned", 1)
    if ally and k == "prevent" and low == "this ally can prevent 1 non-aggravated damage each combat.":
        return ("prevent_nonagg_once", 1)
    if ally and k == "steal_blood" and low == "he may steal 1 blood or life from a minion as a +1 stealth (d) action.":
        return ("own_action", "steal_life", 1, "ready minion", 1, True, "")
    if low in _OWN_ACTIONS and k in ("steal", "burn", "enter", "take", "remove", "move", "gain", "inflict", "search"):
        return _OWN_ACTIONS[low]
    if ally and (k, low) in _SEARCH_NOTES:
        return _SEARCH_NOTES[(k, low)]
    if ally and k == "gain" and low == ("if a vampire controlled by another methuselah burns the this ally in combat "
                                        "or as an action, he or she gains 2 blood."):
        return ("burner_gains_blood", 2)
    if ally and k == "lock" and low == ("lock after resolution of an unsuccessful action to inflict 1 damage on the "
                                        "acting vampire."):
        return ("lock_after_unsuccessful", 1)
    if ally and k == "inflict" and low == "in combat with a follower of set, any damage he inflicts is aggravated.":
        return ("aggravated_against", "follower of set")
    if ally and k == "lock" and low == ("when a minion you control would enter combat with an acting minion, you may "
                                        "lock this ally to cancel that combat and have this ally enter combat with "
                                        "the acting minion instead."):
        return ("takes_over_combat",)
    if ally and k == "state" and low == ("he cannot be the target of a directed action performed by an ally or a "
                                         "vampire with capacity 6 or less."):
        return ("untargetable_by", 6)
    if k == "shuffle" and ally and _SHUFFLE.match(low):
        return ("shuffle_when_burned",)
    if k == "set" and ally and low == ("if this ally blocks a directed action, set the range for the first round of "
                                       "the resulting combat to close."):
        return ("block_close",)
    if k == "get" and not ally and low == ("if the employer blocks a directed action, they get 1 optional maneuver "
                                           "during the first round of the resulting combat."):
        return ("block_maneuver", 1)
    if k == "reduce_bleed" and ally and low == "you can burn this ally to reduce a bleed against you by 3.":
        return ("reduce_bleed_burn", 3)
    if k == "lock" and ally and low in _MULTI_GIVE:
        return _MULTI_GIVE[low]
    if k in ("lock", "burn", "modifier"):
        m = _LOCK_GIVE.match(low)
        if m:
            who = m.group("who")
            who = re.sub(r"^(?:an?|any) ", "", who)
            who = "employer" if who == "the employer" else "any" if who == "minion" else who
            if who not in _CLANS and who not in ("employer", "any"):
                return None
            if m.group("verb") == "burn" and ally:
                return None
            when = "political" if m.group("when") else ""
            verb = "lock_give" if m.group("verb") == "lock" else "burn_give"
            return (verb, m.group("stat"), int(m.group("n")), who, bool(m.group("mine")), when)
    return None


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    return reading(e, types) is not None


def claims(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """The reading of *e* when this family is the one that resolves it (`effects.owner`), else None."""
    from vtes_desktop.cards.grammar import effects

    return effects.claimed(e, types, reading(e, types), "auto_minion")
