"""The kernel websocket's frame readers (widgets/kernel_guard.py) against jupyter_server's writer.

Well-formed frames are made by jupyter_server's own ``serialize_msg_to_ws_v1`` and must read back
exactly; malformed ones must be refused at once, whatever their length fields claim.
"""
from __future__ import annotations

import json

import pytest
from jupyter_server.services.kernels.connection.base import serialize_binary_message, serialize_msg_to_ws_v1

from widgets.kernel_guard import FrameError, MAX_PAGE_BUFFERS, is_execute_input, read_v1_frame, v1_header


def _msg(msg_type: str, buffers: list[bytes] = ()) -> dict:
    return {"header": {"msg_id": "1", "msg_type": msg_type}, "parent_header": {}, "metadata": {},
            "content": {"comm_id": "c", "data": {}}, "buffers": list(buffers)}


def _frame(msg: dict, channel: str = "shell") -> bytes:
    """As the server frames a kernel's message: its four packed parts, then its buffers."""
    parts = [json.dumps(msg[key]).encode() for key in ("header", "parent_header", "metadata", "content")]
    return serialize_msg_to_ws_v1(parts + msg["buffers"], channel)


@pytest.mark.parametrize("buffers", [[], [b""], [b"\x00\x01", b"abc" * 100]])
def test_a_well_formed_frame_reads_back_exactly(buffers):
    msg = _msg("comm_msg", buffers)
    channel, parts = read_v1_frame(_frame(msg, "iopub"))
    assert channel == "iopub"
    assert [json.loads(p) for p in parts[:4]] == [msg["header"], {}, {}, msg["content"]]
    assert parts[4:] == buffers
    assert json.loads(v1_header(_frame(msg))) == msg["header"]


def test_execute_input_is_recognised_and_nothing_else():
    assert is_execute_input(_frame(_msg("execute_input")))
    assert not is_execute_input(_frame(_msg("comm_msg")))
    tricky = _msg("comm_msg")
    tricky["header"]["note"] = "execute_input"      # the word, but not the type
    assert not is_execute_input(_frame(tricky))


def _legacy_frame_with_buffers() -> bytes:
    """What jupyter_server sends a plain websocket for a message with buffers: its first 8 bytes
    read as a v1 offset count of about 8.6e17."""
    msg = _msg("comm_msg", [b"\x89PNG"])
    msg["channel"] = "iopub"
    return serialize_binary_message(msg)


@pytest.mark.parametrize("frame", [
    b"", b"\xff" * 8, b"\xff" * 64, b"x" * 40,
    (3).to_bytes(8, "little") + b"\xff" * 24,                       # offsets outside the frame
    (4).to_bytes(8, "little") + b"\x00" * 32,                       # offsets not after the table
    (MAX_PAGE_BUFFERS + 7).to_bytes(8, "little") + b"\x00" * 8 * (MAX_PAGE_BUFFERS + 7),   # too many parts
    "a text frame",
], ids=["empty", "count-only", "count-and-junk", "text-bytes", "outside", "inside-table", "too-many", "str"])
def test_a_malformed_frame_is_refused(frame):
    with pytest.raises(FrameError):
        read_v1_frame(frame)
    assert v1_header(frame) is None or isinstance(v1_header(frame), bytes)
    assert not is_execute_input(frame)


def test_offsets_out_of_order_are_refused():
    frame = bytearray(_frame(_msg("comm_msg")))
    frame[16:24], frame[24:32] = frame[24:32], frame[16:24]           # swap two offsets
    with pytest.raises(FrameError):
        read_v1_frame(bytes(frame))


def test_a_legacy_frame_with_buffers_is_read_at_once():
    """The frame that froze Voila's reader is refused (an unbounded reader would not return)."""
    frame = _legacy_frame_with_buffers()
    assert int.from_bytes(frame[:8], "little") > 10**17
    with pytest.raises(FrameError):
        read_v1_frame(frame)
    assert v1_header(frame) is None
    assert not is_execute_input(frame)
