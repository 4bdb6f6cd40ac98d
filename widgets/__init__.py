"""Spell Tower's ipywidgets boards (and the server-side helpers in :mod:`widgets.serving`).

Keep this file import-light: the Voila server imports :mod:`widgets.serving`, which runs this
file first, and the server must not pull in ipywidgets or the game engines. Expose a board
lazily by adding ``"BoardName": "widgets.module"`` to ``_LAZY``; ``widgets.BoardName`` then
imports its module on first use.
"""
from __future__ import annotations

import importlib

_LAZY: dict[str, str] = {"AbracadaBoard": "widgets.abracada", "RunesBoard": "widgets.runes",
                         "AmulettBoard": "widgets.amulett", "SpellCasterBoard": "widgets.spellcaster"}

__all__ = sorted(_LAZY)


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
