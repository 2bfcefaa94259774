"""The engine side of `cards/grammar/auto_library.py`: it carries out the readings that family claims.

`HANDLED` names every reading this module carries out (tests/engine/test_auto_library.py checks that each reading
the family gives over the whole card list is in it).

Hooks (one call line each in the module where the card type resolves): `on_modifier` after an action modifier's
or reaction's effects (rules_action._apply_modes), `on_combat` after a combat card's (rules_combat.play_combat),
`on_master` after a master card's (rules_action._play_master), `use` for a card in play that no other module
uses (rules_action.use), `on_action` as an action card's action succeeds (rules_action, next to
effects_actioncard.resolve_action, whose `left_by_hand` leaves out what this family claims), `blocked` as an action
is blocked (rules_action._blocked), `action_over` once an action is over (rules_action, as its resolution closes), `plan` as an action card is announced
(effects_actioncard._plan_target: the target it needs), `on_bleed_card` as a bleed card's bleed succeeds (rules_action,
next to effects_actioncard.card_bonus), `discard_chosen` for a `discard` step naming a card of another hand after a
look (rules_turn.discard), `start_of_discard_phase` (flow, as the discard phase begins), `start_of_minion_phase` (flow: a shuffle left for the
end of the master phase), `refuse_while_owed` (flow.step: discards owed in seat order come first), `replacement_held` for a discard phase
action's
discard (rules_turn.discard) and `start_of_unlock_phase` (flow) for the replacements it held.

What a Methuselah looks at is shown to them alone: the event's text names the cards for the looker, and the
other seats read only that they looked (`Ctx.emit` with `seen_by`), as the views keep hands and libraries hidden.
"""

from __future__ import annotations

from vtes_desktop.cards.grammar.auto_library import claims
from vtes_desktop.cards.rules import CardRules, Mode
from vtes_desktop.engine.context import Ctx, poss
from vtes_desktop.engine.state import ActionFrame

HANDLED: frozenset[str] = frozenset({"look_hand", "look_library", "random_discard", "hold_replacement", "crypt_search",
                                     "found_to_uncontrolled", "symposium", "remove_ash_search",
                                     "found_to_hand", "discard_after", "discard_down_shuffle", "lock_search",
                                     "reorder_top", "discard_bleed_card", "burn_top_per_bleed", "draw",
                                     "discard_down", "blocked_random_discard", "discard_all", "blood_per_discard",
                                     "burn_top", "augur", "discard_choice", "discard_for_bleed",
                                     "remove_ash_for_bleed", "lock_own", "crypt_top_to_ash", "gain_if_prince",
                                     "to_library_top", "discard_draw_on_success", "ash_equip_to_self",
                                     "ash_equip_cost_half", "scrounge", "ash_to_hand_target", "remove_self_when_played",
                                     "played_card_to_hand", "crypt_cards_back", "crypt_cards_back_blood",
                                     "crypt_reshuffle_deal", "merge_other_version", "unlock_actor", "shuffle_crypt",
                                     "draw_on_bleed", "discard_down_after", "look_uncontrolled", "imbued_cards_to_top",
                                     "cut_library", "bleed_owes_discards", "remove_prey_ash_burn_pool", "petra",
                                     "ash_minion_to_library_top", "library_minion_to_top", "extra_stealth",
                                     "search_to_hand", "found_to_hand_shuffle_discard", "search_recruit",
                                     "recruit_found", "shuffle_library", "look_discard_choice", "look_discard_all",
                                     "lock_discard", "lock_draw", "pass_control_ccw", "hold_dpa_replacement",
                                     "search_location", "shuffle_discard_down", "haven_on_self",
                                     "discarded_equipment_to_self", "choose_own_unlocked", "lock_chosen",
                                     "crypt_other_version_to_chosen", "each_discards_then_draws", "summon_card",
                                     "summon_vampire", "shuffle_after"})


def _claimed(rules: CardRules, mode: Mode) -> list[tuple]:
    return [x for x in (claims(e, rules.types) for e in mode.effects) if x is not None]


# -- what a Methuselah sees ---------------------------------------------------------------------------------

def look_hand(ctx: Ctx, looker: int, seat: int, why: str) -> None:
    """*looker* sees *seat*'s hand; the others read only that they looked."""
    hand = ctx.st.region(seat, "hand")
    names = ", ".join(ctx.name(i) for i in hand) or "no cards"
    whose = "their own" if looker == seat else poss(ctx.seat_name(seat))
    ctx.emit("revealed", f"{ctx.seat_name(looker)} looks at {whose} hand ({why}): {names}.", frozenset({looker}),
             f"{ctx.seat_name(looker)} looks at {whose} hand ({why}).", cards=tuple(hand))


def look_library(ctx: Ctx, looker: int, seat: int, n: int, why: str) -> None:
    """*looker* sees the top *n* cards of *seat*'s library, the top first; the others read only that they looked."""
    top = ctx.st.region(seat, "library")[:n]
    names = ", ".join(ctx.name(i) for i in top) or "no cards"
    what = "top card" if n == 1 else f"top {n} cards"
    whose = "their" if looker == seat else poss(ctx.seat_name(seat))
    ctx.emit("revealed", f"{ctx.seat_name(looker)} looks at the {what} of {whose} library ({why}), top first: {names}.",
             frozenset({looker}), f"{ctx.seat_name(looker)} looks at the {what} of {whose} library ({why}).",
             cards=tuple(top))


def random_discard(ctx: Ctx, seat: int, n: int, why: str, hold_until: str | None = None) -> list[int]:
    """*seat* discards *n* cards of their hand at random; they draw to replace them now, or when *hold_until*
    comes (a moment of `Ctx.release_draws`)."""
    hand = list(ctx.st.region(seat, "hand"))
    ctx.rng().shuffle(hand)
    gone = hand[:n]
    for i in gone:
        ctx.move(i, "ash_heap")
    ctx.emit("discarded", f"{ctx.seat_name(seat)} discards at random ({why}): "
             + (", ".join(ctx.name(i) for i in gone) or "nothing") + ".", cards=tuple(gone))
    if hold_until is None:
        ctx.draw(seat, len(gone))
    else:
        ctx.st.pending_draws = ctx.st.pending_draws + tuple((seat, i, hold_until) for i in gone)
        if gone:
            ctx.emit("replace_later", f"{ctx.seat_name(seat)} does not replace "
                     + ("that card" if len(gone) == 1 else "those cards") + f" until after the {hold_until} ({why}).")
    return gone


# -- hooks ---------------------------------------------------------------------------------------------------

def on_modifier(ctx: Ctx, cmd, minion: int, mode: Mode, rules: CardRules) -> None:
    """An action modifier or reaction just played by *minion*: the clauses this family claims."""
    specs = _claimed(rules, mode)
    if not specs:
        return
    f = ctx.st.top
    if not isinstance(f, ActionFrame):
        return
    for spec in specs:
        k = spec[0]
        if k == "burn_top_per_bleed":
            _burn_top_per_bleed(ctx, f, minion, rules.name)
            continue
        if k in ("played_card_to_hand", "discard_down"):
            continue   # with remove_self_when_played
        if k == "remove_self_when_played":
            _art_of_memory_later(ctx, cmd, f, minion, rules.name)
            continue
        if k == "discard_draw_on_success":
            _discard_later(ctx, cmd, f, spec[1], rules.name)
            continue
        if k == "to_library_top":
            if spec[1] == "any" or ("to_library_top", "any") not in specs:
                _return_later(ctx, cmd, f, spec[1], rules.name)
            continue
        who = spec[-1] if k != "discard_bleed_card" else "target"
        seat = {"acting": f.seat, "target": f.target_seat}.get(who)
        if seat is None:
            ctx.emit("fizzles", f"{rules.name}: this action has no target Methuselah to look at.")
            continue
        if k == "look_hand":
            look_hand(ctx, cmd.seat, seat, rules.name)
        elif k == "look_library":
            look_library(ctx, cmd.seat, seat, spec[1], rules.name)
        elif k == "discard_bleed_card":
            _discard_bleed_card(ctx, cmd, seat, spec[1], rules.name)


def on_combat(ctx: Ctx, cmd, m: int, iid: int, rules: CardRules, mode: Mode) -> bool:
    """A combat card just played by *m*: the clauses this family claims. True if any was carried out."""
    specs = _claimed(rules, mode)
    if not specs:
        return False
    from vtes_desktop.engine.rules_combat import combat_frame

    f = combat_frame(ctx.st)
    other = f.b if m == f.a else f.a
    opp = ctx.st.cards[other].controller
    hold = next((s[1] for s in specs if s[0] == "hold_replacement"), None)
    for spec in specs:
        k = spec[0]
        if k == "look_hand":
            look_hand(ctx, cmd.seat, opp, rules.name)
        elif k == "random_discard":
            random_discard(ctx, opp, spec[2], rules.name, hold)
        elif k == "discard_choice":
            discard_named(ctx, cmd, opp, rules.name)
    return True


def discard_named(ctx: Ctx, cmd, seat: int, why: str) -> None:
    """*seat* discards the card of their hand the play's `choice` names, then draws back up."""
    from vtes_desktop.engine.errors import Illegal, Malformed

    hand = ctx.st.region(seat, "hand")
    if not hand:
        ctx.emit("fizzles", f"{why}: {ctx.seat_name(seat)} has no card in hand.")
        return
    if not cmd.choice:
        raise Malformed("choice", f"{why}: name (choice) the card of {poss(ctx.seat_name(seat))} hand to discard")
    card = ctx.db.lookup(str(cmd.choice))
    pick = next((i for i in hand if card is not None and ctx.st.cards[i].cid == card.id), None)
    if pick is None:
        raise Illegal("choice", f"{why}: {cmd.choice!r} is not in {poss(ctx.seat_name(seat))} hand")
    ctx.move(pick, "ash_heap")
    ctx.emit("discarded", f"{ctx.seat_name(seat)} discards {ctx.name(pick)} ({why}).", cards=(pick,))
    ctx.draw(seat, 1)


def _crypt_pick(ctx: Ctx, seat: int, name, why: str, fits) -> int | None:
    """The card of *seat*'s crypt that *name* (the play's `target`) means, checked by *fits* (a refusal or None)."""
    from vtes_desktop.engine.errors import Illegal, Malformed

    if name is None:
        return None
    card = ctx.db.lookup(str(name))
    if card is None:
        raise Malformed("target", f"unknown card {name!r}")
    hit = next((i for i in ctx.st.region(seat, "crypt") if ctx.st.cards[i].cid == card.id), None)
    if hit is None:
        raise Illegal("target", f"{why}: {card.display} is not in your crypt")
    bad = fits(hit)
    if bad:
        raise Illegal("target", f"{why}: {bad}")
    return hit


