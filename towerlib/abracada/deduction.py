"""Exact deduction of one's own hidden hand (RULES.md 1.6), with integer weights and Fractions.

From a seat's view the *unseen* stones are the 36 minus everything it sees (others' hands, the
board, the face-up removed stones, its own secret stones, and others' secret stones if they are
public). They lie in its own hand, the secret pool, others' hidden secret stones and the pile.
Every placement of the unseen stones that agrees with what the seat has ruled out for each of
its stones is equally likely (the shuffle is uniform and the engine's removal rule is
deterministic), so the posterior weight of a hand is the number of ways to put distinct unseen
stones into its slots. For a hand of values (v_1..v_h) that is the product of falling
factorials c_v!/(c_v - m_v)! over values, where c_v is the number of unseen stones of value v.

This treats the opponents' choices as carrying no information about the seat's hand. They can
see it, so a real opponent's choice is evidence; modelling that is the Bayesian lesson of 1.6.

Algorithms (all counts are Python integers; a Fraction is made only when a query asks for one):

* The total weight of a set of slots is a dynamic programme over the values 1..8 whose state is
  how many slots of each group are still empty, where a group is the slots with the same allowed
  values: value v fills ``k_g`` slots of group g in ``C(r_g, k_g)`` ways with stones chosen in
  ``c_v!/(c_v-K)!`` ways. At most 2**5 states.
* The engine's ruled-out sets are nested (an older stone has seen every value ruled out that a
  newer one has), and for nested allowed sets A_1 ⊆ ... ⊆ A_h the weight is simply
  prod_i (|A_i| - i), counting unseen stones in A_i: the slot with the fewest choices picks
  first. That closed form is used whenever the sets nest; the DP handles any other input.
* Queries reduce to total weights: P(no k) sets c_k = 0; P(slot i = v) fixes slot i to one of
  the c_v stones of value v; P(at least n_v of each v) and the pmf bound each value's count in
  the DP. Results are cached by the canonical key (unseen counts, sorted allowed sets).
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb
import random
from typing import Any, Iterable, Mapping, Sequence

from ..core.errors import TowerError
from . import bot_messages as _bot_messages  # noqa: F401  (registers the catalogue entries)
from .rules import HAND_SIZE, SPELLS, STONE_COUNTS, TOTAL_STONES

ALL = sum(1 << v for v in SPELLS)                        # bit v set: value v allowed
_VALUES_OF = tuple(tuple(v for v in SPELLS if m >> v & 1) for m in range(1 << 9))
_NO_BOUNDS = ((0,) * 9, (HAND_SIZE,) * 9)
_KEYS = tuple((str(v), v) for v in SPELLS)
_ALLOWED = {_VALUES_OF[m]: ALL & ~m for m in range(0, 1 << 9, 2)}   # sorted ruled-out values -> allowed


def _allowed(ruled_out: Iterable[int]) -> int:
    """The allowed-values mask of a slot whose ruled-out values are not listed in order."""
    return ALL & ~sum(1 << v for v in ruled_out)


class InvalidPosition(TowerError):
    """Counts, a hand or a view that no real position of the game can have."""


def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1): ordered choices of k distinct stones out of n."""
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _free_counts(c: tuple[int, ...], masks: tuple[int, ...]) -> list[int] | None:
    """For nested allowed sets (``masks`` sorted by size): unseen stones slot i may take, less i.

    None if the sets do not nest. Slot j of a run of equal slots takes one stone fewer than
    slot j - 1 (see :func:`_nested_runs`).
    """
    runs = _nested_runs(c, masks)
    if runs is None:
        return None
    return [free - j for _m, free, r in runs for j in range(r)]


def _nested_runs(c: Sequence[int], masks: tuple[int, ...]) -> list[tuple[int, int, int]] | None:
    """The slots grouped in runs of equal allowed sets, in order of first appearance, as
    ``(allowed mask, free stones, run length)``, or None when the sets do not nest (each set
    must contain the ones before it).

    A run's free stones are the unseen stones its set allows, less one per slot before the run:
    given the earlier (smaller) runs are filled, its first slot can take any of them. Counted from
    the values a set excludes, usually few.
    """
    unseen = sum(c)
    runs = []
    start = 0
    prev = 0
    for m in dict.fromkeys(masks):
        if prev & ~m:
            return None
        prev = m
        free = unseen - start
        for v in _VALUES_OF[ALL & ~m]:
            free -= c[v]
        r = masks.count(m)
        runs.append((m, free, r))
        start += r
    return runs


