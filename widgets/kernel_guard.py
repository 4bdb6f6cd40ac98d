"""What a page may say to its kernel over the websocket, and what the server reads of the replies.

A student controls their page's websocket (one line of JavaScript in the browser's console), so
the kernel websocket is the server's most exposed surface. Stock Voila and jupyter_server read
its frames trusting their length fields:

* **Voila reads every outgoing binary frame as Jupyter's v1 framing** (to drop ``execute_input``)
  and builds a list as long as the frame's first 8 bytes say. On a websocket opened without the
  v1 subprotocol (a plain ``new WebSocket(url)``), a kernel message with buffers (any widget
  with binary state) uses jupyter_server's *legacy* framing, whose first 8 bytes read as about
  8.6e17: the server's event loop stops for every student.
* **jupyter_server reads every incoming v1 frame the same way**, so one frame starting with
  eight ``0xff`` bytes from a v1 page does the same.

:class:`GuardedKernelConnection` (a base of ``widgets.serving.ClassroomKernelConnection``)
refuses a kernel websocket that did not offer the v1 protocol, reads frames with
:func:`read_v1_frame` / :func:`v1_header` (which check every length against the frame before
using it) and drops, with a warning, any frame that does not parse or that carries a message
type a page does not need (:data:`PAGE_MESSAGE_TYPES`); Voila's own reader never sees a frame.

This module is imported by the server process: keep ipywidgets (and the boards) out of it.
"""
from __future__ import annotations

import json
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado import web
from tornado.websocket import WebSocketHandler
from traitlets import List, Unicode

#: The kernel websocket protocol of Voila's and JupyterLab's pages; the only one accepted.
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
#: What a page may send its kernel: widget (comm) messages and the two info requests its
#: widget manager makes on connect. Nothing that runs, inspects or completes code, interrupts,
#: restarts or shuts the kernel down, or debugs it.
PAGE_MESSAGE_TYPES = ("comm_open", "comm_msg", "comm_close", "comm_info_request", "kernel_info_request")
#: The channels those travel on.
PAGE_CHANNELS = ("shell",)
#: At most this many buffers in a message from a page (a click sends none; a file upload a few).
MAX_PAGE_BUFFERS = 64
#: The parts of a Jupyter message before its buffers: header, parent header, metadata, content.
MESSAGE_PARTS = 4
_WORD = 8   # bytes of each length field of the v1 framing (little-endian)


class FrameError(ValueError):
    """A websocket frame that is not a well-formed v1 kernel message."""


def _word(frame: bytes, index: int) -> int:
    return int.from_bytes(frame[_WORD * index:_WORD * (index + 1)], "little")


def _offsets(frame: bytes, max_parts: int) -> int:
    """The frame's offset count, checked against the frame's length and ``max_parts``."""
    if not isinstance(frame, (bytes, bytearray, memoryview)):
        raise FrameError("a text frame where the v1 protocol sends binary ones")
    if len(frame) < _WORD:
        raise FrameError("shorter than its offset count")
    count = _word(frame, 0)
    # channel, header, ..., end: at least channel + header; the table must fit in the frame.
    if not 3 <= count <= max_parts + 2 or _WORD * (count + 1) > len(frame):
        raise FrameError(f"an offset count of {count} in a frame of {len(frame)} bytes")
    return count


def read_v1_frame(frame: bytes, max_parts: int = MESSAGE_PARTS + MAX_PAGE_BUFFERS) -> tuple[str, list[bytes]]:
    """The channel and message parts of a v1 frame; :class:`FrameError` if anything is out of bounds.

    Unlike jupyter_server's ``deserialize_msg_from_ws_v1``, the offset count is bounded by
    ``max_parts`` and by the frame's length before any list is built, and every offset must lie
    in the frame, in order.
    """
    count = _offsets(frame, max_parts)
    offsets = [_word(frame, i + 1) for i in range(count)]
    if offsets[0] != _WORD * (count + 1) or offsets[-1] != len(frame) or any(
            a > b for a, b in zip(offsets, offsets[1:])):
        raise FrameError("offsets outside the frame or out of order")
    try:
        channel = bytes(frame[offsets[0]:offsets[1]]).decode("ascii")
    except UnicodeDecodeError as err:
        raise FrameError("a channel name that is not ASCII") from err
    return channel, [bytes(frame[a:b]) for a, b in zip(offsets[1:-1], offsets[2:])]


