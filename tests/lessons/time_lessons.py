"""Time each lesson's kernel execution, cell by cell (issue #13.2: nothing heavy while a page renders).

    .venv/bin/python tests/lessons/time_lessons.py [notebook ...]    # default: every lesson of every game

Runs each notebook top to bottom in a fresh ``python3`` kernel (nbclient, one at a time) and prints
the total kernel execution time (first cell sent to last reply, kernel start-up excluded), the
kernel's CPU time over the same cells (user + system, read from /proc: far steadier than wall time
on a shared machine) and the cells slower than ``--slow`` seconds of wall time, from nbclient's own
per-cell timestamps, with each one's CPU seconds. ``--repeat N`` keeps each notebook's fastest of
N runs. ``--warm`` first runs the warm-up of the classroom server's kernel pool (widgets/warmpool.py:
every lesson's imports, done before the page is asked for) and leaves it out of the figures, so they
show what a lesson costs in a warm kernel. A script, not a test: timings belong in reports and
benchmarks, never in assertions.
"""
from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def lessons() -> list[Path]:
    return sorted(p for p in (REPO / "notebooks").rglob("[0-9][0-9]_*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _stamp(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _cpu(client) -> float:
    """CPU seconds (user + system) the kernel process has used so far."""
    import os

    fields = open(f"/proc/{client.km.provisioner.process.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_notebook(path: Path, warm: bool = False) -> tuple[float, float, list[tuple[int, float, float, str]], str | None]:
    """(seconds of kernel execution, CPU seconds, [(cell index, seconds, CPU seconds, first line)], error);
    with ``warm``, after the warm pool's imports (not counted; cell indices stay the notebook's)."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    skip = 0
    if warm:
        from widgets.warmpool import WARM_IMPORTS, warm_up_code

        nb.cells.insert(0, nbformat.v4.new_code_cell(warm_up_code(WARM_IMPORTS)))
        skip = 1
    cpu: dict[int, list[float]] = {}
    client = NotebookClient(nb, timeout=600, kernel_name="python3", record_timing=True,
                            resources={"metadata": {"path": str(path.parent)}})
    client.on_cell_start = lambda cell, cell_index: cpu.setdefault(cell_index, [_cpu(client)])
    client.on_cell_executed = lambda cell, cell_index, execute_reply: cpu[cell_index].append(_cpu(client))
    error = None
    try:
        client.execute()
    except Exception as err:  # report it and go on with the other notebooks
        error = f"{type(err).__name__}: {str(err)[-300:]}"
    cells, first, last = [], None, None
    for i, cell in enumerate(nb.cells):
        if i < skip:
            continue
        timing = cell.get("metadata", {}).get("execution", {})
        if "iopub.execute_input" in timing and "shell.execute_reply" in timing:
            a, b = _stamp(timing["iopub.execute_input"]), _stamp(timing["shell.execute_reply"])
            first = a if first is None else min(first, a)
            last = b if last is None else max(last, b)
            line = next((s for s in cell.source.splitlines() if s.strip() and not s.startswith("#")), "")
            used = cpu[i][-1] - cpu[i][0] if len(cpu.get(i, ())) == 2 else float("nan")
            cells.append((i - skip, (b - a).total_seconds(), used, line[:70]))
    total = (last - first).total_seconds() if first else float("nan")
    spans = [v for i, v in cpu.items() if len(v) == 2 and i >= skip]
    total_cpu = max(v[1] for v in spans) - min(v[0] for v in spans) if spans else float("nan")
    return total, total_cpu, cells, error


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--slow", type=float, default=0.5, help="list cells slower than this (seconds)")
    parser.add_argument("--json", type=Path, help="also write the timings here")
    parser.add_argument("--repeat", type=int, default=1, help="runs per notebook; the fastest (by CPU) is kept")
    parser.add_argument("--warm", action="store_true", help="time each lesson in a warm kernel (widgets/warmpool.py)")
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.notebooks] or lessons()
    report = {}
    for path in paths:
        runs = [time_notebook(path, args.warm) for _ in range(max(1, args.repeat))]
        total, total_cpu, cells, error = min(runs, key=lambda r: r[1])
        name = str(path.relative_to(REPO / "notebooks")) if REPO / "notebooks" in path.parents else str(path)
        slow = sorted((c for c in cells if c[1] > args.slow), key=lambda c: -c[1])
        report[name] = {"seconds": total, "cpu": total_cpu, "slow": slow, "error": error,
                        "runs": [[r[0], r[1]] for r in runs]}
        print(f"{name:45s} {total:6.2f} s wall {total_cpu:6.2f} s CPU" + (f"  ERROR {error}" if error else ""),
              flush=True)
        for i, seconds, used, line in slow:
            print(f"    cell {i:2d} {seconds:6.2f} s wall {used:5.2f} s CPU  {line}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
