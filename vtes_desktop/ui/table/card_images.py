"""An optional folder of card images, used where an image exists.

Files are found by the names image packs use: the card's VEKN id
(`201362.jpg`), or its name folded to lower-case letters and digits
(`theobell.jpg`, `theobelladv.jpg`, as the KRCG image set spells them), in
JPEG, PNG or WebP. Images are read once and kept in a small cache.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

from PySide6.QtGui import QPixmap

from vtes_desktop.cards.model import CardDef

EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp")


def fold(name: str) -> str:
    s = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in s.lower() if ch.isascii() and ch.isalnum())


def candidates(card: CardDef) -> list[str]:
    names = [str(card.id), fold(card.display), fold(card.name)]
    if card.name.endswith(", The"):
        names.append(fold("The " + card.name[:-5]))
    return list(dict.fromkeys(n for n in names if n))


class CardImages:
    def __init__(self, folder: str | Path | None) -> None:
        self.folder = Path(folder) if folder else None
        self._index: dict[str, Path] | None = None

    @property
    def enabled(self) -> bool:
        return self.folder is not None and self.folder.is_dir()

    def _files(self) -> dict[str, Path]:
        if self._index is None:
            self._index = {}
            if self.enabled:
                for p in self.folder.iterdir():
                    if p.suffix.lower() in EXTENSIONS:
                        self._index.setdefault(p.stem.lower(), p)
        return self._index

    def path_for(self, card: CardDef) -> Path | None:
        files = self._files()
        for n in candidates(card):
            if n in files:
                return files[n]
        return None

    def pixmap(self, card: CardDef) -> QPixmap | None:
        p = self.path_for(card) if self.enabled else None
        return _load(str(p)) if p else None


@lru_cache(maxsize=256)
def _load(path: str) -> QPixmap | None:
    pm = QPixmap(path)
    return None if pm.isNull() else pm
