"""Views, patches, legal answers and frames on the wire, without sockets."""

from __future__ import annotations

import json

import pytest

from vtes_desktop.engine import commands as C
from vtes_desktop.engine.bench import demo_setup, next_command
from vtes_desktop.engine.game import Game
from vtes_desktop.engine.views import CardView
from vtes_desktop.net import protocol as P
from vtes_desktop.net import wire
from vtes_desktop.net.privacy import SPECTATOR, Hiding, public_view
from vtes_desktop.net.table import Feed, NetTable


@pytest.fixture(scope="module")
def game(db):
    return Game(db, demo_setup(db), seed=11, secret="wire-test")


def test_views_round_trip_and_patches_rebuild_them_along_a_game(db):
    g = Game(db, demo_setup(db), seed=3, secret="s")
    seats = [0, 1, 2, 3, 4, SPECTATOR]
    last: dict[int, tuple] = {}
    seen = set()
    for _ in range(260):
        g.apply(next_command(g))
        for s in seats:
            v = public_view(g) if s == SPECTATOR else g.view_for(s)
            w = wire.view_to_wire(v)
            assert wire.view_from_wire(json.loads(json.dumps(w))) == v
            if s in last:
                pw, pv = last[s]
                p = json.loads(json.dumps(wire.diff(pw, w)))
                assert wire.patch(pw, p) == w
                assert wire.view_from_wire(w, pv, p) == v
            last[s] = (w, v)
            seen.update(k for k in ("action", "combat", "damage") if getattr(v, k))
    assert seen == {"action", "combat", "damage"}


def test_card_view_fields_are_all_on_the_wire():
    """A new CardView field must be added to wire.card_to_wire / card_from_wire."""
    assert [f for f in CardView.__dataclass_fields__] == [
        "id", "cid", "name", "region", "controller", "owner", "counters", "locked", "face_down", "contested",
        "wounded", "attached"]


def test_patch_is_small_and_leaves_the_old_view_alone():
    old = {"a": 1, "b": [{"x": 1}, {"x": 2}, {"x": 3}], "c": {"d": None}}
    new = {"a": 1, "b": [{"x": 1}, {"x": 5}, {"x": 3}], "c": {"d": 4}}
    p = wire.diff(old, new)
    assert p == {"b": {"1": {"x": 5}}, "c": {"d": 4}}
    assert wire.patch(old, p) == new
    assert old["b"][1] == {"x": 2}
    assert wire.diff(new, new) == {}
    with pytest.raises(ValueError):
        wire.patch(old, {"b": {"7": {"x": 1}}})


def test_public_view_shows_no_hand_and_no_face_down_card(game):
    v = public_view(game)
    assert v.hand == () and v.seat == SPECTATOR
    for s in v.seats:
        assert s.hand_count == 7
        assert all(c.cid is None and c.name is None for c in s.regions["uncontrolled"])
    own = game.view_for(0)
    assert {c.id for c in v.seats[0].regions["uncontrolled"]}.isdisjoint(
        c.id for c in own.seats[0].regions["uncontrolled"])


def test_legal_answer_names_cards_by_view_id_and_maps_back(game):
    t = NetTable(game.fork())
    g = t.game
    while not (g.state.phase == "influence"):
        g.apply(C.EndPhase(seat=0))
    snap = t.snapshot(0)
    legal = t.legal_wire(0)
    assert legal["holds_impulse"]
    transfers = [c for c in legal["commands"] if c["type"] == "transfer"]
    assert transfers and all(isinstance(c["to"], str) for c in transfers)
    assert all(a == [1, 1] for c, a in zip(legal["commands"], legal["amounts"]) if c["type"] == "transfer")  # turn 1: 1 transfer
    assert set(legal["cards"]) == {c["id"] for c in snap.wire["hand"]}
    back = wire.legal_from_wire(json.loads(json.dumps(legal)))
    cmd = next(c for c in back.commands if c.type == "transfer")
    mapped = t.translate(0, cmd)
    assert mapped.to in g.state.region(0, "uncontrolled")
    assert "resolve" not in {c["type"] for c in legal["commands"]}
    # another seat holds no impulse: every card is refused, saying who holds it
    other = t.legal_wire(1)
    assert other["commands"] == [] and not other["holds_impulse"]
    assert {r["refusal"]["message"] for r in other["cards"].values()} == {"Ann holds the impulse"}


