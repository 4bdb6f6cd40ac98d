"""What the classroom server leaves and answers: no /logout page (it answered 500 with a
traceback), and its kernels' connection files in a folder of its own that goes when it stops."""
from __future__ import annotations

import os
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest


def test_logout_is_gone_not_an_error(voila_server):
    with pytest.raises(urllib.error.HTTPError) as reply:
        urllib.request.urlopen(voila_server.url("logout"), timeout=30)
    assert reply.value.code == 404
    deadline = time.monotonic() + 30
    while "GET /logout" not in voila_server.log_text() and time.monotonic() < deadline:
        time.sleep(0.1)                         # the server's log is written a moment later
    log = voila_server.log_text()
    assert "404 GET /logout" in log and "500 GET /logout" not in log and "logout.html" not in log


def test_connection_files_live_in_the_servers_own_runtime_folder(voila_server, voila_page, page):
    voila_page("_fixtures/button.ipynb", ready=".fixture-button")
    kernel_id = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    script = psutil.Process(voila_server.proc.pid)
    [files] = [Path(part) for pid in voila_server.kernel_pids() for part in psutil.Process(pid).cmdline()
               if kernel_id in part and part.endswith(".json")]
    # $TMPDIR/spelltower-kernels-<uid>/<scripts/serve's pid>/voila_*/kernel-<id>.json
    assert files.parent.parent.name == str(script.pid)
    assert files.parent.parent.parent.name == f"spelltower-kernels-{os.getuid()}"
