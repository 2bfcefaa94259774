"""LAN play from the main window: Game > Host a game… starts a host process and a lobby over loopback,
Game > Join a game… joins it, and the table of a network seat turns off what only a local game can do.

The modal dialogs are filled in by the test (their `exec` is replaced); the host is bound to 127.0.0.1 and not
announced; the Join dialog's look for games on the network is replaced by a fake list (no multicast leaves
this machine)."""

from __future__ import annotations

import socket

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QDialog  # noqa: E402

from vtes_desktop.net import discovery  # noqa: E402
from vtes_desktop.net.bench import write_deck_files  # noqa: E402
from vtes_desktop.ui.net import launch  # noqa: E402
from vtes_desktop.ui.net.host_dialog import HostDialog  # noqa: E402
from vtes_desktop.ui.net.join_dialog import JoinDialog  # noqa: E402

pytestmark = pytest.mark.qt


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _item(menu, start: str):
    return next(x for x in menu.actions() if x.text().startswith(start))


def _lobbies() -> list:
    return [o for o in launch._open if isinstance(o, launch.LobbyWindow)]


@pytest.fixture
def cleanup():
    """Whatever the launcher left open is closed (tables, lobbies, the host process)."""
    yield
    for o in list(launch._open):
        if isinstance(o, launch.HostedGame):
            o.stop()
        elif hasattr(o, "close"):
            o.close()
    for o in list(launch._open):
        if isinstance(o, launch.HostedGame):
            o.stop()
    launch._open.clear()


def test_the_game_menu_hosts_a_game_and_joins_it_over_loopback(window, qtbot, monkeypatch, tmp_path, cleanup):
    monkeypatch.setenv("VTES_DESKTOP_DATA", str(tmp_path / "data"))    # the host process's game file goes here
    decks = write_deck_files(tmp_path, 2)
    port = _free_port()
    window.settings.last_deck = str(decks[0])
    texts = [a.text() for a in window.menuBar().actions() if a.menu() is not None
             for a in a.menu().actions()]
    assert "&Host a game…" in texts and "&Join a game…" in texts
    seen: dict[str, QDialog] = {}

    def host_exec(dlg: HostDialog) -> int:
        seen["host"] = dlg
        assert dlg.deck.text() == str(decks[0])           # the deck last opened in the window
        dlg.name.setText("Ann")
        dlg.seats.setValue(2)
        dlg.port.setValue(port)
        dlg.local.setChecked(True)                        # 127.0.0.1 only
        dlg.announce.setChecked(False)
        dlg._accept()
        return dlg.result()

    monkeypatch.setattr(HostDialog, "exec", host_exec)
    window.act_host_game.trigger()
    assert "host" in seen
    [ann_lobby] = _lobbies()
    hosted = ann_lobby.hosted
    assert hosted is not None and hosted.proc.poll() is None and hosted.port == port
    assert hosted.proc.args[hosted.proc.args.index("--bind") + 1] == "127.0.0.1" and "--no-mdns" in hosted.proc.args
    ann = ann_lobby.session
    qtbot.waitUntil(lambda: ann.welcome is not None and len(ann_lobby.lobby.rows()) == 2, timeout=15000)
    assert ann_lobby.lobby.rows()[0].startswith("Ann")
    assert ann_lobby.lobby.rows()[1] == "(an empty seat)"

    # Join a game…: the games found on the network (a fake list here), one chosen, the name remembered
    monkeypatch.setattr(discovery, "available", lambda: True)
    monkeypatch.setattr(discovery, "browse", lambda *a, **k: [discovery.Found(
        "Ann's table", "127.0.0.1", port, 2, False, discovery.PROTOCOL_VERSION, discovery.APP_VERSION)])

    def join_exec(dlg: JoinDialog) -> int:
        seen["join"] = dlg
        assert dlg.name.text() == "Ann"                   # the name last played under
        qtbot.waitUntil(lambda: dlg.games.count() == 1 and "Ann's table" in dlg.games.item(0).text(), timeout=5000)
        dlg._pick(dlg.games.item(0))
        assert dlg.address.text() == f"127.0.0.1:{port}"
        dlg.name.setText("Ben")
        dlg.deck.setText(str(decks[1]))
        dlg._accept()
        return dlg.result()

    monkeypatch.setattr(JoinDialog, "exec", join_exec)
    window.act_join_game.trigger()
    ben_lobby = next(lb for lb in _lobbies() if lb is not ann_lobby)
    ben = ben_lobby.session
    qtbot.waitUntil(lambda: ben.welcome is not None and ann.lobby is not None and len(ann.lobby.players) == 2,
                    timeout=15000)
    qtbot.waitUntil(lambda: "Ben" in ann_lobby.lobby.rows()[1], timeout=5000)
    assert ben_lobby.hosted is None

    # both ready: each lobby opens its table over its network session
    ann_lobby.lobby.ready.setChecked(True)
    ben_lobby.lobby.ready.setChecked(True)
    qtbot.waitUntil(lambda: ann_lobby.table is not None and ben_lobby.table is not None, timeout=15000)
    table = ann_lobby.table
    assert table.session is ann and ann.view is not None
    off = {a.objectName(): a.isEnabled() for a in table.actions() + [table.seat_menu.menuAction()]
           if a.objectName() in table.NETWORK_OFF}
    assert off == dict.fromkeys(table.NETWORK_OFF, False)
    assert table.act_undo.isEnabled()
    # Save and Export do nothing at all for a network seat (no file dialog, no game to write)
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName",
                        lambda *a, **k: pytest.fail("a file dialog for a network seat"))
    table.save_as()
    table.export_position()
    # Undo goes to the host (started without --undo: refused with its reason); another seat's step is refused here
    with qtbot.waitSignal(ann.refused, timeout=5000) as got:
        table.undo()
    assert got.args[1].rule == "undo" and "--undo" in got.args[1].message
    with qtbot.waitSignal(ann.refused, timeout=1000) as got:
        assert ann.undo(1 - ann.seat) is not None
    assert "their own step" in got.args[1].message

    # the table talk: who sits where, what is said (in the log too), and an alert for the seat the table waits for
    talks = [ann_lobby.table.table_talk, ben_lobby.table.table_talk]
    assert "Ann" in talks[0].who.text() and "Ben" in talks[0].who.text()
    waited = [t for t in talks if t.session.legal.holds_impulse]
    assert len(waited) == 1 and waited[0].alerts == 1 and "Your move" in waited[0].turn.text()
    assert [t.alerts for t in talks if t not in waited] == [0]
    talks[1].line.setText("Bleed for 3?")
    talks[1].send.click()
    qtbot.waitUntil(lambda: any(ln.kind == "chat" and ln.text == "Ben: Bleed for 3?" for ln in ann.log()), timeout=5000)
    # closing the hosting player's table stops the host process
    table.close()
    qtbot.waitUntil(lambda: hosted.proc.poll() is not None, timeout=10000)
    ben_lobby.table.close()


