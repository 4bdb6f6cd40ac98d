"""Exact SpellCaster odds as Fractions: contests, locked contests, captures, draws, walks.

* :func:`contest_table` - one contest roll: 1d10 + unplayed tokens each, read off D (RULE 15).
  The difference of two d10s is triangular, P(d1 - d2 = k) = (10 - |k|) / 100.
* :func:`locked_chain` - a locked contest is an absorbing Markov chain with one transient
  state: each Continue re-rolls the same table; the expected number of rolls and where it ends
  come from the fundamental matrix N = (I - Q)^-1 (:func:`absorbing` does the general case).
* :func:`capture_chance` - P(d10 + unused >= 6).
* :func:`best_of_draws`, :func:`complete_within` - draws from an element deck without replacement.
* :func:`adjacency`, :func:`walk_counts`, :func:`sequence_walks` - walks along one colour by
  powers of that colour's adjacency matrix; :func:`reach` - where a familiar with a given
  Motion sequence can end and which SpellCasters it can strike (entering a caster's point stops it).
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from typing import Iterable, Mapping, Sequence

from .data import (BIG_WIN, BREAK_AT, CAPTURE_TARGET, DECK_VALUES, DIE_SIDES, ELEMENTS, POINT_NAMES, SMALL_WIN,
                   STEPS)

OUTCOMES = ("big", "small", "locked", "broken")
Matrix = list[list[int]]


# ---------------------------------------------------------------- contests
@lru_cache(maxsize=None)
def difference_distribution() -> Mapping[int, Fraction]:
    """P(d1 - d2 = k) for two d10s: (10 - |k|) / 100, k = -9..9."""
    return {k: Fraction(DIE_SIDES - abs(k), DIE_SIDES ** 2) for k in range(1 - DIE_SIDES, DIE_SIDES)}


def outcome_of(diff: int) -> str:
    """RULE 15 on the modified difference D = caster - opponent."""
    if diff >= BIG_WIN:
        return "big"
    if diff >= SMALL_WIN:
        return "small"
    if diff <= BREAK_AT:
        return "broken"
    return "locked"


@lru_cache(maxsize=None)
def contest_table(caster_tokens: int, opp_tokens: int) -> Mapping[str, Fraction]:
    """Exact chance of each outcome of one contest roll, given both sides' *unplayed* tokens."""
    delta = caster_tokens - opp_tokens
    out = dict.fromkeys(OUTCOMES, Fraction(0))
    for k, p in difference_distribution().items():
        out[outcome_of(k + delta)] += p
    return out


def contest_grid(max_tokens: int) -> dict[tuple[int, int], Mapping[str, Fraction]]:
    """The contest table for every pair of token counts 0..max_tokens."""
    return {(c, o): contest_table(c, o) for c in range(max_tokens + 1) for o in range(max_tokens + 1)}


