"""Class experiments: many students' draws from one known distribution, pooled.

A lesson that simulates (dice rolls, stones drawn) defines its experiment once, with the exact
distribution that ``towerlib`` computes, and sends each batch of draws to the class tally. On the
classroom server the draws go to the student's record and the class's pooled tally; anywhere else
they go nowhere and the lesson runs the same::

    from fractions import Fraction
    from widgets.record import Experiment, hooks
    from widgets.record.panels import DrawsPanel

    hooks.track_page()                      # once, at the top of the lesson
    two_dice = Experiment("runes.two_dice_sum", {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)},
                          event={7})        # estimate P(sum = 7); without ``event`` the mean is estimated
    panel = DrawsPanel(two_dice, lang)      # "Your 40 rolls, the class's 1,200 rolls", both estimates, exact
    panel                                   # show it beside the lesson's own simulation
    panel.send(rolls)                       # in the simulation's loop (e.g. each LiveRun step)

``widgets.record.record_draws(two_dice, rolls)`` sends a batch without a panel. The class page
(``notebooks/teacher.ipynb``) shows the pooled histogram beside the exact one and the running
estimate beside the exact answer (:class:`Tally`). Names are ``<game>.<what>``; the same name must
always come with the same distribution (the store refuses a different one). Everything here is
exact (``Fraction``) and pure Python.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Integral, Rational
from typing import Iterable, Mapping

from towerlib.core.errors import InvalidOption

from . import messages as _messages  # noqa: F401  (registers the catalogue entries)

NAME = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)+$")   # "<game>.<what>", like catalogue keys
MAX_VALUES = 1000                                    # support size an experiment may have
SERIES_POINTS = 200                                  # running-estimate points kept for a plot


def _int(value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, Integral):
        return None
    return int(value)


@dataclass(frozen=True)
class Experiment:
    """A named random experiment with integer outcomes and their exact probabilities.

    ``event`` (a set of outcomes) makes the estimated quantity P(outcome in event); without it,
    the estimated quantity is the mean outcome.
    """

    name: str
    exact: Mapping[int, Fraction]
    event: frozenset[int] | None = None

    def __init__(self, name: str, exact: Mapping[int, Fraction], event: Iterable[int] | None = None) -> None:
        if not isinstance(name, str) or not NAME.match(name):
            raise InvalidOption("record.experiment.bad_name", name=repr(name))
        if not isinstance(exact, Mapping) or not 0 < len(exact) <= MAX_VALUES:
            raise InvalidOption("record.experiment.bad_exact", name=name, detail=f"1 to {MAX_VALUES} outcomes")
        table: dict[int, Fraction] = {}
        for value, p in exact.items():
            v = _int(value)
            if v is None or isinstance(p, bool) or not isinstance(p, Rational) or not 0 <= p <= 1:
                raise InvalidOption("record.experiment.bad_exact", name=name,
                                    detail=f"{value!r}: {p!r} is not an integer outcome with an exact probability")
            table[v] = Fraction(p)
        if sum(table.values()) != 1:
            raise InvalidOption("record.experiment.bad_exact", name=name,
                                detail=f"the probabilities add up to {sum(table.values())}, not 1")
        events = None
        if event is not None:
            events = frozenset(_int(v) for v in event)
            if None in events or not events <= set(table):
                raise InvalidOption("record.experiment.bad_exact", name=name,
                                    detail=f"the event {sorted(event)!r} has values that are not outcomes")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "exact", dict(sorted(table.items())))
        object.__setattr__(self, "event", events)

    @property
    def answer(self) -> Fraction:
        """The exact value of what the class estimates: P(event), or the mean outcome."""
        if self.event is not None:
            return sum((p for v, p in self.exact.items() if v in self.event), Fraction(0))
        return sum((v * p for v, p in self.exact.items()), Fraction(0))

    def score(self, value: int) -> int:
        """What one draw adds to the estimate's numerator: 1/0 for an event, else the outcome."""
        return (1 if value in self.event else 0) if self.event is not None else value

    def counts(self, values: Iterable[object]) -> Counter[int]:
        """The draws counted by outcome; any draw that is not an outcome raises InvalidOption."""
        tally: Counter[int] = Counter()
        for value in values:
            v = _int(value)
            if v is None or v not in self.exact:
                raise InvalidOption("record.experiment.bad_draw", name=self.name, value=repr(value))
            tally[v] += 1
        return tally

    # ----- stored form (the experiment table) -----------------------------------------------
    def exact_json(self) -> str:
        return json.dumps({str(v): f"{p.numerator}/{p.denominator}" for v, p in self.exact.items()})

    def event_json(self) -> str | None:
        return None if self.event is None else json.dumps(sorted(self.event))

    @classmethod
    def from_stored(cls, name: str, exact: str, event: str | None) -> "Experiment":
        table = {int(v): Fraction(p) for v, p in json.loads(exact).items()}
        return cls(name, table, None if event is None else json.loads(event))


@dataclass
class Tally:
    """The class's pooled draws of one experiment: histogram, total and running estimate.

    ``series`` is ``[(draws so far, estimate so far), ...]`` in the order batches arrived, thinned
    to at most :data:`SERIES_POINTS` points (the last point is always the current estimate).
    """

    experiment: Experiment
    counts: dict[int, int] = field(default_factory=dict)
    students: int = 0
    series: list[tuple[int, Fraction]] = field(default_factory=list)
    round_at: float | None = None       # when the teacher's Reset started this round (None: never reset)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def estimate(self) -> Fraction | None:
        """The pooled estimate (exact ratio of the counts), None before the first draw."""
        n = self.total
        if n == 0:
            return None
        return Fraction(sum(self.experiment.score(v) * c for v, c in self.counts.items()), n)

    def frequency(self, value: int) -> Fraction:
        n = self.total
        return Fraction(self.counts.get(value, 0), n) if n else Fraction(0)

    @classmethod
    def from_batches(cls, experiment: Experiment, rows: Iterable[tuple[int, int]], students: int = 0) -> "Tally":
        """Build from ``(value, count)`` rows in arrival order."""
        counts: Counter[int] = Counter()
        points: list[tuple[int, Fraction]] = []
        n = score = 0
        for value, count in rows:
            counts[value] += count
            n += count
            score += experiment.score(value) * count
            points.append((n, Fraction(score, n)))
        if len(points) > SERIES_POINTS:
            step = len(points) / SERIES_POINTS
            points = [points[int(i * step)] for i in range(SERIES_POINTS - 1)] + [points[-1]]
        return cls(experiment, dict(sorted(counts.items())), students, points)
