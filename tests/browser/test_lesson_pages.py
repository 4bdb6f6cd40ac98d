"""Every lesson page opened once in the classroom Voila, and every browser check of a lesson read
from that one visit: axe-core, its language and title (``page_checks``); the Abracada lessons
rendered without an error and with their code hidden, and an unreadable answer reported
(Spell Runes lessons 2 and 3: ``tests/runes_lessons``); Abracada lesson 1's exercise
says right and wrong; lesson 2's title, links and Enter; lesson 5's Play-more sentence (issues
#13.2, #15.4, #20.3, #20.5).

A Voila render costs a kernel and seconds of both cores, so a page is not opened again for each
check: the checks of one page run one after another on the same visit (``conftest.py`` orders
them: by page, then as written here, the checks that click after those that only read, and the
check that leaves the page last), then the page is closed. ``test_the_visit_logged_no_error``
comes last for each page: what the ``page`` fixture fails on (console errors, page errors,
requests off the machine) over the whole visit.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

import browser_harness as bh
from browser.conftest import PageLog, _close_watched, _watched_page
from page_checks import AXE, accessibility_problems, open_ready, pages
from towerlib.abracada import rules

LESSONS = [(path, lang) for path, kind, lang in pages(bh.REPO / "notebooks") if kind == "lesson"]
PATHS = [path for path, _ in LESSONS]
ABRACADA = [path for path in PATHS if path.startswith("abracada/")]
LANG = dict(LESSONS)
EXERCISE = ".lesson-exercise"
ERROR_OUTPUTS = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], .jp-RenderedText[data-mime-type='application/vnd.jupyter.error']"
RUN = ".lesson-live-run"


@dataclass
class Visit:
    path: str
    page: object
    context: object
    log: PageLog


@pytest.fixture(scope="module")
def visits(browser, voila_server):
    """The open visit of one page at a time: asking for another page closes the last one."""
    current: dict[str, Visit] = {}

    def visit(path: str) -> Visit:
        if path not in current:
            for old in current.values():
                _close_watched(old.page, old.context, old.log, f"lesson-{old.path}")
            current.clear()
            log = PageLog()
            pg, context = _watched_page(browser, log)
            current[path] = Visit(path, pg, context, log)
            open_ready(pg, voila_server, path, "lesson")
        return current[path]
    yield visit
    for old in current.values():
        _close_watched(old.page, old.context, old.log, f"lesson-{old.path}")


# ----- checks that only read the page ---------------------------------------------------------------
@pytest.mark.parametrize("path", PATHS)
def test_no_serious_or_critical_axe_violation(visits, path):
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (scripts/test does)", pytrace=False)
    problems = accessibility_problems(visits(path).page, path, LANG[path])
    assert not problems, f"{path}: " + "\n".join(problems)


@pytest.mark.parametrize("path", ABRACADA)
def test_lesson_renders_without_errors(visits, path):
    """Code hidden, no error shown, the parts drawn later filled in; an unreadable answer gets a
    message, not a verdict (or, for a dropdown, nothing breaks)."""
    page = visits(path).page
    # The exercises come last: wait until the whole lesson has run.
    page.wait_for_function("document.querySelectorAll('.lesson-exercise').length >= 3", timeout=120_000)
    assert page.locator(ERROR_OUTPUTS).count() == 0, "an error or stderr output is shown"
    assert "Traceback" not in page.inner_text("body")
    assert "from widgets" not in page.content(), "code must be hidden"
    # Parts drawn after the page opened (a sympy derivation, a plot) arrive from the kernel's thread.
    if page.locator(".lesson-later-text").count():
        page.wait_for_function("[...document.querySelectorAll('.lesson-later-text')].every("
                               "e => e.innerText.trim() && e.innerText.trim() !== '…')", timeout=120_000)
    first = page.locator(EXERCISE).first
    box = first.locator(".exercise-input input")
    if box.count():
        box.fill("abc")
        first.locator(".exercise-check").click()
        expect(first.locator(".exercise-unread")).to_be_visible()


# ----- checks that click: after the above, each on its own page -------------------------------------
@pytest.mark.parametrize("path, right, wrong", [
    ("abracada/01_meet_the_tower.ipynb", str(rules.TOTAL_STONES), str(rules.TOTAL_STONES - 1)),
    ("abracada/ru/01_meet_the_tower.ipynb", str(rules.TOTAL_STONES), str(rules.TOTAL_STONES + 1)),
])
def test_exercise_says_right_and_wrong_in_the_browser(visits, path, right, wrong):
    first = visits(path).page.locator(EXERCISE).first
    first.locator(".exercise-input input").fill(wrong)
    first.locator(".exercise-check").click()
    expect(first.locator(".exercise-wrong")).to_be_visible()
    expect(first.locator(".exercise-reveal")).to_have_count(0)      # one wrong try: no answer offered yet
    first.locator(".exercise-check").click()
    expect(first.locator(".exercise-reveal")).to_be_visible()        # two: "Show the answer" appears
    first.locator(".exercise-reveal").click()
    expect(first.locator(".exercise-answer")).to_contain_text(right)
    first.locator(".exercise-input input").fill(right)
    first.locator(".exercise-check").click()
    expect(first.locator(".exercise-right")).to_be_visible()


def table_and_sentence(run) -> tuple[list[list[str]], str]:
    rows = run.locator(".lesson-live-text tbody tr")
    cells = [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())]
    return cells, run.locator(".lesson-live-text p").first.inner_text()


def press_and_stop(page, run, seen_games: int) -> None:
    """Press the Play button, let some games come in, press Stop, wait for the last redraw."""
    run.locator(".lesson-run-start").click()
    page.wait_for_function(
        """([run, seen]) => {
               const cell = document.querySelectorAll(run)[0].querySelector('.lesson-live-text tbody td:nth-child(2)');
               return cell && Number(cell.innerText.replace(/\\D/g, '')) > seen;
           }""", arg=[RUN, seen_games], timeout=120_000)
    run.locator(".lesson-run-stop").click()
    expect(run.locator(".lesson-run-start")).to_be_enabled(timeout=120_000)


@pytest.mark.parametrize("path, games_word", [("abracada/05_let_the_bots_play.ipynb", "After"),
                                              ("abracada/ru/05_let_the_bots_play.ipynb", "Сыграно партий")])
def test_play_more_redraws_the_sentence_with_the_table(visits, path, games_word):
    page = visits(path).page
    page.wait_for_selector(f"{RUN} .lesson-run-start", state="visible")
    run = page.locator(RUN).first
    assert run.locator(".lesson-live-text table").count() == 0, "no game is played while the page renders"
    seen = 0
    for press in range(2):                      # "Play 900 games", then "Play 900 more games"
        press_and_stop(page, run, seen)
        rows, sentence = table_and_sentence(run)
        games = {row[1] for row in rows}
        assert len(games) == 1, rows
        total = int(re.sub(r"\D", "", games.pop()))
        assert total > seen
        best = max(rows, key=lambda r: int(re.sub(r"\D", "", r[2])))
        assert games_word in sentence
        first_number = re.search(r"\d[\d,\u00a0\u202f ]*\d|\d", sentence).group()
        assert int(re.sub(r"\D", "", first_number)) == total, (total, sentence)      # "After 1,234 games"
        assert best[0] in sentence and best[3] in sentence, (best, sentence)     # the leader and its rate
        expect(run.locator(".lesson-live-plot").first).to_be_visible(timeout=60_000)   # made on the first redraw
        seen = total
    assert "more" in run.locator(".lesson-run-start").inner_text() or "ещё" in run.locator(".lesson-run-start").inner_text()


# ----- the check that leaves the page: last but one ----------------------------------------------------
@pytest.mark.parametrize("path, title, gallery, next_title", [
    ("abracada/02_counting_stones.ipynb", "Lesson 2 · Counting stones — Abracada...What?", "../index.ipynb",
     "Lesson 3 · What do I hold?"),
    ("abracada/ru/02_counting_stones.ipynb", "Урок 2 · Считаем камни — Абракада...что?", "../../index.ipynb?lang=ru",
     "Урок 3 · Что у меня в руке?"),
])
def test_lesson_title_links_and_enter(visits, path, title, gallery, next_title):
    page = visits(path).page
    expect(page).to_have_title(title)
    nav = page.locator(".jp-RenderedMarkdown a", has_text=next_title).first
    expect(page.locator(f'a[href="{gallery}"]').first).to_be_visible()
    # Enter checks an answer, as the Check button does.
    page.wait_for_function("document.querySelectorAll('.lesson-exercise').length >= 3", timeout=120_000)
    first = page.locator(EXERCISE).first
    first.locator(".exercise-input input").fill("0")
    first.locator(".exercise-input input").press("Enter")
    expect(first.locator(".exercise-wrong")).to_be_visible()
    # The next lesson is one click away, in the same language.
    nav.click()
    page.wait_for_selector(EXERCISE, state="visible", timeout=240_000)
    expect(page).to_have_title(re.compile(re.escape(next_title)))


# ----- last for each page ------------------------------------------------------------------------------
@pytest.mark.parametrize("path", PATHS)
def test_the_visit_logged_no_error(visits, path):
    problems = visits(path).log.problems()
    assert not problems, "the page misbehaved:\n  " + "\n  ".join(problems)