def _clan_of(ctx: Ctx, iid: int, clan: str) -> bool:
    return any(x.lower() == clan for x in ctx.cdef(iid).clans)


def _share_blood(ctx: Ctx, seat: int, n: int, choice: str | None, found: int | None, clan: str, why: str) -> None:
    """*n* blood from the bank among vampires of *clan* in *seat*'s uncontrolled region, as *choice* says."""
    from vtes_desktop.engine.errors import Illegal, Malformed

    st = ctx.st
    pool = [i for i in st.region(seat, "uncontrolled") if _clan_of(ctx, i, clan)]
    if not pool:
        ctx.emit("fizzles", f"{why}: no {clan.title()} in {poss(ctx.seat_name(seat))} uncontrolled region gets blood.")
        return
    shares: dict[int, int] = {}
    if choice:
        for part in str(choice).split(";"):
            if not part.strip():
                continue
            name, _, amount = part.rpartition(":")
            try:
                k = int(amount)
            except ValueError:
                raise Malformed("choice", f"{why}: give the blood as \"Name: 2; Other: 1\"") from None
            card = ctx.db.lookup(name.strip())
            hit = next((i for i in pool if card is not None and st.cards[i].cid == card.id and i not in shares), None)
            if hit is None or k < 1:
                raise Illegal("choice", f"{why}: {name.strip()!r} is not a {clan.title()} in your uncontrolled region")
            shares[hit] = k
        if sum(shares.values()) != n:
            raise Illegal("choice", f"{why}: share exactly {n} blood")
    elif found is not None and found in pool:
        shares = {found: n}
    elif len(pool) == 1:
        shares = {pool[0]: n}
    else:
        raise Malformed("choice", f"{why}: say how the {n} blood are shared (\"Name: 2; Other: 1\")")
    for i, k in shares.items():
        ctx.update(i, counters=st.cards[i].counters + k)
    ctx.emit("blood", f"{why}: " + ", ".join(f"{ctx.name(i)} gets {k} blood" for i, k in shares.items()) + ".",
             cards=tuple(shares))


def on_master(ctx: Ctx, cmd, iid: int, rules: CardRules) -> None:
    """A master card just played: the clauses this family claims (a crypt search, its card to the uncontrolled
    region, the shuffle afterward)."""
    specs = [x for m in rules.modes for x in _claimed(rules, m)]
    if not specs:
        return
    seat = cmd.seat
    why = rules.name
    found = None
    searched = None
    for spec in specs:
        k = spec[0]
        if k == "crypt_search":
            scarce = spec[1] == "scarce vampire"
            found = _crypt_pick(ctx, seat, cmd.target, why, lambda i: (
                None if ctx.is_vampire(ctx.st.cards[i]) and (not scarce or "scarce" in ctx.rules(i).traits)
                else f"{ctx.name(i)} is not a {spec[1]}"))
            searched = "crypt"
            if found is None:
                ctx.emit("search", f"{ctx.seat_name(seat)} searches their crypt ({why}) and takes nothing.")
        elif k == "symposium":
            found = _crypt_pick(ctx, seat, cmd.target, why, lambda i: (
                None if _clan_of(ctx, i, "kiasyd") else f"{ctx.name(i)} is not a Kiasyd"))
            if found is not None:
                ctx.move(found, "uncontrolled", seat=seat, counters=0, face_down=False)
                ctx.emit("moved", f"{ctx.seat_name(seat)} reveals {ctx.name(found)} from the crypt and moves them to "
                                  f"the uncontrolled region ({why}).", cards=(found,))
            ctx.shuffle(seat, "crypt")
            _share_blood(ctx, seat, spec[1], cmd.choice, found, "kiasyd", why)
        elif k == "remove_ash_search":
            _remove_from_ash(ctx, seat, spec[1], cmd.choice, why)
            found = _library_pick(ctx, seat, cmd.target, why, spec[2])
            searched = "library"
        elif k == "crypt_reshuffle_deal":
            _kaymakli(ctx, why)
        elif k == "each_discards_then_draws":
            _owe_in_order(ctx, seat, spec[1], why)
        elif k == "crypt_other_version_to_chosen":
            _gift_of_experience(ctx, cmd, specs, why)
        elif k == "lock_own":
            _lock_own(ctx, cmd, spec[1], why)
        elif k == "crypt_top_to_ash":
            _crypt_top_to_ash(ctx, cmd, specs, why)
    if found is not None and any(s[0] == "found_to_hand" for s in specs):
        _to_hand(ctx, seat, found, why)
    if any(s[0] == "discard_after" for s in specs):
        owe_discard(ctx, seat, next(s[1] for s in specs if s[0] == "discard_after"))
    if searched == "library" and not any(s[0] == "found_to_hand" for s in specs):
        ctx.emit("search", f"{ctx.seat_name(seat)} searches their library ({why}).")
    if searched == "library":
        ctx.shuffle(seat, "library")
    if found is not None and any(s[0] == "found_to_uncontrolled" for s in specs):
        ctx.move(found, "uncontrolled", seat=seat, counters=0)
        ctx.emit("moved", f"{ctx.seat_name(seat)} shows {ctx.name(found)} from the crypt and places them face down in "
                          f"the uncontrolled region ({why}).", cards=(found,))
    if searched == "crypt":
        ctx.shuffle(seat, "crypt")   # a searched crypt is shuffled afterward, said or not
    elif searched is None and any(s[0] == "shuffle_after" for s in specs):
        st_ = ctx.st   # the moves are made by hand: the library is shuffled as the master phase ends
        st_.marks = st_.marks | {(("library later", seat), _SHUFFLE_LATER, "library", st_.turn, why)}
        ctx.emit("noted", f"{why}: {poss(ctx.seat_name(seat))} library is shuffled as the master phase ends.")


# -- the library ----------------------------------------------------------------------------------------------

def owe_discard(ctx: Ctx, seat: int, n: int) -> None:
    """*seat* owes *n* discards from hand (made with `discard` before anything else happens)."""
    from vtes_desktop.engine.effects_master import _owe_discard

    n = min(n, len(ctx.st.region(seat, "hand")))
    if n > 0:
        _owe_discard(ctx, seat, n)


def discard_down(ctx: Ctx, seat: int) -> None:
    """*seat* discards down to their hand size (a discard owed), if above it."""
    from vtes_desktop.engine.effects_master import _deferred, hand_size

    over = len(ctx.st.region(seat, "hand")) + _deferred(ctx, seat) - hand_size(ctx, seat)
    owe_discard(ctx, seat, over)


def _is_minion_card(ctx: Ctx, iid: int) -> bool:
    """A library card that is not a master card (the rulebook's "minion card")."""
    return not set(ctx.cdef(iid).types) & {"Master", "Event"}


def _library_pick(ctx: Ctx, seat: int, name, why: str, what: str, disc: str | None = None) -> int | None:
    """The card of *seat*'s library that *name* means, checked against *what* (and a Discipline it requires)."""
    from vtes_desktop.engine.errors import Illegal, Malformed

    if name is None:
        return None
    card = ctx.db.lookup(str(name))
    if card is None:
        raise Malformed("target", f"unknown card {name!r}")
    hit = next((i for i in ctx.st.region(seat, "library") if ctx.st.cards[i].cid == card.id), None)
    if hit is None:
        raise Illegal("target", f"{why}: {card.display} is not in your library")
    if what == "minion" and not _is_minion_card(ctx, hit):
        raise Illegal("target", f"{why}: {card.display} is a master card, not a minion card")
    if disc and disc not in {d.lower() for d in ctx.cdef(hit).disciplines}:
        raise Illegal("target", f"{why}: {card.display} does not require {disc}")
    return hit


def _to_hand(ctx: Ctx, seat: int, iid: int, why: str) -> None:
    ctx.move(iid, "hand", seat=seat)
    ctx.emit("revealed", f"{ctx.seat_name(seat)} shows {ctx.name(iid)} from their library and puts it in their hand "
                         f"({why}).", cards=(iid,))


def _remove_from_ash(ctx: Ctx, seat: int, n: int, choice, why: str) -> None:
    """*n* cards of *seat*'s ash heap are removed from the game: those *choice* names (";"), else the oldest."""
    from vtes_desktop.engine.errors import Illegal

    ash = list(ctx.st.region(seat, "ash_heap"))
    if len(ash) < n:
        raise Illegal("cost", f"{why}: your ash heap holds {len(ash)} cards; {n} must be removed from the game")
    if choice:
        picked: list[int] = []
        for name in str(choice).split(";"):
            card = ctx.db.lookup(name.strip())
            hit = next((i for i in ash if card is not None and ctx.st.cards[i].cid == card.id and i not in picked), None)
            if hit is None:
                raise Illegal("choice", f"{why}: {name.strip()!r} is not (or not that many times) in your ash heap")
            picked.append(hit)
        if len(picked) != n:
            raise Illegal("choice", f"{why}: name exactly {n} cards of your ash heap")
    else:
        picked = ash[:n]
    for i in picked:
        ctx.move(i, "removed")
    ctx.emit("removed", f"{ctx.seat_name(seat)} removes {n} cards of their ash heap from the game ({why}): "
             + ", ".join(ctx.name(i) for i in picked) + ".", cards=tuple(picked))


def _names(ctx: Ctx, ids) -> str:
    return ", ".join(ctx.name(i) for i in ids) or "no cards"


