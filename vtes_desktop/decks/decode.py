"""Turn the bytes of a deck file into text, or say plainly why they are not one.

Deck files come from many tools and systems: UTF-8 (with or without a BOM),
UTF-16 from Windows editors, Windows-1252 from old ARDB and Lackey exports.
We read all of these, and tell the user when the file was not UTF-8. Binary
files, empty files and files far larger than any deck list are refused with
a `DeckError` that names the problem.
"""

from __future__ import annotations

import codecs

from vtes_desktop.decks.model import DeckError, LineNote

#: A deck list with a long description is a few kilobytes; the TWDA has none over 100 kB.
MAX_BYTES = 1_000_000

_MAGIC = (
    (b"%PDF", "a PDF document"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"PK\x03\x04", "a ZIP archive (or an Office document)"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"7z\xbc\xaf", "a 7-Zip archive"),
    (b"Rar!", "a RAR archive"),
    (b"\x7fELF", "a program"),
    (b"MZ", "a Windows program"),
    (b"SQLite format 3", "an SQLite database"),
)

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8", "UTF-8 with a byte-order mark"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)

# C0 controls other than tab, newline, form feed and carriage return
_CONTROL = bytes(c for c in range(32) if c not in (9, 10, 12, 13)) + b"\x7f"


def _size(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 100_000 else f"{n / 1000:.0f} kB"


def decode(data: bytes | str) -> tuple[str, str, list[LineNote]]:
    """The text of *data*, the encoding it was read with, and notes about that.

    Raises DeckError when *data* is empty, too large, binary or not text in
    any encoding we know.
    """
    if isinstance(data, str):
        if len(data) > MAX_BYTES:
            raise DeckError(f"the text is {_size(len(data))} long; a deck list is at most "
                            f"{_size(MAX_BYTES)} (is this really a deck list?)")
        if not data.strip():
            raise DeckError("the deck list is empty")
        return _check_text(data.lstrip("\ufeff")), "utf-8", []
    if not data or not data.strip():
        raise DeckError("the file is empty" if not data else "the file holds only blank space")
    if len(data) > MAX_BYTES:
        raise DeckError(f"the file is {_size(len(data))}; a deck list is at most {_size(MAX_BYTES)}, "
                        "so this is not one")
    notes: list[LineNote] = []
    for bom, codec, label in _BOMS:
        if data.startswith(bom):
            try:
                text = data[len(bom):].decode(codec)
            except UnicodeDecodeError as e:
                raise DeckError(f"the file starts with a {label} byte-order mark but is not valid {label} "
                                f"(bad bytes at offset {e.start})") from None
            if codec != "utf-8":
                notes.append(LineNote(0, f"the file is in {label}, not UTF-8; it was read as {label}"))
            return _check_text(text), codec, notes
    for magic, what in _MAGIC:
        if data.startswith(magic):
            raise DeckError(f"the file is {what}, not a deck list")
    if b"\x00" in data:
        utf16 = _utf16_without_bom(data)
        if utf16 is not None:
            notes.append(LineNote(0, "the file is in UTF-16 without a byte-order mark, not UTF-8; "
                                     "it was read as UTF-16"))
            return _check_text(utf16), "utf-16", notes
        raise DeckError("the file is binary (it holds NUL bytes), not a deck list")
    controls = sum(data.count(bytes([c])) for c in _CONTROL)
    if controls > max(2, len(data) // 100):
        raise DeckError(f"the file is binary ({controls} control bytes in {len(data)}), not a deck list")
    try:
        return _check_text(data.decode("utf-8")), "utf-8", notes
    except UnicodeDecodeError as e:
        first_bad = e.start
    text = data.decode("cp1252", errors="replace")
    if "\ufffd" in text:
        text, codec, label = data.decode("latin-1"), "latin-1", "Latin-1 (ISO-8859-1)"
    else:
        codec, label = "cp1252", "Windows-1252 (cp1252)"
    line = data.count(b"\n", 0, first_bad) + 1
    notes.append(LineNote(0, f"the file is not UTF-8 (invalid byte on line {line}); it was read as {label}"))
    return _check_text(text), codec, notes


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 text with no BOM shows NUL as every other byte (for Latin text)."""
    if len(data) < 4 or len(data) % 2:
        return None
    even, odd = data[0::2], data[1::2]
    for codec, zeros in (("utf-16-le", odd), ("utf-16-be", even)):
        if zeros.count(0) >= 0.9 * len(zeros):
            try:
                return data.decode(codec)
            except UnicodeDecodeError:
                return None
    return None


def _check_text(text: str) -> str:
    """Refuse decoded text that is mostly control characters (binary read as text)."""
    bad = sum(1 for ch in text if (ord(ch) < 32 and ch not in "\t\n\r\f") or ch == "\x7f")
    if bad > max(2, len(text) // 100):
        raise DeckError(f"the file is binary ({bad} control characters), not a deck list")
    if not text.strip():
        raise DeckError("the file holds only blank space")
    return text
