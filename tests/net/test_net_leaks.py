"""Hidden information stays on the host: every message each seat received, checked against what it may know.

The check does not trust the views: it follows the game state itself. A card
is secret from a seat while it has never been anywhere public (in play, an
ash heap, removed, set aside) and is not in that seat's own deck list. For
every frame sent, at the moment it is sent:

- no card id or name of a card secret from the receiver appears in it;
- no view id of a card in a library or crypt, or in another seat's hand;
- not the game's secret, nor its seed;
- commands in legal answers name cards by view id (a string), never by instance id.

Each client's received frames are then compared with the host's sent frames, so
the check covered everything the clients read.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict

from vtes_desktop.engine.views import view_for
from vtes_desktop.net.client import CommandRefused
from vtes_desktop.net.privacy import public_view

from .leakcheck import HIDDEN_REGIONS, Knowledge
from .netkit import NAMES, client, open_host, play, run, seat_players


class LeakCheck:
    """The host's `sent_hook`: every frame, checked (leakcheck.py) against the game as it is when it is sent."""

    def __init__(self, host, db):
        self.host = host
        self.db = db
        self.knowledge = Knowledge(db)
        self.sent: dict[str, list[bytes]] = defaultdict(list)
        self.problems: list[str] = []
        self.checked = 0

    def __call__(self, conn, frame: bytes) -> None:
        body = frame[4:]
        self.sent[conn.name].append(body)
        table = self.host.table
        if table is None or conn.seat is None:
            return
        self.knowledge.at(table.game, table.step)
        where = f"frame {len(self.sent[conn.name])} to {conn.name}"
        self.problems += self.knowledge.problems(table.game, conn.seat, body, where)
        self.checked += 1


def test_five_players_and_a_spectator_over_loopback_see_nothing_hidden(db, leak_decks, tmp_path):
    async def scenario():
        host = await open_host(db, leak_decks, tmp_path, seed=86_753_091_234_567)
        check = LeakCheck(host, db)
        host.sent_hook = check
        watcher = client(host, "Spec", spectator=True, keep_frames=True)
        await watcher.connect()
        clients = await seat_players(host, keep_frames=True)
        refused = await play(clients, 150)
        await watcher.wait_for(lambda w: w.step == clients[0].step, 10)
        g = host.table.game
        # every client holds the view the host would give it now
        for c in clients:
            assert c.view == view_for(g, c.seat)
        assert watcher.view == public_view(g)
        assert watcher.view.hand == () and watcher.legal is None
        assert all(card.cid is None for s in watcher.view.seats for card in s.regions["uncontrolled"])
        # the check covered every frame the clients read
        for c in [*clients, watcher]:
            await c.wait_for(lambda c: len(c.frames) >= len(check.sent[c.name]), 10)
            assert c.frames == check.sent[c.name]
        for c in clients:
            await c.close()
        await watcher.close()
        await host.close()
        return check, refused, g

    check, refused, g = run(scenario(), 60)
    print("\n".join(sorted(set(p.split(": ", 1)[1] for p in check.problems)))); assert check.problems == []
    assert check.checked > 150 * 6
    assert len(g.entries) >= 150
    # the game went through combat and the influence phase, and vampires came out of the crypts
    kinds = {ev.kind for e in g.entries for ev in e.events}
    assert "combat" in kinds
    assert sum(len(g.state.region(s, "ready")) for s in range(5)) >= 5
    assert all(r.startswith("discard") for r in refused), refused


def test_refusals_do_not_name_face_down_cards(db, demo_decks, tmp_path):
    """A seat naming another seat's face-down vampire (it has its view id) learns nothing from the refusal."""
    async def scenario():
        host = await open_host(db, demo_decks[:2], tmp_path)
        ann, ben = await seat_players(host, NAMES[:2])
        # Ann's influence phase (turn 1: unlock, master, minion, influence)
        for _ in range(3):
            await ann.request({"type": "end_phase", "seat": 0})
        assert ann.view.phase == "influence"
        theirs = ann.view.seats[1].regions["uncontrolled"][0]
        assert theirs.cid is None and theirs.name is None
        reasons = []
        for cmd in ({"type": "transfer", "seat": 0, "to": theirs.id},
                    {"type": "influence", "seat": 0, "vampire": theirs.id},
                    {"type": "move", "seat": 0, "card": theirs.id, "to": "hand"}):
            try:
                await ann.request(cmd)
            except CommandRefused as e:
                reasons.append((e.rule, e.reason))
        g = host.table.game
        hidden = {db[c.cid].name for c in g.state.cards.values() if c.owner == 1 and c.region in HIDDEN_REGIONS}
        await asyncio.gather(ann.close(), ben.close())
        await host.close()
        return reasons, hidden

    reasons, hidden = run(scenario())
    assert [rule for rule, _ in reasons] == ["hidden"] * 3
    for _, r in reasons:
        assert not any(n in r for n in hidden), r
