"""towerlib.runes.duel against independent computations: ordered enumeration for one turn's
holds, a numpy linear solve of the chain, and simulations on the real engine with DuelBot."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, product

import numpy as np
import pytest

from towerlib.core.bots import play
from towerlib.core.errors import InvalidOption
from towerlib.runes import duel, policy


def test_hit_chance_is_rule_14():
    for v in range(1, 7):
        assert duel.hit_chance(v) == Fraction(sum(d <= v for d in range(1, 7)), 6)
        assert duel.hit_chance(v, 1) == Fraction(sum(d + 1 <= v for d in range(1, 7)), 6)


def test_pairs_are_disjoint():
    assert duel.pairs((6, 6, 6, 6, 2)) == [6, 6]
    assert duel.pairs((3, 3, 3, 5, 5)) == [5, 3]
    assert duel.pairs((1, 2, 3, 4, 4)) == [4]
    assert duel.pairs((1, 2, 3, 4, 5)) == []


def test_damage_holds_by_brute_force():
    """With one re-roll left, the policy's value is the best of every hold, re-rolls enumerated."""
    dp = duel.damage_policy(0)
    reward = duel.damage_reward(0)
    for state in [(1, 2, 3, 4, 5), (2, 2, 5, 6, 6), (1, 1, 4, 4, 6), (3, 3, 3, 3, 6)]:
        holds = {tuple(sorted(c)) for k in range(6) for c in combinations(state, k)}
        best = max(Fraction(sum(reward(tuple(sorted(h + r))) for r in product(range(1, 7), repeat=5 - len(h))),
                            6 ** (5 - len(h))) for h in holds)
        assert dp.value(state, 1) == best


def test_turn_outcomes_add_up_and_match_the_expected_damage():
    out = duel.turn_outcomes(0)
    assert sum(out.values()) == 1 and set(out) <= {duel.KILL, 0, 2, 4}
    final = duel.damage_policy(0).final_distribution()
    quantum_reward = sum(p * duel.damage_reward(0)(s) for s, p in final.items() if duel.is_quantum(s))
    assert sum(d * p for d, p in out.items() if d != duel.KILL) + quantum_reward == duel.expected_damage(0)
    assert out[duel.KILL] == sum(p for s, p in final.items() if duel.is_quantum(s))


def test_one_turn_against_simulation():
    """Play the holds with random dice and roll real counter dice: the damage histogram."""
    rng = random.Random(11)
    turns = 6000
    hold = duel.damage_policy(0).hold
    seen = Counter()
    for _ in range(turns):
        dice = policy.play_turn(rng, hold)
        if duel.is_quantum(dice):
            seen[duel.KILL] += 1
        else:
            seen[sum(2 for v in duel.pairs(dice) if rng.randint(1, 6) <= v)] += 1
    for outcome, p in duel.turn_outcomes(0).items():
        p = float(p)
        assert abs(seen[outcome] / turns - p) < 4 * (p * (1 - p) / turns) ** 0.5 + 1e-3


def test_simulate_turns_matches_the_outcomes():
    turns = 5000
    seen = duel.simulate_turns(turns, random.Random(12), counter_bonus=1)
    assert sum(seen.values()) == turns
    for outcome, p in duel.turn_outcomes(1).items():
        p = float(p)
        assert abs(seen[outcome] / turns - p) < 4 * (p * (1 - p) / turns) ** 0.5 + 1e-3


def test_rule_damage_by_enumeration():
    """Re-rolling everything leaves the last roll: its expected damage over the 7,776 ordered rolls."""
    reward = duel.damage_reward(0)
    one_roll = Fraction(sum(reward(tuple(sorted(r))) for r in product(range(1, 7), repeat=5)), 6 ** 5)
    assert duel.expected_damage_of_rule("reroll_all") == one_roll
    assert duel.expected_damage_of_rule("pairs") < duel.expected_damage(0)
    assert duel.expected_damage_of_rule("high_pairs") < duel.expected_damage(0)


def test_initiative_by_enumeration():
    assert duel.p_first("pyromancer", "necromancer") == Fraction(1, 2)
    # Chronomancer: d + 1 against d', ties won.
    assert duel.p_first("chronomancer", "pyromancer") == Fraction(
        sum(a + 1 >= b for a in range(1, 7) for b in range(1, 7)), 36)
    assert duel.p_first("pyromancer", "chronomancer") == 1 - duel.p_first("chronomancer", "pyromancer")


def _numpy_solve(a, b, max_health, pa):
    """An independent solve: turn by turn, a linear system over (ha, hb, who moves, turn in round)."""
    ta = {k: float(v) for k, v in duel.turn_outcomes(duel.duelist(b).counter_bonus).items()}
    tb = {k: float(v) for k, v in duel.turn_outcomes(duel.duelist(a).counter_bonus).items()}
    hs = range(1, max_health + 1)
    # State: (ha, hb, stage), stage 0 = round start, 1 = A moved first (B next), 2 = B moved first (A next).
    index = {(x, y, s): i for i, (x, y, s) in enumerate(product(hs, hs, range(3)))}
    n = len(index)
    m, r = np.eye(n), np.zeros(n)

    def move(i, mover, x, y, p_scale, nxt_stage):
        table = ta if mover == 0 else tb
        for out, p in table.items():
            if mover == 0:
                if out == duel.KILL or y - out <= 0:
                    r[i] += p_scale * p
                else:
                    m[i, index[(x, y - out, nxt_stage)]] -= p_scale * p
            else:
                if out != duel.KILL and x - out > 0:
                    m[i, index[(x - out, y, nxt_stage)]] -= p_scale * p

    for (x, y, s), i in index.items():
        if s == 0:
            move(i, 0, x, y, pa, 1)
            move(i, 1, x, y, 1 - pa, 2)
        elif s == 1:
            move(i, 1, x, y, 1.0, 0)
        else:
            move(i, 0, x, y, 1.0, 0)
    sol = np.linalg.solve(m, r)
    return {(x, y): sol[index[(x, y, 0)]] for x in hs for y in hs}


