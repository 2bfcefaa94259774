"""A vampire's own special abilities, as the card rules read them (`cards/grammar/crypt.py`).

Each function acts on a reading, never on the card text: what `crypt.stat_readings` reads (and `crypt._mark`
marks automated) is exactly what these functions count, at the moment the stat is asked for:

- `stealth_bonus(ctx, f)`: the acting minion's own stealth ("+1 stealth.", "+1 stealth when hunting", "-1
  stealth when bleeding", "+1 stealth during actions requiring Necromancy", ...), asked by
  `rules_action.stealth`;
- `bleed_bonus(ctx, f)`: its own bleed on a bleed ("+1 bleed when bleeding a Methuselah who controls a ready
  Ventrue"), asked by `rules_action.bleed_amount`;
- `hunt_bonus(ctx, f)`: "+1 hunt", when a hunt succeeds;
- `intercept_bonus(ctx, f, minion)`: a would-be blocker's own intercept ("+1 intercept during bleed
  actions", "-1 intercept against older vampires"), asked by `rules_action.intercept`;
- `strength_bonus(ctx, m, f)`: a combatant's own strength ("+1 strength in combat with Ventrue", "-1 strength
  on the first round of combat"), asked by `rules_combat.strength`;
- `votes_bonus(ctx, f, minion)`: votes a vampire has of its own ("gets +2 votes", "one additional vote during
  each political action"), asked by `rules_politics` where a vampire's votes are counted.

Readings the engine's older text readers already count ("+1 bleed.", "+1 strength.", "+1 intercept.") are
left to them (`crypt.engine_reads`), so nothing counts twice.
"""

from __future__ import annotations

from vtes_desktop.cards.grammar.crypt import engine_reads, own_grant, stat_readings
from vtes_desktop.engine.context import Ctx


_CACHE: dict[int, tuple] = {}


def _readings_of(rules) -> tuple:
    got = _CACHE.get(rules.card_id)
    if got is not None:
        return got
    out = []
    for e in rules.abilities:
        if e.condition == "merged" or not e.automated:
            continue
        for r in stat_readings(e):
            if not engine_reads(e, r):
                out.append(r)
    _CACHE[rules.card_id] = got = tuple(out)
    return got


def readings(ctx: Ctx, minion: int, stat: str) -> list[tuple]:
    d = ctx.cdef(minion)
    if not d.is_crypt:
        return []
    return [r for r in _readings_of(ctx.rules(minion)) if r[0] == stat]


# -- classes of minions ----------------------------------------------------------------------------------------

def _is(ctx: Ctx, iid: int, cls: tuple[str, ...], me: int | None) -> bool:
    c = ctx.st.cards[iid]
    d = ctx.cdef(iid)
    for tag in cls:
        if tag == "vampire":
            if "Vampire" not in d.types:
                return False
        elif tag == "ally":
            if "Ally" not in d.types:
                return False
        elif tag == "minion":
            if not ctx.is_minion(c):
                return False
        elif tag in ("older", "younger"):
            if me is None or "Vampire" not in d.types:
                return False
            mine, theirs = ctx.capacity(ctx.st.cards[me]), ctx.capacity(c)
            if (theirs > mine) != (tag == "older") or theirs == mine:
                return False
        elif tag.startswith("clan:"):
            if tag[5:] not in {x.lower() for x in d.clans}:
                return False
        elif tag.startswith("sect:"):
            if (ctx.sect(c) or "").lower() != tag[5:] or "Vampire" not in d.types:
                return False
        elif tag.startswith("not sect:"):
            if (ctx.sect(c) or "").lower() == tag[9:] or "Vampire" not in d.types:
                return False
        elif tag.startswith("title:"):
            t = ctx.title(c)
            want = tag[6:].split("|")
            if not t or ("titled" not in want and t not in want):
                return False
        elif tag == "untitled":
            if ctx.title(c):
                return False
        elif tag.startswith("capacity<="):
            if "Vampire" not in d.types or ctx.capacity(c) > int(tag[10:]):
                return False
        elif tag.startswith("capacity>="):
            if "Vampire" not in d.types or ctx.capacity(c) < int(tag[10:]):
                return False
        else:
            return False
    return True


def _any(ctx: Ctx, iid: int, alts, me: int | None) -> bool:
    return any(_is(ctx, iid, cls, me) for cls in alts)


