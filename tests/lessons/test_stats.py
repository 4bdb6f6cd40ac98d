"""towerlib.stats against direct enumeration and known values (RULES.md 1.6)."""
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from towerlib import stats
from towerlib.abracada.deduction import hand_distribution
from towerlib.abracada.rules import D6, DEFAULT_DIE


def test_hypergeometric_matches_enumeration():
    stones = ["v"] * 3 + ["x"] * 6
    hands = list(combinations(range(len(stones)), 4))
    for j, p in stats.hypergeometric_pmf(9, 3, 4).items():
        assert p == Fraction(sum(1 for h in hands if sum(stones[i] == "v" for i in h) == j), len(hands))
    assert stats.hypergeometric_at_least_one(9, 3, 4) == 1 - Fraction(comb(6, 4), comb(9, 4))
    assert stats.hypergeometric_mean(9, 3, 4) == Fraction(4 * 3, 9)


@pytest.mark.parametrize("k, approx", [(1, 0.24), (2, 0.43), (4, 0.70), (8, 0.94)])
def test_rules_table_and_deduction_module_agree(k, approx):
    p = stats.hypergeometric_at_least_one(21, k, 5)
    assert round(float(p), 2) == approx
    counts = {v: 0 for v in range(1, 9)}
    counts[8] = k
    counts[7] = 21 - k if 21 - k <= 7 else 7
    rest = 21 - k - counts[7]
    for v in (6, 5, 4, 3, 2, 1):
        take = min(v, rest)
        counts[v], rest = take, rest - take
    assert hand_distribution(counts).p_at_least_one(8) == p


def test_die_expectations_match_rules():
    assert stats.die_mean(DEFAULT_DIE) == 2 and stats.die_mean(D6) == Fraction(7, 2)
    assert [stats.capped_gain(DEFAULT_DIE, 6 - L) for L in (3, 4, 5)] == [2, Fraction(5, 3), 1]
    assert stats.capped_gain(D6, 5) == Fraction(10, 3) and stats.capped_gain(D6, 3) == Fraction(5, 2)
    assert stats.at_least_chance(D6, 2) == Fraction(5, 6)


def test_intervals():
    assert stats.z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    lo, hi = stats.wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = stats.wilson_interval(0, 10)
    assert lo == 0 and 0.25 < hi < 0.35
    lo, hi = stats.normal_interval(50, 100)
    assert hi - lo == pytest.approx(2 * 1.959964 * 0.05, abs=1e-6)
    assert stats.half_width(0.5, 400) == pytest.approx(stats.half_width(0.5, 100) / 2)
    assert stats.running_rate([1, 0, 1, 1]) == [1.0, 0.5, 2 / 3, 0.75]
    with pytest.raises(ValueError):
        stats.wilson_interval(3, 2)
