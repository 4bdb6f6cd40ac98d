"""A class of 30 on one ``scripts/serve`` server: can every student play, and how fast?

    .venv/bin/python benchmarks/classroom_bench.py                  # 30 students, 2 Chromium pages
    .venv/bin/python benchmarks/classroom_bench.py --students 10 --moves 6 --chromium 1   # quicker

Everything runs on this machine, over loopback only:

* one classroom server (``scripts/serve``, the repository's ``jupyter_config/``, with the play
  page's default bot pause) and one stock Voila (no configuration) serving the same folder;
  the classroom server is started as a teacher starts it for a class, with a class reserve
  (``SPELLTOWER_CLASS_SIZE``, ``--reserve``, default one kernel per student and Chromium page,
  and the page's usual standby one, see :mod:`widgets.warmpool`), and the students arrive once it is ready: the reserve's pages
  run and the server quiet (the time that took is reported). ``--reserve 0`` measures a server
  started without one, where every arrival but the first starts a kernel and runs the page;
* ``--students`` protocol-level students. Each is a separate browser identity (its own cookie
  jar): it GETs ``abracada/play.ipynb`` as a browser does (so the server sets its cookie and
  hands it a kernel, preheated or not), opens the kernel websocket
  (``/api/kernels/<id>/channels``, in Jupyter's binary v1 protocol, as the page's JavaScript
  does), asks the widget manager for every
  model's state (``jupyter.widget.control`` / ``request_states``, what the page's own widget
  manager does), then plays: it clicks Start and then, like a student, one enabled button at a
  time (a spell, End turn, Next round, New game + Start when the game is over), after a think
  time of ``--think`` seconds (default :data:`THINK_SECONDS`, 3 s; why is said there). A click is a widget ``comm_msg``; its latency is from sending it
  to the kernel's ``status: idle`` for it, i.e. when every widget update the click caused has
  reached the student. Students arrive spread over ``--ramp`` seconds;
* ``--chromium`` real Chromium pages (separate contexts) open the same play page during the
  load, click Start, and time ``--page-clicks`` clicks of the deduction-meter toggle inside
  the page (click to DOM change, ``CLICK_ROUNDTRIPS_JS``);
* the stock Voila bare-button page (``tests/browser/fixtures/button.ipynb``), opened in
  Chromium under the same load: its load time and click latency are the yardstick. Like the
  classroom server's class reserve, the stock server preheats that page's kernel before the
  class arrives, with stock Voila's own ``--preheat_kernel`` (``--stock-preheat 0``: it starts
  the kernel when the page opens, in the middle of the class's clicks).

Chromium stands in for the students' own computers, which a real class brings: by default
it runs at the idle CPU priority (``SCHED_IDLE``, through ``chrt``), so it takes only what the
server, its kernels and the protocol clients leave of the two cores. At normal priority
(``--browser-priority normal``) its 12-14 s of CPU, in bursts of 3-5 s while a page opens,
starve the server it measures: the clicks of every student then wait behind it.

Reported (and written to ``artifacts/classroom_bench.json``): pages playable (students whose
page holds the board, as a browser would show it, and whose Start dealt a game; Chromium pages
included), errors (any failed request, timeout, kernel error reply or missing widget), click
latency p50/p95/max (all clicks, and only those after every student's board was playable: the
class at play without the arrival rush), where a click's time went (until the kernel said it was
busy with it, ``student_click_to_busy_ms``: the server's relay, the kernel getting a core and these
clients reading its reply; and
from then to idle, ``student_click_busy_to_idle_ms``: the kernel's work and its messages relayed
back), the latency by what was clicked (spell, End turn, Next round, Start) and the widget
messages and bytes each click brought back, memory at the
busiest moment, and kernels still running 30 s after every page has closed (the server's
preheated pool, one per play page, is not counted). CPU per click: the student's kernel, the
server, and the load itself, which shares the cores here (this process's protocol clients,
``clients_cpu_ms_per_click``, and the Chromium pages, ``chromium_cpu_s``); a real class brings
its own machines for those.

Memory: RSS, PSS and USS of each kernel serving a page, and the class's memory per student:
(server + every kernel, the preheated pool included) / students, as PSS, which shares each
page of memory mapped by several processes (the Python binary, libraries) between them, so
that the sum is what the class really takes; the same sum of RSS, which counts shared pages
once per process, is reported beside it (it overstates the total).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import orjson

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
import browser_harness as bh  # noqa: E402

PLAY = "abracada/play.ipynb"
BARE = "_fixtures/button.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"   # the board's output in the page
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
POOL_PER_PLAY_PAGE = 1              # VoilaConfiguration.default_pool_size in jupyter_config/voila.json
CONTROL_VERSION = "1.0.0"           # ipywidgets 8's jupyter.widget.control protocol
WS_V1 = "v1.kernel.websocket.jupyter.org"   # the kernel websocket protocol Voila's pages speak
HTTP_TIMEOUT = 600.0                # ceilings only: a page under load may take minutes
REPLY_TIMEOUT = 120.0
GAME_OVER_QUIET = 8.0               # s without a change and nothing enabled: the game is over
#: A student's mean think time between clicks (each is drawn uniformly from 0.5x to 1.5x). A turn
#: of Abracada asks the student to read the other players' stones and the deduction meter and
#: choose a spell: 3 s is brisk for that (a class of 12-year-olds takes longer), yet with 30
#: students it is 10 clicks a second on the server, each followed by three bot moves 0.4 s apart.
#: ``--think 1`` (a click a second from everyone, far faster than anyone reads a board) is the
#: hard pace the benchmark also reports.
THINK_SECONDS = 3.0
SAMPLE_SECONDS = 5.0                # memory is sampled this often (the class's memory is flat once in)


def _encode(ws, msg: dict) -> tuple[str | bytes, bool]:
    """A shell message for the websocket: Jupyter's binary v1 protocol when the server chose it
    (as it does for the pages' own JavaScript, which asks for it), else the legacy JSON text."""
    if ws.selected_subprotocol == WS_V1:
        from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
        return serialize_msg_to_ws_v1(msg, msg.get("channel", "shell"), lambda part: json.dumps(part).encode()), True
    return json.dumps(msg), False


def _decode(raw: str | bytes) -> dict:
    """A message from the websocket, parsed with orjson (installed with the ``app`` extra): the
    30 clients share this machine's cores with the server they measure, so they parse cheaply."""
    if isinstance(raw, str):
        return orjson.loads(raw)
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1
    channel, parts = deserialize_msg_from_ws_v1(raw)
    header, parent, metadata, content = map(orjson.loads, parts[:4])
    return {"header": header, "msg_type": header.get("msg_type"), "parent_header": parent, "metadata": metadata,
            "content": content, "channel": channel}


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime())