def _controls_ready(ctx: Ctx, seat: int | None, alts, me: int, *, skip: int | None = None) -> bool:
    if seat is None:
        return False
    for iid in ctx.st.region(seat, "ready"):
        c = ctx.st.cards[iid]
        if iid == skip or c.contested or not ctx.is_minion(c):
            continue
        if _any(ctx, iid, alts, me):
            return True
    return False


# -- the action --------------------------------------------------------------------------------------------------

def _action_kind(f) -> str:
    if f.kind == "card" and f.effect in ("bleed", "hunt"):
        return f.effect
    return f.kind


def _card_disc(ctx: Ctx, f, tri: str) -> bool:
    if f.card is None:
        return False
    r = ctx.rules(f.card)
    lvl = f.card_level
    discs = set(r.disciplines)
    for m in r.modes:
        if m.level == lvl or lvl is None:
            discs |= {x.lower() for x in m.disciplines}
    return tri in discs


def _holds(ctx: Ctx, conds: tuple, *, me: int, f=None, opponent: int | None = None, cf=None) -> bool:
    seat = ctx.st.cards[me].controller
    for c in conds:
        k = c[0]
        if k == "act":
            if f is None or _action_kind(f) not in c[1]:
                return False
        elif k == "not_act":
            if f is None or _action_kind(f) in c[1]:
                return False
        elif k == "directed":
            if f is None or bool(f.directed) != c[1]:
                return False
        elif k == "card_disc":
            if f is None or not _card_disc(ctx, f, c[1]):
                return False
        elif k == "target_controls":
            if f is None or f.target_seat is None:
                return False
            if _controls_ready(ctx, f.target_seat, c[1], me) != c[2]:
                return False
        elif k == "prey_controls":
            if not _controls_ready(ctx, ctx.st.prey(seat), c[1], me):
                return False
        elif k == "other_mine":
            if not _controls_ready(ctx, seat, c[1], me, skip=me):
                return False
        elif k == "pool_le":
            if ctx.st.seats[seat].pool > c[1]:
                return False
        elif k == "opponent":
            if opponent is None or not _any(ctx, opponent, c[1], me):
                return False
        elif k == "round":
            if cf is None or (cf.round == 1) != (c[1] == "first"):
                return False
        else:
            return False
    return True


def _sum(ctx: Ctx, minion: int, stat: str, **kw) -> int:
    if minion not in ctx.st.cards:
        return 0
    n = 0
    for _, amount, conds in readings(ctx, minion, stat):
        if _holds(ctx, conds, me=minion, **kw):
            n += amount
    return n


def stealth_bonus(ctx: Ctx, f) -> int:
    """The acting minion's own stealth on this action."""
    return _sum(ctx, f.actor, "stealth", f=f)


def bleed_bonus(ctx: Ctx, f) -> int:
    """The acting minion's own bleed beyond the printed "+N bleed.", on a bleed."""
    if _action_kind(f) != "bleed":
        return 0
    return _sum(ctx, f.actor, "bleed", f=f)


def hunt_bonus(ctx: Ctx, f) -> int:
    if _action_kind(f) != "hunt":
        return 0
    return _sum(ctx, f.actor, "hunt", f=f)


def intercept_bonus(ctx: Ctx, f, minion: int | None) -> int:
    """A would-be blocker's own intercept against this action."""
    if minion is None:
        return 0
    return _sum(ctx, minion, "intercept", f=f, opponent=f.actor)


def strength_bonus(ctx: Ctx, m: int, cf) -> int:
    """A combatant's own strength in this combat and round."""
    other = cf.b if m == cf.a else cf.a
    return _sum(ctx, m, "strength", opponent=other, cf=cf)


def votes_bonus(ctx: Ctx, rf, minion: int) -> int:
    """Votes a ready vampire has of its own in this referendum (the referendum frame *rf*)."""
    f = None
    for fr in reversed(ctx.st.frames):
        if hasattr(fr, "actor") and hasattr(fr, "kind"):
            f = fr
            break
    return _sum(ctx, minion, "votes", f=f)


def once_each_combat(ctx: Ctx, minion: int, what: str) -> bool:
    """The vampire's own "1 optional maneuver (press) each combat" ("... maneuver and 1 optional press each
    combat" included): used by naming the vampire, once each combat."""
    d = ctx.cdef(minion)
    if not d.is_crypt:
        return False
    return any(e.automated and e.condition != "merged" and own_grant(e) == what for e in ctx.rules(minion).abilities)
