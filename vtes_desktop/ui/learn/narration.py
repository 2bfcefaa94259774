"""The tutor's panel beside the table: what the step says, the question, hints, verdicts, the buttons."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

COLOURS = {"right": "#5fbf6a", "wrong": "#e0a040", "refused": "#e06060", "ask": "#f0c850", "hint": "#8ab4f8",
           "look": "#3fc8ff", "past": "#9a9a9a"}


class NarrationPanel(QWidget):
    next_requested = Signal()
    back_requested = Signal()
    forward_requested = Signal()
    hint_requested = Signal()
    show_me_requested = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("narrationPanel")
        self.setMinimumWidth(320)
        v = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setObjectName("lessonTitle")
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-size: 15pt; font-weight: bold;")
        self.progress = QLabel()
        self.progress.setObjectName("lessonProgress")
        self.progress.setStyleSheet("color: #999;")
        self.text = QLabel()
        self.text.setObjectName("narrationText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.text.setStyleSheet("font-size: 12pt;")
        self.scroll = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self.text)
        #: the question, kept in sight above the narration (which scrolls to its newest paragraph)
        self.question = QLabel()
        self.question.setObjectName("lessonQuestion")
        self.question.setWordWrap(True)
        self.question.setTextFormat(Qt.TextFormat.RichText)
        self.question.setVisible(False)
        v.addWidget(self.title)
        v.addWidget(self.progress)
        v.addWidget(self.question)
        v.addWidget(scroll, 1)
        row1 = QHBoxLayout()
        self.hint_button = QPushButton("Hint")
        self.hint_button.setObjectName("hintButton")
        self.show_me_button = QPushButton("Show me")
        self.show_me_button.setObjectName("showMeButton")
        self.show_me_button.setToolTip("Play the expected move on the table")
        self.next_button = QPushButton("Next \u25b8")
        self.next_button.setObjectName("nextButton")
        self.next_button.setDefault(True)
        for b in (self.hint_button, self.show_me_button, self.next_button):
            row1.addWidget(b)
        row2 = QHBoxLayout()
        self.back_button = QPushButton("\u25c2 Back")
        self.back_button.setObjectName("backButton")
        self.back_button.setToolTip("Go back to the step before")
        self.forward_button = QPushButton("Skip \u25b8\u25b8")
        self.forward_button.setObjectName("forwardButton")
        self.forward_button.setToolTip("Go on to the next step (a question is played for you)")
        row2.addWidget(self.back_button)
        row2.addStretch(1)
        row2.addWidget(self.forward_button)
        v.addLayout(row1)
        v.addLayout(row2)
        self.next_button.clicked.connect(self.next_requested)
        self.back_button.clicked.connect(self.back_requested)
        self.forward_button.clicked.connect(self.forward_requested)
        self.hint_button.clicked.connect(self.hint_requested)
        self.show_me_button.clicked.connect(self.show_me_requested)
        self.parts: list[str] = []
        #: False while a step is being written (it is read from its top); True once it is shown, so that a
        #: verdict or a hint added later scrolls into sight
        self.follow = False

    # -- text --------------------------------------------------------------------------------------
    def clear(self) -> None:
        self.follow = False
        self.parts = []
        self.text.setText("")
        self.question.setText("")
        self.question.setVisible(False)

    def ask(self, text: str, label: str) -> None:
        """Show the question above the narration, where it stays while verdicts and hints are added."""
        c = COLOURS["ask"]
        self.question.setText(f"<div style='color: {c}; font-size: 13pt; font-weight: bold;'>{html.escape(label)} "
                              f"{html.escape(text)}</div>")
        self.question.setVisible(True)

    def add(self, text: str, kind: str = "", label: str = "") -> None:
        """Add a paragraph: *kind* colours it (right, wrong, refused, ask, hint), *label* is put in bold."""
        if not text and not label:
            return
        body = html.escape(text).replace("\n", "<br>")
        if label:
            body = f"<b>{html.escape(label)}</b> {body}"
        colour = COLOURS.get(kind)
        if kind == "past":
            body = f"<span style='font-size: 10pt;'>{body}</span>"
        if kind == "ask":
            body = f"<span style='font-size: 13pt; font-weight: bold;'>{body}</span>"
        if colour:
            body = f"<div style='border-left: 4px solid {colour}; padding-left: 6px; color: {colour};'>{body}</div>"
        self.parts.append(f"<p>{body}</p>")
        self.text.setText("".join(self.parts))
        from PySide6.QtCore import QTimer

        bar = self.scroll.verticalScrollBar()
        if self.follow:
            QTimer.singleShot(0, bar, lambda: bar.setValue(bar.maximum()))   # the newest paragraph in sight
        else:
            QTimer.singleShot(0, bar, lambda: bar.setValue(0))               # a new step: from its beginning

    def shown(self) -> None:
        """The step is written: what is added from now on (verdicts, hints) is scrolled into sight."""
        self.follow = True

    def plain(self) -> str:
        from PySide6.QtGui import QTextDocument

        d = QTextDocument()
        d.setHtml(self.question.text() + self.text.text())
        return d.toPlainText()
