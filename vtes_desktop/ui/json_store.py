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
