"""The engine side of `cards/grammar/auto_attached.py`: it carries out the readings that family claims.

`HANDLED` names every reading this module carries out (tests/engine/test_auto_attached.py checks that each reading
the family gives over the whole card list is in it).

Where it is called from (one line each, in the shared files): `rules_action` (the target of a "(D) Put this card on
..." action card as it is announced, `plan`; the card put on its target as the action succeeds,
`after_card_action`; action modifiers and reactions that stay, `on_modifier`; the host's stealth, intercept and
bleed, `actor_stealth`, `intercept_bonus`, `bleed_bonus`; `block_refusal`, `target_refusal`, `actor_refusal`,
`card_refusal`; `action_extra_blood`; `blocked`; the actions a card gives, `announce_own` and `succeed_own`;
`after_action`; `use`), `flow` (`before_unlock`, `start_of_unlock_phase`, `start_of_discard_phase`, `end_of_turn`,
`state_checks` after each step), `rules_combat` (the host's strength, `strength_bonus`; strike cards put on the
opposing minion, `strike_card_played` and `strikes_resolved`) and `rules_politics` (`votes_bonus`, `vote_refusal`,
`card_votes`, the kholo titles `in_referendum`). Also: `rules_turn.hand_size` and `effects_master.hand_size`
(`hand_size_bonus`, `seat_hand_size`: Wise Spider, Chronicle of the Lost Tribe); `rules_action._apply_modes`
(`canceled_as_played`: Blood of Sandman); `rules_combat` (`use_in_combat`, `agg_as_normal` in _combat_damage_rules,
`prevent` in _equipment_prevent, `combat_card_kept` after a combat card is played).
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar.auto_attached import claims
from vtes_desktop.cards.rules import CardRules, Mode
from vtes_desktop.engine import flow
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.state import ActionFrame, CombatFrame, Mod

HANDLED: frozenset[str] = frozenset({
    "attach_to", "attach_still_control", "attach_lock", "host_no_block", "host_mod", "host_no_unlock", "unlock_for",
    "host_burn_at_unlock", "host_directed_cost", "burnable", "burn_at_unlock", "bleed_vs_host_controller",
    "host_blocked_burn", "put_on_actor", "no_directed_unless", "burn_for_stealth", "burn_stealth_is",
    "counter_at_host_unlock", "burn_at_counters", "host_no_cards", "host_no_act_block", "burn_at_host_discard",
    "burn_at_unlock_instead", "block_host_intercept", "host_burns_to_burn", "no_unlock_for",
    "reactor_intercept_vs_host_bleed", "put_on_actor", "lock_to_unlock", "unlock_to_block", "burn_if_host_torpor",
    "directed_at_host_cost", "in_play_clan_stealth", "burn_end_of_turn_or_success", "burn_for_votes",
    "burn_if_actor_leaves", "put_on_actor_if_block", "host_stealth_vs_reactor", "burnable_steps",
    "put_in_play_self", "controller_minions_mod", "host_blood_after_directed", "kholo_title", "kholo_moves",
    "unlock_actor_after_put", "become_anarch_unlock", "burn_if_sect_changes", "burn_fail_directed_at_host",
    "burn_for_bleed_vs_host_controller", "hunt_and_put", "host_bleed_cost_vs_controller", "host_mod_directed",
    "look_host_hand_at_unlock", "host_considered_sect", "burnable_for_strength", "burn_at_next_turn_discard",
    "put_on_actor_reaction", "strength_vs_host", "combat_with_host", "host_bleed_vs_controller", "host_restrict",
    "burn_if_host_in_combat", "put_on_opponent_after_strike", "host_mod_replace", "burn_end_of_turn",
    "burn_no_block_vs_striker", "striker_bleed_vs_host_controller", "put_in_play_counters", "counter_unlock_block",
    "burn_when_empty", "blood_to_card_at_unlock", "counters_reduce_bleed", "comes_with_counters",
    "host_votes_per_gehenna", "burn_if_no_gehenna", "host_feeds_actor_on_announce", "by_intercept_vs_host",
    "host_bleed_vs_by_controller", "host_capacity", "burn_host_stealth_zero", "put_on_actor_if_bleed_succeeds",
    "burn_fail_block_attempt", "put_on_striker_after_combat", "votes_when_host_falls", "host_ready_hand_size",
    "burn_agg_as_normal_combat", "agg_as_normal_once_each_combat", "pool_to_unlock",
    "host_locked_reactions_canceled", "host_extra_strike_each_round", "burn_to_prevent",
    "burn_damage_blocked_actor", "burn_damage_bleeder", "damage_after_directed_at_controller",
    "controller_hand_size", "stealable", "fail_directed_at_location_put", "put_on_reactor_if_no_block",
    "burn_for_intercept", "lock_for_strength_maneuver_press", "counter_for_ally_maneuver_press",
    "burn_other_condemnations", "host_blocked_pool", "host_bleed_cost", "host_no_press",
    "host_burns_after_referendum",
})
_AFTER_COMBAT = "put after combat"   # st.marks: (card, _AFTER_COMBAT, (striker, level))
_GAME_VOTES = "votes for the game"   # st.marks: (vampire, _GAME_VOTES, n)
_IF_BLEEDS = "put if the bleed succeeds"   # st.marks: (card, _IF_BLEEDS, (acting vampire, level))
_STRIKE_LEVEL = "strike card level"   # st.marks: (card, _STRIKE_LEVEL, (striker, level))
_PUT_TURN = "put on turn"   # st.marks: (card, _PUT_TURN, the turn it was put in play)
_GAME_STRENGTH = "strength for the game"   # st.marks: (minion, _GAME_STRENGTH, n)
_SECT = "sect given"   # st.marks: (card, _SECT, the sect the card gave its vampire)
_TYPES = frozenset({("Action",), ("Action Modifier",), ("Reaction",), ("Combat",), ("Action Modifier", "Reaction"),
                    ("Action", "Reaction"), ("Action", "Combat")})
_IF_BLOCKS = "put if it blocks"   # st.marks: (card, _IF_BLOCKS, (the reacting vampire, the acting minion))
_IF_NO_BLOCK = "put unless it blocks"   # st.marks: (card, _IF_NO_BLOCK, (the reacting vampire, level))

_BY = "attached_by"    # st.marks: (card, _BY, the vampire whose action put it there)
_AT = "attached_at"    # st.marks: (card, _AT, (Methuselah the action was directed at, signature of that action))


def _poss(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


# -- readings of a card ------------------------------------------------------------------------------------

_MODE_SPECS: dict[tuple[int, str | None], tuple[tuple, ...]] = {}
_CARD_SPECS: dict[tuple, tuple[tuple, ...]] = {}   # (card id, level), or (card id, None, region)


def mode_specs(rules: CardRules, mode: Mode) -> tuple[tuple, ...]:
    """The readings this family claims in *mode*."""
    key = (rules.card_id, mode.level)
    got = _MODE_SPECS.get(key)
    if got is None:
        got = _MODE_SPECS[key] = tuple(r for r in (claims(e, rules.types) for e in mode.effects) if r is not None)
    return got


def _specs(ctx: Ctx, iid: int) -> tuple[tuple, ...]:
    """The readings of a card in play, at the level it was played at (its only mode when it has one)."""
    c = ctx.st.cards[iid]
    key = (c.cid, c.level) if c.level is not None else (c.cid, None, c.region)
    got = _CARD_SPECS.get(key)
    if got is None:
        rules = ctx.rules(iid)
        mode = rules.mode(c.level) if c.level is not None else None
        if mode is None and len(rules.modes) > 1 and rules.types in _TYPES:   # put there by hand or by a table:
            # the first level this family reads that goes where the card is (in play, or on a minion)
            inp = c.region == "in_play"
            mode = next((md for md in rules.modes if mode_specs(rules, md) and inp == any(
                e.kind == "put_in_play" and re.search(r"(?i)\b(?:in|into) play\b", e.text or "") for e in md.effects)),
                None)
        if mode is None and rules.modes:
            mode = rules.modes[0]
        got = _CARD_SPECS[key] = mode_specs(rules, mode) if mode is not None and rules.types in _TYPES else ()
    return got


def _spec(ctx: Ctx, iid: int, key: str) -> tuple | None:
    return next((s for s in _specs(ctx, iid) if s[0] == key), None)


def _restricted(ctx: Ctx, minion: int, what: str) -> int | None:
    """The card on *minion* that forbids it *what* ("cards", "votes", "no_block"...), or None."""
    if not ctx.st.attached.get(minion):
        return None
    return next((a for a, s in _on(ctx, minion, "host_restrict") if what in s[1]), None)


def _on(ctx: Ctx, minion: int, key: str):
    """(card, reading) for each card on *minion* with a reading named *key*."""
    for a in ctx.st.attached.get(minion, ()):
        for s in _specs(ctx, a):
            if s[0] == key:
                yield a, s


# -- "(D) Put this card on ...": the target and the card put on it ---------------------------------------

def _fits(ctx: Ctx, seat: int, actor: int, t: int, spec: tuple) -> str | None:
    """Why *t* is not a minion this card can be put on, or None."""
    st = ctx.st
    _, nouns, adjs, ctrl = spec[:4]
    directed = spec[4] if len(spec) > 4 else True
    c = st.cards[t]
    name = ctx.name(t)
    if nouns == ("location",):   # "Put this card on a location you control"
        if c.region != "in_play" or c.contested or "location" not in ctx.rules(t).keywords:
            return f"{name} is not a location in play"
        return f"{name} is not yours" if c.controller != seat else None
    if c.region not in ("ready", "torpor") or c.contested or not ctx.is_minion(c):
        return f"{name} is not a minion in play"
    if directed and c.controller == seat:
        return f"{name} is yours: this directed action names another Methuselah's minion"
    if ctrl == "self" and c.controller != seat:
        return f"{name} is not yours"
    if ctrl == "not actor" and t == actor:
        return f"{name} is the acting vampire"
    for sect in ("sabbat", "camarilla", "anarch"):
        if sect in adjs and (ctx.sect(c) or "").lower() != sect:
            return f"{name} is not {sect.title()}"
    if "black_hand" in adjs and "black hand" not in ctx.rules(t).traits:
        return f"{name} is not Black Hand"
    if "gargoyle" in adjs and not any(x.lower() == "gargoyle" for x in ctx.cdef(t).clans):
        return f"{name} is not a Gargoyle"
    if "slave" in adjs and "slave" not in ctx.rules(t).traits:
        return f"{name} is not a slave"
    if "cap>4" in adjs and ctx.capacity(c) <= 4:
        return f"{name} has a capacity of 4 or less"
    vamp = ctx.is_vampire(c)
    younger = vamp and ctx.capacity(c) < ctx.capacity(st.cards[actor])
    ok = False
    for n in nouns:
        ok |= (n == "minion") or (n == "vampire" and vamp) or (n == "ally" and "Ally" in ctx.cdef(t).types) \
            or (n == "younger vampire" and younger)
    if not ok:
        return f"{name} is not " + " or ".join(f"an {n}" if n[0] in "aeiou" else f"a {n}" for n in nouns)
    if "ready" in adjs and c.region != "ready":
        return f"{name} is not ready"
    if "younger" in adjs and not younger:
        return f"{name} is not younger than {ctx.name(actor)}"
    if "locked" in adjs and not c.locked:
        return f"{name} is not locked"
    if "unlocked" in adjs and c.locked:
        return f"{name} is not unlocked"
    if "titled" in adjs and not ctx.title(c):
        return f"{name} has no title"
    if ctrl == "prey" and c.controller != st.prey(seat):
        return f"{name} is not controlled by your prey"
    if ctrl == "predator" and c.controller != st.predator(seat):
        return f"{name} is not controlled by your predator"
    return None


def plan(ctx: Ctx, seat: int, actor: int, rules: CardRules, mode: Mode, target) -> dict:
    """The target of an action card that puts itself on a minion, as the action is announced (refused when it
    does not fit); {} for any other card."""
    if "Action" not in rules.types:
        return {}
    specs = mode_specs(rules, mode)
    if any(s[0] == "put_on_actor" for s in specs):   # "A minion may have only one Tattoo Signal"
        why = _limit(ctx, actor, rules, mode)
        if why:
            raise Illegal("limit", f"{rules.name}: {why}")
    spec = next((s for s in specs if s[0] == "attach_to"), None)
    if spec is None:
        return {}
    if target is None:
        raise Illegal("target", f"{rules.name}: name the minion to put it on")
    try:
        t = flow.ref(ctx, seat, target)
    except (Malformed, Illegal):
        raise Illegal("target", f"{rules.name}: {target!r} is not a minion in play") from None
    why = _fits(ctx, seat, actor, t, spec) or _limit(ctx, t, rules, mode)
    if why:
        raise Illegal("target", f"{rules.name}: {why}")
    return {"target_card": t, "target_seat": ctx.st.cards[t].controller}


def _limit(ctx: Ctx, t: int, rules: CardRules, mode: Mode) -> str | None:
    """ "A minion can have only one The Haunting"."""
    for lim in mode.limits:
        if lim.per == "in play" and lim.what == "this card":
            held = sum(1 for a in ctx.st.attached.get(t, ()) if ctx.st.cards[a].cid == rules.card_id)
            if held >= lim.count:
                return f"{ctx.name(t)} already has {held} {rules.name}; a {lim.who} can have only {lim.count}"
    return None


def after_card_action(ctx: Ctx, f: ActionFrame, left: list[str]) -> list[str]:
    """A successful action card: it goes on its target when it says so; the clauses this family carries out are
    taken from those *left* to the players."""
    if f.card is None or "Action" not in ctx.cdef(f.card).types:
        return left
    rules = ctx.rules(f.card)
    mode = rules.mode(f.card_level) or (rules.modes[0] if f.card_level is None and rules.modes else None)
    if mode is None:
        return left
    specs = mode_specs(rules, mode)
    if not specs:
        return left
    st = ctx.st
    if any(s[0] == "votes_when_host_falls" for s in specs):
        _FALLS[:] = [True]
    if any(s[0] == "burn_if_actor_leaves" for s in specs):   # remembered even when the card is put by hand
        st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == f.card and m[1] == _BY)) \
            | {(f.card, _BY, f.actor)}
    spec = next((s for s in specs if s[0] == "attach_to"), None)
    if spec is not None and st.cards[f.card].region == "aside":
        t = f.target_card
        why = (_fits(ctx, f.seat, f.actor, t, spec) or _limit(ctx, t, rules, mode)) if t is not None and t in st.cards \
            else "its target is gone"
        if why:
            ctx.emit("fizzles", f"{rules.name} has no effect: {why}.")
        else:
            ctx.move(f.card, "attached", host=t, level=f.card_level)
            still = any(s[0] == "attach_still_control" for s in specs) or "you still control this card" in mode.text.lower()
            if still:
                ctx.update(f.card, controller=f.seat)
            st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == f.card and m[1] == _BY)) \
                | {(f.card, _BY, f.actor)}
            ctx.emit("attached", f"{rules.name} is put on {ctx.name(t)}"
                     + (f"; {ctx.seat_name(f.seat)} still controls it" if still else "") + ".",
                     cards=(f.card, t))
            if any(s[0] == "burn_other_condemnations" for s in specs):
                for x in [x for x in st.attached.get(t, ()) if x != f.card
                          and ctx.cdef(x).name.lower().startswith("condemnation")]:
                    ctx.burn(x, f"{rules.name} is put on {ctx.name(t)}")
                    ctx.emit("burned", f"{ctx.name(x)} is burned ({rules.name}).", cards=(x,))
            if any(s[0] == "attach_lock" for s in specs) and not st.cards[t].locked:
                ctx.update(t, locked=True)
                ctx.emit("locked", f"{ctx.name(t)} is locked ({rules.name}).", cards=(t,))
    if any(s[0] == "unlock_actor_after_put" for s in specs) and st.cards[f.card].region == "attached" \
            and st.cards[f.actor].region == "ready" and st.cards[f.actor].locked:
        ctx.update(f.actor, locked=False)
        ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks ({rules.name}).", cards=(f.actor,))
    if any(s[0] == "become_anarch_unlock" for s in specs) and st.cards[f.actor].region in ("ready", "torpor"):
        ctx.update(f.actor, sect="Anarch", locked=False)
        st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == f.card and m[1] == _SECT)) \
            | {(f.card, _SECT, "anarch")}
        ctx.emit("anarch", f"{ctx.name(f.actor)} becomes Anarch and unlocks ({rules.name}).", cards=(f.actor,))
    pc = next((s for s in specs if s[0] == "put_in_play_counters"), None)
    if pc is not None and any(s[0] == "burn_when_empty" for s in specs):
        _COUNTED[:] = [True]   # the state checks look at cards in play from now on
    if pc is not None:   # "Put this card in play with 3 counters"
        n = next((s[1] for s in specs if s[0] == "comes_with_counters"), pc[1])
        if st.cards[f.card].region == "aside":
            ctx.move(f.card, "in_play", seat=f.seat, level=f.card_level)
        if st.cards[f.card].region == "in_play":
            ctx.update(f.card, counters=n, level=f.card_level)
            ctx.emit("put_in_play", f"{rules.name} is put in play with {n} counter{'s' if n != 1 else ''}.",
                     cards=(f.card,))
    if any(s[0] == "put_in_play_self" for s in specs) and st.cards[f.card].region == "aside":
        ctx.move(f.card, "in_play", seat=f.seat, level=f.card_level)
        ctx.emit("put_in_play", f"{rules.name} is put in play.", cards=(f.card,))
    if any(s[0] == "burn_at_next_turn_discard" for s in specs):
        st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == f.card and m[1] == _PUT_TURN)) \
            | {(f.card, _PUT_TURN, st.turn)}
    if any(s[0] == "put_on_actor" for s in specs) and st.cards[f.card].region == "aside":
        if st.cards[f.actor].region in ("ready", "torpor"):
            ctx.move(f.card, "attached", host=f.actor, level=f.card_level)
            ctx.emit("attached", f"{rules.name} is put on {ctx.name(f.actor)}.", cards=(f.card, f.actor))
            if any(s[0] == "host_ready_hand_size" for s in specs):   # Wise Spider: the state checks draw up
                _HAND[:] = [True]
                st.marks = st.marks | {(f.card, _HS, None)}
        else:
            ctx.emit("fizzles", f"{ctx.name(f.actor)} is no longer in play: {rules.name} is not put on them.")
    if any(s[0] == "controller_hand_size" for s in specs):   # Chronicle of the Lost Tribe: the state checks draw up
        _HAND[:] = [True]
        st.marks = st.marks | {(f.card, _HS, None)}
    done = {e.text for e in mode.effects if claims(e, rules.types) is not None}
    return [x for x in left if x not in done]


# -- while the card is on its minion -----------------------------------------------------------------------

def _mod(ctx: Ctx, minion: int, stat: str) -> int:
    n = 0
    for a in ctx.st.attached.get(minion, ()):
        specs = _specs(ctx, a)
        rep = [s[2] for s in specs if s[0] == "host_mod_replace" and s[1] == stat]   # "As above, but ... -2 strength"
        n += rep[0] if rep else sum(s[2] for s in specs if s[0] == "host_mod" and s[1] == stat)
    return n


_CLAN_STEALTH: list = []   # [frozenset of the card ids of action modifiers put in play (Loup)], computed once


def _in_play_ams(ctx: Ctx) -> frozenset:
    """The card ids of action modifiers and action cards of this family that go in play (Loup, Psychic
    Projection): cards in play are looked at only when one of these is there."""
    if not _CLAN_STEALTH:
        _CLAN_STEALTH.append(frozenset(c.id for c in ctx.db.library if tuple(c.types) in (("Action Modifier",), ("Action",))
                                       and re.search(r"(?i)put this card (?:in|into) play", c.text)))
    return _CLAN_STEALTH[0]


def actor_stealth(ctx: Ctx, f: ActionFrame) -> int:
    """ "The attached minion gets -1 stealth": the acting host's stealth; "Toreador get +1 stealth" (Loup in play)."""
    st = ctx.st
    n = _mod(ctx, f.actor, "stealth") if st.attached.get(f.actor) else 0
    if n or st.attached.get(f.actor):
        for a, s in _on(ctx, f.actor, "host_stealth_vs_reactor"):   # Darksight
            by = next((m[2] for m in st.marks if len(m) == 3 and m[0] == a and m[1] == _BY), None)
            if by is not None and (f.kind == "bleed" or f.effect == "bleed") \
                    and f.target_seat == st.cards[by].controller:
                n += s[1]
    cids = _in_play_ams(ctx)
    for s_ in st.live_seats():
        for a in st.region(s_, "in_play"):
            if st.cards[a].cid in cids and not st.cards[a].contested:
                sp = _spec(ctx, a, "in_play_clan_stealth")
                if sp and _of_clan(ctx, f.actor, sp[1]):
                    n += sp[2]
    return n


