"""A prediction on a served lesson page (Voila, Chromium): its answer is hidden until the student
locks in a guess, then shown with the guess compared; the hold explorer reprices on a new roll.

Uses the browser harness of tests/browser (its own Voila server, on copies of notebooks/)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
import browser_harness as bh  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    if not os.access(bh.CHROMIUM, os.X_OK):
        pytest.skip(f"{bh.CHROMIUM} is missing")
    sync_playwright = pytest.importorskip("playwright.sync_api").sync_playwright
    root = bh.make_voila_root(tmp_path_factory.mktemp("served") / "notebooks")
    server = bh.start_voila(root, tmp_path_factory.mktemp("logs") / "voila.log")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=bh.CHROMIUM, args=bh.CHROMIUM_ARGS)
            yield server, browser
            browser.close()
    finally:
        server.stop()


def test_a_prediction_hides_its_answer_until_the_guess_is_locked_in(served):
    server, browser = served
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    problems = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    try:
        page.goto(server.url("voila/render/runes/02_hold_or_reroll.ipynb"), timeout=240_000)
        page.wait_for_function("document.querySelectorAll('.lesson-exercise').length >= 5", timeout=240_000)
        box = page.locator(".lesson-prediction").first
        reveal = box.locator(".lesson-predict-reveal")
        assert not reveal.is_visible()
        box.get_by_text("keep 3 4 (re-roll three dice)").click()
        box.locator(".lesson-predict-commit").click()
        reveal.wait_for(state="visible")
        assert "1/18" in reveal.inner_text() and "equally good" in box.inner_text()
        assert box.locator(".lesson-predict-commit").is_disabled()
        # The hold explorer: type another roll, and the table prices its holds.
        explorer = page.locator(".widget-text").first.locator("xpath=ancestor::div[contains(@class, 'widget-vbox')][1]")
        assert "2 3 5 6" in explorer.inner_text() and "2 3 4 6" not in explorer.inner_text()     # the default 2 3 3 5 6
        explorer.locator("input").first.fill("1 2 3 4 6")
        explorer.locator("input").first.press("Enter")
        explorer.get_by_text("2 3 4 6").first.wait_for(timeout=30_000)
        assert not problems, problems
    finally:
        page.close()
