"""Exact odds checked against brute force and against simulation."""
import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from towerlib.spellcaster.data import DECK_VALUES, ELEMENTS, POINT_NAMES, STEPS
from towerlib.spellcaster.probability import (LockedChain, absorbing, best_of_draws, capture_chance, complete_within,
                                              contest_table, opponent_should_continue, random_walk_end, reach,
                                              sequence_walks, walk_counts)

DICE = range(1, 11)


def brute_contest(c, o):
    out = Counter()
    for a, b in itertools.product(DICE, DICE):
        d = (a + c) - (b + o)
        out["big" if d >= 4 else "small" if d >= 2 else "broken" if d <= -5 else "locked"] += Fraction(1, 100)
    return out


@pytest.mark.parametrize("c, o", [(c, o) for c in range(0, 10, 2) for o in range(0, 10, 3)])
def test_contest_table_equals_enumerating_both_dice(c, o):
    table = contest_table(c, o)
    assert dict(table) == {k: brute_contest(c, o)[k] for k in table}
    assert sum(table.values()) == 1


def test_contest_table_matches_the_rules_md_lesson_table():
    t = contest_table(3, 3)
    assert (t["big"], t["small"], t["broken"], t["locked"]) == (Fraction(21, 100), Fraction(15, 100),
                                                               Fraction(15, 100), Fraction(49, 100))


def test_contest_table_against_simulation():
    rng = random.Random(1)
    n = 20000
    seen = Counter()
    for _ in range(n):
        d = rng.randint(1, 10) + 5 - rng.randint(1, 10) - 3
        seen["big" if d >= 4 else "small" if d >= 2 else "broken" if d <= -5 else "locked"] += 1
    for k, p in contest_table(5, 3).items():
        assert abs(seen[k] / n - float(p)) < 0.015


def test_locked_chain_closed_form_and_simulation():
    chain = LockedChain(4, 4)
    t = contest_table(4, 4)
    assert chain.expected_rolls == 1 / (1 - t["locked"])
    assert chain.ends["broken"] == t["broken"] / (1 - t["locked"]) and sum(chain.ends.values()) == 1
    assert chain.resolved_within(2) == 1 - t["locked"] ** 2
    rng = random.Random(2)
    rolls = ends = 0
    n = 20000
    for _ in range(n):
        while True:
            rolls += 1
            d = rng.randint(1, 10) - rng.randint(1, 10)
            if d >= 2:
                ends += 1
                break
            if d <= -5:
                break
    assert abs(rolls / n - float(chain.expected_rolls)) < 0.03
    assert abs(ends / n - float(chain.caster_wins)) < 0.015


def test_absorbing_chain_solver_on_a_two_state_chain():
    half = Fraction(1, 2)
    steps, absorb = absorbing([[0, half], [half, 0]], [[half], [half]])
    assert steps == [2, 2] and absorb == [[1], [1]]


def test_withdraw_or_continue_compares_expected_values():
    keep, value_keep, value_leave = opponent_should_continue(2, 6, spell_harm=5)
    chain = LockedChain(2, 6)
    assert value_keep == chain.ends["big"] * -6 + chain.ends["small"] * -5 + chain.ends["broken"] * 1
    assert value_leave == -5 and keep == (value_keep > value_leave)


@pytest.mark.parametrize("unused", range(0, 8))
def test_capture_chance(unused):
    assert capture_chance(unused) == Fraction(sum(d + unused >= 6 for d in DICE), 10)
    assert capture_chance(unused) == min(1, Fraction(5 + unused, 10))


def test_best_of_three_fresh_draws_by_enumeration_and_simulation():
    law = best_of_draws(3)
    brute = Counter()
    combos = list(itertools.permutations(range(10), 3))
    for idx in combos:
        brute[max(DECK_VALUES[i] for i in idx)] += Fraction(1, len(combos))
    assert law == dict(brute)
    assert law[5] == Fraction(3, 10) and law[3] + law[5] == Fraction(5, 6)
    assert sum(v * p for v, p in law.items()) == Fraction(49, 15)
    rng = random.Random(3)
    hits = sum(max(rng.sample(DECK_VALUES, 3)) == 5 for _ in range(20000))
    assert abs(hits / 20000 - 0.3) < 0.015


