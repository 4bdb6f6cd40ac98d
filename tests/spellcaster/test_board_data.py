"""Board SC-13, the Life Force track and the decks (RULES.md 4.4, HOUSE data)."""
from collections import Counter, deque

from towerlib.spellcaster.data import (DECK_VALUES, ELEMENTS, LINKS, NEIGHBOURS, PATHS, POINTS, START_CORNERS,
                                       STEPS, action_points)


def distance(a, b):
    seen, queue = {a: 0}, deque([a])
    while queue:
        p = queue.popleft()
        for q in NEIGHBOURS[p]:
            if q not in seen:
                seen[q] = seen[p] + 1
                queue.append(q)
    return seen[b]


def test_thirteen_points_28_links_48_paths():
    assert len(POINTS) == 13
    assert len({frozenset(link) for link in LINKS}) == 28
    assert sum(len(PATHS[a, b]) for a, b in LINKS) == 48


def test_path_colours_are_the_intersection_of_the_point_sets():
    for a, b in LINKS:
        assert set(PATHS[a, b]) == set(POINTS[a]) & set(POINTS[b]) != set()
        assert PATHS[a, b] == PATHS[b, a]


def test_the_rulebook_example_and_the_table_of_points():
    assert set(POINTS["C"]) == set("FEWA")
    assert set(POINTS["iF"]) == set("FEA") and set(PATHS["C", "iF"]) == set("FEA")   # Water not active
    for corner, element in (("cF", "F"), ("cE", "E"), ("cW", "W"), ("cA", "A")):
        assert POINTS[corner] == element
    rest = Counter(len(v) for v in POINTS.values())
    assert rest == {4: 1, 3: 4, 2: 4, 1: 4}


def test_opposite_corners_are_four_steps_apart_and_two_players_start_there():
    assert distance("cF", "cW") == 4 and distance("cE", "cA") == 4
    assert set(START_CORNERS[2]) == {"cF", "cW"}
    assert len(set(START_CORNERS[4])) == 4


def test_steps_follow_paths_of_one_colour():
    assert set(STEPS["C", "W"]) == {"iE", "iW", "iA", "mEW", "mWA"}
    assert STEPS["cF", "W"] == ()
    for (p, e), targets in STEPS.items():
        assert all(e in PATHS[p, q] for q in targets)


def test_life_force_track_action_points():
    assert [action_points(r) for r in (0, 1, 5, 6, 10, 11, 20, 30)] == [0, 1, 1, 2, 2, 3, 3, 3]


def test_each_element_deck_is_six_ones_three_threes_one_five():
    assert sorted(DECK_VALUES) == [1] * 6 + [3] * 3 + [5]
    assert sum(DECK_VALUES) == 20 and len(ELEMENTS) == 4