def _of_clan(ctx: Ctx, m: int, clan: str) -> bool:
    return any(c.lower() == clan for c in ctx.cdef(m).clans)


def intercept_bonus(ctx: Ctx, f: ActionFrame, minion: int) -> int:
    """The blocking host's intercept; +1 intercept to block the vampire carrying Soul Painting; Sins of the
    Cauchemar's reacting vampire blocking the host's bleed against its controller."""
    st = ctx.st
    n = _mod(ctx, minion, "intercept") if st.attached.get(minion) else 0
    if f.directed and st.attached.get(minion):   # "+2 intercept against directed actions" (Defender of the Haven)
        n += sum(s[2] for _, s in _on(ctx, minion, "host_mod_directed") if s[1] == "intercept")
    mc = st.cards[minion]
    cids = _in_play_ams(ctx)
    for a in st.region(mc.controller, "in_play"):   # "Each of your minions gets +1 intercept" (Psychic Projection)
        if st.cards[a].cid in cids:
            sp = _spec(ctx, a, "controller_minions_mod")
            if sp and sp[1] == "intercept" and ctx.is_minion(mc):
                n += sp[2]
    if not st.attached.get(f.actor):
        return n
    for a in st.attached[f.actor]:
        specs = _specs(ctx, a)
        if not specs:
            continue
        got = [s for s in specs if s[0] == "block_host_intercept"]
        if got and ctx.is_vampire(st.cards[minion]):
            anyone = [s for s in got if not s[1]]
            if anyone:
                n += anyone[0][2]
            else:
                n += sum(s[2] for s in got if ctx.discipline_level(st.cards[minion], s[1]) >= 1)
        for s in specs:
            if s[0] == "by_intercept_vs_host" and (a, _BY, minion) in st.marks:   # Steal the Mind
                n += s[1]
            if s[0] == "reactor_intercept_vs_host_bleed" and (a, _BY, minion) in st.marks \
                    and (f.kind == "bleed" or f.effect == "bleed") and f.target_seat == st.cards[a].controller:
                n += s[1]
    return n


def bleed_bonus(ctx: Ctx, f: ActionFrame) -> int:
    """The acting host's bleed; "vampires with Dementation get +1 bleed against the attached minion's controller"
    (Madman's Quill on a minion of the bled Methuselah)."""
    st = ctx.st
    if not st.attached:
        return 0
    n = _mod(ctx, f.actor, "bleed") if st.attached.get(f.actor) else 0
    if st.attached.get(f.actor) and f.target_seat is not None:   # Aversion: "-1 bleed when bleeding you"
        n += sum(s[1] for a, s in _on(ctx, f.actor, "host_bleed_vs_controller")
                 if st.cards[a].controller == f.target_seat)
        for a, s in _on(ctx, f.actor, "host_bleed_vs_by_controller"):   # Steal the Mind [MYT]
            by = next((x[2] for x in st.marks if len(x) == 3 and x[0] == a and x[1] == _BY), None)
            if by is not None and st.cards[by].controller == f.target_seat:
                n += s[1]
    tgt = f.target_seat
    if tgt is None or not ctx.is_vampire(st.cards[f.actor]):
        return n
    for host, cards in st.attached.items():
        h = st.cards.get(host)
        if h is None or h.controller != tgt or h.region not in ("ready", "torpor"):
            continue
        for a in cards:
            for s in _specs(ctx, a):
                if s[0] == "bleed_vs_host_controller" and ctx.discipline_level(st.cards[f.actor], s[1]) >= 1:
                    n += s[2]
                elif s[0] == "striker_bleed_vs_host_controller" and (a, _BY, f.actor) in st.marks:
                    n += s[1]
    return n


def blocked(ctx: Ctx, f: ActionFrame) -> None:
    """ "If the attached minion is blocked, they burn 1 blood or life before block resolution" (Phantasmagoria);
    "if this vampire blocks, put this card on the acting minion" (Darksight, played this action by the blocker)."""
    st = ctx.st
    if st.marks:
        for m in [m for m in st.marks if len(m) == 3 and m[1] == _IF_BLOCKS]:
            st.marks = st.marks - {m}
            a, (reactor, actor, level) = m[0], m[2]
            if reactor == f.blocker and actor == f.actor and st.cards[a].region == "ash_heap" \
                    and st.cards[actor].region in ("ready", "torpor"):
                ctx.move(a, "attached", host=actor, level=level)
                if any(s[0] == "put_on_actor_if_block" and len(s) > 1 and s[1] for s in _specs(ctx, a)):
                    ctx.update(a, controller=st.cards[reactor].controller)   # "you still control this card"
                st.marks = frozenset(x for x in st.marks if not (len(x) == 3 and x[0] == a and x[1] == _BY)) \
                    | {(a, _BY, reactor)}
                ctx.emit("attached", f"{ctx.name(a)} is put on {ctx.name(actor)}.", cards=(a, actor))
    if not st.attached.get(f.actor):
        return
    for a, s in list(_on(ctx, f.actor, "host_blocked_pool")):   # Condemnation: Doomed
        seat = st.cards[f.actor].controller
        if not st.seats[seat].ousted:
            ctx.pool(seat, -s[1], ctx.name(a), quiet=True)
            ctx.emit("pool", f"{ctx.name(f.actor)} is blocked: {ctx.seat_name(seat)} burns {s[1]} pool ({ctx.name(a)}).",
                     cards=(f.actor,))
    for a, s in list(_on(ctx, f.actor, "host_blocked_burn")):
        h = st.cards[f.actor]
        n = min(s[1], h.counters)
        ctx.update(f.actor, counters=h.counters - n)
        vamp = ctx.is_vampire(h)
        ctx.emit("blood" if vamp else "life", f"{ctx.name(f.actor)} is blocked and burns {n} "
                                              f"{'blood' if vamp else 'life'} ({ctx.name(a)}).", cards=(f.actor,))


def target_refusal(ctx: Ctx, m: int, target: int | None, directed: bool) -> str | None:
    """ "Minions without Auspex cannot perform actions directed at the vampire with this card" (Sleep Unseen;
    superior Auspex at the card's superior level)."""
    st = ctx.st
    if not directed or target is None or not st.attached.get(target):
        return None
    a = _restricted(ctx, target, "untargetable")
    if a is not None:
        return f"{ctx.name(target)} cannot be the target of directed actions ({ctx.name(a)})"
    for a, s in _on(ctx, target, "no_directed_unless"):
        lvl = st.cards[a].level
        need = 2 if lvl is not None and lvl.isupper() and "superior" in ctx.rules(a).mode(lvl).text.lower() else 1
        if ctx.discipline_level(st.cards[m], s[1]) < need:
            return (f"{ctx.name(m)} cannot perform actions directed at {ctx.name(target)}: minions without "
                    f"{'superior ' if need == 2 else ''}Auspex cannot ({ctx.name(a)})")
    return None


