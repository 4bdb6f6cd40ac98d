"""Every Abracada lesson opens in the classroom Voila with its code hidden and no error shown
or logged (the ``page`` fixture fails on console errors), and its exercises answer clicks."""
from __future__ import annotations

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
    first.locator(".exercise-input input").fill(right)
    first.locator(".exercise-check").click()
    expect(first.locator(".exercise-right")).to_be_visible()
