"""Inference of face-down cards: exact law vs brute-force arrangements and vs redealt worlds."""
import random
from collections import Counter
from fractions import Fraction

import pytest

from towerlib.spellcaster import redeal
from towerlib.spellcaster.data import DECK_VALUES
from towerlib.spellcaster.inference import (InferenceError, card_law, expected_damage, facedown_law, mass_damage,
                                            strike_chance, unknown_values)

from spellcaster_helpers import PLAIN, play, scenario

SKILL5 = [0, 3, 3, 0]          # Will 4, Focus 5, Skill 5


def hidden_game():
    displays = [[], [{"motion": ["F1"], "mass": ["F3"], "up": False}, {"motion": ["F1"], "mass": ["F1"], "up": False}]]
    return scenario(attributes=[PLAIN, SKILL5], displays=displays, positions=["C", "iF"])


def multiset_perms(values):
    if not values:
        yield ()
        return
    for v in sorted(set(values)):
        rest = list(values)
        rest.remove(v)
        for tail in multiset_perms(rest):
            yield (v,) + tail


def test_law_of_face_down_values_equals_counting_every_arrangement():
    view = hidden_game().view(0)
    brute = Counter()
    for arr in multiset_perms(list(DECK_VALUES)):           # 840 equally likely arrangements of the F deck
        a, b, c, d = arr[:4]                                 # 1.1 motion, 1.1 mass, 1.2 motion, 1.2 mass
        if a + b <= 5 and c + d <= 5:
            brute[(a, b)] += 1
    total = sum(brute.values())
    assert facedown_law(view, "1.1") == {k: Fraction(v, total) for k, v in brute.items()}


def test_law_against_redealt_worlds():
    game = hidden_game()
    law = facedown_law(game.view(0), "1.1")
    rng = random.Random(5)
    n = 3000
    seen = Counter()
    for _ in range(n):
        world = redeal(game, 0, rng)
        sp = world.spells[1][0]
        seen[(int(sp["motion"][0][0][1]), int(sp["mass"][0][0][1]))] += 1
    for values, p in law.items():
        assert abs(seen[values] / n - float(p)) < 0.03


def test_public_cards_leave_the_pool_and_own_cards_are_known():
    game = hidden_game()
    play(game, "conjure B F", "putback")                     # seat 0 shows an F card: seat 0's pool, not seat 1's
    view = game.view(1)
    top = game.decks[0]["F"][-1][0]
    left = unknown_values(view, 0)
    assert sum(left["F"].values()) == 9 and left["F"][top] == DECK_VALUES.count(top) - 1
    own = hidden_game().view(1)
    assert facedown_law(own, "1.1") == {(1, 3): 1}           # the owner knows its own face-down cards


def test_mass_damage_and_strike_chance():
    view = hidden_game().view(0)
    law = facedown_law(view, "1.1")
    damage = mass_damage(view, "1.1")
    assert damage["cW"] == {0: 1}                           # Fire is not active on the Water corner
    assert damage["C"] == {mass: sum(p for (m, ms), p in law.items() if ms == mass)
                           for mass in {ms for (_, ms) in law}}
    assert expected_damage(view, "1.1", "C") == sum(v * p for (_, v), p in law.items())
    cards = card_law(view, "1.1")
    assert sum(cards.values()) == 1
    # From iF, F1 reaches C (seat 0 stands there) whatever the value: a 1-step Fire move can always strike it.
    assert strike_chance(view, "1.1", "C") == 1
    assert strike_chance(view, "1.1", "cW") == 0


def test_bad_questions_raise():
    view = hidden_game().view(0)
    with pytest.raises(InferenceError):
        unknown_values(view, 5)
    with pytest.raises(InferenceError):
        facedown_law(view, "1.9")
