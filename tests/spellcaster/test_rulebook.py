"""SpellCaster by the rulebook, through the public protocol only: deals, public cards, strikes, locks,
dead slots, the Russian board text."""
import json

import pytest

from towerlib.core.errors import IllegalAction, InvalidDeal
from towerlib.spellcaster import load, new_game, redeal
from towerlib.spellcaster.inference import facedown_law

from spellcaster_helpers import PLAIN

SPELL = {"motion": ["F1"], "mass": ["F3"]}


def scenario(players=2, rolls=(), attributes=None, options=None, **deal):
    deal.setdefault("first", 0)
    attributes = attributes or [PLAIN] * players
    return new_game(players=players, seed=11, deal={"attributes": [list(a) for a in attributes],
                                                     "rolls": list(rolls), **deal}, **(options or {}))


def play(game, *actions):
    events = []
    for text in actions:
        events.extend(game.apply(text))
    return events


def legal(game):
    return {str(a) for a in game.legal_actions()}


# ---------------------------------------------------------------- deals
BAD_DEALS = [
    ("deal", [1]), ("deal", "rolls"),
    ("decks", {"decks": [{"F": [1.0]}, {}]}), ("decks", {"decks": [{"F": [True]}, {}]}),
    ("decks", {"decks": [{"F": [[1]]}, {}]}), ("decks", {"decks": [{"F": None}, {}]}),
    ("decks", {"decks": [{"F": {"1": 1}}, {}]}), ("decks", {"decks": [[1], {}]}), ("decks", {"decks": 1.0}),
    ("rolls", {"rolls": [1.0]}), ("rolls", {"rolls": [True]}), ("rolls", {"rolls": [[3]]}), ("rolls", {"rolls": 3}),
    ("first", {"first": 0.0}), ("first", {"first": True}), ("first", {"first": [0]}),
    ("positions", {"positions": [["iF"], "C"]}), ("positions", {"positions": [{"p": 1}, "C"]}),
    ("positions", {"positions": "iF"}),
    ("life", {"life": [5.0, 5]}), ("life", {"life": [True, 5]}), ("life", {"life": [None, 5]}),
    ("life", {"life": [11, 5]}),                         # no attributes: must fit the one bought row
    ("attributes", {"attributes": [[0, 1, 1, 4.0], PLAIN]}), ("attributes", {"attributes": [[0, 1, 1, True, 3], PLAIN]}),
    ("attributes", {"attributes": [[[0], 1, 1, 4], PLAIN]}), ("attributes", {"attributes": [None, PLAIN]}),
    ("displays", {"attributes": [PLAIN, PLAIN], "displays": [[{"motion": "F1"}], []]}),
    ("displays", {"attributes": [PLAIN, PLAIN], "displays": [[{"motion": [["F1"]]}], []]}),
    ("displays", {"attributes": [PLAIN, PLAIN], "displays": [[{"motion": ["F1.0"]}], []]}),
    ("displays", {"attributes": [PLAIN, PLAIN], "displays": [[{"motion": ["F1"], "up": 1}], []]}),
    ("displays", {"attributes": [PLAIN, PLAIN], "displays": [[None], []]}),
    ("displays", {"displays": [[SPELL], []]}),          # a display before the attributes are bought
]


@pytest.mark.parametrize("field,deal", BAD_DEALS)
def test_a_malformed_deal_raises_invalid_deal_naming_the_field(field, deal):
    with pytest.raises(InvalidDeal) as err:
        new_game(2, seed=1, deal=deal)
    assert f"deal field {field} " in str(err.value) and f"поля раздачи {field} " in err.value.message("ru")


def test_every_listed_action_of_a_dealt_game_parses_and_its_save_loads():
    game = new_game(2, seed=1, deal={"decks": [{"F": [1, 3, 5]}, {"W": [5]}], "rolls": [3, 4], "first": 1,
                                     "life": [7, 9]})
    for step in range(60):
        for action in game.legal_actions():
            assert game.parse_action(str(action)) == action
        game.apply(game.legal_actions()[step % len(game.legal_actions())])
    assert load(game.to_json()).to_json() == game.to_json()
