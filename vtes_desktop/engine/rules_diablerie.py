"""What a diablerie gives and costs beyond blood and equipment, and the Imbued's incapacitated region.

- An older victim (higher capacity) lets the diablerist's controller put a master Discipline card from
  their hand, library or ash heap on the diablerist; a Red List victim lets them move a master trophy card
  to it (rulebook, Diablerie steps 4 and 5; the Red List trait). The choices are fields of the command that
  brings the diablerie (`Action(kind="diablerie", discipline=..., trophy=...)` or `Diablerize(...)`).
- The blood hunt referendum is not called when a card forbids it (`blood_hunt_barred`).
- An incapacitated Imbued can be burned as a (D) action by another Methuselah's minion, which takes its
  equipment; each ready Imbued may then burn 1 conviction for 1 unpreventable damage on that minion
  (`../shared/rules/imbued.txt`, "Incapacitated").
"""

from __future__ import annotations

import re

from vtes_desktop.engine import commands as C
from vtes_desktop.engine import flow
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.errors import Illegal
from vtes_desktop.engine.state import ActionFrame

SEARCHED = ("hand", "library", "ash_heap")


# -- blood hunt immunity -------------------------------------------------------------------------------

_BARRED = re.compile(r"(?i)blood hunts? (?:cannot|can't|can not|may not) be called|immune to blood hunts?"
                     r"|no blood hunt (?:can|may) be called")
_SENTENCES = re.compile(r"(?<=[.!])\s+")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCES.split(text.replace("\n", " ")) if s.strip()]


def _condition_holds(ctx: Ctx, seat: int, sentence: str) -> bool | None:
    """The condition of "If ..., blood hunts cannot be called": True/False when the engine can tell, None
    when it cannot."""
    m = re.match(r"(?i)if you control a ready ([a-z ]+?)(?: or ([a-z ]+?))?,", sentence)
    if m:
        titles = {t.strip().lower() for t in m.groups() if t}
        st = ctx.st
        return any(st.cards[i].region == "ready" and not st.cards[i].contested and ctx.is_vampire(st.cards[i])
                   and (ctx.title(st.cards[i]) or "").lower() in titles for i in st.region(seat, "ready"))
    return None


def blood_hunt_barred(ctx: Ctx, diablerist: int, victim: int | None) -> str | None:
    """Why no blood hunt referendum is called on *diablerist* (None: it is called)."""
    st = ctx.st
    dc = st.cards.get(diablerist)
    if dc is None:
        return None
    own = ctx.cdef(diablerist)
    for s in _sentences(own.text):
        if not _BARRED.search(s) or "diablerized" in s.lower():
            continue
        if s.lower().startswith("if "):
            if _condition_holds(ctx, dc.controller, s):
                return f"{own.display}'s text: {s}"
            continue
        return f"{own.display}'s text"
    for a in st.attached.get(diablerist, ()):
        ad = ctx.cdef(a)
        for s in _sentences(ad.text):
            if _BARRED.search(s) and re.search(r"(?i)\b(?:attached|this) vampire\b|\bthe vampire with this card\b",
                                               s) and not s.lower().startswith("if "):
                return f"{ad.display} is on {own.display}"
    if victim is not None and victim in st.cards:
        vd = ctx.cdef(victim)
        for s in _sentences(vd.text):
            if _BARRED.search(s) and "diablerized" in s.lower():
                return f"{vd.display} was the victim ({s})"
    # an action modifier played on the diablerie action ("No blood hunt may be called")
    for fr in reversed(st.frames):
        if isinstance(fr, ActionFrame) and fr.actor == diablerist:
            for _m, cid in fr.played:
                cd = ctx.db[cid]
                if any(_BARRED.search(s) and not s.lower().startswith("if ") for s in _sentences(cd.text)):
                    return f"{cd.display} was played on the action"
            break
    # a Gehenna event: no blood hunt on a vampire older than its counters who diablerizes a younger one
    vcap = ctx.capacity(st.cards[victim]) if victim is not None and victim in st.cards else None
    for s_ in st.live_seats():
        for e in st.region(s_, "in_play"):
            ed = ctx.cdef(e)
            if "Event" in ed.types and re.search(r"(?i)blood hunts cannot be called on vampires with capacity greater "
                                                 r"than the number of counters on this card who diablerize a younger",
                                                 ed.text.replace("\n", " ")):
                cap = ctx.capacity(dc)
                if cap > st.cards[e].counters and vcap is not None and vcap < cap:
                    return f"{ed.display} is in play ({cap} capacity, {st.cards[e].counters} counters)"
    return None


