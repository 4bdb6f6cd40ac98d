"""The invariants of a SpellCaster position, checked after every action of the property tests."""
from __future__ import annotations

from collections import Counter
from typing import Any

from .data import CARDS_PER_PLAYER, DECK_VALUES, ELEMENTS, MASS_MAX, MOTION_MAX, POINTS, SPELL_MAX, TOKENS_PER_WILL

_FULL = Counter(f"{e}{v}" for e in ELEMENTS for v in DECK_VALUES)


def _cards_in_play(game: Any, seat: int) -> Counter:
    """Every card of ``seat``: decks, display, and cards in hand (drawn or being returned)."""
    cards = Counter(f"{e}{v}" for e in ELEMENTS for v, _ in game.decks[seat][e])
    for sp in game.spells[seat]:
        cards.update(c for c, _ in sp["motion"] + sp["mass"])
    for frame in game.stack:
        if frame["seat"] == seat and frame["kind"] == "draw":
            cards.update(f"{e}{v}" for e, v, _ in frame["cards"])
        if frame["seat"] == seat and frame["kind"] == "return":
            cards.update(frame["cards"])
    return cards


def check_invariants(game: Any) -> None:
    """Raise AssertionError naming the broken invariant."""
    n = game.players
    tokens_on = [0] * n
    for s in range(n):
        cards = _cards_in_play(game, s)
        assert sum(cards.values()) == CARDS_PER_PLAYER, f"seat {s}: {sum(cards.values())} cards, not 40"
        assert cards == _FULL, f"seat {s}: cards changed: {cards - _FULL} / {_FULL - cards}"
        for sp in game.spells[s]:
            cards_here = sp["motion"] + sp["mass"]
            assert len(sp["motion"]) <= MOTION_MAX and len(sp["mass"]) <= MASS_MAX, f"seat {s}: section over limit"
            assert len(cards_here) <= SPELL_MAX, f"seat {s}: spell over {SPELL_MAX} cards"
            assert sum(int(c[1:]) for c, _ in cards_here) <= game.skill[s], f"seat {s}: spell over Skill"
            assert (sp["state"] == "empty") == (not cards_here), f"seat {s}: empty slot with cards or vice versa"
            assert all(t >= 0 for t in sp["tokens"]), "negative tokens on a spell"
            for q in range(n):
                tokens_on[q] += sp["tokens"][q]
            if sp["state"] in ("launched", "wild"):
                assert sp["point"] in POINTS, "a familiar off the board"
                assert all(up for _, up in sp["motion"]), "a launched spell with face-down Motion"
            if sp["state"] == "launched":
                assert sp["controller"] is not None and sp["tokens"][sp["controller"]] >= 1, \
                    "a controlled spell without its controller's token"
            if sp["state"] == "wild":
                assert sp["controller"] is None and not any(sp["tokens"]), "a wild spell holding tokens"
            if sp["state"] == "locked":
                lock = sp["lock"]
                assert sp["tokens"][lock["caster"]] >= 1 and sp["tokens"][lock["opp"]] >= 1, "a lock without tokens"
    for s in range(n):
        if game.spells[s]:             # attributes bought
            assert game.pool[s] >= 0 and game.lost[s] >= 0, f"seat {s}: negative token count"
            total = game.pool[s] + game.lost[s] + tokens_on[s]
            assert total == TOKENS_PER_WILL * game.will[s], f"seat {s}: {total} tokens, not 3 x Will"
            assert len(game.spells[s]) == game.focus[s], f"seat {s}: display size is not Focus"
            assert game.free_pairs(s) >= 0 or not game.options["capture_needs_pair"], \
                f"seat {s}: more familiars out than pairs"
            assert game.life[s] <= game.max_life(s), f"seat {s}: Life Force above the track"
            assert (game.life[s] > 0) == game.alive[s], f"seat {s}: alive flag disagrees with Life Force"
        assert game.pos[s] in POINTS, f"seat {s}: off the board"
    assert (game.current_player is None) == game.is_over, "current_player is None exactly when over"
    if not game.is_over:
        assert game.legal_actions(), "no legal action in a running game"
        assert game.alive[game.current_player] or not game.spells[game.current_player], "a retired seat decides"