class Control(NamedTuple):
    """A clickable thing on the page: a widget (``action`` None) or a surface's button."""

    model_id: str
    action: str | None
    index: int
    classes: tuple[str, ...]


@dataclass
class Student:
    """One protocol-level student and what happened to it."""

    number: int
    cookies: dict[str, str] = field(default_factory=dict)
    kernel_id: str | None = None
    load_s: float | None = None
    play_cpu_s: float | None = None       # CPU its kernel used while the student played (clicks and bots)
    playable: bool = False
    clicks_ms: list[float] = field(default_factory=list)
    click_at: list[float] = field(default_factory=list)        # when each click was sent (perf_counter)
    playable_at: float | None = None
    click_messages: list[int] = field(default_factory=list)    # widget messages each click brought back
    click_bytes: list[int] = field(default_factory=list)
    click_kinds: list[str] = field(default_factory=list)       # spell / end / next / start
    click_busy_ms: list[float] = field(default_factory=list)   # from sending to the kernel's "busy"
    errors: list[str] = field(default_factory=list)
    client: "KernelClient | None" = None


class KernelClient:
    """The kernel websocket of one page, speaking Jupyter's JSON websocket protocol."""

    def __init__(self, ws, session: str) -> None:
        self.ws = ws
        self.session = session
        self.states: dict[str, dict] = {}         # model id -> widget state, kept up to date
        self._waiting: dict[str, asyncio.Future] = {}
        self._busy: dict[str, float] = {}         # msg id -> when the kernel said it was busy with it
        self._control_states: asyncio.Future | None = None
        self.changed = asyncio.Event()
        self.errors: list[str] = []
        self.received = [0, 0]                    # widget messages, bytes: since the last click was sent
        self._reader = asyncio.ensure_future(self._read())

    def _message(self, msg_type: str, content: dict, channel: str = "shell") -> dict:
        return {"header": {"msg_id": uuid.uuid4().hex, "username": "student", "session": self.session,
                           "msg_type": msg_type, "version": "5.3", "date": _now()},
                "parent_header": {}, "metadata": {}, "content": content, "channel": channel, "buffers": []}

    async def _read(self) -> None:
        while True:
            raw = await self.ws.read_message()
            if raw is None:
                return
            msg = _decode(raw)
            kind = msg.get("msg_type") or msg["header"]["msg_type"]
            if kind in ("comm_msg", "comm_open", "comm_close"):
                self.received[0] += 1
                self.received[1] += len(raw)
            parent = (msg.get("parent_header") or {}).get("msg_id")
            content = msg.get("content", {})
            if kind == "comm_msg":
                data = content.get("data", {})
                if data.get("method") == "update_states" and self._control_states is not None:
                    if not self._control_states.done():
                        self._control_states.set_result(data["states"])
                elif data.get("method") == "update":
                    self.states.setdefault(content["comm_id"], {}).update(data.get("state", {}))
                    self.changed.set()
            elif kind == "comm_open":
                data = content.get("data", {})
                self.states[content["comm_id"]] = dict(data.get("state", {}))
                self.changed.set()
            elif kind == "error":
                self.errors.append(f"kernel error: {content.get('ename')}: {content.get('evalue')}")
            elif kind == "status" and content.get("execution_state") == "busy" and parent in self._waiting:
                self._busy[parent] = time.perf_counter()
            elif kind == "status" and content.get("execution_state") == "idle" and parent in self._waiting:
                future = self._waiting.pop(parent)
                if not future.done():
                    future.set_result(time.perf_counter())

    async def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> tuple[float, float]:
        """Send a shell message; returns the seconds until the kernel said it was busy with it
        and until it was idle after it."""
        msg = self._message(msg_type, content)
        if metadata:
            msg["metadata"] = metadata
        msg_id = msg["header"]["msg_id"]
        future = asyncio.get_running_loop().create_future()
        self._waiting[msg_id] = future
        t0 = time.perf_counter()
        await self.ws.write_message(*_encode(self.ws, msg))
        idle = await asyncio.wait_for(future, REPLY_TIMEOUT)
        return self._busy.pop(msg_id, idle) - t0, idle - t0

    async def load_states(self) -> None:
        """What the page's widget manager does on connect: every model's state, in one reply."""
        self._control_states = asyncio.get_running_loop().create_future()
        comm_id = uuid.uuid4().hex
        await self.send("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                        metadata={"version": CONTROL_VERSION})
        await self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
        states = await asyncio.wait_for(self._control_states, REPLY_TIMEOUT)
        for model_id, model in states.items():
            self.states.setdefault(model_id, {}).update(model["state"])

    def find(self, css_class: str) -> Control | None:
        """The control whose view has ``css_class`` (the boards' own test hooks): a widget, or
        a button drawn by a board's surface (``widgets/surface.py``: its ``faces``)."""
        for model_id, state in self.states.items():
            if css_class in state.get("_dom_classes", ()):
                return Control(model_id, None, -1, tuple(state["_dom_classes"]))
            for k, face in enumerate(state.get("faces", ())):
                if css_class in face["class"].split():
                    return Control(model_id, face["action"], k, tuple(face["class"].split()))
        return None

    def enabled(self, control: Control | None) -> bool:
        """Whether the page shows ``control`` enabled now."""
        if control is None:
            return False
        state = self.states[control.model_id]
        if control.action is None:
            return not state.get("disabled", False)
        _label, disabled, _tooltip, shown = state["states"][control.index]
        return shown and not disabled

    async def click(self, control: Control) -> tuple[float, float, int, int]:
        """Click as the page does; returns the seconds to the kernel's busy and to its idle, and
        the widget messages and bytes that came back."""
        self.received = [0, 0]
        content = {"event": "click"} if control.action is None else {"event": "click", "action": control.action}
        busy, idle = await self.send("comm_msg", {"comm_id": control.model_id,
                                                  "data": {"method": "custom", "content": content}})
        return busy, idle, self.received[0], self.received[1]

    def close(self) -> None:
        self._reader.cancel()
        self.ws.close()


async def _get_page(http, server, path: str, cookies: dict[str, str]) -> str:
    from tornado.httpclient import HTTPRequest
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())} if cookies else {}
    reply = await http.fetch(HTTPRequest(server.url(f"voila/render/{path}"), headers=headers,
                                         request_timeout=HTTP_TIMEOUT, connect_timeout=60))
    for header in reply.headers.get_list("Set-Cookie"):
        name, _, rest = header.partition("=")
        cookies[name.strip()] = rest.split(";", 1)[0]
    return reply.body.decode()


