"""The class reserve on a real ``scripts/serve`` (``SPELLTOWER_CLASS_SIZE``, widgets/warmpool.py).

The server is started as a teacher starts it for a class of two; each student (a separate
cookie jar) gets one of the kernels preheated for the class; the reserve holds the page's usual
standby kernel too, so nothing starts while the class arrives, and only a student beyond the class
(who takes the standby) makes the page start its usual one again. The served folder holds just the play
page and the lessons' warm pool is off, so the only kernels are the reserve's.
"""
from __future__ import annotations

import http.cookiejar
import os
import re
import shutil
import time
import urllib.request

import pytest

import browser_harness as bh
from widgets.kernel_owner import kernel_tag

PLAY = "abracada/play.ipynb"
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
CEILING = 900.0     # s: a ceiling for a busy machine, not a time to meet


def _wait_for(server, text: str) -> None:
    deadline = time.monotonic() + CEILING
    while text not in server.log_text():
        assert server.proc.poll() is None, server.log_text()[-3000:]
        assert time.monotonic() < deadline, f"no {text!r} after {CEILING:.0f} s:\n{server.log_text()[-3000:]}"
        time.sleep(0.5)


def _open_page(server) -> str:
    """GET the play page as a new browser would (its own cookies); the id of the kernel it got."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with opener.open(server.url(f"voila/render/{PLAY}"), timeout=CEILING) as reply:
        match = KERNEL_ID.search(reply.read().decode())
    assert match, "the page names no kernel"
    return match.group(1)


@pytest.fixture(scope="module")
def class_server(tmp_path_factory, monkeypatch_module):
    root = tmp_path_factory.mktemp("class-root")
    (root / "abracada").mkdir()
    shutil.copy(bh.REPO / "notebooks" / PLAY, root / PLAY)
    monkeypatch_module.setenv("SPELLTOWER_CLASS_SIZE", "2")
    monkeypatch_module.setenv("SPELLTOWER_SAVES", str(tmp_path_factory.mktemp("class-saves")))
    monkeypatch_module.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(bh.REPO), os.environ.get("PYTHONPATH")) if p))
    server = bh.start_voila(root, tmp_path_factory.mktemp("logs") / "voila.log",
                            extra_args=["--WarmKernelManager.pool_size=0"])
    yield server
    server.stop()


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_each_student_gets_a_kernel_of_the_reserve_and_it_is_not_refilled_until_spent(class_server):
    _wait_for(class_server, f"Class reserve ready: 2 kernels of {PLAY} and 1 on standby")
    log = class_server.log_text()
    assert log.count("Kernel pool of") == 1, log[-3000:]          # one page preheated: the class's
    assert len(class_server.kernel_pids()) == 3                     # two students' and the standby
    first = _open_page(class_server)
    _wait_for(class_server, f"Using pre-heated kernel: {kernel_tag(first)}")   # the log names no kernel id
    second = _open_page(class_server)
    assert second != first
    _wait_for(class_server, f"Using pre-heated kernel: {kernel_tag(second)}")   # the log names no kernel id
    time.sleep(2)                                                   # fill_delay is 1 s: no refill comes
    assert class_server.log_text().count("Kernel pool of") == 1    # the class is in; nothing started
    assert len(class_server.kernel_pids()) == 3                     # the standby is still there
    third = _open_page(class_server)                                # a student beyond the class
    assert third not in (first, second)
    _wait_for(class_server, f"Using pre-heated kernel: {kernel_tag(third)}")   # the log names no kernel id
    _wait_for(class_server, f"Kernel pool of {PLAY} is filled with 1 kernel(s)")   # spent: the usual one
