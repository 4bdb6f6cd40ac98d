"""The answers stay with the teacher, in real Chromium against ``scripts/serve``.

Every teacher's guide is opened by a browser without any cookie, and again once it holds a
student cookie: the page says it is for the teacher, and no answer and no exercise of the guide is
in the HTML the server sent, in the page as drawn, or in any websocket frame from the kernel
(widget state, comm messages, outputs). The same guides opened in the browser that opened the
teacher link show every one of those answers (so the markers looked for are real). The gallery
links the guides for the teacher only.
"""
from __future__ import annotations

import json
import os
import secrets
import tempfile
from fractions import Fraction

import pytest
from playwright.sync_api import expect

import browser_harness as bh
from towerlib.core.i18n import tr
from widgets import guide_messages
from widgets import serving

os.environ.setdefault("SPELLTOWER_SAVES", tempfile.mkdtemp(prefix="spelltower-saves-"))
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(bh.REPO), os.environ.get("PYTHONPATH")) if p)
os.environ.setdefault(serving.TEACHER_TOKEN_ENV, secrets.token_urlsafe(24))
TOKEN = os.environ[serving.TEACHER_TOKEN_ENV]

GAMES = ("abracada", "runes", "amulett", "spellcaster")
GALLERY = ".spelltower-gallery .gallery-game"
DENIED = ".spelltower-guide-denied"
GUIDE = ".spelltower-guide h2"


def markers(game: str) -> list[str]:
    """Text that only a guide's answers put on a page: each exact fraction answer (``5/21``) and
    the start of each exercise's question, as the guide notebook itself computes them."""
    nb = json.loads((bh.REPO / "notebooks" / game / "guide.ipynb").read_text(encoding="utf-8"))
    [cell] = ["".join(c["source"]) for c in nb["cells"] if "".join(c["source"]).startswith("# guide: answers")]
    namespace: dict = {}
    exec(compile(cell, f"{game}/guide.ipynb", "exec"), namespace)
    exercises, _rules, _deal = namespace["answers"]()
    found = []
    for items in exercises.values():
        for key, value, params in items:
            found.append(tr(f"guide.{game}.ex.{key}", "en", **params)[:40])
            shown = guide_messages.answer_text(value, "en").split(" ≈")[0]   # "5/21 ≈ 0.238": 5/21
            if isinstance(value, Fraction) and "/" in shown:    # a decimal alone could be a drawing's number
                found.append(shown)
    return [text for text in found if len(text) >= 4]     # "1/3" could be anything


def recorded(pg) -> list[str]:
    """Every websocket frame the page receives from now on (kernel messages, widget state), as text."""
    frames: list[str] = []

    def on_socket(ws):
        ws.on("framereceived", lambda payload: frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))
    pg.on("websocket", on_socket)
    return frames


def open_guide(pg, server, game: str, ready: str) -> tuple[str, str]:
    """Open the game's guide and wait for ``ready``; the HTML served and the page as drawn."""
    response = pg.goto(server.url(f"voila/render/{game}/guide.ipynb"), wait_until="commit")
    pg.wait_for_selector(ready, state="visible", timeout=240_000)
    pg.wait_for_timeout(500)              # late kernel messages, if any, arrive too
    return response.text(), pg.content()


@pytest.mark.parametrize("game", GAMES)
def test_a_student_gets_no_answer_from_a_guide(browser_pages, voila_server, game):
    pg = browser_pages()
    frames = recorded(pg)
    looked_for = markers(game)
    for visit in ("no cookie", "student cookie"):
        served, drawn = open_guide(pg, voila_server, game, DENIED)
        if visit == "student cookie":
            assert serving.STUDENT_COOKIE in {c["name"] for c in pg.context.cookies()}
        expect(pg.locator(DENIED)).to_contain_text(tr("guide.denied", "en"))
        for marker in looked_for:
            assert marker not in served, f"{visit}: served HTML holds {marker!r}"
            assert marker not in drawn, f"{visit}: page holds {marker!r}"
            assert not any(marker in frame for frame in frames), f"{visit}: a kernel message holds {marker!r}"
        assert tr("guide.plan.exercises", "en").strip("*") not in drawn + "".join(frames)
    assert frames, "the page's kernel messages were recorded"


def test_a_wrong_teacher_token_opens_no_guide(browser_pages, voila_server):
    pg = browser_pages()
    pg.goto(voila_server.url(f"voila/render/runes/guide.ipynb?teacher={secrets.token_urlsafe(24)}"),
            wait_until="commit")
    pg.wait_for_selector(DENIED, state="visible", timeout=240_000)
    assert "teacher=" not in pg.url


