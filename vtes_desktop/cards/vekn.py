"""Read the VEKN card lists (the CSV files krcg ships, or ones a user downloaded).

This is the build step of our card database: it runs on a cold start, on
`cards import-vekn`, and never on a warm start. It does not import krcg: it
finds krcg's data folder (a top-level package named `cards`) without
importing it, and reads the files itself, so nothing can reach the network.
"""

from __future__ import annotations

import csv
import hashlib
import importlib.util
import io
import re
from pathlib import Path

from vtes_desktop.cards.model import DISCIPLINES, SECTS, TITLE_VOTES, CardDef, Ruling

CRYPT_CSV = "vtescrypt.csv"
LIBRARY_CSV = "vteslib.csv"
META_CSV = "vteslibmeta.csv"
RULINGS_YAML = "rulings.yaml"
REFERENCES_YAML = "references.yaml"
SOURCE_FILES = (CRYPT_CSV, LIBRARY_CSV, META_CSV, RULINGS_YAML, REFERENCES_YAML)


class VeknDataError(Exception):
    """The VEKN files are missing or do not have the expected columns."""


def krcg_data_dir() -> Path | None:
    """krcg's data folder, found without importing krcg or its `cards` package.

    Another package named `cards` earlier on the path (a test folder, say) must not hide it, so when the
    first `cards` found holds no VEKN lists, every entry of the path is looked at.
    """
    import sys

    candidates: list[Path] = []
    try:
        spec = importlib.util.find_spec("cards")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        candidates += [Path(loc) for loc in spec.submodule_search_locations]
    candidates += [Path(entry) / "cards" for entry in sys.path if entry]
    for p in candidates:
        if (p / CRYPT_CSV).is_file() and (p / LIBRARY_CSV).is_file():
            return p
    return None


