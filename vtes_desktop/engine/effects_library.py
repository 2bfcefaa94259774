"""The engine side of `cards/grammar/auto_library.py`: it carries out the readings that family claims.

`HANDLED` names every reading this module carries out (tests/engine/test_auto_library.py checks that each reading
the family gives over the whole card list is in it).

Hooks (one call line each in the module where the card type resolves): `on_modifier` after an action modifier's
or reaction's effects (rules_action._apply_modes), `on_combat` after a combat card's (rules_combat.play_combat),
`on_master` after a master card's (rules_action._play_master).

What a Methuselah looks at is shown to them alone: the event's text names the cards for the looker, and the
other seats read only that they looked (`Ctx.emit` with `seen_by`), as the views keep hands and libraries hidden.
"""

from __future__ import annotations

from vtes_desktop.cards.grammar.auto_library import claims
from vtes_desktop.cards.rules import CardRules, Mode
from vtes_desktop.engine.context import Ctx, poss
from vtes_desktop.engine.state import ActionFrame

HANDLED: frozenset[str] = frozenset({"look_hand", "look_library", "random_discard", "hold_replacement", "crypt_search",
                                     "found_to_uncontrolled", "shuffle_after", "symposium"})


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
                     + ("that card" if len(gone) == 1 else "those cards") + f" until after {hold_until} ({why}).")
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
        who = spec[-1]
        seat = {"acting": f.seat, "target": f.target_seat}.get(who)
        if seat is None:
            ctx.emit("fizzles", f"{rules.name}: this action has no target Methuselah to look at.")
            continue
        if k == "look_hand":
            look_hand(ctx, cmd.seat, seat, rules.name)
        elif k == "look_library":
            look_library(ctx, cmd.seat, seat, spec[1], rules.name)


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
    return True


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
    if found is not None and any(s[0] == "found_to_uncontrolled" for s in specs):
        ctx.move(found, "uncontrolled", seat=seat, counters=0)
        ctx.emit("moved", f"{ctx.seat_name(seat)} shows {ctx.name(found)} from the crypt and places them face down in "
                          f"the uncontrolled region ({why}).", cards=(found,))
    if searched == "crypt":
        ctx.shuffle(seat, "crypt")   # a searched crypt is shuffled afterward, said or not
    elif any(s[0] == "shuffle_after" for s in specs):
        ctx.shuffle(seat, "library")
