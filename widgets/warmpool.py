"""Warm kernels for the pages Voila does not preheat: the lessons open without a cold start.

Voila preheats a page by running the whole notebook in a kernel before anyone asks for it, one
kernel per page kept on standby. That suits the four play pages; for 28 lessons it would keep 28
idle kernels (some 50 MB each) for a class that reads one lesson at a time. Every other page
gets a *cold* kernel: a new Python process, ipykernel's start-up, then the lesson's imports
(towerlib, the boards, ipywidgets, numpy, matplotlib, sympy), all before its first real cell.

:class:`WarmKernelManager` (``VoilaConfiguration.multi_kernel_manager_class``; Voila wraps it
in its preheating manager) keeps a small pool of kernels that have started and done those
imports ahead of time (:attr:`~WarmKernelManager.warm_imports`), and hands one to a page that
would otherwise start a cold kernel, if the page matches :attr:`~WarmKernelManager.warm_pages`.
The pool refills in the background.

A warm kernel must become exactly the kernel Voila would have started for that request:

* **the request's environment**: Voila starts a cold kernel with the request's variables
  (``QUERY_STRING``, ``SCRIPT_NAME``, the classroom's ``HTTP_X_SPELLTOWER_SPACE`` and
  ``..._TEACHER`` headers, ``VOILA_*``); a warm kernel gets every variable that differs from the
  environment it was started with, set in ``os.environ`` *before* Voila runs the first cell, so
  :mod:`widgets.classroom` reads the right student, exactly as in a cold kernel;
* **the working directory**: the notebook's folder (``os.chdir``; ipykernel's ``''`` on
  ``sys.path`` follows it);
* **nothing of another page**: a kernel is handed out once and leaves the pool; the warm-up
  runs silently (no history, no execution count) and leaves only imported modules behind;
  the modules it imports read the environment when called, not when imported.

The warm-up imports nothing that reads the page's identity at import time; in particular
``VOILA_PREHEAT`` is unset while it runs, so :mod:`widgets.classroom` installs no preheat hook.
Pool kernels are never culled and are shut down with the server (they are ordinary kernels of
this manager). If a warm kernel is not ready, or has died, the page gets a cold kernel as before.

The same manager holds three more server-side settings of a classroom: the *class reserve*
(:attr:`~WarmKernelManager.class_size`, kernels of one play page preheated for a class before it
arrives, see :meth:`~WarmKernelManager._reserve_for_class`); from
:class:`widgets.kernel_activity.HeaderActivityWatch`, a lighter watch of each kernel's activity;
and :attr:`~WarmKernelManager.never_connected_delay`, after which a kernel handed to a page that
never connected to it is shut down (:mod:`widgets.page_claims`).

This module is imported by the server process: it imports no widgets and no towerlib itself.
"""
from __future__ import annotations

import asyncio
import base64
import json
import os
import re

from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Integer, List, Unicode

from widgets.kernel_activity import HeaderActivityWatch
from widgets.kernel_owner import SPACE_ENV, TEACHER_ENV, OwnedKernels, owner_key, page_request
from widgets.page_claims import PageClaims
from widgets.template_cache import share_compiled_templates

#: What every lesson imports while it renders (see notebooks/*/0*.ipynb): the engines and their
#: probability modules, the boards, the lesson helpers, the class record and its store,
#: ipywidgets, numpy, sympy and matplotlib's figure (lesson plots are drawn without pyplot).
WARM_IMPORTS = [
    "ipywidgets", "numpy", "numpy.random", "IPython.display",
    "towerlib", "towerlib.abracada", "towerlib.abracada.bots", "towerlib.abracada.deduction",
    "towerlib.abracada.batch", "towerlib.runes", "towerlib.runes.bots", "towerlib.runes.duel",
    "towerlib.runes.policy", "towerlib.runes.probability", "towerlib.runes.batch",
    "towerlib.amulett", "towerlib.amulett.probability", "towerlib.amulett.inference",
    "towerlib.spellcaster", "towerlib.spellcaster.probability", "towerlib.spellcaster.inference",
    "widgets", "widgets.abracada", "widgets.runes", "widgets.amulett", "widgets.spellcaster",
    "widgets.exercises", "widgets.lessons", "widgets.simulation", "widgets.record.hooks", "widgets.record.panels",
    # The class record's store (SQLAlchemy, ~20 MB): on the classroom server every lesson writes
    # "page opened" for its student while it renders, so a cold lesson kernel loads it anyway.
    "widgets.record.store", "sqlalchemy.dialects.sqlite",
    "sympy", "sympy.combinatorics", "sympy.physics.units",            # the last two: what sympy.solve loads
    "matplotlib.figure", "matplotlib.backends.backend_agg",
    "PIL.BmpImagePlugin", "PIL.GifImagePlugin", "PIL.JpegImagePlugin", "PIL.PpmImagePlugin", "PIL.PngImagePlugin",
]
#: The pages that may get a warm kernel: the lessons (``<game>/[ru/]NN_name.ipynb``), matched
#: against the request's path (``SCRIPT_NAME``, ``/voila/render/abracada/01_meet_the_tower.ipynb``).
LESSON_PAGES = r"/\d\d_[^/]*\.ipynb$"


