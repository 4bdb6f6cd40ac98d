"""A full turn of each of the four games played with the keyboard only (issue #15.4), in Voila.

No mouse: Tab moves the focus, Enter presses the focused control, the boards' shortcut keys do
the rest (and a drop-down is worked with the arrow keys). Along the way the tests check that the
focused control shows the focus ring (its computed outline and halo) and that the board's live
region (``role="status"``) has announced the moves. The page is read (which buttons are enabled,
the log) to decide what to press, as a student looking at the screen would.

The servers are session fixtures started after collection, so the environment set here at
import reaches their kernels: bots move without a pause, saves go to a fresh folder.
"""
from __future__ import annotations

import os
import re
import tempfile

from playwright.sync_api import expect

from browser_harness import ANSWER_MS, REPO, runes_screen

os.environ["SPELLTOWER_BOT_DELAY"] = "0"
os.environ["SPELLTOWER_SAVES"] = tempfile.mkdtemp(prefix="spelltower-saves-")
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)

TIMEOUT = ANSWER_MS
MAX_TABS = 200
RING_OUTLINE = "rgb(17, 17, 17)"          # widgets.a11y.FOCUS_OUTLINE
RING_HALO = "rgb(255, 213, 79)"           # widgets.a11y.FOCUS_HALO
LAB_CODE_CELLS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell"

FOCUSED_STYLE_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const s = getComputedStyle(el);
  return {outlineStyle: s.outlineStyle, outlineWidth: parseFloat(s.outlineWidth), outlineColor: s.outlineColor,
          boxShadow: s.boxShadow, visible: el.matches(':focus-visible')};
}"""


def assert_focus_ring(page) -> None:
    style = page.evaluate(FOCUSED_STYLE_JS)
    assert style is not None, "nothing has the focus"
    assert style["visible"], "the focus came from the keyboard, so :focus-visible must match"
    assert style["outlineStyle"] == "solid" and style["outlineWidth"] >= 3, style
    assert style["outlineColor"] == RING_OUTLINE and RING_HALO in style["boxShadow"], style


def tab_to(page, selector: str) -> None:
    """Press Tab until the focused element matches ``selector``; its focus ring must show."""
    for _ in range(MAX_TABS):
        if page.evaluate("(sel) => !!document.activeElement && document.activeElement.matches(sel)", selector):
            assert_focus_ring(page)
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def serial(page, board: str) -> int:
    return int(page.locator(f"{board} .st-live").get_attribute("data-serial") or 0)


def press_and_wait(page, board: str, key: str) -> None:
    """Press a key and wait until the board's live region has announced something new."""
    before = serial(page, board)
    page.keyboard.press(key)
    page.wait_for_function("([sel, old]) => Number(document.querySelector(sel).dataset.serial || 0) > old",
                           arg=[f"{board} .st-live", before], timeout=TIMEOUT)


def start_by_keyboard(page, board: str, p: str, seed: str = "7") -> None:
    """Type a seed into the set-up form and press Start, all by keyboard."""
    tab_to(page, f"{board} .{p}-setup input[type=text]")
    page.keyboard.type(seed)
    tab_to(page, f"{board} .{p}-start")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{board}.{p}-playing", state="attached", timeout=TIMEOUT)


def check_live_region(page, board: str) -> str:
    expect(page.locator(board)).to_have_attribute("data-lm-suppress-shortcuts", "true")  # for JupyterLab
    live = page.locator(f"{board} [role=status][aria-live=polite]")
    expect(live).to_have_count(1)
    expect(live).to_have_text(re.compile(r"\S"), timeout=TIMEOUT)   # the page applies updates widget by widget
    return live.text_content()


def check_help(page, board: str, lang_words: str) -> None:
    """? shows the shortcut list, H hides it again."""
    page.keyboard.press("?")
    expect(page.locator(f"{board} .st-help")).to_contain_text(lang_words, timeout=TIMEOUT)
    page.locator(f"{board} .st-help").screenshot(path=str(REPO / "artifacts" / "keyboard_help.png"))
    page.keyboard.press("h")
    expect(page.locator(f"{board} .st-help")).to_be_hidden(timeout=TIMEOUT)


