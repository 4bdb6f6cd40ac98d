"""Re-dealt worlds look the same to their seat, are complete games, and sample the posterior."""
from __future__ import annotations

import random
from collections import Counter

from towerlib.abracada import new_game
from towerlib.abracada.deduction import deduce
from towerlib.abracada.rules import STONE_COUNTS
from towerlib.abracada.worlds import redeal, sample_hand

OPTION_SETS = [{}, {"secret_stone_visibility": "public"}, {"easy": True}, {"last_standing": True},
               {"lower_declaration": "auto_callout"}, {"die_faces": (1, 2, 3, 4, 5, 6)}]


def positions(n_games: int, seed: int, chance: float = 0.15):
    """(game, seat) at random moments of random games, round ends included."""
    rng = random.Random(seed)
    for g in range(n_games):
        game = new_game(rng.choice([2, 3, 4, 5]), seed=seed * 1000 + g, **OPTION_SETS[g % len(OPTION_SETS)])
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            if rng.random() < chance:
                yield game, rng.randrange(game.players)


def all_stones(game) -> Counter:
    where = [*game.pile, *game.secret_pool, *game.removed]
    where += [s for h in game.hands for s in h] + [s for sec in game.secrets for s in sec]
    return Counter(where) + Counter({v: game.cast[v] for v in range(1, 9) if game.cast[v]})


def own_hand_from_events(game, seat) -> list[int]:
    """The seat's hand rebuilt from this round's raw events: the deal, its casts and its draws."""
    events = game.events
    start = max(i for i, e in enumerate(events) if e.kind == "round_start")
    hand: list[int] = []
    for kind, who, data in events[start:]:
        if kind == "round_start":
            hand = list(data["hands"][seat])
        elif kind == "cast" and who == seat:
            assert hand.pop(data["slot"]) == data["value"]
        elif kind == "draw" and who == seat:
            hand += data["values"]
    return hand


def test_a_redealt_world_shows_its_seat_exactly_the_same_view():
    rng = random.Random(7)
    checked = changed = 0
    for game, seat in positions(40, seed=1):
        world = redeal(game, seat, rng)
        assert world.view(seat) == game.view(seat)                 # log included
        assert world.view(seat, log=False) == game.view(seat, log=False)
        assert all_stones(world) == Counter(STONE_COUNTS)
        assert world.hands[:seat] + world.hands[seat + 1:] == game.hands[:seat] + game.hands[seat + 1:]
        for slot, v in zip(game.view(seat)["own_hand"], world.hands[seat]):
            assert v not in slot["ruled_out"]
        assert own_hand_from_events(world, seat) == world.hands[seat]
        for q in range(game.players):
            taken = [e.data["value"] for e in world.events[max(i for i, e in enumerate(world.events)
                                                               if e.kind == "round_start"):]
                     if e.kind == "secret" and e.seat == q and e.data["value"] is not None]
            assert taken == world.secrets[q]
        changed += world.hands[seat] != game.hands[seat] or world.pile != game.pile
        checked += 1
    assert checked > 300 and changed > checked // 2


def test_a_redealt_world_plays_on_with_its_own_dice():
    rng = random.Random(3)
    for game, seat in positions(10, seed=2, chance=0.05):
        world = redeal(game, seat, rng)
        assert world.seed != game.seed
        for _ in range(40):
            if world.is_over:
                break
            legal = world.legal_actions()
            world.apply(legal[rng.randrange(len(legal))])
            assert all_stones(world) == Counter(STONE_COUNTS)


def test_the_filtered_log_hides_what_the_seat_cannot_see():
    for game, seat in positions(15, seed=4):
        if game.result is not None:
            continue
        for event in game.view(seat)["log"]:
            if event["kind"] == "round_start":
                assert event["hands"][seat] is None
            elif event["kind"] == "draw" and event["seat"] == seat:
                assert "values" not in event
            elif event["kind"] == "secret" and event["seat"] != seat and \
                    game.options["secret_stone_visibility"] == "owner":
                assert "value" not in event


def constrained_position():
    """A real position whose hand has stones with different ruled-out values."""
    for game, seat in positions(30, seed=5, chance=0.3):
        if game.phase != "play":
            continue
        masks = {tuple(s["ruled_out"]) for s in game.view(seat)["own_hand"]}
        if len(masks) >= 3:
            return game, seat
    raise AssertionError("no constrained position found")


def test_sampled_hands_follow_the_deduction():
    game, seat = constrained_position()
    view = game.view(seat)
    dist = deduce(view)
    rng = random.Random(11)
    n = 6000
    samples = [tuple(sample_hand(view, rng)) for _ in range(n)]
    for i in range(dist.hand_size):                       # every slot's marginal, chi-square style
        observed = Counter(s[i] for s in samples)
        expected = {v: float(p) * n for v, p in dist.slot_probabilities(i).items() if p}
        assert set(observed) <= set(expected)
        chi2 = sum((observed[v] - e) ** 2 / e for v, e in expected.items())
        df = max(1, len(expected) - 1)
        assert chi2 < df + 6 * (2 * df) ** 0.5, (i, chi2, df)
    hands = dist.hands()
    seen = Counter(tuple(sorted(s)) for s in samples)
    likely = {h for h, p in hands.items() if p * n >= 20}
    assert likely <= set(seen) <= set(hands)


def test_every_consistent_hand_turns_up():
    # Five players; the others hold every low stone, so only 6, 7 and 8 are unseen by seat 0.
    game = new_game(5, seed=1, deal={"hands": [[8, 8, 8, 7, 7], [1, 2, 2, 3, 3], [3, 4, 4, 4, 4],
                                               [5, 5, 5, 5, 5], [6, 6, 6, 6, 6]],
                                      "secret": [7, 7, 8, 8], "removed": [], "pile": [6, 7, 7, 7, 8, 8, 8]})
    game.apply("cast 7")                     # slot 3 goes, so slots 0-2 are not 7s
    game.apply("end")                        # and one unknown stone is drawn
    view = game.view(0)
    assert [s["ruled_out"] for s in view["own_hand"]] == [[7], [7], [7], [], []]
    hands = deduce(view).hands()
    assert 5 <= len(hands) <= 30
    rng = random.Random(2)
    seen = Counter(tuple(sorted(redeal(game, 0, rng).hands[0])) for _ in range(2000))
    assert set(seen) == set(hands)


def test_redealing_and_counting_agrees_with_the_deduction():
    game, seat = constrained_position()
    dist = deduce(game.view(seat))
    rng = random.Random(5)
    n = 2000
    holds = Counter()
    for _ in range(n):
        holds.update(set(redeal(game, seat, rng).hands[seat]))
    for v in range(1, 9):
        p = float(dist.p_at_least_one(v))
        sigma = (p * (1 - p) / n) ** 0.5
        assert abs(holds[v] / n - p) <= 4.5 * sigma + 1e-9, (v, holds[v] / n, p)
