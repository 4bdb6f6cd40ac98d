"""Abracada speed figures, each the median of several repeats, with the targets beside them.

    .venv/bin/python benchmarks/abracada_bench.py [--repeats 5] [--games 300]

Times are CPU seconds of this process (``time.process_time``), so other work on a shared
machine does not count against us; wall-clock games/s are printed beside them.

* engine playouts: uniformly random legal actions applied straight through the engine
  protocol (``legal_actions`` + ``apply``), no views: what the engine itself costs;
* RandomBot games: ``towerlib.core.bots.play`` with four ``RandomBot``s, so each action also
  builds the view fields the bot lists (its legal actions) and plays the text it chose;
* EV-bot games: ``play`` with four ``EVBot``s (each reads 9 of the view's 29 fields);
* ``deduce`` latency: positions met in real 4-player games, each timed once with every cache
  cleared first (a cold computation: ``position`` from the view plus the distribution and its
  eight hold chances, which is all a bot asks for).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any, Callable

from towerlib.abracada import new_game
from towerlib.abracada.bots import EVBot, RandomBot
from towerlib.abracada.deduction import clear_cache, deduce
from towerlib.core.bots import play


def timed(fn: Callable[[], int]) -> tuple[float, float, int]:
    """(cpu seconds, wall seconds, count returned by fn)."""
    c0, w0 = time.process_time(), time.perf_counter()
    count = fn()
    return time.process_time() - c0, time.perf_counter() - w0, count


def engine_playouts(games: int, seed: int) -> int:
    actions = 0
    for g in range(games):
        game = new_game(4, seed=seed + g)
        rnd = random.Random(seed + g).random
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[int(rnd() * len(legal))])
        actions += len(game.history)
    return actions


def bot_games(factory: Callable[[int], Any], games: int, seed: int) -> int:
    actions = 0
    for g in range(games):
        game = new_game(4, seed=seed + g)
        play(game, [factory(seed + 4 * g + i) for i in range(4)])
        actions += len(game.history)
    return actions


def deduce_latencies(positions: int, seed: int) -> list[float]:
    """Cold ``deduce`` times in seconds for ``positions`` views from real EV-bot games."""
    views = []
    g = 0
    while len(views) < positions:
        game = new_game(4, seed=seed + g)
        bots = [EVBot() for _ in range(4)]
        while not game.is_over and len(views) < positions:
            seat = game.current_player
            view = game.view(seat, log=False)
            if game.phase == "play":
                views.append(view)
            game.apply(bots[seat].choose(view).action)
        g += 1
    out = []
    for view in views:
        clear_cache()
        t = time.process_time()
        deduce(view).hold_chances()
        out.append(time.process_time() - t)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()
    n, r = args.games, args.repeats

    rows = []

    def measure(label: str, fn: Callable[[int], int], action_target: str, game_target: str) -> None:
        # each repeat plays other games, so no repeat finds the previous one's positions cached
        runs = [timed(lambda: fn(100_000 * rep)) for rep in range(r)]
        for unit, count, target in (("actions/s", lambda a: a, action_target), ("games/s", lambda a: n, game_target)):
            cpu = statistics.median(count(a) / c for c, _, a in runs)
            wall = statistics.median(count(a) / w for _, w, a in runs)
            rows.append((f"{label}: {unit}", f"{cpu:,.0f}", f"{wall:,.0f}", target))

    measure("engine playouts (random legal actions)", lambda seed: engine_playouts(n, seed), ">= 300,000", ">= 1,000")
    measure("4 RandomBots via play()", lambda seed: bot_games(RandomBot, n, seed), "", ">= 1,000")
    measure("4 EVBots via play()", lambda seed: bot_games(EVBot, n, seed), "", ">= 1,000")

    lat = [deduce_latencies(args.positions, 100_000 * rep) for rep in range(r)]
    med = statistics.median(statistics.median(x) for x in lat) * 1e3
    p95 = statistics.median(statistics.quantiles(x, n=20)[-1] for x in lat) * 1e3
    worst = statistics.median(max(x) for x in lat) * 1e3
    rows.append((f"deduce, cold, {args.positions} real positions: median ms", f"{med:.3f}", "", ""))
    rows.append(("deduce, cold: p95 ms", f"{p95:.3f}", "", "<= 1 ms"))
    rows.append(("deduce, cold: max ms", f"{worst:.3f}", "", ""))

    width = max(len(x[0]) for x in rows)
    print(f"median of {r} repeats, {n} four-player games each; CPU figures use time.process_time")
    print(f"{'figure':<{width}}  {'CPU':>10}  {'wall':>10}  target")
    for label, cpu, wall, target in rows:
        print(f"{label:<{width}}  {cpu:>10}  {wall:>10}  {target}")


if __name__ == "__main__":
    main()