# -- action modifiers that stay on the acting vampire ------------------------------------------------------

_SELF_PUT_TARGETS = ("this vampire", "this acting vampire", "the acting vampire", "this minion", "this acting minion")


def _signature(ctx: Ctx, f: ActionFrame) -> tuple:
    return (ctx.st.turn, f.actor, f.kind, f.card, f.from_card, f.target_seat, f.target_card, f.effect)


def on_modifier(ctx: Ctx, cmd, minion: int, mode: Mode, rules: CardRules, iid: int) -> None:
    """An action modifier that says "Put this card on this (acting) vampire" stays on it (kept by its player); a
    reaction that says "Put this card on the acting vampire" goes on the acting minion (Sins of the Cauchemar)."""
    st = ctx.st
    if rules.types == ("Reaction",):
        _reaction_put(ctx, minion, mode, rules, iid)
        return
    if rules.types == ("Action Modifier", "Reaction"):
        sp = next((s for s in mode_specs(rules, mode) if s[0] == "kholo_title"), None)
        if sp is not None and st.cards[iid].region == "hand":
            if not _laibon_of(ctx, minion, sp[1]):
                raise Illegal("requirements", f"{rules.name} goes on a Laibon {sp[1].title()}; {ctx.name(minion)} is not one")
            _take_kholo(ctx, iid, minion, rules.name)
        return
    if rules.types != ("Action Modifier",):
        return
    f = st.top
    if isinstance(f, ActionFrame) and any(s[0] == "put_on_actor_if_bleed_succeeds" for s in mode_specs(rules, mode)):
        st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == iid and m[1] == _IF_BLEEDS)) \
            | {(iid, _IF_BLEEDS, (minion, mode.level))}   # Fever Pitch: on the vampire once its bleed succeeds
        return
    if st.cards[iid].region == "hand" and mode_specs(rules, mode) and any(
            e.kind == "put_in_play" and e.automated and e.text.strip().lower().rstrip(".") == "put this card in play"
            for e in mode.effects):   # Loup, Propaganda of the Deed
        ctx.move(iid, "in_play", seat=cmd.seat, level=mode.level)   # (the level read later: CrimethInc. [tha])
        ctx.emit("put_in_play", f"{rules.name} is put in play.", cards=(iid,))
        return
    if st.cards[iid].region != "hand" or not any(
            e.kind == "put_in_play" and e.automated and (e.target or "").lower() in _SELF_PUT_TARGETS
            for e in mode.effects):
        return
    if st.cards[minion].region not in ("ready", "torpor"):
        return
    ctx.move(iid, "attached", host=minion, level=mode.level)
    cs = next((s for s in mode_specs(rules, mode) if s[0] == "host_considered_sect"), None)
    if cs is not None:   # The Red Question: "This vampire is considered Anarch"
        ctx.update(minion, sect=cs[1].title())
        st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == iid and m[1] == _SECT)) \
            | {(iid, _SECT, cs[1])}
        ctx.emit("anarch", f"{ctx.name(minion)} is considered {cs[1].title()} ({rules.name}).", cards=(minion,))
    f = st.top
    if isinstance(f, ActionFrame):
        st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == iid and m[1] == _AT)) \
            | {(iid, _AT, (f.target_seat if f.directed else None, _signature(ctx, f)))}
    ctx.emit("attached", f"{rules.name} is put on {ctx.name(minion)}.", cards=(iid, minion))


def _laibon_of(ctx: Ctx, m: int, clan: str) -> bool:
    c = ctx.st.cards[m]
    return ctx.is_vampire(c) and (ctx.sect(c) or "").lower() == "laibon" \
        and any(x.lower() == clan for x in ctx.cdef(m).clans)


def _take_kholo(ctx: Ctx, card: int, v: int, name: str) -> None:
    from vtes_desktop.engine.effects_actioncard import _give_title

    _give_title(ctx, card, v, "kholo", name)


def in_referendum(ctx: Ctx, m: int, mode: Mode, rules: CardRules, iid: int) -> bool:
    """A Laibon title card played in the polling step goes on the vampire playing it (Akunanse Kholo)."""
    if rules.types != ("Action Modifier", "Reaction"):
        return False
    sp = next((s for s in mode_specs(rules, mode) if s[0] == "kholo_title"), None)
    if sp is None:
        return False
    if not _laibon_of(ctx, m, sp[1]):
        raise Illegal("requirements", f"{rules.name} goes on a Laibon {sp[1].title()}; {ctx.name(m)} is not one")
    _take_kholo(ctx, iid, m, rules.name)
    return True


def _reaction_put(ctx: Ctx, minion: int, mode: Mode, rules: CardRules, iid: int) -> None:
    st = ctx.st
    f = st.top
    if isinstance(f, ActionFrame) and any(s[0] == "put_on_reactor_if_no_block" for s in mode_specs(rules, mode)):
        st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == iid and m[1] == _IF_NO_BLOCK)) \
            | {(iid, _IF_NO_BLOCK, (minion, mode.level))}   # Dogged Pursuit: after the action, unless it blocked
        return
    if any(s[0] == "fail_directed_at_location_put" for s in mode_specs(rules, mode)):   # Salt of Thoth
        from vtes_desktop.engine.effects_crypt import _OPEN

        seat = st.cards[minion].controller
        t = f.target_card if isinstance(f, ActionFrame) else None
        if t is None or not f.directed or f.stage not in _OPEN or f.outcome is not None or t not in st.cards \
                or st.cards[t].region != "in_play" or st.cards[t].controller != seat \
                or "location" not in ctx.rules(t).keywords:
            raise Illegal("timing", f"{rules.name} is played while an action is directed at a location you control")
        ctx.move(iid, "attached", host=t, level=mode.level)
        f = st.top
        flow.set_top(ctx, f._replace(outcome="unsuccessful", stage="resolution", imp=f.imp._replace(at=0, passes=0)))
        ctx.emit("unsuccessful", f"The action fails; {rules.name} is put on {ctx.name(t)}.", cards=(iid, t))
        return
    if isinstance(f, ActionFrame) and any(s[0] == "put_on_actor_if_block" for s in mode_specs(rules, mode)):
        st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == iid and m[1] == _IF_BLOCKS)) \
            | {(iid, _IF_BLOCKS, (minion, f.actor, mode.level))}
        return
    hp = next((s for s in mode_specs(rules, mode) if s[0] == "hunt_and_put"), None)
    if hp is not None and isinstance(f, ActionFrame) and st.cards[iid].region == "hand" \
            and st.cards[f.actor].region in ("ready", "torpor"):   # Tainted Vitae
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("hunt", hp[1], f.actor, iid, rules.card_id),)))
        ctx.move(iid, "attached", host=f.actor, level=mode.level)
        ctx.update(iid, controller=st.cards[minion].controller)
        ctx.emit("attached", f"{ctx.name(f.actor)} gets +{hp[1]} hunt; {rules.name} is put on them.", cards=(iid, f.actor))
        return
    if st.cards[iid].region != "hand" or not isinstance(f, ActionFrame) or not mode_specs(rules, mode) or not any(
            e.kind == "put_in_play" and e.automated
            and (e.target or "").lower() in ("the acting vampire", "the acting minion", "that vampire")
            for e in mode.effects):
        return
    if st.cards[f.actor].region not in ("ready", "torpor"):
        return
    seat = st.cards[minion].controller
    ctx.move(iid, "attached", host=f.actor, level=mode.level)
    if "you still control this card" in mode.text.lower():
        ctx.update(iid, controller=seat)
    st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == iid and m[1] == _BY)) | {(iid, _BY, minion)}
    ctx.emit("attached", f"{rules.name} is put on {ctx.name(f.actor)}.", cards=(iid, f.actor))


def _use_for_stealth(ctx: Ctx, cmd, iid: int, s: tuple) -> bool:
    st = ctx.st
    c = st.cards[iid]
    host = c.host
    name = ctx.name(iid)
    f = st.top
    if not isinstance(f, ActionFrame) or f.actor != host or f.outcome is not None \
            or f.stage not in ("announced", "blocks", "attempt"):
        raise Illegal("timing", f"{name}: only during an action of {ctx.name(host)}, before blocks are resolved")
    at = next((m[2] for m in st.marks if len(m) == 3 and m[0] == iid and m[1] == _AT), (None, None))
    if at[1] == _signature(ctx, f):
        raise Illegal("timing", f"{name}: only during a later action than the one it was played in")
    if s[2] == "same target" and not (f.directed and at[0] is not None and f.target_seat == at[0]):
        raise Illegal("timing", f"{name}: only during an action directed at the Methuselah its action was directed at"
                      + (f" ({ctx.seat_name(at[0])})" if at[0] is not None else ""))
    n = next((x[1] for x in _specs(ctx, iid) if x[0] == "burn_stealth_is"), s[1])
    from vtes_desktop.engine.state import Mod

    ctx.burn(iid, "burned for stealth")
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("stealth", n, host, iid, ctx.rules(iid).card_id),)))
    ctx.emit("burned", f"{ctx.name(host)} burns {name} for +{n} stealth.", cards=(host,))
    return True


def block_refusal(ctx: Ctx, f: ActionFrame, m: int) -> str | None:
    """The blocker carries a card that says it cannot block this action (Blood Bond, Kaymakli Barrier)."""
    if f.mods and any(x.kind == "attached_no_block" and x.minion == m for x in f.mods):   # Creeping Infection burned
        return f"{ctx.name(m)} cannot block this action"
    if not ctx.st.attached.get(m):
        return None
    for a, _ in _on(ctx, m, "host_no_act_block"):
        return f"{ctx.name(m)} cannot block ({ctx.name(a)})"
    a = _restricted(ctx, m, "no_block")
    if a is not None:
        return f"{ctx.name(m)} cannot block ({ctx.name(a)})"
    for a, s in _on(ctx, m, "host_no_block"):
        if s[1] == "actor" and (a, _BY, f.actor) in ctx.st.marks:
            return f"{ctx.name(m)} cannot block {ctx.name(f.actor)} ({ctx.name(a)})"
        if s[1] == "undirected" and not f.directed:
            return f"{ctx.name(m)} cannot block undirected actions ({ctx.name(a)})"
    return None


def actor_refusal(ctx: Ctx, m: int, f: dict | None = None) -> str | None:
    """ "The attached minion cannot perform actions" (Sensory Overload); "cannot perform actions except to burn this
    card" (Reality)."""
    if not ctx.st.attached.get(m):
        return None
    a = _restricted(ctx, m, "no_actions_but_burn")
    if a is not None and (f is None or f.get("from_card") != a):
        return f"{ctx.name(m)} cannot perform actions except to burn {ctx.name(a)}"
    for a, _ in _on(ctx, m, "host_no_act_block"):
        return f"{ctx.name(m)} cannot perform actions ({ctx.name(a)})"
    return None


def card_refusal(ctx: Ctx, rules: CardRules, minion: int | None) -> str | None:
    """ "The attached minion cannot play action cards" (Total Insanity); "cannot play cards requiring Disciplines"
    (Mind of a Child)."""
    if minion is None or not ctx.st.attached.get(minion):
        return None
    a = _restricted(ctx, minion, "cards")
    if a is not None:
        return f"{ctx.name(minion)} cannot play cards ({ctx.name(a)})"
    for a, s in _on(ctx, minion, "host_no_cards"):
        if s[1] == "action" and "Action" in rules.types:
            return f"{ctx.name(minion)} cannot play action cards ({ctx.name(a)})"
        if s[1] == "discipline" and rules.disciplines:
            return f"{ctx.name(minion)} cannot play cards requiring Disciplines ({ctx.name(a)})"
    return None


def action_extra_blood(ctx: Ctx, m: int, directed: bool, target: int | None = None, f: dict | None = None) -> int:
    """ "Directed actions cost this vampire an additional blood" (Kaymakli Barrier); "Actions directed at this
    attached vampire cost +1 blood or life" (Safe Passage: an ally pays life); a bleed against the Methuselah who
    keeps Tainted Vitae on the acting vampire costs it 1 more blood."""
    st = ctx.st
    if not st.attached:
        return 0
    if st.attached.get(m):   # "Each time the attached vampire announces an action, they move 1 blood ..."
        for a, s in list(_on(ctx, m, "host_feeds_actor_on_announce")):
            by = next((x[2] for x in st.marks if len(x) == 3 and x[0] == a and x[1] == _BY), None)
            h = st.cards[m]
            if by is None or st.cards[by].region not in ("ready", "torpor") or not h.counters:
                continue
            n = min(s[1], h.counters)
            ctx.update(m, counters=h.counters - n)
            before = st.cards[by].counters
            got = ctx.set_blood(by, before + n).counters - before
            ctx.emit("blood", f"{ctx.name(m)} announces an action and moves {n} blood to {ctx.name(by)} "
                              f"({ctx.name(a)}{'' if got == n else ', the excess drained'}).", cards=(m, by))
    if not directed:
        return 0
    n = sum(s[1] for _, s in _on(ctx, m, "host_directed_cost")) if st.attached.get(m) else 0
    if f is not None and st.attached.get(m) and (f.get("kind") == "bleed" or f.get("effect") == "bleed"):
        n += sum(s[1] for a, s in _on(ctx, m, "host_bleed_cost_vs_controller")
                 if f.get("target_seat") == st.cards[a].controller)
        more = [(a, s) for a, s in _on(ctx, m, "host_bleed_cost")]   # Condemnation: Betrayed
        if more and not ctx.is_vampire(st.cards[m]):
            raise Illegal("cost", f"bleed actions cost {ctx.name(m)} more blood ({ctx.name(more[0][0])}); allies "
                                  "cannot pay blood costs")
        n += sum(s[1] for _, s in more)
    if target is not None and st.attached.get(target):
        n += sum(s[1] for _, s in _on(ctx, target, "directed_at_host_cost"))
    return n


