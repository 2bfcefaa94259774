"""New game: 2 to 6 players, a deck each (a file, a pasted list, a recent deck, the sample deck),
seating random or as listed, an optional seed, and the privacy screen for hot-seat play."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QGridLayout,
                               QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QRadioButton, QSpinBox,
                               QVBoxLayout)

from vtes_desktop.ui.table.launch import NewGame, PlayerSpec, deck_ids

DEFAULT_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
DECK_FILTER = "Deck files (*.txt *.dek *.xml *.json *.eld *.lst);;All files (*)"
CHOOSE, PASTE, SAMPLE = "__choose__", "__paste__", "__sample__"


@dataclass
class DeckChoice:
    label: str
    crypt: list[int]
    library: list[int]
    note: str = ""


def sample_deck(db) -> DeckChoice:
    """The benchmark's deck: a playable list for trying the table without a deck file."""
    from vtes_desktop.engine.bench import CRYPT, LIBRARY

    return DeckChoice("Sample deck", [db[n].id for n in CRYPT], [db[n].id for n in LIBRARY],
                      f"{len(CRYPT)} crypt, {len(LIBRARY)} library")


def read_choice(db, *, path: str | None = None, text: str | None = None) -> DeckChoice:
    """A deck from a file or pasted text; raises ValueError with the reason when it cannot be played."""
    from vtes_desktop.decks import DeckError, load_deck, read_deck

    try:
        deck = load_deck(path, db) if path else read_deck(text or "", db)
    except DeckError as e:
        raise ValueError(str(e)) from None
    crypt, lib = deck_ids(deck)
    if not crypt or not lib:
        raise ValueError("the deck needs a crypt and a library")
    label = deck.name or (Path(path).stem if path else "Pasted deck")
    note = f"{len(crypt)} crypt, {len(lib)} library"
    if deck.unknown:
        note += f"; {len(deck.unknown)} line(s) not understood (left out)"
    return DeckChoice(label, crypt, lib, note)


class _Row:
    def __init__(self, dlg: "NewGameDialog", i: int, grid: QGridLayout) -> None:
        self.dlg = dlg
        self.name = QLineEdit()
        self.name.setObjectName(f"playerName{i}")
        self.name.setMinimumWidth(130)
        self.number = QLabel(f"{i + 1}.")
        self.deck = QComboBox()
        self.deck.setObjectName(f"playerDeck{i}")
        self.deck.setMinimumWidth(260)
        self.note = QLabel()
        self.note.setObjectName(f"playerNote{i}")
        self.choice: DeckChoice | None = None
        grid.addWidget(self.number, i, 0)
        grid.addWidget(self.name, i, 1)
        grid.addWidget(self.deck, i, 2)
        grid.addWidget(self.note, i, 3)
        self._fill()
        self.deck.activated.connect(self._picked)

    def _fill(self) -> None:
        self.deck.blockSignals(True)
        self.deck.clear()
        self.deck.addItem("Choose a deck…", None)
        self.deck.addItem("Open a deck file…", CHOOSE)
        self.deck.addItem("Paste a deck list…", PASTE)
        self.deck.addItem("Sample deck", SAMPLE)
        for p in self.dlg.settings.recent_decks:
            if Path(p).is_file():
                self.deck.addItem(f"Recent: {Path(p).name}", p)
        self.deck.blockSignals(False)

    def widgets(self):
        return (self.number, self.name, self.deck, self.note)

    def _picked(self, index: int) -> None:
        data = self.deck.itemData(index)
        try:
            if data == CHOOSE:
                path, _ = QFileDialog.getOpenFileName(self.dlg, "Open a deck", str(Path.home()), DECK_FILTER)
                if not path:
                    return
                self.set_choice(read_choice(self.dlg.db, path=path), path)
            elif data == PASTE:
                from vtes_desktop.ui.paste_deck_dialog import PasteDeckDialog

                text = PasteDeckDialog.get_text(self.dlg)
                if text:
                    self.set_choice(read_choice(self.dlg.db, text=text))
            elif data == SAMPLE:
                self.set_choice(sample_deck(self.dlg.db))
            elif data:
                self.set_choice(read_choice(self.dlg.db, path=data), data)
        except ValueError as e:
            self.choice = None
            self.note.setText(f"Cannot use this deck: {e}")
        self.dlg.revalidate()

    def set_choice(self, choice: DeckChoice, path: str | None = None) -> None:
        self.choice = choice
        self.note.setText(f"{choice.label}: {choice.note}")
        if path:
            from vtes_desktop.ui.table import table_settings

            table_settings.remember_deck(self.dlg.settings, path)
            label = f"Recent: {Path(path).name}"
            if self.deck.findText(label) < 0:
                self.deck.addItem(label, str(Path(path).resolve()))
            self.deck.setCurrentIndex(self.deck.findText(label))
        elif choice.label == "Sample deck":
            self.deck.setCurrentIndex(self.deck.findData(SAMPLE))


