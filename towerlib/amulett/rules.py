"""Das Amulett as data (RULES.md section 3): constants, the HOUSE map, the 33 HOUSE spells, options.

Everything a rule needs to look up lives here as a named constant, so the engine holds only
the flow. ``HOUSE`` values (the map and the spell list) are invented in RULES.md 3.4 because the
real ones were not found; replacing them means editing this file only.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.options import Option

# ---------------------------------------------------------------- constants (RULES.md 3.1)
MIN_PLAYERS, MAX_PLAYERS = 3, 6
#: Metal letters in their fixed order: Gold (Water), Silver (Forest), Copper (Desert), Iron (Mountain).
METALS = ("G", "S", "C", "I")
METAL_INDEX = {m: i for i, m in enumerate(METALS)}
#: RULE A1: 28 cards of each metal (the fan text's "18" is a typo), 112 in all.
METAL_CARDS_EACH = 28
METAL_CARDS = METAL_CARDS_EACH * len(METALS)
#: RULE 1: the starting hand is one card of each metal.
START_HAND = (1, 1, 1, 1)
#: Jewel colours and how many of each are in the bag (52 in all).
JEWELS: dict[str, int] = {"red": 7, "yellow": 7, "green": 7, "clear": 7, "white": 4, "darkblue": 4,
                          "lightblue": 4, "gray": 4, "orange": 4, "brown": 4}
COLOURS = tuple(JEWELS)
JEWEL_TOTAL = sum(JEWELS.values())
STONES = 10                                  # energy stones per player
ROUND_MARKERS = (3, 4, 4, 5, 5, 6)
MARKER_RANGE = (min(ROUND_MARKERS), max(ROUND_MARKERS))
AMULET_SOCKETS = 8
WIN_COLOURS = 7                              # RULE 23
WIN_JEWELS = 8
CITY_JEWELS, AREA_JEWELS = 3, 2              # RULE 2
START_SPELLS = 2                             # RULE 4
BASIC_START_STONES = 2                       # RULE 5, basic: 2 + 2
MULLIGAN_MAX = 2                             # RULE 4: discard 1 or 2, once
CHOOSE_FROM = 4                              # choose2of4: deal 4, keep 2

# ---------------------------------------------------------------- the HOUSE map (RULES.md 3.4)
TERRAIN_METAL = {"water": "G", "forest": "S", "desert": "C", "mountain": "I", "city": None}
#: Axial hex directions; two areas are adjacent when their coordinates differ by one of these.
HEX_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@dataclass(frozen=True)
class Area:
    """One of the 24 areas: where it is, what metal it accepts, and its marks."""

    id: str
    q: int
    r: int
    terrain: str
    pyramid: bool = False
    wall: bool = False

    @property
    def metal(self) -> str | None:
        """The one metal bids are paid with here (None in a City, where every metal counts)."""
        return TERRAIN_METAL[self.terrain]

    @property
    def city(self) -> bool:
        return self.terrain == "city"


#: HOUSE: the map of RULES.md 3.4 (rows 4-5-6-5-4, north to south).
AREAS: tuple[Area, ...] = (
    Area("A01", -1, -2, "mountain", wall=True), Area("A02", 0, -2, "forest", wall=True),
    Area("A03", 1, -2, "mountain", wall=True), Area("A04", 2, -2, "water", wall=True),
    Area("A05", -2, -1, "water"), Area("A06", -1, -1, "mountain"), Area("A07", 0, -1, "city"),
    Area("A08", 1, -1, "forest"), Area("A09", 2, -1, "mountain"),
    Area("A10", -3, 0, "forest"), Area("A11", -2, 0, "water"), Area("A12", -1, 0, "city"),
    Area("A13", 0, 0, "city"), Area("A14", 1, 0, "water"), Area("A15", 2, 0, "forest"),
    Area("A16", -3, 1, "desert", pyramid=True), Area("A17", -2, 1, "forest"),
    Area("A18", -1, 1, "city", pyramid=True), Area("A19", 0, 1, "desert", pyramid=True),
    Area("A20", 1, 1, "water"),
    Area("A21", -3, 2, "desert", pyramid=True), Area("A22", -2, 2, "desert", pyramid=True),
    Area("A23", -1, 2, "mountain", pyramid=True), Area("A24", 0, 2, "desert", pyramid=True),
)
AREA = {a.id: a for a in AREAS}
AREA_IDS = tuple(a.id for a in AREAS)
#: RULE 3 / HOUSE: Hat #2 starts on the Pyramid City.
PYRAMID_CITY = "A18"


def _adjacency() -> dict[str, tuple[str, ...]]:
    at = {(a.q, a.r): a.id for a in AREAS}
    return {a.id: tuple(sorted(at[(a.q + dq, a.r + dr)] for dq, dr in HEX_DIRECTIONS if (a.q + dq, a.r + dr) in at))
            for a in AREAS}


#: Area id -> the ids of its neighbours (the Great Wall and Pyramids do not block: RULE 19).
ADJACENT: dict[str, tuple[str, ...]] = _adjacency()


def distances(start: str) -> dict[str, int]:
    """Steps from ``start`` to every area (breadth-first over :data:`ADJACENT`)."""
    dist, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for a in frontier:
            for b in ADJACENT[a]:
                if b not in dist:
                    dist[b] = dist[a] + 1
                    nxt.append(b)
        frontier = nxt
    return dist


DISTANCE: dict[str, dict[str, int]] = {a: distances(a) for a in AREA_IDS}

# ---------------------------------------------------------------- the HOUSE spells (RULES.md 3.4)
WILD = "*"


@dataclass(frozen=True)
class Spell:
    """A spell card: its number (1-33), id, the metals it produces each round, stones it loses per
    Energy phase, and the phase its power works in (``""`` = production only)."""

    num: int
    id: str
    produces: tuple[str, ...]
    cost: int = 1
    phase: str = ""


SPELLS: tuple[Spell, ...] = (
    Spell(1, "gold_vein", ("G", "G")), Spell(2, "silver_vein", ("S", "S")),
    Spell(3, "copper_vein", ("C", "C")), Spell(4, "iron_vein", ("I", "I")),
    Spell(5, "gold_silver", ("G", "S")), Spell(6, "copper_iron", ("C", "I")),
    Spell(7, "gold_iron", ("G", "I")), Spell(8, "silver_copper", ("S", "C")),
    Spell(9, "philosophers_stone", (WILD, WILD)), Spell(10, "rich_lode", ("G", "S", "C", "I"), 2),
    Spell(11, "great_gold_lode", ("G", "G", "G"), 2), Spell(12, "wild_harvest", (WILD, WILD, WILD), 2),
    Spell(13, "transmutation", (WILD,), 1, "M"), Spell(14, "tribute", (), 1, "M"),
    Spell(15, "echo", ("G",), 2, "M"), Spell(16, "hoard", ("I", "I")),
    Spell(17, "twin_jewel", (), 2, "J"), Spell(18, "bargain", ("S",), 1, "J"),
    Spell(19, "sea_charm", ("G",), 1, "J"), Spell(20, "wood_charm", ("S",), 1, "J"),
    Spell(21, "sand_charm", ("C",), 1, "J"), Spell(22, "stone_charm", ("I",), 1, "J"),
    Spell(23, "pyramid_key", ("C",), 1, "J"), Spell(24, "wall_watcher", ("I",), 1, "J"),
    Spell(25, "pathfinder", ("S",), 1, "J"), Spell(26, "fate_marker", (), 1, "J"),
    Spell(27, "second_wind", ("G",), 1, "J"), Spell(28, "jewel_lens", (), 1, "J"),
    Spell(29, "everlasting", ("G",), 1, "E"), Spell(30, "recharge", (), 2, "E"),
    Spell(31, "thief", ("C",), 1, "E"), Spell(32, "auctioneer", ("C",), 1, "Sp"),
    Spell(33, "mana_well", ("I",), 2, "Sp"),
)
SPELL = {s.num: s for s in SPELLS}
SPELL_NUMS = tuple(s.num for s in SPELLS)

# Spell numbers of the powers, so the engine reads ``TWIN_JEWEL`` rather than 17.
(TRANSMUTATION, TRIBUTE, ECHO, HOARD, TWIN_JEWEL, BARGAIN, SEA_CHARM, WOOD_CHARM, SAND_CHARM, STONE_CHARM,
 PYRAMID_KEY, WALL_WATCHER, PATHFINDER, FATE_MARKER, SECOND_WIND, JEWEL_LENS, EVERLASTING, RECHARGE, THIEF,
 AUCTIONEER, MANA_WELL) = (13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33)
#: Charm -> the terrain where its owner may pay with any metal.
CHARM_TERRAIN = {SEA_CHARM: "water", WOOD_CHARM: "forest", SAND_CHARM: "desert", STONE_CHARM: "mountain"}
TRANSMUTE_MAX = 2          # Transmutation: up to 2 exchanges
TRIBUTE_MIN_CARDS = 6      # Tribute: players holding at least this many cards give one
RECHARGE_MAX = 2           # Recharge: up to 2 stones
PATHFINDER_STEPS = 2
#: A4: a jewel bid is not capped by the bidder's cards ("He may bid any number"); a bid its bidder
#: cannot pay is a bluff. HOUSE reading, to keep the list of bids finite: bids stop at the highest
#: bid any player's public card count could pay here with its spells' powers (every higher bid is
#: the same certain default), and never below this floor, so a table without cards can still bid.
JEWEL_BID_FLOOR = 1
FATE_STEP = 1

# ---------------------------------------------------------------- options (RULES.md 3.3 flags)


def _int_at_least(low: int):
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(value)
        return value
    return check


OPTIONS = {
    "start_energy": Option("start_energy", "2+2",
                           "RULE 5: '2+2' basic; 'secret_min1' (fan text: secret, >= 1 per spell); "
                           "'choose2of4' (official advanced: keep 2 of 4, any stones, >= 1 each).",
                           allowed=("2+2", "secret_min1", "choose2of4")),
    "jewel_round_start": Option("jewel_round_start", "hat2_position",
                                "A5 RESOLVED: rounds >= 2 start where Hat #2 stands; 'hat1_moves' lets the "
                                "Hat #1 holder move Hat #2 first.", allowed=("hat2_position", "hat1_moves")),
    "round_marker_draw": Option("round_marker_draw", "with_replacement",
                                "A6 RESOLVED: a uniform draw of all 6 markers each round; "
                                "'without_replacement' empties the bag first, then refills it.",
                                allowed=("with_replacement", "without_replacement")),
    "defaulter_rebids": Option("defaulter_rebids", False,
                               "A4 RESOLVED: a defaulting player may not bid in the area's re-auction. "
                               "True lets them bid again, except after a default that cost them no card "
                               "(HOUSE: they had none, so they could bluff and default forever).",
                               allowed=(False, True)),
    "max_rounds": Option("max_rounds", 40,
                         "HOUSE: a game in which nobody reaches 7 colours or 8 jewels ends after this many "
                         "rounds; most jewels, then most colours, win (ties share).",
                         check=_int_at_least(1), allowed_text="an integer >= 1"),
}
