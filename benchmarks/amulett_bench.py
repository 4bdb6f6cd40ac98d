"""Das Amulett benchmark: random playouts, planner games, and the latency of the deduction meter.

Run: ``.venv/bin/python benchmarks/amulett_bench.py`` (optionally ``--games N --planner-games N
--queries N``). Prints medians over repeats, timed in CPU seconds of this process (the machine may be shared). Targets (issue 9, one core): >= 100,000 random
actions/s, planner >= 50 games/s, ``p_can_pay`` p95 <= 5 ms.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from towerlib.amulett import new_game
from towerlib.amulett.bots import make_bot
from towerlib.amulett.inference import p_can_pay
from towerlib.amulett.rules import AREA_IDS
from towerlib.core.bots import play


def random_playouts(games: int, seed: int) -> tuple[float, float]:
    """(actions/s, games/s) for 4-player games of uniformly random legal actions."""
    rng = random.Random(seed)
    actions = 0
    start = time.process_time()
    for i in range(games):
        g = new_game(players=4, seed=seed + i)
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[int(rng.random() * len(legal))])
            actions += 1
    wall = time.process_time() - start
    return actions / wall, games / wall


def planner_games(games: int, seed: int) -> float:
    """4-player games of one planner against three greedy bots, per second."""
    start = time.process_time()
    for i in range(games):
        names = ["planner", "greedy", "greedy", "greedy"]
        play(new_game(players=4, seed=seed + i), [make_bot(n, seed=seed + 4 * i + k) for k, n in enumerate(names)])
    return games / (time.process_time() - start)


def meter_latency(queries: int, seed: int) -> list[float]:
    """Seconds per ``p_can_pay`` call on views from the middle of greedy-bot games."""
    rng = random.Random(seed)
    views = []
    while len(views) < queries:
        g = new_game(players=4, seed=rng.randrange(10**9))
        bots = [make_bot("greedy", seed=k) for k in range(4)]
        stop = rng.randrange(40, 400)
        for _ in range(stop):
            if g.is_over:
                break
            seat = g.current_player
            g.apply(bots[seat].choose(g.view(seat, log=False)).action)
        if not g.is_over:
            seat = g.current_player
            views.append((g.view(seat, log=False), (seat + 1) % 4))
    times = []
    for view, rival in views:
        area, bid = rng.choice(AREA_IDS), rng.randint(1, 6)
        start = time.process_time()
        p_can_pay(view, rival, bid, area)
        times.append(time.process_time() - start)
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--planner-games", type=int, default=40)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    runs = [random_playouts(args.games, 1000 * r) for r in range(args.repeats)]
    print(f"random playouts: {statistics.median(a for a, _ in runs):,.0f} actions/s (target 100,000), "
          f"{statistics.median(g for _, g in runs):.1f} full 4-player games/s")
    rates = [planner_games(args.planner_games, 7000 + 100 * r) for r in range(args.repeats)]
    print(f"planner vs 3 greedy: {statistics.median(rates):.1f} games/s (target 50)")
    times = meter_latency(args.queries, 5)
    print(f"p_can_pay: median {statistics.median(times) * 1000:.3f} ms, p95 {percentile(times, 0.95) * 1000:.3f} ms "
          f"(target p95 <= 5 ms) over {len(times)} views")


if __name__ == "__main__":
    main()
