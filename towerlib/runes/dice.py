"""Which groups of dice cast which spell (RULES.md 2.2 table, R3, R4).

One function, :func:`groups`, answers "which sub-multisets of these dice cast this spell"; the
engine lists cast actions from it and the probability module builds its tables from
:func:`allows`. Dice are values 1..6 (the Illuminati face counts as 6).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable

#: The eight spells, in board order. ``class`` is the wizard's full-house spell.
SPELLS = ("healing", "attack", "familiar", "loot", "chain", "class", "restore", "quantum")
#: RULE 11: only these may be cast together in one turn; the others are cast alone.
COMBINABLE = frozenset({"healing", "attack", "familiar"})
FACES = (1, 2, 3, 4, 5, 6)
RUNS4 = ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6))
RUNS5 = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))


def _of_a_kind(counts: Counter[int], size: int) -> list[tuple[int, ...]]:
    return [(v,) * size for v in FACES if counts[v] >= size]


def groups(dice: Iterable[int], spell: str, full_house_distinct_values: bool = False) -> list[tuple[int, ...]]:
    """Every distinct sorted group of ``dice`` that casts ``spell``.

    R3: any sub-multiset that matches a pattern may be used, so four of a kind also holds two
    pairs and (unless ``full_house_distinct_values``) five of a kind is a full house.
    """
    return list(_groups(tuple(sorted(dice)), spell, full_house_distinct_values))


@lru_cache(maxsize=None)
def _groups(dice: tuple[int, ...], spell: str, full_house_distinct_values: bool) -> tuple[tuple[int, ...], ...]:
    return tuple(_find(Counter(dice), spell, full_house_distinct_values))


def _find(counts: Counter[int], spell: str, full_house_distinct_values: bool) -> list[tuple[int, ...]]:
    if spell == "healing":
        return [(1, 1)] if counts[1] >= 2 else []
    if spell == "attack":
        return _of_a_kind(counts, 2)
    if spell == "familiar":
        return _of_a_kind(counts, 3)
    if spell == "restore":
        return _of_a_kind(counts, 4)
    if spell == "quantum":
        return _of_a_kind(counts, 5)
    if spell == "loot":
        return [run for run in RUNS4 if all(counts[v] for v in run)]
    if spell == "chain":
        return [run for run in RUNS5 if all(counts[v] for v in run)]
    if spell == "class":
        found = []
        for three in FACES:
            for two in FACES:
                enough = counts[three] >= 5 and not full_house_distinct_values if three == two else (
                    counts[three] >= 3 and counts[two] >= 2)
                if enough:
                    found.append(tuple(sorted((three,) * 3 + (two,) * 2)))
        return found
    raise KeyError(spell)


def allows(dice: Iterable[int], spell: str, full_house_distinct_values: bool = False) -> bool:
    """Whether some group of ``dice`` casts ``spell``."""
    return _allows(tuple(dice), spell, full_house_distinct_values)


@lru_cache(maxsize=None)
def _allows(dice: tuple[int, ...], spell: str, full_house_distinct_values: bool) -> bool:
    return bool(_groups(tuple(sorted(dice)), spell, full_house_distinct_values))


def without(dice: Iterable[int], used: Iterable[int]) -> list[int]:
    """``dice`` with one copy of each value in ``used`` taken out (sorted)."""
    rest = Counter(dice)
    rest.subtract(Counter(used))
    if any(n < 0 for n in rest.values()):
        raise ValueError("used dice are not among the dice")
    return sorted(rest.elements())


def sub_multisets(dice: Iterable[int]) -> list[tuple[int, ...]]:
    """Every distinct sorted sub-multiset of ``dice``, the empty one and ``dice`` itself included."""
    counts = sorted(Counter(dice).items())
    found: list[tuple[int, ...]] = [()]
    for value, n in counts:
        found = [g + (value,) * k for g in found for k in range(n + 1)]
    return sorted(found, key=lambda g: (len(g), g))
