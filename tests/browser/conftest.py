"""Fixtures for browser tests: real Voila / Jupyter servers and a strict Chromium page.

Every test in this folder is marked ``browser``. Fixtures (use them by name):

``voila_server`` (package)
    Voila started through ``scripts/serve`` (the classroom configuration in ``jupyter_config/``)
    on a free 127.0.0.1 port, serving ``voila_root``. ``voila_server.url("index.ipynb")`` is
    not a page: pages are ``voila_server.url("voila/render/<path>")``; use :func:`voila_page`.
    Also ``.pid``, ``.port``, ``.kernel_pids()`` (its kernel processes), ``.log_text()``.
``voila_root`` (package)
    The served folder: a copy of ``notebooks/`` (so ``abracada/play.ipynb`` is there once it
    exists) plus ``tests/browser/fixtures/`` copied to ``_fixtures/`` (hidden from the gallery).
``lab_server`` (package, started on first use)
    ``jupyter lab`` through ``binder/start`` (Binder's configuration), no token, root = the
    repository: ``lab_server.url("lab/tree/notebooks/abracada/play.ipynb")``.
``page`` (function)
    A Playwright page in a fresh Chromium context. It records console errors, page errors and
    every request (HTTP or websocket) that is not to 127.0.0.1 — those requests are aborted —
    and the test FAILS at teardown if any of these happened. It saves a screenshot to
    ``artifacts/<test name>.png`` at teardown. ``page_log.allow(regex)`` tolerates a console
    error the test provokes on purpose.
``voila_page(page, path, ready)`` (function)
    Opens ``voila/render/<path>`` and waits until the CSS selector ``ready`` is visible
    (60 s budget: kernels start slowly on the shared CI machine). Returns the page.

A board test, for example::

    @pytest.mark.browser
    def test_board_plays(voila_page, page):
        voila_page("abracada/play.ipynb", ready=".abracada-board")
        page.click(".abracada-board .some-button")
        expect(page.locator(".abracada-board .status")).to_contain_text("...")

Servers, Playwright and Chromium are package-scoped (shared by every test in tests/browser/,
stopped when its last test ends): Playwright's sync API keeps an asyncio loop running in the
main thread, which would break later tests that call ``asyncio.run``.

Chromium is Debian's (/usr/bin/chromium); Playwright cannot download one here. Without it or
without playwright these tests skip locally, but FAIL when CI=true: CI must not go green by
skipping its browser tests.
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

try:
    from playwright.sync_api import expect
except ImportError:          # the fixtures below skip (or fail in CI) with the reason
    expect = None

sys.path.insert(0, str(Path(__file__).resolve().parent))
import browser_harness as bh  # noqa: E402

ARTIFACTS = bh.REPO / "artifacts"
READY_TIMEOUT_MS = 240_000     # a page's readiness signal: ceiling, not a wait
ACTION_TIMEOUT_MS = 120_000    # each click, fill, goto, wait_for_* without its own timeout
EXPECT_TIMEOUT_MS = 60_000     # each expect(...) assertion

if expect is not None:
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)


@pytest.hookimpl(trylast=True)           # after pytest's own ordering by fixtures
def pytest_collection_modifyitems(items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)
    _one_visit_per_lesson(items, here / "test_lesson_pages.py")


def _one_visit_per_lesson(items, module: Path) -> None:
    """test_lesson_pages.py's checks, grouped by page and in the order they are written, so that
    each page is opened once (its ``visits`` fixture keeps one page open at a time)."""
    slots = [i for i, item in enumerate(items) if Path(str(item.fspath)).resolve() == module]
    ordered = sorted((items[i] for i in slots), key=lambda item: (
        item.callspec.params["path"], item.function.__code__.co_firstlineno))
    for i, item in zip(slots, ordered):
        items[i] = item


def _unavailable(reason: str):
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="package")
def _playwright():
    if not os.access(bh.CHROMIUM, os.X_OK):
        _unavailable(f"{bh.CHROMIUM} is missing (apt-get install chromium; scripts/test does it)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is missing (pip install -e '.[test]')")
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="package")
def browser(_playwright):
    chromium = _playwright.chromium.launch(executable_path=bh.CHROMIUM, args=bh.CHROMIUM_ARGS)
    yield chromium
    chromium.close()


@pytest.fixture(scope="package")
def voila_root(tmp_path_factory):
    return bh.make_voila_root(tmp_path_factory.mktemp("served") / "notebooks")


@pytest.fixture(scope="package")
def voila_server(voila_root, tmp_path_factory):
    server = bh.start_voila(voila_root, tmp_path_factory.mktemp("logs") / "voila.log",
                            extra_args=[f"--ClassroomKernelConnection.shutdown_delay={bh.TEST_SHUTDOWN_DELAY}"])
    yield server
    server.stop()
    _keep_log(server, "voila-server.log")


@pytest.fixture(scope="package")
def lab_server(tmp_path_factory):
    # JupyterLab saves the notebooks it runs, outputs included: it gets copies, never the repo's files.
    root = bh.make_lab_root(tmp_path_factory.mktemp("lab-root"))
    server = bh.start_jupyter(root, tmp_path_factory.mktemp("logs") / "lab.log", app="lab")
    yield server
    server.stop()
    _keep_log(server, "lab-server.log")


def _keep_log(server, name):
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / name).write_text(server.log_text())


class PageLog:
    """What a page did that a correct page must not: console errors, page errors, requests out."""

    def __init__(self):
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.external_requests: list[str] = []
        self._allowed: list[re.Pattern] = []

    def allow(self, pattern: str) -> None:
        self._allowed.append(re.compile(pattern))

    def problems(self) -> list[str]:
        errors = [e for e in self.console_errors if not any(p.search(e) for p in self._allowed)]
        return ([f"console error: {e}" for e in errors]
                + [f"page error: {e}" for e in self.page_errors]
                + [f"request off the machine (blocked): {u}" for u in self.external_requests])


@pytest.fixture
def page_log():
    return PageLog()


def _watched_page(browser, page_log, **context_options):
    """A page in a new context that records errors and blocks (and records) requests off the machine."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **context_options})
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    context.set_default_navigation_timeout(ACTION_TIMEOUT_MS)
    pg = context.new_page()

    def on_console(msg):
        if msg.type == "error":
            location = msg.location or {}
            page_log.console_errors.append(f"{msg.text} ({location.get('url', '')})")

    def on_route(route):
        url = route.request.url
        if bh.is_loopback_url(url):
            route.continue_()
        else:
            page_log.external_requests.append(url)
            route.abort()

    pg.on("console", on_console)
    pg.on("pageerror", lambda err: page_log.page_errors.append(str(err)))
    pg.on("websocket", lambda ws: bh.is_loopback_url(ws.url) or page_log.external_requests.append(ws.url))
    context.route("**/*", on_route)
    return pg, context


