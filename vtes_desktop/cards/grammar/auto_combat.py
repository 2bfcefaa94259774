"""Effects of the combat family that the engine resolves, beyond the core ones in `effects.automated`.

`automated(e, types)` answers True only for an effect the engine carries out by itself; each True here is
backed by engine code (`vtes_desktop/engine/effects_combat.py`, `rules_combat.py`) and a scenario that
proves it (scenarios 300-379, 1050-1149, 1470-1529 and 2070-2076).

`reading(e, types)` is the one structured reading of such an effect: a tuple whose first item names what the
engine does, the rest its parameters. The engine acts on readings, never on the card text, so what is marked
automated here and what the engine does cannot drift apart.
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar.model import Effect

_ENV = re.compile(r"^(\d+)(r?) (aggravated )?environmental damage each round$")
_BEARER = ("the bearer", "the employer", "this minion", "the minion with this equipment", "this vampire",
           "the minion with this retainer")
# ("Retainer" damage: not a strike, so no dodge stops it and it is no strike's damage to prevent)
_OPPOSING_STRIKE = ("from the opposing minion's strike", "from the opponent's strike")
_OPPOSING_ROUND = ("from the opposing minion's strikes this round",
                   "from the opponent's strikes for the remainder of this round",
                   "from opponent's strikes for the remainder of this round")


def reading(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """What the engine does for *e* (played or in play as a card of *types*), or None if it does not."""
    t = set(types)
    k = e.kind
    low = e.text.lower()
    if "Combat" in t:
        r = _combat_card(e, k, low)
        if r is not None:
            return r
    if "Equipment" in t and e.get("frame"):
        r = _equipment_one_offs(k, low)
        if r is not None:
            return r
    if t & {"Equipment", "Retainer"}:
        r = _in_play(e, k, low, t)
        if r is not None:
            return r
    return None


def _combat_card(e: Effect, k: str, low: str) -> tuple | None:
    r = _one_offs(k, low)       # (exact texts: frames, and Mythic Form's maneuver)
    if r is not None:
        return r
    if k == "change" and e.amount == 2 and low == "as above, but for 2 blood or life (becoming blood).":
        return ("strike_option_amount", 2)       # Hunger of Marduk at superior
    if k == "maneuver" and e.optional and e.amount == 1 and e.get("to") == "close" and \
            low == "this vampire gets 1 optional maneuver this round, only usable to get to close range.":
        return ("maneuver_close_round", 1)        # Dark Steel (as Angel's Gift)
    if k == "maneuver" and e.optional and e.amount == 1 and \
            low == "as above, and this vampire gets an optional maneuver this round.":
        return ("optional_maneuver_round",)       # Whistling Up the Beast: granted from the play's text (play_combat)
    if e.get("frame"):
        if k == "take" and (e.subject or "") == "the opposing minion" and e.condition == "this combat":
            m = _ENV.match(e.target or "")
            if m:       # Carrion Crows: damage each round at normal strike resolution, all this combat
                return ("env_each_round", int(m.group(1)), bool(m.group(3)))
        if k == "state" and e.condition == "if another round of combat occurs" \
                and "that round is at close range" in low:
            return ("close_next_round",)
        if k == "gain" and (e.subject or "") == "this vampire" and \
                re.search(r"gains blood equal to the amount of blood lost by the opposing vampire to damage this round",
                          low):
            return ("gain_blood_lost_by_opponent",)
        if k == "burn" and re.fullmatch(r"after combat ends, if this vampire was blocked, they can burn 1 blood to "
                                        r"continue the action with \+1 stealth as if unblocked, even if stealth is not "
                                        r"yet needed\.?", low):
            return ("continue_if_blocked", 1, 1)
        if k == "prevent" and e.get("negated") and re.fullmatch(
                r"(?:as above, and )?(?:the damage from this strike|damage from this strike|this damage) cannot be "
                r"prevented by cards (?:requiring|that require) fortitude \[for\]\.?", low):
            return ("no_fortitude_prevention",)                                      # Dead Hand, Soul Burn, Bollix
        if k == "prevent" and e.get("negated") and low == ("this damage cannot be prevented by equipment or cards requiring "
                                                           "fortitude [for]."):
            return ("no_fortitude_prevention", True)                                 # Personal Scourge: nor equipment
        if k == "cancel" and e.get("negated") and low == "this combat, this minion cannot cancel frenzy cards nor press to end.":
            return ("self_no_cancel_frenzy_no_press_end",)                           # Taming the Beast
        if k == "strike" and low == ("strike: hand strike, and the opposing minion takes 1 unpreventable environmental damage "
                                     "during the press step each round this combat (only effective if this strike was made "
                                     "at close range)."):
            return ("hand_strike_press_damage", 1)                                   # Dagon's Call
        if k == "strike" and low == "the opposing vampire's strikes with weapons inflict no damage this round.":
            return ("weapons_no_damage_round",)                                      # Blood Fury, Soul Burn, Bollix
        if k == "get" and low == ("if another round of combat occurs, this minion gets an optional maneuver during that "
                                  "round."):
            return ("next_round_maneuver", 1)                                        # Circle
        if k == "get" and low == "this vampire gets first strike this round.":
            return ("first_strike_round", 3)                                         # Shadow Feint
        if k == "strike" and low in ("this vampire's strikes may not be dodged this round.",
                                     "as above, and this vampire's strikes cannot be dodged this round."):
            return ("undodgeable_round",)                                            # Sanguinary Wind
        m = re.fullmatch(r"strike: use a melee weapon strike at \+(\d) damage\.?", low)
        if k == "strike" and m:
            return ("melee_weapon_plus", int(m.group(1)))                            # Blessed Blade
        m = re.fullmatch(r"strike: combat ends, and inflict (\d) damage to the opposing minion once combat ends if the "
                         r"range is close \(damage not preventable\)\.?", low)
        if k == "strike" and m:
            return ("combat_ends_then_damage", int(m.group(1)))                    # Riposte
        m = re.fullmatch(r"strike: combat ends, and inflict (\d) unpreventable damage on the opposing minion after combat "
                         r"ends\.?", low)
        if k == "strike" and m:
            return ("combat_ends_then_damage", int(m.group(1)), False)             # Loving Agony (at any range)
        if k == "burn" and low == "as [val] above, and this vampire can burn 1 blood to unlock before combat ends.":
            return ("unlock_for_blood", 1)                                         # Loving Agony at superior
        if k == "burn" and low == "strike: 2r damage, and this vampire can burn x blood to get +x (ranged) damage.":
            return ("strike_plus_x", 2)                                            # Eldritch Glimmer
        m = re.fullmatch(r"the opposing minion takes (\d) environmental damage each round (?:this combat|of combat) during "
                         r"normal strike resolution at close range\.?", low)
        if k == "take" and m:
            return ("env_close_each_round", int(m.group(1)))                       # Groaning Corpse, Dark Steel
        if k == "inflict" and low == "as above, but inflict 2 damage.":
            return ("combat_ends_then_damage_amount", 2)                           # Riposte at superior
        m = re.fullmatch(r"(?:this|the) gun inflicts \+(\d) damage (?:(each strike)|at close range and -(\d) damage at "
                         r"long range each strike) for the remainder of this combat\.?", low)
        if k == "inflict" and m:                                                   # Glaser Rounds, Scattershot
            return ("ammo_bonus", int(m.group(1)), int(m.group(1)) if m.group(2) else -int(m.group(3)))
        if k == "inflict" and low == "this gun inflicts +2 aggravated damage each strike for the remainder of this combat.":
            return ("ammo_aggravated_bonus", 2)                                        # Dragon's Breath Rounds
        if k == "burn" and low == "burn the gun after strike resolution.":
            return ("burn_gun_after_strike",)                                          # Dragon's Breath Rounds
        if k == "use" and re.fullmatch(r"no more than (?:1|one) ammo card can be used on a gun(?: card)? each combat\.?",
                                       low):
            return ("one_ammo_per_gun",)
        m = re.fullmatch(r"as above, and once this round,? this vampire (?:can|may) burn 1 blood (?:to get 1|for an) "
                         r"(additional maneuver|press)(?:, only usable to (get to close range|continue combat))?\.?", low)
        if k == "burn" and m:                                      # Quick Meld, Dance with the Devil (and Lead Fist)
            return ("paid_grant", "maneuver" if "maneuver" in m.group(1) else "press",
                    {"get to close range": "close", "continue combat": "continue"}.get(m.group(2) or ""))
        m = re.fullmatch(r"as \[tha\] above, and once this round this vampire can burn 1 blood to get 1 press, only usable "
                         r"to continue combat\.?", low)
        if k == "burn" and m:
            return ("paid_grant", "press", "continue")                              # Lead Fist
        m = re.fullmatch(r"this (round|combat), this vampire gets \+(\d) strength and can prevent (\d) damage"
                         r"( each round)?\.?", low)
        if k == "modifier" and m and (m.group(1) == "combat") == bool(m.group(4)):
            return ("strength_and_prevent", m.group(1), int(m.group(2)), int(m.group(3)))   # Bear's Skin
        m = re.fullmatch(r"this combat, this vampire can prevent (\d) damage each round\.?", low)
        if k == "prevent" and m:
            return ("prevent_each_round", int(m.group(1)), "any")                   # Tranquility Shield
        m = re.fullmatch(r"for the remainder of (this round|the combat|this combat), this vampire's hand damage is "
                         r"aggravated\.?", low)
        if k == "state" and m:                                                       # Bone Spur, Devil-Channel: Hands
            return ("hand_aggravated", "round" if m.group(1) == "this round" else "combat", 0)
        if k == "strike" and low == "as above, and this hand strike is at +1 damage.":
            return ("hand_strike_plus", 1)                                           # Blood Rage, Dagon's Call
        if k == "strike" and low == "as above, and this vampire's hand strikes inflict +1 damage this combat.":
            return ("hand_bonus_combat", 1)                                          # Skin of the Adder
        if k == "maneuver" and low == ("maneuver, only usable to go to close range, and this minion gets +1 strength on his "
                                        "or her initial strike this round."):
            return ("maneuver_close_initial_strength", 1)                           # Swoop
        if k == "use" and e.get("negated") and low == ("as above, and this combat, the opposing minion cannot use "
                                                       "additional strikes or presses to continue combat."):
            return ("opponent_no_extra_no_continue",)                                # Blight
        if k == "strike" and low == "as above, with 1 additional ranged strike: burn weapon.":
            return ("extra_burn_weapon_strike",)                                     # Voracious Vermin
        if k == "strike" and low == ("this round, this vampire can strike, ranged: steal 1 blood or life (becoming "
                                     "blood)."):
            return ("strike_option_round_steal", 1)                                  # Hunger of Marduk
        if k == "provide" and low == ("cards providing maneuvers and/or presses cost the opposing vampire 1 additional "
                                      "blood to play this round."):
            return ("opponent_costs_round", "maneuver_press")                        # Wave of Lethargy
        if k == "strike" and low == ("as above, and strike cards cost the opposing vampire 1 additional blood to play "
                                     "this round."):
            return ("opponent_costs_round", "strike")                                # Wave of Lethargy
        if k == "take" and low == ("opposing minion takes 1 additional damage in the first round of combat during "
                                   "normal strike resolution."):
            return ("env_this_round", 1)                                             # Thoughts Betrayed (first round)
        if k == "play" and e.get("negated") and low == ("opposing minion cannot play any strike cards for the duration "
                                                        "of this combat."):
            return ("opponent_no_strike_cards",)                                     # Thoughts Betrayed
        if k == "use" and low == ("during this combat, the opposing vampire cannot use maneuvers to maneuver to close "
                                  "range and cannot use presses to continue combat."):
            return ("opponent_vampire_no_close_no_continue",)                        # Whistling Up the Beast
        if k == "equip" and low == ("equip this vampire with a melee weapon from your hand (requirements and cost apply as "
                                    "normal)."):
            return ("equip_weapon_from_hand", "melee")                               # Angel's Gift
        if k == "get" and e.get("to") == "close" and low == ("this round, this vampire gets 1 optional maneuver, only "
                                                             "usable to get to close range."):
            return ("maneuver_close_round", 1)                                       # Angel's Gift
        if k == "dodge" and low == "as above, with 1 additional strike: dodge (limited).":
            return ("extra_dodge_strike",)                                           # Wind Dance
        if k == "strike" and low == "strike: 1r damage or use a ranged weapon strike.":
            return ("damage_or_ranged_weapon", 1)                                    # Projectile
        if k == "play" and e.get("negated") and low == ("the opposing minion cannot play grapple cards (this includes cards "
                                                        "named /immortal grapple/ and /mighty grapple/) this combat."):
            return ("opponent_no_grapple",)                                          # Immense Size
        if k == "take" and low == ("as [thn] above, and the opposing vampire takes 1 unpreventable environmental damage "
                                   "during the press step this round (only effective if this strike was made at close "
                                   "range)."):
            return ("press_step_damage_round", 1)                                    # Necrosis
        if k == "get" and low == ("if the opposing minion's strike successfully inflicts any damage on this minion this "
                                  "round, the opposing minion gets an optional press."):
            return ("opponent_press_if_hit",)                                        # Backstep
        if k == "burn" and low == ("this vampire burns 1 blood to get an additional strike (limited) this round, only "
                                   "usable to make a hand strike."):
            return ("extra_strike_hand_only_paid", 1)                                # Devil-Channel: Back
        if k == "increase" and low.startswith("as above, but increase strength by 1 each round for the remainder of "
                                              "combat"):
            return ("strength_growing",)                                             # Fire in the Blood
        if k == "get" and low == ("for the remainder of combat, once each round when the bearer strikes with this gun, the "
                                  "bearer gets an optional additional strike (limited), only usable to strike with this "
                                  "gun."):
            return ("ammo_extra_strike",)                                            # Caseless Rounds
        if k == "use" and low == ("as above, and if another round of combat occurs, that round is at close range (skip the "
                                  "determine range step for that round) and strikes that are not hand strikes cannot be "
                                  "used that round (by either combatant)."):
            return ("close_and_hand_only_next_round",)                               # Grasp of the Python
        if k == "treat" and low == ("this vampire treats all aggravated damage from the opposing minion's strike as normal "
                                    "damage."):
            return ("agg_as_normal_strike",)                                         # Adaptability
        if k == "burn" and low == ("as above, and if the opposing vampire would go to torpor during the resolution of this "
                                   "strike, instead they are burned."):
            return ("torpor_burns_instead",)                                         # Ahriman's Demesne
        if k == "play" and low == ("if this minion has flight [flight] and the opposing minion does not, play before range "
                                   "is determined to set the range for the round to long."):
            return ("set_range_long_if_flight",)                                     # High Ground
        if k == "destroy" and low == ("as above, and if any of the damage was from the opposing minion's melee weapon, that "
                                      "weapon is destroyed."):
            return ("destroy_melee_weapon_if_hit",)                                  # Armor of Vitality
        if k == "inflict" and low == "he or she inflicts an additional point of damage.":
            return ("add_damage_to_own_strike", 1)                                   # Twisting the Knife
        if k == "continue":     # Torrent, Flow Within the Mountain, Mirror Image, Shadow Body, Chameleon's Colors,
                                # Morphean Blow at VAL
            m = re.fullmatch(r"(?:as (?:\[val\] )?above, and )?if this vampire was blocked while performing (an action|a non-bleed "
                             r"action|a non-bleed non-political action|an action other than bleeding), the action "
                             r"continues as if unblocked\.?", low)
            if m:
                return ("continue_unblocked", {"an action": (), "a non-bleed action": ("bleed",),
                                               "an action other than bleeding": ("bleed",),
                                               "a non-bleed non-political action": ("bleed", "political")}[m.group(1)])
        if k == "take" and (e.subject or "") == "this striking vampire also":
            m = re.fullmatch(r"(?:if this strike is used at close range, )?this striking vampire also takes (\d+) "
                             r"(environmental )?aggravated damage\.?", low)
            if m:       # Breath of the Dragon, Burst of Sunlight
                return ("self_damage", int(m.group(1)), True, low.startswith("if this strike is used at close range"))
        if k == "prevent" and re.fullmatch(r"maneuver, and this vampire can prevent (\d+) damage later this round\.?", low):
            return ("granted_prevent", int(re.search(r"\d+", low).group(0)))       # Unflinching Persistence
        if k == "burn" and re.fullmatch(r"as above, and each round of this combat, this vampire may burn 1 blood to prevent "
                                        r"all damage from the opposing minion's initial strike for that round\.?", low):
            return ("prevent_initial_each_round", 1)                               # Superior Mettle
        if k == "maneuver" and re.fullmatch(r"this combat, the opposing minion cannot maneuver to close range, press to "
                                            r"continue combat or use equipment\.?", low):
            return ("opponent_restricted",)                                        # Terror Frenzy
        if k == "cost" and re.fullmatch(r"this combat, combat cards cost the opposing vampire \+1 blood\.?", low):
            return ("opponent_combat_cards_cost", 1)                               # Terror Frenzy
        if k == "get" and re.fullmatch(r"this vampire gets first strike on his or her initial strike this round\.?", low):
            return ("first_strike_round", 1)                                       # Backstab
        if k == "get" and re.fullmatch(r"this vampire gets first strike with hand and melee-weapon strikes this round\.?",
                                       low):
            return ("first_strike_round", 2)                                       # Silence of Death
        m = re.fullmatch(r"the opposing minion cannot strike: (dodge|combat ends) this round\.?", low)
        if k == "strike" and m:
            return ("forbid_strike", m.group(1))                                   # Sanguine Entrapment
        if k == "strike" and re.fullmatch(r"for the remainder of combat, all damaging strikes that require potence \[pot\] "
                                          r"made by this vampire inflict \+(\d) damage\.?", low):
            return ("discipline_strike_bonus", "pot", int(re.search(r"\+(\d)", low).group(1)))   # Increased Strength
        if k == "strike" and re.fullmatch(r"as above, but those strikes inflict \+(\d) damage\.?", low):
            return ("discipline_strike_bonus_change", int(re.search(r"\+(\d)", low).group(1)))
        m = re.fullmatch(r"(?:opposing|the opposing) vampire burns (\d) blood\.?", low)
        if k == "burn" and m:
            return ("opponent_burns_blood", int(m.group(1)), False)                 # Thin Blood, Blood to Water
        m = re.fullmatch(r"otherwise, the opposing vampire burns (\d) blood\.?", low)
        if k == "burn" and m:
            return ("opponent_burns_blood", int(m.group(1)), True)
        if k == "burn" and low == "if the opposing minion is an ally, he or she is burned.":
            return ("burn_opposing_ally",)
        m = re.fullmatch(r"strike: hand strike at \+(\d) damage or use a melee weapon strike at \+(\d) damage\.?", low)
        if k == "strike" and m:
            return ("hand_or_melee_plus", int(m.group(1)), int(m.group(2)))          # Brute Force
        m = re.fullmatch(r"strike: hand strike at \+(\d) damage, aggravated\.?", low)
        if k == "strike" and m:
            return ("hand_plus_aggravated", int(m.group(1)))                        # Burning Wrath
        if k == "strike" and low == "strike: burn the opposing ally.":
            return ("strike_burn_ally",)                                            # Entombment, Still the Mortal Flesh
        if k == "strike" and low == "strike: send the opposing vampire to torpor.":
            return ("strike_torpor",)
        m = re.fullmatch(r"strike: steal (\d) blood from the opposing (ally|minion)\.?", low)
        if k == "strike" and m:
            return ("strike_steal", int(m.group(1)))                                # Call the Lamprey
        if k == "strike" and low == "strike: this vampire burns 1 blood to end combat.":
            return ("strike_combat_ends_cost", 1)                                   # Preternatural Evasion
        if k == "burn" and low == "they can burn 3 blood to burn this card.":
            return ("burn_blood_to_burn_card", 3)
        if k == "equip" and low == "this minion equips with a non-unique weapon card from your hand (requirements and " \
                                    "cost apply as normal).":
            return ("equip_weapon_from_hand", "non-unique")                       # Concealed Weapon
        if k == "cost" and low == "the weapon cannot cost 3 or more pool or inflict (with a regular strike) aggravated " \
                                  "damage or 4 or more damage.":
            return ("equip_weapon_limits", 3, 4)
        if k == "equip" and low == "equip this vampire with that weapon (and pay cost to equip as normal).":
            return ("equip_weapon_from_hand", "any")                              # Disguised Weapon
        m = re.fullmatch(r"put this card with (\d) counters on it on this minion; it becomes a melee weapon equipment that "
                         r"can strike: strength\+(\d) damage\.?", low)
        if k in ("put", "become") and m:                                          # Weighted Walking Stick
            return ("becomes_weapon", int(m.group(1)), int(m.group(2)))
        if k == "burn" and low == "for each damage inflicted by this strike (even if prevented), burn 1 counter from this card.":
            return ("weapon_wears",)
        if k == "burn" and low == "burn this card if it has no counters.":
            return ("burn_without_counters",)
        if k == "press" and low in ("press, or maneuver with 1 optional press.",
                                    "press, or maneuver with an optional press."):   # (and Chameleon's Colors)
            return ("press_or_maneuver_with_press",)                              # Resist Earth's Grasp
        if k == "set" and low == "this vampire sets the range for this round.":
            return ("set_range", 0)                                               # Brick by Brick
        m = re.fullmatch(r"burn (\d) blood to set the range for this round\.?", low)
        if k == "burn" and m:
            return ("set_range", int(m.group(1)))                                 # Selective Silence, Shadow Step
        if k == "end" and low == "combat ends immediately after the resolution of this strike.":
            return ("end_after_strike",)                                          # Anesthetic Touch
        if k == "unlock" and low == "strike: combat ends, and unlock the opposing minion (at any range) before combat ends.":
            return ("combat_ends_unlock_opponent",)                               # Meld with the Land
        if k == "count" and low == "additional strike that does not count against the limit.":
            return ("unlimited_additional_strike", 1)                             # Quickness
        if k == "unlock" and low == ("as above, and the opposing vampire does not unlock as normal during their next "
                                     "unlock phase."):
            return ("opponent_skips_unlock",)                                     # Coma
        if k == "get" and low == "if another round of combat occurs, this vampire gets 1 optional maneuver that round.":
            return ("next_round_maneuver", 1)                                     # Telepathic Tracking
        if k == "start" and low == "instead, start a new round.":
            return ("start_new_round",)
        if k == "burn" and low in ("instead, burn 1 blood to start a new round.",
                                   "instead, this vampire burns 1 blood to start a new round."):
            return ("start_new_round", 1)                                             # Relentless Reaper
        if k == "inflict" and low == "the opposing minion's weapons inflict no damage on this vampire this combat.":
            return ("immune_weapons_combat",)                                        # Mayaparisatya
        if k == "treat" and low == "this vampire treats aggravated damage as normal damage for the remainder of this round.":
            return ("aggravated_as_normal_round",)                                   # Skin of Night
        if k == "strike" and low == ("this round, this vampire is immune to non-aggravated damage, cannot strike and gets "
                                     "1 optional press, only usable to end combat."):
            return ("bloodform",)                                                    # Bloodform
        if k == "prevent" and low == "prevent four non-aggravated damage from the opposing minion's strike.":
            return ("prevent", 4, "strike", "normal", 0)                             # Leathery Hide
        m = re.fullmatch(r"if the opposing minion is an ally, this strike inflicts \+1 (unpreventable )?damage\.?", low)
        if k == "inflict" and m:
            return ("bonus_vs_ally", 1, bool(m.group(1)))                            # Coagulate Blood, Vascular Explosion
        if k == "take" and low == "opposing minion takes 1r damage each round of combat during the press step.":
            return ("press_step_damage", 1)                                          # Crawling Chamber
        if k == "gain" and low == "opposing vampire gains 1 blood (even at long range).":
            return ("opponent_gains_blood", 1)                                       # Mercy for the Weak
        if k == "set" and low == "set the range for this round to long.":
            return ("set_range_to", "long")                                          # Cold Aura
        if k == "unlock" and low == "unlock both combatants.":
            return ("unlock_both",)                                                  # Bond with the Mountain
        if k == "strike" and low == "strike: hand or use a melee weapon strike.":
            return ("hand_or_melee",)                                                # Growing Fury
        if k == "press" and low in ("press, or prevent 1 damage.", "press or prevent 1 damage."):
            return ("press_or_prevent_plain", 1)                                     # Stonestrength, Undying Tenacity
        if k == "maneuver" and low == "maneuver, with an optional press.":
            return ("press_or_maneuver_with_press",)                                 # Dissolution
        if k == "ignore" and low == "if more than 1 damage is inflicted with this strike, ignore the excess.":
            return ("strike_damage_cap", 1)                                          # Quick Jab
        if k == "inflict" and low == ("as above, and after combat ends, if the range is close, this vampire inflicts 1 "
                                      "unpreventable damage on the opposing minion."):
            return ("after_combat_damage", 1, True)                                  # Catatonic Fear
        if k == "burn" and low == ("as above, and the opposing minion burns 1 blood or life after combat ends (even at "
                                   "long range)."):
            return ("after_combat_burn", 1)                                          # Oubliette
        if k == "modifier" and low == ("this vampire gets an additional strike (limited) with +1 strength during this "
                                       "round of combat."):
            return ("extra_strike_with_strength", 1, 1)                              # Shadow of the Wolf
        if k == "dodge" and low in ("this strike cannot be dodged.", "as above, and this strike cannot be dodged.",
                                    "as [pot] above, and this strike cannot be dodged."):
            return ("undodgeable",)                                                  # Dust Up, Scorpion Sting
        if k == "reset" and low == "each time a card is played this combat, reset the number of counters on this card to 3.":
            return ("reset_counters_on_play", 3)                                   # Trap
        if k == "burn" and low == ("during the press step of each round this combat, this this card automatically burns "
                                   "1 counter from itself to provide 1 press to continue combat (either combatant can "
                                   "press to end combat)."):
            return ("counter_press_each_round",)
        if k == "burn" and low == "burn this card at the end of combat.":
            return ("burn_at_end_of_combat",)
        if k in ("cancel", "burn") and "as it is played" in low:
            c = _cancel(low)
            if c is not None:
                return c                                  # Hide the Mind, Anticipation, Taming the Beast, Bollix...
        if k == "unlock" and e.target == "this vampire" and e.condition == "before combat ends":
            return ("unlock_striker",)
        if k == "strike" and re.fullmatch(r"(?:for the remainder of combat, )?damage from this [a-z]+'s hand strikes is "
                                          r"aggravated(?: this round)?\.?", low):
            return ("hand_aggravated", "combat" if "remainder of combat" in low else "round", 0)
        if k == "burn" and re.fullmatch(r"burn 1 blood to make the damage from this [a-z]+'s hand strikes aggravated "
                                        r"this round\.?", low):
            return ("hand_aggravated", "round", 1)
        if k == "get" and (e.subject or "") == "this vampire" and e.duration == "this combat":
            m = re.fullmatch(r"this vampire gets a strength of (\d+) this combat\.?", low)
            if m:
                return ("strength_set_combat", int(m.group(1)))
        if k == "press" and re.fullmatch(r"press, or prevent (\d+) damage with 1 optional press\.?", low):
            return ("press_or_prevent", int(re.search(r"\d+", low).group(0)))
        return None
    if k == "change" and low == "as above, but for the remainder of this combat." \
            and e.get("duration") == "for the remainder of this combat":
        return ("hand_aggravated_for_combat",)                                   # Bone Spur at superior
    if k == "strike" and e.get("plus_x") and e.get("ranged") and isinstance(e.get("damage"), int) \
            and low == "as above, but for 4r + x ranged damage.":
        return ("strike_plus_x", e.get("damage"))                                  # Eldritch Glimmer at superior
    if k == "prevent" and e.get("all") and e.get("damage_kind") == "aggravated" \
            and e.get("scope") == "from the opposing minion's strike" and e.condition is None and e.subject is None \
            and low == "prevent all aggravated damage from the opposing minion's strike.":
        return ("prevent_aggravated_strike",)                                      # Adaptability at superior
    if k == "strength" and (e.subject or "") == "the opposing minion" and e.duration == "this round" \
            and e.amount and e.amount < 0 and not e.params and e.condition is None \
            and re.fullmatch(r"the opposing minion gets -\d strength this round\.?", low):
        return ("opponent_strength_round", e.amount)                               # Song of Serenity
    if k == "change" and e.params == (("duration", "for the remainder of combat"),) \
            and low == "as above, but for the remainder of combat.":
        return ("opponent_strength_to_combat",)                                    # Song of Serenity at superior
    if k == "change" and e.params == (("damage", 1),) and low == "as above, with 1 damage.":
        return ("equipment_strike_damage", 1)                                      # Fractured Armament at superior
    if k == "change" and e.get("duration") == "for the remainder of combat" and len(e.params) == 1 \
            and low == "as [ani] above, but for the remainder of combat.":
        return ("strength_round_to_combat",)                                       # Strength of the Bear
    if k == "change" and e.get("environmental") and set(dict(e.params)) == {"damage", "environmental"} \
            and low == "as above, but for 2 environmental damage.":
        return ("env_close_amount", e.get("damage"))                               # Groaning Corpse at superior
    if k == "press" and e.optional and e.get("to") in (None, "any") and e.amount == 1 \
            and low == "as above, and this vampire gains 1 optional press this combat.":
        return ("press_this_combat",)                                              # Form of the Wolf
    if k == "press" and e.optional and e.get("to") in (None, "any") and re.fullmatch(
            r"(?:as (?:\[\w+\])*\s?above, with|this vampire gets) (?:an|1) optional press this round\.?", low):
        return ("optional_press_round",)                                         # Invoking the Beast
    if k == "strength" and (e.subject or "") == "the opposing minion" and e.duration == "this combat" \
            and e.amount and e.amount < 0 and not e.params and e.condition is None \
            and re.fullmatch(r"the opposing minion gets -\d strength this combat\.?", low):
        return ("opponent_strength_combat", e.amount)                            # Disease, Blight
    if k == "strike" and e.get("cost") == "burn 1 blood" and isinstance(e.get("damage"), int) \
            and set(dict(e.params)) <= {"damage", "ranged", "aggravated", "cost"} and e.condition is None \
            and re.fullmatch(r"burn 1 blood to strike: \d+r? (?:aggravated )?damage\.?", low):
        return ("strike_blood_cost", 1)                                          # Flames of the Netherworld
    if k == "prevent" and not e.get("frame") and (e.subject or "") == "this vampire" and e.amount and e.amount > 0 \
            and e.condition is None and not e.get("cost") and not e.get("damage_kind") and re.fullmatch(
                r"(?:as (?:\[\w+\] )?above, (?:and|but) )?this vampire (?:can|may) prevent (\d) damage (from the opposing "
                r"minion's strikes )?each round(?: this combat)?\.?", low):
        return ("prevent_each_round", e.amount, "strikes" if "opposing" in low else "any")   # Apparition, Horrid Form
    if k == "press" and e.optional and e.get("to") == "continue" and re.fullmatch(
            r"this strike is at \+\d damage, with an optional press only usable to continue combat\.?|strike: hand "
            r"strike, with 1 optional press, only usable to continue combat\.?", low):
        return ("optional_press_continue",)                                        # Mighty Grapple
    if k == "strike" and e.get("steal_blood") and e.get("or_life") and isinstance(e.get("steal_blood"), int) \
            and e.get("steal_blood") > 0 and set(dict(e.params)) <= {"steal_blood", "or_life", "ranged"} \
            and e.condition is None and e.subject is None:
        return ("steal_blood_or_life", e.get("steal_blood"))
    if k == "strike" and e.get("unpreventable") and isinstance(e.get("damage"), int) and e.get("damage") > 0 \
            and set(dict(e.params)) <= {"damage", "ranged", "aggravated", "unpreventable"} and e.condition is None \
            and e.subject is None:
        return ("strike_damage", e.get("damage"), bool(e.get("ranged")), bool(e.get("aggravated")), True)
    if k == "strike" and e.get("hand") and e.get("or_melee_weapon") and set(dict(e.params)) <= {"hand", "or_melee_weapon"} \
            and e.condition is None and e.subject is None:
        return ("hand_or_melee",)
    if k == "strike" and e.get("first_strike") and e.get("or_retainer") and e.get("destroy_equipment") \
            and len(e.params) == 3 and e.condition is None and e.subject is None \
            and re.fullmatch(r"strike: burn equipment or retainer with first strike\.?", low):
        return ("burn_equipment_or_retainer", True)
    if k == "strike_bonus" and e.amount and e.amount > 0 and e.condition is None and len(e.params) == 0:
        return ("strike_bonus", e.amount)
    if k == "press" and e.get("to") == "continue" and e.condition is None and e.duration is None and not e.optional:
        return ("press_to", "continue")
    if k == "strength" and e.get("self") and e.amount and e.amount > 0 and e.condition is None and not e.get("cost") \
            and re.fullmatch(r"(?:as above, and )?this vampire (?:gets|has) \+(\d) strength (?:for the remainder of "
                             r"(?:the )?combat|this combat)\.?", low):
        return ("strength_combat", e.amount)                                       # Fists of Death, Body Arsenal
    if k == "combat_ends" and low == "combat ends.":
        return ("end_combat_now",)                                                 # Alpha Glint
    if k == "strike" and re.fullmatch(r"strike: strength ranged damage(?:, with 1 optional maneuver)?\.?", low) \
            and e.get("damage") == "strength":
        return ("strength_strike_ranged",)                                         # Earthshock, Shadow Strike
    if k == "additional_strikes" and e.get("cost") == "burn x blood" and e.get("limited"):
        return ("extra_strikes_x_blood",)                                          # Lightning Reflexes
    if k == "put_in_play" and low == "put this card in play with 3 counters." and e.get("counters") == 3 \
            and len(e.params) == 1:
        return ("put_self_in_play", 3)                                             # Trap, Conquer the Beast
    if k == "put_in_play" and (e.target or "") == "the opposing vampire and send them to torpor" \
            and not e.get("counters") and e.condition is None:
        return ("attach_to_opponent_torpor",)                                      # Disarm
    if k == "strength" and e.get("self") and (e.subject or "") == "the attached vampire" \
            and e.duration == "while this card is in play" and e.amount and e.condition is None:
        return ("attached_strength", e.amount)                                     # Disarm
    if k == "change" and e.params == (("first_strike", True),) and low == "as above, with first strike.":
        return ("change_first_strike",)                                            # Blessing of Durga Syn
    if k == "change" and e.get("environmental") and e.get("ranged") and isinstance(e.get("damage"), int) \
            and len(e.params) == 3:       # "As above, but for 2R environmental damage" (Carrion Crows)
        return ("env_amount", e.get("damage"))
    if k == "maneuver" and e.get("to") in ("close", "long") and e.condition is None and e.duration is None \
            and e.subject is None and not e.get("cost"):
        return ("maneuver_to", e.get("to"))
    if k == "prevent" and e.subject is None and e.condition is None and e.get("cost") in (None, "burn 1 blood"):
        return _prevention(e)
    return None


_CANCEL = re.compile(
    r"(?:(?:this vampire )?burns? (?P<blood>\d) blood to |alternatively, burn (?P<blood2>\d) blood to )?"
    r"cancel (?:an? |the opposing minion's )?(?P<what>strike|grapple|frenzy|combat|aim, frenzy, or grapple|"
    r"strike card \(the minion chooses a strike again\) or a grapple) card"
    r"(?: \(such as [a-z ]+\))?"
    r"(?: requiring (?P<discs>[a-z ,\[\]]+?))?"
    r"(?: played (?:by the opposing minion|on this vampire))? as it is played(?: by the opposing minion)?"
    r"(?P<free>,? and its cost is not paid| \(no cost is paid(?: for that card)?\))?"
    r"(?: \(the minion chooses (?:a|another) strike(?: again)?\))?\.?$")


def _cancel(low: str) -> tuple | None:
    """("cancel_as_played", blood to burn, kinds, disciplines, cost of the canceled card paid)."""
    m = _CANCEL.match(low)
    if not m:
        return None
    blood = int(m.group("blood") or m.group("blood2") or 0)
    kinds = tuple(k for k in ("strike", "grapple", "frenzy", "aim", "combat") if k in m.group("what"))
    discs = tuple(re.findall(r"\[(\w{3})\]", m.group("discs") or ""))
    if m.group("discs") and not discs:
        return None
    return ("cancel_as_played", blood, kinds, discs, not m.group("free"))


def _prevention(e: Effect) -> tuple | None:
    """("prevent", amount or None for all, scope, kind): scope "any", "strike" (the opposing minion's
    strike being resolved) or "round" (all of the opposing minion's strikes this round); kind "any" or
    "normal"."""
    kind = {None: "any", "non-aggravated": "normal"}.get(e.get("damage_kind"), None)
    if kind is None or e.get("up_to"):
        return None
    cost = 1 if e.get("cost") == "burn 1 blood" else 0
    if e.amount == -1 and not e.get("scope") and re.fullmatch(r"prevent x\+1 damage\.?", e.text.lower()):
        return ("prevent", "X+1", "any", kind, 0)
    scope = e.get("scope")
    scope = "any" if scope is None else "strike" if scope in _OPPOSING_STRIKE else \
        "round" if scope in _OPPOSING_ROUND else None
    if scope is None:
        return None
    if e.get("all") or e.amount == -2:
        if scope == "any":
            return None
        return ("prevent", None, scope, kind, cost)
    if e.amount is None or e.amount <= 0:
        return None
    return ("prevent", e.amount, scope, kind, cost)


def _in_play(e: Effect, k: str, low: str, t: set) -> tuple | None:
    # a stat the bearer or employer gets while the card is on it ("The bearer gets +1 bleed.")
    if k in ("bleed", "strength", "hunt") and e.get("self") and (e.subject or "") in _BEARER and e.amount and e.amount > 0 \
            and e.condition is None and e.duration is None and not e.optional and not e.get("cost") \
            and not e.get("limited"):
        return ("bearer_stat", k, e.amount)
    if t & {"Equipment", "Retainer"} and k == "modifier" and e.get("frame"):
        m = re.fullmatch(r"the (?:bearer|employer) with (superior )?[a-z]+ \[(\w{3})\] gets \+(\d) intercept\.?", low)
        if m:       # counted by rules_action.minion_intercept, which checks the discipline
            return ("intercept_with_discipline", int(m.group(3)), m.group(2), bool(m.group(1)))
    if t & {"Equipment", "Retainer"} and k == "burn" and e.get("frame"):
        m = re.fullmatch(r"the (?:bearer|employer) with (superior )?[a-z]+ \[(\w{3})\] can burn 1 blood during an "
                         r"action to get an additional \+(\d) intercept\.?", low)
        if m:
            return ("burn_blood_for_intercept", int(m.group(3)), m.group(2), bool(m.group(1)))
    if k == "bleed" and e.get("self") and e.amount and e.amount > 0 and e.condition is None and e.duration is None \
            and not e.optional and not e.get("cost") and not e.get("limited"):
        m = re.fullmatch(r"this ([a-z][a-z ]+) gets \+(\d) bleed\.?", low)
        if m and m.group(1) not in ("vampire", "minion", "bearer", "employer"):
            return ("bearer_stat_clan", "bleed", int(m.group(2)), m.group(1))          # Childling Muse, D'habi Revenant
    if "Equipment" in t and k == "block" and e.get("negated"):
        m = re.fullmatch(r"(allies|toreador and toreador antitribu) cannot block th(?:is|e) (?:vampire|minion)\.?", low)
        if m:                                                                      # Sacré-Cœur Cathedral, Cloak of the Abalone
            return ("unblockable_by_kind", "ally" if m.group(1) == "allies" else "toreador")
    if "Equipment" in t and k in ("state", "get"):
        m = re.fullmatch(r"(?:the vampire with this equipment has|this vampire gets) superior [a-z]+ \[(\w{3})\]\.?", low)
        if m:                                                                      # Drum of Xipe Totec, Hand of Conrad
            return ("grants_superior", m.group(1).lower())
    if "Equipment" in t and k == "unlock" and low == ("if any damage from this strike is successfully inflicted on an "
                                                      "opposing vampire, that vampire does not unlock as normal on his or "
                                                      "her next unlock phase."):
        return ("hit_skips_unlock",)                                               # Spike-Thrower
    if "Equipment" in t and k == "spend" and low == ("vampires must spend twice the normal amount of blood to heal the "
                                                     "damage from this weapon's strikes."):
        return ("double_mend",)                                                    # Sword of Nuln
    if "Equipment" in t and k == "burn" and low.startswith("if the opposing minion inflicts any damage on this minion at "
                                                           "long range (even if it is prevented), this weapon is burned and "
                                                           "the bearer takes 2 aggravated"):
        return ("burns_if_hit_at_long", 2)                                         # Improvised Flamethrower
    if "Equipment" in t and k == "press" and e.get("to") == "continue" and e.get("only") == ("each combat",) \
            and low.startswith("strike: strength+1 damage, with 1 optional press, only usable to continue combat"):
        return ("equipment_press_continue_each_combat",)                           # Righteous Blade
    if "Equipment" in t and k == "take" and low == ("bearer takes 1 damage during strike resolution when this weapon is "
                                                    "used, but only once each combat."):
        return ("weapon_hurts_bearer_once", 1)                                     # Black Gloves
    if "Equipment" in t and k == "strike" and e.get("dodge") and e.get("once_each_combat") \
            and re.fullmatch(r"once each combat, this ([a-z]+) can strike: dodge\.?", low):
        return ("clan_strike", re.match(r"once each combat, this ([a-z]+)", low).group(1))   # Treasured Samadji
    if "Equipment" in t and k == "get" and re.fullmatch(r"the minion with this (?:vehicle|equipment) gets an optional press "
                                                        r"each combat\.?", low):
        return ("equipment_press_each_combat",)                                    # Hawg
    if "Equipment" in t and k == "get" and low == ("this minion gets an optional press to end combat on the first round "
                                                   "of combat."):
        return ("equipment_press_end_first_round",)                                # Highway Haven: RV
    if "Equipment" in t and k == "get" and low == ("the bearer gets 1 press (mandatory), only usable to continue combat "
                                                   "during the first round, and can prevent 1 damage each combat."):
        return ("mandatory_press_continue_first_round",)                           # Talbot's Chainsaw (its prevention:
                                                                                   # rules_combat.prevent, once each combat)
    if "Equipment" in t and k == "get" and e.get("frame") and re.fullmatch(
            r"(?:after the bearer strikes|when bearer strikes) with this gun, (?:they|he or she) gets? (?:1|an) optional "
            r"additional strike \(limited\)(?:,| this round,) only usable to strike with this gun(?:, this round)?\.?",
            low):
        return ("weapon_extra_strike", True)                                       # AK-47, Kpist m/45
    if "Equipment" in t and k == "additional_strikes" and e.get("limited") and e.duration == "each round" and \
            low == "strength+1 damage each strike, with an optional additional strike (limited) each round.":
        return ("weapon_extra_strike", False)                                      # Sword of Judgment
    if "Equipment" in t and k == "burn" and e.get("frame") and low == ("the vampire with this equipment may burn it to get "
                                                                      "+2 intercept for the current action."):
        return ("burn_for_intercept", 2)                                           # Changeling Skin Mask
    if "Equipment" in t and k == "lock" and e.get("frame") and low == ("the minion with this equipment may lock to give an "
                                                                      "acting minion -1 stealth for the current action."):
        return ("lock_for_minus_stealth", 1)                                       # Starshell Grenade Launcher
    if "Equipment" in t and k == "burn" and e.get("frame") and low == (
            "the vampire with this equipment may burn this card to prevent 2 points of damage in combat or to gain 2 "
            "blood (ignore excess blood)."):
        return ("burn_to_prevent_or_gain", 2, 2)                                   # Blood Tears of Kephran
    if "Equipment" in t and k == "unlock" and e.get("frame") and low == ("if the action to equip with the this card is "
                                                                        "successful, unlock the acting minion at the end "
                                                                        "of the turn."):
        return ("unlock_end_of_turn_on_equip",)                                    # Baseball Bat, Leather Jacket
    if "Equipment" in t and k == "burn" and e.get("frame") and low == ("bearer may burn this card to prevent all the damage "
                                                                      "from the opposing minion's strike."):
        return ("burn_to_prevent_strike",)                                         # Leather Jacket
    if "Equipment" in t and k == "modifier" and e.get("frame") and low == ("the harbinger of skulls with this equipment "
                                                                          "gets +1 stealth."):
        return ("bearer_stealth", 1, "harbinger of skulls", None, ())              # Erebus Mask
    if "Equipment" in t and k == "stealth" and e.amount == 1 and low == (
            "the vampire with this location gets +1 stealth on any action requiring animalism [ani] or protean [pro]."):
        return ("bearer_stealth", 1, None, None, ("ani", "pro"))                   # Dartmoor, England
    if "Equipment" in t and k in ("stealth", "bleed") and e.amount == 1 and low == (
            "this malkavian antitribu gets +1 bleed and +1 stealth during bleed actions."):
        return ("bearer_stealth", 1, "malkavian antitribu", "bleed", ()) if k == "stealth" else \
            ("bearer_stat_clan", "bleed", 1, "malkavian antitribu")                # Enchanted Marionette
    if "Equipment" in t and k == "intercept" and e.get("self") and e.amount == 1 and low == (
            "the bearer gets +1 intercept during actions requiring dominate [dom] or presence [pre]."):
        return ("bearer_intercept_vs_disciplines", 1, ("dom", "pre"))              # The Ancestor's Talisman
    m = re.fullmatch(r"the ([a-z ]+) with this location gets an optional maneuver or press each combat\.?", low)
    if "Equipment" in t and k == "get" and m:
        return ("clan_maneuver_or_press", m.group(1))                              # Ruins of Ceoris
    if "Equipment" in t and k == "end" and low == "end combat as a strike, only usable at long range.":
        return ("weapon_strike_combat_ends",)                                      # Smoke Grenade
    if "Equipment" in t and k == "burn" and low == "burn after use." and e.condition == "after use":
        return ("burn_after_use",)                                                 # Smoke Grenade, Grenade
    if "Equipment" in t and k == "take" and low == ("if this card is used at close range, the minion with this weapon "
                                                    "takes 1 damage."):
        return ("weapon_self_damage_close", 1)                                     # Grenade
    if "Equipment" in t and k == "take" and low == ("if this card is used at close range, the minion with this equipment "
                                                    "takes 1 aggravated damage."):
        return ("weapon_self_damage_close", 1, True)                               # White Phosphorus Grenade
    if "Equipment" in t and k == "burn" and low == "this vampire can burn this card during your master phase to lock any vampire.":
        return ("burn_in_master_phase_to_lock",)                                   # Mummy's Tongue
    if "Equipment" in t and k == "unlock" and e.get("negated") and low == ("the locked vampire does not unlock as normal "
                                                                          "during their next unlock phase."):
        return ("locked_skips_unlock",)                                            # Mummy's Tongue
    if "Equipment" in t and k == "equip" and low == ("during your influence phase, this minion may equip with a "
                                                     "non-location, non-unique equipment card from your hand "
                                                     "(requirements and cost apply as normal)."):
        return ("equip_in_influence_phase",)                                       # Pier 13, Port of Baltimore
    if "Equipment" in t and k == "block" and low == "this is not an action and cannot be blocked.":
        return ("not_an_action",)                                                  # Pier 13 (its use is no action)
    if "Equipment" in t and k == "prevent" and e.get("frame") and low == ("the minion with this equipment may prevent 1 "
                                                                         "damage from an opposing minion's strike each "
                                                                         "round."):
        return ("equipment_prevent_each_round", 1)                                 # Blood Shield
    if "Equipment" in t and k == "burn" and low == ("if used to prevent damage from a hand strike made by a vampire with "
                                                    "capacity 6 or less, that vampire burns 2 blood."):
        return ("small_hand_striker_burns", 6, 2)                                  # Blood Shield
    m = re.fullmatch(r"an? ([a-z ]+) can use this weapon to strike: burn weapon with first strike\.?", low)
    if "Equipment" in t and k == "use" and m:
        return ("clan_burn_weapon_strike", m.group(1))                             # Talith
    if "Equipment" in t and k == "state" and low == "this weapon is only usable once each combat.":
        return ("weapon_once_each_combat",)                                        # Gas-Powered Chainsaw
    if "Equipment" in t and k == "maneuver" and e.get("to") in ("close", "long") and e.get("once_each_combat") \
            and e.condition is None and e.duration is None:
        return ("maneuver_to", e.get("to"))                                        # Blade of Bellona
    if "Equipment" in t and k == "represent" and re.fullmatch(
            r"(?:while in play, )?this equipment card represents a location and does not count as equipment"
            r"(?: (?:while|when) in play)?\.?", low):
        return ("equipment_location",)          # no strike that destroys or steals equipment reaches it
    if "Equipment" in t and k == "count" and low == "while in play, this card does not count as equipment.":
        return ("equipment_location",)                                             # Living Manse
    if "Equipment" in t and k == "burn" and low == "they can burn this card before range is determined to end combat.":
        return ("burn_to_end_combat_before_range",)                                # Living Manse
    if "Equipment" in t and k == "gain" and re.fullmatch(
            r"during your master phase, the vampire with this location gains (\d) blood\.?", low):
        return ("master_phase_gain_blood", int(re.search(r"\d", low).group(0)))       # Palatial Estate
    if "Equipment" in t and k == "attempt" and e.get("frame") and e.get("negated"):
        m = re.fullmatch(r"vampires with capacity (\d+) or more cannot attempt to block the bearer\.?", low)
        if m:       # The Signet of King Saul
            return ("unblockable_by_capacity", int(m.group(1)))
    if "Equipment" in t and k == "draw" and e.get("frame") and re.fullmatch(
            r"if the bearer is ready during your unlock phase, you can draw up to (\d) cards without discarding and "
            r"then move the same number of cards from your hand to the bottom of your library\.?", low):
        return ("unlock_draw_then_bottom", e.amount)
    if "Retainer" in t and k == "burn" and e.get("frame") and re.fullmatch(
            r"during any methuselah's unlock phase, the employer can burn 1 blood to unlock\.?", low):
        return ("employer_burns_to_unlock", 1)
    if "Equipment" in t and k == "state" and e.get("frame") and re.fullmatch(
            r"if the bearer blocks, they can, before range is determined, set the range for the first round of the "
            r"resulting combat to long, and their initial strike that round must be with this weapon\.?", low):
        return ("blocker_sets_long_range",)
    if "Retainer" in t and k in ("inflict", "take") and e.get("frame"):
        m = re.fullmatch(r"[a-z' .,-]+? inflicts (\d+)(r?) damage on the opposing minion each round of combat during normal "
                         r"strike resolution( at close range)?\.?", low)
        if m:       # Murder of Crows, Shade, Vengeful Spirit, Dread Mastiff, Zombie, Hatch the Viper
            return ("retainer_damage_each_round", int(m.group(1)), bool(m.group(2)), bool(m.group(3)))
        if re.fullmatch(r"when the minion with this retainer is in combat, the opposing minion takes (\d+) damage during "
                        r"strike resolution \(if the range is close\)\.?", low):
            return ("retainer_damage_each_round", int(re.search(r"\d+", low).group(0)), False, True)   # Wolf Companion
    if "Retainer" in t and k == "take" and low == ("when this minion is in combat with an acting minion, the acting minion "
                                                    "takes 2 damage during strike resolution each round if the range is "
                                                    "close."):
        return ("retainer_damage_each_round", 2, False, True, "acting")             # Elephant Guardian
    if "Retainer" in t and k == "gain" and low == ("if the vampire with this retainer is in torpor, he or she gains 1 "
                                                    "blood at the beginning of his or her minion phase."):
        return ("torpor_minion_phase_blood", 1)                                    # Faithful Servant
    if "Retainer" in t and k == "change" and isinstance(e.get("damage"), int) and len(e.params) == 1:
        return ("retainer_damage_amount", e.get("damage"))
    if t & {"Equipment", "Retainer"} and k == "prevent" and e.get("frame") and (e.subject or "") in _BEARER:
        m = re.fullmatch(r"(once each combat, )?the (?:bearer|minion with this (?:equipment|retainer)|employer) (?:can|may) "
                         r"prevent (\d+) damage"
                         r"( each combat)?(?: from gun strikes or (\d+) damage from any other source)?\.?", low)
        if m and (m.group(1) or m.group(3)):
            return ("equipment_prevent", int(m.group(2)), int(m.group(4)) if m.group(4) else None)
    if "Equipment" in t and k == "strike" and e.get("damage") == "strength" and not e.get("frame") \
            and set(dict(e.params)) <= {"damage", "bonus", "aggravated", "weapon"} and e.condition is None \
            and e.subject is None and isinstance(e.get("bonus", 0), int):
        return ("strength_strike", e.get("bonus", 0), bool(e.get("aggravated")))
    return None


_HELL = re.compile(r"the opposing minion's controller burns (\d) pool\.?")


def _one_offs(k: str, low: str) -> tuple | None:
    """Session 3: one-off combat clauses (frames), each read only in its card's own words."""
    if k == "state" and re.fullmatch(r"as (?:\[[a-z]+\] )?above, and the damage is unpreventable\.?", low):
        return ("strike_unpreventable",)                                             # Hexe
    if k == "stun" and low == "as above, and after combat ends, if the range is close, stun the opposing minion.":
        return ("after_combat_stun",)                                                # Kiss of Cathari
    if k == "burn":
        m = _HELL.fullmatch(low)
        if m:
            return ("opponent_controller_burns_pool", int(m.group(1)))               # Hell-for-Leather
        if low == "burn the opposing vampire instead of sending that vampire to torpor.":
            return ("burn_torpor_victim",)                                           # Decapitate
    if k == "modifier" and low == ("during this combat, opposing vampire gets +1 strength, but he or she cannot use "
                                   "maneuvers to maneuver to long range, cannot use presses to end combat and cannot use "
                                   "equipment."):
        return ("opponent_vampire_drawn_out", 1)                                     # Drawing Out the Beast
    if k == "take" and low == ("as above, and the opposing vampire takes 1 unpreventable damage during the press step "
                               "each round."):
        return ("press_step_damage_vampire", 1)                                      # Drawing Out the Beast
    if k == "maneuver" and low == "maneuver, only usable to get to close range, or press, only usable to continue combat.":
        return ("maneuver_close_or_press_continue",)                                 # Shadow Boxing
    if k == "press" and low == ("this combat, if any damage is successfully inflicted on this vampire in a round, the "
                                "opposing minion cannot press that round."):
        return ("no_press_if_hit",)                                                  # Sympathetic Agony
    if k == "use" and low == ("as above, and if any damage is successfully inflicted on this vampire in a round, the "
                              "opposing minion cannot use additional strikes that round."):
        return ("no_extra_if_hit",)                                                  # Sympathetic Agony
    if k == "dodge" and low == "the opposing minion cannot dodge this round.":
        return ("forbid_strike", "dodge")                                            # Skin Trap
    if k == "strike" and low == ("as above, and the opposing minion cannot strike this round unless they burn 1 blood "
                                 "immediately (allies cannot burn blood)."):
        return ("opponent_strike_toll_round", 1)                                     # Skin Trap
    if k == "take" and low == ("after strike resolution, if this minion is still ready, the opposing minion takes 1 "
                               "additional damage."):
        return ("damage_after_hand_hit", 1)                                          # Shoulder Drop
    if k == "press" and low == "the opposing minion cannot press this round.":
        return ("opponent_no_press_round",)                                          # Shoulder Drop
    if k == "strike" and low == "damage from this vampire's next hand or melee weapon strike is aggravated.":
        return ("hand_melee_aggravated", "next")                                    # Blood Agony
    if k == "strike" and low == "damage from this vampire's hand and melee weapon strikes is aggravated this combat.":
        return ("hand_melee_aggravated", "combat")                                  # Blood Agony
    if k == "take" and low == ("both combatants and each retainer on them take 1 unpreventable environmental damage "
                               "before range is determined each round this combat."):
        return ("weather_each_round", 1)                                            # Weather Control
    if k == "inflict" and low == ("as above, but the amount of damage inflicted is increased by 1 in each subsequent "
                                  "round."):
        return ("weather_growing",)                                                 # Weather Control
    if k == "modifier" and low == "this round, this vampire gets +1 strength and 1 optional maneuver, and can prevent 1 damage.":
        return ("round_prevent_granted", 1)                                         # Obedient Flesh (the strength and
                                                                                    # maneuver from the play's text)
    if k == "modifier" and low == ("this combat, this vampire gets +1 strength and can prevent 1 non-aggravated damage "
                                   "each round."):
        return ("strength_and_prevent_normal", 1, 1)                                # Mythic Form
    if k in ("maneuver", "strike") and low == ("as above, but with 1 optional maneuver this round, and this vampire can "
                                                "strike: 2r aggravated damage once each round this combat."):
        return ("maneuver_and_strike_option_combat", 2, True)                       # Mythic Form at superior
    if k == "inflict" and low == "that weapon inflicts no damage.":
        return ("opposing_ranged_weapon_no_damage",)                                 # Darkling Trickery
    if k == "take" and low == "the opposing minion takes 1r environmental damage during normal strike resolution.":
        return ("env_this_round", 1)                                                 # Darkling Trickery
    if k == "make" and low == ("any effect which would make damage from this strike aggravated leaves the damage normal "
                               "instead."):
        return ("strike_never_aggravated",)                                          # Psychic Assault
    if k == "state" and low == "if this striking vampire is black hand, the damage from this strike is unpreventable.":
        return ("strike_unpreventable_if_black_hand",)                               # Psychic Assault
    if k == "queue" and low == "queue a combat with the opposing minion.":
        return ("queue_combat",)                                                     # Psyche!
    if k == "interrupt" and low == "this can interrupt the resolution of an effect that ends a combat.":
        return ("queue_interrupts_combat_ends",)                                     # Psyche!
    if k == "modifier" and low == "this round, this vampire gets +2 strength.":
        return ("strength_round_from_text", 2)                                       # Lapse (the play's text)
    if k == "maneuver" and low == "this round, the opposing minion cannot maneuver.":
        return ("opponent_no_maneuver_round",)                                       # Lapse
    if k == "strike" and low == ("this round, the opposing minion cannot strike during the initial strike step (other "
                                 "strike resolution effects are not affected)."):
        return ("opponent_no_initial_strike_round",)                                 # Lapse
    if k == "strike" and low == ": strike: 1r damage.":
        return ("strike_damage", 1, True, False, False)                              # Death of the Drum
    if k == "strike" and low == (": strike: 2r damage, only preventable by cards requiring fortitude [for] or "
                                 "visceratika [vis]."):
        return ("strike_fv_only", 2, False)                                          # Death of the Drum
    if k == "state" and low == ": as [mel] above, and the damage is aggravated.":
        return ("strike_fv_only", 2, True)                                           # Death of the Drum at superior
    if k == "prevent" and low == "prevent half the damage (round up) done by the opponent's strike.":
        return ("prevent_half_strike",)                                              # Rockheart
    if k == "prevent" and low == "doing this twice would prevent all damage from the strike.":
        return ("prevent_half_note",)                                                # Rockheart (halves of what is left)
    if k == "prevent" and low == ("as [vis] above, and prevent half the damage (round up) done by each strike of the "
                                  "opponent for the remainder of combat."):
        return ("prevent_half_each_strike_combat",)                                  # Rockheart at superior
    if k == "destroy" and low == "if the strike was made with a melee weapon, that weapon is destroyed.":
        return ("destroy_melee_weapon_if_hit",)                                      # King of the Mountain
    if k == "take" and low == ("if the opposing minion inflicts damage with a hand strike this round (even if the damage "
                               "is prevented), he or she takes an equal amount of damage during strike resolution as "
                               "well."):
        return ("reflect_hand_damage_round",)                                        # King of the Mountain
    if k == "treat" and low == "this vampire treats all aggravated damage from that strike as normal damage.":
        return ("agg_as_normal_strike",)                                             # Ignore the Searing Flames
    if k == "burn" and low == "burn 1 blood to be immune to aggravated damage this round.":
        return ("burn_for_immune_aggravated_round", 1)                               # Ignore the Searing Flames
    if k == "choose" and low == "choose a weapon possessed by the opposing minion.":
        return ("choose_opposing_weapon",)                                           # Up Yours!, Machine Blitz
    if k == "strike" and low == "strike: x damage, where x is the pool cost of the chosen weapon.":
        return ("strike_x_weapon", "cost")                                           # Up Yours!
    if k in ("strike", "inflict") and low == ("strike: ranged; x damage, where x is the amount of damage the chosen weapon "
                                               "would inflict as a strike."):
        return ("strike_x_weapon", "damage")                                         # Machine Blitz
    if k == "change" and low == "as above, with +1r damage.":
        return ("strike_x_bonus", 1)                                                 # Machine Blitz at superior
    if k == "strike" and low == "damage from this weapon's strikes is aggravated this round.":
        return ("melee_weapon_aggravated_round",)                                    # Baal's Bloody Talons
    if k == "burn" and low == "burn this weapon at the end of this round.":
        return ("burn_weapon_end_of_round",)                                         # Baal's Bloody Talons
    if k == "inflict" and low == "as above, and this weapon inflicts +1 aggravated damage each strike this round.":
        return ("melee_weapon_aggravated_bonus_round", 1)                            # Baal's Bloody Talons
    if k == "strike" and low == "strike: 3 aggravated damage if at close range or 1r aggravated damage if at long range.":
        return ("strike_by_range", 3, 1)                                             # Body of Sun
    if k == "inflict" and low == ("the same amount of aggravated damage is inflicted on this striking minion and on all "
                                  "retainers employed by either combatant."):
        return ("strike_hurts_self_and_retainers",)                                  # Body of Sun
    if k == "take" and low == ("as above, but this striking minion takes no damage from this card, although his or her "
                               "retainers still do."):
        return ("strike_spares_self",)                                               # Body of Sun at superior
    if k == "strike" and low == ("strike: prevent 2 damage from the opposing minion's next hand strike this round "
                                 "(including any currently-resolving hand strike)."):
        return ("strike_prevent_next_hand", 2)                                       # Forearm Block
    if k == "get" and low == ("if another round of combat occurs, this minion gets first strike on his or her initial "
                              "strike that round."):
        return ("first_strike_next_round",)                                          # Forearm Block
    if k == "choose" and low == "instead, the opposing minion chooses his or her strike first.":
        return ("opponent_chooses_strike_first",)                                    # Rapid Thought
    if k == "gain" and low == ("after combat ends, if the opposing minion is ready, the opposing minion gains blood or "
                               "life equal to the amount they lost to damage this combat."):
        return ("after_combat_opponent_regains",)                                    # Imposing Phantasm
    if k == "set" and low == "set the range for this round.":
        return ("set_range", 0)                                                      # Neebi (choice: close or long)
    if k == "skip" and low == "skip the determine range step this round.":
        return ("range_step_skipped",)                                               # Neebi (set_range skips it)
    if k == "strike" and low == "strike: hand strike and dodge.":
        return ("strike_hand_and_dodge",)                                            # Stutter-Step
    if k == "no_additional_strikes" and low == ("not usable as an additional strike, and this vampire cannot use any "
                                                "additional strikes this round."):
        return ("no_extra_this_round",)                                              # Stutter-Step
    if k == "strike" and low == ("strike: hand strike at +2 damage, and the opposing minion cannot strike for the "
                                 "remainder of the round (this doesn't affect the current strike resolution)."):
        return ("hand_strike_then_opponent_no_strike", 2)                            # Pounce
    if k == "take" and low == ("if this strike is dodged, this striking minion takes 1 damage during strike resolution "
                               "and the opposing minion gets an optional press."):
        return ("dodged_penalty", 1)                                                 # Pounce
    if k == "strike" and low == ("non-aggravated damage from this weapon's strikes cannot be prevented except by "
                                 "equipment or by other strikes this round."):
        return ("weapon_only_equipment_prevents_round",)                             # Strike at the True Flesh
    if k == "strike" and low == "as above, and this weapon's strikes inflict +1 damage this round.":
        return ("weapon_bonus_round", 1)                                             # Strike at the True Flesh
    if k == "strike" and low == "strike: burn one master discipline card on the opposing vampire (remove excess blood).":
        return ("strike_burn_master_discipline",)                                    # Weakness (target: the card)
    if k == "take" and low == "as above, and the opposing vampire also takes one damage.":
        return ("strike_also_damage", 1)                                             # Weakness at superior
    if k == "strike" and low == "strike: burn the opposing non-wraith ally or a non-wraith retainer on the opposing minion.":
        return ("strike_burn_ally_or_retainer_non_wraith",)                          # Autonomic Mastery
    if k == "reduce" and low == "damage from this strike is reduced to zero.":
        return ("strike_damage_zero",)                                               # Autonomic Mastery
    if k == "end" and low == "combat ends immediately after this strike resolves, unless it is dodged.":
        return ("end_after_strike_unless_dodged",)                                   # Autonomic Mastery
    if k == "require" and low == ("any strike requiring thaumaturgy [tha] that is not usable during the first round of "
                                  "combat can be played by this vampire during the first round."):
        return ("tha_strikes_first_round",)                                          # Shotgun Ritual
    if k == "continue" and low == "as above, with an optional press to continue.":
        return ("press_continue_grant",)                                             # Shotgun Ritual at superior
    if k == "strike" and low == "strike: strength+1 ranged damage.":
        return ("strength_strike_card", 1, True)                                     # Kraken's Kiss
    if k == "go" and low == "if this striking minion takes 4 or more damage this combat, they go to torpor.":
        return ("torpor_after_damage_taken", 4)                                      # Kraken's Kiss
    if k == "strike" and low == ("as above, with 1 optional press, only usable to continue combat, and once each round "
                                 "this combat, this vampire can strike, ranged: steal 2 blood or life (becoming blood)."):
        return ("press_continue_and_steal_option", 2)                                # Kraken's Kiss at superior
    if k == "choose" and low == "the opposing minion cannot choose another strike and gets no strike instead.":
        return ("canceled_striker_gets_no_strike",)                                  # Evil Eye
    if k == "strike" and low == ("strike: burn the opposing animal or mortal, or strike: hand strike at +x damage, where "
                                 "x is the number of orun on this vampire."):
        return ("strike_burn_animal_mortal_or_hand_orun",)                           # Invoke Poison Glands
    if k == "maneuver" and low == ("for the remainder of combat, the opposing monster cannot maneuver or press to "
                                   "continue, and strikes other than strikes to end combat cost the opposing monster an "
                                   "additional blood or life."):
        return ("imprison_opponent",)                                                # Imprison
    if k == "inflict" and low == ("for the remainder of combat, the amount of damage inflicted on this imbued by hand "
                                  "strikes, melee weapon strikes, or retainers is also inflicted on the striking minion or "
                                  "damage-dealing retainer, even if this imbued prevents the damage."):
        return ("reflect_hand_melee_retainer_combat",)                               # Inflict
    if k == "gain" and low == "each vampire you control gains x blood, where x is the cost to recruit the ally.":
        return ("vampires_gain_ally_cost",)                                          # Orgy of Blood
    if k == "equip" and low == ("equip this vampire with a non-unique equipment from your hand (requirements and cost "
                                "apply as normal)."):
        return ("equip_from_hand_non_unique",)                                       # Contraband (target: the card)
    if k == "pay" and low == ("as above, and this vampire can pay up to half the cost rounded down of that equipment "
                              "with their blood."):
        return ("equip_cost_half_in_blood",)                                         # Contraband (choice: blood paid)
    if k == "strike" and low == ("this minion's initial strike this round will be strike: hand strike at +1 damage, and "
                                 "the opposing minion's initial strike this round gets first strike."):
        return ("commit_hand_strike_opponent_first", 1)                              # Haymaker
    if k == "get" and low == ("if either minion inflicts more damage than the other this round, that minion gets an "
                              "optional press this round."):
        return ("press_to_bigger_hitter",)                                           # Haymaker
    if k == "make" and low == "this combat, each strike or damaging effect made against the opposing minion inflicts +1 damage.":
        return ("plus_damage_against_opponent_combat", 1)                            # Dam the Heart's River
    if k == "strike" and low == ("as above, and this combat, strikes cost the opposing minion 1 additional blood or life, "
                                 "and they can choose not to strike."):
        return ("opponent_strikes_cost_combat", 1)                                   # Dam the Heart's River at superior
    if k == "move" and low == "move 1 blood from the blood bank to a younger vampire in your uncontrolled region.":
        return ("bank_blood_to_younger_uncontrolled", 1)                             # Street Cred (choice: the vampire)
    if k == "move" and low == "as above, but move 2 blood.":
        return ("bank_blood_amount", 2)                                              # Street Cred at superior
    if k == "strike" and low == ("strike: x-2 ranged damage, where x is this vampire's capacity minus the target's "
                                 "capacity or cost."):
        return ("strike_capacity_difference", 2)                                     # Scourge of Alecto
    if k == "ignore" and low == "if more than 4 damage is inflicted with this strike, ignore the excess.":
        return ("strike_damage_at_most", 4)                                          # Scourge of Alecto
    if k == "strike" and low == "strike: strength+1 aggravated ranged damage.":
        return ("strength_strike_card_aggravated", 1)                                # Smite
    if k == "burn" and low == ("even if the strike is dodged, burn any electronic equipment (e.g., ir goggles, laptop "
                               "computer, or phased motion detector) on either combatant."):
        return ("strike_burns_electronic",)                                          # Smite
    if k == "strike" and low == ("strike: 3r damage, and prevent 1 damage from the opposing minion's strike during this "
                                 "strike resolution."):
        return ("strike_damage_and_prevent", 3, 1)                                   # Stunt Cycle
    if k == "burn" and low == ("if the opposing minion has celerity [cel], he or she can burn 1 blood to prevent all "
                               "damage from this strike."):
        return ("celerity_burns_to_prevent_strike", 1)                               # Stunt Cycle
    if k == "prevent" and low == "as above, but for 4r damage and prevent 2 damage from the opposing minion's strike.":
        return ("strike_damage_and_prevent_change", 4, 2)                            # Stunt Cycle at superior
    if k == "inflict" and low == ("this combat, if a damage is successfully inflicted on this vampire in a given round, "
                                  "any additional damage inflicted on this vampire in the same round is automatically "
                                  "prevented."):
        return ("one_damage_each_round",)                                            # Flesh of Marble
    if k == "prevent" and low == "aggravated damage cannot be prevented this way.":
        return ("one_damage_each_round_normal_only",)                                # Flesh of Marble
    if k == "prevent" and low == "as above, but aggravated damage is prevented this way as well.":
        return ("one_damage_each_round_aggravated_too",)                             # Flesh of Marble at superior
    if k == "reduce" and low == "once this combat, this vampire can reduce the cost of a combat card they play by 1 blood.":
        return ("next_combat_card_costs_less", 1)                                    # Inner Essence
    if k == "gain_blood" and low == "as above, and this vampire gains 1 blood.":
        return ("self_gains_blood", 1)                                               # Inner Essence at superior
    if k == "take" and low == ("if any damage from this strike is successfully inflicted on the opposing minion, they take "
                               "+2 damage from this strike, and they cannot press this round."):
        return ("aim_hit_effect", "vitals")                                          # Target Vitals
    if k == "use" and low == ("if any damage from this strike is successfully inflicted on the opposing minion, he or she "
                              "may use maneuvers or presses only if they require obfuscate [obf] , thaumaturgy [tha] or "
                              "flight [flight] this action."):
        return ("aim_hit_effect", "leg")                                             # Target Leg
    if k == "modifier" and low == ("if any damage from this strike is successfully inflicted on the opposing minion, he or "
                                   "she gets -1 strength this action, and you may destroy a weapon he or she has."):
        return ("aim_hit_effect", "hand")                                            # Target Hand (choice: the weapon)
    if k == "use" and low == ("if any damage from this strike is successfully inflicted on the opposing minion, he or she "
                              "cannot use any additional strikes or presses this round, and you may set the range for the "
                              "next round."):
        return ("aim_hit_effect", "head")                                            # Target Head (choice: the range)
    if k == "do" and low == "the strike does +2 damage.":
        return ("aim_strike_bonus", 2)                                               # Target Head
    if k == "target" and low == ("you can target a retainer on the opposing minion with this strike (instead of the "
                                 "opposing minion)."):
        return ("aim_hit_effect", "retainer")                                        # Target Retainer (choice: it)
    if k == "target" and low == ("or you can target the opposing minion directly as usual, but if any damage from this "
                                 "strike is successfully inflicted, this strike inflicts +1 damage."):
        return ("aim_direct_bonus", 1)                                               # Target Retainer
    if k == "discard" and low in ("they can discard two combat cards to cancel this card as it is played.",
                                  "the opposing minion may discard two combat cards [combat] to cancel this card.",
                                  "the opposing minion can discard two combat cards to cancel this card as it is played."):
        return ("aim_cancel_discards", 2)                                            # Target Vitals, Leg, Hand
    if k == "discard" and low == "the opposing minion may discard a combat card [combat] to cancel this card.":
        return ("aim_cancel_discards", 1)                                            # Target Head
    if k == "get" and low == ("this combat, each round defaults to long range, and this vampire gets 1 optional press "
                              "each round, only usable to end combat."):
        return ("long_range_default_and_press_end_each_round",)                      # Fear of the Void Below
    if k == "strike" and low == "strike: dodge with an optional press.":
        return ("dodge_with_press",)                                                 # Devil-Channel: Feet
    if k == "lock" and low == "as above, and this vampire locks an aye on him or her to unlock.":
        return ("lock_aye_to_unlock",)                                               # Devil-Channel: Feet at superior
    if k == "prevent" and low == "strike: dodge, and this vampire may prevent 1 damage from a retainer.":
        return ("retainer_prevent_round", 1)                                         # Eyes of Blades (as it comes)
    if k == "strike" and low == ("this round, this vampire cannot strike, and strikes and damage from retainers have no "
                                 "effect on this vampire and any non-retainer cards on him or her."):
        return ("no_strike_retainer_immune_round",)                                  # Eyes of Blades at superior
    if k == "send" and low == ("if any damage is successfully inflicted from this vampire's hand strikes this round, send "
                               "the opposing vampire to torpor or burn the opposing ally."):
        return ("hand_hit_torpor_or_burn_round",)                                    # Basilisk's Touch
    if k == "burn" and low == ("as [myt] above, and the opposing vampire burns 1 blood if any damage is successfully "
                               "inflicted."):
        return ("hand_hit_burn_blood", 1)                                            # Basilisk's Touch at superior
    if k == "change" and low == "as above, but for 2 damage.":
        return ("retainer_damage_change", 2)       # Bestial Vengeance at superior (Touch of Pain's is the core's: no-op)
    if k == "choose" and low == "choose a retainer on this laibon.":
        return ("choose_own_retainer",)                                              # Bestial Vengeance (choice: it)
    if k == "state" and low == ("this combat, this laibon is immune to frenzy cards and the opposing minion takes 1 damage "
                                "during strike resolution if the retainer is ready."):
        return ("frenzy_immune_and_retainer_damage", 1)                              # Bestial Vengeance
    if k == "prevent" and low == "prevent 1 damage to a minion or retainer in combat.":
        return ("outsider_prevent", 1)                                               # Martyr's Resilience (target)
    if k == "prevent" and low == "burn x blood to prevent x+1 damage to a minion or retainer in combat.":
        return ("outsider_prevent_x",)                                               # Martyr's Resilience (choice X)
    if k == "prevent" and low == "prevent all damage to that minion from the opposing minion's strike.":
        return ("outsider_prevent_all_strike",)                                      # Touch of Valeren at superior
    if k == "get" and low == ("as above, and the target of the frenzy card gets an optional press, only usable to end "
                              "combat."):
        return ("frenzy_target_press_end",)                                          # Tranquility at superior
    if k == "state" and low == ("the range this round is automatically close, and the blood brother in combat gets an "
                                "optional press, only usable to continue combat."):
        return ("outsider_close_and_press_continue",)                                # Three's a Crowd
    if k == "get" and low == "the other blood brother gets an additional strike (limited) each round.":
        return ("outsider_extra_strikes_each_round", 1)                              # Octopod
    if k == "move" and low == ("move an equipment from a ready blood brother of the same circle to this blood brother in "
                               "combat."):
        return ("move_equipment_from_circle",)                                       # Clockwerx (target: the equipment)
    if k == "diablerize" and low == "diablerize the opposing vampire instead.":
        return ("diablerize_torpor_victim",)                                         # Amaranth
    return _second_pass(k, low)


def _second_pass(k: str, low: str) -> tuple | None:
    """Session 3, second pass: more one-off combat clauses, each read only in its card's own words."""
    if k == "treat" and low == "this vampire treats aggravated damage as normal damage this round.":
        return ("aggravated_as_normal_round",)                                       # Jua Vema
    if k == "lock" and low == "as above, but for the remainder of the action if you lock an aye on him or her.":
        return ("agg_as_normal_action_aye",)                                         # Jua Vema at superior (choice aye)
    if k == "choose" and low == "choose one of this vampire's melee weapons.":
        return ("choose_own_melee_weapon",)                                          # Sword of the Righteous (choice)
    if k == "inflict" and low == ("for the remainder of combat, this vampire inflicts +1 damage each strike with that "
                                  "weapon."):
        return ("chosen_weapon_bonus_combat", 1)                                     # Sword of the Righteous
    if k == "inflict" and low == "as [ani] above, and the damage this vampire inflicts with the weapon is aggravated.":
        return ("chosen_weapon_aggravated_combat",)                                  # Sword of the Righteous at val
    if k == "prevent" and low == "as [val] above, and this vampire may prevent 1 damage this round.":
        return ("round_prevent_granted", 1)                                          # Sword of the Righteous at VAL
    if k == "go" and low == ("this vampire will not go to torpor until after combat ends (although he or she is still "
                             "wounded and can be burned by aggravated damage)."):
        return ("no_torpor_until_combat_ends",)                                      # Undying Tenacity
    if k == "use" and low == "the opposing minion cannot use any additional strikes this round.":
        return ("opponent_no_extra_round",)                                          # Rigor Mortis
    if k == "cancel" and low == ("as [thn] above, and once each round this combat, you may cancel a maneuver used by the "
                                 "opposing minion."):
        return ("cancel_opposing_maneuver_each_round",)                              # Rigor Mortis at superior (a use)
    if k == "take" and low == ("during each strike resolution this round, the opposing minion takes environmental damage "
                               "equal to the amount of damage they successfully inflict on this vampire."):
        return ("acid_round",)                                                       # Blood of Acid
    if k == "state" and low == "as above, but the damage is aggravated.":
        return ("acid_aggravated",)                                                  # Blood of Acid at superior
    return None


def _equipment_one_offs(k: str, low: str) -> tuple | None:
    """Session 3: one-off combat clauses of equipment, each read only in its card's own words."""
    if k == "strike" and low == ("or strike: prevent 3 damage to this striking minion from the opposing minion's next "
                                 "hand or melee weapon strike this round (including any currently-resolving hand or "
                                 "melee weapon strike)."):
        return ("alt_strike_prevent_next_hand_melee", 3)                             # Nightstick (choice: prevent)
    if k == "use" and low == ("vampires opposing this minion with true faith or this imbued cannot use maneuvers to go "
                              "to close range."):
        return ("faithful_bearer_keeps_long",)                                       # The Crusader Sword
    if k == "burn" and low == ("the vampire with this location may burn x blood before range is determined on the first "
                               "round of a combat to get x optional maneuvers for that combat."):
        return ("burn_x_for_combat_maneuvers",)                                      # Ruins of Villers Abbey
    if k == "add" and low == ("if this weapon successfully inflicts damage on an opponent in combat, add a soul counter "
                              "to it at the end of that round."):
        return ("counter_after_hit_round",)                                          # The Crimson Sentinel
    if k == "do" and low == "this weapon does one additional point of damage each strike for each soul counter on this card.":
        return ("damage_per_counter",)                                               # The Crimson Sentinel
    if k == "state" and low == "the vampire with this card has superior potence [pot] and superior presence [pre].":
        return ("grants_superior_two", ("pot", "pre"))                               # Sword of Troile
    if k == "make" and low == "each strike the bearer makes at close range must be with this weapon if possible.":
        return ("bearer_strikes_with_it_at_close",)                                  # Sword of Troile
    if k == "use" and low == "bearer cannot use maneuvers to go to long range.":
        return ("bearer_no_maneuver_to_long",)                                       # Sword of Troile
    if k == "burn" and low == "the bearer can burn this equipment before range is determined in a round of combat.":
        return ("burn_before_range_for_effect",)                                     # Powder of Rigidity (a use)
    if k == "use" and low == ("if they do so, the opposing minion cannot use cards requiring protean [pro] or vicissitude "
                              "[vic] until the end of combat and if the opposing minion is a werewolf, they get -2 "
                              "strength until the end of combat."):
        return ("opponent_no_discipline_cards", ("pro", "vic"), "werewolf", -2)      # Powder of Rigidity
    if k == "state" and low == "(this strike is both a hand strike and a melee weapon strike).":
        return ("hand_and_melee_strike",)                                            # Bundi (a hand strike by a weapon)
    if k == "prevent" and low == "bearer may prevent 1 damage from each melee weapon strike made against him or her.":
        return ("prevent_each_melee_strike", 1)                                      # Bundi (used as it comes)
    if k == "state" and low == ("or, if bearer has another this card, strike: 2r damage, with an optional maneuver each "
                                "combat (a minion may use only one this card to maneuver each round)."):
        return ("pair_strike_with_maneuver", 2)                                      # Beretta 9mm (choice: 2R)
    if k == "make" and low == ("if the opposing minion is a werewolf, the bearer can make a ranged strike to burn 4 life "
                               "from that werewolf."):
        return ("ranged_burn_life_vs", "werewolf", 4)                                # Argent Baton (choice: werewolf)
    if k == "get" and low == ("once each combat, if this weapon is used to strike at close range and the opponent "
                              "doesn't dodge the strike, the bearer gets an optional press this round, only usable to "
                              "continue combat."):
        return ("press_continue_after_close_strike_once",)                           # Meat Hook
    if k == "destroy" and low == ("at close range, a vampire with potence [pot] may destroy this weapon as a strike with "
                                  "first strike that costs 1 blood."):
        return ("destroyable_by_strike", "pot", 1)                                   # Meat Hook (the opponent names it)
    if k == "take" and low == "if the bomb is used in combat, the bearer takes 5 damage as well.":
        return ("weapon_self_damage_close", 5, False, False)                         # Bomb: at any range
    if k == "burn" and low == "burn the this card after use.":
        return ("burn_after_use",)                                                   # Bomb
    if k == "strike" and low == "an opposing minion can strike: steal this equipment.":
        return ("stealable_by_strike",)                                              # Kaymakli Fragment (named)
    if k == "inflict" and low == "damage inflicted on a kiasyd by this weapon is aggravated.":
        return ("aggravated_vs_clan", "kiasyd")                                      # Poker, Joumlon's Axe
    if k in ("inflict", "strike") and low in (
            "alternatively, inflict strength ranged damage as a strike and, after strike resolution, turn this weapon face "
            "down (out of play) until the end of the action.",
            "alternatively, ranged strike: strength damage and, after strike resolution, put this weapon out of play until "
            "the end of the action."):
        return ("alt_ranged_strength_out_of_play",)                                  # Kerrie, Dagger (choice ranged)
    if k == "burn" and low == "burn this weapon if any damage from it is prevented.":
        return ("burn_weapon_if_prevented",)                                         # Dagger
    if k == "inflict" and low == "damage inflicted by this weapon on a brujah or brujah antitribu is aggravated.":
        return ("aggravated_vs_clan", "brujah", "brujah antitribu")                  # Blade of Enoch
    if k == "burn" and low == ("if all of the damage done by this strike is prevented by a card or cards that require "
                               "fortitude [for], burn this weapon after strike resolution."):
        return ("burn_if_fortitude_prevents_all",)                                   # Poker
    if k == "cancel" and low == ("once each combat, the bearer can cancel a grapple card played by the opposing minion as "
                                 "it is played, its cost is not paid, and the bearer's initial strike this round must be "
                                 "or have been with this weapon (not usable otherwise)."):
        return ("cancel_grapple_once",)                                              # Joumlon's Axe (a use)
    if k == "use" and low == "this maneuver cannot be used during the first round.":
        return ("weapon_maneuver_not_first_round",)                                  # Foldable Machine Gun
    if k == "get" and low == ("once each round, if the bearer strikes with this gun, they get 1 optional additional "
                              "strike (limited) this round, only usable to strike with this gun."):
        return ("weapon_extra_strike", True)                                         # Foldable Machine Gun
    if k == "burn" and low == ("if the opposing vampire would go to torpor during the strike resolution step of this "
                               "strike and the bearer remains ready, the bearer may burn this card to burn the opposing "
                               "vampire instead."):
        return ("burn_to_burn_torpor_victim",)                                       # Garrote (a use)
    if k == "consider" and low == "this is not considered diablerie.":
        return ("not_diablerie",)                                                    # Garrote
    if k == "burn" and low == ("the vampire with this vial may burn it before range is chosen in a round of combat to get "
                               "+1 strength and an additional strike (limited) each round for the remainder of combat."):
        return ("burn_for_strength_and_extra_strikes", 1)                            # Vial of Garou Blood (a use)
    if k == "use" and low == ("if he or she does so, he or she cannot use other equipment cards for the remainder of "
                              "combat."):
        return ("no_other_equipment_after",)                                         # Vial of Garou Blood
    return None


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    return reading(e, types) is not None


def mode_readings(effects, types: tuple[str, ...]) -> list[tuple]:
    """The readings of a mode's effects, in order (effects the engine does not resolve are left out)."""
    out = []
    for e in effects:
        r = reading(e, types)
        if r is not None:
            out.append(r)
    return out