def test_the_gallery_links_the_guides_for_the_teacher_only(browser_pages, voila_server):
    student, teacher = browser_pages(), browser_pages()
    student.goto(voila_server.url("voila/render/index.ipynb"), wait_until="commit")
    teacher.goto(voila_server.url(f"voila/render/index.ipynb?teacher={TOKEN}"), wait_until="commit")
    for pg in (student, teacher):
        pg.wait_for_selector(GALLERY, state="visible", timeout=240_000)
    expect(teacher.locator(".gallery-guide")).to_have_count(len(GAMES))
    assert student.locator(".gallery-guide").count() == 0
    assert "guide.ipynb" not in student.content()
    assert "teacher=" not in teacher.url


def test_the_teacher_gets_every_answer(browser_pages, voila_server):
    pg = browser_pages()
    pg.goto(voila_server.url(f"voila/render/index.ipynb?teacher={TOKEN}"), wait_until="commit")
    pg.wait_for_selector(GALLERY, state="visible", timeout=240_000)
    for game in GAMES:
        open_guide(pg, voila_server, game, GUIDE)
        assert pg.locator(DENIED).count() == 0
        text = pg.inner_text("body")
        missing = [marker for marker in markers(game) if marker not in text]
        assert not missing, f"{game}: the teacher's guide lacks {missing}"


CLASS_PAGE = ".st-class .st-section-exercises"
CLASS_DENIED = ".st-class-denied"


def test_a_restart_with_a_new_token_ends_every_teacher_cookie(browser_pages, tmp_path, monkeypatch):
    """``scripts/serve`` makes a new token at each start: a browser that opened the old teacher link
    is no longer the teacher (class page, teacher mode, guides). Started again with the same token
    (``SPELLTOWER_TEACHER_TOKEN`` set), the teacher stays in."""
    monkeypatch.setenv("SPELLTOWER_SAVES", str(tmp_path / "saves"))      # the same key across the restarts
    root = bh.make_voila_root(tmp_path / "notebooks")
    port = bh.free_port()
    pg = browser_pages()

    def serve(token: str):
        monkeypatch.setenv(serving.TEACHER_TOKEN_ENV, token)
        return bh.start_voila(root, tmp_path / f"voila-{token[:6]}.log", port=port, extra_args=[
            f"--ClassroomKernelConnection.shutdown_delay={bh.TEST_SHUTDOWN_DELAY}"])

    def opens(server, path: str, shown: str) -> None:
        pg.goto(server.url(f"voila/render/{path}"), wait_until="commit")
        pg.wait_for_selector(shown, state="visible", timeout=240_000)

    def stop(server) -> None:
        pg.goto("about:blank")          # the page leaves (and frees its kernel) while its server runs
        server.stop()

    first, second = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
    server = serve(first)
    try:
        opens(server, f"teacher.ipynb?teacher={first}", CLASS_PAGE)
        opens(server, "teacher.ipynb", CLASS_PAGE)                   # the cookie alone opens it
    finally:
        stop(server)
    server = serve(second)                                            # a new start, a new token
    try:
        opens(server, "teacher.ipynb", CLASS_DENIED)
        opens(server, "runes/guide.ipynb", DENIED)
        opens(server, "abracada/play.ipynb", ".st-abracada.st-page-known")
        assert pg.locator(".st-teacher-panel").count() == 0
        opens(server, f"teacher.ipynb?teacher={second}", CLASS_PAGE)  # the new link works
    finally:
        stop(server)
    server = serve(second)                                            # the same token again
    try:
        opens(server, "teacher.ipynb", CLASS_PAGE)
    finally:
        stop(server)


def test_the_real_server_answers_too_many_wrong_tokens_with_429(tmp_path, monkeypatch):
    """Through scripts/serve (no browser needed): after ``teacher_tries`` wrong tokens a client's
    teacher links, the right one included, get 429 with Retry-After; its plain pages still open."""
    import urllib.error
    import urllib.request

    token = secrets.token_urlsafe(24)
    monkeypatch.setenv("SPELLTOWER_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv(serving.TEACHER_TOKEN_ENV, token)
    server = bh.start_voila(bh.make_voila_root(tmp_path / "notebooks"), tmp_path / "voila.log", extra_args=[
        "--ClassroomIdentityProvider.teacher_tries=2", "--WarmKernelManager.pool_size=0"])

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    opener = urllib.request.build_opener(NoRedirect)

    def status(query: str) -> tuple[int, dict, str]:
        try:
            with opener.open(server.url(f"voila/render/_fixtures/button.ipynb{query}"), timeout=120) as reply:
                return reply.status, dict(reply.headers), ""
        except urllib.error.HTTPError as err:
            return err.code, dict(err.headers), err.read().decode()
    try:
        assert status("?teacher=wrong-1")[0] == 302
        assert status("?teacher=wrong-2")[0] == 302
        code, headers, body = status(f"?teacher={token}")
        assert code == 429 and 0 < int(headers["Retry-After"]) <= 60 and "Too many wrong teacher links" in body
        assert status(f"?teacher={token}&lang=ru")[2].startswith("Слишком много")
        assert status("")[0] == 200
    finally:
        server.stop()
    log = server.log_text()
    assert "Uncaught exception" not in log and "after finish" not in log      # the 429 ends the request cleanly