def warm_up_code(modules: list[str]) -> str:
    """The code a pool kernel runs once started: import ``modules``, leave no names behind.
    A module that fails to import is skipped (the page will report it as a cold kernel would)."""
    return ("def _spelltower_warm_up(names):\n"
            "    import importlib\n"
            "    for name in names:\n"
            "        try:\n"
            "            importlib.import_module(name)\n"
            "        except Exception:\n"
            "            pass\n"
            f"_spelltower_warm_up({modules!r})\n"
            "del _spelltower_warm_up\n")


def adopt_code(env: dict[str, str], cwd: str) -> str:
    """The code that makes a pool kernel the request's kernel: its variables and its folder.
    They travel as base64 of JSON, so no value can be read as code (nor as IPython's ``?`` or
    ``%`` syntax, which the kernel applies to every line before Python sees it)."""
    payload = base64.b64encode(json.dumps({"env": env, "cwd": cwd}).encode()).decode("ascii")
    return ("def _spelltower_adopt(payload):\n"
            "    import base64, json, os\n"
            "    request = json.loads(base64.b64decode(payload))\n"
            "    os.environ.update(request['env'])\n"
            "    os.chdir(request['cwd'])\n"
            f"_spelltower_adopt('{payload}')\n"
            "del _spelltower_adopt\n")


def request_env(env: dict[str, str], started_with: dict[str, str]) -> dict[str, str]:
    """What a pool kernel started with ``started_with`` lacks of the request's ``env``."""
    return {k: v for k, v in env.items() if started_with.get(k) != v}


