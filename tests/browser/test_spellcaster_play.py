"""SpellCaster in a real Chromium through Voila: the play page starts, and in lesson 1's fixed
position the student conjures, launches, sees the bot's contest resolved and routes the familiar
onto the rival by clicking the highlighted point.

The servers are session fixtures started after collection, so the environment set here at import
reaches their kernels.
"""
from __future__ import annotations

import os
import tempfile

from playwright.sync_api import expect

from browser_harness import ANSWER_MS, REPO

os.environ["SPELLTOWER_BOT_DELAY"] = "0"
os.environ["SPELLTOWER_SAVES"] = tempfile.mkdtemp(prefix="spelltower-saves-")
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)

BOARD = ".sc-spellcaster"
LOG = f"{BOARD} .sc-log"
TIMEOUT = ANSWER_MS


def move(page, label: str) -> None:
    """Click the move button with this label and wait until the log shows something new."""
    before = page.locator(LOG).inner_html()
    page.locator(f"{BOARD} .sc-move:visible", has_text=label).first.click()
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerHTML !== old",
                           arg=[LOG, before], timeout=TIMEOUT)


def test_play_page_starts_and_buys_attributes(voila_page, page):
    voila_page("spellcaster/play.ipynb", ready=f"{BOARD} .sc-start")
    page.fill(f"{BOARD} .sc-setup input[type=text]", "7")
    page.click(f"{BOARD} .sc-start")
    page.wait_for_selector(f"{BOARD}.sc-playing .sc-buy-life input", timeout=TIMEOUT)
    for name, points in (("life", 2), ("will", 1), ("focus", 0), ("skill", 3)):
        page.fill(f"{BOARD} .sc-buy-{name} input", str(points))
    page.click(f"{BOARD} .sc-buy:enabled", timeout=TIMEOUT)
    expect(page.locator(LOG)).to_contain_text("Seat 1 buys Life Force 30")
    expect(page.locator(f"{BOARD} .sc-map")).to_be_visible()


def test_conjure_launch_and_a_contest_by_clicking(voila_page, page):
    voila_page("spellcaster/01_two_d10s.ipynb", ready=".lesson-board-open")
    page.locator(".lesson-board-open").click()           # the lesson deals its board on demand
    page.wait_for_selector(f"{BOARD} .sc-move:visible", state="visible", timeout=TIMEOUT)
    move(page, "Conjure: draw 1 (F)")
    move(page, "Put back")
    move(page, "Launch spell 1.1")                    # spells count from 1 where a person reads them
    expect(page.locator(LOG)).to_contain_text("Seat 2 contests 1.1", timeout=TIMEOUT)   # the bot contested
    expect(page.locator(LOG)).to_contain_text("caster 7 → 12, seat 2 4 → 9: the caster wins.")
    point = page.locator(f"{BOARD} .sc-at-C")
    expect(point).to_be_enabled(timeout=TIMEOUT)                                     # the Fire path iF-C
    expect(page.locator(f"{BOARD} .sc-at-iE")).to_be_disabled()                      # no Fire path iF-iE
    point.click()
    expect(page.locator(LOG)).to_contain_text("1.1 strikes at C with Mass", timeout=TIMEOUT)
    expect(page.locator(LOG)).to_contain_text(": 3 damage to Seat 2.")
    page.locator(BOARD).screenshot(path=str(REPO / "artifacts" / "spellcaster_board_voila.png"))
