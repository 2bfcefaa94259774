"""What the table asks now, in words: "Alexis: block Belinde's bleed?"

Built from the view's summaries (action, combat, tally, manual) and the legal
answer of the seat on show. It says whose impulse it is and what they are
asked; it decides nothing (no Qt, no rules: the engine's answer is read).
"""

from __future__ import annotations

from dataclasses import dataclass

from vtes_desktop.engine.legal import LegalAnswer
from vtes_desktop.engine.views import SeatView

KIND_WORDS = {"bleed": "bleed", "hunt": "hunt", "equip": "equip action", "employ": "employ action",
              "recruit": "recruit action", "political": "political action", "leave_torpor": "leaving torpor",
              "rescue": "rescue", "diablerie": "diablerie", "become_anarch": "becoming anarch", "card": "action"}
PHASE_ASK = {
    "unlock": "use the Edge or unlock effects, then end the phase",
    "master": "play a master card, or end the phase",
    "minion": "act with a ready minion, or end the phase",
    "influence": "transfer pool, bring a vampire into play, or end the phase",
    "discard": "discard a card to draw, or end the phase",
}
COMBAT_ASK = {
    "before_range": "effects before range, or pass",
    "range": "maneuver, or pass",
    "before_strikes": "effects before strikes, or pass",
    "strike": "choose a strike",
    "additional_strikes": "additional strikes, or pass",
    "press": "press, or pass",
    "end_of_round": "end-of-round effects, or pass",
    "damage": "prevent damage, or pass",
}


@dataclass(frozen=True, slots=True)
class Prompt:
    who: str            # the Methuselah whose input is needed
    seat: int
    text: str           # the question, with the name in front
    context: str        # what is under way ("Belinde bleeds Alexis, stealth 1")
    yours: bool         # the seat on show is the one asked


def _possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def build(view: SeatView, legal: LegalAnswer | None = None) -> Prompt:
    seat = view.impulse
    who = view.seats[seat].name if 0 <= seat < len(view.seats) else "?"
    yours = seat == view.seat
    context = ""
    ask = ""
    can_block = legal is not None and legal.seat == seat and any(c.type == "block" for c in legal.commands)
    a = view.action
    if a is not None:
        kind = KIND_WORDS.get(a.kind, a.kind.replace("_", " "))
        tgt = f" at {a.target}" if a.target else ""
        context = f"{a.actor}: {kind}{tgt} — stealth {a.stealth}"
        if a.blocker:
            context += f", {a.blocker} blocks with intercept {a.intercept}"
        if a.kind == "bleed":
            context += f", bleed {a.bleed}"
        if a.outcome:
            context += f" ({a.outcome})"
        actor = _possessive(a.actor)
        if a.stage in ("announced", "blocks") and (can_block or (
                a.stage == "blocks" and seat in a.blockers and seat not in a.declined)):
            ask = f"block {actor} {kind}?"
        elif a.stage == "announced":
            ask = f"respond to {actor} {kind} as it is announced, or pass"
        elif a.stage == "blocks":
            if seat in a.blockers and seat not in a.declined:
                ask = f"block {actor} {kind}?"
            else:
                ask = f"modify {actor} {kind}, or pass"
        elif a.stage == "attempt":
            ask = f"{a.blocker or 'a minion'} tries to block: reactions and modifiers, or pass"
        elif a.stage == "declined":
            ask = f"{actor} {kind} is not blocked: last effects, or pass"
        else:
            ask = f"{actor} {kind} has resolved: effects after it, or pass"
    if view.tally is not None:
        t = view.tally
        context = f"Referendum: {t.total_for} for, {t.total_against} against"
        ask = "choose the terms" if t.step == "referendum_terms" else "cast votes, or pass"
    if view.combat is not None:
        c = view.combat
        context = f"Combat: {c.a} against {c.b}, round {c.round}, {c.range} range"
        step = "damage" if view.damage else c.step
        ask = COMBAT_ASK.get(step, "act, or pass")
    if view.damage:
        hits = "; ".join(f"{n}: {d} damage" + (f", {agg} aggravated" if agg else "") for n, d, agg in view.damage)
        context = (context + " — " if context else "") + hits
        if view.combat is None:
            ask = COMBAT_ASK["damage"]
    if view.manual:
        ask = f"carry out {view.manual} by hand, then say Done"
    if not ask:
        ask = PHASE_ASK.get(view.phase, "act")
        active = view.seats[view.active].name
        context = f"{_possessive(active)} turn {view.turn}, {view.phase} phase"
        if view.phase == "influence":
            context += f", {view.transfers} transfer{'s' if view.transfers != 1 else ''} left"
    if yours and legal is not None and legal.seat == view.seat:
        n = sum(1 for c in legal.cards.values() if c.playable)
        if n:
            ask += f" ({n} card{'s' if n != 1 else ''} in hand can be played)"
    return Prompt(who=who, seat=seat, text=f"{who}: {ask}", context=context, yours=yours)
