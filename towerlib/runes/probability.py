"""Exact dice odds for Spell Runes: one roll, three rolls with the best holds, and the counter.

The re-roll game is a small Markov decision process. A state is the sorted multiset of the
five dice (252 of them) and the number of re-rolls left; a decision is the sub-multiset to hold.
Working on multisets rather than on the 7,776 ordered rolls makes a full table cheap: every
(hold, outcome) pair is enumerated once with its multinomial weight, and values are kept as
integer numerators over the common denominator ``6**(5*r)`` so the tables are exact without
the cost of ``Fraction`` arithmetic. Results are returned as :class:`fractions.Fraction`.

Spell names: ``healing``, ``attack``, ``familiar``, ``loot``, ``chain``, ``class``, ``restore``,
``quantum`` (see :mod:`towerlib.runes.dice` for the patterns).
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from collections import Counter
from typing import Iterable, Literal

from ..core.errors import InvalidOption
from .dice import FACES, SPELLS, allows, sub_multisets

Dice = tuple[int, ...]
DICE = 5
#: Every sorted roll of five dice (252 states).
STATES: tuple[Dice, ...] = tuple(combinations_with_replacement(FACES, DICE))
_INDEX = {s: i for i, s in enumerate(STATES)}


def _weight(outcome: Dice) -> int:
    """How many ordered rolls give this sorted outcome (the multinomial coefficient)."""
    w = factorial(len(outcome))
    for n in Counter(outcome).values():
        w //= factorial(n)
    return w


@lru_cache(maxsize=None)
def outcomes(count: int) -> tuple[tuple[Dice, int], ...]:
    """Every sorted result of rolling ``count`` dice, with how many of the ``6**count`` ordered rolls give it."""
    return tuple((o, _weight(o)) for o in combinations_with_replacement(FACES, count))


@lru_cache(maxsize=None)
def _transitions() -> dict[Dice, tuple[tuple[int, int], ...]]:
    """For each possible hold (a sorted multiset of 0..5 dice): the states it reaches, with weights."""
    table = {}
    for size in range(DICE + 1):
        rolled = outcomes(DICE - size)
        for hold in combinations_with_replacement(FACES, size):
            table[hold] = tuple((_INDEX[tuple(sorted(hold + o))], w) for o, w in rolled)
    return table


@lru_cache(maxsize=None)
def _holds() -> tuple[tuple[Dice, ...], ...]:
    """The distinct holds of each state, smallest first."""
    return tuple(tuple(sub_multisets(s)) for s in STATES)


def _check_spell(spell: str) -> None:
    if spell not in SPELLS:
        raise InvalidOption("runes.error.bad_spell", value=spell, allowed=", ".join(SPELLS))


def _check_rolls(rolls: int, low: int) -> None:
    if isinstance(rolls, bool) or not isinstance(rolls, int) or not low <= rolls <= 12:
        raise InvalidOption("runes.error.bad_rolls", value=rolls, low=low)


class _Table:
    """Exact best-hold values for one spell, built one re-roll layer at a time.

    ``values[r][i]`` is the chance (numerator over ``6**(5*r)``) that state ``i`` with ``r``
    re-rolls left ends with the spell under the best holds; ``best[r][i]`` is that hold.
    """

    def __init__(self, spell: str, distinct: bool) -> None:
        self.values: list[list[int]] = [[int(allows(s, spell, distinct)) for s in STATES]]
        self.best: list[list[Dice]] = [list(STATES)]

    def layer(self, r: int) -> None:
        while len(self.values) <= r:
            prev = self.values[-1]
            values, best = [], []
            hold_value: dict[Dice, int] = {}
            transitions = _transitions()
            for holds in _holds():
                top, top_hold = -1, ()
                for hold in holds:
                    v = hold_value.get(hold)
                    if v is None:
                        v = 6 ** len(hold) * sum(prev[i] * w for i, w in transitions[hold])
                        hold_value[hold] = v
                    # Ties: keep more dice (holds are listed by size, then value).
                    if v >= top:
                        top, top_hold = v, hold
                values.append(top)
                best.append(top_hold)
            self.values.append(values)
            self.best.append(best)


@lru_cache(maxsize=None)
def _table(spell: str, distinct: bool) -> _Table:
    return _Table(spell, distinct)


def clear_tables() -> None:
    """Forget every table (benchmarks time a cold build with it)."""
    for cached in (_table, _transitions, _holds, outcomes):
        cached.cache_clear()


def build_tables(rolls: int = 4, full_house_distinct_values: bool = False) -> None:
    """Build every spell's table up to ``rolls`` rolls now (otherwise built on first use)."""
    for spell in SPELLS:
        _table(spell, full_house_distinct_values).layer(rolls - 1)


