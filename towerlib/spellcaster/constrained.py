"""Positions whose posterior can be counted out exactly, for the conformance suite's redeal check.

Seat 1 has Skill 5 and Focus 8 (or Skill 6 and Focus 7), and spells of face-down cards that
nearly use it up, so most arrangements break a spell's Skill: a sampler by rejection rarely finds
one that fits. The last position also holds a card everyone saw played face down from a public
top (S18). Each position is a seed, a deal and the actions played since. Every deal seat 0
cannot rule out is the scenario's with other values on seat 1's face-down display cards, few
enough to list: a spell's values never add up to more than the Skill (RULE 12), and the engine
refuses the rest. The candidates share the seed: the decks are shuffled before the display takes
its cards out, and no action draws from a deck whose order the candidates change.
"""
from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from itertools import product
from math import perm, prod
from typing import Any, Iterator

from ..core.errors import IllegalAction, InvalidDeal
from ..core.worlds import ConstrainedPosition
from .data import CARD_VALUES, DECK_VALUES, ELEMENTS, SECTIONS
from .engine import SpellCasterGame

#: The seat whose face-down display cards are hidden, and the seat that looks at them.
OWNER_SEAT, OBSERVER = 1, 0

_LOW = [0, 0, 6, 0]                                            # Focus 8, Skill 5
_TIGHT = [{"motion": ["F1", "E1"], "mass": ["W3"], "up": False},
          {"motion": ["A1", "F1", "E1"], "mass": ["W1", "A1"], "up": False},
          {"motion": ["F3"], "mass": ["E1", "W1"], "up": False},
          {"motion": ["A3", "F1"], "mass": ["E1"], "up": False}]
_PAIR = [{"motion": ["F1"], "mass": ["F3"], "up": False}, {"motion": ["E1"], "mass": ["E1", "E3"], "up": False}]


@dataclass(frozen=True)
class Scenario:
    """A position: the seed and deal of its game and the action texts played since."""

    seed: int
    deal: dict[str, Any]
    actions: tuple[str, ...] = ()


SCENARIOS: tuple[Scenario, ...] = (
    Scenario(5, {"attributes": [_LOW, _LOW], "first": 0, "displays": [[], _TIGHT]}),
    Scenario(6, {"attributes": [_LOW, [0, 0, 5, 1]], "first": 0, "displays": [[], _PAIR]}),
    Scenario(7, {"attributes": [_LOW, [0, 0, 5, 1]], "first": 1, "positions": ["cW", "cF"],
                 "decks": [{}, {"F": [5, 3]}], "displays": [[], _PAIR[1:]]},
             ("conjure B F", "putback", "done", "end", "conjure B W", "putback", "end", "conjure B F",
              "hide 2 motion", "done")),
)


def _played(scenario: Scenario, deal: dict[str, Any]) -> SpellCasterGame | None:
    """The game of ``deal`` replayed along the scenario's actions; None if it is refused or an action is illegal."""
    try:
        game = SpellCasterGame(2, seed=scenario.seed, deal=deal)
        for text in scenario.actions:
            game.apply(text)
    except (InvalidDeal, IllegalAction):
        return None
    return game


def _hidden_spells(scenario: Scenario) -> list[tuple[int, list[str]]]:
    """Per face-down spell the deal gives seat 1: its slot and its cards' elements, Motion then Mass."""
    spells = scenario.deal["displays"][OWNER_SEAT]
    return [(slot, [card[0] for section in SECTIONS for card in spell.get(section, [])])
            for slot, spell in enumerate(spells) if not spell.get("up", True)]


def _unfixed(scenario: Scenario) -> Counter:
    """Seat 1's cards the deal leaves to the shuffle, as (element, value) counts: its deck tops and
    face-up display cards are fixed."""
    left = Counter((e, v) for e in ELEMENTS for v in DECK_VALUES)
    decks = scenario.deal.get("decks")
    for e, top in ({} if decks is None else decks[OWNER_SEAT]).items():
        left.subtract((e, v) for v in top)
    for spell in scenario.deal["displays"][OWNER_SEAT]:
        if spell.get("up", True):
            left.subtract((card[0], int(card[1:])) for section in SECTIONS for card in spell.get(section, []))
    return left


def _ways(cards: list[tuple[str, int]], left: Counter) -> int:
    """How many ordered draws of these (element, value) cards ``left`` allows."""
    return prod(perm(left[card], k) for card, k in Counter(cards).items())


def _candidates(scenario: Scenario) -> Iterator[tuple[SpellCasterGame | None, int]]:
    """Every assignment of values to seat 1's face-down display cards, each spell's within the
    Skill, built into the deal and replayed, weighted by the ways to draw it from the cards the
    deal leaves to the shuffle."""
    spells = _hidden_spells(scenario)
    skill = SpellCasterGame(2, seed=scenario.seed, deal=scenario.deal).skill[OWNER_SEAT]
    choices = [[values for values in product(CARD_VALUES, repeat=len(elements)) if sum(values) <= skill]
               for _, elements in spells]
    left = _unfixed(scenario)
    for joint in product(*choices):
        cards = [(e, v) for (_, elements), values in zip(spells, joint) for e, v in zip(elements, values)]
        weight = _ways(cards, left)
        if not weight:
            continue
        deal = copy.deepcopy(scenario.deal)
        for (slot, _), values in zip(spells, joint):
            spell, it = deal["displays"][OWNER_SEAT][slot], iter(values)
            for section in SECTIONS:
                spell[section] = [f"{card[0]}{next(it)}" for card in spell.get(section, [])]
        yield _played(scenario, deal), weight


def hidden_values(game: SpellCasterGame) -> tuple[tuple[int, ...], ...]:
    """Per display slot of seat 1, the values of its cards seat 0 has not seen (neither face up nor public)."""
    return tuple(tuple(int(card[0][1:]) for card in spell["motion"] + spell["mass"] if not (card[1] or card[2]))
                 for spell in game.spells[OWNER_SEAT])


def constrained_positions() -> list[ConstrainedPosition]:
    """Seat 1's face-down display values as seat 0 sees them, in each scenario (see the module's docstring)."""
    out = []
    for scenario in SCENARIOS:
        game = _played(scenario, scenario.deal)
        assert game is not None
        out.append(ConstrainedPosition(game=game, seat=OBSERVER, key=hidden_values,
                                       candidates=lambda scenario=scenario: _candidates(scenario)))
    return out
