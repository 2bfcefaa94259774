"""Cards that sit on a minion (or a Methuselah) once played: "(D) Put this card on a ready vampire", "Put this card on this acting vampire", and their lasting effects on the minion that carries them ("the attached minion gets -1 stealth", "cannot block", "does not unlock as normal"), the ways to burn them ("any minion can burn this card as an action", "burn this card during your next unlock phase") and the moments they act at. Any card type except those an earlier family already reads.

`reading(e, types)` gives the structured reading of one clause (a tuple whose first item names it), or None
when this family does not read it; `automated(e, types)` is True exactly when there is a reading. The engine
side is `engine/effects_attached.py`, which acts only on the clauses this family *claims* (`claims`): those it
reads that neither the core vocabulary nor a family before it in `effects._families()` resolves, so no clause
is carried out twice. Scenarios: tests/scenarios/1760-1809 and 2030-2045; engine test: tests/engine/test_auto_attached.py.

Readings (action cards only, types exactly ("Action",); "the host" is the minion the card is on):

- ("attach_to", nouns, adjectives, controller): "(D) Put this card on <a minion>": the action names the minion
  (`target`), refused unless it fits: *nouns* the kinds that fit ("vampire", "minion", "ally", "younger vampire"),
  *adjectives* ("ready", "younger", "locked", "unlocked", "titled"), *controller* ("prey", "predator", "other" or
  ""); the card goes on it as the action succeeds; ("attach_still_control",): "; you still control this card";
  ("attach_lock",): "... and lock them";
- ("host_no_block", who): the host cannot block: "actor" (the vampire that put the card there: Blood Bond),
  "undirected" (undirected actions: Kaymakli Barrier);
- ("host_mod", stat, n): the host gets n stealth (when acting), intercept (when blocking) or bleed;
- ("host_no_unlock",): the host does not unlock as normal; ("unlock_for", unit, n): during the host's unlock
  phase its controller can burn n pool (or the host n blood) to unlock it (a `use` of the card);
- ("host_burn_at_unlock", n): the host burns n blood or life as its controller's unlock phase begins (an ally
  or retainer with no life left is burned);
- ("host_directed_cost", n): directed actions cost the host n more blood;
- ("burnable", who, stealth, blood, directed): *who* ("minion", "vampire", "host") can burn the card as an
  action (`action` with `from` naming the card) at +stealth, costing that much blood, directed at the card's
  controller when *directed*;
- ("burn_at_unlock",): the card burns as its controller's (next) unlock phase begins;
- ("bleed_vs_host_controller", discipline, n): vampires with that discipline get +n bleed against the host's
  controller (Madman's Quill); ("host_blocked_burn", n): if the host is blocked, it burns n blood or life before
  block resolution (Phantasmagoria);

- ("counter_at_host_unlock", n): n counter on the card as the host's controller's unlock phase begins, and
  ("burn_at_counters", n): the card burns once it has n (Total Insanity);
- ("host_no_cards", what): the host cannot play "action" cards, or cards requiring a "discipline";
- ("host_no_act_block",): the host cannot act or block; ("burn_at_host_discard",): the card burns as the host's
  controller's discard phase begins, or ("burn_at_unlock_instead",) as its own controller's unlock phase begins
  (Sensory Overload);
- ("block_host_intercept", discipline, n): vampires with that discipline ("" any vampire) get +n intercept when
  blocking the host (Soul Painting);
- ("host_burns_to_burn", n): in its controller's unlock phase the host can burn n blood to burn the card (a `use`:
  Blackmail); ("no_unlock_for",): this level has no "unlock_for" (Nightmare Curse).

- ("burnable_steps", who, stealth, n): *who* can burn the card "with n +1 stealth actions" (`action` with `from`):
  each successful one puts a counter on the card, which burns at n (Prison of the Mind, Seeds of Corruption).

Combat cards (types exactly ("Combat",)): ("put_on_opponent_after_strike",): "Strike: ... and put this card on the
opposing minion", "Place this card on the opposing minion": as the strike resolves (not dodged) the card goes on the
opposing minion; then host_mod (stealth, strength; ("host_mod_replace", stat, n) at a superior level that says "As
above, but ... -2"), host_burn_at_unlock, burnable, burn_at_host_discard, host_no_cards as above (Fleshcraft,
Bonecraft, Withering, Scorpion's Touch, Sculpt the Flesh); ("put_on_striker_after_combat",) with ("burn_for_stealth",
1, "any action"): a strike card that goes on its vampire once the combat is over, burned later for +1 stealth (Pass
Through Shadow); ("burn_end_of_turn",) and host_no_act_block (Morphean
Blow); ("burn_no_block_vs_striker",): a `use` by its player as the striking vampire announces an action: the host
cannot block it, and ("striker_bleed_vs_host_controller", n): that vampire's bleeds against the host's controller
(Creeping Infection, which its player keeps). ("burn_to_prevent", n, kind): a combat card kept on its vampire (the core
"Put this card on this vampire"), burned during damage resolution in combat to prevent n damage ("normal": non-aggravated
only; "any" at the superior level): a `prevent` naming the card (Wall of Filth; hook in rules_combat._equipment_prevent).

("host_feeds_actor_on_announce", n): each time the host announces an action it moves n blood to the vampire that
put the card there (Slaughtering the Herd, whose host burns 4 blood in its minion phase to burn it: "host_burns_to_burn"
with the phase named).

("by_intercept_vs_host", n): the vampire that put the card there gets +n intercept blocking the host, and
("host_bleed_vs_by_controller", n): the host's bleeds against that vampire's controller (Steal the Mind);
("host_capacity", n): the host's capacity, not below 1 (Mind of a Child: hook in context.capacity);
("burn_host_stealth_zero",): a `use` by its player while the host acts: the card burns and the host's stealth
goes to 0, later stealth still counting (Draba's action mode, an action and reaction card).
("host_ready_hand_size", n): while the host is ready, the card's player has n more hand size (drawing up or
discarding down at once as that changes: Wise Spider; hook in rules_turn.hand_size).
("burn_agg_as_normal_combat",): a `use` by the host's controller while the host is in combat: the card burns and
aggravated damage inflicted on the host is normal damage until the combat ends (Chill of Oblivion);
("host_locked_reactions_canceled",): a reaction card the host plays while locked is canceled as it is played, its
cost paid (Blood of Sandman; hook in rules_action._apply_modes after the cost);
("host_extra_strike_each_round", n): the host gets n optional additional strike (limited) each round of its
combats (Black Metamorphosis: the state checks mark the combat as it begins, rules_combat grants it each round);
("burn_damage_blocked_actor", n): a `use` by its player once the host has blocked a directed action, as the combat
begins (round 1, before range): the card burns and the acting minion takes n unpreventable damage; ("burn_damage_bleeder",
n): the card in play, a `use` by its player after a minion's successful bleed against them: the card burns and that
minion takes n unpreventable damage (Frozen Object);
("damage_after_directed_at_controller", n): while the card is in play, a vampire whose action directed at its player
(or a minion or card of theirs) succeeds takes n unpreventable damage once the action is over; a vampire that burns
the card with its (D) action ("burnable") takes none, the card being gone by then (Travelers Obey the Tenets);
("controller_hand_size", n): while the card is in play its controller has n more hand size (drawing up or discarding
down at once as that changes), and ("stealable", "vampire", cap): a vampire of at least that capacity takes control of
the card for its player with a (D) action directed at the card's controller (`action` with `from` naming the card:
Chronicle of the Lost Tribe);
("fail_directed_at_location_put",): a reaction played while an action is directed at a location its player controls:
the action fails and the card goes on that location, later burned to make another such action fail (Salt of Thoth);
("put_on_reactor_if_no_block",): a reaction that goes on the vampire that played it after the action resolves, unless
that vampire blocked it, and ("burn_for_intercept", n): a `use` by its player during an action of another minion: the
card burns for +n intercept for its vampire (Dogged Pursuit);
("lock_for_strength_maneuver_press", n): the action mode of an action and combat card that goes on its vampire: a `use`
in that vampire's combat (`effect`: strength, maneuver or press) locks the card for +n strength this round, or a
maneuver, or a press (Monstrous Form);
("counter_for_ally_maneuver_press", kinds): the card in play with counters; once each combat its player burns 1
counter (a `use`, `minion`: the ally of those kinds of theirs in combat, `effect`: maneuver or press) to give that ally 1
maneuver or press (Dance of the Dead);
The Condemnations: ("burn_other_condemnations",): as the card goes on its minion, the other Condemnation cards on it
burn; ("host_blocked_pool", n): when the host is blocked its controller burns n pool before block resolution (Doomed);
("host_bleed_cost", n): the host's bleed actions cost n more blood, so an ally cannot bleed (Betrayed); ("host_no_press",):
the host cannot press in combat (Languid: hook in rules_combat.press); ("host_burns_after_referendum", n): the host burns
n blood after each referendum that passes (Mute: hook in rules_politics);
("agg_as_normal_once_each_combat", n): the first n aggravated damage inflicted on the host each combat is normal
damage (Fire Dance; never worse for the vampire, so the engine takes the option; hook in
rules_combat._combat_damage_rules).

Political Struggle: ("combat_with_host", "by", 1): the vampire that put the card there enters combat with the host
as a +1 stealth (D) action; ("votes_when_host_falls",): when the host is burned or goes to torpor the card burns and
that vampire keeps +X votes, X the host's votes then (its title's).

Votes: host_mod "votes" (Condemnation: Mute); ("host_votes_per_gehenna",): +1 vote for each Gehenna event in play, and
("burn_if_no_gehenna",): burned when there is none (state checks: Emergency Powers).

Cards in play with counters: ("put_in_play_counters", n) (("comes_with_counters", n) at a level that says so);
("counter_unlock_block", sect, n): a `use` (`minion`: a vampire of that sect you control) during an action you may
block, once each action: a counter burned, the vampire unlocks and gets +n intercept for its block attempt;
("burn_when_empty",): the card burns when its last counter goes (Under Siege); ("blood_to_card_at_unlock", discipline,
n): a `use` in its player's unlock phase, once: a ready vampire of theirs with that discipline (`minion`) moves n
blood to the card as counters; ("counters_reduce_bleed",): a `use` (`effect`: X) while a minion bleeds its player:
X counters burned, the bleed X less (Illusory Resources).

Also: ("host_restrict", what): the host cannot play "cards", cast "votes" or ballots, block ("no_block"), act
("no_actions_but_burn": but to burn this card), be the target of directed actions ("untargetable"), and does not
unlock as normal ("no_unlock") (Fantasy World, Reality); ("burn_if_host_in_combat",): the card burns once its host
is in combat (state checks). ("burnable_for_strength", who, stealth, n): the host burns the card as a +1 stealth action for +n strength for
the rest of the game, and ("burn_at_next_turn_discard",): it burns in its controller's discard phase of a later turn
than the one it was played in (Masai Blood Milk); ("host_mod_directed", stat, n) a host_mod only during directed actions (Defender of the Haven, on a slave
Gargoyle above capacity 4); ("look_host_hand_at_unlock",): as its controller's unlock phase begins, the host's
controller's hand is shown to them (Deep Cover Agent).

More action cards: ("unlock_actor_after_put",) "... and unlock this acting vampire" (Martial Ritus; its "+1
strength" a host_mod); ("become_anarch_unlock",) and ("burn_if_sect_changes",) (Go Anarch: the sect the card gave
is remembered, the card burns in the state checks once it differs); a location you control as the target of
"attach_to" and ("burn_fail_directed_at_host",): a `use` while an action is directed at that location, which fails
(Consecration Rites).

Reactions also: ("hunt_and_put", n): the hunting vampire gets +n hunt and the card goes on it, kept by the reacting
player, and ("host_bleed_cost_vs_controller", n): its bleeds against that player cost n more blood (Tainted Vitae);
("put_on_actor_if_block", True) (kept by the reacting player) and ("burn_for_bleed_vs_host_controller", n): a `use`
by that player while the vampire that played it bleeds the host's controller (Melange); ("put_on_actor_reaction",):
"Put this card on that vampire" (the acting one: Cardinal Sin: Failure of Mission); ("combat_with_host", who, stealth):
*who* (a clan or "sabbat vampire") may enter combat with the host as a (D) action (`action` with `from` naming the
card and `target` the host); ("strength_vs_host", clan, n): that clan's vampires get +n strength in combat with the
host (Vendetta); ("host_bleed_vs_controller", n): the host's bleed against the card's controller (Aversion).

The Laibon titles, action modifier and reaction cards played in a referendum (Akunanse Kholo, Guruhi Kholo...):
("kholo_title", clan): the card goes on the vampire playing it (a Laibon of that clan), who holds the unique title of
kholo of that clan (2 votes); ("kholo_moves", clan): whenever that vampire is not a ready Laibon of the clan, or an
older ready untitled one is in play, the card and the title move to the oldest ready untitled Laibon of the clan.

Reactions (types exactly ("Reaction",)) put on the acting minion (the core "Put this card on the acting vampire"; the
reacting player keeps control when the text says so): ("reactor_intercept_vs_host_bleed", n): the vampire that
played it gets +n intercept when the host bleeds its controller; ("burnable", "host", 0, 0, True): the host burns it
as a (D) action (Sins of the Cauchemar); ("put_on_actor_if_block",): if the reacting vampire blocks, the card goes
on the acting minion, and ("host_stealth_vs_reactor", n): that minion gets n stealth bleeding the reacting
vampire's controller (Darksight).

- ("attach_to", nouns, adjectives, controller, False): "Put this card on a minion you control" (not a (D) action:
  *controller* "self", "not actor" or ""; adjectives also a sect or "black_hand"); ("put_in_play_self",): "Put this
  card into play"; ("controller_minions_mod", "intercept", n): while it is in play its player's minions get +n
  intercept (Psychic Projection); ("host_blood_after_directed", n): its host gains n blood after each successful
  directed action it performs (Blood of the Sabbat);
- ("put_on_actor",): "Put this card on this acting Seraph" (a clan or title the core does not move the card for);
- ("lock_to_unlock", trait): a `use` that locks the card (its host ready) to unlock another vampire of that trait
  (`minion`: Tattoo Signal); ("unlock_to_block", n): during an action its Sabbat host may burn n blood to unlock (a
  `use`, then it blocks as usual) and ("burn_if_host_torpor",): the card burns once its host is in torpor
  (Eternal Vigilance); ("burn_if_actor_leaves",): the card burns once the vampire whose action played it has left
  the ready region (Nightmare Curse; the engine remembers that vampire as the action succeeds, even when the card
  is then put on a minion by hand).

Action modifiers (types exactly ("Action Modifier",)) that stay on the acting vampire (a core "Put this card on this
vampire" too: the engine keeps the played card on it):

- ("put_on_actor",): "Put this card on this acting vampire";
- ("no_directed_unless", "aus"): minions without Auspex (superior Auspex at the card's superior level) cannot
  perform actions directed at the vampire (Sleep Unseen, Shadow Cloak);
- ("burn_at_unlock",) as above;
- ("burn_for_stealth", n, when): a `use` of the card during an action of its vampire: the card burns for +n stealth,
  in a "later action" than the one it was played in, or in an action directed at the "same target" Methuselah as
  that one (Under My Skin, Shadow Cast, Marked Path); ("burn_stealth_is", n): at this level, +n instead;
- ("directed_at_host_cost", n): actions directed at the vampire cost n more blood or life (Safe Passage);
- ("put_on_actor_if_bleed_succeeds",): the card goes on the acting vampire once its bleed succeeds, and
  ("burn_fail_block_attempt",): a `use` during a bleed of that vampire while a minion attempts to block it: the
  attempt fails and that minion cannot attempt to block this action again (Fever Pitch);
- ("host_considered_sect", sect) with ("burn_if_sect_changes",): the vampire's sect becomes that one while the card
  is on it; the card burns once it changes (The Red Question);
- a core "Put this card in play" keeps the card in play; ("in_play_clan_stealth", clan, n): that clan's actions
  get +n stealth while it is there, and ("burn_end_of_turn_or_success", clan): it burns at the end of the turn or
  after a successful action of that clan (Loup); ("burn_for_votes", n): in the polling step of a referendum its
  controller burns it for n votes (`vote` naming the card: Propaganda of the Deed); ("pool_to_unlock", sect, n): a
  `use` in its controller's minion phase: n pool burned to unlock a ready locked vampire of that
  sect they control (`minion`: CrimethInc.).
"""

