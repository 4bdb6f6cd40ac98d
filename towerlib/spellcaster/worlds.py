"""Worlds one seat cannot tell apart from the real game: ``redeal`` and ``two_worlds``.

What a seat cannot see of player q: the values of q's face-down display cards (their elements
are public), q's deck cards not turned face up, cards q holds while conjuring; and every
future die roll. ``redeal`` draws all of it again, uniformly among the placements that agree
with the seat's view, including the Skill limit of every spell (by rejection: a uniform
placement kept only if every spell fits its owner's Skill is exactly the conditional law).
"""
from __future__ import annotations

import copy
import random
from collections import Counter

from ..core.rng import MAX_SEED, GameRandom
from ..core.worlds import TwoWorlds
from .data import DECK_VALUES, ELEMENTS
from .engine import OWNER, PUBLIC, PURCHASES, SpellCasterGame

#: Rejection tries before a redeal keeps the real face-down values (always consistent).
REDEAL_TRIES = 2000


def _slots(game: SpellCasterGame, q: int, seat: int) -> tuple[dict[str, list], dict[str, list[int]]]:
    """For player q as ``seat`` sees it: per element, the hidden places (container, index) and
    the multiset of values that may fill them (the deck minus every card ``seat`` knows)."""
    places: dict[str, list] = {e: [] for e in ELEMENTS}
    known: Counter = Counter()
    need = OWNER if q == seat else PUBLIC
    for e in ELEMENTS:
        for card in game.decks[q][e]:
            if card[1] >= need:
                known[e, card[0]] += 1
            else:
                places[e].append(("deck", card))
    if q != seat:
        for sp in game.spells[q]:
            for card in sp["motion"] + sp["mass"]:
                if card[1] or card[2]:
                    known[card[0][0], int(card[0][1:])] += 1
                else:
                    places[card[0][0]].append(("display", card))
    else:
        for sp in game.spells[q]:
            for card, *_ in sp["motion"] + sp["mass"]:
                known[card[0], int(card[1:])] += 1
    for frame in game.stack:
        if frame["seat"] != q:
            continue
        if frame["kind"] == "draw":
            for card in frame["cards"]:
                if q == seat or card[2] == PUBLIC:
                    known[card[0], card[1]] += 1
                else:
                    places[card[0]].append(("draw", card))
        elif frame["kind"] == "return":
            known.update((c[0], int(c[1:])) for c in frame["cards"])
    values = {e: list(DECK_VALUES) for e in ELEMENTS}
    for (e, v), k in known.items():
        for _ in range(k):
            values[e].remove(v)
    return places, values


def _fill(places: dict[str, list], values: dict[str, list[int]]) -> None:
    for e in ELEMENTS:
        for (where, card), v in zip(places[e], values[e], strict=True):
            if where == "deck":
                card[0] = v
            elif where == "display":
                card[0] = f"{e}{v}"
            else:
                card[1] = v


def _skill_ok(game: SpellCasterGame, q: int) -> bool:
    return all(sum(int(c[1:]) for c, *_ in sp["motion"] + sp["mass"]) <= game.skill[q] for sp in game.spells[q])


def redeal(game: SpellCasterGame, seat: int, rng: random.Random) -> SpellCasterGame:
    """A copy of ``game`` with everything hidden from ``seat`` drawn again; ``view(seat)`` is unchanged.

    The copy gets a fresh seed from ``rng`` and no fixed rolls, so its future dice are not the
    real game's either. Other seats' secret event fields keep their real values (``seat``'s view
    never shows them); a redealt world serves ``seat``'s look-ahead and the tests, not replay.
    """
    seed = rng.randrange(MAX_SEED + 1)
    world = copy.deepcopy(game, {id(game.rng): GameRandom(seed)})
    world.seed, world.deal, world.rolls = seed, None, []
    world.forget_legal()
    for q in range(world.players):
        places, values = _slots(world, q, seat)
        real = {e: [_value(p) for p in places[e]] for e in ELEMENTS}
        for _ in range(REDEAL_TRIES):
            for e in ELEMENTS:
                rng.shuffle(values[e])
            _fill(places, values)
            if _skill_ok(world, q):
                break
        else:
            _fill(places, real)
    world.forget_legal()
    return world


def _value(place: tuple[str, list]) -> int:
    where, card = place
    return card[0] if where == "deck" else int(card[0][1:]) if where == "display" else card[1]


def two_worlds(rng: random.Random) -> TwoWorlds:
    """Two games differing only in seat 1's deck orders; seat 0 watches until seat 1 shows a card."""
    seed = rng.randrange(MAX_SEED + 1)
    players = rng.choice((2, 3, 4))
    attributes = [list(rng.choice(PURCHASES)) for _ in range(players)]

    def decks() -> dict[str, list[int]]:
        out = {}
        for e in ELEMENTS:
            values = list(DECK_VALUES)
            rng.shuffle(values)
            out[e] = values
        return out

    a_decks, b_decks = decks(), decks()
    while all(a_decks[e][0] == b_decks[e][0] for e in ELEMENTS):
        b_decks = decks()

    def make(seat1: dict[str, list[int]]) -> SpellCasterGame:
        fixed = [{} for _ in range(players)]
        fixed[1] = seat1
        return SpellCasterGame(players, seed=seed, deal={"attributes": attributes, "first": 0, "decks": fixed})

    return TwoWorlds(make(a_decks), make(b_decks), observer=0, until=shown_by(1))


def shown_by(owner: int):
    """``until`` for two worlds: true once ``owner`` has shown a card the rules make public."""
    def until(game: SpellCasterGame) -> bool:
        for kind, seat, data in game.events:
            if kind == "launch" and seat == owner:
                return True
            if kind == "putback" and seat == owner and data.get("option") == "B":
                return True
            if kind == "return" and seat == owner and data.get("face") == "up":
                return True
            if kind in ("strike", "familiar") and data.get("spell", "").startswith(f"{owner}."):
                return True
        return False
    return until

