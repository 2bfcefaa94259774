"""The deck loader: a deck grouped with counts, its format, its problems; clicking shows a card."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt


def test_deck_file_shows_groups_counts_and_format(window, db, small_deck):
    window.open_deck_file(str(small_deck))
    panel = window.deck_panel
    assert panel.stack.currentIndex() == 1
    assert panel.title.text() == "Brujah Test Bleed"
    assert panel.group_titles() == ["Crypt (4)", "Library (8)", "Master (2)", "Equipment (1)",
                                    "Action Modifier (3)", "Combat (2)"]
    from vtes_desktop.ui.deck_adapter import FORMAT_LABELS

    assert panel.view.format in FORMAT_LABELS.values()
    assert f"Format: {panel.view.format}" in panel.meta.text() and "by Test Author" in panel.meta.text()
    crypt = panel.view.crypt.entries
    assert [(e.count, e.card.display) for e in crypt] == [(2, "Theo Bell"), (1, "Anson"), (1, "Tarbaby Jack")]


def test_deck_problems_name_the_line_and_suggest(window, db, small_deck):
    window.open_deck_file(str(small_deck))
    panel = window.deck_panel
    unknown = [p for p in panel.view.problems if p.kind == "unknown"]
    assert [(p.line, p.suggestions) for p in unknown] == [(19, ("Mighty Grapple",))]
    texts = [lab.text() for lab in panel.problem_labels]
    assert any("Line 19" in t and "Bonidng Grapple" in t and 'href="card:Mighty Grapple"' in t for t in texts)
    # validation adds construction errors and warnings: too few cards, a banned card
    kinds = {p.kind for p in panel.view.problems}
    assert {"unknown", "error", "warning"} <= kinds
    assert any("Tarbaby Jack is banned" in p.message for p in panel.view.problems)
    assert "1 unknown card" in panel.problems_title.text() and "errors" in panel.problems_title.text()
    # clicking a suggestion shows that card
    panel.problem_labels[[i for i, t in enumerate(texts) if "Line 19" in t][0]].linkActivated.emit(
        "card:Mighty Grapple")
    assert window.face.card == db["Mighty Grapple"]


def test_clicking_a_deck_card_shows_its_face(window, db, small_deck, qtbot):
    from PySide6.QtCore import Qt

    window.open_deck_file(str(small_deck))
    tree = window.deck_panel.tree
    bonding = tree.findItems("Bonding", Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive, 1)[0]
    rect = tree.visualItemRect(bonding)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.face.card == db["Bonding"]
    assert "+1 bleed (limited)." in window.face.text()


def test_pasted_deck_text(window, db):
    window.open_deck_text("2x Theo Bell\n3x Bonding\n1x Not A Real Card Name\n")
    view = window.deck_panel.view
    assert view.source == "pasted text"
    assert view.crypt_count == 2 and view.library_count == 3
    assert [p.line for p in view.problems if p.kind == "unknown"] == [3]


def test_a_file_that_is_not_a_deck_is_reported(window, tmp_path):
    bad = tmp_path / "picture.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(200))
    window.open_deck_file(str(bad))
    view = window.deck_panel.view
    assert not view.loaded and view.problems[0].kind == "error"
    assert view.problems[0].message in window.deck_panel.problem_labels[0].text()
    window.open_deck_file(str(tmp_path / "missing.txt"))
    assert "no such file" in window.deck_panel.view.problems[0].message


def test_paste_dialog_returns_the_text(qtbot):
    from PySide6.QtWidgets import QDialogButtonBox

    from vtes_desktop.ui.paste_deck_dialog import PasteDeckDialog

    dlg = PasteDeckDialog()
    qtbot.addWidget(dlg)
    ok = dlg.buttons.button(QDialogButtonBox.StandardButton.Open)
    assert not ok.isEnabled()
    dlg.edit.setPlainText("2x Theo Bell")
    assert ok.isEnabled() and dlg.text() == "2x Theo Bell"
