"""Who wins a duel? Expected damage per turn, and a two-wizard duel solved exactly as a Markov chain.

The model (every choice tied to RULES.md section 2; the engine plays exactly this model with
:class:`DuelBot`, which is how the tests and Lesson 3 check it by simulation):

* **Two wizards, Attacks only** (RULES 10-11, 14). Each turn a wizard rolls five dice with up to
  two re-rolls (RULE 9) and holds the dice that maximise the *expected Attack damage* of the final
  dice (backward induction, :class:`~.policy.RewardPolicy`). Every disjoint pair of the final dice
  is cast as an Attack (R3: four of a kind is two pairs, a full house is two pairs); a pair of
  value ``v`` hits unless the target's counter die beats ``v`` (ties go to the caster: no
  familiars, so both grades are 0; RULE 14, R6), for 2 damage (Q = 0; RULE 15).
* **Quantum Death**: five of a kind is cast as Quantum Death (RULE 13 table), which ends a duel at
  once (RULE 8). Holds aim for damage, not for it, but a wizard who rolls five of a kind keeps it
  (re-rolling it to chase damage would throw away a win).
* **Ties between holds** (RULES.md is silent: a choice of the model, :data:`TIE_BREAK`): many
  holds give exactly the same expected damage (from 6 6 6 6 2, keeping 6 6 6 6 or all five), and
  the duel's numbers depend on which is played. By default the wizard plays, among the equally
  damaging holds, the one with the best chance of a five of a kind, then the one keeping more
  dice; :data:`TIE_BREAKS` lists the others a lesson compares it with.
* **No healing, no loot, no familiars, no slotted spells.** A pair of 1s is cast as an Attack, not
  as Healing: healing would let health go back up and make the chain cyclic, and the model keeps
  the duel a race. No loot is dealt (``start_loot=0``) and Loot, Familiar, Chain, Class and
  Restore are never cast, so no card or familiar ever enters the game. These are choices a player
  may legally make, so the engine can play them.
* **Initiative** (RULES 6-7): every round both wizards roll one die plus their bonus; the higher
  total goes first; a wizard who wins ties (the Chronomancer, HOUSE W9) takes an equal total;
  otherwise the tied wizards re-roll (1/2 each). The round is two turns, so a wizard may take two
  turns in a row (last in one round, first in the next). ``first="alternate"`` instead lets
  wizard A always go first (A, B, A, B, ...), which shows what initiative is worth.
* **Passives**: only those that touch this model are kept, by :data:`DUELISTS`: the Chronomancer
  (+1 initiative, wins initiative ties) and the Cryomancer (+1 to counter rolls). The other
  wizards listed there have no passive that acts in this model.

The state of the chain is the pair of health values at the start of a round. Without healing
every transition lowers a health value except "both turns deal no damage", a self-loop, so the
chain is solved exactly in order of total health, dividing out the self-loop:
``W(a, b) = (sum of p * W(next) over the other outcomes) / (1 - p_stay)``.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping

from ..core.bots import Choice
from ..core.errors import InvalidOption
from ..core.i18n import Msg, register
from .actions import Action, parse
from .data import HOUSE_MAX_HEALTH, ROLLS_PER_TURN
from .policy import Dice, RewardPolicy, play_turn, rule_distributions
from .probability import p_counter

#: RULE 13 table: an Attack's damage before the Quantum shadow (Q = 0 in a duel: it ends at the
#: first Quantum Death).
ATTACK_DAMAGE = 2
#: The outcome of a turn that ends the duel with Quantum Death.
KILL = "kill"
#: How the model's wizard chooses among holds of equal expected damage: ``"quantum"`` the best
#: chance of a five of a kind (then more dice), ``"more"`` the most dice kept, ``"fewer"`` the fewest.
TIE_BREAKS = ("quantum", "more", "fewer")
TIE_BREAK = "quantum"


@dataclass(frozen=True)
class Duelist:
    """What of a wizard matters in the model: initiative bonus and ties, and the counter bonus."""

    initiative_bonus: int = 0
    wins_initiative_ties: bool = False
    counter_bonus: int = 0


PLAIN = Duelist()
#: Wizards whose passives the model keeps (HOUSE W9, W2) or that have none acting in it
#: (Pyromancer: Chain; Necromancer: a foe falls, which ends a duel; Druid: Healing; Alchemist and
#: Stormcaller: Loot). Others (Warlock, Geomancer, Illusionist, Shaman, Enchanter) are left out.
DUELISTS: dict[str, Duelist] = {
    "pyromancer": PLAIN, "necromancer": PLAIN, "druid": PLAIN, "alchemist": PLAIN, "stormcaller": PLAIN,
    "chronomancer": Duelist(initiative_bonus=1, wins_initiative_ties=True),
    "cryomancer": Duelist(counter_bonus=1),
}

register({
    "en": {"runes.duel.bot.hold": "Keep {dice}: expected damage {value} with the best holds.",
           "runes.duel.bot.stop": "Stop: these dice are worth {value} expected damage.",
           "runes.duel.bot.cast": "Cast {action}.",
           "runes.duel.bot.pass": "Nothing to do here: pass.",
           "runes.duel.bot.end": "No pair left: end the turn."},
    "ru": {"runes.duel.bot.hold": "Оставляю {dice}: ожидаемый урон {value} при лучших удержаниях.",
           "runes.duel.bot.stop": "Хватит: эти кости стоят {value} ожидаемого урона.",
           "runes.duel.bot.cast": "Сотворяю: {action}.",
           "runes.duel.bot.pass": "Здесь делать нечего: пас.",
           "runes.duel.bot.end": "Пар больше нет: конец хода."},
})


def duelist(wizard: str | Duelist) -> Duelist:
    if isinstance(wizard, Duelist):
        return wizard
    if wizard not in DUELISTS:
        raise InvalidOption("error.bad_option", name="wizard", value=wizard, allowed=" / ".join(DUELISTS))
    return DUELISTS[wizard]


def _check_health(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidOption("error.bad_option", name=name, value=value, allowed="an integer >= 1")
    return value


# ----- one turn --------------------------------------------------------------------------------
def hit_chance(pair: int, counter_bonus: int = 0) -> Fraction:
    """RULE 14: an Attack with a pair of ``pair`` hits unless the counter die (+bonus) beats it."""
    return 1 - p_counter(pair, "caster", counter_bonus)


def pairs(dice: Dice) -> list[int]:
    """The values of the disjoint pairs in ``dice`` (R3: four of a kind gives two pairs)."""
    return sorted((v for v, n in Counter(dice).items() for _ in range(n // 2)), reverse=True)


def is_quantum(dice: Dice) -> bool:
    return len(dice) == 5 and len(set(dice)) == 1


def damage_reward(counter_bonus: int = 0):
    """The expected Attack damage of final dice against a foe with ``counter_bonus``."""
    return lambda dice: _damage(tuple(dice), counter_bonus)


@lru_cache(maxsize=None)
def _damage(dice: Dice, counter_bonus: int) -> Fraction:
    """``damage_reward``'s value, computed once per sorted roll (the policies ask for each many times)."""
    return sum((ATTACK_DAMAGE * hit_chance(v, counter_bonus) for v in pairs(dice)), Fraction(0))