def use(ctx: Ctx, cmd, iid: int) -> bool:
    """A card in play used for a clause this family claims (a lock to search or reorder the library); False if
    none."""
    from vtes_desktop.engine.errors import Illegal, Malformed

    st = ctx.st
    rules = ctx.rules(iid)
    if "Master" not in rules.types:
        return False
    specs = [x for m in rules.modes for x in _claimed(rules, m)]
    admon = [s for s in specs if s[0] in ("lock_discard", "lock_draw")]
    if admon:
        return _admonitions_use(ctx, cmd, iid, rules, admon)
    spec = next((s for s in specs if s[0] in ("lock_search", "reorder_top", "discard_for_bleed",
                                              "remove_ash_for_bleed", "draw_on_bleed", "look_uncontrolled",
                                              "imbued_cards_to_top")), None)
    if spec is None:
        return False
    if spec[0] in ("draw_on_bleed", "look_uncontrolled", "imbued_cards_to_top"):
        return _more_uses(ctx, cmd, iid, rules, spec)
    if spec[0] in ("discard_for_bleed", "remove_ash_for_bleed"):
        return _bleed_use(ctx, cmd, iid, rules, spec)
    c = st.cards[iid]
    why = rules.name
    if c.region != "in_play" or c.controller != cmd.seat or c.contested:
        raise Illegal("use", f"{why} is not a card in play of {ctx.seat_name(cmd.seat)}")
    if c.locked:
        raise Illegal("use", f"{why} is locked")
    seat = cmd.seat
    if spec[0] == "reorder_top":
        n = spec[1]
        top = list(st.region(seat, "library")[:n])
        order = top
        if cmd.effect:
            order = []
            for name in str(cmd.effect).split(";"):
                card = ctx.db.lookup(name.strip())
                hit = next((i for i in top if card is not None and st.cards[i].cid == card.id and i not in order), None)
                if hit is None:
                    raise Illegal("effect", f"{why}: {name.strip()!r} is not (or not that many times) among the top "
                                            f"{n} cards of your library")
                order.append(hit)
            if len(order) != len(top):
                raise Illegal("effect", f"{why}: give all {len(top)} cards, top first")
        ctx.update(iid, locked=True)
        rest = st.region(seat, "library")[len(top):]
        st.w_regions()[(seat, "library")] = tuple(order) + tuple(rest)
        ctx.emit("revealed", f"{ctx.seat_name(seat)} locks {why}, looks at the top {len(top)} cards of their library "
                             f"and puts them back, top first: {_names(ctx, order)}.", frozenset({seat}),
                 f"{ctx.seat_name(seat)} locks {why}, looks at the top {len(top)} cards of their library and puts them "
                 "back in an order of their choice.", cards=tuple(order))
        return True
    _, what, disc, clan = spec
    if cmd.minion is None:
        raise Malformed("minion", f"{why}: name the ready {clan.title()} you control who burns 1 blood")
    from vtes_desktop.engine import flow

    v = flow.ref(ctx, seat, cmd.minion, what="minion")
    vc = st.cards[v]
    if vc.controller != seat or vc.region != "ready" or vc.contested or not _clan_of(ctx, v, clan):
        raise Illegal("minion", f"{why}: {ctx.name(v)} is not a ready {clan.title()} you control")
    if vc.counters < 1:
        raise Illegal("cost", f"{why}: {ctx.name(v)} has no blood to burn")
    found = _library_pick(ctx, seat, cmd.effect, why, what, disc)
    ctx.update(iid, locked=True)
    ctx.set_blood(v, vc.counters - 1)
    ctx.emit("blood", f"{ctx.name(v)} burns 1 blood; {why} locks to search the library.", cards=(v, iid))
    if found is not None:
        _to_hand(ctx, seat, found, why)
    else:
        ctx.emit("search", f"{ctx.seat_name(seat)} searches their library ({why}) and takes nothing.")
    discard_down(ctx, seat)
    ctx.shuffle(seat, "library")
    return True


def _can_bleed(ctx: Ctx, iid: int) -> bool:
    """An action card that can be used to bleed."""
    rules = ctx.rules(iid)
    return "Action" in rules.types and any(e.kind == "action_bleed" for m in rules.modes for e in m.effects)


def _discard_bleed_card(ctx: Ctx, cmd, seat: int, n: int, why: str) -> None:
    from vtes_desktop.engine.errors import Illegal, Malformed

    top = ctx.st.region(seat, "library")[:n]
    fits = [i for i in top if _can_bleed(ctx, i)]
    if cmd.choice:
        card = ctx.db.lookup(str(cmd.choice))
        pick = next((i for i in fits if card is not None and ctx.st.cards[i].cid == card.id), None)
        if pick is None:
            raise Illegal("choice", f"{why}: {cmd.choice!r} is not an action card able to bleed among the top {n} "
                                    f"cards of {poss(ctx.seat_name(seat))} library")
    elif len({ctx.st.cards[i].cid for i in fits}) > 1:
        raise Malformed("choice", f"{why}: name (choice) the action card that {ctx.seat_name(seat)} discards")
    else:
        pick = fits[0] if fits else None
    if pick is None:
        ctx.emit("fizzles", f"{why}: no action card able to bleed is among those cards.")
        return
    ctx.move(pick, "ash_heap")
    ctx.emit("discarded", f"{ctx.seat_name(seat)} discards {ctx.name(pick)} from their library ({why}).", cards=(pick,))



def _burn_top_per_bleed(ctx: Ctx, f: ActionFrame, minion: int, why: str) -> None:
    """Played on a successful bleed, after its resolution: the bled Methuselah burns a card from the top of their
    library for each pool the bleed took (the bleed's amount, counted again as it resolved)."""
    if f.kind != "bleed" and f.effect != "bleed" or f.outcome != "successful" or f.stage != "resolution" \
            or minion != f.actor or f.target_seat is None:
        ctx.emit("fizzles", f"{why}: no successful bleed by this vampire to count.")
        return
    from vtes_desktop.engine.effects_master import master_bleed_cap
    from vtes_desktop.engine.rules_action import bleed_amount

    n = master_bleed_cap(ctx, f.target_seat, bleed_amount(ctx, f))
    seat = f.target_seat
    gone = ctx.st.region(seat, "library")[:max(n, 0)]
    for i in gone:
        ctx.move(i, "ash_heap")
    ctx.emit("burned", f"{ctx.seat_name(seat)} burns the top {len(gone)} card{'s' if len(gone) != 1 else ''} of their "
                       f"library ({why}): {_names(ctx, gone)}.", cards=tuple(gone))


# -- action cards ---------------------------------------------------------------------------------------------

def _card_specs(ctx: Ctx, f: ActionFrame) -> tuple[CardRules | None, list[tuple]]:
    if f.card is None:
        return None, []
    rules = ctx.rules(f.card)
    if "Action" not in rules.types:
        return rules, []
    mode = rules.mode(f.card_level)
    if mode is None and rules.modes:
        mode = rules.modes[0] if f.card_level is None else None
    return rules, (_claimed(rules, mode) if mode is not None else [])


def on_action(ctx: Ctx, f: ActionFrame) -> None:
    """An action card's action has succeeded: the clauses this family claims."""
    rules, specs = _card_specs(ctx, f)
    st = ctx.st
    why = rules.name if rules is not None else ""
    gone: list[int] = []
    for spec in specs:
        k = spec[0]
        tgt = f.target_seat
        if spec[1:2] == ("target",) and (tgt is None or st.seats[tgt].ousted):
            ctx.emit("fizzles", f"{why}: its target Methuselah is no longer in the game.")
            continue
        if k == "draw":
            ctx.draw(f.seat, spec[1])
        elif k == "discard_down":
            discard_down(ctx, f.seat)
        elif k == "look_hand":
            look_hand(ctx, f.seat, tgt, why)
        elif k == "random_discard":
            random_discard(ctx, tgt, spec[2], why)
        elif k == "burn_top":
            top = st.region(tgt, "library")[:spec[2]]
            for i in top:
                ctx.move(i, "ash_heap")
            ctx.emit("burned", f"{ctx.seat_name(tgt)} burns the top {len(top)} cards of their library ({why}): "
                               f"{_names(ctx, top)}.", cards=tuple(top))
        elif k == "discard_all" and tgt is not None:
            gone = [i for i in st.region(tgt, "hand") if set(ctx.cdef(i).types) & set(spec[1])]
            for i in gone:
                ctx.move(i, "ash_heap")
            ctx.emit("discarded", f"{ctx.seat_name(tgt)} discards ({why}): {_names(ctx, gone)}.", cards=tuple(gone))
            ctx.draw(tgt, len(gone))
        elif k == "blood_per_discard":
            a = st.cards[f.actor]
            if gone and a.region in ("ready", "torpor"):
                ctx.set_blood(f.actor, a.counters + spec[1] * len(gone))
                ctx.emit("blood", f"{ctx.name(f.actor)} gains {spec[1] * len(gone)} blood ({why}).", cards=(f.actor,))
        elif k == "ash_to_hand_target":
            t = f.target_card
            if t is not None and st.cards[t].region == "ash_heap" and st.cards[t].owner == f.seat:
                ctx.move(t, "hand", seat=f.seat)
                ctx.emit("moved", f"{ctx.seat_name(f.seat)} takes {ctx.name(t)} from their ash heap into their hand "
                                  f"({why}).", cards=(t,))
                discard_down(ctx, f.seat)
            elif t is not None:
                ctx.emit("fizzles", f"{why}: {ctx.name(t)} is no longer in the ash heap.")
        elif k == "unlock_actor":
            if st.cards[f.actor].region in ("ready", "torpor"):
                ctx.update(f.actor, locked=False)
                ctx.emit("unlocked", f"{ctx.name(f.actor)} unlocks ({why}).", cards=(f.actor,))
        elif k == "merge_other_version":
            _merge_other_version(ctx, f, spec[1], spec[2], spec[3], why)
        elif k == "shuffle_crypt":
            ctx.shuffle(f.seat, "crypt")
        elif k == "remove_prey_ash_burn_pool" and tgt is not None:
            gone = [m.minion for m in f.mods if m.kind == "ash_pick" and st.cards[m.minion].region == "ash_heap"]
            for i in gone:
                ctx.move(i, "removed")
            ctx.emit("removed", f"{len(gone)} cards of {poss(ctx.seat_name(tgt))} ash heap are removed from the game "
                                f"({why}): {_names(ctx, gone)}.", cards=tuple(gone))
            if len(gone) == spec[1]:
                ctx.pool(tgt, -spec[2], why)
            else:
                ctx.emit("fizzles", f"{why}: fewer than {spec[1]} of those cards are left in the ash heap.")
        elif k == "petra" and spec[1] == "reveal":
            _petra(ctx, specs, why)
        elif k in ("ash_minion_to_library_top", "library_minion_to_top"):
            t = f.target_card
            src = "ash_heap" if k == "ash_minion_to_library_top" else "library"
            if t is not None and st.cards[t].region == src and st.cards[t].owner == f.seat:
                if src == "library":
                    ctx.move(t, "aside", seat=f.seat)
                    ctx.shuffle(f.seat, "library")
                ctx.move(t, "library", seat=f.seat, top=True)
                ctx.emit("revealed", f"{ctx.seat_name(f.seat)} shows {ctx.name(t)} and puts it on top of their library "
                                     f"({why}).", cards=(t,))
            elif src == "library":
                ctx.shuffle(f.seat, "library")
        elif k == "search_to_hand":
            t = f.target_card
            if t is not None and st.cards[t].region == "library" and st.cards[t].owner == f.seat:
                _to_hand(ctx, f.seat, t, why)
            ctx.shuffle(f.seat, "library")
            discard_down(ctx, f.seat)
        elif k == "search_recruit":
            _recruit_from_library(ctx, f, why)
            ctx.shuffle(f.seat, "library")
        elif k == "look_discard_choice":
            seats = tuple(st.live_seats()) if spec[1] == "each" else (tgt,)
            if None in seats:
                continue
            for s_ in seats:
                look_hand(ctx, f.seat, s_, why)
            if any(st.region(s_, "hand") for s_ in seats):
                st.marks = st.marks | {(("library choice", f.seat), _CHOOSE_DISCARD, seats, st.turn, why)}
                ctx.emit("choose", f"{ctx.seat_name(f.seat)} names the card to discard ({why}; a discard step).")
        elif k == "look_discard_all" and tgt is not None:
            look_hand(ctx, f.seat, tgt, why)
            gone = [i for i in st.region(tgt, "hand") if set(ctx.cdef(i).types) & set(spec[1])]
            for i in gone:
                ctx.move(i, "ash_heap")
            ctx.emit("discarded", f"{ctx.seat_name(tgt)} discards ({why}): {_names(ctx, gone)}.", cards=tuple(gone))
            ctx.draw(tgt, len(gone))
            if any(x[0] == "discarded_equipment_to_self" for x in specs):
                pick = next((i for m in f.mods if m.kind == "equipment_pick" for i in gone
                             if st.cards[i].cid == m.cid and not _is_location(ctx, i)), None)
                if pick is not None and st.cards[f.actor].region in ("ready", "torpor"):
                    ctx.move(pick, "attached", host=f.actor)
                    ctx.emit("equipped", f"{ctx.name(f.actor)} takes {ctx.name(pick)} from the discarded cards ({why}).",
                             cards=(f.actor, pick))
        elif k == "search_location":
            _goblinism(ctx, f, any(x[0] == "haven_on_self" for x in specs), why)
        elif k in ("summon_card", "summon_vampire"):
            _summon(ctx, f, k, why)
        elif k == "ash_equip_to_self":
            _ash_equip(ctx, f, why)
        elif k == "scrounge":
            _scrounge(ctx, f, spec[1], spec[2], why)
        elif k == "augur":
            for s_ in dict.fromkeys((st.predator(f.seat), st.prey(f.seat))):
                if s_ != f.seat:
                    look_hand(ctx, f.seat, s_, why)
            look_library(ctx, f.seat, f.seat, spec[1], why)


