"""The conformance hooks: invariants, worlds one seat cannot tell apart, and re-dealt worlds.

A *world for seat s* is a full game that s cannot tell from the real one. :func:`redeal` builds
one by drawing again everything s cannot see: the deck cards s has not seen (their positions
among the cards s has seen stay fixed), other players' dealt spells and secret allocations before
the reveal, other players' metal hands (one joint draw from the exact law of :mod:`.inference`,
which already knows the empty stacks and every transfer), and every future chance event (a fresh
RNG; a deal's fixed markers dropped). :func:`posterior_positions` are small positions whose
law can be enumerated, for tests that compare ``redeal``'s frequencies with it.
"""
from __future__ import annotations

import copy
import random
from typing import Any

from ..core.errors import InvalidDeal
from ..core.events import Event
from ..core.i18n import Msg
from ..core.rng import MAX_SEED, GameRandom
from ..core.worlds import TwoWorlds
from .actions import Action
from .engine import NOBODY, PUBLIC, AmulettGame
from .inference import HandReader
from .rules import (AREA, JEWELS, MARKER_RANGE, METAL_CARDS_EACH, METALS, SPELL_NUMS, STONES, WIN_COLOURS,
                    WIN_JEWELS)

def check_invariants(game: AmulettGame) -> None:
    """Raise AssertionError naming the first broken invariant of ``game``."""
    n = game.players
    hands = game.hands
    for i, m in enumerate(METALS):
        total = game.supply[i] + sum(h[i] for h in hands)
        assert total == METAL_CARDS_EACH, f"metal conservation: {total} {m} cards, not {METAL_CARDS_EACH}"
        assert game.supply[i] >= 0, f"negative supply of {m}"
        assert min(h[i] for h in hands) >= 0, f"a negative count of {m} in a hand"
    jewels = dict.fromkeys(JEWELS, 0)
    for group in (*game.board.values(), *game.amulets, game.bag):
        for c in group:
            jewels[c] += 1
    assert jewels == JEWELS, f"jewel conservation: {jewels}"
    assert len(game.board) == len(AREA), "the board must list the 24 areas"
    for s in range(n):
        on_spells = 0
        for _, k in game.spells[s]:
            assert k >= 1, f"seat {s} owns a spell without stones"
            on_spells += k
        assert game.pool[s] >= 0, f"seat {s} has a negative pool"
        assert game.pool[s] + on_spells == STONES, f"energy stones of seat {s}: {game.pool[s]} + {on_spells}"
        amulet = game.amulets[s]
        assert len(amulet) <= WIN_JEWELS, f"seat {s} has more than {WIN_JEWELS} jewels"
        if not game.is_over:
            assert len(amulet) < WIN_JEWELS and len(set(amulet)) < WIN_COLOURS, f"seat {s} has won but play goes on"
    cards = list(game.deck)
    for owned in game.spells:
        cards += [c for c, _ in owned]
    for dealt in game.dealt:
        cards += dealt
    if game.sa is not None:
        cards.append(game.sa["card"])                # the spell on auction
    cards.sort()
    assert cards == _ALL_SPELLS, "each of the 33 spells must be in the deck, on auction or with one player"
    assert len(game.deck_seen) == len(game.deck), "deck bookkeeping out of step"
    assert game.hat2 in AREA and 0 <= game.hat1 < n, "a hat is off the board"
    assert (game.current_player is None) == game.is_over, "current_player must be None exactly when over"
    if not game.is_over:
        assert game.legal_actions(), "no legal action in a running game"
        assert 0 <= game.current_player < n, "current_player out of range"
    if game.marker is not None:
        assert MARKER_RANGE[0] <= game.marker <= MARKER_RANGE[1], "round marker out of range"
        assert 0 <= game.areas_done <= game.marker, "more areas visited than the marker allows"
    if game.is_over:
        assert game.winners, "a finished game has no winner"


_ALL_SPELLS = sorted(SPELL_NUMS)


def redeal(game: AmulettGame, seat: int, rng: random.Random) -> AmulettGame:
    """A copy of ``game`` in which everything hidden from ``seat`` is drawn again.

    ``redeal(game, seat, rng).view(seat) == game.view(seat)``, log included. Other seats' hands
    are one joint draw from ``seat``'s exact law of all hands (:class:`~.inference.HandReader`:
    empty stacks, payments, defaults, transfers and a pending payer included). It never falls
    back to the real hands: where the reader cannot hold the law exactly it raises ``InvalidDeal``
    (``amulett.deal.world``) instead. The copy forgets others' secrets in its events and ledger and gets a fresh
    RNG, so its save file is not a replay: a world serves ``seat``'s look-ahead and tests.
    """
    view = game.view(seat, log=False)
    seed = rng.randrange(MAX_SEED + 1)
    # Events, ledger entries and past actions are never changed in place, so the copy may share
    # them (in new lists); everything else is copied deeply.
    memo = {id(game.rng): GameRandom(seed), id(game.events): list(game.events),
            id(game.ledger): list(game.ledger), id(game.history): list(game.history)}
    world = copy.deepcopy(game, memo)
    world.seed, world.deal, world.marker_queue = seed, None, []
    _redeal_cards(world, seat, rng)
    _redeal_hands(world, seat, view, rng)
    _forget_secrets(world, seat)
    world._legal = None
    world.legal_actions()
    return world


