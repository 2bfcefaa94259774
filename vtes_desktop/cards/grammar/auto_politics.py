"""Effects of the politics and action-card family that the engine resolves, beyond the core ones in `effects.automated`.

`read(e, types)` gives the structured reading of one effect clause of an action card or a political action
card, or None when the engine does not carry it out; `automated(e, types)` is True exactly when `read` gives
one. The engine (`engine/effects_actioncard.py`) resolves from the same reading, so a flag here is always
backed by engine code (and by a scenario in tests/scenarios/540-619).

Readings (a tuple whose first item names it):

- ``("add_uncontrolled", n, younger, clan, discipline)``: an action card puts *n* blood from the bank on a
  vampire in the acting Methuselah's uncontrolled region, younger than the acting vampire when *younger*,
  of *clan* or with *discipline* when given;
- ``("add_amount", n)``: "As above, but add N blood" (the superior amount of the reading above);
- ``("add_other", n)``: *n* blood on another vampire in play (capped at its capacity);
- ``("bleed_gain_pool", n)``: the acting Methuselah gains *n* pool when the card's bleed succeeds for 1+;
- ``("gain_pool_self", n)``, ``("gain_blood_self", n, unlocks, replaces)``, ``("unlock_self",)``: the acting
  Methuselah gains pool, the acting vampire gains blood (up to capacity; *replaces*: "As above, but" gives the
  amount instead of adding to it) or unlocks, when the action succeeds;
- ``("bleed_gain_pool_any", n)``, ``("unlock_if_bleed",)``, ``("gain_blood_if_bleed", n)``: the same, for a
  bleed card whose bleed succeeds (for any amount);
- ``("burn_card", kinds, prey_only, pool)``: a directed action burns a card in play of one of *kinds*
  (location, equipment, ally, retainer, hunting ground, non-unique equipment), and its controller burns *pool*;
- ``("unlock_target", younger, mine, or_ally)``: unlock a vampire (younger than the acting one, yours) or an ally;
- ``("enter_combat", filter)``: a directed action enters combat with a ready minion of another Methuselah that
  fits *filter* ("locked", "vampire", "younger vampire", "older vampire", "sabbat vampire", "ally of prey",
  "weak vampire or locked": a vampire with 3 or fewer blood or a locked minion; "": any);
  ``("combat_grant",)``: "this acting vampire gets an optional press/maneuver during this combat";
- ``("search_equip",)``: the acting vampire equips itself with an equipment card from its Methuselah's library,
  requirements and cost as normal, and the library is shuffled;
- ``("steal_to_ready", n)``: the acting vampire may burn *n* blood to move the vampire it stole from torpor to
  the ready region (the player says so when announcing, with `cost: n`);
- ``("steal_pool", n)``: a directed action moves *n* pool from the targeted Methuselah to the acting one;
  ``("edge_burn", blood, pool)``: burn the Edge to burn *blood* from another Methuselah's vampire or *pool* from
  your prey (the target says which); ``("crypt_to_uncontrolled", discipline, n)``: the named vampire with
  *discipline* moves from your crypt to your uncontrolled region with *n* blood (the crypt is shuffled);
- ``("combat_lock_vampire",)``, ``("target_acts_in_combat",)``: Deep Song: a directed action enters combat with
  a vampire and locks it; in that combat the target counts as the acting minion;
- ``("lazarus", clan, n)``: *n* blood for a younger vampire of *clan* in your uncontrolled region, or that clan's
  vampire from your crypt to your uncontrolled region (the target says which; the crypt is then shuffled);
- ``("bleed_draw_discard", n)``: when the card's bleed succeeds, draw *n* cards, then discard *n*;
- ``("ash_to_library_top", n)``, ``("random_discard_draw", n)``: Sudario Refraction: *n* library cards named from
  your ash heap (the target, names separated by `;`) go on top of your library, then *n* cards at random
  from your hand are discarded and *n* drawn;
- ``("ash_vampire_to", region, n)``: a vampire named from your ash heap moves to your uncontrolled or ready
  region (with *n* blood);
- ``("stun_target",)``: a directed action stuns an unlocked vampire: it locks and does not unlock in its
  controller's next unlock phase (if it is locked when the action resolves, the action does nothing);
- ``("ally_action", verb, stealth, directed, filter, n, pool)``: an ally's own printed action (announced with
  `from` naming the ally): *n* blood from the bank on a vampire ("blood"), burn a card ("burn": a vampire in
  torpor, a location, an equipment of your predator or prey), burn *n* blood from a vampire ("burn_blood"),
  unlock a vampire ("unlock"), or enter combat ("combat", with a vampire when *filter* says so), at +*stealth*, costing *pool*;
- ``("ally_stealth", n)``: the ally's actions are at +*n* stealth (life regained when low is the allies'
  family's, auto_minion);
- ``("ally_no_block", "vampire")``: the ally cannot attempt to block a vampire; ``("ally_upkeep_life", n)``: it
  burns *n* life as its controller's unlock phase begins; ``("ally_lock_heal", n)``: it can lock (a `use`, the
  ally to heal named as `minion`) to add *n* life to an ally you control below its starting life;
- ``("burnable", who, stealth, cost, unit)``: a minion ("vampire": a vampire) of another Methuselah can burn this
  card in play as a (D) action, at +*stealth*, costing *cost* pool or blood (announced with `from` naming it);
- ``("unlock_prey_burns", n)``, ``("once_each_turn_by_name",)``: a card in play: its controller's prey burns *n*
  pool as its controller's unlock phase begins, once each turn for all copies of the card;
- ``("each_unlock_noncam_burn", n)``, ``("burn_noncam_to_burn",)``: a card in play: each Methuselah controlling a
  non-Camarilla vampire burns *n* pool as their unlock phase begins; any Methuselah may, in their master phase,
  burn a non-Camarilla vampire they control to burn the card (a `use` naming the vampire as `minion`);
- ``("action_stealth_bonus", n)``: "As above, with +1 stealth": the action is at +*n* stealth more;
  ``("attached_bleed", n, replaces)``: a card put on the acting vampire gives it +*n* bleed while there;
  ``("lock_target", "prey minion")``: a directed action locks a ready minion of your prey;
  ``("burn_own_contract",)``: the action burns a contract card (the target) on a minion of the acting Methuselah;
  ``("no_play_named", name)``: a card put on the vampire keeps it from playing cards of that name (refused in
  combat, where those cards are played); ``("hunt_extra_once", n)``: a card on the vampire gives it *n* more blood
  the first time each turn its hunt succeeds;
- ``("burn_all_keep", what)``, ``("keep_repay", what)``: when the referendum passes, every card in play of *what*
  ("location", "ally", "weapon") is burned, except those each Methuselah keeps by paying their pool cost again
  (each names them, or none, with a `terms` step of their own; a card with no pool cost is kept for 0);
- ``("accept_pass", clan)``, ``("accept_enter", clan)``: the card is put in play when the referendum passes, and
  each Methuselah then names the vampires of *clan* they control that become Camarilla (a `terms` step of their
  own); later, as a vampire of *clan* enters play, its controller can make it Camarilla (a `use` of the card
  naming it as `minion`, in the phase it came in);
- ``("controller_pays_or_burns", n)``: Auto-da-fe: when the referendum passes, the chosen vampire's controller
  says (`terms`: "pool" or "vampire") whether they burn *n* minus its capacity in pool or burn the vampire;
- ``("each_burns_uncontrolled",)``: when the referendum passes, each Methuselah names a vampire in their
  uncontrolled region (a `terms` step of their own; none only when they have none), and those are burned;
- ``("title_instead_named", name, sect)``: the title card goes on the vampire called *name* instead of the acting
  one, when one of *sect* is in play;
- ``("influence_tax", n)``, ``("discard_tax", n)``: a card in play: a Methuselah burns *n* pool as a vampire of
  theirs moves from their uncontrolled region into play, or pays *n* pool more for the discard phase action;
- ``("terms_ready_sect", sect)``: the terms name a ready vampire of *sect*; ``("block_tax_chosen", n)``: when the
  referendum passes, for the rest of the game any vampire attempting to block the chosen vampire burns *n* blood
  (what it has; cumulative with other copies);
- ``("terms_number", lo, hi)``, ``("next_oust_reward",)``: Political Flux: the terms name a number from *lo* to
  *hi*; when the referendum passes, the next predator to oust their prey gains that much pool instead of 6;
- ``("terms_titled_nonanarch",)``, ``("edge_unseat", n)``: Patsy: the terms name a titled non-Anarch vampire; when
  the referendum passes, the acting Methuselah burns the Edge (if they still have it) for the vampire to lose its
  title and its controller to burn *n* pool;
- ``("terms_edge_holder",)``, ``("selected_burns", n)``: the terms name the Methuselah holding the Edge (refused
  when it is someone else, or nobody has it); when the referendum passes, that Methuselah burns *n* pool;
- ``("ally_master_tax", n)``: while the ally is in play, master cards cost its controller *n* more pool;
- ``("steal", what)``: a directed action takes control of an ally ("ally"), a retainer ("retainer", it
  moves to the acting minion), a location ("location") or a vampire in torpor ("torpor");
- ``("terms_allocate", n, least, others_only)``: the terms allocate *n* points (-1: as many as Methuselahs
  in the game) among at least *least* Methuselahs (other than the acting one when *others_only*);
- ``("burn_per_point", n)``: a successful referendum burns *n* pool from each Methuselah per point;
- ``("per_minion", sign, n, what)``: a successful referendum makes each Methuselah gain (+1) or burn (-1)
  *n* pool for each of their minions matching *what* ("minion", "locked minion", "vampire", "torpor vampire",
  "clan" (of the chosen clan), "capacity>=8", "ready independent or anarch");
- ``("terms_clan",)``: the terms name a clan;
- ``("terms_minion", ready, younger, camarilla, who, cap_below, same_clan)``: the terms name a minion: *who* is
  "vampire", "ally", a clan, or a title ("prince", "archbishop"); ready, younger than the acting vampire,
  Camarilla, capacity below *cap_below*, of the acting vampire's clan, as flagged;
- ``("chosen_burned",)``, ``("chosen_removed",)``, ``("chosen_loses_title",)``: the chosen minion is burned,
  removed from the game, or loses its title;
- ``("title_chosen", "justicar")``: the card goes on the chosen vampire, who holds the title (instead of any other);
- ``("clan_votes", clan, n)``: in this referendum each ready vampire of *clan* has *n* more votes;
- ``("terms_methuselah",)``, ``("chosen_edge",)``, ``("all_burn_chosen_extra", n, extra)``: the terms name one
  Methuselah, who gets the Edge, or burns *extra* pool more than the *n* each Methuselah burns;
- ``("steal_each", n, condition)``: the acting Methuselah steals *n* pool from each Methuselah matching
  *condition* ("no vampire with capacity above N", "more pool");
- ``("vampires_blood", delta, condition)``, ``("fail_actor_blood", delta)``, ``("honor_elders", cap)``: blood
  burned or gained by every vampire in play (matching "capacity<N"), by the acting vampire when the referendum
  fails, or by every vampire of capacity *cap*+ ready or uncontrolled;
- ``("diversity",)``, ``("all_gain", n)``, ``("per_card", sign, n, kinds)``: pool for each clan among one's ready
  vampires, for everyone, or for each card of *kinds* one controls;
- ``("banish",)``, ``("banish_stay",)``: the chosen vampire goes to its controller's uncontrolled region,
  with its cards and counters;
- ``("terms_methuselahs",)`` and ``("chosen_burn", n, extra, condition)``: the terms name one or more
  Methuselahs; each burns *n* pool, and *extra* more if they control a ready vampire matching *condition*
  ("capacity<=4");
- ``("title", title, city)``: a passed referendum puts the card on the acting vampire, who now holds that
  unique title (prince or archbishop of the city) instead of any other, contested if another vampire holds it;
- ``("unlock_next_discard",)``, ``("title_unlock_discard", clan)``: the acting vampire (of *clan*, for a title
  card) unlocks as its Methuselah's next discard phase begins;
- ``("title_capacity", clan)``: the vampire holding the card's title has +1 capacity while of *clan*;
- ``("group_blood", who, n)``: on success, each vampire *who* names gains *n* blood ("own unlocked", "own ready
  sabbat", "own uncontrolled clan:X", "ready unlocked clan:X", "acting and younger uncontrolled clan:X");
  ``("oldest_clan_pool", clan, n)``: each Methuselah controlling one of the oldest ready vampires of *clan*
  gains *n* pool;
- ``("terms_methuselahs_half",)``, ``("chosen_burn_others_gain", n, m)``: at least half the Methuselahs are
  named; each burns *n* pool, each other one gains *m*;
- ``("prey_ash_vampires",)``, ``("clan_count_burn", clan, base)``, ``("anarch_salon",)``: pool burned for each
  vampire in one's prey's ash heap, or *base* plus one per vampire of *clan* one controls; each ready Anarch
  gains a blood and each Methuselah controlling an Anarch a pool;
- ``("clan_blood", clan, delta)``, ``("clan_zero_torpor", clan)``, ``("lock_clan",)``: every ready vampire of
  *clan* (or of the clan the terms name) burns blood, goes to torpor at zero blood, or is locked;
- ``("terms_card_to", what, recipient)``, ``("give_chosen",)``: the terms name a card in play (a location, an
  equipment) and who takes control of it (a Methuselah, a vampire, which gets the equipment);
- ``("terms_blood_shift", n)``, ``("blood_shift",)``: Public Vilification: a ready younger vampire of another
  Methuselah and *n* of its blood allocated among other vampires (the acting one included);
- ``("burn_bleeders", n)``: every vampire whose bleed is *n* or more is burned;
- ``("each_choose_vampire",)``, ``("chosen_capacity", how, n)``: once the referendum passes, each Methuselah
  may name a ready vampire they control (a `terms` step of their own, or "none"); then each gains *n* pool and
  burns their predator's chosen vampire's capacity ("reins"), or gains their own chosen vampire's capacity and
  burns *n* ("ancient");
- ``("terms_sect_vampire", sect, cap)``, ``("no_votes_from", who)``, ``("title_votes", title, n)``: the terms name
  a vampire of *sect* (capacity *cap* or more); in this referendum *who* ("non-sabbat", "camarilla") cast no votes
  or ballots, and each ready vampire holding *title* has *n* more votes; ``("title_chosen", title)`` then gives
  the chosen vampire that title (cardinal, priscus);
- ``("terms_allocate_and_one", n, least, others_only)``, ``("terms_and_one",)``: allocation terms followed by one
  Methuselah (`"Ben 3, Cid 2; Dee"`); ``("burn_per_point", n, "chosen gains 1")``, ``("chosen_gains", n)``: the
  chosen Methuselah gains pool;
- ``("terms_noncam", cap)``, ``("terms_noncam_ic",)``: a non-Camarilla vampire of capacity below *cap* (any
  capacity when the acting vampire is an Inner Circle member);
- ``("eat_the_rich_votes",)``: in this referendum no priscus ballots, titled vampires' votes -1, the Edge 2 votes;
- ``("terms_council",)``, ``("council",)``: Revolutionary Council: X ready unlocked Anarchs of yours and 2X points
  among Methuselahs, locations and equipment (`"Anarch, Anarch; Ben 2, Arcane Library 1, .44 Magnum 1"`); when it
  passes the Anarchs lock, each Methuselah burns a pool per point, each location or equipment with a point burns;
- ``("terms_shift", n)`` and ``("shift",)``: Parity Shift: a Methuselah with more pool than the acting one
  and *n* of their pool allocated among one or more others; the pool moves as allocated.

Second pass (`_read_targeted`, carried out at the end of `engine/effects_actioncard.py`):

- ``("on_target", who, ops)``: the action names one card (*who*: "ready titled vampire", "unlocked vampire",
  "ready minion", "ally or retainer", "torpor vampire", "location of predator or prey"...) and *ops* happen to it
  in order: ``("burn_blood", n)``, ``("steal_blood", n)``, ``("blood_or_damage", n)``, ``("damage", n)``
  (unpreventable), ``("lock",)``, ``("torpor",)``, ``("burn",)``, ``("burn_life", n)``, ``("rescue",)``,
  ``("heal", n)``; ``("target_more", ops)`` adds "As above, and ..." ops, ``("target_who", who)`` widens *who*;
- ``("lock_all", "ally")``, ``("prey_vampires_burn", n)``, ``("gain_blood_if_has", k, n)``,
  ``("crypt_top_to_uncontrolled",)``, ``("ash_to_hand",)`` (the target names the card), ``("turn_stealth", who, n)``
  (the Methuselah's vampires' or minions' actions this turn), ``("edge_prey_burn", n)`` /
  ``("edge_prey_burn_amount", n)`` (the Edge burned for the prey's pool), ``("no_bleed_this_turn",)``;
- ``("bleed_cap", n)``: the card's bleed burns at most *n* pool; ``("combat_grant_continue",)``: a press only to
  continue; ``("no_block", who)``: "without cel", "titled vampire", "ally", "untitled" cannot block the action;
- cards that stay: ``("put_on_self",)``, ``("put_on_self_locked",)`` with ``("self_agg_damage", n)`` and
  ``("burn_blood_immune", n)`` (said as the optional cost), ``("attached_intercept", n, "directed at controller")``,
  ``("attached_strength", n, replaces)``, ``("attached_bleed_vs_prey", n)``, ``("attached_no_unlock",)``,
  ``("burn_at_unlock",)``, ``("lock_card_unlock_host", "minion")`` (a `use` of the card);
- Aranthebes in play: ``("lock_predator_stealth", -1)`` (a `use`), ``("bleed_against_small", cap, -1)``,
  ``("shufflable", cap)`` (a (D) action announced `from` the card).

Fourth pass (session 3; `_read_fourth`, the `_FOURTH` and `_FOURTH_POLITICAL` tables, carried out in the last sections
of `engine/effects_actioncard.py`; scenarios 1590-1638):

- actions of a vampire in torpor: ``("leave_torpor_self",)``, ``("blocked_no_combat",)``, ``("blocked_diablerie",)``,
  ``("blocked_no_combat_diablerie",)`` (blocked, no combat and the blocker may diablerize);
- ``("end_combat", what, n)``: at the end of the combat the action entered ("opponent controller pool", "ready gains
  capacity", "put on actor if opponent not ready", "blood to uncontrolled salubri");
- more ``on_target`` targets and ops (Threading the Path of Orpheus, Nosferatu Performance Art, Dismemberment of Osiris,
  Edged Illusion, Memory's Fading Glimpse, Brick Laying, Cleansing Ritual, Exile, Nightmare Curse, Blackmail,
  Distraction, Shattering Crescendo, Chameleon, Rampage, Sacrificial Lamb, Songs of the Distant Vitae, Fire on the
  Mountain and Warding the Beast's ``("diablerize",)``); ``("cond_stealth", condition, n)``, ``("special_hunt", n)``;
- one-shot effects: ``("edge_get",)``/``("edge_else_burn_pool", n)``, ``("target_methuselah",)``/``("damage_each_ready",
  n)``, ``("prey_pool_per_named", n, name)``/``("burn_named_counted",)``, ``("danya", n)``, ``("remove_ash_ally_for",
  n)``, ``("remove_ash_ally_blood", n, m)``, ``("chosen_no_block_vote_turn",)``, ``("discard_copy_damage", k, n)``,
  ``("choose_own_uncontrolled",)`` with ``("unc_blood_to_chosen", n)``/``("blood_to_chosen_unc", n)``/
  ``("chosen_unc_to_ready_if_full",)``; after the action: ``("unlock_end_of_action",)``, ``("red_list_grant_unlock",)``,
  ``("blood_hunt_after",)``, ``("target_locks_own_minion",)``; ``("no_block", "without tem", "no discipline cards")``,
  ``("bleed_vs_hunter_controller", n)``, ``("blood_hunt_votes", n)``, ``("blood_hunt_for_only", clans)``;
- political actions: ``("terms_chosen_cards", what, n)``/``("terms_more_if_title", title, n)``/``("chosen_burned",)``/
  ``("chosen_cards_burned", pool[, methuselah pool])``, ``("no_more_if_fails",)``, ``("terms_methuselah_or_location",)``,
  ``("terms_both_if_title", titles)``, ``("chosen_cards_barred_turn",)``, ``("clan_pool_and_voters_blood", clan, n, m)``,
  ``("terms_allocate_vampires", ...)``/``("allocate_max_each", n)``/``("blood_per_point", n)``,
  ``("terms_methuselahs_once",)``/``("chosen_once",)``/``("hand_size_chosen", n)``/``("chosen_burns_by_edge",)``,
  ``("terms_recent_voter",)``/``("recent_voter_damage",)``, ``("terms_recent_vp",)``/``("chosen_seat_stunned",)``.

Fifth pass (session 3, second helper; scenarios 1950-1965):

- ``on_target`` targets: Steal the Mind [dom] (a minion locked), Touch of Valeren's action (``("blood_or_life", 3)``;
  a dual card's action mode is read with the mode's types, as the compiler flags it), Community Justice (a
  diablerist of the acting vampire's clan: the victim's clans remembered by ``note_victim``) and Rubicon (a
  vampire that burned one of yours: ``note_burned`` on diablerie, a combat's end and an action card's burn);
- ``("after_action_self_agg", n)``/``("after_action_self_agg_only", n)``: Force of Will's damage after resolution;
- ``("rave_move",)``, ``("circle_redistribute",)``: blood and equipment moved as named in the target (Rave,
  Redistribution); ``("laibon_blood", n)``/``("magaji_lock_two",)`` (Sires Command, Childer Inherit);
  ``("random_prey_monster",)``/``("combat_chosen_monster",)`` (Muse of Flame); ``("first_round_grant", kind)``/
  ``("blocker_first_round_grant", kind)`` (Dive Bomb); ``("enter_combat", "vampire", "maneuver")``,
  ``("taunt_pick",)``/``("taunt_combat",)``/``("taunt_winner_blood", n)`` (Taunt the Caged Beast);
  ``("look_hands_turn",)`` (Pulse of the Canaille: the hands shown to its player as each action of the turn ends);
- Imbued powers, used by locking the power (and paying the conviction printed on its line):
  ``("power_monsters_intercept", n)`` (Hide), ``("power_no_block", cap, cost)`` (Project), ``("power_fail_combat",)``
  (Champion), read for the modes' own types ("Action Modifier", "Reaction"); the power's action taken with `from`
  naming it: ``("power_blood_or_life", n)``, ``("power_unlock_heal", n)`` (Rejuvenate), ``("power_damage_small", n,
  cap)``/``("power_conviction_back", n)`` (Respire), ``("power_inspire",)`` (Inspire). Discern and Vigilance, core
  vocabulary, are used by the same lock in engine/effects_actioncard.py.
"""

