"""What the table lights now, read from the engine's legal answer: no Qt, no rules.

- Cards in hand that can be played now are lit, with the minions (and
  targets) that can use them; the others are dimmed with the engine's refusal
  (its rule and its sentence).
- Minions (and other cards in play) named by a legal command glow, with the
  commands in words: the minions that can act in the minion phase, block now,
  strike, maneuver, press; uncontrolled vampires that can take a transfer or
  come into play.
- While something is dragged, the places where a drop would be accepted light
  up (`drop_targets`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vtes_desktop.engine import commands as C
from vtes_desktop.ui.table.describe import describe
from vtes_desktop.ui.table.scene_constants import KIND_CARD, KIND_COUNTER, KIND_PILE, KIND_POOL

#: commands that make the cards they name glow (the passes name no card)
GLOW_TYPES = frozenset({"action", "block", "strike", "maneuver", "press", "influence", "transfer",
                        "transfer_back", "prevent", "use", "diablerize", "merge", "yield", "vote"})
CARD_FIELDS = ("minion", "vampire", "to", "from_", "using", "strike", "card", "victim", "with_")


@dataclass
class HandLight:
    vid: str
    playable: bool
    uses: tuple = ()                 # CardUse, from the legal answer
    partners: frozenset = frozenset()   # view ids of the minions / targets that can use it
    reason: str = ""                 # the engine's refusal, for a dimmed card
    rule: str = ""
    tip: str = ""                    # the tooltip: how it can be used, or why not


@dataclass
class Lights:
    hand: dict[str, HandLight] = field(default_factory=dict)
    glow: dict[str, list[str]] = field(default_factory=dict)     # view id -> what it can do now, in words
    glow_cmds: dict[str, list] = field(default_factory=dict)     # view id -> the commands

    def partners_of(self, vid: str) -> frozenset:
        h = self.hand.get(vid)
        return h.partners if h is not None else frozenset()


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def compute(session, *, namer=None) -> Lights:
    """The lights for the seat on show, from `session.legal` and `session.view`."""
    from vtes_desktop.ui.table.gestures import _namer

    out = Lights()
    view, legal = session.view, session.legal
    if view is None or legal is None or legal.seat != view.seat:
        return out
    name = namer or _namer(session)

    def say(cmd) -> str:
        return describe(cmd, name, session.seat_name)

    for c in view.hand:
        ans = session.answer_for(c.id)
        if ans is None:
            continue
        if ans.playable:
            partners = set()
            for u in ans.uses:
                for f in ("minion", "target"):
                    v = session.view_id(getattr(u.command, f, None))
                    if v is not None:
                        partners.add(v)
            lines = [say(u.command) for u in ans.uses]
            shown = lines[:6] + ([f"\u2026 and {len(lines) - 6} more"] if len(lines) > 6 else [])
            tip = "Can be played now:\n" + "\n".join("\u2022 " + x for x in shown) + \
                "\nDrag it onto a lit minion, or right-click it."
            out.hand[c.id] = HandLight(c.id, True, ans.uses, frozenset(partners), tip=tip)
        else:
            r = ans.refusal
            reason = _cap(r.message) if r else "It cannot be played now."
            out.hand[c.id] = HandLight(c.id, False, (), frozenset(), reason=reason, rule=r.rule if r else "",
                                       tip=f"Not now: {reason}\n(Right-click: why?)")
    for cmd in legal.commands:
        if cmd.type not in GLOW_TYPES:
            continue
        if cmd.type == "use" and getattr(cmd, "card", None) == "edge":
            continue
        for f in CARD_FIELDS:
            v = session.view_id(getattr(cmd, f, None))
            if v is not None:
                out.glow.setdefault(v, []).append(say(cmd))
                out.glow_cmds.setdefault(v, []).append(cmd)
                break
    # minions that can take an action with a card from hand (minion phase)
    for h in out.hand.values():
        for u in h.uses:
            if u.command.type == "action":
                v = session.view_id(u.command.minion)
                if v is not None:
                    out.glow.setdefault(v, []).append(say(u.command))
                    out.glow_cmds.setdefault(v, []).append(u.command)
    return out


@dataclass(frozen=True)
class DropTargets:
    cards: frozenset = frozenset()      # view ids of cards a drop on which would be accepted
    zones: frozenset = frozenset()      # (seat, region)
    pools: frozenset = frozenset()      # seats


def drop_targets(session, lights: Lights, source) -> DropTargets:
    """Where dropping *source* (a gestures.Source) would be taken by the engine now."""
    view, legal = session.view, session.legal
    if view is None or legal is None:
        return DropTargets()
    me = view.seat
    cards, zones, pools = set(), set(), set()
    if source.kind == KIND_CARD and source.region == "hand":
        h = lights.hand.get(source.id)
        if h is not None and h.playable:
            cards |= set(h.partners)
            if any(u.minion is None and getattr(u.command, "target", None) is None for u in h.uses):
                zones.add((me, "in_play"))
                zones.add((me, "ready"))
            if any(u.command.type == "discard" for u in h.uses):
                zones.add((me, "ash_heap"))
    elif source.kind == KIND_CARD and source.region == "uncontrolled":
        for cmd in legal.commands:
            if cmd.type == "influence" and session.same_card(cmd.vampire, source.id):
                zones.add((me, "ready"))
    elif source.kind == KIND_POOL and source.seat == me:
        for cmd in legal.commands:
            if cmd.type == "transfer":
                v = session.view_id(cmd.to)
                if v is not None:
                    cards.add(v)
    elif source.kind == KIND_COUNTER and source.region == "uncontrolled":
        for cmd in legal.commands:
            if cmd.type == "transfer_back" and session.same_card(cmd.from_, source.id):
                pools.add(me)
    elif source.kind == KIND_PILE and source.id == "crypt" and source.seat == me:
        if any(c.type == "move_crypt" for c in legal.commands):
            zones.add((me, "uncontrolled"))
    return DropTargets(frozenset(cards), frozenset(zones), frozenset(pools))


def is_pass_like(cmd: C.Command) -> bool:
    return cmd.type in ("pass", "decline_block", "resolve", "finish")
