"""Bots choose only allowed actions, explain themselves in both languages, and EV wins."""
from __future__ import annotations

import json
import random

import pytest

from towerlib.abracada import new_game
from towerlib.abracada.bots import BOTS, CountingBot, EVBot, RandomBot, make_bot
from towerlib.core import InvalidOption
from towerlib.core.bots import Choice, play

OPTION_SETS = [{}, {"easy": True}, {"last_standing": True}, {"lower_declaration": "auto_callout"},
               {"die_faces": (1, 2, 3, 4, 5, 6)}, {"secret_stone_visibility": "public"}, {"die_faces": (3,)}]


def random_views(n_games: int, seed: int):
    """Views of the deciding seat over random games with every option set and player count."""
    rng = random.Random(seed)
    for g in range(n_games):
        game = new_game(2 + g % 4, seed=seed + g, **OPTION_SETS[g % len(OPTION_SETS)])
        while not game.is_over:
            yield game.view(game.current_player, log=False)
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])


def test_bots_choose_only_allowed_actions_and_give_a_reason_in_both_languages():
    bots = [RandomBot(1), CountingBot(), EVBot()]
    n = 0
    for view in random_views(35, seed=100):
        for bot in bots:
            choice = bot.choose(view)
            assert isinstance(choice, Choice)
            assert choice.action in view["legal_actions"], (bot.name, choice.action, view["legal_actions"])
            en, ru = choice.reason.render("en"), choice.reason.render("ru")
            assert en.endswith(".") and ru.endswith(".") and en != ru
        n += 1
    assert n > 2000


def test_a_bot_needs_nothing_but_the_json_view():
    for view in random_views(3, seed=7):
        again = json.loads(json.dumps(view))
        for name in BOTS:
            a, b = make_bot(name, seed=5), make_bot(name, seed=5)
            assert a.choose(view).action == b.choose(again).action


def test_the_reason_names_the_spell_and_the_chance():
    game = new_game(4, seed=3)
    choice = EVBot().choose(game.view(0, log=False))
    value = int(choice.action.split()[1])
    text = choice.reason.render("en")
    assert text.startswith(f"Cast {value} (") and "%" in text
    assert "Заклинание" in choice.reason.render("ru")


def test_the_counting_bot_casts_its_likeliest_value_and_stops_below_the_threshold():
    game = new_game(4, seed=12)
    view = game.view(0, log=False)
    from towerlib.abracada.deduction import hand_distribution, position
    counts, _ = position(view)
    dist = hand_distribution(dict(zip(range(1, 9), counts[1:])))
    best = max(range(1, 9), key=lambda v: (dist.p_at_least_one(v), v))
    assert CountingBot().choose(view).action == f"cast {best}"
    assert CountingBot(threshold=1.1).choose({**view, "chain": 2}).action == "end"


def win_rate(names: list[str], games: int, seed: int) -> float:
    """The first bot's share of wins, seats rotated so no seat is favoured."""
    wins = 0.0
    for g in range(games):
        shift = g % len(names)
        order = names[shift:] + names[:shift]
        outcome = play(new_game(len(names), seed=seed + g), [make_bot(b, seed=seed + g + i) for i, b in enumerate(order)])
        hero = (len(names) - shift) % len(names)
        if hero in outcome.winners:
            wins += 1 / len(outcome.winners)
    return wins / games


def test_ev_beats_random_and_counting():
    assert win_rate(["ev", "random", "random", "random"], 300, seed=1) > 0.6    # fair share 0.25
    assert win_rate(["ev", "counting"], 200, seed=2) > 0.6                      # fair share 0.5
    assert win_rate(["counting", "random", "random", "random"], 200, seed=3) > 0.3


def test_make_bot():
    assert set(BOTS) == {"random", "counting", "ev"}
    assert make_bot("ev").name == "ev"
    with pytest.raises(InvalidOption):
        make_bot("oracle")
    a, b = make_bot("random", seed=4), make_bot("random", seed=4)
    views = list(random_views(1, seed=9))[:50]
    assert [a.choose(v).action for v in views] == [b.choose(v).action for v in views]
