"""`python -m vtes_desktop.cards.build_bundle OUTDIR [VEKN_DIR]`: the prebuilt card database.

The release bundle carries no krcg: it ships our own database instead, which
`load_db()` reads as `db.BUNDLED_DB` (`carddb.json`, in the cache format)
with `rulings.json` beside it. This writes both into OUTDIR from the VEKN
lists in VEKN_DIR, by default the ones krcg ships. The key names the data:
`krcg-4.19+<hash of the files>` (or `vekn+<hash>` for a folder of your own),
so the About dialog and saved games can say which card data they used.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from vtes_desktop.cards import db, vekn

CARDS_FILE = db.BUNDLED_DB.name                 # carddb.json
RULINGS_FILE = "rulings.json"


def data_key(folder: Path) -> str:
    """A key for the VEKN files in *folder*: their origin and a hash of their contents."""
    h = hashlib.sha256()
    for name in vekn.SOURCE_FILES + ("groups.yaml",):
        p = folder / name
        if p.is_file():
            h.update(name.encode() + b"\0" + p.read_bytes() + b"\0")
    origin = "vekn"
    if folder == vekn.krcg_data_dir():
        try:
            from importlib.metadata import version

            origin = f"krcg-{version('krcg')}"
        except Exception:
            origin = "krcg"
    return f"{origin}+{h.hexdigest()[:12]}"


def build_bundle(out: Path, folder: Path | None = None) -> dict:
    """Write OUT/carddb.json and OUT/rulings.json; return a summary (key, counts, paths)."""
    folder = folder or vekn.krcg_data_dir()
    if folder is None:
        raise db.CardDBError("no VEKN lists: install krcg 4.19 or name a folder of VEKN CSV files")
    cards, rulings = db.build(folder)
    if not cards:
        raise db.CardDBError(f"no cards read from {folder}")
    key = data_key(folder)
    out.mkdir(parents=True, exist_ok=True)
    label = f"VEKN lists from {key.split('+')[0]}"
    (out / CARDS_FILE).write_bytes(db.serialize(cards, label, key))
    rjson = {str(k): [[r.text, [list(x) for x in r.references]] for r in v] for k, v in rulings.items()}
    (out / RULINGS_FILE).write_bytes(json.dumps(rjson, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    return {"key": key, "cards": len(cards), "rulings": sum(map(len, rulings.values())),
            "files": [str(out / CARDS_FILE), str(out / RULINGS_FILE)]}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not 1 <= len(args) <= 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    try:
        summary = build_bundle(Path(args[0]), Path(args[1]) if len(args) > 1 else None)
    except (db.CardDBError, vekn.VeknDataError) as e:
        print(f"build_bundle: {e}", file=sys.stderr)
        return 1
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
