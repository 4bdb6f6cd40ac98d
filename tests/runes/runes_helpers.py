"""Helpers shared by the Spell Runes tests (imported by name; tests/runes has no package)."""
from __future__ import annotations


#: Windows every seat gets whatever it holds (R18): passing them changes nothing.
ANYTIME = ("window", "initiative")
#: ... and the windows of an attacked wizard (passing takes the hit).
REACTIONS = ("counter", "smoke")


def settle(game, kinds=ANYTIME + REACTIONS):
    """Everyone passes the open windows of ``kinds``; returns the events."""
    events = []
    while game.pending and game.pending[-1]["kind"] in kinds and not game.is_over:
        events += game.apply("pass")
    return events
