"""Illegal, malformed and wrong-typed actions raise IllegalAction, leave ``to_json()`` byte-identical
and say nothing the observer may not know."""
from __future__ import annotations

import random

from checks import check_bad_actions, check_refusal_texts, check_wrong_seat, positions
from conftest import scaled

# Thousands of refused actions per game module at these positions (the test asks for 500); the
# broken copy that changes a game before refusing is caught at this count (test_conformance_meta.py).
BAD_ACTION_GAMES = 6


def test_bad_actions_are_refused_and_change_nothing(module):
    rng = random.Random(5)
    refused = 0
    for game in positions(module, scaled(BAD_ACTION_GAMES), seed=11, chance=0.08):
        refused += check_bad_actions(module, game, rng)
    assert refused > 500


def test_actions_for_a_seat_not_asked_are_refused(module):
    for game in positions(module, scaled(10), seed=12, chance=0.1):
        if not game.is_over:
            check_wrong_seat(game)


def test_refused_actions_tell_the_observer_nothing_hidden(module):
    """An action refused in both of two worlds the observer cannot tell apart is refused with the
    same text, in English and Russian, whoever's turn it is and whatever was tried."""
    rng = random.Random(6)
    compared = sum(check_refusal_texts(module, rng, max_steps=60) for _ in range(scaled(12)))
    assert compared > scaled(12) * 20, compared
