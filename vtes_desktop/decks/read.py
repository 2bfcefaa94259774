"""Read a deck from a file or pasted text, whatever tool wrote it."""

from __future__ import annotations

import os
import weakref
from pathlib import Path

from vtes_desktop.cards import CardDB
from vtes_desktop.decks import ardbxml, text
from vtes_desktop.decks.decode import MAX_BYTES, decode
from vtes_desktop.decks.model import Deck, DeckError
from vtes_desktop.decks.resolve import Resolver

_resolvers: weakref.WeakKeyDictionary[CardDB, Resolver] = weakref.WeakKeyDictionary()


def resolver_for(db: CardDB) -> Resolver:
    """The `Resolver` of *db*, built once (it indexes the crypt columns' vocabulary)."""
    r = _resolvers.get(db)
    if r is None:
        r = _resolvers[db] = Resolver(db)
    return r


def read_deck(data: bytes | str, db: CardDB) -> Deck:
    """The deck in *data* (the bytes of a file, or pasted text), in any layout we know.

    `Deck.format` says which layout was recognised. Raises DeckError when
    *data* is not a deck list (empty, binary, too large, broken XML, no card
    entry at all); unknown card names do not raise, they are in `Deck.unknown`.
    """
    content, encoding, notes = decode(data)
    resolver = resolver_for(db)
    if ardbxml.looks_like_xml(content):
        return ardbxml.parse(content, resolver, encoding=encoding, notes=notes)
    deck = text.parse(content, resolver, encoding=encoding, notes=notes)
    if not deck.crypt and not deck.library and not deck.unknown:
        raise DeckError("no card list found: no line reads as a card entry "
                        "(expected lines like '2x Card Name' or a crypt and library list)")
    return deck


def load_deck(path: str | os.PathLike[str], db: CardDB) -> Deck:
    """The deck in the file at *path*; DeckError names the problem when it cannot be read."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if p.is_dir():
            raise DeckError(f"{p} is a folder, not a deck file")
        if size > MAX_BYTES:
            raise DeckError(f"the file is {size / 1_000_000:.1f} MB; a deck list is at most "
                            f"{MAX_BYTES / 1_000_000:.1f} MB, so this is not one")
        data = p.read_bytes()
    except FileNotFoundError:
        raise DeckError(f"no such file: {p}") from None
    except PermissionError:
        raise DeckError(f"permission denied reading {p}") from None
    except IsADirectoryError:
        raise DeckError(f"{p} is a folder, not a deck file") from None
    except OSError as e:
        raise DeckError(f"cannot read {p}: {e.strerror or e}") from None
    return read_deck(data, db)
