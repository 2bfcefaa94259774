"""Commands round-trip; games save, load, replay and undo; views hide what they must."""

from __future__ import annotations

import json
import random

import pytest

from vtes_desktop.engine import commands as C
from vtes_desktop.engine.bench import demo_setup, next_command, scripted_game
from vtes_desktop.engine.errors import Illegal, Refused
from vtes_desktop.engine.game import Game
from vtes_desktop.engine import persist
from vtes_desktop.engine.views import card_for_view_id


ALL = [C.EndPhase(seat=0), C.Pass(seat=1), C.Resolve(seat=0), C.Finish(seat=0), C.Yield(seat=0, card="Sully"),
       C.Transfer(seat=0, to=12, amount=2), C.TransferBack(seat=0, **{"from": "Sybren"}), C.MoveCrypt(seat=0),
       C.Influence(seat=0, vampire=3), C.Merge(seat=0, vampire=3),
       C.Action(seat=0, minion="Anson", kind="bleed", target="Alexis"), C.Block(seat=1, minion=4),
       C.DeclineBlock(seat=1), C.Diablerize(seat=1, minion=4, victim=5), C.Play(seat=0, card=7, minion=3, level="basic"),
       C.Use(seat=0, card="edge"), C.Discard(seat=0, card=9), C.Maneuver(seat=0, minion=3, using=8, level="superior"),
       C.Strike(seat=0, minion=3, strike="hand"), C.Press(seat=0, minion=3, to="end", using=8),
       C.Prevent(seat=0, minion=3, amount=2, using=8), C.Terms(seat=0, choice="Brujah"),
       C.Vote(seat=0, side="for", **{"with": "edge"}), C.Move(seat=0, card=3, to="torpor"),
       C.Counters(seat=0, on="pool", delta=-1), C.Lock(seat=0, card=3), C.Unlock(seat=0, card=3),
       C.Damage(seat=0, target=3, normal=1), C.Draw(seat=0, count=2), C.Shuffle(seat=0), C.EdgeMove(seat=0, to=None),
       C.Reveal(seat=0, card=3), C.Done(seat=0), C.Concede(seat=1), C.Undo(seat=0)]


@pytest.mark.parametrize("cmd", ALL, ids=lambda c: c.type)
def test_commands_round_trip(cmd):
    assert C.parse_command(C.dump_command(cmd)) == cmd
    assert C.parse_command(json.loads(C.dump_command(cmd))) == cmd
    assert cmd.type in repr(cmd) or type(cmd).__name__ in repr(cmd)


def test_every_verb_has_a_command():
    from vtes_desktop.scenario.loader import VERB_FIELDS

    assert set(VERB_FIELDS) == set(C.VERBS)


@pytest.fixture(scope="module")
def played(db):
    game, _ = scripted_game(db, n_commands=300, seed=3)
    return game


def test_replay_rebuilds_the_same_game(played):
    again = played.replay()
    for seat in range(len(played.state.seats)):
        assert again.view_for(seat) == played.view_for(seat)


def test_save_and_load(played, db, tmp_path):
    path = tmp_path / "game.jsonl"
    persist.save(played, path)
    loaded = persist.load(path, db)
    assert loaded.problems == []
    assert loaded.game.view_for(0) == played.view_for(0)
    assert len(loaded.game.entries) == len(played.entries)


def test_recorder_appends_each_command(db, tmp_path):
    game = Game(db, demo_setup(db, 3), seed=5)
    rec = persist.Recorder(game, tmp_path / "g.jsonl")
    for _ in range(20):
        game.apply(next_command(game))
        rec.flush()
    loaded = persist.load(tmp_path / "g.jsonl", db)
    assert loaded.game.view_for(1) == game.view_for(1)


def test_a_damaged_save_keeps_the_lines_before(played, db, tmp_path):
    path = tmp_path / "game.jsonl"
    persist.save(played, path)
    lines = path.read_text().splitlines()
    lines[11] = "{this is not json"
    path.write_text("\n".join(lines))
    loaded = persist.load(path, db)
    assert "line 12" in loaded.problems[0]
    assert len(loaded.game.entries) == 10


def test_a_newer_file_format_is_refused(played, db, tmp_path):
    path = tmp_path / "game.jsonl"
    persist.save(played, path)
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    head["version"] = 99
    path.write_text("\n".join([json.dumps(head)] + lines[1:]))
    with pytest.raises(persist.SaveError, match="newer"):
        persist.load(path, db)
    (tmp_path / "junk").write_bytes(b"\x00\xff\xfe binary")
    with pytest.raises(persist.SaveError, match="not"):
        persist.load(tmp_path / "junk", db)


