"""What must hold of every Abracada state, checked after every action by the conformance suite.

All 36 stones are somewhere, lives and scores stay in bounds, and what a seat has been shown
about its own stones is never false.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .rules import MAX_LIFE, STONE_COUNTS, WINNING_SCORE

if TYPE_CHECKING:
    from .engine import AbracadaGame


def stones_in_play(game: "AbracadaGame") -> Counter:
    """Every stone of the round, wherever it is: pile, secret pool, removed, hands, secrets, board."""
    where = [*game.pile, *game.secret_pool, *game.removed]
    where += [s for h in game.hands for s in h] + [s for sec in game.secrets for s in sec]
    where += [v for v in range(1, 9) for _ in range(game.cast[v])]
    return Counter(where)


def check_invariants(game: "AbracadaGame") -> None:
    """Raise AssertionError naming the first invariant ``game`` breaks."""
    counts = stones_in_play(game)
    assert counts == Counter(STONE_COUNTS), f"stones not conserved: {dict(counts)}"
    assert all(0 <= life <= MAX_LIFE for life in game.lives), f"life out of 0..{MAX_LIFE}: {game.lives}"
    assert all(0 <= s <= WINNING_SCORE for s in game.scores), f"score out of bounds: {game.scores}"
    assert (game.current_player is None) == game.is_over, "current_player is None exactly when the game is over"
    for seat in range(game.players):
        assert len(game.known_not[seat]) == len(game.hands[seat]), f"seat {seat}: knowledge per stone lost"
        for stone, mask in zip(game.hands[seat], game.known_not[seat]):
            assert not mask >> stone & 1, f"seat {seat} was told its {stone} is not a {stone}"
