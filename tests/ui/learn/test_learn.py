"""The rules tutor at the table: a lesson and a puzzle played through the Learn screen, progress kept."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

from lit_moves import open_lesson  # noqa: E402  (tests/ui/learn/lit_moves.py)

from vtes_desktop.engine import commands as C  # noqa: E402




def _vid(win, name, seat=None):
    for it in win.scene.cards.values():
        if it.cdef is not None and it.cdef.display == name and (seat is None or it.seat == seat):
            return it.vid
    raise LookupError(name)


def test_the_learn_screen_lists_the_course(learn):
    c = learn.course
    assert len(learn.items) == len(c.lessons) + len(c.puzzles)
    assert learn.tree.currentItem() is learn.items[c.lessons[0].file]   # nothing done: the first lesson
    assert "0 of" in learn.summary.text()
    assert c.lessons[0].title in learn.about.text()


def test_a_lesson_played_with_a_wrong_move_then_the_right_one(learn, qtbot, data_dir):
    file = "05-bleeding-and-the-edge.yaml"
    w = open_lesson(learn, qtbot, file)
    n = w.narration
    assert "Bleeding is how you win" in n.plain() and not n.show_me_button.isEnabled()
    w.next()                                      # past the intro: the first step's narration
    assert "Underbridge Stray" in n.plain() and w.highlights()
    marks = [m for m in w.scene.items() if m.data(0) == "lessonHighlight"]
    assert marks                                  # the Stray and the Edge outlined
    # a move between questions is refused: the tutor plays those steps
    assert not w.submit_all([C.Action(seat=0, minion=_vid(w, "Belinde"), kind="bleed")])
    w.next()                                      # the tutor bleeds with the Stray
    w.next()                                      # and finishes the action: the question
    assert w.tutor.is_question and "Take the Edge from Cat" in n.plain()
    assert n.show_me_button.isEnabled() and not n.next_button.isEnabled()
    assert w.session.seat == 0 and w.scene.lights is not None
    # a refused move: the Stray is locked
    assert not w.submit_all([C.Action(seat=0, minion=_vid(w, "Underbridge Stray"), kind="bleed")])
    text = n.plain()
    assert "The rules say no" in text and "already acted" in text and "Hint 1 of 2: Which of your minions" in text
    # a legal but wrong move: taken back and explained
    pool = w.session.view.seats[1].pool
    assert not w.submit_all([C.Action(seat=0, minion=_vid(w, "Belinde"), kind="hunt")])
    assert "moves no Edge" in n.plain() and "taken back" in n.plain() and "Hint 2 of 2: Bleed Ben" in n.plain()
    assert w.session.view.seats[1].pool == pool and w.tutor.is_question
    # the right move
    bleed = C.Action(seat=0, minion=_vid(w, "Belinde"), kind="bleed")
    assert w.session.can(bleed) is None
    assert w.submit_all([bleed])
    assert "That's right" in n.plain() and "Belinde bleeds Ben" in n.plain()
    while not w.tutor.done:
        w.next()
    w.next()                                      # the end is shown
    assert "You finished" in n.plain()
    assert learn.progress.is_done(file)
    doc = json.loads((data_dir / "learn.json").read_text())
    assert file in doc["done"] and doc["done"][file]["shown"] is False
    assert "1 of" in learn.summary.text()
    assert n.next_button.text().startswith("Next lesson")
    n.next_button.click()                         # the course's next lesson opens in its place
    assert learn.lesson is not w and learn.lesson.key == "06-hunting.yaml"
    qtbot.addWidget(learn.lesson)


def test_back_and_show_me(learn, qtbot):
    w = open_lesson(learn, qtbot, "05-bleeding-and-the-edge.yaml")
    w.next()
    w.next()
    w.next()
    at = w.tutor.at
    assert w.tutor.is_question
    w.back()
    assert w.tutor.at < at and not w.tutor.is_question
    w.forward()                                   # the tutor plays the step on show: the question again
    assert w.tutor.at == at and w.tutor.is_question
    w.show_me()                                   # the tutor plays Belinde's bleed
    assert w.answered and "Shown" in w.narration.plain()
    assert w.tutor.at == at + 1


def test_a_puzzle_wrong_then_right(learn, qtbot, data_dir):
    from vtes_desktop.scenario.lesson import file_command

    file = learn.course.puzzles[0].file
    w = open_lesson(learn, qtbot, file)
    w.next()
    while not w.tutor.is_question:
        w.next()
    step = w.tutor.step
    wrong = w.tutor.teach.wrong[0]
    cmd = file_command(w.sc, wrong.step)
    assert w.session.submit(cmd) is not None      # engine ids pass through the session as they are
    assert "Hint" in w.narration.plain()
    assert w.tutor.step is step
    assert w.session.submit(file_command(w.sc, step)) is None
    assert "That's right" in w.narration.plain()
    while not w.tutor.done:
        w.next()
    assert learn.progress.is_done(file)
    assert file in json.loads((data_dir / "learn.json").read_text())["done"]


def test_the_main_window_opens_the_learn_screen(make_window, db, qtbot):
    from vtes_desktop.ui.learn.learn_window import LearnWindow

    win = make_window(db=db)
    texts = [a.text() for m in win.menuBar().actions() if m.menu() for a in m.menu().actions()]
    assert "&Learn the rules\u2026" in texts
    lw = win.open_lessons()
    assert isinstance(lw, LearnWindow) and lw.isVisible() and lw.items
    lw.close()


def _course_files():
    from vtes_desktop.scenario.lesson import load_course
    from vtes_desktop.ui.learn.learn_window import lessons_dir

    c = load_course(lessons_dir())
    return [e.file for e in c.lessons + c.puzzles]


@pytest.mark.parametrize("file", _course_files())
def test_skip_plays_a_lesson_to_its_end(learn, qtbot, file):
    w = open_lesson(learn, qtbot, file)
    w.next()
    for _ in range(100):
        if w.tutor.done and not w.answered:
            break
        w.forward()
    assert "You finished" in w.narration.plain()
    assert learn.progress.done[file]["shown"] is (any(s.teach and s.teach.is_question for s in w.sc.steps))



def _lit_button(win, label):
    """The rules assist's button (a CommandButton in the Under way panel) whose label starts with *label*."""
    from PySide6.QtWidgets import QPushButton

    found = [b for b in win.assist_panel.findChildren(QPushButton)
             if getattr(b, "label", b.text()).startswith(label) and b.isVisible()]
    assert found, f"no lit button {label!r}"
    return found[0]