from __future__ import annotations

import re
from functools import lru_cache

from vtes_desktop.cards.grammar.lexicon import CLANS
from vtes_desktop.cards.grammar.model import Effect

_CLANS = frozenset(CLANS)
_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "x": -1}


def _n(s: str) -> int:
    return _NUM[s] if s in _NUM else int(s)


_ADD_UNC = re.compile(
    r"^(?:add|move) (?P<n>\d+) blood (?:from the blood bank )?to an? (?P<younger>younger )?(?P<who>[a-z' ]+?)"
    r"(?: with (?P<dname>[a-z]+) \[(?P<disc>[a-z]{3})\])? in your uncontrolled region$")
_ADD_AMOUNT = re.compile(r"^as above, but add (?P<n>\d+) blood$")
_ADD_OTHER = re.compile(r"^add (?P<n>\d+) blood to another vampire$")
_BLEED_POOL = re.compile(r"^(?:as above, and )?gain (?P<n>\d+) pool if the bleed is successful \(for 1 or more\)$")
_STEAL = re.compile(r"^\(d\) steal (?:an ally controlled by another methuselah|a retainer controlled by another vampire"
                    r"|a location|a vampire in torpor controlled by another methuselah)$")
_ATTACHED_BLEED = re.compile(r"^(?P<but>as above, but )?this vampire gets \+(?P<n>\d) bleed$")
_BURNABLE = re.compile(r"^(?:any |a )?(?P<who>minions?|vampires?) (?:can|may) burn this card as an? "
                       r"(?:\+(?P<s>\d) stealth )?\(d\) action(?: that costs (?P<c>\d) (?P<u>pool|blood))?$")
_GAIN_POOL = re.compile(r"^(?:as (?:\[[a-z]+\] )?above, and )?(?:you )?gain (?P<n>\d+) pool$")
_BLEED_AND_POOL = re.compile(r"^\(d\) bleed and gain (?P<n>\d+) pool$")
_GAIN_BLOOD = re.compile(r"^(?:as above, (?P<how>and|but) )?(?:this|the acting|this acting) vampire (?:also )?gains (?P<n>\d+|a) "
                         r"blood(?: from the blood bank)?(?P<unl> and unlocks)?$")
_ACCEPT = re.compile(r"^(?:successful referendum means this card is put in play and each (?P<c1>[a-z ]+?) can choose "
                     r"to become camarilla|as any (?P<c2>[a-z ]+?) enters play, they can choose to become camarilla)$")
_BURN_ALL_KEEP = {
    "successful referendum means all locations are burned": ("burn_all_keep", "location"),
    "any methuselah can keep any locations he or she controls by repaying their pool cost": ("keep_repay", "location"),
    "successful referendum means that all allies are burned": ("burn_all_keep", "ally"),
    "any methuselah can keep an ally or allies he or she controls by repaying their pool cost to recruit":
        ("keep_repay", "ally"),
    "successful referendum means all weapons are burned": ("burn_all_keep", "weapon"),
    "a methuselah may keep any of his or her minions' weapons by repaying their pool cost to equip":
        ("keep_repay", "weapon"),
}
_NO_PLAY_NAMED = re.compile(r"^they cannot play cards named /(?P<name>[^/]+)/$")
_UNLOCK_SELF = re.compile(r"^(?:as (?:\[[a-z]+\] )?above, and )?(?:unlock (?:this|the acting|this acting) (?:vampire|minion|anarch)"
                          r"|(?:this|the acting|this acting) (?:vampire|minion|anarch) unlocks)$")
_UNLOCK_IF_BLEED = re.compile(r"^(?:if the bleed is successful, this (?:vampire|anarch) unlocks"
                              r"|unlock this (?:vampire|anarch) if the bleed is successful)$")
_BLOOD_IF_BLEED = re.compile(r"^if the bleed is successful, this acting vampire gains (?P<n>\d+) blood$")
_BURN_CARD = re.compile(r"^\(d\) burn (?:an? )?(?P<what>location|equipment|ally|retainer|ally or retainer|hunting ground"
                        r"|retainer or non-unique equipment|ally, retainer or non-unique equipment)"
                        r"(?P<prey> controlled by your prey)?(?: and burn (?P<pool>\d+) pool from its controller)?$")
