"""The HOUSE map, spells and components of RULES.md 3.1 / 3.4, checked against the rulebook tables."""
from __future__ import annotations

from collections import Counter

from towerlib.amulett.rules import (ADJACENT, AREA, AREAS, DISTANCE, JEWELS, METAL_CARDS, OPTIONS, PYRAMID_CITY,
                                    ROUND_MARKERS, SPELL, SPELLS)

#: The adjacency column of RULES.md 3.4, copied by hand (the engine derives it from hex coordinates).
TABLE = {
    "A01": "A02 A05 A06", "A02": "A01 A03 A06 A07", "A03": "A02 A04 A07 A08", "A04": "A03 A08 A09",
    "A05": "A01 A06 A10 A11", "A06": "A01 A02 A05 A07 A11 A12", "A07": "A02 A03 A06 A08 A12 A13",
    "A08": "A03 A04 A07 A09 A13 A14", "A09": "A04 A08 A14 A15", "A10": "A05 A11 A16",
    "A11": "A05 A06 A10 A12 A16 A17", "A12": "A06 A07 A11 A13 A17 A18", "A13": "A07 A08 A12 A14 A18 A19",
    "A14": "A08 A09 A13 A15 A19 A20", "A15": "A09 A14 A20", "A16": "A10 A11 A17 A21",
    "A17": "A11 A12 A16 A18 A21 A22", "A18": "A12 A13 A17 A19 A22 A23", "A19": "A13 A14 A18 A20 A23 A24",
    "A20": "A14 A15 A19 A24", "A21": "A16 A17 A22", "A22": "A17 A18 A21 A23", "A23": "A18 A19 A22 A24",
    "A24": "A19 A20 A23",
}


def test_map_has_24_areas_with_the_terrain_counts_of_the_reviews():
    assert len(AREAS) == 24 and len(set(AREA)) == 24
    terrains = Counter(a.terrain for a in AREAS)
    assert terrains == {"city": 4, "water": 5, "forest": 5, "desert": 5, "mountain": 5}
    assert sum(a.pyramid for a in AREAS) == 7 and AREA[PYRAMID_CITY].city and AREA[PYRAMID_CITY].pyramid
    assert {a.id for a in AREAS if a.wall} == {"A01", "A02", "A03", "A04"}


def test_adjacency_matches_the_rules_table_and_is_symmetric():
    assert {a: tuple(sorted(v.split())) for a, v in TABLE.items()} == ADJACENT
    for a, near in ADJACENT.items():
        for b in near:
            assert a in ADJACENT[b]
            assert a != b


def test_map_is_connected():
    for a in AREA:
        assert len(DISTANCE[a]) == 24


def test_cities_are_connected_to_each_other():
    cities = [a.id for a in AREAS if a.city]
    for a in cities:
        assert sum(b in ADJACENT[a] for b in cities) >= 2


def test_components():
    assert METAL_CARDS == 112
    assert sum(JEWELS.values()) == 52 and len(JEWELS) == 10
    assert sorted(Counter(JEWELS.values()).items()) == [(4, 6), (7, 4)]
    assert ROUND_MARKERS == (3, 4, 4, 5, 5, 6)


def test_33_distinct_spells_with_costs_1_or_2():
    assert len(SPELLS) == 33 and sorted(SPELL) == list(range(1, 34))
    assert len({s.id for s in SPELLS}) == 33
    assert all(s.cost in (1, 2) for s in SPELLS)
    assert all(set(s.produces) <= set("GSCI*") for s in SPELLS)
    assert {s.phase for s in SPELLS} == {"", "M", "J", "E", "Sp"}


def test_every_resolved_flag_is_an_option_with_the_documented_default():
    assert OPTIONS["start_energy"].default == "2+2"
    assert OPTIONS["jewel_round_start"].default == "hat2_position"
    assert OPTIONS["round_marker_draw"].default == "with_replacement"
    assert OPTIONS["defaulter_rebids"].default is False
