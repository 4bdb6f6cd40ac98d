"""The Spell Runes board: ``from widgets import RunesBoard`` (see :mod:`.board`)."""
from .board import RunesBoard

__all__ = ["RunesBoard"]