class NewGameDialog(QDialog):
    def __init__(self, db, settings, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("newGameDialog")
        self.setWindowTitle("New game")
        self.db = db
        self.settings = settings
        v = QVBoxLayout(self)
        form = QFormLayout()
        self.count = QSpinBox()
        self.count.setObjectName("playerCount")
        self.count.setRange(2, 6)
        self.count.setValue(max(2, min(6, len(settings.players) or 4)))
        self.count.valueChanged.connect(self._show_rows)
        form.addRow("Players", self.count)
        v.addLayout(form)
        box = QGroupBox("Seating order: each player's prey is the next one")
        grid = QGridLayout(box)
        self.rows = [_Row(self, i, grid) for i in range(6)]
        for i, r in enumerate(self.rows):
            r.name.setText(settings.players[i] if i < len(settings.players) else DEFAULT_NAMES[i])
            r.name.textChanged.connect(self.revalidate)
        v.addWidget(box)
        same = QPushButton("Give everyone the first player's deck")
        same.setObjectName("sameDeck")
        same.clicked.connect(self.same_deck_for_all)
        row = QHBoxLayout()
        row.addWidget(same)
        row.addStretch(1)
        v.addLayout(row)
        seat = QHBoxLayout()
        self.random_seating = QRadioButton("Random seating")
        self.random_seating.setObjectName("randomSeating")
        self.fixed_seating = QRadioButton("Seat in this order")
        self.random_seating.setChecked(True)
        seat.addWidget(self.random_seating)
        seat.addWidget(self.fixed_seating)
        seat.addStretch(1)
        v.addLayout(seat)
        opts = QFormLayout()
        self.seed = QLineEdit()
        self.seed.setObjectName("seed")
        self.seed.setPlaceholderText("random (a number replays the same shuffles)")
        self.seed.textChanged.connect(self.revalidate)
        opts.addRow("Seed", self.seed)
        self.privacy = QCheckBox("Privacy screen between seats (hot-seat: hands stay hidden)")
        self.privacy.setChecked(settings.privacy_screen)
        opts.addRow("", self.privacy)
        v.addLayout(opts)
        self.problem = QLabel()
        self.problem.setObjectName("newGameProblem")
        self.problem.setWordWrap(True)
        v.addWidget(self.problem)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start the game")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        v.addWidget(self.buttons)
        self._show_rows()

    def _show_rows(self) -> None:
        n = self.count.value()
        for i, r in enumerate(self.rows):
            for w in r.widgets():
                w.setVisible(i < n)
        self.revalidate()

    def same_deck_for_all(self) -> None:
        first = self.rows[0]
        if first.choice is None:
            return
        for r in self.rows[1:]:
            r.choice = first.choice
            r.note.setText(f"{first.choice.label}: {first.choice.note}")
            r.deck.setCurrentIndex(first.deck.currentIndex())
        self.revalidate()

    def players(self) -> list[_Row]:
        return self.rows[:self.count.value()]

    def problems(self) -> list[str]:
        out = []
        names = [r.name.text().strip() for r in self.players()]
        if any(not n for n in names):
            out.append("Every player needs a name.")
        if len(set(names)) != len(names):
            out.append("Two players have the same name.")
        for r in self.players():
            if r.choice is None:
                out.append(f"{r.name.text().strip() or 'A player'} has no deck yet.")
        t = self.seed.text().strip()
        if t and not t.isdigit():
            out.append("The seed is a whole number (or empty for a random one).")
        return out

    def revalidate(self) -> None:
        probs = self.problems()
        self.problem.setText("\n".join(probs))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not probs)

    def _accept(self) -> None:
        if not self.problems():
            self.settings.players = [r.name.text().strip() for r in self.players()]
            self.accept()

    def result_spec(self) -> NewGame:
        t = self.seed.text().strip()
        return NewGame(players=[PlayerSpec(r.name.text().strip(), list(r.choice.crypt), list(r.choice.library))
                                for r in self.players()],
                       random_seating=self.random_seating.isChecked(), seed=int(t) if t else None)
