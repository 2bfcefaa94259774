"""The whole course played on the table as a learner plays it: every question of every lesson and puzzle answered
through a lit element.

For every question of every lesson, the test looks for the element the table lights for the expected move (a
button of the Under way panel or an entry of its menus, an entry of a card's context menu, a drag of a lit
card, pool or pile onto a place that takes it, the referendum's terms field, the prompt bar) and makes the
move as a user would: a click, a menu action triggered, a synthetic drag and drop on the view's viewport. The
tutor must say it was right and move on; steps the tutor plays itself are passed with Next. No command is
submitted directly: a question with no lit element for its answer fails (a learner could not make the move).
"""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.qt

import lit_moves as L  # noqa: E402  (tests/ui/learn/lit_moves.py)

#: which gesture is tried first, turn by turn, so that the course exercises each of them
ORDERS = (("drag", "assist", "menu"), ("assist", "menu", "drag"), ("menu", "drag", "assist"))
LAST = ("terms", "prompt", "phase")




def _course():
    """Every lesson, then every puzzle (a puzzle's questions are answered the same way)."""
    from vtes_desktop.scenario.lesson import load_course
    from vtes_desktop.ui.learn.learn_window import lessons_dir

    c = load_course(lessons_dir())
    return [e.file for e in c.lessons + c.puzzles]


def _choice(win) -> str:
    """What the learner types in the terms field when the question asks for terms (the file's own terms)."""
    from vtes_desktop.scenario.lesson import file_command

    cmd = file_command(win.sc, win.tutor.step)
    return cmd.choice if cmd.type == "terms" else ""


def answer_with_lit_element(win, qtbot, turn: int, want: str = "right"):
    """Find a lit element whose move the tutor judges *want*, trying the gestures in the order of *turn*,
    and make the move with it. Returns the element used."""
    order = ORDERS[turn % len(ORDERS)] + LAST
    for kind in order:
        found = L.find(win, qtbot, (kind,), want=want, choice=_choice(win))
        if found:
            lit, _verdict = found[0]
            lit.trigger()
            return lit
    raise AssertionError(f"step {win.tutor.at + 1} ({win.tutor.teach.ask!r}): no lit element makes a {want} move; "
                         f"lit: {[x.label for x in L.lit_elements(win, qtbot, choice=_choice(win))]}")


def _forget_menus(win):
    for m in getattr(win, "_lesson_test_menus", []):
        m.deleteLater()
    win._lesson_test_menus = []


@pytest.mark.parametrize("file", _course())
def test_every_question_answered_through_the_lit_elements(learn, qtbot, file):
    w = L.open_lesson(learn, qtbot, file)
    n = w.narration
    w.next()                                        # past the intro
    turn = _course().index(file)
    asked = 0
    for _ in range(200):
        if w.tutor.done and not w.answered:
            break
        if w.answered or not w.tutor.is_question:
            assert n.next_button.isEnabled()
            qtbot.mouseClick(n.next_button, pytest.importorskip("PySide6.QtCore").Qt.MouseButton.LeftButton)
            continue
        at = w.tutor.at
        assert not n.next_button.isEnabled()        # the question waits for the learner's move
        lit = answer_with_lit_element(w, qtbot, turn + asked)
        _forget_menus(w)
        asked += 1
        assert w.tutor.at == at + 1, f"{lit}: the tutor did not move on: {n.plain()[-300:]}"
        assert "That's right" in n.plain(), f"{lit}: {n.plain()[-300:]}"
        assert w.answered and n.next_button.isEnabled()
    assert asked >= 1
    assert "You finished" in n.plain()
    assert learn.progress.is_done(file) and learn.progress.done[file]["shown"] is False
    assert w.hints_used == 0


def test_a_puzzle_wrong_then_right_through_the_lit_elements(learn, qtbot):
    """Nobody can block: a hunt from the Under way panel is legal but wrong (taken back and explained), then
    the diablerie from Nassir's context menu solves it."""
    file = "puzzles/05-nobody-can-block.yaml"
    w = L.open_lesson(learn, qtbot, file)
    n = w.narration
    w.next()
    assert w.tutor.is_question
    at = w.tutor.at
    pool = w.session.view.seats[0].pool
    hunt = [(lit, v) for lit, v in L.find(w, qtbot, ("assist",), want="wrong") if "Hunt with Tamoszius" in lit.label]
    assert hunt, "the hunt is lit in the Under way panel"
    hunt[0][0].trigger()
    assert w.tutor.at == at and not w.answered
    text = n.plain()
    assert "Not this time" in text and "Ben, your prey, may block it" in text and "taken back" in text
    assert "Hint 1 of 2" in text
    assert w.session.view.seats[0].pool == pool and not w.session.view.action   # the table as it was
    menu = [(lit, v) for lit, v in L.find(w, qtbot, ("menu",)) if lit.label.startswith("Nassir:")]
    assert menu and "Diablerize with Tamoszius" in menu[0][0].label
    menu[0][0].trigger()
    _forget_menus(w)
    assert w.tutor.at == at + 1 and "That's right" in n.plain() and "only Cat may block" in n.plain()
    while not (w.tutor.done and not w.answered):
        w.next()
    assert "You finished this puzzle" in n.plain()
    assert learn.progress.is_done(file)


def test_who_may_block_shows_whose_impulse_in_the_prompt_bar(learn, qtbot):
    """Lesson 8: at each question the prompt bar above the table names the Methuselah asked and what they are
    asked, and it is outlined; the learner sits at that Methuselah's side."""
    from vtes_desktop.ui.learn.lesson_window import _Outline

    w = L.open_lesson(learn, qtbot, "08-who-may-block.yaml")
    w.next()
    asked = []
    while not w.tutor.done:
        if not w.tutor.is_question:
            w.next()
            continue
        bar = w.prompt_bar
        assert bar.isVisible()
        asked.append(bar.question.text())
        assert [o for o in bar.findChildren(_Outline) if o.isVisible()]
        assert "the prompt above the table" in w.narration.plain()
        assert w.session.view.seats[w.session.seat].name + ":" in bar.question.text()
        w.show_me()
        w.next()
    assert asked == ["Ben: block Sully's bleed?", "Dan: block Colette's hunt?"]
