"""The exercises a lesson notebook makes, found by running its code cells in this process.

Lessons render quickly (nothing slow runs while a page opens), so running one here takes
seconds; each :class:`widgets.exercises.Exercise` the lesson makes is kept in
``widgets.exercises.REGISTRY``, in order. Used by ``test_guides.py`` to check that every lesson
exercise is in its game's teacher's guide with the same answer.
"""
from __future__ import annotations

import os
from pathlib import Path


def lesson_exercises(path: Path) -> list:
    """Run the lesson's code cells (in its own folder, as Voila does); return its exercises."""
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
                exec(compile(cell.source, str(path), "exec"), namespace)
    finally:
        os.chdir(cwd)
        import matplotlib.pyplot as plt
        plt.close("all")
    made = list(exercises.REGISTRY)
    exercises.REGISTRY.clear()
    return made