def test_update_for_sends_a_view_then_patches(game):
    t = NetTable(game.fork())
    feed = Feed()
    first = t.update_for(1, feed)
    assert first["view"] is not None and first["patch"] is None and first["reset"]
    assert [ln["text"] for ln in first["log"]][:3] == ["Ann draws 7 cards.", first["log"][1]["text"], "Cat draws 7 cards."]
    assert first["log"][1]["text"].startswith("Ben draws ") and first["log"][1]["entry"] == -1
    t.apply(0, C.EndPhase(seat=0))
    second = t.update_for(1, feed)
    assert second["view"] is None and second["base"] == 0 and second["step"] == 1
    assert wire.patch(first["view"], second["patch"]) == t.snapshot(1).wire
    assert [ln["text"] for ln in second["log"]] == ["Ann's master phase."]


def test_log_lines_hide_face_down_cards_named_by_the_engine(db, game):
    g = game.fork()
    while g.state.phase != "influence":
        g.apply(C.EndPhase(seat=0))
    vamp = g.state.region(0, "uncontrolled")[0]
    g.apply(C.Transfer(seat=0, to=vamp, amount=1))
    t = NetTable(g)
    name = db[g.state.cards[vamp].cid].display
    mine = [ln["text"] for ln in t.log_wire(0, len(g.entries) - 1)]
    theirs = [ln["text"] for ln in t.log_wire(1, len(g.entries) - 1)]
    assert any(name in x for x in mine)
    assert not any(name in x for x in theirs)
    assert any("a face-down vampire" in x for x in theirs)
    h = Hiding(g)
    assert h.hidden_from(1, vamp) and not h.hidden_from(0, vamp)


def test_frames_and_decoding():
    frame = P.encode(P.Chat(id=3, text="Take the Edge."))
    assert P.HEADER.unpack(frame[:4])[0] == len(frame) - 4
    assert P.decode_client(frame[4:]) == P.Chat(id=3, text="Take the Edge.")
    for body, rule in ((b"not json", "malformed"), (b"[1, 2]", "malformed"), (b'{"type": "nope", "id": 1}',
                                                                             "malformed"),
                       (b'{"type": "chat", "id": 0, "text": "x"}', "malformed"),
                       (b'{"type": "command", "id": 2, "basis": 0}', "malformed")):
        with pytest.raises(P.ProtocolError) as e:
            P.decode_client(body)
        assert e.value.rule == rule and not e.value.fatal
    hello = {"type": "hello", "id": 1, "v": 99, "protocol": 99, "app": "9.0", "name": "Ann"}
    with pytest.raises(P.ProtocolError) as e:
        P.decode_client(json.dumps(hello).encode())
    assert e.value.fatal and e.value.rule == "version"
    assert f"protocol {P.PROTOCOL_VERSION}" in e.value.message and "protocol 99 (vtes-desktop 9.0)" in e.value.message
    u = P.decode_host(P.encode_raw({"v": 1, "type": "update", "step": 3, "patch": {}, "log": []})[4:])
    assert isinstance(u, P.Update) and u.step == 3
    with pytest.raises(P.ProtocolError):
        P.decode_host(b'{"v": 2, "type": "chat"}')


def test_a_patch_takes_away_the_fields_a_card_loses():
    """A card left out of its default fields: unlocking drops `locked`, and the patch says so."""
    old = {"ready": [{"id": "a", "counters": 2, "locked": True}, {"id": "b"}, {"id": "c"}]}
    new = {"ready": [{"id": "a", "counters": 1}, {"id": "b"}, {"id": "c"}]}
    p = json.loads(json.dumps(wire.diff(old, new)))
    assert p == {"ready": {"0": {"counters": 1, wire.DELETED: ["locked"]}}}
    assert wire.patch(old, p) == new
    assert wire.patch(new, wire.diff(new, old)) == old
    with pytest.raises(ValueError):
        wire.patch(new, p)          # a patch for another view: the client asks for the whole view again
