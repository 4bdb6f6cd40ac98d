"""Das Amulett: auctions for spells and jewels on a hex map (RULES.md section 3).

::

    game = towerlib.amulett.new_game(players=4, seed=7)          # every RULES.md flag is an option
    game = towerlib.amulett.new_game(players=3, deal={"deck": [17, 5, 9], "markers": [4]})
    game.legal_actions(); game.apply("bid 2"); game.view(0); towerlib.amulett.load(game.to_json())

See :mod:`.engine` for the flow and the ``deal`` fields, :mod:`.actions` for the action grammar,
:mod:`.rules` for the HOUSE data, :mod:`.inference` for reading hands from the ledger,
:mod:`.probability` for the exact odds and :mod:`.bots` for the players. :func:`posterior_positions`
lists small positions whose hidden hands can be enumerated (tests compare ``redeal`` with them);
:func:`constrained_positions` gives two of them in the conformance suite's form.
"""
from __future__ import annotations

from typing import Any, Mapping

from .actions import Action, parse
from .engine import AmulettGame
from .rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .constrained import constrained_positions
from .worlds import check_invariants, posterior_positions, redeal, two_worlds

#: The allowed player counts.
PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)


def new_game(players: int = 4, seed: int | None = None, deal: Mapping[str, Any] | None = None,
             **options: Any) -> AmulettGame:
    """A new game. ``deal`` fixes chance for scenarios (see :class:`AmulettGame`)."""
    return AmulettGame(players, seed=seed, deal=deal, **options)


def load(text: str | bytes) -> AmulettGame:
    """A game from :meth:`AmulettGame.to_json`; a corrupt or edited file raises ``SaveError``."""
    return AmulettGame.from_json(text)  # type: ignore[return-value]


__all__ = ["Action", "AmulettGame", "OPTIONS", "PLAYERS", "check_invariants", "constrained_positions", "load", "new_game", "parse", "posterior_positions",
           "redeal", "two_worlds"]
