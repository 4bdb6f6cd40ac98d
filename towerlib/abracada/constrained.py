"""Positions whose posterior can be counted out exactly, for the conformance suite's redeal check.

Four of five hands hold every stone from 1 to 5 and five of the six 6s, so seat 0's own hand,
the secret pool and the pile hold only the last 6, the 7s and the 8s. Seat 0 casts 7, 7 and a
third 7 that fails, and draws two stones: its five slots are then tightly constrained (the
three old ones hold no 7 and at most one 6), and every deal it cannot rule out is a choice of
seven values (its five dealt stones and the two drawn), few enough to list.
"""
from __future__ import annotations

from collections import Counter
from itertools import product
from math import factorial, prod
from typing import Any, Iterator

from ..core.worlds import ConstrainedPosition
from .engine import AbracadaGame
from .rules import HAND_SIZE, SECRET_STONES

OTHERS = [[1, 2, 2, 3, 3], [3, 4, 4, 4, 4], [5, 5, 5, 5, 5], [6, 6, 6, 6, 6]]
UNSEEN = Counter({6: 1, 7: 7, 8: 8})
HAND = [7, 8, 7, 6, 8]
DRAWN = [8, 7]
ACTIONS = ("cast 7", "cast 7", "cast 7")
SEED = 11


def _deal(hand: list[int], drawn: list[int]) -> dict[str, Any]:
    rest = sorted((UNSEEN - Counter(hand) - Counter(drawn)).elements())
    return {"hands": [hand, *OTHERS], "removed": [], "secret": rest[:SECRET_STONES],
            "pile": drawn + rest[SECRET_STONES:]}


def _played(hand: list[int], drawn: list[int]) -> AbracadaGame:
    game = AbracadaGame(5, seed=SEED, deal=_deal(hand, drawn))
    for text in ACTIONS:
        game.apply(text)
    return game


def _candidates() -> Iterator[tuple[AbracadaGame, int]]:
    """Every choice of seat 0's dealt stones and the two it draws, weighted by how many orders
    of the other nine unseen stones (secret pool and the rest of the pile) go with it."""
    for values in product(sorted(UNSEEN), repeat=HAND_SIZE + len(DRAWN)):
        used = Counter(values)
        if any(used[v] > UNSEEN[v] for v in used):
            continue
        rest = UNSEEN - used
        weight = factorial(sum(rest.values())) // prod(factorial(k) for k in rest.values())
        yield _played(list(values[:HAND_SIZE]), list(values[HAND_SIZE:])), weight


def constrained_positions() -> list[ConstrainedPosition]:
    """Seat 0 after its first turn, its own hand compared (see the module's docstring)."""
    return [ConstrainedPosition(game=_played(HAND, DRAWN), seat=0, key=lambda g: tuple(g.hands[0]),
                                candidates=_candidates)]
