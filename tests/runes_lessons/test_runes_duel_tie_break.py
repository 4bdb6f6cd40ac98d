"""The duel model's stated choices, against an independent computation: a wizard who rolls five of
a kind keeps it, and equally damaging holds are chosen by the stated tie-break.

The independent version enumerates ordered re-rolls (itertools.product) and every hold as a
choice of dice positions, with Fractions throughout; it shares nothing with policy.py's
multiset tables but the reward."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product

import pytest

from towerlib.core.errors import InvalidOption
from towerlib.runes import duel

STATES = list(combinations_with_replacement(range(1, 7), 5))


def _holds(state):
    """Every distinct hold of ``state``, by choosing dice positions."""
    return sorted({tuple(sorted(state[i] for i in pos)) for k in range(6) for pos in combinations(range(5), k)},
                  key=lambda h: (len(h), h))


@lru_cache(maxsize=None)
def _reroll(hold):
    """The sorted final dice after re-rolling the others, with their probabilities (ordered enumeration)."""
    out: dict = {}
    for rolled in product(range(1, 7), repeat=5 - len(hold)):
        s = tuple(sorted(hold + rolled))
        out[s] = out.get(s, 0) + Fraction(1, 6 ** len(rolled))
    return out


def _policy(tie_break):
    """{(state, left): hold} for the damage reward, five of a kind kept, ties by ``tie_break``."""
    reward = {s: duel.damage_reward(0)(s) for s in STATES}
    value = {(s, 0): reward[s] for s in STATES}
    quantum = {(s, 0): Fraction(int(len(set(s)) == 1)) for s in STATES}
    choice = {}
    for left in (1, 2):
        for s in STATES:
            options = []
            for h in ([s] if len(set(s)) == 1 else _holds(s)):
                nxt = {s: 1} if len(h) == 5 else _reroll(h)
                options.append((sum(p * value[t, left - 1] for t, p in nxt.items()),
                                sum(p * quantum[t, left - 1] for t, p in nxt.items()), h))
            top = max(o[0] for o in options)
            equal = [o for o in options if o[0] == top]
            if tie_break == "quantum":
                q = max(o[1] for o in equal)
                pick = [o for o in equal if o[1] == q][-1]
            elif tie_break == "more":
                pick = equal[-1]
            else:
                pick = equal[0]
            value[s, left], quantum[s, left], choice[s, left] = pick
    return choice, quantum


@pytest.mark.parametrize("tie_break", duel.TIE_BREAKS)
def test_holds_and_quantum_chance_match_an_independent_enumeration(tie_break):
    choice, quantum = _policy(tie_break)
    policy = duel.damage_policy(0, 3, tie_break)
    for (s, left), h in choice.items():
        assert policy.hold(s, left) == h, (s, left)
    first = _reroll(())
    assert duel.turn_outcomes(0, 3, tie_break)[duel.KILL] == sum(p * quantum[s, 2] for s, p in first.items())


def test_a_rolled_five_of_a_kind_is_kept_and_ties_prefer_a_chance_of_one():
    policy = duel.damage_policy(0)
    for v in range(1, 7):
        assert policy.hold((v,) * 5, 2) == (v,) * 5 and policy.hold((v,) * 5, 1) == (v,) * 5
    # 6 6 6 6 2: keeping the four 6s or all five deals the same damage; only re-rolling the 2 can win.
    assert policy.value((2, 6, 6, 6, 6), 1) == duel.damage_policy(0, 3, "more").value((2, 6, 6, 6, 6), 1)
    assert policy.hold((2, 6, 6, 6, 6), 1) == (6, 6, 6, 6)
    assert duel.damage_policy(0, 3, "more").hold((2, 6, 6, 6, 6), 1) == (2, 6, 6, 6, 6)


def test_the_tie_break_moves_the_duel_and_keeps_the_expected_damage():
    """Every tie-break plays equally damaging holds, so the expected damage of a turn is the same;
    the chance of Quantum Death, and so the duel, moves."""
    damage = {t: duel.expected_damage(0, 3, t) for t in duel.TIE_BREAKS}
    assert len(set(damage.values())) == 1
    kill = {t: duel.turn_outcomes(0, 3, t)[duel.KILL] for t in duel.TIE_BREAKS}
    assert kill["quantum"] == max(kill.values()) > kill["more"]
    turns = {t: duel.solve(max_health=15, tie_break=t).turns[15, 15] for t in duel.TIE_BREAKS}
    assert turns["quantum"] == min(turns.values()) < turns["more"]
    with pytest.raises(InvalidOption):
        duel.solve(max_health=2, tie_break="random")
