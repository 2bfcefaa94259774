"""Gestures become commands: what a drop, a click or a menu entry asks the engine.

No Qt here. A drop names its source (a card, a counter on a card, a pool, the
blood bank, the Edge, the top of a pile) and its target (a card, a region, a
pool, the bank). `drop()` answers with the commands to submit, or the choices
to offer when several fit (a card with a basic and a superior use), or the
reason it cannot be done, taken from the engine's own answer.

Where the rules have a command for the gesture (a card from hand onto a
minion, pool onto an uncontrolled vampire, an uncontrolled vampire into the
ready region, the top crypt card in the influence phase, a discard), that
command is used and the engine judges it. Where they have none (burning a
card, moving a counter by hand), the gesture is a manual move, logged as
such. Holding Shift while dropping asks for the manual move in every case,
as at a real table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vtes_desktop.engine import commands as C
from vtes_desktop.ui.table.describe import describe
from vtes_desktop.ui.table.scene_constants import (KIND_BANK, KIND_CARD, KIND_COUNTER, KIND_EDGE, KIND_PILE,
                                                   KIND_POOL)

IN_PLAY = ("ready", "torpor", "incapacitated", "in_play", "attached")
TABLE_ZONES = ("ready", "in_play", "torpor", "incapacitated", "uncontrolled", "ash_heap", "removed", "hand",
               "library", "crypt")
MANUAL_HINT = "Hold Shift while dropping to do it by hand."


@dataclass(frozen=True, slots=True)
class Source:
    kind: str                   # KIND_CARD, KIND_COUNTER, KIND_POOL, KIND_BANK, KIND_EDGE, KIND_PILE
    id: str | None = None       # view id of the card; for a pile: "library" or "crypt"
    seat: int | None = None     # the seat whose region, pool or pile it is
    region: str | None = None   # the card's region

    def to_json(self) -> dict:
        return {"kind": self.kind, "id": self.id, "seat": self.seat, "region": self.region}

    @classmethod
    def from_json(cls, d: dict) -> "Source":
        return cls(kind=str(d.get("kind")), id=d.get("id"), seat=d.get("seat"), region=d.get("region"))


@dataclass(frozen=True, slots=True)
class Target:
    kind: str                   # "card", "zone", "pool", "bank", "seat"
    id: str | None = None       # view id of a card
    seat: int | None = None
    region: str | None = None   # the zone, or the card's region


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    commands: tuple[C.Command, ...]


@dataclass
class Outcome:
    choices: list[Choice] = field(default_factory=list)
    refusal: str | None = None          # why not (the engine's words where it has some)
    rule: str | None = None
    ignore: bool = False                # a drop that means nothing (back where it came from)

    @property
    def accepted(self) -> bool:
        return bool(self.choices)


def _one(label: str, *cmds: C.Command) -> Outcome:
    return Outcome(choices=[Choice(label, tuple(cmds))])


def _refuse(message: str, rule: str | None = None, *, hint: bool = True) -> Outcome:
    msg = message[:1].upper() + message[1:]
    if hint and MANUAL_HINT not in msg:
        msg += " " + MANUAL_HINT
    return Outcome(refusal=msg, rule=rule)


def _judged(session, cmd: C.Command, label: str | None = None) -> Outcome:
    """A rule command: offered if the engine would accept it, else its refusal."""
    r = session.can(cmd)
    if r is not None:
        return _refuse(r.message, r.rule)
    return _one(label or describe(cmd, _namer(session), session.seat_name), cmd)


def _namer(session):
    names = {}
    v = session.view
    if v is not None:
        for s in v.seats:
            for cards in s.regions.values():
                for c in cards:
                    _index(c, names)
        for c in v.hand:
            names[c.id] = c.name or "a card"

    def name(ref) -> str:
        if isinstance(ref, str) and ref in names:
            return names[ref] or "a hidden card"
        vid = session.view_id(ref)
        if vid is not None and vid in names:
            return names[vid] or "a hidden card"
        if isinstance(ref, str):
            return ref
        return "a card"
    return name


def _index(card, names: dict) -> None:
    names[card.id] = card.name
    for a in card.attached:
        _index(a, names)


def card_name(session, vid: str) -> str:
    return _namer(session)(vid)


def uses_with(session, answer, *, minion: str | None = None, target: str | None = None) -> list[Choice]:
    """The legal uses of a hand card (its CardAnswer) by *minion* / at *target*, as choices."""
    name = _namer(session)
    out = []
    for u in answer.uses:
        cmd = u.command
        if minion is not None and not session.same_card(getattr(cmd, "minion", None), minion):
            if not (target is not None and session.same_card(getattr(cmd, "target", None), target)):
                continue
        out.append(Choice(describe(cmd, name, session.seat_name), (cmd,)))
    return out


def drop(session, src: Source, dst: Target, *, manual: bool = False) -> Outcome:
    """What dropping *src* on *dst* asks of the engine, for the seat on show."""
    me = session.seat
    if src.kind == KIND_CARD:
        return _drop_card(session, src, dst, manual, me)
    if src.kind in (KIND_COUNTER, KIND_POOL, KIND_BANK):
        return _drop_counter(session, src, dst, manual, me)
    if src.kind == KIND_EDGE:
        if dst.seat is None:
            return Outcome(ignore=True)
        return _one(f"Give the Edge to {session.seat_name(dst.seat)}", C.EdgeMove(seat=me, to=dst.seat))
    if src.kind == KIND_PILE:
        return _drop_pile(session, src, dst, manual, me)
    return Outcome(ignore=True)


def _drop_card(session, src: Source, dst: Target, manual: bool, me: int) -> Outcome:
    name = _namer(session)
    card = src.id
    if dst.kind == "card":
        if dst.id == card:
            return Outcome(ignore=True)
        if src.region == "hand" and not manual:
            ans = session.answer_for(card)
            if ans is None:
                return _refuse(f"{name(card)} is not in your hand")
            choices = uses_with(session, ans, minion=dst.id, target=dst.id)
            if choices:
                return Outcome(choices=choices)
            specific = getattr(session, "answer_with", None)
            refusal = None
            if specific is not None:
                a2 = specific(card, dst.id)
                if a2 is not None and a2.refusal is not None:
                    refusal = a2.refusal
            refusal = refusal or ans.refusal
            if refusal is not None:
                return _refuse(refusal.message, refusal.rule)
            return _refuse(f"{name(card)} cannot be used with {name(dst.id)} now")
        return _one(f"Put {name(card)} on {name(dst.id)}", C.Move(seat=me, card=card, to=dst.id))
    if dst.kind != "zone" or dst.region is None:
        return Outcome(ignore=True)
    region, owner = dst.region, dst.seat
    if src.region == region and src.seat == owner:
        return Outcome(ignore=True)
    player = owner if owner is not None and owner != src.seat else None
    by_hand = _one(describe(C.Move(seat=me, card=card, to=region, player=player), name, session.seat_name),
                   C.Move(seat=me, card=card, to=region, player=player))
    if manual:
        return by_hand
    if src.region == "hand":
        if owner != me:
            return _refuse("play cards on your own side of the table")
        if region == "ash_heap":
            return _judged(session, C.Discard(seat=me, card=card))
        if region in ("ready", "in_play", "torpor"):
            ans = session.answer_for(card)
            if ans is None:
                return _refuse(f"{name(card)} is not in your hand")
            if ans.uses:
                return Outcome(choices=uses_with(session, ans))
            r = ans.refusal
            return _refuse(r.message if r else f"{name(card)} cannot be played now", r.rule if r else None)
        return by_hand
    if src.region == "uncontrolled" and region == "ready" and owner == src.seat == me:
        return _judged(session, C.Influence(seat=me, vampire=card))
    return by_hand


def _drop_pile(session, src: Source, dst: Target, manual: bool, me: int) -> Outcome:
    pile, owner = src.id, src.seat
    if dst.kind != "zone" or dst.seat != owner:
        return Outcome(ignore=True)
    if pile == "library" and dst.region == "hand":
        return _one("Draw a card", C.Draw(seat=me, player=owner, count=1))
    if pile == "crypt" and dst.region == "uncontrolled":
        v = session.view
        rule_time = v is not None and v.phase == "influence" and v.active == owner == me and not v.action
        if rule_time and not manual:
            return _judged(session, C.MoveCrypt(seat=me))
        return _one("Draw a crypt card", C.Draw(seat=me, player=owner, count=1, **{"from": "crypt"}))
    return Outcome(ignore=True)


def _drop_counter(session, src: Source, dst: Target, manual: bool, me: int) -> Outcome:
    name = _namer(session)

    def take() -> list[C.Command]:
        if src.kind == KIND_COUNTER:
            return [C.Counters(seat=me, on=src.id, delta=-1)]
        if src.kind == KIND_POOL:
            return [C.Counters(seat=me, on="pool", delta=-1, player=src.seat)]
        return []   # the bank is bottomless

    if dst.kind == "card":
        if src.kind == KIND_COUNTER and dst.id == src.id:
            return Outcome(ignore=True)
        if src.kind == KIND_POOL and dst.region == "uncontrolled" and src.seat == dst.seat == me and not manual:
            return _judged(session, C.Transfer(seat=me, to=dst.id, amount=1))
        cmds = take() + [C.Counters(seat=me, on=dst.id, delta=1)]
        frm = {"counter": f"from {name(src.id)}", "pool": "from pool", "bank": "from the blood bank"}[src.kind]
        return _one(f"Move a counter {frm} to {name(dst.id)}", *cmds)
    if dst.kind in ("pool", "seat") and dst.seat is not None:
        if src.kind == KIND_POOL and src.seat == dst.seat:
            return Outcome(ignore=True)
        if src.kind == KIND_COUNTER and src.region == "uncontrolled" and src.seat == dst.seat == me and not manual:
            return _judged(session, C.TransferBack(seat=me, amount=1, **{"from": src.id}))
        cmds = take() + [C.Counters(seat=me, on="pool", delta=1, player=dst.seat)]
        return _one(f"Add 1 to {session.seat_name(dst.seat)}'s pool", *cmds)
    if dst.kind == "bank":
        if src.kind == KIND_BANK:
            return Outcome(ignore=True)
        return _one("Return a counter to the blood bank", *take())
    return Outcome(ignore=True)
