"""Same seed, same game: a digest of seeded Das Amulett games, fixed before the engine and the hand
reader were tuned.

Speed work (how legal actions are listed and checked, how the hand reader keeps its law, how the
planner asks it) must not change a single game nor a single chance the reader gives. The digest
below was computed on the code before that work; it covers, at every step of every random game, the
listed legal actions in their order, the action taken, the events it caused, ``current_player`` and
every seat's view (log included), and the save file every 20 steps and at the end. Games mix player
counts and options, end by ``max_rounds`` after 2 to 7 rounds, and some actions go in as text so that the
checked path is covered too. Planner games against greedy bots add every bot choice and, at every
fifth step, every seat's exact hand law as the current seat reads it.
"""
from __future__ import annotations

import hashlib
import random

from fingerprint import dump, play_random_game

from towerlib.amulett import OPTIONS, new_game
from towerlib.amulett.bots import make_bot
from towerlib.amulett.inference import HandReader

EXPECTED = "137f6ccf4b8e8fbcb41e9ffb93ab3d3a4487f047ea7cf18f098d44accf933412"


def _options(rng: random.Random, game_no: int) -> dict:
    options = {name: rng.choice(opt.allowed) for name, opt in OPTIONS.items() if opt.allowed and rng.random() < 0.4}
    options["max_rounds"] = 2 + game_no % 6         # random players rarely win: keep the games short
    return options


def _random_games(digest, games: int) -> None:
    for g in range(games):
        rng = random.Random(g)
        players = 3 + g % 4
        game = new_game(players=players, seed=1000 + g, **_options(rng, g))
        play_random_game(digest, game, rng)


def _planner_games(digest, games: int) -> None:
    for g in range(games):
        players = 3 + g % 2
        game = new_game(players=players, seed=5000 + g, max_rounds=8)
        bots = [make_bot("planner" if k == g % players else "greedy", seed=10 * g + k) for k in range(players)]
        step = 0
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat, log=False)
            choice = bots[seat].choose(view)
            digest.update(dump([seat, str(choice.action), choice.reason.render("en")]))
            if step % 5 == 0:
                reader = HandReader(view)
                laws = [sorted((list(h), str(p)) for h, p in reader.distribution(q).items()) for q in range(players)]
                digest.update(dump([reader.exact, laws]))
            game.apply(choice.action)
            step += 1
        digest.update(game.to_json().encode())


def fingerprint(games: int = 16, planner_games: int = 8) -> str:
    digest = hashlib.sha256()
    _random_games(digest, games)
    _planner_games(digest, planner_games)
    return digest.hexdigest()


def test_seeded_games_are_unchanged():
    assert fingerprint() == EXPECTED
