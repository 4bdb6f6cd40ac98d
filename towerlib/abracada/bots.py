"""Abracada bots. Each reads only a seat's view and says in one sentence why it chose.

* :class:`RandomBot` picks any allowed action: the baseline.
* :class:`CountingBot` does the lesson-1 arithmetic: it counts the unseen stones and casts the
  value it most likely holds (knowing only which values it has ruled out for its whole hand),
  and stops once the best next cast is less likely than a threshold.
* :class:`EVBot` uses the exact per-stone deduction and prices each spell's effect in points:
  damage and knock-outs, healing, secret stones, the empty-hand win, the Dragon's die, and the
  cost of a failure (a life, or the round when it is the last one). It casts again only while
  that expected value beats ending the turn.

``play(game, bots)`` from :mod:`towerlib.core.bots` hands each bot only the view fields it lists
in ``view_fields`` (a whole view costs as much as the move itself); a whole view works as well.
The deducing bots read the unseen stones and their own ruled-out values from the view's
``unseen`` and ``own_ruled_out`` fields rather than counting the board and the hands again.
Almost every position a bot meets is new, so the EV bot computes its hold chances afresh by the
nested closed form (no cache).
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import compress
from math import inf
from typing import Any, Callable, Mapping

from ..core.bots import Bot, Choice
from ..core.errors import InvalidOption
from ..core.i18n import Msg
from .deduction import PLAY_FIELDS, _nested_chances, own_masks, play_chances
from .rules import MAX_LIFE, SPELLS

_SPELL = {v: Msg(f"abracada.spell.{v}") for v in SPELLS}
_NEXT = Choice("next round", Msg("abracada.bot.next_round"))
_CAST = {v: f"cast {v}" for v in SPELLS}


def _pct(p: float) -> int:
    """A chance as a whole percentage that never claims certainty it does not have."""
    pct = round(100 * p)
    return 99 if pct == 100 and p < 1 else 1 if pct == 0 and p > 0 else pct


class RandomBot:
    """Any allowed action, uniformly: the yardstick every other bot must beat."""

    name = "random"
    view_fields = ("legal_actions",)

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> Choice:
        legal = view["legal_actions"]
        count = len(legal)
        return _random_choice(legal[int(self.rng.random() * count)], count)


@lru_cache(maxsize=None)
def _random_choice(action: str, count: int) -> Choice:
    """A random pick and its reason, made once per (action, number of choices): a playout makes
    one per move, and a fresh message costs more than the rest of the choice (issue #14.3)."""
    return Choice(action, Msg("abracada.bot.random", action=action, count=count))


class CountingBot:
    """Casts the value it most likely holds by counting unseen stones (RULES.md 1.6, lesson 1).

    It ignores which stone a value was ruled out for and uses only the values ruled out for the
    whole hand, i.e. the hypergeometric formula with known-absent values removed.
    """

    name = "counting"
    view_fields = ("phase", "chain", *PLAY_FIELDS)

    def __init__(self, seed: int | None = None, threshold: float = 0.5) -> None:
        self.threshold = threshold

    def choose(self, view: Mapping[str, Any]) -> Choice:
        if view["phase"] != "play":
            return _NEXT
        masks = own_masks(view)
        anywhere = 0                                    # values not ruled out for every stone
        for m in masks:
            anywhere |= m
        chances = _nested_chances(view["unseen"], (anywhere,) * len(masks), 1)   # equal sets always nest
        chain = view["chain"]
        low = chain or 1
        best = max(range(low, 9), key=lambda v: (chances[v], v))
        pct = _pct(chances[best])
        if chain and chances[best] < self.threshold:
            return Choice("end", Msg("abracada.bot.count_end", value=best, spell=_SPELL[best], pct=pct))
        return Choice(_CAST[best], Msg("abracada.bot.count_cast", value=best, spell=_SPELL[best], pct=pct, low=low))


# ----- the EV bot's prices, in points of this round ---------------------------------------------
KNOCKOUT = 3.0          # rule 24: +3 for the caster and the round ends while it leads
EMPTY_HAND = 3.0        # rule 26: +3 and every other player scores nothing
SECRET = 0.8            # rule 27: +1 if the caster survives, which it usually does
SELF_KNOCKOUT = 2.0     # rule 25: the caster scores 0, the others +1 each


def _life_price(life: int) -> float:
    """What one life is worth to its owner: little when full, a lot near zero."""
    return 0.45 if life <= 2 else 0.25 if life <= 4 else 0.12


def _hit_price(life: int) -> float:
    """What taking one life from an opponent is worth (more as they near a knock-out)."""
    return 0.35 if life <= 2 else 0.2 if life <= 4 else 0.12


_LIFE_PRICE = tuple(_life_price(life) for life in range(MAX_LIFE + 1))
_HIT_PRICE = tuple(_hit_price(life) for life in range(MAX_LIFE + 1))


@lru_cache(maxsize=None)
def _die(faces: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """The die as (face, probability) pairs."""
    n = len(faces)
    return tuple((f, faces.count(f) / n) for f in sorted(set(faces)))


class EVBot:
    """Casts the spell with the best expected value and stops when no cast beats ending.

    The value of casting v is p_v * (what the effect is worth) - (1 - p_v) * (what a failure
    costs), with p_v the exact chance of holding v given every stone's ruled-out values
    (:func:`~towerlib.abracada.deduction.deduce`). Ending the turn is worth 0.
    """

    name = "ev"
    view_fields = ("phase", "chain", *PLAY_FIELDS, "seat", "lives", "alive", "die_faces", "secret_pool")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: Mapping[str, Any]) -> Choice:
        if view["phase"] != "play":
            return _NEXT
        chain = view["chain"]
        low = chain or 1
        chances = play_chances(view, low)           # only the values the chain still allows
        success, failure = _prices(view)
        best, best_ev = 0, -inf
        for v in range(low, 9):
            p = chances[v]
            ev = p * success[v] - (1 - p) * failure[v]
            if ev > best_ev:
                best, best_ev = v, ev
        p, spell = _pct(chances[best]), _SPELL[best]
        if best_ev <= 0:
            if chain:
                return Choice("end", Msg("abracada.bot.ev_end", value=best, spell=spell, pct=p, ev=best_ev))
            return Choice(_CAST[best], Msg("abracada.bot.ev_forced", value=best, spell=spell, pct=p))
        return Choice(_CAST[best], Msg("abracada.bot.ev_cast", value=best, spell=spell, pct=p, ev=best_ev))


def _prices(view: Mapping[str, Any]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """For each value v (index 0 unused): what a successful cast is worth, what a failure costs.

    Read in the play phase, when the seat's hand has one stone per ``own_ruled_out`` entry."""
    return _prices_for(view["seat"], tuple(view["lives"]), tuple(view["alive"]),
                       tuple(view["die_faces"]), len(view["own_ruled_out"]) == 1, view["secret_pool"] > 0)


@lru_cache(maxsize=1 << 14)
def _prices_for(me: int, lives: tuple[int, ...], alive: tuple[bool, ...], faces: tuple[int, ...],
                last_stone: bool, pool: bool) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Success follows rules 15-22 with 24 (a knock-out) and 26 (the last stone empties the hand);
    failure costs a life (the die for the Dragon), or the round when it is the caster's last.
    Cached: the same lives come up again and again. What depends only on the die and the
    caster's own life is cached apart (:func:`_own_prices`): most new lives still share it."""
    life = lives[me]
    others = [*compress(lives, alive)]             # the lives of those still in, in seat order,
    del others[alive[:me].count(True)]             # but the caster's
    left_seat, right_seat = _neighbour(alive, me, 1), _neighbour(alive, me, -1)
    left, right = lives[left_seat], lives[right_seat]
    weakest = min(others)
    hit_others = sum(map(_HIT_PRICE.__getitem__, others))
    dragon = _dragon_price(faces, weakest, hit_others)
    heal, dream, failure = _own_prices(faces, life)
    if left_seat == right_seat:                                       # Q4: one neighbour is hit once
        tempest = _HIT_ONE[left]
    else:
        tempest = KNOCKOUT if left <= 1 or right <= 1 else _HIT_PRICE[left] + _HIT_PRICE[right]
    success = (0.0, dragon, (KNOCKOUT if weakest <= 1 else hit_others) + heal, dream, SECRET * pool,
               tempest, _HIT_ONE[left], _HIT_ONE[right], heal)
    if last_stone:
        success = tuple(x + EMPTY_HAND for x in success)
    return success, failure


# Hitting one player: a knock-out when it takes their last life, else the price of a life taken.
_HIT_ONE = tuple(KNOCKOUT if life <= 1 else _HIT_PRICE[life] for life in range(MAX_LIFE + 1))


@lru_cache(maxsize=1 << 12)
def _dragon_price(faces: tuple[int, ...], weakest: int, hit_others: float) -> float:
    """What a successful Ancient Dragon is worth: a knock-out if the roll reaches the weakest
    opponent's lives, else the roll times what a life taken from every opponent is worth."""
    return sum(prob * (KNOCKOUT if weakest <= face else face * hit_others) for face, prob in _die(faces))


@lru_cache(maxsize=None)
def _own_prices(faces: tuple[int, ...], life: int) -> tuple[float, float, tuple[float, ...]]:
    """For a caster with ``life`` lives: what healing by one is worth now (0 at full life), what
    Sweet Dream's roll is worth, and the failure costs of :func:`_prices_for`."""
    die = _die(faces)
    heal = _LIFE_PRICE[life]
    dream = sum(prob * min(face, MAX_LIFE - life) * heal for face, prob in die)
    miss = SELF_KNOCKOUT if life <= 1 else _LIFE_PRICE[life - 1]
    dragon_miss = sum(prob * (SELF_KNOCKOUT if face >= life else face * _LIFE_PRICE[life - face])
                      for face, prob in die)
    return heal * (life < MAX_LIFE), dream, (0.0, dragon_miss) + (miss,) * 7


def _neighbour(alive: list[bool], seat: int, step: int) -> int:
    """The nearest player still in the round to the left (step 1) or right (step -1)."""
    n = len(alive)
    q = (seat + step) % n
    while not alive[q]:
        q = (q + step) % n
    return q


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "counting": CountingBot, "ev": EVBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by its registry name (``BOTS``); ``seed`` makes a random bot repeatable."""
    if name not in BOTS:
        raise InvalidOption("error.bad_option", name="bot", value=name, allowed=" / ".join(BOTS))
    return BOTS[name](seed)