# -- the diablerist's choices -----------------------------------------------------------------------------

def is_red_list(ctx: Ctx, iid: int) -> bool:
    return bool(re.search(r"\bRed List\b", ctx.cdef(iid).text))


def _is_master_discipline(d) -> bool:
    return "Master" in d.types and bool(re.match(r"(?i)\s*(?:master:\s*)?discipline\b", d.text))


def is_trophy(d) -> bool:
    return "Master" in d.types and bool(re.search(r"(?i)^\s*(?:unique )?master\.?\s*trophy\b|\btrophy\.", d.text)
                                        or d.name.lower().startswith("trophy:"))


def check_choices(ctx: Ctx, seat: int, diablerist: int, victim: int, discipline, trophy) -> tuple:
    """The instance ids of the chosen cards, or Illegal with the reason. Checked while the victim is in play."""
    st = ctx.st
    disc = tro = None
    dcard, vcard = st.cards[diablerist], st.cards[victim]
    if discipline is not None:
        disc = flow.ref(ctx, seat, discipline)
        c, d = st.cards[disc], ctx.cdef(disc)
        if not _is_master_discipline(d):
            raise Illegal("discipline", f"{d.display} is not a master Discipline card")
        if c.owner != seat or c.region not in SEARCHED:
            raise Illegal("discipline", f"{d.display} is not in {ctx.seat_name(seat)}'s hand, library or ash heap")
        vcap, dcap = ctx.capacity(vcard), ctx.capacity(dcard)
        if vcap <= dcap:
            raise Illegal("discipline", f"{ctx.name(victim)} (capacity {vcap}) is not older than "
                                        f"{ctx.name(diablerist)} (capacity {dcap}): only an older victim gives the "
                                        "diablerist a Discipline")
        m = re.search(r"(?i)cannot be (?:placed|put) on a vampire with superior [^\[]*\[(\w+)\]", d.text)
        if m and ctx.discipline_level(dcard, m.group(1)) >= 2:
            raise Illegal("discipline", f"{d.display} cannot be placed on {ctx.name(diablerist)}, who has it at "
                                        "superior level")
    if trophy is not None:
        tro = flow.ref(ctx, seat, trophy)
        c, d = st.cards[tro], ctx.cdef(tro)
        if not is_trophy(d):
            raise Illegal("trophy", f"{d.display} is not a master trophy card")
        if not is_red_list(ctx, victim):
            raise Illegal("trophy", f"{ctx.name(victim)} is not Red List: trophies come from burning a Red List "
                                    "minion")
        searched = c.owner == seat and c.region in SEARCHED
        unawarded = c.controller == seat and c.region == "in_play"
        if not (searched or unawarded):
            raise Illegal("trophy", f"{d.display} is neither in {ctx.seat_name(seat)}'s hand, library or ash heap "
                                    "nor an unawarded trophy of theirs in play")
    return disc, tro


def _take(ctx: Ctx, seat: int, iid: int, host: int, what: str) -> None:
    """Put a searched card on *host*: the library is shuffled afterwards, a card from hand is replaced."""
    was = ctx.st.cards[iid].region
    ctx.move(iid, "attached", host=host)
    ctx.emit(what, f"{ctx.name(host)} gains {ctx.name(iid)}" + {"library": " from the library",
                                                                 "ash_heap": " from the ash heap",
                                                                 "hand": " from hand"}.get(was, "") + ".",
             cards=(iid, host))
    if was == "library":
        ctx.shuffle(seat, "library")
        ctx.emit("shuffled", f"{ctx.seat_name(seat)} shuffles their library.")
    elif was == "hand":
        ctx.draw(seat, 1)


