"""Deck statistics in the window: exact draw odds, crypt odds, and simulated goldfish games."""

from __future__ import annotations

from math import comb

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from vtes_desktop.decks import stats  # noqa: E402


@pytest.fixture
def stats_dialog(qtbot, db):
    from PySide6.QtWidgets import QApplication

    from vtes_desktop.ui.goldfish.stats_dialog import DeckStatsDialog
    from vtes_desktop.ui.theme import apply_theme, load_theme

    def make(deck, tab="odds", theme="dark"):
        t = load_theme(theme)
        apply_theme(QApplication.instance(), t)
        dlg = DeckStatsDialog(db, deck, t, tab=tab)
        qtbot.addWidget(dlg)
        dlg.show()
        qtbot.waitExposed(dlg)
        return dlg

    return make


def test_draw_odds_are_the_exact_figures(stats_dialog, small_cards, shot):
    from vtes_desktop.ui.goldfish.odds_panel import percent

    dlg = stats_dialog(small_cards)
    odds = dlg.odds
    # the library the import understood: 2 Blood Doll, 3 Bonding, 2 Immortal Grapple, 1 .44 Magnum
    assert small_cards.library_count == 8
    assert odds.figure("Bonding", 1) == pytest.approx(stats.at_least(8, 3, 7, 1))
    assert odds.cell_text("Bonding", 1) == percent(stats.at_least(8, 3, 7, 1)) == "100%"
    assert odds.cell_text(".44 Magnum", 1) == "87.5%"                      # 7 of 8 cards: 1 - 1/8
    odds.need.setValue(2)
    odds.extra.setValue(0)
    assert odds.cell_text("Blood Doll", 1) == percent(stats.at_least(8, 2, 7, 2)) == "75.0%"
    assert odds.figure("Blood Doll", 3) == pytest.approx(comb(6, 5) / comb(8, 7))   # d = 0: still 7 seen
    assert odds.table.columnCount() == 2 + 5
    odds.turns.setValue(3)
    assert [odds.table.horizontalHeaderItem(j).text() for j in range(odds.table.columnCount())] == \
        ["Card", "Copies", "Opening hand", "Turn 2", "Turn 3"]
    assert "d = 0" in odds.explain.text()
    odds.by_type.setChecked(True)
    assert odds.figure("Combat", 1) == pytest.approx(stats.at_least(8, 2, 7, 2))
    assert {o.label for o in odds.odds} == {"Master", "Action Modifier", "Combat", "Equipment"}


def test_the_odds_plot_follows_the_selection(stats_dialog, twda_cards, shot):
    dlg = stats_dialog(twda_cards)
    odds = dlg.odds
    plotted = [s.label for s in odds.plot.series]
    assert len(plotted) == 4 and plotted[0].startswith(odds.odds[0].label)
    assert odds.plot.x_labels == ["Opening", "T2", "T3", "T4", "T5"]
    assert odds.plot.series[0].values == odds.odds[0].by_turn
    odds.select(["Deflection"])
    assert [s.label for s in odds.plot.series] == ["Deflection (4)"]
    assert odds.plot.series[0].values[0] == pytest.approx(stats.at_least(90, 4, 7, 1))
    odds.extra.setValue(2)                      # the selection stays; the figures follow d
    assert [s.label for s in odds.plot.series] == ["Deflection (4)"]
    assert odds.plot.series[0].values[1] == pytest.approx(stats.at_least(90, 4, 9, 1))
    odds.select([o.label for o in odds.odds[:4]])
    odds.extra.setValue(1)
    shot(dlg, "deck-stats-odds")


def test_crypt_odds_and_capacity_spread(stats_dialog, twda_cards, small_cards, db, shot):
    dlg = stats_dialog(small_cards, tab="crypt")
    crypt = dlg.crypt
    # 2 Theo Bell (cel dom pre POT), Anson (aus dom CEL PRE), Tarbaby Jack (dom ser ANI OBF POT): 4 of 4 drawn
    assert crypt.figure("dom") == 1.0 and crypt.figure("pot") == 1.0
    assert crypt.chart.bars == [("7", 2), ("8", 2)]
    texts = {crypt.table.item(r, 0).text(): crypt.table.item(r, 2).text() for r in range(crypt.table.rowCount())}
    assert texts["Dominate (dom)"] == "100%"
    big_dlg = stats_dialog(twda_cards, tab="crypt")
    big = big_dlg.crypt
    expected = stats.crypt_discipline_odds(twda_cards.crypt, db)
    assert {d: big.figure(d) for d in expected} == expected
    assert dict((int(k), v) for k, v in big.chart.bars if v) == stats.capacity_spread(twda_cards.crypt, db)
    assert big.crypt_list.rowCount() == len(twda_cards.crypt)
    shot(big_dlg, "deck-stats-crypt")