def blocked(ctx: Ctx, f: ActionFrame) -> None:
    """The action has just been blocked: an action card whose blocker's Methuselah discards at random."""
    rules, specs = _card_specs(ctx, f)
    spec = next((s for s in specs if s[0] == "blocked_random_discard"), None)
    if spec is None or f.blocker is None:
        return
    hold = next((s[1] for s in specs if s[0] == "hold_replacement"), None)
    random_discard(ctx, ctx.st.cards[f.blocker].controller, spec[1], rules.name, hold)


# -- master cards that feed a bleed, and Goodnight, Sweet Prince -------------------------------------------------

def _bleed_use(ctx: Ctx, cmd, iid: int, rules: CardRules, spec: tuple) -> bool:
    """Haqim's Law: Retribution and Dis Pater: +1 bleed to a bleed of their clan's acting vampire, for a discard from
    hand or 7 cards of the ash heap removed from the game."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.errors import Illegal, Malformed
    from vtes_desktop.engine.state import Mod

    st = ctx.st
    why = rules.name
    seat = cmd.seat
    c = st.cards[iid]
    if c.region != "in_play" or c.controller != seat or c.contested:
        raise Illegal("use", f"{why} is not a card in play of {ctx.seat_name(seat)}")
    f = st.top
    if not isinstance(f, ActionFrame) or not (f.kind == "bleed" or f.effect == "bleed") or f.stage == "resolution":
        raise Illegal("timing", f"{why} is used during a bleed action, before it resolves")
    clan = spec[2] if spec[0] == "remove_ash_for_bleed" else spec[1]
    actor = f.actor
    if f.seat != seat or not _clan_of(ctx, actor, clan):
        raise Illegal("minion", f"{why}: the acting vampire is not a {clan.title()} you control")
    if cmd.minion is not None and flow.ref(ctx, seat, cmd.minion, what="minion") != actor:
        raise Illegal("minion", f"{why}: only the acting {clan.title()} gets the bleed")
    if spec[0] == "discard_for_bleed":
        _, _, kind, n = spec
        if not cmd.effect:
            raise Malformed("effect", f"{why}: name (effect) the {kind.lower()} card discarded from your hand")
        card = ctx.db.lookup(str(cmd.effect))
        pick = next((i for i in st.region(seat, "hand") if card is not None and st.cards[i].cid == card.id), None)
        if pick is None or kind not in ctx.cdef(pick).types:
            raise Illegal("effect", f"{why}: {cmd.effect!r} is not a {kind.lower()} card in your hand")
        ctx.move(pick, "ash_heap")
        ctx.emit("discarded", f"{ctx.seat_name(seat)} discards {ctx.name(pick)} ({why}).", cards=(pick,))
        ctx.draw(seat, 1)
    else:
        k, _, n = spec[1], spec[2], spec[3]
        if any(m.card == iid for m in f.mods):
            raise Illegal("limit", f"{why} has already been used in this action")
        if f.target_seat != st.prey(seat):
            raise Illegal("target", f"{why}: this bleed is not against your prey")
        if f.stage not in ("declined",):
            raise Illegal("timing", f"{why} is used as the bleed is about to succeed (when no block is left to try)")
        _remove_from_ash(ctx, seat, k, cmd.effect, why)
    flow.set_top(ctx, f._replace(mods=f.mods + (Mod("bleed", n, actor, iid, rules.card_id),)))
    ctx.emit("bleed", f"{ctx.name(actor)} gets +{n} bleed ({why}).", cards=(actor,))
    return True


def _lock_own(ctx: Ctx, cmd, clan: str, why: str) -> None:
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.errors import Illegal, Malformed

    if cmd.minion is None:
        raise Malformed("minion", f"{why}: name (minion) the unlocked {clan.title()} of yours that locks")
    v = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    c = ctx.st.cards[v]
    if c.controller != cmd.seat or c.region != "ready" or c.locked or c.contested or not _clan_of(ctx, v, clan):
        raise Illegal("minion", f"{why}: {ctx.name(v)} is not an unlocked {clan.title()} of yours in play")
    ctx.update(v, locked=True)
    ctx.emit("locked", f"{ctx.name(v)} locks ({why}).", cards=(v,))


def _crypt_top_to_ash(ctx: Ctx, cmd, specs: list[tuple], why: str) -> None:
    from vtes_desktop.engine.errors import Illegal, Malformed
    from vtes_desktop.engine.rules_action import target_seat

    if cmd.target is None:
        raise Malformed("target", f"{why}: name (target) the Methuselah whose top crypt card goes to the ash heap")
    seat = target_seat(ctx, cmd.seat, cmd.target)
    if seat is None or ctx.st.seats[seat].ousted:
        raise Illegal("target", f"{why}: {cmd.target!r} is not a Methuselah in the game")
    top = ctx.st.region(seat, "crypt")[:1]
    if not top:
        ctx.emit("fizzles", f"{why}: {poss(ctx.seat_name(seat))} crypt is empty.")
        return
    ctx.move(top[0], "ash_heap")
    ctx.emit("moved", f"The top card of {poss(ctx.seat_name(seat))} crypt, {ctx.name(top[0])}, goes to their ash heap "
                      f"({why}).", cards=top)
    gain = next((s[1] for s in specs if s[0] == "gain_if_prince"), None)
    if gain and (ctx.cdef(top[0]).title or "").lower() == "prince":
        ctx.pool(cmd.seat, gain, why)


# -- after the action -------------------------------------------------------------------------------------------

_LATER = "to library top after the action"


def _return_later(ctx: Ctx, cmd, f: ActionFrame, which: str, why: str) -> None:
    """Shroudsight: noted now, carried out once the action is over (`action_over`)."""
    choice = (str(cmd.choice).strip() if cmd.choice else None)
    if choice and choice.lower() == "none":
        return
    if which == "action" and choice:
        from vtes_desktop.engine.errors import Malformed

        raise Malformed("choice", f"{why}: at this level it returns the action card (choice: none declines)")
    st = ctx.st
    st.marks = st.marks | {(("library later", cmd.seat), _LATER, choice or "", f.actor, st.turn, why)}
    ctx.emit("noted", f"{why}: after this action, " + (choice or "the action card") + " goes from "
             f"{poss(ctx.seat_name(cmd.seat))} ash heap to the top of their library.")


def action_over(ctx: Ctx, f: ActionFrame) -> None:
    """An action is over: the cards noted to go back to the top of a library (Shroudsight) go."""
    st = ctx.st
    if not st.marks:
        return
    mine = [m for m in st.marks if m[1] in (_LATER, _DISCARD_LATER, _AOM_LATER)]
    if not mine:
        return
    st.marks = st.marks - set(mine)
    for (_, seat), what, name, actor, turn, why in mine:
        if actor != f.actor or turn != st.turn:
            continue
        if what == _DISCARD_LATER:
            if f.outcome == "successful":
                _discard_named_now(ctx, seat, name, why)
            continue
        if what == _AOM_LATER:
            _art_of_memory_now(ctx, f, seat, name, why)
            continue
        heap = st.region(seat, "ash_heap")
        if name:
            card = ctx.db.lookup(name)
            played = {cid for _, cid in f.played} | ({st.cards[f.card].cid} if f.card is not None else set())
            pick = next((i for i in reversed(heap) if card is not None and st.cards[i].cid == card.id
                         and card.id in played), None)
        else:
            pick = f.card if f.card is not None and f.card in heap else None
        if pick is None:
            ctx.emit("fizzles", f"{why}: " + (name or "the action card") + " is not in the ash heap as a card played "
                                "during this action.")
            continue
        ctx.move(pick, "library", seat=seat, top=True)
        ctx.emit("moved", f"{ctx.seat_name(seat)} puts {ctx.name(pick)} from their ash heap on top of their library "
                          f"({why}).", cards=(pick,))


_DISCARD_LATER = "discard and draw after a successful action"


def _discard_later(ctx: Ctx, cmd, f: ActionFrame, n: int, why: str) -> None:
    """High Aye: the cards named are discarded (and replaced) once the action is over, if it succeeded."""
    from vtes_desktop.engine.errors import Illegal

    names = [x.strip() for x in str(cmd.choice or "").split(";") if x.strip() and x.strip().lower() != "none"]
    if len(names) > n:
        raise Illegal("choice", f"{why}: up to {n} cards")
    if names:
        ctx.st.marks = ctx.st.marks | {(("library later", cmd.seat), _DISCARD_LATER, ";".join(names), f.actor,
                                        ctx.st.turn, why)}


def _discard_named_now(ctx: Ctx, seat: int, names: str, why: str) -> None:
    st = ctx.st
    gone: list[int] = []
    for name in names.split(";"):
        card = ctx.db.lookup(name)
        hit = next((i for i in st.region(seat, "hand") if card is not None and st.cards[i].cid == card.id
                    and i not in gone), None)
        if hit is not None:
            gone.append(hit)
    for i in gone:
        ctx.move(i, "ash_heap")
    ctx.emit("discarded", f"{ctx.seat_name(seat)} discards ({why}): {_names(ctx, gone)}.", cards=tuple(gone))
    ctx.draw(seat, len(gone))


def plan(ctx: Ctx, seat: int, actor: int, rules: CardRules, mode: Mode, target) -> dict | None:
    """An action card announced: the target its claimed clauses need, checked (refused when wrong), as the action
    frame's fields; None when this family has nothing to say."""
    if "Action" not in rules.types:
        return None
    specs = _claimed(rules, mode)
    if not specs:
        return None
    from vtes_desktop.engine.errors import Illegal
    from vtes_desktop.engine.state import Mod

    st = ctx.st
    out: dict = {}
    for spec in specs:
        k = spec[0]
        if k == "extra_stealth":
            out["base_stealth"] = mode.action_stealth + spec[1]
            continue
        if k == "search_location":
            out.update(_plan_location(ctx, seat, rules, mode, target))
            continue
        if k in ("summon_card", "summon_vampire"):
            out.update(_plan_summon(ctx, seat, rules, k, target))
            continue
        if k == "discarded_equipment_to_self" and target is not None and ";" in str(target):
            from vtes_desktop.engine.rules_action import target_seat

            who, _, what = str(target).partition(";")
            tseat = target_seat(ctx, seat, who.strip())
            card = ctx.db.lookup(what.strip())
            if tseat is None or tseat == seat:
                raise Illegal("target", f"{rules.name}: {who.strip()!r} is not another Methuselah")
            if card is None or "Equipment" not in card.types:
                raise Illegal("target", f"{rules.name}: {what.strip()!r} is not an equipment card")
            out.update({"target_seat": tseat, "mods": (Mod("equipment_pick", 0, None, None, card.id),)})
            continue
        if k in ("ash_minion_to_library_top", "library_minion_to_top", "search_to_hand", "search_recruit"):
            out.update(_plan_card(ctx, seat, rules, spec, target))
            continue
        if spec[0] == "ash_equip_to_self":
            if target is None:
                raise Illegal("target", f"{rules.name}: name the non-unique equipment card of an ash heap")
            card = ctx.db.lookup(str(target))
            heaps = [seat] + [s for s in range(len(st.seats)) if s != seat]
            hit = next((i for s in heaps for i in st.region(s, "ash_heap")
                        if card is not None and st.cards[i].cid == card.id), None)
            if hit is None:
                raise Illegal("target", f"{rules.name}: {target!r} is not in an ash heap")
            if "Equipment" not in ctx.cdef(hit).types or ctx.rules(hit).unique:
                raise Illegal("target", f"{rules.name}: {ctx.name(hit)} is not a non-unique equipment card")
            return {"target_card": hit}
        if spec[0] == "ash_to_hand_target":
            heap = st.region(seat, "ash_heap")
            if target is None:
                if heap:
                    raise Illegal("target", f"{rules.name}: name the card of your ash heap that goes to your hand")
                return {}
            card = ctx.db.lookup(str(target))
            hit = next((i for i in reversed(heap) if card is not None and st.cards[i].cid == card.id), None)
            if hit is None:
                raise Illegal("target", f"{rules.name}: {target!r} is not in your ash heap")
            return {"target_card": hit}
        if spec[0] == "remove_prey_ash_burn_pool":
            prey = st.prey(seat)
            heap = list(st.region(prey, "ash_heap"))
            k = spec[1]
            if len(heap) < k:
                raise Illegal("cost", f"{rules.name}: {poss(ctx.seat_name(prey))} ash heap holds {len(heap)} cards; "
                                      f"{k} must be removed from the game")
            if target is None:
                picked = heap[:k]
            else:
                picked = []
                for name in str(target).split(";"):
                    card = ctx.db.lookup(name.strip())
                    hit = next((i for i in heap if card is not None and st.cards[i].cid == card.id
                                and i not in picked), None)
                    if hit is None:
                        raise Illegal("target", f"{rules.name}: {name.strip()!r} is not (or not that many times) in "
                                                f"{poss(ctx.seat_name(prey))} ash heap")
                    picked.append(hit)
                if len(picked) != k:
                    raise Illegal("target", f"{rules.name}: name exactly {k} cards of your prey's ash heap")
            return {"target_seat": prey, "mods": tuple(Mod("ash_pick", 0, i, None) for i in picked)}
        if spec[0] == "scrounge":
            names = [x.strip() for x in str(target or "").split(";") if x.strip()]
            if len(names) > spec[2]:
                raise Illegal("target", f"{rules.name}: up to {spec[2]} cards")
            picks = []
            for name in names:
                card = ctx.db.lookup(name)
                if card is None:
                    raise Illegal("target", f"{rules.name}: unknown card {name!r}")
                picks.append(Mod("library_pick", 0, None, None, card.id))
            return {"mods": tuple(picks)}
    return out or None


