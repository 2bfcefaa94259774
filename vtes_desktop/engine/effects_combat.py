"""Combat-family effects the engine carries out from the card rules' readings (`grammar/auto_combat.py`).

Each function here acts on a reading, never on card text: what `auto_combat.automated` marks is exactly
what these functions (and their hooks in `rules_combat.py`/`rules_action.py`) do.
"""

from __future__ import annotations

from vtes_desktop.cards.grammar import auto_combat
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.state import Mod


def mode_readings(ctx: Ctx, rules, mode) -> list[tuple]:
    return auto_combat.mode_readings(mode.effects, rules.types)


def card_readings(ctx: Ctx, iid: int) -> list[tuple]:
    """Readings of a card in play, at the level it was played (its superior mode, else its basic one)."""
    rules = ctx.rules(iid)
    level = ctx.st.cards[iid].level
    modes = [m for m in rules.modes if level and m.level == level] or \
        [m for m in rules.modes if m.level is None or m.level.islower()][:1]
    out = []
    for m in modes:
        out += auto_combat.mode_readings(m.effects, rules.types)
    return out


def bearer_bonus(ctx: Ctx, minion: int, stat: str) -> int:
    """+N bleed/strength a minion gets from its equipment and retainers ("The bearer gets +1 bleed")."""
    n = 0
    for iid in ctx.st.attached.get(minion, ()):
        if not {"Equipment", "Retainer"} & set(ctx.cdef(iid).types):
            continue
        for r in card_readings(ctx, iid):
            if r[0] == "bearer_stat" and r[1] == stat:
                n += r[2]
    return n


def blood_lost(f, minion: int) -> int:
    """Blood *minion* lost to damage this round (the combat frame's record)."""
    return sum(x.amount for x in f.mods if x.kind == "blood_lost" and x.minion == minion)


def record_blood_lost(f, minion: int, n: int):
    return f._replace(mods=f.mods + (Mod("blood_lost", n, minion, None),))


def env_amount(readings: list[tuple]) -> tuple[int, bool] | None:
    """(damage, aggravated) of an "each round, environmental damage" effect, after any "As above, but"."""
    base = None
    for r in readings:
        if r[0] == "env_each_round":
            base = (r[1], r[2])
        elif r[0] == "env_amount" and base is not None:
            base = (r[1], base[1])
    return base