def simulate_complete(conjures, skill, rng):
    deck = list(DECK_VALUES)
    rng.shuffle(deck)
    hand, kept, used = deck[:3], 0, 0
    top = 3
    for _ in range(conjures):
        fits = [v for v in hand if used + v <= skill]
        if not fits:
            continue
        v = min(fits)
        hand.remove(v)
        kept, used = kept + 1, used + v
        if kept == 2:
            return True
        hand.append(deck[top])
        top += 1
    return False


@pytest.mark.parametrize("conjures, skill", [(1, 9), (2, 5), (3, 3), (2, 2)])
def test_complete_spell_within_k_conjures_against_simulation(conjures, skill):
    rng = random.Random(conjures * 10 + skill)
    n = 8000
    hits = sum(simulate_complete(conjures, skill, rng) for _ in range(n))
    assert abs(hits / n - float(complete_within(conjures, skill))) < 0.02


def brute_walks(start, colour, k):
    counts = Counter()

    def go(p, left):
        if left == 0:
            counts[p] += 1
            return
        for q in STEPS[p, colour]:
            go(q, left - 1)
    go(start, k)
    return counts


@pytest.mark.parametrize("colour, k", [(e, k) for e in ELEMENTS for k in (1, 2, 3, 4)])
def test_walk_counts_are_matrix_powers(colour, k):
    matrix = walk_counts(colour, k)
    for i, start in enumerate(POINT_NAMES):
        brute = brute_walks(start, colour, k)
        assert {POINT_NAMES[j]: matrix[i][j] for j in range(13) if matrix[i][j]} == dict(brute)


def test_sequence_walks_multiply_the_colours():
    m = sequence_walks(["F1", "W2"])
    i = POINT_NAMES.index("iF")
    brute = Counter()
    for mid, n in brute_walks("iF", "F", 1).items():
        for end, n2 in brute_walks(mid, "W", 2).items():
            brute[end] += n * n2
    assert {POINT_NAMES[j]: m[i][j] for j in range(13) if m[i][j]} == dict(brute)


def test_random_walk_end_against_simulation():
    law = random_walk_end("C", "F", 3)
    rng = random.Random(4)
    seen = Counter()
    n = 20000
    for _ in range(n):
        p = "C"
        for _ in range(3):
            p = rng.choice(STEPS[p, "F"]) if STEPS[p, "F"] else p
        seen[p] += 1
    assert sum(law.values()) == 1
    assert all(abs(seen[p] / n - float(q)) < 0.015 for p, q in law.items())


def brute_reach(start, motion, casters):
    ends, strikes = set(), set()

    def go(p, cards, left):
        if left == 0:
            if not cards:
                ends.add(p)
                return
            colour, value = cards[0][0], int(cards[0][1:])
            if not STEPS[p, colour]:
                ends.add(p)
                return
            return go_card(p, cards, value)
        go_card(p, cards, left)

    def go_card(p, cards, left):
        colour = cards[0][0]
        for q in STEPS[p, colour]:
            if q in casters:
                strikes.add(q)
            elif left == 1:
                go(q, cards[1:], 0)
            else:
                go_card(q, cards, left - 1)

    go(start, list(motion), 0)
    return frozenset(ends), frozenset(strikes)


@pytest.mark.parametrize("start, motion, casters", [
    ("iF", ["F1"], ["C"]), ("cF", ["F3", "W1"], ["cW", "iE"]), ("C", ["A1", "W3"], ["iW", "cA"]),
    ("mEW", ["E1", "F1", "A3"], ["iF"]), ("cE", ["W1", "E1"], []), ("C", ["F3", "F3", "E1"], ["mFE", "cW"]),
])
def test_reach_equals_following_every_route(start, motion, casters):
    assert reach(start, motion, casters) == brute_reach(start, motion, casters)