def _plan_card(ctx: Ctx, seat: int, rules: CardRules, spec: tuple, target) -> dict:
    """The card an action card moves (its `target`): checked as it is announced."""
    from vtes_desktop.engine.errors import Illegal

    st = ctx.st
    k = spec[0]
    region = "ash_heap" if k == "ash_minion_to_library_top" else "library"
    if target is None:
        return {}   # a search that names nothing finds nothing
    card = ctx.db.lookup(str(target))
    cards = st.region(seat, region)
    hit = next((i for i in (reversed(cards) if region == "ash_heap" else cards)
                if card is not None and st.cards[i].cid == card.id), None)
    where = "ash heap" if region == "ash_heap" else "library"
    if hit is None:
        raise Illegal("target", f"{rules.name}: {target!r} is not in your {where}")
    types = set(ctx.cdef(hit).types)
    if k in ("ash_minion_to_library_top", "library_minion_to_top") and not _is_minion_card(ctx, hit):
        raise Illegal("target", f"{rules.name}: {ctx.name(hit)} is a master card, not a minion card")
    if k == "search_to_hand" and not types & set(spec[1]):
        raise Illegal("target", f"{rules.name}: {ctx.name(hit)} is not " + " or ".join(x.lower() for x in spec[1]))
    if k == "search_recruit" and spec[1] not in types:
        raise Illegal("target", f"{rules.name}: {ctx.name(hit)} is not an {spec[1].lower()}")
    return {"target_card": hit}


