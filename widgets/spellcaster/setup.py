"""The SpellCaster set-up form: SpellCasters (2-4), the student's seat, a bot per seat, the round limit.

It only collects choices: :meth:`SetupForm.settings` reads them back and the engine checks them again.
"""
from __future__ import annotations

from towerlib.spellcaster import OPTIONS, SpellCasterGame
from towerlib.spellcaster.bots import BOTS

from ..setup_form import RoundLimitForm
from . import messages as _messages  # noqa: F401  (registers the board's catalogue)

BOT_LEVELS = tuple(BOTS)
DEFAULT_LEVEL = "planner"
MIN_PLAYERS, MAX_PLAYERS = SpellCasterGame.MIN_PLAYERS, SpellCasterGame.MAX_PLAYERS


class SetupForm(RoundLimitForm):
    """The seats plus the round limit (option ``round_limit``)."""

    KEY, CSS_PREFIX = "spellcaster.board", "sc"
    MIN_PLAYERS, MAX_PLAYERS, BOT_LEVELS, DEFAULT_LEVEL = MIN_PLAYERS, MAX_PLAYERS, BOT_LEVELS, DEFAULT_LEVEL
    ROUND_OPTION, OPTIONS = "round_limit", OPTIONS
