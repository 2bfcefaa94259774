"""Table talk: quick phrases, and the cleaning every chat line and name gets on the host."""

from __future__ import annotations

import unicodedata

from vtes_desktop.net.protocol import CHAT_MAX, NAME_MAX

#: one-click phrases the table offers (a client sends them as ordinary chat text)
QUICK_PHRASES = (
    "No block.",
    "Block!",
    "Bleed for 3.",
    "Take the Edge.",
    "No wakes.",
    "Go ahead.",
    "Wait, please.",
    "Any reactions?",
    "Good game!",
)


def clean_text(text: str, limit: int = CHAT_MAX) -> str:
    """One line of printable text: control and format characters go, runs of spaces become one."""
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat[0] == "C" or cat in ("Zl", "Zp"):
            out.append(" ")
        else:
            out.append(ch)
    return " ".join("".join(out).split())[:limit]


def clean_name(name: str) -> str:
    return clean_text(name, NAME_MAX)
