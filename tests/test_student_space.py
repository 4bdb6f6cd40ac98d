"""One student, one save space; teacher mode only for the teacher link (issues #13.1, #20.6).

The server side (:class:`widgets.serving.ClassroomIdentityProvider`) is driven with a stand-in
request handler; the kernel side (:mod:`widgets.classroom`, :class:`widgets.saves.SaveFolder`,
the shared teacher panel of :class:`widgets.game_table.GameTable`) through the environment the
server's headers become. The same paths are exercised end to end in Chromium by
``tests/browser/test_classroom.py``.
"""
from __future__ import annotations

import asyncio
import json
import os
import stat
import sys
import threading

import pytest
from tornado.httputil import HTTPHeaders

from widgets import classroom, kernel_owner, serving
from widgets.saves import NoSpace, SaveFolder


# ----- the server: cookies, spaces and the teacher token -------------------------------------------
#: Tokens strong enough to be accepted (widgets.teacher_token), readable in a failure.
RIGHT_TOKEN, FIRST_TOKEN, SECOND_TOKEN = ("right-token-Zq8Vx3Kp9Lm2Nw7Rt4Yb", "first-token-Hc5Jd8Wq2Ep6Uz9Sa3Gk",
                                          "second-token-Bf4Ty7Mn1Xr5Lq8Dv2P")
class FakeHandler:
    """What the identity provider uses of a tornado request handler."""

    def __init__(self, cookie: str | None = None, query: dict | None = None, headers: dict | None = None,
                 teacher_cookie: str | None = None):
        self._query = query or {}
        self.request = type("R", (), {"headers": HTTPHeaders(headers or {}), "method": "GET", "remote_ip": "127.0.0.1",
                                      "path": "/voila/render/abracada/play.ipynb",
                                      "query_arguments": {k: [v.encode()] for k, v in self._query.items()}})()
        self._cookies = {serving.STUDENT_COOKIE: cookie, serving.TEACHER_COOKIE: teacher_cookie}
        self.set_cookies: dict[str, tuple[str, dict]] = {}
        self.cleared: list[str] = []
        self.redirected_to: str | None = None
        self.base_url = "/"

    def get_cookie(self, name):
        return self._cookies.get(name)

    def set_cookie(self, name, value, **kw):
        self.set_cookies[name] = (value, kw)

    def clear_cookie(self, name, **kw):
        self.cleared.append(name)

    def redirect(self, url):
        self.redirected_to = url

    def get_query_argument(self, name, default=None):
        return self._query.get(name, default)


@pytest.fixture
def provider(tmp_path, monkeypatch):
    monkeypatch.setattr(serving, "_is_voila_page", lambda handler: True)
    monkeypatch.setenv(serving.TEACHER_TOKEN_ENV, RIGHT_TOKEN)
    prov = serving.ClassroomIdentityProvider(secret_file=str(tmp_path / "secret"), token="")
    assert serving.TEACHER_TOKEN_ENV not in os.environ, "the token must leave the server's environment"
    return prov


def visit(provider, **kw) -> FakeHandler:
    handler = FakeHandler(**kw)
    provider._tell_kernel(handler)
    return handler


def test_a_new_browser_gets_a_signed_cookie_and_keeps_its_space(provider, tmp_path):
    first = visit(provider)
    cookie, options = first.set_cookies[serving.STUDENT_COOKIE]
    assert options["httponly"] and options["samesite"] == "Lax"
    space = first.request.headers[serving.SPACE_HEADER]
    assert classroom.SPACE_PATTERN.match(space)
    again = visit(provider, cookie=cookie)
    assert again.set_cookies == {} and again.request.headers[serving.SPACE_HEADER] == space
    # the key survives a restart (same file), so does the student's space
    restarted = serving.ClassroomIdentityProvider(secret_file=str(tmp_path / "secret"), token="")
    assert visit(restarted, cookie=cookie).request.headers[serving.SPACE_HEADER] == space
    assert stat.S_IMODE((tmp_path / "secret").stat().st_mode) == 0o600


def test_two_browsers_get_different_spaces(provider):
    spaces = {visit(provider).request.headers[serving.SPACE_HEADER] for _ in range(20)}
    assert len(spaces) == 20


