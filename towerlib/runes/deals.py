"""Deals that use every field :class:`~towerlib.runes.engine.RunesGame` reads, for the conformance suite.

The suite fuzzes malformed deals starting from valid ones; these cover the fields the deals of
:func:`~towerlib.runes.worlds.two_worlds` leave out (the draft's offers, health, spent slots, the
quantum, fixed dice and the tops of both decks).
"""
from __future__ import annotations


def deal_examples() -> list[tuple[int, dict]]:
    """(players, deal) pairs the engine accepts."""
    return [
        (2, {"wizards": ["druid", "warlock"], "hands": [["fire_scroll"], None], "artifacts": [None, "grimoire"],
             "summoned": ["owl", None], "health": [5, 3], "spent": [["familiar"], []], "quantum": 2,
             "dice": [6, 5, 4, 3, 2, 1], "loot": ["lucky_charm", "shield_scroll"], "familiars": ["wolf", "cat"]}),
        (3, {"offers": [["druid", "shaman"], ["geomancer", "warlock"], ["pyromancer", "cryomancer"]],
             "hands": [["healing_potion"], [], ["mirror_scroll", "poison_dart"]], "dice": [1, 1]}),
    ]
