"""Goldfishing: a deck played alone against opponents who do nothing.

The player sits first, with a goldfish prey and a goldfish predator (30 pool
each; they never act and never block; their turns pass by themselves). A
simple built-in policy can play the player's side too, through the real
engine, so that hundreds of seeded games give the distribution of the turn the
prey is ousted.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from vtes_desktop.cards.rules import compile_rules
from vtes_desktop.engine import commands as C
from vtes_desktop.engine import flow
from vtes_desktop.engine.errors import Refused
from vtes_desktop.engine.game import Game
from vtes_desktop.engine.setup import SeatSetup, Setup
from vtes_desktop.engine.state import ActionFrame

PLAYER = 0
PREY = 1
GOLDFISH = ("Goldfish prey", "Goldfish predator")
MAX_TURNS = 30
POOL_RESERVE = 2


def goldfish_setup(crypt: list[int], library: list[int], player: str = "Player") -> Setup:
    """The player's standard start, then the two goldfish seats."""
    return Setup(seats=(SeatSetup(name=player, crypt=tuple(crypt), library=tuple(library), standard_start=True),
                        *(SeatSetup(name=n) for n in GOLDFISH)), free_undo=True)


def is_goldfish(seat: int) -> bool:
    return seat != PLAYER


def goldfish_step(game: Game) -> C.Command | None:
    """The goldfish seats' side: they pass, decline every block and end their own phases."""
    st = game.state
    seat = flow.holder(st)
    if not is_goldfish(seat):
        return None
    f = st.top
    if f is None:
        return C.EndPhase(seat=seat)
    if isinstance(f, ActionFrame) and f.stage == "blocks" and seat in f.blockers and seat not in f.declined:
        return C.DeclineBlock(seat=seat)
    return C.Pass(seat=seat)


def player_turn_number(game_turn: int) -> int:
    """The player's own turn count (the player sits first at a table of three)."""
    return (game_turn + 2) // 3


class Policy:
    """Influence vampires out, bleed with every minion, play bleed modifiers when legal, hunt when needed."""

    def __init__(self, game: Game):
        self.game = game
        self.db = game.db
        self._bleed_mods: dict[int, bool] = {}
        self._bleed_actions: dict[int, bool] = {}

    def _is_bleed_modifier(self, cid: int) -> bool:
        if cid not in self._bleed_mods:
            r = compile_rules(self.db[cid])
            self._bleed_mods[cid] = "Action Modifier" in r.types and any(m.bleed > 0 for m in r.modes)
        return self._bleed_mods[cid]

    def _is_bleed_action(self, cid: int) -> bool:
        if cid not in self._bleed_actions:
            r = compile_rules(self.db[cid])
            self._bleed_actions[cid] = "Action" in r.types and any("(D) Bleed" in m.text for m in r.modes)
        return self._bleed_actions[cid]

    def _levels(self, cid: int) -> list[str | None]:
        r = compile_rules(self.db[cid])
        return ["superior", "basic"] if r.has_levels() else [None]

    def _first_ok(self, cmds) -> C.Command | None:
        for c in cmds:
            if self.game.can(c) is None:
                return c
        return None

    def next(self) -> C.Command:
        g = self.game
        st = g.state
        hand = st.region(PLAYER, "hand")
        f = st.top
        if f is not None:
            if isinstance(f, ActionFrame) and f.stage == "declined" and f.seat == PLAYER:
                for iid in hand:
                    if self._is_bleed_modifier(st.cards[iid].cid):
                        cmd = self._first_ok(C.Play(seat=PLAYER, card=iid, minion=f.actor, level=lv)
                                             for lv in self._levels(st.cards[iid].cid))
                        if cmd is not None:
                            return cmd
            return C.Resolve(seat=PLAYER) if flow.holder(st) == PLAYER else C.Pass(seat=PLAYER)
        if st.phase == "unlock":
            if st.edge == PLAYER and not st.edge_used:
                return C.Use(seat=PLAYER, card="edge")
        elif st.phase == "minion":
            cmd = self._minion_action()
            if cmd is not None:
                return cmd
        elif st.phase == "influence":
            cmd = self._influence()
            if cmd is not None:
                return cmd
        elif st.phase == "discard" and st.dpa > 0:
            for iid in hand:
                cid = st.cards[iid].cid
                if not (self._is_bleed_modifier(cid) or self._is_bleed_action(cid)):
                    return C.Discard(seat=PLAYER, card=iid)
        return C.EndPhase(seat=PLAYER)

    def _minion_action(self) -> C.Command | None:
        g = self.game
        st = g.state
        hand = st.region(PLAYER, "hand")
        for m in st.region(PLAYER, "ready"):
            c = st.cards[m]
            if c.locked or c.contested:
                continue
            vampire = "Vampire" in g.db[c.cid].types
            if vampire and c.counters == 0:
                cmd = C.Action(seat=PLAYER, minion=m, kind="hunt")
                if g.can(cmd) is None:
                    return cmd
                continue
            if (m, "bleed") not in st.acted:
                for iid in hand:
                    if self._is_bleed_action(st.cards[iid].cid):
                        cmd = self._first_ok(C.Action(seat=PLAYER, minion=m, kind="card", card=iid, level=lv,
                                                      target=st.seats[PREY].name)
                                             for lv in self._levels(st.cards[iid].cid))
                        if cmd is not None:
                            return cmd
                cmd = C.Action(seat=PLAYER, minion=m, kind="bleed")
                if g.can(cmd) is None:
                    return cmd
            if vampire and c.counters < (g.db[c.cid].capacity or 0):
                cmd = C.Action(seat=PLAYER, minion=m, kind="hunt")
                if g.can(cmd) is None:
                    return cmd
        return None

    def _influence(self) -> C.Command | None:
        g = self.game
        st = g.state
        unc = st.region(PLAYER, "uncontrolled")
        for v in unc:
            c = st.cards[v]
            if c.counters >= (g.db[c.cid].capacity or 0):
                cmd = C.Influence(seat=PLAYER, vampire=v)
                if g.can(cmd) is None:
                    return cmd
        spare = st.seats[PLAYER].pool - POOL_RESERVE
        if unc and st.transfers > 0 and spare > 0:
            v = min(unc, key=lambda i: (g.db[st.cards[i].cid].capacity or 0) - st.cards[i].counters)
            need = (g.db[st.cards[v].cid].capacity or 1) - st.cards[v].counters
            return C.Transfer(seat=PLAYER, to=v, amount=max(1, min(st.transfers, need, spare)))
        if st.transfers >= 4 and st.region(PLAYER, "crypt") and spare > 1 and len(unc) < 2:
            return C.MoveCrypt(seat=PLAYER)
        return None


