"""The three bots: they play only legal actions, explain themselves, and the planner plays better."""
from __future__ import annotations

from fractions import Fraction

import pytest

from towerlib.runes import Action, new_game
from towerlib.runes.bots import BOTS, GreedyBot, PlannerBot, RandomBot
from towerlib.runes.probability import best_hold, p_counter


def duel(kinds, seed, players=None):
    game = new_game(players=players or len(kinds), seed=seed)
    bots = [kind(seed) if kind is RandomBot else kind() for kind in kinds]
    steps = 0
    while not game.is_over:
        bot = bots[game.current_player]
        action = bot.choose(game)
        assert action in game.legal_actions()
        en, ru = bot.reason("en"), bot.reason("ru")
        assert en and ru and en != ru
        game.apply(action)
        steps += 1
        assert steps < 20000
    return game


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_bot_plays_legal_actions_and_explains(players):
    kinds = [PlannerBot, GreedyBot, RandomBot] * 2
    game = duel(kinds[:players], seed=players)
    assert game.is_over


def test_planner_beats_random_and_greedy():
    wins = {"random": 0, "greedy": 0}
    for seed in range(24):
        first = seed % 2 == 0
        for name, other in (("random", RandomBot), ("greedy", GreedyBot)):
            kinds = [PlannerBot, other] if first else [other, PlannerBot]
            game = duel(kinds, seed)
            wins[name] += game.winners == [0 if first else 1]
    assert wins["random"] >= 20 and wins["greedy"] >= 13


def test_planner_holds_what_best_hold_says(runes_scenario):
    game = runes_scenario([6, 1, 2, 2, 5, 5, 5], spent=[["familiar", "loot", "class"], []])
    bot = PlannerBot()
    action = bot.choose(game)
    candidates = {best_hold(game.dice, s, 2)[0] for s in ("healing", "attack", "chain", "restore", "quantum")}
    assert action.verb in ("hold", "stop") and (action.dice in candidates or action.verb == "stop")
    assert "%" in bot.reason() or action.verb == "stop"


def test_planner_aims_where_the_counter_is_weakest(runes_scenario):
    # Against a pair of 4s: seat 1 has defense 3 (wins ties), seat 2 none; seat 2 is the better target.
    game = runes_scenario([6, 2, 1, 4, 4, 1, 2, 6], players=3, summoned=[None, "stone_golem", None])
    game.apply("stop")
    bot = PlannerBot()
    action = bot.choose(game)
    assert action == Action("cast", "attack", (4, 4), target=2)
    assert f"{float(1 - p_counter(4)):.1%}" in bot.reason()
    assert 1 - p_counter(4, "defender") == Fraction(1, 2)


def test_planner_reacts_with_a_shield(runes_scenario):
    game = runes_scenario([6, 1, 5, 5, 2, 3, 4, 1], hands=[[], ["shield_scroll"]])
    game.apply("stop")
    game.apply("cast attack 5 5 -> 1")
    bot = PlannerBot()
    assert bot.choose(game) == Action("play", "shield_scroll")
    assert "Shield Scroll" in bot.reason() and "Свиток щита" in bot.reason("ru")


def test_bot_registry():
    assert set(BOTS) == {"random", "greedy", "planner"}
