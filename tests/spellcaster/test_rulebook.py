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


# ---------------------------------------------------------------- public cards stay known (S4, S18)
def test_a_public_top_card_drawn_and_played_face_down_stays_known_to_all():
    game = scenario(decks=[{"F": [5, 1]}, {}], positions=["cF", "cW"])
    play(game, "conjure B F", "putback", "end")                  # F5 back face up: a public top card
    play(game, "conjure B W", "putback", "end")
    play(game, "conjure B F", "hide 1 mass")                     # the same F5, played face down
    view = game.view(1)
    assert view["casters"][0]["display"][0]["mass"] == [{"card": "F5", "up": False}]
    assert facedown_law(view, "0.1") == {(5,): 1}
    for i in range(20):
        world = redeal(game, 1, __import__("random").Random(i))
        assert world.spells[0][0]["mass"][0][0] == "F5" and world.view(1) == view


def test_cards_seen_face_up_and_returned_face_down_stay_known_to_all():
    spell = {"motion": ["F1"], "mass": ["F3"]}
    hidden = {"motion": ["E1"], "mass": ["E3"], "up": False}
    game = scenario(rolls=[1, 6], positions=["iF", "C"], displays=[[spell, hidden], []])
    play(game, "conjure B F", "putback", "launch 0.1", "contest")  # D = (1 + 5) - (6 + 5): broken
    play(game, "return down")
    view = game.view(1)
    assert view["casters"][0]["decks"]["F"]["known"][:2] == [[0, 3], [1, 1]]   # F3 on top, F1 under it
    assert view["casters"][0]["decks"]["F"]["top"] == 3
    assert view["casters"][0]["display"][1]["mass"] == [{"card": "E?", "up": False}]
    law = facedown_law(view, "0.2")
    assert sum(p for (_, mass), p in law.items() if mass == 3) < 1      # the face-down E3 is still hidden
    for i in range(20):
        world = redeal(game, 1, __import__("random").Random(i))
        assert [c[0] for c in world.decks[0]["F"][-2:]] == [1, 3]
