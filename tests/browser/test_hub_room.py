"""The school JupyterHub served to the room (``SPELLTOWER_HOST=0.0.0.0``, school mode): the proxy,
where students arrive, listens on every interface; the hub's API and the proxy's API stay on
127.0.0.1. Read from the listening sockets of the hub and its proxy; requests go to 127.0.0.1 only.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

from test_hub import CONFIG, START_CEILING, _three_free_ports


def _listening(pid: int) -> set[tuple[str, int]]:
    procs = [psutil.Process(pid)] + psutil.Process(pid).children(recursive=True)
    return {(c.laddr.ip, c.laddr.port) for p in procs for c in p.net_connections(kind="tcp")
            if c.status == psutil.CONN_LISTEN}


def test_the_room_setting_opens_the_proxy_and_keeps_the_hub_private(tmp_path):
    port = _three_free_ports()
    env = dict(os.environ, SPELLTOWER_HUB_MODE="school", SPELLTOWER_HOST="0.0.0.0", SPELLTOWER_HUB_DATA=str(tmp_path),
               SPELLTOWER_HUB_PORT=str(port), PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}")
    log = tmp_path / "hub.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([str(Path(sys.executable).parent / "jupyterhub"), "-f", str(CONFIG)], cwd=tmp_path,
                                env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        end = time.monotonic() + START_CEILING
        while True:
            assert proc.poll() is None, log.read_text()[-3000:]
            assert time.monotonic() < end, log.read_text()[-3000:]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/hub/api", timeout=10) as reply:
                    if reply.status == 200:
                        break
            except (OSError, urllib.error.URLError):
                time.sleep(0.5)
        listening = _listening(proc.pid)
        assert ("0.0.0.0", port) in listening or ("::", port) in listening, listening
        assert ("127.0.0.1", port + 1) in listening and ("127.0.0.1", port + 2) in listening, listening
        public = {(ip, p) for ip, p in listening if not ip.startswith("127.") and ip != "::1"}
        assert {p for _ip, p in public} == {port}, listening
    finally:
        os.killpg(proc.pid, 15)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
