"""The tutor's course: every lesson and puzzle loads, teaches, passes, and is in the course index.

Also the format extension itself (docs/lessons.md): the loader reports a bad lesson
with file, line and field; the runner proves `accept`, `also` and `wrong`; `judge`
and `Tutor` answer a learner's move as the Learn screen will.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from support import ROOT
from vtes_desktop.engine import commands as C
from vtes_desktop.engine.context import Ctx
from vtes_desktop.engine.flow import ref
from vtes_desktop.scenario.lesson import LEVELS, Tutor, file_command, judge, load_course
from vtes_desktop.scenario.loader import ScenarioError, load
from vtes_desktop.scenario.runner import build_game, run_file, run_scenario

LESSONS = ROOT / "resources" / "lessons"
PUZZLES = LESSONS / "puzzles"


def _lesson_files() -> list[Path]:
    return sorted(LESSONS.glob("*.yaml"))


def _puzzle_files() -> list[Path]:
    return sorted(PUZZLES.glob("*.yaml"))


def _all() -> list[Path]:
    return _lesson_files() + _puzzle_files()


def test_the_course_is_big_enough():
    assert len(_lesson_files()) >= 25
    assert len(_puzzle_files()) >= 10
    assert not list(LESSONS.glob("*.yml")) and not list(PUZZLES.glob("*.yml"))


@pytest.mark.parametrize("path", _all(), ids=lambda p: p.parent.name + "/" + p.name)
def test_lesson_teaches_and_passes(path, db):
    sc = load(path, db)
    kind = "puzzle" if path.parent == PUZZLES else "lesson"
    assert sc.lesson is not None and sc.lesson.kind == kind, f"{path.name} needs a '{kind}:' block"
    assert sc.lesson.level in LEVELS and sc.lesson.summary and sc.lesson.intro
    questions = [s for s in sc.steps if s.teach is not None and s.teach.ask]
    assert questions, f"{path.name} asks the learner nothing"
    for s in questions:
        assert s.teach.hints, f"{path.name}, line {s.line}: a question without a hint"
    assert any(s.teach.wrong for s in questions), f"{path.name} explains no likely wrong move"
    if kind == "puzzle":
        assert sc.lesson.goal and sc.expect, f"{path.name}: a puzzle states its goal and checks it at the end"
    r = run_scenario(sc, db)
    assert r.passed, r.message


def test_ids_are_unique_and_lessons_are_in_order(db):
    ids = {}
    for p in _all():
        sc = load(p, db)
        assert sc.lesson.id not in ids, f"{p.name} and {ids.get(sc.lesson.id)} share the id {sc.lesson.id!r}"
        ids[sc.lesson.id] = p.name
    course = load_course(LESSONS)
    for n, e in enumerate(course.lessons, start=1):
        sc = load(LESSONS / e.file, db)
        assert sc.lesson.order == n, f"{e.file}: lesson.order is {sc.lesson.order}, the course index puts it at {n}"
        assert sc.lesson.section == e.section, f"{e.file}: section {sc.lesson.section!r} vs {e.section!r}"
        assert e.title == sc.title, f"{e.file}: the index calls it {e.title!r}, the file {sc.title!r}"


def test_course_index_lists_every_lesson_and_nothing_else():
    course = load_course(LESSONS)
    assert [e.file for e in course.lessons] == [p.name for p in _lesson_files()]
    assert sorted(e.file for e in course.puzzles) == sorted(f"puzzles/{p.name}" for p in _puzzle_files())


def test_puzzles_are_graded_easy_to_hard(db):
    course = load_course(LESSONS)
    levels = [load(LESSONS / e.file, db).lesson.level for e in course.puzzles]
    assert levels == sorted(levels, key=LEVELS.index)
    assert set(levels) == set(LEVELS)
    for e in course.puzzles:
        assert e.section.lower() == load(LESSONS / e.file, db).lesson.level


def test_the_command_line_runs_both_folders():
    from vtes_desktop.scenario.runner import expand

    files = expand([str(LESSONS), str(PUZZLES)])
    assert len(files) == len(_all())


def test_ci_runs_the_puzzles():
    text = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "resources/lessons/puzzles" in text


# -- the tutor, headless --------------------------------------------------------------------------------------

def _by_ids(game, cmd: C.Command) -> C.Command:
    """The command as the table sends it: cards as instance ids, not names."""
    ctx = Ctx(game, game.state)
    data = cmd.model_dump(by_alias=True)
    for k in ("minion", "card", "target", "from", "vampire", "to", "using", "strike", "with", "victim"):
        v = data.get(k)
        if isinstance(v, str) and v not in ("hand", "edge", "continue", "end"):
            try:
                data[k] = ref(ctx, cmd.seat, v)
            except Exception:
                pass
    return C.parse_command(data)


@pytest.mark.parametrize("path", _all(), ids=lambda p: p.parent.name + "/" + p.name)
def test_tutor_plays_the_lesson(path, db):
    """Every question: each wrong move is turned down and changes nothing, the file's move (sent with
    instance ids, as the table does) is right, and the lesson ends as the file says."""
    sc = load(path, db)
    tutor = Tutor(sc, db)
    while not tutor.done:
        if not tutor.is_question:
            tutor.play()
            continue
        step = tutor.step
        before = [e for e in tutor.game.entries]
        for w in step.teach.wrong:
            v = tutor.answer(file_command(sc, w.step))
            assert not v.right and v.message, f"line {w.line}"
            assert v.hint == step.teach.hints[0]
            assert tutor.step is step and tutor.game.entries == before
        assert tutor.hint() == step.teach.hints[0]
        v = tutor.answer(_by_ids(tutor.game, file_command(sc, step)))
        assert v.right, f"line {step.line}: {v.outcome} {v.message}"
        assert not v.replaced
    r = run_scenario(sc, db)
    assert r.passed


def test_another_right_answer_is_kept_when_the_lesson_goes_on_from_it(db):
    sc = load(PUZZLES / "10-range-war.yaml", db)
    tutor = Tutor(sc, db)
    answers = [C.Maneuver(seat=0, minion="Colette", using="Swallowed by the Night", level="superior"),
               C.Maneuver(seat=0, minion="Colette", using=".44 Magnum")]
    while not tutor.done:
        if tutor.is_question:
            v = tutor.answer(answers.pop(0))
            assert v.right and not v.replaced
        else:
            tutor.play()
    assert not answers
    assert tutor.game.state.seats[1].name == "Ben"


def test_a_right_answer_is_replaced_when_the_lesson_cannot_go_on_from_it(db):
    sc = load(LESSONS / "07-stealth-and-intercept.yaml", db)
    tutor = Tutor(sc, db)
    while not tutor.is_question:
        tutor.play()
    # Swallowed by the Night is just as right, but the lesson's next question needs it in hand
    v = tutor.answer(C.Play(seat=0, card="Swallowed by the Night", minion="Sully", level="basic"))
    assert v.right and v.replaced
    g = tutor.game
    assert any(g.db[c.cid].name == "Cloak the Gathering" and c.region == "ash_heap" for c in g.state.cards.values())


def test_judge_explains_refusals_and_wrong_moves(db):
    sc = load(LESSONS / "09-action-modifiers-and-limited.yaml", db)
    game = build_game(sc, db)
    q = next(s for s in sc.steps if s.teach and s.teach.ask)
    for s in sc.steps[:q.index]:
        game.apply(file_command(sc, s))
    v = judge(game, sc, q, C.Play(seat=0, card="Conditioning", minion="Sully", level="superior"))
    assert v.outcome == "refused" and "superior Dominate" in v.message and v.wrong is not None
    v = judge(game, sc, q, C.Play(seat=0, card="Bonding", minion="Sully", level="basic"))
    assert v.outcome == "wrong" and "Bonding adds only 1 bleed" in v.message and v.hint
    v = judge(game, sc, q, C.Pass(seat=1))
    assert v.outcome in ("wrong", "refused") and v.wrong is None and v.message
    v = judge(game, sc, q, C.Play(seat=0, card="Conditioning", minion="Sully", level="basic"))
    assert v.right and v.same_as_file and "Conditioning adds 2" in v.message


def test_lesson_fields_are_kept_for_the_ui(db):
    sc = load(LESSONS / "01-the-table.yaml", db)
    assert sc.lesson.id == "the-table" and sc.lesson.order == 1 and sc.lesson.section == "The table and the turn"
    assert sc.lesson.goals and sc.lesson.outro
    first = sc.steps[0].teach
    assert first.say and not first.ask
    assert [(h.kind, h.what, h.player) for h in first.highlight][:2] == [("region", "crypt", "Ann"),
                                                                          ("region", "library", "Ann")]
    q = sc.steps[2].teach
    assert q.ask and len(q.hints) == 2 and q.explain and len(q.wrong) == 2
    assert (q.highlight[0].kind, q.highlight[0].what, q.highlight[0].player) == ("counter", "pool", "Ben")
    plain = load(ROOT / "tests" / "scenarios" / "27-bleed-goes-to-prey.yaml", db)
    assert plain.lesson is None and all(s.teach is None for s in plain.steps)


# -- validation: a bad lesson is reported with file, line and field --------------------------------------------

BASE = """\
title: t
lesson: {id: t, level: easy, summary: s}
table:
  - player: Ann
    ready:
      - {card: Sully, blood: 2}
    hand: [Bonding]
  - player: Ben
