"""The phase bar: the five phases with the current one lit, whose turn it is, and "End phase"."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from vtes_desktop.engine import commands as C

PHASES = ("unlock", "master", "minion", "influence", "discard")


class PhaseBar(QWidget):
    commands_requested = Signal(object)

    def __init__(self, palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("phaseBar")
        self._pal = palette
        h = QHBoxLayout(self)
        h.setContentsMargins(8, 4, 8, 4)
        h.setSpacing(4)
        self.turn = QLabel()
        self.turn.setObjectName("turnLabel")
        self.turn.setMinimumWidth(120)
        h.addWidget(self.turn)
        self.labels: dict[str, QLabel] = {}
        for ph in PHASES:
            lab = QLabel(ph.title())
            lab.setObjectName(f"phase_{ph}")
            lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lab.setMinimumWidth(64)
            self.labels[ph] = lab
            h.addWidget(lab)
        h.addSpacing(10)
        self.end_phase = QPushButton("End phase")
        self.end_phase.setObjectName("endPhase")
        self.end_phase.setToolTip("End the current phase (E)")
        self.end_phase.clicked.connect(self._end)
        h.addWidget(self.end_phase)
        h.addStretch(1)
        self._seat = 0
        self.current = ""

    def set_palette(self, palette) -> None:
        self._pal = palette
        self._restyle()

    def show_view(self, view, legal) -> None:
        self._seat = view.seat
        self.current = view.phase
        active = view.seats[view.active].name
        self.turn.setText(f"Turn {view.turn} \u00b7 {active}")
        can_end = legal is not None and any(c.type == "end_phase" for c in legal.commands)
        self.end_phase.setEnabled(can_end)
        self.end_phase.setToolTip("End the current phase (E)" if can_end else
                                  f"Only {active} ends the phase, when nothing is under way")
        self._restyle()

    def _restyle(self) -> None:
        pal = self._pal
        lit, text = pal("impulse").name(), pal("seat_text").name()
        muted, border = pal("seat_muted").name(), pal("seat_border").name()
        for ph, lab in self.labels.items():
            if ph == self.current:
                lab.setStyleSheet(f"QLabel {{ background: {lit}; color: #17181c; border-radius: 10px;"
                                  f" padding: 3px 10px; font-weight: 700; }}")
            else:
                lab.setStyleSheet(f"QLabel {{ color: {muted}; border: 1px solid {border}; border-radius: 10px;"
                                  f" padding: 2px 9px; }}")
        self.turn.setStyleSheet(f"QLabel {{ color: {text}; font-weight: 700; }}")

    def _end(self) -> None:
        self.commands_requested.emit([C.EndPhase(seat=self._seat)])
