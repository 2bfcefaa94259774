"""Referendums: terms, polling, votes and ballots, the tally, blood hunts.

The tally is always readable from the frame (`tally(ctx)`): votes for and
against with their sources, so the table can draw it live.
"""

from __future__ import annotations

import re

from vtes_desktop.cards.model import TITLE_VOTES
from vtes_desktop.engine import commands as C
from vtes_desktop.engine import effects_crypt, flow
from vtes_desktop.engine.context import Ctx, poss
from vtes_desktop.engine.errors import Illegal, Malformed
from vtes_desktop.engine.state import ActionFrame, Impulse, ManualFrame, ReferendumFrame

_TERMS_RE = re.compile(r"(?i)\b(choose|allocate|name|select)\b")   # select: Code of Milan Suspended


def start(ctx: Ctx, f: ActionFrame) -> None:
    text = ctx.cdef(f.card).text if f.card is not None else ""
    needs_terms = bool(_TERMS_RE.search(text.split("Successful referendum")[0])) if text else False
    order = flow.order_for(ctx, f.seat, undirected=True)
    flow.push(ctx, ReferendumFrame(imp=Impulse(order), step="referendum_terms" if needs_terms else "polling",
                                   card=f.card, actor=f.actor, seat=f.seat))
    ctx.emit("referendum", f"A referendum is called with {ctx.name(f.card)}." if f.card else "A referendum is called.")
    _effects_master().referendum_called(ctx)   # Día de los Muertos: the first Sabbat referendum passes automatically
    from vtes_desktop.engine import effects_action

    effects_action.referendum_started(ctx)   # Those Who Endure Judge: the acting vampire's votes


def blood_hunt(ctx: Ctx, diablerist: int, victim: int | None = None) -> None:
    """The blood hunt referendum after a diablerie, unless a card forbids it (the diablerist's own text or a
    card on it, or the victim's text)."""
    from vtes_desktop.engine.rules_diablerie import blood_hunt_barred

    st = ctx.st
    why = blood_hunt_barred(ctx, diablerist, victim)
    if why:
        ctx.emit("no_blood_hunt", f"No blood hunt can be called on {ctx.name(diablerist)}: {why}.")
        return
    acting = st.cards[diablerist].controller if diablerist in st.cards else st.active
    order = flow.order_for(ctx, acting, undirected=True)
    flow.push(ctx, ReferendumFrame(imp=Impulse(order), step="polling", card=None, actor=diablerist, seat=acting,
                                   terms="blood hunt"))
    ctx.emit("referendum", f"A blood hunt referendum is called on {ctx.name(diablerist)}.")
    from vtes_desktop.engine import effects_action

    effects_action.referendum_started(ctx)   # Those Who Endure Judge: even blood hunt referendums


_LOCK_FOR_VOTES = re.compile(r"(?i)lock (?:this (?:card|location)|[^.]*?) during the polling step[^.]*?to get \+(\d+) votes?")
_GETS_VOTES = re.compile(r"(?i)\b(?:gets|has) (?:[^.]*?and )?\+(\d+) votes?\b")


def _card_votes(ctx: Ctx, f, seat: int, iid: int) -> int | None:
    from vtes_desktop.engine.effects_master import card_votes

    return card_votes(ctx, f, seat, iid)   # master cards in play whose votes the engine reads


def _attached_votes(ctx: Ctx, f, seat: int, iid: int) -> int | None:
    from vtes_desktop.engine.effects_attached import card_votes

    return card_votes(ctx, f, seat, iid)   # an action modifier burned for votes (Propaganda of the Deed)


def _attached_votes_bonus(ctx: Ctx, iid: int) -> int:
    from vtes_desktop.engine.effects_attached import votes_bonus

    return votes_bonus(ctx, iid)


def _attached_vote_refusal(ctx: Ctx, iid: int) -> str | None:
    from vtes_desktop.engine.effects_attached import vote_refusal

    return vote_refusal(ctx, iid)


def _gear_votes(ctx: Ctx, f, seat: int, iid: int) -> int | None:
    from vtes_desktop.engine.effects_gear import vote_votes

    return vote_votes(ctx, f, seat, iid)   # equipment locked for votes (Agate Talisman)


def _gear_votes_bonus(ctx: Ctx, iid: int) -> int:
    from vtes_desktop.engine.effects_gear import votes_bonus

    return votes_bonus(ctx, iid)   # votes a card on the minion gives it (Kduva's Mask)


def _master_referendum_passed(ctx: Ctx, f) -> None:
    from vtes_desktop.engine.effects_master import referendum_passed

    referendum_passed(ctx, f)