def test_a_local_table_keeps_the_actions_a_network_seat_loses(qtbot, db, tmp_path):
    from vtes_desktop.engine.bench import demo_setup
    from vtes_desktop.engine.game import Game
    from vtes_desktop.ui.table.launch import session_for_game
    from vtes_desktop.ui.table.table_settings import TableSettings
    from vtes_desktop.ui.table.table_window import TableWindow
    from vtes_desktop.ui.theme import load_theme

    win = TableWindow(db, load_theme("dark"), TableSettings(), persist=False)
    qtbot.addWidget(win)
    win.set_session(session_for_game(Game(db, demo_setup(db, 2), seed=1)))
    assert all(a.isEnabled() for a in win.actions() + [win.seat_menu.menuAction()]
               if a.objectName() in win.NETWORK_OFF)


def test_the_join_dialog_opens_from_the_menu_and_the_welcome_panel(window, qtbot, monkeypatch, cleanup):
    monkeypatch.setattr(discovery, "available", lambda: False)        # no look for games on the network
    opened = []

    def join_exec(dlg: JoinDialog) -> int:
        opened.append(dlg.windowTitle())
        return QDialog.DialogCode.Rejected.value

    monkeypatch.setattr(JoinDialog, "exec", join_exec)
    assert window.open_join_game() is None and opened == ["Join a game"] and _lobbies() == []
    # the welcome panel's button: a small menu, Host a game… / Join a game…
    panel = window.welcome_panel
    assert panel.lan.isEnabled()
    monkeypatch.setattr(launch.LanMenu, "exec", lambda self, *a: _item(self, "Join"))
    panel.lan.click()
    assert opened == ["Join a game"] * 2

    def host_exec(dlg: HostDialog) -> int:
        opened.append(dlg.windowTitle())
        return QDialog.DialogCode.Rejected.value

    monkeypatch.setattr(HostDialog, "exec", host_exec)
    monkeypatch.setattr(launch.LanMenu, "exec", lambda self, *a: _item(self, "Host"))
    panel.lan.click()
    assert opened[-1] == "Host a game" and _lobbies() == []
