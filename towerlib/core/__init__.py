"""The shared core of every Spell Tower game: randomness, errors, events, options, save files."""
from . import messages as _messages  # noqa: F401  (registers the core's catalogue entries)
from .errors import IllegalAction, InvalidDeal, InvalidOption, SaveError, TowerError
from .events import Event
from .game import Game, GameBase, Outcome
from .i18n import Msg, tr
from .options import Option
from .rng import GameRandom

__all__ = ["Event", "Game", "GameBase", "GameRandom", "IllegalAction", "InvalidDeal",
           "InvalidOption", "Msg", "Option", "Outcome", "SaveError", "TowerError", "tr"]
