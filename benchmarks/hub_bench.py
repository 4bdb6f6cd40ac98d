"""Load on a real JupyterHub: N students log in, get their servers and play, at protocol level.

    .venv/bin/python benchmarks/hub_bench.py [--users 20] [--moves 20] [--ceiling 900]

Starts ``deploy/jupyterhub/jupyterhub_config.py`` in test mode on 127.0.0.1 (a free port, a
temporary data folder, the real proxy), then for each of N users, all at once: creates the user
and starts their server through the hub's REST API (spawn time), starts a kernel on that server
through the Jupyter server API, and plays ``--moves`` Abracada moves over the kernel websocket
(one ``execute_request`` per move; click latency = request to ``execute_reply``). Reports spawn
time p50/p95, click latency p50/p95/max, memory per user (the user's server plus its kernels,
RSS), and errors. Everything is bounded by ``--ceiling`` seconds and talks to loopback only;
the hub and every server are stopped at the end.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"

SETUP = "from towerlib.abracada import new_game\ngame = new_game(4, seed=1)\n"
MOVE = ("legal = game.legal_actions()\n"
        "game.apply(legal[-1]) if not game.is_over else None\n"
        "view = game.view(0)\n")


def free_base_port() -> int:
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            base = s.getsockname()[1]
        if base < 60000:
            try:
                for p in (base + 1, base + 2):
                    with socket.socket() as t:
                        t.bind(("127.0.0.1", p))
                return base
            except OSError:
                pass


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


class Bench:
    def __init__(self, users: int, moves: int):
        self.users = [f"student{i:02d}" for i in range(users)]
        self.moves = moves
        self.port = free_base_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = secrets.token_hex(24)
        self.http = AsyncHTTPClient(max_clients=64)
        self.spawn: dict[str, float] = {}
        self.clicks: list[float] = []
        self.errors: list[str] = []

    async def api(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        req = HTTPRequest(f"{self.url}{path}", method=method, request_timeout=300,
                          headers={"Authorization": f"token {token or self.token}"},
                          body=json.dumps(body) if body is not None else (b"" if method == "POST" else None),
                          allow_nonstandard_methods=True)
        resp = await self.http.fetch(req, raise_error=False)
        try:
            return resp.code, (json.loads(resp.body) if resp.body else None)
        except ValueError:              # the proxy's HTML error page while the hub is not routed yet
            return resp.code, None

    async def student(self, name: str) -> None:
        try:
            await self.api("POST", f"/hub/api/users/{name}")
            start = time.perf_counter()
            await self.api("POST", f"/hub/api/users/{name}/server")
            while True:
                code, info = await self.api("GET", f"/hub/api/users/{name}")
                if code == 200 and info and info["servers"].get("", {}).get("ready"):
                    break
                await asyncio.sleep(0.5)
            self.spawn[name] = time.perf_counter() - start
            code, tok = await self.api("POST", f"/hub/api/users/{name}/tokens", {"expires_in": 3600})
            user_token = tok["token"]
            code, kernel = await self.api("POST", f"/user/{name}/api/kernels", {"name": "python3"}, token=user_token)
            ws = await websocket_connect(HTTPRequest(
                f"ws://127.0.0.1:{self.port}/user/{name}/api/kernels/{kernel['id']}/channels",
                headers={"Authorization": f"token {user_token}"}))
            await self.execute(ws, SETUP)
            for _ in range(self.moves):
                t0 = time.perf_counter()
                await self.execute(ws, MOVE)
                self.clicks.append(time.perf_counter() - t0)
            ws.close()
        except Exception as exc:                    # noqa: BLE001 - counted and reported
            self.errors.append(f"{name}: {type(exc).__name__}: {exc}")

    async def execute(self, ws, code: str) -> None:
        msg_id = uuid.uuid4().hex
        await ws.write_message(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": "bench", "session": msg_id,
                       "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell",
            "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True}}))
        while True:
            raw = await ws.read_message()
            if raw is None:
                raise ConnectionError("kernel websocket closed")
            msg = json.loads(raw)
            if msg.get("parent_header", {}).get("msg_id") == msg_id and msg["msg_type"] == "execute_reply":
                if msg["content"]["status"] != "ok":
                    raise RuntimeError(msg["content"].get("evalue"))
                return

    def memory_per_user(self, hub_pid: int) -> dict[str, float]:
        out: dict[str, float] = {}
        for proc in psutil.Process(hub_pid).children(recursive=True):
            try:
                user = proc.environ().get("JUPYTERHUB_USER")
                if not user:
                    continue
                tree = [proc, *proc.children(recursive=True)]
                out[user] = out.get(user, 0.0) + sum(p.memory_info().rss for p in tree) / 2**20
            except psutil.Error:
                continue
        return out


async def run(args) -> None:
    bench = Bench(args.users, args.moves)
    data = Path(tempfile.mkdtemp(prefix="spelltower-hub-bench-"))
    env = dict(os.environ, SPELLTOWER_HUB_MODE="test", SPELLTOWER_HUB_DATA=str(data),
               SPELLTOWER_HUB_PORT=str(bench.port), SPELLTOWER_HUB_API_TOKEN=bench.token,
               PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}")
    log = open(data / "hub.log", "w")
    hub = subprocess.Popen([str(Path(sys.executable).parent / "jupyterhub"), "-f", str(CONFIG)], cwd=data,
                           env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        while True:
            try:
                if (await bench.api("GET", "/hub/api/"))[0] == 200:
                    break
            except OSError:
                pass
            if hub.poll() is not None:
                raise RuntimeError(f"the hub exited: see {data / 'hub.log'}")
            await asyncio.sleep(0.5)
        t0 = time.perf_counter()
        await asyncio.wait_for(asyncio.gather(*(bench.student(u) for u in bench.users)), args.ceiling)
        wall = time.perf_counter() - t0
        memory = bench.memory_per_user(hub.pid)
        spawn = list(bench.spawn.values())
        clicks = [c * 1000 for c in bench.clicks]
        print(f"hub bench: {args.users} users, {args.moves} moves each, {wall:.1f} s wall, {os.cpu_count()} cores")
        print(f"  servers ready          {len(spawn)}/{args.users}")
        print(f"  spawn time p50 / p95   {pct(spawn, 50):.1f} s / {pct(spawn, 95):.1f} s")
        print(f"  click latency p50/p95/max  {pct(clicks, 50):.1f} / {pct(clicks, 95):.1f} / "
              f"{max(clicks, default=float('nan')):.1f} ms ({len(clicks)} moves)")
        if memory:
            print(f"  memory per user (server + kernel, RSS) median {statistics.median(memory.values()):.0f} MiB, "
                  f"max {max(memory.values()):.0f} MiB")
        print(f"  errors                 {len(bench.errors)}")
        for error in bench.errors[:10]:
            print(f"    {error}")
    finally:
        for user in bench.users:
            try:
                await bench.api("DELETE", f"/hub/api/users/{user}/server")
            except OSError:
                break
        os.killpg(hub.pid, 15)
        try:
            hub.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(hub.pid, 9)
        log.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--ceiling", type=float, default=900, help="seconds before the run is abandoned")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
