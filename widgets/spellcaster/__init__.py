"""The SpellCaster board: ``from widgets.spellcaster import SpellCasterBoard`` (see :mod:`.board`)."""
from .board import SpellCasterBoard

__all__ = ["SpellCasterBoard"]
