"""The About dialog (app version, card data, Qt) and the welcome panel over the main window."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt


@pytest.fixture
def config_dir(tmp_path, monkeypatch):
    d = tmp_path / "config"
    monkeypatch.setenv("VTES_DESKTOP_CONFIG", str(d))
    return d


@pytest.fixture
def make_window(qtbot, config_dir):
    from PySide6.QtWidgets import QApplication

    from vtes_desktop.ui.main_window import MainWindow
    from vtes_desktop.ui.settings import load_settings
    from vtes_desktop.ui.theme import apply_theme, load_theme
    from vtes_desktop.ui.welcome_panel import install_welcome

    def make(db=None, **features):
        settings = load_settings()
        theme = load_theme(settings.theme)
        apply_theme(QApplication.instance(), theme)
        w = MainWindow(settings, theme, persist=False)
        for name, fn in features.items():
            setattr(w, name, fn)
        qtbot.addWidget(w)
        install_welcome(w)
        w.show()
        qtbot.waitExposed(w)
        if db is not None:
            w.set_db(db)
        return w

    return make


def test_about_names_the_app_the_card_data_and_qt(db, qtbot):
    from PySide6 import __version__ as pyside_version
    from PySide6.QtCore import qVersion
    from PySide6.QtGui import QGuiApplication

    from vtes_desktop import __version__
    from vtes_desktop.ui.about_dialog import AboutDialog, about_facts

    facts = dict(about_facts(db))
    assert facts["Version"] == __version__
    assert facts["Card data"] == f"{len(db)} cards, {db.info.source}"
    assert facts["Card data version"] == db.info.key
    assert facts["Qt"] == f"{qVersion()} (PySide6 {pyside_version})"
    assert dict(about_facts(None))["Card data"] == "still loading"

    dlg = AboutDialog(db)
    qtbot.addWidget(dlg)
    assert dlg.values["Version"].text() == __version__
    dlg.copy_button.click()
    copied = QGuiApplication.clipboard().text()
    assert copied.startswith(f"VTES Desktop {__version__}\n") and f"Card data version: {db.info.key}" in copied


def test_welcome_panel_buttons_open_what_exists(make_window, db, monkeypatch):
    from vtes_desktop.ui import welcome_panel as wp

    w = make_window(db)
    panel = w.welcome_panel
    assert panel.isVisible()
    assert [b.text() for b in (panel.goldfish, panel.lan, panel.learn)] == \
        ["Goldfish a deck", "Host or join a LAN game", "Learn the rules"]
    # the browser is still there, below the panel
    assert w.browser.isVisible() and w.splitter.isVisible()
    # the window has LAN play (ui/net): the button offers Host a game… / Join a game… (MainWindow.open_lan)
    assert panel.lan.isEnabled() and panel.lan.toolTip() != wp.LAN_TIP_OFF
    calls = []
    monkeypatch.setattr(w, "open_table", lambda **kw: calls.append(kw))
    monkeypatch.setattr(w, "open_goldfish", lambda: calls.append("goldfish"))   # the goldfish table (ui/goldfish)
    monkeypatch.setattr(w, "open_lan", lambda: calls.append("lan"))
    panel.goldfish.click()
    panel.lan.click()
    assert calls == ["goldfish", "lan"]
    # the window has the Learn screen (ui/learn): the button opens it
    assert panel.learn.isEnabled()
    panel.learn.click()
    assert w._learn.isVisible() and w._learn.items
    w._learn.close()


def test_features_on_the_window_enable_their_buttons(make_window):
    called = []
    w = make_window(open_lan=lambda: called.append("lan"), open_lessons=lambda: called.append("learn"),
                    open_goldfish=lambda: called.append("goldfish"))
    p = w.welcome_panel
    assert p.lan.isEnabled() and p.learn.isEnabled() and p.goldfish.isEnabled()
    for b in (p.goldfish, p.lan, p.learn):
        b.click()
    assert called == ["goldfish", "lan", "learn"]


def test_hiding_the_panel_is_remembered_and_help_brings_it_back(make_window, config_dir):
    from vtes_desktop.ui.welcome_panel import install_welcome, is_dismissed

    w = make_window()
    assert install_welcome(w) is w.welcome_panel          # installing twice is harmless
    help_menu = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Help")
    assert w.welcome_action in help_menu.actions()
    w.welcome_panel.close_button.click()
    assert not w.welcome_panel.isVisible() and not w.welcome_action.isChecked()
    assert is_dismissed() and (config_dir / "welcome.json").is_file()

    w2 = make_window()
    assert not w2.welcome_panel.isVisible()
    w2.welcome_action.trigger()
    assert w2.welcome_panel.isVisible() and not is_dismissed()


def test_a_broken_welcome_state_file_shows_the_panel(make_window, config_dir):
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "welcome.json").write_text("{not json", encoding="utf-8")
    assert make_window().welcome_panel.isVisible()


def test_help_about_opens_the_about_dialog(make_window, db, monkeypatch):
    from vtes_desktop.ui import about_dialog

    shown = []
    monkeypatch.setattr(about_dialog.AboutDialog, "exec", lambda self: shown.append(self) or 0)
    w = make_window(db)
    help_menu = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Help")
    about = next(a for a in help_menu.actions() if a.text().startswith("&About"))
    about.trigger()
    assert len(shown) == 1 and shown[0].db is db
    assert shown[0].values["Card data version"].text() == db.info.key
