"""Effects of the permanent family (master cards, events) that the engine resolves, beyond the core ones in
`effects.automated`.

`reading(e, types)` is the engine's reading of one clause: a key naming the handler in
`vtes_desktop/engine/effects_master.py` that carries it out, and the values read from the text (amounts, a
clan, a stat). `automated(e, types)` answers True exactly when there is a reading, so every effect marked
here is one the engine resolves; each key is proved by a scenario (tests/scenarios/460-537, 1150-1169 and
1300-1312), and tests/engine/test_auto_master.py checks that every key has a handler.

The keys fall in four groups (see `effects_master.PLAYED`, `USED`, `AS_ANNOUNCED`, and the lasting ones):

- played: carried out as the card is played (`choose_vampire`, `fill_chosen`, `add_blood`, `tap`, `villein`,
  `lock_minion`, `take_control`, `burn_target`, cancels "as it is played"...), with the player's choices from
  the Play step's `target` and `choice`;
- used: a `use` step naming the card in play, in its window (`blood_doll`, `hunting_ground`, `lock_give`,
  `lock_mpa`, `lock_add_uncontrolled`, `transfer_crypt`, `heidelberg`...), with `minion` and `effect`;
- lasting: read by hooks while the card is in play (`transfers`, `hand_size`, `cannot_block`, `untargetable`,
  `host_bleed`, `host_stealth`, `recruit_discount`, `redirect_cost`, `card_action` for the "(D) action" that
  steals or burns the card...);
- moments of the turn: unlock, master, minion, discard phase starts and ends, the end of an action
  (`predator_takes`, `toll_per_counter`, `discard_burn_torpor`, `thirst`, `equip_unlocks`...).
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar.model import Effect

_CLAN = r"(?P<clan>[a-z][a-z' ]*?)"
_WHO = (r"(?P<who>a minion you control|a minion controlled by another methuselah|any minion|a minion|a vampire you control|an? [a-z][a-z' ]*? you control"
        r"|an anarch|a vampire with capacity (?P<cap>\d+) or more|an? [a-z]+ with capacity (?P<cap2>\d+) or more you control"
        r"|an? [a-z][a-z' ]*?)")

#: (key, pattern over the clause in lower case without its final stop), in the order tried
PATTERNS: tuple[tuple[str, re.Pattern], ...] = tuple((k, re.compile(p)) for k, p in (
    # -- played
    ("choose_vampire", r"^choose a vampire$"),
    ("fill_chosen", r"^the chosen vampire gains enough blood to reach full capacity$"),
    ("add_blood", r"^add (?P<n>\d+) blood to a (?P<ready>ready )?vampire$"),
    ("add_blood_uncontrolled", r"^add (?P<n>\d+) blood to a vampire in your uncontrolled region"
                               r"(?: with capacity (?P<cap>\d+) or more)?$"),
    ("tribute", r"^move (?P<n>\d+) blood from each ready vampire you control to your pool$"),
    ("tap", r"^move any amount of blood from a vampire you control to your pool$"),
    ("villein", r"^put this card on a vampire you control who has any amount of blood and move (?P<lo>\d+) to "
                r"(?P<hi>\d+) blood from that vampire to your pool$"),
    ("lock_minion", r"^lock a minion$"),
    ("vessel_burn", r"^put this card on a vampire and you can burn a card named /blood doll/ \(if any\)$"),
    ("mill_pool", r"^burn (?P<n>\d+) cards from the top of your library to gain (?P<pool>\d+) pool$"),
    ("crypt_to_uncontrolled", r"^move the top card from your crypt to your uncontrolled region$"),
    ("discipline_level", r"^this (?:vampire|[a-z]+(?: [a-z]+)?) (?:gets \+1 level|gains (?:1|one) level) of [a-z]+ "
                         r"\[(?P<tri>[a-z]{3})\]"
                         r"(?P<cap> and \+1 capacity)?$"),
    ("discipline_capacity", r"^capacity increases by 1: the (?:vampire|salubri antitribu) is one generation older$"),
    ("not_on_superior", r"^cannot be (?:put|placed) on a vampire with superior [a-z]+ \[(?P<tri>[a-z]{3})\]$"),
    ("cancel_master", r"^cancel a master card as it is played by another methuselah, and its cost is not paid$"),
    ("wash", r"^cancel a master card played by your predator or prey as it is played, and its cost is not paid$"),
    ("wash_mpa", r"^that methuselah gets \+1 master phase action immediately, or at the start of their next master "
                 r"phase if the canceled card is an out-of-turn master$"),
    ("cancel_minion", r"^cancel a minion card as it is played, and its cost is not paid$"),
    ("canceled_action", r"^if it was an action card, the acting minion does not lock$"),
    ("canceled_strike", r"^if it was a strike card, the minion chooses another strike$"),
    ("remove_vampire", r"^remove a vampire with capacity (?P<cap>\d+) or more from the game$"),
    ("controller_gains_capacity", r"^their controller gains pool equal to the vampire's capacity$"),
    ("controller_cancel", r"^their controller can burn (?P<pool>\d) pool to cancel this card as it is played$"),
    ("search_gehenna", r"^search your library for a gehenna event card$"),
    ("show_to_hand", r"^show it to all players and add it to your hand$"),
    ("discard_down_after", r"^discard down to your hand size afterward$"),
    ("cancel_event", r"^cancel an event card as it is played \(no cost is paid\)$"),
    ("choose_ash_vampire", r"^choose a vampire in your ash heap$"),
    ("gain_half_capacity", r"^gain x pool, where x is half of the capacity of that vampire \(round down\)$"),
    ("remove_chosen", r"^remove that vampire from the game$"),
    ("search_crypt_clan", r"^search your crypt to find an? (?P<clan>[a-z]+)$"),
    ("show_place_uncontrolled", r"^show it to all players and place it in your uncontrolled region with (?P<n>1) blood "
                                r"from the bank$"),
    ("reveal_top_crypt", r"^reveal the top card of your crypt$"),
    ("family_draw", r"^if it is an? (?P<clan>[a-z]+), draw it and add (?P<n>1) blood to it; otherwise, move it to the "
                    r"bottom of your crypt$"),
    ("pool_or_blood", r"^gain (?P<n>\d+) pool if you control a ready (?P<clan>[a-z][a-z ]*?), or add (?P<b>\d+) blood to "
                      r"an? [a-z][a-z ]*? with capacity (?P<cap>\d+) or more in your uncontrolled region$"),
    ("gain_pool", r"^gain (?P<n>\d+) pool$"),
    ("add_blood_clan", r"^add (?P<n>\d+) blood to a (?P<ready>ready )?(?P<clan>(?!vampire$)[a-z]+(?: antitribu)?)$"),
    ("add_blood_uncontrolled", r"^add (?P<n>\d+) blood to an? (?P<titled>titled )?(?P<sect>sabbat|camarilla|anarch|laibon) "
                               r"vampire in your uncontrolled region$"),
    ("burn_target", r"^burn (?:a|an) (?P<what>vampire in torpor|location|[a-z]+(?: antitribu)? with capacity below "
                    r"(?P<below>\d+))$"),
    ("new_hand", r"^discard your hand and draw a new one$"),
    ("converge", r"^move (?P<n>1) blood from each ready (?P<clan>[a-z]+(?: antitribu)?) you control to an? (?P=clan) in "
                 r"your uncontrolled region$"),
    ("take_control", r"^take control of (?:an? )?(?P<ready>ready )?(?P<what>minion|ally|malkavian) (?:controlled by a "
                     r"methuselah with (?P<pool>\d+) or fewer pool|controlled by another methuselah|that another methuselah "
                     r"controls)(?: until (?P<until>the end of your turn|your next unlock phase))?$"),
    ("choose_infernal_baali", r"^choose a ready unlocked infernal baali you control$"),
    ("add_younger_infernal", r"^add (?P<n>\d+) blood to a younger infernal vampire in your uncontrolled region$"),
    ("angel", r"^unlock an imbued, or equip a ready imbued you control with an equipment from your hand \(requirements "
              r"must be met; pay cost as normal\)$"),
    ("choose_titled", r"^choose a prince or primogen, or burn (?P<pool>\d) pool to choose a justicar$"),
    ("loses_title", r"^the chosen vampire loses his or her title$"),
    ("burn_acting", r"^burn the acting minion$"),
    ("ash_to_ready", r"^move a vampire in your ash heap with superior [a-z]+ \[(?P<d1>[a-z]{3})\] and superior [a-z]+ "
                     r"\[(?P<d2>[a-z]{3})\] who was burned from play to your ready region \(with no blood\)$"),
    ("referendum_fails", r"^the referendum fails$"),   # Vox Domini (rules_politics.close: referendum_fails)
    ("not_successful", r"^the action is not successful$"),
    # -- lasting
    ("cannot_block", r"^this minion cannot block$"),
    ("host_stealth", r"^(?:the vampire with this card|this vampire) gets (?P<n>[+\-]\d) stealth$"),
    ("block_costs_blood", r"^vampires must burn (?P<n>1) blood to attempt to block this [a-z ]+$"),
    ("blocked_penalty", r"^if this [a-z]+ is blocked, the blocking minion's controller burns (?P<n>1) pool before block "
                        r"resolution$"),
    ("host_bleed", r"^(?:the vampire with this card|this vampire) gets (?P<n>[+\-]\d) bleed$"),
    ("no_actions", r"^this vampire cannot perform actions$"),
    ("untargetable_ready", r"^while the vampire with this card is ready, he or she cannot be the target of other "
                           r"methuselahs' actions$"),
    ("capitalist", r"^once per turn, when this vampire successfully bleeds his or her prey, he or she gains (?P<n>1) blood "
                   r"from the bank$"),
    ("untargetable", r"^this minion cannot be the target of other methuselahs' actions$"),
    ("target_cost", r"^master cards targeting this minion cost (?P<n>1) additional pool$"),
    ("burn_after_torpor", r"^burn this card after this minion goes to torpor$"),
    ("torpor_burns_pool", r"^after this vampire goes to torpor, their controller burns (?P<n>\d+) pool$"),
    ("torpor_tax", r"^during each methuselah's unlock phase, if this vampire is in torpor, that methuselah burns "
                   r"(?P<n>\d+) pool$"),
    ("transfers", r"^\+(?P<n>\d) transfers?$"),
    ("hand_size", r"^(?:you get )?\+(?P<n>\d) hand size$"),
    ("minion_tap_cost", r"^cards named /minion tap/ cost you \+1 pool to play$"),
    ("villein_cost", r"^(?:villein|this card) costs \+1 pool to play on this vampire$"),
    # -- used
    ("blood_doll", r"^during (?:their|your) (?P<phase>master|unlock) phase, this vampire's controller can move 1 blood "
                   r"from this vampire to their pool or from their pool to this vampire$"),
    ("hunting_ground", r"^during your unlock phase, a ready (?P<titled>titled )?vampire you control can gain "
                       r"(?P<n>\d+) blood$"),
    ("hunting_ground", r"^during your unlock phase, you may move (?P<n>1) blood from the (?:blood )?bank to a ready "
                       r"vampire you control$"),
    ("lock_give", r"^(?:you can )?lock (?:this (?:card|location) )?(?:and burn (?P<pool>1) pool )?to give " + _WHO +
                  r" \+(?P<n>\d) (?P<stat>stealth|intercept)(?: for the current action)?$"),
    ("lock_mpa", r"^during your master phase, you can lock this card to get \+1 master phase action$"),
    ("lock_add_blood", r"^you can lock this card to add (?P<n>\d+) blood to a ready vampire you control$"),
    ("lock_add_uncontrolled", r"^(?:you can )?lock (?:this (?:card|location) )?during your influence phase to add "
                              r"(?P<n>1) blood to an? " + _CLAN + r" in your uncontrolled region$"),
    ("lock_add_uncontrolled", r"^during your influence phase, lock to move (?P<n>1) blood from the blood bank to an? "
                              + _CLAN + r" in your uncontrolled region$"),
    ("phase_add_uncontrolled", r"^during your influence phase, you can add (?P<n>1) blood to a vampire in your "
                               r"uncontrolled region$"),
    ("lock_give_announce", r"^you can lock this card as a vampire you control announces an undirected action to give "
                           r"that vampire \+(?P<n>1) stealth, even if stealth is not yet needed$"),
    ("burn_for_bleed", r"^an anarch can burn (?P<cost>1) blood once as they announce a bleed action to get "
                       r"\+(?P<n>1) bleed during that action$"),
    ("lock_after_hunt", r"^you can lock this card after an anarch successfully hunts to add (?P<n>1) blood to that "
                        r"anarch$"),
    ("lock_pay_unlock", r"^during your discard phase, you may lock this card and burn (?P<pool>1) pool to unlock a "
                        r"vampire you control$"),
    ("card_action", r"^(?P<who>vampires|minions|other minions|any minion|any vampire|non-(?P<notclan>[a-z]+) minions"
                    r"|any non-(?P<notclan2>[a-z]+) minion|vampires controlled by another methuselah"
                    r"|(?P<clans>[a-z]+(?: or [a-z]+)?) controlled by other methuselahs|any (?P<clans2>[a-z]+ or [a-z]+))"
                    r" can (?P<verb>steal|burn) this (?:location|card) as a (?:\+(?P<stealth>1) stealth )?\(d\) action$"),
    ("transfer_crypt", r"^you can use (?P<n>1) transfer to draw 1 card from your crypt and then remove a crypt card in "
                       r"your uncontrolled region from the game$"),
    ("transfer_burn_pool", r"^you can use (?P<n>4) transfers to burn this card and gain (?P<pool>2) pool$"),
    ("choose_own_ready", r"^as this location is played or its controller changes, its controller chooses a ready "
                         r"vampire they control$"),
    ("chosen_gain", r"^during this location's controller's unlock phase, the chosen vampire can gain (?P<n>\d+) blood$"),
    ("scourge", r"^during your discard phase, you can burn a vampire with capacity (?P<cap>\d+) or less, and your "
                r"predator takes control of this card \(even if you do not burn a vampire\)$"),
    ("allies_intercept", r"^allies get \+(?P<n>1) intercept against vampires$"),
    ("vote_lock", r"^you can lock this card during the polling step of any referendum to get \+(?P<n>\d) votes$"),
    ("perfectionist", r"^once each turn, this vampire can gain (?P<n>1) blood after performing a successful action "
                      r"during which no reaction cards were played$"),
    ("carfax", r"^during your unlock phase, a ready anarch you control can gain (?P<n>1) blood, and, if you control a "
               r"ready baron, another ready anarch you control can gain 1 blood as well$"),
    ("counter_on_lock", r"^add 1 counter to this card each time you lock it$"),
    ("burn_at_counters", r"^burn this card if it has (?P<n>\d+) counters$"),
    ("lock_hand_size_turn", r"^(?:you can )?lock (?:this card )?to get \+(?P<n>\d) hand size (?:until the end of the turn"
                            r"|this turn)$"),
    ("lock_edge_pool", r"^you (?:can|may) lock this card during your unlock phase to gain (?P<n>1) pool"
                       r"(?P<edge> if you have the edge)?$"),
    ("lock_edge_pool", r"^during your unlock phase, (?P<edge>if you control the edge), you may lock this card to gain "
                       r"(?P<n>1) pool$"),
    ("lock_add_uncontrolled", r"^lock to add (?P<n>1) blood from the blood bank to an? " + _CLAN +
                              r" in your uncontrolled region(?P<anytime>)$"),
    ("troublemaker", r"^during your unlock phase, you can give your prey control of (?:the )?(?:this card|anarch "
                     r"troublemaker) and either lock up to two vampires they control or burn an equipment on one of their "
                     r"minions$"),
    ("exchange_master", r"^once each master phase, a methuselah can use a master phase action to exchange a master card in "
                        r"his or her hand for one in his or her ash heap$"),
    ("redirect_cost", r"^minion cards that change the target of a bleed action cost \+(?P<n>1) blood or life$"),
    ("unblocked_penalty", r"^if that minion does not block the action, burn (?P<n>1) pool after action resolution$"),
    ("recruit_discount", r"^recruit ally actions cost this vampire -(?P<n>1) blood or pool$"),
    ("chantry", r"^you can lock this card and burn (?P<n>1) pool or 1 blood from a ready (?P<clan>[a-z]+) you control "
                r"during your master phase to move a [a-z]+ from torpor to their controller's ready region$"),
    ("rumor_mill", r"^you can lock this card during an action to choose a vampire; the chosen vampire can burn (?P<cost>1) "
                   r"blood to get \+(?P<n>1) intercept during that action$"),
    ("zombie_gain", r"^if this card is unlocked at the start of your turn, a ready vampire you control gains (?P<n>1) "
                    r"blood during your unlock phase$"),
    ("vine_cancel", r"^you may lock this card to cancel a non-out-of-turn master card played by another methuselah as "
                    r"that card is played$"),
    ("vine_refund", r"^that card has no effect \(no cost is paid\), and that methuselah gains another master phase "
                    r"action$"),
    ("vine_upkeep", r"^during your unlock phase, lock this card or burn (?P<n>1) pool$"),
    ("extra_mpa", r"^during your master phase, you get one additional master phase action$"),
    ("fewer_dpa_burn", r"^during your discard phase, you get one fewer discard phase action, and this card is burned$"),
    ("cape_verde", r"^lock during any methuselah's master phase to move (?P<n>1) blood from a ready (?P<clans>[a-z]+ or "
                   r"[a-z]+) you control to your pool or from your pool to a ready vampire you control$"),
    ("leopold_upkeep", r"^during his or her controller's unlock phase, the vampire with this card either burns (?P<n>1) "
                       r"blood or is burned \(the controller's choice\)$"),
    ("leopold_move", r"^the vampire with this card can move it to any other vampire as a \+(?P<stealth>1) stealth \(d\) "
                     r"action$"),
    ("hunt_bonus", r"^(?P<sect>sabbat|camarilla|anarch|laibon) vampires you control get \+(?P<n>1) hunt$"),
    ("luanda_choose", r"^lock this card during your master phase and choose a vampire you control$"),
    ("luanda_action", r"^once this turn, the chosen vampire may enter combat with any minion as a \+(?P<stealth>1) "
                      r"stealth \(d\) action$"),
    ("hunting_ground", r"^during your unlock phase, you may move (?P<n>1) blood from the (?:blood )?bank to a ready "
                       r"(?P<hgclan>(?!vampire\b)[a-z]+) you control$"),
    ("trophy_hunting", r"^during your unlock phase, the vampire with this card gains (?P<n>\d) blood from the blood bank$"),
    ("crematorium", r"^lock during your unlock phase to burn a vampire in torpor with no blood$"),
    ("lock_all_clan", r"^lock all ready (?P<clan>[a-z]+)$"),
    ("lock_mill_prey", r"^lock to burn (?P<n>two|three|\d) cards from the top of your prey's library$"),
    ("lock_ash_to_library", r"^lock during your discard phase to move a card from your ash heap to the bottom of your "
                            r"library$"),
    ("lock_peek_prey", r"^lock this card during your master phase to look at the top (?P<n>three|two|\d) cards in your "
                       r"prey's library$"),
    ("lock_after_success", r"^(?:you can )?lock (?:this (?:card|location) )?after resolution of a successful action "
                           r"requiring (?P<req>[a-z]+(?: or [a-z]+)?)(?: \[[a-z]+\])? to (?:gain (?P<pool>1) pool|add "
                           r"(?P<n>1) blood to an? (?P<clan>[a-z]+) you control)$"),
    ("host_intercept", r"^this (?P<clan>[a-z]+) gets \+(?P<n>\d) intercept$"),
    ("cavalier", r"^once each turn, this vampire can burn (?P<cost>1) blood to unlock after performing a successful "
                 r"action costing blood$"),
    ("carnivale", r"^you may burn this card to give this (?P<clan>[a-z]+) \+(?P<n>1) stealth for the current action$"),
    ("millicent", r"^if any of your vampires are blocked, burn (?:millicent|this card) and your acting vampire \(without "
                  r"combat\)$"),
    ("warsaw_lock", r"^you can lock this card as an? (?P<clan>[a-z]+) announces an undirected action; after action "
                    r"resolution, if that action was successful, unlock the acting (?P=clan)$"),
    ("warsaw_burn", r"^you can burn this card \(even if it is locked\) to move an? (?P<clan>[a-z]+) in torpor to the "
                    r"ready region$"),
    ("vp_hand_size", r"^each methuselah gets \+(?P<n>\d) hand size for each victory point he or she has$"),
    ("tension", r"^after a ready minion is burned or sent to torpor, their controller burns (?P<n>1) pool$"),
    ("mpa_discard_burn", r"^methuselahs can use a master phase action and discard two master cards to burn this card$"),
    ("block_tax", r"^any (?P<clan>[a-z]+) burns (?P<n>1) additional blood when attempting to block an action$"),
    ("card_action", r"^this card may be burned by (?P<who>any minion) as a \(d\) action(?P<verb>)$"),
    ("hunt_food_lock", r"^lock when an (?P<sect>anarch) announces a hunting action$"),
    ("hunt_food_gain", r"^if that action is successful, the anarch gains an additional blood$"),
    ("heidelberg", r"^lock to move blood, equipment and/or retainers between any two ready vampires you control$"),
    ("not_during_action", r"^cannot be used during an action$"),
    ("imbued_success_lock", r"^when an imbued successfully performs an action, lock this card to move (?P<n>1) blood from "
                            r"the blood bank to an imbued in your uncontrolled region$"),
    ("put_with_blood_per", r"^put this card in play with (?P<n>1) blood(?: on it)? for each (?P<clan>[a-z]+(?: antitribu)?) "
                           r"you control$"),
    # -- second pass: investments, votes from cards in play, location discounts
    ("bank_to_card", r"^put this card in play and move (?:(?P<n>\d+)|2(?P<x>x)) blood from the blood bank to this card$"),
    ("bank_to_card", r"^put this card in play with (?P<seats>x) blood where x is the number of methuselahs in the game$"),
    ("mpa_card_to_pool", r"^you may use a master phase action to move (?P<n>1) blood from this card to your (?:blood )?pool$"),
    ("burn_when_empty", r"^burn this card (?:(?:if|when) it has no (?:blood|counters)|when the last blood counter on it is "
                        r"removed|when all blood has been removed)$"),
    ("burn_when_empty", r"^if this card has no (?:blood|counters), burn it$"),
    ("vote_lock_each", r"^(?:you can )?lock this (?:location|card) during the polling step of a political action to give "
                       r"each (?P<who>titled camarilla vampire|[a-z]+) you control \+(?P<n>1) vote$"),
    ("vote_lock_each", r"^during the polling step of a political action, you can lock this card to give each "
                       r"(?P<who>titled camarilla vampire|[a-z]+) you control \+(?P<n>1) vote$"),
    ("vote_lock_unless", r"^lock during the polling step of a political action to get \+(?P<n>1) vote, with an additional "
                         r"\+1 vote if the card named /(?P<other>[a-z' ]+)/ is not in play$"),
    ("vote_lock_host", r"^this (?P<clan>[a-z]+) with (?P<disc>[a-z]+)(?: \[[a-z]{3}\])? may lock this card during a "
                       r"referendum to get (?P<n>1) additional vote$"),
    ("vote_political", r"^you get (?P<n>1) additional vote during each political action$"),
    ("vote_burn_pool", r"^once each turn, you can burn (?P<pool>1) pool to get \+(?P<n>\d) votes during the polling step of "
                       r"any referendum$"),
    ("location_discount", r"^locations cost you (?P<n>1) less blood or pool$"),
    ("choose_methuselah", r"^put this card in play and choose a methuselah$"),
    ("chosen_hand_size", r"^while this card is in play, the chosen methuselah's hand size is reduced by (?:one|1)$"),
    ("chapterhouse", r"^each of your predator and prey burns (?P<n>1) pool during his or her unlock phase for each "
                     r"hunting ground he or she controls$"),
    ("lock_unlock_clan", r"^you may lock this card to unlock a ready (?P<clan>[a-z]+) you control$"),
    ("unlocked_burns", r"^that (?P<clan>[a-z]+) burns (?P<n>1) blood$"),
    ("no_block_by_clan", r"^(?P<clan>[a-z]+) cannot attempt to block the actions of that vampire$"),
    ("host_bleed", r"^this vampire gets (?P<n>\+\d) bleed and \+(?P<votes>\d) votes$"),   # the votes: rules_politics.vote
    ("burn_referendum", r"^(?P<who>vampires|any vampire|titled vampires|any (?:titled )?(?:camarilla|sabbat|anarch) vampire"
                        r"|(?:camarilla|sabbat) vampires) (?:can|may) call a referendum to burn this card as a \+1 stealth "
                        r"political action$"),
    ("revolt_tax", r"^a methuselah not controlling a ready (?P<sect>anarch) burns (?P<n>1) pool during their unlock phase$"),
    ("lock_end_combat", r"^you (?:can|may) lock this (?:card|location) before range is determined to end (?:combat|a combat "
                        r"involving an? (?P<sect>anarch) you control and another (?P=sect))$"),
    ("lock_end_combat", r"^when an? (?P<sect>sabbat) vampire you control is in combat with another (?P=sect) vampire, you may "
                        r"lock this card before range is determined to end combat$"),
    ("lock_exchange_ash", r"^you can lock this location and burn (?P<pool>1) pool during your unlock phase to exchange one "
                          r"card from your hand for one card in your ash heap requiring an? (?P<req>anarch)$"),
    ("burn_if_other_kind", r"^burn this card if another (?P<kw>watchtower) enters play$"),
    ("lock_unlock_trait", r"^during your discard phase, you may lock this card to unlock any ready (?P<trait>black hand) "
                          r"vampire$"),
    ("mpa_draw", r"^you may use a master phase action to draw (?P<n>three|two|\d) cards \(discard down to your hand size "
                 r"afterward\)$"),
    # -- powerbases that bank blood
    ("drain_action", r"^(?:an?|any) (?P<who>vampire|sabbat vampire) controlled by another methuselah (?:can|may) (?:move all "
                     r"the blood on (?:this card|the powerbase) to his or her controller's (?:blood )?pool as a \(d\) action"
                     r"|take a \(d\) action to move all the blood on the 'base to his or her controller's blood pool)$"),
    ("bank_unlock_choice", r"^during your unlock phase, you may move (?P<n>1) blood from the blood bank to this card or move "
                           r"(?P<out>all) the blood on this card to your pool$"),
    ("bank_unlock_choice", r"^during your unlock phase, you may move up to (?P<max>3) pool to this card and add 1 blood from "
                           r"the blood bank for each pool you move, or you may move (?P<out>2) blood from this card to your "
                           r"pool$"),
    ("bank_unlock_choice", r"^during your unlock phase, you may move (?P<out>1) blood from this card to your pool$"),
    ("bank_mpa_choice", r"^as a master phase action, you may burn (?P<pool>1) pool to move (?P<n>3) blood counters from the "
                        r"blood bank to this card or move (?P<out>1) blood counter from this card to your pool$"),
    ("put_blood", r"^put (?P<n>\d+) blood on this card when it is played$"),
    ("put_blood_capacity", r"^put x blood on this card when it is played, where x is the capacity of a ready (?P<sect>sabbat) "
                           r"vampire you control$"),
    ("unlock_card_to_pool", r"^during each of your unlock phases, move (?P<n>1) blood from this card to your pool$"),
    ("titled_action_stealth", r"^titled vampires get \+(?P<n>1) stealth on that action$"),
    # -- events
    ("fourth_cycle", r"^after this card enters play, burn all gehenna events and conviction cards, then send all vampires "
                     r"with capacity (?P<cap>\d+) or less to torpor$"),
    ("no_gehenna_play", r"^gehenna events cannot be played$"),
    ("imbued_intercept", r"^imbued get (?P<n>-1) intercept when attempting to block monsters$"),
    ("monster_enters_imbued", r"^a ready monster can enter combat with an imbued as a \(d\) action$"),
    ("inquisition", r"^during each methuselah's unlock phase, that methuselah can choose a ready vampire controlled by "
                    r"their prey$"),
    ("chosen_damage", r"^the chosen vampire takes (?P<n>1) unpreventable environmental damage$"),
    ("heidelberg", r"^you may lock this card during your (?P<phase>master) phase to transfer (?P<kinds>equipment) and/or move "
                   r"blood between any two ready (?P<sect>sabbat) vampires you control$"),
    ("lock_damage_actor", r"^lock after resolution of a successful action directed at you \(or a card you control\) to "
                          r"inflict (?P<n>1) environmental damage on the acting minion$"),
    ("lock_discard_pair", r"^during your unlock phase, you may lock this card and discard two copies of the same card from "
                          r"your hand to gain (?P<n>1) pool \(draw afterward\)$"),
    ("lock_tutor", r"^during your (?P<phase>minion) phase, you may lock this card to search your library for an? "
                   r"(?P<what>weapon) and move it to your hand \(shuffle and discard afterward\)$"),
    ("rent_hunting", r"^any other methuselah may give you a pool during his or her unlock phase to lock this card to move "
                     r"(?P<n>1) blood from the blood bank to a ready vampire he or she controls$"),
    ("social_ladder", r"^during your influence phase, remove this vampire from the game and move all the blood counters from "
                      r"that vampire to an older vampire in your uncontrolled region$"),
    ("host_enter_combat", r"^this (?P<trait>black hand) vampire can enter combat with any younger non-(?P=trait) vampire as "
                          r"a \(d\) action$"),
    ("damned_burn", r"^the vampire with this card burns (?P<n>1) additional blood for each bleeding action he or she "
                    r"successfully performs \(after resolving the action\)$"),
    ("lock_unlock_clan", r"^you can lock this card during your (?P<phase>minion) phase to unlock a ready "
                         r"(?P<clan>daughter of cacophony)$"),
    ("political_cost", r"^political actions cost (?P<n>1) additional blood$"),
    ("gird", r"^move any number of blood counters from your pool to 1 or more vampires you control$"),
    ("sermon", r"^move any amount of blood from one of your ready vampires to any combination of your other ready "
               r"vampires$"),
    ("nocturn", r"^lock this card and a ready vampire you control during your unlock phase to lock a minion controlled by "
                r"your prey$"),
    ("temple_intercept", r"^each (?P<sect>sabbat) vampire you control gets \+(?P<n>1) intercept when attempting to block "
                         r"(?:\{\})?actions directed against (?P=sect) vampires you control$"),
    ("guru", r"^once per turn, when this vampire calls a referendum and it passes, he or she gains (?P<n>1) blood from the "
             r"blood bank$"),
    # -- counters, clan modifiers while in play, (D) actions with a clan's stealth
    ("put_counters", r"^put this card in play with (?P<n>\d+) counters$"),
    ("discard_counter", r"^during your discard phase, burn (?P<n>1) counter from this card$"),
    ("burn_own_unlock", r"^during your unlock phase, burn this card$"),
    ("clan_bleed", r"^(?P<who>toreador antitribu|titled brujah) get (?P<n>\+1) bleed(?: and \+(?P<votes>1) vote)?$"),
    ("clan_votes", r"^(?P<who>ventrue) get (?P<n>-1) vote$"),
    ("clan_votes", r"^each (?P<ready>ready )?(?P<who>ventrue) gets an additional vote during (?P<pol>political) actions$"),
    ("clan_votes", r"^each (?P<who>non-titled toreador antitribu) you control gets (?P<n>\+1) vote$"),
    ("clan_action_stealth", r"^(?P<who>assamites) get (?P<n>\+1) stealth when (?P<kind>bleed)ing$"),
    ("clan_action_stealth", r"^(?P<who>brujah princes and brujah justicars) get (?P<n>\+1) stealth on (?P<kind>bleed) actions$"),
    ("clan_action_stealth", r"^(?P<who>sabbat vampires) get (?P<n>-1) stealth during (?P<kind>hunt) actions$"),
    ("hunt_fill", r"^(?P<who>sabbat vampires) successfully hunting gain enough blood from the blood bank to reach full "
                  r"capacity$"),
    ("card_action", r"^(?:(?P<who>any minion|any vampire|minions|vampires) (?:can|may) (?P<verb>burn|steal) this "
                    r"(?:card|location)|this card may be burned by (?P<who2>any minion|any vampire)) as a \(d\) action"
                    r"(?: that costs (?P<costb>1) blood)?(?:; (?P<mods>[a-z ]+?) get (?P<ms>[+\-]1) stealth (?:during|on|when "
                    r"attempting) that action)?$"),
    ("hunting_ground", r"^during your unlock phase, a ready (?P<hgclan>black hand) vampire you control can gain "
                       r"(?P<n>\d+) blood$"),
    ("card_action", r"^any (?P<clans2>assamite) can (?P<verb>burn) this card as a \(d\) action that costs (?P<costp>1) pool$"),
    ("younger_caller_vote", r"^this vampire gets (?P<n>1) additional vote in referendums called by younger vampires$"),
    ("younger_blocker_burns", r"^a younger vampire who successfully blocks this vampire burns (?P<n>1) blood \(before combat "
                              r"begins, if any\)$"),
    ("vote_lock_each", r"^you can lock this card during the polling step of a political action to get \+(?P<n>1) vote for "
                       r"each ready (?P<who>daughter of cacophony) you control$"),
    ("prey_richer_burns", r"^if your prey has more pool than you \(after paying the cost of this card\), your prey burns "
                          r"(?P<n>\d) pool$"),
    ("anyone_cancel", r"^any methuselah can cancel this card as it is played by burning (?P<pool>\d) pool \(the cost of this "
                      r"card is not paid in that case\)$"),
    ("blood_hunt_against", r"^blood hunt referendums get an additional (?P<n>\d) votes against the referendum$"),
    ("unlock_add_counters", r"^during your unlock phase, add (?P<n>two|\d) counters to this card from the blood bank$"),
    ("fletcher", r"^when a vampire with capacity less than x is blocked while hunting, where x is the number of counters on "
                 r"this card, burn that vampire and all the counters on this card$"),
    ("hunting_ground", r"^during your unlock phase, an? (?P<hgclan>true brujah)(?P<anyregion>) you control can gain "
                       r"(?P<n>\d+) blood$"),
    ("burn_referendum", r"^(?P<who>vampires) can call a referendum to burn this card as a \+1 stealth political action; "
                        r"during that referendum, you get \+(?P<ctrl_vote>1) vote$"),
    ("add_counter_upto", r"^if this card has (?P<max>\d+) or fewer counters during your unlock phase, you can add (?P<n>1) "
                         r"counter to it$"),
    ("vote_lock_counters", r"^you can lock this card during the polling step of any referendum to give a titled "
                           r"(?P<sect>sabbat) vampire \+1 vote for each counter on this card$"),
    ("drain_action", r"^(?P<who>vampire)s controlled by other methuselahs can (?P<strip>burn) all the counters from this card "
                     r"as a \(d\) action$"),
    ("tutelage", r"^a methuselah may spend (?P<n>four|\d) transfers and remove a vampire in his or her uncontrolled region "
                 r"from the game to search for any card in his or her library and put it in his or her hand \(discarding "
                 r"and shuffling afterward\)$"),
    ("fbi", r"^if an ally is burned in combat with an acting vampire, add (?P<n>1) counter to this card and inflict "
            r"(?P<dmg>\d) unpreventable environmental damage on the acting vampire after the combat ends$"),
    ("burn_at_counters_event", r"^if this card has (?P<n>\d+) counters, burn it$"),
    ("monster", r"^once each turn after a combat involving this vampire ends, this vampire can burn (?P<n>1) blood to "
                r"unlock if the opposing minion is not ready$"),
    ("shortage", r"^each (?P<clan>[a-z]+) burns (?P<n>1) blood during his or her controller's unlock phase, and each "
                 r"(?P=clan) who cannot burn a blood is locked instead$"),
    ("no_votes", r"^the vampire with this card cannot cast votes or ballots$"),
    ("political_stealth", r"^any minion attempting a political action gets (?P<n>[+\-]\d) stealth$"),
    ("no_bleed_you", r"^that (?P<clan>[a-z]+) cannot attempt to bleed you$"),
    ("passage_fail", r"^if this minion is the target of a \{?directed\}? action (?P<ready>while he or she is ready), you may "
                     r"burn this card to make the action fail$"),   # Secret Passage (use)
    ("passage_fail", r"^this vampire can burn this card to cause an action targeting him or her to fail$"),   # Chanjelin Ward
    ("ward_cost", r"^other methuselahs' actions targeting this vampire cost an additional blood$"),   # action_extra_blood
    ("burn_reduce_bleed", r"^you can burn this card if a minion is bleeding you to reduce the bleed amount by (?P<n>\d)$"),
    ("groom", r"^move up to (?P<n>\d) blood from a ready vampire you control to a younger vampire of the same clan in your "
              r"uncontrolled region$"),
    ("two_oldest", r"^during your unlock phase, you may move (?P<n>1) blood from the blood bank to each of the two oldest "
                   r"ready vampires you control$"),
    ("card_action", r"^(?:(?P<who>any minion|any vampire)(?: who is not (?P<notclan>[a-z]+))?|any (?P<titled>titled) vampire"
                    r"|(?:any |another )?(?P<clans>sabbat|laibon|toreador|assamite|camarilla|anarch) vampires?"
                    r"|any (?P<clans2>laibon|toreador|assamite|tremere|ventrue|nosferatu))"
                    r" (?:can|may) (?P<verb>steal|burn) this (?:location|card)(?: for his or her controller)? as a "
                    r"(?:\+(?P<stealth>1) stealth )?\(d\) action$"),
    ("card_action", r"^this card (?:may|can) be burned by (?:(?P<who>any minion) who is not (?P<notclan>[a-z]+)"
                    r"|(?:any|another) (?P<clans>[a-z]+)) as a \(d\) action(?P<verb>)$"),
    ("mpa_blood_to_clan", r"^during your master phase, you can move (?P<n>1) blood from this card to an? (?P<clan>[a-z]+) "
                          r"you control$"),
    ("sorrow", r"^lock to unlock any card you control that is not a minion$"),
    ("sorrow_no_unlock", r"^if you do so, neither that card nor this location unlock as normal on your next unlock phase$"),
    ("hunt_bonus_lock", r"^lock to give a vampire who successfully hunts an additional blood from the blood bank$"),
    ("ignore_excess", r"^ignore excess blood$"),
    ("cab_add", r"^lock during your master phase to move a blood from the blood bank to this card$"),
    ("cab_move", r"^lock during your unlock phase to move 1 blood from this card to your pool or to a ready vampire "
                 r"you control$"),
    ("jungle_add", r"^lock during your unlock phase to add (?P<n>1) blood to this card if it has fewer than (?P<max>\d) blood$"),
    ("jungle_move", r"^lock during your unlock phase to move all the blood on this card to a ready (?P<clan>[a-z]+) you "
                    r"control$"),
    ("insurance", r"^during your turn, you may lock this card and burn x locations you control to gain x pool$"),
    ("lock_make_anarch", r"^lock during your master phase to make a ready non-titled, non-anarch vampire you control "
                         r"anarch$"),
    ("mpa_burn_pool", r"^if you have fewer than (?P<lt>\d+) pool, you may use a master phase action to burn this card "
                      r"and gain (?P<n>\d+) pool$"),
    ("lock_remove_gain", r"^lock during your unlock phase to remove a ready minion you control from the game and gain x "
                         r"pool, where x is their capacity or cost$"),
    ("lock_blood_uncontrolled", r"^you can lock this card to add (?P<n>1) blood to a vampire in your uncontrolled region$"),
    ("lock_discard_draw", r"^you can lock this card to discard a card \(draw up afterward\)$"),
    ("lock_draw_discard", r"^you can lock this card to draw (?P<n>\d) cards \(discard down afterward\)$"),
    ("lock_transfer", r"^lock during your influence phase to get \+(?P<n>1) transfer$"),
    ("enter_combat_action", r"^minions can enter combat with this vampire as a (?:\+(?P<stealth>1) stealth )?\(d\) "
                            r"action$"),
    ("host_burns_action", r"^this vampire can burn this card as a (?:\+(?P<stealth>1) stealth )?\(d\) action$"),
    ("ashur", r"^if you control three copies of this card, remove all copies in play \(even controlled by other "
              r"methuselahs\) from the game to gain (?P<pool>3) pool and choose up to thirteen library cards from your "
              r"ash heap; move one of the chosen cards to your hand and shuffle the others into your library$"),
    # the Paths: a clan's discount on cards requiring a Discipline; burned by any minion, the acting vampire hurt
    ("path_discount", r"^cards (?:requiring|that require) [a-z]+ \[(?P<tri>[a-z]{3})\] cost (?!slave |this )"
                      r"(?P<clan>[a-z][a-z ]*?) (?:(?P<n>1) (?:fewer|less)|-(?P<n2>1)) blood$"),
    ("card_action", r"^(?P<who>any minion|minions) (?:can|may) (?P<verb>burn) this card as a \(d\) action"
                    r"(?: that inflicts (?P<dmg>1) unpreventable environmental damage on acting vampires"
                    r"|; if that minion is a vampire, he or she takes (?P<dmg2>1) unpreventable damage when this card is "
                    r"burned)$"),
    # strength in combat (rules_combat.strength through effects_master.master_strength)
    ("host_strength", r"^this (?:vampire|[a-z]+(?: antitribu)?) gets (?P<n>\+\d) strength$"),
    ("clan_strength", r"^(?P<clan>[a-z]+) you control get (?P<n>\+\d) strength$"),
    # a press in combat, the card locked (rules_combat.press through effects_master.press_from_master)
    ("lock_press", r"^(?:you can )?lock (?:this card )?to give (?:a minion you control (?:1|a) press|(?:1|a) press)"
                   r", only usable to (?P<to>end|continue) combat(?:, to a minion you control)?$"),
    # Protected Resources: bleeds against its player capped (rules_action._succeed through master_bleed_cap); burned
    # after one of its player's minions bleeds successfully (after_action)
    ("master_bleed_cap", r"^if you would burn more than (?P<n>\d) pool to a bleed, you burn (?P=n) pool instead$"),
    ("burn_after_own_bleed", r"^after a minion you control successfully bleeds, burn this card$"),
    # master cards on the vampire, for its diablerie and its actions (announce: actor_stealth, actor_refusal)
    ("host_diablerie_stealth", r"^(?:this vampire|the vampire with this card) gets (?P<n>\+[12]) stealth (?:during "
                               r"diablerie actions|when attempting (?:to commit )?diablerie)$"),
    ("no_vote_own_hunt", r"^this vampire may not cast votes or ballots during a referendum to call a blood hunt on this "
                         r"vampire$"),   # The Hunt Club (vote_refusal)
    ("hunt_changeling_block", r"^non-changelings cannot block this [a-z]+'s undirected hunt actions$"),   # Ravager
    ("host_no_kinds", r"^this vampire cannot (?P<what>recruit allies or employ retainers|commit diablerie)$"),
    # -- at a moment of the turn
    ("unlock_counter_from_pool", r"^during your unlock phase, move (?P<n>1) counter from your pool to this card$"),
    ("toll_or_burn_vampire", r"^during each methuselah's unlock phase, that methuselah burns (?P<n>1) pool unless they burn "
                             r"a vampire they control with capacity (?P<cap>\d+) or more to burn this card$"),
    ("toll_per_counter", r"^during each other methuselah's unlock phase, for each counter on this card, that methuselah "
                         r"burns 1 pool or burns 1 blood from a vampire they control$"),
    ("equip_unlocks", r"^any minion who successfully performs an equip action unlocks at the end of the turn$"),
    ("thirst", r"^after each methuselah's minion phase ends, each ready vampire controlled by that methuselah with "
               r"capacity less than the number of gehenna events in play who did not hunt during that minion phase burns "
               r"(?P<n>1) blood$"),
    ("hunt_tithe", r"^if a vampire successfully hunts, move (?P<n>1) blood from that vampire to this card after "
                   r"resolution$"),
    ("burn_at_blood", r"^burn this card if it has (?P<n>\d+) blood$"),
    ("uncoil_burn", r"^during your discard phase, burn another event at random$"),
    ("uncoil_burned_by", r"^other methuselahs can use a discard phase action and burn x pool to burn this card, where x is "
                         r"the number of other events in play$"),
    ("torpor_action_cost", r"^actions performed by vampires in torpor cost \+(?P<n>1) blood$"),
    ("older_rescue_cost", r"^rescuing an older vampire from torpor costs \+(?P<n>1) blood$"),
    ("burn_all_boons", r"^burn all boons$"),
    ("no_more_boons", r"^no more boons can be put in play$"),
    ("blood_trade", r"^during each methuselah's unlock phase, that methuselah can move (?P<n>1) blood from a vampire they "
                    r"control to a vampire controlled by another methuselah$"),
    ("discard_burn_torpor", r"^during each methuselah's discard phase, that methuselah burns (?P<n>1) pool for each "
                            r"vampire in torpor they control$"),
    ("predator_takes", r"^during your discard phase, your predator takes control of [a-z' ]+$"),
    # -- session 3: votes and bleed from master cards on a vampire, blocks, slave discounts
    ("caller_bleed_vote", r"^this (?P<clan>laibon) has \+(?P<n>1) bleed and gets an additional vote in any referendum "
                          r"he or she calls$"),   # Ancestor Spirit (bleed_bonus, master_votes)
    ("conductor_votes", r"^while this (?P<clan>daughter of cacophony) is unlocked or acting, each unlocked or acting "
                        r"(?P=clan) gets \+(?P<n>1) vote$"),   # Conductor (master_votes)
    ("rebel_block", r"^once each turn, if they block a titled vampire or a political action, this vampire gains "
                    r"(?P<n>1) blood before block resolution$"),   # Rebel (blocked)
    ("path_discount", r"^cards requiring [a-z]+ \[(?P<tri>[a-z]{3})\] cost (?P<slave>slave )(?P<clan>gargoyle)s "
                      r"(?P<n>1) fewer blood$"),   # The Path of Service
    # out-of-turn masters that cancel a blood hunt (out_of_turn_timing checks the referendum; the play makes it fail)
    ("cancel_blood_hunt", r"^cancel (?:that blood hunt|a blood hunt called on an? (?P<who>[a-z][a-z ]*?)"
                          r"(?P<yours> you control)?)$"),
    ("own_turn_ok", r"^you may play this card during your turn$"),   # rules_action._play_out_of_turn
    # uses of cards in play
    ("unlock_trait_all", r"^during your master phase, you can burn (?P<pool>1) pool to unlock all (?P<trait>infernal) "
                         r"minions you control$"),   # Path of Evil Revelations
    ("counter_to_location", r"^lock this card to add (?:one|1) counter to a location you control that uses counters$"),
    ("lock_give", r"^lock this card to give (?P<who>an? [a-z]+) \+(?P<n>1) (?P<stat>intercept) when a (?P<monster>monster) "
                  r"is acting$"),   # Vigil: The Thin Line
    ("lock_with_minion", r"^you can lock this card and (?P<who>an? [a-z][a-z ]*? you control) to give a minion "
                         r"\+(?P<n>1) (?P<stat>stealth)$"),   # Paris Opera House
    # Blooding by the Code: the level is read by context.discipline_level, the strength by master_strength
    ("discipline_strength", r"^this (?P<clan>salubri antitribu) gains one level of [a-z]+ \[(?P<tri>[a-z]{3})\] and gets "
                            r"\+(?P<n>1) strength$"),
    # votes in the polling step (card_votes): Bastille Opera House burned without Daughters of Cacophony, Esgrima
    ("vote_burn_without", r"^if you control no ready (?P<who>daughters of cacophony), you can lock and burn this location "
                          r"during the polling step of a political action to get \+(?P<n>1) vote$"),
    ("vote_lock_big", r"^lock during the referendum of a political action to give (?P<n>3) additional votes to a vampire "
                      r"with a capacity above (?P<cap>\d+)$"),
    # archetypes that gain blood, seen by state_checks after each step (once per turn each)
    ("sociopath", r"^once per turn, when this vampire remains ready and burns a minion in combat or sends a vampire to "
                  r"torpor in combat, he or she gains (?P<n>1) blood from the blood bank$"),
    ("bravo", r"^once per turn, when this vampire successfully performs an action to enter combat with another, he or "
              r"she gains (?P<n>1) blood from the blood bank when the combat ends, if he or she is still ready$"),
    ("traditionalist", r"^once per turn, when this vampire casts his or her votes or ballots against a referendum and the "
                       r"referendum fails, he or she gains (?P<n>1) blood from the blood bank$"),
    # (D) actions a master card gives (announce_from, succeed_from)
    ("host_enter_combat_vs", r"^this (?P<clan>salubri) can enter combat with a non-(?P=clan) vampire as a \(d\) action; "
                             r"if that vampire is (?P<plus>tremere), this is a \+1 stealth action$"),
    ("host_burn_blood", r"^the [a-z ]+ with this card can burn up to (?P<n>2) blood from a ready vampire as a "
                        r"\+(?P<stealth>1) stealth \(d\) action$"),   # Lazarene Inquisitor
    ("host_lock_any", r"^this vampire can lock any card \(including a minion\) as a \+(?P<stealth>1) stealth \(d\) "
                      r"action$"),   # Remover
    ("burn_uncontrolled_action", r"^any minion you control may burn (?P<n>1) blood on an uncontrolled minion in your "
                                 r"prey's uncontrolled region as a \(d\) action$"),   # Cairo Int'l Airport
    ("loner", r"^during your influence phase, if this vampire successfully performed an action this turn and none of your "
              r"other minions attempted any actions this turn, he or she gains (?P<n>1) blood from the blood bank, if he or "
              r"she is ready$"),   # after_action notes the success, end_of_minion_phase gives the blood
    ("block_lock_instead", r"^when a vampire you control blocks an? (?P<sect>camarilla) vampire, you may lock this card "
                           r"instead of locking the blocking vampire$"),   # Elysium: Sforzesco Castle (blocked)
    ("prey_master_gain", r"^if your prey gains 1 or more pool during their master phase, you can gain (?P<n>1) pool$"),
    ("burn_if_sect_changes", r"^if this vampire changes sects, burn this card$"),   # after_play notes it, state_checks
    ("weapon_surcharge", r"^weapons cost an additional (?P<n>1)? ?pool$"),   # equip_surcharge (rules_action.announce)
    ("passed_lock_burn", r"^after a referendum called by a vampire you control passes, you can lock this card to burn "
                         r"(?P<n>1) pool from your prey$"),   # referendum_passed notes it; the use
    ("lock_other_end_combat", r"^you may lock any other unique location you control to end combat involving an acting "
                              r"vampire you control before range is chosen$"),   # Powerbase: Savannah (use_in_combat)
    ("conclave", r"^during a political action performed by an? (?P<sect>camarilla) vampire you control or its polling "
                 r"step, you can burn (?P<n>1) counter from this card to give the acting vampire \+1 stealth or to give "
                 r"each non-(?P=sect) vampire -1 vote$"),   # Camarilla Conclave (use; master_votes)
    # a clan that does not unlock as normal while the card is in play (start_of_unlock_phase), 1 blood to unlock (use)
    ("clan_no_unlock", r"^(?P<clan>followers of set) do not unlock as normal$"),
    ("clan_burn_unlock", r"^each (?P<clan>follower of set) may burn (?P<n>1) blood to unlock during each of his or her "
                         r"controller's unlock phases$"),
    ("clan_unlock_cost", r"^every (?P<clan>nosferatu) burns (?P<n>1) additional blood to unlock during his or her "
                         r"controller's unlock phase$"),
    ("transfers_burn", r"^any methuselah can burn this card by burning (?P<pool>1) pool and spending (?P<n>four) transfers "
                       r"during his or her influence phase$"),   # Whispers of the Nictuku
    # Mapatano Utando: locked while a minion bleeds you (-1 bleed), or in the influence phase with the Edge burned
    ("lock_reduce_bleed", r"^you may lock this card to reduce a bleed against you by (?P<n>1)$"),
    ("lock_edge_transfers", r"^during your influence phase, you may lock this card and burn the edge to gain (?P<n>4) "
                            r"transfers$"),
    ("path_hunting_ground", r"^during your unlock phase, a ready vampire you control who follows the path of "
                            r"(?P<path>death and the soul) can gain (?P<n>1) blood, or a (?P<kinds>wraith or zombie) ally "
                            r"you control can gain 1 life, not to exceed its starting life$"),   # Burial Site Hunting Ground
    ("ash_for_bleed", r"^once each action, if an? (?P<clan>giovanni) you control is about to successfully bleed your prey, "
                      r"you can remove (?P<cards>seven) cards in your ash heap from the game to give that action "
                      r"\+(?P<n>1) bleed$"),   # Dis Pater
    # locations used at any time or in their player's master/influence phase
    ("lock_lock_clan", r"^you can lock this location to lock an? (?P<clan>toreador)$"),   # The Louvre, Paris
    ("lock_lock_if_title", r"^if you control the (?P<title>prince of paris), you can lock this location to lock a minion$"),
    ("museum_gain", r"^gain (?P<n>4) pool when you put this card into play or gain control of it$"),   # after_play, state_checks
    ("museum_burn", r"^burn (?P<n>4) pool when you lose control of the high museum \(including when it is burned or "
                    r"becomes contested\)$"),
    ("vampire_to_card", r"^during your master phase, an? (?P<clan>tremere) you control can move (?P<n>1) blood from "
                        r"themselves to this card$"),   # Wasserschloss Anif, Austria
    ("lock_counters_uncontrolled", r"^lock during your influence phase to move all counters on this card to an? "
                                   r"(?P<clan>tremere) in your uncontrolled region$"),
    ("pool_to_card", r"^during your master phase, you can move (?P<n>1) counter from your pool to this card$"),
    ("counters_steal", r"^lock and burn x counters from this card during your influence phase to steal a vampire "
                       r"controlled by your prey with capacity less than x$"),   # Grand Temple of Set
    ("munich", r"^during your master phase, you can lock this location to move (?P<n>1) blood from a vampire with "
               r"(?P<disc>oblivion) \[(?P<tri>obl)\] you control to your pool or from your pool to a ready vampire with "
               r"(?P=disc) \[(?P=tri)\] you control$"),   # Powerbase: Munich
    ("card_action", r"^(?P<clans>independent) vampires can (?P<verb>burn) this location as a \(d\) action that costs "
                    r"(?P<costb>1) blood$"),
    # contracts: the vampire chosen as the card is played (`choice`) enters combat with the minion it is on
    ("contract_choose", r"^choose (?:an?|any) (?P<who>assamite|samedi) and put this card on (?:a ready|any) minion$"),
    ("contract_choose", r"^put this card on any ready minion and choose a (?P<who>black hand) vampire$"),
    ("contract_enter", r"^(?:the chosen (?:assamite|samedi)|that black hand vampire) (?:can|may) enter combat with (?:the "
                       r"attached minion|this minion|the minion with this card) as a \+(?P<stealth>1) stealth \(d\) action"
                       r"(?P<unless> unless they are controlled by the same methuselah)?$"),
    ("not_on_clans", r"^this card cannot be put on an? (?P<c1>[a-z]+) or an? (?P<c2>[a-z]+)$"),   # Dirty Contract
    # Trophy: Domain (intercept_bonus; the use), Houngan (start_of_unlock_phase; the use; announce_from)
    ("host_intercept", r"^the vampire with this card has \+(?P<n>1) intercept$"),
    ("wake_to_block", r"^once each action, this vampire can burn (?P<n>1) blood to unlock and attempt to block$"),
    ("houngan_gain", r"^during your unlock phase, this (?P<clan>samedi) gains (?P<n>1) blood from the bank, and he or she "
                     r"may lock to gain an additional blood$"),
    ("take_to_self", r"^any other (?P<clan>samedi) may move this card to himself or herself as a \+(?P<stealth>1) stealth "
                     r"action$"),
    # Into the Fire, Out of the Frying Pan: a ready vampire of the player (`target`) changes sect
    ("choose_own_sect", r"^choose a ready (?P<non>non-)?(?P<sect>sabbat) vampire you control$"),
    ("become_sect", r"^that vampire becomes (?P<sect>sabbat|camarilla)$"),
    ("clan_unaffected", r"^his or her clan is not affected$"),
    # a Discipline chosen as the card is played (`choice`), read by context.discipline_level (chosen_discipline)
    ("choose_discipline", r"^put this card on (?:a vampire you control|an? (?P<clan>tremere antitribu) you control) and "
                          r"choose a discipline$"),
    ("chosen_level", r"^this vampire gains 1 level of that discipline$"),   # Agent of Power
    ("chosen_superior", r"^the vampire with this card can play cards that require that discipline as though he or she has "
                        r"the superior version of that discipline$"),   # Infernal Pact
    ("burn_own_discard", r"^burn this card during your discard phase$"),   # start_of_discard_phase
    # Guardian Angel: intercept_bonus; the prevention is read by rules_combat (a card on the minion that says
    # "prevent 1 damage each combat", once each combat); state_checks burns it in torpor
    ("host_intercept_bleed", r"^this vampire gets \+(?P<n>1) intercept during bleed actions directed at you$"),
    ("host_prevent", r"^this vampire can prevent (?P<n>1) damage each combat$"),
    ("burn_after_torpor", r"^if this vampire is in torpor, burn this card$"),
    # Fall of the Camarilla, Fall of the Sabbat: context.sect (fallen_sect) reads the sect as Independent
    ("no_sect", r"^there is no (?P<sect>camarilla|sabbat)$"),
    ("sect_considered", r"^instead, (?P<sect>camarilla|sabbat) vampires are considered (?P<as>independent)$"),
    # Blind Spot: `target` the player's vampire, `choice` the prey's minion (block_refusal, reaction_refusal)
    ("blind_choose", r"^choose a vampire you control and an ally or younger vampire controlled by your prey$"),
    ("blind_spot", r"^while the first chosen vampire is acting this turn, the other chosen minion cannot block or play "
                   r"reaction cards$"),
    # Toreador Grand Ball: `target` the Toreador locked, `choice` the other one
    ("ball_choose", r"^choose two ready (?P<clan>toreador) you control, put this card in play, and lock one of the two$"),
    ("ball_no_unlock", r"^the locked toreador does not unlock as normal$"),   # start_of_unlock_phase
    ("ball_unblockable", r"^the other toreador's non-bleed actions cannot be blocked$"),   # block_refusal
    # Saulot's Guiding Wisdom: its Salubri locks in a referendum (`minion` the vampire that abstains; vote_refusal),
    # or before range to end a combat of another minion of its player (use_in_combat), once each turn
    ("host_lock_abstain", r"^this (?P<clan>salubri) can lock during any referendum to force a vampire to abstain$"),
    ("host_lock_end_combat", r"^once each turn, this (?P<clan>salubri) can lock before range is determined to end a "
                             r"combat involving another minion you control$"),
    # Oxford University: locked in the polling step with X pool (`effect` X): 2X votes to cast with `vote`
    ("lock_pay_votes", r"^you can lock this card and burn x pool during the polling step of a political action to get "
                       r"\+2x votes$"),
    # The Line: locked as a vampire of its player announces an action card with a blood cost: 1 blood less
    ("line_discount", r"^you can lock this location to reduce the cost of an action card a vampire you control plays by "
                      r"(?P<n>1) blood \(this location is not locked if that card is canceled as it is played\)$"),
    # Alamut: the pool an Assamite of its player bleeds goes onto it (master_bleed_cap notes it, after_action);
    # X counters burned in the polling step of a political action (`effect` X, `minion` the vampire): X votes
    ("bled_pool_to_card", r"^after an? (?P<clan>assamite) you control successfully bleeds a methuselah, put the pool lost "
                          r"by that methuselah on this card$"),
    ("counters_votes", r"^during the polling step of a political action, you can burn x counters from this card to give a "
                       r"vampire you control \+x votes$"),
    # Dead Pool: a counter when a vampire in combat with its player's Lasombra leaves the ready region (state
    # checks); a counter burned by a Lasombra of its player for +2 bleed during its bleed, or +2 votes in polling
    ("combat_fall_counter", r"^after a vampire in combat with an? (?P<clan>lasombra) you control leaves the ready region, "
                            r"you can add (?P<n>1) counter to this card$"),
    ("counter_bleed_or_votes", r"^during a bleed action or the polling step of any referendum, an? (?P<clan>lasombra) you "
                               r"control can burn (?P<c>1) counter from this card to get \+(?P<n>2) bleed or \+(?P=n) "
                               r"votes$"),
    # a vampire kept locked by the card on it, with a toll in its controller's unlock phase (start_of_unlock_phase,
    # pay_toll): Obsession (1 blood to unlock, or burned), Kindred Society Games (1 blood, or the card moves on)
    ("host_no_unlock", r"^(?:the vampire with this card|this vampire) (?:does not|doesn't) unlock as normal"
                       r"(?: during his or her unlock phase)?$"),
    ("obsession_toll", r"^during his or her controller's unlock phase, he or she burns (?P<n>1) blood to unlock or is "
                       r"burned$"),
    ("games_toll", r"^during his or her controller's unlock phase, that vampire either puts society games on a younger "
                   r"locked vampire or burns (?P<n>1) blood to unlock$"),
    ("games_burned", r"^if the vampire choses to move society games but there is no locked younger vampire, society games "
                     r"is burned$"),
    ("burn_after_torpor", r"^if the vampire goes into torpor, this card is burned$"),
    # Detection: its vampire kept locked may burn 1 blood to unlock (a use by the vampire's controller)
    ("host_may_burn_unlock", r"^during his or her controller's unlock phase, this vampire may burn (?P<n>1) blood to "
                             r"unlock$"),
    ("no_votes", r"^this vampire cannot cast votes or ballots$"),
    ("host_burns_action", r"^he or she may burn this card as a \(d\) action$"),
    # Twilight Camp, Swiss Cut: blood on the card, moved by a master phase action (mpa_card_to); Twilight Camp burns
    # 1 to make a vampire its player put in play this influence phase Anarch (state_checks note it); Swiss Cut gains
    # 1 after any Methuselah plays an investment (after_play)
    ("bank_to_card", r"^put this card in play with (?P<n>\d+) blood$"),
    ("mpa_card_to", r"^you can use a master phase action to move (?P<n>1) blood from this card to (?P<pool>your pool or to )?"
                    r"an? (?P<ready>ready )?(?P<clan>anarch|giovanni)(?: you control)?$"),
    ("camp_anarch", r"^after you put a non-titled non-anarch vampire in play from your uncontrolled region, you can burn "
                    r"(?P<n>1) blood from this card to make that vampire anarch$"),
    ("investment_feeds", r"^after any methuselah plays an investment card, add (?P<n>1) blood to this card$"),
    # contracts whose chosen are a whole group (announce_from): Shakar: the Hunt, Haqim's Law: Judgment
    ("all_chosen", r"^every (?P<who>black hand vampire|independent or anarch assamite) is considered chosen for this "
                   r"contract$"),
    ("any_enter", r"^any (?P<who>black hand vampire|independent or anarch assamite) can enter combat with (?:this minion|"
                  r"the attached vampire) as a \+(?P<stealth>1) stealth \(d\) action$"),
    ("burn_after_torpor", r"^burn this card if this minion is not ready$"),
    ("lock_to_put_younger", r"^lock a ready (?P<who>independent or anarch assamite) you control to put this card on a "
                            r"younger vampire$"),   # `choice` the Assamite locked, `target` the younger vampire
    # Trophy: Diablerie: rules_diablerie.blood_hunt_barred reads "blood hunts cannot be called against this vampire"
    ("hunt_barred", r"^blood hunts cannot be called against this vampire$"),
    ("burn_after_diablerie", r"^if this vampire successfully diablerizes another vampire, burn this card at the end of "
                             r"the action$"),   # after_action
    # Trophy: Library: hand_size counts at most two on one vampire
    ("host_hand_size", r"^the controller of this vampire gets \+(?P<n>\d) hand size$"),
    ("at_most_two", r"^a vampire may have no more than two trophy: libraries$"),
    # Pentex(TM) Loves You!: during an action, locked to choose a Sabbat vampire (`minion`); that vampire, acting, burns
    # 1 blood once for +1 bleed (`effect: bleed`); the choice ends with the action (after_action)
    ("pentex_choose", r"^you may lock this card and choose an? (?P<who>sabbat) vampire$"),
    ("pentex_burn", r"^once during the current action, the chosen vampire may burn (?P<cost>1) blood to get \+(?P<n>1) "
                    r"bleed$"),
    # Curmudgeon: in the prey's unlock phase its player chooses a minion of the prey (`minion`); if that minion is
    # blocked this turn, the card locks for 1 blood to its vampire (blocked)
    ("curmudgeon_choose", r"^during your prey's unlock phase, you may choose a minion controlled by your prey$"),
    ("curmudgeon_gain", r"^if that minion is blocked this turn, you may lock this card to move (?P<n>1) blood from the "
                        r"blood bank to this vampire$"),
    # Joseph Pander: locked with 1 pool during a directed action at a Pander of its player, the action fails; a
    # Pander chosen in the master phase (`minion`) enters combat once this turn as a (D) action (announce_from)
    ("pander_fail", r"^you can lock this card and burn (?P<pool>1) pool to have an action directed at an? (?P<clan>pander) "
                    r"you control fail$"),
    ("pander_choose", r"^during your master phase, choose an? (?P<clan>pander); once this turn, the chosen (?P=clan) can "
                      r"enter combat with a minion as a \(d\) action$"),
    # Recalled to the Founder: a toll as each Methuselah's unlock phase begins (start_of_unlock_phase, pay_toll)
    ("founder_burn", r"^during each methuselah's unlock phase, if that methuselah controls (?P<n>3) or more vampires of the "
                     r"same clan, they burn one of those vampires$"),
    ("founder_immune", r"^if that vampire's capacity is (?P<cap>6) or more, that methuselah ignores this effect until the "
                       r"end of the game$"),
    # Conquest of Humanity: any Methuselah in their unlock phase chooses a location of their prey (`minion`); its
    # controller burns 2 pool or it is burned (a toll)
    ("conquest_choose", r"^during each methuselah's unlock phase, that methuselah can choose a location controlled by "
                        r"their prey$"),
    ("conquest_toll", r"^the chosen location is burned unless its controller burns (?P<n>2) pool$"),
    # Powerbase: Rome: a counter for a master phase action; its player's Giovanni moves up to 2 blood onto it as a
    # +1 stealth action (announce_from); X counters burned with a lock in the polling step for X votes (`effect` X);
    # any minion burns all its counters as a (D) action
    ("mpa_add_counter", r"^you can use a master phase action to add (?P<n>1) counter to this card$"),
    ("blood_to_card_action", r"^any (?P<clan>giovanni) you control can move up to (?P<n>2) blood from themselves to this "
                             r"card as a \+(?P<stealth>1) stealth action$"),
    ("lock_counters_votes", r"^lock and burn x counters from this card during the polling step of a political action to "
                            r"get \+x votes$"),
    ("drain_action", r"^any (?P<who>minion) can (?P<strip>burn) all counters from this card as a \(d\) action$"),
    # Retribution: `target` a minion that bled its player for more than 1 since their last turn (after_action notes
    # each such bleed), 3 unpreventable damage
    ("choose_bled_you", r"^choose a minion who successfully bled you for more than (?P<n>1) pool since your last turn$"),
    ("chosen_unpreventable", r"^the chosen minion takes (?P<n>3) unpreventable damage$"),
    # Census Taker: its Black Hand vampire locks during an action (`effect`: bleed, votes or intercept)
    ("census_bleed_votes", r"^during an action, this black hand vampire can lock to give any other (?P<sect>sabbat) vampire "
                           r"\+(?P<n>1) bleed or (?P<v>2) additional votes for the current action$"),
    ("census_intercept", r"^during an action, this black hand vampire can lock to give any other black hand vampire "
                         r"\+(?P<n>1) intercept$"),
    # Fear of Mekhet: on a ready justicar or Inner Circle member (`target`), locked; in its controller's unlock phase
    # the vampire burns 5 blood or is burned, then the card moves to another such vampire (a toll, `minion`) or burns
    ("lock_titled_target", r"^put this card on a ready (?P<t1>justicar) or (?P<t2>inner circle) member and lock them$"),
    ("mekhet_burn", r"^during this vampire's unlock phase, they burn (?P<n>5) blood$"),
    ("mekhet_move", r"^if they cannot burn the blood, they are burned; otherwise, their controller moves this card to "
                    r"another justicar or inner circle member, or burns this card if there are no others$"),
    # Frontal Assault: (D) combat with the prey's minions (announce_from); 1 pool per ready minion of the prey burned
    # or sent to torpor (the state checks); burned at the influence phase for 1 pool per ready minion of the prey
    ("assault_enter", r"^each ready minion you control can enter combat with a minion controlled by your prey as a \(d\) "
                      r"action$"),
    ("assault_gain", r"^you gain (?P<n>1) pool after a ready minion controlled by your prey is burned or sent to torpor$"),
    ("assault_end", r"^during your influence phase, burn this card and burn (?P<n>1) pool for each ready minion controlled "
                    r"by your prey$"),
    # Priority Contract: a ready Assamite of the player chosen (`choice`), on a minion of the prey (`target`); burned for
    # 3 pool as the minion leaves the ready region (the state checks)
    ("contract_choose", r"^choose a (?P<mine>ready) (?P<who>assamite) you control and put this card on a minion controlled "
                        r"by your (?P<prey>prey)$"),
    ("leave_ready_gain", r"^if the attached minion is about to leave the ready region, you can burn this card to gain "
                         r"(?P<n>3) pool$"),
    # Bounty: X (the play's `choice`) + 1 counters; the state checks pay them out when its vampire falls
    ("bounty_put", r"^put this card on any ready vampire and put x\+1 counters on this card$"),
    ("bounty_torpor", r"^if this vampire is sent to torpor in combat, the opposing minion's controller moves up to (?P<n>2) "
                      r"counters from this card to his or her pool$"),
    ("bounty_burned", r"^if this vampire is burned in combat or by diablerie, the controller of the opposing minion or "
                      r"diablerist takes all of the counters from this card$"),
    # Guinea-Bissau Carnival: actor_stealth and hunt_bonus count the hunting Laibon's Aye; burned in its player's
    # next unlock phase (start_of_unlock_phase)
    ("aye_hunt", r"^each (?P<clan>laibon) gets \+x stealth when hunting and gains x\+1 additional blood from the bank if "
                 r"successful, where x is the number of (?P<what>aye) he or she has$"),
    ("burn_own_unlock", r"^burn this card during your next unlock phase$"),
    # Yoruba Shrine: as a directed action at a ready Assamite of its player is announced, or in the polling step of a
    # referendum whose terms name one (before votes), locked: the acting minion unlocks, the action or referendum fails
    ("shrine_fail", r"^if a ready (?P<clan>assamite) you control is the target of a directed action or is chosen by the "
                    r"acting methuselah in the terms of a referendum, you can lock this location to unlock the acting "
                    r"minion and have the action or referendum fail$"),
    # Mistrust, Toy Chest Test: played on a vampire (`target`); the state checks note vampires put in play
    ("mistrust", r"^burn a scarce vampire in torpor or move a ready scarce vampire to his or her controller's "
                 r"uncontrolled region, with all cards and counters on him or her \(which are out of play as long as the "
                 r"vampire remains out of play\)$"),
    ("toy_chest", r"^burn an? (?P<sect>sabbat) vampire with a capacity below (?P<cap>\d+) that has been put into play since "
                  r"your last turn \(not usable on a vampire that has been contested\)$"),
    # The Black Throne: locked for 1 pool when a minion with a contract naming an Assamite of its player leaves the
    # ready region (the state checks, with the contracts' chosen)
    ("contract_fall_pool", r"^you can lock this card after a minion with a contract for which an? (?P<clan>assamite) you "
                           r"control is chosen leaves the ready region to gain (?P<n>1) pool$"),
    # Conniver: the prey loses pool in a third Methuselah's turn: the card locks, 1 blood to its vampire (state checks)
    ("conniver", r"^if your prey loses pool when it is neither your turn nor your prey's turn, you may lock this card to "
                 r"move (?P<n>1) blood from the blood bank to this vampire$"),
    # Flames of Insurrection: the minion opposing an anarch in combat left the ready region (state checks note it for
    # the anarch's controller): a `use` of the card with `minion` the uncontrolled vampire that gets the counter
    ("flames", r"^when a minion opposing an anarch in combat leaves the ready region, the controller of that anarch may "
               r"move (?P<n>a|1) counter from the bank to a vampire in his or her uncontrolled region$"),
    # Strained Vitae Supply: no hunting stealth (actor_stealth); any Methuselah's master phase action puts 1 pool on it;
    # burned at as many counters as Methuselahs in the game
    ("no_hunt_stealth", r"^vampires do not get the normal \+(?P<n>1) stealth when hunting$"),
    ("anyone_mpa_pool", r"^any methuselah may use a master phase action to put (?P<n>1) blood counter on this card from his "
                        r"or her pool$"),
    ("burn_at_seats", r"^if the number of counters on this card equals or exceeds the number of methuselahs in the game, "
                      r"burn this card$"),
    # Transcendent Laibon: 1 blood each unlock phase (start_of_unlock_phase); allies and younger vampires pay 1 to block
    # it (block_refusal) or to act at it (action_extra_blood); burned without three Aye and three Orun (state checks)
    ("laibon_gain", r"^during your unlock phase, this (?P<clan>laibon) gains (?P<n>1) blood$"),
    ("laibon_tax", r"^allies and younger vampires must burn (?P<n>1) blood or life to attempt to block this laibon or to "
                   r"perform an action directed at this laibon$"),
    ("laibon_burn", r"^burn this card if this minion is not ready or has fewer than three (?P<a>aye) or three (?P<o>orun)$"),
    # Wall Street Night: locked during an undirected action for +1 intercept (lock_give); locked by a minion of its
    # player for a +1 stealth (D) action moving 1 counter of an investment (`target`) to its player's pool
    ("lock_give", r"^during an (?P<undirected>undirected) action, you can lock this location to give (?P<who>a minion you "
                  r"control) \+(?P<n>1) (?P<stat>intercept)$"),
    ("investment_raid", r"^a minion you control can lock this location to attempt to move (?P<n>1) counter from an "
                        r"investment card to your pool as a \+(?P<stealth>1) stealth \(d\) action$"),
    # Sunset Strip, Hollywood: locked (`effect: hunt`) for +1 hunting stealth to all vampires until its player's next
    # unlock phase (actor_stealth); or as its player's minion announces recruiting a mortal ally or employing a mortal
    # retainer, 1 blood or pool less
    ("lock_hunt_stealth", r"^lock to give all vampires \+(?P<n>1) stealth on hunt actions until your next unlock phase$"),
    ("lock_mortal_discount", r"^lock to reduce the cost to recruit a (?P<kw>mortal) ally or employ a (?P=kw) retainer by "
                             r"(?P<n>1) blood or pool \(but never less than 0 blood or pool\)$"),
    # Powerbase: Los Angeles: locked in its player's discard phase for +1 discard phase action; a card requiring an
    # Anarch (or making a vampire Anarch) discarded then (noted by the state checks) lets a ready Anarch unlock (`minion`)
    ("lock_extra_dpa", r"^during your discard phase, you can lock this location to get \+(?P<n>1) discard phase action$"),
    ("la_unlock", r"^if you use that discard phase action to discard a card requiring an (?P<sect>anarch) or making a "
                  r"vampire (?P=sect), you can unlock a ready (?P=sect)$"),
    # Heartblood of the Clan: any Assamite adds 1 blood (from the bank) to it as an action (announce_from); in the
    # influence phase its player moves blood from it (`effect` the amount) to an uncontrolled Assamite (`minion`)
    ("bank_to_card_action", r"^any (?P<clan>assamite) can add (?P<n>1) blood to this card as an action$"),
    ("card_to_uncontrolled", r"^during your influence phase, you can move any amount of blood from this card to an? "
                             r"(?P<clan>assamite) in your uncontrolled region$"),
    # Cursed Abattoir: a counter when a zombie ally or retainer of its player is burned (state checks); a counter burned
    # during a bleed by a zombie ally of its player for +1 bleed (a use)
    ("zombie_burned_counter", r"^after a (?P<kw>zombie) \(ally or retainer\) you control is burned, you can add (?P<n>1) "
                              r"counter to this location$"),
    ("counter_kw_bleed", r"^during a bleed action, you can burn (?P<c>1) counter from this location to give a (?P<kw>zombie) "
                         r"ally you control \+(?P<n>1) bleed$"),
    # In Memory of the Two Lands: counters per Follower of Set and mummy of its player as it is played; a counter burned
    # during an action for +1 bleed (`effect: bleed`, the acting mummy) or +1 strength (`effect: strength`, `minion`)
    ("counters_per_two", r"^put this card in play with (?P<n>1) counter for each (?P<clan>follower of set) and (?P<kw>mummy) "
                         r"you control$"),
    ("counter_mummy_boost", r"^during an action, you can burn (?P<c>1) counter from this card to give a (?P<kw>mummy) you "
                            r"control \+(?P<n>1) bleed or \+(?P=n) strength$"),
    # Blessings of the Loa: its player's Samedi of capacity 4 or more bleeding the prey get +1 bleed for each vampire
    # in torpor its player controls (effects_master.frame_bleed, read by rules_action.bleed_amount)
    ("loa_bleed", r"^(?P<clan>samedi) you control with capacity (?P<cap>\d+) or more get \+(?P<n>1) bleed against your "
                  r"prey for each vampire in torpor they control$"),
    # Masquerade Endangered: played (`target`) on the vampire whose hunt was the last action and succeeded, it burns
    # the blood that hunt gave (after_action notes it); burned in that vampire's next unlock phase
    ("hunt_no_blood", r"^this vampire does not gain any blood from the hunt$"),
    ("host_burn_next_unlock", r"^during this vampire's next unlock phase, burn this card$"),
    # Demonstration: locked in the polling step of a political action's referendum, a vampire (`minion`) abstains: the
    # votes and ballots it cast are taken back and it casts no more (effects_action.abstain)
    ("lock_cancel_votes", r"^lock to cancel the votes and ballots of any vampire during the referendum of a political "
                          r"action$"),
    # Día de los Muertos: the first referendum a Sabbat vampire of its player calls this turn passes automatically
    # (referendum_called turns it into effects_action's automatic pass as that referendum is called)
    ("dia_auto_pass", r"^the first referendum an? (?P<sect>sabbat) vampire you control calls on this turn passes "
                      r"automatically \(skip the polling step\)$"),
    # Creep Show: once per turn its vampire gains 1 blood as the opposing minion's strike (dodge or combat ends)
    # resolves (effects_master.strikes_chosen, from rules_combat._resolve_strikes)
    ("creep_gain", r"^once per turn, when a minion opposing this vampire in combat dodges or ends combat as a strike, "
                   r"this vampire gains (?P<n>1) blood from the blood bank$"),
    # Regenerative Blood: its Samedi heals 2 non-aggravated damage for each blood it burns (heal_per_blood, read by
    # rules_combat.inflict)
    ("heal_two_per_blood", r"^the (?P<clan>samedi) with this card can heal (?P<n>2) non-aggravated damage for each blood "
                           r"counter he or she burns$"),
    # Humanitas: its vampire's rescue gets +1 stealth (actor_stealth) and, once successful, 1 blood of its cost comes
    # back to whoever paid it (after_action)
    ("rescue_stealth_cheaper", r"^when attempting to rescue a vampire from torpor, this vampire gets \+(?P<n>1) stealth and "
                               r"burns (?P<b>1) less blood if successful$"),
))

_CACHE: dict[tuple[str, str], tuple[str, dict] | None] = {}


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower()).rstrip(".").strip()


def reading(e: Effect, types: tuple[str, ...]) -> tuple[str, dict] | None:
    """(handler key, values read) for a master card's clause the engine resolves, or None."""
    if "Master" not in types and "Event" not in types:
        return None
    t = norm(e.text)
    key = (e.kind, t)
    if key in _CACHE:
        return _CACHE[key]
    out = None
    for k, rx in PATTERNS:
        m = rx.match(t)
        if m:
            out = (k, {a: b for a, b in m.groupdict().items() if b is not None})
            break
    _CACHE[key] = out
    return out


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    return reading(e, types) is not None
