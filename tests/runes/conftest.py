"""Fixtures for the Spell Runes tests: scenario games with fixed dice, and state invariants."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from towerlib.runes import new_game
from towerlib.runes.data import AMULET_BONUS, FAMILIARS, LOOT_DECK, SLOTS

from runes_helpers import ANYTIME, settle

#: Wizards whose passives do not touch attacks, counters, healing or initiative.
NEUTRAL = ["enchanter", "alchemist", "necromancer", "stormcaller", "pyromancer", "druid"]


def _scenario(dice, players=2, wizards=None, seed=1, settled=True, **deal):
    """A game that skips the draft, with empty hands unless given, and ``dice`` rolled first;
    unless ``settled`` is False, everyone has passed the windows before the first turn."""
    deal.setdefault("hands", [[] for _ in range(players)])
    wizards = list(wizards or NEUTRAL[:players])
    game = new_game(players=players, seed=seed, deal={"wizards": wizards, "dice": list(dice), **deal})
    if settled:
        settle(game, ANYTIME)
    return game


def _invariants(game) -> None:
    """What must hold after every action of every game."""
    n, cap = game.players, game.options["max_health"]
    loot = game.loot_deck + game.loot_discard + [c for h in game.hand for c in h] + [
        a for a in game.artifact if a]
    assert Counter(loot) == Counter(LOOT_DECK)
    fams = game.fam_deck + game.fam_discard + [f for f in game.familiar if f]
    for p in game.pending:
        if p["kind"] == "keep":
            fams.append(p["card"])
        elif p["kind"] == "spirit":
            fams.extend(p["cards"])
    assert sorted(fams) == sorted(f.id for f in FAMILIARS)
    for s in range(n):
        amulet = game.artifact[s] == "amulet_of_vitality"
        assert game.max_health[s] == cap + (AMULET_BONUS if amulet else 0)
        assert 0 <= game.health[s] <= game.max_health[s]
        assert set(game.slots[s]) == set(SLOTS)
        if game.health[s] == 0:
            assert not game.hand[s] and game.artifact[s] is None
    standing = [s for s in range(n) if game.health[s] > 0]
    if game.is_over:
        assert game.current_player is None and not game.legal_actions()
        assert len(standing) <= 1 and list(game.winners) == standing
    else:
        assert len(standing) >= 2
        assert game.current_player in range(n) and game.legal_actions()
        if game.phase in ("roll", "cast"):
            assert game.rolls_used <= game.rolls_allowed
            assert all(1 <= d <= 6 for d in game.dice)
            assert len(game.dice) == 5 or game.phase == "cast"
    assert game.q >= 0


def _play_random(game, seed, check_every=1, limit=20000):
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
        assert steps < limit, "the game did not end"
        if steps % check_every == 0:
            _invariants(game)
    _invariants(game)
    return steps


@pytest.fixture
def runes_scenario():
    return _scenario


@pytest.fixture
def runes_invariants():
    return _invariants


@pytest.fixture
def runes_play_random():
    return _play_random