# ---------------------------------------------------------------- locked contests
def absorbing(q: Sequence[Sequence[Fraction]], r: Sequence[Sequence[Fraction]]) -> tuple[list[Fraction], list[list[Fraction]]]:
    """An absorbing chain with transient-to-transient ``q`` and transient-to-absorbing ``r``:
    the expected steps from each transient state (N 1) and the absorption probabilities (N R),
    N = (I - Q)^-1, solved exactly by Gauss-Jordan elimination on Fractions."""
    n = len(q)
    a = [[Fraction(int(i == j)) - Fraction(q[i][j]) for j in range(n)] for i in range(n)]
    rhs = [[Fraction(1)] + [Fraction(x) for x in r[i]] for i in range(n)]
    for col in range(n):
        pivot = next(i for i in range(col, n) if a[i][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        rhs[col], rhs[pivot] = rhs[pivot], rhs[col]
        inv = 1 / a[col][col]
        a[col] = [x * inv for x in a[col]]
        rhs[col] = [x * inv for x in rhs[col]]
        for i in range(n):
            if i != col and a[i][col] != 0:
                f = a[i][col]
                a[i] = [x - f * y for x, y in zip(a[i], a[col])]
                rhs[i] = [x - f * y for x, y in zip(rhs[i], rhs[col])]
    return [row[0] for row in rhs], [row[1:] for row in rhs]


class LockedChain:
    """A locked contest (rule 17) at fixed token counts, as an absorbing Markov chain.

    ``expected_rolls``: Continue rolls until it resolves; ``ends``: the chance it ends big,
    small or broken; ``resolved_within(k)``: the chance k rolls settle it.
    """

    def __init__(self, caster_tokens: int, opp_tokens: int) -> None:
        table = contest_table(caster_tokens, opp_tokens)
        self.table = table
        self.p_locked = table["locked"]
        ends = ("big", "small", "broken")
        steps, absorb = absorbing([[self.p_locked]], [[table[e] for e in ends]])
        self.expected_rolls: Fraction = steps[0]
        self.ends: dict[str, Fraction] = dict(zip(ends, absorb[0]))

    @property
    def caster_wins(self) -> Fraction:
        return self.ends["big"] + self.ends["small"]

    def resolved_within(self, rolls: int) -> Fraction:
        return 1 - self.p_locked ** rolls

    def value(self, payoff: Mapping[str, Fraction | int], roll_cost: Fraction | int = 0) -> Fraction:
        """Expected worth of fighting it out: the payoff of each ending minus ``roll_cost`` per roll."""
        return sum((self.ends[e] * Fraction(payoff[e]) for e in self.ends), Fraction(0)) - \
            Fraction(roll_cost) * self.expected_rolls


def locked_chain(caster_tokens: int, opp_tokens: int) -> LockedChain:
    return LockedChain(caster_tokens, opp_tokens)


def opponent_should_continue(caster_tokens: int, opp_tokens: int, spell_harm: Fraction | int,
                             token_worth: Fraction | int = 1, roll_cost: Fraction | int = 0) -> tuple[bool, Fraction, Fraction]:
    """The opponent's choice in a lock: withdrawing lets the spell launch (worth ``-spell_harm``);
    continuing risks a token on a big loss but may break the spell (which costs the caster a token).
    Returns (continue?, value of continuing, value of withdrawing), for the opponent."""
    chain = LockedChain(caster_tokens, opp_tokens)
    harm, token = Fraction(spell_harm), Fraction(token_worth)
    keep = chain.value({"big": -harm - token, "small": -harm, "broken": token}, roll_cost)
    leave = -harm
    return keep > leave, keep, leave


# ---------------------------------------------------------------- capture
def capture_chance(unused: int) -> Fraction:
    """RULE 19: P(d10 + unused tokens >= 6) (unused counts after the capture token is placed)."""
    hits = sum(1 for d in range(1, DIE_SIDES + 1) if d + unused >= CAPTURE_TARGET)
    return Fraction(hits, DIE_SIDES)


# ---------------------------------------------------------------- draws without replacement
def ordered_draws(deck: Sequence[int], k: int) -> dict[tuple[int, ...], Fraction]:
    """The law of the first ``k`` values drawn from a shuffled ``deck`` (sequences of values)."""
    counts = Counter(deck)
    out: dict[tuple[int, ...], Fraction] = {}

    def walk(prefix: tuple[int, ...], left: Counter, n: int, p: Fraction) -> None:
        if len(prefix) == k:
            out[prefix] = out.get(prefix, Fraction(0)) + p
            return
        for v, c in left.items():
            if c:
                left[v] -= 1
                walk(prefix + (v,), left, n - 1, p * Fraction(c, n))
                left[v] += 1

    walk((), counts, len(deck), Fraction(1))
    return out


def best_of_draws(k: int = 3, deck: Sequence[int] = DECK_VALUES) -> dict[int, Fraction]:
    """The law of the best of ``k`` fresh draws from one element deck (Conjure option A)."""
    out: dict[int, Fraction] = {}
    for seq, p in ordered_draws(deck, k).items():
        out[max(seq)] = out.get(max(seq), Fraction(0)) + p
    return out


def complete_within(conjures: int, skill: int, deck: Sequence[int] = DECK_VALUES) -> Fraction:
    """P(a complete two-card spell after ``conjures`` option-A conjures from one fresh deck).

    The model: each Conjure draws 3 cards from the top, keeps the smallest that still fits
    (total <= ``skill``), and puts the other two back on top (S4), so the next Conjure sees those
    two again plus one new card. Complete = two cards kept (one Motion, one Mass).
    """
    seen_needed = 3 + max(0, conjures - 1)
    total = Fraction(0)
    for seq, p in ordered_draws(deck, min(seen_needed, len(deck))).items():
        if _kept_after(seq, conjures, skill) >= 2:
            total += p
    return total


def _kept_after(seq: Sequence[int], conjures: int, skill: int) -> int:
    hand = list(seq[:3])
    nxt, kept, used = 3, 0, 0
    for _ in range(conjures):
        fits = [v for v in hand if used + v <= skill]
        if fits:
            v = min(fits)
            hand.remove(v)
            kept, used = kept + 1, used + v
            if kept == 2:
                return kept
            if nxt < len(seq):
                hand.append(seq[nxt])
                nxt += 1
    return kept


# ---------------------------------------------------------------- walks on colours
@lru_cache(maxsize=None)
def adjacency(element: str) -> tuple[tuple[int, ...], ...]:
    """The 13 x 13 adjacency matrix of ``element``'s paths (rows and columns in POINT_NAMES order)."""
    return tuple(tuple(int(q in STEPS[p, element]) for q in POINT_NAMES) for p in POINT_NAMES)


def mat_mul(a: Sequence[Sequence[int]], b: Sequence[Sequence[int]]) -> Matrix:
    cols = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, col)) for col in cols] for row in a]


