"""Settings: a small JSON file that round-trips, is written atomically, and never stops a start."""

from __future__ import annotations

import json

import pytest

from vtes_desktop.ui.settings import Settings, load_settings, save_settings, settings_path


def test_round_trip(config_dir):
    s = Settings(theme="light", geometry="AAEC", splitter="AwQ=", last_deck="/decks/brujah.txt")
    assert save_settings(s)
    assert settings_path().parent == config_dir
    assert load_settings() == s
    assert json.loads(settings_path().read_text())["version"] == 1
    assert [p.name for p in config_dir.iterdir()] == ["settings.json"]   # no temporary file left


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", "", "\x00\xff", '{"theme": 3, "geometry": null}',
                                     '{"theme": "purple"}'])
def test_corrupt_settings_give_defaults(config_dir, content):
    config_dir.mkdir(parents=True)
    settings_path().write_text(content, encoding="utf-8", errors="surrogateescape")
    assert load_settings() == Settings()


def test_missing_settings_give_defaults(config_dir):
    assert load_settings() == Settings()
    assert Settings().theme == "dark"


def test_an_unwritable_folder_is_not_fatal(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("VTES_DESKTOP_CONFIG", str(blocker / "sub"))
    assert save_settings(Settings()) is False


@pytest.mark.qt
def test_window_remembers_geometry_theme_and_deck(make_window, db, config_dir, small_deck):
    w = make_window(db=db)
    w.resize(1000, 700)
    w.set_theme("light")
    w.open_deck_file(str(small_deck))
    w.close()
    saved = load_settings()
    assert saved.theme == "light"
    assert saved.last_deck == str(small_deck.resolve())
    assert saved.geometry and saved.splitter

    w2 = make_window(db=db)
    assert w2.theme.key == "light" and w2.theme_actions["light"].isChecked()
    assert w2.restore_geometry()   # (the offscreen screen is too small to check the size itself)
    w2.set_theme("dark")


@pytest.mark.qt
def test_a_corrupt_settings_file_still_opens_the_window(make_window, db, config_dir):
    config_dir.mkdir(parents=True)
    settings_path().write_text('{"geometry": "!!not base64!!", "splitter": "%%%", "theme": "dark"}', encoding="utf-8")
    w = make_window(db=db)
    assert not w.restore_geometry()
    assert w.isVisible() and w.browser.model.rowCount() == len(db)
