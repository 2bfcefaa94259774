"""Previews asked of the engine: fork the game, try the step, read what changed.

No Qt and no rules. Every preview applies commands to a throw-away fork
(`GameSession.trial()`, over `Game.fork()`) and compares the seat's view
before and after: "Colette burns 2 blood", "Nassir goes to torpor", "Ryan is
burned", "Marcus loses 1 pool". A session that cannot fork (a network
client) gives no preview, and the panels say nothing rather than guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from vtes_desktop.engine import commands as C

REGION_PHRASES = {
    "torpor": "goes to torpor",
    "ash_heap": "is burned",
    "incapacitated": "is incapacitated",
    "removed": "is removed from the game",
    "ready": "is ready",
    "hand": "returns to its owner's hand",
    "uncontrolled": "goes to the uncontrolled region",
    "library": "is put in the library",
    "crypt": "is put in the crypt",
    "in_play": "is put in play",
}


@dataclass
class Preview:
    changes: list[str] = field(default_factory=list)   # sentences from the difference of the views
    lines: list[str] = field(default_factory=list)     # the fork's log lines, as the seat would read them
    view: object = None                                 # the fork's view at the end
    refused: str | None = None                          # the engine's refusal of the step tried

    @property
    def text(self) -> str:
        return "; ".join(self.changes)


def _cards(view) -> dict[str, tuple]:
    """view id -> (card view, seat index, region), public cards of every seat, attached ones included."""
    out = {}

    def walk(c, seat, region):
        out[c.id] = (c, seat, region)
        for a in c.attached:
            walk(a, seat, "attached")
    for s in view.seats:
        for region, cards in s.regions.items():
            if region == "uncontrolled" and s.index != view.seat:
                continue
            for c in cards:
                walk(c, s.index, region)
    return out


def _counter_words(c, before: int, after: int, db) -> str | None:
    d = after - before
    if not d:
        return None
    cdef = db.get(c.cid) if (db is not None and c.cid is not None) else None
    life = cdef is not None and ("Ally" in cdef.types or "Retainer" in cdef.types or "Imbued" in cdef.types)
    unit = "life" if life else "blood"
    if d < 0:
        if life:
            return f"{c.name} loses {-d} life"
        return f"{c.name} burns {-d} blood"
    return f"{c.name} gains {d} {unit}"


def diff(before, after, db=None) -> list[str]:
    """What changed between two views of the same seat, in sentences."""
    out: list[str] = []
    for sb, sa in zip(before.seats, after.seats):
        if sa.pool != sb.pool:
            d = sa.pool - sb.pool
            out.append(f"{sa.name} {'loses' if d < 0 else 'gains'} {abs(d)} pool")
        if sa.vp != sb.vp:
            out.append(f"{sa.name} gains {sa.vp - sb.vp:g} victory point{'s' if sa.vp - sb.vp != 1 else ''}")
        if sa.ousted and not sb.ousted:
            out.append(f"{sa.name} is ousted")
    if after.edge != before.edge:
        if after.edge is None:
            out.append(f"{before.seats[before.edge].name} loses the Edge")
        else:
            out.append(f"{after.seats[after.edge].name} takes the Edge")
    cb, ca = _cards(before), _cards(after)
    for vid, (c, seat, region) in cb.items():
        if c.name is None:
            continue
        now = ca.get(vid)
        if now is None:
            # hidden again (shuffled, drawn) or moved where the view no longer follows it
            out.append(f"{c.name} leaves play")
            continue
        c2, seat2, region2 = now
        if region2 != region:
            out.append(f"{c.name} {REGION_PHRASES.get(region2, 'moves to ' + region2.replace('_', ' '))}")
        w = _counter_words(c, c.counters, c2.counters, db)
        if w and region2 not in ("ash_heap", "removed"):
            out.append(w)
        if c2.locked != c.locked and region2 == region:
            out.append(f"{c.name} {'locks' if c2.locked else 'unlocks'}")
        if seat2 != seat and region2 == region:
            out.append(f"{c.name} changes hands")
    return out


def trial_of(session):
    t = session.trial() if session is not None else None
    return t


def try_steps(session, cmds, *, until=None, max_steps: int = 12) -> Preview | None:
    """Apply *cmds* to a fork (each a command, or a callable view -> command|None for a step decided on the
    fork's own view), stop early when *until(view)* holds; the preview, or None without a fork."""
    t = trial_of(session)
    if t is None:
        return None
    before = t.view
    p = Preview()
    steps = list(cmds)
    n = 0
    while steps and n < max_steps:
        v = t.view
        if until is not None and until(v):
            break
        s = steps.pop(0)
        cmd = s(v) if callable(s) else s
        if cmd is None:
            break
        r = t.apply(cmd)
        n += 1
        if r is not None:
            p.refused = r.message
            break
    p.view = t.view
    p.lines = list(t.lines)
    p.changes = diff(before, p.view, getattr(session, "db", None))
    return p


def damage_outcome(session) -> Preview | None:
    """What the damage being resolved does if nobody prevents any more: everyone passes the damage window."""
    v = session.view
    if v is None or not v.damage:
        return None
    return try_steps(session, [C.Resolve(seat=v.seat)])


def window_outcome(session) -> Preview | None:
    """What happens if everyone passes the window open now (a block attempt judged, a range set)."""
    v = session.view
    if v is None:
        return None
    return try_steps(session, [C.Resolve(seat=v.seat)])


def action_outcome(session) -> Preview | None:
    """If everyone passes from now on: the action's outcome (blocked, successful and its effect), stopping
    when a combat or a referendum opens (those are for their own panels)."""
    v = session.view
    if v is None or v.action is None or v.action.outcome is not None:
        return None

    def settled(view) -> bool:
        return view.action is None or view.action.outcome is not None or view.combat is not None \
            or view.tally is not None or bool(view.manual)
    steps = [C.Resolve(seat=v.seat)] * 6
    p = try_steps(session, steps, until=settled)
    return p


def step_outcome(session, cmd: C.Command) -> Preview | None:
    """What one step does (the fork's log lines and the changes)."""
    return try_steps(session, [cmd])


@dataclass(frozen=True, slots=True)
class ActionFigures:
    """An action as the engine announces it: read from the fork's view right after the announcement."""
    stealth: int
    target: str | None
    directed: bool
    bleed: int
    kind: str
    cost: str            # "no cost", "2 pool", "1 blood" (paid on announcing, as the fork showed)

    def words(self) -> str:
        parts = [f"stealth {self.stealth}"]
        if self.kind == "bleed":
            parts.append(f"bleed {self.bleed}")
        parts.append("directed" if self.directed else "undirected")
        if self.cost:
            parts.append(self.cost)
        return ", ".join(parts)


_COSTING = re.compile(r"costing ([^.(]+)")


def action_figures(session, cmd: C.Action) -> ActionFigures | None:
    """Announce *cmd* on a fork and read the action's stealth, target and cost from the engine: the view's
    action, and the cost the announcement states ("..., costing 2 pool"), or what the announcement paid."""
    t = trial_of(session)
    if t is None:
        return None
    before = t.view
    if t.apply(cmd) is not None:
        return None
    after = t.view
    a = after.action
    if a is None:
        return None
    cost = ""
    for line in t.lines:
        m = _COSTING.search(line)
        if m:
            cost = "costs " + m.group(1).strip()
    if not cost:
        paid = [s for s in diff(before, after, getattr(session, "db", None)) if " burns " in s or " loses " in s]
        cost = "; ".join(paid) if paid else "no cost"
    return ActionFigures(stealth=a.stealth, target=a.target, directed=a.directed, bleed=a.bleed, kind=a.kind,
                         cost=cost)


def action_words(session, cmd: C.Action, say) -> str:
    """An action command in words with its figures: "Bleed with Colette — at Marcus, stealth 0, bleed 1,
    directed, no cost"."""
    base = say(cmd)
    fig = action_figures(session, cmd)
    if fig is None:
        return base
    target = f"at {fig.target}, " if fig.target and f"at {fig.target}" not in base else ""
    return f"{base} — {target}{fig.words()}"


def card_cost(cdef) -> str:
    """A card's printed cost in words (data, not a rule): "2 pool", "1 blood", ""."""
    if cdef is None:
        return ""
    parts = []
    for amount, unit in ((cdef.pool_cost, "pool"), (cdef.blood_cost, "blood"), (cdef.conviction_cost, "conviction")):
        if amount:
            parts.append(f"{amount} {unit}")
    return " and ".join(parts)
