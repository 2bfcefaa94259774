"""Lessons and rules puzzles: the tutor's fields on top of the scenario format.

A lesson (or a rules puzzle) is a scenario with narration: text shown before a
step (`say`), a step the learner is asked to make (`ask`), hints, what to
highlight, checks that define a right answer (`accept`), an explanation after
a right answer (`explain`), other moves that are just as right (`also`) and
explanations of likely wrong moves (`wrong`).
docs/lessons.md describes every field. Nothing here changes how a scenario
runs: the loader calls `attach` to validate the fields and keep them on the
`Scenario` (`lesson`) and its `Step`s (`teach`); the runner calls
`check_step` after a step that teaches, so CI proves that the file's own move
satisfies its `accept` checks, that each move listed under `also` is judged
right and each move listed under `wrong` is judged wrong. `judge` and `Tutor` are what the tutor's window uses: they judge
a learner's move against the step without touching the lesson's game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vtes_desktop.engine.errors import Refused

if TYPE_CHECKING:  # pragma: no cover
    from vtes_desktop.cards.db import CardDB
    from vtes_desktop.engine import commands as C
    from vtes_desktop.engine.game import Game
    from vtes_desktop.scenario.loader import Scenario, Step

#: top-level fields validated here (the loader already lets them through)
LESSON_TOP = ("lesson", "puzzle", "intro", "outro", "tags")
LESSON_KEYS = {"id", "order", "level", "summary", "section", "goals", "goal"}
LEVELS = ("easy", "medium", "hard")
#: step fields that need `ask` on the same step
ASK_ONLY = ("hint", "hints", "accept", "explain", "wrong", "also")
WRONG_KEYS = {"move", "explain", "refused"}
ALSO_KEYS = {"move", "explain"}
HIGHLIGHT_REGIONS = {"crypt", "library", "hand", "uncontrolled", "ready", "torpor", "incapacitated", "ash_heap",
                     "removed", "in_play"}
#: counters by owner: a player's, a card's, or the table's (the Edge)
PLAYER_COUNTERS = {"pool", "vp", "transfers", "hand"}
CARD_COUNTERS = {"blood", "life", "counters"}
PANELS = {"action", "combat", "referendum", "phase", "log", "prompt"}


@dataclass(frozen=True)
class Highlight:
    """One thing to light on the table: a region, a card, a counter or a panel."""
    kind: str                    # "region", "card", "counter" or "panel"
    what: str                    # the region, card name or alias, counter name ("pool", "blood", "edge") or panel
    player: str | None = None    # whose region, pool or copy of the card
    card: str | None = None      # the card a blood, life or counters counter is on


@dataclass
class WrongMove:
    """A likely wrong answer and why it is wrong. `step` is the move as a scenario step."""
    line: int
    step: "Step"
    explain: str
    refused: str | None = None   # the engine must refuse it, with this text in its message


@dataclass
class Teaching:
    """The tutor's fields of one step."""
    say: str = ""
    ask: str = ""
    hints: tuple[str, ...] = ()
    highlight: tuple[Highlight, ...] = ()
    accept: list[tuple[int, dict]] = field(default_factory=list)
    explain: str = ""
    wrong: tuple[WrongMove, ...] = ()
    also: tuple[WrongMove, ...] = ()    # other right answers (`refused` unused); `explain` may be empty
    note: str = ""

    @property
    def is_question(self) -> bool:
        return bool(self.ask)


@dataclass
class LessonInfo:
    """The top-level `lesson:` or `puzzle:` block, with the scenario's intro and outro."""
    kind: str                    # "lesson" or "puzzle"
    id: str
    level: str
    summary: str
    order: int | None = None
    section: str = ""
    goals: tuple[str, ...] = ()
    goal: str = ""
    intro: str = ""
    outro: str = ""
    tags: tuple[str, ...] = ()


# -- validation (called by the loader) ------------------------------------------------------------

