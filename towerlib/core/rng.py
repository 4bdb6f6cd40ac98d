"""Seeded randomness owned by a game.

Every die roll and shuffle of a game goes through its own :class:`GameRandom`, made from one
integer seed. The seed and the list of actions are enough to replay a game exactly, which is
what save files store. The seed is hidden information: views never include it.
"""
from __future__ import annotations

import random
import secrets
from functools import lru_cache
from math import floor

MAX_SEED = 2**63 - 1


def fresh_seed() -> int:
    """A new seed from the operating system, for games started without one."""
    return secrets.randbelow(MAX_SEED)


class GameRandom(random.Random):
    """``random.Random`` that remembers the seed it was made from."""

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise TypeError(f"seed must be an integer from 0 to {MAX_SEED}, not {seed!r}")
        self.seed_value = seed
        super().__init__(seed)

    def __reduce__(self):
        # random.Random pickles as "call the class with no arguments"; this class needs its seed.
        return (self.__class__, (self.seed_value,), self.getstate())

    # Fast paths built on random(), which is a single C call: playouts shuffle and roll a lot.
    # A float in [0, 1) scaled to a length is uniform up to 2**-53, far below any test's reach.
    # ``floor`` gives the same whole number as ``int`` here (the product is never negative) at a
    # third of the cost: the shuffle below is most of the cost of dealing a round (issue #14.3).
    def shuffle(self, x: list) -> None:  # type: ignore[override]
        """Fisher-Yates shuffle in place (the pre-3.11 algorithm, fixed to this generator)."""
        random_ = self.random
        for i, scale in _fisher_yates_steps(len(x)):
            j = floor(random_() * scale)
            x[i], x[j] = x[j], x[i]

    def pick(self, seq):
        """One element of a non-empty sequence, uniformly."""
        return seq[floor(self.random() * len(seq))]

    def below(self, n: int) -> int:
        """A whole number from 0 to n-1, uniformly."""
        return floor(self.random() * n)


@lru_cache(maxsize=64)
def _fisher_yates_steps(n: int) -> tuple[tuple[int, float], ...]:
    """The steps of a shuffle of ``n`` items: each slot ``i`` from the last down to 1, with ``i + 1``.

    ``i + 1`` comes as a float, the same number ``random() * (i + 1)`` would convert it to, so the
    draw is scaled by a float product, which the interpreter specialises (a float times an int it
    does not). Games shuffle lists of a handful of sizes, the same ones round after round.
    """
    return tuple((i, float(i + 1)) for i in range(n - 1, 0, -1))