_UNLOCK_TARGET = re.compile(r"^unlock an? (?P<younger>younger )?vampire(?P<mine> you control)?(?P<ally> or an ally)?$")
_GROUP_BLOOD = {   # clause: (who, blood)
    "each of your unlocked vampires gains 1 blood from the blood bank": ("own unlocked", 1),
    "each ready sabbat vampire you control gains 1 blood from the blood bank": ("own ready sabbat", 1),
    "each ventrue antitribu in your uncontrolled region gains 1 blood from the blood bank":
        ("own uncontrolled clan:ventrue antitribu", 1),
    "each ready unlocked ravnos gains 1 blood": ("ready unlocked clan:ravnos", 1),
    "this acting samedi and all younger samedi in your uncontrolled region each gain a blood from the bank":
        ("acting and younger uncontrolled clan:samedi", 1),
}
_ALLY_ACTIONS = {   # an ally's own printed action: (verb, stealth, directed, target filter, amount, pool cost)
    "this ally may move 1 blood from the blood bank to a ready vampire you control as a +2 stealth action":
        ("ally_action", "blood", 2, False, "own ready vampire", 1, 0),
    "this ally can add 1 blood to a ready vampire as a +1 stealth action":
        ("ally_action", "blood", 1, False, "ready vampire", 1, 0),
    "he can burn a vampire in torpor as a (d) action": ("ally_action", "burn", 0, True, "torpor vampire", 0, 0),
    "this ally can steal 1 blood (becoming life) from a vampire controlled by another methuselah as a +1 stealth (d) "
    "action": ("ally_action", "steal_blood", 1, True, "vampire", 1, 0),
    "this ally can burn a vampire in torpor to gain 1 life as a (d) action":
        ("ally_action", "burn_gain_life", 0, True, "torpor vampire", 1, 0),
    "he can burn a vampire in torpor to gain 2 life as a (d) action":
        ("ally_action", "burn_gain_life", 0, True, "torpor vampire", 2, 0),
    "he can unlock a ready non-camarilla vampire with capacity 8 or more as a +1 stealth action":
        ("ally_action", "unlock", 1, False, "ready non-camarilla vampire capacity>=8", 0, 0),
    "he can burn 1 blood from a vampire as a +1 stealth (d) action":
        ("ally_action", "burn_blood", 1, True, "vampire", 1, 0),
    "this ally can burn a location as a +1 stealth (d) action that costs 1 pool":
        ("ally_action", "burn", 1, True, "location", 0, 1),
    "as a (d) action, this ally can burn an equipment card possessed by a minion controlled by your predator or prey":
        ("ally_action", "burn", 0, True, "equipment of predator or prey", 0, 0),
}
_ALLY_COMBAT = re.compile(r"^(?:this ally|the this ally|he|she|it) (?:can|may) enter combat with (?P<np>.+?) as an? "
                          r"(?:\+(?P<s>\d) stealth )?\(d\) action$")
_ALLY_COMBAT_TARGETS = {"a minion": "", "any minion": "", "a ready minion": "", "a vampire": "vampire",
                        "any vampire": "vampire", "a ready vampire controlled by another methuselah": "vampire",
                        "a minion controlled by another methuselah": "", "any minion controlled by another methuselah": ""}


def _ally_combat(t: str) -> tuple | None:
    m = _ALLY_COMBAT.match(t)
    if not m or m.group("np") not in _ALLY_COMBAT_TARGETS:
        return None
    return ("ally_action", "combat", int(m.group("s") or 0), True, _ALLY_COMBAT_TARGETS[m.group("np")], 0, 0)


_COMBAT_TARGETS = {
    "a locked minion": "locked", "a ready locked minion controlled by another methuselah": "locked",
    "a vampire": "vampire", "any minion": "", "any ready minion controlled by another methuselah": "",
    "a younger vampire": "younger vampire", "an older vampire controlled by another methuselah": "older vampire",
    "a ready sabbat vampire controlled by another methuselah": "sabbat vampire",
    "an ally controlled by your prey": "ally of prey",
    "a vampire who has 3 or fewer blood or with a locked minion": "weak vampire or locked",
}
_ENTER = re.compile(r"^\(d\) enter combat with (?P<np>.+?)(?: as a \(d\) action)?$")
_GRANT = re.compile(r"^(?:as (?:\[[a-z]+\] )?above, and )?this acting (?:vampire|minion) gets an optional (?:press|maneuver) "
                    r"during this combat$")
_SEARCH_EQUIP = ("search your library for an equipment card and equip this vampire with it (requirements and cost apply "
                 "as normal; shuffle afterward)")


def _combat_np(t: str) -> str:
    m = _ENTER.match(t)
    return m.group("np") if m else ""


def e_target_ok(t: str) -> bool:
    return _combat_np(t) in _COMBAT_TARGETS


_ALLOCATE = re.compile(r"^allocate (?P<n>\d+|x) points among (?P<least>one|two) or more (?P<other>other )?methuselahs"
                       r"(?P<x>, where x is the number of methuselahs in the game)?$")
_PER_POINT = re.compile(r"^successful referendum means each methuselah burns (?P<n>\d+) pool for each point allocated$")
_PER_MINION = re.compile(
    r"^successful referendum means each methuselah (?P<v>burns|gains) (?P<n>\d+) pool for each "
    r"(?P<what>minion|locked minion|vampire in torpor|vampire of the chosen clan|ready independent or anarch vampire"
    r"|vampire)(?: (?:they|he or she) control(?:s)?)?(?P<cap> with capacity 8 or more)?$")
_CHOSEN_BURN = re.compile(r"^successful referendum means each chosen methuselah burns (?P<n>\d+) pool, plus (?P<x>\d+) "
                          r"additional pool if they control a ready (?:(?P<titled>titled vampire)|vampire with capacity "
                          r"(?P<cap>\d+) or (?P<dir>less|more))$")
_BANISH = ("successful referendum means the chosen vampire is moved to the uncontrolled region (breaking any "
           "temporary control effects); any cards and counters on the chosen vampire stay with them but are out of "
           "play as long as the chosen vampire remains uncontrolled")
_TITLE = re.compile(r"^(?:if this referendum (?:is successful|passes), put this card on the acting vampire|successful "
                    r"referendum means this card is put on this vampire) to represent the unique (?:camarilla|sabbat) title "
                    r"of (?P<title>prince|archbishop) of (?P<city>[a-z ,.'\-]+)$")
_CHOOSE_MINION = re.compile(r"^choose an? (?P<ready>ready )?(?P<younger>younger )?(?P<cam>camarilla )?(?P<who>[a-z ]+?)"
                            r"(?: with a capacity below (?P<cap>\d+) who belongs to the same clan as the acting vampire)?$")
_CHOSEN_BURNED = re.compile(r"^(?:successful referendum means (?:the chosen vampire|that vampire) is burned"
                            r"|if this referendum is successful, burn that (?:vampire|caitiff))$")
_LOSES_TITLE = re.compile(r"^successful referendum means (?:the prince|the chosen archbishop) loses his or her title$")
_JUSTICAR = re.compile(r"^(?:if this referendum (?:passes|is successful), put this card on the chosen (?P<c1>[a-z ]+)"
                       r"|successful referendum means this card is put on the chosen (?P<c2>[a-z ]+)) to represent the unique "
                       r"camarilla title of (?P<c3>[a-z ]+) justicar$")
_CLAN_VOTES = re.compile(r"^(?:in|during) this referendum, each (?:ready )?(?P<clan>[a-z ]+?) gets "
                         r"(?:\+1 vote|1 additional vote|1 extra vote|an extra vote)$")
_SCREW = re.compile(r"^successful referendum means each methuselah burns (?P<n>\d+) pool and the chosen methuselah burns "
                    r"an additional pool$")
_STEAL_EACH = re.compile(r"^successful referendum means you steal (?P<n>\d+) pool from each methuselah who "
                         r"(?:does not control a vampire with a capacity above (?P<cap>\d+)|has more pool than you do)$")
_UNLOCK_DISCARD = re.compile(r"^as (?:\[[a-z]+\] )?above, and (?:unlock this vampire during the next discard phase"
                             r"|this acting vampire unlocks during your next discard phase)$")
_CRUSADE_UNLOCK = re.compile(r"^if this vampire is (?P<clan>[a-z ]+), (?:he or she unlocks|they unlock) during your next "
                             r"discard phase$")
_TITLE_CAP = re.compile(r"^if the prince(?: of [a-z ,.'\-]+?)? is (?P<clan>[a-z ]+), his or her capacity increases by 1$")
_SECT_TITLE = re.compile(r"^(?:successful referendum means this card is put on the chosen vampire|if this referendum is "
                         r"successful, put this card on the chosen vampire) to represent the sabbat title of "
                         r"(?P<title>cardinal|priscus)$")
_SHIFT_TERMS = re.compile(r"^choose a methuselah who has more pool than you do and allocate (?P<n>\d+) of their pool "
                          r"among 1 or more other methuselahs \(including you\)$")


#: directed and undirected action cards that do something to one target card: clause -> (who, ops)
_ON_TARGET = {
    "(d) burn 2 blood from a ready titled vampire": ("ready titled vampire", (("burn_blood", 2),)),
    "(d) burn 1 blood from an unlocked vampire and lock them": ("unlocked vampire", (("burn_blood", 1), ("lock",))),
    "(d) steal 1 blood from a ready vampire": ("ready vampire", (("steal_blood", 1),)),
    "(d) steal 1 blood or life from a minion controlled by your prey": ("minion of prey", (("steal_blood", 1),)),
    "(d) burn 1 blood on a vampire, or do 1 unpreventable damage to any ally or retainer":
        ("vampire, ally or retainer", (("blood_or_damage", 1),)),
    "(d) inflict 1 unpreventable damage on a ready minion": ("ready minion", (("damage", 1),)),
    "(d) inflict 2 unpreventable damage on a ready minion": ("ready minion", (("damage", 2),)),
    "(d) lock a ready minion": ("ready minion", (("lock",),)),
    "(d) lock an ally": ("ready ally", (("lock",),)),
    "(d) lock a minion": ("ready minion", (("lock",),)),     # Steal the Mind [dom]: a minion in torpor is locked anyway
    "add 3 blood or life to a minion, not to exceed their starting life": ("minion", (("blood_or_life", 3),)),
    "(d) send a younger vampire with 0 or 1 blood to torpor": ("younger vampire blood<=1", (("torpor",),)),
    "(d) burn 2 life from an ally or retainer": ("ally or retainer", (("burn_life", 2),)),
    "(d) burn a location controlled by your predator or prey": ("location of predator or prey", (("burn",),)),
    "rescue a vampire from torpor": ("torpor vampire", (("rescue",),)),
    "add 1 life to an ally who has fewer life than their starting life": ("wounded ally", (("heal", 1),)),
    "(d) steal equipment from an ally": ("equipment on ally", (("take_equipment",),)),
    "(d) steal equipment from a younger vampire": ("equipment on younger vampire", (("take_equipment",),)),
    "(d) inflict 1 damage on a vampire controlled by your predator or prey or take control of an ally controlled by "
    "your predator or prey": ("vampire or ally of predator or prey", (("damage_or_take_ally", 1),)),
    "unlock another ready laibon or move 2 blood from the blood bank to a younger laibon in your uncontrolled region":
        ("other ready laibon or younger uncontrolled laibon", (("unlock_or_blood", 2),)),
    "(d) remove a mortal or ghoul (ally or retainer) from the game": ("mortal or ghoul ally or retainer", (("remove",),)),
    "(d) take control of a location that is free or costs 1 blood or pool": ("cheap location", (("take_location",),)),
    "(d) burn 4 blood from a ready titled non-anarch vampire": ("ready titled non-anarch vampire", (("burn_blood", 4),)),
    "(d) burn half the blood rounded down on a crypt card in your prey's uncontrolled region":
        ("prey uncontrolled vampire", (("burn_half_blood",),)),
    "move an incapacitated imbued to his or her controller's ready region": ("incapacitated imbued", (("to_ready",),)),
    "this vampire burns 1 blood to unlock an ally": ("ready ally", (("actor_burns_blood", 1), ("unlock",))),
    "burn 1 blood to unlock a younger vampire": ("ready younger vampire", (("actor_burns_blood", 1), ("unlock",))),
    "add 1 life from the blood bank to an ally that has fewer life than his or her starting amount":
        ("wounded ally", (("heal", 1),)),
    "add up to 2 life to an ally, not to exceed their starting life": ("ready ally", (("heal", 2),)),
    "move a vampire from torpor to their controller's ready region":   # Renewed Vigor's two [obe] lines: by target
        ("torpor vampire or ally or retainer", (("to_ready_or_fill",),)),
    "add enough blood to another vampire to reach full capacity": ("other vampire in play", (("fill_blood",),)),
    "choose a camarilla vampire with a capacity above 5 who does not have a title":
        ("untitled camarilla vampire cap>5", ()),
    "put this card on a vampire you control": ("own vampire", (("attach_card",),)),
    "(d) burn a vampire who has committed diablerie since your last turn": ("recent diablerist", (("burn",),)),
    "(d) burn a vampire who has diablerized a vampire of the same clan as this acting vampire since your last turn":
        ("recent diablerist of own clan", (("burn",),)),      # Community Justice
    "(d) burn a younger non-titled vampire who has burned one of your non-red list vampires since your last turn":
        ("younger untitled burner of own non-red list", (("burn",),)),     # Rubicon
    "(d) choose any minion; the chosen minion cannot block nosferatu until the end of the turn":
        ("ready minion", (("no_block_clan_this_turn", "nosferatu"),)),
    "unlock a younger toreador antitribu and this acting vampire":
        ("ready younger toreador antitribu", (("unlock",), ("unlock_actor",))),
    "(d) put this card on a vampire who is not an archbishop, priscus, cardinal or regent":
        ("vampire not archbishop priscus cardinal regent", (("attach_card",),)),
    "(d) put this card on a vampire who is not a prince, a justicar or an inner circle member":
        ("vampire not prince justicar inner circle", (("attach_card",),)),
    "(d) move a retainer, an equipment or 1 blood from a younger vampire controlled by another methuselah to this ravnos":
        ("younger vampire or its retainer or equipment", (("fleece", 1),)),
    "(d) remove a non-wraith ally or retainer or a vampire with capacity 2 or less from the game":
        ("non-wraith ally or retainer or small vampire", (("remove",),)),
}
#: "As above, and ..." on the same target: clause -> extra ops
_ON_TARGET_MORE = {
    "as above, and lock the target vampire": (("lock",),),
    "as above, and burn 1 blood or life from the target minion": (("burn_blood", 1),),
    "as [val] above, and the rescued vampire gains 1 blood": (("gain_blood", 1),),
    "the rescued vampire gains 1 blood": (("gain_blood", 1),),
    "add enough life to an ally or retainer to reach their starting life": (),   # the other [obe] line, by target
    "put this card on that vampire to represent the camarilla title of primogen": (("give_title", "primogen"),),
    "that imbued gains a life (not to exceed his or her starting amount)": (("heal", 1),),
    "as [obe] above, and unlock that ally during the next discard phase": (("unlock_at_discard",),),
}


