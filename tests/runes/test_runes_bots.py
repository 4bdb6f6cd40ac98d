"""The three bots: they play through the shared protocol (view in, Choice out), only legal
actions, explain themselves in both languages, and the planner plays better."""
from __future__ import annotations

from fractions import Fraction

import pytest

from towerlib.core.bots import Choice, play
from towerlib.core.errors import InvalidOption
from towerlib.core.i18n import Msg
from towerlib.runes import Action, new_game
from towerlib.runes.bots import BOTS, GreedyBot, PlannerBot, RandomBot, make_bot
from towerlib.runes.probability import best_hold, p_counter


def duel(kinds, seed, players=None):
    game = new_game(players=players or len(kinds), seed=seed)
    bots = [kind(seed) for kind in kinds]
    steps = 0
    while not game.is_over:
        seat = game.current_player
        choice = bots[seat].choose(game.view(seat, log=False))
        assert isinstance(choice, Choice) and isinstance(choice.reason, Msg)
        assert choice.action in game.legal_actions()
        en, ru = choice.reason.render("en"), choice.reason.render("ru")
        assert en and ru and en != ru
        game.apply(choice.action)
        steps += 1
        assert steps < 20000
    return game


def decide(bot, game):
    """The bot's choice for the seat to move, from that seat's view only."""
    return bot.choose(game.view(game.current_player, log=False))


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
    choice = decide(PlannerBot(), game)
    action = choice.action
    candidates = {best_hold(game.dice, s, 2)[0] for s in ("healing", "attack", "chain", "restore", "quantum")}
    assert action.verb in ("hold", "stop") and (action.dice in candidates or action.verb == "stop")
    assert "%" in str(choice.reason) or action.verb == "stop"


def test_planner_aims_where_the_counter_is_weakest(runes_scenario):
    # Against a pair of 4s: seat 1 has defense 3 (wins ties), seat 2 none; seat 2 is the better target.
    game = runes_scenario([6, 2, 1, 4, 4, 1, 2, 6], players=3, summoned=[None, "stone_golem", None])
    game.apply("stop")
    choice = decide(PlannerBot(), game)
    assert choice.action == Action("cast", "attack", (4, 4), target=2)
    assert f"{float(1 - p_counter(4)):.1%}" in str(choice.reason)
    assert 1 - p_counter(4, "defender") == Fraction(1, 2)


def test_planner_reacts_with_a_shield(runes_scenario):
    game = runes_scenario([6, 1, 5, 5, 2, 3, 4, 1], hands=[[], ["shield_scroll"]])
    game.apply("stop")
    game.apply("cast attack 5 5 -> 1")
    choice = decide(PlannerBot(), game)
    assert choice.action == Action("play", "shield_scroll")
    assert "Shield Scroll" in choice.reason.render("en") and "Свиток щита" in choice.reason.render("ru")


def test_bot_registry_and_the_shared_play_loop():
    assert set(BOTS) == {"random", "greedy", "planner"}
    assert [make_bot(n).name for n in BOTS] == list(BOTS)
    with pytest.raises(InvalidOption):
        make_bot("oracle")
    game = new_game(players=3, seed=5)
    outcome = play(game, [make_bot("planner"), make_bot("greedy"), make_bot("random", seed=5)])
    assert game.is_over and outcome == game.outcome()


def test_bots_decide_from_the_view_alone():
    """Two games that differ only in what seat 0 cannot see get the same decisions from seat 0's bots."""
    deal = {"wizards": ["druid", "warlock"], "dice": [6, 1, 3, 3, 5, 5, 2]}
    a = new_game(players=2, seed=1, deal={**deal, "hands": [["fire_scroll"], ["healing_potion", "poison_dart"]]})
    b = new_game(players=2, seed=2, deal={**deal, "hands": [["fire_scroll"], ["mana_crystal", "pickpocket"]]})
    assert a.view(0, log=False) == b.view(0, log=False) and a.loot_deck != b.loot_deck
    for name in BOTS:
        one, two = (make_bot(name, seed=3).choose(g.view(0, log=False)) for g in (a, b))
        assert one.action == two.action and str(one.reason) == str(two.reason)
