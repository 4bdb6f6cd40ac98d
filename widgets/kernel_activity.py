"""The server's watch of its kernels' activity, made cheap enough for a class clicking at once.

jupyter_server notes when each kernel was last active and whether it is busy (what culling
decides by) by decoding every IOPub message whole: signature check, and every date parsed with
dateutil. The server hears every message of every kernel twice, once for the page and once for
this watch, and with a class clicking that decoding was a fifth of the server's CPU (py-spy on
``benchmarks/classroom_bench.py``). :class:`HeaderActivityWatch` makes the same decisions from
the two headers alone.

Imported by the server process only.
"""
from __future__ import annotations

from jupyter_server._tz import utcnow


class HeaderActivityWatch:
    """A mixin for a jupyter_server ``MappingKernelManager`` (before it in the bases)."""

    def start_watching_activity(self, kernel_id: str) -> None:
        """jupyter_server's ``start_watching_activity``, deciding from the message's type, its
        parent's type and, for a status message, its state. The messages come from the server's
        own kernels over local IPC."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        split, unpack = kernel.session.feed_identities, kernel.session.unpack   # orjson when installed
        tracked = self.track_message_type

        def record_activity(msg_list: list[bytes]) -> None:
            _idents, parts = split(msg_list)        # signature, header, parent header, metadata, content
            msg_type = unpack(parts[1])["msg_type"]
            parent_type = unpack(parts[2]).get("msg_type")
            if tracked(msg_type) or tracked(parent_type) or kernel.execution_state == "busy":
                self.last_kernel_activity = kernel.last_activity = utcnow()
            if msg_type == "status":
                state = unpack(parts[4])["execution_state"]
                if tracked(parent_type):
                    kernel.execution_state = state
                elif kernel.execution_state == "starting" and state != "starting":
                    kernel.execution_state = "idle"        # as upstream: after starting, idle

        kernel._activity_stream.on_recv(record_activity)
