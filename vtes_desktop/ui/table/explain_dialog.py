"""A small window with the explanation of a rule: what was said, the rule in our words, the cards' rulings."""

from __future__ import annotations

import html

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from vtes_desktop.ui.table.explanations import Explanation


def explanation_html(e: Explanation) -> str:
    parts = []
    if e.said:
        parts.append(f"<p><i>{html.escape(e.said)}</i></p>")
    parts.append(f"<h3>{html.escape(e.title)}</h3><p>{html.escape(e.text)}</p>")
    if e.rulings:
        parts.append("<h4>VEKN rulings</h4><ul>")
        for card, text, refs in e.rulings:
            links = ", ".join(f'<a href="{html.escape(url)}">{html.escape(label)}</a>' for label, url in refs)
            parts.append(f"<li><b>{html.escape(card)}</b>: {html.escape(text)}"
                         + (f" <small>({links})</small>" if links else "") + "</li>")
        parts.append("</ul>")
    return "".join(parts)


def lesson_for(rule: str):
    """The course's lesson that teaches *rule* (a `CourseEntry`), or None."""
    from vtes_desktop.scenario.lesson import load_course
    from vtes_desktop.ui.learn.learn_window import lessons_dir

    try:
        return load_course(lessons_dir()).lesson_for(rule) if rule else None
    except ValueError:
        return None


class ExplainDialog(QDialog):
    #: the learner asked for the lesson that teaches this rule (its file in the course)
    lesson_requested = Signal(str)

    def __init__(self, explanation: Explanation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explainDialog")
        self.setWindowTitle(f"Why? \u2014 {explanation.title}")
        self.explanation = explanation
        v = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setObjectName("explainText")
        self.text.setOpenExternalLinks(True)
        self.text.setHtml(explanation_html(explanation))
        v.addWidget(self.text)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.lesson = lesson_for(explanation.rule)
        self.lesson_button: QPushButton | None = None
        if self.lesson is not None:
            self.lesson_button = bb.addButton(f"Learn it: {self.lesson.title}", QDialogButtonBox.ButtonRole.ActionRole)
            self.lesson_button.setObjectName("lessonButton")
            self.lesson_button.setToolTip("Open the lesson that teaches this rule, played on a table of its own")
            self.lesson_button.clicked.connect(self._open_lesson)
        bb.rejected.connect(self.reject)
        bb.accepted.connect(self.accept)
        v.addWidget(bb)
        self.resize(520, 360)

    def _open_lesson(self) -> None:
        self.lesson_requested.emit(self.lesson.file)
        self.accept()
