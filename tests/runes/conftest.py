"""Fixtures for the Spell Runes tests: scenario games with fixed dice, and state invariants."""
from __future__ import annotations

import random

import pytest

from towerlib.runes import check_invariants, new_game

from runes_helpers import ANYTIME, settle

#: Wizards whose passives do not touch attacks, counters, healing or initiative.
NEUTRAL = ["enchanter", "alchemist", "necromancer", "stormcaller", "pyromancer", "druid"]


def _scenario(dice, players=2, wizards=None, seed=1, settled=True, **deal):
    """A game that skips the draft, with empty hands unless given, and ``dice`` rolled first;
    unless ``settled`` is False, everyone has passed the windows before the first turn."""
    deal.setdefault("hands", [[] for _ in range(players)])
    wizards = list(wizards or NEUTRAL[:players])
    game = new_game(players=players, seed=seed, deal={"wizards": wizards, "dice": list(dice), **deal})
    if settled:
        settle(game, ANYTIME)
    return game


_invariants = check_invariants


def _play_random(game, seed, check_every=1, limit=20000):
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
        assert steps < limit, "the game did not end"
        if steps % check_every == 0:
            _invariants(game)
    _invariants(game)
    return steps


@pytest.fixture
def runes_scenario():
    return _scenario


@pytest.fixture
def runes_invariants():
    return _invariants


@pytest.fixture
def runes_play_random():
    return _play_random
