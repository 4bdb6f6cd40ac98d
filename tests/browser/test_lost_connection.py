"""A board whose kernel dies says so: "the game lost its connection: Reload to resume" within a
few seconds, with a Reload button that brings a working board back (fault injection: the page's
kernel is killed with SIGKILL, as the out-of-memory killer or a crash would)."""
from __future__ import annotations

import os
import signal
import time

import psutil
from playwright.sync_api import expect

BOARD = ".st-abracada"
LOST = ".st-abracada .st-lost"
#: Ceiling for the message (the server notices a dead kernel within about 3 s, its restarter's
#: poll); a ceiling, not a wait: a quiet machine shows it in a few seconds.
LOST_CEILING_MS = 30_000


def _page_kernel(page, voila_server) -> int:
    kernel_id = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    mine = [pid for pid in voila_server.kernel_pids()
            if kernel_id in " ".join(psutil.Process(pid).cmdline())]
    assert len(mine) == 1, f"the page's kernel {kernel_id}: {mine}"
    return mine[0]


def test_a_killed_kernel_turns_the_board_into_reload_to_resume(voila_server, voila_page, page, page_log):
    page_log.allow(r"(?i)websocket|kernel|connection|restart|comm|widget|status")
    voila_page("abracada/play.ipynb", ready=f"{BOARD} .st-start")
    assert page.locator(LOST).count() == 0
    os.kill(_page_kernel(page, voila_server), signal.SIGKILL)
    killed = time.monotonic()
    lost = page.locator(LOST)
    expect(lost).to_contain_text("The game lost its connection: Reload to resume.", timeout=LOST_CEILING_MS)
    print(f"lost-connection message {time.monotonic() - killed:.1f} s after SIGKILL")
    expect(lost).to_have_attribute("role", "alert")
    assert page.locator(".st-page-lost").count() == 0          # the board says it; no second notice
    page.click(".st-abracada .st-lost-reload")
    expect(page.locator(".st-abracada .st-start")).to_be_visible()
    expect(page.locator(LOST)).to_have_count(0)


def test_a_lesson_whose_kernel_is_killed_says_reload_to_resume(voila_server, voila_page, page, page_log):
    page_log.allow(r"(?i)websocket|kernel|connection|restart|comm|widget|status")
    voila_page("abracada/02_counting_stones.ipynb", ready=".lesson-exercise")
    assert page.locator(".st-page-lost").count() == 0
    os.kill(_page_kernel(page, voila_server), signal.SIGKILL)
    killed = time.monotonic()
    notice = page.locator(".st-page-lost")
    expect(notice).to_contain_text("This page lost its connection: Reload to resume.", timeout=LOST_CEILING_MS)
    print(f"lesson's lost-connection notice {time.monotonic() - killed:.1f} s after SIGKILL")
    expect(notice).to_have_attribute("role", "alert")
    expect(page.locator(".st-page-lost .st-lost-reload")).to_be_focused()
