"""Exact odds of Das Amulett, as ``Fraction``s: round markers, the jewel bag, and spell value.

* Round markers: the value N of one draw, and the total number of areas over k rounds, drawn with
  replacement (A6's default) or from a bag refilled when empty (then every full cycle of six
  draws adds exactly 27, and the rest is a draw without replacement).
* The jewel bag: the set-up is a uniformly random placement of the 52 jewels, so the jewels of any
  m places are a uniform m-subset of the bag (hypergeometric). :func:`colour_count_distribution`,
  :func:`expected_distinct_colours`, :func:`p_two_same_colour`.
* The coupon collector with unequal frequencies, without replacement: :func:`expected_draws_for_colours`
  counts, for every t, the t-subsets of the bag that show fewer than c colours.
* Spells: a spell bought with b stones produces for b rounds (ceil(b/2) if it costs 2 a round; A14).

Every function takes the bag or markers as a parameter (the game's by default), so tests can
check it by brute force on small cases.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Mapping, Sequence

from .rules import AREA, CITY_JEWELS, AREA_JEWELS, JEWELS, ROUND_MARKERS, SPELL, WILD


# ---------------------------------------------------------------- round markers
def marker_distribution(markers: Sequence[int] = ROUND_MARKERS) -> dict[int, Fraction]:
    """P(N = v) for one uniform draw of a marker."""
    counts = Counter(markers)
    return {v: Fraction(k, len(markers)) for v, k in sorted(counts.items())}


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    return sum((v * p for v, p in dist.items()), Fraction(0))


def variance(dist: Mapping[int, Fraction]) -> Fraction:
    mu = mean(dist)
    return sum(((v - mu) ** 2 * p for v, p in dist.items()), Fraction(0))


def _convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def total_areas_distribution(rounds: int, draw: str = "with_replacement",
                             markers: Sequence[int] = ROUND_MARKERS) -> dict[int, Fraction]:
    """P(total areas over ``rounds`` rounds = t), for either ``round_marker_draw`` option."""
    if rounds < 0:
        raise ValueError("rounds must be >= 0")
    if draw == "with_replacement":
        out: dict[int, Fraction] = {0: Fraction(1)}
        for _ in range(rounds):
            out = _convolve(out, marker_distribution(markers))
        return out
    if draw != "without_replacement":
        raise ValueError(f"unknown draw {draw!r}")
    cycles, rest = divmod(rounds, len(markers))
    base = cycles * sum(markers)
    subsets = list(combinations(range(len(markers)), rest))
    out = {}
    for idx in subsets:
        t = base + sum(markers[i] for i in idx)
        out[t] = out.get(t, Fraction(0)) + Fraction(1, len(subsets))
    return dict(sorted(out.items()))


# ---------------------------------------------------------------- the jewel bag
def places(areas: Sequence[str]) -> int:
    """How many jewels the set-up puts in these areas (3 per City, 2 elsewhere)."""
    return sum(CITY_JEWELS if AREA[a].city else AREA_JEWELS for a in areas)


CITIES = tuple(a for a in AREA if AREA[a].city)


def colour_count_distribution(colour: str, slots: int, bag: Mapping[str, int] = JEWELS) -> dict[int, Fraction]:
    """P(k jewels of ``colour`` among ``slots`` random jewels of ``bag``): the hypergeometric law."""
    total, good = sum(bag.values()), bag[colour]
    return {k: Fraction(comb(good, k) * comb(total - good, slots - k), comb(total, slots))
            for k in range(min(good, slots) + 1)}


def p_colour_present(colour: str, slots: int, bag: Mapping[str, int] = JEWELS) -> Fraction:
    return 1 - colour_count_distribution(colour, slots, bag)[0]


def expected_distinct_colours(slots: int, bag: Mapping[str, int] = JEWELS) -> Fraction:
    """Expected number of colours among ``slots`` random jewels (linearity over colours)."""
    return sum((p_colour_present(c, slots, bag) for c in bag), Fraction(0))


def p_two_same_colour(bag: Mapping[str, int] = JEWELS) -> Fraction:
    """P(two random jewels of the bag share a colour)."""
    total = sum(bag.values())
    return Fraction(sum(comb(k, 2) for k in bag.values()), comb(total, 2))


def _colour_subset_counts(bag: Mapping[str, int]) -> list[list[int]]:
    """ways[j][t]: how many t-subsets of the (distinguishable) jewels show exactly j colours."""
    total = sum(bag.values())
    ways = [[0] * (total + 1) for _ in range(len(bag) + 1)]
    ways[0][0] = 1
    for k in bag.values():
        new = [row[:] for row in ways]                # the colour absent: unchanged
        for j in range(len(bag)):
            for t in range(total + 1):
                if ways[j][t]:
                    for i in range(1, k + 1):         # i jewels of this colour present
                        new[j + 1][t + i] += ways[j][t] * comb(k, i)
        ways = new
    return ways


def p_colours_after(draws: int, colours: int, bag: Mapping[str, int] = JEWELS) -> Fraction:
    """P(at least ``colours`` distinct colours among the first ``draws`` random jewels)."""
    ways = _colour_subset_counts(bag)
    total = sum(bag.values())
    return Fraction(sum(ways[j][draws] for j in range(colours, len(bag) + 1)), comb(total, draws))


def expected_draws_for_colours(colours: int, bag: Mapping[str, int] = JEWELS) -> Fraction:
    """E[draws without replacement until ``colours`` distinct colours have appeared] (exact)."""
    if not 0 <= colours <= len(bag):
        raise ValueError(f"colours must be from 0 to {len(bag)}")
    ways = _colour_subset_counts(bag)
    total = sum(bag.values())
    # E[T] = sum over t >= 0 of P(T > t) = P(fewer than `colours` colours among the first t draws).
    return sum((Fraction(sum(ways[j][t] for j in range(colours)), comb(total, t)) for t in range(total + 1)),
               Fraction(0))


# ---------------------------------------------------------------- spells
def spell_rounds(num: int, stones: int) -> int:
    """Rounds a spell bought with ``stones`` produces (A14: b, or ceil(b/2) for cost-2 spells)."""
    return -(-stones // SPELL[num].cost)


def spell_value(num: int, stones: int) -> int:
    """Metal cards the spell produces over its life when bought with ``stones`` (wilds count 1)."""
    return spell_rounds(num, stones) * len(SPELL[num].produces)


def cards_per_stone(num: int, stones: int) -> Fraction:
    """Production per stone spent: the spell's price in the currency bids are made in."""
    return Fraction(spell_value(num, stones), stones)


def wild_share(num: int) -> Fraction:
    """Share of a spell's production that is wild (free to match any terrain)."""
    produces = SPELL[num].produces
    return Fraction(produces.count(WILD), len(produces)) if produces else Fraction(0)