def _product(free: list[int]) -> int:
    out = 1
    for f in free:
        if f <= 0:
            return 0
        out *= f
    return out


def _dp(c: tuple[int, ...], masks: tuple[int, ...], lo: tuple[int, ...], hi: tuple[int, ...],
        track: bool = False) -> dict[tuple[int, ...], int]:
    """The general DP over values, with ``lo[v] <= (copies of v in the hand) <= hi[v]``.

    Returns the weight of each hand composition (copies of each value 1..8) if ``track``, else
    the total weight under the key ``()``.
    """
    groups = Counter(masks)
    gmasks = list(groups)
    states: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {(tuple(groups[m] for m in gmasks), ()): 1}
    for v in SPELLS:
        idx = [g for g, m in enumerate(gmasks) if m >> v & 1]
        low, high = lo[v], min(hi[v], c[v])
        if low > high or (low > 0 and not idx):
            return {}
        new: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        for (state, comp), w in states.items():
            for ks in product(*(range(state[g] + 1) for g in idx)):
                total = sum(ks)
                if total < low or total > high:
                    continue
                mult = w * _falling(c[v], total)
                rest = list(state)
                for g, k in zip(idx, ks):
                    mult *= comb(state[g], k)
                    rest[g] -= k
                key = (tuple(rest), comp + (total,) if track else comp)
                new[key] = new.get(key, 0) + mult
        states = new
    done = (0,) * len(gmasks)
    return {comp: w for (state, comp), w in states.items() if state == done}


@lru_cache(maxsize=1 << 16)
def _weight(c: tuple[int, ...], masks: tuple[int, ...], bounds: tuple[tuple[int, ...], tuple[int, ...]] = _NO_BOUNDS) -> int:
    """Ways to fill slots with allowed sets ``masks`` (sorted by size) with distinct unseen stones."""
    if bounds is _NO_BOUNDS:
        free = _free_counts(c, masks)
        if free is not None:
            return _product(free)
    return _dp(c, masks, *bounds).get((), 0)


_ORDER = tuple(bin(m).count("1") << 9 | m for m in range(1 << 9))   # sort by size, then by mask


def _canonical(masks: Iterable[int]) -> tuple[int, ...]:
    """The masks in a fixed order, smallest sets first: the cache key and the nesting order."""
    return tuple(sorted(masks, key=_ORDER.__getitem__))


def _without(c: tuple[int, ...], v: int, n: int = 1) -> tuple[int, ...]:
    out = list(c)
    out[v] -= n
    return tuple(out)


