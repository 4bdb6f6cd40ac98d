"""Typed errors. Each one names the input that was wrong and what would have been allowed.

They carry a catalogue key and its parameters, so a board can show the same error in
Russian (``err.message("ru")``) while ``str(err)`` stays English for tracebacks and logs.
"""
from __future__ import annotations

from .i18n import tr


class TowerError(ValueError):
    """Base class of every error raised on bad input to Spell Tower."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(tr(key, "en", **params))

    def message(self, lang: str = "en") -> str:
        return tr(self.key, lang, **self.params)


class IllegalAction(TowerError):
    """An action the rules do not allow now; the game is left exactly as it was."""


class InvalidDeal(TowerError):
    """An explicit deal that is not a full, consistent set of stones, cards or dice."""


class InvalidOption(TowerError):
    """A game option with an unknown name or a value outside what the rules allow."""


class SaveError(TowerError):
    """A save file that cannot be loaded; the message says what is wrong in it."""
