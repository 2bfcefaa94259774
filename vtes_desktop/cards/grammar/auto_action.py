"""Effects of the action family that the engine resolves, beyond the core ones in `effects.automated`.

`automated(e, types)` answers True only for an effect the engine carries out by itself; each True here is
backed by engine code and a scenario that proves it.

`reading(e, types)` names what the engine does with an effect of an action modifier or reaction (the name of
its handler in `vtes_desktop.engine.effects_action`), or None when the effect is left to the players. The
engine dispatches on the same reading, so a flag set here and the engine's behaviour cannot drift apart.
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar.lexicon import CLANS
from vtes_desktop.cards.grammar.model import Effect

_MINE = frozenset({"Action Modifier", "Reaction"})

#: "+N <stat> if/with an additional ... if <condition>": conditions the engine can decide
CONDITIONS = (
    re.compile(r"^if the acting (?:minion|vampire) is (?P<titled>titled)$"),
    re.compile(r"^if this (?:vampire|minion|[a-z]+) is (?P<self_titled>titled)$"),
    re.compile(r"^if the target methuselah has (?P<pool>\d+) or fewer pool$"),
    re.compile(r"^if (?:this|the acting) (?:vampire|minion) is (?:an? )?(?P<clan>[a-z' \-]+)$"),
    re.compile(r"^if the acting (?:minion|vampire) has any (?P<corrupt>corruption) counters$"),     # Sense the Sin
)

_EXCLUSIVE = re.compile(r"^this card and (?:cards named )?/?(?P<name>[^/]+?)/? cannot both be played "
                        r"(?:during|on) the same action\.?$", re.I)

_TEXTS: dict[str, re.Pattern] = {
    # the block attempt fails, and the blocking minion may not try again this action
    "attempt_fails": re.compile(r"^(?:that attempt fails and the blocking (?:minion|vampire)|the block attempt fails, "
                                r"and that [a-z]+ vampire) cannot attempt to block this action again\.?$"),
    "attempt_fails_young": re.compile(r"^if an ally or younger vampire is currently attempting to block this action, "
                                      r"that attempt fails and the blocking minion cannot attempt to block this action "
                                      r"again\.?$"),
    "block_fails": re.compile(r"^the block fails, and the action continues\.?$"),
    "fail_for_blood": re.compile(r"^burn 1 blood to have that attempt fail; the blocking minion cannot attempt to "
                                 r"block this action again\.?$"),
    "fail_for_lock": re.compile(r"^lock this modifying vampire to have that attempt fail; the blocking minion cannot "
                                r"attempt to block this action again\.?$"),
    "no_retry": re.compile(r"^the blocking minion cannot attempt to block this action again\.?$"),
    # Faceless Night: failed blockers lock before the action resolves
    "fail_lock": re.compile(r"^as above, and minions who attempt to block this action and fail become locked before "
                            r"action resolution\.?$"),
    # Forced Awakening: a woken vampire that does not block burns 1 blood as the action resolves
    "burn_unless_block": re.compile(r"^if they do not block this action, they burn 1 blood before action "
                                    r"resolution\.?$"),
    # a locked vampire unlocks and attempts to block
    "unlock_and_block": re.compile(r"^this (?:vampire|[a-z]+) unlocks and attempts to block"
                                   r"(?: with \+(?P<n>\d) intercept, even if intercept is not yet needed)?\.?$"),
    # Eagle's Sight, Falcon's Eye: a block attempt outside the usual blockers (the engine's `attempt`)
    "attempt_anyway": re.compile(r"^this (?:reacting )?vampire attempts to block the current action, ignoring the "
                                 r"normal prey, predator or target restrictions for blocking actions\.?$"),
    # no block from vampires (Day Operation, Daring the Dawn)
    "vampires_cannot_block": re.compile(r"^vampires cannot block this action\.?$"),
    "torpor_after": re.compile(r"^the acting vampire goes to torpor after resolving the action\.?$"),
    "aggravated_after": re.compile(r"^(?:as above, but )?this vampire takes (?P<n>\d) unpreventable environmental "
                                   r"aggravated damage(?: after action resolution)?\.?$"),
    # On the Qui Vive: an ally that played it stays locked through its next unlock phase
    "ally_skips_unlock": re.compile(r"^if this minion is an ally, they do not unlock as normal during their next "
                                    r"unlock phase\.?$"),
    # Delaying Tactics, in a referendum's polling step
    "cancel_referendum": re.compile(r"^cancel the referendum\.?$"),
    "return_pa_card": re.compile(r"^if (?:a political action card \[political action\] was played|you played a political "
                                 r"action card) to call this referendum, "
                                 r"return it to its owner's hand \(discard down afterward\)\.?$"),
    "no_repeat_political": re.compile(r"^minions controlled by the acting methuselah cannot perform the same political "
                                      r"action again this turn\.?$"),
    # Seduction, Approximation of Loyalty: a chosen minion cannot block this action
    "choose_younger": re.compile(r"^choose a younger vampire\.?$"),
    "choose_any": re.compile(r"^as above, but choose any vampire\.?$"),
    "choose_small_or_ally": re.compile(r"^choose a vampire with capacity (?P<n>\d+) or less or an ally\.?$"),
    "chosen_cannot_block": re.compile(r"^(?:the chosen (?:vampire|minion)|that minion) cannot block this action\.?$"),
    # a maneuver in the combat that follows a block by this vampire
    "grant_if_blocks": re.compile(r"^as (?:\[[a-z]{3}\] )?above, with 1 optional maneuver during the resulting combat if this vampire "
                                  r"blocks\.?$"),
    "quicken_sight": re.compile(r"^\+1 intercept, with an optional maneuver in the resulting combat if this vampire "
                                r"successfully blocks\.?$"),
    # Deep Ecology [pro]
    "burn_to_unlock": re.compile(r"^this vampire burns 1 blood to unlock\.?$"),
    # Forced March [CEL][FOR]
    "unlock_after_success": re.compile(r"^after action resolution, if the action was successful, this vampire can burn 1 "
                                       r"blood to unlock\.?$"),
    # Redirection [DOM]: the timing check reads it (any bleeder's age)
    "any_age": re.compile(r"^as above, but the acting vampire can be the same age or older\.?$"),
    # Monkey Wrench
    "x_range": re.compile(r"^x must be 1, 2 or 3\.?$"),
    # The Kiss of Ra
    "kiss_of_ra": re.compile(r"^the block attempt is canceled, the blocking vampire burns 2 blood, and the current "
                             r"action is ended \(without combat\)\.?$"),
    "blocker_to_torpor": re.compile(r"^as above, and send the blocking vampire to torpor\.?$"),
    # Mirror Walk [THA]
    "end_if_blocked": re.compile(r"^as above, and if this action is blocked, lock the blocking minion and end the "
                                 r"action before block resolution\.?$"),
    # Obedience
    "unlock_acting_and_end": re.compile(r"^unlock the acting vampire and end the action\.?$"),
    "acting_no_repeat": re.compile(r"^\(do not lock this vampire if they are blocking\.\) the acting vampire cannot "
                                   r"perform the same action this turn\.?$"),
    # Voter Captivation (played after a political action whose referendum passed)
    "votes_margin_blood": re.compile(r"^this vampire gains 1 blood for each vote by which the referendum passed\.?$"),
    "margin_to_pool": re.compile(r"^as above, but move up to 2 of those blood to your pool instead of this vampire\.?$"),
    # Awe (cost X blood): votes from X
    "x_votes": re.compile(r"^this vampire gets \+(?:2)?x\+1 votes\.?$"),
    # Organized Resistance's second use
    "anarch_unlock_block": re.compile(r"^also usable to unlock a locked anarch you control; that anarch attempts to "
                                      r"block with \+1 intercept, even if intercept is not yet needed\.?$"),
    # -1 intercept for a class of blockers, this action
    "class_intercept": re.compile(r"^(?:allies and younger vampires|vampires with capacity \d+ or less|minions without "
                                  r"necromancy \[nec\] or obtenebration \[obt\]|allies) get -1 intercept"
                                  r"(?: this action)?\.?$"),
    "reactions_not_replaced": re.compile(r"^as above, and those cards are not replaced until the end of the "
                                         r"action\.?$"),
    # Safe Passage [obe], Consign to Oblivion [obl]: every reaction card played this action costs more
    "reactions_cost": re.compile(r"^(?:as \[for\] above, and )?reaction cards cost \+1 blood or life(?: this action)?"
                                 r"\.?$"),
    # Hag's Wrinkles, Shroud Mastery
    "unlock_if_success": re.compile(r"^unlock this vampire after action resolution if this action is successful\.?$"),
    # Fata Morgana, Revelation of the Serpent: one of two options, named by the play's choice
    "bleed_or_stealth": re.compile(r"^\+1 bleed \(limited\), or \+1 stealth and \+1 bleed \(limited\)\.?$"),
    # Aura Absorption
    "burn_for_intercept": re.compile(r"^this (?:vampire|laibon) burns 1 blood to get \+1 intercept\.?$"),
    # Read the Winds: the blocker stays unlocked
    "no_lock_for_block": re.compile(r"^this vampire (?:does not lock for the block|doesn't lock for successfully "
                                    r"blocking)\.?$"),
    # a cost to attempt to block this action
    "block_cost": re.compile(r"^(?:as above, and minions without [a-z]+ \[(?P<disc>[a-z]{3})\] must burn 1 blood to "
                             r"attempt to block \(allies cannot burn blood\)|vampires must burn 1 blood to attempt to "
                             r"block this action)\.?$"),
    # Lost in Translation
    "choose_new_target": re.compile(r"^choose another methuselah other than the acting minion's controller\.?$"),
    "now_bleeding_chosen": re.compile(r"^the acting minion is now bleeding the chosen methuselah\.?$"),
    # Gift of Sleep [obe]
    "lock_ally_and_end": re.compile(r"^lock that ally and end the action\.?$"),
    "no_lock_if_blocking": re.compile(r"^do not lock this vampire if they are blocking\.?$"),
    # Psychomachia [DAI]
    "blocker_damage": re.compile(r"^as \[dai\] above, and the blocking minion takes 1 unpreventable environmental "
                                 r"damage\.?$"),
    # Rat's Warning [ANI]
    "press_if_blocks": re.compile(r"^as above, with 1 optional press during the resulting combat if this vampire "
                                  r"blocks\.?$"),
    # Ecstasy [SER]
    "ecstasy": re.compile(r"^as above, and after action resolution, if the bleed resolved for 0 \(or less\), the "
                          r"acting minion burns 1 blood or life\.?$"),
    # Spying Mission [OBF]
    "spying_instead": re.compile(r"^instead, the bleed burns no pool, is unsuccessful, and this card is put on this "
                                 r"vampire\.?$"),
    "spying_later": re.compile(r"^the next time this vampire is about to successfully bleed the same methuselah, burn "
                               r"this card and this vampire gets \+2 bleed\.?$"),
    # Command of the Beast [DOM]
    "bleed_unlimited": re.compile(r"^\+(?:1 bleed that does not count|(?P<n>\d) bleed, not counting) against the "
                                  r"limit\.?$"),
    # Second Tradition: Domain's second use (by a locked prince or justicar)
    "burn_unlock_block": re.compile(r"^this vampire burns 1 blood to unlock and attempt to block with \+(?P<n>\d) "
                                    r"intercept, even if intercept is not yet needed\.?$"),
    # Fillip
    "choose_younger_locked": re.compile(r"^choose a younger locked vampire you control\.?$"),
    "chosen_wakes": re.compile(r"^the chosen vampire can play reaction cards and attempt to block as though unlocked "
                               r"until the current action is concluded\.?$"),
    # a few single-clause cards
    "reduce_bleed_amount": re.compile(r"^reduce the bleed amount by (?P<n>\d)\.?$"),
    "lock_to_fail": re.compile(r"^lock this vampire to cause the action to fail\.?$"),
    "blood_to_fail": re.compile(r"^burn (?P<n>\d) blood to have the action fail\.?$"),
    "fail_and_torpor": re.compile(r"^the action fails and the acting vampire goes to torpor\.?$"),
    "allies_cannot_block": re.compile(r"^(?:allies cannot block this action|this (?:anarch|acting minion) cannot be "
                                      r"blocked by allies (?:this action|until the end of this action))\.?$"),
    "blocker_burns": re.compile(r"^the blocking minion burns (?P<n>\d) blood or life\.?$"),
    "predator_burns_pool": re.compile(r"^your predator burns (?P<n>\d) pool\.?$"),
    "actor_controller_burns_pool": re.compile(r"^the controller of the acting vampire burns (?P<n>\d) pool\.?$"),
    "blood_and_pool": re.compile(r"^this vampire gains 1 blood and you gain 1 pool\.?$"),
    "gain_edge": re.compile(r"^you gain the edge\.?$"),
    "exclusive_vampire": re.compile(r"^a vampire cannot play both this card and (?:cards named )?/?(?P<name>[^/]+?)/? "
                                    r"during the same action\.?$"),
    "unblockable": re.compile(r"^this action is unblockable\.?$"),
    "unlock_black_hand_actor": re.compile(r"^unlock the acting black hand vampire\.?$"),
    "frame_votes": re.compile(r"^(?:this reacting vampire|this kiasyd|this vampire) gains (?P<n>\d) votes?\.?$|"
                              r"^gain (?P<m>\d) votes\.?$"),
    # Precognition [AUS]: a prevention for the first round of the combat that follows the block
    "prevent_first_round": re.compile(r"^as above, and this vampire can prevent 1 damage during the first round of the "
                                      r"resulting combat if they block\.?$"),
    # Alacrity [CEL]: the combat frame's grants last its first round
    "actor_maneuver_if_blocked": re.compile(r"^as above, and if this action is blocked, this acting vampire gets an "
                                            r"optional maneuver during the first round of the resulting combat\.?$"),
    # Horrific Countenance
    "unlock_blocker": re.compile(r"^unlock the blocking minion\.?$"),
    "not_blocked_unblockable": re.compile(r"^this action is not blocked, and it is now unblockable\.?$"),
    # Visions of Zapathasura [OBF][PRE]
    "lock_to_zero_bleed": re.compile(r"^lock this vampire to reduce a bleed against you to 0\.?$"),
    "can_still_increase": re.compile(r"^the acting minion can still increase the bleed amount\.?$"),
    # Paths in Two Worlds [OBL]
    "burn_unlock_if_success": re.compile(r"^as above, and if the action is successful, this vampire can burn 1 blood to "
                                         r"unlock after action resolution\.?$"),
    # Change of Target, Psychomachia: the action ends before the block resolves
    "ends_unsuccessfully": re.compile(r"^the action ends \(unsuccessfully\)\.?$"),
    "unlock_and_end": re.compile(r"^unlock this vampire, and the action ends \(unsuccessfully\)\.?$"),
    "no_repeat": re.compile(r"^this minion cannot perform the same action again this turn\.?$"),
    # -- second pass --
    # Mental Maze [obf], Voice of Madness: the reacting blocker locks and the action ends before the block resolves
    "lock_and_end": re.compile(r"^lock this vampire and end the action\.?$"),
    "actor_burns_blood_or_life": re.compile(r"^as above, and the acting minion burns 1 blood or life\.?$"),
    # a chosen minion (Recurring Contemplation, Nightshades, Psalm of the Damned, Unleashing the Bestial Soul)
    "choose_ally": re.compile(r"^choose an ally\.?$"),
    "choose_ally_or_younger": re.compile(r"^(?:as \[pre\] above, but )?choose an ally or younger vampire\.?$"),
    "choose_minion": re.compile(r"^choose a minion\.?$"),
    "chosen_cannot_block_too": re.compile(r"^as \[mal\] above, and the chosen minion cannot block this action\.?$"),
    "chosen_no_reactions": re.compile(r"^(?:as above, and )?the chosen (?:minion|vampire) cannot play reaction cards"
                                      r"(?: \(including \[reaction\] abilities of power cards\))?(?: during)? this "
                                      r"action\.?$"),
    "burn_to_lock_chosen": re.compile(r"^as \[tem\] above, and burn 1 blood to lock the chosen minion\.?$"),
    # optional later uses during the action, made with `use` naming the vampire and the card
    "later_intercept": re.compile(r"^(?P<once>once this action|during this action), this (?:vampire|gangrel) can burn 1 "
                                  r"blood to get \+1 intercept\.?$"),
    "later_minus_intercept": re.compile(r"^once this action, this vampire may burn 1 blood to give an ally or younger "
                                        r"vampire -1 intercept\.?$"),
    # Eyes of the Wild, Ministry: a reacting vampire that does not block locks after the action resolves
    "lock_unless_blocks": re.compile(r"^(?:lock this gangrel after action resolution if they did not block this action|"
                                     r"if this vampire does not block this action, lock them after action resolution|"
                                     r"if this vampire does not successfully block this action, he or she is locked "
                                     r"after action resolution)\.?$"),
    # Foul Blood [qui]: while a hunt would succeed
    "foul_blood": re.compile(r"^the acting vampire gets -1 hunt and, after action resolution, takes 1 unpreventable "
                             r"environmental damage\.?$"),
    # Touch of Pain: after a successful bleed against you (or a referendum that passed)
    "inflict_on_actor": re.compile(r"^this vampire inflicts 1 damage on the acting minion\.?$"),
    # Unleashing the Bestial Soul [DOM]
    "reaction_surcharge": re.compile(r"^as above, and the next reaction card played this action costs \+1 blood or "
                                     r"life\.?$"),
    # block costs and classes of blockers (Unthinkable Humiliation, Seeds of Terror, Notorious Brutality, Zapaderin)
    "minions_block_cost": re.compile(r"^minions must burn 1 (?P<what>blood or life|blood) to attempt to block this "
                                     r"action\.?$"),
    "minions_minus_intercept": re.compile(r"^as above, and minions get -1 intercept\.?$"),
    "choose_vampire": re.compile(r"^(?:as above, and )?choose a vampire\.?$"),
    "small_cannot_block": re.compile(r"^non-infernal vampires with capacity less than (?P<n>\d+) cannot block this "
                                     r"action\.?$"),
    "younger_than_me_intercept": re.compile(r"^allies and vampires younger than this modifying [a-z]+ get -1 "
                                            r"intercept\.?$"),
    # Council of Seraphim
    "sabbat_attempt_fails": re.compile(r"^if a sabbat vampire is attempting to block, that block attempt fails \(do not "
                                       r"lock that vampire\)\.?$"),
    "that_vampire_cannot_block": re.compile(r"^that vampire cannot block this action\.?$"),
    "otherwise_minus_intercept": re.compile(r"^otherwise, the blocking minion gets -1 intercept\.?$"),
    # bleeds reduced (Folderol, Nest of Eagles, Keep it Simple)
    "burn_reduce_bleed": re.compile(r"^this vampire burns 1 blood to reduce a bleed against you by 1\.?$"),
    "reduce_any_bleed": re.compile(r"^reduce a bleed against any methuselah by 1\.?$"),
    "nest_instead": re.compile(r"^if the acting minion is an ally or vampire with capacity 5 or less, reduce the bleed "
                               r"amount by 3 instead\.?$"),
    "reduce_by_stealth": re.compile(r"^reduce a bleed against you by 1 for each point of stealth the acting minion has "
                                    r"when this card is played\.?$"),
    # Babble [DEM]
    "lock_to_unlock_other": re.compile(r"^lock this vampire to unlock another ready minion\.?$"),
    # Mirror's Visage [chi]
    "unlock_lock_blocker_end": re.compile(r"^unlock this vampire, lock the blocking minion, and end the action\.?$"),
    "no_more_actions": re.compile(r"^this vampire cannot perform actions again this turn\.?$"),
    # a card canceled as it is played (Touch of Clarity, Ophidian Gaze, Iron Heart, Approximation of Loyalty...)
    "cancel_played": re.compile(
        r"^(?:as \[[a-z]+\](?:\[[a-z]+\])? above, but )?cancel (?:an? )?(?P<what>non-combat card|action card or action "
        r"modifier card|action modifier card|action card(?= as it is played and lock)|"
        r"action modifier|reaction card)(?: played by a vampire with capacity (?P<cap>\d+) or less or an ally)?"
        r"(?: (?:that requires|requiring) (?P<discs>[^.]*?))?(?: as it is played|(?<=\]))(?P<by> by a younger vampire "
        r"without "
        r"[a-z]+ \[(?P<without>[a-z]{3})\])?(?P<free>,? and its cost is not paid| \(no cost is paid\))?"
        r"(?P<paid> \(cost must be paid\))?(?P<lock> and lock the acting minion)?\.?$"),
    "cancel_no_effect": re.compile(r"^that card has no effect\.?$"),
    # corruption counters (effects_action.corruption): Sense the Sin, Weigh the Heart, Revelation of Desire,
    # Revelation of the Serpent, Enchanting Gaze
    "corrupt_blocker": re.compile(r"^put 1 corruption counter on the blocking minion\.?$"),     # Venenation
    "corrupt_actor": re.compile(r"^put 1 corruption counter on the acting minion\.?$"),     # Revelation of Despair
    "corrupt_steal": re.compile(r"^if the number of your corruption counters on the minion equals or exceeds their "
                                r"capacity or cost, you can burn those counters to steal the (?:blocking|target) "
                                r"minion(?: \(combat does not occur\))?\.?$"),
    "actor_burns_one": re.compile(r"^the acting minion burns 1 blood or life\.?$"),     # Revelation of Despair [ser]
    "velvet_corrupt": re.compile(r"^put 1 corruption counter on a minion casting votes or ballots in this "
                                 r"referendum\.?$"),     # Velvet Tongue [ser]
    "velvet_no_votes": re.compile(r"^minions with any corruption counters cannot cast votes or ballots during this "
                                  r"referendum\.?$"),     # Velvet Tongue [SER]
    "pseudo_blind": re.compile(r"^as above, and the acting minion cannot use cards requiring chimerstry or obfuscate "
                               r"during the resulting combat if this vampire blocks\.?$"),     # Pseudo-Blindness [CHI]
    # a referendum that passes on its own (effects_action.AUTO_PASS): Cryptic Rider, Malkavian Rider Clause
    "auto_pass_this_turn": re.compile(r"^the next referendum a vampire you control calls this turn passes "
                                      r"automatically\.?$"),
    "auto_pass_if_passes": re.compile(r"^if the referendum passes, the next referendum a vampire you control calls "
                                      r"passes automatically \(skip the polling step\)\.?$"),
    "disarming": re.compile(r"^when a vampire votes in this referendum, lock him or her\.?$"),    # Disarming Presence
    "resonance": re.compile(r"^\+1 stealth, and once this action, this vampire can burn 1 blood to use the \[chi\] "
                            r"effect above\.?$"),     # False Resonance [CHI]
    # Walk through Arcadia: a coin decides
    "coin_flip": re.compile(r"^flip a coin\.?$"),
    "coin_heads_unblockable": re.compile(r"^if it is heads, this action is unblockable\.?$"),
    "coin_tails_damage": re.compile(r"^if it is tails, this vampire takes 1 unpreventable environmental damage\.?$"),
    # several Disciplines in one play (effects_action.combined_mode): Memory Rift, Ni Dieu ni Maître
    "multi_discipline": re.compile(r"^more than one discipline can be used to play this card\.?$"),
    "choose_titled_or_younger": re.compile(r"^choose a titled vampire or a younger vampire\.?$"),
    "memory_strike": re.compile(r"^if this action is blocked, this anarch can strike: combat ends during the first "
                                r"round of the resulting combat\.?$"),
    "blocked_no_maneuver": re.compile(r"^if this action is blocked, the opposing minion cannot maneuver during the "
                                      r"resulting combat\.?$"),
    # Guardian Vigil (more than one Discipline): the reacting Anarch's own block attempt
    "anarch_attempts_block": re.compile(r"^this anarch attempts to block\.?$"),
    "anarch_maneuver_if_blocks": re.compile(r"^this anarch gets 1 optional maneuver during the resulting combat if they "
                                            r"block\.?$"),
    "anarch_no_lock_block": re.compile(r"^this anarch does not lock for blocking this action\.?$"),
    "corrupted_minus_intercept": re.compile(r"^minions with any corruption counters get -1 intercept\.?$"),
    "corrupt_after_success": re.compile(r"^after action resolution, if this action was successful, put 1 corruption "
                                        r"counter on a minion controlled by \(any of\) the target methuselah\(s\)\.?$"),
    "corruption_for_bleed": re.compile(r"^burn 1 of your corruption counters from a minion controlled by the target "
                                       r"methuselah to get \+3 bleed against that methuselah \(limited\)\.?$"),
    "corruption_unlock": re.compile(r"^as above, and if the bleed is successful, this vampire can burn 2 of your "
                                    r"corruption counters from a minion controlled by the target methuselah to "
                                    r"unlock\.?$"),
    "corruption_block_fails": re.compile(r"^as above, and once this action, you can burn 1 of your corruption counters "
                                         r"from a blocking minion to have their block attempt fail, and they cannot "
                                         r"attempt to block this action again\.?$"),
    "cancel_free": re.compile(r"^no cost is paid\.?$"),
    "no_more_modifiers": re.compile(r"^no more action modifiers can be played on this action\.?$"),
    # the action fails or ends (Faerie Wards, Purification, Unseen Hibernation; Bloodstorm of Chorazin)
    "action_fails": re.compile(r"^the action fails\.?$"),
    "action_ends": re.compile(r"^the action ends\.?$"),
    "bloodstorm": re.compile(r"^this [a-z]+ inflicts 1 unpreventable damage on the acting minion and each retainer on "
                             r"the acting minion\.?$"),
    "actor_skips_unlock": re.compile(r"^as \[[a-z]+\] above, and the acting minion does not unlock as normal during "
                                     r"their next unlock phase\.?$"),
    # Zephyr [cel]
    "unlock_end_of_turn": re.compile(r"^unlock this vampire at the end of the turn\.?$"),
    # Funeral Wake
    "unlock_dead_allies": re.compile(r"^unlock (?:a|up to two) mummy, wraith,? (?:or|and/or) zombie all(?:y|ies) you "
                                     r"control\.?$"),
    # Stone Travel [MYT]: decided as it is played (the blocker is known then)
    "may_cancel_combat": re.compile(r"^as \[myt\] above, and this vampire can choose to cancel the resulting combat if "
                                    r"this action is blocked\.?$"),
    # Car Bomb, as the action is announced
    "car_bomb": re.compile(r"^if the acting minion has a vehicle, the action fails, the vehicle is burned, and the "
                           r"acting minion takes 2 damage \(not preventable\)\.?$"),
    "otherwise_minus_stealth": re.compile(r"^otherwise, the action gets -1 stealth\.?$"),
    # Smoke and Mirrors [chi]
    "stealth_and_maneuver": re.compile(r"^\+1 stealth, with 1 optional maneuver during the resulting combat if this "
                                       r"action is blocked\.?$"),
    # Shadow Sentinel [OBL]
    "choose_locked_dead_ally": re.compile(r"^choose a locked wraith or zombie ally you control\.?$"),
    # Truth in Darkness [OBL]: a later use, once the block has resolved
    "unlock_after_block": re.compile(r"^as above, and if this vampire blocks, they can burn 1 blood to unlock after block "
                                     r"resolution\.?$"),
    # Clan Loyalty: once this vampire is blocked by a vampire of its clan, before combat
    "cancel_block": re.compile(r"^cancel the block and combat\.?$"),
    "clan_no_block_turn": re.compile(r"^the action continues as normal, and no vampires of that clan may block the acting "
                                     r"vampire for the remainder of the turn\.?$"),
    # Bind the Night-Walker
    "ends_no_cost": re.compile(r"^the action ends \(unsuccessfully\), and no cost is paid\.?$"),
    # Leverage
    "burn_edge_bleed": re.compile(r"^burn the edge to get \+1 bleed that does not count against the limit\.?$"),
    "no_edge_gain": re.compile(r"^you cannot gain the edge this action\.?$"),
    "edge_burned_instead": re.compile(r"^if you would get the edge, it is burned instead\.?$"),
    # Stealth Ritus, as the action is announced
    "choose_other_sabbat": re.compile(r"^choose another ready sabbat vampire you control\.?$"),
    "chosen_burns_or_nothing": re.compile(r"^the chosen vampire burns 1 blood, or this card has no effect\.?$"),
    "action_stealth_needless": re.compile(r"^this action gets \+1 stealth, even if stealth is not yet needed\.?$"),
    # Innocent Bystander
    "remove_crypt_top": re.compile(r"^remove the top card of that methuselah's crypt from the game\.?$"),
    # the range of the combat that follows a block (Gang Tactics, Squirrel Balance [cel])
    "combat_close": re.compile(r"^if the action is blocked, the resulting combat is at close range\.?$"),
    "combat_close_fixed": re.compile(r"^other effects cannot change this; skip the determine range step during that "
                                     r"combat\.?$"),
    "first_round_long": re.compile(r"^if blocked, range in the first round of the resulting combat is automatically set "
                                   r"to long\.?$"),
    # Squirrel Balance [spi]
    "no_flight_intercept": re.compile(r"^(?:minions without flight \[flight\] or spiritus \[spi\] get -1 intercept when "
                                      r"attempting to block this action|as \[spi\] above, but those minions get -2 "
                                      r"intercept)\.?$"),
    # Form of the Bat: a maneuver, and no equipment, in the combat that follows the block
    "bat_actor": re.compile(r"^if this action is blocked, this vampire gets 1 optional maneuver and cannot use "
                            r"equipment during the resulting combat\.?$"),
    "bat_blocker": re.compile(r"^if this vampire blocks, they get 1 optional maneuver and cannot use equipment during "
                              r"the resulting combat\.?$"),
    # Shroud of Absence [DOM][OBT]: the acting vampire's own strike in the first round of the block's combat
    "shroud_strike": re.compile(r"^as above, and this vampire can strike: combat ends during the first round of the "
                                r"resulting combat if they are blocked\.?$"),
    # Enkil Cog: the card put on the vampire is locked for an action in any Methuselah's minion phase
    "cog_action": re.compile(r"^during any methuselah's minion phase, this vampire can lock this card to take an "
                             r"action\.?$"),
    # Crocodile's Tongue: no blocker of that Methuselah's may try again; the blocker may pay to cancel the card
    "attempt_fails_seat": re.compile(r"^that attempt fails and the blocking minion's controller cannot attempt to "
                                     r"block this action again\.?$"),
    "blocker_cancel_blood": re.compile(r"^the blocking minion can burn 1 blood or life to cancel this card as it is "
                                       r"played\.?$"),
    "blocker_cancel_more": re.compile(r"^as above, but canceling this card requires 1 additional blood or life\.?$"),
    # True Love's Face [OBF][PRE]
    "blocker_cancel_pool": re.compile(r"^the blocking minion's controller can burn 1 pool to cancel this card as it is "
                                      r"played\.?$"),
    # Trochomancy: cards of the target Methuselah's ash heap removed from the game for +1 bleed (limited)
    "ash_for_bleed": re.compile(r"^remove thirteen cards in the target methuselah's ash heap from the game to get \+1 "
                                r"bleed \(limited\)\.?$"),
    "ash_for_bleed_seven": re.compile(r"^as \[nec\] above, but remove only seven cards\.?$"),
    # Repulsion: [pre] a maneuver only to long range in the block's combat; [OBE] the card put on the vampire
    "maneuver_long_if_blocked": re.compile(r"^if this action is blocked, this vampire gets 1 optional maneuver, only "
                                           r"usable to get to long range, during the resulting combat\.?$"),
    "burn_in_torpor": re.compile(r"^burn this card if this vampire is in torpor\.?$"),
    "no_second_copy": re.compile(r"^this vampire cannot have or play another this card\.?$"),
    # Mind Tricks [DEM], Eyes of the Night [OBT], Skin of the Chameleon: a maneuver or a press in the block's combat
    "maneuver_or_press_actor": re.compile(r"^(?:as above, with 1 optional maneuver or press during the resulting combat "
                                          r"if this vampire is blocked|if this action is blocked, this (?:acting )?"
                                          r"vampire gets an optional maneuver or press in the resulting combat)\.?$"),
    "maneuver_or_press_blocker": re.compile(r"^as above, with 1 optional maneuver or press during the resulting combat "
                                            r"if this vampire blocks\.?$"),
    # Neutral Guard [obe]: the block's combat at long range every round
    "long_every_round": re.compile(r"^this action, while this vampire is in combat, each round is at long range \(skip "
                                   r"the determine range step for each round\)\.?$"),
    "young_cannot_block": re.compile(r"^as \[obe\] above, and allies and younger vampires cannot block this "
                                     r"action\.?$"),
    # Private Audience, in the polling step
    "no_votes_non_sabbat": re.compile(r"^non-sabbat vampires cannot cast votes or ballots during this referendum\.?$"),
    # Closed Session, in the polling step (read like Private Audience)
    "no_votes_non_camarilla": re.compile(r"^non-camarilla vampires cannot cast votes or ballots during this "
                                         r"referendum\.?$"),
    # Beast Meld [ani][pro]: a prevention usable in any round of the block's combat
    "prevent_in_combat_if_blocked": re.compile(r"^if this vampire is blocked, they can prevent 1 damage during the "
                                               r"resulting combat\.?$"),
    # One With the Land [PRO]
    "no_strikes_first_round": re.compile(r"^if they block, neither combatant can strike during the first round of the "
                                         r"resulting combat\.?$"),
    # Mind of the Wilds: a first-round maneuver; the blocker never strikes: combat ends (LSJ 20100308: any round)
    "wilds": re.compile(r"^if this action is blocked, this vampire gets 1 optional maneuver during the first round of "
                        r"the resulting combat and the blocking minion cannot strike: combat ends\.?$"),
    # Force of Personality [PRE]
    "nonzombie_allies_cannot_block": re.compile(r"^non-zombie allies cannot block this action\.?$"),
    # Domain of Evernight [tem]
    "vampires_aggravated": re.compile(r"^if this action is blocked, all damage inflicted on vampires during the "
                                      r"resulting combat is aggravated\.?$"),
    # Ministry
    # Adhocracy [pot]: the acting vampire's strength in the block's combat
    "strength_if_blocked": re.compile(r"^if this (?:anarch|vampire|action) is blocked, "
                                      r"(?:they|this anarch|this vampire) "
                                      r"gets? \+(?P<n>\d) strength during the resulting combat\.?$"),
    # Hide the Heart [VAL]: the play's choice "lock" takes the second option (a bleed against any Methuselah)
    "reduce_or_lock_reduce": re.compile(r"^reduce a bleed against you by (?P<n>\d), or lock to reduce a bleed against "
                                        r"any methuselah by (?P=n)\.?$"),
    # Go-getter [OBF], after resolution of a blocked action
    "burn_continue_unblocked": re.compile(r"^this vampire burns (?P<n>\d) blood to continue the action as if "
                                          r"unblocked\.?$"),
    # Magnetic Authority: blood on Sabbat vampires in the player's uncontrolled region (one: the play's target)
    "uncontrolled_sabbat_blood": re.compile(r"^add (?P<n>\d) blood to (?P<which>a|each) sabbat vampire in your "
                                            r"uncontrolled region\.?$"),
    # Detect Authority [ani], Scobax [STR]: the acting player pays with a `use` of the acting minion, or it fails
    "fail_unless_burn": re.compile(r"^(?:as \[str\] above, and )?the action fails,? unless the acting minion burns "
                                   r"(?P<n>\d) blood(?P<life> or life)?(?: \(allies cannot burn blood\))?\.?$"),
    # Their Master's Voice: the play's target unlocks
    "unlock_gargoyle": re.compile(r"^unlock a gargoyle creature ally or a ready slave gargoyle you control\.?$"),
    # Ensemble: +X bleed for the ready unlocked Daughters of Cacophony, who then all lock
    "ensemble_bleed": re.compile(r"^\+x bleed \(limited\), where x is the number of ready unlocked daughters of "
                                 r"cacophony you control\.?$"),
    "ensemble_lock": re.compile(r"^lock all ready daughters of cacophony you control\.?$"),
    # The Deadliest Sin: the reacting vampire's strength in the combat after its block
    "strength_if_blocks": re.compile(r"^if this vampire successfully blocks and combat occurs, this reacting vampire "
                                     r"gets \+(?P<n>\d) strength until the end of combat\.?$"),
    # Virtuosa [mel]: the play's choice "stealth" takes the first option
    "stealth_and_bleed_or_bleed": re.compile(r"^\+1 stealth and \+2 bleed \(limited\), or \+2 bleed \(limited\)\.?$"),
    # Uncontrollable Rage, Invigorate [pro]: the acting vampire's hand strikes aggravated (+N damage) this action
    "hand_rage": re.compile(r"^(?:this (?:vampire|anarch)'s hand strikes (?:inflict \+(?P<n>\d) damage, aggravated, "
                            r"until the end of the action|are aggravated this action)|as above, but the hand strikes "
                            r"inflict \+(?P<m>\d) damage, aggravated)\.?$"),
    # Momentary Delay, after resolution of a blocked action
    "continue_unblocked": re.compile(r"^the action continues as if unblocked\.?$"),
    "sect_intercept": re.compile(r"^if the acting vampire is (?P<sect>sabbat|camarilla|anarch|laibon|independent), "
                                 r"this vampire gets an additional \+1 intercept\.?$"),    # -- session 3: a vampire abstains in the referendum (effects_action.in_referendum; the polling step)
    "abstain_younger": re.compile(r"^force a (?P<young>younger )?vampire to abstain(?: \(this can cancel their votes and "
                                  r"ballots\))?\.?$"),
    "abstain_can_cancel": re.compile(r"^this can cancel that vampire's votes and ballots\.?$"),
    "abstain_any_age": re.compile(r"^as above, but the affected vampire can be the same age or older\.?$"),
    "abstain_actor_lock": re.compile(r"^lock this reacting vampire to force the acting vampire to abstain \(this can "
                                     r"cancel that vampire's votes and ballots\)\.?$"),
    "abstain_clan": re.compile(r"^cancel the votes and ballots of a vampire who belongs to the same clan as this "
                               r"reacting minion\.?$"),
    # what happens once the referendum's votes are tallied (effects_action.referendum_tallied)
    "tally_caller_pool": re.compile(r"^if the referendum passes, the controller of the vampire calling the referendum "
                                    r"burns 1 pool\.?$"),
    "tally_for_pool": re.compile(r"^as above, and any other methuselahs who cast votes or ballots in favor of the "
                                 r"referendum burn 1 pool when the votes are tallied\.?$"),
    "tally_fail_caller": re.compile(r"^if the referendum fails, the methuselah calling the referendum burns 1 pool plus 1 "
                                    r"additional pool for each vote difference\.?$"),
    "tally_against_blood": re.compile(r"^any vampire casting votes or ballots against this referendum burns 1 blood when "
                                      r"the results are tallied\.?$"),
    "tally_against_pool": re.compile(r"^methuselahs casting \(including controlling a minion casting\) votes or ballots "
                                     r"against the referendum burn 1 pool once results are tallied\.?$"),
    "tally_bribes": re.compile(r"^any other methuselah who casts one or more votes or ballots in favor of and does not "
                               r"cast votes or ballots against the referendum gains 1 pool when the results of the "
                               r"referendum are tallied\.?$"),
    "tally_loyalist": re.compile(r"^if the acting vampire is sabbat and the referendum fails, move up to 2 blood from the "
                                 r"acting vampire to this vampire\.?$"),
    "tally_agree_gain": re.compile(r"^as \[mel\] above, and vampires casting votes or ballots in agreement with this "
                                   r"vampire gain 1 blood\.?$"),
    "tally_oppose_burn": re.compile(r"^vampires casting votes or ballots in opposition to this vampire burn 1 blood\.?$"),
    "tally_when": re.compile(r"^blood is gained or burned once results are tallied\.?$"),
    "tally_poison_pill": re.compile(r"^if the referendum passes and the effect of the referendum causes you to lose pool, "
                                    r"the controller of the acting vampire loses the same amount of pool \(in addition to "
                                    r"the effects of the referendum\)\.?$"),
    # Rant!: anarchs burn blood for votes (a `use` naming each), the acting vampire hurt if the referendum fails
    "rant_votes": re.compile(r"^during this referendum, each ready anarch may burn 1 blood to gain 1 additional vote\.?$"),
    "tally_rant_damage": re.compile(r"^if the referendum fails, this acting vampire takes 2 unpreventable damage\.?$"),
    # Mob Rule: vampires with capacity above 4 burn blood for votes (a `use` naming the vampire for each blood)
    "mob_rule": re.compile(r"^each vampire with a capacity above 4 can burn blood to gain votes\.?$"),
    "mob_rule_rate": re.compile(r"^a vampire gains 1 vote for each blood he or she burns\.?$"),
    "mob_rule_more": re.compile(r"^a vampire with a capacity above 7 gains an additional vote for each blood he or she "
                                r"burns\.?$"),
    # Absolute Tyranny [POT][PRE], Unexpected Coalition: the tally itself (effects_action.tally_adjust)
    "tyranny": re.compile(r"^vampires who do not follow the path of power and the inner voice get -1 vote\.?$"),
    "coalition_count": re.compile(r"^when tallying results, if any brujah antitribu cast any votes or ballots in opposition "
                                  r"to this brujah antitribu's votes or ballots \(or if this brujah antitribu abstains\), "
                                  r"none of the additional votes from this card are counted\.?$"),
    # Emissary: the chosen anarch (the play's target) locks for 3 votes; an older Camarilla vampire may lock to cancel
    # them (a `use` naming it)
    "emissary_choose": re.compile(r"^choose a ready unlocked anarch you control\.?$"),
    "emissary_lock": re.compile(r"^lock the chosen anarch\.?$"),
    "emissary_votes": re.compile(r"^that anarch gains 3 votes\.?$"),
    "emissary_cancel": re.compile(r"^any camarilla vampire older than that anarch can lock to cancel that anarch's votes "
                                  r"and ballots\.?$"),
    "votes_against": re.compile(r"^this vampire (?:gets \+|gains )(?P<n>\d) votes against the referendum\.?$"),
    "reduce_or_votes_against": re.compile(r"^reduce the bleed amount by (?P<n>\d) or this vampire gains \+(?P=n) votes "
                                          r"against the referendum\.?$"),
    # Kindred Manipulation: the side named by the play's choice
    "change_younger_votes": re.compile(r"^change the votes and ballots of a younger vampire to votes and ballots of your "
                                       r"choice\.?$"),
    # Night Terrors, Veiled Sight, Draba [CHI]: the acting minion's stealth so far is cancelled (later stealth counts)
    "stealth_to_zero": re.compile(r"^reduce the acting minion's stealth to 0\.?$"),
    "can_still_increase_stealth": re.compile(r"^the (?:acting )?minion can still increase their stealth\.?$"),
    "blocker_strike_ends_r1": re.compile(r"^as above, and if this vampire blocks, they can strike: combat ends during the "
                                         r"first round of the resulting combat\.?$"),
    "blocker_strike_steal": re.compile(r"^as above, and this blocking vampire can strike: steal 1 blood or life "
                                       r"\(becoming blood\) during the resulting combat if they block\.?$"),
    # Red Herring, once the action it ended is over
    "return_action_card": re.compile(r"^if an action card was used to perform the action, return it to its owner's hand "
                                     r"\(discard down afterward\)\.?$"),
    "seat_no_repeat": re.compile(r"^vampires you control cannot perform the same action again this turn\.?$"),
    "lock_blocker_too": re.compile(r"^as above, and lock the blocking minion\.?$"),
    # The Guruhi Are the Land: each clause acts in its own kind of action (the others do nothing)
    "guruhi_land": re.compile(r"^if this is an? (?P<kind>bleed|hunt|equip) action, this guruhi (?:gets \+1 bleed "
                              r"\(limited\)|gains an additional blood if successful|unlocks if the action is "
                              r"successful)\.?$"),
    # Confusion of the Eye
    "reduce_young_bleed": re.compile(r"^reduce a younger vampire's or an ally's bleed against you by (?P<n>\d)\.?$"),
    "actor_no_votes": re.compile(r"^the acting vampire cannot cast any votes or ballots in this referendum\.?$"),
    "titled_referendum_fails": re.compile(r"^if the referendum requires a titled vampire, the referendum fails\.?$"),
    # Make an Example: played by a non-acting Guruhi while its acting Laibon is blocked
    "make_an_example": re.compile(r"^inflict 2 unpreventable damage on both the acting laibon and the blocking minion and "
                                  r"end the action \(without combat\)\.?$"),
    # Gifts From Hereafter [DOM][OBL]
    "unlock_ally_after": re.compile(r"^as above, and after action resolution, this vampire can burn 1 blood to unlock the "
                                    r"acting ally\.?$"),
    # Dusk Work, after resolution
    "lock_three_aye": re.compile(r"^lock three aye on this laibon to unlock him or her\.?$"),
    # Those Who Endure Judge, as the action is announced
    "twej_votes": re.compile(r"^the acting vampire gets two additional votes in any referendums conducted during this "
                             r"action \(even blood hunt referendums\)\.?$"),
    "twej_burn": re.compile(r"^any younger vampire successfully blocking this action burns 1 blood \(before combat, if "
                            r"any\)\.?$"),
    "twej_fails": re.compile(r"^if he or she cannot, the block fails and the action continues as if unblocked\.?$"),
    # Wanderer's Counsel: 1 vote in a referendum (its hunt mode cannot be chosen apart from this one yet: the engine
    # takes the first action modifier mode without a level)
    "one_more_vote": re.compile(r"^this [a-z]+ gets an additional vote in this referendum\.?$"),
    # Savannah Runner [CEL]: the play's choice "aye" locks an Aye on the Laibon instead of the Laibon itself
    "lock_laibon_or_aye": re.compile(r"^lock this laibon or an aye on him or her to unlock another ready laibon\.?$"),
    # Divine Image, as the action is announced
    "divine_image": re.compile(r"^this action, this vampire gets -1 stealth, \+1 strength, and can prevent 1 damage each "
                               r"combat\.?$"),
    "divine_image_bleed": re.compile(r"^as above, with \+1 bleed that does not count against the limit, only usable "
                                     r"during a bleed action\.?$"),
    # Siren's Lure [mel], Hedonism: played by another vampire on a block attempt; a combat with the blocker afterwards
    "lock_self_and_blocker": re.compile(r"^lock this vampire and the blocking minion(?:, and queue a combat between "
                                        r"them)?\.?$"),
    "combat_after_resolution": re.compile(r"^after the action resolution, this vampire and the blocking minion enter "
                                          r"combat\.?$"),
    "queue_no_combat": re.compile(r"^as above, but queue no combat\.?$"),
    # a new combat after the action's combat or its success (Fast Reaction, Hidden Lurker, Follow the Blood, Follow the
    # Alpha): the vampire that played the card against the minion named
    "enter_combat_new": re.compile(r"^(?:this (?:vampire|gangrel antitribu)|he or she) enters combat with the "
                                   r"(?P<who>acting minion|acting vampire|blocking minion|opposing minion)\.?$"),
    "first_round_no_strike": re.compile(r"^the first round of this new combat, the (?:acting|blocking) minion cannot "
                                        r"strike\.?$"),
    "first_round_no_maneuver": re.compile(r"^the first round of this new combat, the opposing minion cannot use "
                                          r"maneuvers\.?$"),
    "lock_black_hand": re.compile(r"^lock this black hand vampire\.?$"),
    # Hard Case, when this vampire's block of an ally or younger vampire succeeds
    "cancel_resulting_combat": re.compile(r"^cancel the resulting combat\.?$"),
    "destroy_weapon_or_vehicle": re.compile(r"^as above, and destroy a weapon or vehicle on the acting minion\.?$"),
    # Tangle Atropos' Hand, while a block is attempted
    "cancel_action_unlock": re.compile(r"^cancel the action and unlock this vampire\.?$"),
    "action_not_blocked": re.compile(r"^the action is not blocked\.?$"),
    "no_lock_blocking": re.compile(r"^do not lock the blocking minion\.?$"),
    "take_action_card_back": re.compile(r"^as \[pot\] above, and if an action card was played, take it back in your "
                                        r"hand \(discard down afterward\)\.?$"),
    # Phantom Speaker, once this vampire is blocked
    "cancel_block_resolution": re.compile(r"^cancel the block resolution \(the action is still blocked\)\.?$"),
    "lock_blocker_after_success": re.compile(r"^as \[mel\] above, and if this action is successful, lock the blocking "
                                             r"minion after action resolution\.?$"),
    # Voices of the Castle [vis]: the blocker is this Gargoyle or a vampire of the clan it is enslaved to
    "intercept_or_master": re.compile(r"^\+1 intercept, or give \+1 intercept to a vampire to whom this vampire is "
                                      r"enslaved\.?$"),
    # Walk of Caine: X from the play's choice, the other chosen Blood Brothers named as its target
    "choose_x_blood_brothers": re.compile(r"^choose x ready blood brothers you control with 1 or more blood of the same "
                                          r"circle as this blood brother, including this blood brother\.?$"),
    "chosen_bb_burn": re.compile(r"^each chosen blood brother burns 1 blood\.?$"),
    # Shell Game, as the action is announced: the other Blood Brothers named as the play's target
    "shell_game_lock": re.compile(r"^lock x other ready blood brothers you control of the same circle as this one to give "
                                  r"this blood brother \+x stealth \(even if stealth is not yet needed\)\.?$"),
    "shell_game_unlock": re.compile(r"^(?:if the action is successful, you may unlock one of those blood brothers|as "
                                    r"above, but unlock an additional one of those blood brothers if the action is "
                                    r"successful)\.?$"),
    # Cardinal Sin: Insubordination, after the combat of its block
    "opponent_to_torpor": re.compile(r"^the opposing vampire goes into torpor\.?$"),
    # Mask of a Thousand Faces, played by another vampire of the acting Methuselah
    "mask_swap": re.compile(r"^unlock the acting minion and lock this vampire instead\.?$"),
    "mask_continue": re.compile(r"^the action continues with this vampire as the acting minion\.?$"),
    # Claiming the Body: played by another Blood Brother of the blocked one's circle, before block resolution
    "claiming_lock_end": re.compile(r"^lock the blocking minion and end the action\.?$"),
    "claiming_unlock": re.compile(r"^as above, and unlock the acting blood brother\.?$"),
    # Aversion [val] (X is the play's choice), Glare of Lies [AUS]: bleeds against you reduced
    "aversion_reduce": re.compile(r"^burn x pool to reduce a bleed against you by 2x\+1\.?$"),
    "glare_reduce": re.compile(r"^as above, and the bleed amount is reduced by 1 for each action modifier card in their "
                               r"hand\.?$"),
    # Dawn Operation: [for] the vampire attempting to block may withdraw (a `use` naming it); [FOR] it may not
    "blocker_may_withdraw": re.compile(r"^if a vampire is currently attempting to block, they can cancel their block "
                                       r"attempt\.?$"),
    "no_withdraw": re.compile(r"^as above, but without the option to cancel their block attempt\.?$"),
    # Burning Touch [val]
    "blocked_blocker_burns": re.compile(r"^if this action is blocked, the blocking minion burns one blood or life before "
                                        r"combat begins\.?$"),
    "any_may_withdraw": re.compile(r"^any minion currently attempting to block may now choose not to block\.?$"),
    # Strix: [str] the blocker unlocks once the action is over; [STR] a bleed about to succeed burns no pool
    "unlock_end_if_blocks": re.compile(r"^if this vampire successfully blocks this action, he or she unlocks at the end of "
                                       r"the action\.?$"),
    "strix_bleed": re.compile(r"^the bleed burns no pool \(but is still successful\), this vampire is locked and enters "
                              r"combat with the acting minion\.?$"),
    # Final Loosening: [aus] a hunt's blood replaced; [for] an acting ally's action fails
    "loosening_gain": re.compile(r"^instead, the acting vampire and this reacting anarch each gain 1 blood\.?$"),
    "ally_action_fails": re.compile(r"^the action fails and the ally takes 1 environmental damage\.?$"),
    # CrimethInc. [qui], after a successful action: the play's target unlocks
    "unlock_another_anarch": re.compile(r"^unlock another ready anarch\.?$"),
    # Amici Noctis, after a political action whose referendum passed: the play's choice names who gets each unit
    "amici_distribute": re.compile(r"^for each vote by which the referendum passed, distribute 1 blood from the blood bank "
                                   r"among the ready lasombra you control and your pool\.?$"),
    "amici_caps": re.compile(r"^(?:a vampire cannot gain more than 1 blood this way|you cannot gain more than 1 pool this "
                             r"way or more than 2 pool this way if this acting lasombra is titled)\.?$"),
    # Veil of Silence, by the vampire whose block succeeds: the first round of the block's combat
    "first_strike_r1_blocker": re.compile(r"^this vampire gets first strike with hand and melee weapon strikes during the "
                                          r"first round of the resulting combat\.?$"),
    "actor_no_dodge_r1": re.compile(r"^as above, and the acting minion cannot dodge during the first round of the "
                                    r"resulting combat\.?$"),
    # Shilmulo Deception: another vampire of the blocker's Methuselah becomes the blocking minion
    "swap_blocker": re.compile(r"^this action is blocked with this vampire as the blocking minion instead \(and the block "
                               r"is resolved as normal\)\.?$"),
    "swap_maneuver_r1": re.compile(r"^as above, and this vampire gets 1 optional maneuver during the first round of the "
                                   r"resulting combat\.?$"),
    # Set's Call, by the blocking vampire before block resolution: the employ (recruit) succeeds for the blocker
    "sets_call": re.compile(r"^this action is successful \(and the cost is paid\), but this vampire steals the "
                            r"(?P<what>retainer|ally) and combat does not occur\.?$"),
    # Familial Bond: the acting minion may make the action fail if this block fails; this Laibon may lock to fight the
    # acting minion after a successful action (each a `use` naming the minion)
    "fb_fail_choice": re.compile(r"^if this block fails, the acting minion may choose to make the action fail\.?$"),
    "fb_combat": re.compile(r"^if the action succeeds, this laibon may lock \(after resolution\) to enter combat with "
                            r"the acting minion\.?$"),
    "that_abstains": re.compile(r"^that vampire abstains\.?$"),
    "lock_if_passes": re.compile(r"^as above, and lock that vampire at the end of the action if the referendum "
                                 r"passes\.?$"),
    "gain_one_pool": re.compile(r"^gain 1 pool\.?$"),
    "choose_voter": re.compile(r"^choose a vampire who has cast votes or ballots in this referendum\.?$"),
    "chosen_locks_abstains": re.compile(r"^the chosen vampire is locked and abstains \(this cancels the chosen "
                                        r"vampire's votes and ballots\)\.?$"),
    "chosen_burns_blood": re.compile(r"^as above, and the chosen vampire burns 1 blood\.?$"),
}


#: "Each Laibon Ravnos gets +2 votes.", "Each ready Brujah antitribu gets an additional vote this referendum."
_EACH_CLAN_VOTES = re.compile(r"each (?:ready )?(?P<laibon>laibon )?(?P<clan>ravnos|brujah antitribu) gets "
                              r"(?:\+(?P<n>\d) votes?|an additional vote)(?: this referendum)?\.?")

_CLAN_COST = re.compile(r"^this card costs (?P<clan>[a-z' \-]+?) 1 fewer blood\.?$")
_CLAN_ALIAS = {"assamite": "banu haqim", "follower of set": "ministry", "setite": "ministry"}


def clan_key(name: str) -> str | None:
    """A clan named in card text ("Followers of Set", "Tremere"), as one key its aliases share; None if unknown."""
    n = name.strip().lower()
    for cand in (n, re.sub(r"^(\w+)s\b", r"\1", n), n[:-1] if n.endswith("s") else n):
        if cand in CLANS or cand in _CLAN_ALIAS:
            return _CLAN_ALIAS.get(cand, cand)
    return None


def reading(e: Effect, types: tuple[str, ...]) -> str | None:
    t = set(types)
    if not t & _MINE:
        return None
    k = e.kind
    low = e.text.strip().lower()
    if k == "burn_blood" and not e.get("frame") and (e.subject or "").lower() == "the acting vampire" and \
            e.amount and e.amount > 0 and e.condition is None and "Reaction" in t:
        return "actor_burns_blood"      # Friend of Mine
    if k == "prevent" and not e.get("frame") and "Reaction" in t and \
            _TEXTS["prevent_first_round"].match(low):
        return "prevent_first_round"
    if k == "cost_change" and not e.get("frame") and "Reaction" in t and _CLAN_COST.match(low) and \
            clan_key(_CLAN_COST.match(low).group("clan")) is not None:
        return "clan_cost_less"         # Mental Maze: "This card costs Followers of Set 1 fewer blood."
    if k == "gain_blood" and not e.get("frame") and "Action Modifier" in t and \
            low == "he or she gains 1 additional blood.":
        return "hunt_extra_blood"       # Wanderer's Counsel, played in the Akunanse's hunt
    if k == "cost_change" and not e.get("frame") and t == {"Action Modifier"} and \
            low == "as above, but this card costs 1 fewer blood.":
        return "level_cost_less"        # Venenation [SER]
    if k == "change" and not e.get("frame") and t == {"Reaction"} and re.fullmatch(r"as above, but for 2 damage\.?", low):
        return "more_damage"            # Touch of Pain [POT]: the damage of the clause above
    if k == "stealth" and not e.get("frame") and (e.subject or "").lower() == "the acting wraith" and e.amount == 1 \
            and e.condition is None and "Action Modifier" in t:
        return "acting_wraith_stealth"  # Shroud Mastery [nec], played by another vampire
    if k == "intercept" and not e.get("frame") and (e.subject or "").lower() == "the chosen minion" and \
            e.amount == -1 and e.condition is None and "Action Modifier" in t:
        return "chosen_intercept"       # Nightshades
    if k == "wake" and not e.get("frame") and (e.subject or "").lower() == "the chosen ally" and "Reaction" in t:
        return "chosen_ally_wakes"      # Shadow Sentinel [OBL]
    if k in ("votes", "get") and _EACH_CLAN_VOTES.fullmatch(low):
        return "each_clan_votes"        # The Eldest Are Kholo, Unexpected Coalition, in the polling step
    if k == "votes" and not e.get("frame") and _TEXTS["votes_against"].match(low) and t == {"Reaction"}:
        return "votes_against"          # Wrong and Crosswise [DEM]: cast against at once
    if k in ("press", "maneuver") and not e.get("frame") and \
            low == "this reacting vampire gets an optional maneuver or press in that combat.":
        return "new_combat_grant"       # Follow the Blood: granted in the new combat (`enter_combat_new`)
    if k == "stealth" and not e.get("frame") and low == "as [tem] above, and this vampire gets +1 stealth during their " \
            "next action this turn." and "Action Modifier" in t:
        return "next_action_stealth_self"   # Tangle Atropos' Hand [TEM]
    if k == "bleed" and not e.get("frame") and low == "+1 bleed for each ready vampire of the enslaving clan you " \
            "control (limited)." and "Action Modifier" in t:
        return "hounds_bleed"           # Unleash the Hounds [VIS]
    if k in ("unlock", "lock") and low == "unlock the acting minion and lock this vampire instead." and \
            "Action Modifier" in t:
        return "mask_swap"              # Mask of a Thousand Faces (read as an unlock and a lock)
    if k == "gain_pool" and not e.get("frame") and low == "gain 1 pool." and t == {"Action Modifier"}:
        return "gain_one_pool"          # Bribes
    if k == "votes" and not e.get("frame"):
        ok = e.amount is not None and e.amount > 0 and e.condition is None and not e.get("cost") and \
            not e.optional and e.duration is None and bool(e.get("self"))
        return "votes" if ok else None
    if k == "reduce_bleed" and not e.get("frame"):
        return "reduce_bleed" if e.amount and e.amount > 0 and e.condition is None and "against you" in low else None
    if k == "bleed" and not e.get("frame") and e.amount == -1 and low == "+x bleed (limited)." and \
            "Action Modifier" in t:
        return "x_bleed"    # Monkey Wrench: +X bleed, X given as the play's choice
    if k in ("stealth", "intercept") and not e.get("frame") and e.get("even_if_not_needed") and e.get("self") \
            and e.amount and e.amount > 0 and e.condition is None and not e.get("cost") and e.duration is None \
            and (k == "stealth") == ("Action Modifier" in t):
        return "even_if_not_needed"     # the mode's +N, added at once (rules_action skips the "when needed" check)
    if k == "bleed" and not e.get("frame") and e.amount and e.amount > 0 and e.get("self") and \
            e.duration == "while this card is in play" and e.condition is None and not e.get("cost") and \
            (e.subject or "").lower() == "this vampire" and "Action Modifier" in t:
        return "attached_bleed"         # Enkil Cog: "Put this card on this vampire. This vampire gets +1 bleed."
    if k == "stealth" and not e.get("frame") and e.amount and e.amount > 0 and e.get("self") and \
            e.duration == "while this card is in play" and e.condition is None and not e.get("cost") and \
            (e.subject or "").lower() == "this vampire" and "Action Modifier" in t:
        return "attached_stealth"       # Repulsion [OBE]: "Put this card on this vampire. This vampire gets +1 stealth."
    if k in ("stealth", "intercept", "bleed") and not e.get("frame"):
        if e.amount is not None and e.amount > 0 and e.get("self") and e.condition and not e.get("cost") \
                and not e.optional and e.duration is None and condition_kind(e.condition) is not None:
            if (k == "intercept") == ("Reaction" in t):
                return "conditional"
        if k == "stealth" and e.amount == 1 and e.get("cost") == "burn x blood" and low.startswith(
                "as above, and this vampire can burn x blood to give the next x actions minions you control perform "
                "this turn +1 stealth") and "Action Modifier" in t:
            return "veil"                   # Veil the Legions [OBF]
        if k == "bleed" and e.amount == 1 and e.get("limited") and (e.condition or "").lower() == \
                "for every 10 cards in the ash heap of the target methuselah" and "Action Modifier" in t:
            return "ash_heap_bleed"         # Inevitability of the Void [AUS]
        if k == "bleed" and e.amount == 1 and e.get("cost") == "burn 1 pool" and e.get("limited") and \
                e.subject is None and e.condition is None and "Action Modifier" in t:
            return "pool_for_bleed"         # Psalm of the Damned [pre]: "Burn 1 pool to get +1 bleed (limited)."
        if k == "stealth" and e.amount and e.amount > 0 and re.fullmatch(r"burn \d blood", e.get("cost") or "") \
                and e.subject is None and e.condition is None and "Action Modifier" in t:
            return "burn_for_stealth"       # Stone Travel, Mole's Tunneling: "Burn 1 blood to get +1 stealth."
        if k == "intercept" and e.amount == 1 and e.get("cost") == "burn 1 blood" and e.get("self") and \
                e.condition is None and "Reaction" in t:
            return "burn_for_intercept"     # Ears of the Hare: "Burn 1 blood to get +1 intercept."
        if k == "intercept" and e.amount == 1 and (e.subject or "").lower() in (
                "a minion you control (even this one)", "a minion", "another ready minion") and \
                low.startswith("give ") and e.condition is None and "Reaction" in t:
            return "give_intercept"         # Tourette's Voice, Babble [dem]
        if k == "stealth" and e.amount in (1, 2) and low == "+1 stealth, +2 stealth if this action is undirected." \
                and t == {"Action Modifier"}:
            return "undirected_stealth"     # High Aye (read twice: one +1 or +2 is added)
        if k == "stealth" and e.amount == 2 and low == "+2 stealth if this is an undirected action, otherwise +1 " \
                "stealth." and "Action Modifier" in t:
            return "undirected_stealth"     # Mirror's Visage [CHI]
        if k == "intercept" and e.amount == 1 and (e.subject or "").lower() == "an anarch you control" and \
                e.condition is None and "Reaction" in t:
            return "anarch_intercept"       # Organized Resistance
        if k == "stealth" and e.amount == -1 and (e.subject or "").lower() == "the acting minion" and \
                low == "the acting minion gets -1 stealth until the end of the turn." and t == {"Reaction"}:
            return "minus_stealth_turn"     # Ignis Fatuus [chi]
        if k == "bleed" and e.amount == 1 and (e.subject or "").lower() == "the acting ally" and \
                low == "the acting ally gets +1 bleed (limited)." and t == {"Action Modifier"}:
            return "acting_ally_bleed"      # Gifts From Hereafter, played by another vampire
        if k == "stealth" and e.amount == -1 and (e.subject or "").lower() == "the acting minion" and \
                low == "the acting minion gets -1 stealth." and t == {"Reaction"}:
            return "actor_minus_stealth"    # Scobax [str]
        if k == "intercept" and e.amount is not None and e.amount < 0 and (e.subject or "").lower() in (
                "the blocking minion", "the blocking vampire") and e.condition is None and "Action Modifier" in t:
            return "blocker_intercept"
        return None
    if k == "strength" and not e.get("frame") and "Action Modifier" in t and e.get("self") and e.amount and \
            e.amount > 0 and e.condition is None and not e.get("cost") and not e.optional and (
                ((e.subject or "").lower() in ("the acting vampire", "this anarch") and e.duration == "this action")
                or (e.subject is None and re.fullmatch(r"as above, but with \+\d strength\.?", low))):
        return "actor_strength_action"  # Serenading the Kami: the acting vampire's strength in this action's combat
    if k == "strength" and not e.get("frame") and "Action Modifier" in t and e.amount and e.amount > 0 and \
            e.condition is None and not e.get("cost") and not e.optional and e.duration == "during this action" and \
            (e.subject or "").lower() == "the acting ally or younger vampire":
        return "younger_actor_strength"  # Inspire Greatness, played by another vampire
    if not e.get("frame"):
        return None
    if _EXCLUSIVE.match(e.text.strip()):
        return "exclusive"
    for name, rx in _TEXTS.items():
        if rx.match(low):
            if name == "reduce_or_lock_reduce" and t != {"Reaction"}:
                return None
            if name == "continue_unblocked" and t != {"Action Modifier"}:
                return None     # Peacemaker's is the blocking reactor's, before combat
            if name == "burn_continue_unblocked" and t != {"Action Modifier"}:
                return None     # Shadow Boxing's is a combat card's
            if name == "fail_unless_burn" and t != {"Reaction"}:
                return None
            if name == "attempt_anyway" and "Reaction" not in t:
                return None
            if name in ("cancel_no_effect", "cancel_free") and t != {"Reaction"}:
                return None     # Iron Heart's own clauses; elsewhere they go with cancels the engine does not read
            if name == "cancel_played" and rx.match(low).group("without"):
                return None     # Hall of Hades' Court: in a referendum's polling step, which this module does not play
            if name == "cancel_played" and rx.match(low).group("paid"):
                return None     # I am Legion: its [dai][obf] text shares the level "dai" with "+1 stealth", so a play
                #                 cannot name it
            return name
    return None


def condition_kind(cond: str) -> str | None:
    for rx in CONDITIONS:
        m = rx.match(cond.strip().lower())
        if m:
            if m.groupdict().get("clan") and m.group("clan").strip() not in CLANS:
                return None
            return next(k for k, v in m.groupdict().items() if v)
    return None


def exclusive_name(e: Effect) -> str | None:
    m = _EXCLUSIVE.match(e.text.strip())
    return m.group("name").strip() if m else None


def by_other_minion(e: Effect, types: tuple[str, ...]) -> bool:
    """An effect of an action modifier played by a minion other than the acting one that the engine resolves:
    the acting minion's +N stealth or bleed, the blocking minion's -N intercept, a block attempt made to fail."""
    if e.text.strip().lower() == "as above, with +1 stealth." and e.kind == "stealth" and not e.get("frame") and \
            e.subject is None and e.condition is None:
        return True     # Mask of a Thousand Faces [OBF]: the mode's +1 stealth, for the action it now performs
    if reading(e, types) in ("veil", "acting_wraith_stealth", "younger_actor_strength", "acting_ally_bleed",
                             "unlock_ally_after"):
        return True
    if e.kind in ("stealth", "bleed") and not e.get("frame"):
        return (e.subject or "").lower() in ("the acting minion", "the acting vampire") and e.condition is None
    if e.kind == "intercept":
        return reading(e, types) == "blocker_intercept"
    if e.kind == "lock" and not e.get("frame") and e.text.strip().lower() == "lock this vampire.":
        return True     # rules_action locks the vampire that played the card (Hidden Lurker)
    if e.kind == "press" and not e.get("frame") and e.text.strip().lower() == "as above, with an optional press.":
        return True     # Hidden Lurker [OBF]: granted in the new combat (effects_action._enter_combat_new)
    return reading(e, types) in ("attempt_fails", "fail_for_lock", "veil", "younger_than_me_intercept", "cancel_played",
                                 "lock_self_and_blocker", "combat_after_resolution", "queue_no_combat",
                                 "enter_combat_new", "first_round_no_strike", "mask_swap", "mask_continue",
                                 "first_round_no_maneuver")


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    return reading(e, types) is not None