@pytest.mark.parametrize("edit", [
    lambda c: c[:-1] + ("0" if c[-1] != "0" else "1"),     # signature changed
    lambda c: "x" + c,                                       # id changed, old signature
    lambda c: c.split(".")[0],                               # signature dropped
    lambda c: "",                                            # empty
    lambda c: c + "." + c,                                   # two dots
])
def test_an_edited_cookie_gets_a_fresh_space_never_the_old_one(provider, edit):
    victim = visit(provider)
    cookie = victim.set_cookies[serving.STUDENT_COOKIE][0]
    forged = visit(provider, cookie=edit(cookie))
    assert serving.STUDENT_COOKIE in forged.set_cookies, "a bad cookie is replaced"
    assert forged.request.headers[serving.SPACE_HEADER] != victim.request.headers[serving.SPACE_HEADER]


def test_headers_sent_by_the_browser_are_replaced(provider):
    victim = visit(provider)
    space = victim.request.headers[serving.SPACE_HEADER]
    forged = visit(provider, headers={serving.SPACE_HEADER: space, serving.TEACHER_HEADER: "1"})
    assert forged.request.headers.get_list(serving.SPACE_HEADER) != [space]
    assert len(forged.request.headers.get_list(serving.SPACE_HEADER)) == 1
    assert serving.TEACHER_HEADER not in forged.request.headers


@pytest.mark.parametrize("token, teacher", [("wrong", False), ("", False), (RIGHT_TOKEN, True),
                                            (RIGHT_TOKEN + " ", False)])
def test_teacher_mode_only_with_the_right_token(provider, token, teacher):
    """The link sets (or clears) a teacher cookie bound to this browser and reloads the page
    without the token; later pages of that browser are in teacher mode."""
    first = visit(provider, query={"teacher": token, "lang": "ru"})
    assert first.redirected_to == "/voila/render/abracada/play.ipynb?lang=ru"
    assert serving.TEACHER_HEADER not in first.request.headers
    cookie = first.set_cookies[serving.STUDENT_COOKIE][0]
    if teacher:
        teacher_cookie, options = first.set_cookies[serving.TEACHER_COOKIE]
        assert options["httponly"]
    else:
        assert serving.TEACHER_COOKIE not in first.set_cookies and serving.TEACHER_COOKIE in first.cleared
        teacher_cookie = None
    after = visit(provider, cookie=cookie, teacher_cookie=teacher_cookie)
    assert after.redirected_to is None
    assert (after.request.headers.get(serving.TEACHER_HEADER) == "1") is teacher
    # The same cookies own the teacher-mode page's kernel (widgets.kernel_owner): one teacher check.
    space = after.request.headers[serving.SPACE_HEADER]
    expected = {space, kernel_owner.owner_key(space, teacher=True)} if teacher else {space}
    assert provider.owner_keys(FakeHandler(cookie=cookie, teacher_cookie=teacher_cookie)) == expected
    if teacher:   # the teacher cookie is bound to its browser: another student cannot reuse it
        other = visit(provider)
        stolen = visit(provider, cookie=other.set_cookies[serving.STUDENT_COOKIE][0], teacher_cookie=teacher_cookie)
        assert serving.TEACHER_HEADER not in stolen.request.headers


@pytest.mark.parametrize("same_token", [True, False])
def test_a_teacher_cookie_belongs_to_its_token(tmp_path, monkeypatch, same_token):
    """A restart with a new token (scripts/serve makes one each start) lets no earlier teacher cookie
    in; with the same token (SPELLTOWER_TEACHER_TOKEN set) the teacher stays. The key is the same
    file either way, so the student keeps their space."""
    monkeypatch.setattr(serving, "_is_voila_page", lambda handler: True)
    monkeypatch.delenv(serving.TEACHER_TOKEN_ENV, raising=False)
    first = serving.ClassroomIdentityProvider(secret_file=str(tmp_path / "secret"), teacher_token=FIRST_TOKEN)
    login = visit(first, query={"teacher": FIRST_TOKEN})
    cookie = login.set_cookies[serving.STUDENT_COOKIE][0]
    teacher_cookie = login.set_cookies[serving.TEACHER_COOKIE][0]
    assert visit(first, cookie=cookie, teacher_cookie=teacher_cookie).request.headers[serving.TEACHER_HEADER] == "1"
    restarted = serving.ClassroomIdentityProvider(secret_file=str(tmp_path / "secret"),
                                                  teacher_token=FIRST_TOKEN if same_token else SECOND_TOKEN)
    after = visit(restarted, cookie=cookie, teacher_cookie=teacher_cookie)
    assert after.request.headers[serving.SPACE_HEADER] == login.request.headers[serving.SPACE_HEADER]
    assert (after.request.headers.get(serving.TEACHER_HEADER) == "1") is same_token


