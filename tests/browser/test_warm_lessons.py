"""Lessons served from the warm kernel pool (widgets/warmpool.py) on the classroom server: each
student's lesson kernel is that student's (answers kept in their own space, restored on reload,
never shown to another student), and the lesson keeps its link's folder (the Russian lesson)."""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from playwright.sync_api import expect

from towerlib.abracada import rules

# Where the server writes every student's saves (set before the session's server starts, as
# test_classroom.py does; whichever module is collected first decides).
os.environ.setdefault("SPELLTOWER_SAVES", tempfile.mkdtemp(prefix="spelltower-saves-"))
LESSON = "abracada/01_meet_the_tower.ipynb"
EXERCISE = ".lesson-exercise"


def _answer(page, text: str) -> None:
    first = page.locator(EXERCISE).first
    first.locator(".exercise-input input").fill(text)
    first.locator(".exercise-check").click()


def _answer_files(space_root: Path) -> set[Path]:
    return set(space_root.glob("students/*/lessons/answer-*.json"))


def _wait_for_warm_kernels(server, seconds: float = 180) -> None:
    """Until the server's log says a warm kernel is ready (a ceiling, not a timing)."""
    deadline = time.monotonic() + seconds
    while "Warm kernel ready" not in server.log_path.read_text():
        assert time.monotonic() < deadline, "the warm pool never filled"
        time.sleep(0.5)


def test_warm_lesson_kernels_keep_each_students_answers(voila_page, browser_pages, voila_server):
    saves = Path(os.environ["SPELLTOWER_SAVES"])
    _wait_for_warm_kernels(voila_server)
    alice, bob = browser_pages(), browser_pages()
    voila_page(LESSON, ready=EXERCISE, on=alice)
    before = _answer_files(saves)
    _answer(alice, str(rules.TOTAL_STONES - 1))                   # a wrong answer, kept as it is
    expect(alice.locator(EXERCISE).first.locator(".exercise-wrong")).to_be_visible()
    alice.wait_for_timeout(500)
    new = _answer_files(saves) - before
    assert len(new) == 1, "the answer went to no space, or to several"

    voila_page(LESSON, ready=EXERCISE, on=bob)                   # another student: nothing of Alice's
    expect(bob.locator(EXERCISE).first.locator(".exercise-input input")).to_have_value("")
    expect(bob.locator(EXERCISE).first.locator(".exercise-wrong")).to_have_count(0)

    alice.reload(wait_until="commit")                            # Alice again: a new (warm) kernel
    alice.wait_for_selector(EXERCISE, state="visible")
    first = alice.locator(EXERCISE).first
    expect(first.locator(".exercise-input input")).to_have_value(str(rules.TOTAL_STONES - 1))
    expect(first.locator(".exercise-wrong")).to_be_visible()
    assert "Using warm kernel" in voila_server.log_path.read_text(), "no lesson came from the warm pool"