def mat_pow(a: Sequence[Sequence[int]], k: int) -> Matrix:
    n = len(a)
    result: Matrix = [[int(i == j) for j in range(n)] for i in range(n)]
    base = [list(r) for r in a]
    while k:
        if k & 1:
            result = mat_mul(result, base)
        base = mat_mul(base, base)
        k >>= 1
    return result


@lru_cache(maxsize=None)
def walk_counts(element: str, k: int) -> tuple[tuple[int, ...], ...]:
    """(A_element)^k: entry [i][j] counts the walks of k steps along ``element`` paths from i to j
    (cached: a Motion card has one of four colours and a value of 1, 3 or 5)."""
    return tuple(map(tuple, mat_pow(adjacency(element), k)))


def sequence_walks(motion: Iterable[str]) -> Matrix:
    """Routes of a whole Motion sequence (cards like "W3"), ignoring strikes: the product of powers."""
    n = len(POINT_NAMES)
    result: Matrix = [[int(i == j) for j in range(n)] for i in range(n)]
    for card in motion:
        result = mat_mul(result, walk_counts(card[0], int(card[1:])))
    return result


def walks_between(start: str, end: str, motion: Iterable[str]) -> int:
    i, j = POINT_NAMES.index(start), POINT_NAMES.index(end)
    return sequence_walks(motion)[i][j]


def reach(start: str, motion: Sequence[str], casters: Iterable[str] = (),
          stuck_ends_move: bool = True) -> tuple[frozenset[str], frozenset[str]]:
    """(points the familiar can finish on, caster points it can strike) for a Motion sequence.

    The mover chooses the route (HOUSE: backtracking allowed); entering a point in ``casters``
    strikes and stops; with no path of the card's colour the whole move ends (S7).
    """
    casters = frozenset(casters)
    ends: set[str] = set()
    strikes: set[str] = set()
    states = {start}
    for card in motion:
        colour, value = card[0], int(card[1:])
        nxt: set[str] = set()
        for p in states:
            if not STEPS[p, colour]:
                if stuck_ends_move:
                    ends.add(p)
                else:
                    nxt.add(p)
                continue
            layer = {p}
            for _ in range(value):
                step: set[str] = set()
                for q in layer:
                    for r in STEPS[q, colour]:
                        if r in casters:
                            strikes.add(r)
                        else:
                            step.add(r)
                layer = step
            nxt |= layer
        states = nxt
    ends |= states
    return frozenset(ends), frozenset(strikes)


def random_walk_end(start: str, element: str, k: int) -> dict[str, Fraction]:
    """Where a familiar ends after k uniformly random steps along ``element`` (no path: it stays)."""
    dist = {start: Fraction(1)}
    for _ in range(k):
        nxt: dict[str, Fraction] = {}
        for p, w in dist.items():
            targets = STEPS[p, element]
            if not targets:
                nxt[p] = nxt.get(p, Fraction(0)) + w
                continue
            for q in targets:
                nxt[q] = nxt.get(q, Fraction(0)) + w / len(targets)
        dist = nxt
    return dist


def all_elements_walks(k: int) -> dict[str, Matrix]:
    """Walk counts of length k for every colour (a lesson table)."""
    return {e: walk_counts(e, k) for e in ELEMENTS}