def test_undo_own_last_step(db):
    game = Game(db, demo_setup(db, 2), seed=2)
    game.apply(C.EndPhase(seat=0))   # unlock -> master
    before = game.view_for(0)
    game.apply(C.EndPhase(seat=0))   # master -> minion
    game.apply(C.Undo(seat=0))
    assert game.view_for(0) == before
    with pytest.raises(Illegal, match="undo"):
        game.apply(C.Undo(seat=1))   # the last step is Ann's, not Ben's
    replayed = game.replay()
    assert replayed.view_for(0) == game.view_for(0)


def test_views_show_no_hidden_card(db):
    """No seat's view holds a card identity from another seat's hand, or from any library or crypt."""
    rng = random.Random(11)
    game, _ = scripted_game(db, n_commands=200, seed=7)
    for seat in range(len(game.state.seats)):
        view = game.view_for(seat)
        seen = []

        def walk(cv):
            seen.append(cv)
            for a in cv.attached:
                walk(a)
        for info in view.seats:
            for cards in info.regions.values():
                for cv in cards:
                    walk(cv)
        for cv in view.hand:
            walk(cv)
        for cv in seen:
            iid = card_for_view_id(game, seat, cv.id)
            assert iid is not None
            c = game.state.cards[iid]
            if cv.cid is not None:
                hidden = c.region in ("library", "crypt") or (c.region == "hand" and c.owner != seat) or (
                    c.region == "uncontrolled" and c.owner != seat)
                assert not hidden, f"seat {seat} sees {cv.name} in {c.region}"
        assert {cv.cid for cv in view.hand} == {game.state.cards[i].cid for i in game.state.region(seat, "hand")}
        text = json.dumps(view.to_dict())
        for other in range(len(game.state.seats)):
            if other != seat:
                assert view.seats[other].hand_count == len(game.state.region(other, "hand"))


def test_view_ids_change_when_a_card_is_hidden(db):
    from vtes_desktop.engine.views import view_id

    game = Game(db, demo_setup(db, 2), seed=1)
    iid = game.state.region(0, "hand")[0]
    a = view_id(game.secret, 1, iid, game.state.cards[iid].hidden)
    b = view_id(game.secret, 1, iid, game.state.cards[iid].hidden + 1)
    assert a != b and view_id(game.secret, 0, iid, 0) != view_id(game.secret, 1, iid, 0)


def test_random_legal_play_replays_identically(db):
    """Play random legal commands from a seed; the replay from setup + seed + log matches, view for view."""
    rng = random.Random(4)
    game = Game(db, demo_setup(db, 4), seed=9)
    from vtes_desktop.engine import flow

    for _ in range(150):
        seat = flow.holder(game.state)
        ans = game.legal(seat)
        options = list(ans.commands) + [u.command for a in ans.cards.values() for u in a.uses]
        options = [o for o in options if o.type not in ("resolve", "finish")] or [next_command(game)]
        cmd = rng.choice(options)
        try:
            game.apply(cmd)
        except Refused as e:  # the legal answer promised this command
            raise AssertionError(f"legal() offered {cmd!r}, apply refused: {e}") from None
    again = game.replay()
    for s in range(4):
        assert again.view_for(s) == game.view_for(s)


def test_fork_is_independent(db):
    game = Game(db, demo_setup(db, 2), seed=1)
    f = game.fork()
    f.apply(C.EndPhase(seat=0))
    assert game.state.phase == "unlock" and f.state.phase == "master"


def test_the_combat_walkthrough_is_in_the_view(db):
    from vtes_desktop.engine.setup import CardSpec, SeatSetup, Setup

    setup = Setup(seats=(SeatSetup(name="Ann", regions={"ready": (CardSpec(cid=db["Tamoszius"].id, blood=4),)}),
                         SeatSetup(name="Ben", regions={"ready": (CardSpec(cid=db["Ryan"].id, blood=3),)})),
                  phase="minion", turn_number=5)
    game = Game(db, setup, seed=1)
    game.apply(C.Action(seat=0, minion="Tamoszius", kind="bleed"))
    game.apply(C.Block(seat=1, minion="Ryan"))
    game.apply(C.Resolve(seat=0))          # the block succeeds: combat
    for _ in range(3):
        game.apply(C.Resolve(seat=0))      # before range, range, before strikes
    game.apply(C.Strike(seat=0, minion="Tamoszius", strike="hand"))
    v = game.view_for(1).combat
    assert v.window == "strike" and v.range == "close" and v.a == "Tamoszius"
    assert [(s.minion, s.effect) for s in v.strikes] == [("Tamoszius", "1 damage")]
    game.apply(C.Strike(seat=1, minion="Ryan", strike="hand"))
    v = game.view_for(0)
    assert v.window == "damage"
    assert sorted(x[0] for x in v.combat.pending_damage) == ["Ryan", "Tamoszius"]


