"""Effects of the combat family that the engine resolves, beyond the core ones in `effects.automated`.

`automated(e, types)` answers True only for an effect the engine carries out by itself; each True here is
backed by engine code (`vtes_desktop/engine/effects_combat.py`, `rules_combat.py`) and a scenario that
proves it (scenarios 300-379).

`reading(e, types)` is the one structured reading of such an effect: a tuple whose first item names what the
engine does, the rest its parameters. The engine acts on readings, never on the card text, so what is marked
automated here and what the engine does cannot drift apart.
"""

from __future__ import annotations

import re

from vtes_desktop.cards.grammar.model import Effect

_ENV = re.compile(r"^(\d+)(r?) (aggravated )?environmental damage each round$")
_BEARER = ("the bearer", "the employer", "this minion", "the minion with this equipment", "this vampire")
_OPPOSING_STRIKE = ("from the opposing minion's strike", "from the opponent's strike")
_OPPOSING_ROUND = ("from the opposing minion's strikes this round",
                   "from the opponent's strikes for the remainder of this round")


def reading(e: Effect, types: tuple[str, ...]) -> tuple | None:
    """What the engine does for *e* (played or in play as a card of *types*), or None if it does not."""
    t = set(types)
    k = e.kind
    low = e.text.lower()
    if "Combat" in t:
        r = _combat_card(e, k, low)
        if r is not None:
            return r
    if t & {"Equipment", "Retainer"}:
        r = _in_play(e, k, low, t)
        if r is not None:
            return r
    return None


def _combat_card(e: Effect, k: str, low: str) -> tuple | None:
    if e.get("frame"):
        if k == "take" and (e.subject or "") == "the opposing minion" and e.condition == "this combat":
            m = _ENV.match(e.target or "")
            if m:       # Carrion Crows: damage each round at normal strike resolution, all this combat
                return ("env_each_round", int(m.group(1)), bool(m.group(3)))
        if k == "state" and e.condition == "if another round of combat occurs" \
                and "that round is at close range" in low:
            return ("close_next_round",)
        if k == "gain" and (e.subject or "") == "this vampire" and \
                re.search(r"gains blood equal to the amount of blood lost by the opposing vampire to damage this round",
                          low):
            return ("gain_blood_lost_by_opponent",)
        if k == "unlock" and e.target == "this vampire" and e.condition == "before combat ends":
            return ("unlock_striker",)
        return None
    if k == "change" and e.get("environmental") and isinstance(e.get("damage"), int) and len(e.params) <= 3:
        return ("env_amount", e.get("damage"))
    if k == "maneuver" and e.get("to") in ("close", "long") and e.condition is None and e.duration is None \
            and e.subject is None and not e.get("cost"):
        return ("maneuver_to", e.get("to"))
    if k == "prevent" and e.subject is None and e.condition is None and not e.get("cost"):
        return _prevention(e)
    return None


def _prevention(e: Effect) -> tuple | None:
    """("prevent", amount or None for all, scope, kind): scope "any", "strike" (the opposing minion's
    strike being resolved) or "round" (all of the opposing minion's strikes this round); kind "any" or
    "normal"."""
    kind = {None: "any", "non-aggravated": "normal"}.get(e.get("damage_kind"), None)
    if kind is None or e.get("up_to"):
        return None
    scope = e.get("scope")
    scope = "any" if scope is None else "strike" if scope in _OPPOSING_STRIKE else \
        "round" if scope in _OPPOSING_ROUND else None
    if scope is None:
        return None
    if e.get("all") or e.amount == -2:
        if scope == "any":
            return None
        return ("prevent", None, scope, kind)
    if e.amount is None or e.amount <= 0:
        return None
    return ("prevent", e.amount, scope, kind)


def _in_play(e: Effect, k: str, low: str, t: set) -> tuple | None:
    # a stat the bearer or employer gets while the card is on it ("The bearer gets +1 bleed.")
    if k in ("bleed", "strength") and e.get("self") and (e.subject or "") in _BEARER and e.amount and e.amount > 0 \
            and e.condition is None and e.duration is None and not e.optional and not e.get("cost") \
            and not e.get("limited"):
        return ("bearer_stat", k, e.amount)
    return None


def automated(e: Effect, types: tuple[str, ...]) -> bool:
    return reading(e, types) is not None


def mode_readings(effects, types: tuple[str, ...]) -> list[tuple]:
    """The readings of a mode's effects, in order (effects the engine does not resolve are left out)."""
    out = []
    for e in effects:
        r = reading(e, types)
        if r is not None:
            out.append(r)
    return out
