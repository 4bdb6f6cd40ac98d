"""The Abracada...What? board: ``from widgets import AbracadaBoard`` (see :mod:`.board`)."""
from .board import AbracadaBoard

__all__ = ["AbracadaBoard"]