def source_key(folder: Path) -> str:
    """A cheap key for the data in *folder*: names, sizes and modification times."""
    h = hashlib.blake2b(digest_size=10)
    for name in SOURCE_FILES:
        p = folder / name
        try:
            st = p.stat()
        except OSError:
            continue
        h.update(f"{name}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def _read_csv(path: Path, required: set[str]) -> list[dict[str, str]]:
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise VeknDataError(f"cannot read {path}: {e.strerror or e}") from None
    for enc in ("utf-8-sig", "cp1252", "latin-1"):
        try:
            text = raw.decode(enc)
            break
        except UnicodeDecodeError:
            continue
    rows = list(csv.DictReader(io.StringIO(text)))
    if not rows:
        raise VeknDataError(f"{path.name} holds no cards")
    missing = required - set(rows[0])
    if missing:
        raise VeknDataError(f"{path.name} lacks the column(s) {', '.join(sorted(missing))}")
    return rows


_SECT_RE = re.compile(r"^(?:Advanced,\s*)?(Camarilla|Sabbat|Anarch|Independent|Laibon)\b")
_TITLE_WORDS = sorted((t for t in TITLE_VOTES if "vote" not in t), key=len, reverse=True)


def derive_sect(text: str) -> str | None:
    """The sect a vampire's text opens with: "Camarilla Prince of Copenhagen: ..." is Camarilla."""
    m = _SECT_RE.match(text.strip())
    return m.group(1) if m else None


def derive_title(title_col: str, text: str) -> str | None:
    if title_col:
        return title_col.strip().lower()
    head = re.split(r"[:.]", text, maxsplit=1)[0].lower()
    for t in _TITLE_WORDS:
        if re.search(rf"\b{t}\b", head):
            return t
    return None


def _none(s: str) -> str | None:
    s = (s or "").strip()
    return s or None


def _disciplines_of_library(field: str) -> tuple[tuple[str, ...], bool]:
    field = field.strip()
    if not field:
        return (), True
    both = "&" in field
    parts = re.split(r"\s*[/&]\s*", field)
    return tuple(DISCIPLINES.get(p.strip(), p.strip().lower()[:3]) for p in parts if p.strip()), not both


def _split(s: str, sep: str) -> tuple[str, ...]:
    return tuple(x.strip() for x in s.split(sep) if x.strip())


def display_names(rows: list[dict[str, str]]) -> dict[str, str]:
    """Display names for crypt cards: "The Dowager", "Theo Bell (ADV)", "Theo Bell (G6)".

    Where several vampires share a name, the one with the lowest group keeps the
    plain name (as players and krcg write it) and the later ones carry their group.
    """
    by_name: dict[str, list[dict[str, str]]] = {}
    for r in rows:
        by_name.setdefault(r["Name"], []).append(r)
    out: dict[str, str] = {}
    for name, group in by_name.items():
        base = natural_name(name)
        groups_nonadv = sorted({r["Group"] for r in group if not r.get("Adv")}, key=_group_order)
        groups_adv = sorted({r["Group"] for r in group if r.get("Adv")}, key=_group_order)
        for r in group:
            adv = bool(r.get("Adv"))
            pool = groups_adv if adv else groups_nonadv
            label = base + (" (ADV)" if adv else "")
            if pool and r["Group"] != pool[0]:
                label = f"{base} (G{r['Group']}{' ADV' if adv else ''})"
            out[r["Id"]] = label
    return out


def _group_order(g: str) -> int:
    return int(g) if g.isdigit() else 99


def natural_name(name: str) -> str:
    """`Dowager, The` -> `The Dowager` (only a trailing article moves)."""
    m = re.match(r"^(.*),\s*(The|A|An)$", name.strip())
    return f"{m.group(2)} {m.group(1)}" if m else name.strip()


def read_cards(folder: Path) -> list[CardDef]:
    """All cards of the VEKN lists in *folder*: crypt first, then library."""
    crypt = _read_csv(folder / CRYPT_CSV, {"Id", "Name", "Type", "Clan", "Capacity", "Disciplines", "Card Text", "Group"})
    library = _read_csv(folder / LIBRARY_CSV, {"Id", "Name", "Type", "Clan", "Discipline", "Card Text"})
    meta: dict[str, tuple[str, ...]] = {}
    if (folder / META_CSV).is_file():
        for r in _read_csv(folder / META_CSV, {"Id", "Requirement"}):
            meta[r["Id"]] = _split(r["Requirement"], ",")

    cards: list[CardDef] = []
    names = display_names(crypt)
    for r in crypt:
        text = r["Card Text"].strip()
        discs = tuple(d for d in r["Disciplines"].split() if d != "-none-")
        cap = r["Capacity"].strip()
        cards.append(CardDef(
            id=int(r["Id"]), name=r["Name"].strip(), display=names[r["Id"]],
            types=_split(r["Type"], "/"), text=text, clans=_split(r["Clan"], "/"),
            disciplines=discs, capacity=int(cap) if cap.lstrip("-").isdigit() else None,
            group=_none(r["Group"]), advanced=bool(r.get("Adv", "").strip()),
            title=derive_title(r.get("Title", ""), text), sect=derive_sect(text),
            path=_none(r.get("Path", "")), sets=_split(r.get("Set", ""), ","),
            banned=_none(r.get("Banned", "")), aka=_split(r.get("Aka", ""), ";"),
            artist=r.get("Artist", "").strip(),
        ))
    for r in library:
        discs, any_ = _disciplines_of_library(r["Discipline"])
        cards.append(CardDef(
            id=int(r["Id"]), name=r["Name"].strip(), display=natural_name(r["Name"]),
            types=_split(r["Type"], "/"), text=r["Card Text"].strip(), clans=_split(r["Clan"], "/"),
            disciplines=discs, discipline_any=any_, path=_none(r.get("Path", "")),
            pool_cost=_none(r.get("Pool Cost", "")), blood_cost=_none(r.get("Blood Cost", "")),
            conviction_cost=_none(r.get("Conviction Cost", "")),
            capacity_change=_none(r.get("Capacity", "")),
            burn_option=bool(r.get("Burn Option", "").strip()),
            requirements=meta.get(r["Id"], ()), sets=_split(r.get("Set", ""), ","),
            banned=_none(r.get("Banned", "")), aka=_split(r.get("Aka", ""), ";"),
            artist=r.get("Artist", "").strip(), flavor=r.get("Flavor Text", "").strip(),
        ))
    return cards


_REF_RE = re.compile(r"\[([A-Z]{3} \d{8}(?:-\d+)?)\]")


def read_rulings(folder: Path) -> dict[int, list[Ruling]]:
    """Rulings by card id, each with its references (label, url). Group rulings are spread to their cards."""
    path = folder / RULINGS_YAML
    if not path.is_file():
        return {}
    from ruamel.yaml import YAML  # build step only

    yaml = YAML(typ="safe", pure=False)
    data = yaml.load(path.read_text(encoding="utf-8")) or {}
    refs: dict[str, str] = {}
    if (folder / REFERENCES_YAML).is_file():
        refs = {str(k): str(v) for k, v in (yaml.load((folder / REFERENCES_YAML).read_text(encoding="utf-8")) or {}).items()}
    groups: dict[str, list[tuple[int, str]]] = {}
    if (folder / "groups.yaml").is_file():
        for gkey, members in (yaml.load((folder / "groups.yaml").read_text(encoding="utf-8")) or {}).items():
            gid = str(gkey).split("|")[0]
            groups[gid] = [(int(str(k).split("|")[0]), str(v or "")) for k, v in (members or {}).items()]
    out: dict[int, list[Ruling]] = {}
    for key, items in data.items():
        cid = str(key).split("|")[0]
        for text in items or []:
            text = str(text).strip()
            r = Ruling(text=text, references=tuple((lab, refs.get(lab, "")) for lab in _REF_RE.findall(text)))
            if cid.startswith("G"):
                for member, prefix in groups.get(cid, []):
                    out.setdefault(member, []).append(
                        Ruling(text=f"{prefix} {text}".strip(), references=r.references) if prefix else r)
            elif cid.isdigit():
                out.setdefault(int(cid), []).append(r)
    return out
