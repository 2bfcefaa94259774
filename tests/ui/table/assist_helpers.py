"""Driving the table through what the rules assist lights and offers, as a player would.

`offers(win)` lists every element the window offers now: the buttons of the
"Under way" dock (and each entry of their menus) and, for a card, its
context menu entries; each with its label and the commands it sends. A
scenario step is played by finding the offer whose command means the same
step and clicking it: no command is built by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF


def _card_named(win, name, **kw):
    from table_support import card_named

    return card_named(win, name, **kw)


@dataclass
class Offer:
    label: str
    commands: list
    click: object          # a callable: clicks the button or triggers the menu entry
    where: str             # "dock", "menu"
    widget: object = None


def _widget_offers(win) -> list[Offer]:
    from vtes_desktop.ui.table.panel_kit import ChoiceButton, CommandButton

    out = []
    for b in win.assist_panel.lit_buttons():
        if isinstance(b, CommandButton):
            out.append(Offer(b.label, list(b.commands), b.click, "dock", b))
        elif isinstance(b, ChoiceButton):
            for a in b.menu().actions():
                out.append(Offer(f"{b.label}: {a.text()}", list(a.data() or []), a.trigger, "dock", b))
    return out


def menu_offers(win, item) -> list[Offer]:
    """The entries of *item*'s context menu (a card on the table) that send commands."""
    menu = win.view.menu_at(item.mapToScene(item.boundingRect().center()))
    out = []

    def walk(m):
        for a in m.actions():
            if a.menu() is not None:
                walk(a.menu())
            elif a.isEnabled() and a.data():
                out.append(Offer(a.text(), list(a.data()), a.trigger, "menu", a))
    walk(menu)
    return out


def offers(win) -> list[Offer]:
    return _widget_offers(win)


def card_name(session, ref) -> str | None:
    """The name of the card an engine or view reference means (None for a non-card)."""
    game = session.game
    if isinstance(ref, str) and not ref.isalnum():
        return ref
    iid = ref if isinstance(ref, int) and not isinstance(ref, bool) else session.iid(ref) if isinstance(ref, str) \
        else None
    if iid is None or iid not in game.state.cards:
        return ref if isinstance(ref, str) else None
    return game.db[game.state.cards[iid].cid].display


def _norm(x):
    return x.lower() if isinstance(x, str) else x


def same_step(session, ui_cmd, step_cmd) -> bool:
    """Does the command a UI element sends mean the scenario's step (cards compared by name)?"""
    if ui_cmd.type != step_cmd.type or ui_cmd.seat != step_cmd.seat:
        return False
    want = step_cmd.model_dump(exclude_defaults=True)
    have = ui_cmd.model_dump()
    for k, v in want.items():
        if k in ("seat", "type"):
            continue
        h = have.get(k)
        if v == h:
            continue
        if k in ("minion", "card", "using", "strike", "with_", "target", "to", "vampire", "from_"):
            if isinstance(v, str) and v in ("hand", "edge"):
                return False
            if isinstance(v, str) and _norm(card_name(session, h)) == _norm(v):
                continue
            if isinstance(v, str) and isinstance(h, str) and _norm(session.seat_name(None)) == _norm(v):
                continue
        return False
    return True


def labelled(win) -> list[str]:
    """Every lit element of the window with its label; fails on one without a label."""
    from vtes_desktop.ui.table.panel_kit import ChoiceButton

    out = []
    for b in win.assist_panel.lit_buttons():
        text = b.text().strip(" \u25be")
        assert text and text.lower() != "pass", f"a lit button without a meaning: {text!r}"
        assert b.toolTip() or isinstance(b, ChoiceButton) or len(text) > 3, text
        out.append(text)
        if isinstance(b, ChoiceButton):
            for a in b.menu().actions():
                assert a.text().strip(), f"an unlabelled choice under {text!r}"
    for it in win.scene.cards.values():
        if it.lit or it.glow or it.dim or it.target:
            assert it.toolTip().strip(), f"a lit card without a tooltip: {it.cdef.display if it.cdef else it.vid}"
            out.append(it.toolTip())
    return out


def pass_label(win) -> str | None:
    """The pass button's text (the dock's), checked against the prompt bar's and never a bare "Pass"."""
    from vtes_desktop.ui.table.pass_words import pass_words

    s = win.session
    if not any(c.type == "pass" for c in s.legal.commands):
        return None
    words = pass_words(s.view, s.legal)
    assert words.label != "Pass", f"passing says nothing in {s.view.window}"
    b = win.assist_panel.pass_button
    if b is not None:
        assert b.text() == words.label and b.toolTip()
    pb = win.prompt_bar.buttons["pass"]
    if pb.isVisible():
        assert pb.text() == words.label
    return words.label


def show_seat(win, name: str) -> None:
    """Game > Show the table as NAME (hot-seat: hand the screen over)."""
    if win.session.view.seats[win.session.seat].name == name:
        return
    for a in win.seat_menu.actions():
        if a.text() == name:
            a.trigger()
            return
    raise LookupError(name)


def scene_point(item):
    r = item.boundingRect()
    return item.mapToScene(QPointF(r.center()))


def open_scenario(table, db, shared, name, **kw):
    """A public scenario at its starting position in a hot-seat table window (no automatic passes)."""
    from vtes_desktop.scenario.loader import load
    from vtes_desktop.scenario.runner import build_game

    sc = load(shared / "scenarios" / name, db)
    opts = dict(hotseat=True, auto_pass=False, size=(1600, 1000))
    opts.update(kw)
    win = table(build_game(sc, db), **opts)
    return win, sc


def texts(panel) -> str:
    return "\n".join(panel.texts())


def play(win, sc, after=None, before=None, upto=None, start=0):
    """Play every step of *sc* through the window's offers; *before*/*after*: {step number: check(win)}."""
    from vtes_desktop.scenario.loader import to_command
    from vtes_desktop.scenario.runner import check

    s = win.session
    game = s.game
    said = []
    for step in sc.steps[start:upto]:
        k = step.index + 1
        seat = sc.players.index(step.by)
        wanted = to_command(step, seat, sc.players)     # only to recognise the offer that means this step
        show_seat(win, step.by)
        assert s.seat == seat
        labelled(win)
        words = pass_label(win)
        if before and k in before:
            before[k](win)
        if step.verb == "action":
            minion = _card_named(win, step.fields["minion"], region="ready")
            assert minion.glow, f"step {k}: {step.fields['minion']} can act but does not glow"
            cands = menu_offers(win, minion)
        else:
            cands = offers(win)
        fits = [o for o in cands if len(o.commands) == 1 and same_step(s, o.commands[0], wanted)]
        if step.expect_error is not None:
            assert not fits, f"step {k}: {wanted!r} is refused by the engine but offered as {fits[0].label!r}"
            if after and k in after:
                after[k](win)
            continue
        assert fits, f"step {k}: nothing offered means {wanted!r}; offered: {[o.label for o in cands]}"
        n = len(game.entries)
        fits[0].click()
        assert len(game.entries) > n and game.entries[n].cmd.type == wanted.type, \
            f"step {k}: {fits[0].label!r} was not accepted"
        said.append((k, fits[0].label, words))
        for _line, chk in step.expect:
            check(game, sc, chk)
        if after and k in after:
            after[k](win)
    if upto is None and start == 0:
        for _line, chk in sc.expect:
            check(game, sc, chk)
    return said


