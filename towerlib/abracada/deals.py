"""Explicit deals made easy: name the stones that matter, the rest are filled in.

Lessons and scenario tests set up positions with explicit deals so the text always matches
the table. Writing all 36 stones by hand is error-prone; :func:`complete_deal` takes the
parts you care about and puts the remaining stones (in a fixed order) where you left gaps.
"""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from ..core import InvalidDeal
from . import rules as R


def complete_deal(hands: Sequence[Sequence[int]], removed: Sequence[int] | None = None,
                  secret: Sequence[int] | None = None, pile_top: Sequence[int] = (),
                  lives: Sequence[int] | None = None, scores: Sequence[int] | None = None) -> dict:
    """A full deal for ``len(hands)`` players.

    ``pile_top`` lists the first stones to be drawn, in drawing order; unspecified removed
    stones, secret stones and the rest of the pile are filled with the stones left over,
    highest values first. Raises :class:`InvalidDeal` if the named stones are not available.
    """
    n = len(hands)
    left = Counter(R.STONE_COUNTS)
    named = [s for h in hands for s in h] + list(removed or ()) + list(secret or ()) + list(pile_top)
    for stone in named:
        if left[stone] <= 0:
            raise InvalidDeal("abracada.deal.value_count", value=stone, found=Counter(named)[stone],
                              expected=R.STONE_COUNTS.get(stone, 0))
        left[stone] -= 1
    spare = [v for v in sorted(left, reverse=True) for _ in range(left[v])]
    if removed is None:
        k = R.REMOVED_FACE_UP.get(n, 0)
        removed, spare = spare[:k], spare[k:]
    if secret is None:
        secret, spare = spare[:R.SECRET_STONES], spare[R.SECRET_STONES:]
    deal = {"hands": [list(h) for h in hands], "removed": list(removed), "secret": list(secret),
            "pile": list(pile_top) + spare}
    if lives is not None:
        deal["lives"] = list(lives)
    if scores is not None:
        deal["scores"] = list(scores)
    return deal


def deal_examples() -> list[tuple[int, dict]]:
    """(players, deal) pairs that use every field a deal may have.

    The conformance suite starts its fuzzing of malformed deals from these (and from the deals
    :func:`~towerlib.abracada.worlds.two_worlds` builds).
    """
    return [(2, complete_deal(hands=[[1, 2, 2, 3, 3], [8] * 5], lives=[3, 6], scores=[1, 0])),
            (4, complete_deal(hands=[[5] * 5, [8] * 5, [7] * 5, [6] * 5], secret=[4, 4, 4, 4], pile_top=[3, 3],
                              lives=[6, 5, 4, 1], scores=[0, 2, 0, 1]))]
