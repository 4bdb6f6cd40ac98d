"""The cases from the audit: hand-built actions of the wrong type, and views edited in a lesson cell."""
from __future__ import annotations

import numpy as np
import pytest

from towerlib import IllegalAction
from towerlib.abracada import Cast, load, new_game


@pytest.mark.parametrize("bad", [Cast(True), Cast(3.0), Cast("3"), Cast(None), Cast(0), Cast(9), None, b"cast 3",
                                 ["cast 3"], 3, True])
def test_wrong_typed_actions_raise_and_change_nothing(bad):
    game = new_game(4, seed=2)
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(bad)
    assert "legal_actions()" in str(err.value) and "cast 1" not in str(err.value)   # points to, never lists, what is allowed
    assert game.to_json() == before


def test_a_numpy_whole_number_means_its_int_and_saves_as_plain_json():
    game = new_game(4, seed=2)
    game.apply(Cast(np.int64(8)))
    assert type(game.history[-1].value) is int
    text = game.to_json()
    assert '"cast 8"' in text and load(text).to_json() == text


def test_editing_a_scored_rounds_view_changes_nothing():
    game = new_game(2, seed=3)
    while game.result is None:
        game.apply(game.legal_actions()[-1])
    before = game.to_json()
    view = game.view(0)
    view["result"]["points"].append(99)
    view["result"]["extra"] = {"what": "if"}
    for event in view["log"]:
        event.clear()
    assert game.to_json() == before
    assert game.view(0)["result"] == game.view(1)["result"] != view["result"]
