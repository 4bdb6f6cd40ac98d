"""Run a lesson notebook's code cells in this process, as Voila would (in the lesson's folder).

Lessons render quickly (nothing slow runs while a page opens), so this takes seconds and lets a
test look inside: at the namespace the lesson built and, under ``"_exercises"``, the
:class:`widgets.exercises.Exercise` objects it made, in order. Shared by the lesson, guide and
Spell Runes tests (pytest puts ``tests/`` on the import path: ``pythonpath`` in pyproject.toml).
"""
from __future__ import annotations

import os
from pathlib import Path


def run_cells(path: Path) -> dict:
    """Run the lesson's code cells; returns its namespace, its exercises under ``"_exercises"``."""
    os.environ.setdefault("MPLBACKEND", "Agg")
    import nbformat
    from IPython.display import display

    from widgets import exercises

    exercises.REGISTRY.clear()
    nb = nbformat.read(path, as_version=4)
    namespace = {"__name__": "__lesson__", "display": display}
    cwd = os.getcwd()
    os.chdir(path.parent)
    try:
        for cell in nb.cells:
            if cell.cell_type == "code":
                exec(compile(cell.source, path.name, "exec"), namespace)
    finally:
        os.chdir(cwd)
        import matplotlib.pyplot as plt
        plt.close("all")
    namespace["_exercises"] = list(exercises.REGISTRY)
    exercises.REGISTRY.clear()
    return namespace


def live_runs(path: Path, monkeypatch) -> list:
    """Run the lesson's cells; returns the simulations it put on the page to start from a button
    (every :class:`widgets.lessons.LiveRun` it made, in order)."""
    from widgets.lessons import LiveRun

    made: list = []
    original = LiveRun.__init__

    def spy(self, *args, **kwargs):
        original(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(LiveRun, "__init__", spy)
    run_cells(path)
    return made
