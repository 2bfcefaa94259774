"""The rules assist's settings: how the table treats the rules, each player's stops, the last call.

No Qt. Kept in `assist.json` beside the table's settings, written atomically;
a missing or broken file gives the defaults.

Modes (the table setting of issue 9):

- `enforced`: the engine refuses illegal moves; legal plays are lit, previews shown.
- `manual`: every move is allowed: a gesture the engine refuses becomes a manual
  move (logged as such); legal plays are still lit.
- `off`: the rules are enforced, but nothing is lit and nothing previewed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from vtes_desktop.ui.json_store import read_json, write_json

FILE_NAME = "assist.json"
MODES = ("enforced", "manual", "off")
MODE_LABELS = {
    "enforced": "Rules enforced (legal plays lit)",
    "manual": "Manual: every move allowed, logged as manual (legal plays lit)",
    "off": "Assist off: rules enforced, nothing lit",
}
LAST_CALL_SECONDS = 8


@dataclass
class AssistSettings:
    mode: str = "enforced"
    #: player name -> the windows where that player wants to stop (never passed for automatically)
    stops: dict[str, list[str]] = field(default_factory=dict)
    last_call: bool = False
    last_call_seconds: int = LAST_CALL_SECONDS

    @property
    def lights(self) -> bool:
        return self.mode != "off"

    @property
    def manual(self) -> bool:
        return self.mode == "manual"


def settings_path() -> Path:
    from vtes_desktop.ui.settings import config_dir

    return config_dir() / FILE_NAME


def load(path: Path | None = None) -> AssistSettings:
    path = path or settings_path()
    s = AssistSettings()
    doc = read_json(path, "assist settings")
    if doc is None:
        return s
    if doc.get("mode") in MODES:
        s.mode = doc["mode"]
    stops = doc.get("stops")
    if isinstance(stops, dict):
        s.stops = {str(k): [str(w) for w in v if isinstance(w, str)] for k, v in stops.items() if isinstance(v, list)}
    if isinstance(doc.get("last_call"), bool):
        s.last_call = doc["last_call"]
    if isinstance(doc.get("last_call_seconds"), int) and 2 <= doc["last_call_seconds"] <= 60:
        s.last_call_seconds = doc["last_call_seconds"]
    return s


def save(s: AssistSettings, path: Path | None = None) -> bool:
    path = path or settings_path()
    return write_json(path, asdict(s), "assist settings")