#: "Put this card on the acting ...": the card goes on the acting vampire when the action succeeds
_PUT_ON_SELF = ("put this card on this sabbat vampire and unlock them", "put this card on the acting osebo",
                "put this card on this daughter of cacophony", "put this card on this vampire and unlock them")


#: "... cannot block this action": who cannot
_NO_BLOCK = {"minions without celerity [cel] cannot block this action": "without cel",
             "titled vampires cannot block this action": "titled vampire",
             "allies cannot block this action": "ally",
             "minions without titles cannot block this action": "untitled"}


_PUT_ON_PASS = ("successful referendum means this card is put in play", "if this referendum is successful, put this card "
                "in play", "if this referendum is successful, put this card into play",
                "if this referendum passes, put this card in play")
_BURN_REF = re.compile(r"^(?P<who>vampires|any vampire|sabbat vampires|any camarilla vampire) (?:can|may) call a referendum "
                       r"to burn this card as a \+1 stealth political action$")


def _read_in_play_political(kind: str, t: str) -> tuple | None:
    """Political actions whose card stays in play once the referendum passes, and can be burned by another."""
    if kind == "put" and t in _PUT_ON_PASS:
        return ("put_in_play_on_pass",)
    if kind == "choose" and t == "choose a vampire in torpor":
        return ("terms_torpor_vampire",)
    if kind == "move" and t == "successful referendum means that vampire is moved to the uncontrolled region (facedown)":
        return ("banish_torpor",)
    if kind == "stay" and t == ("the vampire's blood counters, master cards and minion cards stay with that vampire, with "
                                "any counters they have on them (they are out of play as long as the vampire remains "
                                "uncontrolled)"):
        return ("banish_stay",)
    m = _BURN_REF.match(t) if kind == "call" else None
    if m:
        who = m.group("who")
        return ("burn_referendum", "sabbat vampire" if "sabbat" in who else "camarilla vampire" if "camarilla" in who
                else "vampire")
    if kind == "modifier" and t == "while your prey controls a vampire in torpor, vampires you control get +1 bleed":
        return ("bleed_if_prey_torpor", 1)
    if kind == "get" and t == "each non-titled pander gets 1 vote (this is not a title)":
        return ("untitled_clan_vote", "pander", 1)
    return None


#: "Any X may enter combat with any Y ... as a (D) action": (who may act, whom, stealth, where the grant is)
_COMBAT_GRANTS = {
    "any non-camarilla vampire may enter combat with any camarilla vampire controlled by another methuselah as a (d) action":
        ("non-camarilla vampire", "camarilla vampire", 0, "in play"),
    "as a (d) action, any camarilla vampire may enter combat with any non-camarilla vampire controlled by another "
    "methuselah": ("camarilla vampire", "non-camarilla vampire", 0, "in play"),
    "any vampire may take a (d) action to enter combat with any brujah controlled by another methuselah":
        ("vampire", "brujah", 0, "in play"),
    "any vampire may enter combat with that vampire as a +1 stealth (d) action": ("vampire", "host", 1, "on vampire"),
    "any vampire controlled by another methuselah may enter combat with this vampire as a +1 stealth (d) action":
        ("other vampire", "host", 1, "on vampire"),
}


