"""The prompt: whose input is needed and what they are asked, with the buttons that answer it.

"Alexis: block Belinde's bleed?" comes from `prompt.build` (the view's
summaries and the legal answer). The buttons are the turn commands the
engine accepts now (pass, decline to block, resolve, finish), Done for an
effect carried out by hand, and Undo. Until the engine automates all of
combat and politics, Resolve, Finish and Done close a combat or a
referendum by hand, so a whole game can be played.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from vtes_desktop.engine import commands as C
from vtes_desktop.ui.table import prompt as P

BUTTONS = (("pass", "Pass", "P"), ("decline_block", "Don't block", "B"), ("resolve", "Resolve", "R"),
           ("finish", "Finish action", "F"), ("use", "Use the Edge", ""), ("done", "Done", "Ctrl+D"))


class PromptBar(QWidget):
    commands_requested = Signal(object)
    undo_requested = Signal()

    def __init__(self, palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("promptBar")
        self._pal = palette
        h = QHBoxLayout(self)
        h.setContentsMargins(10, 4, 8, 6)
        h.setSpacing(6)
        col = QVBoxLayout()
        col.setSpacing(0)
        self.question = QLabel()
        self.question.setObjectName("promptText")
        self.question.setWordWrap(True)
        self.context = QLabel()
        self.context.setObjectName("promptContext")
        self.context.setWordWrap(True)
        col.addWidget(self.question)
        col.addWidget(self.context)
        h.addLayout(col, 1)
        self.buttons: dict[str, QPushButton] = {}
        for key, label, keyname in BUTTONS:
            b = QPushButton(label)
            b.setObjectName(f"cmd_{key}")
            if keyname:
                b.setToolTip(f"{label} ({keyname})")
            b.clicked.connect(lambda _=False, k=key: self._clicked(k))
            b.setVisible(False)
            self.buttons[key] = b
            h.addWidget(b)
        self.undo = QPushButton("Undo")
        self.undo.setObjectName("cmd_undo")
        self.undo.setToolTip("Take back your last step (Ctrl+Z)")
        self.undo.clicked.connect(self.undo_requested.emit)
        h.addWidget(self.undo)
        self._cmds: dict[str, C.Command] = {}
        self.prompt: P.Prompt | None = None
        self._restyle()

    def set_palette(self, palette) -> None:
        self._pal = palette
        self._restyle()

    def _restyle(self) -> None:
        pal = self._pal
        self.question.setStyleSheet(f"QLabel {{ font-size: 15px; font-weight: 700; color: {pal('seat_text').name()}; }}")
        self.context.setStyleSheet(f"QLabel {{ color: {pal('seat_muted').name()}; }}")

    def show_view(self, view, legal) -> None:
        self.prompt = P.build(view, legal)
        q = self.prompt.text
        if not self.prompt.yours:
            q += f"   (you are looking at {view.seats[view.seat].name}'s side)"
        self.question.setText(q)
        self.context.setText(self.prompt.context)
        self._cmds = {}
        if legal is not None:
            for c in legal.commands:
                if c.type in self.buttons and c.type not in self._cmds:
                    if c.type == "use" and c.card != "edge":
                        continue
                    self._cmds[c.type] = c
        if view.manual:
            self._cmds["done"] = C.Done(seat=view.seat)
        # the passes say what they mean here ("No maneuver", "Take the damage", "No block")
        from vtes_desktop.ui.table import pass_words as PW

        words = {"pass": PW.pass_words(view, legal), "decline_block": PW.decline_words(),
                 "resolve": PW.resolve_words(view), "finish": PW.finish_words(view)}
        for key, w in words.items():
            b = self.buttons[key]
            b.setText(w.label)
            keyname = next(k for k2, _l, k in BUTTONS if k2 == key)
            b.setToolTip(f"{w.tip} ({keyname})" if keyname else w.tip)
        if "decline_block" in self._cmds and words["pass"].label == words["decline_block"].label:
            self._cmds.pop("pass", None)   # the same answer twice: keep one button
        for key, b in self.buttons.items():
            b.setVisible(key in self._cmds)

    def command_for(self, key: str) -> C.Command | None:
        return self._cmds.get(key)

    def _clicked(self, key: str) -> None:
        c = self._cmds.get(key)
        if c is not None:
            self.commands_requested.emit([c])
