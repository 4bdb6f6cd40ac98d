"""What every page of the gallery is checked for, shared by ``test_accessibility.py`` (the gallery,
boards, guides, class page) and ``test_lesson_pages.py`` (the lessons, each visited once).

Each page is opened in the classroom Voila (``scripts/serve``) in Chromium, waited for with
the page's own readiness signal (a board: its set-up form, then Start and the board in play; a
lesson: its last cell, the student's record panel; a guide: its text; the class page: its
sections; the last two opened with the teacher link), then axe-core from the npm registry
(``node_modules/axe-core/axe.min.js``, installed by ``npm ci`` in ``scripts/test``) is injected
and run over the whole document. A violation of impact "serious" or "critical" fails the test,
printed with its rule, impact, elements and help URL. The page must also say its language
(``<html lang>``: a ``ru/`` folder or ``?lang=ru`` makes it Russian), have the notebook's title in
that language, and mostly show words in it (Cyrillic letters for Russian, not for English).

The page list is made from the folder by the gallery's own :func:`widgets.gallery.collect`, so a
new lesson or game is checked without editing a test.
"""
from __future__ import annotations

import json
import os
import secrets
import tempfile
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

import browser_harness as bh
from widgets import serving
from widgets.gallery import collect

os.environ["SPELLTOWER_BOT_DELAY"] = "0"
os.environ.setdefault("SPELLTOWER_SAVES", tempfile.mkdtemp(prefix="spelltower-saves-"))
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(bh.REPO), os.environ.get("PYTHONPATH")) if p)
os.environ.setdefault(serving.TEACHER_TOKEN_ENV, secrets.token_urlsafe(24))
TOKEN = os.environ[serving.TEACHER_TOKEN_ENV]

AXE = bh.REPO / "node_modules" / "axe-core" / "axe.min.js"
FAILING_IMPACTS = ("serious", "critical")
LANGS = ("en", "ru")
# Each board's CSS prefix (its set-up form's Start button is ``.<prefix>-start``, the board in
# play carries ``<prefix>-playing``).
BOARD_PREFIX = {"abracada": "st", "runes": "sr", "amulett": "am", "spellcaster": "sc"}
READY_MS = 240_000           # ceilings for a busy shared machine, not waits
LANGUAGE_MS = 30_000
LESSON_DONE = ".st-record-panel"     # every lesson's last cell: the student's record panel
# Parts a lesson draws after it opens (widgets.lessons.later) are marked done when drawn.
LATER_DONE = "[...document.querySelectorAll('.lesson-later')].every(e => e.classList.contains('lesson-later-done'))"


RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 240),
                             summary: (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 300)}))}));
}"""


def pages(root: Path) -> list[tuple[str, str, str]]:
    """Every page of the gallery as (URL path under voila/render/, kind, language)."""
    games, extra = collect(root)
    out = [(f"index.ipynb?lang={lang}", "gallery", lang) for lang in LANGS]
    for game in games:
        if game["play"]:
            out += [(f"{game['play']}?lang={lang}", f"board:{game['folder']}", lang) for lang in LANGS]
        if game["guide"]:
            out += [(f"{game['guide']}?lang={lang}&teacher={{token}}", "guide", lang) for lang in LANGS]  # teacher only
        for lang in LANGS:
            out += [(href, "lesson", lang) for href, _title, _mins in game["lessons"].get(lang, [])]
    out += [(href, "lesson", "en") for href, _title, _mins in extra]
    out += [(f"teacher.ipynb?lang={lang}&teacher={{token}}", "teacher", lang) for lang in LANGS]
    return out


PAGES = pages(bh.REPO / "notebooks")


def open_ready(page, server, path: str, kind: str) -> None:
    """Open the page and wait until everything it shows has arrived (a board: in play)."""
    page.goto(server.url(f"voila/render/{path.format(token=TOKEN)}"), wait_until="commit")
    if kind == "gallery":
        page.wait_for_selector(".spelltower-gallery .gallery-game", state="visible", timeout=READY_MS)
    elif kind.startswith("board:"):
        prefix = BOARD_PREFIX[kind.split(":", 1)[1]]
        page.wait_for_selector(f".{prefix}-start", state="visible", timeout=READY_MS)
        page.click(f".{prefix}-start")
        page.wait_for_selector(f".{prefix}-playing", state="visible", timeout=READY_MS)
    elif kind == "guide":
        page.wait_for_selector(".spelltower-guide h2", state="visible", timeout=READY_MS)
    elif kind == "lesson":
        page.wait_for_selector(LESSON_DONE, state="visible", timeout=READY_MS)
        page.wait_for_function(LATER_DONE, timeout=READY_MS)
    elif kind == "teacher":
        page.wait_for_selector(".st-class .st-section-exercises", state="visible", timeout=READY_MS)
        assert "teacher=" not in page.url, "the teacher link's token stays out of the address"
    else:
        raise AssertionError(f"unknown page kind {kind!r}")
    page.wait_for_function("() => !document.querySelector('#loading')"
                           " || getComputedStyle(document.querySelector('#loading')).display === 'none'"
                           " || !document.querySelector('#loading').offsetParent", timeout=READY_MS)


def expected_title(path: str, lang: str) -> str | None:
    """The notebook's title in ``lang`` (metadata ``spelltower.titles``, for pages whose language
    the link chooses), else its ``title``; None (never a page's title) if it has neither."""
    meta = json.loads((bh.REPO / "notebooks" / path.split("?")[0]).read_text(encoding="utf-8"))["metadata"]
    return meta.get("spelltower", {}).get("titles", {}).get(lang) or meta.get("title")


# The page's own words: what it shows, without data (table cells: names, page paths), code and styles.
WORDS_JS = """() => {
  const copy = document.querySelector('#rendered_cells').cloneNode(true);
  copy.querySelectorAll('td, code, pre, style, script, .jp-InputArea').forEach(e => e.remove());
  return copy.textContent;
}"""


def cyrillic_share(text: str) -> float:
    letters = [c for c in text if c.isalpha()]
    return sum("а" <= c.lower() <= "я" or c in "ёЁ" for c in letters) / max(1, len(letters))


CYRILLIC_JS = """(text) => {
  const letters = [...text].filter(c => /\\p{L}/u.test(c));
  return letters.filter(c => /[а-яё]/i.test(c)).length / Math.max(1, letters.length);
}"""


def axe_violations(page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE)


def report(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} — {v['helpUrl']}")
        for node in v["nodes"][:8]:
            lines.append(f"    {node['target']}  {node['html'][:160]}")
            if node["summary"]:
                lines.append(f"      {node['summary'][:240]}")
        if len(v["nodes"]) > 8:
            lines.append(f"    … and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


def accessibility_problems(page, path: str, lang: str) -> list[str]:
    """axe-core's serious and critical findings, the page's language, title and words (the page is ready)."""
    if lang == "ru":           # a preheated page learns its link's language a moment after it is drawn
        try:
            page.wait_for_function(f"() => ({CYRILLIC_JS})(({WORDS_JS})()) > 0.5", timeout=LANGUAGE_MS)
        except PlaywrightTimeout:
            pass               # reported below with the share found
    violations = axe_violations(page)
    bad = [v for v in violations if v["impact"] in FAILING_IMPACTS]
    others = [v for v in violations if v not in bad]
    if others:
        print(f"{path}: minor or moderate axe findings (they do not fail):\n{report(others)}")
    problems = [f"axe-core found serious or critical violations:\n{report(bad)}"] if bad else []
    page_lang = page.evaluate("document.documentElement.lang")
    if page_lang != lang:
        problems.append(f'the page says <html lang="{page_lang}">, its text is in "{lang}"')
    title, want = page.title(), expected_title(path, lang)
    if want is None:
        problems.append(f'the notebook has no title (metadata "title"), so the page is called {title!r}')
    elif title != want:
        problems.append(f"the page's title is {title!r}, not {want!r}")
    cyrillic = cyrillic_share(page.evaluate(WORDS_JS))
    if (lang == "ru") != (cyrillic > 0.5):
        problems.append(f"{cyrillic:.0%} of the page's letters are Cyrillic, for a page in {lang!r}")
    return problems
