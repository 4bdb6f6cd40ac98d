"""The EV bot's fast hold chances (issue #14.3) are the exact chances, bit for bit the floats of
the cached closed form, so the bot takes the same decisions as before."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from towerlib.abracada import new_game
from towerlib.abracada.bots import EVBot, _CAST, _prices
from towerlib.abracada.deduction import ALL, chances_from, deduce, distribution, hold_chances

OPTION_SETS = [{}, {"easy": True}, {"last_standing": True}, {"lower_declaration": "auto_callout"},
               {"die_faces": (1, 2, 3, 4, 5, 6)}, {"secret_stone_visibility": "public"}]


def play_views(games: int, seed: int):
    """Views in the play phase of games between EV, counting and random bots (mid-game views)."""
    from towerlib.abracada.bots import make_bot
    rng = random.Random(seed)
    for g in range(games):
        players = rng.choice([2, 3, 4, 5])
        game = new_game(players, seed=seed * 1000 + g, **OPTION_SETS[g % len(OPTION_SETS)])
        bots = [make_bot(rng.choice(["ev", "counting", "random"]), seed=g + q) for q in range(players)]
        while not game.is_over:
            view = game.view(game.current_player, log=False)
            if view["phase"] == "play":
                yield view
            game.apply(bots[game.current_player].choose(view).action)


def test_fast_chances_are_the_exact_fractions_and_the_cached_floats():
    n = 0
    for n, view in enumerate(play_views(40, seed=21), 1):
        dist = deduce(view)
        fast = chances_from(view)
        assert fast == list(dist.hold_chances())          # the very same floats
        if n % 5 == 0:                                    # and the exact Fractions, to 1e-12
            for v in range(1, 9):
                assert fast[v] == pytest.approx(float(dist.p_at_least_one(v)), abs=1e-12)
        low = view["chain"] or 1
        part = chances_from(view, low)
        assert part[low:] == fast[low:] and not any(part[:low])
    assert n > 2000


def test_sets_that_do_not_nest_give_the_general_count():
    counts = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    masks = (ALL & ~(1 << 8), ALL & ~(1 << 7), ALL)
    view = _view_with(counts, masks)
    exact = distribution(counts, masks)
    assert hold_chances(view) == exact.hold_chances()
    for v in range(1, 9):
        assert hold_chances(view)[v] == pytest.approx(float(exact.p_at_least_one(v)), abs=1e-12)


def test_a_hand_that_is_empty_or_certain_reads_right():
    counts = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    assert hold_chances(_view_with(counts, ())) == (0.0,) * 9
    only8 = _view_with(counts, (1 << 8, 1 << 8))                # both stones known to be 8s
    assert hold_chances(only8) == (0.0,) * 8 + (1.0,)
    one_left = _view_with((0, 1, 0, 0, 0, 0, 0, 0, 0), (ALL,))   # one unseen stone: the Dragon
    assert hold_chances(one_left)[1] == 1.0 == float(deduce(one_left).p_at_least_one(1))


def _view_with(counts, masks):
    """A 2-player view whose unseen counts and own slots are exactly ``counts`` and ``masks``:
    everything not unseen lies in the other hand (a made-up but well-formed view)."""
    seen = [v for v in range(1, 9) for _ in range(v - counts[v])]
    return {"game": "abracada", "seat": 0, "hands": [None, seen], "board": {str(v): 0 for v in range(1, 9)},
            "removed": [], "own_secrets": [], "public_secrets": None, "result": None, "unseen": list(counts),
            "own_hand": [{"ruled_out": [v for v in range(1, 9) if not m >> v & 1]} for m in masks],
            "own_ruled_out": [ALL & ~m for m in masks]}


def reference_choice(view):
    """The EV bot's decision as it was made before the fast path: the cached closed form."""
    if view["phase"] != "play":
        return "next round"
    chances = deduce(view).hold_chances()
    chain = view["chain"]
    success, failure = _prices(view)
    best, best_ev = 0, float("-inf")
    for v in range(chain or 1, 9):
        p = chances[v]
        ev = p * success[v] - (1 - p) * failure[v]
        if ev > best_ev:                                  # a tie keeps the lower value
            best, best_ev = v, ev
    return "end" if chain and best_ev <= 0 else _CAST[best]


