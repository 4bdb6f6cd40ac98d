"""Save files: round trips mid-game that play on identically, and hundreds of damaged saves refused."""
from __future__ import annotations

import random

from checks import check_corrupt_saves, check_save_round_trip, new_random_game, step
from conftest import scaled


def _mid_game(module, rng):
    game = new_random_game(module, rng)
    for _ in range(rng.randrange(200)):
        if game.is_over:
            break
        step(game, rng)
    return game


def test_saves_round_trip_mid_game_and_play_on_identically(module):
    rng = random.Random(21)
    for _ in range(scaled(30)):
        check_save_round_trip(module, _mid_game(module, rng), rng)


def test_damaged_saves_are_refused_with_save_error(module):
    rng = random.Random(22)
    refused = 0
    for _ in range(scaled(5)):
        refused += check_corrupt_saves(module, _mid_game(module, rng).to_json(), rng, count=80)
    assert refused >= scaled(5) * 60
