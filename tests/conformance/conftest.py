"""The conformance suite runs every check against every game in ``towerlib.registry.GAMES``.

Counts scale with ``SPELLTOWER_CONFORMANCE_SCALE`` (default 1; CI's ``slow`` tests use more).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from towerlib.registry import GAMES, game_module

sys.path.insert(0, str(Path(__file__).parent))

SCALE = float(os.environ.get("SPELLTOWER_CONFORMANCE_SCALE", "1"))


def scaled(n: int) -> int:
    return max(1, int(n * SCALE))


@pytest.fixture(params=sorted(GAMES))
def module(request):
    """Each registered game's module, in turn."""
    return game_module(request.param)
