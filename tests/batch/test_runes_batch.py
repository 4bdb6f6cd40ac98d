"""towerlib.runes.batch against exact answers and the engine.

The exact references are independent of the batch code: the multiset Markov chain of
:mod:`towerlib.runes.policy` (Fractions), :func:`towerlib.runes.probability.p_within` and the
duel's Markov-chain solution :func:`towerlib.runes.duel.solve`. Simulated frequencies must sit
within 4 standard errors of them (seeds fixed); the whole 252-state distribution of the final
dice must pass a chi-square bound (mean df, plus 5 standard deviations of the statistic).
"""
from __future__ import annotations

import math
from itertools import product

import numpy as np
import pytest

from towerlib.core.errors import InvalidOption
from towerlib.runes import batch, duel
from towerlib.runes.dice import SPELLS
from towerlib.runes.policy import RULES, p_within_rule, rule_distributions
from towerlib.runes.probability import STATES, best_hold, p_within

N = 400_000


def exact_final(rule: str, rolls: int = 3) -> dict:
    """The exact distribution of the final dice (state -> Fraction) under a named rule."""
    return rule_distributions(rule, rolls)[-1]


def assert_matches(freq: np.ndarray, exact: dict, n: int) -> None:
    p = np.array([float(exact.get(s, 0)) for s in STATES])
    assert abs(p.sum() - 1) < 1e-12
    assert (freq[p == 0] == 0).all(), "a state the policy can never reach came up"
    on = p > 0
    chi2 = (n * (freq[on] - p[on]) ** 2 / p[on]).sum()
    df = on.sum() - 1
    assert chi2 <= df + 5 * math.sqrt(2 * df), (chi2, df)
    for k, spell in enumerate(SPELLS):
        q = p @ batch.ALLOWS[:, k]
        got = freq @ batch.ALLOWS[:, k]
        assert abs(got - q) <= 4 * math.sqrt(max(q * (1 - q), 1 / n) / n), (spell, got, q)


@pytest.mark.parametrize("rule", list(RULES))
def test_rules_of_thumb_match_the_exact_chain(rule):
    res = batch.simulate_turns(N, rule, seed=1)
    assert_matches(res.frequencies(), exact_final(rule), N)


def test_optimal_holds_and_reward_policies_match():
    for spell in ("quantum", "chain", "class"):
        res = batch.simulate_turns(N, ("optimal", spell), seed=2)
        exact = float(p_within(spell, 3))
        assert abs(res.allows(spell).mean() - exact) <= 4 * math.sqrt(exact * (1 - exact) / N), spell
    policy = duel.damage_policy(1)
    res = batch.simulate_turns(N, policy, seed=3)
    assert_matches(res.frequencies(), policy.final_distribution(), N)


def test_stopping_once_the_spell_is_there():
    for spell, rule in (("quantum", "most_common"), ("loot", "pairs"), ("attack", "reroll_all")):
        res = batch.simulate_turns(N, rule, spell=spell, seed=4)
        exact = float(p_within_rule(spell, rule))
        assert abs(res.allows(spell).mean() - exact) <= 4 * math.sqrt(exact * (1 - exact) / N), spell
        if rule != "pairs":                 # these rules alone never keep all five dice of a roll
            assert res.allows(spell)[res.rolls < 3].all()       # so an early stop means the spell is there


def test_the_compiled_tables_are_the_rules():
    for name, rule in RULES.items():
        table = batch.hold_table(name)
        for i, s in enumerate(STATES):
            held = tuple(int(d) for d in table[1, i] if d)
            assert held == tuple(sorted(rule(s))), (name, s)
            assert (table[2, i] == table[1, i]).all()
    table = batch.hold_table(("optimal", "chain"))
    for i, s in enumerate(STATES):
        for left in (1, 2):
            assert tuple(int(d) for d in table[left, i] if d) == best_hold(s, "chain", left)[0]


def test_every_ordered_roll_maps_to_its_sorted_state():
    for dice in product(range(1, 7), repeat=5):
        code = sum((d - 1) * 6 ** i for i, d in enumerate(dice))
        assert STATES[batch.STATE_OF_ROLL[code]] == tuple(sorted(dice))


