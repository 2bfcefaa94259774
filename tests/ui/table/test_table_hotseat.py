"""Hot-seat play: the table follows the impulse, passes for seats that can only pass, hides hands."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from table_support import card_named, make_game  # noqa: E402

from vtes_desktop.engine import commands as C  # noqa: E402


def _bleed_table(db, *, blocker: bool):
    return make_game(db, ["Ann", "Ben", "Cat"],
                     ready={"Ann": [("Colette", 4)], **({"Ben": [("Anson", 5)]} if blocker else {}),
                            "Cat": [("Ayelech", 4)]},
                     hand={"Ann": ["Dodge"], "Ben": ["Dodge"], "Cat": ["Dodge"]},
                     library={"Ann": ["Dodge"] * 3, "Ben": ["Dodge"] * 3, "Cat": ["Dodge"] * 3})


def test_seats_that_can_only_pass_pass_by_themselves(table, db):
    win = table(_bleed_table(db, blocker=False), hotseat=True)
    session = win.session
    colette = card_named(win, "Colette", region="ready")
    assert win.submit_all([C.Action(seat=0, minion=colette.vid, kind="bleed")])
    game = session.game
    # Ben cannot block and has nothing to play: the bleed went through without anyone clicking
    assert session.view.seats[1].pool == 29
    passes = [e for i, e in enumerate(game.entries) if i in session._auto]
    assert passes and all(isinstance(e.cmd, (C.Pass, C.DeclineBlock)) for e in passes)
    assert session.seat == 0 and session.view.impulse == 0       # back to Ann, whose input is needed
    assert not any("passes" in t for t in win.log_panel.visible_texts())   # automatic passes hidden
    win.log_panel.hide_auto.setChecked(False)
    assert any("passes" in t or "does not block" in t for t in win.log_panel.visible_texts())


def test_the_table_shows_the_seat_asked_and_what_it_is_asked(table, db):
    win = table(_bleed_table(db, blocker=True), hotseat=True)
    colette = card_named(win, "Colette", region="ready")
    win.submit_all([C.Action(seat=0, minion=colette.vid, kind="bleed")])
    s = win.session
    assert s.seat == 1 and s.view.impulse == 1                    # Ben may block: his side is shown
    assert win.prompt_bar.question.text().startswith("Ben: block Colette's bleed?")
    assert win.prompt_bar.buttons["decline_block"].isVisible()
    assert win.scene.seats[1].impulse
    assert card_named(win, "Colette").acting


def test_the_privacy_screen_comes_only_when_the_hand_on_show_changes(table, db):
    game = make_game(db, ["Ann", "Ben"], ready={"Ann": [("Colette", 4)], "Ben": [("Anson", 5)]},
                     hand={"Ann": ["Dodge"], "Ben": [".44 Magnum"]},
                     library={"Ann": ["Dodge"] * 3, "Ben": ["Dodge"] * 3}, turn=("Ann", "master", 5))
    win = table(game, hotseat=True, privacy=True)
    assert not win.privacy.covering
    win.submit_all([C.EndPhase(seat=0)])            # Ann's minion phase: still Ann
    assert not win.privacy.covering
    for _ in range(3):                              # minion, influence, discard: Ben's turn comes
        win.submit_all([C.EndPhase(seat=0)])
    assert win.session.seat == 1
    assert win.privacy.covering and "Ben" in win.privacy.title.text()
    assert not win.submit_all([C.EndPhase(seat=1)])  # nothing goes through the screen
    win.privacy.show_button.click()
    assert not win.privacy.covering
    assert card_named(win, ".44 Magnum", region="hand").shows_face


def test_another_seats_hand_never_renders_a_face(table, db):
    game = make_game(db, ["Ann", "Ben"], hand={"Ann": ["Dodge", "Bonding"], "Ben": [".44 Magnum", "Deflection"]},
                     uncontrolled={"Ann": [("Alexa Draper", 1)], "Ben": [("Sybren van Oosten", 3)]},
                     library={"Ann": ["Dodge"], "Ben": ["Dodge"]})
    win = table(game)
    for seat_on_show, other in ((0, 1), (1, 0)):
        win.session.show_seat(seat_on_show)
        items = list(win.scene.cards.values())
        assert {it.cdef.display for it in items if it.region == "hand"} == \
            ({"Dodge", "Bonding"} if seat_on_show == 0 else {".44 Magnum", "Deflection"})
        assert not [it for it in items if it.seat == other and it.region == "hand"]
        hidden = [it for it in items if it.seat == other and it.region == "uncontrolled"]
        assert hidden and all(not it.shows_face and it.cdef is None for it in hidden)
        assert hidden[0].cv.counters in (1, 3)                      # the blood shows, the card does not
        pile = win.scene.piles[(other, "hand")]
        assert pile.count == 2 and pile.top is None
        for it in hidden:
            win.scene.hover_card(it)
            assert win.preview.card is None or win.preview.card.display not in ("Alexa Draper", "Sybren van Oosten")
        win.preview.clear()
        # nothing in the rendered log names a card of the other hand
        secret = {"Dodge", "Bonding"} if other == 0 else {".44 Magnum", "Deflection"}
        assert not any(name in t for t in win.log_panel.visible_texts() for name in secret)


def test_undo_takes_back_my_step_and_the_passes_made_for_others(table, db):
    win = table(_bleed_table(db, blocker=False), hotseat=True)
    colette = card_named(win, "Colette", region="ready")
    win.submit_all([C.Action(seat=0, minion=colette.vid, kind="bleed")])
    assert win.session.view.seats[1].pool == 29
    win.undo()
    assert win.session.view.seats[1].pool == 30
    assert win.session.view.action is None and not card_named(win, "Colette").cv.locked
    assert win.session.seat == 0


def test_random_legal_play_through_the_table(table, db):
    """Seeded random play through the window: the table always shows the seat asked, and only its hand."""
    import random

    from vtes_desktop.engine.bench import demo_setup
    from vtes_desktop.engine.game import Game

    win = table(Game(db, demo_setup(db, 3), seed=5, secret="t"), hotseat=True, privacy=True)
    s = win.session
    rng = random.Random(7)
    for _ in range(120):
        if s.is_over:
            break
        if win.privacy.covering:
            win.privacy.show_button.click()
        opts = list(s.legal.commands) + [u.command for a in s.legal.cards.values() for u in a.uses]
        assert opts, (s.view.phase, s.view.window)
        win.submit_all([rng.choice(opts)])
        assert s.seat == s.view.impulse == s.needed_seat()
        hand = [it for it in win.scene.cards.values() if it.region == "hand"]
        assert len(hand) == len(s.view.hand) and all(it.seat == s.seat and it.shows_face for it in hand)
    assert len(s.game.entries) >= 120


def test_taking_back_a_step_from_the_privacy_screen(table, db):
    game = make_game(db, ["Ann", "Ben"], ready={"Ann": [("Colette", 4)]},
                     library={"Ann": ["Dodge"] * 3, "Ben": ["Dodge"] * 3}, turn=("Ann", "discard", 5))
    win = table(game, hotseat=True, privacy=True)
    win.submit_all([C.EndPhase(seat=0)])                  # Ben's turn: the screen comes
    assert win.privacy.covering and win.session.seat == 1
    win.privacy.undo_button.click()                       # Ann takes her step back
    assert not win.privacy.covering
    assert win.session.seat == 0 and win.session.view.phase == "discard"


def test_a_smaller_game_after_a_bigger_one_leaves_no_seat_behind(table, db):
    from vtes_desktop.ui.table.session import LocalSession

    win = table(_bleed_table(db, blocker=True))
    assert len(win.scene.seats) == 3
    win.set_session(LocalSession(make_game(db, ["Ann", "Ben"]), hotseat=False))
    assert sorted(win.scene.seats) == [0, 1] and sorted(win.scene.pools) == [0, 1]
    assert all(seat < 2 for seat, _ in win.scene.zones) and all(seat < 2 for seat, _ in win.scene.piles)
    win.session.show_seat(1)
    visible = {k for k, p in win.scene.piles.items() if p.isVisible()}
    assert (1, "hand") not in visible and (0, "hand") in visible   # the seat on show has its hand, not a chip