def p_roll(spell: str, full_house_distinct_values: bool = False) -> Fraction:
    """The chance that one roll of five dice allows ``spell``."""
    return p_within(spell, 1, full_house_distinct_values)


def p_within(spell: str, rolls: int = 3, full_house_distinct_values: bool = False) -> Fraction:
    """The chance of ``spell`` within ``rolls`` rolls, holding the dice that maximise that chance."""
    _check_spell(spell)
    _check_rolls(rolls, 1)
    table = _table(spell, full_house_distinct_values)
    table.layer(rolls - 1)
    values = table.values[rolls - 1]
    total = sum(_weight(s) * values[i] for i, s in enumerate(STATES))
    return Fraction(total, 6 ** (DICE * rolls))


def best_hold(dice: Iterable[int], spell: str, rolls_left: int,
              full_house_distinct_values: bool = False) -> tuple[Dice, Fraction]:
    """The dice to keep from ``dice`` to maximise the chance of ``spell``, and that chance.

    ``rolls_left`` counts the re-rolls still allowed (0 after the last roll). Holding all five
    dice means "stop rolling". Among equally good holds the one keeping the most dice wins.
    """
    state = tuple(sorted(dice))
    if state not in _INDEX:
        raise InvalidOption("runes.error.bad_dice", value=list(dice))
    _check_spell(spell)
    _check_rolls(rolls_left, 0)
    table = _table(spell, full_house_distinct_values)
    table.layer(rolls_left)
    i = _INDEX[state]
    return table.best[rolls_left][i], Fraction(table.values[rolls_left][i], 6 ** (DICE * rolls_left))


def p_after_hold(held: Iterable[int], spell: str, rolls_left: int,
                 full_house_distinct_values: bool = False) -> Fraction:
    """The chance of ``spell`` by the end of the turn if you keep ``held`` now, re-roll the other
    dice, and then hold as well as possible with the ``rolls_left - 1`` re-rolls that remain.

    This prices *any* hold, not just the best one: a board shows it beside :func:`best_hold`
    so a student sees what their own choice costs. ``held`` must leave at least one die to roll.
    """
    hold = tuple(sorted(held))
    if len(hold) >= DICE or any(d not in FACES for d in hold):
        raise InvalidOption("runes.error.bad_dice", value=list(hold))
    _check_spell(spell)
    _check_rolls(rolls_left, 1)
    table = _table(spell, full_house_distinct_values)
    table.layer(rolls_left - 1)
    values = table.values[rolls_left - 1]
    total = sum(values[i] * w for i, w in _transitions()[hold])
    return Fraction(total, 6 ** (DICE - len(hold)) * 6 ** (DICE * (rolls_left - 1)))


def p_counter(pair_value: int, ties: Literal["caster", "defender"] = "caster", bonus: int = 0) -> Fraction:
    """The chance that one counter die (plus ``bonus``) stops an Attack cast with a pair of ``pair_value``.

    RULE 14: the die must beat the pair; ``ties`` says who wins an equal roll after the grades.
    """
    if isinstance(pair_value, bool) or pair_value not in FACES:
        raise InvalidOption("runes.error.bad_pair", value=pair_value)
    if ties not in ("caster", "defender"):
        raise InvalidOption("runes.error.bad_ties", value=ties)
    stops = sum(1 for d in FACES if d + bonus > pair_value or (d + bonus == pair_value and ties == "defender"))
    return Fraction(stops, 6)
