"""Hold rules a student might use, priced exactly, beside the optimal re-roll policy.

:mod:`.probability` answers "what is the *best* chance of a spell within k rolls". A student at
the table rarely plays that policy; they follow a rule of thumb such as "keep the most common
value" or "keep the pairs". This module prices any such rule by the same multiset Markov chain:
a state is the sorted roll of five dice (252 states), a rule maps a state to the dice it keeps,
and one re-roll moves probability mass from each state along the multinomial outcomes of the
re-rolled dice. Everything is exact (:class:`fractions.Fraction`).

It also solves the re-roll game for any *reward* of the final dice (not only "is the spell
there"): :class:`RewardPolicy` does the backward induction for, e.g., the expected damage of
the Attacks the final dice allow (used by :mod:`.duel`).

A rule is a callable ``rule(dice) -> held`` on a sorted tuple of five dice, returning a
sub-multiset (keeping all five means "stop"). :func:`p_within_rule` stops as soon as the dice
allow the target spell, as a player would, and otherwise applies the rule.
"""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import Callable, Iterable, Sequence

from ..core.errors import InvalidOption
from ..core.i18n import register
from .dice import FACES, SPELLS, allows
from .probability import DICE, STATES, _INDEX, _holds, _transitions, outcomes, p_within, best_hold

Dice = tuple[int, ...]
Rule = Callable[[Dice], Dice]


# ----- rules a student might use ---------------------------------------------------------------
def keep_most_common(dice: Dice) -> Dice:
    """Keep every die of the most common value (ties: the higher value), re-roll the rest."""
    counts = Counter(dice)
    value = max(counts, key=lambda v: (counts[v], v))
    return (value,) * counts[value]


def keep_pairs(dice: Dice) -> Dice:
    """Keep every die whose value shows at least twice (all pairs, triples...), re-roll the rest."""
    counts = Counter(dice)
    return tuple(sorted(d for d in dice if counts[d] >= 2))


def keep_high_pairs(dice: Dice) -> Dice:
    """Keep the pairs of 4, 5 and 6 only (they hit most often), re-roll the rest."""
    counts = Counter(dice)
    return tuple(sorted(d for d in dice if counts[d] >= 2 and d >= 4))


def reroll_all(dice: Dice) -> Dice:
    """Keep nothing: every roll is a fresh roll of five dice."""
    return ()


#: The named rules the lessons compare (key: catalogue name ``runes.policy.<key>``).
RULES: dict[str, Rule] = {"most_common": keep_most_common, "pairs": keep_pairs,
                          "high_pairs": keep_high_pairs, "reroll_all": reroll_all}

register({
    "en": {"runes.policy.optimal": "Best holds (dynamic programming)",
           "runes.policy.most_common": "Keep the most common value",
           "runes.policy.pairs": "Keep the pairs",
           "runes.policy.high_pairs": "Keep pairs of 4, 5, 6",
           "runes.policy.reroll_all": "Re-roll everything"},
    "ru": {"runes.policy.optimal": "Лучшие удержания (динамическое программирование)",
           "runes.policy.most_common": "Оставлять самое частое значение",
           "runes.policy.pairs": "Оставлять пары",
           "runes.policy.high_pairs": "Оставлять пары 4, 5, 6",
           "runes.policy.reroll_all": "Перебрасывать всё"},
})


def _check_rolls(rolls: int) -> None:
    if isinstance(rolls, bool) or not isinstance(rolls, int) or not 1 <= rolls <= 12:
        raise InvalidOption("runes.error.bad_rolls", value=rolls, low=1)


def _check_spell(spell: str) -> None:
    if spell not in SPELLS:
        raise InvalidOption("runes.error.bad_spell", value=spell, allowed=", ".join(SPELLS))


