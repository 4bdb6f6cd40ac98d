"""towerlib.runes.policy against brute force: ordered-roll enumeration, simulation, and the
independent optimal tables of towerlib.runes.probability."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest

from towerlib.core.errors import InvalidOption
from towerlib.runes import policy
from towerlib.runes.dice import SPELLS, allows
from towerlib.runes.probability import STATES, best_hold, p_within

ROLLS5 = list(product(range(1, 7), repeat=5))


@lru_cache(maxsize=None)
def p_one_roll(spell):
    """Brute force: count the 7,776 ordered rolls that allow ``spell``."""
    return Fraction(sum(allows(r, spell) for r in ROLLS5), len(ROLLS5))


@lru_cache(maxsize=None)
def p_after_reroll(held, spell):
    """Brute force: keep ``held``, roll the rest (every ordered outcome): chance of ``spell``."""
    n = 5 - len(held)
    rolls = list(product(range(1, 7), repeat=n))
    return Fraction(sum(allows(held + r, spell) for r in rolls), len(rolls))


def test_first_roll_is_the_ordered_enumeration():
    counted = Counter(tuple(sorted(r)) for r in ROLLS5)
    dist = policy.first_roll()
    assert len(dist) == 252 and sum(dist.values()) == 1
    assert all(dist[s] == Fraction(n, 7776) for s, n in counted.items())


@pytest.mark.parametrize("rule", ["most_common", "pairs", "high_pairs"])
@pytest.mark.parametrize("spell", ["quantum", "familiar", "attack", "chain"])
def test_two_rolls_by_ordered_enumeration(rule, spell):
    """Every ordered first roll; the re-roll of the dice the rule does not keep enumerated too."""
    hold = policy.RULES[rule]
    total = Fraction(0)
    for r in ROLLS5:
        state = tuple(sorted(r))
        if allows(state, spell):
            total += 1
        else:
            total += p_after_reroll(tuple(sorted(hold(state))), spell)
    assert policy.p_within_rule(spell, rule, 2) == total / 7776


def test_rules_say_what_they_keep():
    assert policy.keep_most_common((1, 2, 2, 5, 5)) == (5, 5)
    assert policy.keep_most_common((1, 2, 3, 4, 6)) == (6,)
    assert policy.keep_pairs((1, 2, 2, 5, 5)) == (2, 2, 5, 5)
    assert policy.keep_pairs((1, 2, 3, 4, 6)) == ()
    assert policy.keep_high_pairs((2, 2, 5, 5, 5)) == (5, 5, 5)


def test_rulebook_figure_for_keep_the_most_common_value():
    """RULES.md 2.5: five of a kind within 3 rolls, keeping the most common value."""
    assert policy.p_within_rule("quantum", "most_common", 3) == Fraction(2_783_176, 60_466_176)


@pytest.mark.parametrize("spell", SPELLS)
def test_rerolling_everything_is_independent_tries(spell):
    p1 = p_one_roll(spell)
    assert policy.p_by_roll(spell, "reroll_all", 3) == [1 - (1 - p1) ** k for k in (1, 2, 3)]


@pytest.mark.parametrize("spell", SPELLS)
def test_no_rule_beats_the_optimal_policy(spell):
    best = p_within(spell, 3)
    for rule in policy.RULES:
        assert policy.p_within_rule(spell, rule, 3) <= best
    assert policy.p_by_roll(spell, None, 3) == [p_within(spell, k) for k in (1, 2, 3)]


@pytest.mark.parametrize("rule,spell", [("most_common", "quantum"), ("pairs", "class"), ("most_common", "restore")])
def test_three_rolls_against_simulation(rule, spell):
    rng = random.Random(5)
    turns = 6000
    hits = sum(allows(policy.play_turn(rng, policy.rule_hold(rule, spell)), spell) for _ in range(turns))
    exact = float(policy.p_within_rule(spell, rule, 3))
    sigma = (exact * (1 - exact) / turns) ** 0.5
    assert abs(hits / turns - exact) < 4 * sigma + 1e-9


def test_optimal_play_against_simulation():
    rng = random.Random(6)
    turns = 4000
    hits = sum(allows(policy.play_turn(rng, policy.optimal_hold("loot")), "loot") for _ in range(turns))
    exact = float(p_within("loot", 3))
    assert abs(hits / turns - exact) < 4 * (exact * (1 - exact) / turns) ** 0.5


@pytest.mark.parametrize("spell", ["quantum", "loot", "class"])
def test_reward_policy_with_an_indicator_is_the_optimal_table(spell):
    """The generic backward induction with reward 1{spell} reproduces probability.py's tables."""
    dp = policy.RewardPolicy(lambda d: Fraction(int(allows(d, spell))), 3)
    assert dp.expected() == p_within(spell, 3)
    for state in STATES[::17]:
        for left in (1, 2):
            hold, p = best_hold(state, spell, left)
            assert dp.value(state, left) == p
            assert dp.hold(state, left) == hold
    final = dp.final_distribution()
    assert sum(final.values()) == 1
    assert sum(p for s, p in final.items() if allows(s, spell)) == p_within(spell, 3)


def test_reward_policy_two_rolls_by_brute_force():
    """Value with one re-roll = the best over every hold of the enumerated re-roll average."""
    reward = lambda d: Fraction(sum(v for v, n in Counter(d).items() if n >= 2))  # noqa: E731
    dp = policy.RewardPolicy(reward, 2)
    for state in [(1, 2, 3, 4, 5), (2, 2, 5, 6, 6), (1, 1, 1, 6, 6), (3, 3, 3, 3, 3)]:
        best = max(
            Fraction(sum(reward(tuple(sorted(h + r))) for r in product(range(1, 7), repeat=5 - len(h))), 6 ** (5 - len(h)))
            for h in {tuple(sorted(c)) for k in range(6) for c in _choose(state, k)})
        assert dp.value(state, 1) == best
        assert dp.value(state, 0) == reward(state)


def _choose(state, k):
    from itertools import combinations
    return combinations(state, k)


def test_bad_input_raises_typed_errors():
    with pytest.raises(InvalidOption):
        policy.p_within_rule("fireball", "pairs", 3)
    with pytest.raises(InvalidOption):
        policy.p_within_rule("attack", "keep_everything", 3)
    with pytest.raises(InvalidOption):
        policy.p_within_rule("attack", "pairs", 0)
    with pytest.raises(InvalidOption):
        policy.p_within_rule("attack", lambda d: (6, 6, 6), 2)     # keeps dice it does not have
    dp = policy.RewardPolicy(lambda d: Fraction(0), 2)
    with pytest.raises(InvalidOption):
        dp.value((1, 2, 3), 1)
    with pytest.raises(InvalidOption):
        dp.hold((1, 2, 3, 4, 5), 2)
