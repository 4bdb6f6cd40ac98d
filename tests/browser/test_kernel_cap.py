"""One student holds at most a few kernels, in real Chromium against ``scripts/serve``.

A server started with ``--StudentKernelCap.kernels_per_student=2``: one browser opening a third page
loses its oldest page's kernel (that page stops answering, the newer ones answer), while another
student's pages and the teacher's third page keep theirs.
"""
from __future__ import annotations

import os
import secrets

import pytest
from playwright.sync_api import expect

import browser_harness as bh
from widgets import serving

PAGE = "_fixtures/button.ipynb"
CAP = 2


@pytest.fixture
def capped_server(tmp_path, monkeypatch):
    token = secrets.token_urlsafe(24)
    monkeypatch.setenv("SPELLTOWER_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv(serving.TEACHER_TOKEN_ENV, token)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(bh.REPO), os.environ.get("PYTHONPATH")) if p))
    server = bh.start_voila(bh.make_voila_root(tmp_path / "notebooks"), tmp_path / "voila.log", extra_args=[
        f"--ClassroomKernelConnection.shutdown_delay={bh.TEST_SHUTDOWN_DELAY}",
        f"--StudentKernelCap.kernels_per_student={CAP}", "--WarmKernelManager.pool_size=0"])
    yield server, token
    server.stop()


def open_tab(context, server, path: str = PAGE):
    pg = context.new_page()
    pg.goto(server.url(f"voila/render/{path}"), wait_until="commit")
    pg.wait_for_selector(".fixture-button", state="visible", timeout=240_000)
    return pg


def answers(pg, clicks: int) -> None:
    pg.click(".fixture-button")
    expect(pg.locator(".fixture-label")).to_have_text(f"clicks: {clicks}")


def test_a_student_holds_at_most_the_cap(capped_server, browser_pages):   # pages close before the server
    server, token = capped_server
    student = browser_pages()
    student.page_log.allow(".")                    # its oldest page loses its kernel on purpose
    tabs = [student] + [None] * CAP
    student.goto(server.url(f"voila/render/{PAGE}"), wait_until="commit")
    student.wait_for_selector(".fixture-button", state="visible", timeout=240_000)
    answers(student, 1)
    for k in range(1, CAP + 1):
        tabs[k] = open_tab(student.context, server)
        answers(tabs[k], 1)
    log = server.log_text
    expect_log = f"its student holds {CAP} kernels, the most allowed"
    for _ in range(100):
        if expect_log in log():
            break
        student.wait_for_timeout(100)
    assert log().count(expect_log) == 1, "exactly one kernel, the oldest, was shut down"
    student.click(".fixture-button")                # the oldest page's kernel is gone
    student.wait_for_timeout(2000)
    assert student.locator(".fixture-label").inner_text() == "clicks: 1"
    for tab in tabs[1:]:                             # the newer ones still answer
        answers(tab, 2)

    other = browser_pages()                          # another student is not affected
    other.goto(server.url(f"voila/render/{PAGE}"), wait_until="commit")
    other.wait_for_selector(".fixture-button", state="visible", timeout=240_000)
    answers(other, 1)
    teacher = browser_pages()                        # nor is the teacher, with more pages than the cap
    teacher.goto(server.url(f"voila/render/{PAGE}?teacher={token}"), wait_until="commit")
    teacher.wait_for_selector(".fixture-button", state="visible", timeout=240_000)
    more = [open_tab(teacher.context, server) for _ in range(CAP)]
    for pg in (teacher, *more, other):
        answers(pg, 1 if pg is not other else 2)
    assert log().count(expect_log) == 1
