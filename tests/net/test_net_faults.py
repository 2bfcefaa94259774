"""Bad messages and bad luck: each is refused with a reason, and the host goes on."""

from __future__ import annotations

import pytest

from vtes_desktop.engine.bench import demo_setup, next_command
from vtes_desktop.engine.game import Game
from vtes_desktop.engine.state import ActionFrame
from vtes_desktop.net import protocol as P
from vtes_desktop.net.client import CommandRefused, JoinRefused
from vtes_desktop.net.table import NetTable, TableRefusal

from .netkit import Raw, client, hello, open_host, play, run, seat_players


def test_every_bad_message_is_refused_and_the_game_goes_on(db, demo_decks, tmp_path):
    async def scenario():
        host = await open_host(db, demo_decks[:2], tmp_path)
        ann, ben = await seat_players(host, ("Ann", "Ben"))
        token = ann.token
        await ann.close()
        raw = await Raw.open(host)                      # Ann again, speaking bytes
        raw.send(hello("Ann", token=token))
        await raw.until(lambda m: m["type"] == "update")
        step = ben.step
        out: dict[str, dict] = {}
        i = 10

        async def bad(label, payload, *, cmd=None, basis=None, same_id=False):
            nonlocal i
            if not same_id:
                i += 1
            if cmd is not None:
                payload = {"type": "command", "v": 1, "id": i, "basis": step if basis is None else basis,
                           "command": cmd}
            raw.send(payload)
            out[label] = await raw.until(lambda m: m["type"] == "refused")

        await bad("not json", b"{nope")
        await bad("not an object", b"[1, 2, 3]")
        await bad("unknown type", {"type": "teleport", "v": 1, "id": 99})
        await bad("no id", {"type": "chat", "v": 1, "text": "hi"})
        await bad("extra field", {"type": "chat", "v": 1, "id": 100, "text": "hi", "admin": True})
        i = 100
        await bad("not a command", None, cmd={"type": "flap", "seat": 0})
        await bad("forged", None, cmd={"type": "end_phase", "seat": 1})
        await bad("stale", None, cmd={"type": "end_phase", "seat": 0}, basis=step + 7)
        await bad("resolve", None, cmd={"type": "resolve", "seat": 0})
        await bad("finish", None, cmd={"type": "finish", "seat": 0})
        await bad("undo", None, cmd={"type": "undo", "seat": 0})
        await bad("instance id", None, cmd={"type": "discard", "seat": 0, "card": 5})
        await bad("unknown view id", None, cmd={"type": "discard", "seat": 0, "card": "00ff00ff00ff00ff"})
        await bad("card name", None, cmd={"type": "discard", "seat": 0, "card": "Dodge"})
        await bad("hello again", hello("Ann", i=i + 1))
        i += 1
        await bad("ready in game", {"type": "ready", "v": 1, "id": i + 1})
        i += 1
        await bad("empty frame", b"")
        # a good command, then the same message again (same id), then the same command again (new id)
        i += 1
        good = {"type": "command", "v": 1, "id": i, "basis": step, "command": {"type": "end_phase", "seat": 0}}
        raw.send(good)
        await raw.until(lambda m: m["type"] == "update" and m["ack"] == i)
        await bad("replayed id", good, same_id=True)
        await bad("replayed command", dict(good, id=i + 1))
        i += 1
        await ben.wait_for(lambda c: c.step == step + 1)
        # Ben does not hold the impulse
        with pytest.raises(CommandRefused) as e:
            await ben.request({"type": "end_phase", "seat": 1})
        out["out of turn"] = {"rule": e.value.rule, "reason": e.value.reason}
        # a frame over the limit closes that connection, and only that one
        raw.send_frame(P.HEADER.pack(P.MAX_CLIENT_FRAME + 1) + b"{}")
        out["oversized"] = await raw.until(lambda m: m["type"] == "refused")
        assert await raw.closed()
        # the game goes on: Ann rejoins, both play
        ann = client(host, "Ann", token=token)
        await ann.connect()
        await ann.wait_for(lambda c: c.step == ben.step)
        await play([ann, ben], step + 25)
        steps = (ann.step, ben.step)
        await ann.close()
        await ben.close()
        await host.close()
        return out, steps, step

    out, steps, step = run(scenario())
    rules = {k: v["rule"] for k, v in out.items()}
    assert rules == {
        "not json": "malformed", "not an object": "malformed", "unknown type": "malformed", "no id": "malformed",
        "extra field": "malformed", "not a command": "malformed", "forged": "forged", "stale": "stale",
        "resolve": "impulse", "finish": "impulse", "undo": "undo", "instance id": "card",
        "unknown view id": "card", "card name": "card", "hello again": "hello", "ready in game": "started",
        "empty frame": "frame", "replayed id": "replay", "replayed command": "stale", "out of turn": "out of turn",
        "oversized": "size"}
    assert not any(v.get("fatal") for k, v in out.items() if k != "oversized")
    assert out["oversized"]["fatal"]
    assert out["forged"]["reason"] == "you sit at seat 0 (Ann); a command for seat 1 is not yours to give"
    assert out["out of turn"]["reason"] == "out of turn: Ann holds the impulse"
    assert "each player passes for themselves" in out["resolve"]["reason"]
    assert "--undo" in out["undo"]["reason"]
    assert "view ids" in out["instance id"]["reason"]
    assert out["replayed id"]["reply_to"] == out["replayed command"]["reply_to"] - 1
    assert "over the limit" in out["oversized"]["reason"]
    assert steps[0] == steps[1] >= step + 25


