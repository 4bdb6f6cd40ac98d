"""The Abracada play page in a real Chromium: Voila (a whole round by clicking, then a reload
and resume) and JupyterLab (the board renders and plays).

The servers are session fixtures started after collection, so the environment set here at
import reaches their kernels: bots move without a pause (``SPELLTOWER_BOT_DELAY=0``, read by
the notebook), saves go to a fresh folder, and the repository is importable from a kernel
started in ``notebooks/abracada/`` (as ``scripts/serve`` does for Voila).
"""
from __future__ import annotations

import os
import random
import re
import tempfile

import pytest
from playwright.sync_api import expect

from browser_harness import ANSWER_MS, REPO

os.environ["SPELLTOWER_BOT_DELAY"] = "0"
os.environ["SPELLTOWER_SAVES"] = tempfile.mkdtemp(prefix="spelltower-saves-")
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)

BOARD = ".st-abracada"
PLAYING = ".st-abracada.st-playing"
LOG = ".st-abracada .st-log"
TIMEOUT = ANSWER_MS
SETTLE_MS = 150


def log_text(page) -> str:
    return page.locator(LOG).inner_text()


def click_and_wait_for_log(page, selector: str) -> None:
    """Click, then wait until the game log shows something new (the board answered).

    One move updates several widgets, and the page applies each widget's update on its own
    (ipywidgets deserializes every model asynchronously), so the buttons may settle a moment
    after the log: wait briefly before reading them.
    """
    before = log_text(page)
    page.click(selector)
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                           arg=[LOG, before], timeout=TIMEOUT)
    page.wait_for_timeout(SETTLE_MS)


def play_round_by_clicking(page, rng: random.Random, max_clicks: int = 300) -> int:
    """Click enabled spells (and sometimes End turn) until the round is over; returns clicks."""
    for clicks in range(max_clicks):
        if page.locator(".st-abracada .st-next").is_visible():
            return clicks
        spells = [f".st-abracada .st-spell-{v}" for v in range(1, 9)
                  if page.locator(f".st-abracada .st-spell-{v}").is_enabled()]
        can_end = page.locator(".st-abracada .st-end").is_enabled()
        choice = ".st-abracada .st-end" if can_end and (not spells or rng.random() < 0.3) else rng.choice(spells)
        click_and_wait_for_log(page, choice)
    raise AssertionError(f"the round did not end after {max_clicks} clicks")


def test_voila_play_a_round_then_reload_and_resume(voila_page, page):
    voila_page("abracada/play.ipynb", ready=f"{BOARD} .st-start")
    expect(page.locator(f"{BOARD} .st-title")).to_have_text("Abracada...What?")
    page.click(f"{BOARD} .st-start")
    page.wait_for_selector(f"{PLAYING} .st-spell-3", state="visible", timeout=TIMEOUT)
    expect(page.locator(f"{BOARD} .st-me")).to_contain_text("You")
    assert page.locator(f"{BOARD} .st-me .st-gem").count() == 5      # five face-down stones

    centre_before = page.locator(f"{BOARD} .st-centre").inner_html()
    lines_before = page.locator(f"{LOG} .st-line").count()
    click_and_wait_for_log(page, f"{BOARD} .st-spell-8")               # 8 Magic Drink: 8 copies
    assert page.locator(f"{LOG} .st-line").count() > lines_before
    expect(page.locator(LOG)).to_contain_text(re.compile(r"You (cast|declared) 8 · Magic Drink"))
    clicks = 1 + play_round_by_clicking(page, random.Random(7))
    assert page.locator(f"{BOARD} .st-centre").inner_html() != centre_before or clicks > 1

    result = page.locator(f"{BOARD} .st-result")
    expect(result).to_be_visible()
    expect(result).to_contain_text("Round 1")
    expect(page.locator(LOG)).to_contain_text("Round 1 is over")
    page.locator(BOARD).screenshot(path=str(REPO / "artifacts" / "abracada_board_voila.png"))
    round_log = log_text(page)

    # A reload gives a new kernel; the autosave brings the same game back.
    page.reload()
    page.wait_for_selector(f"{BOARD} .st-resume", state="visible", timeout=60_000)
    page.click(f"{BOARD} .st-resume")
    page.wait_for_selector(PLAYING, state="visible", timeout=TIMEOUT)
    # The log's scrolling panel is there before its lines arrive: wait for them.
    expect(page.locator(LOG)).to_have_text(round_log, use_inner_text=True, timeout=TIMEOUT)
    assert log_text(page) == round_log
    page.click(f"{BOARD} .st-next")
    expect(page.locator(LOG)).to_contain_text("Round 2")


