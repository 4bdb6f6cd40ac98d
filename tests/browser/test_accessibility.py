"""axe-core on every page of the gallery but the lessons, in English and in Russian (issue #15.4),
and the gallery on a laptop and a phone.

What is checked on each page is ``page_checks.accessibility_problems`` (its docstring). The
lessons get the same checks in ``test_lesson_pages.py``, on the one visit that also serves their
other browser checks. Every page opens in its own browser context on the one package-wide
server, one after another.
"""
from __future__ import annotations

import pytest

import browser_harness as bh
from page_checks import AXE, LANGS, READY_MS, accessibility_problems, open_ready, pages

PAGES = [p for p in pages(bh.REPO / "notebooks") if p[1] != "lesson"]


@pytest.mark.parametrize("path, kind, lang", PAGES, ids=[p[0].split("&")[0] for p in PAGES])
def test_no_serious_or_critical_axe_violation(page, voila_server, path, kind, lang):
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (scripts/test does)", pytrace=False)
    page.set_viewport_size({"width": 1280, "height": 900})
    open_ready(page, voila_server, path, kind)
    problems = accessibility_problems(page, path, lang)
    assert not problems, f"{path}: " + "\n".join(problems)


# ----- the gallery on a laptop and a phone ---------------------------------------------------------
WIDTHS = {"laptop": {"viewport": {"width": 1024, "height": 768}},
          "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                    "device_scale_factor": 2}}
SIDEWAYS = """() => {
  const doc = document.documentElement;
  const out = [...document.querySelectorAll('.spelltower-gallery *')]
    .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > window.innerWidth + 1; })
    .slice(0, 5).map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.') + ' right=' +
                      Math.round(e.getBoundingClientRect().right));
  return {scrollWidth: doc.scrollWidth, innerWidth: window.innerWidth, outside: out};
}"""


@pytest.mark.parametrize("device", list(WIDTHS))
@pytest.mark.parametrize("lang", LANGS)
def test_the_gallery_fits_a_laptop_and_a_phone(browser_pages, voila_server, device, lang):
    """No horizontal scrolling and nothing drawn past the right edge, in both languages; a
    full-page screenshot of each goes to artifacts/."""
    page = browser_pages(**WIDTHS[device])
    open_ready(page, voila_server, f"index.ipynb?lang={lang}", "gallery")
    page.wait_for_function("document.querySelectorAll('.spelltower-gallery .gallery-game svg').length >= 4",
                           timeout=READY_MS)
    fit = page.evaluate(SIDEWAYS)
    width = WIDTHS[device]["viewport"]["width"]
    bh.REPO.joinpath("artifacts").mkdir(exist_ok=True)
    page.screenshot(path=str(bh.REPO / "artifacts" / f"gallery_{lang}_{width}.png"), full_page=True)
    assert fit["innerWidth"] == width
    assert fit["scrollWidth"] <= fit["innerWidth"], f"{fit['scrollWidth'] - fit['innerWidth']} px of sideways scrolling"
    assert not fit["outside"], f"drawn past the right edge at {width} px: {fit['outside']}"
