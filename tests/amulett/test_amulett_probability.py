"""Exact odds checked against brute-force enumeration and against simulation."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, permutations, product
from statistics import mean as avg

from towerlib.amulett import probability as P
from towerlib.amulett.rules import JEWELS, ROUND_MARKERS

SMALL = {"a": 3, "b": 2, "c": 1, "d": 1}
SIM = 20_000


def _items(bag):
    return [c for c, k in bag.items() for _ in range(k)]


def test_marker_mean_and_variance():
    dist = P.marker_distribution()
    assert dist == {3: Fraction(1, 6), 4: Fraction(1, 3), 5: Fraction(1, 3), 6: Fraction(1, 6)}
    assert P.mean(dist) == Fraction(9, 2) and P.variance(dist) == Fraction(11, 12)


def test_total_areas_with_replacement_matches_enumeration():
    for k in range(4):
        brute: dict[int, Fraction] = {}
        for draws in product(ROUND_MARKERS, repeat=k):
            brute[sum(draws)] = brute.get(sum(draws), Fraction(0)) + Fraction(1, 6 ** k)
        assert P.total_areas_distribution(k) == dict(sorted(brute.items()))


def test_total_areas_without_replacement_matches_enumeration_of_bag_orders():
    for k in range(9):
        brute: dict[int, Fraction] = {}
        orders = list(permutations(range(6)))
        # two bags in a row, each a uniform order: enumerate the first bag, the second only if needed
        seconds = orders if k > 6 else [tuple(range(6))]
        weight = Fraction(1, len(orders) * len(seconds))
        for first in orders:
            for second in seconds:
                seq = [ROUND_MARKERS[i] for i in first] + [ROUND_MARKERS[i] for i in second]
                t = sum(seq[:k])
                brute[t] = brute.get(t, Fraction(0)) + weight
        assert P.total_areas_distribution(k, "without_replacement") == dict(sorted(brute.items()))


def test_total_areas_simulation():
    rng = random.Random(1)
    exact = P.total_areas_distribution(3)
    sims = [sum(rng.choice(ROUND_MARKERS) for _ in range(3)) for _ in range(SIM)]
    assert abs(avg(sims) - float(P.mean(exact))) < 0.05
    assert abs(sims.count(15) / SIM - float(exact[15])) < 0.01


def test_hypergeometric_matches_enumeration_on_a_small_bag():
    items = _items(SMALL)
    for slots in range(len(items) + 1):
        subsets = list(combinations(range(len(items)), slots))
        for colour in SMALL:
            brute: dict[int, Fraction] = {}
            for s in subsets:
                k = sum(items[i] == colour for i in s)
                brute[k] = brute.get(k, Fraction(0)) + Fraction(1, len(subsets))
            exact = {k: p for k, p in P.colour_count_distribution(colour, slots, SMALL).items() if p}
            assert exact == brute
        distinct = sum(Fraction(len({items[i] for i in s}), len(subsets)) for s in subsets)
        assert P.expected_distinct_colours(slots, SMALL) == distinct


def test_city_colours_by_simulating_the_setup():
    rng = random.Random(2)
    slots = P.places(P.CITIES)
    assert slots == 12
    reds, colours = [], []
    for _ in range(SIM // 2):
        bag = _items(JEWELS)
        rng.shuffle(bag)
        reds.append(bag[:12].count("red"))
        colours.append(len(set(bag[:12])))
    assert abs(reds.count(0) / len(reds) - float(P.colour_count_distribution("red", 12)[0])) < 0.015
    assert abs(avg(colours) - float(P.expected_distinct_colours(12))) < 0.05


def test_two_jewels_of_one_colour():
    assert P.p_two_same_colour() == Fraction(120, 1326)
    assert round(float(P.p_two_same_colour()), 3) == 0.090
    items = _items(SMALL)
    pairs = list(combinations(range(len(items)), 2))
    assert P.p_two_same_colour(SMALL) == Fraction(sum(items[i] == items[j] for i, j in pairs), len(pairs))


def test_coupon_collector_matches_enumeration_of_every_order():
    items = _items(SMALL)
    orders = list(permutations(range(len(items))))
    for c in range(len(SMALL) + 1):
        total = Fraction(0)
        for order in orders:
            seen: set[str] = set()
            t = 0
            while len(seen) < c:
                seen.add(items[order[t]])
                t += 1
            total += t
        assert P.expected_draws_for_colours(c, SMALL) == total / len(orders)


def test_coupon_collector_for_seven_colours_by_simulation():
    exact = P.expected_draws_for_colours(7)
    rng = random.Random(3)
    runs = []
    for _ in range(SIM // 2):
        bag = _items(JEWELS)
        rng.shuffle(bag)
        seen: set[str] = set()
        t = 0
        while len(seen) < 7:
            seen.add(bag[t])
            t += 1
        runs.append(t)
    assert abs(avg(runs) - float(exact)) < 0.08
    assert 10.0 < float(exact) < 10.6 and exact > 8          # 7 colours take longer than 8 jewels


def test_p_colours_after_agrees_with_the_expectation():
    tail = sum((1 - P.p_colours_after(t, 7) for t in range(53)), Fraction(0))
    assert tail == P.expected_draws_for_colours(7)


def test_spell_value():
    assert P.spell_rounds(1, 3) == 3 and P.spell_rounds(10, 3) == 2 and P.spell_rounds(10, 4) == 2
    assert P.spell_value(1, 3) == 6 and P.spell_value(10, 3) == 8 and P.spell_value(14, 5) == 0
    assert P.cards_per_stone(12, 4) == Fraction(6, 4) and P.wild_share(9) == 1
