"""``scripts/serve`` serving the room's network (``SPELLTOWER_HOST=0.0.0.0``, ``--lan``, or voila's
own ``--Voila.ip``), and on loopback by default.

Each server is the real script. What it binds is read from its listening socket (psutil), the
addresses it prints are compared with the machine's interfaces (psutil), and every request goes
to 127.0.0.1: no test sends anything to a non-loopback address.
"""
from __future__ import annotations

import secrets
import os
import re
import shutil
import socket
import time
import urllib.error
import urllib.request

import psutil
import pytest

import browser_harness as bh
from widgets import lan

TOKEN = secrets.token_urlsafe(24)   # a chosen token needs 128 bits of randomness
GALLERY = "/voila/render/index.ipynb"
JOIN = re.compile(r"^serve: students join at (\S+)$", re.M)


def _machine_addresses() -> set[str]:
    stats = psutil.net_if_stats()
    return {a.address for name, addrs in psutil.net_if_addrs().items() for a in addrs
            if a.family == socket.AF_INET and not a.address.startswith("127.") and stats[name].isup}


def _listening(server) -> set[tuple[str, int]]:
    return {(c.laddr.ip, c.laddr.port) for c in psutil.Process(server.pid).net_connections(kind="tcp")
            if c.status == psutil.CONN_LISTEN}


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    """Just the gallery and the class page: no play page, so no kernel is preheated."""
    folder = tmp_path_factory.mktemp("room-root")
    for page in ("index.ipynb", "teacher.ipynb"):
        shutil.copy(bh.REPO / "notebooks" / page, folder / page)
    return folder


def _serve(root, tmp_path_factory, monkeypatch, host: str | None, extra_args=(), port: int | None = None):
    for key, value in {"SPELLTOWER_HOST": host, "SPELLTOWER_TEACHER_TOKEN": TOKEN, "SPELLTOWER_ALLOWED_HOSTS": None,
                       "SPELLTOWER_SAVES": str(tmp_path_factory.mktemp("room-saves")),
                       "PYTHONPATH": os.pathsep.join(p for p in (str(bh.REPO), os.environ.get("PYTHONPATH")) if p)}.items():
        if value is None:
            monkeypatch.delenv(key, raising=False)
        else:
            monkeypatch.setenv(key, value)
    return bh.start_voila(root, tmp_path_factory.mktemp("logs") / "voila.log", port=port,
                          extra_args=["--WarmKernelManager.pool_size=0", *extra_args])