def test_abracada_a_turn_by_keyboard(voila_page, page):
    board = ".st-abracada"
    voila_page("abracada/play.ipynb", ready=f"{board} .st-start")
    # The live region is never empty: on the set-up form it says what to do.
    expect(page.locator(f"{board} .st-live")).to_have_text("Choose the players, then press Start game.",
                                                          timeout=TIMEOUT)
    check_help(page, board, "declare that spell")
    start_by_keyboard(page, board, "st")
    page.wait_for_selector(f"{board} .st-spell:enabled", timeout=TIMEOUT)        # the bots before us have moved
    # The render that enabled the spells also said "Your turn": wait until that has arrived too.
    expect(page.locator(f"{board} .st-live")).to_contain_text("Your turn.", timeout=TIMEOUT)
    first = check_live_region(page, board)
    # Keys typed into a text field or a drop-down are theirs, not shortcuts: "e8" in the save
    # name, "e" (English) on the language picker do nothing to the game.
    before = serial(page, board)
    tab_to(page, f"{board} .st-save-name input")
    page.keyboard.type("e8")
    expect(page.locator(f"{board} .st-save-name input")).to_have_value("e8")
    tab_to(page, f"{board} .st-header select")
    page.keyboard.press("e")
    # The first spell by Tab + Enter, then shortcuts: the digit of an enabled spell, E to end.
    tab_to(page, f"{board} .st-spell:enabled")
    page.locator(f"{board} .st-spells").screenshot(path=str(REPO / "artifacts" / "keyboard_focus_ring.png"))
    page.keyboard.press("Enter")
    expect(page.locator(f"{board} .st-log")).to_contain_text(re.compile(r"You (cast|declared) \d"), timeout=TIMEOUT)
    page.wait_for_function("([sel, old]) => Number(document.querySelector(sel).dataset.serial || 0) > old",
                           arg=[f"{board} .st-live", before], timeout=TIMEOUT)
    assert serial(page, board) == before + 1, "keys typed into the drop-down reached the board"
    assert len(re.findall(r"You (?:cast|declared) \d", page.locator(f"{board} .st-log").inner_text())) == 1
    assert check_live_region(page, board) != first
    # A cast that works lets the student end the turn (E); one that fails ends it at once.
    page.wait_for_function("""(board) => {
        const end = document.querySelector(board + ' .st-end');
        const log = document.querySelector(board + ' .st-log').innerText;
        return (end && !end.disabled) || /You declared \\d[^\\n]*costs \\d+ life|is over/.test(log);
    }""", arg=board, timeout=TIMEOUT)
    if page.locator(f"{board} .st-end").is_enabled():
        press_and_wait(page, board, "e")
        expect(page.locator(f"{board} .st-log")).to_contain_text("You end your turn.", timeout=TIMEOUT)
    else:
        assert re.search(r"You declared \d.*costs \d+ life|is over", page.locator(f"{board} .st-log").inner_text())
    page.locator(board).screenshot(path=str(REPO / "artifacts" / "keyboard_abracada.png"))


def test_runes_a_turn_by_keyboard(voila_page, page):
    board, log = ".sr-runes", ".sr-runes .sr-log"
    voila_page("runes/play.ipynb", ready=f"{board} .sr-start")
    start_by_keyboard(page, board, "sr")
    for _ in range(80):                                  # the draft and the windows before our roll
        screen = runes_screen(page, board)
        if screen == "roll":
            break
        if screen == "keep":
            page.keyboard.press("m")                       # the focus goes to the first choice: keep it
            assert_focus_ring(page)
            before = serial(page, board)
            page.keyboard.press("Enter")
            page.wait_for_function("([sel, old]) => Number(document.querySelector(sel).dataset.serial || 0) > old",
                                   arg=[f"{board} .st-live", before], timeout=TIMEOUT)
        else:
            press_and_wait(page, board, "p")
    else:
        raise AssertionError("the student never got to roll")
    check_live_region(page, board)
    page.keyboard.press("1")                              # hold the first die
    expect(page.locator(f"{board} .sr-die-0")).to_have_class(re.compile(r"(^|\s)mod-active(\s|$)"), timeout=TIMEOUT)
    rolls = page.locator(log).inner_text().count("(seat 0) rolls:")
    press_and_wait(page, board, "r")
    expect(page.locator(log)).to_contain_text("(seat 0) rolls:")
    assert page.locator(log).inner_text().count("(seat 0) rolls:") == rolls + 1
    if page.locator(f"{board} .sr-stop").is_enabled():
        press_and_wait(page, board, "s")
    for _ in range(20):                                  # answer the windows, then end the turn
        page.locator(f"{board} .sr-end:visible, {board} .sr-pass:visible").first.wait_for(state="visible",
                                                                                         timeout=TIMEOUT)
        if page.locator(f"{board} .sr-end").is_visible():
            break
        press_and_wait(page, board, "p")
    press_and_wait(page, board, "e")
    expect(page.locator(log)).to_contain_text("(seat 0) ends the turn", timeout=TIMEOUT)
    check_live_region(page, board)                       # press_and_wait saw it announce the end
    page.locator(board).screenshot(path=str(REPO / "artifacts" / "keyboard_runes.png"))


