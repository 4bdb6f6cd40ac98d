"""Small, exact-where-possible statistics for the lessons (pure standard library).

* :func:`hypergeometric_at_least_one` and :func:`hypergeometric_pmf`: the counting formulas of
  RULES.md 1.6, as Fractions, computed straight from binomial coefficients (the lessons show them
  beside :mod:`towerlib.abracada.deduction`, which computes the same numbers another way).
* :func:`die_mean`, :func:`capped_gain`: exact expectations over a die's faces.
* :func:`wilson_interval`, :func:`normal_interval`: confidence intervals for a proportion.
* :func:`running_rate`: the running frequency of successes, for law-of-large-numbers plots.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb, sqrt
from statistics import NormalDist
from typing import Iterable, Sequence


def z_value(confidence: float = 0.95) -> float:
    """The two-sided standard-normal quantile, e.g. 1.95996... for 95%."""
    if not 0 < confidence < 1:
        raise ValueError("confidence must be strictly between 0 and 1")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def hypergeometric_pmf(population: int, successes: int, draws: int) -> dict[int, Fraction]:
    """P(exactly j successes) when ``draws`` items are taken without replacement from
    ``population`` items of which ``successes`` are successes: C(K,j) C(N-K,n-j) / C(N,n)."""
    _check_hyper(population, successes, draws)
    total = comb(population, draws)
    return {j: Fraction(comb(successes, j) * comb(population - successes, draws - j), total)
            for j in range(draws + 1)}


def hypergeometric_at_least_one(population: int, successes: int, draws: int) -> Fraction:
    """1 - C(N-K, n) / C(N, n): the chance that ``draws`` items include at least one success."""
    _check_hyper(population, successes, draws)
    return 1 - Fraction(comb(population - successes, draws), comb(population, draws))


def hypergeometric_mean(population: int, successes: int, draws: int) -> Fraction:
    """n K / N, the expected number of successes."""
    _check_hyper(population, successes, draws)
    return Fraction(draws * successes, population)


def _check_hyper(population: int, successes: int, draws: int) -> None:
    if not (0 <= successes <= population and 0 <= draws <= population):
        raise ValueError("need 0 <= successes <= population and 0 <= draws <= population")


def die_mean(faces: Sequence[int]) -> Fraction:
    """The exact mean of a fair die with these faces."""
    if not faces:
        raise ValueError("a die needs at least one face")
    return Fraction(sum(faces), len(faces))


def capped_gain(faces: Sequence[int], room: int) -> Fraction:
    """E[min(room, die)]: what a roll adds when at most ``room`` can be gained (e.g. 6 - life)."""
    if not faces:
        raise ValueError("a die needs at least one face")
    return Fraction(sum(min(room, f) for f in faces), len(faces))


def at_least_chance(faces: Sequence[int], threshold: int) -> Fraction:
    """P(die >= threshold): e.g. the chance a Dragon roll knocks out a player with that much life."""
    if not faces:
        raise ValueError("a die needs at least one face")
    return Fraction(sum(1 for f in faces if f >= threshold), len(faces))


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: good even for small n or p near 0 or 1."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("need trials > 0 and 0 <= successes <= trials")
    z = z_value(confidence)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def normal_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The textbook interval p ± z sqrt(p(1-p)/n) (the one students compute by hand)."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("need trials > 0 and 0 <= successes <= trials")
    p = successes / trials
    half = z_value(confidence) * sqrt(p * (1 - p) / trials)
    return p - half, p + half


def half_width(p: float, trials: int, confidence: float = 0.95) -> float:
    """z sqrt(p(1-p)/n): the half-width of the normal interval at proportion ``p``."""
    if trials <= 0 or not 0 <= p <= 1:
        raise ValueError("need trials > 0 and 0 <= p <= 1")
    return z_value(confidence) * sqrt(p * (1 - p) / trials)


def running_rate(hits: Iterable[bool | int | float]) -> list[float]:
    """The mean of the first 1, 2, 3, ... values (the running frequency of successes)."""
    out, total = [], 0.0
    for i, h in enumerate(hits, 1):
        total += float(h)
        out.append(total / i)
    return out
