"""Positions whose posterior can be counted out exactly, for the conformance suite's redeal check.

Seat 0 watches two other players. In the first position the gold stack was emptied by the three
secret starting hands: seat 0 knows its own hand and that the supply holds no gold, so the
other two hands are any pair of five-card hands that, with its own, use up the gold (21 pairs).
In the second, two players chose a metal in secret (a wild spell) and one gave the other a card
(a hidden Tribute gift): 40 joint hands remain. Each hidden choice is weighted as the hand reader
weighs it (uniform over the options the chooser had), so the candidates' weights are whole
numbers: :data:`CHOICE_WEIGHT` split evenly among a choice's options.

The positions after a Thief steal stay in Das Amulett's own tests (:func:`.worlds.posterior_positions`):
which card a Thief takes is drawn from the game's RNG, which every candidate would share.
"""
from __future__ import annotations

from itertools import product
from math import lcm
from typing import Any, Iterator

from ..core.errors import IllegalAction, InvalidDeal
from ..core.worlds import ConstrainedPosition
from .engine import AmulettGame
from .inference import compositions
from .rules import METALS
from .worlds import SEED, play_script

#: A hidden choice has 1 to 4 options (the metals); this many splits evenly among any of them.
CHOICE_WEIGHT = lcm(1, 2, 3, 4)
EMPTIED = {"first": 0, "markers": [3], "start": {"spells": [[], [], []],
                                                 "metals": [[20, 1, 1, 1], [4, 1, 0, 0], [4, 0, 0, 1]]}}
TRIBUTE = {"first": 2, "markers": [3], "start": {"spells": [[], [[14, 2]], [[9, 2], [10, 2]]]}}


def _hands(game: AmulettGame) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(hand) for hand in game.hands)


def _replayed(deal: dict[str, Any], choices: list[str]) -> tuple[AmulettGame | None, int]:
    """The game from ``deal`` with each hidden choice made as given, and its prior weight."""
    try:
        game = AmulettGame(3, seed=SEED, deal=deal)
        weight = 1
        for action in choices:
            play_script(game, [])                            # the spell auctions on the way are passed
            verb = action.split()[0]
            options = [a for a in game.legal_actions() if str(a).split()[0] == verb]
            weight *= CHOICE_WEIGHT // max(1, len(options))
            game.apply(action)
    except (IllegalAction, InvalidDeal):
        return None, 0
    return game, weight


def _emptied_stack() -> Iterator[tuple[AmulettGame | None, int]]:
    for first, second in product(compositions(5), repeat=2):
        deal = {**EMPTIED, "start": {**EMPTIED["start"], "metals": [[20, 1, 1, 1], list(first), list(second)]}}
        yield _replayed(deal, [])


def _tribute() -> Iterator[tuple[AmulettGame | None, int]]:
    for chosen, other, gift in product(METALS, repeat=3):
        yield _replayed(TRIBUTE, [f"metal {chosen}", f"metal {other}", f"give {gift}"])


def constrained_positions() -> list[ConstrainedPosition]:
    """The emptied stack and the hidden Tribute gift, as seat 0 sees them (module docstring)."""
    emptied = AmulettGame(3, seed=SEED, deal=EMPTIED)
    tribute = play_script(AmulettGame(3, seed=SEED, deal=TRIBUTE), ["metal G", "metal S", "give G"])
    return [ConstrainedPosition(game=emptied, seat=0, key=_hands, candidates=_emptied_stack),
            ConstrainedPosition(game=tribute, seat=0, key=_hands, candidates=_tribute)]