from __future__ import annotations

import re
from functools import lru_cache

from vtes_desktop.cards.grammar.model import Effect

_PUT_D = re.compile(r"^\(d\) put this card on (?P<np>.+?)(?P<lock> and lock them)?(?P<still>; you still control this card)?\.?$")
_NP = re.compile(r"^(?:an?|any|one of) (?P<adj>(?:(?:ready|younger|locked|unlocked|titled|sabbat|camarilla|anarch|black hand) )*)"
                 r"(?P<noun>vampire|minion|ally)"
                 r"(?: or (?:an? )?(?P<alt>younger vampire))?"
                 r"(?: controlled by (?P<ctrl>your prey|your predator|another methuselah)| (?P<own>you control)"
                 r"| (?P<notme>other than the acting vampire))?$")
_PUT_ACTOR = re.compile(r"^put this card on (?:this|the) acting (?!vampire$|minion$)[a-z]+$")
_CTRL = {"your prey": "prey", "your predator": "predator", "another methuselah": "other", None: ""}
_PUT_ND = re.compile(r"^put this card on (?P<np>(?:an?|any) .+?)(?P<unlock> and unlock this acting vampire)?$")

_LOCK_SMP = "during combat, you can lock this card to give this vampire +1 strength this round, or 1 maneuver or press"
#: one exact clause (lower case, no final stop) -> its reading
_EXACT: dict[str, tuple] = {
    "the vampire with this card cannot block this acting vampire": ("host_no_block", "actor"),
    "this vampire cannot block undirected actions": ("host_no_block", "undirected"),
    "directed actions cost this vampire an additional blood": ("host_directed_cost", 1),
    "the attached minion burns 1 blood or life during their unlock phase": ("host_burn_at_unlock", 1),
    "the attached ally does not unlock as normal": ("host_no_unlock",),
    "the attached minion does not unlock as normal": ("host_no_unlock",),
    "the attached vampire does not unlock as normal": ("host_no_unlock",),
    "their controller can burn 1 pool during their unlock phase to unlock the attached ally": ("unlock_for", "pool", 1),
    "minions can burn this card as an action": ("burnable", "minion", 0, 0, False),
    "any minion can burn this card as an action": ("burnable", "minion", 0, 0, False),
    "any minion can burn this card as a +1 stealth action": ("burnable", "minion", 1, 0, False),
    "vampires can burn this card as a +1 stealth action": ("burnable", "vampire", 1, 0, False),
    "vampires can burn this card as an action that costs 2 blood": ("burnable", "vampire", 0, 2, False),
    "burn this card during your next unlock phase": ("burn_at_unlock",),
    "vampires with dementation [dem] get +1 bleed against the attached minion's controller":
        ("bleed_vs_host_controller", "dem", 1),
    "as above, and if the attached minion is blocked, they burn 1 blood or life before block resolution":
        ("host_blocked_burn", 1),
    "during their unlock phase, add 1 counter to this card": ("counter_at_host_unlock", 1),
    "burn this card if it has 3 counters": ("burn_at_counters", 3),
    "as above, and the attached minion cannot play action cards": ("host_no_cards", "action"),
    "the attached vampire cannot play cards requiring disciplines": ("host_no_cards", "discipline"),
    "the attached minion cannot perform actions or block": ("host_no_act_block",),
    "burn this card during their discard phase": ("burn_at_host_discard",),
    "as above, but burn this card during your unlock phase": ("burn_at_unlock_instead",),
    "vampires with auspex [aus] get +1 intercept when attempting to block the vampire with this card":
        ("block_host_intercept", "aus", 1),
    "as [aus][pre] above, but all vampires get +1 intercept when attempting to block this vampire":
        ("block_host_intercept", "", 1),
    "this vampire can burn this card as an action that costs 1 blood": ("burnable", "host", 0, 1, False),
    "he or she may burn this card by burning 2 blood during his or her unlock phase": ("host_burns_to_burn", 2),
    "the attached vampire can burn 4 blood during their minion phase to burn this card": ("host_burns_to_burn", 4, "minion"),
    "each time the attached vampire announces an action, they move 1 blood from themselves to this acting vampire":
        ("host_feeds_actor_on_announce", 1),
    "during their unlock phase, they can burn 1 pool to unlock": ("unlock_for", "pool", 1),
    "this ready seraph may lock this card to unlock another black hand vampire": ("lock_to_unlock", "black hand"),
    "during an action, this sabbat vampire can burn 1 blood to unlock and attempt to block": ("unlock_to_block", 1),
    "burn this card if this vampire goes to torpor": ("burn_if_host_torpor",),
    "burn this card after this acting vampire leaves the ready region": ("burn_if_actor_leaves",),
    "any vampire(s) can burn this card with three +1 stealth actions": ("burnable_steps", "vampire", 1, 3),
    "any vampire(s) may burn this card with two +1 stealth actions": ("burnable_steps", "vampire", 1, 2),
    "each of your minions gets +1 intercept": ("controller_minions_mod", "intercept", 1),
    "the acting vampire can enter combat with the attached vampire as a +1 stealth (d) action":
        ("combat_with_host", "by", 1),
    "if the attached vampire is burned or sent to torpor, this card is burned and the acting vampire gets +x votes, "
    "where x is the number of non-contested votes this vampire has": ("votes_when_host_falls",),
    "the acting vampire gets +2 intercept when attempting to block that minion": ("by_intercept_vs_host", 2),
    "as [myt] above, and the minion with this card gets -1 bleed when bleeding this acting vampire's controller":
        ("host_bleed_vs_by_controller", -1),
    "as above, and the attached vampire gets -1 capacity (to a minimum of 1)": ("host_capacity", -1),
    "burn this card to reduce the attached minion's stealth to 0": ("burn_host_stealth_zero",),
    "the attached minion can still increase their stealth": ("burn_host_stealth_zero",),
    "during each political action, this seraph gets x additional votes, where x is the number of gehenna cards in play":
        ("host_votes_per_gehenna",),
    "if there are no gehenna cards in play, burn this card": ("burn_if_no_gehenna",),
    "once each action, a sabbat vampire you control can burn 1 counter from this card to unlock and attempt to block "
    "with +1 intercept, even if intercept is not yet needed": ("counter_unlock_block", "sabbat", 1),
    "if this card has no counters, burn it": ("burn_when_empty",),
    "during your unlock phase, a ready vampire with chimerstry [chi] you control can move 1 blood to this card":
        ("blood_to_card_at_unlock", "chi", 1),
    "you can burn x counters from this card to reduce a bleed against you by x": ("counters_reduce_bleed",),
    "as above, but this card comes into play with 2 counters": ("comes_with_counters", 2),
    "put this card on a slave gargoyle with a capacity above 4": ("attach_to", ("vampire",), ("slave", "gargoyle", "cap>4"),
                                                                 "", False),
    "this gargoyle gets +2 intercept against directed actions": ("host_mod_directed", "intercept", 2),
    "during your unlock phase, you may look at this vampire's controller's hand": ("look_host_hand_at_unlock",),
    "this vampire can burn this card as a (d) action": ("burnable", "host", 0, 0, True),
    "the attached minion cannot play cards or cast votes or ballots and does not unlock as normal":
        ("host_restrict", ("cards", "votes", "no_unlock")),
    "during their unlock phase, they can burn 1 life or 1 blood to burn this card": ("host_burns_to_burn", 1),
    "burn this card if they enter combat": ("burn_if_host_in_combat",),
    "this vampire cannot be the target of directed actions, cannot perform actions except to burn this card, cannot "
    "block and cannot cast votes or ballots": ("host_restrict", ("untargetable", "no_actions_but_burn", "no_block", "votes")),
    "this vampire can burn this card as a +1 stealth action": ("burnable", "host", 1, 0, False),
    "this laibon may burn this card as a +1 stealth action to get +1 strength for the remainder of the game":
        ("burnable_for_strength", "host", 1, 1),
    "burn this card during the discard phase of your next turn": ("burn_at_next_turn_discard",),
    "put this card on the acting vampire; they become anarch and unlock": ("put_on_actor",),
    "if this vampire changes sects, burn this card": ("burn_if_sect_changes",),
    "during your next unlock phase, burn this card": ("burn_at_unlock",),
    "you may burn this card to cause an action directed at the location to fail": ("burn_fail_directed_at_host",),
    "you can burn this card to have an action directed at the attached location fail": ("burn_fail_directed_at_host",),
    "the vampire with this card gains 1 blood after each successful directed action he or she performs":
        ("host_blood_after_directed", 1),
    "as [aus][chi] above, but without the option to burn pool to unlock": ("no_unlock_for",),
    "while this akunanse is ready, your hand size is one card larger": ("host_ready_hand_size", 1),
    "reaction cards the attached vampire plays while locked are canceled as they are played (their cost must be paid "
    "still)": ("host_locked_reactions_canceled",),
    "burn this card if the attached vampire is in torpor": ("burn_if_host_torpor",),
    "this vampire gets 1 optional additional strike (limited) each round": ("host_extra_strike_each_round", 1),
    "when a vampire successfully takes an action directed at you, that vampire takes 1 unpreventable damage (after "
    "resolving the action)": ("damage_after_directed_at_controller", 1),
    "any vampire may burn this card (and take no damage from it) as a (d) action": ("burnable", "vampire", 0, 0, True),
    "you get +1 hand size": ("controller_hand_size", 1),
    "any vampire with a capacity above 4 may steal this card for his or her controller as a (d) action":
        ("stealable", "vampire", 5),
    _LOCK_SMP: ("lock_for_strength_maneuver_press", 1),   # (Monstrous Form's action mode, compiled as an action)
    "burn all other condemnation cards on this minion": ("burn_other_condemnations",),
    "as [dai] above, and if the attached minion is blocked, their controller burns 1 pool before block resolution":
        ("host_blocked_pool", 1),
    "bleed actions cost the attached minion +1 blood (allies cannot pay blood costs)": ("host_bleed_cost", 1),
    "as [dai] above, and the attached minion cannot press in combat": ("host_no_press",),
    "as [dai] above, and the attached vampire burns 1 blood after a referendum passes": ("host_burns_after_referendum", 1),
    "once each combat, you can burn 1 counter from this card to give a wraith or zombie ally you control 1 maneuver "
    "or press": ("counter_for_ally_maneuver_press", ("wraith", "zombie")),
    "if this vampire blocks a directed action, you can burn this card to inflict 2 unpreventable environmental damage "
    "on the acting minion before block resolution": ("burn_damage_blocked_actor", 2),
    "you can burn this card after a minion successfully bleeds you to inflict 2 unpreventable environmental damage on "
    "them": ("burn_damage_bleeder", 2),
    "the attached vampire can burn this card in combat to treat aggravated damage as normal damage until the end of "
    "combat": ("burn_agg_as_normal_combat",),
    "once each combat, the vampire with this card may treat 1 aggravated damage inflicted on him or her as normal "
    "damage": ("agg_as_normal_once_each_combat", 1),
}
#: reactions put on the acting minion: one exact clause -> its reading
_REACTION_EXACT: dict[str, tuple] = {
    "as above, and if this vampire blocks, put this card on the acting minion": ("put_on_actor_if_block",),
    "the attached minion gets -1 stealth when bleeding this reacting vampire's controller":
        ("host_stealth_vs_reactor", -1),
    "as above, and if this vampire blocks, put this card on the acting minion; you still control this card":
        ("put_on_actor_if_block", True),
    "during a bleed action against the controller of the attached minion, this reacting vampire can burn this card to "
    "get +1 bleed": ("burn_for_bleed_vs_host_controller", 1),
    "the hunting vampire gets +2 hunt this action and put this card on them; you still control this card":
        ("hunt_and_put", 2),
    "the attached vampire must burn 1 additional blood to announce a bleed action (if it is not canceled as played) "
    "against you": ("host_bleed_cost_vs_controller", 1),
    "any minion can burn this card as a +1 stealth action": ("burnable", "minion", 1, 0, False),
    "this reacting vampire gets +1 intercept when the vampire with this card attempts to bleed you":
        ("reactor_intercept_vs_host_bleed", 1),
    "the vampire with this card can burn this card as a (d) action": ("burnable", "host", 0, 0, True),
    "put this card on that vampire": ("put_on_actor_reaction",),
    "brujah antitribu get +1 strength in combat with the minion with this card": ("strength_vs_host", "brujah antitribu", 1),
    "any ready brujah antitribu may enter combat with this vampire as a (d) action":
        ("combat_with_host", "brujah antitribu", 0),
    "any sabbat vampire controlled by another methuselah may enter combat with the vampire with this card as a (d) "
    "action": ("combat_with_host", "sabbat vampire", 0),
    "any sabbat vampire can burn this card as a (d) action": ("burnable", "sabbat vampire", 0, 0, True),
    "burn this card if this minion goes to torpor": ("burn_if_host_torpor",),
    "this minion gets -1 bleed when bleeding you": ("host_bleed_vs_controller", -1),
    "any minion may burn this card as a +1 stealth (d) action": ("burnable", "minion", 1, 0, True),
    "cause an action directed at a location you control to fail and put this card on that location":
        ("fail_directed_at_location_put",),
    "you may burn this card to cause an action directed at this location to fail": ("burn_fail_directed_at_host",),
    "as above, and if this vampire does not block this action, put this card on them after action resolution":
        ("put_on_reactor_if_no_block",),
    "this vampire can burn this card to get +1 intercept": ("burn_for_intercept", 1),
}
_MOD = re.compile(r"^(?:the attached (?:minion|vampire|ally)|the (?:sabbat )?(?:minion|vampire) with this card) gets "
                  r"(?P<n>[+-]\d) (?P<stat>stealth|intercept|bleed|strength|votes)$")
