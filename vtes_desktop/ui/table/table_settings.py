"""The table's own settings: card images folder, privacy screen, automatic passes, recent decks.

Kept in `table.json` beside the window's settings (`ui/settings.py`), written
atomically; a missing or broken file gives the defaults. No Qt here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from vtes_desktop.ui.json_store import read_json, write_json

FILE_NAME = "table.json"
MAX_RECENT = 12


@dataclass
class TableSettings:
    card_images: str = ""           # a folder of card images (empty: draw every card from the data)
    privacy_screen: bool = True     # hot-seat: hide the table while the screen changes hands
    auto_pass: bool = True          # hot-seat: seats with nothing to do but pass pass by themselves
    recent_decks: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)   # the names used last time


def settings_path() -> Path:
    from vtes_desktop.ui.settings import config_dir

    return config_dir() / FILE_NAME


def load(path: Path | None = None) -> TableSettings:
    path = path or settings_path()
    s = TableSettings()
    doc = read_json(path, "table settings")
    if doc is None:
        return s
    for f in fields(TableSettings):
        v = doc.get(f.name)
        if isinstance(getattr(s, f.name), bool) and isinstance(v, bool):
            setattr(s, f.name, v)
        elif isinstance(getattr(s, f.name), str) and isinstance(v, str):
            setattr(s, f.name, v)
        elif isinstance(getattr(s, f.name), list) and isinstance(v, list):
            setattr(s, f.name, [str(x) for x in v if isinstance(x, str)][:MAX_RECENT])
    return s


def save(s: TableSettings, path: Path | None = None) -> bool:
    path = path or settings_path()
    return write_json(path, asdict(s), "table settings")


def remember_deck(s: TableSettings, path: str) -> None:
    p = str(Path(path).resolve())
    s.recent_decks = [p] + [d for d in s.recent_decks if d != p][:MAX_RECENT - 1]
