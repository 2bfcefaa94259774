"""The table's session for a lesson: the tutor's game, the learner's moves judged instead of applied.

The table submits a move as usual; at a question the tutor judges it (`Tutor.answer`): a right move goes on
(the table shows the tutor's game), a refused or wrong one leaves the table as it was and is returned as a
refusal. Between questions the table refuses moves: the tutor plays those steps (Next). No automatic passes,
no undo (Back goes back a step), nothing recorded.
"""

from __future__ import annotations

from PySide6.QtCore import Signal

from vtes_desktop.engine import commands as C
from vtes_desktop.engine.errors import Refused
from vtes_desktop.ui.table.session import LocalSession


class LessonSession(LocalSession):
    #: a Verdict, after each move the learner made at a question
    judged = Signal(object)

    def __init__(self, tutor, *, seat: int = 0) -> None:
        self.tutor = tutor
        super().__init__(tutor.game, seat=seat, hotseat=False, auto_pass=False)

    def submit(self, cmd: C.Command) -> Refused | None:
        if isinstance(cmd, C.Undo):
            return self._refuse(cmd, Refused("lesson", "in a lesson, Back takes you to the step before"))
        if not self.tutor.is_question:
            return self._refuse(cmd, Refused("lesson", "the tutor plays this step: press Next"))
        try:
            cmd = self.translate(cmd)
        except Refused as e:
            return self._refuse(cmd, e)
        verdict = self.tutor.answer(cmd)
        if verdict.right:
            self.sync()
            self.judged.emit(verdict)
            return None
        self.judged.emit(verdict)
        if verdict.outcome == "refused":
            return self._refuse(cmd, Refused("lesson", verdict.message))
        return Refused("lesson", verdict.message)      # legal but wrong: taken back, the narration explains

    def can(self, cmd: C.Command) -> Refused | None:
        if not self.tutor.is_question:
            return Refused("lesson", "the tutor plays this step: press Next")
        return super().can(cmd)

    def undo(self, seat: int | None = None) -> Refused | None:
        return self._refuse(C.Undo(seat=self.seat), Refused("lesson", "in a lesson, Back takes you to the step "
                                                                    "before"))

    def _refuse(self, cmd, err: Refused) -> Refused:
        self.refused.emit(cmd, err)
        return err

    def sync(self, seat: int | None = None) -> None:
        """Show the tutor's game (after the tutor played a step, or a new tutor after Back)."""
        self.game = self.tutor.game
        self._vids = None
        self._turns = []
        self._rebuild_turns()
        changed = seat is not None and seat != self.seat
        if seat is not None:
            self.seat = seat
        self._refresh(reset=True)
        if changed:
            self.seat_changed.emit(self.seat)