async def run_student(student: Student, server, args, rng: random.Random, http) -> KernelClient | None:
    """Open the play page as a browser would, then play until ``args.moves`` clicks are done."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect
    t0 = time.perf_counter()
    try:
        body = await _get_page(http, server, PLAY, student.cookies)
        match = KERNEL_ID.search(body)
        if not match:
            student.errors.append("no kernel id in the page")
            return None
        student.kernel_id = match.group(1)
        if WIDGET_VIEW not in body:       # what a browser would show: no board to click
            student.errors.append("the page has no board (Voila gave up waiting for the widget output)")
            return None
        session = uuid.uuid4().hex
        url = server.url(f"api/kernels/{student.kernel_id}/channels?session_id={session}").replace("http", "ws", 1)
        ws = await websocket_connect(HTTPRequest(url, headers={
            "Cookie": "; ".join(f"{k}={v}" for k, v in student.cookies.items())}, connect_timeout=60),
            max_message_size=256 * 2**20, subprotocols=[WS_V1])
        client = student.client = KernelClient(ws, session)
        await client.load_states()
        start = client.find("st-start")
        if start is None:
            student.errors.append("no Start button among the widgets")
            return client
        await client.click(start)
        board = client.find("st-abracada")
        if board is None or "st-playing" not in client.states[board.model_id].get("_dom_classes", ()):
            student.errors.append("Start did not deal a game")
            return client
        student.playable_at = time.perf_counter()
        student.load_s = student.playable_at - t0
        student.playable = True
        cpu0 = _kernel_cpu(server, student.kernel_id)
        await play(student, client, args, rng)
        cpu1 = _kernel_cpu(server, student.kernel_id)
        if cpu0 is not None and cpu1 is not None:
            student.play_cpu_s = cpu1 - cpu0
        student.errors += client.errors
        return client
    except Exception as err:  # every failure is counted, none stops the class
        student.errors.append(f"{type(err).__name__}: {err}")
        return None


def _enabled(client: KernelClient, css: str) -> Control | None:
    control = client.find(css)
    return control if client.enabled(control) else None


async def play(student: Student, client: KernelClient, args, rng: random.Random) -> None:
    """Click like a student: Next round when a round is over, else an enabled spell or End turn;
    when nothing is enabled the bots are moving, so wait for the board to change."""
    deadline = time.perf_counter() + args.play_seconds
    while len(student.clicks_ms) < args.moves and time.perf_counter() < deadline:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * args.think)
        choice = _enabled(client, "st-next")
        if choice is None:
            options = [m for m in (_enabled(client, f"st-spell-{v}") for v in range(1, 9)) if m]
            end = _enabled(client, "st-end")
            if end and (not options or rng.random() < 0.3):
                options = [end]
            choice = rng.choice(options) if options else None
        if choice is None:
            client.changed.clear()
            try:       # bots are moving (one every bot pause): the board changes soon
                await asyncio.wait_for(client.changed.wait(), GAME_OVER_QUIET)
                continue
            except asyncio.TimeoutError:
                pass
            if any(_enabled(client, c) for c in ("st-next", "st-end", *(f"st-spell-{v}" for v in range(1, 9)))):
                continue
            new = client.find("st-new")       # quiet and nothing to click: the game is over
            if new is None:
                student.errors.append("nothing to click and no New game button")
                return
            await client.click(new)           # back to the set-up form ...
            choice = client.find("st-start")  # ... and Start (the timed move)
        student.click_at.append(time.perf_counter())
        busy, seconds, messages, size = await client.click(choice)
        student.click_kinds.append(_kind(choice))
        student.click_busy_ms.append(1000 * busy)
        student.clicks_ms.append(1000 * seconds)
        student.click_messages.append(messages)
        student.click_bytes.append(size)


def _kind(control: Control) -> str:
    """What a click was on: spell, end, next or start (the board's test hooks)."""
    classes = control.classes
    for css, kind in (("st-end", "end"), ("st-next", "next"), ("st-start", "start")):
        if css in classes:
            return kind
    return "spell"


async def chromium_page(browser, server, args, results: dict) -> None:
    """A real page: load, Start, then time clicks of the meter toggle inside the page."""
    context = await browser.new_context()
    page = await context.new_page()
    out = {"playable": False, "errors": []}
    page.on("pageerror", lambda err: out["errors"].append(f"page error: {err}"))
    try:
        t0 = time.perf_counter()
        out["opened_at_s"] = round(t0 - results["_t0"], 2)
        await page.goto(server.url(f"voila/render/{PLAY}"), wait_until="commit", timeout=HTTP_TIMEOUT * 1000)
        await page.wait_for_selector(".st-abracada .st-start", state="visible", timeout=HTTP_TIMEOUT * 1000)
        await page.click(".st-abracada .st-start", timeout=HTTP_TIMEOUT * 1000)
        await page.wait_for_selector(".st-abracada.st-playing .st-spell-8", state="visible",
                                     timeout=HTTP_TIMEOUT * 1000)
        out["load_s"] = round(time.perf_counter() - t0, 2)
        out["playable"] = True
        match = KERNEL_ID.search(await page.content())
        if match:
            results.setdefault("_chromium_kernels", []).append(match.group(1))
        out["clicks_ms"] = await page.evaluate(bh.CLICK_ROUNDTRIPS_JS, [
            ".st-abracada .st-meter-toggle input", ".st-abracada .st-slot-meter", args.page_clicks, 300])
    except Exception as err:
        out["errors"].append(f"{type(err).__name__}: {err}")
    results.setdefault("chromium", []).append(out)
    results.setdefault("_contexts", []).append(context)


async def bare_page(browser, server, args, results: dict) -> None:
    """The stock Voila bare-button page under the same load: load time and click latency."""
    context = await browser.new_context()
    page = await context.new_page()
    out: dict = {"errors": []}
    try:
        t0 = time.perf_counter()
        await page.goto(server.url(f"voila/render/{BARE}"), wait_until="commit", timeout=HTTP_TIMEOUT * 1000)
        await page.wait_for_selector(".fixture-button", state="visible", timeout=HTTP_TIMEOUT * 1000)
        out["load_s"] = round(time.perf_counter() - t0, 2)
        out["clicks_ms"] = await page.evaluate(bh.CLICK_ROUNDTRIPS_JS, [
            ".fixture-button", ".fixture-label", args.page_clicks, 300])
    except Exception as err:
        out["errors"].append(f"{type(err).__name__}: {err}")
    await context.close()
    results["stock_bare"] = out


def _kernels(server) -> dict[str, int]:
    """Kernel id -> pid of the server's running kernels (the id is in the connection file's name)."""
    import psutil
    out = {}
    for pid in server.kernel_pids():
        try:
            cmd = " ".join(psutil.Process(pid).cmdline())
        except psutil.NoSuchProcess:
            continue
        match = re.search(r"kernel-([0-9a-f-]{36})\.json", cmd)
        if match:
            out[match.group(1)] = pid
    return out


_PIDS: dict[str, int] = {}           # kernel id -> pid, as last found by _kernels


def _kernel_cpu(server, kernel_id: str | None) -> float | None:
    """CPU seconds (user + system) the kernel ``kernel_id`` has used so far (its pid looked up
    once: listing every kernel's command line on the clients' event loop holds them all up)."""
    import psutil
    if kernel_id and kernel_id not in _PIDS:
        _PIDS.update(_kernels(server))
    pid = _PIDS.get(kernel_id) if kernel_id else None
    try:
        return sum(psutil.Process(pid).cpu_times()[:2]) if pid else None
    except psutil.NoSuchProcess:
        return None


def _browser_cpu() -> float:
    """CPU seconds (user + system) used so far by this process's Chromium processes."""
    import psutil
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            if "chrom" in child.name() or "headless" in child.name():
                total += sum(child.cpu_times()[:2])
        except psutil.NoSuchProcess:
            continue
    return total


def _memory(pids) -> dict[int, tuple[int, int, int]]:
    """pid -> (RSS, PSS, USS) in bytes. RSS counts every shared page (the Python binary, shared
    libraries) in full in each process, so summing it over 30 kernels overstates what they use;
    PSS splits each shared page between the processes that map it (their sum is the memory the
    class really takes); USS is what one process alone holds (freed when it exits)."""
    import psutil
    out = {}
    for pid in pids:
        try:
            info = psutil.Process(pid).memory_full_info()
            out[pid] = (info.rss, info.pss, info.uss)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            pass
    return out


def _mib(values) -> dict:
    values = list(values)
    return {"median": round(statistics.median(values) / 2**20, 1), "max": round(max(values) / 2**20, 1),
            "total": round(sum(values) / 2**20, 1)} if values else {}


def _stats(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    return {"n": len(values), "p50": round(statistics.median(values), 1), "p95": round(bh.percentile(values, 95), 1),
            "max": round(max(values), 1)}


async def main_async(args) -> dict:
    from playwright.async_api import async_playwright
    from tornado.httpclient import AsyncHTTPClient
    import psutil

    work = Path(tempfile.mkdtemp(prefix="classroom-bench-"))
    root = bh.make_voila_root(work / "notebooks")
    os.environ["SPELLTOWER_SAVES"] = str(work / "saves")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)
    os.environ.pop("SPELLTOWER_BOT_DELAY", None)      # the play page's own pause between bot moves
    reserve = args.students + args.chromium if args.reserve is None else args.reserve
    started = time.perf_counter()
    classroom = bh.start_voila(root, work / "classroom.log",
                               extra_args=[f"--WarmKernelManager.class_size={reserve}"] if reserve else [])
    stock = bh.start_voila(root, work / "stock.log", stock=True, extra_args=_stock_preheat(args.stock_preheat))
    results: dict = {"students": args.students, "moves": args.moves, "ramp_s": args.ramp, "think_s": args.think,
                     "class_reserve": reserve, "browser_priority": args.browser_priority,
                     "stock_preheat": args.stock_preheat,
                     "machine": {"cores": os.cpu_count(), "memory_gib": round(psutil.virtual_memory().total / 2**30, 1),
                                 "load_average_at_start": [round(x, 1) for x in os.getloadavg()]}}
    try:
        await _until_ready(classroom, reserve)        # the teacher starts the server before the class
        await _until_ready(stock, 0)
        results["server_ready_s"] = round(time.perf_counter() - started, 1)
        pool = set(_kernels(classroom))
        AsyncHTTPClient.configure(None, max_clients=args.students + 4)
        http = AsyncHTTPClient()
        rng = random.Random(args.seed)
        students = [Student(k + 1) for k in range(args.students)]
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=_browser(work, args.browser_priority),
                                               args=bh.CHROMIUM_ARGS)
            t0 = results["_t0"] = time.perf_counter()
            server_cpu0 = sum(psutil.Process(classroom.pid).cpu_times()[:2])
            clients_cpu0, browser_cpu0 = time.process_time(), _browser_cpu()
            tasks = []
            for k, student in enumerate(students):
                delay = args.ramp * k / max(1, args.students)
                tasks.append(asyncio.ensure_future(_later(delay, run_student(
                    student, classroom, args, random.Random(rng.random()), http))))
            # Chromium pages arrive in the middle of the ramp, the bare page once everyone is in.
            pages = [asyncio.ensure_future(_later(args.ramp * (j + 1) / (args.chromium + 1),
                                                  chromium_page(browser, classroom, args, results)))
                     for j in range(args.chromium)]
            bare = asyncio.ensure_future(_later(args.ramp, bare_page(browser, stock, args, results)))
            peak: dict = {}

            def page_kernels() -> set[str]:
                return {st.kernel_id for st in students if st.kernel_id} | set(results.get("_chromium_kernels", ()))

            sampler = asyncio.ensure_future(_sample_peak(classroom, peak, page_kernels, args.students + args.chromium))
            await asyncio.wait_for(asyncio.gather(*tasks), args.ramp + args.play_seconds + 900)
            await asyncio.wait_for(asyncio.gather(*pages, bare), 900)
            sampler.cancel()
            results["wall_s"] = round(time.perf_counter() - t0, 1)
            results["server_cpu_s"] = round(sum(psutil.Process(classroom.pid).cpu_times()[:2]) - server_cpu0, 1)
            # The load itself runs on the same cores: this process's 30 protocol clients and the
            # Chromium pages (a real class brings its own machines for these).
            results["clients_cpu_s"] = round(time.process_time() - clients_cpu0, 1)
            results["chromium_cpu_s"] = round(_browser_cpu() - browser_cpu0, 1)
            # close every page: websockets of the students, contexts of the Chromium pages
            used = {s.kernel_id for s in students if s.kernel_id} | set(results.pop("_chromium_kernels", ()))
            for student in students:
                if student.client is not None:
                    student.client.close()
            for context in results.pop("_contexts", []):
                await context.close()
            await browser.close()
            closed_at = time.perf_counter()
        await asyncio.sleep(max(0.0, 30 - (time.perf_counter() - closed_at)))
        alive = _kernels(classroom)
        pool_now = len(alive.keys() - used - pool) + len(alive.keys() & pool)
        results["kernels_left_30s_after_close"] = len(alive.keys() & used)
        results["kernels_running_30s_after_close"] = {"total": len(alive), "preheated_pool": pool_now}

        clicks = [ms for s in students for ms in s.clicks_ms]
        chromium = results.get("chromium", [])
        page_clicks = [ms for c in chromium for ms in c.get("clicks_ms", [])]
        errors = [f"student {s.number}: {e}" for s in students for e in s.errors] + \
                 [f"chromium: {e}" for c in chromium for e in c["errors"]] + \
                 [f"stock bare page: {e}" for e in results.get("stock_bare", {}).get("errors", [])]
        loads = [s.load_s for s in students if s.load_s is not None]
        results.update({
            "pages_playable": f"{sum(s.playable for s in students) + sum(c['playable'] for c in chromium)}"
                              f"/{len(students) + len(chromium)}",
            "errors": len(errors), "error_list": errors[:20],
            "student_click_ms": _stats(clicks),
            "student_load_to_playable_s": _stats(loads),
            "chromium_click_ms": _stats(page_clicks),
            "chromium_load_s": [c.get("load_s") for c in chromium],
            "stock_bare_click_ms": _stats(results.get("stock_bare", {}).get("clicks_ms", [])),
            "stock_bare_load_s": results.get("stock_bare", {}).get("load_s"),
            # the same clicks, only those sent once every student's board was playable (no page
            # was opening any more: the class at play, without the arrival rush)
            "student_click_ms_all_in": _stats([ms for s in students for at, ms in zip(s.click_at, s.clicks_ms)
                                               if at > max((t.playable_at or 0) for t in students)]),
            "student_click_messages": _stats([n for s in students for n in s.click_messages]),
            # every click: [seconds after the first student arrived, ms, what was clicked] (in the
            # JSON file only: when the slow ones came, against the arrivals and the Chromium pages)
            "click_timeline": sorted([round(at - results["_t0"], 2), round(ms, 1), kind] for s in students
                                     for at, ms, kind in zip(s.click_at, s.clicks_ms, s.click_kinds)),
            "arrivals_s": sorted(round(s.playable_at - results["_t0"], 2) for s in students if s.playable_at),
            # where a click's time goes: until the kernel says it is busy with it (the server's
            # relay and the kernel getting the CPU) and the rest (the kernel's work, its messages
            # relayed back); and the latency by what was clicked
            "student_click_to_busy_ms": _stats([ms for s in students for ms in s.click_busy_ms]),
            "student_click_busy_to_idle_ms": _stats([ms - busy for s in students
                                                     for ms, busy in zip(s.clicks_ms, s.click_busy_ms)]),
            "student_click_ms_by_kind": {kind: _stats([ms for s in students for k, ms in zip(s.click_kinds, s.clicks_ms)
                                                       if k == kind]) for kind in ("spell", "end", "next", "start")},
            # CPU per click: the student's kernel (the click, the bots' answer, autosaves, the record)
            # and the server (everything: serving pages, starting kernels, relaying messages)
            "kernel_cpu_ms_per_click": round(1000 * sum(s.play_cpu_s for s in students if s.play_cpu_s is not None)
                                             / max(1, sum(len(s.clicks_ms) for s in students
                                                          if s.play_cpu_s is not None)), 1),
            "server_cpu_ms_per_click": round(1000 * results["server_cpu_s"] / max(1, len(clicks)), 1),
            "clients_cpu_ms_per_click": round(1000 * results["clients_cpu_s"] / max(1, len(clicks)), 1),
            "student_click_kib": _stats([b / 1024 for s in students for b in s.click_bytes]),
            "memory_at_peak": {k: v for k, v in peak.items() if not k.startswith("_")},
            "memory_sample_ms": _stats(peak.get("_sample_ms", [])),
        })
        del results["_t0"]
    finally:
        classroom.stop()
        stock.stop()
    return results


