"""Same seed, same game: what the engines' fingerprint tests hash along one seeded random game.

At every step: the listed legal actions in their order, the action taken (every seventh as text, so
the checked path is covered too), the events it caused, ``current_player`` and every seat's view;
the save file every 20 steps and at the end, and how the game ended.
"""
from __future__ import annotations

import json
import random
from typing import Any


def dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def play_random_game(digest, game, rng: random.Random) -> None:
    """Play ``game`` to its end with uniformly random legal actions, hashing it into ``digest``."""
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        digest.update(dump([str(a) for a in legal]))
        action = rng.choice(legal)
        events = game.apply(str(action) if step % 7 == 3 else action)
        digest.update(dump([str(action), game.current_player, [e.to_dict() for e in events]]))
        for seat in range(game.players):
            digest.update(dump(game.view(seat)))
        if step % 20 == 0:
            digest.update(game.to_json().encode())
        step += 1
    digest.update(dump([step, game.outcome().winners, game.outcome().reason]))
    digest.update(game.to_json().encode())
