"""Time each lesson's kernel execution, cell by cell (issue #13.2: nothing heavy while a page renders).

    .venv/bin/python tests/lessons/time_lessons.py [notebook ...]    # default: every lesson of every game

Runs each notebook top to bottom in a fresh ``python3`` kernel (nbclient, one at a time) and prints
the total kernel execution time (first cell sent to last reply, kernel start-up excluded) and the
cells slower than ``--slow`` seconds, from nbclient's own per-cell timestamps. A script, not a
test: timings belong in reports and benchmarks, never in assertions.
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


def time_notebook(path: Path) -> tuple[float, list[tuple[int, float, str]], str | None]:
    """(seconds of kernel execution, [(cell index, seconds, first line)], error or None)."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3", record_timing=True,
                            resources={"metadata": {"path": str(path.parent)}})
    error = None
    try:
        client.execute()
    except Exception as err:  # report it and go on with the other notebooks
        error = f"{type(err).__name__}: {str(err)[-300:]}"
    cells, first, last = [], None, None
    for i, cell in enumerate(nb.cells):
        timing = cell.get("metadata", {}).get("execution", {})
        if "iopub.execute_input" in timing and "shell.execute_reply" in timing:
            a, b = _stamp(timing["iopub.execute_input"]), _stamp(timing["shell.execute_reply"])
            first = a if first is None else min(first, a)
            last = b if last is None else max(last, b)
            line = next((s for s in cell.source.splitlines() if s.strip() and not s.startswith("#")), "")
            cells.append((i, (b - a).total_seconds(), line[:70]))
    total = (last - first).total_seconds() if first else float("nan")
    return total, cells, error


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--slow", type=float, default=0.5, help="list cells slower than this (seconds)")
    parser.add_argument("--json", type=Path, help="also write the timings here")
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.notebooks] or lessons()
    report = {}
    for path in paths:
        total, cells, error = time_notebook(path)
        name = str(path.relative_to(REPO / "notebooks"))
        slow = sorted((c for c in cells if c[1] > args.slow), key=lambda c: -c[1])
        report[name] = {"seconds": total, "slow": slow, "error": error}
        print(f"{name:45s} {total:6.2f} s" + (f"  ERROR {error}" if error else ""), flush=True)
        for i, seconds, line in slow:
            print(f"    cell {i:2d} {seconds:6.2f} s  {line}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
