"""CI gate over `deck check --json` on the TWDA sample.

Fails when any deck has an unknown card, or when its crypt or library count
differs from the total the file itself states ("Crypt (12 cards...", "Library (90 cards)").
Reads the JSON, not the exit status (one sample deck is invalid by design).
"""

import json
import re
import sys
from pathlib import Path

report = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
folder = Path(sys.argv[2])
files = sorted(folder.glob("*.txt"))
by_name = {Path(r["file"]).name: r for r in report}
bad = []
if len(by_name) != len(files):
    bad.append(f"report covers {len(by_name)} decks, folder holds {len(files)}")
for f in files:
    r = by_name.get(f.name)
    if r is None:
        bad.append(f"{f.name}: missing from the report")
        continue
    text = f.read_text(encoding="utf-8", errors="replace")
    crypt = re.search(r"^Crypt \((\d+) cards", text, re.M)
    lib = re.search(r"^Library \((\d+) cards", text, re.M)
    if r.get("unknown"):
        bad.append(f"{f.name}: unknown {r['unknown']}")
    if crypt and int(crypt.group(1)) != r.get("crypt_count"):
        bad.append(f"{f.name}: crypt {r.get('crypt_count')} != stated {crypt.group(1)}")
    if lib and int(lib.group(1)) != r.get("library_count"):
        bad.append(f"{f.name}: library {r.get('library_count')} != stated {lib.group(1)}")
invalid = sorted(Path(r["file"]).name for r in report if not r.get("valid"))
print(f"{len(files)} decks checked; invalid: {', '.join(invalid) or 'none'}")
if bad:
    print("\n".join(bad[:50]))
    print(f"{len(bad)} problem(s)")
    sys.exit(1)
print("deck gate passed")
