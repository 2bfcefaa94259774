"""The table's colours, derived from the window's theme (dark or light).

A theme file may name any of these under `colors` (`table_felt`, ...) to
override them; otherwise each comes from the defaults for the theme's key.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

from vtes_desktop.ui.theme import Theme

_DEFAULTS = {
    "dark": {
        "table_felt": "#15261f", "table_felt_edge": "#0e1a15",
        "seat_panel": "#1b1d22", "seat_panel_local": "#1e2027", "seat_border": "#353843",
        "seat_text": "#ece8e0", "seat_muted": "#9da0a8",
        "zone_fill": "#22252c", "zone_border": "#3a3e49", "zone_label": "#8e929c",
        "impulse": "#f0bd5a", "lit": "#f0c75e", "dim": "#000000", "selected": "#8fb8ff",
        "drop_ok": "#56c271", "drop_bad": "#ff6b6b", "log_highlight": "#8fb8ff", "acting": "#ff9a3c",
        "back_crypt": "#163a33", "back_crypt_mark": "#5fae98", "back_library": "#4b1a22",
        "back_library_mark": "#c98a5a", "prey": "#56c271", "predator": "#ff7a7a",
        "contested": "#f0bd5a", "counter_other": "#c9a227", "counter_other_text": "#17181c",
        "toast": "#3a1d22", "toast_text": "#ffe9e9", "toast_border": "#ff7a7a",
    },
    "light": {
        "table_felt": "#dfe8e1", "table_felt_edge": "#c9d6cc",
        "seat_panel": "#f7f5f0", "seat_panel_local": "#fbfaf6", "seat_border": "#c9c4b9",
        "seat_text": "#1d1e22", "seat_muted": "#5f6169",
        "zone_fill": "#efece5", "zone_border": "#d3cec4", "zone_label": "#6b6d74",
        "impulse": "#c07a00", "lit": "#d99a00", "dim": "#ffffff", "selected": "#1f5fbf",
        "drop_ok": "#2e8b57", "drop_bad": "#c4162c", "log_highlight": "#1f5fbf", "acting": "#d9620b",
        "back_crypt": "#1f4d43", "back_crypt_mark": "#9fd6c4", "back_library": "#6b2430",
        "back_library_mark": "#f0c9a0", "prey": "#2e8b57", "predator": "#c4162c",
        "contested": "#a86d00", "counter_other": "#c9a227", "counter_other_text": "#17181c",
        "toast": "#fff1f0", "toast_text": "#5a0f14", "toast_border": "#c4162c",
    },
}


class TablePalette:
    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        base = _DEFAULTS.get(theme.key, _DEFAULTS["dark"])
        self._c = {k: QColor(str(theme.colors.get(k, v))) for k, v in base.items()}

    @property
    def dark(self) -> bool:
        return self.theme.key != "light"

    def __call__(self, name: str) -> QColor:
        c = self._c.get(name)
        return QColor(c) if c is not None else self.theme.color(name)
