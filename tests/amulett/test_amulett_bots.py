"""Bots: legal moves from the view alone, one-sentence reasons in English and Russian, and strength."""
from __future__ import annotations

import pytest

from towerlib.amulett import new_game
from towerlib.amulett.bots import BOTS, make_bot
from towerlib.core.bots import play
from towerlib.core.errors import InvalidOption


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_finish_games_with_reasons_in_both_languages(name):
    for seed in range(3):
        g = new_game(players=3 + seed, seed=seed, start_energy=("2+2", "secret_min1", "choose2of4")[seed])
        reasons = []
        bots = [make_bot(name, seed=seed * 10 + i) for i in range(g.players)]
        out = play(g, bots, on_choice=lambda seat, c: reasons.append(c.reason))
        assert out.winners and reasons
        for r in reasons[:200]:
            en, ru = r.render("en"), r.render("ru")
            assert en.endswith(".") and ru.endswith(".") and en != ru


def test_a_bot_sees_only_the_view():
    g = new_game(players=4, seed=5)
    bot = make_bot("planner", seed=1)
    view = g.view(g.current_player, log=False)
    choice = bot.choose(view)
    assert str(choice.action) in view["legal"]


def test_unknown_bot_name():
    with pytest.raises(InvalidOption):
        make_bot("oracle")


def _planner_share(opponent, games=16):
    won = 0.0
    for gi in range(games):
        seat = gi % 4
        names = [opponent] * 4
        names[seat] = "planner"
        out = play(new_game(players=4, seed=1000 + gi), [make_bot(n, seed=gi * 4 + i) for i, n in enumerate(names)])
        won += (seat in out.winners) / len(out.winners)
    return won / games


@pytest.mark.slow
def test_planner_beats_random_and_greedy_bots():
    assert _planner_share("random") >= 0.75
    assert _planner_share("greedy") >= 0.35