def _quantum_indicator(dice: Dice) -> Fraction:
    return Fraction(int(is_quantum(dice)))


def _check_tie_break(tie_break: str) -> None:
    if tie_break not in TIE_BREAKS:
        raise InvalidOption("error.bad_option", name="tie_break", value=tie_break, allowed=" / ".join(TIE_BREAKS))


@lru_cache(maxsize=None)
def damage_policy(counter_bonus: int = 0, rolls: int = ROLLS_PER_TURN, tie_break: str = TIE_BREAK) -> RewardPolicy:
    """The holds that maximise expected Attack damage against a foe with ``counter_bonus``; a
    rolled five of a kind is kept; equal holds are chosen by ``tie_break`` (:data:`TIE_BREAKS`)."""
    _check_tie_break(tie_break)
    return RewardPolicy(damage_reward(counter_bonus), rolls, keep=is_quantum,
                        prefer=_quantum_indicator if tie_break == "quantum" else None,
                        ties="fewer" if tie_break == "fewer" else "more")


def expected_damage(counter_bonus: int = 0, rolls: int = ROLLS_PER_TURN, tie_break: str = TIE_BREAK) -> Fraction:
    """Expected Attack damage of one turn with the best holds (Quantum Death not counted)."""
    return damage_policy(counter_bonus, rolls, tie_break).expected()


def expected_damage_of_rule(rule: str, counter_bonus: int = 0, rolls: int = ROLLS_PER_TURN) -> Fraction:
    """Expected Attack damage of one turn when the holds follow a rule of thumb
    (:data:`~.policy.RULES`) instead of the damage-maximising policy."""
    reward = damage_reward(counter_bonus)
    final = rule_distributions(rule, rolls)[-1]
    return sum((p * reward(s) for s, p in final.items()), Fraction(0))


