"""What a board's page could receive and send, for the headless board tests.

ipywidgets works without a kernel: every widget keeps its state, ``get_state()`` is what would
be synced to the page and ``_handle_msg`` is the exact entry point of a message from the page.
So the tests can inspect everything the page could receive and forge anything it could send.
"""
from __future__ import annotations

import json
import re

import ipywidgets as ipw

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


def click(button: ipw.Widget) -> None:
    """A click exactly as the page sends it, whatever the button's ``disabled`` says."""
    button._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []})


def send_update(widget: ipw.Widget, state: dict) -> None:
    """A state update exactly as the page sends it."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})
