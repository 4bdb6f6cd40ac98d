"""The SpellCaster lessons: each executes cleanly, shows computed numbers, and its exercises accept
the right answers and refuse wrong ones (the session's one run of each, whose check cell answers
them: tests/notebook_runs.py)."""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[2]
NAMES = ["01_two_d10s", "02_locked", "03_walking_on_colours"]
LESSONS = [REPO / "notebooks" / "spellcaster" / f"{n}.ipynb" for n in NAMES] + \
          [REPO / "notebooks" / "spellcaster" / "ru" / f"{n}.ipynb" for n in NAMES]


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(REPO / "notebooks")))
def test_lesson_runs_and_its_exercises_judge_answers(notebook_runs, path):
    run = notebook_runs[path]
    assert run.error is None, run.error
    nb, report = run.nb, run.exercises
    markdown = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", out.get("evalue")
            assert not (out["output_type"] == "stream" and out["name"] == "stderr"), out["text"][:300]
            if "text/markdown" in out.get("data", {}):
                markdown.append(out["data"]["text/markdown"])
    assert len(markdown) >= 3
    assert len(report) >= 3
    for ex in report:
        assert all(check and submit for _, check, submit in ex["accepts"]), ex
        assert not any(check or submit for _, check, submit in ex["rejects"]), ex
    text = " ".join(markdown)
    if path.stem == "01_two_d10s":
        assert "1/10" in text and "(\\Delta + 6" in text.replace("\\left(", "(")   # P(k = 0); sympy's closed form
    if path.stem == "02_locked":
        assert "49/100" in text and "100/51" in text                              # p and E[rolls] at equal tokens


@pytest.mark.parametrize("name", NAMES)
def test_russian_lessons_mirror_the_english_ones(name):
    en = nbformat.read(REPO / "notebooks" / "spellcaster" / f"{name}.ipynb", as_version=4)
    ru = nbformat.read(REPO / "notebooks" / "spellcaster" / "ru" / f"{name}.ipynb", as_version=4)
    answers = lambda nb: re.findall(r"Exercise\('.*?', (.*?), hint=", "\n".join(c.source for c in nb.cells))  # noqa: E731
    assert answers(en) == answers(ru) and len(answers(en)) >= 3
    deals = lambda nb: re.findall(r"deal=\{.*?\}\)", "\n".join(c.source for c in nb.cells), re.S)  # noqa: E731
    assert deals(en) == deals(ru)
    text = "\n".join(c.source for c in ru.cells if c.cell_type == "markdown")
    assert len(re.findall(r"[а-яё]", text, re.I)) > 0.6 * len(re.findall(r"[a-zа-яё]", text, re.I))
    for nb, lang in ((en, "en"), (ru, "ru")):
        assert f'LANG = "{lang}"' in "\n".join(c.source for c in nb.cells)
        assert all(c.outputs == [] for c in nb.cells if c.cell_type == "code") and "widgets" not in nb.metadata