def attach(doc, raw_steps, sc: "Scenario", db: "CardDB") -> None:
    """Validate the tutor's fields of a parsed scenario and keep them on it. Raises ScenarioError."""
    from vtes_desktop.scenario.loader import _line

    path = sc.path
    names = _Names(sc, db)
    if any(k in doc for k in LESSON_TOP):
        sc.lesson = _lesson_info(path, doc)
    for step, node in zip(sc.steps, raw_steps):
        if isinstance(node, dict) and any(k in node for k in ("say", "ask", "highlight", "note", *ASK_ONLY)):
            step.teach = _teaching(path, node, _line(node), step, sc, names)


def _lesson_info(path: Path, doc) -> LessonInfo | None:
    from vtes_desktop.scenario.loader import _err, _line

    def text(node, key, where, required=False) -> str:
        if key not in node or node[key] is None:
            if required:
                raise _err(path, _line(node) if where else 0, f"{where or 'the scenario'} needs {key!r}")
            return ""
        v = node[key]
        if not isinstance(v, str) or not v.strip():
            raise _err(path, _line(node, key), f"{key!r} must be text")
        return str(v).strip()

    def texts(node, key) -> tuple[str, ...]:
        v = node.get(key)
        if v is None:
            return ()
        if not isinstance(v, list) or not all(isinstance(x, str) and x.strip() for x in v):
            raise _err(path, _line(node, key), f"{key!r} must be a list of texts")
        return tuple(str(x).strip() for x in v)

    intro, outro, tags = text(doc, "intro", ""), text(doc, "outro", ""), texts(doc, "tags")
    blocks = [k for k in ("lesson", "puzzle") if k in doc]
    if len(blocks) == 2:
        raise _err(path, _line(doc, "puzzle"), "a file is a lesson or a puzzle, not both")
    if not blocks:
        return LessonInfo(kind="", id="", level="", summary="", intro=intro, outro=outro, tags=tags)
    kind = blocks[0]
    node = doc[kind]
    if not isinstance(node, dict):
        raise _err(path, _line(doc, kind), f"{kind!r} must be a mapping {{id, level, summary, ...}}")
    for k in node:
        if k not in LESSON_KEYS:
            raise _err(path, _line(node, k), f"unknown field {k!r} in {kind}")
    lid = text(node, "id", kind, required=True)
    if not all(ch.isalnum() or ch == "-" for ch in lid) or lid != lid.lower():
        raise _err(path, _line(node, "id"), f"{kind} id {lid!r}: use lowercase letters, digits and '-'")
    level = text(node, "level", kind, required=True)
    if level not in LEVELS:
        raise _err(path, _line(node, "level"), f"level {level!r}: one of {', '.join(LEVELS)}")
    order = node.get("order")
    if order is not None and (not isinstance(order, int) or isinstance(order, bool) or order < 1):
        raise _err(path, _line(node, "order"), "'order' must be a whole number from 1")
    return LessonInfo(kind=kind, id=lid, level=level, summary=text(node, "summary", kind, required=True),
                      order=order, section=text(node, "section", kind), goals=texts(node, "goals"),
                      goal=text(node, "goal", kind), intro=intro, outro=outro, tags=tags)


class _Names:
    """Player names, aliases and card names a highlight may use."""

    def __init__(self, sc: "Scenario", db: "CardDB"):
        self.players = sc.players
        self.aliases = sc.aliases
        self.db = db

    def card_ok(self, name: str) -> bool:
        return name in self.aliases or self.db.lookup(name) is not None


