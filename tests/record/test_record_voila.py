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


def test_the_class_page_teaches(served, chromium):
    """The teaching tools in the browser: the lesson's experiment titled with named axes, shown
    large and Reset; one student's answers and where they are stuck; both CSVs one click each;
    a position sent to the class, offered on a student's play page and played from there."""
    from towerlib.runes.probability import p_roll
    from widgets.record import Experiment, Store

    server, token, saves = served
    store = Store(f"sqlite:///{saves / 'record.sqlite3'}")
    crane = store.student(SPACES[12])
    crane.set_nickname("Crane")
    crane.page_opened("runes/01_dice_duel_odds.ipynb")
    for answer in ("0.5", "=1+1"):
        crane.attempt("runes/01_dice_duel_odds.ipynb", "4", "Chance of an Attack?", answer, False)
    attack = Experiment("runes.one_roll_attack", {1: p_roll("attack"), 0: 1 - p_roll("attack")}, event={1})
    crane.record_draws(attack, [1] * 45 + [0] * 5)
    context, page = _open(chromium, server, f"?teacher={token}", ".st-class .st-section-experiments")
    context.set_default_timeout(APPEAR_MS)
    page.wait_for_function("() => document.querySelector('.st-section-experiments').innerText"
                           ".includes('Spell Runes: does one roll of five runes allow an Attack?')")
    experiments = page.inner_text(".st-section-experiments")
    for words in ("Attack (a pair or better)", "No Attack", "Share of the class's rolls",
                  "Rolls pooled from the class so far", "Share of rolls allowing an Attack"):
        assert words in experiments, words

    page.select_option(".st-project-pick select", label="Spell Runes: does one roll of five runes allow an Attack?")
    page.click(".st-project")
    projector = page.locator(".st-projector")
    projector.locator(".st-histogram-plot").wait_for(state="visible")
    box = projector.locator(".st-histogram-plot").bounding_box()
    assert box["height"] >= 400, box                        # large: twice the page's chart
    assert "50 draws from 1 student(s)" in projector.inner_text()
    page.click(".st-reset")
    page.wait_for_function("() => document.querySelector('.st-projector').innerText.includes('0 draws from 0 student(s)')")
    assert "earlier draws stay in the record" in projector.inner_text()
    page.click(".st-projector-close")
    projector.wait_for(state="hidden")

    page.select_option(".st-drill-pick select", label="Crane")
    page.wait_for_function("() => document.querySelector('.st-drill-view').innerText.includes('Stuck on 1')")
    drill = page.inner_text(".st-drill-view")
    assert "=1+1" in drill and "stuck" in drill and "runes/01_dice_duel_odds.ipynb" in drill

    files = {}
    for css in (".st-export", ".st-export-summary"):
        with page.expect_download() as download:
            page.click(f"{css} button")
        files[css] = Path(download.value.path()).read_text(encoding="utf-8-sig")
    assert "'=1+1" in files[".st-export"] and "\n=1+1" not in files[".st-export"]
    summary = list(__import__("csv").DictReader(__import__("io").StringIO(files[".st-export-summary"])))
    crane_row = next(r for r in summary if r["student"] == "Crane")
    assert crane_row["exercises_tried"] == "1" and crane_row["exercises_right_first_try"] == "0"

    seed = "8675309123457"
    page.select_option(".st-send-game select", label="Spell Runes")
    page.select_option(".st-send-players select", label="2")
    page.fill(".st-send-seed input", seed)
    page.click(".st-send-go")
    page.wait_for_function(f"() => document.querySelector('.st-send-status').innerText.includes('{seed}')")

    student_context = chromium.new_context()
    student_context.set_default_timeout(READY_MS)
    student = student_context.new_page()
    student.goto(server.url("voila/render/runes/play.ipynb"), wait_until="commit")
    student.wait_for_selector(".st-sent-banner .st-sent-play", state="visible")
    assert "Your teacher sent a position (2 players)" in student.inner_text(".st-sent-banner")
    assert seed not in student.content()
    student.click(".st-sent-play")
    student.wait_for_selector(".sr-runes.sr-playing", state="visible")
    student.wait_for_function("() => document.querySelector('.st-sent-banner').innerText.includes('playing the position')")
    assert seed not in student.content()
    student_context.close()
    context.close()
    store.close()
