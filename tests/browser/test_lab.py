"""The JupyterLab server configured as on Binder (binder/start): Voila inside it, and Lab itself."""
from playwright.sync_api import expect

import browser_harness as bh

GALLERY = ".spelltower-gallery"


def test_voila_extension_serves_the_gallery(lab_server, page):
    """Binder's launch URL: urlpath=voila/render/notebooks/index.ipynb on a Jupyter server."""
    page.goto(lab_server.url("voila/render/notebooks/index.ipynb"))
    page.wait_for_selector(GALLERY, timeout=60_000)
    expect(page.locator(f"{GALLERY} h1")).to_have_text("Spell Tower")
    expect(page.locator(f"{GALLERY} a").first).to_be_visible()


def test_voila_extension_typesets_math_locally(lab_server, page):
    """Under a Jupyter server Voila would fetch MathJax 2 from cdnjs without our page-config hook."""
    page.goto(lab_server.url("voila/render/tests/browser/fixtures/button.ipynb"))
    page.wait_for_selector(".fixture-math mjx-container", timeout=60_000)


def test_lab_kernel_websocket_has_tcp_nodelay(lab_server, page):
    page.goto(lab_server.url("voila/render/tests/browser/fixtures/button.ipynb"))
    page.wait_for_selector(".fixture-button", timeout=60_000)
    page.click(".fixture-button")
    expect(page.locator(".fixture-label")).to_have_text("clicks: 1")
    states = bh.nodelay_states(lab_server.pid, lab_server.port)
    assert sum(states.values()) == 1, f"connections and their TCP_NODELAY: {states}"


def test_notebook_runs_in_jupyterlab(lab_server, page):
    """The widget fixture runs in Lab itself (students who open the notebooks, not the app)."""
    page.goto(lab_server.url("lab/tree/tests/browser/fixtures/button.ipynb"))
    page.wait_for_selector(".jp-NotebookPanel", timeout=60_000)
    # Run only once the notebook's kernel is connected and idle (a busy CI machine is slow).
    page.wait_for_function("""() => {
        const panel = window.jupyterapp.shell.currentWidget;
        const kernel = panel && panel.sessionContext && panel.sessionContext.session
            && panel.sessionContext.session.kernel;
        return kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
    }""", timeout=120_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(".jp-OutputArea .fixture-button", timeout=120_000)
    page.click(".jp-OutputArea .fixture-button")
    expect(page.locator(".jp-OutputArea .fixture-label")).to_have_text("clicks: 1")