def _read_targeted(kind: str, t: str) -> tuple | None:
    """Second-pass readings of action cards: one target and what happens to it, and a few one-clause effects."""
    got = _ON_TARGET.get(t)
    if got is not None:
        return ("on_target",) + got
    more = _ON_TARGET_MORE.get(t)
    if more is not None:
        return ("target_more", more)
    if kind == "take" and t == ("after resolution, this vampire takes 2 unpreventable aggravated damage even if the "
                                "action is blocked"):
        return ("after_action_self_agg", 2)     # Force of Will
    if kind == "take" and t == ("as above, but with +2 bleed, and the acting vampire takes only 1 unpreventable "
                                "aggravated damage"):
        return ("after_action_self_agg_only", 1)
    if kind == "move" and t == ("move as much blood (or life) and/or equipment from the acting minion to any ready "
                                "vampires you control"):
        return ("rave_move",)                 # Rave: the moves named in the target ("Vampire: 2; Vampire: Equipment")
    if kind == "choose" and t == ("(d) if this action is successful, choose a monster controlled by your prey at "
                                  "random"):
        return ("random_prey_monster",)       # Muse of Flame, directed at your prey
    if kind == "enter" and t == "this imbued enters combat with the chosen monster":
        return ("combat_chosen_monster",)
    if kind == "look" and t == "for the remainder of this turn, you may look at all methuselahs' hands":
        return ("look_hands_turn",)           # Pulse of the Canaille [aus]
    if kind == "enter_combat" and t == "(d) enter combat with any vampire, with an optional maneuver in that combat":
        return ("enter_combat", "vampire", "maneuver")     # Taunt the Caged Beast [ani]
    if kind == "choose" and t == ("choose a ready vampire controlled by your predator and another controlled by your "
                                  "prey (not usable when only one other methuselah is in the game)"):
        return ("taunt_pick",)                # Taunt the Caged Beast [ANI]: "A; B" in the target
    if kind == "enter" and t == "the chosen vampires enter combat":
        return ("taunt_combat",)
    if kind == "gain" and t == "if only one is ready at the end of that combat, he or she gains 4 blood":
        return ("taunt_winner_blood", 4)
    if kind == "get" and t == "this acting minion gets 1 optional maneuver during the first round of that combat":
        return ("first_round_grant", "maneuver")    # Dive Bomb (a combat's first grants last its first round)
    if kind == "get" and t == ("if this action is blocked, the blocking minion gets 1 optional press during the first "
                               "round of the resulting combat"):
        return ("blocker_first_round_grant", "press")
    if kind == "move" and t == "move 1 blood from the blood bank to any other laibon":
        return ("laibon_blood", 1)            # Sires Command, Childer Inherit: one Laibon named as the target,
    if kind == "lock" and t == ("alternatively, if this laibon is a magaji, (d) lock two ready laibon who belong to the "
                                "same clan (as each other) and are controlled by the same methuselah (as each other)"):
        return ("magaji_lock_two",)           # or two, "A; B", by a magaji (then directed at their controller)
    if kind == "move" and t == "then move any amount of blood and equipment among the blood brothers in this circle":
        return ("circle_redistribute",)       # Redistribution: "From > To: N; From > To: Equipment" in the target
    if kind == "add" and t == "add 1 blood to a vampire or 1 life to any other ally, not to exceed starting life":
        return ("power_blood_or_life", 1)     # Rejuvenate, Respire: a power's action (`from` naming the power)
    if kind == "gain" and t == ("during your unlock phase, if this imbued has fewer life than his or her starting "
                                "amount, he or she gains 1 life"):
        return ("power_unlock_heal", 1)       # Rejuvenate, while on its imbued
    if kind == "add" and t == ("add a counter to an imbued in your uncontrolled region or move the conviction [1 "
                               "conviction] you paid for this action from your ash heap to any imbued in play"):
        return ("power_inspire",)             # Inspire
    if kind == "inflict" and t == "(d) inflict 1 damage on a vampire with capacity less than 6":
        return ("power_damage_small", 1, 6)   # Respire
    if kind == "move" and t == ("if this action is successful, you may move 1 conviction [1 conviction] from your "
                                "hand or ash heap to this imbued"):
        return ("power_conviction_back", 1)
    if kind == "lock" and t == "you can lock aranthebes to give a minion controlled by your predator -1 stealth":
        return ("lock_predator_stealth", -1)
    if kind == "modifier" and t == "while aranthebes is unlocked, vampires with capacity 4 or less get -1 bleed against you":
        return ("bleed_against_small", 4, -1)
    if kind == "shuffle" and t == "vampires with capacity 5 or more can shuffle aranthebes into your library as a (d) action":
        return ("shufflable", 5)
    if t == "put this card on this vampire, locked; this vampire takes 1 unpreventable environmental aggravated damage":
        return ("put_on_self_locked",) if kind == "put_in_play" else ("self_agg_damage", 1) if kind == "take" else None
    if kind == "lock" and t == "during your minion phase, this vampire can lock this card to unlock":
        return ("lock_card_unlock_host", "minion")
    if kind == "burn" and t == "as above, and this vampire can burn 3 blood to be immune to this aggravated damage":
        return ("burn_blood_immune", 3)
    if kind == "enter_combat" and t == "as [spi] above, but enter combat with any ready minion controlled by another methuselah":
        return ("enter_combat", "")
    if kind == "draw" and t in ("draw 1 card from your crypt and reveal it", "draw 1 card from your crypt"):
        return ("crypt_top_to_uncontrolled",)
    if kind == "put_in_play" and t == "put this card on this vampire, locked":
        return ("put_on_self_locked",)
    if kind == "lock" and t == "during your minion phase, this vampire can lock this card and burn 1 blood to unlock":
        return ("lock_card_unlock_host", "minion", 1)
    if kind == "reveal" and t == "reveal the top card of your crypt":
        return ("crypt_top_reveal",)
    if kind == "draw" and t == "if it is a follower of set, draw it and add 2 blood to it if it is younger":
        return ("revealed_clan_draw", "follower of set", 2)
    if kind == "shuffle" and t == "otherwise, shuffle it back into your crypt":
        return ("revealed_else_shuffle",)
    if kind == "move" and t == ("move 2 blood from the blood bank to an unlocked sabbat vampire, or move 1 blood to each "
                                "of two unlocked sabbat vampires"):
        return ("choose_up_to", 2, "unlocked sabbat vampire", "split blood 2")
    if kind == "choose" and t == "choose up to two anarch vampires with capacities of 5 or less":
        return ("choose_up_to", 2, "anarch vampire cap<=5")
    if kind == "lock" and t == ("each chosen vampire is locked and does not unlock as normal on his or her next unlock "
                                "phase"):
        return ("chosen_stunned",)
    if kind == "add" and t == "add 1 blood from the blood bank to it if it is a black hand vampire":
        return ("drawn_blood_if", "black hand", 1)
    if kind == "search" and t == ("search your crypt for a younger vampire without obfuscate [obf], reveal them, and move "
                                  "them to your uncontrolled region (shuffle afterward)"):
        return ("crypt_search_younger", "obf", 0)
    if kind == "search" and t == "as above, but you can search for a younger vampire with up to one level of obfuscate":
        return ("crypt_search_younger", "obf", 1)
    if kind == "choose" and t in ("choose a card by name", "choose a card in play or in any ash heap by name"):
        return ("name_card", "in play or ash heap" if "ash heap" in t else "")
    if kind == "search" and t == ("search your library for a copy of the chosen card, reveal it and move it to your hand "
                                  "(shuffle and discard down afterward)"):
        return ("search_named", "library", "discard down")
    if kind == "search" and t == ("search your library or crypt for the chosen card, show it to all methuselahs, and move it "
                                  "to your hand (discard afterward) or uncontrolled region"):
        return ("search_named", "library or crypt", "discard 1")
    if t == ("put this card on the acting vampire; he or she takes one point of aggravated damage (not preventable)"):
        return ("put_on_self",) if kind == "put_in_play" else ("self_agg_damage", 1) if kind == "take" else None
    if kind == "burn" and t == "you may burn this card when this vampire declares an action to make that action unblockable":
        return ("burn_unblockable",)
    if kind == "burn" and t == "as above, and during an action, the attached vampire can burn 2 blood to get +1 stealth":
        return ("blood_for_stealth", 2, 1)
    if kind == "play" and t == "you may play only one this card per turn":
        return ("one_per_turn",)
    if kind == "add" and t == ("as above, and if the bleed is successful (for 1 or more), add 1 blood to a vampire in "
                               "your uncontrolled region"):
        return ("bleed_add_blood", 1, "uncontrolled")
    if kind == "add" and t == ("as above, and if the bleed is successful (for 1 or more), add 2 blood to a younger vampire "
                               "you control or in your uncontrolled region"):
        return ("bleed_add_blood", 2, "younger own or uncontrolled")
    if kind == "modifier" and t == ("each of your minions gets +1 bleed for the remainder of the turn or until a bleed "
                                    "action is blocked"):
        return ("turn_bleed_until_blocked", 1)
    if kind == "modifier" and t == "the acting vampire gets +2 strength in that combat":
        return ("combat_strength", 2)
    if kind == "modifier" and t == "your minions get +1 stealth on non-bleeding actions directed at your prey":
        return ("in_play_stealth_vs_prey", 1)
    if kind == "play" and t == "as above, but playing this card is a +1 stealth action":
        return ("action_stealth_bonus", 1)
    if kind == "burn" and t == "your prey burns 1 pool and burns the edge":
        return ("prey_burns_pool_and_edge", 1)
    if kind == "get" and t == "if your predator would get the edge for successfully bleeding you, instead you get the edge":
        return ("edge_from_predator_bleed",)
    got = _COMBAT_GRANTS.get(t)
    if got is not None and kind in ("enter", "take"):
        return ("grants_combat",) + got
    if t == ("any vampire may burn this card as a (d) action; non-camarilla vampires get -1 stealth when attempting that "
             "action"):
        return ("burnable", "vampire", 0, 0, "pool") if kind == "burn" else ("burn_stealth_penalty", "non-camarilla", -1) \
            if kind == "modifier" else None
    if kind == "modifier" and t == "camarilla vampires get -1 stealth when attempting that action":
        return ("burn_stealth_penalty", "camarilla", -1)
    if kind == "burn" and t == ("any methuselah may burn this card by burning a brujah he or she controls during his or "
                                "her minion phase"):
        return ("burn_own_to_burn", "brujah", "minion")
    if kind == "burn" and t == ("during your prey's unlock phase, for each vampire in torpor they control, they burn 1 "
                                "pool"):
        return ("prey_torpor_tax", 1)
    if kind == "burn" and t == "if your prey controls no vampires in torpor or after they are ousted, burn this card":
        return ("burn_if_prey_no_torpor",)
    if kind == "burn" and t == "(d) burn all hunting grounds controlled by other methuselahs":
        return ("burn_all_others", "hunting ground")
    if kind == "remove" and t == ("remove this card from the game and shuffle up to two library cards from your ash heap "
                                  "into your library"):
        return ("remove_self_shuffle_ash", 2)
    if kind == "stealth" and t == "this minion may burn this card to get +1 stealth":
        return ("burn_for_stealth", 1)
    if kind == "burn" and t == ("during your unlock phase, this vampire can burn this card to move from torpor to the "
                                "ready region"):
        return ("burn_unlock_leave_torpor",)
    if kind == "burn" and t in ("during your unlock phase, burn this card to have this vampire gain enough blood to "
                                "reach full capacity", "during your unlock phase you may burn this card to restore this "
                                "ready nagaraja to full capacity with blood from the blood bank"):
        return ("burn_unlock_fill",)
    if kind == "remove" and t == ("remove a mortal (ally or retainer) in any methuselah's ash heap from the game to put this "
                                  "card on the acting nagaraja"):
        return ("remove_ash_mortal_put_self",)
    if t == "put this card on this acting vampire and move 1 blood from the blood bank to this vampire":
        return ("put_on_self",) if kind == "put_in_play" else ("gain_blood_self", 1, False, False) if kind == "move" \
            else None
    if kind == "burn" and t == "this sabbat vampire can burn this card any time after this turn ends to unlock":
        return ("burn_to_unlock_later",)
    if kind == "burn" and t == ("you can burn this card to give this vampire +2 intercept during an action directed at you "
                                "(or a card you control)"):
        return ("burn_for_intercept", 2)
    if kind == "discard" and t == ("(d) each other methuselah discards one card at random from his or her hand, and this "
                                   "anarch unlocks at the end of the turn"):
        return ("others_random_discard", 1, "unlock at end of turn")
    if kind == "unlock" and t == "if this action is successful, unlock the acting vampire at the end of the turn":
        return ("unlock_end_of_turn",)
    m = re.fullmatch(r"put this card on this anarch to represent the unique anarch title of baron of (?P<city>[a-z .'\-]+)",
                     t) if kind == "put_in_play" else None
    if m:
        return ("title_self", "baron", m.group("city").strip())
    m = re.fullmatch(r"while this anarch is (?P<clan>[a-z]+) or (?P=clan) antitribu, they get \+1 vote during referendums "
                     r"they call", t) if kind == "modifier" else None
    if m:
        return ("title_clan_vote", m.group("clan"), 1)
    if t == ("vampires can call a referendum to burn this card as a +1 stealth political action; during that referendum, "
             "non-anarch titles are worth -1 vote"):
        return ("burn_referendum", "vampire") if kind == "call" else ("burn_ref_votes", "non-anarch title", -1) \
            if kind == "modifier" else None
    if kind == "bleed" and t == "(d) bleed your predator or prey at +3 stealth":
        return ("bleed_card_stealth", 3, "predator or prey", None)
    if kind == "bleed" and t == "(d) as above, but bleed at +6 stealth":   # Night Moves: the cap of its basic text too
        return ("bleed_card_stealth", 6, "predator or prey", 1)
    if kind == "modifier" and t == ("if the methuselah you are bleeding controls a ready sabbat vampire, this action is at "
                                    "+1 stealth"):
        return ("bleed_stealth_if_sabbat", 1)
    if kind == "bleed" and t == "this vampire gets +1 bleed against your prey":
        return ("attached_bleed_vs_prey", 1)
    if kind == "burn" and t == "(d) burn the edge to burn 2 pool from your prey":
        return ("edge_prey_burn", 2)
    if kind == "burn_pool" and t == "as above, but your prey burns 3 pool":
        return ("edge_prey_burn_amount", 3)
    if kind == "bleed" and t == "minions you control cannot bleed until the end of the turn":
        return ("no_bleed_this_turn",)
    if kind == "block" and t in _NO_BLOCK:
        return ("no_block", _NO_BLOCK[t])
    if kind == "put_in_play" and t in _PUT_ON_SELF:
        return ("put_on_self",)
    if kind == "put" and t == "if this action succeeds, put this card on the acting gangrel":
        return ("put_on_self",)
    if kind == "unlock" and t in ("put this card on this sabbat vampire and unlock them",
                                  "put this card on this vampire and unlock them"):
        return ("unlock_self",)
    if kind == "modifier" and t == "this sabbat vampire gets +1 intercept during actions directed at their controller":
        return ("attached_intercept", 1, "directed at controller")
    if kind == "strength" and t in ("this osebo gets +1 strength", "this vampire gets +1 strength"):
        return ("attached_strength", 1, False)
    if kind == "strength" and t == "as above, but this vampire gets +2 strength":
        return ("attached_strength", 2, True)
    if kind == "unlock" and t == "this vampire does not unlock as normal":
        return ("attached_no_unlock",)
    if kind == "burn" and t == "burn this card during your unlock phase":
        return ("burn_at_unlock",)
    if kind == "state" and t == "as above, but the vampire can be the same age or older":
        return ("target_who", "vampire blood<=1")
    if kind == "lock" and t == "lock all allies":
        return ("lock_all", "ally")
    if kind == "burn" and t == "(d) each ready vampire controlled by your prey burns 1 blood":
        return ("prey_vampires_burn", 1)
    m = re.fullmatch(r"if more than (\d) pool is bled with this action, ignore the excess", t) if kind == "ignore" else None
    if m:
        return ("bleed_cap", int(m.group(1)))
    if kind == "press" and t == "this acting minion gets 1 optional press, only usable to continue combat, during that combat":
        return ("combat_grant_continue",)
    if kind == "gain" and t == "if this vampire has 4 or more blood, he or she gains 4 blood":
        return ("gain_blood_if_has", 4, 4)
    if kind == "move" and t == "move the top card from your crypt to your uncontrolled region":
        return ("crypt_top_to_uncontrolled",)
    if kind == "move" and t == "move a library card from your ash heap to your hand (discard down afterward)":
        return ("ash_to_hand",)
    m = re.fullmatch(r"all of your (vampires|minions)' actions are at \+1 stealth this turn", t) if kind == "modifier" else None
    if m:
        return ("turn_stealth", m.group(1)[:-1], 1)
    return _read_fourth(kind, t)


#: fourth pass (session 3): "At the end of that combat, ..." of an action card that enters combat
_END_COMBAT = {
    "at the end of that combat, if only one combatant is ready, the controller of the opposing minion burns 1 pool":
        ("end_combat", "opponent controller pool", 1),
    "at the end of that combat, if only one combatant is ready, that ready vampire gains blood equal to the opposing "
    "vampire's capacity from the blood bank": ("end_combat", "ready gains capacity", 0),
}
#: actions by a vampire in torpor: "If this action is blocked, there is no combat", the blocker may diablerize
_TORPOR_BLOCKED = {
    "if the vampire is blocked, there is no combat": ("blocked_no_combat",),
    "if this action is blocked, there is no combat": ("blocked_no_combat",),
    "if the blocking minion is a vampire who can commit diablerie, that vampire may diablerize the acting vampire":
        ("blocked_diablerie",),
    "if the blocking minion is a vampire, he or she gets the opportunity to diablerize this acting vampire":
        ("blocked_diablerie",),
}
_REGENERATION = ("(remove excess blood.) if this action is blocked, there is no combat; if the blocking minion is a "
                 "vampire who can commit diablerie, that vampire may diablerize the acting vampire")


def _read_fourth(kind: str, t: str) -> tuple | None:
    """Fourth-pass readings of action cards (carried out in the last section of `engine/effects_actioncard.py`)."""
    got = _END_COMBAT.get(t)
    if got is not None:
        return got
    got = _TORPOR_BLOCKED.get(t)
    if got is not None:
        return got
    if t == _REGENERATION:   # one sentence read twice: no combat (state) and the offered diablerie (diablerize)
        return ("blocked_no_combat",) if kind == "state" else ("blocked_diablerie",) if kind == "diablerize" else None
    if kind == "leave" and t in ("the acting vampire leaves torpor", "leave torpor"):
        return ("leave_torpor_self",)
    if kind == "commit" and t == ("if this action is blocked, there is no combat and if the blocking minion can commit "
                                  "diablerie, they can diablerize this acting vampire"):
        return ("blocked_no_combat_diablerie",)      # Resume the Coil
    got = _FOURTH.get((kind, t))
    if got is not None:
        return got
    return None


_REALITY = ("(d) move a locked younger vampire to the uncontrolled region (breaking any temporary control effects); any "
            "cards and counters on the target vampire stay with them but are out of play as long as the target vampire "
            "remains uncontrolled")
_PILLARS = ("(d) enter combat with a vampire; at the end of that combat, if the opposing vampire is not ready, you can "
            "put this card on this acting vampire")
