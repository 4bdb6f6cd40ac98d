"""The Das Amulett set-up form: players (3-6), the student's seat, a bot per seat, the round limit.

It only collects choices: :meth:`SetupForm.settings` reads them back and the engine checks them again.
"""
from __future__ import annotations

from towerlib.amulett import OPTIONS
from towerlib.amulett.bots import BOTS
from towerlib.amulett.rules import MAX_PLAYERS, MIN_PLAYERS

from ..setup_form import RoundLimitForm
from . import messages as _messages  # noqa: F401  (registers the board's catalogue)

BOT_LEVELS = tuple(BOTS)
DEFAULT_LEVEL = "planner"


class SetupForm(RoundLimitForm):
    """The seats plus the round limit (option ``max_rounds``)."""

    KEY, CSS_PREFIX = "amulett.board", "am"
    MIN_PLAYERS, MAX_PLAYERS, BOT_LEVELS, DEFAULT_LEVEL = MIN_PLAYERS, MAX_PLAYERS, BOT_LEVELS, DEFAULT_LEVEL
    ROUND_OPTION, OPTIONS = "max_rounds", OPTIONS
