"""A host and clients in one process over loopback: the lobby, spectators, judge mode, chat, automatic passes."""

from __future__ import annotations

import time

import pytest

from vtes_desktop.decks import Deck, to_jol
from vtes_desktop.net.chat import QUICK_PHRASES
from vtes_desktop.net.client import CommandRefused, JoinRefused
from vtes_desktop.net.policy import choose

from .netkit import client, open_host, play, run, seat_players, settle


def deck_text(db, deal) -> str:
    crypt: dict[int, int] = {}
    library: dict[int, int] = {}
    for c in deal.crypt:
        crypt[c] = crypt.get(c, 0) + 1
    for c in deal.library:
        library[c] = library.get(c, 0) + 1
    return to_jol(Deck(format="jol", crypt=crypt, library=library), db)


def test_lobby_seats_players_with_their_decks_then_starts(db, demo_decks, tmp_path):
    texts = [deck_text(db, d) for d in demo_decks[:4]]

    async def scenario():
        host = await open_host(db, (), tmp_path, seats=3)
        refusals = {}

        async def refused(name, **kw):
            with pytest.raises(JoinRefused) as e:
                await client(host, name, **kw).connect()
            refusals[name + "/" + e.value.rule] = e.value.reason

        await refused("Ann")                                   # no deck, and the host deals none
        await refused("Ann", deck="1x No Such Card\n")
        await refused("Ann", deck="12x Nassir\n")              # no library
        ann = client(host, "Ann", deck=texts[0])
        w = await ann.connect()
        assert w.token and w.seat is None and not w.started and w.quick_phrases == QUICK_PHRASES
        await refused("ann", deck=texts[1])                    # the name is taken
        await refused("Dodge", deck=texts[1])                  # a card's name
        ben = client(host, "Ben", deck=texts[1])
        cat = client(host, "Cat", deck=texts[2])
        await ben.connect()
        await cat.connect()
        await refused("Dan", deck=texts[3])                    # the table is full
        await cat.close(bye=True)                              # Cat leaves: the seat is free again
        dan = client(host, "Dan", deck=texts[3])
        await dan.connect()
        await ann.wait_for(lambda c: c.lobby is not None and [p.name for p in c.lobby.players] == ["Ann", "Ben", "Dan"])
        assert ann.lobby.players[0].deck == f"12 crypt, {len(demo_decks[0].library)} library"
        for c in (ann, ben):
            await c.set_ready()
        await ann.wait_for(lambda c: sum(p.ready for p in c.lobby.players) == 2)
        assert host.table is None
        await dan.set_ready()
        players = [ann, ben, dan]
        for c in players:
            await c.wait_for(lambda c: c.view is not None)
        await refused("Eve", deck=texts[3])                    # too late
        watcher = client(host, "Spec", spectator=True)
        await watcher.connect()
        await watcher.wait_for(lambda c: c.view is not None)
        assert ann.lobby.players[0].deck == f"12 crypt, {len(demo_decks[0].library)} library"
        out = [c.seat for c in players], ann.players, watcher.seat, host.table.game.setup.seats[2].crypt
        for c in (*players, watcher):
            await c.close()
        await host.close()
        return out, refusals

    (seats, order, watcher_seat, dan_crypt), refusals = run(scenario())
    assert seats == [0, 1, 2] and order == ("Ann", "Ben", "Dan")
    assert watcher_seat is None
    assert sorted(dan_crypt) == sorted(demo_decks[3].crypt)
    assert refusals["Ann/deck"].startswith("bring a deck") or "cannot be" in refusals["Ann/deck"]
    assert set(refusals) == {"Ann/deck", "ann/name", "Dodge/name", "Dan/full", "Eve/started"}
    assert "Ann is already at this table" in refusals["ann/name"]
    assert "full" in refusals["Dan/full"] and "seat token" in refusals["Eve/started"]


def test_lobby_refuses_each_bad_deck_with_its_reason(db, tmp_path):
    async def scenario():
        host = await open_host(db, (), tmp_path, seats=2)
        out = []
        for deck in ("", "1x No Such Card\n", "12x Nassir\n", "\x00\x01binary"):
            try:
                await client(host, "Ann", deck=deck).connect()
            except JoinRefused as e:
                out.append((e.rule, e.reason))
        await host.close()
        return out

    out = run(scenario())
    assert [r for r, _ in out] == ["deck"] * 4
    assert out[0][1] == "bring a deck: this host deals none"
    assert "No Such Card" in out[1][1]
    assert "library has 0 cards" in out[2][1]


def test_judge_spectators_see_every_hand_and_chat_goes_to_every_log(db, demo_decks, tmp_path):
    async def scenario():
        host = await open_host(db, demo_decks[:2], tmp_path, judge=True)
        ann, ben = await seat_players(host, ("Ann", "Ben"))
        judge = client(host, "Judge", spectator=True)
        await judge.connect()
        await judge.wait_for(lambda c: c.view is not None)
        hands = judge.judge_view["hands"]
        assert [len(hands["0"]), len(hands["1"])] == [7, 7]
        assert all(c["name"] for h in hands.values() for c in h)
        assert {c["name"] for c in hands["1"]} == {c.name for c in ben.view.hand}
        assert all(c["cid"] for c in judge.judge_view["uncontrolled"]["0"])
        await ann.say(QUICK_PHRASES[0])
        await ann.request({"type": "end_phase", "seat": 0})
        await judge.say("Play on.\x07\n")
        with pytest.raises(CommandRefused) as e:
            await judge.request({"type": "pass", "seat": 0})
        assert e.value.rule == "spectator"
        for c in (ann, ben, judge):
            await c.wait_for(lambda c: sum(ln.kind == "chat" for ln in c.log) == 2)
        logs = {c.name: c.log for c in (ann, ben, judge)}
        for c in (ann, ben, judge):
            await c.close()
        await host.close()
        return logs

    logs = run(scenario())
    for name, log in logs.items():
        chat = [(ln.name, ln.text, ln.spectator) for ln in log if ln.kind == "chat"]
        assert chat == [("Ann", "No block.", False), ("Judge", "Play on.", True)], name
        texts = [ln.text for ln in log]
        # the chat line said before Ann ended her unlock phase comes before that step's line
        assert texts.index("No block.") < texts.index("Ann's master phase.") < texts.index("Play on.")


