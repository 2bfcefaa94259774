"""What the goldfish panel counts: the player's turns, pool bled and spent, vampires in play, the oust turn.

The session takes a `Snapshot` of a few public figures after every command it
applies (and one at the start). The line of play is the snapshots of the log
entries that were not taken back: an undo always takes back the last live
step, so the snapshots left are exactly the history of the position on the
table. `summarize` turns them into one `TurnRecord` a turn of the player's.

Pool bled counts every pool the goldfish lose (they never pay for anything),
so it is the bleed on whoever is the player's prey; pool spent counts every
drop of the player's own pool (the goldfish never bleed). No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass

PLAYER = 0


@dataclass(frozen=True, slots=True)
class Snapshot:
    game_turn: int
    active: int
    pools: tuple[int, ...]
    ousted: tuple[bool, ...]
    vampires: int          # the player's vampires in play (ready and in torpor)
    torpor: int            # of which in torpor


@dataclass(frozen=True, slots=True)
class TurnRecord:
    turn: int              # the player's own turn count, from 1
    bled: int              # pool the goldfish lost during this turn
    spent: int             # pool the player lost during this turn
    vampires: int          # vampires in play at the end of the turn (or now)
    torpor: int
    prey_pool: int         # the pool of the player's current prey at the end of the turn (or now)
    pool: int              # the player's pool at the end of the turn (or now)


@dataclass(frozen=True, slots=True)
class Summary:
    turns: tuple[TurnRecord, ...]
    ousted_on: tuple[int | None, ...]   # per seat: the player's turn it was ousted on (None: still in)
    game_turn: int = 1                  # the table's turn count (every seat's turn counts)

    @property
    def turn(self) -> int:
        return self.turns[-1].turn if self.turns else 1

    @property
    def bled(self) -> int:
        return sum(t.bled for t in self.turns)

    @property
    def spent(self) -> int:
        return sum(t.spent for t in self.turns)

    @property
    def prey_ousted_on(self) -> int | None:
        """The turn the first goldfish (the player's prey) was ousted."""
        return self.ousted_on[1] if len(self.ousted_on) > 1 else None


def snapshot(game) -> Snapshot:
    """The figures of *game* now (it reads the public part of the state only)."""
    st = game.state
    db = game.db

    def vampires(region: str) -> int:
        return sum(1 for iid in st.region(PLAYER, region) if "Vampire" in db[st.cards[iid].cid].types)

    ready, torpor = vampires("ready"), vampires("torpor")
    return Snapshot(st.turn, st.active, tuple(s.pool for s in st.seats), tuple(s.ousted for s in st.seats),
                    ready + torpor, torpor)


def current_prey(snap: Snapshot) -> int | None:
    """The seat after the player's that is still in."""
    n = len(snap.pools)
    for k in range(1, n):
        s = (PLAYER + k) % n
        if not snap.ousted[s]:
            return s
    return None


def summarize(snaps: list[Snapshot]) -> Summary:
    """One record a turn of the player's, from the snapshots of the line of play (the start first)."""
    if not snaps:
        return Summary((), ())
    n = len(snaps[0].pools)
    ousted_on: list[int | None] = [None] * n
    rows: list[dict] = []
    last_player_turn: int | None = None

    def close(snap: Snapshot) -> None:
        if rows:
            prey = current_prey(snap)
            rows[-1].update(vampires=snap.vampires, torpor=snap.torpor, pool=snap.pools[PLAYER],
                            prey_pool=snap.pools[prey] if prey is not None else 0)

    prev = None
    for snap in snaps:
        if snap.active == PLAYER and snap.game_turn != last_player_turn:
            last_player_turn = snap.game_turn
            if prev is not None:
                close(prev)
            rows.append(dict(turn=len(rows) + 1, bled=0, spent=0))
        if prev is not None and rows:
            row = rows[-1]
            row["spent"] += max(0, prev.pools[PLAYER] - snap.pools[PLAYER])
            row["bled"] += sum(max(0, prev.pools[s] - snap.pools[s]) for s in range(n) if s != PLAYER)
        for s in range(n):
            if snap.ousted[s] and ousted_on[s] is None:
                ousted_on[s] = rows[-1]["turn"] if rows else 1
        prev = snap
    close(prev)
    return Summary(tuple(TurnRecord(**r) for r in rows), tuple(ousted_on), snaps[-1].game_turn)
