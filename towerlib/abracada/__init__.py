"""Abracada...What?: the hidden-spellstone deduction game (RULES.md section 1).

    game = towerlib.abracada.new_game(players=4, seed=7)
    game.apply("cast 3")
    game.view(seat)                      # what that seat may see
    towerlib.abracada.load(game.to_json())
"""
from __future__ import annotations

from typing import Any, Mapping

from . import messages as _messages  # noqa: F401  (registers the catalogue entries)
from .actions import CAST, END, NEXT_ROUND, Cast, EndTurn, NextRound, parse_action
from .constrained import constrained_positions
from .deals import complete_deal, deal_examples
from .engine import AbracadaGame
from .invariants import check_invariants
from .rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .worlds import redeal, two_worlds

#: The player counts the rules allow.
PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)


def new_game(players: int = 4, seed: int | None = None, deal: Mapping[str, Any] | None = None,
             **options: Any) -> AbracadaGame:
    """A new game. ``deal`` fixes round 1 (hands, secret, removed, pile in drawing order,
    optionally lives and scores); every RULES.md flag is an option (see ``OPTIONS``)."""
    return AbracadaGame(players, seed=seed, deal=deal, **options)


def load(text: str | bytes) -> AbracadaGame:
    """A game from a save file; a corrupt file raises :class:`towerlib.SaveError`."""
    return AbracadaGame.from_json(text)  # type: ignore[return-value]


__all__ = ["CAST", "END", "NEXT_ROUND", "OPTIONS", "PLAYERS", "AbracadaGame", "Cast", "EndTurn", "NextRound",
           "check_invariants", "complete_deal", "constrained_positions", "deal_examples", "load", "new_game", "parse_action", "redeal", "two_worlds"]