def _teaching(path: Path, node, ln: int, step: "Step", sc: "Scenario", names: _Names) -> Teaching:
    from vtes_desktop.scenario.loader import _checks, _err, _line

    def text(key) -> str:
        v = node.get(key)
        if v is None:
            return ""
        if not isinstance(v, str) or not v.strip():
            raise _err(path, _line(node, key) or ln, f"{key!r} must be text")
        return str(v).strip()

    ask = text("ask")
    if not ask:
        for k in ASK_ONLY:
            if k in node:
                raise _err(path, _line(node, k) or ln, f"{k!r} belongs to a question: add 'ask' to this step")
    if ask and step.expect_error is not None:
        raise _err(path, _line(node, "expect_error") or ln,
                   "a question's move must be accepted: 'ask' and 'expect_error' do not go together")
    if "hint" in node and "hints" in node:
        raise _err(path, _line(node, "hints") or ln, "use 'hint' or 'hints', not both")
    hints: tuple[str, ...] = ()
    if "hint" in node:
        hints = (text("hint"),)
    elif "hints" in node:
        v = node["hints"]
        if not isinstance(v, list) or not v or not all(isinstance(x, str) and x.strip() for x in v):
            raise _err(path, _line(node, "hints") or ln, "'hints' must be a list of texts")
        hints = tuple(str(x).strip() for x in v)
    accept = []
    if "accept" in node:
        if not isinstance(node["accept"], list) or not node["accept"]:
            raise _err(path, _line(node, "accept") or ln, "'accept' must be a list of checks")
        accept = _checks(path, node["accept"], _line(node, "accept") or ln, sc.players)
    return Teaching(say=text("say"), ask=ask, hints=hints,
                    highlight=_highlights(path, node, ln, names), accept=accept, explain=text("explain"),
                    wrong=_wrongs(path, node, ln, step, sc), also=_wrongs(path, node, ln, step, sc, key="also"),
                    note=text("note"))


def _highlights(path: Path, node, ln: int, names: _Names) -> tuple[Highlight, ...]:
    from vtes_desktop.scenario.loader import _err, _line

    if "highlight" not in node:
        return ()
    lst = node["highlight"]
    if not isinstance(lst, list) or not lst:
        raise _err(path, _line(node, "highlight") or ln, "'highlight' must be a list of things to light")
    out = []
    for h in lst:
        hl = _line(h) or _line(node, "highlight") or ln
        if not isinstance(h, dict):
            raise _err(path, hl, f"a highlight is a mapping ({{region: R, player: P}}, {{card: C}}, "
                                 f"{{counter: pool, player: P}}, {{panel: action}}), not {h!r}")
        kinds = [k for k in ("region", "card", "counter", "panel") if k in h]
        if "counter" in kinds:   # a card's counter names its card too
            kinds = [k for k in kinds if k != "card"]
        if len(kinds) != 1:
            raise _err(path, hl, "a highlight names one of region, card, counter or panel")
        kind = kinds[0]
        allowed = {"region": {"region", "player"}, "card": {"card", "player"},
                   "counter": {"counter", "player", "card"}, "panel": {"panel"}}[kind]
        for k in h:
            if k not in allowed:
                raise _err(path, _line(h, k) or hl, f"unknown field {k!r} in a {kind} highlight")
        what = str(h[kind])
        player = None if h.get("player") is None else str(h["player"])
        card = None if h.get("card") is None or kind == "card" else str(h["card"])
        if player is not None and player not in names.players:
            raise _err(path, _line(h, "player") or hl, f"unknown player {player!r}")
        if kind == "region":
            if what not in HIGHLIGHT_REGIONS:
                raise _err(path, _line(h, "region") or hl, f"unknown region {what!r}")
            if player is None:
                raise _err(path, hl, "a region highlight needs 'player'")
        elif kind == "card":
            if not names.card_ok(what):
                raise _err(path, _line(h, "card") or hl, f"unknown card name {what!r}")
        elif kind == "counter":
            if what == "edge":
                if player is not None or card is not None:
                    raise _err(path, hl, "the Edge counter belongs to nobody: no 'player' or 'card'")
            elif what in PLAYER_COUNTERS:
                if player is None or card is not None:
                    raise _err(path, hl, f"a {what} counter highlight needs 'player' (and no 'card')")
            elif what in CARD_COUNTERS:
                if card is None or player is not None:
                    raise _err(path, hl, f"a {what} counter highlight needs 'card' (and no 'player')")
                if not names.card_ok(card):
                    raise _err(path, _line(h, "card") or hl, f"unknown card name {card!r}")
            else:
                raise _err(path, _line(h, "counter") or hl,
                           f"unknown counter {what!r}: one of edge, {', '.join(sorted(PLAYER_COUNTERS | CARD_COUNTERS))}")
        elif what not in PANELS:
            raise _err(path, _line(h, "panel") or hl, f"unknown panel {what!r}: one of {', '.join(sorted(PANELS))}")
        out.append(Highlight(kind=kind, what=what, player=player, card=card))
    return tuple(out)


