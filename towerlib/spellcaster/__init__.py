"""SpellCaster: a contest of wills on the elemental board SC-13 (RULES.md section 4).

::

    game = towerlib.spellcaster.new_game(players=2, seed=7)
    game = towerlib.spellcaster.new_game(players=2, deal={"attributes": [[1, 2, 1, 2], [0, 3, 1, 2]],
                                                         "first": 0, "rolls": [9, 2]})
    game.legal_actions(); game.apply("conjure A FFE"); game.view(0)
    towerlib.spellcaster.load(game.to_json())

:mod:`.data` holds the HOUSE board, track and decks, :mod:`.rules` the options, :mod:`.engine`
the flow (with :mod:`.contests` and :mod:`.motion`), :mod:`.views` what a seat sees,
:mod:`.worlds` and :mod:`.constrained` the conformance hooks, :mod:`.inference` and :mod:`.probability` the exact odds,
:mod:`.bots` the players.
"""
from __future__ import annotations

from typing import Any, Mapping

from .actions import Action, parse
from .engine import SpellCasterGame
from .invariants import check_invariants
from .rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .constrained import constrained_positions
from .worlds import redeal, two_worlds

PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)


def new_game(players: int = 2, seed: int | None = None, deal: Mapping[str, Any] | None = None,
             **options: Any) -> SpellCasterGame:
    """A new game; ``deal`` fixes attributes, first player, deck tops, rolls (see the engine)."""
    return SpellCasterGame(players, seed=seed, deal=deal, **options)


def load(text: str | bytes) -> SpellCasterGame:
    """A game from a save file; a corrupt or edited file raises :class:`towerlib.SaveError`."""
    return SpellCasterGame.from_json(text)  # type: ignore[return-value]


__all__ = ["Action", "OPTIONS", "PLAYERS", "SpellCasterGame", "check_invariants", "constrained_positions", "load", "new_game", "parse",
           "redeal", "two_worlds"]