def _rule(rule: Rule | str) -> Rule:
    if isinstance(rule, str):
        if rule not in RULES:
            raise InvalidOption("error.bad_option", name="rule", value=rule, allowed=" / ".join(RULES))
        return RULES[rule]
    if not callable(rule):
        raise InvalidOption("error.bad_option", name="rule", value=rule, allowed=" / ".join(RULES))
    return rule


def _checked_hold(rule: Rule, state: Dice) -> Dice:
    """The rule's hold for ``state``, sorted, and checked to be a sub-multiset of it."""
    held = tuple(sorted(rule(state)))
    if held not in _holds()[_INDEX[state]]:           # the state's sub-multisets
        raise InvalidOption("runes.error.bad_dice", value=list(held))
    return held


# ----- the Markov chain over sorted rolls ------------------------------------------------------
def first_roll() -> dict[Dice, Fraction]:
    """The distribution of one roll of five dice over the 252 sorted states."""
    return {o: Fraction(w, 6 ** DICE) for o, w in outcomes(DICE)}


def _roll_on(counts: list[int], holds: Sequence[Dice]) -> list[int]:
    """One re-roll on integer weights, by state number (``STATES``): state ``i`` keeps
    ``holds[i]`` (sorted) and re-rolls the rest.

    Weights are counts of equally likely ordered outcomes, so after k rolls they sum to
    ``6**(5*k)`` (a kept die counts as if rolled, 6 ways): exact without Fraction arithmetic.
    """
    weight_of_hold: dict[Dice, int] = {}      # states that keep the same dice re-roll together
    for held, c in zip(holds, counts):
        if c:
            weight_of_hold[held] = weight_of_hold.get(held, 0) + c * 6 ** len(held)
    out = [0] * len(STATES)
    reach = _transitions()
    for held, c in weight_of_hold.items():
        for i, w in reach[held]:
            out[i] += c * w
    return out


def _chain_counts(holds_at: Callable[[int], Sequence[Dice]], rolls: int) -> list[list[int]]:
    """The weight of each state (by number) after roll 1..``rolls``, over ``6**(5*k)`` after roll k;
    ``holds_at(rolls_left)`` gives each state's hold for the re-roll made with ``rolls_left`` left."""
    counts = [w for _, w in outcomes(DICE)]           # in the order of STATES
    chain = [counts]
    for left in range(rolls - 1, 0, -1):
        counts = _roll_on(counts, holds_at(left))
        chain.append(counts)
    return chain


def _distributions(chain: list[list[int]]) -> list[dict[Dice, Fraction]]:
    """:func:`_chain_counts`'s weights as distributions over the sorted rolls."""
    return [{s: Fraction(c, 6 ** (DICE * k)) for s, c in zip(STATES, d) if c} for k, d in enumerate(chain, 1)]


@lru_cache(maxsize=None)
def _named_rule_holds(name: str) -> tuple[Dice, ...]:
    """The hold of a named rule (:data:`RULES`) for every state, by number: the lessons price
    each rule for every spell, and its holds do not depend on the spell."""
    return tuple(_checked_hold(RULES[name], s) for s in STATES)


def _rule_counts(rule: Rule | str, rolls: int, spell: str | None) -> list[list[int]]:
    """:func:`_chain_counts` for a rule; with ``spell``, a state that allows it keeps all five."""
    checked = _rule(rule)
    _check_rolls(rolls)
    if spell is not None:
        _check_spell(spell)
    named = _named_rule_holds(rule) if isinstance(rule, str) else None
    holds = [s if spell is not None and allows(s, spell)
             else named[i] if named else _checked_hold(checked, s) for i, s in enumerate(STATES)]
    return _chain_counts(lambda left: holds, rolls)


def _spell_chance(counts: list[int], spell: str, rolls: int) -> Fraction:
    """The chance that the dice allow ``spell``, from the weights after roll ``rolls``."""
    return Fraction(sum(c for s, c in zip(STATES, counts) if c and allows(s, spell)), 6 ** (DICE * rolls))