def _wrongs(path: Path, node, ln: int, step: "Step", sc: "Scenario", key: str = "wrong") -> tuple[WrongMove, ...]:
    """`wrong:` (likely wrong moves, each with why) or `also:` (other right moves), as WrongMove records."""
    from vtes_desktop.scenario.loader import _err, _line, _step

    if key not in node:
        return ()
    what = "a wrong move" if key == "wrong" else "another right move"
    lst = node[key]
    if not isinstance(lst, list) or not lst:
        raise _err(path, _line(node, key) or ln, f"{key!r} must be a list of {{move, explain}}")
    out = []
    for w in lst:
        wl = _line(w) or _line(node, key) or ln
        if not isinstance(w, dict):
            raise _err(path, wl, f"{what} is a mapping {{move, explain}}, not {w!r}")
        for k in w:
            if k not in (WRONG_KEYS if key == "wrong" else ALSO_KEYS):
                raise _err(path, _line(w, k) or wl, f"unknown field {k!r} in {what}")
        if "move" not in w or (key == "wrong" and "explain" not in w):
            raise _err(path, wl, f"{what} needs 'move'" + (" and 'explain'" if key == "wrong" else ""))
        mv = w["move"]
        if not isinstance(mv, dict):
            raise _err(path, _line(w, "move") or wl, "'move' is a step: {do: VERB, ...fields}")
        for k in mv:
            if k in ("expect", "expect_error") or k in ("say", "ask", "hint", "hints", "highlight", "accept",
                                                       "explain", "note", "wrong", "also"):
                raise _err(path, _line(mv, k) or wl, f"field {k!r} has no place in {what}")
        move = dict(mv)
        move.setdefault("by", step.by)
        wstep = _step(path, step.index, _Lined(move, mv), sc.players)
        try:
            file_command(sc, wstep)
        except Exception as e:   # Malformed, or a field value the command cannot take
            raise _err(path, _line(w, "move") or wl, f"{what} is not a valid step: {e}") from None
        ex = w.get("explain", "")
        if key == "wrong" or ex:
            if not isinstance(ex, str) or not ex.strip():
                raise _err(path, _line(w, "explain") or wl, "'explain' must be text")
        ref = w.get("refused")
        if ref is not None and (not isinstance(ref, str) or not ref.strip()):
            raise _err(path, _line(w, "refused") or wl, "'refused' must be text")
        wstep.line = wl
        out.append(WrongMove(line=wl, step=wstep, explain=ex.strip(), refused=None if ref is None else ref.strip()))
    return tuple(out)


class _Lined(dict):
    """A plain mapping that answers line questions from the YAML node it was copied from."""

    def __init__(self, d: dict, node):
        super().__init__(d)
        self.lc = getattr(node, "lc", None)


# -- judging a learner's move ---------------------------------------------------------------------------

@dataclass
class Verdict:
    """How the tutor answers a learner's move at a question step.

    `outcome` is "right", "wrong" (legal, but not what was asked: the tutor
    takes it back) or "refused" (the rules forbid it; `message` is the
    engine's own explanation). `game` is the game after the move when it was
    accepted (a fork: the lesson's game is untouched).
    """
    outcome: str
    message: str = ""
    hint: str = ""
    wrong: WrongMove | None = None
    failed_check: str = ""
    same_as_file: bool = False
    game: "Game | None" = None
    replaced: bool = False     # Tutor: the answer was right, but the lesson goes on from the file's own move

    @property
    def right(self) -> bool:
        return self.outcome == "right"


def file_command(sc: "Scenario", step: "Step") -> "C.Command":
    from vtes_desktop.scenario.loader import to_command

    return to_command(step, sc.players.index(step.by), sc.players)


