"""A nickname first, on a real classroom server (``scripts/serve`` with the card on, as a class
gets it): a new student's first page is covered by the card until they pick a nickname; their
next pages do not ask again; a preheated play page asks in its link's language; the class page
shows the nickname, and "Student n" for a student who has not chosen one.
"""
from __future__ import annotations

import secrets
import os
import shutil
import time

import pytest

import browser_harness as bh

TOKEN = secrets.token_urlsafe(24)   # a chosen token needs 128 bits of randomness
GATE = ".st-nickname-gate"
PLAY = "abracada/play.ipynb"
BOARD_READY = ".st-abracada .st-start"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("nickname-root")
    for page in ("index.ipynb", "teacher.ipynb", PLAY):
        (root / page).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(bh.REPO / "notebooks" / page, root / page)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SPELLTOWER_NICKNAME_FIRST", "1")
        patch.setenv("SPELLTOWER_TEACHER_TOKEN", TOKEN)
        patch.setenv("SPELLTOWER_SAVES", str(tmp_path_factory.mktemp("nickname-saves")))
        patch.delenv("SPELLTOWER_RECORD_URL", raising=False)
        patch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(bh.REPO), os.environ.get("PYTHONPATH")) if p))
        started = bh.start_voila(root, tmp_path_factory.mktemp("logs") / "voila.log",
                                 extra_args=["--WarmKernelManager.pool_size=0",
                                             f"--ClassroomKernelConnection.shutdown_delay={bh.TEST_SHUTDOWN_DELAY}"])
    yield started
    started.stop()


def _goto(page, server, path: str, ready: str) -> None:
    page.goto(server.url(f"voila/render/{path}"), wait_until="commit")
    page.wait_for_selector(ready, state="visible", timeout=bh.ANSWER_MS)


def _covers_the_page(page) -> bool:
    """Whether the card is what a click in the middle of the window would hit."""
    return page.evaluate(f"""() => {{
        const hit = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
        return !!(hit && hit.closest('{GATE}'));
    }}""")


def test_the_first_page_asks_once_and_the_class_page_uses_the_nickname(server, browser_pages):
    owl = browser_pages()
    _goto(owl, server, "index.ipynb", f"{GATE} .st-nickname-field input")
    assert _covers_the_page(owl)
    assert "First, pick a nickname" in owl.inner_text(GATE)
    owl.fill(f"{GATE} .st-nickname-field input", "<i>x</i>")
    owl.click(f"{GATE} .st-nickname-go")
    owl.wait_for_function(f"() => document.querySelector('{GATE} .st-nickname-message').innerText.includes('is not one')",
                          timeout=bh.ANSWER_MS)
    owl.fill(f"{GATE} .st-nickname-field input", "Quiet Owl")
    owl.click(f"{GATE} .st-nickname-go")
    owl.wait_for_selector(GATE, state="hidden", timeout=bh.ANSWER_MS)
    assert not _covers_the_page(owl)

    _goto(owl, server, PLAY, BOARD_READY)           # the next page: the nickname is known
    time.sleep(3)                                   # the page has asked the record by now (a busy machine: more)
    assert owl.locator(f"{GATE}:visible").count() == 0

    fox = browser_pages()                           # another student, on a preheated play page, in Russian
    _goto(fox, server, f"{PLAY}?lang=ru", f"{GATE} .st-nickname-field input")
    assert _covers_the_page(fox) and "Сначала выберите псевдоним" in fox.inner_text(GATE)

    teacher = browser_pages()
    _goto(teacher, server, f"teacher.ipynb?teacher={TOKEN}", ".st-class .st-section-progress")
    teacher.wait_for_function("() => { const t = document.querySelector('.st-section-progress').innerText;"
                              " return t.includes('Quiet Owl') && t.includes('Student 2'); }", timeout=bh.ANSWER_MS)
    assert teacher.locator(f"{GATE}:visible").count() == 0          # the teacher is never asked


FOCUS_IN_GATE = f"() => !!(document.activeElement && document.activeElement.closest('{GATE} .st-nickname-card'))"


def test_the_card_keeps_the_keyboard_and_the_nickname_can_be_changed(server, browser_pages):
    """The card opens with the cursor in its field, Tab never leaves it, Enter saves; then "You are
    …" with "Change nickname" at the top of the page reopens it, with "Keep my nickname" too."""
    heron = browser_pages()
    _goto(heron, server, PLAY, f"{GATE} .st-nickname-field input")
    heron.wait_for_function(f"() => document.activeElement === document.querySelector('{GATE} .st-nickname-field input')",
                            timeout=bh.ANSWER_MS)
    for _ in range(6):
        heron.keyboard.press("Tab")
        assert heron.evaluate(FOCUS_IN_GATE), "Tab left the card"
    for _ in range(3):
        heron.keyboard.press("Shift+Tab")
        assert heron.evaluate(FOCUS_IN_GATE), "Shift+Tab left the card"
    heron.evaluate("() => document.querySelector('.st-abracada .st-start').focus()")   # focus pushed outside
    assert heron.evaluate(FOCUS_IN_GATE), "focus went behind the card"
    heron.fill(f"{GATE} .st-nickname-field input", "Grey Heron")
    heron.keyboard.press("Enter")
    heron.wait_for_selector(GATE, state="hidden", timeout=bh.ANSWER_MS)
    chip = heron.locator(".st-nickname-chip")
    chip.wait_for(state="visible", timeout=bh.ANSWER_MS)
    assert "You are Grey Heron." in chip.inner_text()

    chip.locator(".st-nickname-change").click()
    heron.wait_for_selector(f"{GATE} .st-nickname-keep", state="visible", timeout=bh.ANSWER_MS)
    assert heron.input_value(f"{GATE} .st-nickname-field input") == "Grey Heron"
    heron.click(f"{GATE} .st-nickname-keep")
    heron.wait_for_selector(GATE, state="hidden", timeout=bh.ANSWER_MS)
    chip.locator(".st-nickname-change").click()
    heron.wait_for_selector(f"{GATE} .st-nickname-field input", state="visible", timeout=bh.ANSWER_MS)
    heron.fill(f"{GATE} .st-nickname-field input", "Night Heron")
    heron.keyboard.press("Enter")
    heron.wait_for_function("() => document.querySelector('.st-nickname-chip').innerText.includes('Night Heron')",
                            timeout=bh.ANSWER_MS)
    _goto(heron, server, "index.ipynb", ".st-nickname-chip .st-nickname-change")     # the gallery has it too
    heron.wait_for_function("() => document.querySelector('.st-nickname-chip').innerText.includes('Night Heron')",
                            timeout=bh.ANSWER_MS)
    assert heron.locator(f"{GATE}:visible").count() == 0