def rule_distributions(rule: Rule | str, rolls: int = 3, spell: str | None = None) -> list[dict[Dice, Fraction]]:
    """The distribution of the dice after roll 1, 2, ..., ``rolls`` under ``rule``.

    With ``spell`` given the player stops as soon as the dice allow it (keeps all five).
    """
    return _distributions(_rule_counts(rule, rolls, spell))


def p_within_rule(spell: str, rule: Rule | str, rolls: int = 3) -> Fraction:
    """The exact chance of ``spell`` within ``rolls`` rolls when the player follows ``rule``
    (and stops once the spell is there)."""
    _check_spell(spell)
    return _spell_chance(_rule_counts(rule, rolls, spell)[-1], spell, rolls)


def p_by_roll(spell: str, rule: Rule | str | None = None, rolls: int = 3) -> list[Fraction]:
    """The chance of ``spell`` within 1, 2, ..., ``rolls`` rolls: under ``rule``, or under the
    optimal policy of :func:`~.probability.p_within` when ``rule`` is None."""
    _check_spell(spell)
    _check_rolls(rolls)
    if rule is None:
        return [p_within(spell, k) for k in range(1, rolls + 1)]
    return [_spell_chance(d, spell, k) for k, d in enumerate(_rule_counts(rule, rolls, spell), 1)]


def comparison(rolls: int = 3, rules: Iterable[str] = ("most_common", "pairs")) -> dict[str, dict[str, Fraction]]:
    """For every spell: the optimal chance within ``rolls`` rolls and each named rule's chance."""
    table = {}
    for spell in SPELLS:
        row = {"optimal": p_within(spell, rolls)}
        for name in rules:
            row[name] = p_within_rule(spell, name, rolls)
        table[spell] = row
    return table


# ----- playing a turn (for simulations) --------------------------------------------------------
def play_turn(rng: random.Random, hold: Callable[[Dice, int], Dice], rolls: int = 3) -> Dice:
    """Roll five dice and re-roll ``rolls - 1`` times, keeping ``hold(dice, rolls_left)``; the
    final sorted dice. Keeping all five stops early."""
    dice = tuple(sorted(rng.randint(1, 6) for _ in range(DICE)))
    for left in range(rolls - 1, 0, -1):
        held = tuple(sorted(hold(dice, left)))
        if len(held) == DICE:
            break
        dice = tuple(sorted(held + tuple(rng.randint(1, 6) for _ in range(DICE - len(held)))))
    return dice


def rule_hold(rule: Rule | str, spell: str | None = None) -> Callable[[Dice, int], Dice]:
    """A ``hold(dice, rolls_left)`` for :func:`play_turn` that follows ``rule`` (stopping once
    ``spell`` is there, if given)."""
    rule = _rule(rule)
    return lambda dice, left: dice if spell is not None and allows(dice, spell) else _checked_hold(rule, dice)


def optimal_hold(spell: str) -> Callable[[Dice, int], Dice]:
    """A ``hold(dice, rolls_left)`` that plays :func:`~.probability.best_hold` for ``spell``."""
    _check_spell(spell)
    return lambda dice, left: best_hold(dice, spell, left)[0]


