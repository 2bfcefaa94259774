"""What the rules-assist panels share: the context they read, a panel frame, buttons that carry commands.

A panel gets an `AssistCtx` (the session, the seat's view, its completed legal
answer, what is lit, the assist settings) and draws it; every button carries
the commands the engine offered (from the legal answer, or checked with
`session.can`), and a click sends them through `commands_requested`. A button
is never built from a rule of ours: no legal command, no button.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QLayout, QMenu, QPushButton, QSizePolicy, QToolButton,
                               QVBoxLayout, QWidget)

from vtes_desktop.ui.flow_layout import FlowLayout
from vtes_desktop.ui.table.describe import describe


class FlowWrap(QWidget):
    """A row of buttons that wraps onto new lines when the panel is narrow."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.flow = FlowLayout(self, spacing=5)

    def add(self, w: QWidget) -> QWidget:
        self.flow.addWidget(w)
        w.show()   # at once, not when the event loop gets to it: what is drawn is what is offered
        return w


@dataclass
class AssistCtx:
    session: object
    view: object
    legal: object
    lights: object
    settings: object                 # AssistSettings
    name: object = None              # namer: a card reference -> its name
    log: list = field(default_factory=list)   # the seat's log lines (LogLine)

    def say(self, cmd) -> str:
        return describe(cmd, self.name, self.session.seat_name)

    @property
    def previews(self) -> bool:
        return bool(self.settings is None or self.settings.lights)

    @property
    def me(self) -> int:
        return self.view.seat

    def seat_name(self, seat) -> str:
        return self.session.seat_name(seat)

    def cards(self) -> dict:
        """view id -> CardView of every public card (and the hand)."""
        out = {}

        def walk(c):
            out[c.id] = c
            for a in c.attached:
                walk(a)
        for s in self.view.seats:
            for cards in s.regions.values():
                for c in cards:
                    walk(c)
        for c in self.view.hand:
            out[c.id] = c
        return out

    def cdef_of(self, vid):
        c = self.cards().get(vid)
        if c is not None and c.cid is not None:
            return self.session.card_def(c.cid)
        return self.session.card_def_of(vid)

    def commands(self, *types) -> list:
        if self.legal is None or self.legal.seat != self.view.seat:
            return []
        return [c for c in self.legal.commands if not types or c.type in types]

    def hand_uses(self, *types) -> list:
        """(hand card view id, CardUse) for the uses of cards in hand of these command types."""
        out = []
        for c in self.view.hand:
            ans = self.session.answer_for(c.id)
            if ans is None:
                continue
            for u in ans.uses:
                if not types or u.command.type in types:
                    out.append((c.id, u))
        return out


def preview_tip(ctx: AssistCtx, cmd) -> str:
    """The command in words and, when previews are on, what it leads to (the fork's log lines)."""
    tip = ctx.say(cmd)
    if ctx.previews:
        from vtes_desktop.ui.table.preview import step_outcome

        p = step_outcome(ctx.session, cmd)
        if p is not None and p.refused is None and p.lines:
            tip += "\nThen: " + " ".join(p.lines[:4])
    return tip


#: a widget with this property set is the panel's own, reused from one update to the next: cleared out of the
#: layout, never deleted
KEEP = "keepAcrossUpdates"


def clear_layout(layout: QLayout) -> None:
    while layout.count():
        it = layout.takeAt(0)
        w = it.widget()
        if w is not None:
            w.hide()
            w.setParent(None)
            if not w.property(KEEP):
                w.deleteLater()
        elif it.layout() is not None:
            clear_layout(it.layout())


def wrap(text: str, width: int = 44) -> str:
    """Button text on several lines when long (a push button does not wrap by itself)."""
    import textwrap

    return "\n".join(textwrap.wrap(text, width, break_long_words=False)) if len(text) > width else text


class CommandButton(QPushButton):
    """A button that sends commands the engine offered. `role`: "primary" (lit), "pass", "plain"."""

    def __init__(self, text: str, commands, send, *, tip: str = "", role: str = "plain", name: str = "") -> None:
        super().__init__(wrap(text))
        self.label = text
        self.commands = list(commands)
        self.role = role
        self.setProperty("role", role)
        if name:
            self.setObjectName(name)
        if tip:
            self.setToolTip(tip)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.clicked.connect(lambda _=False: send(list(self.commands)))


