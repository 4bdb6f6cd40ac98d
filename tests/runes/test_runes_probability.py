"""Exact dice odds, checked against brute-force enumeration, icepool, simulation and published figures."""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product

import pytest

from towerlib.core.errors import InvalidOption
from towerlib.runes import probability as P
from towerlib.runes.dice import SPELLS, groups

ROLLS = list(product(range(1, 7), repeat=5))


def _patterns(distinct: bool) -> dict[str, set[tuple[int, ...]]]:
    """Each spell as the explicit list of dice groups that cast it (written out independently)."""
    f = range(1, 7)
    return {
        "healing": {(1, 1)},
        "attack": {(v, v) for v in f},
        "familiar": {(v, v, v) for v in f},
        "loot": {(1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)},
        "chain": {(1, 2, 3, 4, 5), (2, 3, 4, 5, 6)},
        "class": {tuple(sorted((a,) * 3 + (b,) * 2)) for a in f for b in f if a != b or not distinct},
        "restore": {(v,) * 4 for v in f},
        "quantum": {(v,) * 5 for v in f},
    }


def _brute_groups(roll, patterns):
    """Every index subset of the ordered roll, sorted, looked up in the pattern lists."""
    found = {spell: set() for spell in patterns}
    for k in range(2, 6):
        for idx in combinations(range(5), k):
            sub = tuple(sorted(roll[i] for i in idx))
            for spell, pats in patterns.items():
                if sub in pats:
                    found[spell].add(sub)
    return found


@pytest.mark.parametrize("distinct", [False, True])
def test_spell_detection_on_all_7776_rolls(distinct):
    patterns = _patterns(distinct)
    counts = dict.fromkeys(SPELLS, 0)
    for roll in ROLLS:
        brute = _brute_groups(roll, patterns)
        for spell in SPELLS:
            assert set(groups(roll, spell, distinct)) == brute[spell], (roll, spell)
            counts[spell] += bool(brute[spell])
    for spell in SPELLS:
        assert P.p_roll(spell, distinct) == Fraction(counts[spell], 6 ** 5)


def test_one_roll_figures_match_rules_md():
    # RULES.md 2.5: any pair 0.907; three of a kind or better 0.213; full house 0.039;
    # four of a kind or better 0.020; five of a kind 0.0008; 4-straight 0.154; 5-straight 0.031.
    expect = {"attack": 0.907, "familiar": 0.213, "class": 0.039, "restore": 0.020,
              "quantum": 0.0008, "loot": 0.154, "chain": 0.031}
    for spell, value in expect.items():
        assert float(P.p_roll(spell)) == pytest.approx(value, abs=6e-4)
    assert P.p_roll("quantum") == Fraction(6, 7776)
    assert P.p_roll("chain") == Fraction(240, 7776)
    assert P.p_roll("class") - P.p_roll("class", True) == Fraction(6, 7776)


def test_one_roll_matches_icepool():
    icepool = pytest.importorskip("icepool")
    die = icepool.d6.pool(5).expand()
    for spell in SPELLS:
        mapped = die.map(lambda t, s=spell: bool(groups(t, s)))
        assert mapped.probability(True) == P.p_roll(spell)


def test_published_five_of_a_kind_in_three_rolls():
    assert P.p_within("quantum", 3) == Fraction(2_783_176, 60_466_176)


@lru_cache(maxsize=None)
def _brute_value(state, spell, r, distinct):
    """Best chance over all 32 index subsets to hold, averaging over ordered re-rolls."""
    if r == 0:
        return Fraction(int(bool(groups(state, spell, distinct))))
    return max(_brute_hold(tuple(sorted(state[i] for i in idx)), spell, r, distinct)
               for k in range(6) for idx in combinations(range(5), k))


@lru_cache(maxsize=None)
def _brute_hold(held, spell, r, distinct):
    outs = list(product(range(1, 7), repeat=5 - len(held)))
    total = sum(_brute_value(tuple(sorted(held + o)), spell, r - 1, distinct) for o in outs)
    return total / len(outs)


@pytest.mark.parametrize("spell", SPELLS)
def test_within_matches_brute_force(spell):
    for rolls in (1, 2, 3):
        brute = _brute_hold((), spell, rolls, False)
        assert P.p_within(spell, rolls) == brute
    assert P.p_within("class", 2, True) == _brute_hold((), "class", 2, True)


