"""What passing means here, in the words on the button: "No maneuver", "Take the damage", "No block".

No Qt and no rules: the window comes from the view, and who is asking (the
acting Methuselah, a seat that may block, the controller of a damaged minion)
from the view's summaries. The engine decides what a pass does; this only
names it for the player about to click.
"""

from __future__ import annotations

from dataclasses import dataclass

COMBAT_PASS = {
    "before_range": "Nothing before range",
    "range": "No maneuver",
    "before_strikes": "Nothing before strikes",
    "strike": "No strike",
    "additional_strikes": "No additional strike",
    "press": "No press",
    "end_of_round": "Nothing at end of round",
}
COMBAT_TIP = {
    "before_range": "Play nothing before the range is set; the next step is the range.",
    "range": "Make no maneuver: the range stays as it is unless someone else maneuvers.",
    "before_strikes": "Play nothing before strikes; strikes are chosen next.",
    "strike": "Your minion makes no strike this round.",
    "additional_strikes": "Use no additional strike.",
    "press": "No press: unless the other side presses, combat ends after this round.",
    "end_of_round": "Play nothing at the end of the round.",
}


@dataclass(frozen=True, slots=True)
class PassWords:
    label: str          # the button's text
    tip: str            # a sentence: what happens when you click it


def _controls(view, minion_id: str | None, name: str | None) -> bool:
    me = view.seats[view.seat]
    for cards in me.regions.values():
        for c in cards:
            if (minion_id and c.id == minion_id) or (name and c.name == name and not minion_id):
                return True
    return False


def pass_words(view, legal=None) -> PassWords:
    """The pass of the seat on show, in words."""
    w = view.window
    seat = view.seat
    if view.manual:
        return PassWords("Pass", "Pass the impulse; the effect under way is carried out by hand, then Done.")
    if view.damage and w == "damage":
        mine = any(_controls(view, vid, None) for vid in view.damage_ids)
        if mine:
            return PassWords("Take the damage", "Prevent nothing more: your minion takes the damage shown.")
        return PassWords("No prevention", "Play nothing while the damage is resolved.")
    if view.combat is not None and w in COMBAT_PASS:
        return PassWords(COMBAT_PASS[w], COMBAT_TIP[w])
    if view.tally is not None:
        if w == "referendum_terms":
            return PassWords("Nothing before the terms", "Play nothing while the terms are chosen.")
        return PassWords("No more votes", "Cast no more votes and play nothing more in this referendum.")
    a = view.action
    if a is not None:
        can_block = legal is not None and any(c.type in ("block", "decline_block") for c in legal.commands)
        acting = a.seat == seat
        if w == "action_announced":
            if can_block:
                return PassWords("Not yet", "Pass for now: you may still block when blocks are declared.")
            return PassWords("No response", "Play nothing as the action is announced.")
        if w == "blocks":
            if can_block:
                return PassWords("No block", "Make no block attempt on this action.")
            return PassWords("Nothing more", "Play nothing while the others decide on blocks.")
        if w == "block_attempt":
            if acting:
                return PassWords("No more stealth", "Add no stealth: the block is judged on the figures shown.")
            if a.blocker_id and _controls(view, a.blocker_id, None):
                return PassWords("No more intercept",
                                 "Add no intercept: the block is judged on the figures shown.")
            return PassWords("Nothing to play", "Play nothing during this block attempt.")
        if w == "blocks_declined":
            if acting:
                return PassWords("Let it succeed", "Play nothing more: the action succeeds and resolves.")
            return PassWords("Nothing to play", "Play nothing more: the action succeeds and resolves.")
        if w == "action_resolution":
            return PassWords("Nothing after the action", "Play nothing now that the action is over.")
    return PassWords("Pass", "Pass the impulse.")


def decline_words() -> PassWords:
    return PassWords("No block", "Make no further block attempt on this action.")


def resolve_words(view) -> PassWords:
    """Resolve: everyone passes until this window closes."""
    w = view.window.replace("_", " ")
    return PassWords("Everyone passes", f"Everyone passes, in turn, until the {w} window closes.")


def finish_words(view) -> PassWords:
    return PassWords("Finish the action", "Everyone passes, in turn, until the action under way is over.")
