"""The kit on a real JupyterHub: two students log in, play, and see only their own saves.

The hub is ``deploy/jupyterhub/jupyterhub_config.py`` in its test mode (dummy login, servers as
local processes with a home each under a temporary folder), with the real
``configurable-http-proxy`` from the npm registry, on 127.0.0.1 only.
"""
from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_harness import REPO

CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
BOARD = ".st-abracada"
START_CEILING = 240          # seconds: spawning a server on a busy machine
PAGE_CEILING = 180_000       # ms: a Voila page rendering while other servers start


def _three_free_ports() -> int:
    """A port P with P, P+1 and P+2 free (the proxy, the hub's API, the proxy's API)."""
    for _ in range(200):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            base = s.getsockname()[1]
        if base > 60000:
            continue
        try:
            for p in (base, base + 1, base + 2):
                with socket.socket() as t:
                    t.bind(("127.0.0.1", p))
            return base
        except OSError:
            continue
    raise RuntimeError("no three consecutive free ports")


class Hub:
    def __init__(self, data: Path):
        self.data = data
        self.port = _three_free_ports()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = secrets.token_hex(24)
        env = dict(os.environ, SPELLTOWER_HUB_MODE="test", SPELLTOWER_HUB_DATA=str(data),
                   SPELLTOWER_HUB_PORT=str(self.port), SPELLTOWER_HUB_API_TOKEN=self.token,
                   PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}")
        self.log_path = data / "hub.log"
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen([str(Path(sys.executable).parent / "jupyterhub"), "-f", str(CONFIG)],
                                     cwd=data, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        self._wait(lambda: self.api("GET", "")[0] == 200, "the hub to answer")

    def _wait(self, ready, what: str, ceiling: float = START_CEILING) -> None:
        end = time.monotonic() + ceiling
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the hub exited ({self.proc.returncode}):\n{self.log_path.read_text()[-3000:]}")
            try:
                if ready():
                    return
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.5)
        raise TimeoutError(f"waited {ceiling} s for {what}:\n{self.log_path.read_text()[-3000:]}")

    def api(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict | None]:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(f"{self.url}/hub/api/{path}", data=data, method=method,
                                     headers={"Authorization": f"token {self.token}"})
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                text = resp.read()
                return resp.status, json.loads(text) if text else None
        except urllib.error.HTTPError as err:
            return err.code, None

    def server_ready(self, user: str) -> bool:
        status, info = self.api("GET", f"users/{user}")
        return status == 200 and bool(info["servers"].get("", {}).get("ready"))

    def stop_server(self, user: str) -> None:
        self.api("DELETE", f"users/{user}/server")
        self._wait(lambda: not self.api("GET", f"users/{user}")[1]["servers"], f"{user}'s server to stop")

    def start_server(self, user: str) -> None:
        self.api("POST", f"users/{user}/server")
        self._wait(lambda: self.server_ready(user), f"{user}'s server to start")

    def saves(self, user: str) -> list[Path]:
        folder = self.data / "homes" / user / ".spelltower" / "saves"
        return sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith(".")) \
            if folder.exists() else []

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, 15)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)
        self.log.close()


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    server = Hub(tmp_path_factory.mktemp("hub"))
    try:
        yield server
    finally:
        server.close()
        artifacts = REPO / "artifacts"
        artifacts.mkdir(exist_ok=True)
        (artifacts / "hub.log").write_text(server.log_path.read_text())


def login(browser, hub: Hub, user: str):
    """A browser context of its own (its own cookies) logged in as ``user``, on the gallery."""
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    page = context.new_page()
    page.goto(f"{hub.url}/hub/login", timeout=PAGE_CEILING)
    page.fill("#username_input", user)
    page.fill("#password_input", "any")
    page.click("#login_submit")
    page.wait_for_url(f"**/user/{user}/voila/render/index.ipynb*", timeout=PAGE_CEILING)
    page.wait_for_selector(".spelltower-gallery", timeout=PAGE_CEILING)
    return context, page


def open_board(page, hub: Hub, user: str) -> None:
    page.goto(f"{hub.url}/user/{user}/voila/render/abracada/play.ipynb", timeout=PAGE_CEILING)
    page.wait_for_selector(f"{BOARD} .st-start", state="visible", timeout=PAGE_CEILING)


def cast_once(page) -> None:
    """Start a game and cast Magic Drink (8) once it is the student's turn."""
    page.click(f"{BOARD} .st-start")
    page.wait_for_selector(f"{BOARD}.st-playing .st-spell-8:enabled", timeout=PAGE_CEILING)
    page.click(f"{BOARD} .st-spell-8")
    expect(page.locator(f"{BOARD} .st-log")).to_contain_text("Magic Drink", timeout=PAGE_CEILING)


def test_two_students_play_on_the_hub_and_keep_their_own_saves(browser, hub):
    alice_ctx, alice = login(browser, hub, "alice")
    bob_ctx, bob = login(browser, hub, "bob")
    try:
        assert hub.server_ready("alice") and hub.server_ready("bob")
        open_board(alice, hub, "alice")
        cast_once(alice)
        deadline = time.monotonic() + 60
        while not hub.saves("alice") and time.monotonic() < deadline:
            time.sleep(0.5)
        alice_saves = hub.saves("alice")
        assert alice_saves, "alice's game was not saved in her own home"
        assert hub.saves("bob") == [], "bob's home holds a save he never made"

        # Bob's board offers nothing to resume: alice's autosave is not his.
        open_board(bob, hub, "bob")
        bob.wait_for_timeout(1000)
        assert not bob.locator(f"{BOARD} .st-resume").is_visible()

        # Alice cannot reach Bob's server, its files or its pages, with her own login.
        for path in ("api/contents", "voila/render/abracada/play.ipynb", "files/.spelltower/saves"):
            response = alice_ctx.request.get(f"{hub.url}/user/bob/{path}", max_redirects=0)
            assert response.status in (302, 403, 404), (path, response.status)
            if response.status == 302:
                assert "/user/bob/" not in response.headers.get("location", "").split("?")[0] or \
                    "/hub/" in response.headers.get("location", "")
        followed = alice_ctx.request.get(f"{hub.url}/user/bob/api/contents")
        assert followed.status in (403, 404) or "alice" in followed.url or "/hub/" in followed.url
        assert "saves" not in followed.text()

        # Stopping alice's server loses nothing she saved; her board offers to resume it.
        hub.stop_server("alice")
        assert hub.saves("alice") == alice_saves
        hub.start_server("alice")
        open_board(alice, hub, "alice")
        alice.wait_for_selector(f"{BOARD} .st-resume", state="visible", timeout=PAGE_CEILING)
        alice.click(f"{BOARD} .st-resume")
        alice.wait_for_selector(f"{BOARD}.st-playing", timeout=PAGE_CEILING)
        expect(alice.locator(f"{BOARD} .st-log")).to_contain_text("Magic Drink")
    finally:
        alice_ctx.close()
        bob_ctx.close()


def test_the_hub_runs_the_idle_culler_and_the_real_proxy(hub):
    status, services = hub.api("GET", "services")
    assert status == 200 and "jupyterhub-idle-culler-service" in services
    log = hub.log_path.read_text()
    assert "ConfigProxy" in log                       # configurable-http-proxy, not a stand-in
    assert "jupyterhub_idle_culler" in log
