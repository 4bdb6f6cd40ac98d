"""Spell Runes: a dice duel of 2-6 wizards (RULES.md section 2), with exact dice odds and bots.

::

    game = towerlib.runes.new_game(players=4, seed=7)            # every RULES.md flag is an option
    game = towerlib.runes.new_game(players=2, deal={"wizards": ["druid", "warlock"], "dice": [...]})
    game.legal_actions(); game.apply("pass"); game.view(0); towerlib.runes.load(game.to_json())

Every round opens with a window for each standing wizard (wield an artifact, drink a potion...,
or ``pass``); who is asked to decide never depends on a hidden card (see :mod:`.engine`).

See :mod:`towerlib.runes.engine` for the flow and the ``deal`` fields, :mod:`.actions` for the
action grammar, :mod:`.probability` for the odds and :mod:`.bots` for the players.
For the conformance suite: ``PLAYERS``, ``check_invariants`` (:mod:`.invariants`), ``redeal``
and ``two_worlds`` (:mod:`.worlds`).
"""
from __future__ import annotations

from typing import Any, Mapping

from .actions import Action, parse
from .constrained import constrained_positions
from .deals import deal_examples
from .engine import OPTIONS, RunesGame
from .invariants import check_invariants
from .worlds import redeal, two_worlds

#: How many wizards may play (RULES.md 2.1: 2-6).
PLAYERS = range(RunesGame.MIN_PLAYERS, RunesGame.MAX_PLAYERS + 1)


def new_game(players: int = 2, seed: int | None = None, deal: Mapping[str, Any] | None = None,
             **options: Any) -> RunesGame:
    """A new game. ``deal`` fixes parts of the set-up for scenarios (see :class:`RunesGame`)."""
    return RunesGame(players, seed=seed, deal=deal, **options)


def load(text: str | bytes) -> RunesGame:
    """A game from :meth:`RunesGame.to_json`; a corrupt or edited file raises ``SaveError``."""
    return RunesGame.from_json(text)


__all__ = ["Action", "OPTIONS", "PLAYERS", "RunesGame", "check_invariants", "constrained_positions", "deal_examples", "load", "new_game", "parse",
           "redeal", "two_worlds"]