def _master_votes(ctx: Ctx, f, iid: int) -> int:
    from vtes_desktop.engine.effects_master import master_votes

    return master_votes(ctx, f, iid)


def _master_tally_extra(ctx: Ctx, f) -> int:
    from vtes_desktop.engine.effects_master import tally_extra

    return tally_extra(ctx, f)


def _master_vote_refusal(ctx: Ctx, iid: int) -> str | None:
    from vtes_desktop.engine.effects_master import vote_refusal

    return vote_refusal(ctx, iid)


def _action_under(ctx: Ctx) -> ActionFrame | None:
    for fr in reversed(ctx.st.frames):
        if isinstance(fr, ActionFrame):
            return fr
    return None


def play_for_votes(ctx: Ctx, cmd: C.Play, iid: int, rules) -> None:
    """During the polling step of a political action: an action modifier by the acting minion, or a reaction
    by another Methuselah's ready unlocked minion, that gives votes; the votes are then cast with `vote`."""
    from vtes_desktop.engine.rules_action import _cost, _pay, choose_mode, played_from_hand, requirement_refusal

    st = ctx.st
    f = _frame(ctx)
    act = _action_under(ctx)
    if f.step != "polling" or act is None or act.kind != "political":
        if f.step != "polling":
            raise Illegal("timing", f"{rules.name} cannot be played now: cards that give votes are played in "
                                    "the polling step, once the terms are chosen")
        raise Illegal("timing", f"{rules.name} cannot be played now: only votes and ballots are cast in this "
                                "referendum")
    types = set(rules.types)
    if cmd.seat == act.seat and "Action Modifier" in types:
        m = act.actor
        if cmd.minion is not None and flow.ref(ctx, cmd.seat, cmd.minion) != m:
            raise Illegal("action modifier", f"only the acting minion, {ctx.name(m)}, plays action modifiers")
        kind = "Action Modifier"
    elif cmd.seat != act.seat and "Reaction" in types:
        if cmd.minion is None:
            raise Malformed("minion", f"name the minion that plays {rules.name}")
        m = flow.ref(ctx, cmd.seat, cmd.minion, what="minion")
        mc = st.cards[m]
        if mc.controller != cmd.seat or mc.region != "ready" or mc.locked:
            raise Illegal("reaction", f"{ctx.name(m)} is not a ready unlocked minion of {ctx.seat_name(cmd.seat)}")
        kind = "Reaction"
    else:
        raise Illegal("timing", f"{rules.name} cannot be played during the polling step by "
                                f"{ctx.seat_name(cmd.seat)}")
    mode = choose_mode(ctx, rules, cmd.level, (kind,), m)
    why = requirement_refusal(ctx, iid, rules, mode, m)
    if why:
        raise Illegal("requirements", why)
    if "before votes" in " ".join(mode.only) and f.votes_started:
        raise Illegal("timing", f"{rules.name} is only usable before votes and ballots are cast")
    from vtes_desktop.engine.rules_action import _timing_refusal
    why = _timing_refusal(ctx, act, mode, rules.name, minion=m, seat=cmd.seat)
    if why:   # the card's own "Only usable ..." clause, as for any action modifier or reaction
        raise Illegal("timing", why)
    from vtes_desktop.engine import effects_action

    pool, blood = _cost(rules, effects_action.x_value(cmd, rules))   # Awe: X given as the play's choice
    blood += effects_action.polling_reaction(ctx, act, m, kind)   # Psalm of the Damned, Unleashing the Bestial Soul
    _pay(ctx, cmd.seat, m, pool, blood, rules.name)
    played_from_hand(ctx, cmd.seat, iid, rules)
    from vtes_desktop.engine.effects_attached import in_referendum as attached_in_referendum

    if attached_in_referendum(ctx, m, mode, rules, iid):   # Akunanse Kholo: the title card goes on the vampire
        return
    if effects_action.in_referendum(ctx, cmd, m, mode, rules, act, iid):   # Delaying Tactics, Awe
        return
    f = ctx.st.top
    if mode.votes:
        flow.set_top(ctx, f._replace(gained=f.gained + ((cmd.seat, iid, mode.votes),)))
        ctx.emit("played", f"{ctx.name(m)} plays {rules.name}: {ctx.seat_name(cmd.seat)} gains {mode.votes} "
                           f"vote{'s' if mode.votes != 1 else ''} to cast.")
    else:
        ctx.emit("manual", f"{rules.name}: carry out its effect by hand.")


