"""SpellCaster benchmark: random playouts, planner games, contest tables and walk counts.

Run: ``.venv/bin/python benchmarks/spellcaster_bench.py`` (optionally ``--games N --planner N --queries N``).
Targets, on one core: >= 100,000 random-playout actions/s through the public loop a random player
uses (``rng.choice(game.legal_actions())`` then ``game.apply(action)``, 2 players, median of 5 on a
quiet machine), planner >= 50 games/s. The public loop is reported twice: wall-clock (the target's
own measure) and CPU time per action (``time.process_time``), which a busy shared machine inflates
less, so two versions can be compared on one. The other figures are medians over ``--repeats``
runs of CPU time.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from towerlib.core.bots import play
from towerlib.spellcaster import new_game, probability
from towerlib.spellcaster.bots import make_bot
from towerlib.spellcaster.data import ELEMENTS, POINT_NAMES


def public_loop(games: int, seed: int) -> tuple[int, float, float]:
    """(actions, wall seconds, cpu seconds) for ``games`` 2-player games played the way a random
    player plays: a uniform choice from ``legal_actions()`` handed to ``apply``."""
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        game = new_game(2, seed=seed + i)
        rng = random.Random(seed + i)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
    return actions, time.perf_counter() - wall, time.process_time() - cpu


def random_playouts(games: int, seed: int) -> tuple[int, float]:
    """(actions, cpu seconds) for ``games`` 2-player games of uniformly random legal actions."""
    actions = 0
    start = time.process_time()
    for i in range(games):
        game = new_game(2, seed=seed + i)
        rng = random.Random(seed + i)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[int(rng.random() * len(legal))])
            actions += 1
    return actions, time.process_time() - start


def planner_games(games: int, seed: int) -> float:
    """CPU seconds for ``games`` 2-player planner-vs-planner games."""
    start = time.process_time()
    for i in range(games):
        play(new_game(2, seed=seed + i), [make_bot("planner", seed=i), make_bot("planner", seed=i + 1)])
    return time.process_time() - start


def contest_queries(count: int, seed: int) -> float:
    """CPU seconds per contest-table query (cache cleared first, so each pair is computed once)."""
    probability.contest_table.cache_clear()
    rng = random.Random(seed)
    pairs = [(rng.randrange(13), rng.randrange(13)) for _ in range(count)]
    start = time.process_time()
    for c, o in pairs:
        probability.contest_table(c, o)
        probability.locked_chain(c, o)
    return (time.process_time() - start) / count


def walk_queries(count: int, seed: int) -> float:
    """CPU seconds per walk-count query: a random Motion sequence of 1-3 cards, all routes counted."""
    rng = random.Random(seed)
    seqs = [[f"{rng.choice(ELEMENTS)}{rng.choice((1, 3, 5))}" for _ in range(rng.randint(1, 3))] for _ in range(count)]
    starts = [rng.choice(POINT_NAMES) for _ in range(count)]
    start = time.process_time()
    for seq, p in zip(seqs, starts):
        probability.sequence_walks(seq)
        probability.reach(p, seq, ("C", "cF"))
    return (time.process_time() - start) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random playouts per repeat")
    parser.add_argument("--planner", type=int, default=10, help="planner games per repeat")
    parser.add_argument("--queries", type=int, default=300, help="contest and walk queries per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--loop-repeats", type=int, default=5, help="public-loop runs (the median is reported)")
    args = parser.parse_args()
    med = statistics.median
    loop_rates, loop_cpu = [], []
    for r in range(args.loop_repeats):
        actions, wall, cpu = public_loop(args.games, seed=1000 * r)
        loop_rates.append(actions / wall)
        loop_cpu.append(cpu / actions)
    print(f"public loop:          {med(loop_rates):,.0f} actions/s wall, {med(loop_cpu) * 1e6:.2f} us CPU per action "
          f"({1 / med(loop_cpu):,.0f} actions/s of CPU), median of {args.loop_repeats}   (target >= 100,000)")
    rates, game_rates, planner_rates, contest, walks = [], [], [], [], []
    for r in range(args.repeats):
        actions, cpu = random_playouts(args.games, seed=1000 * r)
        rates.append(actions / cpu)
        game_rates.append(args.games / cpu)
        planner_rates.append(args.planner / planner_games(args.planner, seed=1000 * r))
        contest.append(contest_queries(args.queries, seed=r))
        walks.append(walk_queries(args.queries, seed=r))
    print(f"random playouts:      {med(rates):,.0f} actions/s of CPU (index from rng.random())")
    print(f"random 2-player games: {med(game_rates):,.1f} games/s")
    print(f"planner vs planner:   {med(planner_rates):,.1f} games/s   (target >= 50)")
    print(f"contest table + locked chain: {med(contest) * 1e6:,.1f} us per query")
    print(f"walk counts + reach:  {med(walks) * 1e6:,.1f} us per query")


if __name__ == "__main__":
    main()