def test_a_simulation_shows_the_histogram_and_is_reproducible(stats_dialog, twda_cards, qtbot, shot):
    dlg = stats_dialog(twda_cards, tab="simulate")
    sim = dlg.simulation
    assert sim.run_button.text() == "Simulate 1,000 games"
    sim.games.setValue(4)
    assert sim.run_button.text() == "Simulate 4 games"
    sim.seed.setText("3")
    with qtbot.waitSignal(sim.shown, timeout=60000) as first:
        sim.run_button.click()
    figures = first.args[0]
    assert figures["games"] == 4 and figures["seed"] == 3 and not sim.cancelled
    assert sim.progress.value() == 4 and sim.run_button.isEnabled()
    hist = {int(k): v for k, v in figures["histogram"].items()}
    assert sum(v for _, v in sim.histogram.bars) == figures["ousted"] == sum(hist.values())
    assert {int(k): v for k, v in sim.histogram.bars if v} == hist
    ot = figures["oust_turn"]
    assert {m.label: m.at for m in sim.histogram.markers} == \
        {f"p10: {ot['p10']:g}": ot["p10"], f"median: {ot['median']:g}": ot["median"], f"p90: {ot['p90']:g}": ot["p90"]}
    assert sim.labels["median"].text() == f"turn {figures['oust_turn']['median']:g}"
    assert sim.stuck.rowCount() == len(figures["stuck_cards"])
    with qtbot.waitSignal(sim.shown, timeout=60000) as again:
        sim.run_button.click()
    assert again.args[0] == figures                    # the same seed: the same figures
    shot(dlg, "deck-stats-simulation")


def test_a_simulation_can_be_cancelled(stats_dialog, twda_cards, qtbot):
    dlg = stats_dialog(twda_cards, tab="simulate")
    sim = dlg.simulation
    sim.games.setValue(1000)
    with qtbot.waitSignal(sim.shown, timeout=60000) as sig:
        sim.run_button.click()
        assert not sim.run_button.isEnabled() and sim.cancel_button.isEnabled()
        qtbot.waitUntil(lambda: sim.progress.value() >= 1, timeout=60000)
        sim.cancel_button.click()
    figures = sig.args[0]
    assert sim.cancelled and 1 <= figures["games"] < 1000
    assert sim.progress.format().startswith("Cancelled after")
    assert sim.run_button.isEnabled() and not sim.cancel_button.isEnabled()


def test_closing_the_window_stops_a_simulation(stats_dialog, twda_cards, qtbot):
    dlg = stats_dialog(twda_cards, tab="simulate")
    sim = dlg.simulation
    sim.games.setValue(1000)
    sim.start()
    qtbot.waitUntil(lambda: sim.progress.value() >= 1, timeout=60000)
    dlg.close()
    assert sim.thread.isFinished() and sim.thread.figures["games"] < 1000


def test_the_main_window_opens_the_statistics(make_window, db, small_deck):
    from vtes_desktop.ui.goldfish import launch
    from vtes_desktop.ui.goldfish.stats_dialog import DeckStatsDialog

    w = make_window(db=db)
    w.open_deck_file(str(small_deck))
    w.deck_panel.stats_button.click()
    dlg = next(x for x in launch._open if isinstance(x, DeckStatsDialog))
    try:
        assert dlg.tabs.currentWidget() is dlg.odds and dlg.deck.library_count == 8
        game_menu = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Game")
        texts = [a.text() for a in game_menu.actions()]
        assert "&Goldfish this deck" in texts and "Si&mulate 1,000 goldfish games…" in texts
    finally:
        dlg.close()
