"""Calling time at a network table: the game ends only when every player still in it has asked; each ask
is heard in the table talk, and the host ends the game with half a point each."""

from __future__ import annotations

import pytest

from vtes_desktop.net.client import CommandRefused

from .netkit import close_all, open_host, run, seat_players


def test_time_needs_every_player_and_ends_the_game(db, demo_decks, tmp_path):
    async def scenario():
        host = await open_host(db, demo_decks[:3], tmp_path)
        ann, ben, cat = await seat_players(host, ("Ann", "Ben", "Cat"))
        asker = next(c for c in (ann, ben, cat) if not c.legal_data["holds_impulse"])   # no impulse needed
        with pytest.raises(CommandRefused) as e:
            await asker.request({"type": "time_out", "seat": asker.seat})
        assert e.value.rule == "time" and "still to ask" in e.value.reason
        await ann.wait_for(lambda c: any("asks to call time" in line.text for line in c._chat.values()))
        with pytest.raises(CommandRefused):
            await asker.request({"type": "time_out", "seat": asker.seat})    # asking twice is still one ask
        others = [c for c in (ann, ben, cat) if c is not asker]
        with pytest.raises(CommandRefused):
            await others[0].request({"type": "time_out", "seat": others[0].seat})
        await others[1].request({"type": "time_out", "seat": others[1].seat})   # the last one: time
        for c in (ann, ben, cat):
            await c.wait_for(lambda c: c.over)
            assert c.view.game_over and c.view.ended_by == "time_out"
            assert [s.vp for s in c.view.seats] == [0.5, 0.5, 0.5]
        await close_all(host, [ann, ben, cat])

    run(scenario())
