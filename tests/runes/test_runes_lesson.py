"""The Spell Runes lesson (English and Russian) and the play page execute top to bottom with
nbclient (a kernel from this venv), are committed clean, and every exercise's checker accepts
the right answer and rejects a wrong one."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "notebooks" / "runes"
LESSONS = [FOLDER / "01_dice_duel_odds.ipynb", FOLDER / "ru" / "01_dice_duel_odds.ipynb"]
PLAY = FOLDER / "play.ipynb"
BUDGET_S = 60          # per notebook, generous for a shared CI machine; they take a few seconds


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
def test_lesson_runs_and_every_exercise_checks(notebook_runs, path):
    run = notebook_runs[path]              # the session's one run, exercises answered (tests/notebook_runs.py)
    nb, seconds, report = run.nb, run.seconds, run.exercises
    assert run.error is None, run.error
    assert seconds < BUDGET_S, f"{path.name} took {seconds:.1f} s"
    markdown = [o for c in nb.cells for o in c.get("outputs", []) if "text/markdown" in o.get("data", {})]
    assert len(markdown) >= 6                                   # numbers reach the text through code
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error"
            assert not (out["output_type"] == "stream" and out["name"] == "stderr"), out["text"][:400]
    assert len(report) >= 3
    for ex in report:                      # the exact text and four significant figures; a wrong fraction and decimal
        exact = ex["answer"], f"{float(Fraction(ex['answer'])):.4g}"
        accepted = [(checked, shown) for text, checked, shown in ex["accepts"] if text in exact]
        assert accepted == [(True, True)] * 2, ex
        assert len(ex["rejects"]) >= 2 and all(checked is False and shown is False for _, checked, shown in ex["rejects"]), ex
    text = " ".join(o["data"]["text/markdown"] for o in markdown)
    assert "2\u00a0783\u00a0176" in text or "2,783,176" in text  # the five-of-a-kind figure, computed


def test_play_notebook_shows_the_board(notebook_runs):
    run = notebook_runs[PLAY]
    assert run.error is None, run.error
    nb = run.nb
    views = [o for c in nb.cells for o in c.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(views) == 1
