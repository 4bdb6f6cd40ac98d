"""Scenario helpers for SpellCaster: fixed attributes, deck tops, displays, rolls and positions."""
from __future__ import annotations

import random

from towerlib.spellcaster import check_invariants, new_game

#: Attribute points (life, will, focus, skill) that give Life 10, Will 2 (6 tokens), Focus 3, Skill 8.
PLAIN = [0, 1, 1, 4]


def scenario(players=2, rolls=(), attributes=None, **deal):
    """A game past the buying step, seat 0 first, with the given rolls fixed."""
    deal.setdefault("first", 0)
    attributes = attributes or [PLAIN] * players
    return new_game(players=players, seed=11, deal={"attributes": [list(a) for a in attributes],
                                                     "rolls": list(rolls), **deal})


def play(game, *actions):
    """Apply actions (texts) in order, checking the invariants after each; returns all events."""
    events = []
    for text in actions:
        events.extend(game.apply(text))
        check_invariants(game)
    return events


def kinds(events):
    return [e.kind for e in events]


def random_game(seed, players=2, limit=None, **options):
    """Play a random game (random legal actions) to the end; yields the game after each action."""
    game = new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over and (limit is None or steps < limit):
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
        steps += 1
        yield game
