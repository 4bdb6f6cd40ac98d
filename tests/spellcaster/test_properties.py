"""Invariants over random games, save/load, illegal actions, redeal and the two-worlds hook."""
import json
import random

import pytest

from towerlib.core.errors import IllegalAction
from towerlib.spellcaster import check_invariants, load, new_game, redeal, two_worlds
from towerlib.spellcaster.actions import parse

from spellcaster_helpers import random_game

GAMES = 30


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_and_end(players):
    for seed in range(GAMES // 3):
        game = None
        for game in random_game(seed, players=players, round_limit=25):
            check_invariants(game)
        assert game.is_over and game.outcome() is not None and game.current_player is None
        assert all(0 <= s for s in game.scores)


def test_lost_tokens_stay_lost_and_life_stays_within_the_track():
    for seed in range(20):
        lost = None
        for game in random_game(seed, round_limit=25):
            if lost is not None:
                assert all(a >= b for a, b in zip(game.lost, lost))
            lost = list(game.lost)
            assert all(life <= game.max_life(s) for s, life in enumerate(game.life))


def test_save_load_round_trips_at_every_step_of_some_games():
    for seed in range(4):
        for step, game in enumerate(random_game(seed, players=2 + seed % 3, round_limit=10)):
            if step % 7 == 0:
                text = game.to_json()
                assert load(text).to_json() == text


def test_illegal_actions_leave_the_game_byte_identical():
    rng = random.Random(3)
    for game in random_game(8, players=3, limit=400):
        if game.is_over or rng.random() > 0.2:
            continue
        before = game.to_json()
        legal = {str(a) for a in game.legal_actions()}
        for text in ("move C", "to cF", "launch 0.1", "contest", "show F5 1 mass", "continue 1.1", "capture 2.1",
                     "buy 0 0 0 6", "name 1", "return up", "end", "rest"):
            if text not in legal:
                with pytest.raises(IllegalAction):
                    game.apply(text)
                assert game.to_json() == before


@pytest.mark.parametrize("text", ["cast 1", "move  C", "conjure A EFF", "conjure A FF", "buy 0 0 0 6 ", "move X",
                                  "launch 0.0", "resolve -1", "show F2 1 mass", "hide 1 middle", "return sideways",
                                  "rest 1", "", "to c"])
def test_non_canonical_texts_are_not_actions(text):
    assert parse(text) is None
    game = new_game(2, seed=1)
    with pytest.raises(IllegalAction):
        game.apply(text)


def test_every_legal_action_text_parses_back():
    for game in random_game(5, players=4, limit=300):
        for action in game.legal_actions():
            assert parse(str(action)) == action


def test_views_are_json_copies_without_secrets():
    for game in random_game(6, players=3, limit=300):
        for seat in range(3):
            view = game.view(seat)
            text = json.dumps(view)
            assert "seed" not in view and "rolls" not in text
            view["casters"][0]["display"].clear()
            view["log"].clear() if view["log"] else None
            assert game.view(seat) != view or not game.spells[0]


def test_redeal_keeps_the_view_and_plays_on():
    rng = random.Random(2)
    for seed in range(4):
        for step, game in enumerate(random_game(seed, players=2 + seed % 3, limit=600)):
            if step % 53 or game.is_over:
                continue
            seat = rng.randrange(game.players)
            world = redeal(game, seat, rng)
            assert world.view(seat) == game.view(seat)
            check_invariants(world)
            play_rng = random.Random(step)
            for _ in range(25):
                if world.is_over:
                    break
                legal = world.legal_actions()
                world.apply(legal[int(play_rng.random() * len(legal))])
                check_invariants(world)


def test_redeal_really_redraws_hidden_cards():
    game = new_game(2, seed=4, deal={"attributes": [[0, 1, 1, 4]] * 2, "first": 0})
    worlds = {json.dumps(redeal(game, 0, random.Random(i)).decks[1]) for i in range(5)}
    assert len(worlds) == 5
    own = {json.dumps(redeal(game, 0, random.Random(i)).decks[0]) for i in range(5)}
    assert len(own) == 5                           # own deck orders are hidden from oneself too


def test_two_worlds_look_the_same_to_the_observer():
    rng = random.Random(9)
    compared = 0
    for i in range(60):
        tw = two_worlds(rng)
        a, b = tw.a, tw.b
        assert a.to_json() != b.to_json()
        play_rng = random.Random(i)
        while not a.is_over and not tw.until(a):
            assert a.view(tw.observer) == b.view(tw.observer)
            compared += 1
            legal = a.legal_actions()
            action = legal[int(play_rng.random() * len(legal))]
            if action not in b.legal_actions():
                break
            a.apply(action)
            b.apply(action)
    assert compared > 600


def test_every_event_is_narrated_in_both_languages_as_each_seat_sees_it():
    from towerlib.spellcaster.views import narrate, visible_event
    kinds = set()
    for seed in range(12):
        game = None
        for game in random_game(seed, players=2 + seed % 3, round_limit=25):
            pass
        for event in game.events:
            for seat in range(game.players):
                shown = visible_event(event, seat)
                en, ru = narrate(shown, "en"), narrate(shown, "ru")
                assert en and ru and en != ru and "{" not in en + ru
                if seat != event.seat and "secret" in event.data:
                    for card in event.data["secret"].get("cards", []) or [event.data["secret"].get("card")]:
                        assert f"({card}" not in en            # a hidden card never reaches another seat's log
            kinds.add(event.kind)
    assert {"contest_roll", "strike", "step", "launch", "place", "draw", "return"} <= kinds
