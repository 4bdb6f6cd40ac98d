"""A lesson page as a student reads it, in order: its Markdown cells, what its code cells show
(Markdown, HTML, the text of its widgets, the text drawn later in a thread) and, at each
exercise, a marker. Shared by the page scans (a module of its own: its name is unique).

The code cells run in this process, as :func:`lesson_cells.run_cells` does, but each cell's last
expression is displayed as a notebook (and Voila) would, so an exercise lands where it stands.
"""
from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Piece:
    """One thing on the page: ``text`` a student reads, or (``exercise`` set) an exercise."""

    text: str
    exercise: Any = None


def _widget_text(widget: Any) -> list[str]:
    """The text a widget shows: HTML and labels, button captions, placeholders, recursively."""
    out = []
    done = getattr(widget, "done", None)
    if done is not None and hasattr(done, "wait"):
        done.wait(60)                          # text drawn later, in a thread (widgets.lessons.later)
    for name in ("value", "description", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value:
            out.append(value)
    for child in getattr(widget, "children", ()) or ():
        out += _widget_text(child)
    return out


def page(path: Path) -> list[Piece]:
    """Run the lesson at ``path`` and return its page as :class:`Piece` s, in order."""
    os.environ.setdefault("MPLBACKEND", "Agg")
    import IPython.display
    import nbformat

    from widgets import exercises

    pieces: list[Piece] = []

    def show(*objects: Any, **_: Any) -> None:
        for obj in objects:
            if isinstance(obj, exercises.Exercise):
                pieces.append(Piece(obj.prompt))
                pieces.append(Piece("", obj))
            elif isinstance(obj, IPython.display.Markdown):
                pieces.append(Piece(obj.data))
            elif hasattr(obj, "_repr_markdown_") and not hasattr(obj, "children"):
                pieces.append(Piece(str(obj._repr_markdown_())))
            elif isinstance(obj, IPython.display.HTML):
                pieces.append(Piece(obj.data))
            elif hasattr(getattr(obj, "widget", None), "children"):      # a LiveRun, a board
                pieces.append(Piece("\n".join(_widget_text(obj.widget))))
            else:
                pieces.append(Piece("\n".join(_widget_text(obj))))

    original = IPython.display.display
    IPython.display.display = show
    exercises.REGISTRY.clear()
    namespace = {"__name__": "__lesson__", "display": show}
    cwd = os.getcwd()
    os.chdir(path.parent)
    try:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                pieces.append(Piece(cell.source))
                continue
            if cell.cell_type != "code":
                continue
            tree = ast.parse(cell.source)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, path.name, "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), path.name, "eval"), namespace)
                if value is not None:
                    show(value)
    finally:
        IPython.display.display = original
        os.chdir(cwd)
        exercises.REGISTRY.clear()
        import matplotlib.pyplot as plt
        plt.close("all")
    return pieces