# -- the unlock phase --------------------------------------------------------------------------------------

def _mine_in_play(ctx: Ctx):
    """(card, host or None) for each card in play with readings of this family."""
    st = ctx.st
    for host, cards in st.attached.items():
        for a in cards:
            if _specs(ctx, a):
                yield a, host
    for s in st.live_seats():
        for a in st.region(s, "in_play"):
            if _specs(ctx, a):
                yield a, None


def before_unlock(ctx: Ctx) -> None:
    """Before the active Methuselah's minions unlock: a host of "does not unlock as normal" stays locked."""
    st = ctx.st
    if not st.attached:
        return
    for a, host in list(_mine_in_play(ctx)):
        restrict = _spec(ctx, a, "host_restrict")
        if host is not None and (_spec(ctx, a, "host_no_unlock") or restrict and "no_unlock" in restrict[1]) \
                and st.cards[host].controller == st.active and st.cards[host].locked:
            st.skip_unlock = st.skip_unlock | {host}
            ctx.emit("modifier", f"{ctx.name(host)} does not unlock as normal ({ctx.name(a)}).", cards=(host,))


def start_of_unlock_phase(ctx: Ctx) -> None:
    """As the active Methuselah's unlock phase begins: cards that burn then, hosts that burn blood or life."""
    st = ctx.st
    seat = st.active
    for a, host in list(_mine_in_play(ctx)):
        c = st.cards.get(a)
        if c is None or c.region not in ("attached", "in_play"):
            continue
        if (_spec(ctx, a, "burn_at_unlock") or _spec(ctx, a, "burn_at_unlock_instead")) and c.controller == seat:
            ctx.burn(a, "its controller's unlock phase")
            ctx.emit("burned", f"{ctx.name(a)} is burned as {_poss(ctx.seat_name(seat))} unlock phase begins.",
                     cards=(a,))
            continue
        s = _spec(ctx, a, "host_burn_at_unlock")
        if s and host is not None and st.cards[host].controller == seat and st.cards[host].region in ("ready", "torpor"):
            h = st.cards[host]
            n = min(s[1], h.counters)
            ctx.update(host, counters=h.counters - n)
            vamp = ctx.is_vampire(h)
            ctx.emit("blood" if vamp else "life", f"{ctx.name(host)} burns {n} {'blood' if vamp else 'life'} "
                                                  f"({ctx.name(a)}).", cards=(host,))
            if not vamp and h.counters - n <= 0:
                ctx.burn(host, "no life left")
                ctx.emit("burned", f"{ctx.name(host)} has no life left and is burned.", cards=(host,))
                continue
        if _spec(ctx, a, "look_host_hand_at_unlock") and host is not None and c.controller == seat \
                and st.cards[host].controller != seat:   # Deep Cover Agent
            other = st.cards[host].controller
            hand = st.region(other, "hand")
            ctx.emit("look", f"{ctx.seat_name(seat)} looks at {_poss(ctx.seat_name(other))} hand ({ctx.name(a)}): "
                             + (", ".join(ctx.name(h) for h in hand) or "empty") + ".", seen_by=frozenset({seat}),
                     others=f"{ctx.seat_name(seat)} looks at {_poss(ctx.seat_name(other))} hand ({ctx.name(a)}).")
        s = _spec(ctx, a, "counter_at_host_unlock")
        if s and host is not None and st.cards[host].controller == seat:
            c = ctx.update(a, counters=c.counters + s[1])
            ctx.emit("counter", f"{ctx.name(a)} gets {s[1]} counter ({c.counters} now).", cards=(a,))
            top = _spec(ctx, a, "burn_at_counters")
            if top and c.counters >= top[1]:
                ctx.burn(a, f"{top[1]} counters")
                ctx.emit("burned", f"{ctx.name(a)} has {c.counters} counters and is burned.", cards=(a,))


def start_of_discard_phase(ctx: Ctx) -> None:
    """As the active Methuselah's discard phase begins: "burn this card during their discard phase"."""
    st = ctx.st
    if not st.attached:
        return
    for a, host in list(_mine_in_play(ctx)):
        if host is None or st.cards[a].region != "attached" or st.cards[host].controller != st.active:
            continue
        if _spec(ctx, a, "burn_at_host_discard") and not _spec(ctx, a, "burn_at_unlock_instead"):
            ctx.burn(a, "discard phase")
            ctx.emit("burned", f"{ctx.name(a)} is burned as {_poss(ctx.seat_name(st.active))} discard phase begins.",
                     cards=(a,))
    for a, host in list(_mine_in_play(ctx)):   # Masai Blood Milk: the discard phase of its player's next turn
        c = st.cards[a]
        if c.region in ("attached", "in_play") and c.controller == st.active and _spec(ctx, a, "burn_at_next_turn_discard"):
            put = next((m[2] for m in st.marks if len(m) == 3 and m[0] == a and m[1] == _PUT_TURN), None)
            if put is None or put < st.turn:
                ctx.burn(a, "discard phase of the next turn")
                ctx.emit("burned", f"{ctx.name(a)} is burned as {_poss(ctx.seat_name(st.active))} discard phase "
                                   "begins.", cards=(a,))


_AGG_COMBAT = "aggravated as normal this combat"   # CombatFrame.used: (_AGG_COMBAT, vampire)
_AGG_ONCE = "aggravated as normal once"   # CombatFrame.used: (_AGG_ONCE, card, vampire)


def use_in_combat(ctx: Ctx, cmd, iid: int) -> bool:
    """ "The attached vampire can burn this card in combat to treat aggravated damage as normal damage until the
    end of combat" (Chill of Oblivion): rules_combat.use_in_combat (and `use` while damage is under way)."""
    st = ctx.st
    c = st.cards[iid]
    if c.region == "in_play" and _specs(ctx, iid) and _spec(ctx, iid, "counter_for_ally_maneuver_press"):
        return _counter_for_ally(ctx, cmd, iid, _spec(ctx, iid, "counter_for_ally_maneuver_press"))
    if c.region != "attached" or not _specs(ctx, iid):
        return False
    from vtes_desktop.engine.rules_combat import _set_combat, combat_frame

    lk = _spec(ctx, iid, "lock_for_strength_maneuver_press")
    if lk is not None:   # Monstrous Form: locked for +1 strength this round, or a maneuver or a press
        cf = combat_frame(st)
        name, host = ctx.name(iid), c.host
        if cf is None or host not in (cf.a, cf.b):
            raise Illegal("timing", f"{name} is locked while {ctx.name(host)} is in combat")
        if c.controller != cmd.seat:
            raise Illegal("use", f"{name} is not yours")
        if c.locked:
            raise Illegal("use", f"{name} is already locked")
        what = (cmd.effect or "").strip().lower()
        if what not in ("strength", "maneuver", "press"):
            raise Malformed("effect", f"say what {name} gives: strength, maneuver or press (effect)")
        ctx.update(iid, locked=True)
        cf = combat_frame(st)
        if what == "strength":
            _set_combat(ctx, cf._replace(mods=cf.mods + (Mod("strength", lk[1], host, iid, c.cid),)))
            ctx.emit("modifier", f"{ctx.name(host)} gets +{lk[1]} strength this round ({name} locked).", cards=(host,))
        else:
            _set_combat(ctx, cf._replace(granted=cf.granted + ((host, what, 1),)))
            ctx.emit("granted", f"{ctx.name(host)} gets 1 {what} ({name} locked).", cards=(host,))
        return True
    bd = _spec(ctx, iid, "burn_damage_blocked_actor")
    if bd is not None:   # Frozen Object [tem]: its vampire blocked a directed action; before the combat goes on
        from vtes_desktop.engine.rules_combat import inflict

        cf = combat_frame(st)
        act = next((x for x in reversed(st.frames) if isinstance(x, ActionFrame)), None)
        name = ctx.name(iid)
        if c.controller != cmd.seat:
            raise Illegal("use", f"{name} is not yours")
        if cf is None or act is None or act.outcome != "blocked" or act.blocker != c.host or not act.directed \
                or cf.round != 1 or cf.step != "before_range" or act.actor not in (cf.a, cf.b):
            raise Illegal("timing", f"{name} is burned once {ctx.name(c.host)} has blocked a directed action, before "
                                    "block resolution")
        ctx.burn(iid, "burned to inflict damage")
        ctx.emit("damage", f"{name} inflicts {bd[1]} unpreventable damage on {ctx.name(act.actor)}.", cards=(act.actor,))
        inflict(ctx, act.actor, bd[1], 0)
        from vtes_desktop.engine.rules_combat import check_ready

        check_ready(ctx)
        return True
    if _spec(ctx, iid, "burn_agg_as_normal_combat") is None:
        return False

    cf = combat_frame(st)
    name = ctx.name(iid)
    host = c.host
    if cf is None or host not in (cf.a, cf.b):
        raise Illegal("timing", f"{name} is burned while {ctx.name(host)} is in combat")
    if st.cards[host].controller != cmd.seat:
        raise Illegal("use", f"{name}: only the controller of {ctx.name(host)} can burn it")
    ctx.burn(iid, "aggravated damage treated as normal this combat")
    cf = combat_frame(st)
    _set_combat(ctx, cf._replace(used=cf.used | {(_AGG_COMBAT, host)}))
    ctx.emit("effect", f"{ctx.name(host)} burns {name}: aggravated damage inflicted on them is normal damage until "
                       "the end of this combat.", cards=(host,))
    return True


def combat_card_kept(ctx: Ctx, m: int, iid: int, rules: CardRules, mode: Mode) -> bool:
    """A combat card that says "Put this card on this vampire" goes on the vampire that played it (Wall of Filth,
    Righteous Aura), one that says "Put this card in play" into its controller's play (rules_combat.play_combat,
    once it is played); the lasting clauses this family does not read are left to the players there."""
    if "Combat" not in mode.types:
        return False
    puts = [(e.text or "").strip().lower().rstrip(".") for e in mode.effects if e.kind == "put_in_play" and e.automated]
    on_self = any(t.endswith("put this card on this vampire") for t in puts)   # also "As [qui] above, and put ..."
    in_play = "put this card in play" in puts   # Darkness Within: its clauses left to the players act on it there
    if not (on_self or in_play):
        return False
    st = ctx.st
    if st.cards[iid].region not in ("ash_heap", "aside") or st.cards[m].region not in ("ready", "torpor"):
        return False
    if on_self:
        ctx.move(iid, "attached", host=m, level=mode.level)
        ctx.emit("attached", f"{rules.name} is put on {ctx.name(m)}.", cards=(iid, m))
    else:
        ctx.move(iid, "in_play", seat=st.cards[m].controller, level=mode.level)
        ctx.emit("in_play", f"{rules.name} is put in play.", cards=(iid,))
    return True


def prevent(ctx: Ctx, cmd, m: int, iid: int, f) -> bool:
    """ "This vampire can burn this card to prevent 2 non-aggravated damage in combat" (Wall of Filth; "2 damage" at
    the superior level): a `prevent` naming the card on *m* during damage resolution (rules_combat)."""
    st = ctx.st
    if st.cards[iid].region != "attached" or not _specs(ctx, iid):
        return False
    specs = [s for s in _specs(ctx, iid) if s[0] == "burn_to_prevent"]
    if not specs:
        return False
    from vtes_desktop.engine.rules_combat import _prevent_reading, combat_frame

    n, kind = specs[-1][1], specs[-1][2]   # the superior level's "As above, but ..." comes last
    name = ctx.name(iid)
    if combat_frame(st) is None:
        raise Illegal("prevent", f"{name} prevents damage in combat")
    _prevent_reading(ctx, cmd.seat, f, m, ("prevent", n, "any", kind, 0), name)
    ctx.burn(iid, "burned to prevent damage")
    return True


def referendum_passed(ctx: Ctx) -> None:
    """ "The attached vampire burns 1 blood after a referendum passes" (Condemnation: Mute [DAI]): rules_politics."""
    st = ctx.st
    for h, cards in list(st.attached.items()):
        for a in cards:
            sp = _spec(ctx, a, "host_burns_after_referendum") if _specs(ctx, a) else None
            if sp is None or h not in st.cards or st.cards[h].region not in ("ready", "torpor"):
                continue
            c = st.cards[h]
            n = min(sp[1], c.counters)
            ctx.update(h, counters=c.counters - n)
            ctx.emit("blood", f"{ctx.name(h)} burns {n} blood: a referendum passed ({ctx.name(a)}).", cards=(h,))


def press_refusal(ctx: Ctx, m: int) -> str | None:
    """ "The attached minion cannot press in combat" (Condemnation: Languid): rules_combat.press."""
    a = next((a for a, _ in _on(ctx, m, "host_no_press")), None)
    return None if a is None else f"{ctx.name(m)} cannot press in combat ({ctx.name(a)})"