def test_the_ev_bot_decides_as_the_exact_reference_does_ties_included():
    bot = EVBot()
    ties = 0
    for view in play_views(30, seed=22):
        assert bot.choose(view).action == reference_choice(view)
        chances = deduce(view).hold_chances()
        low = view["chain"] or 1
        success, failure = _prices(view)
        evs = [chances[v] * success[v] - (1 - chances[v]) * failure[v] for v in range(low, 9)]
        ties += len(evs) != len(set(evs))
    assert ties > 0                                       # positions with equal EVs were met


def test_equal_values_break_to_the_lower_spell():
    # Blizzard (6) and Fireball (7) hit a neighbour each; with equal lives and equal counts they
    # are worth the same, and the bot keeps the first (lower) one, as it always did.
    counts = (0, 0, 0, 0, 0, 0, 3, 3, 0)
    view = dict(_view_with(counts, (ALL,) * 2), phase="play", chain=6, players=3, seat=0,
                lives=[6, 3, 3], alive=[True] * 3, die_faces=[1, 1, 2, 2, 3, 3],
                hand_sizes=[2, 5, 5], secret_pool=4)
    view["hands"] = [None, view["hands"][1][:20], view["hands"][1][20:]]
    chances = chances_from(view, 6)
    assert chances[6] == chances[7] > 0
    assert EVBot().choose(view).action == "cast 6" == reference_choice(view)


def reference_prices(me, lives, alive, faces, last_stone, pool):
    """The EV bot's prices as first written, in one piece: the split, cached version must give
    the very same floats (the bot's reasons quote them)."""
    from towerlib.abracada.bots import (_HIT_PRICE, _LIFE_PRICE, EMPTY_HAND, KNOCKOUT, SECRET,
                                        SELF_KNOCKOUT, _die, _neighbour)
    from towerlib.abracada.rules import MAX_LIFE
    life = lives[me]
    die = _die(faces)
    others = [lives[q] for q in range(len(lives)) if q != me and alive[q]]
    left_seat, right_seat = _neighbour(alive, me, 1), _neighbour(alive, me, -1)
    left, right = lives[left_seat], lives[right_seat]
    weakest = min(others)
    hit_others = sum(_HIT_PRICE[x] for x in others)

    def hit(foes):
        return KNOCKOUT if min(foes) <= 1 else sum(_HIT_PRICE[x] for x in foes)

    dragon = sum(prob * (KNOCKOUT if weakest <= face else face * hit_others) for face, prob in die)
    heal = _LIFE_PRICE[life]
    dream = sum(prob * min(face, MAX_LIFE - life) * heal for face, prob in die)
    last = EMPTY_HAND if last_stone else 0.0
    success = [0.0, dragon, (KNOCKOUT if weakest <= 1 else hit_others) + heal * (life < MAX_LIFE), dream,
               SECRET * pool, hit([left] if left_seat == right_seat else [left, right]),
               hit([left]), hit([right]), heal * (life < MAX_LIFE)]
    success = [x + last for x in success]
    miss = SELF_KNOCKOUT if life <= 1 else _LIFE_PRICE[life - 1]
    dragon_miss = sum(prob * (SELF_KNOCKOUT if face >= life else face * _LIFE_PRICE[life - face])
                      for face, prob in die)
    return tuple(success), (0.0, dragon_miss) + (miss,) * 7


def test_the_prices_are_the_floats_of_the_one_piece_reference():
    from towerlib.abracada.bots import _prices_for
    rng = random.Random(23)
    for _ in range(20_000):
        players = rng.randint(2, 5)
        lives = tuple(rng.randint(0, 6) for _ in range(players))
        alive = tuple(rng.random() < 0.8 for _ in range(players))
        me = rng.randrange(players)
        alive = alive[:me] + (True,) + alive[me + 1:]
        if sum(alive) < 2:
            continue
        faces = rng.choice([(1, 1, 2, 2, 3, 3), (1, 2, 3, 4, 5, 6), (0,), (2, 9), (0, 0, 1, 6)])
        args = (me, lives, alive, faces, rng.random() < 0.3, rng.random() < 0.5)
        assert _prices_for(*args) == reference_prices(*args), args
