"""One compiled copy of the page templates for the whole server.

Voila builds a new nbconvert exporter for every page it renders or preheats, and each exporter
makes a new Jinja environment, which parses and compiles every template it loads afresh: the
page template and everything it extends and includes. That is pure CPU on the server's one
event loop, and while it runs no student's click is relayed to or from a kernel. An event-loop
watchdog in the server during ``benchmarks/classroom_bench.py`` (30 students arriving over 30 s)
caught stalls of 80-600 ms inside ``jinja2.Environment._compile`` and the parser, page after page.

:func:`share_compiled_templates` gives every such environment one in-memory Jinja bytecode
cache (``jinja2.BytecodeCache``, Jinja's documented hook for this): a template is compiled once
per server and later environments load the compiled code. Jinja keys each entry by the
template's name and file, and checks it against a checksum of the current source, so an edited
template is compiled again, as without the cache.

This module is imported by the server process: it imports no widgets and no towerlib.
"""
from __future__ import annotations

import threading

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from nbconvert.exporters.templateexporter import TemplateExporter


class MemoryBytecodeCache(BytecodeCache):
    """Compiled templates kept in this process's memory (a few hundred KiB for Voila's)."""

    def __init__(self) -> None:
        self._compiled: dict[str, bytes] = {}
        self._lock = threading.Lock()       # nbconvert may render off the main thread

    def load_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            compiled = self._compiled.get(bucket.key)
        if compiled is not None:
            bucket.bytecode_from_string(compiled)   # Jinja drops it if the source's checksum differs

    def dump_bytecode(self, bucket: Bucket) -> None:
        compiled = bucket.bytecode_to_string()
        with self._lock:
            self._compiled[bucket.key] = compiled

    def clear(self) -> None:
        with self._lock:
            self._compiled.clear()


#: The cache every exporter's environment shares once :func:`share_compiled_templates` ran.
SHARED = MemoryBytecodeCache()


def share_compiled_templates() -> None:
    """Make every nbconvert (hence Voila) exporter created from now on use :data:`SHARED`.

    Idempotent. nbconvert has no setting for an environment's bytecode cache, so this wraps
    ``TemplateExporter._create_environment``, the one place every exporter builds its environment.
    """
    create = TemplateExporter._create_environment
    if hasattr(create, "unshared"):
        return

    def _create_environment(self):
        environment = create(self)
        environment.bytecode_cache = SHARED
        return environment

    _create_environment.unshared = create
    TemplateExporter._create_environment = _create_environment
