"""towerlib: rules-exact engines for the four Spell Tower games.

Pure Python and numpy. Import a game's subpackage (``towerlib.abracada``) to play it; every
game follows the protocol of :class:`towerlib.core.Game`.
"""
from .core import Event, Game, IllegalAction, InvalidDeal, InvalidOption, Outcome, SaveError, TowerError, tr
from .registry import GAMES

__version__ = "0.1.0"

__all__ = ["Event", "GAMES", "Game", "IllegalAction", "InvalidDeal", "InvalidOption", "Outcome",
           "SaveError", "TowerError", "tr", "__version__"]
