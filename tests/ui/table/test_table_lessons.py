"""Every refusal on the table can open the lesson that teaches its rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from table_support import card_named, make_game  # noqa: E402

from vtes_desktop.engine import commands as C  # noqa: E402


def _engine_rules() -> set[str]:
    import vtes_desktop.engine as engine

    src = "".join(p.read_text() for p in Path(engine.__file__).parent.glob("*.py"))
    return set(re.findall(r'Illegal\("([^"]+)"', src))


def test_every_rule_the_engine_refuses_with_has_a_lesson():
    from vtes_desktop.scenario.lesson import load_course
    from vtes_desktop.ui.learn.learn_window import lessons_dir

    course = load_course(lessons_dir())
    missing = sorted(r for r in _engine_rules() if course.lesson_for(r) is None)
    assert not missing, missing
    taught = [r for e in course.lessons for r in e.rules]
    assert len(taught) == len(set(taught)), "a rule is taught by one lesson"


def test_a_refusal_opens_its_lesson_on_the_learn_screen(table, db, qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("VTES_DESKTOP_DATA", str(tmp_path / "data"))
    game = make_game(db, ["Ann", "Ben"], ready={"Ann": [("Colette", 4)]}, library={"Ann": ["Dodge"] * 3})
    win = table(game)
    colette = card_named(win, "Colette")
    win.submit_all([C.Action(seat=0, minion=colette.vid, kind="bleed")])
    win.submit_all([C.Action(seat=0, minion=colette.vid, kind="hunt")])   # Colette is locked now: refused
    assert win.last_refusal is not None
    win.why_button.click()
    dlg = win.explanation
    assert dlg.lesson is not None and dlg.lesson_button is not None
    assert dlg.lesson.title in dlg.lesson_button.text()
    dlg.lesson_button.click()
    learn = win.learn_window
    qtbot.addWidget(learn)
    assert learn.isVisible() and learn.lesson is not None and learn.lesson.key == dlg.lesson.file
    qtbot.addWidget(learn.lesson)