class WarmKernelManager(OwnedKernels, HeaderActivityWatch, AsyncMappingKernelManager):
    """An :class:`AsyncMappingKernelManager` that hands warm kernels to matching pages (see the
    module docstring)."""

    pool_size = Integer(1, config=True, help="Warm kernels kept ready (0: none, every page starts cold).")
    warm_imports = List(Unicode(), WARM_IMPORTS, config=True, help="Modules a pool kernel imports in advance.")
    warm_pages = Unicode(LESSON_PAGES, config=True,
                         help="Regex (searched in the request path, SCRIPT_NAME) of the pages that get a warm kernel.")
    warm_kernel_name = Unicode("python3", config=True, help="The kernelspec of the pool's kernels.")
    refill_delay = Float(1.0, config=True, help="Seconds before a used pool kernel is replaced.")
    warm_timeout = Float(60.0, config=True, help="Seconds a pool kernel may take to start and warm up.")
    adopt_timeout = Float(10.0, config=True, help="Seconds a pool kernel may take to take on a request.")
    class_size = Integer(0, config=True, help="Kernels of class_page Voila preheats at start, one per "
                         "student expected (0: none beyond Voila's own pool); not replaced as they are used.")
    class_page = Unicode("abracada/play.ipynb", config=True,
                         help="The play page the class will open (relative to the served folder).")
    never_connected_delay = Float(
        60.0, config=True,
        help="Seconds after a page's response was sent within which the page must connect to the "
        "kernel it was given, or the kernel is shut down (a plain GET runs no script). Longer than "
        "ClassroomKernelConnection.shutdown_delay: a browser on a busy machine connects late. "
        "Negative: never (the culler's cull_idle_timeout only).")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        share_compiled_templates()      # the pages, too, open without per-page template compiling
        self._warm: list[asyncio.Task] = []          # each yields (kernel id, the env it started with)
        self._pool_ids: set[str] = set()
        self.page_claims = PageClaims(self, self.never_connected_delay, self.log)
        self._fill(delay=0.0)
        if self.class_size > 0:
            self._reserve_for_class()

    # ----- the class reserve ---------------------------------------------------------------------
    def _reserve_for_class(self) -> None:
        """Ask Voila to preheat :attr:`class_size` kernels of :attr:`class_page` at start, and the
        page's usual standby kernels (``default_pool_size``) with them.

        Thirty students opening a page within half a minute each cost a kernel start and a run of
        the page: on two cores that is a minute of saturated CPU, while the first students already
        click. Preheated before the class arrives, each arrival only takes a kernel whose page has
        run (and learns its student, see :mod:`widgets.classroom`). The reserve is not replaced
        as it is used, so the class costs one kernel per student, not two. It includes the
        page's usual standby: when the last student of the class has taken a kernel, the page
        still keeps its usual pool, so no kernel starts (a second or two of CPU, and the server
        rendering the page) while the class plays; only an arrival beyond the class makes Voila
        start one (the load test caught the last arrival's refill slowing everyone's clicks).

        Voila wraps this class in its preheating manager, whose ``__init__`` fills the pools from
        ``kernel_pools_config`` right after this ``__init__`` returns; the size is set back just
        after, on the event loop, when the reserve's kernels are already on their way.
        """
        if not hasattr(self, "kernel_pools_config"):
            raise ValueError("WarmKernelManager.class_size needs VoilaConfiguration.preheat_kernel = true")
        default = self.kernel_pools_config.get("default", {})
        usual = {**default, "pool_size": default.get("pool_size", 1)}
        self.kernel_pools_config = {**self.kernel_pools_config,
                                    self.class_page: {**usual, "pool_size": self.class_size + usual["pool_size"]}}
        asyncio.get_event_loop().call_soon(self._class_reserve_started, usual)

    def _class_reserve_started(self, usual: dict) -> None:
        """The reserve's kernels are starting: from now on the page refills to its usual size."""
        self.kernel_pools_config = {**self.kernel_pools_config, self.class_page: usual}
        reserve = list(self._pools.get(self.class_page, ()))
        if len(reserve) < self.class_size:
            self.log.error("Class reserve: %s is not a page Voila preheats (preheat_denylist) or does "
                           "not exist", self.class_page)
            return
        asyncio.ensure_future(self._announce_class_reserve(reserve))

    async def _announce_class_reserve(self, reserve: list[asyncio.Task]) -> None:
        """Log when every reserve kernel has started and run its page (a teacher waits for this)."""
        started = await asyncio.gather(*reserve, return_exceptions=True)
        await asyncio.gather(*(s["task"] for s in started if isinstance(s, dict)), return_exceptions=True)
        self.log.info("Class reserve ready: %d kernels of %s and %d on standby, its page already run",
                      self.class_size, self.class_page, len(reserve) - self.class_size)

    # ----- the pool ----------------------------------------------------------------------------
    def _fill(self, delay: float) -> None:
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
        while len(self._warm) < self.pool_size:
            self._warm.append(loop.create_task(self._start_warm(delay)))

    async def _start_warm(self, delay: float) -> tuple[str, dict[str, str]] | None:
        """Start and warm up one pool kernel; None if that failed (then another is started)."""
        await asyncio.sleep(delay)
        env = {k: v for k, v in os.environ.items() if k != "VOILA_PREHEAT"}
        kernel_id = None
        try:
            kernel_id = await super().start_kernel(kernel_name=self.warm_kernel_name, path="", env=env)
            self._pool_ids.add(kernel_id)
            await self._run(kernel_id, warm_up_code(list(self.warm_imports)))
        except Exception as err:      # e.g. the kernel lost its port to another process and died
            self.log.warning("Warm kernel failed to start: %s", err)
            if kernel_id is not None:
                self._pool_ids.discard(kernel_id)
                try:
                    await ensure_async(self.shutdown_kernel(kernel_id, now=True))
                except Exception:
                    pass
            this = asyncio.current_task()
            if this in self._warm:
                self._warm.remove(this)
            self._fill(delay=self.refill_delay)
            return None
        self.log.info("Warm kernel ready: %s", kernel_id)
        return kernel_id, env

    async def _run(self, kernel_id: str, code: str, timeout: float | None = None, started: bool = False) -> None:
        """Run ``code`` silently in the kernel and wait for it; raise if it failed.

        ``started``: the kernel has answered before (a warmed pool kernel), so skip the client's
        ``wait_for_ready``, which spends at least 0.2 s waiting for iopub to fall silent: that
        was most of a lesson's wait for its first byte (0.23 s against 0.03 s for a page with
        a cold kernel's start already under way). The execute reply itself says the kernel runs."""
        timeout = timeout or self.warm_timeout
        client = self.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            if not started:
                await client.wait_for_ready(timeout=timeout)
            reply = await client.execute(code, silent=True, store_history=False, reply=True, timeout=timeout)
        finally:
            client.stop_channels()
        if reply["content"].get("status") != "ok":
            raise RuntimeError(f"warm kernel {kernel_id}: {reply['content'].get('ename')}")

    async def _take(self, path: str | None, env: dict[str, str]) -> str | None:
        """A ready pool kernel made into the request's kernel, or None (then the page starts cold).
        A page never waits for a kernel still warming up: on a busy machine a kernel start can
        fail or hang (another process may take its port), and a cold start is the fallback."""
        for task in [t for t in self._warm if t.done()]:
            self._warm.remove(task)
            if task.cancelled() or task.exception() is not None or task.result() is None:
                continue
            kernel_id, started_with = task.result()
            self._pool_ids.discard(kernel_id)
            if kernel_id not in self or not await ensure_async(self.get_kernel(kernel_id).is_alive()):
                continue
            try:
                await self._run(kernel_id, adopt_code(request_env(env, started_with),
                                                      self.cwd_for_path(path or "", env=env)),
                                timeout=self.adopt_timeout, started=True)
            except Exception as err:
                self.log.warning("Warm kernel %s could not be handed over: %s", kernel_id, err)
                await ensure_async(self.shutdown_kernel(kernel_id, now=True))
                continue
            self.get_kernel(kernel_id).last_activity = utcnow()    # handed out now: idle from here on
            self.log.info("Using warm kernel %s for %s", kernel_id, env.get("SCRIPT_NAME", "?"))
            return kernel_id
        return None

    def _wants_warm(self, kernel_name: str | None, env: dict[str, str] | None) -> bool:
        """A page Voila starts a cold kernel for (``VOILA_PREHEAT`` is "False" on that path, "True"
        when Voila preheats) that matches :attr:`warm_pages`."""
        return (self.pool_size > 0 and env is not None and env.get("VOILA_PREHEAT") == "False"
                and (kernel_name or self.default_kernel_name) == self.warm_kernel_name
                and re.search(self.warm_pages, env.get("SCRIPT_NAME", "")) is not None)

    async def start_kernel(self, *, kernel_id: str | None = None, path: str | None = None, **kwargs) -> str:
        """A kernel for a page (warm if one is ready), bound to the page's owner when the request's
        environment names one (widgets.kernel_owner) and watched until the page connects to it
        (widgets.page_claims); pool and preheated kernels name no owner and have no page yet."""
        env = kwargs.get("env")
        owner = owner_key((env or {}).get(SPACE_ENV), (env or {}).get(TEACHER_ENV) == "1")
        for_page = kernel_id is None and (env or {}).get("VOILA_PREHEAT") == "False"   # Voila's page request
        kernel = None
        if kernel_id is None and self._wants_warm(kwargs.get("kernel_name"), env):
            kernel = await self._take(path, env)
            self._fill(delay=self.refill_delay)
        if kernel is None:
            kernel = await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        self.bind_owner(kernel, owner)
        if for_page:
            self.page_claims.handed_out(kernel, page_request())
        return kernel

    def hand_to_page(self, kernel_id: str, page: web.RequestHandler | None) -> None:
        """A preheated kernel was given to a page request: its owner, and a watch until it connects."""
        super().hand_to_page(kernel_id, page)
        self.page_claims.handed_out(kernel_id, page)

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs) -> None:
        try:
            await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))
        finally:
            self.forget_owner(kernel_id)
            self.page_claims.claimed(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str):
        if kernel_id in self._pool_ids:          # waiting in the pool is not being idle
            return None
        return await ensure_async(super().cull_kernel_if_idle(kernel_id))

    async def shutdown_all(self, now: bool = False) -> None:
        tasks, self._warm = self._warm, []
        for task in tasks:
            task.cancel()
        self.page_claims.stop()
        await ensure_async(super().shutdown_all(now=now))
