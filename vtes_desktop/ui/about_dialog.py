"""Help > About: the app's version, the card data's source and version, and Qt's.

`about_facts(db)` gives the lines as (label, value) pairs (tests and bug
reports use them); `AboutDialog` shows them with the icon and a button that
copies them to the clipboard, for a bug report.
"""

from __future__ import annotations

import platform
import sys

from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel, QPushButton,
                               QVBoxLayout)

from vtes_desktop import __version__

TAGLINE = "A desktop table for Vampire: The Eternal Struggle."


def about_facts(db) -> list[tuple[str, str]]:
    """(label, value) lines: app version, card data, Qt, Python, platform."""
    import PySide6

    info = getattr(db, "info", None) if db is not None else None
    if db is None:
        cards = "still loading"
    elif info is None:
        cards = f"{len(db)} cards"
    else:
        cards = f"{len(db)} cards, {info.source}"
    facts = [("Version", __version__), ("Card data", cards)]
    if info is not None and info.key:
        facts.append(("Card data version", info.key))
    frozen = " (bundle)" if getattr(sys, "frozen", False) else ""
    facts += [("Qt", f"{qVersion()} (PySide6 {PySide6.__version__})"),
              ("Python", platform.python_version() + frozen),
              ("System", platform.platform(terse=True))]
    return facts


def about_text(db) -> str:
    """The facts as plain text, one per line (what the Copy button puts on the clipboard)."""
    return "\n".join([f"VTES Desktop {__version__}"] + [f"{k}: {v}" for k, v in about_facts(db)])


class AboutDialog(QDialog):
    def __init__(self, db=None, parent=None) -> None:
        super().__init__(parent)
        self.db = db
        self.setWindowTitle("About VTES Desktop")
        lay = QVBoxLayout(self)
        head = QHBoxLayout()
        icon = QLabel()
        icon.setPixmap(_app_icon().pixmap(64, 64))
        head.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        title = QLabel(f"<h2 style='margin:0'>VTES Desktop {__version__}</h2>{TAGLINE}")
        title.setTextFormat(Qt.TextFormat.RichText)
        head.addWidget(title, 1)
        lay.addLayout(head)
        form = QFormLayout()
        self.values: dict[str, QLabel] = {}
        for label, value in about_facts(db):
            v = QLabel(value)
            v.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            form.addRow(f"{label}:", v)
            self.values[label] = v
        lay.addLayout(form)
        note = QLabel("Card texts and rulings come from the VEKN card lists. Vampire: The Eternal Struggle "
                      "is a trademark of its owners; this is an unofficial program, not endorsed by them.")
        note.setWordWrap(True)
        note.setEnabled(False)
        lay.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton("Copy details")
        self.copy_button.setToolTip("Copy these lines to the clipboard, for a bug report")
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(about_text(self.db))


def _app_icon() -> QIcon:
    icon = QGuiApplication.windowIcon()
    if icon.isNull():
        from vtes_desktop.ui.theme import resources_dir

        icon = QIcon(str(resources_dir() / "icons" / "vtes-desktop.svg"))
    return icon


def show_about(parent, db) -> None:
    AboutDialog(db, parent).exec()
