"""Worlds one seat cannot tell apart from the real game: ``redeal`` and ``two_worlds``
(``constrained_positions`` is in :mod:`.constrained`).

What a seat cannot see of player q: the values of q's face-down display cards that nobody saw
(their elements are public), q's deck cards not known to it, cards q holds while conjuring or
returning a broken spell (a strike shows its Mass: the damage is counted from it); and
every future die roll. ``redeal`` draws all of it again from the exact posterior: every
arrangement of q's unplaced cards is equally likely a priori, and the seat knows only that each
of q's spells fits q's Skill with room for the cards it still needs (S17). So the face-down
display values are drawn spell by spell from their exact joint law (a count of completions,
memoised on what is left of each element's unknown values), and the rest are shuffled into the
decks and the hand. Nothing falls back to the real cards.
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from itertools import product

from ..core.rng import MAX_SEED, GameRandom
from ..core.worlds import TwoWorlds
from .data import CARD_VALUES, DECK_VALUES, ELEMENTS, OWNER, PUBLIC
from .engine import PURCHASES, SpellCasterGame
from .inference import InferenceError
from .rules import skill_reserved

#: What is left of one player's unknown cards: per element (F E W A), the count of each card value.
State = tuple[int, ...]


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
    for sp in game.spells[q]:
        for card in sp["motion"] + sp["mass"]:
            if q == seat or card[1] or card[2]:
                known[card[0][0], int(card[0][1:])] += 1
            else:
                places[card[0][0]].append(("display", card))
    for frame in game.stack:
        if frame["seat"] != q:
            continue
        if frame["kind"] == "draw":
            for card in frame["cards"]:
                if q == seat or card[2] == PUBLIC:
                    known[card[0], card[1]] += 1
                else:
                    places[card[0]].append(("draw", card))
        elif frame["kind"] == "return":              # a struck or broken spell's cards, in q's hand
            for i, (card, public) in enumerate(zip(frame["cards"], frame["known"])):
                if q == seat or public:
                    known[card[0], int(card[1:])] += 1
                else:
                    places[card[0]].append(("return", (frame["cards"], i)))
    values = {e: list(DECK_VALUES) for e in ELEMENTS}
    for (e, v), k in known.items():
        for _ in range(k):
            values[e].remove(v)
    return places, values


def _constraints(game: SpellCasterGame, q: int, seat: int) -> list[tuple[list[list], int]]:
    """Per spell of q with cards hidden from ``seat``: those cards and the most their values may add up to."""
    out = []
    for sp in game.spells[q]:
        cards = sp["motion"] + sp["mass"]
        hidden = [c for c in cards if not (q == seat or c[1] or c[2])]
        if hidden:
            shown = sum(int(c[0][1:]) for c in cards if q == seat or c[1] or c[2])
            room = game.skill[q] - shown - skill_reserved(sp["state"], len(sp["motion"]), len(sp["mass"]),
                                                          game.options)
            out.append((hidden, room))
    return out


def _draws(elements: tuple[str, ...], room: int, state: State) -> list[tuple[tuple[int, ...], int, State]]:
    """Each choice of values for cards of these elements within ``room``: (values, number of ways to
    draw them from ``state``, what is left)."""
    out = []
    for values in product(CARD_VALUES, repeat=len(elements)):
        if sum(values) > room:
            continue
        left, ways = list(state), 1
        for e, v in zip(elements, values):
            i = ELEMENTS.index(e) * len(CARD_VALUES) + CARD_VALUES.index(v)
            ways *= left[i]
            left[i] -= 1
        if ways:
            out.append((values, ways, tuple(left)))
    return out


def sample_display(spells: list[tuple[tuple[str, ...], int]], state: State,
                   rng: random.Random) -> list[tuple[int, ...]] | None:
    """Values for each spell's hidden cards (their elements, their room), exactly from the law of a
    uniform arrangement conditioned on every spell fitting; ``state`` counts the unknown values.
    None if no arrangement fits."""
    memo: dict[tuple[int, State], int] = {}

    def completions(i: int, left: State) -> int:
        if i == len(spells):
            return 1
        key = (i, left)
        if key not in memo:
            memo[key] = sum(w * completions(i + 1, rest) for _, w, rest in _draws(*spells[i], left))
        return memo[key]

    if not completions(0, state):
        return None
    out, left = [], state
    for i, spell in enumerate(spells):
        choices = [(values, w * completions(i + 1, rest), rest) for values, w, rest in _draws(*spell, left)]
        pick = rng.randrange(sum(w for _, w, _ in choices))
        for values, w, rest in choices:
            if pick < w:
                break
            pick -= w
        out.append(values)
        left = rest
    return out


def redeal(game: SpellCasterGame, seat: int, rng: random.Random) -> SpellCasterGame:
    """A copy of ``game`` with everything hidden from ``seat`` drawn again; ``view(seat)`` is unchanged.

    The copy gets a fresh seed from ``rng`` and no fixed rolls, so its future dice are not the
    real game's either. Other seats' secret event fields keep their real values (``seat``'s view
    never shows them); a redealt world serves ``seat``'s look-ahead and the tests, not replay.
    """
    seed = rng.randrange(MAX_SEED + 1)
    world = copy.deepcopy(game, {id(game.rng): GameRandom(seed)})
    world.seed, world.deal, world.rolls = seed, None, []
    for q in range(world.players):
        places, values = _slots(world, q, seat)
        spells = _constraints(world, q, seat)
        counts = Counter((e, v) for e in ELEMENTS for v in values[e])
        state = tuple(counts[e, v] for e in ELEMENTS for v in CARD_VALUES)
        drawn = sample_display([(tuple(c[0][0] for c in hidden), room) for hidden, room in spells], state, rng)
        if drawn is None:
            raise InferenceError("spellcaster.world.inconsistent", seat=seat)
        for (hidden, _), chosen in zip(spells, drawn):
            for card, v in zip(hidden, chosen):
                card[0] = f"{card[0][0]}{v}"
                values[card[0][0]].remove(v)
        for e in ELEMENTS:
            rest = [p for p in places[e] if p[0] != "display"]
            rng.shuffle(values[e])
            for (where, card), v in zip(rest, values[e], strict=True):
                if where == "deck":
                    card[0] = v
                elif where == "draw":
                    card[1] = v
                else:
                    cards, i = card
                    cards[i] = f"{e}{v}"
    world.forget_legal()
    return world


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