_MOD2 = re.compile(r"^the attached (?:minion|vampire|ally) gets (?P<n>[+-]\d) (?P<stat>stealth|intercept|bleed) and "
                   r"(?P<n2>[+-]\d) (?P<stat2>stealth|intercept|bleed)$")
#: combat cards put on the opposing minion (the combat family puts them there): one exact clause -> its reading
_COMBAT_EXACT: dict[str, tuple] = {
    "during their unlock phase, the attached minion burns 1 blood or life": ("host_burn_at_unlock", 1),
    "minions can burn this card as a +1 stealth action": ("burnable", "minion", 1, 0, False),
    "place this card on the opposing minion": ("put_on_opponent_after_strike",),
    "after combat ends, put this card on this vampire": ("put_on_striker_after_combat",),
    "this vampire can burn this card to get +1 stealth": ("burn_for_stealth", 1, "any action"),
    "the attached minion gets -1 stealth": ("host_mod", "stealth", -1),
    "as above, but the attached minion minion gets -2 stealth": ("host_mod", "stealth", -2),
    "the attached minion gets -1 strength (after the current strike resolution step)": ("host_mod", "strength", -1),
    "the attached minion gets -1 strength (this does not affect the current strike resolution)":
        ("host_mod", "strength", -1),
    "as above, but the attached minion gets -2 strength": ("host_mod_replace", "strength", -2),
    "the minion with this card has -1 strength": ("host_mod", "strength", -1),
    "burn this card during his or her controller's next discard phase": ("burn_at_host_discard",),
    "as [thn] above, and the minion with this card cannot play cards that require any disciplines":
        ("host_no_cards", "discipline"),
    "the attached minion can burn this card as a +1 stealth action": ("burnable", "host", 1, 0, False),
    "the attached minion can burn this card as a +1 stealth action that costs 2 blood (allies cannot pay blood costs)":
        ("burnable", "host", 1, 2, False),
    "any vampire can burn this card as a +1 stealth action": ("burnable", "vampire", 1, 0, False),
    "as above, and the attached minion burns 1 blood or life during their unlock phase": ("host_burn_at_unlock", 1),
    "the attached minion cannot act or block": ("host_no_act_block",),
    "burn this card at the end of the turn": ("burn_end_of_turn",),
    "when this striking vampire announces an action, you may burn this card to prevent this minion from blocking":
        ("burn_no_block_vs_striker",),
    "as [thn] above, and this striking vampire gets +1 bleed when bleeding this minion's controller":
        ("striker_bleed_vs_host_controller", 1),
    "this vampire can burn this card to prevent 2 non-aggravated damage in combat": ("burn_to_prevent", 2, "normal"),
    "as above, but to prevent 2 damage in combat": ("burn_to_prevent", 2, "any"),
}
_STRIKE_PUT = re.compile(r"^strike: .+ and put this card on the opposing minion$")


