"""Runs all ten Abracada lessons (nbclient, a kernel from this venv): the shared runner.

A module of its own (not conftest.py) so that its name is unique across the test folders.

Each lesson is executed top to bottom with its class-sized defaults, plus one extra cell,
appended here and never saved, that answers every exercise the lesson made: the right answer
(typed exactly, as a decimal and as a percentage where that makes sense) and wrong answers,
both through ``Exercise.check`` and through the widget (``Exercise.submit``). Its findings are
printed as one JSON line that ``test_exercises.py`` reads.

Two notebooks run at a time (the machine has two cores); ``LESSON_WORKERS=1`` runs them one by one.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path


REPO = Path(__file__).resolve().parents[2]
LESSON_DIR = REPO / "notebooks" / "abracada"
NAMES = ["01_meet_the_tower", "02_counting_stones", "03_what_do_i_hold", "04_which_spell_now",
         "05_let_the_bots_play"]
LESSONS = [LESSON_DIR / f"{n}.ipynb" for n in NAMES] + [LESSON_DIR / "ru" / f"{n}.ipynb" for n in NAMES]
# Longest first, so the two workers finish together.
RUN_ORDER = sorted(LESSONS, key=lambda p: (not p.name.startswith("05"), not p.name.startswith("04"), p.name))
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
    return out

_report = []
for _ex in _REGISTRY:
    _report.append({
        "prompt": _ex.prompt, "kind": _ex.kind, "answer": _ex.answer_text(),
        "accepts": [[str(t), _ex.check(t), _ex.submit(t)] for t in _rights(_ex)],
        "rejects": [[str(t), _ex.check(t), _ex.submit(t)] for t in _wrongs(_ex)],
        "unreadable": _ex.feedback("abc")[0] if _ex.kind != "choice" else None,
    })
print("LESSON_EXERCISES_JSON=" + _json.dumps(_report))
'''


@dataclass
class Executed:
    path: Path
    seconds: float
    error: str | None
    nb: object = None
    exercises: list = field(default_factory=list)


def _execute(path: str) -> tuple[str, float, str | None, str, list]:
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(CHECK_CELL))
    client = NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(Path(path).parent)}})
    start = time.perf_counter()
    error = None
    try:
        client.execute()
    except Exception as err:  # the test reports it; keep the other notebooks running
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


