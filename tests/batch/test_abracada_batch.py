"""towerlib.abracada.batch against the reference engine.

Two kinds of agreement:

* exact: on fixed deals where nothing is left to chance (a one-faced die, a secret pool of four
  equal stones) the counting and EV policies are deterministic, so every batch copy of the round
  must equal the engine played by CountingBot / EVBot, field by field;
* in distribution: from fresh deals (default die) the batch's outcome frequencies and means must
  agree with the engine's within 4 standard errors of the difference (seeds fixed, so the test
  is repeatable; with ~40 comparisons a false alarm at 4 SE has probability ~0.3%).
"""
from __future__ import annotations

import math
import random

import numpy as np
import pytest

from towerlib.abracada import batch, new_game
from towerlib.abracada import rules as R
from towerlib.abracada.bots import make_bot
from towerlib.core.errors import InvalidOption

FIELDS = ("reason", "winner", "loser", "ender", "end_spell", "points", "lives", "life_lost", "secrets",
          "actions", "turns", "first_spell", "first_hit")


def engine_round(game, choose) -> dict:
    """Play ``game``'s current round to its end with ``choose(game) -> action``; the batch's record of it."""
    n = game.players
    actions = turns = 0
    lost = [0] * n
    start = len(game.events)
    last = first = None
    while game.phase == "play":
        turns += game.chain == 0
        last = (game.current, choose(game))
        if first is None:
            value = int(str(last[1]).split()[1]) if str(last[1]).startswith("cast") else 0
            first = (value, value > 0 and value in game.hands[game.current])
        game.apply(last[1])
        actions += 1
    for e in game.events[start:]:
        if e.kind == "life" and e.data["cause"] != "empty_hand" and e.data["change"] < 0:
            lost[e.seat] -= e.data["change"]
    res = game.result
    none = lambda x: -1 if x is None else x  # noqa: E731
    return {"reason": batch.REASONS.index(res["reason"]), "winner": none(res["winner"]),
            "loser": none(res["loser"]), "ender": last[0], "end_spell": int(str(last[1]).split()[1]),
            "points": res["points"], "lives": res["lives"], "life_lost": lost,
            "secrets": [len(s) for s in res["secrets"]], "actions": actions, "turns": turns,
            "first_spell": first[0], "first_hit": first[1]}


def bot_chooser(policy: str, n: int, seed: int = 0):
    bots = [make_bot(policy, seed=seed + i) for i in range(n)]
    return lambda game: bots[game.current].choose(game.view(game.current, log=False)).action


def random_chooser(seed: int):
    rnd = random.Random(seed).random

    def choose(game):
        legal = game.legal_actions()
        return legal[int(rnd() * len(legal))]
    return choose


def batch_row(res: batch.RoundResults, i: int) -> dict:
    return {f: getattr(res, f)[i].tolist() for f in FIELDS}


def settled_deal(rng: random.Random, n: int) -> dict:
    """A random deal whose secret pool is four equal stones, so Night Singer takes no chance."""
    value = rng.choice([5, 6, 7, 8])
    stones = list(R.ALL_STONES)
    for _ in range(R.SECRET_STONES):
        stones.remove(value)
    rng.shuffle(stones)
    k = R.HAND_SIZE * n
    removed = stones[k:k + R.REMOVED_FACE_UP[n]]
    return {"hands": [stones[i:i + R.HAND_SIZE] for i in range(0, k, R.HAND_SIZE)], "removed": removed,
            "secret": [value] * R.SECRET_STONES, "pile": stones[k + len(removed):]}


EXACT_CASES = [
    ("counting", 4, {}),
    ("ev", 4, {}),
    ("ev", 2, {}),
    ("counting", 3, {"secret_stone_visibility": "public"}),
    ("ev", 5, {"easy": True}),
    ("ev", 3, {"last_standing": True, "dark_wanderer_hits_caster": True}),
    ("counting", 4, {"last_standing": True}),
    ("counting", 4, {"lower_declaration": "auto_callout", "empty_and_ko_precedence": "empty",
                     "dark_wanderer_hits_caster": True, "first_player": 2}),
]