#: (kind, clause) -> reading: political actions (fourth pass)
_FOURTH_POLITICAL = {
    # Veles' Hunt
    ("choose", "choose an ally or younger non-titled vampire controlled by your prey"):
        ("terms_chosen_cards", "ally or younger untitled vampire of prey", 1),
    ("burn", "successful referendum means that minion is burned"): ("chosen_burned",),
    ("hunt", "if this referendum fails or is canceled, no more veles' hunts can be played this game"):
        ("no_more_if_fails",),
    # The Secret Must Be Kept
    ("choose", "choose an ally or retainer"): ("terms_chosen_cards", "ally or retainer", 1),
    ("choose", "if the acting laibon is a magaji, choose up to two allies or retainers instead"):
        ("terms_more_if_title", "magaji", 2),
    ("burn", "successful referendum means the chosen allies and retainers are burned, and their controllers burn 1 pool "
             "(each methuselah burns no more than 1 pool, regardless of the number of allies and retainers chosen)"):
        ("chosen_cards_burned", 1),
    # Expulsion
    ("choose", "choose up to two minions"): ("terms_chosen_cards", "ready minion", 2),
    ("play", "successful referendum means the chosen minions cannot play reaction cards, block or cast votes or ballots "
             "this turn"): ("chosen_cards_barred_turn",),
    # Benefit Performance
    ("gain", "successful referendum means you gain 1 pool for each ready daughter of cacophony you control, and each "
             "non-daughter of cacophony vampire casting votes or ballots in favor gains 1 blood"):
        ("clan_pool_and_voters_blood", "daughter of cacophony", 1, 1),
    # Free States Rant
    ("allocate", "allocate x points among one or more ready vampires, where x is half the capacity of the acting vampire "
                 "(rounded up)"): ("terms_allocate_vampires", "half actor capacity"),
    ("allocate", "no more than 3 points points can be allocated to each vampire"): ("allocate_max_each", 3),
    ("burn", "successful referendum means each vampire burns 1 blood for each point allocated"): ("blood_per_point", 1),
    ("state", "in this referendum, non-priscus titles are worth 1 less vote each, priscus title is worth 1 less ballot, "
              "and burning the edge is worth 1 additional vote"): ("eat_the_rich_votes",),
    # Year of Fortune, Hand Intervention: in play, the chosen Methuselahs' hand size
    ("choose", "choose one or more methuselahs who are not chosen for any other this card in play"):
        ("terms_methuselahs_once",),
    ("hand_size", "each chosen methuselah gets +1 hand size"): ("hand_size_chosen", 1),
    ("hand_size", "the chosen methuselah has -1 hand size"): ("hand_size_chosen", -1),
    ("burn", "that methuselah may burn this card by burning the edge"): ("chosen_burns_by_edge",),
    ("choose", "a methuselah may be chosen for only one this card at a time"): ("chosen_once",),
    # Tribunal Judgment: the votes of the last referendum are remembered as it closes
    ("choose", "choose a vampire who cast any votes in the most recent referendum (must be since your last turn)"):
        ("terms_recent_voter",),
    ("take", "successful referendum means that vampire takes x damage, where x is the number of votes he or she cast in "
             "that previous referendum"): ("recent_voter_damage",),
    # Lextalionis
    ("choose", "choose a methuselah who has received a victory point since your last turn"): ("terms_recent_vp",),
    ("state", "successful referendum means the methuselah must immediately lock all of his or her minions; the minions "
              "do not unlock as normal during the methuselah's next unlock phase"): ("chosen_seat_stunned",),
    ("unlock", "successful referendum means the methuselah must immediately lock all of his or her minions; the minions "
               "do not unlock as normal during the methuselah's next unlock phase"): ("chosen_seat_no_unlock",),
    # Praxis Solomon: "Card: Methuselah; Card: Methuselah", one for each contested card
    ("choose", "for each contested card, choose which methuselah should yield"): ("terms_contest_yielders",),
    ("yield", "successful referendum means that the chosen methuselahs yield as you selected"): ("chosen_yield",),
    # Cold War
    ("choose", "choose a methuselah or a location"): ("terms_methuselah_or_location",),
    ("choose", "if this acting vampire is a cardinal or regent, you can choose both instead"):
        ("terms_both_if_title", ("cardinal", "regent")),
    ("burn", "successful referendum means the chosen methuselah burns 3 pool and the chosen location is burned"):
        ("chosen_cards_burned", 0, 3),
}
#: (kind, clause) -> reading: one-shot effects of action cards (fourth pass)
_FOURTH = {
    # Threading the Path of Orpheus: the card burned, its vampire locked (one target: the card)
    ("burn", "burn a card played by another methuselah on a vampire you control"):
        ("on_target", "other's card on own vampire", (("lock_host",), ("burn",))),
    ("lock", "lock that vampire"): ("target_more", ()),
    # Off Kilter: the Edge, or (the target says "the Edge") the Edge burned for 1 more pool
    ("get", "if you do not have the edge, you get the edge"): ("edge_get",),
    ("burn", "otherwise, you can burn the edge to gain 1 additional pool"): ("edge_else_burn_pool", 1),
    # Nosferatu Performance Art
    ("send", "(d) send a toreador into torpor or burn a location that requires a toreador"):
        ("on_target", "ready toreador or toreador location", (("torpor_or_burn",),)),
    ("modifier", "if this acting nosferatu has a capacity above 5, this action is at +1 stealth"):
        ("cond_stealth", "actor capacity>5", 1),
    # Dismemberment of Osiris (the burn goes last: `_target_plan`)
    ("burn", "(d) burn a titled vampire in torpor (this is not diablerie)"):
        ("on_target", "titled torpor vampire", (("burn",),)),
    ("burn", "each ready vampire of the same clan as the titled vampire burns 1 blood"):
        ("target_more", (("same_clan_ready_burn", 1),)),
    ("burn", "as above, and the titled vampire's controller burns 1 pool"):
        ("target_more", (("controller_burns_pool", 1),)),
    # Edged Illusion
    ("lock", "(d) lock a ready minion and inflict 1 unpreventable damage on them"):
        ("on_target", "ready minion", (("lock",), ("damage", 1))),
    ("choose", "(d) choose any methuselah"): ("target_methuselah",),
    ("inflict", "inflict 1 unpreventable damage on each ready minion controlled by the chosen methuselah"):
        ("damage_each_ready", 1),
    # Harmony
    ("burn", "(d) your prey burns 3 pool for each card named /choir/ you control"): ("prey_pool_per_named", 3, "choir"),
    ("burn", "burn all those cards"): ("burn_named_counted",),
    # Skullduggery
    ("bleed", "(d) bleed at +1 stealth"): ("bleed_card_stealth", 1, "prey", None),
    ("bleed", "(d) bleed at +1 stealth, with an optional maneuver in the resulting combat if the action is blocked"):
        ("bleed_card_stealth", 1, "prey, maneuver if blocked", None),
    # Memory's Fading Glimpse (all done by the first op, which reads the others)
    ("move", "(d) move an uncontrolled minion from your prey's uncontrolled region to the bottom of his or her crypt"):
        ("on_target", "prey uncontrolled vampire", (("crypt_bottom",),)),
    ("move", "move all of the blood on that card to your prey's blood pool"): ("target_more", (("blood_to_prey_pool",),)),
    ("move", "as above, but move one blood from the card to the acting vampire"):
        ("target_more", (("blood_to_actor", 1),)),
    # Putrescent Sustenance
    ("remove", "remove an ally in an ash heap from the game to gain 2 blood or to add 2 life to a zombie ally you "
               "control"): ("remove_ash_ally_for", 2),
    ("change", "as above, but for 3 blood or life"): ("remove_ash_ally_for", 3),
    # Shared Nightmare
    ("choose", "choose one or two allies or younger vampires controlled by your predator and/or prey"):
        ("choose_up_to", 2, "ally or younger vampire of predator or prey"),
    ("choose", "as above, but choose three allies or younger vampires"):
        ("choose_up_to", 3, "ally or younger vampire of predator or prey"),
    ("block", "the chosen minions cannot block or cast votes or ballots this turn"): ("chosen_no_block_vote_turn",),
    # Brick Laying (the first op does all, reading the others)
    ("burn", "(d) burn a haven on an ally or younger vampire, or lock an ally or younger vampire"):
        ("on_target", "ally or younger vampire or haven on one", (("burn_haven_or_lock",),)),
    ("inflict", "as above, and inflict 1 damage on that minion"): ("target_more", (("damage_minion", 1),)),
    # Cleansing Ritual
    ("add", "add 1 blood to a vampire you control"): ("on_target", "own vampire", (("gain_blood", 1),)),
    ("burn", "burn a card on an ally or younger vampire in your ready region"):
        ("on_target", "card on own ally or younger vampire", (("burn",),)),
    ("unlock", "as [obe] above, and unlock the target minion during the next discard phase"):
        ("target_more", (("unlock_host_at_discard",),)),
    # Psychophagia: a special hunt (an action card here), +1 stealth
    ("hunt", "+1 stealth hunt action"): ("special_hunt", 1),
    ("remove", "remove an ally in any methuselah's ash heap from the game to gain 3 blood or to gain 2 blood and unlock"):
        ("remove_ash_ally_blood", 3, 2),
    # Exile, Nightmare Curse [chi]
    ("lock", "(d) lock an ally or younger vampire and unlock this acting vampire"):
        ("on_target", "ready ally or younger vampire", (("lock",), ("unlock_actor",))),
    ("lock", "(d) lock x orun on this vampire to send a vampire or imbued with capacity or cost 2x or less to his or her "
             "owner's uncontrolled region"): ("on_target", "vampire or imbued in play", (("orun_exile",),)),
    ("unlock", "(d) unlock this vampire and lock a ready minion"):
        ("on_target", "ready minion", (("lock",), ("unlock_actor",))),
    ("lock", "(d) unlock this vampire and lock a ready minion"): ("target_more", ()),
    # Blackmail [obf], Distraction [CEL]
    ("lock", "(d) lock a ready vampire"): ("on_target", "ready vampire", (("lock",),)),
    ("lock", "(d) lock a minion controlled by your predator or prey"):
        ("on_target", "ready minion of predator or prey", (("lock",),)),
    # Pillars Fall: the combat, and the card put on the acting vampire at its end if the other one is not ready
    ("enter_combat", _PILLARS): ("enter_combat", "vampire"),
    ("put", _PILLARS): ("end_combat", "put on actor if opponent not ready", 0),
    # Big Game; Augur
    ("get", "if that minion is a red list minion, this minion gets an optional maneuver or press in that combat and "
            "unlocks at the end of the action if he or she is still ready"): ("red_list_grant_unlock",),
    ("unlock", "this acting imbued unlocks at the end of the action"): ("unlock_end_of_action",),
    # Abactor: its hunt, then a blood hunt referendum on the acting vampire (when it gained blood)
    ("call", "after successful resolution, a referendum is called to call a blood hunt on this vampire (independent of "
             "the action, just as if they had committed diablerie)"): ("blood_hunt_after",),
    # Propaganda [PRE]: the target Methuselah names one of their ready unlocked minions (terms), which locks
    ("lock", "as above, and the target methuselah locks a ready unlocked minion they control"):
        ("target_locks_own_minion",),
    # Shattering Crescendo
    ("inflict", "(d) inflict 1 unpreventable damage on an ally or retainer"):
        ("on_target", "ally or retainer", (("damage", 1),)),
    ("discard", "(d) discard a this card to inflict 2 unpreventable damage on each of up to two minions controlled by a "
                "single methuselah"): ("discard_copy_damage", 2, 2),
    ("change", "as [mel] above, but for 3 unpreventable damage each"): ("discard_copy_damage", 2, 3),
    # Cheat the Fates [tem]: no blockers without Temporis; the acting vampire plays no other discipline cards
    ("block", "minions without temporis [tem] cannot block this action and this vampire cannot play other cards "
              "requiring 1 or more disciplines this action"): ("no_block", "without tem", "no discipline cards"),
    # Hunting the Beast [AUS]
    ("add", "as above, and at the end of that combat, if this vampire is ready and the opposing vampire is not, add 2 "
            "blood to a salubri in your uncontrolled region"): ("end_combat", "blood to uncontrolled salubri", 2),
    # Chameleon: X is the blood paid (the `cost` of the step)
    ("take", "(d) take control of a younger vampire with capacity of x who entered play since your last minion phase"):
        ("on_target", "younger vampire new in play", (("take_vampire",),)),
    ("become", "that vampire becomes anarch"): ("target_more", (("becomes_anarch",),)),
    # Rampage: any location, yours included (then at +1 stealth, with no one to block)
    ("burn", "(d) burn any location"): ("on_target", "any location", (("burn",),)),
    ("action_stealth", "if you control the location, this is a +1 stealth action"): ("cond_stealth", "own target", 1),
    # Sacrificial Lamb ("Vampire; equipment" also moves the burned vampire's equipment)
    ("burn", "burn a vampire in torpor that you control"): ("on_target", "own torpor vampire", (("burn",),)),
    ("gain", "the acting vampire gains blood equal to the burned vampire's capacity (ignore excess blood)"):
        ("target_more", (("actor_gains_capacity",),)),
    ("transfer", "you may also transfer equipment from the burned vampire to this one"):
        ("target_more", (("equipment_to_actor_if_said",),)),
    ("consider", "this action is not considered diablerie"): ("target_more", ()),
    ("burn", "(d) as above, but burn a vampire in another methuselah's torpor region"):
        ("on_target", "other's torpor vampire", (("actor_gains_capacity",), ("equipment_to_actor_if_said",), ("burn",))),
    # Undue Influence: the chosen vampire of your uncontrolled region is named in the target ('Source; Chosen' at
    # [chi], 'Methuselah; Chosen' for the bleed at [pre])
    ("choose", "choose a vampire in your uncontrolled region"): ("choose_own_uncontrolled",),
    ("move", "(d) move 1 blood from a crypt card in any uncontrolled region to the chosen vampire"):
        ("unc_blood_to_chosen", 1),
    ("add", "if the bleed is successful, add 1 blood to the chosen vampire"): ("bleed_add_blood", 1, "uncontrolled"),
    ("add", "add 1 blood to the chosen vampire"): ("blood_to_chosen_unc", 1),
    ("move", "if the amount of blood equals or exceeds their capacity, move them to your ready region"):
        ("chosen_unc_to_ready_if_full",),
    # Songs of the Distant Vitae
    ("send", "(d) send a vampire who has committed diablerie since your last turn to torpor, and burn 2 blood from them"):
        ("on_target", "recent diablerist", (("burn_blood", 2), ("torpor",))),
    ("modifier", "this action gets +1 bleed against the controller of any vampire who has successfully hunted since "
                 "your last turn"): ("bleed_vs_hunter_controller", 1),
    # Fire on the Mountain, Warding the Beast: an action card's diablerie (the Discipline and trophy chosen with the
    # action's `discipline` and `trophy` fields) and its blood hunt
    ("diablerize", "(d) diablerize a locked vampire in torpor"): ("on_target", "locked torpor vampire", (("diablerize",),)),
    ("get", "in the resulting blood hunt referendum, this vampire gets 2 additional votes"): ("blood_hunt_votes", 2),
    ("diablerize", "(d) diablerize a vampire in torpor"): ("on_target", "torpor vampire", (("diablerize",),)),
    ("cast", "vampires cannot cast votes or ballots in favor of the blood hunt unless they are baali, tremere or tremere "
             "antitribu"): ("blood_hunt_for_only", ("baali", "tremere", "tremere antitribu")),
    ("unlock", "unlock a younger non-infernal vampire"):
        ("on_target", "ready younger non-infernal vampire", (("unlock",),)),
    ("rescue", "rescue a non-infernal vampire from torpor"): ("on_target", "non-infernal torpor vampire", (("rescue",),)),
    # Command the Legion: X is the blood paid (`cost`); the minions named in the target, separated by ';'
    ("lock", "lock x-1 allies or younger vampires"): ("lock_x_minus_1",),
    ("state", "as above, but one of the minions may be the same age or older"): ("lock_x_one_any",),
    # Blood Brothers of the same circle (the circle named in the crypt card's text): Hive Mind, Unwholesome Bond
    ("unlock", "unlock this blood brother and another ready blood brother of the same circle"):
        ("on_target", "other ready same-circle blood brother", (("unlock",), ("unlock_actor",))),
    ("add", "add 3 blood to a blood brother of the same circle in your uncontrolled region"):
        ("on_target", "same-circle blood brother in own uncontrolled", (("add_blood", 3),)),
    ("gain", "this vampire gains x+1 blood, where x is the number of ready, unlocked blood brothers of the same circle "
             "as the acting vampire"): ("gain_circle_count_plus", 1),
    ("add", "add 1 blood from the blood bank to each blood brother in your uncontrolled region of the same circle as "
            "the acting vampire"): ("circle_uncontrolled_each", 1),
    # Mozambique Allure
    ("draw", "if this vampire is laibon, draw 1 card from your crypt"): ("if_sect_crypt_draw", "laibon"),
    ("become", "otherwise, this vampire becomes laibon, and they unlock if they are akunanse, guruhi, ishtarri, osebo, "
               "assamite, follower of set, ravnos, lasombra, tzimisce, harbinger of skulls, or salubri antitribu"):
        ("else_becomes_sect", "laibon", ("akunanse", "guruhi", "ishtarri", "osebo", "assamite", "follower of set",
                                         "ravnos", "lasombra", "tzimisce", "harbinger of skulls", "salubri antitribu")),
    # Haunt [NEC], Reality [CHI], Shattering [dem], Gear Up [pre]/[vic]
    ("burn", "(d) burn a location that does not require giovanni to play"):
        ("on_target", "location not requiring giovanni", (("burn",),)),
    ("move", _REALITY): ("on_target", "locked younger vampire", (("to_uncontrolled",),)),
    ("stay", _REALITY): ("target_more", ()),
    ("burn", "burn an event"): ("on_target", "event in play", (("burn",),)),
    ("state", "this action is undirected, no matter who controls the event"): ("target_more", ()),
    ("unlock", "this anarch unlocks and gets +1 stealth until the end of the turn"): ("unlock_self_and", "stealth", 1),
    ("unlock", "this anarch unlocks and gets +1 strength until your unlock phase"): ("unlock_self_and", "strength", 1),
    # Anonymous Freight: an equip action from the hand (the equipment named as the target)
    ("equip", "+3 stealth equip action"): ("special_hunt", 3),
    ("equip", "equip this vampire with a non-location equipment card from your hand (requirements and cost apply as "
              "normal)"): ("equip_from_hand", "non-location"),
    # Jack of Both Sides
    ("equip", "this vampire equips or employs an equipment or retainer from your hand"):
        ("equip_from_hand", "equipment or retainer"),
    ("reduce", "the cost of that card is reduced by 1 pool or by up to 2 blood"): ("hand_card_cost_cut", 1, 2),
    # Enthrall [OBF]/[PRE]: the player says "Methuselah; draw" to burn 1 blood for the crypt card
    ("burn", "as above, and if the bleed is successful (for 1 or more), this vampire can burn 1 blood to draw 1 card "
             "from your crypt"): ("bleed_blood_for_crypt_draw", 1),
    # Anarch Secession
    ("become", "this vampire becomes anarch"): ("actor_becomes_anarch_baron",),
    ("put", "if he or she had a city title, put this card on him or her as a title card to represent the title of baron "
            "of the same city"): ("baron_of_same_city",),
    # Black Hand Ritual: a younger Black Hand vampire unlocks, or (directed at its controller) a Gehenna card burns and
    # its "Do not replace until" ends
    ("unlock", "unlock a younger black hand vampire or (d) burn any gehenna card in play"):
        ("on_target", "younger black hand vampire or gehenna card", (("unlock_or_burn_gehenna",),)),
    ("replace", 'any "do not replace until" directive on that card is ended (and the controller draws to replace it, if '
                "it hadn't been replaced yet)"): ("target_more", ()),
    # The Trick of the Danya
    ("move", "move 1 blood from an uncontrolled minion in your prey's uncontrolled region to your pool or to a vampire "
             "in your uncontrolled region"): ("danya", 1),
}


