"""The context menu: what can be done now with the thing under the mouse, then the manual moves.

The first part comes from the legal answer (the engine's own list of
commands accepted now); a card in hand that cannot be played says why. The
second part is the manual moves a player may always make, as at a real
table; they are logged as manual.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QMenu

from vtes_desktop.engine import commands as C
from vtes_desktop.ui.table import scene_constants as K
from vtes_desktop.ui.table.card_item import CardItem
from vtes_desktop.ui.table.describe import describe
from vtes_desktop.ui.table.gestures import _namer

IN_PLAY = ("ready", "torpor", "incapacitated", "in_play", "attached")
MOVE_TO = (("ready", "Ready region"), ("torpor", "Torpor"), ("in_play", "In play (not a minion)"),
           ("uncontrolled", "Uncontrolled region"), ("hand", "Hand"), ("library", "Library (top)"),
           ("ash_heap", "Ash heap (burn)"), ("removed", "Removed from the game"))
TURN_COMMANDS = ("end_phase", "pass", "decline_block", "resolve", "finish", "move_crypt", "use")


def _card_refs(cmd) -> list:
    return [getattr(cmd, f, None) for f in ("minion", "card", "vampire", "to", "from_", "target", "with_")]


def build_menu(view, pos: QPointF) -> QMenu:
    scene = view.table
    session = view.session
    me = session.seat
    name = _namer(session)
    menu = QMenu(view)
    menu.setObjectName("tableMenu")

    def add(m: QMenu, label: str, cmds, *, enabled: bool = True, tip: str = ""):
        a = m.addAction(label)
        a.setEnabled(enabled)
        if tip:
            a.setToolTip(tip)
            a.setStatusTip(tip)
        if enabled and cmds:
            a.setData(list(cmds))   # the commands it sends (tests and tools read them)
            a.triggered.connect(lambda _=False, cs=list(cmds): view.commands_requested.emit(cs))
        return a

    def say(cmd) -> str:
        return describe(cmd, name, session.seat_name)

    def figures(cmd) -> str:
        """An action's stealth, target and cost, read from announcing it on a fork (after a tab: the menu
        shows it in the right-hand column); nothing with the assist off."""
        if not getattr(scene, "assist_lights", True):
            return ""
        from vtes_desktop.ui.table.preview import action_figures

        fig = action_figures(session, cmd)
        if fig is None:
            return ""
        target = f"at {fig.target}, " if fig.target and f"at {fig.target}" not in say(cmd) else ""
        return "\t" + target + fig.words()

    card = next((it for it in scene.items(pos) if isinstance(it, CardItem)), None)
    target, item = scene.target_at(pos)
    legal = session.legal

    if card is not None and card.cv is not None:
        vid = card.vid
        title = card.cdef.display if card.shows_face else "Face-down card"
        menu.addSection(title)
        if card.region == "hand":
            ans = session.answer_for(vid)
            if ans is not None and ans.uses:
                for u in ans.uses:
                    add(menu, say(u.command), [u.command])
            elif ans is not None:
                msg = ans.refusal.message if ans.refusal else "it cannot be played now"
                add(menu, f"Cannot be played now: {msg}", [], enabled=False)
                rule = ans.refusal.rule if ans.refusal else ""
                why = menu.addAction("Why not? (the rule, in a few words)")
                why.triggered.connect(lambda _=False, r=rule, m=msg: view.explain_requested.emit(r, m))
            disc = C.Discard(seat=me, card=vid)
            if session.can(disc) is None:
                add(menu, say(disc), [disc])
        else:
            if legal is not None:
                for i, cmd in enumerate(legal.commands):
                    if not any(r is not None and session.same_card(r, vid) for r in _card_refs(cmd)):
                        continue
                    rng = legal.amounts[i] if i < len(legal.amounts) else None
                    if rng is not None and rng[1] > 1:
                        sub = menu.addMenu(say(cmd).replace(" 1 ", " N ").replace("1 blood", "N blood"))
                        for n in range(rng[0], rng[1] + 1):
                            c2 = cmd.model_copy(update={"amount": n})
                            add(sub, say(c2), [c2])
                    elif cmd.type == "action":
                        add(menu, say(cmd) + figures(cmd), [cmd])
                    else:
                        add(menu, say(cmd), [cmd])
                if card.region in ("ready", "torpor") and card.seat == me:
                    plays = []
                    for ans in legal.cards.values():
                        for u in ans.uses:
                            if session.same_card(u.minion, vid):
                                plays.append(u.command)
                    if plays:
                        sub = menu.addMenu("Play from hand")
                        for c in plays:
                            add(sub, say(c) + (figures(c) if c.type == "action" else ""), [c])
        # manual moves
        menu.addSection("By hand")
        if card.region in IN_PLAY:
            lock = (C.Unlock if card.cv.locked else C.Lock)(seat=me, card=vid)
            add(menu, say(lock) + "\tL / click", [lock])
        if card.region in IN_PLAY or card.region == "uncontrolled":
            cm = menu.addMenu("Counters")
            add(cm, "Add 1 counter", [C.Counters(seat=me, on=vid, delta=1)])
            add(cm, "Remove 1 counter", [C.Counters(seat=me, on=vid, delta=-1)], enabled=card.cv.counters > 0)
            if card.region == "uncontrolled" and card.seat == me:
                add(cm, "Move 1 from my pool (by hand)",
                    [C.Counters(seat=me, on="pool", delta=-1, player=me), C.Counters(seat=me, on=vid, delta=1)])
            if card.cv.counters > 0:
                add(cm, f"Move 1 to {session.seat_name(card.seat)}'s pool (by hand)",
                    [C.Counters(seat=me, on=vid, delta=-1), C.Counters(seat=me, on="pool", delta=1, player=card.seat)])
        if card.region in ("ready", "torpor", "incapacitated", "attached"):
            dm = menu.addMenu("Damage")
            for n in (1, 2, 3):
                add(dm, f"{n} damage", [C.Damage(seat=me, target=vid, normal=n)])
            for n in (1, 2):
                add(dm, f"{n} aggravated", [C.Damage(seat=me, target=vid, aggravated=n)])
        mv = menu.addMenu("Move to")
        for region, label in MOVE_TO:
            if region == card.region:
                continue
            add(mv, label, [C.Move(seat=me, card=vid, to=region)])
        if card.cv.face_down:
            add(menu, "Reveal", [C.Reveal(seat=me, card=vid)])
        return menu

    if target is not None and target.kind == "zone" and target.region in ("library", "crypt", "ash_heap", "removed",
                                                                          "hand"):
        seat = target.seat
        whose = session.seat_name(seat)
        menu.addSection(f"{whose}: {target.region.replace('_', ' ')}")
        if target.region == "library":
            dm = menu.addMenu("Draw")
            for n in (1, 2, 3, 5, 7):
                add(dm, f"{n} card{'s' if n > 1 else ''}", [C.Draw(seat=me, player=seat, count=n)])
            add(menu, "Shuffle the library", [C.Shuffle(seat=me, player=seat, region="library")])
        elif target.region == "crypt":
            if legal is not None:
                for cmd in legal.commands:
                    if cmd.type == "move_crypt" and seat == me:
                        add(menu, say(cmd), [cmd])
            add(menu, "Draw a crypt card (by hand)", [C.Draw(seat=me, player=seat, count=1, **{"from": "crypt"})])
            add(menu, "Shuffle the crypt", [C.Shuffle(seat=me, player=seat, region="crypt")])
        elif target.region in ("ash_heap", "removed"):
            a = menu.addAction("Browse…")
            a.triggered.connect(lambda _=False, s=seat, r=target.region: view.browse_requested.emit(s, r))
        return menu

    if target is not None and target.kind == "pool":
        seat = target.seat
        menu.addSection(f"{session.seat_name(seat)}'s pool")
        add(menu, "Add 1 pool (by hand)", [C.Counters(seat=me, on="pool", delta=1, player=seat)])
        add(menu, "Remove 1 pool (by hand)", [C.Counters(seat=me, on="pool", delta=-1, player=seat)])
        add(menu, f"Give the Edge to {session.seat_name(seat)}", [C.EdgeMove(seat=me, to=seat)])
        return menu

    # the table: what can be done now
    menu.addSection("Now")
    if legal is not None:
        for cmd in legal.commands:
            if cmd.type in TURN_COMMANDS:
                add(menu, say(cmd), [cmd])
    v = session.view
    if v is not None and v.manual:
        add(menu, say(C.Done(seat=me)), [C.Done(seat=me)])
    return menu
