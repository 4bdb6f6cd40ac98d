"""The conformance hooks of Spell Runes: ``redeal`` keeps the seat's view and plays on, and
``two_worlds`` (seat 1's reaction card) gives seat 0 identical views along the same actions."""
from __future__ import annotations

import random

from towerlib.runes import PLAYERS, check_invariants, new_game, redeal, two_worlds


def _random_positions(seed: int, players: int, steps: int):
    game = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for step in range(steps):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))
        if step % 7 == 0:
            yield game


def test_players():
    assert PLAYERS == range(2, 7)


def test_check_invariants_names_what_is_broken():
    import copy

    import pytest
    game = new_game(players=3, seed=3)
    rng = random.Random(3)
    for _ in range(80):
        game.apply(rng.choice(game.legal_actions()))
    check_invariants(game)
    breaks = {"conservation of loot cards": lambda g: g.hand[0].append("fire_scroll"),
              "conservation of familiars": lambda g: g.fam_deck.pop(),
              "health within": lambda g: g.health.__setitem__(1, 99),
              "four slots": lambda g: g.slots[2].pop("chain"),
              "a window for a fallen wizard": lambda g: (g.health.__setitem__(2, 0), g.hand[2].clear(),
                                                         g.loot_discard.extend([]), g.pending.append(
                                                             {"kind": "window", "seat": 2, "point": "turn_end"}),
                                                         g.__setattr__("artifact", [g.artifact[0], g.artifact[1], None]),
                                                         g.loot_discard.extend(a for a in [game.artifact[2]] if a),
                                                         g.loot_discard.extend(game.hand[2]))}
    for name, damage in breaks.items():
        broken = copy.deepcopy(game)
        damage(broken)
        with pytest.raises(AssertionError, match=name):
            check_invariants(broken)


def test_redeal_keeps_the_view_and_plays_on():
    rng = random.Random(1)
    changed = checked = 0
    for seed in range(6):
        for game in _random_positions(seed, 2 + seed % 3, 160):
            seat = rng.randrange(game.players)
            world = redeal(game, seat, rng)
            assert world.view(seat) == game.view(seat)
            check_invariants(world)
            changed += any(sorted(world.hand[q]) != sorted(game.hand[q]) for q in range(game.players) if q != seat)
            checked += 1
            for _ in range(30):                      # the world keeps playing legally
                if world.is_over:
                    break
                world.apply(rng.choice(world.legal_actions()))
                check_invariants(world)
    assert checked > 60 and changed > checked // 3


def test_redeal_hides_the_draft_and_keeps_cards_the_seat_knows():
    game = new_game(players=3, seed=2)
    game.apply(str(game.legal_actions()[0]))          # seat 0 keeps a board
    world = redeal(game, 1, random.Random(3))
    assert world.view(1) == game.view(1) and world.offers[1] == game.offers[1]
    assert world.wizard[0] in world.offers[0]
    # Seat 1 steals seat 0's only card: seat 0 knows seat 1 holds it in every world.
    g = new_game(players=2, seed=4, deal={"wizards": ["enchanter", "alchemist"], "dice": [6, 1, 1, 2, 3, 4, 6],
                                          "hands": [["staff_of_power"], ["pickpocket", "fire_scroll"]]})
    g.apply("pass")
    g.apply("play pickpocket -> 0")
    assert g.hand[1].count("staff_of_power") == 1
    for k in range(10):
        world = redeal(g, 0, random.Random(k))
        assert "staff_of_power" in world.hand[1] and world.view(0) == g.view(0)
    others = {tuple(sorted(redeal(g, 0, random.Random(k)).hand[1])) for k in range(20)}
    assert len(others) > 5                           # the unknown card is drawn again


def test_two_worlds_differ_only_in_seat_1s_reaction_card():
    rng = random.Random(7)
    steps = 0
    for _ in range(12):
        worlds = two_worlds(rng)
        a, b, me = worlds.a, worlds.b, worlds.observer
        assert a.view(me) == b.view(me) and sorted(a.hand[1]) != sorted(b.hand[1])
        play = random.Random(rng.random())
        while not a.is_over:
            action = play.choice(a.legal_actions())
            if action not in b.legal_actions():
                break                                # seat 1 shows its card by playing it
            a.apply(action)
            b.apply(action)
            if worlds.until(a):
                break                                # the rules showed seat 0 the difference
            assert a.view(me) == b.view(me)
            steps += 1
    assert steps > 300
