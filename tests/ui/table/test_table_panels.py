"""The panels and dialogs: the log, the context menu, the new game dialog, the end of the game."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from table_support import card_named, make_game  # noqa: E402

from vtes_desktop.engine import commands as C  # noqa: E402


def _game(db):
    return make_game(db, ["Sarah", "Marcus"], ready={"Sarah": [("Colette", 4), ("Anson", 5)]},
                     hand={"Sarah": [".44 Magnum", "Dodge"]}, library={"Sarah": ["Dodge"] * 4})


def test_a_log_line_lights_the_cards_it_named(table, db):
    win = table(_game(db))
    anson = card_named(win, "Anson")
    win.submit_all([C.Lock(seat=0, card=anson.vid), C.Draw(seat=0, count=1)])
    tree = win.log_panel.tree
    group = tree.topLevelItem(0)
    assert group.text(0) == "Turn 5 \u00b7 Sarah"
    lines = [group.child(i) for i in range(group.childCount())]
    lock = next(it for it in lines if "locks Anson" in it.text(0))
    assert "(by hand)" in lock.text(0)                  # manual moves are marked
    win.log_panel._clicked(lock)
    assert card_named(win, "Anson").marked and not card_named(win, "Colette").marked
    win.log_panel.filter.setText("draws")
    assert all("draws" in t for t in win.log_panel.visible_texts()) and win.log_panel.visible_texts()


def test_the_context_menu_offers_what_is_legal_now_and_the_manual_moves(table, db):
    win = table(_game(db))
    magnum = card_named(win, ".44 Magnum", region="hand")
    menu = win.view.menu_at(magnum.mapToScene(magnum.boundingRect().center()))
    texts = [a.text() for a in menu.actions()]
    assert "Equip .44 Magnum with Colette" in texts and "Equip .44 Magnum with Anson" in texts
    dodge = card_named(win, "Dodge", region="hand")
    texts = [a.text() for a in win.view.menu_at(dodge.mapToScene(dodge.boundingRect().center())).actions()]
    assert any(t.startswith("Cannot be played now: Dodge can be played only during combat") for t in texts)
    colette = card_named(win, "Colette")
    menu = win.view.menu_at(colette.mapToScene(colette.boundingRect().center()))
    acts = {a.text().split("\t")[0]: a for a in menu.actions()}
    assert "Bleed with Colette" in acts and "Lock Colette" in acts
    acts["Bleed with Colette"].trigger()
    cmd = win.session.game.entries[-1].cmd
    assert isinstance(cmd, C.Action) and cmd.kind == "bleed"


def test_the_new_game_dialog_builds_the_game(qtbot, db, table):
    from vtes_desktop.ui.table import launch
    from vtes_desktop.ui.table.new_game_dialog import NewGameDialog, sample_deck
    from vtes_desktop.ui.table.table_settings import TableSettings

    dlg = NewGameDialog(db, TableSettings())
    qtbot.addWidget(dlg)
    dlg.count.setValue(3)
    assert "no deck" in dlg.problem.text()
    for r, name in zip(dlg.players(), ("Ann", "Ben", "Cat")):
        r.name.setText(name)
        r.set_choice(sample_deck(db))
    dlg.fixed_seating.setChecked(True)
    dlg.seed.setText("42")
    dlg.revalidate()
    assert dlg.problem.text() == ""
    spec = dlg.result_spec()
    game = launch.build_new_game(db, spec)
    assert [s.name for s in game.state.seats] == ["Ann", "Ben", "Cat"] and game.seed == 42
    win = table(game, hotseat=True)
    assert len(win.session.view.hand) == 7
    assert sum(1 for it in win.scene.cards.values() if it.region == "hand") == 7
    assert len(win.session.view.seats[0].regions["uncontrolled"]) == 4


def test_a_deck_file_with_unknown_lines_is_reported(db, tmp_path):
    from vtes_desktop.ui.table.new_game_dialog import read_choice

    with pytest.raises(ValueError):
        read_choice(db, text="this is not a deck at all")
    fixtures = __import__("pathlib").Path(__file__).resolve().parents[2] / "fixtures" / "decks" / "twd.txt"
    choice = read_choice(db, path=str(fixtures))
    assert choice.crypt and choice.library and "crypt" in choice.note


def test_the_end_of_the_game_shows_victory_points_and_the_game_win(table, db):
    game = make_game(db, ["Ann", "Ben"], ready={"Ann": [("Colette", 4)]}, pool={"Ben": 1},
                     library={"Ann": ["Dodge"], "Ben": ["Dodge"]})
    win = table(game)
    win.submit_all([C.Counters(seat=0, on="pool", delta=-1, player=1)])
    assert win.session.is_over
    assert win.final is not None and win.final.isVisible()
    rows = win.final.rows
    assert rows[0].name == "Ann" and rows[0].vp == 2 and rows[0].game_win
    assert rows[1].ousted and not rows[1].game_win


def test_a_bleed_done_by_hand_to_the_end(table, db):
    """Until the engine automates everything, Resolve, Finish and Done close an action by hand."""
    game = make_game(db, ["Sarah", "Marcus"], ready={"Sarah": [("Colette", 4)], "Marcus": [("Ayelech", 4)]})
    win = table(game)
    win.submit_all([C.Action(seat=0, minion=card_named(win, "Colette").vid, kind="bleed")])
    assert win.prompt_bar.buttons["finish"].isVisible()
    win.prompt_bar.buttons["finish"].click()
    assert win.session.view.action is None or win.session.view.action.stage == "resolution"
    assert win.session.view.seats[1].pool == 29


def test_prompt_words(db):
    from vtes_desktop.ui.table import prompt

    game = make_game(db, ["Nora", "Alexis"], uncontrolled={"Nora": [("Alexa Draper", 2)]},
                     turn=("Nora", "influence", 9))
    p = prompt.build(game.view_for(0), game.legal(0))
    assert p.text == "Nora: transfer pool, bring a vampire into play, or end the phase"
    assert "4 transfers left" in p.context and p.yours
    assert not prompt.build(game.view_for(1), game.legal(1)).yours


def test_described_commands(db):
    from vtes_desktop.ui.table.describe import describe

    names = {1: "Anson", 2: ".44 Magnum"}.get
    assert describe(C.Action(seat=0, minion=1, kind="bleed"), names) == "Bleed with Anson"
    assert describe(C.Action(seat=0, minion=1, kind="equip", card=2), names) == "Equip .44 Magnum with Anson"
    assert describe(C.Transfer(seat=0, to=1, amount=3), names) == "Transfer 3 pool to Anson"
    assert describe(C.Counters(seat=0, on=1, delta=-2), names) == "Remove 2 from Anson"
    assert describe(C.Move(seat=0, card=1, to="ash_heap"), names) == "Move Anson to the ash heap"


def test_a_folder_of_card_images_is_used_where_an_image_exists(table, db, tmp_path):
    from PySide6.QtGui import QColor, QImage

    from vtes_desktop.ui.table.card_images import CardImages

    img = QImage(63, 88, QImage.Format.Format_RGB32)
    img.fill(QColor("#00ff00"))
    img.save(str(tmp_path / "colette.png"))
    images = CardImages(tmp_path)
    assert images.path_for(db["Colette"]) == tmp_path / "colette.png"
    assert images.path_for(db["Anson"]) is None
    win = table(_game(db))
    win.scene.set_images(images)
    pm = card_named(win, "Colette").render_pixmap()
    centre = pm.toImage().pixelColor(pm.width() // 2, pm.height() // 2)
    assert centre.green() > 200 and centre.red() < 60      # the image, not the drawn face


def test_a_contested_card_lies_face_down_with_a_marker(table, db):
    import dataclasses

    win = table(_game(db))
    colette = card_named(win, "Colette")
    cv = dataclasses.replace(colette.cv, contested=True)
    colette.set_state(cv, colette.cdef, seat=0, region="ready", scale=colette.s, face_up=False)
    assert not colette.shows_face and "Contested" in colette.toolTip()
    img = colette.render_pixmap().toImage()
    assert not img.isNull()


def test_the_panels_own_widgets_survive_the_event_loop_between_updates(table, db, qtbot):
    """The stealth meter and the combat timeline are reused from one update to the next: clearing a panel's
    layout must not delete them (an update after the event loop ran used to hit a deleted C++ object)."""
    from PySide6.QtCore import QCoreApplication, QEvent

    game = make_game(db, ["Ann", "Ben"], ready={"Ann": [("Colette", 4)], "Ben": [("Anson", 5)]},
                     library={"Ann": ["Dodge"] * 3, "Ben": ["Dodge"] * 3})
    win = table(game, hotseat=True, auto_pass=False)
    colette = card_named(win, "Colette")
    for cmd in ([C.Action(seat=0, minion=colette.vid, kind="bleed")], [C.Pass(seat=0)]):
        win.submit_all(cmd)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        qtbot.wait(10)
    win.submit_all([C.Pass(seat=1)])
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    win._updated(win.session.view, win.session.log(), True)        # one more update: the meter is still there
    assert win.assist_panel.action.meter is not None
