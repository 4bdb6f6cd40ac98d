"""What Binder runs, reproduced: a fresh environment from binder/ and Voila inside a Jupyter server.

repo2docker (with a binder/ folder) installs nothing but ``pip install -r binder/requirements.txt``
run from the repository root, with the Python of ``binder/runtime.txt``, then starts the server
through ``binder/start``; the badge opens ``urlpath=voila/render/notebooks/index.ipynb``. This
test does the same in a new virtual environment built from a copy of the repository's files
(pip may use the machine's caches; only PyPI is reachable), so a missing dependency in
``pyproject.toml``'s ``app`` extra or a broken ``binder/`` file fails here, not on Binder.

Marked ``slow`` (a minute or two to build the environment); it still runs in CI.

Hook for the boards: add a :class:`Target` to ``TARGETS`` (path under the repository, a CSS
selector that means "ready", optionally a selector to click and one whose text must change).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import expect

import browser_harness as bh

pytestmark = pytest.mark.slow


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

COPY_IGNORE = shutil.ignore_patterns(".git", ".venv", "artifacts", "build", "*.egg-info",
                                     "__pycache__", ".pytest_cache", ".hypothesis", ".ipynb_checkpoints")


def _runtime_python() -> str:
    """The interpreter binder/runtime.txt asks for, if this machine has it (else this one)."""
    wanted = (bh.REPO / "binder" / "runtime.txt").read_text().strip().removeprefix("python-")
    candidate = shutil.which(f"python{wanted}")
    if candidate:
        return candidate
    if f"{sys.version_info.major}.{sys.version_info.minor}" != wanted:
        pytest.fail(f"binder/runtime.txt wants Python {wanted}; this machine has none", pytrace=False)
    return sys.executable


@pytest.fixture(scope="module")
def binder_repo(tmp_path_factory):
    """A clean copy of the repository, built as repo2docker builds it."""
    base = tmp_path_factory.mktemp("binder")
    repo = base / "repo"
    shutil.copytree(bh.REPO, repo, ignore=COPY_IGNORE, symlinks=True)
    venv = base / "venv"
    subprocess.run([_runtime_python(), "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip"]
    log = base / "pip.log"
    with open(log, "wb") as out:
        result = subprocess.run([*pip, "install", "-r", "binder/requirements.txt"], cwd=repo,
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    assert result.returncode == 0, f"pip install -r binder/requirements.txt failed:\n{log.read_text()[-4000:]}"
    return repo, venv


@pytest.fixture(scope="module")
def binder_server(binder_repo, tmp_path_factory):
    repo, venv = binder_repo
    server = bh.start_jupyter(repo, tmp_path_factory.mktemp("logs") / "binder.log", app="server",
                              bin_dir=str(venv / "bin"), start_script=repo / "binder" / "start")
    yield server
    server.stop()
    bh.REPO.joinpath("artifacts").mkdir(exist_ok=True)
    (bh.REPO / "artifacts" / "binder-server.log").write_text(server.log_text())


def test_the_environment_has_what_the_pages_import(binder_repo):
    _, venv = binder_repo
    probe = "import towerlib, widgets.serving, widgets.messages, ipywidgets, voila; print('ok')"
    out = subprocess.run([str(venv / "bin" / "python"), "-c", probe], capture_output=True, text=True,
                         cwd="/")  # not the repository: the installed package must be complete
    assert out.stdout.strip() == "ok", out.stderr


@pytest.mark.parametrize("target", TARGETS, ids=[t.path for t in TARGETS])
def test_binder_page(binder_server, page, target):
    page.goto(binder_server.url(f"voila/render/{target.path}"))
    page.wait_for_selector(target.ready, state="visible", timeout=120_000)
    if target.click:
        before = page.locator(target.changes).inner_text()
        page.click(target.click)
        expect(page.locator(target.changes)).not_to_have_text(before)
