"""What a board's page could receive and send, for the headless board tests.

ipywidgets works without a kernel: every widget keeps its state, ``get_state()`` is what would
be synced to the page and ``_handle_msg`` is the exact entry point of a message from the page.
So the tests can inspect everything the page could receive and forge anything it could send.
"""
from __future__ import annotations

import json
import re

import ipywidgets as ipw
from widgets.surface import PadButton

MODEL_REF = re.compile(r"IPY_MODEL_([0-9a-f]+)")


def registry() -> dict:
    """ipywidgets' registry of live widgets (``Widget.widgets``, without its deprecation warning)."""
    return ipw.widgets.widget._instances


def tree_states(board: ipw.Widget) -> list[str]:
    """Every widget reachable from ``board``, depth first, as JSON with model ids replaced by
    the order they are reached in (ids are random; the order is the structure)."""
    order: dict[str, int] = {}
    out: list[str] = []

    def visit(model_id: str) -> None:
        if model_id in order:
            return
        order[model_id] = len(order)
        text = json.dumps(registry()[model_id].get_state(), sort_keys=True, default=str)
        for ref in MODEL_REF.findall(text):
            visit(ref)
        out.append(MODEL_REF.sub(lambda m: f"W{order[m.group(1)]}", text))

    visit(board.model_id)
    return out


def click(button: ipw.Widget | PadButton) -> None:
    """A click exactly as the page sends it, whatever the button's ``disabled`` says: a
    surface's button is a message to its surface naming the button's action."""
    if isinstance(button, PadButton):
        content = {"event": "click", "action": button.action}
        button.surface._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
        return
    button._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []})


def send_update(widget: ipw.Widget, state: dict) -> None:
    """A state update exactly as the page sends it."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


class Traffic:
    """Every message the kernel side of the widgets would send to the page, recorded.

    ``with Traffic() as t:`` makes every widget created inside it open a recording comm (a
    real kernel's comm, minus the socket), so a test or a benchmark can count what a click
    sends: ``t.take()`` returns and forgets the messages so far as ``(comm_id, msg_type,
    data)``. Build the board inside the block; widgets made before it send nothing.
    """

    def __init__(self) -> None:
        self.messages: list[tuple[str, str, dict, int]] = []

    def __enter__(self) -> "Traffic":
        import comm
        from comm.base_comm import BaseComm

        messages = self.messages

        class RecordingComm(BaseComm):
            kernel = True            # ipywidgets sends updates only through a comm with a kernel

            def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
                data = data or {}            # serialised here, as the kernel's session would
                messages.append((self.comm_id, msg_type, data, len(json.dumps(data, default=str))))

        self._saved = comm.create_comm
        comm.create_comm = RecordingComm
        return self

    def __exit__(self, *exc) -> None:
        import comm
        comm.create_comm = self._saved

    def take(self) -> list[tuple[str, str, dict, int]]:
        out = list(self.messages)
        self.messages.clear()
        return out

    @staticmethod
    def size(messages) -> int:
        """The bytes of the messages' data as JSON (what the page receives, less each message's
        Jupyter header of a few hundred bytes)."""
        return sum(size for *_rest, size in messages)

    @staticmethod
    def updated(messages) -> dict[str, set[str]]:
        """comm id -> the names of the traits its update messages carried."""
        out: dict[str, set[str]] = {}
        for cid, kind, data, _size in messages:
            if kind == "comm_msg" and data.get("method") == "update":
                out.setdefault(cid, set()).update(data.get("state", {}))
        return out