def test_amulett_a_spell_auction_by_keyboard(voila_page, page):
    board, log = ".am-amulett", ".am-amulett .am-log"
    voila_page("amulett/play.ipynb", ready=f"{board} .am-start")
    start_by_keyboard(page, board, "am")
    page.wait_for_selector(f"{board} .am-move:visible:text-is('Keep these spells')", timeout=TIMEOUT)
    press_and_wait(page, board, "k")                        # keep the dealt spells
    expect(page.locator(f"{board} .am-market")).to_contain_text("Up for auction: Copper Vein (3)", timeout=TIMEOUT)
    page.keyboard.press("v")                               # the focus goes to the bid amount: 3, 4, 5, 6
    assert_focus_ring(page)
    page.keyboard.press("ArrowDown")                       # 4
    expect(page.locator(f"{board} .am-bid-amount select")).to_have_value("4", timeout=TIMEOUT)
    tab_to(page, f"{board} .am-bid")
    before = serial(page, board)
    page.keyboard.press("Enter")
    page.wait_for_function("([sel, old]) => Number(document.querySelector(sel).dataset.serial || 0) > old",
                           arg=[f"{board} .st-live", before], timeout=TIMEOUT)
    expect(page.locator(log)).to_contain_text("Player 0 wins spell Copper Vein for 4.", timeout=TIMEOUT)
    press_and_wait(page, board, "p")                        # the next spell: pass
    expect(page.locator(log)).to_contain_text("Player 0 passes", timeout=TIMEOUT)
    check_live_region(page, board)
    page.locator(board).screenshot(path=str(REPO / "artifacts" / "keyboard_amulett.png"))


def test_spellcaster_a_turn_by_keyboard(voila_page, page):
    board, log = ".sc-spellcaster", ".sc-spellcaster .sc-log"
    voila_page("spellcaster/play.ipynb", ready=f"{board} .sc-start")
    start_by_keyboard(page, board, "sc")
    page.wait_for_selector(f"{board} .sc-buy-life input", state="visible", timeout=TIMEOUT)
    page.keyboard.press("a")                               # to the attribute points
    assert_focus_ring(page)
    page.keyboard.press("ArrowDown")                       # Life Force 2 -> 1 ...
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowUp")                         # ... and Will 1 -> 2
    page.wait_for_selector(f"{board} .sc-buy:enabled", timeout=TIMEOUT)
    for _ in range(6):                                     # Focus, Skill, then Buy
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('sc-buy')"):
            break
    assert page.evaluate("document.activeElement.classList.contains('sc-buy')")
    assert_focus_ring(page)
    before = serial(page, board)
    page.keyboard.press("Enter")
    page.wait_for_function("([sel, old]) => Number(document.querySelector(sel).dataset.serial || 0) > old",
                           arg=[f"{board} .st-live", before], timeout=TIMEOUT)
    expect(page.locator(log)).to_contain_text("Seat 1 buys Life Force 20, Will 3,", timeout=TIMEOUT)   # 1 and 2 points
    page.wait_for_selector(f"{board} .sc-move:visible:text-is('Rest')", timeout=TIMEOUT)
    press_and_wait(page, board, "r")                        # rest, then end the turn
    expect(page.locator(log)).to_contain_text("Seat 1 rests", timeout=TIMEOUT)
    page.wait_for_selector(f"{board} .sc-move:visible:text-is('End the turn')", timeout=TIMEOUT)
    press_and_wait(page, board, "e")
    expect(page.locator(log)).to_contain_text("Seat 1 ends the turn", timeout=TIMEOUT)
    check_live_region(page, board)
    page.locator(board).screenshot(path=str(REPO / "artifacts" / "keyboard_spellcaster.png"))


def test_jupyterlab_leaves_the_boards_keys_to_the_board(lab_server, page):
    """In JupyterLab a focused board button must not hand its keys to the notebook: without the
    board's data-lm-suppress-shortcuts, "1" in command mode would turn the cell into a heading."""
    board = ".st-abracada"
    page.goto(lab_server.url("lab/tree/notebooks/abracada/play.ipynb?reset"))
    page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell", timeout=90_000)
    expect(page.get_by_text("Python 3 (ipykernel) | Idle")).to_be_visible(timeout=90_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(f"{board} .st-start", state="visible", timeout=120_000)
    page.click(f"{board} .st-start")                         # the mouse puts the focus on the board
    page.wait_for_selector(f"{board} .st-spell:enabled", timeout=TIMEOUT)
    expect(page.locator(board)).to_have_attribute("data-lm-suppress-shortcuts", "true")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:enter-command-mode')")
    page.focus(f"{board} .st-spell:enabled >> nth=0")
    code_cells = page.locator(LAB_CODE_CELLS).count()
    press_and_wait(page, board, "1")                          # the board's: declare spell 1 (or be told why not)
    for key in ("m", "y"):                                    # Lab's: to Markdown, to code
        page.keyboard.press(key)
    expect(page.locator(LAB_CODE_CELLS)).to_have_count(code_cells)
    expect(page.locator(f"{board} .st-log")).to_be_visible()
