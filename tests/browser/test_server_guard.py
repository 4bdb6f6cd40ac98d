"""Attacks on a real ``scripts/serve`` through its kernel websocket, as a student's devtools would.

The server serves the test fixtures (``_fixtures/buffers.ipynb`` has a widget with binary state,
so its kernel sends messages with buffers) and the Abracada play page. Each student is a
separate cookie jar; the websocket clients speak Jupyter's protocol directly (``websockets``'
synchronous client, so no asyncio loop meets Playwright's). After each attack, the server must
still answer another client's HTTP request and another student's kernel within 100 ms.
"""
from __future__ import annotations

import base64
import http.client
import http.cookiejar
import json
import os
import re
import secrets
import shutil
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

import browser_harness as bh
from widgets.kernel_owner import kernel_tag

V1 = "v1.kernel.websocket.jupyter.org"
BUFFERS = "_fixtures/buffers.ipynb"
BUTTON = "_fixtures/button.ipynb"
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
CEILING = 300.0         # s: a ceiling for a busy machine (a page's kernel start), not a time to meet
ANSWER_LIMIT = 0.100    # s: what another student may wait while one attacks
#: s to wait for the kernel's answer on a plain websocket: a frozen server never sends it, and
#: grows its memory meanwhile, so this is short.
PLAIN_WAIT = 10.0
CONTROL_VERSION = "1.0.0"   # ipywidgets 8's jupyter.widget.control protocol
ROOM_NAME, ROOM_ADDRESS = "Class-Room.example", "10.1.2.3"   # as scripts/serve exports them for a room
CONFIGURED_NAME = "tower.example"                            # HostAllowlist.allowed_hosts
TEACHER_TOKEN = secrets.token_urlsafe(24)   # a chosen token needs 128 bits of randomness


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


@pytest.fixture(scope="module")
def guard_server(tmp_path_factory, monkeypatch_module):
    root = tmp_path_factory.mktemp("guard-root")
    shutil.copytree(bh.FIXTURES, root / "_fixtures")
    (root / "abracada").mkdir()
    shutil.copy(bh.REPO / "notebooks" / "abracada" / "play.ipynb", root / "abracada" / "play.ipynb")
    monkeypatch_module.setenv("SPELLTOWER_SAVES", str(tmp_path_factory.mktemp("guard-saves")))
    monkeypatch_module.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(bh.REPO), os.environ.get("PYTHONPATH")) if p))
    monkeypatch_module.setenv("SPELLTOWER_ALLOWED_HOSTS", f"{ROOM_NAME}, {ROOM_ADDRESS}")
    monkeypatch_module.setenv("SPELLTOWER_TEACHER_TOKEN", TEACHER_TOKEN)
    server = bh.start_voila(root, tmp_path_factory.mktemp("logs") / "voila.log", extra_args=[
        "--WarmKernelManager.pool_size=0", f"--ClassroomKernelConnection.shutdown_delay={bh.TEST_SHUTDOWN_DELAY}",
        f"--HostAllowlist.allowed_hosts={CONFIGURED_NAME}"])
    yield server
    server.stop(timeout=5)   # a server frozen by a failed test is killed, not waited for
    (bh.REPO / "artifacts").mkdir(exist_ok=True)
    (bh.REPO / "artifacts" / "voila-guard-server.log").write_text(server.log_text())


