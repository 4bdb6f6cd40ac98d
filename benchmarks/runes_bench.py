"""Spell Runes benchmark: exact-odds tables, best_hold latency, icepool on the same queries, game throughput.

Run: ``.venv/bin/python benchmarks/runes_bench.py`` (optionally ``--queries N --games N``).
Targets (issue 5): table build <= 1 s, best_hold <= 5 ms per query after the build.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from fractions import Fraction

from towerlib.runes import new_game, probability
from towerlib.runes.dice import SPELLS, allows, sub_multisets
from towerlib.runes.bots import PlannerBot


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def bench_tables() -> float:
    probability.clear_tables()
    start = time.perf_counter()
    probability.build_tables(rolls=4)          # every spell, up to 4 rolls (Orb of Insight)
    return time.perf_counter() - start


def queries(count: int, seed: int, rolls: tuple[int, ...]) -> list[tuple[tuple[int, ...], str, int]]:
    rng = random.Random(seed)
    return [(tuple(rng.randint(1, 6) for _ in range(5)), rng.choice(SPELLS), rng.choice(rolls))
            for _ in range(count)]


def time_each(fn, items) -> tuple[list[float], list]:
    times, results = [], []
    for item in items:
        start = time.perf_counter()
        results.append(fn(*item))
        times.append(time.perf_counter() - start)
    return times, results


def icepool_best_hold(dice: tuple[int, ...], spell: str, rolls_left: int) -> tuple[tuple[int, ...], Fraction]:
    """The same query answered with icepool: each hold's chance from an icepool pool (1 re-roll left)."""
    import icepool
    best: tuple[Fraction, int, tuple[int, ...]] | None = None
    for held in sub_multisets(dice):
        k = 5 - len(held)
        if k == 0:
            p = Fraction(int(allows(held, spell)))
        else:
            p = icepool.d6.pool(k).expand().map(lambda t, h=held: allows(h + t, spell)).probability(True)
        key = (p, len(held), held)
        if best is None or key >= best:
            best = key
    return best[2], best[0]


def bench_games(count: int) -> tuple[float, int]:
    start, actions = time.perf_counter(), 0
    for seed in range(count):
        game = new_game(players=4, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
    return time.perf_counter() - start, actions


def bench_planner(count: int) -> list[float]:
    times = []
    for seed in range(count):
        game, bot = new_game(players=3, seed=seed), PlannerBot()
        while not game.is_over:
            view = game.view(game.current_player, log=False)
            start = time.perf_counter()
            choice = bot.choose(view)
            times.append(time.perf_counter() - start)
            game.apply(choice.action)
    return times


def bench_views(count: int, repeats: int = 5) -> tuple[float, int]:
    """View-heavy work (issue 19 item 2): random 4-player games that build every seat's view,
    log included, after each action. Returns the median time of ``repeats`` runs and the views built."""
    runs, views = [], 0
    for _ in range(repeats):
        start, views = time.perf_counter(), 0
        for seed in range(count):
            game = new_game(players=4, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                for seat in range(game.players):
                    game.view(seat)
                    views += 1
                game.apply(rng.choice(game.legal_actions()))
        runs.append(time.perf_counter() - start)
    return statistics.median(runs), views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--queries", type=int, default=2000)
    parser.add_argument("--icepool-queries", type=int, default=200)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--view-games", type=int, default=20)
    args = parser.parse_args()

    build = bench_tables()
    print(f"table build (8 spells x 4 rolls, one time): {ms(build)}  [target <= 1000 ms]")

    qs = queries(args.queries, 1, (0, 1, 2, 3))
    times, _ = time_each(probability.best_hold, qs)
    print(f"best_hold, {len(qs)} queries (0-3 re-rolls left): median {ms(statistics.median(times))}, "
          f"p95 {ms(percentile(times, 0.95))}, max {ms(max(times))}  [target <= 5 ms]")

    try:
        import icepool  # noqa: F401
    except ImportError:
        print("icepool: not installed; skipped")
    else:
        same = queries(args.icepool_queries, 2, (1,))
        ours, our_results = time_each(probability.best_hold, same)
        theirs, their_results = time_each(icepool_best_hold, same)
        agree = sum(a[1] == b[1] for a, b in zip(our_results, their_results))
        print(f"same {len(same)} queries with 1 re-roll left: towerlib median {ms(statistics.median(ours))} "
              f"p95 {ms(percentile(ours, 0.95))}; icepool median {ms(statistics.median(theirs))} "
              f"p95 {ms(percentile(theirs, 0.95))}; chances agree on {agree}/{len(same)}")
        roll_ours, roll_theirs = [], []
        for spell in SPELLS:
            start = time.perf_counter()
            p = probability.p_roll(spell)
            roll_ours.append(time.perf_counter() - start)
            start = time.perf_counter()
            q = icepool.d6.pool(5).expand().map(lambda t, s=spell: allows(t, s)).probability(True)
            roll_theirs.append(time.perf_counter() - start)
            assert p == q, spell
        print(f"p_roll for 8 spells: towerlib total {ms(sum(roll_ours))}, icepool total {ms(sum(roll_theirs))}; "
              f"all 8 equal")
        five = probability.p_within("quantum", 3)
        print(f"p_within('quantum', 3) = {five} = {float(five):.6f}  (published 2,783,176 / 60,466,176)")

    elapsed, actions = bench_games(args.games)
    print(f"random 4-player games: {args.games} in {elapsed:.2f} s = {args.games / elapsed:.1f} games/s, "
          f"{actions / elapsed:,.0f} actions/s, {actions / args.games:.0f} actions/game")
    median, views = bench_views(args.view_games)
    print(f"view-heavy random 4-player games (every seat's view after each action): {args.view_games} games, "
          f"median of 5 runs {median:.2f} s, {views / median:,.0f} views/s")
    planner = bench_planner(10)
    print(f"planner decision: median {ms(statistics.median(planner))}, p95 {ms(percentile(planner, 0.95))}")


if __name__ == "__main__":
    main()
