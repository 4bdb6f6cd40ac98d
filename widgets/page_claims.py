"""Kernels follow pages: a kernel handed to a page that never connects to it is shut down.

A page's kernel lives as long as the page: once the page's websocket has connected, the kernel
goes ``ClassroomKernelConnection.shutdown_delay`` (10 s) after its last websocket closed
(:mod:`widgets.serving`). A page fetched without running its script (a plain GET from a script,
a link preview, a crawler) never connects, and stock Voila then kept its kernel until the
30-minute culler came: a loop of GETs could hold the class's memory and cores.

:class:`PageClaims` watches each kernel a page request was given (a cold or warm kernel started
for it, or a preheated one handed to it). The wait starts when the page's response has been sent,
or its client has gone, never while the page is still being rendered; a websocket connecting to
the kernel ends the watch (``ClassroomKernelConnection.connect``). A kernel still unclaimed
``delay`` seconds later is shut down.

That delay is its own, and longer than a closed page's: a real browser on a busy machine can take
well over 10 s between receiving a page and opening its websocket (loading Voila's scripts and
the widget manager), and a shorter wait shut such pages' kernels down under load. Kernels waiting
for a page (Voila's preheated ones, the class reserve, the warm pool) are never watched: only a
handout starts a watch.

This module is imported by the server process: keep ipywidgets (and the boards) out of it.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from jupyter_core.utils import ensure_async
from tornado import web

#: Seconds between looks at whether a page's response is over (the delay itself is a minute).
POLL_SECONDS = 1.0


def response_over(page: web.RequestHandler) -> bool:
    """Whether the page's response has been sent in full, or its client has gone."""
    stream = getattr(getattr(page.request, "connection", None), "stream", None)
    return bool(getattr(page, "_finished", True)) or (stream is not None and stream.closed())


class PageClaims:
    """The kernels handed to pages whose websocket has not connected yet, each with its watch.

    ``manager`` is the server's kernel manager (``in`` and ``shutdown_kernel`` are used); a
    negative ``delay`` turns the rule off.
    """

    def __init__(self, manager: Any, delay: float, log: logging.Logger | logging.LoggerAdapter,
                 poll: float = POLL_SECONDS) -> None:
        self.manager = manager
        self.delay = delay
        self.log = log
        self.poll = poll
        self._watches: dict[str, asyncio.Task] = {}

    def handed_out(self, kernel_id: str, page: web.RequestHandler | None) -> None:
        """``page`` (the request being served; None: counted from now) was given the kernel."""
        if self.delay < 0:
            return
        self.claimed(kernel_id)
        self._watches[kernel_id] = asyncio.ensure_future(self._watch(kernel_id, page))

    def claimed(self, kernel_id: str) -> None:
        """A websocket connected to the kernel (or it is gone): stop watching it."""
        watch = self._watches.pop(kernel_id, None)
        if watch is not None:
            watch.cancel()

    def unclaimed(self) -> set[str]:
        """The kernels being watched."""
        return set(self._watches)

    def stop(self) -> None:
        """Stop every watch (the server is shutting its kernels down)."""
        for kernel_id in list(self._watches):
            self.claimed(kernel_id)

    async def _watch(self, kernel_id: str, page: web.RequestHandler | None) -> None:
        while page is not None and not response_over(page):
            await asyncio.sleep(self.poll)
        await asyncio.sleep(self.delay)
        if self._watches.get(kernel_id) is not asyncio.current_task():
            return
        del self._watches[kernel_id]
        if kernel_id not in self.manager:
            return
        self.log.info("Shutting down kernel %s: its page never connected to it", kernel_id)
        try:
            await ensure_async(self.manager.shutdown_kernel(kernel_id))
        except KeyError:            # shut down meanwhile (its student's cap, the culler)
            pass
        except Exception:           # never let a failed shutdown take the server's loop down
            self.log.exception("Shutting down kernel %s failed", kernel_id)