@pytest.mark.parametrize("a,b,first", [("pyromancer", "necromancer", "initiative"),
                                       ("chronomancer", "cryomancer", "initiative"),
                                       ("druid", "alchemist", "alternate")])
def test_chain_against_a_numpy_solve(a, b, first):
    exact = duel.solve(a, b, max_health=7, first=first)
    pa = 1.0 if first == "alternate" else float(duel.p_first(a, b))
    check = _numpy_solve(a, b, 7, pa)
    for state, w in exact.win.items():
        assert isinstance(w, Fraction)
        assert abs(float(w) - check[state]) < 1e-12


def test_symmetry_and_no_draws():
    same = duel.solve("pyromancer", "necromancer", max_health=8)
    for h in range(1, 9):
        assert same.win[h, h] == Fraction(1, 2)
    a = duel.solve("chronomancer", "pyromancer", max_health=6)
    b = duel.solve("pyromancer", "chronomancer", max_health=6)
    for (x, y), w in a.win.items():
        assert w + b.win[y, x] == 1
        assert a.turns[x, y] == b.turns[y, x]
    # Healthier is better; initiative helps.
    assert same.win[8, 4] > same.win[6, 4] > same.win[4, 4]
    assert a.win[6, 6] > Fraction(1, 2)
    assert duel.solve(max_health=6, first="alternate").win[6, 6] > Fraction(1, 2)


def test_one_hit_point_each():
    """From (1, 1) the first wizard to deal any damage wins: a closed form to compare with."""
    out = duel.turn_outcomes(0)
    hit = 1 - out[0]
    # A first: A wins at once with `hit`, else B gets the same chance, and so on (round after round).
    p_a_first_wins = hit / (1 - (1 - hit) ** 2)
    res = duel.solve(max_health=1)
    assert res.win[1, 1] == Fraction(1, 2)
    alt = duel.solve(max_health=1, first="alternate")
    assert alt.win[1, 1] == p_a_first_wins


@pytest.mark.parametrize("a,b,health", [("pyromancer", "necromancer", (4, 6)),
                                        ("chronomancer", "pyromancer", (5, 5))])
def test_engine_duels_with_the_bots(a, b, health):
    """The real engine, its own dice, DuelBot on both seats: win rate and mean turns."""
    games = 300
    sim = duel.simulate(a, b, health, games, seed=100)
    exact = duel.solve(a, b, max_health=6)
    w = float(exact.win[health])
    assert abs(sim["win_a"] - w) < 4 * (w * (1 - w) / games) ** 0.5
    assert abs(sim["turns"] - float(exact.turns[health])) < 0.1 * float(exact.turns[health])
    assert abs(sim["rounds"] - float(exact.rounds[health])) < 0.1 * float(exact.rounds[health])


def test_engine_initiative_matches_p_first():
    games, first = 300, 0
    for seed in range(games):
        game = duel.engine_duel("chronomancer", "pyromancer", (3, 3), seed)
        bots = [duel.DuelBot(), duel.DuelBot()]
        while not any(e.kind == "initiative" for e in game.events):
            seat = game.current_player
            game.apply(bots[seat].choose(game.view(seat, log=False)).action)
        order = next(e for e in game.events if e.kind == "initiative").data["order"]
        first += order[0] == 0
    p = float(duel.p_first("chronomancer", "pyromancer"))
    assert abs(first / games - p) < 4 * (p * (1 - p) / games) ** 0.5


def test_duel_bot_plays_the_model_only():
    game = duel.engine_duel("pyromancer", "necromancer", (8, 8), seed=3)
    seen = []
    play(game, [duel.DuelBot(), duel.DuelBot()], on_choice=lambda s, c: seen.append(c.action))
    assert game.is_over and len(game.winners) == 1
    assert {a.verb for a in seen} <= {"hold", "stop", "cast", "end", "pass"}
    assert {a.name for a in seen if a.verb == "cast"} <= {"attack", "quantum"}
    assert all(not h for h in game.hand)


def test_full_rules_game_with_the_engine_bots():
    for seed in (1, 2):
        one = duel.play_full("chronomancer", "pyromancer", seed)
        assert one["win_a"] in (0, 1) and one["turns"] >= 1 and one["rounds"] >= 1


def test_model_simulation_agrees():
    rng = random.Random(4)
    games = 1500
    sim = duel.simulate_model("cryomancer", "pyromancer", (6, 6), games, rng)
    w = float(duel.solve("cryomancer", "pyromancer", max_health=6).win[6, 6])
    assert abs(sim["win_a"] - w) < 4 * (w * (1 - w) / games) ** 0.5


def test_bad_input():
    with pytest.raises(InvalidOption):
        duel.solve("warlock", "pyromancer")
    with pytest.raises(InvalidOption):
        duel.solve(max_health=0)
    with pytest.raises(InvalidOption):
        duel.solve(first="random")