@pytest.fixture(scope="module")
def room_server(root, tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        server = _serve(root, tmp_path_factory, patch, "0.0.0.0")
        yield server
        server.stop()


def test_by_default_the_server_listens_on_loopback_only(root, tmp_path_factory, monkeypatch):
    server = _serve(root, tmp_path_factory, monkeypatch, None)
    try:
        assert _listening(server) == {("127.0.0.1", server.port)}
        log = server.log_text()
        assert not JOIN.search(log) and "room's network" not in log
        env = psutil.Process(server.pid).environ()
        assert "SPELLTOWER_ALLOWED_HOSTS" not in env and lan.URLS_ENV not in env
    finally:
        server.stop()


def test_a_lesson_logs_no_harmless_warning_and_a_fault_is_still_logged(root, tmp_path_factory, monkeypatch, page):
    """A fresh server, a page opened in Chromium (its kernel's websocket included): neither
    jupyter_server's "Notebook … is not trusted" nor tornado's websocket_ping_timeout line is
    logged (widgets/quiet_log.py), while a made-up page's 404 still is."""
    server = _serve(root, tmp_path_factory, monkeypatch, None)
    try:
        page.goto(server.url("voila/render/index.ipynb"))
        page.wait_for_selector(".spelltower-gallery", state="visible", timeout=bh.ANSWER_MS)
        try:
            urllib.request.urlopen(server.url("voila/render/no_such_page.ipynb"), timeout=60)
        except urllib.error.HTTPError as err:
            assert err.code == 404
        deadline = time.monotonic() + 60
        while "no_such_page.ipynb" not in server.log_text() and time.monotonic() < deadline:
            time.sleep(0.2)
        log = server.log_text()
        assert "404 GET /voila/render/no_such_page.ipynb" in log
        assert "Connecting to kernel" in log                   # the page's websocket was opened
        assert "is not trusted" not in log and "websocket_ping_timeout" not in log and "WARNING" not in log, log[-3000:]
    finally:
        page.goto("about:blank")            # the page leaves (and shuts its kernel down) while the server is up
        server.stop()


def test_the_room_setting_listens_on_every_interface_and_prints_each_address(room_server):
    assert _listening(room_server) == {("0.0.0.0", room_server.port)}
    log = room_server.log_text()
    printed = JOIN.findall(log)
    addresses = _machine_addresses()
    assert len(printed) == len(addresses) >= 1, log[:3000]
    assert {url.split("//")[1].split(":")[0] for url in printed} == addresses
    assert all(url.endswith(f":{room_server.port}{GALLERY}") and url.startswith("http://") for url in printed)
    # the QR code printed is the first students' address's, and no students' line carries the secret
    assert lan.terminal_qr(printed[0]) in log
    assert TOKEN not in "".join(printed) and TOKEN not in lan.terminal_qr(printed[0])
    teacher_lines = [line for line in log.splitlines() if TOKEN in line]
    assert len(teacher_lines) == 2 and all(f"http://127.0.0.1:{room_server.port}/" in line for line in teacher_lines)


def test_the_room_setting_tells_the_server_and_the_kernels_the_addresses(room_server):
    env = psutil.Process(room_server.pid).environ()
    addresses = _machine_addresses()
    allowed = env["SPELLTOWER_ALLOWED_HOSTS"].split(",")
    assert set(allowed) == addresses | {socket.gethostname()} and len(allowed) == len(set(allowed))
    urls = env[lan.URLS_ENV].split()
    assert urls == JOIN.findall(room_server.log_text())
    assert TOKEN not in env[lan.URLS_ENV]


def test_voilas_own_options_win_over_the_scripts(root, tmp_path_factory, monkeypatch):
    """`--Voila.ip` and `--port` given to the script replace its own (voila refuses an option
    twice); the printed addresses follow them."""
    port = bh.free_port()
    server = _serve(root, tmp_path_factory, monkeypatch, None, ["--Voila.ip=0.0.0.0", "--port", str(port)], port=port)
    try:
        assert _listening(server) == {("0.0.0.0", port)}
        log = server.log_text()
        assert "only accepts one value" not in log
        assert set(JOIN.findall(log)) == {f"http://{a}:{port}{GALLERY}" for a in _machine_addresses()}
    finally:
        server.stop()


def test_lan_is_the_short_form(root, tmp_path_factory, monkeypatch):
    server = _serve(root, tmp_path_factory, monkeypatch, None, ["--lan"])
    try:
        assert _listening(server) == {("0.0.0.0", server.port)}
        assert JOIN.search(server.log_text())
    finally:
        server.stop()


def test_the_class_page_shows_the_students_address_and_its_qr_code(room_server, page):
    """Opened with the teacher link through 127.0.0.1, as the teacher at the server would."""
    students = JOIN.findall(room_server.log_text())
    page.goto(room_server.url(f"voila/render/teacher.ipynb?teacher={TOKEN}"))
    box = page.locator(".st-join")
    box.locator("svg").first.wait_for(timeout=bh.ANSWER_MS)
    assert box.locator("svg").count() == len(students)
    assert [t.strip() for t in box.locator(".st-join-url").all_inner_texts()] == students
    side = box.locator("svg").first.bounding_box()
    assert side["width"] >= 250 and side["height"] >= 250        # a projector's size, not an icon
    assert TOKEN not in box.inner_html()