class HandDistribution:
    """The posterior over one's own hand: integer weights inside, Fractions at the surface.

    ``counts`` are the unseen stones by value (index 0 unused); ``masks`` the allowed values of
    each slot in slot order (oldest first), as bit masks. Build one with :func:`hand_distribution`
    or :func:`deduce`, which validate their input and share instances through a cache.
    """

    __slots__ = ("counts", "masks", "_key", "_free", "total", "_pmf")

    def __init__(self, counts: tuple[int, ...], masks: tuple[int, ...]) -> None:
        self.counts = counts
        self.masks = masks
        self._key = _canonical(masks)
        self._free = _free_counts(counts, self._key)
        self.total = _weight(counts, self._key) if self._free is None else _product(self._free)
        if self.total == 0:
            raise InvalidPosition("abracada.deduce.no_world")
        self._pmf: dict[int, dict[int, Fraction]] = {}

    @property
    def hand_size(self) -> int:
        return len(self.masks)

    def _weight_without(self, k: int) -> int:
        return _weight(_without(self.counts, k, self.counts[k]), self._key)

    def p_at_least_one(self, k: int) -> Fraction:
        """P(the hand holds at least one stone of value ``k``)."""
        _check_value(k)
        return 1 - Fraction(self._weight_without(k), self.total)

    def hold_chances(self) -> tuple[float, ...]:
        """``p_at_least_one`` for values 0..8 as floats (index 0 is 0), for bots (see :func:`hold_chances`)."""
        return _hold_chances(self.counts, self._key)

    def pmf(self, k: int) -> dict[int, Fraction]:
        """The distribution of the number of stones of value ``k`` in the hand (all of 0..hand size)."""
        _check_value(k)
        if k not in self._pmf:
            lo, hi = list(_NO_BOUNDS[0]), list(_NO_BOUNDS[1])
            out = {}
            for j in range(self.hand_size + 1):
                lo[k] = hi[k] = j
                out[j] = Fraction(_weight(self.counts, self._key, (tuple(lo), tuple(hi))), self.total)
            self._pmf[k] = out
        return dict(self._pmf[k])

    def expected(self, k: int) -> Fraction:
        """The expected number of stones of value ``k`` in the hand."""
        return sum((j * p for j, p in self.pmf(k).items()), Fraction(0))

    def p_at_least(self, counts: Mapping[int, int]) -> Fraction:
        """P(the hand holds at least ``counts[v]`` stones of each value v)."""
        lo = [0] * 9
        for v, n in counts.items():
            _check_value(v)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise InvalidPosition("abracada.deduce.bad_count", value=v, count=n, copies=STONE_COUNTS[v])
            lo[v] = n
        if sum(lo) > self.hand_size:
            return Fraction(0)
        return Fraction(_weight(self.counts, self._key, (tuple(lo), _NO_BOUNDS[1])), self.total)

    def slot_probabilities(self, i: int) -> dict[int, Fraction]:
        """P(slot ``i`` holds v) for every value v (slot 0 is the oldest stone)."""
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < self.hand_size:
            raise InvalidPosition("abracada.deduce.bad_slot", slot=i, last=self.hand_size - 1)
        rest = _canonical(self.masks[:i] + self.masks[i + 1:])
        c = self.counts
        return {v: Fraction(c[v] * _weight(_without(c, v), rest), self.total) if self.masks[i] >> v & 1 and c[v]
                else Fraction(0) for v in SPELLS}

    def sample(self, rng: random.Random) -> list[int]:
        """Values for the slots (oldest first), drawn exactly from this distribution.

        One slot at a time: slot i takes value v with weight c_v * W(counts less one v, later
        slots), the number of fillings of the remaining slots that start with a stone of value v.
        """
        c, masks = self.counts, self.masks
        out = []
        for i, mask in enumerate(masks):
            rest = _canonical(masks[i + 1:])
            options = [(v, c[v] * _weight(_without(c, v), rest)) for v in SPELLS if mask >> v & 1 and c[v]]
            r = rng.randrange(sum(w for _, w in options))   # exact for integers of any size
            for v, w in options:
                if r < w:
                    break
                r -= w
            out.append(v)
            c = _without(c, v)
        return out

    def hands(self) -> dict[tuple[int, ...], Fraction]:
        """Every possible hand as a sorted tuple of values, with its probability (for lessons)."""
        out = {}
        for comp, w in _dp(self.counts, self._key, *_NO_BOUNDS, track=True).items():
            out[tuple(v for v, n in zip(SPELLS, comp) for _ in range(n))] = Fraction(w, self.total)
        return out


@lru_cache(maxsize=1 << 16)
def _hold_chances(c: tuple[int, ...], key: tuple[int, ...]) -> tuple[float, ...]:
    """P(at least one stone of value k) for k = 0..8 as floats, for unseen counts ``c`` and
    canonical masks ``key``; cached by position.

    With nested ruled-out sets each weight is the closed-form product with c_k taken out of the
    slots that allow k, from per-slot counts computed once; otherwise the general DP.
    """
    free = _free_counts(c, key)
    if free is None:
        total = _weight(c, key)
        without = [_weight(_without(c, k, c[k]), key) for k in SPELLS]
    else:
        # The sets nest, so the slots allowing k are the last ones from the first that does:
        # W(no k) = (product of the free counts before it) * product of (free - c_k) after.
        total = _product(free)
        prefix = [1]
        for f in free:
            prefix.append(prefix[-1] * f)
        without = []
        for k in SPELLS:
            ck = c[k]
            if ck == 0:
                without.append(total)
                continue
            bit, i = 1 << k, 0
            for m in key:
                if m & bit:
                    break
                i += 1
            w = prefix[i]
            for f in free[i:]:
                if f <= ck:
                    w = 0
                    break
                w *= f - ck
            without.append(w)
    if total == 0:
        raise InvalidPosition("abracada.deduce.no_world")
    return (0.0,) + tuple(1.0 - w / total for w in without)


