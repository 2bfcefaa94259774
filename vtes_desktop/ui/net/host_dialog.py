"""Host a game: the window starts `vtes-desktop host` as a child process and joins it over loopback.

The window is always a client (DESIGN.md, "The network"): closing it does not
stop the game; the host process stops with `stop()` (the launcher calls it
when the table window that started it closes).
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtWidgets import QCheckBox, QDialogButtonBox, QFormLayout, QLineEdit, QSpinBox, QVBoxLayout, QWidget

from vtes_desktop.net import DEFAULT_PORT
from vtes_desktop.ui.net.form_kit import NetFormDialog


@dataclass
class HostParams:
    seats: int = 5
    port: int = DEFAULT_PORT
    password: str | None = None
    name: str = ""
    deck: str | None = None          # the host player's deck list text
    judge: bool = False
    announce: bool = True
    lan: bool = True                 # False: this machine only (127.0.0.1)
    game: Path | None = None
    extra: tuple[str, ...] = field(default_factory=tuple)

    def command(self) -> list[str]:
        """The `vtes-desktop host` command line for these settings."""
        cmd = [sys.executable, "-m", "vtes_desktop", "host", "--seats", str(self.seats), "--port", str(self.port),
               "--bind", "0.0.0.0" if self.lan else "127.0.0.1"]
        if self.password:
            cmd += ["--password", self.password]
        if self.judge:
            cmd.append("--judge")
        if not self.announce:
            cmd.append("--no-mdns")
        if self.game is not None:
            cmd += ["--game", str(self.game)]
        return cmd + list(self.extra)


class HostedGame:
    """A running `vtes-desktop host` child process."""

    def __init__(self, params: HostParams, *, timeout: float = 20.0):
        self.params = params
        self.proc = subprocess.Popen(params.command(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.port = self._wait_port(timeout)
        # the host writes a line now and then for as long as it runs: read it, or a full pipe would stop it
        self.output: deque[str] = deque(maxlen=200)
        for stream in (self.proc.stdout, self.proc.stderr):
            threading.Thread(target=self._drain, args=(stream,), daemon=True).start()

    def _drain(self, stream) -> None:
        try:
            for line in stream:
                self.output.append(line.rstrip("\n"))
        except (OSError, ValueError):
            pass

    def _wait_port(self, timeout: float) -> int:
        import selectors

        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(self.proc.stderr.read().strip() or "the host stopped")
                if not sel.select(0.1):
                    continue
                line = self.proc.stdout.readline()
                if "listening on" in line:
                    return int(line.rsplit(":", 1)[1])
        finally:
            sel.close()
        self.stop()
        raise RuntimeError("the host did not start in time")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


class HostDialog(NetFormDialog):
    def __init__(self, parent: QWidget | None = None, *, name: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Host a game")
        self.seats = QSpinBox()
        self.seats.setRange(2, 6)
        self.seats.setValue(5)
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText("none")
        self.name = QLineEdit(name)
        deck_row = self._deck_row("your deck file")
        self.judge = QCheckBox("Spectators see every hand (judge)")
        self.announce = QCheckBox("Announce the game on this network")
        self.announce.setChecked(True)
        self.local = QCheckBox("This machine only (for trying it out)")
        self._error_label("hostError")
        form = QFormLayout()
        form.addRow("Your name", self.name)
        form.addRow("Your deck", deck_row)
        form.addRow("Seats", self.seats)
        form.addRow("Port", self.port)
        form.addRow("Password", self.password)
        form.addRow("", self.judge)
        form.addRow("", self.announce)
        form.addRow("", self.local)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Host")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        v = QVBoxLayout(self)
        v.addLayout(form)
        v.addWidget(self.error)
        v.addWidget(buttons)
        self.params: HostParams | None = None

    def read(self) -> HostParams:
        name = self.name.text().strip()
        if not name:
            raise ValueError("Give your name.")
        path = self.deck.text().strip()
        if not path:
            raise ValueError("Choose your deck.")
        deck = self._read_deck(path)
        return HostParams(seats=self.seats.value(), port=self.port.value(), password=self.password.text() or None,
                          name=name, deck=deck, judge=self.judge.isChecked(), announce=self.announce.isChecked(),
                          lan=not self.local.isChecked())
