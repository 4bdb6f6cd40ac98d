"""What Binder runs, checked without building a second environment.

repo2docker (with a binder/ folder) installs nothing but ``pip install -r binder/requirements.txt``
run from the repository root (``.[app]``: the meta-checks in ``tests/test_setup_scripts.py``),
with the Python of ``binder/runtime.txt``, then starts the server through ``binder/start``; the
badge opens ``urlpath=voila/render/notebooks/index.ipynb``. Building that environment afresh
took 76-111 s of every suite run. What it caught is checked here from the suite's own
environment instead:

* a missing requirement: every third-party module that ``towerlib``, ``widgets``, the notebooks
  and ``jupyter_config`` import, and the server pieces Binder starts, must come with
  ``spelltower[app]``, i.e. be in the closure of that extra's requirements over the installed
  distributions' own metadata;
* an incomplete package: setuptools' package list (``[tool.setuptools]`` in pyproject.toml) must
  hold every folder of ``towerlib`` and ``widgets`` that has Python files, and its package data
  every other file in them;
* the pages under Binder's server configuration: the suite's JupyterLab (``lab_server``, started
  through ``binder/start``) renders them with Voila.

Hook for the boards: add a :class:`Target` to ``TARGETS`` (path under the repository, a CSS
selector that means "ready", optionally a selector to click and one whose text must change).
"""
from __future__ import annotations

import ast
import fnmatch
import re
import sys
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import nbformat
import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from playwright.sync_api import expect

import browser_harness as bh

PYPROJECT = tomllib.loads((bh.REPO / "pyproject.toml").read_text())
PROJECT = canonicalize_name(PYPROJECT["project"]["name"])
LOCAL = {"towerlib", "widgets"}
# What Binder's server runs besides the pages' own imports: the Jupyter server, Voila as its
# extension and the kernel (binder/start execs `jupyter ...`).
SERVER_MODULES = {"jupyter_server", "jupyter_core", "voila", "ipykernel"}
SOURCES = [bh.REPO / "towerlib", bh.REPO / "widgets", bh.REPO / "jupyter_config"]


@dataclass(frozen=True)
class Target:
    path: str                 # notebook path under the repository root
    ready: str                # visible once the page is usable
    click: str | None = None  # clicked once ...
    changes: str | None = None  # ... and this element's text must then change


TARGETS = [
    Target("notebooks/index.ipynb", ready=".spelltower-gallery a"),
    Target("tests/browser/fixtures/button.ipynb", ready=".fixture-button",
           click=".fixture-button", changes=".fixture-label"),
    # The board, once its page should work on Binder, e.g.:
    # Target("notebooks/abracada/play.ipynb", ready=".abracada-board", click=..., changes=...),
]


def app_closure() -> set[str]:
    """Every distribution ``pip install .[app]`` brings, by the installed distributions' metadata."""
    own = PYPROJECT["project"]
    wanted: list[tuple[str, str]] = [(r, "") for r in own["dependencies"]]
    extras_done: set[str] = set()
    pending_extras = ["app"]
    found: set[str] = set()
    expanded: set[tuple[str, str]] = set()
    environment = default_environment()
    while pending_extras or wanted:
        if pending_extras:
            extra = pending_extras.pop()
            if extra not in extras_done:
                extras_done.add(extra)
                wanted += [(r, "") for r in own["optional-dependencies"][extra]]
            continue
        text, extra = wanted.pop()
        req = Requirement(text)
        if req.marker is not None and not req.marker.evaluate({**environment, "extra": extra}):
            continue
        name = canonicalize_name(req.name)
        if name == PROJECT:
            pending_extras += list(req.extras)
            continue
        try:
            dist = metadata.distribution(req.name)
        except metadata.PackageNotFoundError:
            pytest.fail(f"{req.name} (required through [app]) is not installed here, so what it brings is unknown",
                        pytrace=False)
        found.add(name)
        for with_extra in ("", *sorted(req.extras)):     # each extra asked for brings its own requirements
            if (name, with_extra) not in expanded:
                expanded.add((name, with_extra))
                wanted += [(r, with_extra) for r in dist.requires or []]
    return found


