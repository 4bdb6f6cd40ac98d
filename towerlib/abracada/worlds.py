"""Worlds consistent with one seat's knowledge: exact hand samples and re-dealt games.

A *world for seat s* is a full game state that s cannot tell apart from the real one: every
stone s cannot see is placed again, uniformly among the placements that agree with s's view
(own hand under the ruled-out sets, the secret pool, others' face-down secret stones, the
pile order). Lessons use worlds to check a deduction by counting ("re-deal 10,000 times and
see how often you hold a 3"); search bots could use them to look ahead without peeking.
"""
from __future__ import annotations

import copy
import random
from typing import Any, Mapping

from ..core.rng import MAX_SEED, GameRandom
from ..core.worlds import TwoWorlds
from .deduction import InvalidPosition, deduce
from .engine import AbracadaGame
from .rules import ALL_STONES, HAND_SIZE, REMOVED_FACE_UP, SECRET_STONES, SPELLS


def sample_hand(view: Mapping[str, Any], rng: random.Random) -> list[int]:
    """The viewing seat's own hand (values in slot order, oldest first), drawn from its posterior."""
    return deduce(view).sample(rng)


def redeal(game: AbracadaGame, seat: int, rng: random.Random) -> AbracadaGame:
    """A copy of ``game`` whose stones hidden from ``seat`` are placed again at random.

    ``redeal(game, seat, rng).view(seat) == game.view(seat)``, log included. The copy's raw
    events of this round are rewritten to agree with the new placement (the seat's dealt and
    drawn stones, others' secret stones), so the real hidden stones do not survive in it, and it
    gets a fresh die from ``rng``, so its future rolls are not the real game's either. Its save
    file is therefore not a replay of a seed: a redealt world serves that seat's deduction, its
    look-ahead and tests, nothing else.
    """
    view = game.view(seat, log=False)
    dist = deduce(view)
    hand = dist.sample(rng)
    left = list(dist.counts)
    for v in hand:
        left[v] -= 1
    stones = [v for v in SPELLS for _ in range(left[v])]
    rng.shuffle(stones)

    redraw_secrets = view["public_secrets"] is None and view["result"] is None
    hidden_secrets = [len(s) if redraw_secrets and q != seat else 0 for q, s in enumerate(game.secrets)]
    places = sum(hidden_secrets) + len(game.secret_pool) + len(game.pile)
    if places != len(stones):
        raise InvalidPosition("abracada.deduce.world_mismatch", unseen=len(stones), places=places)

    seed = rng.randrange(MAX_SEED + 1)
    world = copy.deepcopy(game, {id(game.rng): GameRandom(seed)})
    world.seed, world.deal = seed, None          # the explicit deal held the real round-1 stones
    world.hands[seat] = hand
    for q, n in enumerate(hidden_secrets):
        if n:
            world.secrets[q] = [stones.pop() for _ in range(n)]
    world.secret_pool = [stones.pop() for _ in range(len(game.secret_pool))]
    world.pile = stones
    _rewrite_round_events(world, seat, redraw_secrets)
    return world


def _rewrite_round_events(world: AbracadaGame, seat: int, secrets_redrawn: bool) -> None:
    """Make this round's raw events tell the story of the new placement.

    The seat's current stones each came from the deal or from a draw; following its casts
    (which name the slot taken) links every current slot to that event, which then gets the
    stone's new value. Others' secret-stone events get the new values in the order taken.
    """
    events = world.events
    start = len(events) - 1
    while events[start].kind != "round_start":
        start -= 1
    origins: list[tuple[list[int], int]] = []    # (list inside an event, index) per current slot
    taken: dict[int, int] = {}
    for kind, who, data in events[start:]:
        if kind == "round_start":
            dealt = data["hands"][seat]
            origins = [(dealt, j) for j in range(len(dealt))]
        elif kind == "cast" and who == seat:
            del origins[data["slot"]]
        elif kind == "draw" and who == seat:
            origins.extend((data["values"], j) for j in range(len(data["values"])))
        elif kind == "secret" and secrets_redrawn and who != seat and data["value"] is not None:
            k = taken.get(who, 0)
            data["value"] = world.secrets[who][k]
            taken[who] = k + 1
    for (where, j), v in zip(origins, world.hands[seat], strict=True):
        where[j] = v


def two_worlds(rng: random.Random) -> TwoWorlds:
    """Two deals that differ only in stones nobody at the table can see yet.

    World ``b`` swaps one stone of the secret pool with the bottom stone of the pile (of another
    value). Seat 0 (the observer) cannot tell them apart until the bottom stone is drawn, it
    takes a secret stone itself, or the round is scored, which is what ``until`` says; until
    then every view it gets, and who is asked to play, must be the same in both.
    """
    players = rng.choice([2, 3, 4, 5])
    seed = rng.randrange(MAX_SEED)
    while True:
        stones = list(ALL_STONES)
        rng.shuffle(stones)
        hands = [stones[i:i + HAND_SIZE] for i in range(0, HAND_SIZE * players, HAND_SIZE)]
        rest = stones[HAND_SIZE * players:]
        removed, rest = rest[:REMOVED_FACE_UP[players]], rest[REMOVED_FACE_UP[players]:]
        pool, pile = rest[:SECRET_STONES], rest[SECRET_STONES:]
        k = next((i for i, s in enumerate(pool) if s != pile[-1]), None)
        if k is not None:
            break
    deal = {"hands": hands, "removed": removed, "secret": pool, "pile": pile}
    other = copy.deepcopy(deal)
    other["secret"][k], other["pile"][-1] = pile[-1], pool[k]
    a = AbracadaGame(players, seed=seed, deal=deal)
    b = AbracadaGame(players, seed=seed, deal=other)
    return TwoWorlds(a, b, observer=0,
                     until=lambda g: g.phase != "play" or not g.pile or bool(g.secrets[0]))
