"""Views, legal answers and log lines in wire form, and view patches.

A view on the wire is the `SeatView` as JSON objects with the dataclass field
names, except that a card leaves out the fields at their defaults (`counters`
0, `locked`, `face_down`, `contested`, `wounded` false, no `attached`). Tuples
become lists. `view_from_wire(view_to_wire(v)) == v`.

A patch turns the last view sent into the next one: an object is merged key by
key (a key's value replaces the old one, or patches it when both are objects),
and a list of the same length may be patched by position, written as an
object whose keys are the positions (`{"2": {...}}`). `null` is a value like any
other (the views have a fixed set of keys; nothing is ever deleted).

A legal answer on the wire names cards by the seat's view ids, never by
instance ids: commands as the command JSON (`dump_command`), card answers keyed
by view id with their uses and refusal.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from vtes_desktop.engine import commands as C
from vtes_desktop.engine.legal import CardAnswer, CardUse, LegalAnswer, Refusal
from vtes_desktop.engine.views import (
    ActionView, CardView, CombatView, SeatInfo, SeatView, StrikeView, TallyView,
)

#: command fields that name a card (values are instance ids in the engine, view ids on the wire)
CARD_FIELDS = ("card", "minion", "target", "to", "on", "vampire", "from_", "with_", "using", "strike", "victim")

#: the view's parts that are frame views (dataclasses); every other field is plain data
NESTED = {"action": ActionView, "combat": CombatView, "tally": TallyView}
#: fields of the frame views that hold view ids of cards (a client may name those cards)
ID_FIELDS = {"action": ("actor_id", "blocker_id", "target_card_id", "card_id"), "combat": ("a_id", "b_id")}
_VIEW_FIELDS = tuple(f.name for f in dataclasses.fields(SeatView))
_VIEW_PLAIN = tuple(k for k in _VIEW_FIELDS if k not in ("seats", "hand") and k not in NESTED)


# -- views -------------------------------------------------------------------------------------

def card_to_wire(c: CardView, ids: set[str] | None = None) -> dict:
    if ids is not None:
        ids.add(c.id)
    d: dict[str, Any] = {"id": c.id, "cid": c.cid, "name": c.name, "region": c.region,
                         "controller": c.controller, "owner": c.owner}
    if c.counters:
        d["counters"] = c.counters
    if c.locked:
        d["locked"] = True
    if c.face_down:
        d["face_down"] = True
    if c.contested:
        d["contested"] = True
    if c.wounded:
        d["wounded"] = True
    if c.attached:
        d["attached"] = [card_to_wire(a, ids) for a in c.attached]
    return d


def card_from_wire(d: dict) -> CardView:
    att = d.get("attached")
    return CardView(id=d["id"], cid=d.get("cid"), name=d.get("name"), region=d["region"],
                    controller=d["controller"], owner=d["owner"], counters=d.get("counters", 0),
                    locked=d.get("locked", False), face_down=d.get("face_down", False),
                    contested=d.get("contested", False), wounded=d.get("wounded", False),
                    attached=tuple(card_from_wire(a) for a in att) if att else ())


def _plain(o: Any) -> Any:
    """Tuples to lists, dataclasses to objects (for the small frame views)."""
    if isinstance(o, (tuple, list)):
        return [_plain(x) for x in o]
    if isinstance(o, dict):
        return {k: _plain(x) for k, x in o.items()}
    if hasattr(o, "__dataclass_fields__"):
        return {k: _plain(getattr(o, k)) for k in o.__dataclass_fields__}
    return o


def _tup(o: Any) -> Any:
    if isinstance(o, list):
        return tuple(_tup(x) for x in o)
    return o


def seat_info_to_wire(s: SeatInfo, ids: set[str] | None = None) -> dict:
    return {"index": s.index, "name": s.name, "pool": s.pool, "vp": s.vp, "ousted": s.ousted,
            "hand_count": s.hand_count, "library_count": s.library_count, "crypt_count": s.crypt_count,
            "prey": s.prey, "predator": s.predator,
            "regions": {r: [card_to_wire(c, ids) for c in cs] for r, cs in s.regions.items()}}


def view_to_wire(v: SeatView, ids: set[str] | None = None) -> dict:
    """The view as plain JSON data. Every card view id met is added to *ids* when given."""
    d: dict[str, Any] = {k: _plain(getattr(v, k)) for k in _VIEW_PLAIN}
    d["seats"] = [seat_info_to_wire(s, ids) for s in v.seats]
    d["hand"] = [card_to_wire(c, ids) for c in v.hand]
    for k in NESTED:
        x = getattr(v, k)
        d[k] = _plain(x) if x is not None else None
        if ids is not None and x is not None:
            ids.update(i for f in ID_FIELDS.get(k, ()) for i in [getattr(x, f, None)] if isinstance(i, str) and i)
    if ids is not None:
        ids.update(i for i in getattr(v, "damage_ids", ()) if isinstance(i, str))
    return d


def _seat_from_wire(s: dict) -> SeatInfo:
    return SeatInfo(index=s["index"], name=s["name"], pool=s["pool"], vp=s["vp"], ousted=s["ousted"],
                    hand_count=s["hand_count"], library_count=s["library_count"], crypt_count=s["crypt_count"],
                    prey=s["prey"], predator=s["predator"],
                    regions={r: tuple(card_from_wire(c) for c in cs) for r, cs in s["regions"].items()})


def view_from_wire(d: dict, prev: SeatView | None = None, changed: dict | None = None) -> SeatView:
    """The `SeatView` of a wire view. With the previous view and the patch that led to *d*, the parts the
    patch did not touch are taken from *prev* as they are."""
    if prev is not None and changed is not None:
        ps = changed.get("seats")
        if ps is None:
            seats = prev.seats
        elif isinstance(ps, dict) and len(prev.seats) == len(d["seats"]):
            seats = tuple(_seat_from_wire(s) if str(i) in ps else prev.seats[i] for i, s in enumerate(d["seats"]))
        else:
            seats = tuple(_seat_from_wire(s) for s in d["seats"])
        hand = prev.hand if "hand" not in changed else tuple(card_from_wire(c) for c in d["hand"])
    else:
        seats = tuple(_seat_from_wire(s) for s in d["seats"])
        hand = tuple(card_from_wire(c) for c in d["hand"])
    a = d.get("action")
    action = ActionView(**{k: _tup(x) for k, x in a.items()}) if a else None
    cb = d.get("combat")
    combat = None
    if cb:
        fields = {k: _tup(x) for k, x in cb.items() if k != "strikes"}
        combat = CombatView(strikes=tuple(StrikeView(**s) for s in cb.get("strikes", ())), **fields)
    t = d.get("tally")
    tally = TallyView(**{k: _tup(x) for k, x in t.items()}) if t else None
    return SeatView(**{k: _tup(d[k]) for k in _VIEW_PLAIN if k in d}, seats=seats, hand=hand, action=action,
                    combat=combat, tally=tally)


# -- patches -----------------------------------------------------------------------------------

#: a patch object's key listing the keys the old object loses (no key of a view starts with "~")
DELETED = "~del"


def diff(old: Any, new: Any) -> Any:
    """A patch that turns *old* into *new* (both wire views or parts of them); *new* when nothing is shared.

    Two objects give an object of the keys whose values changed (each a patch of the old value) or are new,
    and under `DELETED` the keys that are gone (a card drops `locked` when it unlocks)."""
    if type(old) is dict and type(new) is dict:
        out = {}
        for k, nv in new.items():
            if k not in old:
                out[k] = nv
                continue
            ov = old[k]
            if ov != nv:
                out[k] = diff(ov, nv)
        gone = [k for k in old if k not in new]
        if gone:
            out[DELETED] = gone
        return out
    if type(old) is list and type(new) is list and len(old) == len(new) and new and \
            all(type(x) is dict for x in new):
        out = {}
        for i, (ov, nv) in enumerate(zip(old, new)):
            if ov != nv:
                out[str(i)] = diff(ov, nv)
        if len(out) * 2 <= len(new):
            return out
    return new


def patch(old: Any, p: Any) -> Any:
    """Apply a patch made by `diff` (returns a new value; *old* is left as it was)."""
    if type(p) is dict:
        if type(old) is dict:
            out = dict(old)
            for k, v in p.items():
                if k == DELETED:
                    continue
                out[k] = patch(old.get(k), v) if k in old else v
            for k in p.get(DELETED, ()):
                if k not in out:
                    raise ValueError(f"a patch deletes {k!r}, which is not there")
                del out[k]
            return out
        if type(old) is list:
            out = list(old)
            for k, v in p.items():
                i = int(k)
                if not 0 <= i < len(out):
                    raise ValueError(f"a patch names position {i} of a list of {len(out)}")
                out[i] = patch(out[i], v)
            return out
    return p


# -- legal answers -----------------------------------------------------------------------------

def command_to_wire(cmd: C.Command, vid: Callable[[int], str | None]) -> dict | None:
    """The command's JSON with card instance ids replaced by view ids; None if a card has no view id."""
    update = {}
    for f in CARD_FIELDS:
        v = getattr(cmd, f, None)
        if isinstance(v, int) and not isinstance(v, bool):
            w = vid(v)
            if w is None:
                return None
            update[f] = w
    if update:
        cmd = cmd.model_copy(update=update)
    return cmd.model_dump(mode="json", by_alias=True)


