"""Views: JSON, no seed or RNG, nothing shared with the engine; re-dealt worlds and two worlds look the same."""
from __future__ import annotations

import random

from checks import check_partial_views, check_redeal, check_two_worlds, check_views, positions
from conftest import scaled


def test_views_are_json_private_and_the_callers_own(module):
    checked = 0
    for game in positions(module, scaled(10), seed=31, chance=0.05):
        check_views(game)
        checked += 1
    assert checked > 10


def test_a_partial_view_is_those_fields_of_the_view(module):
    rng = random.Random(35)
    checked = 0
    for game in positions(module, scaled(10), seed=36, chance=0.05):
        check_partial_views(game, rng)
        checked += 1
    assert checked > 10


def test_a_redealt_world_looks_the_same_to_its_seat(module):
    rng = random.Random(32)
    checked = 0
    for game in positions(module, scaled(10), seed=33, chance=0.05):
        check_redeal(module, game, rng)
        checked += 1
    assert checked > 10


def test_two_worlds_look_the_same_along_the_same_actions(module):
    rng = random.Random(34)
    compared = [check_two_worlds(module, rng) for _ in range(scaled(40))]
    assert sum(compared) > scaled(40), f"too few actions compared: {compared}"
