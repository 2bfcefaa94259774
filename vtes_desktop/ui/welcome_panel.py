"""The welcome panel: a strip above the card browser with the three ways in.

"Goldfish a deck", "Host or join a LAN game" and "Learn the rules" open what
the app has today; a feature that has not landed shows a disabled button with
a tooltip saying so. The panel finds the features on the main window, so a
feature lands without editing this file:

- goldfish: `window.open_goldfish()` if the window has it, else the table's
  new game (`window.open_table(new=True)`): your deck against the sample deck;
- LAN: `window.open_lan()` when the window has it;
- rules: `window.open_lessons()` when the window has it, else the first lesson
  in resources/lessons/ opened at the table.

`install_welcome(window)` puts the panel above the window's central widget and
adds Help > Welcome panel. Hiding it (the x) is remembered in `welcome.json`
in the settings folder; Help > Welcome panel brings it back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

STATE_FILE = "welcome.json"

GOLDFISH_TIP = "Play a deck at the table: choose your deck in New game (hot seat, sample decks as opponents)"
LAN_TIP_OFF = "LAN games are not ready yet: they come with the network play"
LEARN_TIP_OFF = "The rules tutor is not ready yet: its lessons are still being written"


def lessons(folder: Path | None = None) -> list[Path]:
    """The lesson files (`resources/lessons/*.yaml`), in order."""
    if folder is None:
        from vtes_desktop.ui.theme import resources_dir

        folder = resources_dir() / "lessons"
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def _state_path() -> Path:
    from vtes_desktop.ui.settings import config_dir

    return config_dir() / STATE_FILE


def is_dismissed() -> bool:
    try:
        return bool(json.loads(_state_path().read_text(encoding="utf-8")).get("dismissed"))
    except (OSError, ValueError, AttributeError):
        return False


def set_dismissed(value: bool) -> None:
    try:
        path = _state_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"dismissed": bool(value)}), encoding="utf-8")
    except OSError:
        pass   # not remembered: the panel shows again next time, nothing worse


class WelcomePanel(QFrame):
    goldfish_requested = Signal()
    lan_requested = Signal()
    learn_requested = Signal()
    dismissed = Signal()

    def __init__(self, parent: QWidget | None = None,
                 features: Callable[[], dict[str, tuple[Callable[[], object] | None, str]]] | None = None) -> None:
        super().__init__(parent)
        self._features = features
        self.setObjectName("welcomePanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.AlternateBase)
        outer = QHBoxLayout(self)
        outer.setContentsMargins(14, 10, 8, 10)
        text = QVBoxLayout()
        title = QLabel("<b>Welcome to VTES Desktop</b>")
        title.setTextFormat(Qt.TextFormat.RichText)
        f = title.font()
        f.setPointSizeF(f.pointSizeF() * 1.25)
        title.setFont(f)
        sub = QLabel("Browse the cards below, or start here:")
        text.addWidget(title)
        text.addWidget(sub)
        outer.addLayout(text)
        outer.addSpacing(16)
        self.goldfish = QPushButton("Goldfish a deck")
        self.lan = QPushButton("Host or join a LAN game")
        self.learn = QPushButton("Learn the rules")
        for b, sig in ((self.goldfish, self.goldfish_requested), (self.lan, self.lan_requested),
                       (self.learn, self.learn_requested)):
            b.setMinimumHeight(34)
            b.clicked.connect(sig.emit)
            outer.addWidget(b)
        outer.addStretch(1)
        self.close_button = QToolButton()
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Hide the welcome panel (Help > Welcome panel brings it back)")
        self.close_button.clicked.connect(self._dismiss)
        outer.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)

    def features(self) -> dict[str, tuple[Callable[[], object] | None, str]]:
        """What each button opens (None: not available) and its tooltip, looked up now."""
        return self._features() if self._features is not None else {}

    def refresh(self) -> None:
        """Enable the buttons whose feature exists now; the others say why they are off."""
        for which, (action, tip) in self.features().items():
            self.set_feature(which, action is not None, tip)

    def showEvent(self, event) -> None:
        self.refresh()
        super().showEvent(event)

    def set_feature(self, which: str, enabled: bool, tooltip: str) -> None:
        """Enable or disable a button ("goldfish", "lan", "learn") with its tooltip."""
        b = getattr(self, which)
        b.setEnabled(enabled)
        b.setToolTip(tooltip)

    def _dismiss(self) -> None:
        self.hide()
        self.dismissed.emit()


def window_features(window) -> dict[str, tuple[Callable[[], object] | None, str]]:
    """For each button, what it opens on *window* (None: not available) and its tooltip."""
    out: dict[str, tuple[Callable[[], object] | None, str]] = {}
    table = getattr(window, "open_table", None)
    solo = getattr(window, "open_goldfish", None)
    if callable(solo):
        out["goldfish"] = (solo, "Play a deck alone against a goldfish")
    elif callable(table):
        out["goldfish"] = (lambda: table(new=True), GOLDFISH_TIP)
    else:
        out["goldfish"] = (None, "The game table is not available in this version")
    lan = getattr(window, "open_lan", None)
    out["lan"] = (lan, "Host a game on this network, or join one") if callable(lan) else (None, LAN_TIP_OFF)
    tutor = getattr(window, "open_lessons", None)
    found = lessons()
    if callable(tutor):
        out["learn"] = (tutor, "Lessons and rules puzzles, played at the table")
    elif found and callable(table):
        first = str(found[0])
        out["learn"] = (lambda: table(path=first), f"Play the first lesson at the table ({found[0].stem})")
    else:
        out["learn"] = (None, LEARN_TIP_OFF)
    return out


def _run(panel: WelcomePanel, which: str) -> None:
    action, _tip = panel.features().get(which, (None, ""))
    if action is not None:
        action()


def install_welcome(window) -> WelcomePanel:
    """Put a welcome panel above *window*'s central widget, wire its buttons, add Help > Welcome panel."""
    existing = getattr(window, "welcome_panel", None)
    if isinstance(existing, WelcomePanel):
        return existing
    panel = WelcomePanel(features=lambda: window_features(window))
    central = window.takeCentralWidget()
    box = QWidget()
    lay = QVBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(0)
    holder = QWidget()   # the margin round the panel; hidden with it
    hl = QVBoxLayout(holder)
    hl.setContentsMargins(6, 6, 6, 2)
    hl.addWidget(panel)
    lay.addWidget(holder)
    if central is not None:
        lay.addWidget(central, 1)
    window.setCentralWidget(box)
    window.welcome_panel = panel

    panel.refresh()
    panel.goldfish_requested.connect(lambda: _run(panel, "goldfish"))
    panel.lan_requested.connect(lambda: _run(panel, "lan"))
    panel.learn_requested.connect(lambda: _run(panel, "learn"))

    act = QAction("&Welcome panel", window, checkable=True)
    act.setChecked(not is_dismissed())
    holder.setVisible(act.isChecked())

    def toggle(on: bool) -> None:
        holder.setVisible(on)
        panel.setVisible(True)
        set_dismissed(not on)

    act.toggled.connect(toggle)
    panel.dismissed.connect(lambda: act.setChecked(False))
    window.welcome_action = act
    help_menu = _menu(window, "Help")
    if help_menu is not None:
        first = help_menu.actions()[0] if help_menu.actions() else None
        help_menu.insertAction(first, act)
    return panel


def _menu(window, title: str):
    for a in window.menuBar().actions():
        if a.menu() is not None and a.text().replace("&", "") == title:
            return a.menu()
    return None
