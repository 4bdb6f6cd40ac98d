"""The Spell Runes lesson (English and Russian) and the play page execute top to bottom with
nbclient (a kernel from this venv), are committed clean, and every exercise's checker accepts
the right answer and rejects a wrong one."""
from __future__ import annotations

import json
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "notebooks" / "runes"
LESSONS = [FOLDER / "01_dice_duel_odds.ipynb", FOLDER / "ru" / "01_dice_duel_odds.ipynb"]
PLAY = FOLDER / "play.ipynb"
MARKER = "RUNES_EXERCISES="
BUDGET_S = 60          # per notebook, generous for a shared CI machine; they take a few seconds

# Appended at run time (never saved): answer every exercise right and wrong, report as JSON.
CHECK_CELL = r'''
import json as _json
from fractions import Fraction as _F
from widgets.exercises import REGISTRY as _REGISTRY
_out = []
for _ex in _REGISTRY:
    _a = _F(_ex.answer)
    _wrong = _a + _F(1, 7)
    _out.append({"prompt": _ex.prompt, "answer": _ex.answer_text(),
                 "right": [_ex.check(_ex.answer_text()), _ex.check(f"{float(_a):.4g}"), _ex.submit(_ex.answer_text())],
                 "wrong": [_ex.check(f"{_wrong.numerator}/{_wrong.denominator}"), _ex.check(f"{float(_a) + 0.05:.3f}"),
                           _ex.submit(f"{_wrong.numerator}/{_wrong.denominator}")]})
print("RUNES_EXERCISES=" + _json.dumps(_out, ensure_ascii=False))
'''


def execute(path: Path) -> tuple[nbformat.NotebookNode, float, list]:
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(CHECK_CELL))
    client = NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - start
    report = []
    for out in nb.cells[-1].get("outputs", []):
        for line in out.get("text", "").splitlines():
            if line.startswith(MARKER):
                report = json.loads(line[len(MARKER):])
    return nb, seconds, report


@pytest.mark.parametrize("path", LESSONS + [PLAY], ids=lambda p: str(p.relative_to(FOLDER)))
def test_notebook_is_committed_clean(path):
    nb = nbformat.read(path, as_version=4)
    first = nb.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    assert "widgets" not in nb.metadata
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None
            assert "as widgets" not in cell.source
    if path == PLAY:
        assert first.source.splitlines()[0] == "# Spell Runes — play · Руны заклинаний — игра"   # both languages


@pytest.mark.parametrize("path", LESSONS, ids=["en", "ru"])
def test_lesson_runs_and_every_exercise_checks(path):
    nb, seconds, report = execute(path)
    assert seconds < BUDGET_S, f"{path.name} took {seconds:.1f} s"
    markdown = [o for c in nb.cells for o in c.get("outputs", []) if "text/markdown" in o.get("data", {})]
    assert len(markdown) >= 6                                   # numbers reach the text through code
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error"
            assert not (out["output_type"] == "stream" and out["name"] == "stderr"), out["text"][:400]
    assert len(report) >= 3
    for ex in report:
        assert ex["right"] == [True, True, True], ex
        assert ex["wrong"] == [False, False, False], ex
    text = " ".join(o["data"]["text/markdown"] for o in markdown)
    assert "2\u00a0783\u00a0176" in text or "2,783,176" in text  # the five-of-a-kind figure, computed


def test_play_notebook_shows_the_board():
    nb, _, _ = execute(PLAY)
    views = [o for c in nb.cells for o in c.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(views) == 1
