"""The table's sizes, z-values, item types and drag formats, in one place.

Units are scene units: at zoom 1 (the table fitted to the window) one scene
unit is one device-independent pixel, so a font size here is the size on
screen. Everything is painted as vectors and cached per item in device
coordinates, so high-DPI screens and zooming stay crisp.

Z-order, bottom to top (as Cockatrice's `z_values.h` keeps it):

    SEAT        the seat's panel (background, header, frame)
    ZONE        a region's outline and label
    ATTACHED    cards fanned under a minion (each a step lower than the one before)
    CARD        cards in a region (+ their index, so later cards lie on earlier ones)
    PILE        crypt, library, ash heap, removed: one item each
    TOKEN       the pool, the Edge, the blood bank
    HOVER       the card under the mouse (raised while hovered)
    GHOST       a refused drag springing back
"""

from __future__ import annotations



# -- item types (QGraphicsItem.type(): UserType + n) -------------------------------------
USER_TYPE = 65536
TYPE_SEAT = USER_TYPE + 1
TYPE_ZONE = USER_TYPE + 2
TYPE_CARD = USER_TYPE + 3
TYPE_PILE = USER_TYPE + 4
TYPE_POOL = USER_TYPE + 5
TYPE_BANK = USER_TYPE + 6
TYPE_EDGE = USER_TYPE + 7
TYPE_GHOST = USER_TYPE + 8

# -- z-values ----------------------------------------------------------------------------
Z_SEAT = 0.0
Z_ZONE = 1.0
Z_ATTACHED = 10.0     # minus 0.01 per step down the fan
Z_CARD = 20.0         # plus 0.01 per index in the region
Z_PILE = 30.0
Z_TOKEN = 40.0
Z_HOVER = 90.0
Z_GHOST = 100.0

# -- cards ---------------------------------------------------------------------------------
#: A card at scale 1 (scene units). 63 x 88 mm in print: the ratio is 1.397.
CARD_W = 112.0
CARD_H = 156.0
CARD_RADIUS = 0.055      # of the width
#: The largest and smallest scale a seat's ready cards get (fitted to the seat's room).
SCALE_MAX_LOCAL = 1.35
SCALE_MAX_OTHER = 1.25
SCALE_MIN = 0.34
#: Cards in the lower row (uncontrolled, torpor, piles) are this much of the ready row's scale.
LOWER_ROW_SCALE = 0.72
#: The local hand is this much of the ready row's scale (at most SCALE_MAX_LOCAL).
HAND_SCALE = 0.9
#: How much of an attached card shows below the card it is on (of the card height).
FAN_STEP = 0.2
#: At most this many attached cards are fanned at full step; more are squeezed.
FAN_MAX_FULL = 3
#: Gap between cards in a row, and between regions (scene units at scale 1).
CARD_GAP = 8.0
ZONE_GAP = 8.0
ZONE_PAD = 5.0
ZONE_LABEL_H = 14.0
#: Below this scale a card's text box is not drawn (name, capacity and disciplines still are).
TEXT_MIN_SCALE = 0.55

# -- seats ---------------------------------------------------------------------------------
SEAT_PAD = 6.0
SEAT_GAP = 6.0
#: Another seat narrower than this times its height stacks its regions (ready on top, the rest below).
TALL_SEAT_RATIO = 1.25
HEADER_H = 34.0
HEADER_H_LOCAL = 40.0
#: Share of the table's height given to the local seat at the bottom (the rest to the others).
LOCAL_SHARE = {2: 0.55, 3: 0.52, 4: 0.5, 5: 0.47, 6: 0.45}
#: The other seats' piles are chips: a name and a count.
CHIP_W = 98.0
CHIP_H = 21.0
CHIP_GAP = 4.0
#: Token sizes (pool, Edge, bank), scene units.
POOL_TOKEN = 34.0
EDGE_TOKEN = 26.0
BANK_TOKEN = 30.0

#: The pixmap cache the item caches live in (KB): a 1600x1000 table at 2x is about 100 MB of layers.
PIXMAP_CACHE_KB = 160 * 1024

# -- the table -------------------------------------------------------------------------------
#: The smallest table (scene units) laid out; a smaller window scrolls or zooms out.
MIN_TABLE = (960.0, 620.0)
ZOOM_STEP = 1.18
ZOOM_MIN = 0.4
ZOOM_MAX = 4.0

# -- motion and messages ---------------------------------------------------------------------
MOVE_MS = 160         # an accepted move glides to its new place
SPRING_MS = 260       # a refused drag springs back
TOAST_MS = 5200       # a refusal stays this long (or until the next gesture)
HIGHLIGHT_MS = 2600   # cards a log line touched stay lit this long

# -- drags -------------------------------------------------------------------------------------
#: The MIME type of every drag on the table: JSON {"kind", "id", "seat", "region"}.
MIME = "application/x-vtes-desktop-drag"
KIND_CARD = "card"
KIND_COUNTER = "counter"   # a counter taken off a card (blood, life)
KIND_POOL = "pool"         # a counter taken from a Methuselah's pool
KIND_BANK = "bank"         # a counter from the blood bank
KIND_EDGE = "edge"
KIND_PILE = "pile"         # the top of a crypt or library
