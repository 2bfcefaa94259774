"""The window side of LAN play: two players join a host (a child process on loopback) through the lobby,
get ready, play at the table through a `NetSession`, and talk."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from vtes_desktop.net.bench import start_host, write_deck_files  # noqa: E402
from vtes_desktop.ui.net.host_dialog import HostParams  # noqa: E402
from vtes_desktop.ui.net.join_dialog import JoinDialog, parse_address  # noqa: E402
from vtes_desktop.ui.net.lobby_widget import LobbyWidget  # noqa: E402
from vtes_desktop.ui.net.session import NetSession  # noqa: E402


def join_in_order(qtbot, db, port, names=("Ann", "Ben")) -> list[NetSession]:
    """Sessions joining one after the other (the test host seats players in the order they sit down)."""
    out = []
    for n in names:
        s = NetSession.connect_to(db, "127.0.0.1", port, n, pass_delay=0)
        qtbot.waitUntil(lambda: s.welcome is not None, timeout=10000)
        out.append(s)
    return out


@pytest.fixture
def hosted(tmp_path, db):
    decks = write_deck_files(tmp_path, 2)
    proc, port = start_host(tmp_path, decks, 2)
    yield port
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)


def test_two_players_meet_in_the_lobby_then_play_at_the_table(qtbot, db, hosted):
    sessions = join_in_order(qtbot, db, hosted)
    lobbies = [LobbyWidget(s) for s in sessions]
    for w in lobbies:
        qtbot.addWidget(w)
    try:
        ann, ben = sessions
        qtbot.waitUntil(lambda: all(s.lobby is not None and len(s.lobby.players) == 2 for s in sessions),
                        timeout=10000)
        rows = lobbies[0].rows()
        assert len(rows) == 2 and "Ben" in rows[1] and "(not ready)" in rows[1]
        # the seats' table: the player's own row named, each deck's size as the host accepted it
        table = lobbies[0].players
        assert table.topLevelItemCount() == 2 and table.topLevelItem(0).text(0) == "Ann (you)"
        assert table.topLevelItem(1).text(2) == "12 crypt \u00b7 66 library" and "host" in table.topLevelItem(1).text(1)
        assert table.topLevelItem(1).text(3) == "Not ready"
        assert lobbies[0].ready.isEnabled()
        late = NetSession.connect_to(db, "127.0.0.1", hosted, "Cat", pass_delay=0)
        late_lobby = LobbyWidget(late)
        qtbot.addWidget(late_lobby)
        qtbot.waitUntil(lambda: "Could not join: the table is full" in late_lobby.status.text(), timeout=5000)
        late.close()
        lobbies[0].phrases.setCurrentIndex(1)
        lobbies[0].phrases.activated.emit(1)              # a quick phrase
        qtbot.waitUntil(lambda: "Ann: No block." in lobbies[1].talk.toPlainText(), timeout=5000)
        with qtbot.waitSignals([lobbies[0].started, lobbies[1].started], timeout=10000):
            lobbies[0].ready.setChecked(True)
            lobbies[1].ready.setChecked(True)
        assert (ann.seat, ben.seat) == (0, 1)             # fixed seating in the test host
        assert ann.view.seat == 0 and len(ann.view.hand) == 7 and ann.legal.holds_impulse
        assert not ben.legal.holds_impulse and ben.view.seats[0].hand_count == 7
        assert all(c.cid is None for c in ben.view.seats[0].regions["uncontrolled"])
        # a command from the table goes to the host and comes back to both seats
        from vtes_desktop.engine import commands as C

        with qtbot.waitSignal(ben.updated, timeout=5000):
            assert ann.submit(C.EndPhase(seat=0)) is None
        assert ben.view.phase == "master" and ben.step == 1
        # Ben is out of turn: the host's refusal comes back as the session's `refused`
        with qtbot.waitSignal(ben.refused, timeout=5000) as blocker:
            ben.submit(C.EndPhase(seat=1))
        cmd, err = blocker.args
        assert cmd.type == "end_phase" and err.rule == "out of turn" and "Ann holds the impulse" in err.message
        # cards are named by view id: the legal answer's card keys are the hand's ids
        assert set(ann.legal.cards) == {c.id for c in ann.view.hand}
        assert ann.answer_for(ann.view.hand[0].id) is not None
        assert any("master phase" in ln.text for ln in ben.log())
    finally:
        for s in sessions:
            s.close()


def test_a_table_window_plays_over_a_network_session(qtbot, db, hosted):
    from vtes_desktop.ui.table.table_settings import TableSettings
    from vtes_desktop.ui.table.table_window import TableWindow
    from vtes_desktop.ui.theme import load_theme

    sessions = join_in_order(qtbot, db, hosted)
    try:
        for s in sessions:
            s.set_ready(True)
        qtbot.waitUntil(lambda: all(s.view is not None for s in sessions), timeout=10000)
        win = TableWindow(db, load_theme("dark"), TableSettings(), persist=False)
        win.scene.animate = False
        qtbot.addWidget(win)
        win.resize(1200, 800)
        win.set_session(sessions[1])
        win.show()
        with qtbot.waitSignal(win.drawn, timeout=5000):
            sessions[0].submit(sessions[0].legal.commands[0])   # Ann ends her unlock phase
        assert win.session.view.phase == "master"
    finally:
        for s in sessions:
            s.close()


def test_join_dialog_reads_the_address_and_the_deck(qtbot, tmp_path):
    assert parse_address("192.168.1.20:7800") == ("192.168.1.20", 7800)
    assert parse_address("tablehost") == ("tablehost", 7720)
    assert parse_address("[::1]:7721") == ("::1", 7721)
    assert parse_address("host:port") is None and parse_address("") is None and parse_address("a b:1") is None
    deck = tmp_path / "deck.txt"
    deck.write_text("Crypt (12)\n12x Nassir\n", encoding="utf-8")
    dlg = JoinDialog(browse=False)
    qtbot.addWidget(dlg)
    dlg.address.setText("127.0.0.1:7730")
    dlg.name.setText("Cat")
    dlg.deck.setText(str(deck))
    p = dlg.read()
    assert (p.host, p.port, p.name, p.spectator) == ("127.0.0.1", 7730, "Cat", False) and "Nassir" in p.deck
    dlg.name.setText("")
    with pytest.raises(ValueError):
        dlg.read()


def test_host_params_make_the_host_command_line():
    cmd = HostParams(seats=4, port=7800, password="pw", judge=True, announce=False, lan=False).command()
    assert cmd[1:4] == ["-m", "vtes_desktop", "host"]
    assert cmd[4:] == ["--seats", "4", "--port", "7800", "--bind", "127.0.0.1", "--password", "pw", "--judge",
                       "--no-mdns"]


def test_window_seats_rejoin_a_host_restarted_on_its_game_file(qtbot, db, tmp_path):
    """The host process dies mid-game and comes back on its game file and port: each window's session joins
    again by itself with its seat token, gets its view back at the same step, and play goes on."""
    from vtes_desktop.engine import commands as C

    decks = write_deck_files(tmp_path, 2)
    proc, port = start_host(tmp_path, decks, 2)
    sessions = []
    try:
        sessions = join_in_order(qtbot, db, port)
        ann, ben = sessions
        for s in sessions:
            s.set_ready(True)
        qtbot.waitUntil(lambda: all(s.view is not None for s in sessions), timeout=10000)
        ann.submit(C.EndPhase(seat=0))
        qtbot.waitUntil(lambda: ann.step == ben.step == 1, timeout=5000)
        before = (ann.view, ben.view, ann.step)
        back = []      # connected before the host dies: a queued signal reaches only the slots connected then
        ann.joined.connect(lambda w: back.append("Ann"))
        ben.joined.connect(lambda w: back.append("Ben"))
        with qtbot.waitSignals([ann.reconnecting, ben.reconnecting], timeout=10000):
            proc.kill()
            proc.wait(10)
        proc, again = start_host(tmp_path, decks, 2, port=port)
        assert again == port
        qtbot.waitUntil(lambda: sorted(back) == ["Ann", "Ben"], timeout=15000)
        try:
            qtbot.waitUntil(lambda: (ann.view, ben.view, ann.step) == before, timeout=10000)
        except Exception:
            raise AssertionError(f"after the restart: steps {ann.step}, {ben.step} (before {before[2]}); views "
                                 f"the same: {ann.view == before[0]}, {ben.view == before[1]}") from None
        ann.submit(C.EndPhase(seat=0))
        qtbot.waitUntil(lambda: ann.step == ben.step == before[2] + 1, timeout=5000)
    finally:
        for s in sessions:
            s.close()
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)


def test_a_spectator_watches_at_a_table_window(qtbot, db, hosted):
    """A spectator's public view belongs to no seat: the table shows it from the first seat's side, with no
    hand and every uncontrolled region face down, and follows the game."""
    from vtes_desktop.ui.table.table_settings import TableSettings
    from vtes_desktop.ui.table.table_window import TableWindow
    from vtes_desktop.ui.theme import load_theme

    sessions = join_in_order(qtbot, db, hosted)
    watcher = None
    try:
        for s in sessions:
            s.set_ready(True)
        qtbot.waitUntil(lambda: all(s.view is not None for s in sessions), timeout=10000)
        watcher = NetSession.connect_to(db, "127.0.0.1", hosted, "Zoe", spectator=True, pass_delay=0)
        qtbot.waitUntil(lambda: watcher.view is not None, timeout=10000)
        assert watcher.welcome.spectator and watcher.legal is None
        assert watcher.view.seat == 0 and watcher.view.hand == ()
        assert all(c.cid is None for seat in watcher.view.seats for c in seat.regions["uncontrolled"])
        win = TableWindow(db, load_theme("dark"), TableSettings(), persist=False)
        win.scene.animate = False
        qtbot.addWidget(win)
        win.resize(1200, 800)
        win.set_session(watcher)
        win.show()
        with qtbot.waitSignal(win.drawn, timeout=5000):
            sessions[0].submit(sessions[0].legal.commands[0])   # Ann ends her unlock phase
        assert watcher.view.phase == "master" and watcher.view.seat == 0
        tags = [t for it in win.scene.seats.values() for t, _ in it.tags]
        assert not any(t.startswith("Your ") for t in tags)          # a spectator sits at no seat
        assert "Their turn" in tags and any(t.startswith("Hand 7 ") for t in tags)
        # a spectator plays nothing
        with qtbot.waitSignal(watcher.refused, timeout=1000) as got:
            win.submit_all([sessions[0].legal.commands[0]])
        assert got.args[1].rule == "spectator"
    finally:
        for s in sessions + ([watcher] if watcher else []):
            s.close()
