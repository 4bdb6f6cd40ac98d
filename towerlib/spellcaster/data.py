"""SpellCaster data: the HOUSE board SC-13, the Life Force track, the decks, the display layout.

Everything here is a named constant (RULES.md 4.4 marks the board, the track and the display as
``HOUSE`` data: nothing public was found), so real data can replace it in one place. Path colours
are *derived*, never typed: a link carries one path per element active at both of its ends
(RULES.md 4.2 rule 6), which is how the rulebook's own example (centre -> one step toward Fire)
reads.
"""
from __future__ import annotations

from types import MappingProxyType

#: The four elements, by their letter: Fire (red), Earth (green), Water (blue), Air (grey).
ELEMENTS: tuple[str, ...] = ("F", "E", "W", "A")
ELEMENT_NAMES = MappingProxyType({"F": "fire", "E": "earth", "W": "water", "A": "air"})

#: HOUSE board SC-13: point -> the elements active there (RULES.md 4.4).
POINTS: MappingProxyType = MappingProxyType({
    "C": "FEWA",
    "iF": "FEA", "iE": "FEW", "iW": "EWA", "iA": "FWA",
    "mFE": "FE", "mEW": "EW", "mWA": "WA", "mAF": "FA",
    "cF": "F", "cE": "E", "cW": "W", "cA": "A",
})
#: Point names in a fixed order (rows and columns of the adjacency matrices).
POINT_NAMES: tuple[str, ...] = tuple(POINTS)
#: Board coordinates (x right, y up): Fire corner bottom-left, Earth bottom-right, Water top-right, Air top-left.
COORDS = MappingProxyType({
    "C": (0, 0), "iF": (-1, -1), "iE": (1, -1), "iW": (1, 1), "iA": (-1, 1),
    "mFE": (0, -2), "mEW": (2, 0), "mWA": (0, 2), "mAF": (-2, 0),
    "cF": (-2, -2), "cE": (2, -2), "cW": (2, 2), "cA": (-2, 2),
})
#: HOUSE: the 28 links of SC-13 (undirected).
LINKS: tuple[tuple[str, str], ...] = (
    ("C", "iF"), ("C", "iE"), ("C", "iW"), ("C", "iA"),
    ("C", "mFE"), ("C", "mEW"), ("C", "mWA"), ("C", "mAF"),
    ("iF", "mFE"), ("iE", "mFE"), ("iE", "mEW"), ("iW", "mEW"),
    ("iW", "mWA"), ("iA", "mWA"), ("iA", "mAF"), ("iF", "mAF"),
    ("iF", "cF"), ("iE", "cE"), ("iW", "cW"), ("iA", "cA"),
    ("cF", "mFE"), ("mAF", "cF"), ("mFE", "cE"), ("cE", "mEW"),
    ("mEW", "cW"), ("cW", "mWA"), ("mWA", "cA"), ("cA", "mAF"),
)


def _path_colours(a: str, b: str) -> str:
    """HOUSE rule (RULES.md 4.2 rule 6): one path per element active at both ends."""
    return "".join(e for e in ELEMENTS if e in POINTS[a] and e in POINTS[b])


#: (a, b) -> the colours of the paths joining them, both directions.
PATHS = MappingProxyType({**{(a, b): _path_colours(a, b) for a, b in LINKS},
                          **{(b, a): _path_colours(a, b) for a, b in LINKS}})
#: point -> all neighbours (any colour), in POINT_NAMES order: where a SpellCaster may Move.
NEIGHBOURS = MappingProxyType({p: tuple(q for q in POINT_NAMES if (p, q) in PATHS) for p in POINT_NAMES})
#: (point, element) -> neighbours along a path of that element: where a familiar may step.
STEPS = MappingProxyType({(p, e): tuple(q for q in NEIGHBOURS[p] if e in PATHS[p, q])
                          for p in POINT_NAMES for e in ELEMENTS})

#: RULE 5 / HOUSE corner order: seats sit clockwise round the square from the Fire corner.
CORNERS_CLOCKWISE: tuple[str, ...] = ("cF", "cA", "cW", "cE")
#: RULE 5: with two players the SpellCasters start in opposite corners.
START_CORNERS = MappingProxyType({2: ("cF", "cW"), 3: ("cF", "cA", "cW"), 4: CORNERS_CLOCKWISE})

#: Deck-card knowledge flags (S4, S18): nobody but chance knows it, its owner knows it, everyone knows it.
HIDDEN, OWNER, PUBLIC = 0, 1, 2

#: RULE 4: each element deck holds six 1s, three 3s and one 5.
DECK_VALUES: tuple[int, ...] = (1, 1, 1, 1, 1, 1, 3, 3, 3, 5)
CARD_VALUES: tuple[int, ...] = (1, 3, 5)
CARDS_PER_PLAYER = len(ELEMENTS) * len(DECK_VALUES)

#: RULE 2: base attributes and the points to spend.
BASE_LIFE_ROWS, BASE_WILL, BASE_FOCUS, BASE_SKILL = 1, 1, 2, 5
ATTRIBUTE_POINTS = 6
MAX_LIFE_POINTS = 2                 # RULE 2: at most 2 attribute points on Life Force
POINT_RATE = 1                      # HOUSE S3: +1 to the attribute per point spent
TOKENS_PER_WILL = 3                 # RULE 3

#: HOUSE Life Force track: squares per row and the Action Points printed on each square.
ROW_SQUARES = 10


def action_points(squares: int) -> int:
    """HOUSE track (RULES.md 4.4): AP printed on the square reached with ``squares`` left."""
    if squares <= 0:
        return 0
    return 1 if squares <= 5 else 2 if squares <= 10 else 3


#: HOUSE Spell Display: per Focus slot, a Motion and a Mass section (RULE 12 limits).
MOTION_MAX, MASS_MAX, SPELL_MAX = 3, 3, 5
SECTIONS: tuple[str, ...] = ("motion", "mass")
#: RULE 15: contest thresholds on D = caster - opponent.
BIG_WIN, SMALL_WIN, BREAK_AT = 4, 2, -5
#: RULE 19: a capture roll (d10 + unused tokens) succeeds at this total.
CAPTURE_TARGET = 6
DIE_SIDES = 10


def rest_gain(point: str) -> int:
    """RULE 21: Rest recovers one square per element active at the point."""
    return len(POINTS[point])
