"""The Das Amulett board: ``from widgets.amulett import AmulettBoard`` (see :mod:`.board`); the
pure SVG/HTML renderers are in :mod:`.render` and :mod:`.panels`."""
from .board import AmulettBoard

__all__ = ["AmulettBoard"]
