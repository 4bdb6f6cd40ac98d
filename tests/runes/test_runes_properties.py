"""Properties over many random games: invariants, termination, action texts, views, save files."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from towerlib.core.errors import SaveError
from towerlib.runes import load, new_game, parse


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6), health=st.sampled_from([4, 9, 15]),
       distinct=st.booleans(), slot=st.booleans())
def test_random_games_keep_every_invariant(runes_invariants, runes_play_random, seed, players, health,
                                           distinct, slot):
    game = new_game(players=players, seed=seed, max_health=health, full_house_distinct_values=distinct,
                    familiar_uses_slot=slot)
    runes_invariants(game)
    runes_play_random(game, seed, check_every=1)
    assert game.is_over and game.outcome() is not None


@pytest.mark.slow          # one of the quick loop's slowest (scripts/test --quick); CI runs it
def test_many_random_games_end(runes_play_random):
    """600 seeded games (2-6 players, short health to keep it quick) all end within bounds."""
    winners = 0
    for seed in range(600):
        game = new_game(players=2 + seed % 5, seed=seed, max_health=5)
        runes_play_random(game, seed, check_every=50)
        winners += len(game.winners)
    assert winners > 570          # draws (nobody left standing) are possible but rare


def test_action_texts_round_trip_and_views_are_json():
    rng = random.Random(3)
    for seed in range(15):
        game = new_game(players=2 + seed % 5, seed=seed, max_health=6)
        while not game.is_over:
            legal = game.legal_actions()
            for action in legal:
                assert parse(str(action)) == action
            for seat in range(game.players):
                view = game.view(seat)
                json.dumps(view)
                assert view["legal"] == ([str(a) for a in legal] if seat == game.current_player else [])
            game.apply(str(rng.choice(legal)))


def _world(other_hand, loot_top, seed, future_dice):
    """A 3-player table whose public state is fixed; hidden parts vary with the arguments."""
    return new_game(players=3, seed=seed, deal={
        "wizards": ["druid", "warlock", "shaman"],
        "hands": [["healing_potion", "fire_scroll"], other_hand, ["mana_crystal"]],
        "loot": loot_top, "dice": [6, 2, 1, 1, 2, 3, 5, 5, 1, 2, 3] + future_dice})


def test_views_hide_hands_decks_and_dice():
    a = _world(["shield_scroll", "pickpocket"], ["grimoire", "poison_dart"], 1, [6, 6, 6])
    b = _world(["poison_dart", "smoke_bomb"], ["healing_potion", "staff_of_power"], 99, [4, 2, 5])
    for g in (a, b):
        while g.current_player != 0 or g.phase != "roll":
            g.apply("pass")          # everyone passes the windows before the first turn
        g.apply("hold 5 5")          # seat 0's re-roll uses the shared dice 1 2 3
    assert a.view(0) == b.view(0)
    assert a.view(2) == b.view(2)
    assert a.view(1) != b.view(1)    # seat 1 sees its own hand
    text = json.dumps(a.view(0))
    for secret in ("shield_scroll", "pickpocket", "grimoire"):
        assert secret not in text


def test_save_and_load_round_trip(runes_invariants):
    rng = random.Random(8)
    for seed in range(6):
        game = new_game(players=2 + seed % 5, seed=seed)
        for _ in range(rng.randint(0, 120)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        copy = load(game.to_json())
        assert copy.to_json() == game.to_json()
        runes_invariants(copy)
        for _ in range(40):          # both continue identically: the RNG state is replayed too
            if game.is_over:
                break
            action = rng.choice(game.legal_actions())
            assert game.apply(action) == copy.apply(action)
        assert copy.to_json() == game.to_json()


def test_scenario_saves_round_trip(runes_scenario):
    game = runes_scenario([6, 1, 5, 5, 2, 3, 4, 1], hands=[[], ["shield_scroll"]])
    game.apply("stop")
    game.apply("cast attack 5 5 -> 1")
    assert load(game.to_json()).to_json() == game.to_json()


def _corrupt(text, change):
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def test_corrupt_saves_are_rejected():
    game = new_game(players=3, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    good = game.to_json()
    bad = [
        good[: len(good) // 2],
        "[]",
        _corrupt(good, lambda d: d["state"]["health"].__setitem__(0, 99)),
        _corrupt(good, lambda d: d["state"]["hand"].__setitem__(1, ["staff_of_power"])),
        _corrupt(good, lambda d: d["state"].pop("loot_deck")),
        _corrupt(good, lambda d: d["actions"].__setitem__(5, "cast quantum 6 6 6 6 6 -> 1")),
        _corrupt(good, lambda d: d["actions"].append("fly")),
        _corrupt(good, lambda d: d.__setitem__("seed", d["seed"] + 1)),
        _corrupt(good, lambda d: d.__setitem__("game", "abracada")),
        _corrupt(good, lambda d: d.__setitem__("version", 99)),
        _corrupt(good, lambda d: d.__setitem__("options", {"max_health": -3})),
        _corrupt(good, lambda d: d.__setitem__("deal", {"dice": [9]})),
        _corrupt(good, lambda d: d.pop("actions")),
    ]
    for text in bad:
        with pytest.raises(SaveError):
            load(text)