def test_the_acting_methuselah_cannot_end_a_resolution_others_may_answer(db):
    """The engine would pass the others through action_resolution on the active player's behalf; the host
    refuses instead, until the others have passed."""
    g = Game(db, demo_setup(db, 3), seed=5, secret="x")
    t = NetTable(g)
    found = False
    for _ in range(3000):
        f = g.state.top
        if isinstance(f, ActionFrame) and f.stage == "resolution" and f.imp.seat == g.state.active:
            if f.imp.passes < len(f.imp.order) - 1:
                with pytest.raises(TableRefusal) as e:
                    t.vet(g.state.active, len(g.entries), {"type": "end_phase", "seat": g.state.active})
                assert "pass first" in e.value.reason
                assert not any(c["type"] == "end_phase" for c in t.legal_wire(g.state.active)["commands"])
                found = True
                break
        g.apply(next_command(g))
    assert found


def test_a_flooding_client_is_slowed_then_cut_off_and_the_others_play_on(db, demo_decks, tmp_path):
    async def scenario():
        host = await open_host(db, demo_decks[:2], tmp_path, rate=5.0, burst=5, flood_cutoff=40)
        ann, ben = await seat_players(host, ("Ann", "Ben"))
        for _ in range(120):
            await ann.say("spam")
        await ann.wait_for(lambda c: not c.connected, 5)
        refusals = [(r.rule, r.fatal) for r in ann.refusals]
        await ben.say("still here")
        await ben.wait_for(lambda c: any(ln.text == "still here" for ln in c.log))
        spam = sum(ln.text == "spam" for ln in ben.log)
        await ann.close()
        await ben.close()
        await host.close()
        return refusals, spam

    refusals, spam = run(scenario())
    assert ("rate", False) in refusals and refusals[-1] == ("rate", True)
    assert 1 <= spam <= 10   # the burst, less the ready message


def test_passwords_versions_tokens_and_silence(db, demo_decks, tmp_path):
    async def scenario():
        host = await open_host(db, demo_decks[:2], tmp_path, password="sesame", hello_timeout=0.3)
        out = {}
        for label, kw in (("none", {}), ("wrong", {"password": "open"}), ("spectator", {"spectator": True})):
            with pytest.raises(JoinRefused) as e:
                await client(host, "Ann", **kw).connect()
            out[label] = (e.value.rule, e.value.reason)
        ann, ben = await seat_players(host, ("Ann", "Ben"), password="sesame")
        # another protocol version
        raw = await Raw.open(host)
        raw.send({**hello("Zed"), "v": 2, "protocol": 2, "app": "0.9.0", "password": "sesame"})
        m = await raw.read()
        out["version"] = (m["rule"], m["reason"], m["fatal"])
        assert await raw.closed()
        # a message before the hello, then silence
        raw = await Raw.open(host)
        raw.send({"type": "chat", "v": 1, "id": 1, "text": "hi"})
        m = await raw.read()
        out["no hello"] = (m["rule"], m["fatal"])
        assert await raw.closed(2)
        # a wrong seat token; the right one from a second connection replaces the first
        with pytest.raises(JoinRefused) as e:
            await client(host, "Ann", token="not-the-token", password="sesame").connect()
        out["token"] = (e.value.rule, e.value.reason)
        again = client(host, "Ann", token=ann.token, password="sesame")
        await again.connect()
        await again.wait_for(lambda c: c.view is not None)
        await ann.wait_for(lambda c: not c.connected)
        out["replaced"] = ann.closed_reason
        await again.request({"type": "end_phase", "seat": 0})
        for c in (ann, again, ben):
            await c.close()
        await host.close()
        return out

    out = run(scenario())
    assert out["none"] == ("password", "this table needs a password")
    assert out["wrong"] == ("password", "wrong password")
    assert out["spectator"][0] == "password"
    rule, reason, fatal = out["version"]
    assert rule == "version" and fatal
    assert f"protocol {P.PROTOCOL_VERSION} (vtes-desktop {P.APP_VERSION})" in reason
    assert "protocol 2 (vtes-desktop 0.9.0)" in reason
    assert out["no hello"] == ("hello", False)
    assert out["token"] == ("token", "no seat here for that name and seat token")
    assert out["replaced"] == "you joined again from another connection"


def test_wrong_passwords_from_one_address_are_refused_outright_after_a_while(db, demo_decks, tmp_path):
    async def scenario():
        host = await open_host(db, demo_decks[:2], tmp_path, password="sesame", password_tries=3)
        reasons = []
        for pw in ("a", "b", "c", "sesame"):
            try:
                c = client(host, "Ann", password=pw)
                await c.connect()
                reasons.append("joined")
                await c.close()
            except JoinRefused as e:
                reasons.append(e.reason)
        await host.close()
        return reasons

    assert run(scenario()) == ["wrong password"] * 3 + ["too many wrong passwords from your address; wait a minute"]


def test_a_game_file_that_cannot_be_written_refuses_the_command_and_keeps_the_game(db, demo_decks, tmp_path):
    async def scenario():
        host = await open_host(db, demo_decks[:2], tmp_path)
        ann, ben = await seat_players(host, ("Ann", "Ben"))
        rec = host.table.recorder

        def broken():
            raise OSError(28, "No space left on device")

        rec.flush = broken
        with pytest.raises(CommandRefused) as e:
            await ann.request({"type": "end_phase", "seat": 0})
        steps = (len(host.table.game.entries), ann.step)
        del rec.flush
        await ann.request({"type": "end_phase", "seat": 0})
        for c in (ann, ben):
            await c.close()
        await host.close()
        return e.value, steps, ann.step

    err, steps, after = run(scenario())
    assert err.rule == "host" and "No space left" in err.reason
    assert steps == (0, 0) and after == 1
