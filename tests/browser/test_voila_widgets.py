"""A live ipywidgets page under the classroom Voila: clicks reach the kernel and come back."""
import pytest
from playwright.sync_api import expect

import browser_harness as bh

BUTTON, LABEL = ".fixture-button", ".fixture-label"


def test_button_click_updates_label(voila_page, page):
    voila_page("_fixtures/button.ipynb", ready=BUTTON)
    for n in (1, 2, 3):
        page.click(BUTTON)
        expect(page.locator(LABEL)).to_have_text(f"clicks: {n}")


def test_icons_come_from_the_server(voila_page, page):
    """The template drops Voila's CDN Font Awesome links; the icon font must still load locally."""
    voila_page("_fixtures/button.ipynb", ready=BUTTON)
    icon = page.locator(f"{BUTTON} i.fa")
    expect(icon).to_have_count(1)
    family = icon.evaluate("el => getComputedStyle(el, '::before').fontFamily")
    assert "Font Awesome" in family
    loaded = page.evaluate("""async () => {
        await document.fonts.ready;
        return [...document.fonts].some(f => f.family.includes('Font Awesome') && f.status === 'loaded');
    }""")
    assert loaded, "the Font Awesome font never loaded from the server"


def test_source_code_is_hidden(voila_page, page):
    voila_page("_fixtures/button.ipynb", ready=BUTTON)
    assert "button.on_click" not in page.content()


def test_math_is_typeset_without_a_cdn(voila_page, page):
    """Lessons use LaTeX; MathJax must come from Voila's bundle, not cdnjs."""
    voila_page("_fixtures/button.ipynb", ready=BUTTON)
    page.wait_for_selector(".fixture-math mjx-container", timeout=bh.ANSWER_MS)