def _counter_for_ally(ctx: Ctx, cmd, iid: int, s: tuple) -> bool:
    """ "Once each combat, you can burn 1 counter from this card to give a wraith or zombie ally you control 1
    maneuver or press" (Dance of the Dead in play)."""
    from vtes_desktop.engine.rules_combat import _set_combat, combat_frame

    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    cf = combat_frame(st)
    if c.controller != cmd.seat:
        raise Illegal("use", f"{name} is not yours")
    if cf is None:
        raise Illegal("timing", f"{name} gives a maneuver or press in combat")
    mine = [m for m in (cf.a, cf.b) if st.cards[m].controller == cmd.seat and "Ally" in ctx.cdef(m).types
            and set(ctx.rules(m).keywords) & set(s[1])]
    m = flow.ref(ctx, cmd.seat, cmd.minion) if cmd.minion is not None else (mine[0] if len(mine) == 1 else None)
    if m not in mine:
        raise Illegal("target", f"{name} gives its maneuver or press to a {' or '.join(s[1])} ally of yours in this "
                                "combat")
    if ("counter_for_ally", iid) in cf.used:
        raise Illegal("use", f"{name} has already been used this combat")
    what = (cmd.effect or "").strip().lower()
    if what not in ("maneuver", "press"):
        raise Malformed("effect", f"say what {name} gives: maneuver or press (effect)")
    if c.counters < 1:
        raise Illegal("cost", f"{name} has no counter to burn")
    ctx.update(iid, counters=c.counters - 1)
    _set_combat(ctx, cf._replace(used=cf.used | {("counter_for_ally", iid)}, granted=cf.granted + ((m, what, 1),)))
    ctx.emit("granted", f"{ctx.name(m)} gets 1 {what} ({name}: 1 counter burned).", cards=(m,))
    _empty(ctx, iid)
    return True


def agg_as_normal(ctx: Ctx, cf: CombatFrame, target: int, normal: int, aggravated: int) -> tuple[int, int]:
    """Aggravated combat damage about to be inflicted on *target* that a card on it makes normal (Chill of Oblivion
    burned this combat; Fire Dance once each combat): rules_combat._combat_damage_rules."""
    if (_AGG_COMBAT, target) in cf.used:
        return normal + aggravated, 0
    st = ctx.st
    for a in st.attached.get(target, ()):
        s = _spec(ctx, a, "agg_as_normal_once_each_combat") if _specs(ctx, a) else None
        if s is None or any(isinstance(u, tuple) and u[:2] == (_AGG_ONCE, a) for u in cf.used):
            continue
        k = min(s[1], aggravated)
        from vtes_desktop.engine.rules_combat import _set_combat, combat_frame

        _set_combat(ctx, cf._replace(used=cf.used | {(_AGG_ONCE, a, target)}))
        cf = combat_frame(st)
        ctx.emit("effect", f"{ctx.name(target)} treats {k} aggravated damage as normal damage ({ctx.name(a)}).",
                 cards=(target,))
        normal, aggravated = normal + k, aggravated - k
        if not aggravated:
            break
    return normal, aggravated


def use(ctx: Ctx, cmd, iid: int) -> bool:
    """ "Their controller can burn 1 pool during their unlock phase to unlock the attached ally" (Restructure)."""
    st = ctx.st
    c = st.cards[iid]
    if c.region == "in_play" and _specs(ctx, iid):   # cards in play with counters (Under Siege, Illusory Resources)
        for key, fn in (("counter_unlock_block", _counter_unlock_block), ("blood_to_card_at_unlock", _blood_to_card),
                        ("counters_reduce_bleed", _counters_reduce_bleed), ("pool_to_unlock", _pool_to_unlock),
                        ("burn_damage_bleeder", _burn_damage_bleeder),
                        ("counter_for_ally_maneuver_press", _counter_for_ally)):
            s = _spec(ctx, iid, key)
            if s is not None and (key != "counters_reduce_bleed" or isinstance(st.top, ActionFrame)) \
                    and (key != "blood_to_card_at_unlock" or st.phase == "unlock" and not st.frames):
                return fn(ctx, cmd, iid, s)
        return False
    if c.region != "attached" or not _specs(ctx, iid):
        return False
    if _spec(ctx, iid, "burn_agg_as_normal_combat") is not None or _spec(ctx, iid, "burn_damage_blocked_actor") \
            or _spec(ctx, iid, "lock_for_strength_maneuver_press"):
        return use_in_combat(ctx, cmd, iid)
    s = _spec(ctx, iid, "burn_for_intercept")
    if s is not None:
        return _burn_for_intercept(ctx, cmd, iid, s)
    s = _spec(ctx, iid, "burn_for_stealth")
    if s is not None and c.controller == cmd.seat:
        return _use_for_stealth(ctx, cmd, iid, s)
    s = _spec(ctx, iid, "host_burns_to_burn")
    if s is not None:
        return _host_burns_to_burn(ctx, cmd, iid, s)
    s = _spec(ctx, iid, "lock_to_unlock")
    if s is not None:
        return _lock_to_unlock(ctx, cmd, iid, s)
    if _spec(ctx, iid, "burn_fail_directed_at_host") is not None:
        return _burn_fail_directed(ctx, cmd, iid)
    s = _spec(ctx, iid, "burn_for_bleed_vs_host_controller")
    if s is not None:
        return _burn_for_bleed(ctx, cmd, iid, s)
    if _spec(ctx, iid, "burn_no_block_vs_striker") is not None:
        return _burn_no_block(ctx, cmd, iid)
    if _spec(ctx, iid, "burn_host_stealth_zero") is not None:
        return _burn_stealth_zero(ctx, cmd, iid)
    if _spec(ctx, iid, "burn_fail_block_attempt") is not None:
        return _burn_fail_attempt(ctx, cmd, iid)
    s = _spec(ctx, iid, "unlock_to_block")
    if s is not None:
        return _unlock_to_block(ctx, cmd, iid, s)
    s = _spec(ctx, iid, "unlock_for")
    if s is None:
        return False
    if _spec(ctx, iid, "no_unlock_for"):
        raise Illegal("use", f"{ctx.name(iid)} at this level has no option to burn pool to unlock")
    host = c.host
    h = st.cards[host]
    name = ctx.name(iid)
    if h.controller != cmd.seat:
        raise Illegal("use", f"{name}: only the controller of {ctx.name(host)} can do this")
    if st.phase != "unlock" or st.active != cmd.seat or st.frames:
        raise Illegal("timing", f"{name}: only during {_poss(ctx.seat_name(cmd.seat))} own unlock phase")
    if not h.locked:
        raise Illegal("use", f"{ctx.name(host)} is not locked")
    _, unit, n = s
    if unit == "pool":
        if st.seats[cmd.seat].pool < n:
            raise Illegal("cost", f"{ctx.seat_name(cmd.seat)} has {st.seats[cmd.seat].pool} pool; this costs {n}")
        ctx.pool(cmd.seat, -n, name)
    else:
        if h.counters < n:
            raise Illegal("cost", f"{ctx.name(host)} has {h.counters} blood; this costs {n}")
        ctx.update(host, counters=h.counters - n)
    ctx.update(host, locked=False)
    ctx.emit("unlocked", f"{ctx.name(host)} unlocks ({name}: {n} {unit} burned).", cards=(host,))
    return True


def _burn_for_intercept(ctx: Ctx, cmd, iid: int, s: tuple) -> bool:
    """ "This vampire can burn this card to get +1 intercept" (Dogged Pursuit on the vampire that played it)."""
    from vtes_desktop.engine.effects_crypt import _OPEN

    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    host = c.host
    f = st.top
    if st.cards[host].controller != cmd.seat:
        raise Illegal("use", f"{name}: only the controller of {ctx.name(host)} can burn it")
    if not isinstance(f, ActionFrame) or f.stage not in _OPEN or f.outcome is not None or f.actor == host:
        raise Illegal("timing", f"{name} is burned for intercept during another minion's action")
    ctx.burn(iid, "burned for intercept")
    f = st.top
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("intercept", s[1], host, iid, c.cid),)))
    ctx.emit("modifier", f"{ctx.name(host)} burns {name}: +{s[1]} intercept.", cards=(host,))
    return True


def _burn_fail_directed(ctx: Ctx, cmd, iid: int) -> bool:
    """ "You may burn this card to cause an action directed at the location to fail" (Consecration Rites)."""
    from vtes_desktop.engine.effects_crypt import _OPEN

    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    f = st.top
    if c.controller != cmd.seat:
        raise Illegal("use", f"{name} is not yours")
    if not isinstance(f, ActionFrame) or f.stage not in _OPEN or f.outcome is not None or not f.directed \
            or f.target_card != c.host:
        raise Illegal("timing", f"{name} is burned while an action is directed at {ctx.name(c.host)}")
    ctx.burn(iid, "to make the action fail")
    f = st.top
    flow.set_top(ctx, f._replace(outcome="unsuccessful", stage="resolution", imp=f.imp._replace(at=0, passes=0)))
    ctx.emit("unsuccessful", f"The action fails ({name}).")
    return True


def _pool_to_unlock(ctx: Ctx, cmd, iid: int, s: tuple) -> bool:
    """ "During your minion phase, you can burn 1 pool to unlock a ready Anarch you control" (CrimethInc. in play)."""
    st = ctx.st
    name = ctx.name(iid)
    _, sect, n = s
    if st.cards[iid].controller != cmd.seat:
        raise Illegal("use", f"{name} is not yours")
    if st.phase != "minion" or st.active != cmd.seat:
        raise Illegal("timing", f"{name} is used during {_poss(ctx.seat_name(cmd.seat))} own minion phase")
    if cmd.minion is None:
        raise Malformed("minion", f"name the ready {sect.title()} to unlock (minion)")
    m = flow.ref(ctx, cmd.seat, cmd.minion)
    c = st.cards[m]
    if c.region != "ready" or c.controller != cmd.seat or not ctx.cdef(m).is_crypt:
        raise Illegal("target", f"{name} unlocks a ready vampire you control; {ctx.name(m)} is not one")
    if (ctx.sect(c) or "").lower() != sect:
        raise Illegal("target", f"{name} unlocks a ready {sect.title()}; {ctx.name(m)} is not {sect.title()}")
    if not c.locked:
        raise Illegal("use", f"{ctx.name(m)} is not locked")
    if st.seats[cmd.seat].pool < n:
        raise Illegal("cost", f"{ctx.seat_name(cmd.seat)} has {st.seats[cmd.seat].pool} pool; this costs {n}")
    ctx.pool(cmd.seat, -n, name)
    ctx.update(m, locked=False)
    ctx.emit("unlocked", f"{ctx.name(m)} unlocks ({name}: {n} pool burned).", cards=(m,))
    return True


def canceled_as_played(ctx: Ctx, cmd, minion: int, rules: CardRules, mode: Mode, iid: int) -> bool:
    """ "Reaction cards the attached vampire plays while locked are canceled as they are played (their cost must be
    paid still)" (Blood of Sandman): called from rules_action._apply_modes once the cost is paid; True when the card
    was canceled (it goes to the ash heap and is replaced)."""
    st = ctx.st
    if not st.attached.get(minion) or not st.cards[minion].locked or "Reaction" not in (mode.types or rules.types):
        return False
    src = next((a for a, _ in _on(ctx, minion, "host_locked_reactions_canceled")), None)
    if src is None:
        return False
    from vtes_desktop.engine.rules_action import played_from_hand

    played_from_hand(ctx, cmd.seat, iid, rules)
    ctx.emit("canceled", f"{rules.name}, played by {ctx.name(minion)} while locked, is canceled as it is played; its "
                         f"cost is paid ({ctx.name(src)}).", cards=(minion, iid))
    return True


def _burn_damage_bleeder(ctx: Ctx, cmd, iid: int, s: tuple) -> bool:
    """ "You can burn this card after a minion successfully bleeds you to inflict 2 unpreventable environmental
    damage on them" (Frozen Object [TEM], in play)."""
    from vtes_desktop.engine.rules_combat import inflict

    st = ctx.st
    name = ctx.name(iid)
    if st.cards[iid].controller != cmd.seat:
        raise Illegal("use", f"{name} is not yours")
    f = st.top
    if not isinstance(f, ActionFrame) or f.outcome != "successful" or f.target_seat != cmd.seat \
            or not (f.kind == "bleed" or f.effect == "bleed"):
        raise Illegal("timing", f"{name} is burned after a minion successfully bleeds {ctx.seat_name(cmd.seat)}")
    ctx.burn(iid, "burned to inflict damage")
    ctx.emit("damage", f"{name} inflicts {s[1]} unpreventable damage on {ctx.name(f.actor)}.", cards=(f.actor,))
    inflict(ctx, f.actor, s[1], 0)
    return True


def _empty(ctx: Ctx, iid: int) -> None:
    if ctx.st.cards[iid].counters <= 0 and _spec(ctx, iid, "burn_when_empty"):
        ctx.burn(iid, "no counters left")
        ctx.emit("burned", f"{ctx.name(iid)} has no counters left and is burned.", cards=(iid,))


