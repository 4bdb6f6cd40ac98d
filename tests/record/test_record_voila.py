"""The class page served by ``scripts/serve``, in real Chromium (issue #21.3, #21.5).

The server runs with its own saves folder, so the record is ``<saves>/record.sqlite3``; a
simulated student writes to it as a student's kernel would. The page is tried without the
token, with a wrong one and with the right one; with the right one, a student's answer and
game appear on the open page without a reload.
"""
from __future__ import annotations

import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
import browser_harness as bh  # noqa: E402

from record_helpers import SPACES  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]
READY_MS = 240_000           # ceilings for a busy shared machine, not waits
APPEAR_MS = 60_000


def _unavailable(reason: str):
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


STUDENT_PAGE = "_record/student.ipynb"      # hidden from the gallery (leading underscore)


def _student_page(path: Path) -> None:
    """A student page that uses the record the way a lesson does: tracked, the student's own
    panel, and a class experiment fed by a button."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# A page that records"), nbformat.v4.new_code_cell(
        "import random\n"
        "from fractions import Fraction\n"
        "import ipywidgets as ipw\n"
        "from widgets.record import Experiment, hooks\n"
        "from widgets.record.panels import DrawsPanel, RecordPanel\n"
        "hooks.track_page()\n"
        "die = Experiment('runes.one_die', {v: Fraction(1, 6) for v in range(1, 7)}, event={6})\n"
        "panel = DrawsPanel(die, 'en')\n"
        "roll = ipw.Button(description='Roll 40')\n"
        "roll.add_class('roll-40')\n"
        "rng = random.Random(5)\n"
        "roll.on_click(lambda _b: panel.send([rng.randint(1, 6) for _ in range(40)]))\n"
        "ipw.VBox([RecordPanel('en'), roll, panel])")]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """``(server, token, saves folder)`` of a classroom server with a fresh saves folder."""
    saves = Path(tempfile.mkdtemp(prefix="spelltower-record-saves-"))
    token = secrets.token_urlsafe(24)
    root = bh.make_voila_root(tmp_path_factory.mktemp("served") / "notebooks")
    _student_page(root / "_record" / "student.ipynb")
    saved = {k: os.environ.get(k) for k in ("SPELLTOWER_SAVES", "SPELLTOWER_TEACHER_TOKEN", "PYTHONPATH",
                                            "SPELLTOWER_RECORD_URL")}
    os.environ.update(SPELLTOWER_SAVES=str(saves), SPELLTOWER_TEACHER_TOKEN=token,
                      PYTHONPATH=os.pathsep.join(p for p in (str(bh.REPO), saved["PYTHONPATH"]) if p))
    os.environ.pop("SPELLTOWER_RECORD_URL", None)
    try:
        server = bh.start_voila(root, tmp_path_factory.mktemp("logs") / "voila.log",
                                extra_args=[f"--ClassroomKernelConnection.shutdown_delay={bh.TEST_SHUTDOWN_DELAY}"])
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    yield server, token, saves
    server.stop()


@pytest.fixture(scope="module")
def chromium():
    if not os.access(bh.CHROMIUM, os.X_OK):
        _unavailable(f"{bh.CHROMIUM} is missing")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is missing")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=bh.CHROMIUM, args=bh.CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def student(served):
    """A simulated student writing to the server's record, as their kernel would."""
    from widgets.record import Store

    store = Store(f"sqlite:///{served[2] / 'record.sqlite3'}")
    me = store.student(SPACES[11])
    me.set_nickname("Pelican")
    me.page_opened("abracada/01_counting.ipynb")
    me.attempt("abracada/01_counting.ipynb", "1", "P(Dragon)?", "1/4", False)
    yield me
    store.close()


def _open(chromium, server, query: str, ready: str):
    context = chromium.new_context()
    page = context.new_page()
    page.goto(server.url(f"voila/render/teacher.ipynb{query}"), wait_until="commit")
    page.wait_for_selector(ready, state="visible", timeout=READY_MS)
    return context, page