def _close_watched(pg, context, page_log, shot_name):
    ARTIFACTS.mkdir(exist_ok=True)
    if not pg.is_closed():
        try:
            pg.screenshot(path=str(ARTIFACTS / f"{_safe(shot_name)}.png"), full_page=True)
        except Exception as err:  # a screenshot must not hide the test's own result
            print(f"screenshot failed: {err}")
    context.close()
    return page_log.problems()


@pytest.fixture
def page(browser, page_log, request):
    pg, context = _watched_page(browser, page_log)
    yield pg
    problems = _close_watched(pg, context, page_log, request.node.name)
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


@pytest.fixture
def browser_pages(browser, request):
    """Open more pages, each in its own context (another browser, another student)."""
    opened = []

    def open_page(**context_options):
        log = PageLog()
        pg, context = _watched_page(browser, log, **context_options)
        pg.page_log = log
        opened.append((pg, context, log))
        return pg
    yield open_page
    problems = []
    for k, (pg, context, log) in enumerate(opened):
        problems += [f"page {k + 1}: {p}" for p in _close_watched(pg, context, log, f"{request.node.name}-{k + 1}")]
    if problems:
        pytest.fail("a page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:150]


@pytest.fixture
def voila_page(page, voila_server):
    def open_page(path: str, ready: str, on=None):
        target = on if on is not None else page
        target.goto(voila_server.url(f"voila/render/{path}"), wait_until="commit")
        target.wait_for_selector(ready, state="visible", timeout=READY_TIMEOUT_MS)
        return target
    return open_page