def test_best_hold_matches_brute_force():
    rng = random.Random(5)
    for _ in range(60):
        dice = tuple(sorted(rng.randint(1, 6) for _ in range(5)))
        spell = rng.choice(SPELLS)
        r = rng.randint(0, 2)
        held, p = P.best_hold(dice, spell, r)
        assert p == _brute_value(dice, spell, r, False)
        if r:
            assert _brute_hold(held, spell, r, False) == p
        assert all(held.count(v) <= dice.count(v) for v in held)


def test_best_hold_examples():
    assert P.best_hold([6, 6, 6, 6, 6], "quantum", 2) == ((6, 6, 6, 6, 6), Fraction(1))
    assert P.best_hold([1, 2, 3, 4, 6], "chain", 1)[1] == Fraction(1, 6)
    assert P.best_hold([1, 1, 2, 3, 6], "quantum", 0) == ((1, 1, 2, 3, 6), Fraction(0))
    held, p = P.best_hold([2, 2, 5, 5, 5], "quantum", 1)
    assert held == (5, 5, 5) and p == Fraction(1, 36)
    held, p = P.best_hold([1, 2, 4, 4, 6], "healing", 1)
    assert held == (1,) and p == 1 - Fraction(5 ** 4, 6 ** 4)   # one more 1 among four dice


def test_best_hold_policy_by_simulation():
    """Play the best_hold policy with real random dice; the success rate matches p_within."""
    rng = random.Random(11)
    for spell, trials in (("loot", 6000), ("class", 6000)):
        wins = 0
        for _ in range(trials):
            dice = [rng.randint(1, 6) for _ in range(5)]
            for left in (2, 1):
                held, _ = P.best_hold(dice, spell, left)
                dice = list(held) + [rng.randint(1, 6) for _ in range(5 - len(held))]
            wins += bool(groups(dice, spell))
        p = float(P.p_within(spell, 3))
        sigma = (p * (1 - p) / trials) ** 0.5
        assert abs(wins / trials - p) < 4 * sigma


def test_counter_odds():
    for v in range(1, 7):
        assert P.p_counter(v) == Fraction(6 - v, 6)
        assert P.p_counter(v, "defender") == Fraction(7 - v, 6)
        assert P.p_counter(v, bonus=1) == Fraction(min(6, 7 - v), 6)
    assert P.p_counter(6) == 0 and P.p_counter(6, "defender") == Fraction(1, 6)


def test_counter_odds_match_the_engine(runes_scenario):
    """Enumerate the counter die through the engine's own resolution (grades decide ties)."""
    game = runes_scenario([6, 1], summoned=["owl", "stone_golem"])   # O1 vs D3: defender wins ties
    plain = runes_scenario([6, 1])                                     # no familiars: caster wins ties
    for v in range(1, 7):
        for g, ties in ((game, "defender"), (plain, "caster")):
            stops = sum(g.counter_stops({"seat": 1, "attacker": 0, "pair": v, "die": d, "ties": "caster"})
                        for d in range(1, 7))
            assert Fraction(stops, 6) == P.p_counter(v, ties)


def test_bad_arguments_are_rejected():
    with pytest.raises(InvalidOption):
        P.p_roll("fireball")
    with pytest.raises(InvalidOption):
        P.p_within("attack", 0)
    with pytest.raises(InvalidOption):
        P.best_hold([1, 2, 3], "attack", 1)
    with pytest.raises(InvalidOption):
        P.best_hold([1, 2, 3, 4, 7], "attack", 1)
    with pytest.raises(InvalidOption):
        P.p_counter(7)
    with pytest.raises(InvalidOption):
        P.p_counter(3, ties="nobody")


@pytest.mark.parametrize("dice,spell,rolls", [((1, 2, 2, 5, 6), "attack", 1), ((3, 3, 3, 4, 6), "quantum", 2),
                                              ((1, 2, 3, 5, 6), "chain", 2), ((2, 2, 4, 4, 6), "class", 1)])
def test_p_after_hold_prices_any_hold_and_agrees_with_best_hold(dice, spell, rolls):
    held, best = P.best_hold(dice, spell, rolls)
    others = [P.p_after_hold(h, spell, rolls) for h in P.sub_multisets(dice) if len(h) < 5]
    stop = Fraction(int(P.allows(dice, spell)))          # keeping all five: what the dice show now
    assert best == max(others + [stop])
    if len(held) < 5:
        assert P.p_after_hold(held, spell, rolls) == best
    if rolls == 1:                                       # brute force: hold nothing, roll five fresh dice
        hits = sum(P.allows(o, spell) * w for o, w in P.outcomes(5))
        assert P.p_after_hold((), spell, 1) == Fraction(hits, 6 ** 5)
    with pytest.raises(InvalidOption):
        P.p_after_hold(dice, spell, rolls)
