"""Many Spell Runes turns and duels at once, in numpy (issue #14.2).

A turn (RULE 9) is five dice and up to two re-rolls; a hold policy says which dice to keep. Here
a policy is compiled once into a table, ``table[rolls_left, state]`` = the dice kept from the
sorted roll ``state`` (one of the 252 of :data:`~.probability.STATES`), and a million turns are
then played with a few array operations per roll: look up the held dice, draw the others, map
the five dice (in any order) straight to their sorted state through a 7,776-entry table. No
sorting and no Python loop per turn.

    from towerlib.runes import batch
    t = batch.simulate_turns(1_000_000, "most_common", seed=1)
    t.allows("quantum").mean()           # about 2,783,176 / 60,466,176
    d = batch.simulate_duels(100_000, "chronomancer", "cryomancer", health=(15, 15), seed=2)
    d.winner.mean()                      # B's share of the wins
    a = batch.simulate_attack_turns(100_000, counter_bonus=1, seed=3)
    (a.damage == 4).mean()               # about duel.turn_outcomes(1)[4]

Policies (:func:`hold_table`): a rule of thumb of :data:`~.policy.RULES` by name or any
``rule(dice) -> held`` callable (optionally stopping once ``spell`` is there, as
:func:`~.policy.p_within_rule` does); ``("optimal", spell)`` for
:func:`~.probability.best_hold`; or a :class:`~.policy.RewardPolicy` (its ``best`` holds).

Duels play the model of :mod:`.duel` (read its docstring for how it reads RULES.md: Attacks
only, every disjoint pair cast, Quantum Death ends the duel, counters with the Cryomancer's
bonus, initiative every round with the Chronomancer's bonus and ties, or ``first="alternate"``),
with the damage-maximising holds of :func:`.duel.damage_policy`. The tests hold both against the
exact answers (:func:`.policy.rule_distributions`, :func:`.duel.solve`) and against the engine.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from ..core.errors import InvalidOption
from .data import HOUSE_MAX_HEALTH, ROLLS_PER_TURN
from .dice import SPELLS, allows
from .duel import ATTACK_DAMAGE, duelist, damage_policy, pairs
from .policy import RULES, RewardPolicy, _checked_hold, _rule
from .probability import DICE, STATES, best_hold

FACES = 6
_POWERS = FACES ** np.arange(DICE)
#: The dice of each state, sorted, as a (252, 5) array (STATES is in lexicographic order).
STATE_DICE = np.array(STATES, dtype=np.int8)
_LEX = (FACES + 1) ** np.arange(DICE - 1, -1, -1)       # sorted dice -> a number in the same order
#: Ordered roll (code sum (d_i - 1) 6**i) -> index of its sorted state.
STATE_OF_ROLL = np.searchsorted(STATE_DICE @ _LEX, np.sort(np.arange(FACES ** DICE)[:, None] // _POWERS % FACES + 1,
                                                            axis=1) @ _LEX).astype(np.int16)
#: ``ALLOWS[state, k]``: the state's dice cast ``SPELLS[k]`` (RULES.md 2.2 table, R3).
ALLOWS = np.array([[allows(s, spell) for spell in SPELLS] for s in STATES], dtype=bool)
#: Duel model: the two disjoint pairs of each state (value, 0 when absent) and five of a kind.
PAIRS = np.array([(pairs(s) + [0, 0])[:2] for s in STATES], dtype=np.int8)
QUANTUM = STATE_DICE.min(axis=1) == STATE_DICE.max(axis=1)


@dataclass
class TurnResults:
    """``state[i]``: the index in :data:`~.probability.STATES` of turn i's final dice;
    ``rolls[i]``: the rolls it took (fewer than allowed when the policy kept all five)."""

    state: np.ndarray
    rolls: np.ndarray

    def __len__(self) -> int:
        return len(self.state)

    def dice(self) -> np.ndarray:
        """The final dice of every turn, sorted, as rows."""
        return STATE_DICE[self.state]

    def allows(self, spell: str) -> np.ndarray:
        """Whether each turn's final dice cast ``spell``."""
        if spell not in SPELLS:
            raise InvalidOption("runes.error.bad_spell", value=spell, allowed=", ".join(SPELLS))
        return ALLOWS[self.state, SPELLS.index(spell)]

    def frequencies(self) -> np.ndarray:
        """How often each of the 252 sorted states ended a turn, as fractions."""
        return np.bincount(self.state, minlength=len(STATES)) / len(self.state)


@dataclass
class AttackResults:
    """One Attack turn of the duel model each (:func:`simulate_attack_turns`): ``damage[i]`` dealt
    (0, 2 or 4) and ``quantum[i]`` whether it cast Quantum Death (then ``damage`` is 0)."""

    damage: np.ndarray
    quantum: np.ndarray

    def __len__(self) -> int:
        return len(self.damage)