def _counter_unlock_block(ctx: Ctx, cmd, iid: int, s: tuple) -> bool:
    """ "Once each action, a Sabbat vampire you control can burn 1 counter from this card to unlock and attempt to
    block with +1 intercept, even if intercept is not yet needed" (Under Siege; then `block`)."""
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    f = st.top
    if c.controller != cmd.seat:
        raise Illegal("use", f"{name} is not yours")
    if not isinstance(f, ActionFrame) or f.outcome is not None or f.stage not in ("announced", "blocks") \
            or cmd.seat not in f.blockers or cmd.seat in f.declined:
        raise Illegal("timing", f"{name}: only during an action {ctx.seat_name(cmd.seat)} may still block")
    if any(x.card == iid for x in f.mods):
        raise Illegal("limit", f"{name} is used once each action")
    if cmd.minion is None:
        raise Illegal("minion", f"{name}: name the {s[1].title()} vampire that will block")
    m = flow.ref(ctx, cmd.seat, cmd.minion)
    mc = st.cards[m]
    if mc.controller != cmd.seat or mc.region != "ready" or not ctx.is_vampire(mc) \
            or (ctx.sect(mc) or "").lower() != s[1]:
        raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready {s[1].title()} vampire of yours")
    if c.counters <= 0:
        raise Illegal("use", f"{name} has no counters")
    ctx.update(iid, counters=c.counters - 1)
    ctx.update(m, locked=False)
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("intercept", s[2], m, iid, ctx.rules(iid).card_id),)))
    ctx.emit("unlocked", f"{name}: a counter burned, {ctx.name(m)} unlocks to block with +{s[2]} intercept.", cards=(m,))
    _empty(ctx, iid)
    return True


def _blood_to_card(ctx: Ctx, cmd, iid: int, s: tuple) -> bool:
    """ "During your unlock phase, a ready vampire with Chimerstry you control can move 1 blood to this card"."""
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    if c.controller != cmd.seat or st.active != cmd.seat:
        raise Illegal("timing", f"{name}: only in {_poss(ctx.seat_name(c.controller))} own unlock phase")
    if ("unlock_used", iid, st.turn) in st.marks:
        raise Illegal("limit", f"{name}: once each unlock phase")
    if cmd.minion is None:
        raise Illegal("minion", f"{name}: name the vampire that moves the blood")
    m = flow.ref(ctx, cmd.seat, cmd.minion)
    mc = st.cards[m]
    if mc.controller != cmd.seat or mc.region != "ready" or ctx.discipline_level(mc, s[1]) < 1 or mc.counters < s[2]:
        raise Illegal("minion", f"{name}: {ctx.name(m)} is not a ready vampire of yours with {s[1]} and blood to move")
    ctx.update(m, counters=mc.counters - s[2])
    ctx.update(iid, counters=c.counters + s[2])
    st.marks = st.marks | {("unlock_used", iid, st.turn)}
    ctx.emit("counter", f"{ctx.name(m)} moves {s[2]} blood to {name}.", cards=(m, iid))
    return True


def _counters_reduce_bleed(ctx: Ctx, cmd, iid: int, s: tuple) -> bool:
    """ "You can burn X counters from this card to reduce a bleed against you by X" (`effect`: X)."""
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    f = st.top
    if c.controller != cmd.seat:
        raise Illegal("use", f"{name} is not yours")
    if not isinstance(f, ActionFrame) or f.outcome is not None or not (f.kind == "bleed" or f.effect == "bleed") \
            or f.target_seat != cmd.seat:
        raise Illegal("timing", f"{name}: only while a minion bleeds you")
    try:
        x = int(cmd.effect) if cmd.effect is not None else 1
    except ValueError:
        raise Malformed("effect", f"{name}: give X, the counters to burn, as the effect") from None
    if x < 1 or x > c.counters:
        raise Illegal("use", f"{name} has {c.counters} counters")
    ctx.update(iid, counters=c.counters - x)
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", -x, None, iid, ctx.rules(iid).card_id),)))
    ctx.emit("effect", f"{name}: {x} counter{'s' if x != 1 else ''} burned, the bleed is reduced by {x}.")
    _empty(ctx, iid)
    return True


def _burn_fail_attempt(ctx: Ctx, cmd, iid: int) -> bool:
    """ "This vampire can burn this card during a bleed action they perform to have a block attempt fail; the
    blocking minion cannot attempt to block this action again" (Fever Pitch)."""
    from vtes_desktop.engine.effects_action import fail_attempt

    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    f = st.top
    if c.controller != cmd.seat:
        raise Illegal("use", f"{name} is not yours")
    if not isinstance(f, ActionFrame) or f.actor != c.host or not (f.kind == "bleed" or f.effect == "bleed") \
            or f.stage != "attempt" or f.blocker is None:
        raise Illegal("timing", f"{name}: only while a minion attempts to block a bleed of {ctx.name(c.host)}")
    rules = ctx.rules(iid)
    ctx.burn(iid, "burned: the block attempt fails")
    fail_attempt(ctx, rules, f.blocker, bar=True)
    return True


def _burn_stealth_zero(ctx: Ctx, cmd, iid: int) -> bool:
    """ "Burn this card to reduce the attached minion's stealth to 0 (the attached minion can still increase their
    stealth)" (Draba): while its minion acts, before blocks are resolved."""
    from vtes_desktop.engine.rules_action import stealth

    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    f = st.top
    if c.controller != cmd.seat:
        raise Illegal("use", f"{name} is not yours")
    if not isinstance(f, ActionFrame) or f.actor != c.host or f.outcome is not None \
            or f.stage not in ("announced", "blocks", "attempt"):
        raise Illegal("timing", f"{name}: only while {ctx.name(c.host)} acts, before blocks are resolved")
    now = stealth(ctx, f)
    ctx.burn(iid, "burned: stealth to 0")
    f = st.top
    if now:
        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("stealth", -now, f.actor, iid, ctx.rules(iid).card_id),)))
    ctx.emit("burned", f"{name} is burned: {poss_name(ctx, f.actor)} stealth goes to 0.", cards=(f.actor,))
    return True


def _burn_no_block(ctx: Ctx, cmd, iid: int) -> bool:
    """ "When this striking vampire announces an action, you may burn this card to prevent this minion from
    blocking" (Creeping Infection)."""
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    f = st.top
    by = next((m[2] for m in st.marks if len(m) == 3 and m[0] == iid and m[1] == _BY), None)
    if c.controller != cmd.seat:
        raise Illegal("use", f"{name} is not yours")
    if not isinstance(f, ActionFrame) or f.actor != by or f.outcome is not None \
            or f.stage not in ("announced", "blocks"):
        raise Illegal("timing", f"{name}: only as {ctx.name(by) if by is not None else 'its striking vampire'} "
                                "announces an action")
    host = c.host
    ctx.burn(iid, "burned: no block")
    f = st.top
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("attached_no_block", 0, host, iid),)))
    ctx.emit("burned", f"{name} is burned: {ctx.name(host)} cannot block this action.", cards=(host,))
    return True


def _burn_for_bleed(ctx: Ctx, cmd, iid: int, s: tuple) -> bool:
    """ "During a bleed action against the controller of the attached minion, this reacting vampire can burn this
    card to get +1 bleed" (Melange: the vampire that played it)."""
    st = ctx.st
    c = st.cards[iid]
    name = ctx.name(iid)
    f = st.top
    by = next((m[2] for m in st.marks if len(m) == 3 and m[0] == iid and m[1] == _BY), None)
    if c.controller != cmd.seat:
        raise Illegal("use", f"{name} is not yours")
    if not isinstance(f, ActionFrame) or f.outcome is not None or f.actor != by \
            or not (f.kind == "bleed" or f.effect == "bleed") or f.target_seat != st.cards[c.host].controller:
        raise Illegal("timing", f"{name}: only while {ctx.name(by) if by is not None else 'its vampire'} bleeds "
                                f"{ctx.seat_name(st.cards[c.host].controller)}")
    ctx.burn(iid, "burned for bleed")
    f = st.top
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", s[1], f.actor, iid, ctx.rules(iid).card_id),)))
    ctx.emit("burned", f"{ctx.name(f.actor)} burns {name} for +{s[1]} bleed.", cards=(f.actor,))
    return True


def _lock_to_unlock(ctx: Ctx, cmd, iid: int, s: tuple) -> bool:
    """ "This ready Seraph may lock this card to unlock another Black Hand vampire" (`minion`: that vampire)."""
    st = ctx.st
    c = st.cards[iid]
    host = c.host
    name = ctx.name(iid)
    if c.controller != cmd.seat:
        raise Illegal("use", f"{name} is not yours")
    if st.cards[host].region != "ready":
        raise Illegal("use", f"{name}: {ctx.name(host)} is not ready")
    if c.locked:
        raise Illegal("use", f"{name} is locked")
    if cmd.minion is None:
        raise Illegal("minion", f"{name}: name the {s[1].title()} vampire to unlock")
    t = flow.ref(ctx, cmd.seat, cmd.minion)
    tc = st.cards[t]
    if t == host or tc.region != "ready" or not ctx.is_vampire(tc) or s[1] not in ctx.rules(t).traits:
        raise Illegal("minion", f"{name}: {ctx.name(t)} is not another ready {s[1].title()} vampire")
    if not tc.locked:
        raise Illegal("minion", f"{name}: {ctx.name(t)} is not locked")
    ctx.update(iid, locked=True)
    ctx.update(t, locked=False)
    ctx.emit("unlocked", f"{ctx.name(host)} locks {name}: {ctx.name(t)} unlocks.", cards=(t,))
    return True


def _unlock_to_block(ctx: Ctx, cmd, iid: int, s: tuple) -> bool:
    """ "During an action, this Sabbat vampire can burn 1 blood to unlock and attempt to block" (then `block`)."""
    st = ctx.st
    host = st.cards[iid].host
    h = st.cards[host]
    name = ctx.name(iid)
    f = st.top
    if h.controller != cmd.seat:
        raise Illegal("use", f"{name}: only the controller of {ctx.name(host)} can do this")
    if not isinstance(f, ActionFrame) or f.outcome is not None or f.stage not in ("announced", "blocks") \
            or cmd.seat not in f.blockers or cmd.seat in f.declined:
        raise Illegal("timing", f"{name}: only during an action {ctx.seat_name(cmd.seat)} may still block")
    if (ctx.sect(h) or "").lower() != "sabbat":
        raise Illegal("requirements", f"{name}: {ctx.name(host)} is not Sabbat")
    if h.region != "ready" or not h.locked:
        raise Illegal("use", f"{name}: {ctx.name(host)} is not a locked ready vampire")
    if h.counters < s[1]:
        raise Illegal("cost", f"{ctx.name(host)} has no blood to burn")
    ctx.update(host, counters=h.counters - s[1], locked=False)
    ctx.emit("unlocked", f"{ctx.name(host)} burns {s[1]} blood and unlocks to attempt to block ({name}).", cards=(host,))
    return True


def _host_burns_to_burn(ctx: Ctx, cmd, iid: int, s: tuple) -> bool:
    """ "He or she may burn this card by burning 2 blood during his or her unlock phase" (Blackmail)."""
    st = ctx.st
    host = st.cards[iid].host
    h = st.cards[host]
    name = ctx.name(iid)
    if h.controller != cmd.seat:
        raise Illegal("use", f"{name}: only the controller of {ctx.name(host)} can do this")
    phase = s[2] if len(s) > 2 else "unlock"
    if st.phase != phase or st.active != cmd.seat or st.frames:
        raise Illegal("timing", f"{name}: only during {_poss(ctx.seat_name(cmd.seat))} own {phase} phase")
    if h.counters < s[1]:
        raise Illegal("cost", f"{ctx.name(host)} has {h.counters} blood; burning {name} costs {s[1]}")
    ctx.update(host, counters=h.counters - s[1])
    ctx.burn(iid, "its vampire paid blood")
    ctx.emit("burned", f"{ctx.name(host)} burns {s[1]} blood to burn {name}.", cards=(host,))
    return True


# -- the action to burn the card ---------------------------------------------------------------------------

def announce_own(ctx: Ctx, cmd, m: int) -> tuple[dict, tuple[int, ...]] | None:
    """ "Minions can burn this card as an action": `action` with `from` naming the card; None for other cards."""
    st = ctx.st
    try:
        src = flow.ref(ctx, cmd.seat, cmd.from_)
    except (Malformed, Illegal):
        return None
    if src == m or src not in st.cards or tuple(ctx.cdef(src).types) not in _TYPES:
        return None
    spec = _spec(ctx, src, "burnable")
    grant = _spec(ctx, src, "combat_with_host")
    if grant is not None and (cmd.target is not None or spec is None):   # Vendetta; Cardinal Sin with a target
        return _combat_with_host(ctx, cmd, m, src, grant)
    steps = _spec(ctx, src, "burnable_steps") if spec is None else None
    if steps is not None:   # "Any vampire(s) can burn this card with three +1 stealth actions"
        spec = ("burnable", steps[1], steps[2], 0, False)
    gain = _spec(ctx, src, "burnable_for_strength") if spec is None else None
    if gain is not None:   # Masai Blood Milk
        spec = ("burnable", gain[1], gain[2], 0, False)
    steal = _spec(ctx, src, "stealable") if spec is None else None
    if steal is not None:   # Chronicle of the Lost Tribe
        c = st.cards[src]
        name = ctx.name(src)
        if c.region not in ("in_play", "attached") or c.contested:
            raise Illegal("card", f"{name} is not in play")
        if not ctx.is_vampire(st.cards[m]) or ctx.capacity(st.cards[m]) < steal[2]:
            raise Illegal("requirements", f"only a vampire with a capacity above {steal[2] - 1} can steal {name}")
        if c.controller == cmd.seat:
            raise Illegal("target", f"{name} is already yours")
        ctx.emit("action_goal", f"{ctx.name(m)} acts to steal {name}.", cards=(m, src))
        return dict(from_card=src, effect="own:steal_card", target_card=src, base_stealth=0, cost_blood=0,
                    directed=True, target_seat=c.controller), (c.controller,)
    if spec is None:
        return None
    c = st.cards[src]
    _, who, stealth, blood, directed = spec
    name = ctx.name(src)
    if c.region not in ("in_play", "attached") or c.contested:
        raise Illegal("card", f"{name} is not in play")
    if who in ("vampire", "sabbat vampire") and not ctx.is_vampire(st.cards[m]):
        raise Illegal("requirements", f"only a vampire can burn {name}; {ctx.name(m)} is not one")
    if who == "sabbat vampire" and (ctx.sect(st.cards[m]) or "").lower() != "sabbat":
        raise Illegal("requirements", f"only a Sabbat vampire can burn {name}; {ctx.name(m)} is not one")
    if blood and not ctx.is_vampire(st.cards[m]):
        raise Illegal("cost", f"{ctx.name(m)} cannot pay the blood this action costs (allies cannot pay blood costs)")
    if who == "host" and not (c.region == "attached" and c.host == m):
        raise Illegal("requirements", f"only the minion {name} is on can burn it; {ctx.name(m)} does not carry it")
    if directed and c.controller == cmd.seat and who != "host":
        raise Illegal("target", f"{name} is yours: burning it is an action directed at another Methuselah")
    if blood and st.cards[m].counters < blood:
        raise Illegal("cost", f"{ctx.name(m)} has {st.cards[m].counters} blood; this action costs {blood}")
    ctx.emit("action_goal", f"{ctx.name(m)} acts to burn {name}.", cards=(m, src))
    upd = dict(from_card=src, effect="own:attached_step" if steps else "own:attached_strength" if gain else "own:burn_card",
               target_card=src, base_stealth=stealth, cost_blood=blood)
    if directed:
        upd.update(directed=True, target_seat=c.controller)
        return upd, (c.controller,)
    return upd, ()


