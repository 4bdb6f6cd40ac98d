"""The Spell Runes play page in a real Chromium through Voila: set up, pick a board, roll, hold
a die by clicking it, re-roll, stop, cast, and see the board change.

The servers are session fixtures started after collection, so the environment set here at
import reaches their kernels: bots move without a pause, the autosave goes to a fresh folder,
and the repository is importable from the kernel.
"""
from __future__ import annotations

import os
import tempfile

from playwright.sync_api import expect

from browser_harness import REPO

os.environ["SPELLTOWER_BOT_DELAY"] = "0"
os.environ["SPELLTOWER_SAVES"] = tempfile.mkdtemp(prefix="spelltower-saves-")
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)

BOARD = ".sr-runes"
LOG = ".sr-runes .sr-log"
TIMEOUT = 30_000


def log_text(page) -> str:
    return page.locator(LOG).inner_text()


def click_and_wait(page, selector: str, watch: str = LOG) -> None:
    """Click, then wait until ``watch`` shows something new (the kernel answered)."""
    before = page.locator(watch).inner_html()
    page.click(selector)
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerHTML !== old",
                           arg=[watch, before], timeout=TIMEOUT)


def reach_my_roll(page) -> None:
    """Keep the first board in the draft and pass any window until the student is rolling."""
    answer = f"{BOARD} .sr-move:text-matches('^(keep the|pass)')"
    for _ in range(20):
        if page.locator(f"{BOARD} .sr-reroll").is_visible():
            return
        page.locator(answer).first.wait_for(state="visible", timeout=TIMEOUT)
        click_and_wait(page, f"{answer} >> nth=0")
    raise AssertionError("the student never got to roll")


def test_voila_roll_hold_reroll_and_cast(voila_page, page):
    voila_page("runes/play.ipynb", ready=f"{BOARD} .sr-start")
    expect(page.locator(f"{BOARD} .sr-title")).to_have_text("Spell Runes")
    page.fill(f"{BOARD} .sr-setup input[type=text]", "7")     # a fixed seed: the same game every run
    page.click(f"{BOARD} .sr-start")
    page.wait_for_selector(f"{BOARD}.sr-playing .sr-move", state="visible", timeout=TIMEOUT)
    expect(page.locator(f"{BOARD} .sr-me")).to_contain_text("You")
    cast = False
    for _turn in range(6):
        reach_my_roll(page)
        expect(page.locator(f"{BOARD} .sr-advisor")).to_contain_text("Best hold")
        first = page.locator(f"{BOARD} .sr-die-0")
        held_value = first.inner_text()
        first.click()                                              # hold the first die
        expect(first).to_have_class(lambda_re("mod-active"))
        rolls_before = log_text(page).count("(seat 0) rolls:")
        click_and_wait(page, f"{BOARD} .sr-reroll")                 # re-roll the other four
        assert log_text(page).count("(seat 0) rolls:") == rolls_before + 1
        assert held_value in page.locator(f"{BOARD} .sr-dice-row").inner_text()
        if page.locator(f"{BOARD} .sr-stop").is_visible():
            click_and_wait(page, f"{BOARD} .sr-stop")
        health_before = page.locator(f"{BOARD} .sr-seat").all_inner_texts()
        spells = [f"{BOARD} .sr-spell >> nth={i}" for i in range(9)
                  if page.locator(f"{BOARD} .sr-spell").nth(i).is_enabled()]
        if spells:
            click_and_wait(page, spells[-1])
            expect(page.locator(LOG)).to_contain_text("(seat 0) casts")
            cast = True
            if page.locator(f"{BOARD} .sr-end").is_enabled():
                click_and_wait(page, f"{BOARD} .sr-end")
            assert page.locator(f"{BOARD} .sr-seat").all_inner_texts() != health_before or cast
            break
        click_and_wait(page, f"{BOARD} .sr-end")
    assert cast, "no spell could be cast in six turns"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator(BOARD).screenshot(path=str(REPO / "artifacts" / "runes_board_voila.png"))


def lambda_re(text: str):
    import re
    return re.compile(rf"(^|\s){text}(\s|$)")
