"""Commands in plain English, for menus, buttons and tooltips ("Bleed with Anson").

No Qt and no rules here: a command is turned into words, with card references
named through *name* (a callable that turns a card reference, an instance id
or a view id, into a card name) and seats through *seat_name*.
"""

from __future__ import annotations

from collections.abc import Callable

from vtes_desktop.engine import commands as C

Namer = Callable[[object], str]

ACTION_WORDS = {
    "bleed": "Bleed", "hunt": "Hunt", "equip": "Equip", "employ": "Employ a retainer",
    "recruit": "Recruit an ally", "political": "Call a referendum", "leave_torpor": "Leave torpor",
    "rescue": "Rescue", "diablerie": "Diablerize", "become_anarch": "Become anarch", "card": "Action",
}
REGION_WORDS = {
    "ready": "ready region", "torpor": "torpor", "incapacitated": "incapacitated", "in_play": "play",
    "ash_heap": "ash heap", "removed": "removed from the game", "hand": "hand", "library": "library (top)",
    "crypt": "crypt (top)", "uncontrolled": "uncontrolled region",
}


def level_word(level: str | None) -> str:
    if not level:
        return ""
    return " (superior)" if level == "superior" else " (basic)" if level == "basic" else f" ({level})"


def describe(cmd: C.Command, name: Namer, seat_name: Callable[[int | None], str] | None = None) -> str:
    """*cmd* as a short imperative phrase, as a player would say it."""
    sn = seat_name or (lambda s: f"seat {s}")
    t = cmd.type
    if t == "end_phase":
        return "End the phase"
    if t == "pass":
        return "Pass"
    if t == "resolve":
        return "Resolve (everyone passes until this window closes)"
    if t == "finish":
        return "Finish the action (everyone passes until it is over)"
    if t == "decline_block":
        return "Decline to block"
    if t == "yield":
        return f"Yield {name(cmd.card)}"
    if t == "transfer":
        return f"Transfer {cmd.amount} pool to {name(cmd.to)}"
    if t == "transfer_back":
        return f"Take {cmd.amount} blood back from {name(cmd.from_)}"
    if t == "move_crypt":
        return "Move the top crypt card to the uncontrolled region (4 transfers, 1 pool)"
    if t == "influence":
        return f"Influence {name(cmd.vampire)} into play"
    if t == "merge":
        return f"Merge {name(cmd.vampire)}"
    if t == "action":
        if cmd.kind == "card" or cmd.card is not None:
            what = name(cmd.card) if cmd.card is not None else ACTION_WORDS.get(cmd.kind, cmd.kind)
            verb = {"equip": "Equip", "employ": "Employ", "recruit": "Recruit", "political": "Call"}.get(cmd.kind, "Play")
            s = f"{verb} {what}{level_word(cmd.level)} with {name(cmd.minion)}"
        else:
            s = f"{ACTION_WORDS.get(cmd.kind, cmd.kind.title())} with {name(cmd.minion)}"
        if cmd.target is not None:
            s += f", at {cmd.target if isinstance(cmd.target, str) and not _looks_like_ref(cmd.target) else name(cmd.target)}"
        if cmd.kind == "rescue" and cmd.cost is not None:
            s += f" ({name(cmd.minion)} pays {cmd.cost} blood of the cost, {name(cmd.target)} the rest)"
        return s
    if t == "block":
        return f"Block with {name(cmd.minion)}"
    if t == "diablerize":
        return f"Diablerize {name(cmd.victim)} with {name(cmd.minion)}"
    if t == "play":
        s = f"Play {name(cmd.card)}{level_word(cmd.level)}"
        if cmd.minion is not None:
            s += f" with {name(cmd.minion)}"
        if cmd.target is not None:
            s += f" on {name(cmd.target)}"
        return s
    if t == "use":
        if cmd.card == "edge":
            return "Use the Edge (gain 1 pool)"
        return f"Use {name(cmd.card)}" + (f" with {name(cmd.minion)}" if cmd.minion is not None else "")
    if t == "discard":
        return f"Discard {name(cmd.card)} and draw"
    if t == "maneuver":
        return f"Maneuver with {name(cmd.minion)}" + (f" using {name(cmd.using)}{level_word(cmd.level)}" if cmd.using else "")
    if t == "strike":
        if cmd.strike == "hand":
            return f"Hand strike with {name(cmd.minion)}"
        return f"Strike with {name(cmd.minion)} using {name(cmd.strike)}{level_word(cmd.level)}"
    if t == "press":
        return f"Press to {cmd.to} with {name(cmd.minion)}" + (f" using {name(cmd.using)}" if cmd.using else "")
    if t == "prevent":
        return f"Prevent {cmd.amount} with {name(cmd.minion)}" + (f" using {name(cmd.using)}" if cmd.using else "")
    if t == "terms":
        return f"Choose the terms: {cmd.choice}"
    if t == "vote":
        src = "the Edge" if cmd.with_ == "edge" else name(cmd.with_)
        return f"Vote {cmd.side} with {src}"
    if t == "move":
        if isinstance(cmd.to, str) and cmd.to in REGION_WORDS:
            whose = f" of {sn(cmd.player)}" if cmd.player is not None else ""
            return f"Move {name(cmd.card)} to the {REGION_WORDS[cmd.to]}{whose}"
        return f"Put {name(cmd.card)} on {name(cmd.to)}"
    if t == "counters":
        what = "pool" if cmd.on == "pool" else name(cmd.on)
        whose = f" ({sn(cmd.player)})" if cmd.on == "pool" and cmd.player is not None else ""
        return (f"Add {cmd.delta} to {what}{whose}" if cmd.delta > 0 else f"Remove {-cmd.delta} from {what}{whose}")
    if t == "lock":
        return f"Lock {name(cmd.card)}"
    if t == "unlock":
        return f"Unlock {name(cmd.card)}"
    if t == "damage":
        parts = [f"{cmd.normal} damage"] if cmd.normal else []
        if cmd.aggravated:
            parts.append(f"{cmd.aggravated} aggravated")
        return f"Inflict {' and '.join(parts)} on {name(cmd.target)}"
    if t == "draw":
        n = cmd.count
        src = "crypt" if cmd.from_ == "crypt" else "library"
        return f"Draw {n} from the {src}" + (f" ({sn(cmd.player)})" if cmd.player is not None else "")
    if t == "shuffle":
        return f"Shuffle the {cmd.region}"
    if t == "edge":
        return "Nobody holds the Edge" if cmd.to is None else f"Give the Edge to {sn(cmd.to)}"
    if t == "reveal":
        return f"Reveal {name(cmd.card)}"
    if t == "done":
        return "Done (the effect was carried out by hand)"
    if t == "undo":
        return "Undo my last step"
    return repr(cmd)


def _looks_like_ref(s: str) -> bool:
    return len(s) == 16 and all(ch in "0123456789abcdef" for ch in s)
