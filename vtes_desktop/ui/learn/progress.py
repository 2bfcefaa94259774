"""What the learner finished: `learn.json` in the user data folder ($VTES_DESKTOP_DATA, else the platform's).

{"format": 1, "done": {"05-bleeding-and-the-edge.yaml": {"hints": 1, "shown": false}}}
Keys are the course index's file paths. Read forgivingly: a broken file is an empty progress.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

FILE = "learn.json"


def data_dir() -> Path:
    env = os.environ.get("VTES_DESKTOP_DATA")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("vtes-desktop", appauthor=False))


class Progress:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / FILE
        self.done: dict[str, dict] = {}
        try:
            doc = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(doc, dict) and isinstance(doc.get("done"), dict):
                self.done = {str(k): (v if isinstance(v, dict) else {}) for k, v in doc["done"].items()}
        except (OSError, ValueError):
            pass

    def is_done(self, file: str) -> bool:
        return file in self.done

    def mark(self, file: str, *, hints: int = 0, shown: bool = False) -> None:
        self.done[file] = {"hints": hints, "shown": shown}
        self.save()

    def forget(self) -> None:
        self.done = {}
        self.save()

    def save(self) -> bool:
        from vtes_desktop.ui.json_store import write_json

        return write_json(self.path, {"format": 1, "done": self.done}, "lesson progress")