def _frame(ctx: Ctx) -> ReferendumFrame:
    f = ctx.st.top
    if not isinstance(f, ReferendumFrame):
        if isinstance(f, ActionFrame) and f.kind == "political" and f.stage in ("announced", "blocks", "attempt",
                                                                               "declined"):
            raise Illegal("referendum", "the referendum is called only once the political action succeeds; "
                                        "its terms are chosen then")
        raise Illegal("referendum", "no referendum is under way")
    return f


def terms(ctx: Ctx, cmd: C.Terms) -> None:
    from vtes_desktop.engine import effects_actioncard

    waiting = effects_actioncard.choice_frame(ctx)   # each Methuselah's choice once the referendum passed
    if waiting is not None:
        return effects_actioncard.choose_for_referendum(ctx, waiting, cmd.seat, cmd.choice)
    f = _frame(ctx)
    if f.step != "referendum_terms":
        raise Illegal("terms", "the terms have been chosen")
    if cmd.seat != f.seat:
        raise Illegal("terms", "the acting Methuselah chooses the terms")
    from vtes_desktop.engine import effects_actioncard

    chosen = effects_actioncard.check_terms(ctx, f, cmd.choice)   # refused when they do not fit the card
    flow.set_top(ctx, f._replace(terms=chosen, step="polling", imp=f.imp._replace(at=0, passes=0)))
    ctx.emit("terms", f"Terms: {chosen.split(' #')[0]}.")


PRISCI_BLOCK = 3


def tally(f: ReferendumFrame) -> tuple[int, int]:
    """Votes for and against. Prisci cast ballots in a sub-referendum: the side with more ballots gains
    the prisci block of 3 votes; a tie abstains."""
    yes = sum(v[2] for v in f.votes_for)
    no = sum(v[2] for v in f.votes_against)
    bf, ba = prisci_ballots(f)
    if bf > ba:
        yes += PRISCI_BLOCK
    elif ba > bf:
        no += PRISCI_BLOCK
    return yes, no


def prisci_ballots(f: ReferendumFrame) -> tuple[int, int]:
    """Prisci ballots are recorded with 0 votes: they count only in the prisci sub-referendum."""
    return (sum(1 for _, _, n in f.votes_for if n == 0), sum(1 for _, _, n in f.votes_against if n == 0))


def uncast(ctx: Ctx, f: ReferendumFrame) -> dict[int, list[tuple[str, int]]]:
    """The votes each Methuselah still holds and has not cast, by source."""
    st = ctx.st
    out: dict[int, list[tuple[str, int]]] = {}
    for seat in st.live_seats():
        lst = []
        for iid in st.region(seat, "ready"):
            c = st.cards[iid]
            n = TITLE_VOTES.get(ctx.title(c) or "", 0) if ctx.is_minion(c) and not c.contested else 0
            if ctx.is_minion(c) and not c.contested and not c.title_contested:
                from vtes_desktop.engine import effects_actioncard

                n += effects_actioncard.referendum_votes(ctx, f, iid)   # "each Brujah gets 1 extra vote"
                if effects_actioncard.vote_refusal(ctx, f, iid):
                    n = 0
                n += effects_crypt.votes_bonus(ctx, f, iid)   # the vampire's own votes ("gets +2 votes")
                n += _gear_votes_bonus(ctx, iid)   # Kduva's Mask
            if n and (iid,) not in f.used_sources:
                lst.append((ctx.name(iid), n))
        if st.edge == seat and ("edge",) not in f.used_sources:
            lst.append(("the Edge", 1))
        if seat not in f.pa_vote_used:
            if f.card is not None and seat == f.seat and (f.card,) not in f.used_sources:
                lst.append((ctx.name(f.card), 1))
            elif any("Political Action" in ctx.cdef(i).types for i in st.region(seat, "hand")):
                lst.append(("a political action card from hand", 1))
        out[seat] = lst
    return out


