"""Kernel lifetime and the kernel websocket's socket, measured on the running server."""
import time

import psutil
from playwright.sync_api import expect

import browser_harness as bh

BUTTON, LABEL = ".fixture-button", ".fixture-label"
#: Ceiling (seconds) for a kernel to exit or a connection to close: polled every 0.2 s, so a quiet
#: machine passes in about a second; a loaded one (the suite under a CPU hog) may take much longer.
GONE_CEILING = 120.0


def _wait_for(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")


def _open_counted_page(voila_server, voila_page, page):
    """The page's own kernel process: a new one, found by the kernel id Voila wrote into the page
    (other kernels may start meanwhile: the lessons' warm pool fills while the server warms up)."""
    before = voila_server.kernel_pids()
    voila_page("_fixtures/button.ipynb", ready=BUTTON)
    page.click(BUTTON)
    expect(page.locator(LABEL)).to_have_text("clicks: 1")
    kernel_id = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    mine = {pid for pid in voila_server.kernel_pids() if kernel_id in " ".join(_cmdline(pid))}
    assert len(mine) == 1, f"expected one kernel process for the page's kernel {kernel_id}, got {mine}"
    assert not mine & before, "the page's kernel was already running before the page opened"
    return mine


def _cmdline(pid: int) -> list[str]:
    try:
        return psutil.Process(pid).cmdline()
    except (psutil.NoSuchProcess, psutil.ZombieProcess):
        return []


def test_leaving_the_page_shuts_its_kernel_down(voila_server, voila_page, page):
    """Voila's beforeunload beacon now carries a valid _xsrf (XsrfCookieIdentityProvider)."""
    kernel = _open_counted_page(voila_server, voila_page, page)
    assert any(c["name"] == "_xsrf" for c in page.context.cookies())
    page.goto("about:blank")  # runs beforeunload, like following a link or closing the tab
    _wait_for(lambda: not (voila_server.kernel_pids() & kernel), GONE_CEILING, "the left page's kernel to exit")
    assert "/voila/api/shutdown/" not in _refused(voila_server.log_text())


def test_a_page_that_vanishes_frees_its_kernel(voila_server, voila_page, page):
    """No beforeunload (a crashed or killed tab): the last websocket closing frees the kernel."""
    kernel = _open_counted_page(voila_server, voila_page, page)
    page.close(run_before_unload=False)
    _wait_for(lambda: not (voila_server.kernel_pids() & kernel), bh.TEST_SHUTDOWN_DELAY + GONE_CEILING,
              "the closed page's kernel to exit")
    assert "its page has been closed" in voila_server.log_text()


def _refused(log: str) -> str:
    return "\n".join(line for line in log.splitlines() if " 403 " in line)


def test_kernel_websocket_has_tcp_nodelay(voila_server, voila_page, page):
    """Exactly one of the page's connections has TCP_NODELAY on, and it goes away with the
    page's kernel websocket: tornado clears TCP_NODELAY after every HTTP response (the websocket
    upgrade included), so without widgets.serving no connection would have it."""
    voila_page("_fixtures/button.ipynb", ready=BUTTON)
    page.click(BUTTON)
    expect(page.locator(LABEL)).to_have_text("clicks: 1")
    states = bh.nodelay_states(voila_server.pid, voila_server.port)
    on = [peer for peer, nodelay in states.items() if nodelay]
    assert len(on) == 1, f"connections and their TCP_NODELAY: {states}"
    page.context.close()  # closes every connection this page opened
    _wait_for(lambda: on[0] not in bh.nodelay_states(voila_server.pid, voila_server.port), GONE_CEILING,
              "the websocket connection to close")