@pytest.mark.parametrize("policy,players,options", EXACT_CASES)
def test_exactly_the_engine_on_settled_deals(policy, players, options):
    rng = random.Random(f"{policy}{players}{sorted(options.items())}")
    for t in range(40):
        deal = settled_deal(rng, players)
        opts = dict(options, die_faces=(2,))
        want = engine_round(new_game(players, seed=t, deal=deal, **opts), bot_chooser(policy, players))
        got = batch.simulate_position(new_game(players, seed=t, deal=deal, **opts), 3, policy, seed=t)
        for i in range(3):
            assert batch_row(got, i) == want, (t, deal)


@pytest.mark.parametrize("policy,players,options", [
    ("ev", 4, {}),
    ("ev", 5, {"last_standing": True}),                 # positions with seats already knocked out
    ("counting", 3, {"easy": True, "secret_stone_visibility": "public"}),
])
def test_exactly_the_engine_from_the_middle_of_a_round(policy, players, options):
    rng = random.Random(5)
    dead = 0
    for t in range(30):
        deal = settled_deal(rng, players)
        game = new_game(players, seed=t, deal=deal, die_faces=(3,), **options)
        choose = bot_chooser(policy, players)
        for _ in range(rng.randrange(1, 30)):
            if game.phase != "play":
                break
            game.apply(choose(game))
        if game.phase != "play":
            continue
        dead += not all(game.alive)
        got = batch.simulate_position(game, 2, policy, seed=t)
        mid_turn = game.chain > 0                         # the batch counts the turn under way as one
        want = engine_round(game, choose)                 # actions, turns and life lost from here on
        want["turns"] += mid_turn
        assert batch_row(got, 0) == want == batch_row(got, 1), (t, deal)
    assert dead or not options.get("last_standing")


# ----- agreement in distribution ----------------------------------------------------------------------
def close_proportions(a: np.ndarray, b: np.ndarray, what: str, sigmas: float = 4.0) -> None:
    """Every category's frequency in ``a`` and ``b`` (integer codes) within ``sigmas`` SE."""
    for k in sorted(set(a.tolist()) | set(b.tolist())):
        pa, pb = (a == k).mean(), (b == k).mean()
        p = (pa * len(a) + pb * len(b)) / (len(a) + len(b))
        se = math.sqrt(max(p * (1 - p), 1 / len(a)) * (1 / len(a) + 1 / len(b)))
        assert abs(pa - pb) <= sigmas * se, f"{what}={k}: engine {pa:.4f} batch {pb:.4f} (SE {se:.4f})"


def close_means(a: np.ndarray, b: np.ndarray, what: str, sigmas: float = 4.0) -> None:
    se = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    assert abs(a.mean() - b.mean()) <= sigmas * se, f"{what}: engine {a.mean():.4f} batch {b.mean():.4f} (SE {se:.4f})"


def compare(engine_rows: list[dict], res: batch.RoundResults, players: int) -> None:
    e = {f: np.array([r[f] for r in engine_rows]) for f in FIELDS}
    for f in ("reason", "winner", "loser", "end_spell", "first_spell", "first_hit"):
        close_proportions(e[f], getattr(res, f), f)
    close_means(e["actions"], res.actions, "actions")
    close_means(e["turns"], res.turns, "turns")
    for q in range(players):
        for f in ("points", "life_lost", "lives", "secrets"):
            close_means(e[f][:, q], getattr(res, f)[:, q], f"{f}[{q}]")


DIST_CASES = [
    ("random", 4, {}, 3000),
    ("random", 2, {}, 2000),
    ("random", 3, {"last_standing": True}, 2000),
    ("random", 5, {"lower_declaration": "auto_callout", "die_faces": R.D6}, 2000),
    pytest.param("counting", 4, {}, 1500, marks=pytest.mark.slow),     # bots through views: ~10 s each
    pytest.param("ev", 3, {}, 1000, marks=pytest.mark.slow),
]


@pytest.mark.parametrize("policy,players,options,rounds", DIST_CASES)
def test_same_outcome_distribution_as_the_engine(policy, players, options, rounds):
    rows = []
    for s in range(rounds):
        game = new_game(players, seed=s, **options)
        choose = random_chooser(s) if policy == "random" else bot_chooser(policy, players, s)
        rows.append(engine_round(game, choose))
    res = batch.simulate_rounds(50_000, players, policy, seed=11, **options)
    compare(rows, res, players)