def _clause(text: str) -> str:
    t = text.strip().lower().rstrip(".").strip()
    t = re.sub(r"^\+1 stealth action\.\s*", "", t)
    return re.sub(r"[{}]", "", t)


def read(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """The engine's reading of *e* on a card of *types*, or None when the engine does not resolve it."""
    if not e.text or (e.get("negated") and e.kind not in ("block", "cast", "unlock", "bleed", "play", "consider", "replace")):   # "cannot block/cast ..." read whole
        return None
    return _read(e.kind, e.text, bool(e.get("frame")), tuple(types))


@lru_cache(maxsize=4096)
def _read(kind: str, text: str, frame: bool, types: tuple[str, ...]) -> tuple | None:
    t = _clause(text)
    if "Action" in types and "Political Action" not in types and len(types) == 1:
        got = _read_targeted(kind, t)
        if got is not None:
            return got
        if kind == "stealth" and t == "as above, with +1 stealth":
            return ("action_stealth_bonus", 1)
        m = _ATTACHED_BLEED.match(t) if kind == "bleed" else None
        if m:
            return ("attached_bleed", int(m.group("n")), bool(m.group("but")))
        if kind == "lock" and t == "(d) lock a minion controlled by your prey":
            return ("lock_target", "prey minion")
        if kind == "burn" and t == "burn a contract on a minion you control":
            return ("burn_own_contract",)     # Violation of Trust
        m = _NO_PLAY_NAMED.match(t) if kind == "play" else None
        if m:   # Preternatural Strength: the vampire the card is on cannot play cards of that name
            return ("no_play_named", m.group("name"))
        if kind == "gain" and t == "once each turn, when this vampire successfully hunts, they gain 1 additional blood":
            return ("hunt_extra_once", 1)     # Harvest Rites, on the vampire
        m = _BURNABLE.match(t) if kind == "burn" else None
        if m:
            who = "vampire" if m.group("who").startswith("vampire") else "minion"
            return ("burnable", who, int(m.group("s") or 0), int(m.group("c") or 0), m.group("u") or "pool")
        if kind == "control" and t == ("each methuselah controlling a non-camarilla vampire burns 1 pool during their "
                                       "unlock phase"):
            return ("each_unlock_noncam_burn", 1)
        if kind == "burn" and t == ("methuselahs can burn a non-camarilla vampire they control during their master "
                                    "phase to burn this card"):
            return ("burn_noncam_to_burn",)
        if kind == "burn" and t == "during your unlock phase, your prey burns 1 pool":
            return ("unlock_prey_burns", 1)
        if kind == "burn" and t in ("you can burn only 1 pool each turn with army of rats cards",
                                    "you can burn only 1 pool each turn with this card cards"):
            return ("once_each_turn_by_name",)
        m = _ADD_UNC.match(t) if kind in ("add", "move") else None
        if m:
            who = m.group("who").strip()
            clan = None
            if who != "vampire":
                if who not in _CLANS and who != "black hand vampire":
                    return None
                clan = who
            if m.group("disc") and who != "vampire":
                return None
            return ("add_uncontrolled", int(m.group("n")), bool(m.group("younger")), clan, m.group("disc"))
        m = _ADD_AMOUNT.match(t) if kind == "gain_blood" else None
        if m:
            return ("add_amount", int(m.group("n")))
        m = _ADD_OTHER.match(t) if kind == "add" else None
        if m:
            return ("add_other", int(m.group("n")))
        m = _BLEED_POOL.search(t) if kind == "gain" else None
        if m:
            return ("bleed_gain_pool", int(m.group("n")))
        m = _GAIN_POOL.match(t) if kind in ("gain_pool", "gain") else None
        if m:
            return ("gain_pool_self", int(m.group("n")))
        m = _BLEED_AND_POOL.match(t) if kind == "gain_pool" else None
        if m:
            return ("bleed_gain_pool_any", int(m.group("n")))
        m = _GAIN_BLOOD.match(t) if kind in ("gain_blood", "gain") else None
        if m:
            return ("gain_blood_self", _n(m.group("n")), bool(m.group("unl")), m.group("how") == "but")
        if kind == "unlock" and _UNLOCK_DISCARD.match(t):
            return ("unlock_next_discard",)
        m = _UNLOCK_SELF.match(t) if kind == "unlock" else None
        if m:
            return ("unlock_self",)
        m = _UNLOCK_IF_BLEED.match(t) if kind == "unlock" else None
        if m:
            return ("unlock_if_bleed",)
        m = _BLOOD_IF_BLEED.match(t) if kind in ("gain", "gain_blood") else None
        if m:
            return ("gain_blood_if_bleed", int(m.group("n")))
        if kind == "burn" and t == "(d) burn an equipment or location on a minion controlled by your predator or prey":
            return ("burn_card", ("equipment", "location"), "predator or prey", 0)
        if kind == "add" and t == ("add 2 blood to a younger harbinger of skulls in your uncontrolled region, or search "
                                   "your crypt for a harbinger of skulls, reveal them, and move them to your uncontrolled "
                                   "region (shuffle afterward)"):
            return ("lazarus", "harbinger of skulls", 2)
        if kind == "draw" and t == "if the bleed is successful, draw two cards (discard afterward)":
            return ("bleed_draw_discard", 2)
        if kind == "enter" and t == "(d) enter combat with and lock a vampire":
            return ("combat_lock_vampire",)
        if kind == "consider" and t == "the target vampire is considered the acting minion during that combat":
            return ("target_acts_in_combat",)
        if kind == "choose" and t == "choose three library cards in your ash heap by name":
            return ("ash_to_library_top", 3)
        if kind == "move" and t == "move them to the top of your library, then discard 3 cards at random (draw afterward)":
            return ("random_discard_draw", 3)
        m = re.fullmatch(r"move a vampire from your ash heap to your (uncontrolled|ready) region(?: with (\d) blood)?", t) \
            if kind == "move" else None
        if m:
            return ("ash_vampire_to", m.group(1), int(m.group(2) or 0))
        if kind == "stun" and t == "(d) stun an unlocked vampire":
            return ("stun_target",)
        if kind == "steal_pool" and t == "(d) steal 1 pool from another methuselah":
            return ("steal_pool", 1)
        if kind == "burn" and t == ("(d) burn the edge to burn 3 blood from a vampire controlled by another methuselah, "
                                    "or to burn 3 pool from your prey"):
            return ("edge_burn", 3, 3)
        if kind == "search" and t == ("search your crypt for a vampire with serpentis [ser], reveal them, and move them "
                                      "to your uncontrolled region with 1 blood (shuffle afterward)"):
            return ("crypt_to_uncontrolled", "ser", 1)
        m = _BURN_CARD.match(t) if kind == "burn" else None
        if m:
            what = tuple(w.strip() for w in re.split(r",| or ", m.group("what")) if w.strip())
            return ("burn_card", what, bool(m.group("prey")), int(m.group("pool") or 0))
        m = _UNLOCK_TARGET.match(t) if kind == "unlock" else None
        if m:
            return ("unlock_target", bool(m.group("younger")), bool(m.group("mine")), bool(m.group("ally")))
        group = _GROUP_BLOOD.get(t)
        if group is not None:
            return ("group_blood",) + group
        if t == "each methuselah who controls any of the oldest ready assamites gains 2 pool":
            return ("oldest_clan_pool", "assamite", 2)
        if kind == "enter_combat" and e_target_ok(t):
            return ("enter_combat", _COMBAT_TARGETS[_combat_np(t)])
        if kind == "get" and _GRANT.match(t):
            return ("combat_grant",)
        if kind == "search" and t == _SEARCH_EQUIP:
            return ("search_equip",)
        if kind == "burn" and t == ("as above, and this acting vampire can burn 2 blood to move the stolen vampire to "
                                    "your ready region"):
            return ("steal_to_ready", 2)
        m = _STEAL.match(t) if kind == "steal" else None
        if m:
            what = "ally" if "ally" in t else "retainer" if "retainer" in t else "location" if "location" in t \
                else "torpor"
            return ("steal", what)
        return None
    if types == ("Action Modifier",):   # a power's action modifier, used by locking the power on its imbued
        if kind == "modifier" and t == "monsters get -1 intercept against this action":
            return ("power_monsters_intercept", -1)     # Hide
        if kind == "block" and t == ("vampires with capacity less than 7 and monster allies who cost less than 4 pool "
                                     "cannot block this action"):
            return ("power_no_block", 7, 4)     # Project
        return None
    if types == ("Reaction",):   # a power's reaction, used by locking the power on its imbued
        if kind == "fail" and t == "the action fails and the acting monster enters combat with this imbued instead":
            return ("power_fail_combat",)     # Champion
        return None
    if types == ("Conviction",):   # Second Sight, burned from an imbued during an action
        if kind == "burn" and t == "burn when a monster is acting to give this imbued +1 intercept for that action":
            return ("conviction_intercept", 1)
        if kind == "burn" and t == "burn when this imbued declares an action to give monsters -1 intercept for this action":
            return ("conviction_monsters_intercept", -1)
        return None
    if types == ("Ally",):
        if kind == "block" and t == "this ally cannot block vampires":
            return ("ally_no_block", "vampire")
        if kind == "burn" and t == "during your unlock phase, this ally burns 1 life":
            return ("ally_upkeep_life", 1)
        if kind == "stealth" and t == "this ally has +1 stealth":
            return ("ally_stealth", 1)
        if kind == "lock" and t == "this ally can lock to add 1 life to an ally you control who has fewer life than its starting life":
            return ("ally_lock_heal", 1)
        if kind == "cost" and t == "master cards cost you 1 additional pool to play":
            return ("ally_master_tax", 1)     # Walks-With-Might
        return _ALLY_ACTIONS.get(t) or _ally_combat(t)
    if types == ("Political Action",):
        got = _read_in_play_political(kind, t) or _FOURTH_POLITICAL.get((kind, t))
        if got is not None:
            return got
        m = _ACCEPT.match(t) if kind == "choose" else None
        if m and (m.group("c1") or m.group("c2")) in _CLANS:    # Giovanni Acceptance, Revocation of Tyre, ...
            return ("accept_pass", m.group("c1")) if m.group("c1") else ("accept_enter", m.group("c2"))
        if kind in ("burn", "keep") and t in _BURN_ALL_KEEP:    # Jericho Founding, Kindred Segregation, Peace Treaty
            return _BURN_ALL_KEEP[t]
        if kind == "burn" and t == ("while in play, when any methuselah moves a vampire from uncontrolled to "
                                    "controlled, he or she burns 1 additional pool"):
            return ("influence_tax", 1)       # Masquerade Enforcement
        if kind == "pay" and t == "each methuselah must pay an additional pool to use a discard phase action to discard a card":
            return ("discard_tax", 1)         # Camarilla Threat
        if kind == "choose" and t == "choose a vampire with capacity less than 8":     # Auto-da-fe
            return ("terms_minion", False, False, False, "vampire", 8, False)
        if kind == "burn" and t == ("successful referendum means that vampire's controller burns x pool or burns that "
                                    "vampire, where x is the difference between 8 and that vampire's capacity"):
            return ("controller_pays_or_burns", 8)
        if kind == "burn" and t == ("if this referendum is successful, each methuselah burns a vampire (of his or her "
                                    "choosing) in his or her uncontrolled region"):
            return ("each_burns_uncontrolled",)     # Might of the Camarilla
        if kind == "put" and t == "if lucita is in play and is sabbat, put this card on her instead":
            return ("title_instead_named", "lucita", "sabbat")      # Crusade: Aragon
        if kind == "choose" and t == "choose a ready sabbat vampire":     # Sabbat Priest
            return ("terms_ready_sect", "sabbat")
        if kind == "attempt" and t in ("successful referendum means that for the remainder of the game, any vampire "
                                       "attempting to block the chosen vampire burns 1 blood",
                                       "successful referendum means that for the remainder of the game, any vampire "
                                       "attempting to block that vampire burns 1 blood"):
            return ("block_tax_chosen", 1)      # Sabbat Priest, Camarilla Exemplary
        if kind == "choose" and t == "choose a number from 1 to 12":     # Political Flux
            return ("terms_number", 1, 12)
        if kind == "earn" and t == ("successful referendum means this is the amount of pool the next predator will "
                                    "earn for ousting his or her prey (instead of the usual 6 pool)"):
            return ("next_oust_reward",)
        if kind == "choose" and t == "choose a titled non-anarch vampire":     # Patsy
            return ("terms_titled_nonanarch",)
        if kind == "burn" and t == ("successful referendum means that you burn the edge to remove that vampire's "
                                    "title and burn 2 pool from his or her controller"):
            return ("edge_unseat", 2)
        if kind == "select" and t == "select the methuselah with the edge":     # Code of Milan Suspended
            return ("terms_edge_holder",)
        if kind == "burn" and t == "if this referendum is successful, that methuselah burns 1 pool":
            return ("selected_burns", 1)
        m = _ALLOCATE.match(t) if kind == "allocate" else None
        if m:
            if m.group("n") == "x" and not m.group("x"):
                return None
            return ("terms_allocate", _n(m.group("n")), 1 if m.group("least") == "one" else 2, bool(m.group("other")))
        m = _PER_POINT.match(t) if kind == "burn" else None
        if m:
            return ("burn_per_point", int(m.group("n")))
        m = _PER_MINION.match(t) if kind in ("burn", "gain") else None
        if m:
            what = {"minion": "minion", "locked minion": "locked minion", "vampire in torpor": "torpor vampire",
                    "vampire of the chosen clan": "clan", "ready independent or anarch vampire": "ready independent or anarch",
                    "vampire": "vampire"}[m.group("what")]
            if m.group("cap"):
                if what != "vampire":
                    return None
                what = "capacity>=8"
            return ("per_minion", 1 if m.group("v") == "gains" else -1, int(m.group("n")), what)
        if kind == "choose" and t == "choose a clan":
            return ("terms_clan",)
        if kind == "choose" and t == "choose a methuselah":
            return ("terms_methuselah",)
        m = _CHOOSE_MINION.match(t) if kind == "choose" else None
        who = m.group("who").strip() if m else ""
        if m and (who in ("vampire", "ally", "prince", "archbishop") or who in _CLANS) \
                and not (m.group("cap") and who != "vampire"):
            return ("terms_minion", bool(m.group("ready")), bool(m.group("younger")), bool(m.group("cam")), who,
                    int(m.group("cap")) if m.group("cap") else None, bool(m.group("cap")))
        if _CHOSEN_BURNED.match(t):
            return ("chosen_burned",)
        if t == "successful referendum means the chosen ally is removed from the game":
            return ("chosen_removed",)
        if _LOSES_TITLE.match(t):
            return ("chosen_loses_title",)
        m = _JUSTICAR.match(t)
        if m and (m.group("c1") or m.group("c2")) == m.group("c3") and m.group("c3") in _CLANS:
            return ("title_chosen", "justicar")
        m = _CLAN_VOTES.match(t)
        if m and m.group("clan") in _CLANS:
            return ("clan_votes", m.group("clan"), 1)
        if t == "successful referendum means the chosen methuselah gets the edge":
            return ("chosen_edge",)
        m = _SCREW.match(t)
        if m:
            return ("all_burn_chosen_extra", int(m.group("n")), 1)
        m = _STEAL_EACH.match(t)
        if m:
            return ("steal_each", int(m.group("n")), f"capacity>{m.group('cap')}" if m.group("cap") else "more pool")
        if t == "successful referendum means each vampire burns 1 blood":
            return ("vampires_blood", -1, None)
        if t == "successful referendum means all vampires with capacity below 4 burn 1 blood":
            return ("vampires_blood", -1, "capacity<4")
        if t == "if this referendum fails, the acting vampire burns 1 blood":
            return ("fail_actor_blood", -1)
        if t == ("successful referendum means each ready vampire with capacity of 8 or more gains 1 blood from the blood "
                 "bank, and each vampire with capacity of 8 or more in any uncontrolled region gains 1 blood from the "
                 "blood bank"):
            return ("honor_elders", 8)
        if t == ("successful referendum means each methuselah gains x pool, where x is the number of clans to which "
                 "his or her ready vampires belong"):
            return ("diversity",)
        if t == "successful referendum means each methuselah gains 1 pool":
            return ("all_gain", 1)
        if t == "each methuselah then burns 1 pool for each equipment, location or retainer card he or she controls":
            return ("per_card", -1, 1, ("equipment", "location", "retainer"))
        if kind == "choose" and t == "choose one or more methuselahs":
            return ("terms_methuselahs",)
        if t == ("each chosen methuselah receives two master phase actions during his or her master phase (instead "
                 "of one)"):
            return ("chosen_two_mpa",)      # Rumors of Gehenna, while the card is in play
        if kind in ("move", "stay") and t == _BANISH:
            return ("banish",) if kind == "move" else ("banish_stay",)
        m = _CHOSEN_BURN.match(t) if kind == "burn" else None
        if m:
            return ("chosen_burn", int(m.group("n")), int(m.group("x")), "titled" if m.group("titled") else
                    f"capacity{'<=' if m.group('dir') == 'less' else '>='}{m.group('cap')}")
        if kind == "choose" and t == "choose at least half of the methuselahs in the game":
            return ("terms_methuselahs_half",)
        if t == ("successful referendum means each chosen methuselah burns 1 pool and each of the other methuselahs "
                 "gains 1 pool"):
            return ("chosen_burn_others_gain", 1, 1)
        if t == ("if this referendum is successful, each methuselah burns x pool, where x is the number of vampires "
                 "in his or her prey's ash heap"):
            return ("prey_ash_vampires",)
        if t == ("if this referendum is successful, each methuselah burns x+1 pool, where x is the number of "
                 "assamites he or she controls"):
            return ("clan_count_burn", "assamite", 1)
        if t == ("successful referendum means each ready anarch gains 1 blood and each methuselah controlling an "
                 "anarch gains 1 pool"):
            return ("anarch_salon",)
        if t == "if this referendum is successful, each follower of set burns 2 blood":
            return ("clan_blood", "follower of set", -2)
        if t == "each follower of set with zero blood then goes into torpor":
            return ("clan_zero_torpor", "follower of set")
        if kind == "choose" and t == ("choose x ready unlocked anarchs you control and allocate 2x points among one or "
                                      "more methuselahs, locations, and equipment"):
            return ("terms_council",)
        if kind == "lock" and t == ("successful referendum means each chosen anarch is locked, each methuselah burns 1 "
                                    "pool for each point allocated, and each location or equipment allocated a point is "
                                    "burned"):
            return ("council",)
        if kind == "choose" and t == "choose a methuselah and allocate 5 points among two or more other methuselahs":
            return ("terms_allocate_and_one", 5, 2, True)
        if kind == "choose" and t == "as above, and choose a methuselah":
            return ("terms_and_one",)
        if t == ("successful referendum means each methuselah burns 1 pool for each point allocated and the chosen "
                 "methuselah gains 1 pool"):
            return ("burn_per_point", 1, "chosen gains 1")
        if t == "successful referendum means the chosen methuselah gains 1 pool":
            return ("chosen_gains", 1)
        if kind == "choose" and t == "choose a non-camarilla vampire with a capacity below 6":
            return ("terms_noncam", 6)
        if kind == "choose" and t == ("if the acting vampire is a member of the inner circle, you may choose any "
                                      "non-camarilla vampire instead"):
            return ("terms_noncam_ic",)
        if t == ("in this referendum, each priscus gets -1 ballot, each non-priscus titled vampire gets -1 vote, and "
                 "burning the edge is worth 1 additional vote"):
            return ("eat_the_rich_votes",)
        if kind == "choose" and t in ("choose a sabbat vampire with capacity 7 or more", "choose a sabbat vampire"):
            return ("terms_sect_vampire", "sabbat", 7 if "capacity" in t else 0)
        m = _SECT_TITLE.match(t)
        if m:
            return ("title_chosen", m.group("title"))
        if t == "during this referendum, non-sabbat vampires cannot cast votes or ballots":
            return ("no_votes_from", "non-sabbat")
        if t == "camarilla vampires cannot cast votes or ballots during this referendum":
            return ("no_votes_from", "camarilla")
        if t == "in this referendum, each ready cardinal gets one additional vote":
            return ("title_votes", "cardinal", 1)
        if t == "successful referendum means each methuselah can choose a ready vampire they control":
            return ("each_choose_vampire",)
        if t == ("each methuselah gains 6 pool, then burns pool equal to the capacity of their predator's chosen "
                 "vampire"):
            return ("chosen_capacity", "reins", 6)
        if t == "each methuselah gains pool equal to their chosen vampire's capacity, then burns 5 pool":
            return ("chosen_capacity", "ancient", 5)
        if t == "successful referendum locks all vampires of that clan":
            return ("lock_clan",)
        if kind == "choose" and t == "choose a location and a methuselah":
            return ("terms_card_to", "location", "methuselah")
        if kind == "choose" and t == "choose an equipment and a vampire":
            return ("terms_card_to", "equipment", "vampire")
        if t in ("successful referendum means the chosen methuselah takes control of the chosen location",
                 "successful referendum means the chosen vampire takes control of the chosen equipment"):
            return ("give_chosen",)
        if kind == "choose" and t == ("choose a ready younger vampire controlled by another methuselah, and allocate 3 "
                                      "of their blood between 1 or more other vampires (including this acting vampire)"):
            return ("terms_blood_shift", 3)
        if t == "successful referendum means the blood is distributed as you chose":
            return ("blood_shift",)
        if t == "successful referendum burns all vampires with a current bleed of 3 or more":
            return ("burn_bleeders", 3)
        m = _SHIFT_TERMS.match(t) if kind == "choose" else None
        if m:
            return ("terms_shift", int(m.group("n")))
        m = _CRUSADE_UNLOCK.match(t) if kind == "unlock" else None
        if m and m.group("clan") in _CLANS:
            return ("title_unlock_discard", m.group("clan"))
        m = _TITLE_CAP.match(t)
        if m and m.group("clan") in _CLANS:
            return ("title_capacity", m.group("clan"))
        m = _TITLE.match(t) if kind == "put" else None
        if m:
            return ("title", m.group("title"), m.group("city").strip())
        if kind == "distribute" and t == "successful referendum means the pool is distributed as you chose":
            return ("shift",)
    return None


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    return read(e, types) is not None
