"""Bots: legal choices from the view alone, reasons in English and Russian, the planner wins."""
import pytest

from towerlib.core.bots import play
from towerlib.core.errors import InvalidOption
from towerlib.core.i18n import tr
from towerlib.spellcaster import new_game
from towerlib.spellcaster.bots import BOTS, make_bot


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_plays_legal_moves_and_explains_in_both_languages(name):
    game = new_game(3, seed=5)
    bots = [make_bot(name, seed=s) for s in range(3)]
    reasons = []
    play(game, bots, on_choice=lambda seat, choice: reasons.append(choice.reason))
    assert game.is_over and reasons
    for reason in reasons[:200]:
        en, ru = tr(reason.key, "en", **reason.params), tr(reason.key, "ru", **reason.params)
        assert en and ru and en != ru


def test_bots_decide_from_the_view_only():
    game = new_game(2, seed=8)
    bot = make_bot("planner", seed=1)
    for _ in range(60):
        if game.is_over:
            break
        view = game.view(game.current_player, log=False)
        choice = bot.choose(view)
        assert str(choice.action) in view["legal"]
        game.apply(choice.action)


def test_unknown_bot_is_an_invalid_option():
    with pytest.raises(InvalidOption):
        make_bot("wizard")


def win_share(first, second, games):
    wins = 0.0
    for i in range(games):
        names = (first, second) if i % 2 == 0 else (second, first)
        game = new_game(2, seed=500 + i)
        outcome = play(game, [make_bot(names[0], seed=i), make_bot(names[1], seed=i + 1)])
        wins += sum(1 / len(outcome.winners) for w in outcome.winners if names[w] == first)
    return wins / games


@pytest.mark.slow
def test_planner_beats_random_and_aggressive_bots():
    assert win_share("planner", "random", 30) >= 0.9
    assert win_share("planner", "aggressive", 30) >= 0.6


def games_between(first, second, games):
    """(first's win share, share of games ended by the rules' goal, first's own-familiar strikes)."""
    wins = ended = own = 0.0
    for i in range(games):
        names = (first, second) if i % 2 == 0 else (second, first)
        game = new_game(2, seed=700 + i)
        outcome = play(game, [make_bot(names[0], seed=i), make_bot(names[1], seed=i + 1)])
        wins += sum(1 / len(outcome.winners) for w in outcome.winners if names[w] == first)
        ended += outcome.reason == "last_standing"
        own += sum(1 for kind, seat, data in game.events
                   if kind == "strike" and seat is not None and names[seat] == first and seat in data["struck"])
    return wins / games, ended / games, own


@pytest.mark.slow
def test_aggressive_beats_random_clearly_and_never_strikes_itself():
    wins, _, own = games_between("aggressive", "random", 40)
    assert wins >= 0.7 and own == 0


@pytest.mark.slow
@pytest.mark.parametrize("other", ["random", "aggressive", "planner"])
def test_the_planner_ends_most_games_by_the_rules_goal(other):
    wins, ended, _ = games_between("planner", other, 40)
    assert ended > 0.5
    if other != "planner":
        assert wins >= 0.6
