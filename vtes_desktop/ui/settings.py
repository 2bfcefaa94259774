"""The window's settings: geometry, theme and last deck, in a small JSON file.

The file lives in `$VTES_DESKTOP_CONFIG` when set, else in the platform's user
config directory. It is written atomically (temporary file, then rename). A
missing, unreadable or corrupt file gives the defaults: settings are never
worth refusing to start for. No Qt here: geometry is kept as base64 text.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from vtes_desktop.ui.json_store import read_json, write_json

FILE_NAME = "settings.json"
VERSION = 1
THEMES = ("dark", "light")


@dataclass
class Settings:
    theme: str = "dark"
    geometry: str = ""       # base64 of QWidget.saveGeometry()
    splitter: str = ""       # base64 of QSplitter.saveState()
    last_deck: str = ""      # path of the last deck file opened


def config_dir() -> Path:
    env = os.environ.get("VTES_DESKTOP_CONFIG")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_config_dir("vtes-desktop", appauthor=False))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults for anything missing or malformed."""
    path = path or settings_path()
    doc = read_json(path, "settings")
    if doc is None:
        return Settings()
    s = Settings()
    for f in fields(Settings):
        v = doc.get(f.name)
        if isinstance(v, str):
            setattr(s, f.name, v)
    if s.theme not in THEMES:
        s.theme = Settings.theme
    return s


def save_settings(s: Settings, path: Path | None = None) -> bool:
    """Write *s* atomically; False (and a note on stderr) when the folder is not writable."""
    path = path or settings_path()
    return write_json(path, {"version": VERSION, **asdict(s)}, "settings")
