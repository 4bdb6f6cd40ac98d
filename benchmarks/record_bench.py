"""Class record load test: 30 simulated students writing to one record at once.

Run: ``.venv/bin/python benchmarks/record_bench.py`` (SQLite in a temporary folder), or with
``--url postgresql+psycopg://...`` against PostgreSQL; ``--writers N --seconds S --think MS``.

Each student is a separate process, as each student has a kernel of their own. It opens the store
(all at once, on a database none has created yet), then for ``--seconds`` writes what a busy
student's page writes (an exercise attempt, a page opened, a game, a batch of draws, the presence
heartbeat, in turn), pausing ``--think`` ms between writes (0: as fast as it can; a real class
writes far less often, a few times a minute per student). Reported: writes per second over the
whole class, per-write latency p50/p95/max (all writes, and after each student's first few, which
also connect and create the student's row), the time to open the store, and whether every write
is in the database afterwards (lost must be 0).
Target (issue #21.5): 30 writers, 0 lost, p95 well under the class page's 2-second refresh.
"""
from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import queue
import statistics
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from widgets.record import Experiment, Store  # noqa: E402

WARMUP = 5        # a student's first writes also open a connection and create their row
DIE = Experiment("bench.one_die", {v: Fraction(1, 6) for v in range(1, 7)})


class Teacher:
    teacher = True


def space(i: int) -> str:
    return hashlib.md5(f"bench-{i}".encode()).hexdigest()


def student(url: str, i: int, seconds: float, think: float, start, out) -> None:
    start.wait(120)
    t0 = time.perf_counter()
    store = Store(url)
    me = store.student(space(i))
    opened = time.perf_counter() - t0
    latencies, kinds = [], {"attempt": 0, "page": 0, "game": 0, "draw": 0}
    end = time.perf_counter() + seconds
    n = 0
    while time.perf_counter() < end:
        step = n % 5
        t = time.perf_counter()
        if step == 0:
            me.attempt("bench.ipynb", str(n), "q", str(n), n % 3 == 0, 1)
            kinds["attempt"] += 1
        elif step == 1:
            me.page_opened(f"bench{n}.ipynb")     # a visit and a heartbeat: one write each
            kinds["page"] += 1
        elif step == 2:
            me.game_played("bench", "won", n)
            kinds["game"] += 1
        elif step == 3:
            me.record_draws(DIE, [1 + n % 6, 2])
            kinds["draw"] += 2
        else:
            me.heartbeat("bench.ipynb")
        latencies.append(time.perf_counter() - t)
        n += 1
        if think:
            time.sleep(think)
    store.close()
    out.put((opened, latencies, kinds))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="database URL (default: SQLite in a new temporary folder)")
    parser.add_argument("--writers", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=0.0, help="ms each student waits between writes")
    args = parser.parse_args()
    url = args.url or f"sqlite:///{tempfile.mkdtemp(prefix='record-bench-')}/record.sqlite3"

    ctx = multiprocessing.get_context("fork")
    start, out = ctx.Barrier(args.writers), ctx.Queue()
    procs = [ctx.Process(target=student, args=(url, i, args.seconds, args.think / 1000, start, out))
             for i in range(args.writers)]
    for p in procs:
        p.start()
    results, deadline = [], time.monotonic() + args.seconds + 300
    while len(results) < len(procs) and time.monotonic() < deadline:
        try:
            results.append(out.get(timeout=1.0))
        except queue.Empty:
            if all(not p.is_alive() for p in procs) and out.empty():
                break
    for p in procs:
        p.join(10)
    failed = args.writers - len(results)
    if failed:
        print(f"FAILED: {failed} of {args.writers} students crashed or hung (see their tracebacks above)")
        sys.exit(1)
    opened = [r[0] for r in results]
    latencies = [x for r in results for x in r[1]]
    steady = [x for r in results for x in r[1][WARMUP:]]
    sent = {k: sum(r[2][k] for r in results) for k in results[0][2]}

    store = Store(url)
    counts = store.teacher(Teacher()).counts()
    stored = {"attempt": counts["attempt"], "page": counts["page_visit"], "game": counts["game_played"],
              "draw": sum(t.total for t in store.teacher(Teacher()).experiments())}
    store.close()
    lost = sum(sent[k] - stored[k] for k in sent)
    print(f"database: {Store.__module__} on {url.split(':')[0]}")
    print(f"writers: {args.writers}, {args.seconds:g} s each, think {args.think:g} ms")
    print(f"open store: median {statistics.median(opened) * 1000:.0f} ms, max {max(opened) * 1000:.0f} ms")
    print(f"writes: {len(latencies)} in {args.seconds:g} s = {len(latencies) / args.seconds:.0f} writes/s")
    for label, values in (("latency, all writes", latencies), (f"latency, after each student's first {WARMUP}", steady)):
        if values:
            print(f"{label}: p50 {percentile(values, 0.5) * 1000:.1f} ms, p95 {percentile(values, 0.95) * 1000:.1f} ms, "
                  f"max {max(values) * 1000:.1f} ms")
    print(f"sent {sent}, stored {stored}, lost {lost}")
    sys.exit(1 if lost else 0)


if __name__ == "__main__":
    main()
