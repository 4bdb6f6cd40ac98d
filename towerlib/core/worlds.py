"""Two worlds that one seat cannot tell apart: the shape of every game's hidden-information test.

A game module's ``two_worlds(rng)`` returns a :class:`TwoWorlds`: two games that differ only in
something the ``observer`` may not see (another seat's cards, a deck order). Played along the
same actions, the observer's views must stay identical at every step; otherwise the difference
leaked, through a view, a log line or through *who is asked to decide*.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass
class TwoWorlds:
    """``a`` and ``b`` differ only in what ``observer`` cannot see.

    ``until(game)``, if given, says when the rules themselves reveal the difference (a round's
    scoring shows every hand, say): comparison stops once it holds in world ``a``. Comparison
    also stops when an action legal in ``a`` is not legal in ``b``: the holder of the hidden
    card has then chosen to show it.
    """

    a: Any
    b: Any
    observer: int
    until: Callable[[Any], bool] | None = None
