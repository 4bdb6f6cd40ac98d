"""Every notebook under ``notebooks/`` executed once per test session, for every test that reads it.

Executing a notebook is the suite's costliest unit of work (a kernel start, the lesson's exact
computations, sympy, plots). One run each feeds ``tests/test_notebooks_run.py`` (each notebook
runs top to bottom without an error: what nbval checked), the lessons' output checks and the
answers to their exercises (``tests/lessons``, ``tests/runes``, ``tests/spellcaster``,
``tests/widgets``). The session fixture ``notebook_runs`` (``tests/conftest.py``) gives a
:class:`NotebookRuns`; ``notebook_runs[path]`` is that notebook's :class:`Executed`.

Each notebook is run by nbclient in a ``python3`` kernel from this venv, in its own folder, with
one extra cell appended (never saved) that answers every exercise the notebook made: its right
answer (typed exactly, and as decimals and a percentage where that makes sense) and wrong
answers, both through ``Exercise.check`` and through the widget (``Exercise.submit``). Its
findings are printed as one JSON line, read back into ``Executed.exercises``.

On first use, every notebook the session's collected tests ask for is run, two at a time (the
machine has two cores; ``LESSON_WORKERS=1`` runs them one by one), largest first; a notebook
asked for later is run then.
"""
from __future__ import annotations

import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
ALL_NOTEBOOKS = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
CELL_TIMEOUT_S = 600          # a ceiling per cell for a busy shared machine, as nbval's was
MARKER = "LESSON_EXERCISES_JSON="

# Answers every exercise of the kernel it runs in; prints one JSON line.
CHECK_CELL = r'''
import json as _json
from fractions import Fraction as _F
from widgets.exercises import REGISTRY as _REGISTRY

def _wrongs(ex):
    if ex.kind == "choice":
        return [v for _, v in ex.choices if v != ex.answer]
    a = _F(ex.answer) if not isinstance(ex.answer, float) else _F(ex.answer).limit_denominator(10**6)
    out = [a + 1, a + _F(1, 7), a - _F(1, 9)]
    texts = [f"{x.numerator}/{x.denominator}" if x.denominator != 1 else str(x.numerator) for x in out]
    texts.append(f"{float(a) + 0.05:.3f}")
    return texts

def _rights(ex):
    if ex.kind == "choice":
        return [ex.answer]
    out = [ex.answer_text()]
    if ex.kind == "fraction":
        out += [f"{float(ex.answer):.3f}", f"{100 * float(ex.answer):.1f}%"]
    elif not isinstance(ex.answer, int):
        out.append(f"{float(ex.answer):.4f}")
    if _F(ex.answer).denominator != 1:
        out.append(f"{float(ex.answer):.4g}")
    return out

_report = []
for _ex in _REGISTRY:
    _report.append({
        "prompt": _ex.prompt, "kind": _ex.kind, "answer": _ex.answer_text(),
        "accepts": [[str(t), _ex.check(t), _ex.submit(t)] for t in _rights(_ex)],
        "rejects": [[str(t), _ex.check(t), _ex.submit(t)] for t in _wrongs(_ex)],
        "unreadable": _ex.feedback("abc")[0] if _ex.kind != "choice" else None,
    })
print("LESSON_EXERCISES_JSON=" + _json.dumps(_report, ensure_ascii=False))
'''


@dataclass
class Executed:
    """One notebook's run: its wall time, the error that stopped it (None if none), the notebook
    with its outputs (the check cell removed) and the check cell's report on its exercises."""
    path: Path
    seconds: float
    error: str | None
    nb: object = None
    exercises: list = field(default_factory=list)


def _execute(path: str) -> tuple[str, float, str | None, str, list]:
    """Run one notebook (in a worker process: the result is plain data)."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(CHECK_CELL))
    client = NotebookClient(nb, timeout=CELL_TIMEOUT_S, kernel_name="python3",
                            resources={"metadata": {"path": str(Path(path).parent)}})
    start = time.perf_counter()
    error = None
    try:
        client.execute()
    except Exception as err:  # the notebook's test reports it; keep the other notebooks running
        error = f"{type(err).__name__}: {err}"
    seconds = time.perf_counter() - start
    exercises = []
    for out in nb.cells[-1].get("outputs", []):
        if out.get("output_type") == "stream":
            for line in out.get("text", "").splitlines():
                if line.startswith(MARKER):
                    exercises = json.loads(line[len(MARKER):])
    nb.cells.pop()
    return path, seconds, error, nbformat.writes(nb), exercises


class NotebookRuns:
    """``runs[path]``: the session's one run of that notebook, made on first use."""

    def __init__(self, wanted: Iterable[Path] = (), workers: int | None = None):
        self._wanted = {Path(p).resolve() for p in wanted}
        self._workers = workers or int(os.environ.get("LESSON_WORKERS", "2"))
        self._runs: dict[Path, Executed] = {}

    def __getitem__(self, path: Path) -> Executed:
        path = Path(path).resolve()
        if path not in self._runs:
            self._run({path} | (self._wanted - set(self._runs)))
        return self._runs[path]

    def _run(self, paths: set[Path]) -> None:
        import nbformat

        order = sorted(paths, key=lambda p: -p.stat().st_size)     # the largest first: workers end together
        start = time.perf_counter()
        with ProcessPoolExecutor(max_workers=min(self._workers, len(order))) as pool:
            for p, seconds, error, text, exercises in pool.map(_execute, [str(p) for p in order]):
                self._runs[Path(p)] = Executed(Path(p), seconds, error, nbformat.reads(text, as_version=4), exercises)
        report = "\n".join(f"  {p.relative_to(REPO)}: {self._runs[p].seconds:.1f} s" for p in order)
        print(f"\n{len(order)} notebooks executed in {time.perf_counter() - start:.1f} s wall "
              f"({self._workers} at a time):\n{report}")


def wanted_by(items: Iterable) -> set[Path]:
    """The notebooks that collected test items ask for: a ``path`` parameter under notebooks/ of
    a test that uses ``notebook_runs``."""
    out = set()
    for item in items:
        if "notebook_runs" not in getattr(item, "fixturenames", ()):
            continue
        for value in getattr(getattr(item, "callspec", None), "params", {}).values():
            if isinstance(value, Path) and value.suffix == ".ipynb" and NOTEBOOKS in value.resolve().parents:
                out.add(value.resolve())
    return out