def simulate_turns(turns: int, rng: random.Random, counter_bonus: int = 0,
                   rolls: int = ROLLS_PER_TURN) -> Counter:
    """Play ``turns`` turns with the damage-maximising holds and real counter dice: how often
    each outcome of :func:`turn_outcomes` came up."""
    hold = damage_policy(counter_bonus, rolls).hold
    seen: Counter = Counter()
    for _ in range(turns):
        dice = play_turn(rng, hold, rolls)
        if is_quantum(dice):
            seen[KILL] += 1
        else:
            seen[sum(ATTACK_DAMAGE for v in pairs(dice) if rng.randint(1, 6) + counter_bonus <= v)] += 1
    return seen


@lru_cache(maxsize=None)
def turn_outcomes(counter_bonus: int = 0, rolls: int = ROLLS_PER_TURN, tie_break: str = TIE_BREAK) -> dict[Any, Fraction]:
    """The distribution of one turn's result: :data:`KILL` (Quantum Death) or the damage dealt
    (0, 2 or 4), with the damage-maximising holds and independent counter dice."""
    out: dict[Any, Fraction] = {}
    for dice, p in damage_policy(counter_bonus, rolls, tie_break).final_distribution().items():
        if is_quantum(dice):
            out[KILL] = out.get(KILL, 0) + p
            continue
        damage = {0: Fraction(1)}
        for v in pairs(dice):
            h = hit_chance(v, counter_bonus)
            nxt: dict[int, Fraction] = {}
            for d, q in damage.items():
                nxt[d + ATTACK_DAMAGE] = nxt.get(d + ATTACK_DAMAGE, 0) + q * h
                nxt[d] = nxt.get(d, 0) + q * (1 - h)
            damage = nxt
        for d, q in damage.items():
            out[d] = out.get(d, 0) + p * q
    return out


# ----- initiative ------------------------------------------------------------------------------
def p_first(a: str | Duelist, b: str | Duelist) -> Fraction:
    """RULE 6: the chance that wizard ``a`` takes the first turn of a round against ``b``."""
    a, b = duelist(a), duelist(b)
    total = Fraction(0)
    for da in range(1, 7):
        for db in range(1, 7):
            ta, tb = da + a.initiative_bonus, db + b.initiative_bonus
            if ta > tb:
                win = Fraction(1)
            elif ta < tb:
                win = Fraction(0)
            elif a.wins_initiative_ties != b.wins_initiative_ties:
                win = Fraction(int(a.wins_initiative_ties))
            else:
                win = Fraction(1, 2)   # the tied wizards re-roll: symmetric
            total += win / 36
    return total


# ----- the duel as a Markov chain --------------------------------------------------------------
@dataclass(frozen=True)
class DuelResult:
    """The exact solution from every pair of health values ``1..max_health``.

    ``win[a, b]``: the chance that A wins when a round starts with A at ``a`` and B at ``b``;
    ``turns[a, b]`` and ``rounds[a, b]``: the expected number of turns and rounds until the end.
    """

    a: Duelist
    b: Duelist
    p_first: Fraction
    max_health: int
    win: dict[tuple[int, int], Fraction]
    turns: dict[tuple[int, int], Fraction]
    rounds: dict[tuple[int, int], Fraction]


