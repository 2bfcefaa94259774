"""Themes: a Qt palette plus the card face's colours, read from `resources/themes/NAME.json`.

A theme file has a `palette` (QPalette role names, `Disabled:Role` for the
disabled group) and `colors` (named colours the card face, badges and messages
use). A missing or broken theme file falls back to the style's own palette and
`FALLBACK_COLORS`, so the window always opens.
"""

from __future__ import annotations

import colorsys
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtGui import QColor, QPalette

from vtes_desktop.cards.model import DISCIPLINES

#: Used for any colour a theme file does not name.
FALLBACK_COLORS: dict[str, str | float] = {
    "muted": "#8c8c8c", "error": "#e05555", "warning": "#c89020", "info": "#4a80d0",
    "card_background": "#808080", "card_border": "#606060", "crypt_band": "#7a1c2a",
    "library_band": "#34425e", "band_text": "#ffffff", "heading": "#a08050", "rule": "#707070",
    "blood": "#b3122a", "blood_text": "#ffffff", "pool": "#2b2c31", "pool_text": "#ffffff",
    "conviction": "#b08a1e", "conviction_text": "#ffffff", "capacity": "#a5162a",
    "capacity_text": "#ffffff", "life": "#2a7052", "banned": "#d01c30",
    "badge_inferior_background": "#ffffff", "badge_superior_text": "#ffffff",
    "discipline_saturation": 0.65, "discipline_value": 0.7,
}

_ORDER = list(dict.fromkeys(DISCIPLINES.values()))


def resources_dir() -> Path:
    """The `resources` folder (themes, icons, lessons), wherever the app runs from.

    - an installed wheel: `vtes_desktop/resources` (setup.py maps the top-level
      `resources/` there);
    - the release bundle: the same place under the bundle's folder
      (`sys._MEIPASS`, see packaging/vtes-desktop.spec);
    - a checkout or an editable install: the repository's top-level `resources/`.
    """
    here = Path(__file__).resolve().parent.parent   # the vtes_desktop package
    cands = [here / "resources", here.parent / "resources"]
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        cands.insert(0, Path(frozen) / "vtes_desktop" / "resources")
    for cand in cands:
        if (cand / "themes").is_dir():
            return cand
    return here.parent / "resources"


@dataclass
class Theme:
    key: str                                   # "dark", "light"
    name: str = ""
    palette: dict[str, str] = field(default_factory=dict)
    colors: dict[str, str | float] = field(default_factory=dict)

    def color(self, name: str) -> QColor:
        return QColor(str(self.colors.get(name, FALLBACK_COLORS.get(name, "#ff00ff"))))

    def hex(self, name: str) -> str:
        return self.color(name).name()

    def number(self, name: str) -> float:
        v = self.colors.get(name, FALLBACK_COLORS.get(name, 0.5))
        return float(v) if isinstance(v, (int, float)) else 0.5

    def discipline_color(self, trigram: str) -> QColor:
        """A stable hue per discipline, spread round the colour wheel; brightness from the theme."""
        t = trigram.lower()
        i = _ORDER.index(t) if t in _ORDER else sum(map(ord, t))
        hue = (i * 0.381966) % 1.0   # the golden angle keeps neighbours apart
        r, g, b = colorsys.hsv_to_rgb(hue, self.number("discipline_saturation"), self.number("discipline_value"))
        return QColor.fromRgbF(r, g, b)

    def qpalette(self, base: QPalette) -> QPalette:
        """*base* with the theme's roles set: `Role` for every group, then `Group:Role` overrides."""
        pal = QPalette(base)
        plain = [(k, v) for k, v in self.palette.items() if ":" not in k]
        grouped = [(k, v) for k, v in self.palette.items() if ":" in k]
        for key, value in plain + grouped:
            group_name, _, role_name = key.rpartition(":")
            role = getattr(QPalette.ColorRole, role_name, None)
            group = getattr(QPalette.ColorGroup, group_name, None) if group_name else None
            if role is None or (group_name and group is None):
                continue
            if group is None:
                pal.setColor(role, QColor(value))
            else:
                pal.setColor(group, role, QColor(value))
        return pal


def load_theme(key: str) -> Theme:
    path = resources_dir() / "themes" / f"{key}.json"
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        palette = {str(k): str(v) for k, v in dict(doc.get("palette", {})).items()}
        colors = {**FALLBACK_COLORS, **dict(doc.get("colors", {}))}
        return Theme(key, str(doc.get("name", key.title())), palette, colors)
    except (OSError, ValueError, TypeError, AttributeError) as e:
        print(f"vtes-desktop: theme {key!r} not loaded ({e}); using the default palette", file=sys.stderr)
        return Theme(key, key.title(), {}, dict(FALLBACK_COLORS))


def apply_theme(app, theme: Theme) -> None:
    """Give *app* the theme's palette on the Fusion style (the same look on every platform)."""
    if app.style().name().lower() != "fusion":
        app.setStyle("Fusion")
    app.setPalette(theme.qpalette(app.style().standardPalette()))
