"""A kernel belongs to the browser whose page it serves: everything keyed by a kernel id checks it.

Stock Voila treats a kernel id as the only credential: whoever knows it (from the owner's page,
or the server's log) can open the kernel's websocket, read every widget of that page, click in
its game, and ``GET`` or ``DELETE /api/kernels/<id>``, even with no cookie at all.

Here each kernel is bound, when a page request is given it, to the requester's *owner key*: the
student's space (the HMAC of the student cookie's id that :class:`widgets.serving.ClassroomIdentityProvider`
puts in the ``X-Spelltower-Space`` header), with ``:teacher`` added if the page was opened in
teacher mode. A cold kernel learns it from the request's environment (Voila passes the header as
``HTTP_X_SPELLTOWER_SPACE``); a preheated one when Voila's preheating manager hands it out
(:class:`OwnedKernels`). A request for a kernel is then answered only if the requester's cookie
gives the same key (a teacher's browser also holds its plain student key): the kernel websocket
(:class:`widgets.kernel_guard.GuardedKernelConnection`), ``GET``/``DELETE /api/kernels/<id>``
and Voila's ``/voila/api/shutdown/<id>`` (:func:`install`). Anyone else is told the kernel does
not exist (404). A kernel no page was given (a preheated one on standby) answers to nobody.
Voila's ``/voila/query/<id>`` websocket, which tells a preheated kernel the details of the request
it was handed to, answers only the kernel itself (:func:`is_the_kernel`).

Kernel ids (and every other UUID, such as websocket session ids) are not written to the server's
log above the DEBUG level: :class:`KernelIdRedactor` writes :func:`kernel_tag` instead, a short
hash that lets the lines of one kernel be followed without giving anyone reading the log its id.

This module is imported by the server process: keep ipywidgets (and the boards) out of it.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import re
from typing import Any

from jupyter_server.services.kernels.handlers import KernelHandler
from tornado import web

SPACE_ENV = "HTTP_X_SPELLTOWER_SPACE"      # what Voila makes of the X-Spelltower-Space header
TEACHER_ENV = "HTTP_X_SPELLTOWER_TEACHER"
TEACHER_SUFFIX = ":teacher"
_KERNEL_ID = r"(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)"   # as jupyter_server's routes write it
_UUID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.IGNORECASE)


def kernel_tag(kernel_id: str) -> str:
    """What the log says instead of a kernel id: ``kernel~`` and 8 hex digits of its hash."""
    return "kernel~" + hashlib.sha256(kernel_id.lower().encode()).hexdigest()[:8]


class KernelIdRedactor(logging.Filter):
    """Replaces every UUID in a log record above DEBUG with its :func:`kernel_tag`."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.DEBUG:
            message = record.getMessage()
            if _UUID.search(message):
                record.msg, record.args = _UUID.sub(lambda m: kernel_tag(m.group(0)), message), None
        return True


def redact_kernel_ids(log: logging.Logger) -> None:
    """Add :class:`KernelIdRedactor`, once, to ``log`` and its handlers, to tornado's loggers (its
    access log writes each request's URL) and to the root logger's handlers."""
    tornado_logs = [logging.getLogger(f"tornado.{name}") for name in ("access", "application", "general")]
    for target in (log, *log.handlers, *tornado_logs, *logging.getLogger().handlers):
        if not any(isinstance(f, KernelIdRedactor) for f in target.filters):
            target.addFilter(KernelIdRedactor())


def owner_key(space: str | None, teacher: bool) -> str | None:
    """The key a kernel is bound to: the space, plus ``:teacher`` for a teacher-mode page."""
    if not space:
        return None
    return space + TEACHER_SUFFIX if teacher else space


def requester_keys(handler: web.RequestHandler) -> set[str]:
    """The owner keys the request's cookies prove (empty without a valid student cookie)."""
    provider = getattr(handler, "identity_provider", None)
    keys = getattr(provider, "owner_keys", None)
    return set(keys(handler)) if keys is not None else set()