@pytest.mark.parametrize("query", ["", "?teacher=", "?teacher=wrong-token", "?teacher={token}x"])
def test_without_the_right_token_the_page_shows_nothing(served, chromium, student, query):
    server, token, _ = served
    context, page = _open(chromium, server, query.format(token=token), ".st-class-denied")
    body = page.inner_text("body")
    assert "teacher link" in body
    for secret in ("Pelican", "1/4", "abracada/01_counting.ipynb", "P(Dragon)"):
        assert secret not in page.content()
    context.close()


def test_with_the_token_the_page_follows_the_class(served, chromium, student):
    server, token, _ = served
    context, page = _open(chromium, server, f"?teacher={token}", ".st-class .st-section-exercises")
    page.wait_for_function("() => document.body.innerText.includes('Pelican')", timeout=APPEAR_MS)
    assert "1/4" in page.inner_text(".st-section-exercises")

    start = time.monotonic()
    student.attempt("runes/01_dice_duel_odds.ipynb", "2", "Odds of a pair?", "0.123", False)
    page.wait_for_function("() => document.querySelector('.st-section-exercises').innerText.includes('0.123')",
                           timeout=APPEAR_MS, polling=50)
    answer_seen = time.monotonic() - start
    start = time.monotonic()
    student.game_played("runes", "won 30", 40)
    page.wait_for_function("() => /Pelican\\s+.*\\s+1\\s*$/m.test(document.querySelector('.st-section-progress')"
                           ".innerText)", timeout=APPEAR_MS, polling=50)
    game_seen = time.monotonic() - start
    print(f"class page: answer shown after {answer_seen:.2f} s, game after {game_seen:.2f} s")
    page.click(".st-hide-names input")
    page.wait_for_function("() => !document.querySelector('.st-section-progress').innerText.includes('Pelican')",
                           timeout=APPEAR_MS)
    assert "Student 1" in page.inner_text(".st-section-progress")
    context.close()


def test_a_student_page_appears_on_the_class_page(served, chromium):
    server, token, _ = served
    context, teacher = _open(chromium, server, f"?teacher={token}", ".st-class .st-section-online")
    student_context = chromium.new_context()
    student = student_context.new_page()
    student.goto(server.url(f"voila/render/{STUDENT_PAGE}"), wait_until="commit")
    student.wait_for_selector(".st-record-panel .st-nickname input", state="visible", timeout=READY_MS)
    student.wait_for_function("() => document.querySelector('.st-record-message').innerText.includes('teacher sees')",
                              timeout=APPEAR_MS)
    student.fill(".st-nickname input", "Heron")
    student.click(".st-nickname-save")
    student.wait_for_function("() => document.querySelector('.st-record-message').innerText.includes('Saved')",
                              timeout=APPEAR_MS)
    start = time.monotonic()
    teacher.wait_for_function("() => { const t = document.querySelector('.st-section-online').innerText;"
                              f" return t.includes('Heron') && t.includes('{STUDENT_PAGE}'); }}",
                              timeout=APPEAR_MS, polling=50)
    named = time.monotonic() - start
    student.click(".roll-40")
    student.wait_for_function("() => document.querySelector('.st-draws-panel').innerText.includes('Your 40 draws')",
                              timeout=APPEAR_MS)
    start = time.monotonic()
    teacher.wait_for_function("() => document.querySelector('.st-section-experiments').innerText"
                              ".includes('40 draws from 1 student(s)')", timeout=APPEAR_MS, polling=50)
    rolled = time.monotonic() - start
    print(f"class page: nickname shown {named:.2f} s after the student saw 'Saved', draws {rolled:.2f} s after")
    student.click(".roll-40")
    student.wait_for_function("() => document.querySelector('.st-draws-panel').innerText.includes('Your 80 draws')",
                              timeout=APPEAR_MS)
    student_context.close()
    context.close()