def test_automatic_passes_wait_the_same_delay_as_a_person(db, demo_decks, tmp_path):
    """Ann passes by herself when she may do nothing else, never sooner than her delay after the view came."""
    delay = 0.12

    async def scenario():
        host = await open_host(db, demo_decks[:3], tmp_path)
        sent_at: dict[tuple[str, int], float] = {}
        arrived: list[tuple[int, float, int]] = []

        def on_sent(conn, frame):
            if b'"type":"update"' in frame[:40]:
                sent_at[(conn.name, host.table.step)] = time.monotonic()

        host.sent_hook = on_sent
        host.on_step = lambda: arrived.append((host.table.step, time.monotonic(),
                                               host.table.game.entries[-1].cmd.seat))
        players = await seat_players(host, ("Ann", "Ben", "Cat"), auto_pass="nothing_legal")
        players[0].pass_delay = delay
        memo = [{}, {}, {}]
        auto = 0
        for _ in range(600):
            step = await settle(players)
            if auto >= 3 or step >= 400:
                break
            holder = next(i for i, c in enumerate(players) if c.legal_data["holds_impulse"])
            c = players[holder]
            if c.auto_pass_command() is not None:
                await c.wait_for(lambda c: c.step > step, 5)
                auto += holder == 0
                continue
            await c.request(choose(c.view, c.legal_data, memo[holder]))
        for c in players:
            await c.close()
        await host.close()
        return sent_at, arrived, auto

    sent_at, arrived, auto = run(scenario(), 40)
    assert auto >= 3
    ann_auto = [(step, t) for step, t, seat in arrived if seat == 0 and ("Ann", step - 1) in sent_at
                and t - sent_at[("Ann", step - 1)] >= delay * 0.9]
    assert len(ann_auto) >= 3
    # nothing of Ann's came sooner than her delay, unless she chose it (her scripted moves are immediate)
    for step, t in ann_auto:
        assert t - sent_at[("Ann", step - 1)] >= delay


def test_auto_pass_command_follows_the_legal_answer():
    from vtes_desktop.net.client import Client

    c = Client("127.0.0.1", 1, "Ann")
    c._legal_data = {"holds_impulse": True, "window": "blocks", "cards": {},
                     "commands": [{"type": "pass", "seat": 0}, {"type": "decline_block", "seat": 0}]}
    assert c.auto_pass_command().type == "decline_block"
    c._legal_data["cards"] = {"v1": {"uses": [{"command": {"type": "play", "seat": 0, "card": "v1"}}]}}
    assert c.auto_pass_command() is None                      # a card could be played: ask the player
    c.auto_pass, c.stops = "unless_stop", {"action_resolution"}
    assert c.auto_pass_command().type == "decline_block"      # not a stop: pass anyway
    c.stops = {"blocks"}
    assert c.auto_pass_command() is None
    c._legal_data["holds_impulse"] = False
    assert c.auto_pass_command() is None
    c.auto_pass = "never"
    assert c.auto_pass_command() is None


def test_clients_keep_playing_while_one_reconnects(db, demo_decks, tmp_path):
    """A dropped player keeps the seat; the others see who is away; the view and the log come back whole."""
    async def scenario():
        host = await open_host(db, demo_decks[:3], tmp_path)
        players = await seat_players(host, ("Ann", "Ben", "Cat"))
        await play(players, 30)
        ben = players[1]
        before_view, before_log = ben.view, [ln.text for ln in ben.log]
        await ben.close()
        await players[0].wait_for(lambda c: c.connected_seats == (True, False, True))
        await ben.reconnect()
        await ben.wait_for(lambda c: c.view is not None and c.step == players[0].step)
        after = ben.view, [ln.text for ln in ben.log]
        await players[0].wait_for(lambda c: c.connected_seats == (True, True, True))
        await play(players, 45)
        steps = [c.step for c in players]
        for c in players:
            await c.close()
        await host.close()
        return before_view, before_log, after, steps

    before_view, before_log, (view, log), steps = run(scenario())
    assert view == before_view
    assert log == before_log
    assert steps[0] >= 45 and len(set(steps)) == 1


def test_undo_with_the_hosts_consent_resets_every_log(db, demo_decks, tmp_path):
    async def scenario():
        host = await open_host(db, demo_decks[:2], tmp_path, allow_undo=True)
        ann, ben = await seat_players(host, ("Ann", "Ben"))
        await ann.request({"type": "end_phase", "seat": 0})
        assert ben.view.phase == "master"
        with pytest.raises(CommandRefused) as e:
            await ben.request({"type": "undo", "seat": 1})       # not Ben's step to take back
        await ann.request({"type": "undo", "seat": 0})
        await settle([ann, ben])
        out = e.value.rule, ben.view.phase, [ln.undone for ln in ben.game_log if ln.entry == 0], ann.step
        await ann.close()
        await ben.close()
        await host.close()
        return out

    rule, phase, undone, step = run(scenario())
    assert rule == "undo" and phase == "unlock" and undone and all(undone) and step == 2
