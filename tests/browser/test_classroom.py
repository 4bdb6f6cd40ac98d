"""A class on one server, in real Chromium against ``scripts/serve`` (issues #13.1 and #20.6).

Each browser context is a separate browser (its own cookies), i.e. another student:

* two students play at once and never see, resume or overwrite each other's game; the saves
  are where the README says (``<saves>/students/<space>/``);
* an edited cookie, or the server's own headers sent by the page, gets a fresh space, never
  the other student's, and never teacher mode;
* teacher mode appears only with the right ``?teacher=`` token: no token and a wrong one show
  no control and nothing hidden; the right one shows the whole game, the bots' reasons and a
  working "set a position". The link sets a teacher cookie and reloads the page without the
  token, so no kernel's environment ever holds it (Voila passes each page's URL on to the next
  preheated kernel).

The server's preheated kernel serves the first play page it is asked for, so these tests
cover both paths by which a kernel learns its page (preheated and freshly started).
"""
from __future__ import annotations

import base64
import os
import secrets
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_harness import REPO
from widgets import serving

os.environ["SPELLTOWER_BOT_DELAY"] = "0"
os.environ["SPELLTOWER_SAVES"] = tempfile.mkdtemp(prefix="spelltower-saves-")
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)
os.environ.setdefault(serving.TEACHER_TOKEN_ENV, secrets.token_urlsafe(24))
TOKEN = os.environ[serving.TEACHER_TOKEN_ENV]

PLAY = "abracada/play.ipynb"
BOARD = ".st-abracada"
KNOWN = ".st-abracada.st-page-known"       # the board has heard from the server who it is for
START = f"{BOARD} .st-start"
RESUME = f"{BOARD} .st-resume"
PLAYING = f"{BOARD}.st-playing"
LOG = f"{BOARD} .st-log"
PANEL = ".st-teacher-panel"
# Keys of the engines' full state: they appear on a page only in the teacher panel.
HIDDEN_KEYS = {"abracada/play.ipynb": ("secret_pool", "known_not"), "runes/play.ipynb": ("loot_deck",)}
BOARDS = {"abracada/play.ipynb": (".st-abracada", "st"), "runes/play.ipynb": (".sr-runes", "sr")}  # board, CSS prefix
CHANGED = "([sel, old]) => { const e = document.querySelector(sel); return e !== null && e.innerText !== old; }"
SAME = "([sel, text]) => { const e = document.querySelector(sel); return e !== null && e.innerText === text; }"


def saves_root() -> Path:
    return Path(os.environ["SPELLTOWER_SAVES"])


def space_of(page, server) -> str:
    """The page's space, worked out from its cookie with the server's own key."""
    cookie = {c["name"]: c["value"] for c in page.context.cookies()}[serving.STUDENT_COOKIE]
    provider = serving.ClassroomIdentityProvider(secret_file=str(saves_root() / ".classroom-secret"), token="")
    student = provider.student_id(cookie)
    assert student is not None, "the server's cookie does not verify"
    return provider.space(student)


def log_text(page) -> str:
    return page.locator(LOG).inner_text()


def start_and_cast(page) -> str:
    """Start a game, cast Magic Drink (8) and return the log once the kernel has answered."""
    page.click(START)
    page.wait_for_selector(f"{PLAYING} .st-spell-8", state="visible")
    before = log_text(page)
    page.click(f"{BOARD} .st-spell-8")
    page.wait_for_function(CHANGED, arg=[LOG, before])
    expect(page.locator(LOG)).to_contain_text("Magic Drink")
    return log_text(page)


def test_two_students_keep_their_own_games(voila_page, browser_pages, voila_server):
    alice, bob = browser_pages(), browser_pages()
    voila_page(PLAY, ready=KNOWN, on=alice)
    alice_log = start_and_cast(alice)
    alice_space = space_of(alice, voila_server)
    alice_file = saves_root() / "students" / alice_space / "autosave.json"
    assert alice_file.is_file()
    alice_save = alice_file.read_text()

    voila_page(PLAY, ready=KNOWN, on=bob)
    bob_space = space_of(bob, voila_server)
    assert bob_space != alice_space
    expect(bob.locator(RESUME)).to_be_hidden()              # nothing of Alice's is offered
    bob.locator(RESUME).dispatch_event("click")            # a forged click on the hidden button
    expect(bob.locator(f"{BOARD} .st-status")).to_contain_text("no saved game")
    expect(bob.locator(PLAYING)).to_have_count(0)
    start_and_cast(bob)
    assert (saves_root() / "students" / bob_space / "autosave.json").is_file()
    assert alice_file.read_text() == alice_save, "Bob's game overwrote Alice's"

    # Alice comes back (a reload is a new kernel): her own game, not Bob's.
    alice.reload(wait_until="commit")
    alice.wait_for_selector(KNOWN, state="visible")
    alice.click(RESUME)
    alice.wait_for_selector(PLAYING, state="visible")
    alice.wait_for_function(SAME, arg=[LOG, alice_log])
    assert space_of(alice, voila_server) == alice_space


