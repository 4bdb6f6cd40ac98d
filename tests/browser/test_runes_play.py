"""The Spell Runes play page in a real Chromium through Voila: set up, pick a board, pass the
windows, hold a die by clicking it, re-roll, stop, attack a chosen foe by clicking it, end the turn.

The servers are session fixtures started after collection, so the environment set here at
import reaches their kernels: bots move without a pause, the autosave goes to a fresh folder,
and the repository is importable from the kernel.
"""
from __future__ import annotations

import os
import tempfile

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from browser_harness import ANSWER_MS, REPO, runes_screen

os.environ["SPELLTOWER_BOT_DELAY"] = "0"
os.environ["SPELLTOWER_SAVES"] = tempfile.mkdtemp(prefix="spelltower-saves-")
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)

BOARD = ".sr-runes"
LOG = ".sr-runes .sr-log"
TIMEOUT = ANSWER_MS


WATCH = f"{BOARD} .sr-prompt, {LOG}"


def log_text(page) -> str:
    return page.locator(LOG).inner_text()


def _snapshot_js() -> str:
    return "(sel) => [...document.querySelectorAll(sel)].map(e => e.innerHTML).join('|')"


def click_and_wait(page, selector: str, watch: str = WATCH) -> None:
    """Click, then wait until ``watch`` (the prompt and the log) shows something new: the kernel
    answered. A pass adds no log line, but it always changes who is asked what."""
    before = page.evaluate(_snapshot_js(), watch)
    page.click(selector)
    page.wait_for_function(f"([sel, old]) => ({_snapshot_js()})(sel) !== old", arg=[watch, before], timeout=TIMEOUT)


def click_if_still_there(page, selector: str) -> None:
    """Click a button the bots may take away (their moves close windows), then wait for the answer.

    A button that is gone by the time Playwright would click it is not an error: the caller looks
    at the board again. Only the wait for a button that is already there is short.
    """
    before = page.evaluate(_snapshot_js(), WATCH)
    try:
        page.click(selector, timeout=3_000)
    except PlaywrightTimeoutError:
        return
    page.wait_for_function(f"([sel, old]) => ({_snapshot_js()})(sel) !== old", arg=[WATCH, before], timeout=TIMEOUT)


def reach_my_roll(page) -> None:
    """Keep the first board offered in the draft and pass every window until the student rolls."""
    keep = f"{BOARD} .sr-move:text-matches('^keep the')"
    for _ in range(80):
        screen = runes_screen(page, BOARD, TIMEOUT)
        if screen == "roll":
            return
        if screen == "keep":
            click_if_still_there(page, f"{keep} >> nth=0")
        else:
            click_if_still_there(page, f"{BOARD} .sr-pass")
    raise AssertionError("the student never got to roll")


def dice_values(page) -> list[int]:
    return [int(t) for t in page.locator(f"{BOARD} .sr-die").all_inner_texts() if t.strip()]


def test_voila_a_whole_turn_by_clicking_with_an_attack_on_a_chosen_foe(voila_page, page):
    voila_page("runes/play.ipynb", ready=f"{BOARD} .sr-start")
    expect(page.locator(f"{BOARD} .sr-title")).to_have_text("Spell Runes")
    page.fill(f"{BOARD} .sr-setup input[type=text]", "7")     # a fixed seed: the same game every run
    page.click(f"{BOARD} .sr-start")
    page.wait_for_selector(f"{BOARD}.sr-playing .sr-move", state="visible", timeout=TIMEOUT)
    expect(page.locator(f"{BOARD} .sr-me")).to_contain_text("You")
    reach_my_roll(page)
    expect(page.locator(LOG)).to_contain_text("die plus bonuses")      # the initiative roll explained
    expect(page.locator(f"{BOARD} .sr-advisor")).to_contain_text("Best hold")

    # Roll: hold the first die by clicking it, re-roll the others, until a pair shows.
    first = page.locator(f"{BOARD} .sr-die-0")
    held_value = first.inner_text()
    first.click()
    expect(first).to_have_class(lambda_re("mod-active"))
    rolls_before = log_text(page).count("(seat 0) rolls:")
    click_and_wait(page, f"{BOARD} .sr-reroll")
    assert log_text(page).count("(seat 0) rolls:") == rolls_before + 1
    assert held_value in page.locator(f"{BOARD} .sr-dice-row").inner_text()
    while not any(dice_values(page).count(v) >= 2 for v in set(dice_values(page))):
        assert page.locator(f"{BOARD} .sr-reroll").is_visible(), "no pair in three rolls"
        click_and_wait(page, f"{BOARD} .sr-reroll")
    if page.locator(f"{BOARD} .sr-stop").is_visible():
        click_and_wait(page, f"{BOARD} .sr-stop")

    # Cast an Attack with a chosen pair on a chosen foe: two foes stand, so the board asks.
    dice = dice_values(page)
    pair = max(v for v in set(dice) if dice.count(v) >= 2)
    for i in [i for i, v in enumerate(dice) if v == pair][:2]:
        page.locator(f"{BOARD} .sr-die-{i}").click()
        expect(page.locator(f"{BOARD} .sr-die-{i}")).to_have_class(lambda_re("mod-active"))
    page.click(f"{BOARD} .sr-spell-attack")
    foes = page.locator(f"{BOARD} .sr-foe:visible")
    expect(foes).to_have_count(2)
    expect(page.locator(f"{BOARD} .sr-seat.sr-aim")).to_have_count(2)
    target = foes.nth(1)
    name = target.inner_text().replace("Aim at", "").strip()
    click_and_wait(page, f"{BOARD} .sr-foe:visible >> nth=1")
    expect(page.locator(LOG)).to_contain_text("(seat 0) casts")
    expect(page.locator(f"{BOARD} .sr-seat.sr-aim")).to_have_count(0)
    wizard = name.split(" · ")[-1]                    # "Bot 3 · Warlock": the log names the wizard
    aimed = [line for line in log_text(page).splitlines() if "(seat 0) casts" in line and " at " in line]
    assert aimed and aimed[-1].split(" at ")[-1].startswith(wizard), aimed

    # Back to the student: cast what else the dice allow, then end the turn.
    for _ in range(10):
        page.locator(f"{BOARD} .sr-end:visible, {BOARD} .sr-pass:visible").first.wait_for(state="visible",
                                                                                        timeout=TIMEOUT)
        if page.locator(f"{BOARD} .sr-end").is_visible():
            break
        click_and_wait(page, f"{BOARD} .sr-pass")
    turns_before = log_text(page).count("ends the turn")
    click_and_wait(page, f"{BOARD} .sr-end")
    expect(page.locator(LOG)).to_contain_text("(seat 0) ends the turn")
    assert log_text(page).count("ends the turn") > turns_before
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator(BOARD).screenshot(path=str(REPO / "artifacts" / "runes_board_voila.png"))


def lambda_re(text: str):
    import re
    return re.compile(rf"(^|\s){text}(\s|$)")
