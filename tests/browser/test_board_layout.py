"""Every board fits a 1024-px-wide screen and still looks right at 1440 px (issue #15, item 3).

Each play page is opened in Voila, the game is started from its set-up form, and at each width
the page must not scroll sideways (``scrollWidth <= innerWidth``) and no part of the board may
stick out of the board's own frame (the Abracada deduction meter once did). A screenshot of the
board at each width goes to ``artifacts/boards/<game>_<width>.png`` to be looked at.

The servers are session fixtures started after collection, so the environment set here at
import reaches their kernels.
"""
from __future__ import annotations

import os
import tempfile

import pytest
from towerlib.core.i18n import tr

from browser_harness import REPO
import widgets.abracada.messages  # noqa: F401,E402  (the boards' words, for the Russian checks)
import widgets.amulett.messages  # noqa: F401,E402
import widgets.runes.messages  # noqa: F401,E402
import widgets.spellcaster.messages  # noqa: F401,E402
from widgets.game_table import LANGUAGE_NAMES  # noqa: E402

os.environ["SPELLTOWER_BOT_DELAY"] = "0"
os.environ["SPELLTOWER_SAVES"] = tempfile.mkdtemp(prefix="spelltower-saves-")
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)

SHOTS = REPO / "artifacts" / "boards"
WIDTHS = (1024, 1440)
HEIGHT = 900
TIMEOUT = 60_000
#: game -> (play page, board root class, CSS prefix, what shows once the game is on the table)
BOARDS = {
    "abracada": ("abracada/play.ipynb", ".st-abracada", "st", ".st-log"),
    "runes": ("runes/play.ipynb", ".sr-runes", "sr", ".sr-prompt"),
    "amulett": ("amulett/play.ipynb", ".am-amulett", "am", ".am-map"),
    "spellcaster": ("spellcaster/play.ipynb", ".sc-spellcaster", "sc", ".sc-map"),
}

# The elements of the board whose right edge is beyond the board's own right edge (a panel cut
# off by the frame), as "tag.class" strings; only visible elements count.
_STICKING_OUT_JS = """(root) => {
  const board = document.querySelector(root);
  const edge = board.getBoundingClientRect().right + 1;
  return [...board.querySelectorAll('*')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.right > edge && getComputedStyle(e).visibility !== 'hidden'
      && !e.closest('[style*="display: none"]');
  }).slice(0, 8).map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'));
}"""


def _show_whole(page, board: str, width: int) -> None:
    """Make the window as tall as the board (which may still grow while bots move), so the
    screenshot is of the whole board as laid out on screen."""
    for _ in range(4):
        bottom = page.evaluate("(root) => document.querySelector(root).getBoundingClientRect().bottom", board)
        page.set_viewport_size({"width": width, "height": max(HEIGHT, int(bottom) + 40)})
        page.wait_for_timeout(250)
        if page.evaluate("(root) => document.querySelector(root).getBoundingClientRect().bottom", board) <= bottom:
            return


def _fits(page, board: str, where: str) -> None:
    scroll_width, inner_width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll_width <= inner_width, f"{where} scrolls sideways: {scroll_width} > {inner_width}"
    outside = page.evaluate(_STICKING_OUT_JS, board)
    assert not outside, f"{where}: these stick out of the board's frame: {outside}"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", list(BOARDS))
def test_board_fits_1024_and_1440(voila_page, page, game, lang):
    """The set-up form and the table at 1024 px, and (in English) the table at 1440 px too, with a
    screenshot of the board at each width; Russian, whose words run longer, at 1024 px."""
    path, board, prefix, on_table = BOARDS[game]
    widths = WIDTHS if lang == "en" else WIDTHS[:1]
    page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
    voila_page(f"{path}?lang={lang}", ready=f"{board} .{prefix}-start")
    picker = page.locator(f"{board} .{prefix}-header select").first
    if picker.input_value() != LANGUAGE_NAMES[lang]:  # a page that starts in English: the board's picker
        picker.select_option(label=LANGUAGE_NAMES[lang])
        start = tr(f"{game}.board.start", lang)
        page.wait_for_function("([sel, text]) => document.querySelector(sel).textContent.trim() === text",
                               arg=[f"{board} .{prefix}-start", start])
    _fits(page, board, f"{game} ({lang}) set-up form at {WIDTHS[0]} px")
    page.click(f"{board} .{prefix}-start")
    page.wait_for_selector(f"{board}.{prefix}-playing {on_table}", state="visible", timeout=TIMEOUT)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in widths:
        page.set_viewport_size({"width": width, "height": HEIGHT})
        page.wait_for_timeout(300)                       # let the flex boxes reflow
        _fits(page, board, f"{game} ({lang}) at {width} px")
        _show_whole(page, board, width)
        page.locator(board).screenshot(path=str(SHOTS / f"{game}_{width}{'' if lang == 'en' else '_' + lang}.png"))


def test_abracada_rule_checkboxes_have_accessible_names(voila_page, page):
    """A screen reader names each rule checkbox by its label (it once said only "on")."""
    voila_page("abracada/play.ipynb", ready=".st-abracada .st-start")
    for key in ("easy", "last_standing"):
        label = tr(f"abracada.board.setup.{key}", "en")
        box = page.get_by_role("checkbox", name=label, exact=True)
        assert box.count() == 1, f"no checkbox is named {label!r}"
    names = page.evaluate("""() => [...document.querySelectorAll('.st-abracada input[type=checkbox]')]
        .filter(e => e.offsetParent !== null)
        .map(e => (e.labels && e.labels.length ? [...e.labels].map(l => l.textContent.trim()).join(' ') : '')
                  || e.getAttribute('aria-label') || '')""")
    assert names and all(n.strip() for n in names), f"a visible checkbox has no name: {names}"
