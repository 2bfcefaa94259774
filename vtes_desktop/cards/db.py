"""The card database the app reads at run time, and name lookup over it.

`load_db()` returns a `CardDB` handle (not a global). On a warm start it reads
our own JSON cache and never imports krcg. The cache lives in the user cache
directory (or `$VTES_DESKTOP_CACHE`), one file per (package version, data
source); it is written atomically, so concurrent first starts cannot leave a
half-written file, and a missing or corrupt cache is rebuilt.

Where the data comes from, first found wins:

1. a VEKN folder imported with `vtes-desktop cards import-vekn DIR`
   (copied to the user data directory);
2. the VEKN lists krcg ships (its top-level `cards` data folder), read
   directly from disk;
3. a prebuilt database shipped inside the package (`cards/data/carddb.json`),
   which the release bundle carries instead of krcg.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, fields
from pathlib import Path

from vtes_desktop import __version__
from vtes_desktop.cards import names
from vtes_desktop.cards.model import CardDef, Ruling

SCHEMA = 4   # bump when the cached data or the name keys change
_FIELDS = [f.name for f in fields(CardDef)]
_TUPLE_FIELDS = {f.name for f in fields(CardDef) if str(f.type).startswith("tuple")}
_IDX_TUPLE = [i for i, f in enumerate(_FIELDS) if f in _TUPLE_FIELDS]
BUNDLED_DB = Path(__file__).with_name("data") / "carddb.json"


class CardDBError(Exception):
    """The card data could not be found or read."""


class UnknownCard(KeyError):
    """A name that resolves to no card; `suggestions` holds the nearest names."""

    def __init__(self, name: str, suggestions: list[str]):
        super().__init__(name)
        self.name = name
        self.suggestions = suggestions

    def __str__(self) -> str:
        hint = f" (did you mean {', '.join(self.suggestions)}?)" if self.suggestions else ""
        return f"unknown card {self.name!r}{hint}"


@dataclass(frozen=True, slots=True)
class DBInfo:
    source: str
    key: str
    path: str
    built: bool        # built on this load (cold) rather than read from the cache


class CardDB:
    """All cards, by id and by name. Cheap to share; never mutated after load."""

    def __init__(self, cards: Iterable[CardDef], info: DBInfo | None,
                 rulings_loader: Callable[[], dict[int, list[Ruling]]] | None = None,
                 *, rows: dict[int, list] | None = None, index: dict[str, list[int]] | None = None):
        """Build from *cards*, or lazily from cached *rows* and a prebuilt name *index*."""
        self.info = info
        self._by_id: dict[int, CardDef] = {}
        self._rows: dict[int, list] = rows or {}
        self._by_key: dict[str, list[int]] = index or {}
        self._rulings_loader = rulings_loader
        self._rulings: dict[int, list[Ruling]] | None = None
        self._suggest_keys: list[str] | None = None
        for c in cards:
            self._by_id[c.id] = c
        if index is None:
            self._by_key = build_index(self._by_id.values())

    def _card(self, cid: int) -> CardDef:
        c = self._by_id.get(cid)
        if c is None:
            row = self._rows.pop(cid)
            c = self._by_id[cid] = _make(row)
        return c

    def ids(self) -> list[int]:
        return [*self._by_id, *self._rows]

    @staticmethod
    def keys_of(c: CardDef) -> Iterator[str]:
        for n in (c.name, c.display, *c.aka):
            base, _, _ = names.split_suffix(n)
            yield names.key(base)
            yield names.key(names.article_free(base))
            if "," in base:  # "Camille Devereux, The Raven" is also known as "Camille Devereux"
                head = base.split(",", 1)[0]
                if c.is_crypt and len(names.key(head)) >= 4:
                    yield "~" + names.key(head)

    # -- access ---------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._by_id) + len(self._rows)

    def __iter__(self) -> Iterator[CardDef]:
        for cid in self.ids():
            yield self._card(cid)

    def __getitem__(self, ref: int | str) -> CardDef:
        if isinstance(ref, int):
            return self._card(ref)
        found = self.lookup(ref)
        if found is None:
            raise UnknownCard(ref, self.suggest(ref))
        return found

    def get(self, card_id: int) -> CardDef | None:
        try:
            return self._card(card_id)
        except KeyError:
            return None

    @property
    def crypt(self) -> list[CardDef]:
        return [c for c in self if c.is_crypt]

    @property
    def library(self) -> list[CardDef]:
        return [c for c in self if c.is_library]

    def rulings(self, card: CardDef | int) -> list[Ruling]:
        if self._rulings is None:
            self._rulings = self._rulings_loader() if self._rulings_loader else {}
        cid = card if isinstance(card, int) else card.id
        return self._rulings.get(cid, [])

    # -- lookup ---------------------------------------------------------------
    def candidates(self, name: str) -> list[CardDef]:
        """Every card the name could mean, suffix ignored: all printings of a vampire's name."""
        base, _, _ = names.split_suffix(name)
        for k in (names.key(base), names.key(names.article_free(base)), "~" + names.key(base)):
            if k and k in self._by_key:
                return [self._card(i) for i in self._by_key[k]]
        return []

    def lookup(self, name: str, *, crypt: bool | None = None) -> CardDef | None:
        """The card *name* means, or None.

        Case, accents, punctuation and a leading or trailing article are ignored.
        `Name (ADV)` asks for the advanced vampire, `Name (G5)` for the group;
        without a group the vampire of the lowest group is meant, as players write it.
        *crypt* restricts the search to crypt (True) or library (False) cards.
        """
        if not name or not name.strip():
            return None
        if name.strip().isdigit():
            return self.get(int(name.strip()))
        base, adv, group = names.split_suffix(name)
        cands = self.candidates(name)
        if crypt is not None:
            cands = [c for c in cands if c.is_crypt == crypt]
        if not cands:
            return None
        if len(cands) == 1 and not adv and group is None:
            return cands[0]
        pick = [c for c in cands if c.advanced == adv] or (cands if not adv else [])
        if group is not None:
            pick = [c for c in pick if c.group == group] or []
        if not pick:
            return None
        # an exact display-name match wins ("Theo Bell (G6)" is a display name)
        exact = [c for c in pick if names.key(c.display) == names.key(name)]
        if exact:
            return exact[0]
        return min(pick, key=lambda c: (c.advanced != adv, _group_rank(c.group), c.id))

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The nearest card names to a misspelt *name*."""
        if self._suggest_keys is None:
            self._suggest_index = {}
            for c in self:
                self._suggest_index.setdefault(names.key(names.article_free(c.display)), c.display)
            self._suggest_keys = list(self._suggest_index)
        base, _, _ = names.split_suffix(name)
        k = names.key(names.article_free(base))
        if not k:
            return []
        import difflib

        hits = difflib.get_close_matches(k, self._suggest_keys, n=n, cutoff=0.6)
        if not hits:
            hits = [x for x in self._suggest_keys if x.startswith(k[:6])][:n] if len(k) >= 4 else []
        return [self._suggest_index[h] for h in hits]


def build_index(cards: Iterable[CardDef]) -> dict[str, list[int]]:
    index: dict[str, list[int]] = {}
    for c in cards:
        for k in CardDB.keys_of(c):
            lst = index.setdefault(k, [])
            if c.id not in lst:
                lst.append(c.id)
    return index


def _make(row: list) -> CardDef:
    for i in _IDX_TUPLE:
        row[i] = tuple(row[i])
    return CardDef(*row)


def _group_rank(g: str | None) -> int:
    return int(g) if g and g.isdigit() else 99


# -- the cache -------------------------------------------------------------------

def cache_dir() -> Path:
    env = os.environ.get("VTES_DESKTOP_CACHE")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("vtes-desktop", appauthor=False))


def data_dir() -> Path:
    env = os.environ.get("VTES_DESKTOP_DATA")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("vtes-desktop", appauthor=False))


def imported_vekn_dir() -> Path:
    return data_dir() / "vekn-import"


def _source() -> tuple[str, Path | None]:
    """(label, folder) of the VEKN data to build from; folder None means the bundled DB."""
    from vtes_desktop.cards import vekn

    imp = imported_vekn_dir()
    if (imp / vekn.CRYPT_CSV).is_file() and (imp / vekn.LIBRARY_CSV).is_file():
        return "imported VEKN lists", imp
    k = vekn.krcg_data_dir()
    if k is not None:
        return "VEKN lists shipped with krcg", k
    return "bundled database", None


def _write_atomic(path: Path, data: bytes) -> None:
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def serialize(cards: list[CardDef], source: str, key: str) -> bytes:
    rows = [[getattr(c, f) for f in _FIELDS] for c in cards]
    doc = {"schema": SCHEMA, "app": __version__, "source": source, "key": key, "fields": _FIELDS,
           "cards": rows, "index": build_index(cards)}
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def deserialize(data: bytes, info: DBInfo | None = None,
                rulings_loader: Callable[[], dict[int, list[Ruling]]] | None = None) -> tuple[CardDB, dict]:
    """A lazily built CardDB from a serialized cache: each CardDef is made on first use."""
    doc = json.loads(data)
    if doc.get("schema") != SCHEMA or doc.get("fields") != _FIELDS:
        raise CardDBError("card cache has another schema")
    rows = {row[0]: row for row in doc["cards"]}
    index = doc["index"]
    if not rows or not isinstance(index, dict):
        raise CardDBError("card cache is empty")
    return CardDB((), info, rulings_loader, rows=rows, index=index), doc


def _rulings_loader(path: Path) -> Callable[[], dict[int, list[Ruling]]]:
    def load() -> dict[int, list[Ruling]]:
        try:
            doc = json.loads(path.read_bytes())
            return {int(k): [Ruling(t, tuple(tuple(r) for r in refs)) for t, refs in v] for k, v in doc.items()}
        except (OSError, ValueError):
            return {}
    return load


def build(folder: Path, progress: Callable[[str], None] | None = None) -> tuple[list[CardDef], dict[int, list[Ruling]]]:
    from vtes_desktop.cards import vekn

    if progress:
        progress("Reading the VEKN card lists")
    cards = vekn.read_cards(folder)
    if progress:
        progress("Reading the rulings")
    try:
        rulings = vekn.read_rulings(folder)
    except Exception:  # rulings are a bonus: a broken rulings file must not stop the app
        rulings = {}
    return cards, rulings


def load_db(progress: Callable[[str], None] | None = None, *, rebuild: bool = False) -> CardDB:
    """Load the card database, building the cache first if it is missing, stale or corrupt."""
    from vtes_desktop.cards import vekn

    label, folder = _source()
    if folder is None:
        if not BUNDLED_DB.is_file():
            raise CardDBError("no card data: neither krcg's VEKN lists nor a bundled card database was found; "
                              "install krcg 4.19 or run `vtes-desktop cards import-vekn DIR`")
        db, doc = deserialize(BUNDLED_DB.read_bytes(), None, _rulings_loader(BUNDLED_DB.with_name("rulings.json")))
        db.info = DBInfo(label, doc.get("key", ""), str(BUNDLED_DB), False)
        return db

    key = f"{__version__}-{vekn.source_key(folder)}"
    cdir = cache_dir()
    path = cdir / f"carddb-{key}.json"
    rpath = cdir / f"rulings-{key}.json"
    if not rebuild:
        try:
            if rpath.is_file():
                db, _ = deserialize(path.read_bytes(), DBInfo(label, key, str(path), False), _rulings_loader(rpath))
                return db
        except (OSError, ValueError, KeyError, TypeError, CardDBError):
            pass  # missing or corrupt: rebuild
    cards, rulings = build(folder, progress)
    if progress:
        progress("Writing the card cache")
    try:
        rjson = {str(k): [[r.text, [list(x) for x in r.references]] for r in v] for k, v in rulings.items()}
        _write_atomic(rpath, json.dumps(rjson, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
        _write_atomic(path, serialize(cards, label, key))
        _prune(cdir, keep={path.name, rpath.name})
    except OSError:
        pass  # a read-only cache folder costs speed, not the app
    return CardDB(cards, DBInfo(label, key, str(path), True), lambda: rulings)


def _prune(cdir: Path, keep: set[str]) -> None:
    now = time.time()
    for p in cdir.glob("*.json"):
        if p.name not in keep and (p.name.startswith("carddb-") or p.name.startswith("rulings-")):
            try:
                if now - p.stat().st_mtime > 60:
                    p.unlink()
            except OSError:
                pass


def import_vekn(src: Path, progress: Callable[[str], None] | None = None) -> CardDB:
    """Rebuild the database from VEKN CSV files a user downloaded into *src*."""
    import shutil

    from vtes_desktop.cards import vekn

    cards = vekn.read_cards(src)  # validate before replacing anything
    dst = imported_vekn_dir()
    tmp = dst.with_name(dst.name + ".new")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    for name in vekn.SOURCE_FILES + ("groups.yaml",):
        if (src / name).is_file():
            shutil.copy2(src / name, tmp / name)
    old = dst.with_name(dst.name + ".old")
    if old.exists():
        shutil.rmtree(old)
    if dst.exists():
        os.replace(dst, old)   # keep the previous import until the new one is in place
    os.replace(tmp, dst)
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)
    db = load_db(progress, rebuild=True)
    assert len(db) == len(cards)
    return db
