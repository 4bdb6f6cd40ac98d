"""Same seed, same game: saves written before the engine's speed-ups (issue #14.3) still replay.

The fixture holds six whole games (2-5 players, every option changed at least once) saved by the
engine as it was before the speed-ups. Loading replays each from its seed and actions and checks
the replayed state and the checksum, so any change in how a deal, a die roll or a secret stone is
drawn from a seed, or in the events a move causes, fails here.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from towerlib.abracada import load, new_game

FIXTURE = Path(__file__).with_name("fixtures") / "saves_before_issue14_speedups.json"
SAVES = json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("save", SAVES, ids=lambda s: f"{s['players']}p-{len(s['actions'])}-moves")
def test_an_old_save_loads_replays_and_saves_to_the_same_text(save):
    text = json.dumps(save, ensure_ascii=False)
    game = load(text)
    assert game.is_over
    assert game.to_json() == text


@pytest.mark.parametrize("save", SAVES[:2], ids=lambda s: f"{s['players']}p")
def test_the_same_seed_and_moves_play_the_same_game_from_scratch(save):
    options = {k: tuple(v) if isinstance(v, list) else v for k, v in save["options"].items()}
    game = new_game(save["players"], seed=save["seed"], **options)
    for text in save["actions"]:
        assert text in [str(a) for a in game.legal_actions()]
        game.apply(text)
    assert json.loads(game.to_json())["state"] == save["state"]
