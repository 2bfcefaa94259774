"""Random legal play with real tournament decks: every offered command is accepted, nothing crashes,
nobody who was ousted is ever asked to act, and the log replays to the same game."""

from __future__ import annotations

import random

import pytest

from support import shared_path
from vtes_desktop.decks import load_deck
from vtes_desktop.engine import commands as C
from vtes_desktop.engine import flow
from vtes_desktop.engine.errors import Refused
from vtes_desktop.engine.game import Game
from vtes_desktop.engine.setup import Setup
from vtes_desktop.engine.state import ActionFrame, CombatFrame, ManualFrame


def _deck(db, path):
    d = load_deck(path, db)
    return [c for c, n in d.crypt.items() for _ in range(n)], [c for c, n in d.library.items() for _ in range(n)]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_random_legal_games_with_real_decks(db, seed):
    files = sorted(shared_path("data", "twda-sample").glob("*.txt"))
    rng = random.Random(seed)
    picks = rng.sample(files, 4 + seed % 3)
    game = Game(db, Setup.from_decks([(f"P{i}", *_deck(db, p)) for i, p in enumerate(picks)]), seed=seed)
    for step in range(700):
        seat = flow.holder(game.state)
        assert not game.state.seats[seat].ousted, f"an ousted seat holds the impulse at step {step}"
        ans = game.legal(seat)
        options = [c for c in ans.commands if c.type not in ("resolve", "finish")]
        options += [u.command for a in ans.cards.values() for u in a.uses]
        if isinstance(game.state.top, ManualFrame):
            options.append(C.Done(seat=seat))
        assert options, f"nothing to do at step {step} in {flow.window(game.state)}"
        cmd = rng.choices(options, [0.2 if c.type == "end_phase" else 1.0 for c in options])[0]
        try:
            game.apply(cmd)
        except Refused as e:
            raise AssertionError(f"legal() offered {cmd!r}, apply refused it: {e}") from None
        if len(game.state.live_seats()) <= 1:
            break
    again = game.replay()
    assert again.view_for(0) == game.view_for(0)


# -- a whole game, scripted, to the last Methuselah standing -------------------------------------------------

FIVE_DECKS = ("10044.txt", "10098.txt", "10143.txt", "10194.txt", "10244.txt")


def _scripted_move(game: Game, rng: random.Random) -> C.Command:
    """A plain, sensible move for whoever must act now: vampires come into play, bleed their prey (or hunt when
    hungry), action cards from hand are played when the engine offers them, defenders sometimes block, combat
    uses hand strikes, and everything else passes. An effect the engine leaves to the players is closed with
    `done` (the only manual move)."""
    st = game.state
    seat = flow.holder(st)
    top = st.top
    if isinstance(top, ManualFrame):
        return C.Done(seat=seat)
    if flow.impulse_frame(st) is not None:
        if rng.random() < 0.2:   # an action modifier, a reaction, a combat card, a vote: what the engine offers
            ans = game.legal(seat)
            options = [c for c in ans.commands if c.type in ("vote", "terms", "diablerize", "prevent", "press")]
            options += [u.command for a in ans.cards.values() for u in a.uses]
            if options:
                return rng.choice(options)
        if isinstance(top, ActionFrame) and top.stage == "blocks" and seat in top.blockers \
                and seat not in top.declined and rng.random() < 0.3:
            for m in st.region(seat, "ready"):
                c = C.Block(seat=seat, minion=m)
                if game.can(c) is None:
                    return c
        if isinstance(top, CombatFrame) and top.step == "strike":
            for m in (top.a, top.b):
                if st.cards[m].controller == seat:
                    c = C.Strike(seat=seat, minion=m, strike="hand")
                    if game.can(c) is None:
                        return c
        return C.Pass(seat=seat)
    seat = st.active
    if st.phase == "unlock" and st.edge == seat and game.can(C.Use(seat=seat, card="edge")) is None:
        return C.Use(seat=seat, card="edge")
    if st.phase == "minion":
        ready = [m for m in st.region(seat, "ready") if not st.cards[m].locked]
        if ready and rng.random() < 0.5:
            ans = game.legal(seat)
            cards = [u.command for a in ans.cards.values() for u in a.uses if isinstance(u.command, C.Action)]
            if cards:
                return rng.choice(cards)
        for m in ready:
            for other in st.live_seats():
                for v in st.region(other, "torpor"):
                    c = C.Action(seat=seat, minion=m, kind="diablerie", target=v)
                    if other != seat and rng.random() < 0.5 and game.can(c) is None:
                        return c
        for m in ready:
            for kind in ("bleed", "hunt"):
                c = C.Action(seat=seat, minion=m, kind=kind)
                if game.can(c) is None:
                    return c
    if st.phase == "influence":
        unc = list(st.region(seat, "uncontrolled"))
        for v in unc:
            if game.can(C.Influence(seat=seat, vampire=v)) is None:
                return C.Influence(seat=seat, vampire=v)
        if st.seats[seat].pool > 8 and st.transfers:
            if unc:
                return C.Transfer(seat=seat, to=max(unc, key=lambda v: st.cards[v].counters))
            if st.transfers >= 4 and game.can(C.MoveCrypt(seat=seat)) is None:
                return C.MoveCrypt(seat=seat)
    return C.EndPhase(seat=seat)