@dataclass
class GameResult:
    oust_turn: int | None
    turns: int
    pool_spent: int
    stuck: list[int] = field(default_factory=list)   # card ids held 3 turns or more at the end


def play_game(db, crypt: list[int], library: list[int], seed: int, max_turns: int = MAX_TURNS) -> GameResult:
    game = Game(db, goldfish_setup(crypt, library), seed=seed, secret=f"goldfish:{seed}")
    policy = Policy(game)
    held_since: dict[int, int] = {iid: 1 for iid in game.state.region(PLAYER, "hand")}
    pool_spent = 0
    guard = 0
    while True:
        st = game.state
        pturn = player_turn_number(st.turn)
        if st.seats[PREY].ousted or pturn > max_turns:
            break
        cmd = goldfish_step(game) or policy.next()
        before = st.seats[PLAYER].pool
        try:
            game.apply(cmd)
        except Refused:
            # the policy asked for something the rules refuse: fall back to passing or ending the phase
            fallback = C.Pass(seat=flow.holder(st)) if st.frames else C.EndPhase(seat=st.active)
            game.apply(fallback)
        after = game.state.seats[PLAYER].pool
        if after < before and not game.state.seats[PLAYER].ousted:
            pool_spent += before - after
        for iid in game.state.region(PLAYER, "hand"):
            held_since.setdefault(iid, pturn)
        guard += 1
        if guard > 20000:
            break
    st = game.state
    final_turn = player_turn_number(st.turn)
    ousted = st.seats[PREY].ousted
    stuck = [st.cards[i].cid for i in st.region(PLAYER, "hand") if final_turn - held_since.get(i, final_turn) >= 3]
    return GameResult(oust_turn=final_turn if ousted else None, turns=min(final_turn, max_turns),
                      pool_spent=pool_spent, stuck=stuck)


def _percentile(values: list[int], p: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    k = (len(s) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return round(s[lo] + (s[hi] - s[lo]) * (k - lo), 2)


def simulate(db, crypt: list[int], library: list[int], games: int, seed: int,
             progress: Callable[[int, int], bool] | None = None) -> dict:
    """Play *games* seeded goldfish games; the same seed gives the same figures.

    *progress(done, total)* may return False to cancel; the figures then cover the games played.
    """
    results: list[GameResult] = []
    for i in range(games):
        results.append(play_game(db, crypt, library, seed=seed * 100_003 + i))
        if progress is not None and progress(i + 1, games) is False:
            break
    turns = [r.oust_turn for r in results if r.oust_turn is not None]
    stuck = Counter()
    for r in results:
        for cid in set(r.stuck):
            stuck[cid] += 1
    n = len(results) or 1
    return {
        "games": len(results),
        "seed": seed,
        "ousted": len(turns),
        "oust_turn": {"mean": round(statistics.mean(turns), 2) if turns else None,
                      "median": statistics.median(turns) if turns else None,
                      "p10": _percentile(turns, 0.10) if turns else None,
                      "p90": _percentile(turns, 0.90) if turns else None},
        "pool_spent_mean": round(statistics.mean(r.pool_spent for r in results), 2) if results else 0,
        "stuck_cards": [[db[cid].display, round(k / n, 3)] for cid, k in stuck.most_common(10)],
        "histogram": dict(sorted(Counter(turns).items())),
    }
