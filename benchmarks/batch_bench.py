"""Batch simulator speed (issue #14.1-2): medians of several repeats, targets beside them.

    .venv/bin/python benchmarks/batch_bench.py [--repeats 3] [--scale 1.0]

``--scale 0.1`` runs a tenth of each workload (a quick look; the figures are per second, but
small runs pay numpy's fixed costs more). CPU seconds are ``time.process_time`` of this process,
so other work on a shared machine counts less; wall seconds are printed beside them. Each
repeat uses another seed. The EV policy's price table is filled as positions occur; the first
repeat pays for that, so the median shows the steady state a lesson sees after its first run.
"""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable

from towerlib.abracada import batch as abracada_batch
from towerlib.runes import batch as runes_batch


def timed(fn: Callable[[], object]) -> tuple[float, float]:
    c0, w0 = time.process_time(), time.perf_counter()
    fn()
    return time.process_time() - c0, time.perf_counter() - w0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args()
    r, s = args.repeats, args.scale

    def n(count: int) -> int:
        return max(1, int(count * s))

    # (label, work items, unit, function of a seed, target in seconds for the full-size count)
    jobs = [
        ("Abracada: 4-player rounds, random policy", n(1_000_000), "rounds",
         lambda seed: abracada_batch.simulate_rounds(n(1_000_000), 4, "random", seed=seed), "<= 10 s"),
        ("Abracada: 4-player rounds, EV policy", n(100_000), "rounds",
         lambda seed: abracada_batch.simulate_rounds(n(100_000), 4, "ev", seed=seed), "<= 10 s"),
        ("Abracada: 4-player rounds, counting policy", n(100_000), "rounds",
         lambda seed: abracada_batch.simulate_rounds(n(100_000), 4, "counting", seed=seed), ""),
        ("Abracada: 3-player games, random/counting/EV", n(10_000), "games",
         lambda seed: abracada_batch.simulate_games(n(10_000), 3, ["random", "counting", "ev"], seed=seed), ""),
        ("Runes: three-roll turns, keep the most common value", n(1_000_000), "turns",
         lambda seed: runes_batch.simulate_turns(n(1_000_000), "most_common", seed=seed), "<= 5 s"),
        ("Runes: three-roll turns, best holds for Quantum Death", n(1_000_000), "turns",
         lambda seed: runes_batch.simulate_turns(n(1_000_000), ("optimal", "quantum"), seed=seed), "<= 5 s"),
        ("Runes: duels, 15 health each", n(100_000), "duels",
         lambda seed: runes_batch.simulate_duels(n(100_000), "pyromancer", "necromancer", seed=seed), ""),
    ]
    # compile the policies once (tables are built on first use, like a lesson's first cell)
    runes_batch.hold_table(("optimal", "quantum"))
    rows = []
    for label, count, unit, fn, target in jobs:
        runs = [timed(lambda: fn(1000 + rep)) for rep in range(r)]
        cpu = statistics.median(c for c, _ in runs)
        wall = statistics.median(w for _, w in runs)
        rows.append((f"{label} ({count:,} {unit})", f"{cpu:.2f}", f"{wall:.2f}", f"{count / cpu:,.0f} {unit}/s", target))
    width = max(len(x[0]) for x in rows)
    print(f"median of {r} repeats, scale {s}; CPU seconds use time.process_time")
    print(f"{'workload':<{width}}  {'CPU s':>7}  {'wall s':>7}  {'rate (CPU)':>20}  target (full size)")
    for label, cpu, wall, rate, target in rows:
        print(f"{label:<{width}}  {cpu:>7}  {wall:>7}  {rate:>20}  {target}")


if __name__ == "__main__":
    main()