def judge(game: "Game", sc: "Scenario", step: "Step", cmd: "C.Command", *, hint_no: int = 0) -> Verdict:
    """Judge *cmd*, a learner's move at the question *step*, in *game* (the position before the step).

    Refused by the engine: "refused", with the engine's message. Accepted: with
    `accept` checks, "right" when they all hold after it; without them, "right"
    only when it leaves the same position as the file's own move or as one of
    the step's `also` moves. A manual move is right only when it leaves the
    same position as one of those.
    """
    from vtes_desktop.scenario.runner import CheckFailed, check

    teach = step.teach or Teaching()
    hint = teach.hints[min(hint_no, len(teach.hints) - 1)] if teach.hints else ""
    wrong = match_wrong(game, sc, step, cmd)
    try:
        after = game.fork()
        after.apply(cmd)
    except Refused as e:
        msg = e.message
        return Verdict("refused", message=msg, hint=hint, wrong=wrong)
    same = _same_position(game, sc, step, after)
    if teach.accept and not cmd.manual:
        for line, chk in teach.accept:
            try:
                check(after, sc, chk)
            except (CheckFailed, Refused) as e:
                why = e.message if isinstance(e, Refused) else str(e)
                return Verdict("wrong", message=wrong.explain if wrong else "That move is legal, but it does not "
                               "do what the question asks.", hint=hint, wrong=wrong,
                               failed_check=f"line {line}: {why}", same_as_file=same, game=after)
        alt = None if same else _also_explain(game, sc, step, after)
        return Verdict("right", message=alt or teach.explain, same_as_file=same, game=after)
    if same:
        return Verdict("right", message=teach.explain, same_as_file=True, game=after)
    alt = _also_explain(game, sc, step, after)
    if alt is not None:
        return Verdict("right", message=alt or teach.explain, game=after)
    return Verdict("wrong", message=wrong.explain if wrong else "That move is legal, but it is not the move "
                   "this lesson asks for.", hint=hint, wrong=wrong, game=after)


def _same_position(game: "Game", sc: "Scenario", step: "Step", after: "Game") -> bool:
    try:
        mine = game.fork()
        mine.apply(file_command(sc, step))
    except Refused:
        return False
    return state_key(mine.state) == state_key(after.state)


def _also_explain(game: "Game", sc: "Scenario", step: "Step", after: "Game") -> str | None:
    """The `explain` of the `also` move that leaves the same position as *after* ("" when it has none),
    or None when no `also` move does."""
    key = state_key(after.state)
    for a in (step.teach.also if step.teach else ()):
        try:
            g = game.fork()
            g.apply(file_command(sc, a.step))
        except Refused:
            continue
        if state_key(g.state) == key:
            return a.explain
    return None


def state_key(st) -> tuple:
    """Everything in a game state, for comparing two positions (a state kept inside it, such as the
    position a card cancelled as played returns to, compared by its own contents)."""
    return tuple(_keyed(getattr(st, k)) for k in st.__slots__ if k != "_own")


def _keyed(v):
    from vtes_desktop.engine.state import State

    if isinstance(v, State):
        return state_key(v)
    if isinstance(v, (frozenset, set)) and any(isinstance(x, tuple) for x in v):
        return tuple(sorted((_keyed(x) for x in v), key=repr))     # may hold unhashable keys: sorted instead
    if isinstance(v, tuple) and any(isinstance(x, (State, tuple, frozenset)) for x in v):
        return tuple(_keyed(x) for x in v)
    return v


def match_wrong(game: "Game", sc: "Scenario", step: "Step", cmd: "C.Command") -> WrongMove | None:
    """The first `wrong` entry of *step* that *cmd* matches: the same verb and player, and every field the
    entry gives the same (cards compared as the cards they mean in *game*)."""
    if step.teach is None:
        return None
    from vtes_desktop.engine.context import Ctx
    from vtes_desktop.engine.flow import ref

    ctx = Ctx(game, game.state)
    have = cmd.model_dump(by_alias=True)
    for w in step.teach.wrong:
        try:
            wcmd = file_command(sc, w.step)
        except Refused:
            continue
        if wcmd.type != cmd.type or wcmd.seat != cmd.seat:
            continue
        want = wcmd.model_dump(by_alias=True)
        ok = True
        for k in w.step.fields:
            a, b = want.get(k), have.get(k)
            if a == b:
                continue
            if isinstance(a, str) and isinstance(b, str) and a.strip().lower() == b.strip().lower():
                continue
            try:
                if (isinstance(a, (int, str)) and isinstance(b, (int, str)) and not isinstance(a, bool)
                        and ref(ctx, cmd.seat, a) == ref(ctx, cmd.seat, b)):
                    continue
            except Refused:
                pass
            ok = False
            break
        if ok:
            return w
    return None