class ChoiceButton(QToolButton):
    """A button with a menu of choices, each a label and its commands (a card with several uses)."""

    def __init__(self, text: str, choices, send, *, tip: str = "", role: str = "primary", name: str = "") -> None:
        super().__init__()
        self.label = text
        self.setText(wrap(text) + " \u25be")
        self.role = role
        self.setProperty("role", role)
        if name:
            self.setObjectName(name)
        if tip:
            self.setToolTip(tip)
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        m = QMenu(self)
        self.choices = list(choices)
        m.setToolTipsVisible(True)
        for choice in self.choices:
            label, cmds = choice[0], choice[1]
            a = m.addAction(label)
            if len(choice) > 2 and choice[2]:
                a.setToolTip(choice[2])
            a.setData(list(cmds))
            a.triggered.connect(lambda _=False, cs=list(cmds): send(cs))
        self.setMenu(m)


def choice_or_button(text: str, choices, send, *, tip: str = "", role: str = "primary", name: str = ""):
    """One choice: a plain button that sends it; several: a button with a menu."""
    if len(choices) == 1:
        label, cmds = choices[0][0], choices[0][1]
        own = choices[0][2] if len(choices[0]) > 2 else ""
        return CommandButton(label, cmds, send, tip=own or tip or label, role=role, name=name)
    return ChoiceButton(text, choices, send, tip=tip, role=role, name=name)


class Panel(QFrame):
    """A titled panel of the rules assist (action, combat, referendum, influence, now)."""

    commands_requested = Signal(object)
    #: (rule id, what was said) -> the window opens the explanation
    explain_requested = Signal(str, str)

    title_text = ""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(type(self).__name__)
        self.setProperty("assistPanel", True)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        v = QVBoxLayout(self)
        v.setContentsMargins(10, 8, 10, 10)
        v.setSpacing(6)
        head = QHBoxLayout()
        self.title = QLabel(self.title_text)
        self.title.setObjectName("panelTitle")
        self.badge = QLabel("")
        self.badge.setObjectName("panelBadge")
        self.badge.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        head.addWidget(self.title, 1)
        head.addWidget(self.badge)
        v.addLayout(head)
        self.body = QVBoxLayout()
        self.body.setSpacing(5)
        v.addLayout(self.body)

    def send(self, cmds) -> None:
        self.commands_requested.emit(list(cmds))

    # -- building blocks -----------------------------------------------------------------------
    def text(self, s: str, *, name: str = "", muted: bool = False, big: bool = False, rich: bool = False) -> QLabel:
        lab = QLabel(s)
        lab.setWordWrap(True)
        lab.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
        if name:
            lab.setObjectName(name)
        if muted:
            lab.setProperty("muted", True)
        if big:
            lab.setProperty("big", True)
        lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.add(lab)
        return lab

    def heading(self, s: str, rule: str = "", said: str = "") -> QLabel:
        """A small heading; with *rule*, a "Why?" link beside it opens the rule's explanation."""
        lab = QLabel(s.upper())
        lab.setProperty("heading", True)
        if not rule:
            self.add(lab)
            return lab
        row = QWidget()
        h = QHBoxLayout(row)
        h.setContentsMargins(0, 0, 0, 0)
        h.addWidget(lab)
        h.addStretch(1)
        h.addWidget(self.why(rule, said or s, "Why?"))
        self.add(row)
        return lab

    def row(self) -> FlowWrap:
        return self.add(FlowWrap())

    def add(self, w: QWidget) -> QWidget:
        """Add *w* under what is there, shown at once (children of a shown panel otherwise wait for the
        event loop)."""
        self.body.addWidget(w)
        w.show()
        return w

    def why(self, rule: str, said: str, label: str = "Why?") -> QPushButton:
        b = QPushButton(label)
        b.setProperty("role", "link")
        b.setToolTip("What the rule says, in a few words")
        b.clicked.connect(lambda _=False: self.explain_requested.emit(rule, said))
        return b

    def reset(self) -> None:
        clear_layout(self.body)

    def update_from(self, ctx: AssistCtx) -> bool:   # pragma: no cover - interface
        """Draw *ctx*; False when the panel has nothing to show (it is then hidden)."""
        raise NotImplementedError

    # -- for tests and the report ----------------------------------------------------------------
    def buttons(self) -> list:
        from PySide6.QtWidgets import QAbstractButton, QCheckBox

        return [w for w in self.findChildren(QAbstractButton)
                if w.isVisibleTo(self) and not isinstance(w, QCheckBox)]

    def texts(self) -> list[str]:
        return [w.text() for w in self.findChildren(QLabel) if w.isVisibleTo(self) and w.text()]
