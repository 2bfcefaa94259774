"""Layout constants: window, panes, spacing, badge and icon sizes, timings.

Sizes are in device-independent pixels; Qt scales them on high-DPI screens and
everything drawn from them is vector painting, so nothing is a scaled bitmap.
"""

from __future__ import annotations

#: The window's size on a first start (later starts restore the saved geometry).
WINDOW_SIZE = (1320, 820)
WINDOW_MIN_SIZE = (900, 560)
#: Browser | card face | deck, on a first start.
SPLITTER_SIZES = (360, 500, 420)

MARGIN = 10          # around panes
SPACING = 8          # between widgets in a pane
FACE_PADDING = 16    # inside the card face frame
FACE_RADIUS = 10     # the card face frame's corners
FACE_MIN_WIDTH = 380

#: Point size added to the application font for the card name, headings, card text and small print.
NAME_POINT_DELTA = 7
HEADING_POINT_DELTA = 1
TEXT_POINT_DELTA = 1
SMALL_POINT_DELTA = -1

#: Discipline badges: height, minimum width, corner radius, border width.
BADGE_HEIGHT = 24
BADGE_MIN_WIDTH = 42
BADGE_RADIUS = 6
BADGE_BORDER = 1.6
BADGE_SPACING = 5

#: Cost icons (pool, blood, conviction) and the capacity disc.
COST_ICON_SIZE = 30
CAPACITY_SIZE = 46

#: Rows of the results list: vertical padding around the two text lines.
LIST_ROW_PADDING = 5
LIST_DISC_GAP = 3

#: Wait after the last key stroke before searching.
SEARCH_DEBOUNCE_MS = 140

#: The deck panel's problem list grows to this height, then scrolls.
PROBLEMS_MAX_HEIGHT = 200
#: Vertical padding of a deck row.
DECK_ROW_PADDING = 2
