"""The server's lighter watch of kernel activity (``widgets.kernel_activity``, a base of the
server's ``WarmKernelManager``) decides exactly as jupyter_server's own: same ``execution_state``,
same ``last_activity`` updates, message after message, for the messages a page's kernel sends."""
from __future__ import annotations

import datetime

from jupyter_client.session import Session
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from widgets.warmpool import WarmKernelManager

EPOCH = datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)


class _Stream:
    def on_recv(self, callback):
        self.callback = callback


class _Kernel:
    """What the activity watch touches of a kernel."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.execution_state = "starting"
        self.stream = _Stream()

    def connect_iopub(self):
        return self.stream


def _watch(manager, session: Session) -> _Kernel:
    kernel = _Kernel(session)
    manager._kernels["k"] = kernel
    manager.start_watching_activity("k")
    return kernel


def _messages(session: Session):
    """A page's life on IOPub: start-up, a click (comm_msg) with its widget updates, an execution,
    a kernel_info request, and a status whose parent is unknown."""
    def status(state, parent_type):
        parent = session.msg_header(parent_type) if parent_type else {}
        return session.msg("status", {"execution_state": state}, parent=parent)

    comm = session.msg_header("comm_msg")
    yield status("starting", None)
    yield status("idle", "kernel_info_request")
    yield status("busy", "comm_msg")
    yield session.msg("comm_msg", {"comm_id": "c", "data": {"method": "update", "state": {"value": 1}}},
                      parent=comm)
    yield status("idle", "comm_msg")
    yield status("busy", "execute_request")
    yield session.msg("stream", {"name": "stdout", "text": "hi"}, parent=session.msg_header("execute_request"))
    yield status("idle", "execute_request")
    yield status("busy", None)
    yield session.msg("display_data", {"data": {}, "metadata": {}}, parent={})
    yield status("idle", None)


def test_the_light_watch_decides_as_jupyter_server_does():
    session = Session(key=b"secret")
    ours, theirs = WarmKernelManager(pool_size=0), AsyncMappingKernelManager()
    mine, upstream = _watch(ours, session), _watch(theirs, session)
    seen_states = set()
    for msg in _messages(session):
        for kernel, manager in ((mine, ours), (upstream, theirs)):
            kernel.last_activity = EPOCH
            kernel.stream.callback(session.serialize(msg))
        assert mine.execution_state == upstream.execution_state, msg["header"]["msg_type"]
        assert (mine.last_activity > EPOCH) == (upstream.last_activity > EPOCH), msg["header"]["msg_type"]
        seen_states.add(mine.execution_state)
    assert seen_states == {"starting", "idle", "busy"}      # the messages above reach every state