def _ash_equip(ctx: Ctx, f: ActionFrame, why: str) -> None:
    from vtes_desktop.engine.rules_action import _cost

    st = ctx.st
    eq = f.target_card
    if eq is None or st.cards[eq].region != "ash_heap" or st.cards[f.actor].region not in ("ready", "torpor"):
        ctx.emit("fizzles", f"{why}: the equipment card is no longer in an ash heap.")
        return
    own = st.cards[eq].owner == f.seat
    pool, blood = _cost(ctx.rules(eq), 0)
    pool, blood = (pool // 2, blood // 2) if own else (0, 0)
    a = st.cards[f.actor]
    if a.counters < blood or st.seats[f.seat].pool < pool:
        ctx.emit("fizzles", f"{why}: {ctx.name(f.actor)} cannot pay half the cost of {ctx.name(eq)}.")
        return
    if blood:
        ctx.update(f.actor, counters=a.counters - blood)
    if pool:
        ctx.pool(f.seat, -pool, why)
    ctx.move(eq, "attached", host=f.actor)
    ctx.emit("equipped", f"{ctx.name(f.actor)} takes {ctx.name(eq)} from "
                         + ("their" if own else poss(ctx.seat_name(st.cards[eq].owner))) + " ash heap"
                         + (f", paying {pool} pool" if pool else "") + (f", burning {blood} blood" if blood else "")
                         + f" ({why}).", cards=(f.actor, eq))


def _scrounge(ctx: Ctx, f: ActionFrame, n: int, k: int, why: str) -> None:
    st = ctx.st
    top = list(st.region(f.seat, "library")[:n])
    look_library(ctx, f.seat, f.seat, n, why)
    taken: list[int] = []
    for m in f.mods:
        if m.kind == "library_pick" and len(taken) < k:
            hit = next((i for i in top if st.cards[i].cid == m.cid and i not in taken), None)
            if hit is not None:
                taken.append(hit)
    for i in taken:
        ctx.move(i, "hand", seat=f.seat)
    ctx.emit("drew", f"{ctx.seat_name(f.seat)} takes {_names(ctx, taken)} into their hand ({why}).",
             frozenset({f.seat}), f"{ctx.seat_name(f.seat)} takes {len(taken)} of those cards into their hand ({why}).",
             cards=tuple(taken))
    ctx.shuffle(f.seat, "library")
    discard_down(ctx, f.seat)


_AOM_LATER = "art of memory after the action"


def _art_of_memory_later(ctx: Ctx, cmd, f: ActionFrame, minion: int, why: str) -> None:
    from vtes_desktop.engine import flow

    iid = flow.ref(ctx, cmd.seat, cmd.card)
    name = str(cmd.choice).strip() if cmd.choice and str(cmd.choice).strip().lower() != "none" else ""
    ctx.st.marks = ctx.st.marks | {(("library later", cmd.seat), _AOM_LATER, (name, iid, minion), f.actor,
                                    ctx.st.turn, why)}


def _art_of_memory_now(ctx: Ctx, f: ActionFrame, seat: int, payload: tuple, why: str) -> None:
    """The Art of Memory, once the action is over: the card leaves the game; a successful action gives back the
    card named, one this vampire played during the action, from the ash heap to the hand (then a discard down)."""
    st = ctx.st
    name, iid, minion = payload
    if st.cards[iid].region == "ash_heap":
        ctx.move(iid, "removed")
        ctx.emit("removed", f"{ctx.name(iid)} is removed from the game.", cards=(iid,))
    if f.outcome != "successful" or not name:
        return
    card = ctx.db.lookup(name)
    played = {cid for m, cid in f.played if m == minion}
    if f.card is not None and f.actor == minion:
        played.add(st.cards[f.card].cid)
    pick = next((i for i in reversed(st.region(seat, "ash_heap")) if card is not None and st.cards[i].cid == card.id
                 and card.id in played and i != iid), None)
    if pick is None:
        ctx.emit("fizzles", f"{why}: {name} is not in the ash heap as a card {ctx.name(minion)} played during the action.")
        return
    ctx.move(pick, "hand", seat=seat)
    ctx.emit("moved", f"{ctx.seat_name(seat)} takes {ctx.name(pick)} from their ash heap into their hand ({why}).",
             cards=(pick,))
    discard_down(ctx, seat)


def _kaymakli(ctx: Ctx, why: str) -> None:
    """Kaymakli Nightmares: each Methuselah's crypt cards in the uncontrolled region go back to the crypt (blood to
    the pool, cards on them burned), the crypt is shuffled, and as many cards come back out to the uncontrolled
    region."""
    st = ctx.st
    for seat in st.live_seats():
        back = [i for i in st.region(seat, "uncontrolled") if ctx.cdef(i).is_crypt]
        blood = 0
        for i in back:
            for a in list(st.attached.get(i, ())):
                ctx.burn(a, why)
            blood += st.cards[i].counters
            ctx.move(i, "crypt", seat=seat, counters=0)
        if blood:
            ctx.pool(seat, blood, why)
        ctx.shuffle(seat, "crypt")
        out = st.region(seat, "crypt")[:len(back)]
        for i in out:
            ctx.move(i, "uncontrolled", seat=seat, counters=0)
        ctx.emit("moved", f"{ctx.seat_name(seat)} shuffles {len(back)} uncontrolled crypt card"
                          f"{'s' if len(back) != 1 else ''} back into their crypt and moves {len(out)} out ({why}).")


def _gift_of_experience(ctx: Ctx, cmd, specs: list[tuple], why: str) -> None:
    """Gift of Experience: the chosen unlocked vampire (`minion`) locks, and its other version comes from the crypt to
    merge with it."""
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.errors import Illegal, Malformed

    st = ctx.st
    if cmd.minion is None:
        raise Malformed("minion", f"{why}: name (minion) the unlocked vampire you control")
    v = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
    c = st.cards[v]
    if c.controller != cmd.seat or c.region != "ready" or c.locked or c.contested or not ctx.is_vampire(c):
        raise Illegal("minion", f"{why}: {ctx.name(v)} is not an unlocked ready vampire you control")
    if any(s_[0] == "lock_chosen" for s_ in specs):
        ctx.update(v, locked=True)
        ctx.emit("locked", f"{ctx.name(v)} locks ({why}).", cards=(v,))
    merge_from_crypt(ctx, cmd.seat, v, why)


def merge_from_crypt(ctx: Ctx, seat: int, v: int, why: str) -> None:
    """The other version of vampire *v* (advanced for a base one, base for an advanced one) leaves *seat*'s crypt to
    merge with it (unless it is merged already); the crypt is shuffled."""
    st = ctx.st
    d = ctx.cdef(v)
    merged = any(ctx.cdef(x).is_crypt for x in st.attached.get(v, ()))
    partner = None if merged else next(
        (i for i in st.region(seat, "crypt") if ctx.cdef(i).name == d.name and ctx.cdef(i).group == d.group
         and bool(ctx.cdef(i).advanced) != bool(d.advanced)), None)
    if partner is None:
        ctx.emit("search", f"{ctx.seat_name(seat)} searches their crypt ({why}): no other version of {ctx.name(v)}.")
    else:
        ctx.move(partner, "attached", host=v, counters=0)
        ctx.emit("merged", f"{ctx.name(partner)} merges with {ctx.name(v)} ({why}).", cards=(v, partner))
    ctx.shuffle(seat, "crypt")


def _merge_other_version(ctx: Ctx, f: ActionFrame, which: str, unlock: bool, shuffle: bool, why: str) -> None:
    """Epiphany, Legacy: the acting vampire's other version, from the crypt, uncontrolled region or ash heap, merges
    with it (it goes on the acting vampire; counters and cards on it burn)."""
    st = ctx.st
    actor = f.actor
    a = ctx.cdef(actor)
    if unlock and st.cards[actor].region in ("ready", "torpor"):
        ctx.update(actor, locked=False)
        ctx.emit("unlocked", f"{ctx.name(actor)} unlocks ({why}).", cards=(actor,))
    merged = any(ctx.cdef(x).is_crypt for x in st.attached.get(actor, ()))
    want_adv = which == "advanced"
    partner = None
    if not merged and st.cards[actor].region in ("ready", "torpor") and a.advanced != want_adv:
        for region in ("crypt", "uncontrolled", "ash_heap"):
            partner = next((i for i in st.region(f.seat, region) if ctx.cdef(i).is_crypt
                            and ctx.cdef(i).name == a.name and ctx.cdef(i).group == a.group
                            and bool(ctx.cdef(i).advanced) == want_adv), None)
            if partner is not None:
                break
    if partner is None:
        ctx.emit("fizzles", f"{why}: no {which} version of {ctx.name(actor)} is found.")
    else:
        for x in list(st.attached.get(partner, ())):
            ctx.burn(x, why)
        ctx.move(partner, "attached", host=actor, counters=0)
        ctx.emit("merged", f"{ctx.name(partner)} merges with {ctx.name(actor)} ({why}).", cards=(actor, partner))
    if shuffle:
        ctx.shuffle(f.seat, "crypt")


_VIRTUES = frozenset({"def", "inn", "jud", "mar", "red", "ven", "vis"})
_CREEDS = frozenset({"avenger", "defender", "innocent", "judge", "martyr", "redeemer", "visionary"})


def _requires_imbued(ctx: Ctx, iid: int) -> bool:
    d = ctx.cdef(iid)
    return bool(set(d.types) & {"Power", "Conviction"}) or bool({x.lower() for x in d.disciplines} & _VIRTUES) \
        or bool({x.lower() for x in d.clans} & _CREEDS) or any("imbued" in str(r).lower() for r in d.requirements)


def _more_uses(ctx: Ctx, cmd, iid: int, rules: CardRules, spec: tuple) -> bool:
    """The Secret Library of Alexandria, Nosferatu Hosting, Unity."""
    from vtes_desktop.engine.errors import Illegal, Malformed

    st = ctx.st
    why = rules.name
    seat = cmd.seat
    c = st.cards[iid]
    if c.region != "in_play" or c.controller != seat or c.contested:
        raise Illegal("use", f"{why} is not a card in play of {ctx.seat_name(seat)}")
    if spec[0] == "draw_on_bleed":
        f = st.top
        if not isinstance(f, ActionFrame) or f.stage != "resolution" or f.outcome != "successful" \
                or not (f.kind == "bleed" or f.effect == "bleed") or f.seat != seat or f.target_seat != st.prey(seat):
            raise Illegal("timing", f"{why} is used as a minion of yours has successfully bled your prey")
        if any(m.kind == "library_draw" and m.card == iid for m in f.mods):
            raise Illegal("limit", f"{why} has already been used for this bleed")
        from vtes_desktop.engine import flow
        from vtes_desktop.engine.state import Mod

        flow.set_top(ctx, f._replace(mods=f.mods + (Mod("library_draw", 0, None, iid),)))
        ctx.draw(seat, spec[1])
        discard_down(ctx, seat)
        return True
    if c.locked:
        raise Illegal("use", f"{why} is locked")
    if spec[0] == "look_uncontrolled":
        if st.active != seat or st.phase != "master" or st.frames:
            raise Illegal("timing", f"{why} is used with a master phase action in your master phase")
        if st.mpa < 1:
            raise Illegal("master", "no master phase action left")
        parts = str(cmd.effect or "").rsplit(" ", 1)
        from vtes_desktop.engine.rules_action import target_seat

        other = target_seat(ctx, seat, parts[0]) if len(parts) == 2 and parts[1].isdigit() else None
        if other is None or other == seat:
            raise Malformed("effect", f"{why}: name another Methuselah and the place of the card in their "
                                      "uncontrolled region (effect: \"Ben 2\")")
        unc = st.region(other, "uncontrolled")
        n = int(parts[1])
        if not 1 <= n <= len(unc):
            raise Illegal("effect", f"{why}: {ctx.seat_name(other)} has {len(unc)} cards in their uncontrolled region")
        st.mpa -= 1
        t = unc[n - 1]
        ctx.emit("revealed", f"{ctx.seat_name(seat)} looks at a card of {poss(ctx.seat_name(other))} uncontrolled "
                             f"region ({why}): {ctx.name(t)}.", frozenset({seat}),
                 f"{ctx.seat_name(seat)} looks at a card of {poss(ctx.seat_name(other))} uncontrolled region ({why}).",
                 cards=(t,))
        return True
    _, n, pool = spec
    names = [x.strip() for x in str(cmd.effect or "").split(";") if x.strip()]
    cut = bool(names) and names[-1].lower() == "cut"
    if cut:
        names = names[:-1]
    heap = st.region(seat, "ash_heap")
    fits = [i for i in heap if _requires_imbued(ctx, i)]
    want = min(n, len(fits))
    picked: list[int] = []
    for name in names:
        card = ctx.db.lookup(name)
        hit = next((i for i in fits if card is not None and st.cards[i].cid == card.id and i not in picked), None)
        if hit is None:
            raise Illegal("effect", f"{why}: {name!r} is not a card of your ash heap that requires an imbued, a creed "
                                    "or a virtue")
        picked.append(hit)
    if len(picked) != want:
        raise Illegal("effect", f"{why}: name {want} card{'s' if want != 1 else ''} of your ash heap that require an "
                                "imbued, a creed or a virtue (\"A; B\", then \"; cut\" to cut the library)")
    if st.seats[seat].pool < pool:
        raise Illegal("cost", f"{why}: {ctx.seat_name(seat)} cannot burn {pool} pool")
    ctx.update(iid, locked=True)
    ctx.pool(seat, -pool, why)
    for i in reversed(picked):   # the first named ends on top
        ctx.move(i, "library", seat=seat, top=True)
    ctx.emit("moved", f"{ctx.seat_name(seat)} puts {_names(ctx, picked)} from their ash heap on top of their library "
                      f"({why}).", cards=tuple(picked))
    if cut:
        lib = list(st.region(seat, "library"))
        if len(lib) > 1:
            k = ctx.rng().randint(1, len(lib) - 1)
            st.w_regions()[(seat, "library")] = tuple(lib[k:] + lib[:k])
            for i in lib:
                st.put(st.cards[i]._replace(hidden=st.cards[i].hidden + 1))
        ctx.emit("shuffled", f"{ctx.seat_name(seat)} cuts their library once ({why}).")
    return True


def on_bleed_card(ctx: Ctx, f: ActionFrame, n: int) -> None:
    """A bleed card's bleed has succeeded for *n*: the bled Methuselah owes discards (Shroud of Decay)."""
    rules, specs = _card_specs(ctx, f)
    for spec in specs:
        if spec[0] == "bleed_owes_discards" and n >= 1 and f.target_seat is not None \
                and not ctx.st.seats[f.target_seat].ousted:
            from vtes_desktop.engine.effects_master import _owe_discard

            k = min(spec[1], len(ctx.st.region(f.target_seat, "hand")))
            if k:
                _owe_discard(ctx, f.target_seat, k, then_draw=True)


def _petra(ctx: Ctx, specs: list[tuple], why: str) -> None:
    """Petra Resonance: each Methuselah reveals the top card of their crypt; a tie for the highest or the lowest cost
    makes everyone burn pool, else the highest steals pool from the lowest; every crypt is shuffled."""
    st = ctx.st
    shown = {}
    for s_ in st.live_seats():
        top = st.region(s_, "crypt")[:1]
        if top:
            shown[s_] = top[0]
    ctx.emit("revealed", f"{why}: " + "; ".join(f"{ctx.seat_name(s_)} reveals {ctx.name(i)} (capacity "
                                                 f"{ctx.cdef(i).capacity or 0})" for s_, i in shown.items()) + ".",
             cards=tuple(shown.values()))
    caps = {s_: ctx.cdef(i).capacity or 0 for s_, i in shown.items()}
    tie = next((x for x in specs if x[:2] == ("petra", "tie")), None)
    steal = next((x for x in specs if x[:2] == ("petra", "steal")), None)
    if caps:
        hi, lo = max(caps.values()), min(caps.values())
        if list(caps.values()).count(hi) > 1 or list(caps.values()).count(lo) > 1:
            if tie:
                for s_ in st.live_seats():
                    ctx.pool(s_, -tie[2], why)
        elif steal:
            winner = next(s_ for s_, c in caps.items() if c == hi)
            loser = next(s_ for s_, c in caps.items() if c == lo)
            n = min(steal[2], st.seats[loser].pool)
            ctx.pool(loser, -steal[2], why)
            ctx.pool(winner, n, why)
    if any(x[:2] == ("petra", "shuffle") for x in specs):
        for s_ in st.live_seats():
            ctx.shuffle(s_, "crypt")


def _recruit_from_library(ctx: Ctx, f: ActionFrame, why: str) -> None:
    """The Summoning [PRE]: the acting vampire recruits the ally found in the library (requirements and cost as
    normal)."""
    from vtes_desktop.engine.rules_action import _cost, _life, requirement_refusal
    from vtes_desktop.engine.rules_turn import _check_contest

    st = ctx.st
    t = f.target_card
    if t is None or st.cards[t].region != "library" or st.cards[t].owner != f.seat:
        ctx.emit("search", f"{ctx.seat_name(f.seat)} searches their library ({why}) and recruits nothing.")
        return
    er = ctx.rules(t)
    mode = er.modes[0] if er.modes else None
    why_not = requirement_refusal(ctx, t, er, mode, f.actor)
    pool, blood = _cost(er, 0)
    a = st.cards[f.actor]
    if why_not is None and (a.counters < blood or st.seats[f.seat].pool < pool):
        why_not = f"{ctx.name(f.actor)} cannot pay {poss(ctx.name(t))} cost"
    if why_not:
        ctx.emit("fizzles", f"{why}: {ctx.name(t)} is not recruited ({why_not}).")
        return
    if blood:
        ctx.update(f.actor, counters=a.counters - blood)
    if pool:
        ctx.pool(f.seat, -pool, ctx.name(t))
    life = _life(ctx, t, None)
    ctx.move(t, "ready", seat=f.seat, counters=life, arrived=st.turn, locked=False)
    ctx.emit("recruited", f"{ctx.name(t)} joins {ctx.seat_name(f.seat)} with {life} life, from the library ({why}).",
             cards=(t,))
    _check_contest(ctx, t)
    from vtes_desktop.engine import effects_minion

    effects_minion.entered_play(ctx, t)


_CHOOSE_DISCARD = "discard a card of a hand looked at"


def discard_chosen(ctx: Ctx, cmd) -> bool:
    """A `discard` step by a Methuselah who looked at hands to discard a card of their choice (Vaticination): the card
    named goes from its owner's hand to their ash heap, and they draw back up; or one of the discards owed in seat
    order (Lupine Assault). False when none is owed."""
    st = ctx.st
    if not st.marks:
        return False
    if _discard_owed_in_order(ctx, cmd):
        return True
    mark = next((m for m in st.marks if m[1] == _CHOOSE_DISCARD and m[0] == ("library choice", cmd.seat)), None)
    if mark is None:
        return False
    if mark[3] != st.turn:   # a choice left unmade in an earlier turn has lapsed
        st.marks = st.marks - {mark}
        return False
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.errors import Illegal

    seats, why = mark[2], mark[4]
    try:
        iid = flow.ref(ctx, cmd.seat, cmd.card)
    except Illegal:
        iid = None
    c = st.cards.get(iid) if iid is not None else None
    if c is None or c.region != "hand" or c.owner not in seats:
        card = ctx.db.lookup(str(cmd.card)) if isinstance(cmd.card, str) else None
        iid = next((i for s_ in seats for i in st.region(s_, "hand") if card is not None and st.cards[i].cid == card.id),
                   None)
        c = st.cards.get(iid) if iid is not None else None
    if c is None:
        raise Illegal("discard", f"{why}: {cmd.card!r} is not in " + " or ".join(poss(ctx.seat_name(s_))
                                                                                  for s_ in seats) + " hand")
    st.marks = st.marks - {mark}
    ctx.move(iid, "ash_heap")
    ctx.emit("discarded", f"{ctx.seat_name(c.owner)} discards {ctx.name(iid)} ({why}, chosen by "
                          f"{ctx.seat_name(cmd.seat)}).", cards=(iid,))
    ctx.draw(c.owner, 1)
    return True


# -- The Admonitions ---------------------------------------------------------------------------------------------

def _controls_ready(ctx: Ctx, seat: int, what: str) -> bool:
    """*seat* controls a ready vampire that is Sabbat ("sabbat") or has the trait named ("black hand")."""
    st = ctx.st
    for i in st.region(seat, "ready"):
        c = st.cards[i]
        if c.contested or not ctx.is_vampire(c):
            continue
        if what == "sabbat" and (ctx.sect(c) or "").lower() == "sabbat":
            return True
        if what != "sabbat" and what in ctx.rules(i).traits:
            return True
    return False


def _admonitions_use(ctx: Ctx, cmd, iid: int, rules: CardRules, specs: list[tuple]) -> bool:
    from vtes_desktop.engine.errors import Illegal, Malformed

    st = ctx.st
    why = rules.name
    seat = cmd.seat
    c = st.cards[iid]
    if c.region != "in_play" or c.controller != seat or c.contested:
        raise Illegal("use", f"{why} is not a card in play of {ctx.seat_name(seat)}")
    if c.locked:
        raise Illegal("use", f"{why} is locked")
    want = "lock_draw" if str(cmd.effect or "").strip().lower() == "draw" else "lock_discard"
    spec = next((s_ for s_ in specs if s_[0] == want), None)
    if spec is None:
        return False
    _, n, need = spec
    if not _controls_ready(ctx, seat, need):
        raise Illegal("use", f"{why}: you control no ready {need.title()} vampire")
    if want == "lock_discard":
        if not cmd.effect:
            raise Malformed("effect", f"{why}: name (effect) the card you discard, or effect: draw")
        card = ctx.db.lookup(str(cmd.effect))
        pick = next((i for i in st.region(seat, "hand") if card is not None and st.cards[i].cid == card.id), None)
        if pick is None:
            raise Illegal("effect", f"{why}: {cmd.effect!r} is not in your hand")
        ctx.update(iid, locked=True)
        ctx.move(pick, "ash_heap")
        ctx.emit("discarded", f"{ctx.seat_name(seat)} locks {why} and discards {ctx.name(pick)}.", cards=(pick,))
        ctx.draw(seat, n)
    else:
        ctx.update(iid, locked=True)
        ctx.emit("locked", f"{ctx.seat_name(seat)} locks {why} to draw {n} cards.", cards=(iid,))
        ctx.draw(seat, n)
        discard_down(ctx, seat)
    return True


def start_of_discard_phase(ctx: Ctx) -> None:
    """As the active Methuselah's discard phase begins: The Admonitions they control passes counter-clockwise (to
    their predator, and on) to the first Methuselah who controls a ready Sabbat vampire, they themselves last; burned
    if there is none."""
    st = ctx.st
    seat = st.active
    for iid in st.region(seat, "in_play"):
        c = st.cards[iid]
        if c.contested or "Master" not in ctx.cdef(iid).types:
            continue
        rules = ctx.rules(iid)
        spec = next((x for m in rules.modes for x in _claimed(rules, m) if x[0] == "pass_control_ccw"), None)
        if spec is None:
            continue
        order, s_ = [], seat
        for _ in range(len(st.seats)):
            s_ = st.predator(s_)
            if s_ in order:
                break
            order.append(s_)
        if seat not in order:
            order.append(seat)
        to = next((x for x in order if not st.seats[x].ousted and _controls_ready(ctx, x, spec[1])), None)
        if to is None:
            ctx.burn(iid, f"no Methuselah controls a ready {spec[1].title()} vampire")
        elif to != seat:
            ctx.move(iid, "in_play", seat=to, locked=c.locked)
            ctx.emit("control", f"{ctx.seat_name(to)} takes control of {rules.name}.", cards=(iid,))


# -- Port Authority -----------------------------------------------------------------------------------------------

def replacement_held(ctx: Ctx, seat: int, iid: int) -> bool:
    """A card just discarded with a discard phase action: with Port Authority in play its replacement waits for the
    Methuselah's next unlock phase (True: held, do not draw now)."""
    st = ctx.st
    for s_ in st.live_seats():
        for e in st.region(s_, "in_play"):
            if "Event" not in ctx.cdef(e).types or st.cards[e].contested:
                continue
            rules = ctx.rules(e)
            if any(x[0] == "hold_dpa_replacement" for m in rules.modes for x in _claimed(rules, m)):
                st.pending_draws = st.pending_draws + ((seat, iid, f"unlock:{seat}"),)
                ctx.emit("replace_later", f"{ctx.seat_name(seat)} replaces {ctx.name(iid)} only as their next unlock "
                                          f"phase begins ({rules.name}).")
                return True
    return False


def start_of_unlock_phase(ctx: Ctx) -> None:
    """As a Methuselah's unlock phase begins: the replacements Port Authority held for them are drawn."""
    st = ctx.st
    if st.pending_draws:
        ctx.release_draws(f"unlock:{st.active}")


# -- Goblinism ----------------------------------------------------------------------------------------------------

_ON_VAMPIRE = "; on vampire"


def _is_location(ctx: Ctx, iid: int) -> bool:
    import re

    return bool(re.search(r"(?i)\blocation\b", ctx.cdef(iid).text.split("\n")[0]))


def _plan_location(ctx: Ctx, seat: int, rules: CardRules, mode: Mode, target) -> dict:
    from vtes_desktop.engine.errors import Illegal
    from vtes_desktop.engine.state import Mod

    if target is None:
        return {}
    name = str(target)
    on_self = name.lower().endswith(_ON_VAMPIRE)
    if on_self:
        name = name[:-len(_ON_VAMPIRE)]
        if not any(x[0] == "haven_on_self" for x in _claimed(rules, mode)):
            raise Illegal("target", f"{rules.name}: only at superior can a haven go on the vampire")
    card = ctx.db.lookup(name.strip())
    hit = next((i for i in ctx.st.region(seat, "library") if card is not None and ctx.st.cards[i].cid == card.id), None)
    if hit is None:
        raise Illegal("target", f"{rules.name}: {name.strip()!r} is not in your library")
    if not _is_location(ctx, hit):
        raise Illegal("target", f"{rules.name}: {ctx.name(hit)} is not a location")
    out = {"target_card": hit}
    if on_self:
        out["mods"] = (Mod("haven_on_self", 0, None, hit),)
    return out


def _goblinism(ctx: Ctx, f: ActionFrame, superior: bool, why: str) -> None:
    import re

    from vtes_desktop.engine.rules_action import _cost, requirement_refusal

    st = ctx.st
    t = f.target_card
    if t is not None and st.cards[t].region == "library" and st.cards[t].owner == f.seat:
        on_self = superior and any(m.kind == "haven_on_self" for m in f.mods) \
            and re.search(r"(?i)\bhaven\b", ctx.cdef(t).text.split("\n")[0])
        placed = False
        if on_self and st.cards[f.actor].region == "ready":
            er = ctx.rules(t)
            refusal = requirement_refusal(ctx, t, er, er.modes[0] if er.modes else None, f.actor)
            pool, blood = _cost(er, 0)
            a = st.cards[f.actor]
            if refusal is None and st.seats[f.seat].pool >= pool and a.counters >= blood:
                if pool:
                    ctx.pool(f.seat, -pool, ctx.name(t))
                if blood:
                    ctx.update(f.actor, counters=a.counters - blood)
                ctx.move(t, "attached", host=f.actor)
                ctx.update(t, controller=f.seat)
                ctx.emit("revealed", f"{ctx.seat_name(f.seat)} shows {ctx.name(t)} from their library and puts it on "
                                     f"{ctx.name(f.actor)} ({why}).", cards=(t, f.actor))
                placed = True
            else:
                ctx.emit("fizzles", f"{why}: {ctx.name(t)} cannot go on {ctx.name(f.actor)}"
                         + (f" ({refusal})" if refusal else " (its cost cannot be paid)") + "; it goes to the hand.")
        if not placed:
            _to_hand(ctx, f.seat, t, why)
    ctx.shuffle(f.seat, "library")
    discard_down(ctx, f.seat)


# -- discards owed in seat order (Lupine Assault) -------------------------------------------------------------------

_OWE = "discards owed in seat order, then draw up"


def _owe_in_order(ctx: Ctx, seat: int, n: int, why: str) -> None:
    st = ctx.st
    for idx, s_ in enumerate(st.in_seat_order_from(seat)):
        k = min(n, len(st.region(s_, "hand")))
        if k:
            st.marks = st.marks | {(("library owe", s_), _OWE, k, idx, why)}
            ctx.emit("discard_down", f"{ctx.seat_name(s_)} must discard {k} card{'s' if k > 1 else ''}, then draw up "
                                     f"({why}).")


def _first_owed(st) -> tuple | None:
    owed = [m for m in st.marks if m[1] == _OWE]
    return min(owed, key=lambda m: m[3]) if owed else None


def refuse_while_owed(ctx: Ctx, cmd) -> None:
    """While discards are owed in seat order, only the next Methuselah's `discard` goes ahead."""
    first = _first_owed(ctx.st)
    if first is None or cmd.type in ("undo", "concede", "time_out"):
        return
    seat = first[0][1]
    if cmd.type == "discard" and cmd.seat == seat:
        return
    from vtes_desktop.engine.errors import Illegal

    raise Illegal("discard down", f"{ctx.seat_name(seat)} must first discard {first[2]} card"
                                  f"{'s' if first[2] > 1 else ''} ({first[4]})")


def _discard_owed_in_order(ctx: Ctx, cmd) -> bool:
    st = ctx.st
    first = _first_owed(st)
    if first is None or first[0][1] != cmd.seat:
        return False
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.errors import Illegal
    from vtes_desktop.engine.effects_master import draw_up

    iid = flow.ref(ctx, cmd.seat, cmd.card)
    if st.cards[iid].region != "hand" or st.cards[iid].owner != cmd.seat:
        card = ctx.db.lookup(str(cmd.card)) if isinstance(cmd.card, str) else None
        iid = next((i for i in st.region(cmd.seat, "hand") if card is not None and st.cards[i].cid == card.id), None)
        if iid is None:
            raise Illegal("discard", f"{cmd.card!r} is not in {poss(ctx.seat_name(cmd.seat))} hand")
    ctx.move(iid, "ash_heap")
    ctx.emit("discarded", f"{ctx.seat_name(cmd.seat)} discards {ctx.name(iid)} ({first[4]}).", cards=(iid,))
    left = first[2] - 1
    st.marks = (st.marks - {first}) | ({(first[0], _OWE, left, first[3], first[4])} if left > 0 else set())
    if left == 0:
        draw_up(ctx, cmd.seat)
    return True


# -- Summon History -----------------------------------------------------------------------------------------------

def _plan_summon(ctx: Ctx, seat: int, rules: CardRules, k: str, target) -> dict:
    from vtes_desktop.engine.errors import Illegal

    if target is None:
        return {}
    st = ctx.st
    card = ctx.db.lookup(str(target))
    first = "library" if k == "summon_card" else "crypt"
    hit = next((i for r in (first, "ash_heap") for i in st.region(seat, r)
                if card is not None and st.cards[i].cid == card.id), None)
    if hit is None:
        raise Illegal("target", f"{rules.name}: {target!r} is not in your {first} or ash heap")
    d = ctx.cdef(hit)
    if k == "summon_card" and not set(d.types) & {"Ally", "Retainer", "Equipment"}:
        raise Illegal("target", f"{rules.name}: {d.display} is not an ally, retainer or equipment card")
    if k == "summon_vampire" and (not d.is_vampire or "scarce" in ctx.rules(hit).traits):
        raise Illegal("target", f"{rules.name}: {d.display} is not a non-scarce vampire")
    return {"target_card": hit}


def _summon(ctx: Ctx, f: ActionFrame, k: str, why: str) -> None:
    from vtes_desktop.engine.rules_action import _cost, _life
    from vtes_desktop.engine.rules_turn import _check_contest

    st = ctx.st
    x = f.cost_blood
    t = f.target_card
    where = "library" if k == "summon_card" else "crypt"
    ok = t is not None and st.cards[t].owner == f.seat and st.cards[t].region in (where, "ash_heap")
    if ok:
        d = ctx.cdef(t)
        if k == "summon_card":
            pool, blood = _cost(ctx.rules(t), 0)
            if max(pool, blood) > x:
                ctx.emit("fizzles", f"{why}: {d.display} costs more than {x}.")
                ok = False
        elif (d.capacity or 0) > x:
            ctx.emit("fizzles", f"{why}: {d.display} has a capacity above {x}.")
            ok = False
    if ok and st.cards[f.actor].region not in ("ready", "torpor") and k == "summon_card" \
            and "Ally" not in ctx.cdef(t).types:
        ok = False
    if ok:
        d = ctx.cdef(t)
        if k == "summon_vampire":
            ctx.move(t, "ready", seat=f.seat, counters=0, locked=False)
            ctx.emit("moved", f"{d.display} comes into play with no blood ({why}).", cards=(t,))
        elif "Ally" in d.types:
            life = _life(ctx, t, None)
            ctx.move(t, "ready", seat=f.seat, counters=life, arrived=st.turn, locked=False)
            ctx.emit("recruited", f"{d.display} comes into play with {life} life ({why}).", cards=(t,))
        else:
            life = _life(ctx, t, None) if "Retainer" in d.types else 0
            ctx.move(t, "attached", host=f.actor, counters=life)
            ctx.emit("moved", f"{d.display} goes on {ctx.name(f.actor)}" + (f" with {life} life" if life else "")
                     + f" ({why}).", cards=(f.actor, t))
        _check_contest(ctx, t)
    elif t is None:
        ctx.emit("search", f"{ctx.seat_name(f.seat)} searches ({why}) and takes nothing.")
    ctx.shuffle(f.seat, where)


_SHUFFLE_LATER = "shuffle as the master phase ends"


def start_of_minion_phase(ctx: Ctx) -> None:
    """The master phase is over: the libraries a master card said to shuffle afterward, after moves made by hand."""
    st = ctx.st
    if not st.marks:
        return
    due = [m for m in st.marks if m[1] == _SHUFFLE_LATER]
    if not due:
        return
    st.marks = st.marks - set(due)
    for (_, seat), _, region, _, why in due:
        ctx.shuffle(seat, region)
        ctx.emit("shuffled", f"{ctx.seat_name(seat)} shuffles their {region} ({why}).")