class Student:
    """One browser: its own cookies, the pages it opened and their kernels."""

    def __init__(self, server: bh.Server):
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def open_page(self, path: str, query: str = "") -> str:
        """GET a page as a browser would; the id of the kernel the page got."""
        with self.opener.open(self.server.url(f"voila/render/{path}{query}"), timeout=CEILING) as reply:
            match = KERNEL_ID.search(reply.read().decode())
        assert match, f"{path} names no kernel"
        return match.group(1)

    @property
    def cookie(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def kernel_socket(self, kernel_id: str, v1: bool = True) -> KernelSocket:
        return KernelSocket(self.server, kernel_id, self.cookie, v1)


class KernelSocket:
    """A page's kernel websocket: v1 as Voila's pages speak it, or a plain ``new WebSocket(url)``."""

    def __init__(self, server: bh.Server, kernel_id: str, cookie: str, v1: bool = True):
        url = server.url(f"api/kernels/{kernel_id}/channels?session_id={uuid.uuid4().hex}").replace("http", "ws", 1)
        self.session = uuid.uuid4().hex
        self.ws = connect(url, subprotocols=[V1] if v1 else None, additional_headers={"Cookie": cookie},
                          max_size=None, open_timeout=CEILING, proxy=None, legacy=True)
        self.v1 = self.ws.subprotocol == V1
        self.seen: list[dict] = []     # every message received, in order

    def send(self, msg_type: str, content: dict, channel: str = "shell", metadata: dict | None = None) -> str:
        msg_id = uuid.uuid4().hex
        msg = {"header": {"msg_id": msg_id, "msg_type": msg_type, "session": self.session, "username": "student",
                          "date": "2026-01-01T00:00:00.000000Z", "version": "5.3"},
               "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": channel, "buffers": []}
        if self.v1:
            self.ws.send(serialize_msg_to_ws_v1(msg, channel, lambda part: json.dumps(part).encode()))
        else:
            self.ws.send(json.dumps(msg))
        return msg_id

    def recv(self, timeout: float) -> dict:
        raw = self.ws.recv(timeout=timeout)
        if isinstance(raw, str):
            msg = json.loads(raw)
        elif self.v1:
            channel, parts = deserialize_msg_from_ws_v1(raw)
            header, parent, metadata, content = map(json.loads, parts[:4])
            msg = {"header": header, "parent_header": parent, "metadata": metadata, "content": content,
                   "channel": channel, "buffers": parts[4:]}
        else:
            msg = deserialize_binary_message(raw)
        self.seen.append(msg)
        return msg

    def reply_to(self, msg_id: str, timeout: float = CEILING) -> dict:
        """The first message whose parent is ``msg_id`` on the shell channel (its reply)."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.0, deadline - time.monotonic()))
            if msg["parent_header"].get("msg_id") == msg_id and msg.get("channel") == "shell":
                return msg

    def request_states(self) -> str:
        """What a page's widget manager sends on connect; the kernel answers with every widget's
        state, binary ones as buffers."""
        comm_id = uuid.uuid4().hex
        self.send("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                  metadata={"version": CONTROL_VERSION})
        return self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})

    def states(self, timeout: float = CEILING) -> dict[str, dict]:
        """Every widget model's state, by model id, as the page's widget manager gets them."""
        msg_id = self.request_states()
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.0, deadline - time.monotonic()))
            if msg["header"]["msg_type"] == "comm_msg" and msg["parent_header"].get("msg_id") == msg_id:
                return {k: v["state"] for k, v in msg["content"]["data"]["states"].items()}

    def click(self, model_id: str) -> list[dict]:
        """Click a button as the page does; the widget updates the click brought, up to the
        kernel's idle status."""
        msg_id = self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})
        updates = []
        while True:
            msg = self.recv(CEILING)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["header"]["msg_type"] == "comm_msg":
                updates.append(msg)
            if msg["header"]["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return updates

    def close(self) -> None:
        self.ws.close()


def _answer_seconds(server: bh.Server, other: KernelSocket) -> tuple[float, float]:
    """How long the server takes to serve a static file to another client and to relay another
    student's kernel_info_request and its reply (a ceiling of 5 s each: a frozen server fails)."""
    t0 = time.perf_counter()
    with urllib.request.urlopen(server.url("voila/static/voila.js"), timeout=5) as reply:
        assert reply.status == 200
        reply.read()
    http_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    msg = other.reply_to(other.send("kernel_info_request", {}), timeout=5)
    assert msg["header"]["msg_type"] == "kernel_info_reply"
    return http_s, time.perf_counter() - t0


def _assert_answers_quickly(server: bh.Server, other: KernelSocket) -> None:
    """Best of three probes each within the limit (the machine is shared: one probe may wait for a core)."""
    probes = [_answer_seconds(server, other) for _ in range(3)]
    assert min(p[0] for p in probes) < ANSWER_LIMIT, probes
    assert min(p[1] for p in probes) < ANSWER_LIMIT, probes


@pytest.fixture(scope="module")
def bystander(guard_server):
    """Another student with the button page open and its kernel websocket connected."""
    student = Student(guard_server)
    socket = student.kernel_socket(student.open_page(BUTTON))
    yield socket
    socket.close()


def test_a_plain_websocket_cannot_freeze_the_server(guard_server, bystander):
    attacker = Student(guard_server)
    kernel_id = attacker.open_page(BUFFERS)
    _assert_answers_quickly(guard_server, bystander)
    try:
        plain = attacker.kernel_socket(kernel_id, v1=False)
    except InvalidStatus as refused:      # the server refuses the legacy protocol outright
        assert refused.response.status_code == 400
    else:                                 # or speaks it safely: the buffers come back, legacy-framed
        plain.request_states()
        try:
            while not plain.recv(PLAIN_WAIT).get("buffers"):
                pass
        except (TimeoutError, ConnectionClosed):
            pass                          # no answer: the probes below tell whether the server froze
        plain.close()
    _assert_answers_quickly(guard_server, bystander)
    # The page's own v1 websocket still works, buffers included.
    page = attacker.kernel_socket(kernel_id)
    msg_id = page.request_states()
    while True:
        msg = page.recv(CEILING)
        if msg["header"]["msg_type"] == "comm_msg" and msg["parent_header"].get("msg_id") == msg_id:
            break
    assert msg["buffers"], "the image's state came without its buffer"
    page.close()


@pytest.mark.parametrize("frame", [
    b"\xff" * 8,                                   # an offset count of 1.8e19, nothing else
    b"\xff" * 64,
    (3).to_bytes(8, "little") + b"\xff" * 24,       # offsets far outside the frame
    (4).to_bytes(8, "little") + b"\x00" * 32,       # a frame of empty parts
    b"x" * 40,
], ids=["count-only", "count-and-junk", "offsets-outside", "empty-parts", "not-v1"])
def test_a_malformed_v1_frame_is_dropped_and_the_server_answers(guard_server, bystander, frame):
    attacker = Student(guard_server)
    socket = attacker.kernel_socket(attacker.open_page(BUTTON))
    socket.ws.send(frame)
    _assert_answers_quickly(guard_server, bystander)
    # The attacker's own socket still carries well-formed messages.
    assert socket.reply_to(socket.send("kernel_info_request", {}))["header"]["msg_type"] == "kernel_info_reply"
    socket.close()


#: Everything a page must not send, with the channel a frontend would use and a content that
#: would make a kernel answer (or die) if the message reached it.
FORBIDDEN = [
    ("control", "shutdown_request", {"restart": True}),
    ("control", "interrupt_request", {}),
    ("control", "debug_request", {"type": "request", "seq": 1, "command": "initialize", "arguments": {}}),
    ("control", "kernel_info_request", {}),                 # an allowed type on the wrong channel
    ("control", "comm_info_request", {}),
    ("stdin", "input_reply", {"value": "x"}),
    ("shell", "execute_request", {"code": "1 + 1", "silent": False, "store_history": False,
                                  "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}),
    ("shell", "inspect_request", {"code": "len", "cursor_pos": 3, "detail_level": 0}),
    ("shell", "complete_request", {"code": "le", "cursor_pos": 2}),
    ("shell", "is_complete_request", {"code": "1 +"}),
    ("shell", "history_request", {"output": False, "raw": True, "hist_access_type": "tail", "n": 1}),
    ("shell", "comm_info_request_typo", {}),
    ("shell", "shutdown_request", {"restart": True}),
]


def _kernel_pid(server: bh.Server, kernel_id: str) -> int | None:
    """The process of a kernel (its command line names its connection file, which holds its id)."""
    import psutil
    for pid in server.kernel_pids():
        try:
            if any(kernel_id in part for part in psutil.Process(pid).cmdline()):
                return pid
        except psutil.NoSuchProcess:
            pass
    return None


def test_a_page_may_send_only_widget_messages(guard_server):
    student = Student(guard_server)
    kernel_id = student.open_page("abracada/play.ipynb")
    socket = student.kernel_socket(kernel_id)
    pid = _kernel_pid(guard_server, kernel_id)
    assert pid is not None
    before = socket.states()
    forbidden = {socket.send(msg_type, content, channel=channel): msg_type for channel, msg_type, content in FORBIDDEN}
    # The shell channel is served in order: had a request above reached the kernel, something
    # answering it would come before this reply.
    socket.reply_to(socket.send("kernel_info_request", {}))
    after = socket.states(timeout=60)     # a kernel restarted bare never answers: no widget control comm
    assert after.keys() == before.keys(), "the kernel lost its widgets (restarted?)"
    start = next(k for k, state in after.items() if "st-start" in state.get("_dom_classes", ()))
    updates = socket.click(start)
    assert any("st-playing" in m["content"]["data"].get("state", {}).get("_dom_classes", ()) for m in updates), \
        "Start did not deal a game"
    answered = [forbidden[m["parent_header"]["msg_id"]] for m in socket.seen
                if m["parent_header"].get("msg_id") in forbidden]
    assert answered == [], f"the kernel answered {answered}"
    assert _kernel_pid(guard_server, kernel_id) == pid, "the kernel died or was restarted"
    assert "shutdown_request" in guard_server.log_text()     # each drop is logged
    socket.close()


def _request(server: bh.Server, path: str, host: str, websocket: bool = False, cookie: str = "") -> tuple[int, str, bytes]:
    """GET ``path`` from the server (always at 127.0.0.1) with the given ``Host`` header, as a
    browser that looked ``host`` up would send it; a websocket handshake if ``websocket``.
    The status, the Content-Type and the body (empty for an accepted handshake)."""
    headers = {"Host": host, "Cookie": cookie}
    if websocket:
        headers.update({"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
                        "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(), "Sec-WebSocket-Protocol": V1})
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=CEILING)
    try:
        connection.request("GET", server.url(path).split(str(server.port), 1)[1], headers=headers)
        reply = connection.getresponse()
        body = b"" if reply.status == 101 else reply.read()
        return reply.status, reply.getheader("Content-Type", ""), body
    finally:
        connection.close()


@pytest.mark.parametrize("host", ["evil.example:8873", "evil.example", "127.0.0.1.evil.example", "localhost.:8866",
                                  "10.9.9.9", "[::2]:8866"])
def test_a_foreign_host_gets_403_everywhere(guard_server, host):
    student = Student(guard_server)
    kernel_id = student.open_page(BUTTON)
    pids = guard_server.kernel_pids()
    for path, websocket in [(f"voila/render/{BUTTON}", False), ("voila/static/voila.js", False),
                            (f"api/kernels/{kernel_id}", False), ("voila/tree", False),
                            (f"api/kernels/{kernel_id}/channels?session_id=x", True)]:
        status, kind, body = _request(guard_server, path, host, websocket, student.cookie)
        assert (status, kind.split(";")[0]) == (403, "text/plain"), (path, status, kind, body[:200])
        assert body.decode().startswith("403 Forbidden") and len(body) < 100, body
    assert guard_server.kernel_pids() <= pids, "a foreign host's page started a kernel"


@pytest.mark.parametrize("name", ["localhost", "127.0.0.1", "[::1]", ROOM_NAME, ROOM_ADDRESS, CONFIGURED_NAME])
def test_the_servers_own_names_are_answered(guard_server, name):
    student = Student(guard_server)
    kernel_id = student.open_page(BUTTON)
    host = f"{name}:{guard_server.port}"
    assert _request(guard_server, "voila/static/voila.js", host)[0] == 200
    assert _request(guard_server, f"api/kernels/{kernel_id}", host, cookie=student.cookie)[0] == 200
    assert _request(guard_server, f"api/kernels/{kernel_id}/channels?session_id=x", host, True, student.cookie)[0] == 101


def _api(server: bh.Server, method: str, path: str, cookie: str = "") -> int:
    """The status of an API request with these cookies (and their _xsrf token, as a page sends it)."""
    xsrf = re.search(r"(?:^|; )_xsrf=([^;]+)", cookie)
    headers = {"Cookie": cookie, **({"X-XSRFToken": xsrf.group(1)} if xsrf else {})}
    request = urllib.request.Request(server.url(path), method=method, headers=headers, data=b"" if method == "POST" else None)
    try:
        with urllib.request.urlopen(request, timeout=CEILING) as reply:
            return reply.status
    except urllib.error.HTTPError as err:
        return err.code


def _refused_to(server: bh.Server, kernel_id: str, cookie: str) -> list[str]:
    """What a client with ``cookie`` may do with someone else's kernel: the list of what was NOT refused."""
    allowed = []
    for method, path in [("GET", f"api/kernels/{kernel_id}"), ("DELETE", f"api/kernels/{kernel_id}"),
                         ("POST", f"voila/api/shutdown/{kernel_id}")]:
        status = _api(server, method, path, cookie)
        if status not in (403, 404):
            allowed.append(f"{method} {path}: {status}")
    try:
        KernelSocket(server, kernel_id, cookie).close()
        allowed.append("kernel websocket opened")
    except InvalidStatus as refused:
        if refused.response.status_code not in (403, 404):
            allowed.append(f"kernel websocket: {refused.response.status_code}")
    return allowed


@pytest.mark.parametrize("page", [BUTTON, "abracada/play.ipynb"], ids=["cold kernel", "preheated kernel"])
def test_a_kernel_answers_only_to_the_student_who_opened_it(guard_server, page):
    owner, other = Student(guard_server), Student(guard_server)
    kernel_id = owner.open_page(page)
    other.open_page(BUTTON)                           # a student of the class, with a cookie of their own
    assert _refused_to(guard_server, kernel_id, other.cookie) == []
    assert _refused_to(guard_server, kernel_id, "") == []
    assert _api(guard_server, "GET", "api/kernels/00000000-0000-0000-0000-000000000000", owner.cookie) == 404
    # The owner's kernel is untouched, and theirs to use.
    assert _api(guard_server, "GET", f"api/kernels/{kernel_id}", owner.cookie) == 200
    socket = owner.kernel_socket(kernel_id)
    assert socket.reply_to(socket.send("kernel_info_request", {}))["header"]["msg_type"] == "kernel_info_reply"
    socket.close()
    assert _api(guard_server, "DELETE", f"api/kernels/{kernel_id}", owner.cookie) == 204
    # The log, which more people read than own kernels, follows the kernel by a tag, not its id.
    log = guard_server.log_text()
    assert kernel_id not in log and kernel_tag(kernel_id) in log


def test_a_teacher_mode_kernel_answers_only_to_the_teacher_cookie(guard_server):
    teacher = Student(guard_server)
    kernel_id = teacher.open_page(BUTTON, f"?teacher={TEACHER_TOKEN}")
    assert any(c.name == "spelltower_teacher" for c in teacher.jar)
    student_part = "; ".join(f"{c.name}={c.value}" for c in teacher.jar if c.name != "spelltower_teacher")
    assert _refused_to(guard_server, kernel_id, student_part) == []    # the same browser's student cookie alone
    assert _api(guard_server, "GET", f"api/kernels/{kernel_id}", teacher.cookie) == 200


def _query_socket(server: bh.Server, kernel_id: str, cookie: str):
    """Voila's request-details websocket of a kernel, as a page's devtools could open it."""
    url = server.url(f"voila/query/{kernel_id}").replace("http", "ws", 1)
    return connect(url, additional_headers={"Cookie": cookie}, open_timeout=CEILING, proxy=None, legacy=True)


def test_only_the_kernel_itself_reads_its_page_request(guard_server):
    """A preheated kernel learns its student from Voila's /voila/query/<id> websocket; nobody else
    may open it, with a real id: not another student, not a client without cookies, not the page
    itself (stock Voila answers anyone, and a second connection takes the details from the kernel)."""
    owner, other = Student(guard_server), Student(guard_server)
    kernel_id = owner.open_page("abracada/play.ipynb")
    other.open_page(BUTTON)
    for cookie in (other.cookie, "", owner.cookie):
        with pytest.raises(InvalidStatus) as refused:
            with _query_socket(guard_server, kernel_id, cookie) as socket:
                pytest.fail(f"the query websocket opened and sent {socket.recv(timeout=5)!r}")
        assert refused.value.response.status_code == 404
        assert b"kernel" in refused.value.response.body and b"HTTP_" not in refused.value.response.body
    # The kernel it serves still works for its page.
    socket = owner.kernel_socket(kernel_id)
    assert socket.reply_to(socket.send("kernel_info_request", {}))["header"]["msg_type"] == "kernel_info_reply"
    socket.close()


# ----- kernels follow pages ------------------------------------------------------------------------
#: The page server's WarmKernelManager.never_connected_delay (s): shorter than the configured 60
#: (tests/test_setup_config.py), longer than its closed-page delay.
NEVER_CONNECTED = 8.0
LESSON = "abracada/01_meet_the_tower.ipynb"
SLOW = "_fixtures/slow.ipynb"
NEVER_CONNECTED_LOG = "its page never connected to it"


@pytest.fixture(scope="module")
def page_server(tmp_path_factory, monkeypatch_module):
    """A server of the gallery, a play page (preheated), a lesson (warm kernel) and a slow page,
    with the never-connected delay shortened."""
    root = tmp_path_factory.mktemp("pages-root")
    (root / "abracada").mkdir()
    (root / "_fixtures").mkdir()
    for page in ("index.ipynb", "abracada/play.ipynb", LESSON):
        shutil.copy(bh.REPO / "notebooks" / page, root / page)
    shutil.copy(bh.FIXTURES / "slow.ipynb", root / SLOW)
    monkeypatch_module.setenv("SPELLTOWER_SAVES", str(tmp_path_factory.mktemp("pages-saves")))
    monkeypatch_module.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(bh.REPO), os.environ.get("PYTHONPATH")) if p))
    server = bh.start_voila(root, tmp_path_factory.mktemp("logs") / "voila-pages.log", extra_args=[
        "--WarmKernelManager.pool_size=1", f"--WarmKernelManager.never_connected_delay={NEVER_CONNECTED}",
        f"--ClassroomKernelConnection.shutdown_delay={bh.TEST_SHUTDOWN_DELAY}"])
    yield server
    server.stop(timeout=5)
    (bh.REPO / "artifacts").mkdir(exist_ok=True)
    (bh.REPO / "artifacts" / "voila-pages-server.log").write_text(server.log_text())


def _wait_until(condition, ceiling: float, what: str) -> float:
    """Seconds until ``condition()`` holds (checked every 0.1 s); fails after ``ceiling``."""
    t0 = time.monotonic()
    while not condition():
        assert time.monotonic() - t0 < ceiling, f"no {what} after {ceiling:.0f} s"
        time.sleep(0.1)
    return time.monotonic() - t0


@pytest.mark.parametrize("page, ready", [("abracada/play.ipynb", "Kernel pool of abracada/play.ipynb is filled"),
                                         (LESSON, "Warm kernel ready"), ("index.ipynb", "")],
                         ids=["play page (preheated kernel)", "lesson (warm kernel)", "gallery (cold kernel)"])
def test_a_page_fetched_without_its_websocket_frees_its_kernel(page_server, page, ready):
    """A plain GET (no script runs, so no websocket) leaves no kernel behind beyond the delay;
    the kernels waiting for pages (preheated, warm) are left alone."""
    _wait_until(lambda: ready in page_server.log_text(), CEILING, ready)
    waiting = page_server.kernel_pids()           # the standby kernels (earlier tests' are gone)
    kernel_id = Student(page_server).open_page(page)
    sent = time.monotonic()
    pid = _kernel_pid(page_server, kernel_id)
    assert pid is not None
    _wait_until(lambda: _kernel_pid(page_server, kernel_id) is None, NEVER_CONNECTED + CEILING,
                "shutdown of the kernel no page connected to")
    assert time.monotonic() - sent >= NEVER_CONNECTED - 0.5       # not before the page could connect
    assert f"{kernel_tag(kernel_id)}: {NEVER_CONNECTED_LOG}" in page_server.log_text()
    assert waiting - {pid} <= page_server.kernel_pids(), "a kernel no page was given was shut down"


def test_a_page_connecting_late_keeps_its_kernel_until_it_closes(page_server):
    """A busy browser may connect well after a closed page's delay: its kernel waits for it, stays
    past the never-connected delay while the page is open, and goes once the page has closed."""
    student = Student(page_server)
    kernel_id = student.open_page("abracada/play.ipynb")
    time.sleep(3 * bh.TEST_SHUTDOWN_DELAY)
    socket = student.kernel_socket(kernel_id)
    time.sleep(NEVER_CONNECTED + 2)
    assert socket.reply_to(socket.send("kernel_info_request", {}))["header"]["msg_type"] == "kernel_info_reply"
    socket.close()
    _wait_until(lambda: _kernel_pid(page_server, kernel_id) is None, bh.TEST_SHUTDOWN_DELAY + CEILING,
                "shutdown of the closed page's kernel")
    assert f"{kernel_tag(kernel_id)}: {NEVER_CONNECTED_LOG}" not in page_server.log_text()


def test_a_page_slower_to_send_than_the_delay_keeps_its_kernel(page_server):
    """The wait starts when the page has been sent, not when its kernel was started for it."""
    student = Student(page_server)
    t0 = time.monotonic()
    kernel_id = student.open_page(SLOW, f"?seconds={NEVER_CONNECTED + 3}")
    assert time.monotonic() - t0 >= NEVER_CONNECTED + 3
    socket = student.kernel_socket(kernel_id)
    assert socket.reply_to(socket.send("kernel_info_request", {}))["header"]["msg_type"] == "kernel_info_reply"
    socket.close()
