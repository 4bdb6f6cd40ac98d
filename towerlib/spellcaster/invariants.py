"""The invariants of a SpellCaster position, checked after every action of the property tests."""
from __future__ import annotations

from typing import Any

from .data import DECK_VALUES, ELEMENTS, MASS_MAX, MOTION_MAX, POINTS, SPELL_MAX, TOKENS_PER_WILL

_FULL = sorted(DECK_VALUES)


def _values_by_element(game: Any, seat: int) -> dict[str, list[int]]:
    """Every card of ``seat`` by element: decks, display, and cards in hand (drawn or being returned)."""
    values = {e: [v for v, _ in game.decks[seat][e]] for e in ELEMENTS}
    for sp in game.spells[seat]:
        for card, *_ in sp["motion"] + sp["mass"]:
            values[card[0]].append(int(card[1:]))
    for frame in game.stack:
        if frame["seat"] == seat and frame["kind"] == "draw":
            for e, v, _ in frame["cards"]:
                values[e].append(v)
        elif frame["seat"] == seat and frame["kind"] == "return":
            for card in frame["cards"]:
                values[card[0]].append(int(card[1:]))
    return values


def check_invariants(game: Any) -> None:
    """Raise AssertionError naming the broken invariant."""
    n = game.players
    tokens_on = [0] * n
    for s in range(n):
        for e, values in _values_by_element(game, s).items():
            assert sorted(values) == _FULL, f"seat {s}: the {e} cards are {sorted(values)}, not one deck's 10"
        for sp in game.spells[s]:
            motion, mass = sp["motion"], sp["mass"]
            if sp["state"] == "empty":
                assert not motion and not mass and not any(sp["tokens"]), f"seat {s}: an empty slot holds something"
                continue
            assert len(motion) <= MOTION_MAX and len(mass) <= MASS_MAX, f"seat {s}: section over limit"
            assert len(motion) + len(mass) <= SPELL_MAX, f"seat {s}: spell over {SPELL_MAX} cards"
            assert sum(int(c[1:]) for c, *_ in motion + mass) <= game.skill[s], f"seat {s}: spell over Skill"
            state = sp["state"]
            assert motion or mass, f"seat {s}: a spell without cards"
            tokens = sp["tokens"]
            for q in range(n):
                assert tokens[q] >= 0, "negative tokens on a spell"
                tokens_on[q] += tokens[q]
            if state in ("launched", "wild"):
                assert sp["point"] in POINTS, "a familiar off the board"
                assert all(c[1] and c[2] for c in motion), "a launched spell with face-down Motion"
            if state == "launched":
                assert sp["controller"] is not None and tokens[sp["controller"]] >= 1, \
                    "a controlled spell without its controller's token"
            elif state == "wild":
                assert sp["controller"] is None and not any(tokens), "a wild spell holding tokens"
            elif state == "locked":
                lock = sp["lock"]
                assert tokens[lock["caster"]] >= 1 and tokens[lock["opp"]] >= 1, "a lock without tokens"
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