def test_legal_lists_a_weapons_maneuver_in_the_range_step(db):
    from vtes_desktop.engine.setup import CardSpec, SeatSetup, Setup

    ayelech = CardSpec(cid=db["Ayelech"].id, blood=4, attached=(CardSpec(cid=db[".44 Magnum"].id),))
    setup = Setup(seats=(SeatSetup(name="Sarah", regions={"ready": (CardSpec(cid=db["Colette"].id, blood=4),)}),
                         SeatSetup(name="Marcus", regions={"ready": (ayelech,)})), phase="minion", turn_number=7)
    game = Game(db, setup, seed=1)
    game.apply(C.Action(seat=0, minion="Colette", kind="bleed"))
    game.apply(C.Block(seat=1, minion="Ayelech"))
    game.apply(C.Resolve(seat=0))
    game.apply(C.Resolve(seat=0))   # before range closes: the range step
    ans = game.legal(1)
    assert ans.window == "range"
    magnum = game.state.attached[[i for i, c in game.state.cards.items() if db[c.cid].name == "Ayelech"][0]][0]
    assert any(c.type == "maneuver" and c.using == magnum for c in ans.commands)


def test_a_game_saved_by_a_newer_app_is_refused(played, db, tmp_path):
    path = tmp_path / "game.jsonl"
    persist.save(played, path)
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    head["app"] = "99.0.0"
    path.write_text("\n".join([json.dumps(head)] + lines[1:]))
    with pytest.raises(persist.SaveError, match="newer than this one"):
        persist.load(path, db)


def test_concede_ousts_and_the_last_standing_wins(db):
    from vtes_desktop.engine.setup import SeatSetup, Setup

    game = Game(db, Setup(seats=(SeatSetup(name="A"), SeatSetup(name="B"), SeatSetup(name="C"))), seed=1)
    game.apply(C.Concede(seat=1))          # B concedes: A, B's predator, gains the victory point
    assert game.state.seats[1].ousted and game.state.seats[0].vp == 1
    assert not game.result().over
    game.apply(C.Concede(seat=2))          # C concedes: B is gone, so A again; A is the last standing
    r = game.result()
    assert r.over and r.vps[0] == 3 and r.winner == 0
    assert game.view_for(0).game_over and game.view_for(0).winner == 0


def test_transfers_do_not_name_face_down_vampires_to_others(db):
    game = Game(db, demo_setup(db, 2), seed=4)
    for _ in range(3):
        game.apply(C.EndPhase(seat=0))     # to Ann's influence phase
    vamp = game.state.region(0, "uncontrolled")[0]
    name = db[game.state.cards[vamp].cid].display
    game.apply(C.Transfer(seat=0, to=vamp, amount=1))
    assert any(name in line for line in game.log_lines(0))
    assert not any(name in line for line in game.log_lines(1))
    assert any("face-down vampire" in line for line in game.log_lines(1))


def test_legal_offers_a_superior_use_when_the_basic_text_does_not_fit(db):
    """Swallowed by the Night: basic is an action modifier, superior a combat maneuver."""
    from vtes_desktop.engine.setup import CardSpec, SeatSetup, Setup

    setup = Setup(seats=(SeatSetup(name="Sarah", regions={"ready": (CardSpec(cid=db["Colette"].id, blood=4),),
                                                          "hand": (CardSpec(cid=db["Swallowed by the Night"].id),)}),
                         SeatSetup(name="Marcus", regions={"ready": (CardSpec(cid=db["Ayelech"].id, blood=4),)})),
                  phase="minion", turn_number=7)
    game = Game(db, setup, seed=1)
    game.apply(C.Action(seat=0, minion="Colette", kind="bleed"))
    game.apply(C.Block(seat=1, minion="Ayelech"))
    game.apply(C.Resolve(seat=0))
    game.apply(C.Resolve(seat=0))          # the range step
    card = game.state.region(0, "hand")[0]
    uses = game.legal(0).cards[card].uses
    assert any(u.command.type == "maneuver" and u.level == "superior" for u in uses)


def test_the_log_replayed_in_place_gives_the_same_state(played):
    """Undo and forks rebuild the state from the log (`Game._replay_state`): the rules that compare a step with
    the state before it (`Ctx.before`) must see the replayed state there, not the game's current one."""
    again, live = played._replay_state(), played.state
    assert again.regions == live.regions and again.attached == live.attached
    assert again.cards == live.cards and again.seats == live.seats and again.marks == live.marks
