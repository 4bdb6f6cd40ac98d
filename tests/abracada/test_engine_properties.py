"""Abracada-specific properties of random games: scores never fall, winners reach the top, every option.

The generic checks (illegal actions, save round trips, views, re-dealt worlds) are in tests/conformance."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from towerlib.abracada import new_game
from towerlib.abracada import check_invariants as abracada_invariants
from towerlib.abracada.rules import WINNING_SCORE

MAX_ACTIONS = 5000            # far above any real game; a game that reaches it does not end

options_strategy = st.fixed_dictionaries({}, optional={
    "easy": st.booleans(),
    "last_standing": st.booleans(),
    "die_faces": st.sampled_from([(1, 1, 2, 2, 3, 3), (1, 2, 3, 4, 5, 6), (3,)]),
    "dark_wanderer_hits_caster": st.booleans(),
    "new_round_starter": st.sampled_from(["next", "same"]),
    "lower_declaration": st.sampled_from(["forbidden", "auto_callout"]),
    "secret_stone_visibility": st.sampled_from(["owner", "public"]),
    "empty_and_ko_precedence": st.sampled_from(["ko", "empty"]),
})


def check_invariants(game, previous_scores) -> None:
    abracada_invariants(game)
    assert all(old <= new <= WINNING_SCORE for old, new in zip(previous_scores, game.scores)), "a score fell"


def play_randomly(game, rng, check_every=1, on_step=None):
    scores = game.scores
    for step in range(MAX_ACTIONS):
        if game.is_over:
            return step
        game.apply(rng.choice(game.legal_actions()))
        if step % check_every == 0:
            check_invariants(game, scores)
        if on_step is not None:
            on_step(step)
        scores = game.scores
    raise AssertionError("the game did not end")


@pytest.mark.slow          # one of the quick loop's slowest (scripts/test --quick); CI runs it
def test_two_thousand_random_games_keep_every_invariant():
    rng = random.Random(2026)
    rounds = 0
    for seed in range(2000):
        game = new_game(players=2 + seed % 4, seed=seed)
        play_randomly(game, rng, check_every=7)
        check_invariants(game, (0,) * game.players)
        assert game.outcome().winners and all(game.scores[w] == WINNING_SCORE for w in game.outcome().winners)
        rounds += game.round_no
    assert rounds > 2000 * 3


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), options=options_strategy,
       moves=st.integers(0, 10**6))
def test_random_games_under_every_option_keep_invariants_and_end(players, seed, options, moves):
    game = new_game(players=players, seed=seed, **options)
    play_randomly(game, random.Random(moves))
    assert game.is_over and game.current_player is None and game.legal_actions() == ()


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), moves=st.integers(0, 10**6))
def test_views_are_json_and_hide_the_seats_own_stones(players, seed, moves):
    game = new_game(players=players, seed=seed)
    rng = random.Random(moves)
    for _ in range(60):
        if game.is_over:
            break
        for seat in range(players):
            view = json.loads(json.dumps(game.view(seat)))
            assert view["hands"][seat] is None
            assert len(view["own_hand"]) == len(game.hands[seat])
            assert "seed" not in json.dumps(view)
            for event in view["log"]:
                if event["kind"] == "draw" and event["seat"] == seat:
                    assert "values" not in event
                if event["kind"] == "round_start":
                    assert event["hands"][seat] is None
        game.apply(rng.choice(game.legal_actions()))
