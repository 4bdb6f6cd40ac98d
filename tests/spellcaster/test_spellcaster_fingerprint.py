"""Same seed, same game: a digest of seeded random SpellCaster games, fixed before the engine was tuned.

Speed work on the engine (how legal actions are listed, how ``apply`` checks them, how spells are
scanned) must not change a single game. The digest below was computed on the engine before that
work; it covers, at every step of every game, the listed legal actions in their order, the action
taken, the events it caused, ``current_player`` and every seat's view (log included), and the save
file every 20 steps and at the end. Games mix player counts, options and low dealt Life Force
(casters retire, games end early), and some actions go in as text so that the checked path is
covered too.
"""
from __future__ import annotations

import hashlib
import random

from fingerprint import play_random_game

from towerlib.spellcaster import OPTIONS, new_game

EXPECTED = "cdf46577e2a37461395be8c9cb250878917661d943ca638b832c870605e4da30"

#: Option sets beyond the defaults: every choice-list option switched at random, plus the numeric ones.
_NUMERIC = ({"complete_min_motion": 2}, {"complete_min_mass": 0}, {"complete_min_mass": 2}, {"round_limit": 6})


def _options(rng: random.Random, game_no: int) -> dict:
    options = {name: rng.choice(opt.allowed) for name, opt in OPTIONS.items() if opt.allowed and rng.random() < 0.3}
    if game_no % 3 == 2:
        options.update(_NUMERIC[game_no // 3 % len(_NUMERIC)])
    return options


def fingerprint(games: int = 16) -> str:
    digest = hashlib.sha256()
    for g in range(games):
        rng = random.Random(g)
        players = 2 + g % 3
        # Every fourth game deals little Life Force, so that casters retire and games end early.
        deal = {"life": [rng.randint(1, 4) for _ in range(players)]} if g % 4 == 1 else None
        game = new_game(players=players, seed=1000 + g, deal=deal, **_options(rng, g))
        play_random_game(digest, game, rng)
    return digest.hexdigest()


def test_seeded_games_are_unchanged():
    assert fingerprint() == EXPECTED