@lru_cache(maxsize=None)
def _turn_weights(counter_bonus: int, tie_break: str = TIE_BREAK) -> tuple[int, tuple[tuple[Any, int], ...]]:
    """:func:`turn_outcomes` as integer weights over their common denominator:
    ``(denominator, ((outcome, weight), ...))``, so that a round's arithmetic stays in integers."""
    dist = turn_outcomes(counter_bonus, ROLLS_PER_TURN, tie_break)
    den = math.lcm(*(p.denominator for p in dist.values()))
    return den, tuple((outcome, p.numerator * (den // p.denominator)) for outcome, p in dist.items())


def round_transitions(a: Duelist, b: Duelist, pa_first: Fraction, ha: int, hb: int, tie_break: str = TIE_BREAK
                      ) -> tuple[int, int, dict[tuple[int, int], int], int]:
    """One round from healths (ha, hb) as integer weights over one denominator ``d``:
    ``(d, w, nxt, t)`` where ``w / d`` is the chance A wins in the round, ``nxt[state] / d`` the
    chance of each next state (both standing) and ``t / d`` the expected number of turns played.
    (Exact, like Fractions, but a whole solve makes tens of thousands of these products.)"""
    (da, ta), (db, tb) = _turn_weights(b.counter_bonus, tie_break), _turn_weights(a.counter_bonus, tie_break)  # A's turn meets B's counter
    order_den = pa_first.denominator
    win_a = turns = 0
    nxt: dict[tuple[int, int], int] = {}
    for a_first, p_order in ((True, pa_first.numerator), (False, order_den - pa_first.numerator)):
        if not p_order:
            continue
        first, second = (ta, tb) if a_first else (tb, ta)
        second_den = db if a_first else da
        for r1, p1 in first:
            p = p_order * p1 * second_den          # this first turn, whatever the second brings
            hit_b, hit_a = (r1, 0) if a_first else (0, r1)
            if r1 == KILL or (a_first and hb - r1 <= 0) or (not a_first and ha - r1 <= 0):
                turns += p
                win_a += p if a_first else 0
                continue
            turns += 2 * p
            for r2, p2 in second:
                q = p_order * p1 * p2
                if a_first:
                    if r2 == KILL or ha - r2 <= 0:
                        continue   # B wins
                    state = (ha - r2, hb - hit_b)
                else:
                    if r2 == KILL or hb - r2 <= 0:
                        win_a += q
                        continue
                    state = (ha - hit_a, hb - r2)
                nxt[state] = nxt.get(state, 0) + q
    return order_den * da * db, win_a, nxt, turns


def _mean(base: int, weights: dict[tuple[int, int], int], values: dict[tuple[int, int], Fraction],
          total: int) -> Fraction:
    """``(base + sum of weights[s] * values[s]) / total``, summed over one common denominator and
    reduced once (a Fraction sum would reduce after every term; these denominators run to hundreds
    of digits)."""
    common = math.lcm(*(values[s].denominator for s in weights)) if weights else 1
    numerator = base * common + sum(w * values[s].numerator * (common // values[s].denominator) for s, w in weights.items())
    return Fraction(numerator, total * common)


def solve(a: str | Duelist = "pyromancer", b: str | Duelist = "necromancer",
          max_health: int = HOUSE_MAX_HEALTH, first: str = "initiative", tie_break: str = TIE_BREAK) -> DuelResult:
    """Solve the duel of ``a`` against ``b`` exactly for every pair of health values.

    ``first``: ``"initiative"`` (RULE 6, re-rolled every round) or ``"alternate"`` (A always
    opens the round, so the turns alternate A, B, A, B, ...). ``tie_break``: how both wizards
    choose among equally damaging holds (:data:`TIE_BREAKS`).
    """
    a, b = duelist(a), duelist(b)
    _check_tie_break(tie_break)
    _check_health(max_health, "max_health")
    if first not in ("initiative", "alternate"):
        raise InvalidOption("error.bad_option", name="first", value=first, allowed="initiative / alternate")
    pa = p_first(a, b) if first == "initiative" else Fraction(1)
    win: dict[tuple[int, int], Fraction] = {}
    turns: dict[tuple[int, int], Fraction] = {}
    rounds: dict[tuple[int, int], Fraction] = {}
    states = sorted(((x, y) for x in range(1, max_health + 1) for y in range(1, max_health + 1)), key=sum)
    for state in states:
        den, w, nxt, t = round_transitions(a, b, pa, *state, tie_break)
        leave = den - nxt.pop(state, 0)          # the weight of every outcome but the self-loop
        win[state] = _mean(w, nxt, win, leave)
        turns[state] = _mean(t, nxt, turns, leave)
        rounds[state] = _mean(den, nxt, rounds, leave)
    return DuelResult(a, b, pa, max_health, win, turns, rounds)


# ----- the engine plays the model --------------------------------------------------------------
class DuelBot:
    """Plays the model on the real engine from its view only: damage-maximising holds, Quantum
    Death on five of a kind, every pair as an Attack (highest first), ``pass`` in every window."""

    name = "duel"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: Mapping[str, Any]) -> Choice:
        legal = [parse(t) for t in view["legal"]]
        decision = view["decision"]
        foe = next(w for w in view["wizards"] if w["seat"] != view["seat"])
        policy = damage_policy(foe["counter_bonus"], view["turn"]["rolls_allowed"] if view["turn"] else ROLLS_PER_TURN)
        if decision == "roll":
            turn = view["turn"]
            dice = tuple(sorted(turn["dice"]))
            left = turn["rolls_allowed"] - turn["rolls_used"]
            held = policy.hold(dice, left)
            value = f"{float(policy.value(dice, left)):.2f}"
            if len(held) == len(dice):
                return Choice(Action("stop"), Msg("runes.duel.bot.stop", value=value))
            return Choice(Action("hold", dice=held), Msg("runes.duel.bot.hold", dice=" ".join(map(str, held)) or "-",
                                                         value=value))
        if decision == "cast":
            casts = [a for a in legal if a.verb == "cast"]
            quantum = [a for a in casts if a.name == "quantum"]
            attacks = sorted((a for a in casts if a.name == "attack"), key=lambda a: -a.dice[0])
            pick = (quantum or attacks or [Action("end")])[0]
            key = "runes.duel.bot.end" if pick.verb == "end" else "runes.duel.bot.cast"
            return Choice(pick, Msg(key, action=str(pick)))
        # Windows and other decisions: the model plays no card, so it passes (or, should a new kind
        # of decision have no pass, takes the first legal action).
        return Choice(Action("pass") if Action("pass") in legal else legal[0], Msg("runes.duel.bot.pass"))


def engine_duel(a: str, b: str, health: tuple[int, int], seed: int, max_health: int = HOUSE_MAX_HEALTH):
    """A new two-wizard game on the engine set up as the model: wizards ``a`` (seat 0) and ``b``,
    the given healths, no loot dealt."""
    from . import new_game

    for w in (a, b):
        duelist(w)
    return new_game(players=2, seed=seed, max_health=max_health, start_loot=0,
                    deal={"wizards": [a, b], "hands": [[], []], "health": list(health)})


def simulate(a: str, b: str, health: tuple[int, int], games: int, seed: int = 0,
             max_health: int = HOUSE_MAX_HEALTH) -> dict[str, float]:
    """Play ``games`` duels on the engine with :class:`DuelBot` on both seats: A's win rate and
    the mean number of turns and rounds."""
    from ..core.bots import play

    wins = turns = rounds = 0
    bots = [DuelBot(), DuelBot()]
    for i in range(games):
        game = engine_duel(a, b, health, seed + i, max_health)
        outcome = play(game, bots)
        wins += outcome.winners == (0,)
        turns += sum(e.kind == "turn" for e in game.events)
        rounds += game.round
    return {"games": games, "win_a": wins / games, "turns": turns / games, "rounds": rounds / games}


def play_full(a: str, b: str, seed: int, bot: str = "planner") -> dict[str, int]:
    """One game of the *full* rules (loot, familiars, healing, every spell) between ``a`` (seat 0)
    and ``b`` with the engine's own bots (:mod:`.bots`): what the model leaves out, for contrast.
    Returns whether A won, and the turns and rounds played."""
    from ..core.bots import play
    from . import new_game
    from .bots import make_bot

    game = new_game(players=2, seed=seed, deal={"wizards": [a, b]})
    outcome = play(game, [make_bot(bot, seed), make_bot(bot, seed + 1)])
    return {"win_a": int(outcome.winners == (0,)), "turns": sum(e.kind == "turn" for e in game.events),
            "rounds": game.round}


def simulate_model(a: str | Duelist, b: str | Duelist, health: tuple[int, int], games: int,
                   rng: random.Random, first: str = "initiative") -> dict[str, float]:
    """The model played with plain dice (fast, no engine), for a quick check in a lesson."""
    da, db = duelist(a), duelist(b)
    holds = [damage_policy(db.counter_bonus).hold, damage_policy(da.counter_bonus).hold]
    bonus = [da.counter_bonus, db.counter_bonus]
    ties = [da.wins_initiative_ties, db.wins_initiative_ties]
    init = [da.initiative_bonus, db.initiative_bonus]
    wins = turns = 0
    for _ in range(games):
        hp = list(health)
        over = None
        while over is None:
            if first == "alternate":
                order = [0, 1]
            else:
                t = [rng.randint(1, 6) + init[0], rng.randint(1, 6) + init[1]]
                if t[0] == t[1]:
                    a_first = ties[0] if ties[0] != ties[1] else rng.random() < 0.5
                else:
                    a_first = t[0] > t[1]
                order = [0, 1] if a_first else [1, 0]
            for me in order:
                foe = 1 - me
                turns += 1
                dice = play_turn(rng, holds[me])
                if is_quantum(dice):
                    hp[foe] = 0
                else:
                    for v in pairs(dice):
                        if rng.randint(1, 6) + bonus[foe] <= v:
                            hp[foe] -= ATTACK_DAMAGE
                if hp[foe] <= 0:
                    over = me
                    break
        wins += over == 0
    return {"games": games, "win_a": wins / games, "turns": turns / games}
