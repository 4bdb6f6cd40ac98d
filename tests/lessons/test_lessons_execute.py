"""What nbval cannot check of the Abracada lessons (English and Russian).

``tests/test_notebooks_run.py`` runs every notebook top to bottom. Here: the executed lessons
(the session's one run of each, ``tests/notebook_runs.py``, which also answers every exercise)
write nothing to stderr and show computed Markdown, and each is committed clean: a heading first, no outputs,
no widget state, ``ipywidgets as ipw``."""
from __future__ import annotations

import re

import nbformat
import pytest

from lesson_runner import LESSONS, REPO


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(REPO / "notebooks")))
def test_lesson_outputs_are_clean(notebook_runs, path):
    """No error output, nothing on stderr (warnings included), and some computed Markdown."""
    nb = notebook_runs[path].nb
    markdown = 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", f"{out.get('ename')}: {out.get('evalue')}"
            if out["output_type"] == "stream":
                assert out["name"] != "stderr", f"stderr in {path.name}: {out['text'][:500]}"
            if "text/markdown" in out.get("data", {}):
                markdown += 1
                assert "nan" not in out["data"]["text/markdown"].split(), "a NaN reached the text"
    assert markdown >= 3, "lessons show computed numbers through Markdown outputs"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(REPO / "notebooks")))
def test_lesson_is_committed_clean(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    first = nb.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# "), "the first cell is a '# ' heading"
    assert "widgets" not in nb.metadata, "no saved widget state"
    source = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert not re.search(r"import ipywidgets as widgets", source)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, "committed without outputs"
    lang = "ru" if path.parent.name == "ru" else "en"
    assert f'LANG = "{lang}"' in source
    assert sum("Exercise(" in c.source for c in nb.cells if c.cell_type == "code") >= 3


@pytest.mark.parametrize("name", [p.name for p in LESSONS[:5]])
def test_russian_lessons_mirror_the_english_ones(name):
    """Same positions, same exercises; prose and prompts in Russian."""
    en = nbformat.read(REPO / "notebooks" / "abracada" / name, as_version=4)
    ru = nbformat.read(REPO / "notebooks" / "abracada" / "ru" / name, as_version=4)
    deals = lambda nb: re.findall(r"complete_deal\([^)]*\)", "\n".join(c.source for c in nb.cells))
    assert deals(en) == deals(ru)
    count = lambda nb: sum(c.source.count("Exercise(") for c in nb.cells if c.cell_type == "code")
    assert count(en) == count(ru)
    text = "\n".join(c.source for c in ru.cells if c.cell_type == "markdown")
    assert len(re.findall(r"[а-яё]", text, re.I)) > 0.6 * len(re.findall(r"[a-zа-яё]", text, re.I))
