"""The games Spell Tower knows: name -> the module that implements it.

A game joins the kit by adding one line to :data:`GAMES`; the CLI, the conformance suite
(``tests/conformance``) and the gallery all read this table, and only the game asked for is
imported. What a game module must provide is written down in ``towerlib/README.md``.
"""
from __future__ import annotations

import importlib
from types import ModuleType

#: Game name -> importable module. The module provides the protocol listed in towerlib/README.md.
GAMES: dict[str, str] = {
    "abracada": "towerlib.abracada",
    "runes": "towerlib.runes",
    "amulett": "towerlib.amulett",
    "spellcaster": "towerlib.spellcaster",
}


def game_module(name: str) -> ModuleType:
    """The module of game ``name`` (imported on first use); KeyError for an unknown name."""
    return importlib.import_module(GAMES[name])


def game_names() -> tuple[str, ...]:
    return tuple(GAMES)
