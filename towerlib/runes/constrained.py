"""Positions whose posterior can be counted out exactly, for the conformance suite's redeal check.

Seat 0 holds every loot card but eight (three Healing Potions, two Fire Scrolls, a Lucky Charm,
a Shield Scroll, a Mirror Scroll); seat 1 was dealt three of those eight and the loot deck holds
the other five. Seat 0 then plays Pickpocket on seat 1, once or twice, and sees what it stole.
Every deal seat 0 cannot rule out is an ordered choice of seat 1's three cards among the eight,
few enough to list; the deck's order is the engine's own shuffle and tells seat 0 nothing.
"""
from __future__ import annotations

from collections import Counter
from itertools import product
from math import factorial, prod
from typing import Any, Iterator

from ..core.errors import IllegalAction
from ..core.worlds import ConstrainedPosition
from .data import LOOT_DECK
from .engine import RunesGame

UNSEEN = Counter({"healing_potion": 3, "fire_scroll": 2, "lucky_charm": 1, "shield_scroll": 1, "mirror_scroll": 1})
WIZARDS = ["enchanter", "alchemist"]
DEALT = ["healing_potion", "fire_scroll", "lucky_charm"]
STEAL = "play pickpocket -> 1"
SEED = 3


def _played(dealt: list[str], steals: int) -> RunesGame | None:
    mine = sorted((Counter(LOOT_DECK) - UNSEEN).elements())
    game = RunesGame(2, seed=SEED, deal={"wizards": WIZARDS, "hands": [mine, dealt]})
    try:
        for _ in range(steals):
            game.apply(STEAL)
    except IllegalAction:
        return None
    return game


def _candidates(steals: int) -> Iterator[tuple[RunesGame | None, int]]:
    """Every ordered hand of three for seat 1, weighted by how many ways to pick those cards
    (by value, in that order) from the eight."""
    for dealt in product(sorted(UNSEEN), repeat=len(DEALT)):
        used = Counter(dealt)
        if any(used[c] > UNSEEN[c] for c in used):
            continue
        weight = prod(factorial(UNSEEN[c]) // factorial(UNSEEN[c] - k) for c, k in used.items())
        yield _played(list(dealt), steals), weight


def _seat1_hand(game: RunesGame) -> tuple[str, ...]:
    return tuple(sorted(game.hand[1]))


def constrained_positions() -> list[ConstrainedPosition]:
    """Seat 1's hand as seat 0 sees it after one theft and after two (see the module's docstring)."""
    out = []
    for steals in (1, 2):
        game = _played(list(DEALT), steals)
        assert game is not None
        out.append(ConstrainedPosition(game=game, seat=0, key=_seat1_hand,
                                       candidates=lambda steals=steals: _candidates(steals)))
    return out