def test_a_forged_identity_gets_a_fresh_space(voila_page, browser_pages, voila_server):
    victim = browser_pages()
    voila_page(PLAY, ready=KNOWN, on=victim)
    start_and_cast(victim)
    victim_space = space_of(victim, voila_server)
    victim_cookie = {c["name"]: c["value"] for c in victim.context.cookies()}[serving.STUDENT_COOKIE]
    forged_cookies = {
        "edited cookie": victim_cookie[:-1] + ("0" if victim_cookie[-1] != "0" else "1"),
        "made-up signature": victim_cookie.split(".")[0] + "." + "0" * 32,
    }
    thieves = {"server headers": browser_pages(extra_http_headers={serving.SPACE_HEADER: victim_space,
                                                                    serving.TEACHER_HEADER: "1"})}
    for forgery, value in forged_cookies.items():
        thieves[forgery] = browser_pages()
        thieves[forgery].context.add_cookies([{"name": serving.STUDENT_COOKIE, "value": value,
                                               "url": voila_server.url()}])
    for forgery, thief in thieves.items():
        voila_page(PLAY, ready=KNOWN, on=thief)
        assert space_of(thief, voila_server) != victim_space, forgery
        expect(thief.locator(RESUME)).to_be_hidden()
        assert thief.locator(PANEL).count() == 0, forgery


@pytest.mark.parametrize("path, token", [(PLAY, "none"), (PLAY, "wrong"), (PLAY, "right"),
                                         ("runes/play.ipynb", "wrong"), ("runes/play.ipynb", "right")])
def test_teacher_mode_needs_the_teacher_token(voila_page, page, voila_server, path, token):
    query = {"none": "", "wrong": "?teacher=" + secrets.token_urlsafe(24), "right": "?teacher=" + TOKEN}[token]
    board, p = BOARDS[path]
    voila_page(path + query, ready=f"{board}.st-page-known")
    assert "teacher=" not in page.url, "the server reloads the page without the token"
    page.click(f"{board} .{p}-start")
    page.wait_for_selector(f"{board}.{p}-playing", state="visible")
    if token != "right":
        assert page.locator(PANEL).count() == 0
        html = page.content()
        for key in HIDDEN_KEYS[path]:
            assert key not in html, f"hidden state ({key}) on a page without the teacher token"
        assert "TEACHER" not in page.inner_text("body")
        return
    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    for pid in voila_server.kernel_pids():   # no kernel inherits the token, preheated ones included
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes()
        except OSError:                      # the kernel has just ended
            continue
        assert TOKEN.encode() not in environ, f"kernel {pid} has the teacher token in its environment"
    expect(panel.locator(".st-teacher-banner")).to_contain_text("TEACHER MODE")
    for key in HIDDEN_KEYS[path]:
        expect(panel.locator(".st-teacher-reveal")).to_contain_text(key)
    # Set a position: the panel's own download, pasted back, puts that game on the table.
    href = panel.locator(".st-teacher-download a").get_attribute("href")
    save = base64.b64decode(href.split(",", 1)[1]).decode()
    panel.locator(".st-teacher-position textarea").fill(save)
    panel.locator(".st-teacher-set-position").click()
    expect(page.locator(f"{board} .{p}-status")).to_contain_text("Position set")
    if path == PLAY:      # Abracada: the bots' reasons appear once bots have moved
        for _ in range(6):
            if panel.locator(".st-teacher-reasons li").count():
                break
            end = page.locator(f"{BOARD} .st-end")
            before = log_text(page)
            page.click(f"{BOARD} .st-end" if end.is_enabled() else f"{BOARD} .st-spell-8")
            page.wait_for_function(CHANGED, arg=[LOG, before])
        expect(panel.locator(".st-teacher-reasons li").first).to_be_visible()