def test_rolls_per_turn_and_seeds():
    one = batch.simulate_turns(50_000, "most_common", rolls=1, seed=5)
    assert (one.rolls == 1).all()
    assert_matches(one.frequencies(), rule_distributions("most_common", 1)[-1], 50_000)
    a = batch.simulate_turns(1000, "pairs", seed=6)
    b = batch.simulate_turns(1000, "pairs", seed=6)
    assert (a.state == b.state).all() and (a.dice() == batch.STATE_DICE[a.state]).all()


DUELS = [("pyromancer", "necromancer", (15, 15), "initiative"),
         ("chronomancer", "cryomancer", (7, 10), "initiative"),
         ("cryomancer", "druid", (9, 6), "alternate"),
         ("chronomancer", "chronomancer", (4, 4), "initiative")]


@pytest.mark.parametrize("a,b,health,first", DUELS)
def test_duels_match_the_exact_markov_chain(a, b, health, first):
    n = 200_000
    res = batch.simulate_duels(n, a, b, health=health, first=first, seed=7)
    exact = duel.solve(a, b, max_health=max(health), first=first)
    p = float(exact.win[health])
    assert abs((res.winner == 0).mean() - p) <= 4 * math.sqrt(p * (1 - p) / n)
    for got, want in ((res.turns, exact.turns[health]), (res.rounds, exact.rounds[health])):
        assert abs(got.mean() - float(want)) <= 4 * got.std() / math.sqrt(n)
    assert ((res.health[np.arange(n), 1 - res.winner] <= 0)).all()
    assert (res.health[np.arange(n), res.winner] > 0).all()


@pytest.mark.parametrize("bonus", [0, 1])
def test_attack_turns_match_the_exact_turn_outcomes(bonus):
    """Runes lesson 3's section 1: one turn's result (0, 2, 4 damage or Quantum Death) against
    :func:`duel.turn_outcomes` (the damage policy's exact final dice, exact counter dice)."""
    n = 200_000
    res = batch.simulate_attack_turns(n, counter_bonus=bonus, seed=11 + bonus)
    exact = duel.turn_outcomes(bonus)
    seen = {duel.KILL: res.quantum, **{d: ~res.quantum & (res.damage == d) for d in (0, 2, 4)}}
    assert set(seen) == set(exact) and sum(int(v.sum()) for v in seen.values()) == n
    for outcome, hit in seen.items():
        p = float(exact[outcome])
        assert abs(hit.mean() - p) <= 4 * math.sqrt(p * (1 - p) / n), (bonus, outcome, hit.mean(), p)
    assert (res.damage[res.quantum] == 0).all()


@pytest.mark.slow
def test_duels_match_the_engine_played_by_duel_bots():
    games = 300
    engine = duel.simulate("chronomancer", "cryomancer", (5, 6), games, seed=1, max_health=6)
    res = batch.simulate_duels(100_000, "chronomancer", "cryomancer", health=(5, 6), seed=8)
    p = (res.winner == 0).mean()
    assert abs(engine["win_a"] - p) <= 4 * math.sqrt(p * (1 - p) * (1 / games + 1 / len(res)))
    assert abs(engine["turns"] - res.turns.mean()) <= 4 * res.turns.std() * math.sqrt(1 / games + 1 / len(res))


@pytest.mark.parametrize("call", [
    lambda: batch.simulate_turns(10, "keep_sixes"),
    lambda: batch.simulate_turns(10, ("optimal", "fireball")),
    lambda: batch.simulate_turns(10, "pairs", spell="fireball"),
    lambda: batch.simulate_turns(10, "pairs", rolls=0),
    lambda: batch.simulate_turns(10, 42),
    lambda: batch.simulate_turns(0),
    lambda: batch.simulate_turns(10, lambda dice: (7,)),
    lambda: batch.simulate_turns(10, duel.damage_policy(0, 2), rolls=3),
    lambda: batch.simulate_duels(10, "wizard-of-oz"),
    lambda: batch.simulate_duels(10, health=(0, 5)),
    lambda: batch.simulate_duels(10, health=5),
    lambda: batch.simulate_duels(10, first="random"),
    lambda: batch.simulate_attack_turns(0),
    lambda: batch.simulate_attack_turns(10, counter_bonus=-1),
    lambda: batch.simulate_attack_turns(10, counter_bonus=True),
    lambda: batch.simulate_attack_turns(10, rolls=0),
    lambda: batch.TurnResults(np.zeros(1, dtype=np.int64), np.ones(1)).allows("fireball"),
])
def test_bad_input_raises_invalid_option(call):
    with pytest.raises(InvalidOption):
        call()