def _check_value(v: Any) -> None:
    if isinstance(v, bool) or not isinstance(v, int) or v not in STONE_COUNTS:
        raise InvalidPosition("abracada.deduce.bad_value", value=v)


@lru_cache(maxsize=1 << 14)
def distribution(counts: tuple[int, ...], masks: tuple[int, ...]) -> HandDistribution:
    """The cached distribution for ``(counts, masks)`` as returned by :func:`position`.

    No validation beyond "some hand fits": the fast path for bots, which read a real view.
    """
    return HandDistribution(counts, masks)


def hand_distribution(unseen: Mapping[int, int], hand_size: int = HAND_SIZE,
                      absent: Iterable[int] = ()) -> HandDistribution:
    """The hand's distribution when ``unseen`` stones (value -> count) are all one knows.

    ``absent`` lists values known to be nowhere in the hand (e.g. after a failed cast).
    """
    counts = [0] * 9
    for v, n in unseen.items():
        _check_value(v)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= STONE_COUNTS[v]:
            raise InvalidPosition("abracada.deduce.bad_count", value=v, count=n, copies=STONE_COUNTS[v])
        counts[v] = n
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) or not 0 <= hand_size <= HAND_SIZE:
        raise InvalidPosition("abracada.deduce.bad_hand_size", size=hand_size)
    if hand_size > sum(counts):
        raise InvalidPosition("abracada.deduce.hand_too_big", size=hand_size, unseen=sum(counts))
    mask = ALL
    for v in absent:
        _check_value(v)
        mask &= ~(1 << v)
    return distribution(tuple(counts), (mask,) * hand_size)


