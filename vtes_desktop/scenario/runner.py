"""`vtes-desktop scenario run FILE...`: play scenarios through the engine and check them.

One line per scenario (PASS, or the first step or check that failed with what
was expected and what was found), then `N passed, N failed`; exit 0 only
when all pass. `--json` prints the same as one JSON document.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from vtes_desktop.cards.db import CardDB
from vtes_desktop.engine import commands as C
from vtes_desktop.engine import flow
from vtes_desktop.engine.errors import Refused
from vtes_desktop.engine.game import Game
from vtes_desktop.engine.state import IN_PLAY, ActionFrame, CombatFrame, DamageFrame, ReferendumFrame
from vtes_desktop.scenario.loader import Scenario, ScenarioError, Step, load, to_command


class CheckFailed(Exception):
    pass


@dataclass
class Result:
    file: str
    title: str
    passed: bool
    message: str = ""
    steps_run: int = 0
    error: bool = False     # the file is not a valid scenario
    log: list[str] = field(default_factory=list)


# -- running ----------------------------------------------------------------------------------------

def build_game(sc: Scenario, db: CardDB) -> Game:
    return Game(db, sc.setup, seed=sc.seed, secret=f"scenario:{sc.path.name}")


def run_scenario(sc: Scenario, db: CardDB, *, verbose: bool = False) -> Result:
    game = build_game(sc, db)
    res = Result(file=str(sc.path), title=sc.title, passed=True)
    for step in sc.steps:
        seat = sc.players.index(step.by)
        where = f"step {step.index + 1} (line {step.line}, {step.by} {step.verb})"
        before = game.fork() if step.teach is not None and step.teach.ask else None
        try:
            cmd = to_command(step, seat, sc.players)
            events = game.apply(cmd)
        except Refused as e:
            if step.expect_error is not None and step.expect_error.lower() in e.message.lower():
                res.log.append(f"{where}: refused as expected: {e.message}")
                res.steps_run += 1
                _run_checks(game, sc, step.expect, res, where)
                if not res.passed:
                    return res
                continue
            res.passed = False
            if step.expect_error is not None:
                res.message = f"{where}: expected a refusal containing {step.expect_error!r}, got {e.message!r}"
            else:
                res.message = f"{where}: refused: {e.message}"
            return res
        except Exception as e:  # a bug, never a crash of the runner
            res.passed = False
            res.message = f"{where}: engine error: {type(e).__name__}: {e}"
            return res
        res.steps_run += 1
        if verbose:
            res.log += [f"{where}: {ev.text}" for ev in events if ev.text]
        if step.expect_error is not None:
            res.passed = False
            res.message = f"{where}: expected a refusal containing {step.expect_error!r}, but the step was accepted"
            return res
        _run_checks(game, sc, step.expect, res, where)
        if not res.passed:
            return res
        if before is not None:
            _check_question(before, game, sc, step, res, where)
            if not res.passed:
                return res
    _run_checks(game, sc, sc.expect, res, "final checks")
    return res


def _run_checks(game: Game, sc: Scenario, checks, res: Result, where: str) -> None:
    for line, chk in checks:
        try:
            check(game, sc, chk)
        except CheckFailed as e:
            res.passed = False
            res.message = f"{where}: check at line {line} {_fmt(chk)} failed: {e}"
            return
        except Refused as e:
            res.passed = False
            res.message = f"{where}: check at line {line} {_fmt(chk)} is not valid: {e.message}"
            return


def _check_question(before: Game, after: Game, sc: Scenario, step: Step, res: Result, where: str) -> None:
    """A lesson's question: its `accept` checks hold after the file's move; its `wrong` moves are judged wrong."""
    from vtes_desktop.scenario.lesson import check_step

    try:
        msg = check_step(before, after, sc, step)
    except Exception as e:  # a bug, never a crash of the runner
        msg = f"engine error while judging the question: {type(e).__name__}: {e}"
    if msg:
        res.passed = False
        res.message = f"{where}: {msg}"


def _fmt(chk: dict) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in chk.items()) + "}"


# -- checks ---------------------------------------------------------------------------------------------

def _seat(sc: Scenario, name) -> int:
    if str(name) not in sc.players:
        raise CheckFailed(f"unknown player {name!r}")
    return sc.players.index(str(name))


def _cards_named(game: Game, sc: Scenario, name: str) -> list[int]:
    if name in game.aliases:
        return [game.aliases[name]]
    card = game.db.lookup(name)
    if card is None:
        raise CheckFailed(f"unknown card {name!r}")
    return [iid for iid, c in game.state.cards.items() if c.cid == card.id]


def _region_of(game: Game, iid: int) -> str:
    st = game.state
    c = st.cards[iid]
    while c.region == "attached" and c.host is not None:
        c = st.cards[c.host]
    return c.region


def card_facts(game: Game, iid: int) -> dict:
    from vtes_desktop.engine.context import Ctx

    st = game.state
    c = st.cards[iid]
    ctx = Ctx(game, st)
    d = game.db[c.cid]
    vampire = "Vampire" in d.types
    return {
        "region": _region_of(game, iid),
        "blood": c.counters if vampire or "Imbued" not in d.types else c.counters,
        "life": c.counters,
        "counters": c.counters,
        "locked": c.locked,
        "on": c.host,
        "controller": c.controller,
        "wounded": c.wounded,
        "sect": ctx.sect(c),
        "title": ctx.title(c),
        "contested": c.contested,
    }


def check(game: Game, sc: Scenario, chk: dict) -> None:
    st = game.state
    keys = set(chk)
    if "card" in keys:
        ids = _cards_named(game, sc, str(chk["card"]))
        if not ids:
            raise CheckFailed(f"no card {chk['card']!r} at this table")
        wanted = {k: v for k, v in chk.items() if k != "card"}
        found = []
        for iid in ids:
            facts = card_facts(game, iid)
            ok = True
            for k, v in wanted.items():
                if not _card_fact_holds(game, sc, facts, k, v):
                    ok = False
            if ok:
                return
            found.append(", ".join(f"{k}: {_show(game, sc, k, facts.get(k))}" for k in wanted))
        raise CheckFailed("found " + " / ".join(found))
    if "game_over" in keys or "winner" in keys:   # this project's extension: the game's result
        r = game.result()
        bad = []
        if "game_over" in chk and r.over != chk["game_over"]:
            bad.append(f"game_over is {r.over}")
        if "winner" in chk:
            want = None if chk["winner"] in (None, "none") else _seat(sc, chk["winner"])
            if r.winner != want:
                bad.append(f"winner is {st.seats[r.winner].name if r.winner is not None else None}")
        if bad:
            raise CheckFailed(", ".join(bad))
        return
    player_keys = ("pool", "vp", "ousted", "transfers", "hand", "withdrawn", "withdrawing")
    if "player" in keys and keys & set(player_keys):
        s = _seat(sc, chk["player"])
        seat = st.seats[s]
        # a Methuselah who withdrew is out of the game (the state marks her seat out) but was not ousted
        facts = {"pool": seat.pool, "vp": seat.vp, "ousted": seat.ousted and s not in st.withdrawn,
                 "transfers": st.transfers if st.active == s and st.phase == "influence" else 0,
                 "hand": len(st.region(s, "hand")), "withdrawn": s in st.withdrawn,
                 "withdrawing": s in st.withdrawing and not seat.ousted}
        want = dict(chk)
        if isinstance(want.get("vp"), str):   # "1.5", "½", "2½"
            txt = want["vp"].strip()
            want["vp"] = (float(txt.rstrip("½") or 0) + 0.5) if txt.endswith("½") else float(txt)
        bad = [f"{k} is {facts[k]}" for k in player_keys if k in want and facts[k] != want[k]]
        if bad:
            raise CheckFailed(", ".join(bad))
        return
    if "edge" in keys:
        want = chk["edge"]
        have = None if st.edge is None else st.seats[st.edge].name
        if (want in (None, "none", "null")) != (have is None) or (want not in (None, "none", "null") and str(want) != have):
            raise CheckFailed(f"the Edge is with {have or 'nobody'}")
        return
    if "phase" in keys:
        if st.phase != chk["phase"]:
            raise CheckFailed(f"phase is {st.phase}")
        if "player" in chk and st.seats[st.active].name != str(chk["player"]):
            raise CheckFailed(f"it is {st.seats[st.active].name}'s turn")
        return
    if "window" in keys:
        w = flow.window(st)
        if w != chk["window"]:
            raise CheckFailed(f"window is {w}")
        return
    if "range" in keys:
        f = _combat(st)
        if f is None:
            raise CheckFailed("no combat is under way")
        if f.range != chk["range"]:
            raise CheckFailed(f"range is {f.range}")
        return
    if "combat" in keys:
        f = _combat(st)
        want = chk["combat"]
        if want in ("none", None, False):
            if f is not None:
                raise CheckFailed(f"a combat is under way ({f.step})")
        elif f is None:
            raise CheckFailed("no combat is under way")
        return
    if "action" in keys:
        out = None
        for f in reversed(st.frames):
            if isinstance(f, ActionFrame):
                out = f.outcome
                break
        else:
            out = st.last_action
        if out != chk["action"]:
            raise CheckFailed(f"action is {out or 'not resolved'}")
        return
    if "referendum" in keys:
        if st.last_referendum is None:
            raise CheckFailed("no referendum has been resolved")
        passed, yes, no = st.last_referendum
        have = "passed" if passed else "failed"
        bad = []
        if have != chk["referendum"]:
            bad.append(f"the referendum {have}")
        if "for" in chk and chk["for"] != yes:
            bad.append(f"{yes} for")
        if "against" in chk and chk["against"] != no:
            bad.append(f"{no} against")
        if bad:
            raise CheckFailed(", ".join(bad))
        return
    if "impulse" in keys:
        h = flow.holder(st)
        if st.seats[h].name != str(chk["impulse"]):
            raise CheckFailed(f"{st.seats[h].name} holds the impulse")
        return
    if "legal" in keys:
        spec = chk["legal"] or {}
        s = _seat(sc, spec.get("player"))
        minion = None
        if spec.get("minion") is not None:
            minion = _one(game, sc, s, spec["minion"])
        from vtes_desktop.engine.legal import card_answer

        hand = list(st.region(s, "hand"))
        def usable(name):
            ids = [i for i in _cards_named(game, sc, str(name)) if i in hand]
            if not ids:
                raise CheckFailed(f"{name} is not in {sc.players[s]}'s hand")
            answers = [card_answer(game, s, i, minion) for i in ids]
            return any(a.playable for a in answers), answers[0].refusal
        for name in spec.get("includes") or []:
            ok, why = usable(name)
            if not ok:
                raise CheckFailed(f"{name} cannot be used now: {why.message if why else '?'}")
        for name in spec.get("excludes") or []:
            ok, _ = usable(name)
            if ok:
                raise CheckFailed(f"{name} could be used now")
        return
    if "can" in keys or "cannot" in keys:
        want_ok = "can" in keys
        spec = dict(chk["can" if want_ok else "cannot"] or {})
        s = _seat(sc, spec.pop("player", None))
        verb = spec.pop("do", None)
        from vtes_desktop.scenario.loader import VERB_FIELDS

        if verb not in VERB_FIELDS:
            raise CheckFailed(f"unknown verb {verb!r}")
        st_ = Step(index=0, line=0, by=sc.players[s], verb=verb, fields=spec, expect_error=None, expect=[], raw={})
        try:
            cmd = to_command(st_, s, sc.players)
            r = game.can(cmd)
        except Refused as e:
            r = e
        if want_ok and r is not None:
            raise CheckFailed(f"refused: {r.message}")
        if not want_ok and r is None:
            raise CheckFailed("the step would be accepted")
        return
    raise CheckFailed(f"unknown check {sorted(keys)}")


def _one(game: Game, sc: Scenario, seat: int, name) -> int:
    from vtes_desktop.engine.context import Ctx

    ctx = Ctx(game, game.state)
    return flow.ref(ctx, seat, name)


def _combat(st):
    for f in reversed(st.frames):
        if isinstance(f, CombatFrame):
            return f
    return None


def _card_fact_holds(game: Game, sc: Scenario, facts: dict, k: str, v) -> bool:
    have = facts.get(k)
    if k == "region":
        if v == "in_play":
            return have in IN_PLAY
        return have == v
    if k == "on":
        if have is None:
            return False
        host_ids = _cards_named(game, sc, str(v))
        return have in host_ids
    if k == "controller":
        return have == _seat(sc, v)
    if k in ("title", "sect"):
        if v in (None, "none"):
            return have in (None, "none")
        return str(have or "").lower() == str(v).lower()
    return have == v


def _show(game: Game, sc: Scenario, k: str, v) -> str:
    if k == "on" and v is not None:
        return game.db[game.state.cards[v].cid].display
    if k == "controller" and v is not None:
        return sc.players[v]
    return str(v)


# -- the command -----------------------------------------------------------------------------------------

def expand(files: list[str]) -> list[Path]:
    out = []
    for f in files:
        p = Path(f)
        if p.is_dir():
            out += sorted(p.glob("*.yaml")) + sorted(p.glob("*.yml"))
        else:
            out.append(p)
    return out


def run_file(path: Path, db: CardDB, verbose: bool = False) -> Result:
    try:
        sc = load(path, db)
    except ScenarioError as e:
        return Result(file=str(path), title="", passed=False, message=str(e), error=True)
    return run_scenario(sc, db, verbose=verbose)


def main(files: list[str], *, as_json: bool = False, verbose: bool = False) -> int:
    from vtes_desktop.cards import load_db

    db = load_db()
    results = [run_file(p, db, verbose) for p in expand(files)]
    passed = sum(r.passed for r in results)
    failed = len(results) - passed
    if as_json:
        print(json.dumps({"passed": passed, "failed": failed,
                          "results": [{"file": r.file, "title": r.title, "passed": r.passed, "message": r.message,
                                       "error": r.error, "steps_run": r.steps_run} for r in results]}, indent=2))
    else:
        for r in results:
            if r.passed:
                print(f"PASS {r.file}: {r.title}")
            else:
                print(f"{'ERROR' if r.error else 'FAIL'} {r.file}: {r.message}")
            if verbose:
                for line in r.log:
                    print("    " + line)
        print(f"{passed} passed, {failed} failed")
    sys.stdout.flush()
    return 0 if failed == 0 else 1
