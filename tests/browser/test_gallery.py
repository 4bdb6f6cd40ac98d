"""The gallery page (notebooks/index.ipynb) in the classroom Voila."""
import json
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

import browser_harness as bh
from towerlib.core.i18n import LANGUAGES

GALLERY = ".spelltower-gallery"


def _hrefs(page):
    """Every link's target (without the ?lang= that play pages and guides carry)."""
    hrefs = page.eval_on_selector_all(f"{GALLERY} a", "links => links.map(a => a.getAttribute('href'))")
    return sorted(h.split("?")[0] for h in hrefs)


def _expected_links(root: Path):
    """What the gallery must link for a student: play pages and lessons in visible folders, their
    translations in language subfolders (abracada/ru/), and lessons on top; not the teachers'
    guides (tests/browser/test_teacher_only.py)."""
    links = []
    for nb in root.rglob("*.ipynb"):
        rel = nb.relative_to(root)
        if any(part.startswith((".", "_")) for part in rel.parts) or rel.name == "guide.ipynb" \
                or rel.as_posix() in ("index.ipynb", "teacher.ipynb"):
            continue
        translated = len(rel.parts) == 3 and rel.parts[1] in LANGUAGES and rel.name != "play.ipynb"
        if len(rel.parts) <= 2 or translated:
            links.append(rel.as_posix())
    return sorted(links)


def test_gallery_links_every_notebook(voila_page, page, voila_root):
    voila_page("index.ipynb", ready=GALLERY)
    expect(page.locator(f"{GALLERY} h1")).to_have_text("Spell Tower")
    assert _hrefs(page) == _expected_links(voila_root)
    if not _expected_links(voila_root):
        expect(page.locator(f"{GALLERY} .gallery-empty")).to_be_visible()


@pytest.fixture
def extra_game(voila_root):
    """A game folder (play page + lesson) and a top-level lesson, added while the server runs."""
    folder = voila_root / "zz_test_game"
    folder.mkdir()
    nb = json.loads((bh.FIXTURES / "button.ipynb").read_text())
    nb["cells"][0]["source"] = ["# Counting clicks\n"]
    (folder / "play.ipynb").write_text(json.dumps(nb))
    nb["cells"][0]["source"] = ["Some text first.\n", "\n", "## Odds of a click\n"]
    (folder / "odds.ipynb").write_text(json.dumps(nb))
    (folder / "_draft.ipynb").write_text(json.dumps(nb))
    top = voila_root / "zz_top_lesson.ipynb"
    shutil.copy(bh.FIXTURES / "button.ipynb", top)
    yield folder
    shutil.rmtree(folder)
    top.unlink()


def test_new_notebooks_appear_with_their_headings(voila_page, page, extra_game):
    voila_page("index.ipynb", ready=GALLERY)
    section = page.locator(f"{GALLERY} section[data-folder='zz_test_game']")
    expect(section.locator("h2")).to_have_text("Counting clicks")  # no catalogue entry: play page's heading
    expect(section.locator("a.gallery-play")).to_have_attribute("href", "zz_test_game/play.ipynb?lang=en")
    expect(section.locator("a.gallery-lesson")).to_have_text(["Odds of a click"])
    expect(page.locator(f"{GALLERY} .gallery-extra a")).to_have_text(["Button fixture"])
    assert "zz_test_game/_draft.ipynb" not in _hrefs(page)


def test_play_link_opens_a_working_page(voila_page, page, extra_game):
    voila_page("index.ipynb", ready=GALLERY)
    page.click(f"{GALLERY} section[data-folder='zz_test_game'] a.gallery-play")
    page.wait_for_selector(".fixture-button", timeout=60_000)
    assert page.url.endswith("/voila/render/zz_test_game/play.ipynb?lang=en")
    page.click(".fixture-button")
    expect(page.locator(".fixture-label")).to_have_text("clicks: 1")


def test_language_switch(voila_page, page):
    voila_page("index.ipynb", ready=GALLERY)
    page.get_by_role("button", name="Русский").click()
    expect(page.locator(f"{GALLERY} h1")).to_have_text("Башня заклинаний")
    expect(page.locator(f"{GALLERY} a.gallery-play").first).to_have_attribute("href", "abracada/play.ipynb?lang=ru")
    page.get_by_role("button", name="English").click()
    expect(page.locator(f"{GALLERY} h1")).to_have_text("Spell Tower")


def test_the_gallery_opens_in_the_language_of_its_link(voila_page, page):
    voila_page("index.ipynb?lang=ru", ready=GALLERY)
    expect(page.locator(f"{GALLERY} h1")).to_have_text("Башня заклинаний")


def test_the_browser_remembers_the_language_it_chose(voila_page, page, browser_pages, voila_server):
    """Chosen with the switch, the language survives a reload and a new visit (localStorage); a
    link's ?lang= still wins and becomes the remembered one; another browser starts in English."""
    voila_page("index.ipynb", ready=GALLERY)
    page.get_by_role("button", name="Русский").click()
    expect(page.locator(f"{GALLERY} h1")).to_have_text("Башня заклинаний")
    page.reload(wait_until="commit")
    page.wait_for_selector(GALLERY, state="visible", timeout=bh.ANSWER_MS)
    expect(page.locator(f"{GALLERY} h1")).to_have_text("Башня заклинаний")
    expect(page.get_by_role("button", name="Русский")).to_have_class(re.compile(r"\bmod-active\b"))
    voila_page("index.ipynb?lang=en", ready=GALLERY)
    expect(page.locator(f"{GALLERY} h1")).to_have_text("Spell Tower")
    voila_page("index.ipynb", ready=GALLERY)
    expect(page.locator(f"{GALLERY} h1")).to_have_text("Spell Tower")
    assert page.evaluate("localStorage.getItem('spelltower-language')") == "en"
    other = browser_pages()
    voila_page("index.ipynb", ready=GALLERY, on=other)
    expect(other.locator(f"{GALLERY} h1")).to_have_text("Spell Tower")


@pytest.mark.parametrize("width", [1024, 390])
def test_cards_fit_a_laptop_and_a_phone_without_scrolling_sideways(voila_page, page, width):
    page.set_viewport_size({"width": width, "height": 900})
    voila_page("index.ipynb", ready=GALLERY)
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{overflow} px of horizontal scrolling at {width} px"
    assert page.locator(f"{GALLERY} .gallery-game svg[role=img]").count() >= 2
    page.screenshot(path=str(bh.REPO / "artifacts" / f"gallery_{width}.png"), full_page=True)
