"""Every Abracada lesson opens in the classroom Voila with its code hidden and no error shown
or logged (the ``page`` fixture fails on console errors), and its exercises answer clicks."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from towerlib.abracada import rules

NAMES = ["01_meet_the_tower", "02_counting_stones", "03_what_do_i_hold", "04_which_spell_now",
         "05_let_the_bots_play"]
PATHS = [f"abracada/{n}.ipynb" for n in NAMES] + [f"abracada/ru/{n}.ipynb" for n in NAMES]
EXERCISE = ".lesson-exercise"
ERROR_OUTPUTS = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], .jp-RenderedText[data-mime-type='application/vnd.jupyter.error']"


@pytest.mark.parametrize("path", PATHS)
def test_lesson_renders_without_errors(voila_page, page, path):
    voila_page(path, ready=EXERCISE)
    # The exercises come last: wait until the whole lesson has run.
    page.wait_for_function("document.querySelectorAll('.lesson-exercise').length >= 3", timeout=120_000)
    assert page.locator(ERROR_OUTPUTS).count() == 0, "an error or stderr output is shown"
    assert "Traceback" not in page.inner_text("body")
    assert "from widgets" not in page.content(), "code must be hidden"
    # Parts drawn after the page opened (a sympy derivation, a plot) arrive from the kernel's thread.
    if page.locator(".lesson-later-text").count():
        page.wait_for_function("[...document.querySelectorAll('.lesson-later-text')].every("
                               "e => e.innerText.trim() && e.innerText.trim() !== '…')", timeout=120_000)
    # Unreadable input gets a message, a wrong number a "wrong" (or, for a dropdown, nothing breaks).
    first = page.locator(EXERCISE).first
    box = first.locator(".exercise-input input")
    if box.count():
        box.fill("abc")
        first.locator(".exercise-check").click()
        expect(first.locator(".exercise-unread")).to_be_visible()


@pytest.mark.parametrize("path, right, wrong", [
    ("abracada/01_meet_the_tower.ipynb", str(rules.TOTAL_STONES), str(rules.TOTAL_STONES - 1)),
    ("abracada/ru/01_meet_the_tower.ipynb", str(rules.TOTAL_STONES), str(rules.TOTAL_STONES + 1)),
])
def test_exercise_says_right_and_wrong_in_the_browser(voila_page, page, path, right, wrong):
    voila_page(path, ready=EXERCISE)
    first = page.locator(EXERCISE).first
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


# ----- live text, course links, Enter (issues #20.3, #20.5, #13.2) ---------------------------------------
RUN = ".lesson-live-run"


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
def test_play_more_redraws_the_sentence_with_the_table(voila_page, page, path, games_word):
    voila_page(path, ready=f"{RUN} .lesson-run-start")
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


@pytest.mark.parametrize("path, title, gallery, next_title", [
    ("abracada/02_counting_stones.ipynb", "Lesson 2 · Counting stones — Abracada...What?", "../index.ipynb",
     "Lesson 3 · What do I hold?"),
    ("abracada/ru/02_counting_stones.ipynb", "Урок 2 · Считаем камни — Абракада...что?", "../../index.ipynb?lang=ru",
     "Урок 3 · Что у меня в руке?"),
])
def test_lesson_title_links_and_enter(voila_page, page, path, title, gallery, next_title):
    voila_page(path, ready=EXERCISE)
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
