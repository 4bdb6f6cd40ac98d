"""Worlds one seat cannot tell from the real game: :func:`redeal` and :func:`two_worlds`.

What a seat does not see in Spell Runes: the other wizards' loot cards (only how many), the
order of both decks, the dice to come, and during the draft the other seats' offers and picks.
:func:`redeal` draws all of that again, consistently with what the seat has seen (its own
cards, every public card, and the cards it knows another wizard holds because it handed them
over or had them stolen). A look-ahead bot may play in such a world without peeking.
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from typing import TYPE_CHECKING

from ..core.events import Event
from ..core.rng import MAX_SEED, GameRandom
from ..core.worlds import TwoWorlds
from .data import LOOT_DECK, WIZARDS, is_cursed

if TYPE_CHECKING:
    from .engine import RunesGame

#: The cards whose holder a two-worlds test hides: each changes what the attacked wizard may do.
REACTION_CARDS = ("shield_scroll", "mirror_scroll", "lucky_charm", "smoke_bomb")


def known_cards(game: "RunesGame", seat: int) -> list[Counter[str]]:
    """Per seat, the cards ``seat`` knows that wizard still holds (besides its own hand).

    Followed through the events ``seat`` sees: cards it handed over or had stolen are known
    until played, discarded, wielded or handed on; a random theft from that wizard by a third
    seat makes the knowledge uncertain, so it is dropped (the world then draws that hand freely).
    """
    known = [Counter() for _ in range(game.players)]
    for kind, who, data in game.events:
        sees = seat in data.get("to", ())
        secret = data.get("secret", {}) if sees else {}
        if kind == "steal":
            if data["victim"] == seat and who != seat:
                known[who][secret["card"]] += 1
            elif who != seat and data["victim"] != seat:
                known[data["victim"]].clear()
        elif kind == "handover":
            giver = data["giver"]
            if giver == seat:
                known[who].update(secret["cards"])
            elif who != seat:
                known[who].update(known[giver])
            known[giver].clear()
        elif kind in ("play", "wield") and who is not None and known[who][data["card"]] > 0:
            known[who][data["card"]] -= 1
        elif kind == "discard" and who is not None:
            for card in data["cards"]:
                if known[who][card] > 0:
                    known[who][card] -= 1
    known[seat].clear()
    return known


def redeal(game: "RunesGame", seat: int, rng: random.Random) -> "RunesGame":
    """A copy of ``game`` in which everything hidden from ``seat`` is drawn again.

    ``redeal(game, seat, rng).view(seat) == game.view(seat)``, log included, and the copy plays
    on legally. Others' hands are drawn from the unseen cards (keeping the cards ``seat`` knows
    they hold), the loot and familiar decks are shuffled, the fixed dice are dropped and the copy
    gets a fresh RNG from ``rng``, so nothing to come is the real game's. The copy's raw events
    lose the secret parts ``seat`` could not see. Its save file is therefore not a replay of a
    seed: a redealt world serves that seat's look-ahead and tests, nothing else.
    """
    seat = game._check_seat(seat)
    seed = rng.randrange(MAX_SEED + 1)
    world = copy.deepcopy(game, {id(game.rng): GameRandom(seed)})
    world.seed, world.deal, world.dice_queue = seed, None, []
    world._legal_cache = None
    world._log_cache = [[] for _ in range(game.players)]
    _redraw_loot(world, seat, rng)
    rng.shuffle(world.fam_deck)
    if world.phase == "draft":
        _redraw_draft(world, seat, rng)
    world.events = [e if seat in e.data.get("to", (seat,)) else
                    Event(e.kind, e.seat, {k: v for k, v in e.data.items() if k != "secret"})
                    for e in world.events]
    return world


def _redraw_loot(world: "RunesGame", seat: int, rng: random.Random) -> None:
    """Others' hands and the loot deck, drawn again from the cards ``seat`` has not seen."""
    known = known_cards(world, seat)
    owl = next((p for p in reversed(world.pending) if p["kind"] == "owl"), None)
    fixed_top = len(owl["cards"]) if owl is not None and owl["seat"] == seat else 0
    others = [q for q in range(world.players) if q != seat]
    unseen = Counter(world.loot_deck[fixed_top:])
    # A deal's hands wait aside during the draft, unseen by every seat: drawn again too.
    aside = [h if world.phase == "draft" and h else [] for h in world._dealt_hands]
    for hand in aside:
        unseen.update(hand)
    for q in others:
        if not known[q] <= Counter(world.hand[q]):     # cannot happen; be safe rather than wrong
            known[q] = Counter()
        unseen.update(world.hand[q])
        unseen.subtract(known[q])
    pool = list(unseen.elements())
    rng.shuffle(pool)
    for q in others:
        free = len(world.hand[q]) - sum(known[q].values())
        world.hand[q] = list(known[q].elements()) + [pool.pop() for _ in range(free)]
        rng.shuffle(world.hand[q])
    for q, hand in enumerate(aside):
        if hand:
            world._dealt_hands[q] = [pool.pop() for _ in hand]
    world.loot_deck = world.loot_deck[:fixed_top] + pool
    for p in world.pending:
        if p["seat"] == seat:
            continue
        if p["kind"] == "owl":                          # another seat is looking at the new top cards
            p["cards"] = world.loot_deck[:len(p["cards"])]
        elif p["kind"] == "discard" and p["cards"] is not None:
            p["cards"] = world.hand[p["seat"]][:len(p["cards"])]


