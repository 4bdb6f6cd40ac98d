"""Notebooks are committed clean: no outputs, no execution counts, no saved widget state.

Saved outputs would show stale numbers and, with widget state, could carry a board's hidden
stones into the repository. This also catches a test server that wrote into the repo's files.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted(p for p in (Path(__file__).resolve().parents[1] / "notebooks").rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 14


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(p.parents[2])))
def test_notebook_is_committed_clean(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in nb.get("metadata", {})
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None, cell["source"][:80]
    if path.name != "index.ipynb":             # the gallery titles every other notebook by its heading
        assert nb["cells"][0]["cell_type"] == "markdown" and "".join(nb["cells"][0]["source"]).startswith("# ")
