"""`vtes-desktop bench engine`: medians over a seeded, scripted 5-player game.

Figures: `apply_us` (check and apply one command), `legal_us` (the whole
legal answer for the seat holding the impulse), `replay_ms_per_100`
(rebuild the state from the log). A benchmark prints figures; it is never a test.
"""

from __future__ import annotations

import statistics
import time

from vtes_desktop.engine import commands as C
from vtes_desktop.engine.errors import Refused
from vtes_desktop.engine.game import Game
from vtes_desktop.engine.setup import Setup

CRYPT = ["Sully", "Ryan", "Nassir", "Colette", "Belinde", "Wauneka", "Tamoszius", "Chrysanthemum",
         "Sybren van Oosten", "Alexa Draper", "Ayelech", "The Dowager"]
LIBRARY = (["Bonding"] * 8 + ["Conditioning"] * 6 + ["Enhanced Senses"] * 8 + ["Dodge"] * 6 + ["Blood Doll"] * 6
           + ["Pentex(TM) Subversion"] * 2 + ["Underbridge Stray"] * 4 + [".44 Magnum"] * 4
           + ["Ancilla Empowerment"] * 4 + ["Swallowed by the Night"] * 6 + ["Movement of the Mind"] * 4
           + ["Cloak the Gathering"] * 8)


def demo_setup(db, players: int = 5) -> Setup:
    """Seats with the same library and a crypt each of their own (no contests between seats)."""
    lib = [db[n].id for n in LIBRARY]
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:players]
    first = [db[n].id for n in CRYPT]
    plain = sorted((c for c in db.crypt if c.is_vampire and not c.advanced and c.capacity and 3 <= c.capacity <= 8
                    and c.id not in first and len(c.text) < 40), key=lambda c: c.id)
    seen: set[str] = {db[i].name for i in first}
    others = []
    for c in plain:
        if c.name not in seen:
            seen.add(c.name)
            others.append(c.id)
    crypts = [first] + [others[i * 12:(i + 1) * 12] for i in range(players - 1)]
    return Setup.from_decks([(n, crypts[i], lib) for i, n in enumerate(names)])


def next_command(game: Game) -> C.Command:
    """A simple scripted player: bleed with everyone, hunt when empty, bring vampires in, discard one."""
    st = game.state
    from vtes_desktop.engine import flow
    from vtes_desktop.engine.state import ActionFrame

    from vtes_desktop.engine.state import CombatFrame

    if st.frames:
        seat = flow.holder(st)
        f = st.top
        if isinstance(f, ActionFrame) and f.stage == "blocks" and seat in f.blockers and seat not in f.declined:
            if st.turn % 3 != 0:   # block two turns in three, so the game has combats
                for m in st.region(seat, "ready"):
                    if not st.cards[m].locked:
                        cmd = C.Block(seat=seat, minion=m)
                        if game.can(cmd) is None:
                            return cmd
            return C.DeclineBlock(seat=seat)
        if isinstance(f, CombatFrame) and f.step == "strike":
            for m in (f.a, f.b):
                if st.cards[m].controller == seat and m in f.striking and m not in f.struck:
                    return C.Strike(seat=seat, minion=m, strike="hand")
        return C.Pass(seat=seat)
    seat = st.active
    if st.phase == "minion":
        for m in st.region(seat, "ready"):
            c = st.cards[m]
            if c.locked:
                continue
            kind = "hunt" if c.counters == 0 else "bleed"
            if (m, "bleed") in st.acted and kind == "bleed":
                kind = "hunt"
            cmd = C.Action(seat=seat, minion=m, kind=kind)
            if game.can(cmd) is None:
                return cmd
    if st.phase == "influence":
        unc = st.region(seat, "uncontrolled")
        for v in unc:
            c = st.cards[v]
            cap = game.db[c.cid].capacity or 0
            if c.counters >= cap:
                return C.Influence(seat=seat, vampire=v)
        if unc and st.transfers > 0 and st.seats[seat].pool > 4:
            c = st.cards[unc[0]]
            need = (game.db[c.cid].capacity or 1) - c.counters
            return C.Transfer(seat=seat, to=unc[0], amount=max(1, min(st.transfers, need, st.seats[seat].pool - 4)))
        if not unc and st.transfers >= 4 and st.region(seat, "crypt"):
            return C.MoveCrypt(seat=seat)
    if st.phase == "discard" and st.dpa > 0 and st.region(seat, "hand"):
        return C.Discard(seat=seat, card=st.region(seat, "hand")[0])
    return C.EndPhase(seat=seat)


def scripted_game(db, n_commands: int = 400, seed: int = 1) -> tuple[Game, list[float]]:
    game = Game(db, demo_setup(db), seed=seed, secret="bench")
    times = []
    while len(game.entries) < n_commands:
        cmd = next_command(game)
        t0 = time.perf_counter()
        try:
            game.apply(cmd)
        except Refused:
            game.apply(C.EndPhase(seat=game.state.active)) if not game.state.frames else None
            continue
        times.append((time.perf_counter() - t0) * 1e6)
        if len(game.state.live_seats()) <= 1:
            break
    return game, times


def run() -> dict:
    from vtes_desktop.cards import load_db

    db = load_db()
    game, apply_times = scripted_game(db)
    # the legal answer at a sample of positions along the game, for the seat holding the impulse
    from vtes_desktop.engine import flow

    legal_times = []
    replayed = game.replay(0)
    for i, e in enumerate(game.entries):
        replayed.apply(e.cmd)
        if i % 3 == 0:
            seat = flow.holder(replayed.state)
            t0 = time.perf_counter()
            replayed.legal(seat)
            legal_times.append((time.perf_counter() - t0) * 1e6)
    replay_times = []
    for _ in range(5):
        t0 = time.perf_counter()
        game._replay_state()
        replay_times.append((time.perf_counter() - t0) * 1e3 / len(game.entries) * 100)
    combats = sum(1 for e in game.entries for ev in e.events if ev.kind == "combat")
    return {
        "commands": len(game.entries),
        "combats": combats,
        "apply_us": round(statistics.median(apply_times), 1),
        "legal_us": round(statistics.median(legal_times), 1),
        "replay_ms_per_100": round(statistics.median(replay_times), 2),
    }
