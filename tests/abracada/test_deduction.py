"""Exact hand deduction, checked against brute force over explicit stones and RULES.md 1.6."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import islice, permutations, product
from math import comb

import pytest

from towerlib.abracada import new_game
from towerlib.abracada.deduction import (_NO_BOUNDS, HandDistribution, InvalidPosition, _canonical,
                                         _dp, _weight, deduce, distribution, hand_distribution,
                                         position)

VALUES = range(1, 9)


def brute_labelled(counts: dict[int, int], allowed: list[set[int]]) -> Counter:
    """Weights of sorted hands, by listing every ordered choice of distinct physical stones."""
    stones = [v for v in VALUES for _ in range(counts.get(v, 0))]
    out: Counter = Counter()
    for chosen in permutations(range(len(stones)), len(allowed)):
        values = [stones[i] for i in chosen]
        if all(v in ok for v, ok in zip(values, allowed)):
            out[tuple(values)] += 1
    return out


def brute_vectors(counts: dict[int, int], allowed: list[set[int]]) -> Counter:
    """Weights of slot-value vectors: the product of falling factorials, listed vector by vector."""
    out: Counter = Counter()
    for values in product(*(sorted(ok) for ok in allowed)):
        w = 1
        for v, m in Counter(values).items():
            for i in range(m):
                w *= counts.get(v, 0) - i
        if w > 0:
            out[values] = w
    return out


def check_against(dist: HandDistribution, weights: Counter) -> None:
    """Every query of ``dist`` equals the same query computed from explicit weighted hands."""
    total = sum(weights.values())
    prob = {vec: Fraction(w, total) for vec, w in weights.items()}
    for k in VALUES:
        assert dist.p_at_least_one(k) == sum(p for vec, p in prob.items() if k in vec)
        pmf = Counter()
        for vec, p in prob.items():
            pmf[vec.count(k)] += p
        assert {j: p for j, p in dist.pmf(k).items() if p} == dict(pmf)
        assert dist.expected(k) == sum(vec.count(k) * p for vec, p in prob.items())
    for i in range(dist.hand_size):
        slot = Counter()
        for vec, p in prob.items():
            slot[vec[i]] += p
        assert {v: p for v, p in dist.slot_probabilities(i).items() if p} == dict(slot)
    sorted_hands = Counter()
    for vec, p in prob.items():
        sorted_hands[tuple(sorted(vec))] += p
    assert dist.hands() == dict(sorted_hands)
    for need in ({3: 1}, {2: 1, 3: 1}, {5: 2}, {1: 1, 8: 1}, {4: 1, 5: 1, 6: 1}):
        want = sum(p for vec, p in prob.items() if all(vec.count(v) >= n for v, n in need.items()))
        assert dist.p_at_least(need) == want


def random_small_position(rng: random.Random) -> tuple[dict[int, int], list[set[int]]]:
    counts = {v: rng.randint(0, min(v, 2)) for v in VALUES}
    size = rng.randint(1, min(3, sum(counts.values())))
    # Mostly arbitrary allowed sets (not nested), to exercise the general DP as well.
    allowed = [{v for v in VALUES if rng.random() < 0.7} for _ in range(size)]
    return counts, allowed


def masks_of(allowed: list[set[int]]) -> tuple[int, ...]:
    return tuple(sum(1 << v for v in ok) for ok in allowed)


def test_small_positions_match_a_count_of_physical_stones():
    rng = random.Random(2024)
    checked = 0
    while checked < 60:
        counts, allowed = random_small_position(rng)
        labelled = brute_labelled(counts, allowed)
        if not labelled:
            with pytest.raises(InvalidPosition):
                HandDistribution(tuple(counts.get(v, 0) for v in range(9)), masks_of(allowed))
            continue
        assert labelled == brute_vectors(counts, allowed)       # the falling-factorial weight
        dist = HandDistribution(tuple(counts.get(v, 0) for v in range(9)), masks_of(allowed))
        check_against(dist, labelled)
        checked += 1


def real_positions(n_games: int, seed: int, every: int = 7):
    """(game, seat) pairs met in random games with several players and ruled-out stones."""
    rng = random.Random(seed)
    for g in range(n_games):
        game = new_game(rng.choice([2, 3, 4, 5]), seed=seed + g)
        step = 0
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            step += 1
            if step % every == 0 and game.phase == "play":
                yield game, game.current_player


def test_real_positions_match_brute_force_over_slot_values():
    seen_constraints = 0
    for game, seat in islice(real_positions(6, seed=11, every=9), 0, None, 4):    # 16 positions
        view = game.view(seat)
        counts, masks = position(view)
        allowed = [{v for v in VALUES if m >> v & 1} for m in masks]
        seen_constraints += any(len(a) < 8 for a in allowed)
        check_against(deduce(view), brute_vectors(dict(zip(range(9), counts)), allowed))
    assert seen_constraints >= 5


def test_unseen_stones_are_the_ones_the_seat_cannot_see():
    for game, seat in real_positions(5, seed=3):
        counts, masks = position(game.view(seat))
        hidden = Counter(game.hands[seat] + game.pile + game.secret_pool)
        if game.options["secret_stone_visibility"] == "owner":
            hidden += Counter(s for q, sec in enumerate(game.secrets) if q != seat for s in sec)
        assert counts == tuple(hidden.get(v, 0) for v in range(9))
        # the truth is always possible: every real stone avoids the values ruled out for it
        assert all(m >> v & 1 for m, v in zip(masks, game.hands[seat]))


@pytest.mark.parametrize("k, figure", [(1, 0.24), (2, 0.43), (4, 0.70), (8, 0.94)])
def test_rules_1_6_four_players(k, figure):
    unseen = {1: 1, 2: 2, 3: 0, 4: 4, 5: 2, 6: 4, 7: 0, 8: 8}     # U = 21 stones, k copies of k
    assert sum(unseen.values()) == 21
    p = hand_distribution(unseen).p_at_least_one(k)
    assert p == 1 - Fraction(comb(21 - k, 5), comb(21, 5))
    assert round(float(p), 2) == figure
    assert hand_distribution(unseen).expected(k) == Fraction(5 * k, 21)


def test_rules_1_6_five_players():
    unseen = {1: 1, 2: 0, 3: 3, 4: 4, 5: 0, 6: 0, 7: 0, 8: 8}     # U = 16
    dist = hand_distribution(unseen)
    assert round(float(dist.p_at_least_one(1)), 2) == 0.31
    assert round(float(dist.p_at_least_one(8)), 2) == 0.99


def test_the_start_of_a_real_round_is_hypergeometric():
    game = new_game(4, seed=5)
    view = game.view(0)
    dist = deduce(view)
    counts, _ = position(view)
    for v in VALUES:
        assert dist.p_at_least_one(v) == 1 - Fraction(comb(21 - counts[v], 5), comb(21, 5))
        for j, p in dist.pmf(v).items():
            assert p == Fraction(comb(counts[v], j) * comb(21 - counts[v], 5 - j), comb(21, 5))


def test_absent_values_and_a_failed_cast():
    dist = hand_distribution({3: 3, 5: 5, 8: 8}, hand_size=2, absent=[8])
    assert dist.p_at_least_one(8) == 0
    assert dist.p_at_least_one(3) == 1 - Fraction(5 * 4, 8 * 7)
    game = new_game(4, seed=1, deal={"hands": [[2, 3, 4, 5, 6], [7, 7, 7, 7, 7], [8, 8, 8, 8, 8], [6, 6, 6, 6, 6]],
                                      "secret": [1, 2, 3, 3], "removed": [],
                                      "pile": [4, 4, 4, 5, 5, 5, 5, 7, 7, 8, 8, 8]})
    game.apply("cast 8")                                         # seat 0 holds no 8: a failure
    assert deduce(game.view(0)).p_at_least_one(8) == 0


def test_hold_chances_are_the_exact_chances():
    for game, seat in real_positions(4, seed=8, every=5):
        dist = deduce(game.view(seat))
        chances = dist.hold_chances()
        for v in VALUES:
            assert chances[v] == pytest.approx(float(dist.p_at_least_one(v)), abs=1e-12)


def test_general_dp_and_closed_form_agree_on_nested_sets():
    rng = random.Random(4)
    for _ in range(200):
        counts = tuple([0] + [rng.randint(0, v) for v in VALUES])
        sets = sorted(rng.sample(range(1, 9), rng.randint(1, 8)) for _ in range(rng.randint(1, 5)))
        sets.sort(key=len)
        nested = []
        for s in sets:                                            # make the sets a chain
            nested.append(set(s) | (nested[-1] if nested else set()))
        masks = masks_of(nested)
        if sum(counts) < len(masks):
            continue
        assert _weight(counts, _canonical(masks)) == _dp(counts, masks, *_NO_BOUNDS).get((), 0)


def test_deduce_is_cached_by_position():
    game = new_game(4, seed=9)
    assert deduce(game.view(1)) is deduce(game.view(1))
    assert deduce(game.view(1)) is distribution(*position(game.view(1)))


@pytest.mark.parametrize("call", [
    lambda: hand_distribution({3: 2}, hand_size=3),               # hand larger than unseen
    lambda: hand_distribution({9: 1}),                            # no such value
    lambda: hand_distribution({2: 3}),                            # only two 2s exist
    lambda: hand_distribution({2: -1}),
    lambda: hand_distribution({8: 8}, hand_size=6),
    lambda: hand_distribution({8: 8}, hand_size=2, absent=[8]),   # nothing left to hold
    lambda: hand_distribution({8: 8}, absent=[0]),
    lambda: hand_distribution({8: 8}).slot_probabilities(5),
    lambda: hand_distribution({8: 8}).pmf(0),
    lambda: hand_distribution({8: 8}).p_at_least({8: -1}),
    lambda: deduce({"game": "runes"}),
])
def test_impossible_input_is_a_clear_value_error(call):
    with pytest.raises(InvalidPosition) as info:
        call()
    assert isinstance(info.value, ValueError)
    assert info.value.message("ru") and info.value.message("ru") != str(info.value)


def test_a_view_showing_too_many_stones_is_rejected():
    view = new_game(4, seed=2).view(0)
    view["removed"] = [1]
    view["hands"][1] = [1, 1, 1, 1, 1]
    with pytest.raises(InvalidPosition, match="value 1"):
        deduce(view)


def test_a_finished_round_reveals_the_hand():
    rng = random.Random(1)
    game = new_game(3, seed=4)
    while game.phase == "play":
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    for seat in range(3):
        dist = deduce(game.view(seat))
        for i, v in enumerate(game.hands[seat]):
            assert dist.slot_probabilities(i)[v] == 1
