"""The rules-assist dock: the panel for what is under way, and the buttons that pass, each saying what it means.

One column beside the table. From top to bottom: the referendum, combat or
action under way (the action shrinks to a line while its combat or
referendum runs), the influence helper in the influence phase, the "now"
panel when nothing is under way; then the footer: the pass button (its text
says what passing means here: "No maneuver", "Take the damage"...), Everyone
passes (Resolve), Finish the action, End phase, Done, and "Stop here" for the
seat on show at this window.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from vtes_desktop.engine import commands as C
from vtes_desktop.ui.table import pass_words as PW
from vtes_desktop.ui.table.action_panel import ActionPanel
from vtes_desktop.ui.table.combat_panel import CombatPanel
from vtes_desktop.ui.table.gestures import _namer
from vtes_desktop.ui.table.influence_helper import InfluenceHelper
from vtes_desktop.ui.table.now_panel import NowPanel
from vtes_desktop.ui.table.panel_kit import AssistCtx, CommandButton, FlowWrap, clear_layout
from vtes_desktop.ui.table.referendum_panel import ReferendumPanel
from vtes_desktop.ui.table.stops import WINDOW_LABELS

PHASE_END = {"unlock": "End the unlock phase", "master": "End the master phase", "minion": "End the minion phase",
             "influence": "End the influence phase", "discard": "End the discard phase (end the turn)"}


class AssistDock(QWidget):
    commands_requested = Signal(object)
    explain_requested = Signal(str, str)
    #: the seat on show set or cleared a stop at a window: (seat, window, on)
    stop_toggled = Signal(int, str, bool)

    def __init__(self, palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("assistDock")
        self.pal = palette
        self.settings = None
        self.stops = None
        self.ctx: AssistCtx | None = None
        self.log: list = []
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.setSpacing(6)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        inner = QWidget()
        inner.setObjectName("assistInner")
        self.column = QVBoxLayout(inner)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.setSpacing(8)
        self.referendum = ReferendumPanel(palette)
        self.combat = CombatPanel(palette)
        self.action = ActionPanel(palette)
        self.influence = InfluenceHelper(palette)
        self.now = NowPanel(palette)
        self.panels = (self.referendum, self.combat, self.action, self.influence, self.now)
        for p in self.panels:
            p.commands_requested.connect(self.commands_requested)
            p.explain_requested.connect(self.explain_requested)
            self.column.addWidget(p)
            p.hide()
        self.column.addStretch(1)
        self.scroll.setWidget(inner)
        outer.addWidget(self.scroll, 1)
        # the footer: the passes, each in words
        self.footer = QFrame()
        self.footer.setObjectName("assistFooter")
        fv = QVBoxLayout(self.footer)
        fv.setContentsMargins(8, 6, 8, 6)
        fv.setSpacing(4)
        self.asked = QLabel("")
        self.asked.setObjectName("assistAsked")
        self.asked.setWordWrap(True)
        fv.addWidget(self.asked)
        self.buttons = FlowWrap()
        fv.addWidget(self.buttons)
        self.stop_here = QCheckBox("")
        self.stop_here.setObjectName("stopHere")
        self.stop_here.toggled.connect(self._stop_toggled)
        fv.addWidget(self.stop_here)
        outer.addWidget(self.footer)
        self.pass_button: CommandButton | None = None
        self._restyle()

    # -- look -------------------------------------------------------------------------------------
    def set_palette(self, palette) -> None:
        self.pal = palette
        for p in self.panels:
            p.set_palette(palette)
        self._restyle()

    def _restyle(self) -> None:
        pal = self.pal
        text, muted = pal("seat_text").name(), pal("seat_muted").name()
        panel, border = pal("seat_panel").name(), pal("seat_border").name()
        lit, impulse, ok = pal("lit").name(), pal("impulse").name(), pal("drop_ok").name()
        self.setStyleSheet(f"""
            QFrame[assistPanel="true"] {{ background: {panel}; border: 1px solid {border}; border-radius: 8px; }}
            QFrame#assistFooter {{ background: {panel}; border: 1px solid {impulse}; border-radius: 8px; }}
            QLabel {{ color: {text}; }}
            QLabel#panelTitle {{ font-size: 15px; font-weight: 700; color: {impulse}; }}
            QLabel#panelBadge {{ color: #17181c; background: {impulse}; border-radius: 9px; padding: 1px 8px;
                                 font-weight: 700; }}
            QLabel[muted="true"] {{ color: {muted}; }}
            QLabel[big="true"] {{ font-size: 14px; font-weight: 600; }}
            QLabel[heading="true"] {{ color: {muted}; font-size: 10px; font-weight: 700; letter-spacing: 1px;
                                      margin-top: 4px; }}
            QLabel#assistAsked {{ font-weight: 700; }}
            QLabel[step="now"] {{ background: {impulse}; color: #17181c; border-radius: 5px; font-weight: 700;
                                  padding: 2px; font-size: 10px; }}
            QLabel[step="past"] {{ color: {muted}; border: 1px solid {border}; border-radius: 5px; padding: 2px;
                                   font-size: 10px; }}
            QLabel[step="future"] {{ color: {text}; border: 1px solid {border}; border-radius: 5px; padding: 2px;
                                     font-size: 10px; }}
            QPushButton[role="primary"], QToolButton[role="primary"] {{ border: 2px solid {lit};
                border-radius: 6px; padding: 4px 10px; font-weight: 600; text-align: left; }}
            QPushButton[role="pass"], QToolButton[role="pass"] {{ border: 2px solid {ok}; border-radius: 6px;
                padding: 4px 10px; font-weight: 700; }}
            QPushButton[role="plain"] {{ border: 1px solid {border}; border-radius: 6px; padding: 4px 10px; }}
            QToolButton::menu-indicator {{ image: none; width: 0; }}
            QPushButton[role="for"] {{ border: 2px solid {pal('prey').name()}; border-radius: 6px; padding: 4px 12px;
                font-weight: 700; }}
            QPushButton[role="against"] {{ border: 2px solid {pal('predator').name()}; border-radius: 6px;
                padding: 4px 12px; font-weight: 700; }}
            QPushButton[role="link"] {{ border: none; color: {pal('log_highlight').name()};
                text-decoration: underline; padding: 0 2px; }}
        """)

    # -- the view in ----------------------------------------------------------------------------------
    def set_log(self, lines, reset: bool) -> None:
        if reset:
            self.log = list(lines)
        else:
            self.log.extend(lines)

    def show_state(self, session, view, lights, settings, stops=None) -> None:
        self.settings = settings
        self.stops = stops
        legal = session.legal
        ctx = AssistCtx(session=session, view=view, legal=legal, lights=lights, settings=settings,
                        name=_namer(session), log=self.log)
        self.ctx = ctx
        under_way = view.combat is not None or view.tally is not None
        shown = {
            self.referendum: self.referendum.update_from(ctx),
            self.combat: self.combat.update_from(ctx),
        }
        shown[self.action] = self.action.update_from(ctx, compact=under_way or (
            self.referendum.isVisible() and bool(self.referendum.result_text)))
        shown[self.influence] = self.influence.update_from(ctx)
        shown[self.now] = self.now.update_from(ctx)
        for p, on in shown.items():
            p.setVisible(on)
        self._footer(ctx)

    def _footer(self, ctx: AssistCtx) -> None:
        v = ctx.view
        clear_layout(self.buttons.flow)
        self.pass_button = None
        from vtes_desktop.ui.table import prompt

        p = prompt.build(v, ctx.legal)
        self.asked.setText(p.text if p.yours else f"{p.text} (you are looking at {v.seats[v.seat].name}'s side)")
        cmds = {c.type: c for c in ctx.commands("pass", "resolve", "finish", "end_phase", "decline_block")}
        words = PW.pass_words(v, ctx.legal)
        if "pass" in cmds and not ("decline_block" in cmds and words.label == PW.decline_words().label
                                   and self.action.isVisible()):
            self.pass_button = CommandButton(words.label, [cmds["pass"]], self._send, tip=words.tip, role="pass",
                                             name="assistPass")
            self.buttons.add(self.pass_button)
        if "resolve" in cmds:
            w = PW.resolve_words(v)
            self.buttons.add(CommandButton(w.label, [cmds["resolve"]], self._send, tip=w.tip, name="assistResolve"))
        if "finish" in cmds and v.action is not None:
            w = PW.finish_words(v)
            self.buttons.add(CommandButton(w.label, [cmds["finish"]], self._send, tip=w.tip, name="assistFinish"))
        if "end_phase" in cmds:
            self.buttons.add(CommandButton(PHASE_END.get(v.phase, "End the phase"), [cmds["end_phase"]], self._send,
                                           tip="Nothing more this phase: go on to the next.", role="pass",
                                           name="assistEndPhase"))
        if v.manual:
            self.buttons.add(CommandButton("Done (carried out by hand)", [C.Done(seat=v.seat)], self._send,
                                           tip=f"Say Done once {v.manual} is carried out with manual moves.",
                                           role="pass", name="assistDone"))
        # stop here: the seat on show asks the table to wait for them at this window
        label = WINDOW_LABELS.get(v.window)
        if label and self.stops is not None:
            me = v.seats[v.seat].name
            self.stop_here.blockSignals(True)
            self.stop_here.setText(f"Stop {me} at \u201c{label.lower()}\u201d even with nothing to play")
            self.stop_here.setChecked(self.stops.has(me, v.window))
            self.stop_here.blockSignals(False)
            self.stop_here.show()
        else:
            self.stop_here.hide()

    def _send(self, cmds) -> None:
        self.commands_requested.emit(list(cmds))

    def _stop_toggled(self, on: bool) -> None:
        if self.ctx is None:
            return
        v = self.ctx.view
        self.stop_toggled.emit(v.seat, v.window, on)

    # -- for tests ---------------------------------------------------------------------------------
    def visible_panels(self) -> list:
        return [p for p in self.panels if p.isVisible()]

    def lit_buttons(self) -> list:
        """Every button the dock offers now (in the panels and the footer)."""
        from PySide6.QtWidgets import QAbstractButton, QCheckBox

        return [b for b in self.findChildren(QAbstractButton)
                if not isinstance(b, QCheckBox) and b.isVisibleTo(self) and b.isEnabled()]