def _redeal_cards(world: AmulettGame, seat: int, rng: random.Random) -> None:
    unknown = [i for i, who in enumerate(world.deck_seen) if who is NOBODY or (who != PUBLIC and who != seat)]
    others = [q for q in range(world.players) if q != seat and world.dealt[q]]
    pool = [world.deck[i] for i in unknown] + [c for q in others for c in world.dealt[q]]
    rng.shuffle(pool)
    for i in unknown:
        world.deck[i] = pool.pop()
        world.deck_seen[i] = NOBODY
    for q in others:
        world.dealt[q] = sorted(pool.pop() for _ in world.dealt[q])
        if world.allotted[q] is not None:
            choice: Action = rng.choice(world._legal_allot({"kind": "allot", "seat": q}))
            world.allotted[q] = {k: int(v) for k, v in (a.split(":") for a in choice.args)}


def _redeal_hands(world: AmulettGame, seat: int, view: dict[str, Any], rng: random.Random) -> None:
    reader = HandReader(view)
    if not reader.exact:
        raise InvalidDeal("amulett.deal.world", detail=Msg("amulett.world.too_large"))
    hands = [list(h) for h in reader.sample_all(rng)]
    supply = [METAL_CARDS_EACH - sum(h[i] for h in hands) for i in range(len(METALS))]
    # The reader's law holds only hands that agree with the view, so this is a check, not a filter.
    assert hands[seat] == world.hands[seat] and all(
        k >= 0 and (k == 0) == view["supply_empty"][m] for k, m in zip(supply, METALS)), "inconsistent world"
    world.hands, world.supply = hands, supply


def _forget_secrets(world: AmulettGame, seat: int) -> None:
    world.ledger_secret = {i: {seat: e[seat]} for i, e in world.ledger_secret.items() if seat in e}
    events = []
    for e in world.events:
        if "secret" in e.data and seat not in e.data.get("to", ()):
            data = {k: v for k, v in e.data.items() if k != "secret"}
            e = Event(e.kind, e.seat, data)
        events.append(e)
    world.events = events


def two_worlds(rng: random.Random) -> TwoWorlds:
    """Two 4-player games that differ only in seat 1's secret starting metals and in the deck below
    its top cards, watched by seat 0 until seat 1 has to show cards (a payment, a default, a gift
    or an exchange) or the differing deck cards come up."""
    players = 4
    seed = rng.randrange(MAX_SEED + 1)
    deck = list(SPELL_NUMS)
    rng.shuffle(deck)
    spells = [[[deck.pop(), 2], [deck.pop(), 2]] for _ in range(players)]
    swap = len(deck) - 2                          # the deck's last two cards trade places in world b
    metals_a = [[2, 1, 1, 1], [3, 0, 1, 1], [1, 1, 2, 1], [1, 2, 1, 1]]
    metals_b = [list(h) for h in metals_a]
    metals_b[1] = [0, 3, 1, 1]

    def make(metals: list[list[int]], order: list[int]) -> AmulettGame:
        return AmulettGame(players, seed=seed, deal={"deck": order, "first": 0,
                                                     "start": {"spells": spells, "metals": metals}})

    deck_b = list(deck)
    deck_b[swap], deck_b[swap + 1] = deck_b[swap + 1], deck_b[swap]

    def until(game: AmulettGame) -> bool:
        shown = any(e[0] in ("pay", "discard_all", "exchange", "transfer") and 1 in e[1:3] for e in game.ledger)
        asked = game.pending is not None and game.pending["seat"] == 1 and game.pending["kind"] in (
            "pay", "give", "transmute")
        return shown or asked or len(game.deck) <= 2 + sum(1 for s in game.deck_seen if s == PUBLIC)

    return TwoWorlds(make(metals_a, deck), make(metals_b, deck_b), observer=0, until=until)


#: The seed of the positions below (their chance is fixed by their deals and scripts).
SEED = 1


def play_script(game: AmulettGame, script: list[str]) -> AmulettGame:
    """``game`` played along ``script``, every spell auction on the way passed; returns ``game``."""
    for action in [*script, None]:
        while game.pending is not None and game.pending["kind"] == "spell_bid":
            game.apply("pass")
        if action is not None:
            game.apply(action)
    return game


def _position(deal: dict[str, Any], script: list[str]) -> AmulettGame:
    """A 3-player game from ``deal`` played along ``script`` (spell auctions passed on the way)."""
    return play_script(AmulettGame(3, seed=SEED, deal=deal), script)


def posterior_positions() -> list[AmulettGame]:
    """Small positions whose law of hidden hands, as seat 0 knows it, can be enumerated.

    A stack emptied by secret starting hands (21 joint hands), a hidden Tribute gift and a hidden
    Thief steal between two other players (40 each), and that steal followed by the robbed
    player's default, which shows its hand and so tells something about the stolen card.
    """
    thief = {"first": 2, "markers": [3, 3], "start": {"spells": [[], [[31, 2]], [[9, 2], [10, 2]]], "hat2": "A14"}}
    stolen = ["metal G", "metal S", "pass", "pass", "pass"]
    return [
        _position({"first": 0, "markers": [3], "start": {"spells": [[], [], []],
                                                         "metals": [[20, 1, 1, 1], [4, 1, 0, 0], [4, 0, 0, 1]]}}, []),
        _position({"first": 2, "markers": [3], "start": {"spells": [[], [[14, 2]], [[9, 2], [10, 2]]]}},
                  ["metal G", "metal S", "give G"]),
        _position(thief, stolen),
        _position(thief, stolen + ["metal S", "metal S", "bid 11"]),
    ]