def _stock_preheat(pool: int) -> list[str]:
    """Stock Voila's own preheating, for the bare page only and not refilled during the run
    (a refill would start a kernel among the class's clicks)."""
    if not pool:
        return []
    return ["--preheat_kernel=True",
            "--VoilaKernelManager.kernel_pools_config="
            + json.dumps({"default": {"pool_size": 0}, BARE: {"pool_size": pool}}),
            "--VoilaKernelManager.fill_delay=86400"]


def _browser(work: Path, priority: str) -> str:
    """Chromium's executable, or a wrapper that starts it at the idle CPU priority (its every
    process inherits it)."""
    if priority == "normal":
        return bh.CHROMIUM
    wrapper = work / "chromium-idle"
    wrapper.write_text(f'#!/bin/sh\nexec chrt --idle 0 {bh.CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


async def _until_ready(server, reserve: int, ceiling: float = 900.0) -> None:
    """Until the server is ready for a class: its class reserve (if any) has run its pages, and
    the server and its kernels have fallen quiet (the other pools are full): less than 5 % of a
    core over 3 s. A ceiling, not a timeout to meet: on a busy machine it takes longer."""
    import psutil
    deadline = time.perf_counter() + ceiling
    while reserve and "Class reserve ready" not in server.log_text():
        if time.perf_counter() > deadline:
            raise RuntimeError(f"class reserve of {reserve} not ready after {ceiling:.0f} s")
        await asyncio.sleep(1)

    def cpu() -> float:
        total = 0.0
        for pid in [server.pid, *_kernels(server).values()]:
            try:
                total += sum(psutil.Process(pid).cpu_times()[:2])
            except psutil.Error:
                pass
        return total

    before = cpu()
    while True:
        await asyncio.sleep(3)
        now = cpu()
        if now - before < 0.15 or time.perf_counter() > deadline:
            return
        before = now


async def _later(delay: float, coro):
    await asyncio.sleep(delay)
    return await coro


def _memory_sample(server) -> tuple[dict[str, int], dict[int, tuple[int, int, int]], tuple[int, int, int] | None]:
    """The kernels (id -> pid), their memory and the server's (see :func:`_memory`)."""
    pids = _kernels(server)
    return pids, _memory(pids.values()), _memory([server.pid]).get(server.pid)


async def _sample_peak(server, peak: dict, page_kernels, students: int) -> None:
    """Every :data:`SAMPLE_SECONDS`: the server's and the kernels' memory; keeps the sample with
    the most memory in all (PSS). Kernels are split into page kernels (serving a student's page,
    ``page_kernels()`` gives their ids) and the rest (the preheated pool, kernels not yet handed
    out). A sample reads every kernel's ``smaps_rollup`` (a tenth of a second or more for 30
    kernels on a busy machine), so it runs on a thread: on this event loop it held up every
    student's client and added its time to the clicks it overlapped."""
    while True:
        t0 = time.perf_counter()
        pids, kernels, server_mem = await asyncio.to_thread(_memory_sample, server)
        peak.setdefault("_sample_ms", []).append(1000 * (time.perf_counter() - t0))
        if server_mem is None:
            return
        pages = page_kernels()
        on_pages = [kernels[pid] for kid, pid in pids.items() if kid in pages and pid in kernels]
        total_pss = server_mem[1] + sum(m[1] for m in kernels.values())
        if kernels and total_pss >= peak.get("_total", 0):
            peak["_total"] = total_pss
            peak.update({
                "kernels": len(kernels), "page_kernels": len(on_pages),
                "server_mib": {"rss": round(server_mem[0] / 2**20, 1), "pss": round(server_mem[1] / 2**20, 1)},
                "page_kernel_rss_mib": _mib(m[0] for m in on_pages),
                "page_kernel_pss_mib": _mib(m[1] for m in on_pages),
                "page_kernel_uss_mib": _mib(m[2] for m in on_pages),
                "other_kernels_pss_mib": _mib(m[1] for pid, m in kernels.items()
                                              if pid not in {pids[k] for k in pages if k in pids}),
                # the class's memory (server + every kernel, the preheated pool included) per student:
                "per_student_pss_mib": round(total_pss / students / 2**20, 1),
                "per_student_rss_sum_mib": round((server_mem[0] + sum(m[0] for m in kernels.values()))
                                                 / students / 2**20, 1),
            })
        await asyncio.sleep(SAMPLE_SECONDS)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30, help="protocol-level students (default 30)")
    parser.add_argument("--chromium", type=int, default=2, help="real Chromium pages among them (default 2)")
    parser.add_argument("--moves", type=int, default=12, help="clicks each student makes after Start")
    parser.add_argument("--think", type=float, default=THINK_SECONDS,
                        help=f"mean think time between clicks, s (default {THINK_SECONDS}; 1 is a hard pace)")
    parser.add_argument("--ramp", type=float, default=30.0, help="students arrive over this many seconds")
    parser.add_argument("--play-seconds", type=float, default=240.0, help="a student's time limit to play")
    parser.add_argument("--page-clicks", type=int, default=10, help="timed clicks on each Chromium page")
    parser.add_argument("--reserve", type=int, default=None,
                        help="the class the server preheats kernels for (SPELLTOWER_CLASS_SIZE, plus the "
                             "page's standby one; default: students + chromium; 0: none, every arrival but "
                             "the first starts a kernel)")
    parser.add_argument("--browser-priority", choices=("idle", "normal"), default="idle",
                        help="CPU priority of Chromium, the students' browsers (default idle: they take "
                             "only what the server leaves)")
    parser.add_argument("--stock-preheat", type=int, choices=(0, 1), default=1,
                        help="the stock server preheats the bare page's kernel before the class arrives "
                             "(default 1; 0: it starts one when the page opens)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))     # stop the servers on the way out
    results = asyncio.run(main_async(args))
    out = REPO / "artifacts" / "classroom_bench.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=2))
    summary = {k: results[k] for k in ("pages_playable", "errors", "think_s", "student_click_ms",
                                       "student_click_ms_all_in", "student_click_to_busy_ms",
                                       "student_click_busy_to_idle_ms", "student_click_ms_by_kind",
                                       "student_click_messages", "student_click_kib", "kernel_cpu_ms_per_click",
                                       "server_cpu_ms_per_click", "clients_cpu_ms_per_click", "chromium_cpu_s",
                                       "chromium_click_ms",
                                       "stock_bare_click_ms", "student_load_to_playable_s", "chromium_load_s",
                                       "stock_bare_load_s", "memory_at_peak", "kernels_left_30s_after_close",
                                       "kernels_running_30s_after_close", "class_reserve", "browser_priority",
                                       "stock_preheat", "server_ready_s", "wall_s",
                                       "machine") if k in results}
    print(json.dumps(summary, indent=2))
    if results.get("error_list"):
        print("first errors:\n  " + "\n  ".join(results["error_list"]))
    print(f"(all figures in {out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
