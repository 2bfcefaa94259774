"""Action cards and political action cards: the effects the engine carries out by itself.

What each clause means comes from the card rules grammar (`cards/grammar/auto_politics.read`): the same
reading says a clause is automated and tells this module what to do, so the two never drift apart.

- `plan` checks, when an action card is announced, the target its effect needs (a vampire in your
  uncontrolled region, an ally to steal, ...) and an optional cost, and returns what the action frame keeps;
- `resolve_action` carries out a successful action card's effects and returns the clauses left to the
  players; `card_bonus` does the same for a bleed or hunt card's own gains, `check_combat_target`,
  `combat_grants` and `combatants` for a card that starts a combat;
- `check_terms` reads and checks the terms of a referendum when the acting Methuselah chooses them;
  `referendum_votes`, `vote_refusal` and `edge_votes` change the votes of the referendum a card calls;
- `resolve_referendum` carries out a passed referendum's effects (`resolve_failed` a failed one's) and returns
  the clauses left to the players; `choose_for_referendum` takes each Methuselah's own choice afterwards;
- `announce_own` / `succeed_own`: an ally's own printed action; `ally_block_refusal`: "cannot block vampires";
- lasting bits kept in the state: `title_card_key` / `title_capacity_bonus` (title cards on a vampire),
  `unlock_at_discard` / `start_of_discard_phase` ("unlocks during your next discard phase").

Every reading kind handled here is listed in `HANDLED` (tests/engine/test_auto_actioncard.py checks that the
grammar gives no other).

The second pass (the sections at the end): one target and what happens to it (`_plan_targeted`,
`_resolve_targeted`, `_apply_ops`), cards that stay on a minion or in play and their uses (`use`), bleed cards' own
stealth, cap and blood (`bleed_card_stealth`, `bleed_cap`, `bleed_extra_target`), the referendum to burn a card
(`announce_burn_referendum`, `close_burn_referendum`), cards that let vampires enter combat (`_combat_grant`), and
the hooks other modules call: `attached_intercept`, `bleed_against`, `bleed_refusal`, `edge_taker`,
`bleed_blocked`, `combat_started`, `turn_stealth`, `augury`, `burn_at_unlock`.
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar.auto_politics import read
from vtes_desktop.cards.rules import CardRules, Mode
from vtes_desktop.engine import flow
from vtes_desktop.engine.context import Ctx, poss
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.state import ActionFrame, ReferendumFrame

#: every reading of `auto_politics.read` this module carries out (a test checks the grammar gives no other)
HANDLED = frozenset({
    "add_uncontrolled", "add_amount", "add_other", "bleed_gain_pool", "steal", "gain_pool_self", "gain_blood_self",
    "unlock_self", "bleed_gain_pool_any", "unlock_if_bleed", "gain_blood_if_bleed", "burn_card", "unlock_target",
    "terms_allocate", "burn_per_point", "per_minion", "terms_clan", "terms_vampire", "banish", "banish_stay",
    "terms_methuselahs", "chosen_burn", "terms_shift", "shift", "title",
    "terms_minion", "chosen_burned", "chosen_removed", "chosen_loses_title", "title_chosen", "clan_votes",
    "terms_methuselah", "chosen_edge", "all_burn_chosen_extra", "steal_each", "vampires_blood", "fail_actor_blood",
    "honor_elders", "diversity", "all_gain", "per_card", "enter_combat", "combat_grant", "search_equip",
    "title_capacity", "group_blood", "oldest_clan_pool", "terms_methuselahs_half", "chosen_burn_others_gain",
    "prey_ash_vampires", "clan_count_burn", "anarch_salon", "clan_blood", "clan_zero_torpor", "lock_clan",
    "terms_card_to", "give_chosen", "terms_blood_shift", "blood_shift", "burn_bleeders", "unlock_next_discard",
    "title_unlock_discard", "ally_action", "ally_no_block", "each_choose_vampire", "chosen_capacity",
    "terms_sect_vampire", "no_votes_from", "title_votes", "steal_to_ready", "terms_allocate_and_one",
    "terms_and_one", "chosen_gains", "terms_noncam", "terms_noncam_ic", "eat_the_rich_votes", "steal_pool",
    "edge_burn", "crypt_to_uncontrolled", "stun_target", "combat_lock_vampire", "target_acts_in_combat",
    "lazarus", "bleed_draw_discard", "burnable", "unlock_prey_burns", "once_each_turn_by_name", "ally_upkeep_life",
    "ally_lock_heal", "ash_to_library_top", "random_discard_draw", "each_unlock_noncam_burn", "burn_noncam_to_burn",
    "action_stealth_bonus", "attached_bleed", "lock_target", "terms_council", "council", "ally_stealth", "ally_regen",
    "ash_vampire_to",
    # second pass (the section at the end of this module)
    "on_target", "target_more", "target_who", "lock_all", "prey_vampires_burn", "bleed_cap", "combat_grant_continue",
    "gain_blood_if_has", "crypt_top_to_uncontrolled", "ash_to_hand", "turn_stealth", "put_on_self",
    "attached_intercept", "attached_strength", "attached_no_unlock", "burn_at_unlock", "no_block",
    "lock_predator_stealth", "bleed_against_small", "shufflable", "put_on_self_locked", "self_agg_damage",
    "lock_card_unlock_host", "burn_blood_immune", "attached_bleed_vs_prey", "edge_prey_burn", "edge_prey_burn_amount",
    "no_bleed_this_turn", "burn_all_others", "remove_self_shuffle_ash", "burn_for_stealth", "burn_unlock_fill",
    "burn_to_unlock_later", "burn_for_intercept", "others_random_discard", "unlock_end_of_turn", "bleed_card_stealth",
    "bleed_stealth_if_sabbat", "conviction_intercept", "conviction_monsters_intercept", "title_self", "title_clan_vote",
    "burn_referendum", "burn_ref_votes", "drawn_blood_if", "crypt_search_younger", "name_card", "search_named",
    "put_in_play_on_pass", "chosen_two_mpa", "bleed_if_prey_torpor", "untitled_clan_vote", "prey_torpor_tax", "burn_if_prey_no_torpor",
    "remove_ash_mortal_put_self", "crypt_top_reveal", "revealed_clan_draw", "revealed_else_shuffle", "choose_up_to",
    "chosen_stunned", "grants_combat", "burn_stealth_penalty", "burn_own_to_burn", "burn_unblockable",
    "blood_for_stealth", "one_per_turn", "in_play_stealth_vs_prey", "prey_burns_pool_and_edge",
    "edge_from_predator_bleed", "bleed_add_blood", "combat_strength", "turn_bleed_until_blocked",
    "terms_torpor_vampire", "banish_torpor", "burn_unlock_leave_torpor",
    # third pass
    "no_play_named", "hunt_extra_once", "ally_master_tax", "terms_edge_holder", "selected_burns", "burn_all_keep",
    "keep_repay", "accept_pass", "accept_enter", "terms_titled_nonanarch", "edge_unseat", "terms_number",
    "next_oust_reward", "terms_ready_sect", "block_tax_chosen", "influence_tax", "discard_tax", "title_instead_named",
    "each_burns_uncontrolled", "controller_pays_or_burns", "burn_own_contract",
    # fourth pass (session 3)
    "end_combat", "blocked_no_combat", "blocked_diablerie", "leave_torpor_self", "blocked_no_combat_diablerie",
    "edge_get", "edge_else_burn_pool", "cond_stealth", "target_methuselah", "damage_each_ready", "prey_pool_per_named",
    "burn_named_counted", "danya", "terms_chosen_cards", "no_more_if_fails", "terms_more_if_title", "chosen_cards_burned",
    "terms_methuselah_or_location", "terms_both_if_title", "remove_ash_ally_for", "chosen_no_block_vote_turn",
    "special_hunt", "remove_ash_ally_blood", "red_list_grant_unlock", "unlock_end_of_action", "chosen_cards_barred_turn",
    "clan_pool_and_voters_blood", "blood_hunt_after", "target_locks_own_minion", "discard_copy_damage",
    "terms_allocate_vampires", "allocate_max_each", "blood_per_point", "terms_methuselahs_once", "hand_size_chosen",
    "chosen_burns_by_edge", "chosen_once", "choose_own_uncontrolled", "unc_blood_to_chosen", "blood_to_chosen_unc",
    "chosen_unc_to_ready_if_full", "bleed_vs_hunter_controller", "blood_hunt_votes", "blood_hunt_for_only",
    "terms_recent_voter", "recent_voter_damage", "terms_recent_vp", "chosen_seat_stunned",
    "chosen_seat_no_unlock",   # the same sentence read as its "do not unlock" part: done with chosen_seat_stunned
    "lock_x_minus_1", "lock_x_one_any", "gain_circle_count_plus", "circle_uncontrolled_each", "if_sect_crypt_draw",
    "else_becomes_sect", "unlock_self_and", "equip_from_hand", "hand_card_cost_cut", "bleed_blood_for_crypt_draw",
    "actor_becomes_anarch_baron", "baron_of_same_city", "terms_contest_yielders", "chosen_yield",
    # third pass (session 3, second helper)
    "after_action_self_agg", "after_action_self_agg_only", "power_monsters_intercept", "power_no_block",
    "rave_move", "circle_redistribute", "laibon_blood", "magaji_lock_two", "random_prey_monster",
    "combat_chosen_monster", "first_round_grant", "blocker_first_round_grant", "taunt_pick", "taunt_combat",
    "taunt_winner_blood", "look_hands_turn", "power_fail_combat", "power_inspire", "power_blood_or_life", "power_unlock_heal", "power_damage_small", "power_conviction_back",
})

#: effect kinds the action-card path already carries out elsewhere (the action's own stealth, its card
#: staying in play, "(limited)")
_DONE_ELSEWHERE = frozenset({"limited", "action_stealth"})


def readings(rules: CardRules, mode: Mode) -> list[tuple]:
    types = _mode_types(rules, mode)
    return [x for x in (read(e, types) for e in mode.effects) if x is not None]


def _mode_types(rules: CardRules, mode: Mode) -> tuple[str, ...]:
    """The types a mode's clauses are read with: a dual card's action mode (Touch of Valeren) as an action card,
    as the compiler flags it."""
    return tuple(mode.types) if (len(rules.types) > 1 or rules.types == ("Power",)) and mode.types else rules.types


def mode_of(ctx: Ctx, card: int, level: str | None) -> tuple[CardRules, Mode | None]:
    rules = ctx.rules(card)
    m = rules.mode(level)
    if m is None and rules.modes:
        m = rules.modes[0] if level is None else None
    return rules, m


def left_by_hand(rules: CardRules, mode: Mode, done_kinds: frozenset = frozenset()) -> list[str]:
    """The clauses of *mode* the engine does not carry out on this path."""
    out = []
    for e in mode.effects:
        if read(e, _mode_types(rules, mode)) is not None or e.kind in _DONE_ELSEWHERE or e.kind in done_kinds:
            continue
        from vtes_desktop.cards.grammar.auto_library import claims as library_claims

        if library_claims(e, rules.types) is not None:   # carried out by engine/effects_library.py
            continue
        out.append(e.text)
    return list(dict.fromkeys(out + list(mode.unparsed)))


# -- action cards -------------------------------------------------------------------------------------

def _controls(ctx: Ctx, seat: int) -> list[int]:
    """The minions *seat* controls (ready, in torpor, incapacitated), contested cards left out."""
    st = ctx.st
    out = []
    for region in ("ready", "torpor", "incapacitated"):
        for iid in st.region(seat, region):
            c = st.cards[iid]
            if not c.contested and ctx.is_minion(c):
                out.append(iid)
    return out


def _cap(ctx: Ctx, iid: int) -> int:
    """A vampire's capacity now (cards on it may raise it)."""
    return ctx.capacity(ctx.st.cards[iid])


def title_capacity_bonus(ctx: Ctx, iid: int) -> int:
    """+1 capacity from a title card on the vampire ("If the prince of Berlin is Ventrue, his or her capacity
    increases by 1"), while the vampire holds that title uncontested."""
    c = ctx.st.cards[iid]
    if c.title_contested:
        return 0
    n = 0
    clans = {x.lower() for x in ctx.cdef(iid).clans}
    for a in ctx.st.attached.get(iid, ()):
        rules = ctx.rules(a)
        if "Political Action" not in rules.types:
            continue
        for m in rules.modes:
            for e in m.effects:
                x = read(e, rules.types)
                if x is not None and x[0] == "title_capacity" and x[1] in clans:
                    n += 1
    return n


def _fits_uncontrolled(ctx: Ctx, seat: int, actor: int, v: int, spec: tuple) -> str | None:
    _, _, younger, clan, disc = spec
    st = ctx.st
    c = st.cards[v]
    d = ctx.cdef(v)
    if c.region != "uncontrolled" or c.controller != seat or "Vampire" not in d.types:
        return f"{d.display} is not a vampire in {ctx.seat_name(seat)}'s uncontrolled region"
    if younger and _cap(ctx, v) >= _cap(ctx, actor):
        return (f"{d.display} (capacity {_cap(ctx, v)}) is not younger than {ctx.name(actor)} "
                f"(capacity {_cap(ctx, actor)})")
    if clan == "black hand vampire":
        if "black hand" not in ctx.rules(v).traits:
            return f"{d.display} is not Black Hand"
    elif clan and clan not in {x.lower() for x in d.clans}:
        return f"{d.display} is not {clan.title()}"
    if disc and not d.discipline_level(disc):
        return f"{d.display} does not have the discipline [{disc}]"
    return None


def _steal_target(ctx: Ctx, seat: int, iid: int, what: str) -> str | None:
    st = ctx.st
    c = st.cards[iid]
    d = ctx.cdef(iid)
    if c.contested:
        return f"{d.display} is contested and out of play"
    if what == "ally":
        if "Ally" not in d.types or c.region != "ready" or c.controller == seat:
            return f"{d.display} is not an ally controlled by another Methuselah"
    elif what == "retainer":
        if "Retainer" not in d.types or c.region != "attached" or c.controller == seat:
            return f"{d.display} is not a retainer employed by another Methuselah's minion"
    elif what == "location":
        if "location" not in ctx.rules(iid).keywords or c.region != "in_play" or c.controller == seat:
            return f"{d.display} is not a location controlled by another Methuselah"
    elif what == "torpor":
        if "Vampire" not in d.types or c.region != "torpor" or c.controller == seat:
            return f"{d.display} is not a vampire in torpor controlled by another Methuselah"
    if (d.is_crypt or ctx.rules(iid).unique) and any(
            o.controller == seat and o.region in ("ready", "torpor", "in_play", "attached") and ctx.db[o.cid].name == d.name
            for o in st.cards.values()):
        return f"you already control {d.display}, a unique card"
    return None


def _candidates(ctx: Ctx, seat: int, actor: int, spec: tuple) -> list[int]:
    st = ctx.st
    if spec[0] == "add_uncontrolled":
        return [v for v in st.region(seat, "uncontrolled") if _fits_uncontrolled(ctx, seat, actor, v, spec) is None]
    if spec[0] == "stun_target":
        return [v for s in st.live_seats() for v in st.region(s, "ready") if _stun_target(ctx, seat, v) is None]
    if spec[0] == "lock_target":
        return [v for v in st.region(st.prey(seat), "ready") if _lock_target(ctx, seat, v) is None]
    if spec[0] == "add_other":
        return [v for s in st.live_seats() for r in ("ready", "torpor") for v in st.region(s, r)
                if v != actor and ctx.is_vampire(st.cards[v]) and not st.cards[v].contested]
    if spec[0] == "steal":
        return [v for v in st.cards if _steal_target(ctx, seat, v, spec[1]) is None]
    if spec[0] == "burn_card":
        return [v for v in st.cards if _burn_target(ctx, seat, v, spec) is None]
    if spec[0] == "burn_own_contract":
        return [a for h, cards in st.attached.items() for a in cards if _own_contract_target(ctx, seat, a) is None]
    if spec[0] == "unlock_target":
        return [v for s in st.live_seats() for v in st.region(s, "ready") if _unlock_target(ctx, seat, actor, v, spec) is None]
    return []


def _needs_target(spec: tuple) -> bool:
    return spec[0] in ("add_uncontrolled", "add_other", "steal", "burn_card", "unlock_target", "search_equip",
                       "edge_burn", "crypt_to_uncontrolled", "stun_target", "lazarus", "ash_to_library_top",
                       "lock_target", "ash_vampire_to", "burn_own_contract")


def _own_contract_target(ctx: Ctx, seat: int, iid: int) -> str | None:
    """Violation of Trust: a contract card on a minion *seat* controls."""
    st = ctx.st
    c = st.cards[iid]
    if c.region != "attached" or "contract" not in ctx.rules(iid).keywords:
        return f"{ctx.name(iid)} is not a contract on a minion"
    host = next((h for h, cards in st.attached.items() if iid in cards), None)
    if host is None or st.cards[host].controller != seat or not ctx.is_minion(st.cards[host]):
        return f"{ctx.name(iid)} is not on a minion you control"
    return None


def _lock_target(ctx: Ctx, seat: int, iid: int) -> str | None:
    c = ctx.st.cards[iid]
    if not ctx.is_minion(c) or c.region != "ready" or c.contested:
        return f"{ctx.name(iid)} is not a ready minion"
    if c.controller != ctx.st.prey(seat):
        return f"{ctx.name(iid)} is not controlled by your prey"
    return None


def extra_stealth(rules: CardRules, mode: Mode) -> int:
    """ "As above, with +1 stealth": stealth the action card's level adds to the action."""
    return sum(x[1] for x in readings(rules, mode) if x[0] == "action_stealth_bonus")


_TWO_MPA = "two master phase actions"
NO_VOTES = "no votes from"      # effects_action.NO_VOTES (Private Audience)


def master_phase_actions(ctx: Ctx) -> int:
    """The extra master phase action of a Methuselah chosen in the terms of a Rumors of Gehenna still in play
    ("two master phase actions (instead of one)": never more than one extra); called from flow as the master
    phase begins."""
    st = ctx.st
    if not st.marks:
        return 0
    return 1 if any(len(m) == 3 and m[1] == _TWO_MPA and m[2] == st.active and st.cards[m[0]].region == "in_play"
                    and not st.cards[m[0]].contested for m in st.marks) else 0


def attached_bonus(ctx: Ctx, minion: int, stat: str) -> int:
    """+N bleed from action cards put on the vampire ("This vampire gets +1 bleed"), at the card's own level; Gear Up's
    +1 strength until its controller's next unlock phase (a mark, removed then)."""
    n = 0
    if stat == "strength" and ctx.st.marks:
        n += sum(m[3] for m in ctx.st.marks if len(m) == 5 and m[0] == ("minion", minion) and m[1] == MINION_BONUS
                 and m[2] == "strength")
    for a in ctx.st.attached.get(minion, ()):
        rules = ctx.rules(a)
        if "Action" not in rules.types:
            if stat == "bleed" and "Action Modifier" in rules.types:     # Enkil Cog: "This vampire gets +1 bleed."
                from vtes_desktop.engine.effects_action import attached_amounts

                n += attached_amounts(ctx, a)[0]
            continue
        mode = rules.mode(ctx.st.cards[a].level) or (rules.modes[0] if len(rules.modes) == 1 else None)
        if mode is None:
            continue
        got = [x for x in readings(rules, mode) if x[0] == f"attached_{stat}"]
        if any(x[2] for x in got):
            got = [x for x in got if x[2]]
        n += sum(x[1] for x in got)
    return n


def _ash_cards(ctx: Ctx, seat: int, target, n: int, name: str) -> list[int]:
    """The library cards named (separated by ";" or ",") in *seat*'s ash heap: distinct copies, *n* of them, or
    all there are when the ash heap holds fewer."""
    st = ctx.st
    pool = [i for i in st.region(seat, "ash_heap") if ctx.db[st.cards[i].cid].is_library]
    need = min(n, len(pool))
    text = str(target or "")
    names = [x.strip() for x in re.split(r";" if ";" in text else r",", text) if x.strip()]
    if len(names) != need:
        raise Illegal("target", f"{name}: name {need} library card{'s' if need != 1 else ''} in your ash heap"
                                + (", separated by ';'" if need > 1 else ""))
    picked = []
    for nm in names:
        card = ctx.db.lookup(nm)
        hit = next((i for i in pool if card is not None and st.cards[i].cid == card.id and i not in picked), None)
        if hit is None:
            raise Illegal("target", f"{name}: there is no {nm} left in your ash heap")
        picked.append(hit)
    return picked


def _stun_target(ctx: Ctx, seat: int, iid: int) -> str | None:
    c = ctx.st.cards[iid]
    if not ctx.is_vampire(c) or c.region != "ready" or c.contested:
        return f"{ctx.name(iid)} is not a ready vampire"
    if c.controller == seat:
        return f"{ctx.name(iid)} is yours: a directed action targets another Methuselah's vampire"
    if c.locked:
        return f"{ctx.name(iid)} is locked; the target must be an unlocked vampire"
    return None


def _edge_target(ctx: Ctx, seat: int, target) -> tuple[str, int] | str:
    """Inside Dirt's target: ("pool", prey seat) or ("blood", vampire), or why it does not fit."""
    st = ctx.st
    for i, s_ in enumerate(st.seats):
        if isinstance(target, str) and s_.name == target:
            return ("pool", i) if i == st.prey(seat) else f"{s_.name} is not your prey"
    try:
        v = flow.ref(ctx, seat, target)
    except (Malformed, Illegal):
        return f"{target!r} is neither your prey nor a vampire in play"
    c = st.cards[v]
    if not ctx.is_vampire(c) or c.region not in ("ready", "torpor") or c.controller == seat or c.contested:
        return f"{ctx.name(v)} is not a vampire controlled by another Methuselah"
    return ("blood", v)


def _crypt_target(ctx: Ctx, seat: int, iid: int, disc: str) -> str | None:
    c = ctx.st.cards[iid]
    d = ctx.cdef(iid)
    if c.region != "crypt" or c.owner != seat:
        return f"{d.display} is not in your crypt"
    if "Vampire" not in d.types or not d.discipline_level(disc):
        return f"{d.display} is not a vampire with [{disc}]"
    return None


def _library_equipment(ctx: Ctx, seat: int, iid: int) -> int | None:
    """The copy in *seat*'s library of the card *iid* names (a name finds a copy in hand first)."""
    st = ctx.st
    c = st.cards[iid]
    if c.region == "library" and c.owner == seat:
        return iid
    return next((i for i in st.region(seat, "library") if st.cards[i].cid == c.cid), None)


# -- combat targets and grants -------------------------------------------------------------------------------

def check_combat_target(ctx: Ctx, seat: int, actor: int, rules: CardRules, mode: Mode, target: int) -> None:
    """An action card that enters combat "with a locked minion", "a younger vampire"...: refused when the target
    does not fit. Only when every enter-combat clause of the text is one the engine reads."""
    mine = readings(rules, mode)
    if ("combat_lock_vampire",) in mine:
        if not ctx.is_vampire(ctx.st.cards[target]):
            raise Illegal("target", f"{rules.name} enters combat with a vampire; {ctx.name(target)} is not one")
        return
    enters = [e for e in mode.effects if e.kind == "enter_combat"]
    specs = [read(e, rules.types) for e in enters]
    if not specs or any(x is None and not e.automated for x, e in zip(specs, enters)):
        return
    flt = next((x[1] for x in specs if x is not None), "")
    st = ctx.st
    c = st.cards[target]
    d = ctx.cdef(target)
    vamp = "Vampire" in d.types
    me = _cap(ctx, actor)
    ok = {"": True, "locked": c.locked, "vampire": vamp, "younger vampire": vamp and _cap(ctx, target) < me,
          "older vampire": vamp and _cap(ctx, target) > me,
          "sabbat vampire": vamp and (ctx.sect(c) or "").lower() == "sabbat",
          "ally of prey": "Ally" in d.types and c.controller == st.prey(seat),
          "weak vampire or locked": (vamp and c.counters <= 3) or c.locked}.get(flt, True)
    if not ok:
        words = {"locked": "a locked minion", "vampire": "a vampire", "younger vampire": "a younger vampire",
                 "older vampire": "an older vampire", "sabbat vampire": "a Sabbat vampire",
                 "ally of prey": "an ally of your prey",
                 "weak vampire or locked": "a vampire with 3 or fewer blood or a locked minion"}[flt]
        raise Illegal("target", f"{rules.name} enters combat with {words}; {d.display} is not one")


def combat_grants(ctx: Ctx, f: ActionFrame) -> tuple:
    """The optional maneuvers and presses an action card gives its acting minion in the combat it starts."""
    rules, mode = mode_of(ctx, f.card, f.card_level)
    n = {"maneuver": 0, "press": 0}
    if mode is not None:
        _self_effects(ctx, f, readings(rules, mode))   # "As above, and unlock this vampire": before the combat
        for e in mode.effects:
            if e.kind in n and e.automated:
                n[e.kind] += e.amount or 1
            elif read(e, rules.types) == ("combat_grant",):
                n["press" if "press" in e.text.lower() else "maneuver"] += 1
            elif read(e, rules.types) == ("first_round_grant", "maneuver"):   # Dive Bomb
                n["maneuver"] += 1
            elif read(e, rules.types) == ("enter_combat", "vampire", "maneuver"):   # Taunt the Caged Beast [ani]
                n["maneuver"] += 1
            elif read(e, rules.types) == ("combat_grant_continue",):   # Harass: a press only to continue
                n["press_continue"] = n.get("press_continue", 0) + 1
            elif read(e, rules.types) == ("red_list_grant_unlock",) and f.target_card is not None:   # Big Game
                from vtes_desktop.engine.rules_diablerie import is_red_list

                if is_red_list(ctx, f.target_card):
                    n["maneuver_or_press"] = n.get("maneuver_or_press", 0) + 1
                    ctx.st.marks = ctx.st.marks | {(("minion", f.actor), UNLOCK_END_OF_ACTION, ctx.st.turn)}
        left = left_by_hand(rules, mode, frozenset({"enter_combat", "maneuver", "press"}))
        left += [e.text for e in mode.effects if e.kind in ("maneuver", "press") and not e.automated
                 and read(e, rules.types) is None]
        if left:
            ctx.emit("manual", f"{rules.name}: carry out by hand: {' '.join(dict.fromkeys(left))}")
    return tuple((f.actor, w, k) for w, k in n.items() if k)


def _burn_target(ctx: Ctx, seat: int, iid: int, spec: tuple) -> str | None:
    st = ctx.st
    c = st.cards[iid]
    d = ctx.cdef(iid)
    kinds = spec[1]
    if c.region not in ("ready", "in_play", "attached") or c.contested or d.is_crypt:
        return f"{d.display} is not a card in play that {' or '.join(kinds)} burning can reach"
    ok = False
    for k in kinds:
        if k in ("location", "hunting ground"):
            ok |= c.region == "in_play" and k in ctx.rules(iid).keywords
        elif k == "equipment":
            ok |= "Equipment" in d.types
        elif k == "non-unique equipment":
            ok |= "Equipment" in d.types and not ctx.rules(iid).unique
        elif k == "ally":
            ok |= "Ally" in d.types and c.region == "ready"
        elif k == "retainer":
            ok |= "Retainer" in d.types and c.region == "attached"
    if not ok:
        return f"{d.display} is not {'an' if kinds[0][0] in 'aeiou' else 'a'} {' or '.join(kinds)}"
    if c.controller == seat:
        return f"{d.display} is yours: a directed action targets another Methuselah's card"
    if spec[2] == "predator or prey" and c.controller not in (st.prey(seat), st.predator(seat)):
        return f"{d.display} is not controlled by your predator or prey"
    if spec[2] is True and c.controller != st.prey(seat):
        return f"{d.display} is not controlled by your prey"
    return None


def _unlock_target(ctx: Ctx, seat: int, actor: int, iid: int, spec: tuple) -> str | None:
    st = ctx.st
    c = st.cards[iid]
    d = ctx.cdef(iid)
    _, younger, mine, or_ally = spec
    if c.region != "ready" or c.contested:
        return f"{d.display} is not a ready minion"
    if "Ally" in d.types and or_ally:
        return None
    if "Vampire" not in d.types:
        return f"{d.display} is not a vampire" + (" or an ally" if or_ally else "")
    if mine and c.controller != seat:
        return f"{d.display} is not a vampire you control"
    if younger and _cap(ctx, iid) >= _cap(ctx, actor):
        return f"{d.display} (capacity {_cap(ctx, iid)}) is not younger than {ctx.name(actor)} (capacity {_cap(ctx, actor)})"
    return None


def plan(ctx: Ctx, seat: int, actor: int, rules: CardRules, mode: Mode, target, cost: int | None = None) -> dict:
    """The action frame's fields for an action card whose effect needs a target (refused when it is wrong);
    *cost*: an optional cost the player says they will pay ("can burn 2 blood to ...")."""
    held = sum(1 for a in ctx.st.attached.get(actor, ()) if ctx.st.cards[a].cid == rules.card_id)
    for lim in mode.limits:   # "A vampire can have only one Heart of the City" (no more than two ...)
        if lim.per == "in play" and lim.what == "this card" and held >= lim.count and \
                any(x[0] in ("attached_bleed", "attached_strength", "put_on_self") for x in readings(rules, mode)):
            raise Illegal("limit", f"{ctx.name(actor)} already has {held} {rules.name}; a vampire can have only "
                                   f"{lim.count}")
    optional = [s for s in readings(rules, mode) if s[0] in ("steal_to_ready", "burn_blood_immune")]
    extra = {}
    if cost is not None and (rules.pool_cost or 0) != -1 and (rules.blood_cost or 0) != -1:
        if not optional or cost not in (0, optional[0][1]):
            raise Illegal("cost", f"{rules.name} has no optional cost of {cost}" if not optional else
                                  f"{rules.name}: give cost {optional[0][1]} to pay its optional cost, or none")
        if cost:
            from vtes_desktop.engine.state import Mod

            extra["mods"] = (Mod("optional_cost", cost, actor, None),)
    out = _plan_target(ctx, seat, actor, rules, mode, target)
    out.update(extra)
    _plan_fourth(ctx, seat, actor, rules, mode, target, out, cost)
    return out


def _plan_target(ctx: Ctx, seat: int, actor: int, rules: CardRules, mode: Mode, target) -> dict:
    from vtes_desktop.engine import effects_library

    got = effects_library.plan(ctx, seat, actor, rules, mode, target)   # library and ash heap targets
    if got is not None:
        return got
    got = _plan_targeted(ctx, seat, actor, rules, mode, target)
    if got is not None:
        return got
    specs = [s for s in readings(rules, mode) if _needs_target(s)]
    if not specs:
        return {}
    if specs[0][0] == "edge_burn":
        if target is None:
            raise Illegal("target", f"{rules.name}: name your prey (to burn pool) or another Methuselah's vampire "
                                    "(to burn blood)")
        got = _edge_target(ctx, seat, target)
        if isinstance(got, str):
            raise Illegal("target", f"{rules.name}: {got}")
        if got[0] == "pool":
            return {"target_seat": got[1]}
        return {"target_card": got[1], "target_seat": ctx.st.cards[got[1]].controller}
    if specs[0][0] == "ash_vampire_to":
        st = ctx.st
        if target is None:
            raise Illegal("target", f"{rules.name}: name the vampire in your ash heap")
        card = ctx.db.lookup(str(target))
        hit = next((i for i in st.region(seat, "ash_heap") if card is not None and st.cards[i].cid == card.id), None)
        if hit is None or "Vampire" not in ctx.cdef(hit).types:
            raise Illegal("target", f"{rules.name}: {target!r} is not a vampire in your ash heap")
        return {"target_card": hit}
    if specs[0][0] == "ash_to_library_top":
        picked = _ash_cards(ctx, seat, target, specs[0][1], rules.name)
        from vtes_desktop.engine.state import Mod

        return {"mods": tuple(Mod("chosen_card", 0, i, None) for i in picked)}
    if specs[0][0] == "lazarus":
        _, clan, n = specs[0]
        st = ctx.st
        if target is None:
            raise Illegal("target", f"{rules.name}: name a younger {clan.title()} in your uncontrolled region, or one "
                                    "in your crypt")
        try:
            iid = flow.ref(ctx, seat, target)
        except (Malformed, Illegal):
            raise Illegal("target", f"{rules.name}: {target!r} is not a card of yours") from None
        if st.cards[iid].region != "uncontrolled":   # a name finds a copy in play or hand first: look in the crypt
            iid = next((i for i in st.region(seat, "crypt") if st.cards[i].cid == st.cards[iid].cid), iid)
        c = st.cards[iid]
        d = ctx.cdef(iid)
        if not any(_same_clan(clan, x) for x in d.clans) or "Vampire" not in d.types:
            raise Illegal("target", f"{rules.name}: {d.display} is not {clan.title()}")
        if c.region == "uncontrolled" and c.controller == seat:
            if _cap(ctx, iid) >= _cap(ctx, actor):
                raise Illegal("target", f"{rules.name}: {d.display} is not younger than {ctx.name(actor)}")
        elif not (c.region == "crypt" and c.owner == seat):
            raise Illegal("target", f"{rules.name}: {d.display} is neither in your uncontrolled region nor your crypt")
        return {"target_card": iid}
    if specs[0][0] == "crypt_to_uncontrolled":
        if target is None:
            raise Illegal("target", f"{rules.name}: name the vampire you search your crypt for")
        cands = [i for i in ctx.st.region(seat, "crypt")
                 if ctx.db[ctx.st.cards[i].cid].display.lower() == str(target).lower()
                 or ctx.db[ctx.st.cards[i].cid].name.lower() == str(target).lower()]
        if not cands:
            raise Illegal("target", f"{rules.name}: {target!r} is not in your crypt")
        why = _crypt_target(ctx, seat, cands[0], specs[0][1])
        if why:
            raise Illegal("target", f"{rules.name}: {why}")
        return {"target_card": cands[0]}
    spec = specs[0]
    name = rules.name
    iid = None
    if target is not None:
        try:
            iid = flow.ref(ctx, seat, target)
        except (Malformed, Illegal):
            iid = None
    if iid is None:
        cands = _candidates(ctx, seat, actor, spec)
        what = {"add_uncontrolled": "a vampire in your uncontrolled region", "add_other": "another vampire",
                "search_equip": "an equipment card in your library", "stun_target": "an unlocked vampire",
                "lock_target": "a ready minion of your prey",
                "burn_own_contract": "a contract on a minion you control",
                "burn_card": " or ".join(spec[1]) if spec[0] == "burn_card" else "",
                "unlock_target": "a vampire or ally to unlock",
                "steal": {"ally": "an ally of another Methuselah", "retainer": "a retainer of another Methuselah",
                          "location": "a location of another Methuselah",
                          "torpor": "a vampire in another Methuselah's torpor"}.get(spec[1], "")}[spec[0]]
        if not cands:
            raise Illegal("target", f"{name} needs {what} as its target, and there is none that fits")
        if target is not None or len(cands) > 1:
            raise Illegal("target", f"{name}: name its target, {what}")
        iid = cands[0]
    if spec[0] == "add_uncontrolled":
        why = _fits_uncontrolled(ctx, seat, actor, iid, spec)
    elif spec[0] == "add_other":
        c = ctx.st.cards[iid]
        why = None if iid in _candidates(ctx, seat, actor, spec) else \
            f"{ctx.name(iid)} is not another vampire in play" if c.region not in ("ready", "torpor") or iid == actor \
            or not ctx.is_vampire(c) else f"{ctx.name(iid)} cannot receive blood now"
    elif spec[0] == "burn_card":
        why = _burn_target(ctx, seat, iid, spec)
        if why is None and re.search(r"(?i)not usable on melee weapons", mode.text) \
                and "melee weapon" in ctx.rules(iid).keywords:
            why = f"{ctx.name(iid)} is a melee weapon, which this card cannot be used on"
    elif spec[0] == "unlock_target":
        why = _unlock_target(ctx, seat, actor, iid, spec)
    elif spec[0] == "stun_target":
        why = _stun_target(ctx, seat, iid)
    elif spec[0] == "lock_target":
        why = _lock_target(ctx, seat, iid)
    elif spec[0] == "burn_own_contract":
        why = _own_contract_target(ctx, seat, iid)
    elif spec[0] == "search_equip":
        lib = _library_equipment(ctx, seat, iid)
        why = None
        if lib is None:
            why = f"{ctx.name(iid)} is not in your library"
        elif "Equipment" not in ctx.cdef(lib).types:
            why = f"{ctx.name(lib)} is not an equipment card"
        else:
            from vtes_desktop.engine.rules_action import requirement_refusal

            er = ctx.rules(lib)
            why = requirement_refusal(ctx, lib, er, er.modes[0] if er.modes else None, actor)
            iid = lib
    else:
        why = _steal_target(ctx, seat, iid, spec[1])
    if why:
        raise Illegal("target", f"{name}: {why}")
    out = {"target_card": iid}
    if spec[0] in ("steal", "burn_card", "stun_target", "lock_target"):
        out["target_seat"] = ctx.st.cards[iid].controller
    return out


def resolve_action(ctx: Ctx, f: ActionFrame) -> list[str]:
    """Carry out a successful action card's effects that the engine knows; the other clauses are returned."""
    if f.card is None:
        return []
    rules, mode = mode_of(ctx, f.card, f.card_level)
    if mode is None:
        return []
    st = ctx.st
    specs = readings(rules, mode)
    amount = next((s[1] for s in specs if s[0] == "add_amount"), None)
    _self_effects(ctx, f, specs)
    _resolve_targeted(ctx, f, specs)
    _resolve_fourth(ctx, f, specs)
    if any(s[0] == "burn_if_prey_no_torpor" for s in specs):
        augury(ctx, None)
    for spec in specs:
        k = spec[0]
        if k == "burn_card":
            _burn_card(ctx, f, spec)
        elif k == "burn_own_contract":     # Violation of Trust
            t = f.target_card
            if t is not None and _own_contract_target(ctx, f.seat, t) is None:
                ctx.burn(t, ctx.name(f.card))
                ctx.emit("burned", f"{ctx.name(t)} is burned ({ctx.name(f.card)}).", cards=(t,))
            elif t is not None:
                ctx.emit("fizzles", f"{ctx.name(t)} can no longer be burned: {ctx.name(f.card)} has no effect.")
        elif k == "unlock_target":
            t = f.target_card
            if t is not None and _unlock_target(ctx, f.seat, f.actor, t, spec) is None:
                ctx.update(t, locked=False)
                ctx.emit("unlocked", f"{ctx.name(t)} unlocks ({ctx.name(f.card)}).", cards=(t,))
        elif k == "search_equip":
            _search_equip(ctx, f)
        elif k == "ash_to_library_top":
            picked = [m.minion for m in f.mods if m.kind == "chosen_card"]
            for i in reversed(picked):   # the first named ends on top
                if st.cards[i].region == "ash_heap" and st.cards[i].owner == f.seat:
                    ctx.move(i, "library", seat=f.seat, top=True)
            ctx.emit("moved", f"{ctx.seat_name(f.seat)} puts " + ", ".join(ctx.name(i) for i in picked)
                     + f" on top of their library ({ctx.name(f.card)}).", cards=tuple(picked))
        elif k == "random_discard_draw":
            hand = list(st.region(f.seat, "hand"))
            ctx.rng().shuffle(hand)
            gone = hand[:spec[1]]
            for i in gone:
                ctx.move(i, "ash_heap")
            ctx.emit("discarded", f"{ctx.seat_name(f.seat)} discards at random: "
                     + (", ".join(ctx.name(i) for i in gone) or "nothing") + ".")
            ctx.draw(f.seat, len(gone))
        elif k == "lazarus":
            t = f.target_card
            c = st.cards.get(t) if t is not None else None
            if c is not None and c.region == "uncontrolled" and c.controller == f.seat:
                ctx.update(t, counters=c.counters + spec[2])
                ctx.emit("blood", f"{ctx.name(t)} gets {spec[2]} blood from the bank ({ctx.name(f.card)}).", cards=(t,))
            elif c is not None and c.region == "crypt" and c.owner == f.seat:
                ctx.move(t, "uncontrolled", seat=f.seat, counters=0, face_down=False)
                ctx.emit("moved", f"{ctx.seat_name(f.seat)} reveals {ctx.name(t)} from the crypt and moves them to the "
                                  "uncontrolled region.", cards=(t,))
                ctx.shuffle(f.seat, "crypt")
            else:
                ctx.emit("fizzles", f"{ctx.name(f.card)}: its target is gone.")
        elif k == "ash_vampire_to":
            t = f.target_card
            if t is None or st.cards[t].region != "ash_heap" or st.cards[t].owner != f.seat:
                ctx.emit("fizzles", f"{ctx.name(f.card)}: the vampire is no longer in the ash heap.")
                continue
            if spec[1] == "ready":
                from vtes_desktop.engine.rules_turn import _check_contest

                ctx.move(t, "ready", seat=f.seat, counters=spec[2], locked=False)
                _check_contest(ctx, t)
            else:
                ctx.move(t, "uncontrolled", seat=f.seat, counters=spec[2], face_down=False)
            ctx.emit("moved", f"{ctx.name(t)} moves from the ash heap to {poss(ctx.seat_name(f.seat))} {spec[1]} region"
                              + (f" with {spec[2]} blood" if spec[2] else "") + f" ({ctx.name(f.card)}).", cards=(t,))
        elif k == "lock_target":
            t = f.target_card
            if t is not None and _lock_target(ctx, f.seat, t) is None:
                ctx.update(t, locked=True)
                ctx.emit("locked", f"{ctx.name(t)} is locked ({ctx.name(f.card)}).", cards=(t,))
            else:
                ctx.emit("fizzles", f"{ctx.name(f.card)}: its target is no longer a ready minion of your prey.")
        elif k == "stun_target":
            t = f.target_card
            if t is None or _stun_target(ctx, f.seat, t) is not None:
                ctx.emit("fizzles", f"{ctx.name(t)} is no longer an unlocked ready vampire: {ctx.name(f.card)} has "
                                    "no effect.")
                continue
            ctx.update(t, locked=True)
            st.skip_unlock = st.skip_unlock | {t}
            ctx.emit("stunned", f"{ctx.name(t)} is stunned: locked, and it does not unlock in its controller's next "
                                "unlock phase.", cards=(t,))
        elif k == "steal_pool" and f.target_seat is not None and not st.seats[f.target_seat].ousted:
            ctx.pool(f.target_seat, -spec[1], ctx.name(f.card))
            ctx.pool(f.seat, spec[1], ctx.name(f.card))
        elif k == "edge_burn":
            if st.edge != f.seat:
                ctx.emit("unpaid", f"{ctx.seat_name(f.seat)} does not have the Edge to burn: {ctx.name(f.card)} has "
                                   "no effect.")
                continue
            st.edge = None
            ctx.emit("edge", f"{ctx.seat_name(f.seat)} burns the Edge ({ctx.name(f.card)}).")
            t = f.target_card
            if t is None:
                ctx.pool(f.target_seat, -spec[2], ctx.name(f.card))
            elif st.cards[t].region in ("ready", "torpor"):
                c = st.cards[t]
                ctx.update(t, counters=max(0, c.counters - spec[1]))
                ctx.emit("blood", f"{ctx.name(t)} burns {min(spec[1], c.counters)} blood ({ctx.name(f.card)}).", cards=(t,))
        elif k == "crypt_to_uncontrolled":
            t = f.target_card
            if t is not None and _crypt_target(ctx, f.seat, t, spec[1]) is None:
                ctx.move(t, "uncontrolled", seat=f.seat, counters=spec[2], face_down=False)
                ctx.emit("moved", f"{ctx.seat_name(f.seat)} reveals {ctx.name(t)} from the crypt and moves them to the "
                                  f"uncontrolled region with {spec[2]} blood.", cards=(t,))
            ctx.shuffle(f.seat, "crypt")
        elif k == "group_blood":
            _group_blood(ctx, f, spec[1], spec[2])
        elif k == "oldest_clan_pool":
            ready = [i for s in st.live_seats() for i in st.region(s, "ready") if ctx.is_vampire(st.cards[i])
                     and not st.cards[i].contested and any(_same_clan(spec[1], x) for x in ctx.cdef(i).clans)]
            if ready:
                top = max(_cap(ctx, i) for i in ready)
                for s in dict.fromkeys(st.cards[i].controller for i in ready if _cap(ctx, i) == top):
                    ctx.pool(s, spec[2], ctx.name(f.card))
        elif k == "add_uncontrolled":
            _add_blood(ctx, f, amount if amount is not None else spec[1], uncontrolled=True, spec=spec)
        elif k == "add_other":
            _add_blood(ctx, f, spec[1], uncontrolled=False, spec=spec)
        elif k == "steal":
            _steal(ctx, f, spec[1])
            paid = sum(m.amount for m in f.mods if m.kind == "optional_cost")
            ready = next((x for x in specs if x[0] == "steal_to_ready"), None)
            t = f.target_card
            if ready and paid and t is not None and st.cards[t].controller == f.seat and st.cards[t].region == "torpor":
                a = st.cards[f.actor]
                if a.counters < ready[1]:
                    ctx.emit("unpaid", f"{ctx.name(f.actor)} has {a.counters} blood and cannot burn {ready[1]}: "
                                       f"{ctx.name(t)} stays in torpor.")
                else:
                    ctx.update(f.actor, counters=a.counters - ready[1])
                    c = st.cards[t]
                    ctx.move(t, "ready", seat=f.seat, counters=c.counters, locked=c.locked)
                    ctx.emit("moved", f"{ctx.name(f.actor)} burns {ready[1]} blood: {ctx.name(t)} moves to "
                                      f"{poss(ctx.seat_name(f.seat))} ready region.", cards=(f.actor, t))
    if st.cards[f.card].region == "attached":   # a card that stays on a minion: its combat grants apply in combat
        return [x for x in left_by_hand(rules, mode, frozenset({"put_in_play"}))
                if not any(e.text == x and e.kind in ("maneuver", "press") and e.automated for e in mode.effects)]
    return left_by_hand(rules, mode, frozenset({"put_in_play"}) if _stays(rules, mode) else frozenset())


def _group_blood(ctx: Ctx, f: ActionFrame, who: str, n: int) -> None:
    """Blood from the bank for each vampire the card names."""
    st = ctx.st
    clan = who.split("clan:", 1)[1] if "clan:" in who else None
    if who.startswith("own uncontrolled") or who.startswith("acting and younger uncontrolled"):
        pool = [(i, False) for i in st.region(f.seat, "uncontrolled")]
    elif who.startswith("own"):
        pool = [(i, True) for i in st.region(f.seat, "ready")]
    else:
        pool = [(i, True) for s in st.live_seats() for i in st.region(s, "ready")]
    got = []
    for i, in_play in pool:
        c = st.cards[i]
        d = ctx.cdef(i)
        if "Vampire" not in d.types or c.contested:
            continue
        if clan and not any(_same_clan(clan, x) for x in d.clans):
            continue
        if "unlocked" in who and c.locked:
            continue
        if "sabbat" in who.split() and (ctx.sect(c) or "").lower() != "sabbat":
            continue
        if "younger" in who and _cap(ctx, i) >= _cap(ctx, f.actor):
            continue
        if in_play:
            ctx.set_blood(i, c.counters + n)
        else:
            ctx.update(i, counters=c.counters + n)
        got.append(i)
    if who.startswith("acting") and st.cards[f.actor].region in ("ready", "torpor"):
        ctx.set_blood(f.actor, st.cards[f.actor].counters + n)
        got.insert(0, f.actor)
    ctx.emit("blood", f"{ctx.name(f.card)}: " + (", ".join(ctx.name(i) for i in got) or "no vampire")
             + f" {'gain' if len(got) != 1 else 'gains'} {n} blood.", cards=tuple(got))


def _search_equip(ctx: Ctx, f: ActionFrame) -> None:
    """The named equipment card leaves the library for the acting vampire, its requirements met and its cost
    paid as for an equip action; the library is shuffled afterward."""
    from vtes_desktop.engine.rules_action import _cost, requirement_refusal
    from vtes_desktop.engine.rules_turn import _check_contest

    st = ctx.st
    eq = f.target_card
    name = ctx.name(f.card)
    ok = eq is not None and st.cards[eq].region == "library" and st.cards[eq].owner == f.seat
    why = None
    if ok:
        er = ctx.rules(eq)
        why = requirement_refusal(ctx, eq, er, er.modes[0] if er.modes else None, f.actor)
        pool, blood = _cost(er, 0)
        a = st.cards[f.actor]
        if why is None and (a.counters < blood or st.seats[f.seat].pool < pool):
            why = f"{ctx.name(f.actor)} cannot pay {poss(ctx.name(eq))} cost"
        if why is None and er.unique and any(
                i != eq and c.controller == f.seat and c.cid == st.cards[eq].cid and c.region in ("attached", "in_play")
                for i, c in st.cards.items()):
            why = f"you already control {ctx.name(eq)}"
    if not ok or why:
        ctx.emit("fizzles", f"{name}: no equipment is found" + (f" ({why})" if why else "") + ".")
        ctx.shuffle(f.seat, "library")
        return
    if blood:
        ctx.update(f.actor, counters=st.cards[f.actor].counters - blood)
    if pool:
        ctx.pool(f.seat, -pool, ctx.name(eq))
    ctx.move(eq, "attached", host=f.actor)
    ctx.emit("equipped", f"{ctx.name(f.actor)} is equipped with {ctx.name(eq)} from the library ({name}).",
             cards=(f.actor, eq))
    ctx.shuffle(f.seat, "library")
    _check_contest(ctx, eq)


def _stays(rules: CardRules, mode: Mode) -> bool:
    return any(e.kind == "put_in_play" and e.automated for e in mode.effects)


def _add_blood(ctx: Ctx, f: ActionFrame, n: int, *, uncontrolled: bool, spec: tuple) -> None:
    st = ctx.st
    v = f.target_card
    if v is None:
        return
    c = st.cards[v]
    if uncontrolled:
        if _fits_uncontrolled(ctx, f.seat, f.actor, v, spec) is not None:
            ctx.emit("fizzles", f"{ctx.name(v)} is no longer a fit target: {ctx.name(f.card)} has no effect.")
            return
        ctx.update(v, counters=c.counters + n)
        ctx.emit("blood", f"{ctx.name(v)} gets {n} blood from the bank ({ctx.name(f.card)}).", cards=(v,))
        return
    if c.region not in ("ready", "torpor") or not ctx.is_vampire(c):
        ctx.emit("fizzles", f"{ctx.name(v)} is no longer in play: {ctx.name(f.card)} has no effect.")
        return
    before = c.counters
    c = ctx.set_blood(v, c.counters + n)
    ctx.emit("blood", f"{ctx.name(v)} gets {c.counters - before} blood from the bank ({ctx.name(f.card)}).", cards=(v,))


def _steal(ctx: Ctx, f: ActionFrame, what: str) -> None:
    st = ctx.st
    t = f.target_card
    if t is None:
        return
    if _steal_target(ctx, f.seat, t, what) is not None:
        ctx.emit("fizzles", f"{ctx.name(t)} can no longer be stolen: {ctx.name(f.card)} has no effect.")
        return
    c = st.cards[t]
    old = ctx.seat_name(c.controller)
    if what == "ally":
        ctx.move(t, "ready", seat=f.seat, counters=c.counters, locked=c.locked, level=c.level, arrived=c.arrived)
    elif what == "retainer":
        ctx.move(t, "attached", host=f.actor)
    elif what == "location":
        ctx.move(t, "in_play", seat=f.seat, counters=c.counters, locked=c.locked)
    else:
        ctx.move(t, "torpor", seat=f.seat, counters=c.counters, locked=c.locked)
    _retag_attached(ctx, t, f.seat)
    ctx.emit("stolen", f"{ctx.seat_name(f.seat)} takes control of {ctx.name(t)} from {old}"
             + (f"; it now works for {ctx.name(f.actor)}" if what == "retainer" else "") + ".", cards=(t,))
    from vtes_desktop.engine.rules_turn import _check_contest

    _check_contest(ctx, t)


def _retag_attached(ctx: Ctx, host: int, seat: int) -> None:
    """Cards on a card that changes control go with it, under the new controller."""
    for a in ctx.st.attached.get(host, ()):
        ctx.update(a, controller=seat)
        _retag_attached(ctx, a, seat)


def _burn_card(ctx: Ctx, f: ActionFrame, spec: tuple) -> None:
    t = f.target_card
    if t is None:
        return
    if _burn_target(ctx, f.seat, t, spec) is not None:
        ctx.emit("fizzles", f"{ctx.name(t)} can no longer be burned: {ctx.name(f.card)} has no effect.")
        return
    owner = ctx.st.cards[t].controller
    ctx.burn(t, ctx.name(f.card))
    if spec[3]:
        ctx.pool(owner, -spec[3], ctx.name(f.card))


def _self_effects(ctx: Ctx, f: ActionFrame, specs: list[tuple], bled: int | None = None) -> None:
    """What a successful action card gives its own side: pool, blood and unlocking for the acting vampire;
    with *bled*, the effects that wait on the card's bleed."""
    st = ctx.st
    name = ctx.name(f.card)
    blood = [s for s in specs if s[0] == "gain_blood_self"]
    if any(s[3] for s in blood):
        blood = [s for s in blood if s[3]]
    n = sum(s[1] for s in blood)
    if bled is not None:
        n += sum(s[1] for s in specs if s[0] == "gain_blood_if_bleed")
    unlock = any(s[0] == "unlock_self" for s in specs) or any(s[2] for s in blood) or \
        (bled is not None and any(s[0] == "unlock_if_bleed" for s in specs))
    pool = sum(s[1] for s in specs if s[0] == "gain_pool_self")
    if bled is not None:
        pool += sum(s[1] for s in specs if s[0] == "bleed_gain_pool_any")
        if bled >= 1:
            pool += sum(s[1] for s in specs if s[0] == "bleed_gain_pool")
    if any(s[0] == "unlock_next_discard" for s in specs):
        unlock_at_discard(ctx, f.actor, f.seat)
    a = st.cards[f.actor]
    if n and a.region in ("ready", "torpor"):
        before = a.counters
        a = ctx.set_blood(f.actor, a.counters + n)
        ctx.emit("blood", f"{ctx.name(f.actor)} gains {a.counters - before} blood ({name}).", cards=(f.actor,))
    if unlock and a.region == "ready" and a.locked:
        ctx.update(f.actor, locked=False)
        ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks ({name}).", cards=(f.actor,))
    if pool:
        ctx.pool(f.seat, pool, name)
    if bled is not None and bled >= 1:   # Public Trust, Feast of the Soul's Secrets: blood for the vampire named
        for s in specs:
            if s[0] == "bleed_add_blood":
                _bleed_add_blood(ctx, f, s)
    draw = sum(s[1] for s in specs if s[0] == "bleed_draw_discard") if bled is not None else 0
    if draw:
        ctx.draw(f.seat, draw)
        from vtes_desktop.engine.effects_master import _owe_discard

        _owe_discard(ctx, f.seat, draw)   # "(discard afterward)": as many cards, the player's choice


def card_bonus(ctx: Ctx, f: ActionFrame, bled: int | None = None) -> None:
    """A bleed or hunt card's own gains once its action succeeds (*bled*: the pool the bleed burned)."""
    if f.card is None:
        return
    rules, mode = mode_of(ctx, f.card, f.card_level)
    if mode is None:
        return
    _self_effects(ctx, f, readings(rules, mode), bled)
    _card_bonus_fourth(ctx, f, readings(rules, mode), bled)
    left = left_by_hand(rules, mode, frozenset({"action_bleed", "action_hunt", "bleed", "hunt", "stealth"}))
    if left:
        ctx.emit("manual", f"{rules.name}: carry out by hand: {' '.join(left)}")


# -- referendums ----------------------------------------------------------------------------------------

def _ref_specs(ctx: Ctx, f: ReferendumFrame) -> tuple[CardRules | None, Mode | None, list[tuple]]:
    if f.card is None:
        return None, None, []
    act = next((fr for fr in reversed(ctx.st.frames) if isinstance(fr, ActionFrame) and fr.card == f.card), None)
    rules, mode = mode_of(ctx, f.card, act.card_level if act is not None else None)
    if mode is None:
        return rules, None, []
    return rules, mode, readings(rules, mode)


def _live_seat_named(ctx: Ctx, text: str, card: str) -> int:
    """The seat of the Methuselah still in the game that a referendum's terms name, or Illegal saying so."""
    s_ = _seat_named(ctx, text)
    if s_ is None or ctx.st.seats[s_].ousted:
        raise Illegal("terms", f"{card}: {text.strip()!r} is not a Methuselah in the game")
    return s_


def _seat_named(ctx: Ctx, name: str) -> int | None:
    for i, s in enumerate(ctx.st.seats):
        if s.name.lower() == name.strip().lower():
            return i
    return None


def _council_terms(ctx: Ctx, f: ReferendumFrame, choice: str, name: str) -> str:
    """ "Anarch, Anarch; Ben 2, Arcane Library 1": the Anarchs chosen, then 2 points for each among Methuselahs,
    locations and equipment. Kept as "#a #a; Ben 2, #card 1"."""
    st = ctx.st
    if ";" not in choice:
        raise Malformed("terms", f"{name}: write the terms as 'Anarch, Anarch; Name N, Name N' (the Anarchs, then the "
                                 "points)")
    who, alloc_text = choice.split(";", 1)
    anarchs = []
    for part in [x.strip() for x in who.split(",") if x.strip()]:
        try:
            v = flow.ref(ctx, f.seat, part)
        except (Malformed, Illegal):
            raise Illegal("terms", f"{name}: {part!r} is not a vampire of yours") from None
        c = st.cards[v]
        if c.controller != f.seat or c.region != "ready" or c.locked or not ctx.is_vampire(c) or c.contested \
                or (ctx.sect(c) or "").lower() != "anarch":
            raise Illegal("terms", f"{name}: {ctx.name(v)} is not a ready unlocked Anarch you control")
        if v not in anarchs:
            anarchs.append(v)
    if not anarchs:
        raise Illegal("terms", f"{name}: choose one or more ready unlocked Anarchs you control")
    shares = []
    for part in [x.strip() for x in alloc_text.split(",") if x.strip()]:
        m = re.fullmatch(r"(.+?)\s+(\d+)", part)
        if not m:
            raise Malformed("terms", f"{name}: write each share as 'Name N', not {part!r}")
        s_ = _seat_named(ctx, m.group(1))
        if s_ is not None:
            if st.seats[s_].ousted:
                raise Illegal("terms", f"{name}: {ctx.seat_name(s_)} has been ousted")
            shares.append((ctx.seat_name(s_), int(m.group(2))))
            continue
        try:
            card = flow.ref(ctx, f.seat, m.group(1))
        except (Malformed, Illegal):
            raise Illegal("terms", f"{name}: {m.group(1)!r} is neither a Methuselah nor a card in play") from None
        c = st.cards[card]
        ok = (c.region == "in_play" and "location" in ctx.rules(card).keywords) or \
            ("Equipment" in ctx.cdef(card).types and c.region in ("attached", "in_play"))
        if not ok or c.contested:
            raise Illegal("terms", f"{name}: {ctx.name(card)} is not a location or equipment in play")
        shares.append((f"#{card}", int(m.group(2))))
    total = sum(n for _, n in shares)
    if total != 2 * len(anarchs):
        raise Illegal("terms", f"{name}: allocate exactly {2 * len(anarchs)} points for {len(anarchs)} Anarch"
                               f"{'s' if len(anarchs) > 1 else ''} (these add up to {total})")
    return " ".join(f"#{v}" for v in anarchs) + "; " + ", ".join(f"{w} {n}" for w, n in shares if n)


def _allocation_and_one(ctx: Ctx, f: ReferendumFrame, specs: list[tuple], choice: str, name: str) -> str:
    """Terms that allocate points and name one Methuselah: "Ben 3, Cid 2; Dee" (either part first)."""
    st = ctx.st
    parts = [p.strip() for p in choice.split(";") if p.strip()]
    one = [p for p in parts if not re.search(r"\d", p)]
    alloc_text = [p for p in parts if re.search(r"\d", p)]
    if len(one) != 1 or len(alloc_text) != 1:
        raise Malformed("terms", f"{name}: write the terms as 'Name N, Name N; Methuselah' (the points, then the "
                                 "Methuselah chosen)")
    chosen = _live_seat_named(ctx, one[0], name)
    alloc = _allocation(ctx, alloc_text[0], name)
    spec = next((x for x in specs if x[0] in ("terms_allocate_and_one", "terms_allocate")), None)
    n = len(st.live_seats()) if spec[1] == -1 else spec[1]
    if sum(alloc.values()) != n:
        raise Illegal("terms", f"{name}: allocate exactly {n} points (these add up to {sum(alloc.values())})")
    if len(alloc) < spec[2]:
        raise Illegal("terms", f"{name}: allocate the points among {'two' if spec[2] == 2 else 'one'} or more Methuselahs")
    if spec[0] == "terms_allocate_and_one" and spec[3] and chosen in alloc:
        raise Illegal("terms", f"{name}: the points go to Methuselahs other than the chosen {ctx.seat_name(chosen)}")
    if spec[0] == "terms_allocate" and spec[3] and f.seat in alloc:
        raise Illegal("terms", f"{name}: the points go to other Methuselahs, not to {ctx.seat_name(f.seat)}")
    return ", ".join(f"{ctx.seat_name(s)} {v}" for s, v in alloc.items()) + f"; {ctx.seat_name(chosen)}"


def _allocation(ctx: Ctx, text: str, what: str, *, strict: bool = True) -> dict[int, int]:
    """ "Ben 3, Cid 1" (or "Ben: 3; Cid: 1") read as {seat: points}; not *strict* (at resolution): a Methuselah
    ousted since the terms were chosen is left out."""
    out: dict[int, int] = {}
    for part in re.split(r"[,;]", text):
        part = part.strip()
        if not part:
            continue
        m = re.fullmatch(r"(.+?)\s*[:=]?\s*(\d+)", part)
        if not m:
            raise Malformed("terms", f"{what}: write the allocation as 'Name N, Name N', not {part!r}")
        s = _seat_named(ctx, m.group(1))
        if s is None:
            raise Illegal("terms", f"{what}: {m.group(1)!r} is not a Methuselah in this game")
        if ctx.st.seats[s].ousted:
            if not strict:
                continue
            raise Illegal("terms", f"{what}: {ctx.seat_name(s)} has been ousted")
        out[s] = out.get(s, 0) + int(m.group(2))
    return {s: n for s, n in out.items() if n}


def check_terms(ctx: Ctx, f: ReferendumFrame, choice: str) -> str:
    """The terms as the engine keeps them; refused when they do not fit the card."""
    rules, mode, specs = _ref_specs(ctx, f)
    if rules is None:
        return choice
    name = rules.name
    st = ctx.st
    kinds = {x[0] for x in specs}
    if kinds & {"terms_allocate_and_one", "terms_and_one"}:
        return _allocation_and_one(ctx, f, specs, choice, name)
    if "terms_council" in kinds:
        return _council_terms(ctx, f, choice, name)
    if kinds & {"terms_chosen_cards", "terms_methuselah_or_location", "terms_allocate_vampires"}:
        return _fourth_terms(ctx, f, specs, choice, name)
    if kinds & {"terms_methuselahs_once", "chosen_once"}:   # Year of Fortune, Hand Intervention
        return _seats_once_terms(ctx, f, choice, name)
    if "terms_recent_voter" in kinds:   # Tribunal Judgment
        return _recent_voter_terms(ctx, f, choice, name)
    if "terms_contest_yielders" in kinds:   # Praxis Solomon
        return _contest_terms(ctx, choice, name)
    if "terms_recent_vp" in kinds:   # Lextalionis: the mark Ctx.oust leaves for the ousting predator
        who = _live_seat_named(ctx, choice, name)
        since = st.turn - len(st.live_seats())
        if not any(len(m) == 3 and m[0] == ("seat", who) and m[1] == "victory point received" and m[2] > since
                   for m in st.marks):
            raise Illegal("terms", f"{name}: {ctx.seat_name(who)} has received no victory point since your last turn")
        return ctx.seat_name(who)
    for spec in specs:
        k = spec[0]
        if k == "terms_noncam":
            try:
                v = flow.ref(ctx, f.seat, choice)
            except (Malformed, Illegal):
                raise Illegal("terms", f"{name}: choose a non-Camarilla vampire, not {choice!r}") from None
            c = st.cards[v]
            if c.region not in ("ready", "torpor") or not ctx.is_vampire(c) or c.contested:
                raise Illegal("terms", f"{name}: {ctx.name(v)} is not a vampire in play")
            if (ctx.sect(c) or "").lower() == "camarilla":
                raise Illegal("terms", f"{name}: {ctx.name(v)} is Camarilla")
            ic = "terms_noncam_ic" in kinds and f.actor is not None and ctx.title(st.cards[f.actor]) == "inner circle"
            if not ic and _cap(ctx, v) >= spec[1]:
                raise Illegal("terms", f"{name}: {ctx.name(v)} has capacity {_cap(ctx, v)}, not below {spec[1]}")
            return f"{ctx.name(v)} #{v}"
        if k == "terms_allocate":
            n = len(st.live_seats()) if spec[1] == -1 else spec[1]
            alloc = _allocation(ctx, choice, name)
            if sum(alloc.values()) != n:
                raise Illegal("terms", f"{name}: allocate exactly {n} points (these add up to {sum(alloc.values())})")
            if len(alloc) < spec[2]:
                raise Illegal("terms", f"{name}: allocate the points among {'two' if spec[2] == 2 else 'one'} or more "
                                       "Methuselahs")
            if spec[3] and f.seat in alloc:
                raise Illegal("terms", f"{name}: the points go to other Methuselahs, not to {ctx.seat_name(f.seat)}")
            return ", ".join(f"{ctx.seat_name(s)} {v}" for s, v in alloc.items())
        if k == "terms_clan":
            clans = _clans(ctx.db)
            key = choice.strip().lower()
            if clans and key not in clans:
                raise Illegal("terms", f"{name}: {choice!r} is not a clan")
            return clans.get(key, choice.strip())
        if k == "terms_torpor_vampire":   # The Peace of Khetamon
            try:
                v = flow.ref(ctx, f.seat, choice)
            except (Malformed, Illegal):
                raise Illegal("terms", f"{name}: choose a vampire in torpor, not {choice!r}") from None
            c = st.cards[v]
            if not ctx.is_vampire(c) or c.region != "torpor" or c.contested:
                raise Illegal("terms", f"{name}: {ctx.name(v)} is not a vampire in torpor")
            return f"{ctx.name(v)} #{v}"
        if k == "terms_minion":
            try:
                v = flow.ref(ctx, f.seat, choice)
            except (Malformed, Illegal):
                raise Illegal("terms", f"{name}: choose a {_minion_words(spec)}, not {choice!r}") from None
            why = _minion_refusal(ctx, f, v, spec)
            if why:
                raise Illegal("terms", f"{name}: {why}")
            return f"{ctx.name(v)} #{v}"
        if k == "terms_sect_vampire":
            try:
                v = flow.ref(ctx, f.seat, choice)
            except (Malformed, Illegal):
                raise Illegal("terms", f"{name}: choose a {spec[1].title()} vampire, not {choice!r}") from None
            c = st.cards[v]
            if c.region not in ("ready", "torpor") or not ctx.is_vampire(c) or c.contested:
                raise Illegal("terms", f"{name}: {ctx.name(v)} is not a vampire in play")
            if (ctx.sect(c) or "").lower() != spec[1]:
                raise Illegal("terms", f"{name}: {ctx.name(v)} is not {spec[1].title()}")
            if _cap(ctx, v) < spec[2]:
                raise Illegal("terms", f"{name}: {ctx.name(v)} has capacity {_cap(ctx, v)}, less than {spec[2]}")
            return f"{ctx.name(v)} #{v}"
        if k == "terms_ready_sect":     # Sabbat Priest
            try:
                v = flow.ref(ctx, f.seat, choice)
            except (Malformed, Illegal):
                raise Illegal("terms", f"{name}: choose a ready {spec[1].title()} vampire, not {choice!r}") from None
            c = st.cards[v]
            if c.region != "ready" or not ctx.is_vampire(c) or c.contested:
                raise Illegal("terms", f"{name}: {ctx.name(v)} is not a ready vampire")
            if (ctx.sect(c) or "").lower() != spec[1]:
                raise Illegal("terms", f"{name}: {ctx.name(v)} is not {spec[1].title()}")
            return f"{ctx.name(v)} #{v}"
        if k == "terms_number":     # Political Flux
            got = choice.strip()
            if not got.isdigit() or not spec[1] <= int(got) <= spec[2]:
                raise Illegal("terms", f"{name}: choose a number from {spec[1]} to {spec[2]}, not {got!r}")
            return str(int(got))
        if k == "terms_titled_nonanarch":     # Patsy
            try:
                v = flow.ref(ctx, f.seat, choice)
            except (Malformed, Illegal):
                raise Illegal("terms", f"{name}: choose a titled non-Anarch vampire, not {choice!r}") from None
            c = st.cards[v]
            if c.region not in ("ready", "torpor") or not ctx.is_vampire(c) or c.contested:
                raise Illegal("terms", f"{name}: {ctx.name(v)} is not a vampire in play")
            if not ctx.title(c):
                raise Illegal("terms", f"{name}: {ctx.name(v)} has no title")
            if (ctx.sect(c) or "").lower() == "anarch":
                raise Illegal("terms", f"{name}: {ctx.name(v)} is Anarch")
            return f"{ctx.name(v)} #{v}"
        if k == "terms_edge_holder":     # Code of Milan Suspended: "Select the Methuselah with the Edge"
            s_ = _seat_named(ctx, choice)
            if st.edge is None or st.seats[st.edge].ousted:
                raise Illegal("terms", f"{name}: no Methuselah has the Edge to select")
            if s_ != st.edge:
                raise Illegal("terms", f"{name}: select the Methuselah with the Edge, {ctx.seat_name(st.edge)}")
            return ctx.seat_name(s_)
        if k == "terms_methuselah":
            return ctx.seat_name(_live_seat_named(ctx, choice, name))
        if k == "terms_card_to":
            m = re.fullmatch(r"\s*(.+?)\s+to\s+(.+?)\s*", choice)
            if not m:
                raise Malformed("terms", f"{name}: write the terms as '<{spec[1]}> to <{spec[2]}>'")
            try:
                card = flow.ref(ctx, f.seat, m.group(1))
            except (Malformed, Illegal):
                raise Illegal("terms", f"{name}: {m.group(1)!r} is not a card in play") from None
            c = st.cards[card]
            fits = ("location" in ctx.rules(card).keywords and c.region == "in_play") if spec[1] == "location" else \
                ("Equipment" in ctx.cdef(card).types and c.region in ("attached", "in_play"))
            if not fits or c.contested:
                raise Illegal("terms", f"{name}: {ctx.name(card)} is not {'a location' if spec[1] == 'location' else 'an equipment'} in play")
            if spec[2] == "methuselah":
                return f"{ctx.name(card)} #{card} to {ctx.seat_name(_live_seat_named(ctx, m.group(2), name))}"
            try:
                v = flow.ref(ctx, f.seat, m.group(2))
            except (Malformed, Illegal):
                raise Illegal("terms", f"{name}: {m.group(2)!r} is not a vampire in play") from None
            if st.cards[v].region not in ("ready", "torpor") or not ctx.is_vampire(st.cards[v]):
                raise Illegal("terms", f"{name}: {ctx.name(v)} is not a vampire in play")
            if v == c.host:
                raise Illegal("terms", f"{name}: {ctx.name(card)} is already {poss(ctx.name(v))}")
            return f"{ctx.name(card)} #{card} to {ctx.name(v)} #{v}"
        if k == "terms_blood_shift":
            m = re.fullmatch(r"\s*(.+?)\s*:\s*(.+)", choice)
            if not m:
                raise Malformed("terms", f"{name}: write the terms as 'Vampire: Vampire N, Vampire N'")
            try:
                src = flow.ref(ctx, f.seat, m.group(1))
            except (Malformed, Illegal):
                raise Illegal("terms", f"{name}: {m.group(1)!r} is not a vampire in play") from None
            sc = st.cards[src]
            if sc.region != "ready" or not ctx.is_vampire(sc) or sc.controller == f.seat or sc.contested:
                raise Illegal("terms", f"{name}: {ctx.name(src)} is not a ready vampire of another Methuselah")
            if _cap(ctx, src) >= _cap(ctx, f.actor):
                raise Illegal("terms", f"{name}: {ctx.name(src)} is not younger than {ctx.name(f.actor)}")
            parts = []
            total = 0
            for part in re.split(r";" if ";" in m.group(2) else r",", m.group(2)):   # ";" when names hold commas
                if not part.strip():
                    continue
                mm = re.fullmatch(r"\s*(.+?)\s+(\d+)\s*", part)
                if not mm:
                    raise Malformed("terms", f"{name}: write each share as 'Vampire N', not {part.strip()!r}")
                try:
                    v = flow.ref(ctx, f.seat, mm.group(1))
                except (Malformed, Illegal):
                    raise Illegal("terms", f"{name}: {mm.group(1)!r} is not a vampire in play") from None
                if v == src or st.cards[v].region not in ("ready", "torpor") or not ctx.is_vampire(st.cards[v]):
                    raise Illegal("terms", f"{name}: {ctx.name(v)} is not another vampire in play")
                parts.append((v, int(mm.group(2))))
                total += int(mm.group(2))
            if total != spec[1] or not parts:
                raise Illegal("terms", f"{name}: allocate exactly {spec[1]} of {poss(ctx.name(src))} blood")
            return f"#{src}: " + ", ".join(f"#{v} {n}" for v, n in parts)
        if k == "terms_methuselahs_half":
            seats = [_seat_named(ctx, part) for part in re.split(r",|\band\b", choice) if part.strip()]
            if any(x is None or st.seats[x].ousted for x in seats):
                raise Illegal("terms", f"{name}: name Methuselahs in the game, separated by commas")
            seats = list(dict.fromkeys(seats))
            need = (len(st.live_seats()) + 1) // 2
            if len(seats) < need:
                raise Illegal("terms", f"{name}: choose at least half of the Methuselahs in the game ({need})")
            return ", ".join(ctx.seat_name(x) for x in seats)
        if k == "terms_methuselahs":
            seats = []
            for part in re.split(r",|\band\b", choice):
                if part.strip():
                    seats.append(_live_seat_named(ctx, part, name))
            if not seats:
                raise Illegal("terms", f"{name}: choose one or more Methuselahs")
            return ", ".join(ctx.seat_name(s) for s in dict.fromkeys(seats))
        if k == "terms_shift":
            m = re.fullmatch(r"\s*(.+?)\s*:\s*(.+)", choice)
            if not m:
                raise Malformed("terms", f"{name}: write the terms as 'Methuselah: Name N, Name N' (the Methuselah "
                                         "whose pool is taken, then where it goes)")
            src = _live_seat_named(ctx, m.group(1), name)
            if st.seats[src].pool <= st.seats[f.seat].pool:
                raise Illegal("terms", f"{name}: {ctx.seat_name(src)} has {st.seats[src].pool} pool, not more than "
                                       f"{ctx.seat_name(f.seat)}'s {st.seats[f.seat].pool}")
            alloc = _allocation(ctx, m.group(2), name)
            if src in alloc:
                raise Illegal("terms", f"{name}: the pool goes to Methuselahs other than {ctx.seat_name(src)}")
            if sum(alloc.values()) != spec[1] or not alloc:
                raise Illegal("terms", f"{name}: allocate exactly {spec[1]} of {poss(ctx.seat_name(src))} pool")
            return f"{ctx.seat_name(src)}: " + ", ".join(f"{ctx.seat_name(s)} {v}" for s, v in alloc.items())
    return choice


_CLAN_CACHE: dict[int, dict[str, str]] = {}


def _clans(db) -> dict[str, str]:
    """Every clan name of the card data, by its lower-case spelling."""
    key = id(db)
    if key not in _CLAN_CACHE:
        _CLAN_CACHE[key] = {c.lower(): c for d in db.crypt for c in d.clans}
    return _CLAN_CACHE[key]


def _minion_words(spec: tuple) -> str:
    _, ready, younger, cam, who, cap, same = spec
    return " ".join(w for w in ("ready" if ready else "", "younger" if younger else "", "Camarilla" if cam else "",
                                who if who in ("vampire", "ally", "prince", "archbishop") else who.title()) if w)


def _same_clan(a: str, b: str) -> bool:
    alias = {"assamite": "banu haqim"}
    return alias.get(a.lower(), a.lower()) == alias.get(b.lower(), b.lower())


def _minion_refusal(ctx: Ctx, f: ReferendumFrame, v: int, spec: tuple) -> str | None:
    """Why *v* does not fit the minion a referendum's terms ask for, or None."""
    _, ready, younger, cam, who, cap, same = spec
    c = ctx.st.cards[v]
    d = ctx.cdef(v)
    what = _minion_words(spec)
    if c.contested or c.region not in (("ready",) if ready else ("ready", "torpor")):
        return f"{d.display} is not a {what} in play"
    if who == "ally":
        return None if "Ally" in d.types else f"{d.display} is not an ally"
    if "Vampire" not in d.types:
        return f"{d.display} is not a vampire"
    if who in ("prince", "archbishop") and ctx.title(c) != who:
        return f"{d.display} is not a {who}"
    if who not in ("vampire", "prince", "archbishop") and not any(_same_clan(who, x) for x in d.clans):
        return f"{d.display} is not {who.title()}"
    if cam and (ctx.sect(c) or "").lower() != "camarilla":
        return f"{d.display} is not Camarilla"
    actor = ctx.cdef(f.actor) if f.actor is not None else None
    if younger and actor is not None and _cap(ctx, v) >= _cap(ctx, f.actor):
        return f"{d.display} is not younger than {ctx.name(f.actor)}"
    if cap is not None and _cap(ctx, v) >= cap:
        return f"{d.display} has capacity {_cap(ctx, v)}, not below {cap}"
    if same and actor is not None and not set(x.lower() for x in d.clans) & set(x.lower() for x in actor.clans):
        return f"{d.display} is not of {poss(ctx.name(f.actor))} clan"
    return None


def _chosen(ctx: Ctx, terms: str | None) -> int | None:
    m = re.search(r"#(\d+)$", terms or "")
    return int(m.group(1)) if m else None


def referendum_votes(ctx: Ctx, f: ReferendumFrame, iid: int) -> int:
    """Votes a ready vampire has in this referendum from the card that called it ("each Brujah gets 1 extra vote");
    a Fee Stake's clan vote in referendums its Anarch calls, and the burn referendum's "non-Anarch titles are worth
    -1 vote"."""
    n = _fee_stake_votes(ctx, f, iid)
    if f.card is None:
        if f.terms == "blood hunt" and iid == f.actor and ctx.st.marks:   # Fire on the Mountain
            n += sum(m[2] for m in ctx.st.marks if len(m) == 4 and m[0] == ("minion", iid) and m[1] == BLOOD_HUNT_VOTES
                     and m[3] == ctx.st.turn)
        return n
    specs = _ref_specs(ctx, f)[2]
    d = ctx.cdef(iid)
    if "Vampire" not in d.types:
        return 0
    c = ctx.st.cards[iid]
    eat = any(s[0] == "eat_the_rich_votes" for s in specs) and ctx.title(c) not in (None, "priscus")
    return n + sum(s[2] for s in specs if s[0] == "clan_votes" and any(_same_clan(s[1], x) for x in d.clans)) + \
        sum(s[2] for s in specs if s[0] == "title_votes" and ctx.title(c) == s[1] and c.region == "ready") - eat


def edge_votes(ctx: Ctx, f: ReferendumFrame) -> int:
    """Votes the Edge gives in this referendum beyond its usual 1 (Eat the Rich)."""
    return 1 if f.card is not None and any(s[0] == "eat_the_rich_votes" for s in _ref_specs(ctx, f)[2]) else 0


def vote_refusal(ctx: Ctx, f: ReferendumFrame, iid: int) -> str | None:
    """Why a vampire casts no votes or ballots in this referendum because of the card that called it (or Private
    Audience played in its polling step), or None."""
    st = ctx.st
    if st.marks and (("referendum", f.actor, st.turn), "abstains", iid) in st.marks:   # effects_action.abstain
        return f"{ctx.name(iid)} abstains in this referendum"
    if st.marks and (("minion", iid), NO_BLOCK_VOTE_TURN, st.turn) in st.marks:
        return f"{ctx.name(iid)} cannot cast votes or ballots this turn"
    for bar, sect_, by in (("non-sabbat", "sabbat", "Private Audience"), ("non-camarilla", "camarilla",
                                                                          "Closed Session")):
        if st.marks and (("referendum", f.actor, st.turn), NO_VOTES, bar) in st.marks:
            c = st.cards[iid]
            if ctx.is_vampire(c) and (ctx.sect(c) or "").lower() != sect_:
                return f"{ctx.name(iid)} cannot cast votes or ballots in this referendum ({by})"
    if st.marks and (("referendum", f.actor, st.turn), NO_VOTES, "corrupted") in st.marks:   # Velvet Tongue [SER]
        from vtes_desktop.engine.effects_action import corruption

        if corruption(ctx, iid):
            return f"{ctx.name(iid)} has corruption counters: no votes or ballots in this referendum (Velvet Tongue)"
    if f.card is None:
        return None
    c = ctx.st.cards[iid]
    if not ctx.is_vampire(c):
        return None
    sect = (ctx.sect(c) or "").lower()
    for s in _ref_specs(ctx, f)[2]:
        if s[0] == "eat_the_rich_votes" and ctx.title(c) == "priscus":
            return f"{ctx.name(iid)} has no ballot in this referendum ({ctx.name(f.card)}: each priscus gets -1 ballot)"
        if s[0] == "no_votes_from" and ((s[1] == "non-sabbat" and sect != "sabbat") or (s[1] == "camarilla"
                                                                                           and sect == "camarilla")):
            return f"{ctx.name(iid)} cannot cast votes or ballots in this referendum ({ctx.name(f.card)})"
    return None


def resolve_failed(ctx: Ctx, f: ReferendumFrame) -> None:
    """What a failed referendum's card says happens then ("If this referendum fails, the acting vampire ...")."""
    specs = _ref_specs(ctx, f)[2]
    st = ctx.st
    for spec in specs:
        if spec[0] == "no_more_if_fails":   # Veles' Hunt
            st.marks = st.marks | {(NO_MORE_THIS_GAME, ctx.st.cards[f.card].cid)}
            ctx.emit("limit", f"{ctx.name(f.card)} failed: no more of them can be played this game.")
        if spec[0] == "fail_actor_blood" and f.actor is not None and f.actor in st.cards:
            c = st.cards[f.actor]
            if c.region in ("ready", "torpor") and c.counters:
                ctx.update(f.actor, counters=max(0, c.counters + spec[1]))
                ctx.emit("blood", f"{ctx.name(f.actor)} burns {-spec[1]} blood ({ctx.name(f.card)}: the referendum "
                                  "failed).", cards=(f.actor,))


def needs_terms(ctx: Ctx, f: ReferendumFrame) -> bool:
    return any(s[0].startswith("terms_") for s in _ref_specs(ctx, f)[2])


def _count(ctx: Ctx, seat: int, what: str, terms: str | None) -> int:
    st = ctx.st
    n = 0
    for iid in _controls(ctx, seat):
        c = st.cards[iid]
        d = ctx.cdef(iid)
        vamp = "Vampire" in d.types
        if what == "minion":
            n += 1
        elif what == "locked minion":
            n += c.locked
        elif what == "vampire":
            n += vamp
        elif what == "torpor vampire":
            n += vamp and c.region == "torpor"
        elif what == "clan":
            n += vamp and terms is not None and terms.lower() in {x.lower() for x in d.clans}
        elif what == "capacity>=8":
            n += vamp and _cap(ctx, iid) >= 8
        elif what == "ready independent or anarch":
            n += vamp and c.region == "ready" and (ctx.sect(c) or "").lower() in ("independent", "anarch")
    return n


def resolve_referendum(ctx: Ctx, f: ReferendumFrame) -> list[str] | None:
    """Carry out a passed referendum's effects; the clauses left to the players (None: nothing known here)."""
    rules, mode, specs = _ref_specs(ctx, f)
    if rules is None or mode is None or not specs:
        return None
    st = ctx.st
    name = rules.name
    terms = f.terms
    changes: dict[int, int] = {}
    if any(s[0] == "each_choose_vampire" for s in specs):
        _open_choices(ctx, f, rules)
        return []
    if any(s[0] == "controller_pays_or_burns" for s in specs):     # Auto-da-fe
        from vtes_desktop.engine.state import Impulse, ManualFrame

        v = _chosen(ctx, terms)
        c = st.cards.get(v) if v is not None else None
        if c is None or c.region not in ("ready", "torpor"):
            ctx.emit("fizzles", f"{ctx.name(v)} is no longer in play: {name} has no effect on them.")
            return []
        ctx.emit("choose", f"{name}: {ctx.seat_name(c.controller)} burns {_pays_or_burns_cost(ctx, f.card, v)} pool "
                           f"or burns {ctx.name(v)} (terms: pool or vampire).")
        flow.push(ctx, ManualFrame(imp=Impulse((c.controller,)), what=f"{_PAYS_OR_BURNS} {v}", card=f.card))
        return []
    if any(s[0] == "each_burns_uncontrolled" for s in specs):     # Might of the Camarilla
        from vtes_desktop.engine.state import Impulse, ManualFrame

        top = st.top
        imp = top.imp if top is not None and hasattr(top, "imp") else Impulse((f.seat,))
        flow.push(ctx, ManualFrame(imp=imp._replace(at=0, passes=0),
                                   what="each Methuselah's choice of a vampire to burn from their uncontrolled region",
                                   card=f.card))
        ctx.emit("choose", f"{name}: each Methuselah names a vampire in their uncontrolled region to burn (terms).")
        return []
    acc = next((s for s in specs if s[0] == "accept_pass"), None)
    if acc is not None:      # Giovanni Acceptance, Revocation of Tyre, ...
        if st.cards[f.card].region in ("ash_heap", "aside"):
            ctx.move(f.card, "in_play", seat=f.seat)
            ctx.emit("in_play", f"{name} is put in play.", cards=(f.card,))
        _open_accept_choices(ctx, f, rules, acc[1])
        return []
    keep = next((s for s in specs if s[0] == "burn_all_keep"), None)
    if keep is not None:     # Jericho Founding, Kindred Segregation, Peace Treaty
        _open_keep_choices(ctx, f, rules, keep[1])
        return []
    if any(s[0] == "put_in_play_on_pass" for s in specs) and st.cards[f.card].region in ("ash_heap", "aside"):
        ctx.move(f.card, "in_play", seat=f.seat)
        ctx.emit("in_play", f"{name} is put in play.", cards=(f.card,))
        if any(s[0] == "chosen_two_mpa" for s in specs) and terms:     # Rumors of Gehenna: the chosen, kept
            chosen = [x for x in (_seat_named(ctx, p_) for p_ in terms.split(",")) if x is not None]
            st.marks = st.marks | {(f.card, _TWO_MPA, x) for x in chosen}
    _resolve_ref_fourth(ctx, f, specs, terms, name)
    for spec in specs:
        k = spec[0]
        if k == "burn_per_point" and terms:
            for s, pts in _allocation(ctx, terms.split(";")[0], name, strict=False).items():
                changes[s] = changes.get(s, 0) - spec[1] * pts
            if len(spec) > 2 and ";" in terms:   # "and the chosen Methuselah gains 1 pool"
                s = _seat_named(ctx, terms.split(";")[1])
                if s is not None:
                    changes[s] = changes.get(s, 0) + 1
        elif k == "chosen_gains" and terms and ";" in terms:
            s = _seat_named(ctx, terms.split(";")[1])
            if s is not None:
                changes[s] = changes.get(s, 0) + spec[1]
        elif k == "per_minion":
            for s in st.live_seats():
                changes[s] = changes.get(s, 0) + spec[1] * spec[2] * _count(ctx, s, spec[3], terms)
        elif k == "chosen_burn" and terms:
            less = "<=" in spec[3]
            cap = int(re.split(r"<=|>=", spec[3])[1]) if spec[3] != "titled" else 0
            for part in terms.split(","):
                s = _seat_named(ctx, part)
                if s is None:
                    continue
                fits = any(st.cards[i].region == "ready" and ctx.is_vampire(st.cards[i])
                           and (ctx.title(st.cards[i]) is not None if spec[3] == "titled" else
                                _cap(ctx, i) <= cap if less else _cap(ctx, i) >= cap) for i in _controls(ctx, s))
                changes[s] = changes.get(s, 0) - spec[1] - (spec[2] if fits else 0)
        elif k == "chosen_burn_others_gain" and terms:
            chosen = {_seat_named(ctx, part) for part in terms.split(",")}
            for s in st.live_seats():
                changes[s] = changes.get(s, 0) + (-spec[1] if s in chosen else spec[2])
        elif k == "prey_ash_vampires":
            for s in st.live_seats():
                n = sum(1 for i in st.region(st.prey(s), "ash_heap") if "Vampire" in ctx.cdef(i).types)
                changes[s] = changes.get(s, 0) - n
        elif k == "clan_count_burn":
            for s in st.live_seats():
                n = sum(1 for i in _controls(ctx, s) if ctx.is_vampire(st.cards[i])
                        and any(_same_clan(spec[1], x) for x in ctx.cdef(i).clans))
                changes[s] = changes.get(s, 0) - n - spec[2]
        elif k == "anarch_salon":
            for s in st.live_seats():
                anarchs = [i for i in _controls(ctx, s) if ctx.is_vampire(st.cards[i])
                           and (ctx.sect(st.cards[i]) or "").lower() == "anarch"]
                for i in anarchs:
                    if st.cards[i].region == "ready":
                        ctx.set_blood(i, st.cards[i].counters + 1)
                if anarchs:
                    changes[s] = changes.get(s, 0) + 1
            ctx.emit("blood", f"{name}: each ready Anarch gains 1 blood.")
        elif k in ("clan_blood", "clan_zero_torpor"):
            for s in st.live_seats():
                for i in list(st.region(s, "ready")):
                    c = st.cards[i]
                    if c.contested or not ctx.is_vampire(c) or not any(_same_clan(spec[1], x) for x in ctx.cdef(i).clans):
                        continue
                    if k == "clan_blood":
                        ctx.update(i, counters=max(0, c.counters + spec[2]))
                    elif c.counters == 0:
                        ctx.move(i, "torpor", seat=c.controller, counters=0, locked=c.locked)
                        ctx.emit("torpor", f"{ctx.name(i)} has no blood and goes into torpor ({name}).", cards=(i,))
            if k == "clan_blood":
                ctx.emit("blood", f"{name}: each ready {spec[1].title()} burns {-spec[2]} blood.")
        elif k == "give_chosen" and terms:
            ids = [int(x) for x in re.findall(r"#(\d+)", terms)]
            card = ids[0] if ids else None
            c = st.cards.get(card) if card is not None else None
            if c is None or c.region not in ("attached", "in_play") or c.contested:
                ctx.emit("fizzles", f"{name}: the chosen card is no longer in play.")
                continue
            if len(ids) > 1:   # an equipment for a vampire
                v = ids[1]
                if st.cards[v].region not in ("ready", "torpor"):
                    ctx.emit("fizzles", f"{name}: {ctx.name(v)} is no longer in play.")
                    continue
                ctx.move(card, "attached", host=v)
                ctx.emit("control", f"{ctx.name(v)} takes control of {ctx.name(card)} ({name}).", cards=(v, card))
            else:
                s_ = _seat_named(ctx, terms.rsplit(" to ", 1)[1])
                if s_ is None or st.seats[s_].ousted:
                    continue
                ctx.move(card, "in_play", seat=s_, counters=c.counters, locked=c.locked)
                ctx.emit("control", f"{ctx.seat_name(s_)} takes control of {ctx.name(card)} ({name}).", cards=(card,))
            from vtes_desktop.engine.rules_turn import _check_contest

            _check_contest(ctx, card)
        elif k == "blood_shift" and terms:
            m = re.match(r"#(\d+): (.+)", terms)
            src = int(m.group(1))
            shares = [(int(a), int(b)) for a, b in re.findall(r"#(\d+) (\d+)", m.group(2))]
            sc = st.cards[src]
            if sc.region != "ready":
                ctx.emit("fizzles", f"{name}: {ctx.name(src)} is no longer ready.")
                continue
            left = sc.counters
            for v, n in shares:
                n = min(n, left)
                c = st.cards[v]
                if n <= 0 or c.region not in ("ready", "torpor"):
                    continue
                left -= n
                ctx.set_blood(v, c.counters + n)   # blood beyond capacity drains off
                ctx.emit("blood", f"{ctx.name(v)} takes {n} blood from {ctx.name(src)} ({name}).", cards=(v, src))
            ctx.update(src, counters=left)
        elif k == "burn_bleeders":
            from vtes_desktop.engine.rules_action import minion_bleed

            for s in st.live_seats():
                for v in list(st.region(s, "ready")):
                    c = st.cards[v]
                    if ctx.is_vampire(c) and not c.contested and minion_bleed(ctx, v) >= spec[1]:
                        ctx.burn(v, f"{name}: a bleed of {minion_bleed(ctx, v)}")
        elif k == "council" and terms and ";" in terms:
            who, alloc = terms.split(";", 1)
            for v in [int(x) for x in re.findall(r"#(\d+)", who)]:
                if st.cards[v].region == "ready":
                    ctx.update(v, locked=True)
            for part in [x.strip() for x in alloc.split(",") if x.strip()]:
                m = re.fullmatch(r"(.+?)\s+(\d+)", part)
                if m is None:
                    continue
                if m.group(1).startswith("#"):
                    card = int(m.group(1)[1:])
                    if st.cards[card].region in ("in_play", "attached"):
                        ctx.burn(card, name)
                else:
                    s = _seat_named(ctx, m.group(1))
                    if s is not None and not st.seats[s].ousted:
                        changes[s] = changes.get(s, 0) - int(m.group(2))
            ctx.emit("locked", f"{name}: the chosen Anarchs lock.")
        elif k == "lock_clan" and terms:
            for s in st.live_seats():
                for i in st.region(s, "ready"):
                    c = st.cards[i]
                    if not c.contested and ctx.is_vampire(c) and any(_same_clan(terms, x) for x in ctx.cdef(i).clans):
                        ctx.update(i, locked=True)
            ctx.emit("locked", f"{name}: every ready {terms} is locked.")
        elif k == "shift" and terms:
            src_name, rest = terms.split(":", 1)
            src = _seat_named(ctx, src_name)
            alloc = _allocation(ctx, rest, name, strict=False)
            if src is not None:
                changes[src] = changes.get(src, 0) - sum(alloc.values())
                for s, v in alloc.items():
                    changes[s] = changes.get(s, 0) + v
        elif k in ("chosen_burned", "chosen_removed", "chosen_loses_title", "title_chosen"):
            v = _chosen(ctx, terms)
            c = st.cards.get(v) if v is not None else None
            if c is None or c.region not in ("ready", "torpor"):
                ctx.emit("fizzles", f"{ctx.name(v)} is no longer in play: {name} has no effect on them.")
                continue
            if k == "chosen_burned":
                ctx.burn(v, name)
            elif k == "chosen_removed":
                for a in list(st.attached.get(v, ())):
                    ctx.burn(a)
                ctx.move(v, "removed")
                ctx.emit("removed", f"{ctx.name(v)} is removed from the game ({name}).", cards=(v,))
            elif k == "chosen_loses_title":
                for a in list(st.attached.get(v, ())):
                    if title_card_key(ctx, a) is not None:
                        ctx.burn(a, f"{ctx.name(v)} loses the title")
                ctx.update(v, title="none", title_contested=False)
                ctx.emit("title", f"{ctx.name(v)} loses their title ({name}).", cards=(v,))
            else:
                _give_title(ctx, f.card, v, spec[1], name)
        elif k == "block_tax_chosen" and terms:     # Sabbat Priest, Camarilla Exemplary (paid in pay_block_tax)
            v = _chosen(ctx, terms)
            if v is not None and v in st.cards and st.cards[v].region in ("ready", "torpor"):
                st.marks = st.marks | {(f.card, _BLOCK_TAX, v, spec[1])}
                ctx.emit("terms", f"For the rest of the game, a vampire attempting to block {ctx.name(v)} burns "
                                  f"{spec[1]} blood ({name}).", cards=(v,))
        elif k == "next_oust_reward" and terms and terms.isdigit():     # Political Flux (read in Ctx.oust)
            st.marks = frozenset(m for m in st.marks if not (len(m) == 2 and m[0] == NEXT_OUST_REWARD)) \
                | {(NEXT_OUST_REWARD, int(terms))}
            ctx.emit("terms", f"The next predator to oust their prey gains {int(terms)} pool instead of 6 ({name}).")
        elif k == "edge_unseat" and terms:     # Patsy: the Edge is burned to unseat the vampire
            v = _chosen(ctx, terms)
            c = st.cards.get(v) if v is not None else None
            if st.edge != f.seat:
                ctx.emit("fizzles", f"{ctx.seat_name(f.seat)} no longer has the Edge to burn: {name} has no effect.")
            elif c is None or c.region not in ("ready", "torpor"):
                ctx.emit("fizzles", f"{ctx.name(v)} is no longer in play: {name} has no effect on them.")
            else:
                st.edge = None
                ctx.emit("edge", f"{ctx.seat_name(f.seat)} burns the Edge ({name}).")
                for a in list(st.attached.get(v, ())):
                    if title_card_key(ctx, a) is not None:
                        ctx.burn(a, f"{ctx.name(v)} loses the title")
                ctx.update(v, title="none", title_contested=False)
                ctx.emit("title", f"{ctx.name(v)} loses their title ({name}).", cards=(v,))
                changes[c.controller] = changes.get(c.controller, 0) - spec[1]
        elif k == "selected_burns" and terms:     # Code of Milan Suspended
            s_ = _seat_named(ctx, terms)
            if s_ is not None and not st.seats[s_].ousted:
                changes[s_] = changes.get(s_, 0) - spec[1]
        elif k == "chosen_edge" and terms:
            s_ = _seat_named(ctx, terms)
            if s_ is not None and not st.seats[s_].ousted:
                st.edge = s_
                ctx.emit("edge", f"{ctx.seat_name(s_)} gets the Edge ({name}).")
        elif k == "all_burn_chosen_extra" and terms:
            s_ = _seat_named(ctx, terms)
            for s in st.live_seats():
                changes[s] = changes.get(s, 0) - spec[1] - (spec[2] if s == s_ else 0)
        elif k == "steal_each":
            me = f.seat
            for s in st.live_seats():
                if s == me:
                    continue
                if spec[2] == "more pool":
                    hit = st.seats[s].pool > st.seats[me].pool
                else:
                    cap = int(spec[2].split(">")[1])
                    hit = not any(ctx.is_vampire(st.cards[i]) and _cap(ctx, i) > cap
                                  for i in _controls(ctx, s))
                if hit:
                    changes[s] = changes.get(s, 0) - spec[1]
                    changes[me] = changes.get(me, 0) + spec[1]
        elif k == "vampires_blood":
            for s in st.live_seats():
                for v in _controls(ctx, s):
                    c = st.cards[v]
                    if not ctx.is_vampire(c) or c.region not in ("ready", "torpor"):
                        continue
                    if spec[2] and _cap(ctx, v) >= int(spec[2].split("<")[1]):
                        continue
                    if c.counters:
                        ctx.update(v, counters=max(0, c.counters + spec[1]))
            ctx.emit("blood", f"{name}: each vampire it names burns {-spec[1]} blood.")
        elif k == "honor_elders":
            for s in st.live_seats():
                for v in st.region(s, "ready"):
                    c = st.cards[v]
                    if ctx.is_vampire(c) and not c.contested and _cap(ctx, v) >= spec[1]:
                        ctx.set_blood(v, c.counters + 1)
                for v in st.region(s, "uncontrolled"):
                    c = st.cards[v]
                    if ctx.is_vampire(c) and _cap(ctx, v) >= spec[1]:
                        ctx.update(v, counters=c.counters + 1)
            ctx.emit("blood", f"{name}: each vampire of capacity {spec[1]} or more, ready or uncontrolled, gains 1 blood.")
        elif k == "diversity":
            for s in st.live_seats():
                clans = {x.lower() for v in st.region(s, "ready") if ctx.is_vampire(st.cards[v])
                         and not st.cards[v].contested for x in ctx.cdef(v).clans}
                changes[s] = changes.get(s, 0) + len(clans)
        elif k == "all_gain":
            for s in st.live_seats():
                changes[s] = changes.get(s, 0) + spec[1]
        elif k == "per_card":
            for s in st.live_seats():
                n = 0
                for iid, c in st.cards.items():
                    if c.controller != s or c.contested or c.region not in ("attached", "in_play"):
                        continue
                    d = ctx.cdef(iid)
                    if ("equipment" in spec[3] and "Equipment" in d.types) or ("retainer" in spec[3] and "Retainer"
                                                                                in d.types) \
                            or ("location" in spec[3] and "location" in ctx.rules(iid).keywords):
                        n += 1
                changes[s] = changes.get(s, 0) + spec[1] * spec[2] * n
        elif k in ("banish", "banish_torpor") and terms and re.search(r"#(\d+)$", terms):
            v = int(re.search(r"#(\d+)$", terms).group(1))
            c = st.cards.get(v)
            region, still, whence = ("ready", "ready", "") if k == "banish" else ("torpor", "in torpor", "from torpor ")
            if c is None or c.region != region:
                ctx.emit("fizzles", f"{ctx.name(v)} is no longer {still}: {name} has no effect on them.")
                continue
            ctx.move(v, "uncontrolled", seat=c.controller, counters=c.counters)
            ctx.emit("banished", f"{ctx.name(v)} is moved {whence}to {poss(ctx.seat_name(c.controller))} uncontrolled "
                                 "region, with the cards and counters on them.", cards=(v,))
        elif k == "title":
            inst = next((x for x in specs if x[0] == "title_instead_named"), None)
            _take_title(ctx, f, spec[1], spec[2], _named_in_play(ctx, inst[1], inst[2]) if inst else None)
        elif k == "title_unlock_discard":
            if f.actor in st.cards and any(_same_clan(spec[1], x) for x in ctx.cdef(f.actor).clans):
                unlock_at_discard(ctx, f.actor, f.seat)
    # pool changes all happen together; gains first, so no one is ousted by an order of payment
    for s in sorted(changes, key=lambda s: -changes[s]):
        if changes[s] and not st.seats[s].ousted:
            ctx.pool(s, changes[s], name)
    return left_by_hand(rules, mode)


def title_card_key(ctx: Ctx, iid: int) -> tuple | None:
    """The unique title a card on a vampire stands for ("city", name), or None."""
    rules = ctx.rules(iid)
    for m in rules.modes:
        for e in m.effects:
            x = read(e, rules.types)
            if x is not None and x[0] in ("title", "title_self"):
                return ("city", x[2].split(".")[0].strip())
    return None


def _give_title(ctx: Ctx, card: int, v: int, title: str, name: str) -> None:
    """The card goes on vampire *v*, who holds *title* instead of any other title."""
    st = ctx.st
    for a in list(st.attached.get(v, ())):
        if title_card_key(ctx, a) is not None:
            ctx.burn(a, f"{ctx.name(v)} takes another title")
    ctx.move(card, "attached", host=v)
    ctx.update(v, title=title, title_contested=False)
    ctx.emit("title", f"{ctx.name(v)} becomes {title} ({name}).", cards=(v, card))
    from vtes_desktop.engine.rules_turn import check_title_contest

    check_title_contest(ctx, v)


def _named_in_play(ctx: Ctx, name: str, sect: str) -> int | None:
    """A vampire in play called *name* (any version) of *sect* (Crusade: Aragon: Lucita), or None."""
    st = ctx.st
    for seat in range(len(st.seats)):
        for region in ("ready", "torpor"):
            for i in st.region(seat, region):
                c = st.cards[i]
                if not c.contested and ctx.cdef(i).name.lower() == name and (ctx.sect(c) or "").lower() == sect:
                    return i
    return None


def _take_title(ctx: Ctx, f: ReferendumFrame, title: str, city: str, instead: int | None = None) -> None:
    """The card goes on the acting vampire (or *instead* on another), who holds its title and loses any other (a
    vampire has one title)."""
    st = ctx.st
    v = f.actor if instead is None else instead
    c = st.cards.get(v) if v is not None else None
    if c is None or c.region not in ("ready", "torpor") or not ctx.is_vampire(c):
        ctx.emit("fizzles", f"{ctx.name(v)} is no longer in play to take the title of {ctx.name(f.card)}.")
        return
    for a in list(st.attached.get(v, ())):
        if title_card_key(ctx, a) is not None:
            ctx.burn(a, f"{ctx.name(v)} takes another title")
    ctx.move(f.card, "attached", host=v)
    ctx.update(v, title=title, title_contested=False)
    ctx.emit("title", f"{ctx.name(v)} becomes {title} of {city.title()} ({ctx.name(f.card)}).", cards=(v, f.card))
    from vtes_desktop.engine.rules_turn import check_title_contest

    check_title_contest(ctx, v)


_UNLOCK_MARK = "unlocks at discard phase"


def unlock_at_discard(ctx: Ctx, vampire: int, seat: int) -> None:
    """The vampire unlocks as *seat*'s next discard phase begins (kept in the state's marks)."""
    ctx.st.marks = ctx.st.marks | {(("seat", seat), _UNLOCK_MARK, vampire)}
    ctx.emit("pending", f"{ctx.name(vampire)} will unlock as {poss(ctx.seat_name(seat))} next discard phase begins.",
             cards=(vampire,))


def start_of_discard_phase(ctx: Ctx) -> None:
    """The unlocks that waited for the active Methuselah's discard phase."""
    st = ctx.st
    due = [m for m in st.marks if len(m) == 3 and m[1] == _UNLOCK_MARK and m[0] == ("seat", st.active)]
    if not due:
        return
    st.marks = st.marks - set(due)
    for _, _, v in due:
        c = st.cards.get(v)
        if c is not None and c.region == "ready" and c.locked:
            ctx.update(v, locked=False)
            ctx.emit("unlocked", f"{ctx.name(v)} unlocks.", cards=(v,))


# -- an ally's own printed actions ------------------------------------------------------------------------------

def _ally_actions(ctx: Ctx, ally: int) -> list[tuple]:
    rules = ctx.rules(ally)
    c = ctx.st.cards[ally]
    mode = rules.mode(c.level) or (rules.modes[0] if rules.modes else None)
    return [x for x in readings(rules, mode) if x[0] == "ally_action"] if mode is not None else []


def _own_target_refusal(ctx: Ctx, seat: int, actor: int, t: int, spec: tuple) -> str | None:
    st = ctx.st
    _, verb, _, directed, flt, _, _ = spec
    c = st.cards[t]
    d = ctx.cdef(t)
    vamp = "Vampire" in d.types
    if c.contested:
        return f"{d.display} is contested and out of play"
    if directed and c.controller == seat:
        return f"{d.display} is yours: a directed action targets another Methuselah's minion or card"
    if verb == "combat":
        if c.region != "ready" or not ctx.is_minion(c):
            return f"{d.display} is not a ready minion"
        return None if flt != "vampire" or vamp else f"{d.display} is not a vampire"
    if flt == "own ready vampire":
        return None if vamp and c.region == "ready" and c.controller == seat else \
            f"{d.display} is not a ready vampire you control"
    if flt == "ready vampire":
        return None if vamp and c.region == "ready" else f"{d.display} is not a ready vampire"
    if flt == "torpor vampire":
        return None if vamp and c.region == "torpor" else f"{d.display} is not a vampire in torpor"
    if flt == "vampire":
        return None if vamp and c.region in ("ready", "torpor") else f"{d.display} is not a vampire in play"
    if flt == "location":
        return None if c.region == "in_play" and "location" in ctx.rules(t).keywords else f"{d.display} is not a location"
    if flt == "ready non-camarilla vampire capacity>=8":
        if not vamp or c.region != "ready":
            return f"{d.display} is not a ready vampire"
        if (ctx.sect(c) or "").lower() == "camarilla":
            return f"{d.display} is Camarilla"
        return None if _cap(ctx, t) >= 8 else f"{d.display} has capacity {_cap(ctx, t)}, less than 8"
    if flt == "equipment of predator or prey":
        if "Equipment" not in d.types or c.region != "attached":
            return f"{d.display} is not an equipment on a minion"
        return None if c.controller in (st.prey(seat), st.predator(seat)) else \
            f"{d.display} is not controlled by your predator or prey"
    return f"{d.display} does not fit"


def _burnable(ctx: Ctx, iid: int) -> tuple | None:
    rules = ctx.rules(iid)
    if "Action" not in rules.types:
        return None
    c = ctx.st.cards[iid]
    modes = [rules.mode(c.level)] if rules.mode(c.level) is not None else list(rules.modes)
    return next((x for m in modes for x in readings(rules, m) if x[0] == "burnable"), None)


def _announce_burn(ctx: Ctx, cmd, m: int, src: int, spec: tuple) -> tuple[dict, tuple[int, ...]]:
    """ "Minions can burn this card as a (D) action": directed at the card's controller."""
    st = ctx.st
    c = st.cards[src]
    _, who, stealth, cost, unit = spec
    name = ctx.name(src)
    if c.region not in ("in_play", "attached") or c.contested:
        raise Illegal("card", f"{name} is not in play")
    if c.controller == cmd.seat:
        raise Illegal("target", f"{name} is yours: burning it is an action directed at another Methuselah")
    if who == "vampire" and not ctx.is_vampire(st.cards[m]):
        raise Illegal("requirements", f"only a vampire can burn {name}; {ctx.name(m)} is not one")
    if cost and unit == "pool" and st.seats[cmd.seat].pool < cost:
        raise Illegal("cost", f"{ctx.seat_name(cmd.seat)} has {st.seats[cmd.seat].pool} pool; this action costs {cost}")
    if cost and unit == "blood" and st.cards[m].counters < cost:
        raise Illegal("cost", f"{ctx.name(m)} has {st.cards[m].counters} blood; this action costs {cost}")
    ctx.emit("action_goal", f"{ctx.name(m)} acts to burn {name}.", cards=(m, src))
    upd = dict(from_card=src, effect="own:burn_card", directed=True, target_seat=c.controller, base_stealth=stealth,
               target_card=src)
    upd["cost_pool" if unit == "pool" else "cost_blood"] = cost
    return upd, (c.controller,)


_POWER_ACTS = ("power_blood_or_life", "power_damage_small", "power_inspire")


def _power_action_modes(rules: CardRules) -> list[Mode]:
    return [md for md in rules.modes if tuple(md.types) == ("Action",)
            and any(x[0] in _POWER_ACTS for x in readings(rules, md))]


def _announce_power(ctx: Ctx, cmd, m: int, src: int) -> tuple[dict, tuple[int, ...]]:
    """A power's action, taken by its imbued with `from` naming the power: the power locks and the conviction on
    its line is paid as the action is announced (Imbued rules, Power); `level` is 1 or 2 when the power has two
    [ACTION] lines (Respire). The target is the vampire or ally the line names."""
    st = ctx.st
    rules = ctx.rules(src)
    name = ctx.name(src)
    modes = _power_action_modes(rules)
    if not modes:
        raise Illegal("card", f"{name} has no action the engine carries out: use manual moves")
    if len(modes) > 1:
        if cmd.level not in ("1", "2"):
            raise Malformed("level", f"{name} has two action lines: give level 1 or 2")
        mode = modes[int(cmd.level) - 1]
    else:
        mode = modes[0]
    if st.cards[src].locked:
        raise Illegal("locked", f"{name} is locked: a power is locked to use its effect")
    if cmd.target is None:
        raise Malformed("target", f"{name}: name the vampire or ally")
    t = flow.ref(ctx, cmd.seat, cmd.target)
    c = st.cards[t]
    specs = readings(rules, mode)
    dmg = next((x for x in specs if x[0] == "power_damage_small"), None)
    vamp = ctx.is_vampire(c)
    if dmg is not None:
        if not (vamp and c.region == "ready" and _cap(ctx, t) < dmg[2]) or c.controller == cmd.seat:
            raise Illegal("target", f"{name}: {ctx.name(t)} is not a ready vampire of another Methuselah with "
                                    f"capacity less than {dmg[2]}")
    elif any(x[0] == "power_inspire" for x in specs):
        imb = "Imbued" in ctx.cdef(t).types
        if not imb or not ((c.region == "uncontrolled" and c.controller == cmd.seat) or c.region == "ready"):
            raise Illegal("target", f"{name}: {ctx.name(t)} is not an imbued in your uncontrolled region or in play")
    elif not ((vamp and c.region in ("ready", "torpor")) or ("Ally" in ctx.cdef(t).types and c.region == "ready"
                                                             and t != m)):
        raise Illegal("target", f"{name}: {ctx.name(t)} is not a vampire or another ally in play")
    line = ctx.cdef(src).text.split("\n")
    acts = [x for x in line if x.startswith("[ACTION]")]
    i = modes.index(mode)
    conv = re.match(r"\[ACTION\] \[(\d) CONVICTION\]", acts[i]) if i < len(acts) else None
    from vtes_desktop.engine.rules_action import _pay

    from vtes_desktop.engine.rules_action import convictions
    from vtes_desktop.engine.state import Mod

    held = convictions(ctx, m)
    _pay(ctx, cmd.seat, m, 0, 0, name, conviction=int(conv.group(1)) if conv else 0)
    paid = [x for x in held if st.cards[x].region == "ash_heap"]
    ctx.update(src, locked=True)
    ctx.emit("action_goal", f"{ctx.name(m)} locks {name} to act.", cards=(m, src))
    stealth = mode.action_stealth
    upd = dict(from_card=src, effect="own:power", target_card=t, base_stealth=stealth, card_level=str(i + 1))
    if paid:   # Inspire: the conviction paid, which may come back from the ash heap
        upd["mods"] = tuple(Mod("paid_conviction", 0, x, src, st.cards[x].cid) for x in paid)
    if dmg is not None:
        upd.update(directed=True, target_seat=c.controller)
        return upd, (c.controller,)
    return upd, ()


def _succeed_power(ctx: Ctx, f: ActionFrame) -> None:
    st = ctx.st
    src = f.from_card
    rules = ctx.rules(src)
    modes = _power_action_modes(rules)
    mode = modes[int(f.card_level or "1") - 1]
    name = ctx.name(src)
    t = f.target_card
    c = st.cards.get(t)
    for x in readings(rules, mode):
        if x[0] == "power_inspire" and c is not None and c.region == "uncontrolled":
            ctx.update(t, counters=c.counters + 1)
            ctx.emit("counter", f"{ctx.name(t)} gets a counter in the uncontrolled region ({name}).", cards=(t,))
            continue
        if c is None or c.region not in ("ready", "torpor"):
            ctx.emit("fizzles", f"{name}: the target is no longer in play.")
            break
        if x[0] == "power_inspire":
            from vtes_desktop.engine.rules_action import MAX_CONVICTION, convictions

            back = next((md.minion for md in f.mods if md.kind == "paid_conviction"
                         and st.cards[md.minion].region == "ash_heap"), None)
            if back is None or len(convictions(ctx, t)) >= MAX_CONVICTION:
                ctx.emit("fizzles", f"{name}: the conviction paid cannot move to {ctx.name(t)}.")
                continue
            ctx.move(back, "attached", host=t)
            ctx.emit("conviction", f"{ctx.name(back)} moves from the ash heap to {ctx.name(t)} ({name}).",
                     cards=(t,))
        elif x[0] == "power_blood_or_life":
            before = c.counters
            if ctx.is_vampire(c):
                c = ctx.set_blood(t, c.counters + x[1])
            else:
                c = ctx.update(t, counters=max(c.counters, min(_start_life(ctx, t), c.counters + x[1])))
            ctx.emit("blood", f"{ctx.name(t)} gains {c.counters - before} {'blood' if ctx.is_vampire(c) else 'life'} "
                              f"({name}).", cards=(t,))
        elif x[0] == "power_damage_small":
            from vtes_desktop.engine.rules_combat import inflict

            ctx.emit("damage", f"{ctx.name(t)} takes {x[1]} damage ({name}).", cards=(t,))
            inflict(ctx, t, x[1], 0)
        elif x[0] == "power_conviction_back":
            _conviction_back(ctx, f, name)


def _conviction_back(ctx: Ctx, f: ActionFrame, name: str) -> None:
    """Respire: a conviction from the ash heap (or else from hand) moves to the acting imbued, unless it already
    has the most it may hold."""
    from vtes_desktop.engine.rules_action import MAX_CONVICTION, convictions

    st = ctx.st
    a = st.cards.get(f.actor)
    if a is None or a.region != "ready" or len(convictions(ctx, f.actor)) >= MAX_CONVICTION:
        return
    for region in ("ash_heap", "hand"):
        got = next((i for i in st.region(f.seat, region) if "Conviction" in ctx.cdef(i).types), None)
        if got is not None:
            ctx.move(got, "attached", host=f.actor)
            ctx.emit("conviction", f"{ctx.name(f.actor)} gains a conviction from the {region.replace('_', ' ')} "
                                   f"({name}).", cards=(f.actor,))
            if region == "hand":
                from vtes_desktop.engine.rules_action import played_from_hand

                played_from_hand(ctx, f.seat, got, ctx.rules(got), to="none")
            return


def _power_unlock_heal(ctx: Ctx, seat: int) -> None:
    """Rejuvenate: as its controller's unlock phase begins, its imbued below its starting life gains 1 life."""
    st = ctx.st
    for m in st.region(seat, "ready"):
        if "Imbued" not in ctx.cdef(m).types:
            continue
        for a in st.attached.get(m, ()):
            if "Power" not in ctx.cdef(a).types:
                continue
            rules = ctx.rules(a)
            n = next((x[1] for md in rules.modes for x in readings(rules, md) if x[0] == "power_unlock_heal"), 0)
            c = st.cards[m]
            if n and c.counters < _start_life(ctx, m):
                ctx.update(m, counters=min(_start_life(ctx, m), c.counters + n))
                ctx.emit("life", f"{ctx.name(m)} gains {n} life ({ctx.name(a)}).", cards=(m,))


def announce_own(ctx: Ctx, cmd, m: int) -> tuple[dict, tuple[int, ...]] | None:
    """An ally's own printed action ("This ally can add 1 blood to a ready vampire as a +1 stealth action"),
    announced with `from` naming the acting ally, or the action to burn an action card in play that says any
    minion can; None when `from` names another card."""
    st = ctx.st
    try:
        src = flow.ref(ctx, cmd.seat, cmd.from_)
    except (Malformed, Illegal):
        return None
    if src != m and "Power" in ctx.cdef(src).types and st.cards[src].host != m:   # the acting imbued's own copy
        src = next((a for a in st.attached.get(m, ()) if st.cards[a].cid == st.cards[src].cid), src)
    if src != m and st.cards[src].host == m and "Power" in ctx.cdef(src).types:
        return _announce_power(ctx, cmd, m, src)   # a power's [ACTION] line (Rejuvenate, Respire)
    if src != m:
        grant = _combat_grant(ctx, cmd, m, src)
        if grant is not None:
            return grant
        spec = _burnable(ctx, src)
        if spec is not None:   # "Non-Camarilla vampires get -1 stealth when attempting that action"
            upd, at = _announce_burn(ctx, cmd, m, src, spec)
            for x in _card_specs_any(ctx, src):
                if x[0] == "burn_stealth_penalty":
                    cam = (ctx.sect(st.cards[m]) or "").lower() == "camarilla"
                    if cam == (x[1] == "camarilla"):
                        upd["base_stealth"] = upd.get("base_stealth", 0) + x[2]
            return upd, at
        if spec is None:
            cap = next((x[1] for x in _card_specs(ctx, src) if x[0] == "shufflable"), None)
            if cap is None:
                return None
            if not ctx.is_vampire(st.cards[m]) or _cap(ctx, m) < cap:
                raise Illegal("requirements", f"only a vampire with capacity {cap} or more can shuffle {ctx.name(src)} "
                                              f"into its owner's library; {ctx.name(m)} is not one")
            upd, at = _announce_burn(ctx, cmd, m, src, ("burnable", "vampire", 0, 0, "pool"))
            upd["effect"] = "own:shuffle_card"
            return upd, at
        return _announce_burn(ctx, cmd, m, src, spec)
    if "Ally" not in ctx.cdef(m).types:
        return None
    specs = _ally_actions(ctx, m)
    if not specs:
        raise Illegal("card", f"{ctx.name(m)} has no action of its own that the engine carries out: use manual moves")
    spec = specs[0]
    _, verb, stealth, directed, flt, n, pool = spec
    if cmd.target is None:
        raise Illegal("target", f"{ctx.name(m)}: name the target of its action")
    t = flow.ref(ctx, cmd.seat, cmd.target)
    why = _own_target_refusal(ctx, cmd.seat, m, t, spec)
    if why:
        raise Illegal("target", f"{ctx.name(m)}: {why}")
    if pool and st.seats[cmd.seat].pool < pool:
        raise Illegal("cost", f"{ctx.seat_name(cmd.seat)} has {st.seats[cmd.seat].pool} pool; this action costs {pool}")
    ctx.emit("action_goal", f"{ctx.name(m)} acts on {ctx.name(t)} with its own ability.", cards=(m, t))
    upd = dict(from_card=m, effect=f"own:{verb}", target_card=t, base_stealth=stealth, cost_pool=pool)
    if directed:
        upd.update(directed=True, target_seat=st.cards[t].controller)
        return upd, (st.cards[t].controller,)
    return upd, ()


def succeed_own(ctx: Ctx, f: ActionFrame) -> bool:
    """The successful action of an ally's own text; False when *f* is not one (or it started a combat)."""
    if not (f.effect or "").startswith("own:"):
        return False
    st = ctx.st
    if f.effect == "own:power":
        _succeed_power(ctx, f)
        return True
    if f.effect == "own:card_combat":   # "Any vampire may enter combat with ... as a (D) action"
        t = f.target_card
        if t in st.cards and st.cards[t].region == "ready" and st.cards[f.actor].region == "ready":
            from vtes_desktop.engine import rules_combat

            rules_combat.start(ctx, f.actor, t)
        else:
            ctx.emit("fizzles", f"{ctx.name(t)} is no longer ready: there is no combat.")
        return True
    if f.effect == "own:burn_referendum":   # a Fee Stake: the referendum to burn it
        start_burn_referendum(ctx, f)
        return True
    if f.effect == "own:shuffle_card":   # Aranthebes: shuffled into its owner's library
        c = st.cards.get(f.from_card)
        if c is None or c.region not in ("in_play", "attached"):
            ctx.emit("fizzles", f"{ctx.name(f.from_card)} is no longer in play.")
        else:
            ctx.move(f.from_card, "library", seat=c.owner, counters=0, locked=False)
            ctx.shuffle(c.owner, "library")
            ctx.emit("moved", f"{ctx.name(f.from_card)} is shuffled into {poss(ctx.seat_name(c.owner))} library "
                              f"({poss(ctx.name(f.actor))} action).", cards=(f.from_card,))
        return True
    if f.effect == "own:burn_card":
        c = st.cards.get(f.from_card)
        if c is None or c.region not in ("in_play", "attached"):
            ctx.emit("fizzles", f"{ctx.name(f.from_card)} is no longer in play.")
        else:
            ctx.burn(f.from_card, f"{poss(ctx.name(f.actor))} action")
        return True
    specs = _ally_actions(ctx, f.actor)
    if not specs:
        return True
    spec = specs[0]
    _, verb, _, _, _, n, _ = spec
    t = f.target_card
    why = _own_target_refusal(ctx, f.seat, f.actor, t, spec) if t in st.cards else "it is gone"
    if why:
        ctx.emit("fizzles", f"{ctx.name(t)}: the action has no effect ({why}).")
        return True
    c = st.cards[t]
    if verb == "blood":
        before = c.counters
        c = ctx.set_blood(t, c.counters + n)
        ctx.emit("blood", f"{ctx.name(t)} gets {c.counters - before} blood from the bank ({ctx.name(f.actor)}).",
                 cards=(t,))
    elif verb == "steal_blood":
        took = min(n, c.counters)
        ctx.update(t, counters=c.counters - took)
        if took and st.cards[f.actor].region == "ready":
            ctx.update(f.actor, counters=st.cards[f.actor].counters + took)
        ctx.emit("blood", f"{ctx.name(f.actor)} steals {took} blood from {ctx.name(t)}, becoming life.", cards=(t,))
    elif verb == "burn_blood":
        ctx.update(t, counters=max(0, c.counters - n))
        ctx.emit("blood", f"{ctx.name(t)} burns {min(n, c.counters)} blood ({ctx.name(f.actor)}).", cards=(t,))
    elif verb in ("burn", "burn_gain_life"):
        ctx.burn(t, f"{poss(ctx.name(f.actor))} action")
        if verb == "burn_gain_life" and st.cards[f.actor].region == "ready":
            ctx.update(f.actor, counters=st.cards[f.actor].counters + n)
            ctx.emit("life", f"{ctx.name(f.actor)} gains {n} life.", cards=(f.actor,))
    elif verb == "unlock":
        ctx.update(t, locked=False)
        ctx.emit("unlocked", f"{ctx.name(t)} unlocks ({ctx.name(f.actor)}).", cards=(t,))
    elif verb == "combat":
        from vtes_desktop.engine import rules_combat

        rules_combat.start(ctx, f.actor, t)
    return True


def ally_block_refusal(ctx: Ctx, f: ActionFrame, m: int) -> str | None:
    """An ally whose own text says it cannot block vampires ("This ally cannot block vampires"); an action card's
    own "Titled vampires cannot block this action"."""
    why = _card_block_refusal(ctx, f, m)
    if why:
        return why
    d = ctx.cdef(m)
    if "Ally" not in d.types or not ctx.is_vampire(ctx.st.cards[f.actor]):
        return None
    rules = ctx.rules(m)
    for mode in rules.modes:
        if ("ally_no_block", "vampire") in readings(rules, mode):
            return f"{d.display} cannot block vampires"
    return None


# -- choices each Methuselah makes once a referendum has passed (Reins of Power, Ancient Influence) -----------

_CHOICE = "chooses a vampire"


def _open_choices(ctx: Ctx, f: ReferendumFrame, rules: CardRules) -> None:
    """Each Methuselah now names a ready vampire they control (or none), with a `terms` step of their own."""
    from vtes_desktop.engine.state import Impulse, ManualFrame

    st = ctx.st
    top = st.top
    imp = top.imp if top is not None and hasattr(top, "imp") else Impulse((f.seat,))
    flow.push(ctx, ManualFrame(imp=imp._replace(at=0, passes=0),
                               what=f"each Methuselah's choice of a ready vampire for {rules.name}", card=f.card))
    ctx.emit("choose", f"{rules.name}: each Methuselah names a ready vampire they control, or none (terms).")


def choice_frame(ctx: Ctx):
    """The frame waiting for each Methuselah's choice, or None."""
    from vtes_desktop.engine.state import ManualFrame

    f = ctx.st.top
    if isinstance(f, ManualFrame) and f.card is not None and (f.what.startswith(_PAYS_OR_BURNS)
                                                              or f.what.startswith(LOCKS_OWN)
                                                              or f.what.startswith(SALUBRI_BLOOD)):
        return f
    if isinstance(f, ManualFrame) and f.card is not None and f.what.startswith("each Methuselah's choice"):
        rules = ctx.rules(f.card)
        if any(("each_choose_vampire",) == x or x[0] in ("burn_all_keep", "accept_pass", "each_burns_uncontrolled")
               for m in rules.modes for x in readings(rules, m)):
            return f
    return None


def choose_for_referendum(ctx: Ctx, f, seat: int, choice: str) -> None:
    """One Methuselah's choice; once every Methuselah in the game has chosen, the pool moves."""
    st = ctx.st
    rules = ctx.rules(f.card)
    if f.what.startswith(_PAYS_OR_BURNS):
        return _pays_or_burns_choice(ctx, f, rules, seat, choice)
    if f.what.startswith(LOCKS_OWN):
        return _locks_own_choice(ctx, f, rules, seat, choice)
    if f.what.startswith(SALUBRI_BLOOD):
        return _salubri_blood_choice(ctx, f, rules, seat, choice)
    keep = next((x for m in rules.modes for x in readings(rules, m) if x[0] == "burn_all_keep"), None)
    if keep is not None:
        return _keep_choice(ctx, f, rules, keep[1], seat, choice)
    acc = next((x for m in rules.modes for x in readings(rules, m) if x[0] == "accept_pass"), None)
    if acc is not None:
        return _accept_choice(ctx, f, rules, acc[1], seat, choice)
    if any(x[0] == "each_burns_uncontrolled" for m in rules.modes for x in readings(rules, m)):
        return _uncontrolled_burn_choice(ctx, f, rules, seat, choice)
    chosen = {m[1]: m[2] for m in st.marks if len(m) == 3 and m[0] == (_CHOICE, f.card)}
    if seat in chosen:
        raise Illegal("terms", f"{ctx.seat_name(seat)} has already chosen for {rules.name}")
    v = None
    if choice.strip().lower() != "none":
        try:
            v = flow.ref(ctx, seat, choice)
        except (Malformed, Illegal):
            raise Illegal("terms", f"{rules.name}: name a ready vampire you control, or none") from None
        c = st.cards[v]
        if c.controller != seat or c.region != "ready" or not ctx.is_vampire(c) or c.contested:
            raise Illegal("terms", f"{rules.name}: {ctx.name(v)} is not a ready vampire {ctx.seat_name(seat)} controls")
    st.marks = st.marks | {((_CHOICE, f.card), seat, v)}
    ctx.emit("terms", f"{ctx.seat_name(seat)} chooses {ctx.name(v) if v is not None else 'no vampire'} for {rules.name}.")
    chosen[seat] = v
    if any(s not in chosen for s in st.live_seats()):
        return
    spec = next(x for m in rules.modes for x in readings(rules, m) if x[0] == "chosen_capacity")
    cap = {s: (_cap(ctx, v_) if v_ is not None and v_ in st.cards and st.cards[v_].region == "ready" else 0)
           for s, v_ in chosen.items()}
    changes = {}
    for s in st.live_seats():
        if spec[1] == "reins":
            changes[s] = spec[2] - cap.get(st.predator(s), 0)
        else:
            changes[s] = cap.get(s, 0) - spec[2]
    st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == (_CHOICE, f.card)))
    flow.pop(ctx)
    for s in sorted(changes, key=lambda s: -changes[s]):
        if changes[s] and not st.seats[s].ousted:
            ctx.pool(s, changes[s], rules.name)


def combatants(ctx: Ctx, f: ActionFrame) -> tuple[int, int]:
    """(acting, opposing) minions of the combat an action card starts; Deep Song locks its target, and the
    target counts as the acting minion in that combat."""
    rules, mode = mode_of(ctx, f.card, f.card_level)
    specs = readings(rules, mode) if mode is not None else []
    t = f.target_card
    if ("combat_lock_vampire",) in specs and t in ctx.st.cards and ctx.st.cards[t].region == "ready":
        ctx.update(t, locked=True)
        ctx.emit("locked", f"{ctx.name(t)} is locked ({ctx.name(f.card)}).", cards=(t,))
    if ("target_acts_in_combat",) in specs:
        return t, f.actor
    return f.actor, t


def _ally_specs(ctx: Ctx, iid: int) -> list[tuple]:
    rules = ctx.rules(iid)
    if "Ally" not in rules.types:
        return []
    c = ctx.st.cards[iid]
    mode = rules.mode(c.level) or (rules.modes[0] if rules.modes else None)
    return readings(rules, mode) if mode is not None else []


def _card_specs(ctx: Ctx, iid: int) -> list[tuple]:
    rules = ctx.rules(iid)
    return [x for m in rules.modes for x in readings(rules, m)] if "Action" in rules.types else []


def anyone_uses(ctx: Ctx, cmd, iid: int) -> bool:
    """A use of an action card in play that any Methuselah may make ("Methuselahs can burn a non-Camarilla
    vampire they control during their master phase to burn this card"); False if none."""
    st = ctx.st
    c = st.cards[iid]
    if c.region == "in_play" and not c.contested and "burn_own_to_burn" in _keys(ctx, iid):
        return _burn_own_to_burn(ctx, cmd, iid)
    if c.region == "in_play" and "accept_enter" in _keys(ctx, iid):
        return _accept_use(ctx, cmd, iid)
    if c.region == "in_play" and _burn_by_edge(ctx, cmd, iid):   # Hand Intervention
        return True
    if c.region != "in_play" or c.contested or ("burn_noncam_to_burn",) not in _card_specs(ctx, iid):
        return False
    name = ctx.name(iid)
    if st.active != cmd.seat or st.phase != "master" or st.frames:
        raise Illegal("use", f"{name} is burned this way in your own master phase")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the non-Camarilla vampire you burn")
    v = flow.ref(ctx, cmd.seat, cmd.minion, what="vampire")
    vc = st.cards[v]
    if vc.controller != cmd.seat or not ctx.is_vampire(vc) or vc.region not in ("ready", "torpor") or vc.contested:
        raise Illegal("use", f"{name}: {ctx.name(v)} is not a vampire you control")
    if (ctx.sect(vc) or "").lower() == "camarilla":
        raise Illegal("use", f"{name}: {ctx.name(v)} is Camarilla")
    ctx.burn(v, f"to burn {name}")
    ctx.burn(iid, f"{ctx.seat_name(cmd.seat)} burned a non-Camarilla vampire")
    return True


def use(ctx: Ctx, cmd, iid: int) -> bool:
    """An ally's own use ("This ally can lock to add 1 life to an ally you control ..."), or a card in play's
    use (`anyone_uses`); False if none."""
    st = ctx.st
    if anyone_uses(ctx, cmd, iid):
        return True
    if _lock_predator_stealth(ctx, cmd, iid) or _lock_card_unlock_host(ctx, cmd, iid) or _burn_attached(ctx, cmd, iid) \
            or _burn_conviction(ctx, cmd, iid) or _power_use(ctx, cmd, iid) or _attached_action_use(ctx, cmd, iid):
        return True
    spec = next((x for x in _ally_specs(ctx, iid) if x[0] == "ally_lock_heal"), None)
    if spec is None:
        return False
    c = st.cards[iid]
    name = ctx.name(iid)
    if c.region != "ready" or c.locked or c.contested:
        raise Illegal("use", f"{name} must be ready and unlocked to lock")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the ally that gets the life")
    t = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    tc = st.cards[t]
    start = ctx.rules(t).life or 1
    if "Ally" not in ctx.cdef(t).types or tc.controller != cmd.seat or tc.region != "ready":
        raise Illegal("use", f"{name}: {ctx.name(t)} is not an ally you control")
    if tc.counters >= start:
        raise Illegal("use", f"{name}: {ctx.name(t)} has {tc.counters} life, not fewer than its starting {start}")
    ctx.update(iid, locked=True)
    ctx.update(t, counters=tc.counters + spec[1])
    ctx.emit("life", f"{name} locks: {ctx.name(t)} gains {spec[1]} life.", cards=(iid, t))
    return True


def start_of_unlock_phase(ctx: Ctx) -> None:
    """Action cards in play that act as their controller's unlock phase begins ("your prey burns 1 pool"),
    once each turn for all copies of a card that says so; allies that burn life then."""
    st = ctx.st
    seat = st.active
    if st.marks:   # Gear Up's strength lasts until its controller's unlock phase
        gone = {m for m in st.marks if len(m) == 5 and m[1] == MINION_BONUS and m[2] == "strength"
                and m[0][1] in st.cards and st.cards[m[0][1]].controller == seat}
        if gone:
            st.marks = st.marks - gone
    burn_at_unlock(ctx)
    augury(ctx, seat)
    _power_unlock_heal(ctx, seat)   # Rejuvenate
    for iid in list(st.region(seat, "ready")):
        spec = next((x for x in _ally_specs(ctx, iid) if x[0] == "ally_upkeep_life"), None)
        c = st.cards[iid]
        if spec is None or c.contested:
            continue
        left = c.counters - spec[1]
        if left <= 0:
            ctx.update(iid, counters=0)
            ctx.burn(iid, "no life left")
        else:
            ctx.update(iid, counters=left)
            ctx.emit("life", f"{ctx.name(iid)} burns {spec[1]} life.", cards=(iid,))
    for s in st.live_seats():   # cards in play that tax whoever begins their unlock phase
        for iid in st.region(s, "in_play"):
            if st.cards[iid].contested or "Action" not in ctx.cdef(iid).types:
                continue
            spec = next((x for x in _card_specs(ctx, iid) if x[0] == "each_unlock_noncam_burn"), None)
            if spec is not None and any(ctx.is_vampire(st.cards[v]) and (ctx.sect(st.cards[v]) or "").lower() != "camarilla"
                                        and st.cards[v].region in ("ready", "torpor") for v in _controls(ctx, seat)):
                ctx.pool(seat, -spec[1], ctx.name(iid))
    done: set[int] = set()
    for iid in st.region(seat, "in_play"):
        c = st.cards[iid]
        if c.contested or "Action" not in ctx.cdef(iid).types:
            continue
        rules = ctx.rules(iid)
        specs = [x for m in rules.modes for x in readings(rules, m)]
        burn = next((x for x in specs if x[0] == "unlock_prey_burns"), None)
        if burn is None:
            continue
        if ("once_each_turn_by_name",) in specs:
            if c.cid in done:
                continue
            done.add(c.cid)
        prey = st.prey(seat)
        if prey != seat:
            ctx.pool(prey, -burn[1], ctx.name(iid))


def ally_stealth(ctx: Ctx, f: ActionFrame) -> int:
    """An acting ally's printed stealth ("This ally has +1 stealth"); Psychic Veil's stealth this turn."""
    if f.actor not in ctx.st.cards:
        return 0
    if "Ally" not in ctx.cdef(f.actor).types:
        if f.actor in ctx.st.attached:      # Repulsion [OBE] on the acting vampire
            from vtes_desktop.engine.effects_action import attached_stealth

            return turn_stealth(ctx, f) + attached_stealth(ctx, f)
        return turn_stealth(ctx, f)
    return sum(x[1] for x in _ally_specs(ctx, f.actor) if x[0] == "ally_stealth") + turn_stealth(ctx, f)


# -- second pass: one target and what happens to it; one-clause effects ----------------------------------------

#: readings of this section (`auto_politics._read_targeted`)
TARGETED = frozenset({"on_target", "target_more", "target_who", "lock_all", "prey_vampires_burn", "bleed_cap",
                      "combat_grant_continue", "gain_blood_if_has", "crypt_top_to_uncontrolled", "ash_to_hand",
                      "turn_stealth"})
_WHO_WORDS = {"ready titled vampire": "a ready titled vampire", "unlocked vampire": "an unlocked vampire",
              "ready vampire": "a ready vampire", "vampire, ally or retainer": "a vampire, an ally or a retainer",
              "ready minion": "a ready minion", "ready ally": "a ready ally",
              "younger vampire blood<=1": "a younger ready vampire with 0 or 1 blood",
              "vampire blood<=1": "a ready vampire with 0 or 1 blood", "ally or retainer": "an ally or a retainer",
              "location of predator or prey": "a location of your predator or prey",
              "torpor vampire": "a vampire in torpor", "wounded ally": "an ally with fewer life than its starting life",
              "minion of prey": "a minion controlled by your prey", "equipment on ally": "an equipment on an ally",
              "equipment on younger vampire": "an equipment on a younger vampire",
              "vampire or ally of predator or prey": "a vampire or an ally of your predator or prey",
              "other ready laibon or younger uncontrolled laibon":
                  "another ready Laibon, or a younger Laibon in your uncontrolled region",
              "mortal or ghoul ally or retainer": "a mortal or ghoul ally or retainer",
              "non-wraith ally or retainer or small vampire": "a non-wraith ally or retainer, or a vampire with "
                                                              "capacity 2 or less",
              "cheap location": "a location that is free or costs 1 blood or pool",
              "ready titled non-anarch vampire": "a ready titled non-Anarch vampire",
              "prey uncontrolled vampire": "a crypt card in your prey's uncontrolled region",
              "other's card on own vampire": "a card another Methuselah played on a vampire you control",
              "incapacitated imbued": "an incapacitated imbued", "ready younger vampire": "a ready younger vampire",
              "vampire not archbishop priscus cardinal regent": "a vampire who is not an archbishop, priscus, cardinal "
                                                                "or regent",
              "vampire not prince justicar inner circle": "a vampire who is not a prince, a justicar or an Inner "
                                                          "Circle member",
              "untitled camarilla vampire cap>5": "an untitled Camarilla vampire with capacity above 5 (not Caitiff)",
              "own vampire": "a vampire you control",
              "torpor vampire or ally or retainer": "a vampire in torpor, or an ally or retainer",
              "other vampire in play": "another vampire in play",
              "recent diablerist": "a vampire who has committed diablerie since your last turn",
              "recent diablerist of own clan": "a vampire who has diablerized a vampire of the acting vampire's clan "
                                               "since your last turn",
              "younger untitled burner of own non-red list": "a younger non-titled vampire who has burned one of your "
                                                             "non-Red List vampires since your last turn",
              "ready younger toreador antitribu": "a ready younger Toreador antitribu",
              "younger vampire or its retainer or equipment": "a younger vampire of another Methuselah, or a retainer "
                                                               "or equipment on one",
              "ready toreador or toreador location": "a ready Toreador, or a location that requires a Toreador",
              "titled torpor vampire": "a titled vampire in torpor",
              "ally or younger vampire or haven on one": "a ready ally or younger vampire, or a haven on one",
              "card on own ally or younger vampire": "a card on an ally or younger vampire in your ready region",
              "ready ally or younger vampire": "a ready ally or younger vampire",
              "minion": "a minion (a vampire, ready or in torpor, or an ally)",
              "vampire or imbued in play": "a vampire or imbued in play",
              "ready minion of predator or prey": "a ready minion of your predator or prey",
              "younger vampire new in play": "a younger vampire that entered play since your last minion phase",
              "any location": "a location in play",
              "own torpor vampire": "a vampire in torpor that you control",
              "other's torpor vampire": "a vampire in another Methuselah's torpor region",
              "locked torpor vampire": "a locked vampire in torpor",
              "ready younger non-infernal vampire": "a ready younger non-infernal vampire",
              "non-infernal torpor vampire": "a non-infernal vampire in torpor",
              "location not requiring giovanni": "a location that does not require Giovanni",
              "locked younger vampire": "a locked younger vampire", "event in play": "an event in play",
              "younger black hand vampire or gehenna card": "a younger Black Hand vampire, or a Gehenna card in play",
              "other ready same-circle blood brother": "another ready Blood Brother of the same circle",
              "same-circle blood brother in own uncontrolled": "a Blood Brother of the same circle in your uncontrolled "
                                                                "region"}
_VEIL = "veil stealth"
_NO_BLEED = "cannot bleed this turn"
_PUT_TURN = "put on its vampire in turn"
_NO_BLOCK_CLAN = "cannot block clan this turn"
_DREAM = "bleed this turn until a bleed is blocked"


def _target_plan(specs: list[tuple]) -> tuple[str, tuple] | None:
    """(who, ops) of a card that acts on one target: its "as above" clauses folded in."""
    on = next((s for s in specs if s[0] == "on_target"), None)
    if on is None:
        return None
    who = next((s[1] for s in specs if s[0] == "target_who"), on[1])
    ops = on[2] + tuple(op for s in specs if s[0] == "target_more" for op in s[1])
    return who, tuple(op for op in ops if op[0] != "burn") + tuple(op for op in ops if op[0] == "burn")   # burn last


def _who_refusal(ctx: Ctx, seat: int, actor: int, iid: int, who: str, directed: bool) -> str | None:
    st = ctx.st
    c = st.cards[iid]
    d = ctx.cdef(iid)
    name = ctx.name(iid)
    vamp = "Vampire" in d.types
    ally = "Ally" in d.types and c.region == "ready"
    retainer = "Retainer" in d.types and c.region == "attached"
    ok = {"ready titled vampire": vamp and c.region == "ready" and ctx.title(c) is not None,
          "unlocked vampire": vamp and c.region == "ready" and not c.locked,
          "ready vampire": vamp and c.region == "ready",
          "vampire, ally or retainer": (vamp and c.region in ("ready", "torpor")) or ally or retainer,
          "ready minion": ctx.is_minion(c) and c.region == "ready",
          "minion": ctx.is_minion(c) and c.region in ("ready", "torpor"),
          "ready ally": ally,
          "younger vampire blood<=1": vamp and c.region == "ready" and c.counters <= 1 and _cap(ctx, iid) < _cap(ctx, actor),
          "vampire blood<=1": vamp and c.region == "ready" and c.counters <= 1,
          "ally or retainer": ally or retainer,
          "location of predator or prey": "location" in ctx.rules(iid).keywords and c.region == "in_play"
          and c.controller in (st.prey(seat), st.predator(seat)),
          "torpor vampire": vamp and c.region == "torpor",
          "wounded ally": ally and c.counters < _start_life(ctx, iid),
          "minion of prey": ctx.is_minion(c) and c.region == "ready" and c.controller == st.prey(seat)}.get(who)
    if ok is None:
        ok = _who_more(ctx, seat, actor, iid, who)
    if not ok:
        return f"{name} is not {_WHO_WORDS.get(who, who)}"
    if c.contested:
        return f"{name} is contested"
    if directed and c.controller == seat and who not in _OWN_TARGET_UNDIRECTED:   # Rampage: your own location
        return f"{name} is yours: a directed action targets another Methuselah's cards"
    return None


def _start_life(ctx: Ctx, iid: int) -> int:
    from vtes_desktop.engine.rules_action import _life

    if "Imbued" in ctx.cdef(iid).types:   # an imbued's starting life is the number on its card
        return _cap(ctx, iid)

    return _life(ctx, iid, ctx.st.cards[iid].level)


def _who_more(ctx: Ctx, seat: int, actor: int, iid: int, who: str) -> bool:
    st = ctx.st
    c = st.cards[iid]
    d = ctx.cdef(iid)
    vamp = "Vampire" in d.types
    ally = "Ally" in d.types and c.region == "ready"
    retainer = "Retainer" in d.types and c.region == "attached"
    kw = set(ctx.rules(iid).keywords)
    host = st.cards.get(c.host) if c.region == "attached" and c.host is not None else None
    if who in ("equipment on ally", "equipment on younger vampire"):
        if "Equipment" not in d.types or host is None:
            return False
        if who == "equipment on ally":
            return "Ally" in ctx.cdef(host).types
        return ctx.is_vampire(host) and _cap(ctx, c.host) < _cap(ctx, actor)
    if who == "vampire or ally of predator or prey":
        return ((vamp and c.region == "ready") or ally) and c.controller in (st.prey(seat), st.predator(seat))
    if who == "other ready laibon or younger uncontrolled laibon":
        laibon = vamp and (ctx.sect(c) or "").lower() == "laibon"
        return laibon and ((c.region == "ready" and iid != actor) or
                           (c.region == "uncontrolled" and c.controller == seat and _cap(ctx, iid) < _cap(ctx, actor)))
    if who == "ready titled non-anarch vampire":
        return vamp and c.region == "ready" and ctx.title(c) is not None and (ctx.title(c) or "").lower() != "baron" \
            and (ctx.sect(c) or "").lower() != "anarch"
    if who == "prey uncontrolled vampire":
        return c.region == "uncontrolled" and c.controller == st.prey(seat) and d.is_crypt
    if who == "other's card on own vampire":
        return host is not None and c.owner != seat and ctx.is_vampire(host) and host.controller == seat \
            and host.region in ("ready", "torpor")
    if who == "incapacitated imbued":
        return "Imbued" in d.types and c.region == "incapacitated"
    if who == "ready younger vampire":
        return vamp and c.region == "ready" and _cap(ctx, iid) < _cap(ctx, actor)
    if who in ("vampire not archbishop priscus cardinal regent", "vampire not prince justicar inner circle"):
        banned = ("archbishop", "priscus", "cardinal", "regent") if "archbishop" in who else \
            ("prince", "justicar", "inner circle")
        return vamp and c.region == "ready" and (ctx.title(c) or "").lower() not in banned
    if who == "untitled camarilla vampire cap>5":
        return vamp and c.region == "ready" and ctx.title(c) is None and (ctx.sect(c) or "").lower() == "camarilla" \
            and _cap(ctx, iid) > 5 and not any(_same_clan("caitiff", x) for x in d.clans)
    if who == "recent diablerist":
        from vtes_desktop.engine.effects_minion import _diablerists

        return iid in _diablerists(ctx, seat)
    if who == "younger untitled burner of own non-red list":   # Rubicon
        return vamp and c.region in ("ready", "torpor") and ctx.title(c) is None and _cap(ctx, iid) < _cap(ctx, actor) \
            and _burned_mine(ctx, seat, iid)
    if who == "recent diablerist of own clan":   # Community Justice
        return vamp and c.region in ("ready", "torpor") and _diablerized_clan(ctx, seat, iid, actor)
    if who == "torpor vampire or ally or retainer":
        return (vamp and c.region == "torpor") or ally or retainer
    if who == "other vampire in play":
        return vamp and c.region in ("ready", "torpor") and iid != actor
    if who == "own vampire":
        return vamp and c.region in ("ready", "torpor") and c.controller == seat
    if who == "ready younger toreador antitribu":
        return vamp and c.region == "ready" and _cap(ctx, iid) < _cap(ctx, actor) \
            and any(_same_clan("toreador antitribu", x) for x in d.clans)
    if who == "cheap location":
        r = ctx.rules(iid)
        return "location" in r.keywords and c.region == "in_play" and (r.pool_cost or 0) <= 1 and (r.blood_cost or 0) <= 1 \
            and not ((r.pool_cost or 0) and (r.blood_cost or 0))
    if who == "younger vampire or its retainer or equipment":
        v = c.host if host is not None and ({"Retainer", "Equipment"} & set(d.types)) else iid if vamp else None
        return v is not None and st.cards[v].region == "ready" and ctx.is_vampire(st.cards[v]) \
            and _cap(ctx, v) < _cap(ctx, actor) and st.cards[v].controller != seat
    if who == "mortal or ghoul ally or retainer":
        return (ally or retainer) and bool(kw & {"mortal", "ghoul"})
    if who == "ready toreador or toreador location":   # Nosferatu Performance Art
        if vamp:
            return c.region == "ready" and any(_same_clan("toreador", x) for x in d.clans)
        return "location" in kw and c.region in ("in_play", "attached") and any(_same_clan("toreador", x) for x in d.clans)
    if who == "ally or younger vampire or haven on one":   # Brick Laying
        m_ = c.host if host is not None and "haven" in kw else iid
        mc = st.cards[m_]
        if m_ != iid and not (host is not None and "haven" in kw):
            return False
        return mc.region == "ready" and (("Ally" in ctx.cdef(m_).types) or
                                         (ctx.is_vampire(mc) and _cap(ctx, m_) < _cap(ctx, actor)))
    if who == "card on own ally or younger vampire":   # Cleansing Ritual
        if host is None or host.controller != seat or host.region != "ready":
            return False
        return "Ally" in ctx.cdef(c.host).types or (ctx.is_vampire(host) and _cap(ctx, c.host) < _cap(ctx, actor))
    if who in ("own torpor vampire", "other's torpor vampire"):   # Sacrificial Lamb
        return vamp and c.region == "torpor" and (c.controller == seat) == (who == "own torpor vampire")
    if who == "other ready same-circle blood brother":   # Hive Mind
        return vamp and c.region == "ready" and iid != actor and _same_circle(ctx, iid, actor)
    if who == "same-circle blood brother in own uncontrolled":
        return vamp and c.region == "uncontrolled" and c.controller == seat and _same_circle(ctx, iid, actor)
    if who == "locked torpor vampire":   # Fire on the Mountain
        return vamp and c.region == "torpor" and c.locked
    if who == "ready younger non-infernal vampire":   # Warding the Beast
        return vamp and c.region == "ready" and _cap(ctx, iid) < _cap(ctx, actor) and "infernal" not in ctx.rules(iid).traits
    if who == "non-infernal torpor vampire":
        return vamp and c.region == "torpor" and "infernal" not in ctx.rules(iid).traits
    if who == "location not requiring giovanni":   # Haunt [NEC]
        return "location" in kw and c.region in ("in_play", "attached") and not any(_same_clan("giovanni", x)
                                                                                    for x in d.clans)
    if who == "locked younger vampire":   # Reality [CHI]
        return vamp and c.region == "ready" and c.locked and _cap(ctx, iid) < _cap(ctx, actor)
    if who == "younger black hand vampire or gehenna card":   # Black Hand Ritual
        if vamp:
            return c.region == "ready" and "black hand" in ctx.rules(iid).traits and _cap(ctx, iid) < _cap(ctx, actor)
        return "gehenna" in kw and c.region == "in_play"
    if who == "event in play":   # Shattering [dem]
        return "Event" in d.types and c.region == "in_play"
    if who == "any location":   # Rampage
        return "location" in kw and c.region in ("in_play", "attached")
    if who == "younger vampire new in play":   # Chameleon
        since = st.turn - len(st.live_seats())
        return vamp and c.region in ("ready", "torpor") and _cap(ctx, iid) < _cap(ctx, actor) and any(
            len(m) == 3 and m[0] == ("minion", iid) and m[1] == ENTERED_PLAY and m[2] > since for m in st.marks)
    if who == "ready minion of predator or prey":   # Distraction
        return ctx.is_minion(c) and c.region == "ready" and c.controller in (st.prey(seat), st.predator(seat))
    if who == "ready ally or younger vampire":   # Exile
        return ally or (vamp and c.region == "ready" and _cap(ctx, iid) < _cap(ctx, actor))
    if who == "vampire or imbued in play":   # Exile [PRE]
        return (vamp or "Imbued" in d.types) and c.region in ("ready", "torpor")
    if who == "titled torpor vampire":   # Dismemberment of Osiris
        return vamp and c.region == "torpor" and ctx.title(c) is not None
    if who == "non-wraith ally or retainer or small vampire":
        return ((ally or retainer) and "wraith" not in kw) or (vamp and c.region in ("ready", "torpor")
                                                                and _cap(ctx, iid) <= 2)
    return False


def _plan_targeted(ctx: Ctx, seat: int, actor: int, rules: CardRules, mode: Mode, target) -> dict | None:
    specs = readings(rules, mode)
    if any(s[0] == "one_per_turn" for s in specs):   # "You may play only one Patronage per turn"
        st = ctx.st
        mark = (("seat", seat), "played this turn", rules.card_id, st.turn)
        if mark in st.marks:
            raise Illegal("limit", f"{ctx.seat_name(seat)} has already played {rules.name} this turn; only one each turn")
        st.marks = st.marks | {mark}
    if any(s[0] == "remove_self_shuffle_ash" for s in specs):
        n = next(s[1] for s in specs if s[0] == "remove_self_shuffle_ash")
        st = ctx.st
        text = str(target or "")
        names = [x.strip() for x in re.split(r";" if ";" in text else r",", text) if x.strip()]
        if len(names) > n:
            raise Illegal("target", f"{rules.name}: name up to {n} library cards in your ash heap, separated by ';'")
        picked = []
        pool = [i for i in st.region(seat, "ash_heap") if ctx.cdef(i).is_library]
        for nm in names:
            card = ctx.db.lookup(nm)
            hit = next((i for i in pool if card is not None and st.cards[i].cid == card.id and i not in picked), None)
            if hit is None:
                raise Illegal("target", f"{rules.name}: there is no {nm} left in your ash heap")
            picked.append(hit)
        from vtes_desktop.engine.state import Mod

        return {"mods": tuple(Mod("chosen_card", 0, i, None) for i in picked)}
    got = _target_plan(specs)
    if got is not None:
        who, _ = got
        if target is None:
            raise Illegal("target", f"{rules.name}: name its target, {_WHO_WORDS.get(who, who)}")
        said = None
        if who in ("own torpor vampire", "other's torpor vampire") and isinstance(target, str) and ";" in target:
            target, said = (x.strip() for x in target.split(";", 1))   # Sacrificial Lamb: "Vampire; equipment"
            if said.lower() != "equipment":
                raise Illegal("target", f"{rules.name}: after ';' say equipment (to take the burned vampire's "
                                        "equipment), or nothing")
        try:
            iid = flow.ref(ctx, seat, target)
        except (Malformed, Illegal):
            raise Illegal("target", f"{rules.name}: {target!r} is not a card in play") from None
        why = _who_refusal(ctx, seat, actor, iid, who, mode.directed)
        if why:
            raise Illegal("target", f"{rules.name}: {why}")
        for lim in mode.limits:   # "A vampire can have only one New Moon Sigil"
            held = sum(1 for a in ctx.st.attached.get(iid, ()) if ctx.st.cards[a].cid == rules.card_id)
            if lim.per == "in play" and lim.what == "this card" and held >= lim.count and \
                    any(op[0] == "attach_card" for op in got[1]):
                raise Illegal("limit", f"{ctx.name(iid)} already has {held} {rules.name}; a vampire can have only "
                                       f"{lim.count}")
        out = {"target_card": iid}
        if who == "younger black hand vampire or gehenna card" and not ctx.is_vampire(ctx.st.cards[iid]) \
                and ctx.st.cards[iid].controller != seat:   # Black Hand Ritual: "(D) burn any Gehenna card"
            from vtes_desktop.engine.state import Mod

            out["mods"] = (Mod("directed_at_target", 0, iid, None),)
            out["target_seat"] = ctx.st.cards[iid].controller
            return out
        if mode.directed and who in _OWN_TARGET_UNDIRECTED and ctx.st.cards[iid].controller == seat:
            from vtes_desktop.engine.state import Mod   # an action at your own card is undirected (Haunt's ruling)

            out["mods"] = (Mod("own_target_undirected", 0, iid, None),)
            return out
        if said:
            from vtes_desktop.engine.state import Mod

            out["mods"] = (Mod("take_equipment_said", 0, iid, None),)
        if mode.directed:
            out["target_seat"] = ctx.st.cards[iid].controller
        if ctx.st.cards[iid].region == "attached":   # "Burn a card ... on a vampire you control. Lock that vampire."
            from vtes_desktop.engine.state import Mod

            out["mods"] = (Mod("target_host", 0, ctx.st.cards[iid].host, None),)
        return out
    up = max((s for s in specs if s[0] == "choose_up_to"), key=lambda s: s[1], default=None)   # Shared Nightmare: 3
    if up is not None:
        st = ctx.st
        text = str(target or "")
        names = [x.strip() for x in re.split(r";" if ";" in text else r",", text) if x.strip()]
        if len(names) > up[1] or ((len(up) > 3 or up[2] in _ONE_OR_MORE) and not names):
            raise Illegal("target", f"{rules.name}: name " + ("one or " if len(up) > 3 else "up to ")
                          + f"{up[1]} vampires, separated by ';'")
        from vtes_desktop.engine.state import Mod

        picked = []
        for nm in names:
            try:
                v = flow.ref(ctx, seat, nm)
            except (Malformed, Illegal):
                raise Illegal("target", f"{rules.name}: {nm!r} is not a vampire in play") from None
            why = _chosen_refusal(ctx, v, up[2], seat, actor)
            if why or v in picked:
                raise Illegal("target", f"{rules.name}: {why or ctx.name(v) + ' is named twice'}")
            picked.append(v)
        return {"mods": tuple(Mod("chosen_card", 0, v, None) for v in picked)}
    if any(s[0] == "remove_ash_mortal_put_self" for s in specs):
        st = ctx.st
        card = ctx.db.lookup(str(target)) if target is not None else None
        hit = next((i for x in range(len(st.seats)) for i in st.region(x, "ash_heap")
                    if card is not None and st.cards[i].cid == card.id), None)
        if hit is None:
            raise Illegal("target", f"{rules.name}: name a mortal ally or retainer in an ash heap")
        d = ctx.cdef(hit)
        if not ({"Ally", "Retainer"} & set(d.types)) or "mortal" not in ctx.rules(hit).keywords:
            raise Illegal("target", f"{rules.name}: {d.display} is not a mortal ally or retainer")
        return {"target_card": hit}
    cs = [s for s in specs if s[0] == "crypt_search_younger"]
    if cs:
        lim = max(x[2] for x in cs)
        st = ctx.st
        if target is None:
            raise Illegal("target", f"{rules.name}: name the vampire you search your crypt for")
        card = ctx.db.lookup(str(target))
        hit = next((i for i in st.region(seat, "crypt") if card is not None and st.cards[i].cid == card.id), None)
        if hit is None:
            raise Illegal("target", f"{rules.name}: {target!r} is not in your crypt")
        d = ctx.cdef(hit)
        if "Vampire" not in d.types or (d.capacity or 0) >= _cap(ctx, actor):
            raise Illegal("target", f"{rules.name}: {d.display} is not a vampire younger than {ctx.name(actor)}")
        if d.discipline_level(cs[0][1]) > lim:
            raise Illegal("target", f"{rules.name}: {d.display} has "
                                    + ("Obfuscate" if lim == 0 else "superior Obfuscate"))
        return {"target_card": hit}
    sn = next((s for s in specs if s[0] == "search_named"), None)
    if sn is not None:
        st = ctx.st
        if target is None:
            raise Illegal("target", f"{rules.name}: name the card you search for")
        card = ctx.db.lookup(str(target))
        if card is None:
            raise Illegal("target", f"{rules.name}: {target!r} is not a card name")
        if any(s[0] == "name_card" and s[1] for s in specs) and not any(
                x.cid == card.id and (x.region in ("ready", "torpor", "in_play", "attached", "ash_heap"))
                for x in st.cards.values()):
            raise Illegal("target", f"{rules.name}: no {card.name} is in play or in an ash heap")
        places = ("library",) if sn[1] == "library" else ("library", "crypt")
        hit = next((i for r in places for i in st.region(seat, r) if st.cards[i].cid == card.id), None)
        if hit is None:
            raise Illegal("target", f"{rules.name}: there is no {card.name} in your " + " or ".join(places))
        return {"target_card": hit}
    if any(s[0] == "ash_to_hand" for s in specs):
        st = ctx.st
        if target is None:
            raise Illegal("target", f"{rules.name}: name the library card in your ash heap")
        card = ctx.db.lookup(str(target))
        hit = next((i for i in st.region(seat, "ash_heap") if card is not None and st.cards[i].cid == card.id), None)
        if hit is None or not ctx.cdef(hit).is_library:
            raise Illegal("target", f"{rules.name}: {target!r} is not a library card in your ash heap")
        return {"target_card": hit}
    return None


def bleed_cap(ctx: Ctx, f: ActionFrame, n: int) -> int:
    """ "If more than N pool is bled with this action, ignore the excess" (Cat Burglary)."""
    if f.card is None or f.kind != "card":
        return n
    rules, mode = mode_of(ctx, f.card, f.card_level)
    caps = [s[1] for s in (readings(rules, mode) if mode is not None else []) if s[0] == "bleed_cap"] + \
        [s[3] for s in (readings(rules, mode) if mode is not None else []) if s[0] == "bleed_card_stealth" and s[3]]
    if caps and n > min(caps):
        ctx.emit("bleed_cap", f"{rules.name}: only {min(caps)} pool is bled; the excess is ignored.")
        return min(caps)
    return n


def grants_continue_press(rules: CardRules, mode: Mode) -> int:
    return sum(1 for s in readings(rules, mode) if s[0] == "combat_grant_continue")


def turn_stealth(ctx: Ctx, f: ActionFrame) -> int:
    """Psychic Veil: this turn, the actions of its Methuselah's vampires (minions at superior) have +1 stealth."""
    st = ctx.st
    if f.actor not in st.cards:
        return 0
    vamp = "Vampire" in ctx.cdef(f.actor).types
    n = 0
    if f.directed and f.target_seat == st.prey(f.seat) and not (f.kind == "bleed" or f.effect == "bleed"):
        for iid in st.region(f.seat, "in_play"):   # Hidden Pathways
            if "in_play_stealth_vs_prey" in _keys(ctx, iid) and not st.cards[iid].contested:
                n += sum(x[1] for x in _card_specs_any(ctx, iid) if x[0] == "in_play_stealth_vs_prey")
    return n + sum(m[3] for m in st.marks if len(m) == 5 and m[0] == ("seat", f.seat) and m[1] == _VEIL
                   and m[4] == st.turn and (m[2] == "minion" or vamp)) \
        + sum(m[3] for m in st.marks if len(m) == 5 and m[0] == ("minion", f.actor) and m[1] == MINION_BONUS
              and m[2] == "stealth" and m[4] == st.turn)   # Gear Up


def _resolve_targeted(ctx: Ctx, f: ActionFrame, specs: list[tuple]) -> None:
    st = ctx.st
    name = ctx.name(f.card)
    a = st.cards[f.actor]
    if any(s[0] == "put_on_self" for s in specs) and a.region in ("ready", "torpor") and \
            st.cards[f.card].region == "aside":
        ctx.move(f.card, "attached", host=f.actor, level=f.card_level)
        ctx.emit("attached", f"{name} is put on {ctx.name(f.actor)}.", cards=(f.card, f.actor))
        if any(s[0] == "burn_to_unlock_later" for s in specs):   # Zillah's Tears: not this turn
            st.marks = st.marks | {(f.card, _PUT_TURN, st.turn)}
    ts = next((s for s in specs if s[0] == "title_self"), None)
    if ts is not None:
        if a.region in ("ready", "torpor") and st.cards[f.card].region == "aside":
            _give_title(ctx, f.card, f.actor, ts[1], f"{name}, {ts[1]} of {ts[2].title()}")
        else:
            ctx.emit("fizzles", f"{ctx.name(f.actor)} is no longer in play to take the title of {name}.")
    if any(s[0] == "put_on_self_locked" for s in specs) and a.region in ("ready", "torpor"):
        if st.cards[f.card].region == "aside":
            ctx.move(f.card, "attached", host=f.actor, level=f.card_level)
        ctx.update(f.card, locked=True)
        ctx.emit("attached", f"{name} is put on {ctx.name(f.actor)}, locked.", cards=(f.card, f.actor))
    dmg = next((s[1] for s in specs if s[0] == "self_agg_damage"), 0)
    if dmg and st.cards[f.actor].region in ("ready", "torpor"):
        immune = next((s[1] for s in specs if s[0] == "burn_blood_immune"), None)
        paid = sum(m.amount for m in f.mods if m.kind == "optional_cost")
        if immune is not None and paid and st.cards[f.actor].counters >= immune:
            ctx.update(f.actor, counters=st.cards[f.actor].counters - immune)
            ctx.emit("blood", f"{ctx.name(f.actor)} burns {immune} blood to be immune to {poss(name)} aggravated damage.",
                     cards=(f.actor,))
        else:
            from vtes_desktop.engine.rules_combat import inflict

            ctx.emit("damage", f"{ctx.name(f.actor)} takes {dmg} unpreventable aggravated damage ({name}).",
                     cards=(f.actor,))
            inflict(ctx, f.actor, 0, dmg)
    if any(s[0] == "attached_no_unlock" for s in specs) and st.cards[f.card].region == "attached" and \
            st.cards[f.card].host == f.actor:
        st.skip_unlock = st.skip_unlock | {f.actor}
        ctx.emit("modifier", f"{ctx.name(f.actor)} does not unlock as normal while {name} is on it.", cards=(f.actor,))
    got = _target_plan(specs)
    if got is not None and f.target_card is not None:
        who, ops = got
        t = f.target_card
        rules, mode = mode_of(ctx, f.card, f.card_level)
        if _who_refusal(ctx, f.seat, f.actor, t, who, bool(mode and mode.directed)) is not None:
            ctx.emit("fizzles", f"{ctx.name(t)} is no longer {_WHO_WORDS.get(who, who)}: {name} has no effect.")
        else:
            _apply_ops(ctx, f, t, ops, name)
    for s in specs:
        k = s[0]
        if k == "lock_all":
            hit = [i for x in st.live_seats() for i in st.region(x, "ready")
                   if "Ally" in ctx.cdef(i).types and not st.cards[i].locked and not st.cards[i].contested]
            for i in hit:
                ctx.update(i, locked=True)
            ctx.emit("locked", f"{name}: every ally locks" + (f" ({', '.join(ctx.name(i) for i in hit)})." if hit else
                                                               " (there is none unlocked)."), cards=tuple(hit))
        elif k == "prey_vampires_burn" and f.target_seat is not None:
            for i in st.region(f.target_seat, "ready"):
                c = st.cards[i]
                if ctx.is_vampire(c) and not c.contested and c.counters:
                    ctx.update(i, counters=max(0, c.counters - s[1]))
                    ctx.emit("blood", f"{ctx.name(i)} burns {min(s[1], c.counters)} blood ({name}).", cards=(i,))
        elif k == "gain_blood_if_has":
            a = st.cards[f.actor]
            if a.region in ("ready", "torpor") and a.counters >= s[1]:
                before = a.counters
                a = ctx.set_blood(f.actor, a.counters + s[2])
                ctx.emit("blood", f"{ctx.name(f.actor)} gains {a.counters - before} blood ({name}).", cards=(f.actor,))
            else:
                ctx.emit("fizzles", f"{ctx.name(f.actor)} has fewer than {s[1]} blood: {name} gives nothing.")
        elif k == "crypt_top_to_uncontrolled":
            crypt = st.region(f.seat, "crypt")
            if crypt:
                top = crypt[0]
                ctx.move(top, "uncontrolled", seat=f.seat, counters=0, face_down=False)
                ctx.emit("moved", f"{ctx.seat_name(f.seat)} moves {ctx.name(top)} from the top of the crypt to the "
                                  f"uncontrolled region ({name}).", cards=(top,))
                for x in specs:   # Recruitment Exercise: 1 blood if it is a Black Hand vampire
                    if x[0] == "drawn_blood_if" and x[1] in ctx.rules(top).traits and "Vampire" in ctx.cdef(top).types:
                        ctx.update(top, counters=st.cards[top].counters + x[2])
                        ctx.emit("blood", f"{ctx.name(top)} gets {x[2]} blood from the bank ({name}).", cards=(top,))
            else:
                ctx.emit("fizzles", f"{ctx.seat_name(f.seat)} has no crypt left: {name} has no effect.")
        elif k == "ash_to_hand":
            t = f.target_card
            if t is None or st.cards[t].region != "ash_heap" or st.cards[t].owner != f.seat:
                ctx.emit("fizzles", f"{name}: the card is no longer in the ash heap.")
                continue
            ctx.move(t, "hand", seat=f.seat)
            ctx.emit("moved", f"{ctx.seat_name(f.seat)} moves {ctx.name(t)} from the ash heap to their hand ({name}).",
                     cards=(t,))
            from vtes_desktop.engine.effects_master import _deferred, _owe_discard, hand_size

            over = len(st.region(f.seat, "hand")) + _deferred(ctx, f.seat) - hand_size(ctx, f.seat)
            if over > 0:
                _owe_discard(ctx, f.seat, over)
        elif k == "edge_prey_burn":
            n = next((x[1] for x in specs if x[0] == "edge_prey_burn_amount"), s[1])
            prey = f.target_seat if f.target_seat is not None else st.prey(f.seat)
            if st.edge != f.seat:
                ctx.emit("fizzles", f"{ctx.seat_name(f.seat)} does not have the Edge to burn: {name} burns no pool.")
            else:
                st.edge = None
                ctx.emit("edge", f"{ctx.seat_name(f.seat)} burns the Edge ({name}).")
                ctx.pool(prey, -n, name)
        elif k == "no_bleed_this_turn":
            st.marks = st.marks | {(("seat", f.seat), _NO_BLEED, st.turn)}
            ctx.emit("modifier", f"{name}: minions {ctx.seat_name(f.seat)} controls cannot bleed until the end of the turn.")
        elif k == "remove_ash_mortal_put_self":
            t = f.target_card
            if t is None or st.cards[t].region != "ash_heap":
                ctx.emit("fizzles", f"{name}: the mortal is no longer in an ash heap; the card is not put on "
                                    f"{ctx.name(f.actor)}.")
                continue
            ctx.move(t, "removed")
            ctx.emit("removed", f"{ctx.name(t)} is removed from the game ({name}).", cards=(t,))
            if st.cards[f.card].region == "aside" and st.cards[f.actor].region in ("ready", "torpor"):
                ctx.move(f.card, "attached", host=f.actor, level=f.card_level)
                ctx.emit("attached", f"{name} is put on {ctx.name(f.actor)}.", cards=(f.card, f.actor))
        elif k == "crypt_top_reveal":
            crypt = st.region(f.seat, "crypt")
            if not crypt:
                ctx.emit("fizzles", f"{name}: the crypt is empty.")
                continue
            top = crypt[0]
            draw = next((x for x in specs if x[0] == "revealed_clan_draw"), None)
            d = ctx.cdef(top)
            ctx.emit("revealed", f"{ctx.seat_name(f.seat)} reveals {ctx.name(top)} from the top of the crypt ({name}).",
                     cards=(top,))
            if draw is not None and "Vampire" in d.types and any(_same_clan(draw[1], x) for x in d.clans):
                younger = (d.capacity or 0) < _cap(ctx, f.actor)
                ctx.move(top, "uncontrolled", seat=f.seat, counters=draw[2] if younger else 0, face_down=False)
                ctx.emit("moved", f"{ctx.name(top)} goes to the uncontrolled region"
                         + (f" with {draw[2]} blood" if younger else "") + ".", cards=(top,))
            elif any(x[0] == "revealed_else_shuffle" for x in specs):
                ctx.shuffle(f.seat, "crypt")
                ctx.emit("shuffled", f"{ctx.name(top)} is shuffled back into the crypt.")
        elif k == "choose_up_to" and len(s) > 3 and s[3] == "split blood 2":   # Esbat: 2 blood, or 1 each to two
            chosen = [m.minion for m in f.mods if m.kind == "chosen_card" and m.minion in st.cards]
            for v in chosen:
                if _chosen_refusal(ctx, v, s[2]) is None:
                    before = st.cards[v].counters
                    cv = ctx.set_blood(v, before + (2 if len(chosen) == 1 else 1))
                    ctx.emit("blood", f"{ctx.name(v)} gets {cv.counters - before} blood from the bank ({name}).",
                             cards=(v,))
        elif k == "chosen_stunned":
            for m in f.mods:
                if m.kind != "chosen_card" or m.minion not in st.cards:
                    continue
                v = m.minion
                up = next((x for x in specs if x[0] == "choose_up_to"), None)
                if up is not None and _chosen_refusal(ctx, v, up[2]) is None:
                    ctx.update(v, locked=True)
                    st.skip_unlock = st.skip_unlock | {v}
                    ctx.emit("locked", f"{ctx.name(v)} is locked and does not unlock as normal next time ({name}).",
                             cards=(v,))
        elif k == "burn_all_others":
            hit = [i for x in st.live_seats() if x != f.seat for i in st.region(x, "in_play")
                   if s[1] in ctx.rules(i).keywords and not st.cards[i].contested]
            for i in hit:
                ctx.burn(i, name)
            if not hit:
                ctx.emit("fizzles", f"{name}: no other Methuselah controls a {s[1]}.")
        elif k == "remove_self_shuffle_ash":
            picked = [m.minion for m in f.mods if m.kind == "chosen_card"]
            for i in picked:
                if st.cards[i].region == "ash_heap" and st.cards[i].owner == f.seat:
                    ctx.move(i, "library", seat=f.seat)
            ctx.shuffle(f.seat, "library")
            if st.cards[f.card].region == "aside":
                ctx.move(f.card, "removed")
            ctx.emit("moved", f"{name} is removed from the game; {ctx.seat_name(f.seat)} shuffles "
                     + (", ".join(ctx.name(i) for i in picked) or "nothing") + " into their library.",
                     cards=tuple(picked))
        elif k == "others_random_discard":
            for x in st.live_seats():
                if x == f.seat:
                    continue
                hand = list(st.region(x, "hand"))
                if not hand:
                    continue
                gone = ctx.rng().choice(hand)
                ctx.move(gone, "ash_heap")
                ctx.emit("discarded", f"{ctx.seat_name(x)} discards {ctx.name(gone)} at random ({name}).", cards=(gone,))
            if s[2] == "unlock at end of turn":
                st.acted = st.acted | {(f.actor, "unlock_end_of_turn")}
        elif k == "unlock_end_of_turn":
            st.acted = st.acted | {(f.actor, "unlock_end_of_turn")}
            ctx.emit("modifier", f"{ctx.name(f.actor)} unlocks at the end of the turn ({name}).", cards=(f.actor,))
        elif k == "crypt_search_younger" and s == max((x for x in specs if x[0] == "crypt_search_younger"),
                                                         key=lambda x: x[2]):
            t = f.target_card
            if t is not None and st.cards[t].region == "crypt" and st.cards[t].owner == f.seat:
                ctx.move(t, "uncontrolled", seat=f.seat, counters=0, face_down=False)
                ctx.emit("moved", f"{ctx.seat_name(f.seat)} reveals {ctx.name(t)} from the crypt and moves them to the "
                                  f"uncontrolled region ({name}).", cards=(t,))
            ctx.shuffle(f.seat, "crypt")
        elif k == "search_named":
            t = f.target_card
            if t is None or st.cards[t].owner != f.seat or st.cards[t].region not in ("library", "crypt"):
                ctx.emit("fizzles", f"{name}: the card is no longer there.")
                continue
            where = st.cards[t].region
            if where == "library":
                ctx.move(t, "hand", seat=f.seat)
                ctx.emit("moved", f"{ctx.seat_name(f.seat)} reveals {ctx.name(t)} from the library and moves it to their "
                                  f"hand ({name}).", cards=(t,))
                ctx.shuffle(f.seat, "library")
                from vtes_desktop.engine.effects_master import _deferred, _owe_discard, hand_size

                if s[2] == "discard 1":
                    _owe_discard(ctx, f.seat, 1)
                else:
                    over = len(st.region(f.seat, "hand")) + _deferred(ctx, f.seat) - hand_size(ctx, f.seat)
                    if over > 0:
                        _owe_discard(ctx, f.seat, over)
            else:
                ctx.move(t, "uncontrolled", seat=f.seat, counters=0, face_down=False)
                ctx.emit("moved", f"{ctx.seat_name(f.seat)} reveals {ctx.name(t)} from the crypt and moves them to the "
                                  f"uncontrolled region ({name}).", cards=(t,))
                ctx.shuffle(f.seat, "crypt")
        elif k == "prey_burns_pool_and_edge":
            prey = f.target_seat if f.target_seat is not None else st.prey(f.seat)
            ctx.pool(prey, -s[1], name)
            if st.edge == prey:
                st.edge = None
                ctx.emit("edge", f"{ctx.seat_name(prey)} burns the Edge ({name}).")
        elif k == "turn_bleed_until_blocked":
            st.marks = st.marks | {(("seat", f.seat), _DREAM, s[1], st.turn)}
            ctx.emit("modifier", f"{name}: {poss(ctx.seat_name(f.seat))} minions get +{s[1]} bleed for the rest of the "
                                 "turn, until a bleed action is blocked.")
        elif k == "turn_stealth":
            st.marks = st.marks | {(("seat", f.seat), _VEIL, s[1], s[2], st.turn)}
            ctx.emit("modifier", f"{name}: the actions of {poss(ctx.seat_name(f.seat))} {s[1]}s are at +{s[2]} "
                                 "stealth this turn.")


def _apply_ops(ctx: Ctx, f: ActionFrame, t: int, ops: tuple, name: str) -> None:
    st = ctx.st
    for op in ops:
        c = st.cards.get(t)
        if c is None or c.region in ("ash_heap", "removed"):
            return
        k = op[0]
        if k == "burn_blood":
            ctx.update(t, counters=max(0, c.counters - op[1]))
            unit = "blood" if ctx.is_vampire(c) else "life"
            ctx.emit("blood", f"{ctx.name(t)} burns {min(op[1], c.counters)} {unit} ({name}).", cards=(t,))
            if unit == "life" and c.counters - op[1] <= 0:
                ctx.burn(t, "no life left")
        elif k == "burn_life":
            ctx.update(t, counters=max(0, c.counters - op[1]))
            ctx.emit("life", f"{ctx.name(t)} burns {min(op[1], c.counters)} life ({name}).", cards=(t,))
            if c.counters - op[1] <= 0:
                ctx.burn(t, "no life left")
        elif k == "steal_blood":
            got = min(op[1], c.counters)
            ctx.update(t, counters=c.counters - got)
            if not ctx.is_vampire(c) and c.counters - got <= 0:
                ctx.burn(t, "no life left")
            a = st.cards[f.actor]
            before = a.counters
            a = ctx.set_blood(f.actor, a.counters + got)
            ctx.emit("blood", f"{ctx.name(f.actor)} steals {got} blood from {ctx.name(t)} ({name})"
                     + (f"; {got - (a.counters - before)} over capacity drains away" if a.counters - before < got else "")
                     + ".", cards=(f.actor, t))
        elif k == "blood_or_damage":
            if ctx.is_vampire(c):
                ctx.update(t, counters=max(0, c.counters - op[1]))
                ctx.emit("blood", f"{ctx.name(t)} burns {min(op[1], c.counters)} blood ({name}).", cards=(t,))
            else:
                from vtes_desktop.engine.rules_combat import inflict

                ctx.emit("damage", f"{ctx.name(t)} takes {op[1]} unpreventable damage ({name}).", cards=(t,))
                inflict(ctx, t, op[1], 0)
        elif k == "damage":
            from vtes_desktop.engine.rules_combat import inflict

            ctx.emit("damage", f"{ctx.name(t)} takes {op[1]} unpreventable damage ({name}).", cards=(t,))
            inflict(ctx, t, op[1], 0)
        elif k == "lock":
            if c.region == "ready" and not c.locked:
                ctx.update(t, locked=True)
                ctx.emit("locked", f"{ctx.name(t)} is locked ({name}).", cards=(t,))
        elif k == "torpor":
            ctx.move(t, "torpor", seat=c.controller, counters=c.counters, locked=c.locked, wounded=False)
            ctx.emit("torpor", f"{ctx.name(t)} goes to torpor ({name}).", cards=(t,))
        elif k == "burn":
            if ctx.is_vampire(c):
                note_burned(ctx, f.actor, t)   # Rubicon
            ctx.burn(t, name)
        elif k == "rescue":
            ctx.move(t, "ready", seat=c.controller, locked=c.locked, counters=c.counters, wounded=False)
            ctx.emit("rescued", f"{ctx.name(t)} is rescued from torpor ({name}).", cards=(t,))
        elif k == "gain_blood":
            before = c.counters
            c = ctx.set_blood(t, c.counters + op[1])
            ctx.emit("blood", f"{ctx.name(t)} gains {c.counters - before} blood ({name}).", cards=(t,))
        elif k == "take_equipment":
            ctx.move(t, "attached", host=f.actor)
            ctx.emit("stolen", f"{ctx.name(f.actor)} takes {ctx.name(t)} ({name}).", cards=(t, f.actor))
            from vtes_desktop.engine.rules_turn import _check_contest

            _check_contest(ctx, t)
        elif k == "damage_or_take_ally":
            if ctx.is_vampire(c):
                from vtes_desktop.engine.rules_combat import inflict

                ctx.emit("damage", f"{ctx.name(t)} takes {op[1]} damage ({name}).", cards=(t,))
                inflict(ctx, t, op[1], 0)
            else:
                _steal(ctx, f, "ally")
        elif k == "unlock_or_blood":
            if c.region == "ready":
                ctx.update(t, locked=False)
                ctx.emit("unlocked", f"{ctx.name(t)} unlocks ({name}).", cards=(t,))
            else:
                ctx.update(t, counters=c.counters + op[1])
                ctx.emit("blood", f"{ctx.name(t)} gets {op[1]} blood from the bank ({name}).", cards=(t,))
        elif k == "burn_half_blood":
            half = c.counters // 2
            ctx.update(t, counters=c.counters - half)
            ctx.emit("blood", f"{ctx.name(t)} burns {half} blood ({name}).", cards=(t,))
        elif k == "lock_host":
            h = next((m.minion for m in f.mods if m.kind == "target_host"), None)
            if h is not None and st.cards[h].region == "ready" and not st.cards[h].locked:
                ctx.update(h, locked=True)
                ctx.emit("locked", f"{ctx.name(h)} is locked ({name}).", cards=(h,))
        elif k == "to_ready":
            ctx.move(t, "ready", seat=c.controller, counters=c.counters, locked=c.locked)
            ctx.emit("moved", f"{ctx.name(t)} moves to {poss(ctx.seat_name(c.controller))} ready region ({name}).",
                     cards=(t,))
        elif k == "actor_burns_blood":
            a = st.cards[f.actor]
            if a.counters < op[1]:
                ctx.emit("fizzles", f"{ctx.name(f.actor)} has no blood to burn: {name} does nothing more.")
                return
            ctx.update(f.actor, counters=a.counters - op[1])
            ctx.emit("blood", f"{ctx.name(f.actor)} burns {op[1]} blood ({name}).", cards=(f.actor,))
        elif k == "unlock":
            if c.region == "ready" and c.locked:
                ctx.update(t, locked=False)
                ctx.emit("unlocked", f"{ctx.name(t)} unlocks ({name}).", cards=(t,))
        elif k == "unlock_at_discard":
            unlock_at_discard(ctx, t, f.seat)
        elif k == "no_block_clan_this_turn":
            st.marks = st.marks | {(("minion", t), _NO_BLOCK_CLAN, op[1], st.turn)}
            ctx.emit("modifier", f"{ctx.name(t)} cannot block {op[1].title()} until the end of the turn ({name}).",
                     cards=(t,))
        elif k == "to_ready_or_fill":
            if ctx.is_vampire(c):
                ctx.move(t, "ready", seat=c.controller, counters=c.counters, locked=c.locked, wounded=False)
                ctx.emit("moved", f"{ctx.name(t)} moves from torpor to {poss(ctx.seat_name(c.controller))} ready region "
                                  f"({name}).", cards=(t,))
            else:
                full = _start_life(ctx, t)
                ctx.update(t, counters=max(c.counters, full))
                ctx.emit("life", f"{ctx.name(t)} is back to {full} life ({name}).", cards=(t,))
        elif k == "fill_blood":
            before = c.counters
            c = ctx.set_blood(t, _cap(ctx, t))
            ctx.emit("blood", f"{ctx.name(t)} gains {c.counters - before} blood, to capacity ({name}).", cards=(t,))
        elif k == "give_title":
            if st.cards[f.card].region == "aside":
                _give_title(ctx, f.card, t, op[1], name)
        elif k == "unlock_actor":
            a = st.cards[f.actor]
            if a.region == "ready" and a.locked:
                ctx.update(f.actor, locked=False)
                ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks ({name}).", cards=(f.actor,))
        elif k == "attach_card":
            if st.cards[f.card].region == "aside":
                ctx.move(f.card, "attached", host=t, level=f.card_level)
                ctx.emit("attached", f"{name} is put on {ctx.name(t)}.", cards=(f.card, t))
        elif k == "take_location":
            _steal(ctx, f, "location")
        elif k == "fleece":
            if ctx.is_vampire(c):
                got = min(op[1], c.counters)
                ctx.update(t, counters=c.counters - got)
                a = ctx.set_blood(f.actor, st.cards[f.actor].counters + got)
                ctx.emit("blood", f"{ctx.name(f.actor)} takes {got} blood from {ctx.name(t)} ({name}).", cards=(t, f.actor))
            else:
                ctx.move(t, "attached", host=f.actor)
                ctx.emit("stolen", f"{ctx.name(t)} moves to {ctx.name(f.actor)} ({name}).", cards=(t, f.actor))
                from vtes_desktop.engine.rules_turn import _check_contest

                _check_contest(ctx, t)
        elif k == "remove":
            for x in list(st.attached.get(t, ())):
                ctx.burn(x, name)
            st.w_attached().pop(t, None)
            ctx.move(t, "removed")
            ctx.emit("removed", f"{ctx.name(t)} is removed from the game ({name}).", cards=(t,))
        elif k == "blood_or_life":   # Touch of Valeren: blood up to capacity, or life up to the starting life
            before = c.counters
            if ctx.is_vampire(c):
                c = ctx.set_blood(t, c.counters + op[1])
            else:
                c = ctx.update(t, counters=max(c.counters, min(_start_life(ctx, t), c.counters + op[1])))
            ctx.emit("blood", f"{ctx.name(t)} gains {c.counters - before} {'blood' if ctx.is_vampire(c) else 'life'} "
                              f"({name}).", cards=(t,))
        elif k == "heal":
            ctx.update(t, counters=min(_start_life(ctx, t), c.counters + op[1]))
            ctx.emit("life", f"{ctx.name(t)} gains {op[1]} life ({name}).", cards=(t,))
        elif k == "add_blood":   # a vampire in an uncontrolled region: blood from the bank, no capacity limit there
            ctx.update(t, counters=c.counters + op[1])
            ctx.emit("blood", f"{ctx.name(t)} gets {op[1]} blood from the bank ({name}).", cards=(t,))
        elif k == "to_uncontrolled":   # Reality [CHI]: the vampire with its cards and counters
            ctx.move(t, "uncontrolled", seat=c.controller, counters=c.counters, locked=False)
            ctx.emit("banished", f"{ctx.name(t)} is moved to {poss(ctx.seat_name(c.controller))} uncontrolled region, "
                                 f"with the cards and counters on them ({name}).", cards=(t,))
        elif k == "unlock_or_burn_gehenna":   # Black Hand Ritual
            if ctx.is_vampire(c):
                if c.region == "ready" and c.locked:
                    ctx.update(t, locked=False)
                    ctx.emit("unlocked", f"{ctx.name(t)} unlocks ({name}).", cards=(t,))
            else:
                owed = [p for p in st.pending_draws if p[1] == t]
                if owed:
                    st.pending_draws = tuple(p for p in st.pending_draws if p[1] != t)
                    for p in owed:
                        ctx.draw(p[0], 1)
                        ctx.emit("draw", f"{poss(ctx.seat_name(p[0]))} 'Do not replace' for {ctx.name(t)} ends: they "
                                         f"draw ({name}).")
                ctx.burn(t, name)
        elif k in ("torpor_or_burn", "same_clan_ready_burn", "controller_burns_pool", "crypt_bottom",
                   "burn_haven_or_lock", "unlock_host_at_discard", "orun_exile", "take_vampire", "becomes_anarch",
                   "actor_gains_capacity", "equipment_to_actor_if_said", "diablerize"):
            _apply_fourth_op(ctx, f, t, op, name, ops)


def attached_intercept(ctx: Ctx, f: ActionFrame, minion: int) -> int:
    """Abbot: a vampire with the card gets +1 intercept during actions directed at its controller."""
    n = 0
    c = ctx.st.cards.get(minion)
    if c is None:
        return 0
    if f.mods and is_monster(ctx, minion):   # Second Sight burned as its imbued declared the action
        n += sum(m.amount for m in f.mods if m.kind == "monsters_intercept")
    if not f.directed or f.target_seat != c.controller:
        return n
    for a in ctx.st.attached.get(minion, ()):
        rules = ctx.rules(a)
        if "Action" not in rules.types:
            continue
        mode = rules.mode(ctx.st.cards[a].level) or (rules.modes[0] if len(rules.modes) == 1 else None)
        if mode is not None:
            n += sum(x[1] for x in readings(rules, mode) if x[0] == "attached_intercept" and x[2] == "directed at controller")
    return n


def _keys(ctx: Ctx, iid: int) -> frozenset:
    """The reading keys of a card, over all its modes (cached by card id)."""
    cid = ctx.st.cards[iid].cid
    got = _KEYS.get(cid)
    if got is None:
        got = _KEYS[cid] = frozenset(x[0] for x in _card_specs_any(ctx, iid)) \
            if ({"Action", "Political Action"} & set(ctx.cdef(iid).types)) else frozenset()
    return got


_KEYS: dict[int, frozenset] = {}


def burn_at_unlock(ctx: Ctx) -> None:
    """ "Burn this card during your unlock phase": action cards of the active Methuselah in play or on a minion."""
    st = ctx.st
    seat = st.active
    near = list(st.region(seat, "in_play")) + [a for r in ("ready", "torpor") for m in st.region(seat, r)
                                               for a in st.attached.get(m, ())]
    for iid in near:
        c = st.cards[iid]
        if c.controller != seat or "burn_at_unlock" not in _keys(ctx, iid):
            continue
        rules = ctx.rules(iid)
        if "Action" not in rules.types or len(rules.types) != 1:
            continue
        mode = rules.mode(c.level) or (rules.modes[0] if len(rules.modes) == 1 else None)
        if mode is not None and any(x[0] == "burn_at_unlock" for x in readings(rules, mode)):
            ctx.burn(iid, "its controller's unlock phase")


def _card_block_refusal(ctx: Ctx, f: ActionFrame, m: int) -> str | None:
    """ "Minions without Celerity [cel] cannot block this action" and the like, on the action card played;
    Destructive Secrets' "the chosen minion cannot block Nosferatu until the end of the turn"."""
    st = ctx.st
    if f.mods:
        why = _power_block_refusal(ctx, f, m)   # Project
        if why:
            return why
    if st.marks:
        for mk in st.marks:
            if len(mk) == 4 and mk[0] == ("minion", m) and mk[1] == _NO_BLOCK_CLAN and mk[3] == st.turn \
                    and f.actor in st.cards and any(_same_clan(mk[2], x) for x in ctx.cdef(f.actor).clans):
                return f"{ctx.name(m)} cannot block {mk[2].title()} this turn (Destructive Secrets)"
        if (("minion", m), NO_BLOCK_VOTE_TURN, st.turn) in st.marks:
            return f"{ctx.name(m)} cannot block this turn"
    if f.card is None or f.kind != "card" or f.card not in ctx.st.cards:
        return None
    rules, mode = mode_of(ctx, f.card, f.card_level)
    if mode is None or "Action" not in rules.types:
        return None
    c = ctx.st.cards[m]
    if re.search(r"(?i)minions without superior celerity \[cel\] cannot block", mode.text) and \
            ctx.discipline_level(c, "cel") < 2:   # Speed of Thought at superior ("As above, but ...")
        return f"{ctx.name(m)} has no superior Celerity: minions without it cannot block {rules.name}"
    for s in readings(rules, mode):
        if s[0] != "no_block":
            continue
        who = s[1]
        vamp = ctx.is_vampire(c)
        if who == "without cel" and ctx.discipline_level(c, "cel") == 0:
            return f"{ctx.name(m)} has no Celerity: minions without Celerity cannot block {rules.name}"
        if who == "without tem" and ctx.discipline_level(c, "tem") == 0:   # Cheat the Fates
            return f"{ctx.name(m)} has no Temporis: minions without Temporis cannot block {rules.name}"
        if who == "titled vampire" and vamp and ctx.title(c) is not None:
            return f"{ctx.name(m)} is titled: titled vampires cannot block {rules.name}"
        if who == "ally" and "Ally" in ctx.cdef(m).types:
            return f"allies cannot block {rules.name}"
        if who == "untitled" and not (vamp and ctx.title(c) is not None):
            return f"{ctx.name(m)} has no title: minions without titles cannot block {rules.name}"
    return None


def _lock_predator_stealth(ctx: Ctx, cmd, iid: int) -> bool:
    """Aranthebes: its controller locks it during an action of a minion of their predator: -1 stealth."""
    st = ctx.st
    c = st.cards[iid]
    spec = next((x for x in _card_specs(ctx, iid) if x[0] == "lock_predator_stealth"), None) \
        if c.region == "in_play" and "Action" in ctx.cdef(iid).types else None
    if spec is None:
        return False
    name = ctx.name(iid)
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage == "resolution":
        raise Illegal("timing", f"{name} is locked during an action, before it resolves")
    if st.cards[f.actor].controller != st.predator(cmd.seat):
        raise Illegal("target", f"{name} gives -1 stealth to a minion of your predator; {ctx.name(f.actor)} is not one")
    if c.locked:
        raise Illegal("use", f"{name} is locked")
    from vtes_desktop.engine.state import Mod

    ctx.update(iid, locked=True)
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("stealth", spec[1], None, iid, c.cid),)))
    ctx.emit("modifier", f"{name} locks: {ctx.name(f.actor)} gets {spec[1]} stealth.", cards=(iid, f.actor))
    return True


def bleed_against(ctx: Ctx, f: ActionFrame) -> int:
    """Aranthebes (unlocked, controlled by the bled Methuselah): vampires with capacity 4 or less bleed at -1."""
    st = ctx.st
    if f.target_seat is None or f.actor not in st.cards:
        return 0
    dream = sum(m[2] for m in st.marks if len(m) == 4 and m[0] == ("seat", f.seat) and m[1] == _DREAM
                and m[3] == st.turn) if st.marks else 0   # Dream World: each of your minions
    if not ctx.is_vampire(st.cards[f.actor]):
        return dream
    n = dream
    if any(ctx.is_vampire(st.cards[i]) for i in st.region(st.prey(f.seat), "torpor")):   # Raising the Portcullis
        for iid in st.region(f.seat, "in_play"):
            if "Political Action" in ctx.cdef(iid).types and not st.cards[iid].contested:
                n += sum(x[1] for x in _card_specs_any(ctx, iid) if x[0] == "bleed_if_prey_torpor")
    if f.target_seat == st.prey(f.seat):   # Tier of Souls on the acting vampire: +1 bleed against your prey
        for a in st.attached.get(f.actor, ()):
            if "Action" in ctx.cdef(a).types:
                rules, mode = mode_of(ctx, a, st.cards[a].level)
                if mode is not None:
                    n += sum(x[1] for x in readings(rules, mode) if x[0] == "attached_bleed_vs_prey")
    for iid in st.region(f.target_seat, "in_play"):
        c = st.cards[iid]
        if c.locked or c.contested or "Action" not in ctx.cdef(iid).types:
            continue
        for x in _card_specs(ctx, iid):
            if x[0] == "bleed_against_small" and _cap(ctx, f.actor) <= x[1]:
                n += x[2]
    if f.card is not None and f.kind == "card" and "bleed_vs_hunter_controller" in _keys(ctx, f.card):
        rules, mode = mode_of(ctx, f.card, f.card_level)   # Songs of the Distant Vitae [QUI]
        more = sum(x[1] for x in (readings(rules, mode) if mode is not None else [])
                   if x[0] == "bleed_vs_hunter_controller")
        since = st.turn - len(st.live_seats())
        hunted = {m[0][1] for m in st.marks if len(m) == 3 and m[1] == HUNTED and m[2] > since}
        if more and any(i in hunted for r in ("ready", "torpor") for i in st.region(f.target_seat, r)):
            n += more
    return n


def _lock_card_unlock_host(ctx: Ctx, cmd, iid: int) -> bool:
    """Rutor's Hand: during its controller's minion phase, the vampire with the card locks it to unlock."""
    st = ctx.st
    c = st.cards[iid]
    if c.region != "attached" or "Action" not in ctx.cdef(iid).types:
        return False
    rules, mode = mode_of(ctx, iid, c.level)
    if mode is None or not any(x[0] == "lock_card_unlock_host" for x in readings(rules, mode)):
        return False
    name = ctx.name(iid)
    host = c.host
    if st.active != cmd.seat or st.phase != "minion":
        raise Illegal("timing", f"{name} is used during your minion phase")
    if c.locked:
        raise Illegal("use", f"{name} is locked")
    h = st.cards[host]
    if h.region != "ready" or not h.locked:
        raise Illegal("use", f"{ctx.name(host)} is not a locked ready vampire: {name} would unlock nothing")
    blood = next((x[2] for x in readings(rules, mode) if x[0] == "lock_card_unlock_host" and len(x) > 2), 0)
    if blood and h.counters < blood:
        raise Illegal("cost", f"{ctx.name(host)} has no blood to burn for {name}")
    ctx.update(iid, locked=True)
    ctx.update(host, locked=False, counters=h.counters - blood)
    ctx.emit("unlocked", f"{ctx.name(host)} locks {name} to unlock.", cards=(iid, host))
    return True


def bleed_refusal(ctx: Ctx, seat: int) -> str | None:
    """Enticement: the minions of its Methuselah cannot bleed for the rest of the turn."""
    st = ctx.st
    if st.marks and (("seat", seat), _NO_BLEED, st.turn) in st.marks:
        return f"minions {ctx.seat_name(seat)} controls cannot bleed until the end of the turn (Enticement)"
    return None


def _burn_attached(ctx: Ctx, cmd, iid: int) -> bool:
    """An action card on a minion burned for its effect: Zip Line (+1 stealth to the acting minion), Marked Territory
    (+2 intercept during an action directed at its controller), Concert Tour (blood to capacity in the unlock phase),
    Zillah's Tears (unlock, after the turn it was played)."""
    st = ctx.st
    c = st.cards[iid]
    if c.region != "attached" or "Action" not in ctx.cdef(iid).types:
        return False
    rules, mode = mode_of(ctx, iid, c.level)
    specs = [x for x in (readings(rules, mode) if mode is not None else [])
             if x[0] in ("burn_for_stealth", "burn_for_intercept", "burn_unlock_fill", "burn_to_unlock_later",
                         "burn_unlock_leave_torpor")]
    if not specs:
        return False
    spec = specs[0]
    name = ctx.name(iid)
    host = c.host
    h = st.cards[host]
    from vtes_desktop.engine.state import Mod

    f = st.top
    if spec[0] in ("burn_for_stealth", "burn_for_intercept"):
        if not isinstance(f, ActionFrame) or f.stage == "resolution":
            raise Illegal("timing", f"{name} is burned during an action, before it resolves")
        if spec[0] == "burn_for_stealth":
            if f.actor != host:
                raise Illegal("timing", f"{name} gives stealth to {ctx.name(host)} during its own action")
            mod = Mod("stealth", spec[1], None, iid, c.cid)
            what = f"{ctx.name(host)} gets +{spec[1]} stealth"
        else:
            if not f.directed or f.target_seat != cmd.seat:
                raise Illegal("timing", f"{name} is burned during an action directed at you")
            mod = Mod("intercept", spec[1], host, iid, c.cid)
            what = f"{ctx.name(host)} gets +{spec[1]} intercept"
        ctx.burn(iid, "used")
        flow.set_top(ctx, f._replace(mods=f.mods + (mod,)))
        ctx.emit("modifier", f"{name} is burned: {what}.", cards=(host,))
        return True
    if spec[0] == "burn_unlock_leave_torpor":   # Renewed Vigor
        if st.active != cmd.seat or st.phase != "unlock":
            raise Illegal("timing", f"{name} is burned during your unlock phase")
        if h.region != "torpor":
            raise Illegal("use", f"{ctx.name(host)} is not in torpor")
        ctx.burn(iid, "used")
        ctx.move(host, "ready", seat=h.controller, counters=h.counters, locked=h.locked, wounded=False)
        ctx.emit("moved", f"{name} is burned: {ctx.name(host)} moves from torpor to the ready region.", cards=(host,))
        return True
    if spec[0] == "burn_unlock_fill":
        if st.active != cmd.seat or st.phase != "unlock":
            raise Illegal("timing", f"{name} is burned during your unlock phase")
        if h.region != "ready":
            raise Illegal("use", f"{ctx.name(host)} is not ready")
        ctx.burn(iid, "used")
        before = h.counters
        h = ctx.set_blood(host, _cap(ctx, host))
        ctx.emit("blood", f"{name} is burned: {ctx.name(host)} gains {h.counters - before} blood.", cards=(host,))
        return True
    if any(m[0] == iid and m[1] == _PUT_TURN and m[2] == st.turn for m in st.marks):
        raise Illegal("timing", f"{name} can be burned to unlock only after the turn it was played ends")
    if h.region != "ready" or not h.locked:
        raise Illegal("use", f"{ctx.name(host)} is not a locked ready vampire")
    ctx.burn(iid, "used")
    ctx.update(host, locked=False)
    ctx.emit("unlocked", f"{name} is burned: {ctx.name(host)} unlocks.", cards=(host,))
    return True


def bleeds_predator(ctx: Ctx, seat: int, rules: CardRules, mode: Mode, tgt) -> bool:
    """Night Moves bleeds "your predator or prey": True when *tgt* is the predator (refused for anyone else)."""
    if not any(x[0] == "bleed_card_stealth" and x[2] == "predator or prey" for x in readings(rules, mode)):
        return False
    if tgt != ctx.st.predator(seat):
        raise Illegal("target", f"{rules.name} bleeds your predator or prey; {ctx.seat_name(tgt)} is neither")
    return True


def bleed_card_stealth(ctx: Ctx, seat: int, rules: CardRules, mode: Mode, tgt) -> int:
    """A bleed card's own stealth: Night Moves' +3 (+6 at superior), Bloodwork's +1 against a Methuselah who
    controls a ready Sabbat vampire."""
    st = ctx.st
    specs = readings(rules, mode)
    n = max((x[1] for x in specs if x[0] == "bleed_card_stealth"), default=0)
    for x in specs:
        if x[0] == "bleed_stealth_if_sabbat" and tgt is not None and any(
                ctx.is_vampire(st.cards[i]) and (ctx.sect(st.cards[i]) or "").lower() == "sabbat"
                and not st.cards[i].contested for i in st.region(tgt, "ready")):
            n += x[1]
    return n


def is_monster(ctx: Ctx, iid: int) -> bool:
    """A vampire, or an ally or retainer that is neither mortal nor an animal (rulebook glossary)."""
    d = ctx.cdef(iid)
    if "Vampire" in d.types:
        return True
    if not ({"Ally", "Retainer"} & set(d.types)):
        return False
    return not ({"mortal", "animal"} & set(ctx.rules(iid).keywords))


def _burn_conviction(ctx: Ctx, cmd, iid: int) -> bool:
    """Second Sight on an imbued: burned during a monster's action for +1 intercept for the imbued, or as the imbued
    declares an action for -1 intercept to monsters; one Second Sight per imbued each action."""
    st = ctx.st
    c = st.cards[iid]
    if c.region != "attached" or "Conviction" not in ctx.cdef(iid).types:
        return False
    specs = _card_specs_any(ctx, iid)
    if not any(x[0] in ("conviction_intercept", "conviction_monsters_intercept") for x in specs):
        return False
    name = ctx.name(iid)
    host = c.host
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage == "resolution":
        raise Illegal("timing", f"{name} is burned during an action")
    if any(m.kind == "second_sight" and m.minion == host for m in f.mods):
        raise Illegal("limit", f"{ctx.name(host)} has already burned a {name} this action")
    from vtes_desktop.engine.state import Mod

    if f.actor == host:
        if not (f.stage == "announced" or (f.stage == "blocks" and f.blocker is None and not f.declined
                                            and not any(m.kind == "attempted" for m in f.mods))):
            raise Illegal("timing", f"{name} is burned as {ctx.name(host)} declares the action")
        n = next(x[1] for x in specs if x[0] == "conviction_monsters_intercept")
        mods = (Mod("monsters_intercept", n, None, iid, c.cid), Mod("second_sight", 0, host, iid, c.cid))
        what = f"monsters get {n} intercept this action"
    else:
        if not is_monster(ctx, f.actor):
            raise Illegal("timing", f"{name} is burned while a monster acts; {ctx.name(f.actor)} is not a monster")
        n = next(x[1] for x in specs if x[0] == "conviction_intercept")
        mods = (Mod("intercept", n, host, iid, c.cid), Mod("second_sight", 0, host, iid, c.cid))
        what = f"{ctx.name(host)} gets +{n} intercept for this action"
    ctx.burn(iid, "used")
    flow.set_top(ctx, f._replace(mods=f.mods + mods))
    ctx.emit("modifier", f"{name} is burned: {what}.", cards=(host,))
    return True


def _power_use(ctx: Ctx, cmd, iid: int) -> bool:
    """A power's action modifier, used as its imbued's action is announced by locking the power and paying the
    mode's conviction (Imbued rules, Power): Hide (monsters get -1 intercept this action), Project (vampires with
    capacity below 7 and monster allies costing less than 4 pool cannot block this action)."""
    st = ctx.st
    c = st.cards[iid]
    if c.region != "attached" or "Power" not in ctx.cdef(iid).types:
        return False
    rules = ctx.rules(iid)
    mode = next((md for md in rules.modes if any(x[0] in ("power_monsters_intercept", "power_no_block")
                                                 for x in readings(rules, md))), None)
    f = st.top
    host = c.host
    if not isinstance(f, ActionFrame):
        return False
    champion = next((md for md in rules.modes if any(x[0] == "power_fail_combat" for x in readings(rules, md))), None)
    if champion is not None:
        return _power_champion(ctx, cmd, iid, rules, champion, f)
    if _power_core_use(ctx, cmd, iid, rules, f):   # Discern, Vigilance
        return True
    fails = next((md for md in rules.modes if tuple(md.types) == ("Reaction",) and md.effects
                  and all(e.kind == "fail" and e.automated for e in md.effects)), None)
    if f.actor != host and fails is not None and mode is not None:   # Hide's reaction: the action fails
        return _power_fails_action(ctx, cmd, iid, rules, fails, f)
    if mode is None:
        return False
    name = ctx.name(iid)
    if f.actor != host:
        raise Illegal("timing", f"{name} is only usable as {ctx.name(host)}'s own action is announced")
    if c.locked:
        raise Illegal("locked", f"{name} is locked: a power is locked to use its effect")
    if not (f.stage == "announced" or (f.stage == "blocks" and f.blocker is None and not f.declined
                                        and not any(m.kind == "attempted" for m in f.mods))):
        raise Illegal("timing", f"{name} is only usable as the action is announced")
    why = _power_only_refusal(ctx, iid, mode)   # "Not usable by an imbued with Illuminate"
    if why:
        raise Illegal("requirements", why)
    from vtes_desktop.engine.rules_action import _pay
    from vtes_desktop.engine.state import Mod

    _pay(ctx, cmd.seat, host, 0, 0, name, conviction=max(1, rules.conviction_cost or 0))
    ctx.update(iid, locked=True)
    f = st.top
    mods = []
    for x in readings(rules, mode):
        if x[0] == "power_monsters_intercept":
            mods.append(Mod("monsters_intercept", x[1], None, iid, c.cid))
            ctx.emit("modifier", f"{name} is locked: monsters get {x[1]} intercept this action.", cards=(host,))
        elif x[0] == "power_no_block":
            mods.append(Mod("power_no_block", x[1], None, iid, c.cid))
            ctx.emit("modifier", f"{name} is locked: vampires with capacity below {x[1]} and monster allies costing "
                                 f"less than {x[2]} pool cannot block this action.", cards=(host,))
    flow.set_top(ctx, f._replace(mods=f.mods + tuple(mods)))
    return True


def _power_only_refusal(ctx: Ctx, iid: int, mode: Mode) -> str | None:
    """ "Not usable by an imbued with Illuminate" (Hide)."""
    host = ctx.st.cards[iid].host
    for only in mode.only:
        if only.startswith("not:by:imbued with "):
            other = only[len("not:by:imbued with "):]
            if any(ctx.name(a).lower() == other for a in ctx.st.attached.get(host, ())):
                return f"{ctx.name(iid)} is not usable by an imbued with {other.title()}"
    return None


def _power_fails_action(ctx: Ctx, cmd, iid: int, rules: CardRules, mode: Mode, f: ActionFrame) -> bool:
    """Hide as a reaction: during a monster's action directed at its imbued, the ready unlocked imbued locks the
    power and pays the conviction; the action fails."""
    st = ctx.st
    host = st.cards[iid].host
    name = ctx.name(iid)
    h = st.cards[host]
    if f.target_card != host or not is_monster(ctx, f.actor):
        raise Illegal("timing", f"{name} is only usable during a monster's action directed at {ctx.name(host)}")
    if f.stage == "resolution":
        raise Illegal("timing", f"{name}: the action is already over")
    if st.cards[iid].locked:
        raise Illegal("locked", f"{name} is locked: a power is locked to use its effect")
    if h.region != "ready" or h.locked:
        raise Illegal("locked", f"{ctx.name(host)} must be ready and unlocked to react")
    why = _power_only_refusal(ctx, iid, mode)
    if why:
        raise Illegal("requirements", why)
    from vtes_desktop.engine.effects_action import end_action
    from vtes_desktop.engine.rules_action import _pay

    _pay(ctx, cmd.seat, host, 0, 0, name, conviction=max(1, rules.conviction_cost or 0))
    ctx.update(iid, locked=True)
    end_action(ctx, rules, mode, None)
    return True


def _line_conviction(ctx: Ctx, iid: int, marker: str) -> int:
    """The conviction cost printed on a power's line of one card type ("[REACTION] [1 CONVICTION] ...")."""
    for line in ctx.cdef(iid).text.split("\n"):
        if line.startswith(f"[{marker}]"):
            m = re.match(r"\[[A-Z ]+\] \[(\d) CONVICTION\]", line)
            return int(m.group(1)) if m else 0
    return 0


def _power_core_use(ctx: Ctx, cmd, iid: int, rules: CardRules, f: ActionFrame) -> bool:
    """A power whose typed effect is core vocabulary, used by locking the power (and paying the conviction on its
    line): Discern (reaction: +1 intercept for its blocking imbued while a monster acts), Vigilance (action modifier:
    its imbued unlocks at the end of its successful action; reaction: a locked imbued unlocks)."""
    st = ctx.st
    c = st.cards[iid]
    host = c.host
    name = ctx.name(iid)
    h = st.cards[host]
    use = None
    for md in rules.modes:
        effs = md.effects
        if len(effs) != 1 or not effs[0].automated:
            continue
        e = effs[0]
        if tuple(md.types) == ("Reaction",) and e.kind == "intercept" and e.get("self") and f.actor != host:
            use = ("intercept", md, e.amount or 1)
        elif e.kind == "unlock" and (e.target or "") == "this imbued":
            if tuple(md.types) == ("Action Modifier",) and f.actor == host and "after success" in md.only:
                use = ("unlock_after", md, 0)
            elif tuple(md.types) == ("Reaction",) and f.actor != host and "locked" in md.only:
                use = ("unlock_locked", md, 0)
    if use is None:
        return False
    if c.locked:
        raise Illegal("locked", f"{name} is locked: a power is locked to use its effect")
    what, md, n = use
    if what == "intercept":
        if not is_monster(ctx, f.actor):
            raise Illegal("timing", f"{name} is only usable when a monster is acting")
        if f.stage != "attempt" or f.blocker != host:
            raise Illegal("intercept", f"{name}: intercept can only be added by a blocking minion")
    elif what == "unlock_after":
        if f.stage != "resolution" or f.outcome != "successful":
            raise Illegal("timing", f"{name} is only usable at the end of a successful action")
    elif h.region != "ready" or not h.locked:
        raise Illegal("locked", f"{name} is only usable by a locked imbued")
    from vtes_desktop.engine.rules_action import _pay
    from vtes_desktop.engine.state import Mod

    cost = _line_conviction(ctx, iid, "REACTION" if tuple(md.types) == ("Reaction",) else "ACTION MODIFIER")
    _pay(ctx, cmd.seat, host, 0, 0, name, conviction=cost)
    ctx.update(iid, locked=True)
    if what == "intercept":
        f = st.top
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("intercept", n, host, iid, c.cid),)))
        ctx.emit("modifier", f"{name} is locked: {ctx.name(host)} gets +{n} intercept.", cards=(host,))
    else:
        ctx.update(host, locked=False)
        ctx.emit("unlocked", f"{name} is locked: {ctx.name(host)} unlocks.", cards=(host,))
    return True


def _power_champion(ctx: Ctx, cmd, iid: int, rules: CardRules, mode: Mode, f: ActionFrame) -> bool:
    """Champion: while a monster of another Methuselah takes an action directed at you or at an imbued, the ready
    unlocked imbued locks the power and pays 2 conviction; the action fails and the acting monster enters combat
    with the imbued instead."""
    st = ctx.st
    host = st.cards[iid].host
    name = ctx.name(iid)
    h = st.cards[host]
    tgt = st.cards.get(f.target_card) if f.target_card is not None else None
    at_imbued = tgt is not None and "Imbued" in ctx.cdef(f.target_card).types and tgt.region == "ready"
    if f.seat == cmd.seat or not is_monster(ctx, f.actor) or not f.directed \
            or not (f.target_seat == cmd.seat or at_imbued):
        raise Illegal("timing", f"{name} is only usable while a monster of another Methuselah takes an action "
                                "directed at you or at an imbued")
    if f.stage == "resolution":
        raise Illegal("timing", f"{name}: the action is already over")
    if st.cards[iid].locked:
        raise Illegal("locked", f"{name} is locked: a power is locked to use its effect")
    if h.region != "ready" or h.locked:
        raise Illegal("locked", f"{ctx.name(host)} must be ready and unlocked to react")
    from vtes_desktop.engine import rules_combat
    from vtes_desktop.engine.effects_action import end_action
    from vtes_desktop.engine.rules_action import _pay

    _pay(ctx, cmd.seat, host, 0, 0, name, conviction=max(1, rules.conviction_cost or 0))
    ctx.update(iid, locked=True)
    actor = f.actor
    end_action(ctx, rules, mode, None)
    ctx.emit("combat", f"{ctx.name(actor)} enters combat with {ctx.name(host)} instead ({name}).", cards=(actor, host))
    rules_combat.start(ctx, actor, host)
    return True


def _power_block_refusal(ctx: Ctx, f: ActionFrame, m: int) -> str | None:
    """Project: who cannot block the action its imbued announced."""
    mod = next((x for x in f.mods if x.kind == "power_no_block"), None)
    if mod is None:
        return None
    c = ctx.st.cards[m]
    if ctx.is_vampire(c) and _cap(ctx, m) < mod.amount:
        return f"{ctx.name(m)} has capacity below {mod.amount}: it cannot block this action ({ctx.name(mod.card)})"
    if "Ally" in ctx.cdef(m).types and is_monster(ctx, m) and (ctx.cdef(m).pool_cost or 0) < 4:
        return f"{ctx.name(m)} is a monster ally costing less than 4 pool: it cannot block this action " \
               f"({ctx.name(mod.card)})"
    return None


def _card_specs_any(ctx: Ctx, iid: int) -> list[tuple]:
    rules = ctx.rules(iid)
    return [x for m in rules.modes for x in readings(rules, m)]


# -- "Vampires can call a referendum to burn this card" (Fee Stakes) ---------------------------------------------

BURN_TERMS = "burn the card "
_ANARCH_TITLES = ("baron",)


def announce_burn_referendum(ctx: Ctx, cmd, m: int) -> dict | None:
    """A political action announced `from` an action card in play that says vampires can call a referendum to burn
    it; None when the card says nothing of the kind."""
    st = ctx.st
    try:
        src = flow.ref(ctx, cmd.seat, cmd.from_)
    except (Malformed, Illegal):
        return None
    c = st.cards[src]
    rules = ctx.rules(src)
    if not ({"Action", "Political Action"} & set(rules.types)):
        return None
    mode = rules.mode(c.level) or (rules.modes[0] if rules.modes else None)
    spec = next((x for x in (readings(rules, mode) if mode is not None else []) if x[0] == "burn_referendum"), None)
    if spec is None:
        return None
    if c.region not in ("in_play", "attached") or c.contested:
        raise Illegal("card", f"{ctx.name(src)} is not in play")
    if not ctx.is_vampire(st.cards[m]):
        raise Illegal("political", f"only vampires call a referendum to burn {ctx.name(src)}")
    if spec[1] in ("sabbat vampire", "camarilla vampire") and \
            (ctx.sect(st.cards[m]) or "").lower() != spec[1].split()[0]:
        raise Illegal("political", f"only {spec[1].split()[0].title()} vampires call a referendum to burn "
                                   f"{ctx.name(src)}; {ctx.name(m)} is not one")
    ctx.emit("action_goal", f"{ctx.name(m)} calls a referendum to burn {ctx.name(src)}.", cards=(m, src))
    return dict(from_card=src, effect="own:burn_referendum", base_stealth=1)


def start_burn_referendum(ctx: Ctx, f: ActionFrame) -> None:
    from vtes_desktop.engine.state import Impulse

    order = flow.order_for(ctx, f.seat, undirected=True)
    flow.push(ctx, ReferendumFrame(imp=Impulse(order), step="polling", card=None, actor=f.actor, seat=f.seat,
                                   terms=f"{BURN_TERMS}{f.from_card}"))
    ctx.emit("referendum", f"A referendum is called to burn {ctx.name(f.from_card)}.", cards=(f.from_card,))


def _burn_ref_card(f: ReferendumFrame) -> int | None:
    if f.card is None and f.terms and f.terms.startswith(BURN_TERMS):
        return int(f.terms[len(BURN_TERMS):])
    return None


def close_burn_referendum(ctx: Ctx, f: ReferendumFrame, passed: bool) -> bool:
    """A referendum called to burn a card: the card burns when it passes. False for any other referendum."""
    src = _burn_ref_card(f)
    if src is None:
        return False
    c = ctx.st.cards.get(src)
    if passed and c is not None and c.region in ("in_play", "attached"):
        ctx.burn(src, "referendum")
    return True


def _fee_stake_votes(ctx: Ctx, f: ReferendumFrame, iid: int) -> int:
    st = ctx.st
    c = st.cards[iid]
    if "Vampire" not in ctx.cdef(iid).types:
        return 0
    n = 0
    src = _burn_ref_card(f)
    if src is not None and src in st.cards:
        specs = _card_specs_any(ctx, src)
        title = ctx.title(c)
        for x in specs:
            if x[0] == "burn_ref_votes" and title is not None and title.lower() not in _ANARCH_TITLES:
                n += x[2]
    if ctx.title(c) is None:   # Legacy of Pander in play: each non-titled Pander gets 1 vote
        for x_iid in [i for s_ in st.live_seats() for i in st.region(s_, "in_play")]:
            if "Political Action" in ctx.cdef(x_iid).types and not st.cards[x_iid].contested:
                for x in _card_specs_any(ctx, x_iid):
                    if x[0] == "untitled_clan_vote" and any(_same_clan(x[1], k) for k in ctx.cdef(iid).clans):
                        n += x[2]
    if f.actor == iid:   # "While this Anarch is Toreador ..., they get +1 vote during referendums they call"
        for a in st.attached.get(iid, ()):
            if "Action" in ctx.cdef(a).types:
                for x in _card_specs_any(ctx, a):
                    if x[0] == "title_clan_vote" and any(_same_clan(x[1], k) or _same_clan(x[1] + " antitribu", k)
                                                         for k in ctx.cdef(iid).clans):
                        n += x[2]
    return n


def augury(ctx: Ctx, taxed: int | None) -> None:
    """Augury of Doom in play: burned once its controller's prey controls no vampire in torpor (or is gone); as the
    prey's (*taxed*) unlock phase begins, the prey burns 1 pool for each vampire of theirs in torpor."""
    st = ctx.st
    for iid in [i for x in st.live_seats() for i in st.region(x, "in_play")]:
        c = st.cards[iid]
        if c.contested or "burn_if_prey_no_torpor" not in _keys(ctx, iid):
            continue
        specs = _card_specs_any(ctx, iid)
        owner = c.controller
        if st.seats[owner].ousted:
            continue
        prey = st.prey(owner)
        n = sum(1 for v in st.region(prey, "torpor") if ctx.is_vampire(st.cards[v])) if prey != owner else 0
        if n == 0:
            ctx.burn(iid, f"{ctx.seat_name(prey)} controls no vampire in torpor")
            continue
        if taxed == prey:
            for x in specs:
                if x[0] == "prey_torpor_tax":
                    ctx.pool(prey, -x[1] * n, ctx.name(iid))


def _chosen_refusal(ctx: Ctx, v: int, what: str, seat: int | None = None, actor: int | None = None) -> str | None:
    c = ctx.st.cards[v]
    if what == "ally or younger vampire of predator or prey":   # Shared Nightmare
        st = ctx.st
        ok = (("Ally" in ctx.cdef(v).types and c.region == "ready") or (ctx.is_vampire(c) and c.region == "ready"
              and (actor is None or _cap(ctx, v) < _cap(ctx, actor)))) and not c.contested
        if not ok or (seat is not None and c.controller not in (st.prey(seat), st.predator(seat))):
            return f"{ctx.name(v)} is not a ready ally or younger vampire of your predator or prey"
        return None
    if what == "unlocked sabbat vampire":
        if not ctx.is_vampire(c) or c.region != "ready" or c.contested or c.locked:
            return f"{ctx.name(v)} is not an unlocked ready vampire"
        return None if (ctx.sect(c) or "").lower() == "sabbat" else f"{ctx.name(v)} is not Sabbat"
    if what == "anarch vampire cap<=5":
        if not ctx.is_vampire(c) or c.region != "ready" or c.contested:
            return f"{ctx.name(v)} is not a ready vampire"
        if (ctx.sect(c) or "").lower() != "anarch":
            return f"{ctx.name(v)} is not Anarch"
        if _cap(ctx, v) > 5:
            return f"{ctx.name(v)} has capacity {_cap(ctx, v)}, more than 5"
        return None
    return f"{ctx.name(v)} does not fit"


def _combat_grant(ctx: Ctx, cmd, m: int, src: int) -> tuple[dict, tuple[int, ...]] | None:
    """A card in play (or on a vampire) that lets vampires enter combat as a (D) action, announced `from` it with
    the target minion (the vampire the card is on, for War Party and Blood Hunt); None when the card gives none, or
    when a card that can also be burned is named without a target."""
    st = ctx.st
    c = st.cards[src]
    if c.region not in ("in_play", "attached") or c.contested:
        return None
    spec = next((x for x in _card_specs_any(ctx, src) if x[0] == "grants_combat"), None)
    if spec is None:
        return None
    _, who, whom, stealth, where = spec
    if where == "on vampire":
        if c.region != "attached":
            return None
        t = c.host
        if cmd.target is not None and flow.ref(ctx, cmd.seat, cmd.target) != t:
            raise Illegal("target", f"{ctx.name(src)}: the combat is with {ctx.name(t)}, the vampire it is on")
    else:
        if cmd.target is None:
            if _burnable(ctx, src) is not None:
                return None   # burning the card instead
            raise Illegal("target", f"{ctx.name(src)}: name the vampire to enter combat with")
        t = flow.ref(ctx, cmd.seat, cmd.target)
    name = ctx.name(src)
    a = st.cards[m]
    tc = st.cards[t]
    if not ctx.is_vampire(a):
        raise Illegal("requirements", f"{name}: only a vampire takes this action; {ctx.name(m)} is not one")
    sect = (ctx.sect(a) or "").lower()
    if (who == "camarilla vampire" and sect != "camarilla") or (who == "non-camarilla vampire" and sect == "camarilla"):
        raise Illegal("requirements", f"{name}: {ctx.name(m)} is not a {who.replace('non-camarilla', 'non-Camarilla').replace('camarilla', 'Camarilla')}")
    if not ctx.is_vampire(tc) or tc.region != "ready" or tc.contested:
        raise Illegal("target", f"{name}: {ctx.name(t)} is not a ready vampire")
    if tc.controller == cmd.seat:
        raise Illegal("target", f"{name}: {ctx.name(t)} is yours; the combat is with another Methuselah's vampire")
    tsect = (ctx.sect(tc) or "").lower()
    if (whom == "camarilla vampire" and tsect != "camarilla") or (whom == "non-camarilla vampire" and tsect == "camarilla") \
            or (whom == "brujah" and not any(_same_clan("brujah", x) for x in ctx.cdef(t).clans)):
        raise Illegal("target", f"{name}: {ctx.name(t)} is not a {whom}")
    ctx.emit("action_goal", f"{ctx.name(m)} acts to enter combat with {ctx.name(t)} ({name}).", cards=(m, t))
    return dict(from_card=src, effect="own:card_combat", target_card=t, directed=True, target_seat=tc.controller,
                base_stealth=stealth), (tc.controller,)


def _burn_own_to_burn(ctx: Ctx, cmd, iid: int) -> bool:
    """Judgment: Death to the Brujah!: any Methuselah burns a Brujah they control in their minion phase to burn it."""
    st = ctx.st
    spec = next(x for x in _card_specs_any(ctx, iid) if x[0] == "burn_own_to_burn")
    name = ctx.name(iid)
    if st.active != cmd.seat or st.phase != spec[2] or st.frames:
        raise Illegal("use", f"{name} is burned this way in your own {spec[2]} phase")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the {spec[1].title()} you burn")
    v = flow.ref(ctx, cmd.seat, cmd.minion, what="vampire")
    vc = st.cards[v]
    if vc.controller != cmd.seat or not ctx.is_vampire(vc) or vc.region not in ("ready", "torpor") or vc.contested:
        raise Illegal("use", f"{name}: {ctx.name(v)} is not a vampire you control")
    if not any(_same_clan(spec[1], x) for x in ctx.cdef(v).clans):
        raise Illegal("use", f"{name}: {ctx.name(v)} is not {spec[1].title()}")
    ctx.burn(v, f"to burn {name}")
    ctx.burn(iid, f"{ctx.seat_name(cmd.seat)} burned a {spec[1].title()}")
    return True


def _attached_action_use(ctx: Ctx, cmd, iid: int) -> bool:
    """Sunrise Service burned as its vampire declares an action (the action is unblockable); New Moon Sigil at
    superior: its vampire burns 2 blood during its own action for +1 stealth."""
    st = ctx.st
    c = st.cards[iid]
    if c.region != "attached" or "Action" not in ctx.cdef(iid).types:
        return False
    rules, mode = mode_of(ctx, iid, c.level)
    specs = [x for x in (readings(rules, mode) if mode is not None else []) if x[0] in ("burn_unblockable",
                                                                                         "blood_for_stealth")]
    if not specs:
        return False
    spec = specs[0]
    name = ctx.name(iid)
    host = c.host
    f = st.top
    if not isinstance(f, ActionFrame) or f.stage == "resolution" or f.actor != host:
        raise Illegal("timing", f"{name} is used during an action of {ctx.name(host)}")
    from vtes_desktop.engine.state import Mod

    if spec[0] == "burn_unblockable":
        if not (f.stage == "announced" or (f.stage == "blocks" and f.blocker is None and not f.declined)):
            raise Illegal("timing", f"{name} is burned as {ctx.name(host)} declares the action")
        ctx.burn(iid, "used")
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("unblockable", 0, None, iid, c.cid),)))
        ctx.emit("modifier", f"{name} is burned: the action of {ctx.name(host)} is unblockable.", cards=(host,))
        return True
    h = st.cards[host]
    if h.counters < spec[1]:
        raise Illegal("cost", f"{ctx.name(host)} has {h.counters} blood; {name} costs {spec[1]}")
    ctx.update(host, counters=h.counters - spec[1])
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("stealth", spec[2], None, iid, c.cid),)))
    ctx.emit("modifier", f"{ctx.name(host)} burns {spec[1]} blood for +{spec[2]} stealth ({name}).", cards=(host,))
    return True


def edge_taker(ctx: Ctx, f: ActionFrame) -> int:
    """Who takes the Edge for this successful bleed: the bleeder, or the bled Methuselah when they control Edge
    Vitiation in play and the bleeder is their predator."""
    st = ctx.st
    tgt = f.target_seat
    if tgt is not None and f.seat == st.predator(tgt):
        for iid in st.region(tgt, "in_play"):
            if "edge_from_predator_bleed" in _keys(ctx, iid) and not st.cards[iid].contested:
                return tgt
    return f.seat


def _blood_candidate_refusal(ctx: Ctx, seat: int, actor: int, v: int, where: str) -> str | None:
    c = ctx.st.cards[v]
    if not ctx.is_vampire(c) or c.contested:
        return f"{ctx.name(v)} is not a vampire"
    if c.region == "uncontrolled" and c.controller == seat:
        return None if where == "uncontrolled" or _cap(ctx, v) < _cap(ctx, actor) else \
            f"{ctx.name(v)} is not younger than {ctx.name(actor)}"
    if where == "younger own or uncontrolled" and c.region in ("ready", "torpor") and c.controller == seat:
        return None if _cap(ctx, v) < _cap(ctx, actor) else f"{ctx.name(v)} is not younger than {ctx.name(actor)}"
    return f"{ctx.name(v)} is not " + ("a vampire in your uncontrolled region" if where == "uncontrolled" else
                                        "a younger vampire you control or in your uncontrolled region")


def bleed_extra_target(ctx: Ctx, seat: int, actor: int, rules: CardRules, mode: Mode, target) -> tuple:
    """A bleed card that gives blood to a vampire when the bleed succeeds names it after the Methuselah bled,
    separated by ';' ("Ben; Nassir"): the Methuselah part, and the frame's record of the vampire."""
    specs = readings(rules, mode)
    if any(x[0] == "bleed_blood_for_crypt_draw" for x in specs) and isinstance(target, str) and ";" in target:
        who, said = (x.strip() for x in target.split(";", 1))   # Enthrall: "Ben; draw"
        if said.lower() != "draw":
            raise Illegal("target", f"{rules.name}: after ';' say draw (to burn 1 blood for a crypt card if the bleed "
                                    "succeeds), or nothing")
        from vtes_desktop.engine.state import Mod

        return (who or None), (Mod("crypt_draw_said", 0, actor, None),)
    spec = next((x for x in specs if x[0] == "bleed_add_blood"), None)
    if spec is None or not isinstance(target, str) or ";" not in target:
        return target, ()
    who, name = (x.strip() for x in target.split(";", 1))
    try:
        v = flow.ref(ctx, seat, name)
    except (Malformed, Illegal):
        raise Illegal("target", f"{rules.name}: {name!r} is not a vampire of yours") from None
    why = _blood_candidate_refusal(ctx, seat, actor, v, spec[2])
    if why:
        raise Illegal("target", f"{rules.name}: {why}")
    from vtes_desktop.engine.state import Mod

    return (who or None), (Mod("chosen_card", 0, v, None),)


def _bleed_add_blood(ctx: Ctx, f: ActionFrame, spec: tuple) -> None:
    st = ctx.st
    name = ctx.name(f.card)
    v = next((m.minion for m in f.mods if m.kind == "chosen_card"), None)
    if v is None:   # not named: the only vampire that fits, if there is one
        cands = [i for r in ("uncontrolled", "ready", "torpor") for i in st.region(f.seat, r)
                 if _blood_candidate_refusal(ctx, f.seat, f.actor, i, spec[2]) is None]
        if len(cands) != 1:
            ctx.emit("fizzles", f"{name}: no vampire was named to get the blood (name it after the Methuselah: "
                                "'Ben; Nassir').")
            return
        v = cands[0]
    if _blood_candidate_refusal(ctx, f.seat, f.actor, v, spec[2]) is not None:
        ctx.emit("fizzles", f"{name}: {ctx.name(v)} can no longer get the blood.")
        return
    c = st.cards[v]
    if c.region == "uncontrolled":
        ctx.update(v, counters=c.counters + spec[1])
    else:
        ctx.set_blood(v, c.counters + spec[1])
    ctx.emit("blood", f"{ctx.name(v)} gets {spec[1]} blood from the bank ({name}).", cards=(v,))


def combat_started(ctx: Ctx, f: ActionFrame) -> None:
    """An action card's combat has begun: "The acting vampire gets +2 strength in that combat" (Purity of the Beast)
    is kept in the combat's record for every round."""
    from vtes_desktop.engine.state import CombatFrame

    cf = ctx.st.top
    if f.card is None or not isinstance(cf, CombatFrame):
        return
    rules, mode = mode_of(ctx, f.card, f.card_level)
    n = sum(x[1] for x in (readings(rules, mode) if mode is not None else []) if x[0] == "combat_strength")
    if n:
        from vtes_desktop.engine.rules_combat import _set_combat

        _set_combat(ctx, cf._replace(used=cf.used | {("strength_bonus", f.actor, n, f.card)}))
        ctx.emit("modifier", f"{ctx.name(f.actor)} gets +{n} strength in this combat ({ctx.name(f.card)}).",
                 cards=(f.actor,))


def bleed_blocked(ctx: Ctx, f: ActionFrame) -> None:
    """A bleed action was blocked: Dream World's bleed bonus ends."""
    st = ctx.st
    if st.marks and (f.kind == "bleed" or f.effect == "bleed"):
        gone = {m for m in st.marks if len(m) == 4 and m[1] == _DREAM}
        if gone:
            st.marks = st.marks - gone
            ctx.emit("modifier", "A bleed action is blocked: Dream World's +1 bleed ends.")


# --- third pass: clauses of action cards put on a vampire ---------------------------------------------------------

_HUNT_EXTRA = "extra hunt blood used in turn"
_BLOCK_TAX = "blockers of the chosen burn blood"
NEXT_OUST_REWARD = "next oust reward"     # Political Flux: the mark Ctx.oust reads (and removes)


def _attached_specs(ctx: Ctx, minion: int, kind: str) -> list[tuple[int, tuple]]:
    """(card, reading) of the action cards on *minion* with a reading of *kind*, at the card's own level (every
    level's readings when the card's level is not known)."""
    out = []
    for a in ctx.st.attached.get(minion, ()):
        rules = ctx.rules(a)
        if "Action" not in rules.types:
            continue
        mode = rules.mode(ctx.st.cards[a].level)
        modes = [mode] if mode is not None else rules.modes
        seen = set()
        for md in modes:
            for x in readings(rules, md):
                if x[0] == kind and x not in seen:
                    seen.add(x)
                    out.append((a, x))
    return out


def named_play_refusal(ctx: Ctx, minion: int, name: str) -> str | None:
    """Preternatural Strength: "They cannot play cards named ..." - why *minion* cannot play a card *name*d so."""
    if not ctx.st.attached.get(minion):
        return None
    for a, x in _attached_specs(ctx, minion, "no_play_named"):
        if x[1].lower() == name.lower():
            return f"{ctx.name(minion)} cannot play cards named {name} while {ctx.name(a)} is on it"
    return None


def hunt_extra(ctx: Ctx, actor: int) -> int:
    """Harvest Rites: the first successful hunt each turn of the vampire the card is on gains it *n* more blood
    (the card is marked as used this turn). Also remembers the hunt when it gives blood (Songs of the Distant Vitae)."""
    st = ctx.st
    c = st.cards[actor]
    if c.counters < _cap(ctx, actor):   # a hunt is successful for Songs of the Distant Vitae only if it gains blood
        st.marks = st.marks | {(("minion", actor), HUNTED, st.turn)}
    if not st.attached.get(actor):
        return 0
    n = 0
    for a, x in _attached_specs(ctx, actor, "hunt_extra_once"):
        mark = (a, _HUNT_EXTRA, st.turn)
        if mark in st.marks:
            continue
        st.marks = st.marks | {mark}
        n += x[1]
    return n


def master_tax(ctx: Ctx, seat: int) -> int:
    """Walks-With-Might: pool more that *seat* pays to play a master card, for the allies it controls that say so."""
    st = ctx.st
    n = 0
    for iid in st.region(seat, "ready"):
        if st.cards[iid].controller != seat or "Ally" not in ctx.cdef(iid).types:
            continue
        n += sum(x[1] for x in _ally_specs(ctx, iid) if x[0] == "ally_master_tax")
    return n


# --- "all X are burned; any Methuselah can keep theirs by repaying their pool cost" -------------------------------

_KEEP = "kept by repaying"
_KEEP_WORDS = {"location": "locations", "ally": "allies", "weapon": "weapons"}


def _keep_holder(ctx: Ctx, iid: int, host: dict[int, int]) -> int:
    """The Methuselah who controls a card in play (for a card on a minion, the minion's controller)."""
    st = ctx.st
    h = host.get(iid)
    return st.cards[h].controller if h is not None and h in st.cards else st.cards[iid].controller


def _keep_candidates(ctx: Ctx, what: str) -> tuple[list[int], dict[int, int]]:
    """Every card in play of *what* ("location", "ally", "weapon"), and the map card on a minion -> that minion."""
    st = ctx.st
    host = {a: h for h, cards in st.attached.items() for a in cards}
    out = []
    for iid, c in st.cards.items():
        if c.region not in ("in_play", "attached", "ready", "torpor"):
            continue
        rules = ctx.rules(iid)
        if what == "ally":
            fits = "Ally" in rules.types and c.region in ("ready", "torpor")
        elif what == "location":
            fits = "location" in rules.keywords and c.region in ("in_play", "attached")
        else:
            fits = "weapon" in rules.keywords and c.region == "attached"
        if fits:
            out.append(iid)
    return sorted(out), host


def _repay(ctx: Ctx, iid: int) -> int:
    cost = ctx.cdef(iid).pool_cost
    return int(cost) if isinstance(cost, (int, str)) and str(cost).isdigit() else 0


def _open_keep_choices(ctx: Ctx, f: ReferendumFrame, rules: CardRules, what: str) -> None:
    """Each Methuselah now names the cards of *what* they keep (or none), with a `terms` step of their own."""
    from vtes_desktop.engine.state import Impulse, ManualFrame

    top = ctx.st.top
    imp = top.imp if top is not None and hasattr(top, "imp") else Impulse((f.seat,))
    words = _KEEP_WORDS[what]
    flow.push(ctx, ManualFrame(imp=imp._replace(at=0, passes=0),
                               what=f"each Methuselah's choice of the {words} kept from {rules.name}", card=f.card))
    ctx.emit("choose", f"{rules.name}: all {words} are burned; each Methuselah names the {words} they keep by "
                       "repaying their pool cost, separated by ';', or none (terms).")


def _keep_choice(ctx: Ctx, f, rules: CardRules, what: str, seat: int, choice: str) -> None:
    """One Methuselah's kept cards, paid at once; when every Methuselah has chosen, the others burn."""
    st = ctx.st
    name = rules.name
    words = _KEEP_WORDS[what]
    done = {m[1]: m[2] for m in st.marks if len(m) == 3 and m[0] == (_KEEP, f.card)}
    if seat in done:
        raise Illegal("terms", f"{ctx.seat_name(seat)} has already chosen the {words} they keep from {name}")
    cands, host = _keep_candidates(ctx, what)
    kept: list[int] = []
    if choice.strip().lower() != "none":
        for part in (p_.strip() for p_ in choice.split(";")):
            if not part:
                continue
            try:
                iid = flow.ref(ctx, seat, part)
            except (Malformed, Illegal):
                raise Illegal("terms", f"{name}: {part!r} is not one of your {words} in play") from None
            if iid not in cands or _keep_holder(ctx, iid, host) != seat:
                raise Illegal("terms", f"{name}: {ctx.name(iid)} is not one of {poss(ctx.seat_name(seat))} {words} in play")
            if iid in kept:
                raise Illegal("terms", f"{name}: {ctx.name(iid)} is named twice")
            kept.append(iid)
    cost = sum(_repay(ctx, i) for i in kept)
    if cost > st.seats[seat].pool:
        raise Illegal("terms", f"{name}: keeping these costs {cost} pool; {ctx.seat_name(seat)} has "
                               f"{st.seats[seat].pool}")
    st.marks = st.marks | {((_KEEP, f.card), seat, tuple(kept))}
    ctx.emit("terms", f"{ctx.seat_name(seat)} keeps " + (", ".join(ctx.name(i) for i in kept) or f"no {words}")
             + f" ({name}).", cards=tuple(kept))
    if cost:
        ctx.pool(seat, -cost, f"{name}: repaying")
    done[seat] = tuple(kept)
    if any(s not in done for s in st.live_seats()):
        return
    st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == (_KEEP, f.card)))
    flow.pop(ctx)
    saved = {i for k in done.values() for i in k}
    for iid in _keep_candidates(ctx, what)[0]:
        if iid not in saved and st.cards[iid].region in ("in_play", "attached", "ready", "torpor"):
            ctx.burn(iid, name)


# --- "each <clan> can choose to become Camarilla" (Giovanni Acceptance, Invitation Accepted, ...) ---------------

_ACCEPT_CHOICE = "chose to become camarilla"
_ACCEPT_ENTERED = "may become camarilla"


def _clan_vampire_refusal(ctx: Ctx, seat: int, v: int, clan: str, name: str) -> str | None:
    c = ctx.st.cards[v]
    if c.controller != seat or c.region not in ("ready", "torpor") or not ctx.is_vampire(c) or c.contested:
        return f"{name}: {ctx.name(v)} is not a vampire {ctx.seat_name(seat)} controls"
    if not any(_same_clan(k, clan) for k in ctx.cdef(v).clans):
        return f"{name}: {ctx.name(v)} is not {clan.title()}"
    if (ctx.sect(c) or "").lower() == "camarilla":
        return f"{name}: {ctx.name(v)} is already Camarilla"
    return None


def _become_camarilla(ctx: Ctx, v: int, name: str) -> None:
    ctx.update(v, sect="Camarilla")
    ctx.emit("sect", f"{ctx.name(v)} becomes Camarilla ({name}).", cards=(v,))


def _open_accept_choices(ctx: Ctx, f: ReferendumFrame, rules: CardRules, clan: str) -> None:
    """Each Methuselah now names the vampires of *clan* they control that become Camarilla (or none)."""
    from vtes_desktop.engine.state import Impulse, ManualFrame

    top = ctx.st.top
    imp = top.imp if top is not None and hasattr(top, "imp") else Impulse((f.seat,))
    flow.push(ctx, ManualFrame(imp=imp._replace(at=0, passes=0),
                               what=f"each Methuselah's choice of the {clan.title()} who become Camarilla",
                               card=f.card))
    ctx.emit("choose", f"{rules.name}: each Methuselah names the {clan.title()} vampires they control that become "
                       "Camarilla, separated by ';', or none (terms).")


def _accept_choice(ctx: Ctx, f, rules: CardRules, clan: str, seat: int, choice: str) -> None:
    st = ctx.st
    name = rules.name
    done = {m[1] for m in st.marks if len(m) == 3 and m[0] == (_ACCEPT_CHOICE, f.card)}
    if seat in done:
        raise Illegal("terms", f"{ctx.seat_name(seat)} has already chosen for {name}")
    picked: list[int] = []
    if choice.strip().lower() != "none":
        for part in (p_.strip() for p_ in choice.split(";")):
            if not part:
                continue
            try:
                v = flow.ref(ctx, seat, part)
            except (Malformed, Illegal):
                raise Illegal("terms", f"{name}: {part!r} is not a {clan.title()} vampire you control") from None
            why = _clan_vampire_refusal(ctx, seat, v, clan, name)
            if why:
                raise Illegal("terms", why)
            if v not in picked:
                picked.append(v)
    st.marks = st.marks | {((_ACCEPT_CHOICE, f.card), seat, tuple(picked))}
    if not picked:
        ctx.emit("terms", f"{ctx.seat_name(seat)} keeps their vampires' sects ({name}).")
    for v in picked:
        _become_camarilla(ctx, v, name)
    if any(s not in done | {seat} for s in st.live_seats()):
        return
    st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == (_ACCEPT_CHOICE, f.card)))
    flow.pop(ctx)


def entered_play(ctx: Ctx, iid: int) -> None:
    """A vampire came into play: with an "as any <clan> enters play, they can choose to become Camarilla" card in
    play for its clan, its controller may now make it Camarilla (a `use` of that card, this phase); with
    Masquerade Enforcement in play, its controller burns 1 pool."""
    st = ctx.st
    st.marks = st.marks | {(("minion", iid), ENTERED_PLAY, st.turn)}   # Chameleon: "who entered play since ..."
    tax, names = _in_play_tax(ctx, "influence_tax")
    if tax:
        ctx.pool(st.cards[iid].controller, -tax, names)
    clans = ctx.cdef(iid).clans
    if not clans:
        return
    for seat in range(len(st.seats)):
        for a in st.region(seat, "in_play"):
            if st.cards[a].contested or "accept_enter" not in _keys(ctx, a):
                continue
            clan = next(x[1] for x in _card_specs_any(ctx, a) if x[0] == "accept_enter")
            if any(_same_clan(k, clan) for k in clans):
                st.phase_flags = st.phase_flags | {(_ACCEPT_ENTERED, iid)}
                return


def _accept_use(ctx: Ctx, cmd, iid: int) -> bool:
    st = ctx.st
    name = ctx.name(iid)
    if st.cards[iid].contested:
        raise Illegal("use", f"{name} is contested")
    clan = next(x[1] for x in _card_specs_any(ctx, iid) if x[0] == "accept_enter")
    if cmd.minion is None:
        raise Malformed("minion", f"{name}: name the {clan.title()} vampire that becomes Camarilla as `minion`")
    v = flow.ref(ctx, cmd.seat, cmd.minion, what="vampire")
    why = _clan_vampire_refusal(ctx, cmd.seat, v, clan, name)
    if why:
        raise Illegal("use", why)
    if (_ACCEPT_ENTERED, v) not in st.phase_flags:
        raise Illegal("timing", f"{name}: a {clan.title()} chooses to become Camarilla as it enters play")
    st.phase_flags = st.phase_flags - {(_ACCEPT_ENTERED, v)}
    _become_camarilla(ctx, v, name)
    return True


def pay_block_tax(ctx: Ctx, f: ActionFrame, m: int) -> None:
    """Sabbat Priest, Camarilla Exemplary: a vampire attempting to block the chosen vampire burns 1 blood for each
    such card (what it has: it can block with none)."""
    st = ctx.st
    if not st.marks or not ctx.is_vampire(st.cards[m]):
        return
    n = sum(mk[3] for mk in st.marks if len(mk) == 4 and mk[1] == _BLOCK_TAX and mk[2] == f.actor)
    if not n:
        return
    c = st.cards[m]
    paid = min(n, c.counters)
    if paid:
        ctx.update(m, counters=c.counters - paid)
    ctx.emit("paid", f"{ctx.name(m)} burns {paid} blood to attempt to block {ctx.name(f.actor)}.", cards=(m,))


def _in_play_tax(ctx: Ctx, key: str) -> tuple[int, str]:
    """The sum of the *key* readings ("influence_tax", "discard_tax") of the political action cards in play, and
    their names."""
    st = ctx.st
    n, names = 0, []
    for seat in range(len(st.seats)):
        for a in st.region(seat, "in_play"):
            if not st.cards[a].contested and key in _keys(ctx, a):
                n += sum(x[1] for x in _card_specs_any(ctx, a) if x[0] == key)
                if ctx.name(a) not in names:
                    names.append(ctx.name(a))
    return n, ", ".join(names)


def pay_discard_tax(ctx: Ctx, seat: int) -> None:
    """Camarilla Threat: the discard phase action costs 1 pool more for each copy in play (refused without it)."""
    tax, names = _in_play_tax(ctx, "discard_tax")
    if not tax:
        return
    if ctx.st.seats[seat].pool < tax:
        raise Illegal("cost", f"the discard phase action costs {tax} pool more ({names}); "
                              f"{ctx.seat_name(seat)} has {ctx.st.seats[seat].pool}")
    ctx.pool(seat, -tax, names)


# --- Might of the Camarilla: each Methuselah burns a vampire of their uncontrolled region --------------------------

_UNC_BURN = "burns from the uncontrolled region"


def _uncontrolled_burn_choice(ctx: Ctx, f, rules: CardRules, seat: int, choice: str) -> None:
    st = ctx.st
    name = rules.name
    done = {m[1]: m[2] for m in st.marks if len(m) == 3 and m[0] == (_UNC_BURN, f.card)}
    if seat in done:
        raise Illegal("terms", f"{ctx.seat_name(seat)} has already chosen for {name}")
    mine = [i for i in st.region(seat, "uncontrolled") if ctx.is_vampire(st.cards[i])]
    v = None
    if choice.strip().lower() == "none":
        if mine:
            raise Illegal("terms", f"{name}: {ctx.seat_name(seat)} has a vampire in their uncontrolled region to burn")
    else:
        try:
            v = flow.ref(ctx, seat, choice)
        except (Malformed, Illegal):
            raise Illegal("terms", f"{name}: {choice.strip()!r} is not a vampire in your uncontrolled region") from None
        if v not in mine:
            raise Illegal("terms", f"{name}: {ctx.name(v)} is not a vampire in {poss(ctx.seat_name(seat))} "
                                   "uncontrolled region")
    st.marks = st.marks | {((_UNC_BURN, f.card), seat, v)}
    ctx.emit("terms", f"{ctx.seat_name(seat)} chooses " + ("no vampire" if v is None else "a vampire")
             + f" to burn ({name}).")
    done[seat] = v
    if any(s not in done for s in st.live_seats()):
        return
    st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == (_UNC_BURN, f.card)))
    flow.pop(ctx)
    for s in sorted(done):
        if done[s] is not None and st.cards[done[s]].region == "uncontrolled":
            ctx.burn(done[s], name)


# --- Auto-da-fe: the chosen vampire's controller burns pool or the vampire -----------------------------------------

_PAYS_OR_BURNS = "the controller burns pool or the vampire:"


def _pays_or_burns_cost(ctx: Ctx, card: int, v: int) -> int:
    rules = ctx.rules(card)
    n = next(x[1] for m in rules.modes for x in readings(rules, m) if x[0] == "controller_pays_or_burns")
    return max(n - _cap(ctx, v), 0)


def _pays_or_burns_choice(ctx: Ctx, f, rules: CardRules, seat: int, choice: str) -> None:
    st = ctx.st
    name = rules.name
    v = int(f.what.rsplit(" ", 1)[1])
    c = st.cards[v]
    if seat != c.controller:
        raise Illegal("terms", f"{name}: {ctx.seat_name(c.controller)}, who controls {ctx.name(v)}, chooses")
    how = choice.strip().lower()
    if how not in ("pool", "vampire"):
        raise Malformed("terms", f"{name}: say pool (burn {_pays_or_burns_cost(ctx, f.card, v)} pool) or vampire "
                                 f"(burn {ctx.name(v)})")
    flow.pop(ctx)
    if c.region not in ("ready", "torpor"):
        return
    if how == "vampire":
        ctx.burn(v, name)
    else:
        ctx.pool(seat, -_pays_or_burns_cost(ctx, f.card, v), name)


# --- fourth pass (session 3): actions by a vampire in torpor; "at the end of that combat" -----------------------

def torpor_action(ctx: Ctx, cmd, m: int) -> str | None:
    """An action card "only usable by a vampire in torpor" (Rapid Healing, Regeneration): announced by *m* in torpor
    (the card's own requirement refuses a ready vampire). "locked ok" when the card is also usable by a locked
    vampire (Recure of the Homeland; Movement of the Slow Body, refused to an unlocked one), "unlocked" otherwise,
    None for any other card."""
    try:
        iid = flow.ref(ctx, cmd.seat, cmd.card)
    except (Malformed, Illegal):
        return None
    rules = ctx.rules(iid)
    if "Action" not in rules.types or not rules.modes:
        return None
    modes = [md for md in rules.modes if "in torpor" in md.only]
    if not modes and all("locked" in md.only for md in rules.modes):   # Force of Will: only by a locked vampire
        c = ctx.st.cards[m]
        if c.region != "ready":
            return None
        if not c.locked:
            raise Illegal("locked", f"{rules.name} is only usable by a locked vampire; {ctx.name(m)} is unlocked")
        return "locked ok"
    if len(modes) < len(rules.modes):   # Resume the Coil: only its basic level is an action of a vampire in torpor
        lvl = modes[0].level if len(modes) == 1 and modes[0].level else ""
        if not lvl or cmd.level != ("superior" if lvl.isupper() else "basic"):
            return None
    if all("locked" in md.only for md in modes):
        if ctx.st.cards[m].region == "torpor" and not ctx.st.cards[m].locked:
            raise Illegal("locked", f"{rules.name} is only usable by a locked vampire in torpor; {ctx.name(m)} is "
                                    "unlocked")
        return "locked ok"
    return "locked ok" if any("may be locked" in md.also for md in rules.modes) else "unlocked"


def no_combat_when_blocked(ctx: Ctx, f: ActionFrame) -> bool:
    """A blocked action card by a vampire in torpor: "If this action is blocked, there is no combat" and the blocking
    vampire may diablerize the acting one (as for the leave torpor action)."""
    if f.card is None or f.kind != "card":
        return False
    rules, mode = mode_of(ctx, f.card, f.card_level)
    specs = readings(rules, mode) if mode is not None else []
    return (any(s[0] == "blocked_no_combat" for s in specs) and any(s[0] == "blocked_diablerie" for s in specs)) \
        or any(s[0] == "blocked_no_combat_diablerie" for s in specs)


def blocked_grants(ctx: Ctx, f: ActionFrame) -> tuple:
    """Skullduggery [obf]: the acting minion's optional maneuver in the combat that follows the block; Dive Bomb: the
    blocking minion's optional press in that combat's first round."""
    if f.card is None or f.kind != "card":
        return ()
    rules, mode = mode_of(ctx, f.card, f.card_level)
    if f.effect != "bleed":
        specs = readings(rules, mode) if mode is not None else []
        return tuple((f.blocker, s[1], 1) for s in specs if s[0] == "blocker_first_round_grant" and f.blocker)
    n = sum(1 for s in (readings(rules, mode) if mode is not None else [])
            if s[0] == "bleed_card_stealth" and s[2] == "prey, maneuver if blocked")
    return ((f.actor, "maneuver", n),) if n else ()


def _plan_fourth(ctx: Ctx, seat: int, actor: int, rules: CardRules, mode: Mode, target, out: dict,
                 cost: int | None = None) -> None:
    """Fourth-pass targets and choices: the conditional stealth of the action (Nosferatu Performance Art), a chosen
    Methuselah (Edged Illusion), the Edge burned (Off Kilter), the uncontrolled minion bled of 1 blood (The Trick of
    the Danya)."""
    specs = readings(rules, mode)
    st = ctx.st
    from vtes_desktop.engine.state import Mod

    if any(s[0] == "rave_move" for s in specs):
        out["mods"] = tuple(out.get("mods", ())) + _rave_plan(ctx, seat, actor, rules.name, target)
    if any(s[0] == "circle_redistribute" for s in specs):
        out["mods"] = tuple(out.get("mods", ())) + _redistribution_plan(ctx, seat, actor, rules.name, target)
    if any(s[0] == "magaji_lock_two" for s in specs):
        _sires_plan(ctx, seat, actor, rules.name, target, out)
    if any(s[0] == "random_prey_monster" for s in specs):   # Muse of Flame: directed at your prey
        out["target_seat"] = st.prey(seat)
    if any(s[0] == "taunt_pick" for s in specs):
        out["mods"] = tuple(out.get("mods", ())) + _taunt_plan(ctx, seat, rules.name, target)
    for s in specs:
        k = s[0]
        if k == "cond_stealth" and s[1] == "actor capacity>5" and _cap(ctx, actor) > 5:
            out["base_stealth"] = mode.action_stealth + s[2]
        elif k == "on_target" and s[2] == (("take_vampire",),) and "target_card" in out:   # Chameleon: X = cost
            cap = _cap(ctx, out["target_card"])
            if cost is None or cap != cost:
                raise Illegal("cost", f"{rules.name}: X is the blood you pay (cost); {ctx.name(out['target_card'])} has "
                                      f"capacity {cap}, so pay cost {cap}")
        elif k == "cond_stealth" and s[1] == "own target" and out.get("target_card") is not None \
                and st.cards[out["target_card"]].controller == seat:   # Rampage on your own location
            out["base_stealth"] = mode.action_stealth + s[2]
        elif k == "choose_own_uncontrolled" and any(x[0] in ("unc_blood_to_chosen", "blood_to_chosen_unc") for x in specs):
            src_needed = any(x[0] == "unc_blood_to_chosen" for x in specs)   # Undue Influence [chi] / [qui]
            parts = [x.strip() for x in str(target or "").split(";") if x.strip()]
            if len(parts) != (2 if src_needed else 1):
                raise Illegal("target", f"{rules.name}: name " + ("the crypt card the blood comes from, then after ';' "
                                                                 "the chosen vampire of your uncontrolled region"
                                                                 if src_needed else
                                                                 "the chosen vampire of your uncontrolled region"))
            try:
                refs = [flow.ref(ctx, seat, p_) for p_ in parts]
            except (Malformed, Illegal):
                raise Illegal("target", f"{rules.name}: {target!r} does not name cards in uncontrolled regions") from None
            chosen = refs[-1]
            cc = st.cards[chosen]
            if cc.region != "uncontrolled" or cc.controller != seat or not ctx.is_vampire(cc):
                raise Illegal("target", f"{rules.name}: {ctx.name(chosen)} is not a vampire in your uncontrolled region")
            mods = (Mod("chosen_card", 0, chosen, None),)
            if src_needed:
                src = refs[0]
                sc = st.cards[src]
                if sc.region != "uncontrolled" or not ctx.cdef(src).is_crypt or src == chosen or sc.counters < 1:
                    raise Illegal("target", f"{rules.name}: {ctx.name(src)} is not another crypt card with blood in an "
                                            "uncontrolled region")
                mods += (Mod("blood_source", 0, src, None),)
                out["target_seat"] = sc.controller
            out["mods"] = out.get("mods", ()) + mods
        elif k == "lock_x_minus_1":   # Command the Legion: X-1 ready allies or younger vampires (one any at superior)
            if cost is None or cost < 1:
                raise Illegal("cost", f"{rules.name}: say X, the blood you pay, as the cost")
            names = [x.strip() for x in str(target or "").split(";") if x.strip()]
            if len(names) != cost - 1:
                raise Illegal("target", f"{rules.name}: name X-1 = {cost - 1} allies or younger vampires, separated by ';'")
            picked, older = [], 0
            for nm in names:
                try:
                    v = flow.ref(ctx, seat, nm)
                except (Malformed, Illegal):
                    raise Illegal("target", f"{rules.name}: {nm!r} is not a minion in play") from None
                c = st.cards[v]
                ally = "Ally" in ctx.cdef(v).types and c.region == "ready"
                vamp = ctx.is_vampire(c) and c.region == "ready"
                if c.contested or v in picked or not (ally or vamp):
                    raise Illegal("target", f"{rules.name}: {ctx.name(v)} is not a ready ally or vampire")
                if vamp and _cap(ctx, v) >= _cap(ctx, actor):
                    older += 1
                picked.append(v)
            if older > (1 if any(x[0] == "lock_x_one_any" for x in specs) else 0):
                raise Illegal("target", f"{rules.name}: the vampires must be younger than {ctx.name(actor)}"
                              + (" (one only may be the same age or older)" if older > 1 else ""))
            out["mods"] = out.get("mods", ()) + tuple(Mod("chosen_card", 0, v, None) for v in picked)
        elif k == "equip_from_hand":   # Anonymous Freight: the equipment card in hand, named as the target
            try:
                eq = flow.ref(ctx, seat, target) if target is not None else None
            except (Malformed, Illegal):
                eq = None
            kinds = {"Equipment", "Retainer"} if s[1] == "equipment or retainer" else {"Equipment"}
            if eq is None or st.cards[eq].region != "hand" or st.cards[eq].owner != seat \
                    or not kinds & set(ctx.cdef(eq).types) or (s[1] == "non-location" and (
                        "location" in ctx.rules(eq).keywords
                        or "represents a location" in (ctx.cdef(eq).text or "").lower())):
                raise Illegal("target", f"{rules.name}: name " + ("an equipment or retainer card" if s[1] ==
                                                                 "equipment or retainer" else
                                                                 "a non-location equipment card") + " in your hand")
            why = _equip_refusal(ctx, seat, actor, eq, _cost_cut(specs))
            if why:
                raise Illegal("requirements", f"{rules.name}: {why}")
            out["target_card"] = eq
        elif k == "special_hunt":   # Psychophagia's "+1 stealth hunt action"
            out["base_stealth"] = mode.action_stealth + s[1]
        elif k == "on_target" and s[2] == (("orun_exile",),) and "target_card" in out:   # Exile [PRE]
            need = -(-_cap(ctx, out["target_card"]) // 2)
            if len(_unlocked_orun(ctx, actor)) < need:
                raise Illegal("cost", f"{rules.name}: {ctx.name(actor)} needs {need} unlocked Orun to send "
                                      f"{ctx.name(out['target_card'])} (capacity {_cap(ctx, out['target_card'])})")
        elif k == "remove_ash_ally_blood":   # Psychophagia: "Ally" for 3 blood, "Ally; unlock" for 2 blood and unlock
            text = str(target or "")
            ally_name, _, how = (x.strip() for x in text.partition(";"))
            card = ctx.db.lookup(ally_name) if ally_name else None
            hit = next((i for x in range(len(st.seats)) for i in st.region(x, "ash_heap")
                        if card is not None and st.cards[i].cid == card.id), None)
            if hit is None or "Ally" not in ctx.cdef(hit).types:
                raise Illegal("target", f"{rules.name}: name an ally in an ash heap (add '; unlock' for 2 blood and to "
                                        "unlock, else 3 blood)")
            if how and how.lower() != "unlock":
                raise Illegal("target", f"{rules.name}: after ';' say unlock (2 blood and unlock), or nothing (3 blood)")
            out["mods"] = out.get("mods", ()) + (Mod("chosen_card", 1 if how else 0, hit, None),)
        elif k == "target_methuselah":
            who = _seat_named(ctx, str(target)) if target is not None else None
            if who is None or st.seats[who].ousted:
                raise Illegal("target", f"{rules.name}: name the Methuselah you choose")
            if who == seat:
                raise Illegal("target", f"{rules.name} is a directed action: choose another Methuselah")
            out["target_seat"] = who
        elif k == "edge_else_burn_pool" and target is not None:
            if str(target).strip().lower() not in ("the edge", "edge"):
                raise Illegal("target", f"{rules.name}: say 'the Edge' to burn the Edge for {s[1]} more pool, or "
                                        "nothing")
            if st.edge != seat:
                raise Illegal("target", f"{rules.name}: {ctx.seat_name(seat)} does not have the Edge to burn")
            out["mods"] = out.get("mods", ()) + (Mod("burn_edge", 1, None, None),)
        elif k == "remove_ash_ally_for" and s is next(x for x in specs if x[0] == k):   # Putrescent Sustenance
            text = str(target or "")
            ally_name, _, zombie_name = (x.strip() for x in text.partition(";"))
            card = ctx.db.lookup(ally_name) if ally_name else None
            hit = next((i for x in range(len(st.seats)) for i in st.region(x, "ash_heap")
                        if card is not None and st.cards[i].cid == card.id), None)
            if hit is None or "Ally" not in ctx.cdef(hit).types:
                raise Illegal("target", f"{rules.name}: name an ally in an ash heap (and, after ';', a zombie ally you "
                                        "control to get the life; else the acting vampire gains the blood)")
            mods = (Mod("chosen_card", 0, hit, None),)
            if zombie_name:
                try:
                    z = flow.ref(ctx, seat, zombie_name)
                except (Malformed, Illegal):
                    raise Illegal("target", f"{rules.name}: {zombie_name!r} is not a zombie ally you control") from None
                zc = st.cards[z]
                if "Ally" not in ctx.cdef(z).types or zc.region != "ready" or zc.controller != seat \
                        or "zombie" not in ctx.rules(z).keywords:
                    raise Illegal("target", f"{rules.name}: {ctx.name(z)} is not a zombie ally you control")
                mods += (Mod("putrescent_to", 0, z, None),)
            out["mods"] = out.get("mods", ()) + mods
        elif k == "discard_copy_damage" and s is next(x for x in specs if x[0] == k):   # Shattering Crescendo
            text = str(target or "")
            names = [x.strip() for x in re.split(r";" if ";" in text else r",", text) if x.strip()]
            if not names or len(names) > s[1]:
                raise Illegal("target", f"{rules.name}: name one or two ready minions of a single other Methuselah, "
                                        "separated by ';'")
            picked = []
            for nm in names:
                try:
                    v = flow.ref(ctx, seat, nm)
                except (Malformed, Illegal):
                    raise Illegal("target", f"{rules.name}: {nm!r} is not a minion in play") from None
                c = st.cards[v]
                if not ctx.is_minion(c) or c.region != "ready" or c.contested or c.controller == seat or v in picked:
                    raise Illegal("target", f"{rules.name}: {ctx.name(v)} is not a ready minion of another Methuselah")
                picked.append(v)
            if len({st.cards[v].controller for v in picked}) > 1:
                raise Illegal("target", f"{rules.name}: the minions must be controlled by a single Methuselah")
            card_iid = next((i for i in st.region(seat, "hand") if st.cards[i].cid == rules.card_id
                             and st.cards[i].region == "hand"), None)
            if card_iid is None:
                raise Illegal("cost", f"{rules.name}: discard a second {rules.name} from your hand to play it at this level")
            out["target_seat"] = st.cards[picked[0]].controller
            out["mods"] = out.get("mods", ()) + tuple(Mod("chosen_card", 0, v, None) for v in picked)
        elif k == "danya":
            text = str(target or "")
            src_name, _, dest_name = (x.strip() for x in text.partition(";"))
            if not src_name:
                raise Illegal("target", f"{rules.name}: name the minion in your prey's uncontrolled region (and, after "
                                        "';', a vampire in your uncontrolled region to get the blood; else your pool)")
            try:
                src = flow.ref(ctx, seat, src_name)
            except (Malformed, Illegal):
                raise Illegal("target", f"{rules.name}: {src_name!r} is not in your prey's uncontrolled region") from None
            c = st.cards[src]
            if c.region != "uncontrolled" or c.controller != st.prey(seat) or not ctx.cdef(src).is_crypt:
                raise Illegal("target", f"{rules.name}: {ctx.name(src)} is not in your prey's uncontrolled region")
            if c.counters < 1:
                raise Illegal("target", f"{rules.name}: {ctx.name(src)} has no blood")
            mods = (Mod("chosen_card", 0, src, None),)
            if dest_name:
                try:
                    dest = flow.ref(ctx, seat, dest_name)
                except (Malformed, Illegal):
                    raise Illegal("target", f"{rules.name}: {dest_name!r} is not in your uncontrolled region") from None
                dc = st.cards[dest]
                if dc.region != "uncontrolled" or dc.controller != seat or not ctx.is_vampire(dc):
                    raise Illegal("target", f"{rules.name}: {ctx.name(dest)} is not a vampire in your uncontrolled region")
                mods += (Mod("danya_to", 0, dest, None),)
            out["mods"] = out.get("mods", ()) + mods


_ONE_OR_MORE = frozenset({"ally or younger vampire of predator or prey"})
BLOOD_HUNT_VOTES = "votes in the blood hunt on them"   # (("minion", iid), this, n, turn): Fire on the Mountain
BLOOD_HUNT_FOR_ONLY = "only these clans vote for the blood hunt on them"   # (..., this, clans, turn): Warding the Beast
HUNTED = "hunted and gained blood"   # (("minion", iid), this, turn): hunt_extra records it
ENTERED_PLAY = "entered play"   # (("minion", iid), this, turn): as a crypt card moves into play (entered_play)
_OWN_TARGET_UNDIRECTED = frozenset({"any location", "location not requiring giovanni"})
MINION_BONUS = "bonus from an action card"   # (("minion", iid), this, stat, n, turn): Gear Up
NO_REACTIONS_TURN = "cannot play reactions this turn"   # Expulsion: rules_action._play_reaction reads it
UNLOCK_END_OF_ACTION = "unlocks at the end of the action"   # Augur, Big Game: (("minion", iid), this, turn)
NO_BLOCK_VOTE_TURN = "cannot block or vote this turn"   # Shared Nightmare's mark: (("minion", iid), this, turn)


def _unlocked_orun(ctx: Ctx, v: int) -> list[int]:
    st = ctx.st
    return [a for a in st.attached.get(v, ()) if ctx.cdef(a).name == "Orun" and not st.cards[a].locked]


def _apply_fourth_op(ctx: Ctx, f: ActionFrame, t: int, op: tuple, name: str, ops: tuple = ()) -> None:
    st = ctx.st
    c = st.cards[t]
    k = op[0]
    if k == "crypt_bottom":   # Memory's Fading Glimpse: its blood to the prey's pool (1 to the acting vampire at superior)
        n = c.counters
        share = min(n, sum(o[1] for o in ops if o[0] == "blood_to_actor"))
        seat = c.controller if c.controller is not None else c.owner
        if share and st.cards[f.actor].region in ("ready", "torpor"):
            before = st.cards[f.actor].counters
            got = ctx.set_blood(f.actor, before + share)
            ctx.emit("blood", f"{ctx.name(f.actor)} takes {got.counters - before} blood from {ctx.name(t)} ({name}).",
                     cards=(f.actor,))
        else:
            share = 0
        ctx.move(t, "crypt", seat=c.owner, top=False, counters=0)
        ctx.emit("moved", f"{ctx.name(t)} goes to the bottom of {poss(ctx.seat_name(c.owner))} crypt ({name}).")
        if any(o[0] == "blood_to_prey_pool" for o in ops) and n - share:
            ctx.pool(seat, n - share, name)
        return
    if k == "diablerize":   # Fire on the Mountain, Warding the Beast: then the blood hunt (with the card's terms)
        if st.cards[f.actor].region != "ready":
            return
        rules, mode = mode_of(ctx, f.card, f.card_level)
        for x in (readings(rules, mode) if mode is not None else []):
            if x[0] == "blood_hunt_votes":
                st.marks = st.marks | {(("minion", f.actor), BLOOD_HUNT_VOTES, x[1], st.turn)}
            elif x[0] == "blood_hunt_for_only":
                st.marks = st.marks | {(("minion", f.actor), BLOOD_HUNT_FOR_ONLY, x[1], st.turn)}
        from vtes_desktop.engine.rules_action import diablerie

        diablerie(ctx, f.actor, t, f.choices)
        return
    if k == "actor_gains_capacity":   # Sacrificial Lamb (excess blood ignored)
        a = st.cards[f.actor]
        if a.region in ("ready", "torpor"):
            got = ctx.set_blood(f.actor, a.counters + _cap(ctx, t))
            ctx.emit("blood", f"{ctx.name(f.actor)} gains {got.counters - a.counters} blood ({name}: {poss(ctx.name(t))} "
                              f"capacity is {_cap(ctx, t)}).", cards=(f.actor,))
        return
    if k == "equipment_to_actor_if_said":
        if any(m.kind == "take_equipment_said" for m in f.mods) and st.cards[f.actor].region in ("ready", "torpor"):
            gear = [x for x in st.attached.get(t, ()) if "Equipment" in ctx.cdef(x).types]
            for x in gear:
                ctx.move(x, "attached", host=f.actor)
                ctx.emit("moved", f"{ctx.name(x)} moves to {ctx.name(f.actor)} ({name}).", cards=(x, f.actor))
            if gear:
                from vtes_desktop.engine.rules_turn import _check_contest

                for x in gear:
                    _check_contest(ctx, x)
        return
    if k == "take_vampire":   # Chameleon: the vampire (and what is on it) moves to the acting Methuselah
        old = c.controller
        ctx.move(t, c.region, seat=f.seat, counters=c.counters, locked=c.locked)
        _retag_attached(ctx, t, f.seat)
        ctx.emit("stolen", f"{ctx.seat_name(f.seat)} takes control of {ctx.name(t)} from {ctx.seat_name(old)} ({name}).",
                 cards=(t,))
        from vtes_desktop.engine.rules_turn import _check_contest

        _check_contest(ctx, t)
        return
    if k == "becomes_anarch":
        if st.cards[t].region in ("ready", "torpor"):
            ctx.update(t, sect="Anarch")
            ctx.emit("anarch", f"{ctx.name(t)} becomes Anarch ({name}).", cards=(t,))
        return
    if k == "unlock_host_at_discard":   # Cleansing Ritual [OBE]: the minion the burned card was on
        if c.host is not None and c.host in st.cards:
            unlock_at_discard(ctx, c.host, f.seat)
        return
    if k == "orun_exile":   # Exile [PRE]: the Orun it needs locked, the vampire to its owner's uncontrolled region
        need = -(-_cap(ctx, t) // 2)
        oruns = _unlocked_orun(ctx, f.actor)
        if len(oruns) < need:
            ctx.emit("fizzles", f"{ctx.name(f.actor)} has {len(oruns)} unlocked Orun, not the {need} needed: {name} has "
                                "no effect.")
            return
        for o in oruns[:need]:
            ctx.update(o, locked=True)
        ctx.move(t, "uncontrolled", seat=c.owner, counters=c.counters, locked=False)
        ctx.emit("banished", f"{ctx.name(f.actor)} locks {need} Orun: {ctx.name(t)} goes to "
                             f"{poss(ctx.seat_name(c.owner))} uncontrolled region ({name}).", cards=(t,))
        return
    if k == "burn_haven_or_lock":   # Brick Laying: a haven on the minion burned, or the minion locked; 1 damage
        from vtes_desktop.engine.rules_combat import inflict

        minion = c.host if c.region == "attached" else t
        if c.region == "attached":
            ctx.burn(t, name)
        elif c.region == "ready" and not c.locked:
            ctx.update(t, locked=True)
            ctx.emit("locked", f"{ctx.name(t)} is locked ({name}).", cards=(t,))
        dmg = sum(o[1] for o in ops if o[0] == "damage_minion")
        if dmg and minion in st.cards and st.cards[minion].region == "ready":
            ctx.emit("damage", f"{ctx.name(minion)} takes {dmg} damage ({name}).", cards=(minion,))
            inflict(ctx, minion, dmg, 0)
        return
    if k == "torpor_or_burn":   # Nosferatu Performance Art: a Toreador to torpor, a Toreador location burned
        if ctx.is_vampire(c):
            ctx.move(t, "torpor", seat=c.controller, counters=c.counters, locked=c.locked, wounded=False)
            ctx.emit("torpor", f"{ctx.name(t)} goes to torpor ({name}).", cards=(t,))
        else:
            ctx.burn(t, name)
    elif k == "same_clan_ready_burn":   # Dismemberment of Osiris
        clans = set(x.lower() for x in ctx.cdef(t).clans)
        for x in st.live_seats():
            for i in st.region(x, "ready"):
                ci = st.cards[i]
                if ctx.is_vampire(ci) and not ci.contested and ci.counters and \
                        any(_same_clan(a, b) for a in clans for b in ctx.cdef(i).clans):
                    ctx.update(i, counters=ci.counters - min(op[1], ci.counters))
                    ctx.emit("blood", f"{ctx.name(i)} burns {min(op[1], ci.counters)} blood ({name}).", cards=(i,))
    elif k == "controller_burns_pool":
        ctx.pool(c.controller, -op[1], name)


def _rave_plan(ctx: Ctx, seat: int, actor: int, name: str, target) -> tuple:
    """Rave: the moves named in the target, `Vampire: N` (blood, or the acting ally's life) and `Vampire: Equipment`
    separated by `;`, each to a ready vampire you control other than the acting minion."""
    from vtes_desktop.engine.state import Mod

    st = ctx.st
    mods = []
    total = 0
    for part in (x.strip() for x in str(target or "").split(";") if x.strip()):
        who, _, what = part.partition(":")
        if not what.strip():
            raise Illegal("target", f"{name}: write each move as 'Vampire: N' (blood) or 'Vampire: Equipment', "
                                    "separated by ';'")
        try:
            v = flow.ref(ctx, seat, who.strip())
        except (Malformed, Illegal):
            raise Illegal("target", f"{name}: {who.strip()!r} is not a card in play") from None
        c = st.cards[v]
        if v == actor or not ctx.is_vampire(c) or c.region != "ready" or c.controller != seat or c.contested:
            raise Illegal("target", f"{name}: {ctx.name(v)} is not another ready vampire you control")
        w = what.strip()
        if w.isdigit():
            total += int(w)
            mods.append(Mod("rave_blood", int(w), v, None))
            continue
        try:
            eq = flow.ref(ctx, seat, w)
        except (Malformed, Illegal):
            raise Illegal("target", f"{name}: {w!r} is neither an amount nor an equipment card") from None
        if "Equipment" not in ctx.cdef(eq).types or st.cards[eq].host != actor or st.cards[eq].region != "attached":
            raise Illegal("target", f"{name}: {ctx.name(eq)} is not an equipment on {ctx.name(actor)}")
        mods.append(Mod("rave_equip", 0, v, eq))
    if total > st.cards[actor].counters:
        raise Illegal("target", f"{name}: {ctx.name(actor)} has {st.cards[actor].counters} blood or life; "
                                f"{total} cannot move")
    return tuple(mods)


def _redistribution_plan(ctx: Ctx, seat: int, actor: int, name: str, target) -> tuple:
    """Redistribution: moves among the ready Blood Brothers of the acting vampire's circle, named in the target as
    `From > To: N` (blood) or `From > To: Equipment`, separated by `;` (none: nothing moves)."""
    from vtes_desktop.engine.state import Mod

    st = ctx.st
    mods = []
    out_of: dict[int, int] = {}

    def member(ref: str) -> int:
        try:
            v = flow.ref(ctx, seat, ref.strip())
        except (Malformed, Illegal):
            raise Illegal("target", f"{name}: {ref.strip()!r} is not a card in play") from None
        c = st.cards[v]
        if not ctx.is_vampire(c) or c.region != "ready" or c.contested or not (v == actor or _same_circle(ctx, v, actor)):
            raise Illegal("target", f"{name}: {ctx.name(v)} is not a ready Blood Brother of this circle")
        return v

    for part in (x.strip() for x in str(target or "").split(";") if x.strip()):
        route, _, what = part.partition(":")
        src, _, dst = route.partition(">")
        if not dst.strip() or not what.strip():
            raise Illegal("target", f"{name}: write each move as 'From > To: N' (blood) or 'From > To: Equipment', "
                                    "separated by ';'")
        a, b = member(src), member(dst)
        if a == b:
            raise Illegal("target", f"{name}: a move goes from one Blood Brother to another")
        w = what.strip()
        if w.isdigit():
            out_of[a] = out_of.get(a, 0) + int(w)
            mods.append(Mod("redis_blood", int(w), b, a))
            continue
        try:
            eq = flow.ref(ctx, seat, w)
        except (Malformed, Illegal):
            raise Illegal("target", f"{name}: {w!r} is neither an amount nor an equipment card") from None
        if "Equipment" not in ctx.cdef(eq).types or st.cards[eq].host != a or st.cards[eq].region != "attached":
            raise Illegal("target", f"{name}: {ctx.name(eq)} is not an equipment on {ctx.name(a)}")
        mods.append(Mod("redis_equip", 0, b, eq))
    for v, n in out_of.items():
        has = st.cards[v].counters + (1 if v == actor else 0)   # the acting vampire gains a blood first
        if n > has:
            raise Illegal("target", f"{name}: {ctx.name(v)} would have {has} blood; {n} cannot move from it")
    return tuple(mods)


def _redistribution_resolve(ctx: Ctx, f: ActionFrame, name: str) -> None:
    st = ctx.st
    for md in f.mods:
        if md.kind == "redis_blood":
            a, b = st.cards[md.card], st.cards[md.minion]
            if a.region != "ready" or b.region != "ready":
                continue
            n = min(md.amount, a.counters)
            ctx.update(md.card, counters=a.counters - n)
            got = ctx.set_blood(md.minion, b.counters + n)
            ctx.emit("blood", f"{n} blood moves from {ctx.name(md.card)} to {ctx.name(md.minion)} ({name}); it now "
                              f"has {got.counters}.", cards=(md.card, md.minion))
        elif md.kind == "redis_equip":
            e = st.cards[md.card]
            if e.region == "attached" and st.cards[md.minion].region == "ready" and e.host is not None \
                    and st.cards[e.host].region == "ready":
                ctx.move(md.card, "attached", host=md.minion)
                ctx.emit("equipped", f"{ctx.name(md.card)} moves to {ctx.name(md.minion)} ({name}).",
                         cards=(md.card, md.minion))


def _laibon(ctx: Ctx, v: int) -> bool:
    c = ctx.st.cards[v]
    return ctx.is_vampire(c) and (ctx.sect(c) or "").lower() == "laibon"


def _sires_plan(ctx: Ctx, seat: int, actor: int, name: str, target, out: dict) -> None:
    """Sires Command, Childer Inherit: one other Laibon in play named (1 blood from the bank), or, by a magaji, two
    ready Laibon of one clan and one Methuselah, `A; B` (locked; the action is then directed at their controller)."""
    from vtes_desktop.engine.state import Mod

    st = ctx.st
    parts = [x.strip() for x in str(target or "").split(";") if x.strip()]
    if len(parts) not in (1, 2):
        raise Illegal("target", f"{name}: name another Laibon (1 blood), or two ready Laibon 'A; B' (a magaji locks "
                                "them)")
    try:
        picked = [flow.ref(ctx, seat, p_) for p_ in parts]
    except (Malformed, Illegal):
        raise Illegal("target", f"{name}: {target!r} does not name Laibon in play") from None
    if len(picked) == 1:
        v = picked[0]
        if v == actor or not _laibon(ctx, v) or st.cards[v].region not in ("ready", "torpor") or st.cards[v].contested:
            raise Illegal("target", f"{name}: {ctx.name(v)} is not another Laibon in play")
        out["mods"] = tuple(out.get("mods", ())) + (Mod("sires_chosen", 0, v, None),)
        return
    if (ctx.title(st.cards[actor]) or "").lower() != "magaji":
        raise Illegal("requirements", f"{name}: only a magaji locks two Laibon; {ctx.name(actor)} is not one")
    a, b = picked
    ca, cb = st.cards[a], st.cards[b]
    if a == b or not all(_laibon(ctx, x) and st.cards[x].region == "ready" and not st.cards[x].contested
                         for x in picked):
        raise Illegal("target", f"{name}: name two different ready Laibon")
    if ca.controller != cb.controller or ca.controller == seat:
        raise Illegal("target", f"{name}: the two Laibon are controlled by one other Methuselah")
    if not any(_same_clan(x, y) for x in ctx.cdef(a).clans for y in ctx.cdef(b).clans):
        raise Illegal("target", f"{name}: {ctx.name(a)} and {ctx.name(b)} are not of the same clan")
    out["mods"] = tuple(out.get("mods", ())) + (Mod("sires_chosen", 0, a, None), Mod("sires_chosen", 0, b, None),
                                                Mod("directed_at_target", 0, None, None))
    out["target_seat"] = ca.controller


def _sires_resolve(ctx: Ctx, f: ActionFrame, name: str) -> None:
    st = ctx.st
    chosen = [md.minion for md in f.mods if md.kind == "sires_chosen"]
    if len(chosen) == 1:
        v = chosen[0]
        c = st.cards[v]
        if c.region in ("ready", "torpor"):
            got = ctx.set_blood(v, c.counters + 1)
            ctx.emit("blood", f"{ctx.name(v)} gets 1 blood from the bank ({name}); it now has {got.counters}.",
                     cards=(v,))
        return
    for v in chosen:
        c = st.cards[v]
        if c.region == "ready" and not c.locked:
            ctx.update(v, locked=True)
            ctx.emit("locked", f"{ctx.name(v)} is locked ({name}).", cards=(v,))


LOOK_HANDS = "looks at all hands this turn"   # (("seat", seat), this, turn): Pulse of the Canaille


def _show_hands(ctx: Ctx, seat: int, name: str) -> None:
    """Pulse of the Canaille: every other Methuselah's hand, shown to *seat* only as its action ends, and again as
    each later action of that turn ends."""
    st = ctx.st
    for s in st.live_seats():
        if s == seat:
            continue
        hand = st.region(s, "hand")
        ctx.emit("look", f"{poss(ctx.seat_name(s))} hand ({name}): {', '.join(ctx.name(h) for h in hand) or 'empty'}.",
                 seen_by=frozenset({seat}), others=f"{ctx.seat_name(seat)} looks at {poss(ctx.seat_name(s))} hand "
                                                 f"({name}).")


def _taunt_plan(ctx: Ctx, seat: int, name: str, target) -> tuple:
    """Taunt the Caged Beast [ANI]: a ready vampire of your predator and one of your prey, `A; B`."""
    from vtes_desktop.engine.state import Mod

    st = ctx.st
    if len(st.live_seats()) < 3:
        raise Illegal("target", f"{name} at superior is not usable when only one other Methuselah is in the game")
    parts = [x.strip() for x in str(target or "").split(";") if x.strip()]
    if len(parts) != 2:
        raise Illegal("target", f"{name}: name a ready vampire of your predator and one of your prey, 'A; B'")
    try:
        picked = [flow.ref(ctx, seat, p_) for p_ in parts]
    except (Malformed, Illegal):
        raise Illegal("target", f"{name}: {target!r} does not name vampires in play") from None
    owners = sorted(st.cards[v].controller for v in picked)
    if not all(ctx.is_vampire(st.cards[v]) and st.cards[v].region == "ready" and not st.cards[v].contested
               for v in picked) or owners != sorted((st.predator(seat), st.prey(seat))):
        raise Illegal("target", f"{name}: name a ready vampire of your predator and one of your prey")
    return tuple(Mod("taunt", 0, v, None) for v in picked)


def _taunt_combat(ctx: Ctx, f: ActionFrame, name: str) -> None:
    st = ctx.st
    pair = [md.minion for md in f.mods if md.kind == "taunt"]
    if len(pair) != 2 or any(st.cards[v].region != "ready" for v in pair):
        ctx.emit("fizzles", f"{name}: the chosen vampires are not both ready; there is no combat.")
        return
    ctx.emit("combat", f"{ctx.name(pair[0])} and {ctx.name(pair[1])} enter combat ({name}).", cards=tuple(pair))
    from vtes_desktop.engine import rules_combat

    rules_combat.start(ctx, pair[0], pair[1])


def _taunt_ended(ctx: Ctx, cf, f) -> None:
    """Taunt the Caged Beast [ANI]: as the chosen vampires' combat ends, if only one is ready it gains 4 blood."""
    st = ctx.st
    if not isinstance(f, ActionFrame) or f.card is None or {md.minion for md in f.mods if md.kind == "taunt"} \
            != {cf.a, cf.b}:
        return
    rules, mode = mode_of(ctx, f.card, f.card_level)
    n = next((x[1] for x in (readings(rules, mode) if mode is not None else []) if x[0] == "taunt_winner_blood"), 0)
    ready = [x for x in (cf.a, cf.b) if st.cards[x].region == "ready"]
    if n and len(ready) == 1:
        c = st.cards[ready[0]]
        got = ctx.set_blood(ready[0], c.counters + n)
        ctx.emit("blood", f"{ctx.name(ready[0])} is the only one ready and gains {got.counters - c.counters} blood "
                          f"({ctx.name(f.card)}).", cards=(ready[0],))


def _muse_combat(ctx: Ctx, f: ActionFrame, name: str) -> None:
    """Muse of Flame: a monster of the prey chosen at random; the acting imbued enters combat with it."""
    st = ctx.st
    seat = f.target_seat if f.target_seat is not None else st.prey(f.seat)
    pool = [i for i in st.region(seat, "ready") if ctx.is_minion(st.cards[i]) and not st.cards[i].contested
            and is_monster(ctx, i)]
    if not pool or st.cards[f.actor].region != "ready":
        ctx.emit("fizzles", f"{name}: no monster of {ctx.seat_name(seat)} to enter combat with.")
        return
    m = ctx.rng().choice(sorted(pool))
    ctx.emit("chosen", f"{ctx.name(m)} is chosen at random ({name}).", cards=(m,))
    from vtes_desktop.engine import rules_combat

    rules_combat.start(ctx, f.actor, m)


def _rave_resolve(ctx: Ctx, f: ActionFrame, name: str) -> None:
    st = ctx.st
    a = f.actor
    for md in f.mods:
        if md.kind not in ("rave_blood", "rave_equip") or st.cards[a].region not in ("ready", "torpor"):
            continue
        v = st.cards[md.minion]
        if v.region != "ready":
            ctx.emit("fizzles", f"{ctx.name(md.minion)} is no longer ready ({name}).")
            continue
        if md.kind == "rave_blood":
            n = min(md.amount, st.cards[a].counters)
            ctx.update(a, counters=st.cards[a].counters - n)
            got = ctx.set_blood(md.minion, v.counters + n)
            ctx.emit("blood", f"{n} {'blood' if ctx.is_vampire(st.cards[a]) else 'life'} moves from {ctx.name(a)} to "
                              f"{ctx.name(md.minion)} ({name}); it now has {got.counters}.", cards=(a, md.minion))
        elif st.cards[md.card].region == "attached" and st.cards[md.card].host == a:
            ctx.move(md.card, "attached", host=md.minion)
            ctx.emit("equipped", f"{ctx.name(md.card)} moves from {ctx.name(a)} to {ctx.name(md.minion)} ({name}).",
                     cards=(md.card, md.minion))
    c = st.cards[a]
    if "Ally" in ctx.cdef(a).types and c.region == "ready" and c.counters <= 0:
        ctx.burn(a, "no life left")


def _resolve_fourth(ctx: Ctx, f: ActionFrame, specs: list[tuple]) -> None:
    st = ctx.st
    name = ctx.name(f.card)
    if any(s[0] == "rave_move" for s in specs):
        _rave_resolve(ctx, f, name)
    if any(s[0] == "circle_redistribute" for s in specs):
        _redistribution_resolve(ctx, f, name)   # after the acting vampire's blood ("Then move ...")
    if any(s[0] == "magaji_lock_two" for s in specs):
        _sires_resolve(ctx, f, name)
    if any(s[0] == "random_prey_monster" for s in specs) and any(s[0] == "combat_chosen_monster" for s in specs):
        _muse_combat(ctx, f, name)
    if any(s[0] == "taunt_combat" for s in specs):
        _taunt_combat(ctx, f, name)
    if any(s[0] == "look_hands_turn" for s in specs):   # Pulse of the Canaille
        st.marks = st.marks | {(("seat", f.seat), LOOK_HANDS, st.turn)}   # shown as each action ends (action_ended)
    for s in specs:
        k = s[0]
        if k == "edge_get":   # Off Kilter: the Edge, or else (if the player said so) the Edge burned for more pool
            more = next((x[1] for x in specs if x[0] == "edge_else_burn_pool"), 0)
            if st.edge != f.seat:
                st.edge = f.seat
                ctx.emit("edge", f"{ctx.seat_name(f.seat)} gets the Edge ({name}).")
            elif more and any(m.kind == "burn_edge" for m in f.mods):
                st.edge = None
                ctx.emit("edge", f"{ctx.seat_name(f.seat)} burns the Edge ({name}).")
                ctx.pool(f.seat, more, name)
        elif k == "damage_each_ready" and f.target_seat is not None:   # Edged Illusion [CHI]
            from vtes_desktop.engine.rules_combat import inflict

            hit = [i for i in st.region(f.target_seat, "ready") if ctx.is_minion(st.cards[i]) and not st.cards[i].contested]
            for i in hit:
                if st.cards[i].region == "ready":
                    ctx.emit("damage", f"{ctx.name(i)} takes {s[1]} unpreventable damage ({name}).", cards=(i,))
                    inflict(ctx, i, s[1], 0)
            if not hit:
                ctx.emit("fizzles", f"{name}: {ctx.seat_name(f.target_seat)} controls no ready minion.")
        elif k == "prey_pool_per_named" and f.target_seat is not None:   # Harmony
            mine = [i for i in st.region(f.seat, "in_play") if ctx.name(i).lower() == s[2] and not st.cards[i].contested]
            ctx.pool(f.target_seat, -s[1] * len(mine), name) if mine else \
                ctx.emit("fizzles", f"{name}: {ctx.seat_name(f.seat)} controls no {s[2].title()}.")
            if any(x[0] == "burn_named_counted" for x in specs):
                for i in mine:
                    ctx.burn(i, name)
        elif k == "remove_ash_ally_for" and s[1] == max(x[1] for x in specs if x[0] == "remove_ash_ally_for"):
            ally = next((m.minion for m in f.mods if m.kind == "chosen_card"), None)   # Putrescent Sustenance
            z = next((m.minion for m in f.mods if m.kind == "putrescent_to"), None)
            if ally is None or st.cards[ally].region != "ash_heap":
                ctx.emit("fizzles", f"{name}: the ally is no longer in an ash heap.")
                continue
            ctx.move(ally, "removed")
            ctx.emit("removed", f"{ctx.name(ally)} is removed from the game ({name}).", cards=(ally,))
            if z is not None:
                zc = st.cards[z]
                if zc.region == "ready" and zc.controller == f.seat:
                    ctx.update(z, counters=zc.counters + s[1])
                    ctx.emit("life", f"{ctx.name(z)} gains {s[1]} life ({name}).", cards=(z,))
            elif st.cards[f.actor].region in ("ready", "torpor"):
                before = st.cards[f.actor].counters
                got = ctx.set_blood(f.actor, before + s[1])
                ctx.emit("blood", f"{ctx.name(f.actor)} gains {got.counters - before} blood ({name}).", cards=(f.actor,))
        elif k == "discard_copy_damage" and s[2] == max(x[2] for x in specs if x[0] == k):   # Shattering Crescendo
            copy = next((i for i in st.region(f.seat, "hand") if st.cards[i].cid == st.cards[f.card].cid), None)
            if copy is None:
                ctx.emit("fizzles", f"{name}: no second copy is left in hand to discard; nothing happens.")
                continue
            ctx.move(copy, "ash_heap")
            ctx.emit("discarded", f"{ctx.seat_name(f.seat)} discards a second {name}.", cards=(copy,))
            from vtes_desktop.engine.rules_combat import inflict

            for m in f.mods:
                if m.kind == "chosen_card" and m.minion in st.cards and st.cards[m.minion].region == "ready":
                    ctx.emit("damage", f"{ctx.name(m.minion)} takes {s[2]} unpreventable damage ({name}).",
                             cards=(m.minion,))
                    inflict(ctx, m.minion, s[2], 0)
        elif k in ("unc_blood_to_chosen", "blood_to_chosen_unc"):   # Undue Influence
            v = next((m.minion for m in f.mods if m.kind == "chosen_card"), None)
            if v is None or st.cards[v].region != "uncontrolled" or st.cards[v].controller != f.seat:
                ctx.emit("fizzles", f"{name}: the chosen vampire is no longer in the uncontrolled region.")
                continue
            if k == "unc_blood_to_chosen":
                src = next((m.minion for m in f.mods if m.kind == "blood_source"), None)
                if src is None or st.cards[src].region != "uncontrolled" or st.cards[src].counters < s[1]:
                    ctx.emit("fizzles", f"{name}: the crypt card has no blood left to move.")
                    continue
                ctx.update(src, counters=st.cards[src].counters - s[1])
            ctx.update(v, counters=st.cards[v].counters + s[1])
            ctx.emit("blood", f"{ctx.name(v)} gets {s[1]} blood ({name}).", cards=(v,))
            if any(x[0] == "chosen_unc_to_ready_if_full" for x in specs) and st.cards[v].counters >= _cap(ctx, v):
                from vtes_desktop.engine.rules_turn import _enter_play

                _enter_play(ctx, v)
        elif k == "gain_circle_count_plus":   # Unwholesome Bond: X+1 blood
            x = sum(1 for r in st.live_seats() for i in st.region(r, "ready") if i != f.actor
                    and ctx.is_vampire(st.cards[i]) and not st.cards[i].locked and not st.cards[i].contested
                    and _same_circle(ctx, i, f.actor))
            a = st.cards[f.actor]
            if a.region in ("ready", "torpor"):
                got = ctx.set_blood(f.actor, a.counters + x + s[1])
                ctx.emit("blood", f"{ctx.name(f.actor)} gains {got.counters - a.counters} blood ({name}: {x} ready unlocked "
                                  "Blood Brothers of the circle).", cards=(f.actor,))
        elif k == "circle_uncontrolled_each":
            for i in st.region(f.seat, "uncontrolled"):
                if ctx.is_vampire(st.cards[i]) and _same_circle(ctx, i, f.actor):
                    ctx.update(i, counters=st.cards[i].counters + s[1])
                    ctx.emit("blood", f"{ctx.name(i)} gets {s[1]} blood from the bank ({name}).", cards=(i,))
        elif k == "if_sect_crypt_draw":   # Mozambique Allure: a Laibon draws from the crypt, another becomes Laibon
            a = st.cards[f.actor]
            if a.region not in ("ready", "torpor"):
                continue
            if (ctx.sect(a) or "").lower() == s[1]:
                crypt = st.region(f.seat, "crypt")
                if crypt:
                    ctx.move(crypt[0], "uncontrolled", seat=f.seat, counters=0, face_down=False)
                    ctx.emit("moved", f"{ctx.seat_name(f.seat)} draws {ctx.name(crypt[0])} from the crypt ({name}).",
                             cards=(crypt[0],))
                continue
            other = next((x for x in specs if x[0] == "else_becomes_sect"), None)
            if other is None:
                continue
            ctx.update(f.actor, sect=other[1].title())
            ctx.emit("sect", f"{ctx.name(f.actor)} becomes {other[1].title()} ({name}).", cards=(f.actor,))
            if any(_same_clan(k_, x) for k_ in other[2] for x in ctx.cdef(f.actor).clans) and st.cards[f.actor].locked:
                ctx.update(f.actor, locked=False)
                ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks ({name}).", cards=(f.actor,))
        elif k == "lock_x_minus_1":   # Command the Legion
            for m in f.mods:
                v = m.minion
                if m.kind == "chosen_card" and v in st.cards and st.cards[v].region == "ready" and not st.cards[v].locked:
                    ctx.update(v, locked=True)
                    ctx.emit("locked", f"{ctx.name(v)} is locked ({name}).", cards=(v,))
        elif k == "unlock_self_and":   # Gear Up: the Anarch unlocks, +1 stealth this turn / +1 strength to its unlock
            a = st.cards[f.actor]
            if a.region != "ready":
                continue
            if a.locked:
                ctx.update(f.actor, locked=False)
                ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks ({name}).", cards=(f.actor,))
            st.marks = st.marks | {(("minion", f.actor), MINION_BONUS, s[1], s[2], st.turn)}
            ctx.emit("modifier", f"{ctx.name(f.actor)} gets +{s[2]} {s[1]} " + ("until the end of the turn"
                                 if s[1] == "stealth" else "until its controller's next unlock phase") + f" ({name}).",
                     cards=(f.actor,))
        elif k == "equip_from_hand":   # Anonymous Freight
            eq = f.target_card
            why = "it is no longer in hand" if eq is None or st.cards[eq].region != "hand" else \
                _equip_refusal(ctx, f.seat, f.actor, eq, _cost_cut(specs))
            if why:
                ctx.emit("fizzles", f"{name}: no equipment is equipped ({why}).")
                continue
            from vtes_desktop.engine.rules_action import _cost, played_from_hand
            from vtes_desktop.engine.rules_turn import _check_contest

            er = ctx.rules(eq)
            pool, blood = _cut_cost(_cost(er, 0), _cost_cut(specs))
            if blood:
                ctx.update(f.actor, counters=st.cards[f.actor].counters - blood)
            if pool:
                ctx.pool(f.seat, -pool, ctx.name(eq))
            if "Retainer" in ctx.cdef(eq).types:
                from vtes_desktop.engine.rules_action import _life

                life = _life(ctx, eq, None)
                ctx.move(eq, "attached", host=f.actor, counters=life)
                ctx.emit("employed", f"{ctx.name(f.actor)} employs {ctx.name(eq)} with {life} life ({name}).",
                         cards=(f.actor, eq))
            else:
                ctx.move(eq, "attached", host=f.actor)
                ctx.emit("equipped", f"{ctx.name(f.actor)} is equipped with {ctx.name(eq)} ({name}).", cards=(f.actor, eq))
            played_from_hand(ctx, f.seat, eq, er, to="none")
            _check_contest(ctx, eq)
        elif k == "actor_becomes_anarch_baron":   # Anarch Secession: Anarch; a city title becomes baron of that city
            a = st.cards[f.actor]
            if a.region not in ("ready", "torpor"):
                continue
            city = _city_title(ctx, f.actor) if any(x[0] == "baron_of_same_city" for x in specs) else None
            for x in list(st.attached.get(f.actor, ())):
                if title_card_key(ctx, x) is not None:
                    ctx.burn(x, f"{ctx.name(f.actor)} leaves the sect of that title")
            ctx.update(f.actor, sect="Anarch", title="none", title_contested=False)
            ctx.emit("anarch", f"{ctx.name(f.actor)} becomes Anarch ({name}).", cards=(f.actor,))
            if city and st.cards[f.card].region == "aside":
                _give_title(ctx, f.card, f.actor, "baron", f"{name}, baron of {city}")
        elif k == "unlock_end_of_action":   # Augur
            st.marks = st.marks | {(("minion", f.actor), UNLOCK_END_OF_ACTION, st.turn)}
            ctx.emit("modifier", f"{ctx.name(f.actor)} unlocks at the end of the action ({name}).", cards=(f.actor,))
        elif k == "remove_ash_ally_blood":   # Psychophagia
            pick = next((m for m in f.mods if m.kind == "chosen_card"), None)
            if pick is None or st.cards[pick.minion].region != "ash_heap":
                ctx.emit("fizzles", f"{name}: the ally is no longer in an ash heap.")
                continue
            ctx.move(pick.minion, "removed")
            ctx.emit("removed", f"{ctx.name(pick.minion)} is removed from the game ({name}).", cards=(pick.minion,))
            a = st.cards[f.actor]
            if a.region in ("ready", "torpor"):
                n = s[2] if pick.amount else s[1]
                got = ctx.set_blood(f.actor, a.counters + n)
                ctx.emit("blood", f"{ctx.name(f.actor)} gains {got.counters - a.counters} blood ({name}).", cards=(f.actor,))
                if pick.amount and got.region == "ready" and got.locked:
                    ctx.update(f.actor, locked=False)
                    ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks ({name}).", cards=(f.actor,))
        elif k == "chosen_no_block_vote_turn":   # Shared Nightmare
            up = max((x for x in specs if x[0] == "choose_up_to"), key=lambda x: x[1], default=None)
            for m in f.mods:
                if m.kind == "chosen_card" and m.minion in st.cards and up is not None \
                        and _chosen_refusal(ctx, m.minion, up[2], f.seat) is None:
                    st.marks = st.marks | {(("minion", m.minion), NO_BLOCK_VOTE_TURN, st.turn)}
                    ctx.emit("modifier", f"{ctx.name(m.minion)} cannot block or cast votes or ballots this turn ({name}).",
                             cards=(m.minion,))
        elif k == "danya":   # The Trick of the Danya
            src = next((m.minion for m in f.mods if m.kind == "chosen_card"), None)
            dest = next((m.minion for m in f.mods if m.kind == "danya_to"), None)
            if src is None or st.cards[src].region != "uncontrolled" or st.cards[src].counters < 1:
                ctx.emit("fizzles", f"{name}: the uncontrolled minion has no blood left to move.")
                continue
            ctx.update(src, counters=st.cards[src].counters - s[1])
            if dest is not None and st.cards[dest].region == "uncontrolled" and st.cards[dest].controller == f.seat:
                ctx.update(dest, counters=st.cards[dest].counters + s[1])
                ctx.emit("blood", f"{s[1]} blood moves from {ctx.name(src)} to {ctx.name(dest)} ({name}).",
                         cards=(src, dest))
            else:
                ctx.emit("blood", f"{s[1]} blood moves from {ctx.name(src)} to {poss(ctx.seat_name(f.seat))} pool ({name}).",
                         cards=(src,))
                ctx.pool(f.seat, s[1], name)
    if any(s[0] == "leave_torpor_self" for s in specs):
        a = st.cards[f.actor]
        if a.region == "torpor":
            ctx.move(f.actor, "ready", seat=a.controller, locked=a.locked, counters=a.counters, wounded=False)
            ctx.emit("left_torpor", f"{ctx.name(f.actor)} leaves torpor ({ctx.name(f.card)}).", cards=(f.actor,))
    a = st.cards[f.actor]
    if a.region == "torpor" and a.locked and any(s[0] == "unlock_self" for s in specs):   # Movement of the Slow Body
        ctx.update(f.actor, locked=False)
        ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks in torpor ({ctx.name(f.card)}).", cards=(f.actor,))


def combat_ended(ctx: Ctx, cf) -> None:
    """ "At the end of that combat, if only one combatant is ready, ..." of the action card whose (D) action entered
    that combat (Abuse of Power, Games of Instinct): called as the combat ends, the action still on the stack."""
    st = ctx.st
    for burned, other in ((cf.a, cf.b), (cf.b, cf.a)):   # Rubicon: a vampire burned in combat by the other
        bc = st.cards.get(burned)
        if bc is not None and bc.region == "ash_heap" and "Vampire" in ctx.cdef(burned).types:
            note_burned(ctx, other, burned)
    f = ctx.st.top
    if isinstance(f, ActionFrame) and f.mods:
        _taunt_ended(ctx, cf, f)   # Taunt the Caged Beast [ANI]
    if not isinstance(f, ActionFrame) or f.card is None or f.kind != "card" or f.outcome != "successful" \
            or f.actor not in (cf.a, cf.b):
        return
    rules, mode = mode_of(ctx, f.card, f.card_level)
    specs = [s for s in (readings(rules, mode) if mode is not None else []) if s[0] == "end_combat"]
    if not specs:
        return
    st = ctx.st
    ready = [x for x in (cf.a, cf.b) if st.cards[x].region == "ready"]
    name = ctx.name(f.card)
    for s in specs:
        if len(ready) != 1:
            ctx.emit("fizzles", f"{name}: " + ("both combatants are" if ready else "neither combatant is")
                     + " ready at the end of the combat, so nothing more happens.")
            continue
        winner = ready[0]
        loser = cf.b if winner == cf.a else cf.a
        if s[1] == "opponent controller pool":
            opp = cf.b if f.actor == cf.a else cf.a
            c = st.cards[opp]
            seat = c.controller if c.controller is not None else c.owner
            ctx.pool(seat, -s[2], name)
        elif s[1] == "blood to uncontrolled salubri":   # Hunting the Beast: the Salubri named once the action is over
            opp = cf.b if f.actor == cf.a else cf.a
            if winner == f.actor and st.cards[opp].region != "ready":
                st.marks = st.marks | {(("minion", f.actor), AFTER_ACTION, "salubri blood", f.card)}
        elif s[1] == "put on actor if opponent not ready":   # Pillars Fall (one on a vampire)
            opp = cf.b if f.actor == cf.a else cf.a
            a = st.cards[f.actor]
            held = any(st.cards[x].cid == rules.card_id for x in st.attached.get(f.actor, ()))
            if winner == f.actor and st.cards[opp].region != "ready" and not held \
                    and st.cards[f.card].region in ("ash_heap", "aside") and a.region == "ready":
                ctx.move(f.card, "attached", host=f.actor, level=f.card_level)
                ctx.emit("attached", f"{name} is put on {ctx.name(f.actor)}.", cards=(f.card, f.actor))
        elif s[1] == "ready gains capacity":
            if not ctx.is_vampire(st.cards[winner]) or "Vampire" not in ctx.cdef(loser).types:
                ctx.emit("fizzles", f"{name}: the ready combatant or the other one is not a vampire; no blood is gained.")
                continue
            n = ctx.capacity(st.cards[loser])
            before = st.cards[winner].counters
            got = ctx.set_blood(winner, before + n)
            ctx.emit("blood", f"{ctx.name(winner)} gains {got.counters - before} blood ({name}: {poss(ctx.name(loser))} "
                              f"capacity is {n}).", cards=(winner,))


# --- fourth pass: referendum terms naming cards (Veles' Hunt, The Secret Must Be Kept, Cold War) ----------------

NO_MORE_THIS_GAME = "no more of this card this game"   # (mark, card id): rules_action.requirement_refusal reads it


def _fourth_terms(ctx: Ctx, f: ReferendumFrame, specs: list[tuple], choice: str, name: str) -> str:
    """Terms naming one or more cards in play (separated by ';'), or a Methuselah and/or a location: kept as
    "Name #iid; ..." (a Methuselah by name)."""
    st = ctx.st
    actor_title = (ctx.title(st.cards[f.actor]) or "").lower() if f.actor is not None and f.actor in st.cards else ""
    parts = [x.strip() for x in choice.split(";") if x.strip()]
    if any(x[0] == "terms_allocate_vampires" for x in specs):   # Free States Rant
        return _vampire_allocation_terms(ctx, f, specs, parts, name)
    spec = next((x for x in specs if x[0] == "terms_chosen_cards"), None)
    if spec is not None:
        n = spec[2]
        for x in specs:
            if x[0] == "terms_more_if_title" and actor_title == x[1]:
                n = x[2]
        if not parts or len(parts) > n:
            raise Illegal("terms", f"{name}: choose " + ("one" if n == 1 else f"one to {n}, separated by ';'") + ": "
                          + _CHOSEN_WORDS[spec[1]])
        out = []
        for p_ in parts:
            try:
                v = flow.ref(ctx, f.seat, p_)
            except (Malformed, Illegal):
                raise Illegal("terms", f"{name}: {p_!r} is not {_CHOSEN_WORDS[spec[1]]} in play") from None
            why = _chosen_card_refusal(ctx, f, v, spec[1])
            if why:
                raise Illegal("terms", f"{name}: {why}")
            if any(o.endswith(f"#{v}") for o in out):
                raise Illegal("terms", f"{name}: {ctx.name(v)} is named twice")
            out.append(f"{ctx.name(v)} #{v}")
        return "; ".join(out)
    both = any(x[0] == "terms_both_if_title" and actor_title in x[1] for x in specs)   # Cold War
    if not parts or len(parts) > (2 if both else 1):
        raise Illegal("terms", f"{name}: choose a Methuselah or a location" + (", or both separated by ';'" if both else ""))
    out, seen = [], set()
    for p_ in parts:
        who = _seat_named(ctx, p_)
        if who is not None:
            if st.seats[who].ousted or "methuselah" in seen:
                raise Illegal("terms", f"{name}: choose one Methuselah in the game")
            seen.add("methuselah")
            out.append(ctx.seat_name(who))
            continue
        try:
            v = flow.ref(ctx, f.seat, p_)
        except (Malformed, Illegal):
            raise Illegal("terms", f"{name}: {p_!r} is neither a Methuselah nor a location in play") from None
        if "location" not in ctx.rules(v).keywords or st.cards[v].region not in ("in_play", "attached") \
                or st.cards[v].contested or "location" in seen:
            raise Illegal("terms", f"{name}: {ctx.name(v)} is not a location in play")
        seen.add("location")
        out.append(f"{ctx.name(v)} #{v}")
    return "; ".join(out)


_CHOSEN_WORDS = {"ally or younger untitled vampire of prey": "an ally or a younger non-titled vampire of your prey",
                 "ally or retainer": "an ally or a retainer", "ready minion": "a ready minion"}


def _chosen_card_refusal(ctx: Ctx, f: ReferendumFrame, v: int, what: str) -> str | None:
    st = ctx.st
    c = st.cards[v]
    d = ctx.cdef(v)
    ally = "Ally" in d.types and c.region == "ready"
    if c.contested:
        return f"{ctx.name(v)} is contested"
    if what == "ally or retainer":
        retainer = "Retainer" in d.types and c.region == "attached"
        return None if ally or retainer else f"{ctx.name(v)} is not an ally or a retainer in play"
    if what == "ready minion":   # Expulsion
        return None if ctx.is_minion(c) and c.region == "ready" else f"{ctx.name(v)} is not a ready minion"
    if c.controller != st.prey(f.seat) or not (ally or ctx.is_vampire(c) and c.region in ("ready", "torpor")):
        return f"{ctx.name(v)} is not {_CHOSEN_WORDS[what]}"
    if ctx.is_vampire(c):
        if ctx.title(c):
            return f"{ctx.name(v)} is titled"
        if f.actor is not None and _cap(ctx, v) >= _cap(ctx, f.actor):
            return f"{ctx.name(v)} is not younger than {ctx.name(f.actor)}"
    return None


def _vampire_allocation_terms(ctx: Ctx, f: ReferendumFrame, specs: list[tuple], parts: list[str], name: str) -> str:
    """Points allocated among ready vampires ("Vampire 2; Vampire 1"): X in all, half the acting vampire's capacity
    rounded up, no more than the card's limit on each."""
    st = ctx.st
    x = -(-_cap(ctx, f.actor) // 2) if f.actor is not None and f.actor in st.cards else 0
    most = min((s[1] for s in specs if s[0] == "allocate_max_each"), default=x)
    alloc: dict[int, int] = {}
    for p_ in parts:
        m = re.fullmatch(r"(.+?)\s+(\d+)", p_)
        if not m:
            raise Malformed("terms", f"{name}: write the terms as 'Vampire N; Vampire N', not {p_!r}")
        try:
            v = flow.ref(ctx, f.seat, m.group(1))
        except (Malformed, Illegal):
            raise Illegal("terms", f"{name}: {m.group(1)!r} is not a ready vampire") from None
        c = st.cards[v]
        if c.region != "ready" or not ctx.is_vampire(c) or c.contested:
            raise Illegal("terms", f"{name}: {ctx.name(v)} is not a ready vampire")
        alloc[v] = alloc.get(v, 0) + int(m.group(2))
        if alloc[v] > most:
            raise Illegal("terms", f"{name}: no more than {most} points on {ctx.name(v)}")
    if sum(alloc.values()) != x or not alloc:
        raise Illegal("terms", f"{name}: allocate exactly {x} points (half of {poss(ctx.name(f.actor))} capacity, "
                               "rounded up)")
    return "; ".join(f"{ctx.name(v)} {n}" for v, n in alloc.items()) + " #" + ",".join(f"{v}:{n}" for v, n in alloc.items())


HAND_SIZE_CHOSEN = "hand size of the chosen"   # (card in play, this, seat, n): effects_master.hand_size adds n


def _seats_once_terms(ctx: Ctx, f: ReferendumFrame, choice: str, name: str) -> str:
    """One or more Methuselahs (one only for Hand Intervention), none chosen by another copy of the card in play."""
    st = ctx.st
    seats = [_live_seat_named(ctx, p_, name) for p_ in re.split(r",|;|\band\b", choice) if p_.strip()]
    seats = list(dict.fromkeys(seats))
    rules = ctx.rules(f.card)
    one = any(x[0] == "chosen_once" for m in rules.modes for x in readings(rules, m))
    if not seats or (one and len(seats) > 1):
        raise Illegal("terms", f"{name}: choose " + ("a Methuselah" if one else "one or more Methuselahs"))
    taken = {m[2] for m in st.marks if len(m) == 4 and m[1] == HAND_SIZE_CHOSEN and m[0] in st.cards
             and st.cards[m[0]].region == "in_play" and st.cards[m[0]].cid == st.cards[f.card].cid}
    for x in seats:
        if x in taken:
            raise Illegal("terms", f"{name}: {ctx.seat_name(x)} is already chosen for another {name} in play")
    return ", ".join(ctx.seat_name(x) for x in seats)


def chosen_hand_size(ctx: Ctx, seat: int) -> int:
    """Hand size from action cards in play that chose *seat* (Year of Fortune +1, Hand Intervention -1)."""
    st = ctx.st
    return sum(m[3] for m in st.marks if len(m) == 4 and m[1] == HAND_SIZE_CHOSEN and m[2] == seat
               and m[0] in st.cards and st.cards[m[0]].region == "in_play" and not st.cards[m[0]].contested)


def _burn_by_edge(ctx: Ctx, cmd, iid: int) -> bool:
    """Hand Intervention: the chosen Methuselah burns the card by burning the Edge (a `use` of the card)."""
    st = ctx.st
    c = st.cards[iid]
    if c.region != "in_play" or "chosen_burns_by_edge" not in _keys(ctx, iid):
        return False
    name = ctx.name(iid)
    chosen = {m[2] for m in st.marks if len(m) == 4 and m[0] == iid and m[1] == HAND_SIZE_CHOSEN}
    if cmd.seat not in chosen:
        raise Illegal("use", f"{name}: only the chosen Methuselah may burn it")
    if st.edge != cmd.seat:
        raise Illegal("use", f"{name}: {ctx.seat_name(cmd.seat)} needs the Edge to burn it")
    st.edge = None
    ctx.emit("edge", f"{ctx.seat_name(cmd.seat)} burns the Edge ({name}).")
    ctx.burn(iid, f"{ctx.seat_name(cmd.seat)} burned the Edge")
    return True


LAST_VOTES = "votes cast in the last referendum"   # (this, turn, ((vampire, votes), ...)): remember_votes


def remember_votes(ctx: Ctx, f: ReferendumFrame) -> None:
    """A referendum closed: the votes each vampire cast in it, kept until the next one (Tribunal Judgment)."""
    st = ctx.st
    cast: dict[int, int] = {}
    for key in f.used_sources:
        if len(key) != 1 or not isinstance(key[0], int) or key[0] not in st.cards:
            continue
        v = key[0]
        if not ctx.is_vampire(st.cards[v]):
            continue
        label = ctx.cdef(v).display
        n = sum(e[2] for e in f.votes_for + f.votes_against if e[1] == label and e[0] == st.cards[v].controller)
        if n > 0:
            cast[v] = n
    old = {m for m in st.marks if len(m) == 3 and m[0] == LAST_VOTES}
    st.marks = (st.marks - old) | {(LAST_VOTES, st.turn, tuple(sorted(cast.items())))}


def _recent_voter_terms(ctx: Ctx, f: ReferendumFrame, choice: str, name: str) -> str:
    st = ctx.st
    rec = next((m for m in st.marks if len(m) == 3 and m[0] == LAST_VOTES), None)
    since = st.turn - len(st.live_seats())
    try:
        v = flow.ref(ctx, f.seat, choice)
    except (Malformed, Illegal):
        raise Illegal("terms", f"{name}: choose a vampire who cast votes in the most recent referendum") from None
    votes = dict(rec[2]).get(v, 0) if rec is not None and rec[1] > since else 0
    if not votes or st.cards[v].region not in ("ready", "torpor"):
        raise Illegal("terms", f"{name}: {ctx.name(v)} cast no votes in the most recent referendum since your last "
                               "turn")
    return f"{ctx.name(v)}, {votes} vote{'s' if votes != 1 else ''} #{v}"


def _contested_by_name(ctx: Ctx) -> dict[str, set[int]]:
    """Contested cards in play: card name -> the seats holding a copy."""
    st = ctx.st
    out: dict[str, set[int]] = {}
    for c in st.cards.values():
        if c.contested and c.region not in ("ash_heap", "removed", "library", "crypt", "hand") \
                and not st.seats[c.controller].ousted:
            out.setdefault(ctx.db[c.cid].name, set()).add(c.controller)
    return out


def _contest_terms(ctx: Ctx, choice: str, name: str) -> str:
    contests = _contested_by_name(ctx)
    picked: dict[str, int] = {}
    for part in (x.strip() for x in choice.split(";") if x.strip()):
        card_name, _, who = (x.strip() for x in part.rpartition(":"))
        card = ctx.db.lookup(card_name) if card_name else None
        if card is None or card.name not in contests:
            raise Illegal("terms", f"{name}: {card_name or part!r} is not a contested card")
        seat = _live_seat_named(ctx, who, name)
        if seat not in contests[card.name]:
            raise Illegal("terms", f"{name}: {ctx.seat_name(seat)} does not contest {card.name}")
        picked[card.name] = seat
    missing = [n for n in contests if n not in picked]
    if missing or not contests:
        raise Illegal("terms", f"{name}: choose who yields each contested card ('Card: Methuselah; ...')"
                      + (f"; missing: {', '.join(missing)}" if missing else "; no card is contested"))
    return "; ".join(f"{n}: {ctx.seat_name(s)}" for n, s in picked.items())


def _resolve_ref_fourth(ctx: Ctx, f: ReferendumFrame, specs: list[tuple], terms: str | None, name: str) -> None:
    st = ctx.st
    for spec in specs:
        if spec[0] == "chosen_yield" and terms:   # Praxis Solomon: the chosen copies are yielded (burned)
            for part in terms.split(";"):
                card_name, _, who = (x.strip() for x in part.rpartition(":"))
                seat = _seat_named(ctx, who)
                for i, c in list(st.cards.items()):
                    if c.contested and c.controller == seat and ctx.db[c.cid].name == card_name \
                            and c.region not in ("ash_heap", "removed"):
                        ctx.burn(i, f"yielded ({name})")
                        ctx.emit("yielded", f"{ctx.seat_name(seat)} yields {card_name} ({name}).", cards=(i,))
        if spec[0] == "chosen_seat_stunned" and terms:   # Lextalionis
            who = _seat_named(ctx, terms)
            if who is None or st.seats[who].ousted:
                continue
            hit = [i for r in ("ready", "torpor") for i in st.region(who, r)
                   if ctx.is_minion(st.cards[i]) and not st.cards[i].contested]
            for i in hit:
                if st.cards[i].region == "ready" and not st.cards[i].locked:
                    ctx.update(i, locked=True)
            st.skip_unlock = st.skip_unlock | set(hit)
            ctx.emit("locked", f"{poss(ctx.seat_name(who))} minions are locked and do not unlock as normal in their next "
                               f"unlock phase ({name}).", cards=tuple(hit))
        if spec[0] == "recent_voter_damage" and terms:   # Tribunal Judgment
            m = re.search(r", (\d+) votes? #(\d+)$", terms)
            if m and int(m.group(2)) in st.cards and st.cards[int(m.group(2))].region in ("ready", "torpor"):
                from vtes_desktop.engine.rules_combat import inflict

                v, n = int(m.group(2)), int(m.group(1))
                ctx.emit("damage", f"{ctx.name(v)} takes {n} damage ({name}).", cards=(v,))
                inflict(ctx, v, n, 0)
        if spec[0] == "hand_size_chosen" and terms and st.cards[f.card].region == "in_play":
            seats = [x for x in (_seat_named(ctx, p_) for p_ in terms.split(",")) if x is not None]
            st.marks = st.marks | {(f.card, HAND_SIZE_CHOSEN, x, spec[1]) for x in seats}
            for x in seats:
                ctx.emit("hand_size", f"{ctx.seat_name(x)} has {spec[1]:+d} hand size while {name} is in play.")
        if spec[0] == "blood_per_point" and terms:   # Free States Rant
            for m in re.finditer(r"(\d+):(\d+)", terms.rsplit(" #", 1)[-1]):
                v, n = int(m.group(1)), int(m.group(2)) * spec[1]
                c = st.cards.get(v)
                if c is None or c.region not in ("ready", "torpor") or not ctx.is_vampire(c):
                    continue
                ctx.update(v, counters=max(0, c.counters - n))
                ctx.emit("blood", f"{ctx.name(v)} burns {min(n, c.counters)} blood ({name}).", cards=(v,))
        if spec[0] == "chosen_cards_barred_turn" and terms:   # Expulsion
            for m in re.finditer(r"#(\d+)", terms):
                v = int(m.group(1))
                if v in st.cards and st.cards[v].region == "ready":
                    st.marks = st.marks | {(("minion", v), NO_BLOCK_VOTE_TURN, st.turn),
                                           (("minion", v), NO_REACTIONS_TURN, st.turn)}
                    ctx.emit("modifier", f"{ctx.name(v)} cannot play reaction cards, block or cast votes or ballots this "
                                         f"turn ({name}).", cards=(v,))
        elif spec[0] == "clan_pool_and_voters_blood":   # Benefit Performance
            clan = spec[1]
            mine = [i for i in st.region(f.seat, "ready") if ctx.is_vampire(st.cards[i]) and not st.cards[i].contested
                    and any(_same_clan(clan, x) for x in ctx.cdef(i).clans)]
            if mine:
                ctx.pool(f.seat, spec[2] * len(mine), name)
            for v in _voters_in_favor(ctx, f):
                c = st.cards[v]
                if c.region == "ready" and not any(_same_clan(clan, x) for x in ctx.cdef(v).clans):
                    before = c.counters
                    got = ctx.set_blood(v, before + spec[3])
                    ctx.emit("blood", f"{ctx.name(v)} gains {got.counters - before} blood ({name}).", cards=(v,))
        if spec[0] != "chosen_cards_burned" or not terms:
            continue
        payers = []
        for p_ in (x.strip() for x in terms.split(";")):
            m = re.search(r"#(\d+)$", p_)
            if m is None:
                who = _seat_named(ctx, p_)
                if who is not None and not st.seats[who].ousted and len(spec) > 2:   # Cold War: the chosen Methuselah
                    ctx.pool(who, -spec[2], name)
                continue
            v = int(m.group(1))
            c = st.cards.get(v)
            if c is None or c.region not in ("ready", "attached", "in_play", "torpor"):
                ctx.emit("fizzles", f"{ctx.name(v)} is no longer in play: {name} has no effect on it.")
                continue
            owner = c.controller if c.controller is not None else c.owner
            ctx.burn(v, name)
            if spec[1] and owner not in payers:
                payers.append(owner)
        for x in payers:   # each controller burns no more than the card says, whatever the number chosen
            ctx.pool(x, -spec[1], name)


def action_ended(ctx: Ctx, f: ActionFrame) -> None:
    """The action is over: "This acting imbued unlocks at the end of the action" (Augur), Big Game's unlock of its
    acting minion if still ready."""
    st = ctx.st
    if f.card is not None and "Action" in ctx.cdef(f.card).types:
        _self_damage_after(ctx, f)   # Force of Will
    if not st.marks:
        return
    for mk in sorted(m for m in st.marks if len(m) == 4 and m[0] == ("minion", f.actor) and m[1] == AFTER_ACTION):
        st.marks = st.marks - {mk}
        if mk[2] == "blood hunt" and st.cards[f.actor].region == "ready":   # Abactor
            from vtes_desktop.engine import rules_politics

            rules_politics.blood_hunt(ctx, f.actor)
        elif mk[2] == "locks own":   # Propaganda
            _locks_own_start(ctx, f, mk[3])
        elif mk[2] == "salubri blood":   # Hunting the Beast
            _salubri_blood_start(ctx, f, mk[3])
    if (("seat", f.seat), LOOK_HANDS, st.turn) in st.marks:   # Pulse of the Canaille, for the rest of the turn
        _show_hands(ctx, f.seat, "Pulse of the Canaille")
    mark = (("minion", f.actor), UNLOCK_END_OF_ACTION, st.turn)
    if mark in st.marks:
        st.marks = st.marks - {mark}
        c = st.cards.get(f.actor)
        if c is not None and c.region == "ready" and c.locked:
            ctx.update(f.actor, locked=False)
            ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks at the end of the action.", cards=(f.actor,))


DIABLERIZED = "diablerized a vampire of clans"   # (("minion", diablerist), this, victim's clans, turn, victim)


def note_victim(ctx: Ctx, diablerist: int, victim: int) -> None:
    """Remember the clans of a diablerie's victim (Community Justice burns one who diablerized a vampire of the
    acting vampire's clan since your last turn); called by rules_action.diablerie."""
    st = ctx.st
    st.marks = st.marks | {(("minion", diablerist), DIABLERIZED, tuple(sorted(ctx.cdef(victim).clans)), st.turn,
                            victim)}
    note_burned(ctx, diablerist, victim)


BURNED_BY = "burned a vampire of"   # (("minion", burner), this, victim's controller, turn, victim)


def note_burned(ctx: Ctx, burner: int, victim: int) -> None:
    """Remember that a vampire burned another (diablerie, combat, an action card): Rubicon burns one that burned a
    non-Red List vampire of yours since your last turn. Called before the victim leaves play."""
    st = ctx.st
    b, v = st.cards.get(burner), st.cards.get(victim)
    if b is None or v is None or not ctx.is_vampire(b) or burner == victim:
        return
    st.marks = st.marks | {(("minion", burner), BURNED_BY, v.controller, st.turn, victim)}


def _burned_mine(ctx: Ctx, seat: int, iid: int) -> bool:
    from vtes_desktop.engine.rules_diablerie import is_red_list

    st = ctx.st
    since = st.turn - len(st.live_seats())
    return any(len(m) == 5 and m[0] == ("minion", iid) and m[1] == BURNED_BY and m[2] == seat and m[3] > since
               and not is_red_list(ctx, m[4]) for m in st.marks)


def _diablerized_clan(ctx: Ctx, seat: int, iid: int, actor: int) -> bool:
    st = ctx.st
    since = st.turn - len(st.live_seats())   # as effects_minion._diablerists: since *seat*'s last turn
    mine = ctx.cdef(actor).clans
    return any(len(m) == 5 and m[0] == ("minion", iid) and m[1] == DIABLERIZED and m[3] > since
               and any(_same_clan(a, b) for a in m[2] for b in mine) for m in st.marks)


def _self_damage_after(ctx: Ctx, f: ActionFrame) -> None:
    """Force of Will: after resolution the acting vampire takes unpreventable aggravated damage, blocked or not (the
    superior amount replaces the basic one)."""
    rules, mode = mode_of(ctx, f.card, f.card_level)
    if mode is None or not any(e.kind == "take" for e in mode.effects):
        return
    specs = readings(rules, mode)
    only = [s[1] for s in specs if s[0] == "after_action_self_agg_only"]
    dmg = only[0] if only else next((s[1] for s in specs if s[0] == "after_action_self_agg"), 0)
    if not dmg or _region_of(ctx, f.actor) not in ("ready", "torpor"):
        return
    from vtes_desktop.engine.rules_combat import inflict

    ctx.emit("damage", f"{ctx.name(f.actor)} takes {dmg} unpreventable aggravated damage after the action "
                       f"({ctx.name(f.card)}).", cards=(f.actor,))
    inflict(ctx, f.actor, 0, dmg)


def _region_of(ctx: Ctx, iid: int) -> str | None:
    c = ctx.st.cards.get(iid)
    return c.region if c is not None else None


def _voters_in_favor(ctx: Ctx, f: ReferendumFrame) -> list[int]:
    """The vampires that cast votes or ballots in favor in this referendum (from its record of votes by source)."""
    st = ctx.st
    out = []
    for key in sorted(x for x in f.used_sources if len(x) == 1 and isinstance(x[0], int)):
        v = key[0]
        c = st.cards.get(v)
        if c is None or not ctx.is_vampire(c):
            continue
        labels = (ctx.cdef(v).display, f"{ctx.cdef(v).display} (priscus ballot)")
        if any(e[0] == c.controller and e[1] in labels for e in f.votes_for):
            out.append(v)
    return out


LOCKS_OWN = "the target Methuselah locks a ready unlocked minion they control:"
AFTER_ACTION = "after the action"   # (("minion", actor), this, what, card): done as the action ends (action_ended)   # Propaganda: "... <seat>"


def _card_bonus_fourth(ctx: Ctx, f: ActionFrame, specs: list[tuple], bled: int | None = None) -> None:
    """A bleed or hunt card's fourth-pass gains: Abactor's blood hunt (once its hunt gave blood), Propaganda's lock,
    Enthrall's crypt card for 1 blood."""
    st = ctx.st
    name = ctx.name(f.card)
    for s in specs:
        if s[0] == "bleed_blood_for_crypt_draw" and bled and any(m.kind == "crypt_draw_said" for m in f.mods):
            a = st.cards[f.actor]
            crypt = st.region(f.seat, "crypt")
            if a.region == "ready" and a.counters >= s[1] and crypt:
                ctx.update(f.actor, counters=a.counters - s[1])
                ctx.move(crypt[0], "uncontrolled", seat=f.seat, counters=0, face_down=False)
                ctx.emit("moved", f"{ctx.name(f.actor)} burns {s[1]} blood: {ctx.seat_name(f.seat)} draws "
                                  f"{ctx.name(crypt[0])} from the crypt ({name}).", cards=(f.actor, crypt[0]))
            continue
        if s[0] == "blood_hunt_after":
            got = next((e for e in reversed(ctx.events) if e.kind == "hunted"), None)
            m = re.search(r"gains (\d+) blood", got.text) if got is not None else None
            if m is None or int(m.group(1)) == 0 or st.cards[f.actor].region != "ready":
                ctx.emit("fizzles", f"{ctx.name(f.actor)} gained no blood: {name} calls no blood hunt.")
                continue
            st.marks = st.marks | {(("minion", f.actor), AFTER_ACTION, "blood hunt", f.card)}   # action_ended calls it
        elif s[0] == "target_locks_own_minion" and f.target_seat is not None:
            st.marks = st.marks | {(("minion", f.actor), AFTER_ACTION, "locks own", f.card)}


def _locks_own_start(ctx: Ctx, f: ActionFrame, card: int) -> None:
    """Propaganda, once the action is over: the target Methuselah names the minion to lock (terms), or it locks
    at once when they have only one."""
    from vtes_desktop.engine.state import Impulse, ManualFrame

    st = ctx.st
    name = ctx.name(card)
    seat = f.target_seat
    if seat is None or st.seats[seat].ousted:
        return
    free = [i for i in st.region(seat, "ready") if ctx.is_minion(st.cards[i]) and not st.cards[i].locked
            and not st.cards[i].contested]
    if len(free) <= 1:
        for i in free:
            ctx.update(i, locked=True)
            ctx.emit("locked", f"{ctx.name(i)} is locked ({name}).", cards=(i,))
        return
    flow.push(ctx, ManualFrame(imp=Impulse((seat,)), what=f"{LOCKS_OWN} {seat}", card=card))
    ctx.emit("choose", f"{name}: {ctx.seat_name(seat)} names a ready unlocked minion they control, which locks (terms).")


def _locks_own_choice(ctx: Ctx, f, rules: CardRules, seat: int, choice: str) -> None:
    st = ctx.st
    who = int(f.what.rsplit(" ", 1)[1])
    if seat != who:
        raise Illegal("terms", f"{rules.name}: {ctx.seat_name(who)} chooses the minion to lock")
    try:
        v = flow.ref(ctx, seat, choice)
    except (Malformed, Illegal):
        raise Illegal("terms", f"{rules.name}: name a ready unlocked minion you control") from None
    c = st.cards[v]
    if c.controller != seat or c.region != "ready" or c.locked or not ctx.is_minion(c) or c.contested:
        raise Illegal("terms", f"{rules.name}: {ctx.name(v)} is not a ready unlocked minion {ctx.seat_name(seat)} "
                               "controls")
    flow.pop(ctx)
    ctx.update(v, locked=True)
    ctx.emit("locked", f"{ctx.seat_name(seat)} locks {ctx.name(v)} ({rules.name}).", cards=(v,))


SALUBRI_BLOOD = "the acting Methuselah names a Salubri in their uncontrolled region:"   # Hunting the Beast: "... <n>"


def _salubri_candidates(ctx: Ctx, seat: int) -> list[int]:
    st = ctx.st
    return [i for i in st.region(seat, "uncontrolled") if ctx.cdef(i).is_crypt
            and any(_same_clan("salubri", x) for x in ctx.cdef(i).clans)]


def _salubri_blood_start(ctx: Ctx, f: ActionFrame, card: int) -> None:
    """Hunting the Beast, the action over: 2 blood to the Salubri in its Methuselah's uncontrolled region (named with
    terms when there are several)."""
    from vtes_desktop.engine.state import Impulse, ManualFrame

    rules, mode = mode_of(ctx, card, f.card_level)
    n = next((s[2] for s in readings(rules, mode) if s[0] == "end_combat" and s[1] == "blood to uncontrolled salubri"), 2)
    got = _salubri_candidates(ctx, f.seat)
    if len(got) <= 1:
        for v in got:
            ctx.update(v, counters=ctx.st.cards[v].counters + n)
            ctx.emit("blood", f"{ctx.name(v)} gets {n} blood from the bank ({ctx.name(card)}).", cards=(v,))
        if not got:
            ctx.emit("fizzles", f"{ctx.name(card)}: {ctx.seat_name(f.seat)} has no Salubri in their uncontrolled region.")
        return
    flow.push(ctx, ManualFrame(imp=Impulse((f.seat,)), what=f"{SALUBRI_BLOOD} {n}", card=card))
    ctx.emit("choose", f"{ctx.name(card)}: {ctx.seat_name(f.seat)} names the Salubri that gets {n} blood (terms).")


def _salubri_blood_choice(ctx: Ctx, f, rules: CardRules, seat: int, choice: str) -> None:
    st = ctx.st
    owner = st.cards[f.card].owner
    if seat != owner:
        raise Illegal("terms", f"{rules.name}: {ctx.seat_name(owner)} names the Salubri")
    try:
        v = flow.ref(ctx, seat, choice)
    except (Malformed, Illegal):
        raise Illegal("terms", f"{rules.name}: name a Salubri in your uncontrolled region") from None
    if v not in _salubri_candidates(ctx, seat):
        raise Illegal("terms", f"{rules.name}: {ctx.name(v)} is not a Salubri in your uncontrolled region")
    n = int(f.what.rsplit(" ", 1)[1])
    flow.pop(ctx)
    ctx.update(v, counters=st.cards[v].counters + n)
    ctx.emit("blood", f"{ctx.name(v)} gets {n} blood from the bank ({rules.name}).", cards=(v,))


def discipline_card_refusal(ctx: Ctx, f: ActionFrame, minion: int, rules: CardRules) -> str | None:
    """Cheat the Fates [tem]: its acting vampire cannot play other cards requiring one or more Disciplines during
    this action (called only for the acting minion of an action card)."""
    if not (rules.disciplines or any(md.disciplines for md in rules.modes)):
        return None
    arules, amode = mode_of(ctx, f.card, f.card_level)
    if amode is not None and any(s[0] == "no_block" and len(s) > 2 and s[2] == "no discipline cards"
                                 for s in readings(arules, amode)):
        return f"{ctx.name(minion)} cannot play other cards requiring Disciplines during {arules.name}"
    return None


def diablerie_choices(ctx: Ctx, seat: int, actor: int, planned: dict, cmd) -> dict:
    """An action card that diablerizes its target (Fire on the Mountain): the Discipline card and trophy the player
    names with the action's `discipline` and `trophy` fields, checked as for a diablerie action."""
    t = planned.get("target_card")
    if t is None or (cmd.discipline is None and cmd.trophy is None):
        return {}
    from vtes_desktop.engine.rules_diablerie import check_choices

    return {"choices": check_choices(ctx, seat, actor, t, cmd.discipline, cmd.trophy)}


def vote_side_refusal(ctx: Ctx, f: ReferendumFrame, iid: int, side: str) -> str | None:
    """Warding the Beast: in the blood hunt on its acting vampire, only Baali, Tremere and Tremere antitribu cast votes
    or ballots in favor."""
    st = ctx.st
    if side != "for" or f.terms != "blood hunt" or not st.marks:
        return None
    for m in st.marks:
        if len(m) == 4 and m[0] == ("minion", f.actor) and m[1] == BLOOD_HUNT_FOR_ONLY and m[3] == st.turn:
            if not any(_same_clan(c, x) for c in m[2] for x in ctx.cdef(iid).clans):
                return f"{ctx.name(iid)} cannot cast votes or ballots in favor of this blood hunt (only " \
                       + ", ".join(x.title() for x in m[2]) + ")"
    return None


_CIRCLES = ("Budapest", "Chicago", "Kiev", "Mexico City", "Torrance")
_CIRCLE_CACHE: dict[int, frozenset] = {}


def _circles(ctx: Ctx, iid: int) -> frozenset:
    """The circles of a Blood Brother, read from its card ("Budapest circle."); "*" for Angelo, a member of any."""
    cid = ctx.st.cards[iid].cid
    got = _CIRCLE_CACHE.get(cid)
    if got is None:
        d = ctx.cdef(iid)
        text = d.text or ""
        if not any(_same_clan("blood brother", x) for x in d.clans):
            got = frozenset()
        elif "as if" in text and "member of any circle" in text:
            got = frozenset({"*"})
        else:
            got = frozenset(c for c in _CIRCLES if re.search(rf"(?:^|[.:]\s){c} [Cc]ircle\b", text))
        _CIRCLE_CACHE[cid] = got
    return got


def _same_circle(ctx: Ctx, a: int, b: int) -> bool:
    ca, cb = _circles(ctx, a), _circles(ctx, b)
    return bool(ca and cb and ("*" in ca or "*" in cb or ca & cb))


def _cost_cut(specs: list[tuple]) -> tuple[int, int]:
    """Jack of Both Sides: the card from hand costs 1 pool less, or up to 2 blood less."""
    return next(((s[1], s[2]) for s in specs if s[0] == "hand_card_cost_cut"), (0, 0))


def _cut_cost(cost: tuple[int, int], cut: tuple[int, int]) -> tuple[int, int]:
    pool, blood = cost
    return (max(0, pool - cut[0]), blood) if pool else (pool, max(0, blood - cut[1]))


def _equip_refusal(ctx: Ctx, seat: int, actor: int, eq: int, cut: tuple[int, int] = (0, 0)) -> str | None:
    """Why *actor* cannot be equipped with (or employ) *eq* now, requirements and cost as normal (Anonymous Freight,
    Jack of Both Sides)."""
    from vtes_desktop.engine.rules_action import _cost, requirement_refusal

    st = ctx.st
    er = ctx.rules(eq)
    why = requirement_refusal(ctx, eq, er, er.modes[0] if er.modes else None, actor)
    if why:
        return why
    pool, blood = _cut_cost(_cost(er, 0), cut)
    if st.cards[actor].counters < blood or st.seats[seat].pool < pool:
        return f"{ctx.name(actor)} cannot pay {poss(ctx.name(eq))} cost"
    if er.unique and any(i != eq and c.controller == seat and c.cid == st.cards[eq].cid
                         and c.region in ("attached", "in_play") for i, c in st.cards.items()):
        return f"you already control {ctx.name(eq)}"
    return None


_CITY_TITLE = re.compile(r"\b(?:Prince|Archbishop|Baron|Baroness) of ([A-Z][\w .,'\-]*?)(?::|\.(?:\s|$)|$)")


def _city_title(ctx: Ctx, v: int) -> str | None:
    """The city of the vampire's prince, archbishop or baron title: from a title card on it, else its card text."""
    st = ctx.st
    if (ctx.title(st.cards[v]) or "").lower() not in ("prince", "archbishop", "baron"):
        return None
    for a in st.attached.get(v, ()):
        key = title_card_key(ctx, a)
        if key is not None:
            return key[1].title()
    m = _CITY_TITLE.search(ctx.cdef(v).text or "")
    return m.group(1).strip() if m else None