class OwnedKernels:
    """Kernel manager mixin: who owns each kernel, bound when a page request is given one."""

    def _owners(self) -> dict[str, str]:
        owners = self.__dict__.get("_spelltower_owners")
        if owners is None:
            owners = self.__dict__["_spelltower_owners"] = {}
        return owners

    def bind_owner(self, kernel_id: str, owner: str | None) -> None:
        if owner:
            self._owners()[kernel_id] = owner

    def kernel_owner(self, kernel_id: str) -> str | None:
        return self._owners().get(kernel_id)

    def may_use(self, kernel_id: str, handler: web.RequestHandler) -> bool:
        """Whether the request's cookies own the kernel (unknown and unowned kernels: no one)."""
        owner = self.kernel_owner(kernel_id)
        return owner is not None and kernel_id in self and owner in requester_keys(handler)

    def forget_owner(self, kernel_id: str) -> None:
        self._owners().pop(kernel_id, None)

    def hand_to_page(self, kernel_id: str, page: web.RequestHandler | None) -> None:
        """A preheated kernel was given to the page request ``page``: bind it to its owner."""
        headers = getattr(getattr(page, "request", None), "headers", {})
        self.bind_owner(kernel_id, owner_key(headers.get("X-Spelltower-Space"),
                                             headers.get("X-Spelltower-Teacher") == "1"))

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Voila's preheating manager is a subclass made of this manager at start-up; its
        ``get_rendered_notebook`` hands a preheated kernel to the page request being served.
        Tell :meth:`hand_to_page` as it does (the request's handler is jupyter_server's call
        context, set in its ``prepare``)."""
        super().__init_subclass__(**kwargs)
        hand_out = cls.__dict__.get("get_rendered_notebook")
        if hand_out is None:
            return

        async def get_rendered_notebook(self, *args: Any, **kw: Any):
            result = await hand_out(self, *args, **kw)
            self.hand_to_page(result[2], page_request())
            return result

        get_rendered_notebook.__doc__ = hand_out.__doc__
        cls.get_rendered_notebook = get_rendered_notebook


def page_request() -> web.RequestHandler | None:
    """The request being served, if any (jupyter_server's call context, set in its ``prepare``)."""
    from jupyter_server.base.call_context import CallContext
    return CallContext.get(CallContext.JUPYTER_HANDLER)


def _check_owner(handler: web.RequestHandler, kernel_id: str) -> None:
    manager = handler.kernel_manager
    may_use = getattr(manager, "may_use", None)
    if may_use is None or not may_use(kernel_id, handler):
        raise web.HTTPError(404, reason="No such kernel")


class OwnedKernelHandler(KernelHandler):
    """``GET``/``DELETE /api/kernels/<id>`` for the kernel's owner only; 404 for anyone else."""

    async def prepare(self) -> None:
        await super().prepare()
        if self.request.method != "OPTIONS":
            _check_owner(self, self.path_kwargs["kernel_id"])


def _owned_shutdown_handler():
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    class OwnedShutdownHandler(VoilaShutdownKernelHandler):
        """Voila's ``beforeunload`` shutdown, for the kernel's owner only."""

        async def prepare(self) -> None:
            await super().prepare()
            _check_owner(self, self.path_kwargs["kernel_id"])

    return OwnedShutdownHandler


def is_the_kernel(manager: Any, kernel_id: str, proof: str | None) -> bool:
    """Whether ``proof`` (:func:`widgets.classroom.query_proof`) shows the knowledge of the
    kernel's connection key, which only the server and the kernel process hold."""
    from widgets.classroom import query_proof

    try:
        key = manager.get_kernel(kernel_id).session.key
    except KeyError:
        return False
    return bool(key) and bool(proof) and hmac.compare_digest(proof.encode(), query_proof(key, kernel_id).encode())


def _kernel_query_handler():
    from voila.request_info_handler import RequestInfoSocketHandler

    from widgets.classroom import QUERY_PROOF_HEADER

    class KernelQueryHandler(RequestInfoSocketHandler):
        """Voila's ``/voila/query/<id>`` websocket, on which a preheated kernel learns the details
        of the request it was handed to (the student's space among them), for that kernel only.

        Stock Voila answers anyone who knows the id, and its single waiter per kernel lets a
        second connection take the details from the kernel, which then never learns its page."""

        async def get(self, *args: Any, **kwargs: Any) -> None:
            kernel_id = kwargs.get("kernel_id", args[0] if args else "")
            if not is_the_kernel(self.settings["kernel_manager"], kernel_id,
                                 self.request.headers.get(QUERY_PROOF_HEADER)):
                self.set_status(404)
                self.set_header("Content-Type", "text/plain; charset=utf-8")
                self.finish("404: No such kernel.\n")
                return
            await super().get(*args, **kwargs)

        def open(self, kernel_id: str) -> None:
            super().open(kernel_id)
            RequestInfoSocketHandler._cache.pop(kernel_id, None)   # delivered, if it was waiting

    return KernelQueryHandler


def install(app: web.Application, base_url: str = "/", query: bool = True) -> None:
    """Route the kernel-id URLs of Voila's REST API to the owner-checking handlers, and (if
    ``query``: Voila preheats kernels) its request-details websocket to the kernel-only one, ahead
    of Voila's own routes (tornado tries an earlier host rule first and falls through to the next
    one for a path it has no route for). The kernel websocket checks in its connection class."""
    base = base_url.rstrip("/")
    routes = [
        (rf"{base}/api/kernels/{_KERNEL_ID}", OwnedKernelHandler),
        (rf"{base}/voila/api/shutdown/{_KERNEL_ID}", _owned_shutdown_handler()),
    ]
    if query:
        routes.append((rf"{base}/voila/query/{_KERNEL_ID}", _kernel_query_handler()))
    app.add_handlers(".*$", routes)
