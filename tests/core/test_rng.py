"""GameRandom's fast paths draw exactly what the plain textbook versions draw from the same seed.

Same seed, same game is a promise to saved games (a save replays from its seed), so a faster
shuffle or die roll must not change a single draw.
"""
from __future__ import annotations

import random

from towerlib.core.rng import GameRandom


def textbook_shuffle(rng: random.Random, x: list) -> None:
    for i in reversed(range(1, len(x))):
        j = int(rng.random() * (i + 1))
        x[i], x[j] = x[j], x[i]


def test_shuffle_is_the_textbook_fisher_yates_on_the_same_draws():
    for seed in range(300):
        fast, plain = list(range(seed % 40)), list(range(seed % 40))
        GameRandom(seed).shuffle(fast)
        textbook_shuffle(random.Random(seed), plain)
        assert fast == plain


def test_pick_and_below_are_int_of_a_scaled_draw():
    fast, plain = GameRandom(11), random.Random(11)
    faces = (1, 1, 2, 2, 3, 3)
    for n in range(1, 2000):
        assert fast.pick(faces) == faces[int(plain.random() * len(faces))]
        drawn = fast.below(n)
        assert drawn == int(plain.random() * n) and type(drawn) is int
