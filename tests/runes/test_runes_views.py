"""A view is the caller's own (issue 19 item 2): editing any list or dict in it changes neither
the game, its save file, later views, nor another seat's view."""
from __future__ import annotations

import json
import random

from towerlib.runes import new_game


def _containers(value, found):
    """Every list and dict inside ``value`` (``value`` included)."""
    if isinstance(value, (list, dict)):
        found.append(value)
        for child in (value.values() if isinstance(value, dict) else value):
            _containers(child, found)
    return found


def _vandalise(view) -> None:
    """Append to every list, add a key to every dict, and rewrite every int field."""
    for box in _containers(view, []):
        if isinstance(box, list):
            box.append("x")
        else:
            for key, value in list(box.items()):
                if type(value) is int:
                    box[key] = value + 1000
            box["vandal"] = 1


def _positions(seed: int, steps: int):
    game = new_game(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        yield game


def test_editing_views_changes_nothing():
    checked = 0
    for seed in range(4):
        for game in _positions(seed, 150):
            save = game.to_json()
            views = [json.dumps(game.view(s), sort_keys=True) for s in range(game.players)]
            mine = game.view(0)
            _vandalise(mine)
            assert game.to_json() == save
            assert [json.dumps(game.view(s), sort_keys=True) for s in range(game.players)] == views
            checked += 1
    assert checked > 300


def test_two_views_share_no_container():
    for game in _positions(5, 120):
        a, b = game.view(1), game.view(1)
        ids_a = {id(x) for x in _containers(a, [])}
        assert not ids_a & {id(x) for x in _containers(b, [])}
        assert a == b