def legal_to_wire(ans: LegalAnswer, vid: Callable[[int], str | None],
                  keep: Callable[[C.Command], bool] = lambda c: True,
                  text: Callable[[str], str] = lambda s: s) -> dict:
    """*ans* for the wire: cards by view id (*vid*), commands the host would refuse left out (*keep*),
    refusal messages passed through *text*."""
    cmds, amounts = [], []
    for i, c in enumerate(ans.commands):
        if not keep(c):
            continue
        w = command_to_wire(c, vid)
        if w is None:
            continue
        cmds.append(w)
        r = ans.amounts[i] if i < len(ans.amounts) else None
        amounts.append(list(r) if r is not None else None)
    cards = {}
    for iid, ca in ans.cards.items():
        v = vid(iid)
        if v is None:
            continue
        uses = []
        for u in ca.uses:
            if not keep(u.command):
                continue
            w = command_to_wire(u.command, vid)
            if w is None:
                continue
            uses.append({"command": w, "minion": vid(u.minion) if isinstance(u.minion, int) else u.minion,
                         "level": u.level})
        ref = None
        if ca.refusal is not None:
            ref = {"rule": ca.refusal.rule, "message": text(ca.refusal.message)}
        elif not uses:
            ref = {"rule": "impulse", "message": "it cannot be used now"}
        cards[v] = {"uses": uses, "refusal": ref}
    return {"seat": ans.seat, "holds_impulse": ans.holds_impulse, "window": ans.window, "commands": cmds,
            "amounts": amounts, "cards": cards}


def legal_from_wire(d: dict) -> LegalAnswer:
    """The legal answer a client reads: cards keyed by view id, commands naming cards by view id."""
    cards = {}
    for vid, ca in d.get("cards", {}).items():
        uses = tuple(CardUse(C.parse_command(u["command"]), u.get("minion"), u.get("level")) for u in ca["uses"])
        r = ca.get("refusal")
        cards[vid] = CardAnswer(vid, uses, Refusal(r["rule"], r["message"]) if r else None)
    return LegalAnswer(seat=d["seat"], holds_impulse=d["holds_impulse"], window=d["window"],
                       commands=tuple(C.parse_command(c) for c in d.get("commands", ())), cards=cards,
                       amounts=tuple(tuple(a) if a is not None else None for a in d.get("amounts", ())))