def vote(ctx: Ctx, cmd: C.Vote) -> None:
    st = ctx.st
    f = _frame(ctx)
    if f.step != "polling":
        raise Illegal("vote", "votes are cast in the polling step")
    seat = cmd.seat
    src = cmd.with_
    pa_used = f.pa_vote_used
    if src == "edge":
        if st.edge != seat:
            raise Illegal("edge", f"{ctx.seat_name(seat)} does not have the Edge")
        st.edge = None
        key, label, n = ("edge",), "the Edge", 1
        from vtes_desktop.engine import effects_actioncard

        n += effects_actioncard.edge_votes(ctx, f)   # "burning the Edge is worth 1 additional vote"
        ctx.emit("edge", f"{ctx.seat_name(seat)} burns the Edge for 1 vote.")
    else:
        iid = flow.ref(ctx, seat, src)
        c = st.cards[iid]
        d = ctx.cdef(iid)
        key, label = (iid,), d.display
        if iid == f.card:
            if seat != f.seat:
                raise Illegal("vote", f"{d.display} gives its vote to the acting Methuselah")
            if seat in pa_used:
                raise Illegal("political action", "each Methuselah gains at most 1 vote from political action cards")
            n = 1
            pa_used = pa_used | {seat}
        elif "Political Action" in d.types and c.region == "hand" and c.owner == seat:
            if seat in pa_used:
                raise Illegal("political action", "each Methuselah gains at most 1 vote from political action cards "
                                                  "in a referendum")
            n = 1
            pa_used = pa_used | {seat}
            from vtes_desktop.engine.rules_action import played_from_hand

            played_from_hand(ctx, seat, iid, ctx.rules(iid))
        elif any(g[1] == iid and g[0] == seat for g in f.gained):
            n = sum(g[2] for g in f.gained if g[1] == iid and g[0] == seat)
            if c.controller != seat:   # votes a card gives every Methuselah (The Eldest Are Kholo, Rant!)
                key = (iid, seat)
        elif c.controller == seat and c.region in ("in_play", "attached") and \
                (mv := _card_votes(ctx, f, seat, iid)) is not None:   # Palace of Versailles, Ferraille...
            n = mv
        elif c.controller == seat and c.region in ("in_play", "attached") and \
                (av := _attached_votes(ctx, f, seat, iid)) is not None:   # Propaganda of the Deed
            n = av
        elif c.controller == seat and c.region == "attached" and (gv := _gear_votes(ctx, f, seat, iid)) is not None:
            n = gv   # Agate Talisman
        elif c.controller == seat and c.region in ("in_play", "attached") and _LOCK_FOR_VOTES.search(d.text):
            if c.locked:
                raise Illegal("vote", f"{d.display} is locked: it gives its votes by locking")
            n = int(_LOCK_FOR_VOTES.search(d.text).group(1))
            ctx.update(iid, locked=True)
        elif ctx.is_minion(c) and c.controller == seat:
            if c.region != "ready":
                raise Illegal("vote", f"{d.display} is not ready; only ready minions vote (in torpor they abstain)")
            if c.contested:
                raise Illegal("vote", f"{d.display} is contested")
            if c.title_contested:
                raise Illegal("vote", f"{poss(d.display)} title is contested: a vampire contesting a title counts as "
                                      "untitled and has no votes from it")
            n = TITLE_VOTES.get(ctx.title(c) or "", 0)
            from vtes_desktop.engine import effects_actioncard

            n += effects_actioncard.referendum_votes(ctx, f, iid)   # the calling card's "each Brujah gets 1 extra vote"
            why = effects_actioncard.vote_refusal(ctx, f, iid)   # "non-Sabbat vampires cannot cast votes or ballots"
            why = why or effects_actioncard.vote_side_refusal(ctx, f, iid, cmd.side)   # Warding the Beast
            why = why or _master_vote_refusal(ctx, iid)   # Infamous Warlock
            why = why or _attached_vote_refusal(ctx, iid)   # a card on the vampire (Fantasy World)
            if why:
                raise Illegal("vote", why)
            n += effects_crypt.votes_bonus(ctx, f, iid)   # the vampire's own votes ("gets +2 votes")
            n += _gear_votes_bonus(ctx, iid)   # Kduva's Mask
            for a in st.attached.get(iid, ()):   # "This Ventrue gets +1 intercept and +1 vote"
                mm = _GETS_VOTES.search(ctx.cdef(a).text)
                if mm and not _LOCK_FOR_VOTES.search(ctx.cdef(a).text):
                    n += int(mm.group(1))
            n += _attached_votes_bonus(ctx, iid)   # cards on the vampire (Emergency Powers, Condemnation: Mute)
            n = max(0, n + _master_votes(ctx, f, iid))   # New Carthage, Ventrue Directorate Assembly
            if ctx.title(c) == "priscus":
                n = 0   # a ballot in the prisci sub-referendum (see tally)
                label = f"{d.display} (priscus ballot)"
            elif n == 0:
                raise Illegal("vote", f"{d.display} has no title and no votes")
        else:
            raise Illegal("vote", f"{d.display} gives {ctx.seat_name(seat)} no votes")
    if key in f.used_sources:
        raise Illegal("vote", f"the votes from {label} have been cast; once cast they cannot change")
    entry = (seat, label, n)
    f = ctx.st.top
    if cmd.side == "for":
        f = f._replace(votes_for=f.votes_for + (entry,))
    else:
        f = f._replace(votes_against=f.votes_against + (entry,))
    flow.set_top(ctx, f._replace(used_sources=f.used_sources | {key}, pa_vote_used=pa_used, votes_started=True))
    if n == 0:
        ctx.emit("vote", f"{ctx.seat_name(seat)} casts a prisci ballot {cmd.side} with {label}.")
    else:
        ctx.emit("vote", f"{ctx.seat_name(seat)} casts {n} vote{'s' if n != 1 else ''} {cmd.side} with {label}.")
    if st.marks:
        from vtes_desktop.engine import effects_action

        effects_action.voted(ctx, key[0])   # Disarming Presence: a vampire that votes locks


