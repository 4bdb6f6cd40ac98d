"""Two worlds that one seat cannot tell apart: the shape of every game's hidden-information test.

A game module's ``two_worlds(rng)`` returns a :class:`TwoWorlds`: two games that differ only in
something the ``observer`` may not see (another seat's cards, a deck order). Played along the
same actions, the observer's views must stay identical at every step; otherwise the difference
leaked, through a view, a log line or through *who is asked to decide*.

A game module may also offer ``constrained_positions()``: a list of :class:`ConstrainedPosition`,
positions whose hidden part is so constrained that every world consistent with a seat's view
can be listed. The conformance suite then checks ``redeal`` against that exact posterior, so a
sampler that gives up and returns the real hidden state (a leak) is caught.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable


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


@dataclass
class ConstrainedPosition:
    """A position whose posterior for ``seat`` can be counted out exactly.

    ``candidates()`` yields ``(world, weight)``: every way the hidden set-up could have been
    (each a full game built from a deal and replayed along the position's actions, ``None``
    where an action was illegal in it) with its prior weight (how many of the equally likely
    shuffles give it). The worlds whose ``view(seat)`` equals the position's are exactly those
    ``seat`` cannot rule out, so their weights, summed by ``key(world)`` (the hidden thing
    compared, say another seat's hand), are the exact posterior that ``redeal`` must sample.
    The candidates share one seed, so a chance event the seat did not see (which card a random
    theft took) must not tell them apart, unless it is exchangeable with what is listed (a theft
    from a hand whose order the candidates already run through); else list the chance too.
    """

    game: Any
    seat: int
    key: Callable[[Any], Hashable]
    candidates: Callable[[], Iterable[tuple[Any, int]]]