def test_a_random_first_cast_hits_with_the_hypergeometric_chance():
    """Lesson 5's coin of known bias: from a fresh deal the random first declaration of value v
    finds one of the v copies in a hand of 5 of the 36 stones with chance 1 - C(36-v, 5)/C(36, 5),
    however many players (the face-up removal of 2-3 players does not change a hand's law)."""
    for players, seed in ((4, 21), (2, 22)):
        res = batch.simulate_rounds(80_000, players, "random", seed=seed)
        assert set(np.unique(res.first_spell).tolist()) == set(range(1, 9))     # a first cast is never "end"
        for v in range(1, 9):
            took = res.first_spell == v
            exact = 1 - math.comb(36 - v, 5) / math.comb(36, 5)
            se = math.sqrt(exact * (1 - exact) / took.sum())
            assert abs(res.first_hit[took].mean() - exact) <= 4 * se, (players, v)
            assert abs(took.mean() - 1 / 8) <= 4 * math.sqrt(1 / 8 * 7 / 8 / len(res))


@pytest.mark.slow          # one of the quick loop's slowest (scripts/test --quick); CI runs it
@pytest.mark.parametrize("players,options", [(3, {}), (4, {"last_standing": True, "new_round_starter": "same"})])
def test_whole_games_agree_with_the_engine(players, options):
    games = 400
    engine_rounds, engine_wins, engine_scores = [], np.zeros(players), []
    for s in range(games):
        game = new_game(players, seed=s, **options)
        choose = random_chooser(s)
        while not game.is_over:
            if game.phase == "round_over":
                game.apply("next round")
            else:
                game.apply(choose(game))
        engine_rounds.append(game.round_no)
        engine_scores.append(game.scores)
        for w in game.winners:
            engine_wins[w] += 1
    res = batch.simulate_games(20_000, players, "random", seed=3, **options)
    close_means(np.array(engine_rounds), res.rounds, "rounds")
    assert (res.scores.max(axis=1) == R.WINNING_SCORE).all()
    assert res.winners.any(axis=1).all()
    assert (res.scores[res.winners] == R.WINNING_SCORE).all()
    for q in range(players):
        p_e = engine_wins[q] / games
        p_b = res.winners[:, q].mean()
        se = math.sqrt(p_b * (1 - p_b) * (1 / games + 1 / len(res)))
        assert abs(p_e - p_b) <= 4 * se, (q, p_e, p_b)
        close_means(np.array(engine_scores)[:, q], res.scores[:, q], f"score[{q}]")


# ----- set-ups, options and errors ------------------------------------------------------------------
def test_fresh_rounds_are_fresh_and_seeded():
    a = batch.simulate_rounds(2000, 4, "random", seed=9)
    b = batch.simulate_rounds(2000, 4, "random", seed=9)
    c = batch.simulate_rounds(2000, 4, "random", seed=10)
    assert all((getattr(a, f) == getattr(b, f)).all() for f in FIELDS)
    assert not all((getattr(a, f) == getattr(c, f)).all() for f in FIELDS)
    # chunks change nothing but the order the random numbers are used in: same distribution
    d = batch.simulate_rounds(2000, 4, "random", seed=9, chunk=300)
    assert len(d) == 2000 and set(d.reason.tolist()) <= set(range(len(batch.REASONS)))


def test_mixed_policies_and_thresholds():
    res = batch.simulate_rounds(20_000, 4, ["random", "counting", batch.Policy("counting", 0.9), "ev"], seed=4)
    wins = res.win_counts()
    assert wins[3] > wins[0] and wins[1] > wins[0]     # anything beats the random bot
    assert res.reason_counts()["last_standing"] == 0


def test_position_copies_and_reshuffle():
    deal = settled_deal(random.Random(2), 4)
    game = new_game(4, seed=1, deal=deal, die_faces=(2,))
    same = batch.simulate_position(game, 50, "counting", seed=1)
    assert (same.actions == same.actions[0]).all()
    mixed = batch.simulate_position(game, 400, "counting", seed=1, reshuffle_hidden=True)
    assert len(set(mixed.actions.tolist())) > 1        # the pile order now varies
    assert game.to_json() == new_game(4, seed=1, deal=deal, die_faces=(2,)).to_json()   # untouched


