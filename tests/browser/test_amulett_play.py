"""Das Amulett in a real Chromium through Voila: the play page starts from its set-up form, and
the student keeps the dealt spells, wins a Spell phase auction by choosing an amount and
clicking Bid, passes in the next one, sets the round marker, wins a Jewel auction, pays with the
card composer, takes a jewel by clicking it and moves Hat #2 by clicking an area.

The seed fixes the deal and the bots (each seat's bot is seeded by its seat), so every step is
known: the kernel-side twin of this path is checked headlessly in
``tests/widgets/test_amulett_board.py``. The servers are session fixtures started after
collection, so the environment set here at import reaches their kernels.
"""
from __future__ import annotations

import os
import re
import tempfile

from playwright.sync_api import expect

from browser_harness import ANSWER_MS, REPO

os.environ["SPELLTOWER_BOT_DELAY"] = "0"
os.environ["SPELLTOWER_SAVES"] = tempfile.mkdtemp(prefix="spelltower-saves-")
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)

BOARD = ".am-amulett"
LOG = f"{BOARD} .am-log"
PROMPT = f"{BOARD} .am-prompt"
TIMEOUT = ANSWER_MS
WATCH = f"{PROMPT}, {LOG}"


def _snapshot_js() -> str:
    return "(sel) => [...document.querySelectorAll(sel)].map(e => e.innerHTML).join('|')"


def click_and_wait(page, selector: str) -> None:
    """Click, then wait until the prompt or the log changes: the kernel answered."""
    before = page.evaluate(_snapshot_js(), WATCH)
    page.locator(selector).first.click()
    page.wait_for_function(f"([sel, old]) => ({_snapshot_js()})(sel) !== old", arg=[WATCH, before], timeout=TIMEOUT)


def bid(page, amount: str) -> None:
    page.select_option(f"{BOARD} .am-bid-amount select", label=amount)
    click_and_wait(page, f"{BOARD} .am-bid")


def test_a_spell_auction_and_a_jewel_auction_by_clicking(voila_page, page):
    voila_page("amulett/play.ipynb", ready=f"{BOARD} .am-start")
    page.fill(f"{BOARD} .am-setup input[type=text]", "7")
    page.click(f"{BOARD} .am-start")
    keep = f"{BOARD} .am-move:visible:text-is('Keep these spells')"
    page.wait_for_selector(keep, timeout=TIMEOUT)
    click_and_wait(page, keep)
    # The Spell phase: Copper Vein is up, player 1 leads with 2; the control offers 3 to 6.
    expect(page.locator(f"{BOARD} .am-market")).to_contain_text("Up for auction: Copper Vein (3)", timeout=TIMEOUT)
    options = page.locator(f"{BOARD} .am-bid-amount select option").all_inner_texts()
    assert options == ["3", "4", "5", "6"]
    bid(page, "4")
    expect(page.locator(LOG)).to_contain_text("Player 0 wins spell Copper Vein for 4.", timeout=TIMEOUT)
    click_and_wait(page, f"{BOARD} .am-pass")                       # the next spell: Auctioneer
    expect(page.locator(PROMPT)).to_contain_text("change the round marker", timeout=TIMEOUT)
    click_and_wait(page, f"{BOARD} .am-move:visible:text-is('Round marker 0')")
    # The Jewel phase: an open ascending auction in A18.
    expect(page.locator(f"{BOARD} .am-market")).to_contain_text("Jewel auction in A18", timeout=TIMEOUT)
    expect(page.locator(f"{BOARD} .am-at-A01")).to_be_disabled()    # Hat #2 is not moving now
    bid(page, "4")
    expect(page.locator(LOG)).to_contain_text("Player 0 bids 4.", timeout=TIMEOUT)
    options = page.locator(f"{BOARD} .am-bid-amount select option").all_inner_texts()
    assert options == ["7", "8", "9"]                             # above the high bid of 6, up to the largest hand
    bid(page, "8")
    # Won: pay all 8 cards with the composer, take the red jewel, move Hat #2 by clicking an area.
    expect(page.locator(f"{BOARD} .am-compose-go")).to_be_visible(timeout=TIMEOUT)
    click_and_wait(page, f"{BOARD} .am-compose-go")
    click_and_wait(page, f"{BOARD} .am-jewel-button:visible:text-is('Take the red jewel')")
    expect(page.locator(LOG)).to_contain_text("Player 0 takes a jewel (red) from A18.", timeout=TIMEOUT)
    expect(page.locator(f"{BOARD} .am-at-A01")).to_be_disabled()    # not one step from A18
    expect(page.locator(f"{BOARD} .am-at-A17")).to_be_enabled()
    expect(page.locator(f"{BOARD} .am-map .am-target")).to_have_count(6)
    click_and_wait(page, f"{BOARD} .am-at-A17")
    expect(page.locator(LOG)).to_contain_text("Player 0 moves Hat #2 to A17.", timeout=TIMEOUT)
    expect(page.locator(f"{BOARD} .am-map")).to_be_visible()
    page.locator(BOARD).screenshot(path=str(REPO / "artifacts" / "amulett_board_voila.png"))


def test_the_play_page_speaks_russian_by_link(voila_page, page):
    voila_page("amulett/play.ipynb?lang=ru", ready=f"{BOARD} .am-start")
    expect(page.locator(f"{BOARD} .am-start")).to_contain_text("Начать игру", timeout=TIMEOUT)


def test_lesson_3_shows_the_ledger_meter_on_its_board(voila_page, page):
    """The lesson's position (its deal has no seed, so the bots' spell bids vary): pass the spell
    auctions, and in the jewel auction in A17 the meter gives each rival's chance to pay."""
    voila_page("amulett/03_what_is_a_bid_worth.ipynb", ready=".lesson-board-open")
    page.locator(".lesson-board-open").click()           # the lesson deals its board on demand
    page.wait_for_selector(f"{BOARD}.am-playing .am-ledger", state="visible", timeout=TIMEOUT)
    market = page.locator(f"{BOARD} .am-market")
    for _ in range(12):                      # pass every spell; answer any other question (Tribute) at once
        page.locator(f"{BOARD} .am-bid-box, {BOARD} .am-move").first.wait_for(state="visible", timeout=TIMEOUT)
        if "Jewel auction in A17" in market.inner_text():
            break
        if page.locator(f"{BOARD} .am-pass").is_visible():
            click_and_wait(page, f"{BOARD} .am-pass")
        else:
            click_and_wait(page, f"{BOARD} .am-move:visible")
    meter = page.locator(f"{BOARD} .am-ledger")
    expect(meter).to_contain_text("possible hands", timeout=TIMEOUT)
    # Exact, unless the bots' spells (wilds, Tribute) made the joint law too large to weigh: then "about".
    expect(meter).to_contain_text(
        re.compile(r"Bot \(player 1\) can pay a bid of \d+ in A17: (exactly \d+(/\d+)?|about \d+%) \("),
        timeout=TIMEOUT)