def check_step(before: "Game", after: "Game", sc: "Scenario", step: "Step") -> str | None:
    """For the runner, after a question step was played from *before* to *after*: the `accept` checks
    hold after the file's own move, each `also` move is judged right (or refused: it may serve only a
    learner who took another right path earlier), and each `wrong` move is judged wrong (refused with its
    `refused` text where it gives one). Returns what failed, or None."""
    from vtes_desktop.scenario.runner import CheckFailed, _fmt, check

    teach = step.teach
    if teach is None or not teach.ask:
        return None
    for line, chk in teach.accept:
        try:
            check(after, sc, chk)
        except CheckFailed as e:
            return f"accept check at line {line} {_fmt(chk)} failed after the file's own move: {e}"
        except Refused as e:
            return f"accept check at line {line} {_fmt(chk)} is not valid: {e.message}"
    for a in teach.also:
        try:
            v = judge(before, sc, step, file_command(sc, a.step))
        except Refused as e:
            return f"right move at line {a.line} is malformed: {e.message}"
        # refused here: it serves a learner who took another right path at an earlier question
        if v.outcome == "wrong":
            return f"the move at line {a.line}, listed under 'also', is judged wrong: {v.failed_check or v.message}"
    for w in teach.wrong:
        try:
            cmd = file_command(sc, w.step)
        except Refused as e:
            return f"wrong move at line {w.line} is malformed: {e.message}"
        v = judge(before, sc, step, cmd)
        if v.right:
            return f"wrong move at line {w.line} ({w.step.verb}) would be judged right"
        if match_wrong(before, sc, step, cmd) is not w:
            return f"wrong move at line {w.line} is matched by an earlier wrong move"
        if w.refused is not None:
            if v.outcome != "refused":
                return f"wrong move at line {w.line} should be refused (containing {w.refused!r}), but it is legal"
            if w.refused.lower() not in v.message.lower():
                return f"wrong move at line {w.line}: expected a refusal containing {w.refused!r}, got {v.message!r}"
    return None


# -- the tutor, headless ----------------------------------------------------------------------------------

class Tutor:
    """Plays a lesson step by step; the learner answers the questions.

    `step` is the next step (None at the end). A step without `ask` is played by
    the tutor with `play()`. At a question, `answer(cmd)` judges the learner's
    move; a right answer is kept when the rest of the lesson still plays from
    it (its steps accepted and its checks holding), and otherwise replaced by
    the file's own move (`Verdict.replaced`); a wrong or refused one leaves
    the game as it was. `hint()` gives the next hint.
    """

    def __init__(self, sc: "Scenario", db: "CardDB"):
        from vtes_desktop.scenario.runner import build_game

        self.sc = sc
        self.game = build_game(sc, db)
        self.at = 0
        self.hints_shown = 0

    @property
    def step(self) -> "Step | None":
        return self.sc.steps[self.at] if self.at < len(self.sc.steps) else None

    @property
    def teach(self) -> Teaching:
        s = self.step
        return (s.teach if s is not None else None) or Teaching()

    @property
    def is_question(self) -> bool:
        return self.step is not None and self.teach.is_question

    def hint(self) -> str:
        hints = self.teach.hints
        if not hints:
            return ""
        h = hints[min(self.hints_shown, len(hints) - 1)]
        self.hints_shown += 1
        return h

    def play(self) -> list:
        """Play the next step as written (a question too, when the learner asks to be shown)."""
        step = self.step
        if step is None:
            raise IndexError("the lesson is over")
        try:
            events = self.game.apply(file_command(self.sc, step))
        except Refused:
            if step.expect_error is None:
                raise
            events = []
        self._next()
        return events

    def answer(self, cmd: "C.Command") -> Verdict:
        step = self.step
        if step is None or not self.teach.is_question:
            raise ValueError("there is no question to answer now")
        v = judge(self.game, self.sc, step, cmd, hint_no=self.hints_shown)
        if v.right:
            if v.game is not None and (v.same_as_file or self._continues(v.game)):
                self.game = v.game
            else:
                self.game.apply(file_command(self.sc, step))
                v.replaced = True
            self._next()
        return v

    def _continues(self, game: "Game") -> bool:
        """Whether the rest of the lesson plays from *game*: every later step accepted (or refused where
        it expects a refusal) and every check holding."""
        from vtes_desktop.scenario.runner import CheckFailed, check

        g = game.fork()
        try:
            for step in self.sc.steps[self.at + 1:]:
                moves = [step] + [a.step for a in (step.teach.also if step.teach else ())]
                for i, mv in enumerate(moves):
                    try:
                        g.apply(file_command(self.sc, mv))
                        if step.expect_error is not None:
                            return False
                        break
                    except Refused as e:
                        if i + 1 < len(moves):
                            continue   # a later question: one of its other right moves may apply here
                        if step.expect_error is None or step.expect_error.lower() not in e.message.lower():
                            return False
                for _, chk in step.expect:
                    check(g, self.sc, chk)
            for _, chk in self.sc.expect:
                check(g, self.sc, chk)
        except (CheckFailed, Refused):
            return False
        return True

    def _next(self) -> None:
        self.at += 1
        self.hints_shown = 0

    @property
    def done(self) -> bool:
        return self.at >= len(self.sc.steps)