def give(ctx: Ctx, seat: int, diablerist: int, disc: int | None, tro: int | None, *, older: bool,
         red_list: bool, victim_name: str) -> None:
    """Steps 4 and 5 of a diablerie, after the victim has burned."""
    if disc is not None:
        _take(ctx, seat, disc, diablerist, "discipline_gained")
    elif older:
        ctx.emit("note", f"{victim_name} was older: {ctx.seat_name(seat)} could have put a master Discipline card "
                         f"on {ctx.name(diablerist)} (name it as the diablerie's `discipline`).")
    if tro is not None:
        _take(ctx, seat, tro, diablerist, "trophy_gained")
    elif red_list:
        ctx.emit("note", f"{victim_name} was Red List: {ctx.seat_name(seat)} could have moved a trophy to "
                         f"{ctx.name(diablerist)} (name it as the diablerie's `trophy`).")


def recheck(ctx: Ctx, seat: int, diablerist: int, victim: int, choices: tuple) -> tuple:
    """Choices made as the action was announced, checked again as it resolves: one that no longer holds is
    dropped (the action itself goes on)."""
    disc, tro = (tuple(choices) + (None, None))[:2]
    out = []
    for i, (ref, kw) in enumerate(((disc, "discipline"), (tro, "trophy"))):
        if ref is None:
            out.append(None)
            continue
        try:
            one = (ref, None) if i == 0 else (None, ref)
            out.append(check_choices(ctx, seat, diablerist, victim, *one)[i])
        except Illegal as e:
            ctx.emit("note", f"The {kw} chosen for the diablerie no longer applies: {e}.")
            out.append(None)
    return tuple(out)


# -- Imbued: the incapacitated region -------------------------------------------------------------------------

def announce_burn_imbued(ctx: Ctx, seat: int, minion: int, target) -> tuple[dict, tuple[int, ...]]:
    """(frame fields, seats the action is directed at) for "burn an incapacitated Imbued", a (D) action."""
    from vtes_desktop.engine.errors import Malformed

    st = ctx.st
    if target is None:
        raise Malformed("target", "name the incapacitated Imbued to burn")
    t = flow.ref(ctx, seat, target, what="minion")
    tc = st.cards[t]
    if "Imbued" not in ctx.cdef(t).types:
        raise Illegal("target", f"{ctx.name(t)} is not an Imbued")
    if tc.region != "incapacitated":
        raise Illegal("target", f"{ctx.name(t)} is not incapacitated; only an incapacitated Imbued can be burned "
                                "this way")
    if tc.controller == seat:
        raise Illegal("target", f"{ctx.name(t)} is {ctx.seat_name(seat)}'s own Imbued: this is a directed action, "
                                "against another Methuselah's Imbued")
    return dict(target_card=t, target_seat=tc.controller, directed=True, base_stealth=0), (tc.controller,)


def burn_imbued(ctx: Ctx, f: ActionFrame) -> None:
    """The action succeeds: the acting minion takes the Imbued's equipment, the Imbued burns."""
    st = ctx.st
    t = f.target_card
    if t is None or st.cards[t].region != "incapacitated":
        ctx.emit("note", f"{ctx.name(t)} is no longer incapacitated: nothing to burn.")
        return
    for a in list(st.attached.get(t, ())):
        if "Equipment" in ctx.cdef(a).types:
            ctx.move(a, "attached", host=f.actor)
            ctx.emit("equipment_taken", f"{ctx.name(f.actor)} takes {ctx.name(a)}.", cards=(a, f.actor))
    ctx.burn(t, "an incapacitated Imbued burned")
    ready = [i for s in st.live_seats() for i in st.region(s, "ready")
             if "Imbued" in ctx.cdef(i).types and _convictions(ctx, i)]
    if ready:
        ctx.emit("note", f"Each ready Imbued may now burn 1 conviction to inflict 1 unpreventable damage on "
                         f"{ctx.name(f.actor)} (use the Imbued, effect conviction_damage).")


def _convictions(ctx: Ctx, iid: int) -> list[int]:
    from vtes_desktop.engine.rules_action import convictions

    return convictions(ctx, iid)


CONVICTION_DAMAGE = "conviction_damage"