# Where the board waits for the student, read from the page: the round is over ("next"), a
# successful Magic Drink left only 8 to follow ("again"), or a fresh turn ("declare"). A state
# seen just after a click may be stale (widgets update one by one), so "declare" needs the hint
# to say "Your turn" and the log's last line to be someone else's; a stale pick only costs a
# click the engine refuses.
SETTLED_JS = """([again, yourTurn]) => {
    const q = s => document.querySelector(s);
    const next = q('.st-abracada .st-next');
    if (next && next.offsetParent !== null) return 'next';
    const one = q('.st-abracada .st-spell-1');
    if (one && (one.title || '').includes(again)) return 'again';
    const eight = q('.st-abracada .st-spell-8');
    const hint = q('.st-abracada .st-hint');
    const lines = (q('.st-abracada .st-log').innerText || '').trim().split('\\n');
    const last = lines[lines.length - 1] || '';
    if (eight && !eight.disabled && hint && hint.innerText.includes(yourTurn)
        && !last.startsWith('You declared')) return 'declare';
    return false;
}"""


def test_voila_disabled_spell_shows_the_engines_reason(voila_page, page):
    voila_page("abracada/play.ipynb", ready=f"{BOARD} .st-start")
    page.click(f"{BOARD} .st-start")
    page.wait_for_selector(f"{PLAYING} .st-spell-8", state="visible", timeout=TIMEOUT)
    for _ in range(60):                           # find a successful cast above 1
        state = page.wait_for_function(SETTLED_JS, arg=["only 8 to 8 may follow", "Your turn"],
                                       timeout=4 * TIMEOUT).json_value()
        if state == "again":
            break
        if state == "next" and not page.locator(f"{BOARD} .st-next").is_visible():
            continue                              # a stale look: the next round has begun since
        click_and_wait_for_log(page, f"{BOARD} .st-next" if state == "next" else f"{BOARD} .st-spell-8")
    else:
        pytest.fail("never got a successful Magic Drink")
    assert page.locator(f"{BOARD} .st-spell-1").is_disabled()
    assert "only 8 to 8 may follow" in page.locator(f"{BOARD} .st-spell-1").get_attribute("title")


def test_jupyterlab_renders_and_plays_the_board(lab_server, page):
    # ?reset: start from an empty workspace, not with the tabs other tests left open.
    page.goto(lab_server.url("lab/tree/notebooks/abracada/play.ipynb?reset"))
    page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell", timeout=90_000)
    expect(page.get_by_text("Python 3 (ipykernel) | Idle")).to_be_visible(timeout=90_000)
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
    page.wait_for_selector(f"{BOARD} .st-start", state="visible", timeout=120_000)
    page.click(f"{BOARD} .st-start")
    page.wait_for_selector(f"{PLAYING} .st-spell-8", state="visible", timeout=TIMEOUT)
    click_and_wait_for_log(page, f"{BOARD} .st-spell-8")
    expect(page.locator(LOG)).to_contain_text(re.compile(r"You (cast|declared) 8 · Magic Drink"))
    page.locator(BOARD).screenshot(path=str(REPO / "artifacts" / "abracada_board_lab.png"))


def test_voila_play_page_keeps_the_language_of_its_link(voila_page, page):
    """?lang=ru (the Russian lessons and the gallery link so) opens the board in Russian, and
    the page's own links keep the language: the gallery with ?lang=ru, the lessons in ru/."""
    voila_page("abracada/play.ipynb?lang=ru", ready=f"{BOARD} .st-start")
    expect(page.locator(f"{BOARD} .st-start")).to_have_text("Начать игру")
    expect(page).to_have_title("Абракада...что? — игра")        # the title follows ?lang= (Voila template)
    nav = page.locator(".course-nav")
    expect(nav.locator("a").first).to_have_attribute("href", "../index.ipynb?lang=ru")
    expect(nav.locator("a").nth(1)).to_have_attribute("href", "ru/01_meet_the_tower.ipynb")
    page.click(f"{BOARD} .st-start")
    page.wait_for_selector(f"{PLAYING} .st-spell-8", state="visible", timeout=TIMEOUT)
    click_and_wait_for_log(page, f"{BOARD} .st-spell-8")
    expect(page.locator(LOG)).to_contain_text(re.compile(r"Вы (объявляете|объявили) 8 · "))

