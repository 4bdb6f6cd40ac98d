"""Das Amulett board pieces. So far the pure SVG/HTML renderers (:mod:`.render`); the interactive
``AmulettBoard`` of issue 11 is not built yet."""
from . import messages as _messages  # noqa: F401  (registers the catalogue entries)