@dataclass
class DuelResults:
    """``winner[i]``: 0 if wizard A won duel i, 1 if B did; ``turns``, ``rounds``: its length;
    ``health``: both healths at the end (the loser's is 0 or below; Quantum Death sets it to 0)."""

    winner: np.ndarray
    turns: np.ndarray
    rounds: np.ndarray
    health: np.ndarray

    def __len__(self) -> int:
        return len(self.winner)


# ----- compiling a policy -------------------------------------------------------------------------
def hold_table(policy: Any = "most_common", rolls: int = ROLLS_PER_TURN, spell: str | None = None) -> np.ndarray:
    """``table[r, s]``: the dice kept from state ``s`` with ``r`` re-rolls left (r = 1..rolls-1),
    as five values with 0 for each die re-rolled; keeping all five stops the turn."""
    _check_rolls(rolls)
    if spell is not None and spell not in SPELLS:
        raise InvalidOption("runes.error.bad_spell", value=spell, allowed=", ".join(SPELLS))
    hold = _hold_function(policy, rolls)
    table = np.zeros((rolls, len(STATES), DICE), dtype=np.int8)
    for r in range(1, rolls):
        for i, s in enumerate(STATES):
            held = s if spell is not None and allows(s, spell) else hold(s, r)
            table[r, i, :len(held)] = held
    return table


def _hold_function(policy: Any, rolls: int) -> Callable[[tuple[int, ...], int], tuple[int, ...]]:
    if isinstance(policy, RewardPolicy):
        if policy.rolls < rolls:
            raise InvalidOption("runes.error.bad_rolls", value=rolls, low=1)
        return lambda s, r: policy.best[r][s]
    if isinstance(policy, tuple) and len(policy) == 2 and policy[0] == "optimal":
        target = policy[1]
        if target not in SPELLS:
            raise InvalidOption("runes.error.bad_spell", value=target, allowed=", ".join(SPELLS))
        return lambda s, r: best_hold(s, target, r)[0]
    if isinstance(policy, str) and policy not in RULES:
        raise InvalidOption("error.bad_option", name="policy", value=policy,
                            allowed=" / ".join((*RULES, "('optimal', spell)", "a RewardPolicy", "a rule")))
    rule = _rule(policy)
    return lambda s, r: _checked_hold(rule, s)


def _check_rolls(rolls: Any) -> None:
    if isinstance(rolls, bool) or not isinstance(rolls, int) or not 1 <= rolls <= 12:
        raise InvalidOption("runes.error.bad_rolls", value=rolls, low=1)