def conviction_damage(ctx: Ctx, cmd: C.Use) -> None:
    """After a successful action that burned an incapacitated Imbued: a ready Imbued burns 1 conviction to
    inflict 1 unpreventable damage on the acting minion (once per Imbued)."""
    from vtes_desktop.engine import rules_combat

    st = ctx.st
    m = flow.ref(ctx, cmd.seat, cmd.card, what="minion")
    c = st.cards[m]
    name = ctx.name(m)
    f = next((fr for fr in reversed(st.frames) if isinstance(fr, ActionFrame)), None)
    if f is None or f.kind != "burn_imbued" or f.outcome != "successful" or f.stage != "resolution":
        raise Illegal("timing", "conviction damage answers a successful action that burned an incapacitated "
                                "Imbued, right after it")
    if "Imbued" not in ctx.cdef(m).types or c.controller != cmd.seat:
        raise Illegal("imbued", f"{name} is not an Imbued of {ctx.seat_name(cmd.seat)}")
    if c.region != "ready":
        raise Illegal("ready", f"{name} is not ready; only ready Imbued strike back")
    conv = _convictions(ctx, m)
    if not conv:
        raise Illegal("conviction", f"{name} has no conviction to burn")
    key = (m, ("conviction_damage", f.actor))
    if key in st.acted:
        raise Illegal("repeat", f"{name} has already burned conviction against {ctx.name(f.actor)}")
    actor = st.cards.get(f.actor)
    if actor is None or actor.region not in ("ready", "torpor", "incapacitated"):
        raise Illegal("target", f"{ctx.name(f.actor)} is no longer in play")
    st.acted = st.acted | {key}
    ctx.burn(conv[0], "spent")
    ctx.emit("conviction_damage", f"{name} burns 1 conviction: 1 unpreventable damage to {ctx.name(f.actor)}.",
             cards=(m, f.actor))
    rules_combat.inflict(ctx, f.actor, 1, 0)


# -- Red List: trophies for burning a Red List minion in combat -------------------------------------------------

def red_list_burned_in_combat(ctx: Ctx, f) -> None:
    """When a combat ends with a Red List combatant burned and the other a vampire still in play, that
    vampire's Methuselah may gain a trophy for it (the `trophy` verb, this turn)."""
    st = ctx.st
    for burned, other in ((f.a, f.b), (f.b, f.a)):
        bc, oc = st.cards.get(burned), st.cards.get(other)
        if bc is None or oc is None or bc.region != "ash_heap" or not is_red_list(ctx, burned):
            continue
        if not ctx.is_vampire(oc) or oc.region not in ("ready", "torpor"):
            continue
        st.awards = st.awards + ((oc.controller, other, False),)
        ctx.emit("trophy_due", f"{ctx.name(other)} burned the Red List {ctx.name(burned)}: "
                               f"{ctx.seat_name(oc.controller)} may give it a trophy.", cards=(other, burned))


def trophy(ctx: Ctx, cmd: C.Trophy) -> None:
    st = ctx.st
    m = flow.ref(ctx, cmd.seat, cmd.minion, what="vampire")
    due = [a for a in st.awards if a[0] == cmd.seat and a[1] == m]
    if not due:
        raise Illegal("trophy", f"{ctx.name(m)} has earned no trophy: a trophy comes to the vampire that burns a Red "
                                "List minion, in the same turn")
    if st.cards[m].region not in ("ready", "torpor") or st.cards[m].controller != cmd.seat:
        raise Illegal("trophy", f"{ctx.name(m)} is no longer a vampire of {ctx.seat_name(cmd.seat)} in play")
    iid = flow.ref(ctx, cmd.seat, cmd.card)
    c, d = st.cards[iid], ctx.cdef(iid)
    if not is_trophy(d):
        raise Illegal("trophy", f"{d.display} is not a master trophy card")
    searched = c.owner == cmd.seat and c.region in SEARCHED
    unawarded = c.controller == cmd.seat and c.region == "in_play"
    if not (searched or unawarded):
        raise Illegal("trophy", f"{d.display} is neither in {ctx.seat_name(cmd.seat)}'s hand, library or ash heap "
                                "nor an unawarded trophy of theirs in play")
    if searched:
        if all(a[2] for a in due):
            raise Illegal("trophy", "one trophy card may be searched for; only unawarded trophies in play can "
                                    "be added")
        first = next(a for a in due if not a[2])
        st.awards = tuple(a for a in st.awards if a != first) + ((first[0], first[1], True),)
    _take(ctx, cmd.seat, iid, m, "trophy_gained")