def _redraw_draft(world: "RunesGame", seat: int, rng: random.Random) -> None:
    """During the draft: others' two offered boards and any board they already kept."""
    boards = [w.id for w in WIZARDS if w.id not in world.offers[seat]]
    rng.shuffle(boards)
    for q in range(world.players):
        if q != seat:
            world.offers[q] = [boards.pop(), boards.pop()]
            if world.wizard[q] is not None:
                world.wizard[q] = rng.choice(world.offers[q])


def two_worlds(rng: random.Random) -> TwoWorlds:
    """Two deals that differ only in seat 1's reaction card (issue 19).

    In world ``a`` seat 1 holds a reaction card (Shield Scroll, Mirror Scroll, Lucky Charm or
    Smoke Bomb); in world ``b`` that card lies at the bottom of the loot deck and seat 1 holds
    the card that was at the bottom in ``a`` instead. Everything else (wizards, the other hands,
    the deck order above the bottom card, the seed and so every die) is the same. Seat 0 must
    see identical views until the rules show it the card: it steals from seat 1 or finishes it,
    seat 1 loses a card at random or falls (its cards are discarded face up), or the deck's
    bottom is reached. Seat 1 playing the card ends the comparison by itself (not legal in ``b``).
    """
    players = rng.choice([2, 3, 4])
    wizards = rng.sample([w.id for w in WIZARDS], players)
    reaction = rng.choice(REACTION_CARDS)
    cards = list(LOOT_DECK)
    cards.remove(reaction)
    rng.shuffle(cards)
    while cards[-1] in REACTION_CARDS or is_cursed(cards[-1]):   # a plain card, never wielded when dealt
        rng.shuffle(cards)
    swapped = cards.pop()
    hands = [[cards.pop() for _ in range(2)] for _ in range(players)]
    extra = hands[1].pop()
    hands_a = copy.deepcopy(hands)
    hands_a[1] += [reaction]
    hands_b = copy.deepcopy(hands)
    hands_b[1] += [swapped]
    cards.insert(0, extra)                           # keep the deck's size: 50 cards in all
    seed = rng.randrange(MAX_SEED)
    from . import new_game
    a = new_game(players, seed=seed, deal={"wizards": wizards, "hands": hands_a, "loot": cards + [swapped]})
    b = new_game(players, seed=seed, deal={"wizards": wizards, "hands": hands_b, "loot": cards + [reaction]})
    return TwoWorlds(a, b, observer=0, until=_seat_1_card_shown)


def _seat_1_card_shown(game: "RunesGame") -> bool:
    """Whether the rules may have shown seat 0 one of seat 1's cards, or the deck's bottom card."""
    if len(game.loot_deck) < 2 or game.health[1] <= 0:
        return True
    for kind, who, data in game.events:
        if kind == "reshuffle" and data["deck"] == "loot":
            return True
        if (kind == "steal" and data["victim"] == 1) or (kind == "discard" and who == 1):
            return True
    return False