# -- state checks, the end of the turn, after an action, votes -------------------------------------------

_AFTER: list = []   # [True] while a strike card waits for its combat to end (Pass Through Shadow)
_FALLS: list = []   # [True] once a card that gives votes when its host falls has been put on a vampire
_COUNTED: list = []   # [True] once a card that burns with its last counter has entered play, until none is left
_HAND: list = []   # [True] while a card that gives hand size while its host is ready may be in play (Wise Spider)
_HS = "hand size given"   # st.marks: (card, _HS, whether its hand size counts now)
_LAST: list = [None, ()]   # (the attached mapping last looked at, its cards with "burn_if_host_torpor")


def state_checks(ctx: Ctx) -> None:
    """After each step: a card that burns once its host is in torpor (Eternal Vigilance)."""
    st = ctx.st
    prev = ctx.before
    if st.cards is prev.cards and st.frames is prev.frames:
        return   # nothing changed this step
    if _AFTER and st.marks and not any(isinstance(x, CombatFrame) for x in st.frames):
        left = [x for x in st.marks if len(x) == 3 and x[1] == _AFTER_COMBAT]
        if not left:
            _AFTER[:] = []
        for mk in left:   # "After combat ends, put this card on this vampire" (Pass Through Shadow)
            st.marks = st.marks - {mk}
            a, (by, level) = mk[0], mk[2]
            if st.cards[a].region == "ash_heap" and st.cards[by].region in ("ready", "torpor"):
                ctx.move(a, "attached", host=by, level=level)
                ctx.emit("attached", f"{ctx.name(a)} is put on {ctx.name(by)} after the combat.", cards=(a, by))
    if _COUNTED:   # set as such a card enters play (after_card_action), cleared when none is left
        cids = _in_play_ams(ctx)
        found = False
        for s_ in st.live_seats():   # "If this card has no counters, burn it" (Dance of the Dead, Under Siege)
            for a in st.region(s_, "in_play"):
                c = st.cards[a]
                if c.cid in cids and _spec(ctx, a, "burn_when_empty"):
                    found = True
                    if c.counters <= 0:
                        _empty(ctx, a)
        _COUNTED[:] = [True] if found else []
    if _FALLS and (st.regions is not prev.regions or st.attached is not prev.attached):
        for h, cards in list(prev.attached.items()):   # Political Struggle: its host burned or sent to torpor
            for a in cards:
                if _specs(ctx, a) and _spec(ctx, a, "votes_when_host_falls"):
                    _votes_when_host_falls(ctx, a, h, prev)
    if _HAND and (st.regions is not prev.regions or st.attached is not prev.attached):
        _hand_size_checks(ctx)
    if st.frames is not prev.frames and st.frames and st.attached and isinstance(st.frames[-1], CombatFrame):
        _combat_begins(ctx, st.frames[-1])
    att = st.attached
    if not att:
        return
    if st.regions is prev.regions and att is prev.attached:
        return   # nobody moved
    if _LAST[0] is not att:
        _LAST[0] = att
        _LAST[1] = tuple((a, h, k) for h, cards in att.items() for a in cards if _specs(ctx, a)
                         for k in ("burn_if_host_torpor", "burn_if_actor_leaves", "kholo_moves", "burn_if_sect_changes",
                                   "burn_if_host_in_combat", "burn_if_no_gehenna") if _spec(ctx, a, k))
    for a, h, k in _LAST[1]:
        if st.cards[a].region != "attached" or st.cards[a].host != h:
            continue
        if k == "burn_if_host_torpor" and st.cards[h].region == "torpor":
            ctx.burn(a, f"{ctx.name(h)} is in torpor")
            ctx.emit("burned", f"{ctx.name(a)} is burned: {ctx.name(h)} is in torpor.", cards=(a,))
        elif k == "burn_if_no_gehenna":
            if not _gehenna_in_play(ctx):
                ctx.burn(a, "no Gehenna card in play")
                ctx.emit("burned", f"{ctx.name(a)} is burned: there is no Gehenna card in play.", cards=(a,))
        elif k == "burn_if_host_in_combat":
            if st.frames and any(isinstance(x, CombatFrame) and h in (x.a, x.b) for x in st.frames):
                ctx.burn(a, f"{ctx.name(h)} entered combat")
                ctx.emit("burned", f"{ctx.name(a)} is burned: {ctx.name(h)} enters combat.", cards=(a,))
        elif k == "burn_if_sect_changes":
            was = next((m[2] for m in st.marks if len(m) == 3 and m[0] == a and m[1] == _SECT), None)
            if was is not None and (ctx.sect(st.cards[h]) or "").lower() != was:
                ctx.burn(a, f"{ctx.name(h)} changed sects")
                ctx.emit("burned", f"{ctx.name(a)} is burned: {ctx.name(h)} changed sects.", cards=(a,))
        elif k == "kholo_moves":
            _kholo_moves(ctx, a, h, _spec(ctx, a, k)[1])
        elif k == "burn_if_actor_leaves":
            by = next((m[2] for m in st.marks if len(m) == 3 and m[0] == a and m[1] == _BY), None)
            if by is not None and st.cards[by].region != "ready":
                ctx.burn(a, f"{ctx.name(by)} left the ready region")
                ctx.emit("burned", f"{ctx.name(a)} is burned: {ctx.name(by)} has left the ready region.", cards=(a,))


def _combat_begins(ctx: Ctx, cf: CombatFrame) -> None:
    """ "This vampire gets 1 optional additional strike (limited) each round" (Black Metamorphosis): the combat is
    marked for its host as it begins (rules_combat grants the strike as each round's strikes begin)."""
    st = ctx.st
    add = set()
    for m in (cf.a, cf.b):
        for a, s in (_on(ctx, m, "host_extra_strike_each_round") if st.attached.get(m) else ()):
            if not any(isinstance(u, tuple) and u[0] == "extra_each_round" and u[1] == m for u in cf.used):
                add.add(("extra_each_round", m, a))
                ctx.emit("granted", f"{ctx.name(m)} gets an optional additional strike (limited) each round of this "
                                    f"combat ({ctx.name(a)}).", cards=(m,))
    if add:
        from vtes_desktop.engine.rules_combat import _set_combat

        _set_combat(ctx, cf._replace(used=cf.used | add))


def hand_size_bonus(ctx: Ctx, iid: int, seat: int) -> int | None:
    """The hand size a card on a ready minion gives *seat*, its player (Wise Spider), or None when it has no such
    reading (rules_turn.hand_size reads the card's text then)."""
    if not _specs(ctx, iid):
        return None
    s = _spec(ctx, iid, "host_ready_hand_size")
    if s is None:
        return None
    c = ctx.st.cards[iid]
    return s[1] if c.controller == seat and ctx.st.cards[c.host].region == "ready" else 0


def seat_hand_size(ctx: Ctx, seat: int) -> int:
    """The hand size cards on *seat*'s ready minions (Wise Spider) and its action cards in play (Chronicle of the
    Lost Tribe) give it: effects_master.hand_size (rules_turn.hand_size reads "+1 hand size" in play itself)."""
    st = ctx.st
    n = 0
    for m in st.region(seat, "ready"):
        for a in st.attached.get(m, ()):
            if "Action" in ctx.cdef(a).types and not st.cards[a].contested:
                n += hand_size_bonus(ctx, a, seat) or 0
    for a in st.region(seat, "in_play"):
        if ctx.cdef(a).types == ("Action",) and not st.cards[a].contested and _specs(ctx, a):
            sp = _spec(ctx, a, "controller_hand_size")
            n += sp[1] if sp else 0
    return n


def _hs_seat(ctx: Ctx, a: int) -> int | None:
    """The seat whose hand size card *a* makes larger now, or None."""
    st = ctx.st
    c = st.cards[a]
    if c.contested or not _specs(ctx, a):
        return None
    if c.region == "attached" and _spec(ctx, a, "host_ready_hand_size"):
        return c.controller if st.cards[c.host].region == "ready" else None
    if c.region == "in_play" and _spec(ctx, a, "controller_hand_size"):
        return c.controller
    return None


def _hand_size_checks(ctx: Ctx) -> None:
    """ "While this Akunanse is ready, your hand size is one card larger": as that starts or stops counting, its
    player draws up or discards down at once (the rulebook: a change of hand size is matched immediately)."""
    from vtes_desktop.engine.effects_master import _deferred, _owe_discard, draw_up, hand_size

    st = ctx.st
    marks = [m for m in st.marks if len(m) == 3 and m[1] == _HS]
    if not marks:
        _HAND[:] = []
        return
    for m in marks:
        a = m[0]
        c = st.cards[a]
        now = _hs_seat(ctx, a)
        if c.region not in ("attached", "in_play"):
            st.marks = st.marks - {m}   # the card has left play
        if now == m[2]:
            continue
        if c.region in ("attached", "in_play"):
            st.marks = st.marks - {m} | {(a, _HS, now)}
        was = m[2]
        if was is not None and not st.seats[was].ousted:
            over = len(st.region(was, "hand")) + _deferred(ctx, was) - hand_size(ctx, was)
            if over > 0:
                _owe_discard(ctx, was, over)
        if now is not None and not st.seats[now].ousted:
            draw_up(ctx, now)


def _votes_when_host_falls(ctx: Ctx, a: int, h: int, prev) -> None:
    """ "If the attached vampire is burned or sent to torpor, this card is burned and the acting vampire gets +X
    votes, where X is the number of non-contested votes this vampire has" (Political Struggle)."""
    from vtes_desktop.cards.model import TITLE_VOTES

    st = ctx.st
    if h not in prev.cards or prev.cards[h].region != "ready" or st.cards[h].region == "ready":
        return
    by = next((m[2] for m in st.marks if len(m) == 3 and m[0] == a and m[1] == _BY), None)
    was = prev.cards[h]
    x = 0 if was.title_contested or was.contested else TITLE_VOTES.get(
        (None if was.title == "none" else was.title or ctx.cdef(h).title) or "", 0)
    if st.cards[a].region == "attached":
        ctx.burn(a, f"{ctx.name(h)} fell")
    if by is not None and x:
        n = next((m[2] for m in st.marks if len(m) == 3 and m[0] == by and m[1] == _GAME_VOTES), 0)
        st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == by and m[1] == _GAME_VOTES)) \
            | {(by, _GAME_VOTES, n + x)}
    ctx.emit("burned", f"{ctx.name(a)} is burned: {ctx.name(h)} has fallen"
             + (f"; {ctx.name(by)} gets +{x} votes." if by is not None and x else "."), cards=(a,))


def _kholo_moves(ctx: Ctx, a: int, h: int, clan: str) -> None:
    """ "Whenever this vampire is not a ready Laibon X or there is an older ready untitled Laibon X, move this card
    to (one of) the oldest ready untitled Laibon X (if any)": the title goes with it."""
    st = ctx.st
    here = st.cards[h].region == "ready" and _laibon_of(ctx, h, clan)
    cands = [v for s_ in st.live_seats() for v in st.region(s_, "ready") if v != h and not st.cards[v].contested
             and _laibon_of(ctx, v, clan) and ctx.title(st.cards[v]) is None]
    if not cands:
        return
    top = max(ctx.capacity(st.cards[v]) for v in cands)
    if here and top <= ctx.capacity(st.cards[h]):
        return
    v = min(v for v in cands if ctx.capacity(st.cards[v]) == top)
    ctx.update(h, title=None)
    ctx.emit("title", f"{ctx.name(h)} is no longer kholo ({ctx.name(a)} moves).", cards=(h,))
    _take_kholo(ctx, a, v, ctx.name(a))


def _in_play_with(ctx: Ctx, key: str):
    st = ctx.st
    cids = _in_play_ams(ctx)
    for s_ in st.live_seats():
        for a in st.region(s_, "in_play"):
            sp = _spec(ctx, a, key) if st.cards[a].cid in cids else None
            if sp:
                yield a, sp


def end_of_turn(ctx: Ctx) -> None:
    """ "Burn this card at the end of the turn" (Loup in play; Morphean Blow on a minion)."""
    st = ctx.st
    for host, cards in list(st.attached.items()):
        for a in cards:
            if _specs(ctx, a) and _spec(ctx, a, "burn_end_of_turn") and st.cards[a].region == "attached":
                ctx.burn(a, "end of the turn")
                ctx.emit("burned", f"{ctx.name(a)} is burned at the end of the turn.", cards=(a,))
    for a, _ in list(_in_play_with(ctx, "burn_end_of_turn_or_success")):
        ctx.burn(a, "end of the turn")
        ctx.emit("burned", f"{ctx.name(a)} is burned at the end of the turn.", cards=(a,))