def _who(np: str) -> tuple | None:
    m = _NP.match(np)
    if not m:
        return None
    nouns = (m.group("noun"),) + ((m.group("alt"),) if m.group("alt") else ())
    adjs = tuple(a.replace("black hand", "black_hand") for a in re.findall(r"black hand|\S+", m.group("adj")))
    ctrl = "self" if m.group("own") else "not actor" if m.group("notme") else _CTRL[m.group("ctrl")]
    return nouns, adjs, ctrl


#: action modifiers that stay on the acting vampire: one exact clause -> its reading
_AM_EXACT: dict[str, tuple] = {
    "put this card on this acting vampire": ("put_on_actor",),
    "minions without auspex [aus] cannot perform actions directed at the vampire with this card":
        ("no_directed_unless", "aus"),
    "minions without auspex [aus] cannot perform actions directed at this vampire": ("no_directed_unless", "aus"),
    "burn this card during your next unlock phase": ("burn_at_unlock",),
    "during your unlock phase, burn this card": ("burn_at_unlock",),
    "during any action after this one, this vampire can burn this card to get +1 stealth":
        ("burn_for_stealth", 1, "later action"),
    "during an action directed at the same methuselah or same set of methuselahs, this vampire can burn this card to "
    "get +1 stealth": ("burn_for_stealth", 1, "same target"),
    "during an action directed at the same methuselah (or same set of methuselahs), this vampire may burn this card "
    "to get +1 stealth": ("burn_for_stealth", 1, "same target"),
    "as above, but for +2 stealth": ("burn_stealth_is", 2),
    "as above, and if the bleed is successful (for 1 or more), you can put this card on this vampire after action "
    "resolution": ("put_on_actor_if_bleed_succeeds",),
    "this vampire can burn this card during a bleed action they perform to have a block attempt fail; the blocking "
    "minion cannot attempt to block this action again": ("burn_fail_block_attempt",),
    "actions directed at this attached vampire cost +1 blood or life": ("directed_at_host_cost", 1),
    "burn this card during your unlock phase": ("burn_at_unlock",),
    "toreador get +1 stealth": ("in_play_clan_stealth", "toreador", 1),
    "this vampire is considered anarch": ("host_considered_sect", "anarch"),
    "burn this card if this vampire changes sect": ("burn_if_sect_changes",),
    "burn this card at the end of the turn or after a toreador performs a successful action":
        ("burn_end_of_turn_or_success", "toreador"),
    "you can burn this card during the polling step of a political action to get +2 votes": ("burn_for_votes", 2),
    "during your minion phase, you can burn 1 pool to unlock a ready anarch you control": ("pool_to_unlock", "anarch", 1),
}
#: "Put this card in play" (an action modifier the engine keeps in play)
_AM_IN_PLAY = "put this card in play"