def position(view: Mapping[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(unseen counts by value 0..8, allowed-value masks of the own slots)`` from a seat's view.

    Once a round is over its result reveals every hand and secret stone, so each slot is then
    known exactly and only the secret pool and the pile stay hidden.
    """
    c, masks = _position(view)
    return tuple(c), masks


def _position(view: Mapping[str, Any]) -> tuple[list[int], tuple[int, ...]]:
    """:func:`position` with the counts as a new list (bots read them ready-made from the
    view's ``unseen`` field instead, see :func:`play_chances`).

    The seen stones are gathered into one list and counted in one loop (cheaper than a loop
    per place, or ``list.count`` per value).
    """
    if view.get("game") != "abracada":
        raise InvalidPosition("abracada.deduce.not_abracada", game=view.get("game"))
    board = view["board"]
    c = [0, 1 - board["1"], 2 - board["2"], 3 - board["3"], 4 - board["4"],
         5 - board["5"], 6 - board["6"], 7 - board["7"], 8 - board["8"]]
    seen = view["removed"] + view["own_secrets"]
    for hand in view["hands"]:
        if hand is not None:
            seen += hand
    result = view["result"]
    public = view["public_secrets"] if result is None else result["secrets"]
    if public is not None:
        seat = view["seat"]
        for q, stones in enumerate(public):
            if q != seat:
                seen += stones
    for s in seen:
        c[s] -= 1
    if min(c) < 0:
        v = next(v for v in SPELLS if c[v] < 0)
        raise InvalidPosition("abracada.deduce.overseen", value=v, seen=v - c[v], copies=v)
    if result is not None:
        masks = tuple(1 << s for s in result["hands"][view["seat"]])
    else:
        allowed = []
        for slot in view["own_hand"]:                        # most slots have nothing ruled out
            ruled = slot["ruled_out"]
            allowed.append(_ALLOWED.get(tuple(ruled)) or _allowed(ruled) if ruled else ALL)
        masks = tuple(allowed)
    if len(masks) > sum(c):
        raise InvalidPosition("abracada.deduce.hand_too_big", size=len(masks), unseen=sum(c))
    return c, masks


def deduce(view: Mapping[str, Any]) -> HandDistribution:
    """The posterior over the viewing seat's own hand, using every slot's ruled-out values."""
    return distribution(*position(view))


def hold_chances(view: Mapping[str, Any]) -> tuple[float, ...]:
    """``deduce(view).hold_chances()`` without building the distribution: the same floats,
    what a bot asks every decision (see :func:`chances_from`)."""
    return tuple(chances_from(view))


def chances_from(view: Mapping[str, Any], low: int = 1) -> list[float]:
    """P(the seat holds at least one k) as floats for k = ``low``..8, at index k of a new list
    of 9 (the entries below ``low`` are left 0.0): a bot's per-decision question.

    The same integers and the same division as :meth:`HandDistribution.hold_chances`, so the
    same floats, but with no cache: almost every decision of a real game meets a position never
    seen before (issue #14.3), and the closed form below costs less than a cache key. Sets that
    do not nest (never in a real game) take the general, cached count.
    """
    return _chances(*_position(view), low)


# The view fields :func:`play_chances` reads (a bot lists them in its ``view_fields``).
PLAY_FIELDS = ("unseen", "own_ruled_out")


def play_chances(view: Mapping[str, Any], low: int = 1) -> list[float]:
    """:func:`chances_from` for a view of the play phase, read from its ``unseen`` counts and
    ``own_ruled_out`` bit masks alone (``PLAY_FIELDS``): what a bot asks every decision.

    Those two fields are exactly what :func:`position` makes from the board, the hands, the
    secret stones and ``own_hand``, so a bot need not be handed the rest nor count again
    (issue #14.3). No checks: the view comes from a real game. Not for a finished round, whose
    result fixes the own slots (use :func:`chances_from`).
    """
    return _chances(view["unseen"], own_masks(view), low)


def own_masks(view: Mapping[str, Any]) -> tuple[int, ...]:
    """The allowed-value masks of the seat's own slots from its view's ``own_ruled_out`` field."""
    return tuple([ALL & ~ruled for ruled in view["own_ruled_out"]])


def _chances(c: list[int], masks: tuple[int, ...], low: int) -> list[float]:
    """The hold chances of :func:`chances_from` for unseen counts ``c`` and the own slots' masks."""
    out = _nested_chances(c, masks, low)
    if out is None:
        out = list(_hold_chances(tuple(c), _canonical(masks)))
    return out


# _FALLING[r][x] = x (x-1) ... (x-r+1): ways to fill r slots one by one from x free stones, 0 when
# x < r (a negative x included): a table, so a group of equal slots costs one lookup.
_FALLING = tuple({x: _falling(x, r) if x >= r else 0 for x in range(-TOTAL_STONES, TOTAL_STONES + 1)}
                 for r in range(TOTAL_STONES + 1))


def _nested_chances(c: list[int], masks: tuple[int, ...], low: int) -> list[float] | None:
    """:func:`chances_from` by the nested closed form on runs of equal slots, or None when the
    allowed sets, taken in order of first appearance, do not nest.

    Slots with the same allowed set A form a group; r of them starting at slot s can be filled
    in (x)(x-1)...(x-r+1) ways with x = (unseen stones in A) - s, given the earlier (smaller)
    groups are filled. The total weight is the product over groups; the weight of "no k" takes
    the c_k stones of value k out of x in every group that allows k. These are exactly the
    integers of :func:`_hold_chances` (same slots, grouped), so ``1.0 - w / total`` is the same
    float.
    """
    runs = _nested_runs(c, masks)
    if runs is None:
        return None
    total = 1
    for _, free, r in runs:
        total *= _FALLING[r][free]
    if total == 0:
        raise InvalidPosition("abracada.deduce.no_world")
    out = [0.0] * 9
    if len(runs) == 1:                              # all slots alike (half of all decisions)
        m, free, r = runs[0]
        row = _FALLING[r]
        for k in range(low, 9):
            ck = c[k]
            if ck and m >> k & 1:
                out[k] = 1.0 - row[free - ck] / total
        return out
    for k in range(low, 9):
        ck = c[k]
        if ck:
            bit = 1 << k
            w = 1
            for m, free, r in runs:
                w *= _FALLING[r][free - ck] if m & bit else _FALLING[r][free]
            out[k] = 1.0 - w / total
    return out


def clear_cache() -> None:
    """Forget cached weights and distributions (benchmarks time cold positions with it)."""
    _weight.cache_clear()
    _hold_chances.cache_clear()
    distribution.cache_clear()
