"""The main window: the browser lists and filters cards, the face shows the selected card."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QPalette  # noqa: E402


def test_window_opens_and_lists_every_card(window, db):
    assert window.isVisible() and window.is_ready
    assert window.browser.model.rowCount() == len(db)
    assert window.browser.count.text() == f"{len(db)} cards"
    # the first row is selected, so the face is never blank
    first = window.browser.results()[0]
    assert window.face.card == first
    assert first.display in window.face.text()


def test_the_window_waits_for_the_cards(make_window, db):
    w = make_window()  # no database yet: the loading page shows the progress
    w.cache_progress("Reading the VEKN card lists")
    assert w.browser.stack.currentIndex() == 0
    assert "Reading the VEKN card lists" in w.browser.loading_text.text()
    assert not w.browser.search.isEnabled()
    w.set_db(db)
    assert w.browser.stack.currentIndex() == 1 and w.browser.search.isEnabled()


def test_a_database_failure_is_shown_not_fatal(make_window):
    w = make_window()
    w.db_failed("The card database could not be loaded: no card data")
    assert w.is_ready
    assert w.browser.loading_text.text() == "The card database could not be loaded: no card data"
    assert w.browser.progress.isHidden()


def test_typing_a_query_filters_the_results(window, db, qtbot):
    qtbot.keyClicks(window.browser.search, "theo bell")
    qtbot.waitUntil(lambda: window.browser.model.rowCount() < len(db), timeout=3000)
    names = [c.display for c in window.browser.results()]
    assert names and all("Theo Bell" in n for n in names)
    assert "Theo Bell (ADV)" in names
    assert window.browser.count.text() == f"{len(names)} of {len(db)} cards"
    window.browser.set_query("")
    assert window.browser.model.rowCount() == len(db)


def test_field_filters_narrow_the_results(window, db):
    window.browser.set_query("clan:ventrue disc:DOM cap>=8")
    cards = window.browser.results()
    assert cards and all("Ventrue" in c.clans and c.discipline_level("dom") == 2 and c.capacity >= 8
                         for c in cards)


def test_a_query_error_is_shown_and_the_results_kept(window, db):
    window.browser.set_query("bonding")
    before = window.browser.results()
    window.browser.set_query("colour:red")
    assert window.browser.error.isVisible()
    assert "unknown field 'colour'" in window.browser.error.text()
    assert window.browser.results() == before
    assert "last valid search" in window.browser.count.text()
    window.browser.set_query("bonding")
    assert not window.browser.error.isVisible()
    assert window.browser.results() == before


def test_a_failing_search_is_reported_not_raised(window, monkeypatch):
    from vtes_desktop.cards import query

    def broken(_db, text, limit=None):
        raise RuntimeError("boom")

    monkeypatch.setattr(query, "search", broken)
    window.browser.set_query("anything")
    assert window.browser.error.text() == "Search failed: RuntimeError: boom"


def test_selecting_a_card_shows_its_face(window, db, qtbot):
    from vtes_desktop.ui.discipline_badge import DisciplineBadge

    window.browser.set_query("bonding")
    bonding = db["Bonding"]
    assert window.browser.select_card(bonding)
    assert window.face.card == bonding
    text = window.face.text()
    for expected in ("Bonding", "Action Modifier", "Only usable during a bleed action.",
                     "+1 bleed (limited).", "Inferior Dominate", "Superior Dominate",
                     "+1 stealth and +1 bleed (limited).", "Rulings (", "[TOM 19951109]"):
        assert expected in text, expected
    badges = window.face.findChildren(DisciplineBadge)
    assert {(b.trigram, b.superior) for b in badges} >= {("dom", False), ("DOM", True)}


def test_vampire_face_capacity_disciplines_sect(window, db):
    from vtes_desktop.ui.capacity_badge import CapacityBadge
    from vtes_desktop.ui.discipline_badge import DisciplineBadge

    window.show_card(db["Theo Bell"])
    assert [b.value for b in window.face.findChildren(CapacityBadge)] == [7]
    badges = {b.trigram: b.superior for b in window.face.findChildren(DisciplineBadge)}
    assert badges == {"cel": False, "dom": False, "pre": False, "POT": True}
    text = window.face.text()
    assert "Vampire · Brujah · group 2" in text and "Camarilla" in text
    window.show_card(db["Anson"])
    assert "Prince (2 votes)" in window.face.text()


def test_library_face_costs_requirements_banned(window, db):
    from vtes_desktop.ui.cost_icon import CostIcon

    window.show_card(db[".44 Magnum"])
    assert [(i.kind, i.amount) for i in window.face.findChildren(CostIcon)] == [("pool", "2")]
    window.show_card(db["Augur"])
    assert [(i.kind, i.amount) for i in window.face.findChildren(CostIcon)] == [("conviction", "1")]
    window.show_card(db["Abbot"])
    assert "Sabbat" in window.face.text()
    window.show_card(db["Tarbaby Jack"])
    assert "BANNED since 2020" in window.face.text()


def test_a_card_named_in_a_ruling_opens_its_face(window, db):
    window.face.card_link_activated.emit("Hidden Lurker")
    assert window.face.card == db["Hidden Lurker"]


def test_theme_switch_changes_palette_and_is_remembered(window, config_dir, qtbot):
    from vtes_desktop.ui.settings import load_settings

    def lightness() -> int:
        return window.palette().color(QPalette.ColorRole.Window).lightness()

    dark = lightness()
    window.set_theme("light")
    qtbot.waitUntil(lambda: lightness() > dark + 100, timeout=2000)
    assert window.theme_actions["light"].isChecked()
    assert load_settings().theme == "light"
    window.set_theme("dark")


def test_down_arrow_moves_from_search_to_results(window, qtbot):
    window.browser.search.setFocus()
    qtbot.keyClick(window.browser.search, Qt.Key.Key_Down)
    assert window.browser.view.hasFocus() or window.focusWidget() is window.browser.view