_KHOLO_PUT = re.compile(r"^put this card on this laibon (?P<c>[a-z]+) to represent the unique laibon title of (?P=c) kholo "
                        r"\(worth 2 votes\)$")
_KHOLO_MOVE = re.compile(r"^whenever this vampire is not a ready laibon (?P<c>[a-z]+) or there is an older ready untitled laibon "
                         r"(?P=c), move this card to \(one of\) the oldest ready untitled laibon (?P=c) \(if any\)$")


@lru_cache(maxsize=4096)
def _read(kind: str, text: str, types: tuple[str, ...]) -> tuple | None:
    if types == ("Action Modifier", "Reaction"):   # the Laibon titles (Akunanse Kholo ...)
        t = " ".join(text.lower().split()).rstrip(".")
        m = _KHOLO_PUT.match(t) if kind == "put_in_play" else _KHOLO_MOVE.match(t) if kind == "move" else None
        return None if m is None else ("kholo_title" if kind == "put_in_play" else "kholo_moves", m.group("c"))
    if types == ("Action Modifier",):
        got = _AM_EXACT.get(" ".join(text.lower().split()).rstrip("."))
        if got is None or (got[0] == "put_on_actor") != (kind == "put_in_play"):
            return None
        if got[0] == "in_play_clan_stealth" and kind != "modifier":
            return None
        if got[0] == "put_on_actor_if_bleed_succeeds" and kind != "put":
            return None
        return None if got[0] == "burn_stealth_is" and kind != "stealth" else got
    if types == ("Reaction",):
        return _REACTION_EXACT.get(" ".join(text.lower().split()).rstrip("."))
    if types == ("Combat",):
        t = " ".join(text.lower().split()).rstrip(".")
        if kind == "put_in_play" and _STRIKE_PUT.match(t):
            return ("put_on_opponent_after_strike",)
        got = _COMBAT_EXACT.get(t)
        if got is not None and got[0] == "put_on_striker_after_combat" and kind != "put":
            return None
        return None if got is not None and got[0] == "put_on_opponent_after_strike" and kind != "place" else got
    if types == ("Action", "Combat"):   # the action mode of an action and combat card (Monstrous Form)
        t = " ".join(text.lower().split()).rstrip(".")
        return ("lock_for_strength_maneuver_press", 1) if kind == "lock" and t == _LOCK_SMP else None
    if types not in (("Action",), ("Action", "Reaction")):   # (Draba: its action mode)
        return None
    t = " ".join(text.lower().split()).rstrip(".")
    if t.startswith("(d) put this card on "):
        m = _PUT_D.match(t)
        who = _who(m.group("np")) if m else None
        if who is None:
            return None
        if kind == "put_in_play":
            return ("attach_to",) + who
        if kind == "control" and m.group("still"):
            return ("attach_still_control",)
        if kind == "lock" and m.group("lock"):
            return ("attach_lock",)
        return None
    if kind == "become" and t == "put this card on the acting vampire; they become anarch and unlock":
        return ("become_anarch_unlock",)
    got = _EXACT.get(t)
    if got is not None:
        return got
    if kind == "put_in_play" and _PUT_ACTOR.match(t):
        return ("put_on_actor",)
    m = _PUT_ND.match(t) if kind in ("put_in_play", "unlock") else None
    who = _who(m.group("np")) if m else None
    if who is not None and who[2] in ("", "self", "not actor"):
        if kind == "unlock":
            return ("unlock_actor_after_put",) if m.group("unlock") else None
        return ("attach_to",) + who + (False,)   # not a (D) action: the minion may be the player's own
    if m and kind == "put_in_play" and m.group("np") == "a location you control":
        return ("attach_to", ("location",), (), "self", False)
    if kind == "put_in_play" and t == "put this card into play":
        return ("put_in_play_self",)
    m = re.fullmatch(r"put this card in play with (\d) counters?", t) if kind == "put_in_play" else None
    if m:
        return ("put_in_play_counters", int(m.group(1)))
    m = _MOD.match(t) if kind in ("stealth", "intercept", "bleed", "strength", "votes") else None
    if m and m.group("stat") == kind:
        return ("host_mod", kind, int(m.group("n")))
    m = _MOD2.match(t) if kind in ("stealth", "intercept", "bleed") else None
    if m and kind in (m.group("stat"), m.group("stat2")):   # "-1 stealth and -2 intercept": one reading per stat
        return ("host_mod", kind, int(m.group("n") if m.group("stat") == kind else m.group("n2")))
    return None


def reading(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """What the engine does for *e* (a clause of a card of *types*), or None if this family does not read it."""
    if not e.text:
        return None
    return _read(e.kind, e.text, tuple(types))


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    return reading(e, types) is not None


def claims(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """The reading of *e* when this family is the one that resolves it (`effects.owner`), else None."""
    from vtes_desktop.cards.grammar import effects

    return effects.claimed(e, types, reading(e, types), "auto_attached")