# ----- the re-roll game for any reward ---------------------------------------------------------
class RewardPolicy:
    """Backward induction for the re-roll game with a reward paid on the final dice.

    ``value(dice, rolls_left)`` is the best expected reward from ``dice`` with ``rolls_left``
    re-rolls; ``hold(dice, rolls_left)`` the dice to keep (all five = stop).

    Several holds often give exactly the same expected reward, and which one is played changes
    everything computed from the final dice (a duel's length, say), so the tie-break is part of
    the policy and stated:

    * ``keep(dice)``: dice the player always keeps as they are (e.g. a five of a kind, which wins
      a duel at once), whatever the reward would say;
    * ``prefer(dice)``: a second reward; among the holds of equal expected reward, the one with
      the highest expected ``prefer`` of the final dice (under the same policy) is played;
    * ``ties``: then ``"more"`` keeps the most dice (and, among holds of one size, the last in
      (size, value) order, as :func:`~.probability.best_hold`), ``"fewer"`` the fewest (the first).
    """

    def __init__(self, reward: Callable[[Dice], Fraction], rolls: int = 3,
                 keep: Callable[[Dice], bool] | None = None, prefer: Callable[[Dice], Fraction] | None = None,
                 ties: str = "more") -> None:
        _check_rolls(rolls)
        if ties not in ("more", "fewer"):
            raise InvalidOption("error.bad_option", name="ties", value=ties, allowed="more / fewer")
        self.rolls = rolls
        rewards = [Fraction(reward(s)) for s in STATES]
        # As in probability._Table: exact integer numerators, over ``scale * 6**(5*r)`` with r
        # re-rolls left, so the induction needs no Fraction arithmetic (the reward's own
        # denominators are folded into ``scale``).
        scale = lcm(*(r.denominator for r in rewards))
        layer = [r.numerator * (scale // r.denominator) for r in rewards]
        seconds = [Fraction(prefer(s)) if prefer else Fraction(0) for s in STATES]
        second_scale = lcm(*(r.denominator for r in seconds))
        second = [r.numerator * (second_scale // r.denominator) for r in seconds]
        kept = [bool(keep and keep(s)) for s in STATES]
        self.values: list[dict[Dice, Fraction]] = [dict(zip(STATES, rewards))]
        self.best: list[dict[Dice, Dice]] = [{s: s for s in STATES}]
        transitions = _transitions()
        for left in range(1, rolls):
            prev, prev_second = layer, second
            hold_value: dict[Dice, tuple[int, int]] = {}
            layer, second, best = [], [], {}
            for s, holds, stays in zip(STATES, _holds(), kept):
                top, top_hold = None, s
                for h in ((s,) if stays else holds):
                    v = hold_value.get(h)
                    if v is None:
                        reach = transitions[h]
                        v = hold_value[h] = (6 ** len(h) * sum(prev[i] * w for i, w in reach),
                                             6 ** len(h) * sum(prev_second[i] * w for i, w in reach) if prefer else 0)
                    # holds come smallest first: ">=" ends on the last of the equal ones, ">" on the first
                    if top is None or (v >= top if ties == "more" else v > top):
                        top, top_hold = v, h
                layer.append(top[0])
                second.append(top[1])
                best[s] = top_hold
            denominator = scale * 6 ** (DICE * left)
            self.values.append({s: Fraction(v, denominator) for s, v in zip(STATES, layer)})
            self.best.append(best)

    def _state(self, dice: Iterable[int], rolls_left: int) -> Dice:
        state = tuple(sorted(dice))
        if len(state) != DICE or any(d not in FACES for d in state):
            raise InvalidOption("runes.error.bad_dice", value=list(dice))
        if isinstance(rolls_left, bool) or not isinstance(rolls_left, int) or not 0 <= rolls_left < self.rolls:
            raise InvalidOption("error.bad_option", name="rolls_left", value=rolls_left,
                                allowed=f"an integer from 0 to {self.rolls - 1}")
        return state

    def value(self, dice: Iterable[int], rolls_left: int) -> Fraction:
        state = self._state(dice, rolls_left)
        return self.values[rolls_left][state]

    def hold(self, dice: Iterable[int], rolls_left: int) -> Dice:
        state = self._state(dice, rolls_left)
        return self.best[rolls_left][state]

    def expected(self) -> Fraction:
        """The expected reward of a whole turn (``rolls`` rolls) under the best holds."""
        return sum((p * self.values[self.rolls - 1][s] for s, p in first_roll().items()), Fraction(0))

    def final_distribution(self) -> dict[Dice, Fraction]:
        """The distribution of the final dice of a turn played with these holds."""
        return _distributions(_chain_counts(lambda left: [self.best[left][s] for s in STATES], self.rolls))[-1]