def imported_modules() -> dict[str, str]:
    """Top-level module -> a file that imports it, over the library, the boards, the notebooks."""
    out: dict[str, str] = {}
    sources: list[tuple[str, str]] = []
    for folder in SOURCES:
        sources += [(str(p.relative_to(bh.REPO)), p.read_text()) for p in sorted(folder.rglob("*.py"))]
    for nb_path in sorted((bh.REPO / "notebooks").rglob("*.ipynb")):
        nb = nbformat.read(nb_path, as_version=4)
        code = "\n".join(re.sub(r"(?m)^\s*[%!].*$", "", c.source) for c in nb.cells if c.cell_type == "code")
        sources.append((str(nb_path.relative_to(bh.REPO)), code))
    for where, code in sources:
        for node in ast.walk(ast.parse(code)):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                out.setdefault(name.split(".")[0], where)
    return out


def test_the_app_extra_provides_every_module_the_pages_and_the_server_import():
    closure = app_closure()
    providers = metadata.packages_distributions()
    modules = {**imported_modules(), **{m: "binder/start (the server)" for m in SERVER_MODULES}}
    missing = []
    for module, where in sorted(modules.items()):
        if module in LOCAL or module in sys.stdlib_module_names or module == "__future__":
            continue
        dists = {canonicalize_name(d) for d in providers.get(module, [])}
        if not dists:
            missing.append(f"{module} (imported by {where}): no installed distribution provides it")
        elif not dists & closure:
            missing.append(f"{module} (imported by {where}): from {', '.join(sorted(dists))}, not in [app]")
    assert not missing, "Binder's environment would lack:\n  " + "\n  ".join(missing)


def test_the_package_holds_every_module_and_data_file():
    """What setuptools ships (packages found by its include patterns, and package data) is all
    of ``towerlib`` and ``widgets``: an installed copy works from any folder."""
    from setuptools import find_packages

    tool = PYPROJECT["tool"]["setuptools"]
    include = tool["packages"]["find"]["include"]
    packages = set(find_packages(str(bh.REPO), include=include))
    data = tool.get("package-data", {})
    unshipped = []
    for top in LOCAL:
        for path in sorted((bh.REPO / top).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts or path.name == "README.md":
                continue
            rel = path.relative_to(bh.REPO)
            package = ".".join(rel.parent.parts)
            if path.suffix == ".py" and package in packages:
                continue
            owner = next((p for p in sorted(data, key=len, reverse=True)
                          if p in packages and (package == p or package.startswith(p + "."))), None)
            inside = str(path.relative_to(bh.REPO.joinpath(*owner.split(".")))) if owner else None
            if inside is None or not any(fnmatch.fnmatch(inside, pattern) for pattern in data[owner]):
                unshipped.append(str(rel))
    assert not unshipped, "not in the installed package (pyproject.toml [tool.setuptools]):\n  " + "\n  ".join(unshipped)


def test_the_closure_sees_a_missing_requirement(monkeypatch):
    """The check above can fail: without sympy in [app], a lesson's import is reported."""
    app = [r for r in PYPROJECT["project"]["optional-dependencies"]["app"] if not r.startswith("sympy")]
    monkeypatch.setitem(PYPROJECT["project"]["optional-dependencies"], "app", app)
    with pytest.raises(AssertionError, match=r"sympy \(imported by notebooks/"):
        test_the_app_extra_provides_every_module_the_pages_and_the_server_import()


@pytest.mark.parametrize("target", TARGETS, ids=[t.path for t in TARGETS])
def test_binder_page(lab_server, page, target):
    page.goto(lab_server.url(f"voila/render/{target.path}"))
    page.wait_for_selector(target.ready, state="visible", timeout=120_000)
    if target.click:
        before = page.locator(target.changes).inner_text()
        page.click(target.click)
        expect(page.locator(target.changes)).not_to_have_text(before)