# -- the course index ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CourseEntry:
    file: str
    title: str
    section: str
    rules: tuple[str, ...] = ()     # the engine's rule ids (a refusal's `rule`) this lesson teaches


@dataclass(frozen=True)
class Course:
    title: str
    lessons: tuple[CourseEntry, ...]
    puzzles: tuple[CourseEntry, ...]

    def lesson_for(self, rule: str) -> CourseEntry | None:
        """The lesson that teaches the engine rule *rule* (a refusal's rule id), or None."""
        return next((e for e in self.lessons if rule in e.rules), None)


def load_course(folder: str | Path) -> Course:
    """Read `course.json` in *folder*: the lessons in order, by section, and the puzzles, easy to hard.

    {"format": 1, "title": ..., "sections": [{"title": ..., "lessons": [{"file": ..., "title": ...,
                                                                         "rules": [rule ids it teaches]}]}],
     "puzzles": [{"title": "Easy", "puzzles": [{"file": "puzzles/...", "title": ...}]}]}
    Raises ValueError naming the problem: not JSON, a missing field, a file listed twice or not there.
    """
    folder = Path(folder)
    p = folder / "course.json"
    try:
        doc: Any = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ValueError(f"{p}: {e}") from None
    if not isinstance(doc, dict) or doc.get("format") != 1:
        raise ValueError(f'{p}: a course index is a JSON object with "format": 1')

    def entries(key: str, inner: str) -> list[CourseEntry]:
        out = []
        groups = doc.get(key) or []
        if not isinstance(groups, list):
            raise ValueError(f"{p}: {key!r} must be a list of {{title, {inner}}}")
        for g in groups:
            if not isinstance(g, dict) or not isinstance(g.get("title"), str) or not isinstance(g.get(inner), list):
                raise ValueError(f"{p}: each of {key!r} needs a 'title' and a list {inner!r}")
            for e in g[inner]:
                if not isinstance(e, dict) or not isinstance(e.get("file"), str) or not isinstance(e.get("title"), str):
                    raise ValueError(f"{p}: each entry of {g['title']!r} needs 'file' and 'title'")
                rules = e.get("rules", [])
                if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
                    raise ValueError(f"{p}: 'rules' of {e['file']!r} must be a list of rule ids")
                out.append(CourseEntry(file=e["file"], title=e["title"], section=g["title"], rules=tuple(rules)))
        return out

    lessons, puzzles = entries("sections", "lessons"), entries("puzzles", "puzzles")
    seen: set[str] = set()
    for e in lessons + puzzles:
        if e.file in seen:
            raise ValueError(f"{p}: {e.file} is listed twice")
        seen.add(e.file)
        if not (folder / e.file).is_file():
            raise ValueError(f"{p}: {e.file} is listed but there is no such file")
    return Course(title=str(doc.get("title", "")), lessons=tuple(lessons), puzzles=tuple(puzzles))