def test_the_first_lesson_answered_with_the_assists_lit_buttons(learn, qtbot):
    from PySide6.QtCore import Qt

    w = open_lesson(learn, qtbot, "01-the-table.yaml")
    w.next()
    while not w.tutor.is_question:
        w.next()
    at = w.tutor.at
    qtbot.mouseClick(_lit_button(w, "Hunt with Sully"), Qt.MouseButton.LeftButton)     # legal, but not a bleed
    assert w.tutor.at == at and "Not this time" in w.narration.plain() and "Hint" in w.narration.plain()
    qtbot.mouseClick(_lit_button(w, "Bleed with Sully"), Qt.MouseButton.LeftButton)
    assert w.tutor.at > at and "That's right" in w.narration.plain()


def test_progress_is_kept_and_can_be_forgotten(learn, qtbot, db, monkeypatch, data_dir):
    from PySide6.QtWidgets import QMessageBox

    from vtes_desktop.ui.learn.learn_window import LearnWindow
    from vtes_desktop.ui.theme import load_theme

    first = learn.course.lessons[0].file
    learn.progress.mark(first, hints=2)
    again = LearnWindow(db, load_theme("dark"))                 # read back from learn.json
    qtbot.addWidget(again)
    assert again.progress.done[first] == {"hints": 2, "shown": False}
    assert again.tree.currentItem() is again.items[learn.course.lessons[1].file]
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    again.reset_progress()
    assert not again.progress.done and not LearnWindow(db, load_theme("dark")).progress.done


def test_a_politics_question_answered_in_the_referendum_panel(learn, qtbot):
    """The referendum's terms typed in the Under way panel's field: a wrong clan explained, then the right one."""
    from PySide6.QtWidgets import QLineEdit, QPushButton

    w = open_lesson(learn, qtbot, "25-politics-and-referendums.yaml")
    w.next()
    w.show_me()                                   # the first question: the referendum is called
    w.next()
    while not w.tutor.is_question:
        w.next()
    assert "Name the clan" in w.narration.plain()
    at = w.tutor.at
    field = next(e for e in w.assist_panel.findChildren(QLineEdit) if e.isVisible() and "terms" in
                 e.placeholderText().lower())
    for clan in ("Tremere", "Nosferatu"):
        field.setText(clan)
        choose = next(b for b in w.assist_panel.findChildren(QPushButton) if b.isVisible() and
                      getattr(b, "label", b.text()).startswith("Choose the terms"))
        choose.click()
        if clan == "Tremere":
            assert w.tutor.at == at and "They would gain pool" in w.narration.plain()
    assert w.tutor.at > at and "That's right" in w.narration.plain()


def test_a_panel_the_step_names_is_outlined(learn, qtbot):
    from vtes_desktop.ui.learn.lesson_window import _Outline

    w = open_lesson(learn, qtbot, "02-the-five-phases.yaml")
    w.next()
    while not any(h.kind == "panel" for h in w.highlights()):
        w.forward()
    outlines = [o for o in w.phase_bar.findChildren(_Outline) if o.isVisible()]
    assert outlines and outlines[0].geometry() == w.phase_bar.rect()
    assert "the phase bar" in w.narration.plain()


def test_the_learn_screen_is_opened_once(make_window, db):
    win = make_window(db=db)
    first = win.open_lessons()
    assert win.open_lessons() is first
    first.close()
    assert win.open_lessons() is not first
    win._learn.close()


def test_the_outlines_follow_the_cards_when_the_table_is_laid_out_again(learn, qtbot):
    w = open_lesson(learn, qtbot, "05-bleeding-and-the-edge.yaml")
    w.next()
    stray = next(it for it in w.scene.cards.values()
                 if it.cdef is not None and it.cdef.display == "Underbridge Stray")

    def outlined():
        marks = [m for m in w.scene.items() if m.data(0) == "lessonHighlight"]
        box = stray.sceneBoundingRect()
        return any(m.rect().contains(box.center()) for m in marks)

    assert outlined()
    w.resize(1000, 700)                       # the table is laid out again for the new size
    qtbot.wait(50)
    w.view.fit()
    assert outlined()
