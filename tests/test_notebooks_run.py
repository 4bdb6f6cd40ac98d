"""Every notebook under notebooks/ runs top to bottom without an error, in a kernel from this venv.

The run is the session's one execution of the notebook (``notebook_runs``), which the lesson
tests read too; outputs are not compared (notebooks are committed without them). To run one
notebook cell by cell through nbval instead: ``pytest notebooks/abracada/02_counting_stones.ipynb``.
"""
from __future__ import annotations

import pytest

from notebook_runs import ALL_NOTEBOOKS, NOTEBOOKS


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_notebook_runs_top_to_bottom(notebook_runs, path):
    run = notebook_runs[path]
    assert run.error is None, f"{path.relative_to(NOTEBOOKS)} stopped: {run.error}"
