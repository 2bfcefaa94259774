"""The Learn screen: the course's lessons by section and its puzzles by level, with the learner's progress.

Double-click (or Open) plays one at the table (`LessonWindow`); a finished one is ticked and remembered in
`learn.json` in the user data folder (`progress.Progress`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QMainWindow, QPushButton, QSplitter, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from vtes_desktop.scenario.lesson import load_course
from vtes_desktop.ui.learn.progress import Progress

FILE_ROLE = Qt.ItemDataRole.UserRole
TICK = "\u2714"
CIRCLE = "\u25cb"


def lessons_dir() -> Path:
    from vtes_desktop.ui.theme import resources_dir

    return resources_dir() / "lessons"


class LearnWindow(QMainWindow):
    def __init__(self, db, theme, *, folder: Path | None = None, progress: Progress | None = None,
                 parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("learnWindow")
        self.db = db
        self.theme = theme
        self.folder = Path(folder) if folder else lessons_dir()
        self.course = load_course(self.folder)
        self.progress = progress or Progress()
        self.lesson = None            # the LessonWindow open, if any
        self.setWindowTitle("VTES Desktop \u2014 Learn the rules")
        self.resize(900, 640)

        self.tree = QTreeWidget()
        self.tree.setObjectName("courseTree")
        self.tree.setHeaderHidden(True)
        self.tree.itemDoubleClicked.connect(lambda it, _c: self.open_item(it))
        self.tree.currentItemChanged.connect(lambda it, _p: self._describe(it))
        self.about = QLabel()
        self.about.setObjectName("lessonAbout")
        self.about.setWordWrap(True)
        self.about.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.about.setStyleSheet("font-size: 12pt; padding: 8px;")
        self.open_button = QPushButton("Play at the table")
        self.open_button.setObjectName("openLessonButton")
        self.open_button.clicked.connect(lambda: self.open_item(self.tree.currentItem()))
        self.summary = QLabel()
        self.summary.setObjectName("learnSummary")
        right = QWidget()
        rv = QVBoxLayout(right)
        rv.addWidget(self.about, 1)
        row = QHBoxLayout()
        self.reset_button = QPushButton("Start the course again")
        self.reset_button.setObjectName("resetProgressButton")
        self.reset_button.setToolTip("Forget which lessons and puzzles you finished")
        self.reset_button.clicked.connect(self.reset_progress)
        row.addWidget(self.reset_button)
        row.addStretch(1)
        row.addWidget(self.open_button)
        rv.addLayout(row)
        split = QSplitter()
        split.addWidget(self.tree)
        split.addWidget(right)
        split.setSizes([480, 420])
        central = QWidget()
        v = QVBoxLayout(central)
        title = QLabel(self.course.title or "Learn the rules")
        title.setStyleSheet("font-size: 16pt; font-weight: bold;")
        v.addWidget(title)
        v.addWidget(self.summary)
        v.addWidget(split, 1)
        self.setCentralWidget(central)
        self.items: dict[str, QTreeWidgetItem] = {}
        self._fill()

    # -- the list ---------------------------------------------------------------------------------------
    def _fill(self) -> None:
        self.tree.clear()
        self.items = {}
        for top, entries, prefix in (("Lessons", self.course.lessons, ""), ("Rules puzzles", self.course.puzzles,
                                                                           "Puzzles \u00b7 ")):
            root = QTreeWidgetItem([top])
            self.tree.addTopLevelItem(root)
            group = None
            for i, e in enumerate(entries, 1):
                if group is None or group.text(0) != prefix + e.section:
                    group = QTreeWidgetItem([prefix + e.section])
                    root.addChild(group)
                it = QTreeWidgetItem([""])
                it.setData(0, FILE_ROLE, e.file)
                group.addChild(it)
                self.items[e.file] = it
            root.setExpanded(True)
            for j in range(root.childCount()):
                root.child(j).setExpanded(True)
        self._marks()
        first = self.first_unfinished()
        if first is not None:
            self.tree.setCurrentItem(self.items[first])

    def _marks(self) -> None:
        n = 0
        for e in self.course.lessons + self.course.puzzles:
            done = self.progress.is_done(e.file)
            n += done
            mark = TICK if done else CIRCLE
            self.items[e.file].setText(0, f"{mark}  {e.title}")
        nl = sum(self.progress.is_done(e.file) for e in self.course.lessons)
        np_ = sum(self.progress.is_done(e.file) for e in self.course.puzzles)
        self.summary.setText(f"{nl} of {len(self.course.lessons)} lessons and {np_} of {len(self.course.puzzles)} "
                             "puzzles done. Double-click one to play it at the table.")

    def reset_progress(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        if self.progress.done and QMessageBox.question(
                self, "Start again", "Forget which lessons and puzzles you finished?") \
                != QMessageBox.StandardButton.Yes:
            return
        self.progress.forget()
        self._fill()

    def first_unfinished(self) -> str | None:
        return next((e.file for e in self.course.lessons + self.course.puzzles if not self.progress.is_done(e.file)),
                    None)

    def after(self, file: str) -> str | None:
        """The file after *file* in the course (the lessons, then the puzzles)."""
        files = [e.file for e in self.course.lessons + self.course.puzzles]
        i = files.index(file)
        return files[i + 1] if i + 1 < len(files) else None

    def entry(self, file: str):
        return next(e for e in self.course.lessons + self.course.puzzles if e.file == file)

    def _describe(self, it) -> None:
        file = it.data(0, FILE_ROLE) if it is not None else None
        self.open_button.setEnabled(bool(file))
        if not file:
            self.about.setText("")
            return
        e = self.entry(file)
        text = f"<h3>{e.title}</h3><p style='color:#999'>{e.section}</p>"
        try:
            from vtes_desktop.scenario.loader import load

            info = load(self.folder / file, self.db).lesson
        except Exception as err:   # noqa: BLE001 - a broken file is shown, not raised
            info = None
            text += f"<p>This file could not be read: {err}</p>"
        if info is not None:
            text += f"<p>{info.summary}</p><p style='color:#999'>Level: {info.level}</p>"
            if info.goal:
                text += f"<p><b>Goal:</b> {info.goal}</p>"
            if info.goals:
                text += "<p><b>You will learn:</b></p><ul>" + "".join(f"<li>{g}</li>" for g in info.goals) + "</ul>"
        if self.progress.is_done(file):
            rec = self.progress.done[file]
            how = " with the tutor's help" if rec.get("shown") else (" with hints" if rec.get("hints") else "")
            text += f"<p style='color:#5fbf6a'>{TICK} Done{how}</p>"
        self.about.setText(text)

    # -- playing ------------------------------------------------------------------------------------------
    def open_item(self, it) -> None:
        file = it.data(0, FILE_ROLE) if it is not None else None
        if file:
            self.open_file(file)

    def open_file(self, file: str):
        from vtes_desktop.ui.learn.lesson_window import LessonWindow

        if self.lesson is not None:
            self.lesson.close()
        w = LessonWindow(self.db, self.theme, self.folder / file, key=file)
        w.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        w.finished.connect(self._finished)
        after = self.after(file)
        if after is not None:
            w.next_lesson = lambda: self.open_file(after)
        w.destroyed.connect(lambda *_: setattr(self, "lesson", None) if self.lesson is w else None)
        self.lesson = w
        w.show()
        return w

    def _finished(self, file: str, hints: int, shown: bool) -> None:
        self.progress.mark(file, hints=hints, shown=shown)
        self._marks()
        cur = self.tree.currentItem()
        if cur is not None:
            self._describe(cur)


def open_learn(db, theme, parent=None) -> LearnWindow:
    w = LearnWindow(db, theme, parent=parent)
    w.setWindowFlag(Qt.WindowType.Window)
    w.show()
    return w