def _check_count(name: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise InvalidOption("error.bad_option", name=name, value=value, allowed="a whole number >= 1")


# ----- turns --------------------------------------------------------------------------------------
def roll(rng: np.random.Generator, held: np.ndarray) -> np.ndarray:
    """Re-roll every die that ``held`` (rows of five, 0 = re-roll) does not keep: the new states."""
    dice = np.where(held > 0, held, rng.integers(1, FACES + 1, size=held.shape, dtype=np.int8))
    return STATE_OF_ROLL[(dice.astype(np.int64) - 1) @ _POWERS]


def play_turns(rng: np.random.Generator, table: np.ndarray, count: int) -> tuple[np.ndarray, np.ndarray]:
    """``count`` turns under a compiled ``table``: (final states, rolls taken)."""
    rolls = table.shape[0]
    state = roll(rng, np.zeros((count, DICE), dtype=np.int8))
    taken = np.ones(count, dtype=np.int8)
    live = np.arange(count)
    for r in range(rolls - 1, 0, -1):
        held = table[r, state[live]]
        go = held.min(axis=1) == 0                      # a kept five means the turn stopped
        live = live[go]
        state[live] = roll(rng, held[go])
        taken[live] += 1
    return state, taken


def simulate_turns(turns: int, policy: Any = "most_common", rolls: int = ROLLS_PER_TURN,
                   spell: str | None = None, seed: int | None = None) -> TurnResults:
    """Play ``turns`` independent turns of ``rolls`` rolls under a hold policy (see :func:`hold_table`)."""
    _check_count("turns", turns)
    table = hold_table(policy, rolls, spell)
    state, taken = play_turns(np.random.default_rng(seed), table, turns)
    return TurnResults(state, taken)


def simulate_attack_turns(turns: int, counter_bonus: int = 0, rolls: int = ROLLS_PER_TURN,
                          seed: Any = None) -> AttackResults:
    """``turns`` turns of the duel model's attacker (damage-maximising holds against a foe with
    ``counter_bonus``, real counter dice): the batch twin of :func:`.duel.simulate_turns`, whose
    exact distribution is :func:`.duel.turn_outcomes`."""
    _check_count("turns", turns)
    _check_rolls(rolls)
    if isinstance(counter_bonus, bool) or not isinstance(counter_bonus, int) or counter_bonus < 0:
        raise InvalidOption("error.bad_option", name="counter_bonus", value=counter_bonus, allowed="an integer >= 0")
    rng = np.random.default_rng(seed)
    damage, quantum = _attack(rng, hold_table(damage_policy(counter_bonus, rolls), rolls), counter_bonus, turns)
    return AttackResults(np.where(quantum, 0, damage), quantum)


# ----- duels --------------------------------------------------------------------------------------
def simulate_duels(duels: int, a: Any = "pyromancer", b: Any = "necromancer",
                   health: tuple[int, int] = (HOUSE_MAX_HEALTH, HOUSE_MAX_HEALTH), first: str = "initiative",
                   rolls: int = ROLLS_PER_TURN, seed: int | None = None) -> DuelResults:
    """Play ``duels`` duels of the :mod:`.duel` model, all at once, round by round."""
    _check_count("duels", duels)
    _check_rolls(rolls)
    wiz = (duelist(a), duelist(b))
    if (not isinstance(health, (tuple, list)) or len(health) != 2
            or any(isinstance(h, bool) or not isinstance(h, int) or h < 1 for h in health)):
        raise InvalidOption("error.bad_option", name="health", value=health, allowed="two integers >= 1")
    if first not in ("initiative", "alternate"):
        raise InvalidOption("error.bad_option", name="first", value=first, allowed="initiative / alternate")
    rng = np.random.default_rng(seed)
    # seat s attacks 1 - s with the holds that maximise damage against that foe's counter bonus
    tables = [hold_table(damage_policy(wiz[1 - s].counter_bonus, rolls), rolls) for s in (0, 1)]
    counter = np.array([w.counter_bonus for w in wiz])
    hp = np.tile(np.array(health, dtype=np.int64), (duels, 1))
    winner = np.full(duels, -1, dtype=np.int8)
    turns = np.zeros(duels, dtype=np.int64)
    rounds = np.zeros(duels, dtype=np.int64)
    live = np.arange(duels)
    while live.size:
        rounds[live] += 1
        a_first = _initiative(rng, wiz, len(live)) if first == "initiative" else np.ones(len(live), dtype=bool)
        for order in (0, 1):                            # the round's first turn, then its second
            me = np.where(a_first, 0, 1) if order == 0 else np.where(a_first, 1, 0)
            for seat in (0, 1):
                i = np.flatnonzero(me == seat)
                if not i.size:
                    continue
                g = live[i]
                turns[g] += 1
                hp[g, 1 - seat] -= _turn_damage(rng, tables[seat], counter[1 - seat], len(g), hp[g, 1 - seat])
                down = hp[g, 1 - seat] <= 0
                winner[g[down]] = seat
            keep = winner[live] < 0
            live, a_first = live[keep], a_first[keep]
    return DuelResults(winner, turns, rounds, hp)


def _initiative(rng: np.random.Generator, wiz: tuple, k: int) -> np.ndarray:
    """RULE 6 with the HOUSE passives: whether A takes the round's first turn."""
    ta = rng.integers(1, FACES + 1, k) + wiz[0].initiative_bonus
    tb = rng.integers(1, FACES + 1, k) + wiz[1].initiative_bonus
    if wiz[0].wins_initiative_ties != wiz[1].wins_initiative_ties:
        tie = np.full(k, wiz[0].wins_initiative_ties)
    else:                                               # the tied wizards re-roll: a fair coin
        tie = rng.random(k) < 0.5
    return np.where(ta == tb, tie, ta > tb)


def _attack(rng: np.random.Generator, table: np.ndarray, bonus: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """One turn each for ``k`` attackers: (Attack damage dealt, Quantum Death cast)."""
    state, _ = play_turns(rng, table, k)
    pair = PAIRS[state]
    counter = rng.integers(1, FACES + 1, size=pair.shape) + bonus
    hits = (pair > 0) & (counter <= pair)               # RULE 14: ties go to the caster
    return ATTACK_DAMAGE * hits.sum(axis=1), QUANTUM[state]


def _turn_damage(rng: np.random.Generator, table: np.ndarray, bonus: int, k: int, foe_hp: np.ndarray) -> np.ndarray:
    """One turn each for ``k`` attackers: the damage dealt (Quantum Death: all the foe's health)."""
    damage, quantum = _attack(rng, table, bonus, k)
    return np.where(quantum, foe_hp, damage)
