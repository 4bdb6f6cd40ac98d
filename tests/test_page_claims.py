"""Kernels follow pages (widgets/page_claims.py), with a stand-in manager and page request; the real
server's plain GETs, late and slow pages are in tests/browser/test_server_guard.py."""
from __future__ import annotations

import asyncio
import logging

from widgets.page_claims import PageClaims, response_over

DELAY = 0.2     # s, the never-connected delay of these tests
POLL = 0.01


class _Manager:
    def __init__(self, kernels):
        self.kernels = set(kernels)
        self.shut: list[str] = []

    def __contains__(self, kernel_id):
        return kernel_id in self.kernels

    async def shutdown_kernel(self, kernel_id):
        self.kernels.remove(kernel_id)
        self.shut.append(kernel_id)


class _Stream:
    def __init__(self):
        self.gone = False

    def closed(self):
        return self.gone


class _Page:
    """A page request being sent: ``_finished`` as tornado sets it, and its client's stream."""

    def __init__(self):
        self._finished = False
        self.stream = _Stream()
        self.request = type("Request", (), {"connection": type("Connection", (), {"stream": self.stream})()})()


def _claims(manager) -> PageClaims:
    return PageClaims(manager, DELAY, logging.getLogger("test"), poll=POLL)


def test_a_kernel_whose_page_never_connects_goes_the_delay_after_the_page_was_sent():
    async def run():
        manager = _Manager({"k"})
        claims, page = _claims(manager), _Page()
        claims.handed_out("k", page)
        await asyncio.sleep(3 * DELAY)             # the page is still being rendered and sent
        assert manager.shut == [] and claims.unclaimed() == {"k"}
        page._finished = True
        loop = asyncio.get_running_loop()
        sent = loop.time()
        while not manager.shut:
            await asyncio.sleep(POLL)
        assert loop.time() - sent >= DELAY
        assert manager.shut == ["k"] and claims.unclaimed() == set()
    asyncio.run(run())


def test_a_client_gone_mid_page_counts_as_sent():
    async def run():
        manager, page = _Manager({"k"}), _Page()
        claims = _claims(manager)
        claims.handed_out("k", page)
        page.stream.gone = True
        await asyncio.sleep(DELAY + 0.2)
        assert manager.shut == ["k"]
    asyncio.run(run())


def test_a_page_that_connects_keeps_its_kernel_and_others_are_untouched():
    async def run():
        manager = _Manager({"claimed", "standby", "unclaimed"})
        claims = _claims(manager)
        claims.handed_out("claimed", None)           # no request known: counted from now
        claims.handed_out("unclaimed", None)
        await asyncio.sleep(DELAY / 2)
        claims.claimed("claimed")
        await asyncio.sleep(DELAY + 0.2)
        assert manager.shut == ["unclaimed"]
        assert manager.kernels == {"claimed", "standby"}   # a kernel never handed out is never watched
    asyncio.run(run())


def test_a_kernel_gone_meanwhile_is_left_alone_and_a_negative_delay_turns_the_rule_off():
    async def run():
        manager = _Manager({"k"})
        claims = _claims(manager)
        claims.handed_out("k", None)
        manager.kernels.clear()                     # shut down by something else, unannounced
        off = PageClaims(_Manager({"j"}), -1, logging.getLogger("test"))
        off.handed_out("j", None)
        await asyncio.sleep(DELAY + 0.2)
        assert manager.shut == [] and claims.unclaimed() == set()
        assert off.manager.shut == [] and off.unclaimed() == set()
    asyncio.run(run())


def test_a_second_handout_restarts_the_watch_and_stop_ends_them_all():
    async def run():
        manager = _Manager({"k", "j"})
        claims = _claims(manager)
        claims.handed_out("k", None)
        await asyncio.sleep(DELAY * 0.7)
        claims.handed_out("k", None)                # handed out again: the wait starts again
        await asyncio.sleep(DELAY * 0.7)
        assert manager.shut == []
        claims.handed_out("j", None)
        claims.stop()
        await asyncio.sleep(DELAY + 0.2)
        assert manager.shut == [] and claims.unclaimed() == set()
    asyncio.run(run())


def test_response_over():
    page = _Page()
    assert not response_over(page)
    page.stream.gone = True
    assert response_over(page)
    page = _Page()
    page._finished = True
    assert response_over(page)
