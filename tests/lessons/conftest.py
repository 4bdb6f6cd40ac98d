"""The session fixture that executes all ten lessons once (see ``lesson_runner``)."""
from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from lesson_runner import REPO, RUN_ORDER, Executed, _execute


@pytest.fixture(scope="session")
def executed_lessons():
    """``{path: Executed}`` for all ten lessons, and the wall time of the whole run."""
    import nbformat

    workers = int(os.environ.get("LESSON_WORKERS", "2"))
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(_execute, [str(p) for p in RUN_ORDER]))
    wall = time.perf_counter() - start
    runs = {Path(p): Executed(Path(p), s, e, nbformat.reads(text, as_version=4), ex)
            for p, s, e, text, ex in results}
    report = "\n".join(f"  {r.path.relative_to(REPO)}: {r.seconds:.1f} s" for r in runs.values())
    print(f"\nlessons executed in {wall:.1f} s wall ({workers} at a time):\n{report}")
    return runs, wall