turn: {player: Ann, phase: minion, number: 5}
steps:
  - by: Ann
    do: action
    minion: Sully
    kind: bleed
%s
  - {by: Ann, do: finish}
"""


def _write(tmp_path, body: str, head: str | None = None) -> Path:
    text = BASE % textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")
    if head is not None:
        text = text.replace("lesson: {id: t, level: easy, summary: s}", head)
    p = tmp_path / "lesson.yaml"
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.parametrize("body,head,line,words", [
    ("ask: go\nhint: h\nhighlight:\n  - {region: pocket, player: Ann}", None, 18, "unknown region 'pocket'"),
    ("ask: go\nhint: h\nhighlight:\n  - {card: Nobody Special}", None, 18, "unknown card name"),
    ("ask: go\nhint: h\nhighlight:\n  - {counter: pool}", None, 18, "needs 'player'"),
    ("ask: go\nhint: h\nhighlight:\n  - {panel: kitchen}", None, 18, "unknown panel"),
    ("ask: go\nhint: h\nhighlight:\n  - {region: ready, player: Zed}", None, 18, "unknown player 'Zed'"),
    ("hint: h", None, 15, "'hint' belongs to a question"),
    ("ask: go\nhint: h\nhints: [a]", None, 17, "not both"),
    ("ask: go\nhint: h\nexpect_error: nope", None, 17, "do not go together"),
    ("ask: go\nhint: h\naccept:\n  - {colour: red}", None, 18, "unknown check field 'colour'"),
    ("ask: go\nhint: h\nwrong:\n  - move: {do: hunt}\n    explain: no", None, 18, "unknown verb 'hunt'"),
    ("ask: go\nhint: h\nwrong:\n  - move: {do: pass}", None, 18, "needs 'move' and 'explain'"),
    ("ask: go\nhint: h\nwrong:\n  - move: {do: action, minion: Sully, kind: fly}\n    explain: no", None, 18,
     "not a valid step"),
    ("ask: 3", None, 15, "'ask' must be text"),
    ("ask: go\nhint: h", "lesson: {id: t, level: tricky, summary: s}", 2, "level 'tricky'"),
    ("ask: go\nhint: h", "lesson: {id: t, level: easy, summary: s, colour: red}", 2, "unknown field 'colour' in lesson"),
    ("ask: go\nhint: h", "lesson: {id: t, level: easy}", 2, "needs 'summary'"),
    ("ask: go\nhint: h", "lesson: {id: T t, level: easy, summary: s}", 2, "lowercase"),
    ("ask: go\nhint: h", "lesson: {id: t, level: easy, summary: s}\npuzzle: {id: u, level: easy, summary: s}",
     3, "not both"),
])
def test_bad_lesson_reported_with_line_and_field(tmp_path, db, body, head, line, words):
    p = _write(tmp_path, body, head)
    with pytest.raises(ScenarioError) as e:
        load(p, db)
    msg = str(e.value)
    assert str(p) in msg and f"line {line}:" in msg and words in msg, msg
    r = run_file(p, db)
    assert r.error and not r.passed


def test_runner_proves_accept_and_wrong(tmp_path, db):
    ok = _write(tmp_path, """
        ask: bleed
        hint: h
        accept:
          - {card: Sully, locked: true}
        wrong:
          - move: {do: action, minion: Sully, kind: hunt}
            explain: not a bleed
    """)
    # a hunt also locks Sully, so with this accept the "wrong" hunt would be judged right
    r = run_file(ok, db)
    assert not r.passed and "would be judged right" in r.message
    bad_accept = _write(tmp_path, """
        ask: bleed
        hint: h
        accept:
          - {card: Sully, locked: false}
    """)
    r = run_file(bad_accept, db)
    assert not r.passed and "accept check at line" in r.message and "file's own move" in r.message
    bad_refusal = _write(tmp_path, """
        ask: bleed
        hint: h
        wrong:
          - move: {do: action, minion: Sully, kind: bleed, target: Ann}
            explain: never yourself
            refused: locked
    """)
    r = run_file(bad_refusal, db)
    assert not r.passed and "expected a refusal containing 'locked'" in r.message
    good = _write(tmp_path, """
        ask: bleed
        hint: h
        also:
          - move: {do: action, minion: Sully, kind: bleed, target: Ben}
        wrong:
          - move: {do: action, minion: Sully, kind: bleed, target: Ann}
            explain: never yourself
            refused: yourself
          - move: {do: action, minion: Sully, kind: hunt}
            explain: not a bleed
    """)
    r = run_file(good, db)
    assert r.passed, r.message
    wrong_also = _write(tmp_path, """
        ask: bleed
        hint: h
        accept:
          - {can: {player: Ann, do: play, card: Bonding, minion: Sully, level: basic}}
        also:
          - move: {do: action, minion: Sully, kind: hunt}
    """)   # Bonding is only usable during a bleed
    r = run_file(wrong_also, db)
    assert not r.passed and "listed under 'also', is judged wrong" in r.message


def test_course_index_errors(tmp_path):
    (tmp_path / "a.yaml").write_text("x", encoding="utf-8")
    (tmp_path / "course.json").write_text('{"format": 1, "sections": [{"title": "S", "lessons": '
                                          '[{"file": "a.yaml", "title": "A"}, {"file": "b.yaml", "title": "B"}]}]}',
                                          encoding="utf-8")
    with pytest.raises(ValueError, match="b.yaml is listed but there is no such file"):
        load_course(tmp_path)
    (tmp_path / "course.json").write_text('{"format": 2}', encoding="utf-8")
    with pytest.raises(ValueError, match='"format": 1'):
        load_course(tmp_path)
