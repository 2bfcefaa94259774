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
