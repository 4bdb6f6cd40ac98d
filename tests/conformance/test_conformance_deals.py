"""Malformed deals raise InvalidDeal naming the field, never another error, and never make a game."""
from __future__ import annotations

import random

import pytest

from checks import check_deal_fuzz, example_deals
from conftest import scaled
from towerlib import InvalidDeal


def test_malformed_deals_raise_invalid_deal_naming_the_field(module):
    rng = random.Random(41)
    refused = 0
    for players, deal in example_deals(module, rng, scaled(2)):
        refused += check_deal_fuzz(module, players, deal, rng, count=scaled(25))
    assert refused > 200


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("deal", [[1], "deal", 7, {"x": float("nan")}, {"x": {1, 2}}, {"x": _nested(100_000)}],
                         ids=["list", "text", "number", "nan", "set", "nested"])
def test_a_deal_that_is_no_json_object_is_refused(module, deal):
    with pytest.raises(InvalidDeal):
        module.new_game(players=min(module.PLAYERS), seed=1, deal=deal)
