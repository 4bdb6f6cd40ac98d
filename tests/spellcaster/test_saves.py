"""Save files: round trips, and every kind of corruption raises SaveError naming what is wrong."""
import json

import pytest

from towerlib.core.errors import SaveError
from towerlib.spellcaster import load

from spellcaster_helpers import random_game


def saved_game():
    game = None
    for game in random_game(12, players=3, limit=250):
        pass
    return game


def edited(text, change):
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def test_a_save_loads_back_identically():
    game = saved_game()
    text = game.to_json()
    again = load(text)
    assert again.to_json() == text and again.view(1) == game.view(1)


@pytest.mark.parametrize("change, word", [
    (lambda d: d.pop("state"), "state"),
    (lambda d: d.__setitem__("game", "runes"), "runes"),
    (lambda d: d["actions"].__setitem__(5, "move Z"), "move Z"),
    (lambda d: d["actions"].insert(3, "rest"), "cannot be replayed"),
    (lambda d: d["state"]["life"].__setitem__(0, 99), "state.life"),
    (lambda d: d["state"]["decks"][1]["F"].reverse(), "state.decks"),
    (lambda d: d["state"]["spells"][0].append({}), "state.spells"),
    (lambda d: d.__setitem__("seed", d["seed"] + 1), "save file"),
    (lambda d: d["options"].__setitem__("round_limit", -1), "round_limit"),
    (lambda d: d["options"].__setitem__("stuck_ends_move", False), "save file"),
    (lambda d: d["options"].__setitem__("return_to", "shuffle"), "save file"),
    (lambda d: d.__setitem__("checksum", "0" * 64), "checksum"),
    (lambda d: d.__setitem__("deal", {"rolls": [11]}), "deal"),
])
def test_corrupt_saves_raise_save_error_naming_the_problem(change, word):
    text = saved_game().to_json()
    with pytest.raises(SaveError) as err:
        load(edited(text, change))
    assert word in str(err.value)


@pytest.mark.parametrize("text", ["", "[]", "{not json", json.dumps({"format": "spelltower-save"})])
def test_garbage_is_a_save_error(text):
    with pytest.raises(SaveError):
        load(text)
