"""Small JSON files in the user's folders (settings), written atomically and read forgivingly."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path


def write_json(path: Path, doc: object, what: str) -> bool:
    """Write *doc* to *path* atomically (a temporary file, then rename); False, with a note on stderr,
    when the folder is not writable. *what* names the file in that note ("settings", "table settings")."""
    data = json.dumps(doc, indent=2).encode("utf-8")
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        return True
    except OSError as e:
        print(f"vtes-desktop: could not save {what} to {path}: {e}", file=sys.stderr)
        if tmp:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False


def read_json(path: Path, what: str) -> dict | None:
    """The JSON object in *path*, or None when it is missing, unreadable or not an object (said on stderr,
    except for a missing file): settings fall back to their defaults, never fail."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        print(f"vtes-desktop: ignoring unreadable {what} {path}: {e}", file=sys.stderr)
        return None
    if not isinstance(doc, dict):
        print(f"vtes-desktop: ignoring {what} {path}: not a JSON object", file=sys.stderr)
        return None
    return doc
