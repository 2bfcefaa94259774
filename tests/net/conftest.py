"""Network tests: fixtures (decks); the helpers are in netkit.py."""

from __future__ import annotations

import pytest

from vtes_desktop.net.host import DealtDeck


@pytest.fixture(scope="session")
def demo_decks(db):
    """The engine bench's decks: a crypt of its own for each seat, one library for all."""
    from vtes_desktop.engine.bench import demo_setup

    return tuple(DealtDeck(s.name, s.crypt, s.library) for s in demo_setup(db, 5).seats)


@pytest.fixture(scope="session")
def leak_decks(db, demo_decks):
    """Decks whose library cards belong to one seat only, with names no other card name contains, so a
    name seen by another seat can only have leaked."""
    taken = {db[c].name for d in demo_decks for c in d.crypt}
    taken |= {db[c].name for c in demo_decks[0].library}
    chosen: list[list[int]] = [[] for _ in range(4)]
    pool = sorted((c for c in db.library if len(c.name) >= 12 and c.name.isascii() and not c.banned
                   and not set(c.types) & {"Event", "Master"}), key=lambda c: c.id)
    k = 0
    for c in pool:
        if k >= 4 * 15:
            break
        if any(c.name in t or t in c.name for t in taken):
            continue
        taken.add(c.name)
        chosen[k // 15].append(c.id)
        k += 1
    out = [demo_decks[0]]
    for i, ids in enumerate(chosen, start=1):
        out.append(DealtDeck(demo_decks[i].label, demo_decks[i].crypt, tuple(x for x in ids for _ in range(6))))
    return tuple(out)
