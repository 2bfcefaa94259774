"""Read a scenario file (../shared/spec/scenario-format.md) into a setup and steps.

YAML 1.2 through ruamel.yaml, so `on:` stays a string and every node keeps
its line number: a file that is not a valid scenario is reported with its
file, line and field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vtes_desktop.cards.db import CardDB
from vtes_desktop.engine import commands as C
from vtes_desktop.engine.setup import CardSpec, SeatSetup, Setup

if TYPE_CHECKING:  # pragma: no cover
    from vtes_desktop.scenario.lesson import LessonInfo, Teaching

REGION_FIELDS = ("crypt", "library", "hand", "uncontrolled", "ready", "torpor", "incapacitated", "ash_heap", "removed",
                 "in_play")   # in_play (master cards and events on the table) is this project's extension
TOP_FIELDS = {"title", "source", "seed", "table", "turn", "edge", "steps", "expect"}
#: fields the project adds (lessons and puzzles: docs/lessons.md); a plain scenario may carry them too
EXTRA_TOP_FIELDS = {"description", "tags", "lesson", "puzzle", "intro", "outro", "kind", "id", "level", "next"}
PLAYER_FIELDS = {"player", "pool", "deck", "vp", *REGION_FIELDS}   # vp: this project's extension
CARD_FIELDS = {"card", "as", "blood", "life", "locked", "counters", "equipment", "retainers", "cards", "title",
               "sect", "wounded", "contested"}   # contested: this project's extension
STEP_COMMON = {"by", "do", "expect_error", "expect"}
EXTRA_STEP_FIELDS = {"say", "ask", "hint", "hints", "highlight", "accept", "explain", "note", "wrong", "also"}

#: scenario fields by verb (the engine's command fields, under the spec's names)
VERB_FIELDS: dict[str, set[str]] = {
    "end_phase": set(), "pass": set(), "resolve": set(), "finish": set(), "yield": {"card"},
    "transfer": {"to", "amount"}, "transfer_back": {"from", "amount"}, "move_crypt": set(),
    "influence": {"vampire"}, "merge": {"vampire"},
    "action": {"minion", "kind", "card", "target", "level", "from", "cost", "discipline", "trophy"},
    "block": {"minion"}, "decline_block": set(), "diablerize": {"minion", "victim", "discipline", "trophy"},
    "play": {"card", "minion", "level", "target", "choice"}, "use": {"card", "minion", "effect"},
    "discard": {"card"},
    "maneuver": {"minion", "using", "level"}, "strike": {"minion", "strike", "level", "target", "choice"},
    "press": {"minion", "to", "using", "level"}, "prevent": {"minion", "amount", "using"},
    "terms": {"choice"}, "vote": {"side", "with"},
    "move": {"card", "to", "player"}, "counters": {"on", "delta", "player"}, "lock": {"card"}, "unlock": {"card"},
    "damage": {"target", "normal", "aggravated"}, "draw": {"player", "from", "count"},
    "shuffle": {"player", "region"}, "edge": {"to"}, "reveal": {"card"}, "done": set(), "undo": set(),
    "concede": set(), "withdraw": set(), "time_out": set(), "leave_incapacitated": {"minion"},
    "trophy": {"minion", "card"},
}
#: fields that name a player (converted to a seat index)
PLAYER_VALUED = {("move", "player"), ("counters", "player"), ("draw", "player"), ("shuffle", "player"), ("edge", "to")}

CHECK_KEYS = {"player", "pool", "vp", "ousted", "transfers", "hand", "edge", "card", "region", "blood", "life",
              "locked", "on", "controller", "counters", "wounded", "sect", "title", "contested", "phase", "window",
              "range", "combat", "action", "referendum", "for", "against", "impulse", "legal", "can", "cannot",
              "withdrawn", "withdrawing", "game_over", "winner"}   # the last four: this project's extension


class ScenarioError(Exception):
    """The file is not a valid scenario. The message names the file, the line and the field."""


@dataclass
class Step:
    index: int
    line: int
    by: str
    verb: str
    fields: dict[str, Any]
    expect_error: str | None
    expect: list[tuple[int, dict]]
    raw: dict
    teach: "Teaching | None" = None    # the tutor's fields (say, ask, hints, ...): scenario/lesson.py


@dataclass
class Scenario:
    path: Path
    title: str
    source: str
    seed: int
    setup: Setup
    players: list[str]
    steps: list[Step]
    expect: list[tuple[int, dict]]
    aliases: dict[str, tuple[int, int]] = field(default_factory=dict)   # alias -> (seat, card id)
    extra: dict = field(default_factory=dict)
    lesson: "LessonInfo | None" = None     # a lesson's or puzzle's block, intro and outro: scenario/lesson.py


def _line(node, key=None) -> int:
    try:
        if key is not None and hasattr(node, "lc"):
            return node.lc.key(key)[0] + 1
        if hasattr(node, "lc"):
            return node.lc.line + 1
    except Exception:
        pass
    return 0


def load(path: str | Path, db: CardDB) -> Scenario:
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: not UTF-8 text") from None
    except OSError as e:
        raise ScenarioError(f"{path}: cannot read: {e.strerror or e}") from None
    yaml = YAML(typ="rt")
    yaml.version = (1, 2)
    try:
        doc = yaml.load(text)
    except YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f", line {mark.line + 1}" if mark is not None else ""
        raise ScenarioError(f"{path}{where}: not valid YAML: {getattr(e, 'problem', None) or e}") from None
    return parse(doc, path, db)


def _err(path: Path, line: int, msg: str) -> ScenarioError:
    return ScenarioError(f"{path}, line {line}: {msg}" if line else f"{path}: {msg}")


def parse(doc, path: Path, db: CardDB) -> Scenario:
    if not isinstance(doc, dict):
        raise _err(path, 0, "a scenario is a mapping with title, table and steps")
    for k in doc:
        if k not in TOP_FIELDS | EXTRA_TOP_FIELDS:
            raise _err(path, _line(doc, k), f"unknown field {k!r}")
    if "table" not in doc:
        raise _err(path, 0, "missing field 'table'")
    table = doc["table"]
    if not isinstance(table, list) or not table:
        raise _err(path, _line(doc, "table"), "'table' must be a list of players")
    players: list[str] = []
    seats: list[SeatSetup] = []
    aliases: dict[str, tuple[int, int]] = {}
    for i, entry in enumerate(table):
        ln = _line(entry)
        if not isinstance(entry, dict) or "player" not in entry:
            raise _err(path, ln or _line(doc, "table"), "each table entry needs a 'player' name")
        for k in entry:
            if k not in PLAYER_FIELDS:
                raise _err(path, _line(entry, k), f"unknown field {k!r} in player entry")
        name = str(entry["player"])
        if name in players:
            raise _err(path, ln, f"player {name!r} is listed twice")
        players.append(name)
        pool = entry.get("pool", 30)
        if not isinstance(pool, int) or isinstance(pool, bool):
            raise _err(path, _line(entry, "pool"), "'pool' must be a whole number")
        regions: dict[str, tuple[CardSpec, ...]] = {}
        crypt_ids: tuple[int, ...] = ()
        lib_ids: tuple[int, ...] = ()
        standard = False
        if "deck" in entry:
            crypt_ids, lib_ids = _load_deck(path, _line(entry, "deck"), str(entry["deck"]), db)
            standard = not any(r in entry for r in REGION_FIELDS)
        for r in REGION_FIELDS:
            if r in entry:
                lst = entry[r]
                if lst is None:
                    continue
                if not isinstance(lst, list):
                    raise _err(path, _line(entry, r), f"{r!r} must be a list of cards")
                regions[r] = tuple(_card_spec(path, c, db, aliases, i, lst, j) for j, c in enumerate(lst))
        if "deck" in entry and not standard:
            # a deck plus explicit regions: the deck fills crypt and library where they are not written
            if "crypt" not in regions:
                regions["crypt"] = tuple(CardSpec(cid=c) for c in crypt_ids)
            if "library" not in regions:
                regions["library"] = tuple(CardSpec(cid=c) for c in lib_ids)
            crypt_ids, lib_ids = (), ()
        vp = entry.get("vp", 0)
        if not isinstance(vp, (int, float)) or isinstance(vp, bool) or vp < 0:
            raise _err(path, _line(entry, "vp"), "'vp' must be a number of victory points")
        seats.append(SeatSetup(name=name, pool=pool, vp=vp, crypt=crypt_ids, library=lib_ids, standard_start=standard,
                               regions=regions))

    for n in players:
        if db.lookup(n) is not None and n in aliases:
            raise _err(path, 0, f"{n!r} is both a player's name and a card alias")

    turn = doc.get("turn")
    turn_player, phase, number = 0, "unlock", 1
    if turn is not None:
        if not isinstance(turn, dict):
            raise _err(path, _line(doc, "turn"), "'turn' must be a mapping {player, phase, number}")
        for k in turn:
            if k not in ("player", "phase", "number"):
                raise _err(path, _line(turn, k), f"unknown field {k!r} in turn")
        if "player" in turn:
            if str(turn["player"]) not in players:
                raise _err(path, _line(turn, "player"), f"unknown player {turn['player']!r}")
            turn_player = players.index(str(turn["player"]))
        phase = str(turn.get("phase", "unlock"))
        if phase not in ("unlock", "master", "minion", "influence", "discard"):
            raise _err(path, _line(turn, "phase"), f"unknown phase {phase!r}")
        number = turn.get("number", 1)
        if not isinstance(number, int) or number < 1:
            raise _err(path, _line(turn, "number"), "'number' must be a whole number from 1")
    edge = None
    if doc.get("edge") is not None:
        if str(doc["edge"]) not in players:
            raise _err(path, _line(doc, "edge"), f"unknown player {doc['edge']!r} for the Edge")
        edge = players.index(str(doc["edge"]))
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _err(path, _line(doc, "seed"), "'seed' must be a whole number")
    setup = Setup(seats=tuple(seats), turn_player=turn_player, turn_number=number, phase=phase, edge=edge)

    steps = []
    raw_steps = doc.get("steps") or []
    if not isinstance(raw_steps, list):
        raise _err(path, _line(doc, "steps"), "'steps' must be a list")
    for i, s in enumerate(raw_steps):
        steps.append(_step(path, i, s, players))
    expect = _checks(path, doc.get("expect"), _line(doc, "expect"), players)
    extra = {k: doc[k] for k in doc if k in EXTRA_TOP_FIELDS}
    sc = Scenario(path=path, title=str(doc.get("title", path.stem)), source=str(doc.get("source", "")),
                  seed=seed, setup=setup, players=players, steps=steps, expect=expect, aliases=aliases, extra=extra)
    from vtes_desktop.scenario.lesson import attach

    attach(doc, raw_steps, sc, db)   # the tutor's fields, validated (nothing to do in a plain scenario)
    return sc


def _load_deck(path: Path, line: int, rel: str, db: CardDB) -> tuple[tuple[int, ...], tuple[int, ...]]:
    deck_path = (path.parent / rel)
    from vtes_desktop.decks import DeckError, load_deck

    try:
        deck = load_deck(deck_path, db)
    except DeckError as e:
        raise _err(path, line, f"deck {rel!r}: {e}") from None
    if deck.unknown:
        u = deck.unknown[0]
        raise _err(path, line, f"deck {rel!r}: unknown card on its line {u.line}: {u.text!r}")
    crypt = tuple(cid for cid, n in deck.crypt.items() for _ in range(n))
    lib = tuple(cid for cid, n in deck.library.items() for _ in range(n))
    return crypt, lib


def _card_spec(path: Path, c, db: CardDB, aliases, seat: int, parent, idx) -> CardSpec:
    ln = _line(c) if hasattr(c, "lc") else (parent.lc.item(idx)[0] + 1 if hasattr(parent, "lc") else 0)
    if isinstance(c, str):
        c = {"card": c}
        fields_ = c
    elif isinstance(c, dict):
        fields_ = c
        for k in c:
            if k not in CARD_FIELDS:
                raise _err(path, _line(c, k) or ln, f"unknown field {k!r} in card entry")
    else:
        raise _err(path, ln, f"a card entry is a name or a mapping, not {c!r}")
    name = fields_.get("card")
    if not name:
        raise _err(path, ln, "card entry without 'card'")
    card = db.lookup(str(name))
    if card is None:
        sug = db.suggest(str(name))
        raise _err(path, ln, f"unknown card name {name!r}" + (f" (did you mean {', '.join(sug)}?)" if sug else ""))
    attached = []
    for k in ("equipment", "retainers", "cards"):
        lst = fields_.get(k) or []
        if not isinstance(lst, list):
            raise _err(path, ln, f"{k!r} must be a list of cards")
        attached += [_card_spec(path, a, db, aliases, seat, lst, j) for j, a in enumerate(lst)]
    alias = fields_.get("as")
    if alias is not None:
        alias = str(alias)
        if alias in aliases:
            raise _err(path, ln, f"alias {alias!r} is used twice")
        aliases[alias] = (seat, card.id)
    def _int(k):
        v = fields_.get(k)
        if v is None:
            return None
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise _err(path, ln, f"{k!r} must be a whole number, not {v!r}")
        return v
    def _bool(k):
        v = fields_.get(k, False)
        if not isinstance(v, bool):
            raise _err(path, ln, f"{k!r} must be true or false, not {v!r}")
        return v
    return CardSpec(cid=card.id, alias=alias, blood=_int("blood"), life=_int("life"), counters=_int("counters"),
                    locked=_bool("locked"), wounded=_bool("wounded"), contested=_bool("contested"),
                    title=(None if fields_.get("title") is None else str(fields_.get("title")).lower()),
                    sect=(None if fields_.get("sect") is None else str(fields_.get("sect"))),
                    attached=tuple(attached))


def _step(path: Path, i: int, s, players: list[str]) -> Step:
    ln = _line(s)
    if not isinstance(s, dict):
        raise _err(path, ln, f"step {i + 1} must be a mapping {{by, do, ...}}")
    if "by" not in s or "do" not in s:
        raise _err(path, ln, f"step {i + 1} needs 'by' and 'do'")
    by = str(s["by"])
    if by not in players:
        raise _err(path, _line(s, "by") or ln, f"unknown player {by!r}")
    verb = str(s["do"])
    if verb not in VERB_FIELDS:
        raise _err(path, _line(s, "do") or ln, f"unknown verb {verb!r}")
    fields_ = {}
    for k, v in s.items():
        if k in STEP_COMMON or k in EXTRA_STEP_FIELDS:
            continue
        if k not in VERB_FIELDS[verb]:
            raise _err(path, _line(s, k) or ln, f"unknown field {k!r} for {verb}")
        fields_[k] = v
    ee = s.get("expect_error")
    expect = _checks(path, s.get("expect"), _line(s, "expect") or ln, players)
    return Step(index=i, line=ln, by=by, verb=verb, fields=fields_, expect_error=None if ee is None else str(ee),
                expect=expect, raw=dict(s))


def _checks(path: Path, lst, ln: int, players: list[str]) -> list[tuple[int, dict]]:
    if lst is None:
        return []
    if not isinstance(lst, list):
        raise _err(path, ln, "'expect' must be a list of checks")
    out = []
    for c in lst:
        cl = _line(c) or ln
        if not isinstance(c, dict) or not c:
            raise _err(path, cl, f"a check is a mapping, not {c!r}")
        for k in c:
            if k not in CHECK_KEYS:
                raise _err(path, _line(c, k) or cl, f"unknown check field {k!r}")
        out.append((cl, _plain(c)))
    return out


def _plain(x):
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_plain(v) for v in x]
    return x


def to_command(step: Step, seat: int, players: list[str]) -> C.Command:
    """The engine command for a step. Player names in player-valued fields become seat indices."""
    data: dict[str, Any] = {"type": step.verb, "seat": seat}
    for k, v in step.fields.items():
        if (step.verb, k) in PLAYER_VALUED:
            if v is None or v == "none":
                v = None
            elif str(v) in players:
                v = players.index(str(v))
            else:
                raise C_Malformed("player", f"unknown player {v!r}")
        elif isinstance(v, (dict, list)):
            raise C_Malformed("field", f"field {k!r} must be a single value")
        elif v is not None and not isinstance(v, (int, str)) or isinstance(v, bool):
            v = str(v)
        data[k] = v
    return C.parse_command(data)


from vtes_desktop.engine.errors import Malformed as C_Malformed  # noqa: E402