def test_without_a_token_nobody_is_teacher(tmp_path, monkeypatch):
    monkeypatch.setattr(serving, "_is_voila_page", lambda handler: True)
    monkeypatch.delenv(serving.TEACHER_TOKEN_ENV, raising=False)
    prov = serving.ClassroomIdentityProvider(secret_file=str(tmp_path / "secret"), token="")
    first = visit(prov, query={"teacher": ""})
    assert serving.TEACHER_COOKIE not in first.set_cookies
    after = visit(prov, cookie=first.set_cookies[serving.STUDENT_COOKIE][0],
                  teacher_cookie=prov._teacher_mark("x"))
    assert serving.TEACHER_HEADER not in after.request.headers


# ----- the kernel: a student's own folder ---------------------------------------------------------------
SPACE_A, SPACE_B = "a" * 32, "b" * 32


@pytest.fixture
def classroom_env(monkeypatch, tmp_path):
    monkeypatch.setenv("SPELLTOWER_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv(classroom.CLASSROOM_ENV, "1")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv(classroom.TEACHER_ENV, raising=False)

    def as_student(space):
        if space is None:
            monkeypatch.delenv(classroom.SPACE_ENV, raising=False)
        else:
            monkeypatch.setenv(classroom.SPACE_ENV, space)
    return as_student


def test_each_student_sees_only_their_own_saves(classroom_env, tmp_path):
    classroom_env(SPACE_A)
    a = SaveFolder(sub="runes")
    a.write("autosave", "{}")
    a.write("mine", "{}")
    assert a.folder == tmp_path / "saves" / "students" / SPACE_A / "runes"
    assert (tmp_path / "saves" / "students" / SPACE_A / ".student.json").is_file()
    classroom_env(SPACE_B)
    b = SaveFolder(sub="runes")
    assert b.names() == [] and not b.exists("autosave")
    with pytest.raises(OSError):
        b.read("mine")
    b.write("autosave", "{}")
    assert (tmp_path / "saves" / "students" / SPACE_A / "runes" / "mine.json").is_file()
    assert sorted(a.names()) == ["autosave", "mine"] and b.names() == ["autosave"]


@pytest.mark.parametrize("space", [None, "", "../" + "a" * 29, "A" * 32, "a" * 31, "a" * 33])
def test_a_page_without_a_valid_space_gets_no_saves_at_all(classroom_env, tmp_path, space):
    classroom_env(space)
    folder = SaveFolder()
    assert folder.names() == [] and not folder.exists("autosave")
    with pytest.raises(NoSpace):
        folder.write("autosave", "{}")
    assert not (tmp_path / "saves").exists() or not any((tmp_path / "saves").rglob("*.json"))


def test_outside_a_classroom_there_is_one_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(classroom.CLASSROOM_ENV, raising=False)
    monkeypatch.setenv(classroom.SPACE_ENV, SPACE_A)       # ignored: not a classroom server
    folder = SaveFolder(tmp_path, "runes")
    folder.write("x", "{}")
    assert folder.folder == tmp_path / "runes" and folder.names() == ["x"]


# ----- the kernel: teacher mode on the shared table -----------------------------------------------------
def _widgets(root):
    seen, todo = [], [root]
    while todo:
        w = todo.pop()
        seen.append(w)
        todo.extend(getattr(w, "children", ()))
    return seen


@pytest.mark.parametrize("board_name", ["AbracadaBoard", "RunesBoard"])
@pytest.mark.parametrize("teacher", [False, True])
def test_the_teacher_panel_exists_only_for_the_teacher(classroom_env, monkeypatch, board_name, teacher):
    import widgets
    classroom_env(SPACE_A)
    if teacher:
        monkeypatch.setenv(classroom.TEACHER_ENV, "1")
    board = getattr(widgets, board_name)(bot_delay=0, lang="en")
    board._on_start()
    game = board.game
    panels = [w for w in _widgets(board) if "st-teacher-panel" in getattr(w, "_dom_classes", ())]
    assert len(panels) == int(teacher)
    if not teacher:
        # a forged "Set position" message has nothing to act on, and no widget shows a secret
        board._on_set_position()
        assert board.game is game
        hidden = game.to_json()
        for w in _widgets(board):
            value = getattr(w, "value", None)
            assert not (isinstance(value, str) and len(value) > 40 and value in hidden)
        return
    text = panels[0].children[1].value
    for key in game._snapshot():
        assert f">{key}<" in text                    # the whole state, hidden parts included
    # set a position from a save: the panel's own download round-trips
    saved = board._board_save().to_json()
    board._t_position.value = saved
    board._on_set_position()
    assert board.game.to_json() == game.to_json() and board.game is not game
    board._t_position.value = "not json"
    before = board.game.to_json()
    board._on_set_position()
    assert board.game.to_json() == before and "Not a save" in board._status.value


def test_the_token_can_come_from_a_private_file(tmp_path, monkeypatch):
    monkeypatch.setattr(serving, "_is_voila_page", lambda handler: True)
    monkeypatch.delenv(serving.TEACHER_TOKEN_ENV, raising=False)
    (tmp_path / "token").write_text(RIGHT_TOKEN + "\n")
    prov = serving.ClassroomIdentityProvider(secret_file=str(tmp_path / "secret"), token="",
                                             teacher_token_file=str(tmp_path / "token"))
    assert serving.TEACHER_COOKIE in visit(prov, query={"teacher": RIGHT_TOKEN}).set_cookies


def test_a_preheated_kernel_keeps_one_request_listener(monkeypatch):
    """Voila hands a page's request to one listener per kernel; a page that also calls
    voila.utils.get_query_string must wait for ours, not open a second (which would take the
    request from the first and leave it waiting for ever). voila.utils is patched when the page
    imports it (the kernel does not import it itself: it loads the whole Voila server)."""
    calls = []

    def fake_fetch():                           # Voila's protocol: one message, then os.environ is set
        calls.append(1)
        os.environ[classroom.SPACE_ENV] = SPACE_A
        os.environ["QUERY_STRING"] = "lang=ru"

    monkeypatch.setattr(classroom, "_fetch_request", fake_fetch)
    monkeypatch.setattr(classroom, "_listener", classroom._Listener())
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv(classroom.CLASSROOM_ENV, "1")
    monkeypatch.delenv(classroom.SPACE_ENV, raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    for name in [m for m in sys.modules if m == "voila.utils"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    classroom._share_voilas_listener()
    assert "voila.utils" not in sys.modules
    import voila.utils as vu                       # the page imports it after the board
    assert getattr(vu.wait_for_request, "_spelltower", False)
    classroom.current(wait=False)                  # the board asks first: our listener starts
    assert vu.get_query_string() == "lang=ru"      # the page's own call waits for the same listener
    page = classroom.current(wait=True)
    assert calls == [1] and page.space == SPACE_A


def test_the_request_listener_speaks_voilas_protocol(monkeypatch):
    """Our listener, not voila.utils, against a websocket that behaves as Voila's
    /voila/query/<kernel>: the first message is the request's variables, as JSON."""
    import tornado.web
    import tornado.websocket
    from tornado.httpserver import HTTPServer
    from tornado.ioloop import IOLoop
    from tornado.testing import bind_unused_port

    seen = []

    class Query(tornado.websocket.WebSocketHandler):
        def open(self, kernel_id):
            seen.append((self.request.path, kernel_id))
            self.write_message(json.dumps({classroom.SPACE_ENV: SPACE_B, "QUERY_STRING": "lang=ru"}))

    sock, port = bind_unused_port()
    started, stop = threading.Event(), []

    def serve():
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        server = HTTPServer(tornado.web.Application([(r"/base/voila/query/(.*)", Query)]))
        server.add_sockets([sock])
        stop.append((loop, server))
        started.set()
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    started.wait(10)
    for name, value in {"VOILA_APP_PORT": str(port), "VOILA_APP_IP": "127.0.0.1", "VOILA_SERVER_URL": "/base/",
                        "VOILA_KERNEL_ID": "k-1"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
    monkeypatch.delenv(classroom.SPACE_ENV, raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    try:
        classroom._fetch_request()
    finally:
        loop, server = stop[0]
        loop.call_soon_threadsafe(server.stop)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
    assert seen == [("/base/voila/query/k-1", "k-1")]
    assert os.environ[classroom.SPACE_ENV] == SPACE_B and os.environ["QUERY_STRING"] == "lang=ru"