def _effects_master():
    from vtes_desktop.engine import effects_master

    return effects_master


def close(ctx: Ctx, f: ReferendumFrame) -> None:
    if f.step == "referendum_terms":
        from vtes_desktop.engine import effects_actioncard

        if effects_actioncard.needs_terms(ctx, f):
            raise Illegal("terms", f"{ctx.name(f.card)}: the acting Methuselah must choose the terms before polling")
        flow.set_top(ctx, f._replace(step="polling", imp=f.imp._replace(at=0, passes=0)))
        return
    if f.step == _effects_master().HUNT_TALLIED:   # Gangrel Conspiracy: the window after a blood hunt passed
        _effects_master().close_blood_hunt(ctx, f)
        return
    flow.pop(ctx)
    yes, no = tally(f)
    from vtes_desktop.engine import effects_action

    yes, no = effects_action.tally_adjust(ctx, f, yes, no)   # Absolute Tyranny, Unexpected Coalition
    no += _master_tally_extra(ctx, f)   # Urban Jungle: +2 votes against blood hunts
    passed = yes > no
    from vtes_desktop.engine.effects_master import referendum_fails

    passed = passed and not referendum_fails(f)   # Vox Domini
    passed = passed and not effects_action.referendum_fails(ctx, f)   # Confusion of the Eye [OBF]
    ctx.st.last_referendum = (passed, yes, no)
    from vtes_desktop.engine.effects_actioncard import remember_votes

    remember_votes(ctx, f)   # Tribunal Judgment: the votes each vampire cast
    ctx.emit("referendum_result", f"The referendum {'passes' if passed else 'fails'}, {yes} for and {no} against.")
    effects_action.referendum_tallied(ctx, f, passed, yes, no)   # Treachery, Bribes, Madrigal... (cards in polling)
    if passed:
        effects_crypt.referendum_passed(ctx, f)   # Lutz von Hohenzollern: his prey burns 1 pool
        _master_referendum_passed(ctx, f)   # Guru
        from vtes_desktop.engine.effects_attached import referendum_passed as attached_passed

        attached_passed(ctx)   # Condemnation: Mute [DAI] (auto_attached)
    if f.card is not None and ctx.st.cards[f.card].region == "aside":
        ctx.move(f.card, "ash_heap")
    if f.terms == "blood hunt":
        if passed and f.actor in ctx.st.cards and ctx.st.cards[f.actor].region in ("ready", "torpor"):
            if _effects_master().blood_hunt_passed(ctx, f):   # a card that cancels it may still be played
                return
            ctx.burn(f.actor, "blood hunt")
        return
    from vtes_desktop.engine import effects_actioncard

    if effects_actioncard.close_burn_referendum(ctx, f, passed):   # a referendum to burn a card (Fee Stakes)
        return
    if not passed and f.card is not None:
        from vtes_desktop.engine import effects_actioncard

        effects_actioncard.resolve_failed(ctx, f)   # "If this referendum fails, ..."
    if passed and f.card is not None:
        from vtes_desktop.engine import effects_actioncard

        left = effects_actioncard.resolve_referendum(ctx, f)   # None: no effect the engine knows
        if left == []:
            return
        top = ctx.st.top
        imp = top.imp if top is not None and hasattr(top, "imp") else Impulse((f.seat,))
        flow.push(ctx, ManualFrame(imp=imp._replace(at=0, passes=0), what=f"the effect of {ctx.name(f.card)}",
                                   card=f.card))
        ctx.emit("manual", f"Carry out {poss(ctx.name(f.card))} effect by hand, then say done"
                           + (f": {' '.join(left)}" if left else "."))
