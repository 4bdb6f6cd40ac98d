"""Save files: round trips mid-game that play on identically, saves made all along random play,
hundreds of damaged saves refused, and JSON nested to any depth refused."""
from __future__ import annotations

import random

import pytest

from checks import check_corrupt_saves, check_save_round_trip, check_saves_along_play, new_random_game, step
from conftest import scaled
from towerlib import SaveError


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


def test_saves_made_along_random_play_load(module):
    rng = random.Random(23)
    loaded = sum(check_saves_along_play(module, new_random_game(module, rng), rng, every=47)
                 for _ in range(scaled(3)))
    assert loaded >= scaled(3) * 2


@pytest.mark.parametrize("depth", [50_000, 900])
def test_json_nested_to_any_depth_is_a_save_error(module, depth):
    game = module.new_game(players=min(module.PLAYERS), seed=2)
    nested = "[" * depth + "]" * depth
    texts = [nested, game.to_json().replace('"actions": [', f'"actions": [{nested}, ', 1)]
    texts += [game.to_json().replace('"deal": null', f'"deal": {{"x": {nested}}}', 1)]
    for text in texts:
        with pytest.raises(SaveError):
            module.load(text)