def after_action(ctx: Ctx, f: ActionFrame) -> None:
    """ "... or after a Toreador performs a successful action" (Loup); "gains 1 blood after each successful directed
    action he or she performs" (Blood of the Sabbat)."""
    st = ctx.st
    if st.marks:
        for mk in [m for m in st.marks if len(m) == 3 and m[1] == _IF_BLEEDS]:
            st.marks = st.marks - {mk}
            a, (by, level) = mk[0], mk[2]
            held = sum(1 for x in st.attached.get(by, ()) if st.cards[x].cid == st.cards[a].cid)
            if by == f.actor and f.outcome == "successful" and (f.kind == "bleed" or f.effect == "bleed") \
                    and st.cards[a].region == "ash_heap" and st.cards[by].region in ("ready", "torpor") and not held:
                ctx.move(a, "attached", host=by, level=level)
                ctx.emit("attached", f"{ctx.name(a)} is put on {ctx.name(by)} after the successful bleed.",
                         cards=(a, by))
        for mk in [m for m in st.marks if len(m) == 3 and m[1] == _IF_NO_BLOCK]:
            st.marks = st.marks - {mk}
            a, (by, level) = mk[0], mk[2]
            held = any(st.cards[x].cid == st.cards[a].cid for x in st.attached.get(by, ()))
            if not (f.outcome == "blocked" and f.blocker == by) and st.cards[a].region == "ash_heap" \
                    and st.cards[by].region in ("ready", "torpor") and not held:   # Dogged Pursuit
                ctx.move(a, "attached", host=by, level=level)
                ctx.emit("attached", f"{ctx.name(a)} is put on {ctx.name(by)}, which did not block the action.",
                         cards=(a, by))
    if f.outcome != "successful" or f.actor not in ctx.st.cards:
        return
    if f.directed and st.attached.get(f.actor) and st.cards[f.actor].region in ("ready", "torpor"):
        for a, sp in list(_on(ctx, f.actor, "host_blood_after_directed")):
            before = st.cards[f.actor].counters
            c = ctx.set_blood(f.actor, before + sp[1])
            ctx.emit("blood", f"{ctx.name(f.actor)} gains {c.counters - before} blood ({ctx.name(a)}).", cards=(f.actor,))
    if f.directed and ctx.is_vampire(st.cards[f.actor]) and st.cards[f.actor].region in ("ready", "torpor"):
        at = f.target_seat if f.target_seat is not None else st.cards[f.target_card].controller \
            if f.target_card is not None and f.target_card in st.cards else None
        for a, sp in list(_in_play_with(ctx, "damage_after_directed_at_controller")):   # Travelers Obey the Tenets
            if st.cards[a].controller == at and not st.cards[a].contested:
                from vtes_desktop.engine.rules_combat import inflict

                ctx.emit("damage", f"{ctx.name(f.actor)} takes {sp[1]} unpreventable damage ({ctx.name(a)}).",
                         cards=(f.actor,))
                inflict(ctx, f.actor, sp[1], 0)
    for a, sp in list(_in_play_with(ctx, "burn_end_of_turn_or_success")):
        if _of_clan(ctx, f.actor, sp[1]):
            ctx.burn(a, "a successful action")
            ctx.emit("burned", f"{ctx.name(a)} is burned after {poss_name(ctx, f.actor)} successful action.", cards=(a,))


def poss_name(ctx: Ctx, iid: int) -> str:
    return _poss(ctx.name(iid))


def card_votes(ctx: Ctx, f, seat: int, iid: int) -> int | None:
    """ "You can burn this card during the polling step of a political action to get +2 votes" (`vote` naming it)."""
    c = ctx.st.cards[iid]
    if c.controller != seat or c.region not in ("in_play", "attached"):
        return None
    sp = _spec(ctx, iid, "burn_for_votes")
    if sp is None:
        return None
    ctx.burn(iid, "burned for votes")
    ctx.emit("burned", f"{ctx.seat_name(seat)} burns {ctx.name(iid)} for {sp[1]} votes.", cards=(iid,))
    return sp[1]


def succeed_own(ctx: Ctx, f: ActionFrame) -> bool:
    """One of the actions that together burn the card: a counter on it, and it burns at the number its text says."""
    st = ctx.st
    if f.effect == "own:attached_strength":
        a = f.from_card
        c = st.cards.get(a)
        sp = _spec(ctx, a, "burnable_for_strength") if c is not None else None
        if c is None or c.region != "attached" or sp is None:
            ctx.emit("fizzles", f"{ctx.name(a)} is no longer in play.")
            return True
        ctx.burn(a, "burned for strength")
        n = next((m[2] for m in st.marks if len(m) == 3 and m[0] == f.actor and m[1] == _GAME_STRENGTH), 0)
        st.marks = frozenset(m for m in st.marks if not (len(m) == 3 and m[0] == f.actor and m[1] == _GAME_STRENGTH)) \
            | {(f.actor, _GAME_STRENGTH, n + sp[3])}
        ctx.emit("strength", f"{ctx.name(f.actor)} burns {ctx.name(a)}: +{sp[3]} strength for the rest of the game.",
                 cards=(f.actor,))
        return True
    if f.effect == "own:steal_card":   # Chronicle of the Lost Tribe: its controller changes
        a = f.from_card
        c = st.cards.get(a)
        if c is None or c.region != "in_play" or c.controller == f.seat:
            ctx.emit("fizzles", f"{ctx.name(a)} is no longer in play.")
            return True
        was = c.controller
        ctx.move(a, "in_play", seat=f.seat, counters=c.counters, locked=c.locked, level=c.level)
        ctx.emit("stolen", f"{ctx.name(f.actor)} steals {ctx.name(a)} for {ctx.seat_name(f.seat)} from "
                           f"{ctx.seat_name(was)}.", cards=(a,))
        if _spec(ctx, a, "controller_hand_size"):
            _HAND[:] = [True]
            if not any(len(m) == 3 and m[0] == a and m[1] == _HS for m in st.marks):
                st.marks = st.marks | {(a, _HS, was)}
        return True
    if f.effect != "own:attached_step":
        return False
    a = f.from_card
    c = st.cards.get(a)
    if c is None or c.region not in ("in_play", "attached"):
        ctx.emit("fizzles", f"{ctx.name(a)} is no longer in play.")
        return True
    sp = _spec(ctx, a, "burnable_steps")
    c = ctx.update(a, counters=c.counters + 1)
    if sp is None or c.counters >= sp[3]:
        ctx.burn(a, f"{c.counters} actions")
        ctx.emit("burned", f"{ctx.name(a)} is burned ({c.counters} successful actions).", cards=(a,))
    else:
        ctx.emit("counter", f"{ctx.name(a)}: {c.counters} of the {sp[3]} actions that burn it.", cards=(a,))
    return True


def strength_bonus(ctx: Ctx, m: int) -> int:
    """ "The Sabbat vampire with this card gets +1 strength" (Martial Ritus); +1 strength for the rest of the game
    (Masai Blood Milk burned)."""
    st = ctx.st
    n = _mod(ctx, m, "strength") if st.attached.get(m) else 0
    if st.attached:   # "Brujah antitribu get +1 strength in combat with the minion with this card" (Vendetta)
        from vtes_desktop.engine.rules_combat import combat_frame

        cf = combat_frame(st)
        other = None if cf is None else cf.b if m == cf.a else cf.a if m == cf.b else None
        if other is not None and st.attached.get(other):
            n += sum(s_[2] for _, s_ in _on(ctx, other, "strength_vs_host") if _clan_fits(ctx, m, s_[1]))
    if st.marks:
        n += sum(x[2] for x in st.marks if len(x) == 3 and x[0] == m and x[1] == _GAME_STRENGTH)
    return n


def _clan_fits(ctx: Ctx, m: int, who: str) -> bool:
    c = ctx.st.cards[m]
    if who == "sabbat vampire":
        return ctx.is_vampire(c) and (ctx.sect(c) or "").lower() == "sabbat"
    return ctx.is_vampire(c) and any(x.lower() == who for x in ctx.cdef(m).clans)


def _combat_with_host(ctx: Ctx, cmd, m: int, src: int, grant: tuple) -> tuple[dict, tuple[int, ...]]:
    """ "Any ready Brujah antitribu may enter combat with this vampire as a (D) action" (Vendetta, Cardinal Sin)."""
    st = ctx.st
    c = st.cards[src]
    name = ctx.name(src)
    if c.region != "attached" or c.contested:
        raise Illegal("card", f"{name} is not on a minion")
    host = c.host
    if grant[1] == "by":   # "The acting vampire can enter combat with the attached vampire" (Political Struggle)
        if (src, _BY, m) not in st.marks:
            raise Illegal("requirements", f"only the vampire that played {name} can enter combat through it")
    elif not _clan_fits(ctx, m, grant[1]):
        raise Illegal("requirements", f"only a {grant[1].title()} can enter combat with {ctx.name(host)} through {name}")
    if st.cards[host].controller == cmd.seat or st.cards[host].region != "ready":
        raise Illegal("target", f"{ctx.name(host)} is not a ready minion of another Methuselah")
    ctx.emit("action_goal", f"{ctx.name(m)} acts to enter combat with {ctx.name(host)} ({name}).", cards=(m, host))
    seat = st.cards[host].controller
    return dict(from_card=src, effect="own:card_combat", target_card=host, directed=True, target_seat=seat,
                base_stealth=grant[2]), (seat,)


def vote_refusal(ctx: Ctx, m: int) -> str | None:
    """ "The attached minion cannot cast votes or ballots" (Fantasy World, Reality)."""
    a = _restricted(ctx, m, "votes")
    return None if a is None else f"{ctx.name(m)} cannot cast votes or ballots ({ctx.name(a)})"


# -- combat cards put on the opposing minion as their strike resolves ---------------------------------------

def strike_card_played(ctx: Ctx, m: int, iid: int, rules: CardRules, mode: Mode) -> None:
    """A strike card that goes on the opposing minion: its level is remembered for its resolution."""
    if rules.types != ("Combat",):
        return
    st = ctx.st
    if any(s[0] == "put_on_striker_after_combat" for s in mode_specs(rules, mode)):   # Pass Through Shadow
        st.marks = frozenset(x for x in st.marks if not (len(x) == 3 and x[0] == iid and x[1] == _AFTER_COMBAT)) \
            | {(iid, _AFTER_COMBAT, (m, mode.level))}
        _AFTER[:] = [True]
        return
    if not any(s[0] == "put_on_opponent_after_strike" for s in mode_specs(rules, mode)):
        return
    st.marks = frozenset(x for x in st.marks if not (len(x) == 3 and x[0] == iid and x[1] == _STRIKE_LEVEL)) \
        | {(iid, _STRIKE_LEVEL, (m, mode.level))}


def strikes_resolved(ctx: Ctx, strikes: dict, dodging) -> None:
    """ "Strike: 1 damage and put this card on the opposing minion": unless the opposing minion dodged."""
    st = ctx.st
    if not st.marks:
        return
    from vtes_desktop.engine.rules_combat import combat_frame

    cf = combat_frame(st)
    for me_, s_ in strikes.items():
        src = s_.source
        mk = next((x for x in st.marks if len(x) == 3 and x[0] == src and x[1] == _STRIKE_LEVEL), None) \
            if src is not None else None
        if mk is None or mk[2][0] != me_:
            continue
        st.marks = st.marks - {mk}
        other = cf.b if me_ == cf.a else cf.a
        if other in dodging or st.cards[src].region not in ("ash_heap", "aside") \
                or st.cards[other].region not in ("ready", "torpor"):
            continue
        ctx.move(src, "attached", host=other, level=mk[2][1])
        if "you still control this card" in ctx.cdef(src).text.lower():   # Creeping Infection
            ctx.update(src, controller=st.cards[me_].controller)
        st.marks = frozenset(x for x in st.marks if not (len(x) == 3 and x[0] == src and x[1] == _BY)) \
            | {(src, _BY, me_)}
        ctx.emit("attached", f"{ctx.name(src)} is put on {ctx.name(other)}.", cards=(src, other))


def _gehenna_in_play(ctx: Ctx) -> int:
    st = ctx.st
    return sum(1 for s_ in st.live_seats() for a in st.region(s_, "in_play")
               if "Event" in ctx.cdef(a).types and "gehenna" in ctx.rules(a).keywords)


def votes_bonus(ctx: Ctx, m: int) -> int:
    """Votes a card on the vampire gives or takes: "-3 votes" (Condemnation: Mute); one for each Gehenna card in
    play (Emergency Powers)."""
    st = ctx.st
    n = sum(x[2] for x in st.marks if len(x) == 3 and x[0] == m and x[1] == _GAME_VOTES) if st.marks else 0
    if not st.attached.get(m):
        return n
    n += _mod(ctx, m, "votes")
    if any(True for _ in _on(ctx, m, "host_votes_per_gehenna")):
        n += _gehenna_in_play(ctx)
    return n


def capacity_bonus(ctx: Ctx, iid: int) -> int:
    """ "The attached vampire gets -1 capacity (to a minimum of 1)" (Mind of a Child): called by context.capacity
    for a vampire carrying cards."""
    n = sum(s[1] for _, s in _on(ctx, iid, "host_capacity"))
    return max(n, 1 - (ctx.cdef(iid).capacity or 0)) if n else 0