@pytest.mark.parametrize("call", [
    lambda: batch.simulate_rounds(10, 4, "random", no_such_option=True),
    lambda: batch.simulate_rounds(10, 4, "random", easy="yes"),
    lambda: batch.simulate_rounds(10, 4, "random", first_player=4),
    lambda: batch.simulate_rounds(10, 6, "random"),
    lambda: batch.simulate_rounds(10, 4, "clever"),
    lambda: batch.simulate_rounds(10, 4, ["random"] * 3),
    lambda: batch.simulate_rounds(10, 4, 42),
    lambda: batch.simulate_rounds(10, 4, batch.Policy("counting", 1.5)),
    lambda: batch.simulate_rounds(0, 4),
    lambda: batch.simulate_rounds(True, 4),
    lambda: batch.simulate_games(10, 4, chunk=0),
    lambda: batch.simulate_position("not a game", 10),
])
def test_bad_input_raises_invalid_option(call):
    with pytest.raises(InvalidOption):
        call()


def test_position_must_be_in_play():
    game = new_game(2, seed=3)
    choose = random_chooser(3)
    while game.phase == "play":
        game.apply(choose(game))
    saved = game.to_json()
    with pytest.raises(InvalidOption):
        batch.simulate_position(game, 10)
    assert game.to_json() == saved


def test_points_follow_the_scoring_rules():
    res = batch.simulate_rounds(20_000, 4, "random", seed=8)
    ko = res.reason == batch.KNOCKOUT
    rows = np.arange(len(res))
    alive = res.lives > 0
    # rule 24: the winner 3, other survivors 1, each survivor + its secret stones; knocked out 0
    expect = alive * (1 + res.secrets)
    expect[rows[ko], res.winner[ko]] = 3 + res.secrets[rows[ko], res.winner[ko]]
    assert (res.points[ko] == expect[ko]).all()
    assert (res.points[~alive] == 0).all()
    empty = res.reason == batch.EMPTY_HAND
    assert (alive[empty].sum(axis=1) == 1).all()         # rule 26: the others' lives are set to 0
    assert (res.life_lost >= 0).all() and (res.turns >= 1).all() and (res.actions >= res.turns).all()


@pytest.mark.slow          # one of the quick loop's slowest (scripts/test --quick); CI runs it
def test_tournaments_rotate_seats_like_the_lesson():
    from towerlib.core.bots import play

    policies = ["random", "counting", "ev"]
    games = 240
    engine_wins = np.zeros(3)
    for g in range(games):                  # widgets.lessons.Tournament: seat s holds entry (s + g) % n
        seating = [(s + g) % 3 for s in range(3)]
        game = new_game(3, seed=g)
        outcome = play(game, [make_bot(policies[k], seed=g * 10 + s) for s, k in enumerate(seating)])
        for w in outcome.winners:
            engine_wins[seating[w]] += 1
    res = batch.simulate_tournament(30_000, policies, seed=np.random.default_rng(6), first_game=1)
    assert (res.winners.any(axis=1)).all()
    for k in range(3):
        p = res.winners[:, k].mean()
        se = math.sqrt(max(p * (1 - p), 1 / games) * (1 / games + 1 / len(res)))
        assert abs(engine_wins[k] / games - p) <= 4 * se, (policies[k], engine_wins[k] / games, p)
    # game 1 seats policies 1, 2, 0 in seats 0, 1, 2: the same game as simulate_games with that seating
    for seed in range(5):
        one = batch.simulate_tournament(1, policies, seed=seed, first_game=1)
        same = batch.simulate_games(1, 3, ["counting", "ev", "random"], seed=seed)
        assert (one.winners[0, [1, 2, 0]] == same.winners[0]).all()
        assert (one.scores[0, [1, 2, 0]] == same.scores[0]).all() and one.rounds[0] == same.rounds[0]


def test_exactly_the_engine_with_mixed_seats_and_thresholds():
    from towerlib.abracada.bots import CountingBot, EVBot

    policies = ["ev", batch.Policy("counting", 0.3), "counting", batch.Policy("counting", 0.9)]
    rng = random.Random(12)
    for t in range(40):
        deal = settled_deal(rng, 4)
        bots = [EVBot(), CountingBot(threshold=0.3), CountingBot(), CountingBot(threshold=0.9)]
        choose = lambda game: bots[game.current].choose(game.view(game.current, log=False)).action  # noqa: E731
        want = engine_round(new_game(4, seed=t, deal=deal, die_faces=(1,), first_player=t % 4), choose)
        got = batch.simulate_position(new_game(4, seed=t, deal=deal, die_faces=(1,), first_player=t % 4), 2,
                                      policies, seed=t)
        assert batch_row(got, 0) == want == batch_row(got, 1), (t, deal)