def v1_header(frame: bytes) -> bytes | None:
    """The header part of a v1 frame (as packed bytes) in constant time, or None if the frame is
    not well formed. Reads only the two offsets it needs, whatever the frame's count says."""
    if not isinstance(frame, (bytes, bytearray, memoryview)) or len(frame) < 4 * _WORD:
        return None
    count = _word(frame, 0)
    if count < 3 or _WORD * (count + 1) > len(frame):
        return None
    start, end = _word(frame, 2), _word(frame, 3)
    if not _WORD * (count + 1) <= start <= end <= len(frame):
        return None
    return bytes(frame[start:end])


def is_execute_input(frame: bytes) -> bool:
    """Whether a v1 frame from the kernel is an ``execute_input`` (the source of a cell Voila
    ran), which Voila keeps from the page; a substring test first, as nearly no frame is one."""
    header = v1_header(frame)
    if header is None or b"execute_input" not in header:
        return False
    try:
        return json.loads(header).get("msg_type") == "execute_input"
    except (ValueError, AttributeError):
        return False


def offered_protocols(handler: WebSocketHandler) -> list[str]:
    """The subprotocols the client offered in its websocket handshake."""
    offered = handler.request.headers.get("Sec-WebSocket-Protocol", "")
    return [name.strip() for name in offered.split(",") if name.strip()]


class GuardedKernelConnection(ZMQChannelsWebsocketConnection):
    """The kernel websocket connection, v1 protocol only, reading frames within their bounds and
    passing on only the message types a page needs.

    The message types are checked here, not only by ``MappingKernelManager.allowed_message_types``:
    Voila builds its kernel manager with its own list (which lets a page send ``shutdown_request``,
    so the kernel restarts bare and the board dies) over whatever the configuration says.
    """

    allowed_message_types = List(
        Unicode(), default_value=list(PAGE_MESSAGE_TYPES), config=True,
        help="Message types a page may send its kernel (on the shell channel); all others are dropped. "
        "A type must also be allowed by the kernel manager's allowed_message_types, if that is set.")

    async def prepare(self) -> None:
        """Refuse the handshake unless the client offers the v1 protocol (400: before any kernel
        message can flow in the legacy framing) and owns the kernel (404, as for no kernel)."""
        if V1_PROTOCOL not in offered_protocols(self.websocket_handler):
            self.log.warning("Refused a kernel websocket that did not offer the %s protocol", V1_PROTOCOL)
            self._refuse(400, f"Kernel websockets must use the {V1_PROTOCOL} protocol.")
        may_use = getattr(self.multi_kernel_manager, "may_use", None)   # widgets.kernel_owner
        if may_use is not None and not may_use(self.kernel_id, self.websocket_handler):
            self._refuse(404, "No such kernel.")
        await super().prepare()

    def _refuse(self, status: int, message: str) -> None:
        """Answer the handshake with a plain-text error and end the request (jupyter_server's
        error page is an HTML template the Voila server does not have)."""
        handler = self.websocket_handler
        handler.set_status(status)
        handler.set_header("Content-Type", "text/plain; charset=utf-8")
        handler.finish(f"{status}: {message}\n")
        raise web.Finish()

    @property
    def write_message(self):
        """Write to the websocket past Voila's handler, which would read the frame unchecked."""
        return self._write_checked

    def _write_checked(self, message: Any, binary: bool = False):
        if self.subprotocol == V1_PROTOCOL and isinstance(message, bytes) and is_execute_input(message):
            return None   # as Voila does: the page is not shown the cells' source
        return WebSocketHandler.write_message(self.websocket_handler, message, binary)

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        """Pass a page's message on to the kernel if it is a well-formed v1 frame of an allowed
        type on an open channel; drop anything else with a warning (no reply: the page is not
        told why)."""
        if not self.channels:
            return
        if self.subprotocol != V1_PROTOCOL:   # prepare() refused such sockets; never guess a framing
            self.log.warning("Dropped a kernel websocket message: the socket is not using %s", V1_PROTOCOL)
            return
        try:
            channel, parts = read_v1_frame(incoming_msg)
            if len(parts) < MESSAGE_PARTS:
                raise FrameError(f"{len(parts)} message parts")
            header = self.session.unpack(parts[0])
            msg_type = header.get("msg_type") if isinstance(header, dict) else None
        except (FrameError, ValueError, TypeError) as err:
            self.log.warning("Dropped a malformed kernel websocket message: %s", err)
            return
        if not self._allowed(channel, msg_type):
            self.log.warning("Dropped a %r message on the %r channel: not one a page may send",
                             str(msg_type)[:40], channel[:40])
            return
        self.session.send_raw(self.channels[channel], parts)

    def _allowed(self, channel: str, msg_type: Any) -> bool:
        managers = self.multi_kernel_manager.allowed_message_types
        return (channel in PAGE_CHANNELS and channel in self.channels and msg_type in self.allowed_message_types
                and (not managers or msg_type in managers))
