"""A malformed ``deal=`` raises ``InvalidDeal`` naming the field, in both languages, never a bare TypeError."""
from __future__ import annotations

import pytest

from towerlib.amulett import new_game
from towerlib.core.errors import InvalidDeal

WRONG_VALUES = [1.0, True, None, "x", [], [[1]], {"a": 1}, -1, 10**6]

# (deal, the field the error must name)
BAD = [
    ({"start": {"hat2": ["A01"]}}, "start.hat2"),
    ({"deck": [[1]]}, "deck"),
    ({"deck": [1.0]}, "deck"),
    ({"deck": [True]}, "deck"),
    ({"deck": [5, 5]}, "deck"),
    ({"first": True}, "first"),
    ({"first": 3}, "first"),
    ({"markers": [4.0]}, "markers"),
    ({"markers": 4}, "markers"),
    ({"jewels": {"A01": [["red"]]}}, "jewels.A01"),
    ({"jewels": {"A99": ["red"]}}, "jewels"),
    ({"jewels": {"A01": ["red"] * 8}}, "jewels"),
    ({"start": {"metals": [[1, 1, 1, 1.0]] * 3}}, "start.metals[0]"),
    ({"start": {"metals": [[20, 0, 0, 0]] * 3}}, "start.metals"),
    ({"start": {"metals": [[1, 1, 1]] * 3}}, "start.metals[0]"),
    ({"start": {"spells": [[[1, 1.5]], [], []]}}, "start.spells[0]"),
    ({"start": {"spells": [[[1, 2]], [[1, 2]], []]}}, "start.spells[1]"),
    ({"start": {"spells": [[[1, 6], [2, 5]], [], []]}}, "start.spells[0]"),
    ({"start": {"spells": [[], []]}}, "start.spells"),
    ({"start": {"amulets": [[["red"]], [], []]}}, "start.amulets[0]"),
    ({"start": {"amulets": [["red"] * 8, [], []]}}, "start.amulets[0]"),
    ({"start": []}, "start"),
    ({"start": {"hand": []}}, "start.hand"),
    ({"colour": 1}, "colour"),
]


@pytest.mark.parametrize("deal,field", BAD)
def test_a_bad_deal_names_its_field(deal, field):
    with pytest.raises(InvalidDeal) as err:
        new_game(players=3, seed=1, deal=deal)
    assert repr(field)[1:-1] in str(err.value)
    assert field in err.value.message("ru") and err.value.message("ru") != str(err.value)


@pytest.mark.parametrize("field", ["first", "jewels", "deck", "markers", "start"])
@pytest.mark.parametrize("value", WRONG_VALUES)
def test_every_top_level_field_refuses_every_wrong_type(field, value):
    deal = {field: value}
    try:
        game = new_game(players=3, seed=1, deal=deal)
    except InvalidDeal as err:
        assert field in str(err)
        return
    # Accepted only where the value is a legal one: None (= not given), or an empty list or object.
    assert value is None or (value == [] and field in ("deck", "markers")) or (
        value == {} and field in ("jewels", "start"))
    assert game.legal_actions()


@pytest.mark.parametrize("key", ["spells", "metals", "amulets", "hat2"])
@pytest.mark.parametrize("value", WRONG_VALUES + [[None, None, None], [[1.0], [], []], [[[1]], [], []]])
def test_every_start_field_refuses_every_wrong_type(key, value):
    try:
        new_game(players=3, seed=1, deal={"start": {key: value}})
    except InvalidDeal as err:
        assert f"start.{key}" in str(err)
        return
    assert value is None


def test_the_game_is_usable_after_a_refused_deal():
    with pytest.raises(InvalidDeal):
        new_game(players=3, seed=1, deal={"deck": [[1]]})
    game = new_game(players=3, seed=1, deal={"deck": [1, 2], "first": 2})
    assert game.current_player == 2