@pytest.mark.parametrize("seed", [1, 2])
def test_scripted_five_player_game_to_the_last_methuselah_standing(db, seed):
    """Five real tournament decks play a whole game under the engine: every move is an ordinary engine command
    (the only manual move is `done` after an effect the engine leaves to the players), the game ends with one
    Methuselah standing, and the victory points are those the ousts earned."""
    files = [shared_path("data", "twda-sample", f) for f in FIVE_DECKS]
    game = Game(db, Setup.from_decks([(f"P{i}", *_deck(db, p)) for i, p in enumerate(files)]), seed=seed, secret="t")
    rng = random.Random(seed)
    manual = 0
    ousted_order: list[int] = []
    credited: list[tuple[int, int]] = []      # (ousted seat, the predator who gained the point)
    for step in range(60000):
        if len(game.state.live_seats()) <= 1:
            break
        cmd = _scripted_move(game, rng)
        before = [s.ousted for s in game.state.seats]
        preds = [game.state.predator(i) for i in range(len(before))]
        try:
            game.apply(cmd)
        except Refused as e:
            raise AssertionError(f"step {step}: {cmd!r} refused: {e}") from None
        manual += cmd.manual
        for i, s in enumerate(game.state.seats):
            if s.ousted and not before[i]:
                ousted_order.append(i)
                credited.append((i, preds[i]))
    st = game.state
    assert len(st.live_seats()) == 1, f"the game did not end: {len(st.live_seats())} Methuselahs left"
    assert manual == sum(1 for c in game.log if isinstance(c, C.Done))
    assert len(ousted_order) == 4 and not st.withdrawn
    winner = st.live_seats()[0]
    expected = [0.0] * 5
    for _ousted, pred in credited:    # each oust: 1 victory point to the predator of that moment
        expected[pred] += 1
    expected[winner] += 1
    assert [s.vp for s in st.seats] == expected
    assert sum(s.vp for s in st.seats) == 5
    r = game.result()
    assert r.over and r.vps == tuple(expected)
    assert r.winner == (winner if expected[winner] >= 2 and expected.count(max(expected)) == 1 else None)
    v = game.view_for(winner)
    assert v.game_over and v.ended_by == "last_standing" and v.scores[winner] == str(int(expected[winner]))
    again = game.replay()
    assert [s.vp for s in again.state.seats] == expected


def test_scripted_five_player_game_ends_on_time_out(db):
    """The same table stopped by the time limit after ten turns: each Methuselah still in the game gains ½
    victory point on top of what ousts gave, the views say the game is over, and nothing more is accepted."""
    files = [shared_path("data", "twda-sample", f) for f in FIVE_DECKS]
    game = Game(db, Setup.from_decks([(f"P{i}", *_deck(db, p)) for i, p in enumerate(files)]), seed=3, secret="t")
    rng = random.Random(3)
    while game.state.turn <= 10:
        game.apply(_scripted_move(game, rng))
    before = [s.vp for s in game.state.seats]
    live = game.state.live_seats()
    caller = live[-1]
    game.apply(C.TimeOut(seat=caller))
    after = [s.vp for s in game.state.seats]
    assert after == [v + (0.5 if i in live else 0) for i, v in enumerate(before)]
    v = game.view_for(0)
    assert v.game_over and v.ended_by == "time_out" and v.scores[live[0]].endswith(("½", ".5"))
    assert game.can(C.EndPhase(seat=game.state.active)) is not None
