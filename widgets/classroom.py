"""Who opened this page? The kernel side of serving one server to a class.

On the classroom server (``scripts/serve``) every browser is a student with its own save
space, and a page opened with the teacher link is in teacher mode. Neither is decided by
anything the page sends over the kernel websocket: the *server* decides both for each page
request (:class:`widgets.serving.ClassroomIdentityProvider`, from a signed cookie and the
teacher token) and hands the result to the kernel as two request headers that Voila passes
on as environment variables (``VoilaConfiguration.http_header_envs``):

``HTTP_X_SPELLTOWER_SPACE``
    the student's space, a name derived by the server from the student's cookie (the kernel
    never sees the cookie itself);
``HTTP_X_SPELLTOWER_TEACHER``
    ``"1"`` when the page was opened with the right teacher token.

Whatever the browser puts in those headers is replaced by the server, so they cannot be forged.
:func:`sees_answers` says whether a page may hold the answers (the teachers' guides).

A preheated kernel runs the notebook *before* anyone asks for the page, so at that time
nobody is known yet. Voila sends the request's details to the kernel when the page is
served, on its ``/voila/query/<kernel>`` websocket (which the classroom server answers only for
the kernel itself, proven by :func:`query_proof`); :func:`when_known` listens for them in a
background thread (Voila's protocol, as ``voila.utils.wait_for_request`` speaks it, but without
importing ``voila.utils``, which would load the whole Voila server into every student's kernel)
and then calls the boards back on the kernel's event loop, so a board can be built before its
student is known and learn who it is when the page opens.

Voila delivers those details to *one* listener per kernel (its query websocket keeps a single
waiter; a second connection silently takes the message from the first, whose
``wait_for_request`` then blocks the kernel for good). So in a preheated kernel this module
makes ``voila.utils.wait_for_request`` (and ``get_query_string``, which calls it) wait for this
module's one connection instead of opening another, should a page import them: they are patched
as ``voila.utils`` is imported.

``SPELLTOWER_CLASSROOM=1`` (set by ``scripts/serve``, inherited by every kernel) says the kernel
serves a class. There, a page without a valid space gets *no* saves at all, never a shared
folder. Elsewhere (JupyterLab, Binder, plain Python) there is one user and one save folder.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import importlib.abc
import json
import os
import re
import sys
import threading
import types
from typing import Callable

CLASSROOM_ENV = "SPELLTOWER_CLASSROOM"
SPACE_ENV = "HTTP_X_SPELLTOWER_SPACE"
TEACHER_ENV = "HTTP_X_SPELLTOWER_TEACHER"
#: A space name as the server makes it (hex of an HMAC); anything else is refused.
SPACE_PATTERN = re.compile(r"^[0-9a-f]{32}$")
#: How long a click waits for the page's request details before saves are refused (seconds);
#: they are sent before the page itself, so this is only reached when something is broken.
WAIT_SECONDS = 15.0


class Page:
    """What the server said about the page this kernel serves."""

    def __init__(self, classroom: bool, space: str | None, teacher: bool) -> None:
        self.classroom = classroom
        self.space = space
        self.teacher = teacher

    def __repr__(self) -> str:  # never the space itself: it names the student's folder
        return f"Page(classroom={self.classroom}, space={'set' if self.space else None}, teacher={self.teacher})"


def sees_answers(page: Page | None) -> bool:
    """Whether this page may hold the answers (the teachers' guides, answer keys): on a classroom
    server only a page the server marked as the teacher's; without one (JupyterLab, Binder, plain
    Python) the one user is taken to be the teacher, who has the notebooks' code anyway. None (a
    preheated kernel not yet told its page) sees nothing."""
    return page is not None and (page.teacher or not page.classroom)


def in_classroom() -> bool:
    return os.environ.get(CLASSROOM_ENV, "") == "1"


def _preheated() -> bool:
    return os.environ.get("VOILA_PREHEAT", "") == "True"


def _read_env() -> Page:
    space = os.environ.get(SPACE_ENV, "")
    return Page(in_classroom(), space if SPACE_PATTERN.match(space) else None,
                os.environ.get(TEACHER_ENV, "") == "1")


class _Listener:
    """Waits (once per kernel) for Voila's request details, then runs the callbacks."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self._lock = threading.Lock()
        self._started = False
        self._callbacks: list[tuple[asyncio.AbstractEventLoop | None, Callable[[Page], None]]] = []

    def start(self) -> None:
        with self._lock:
            if self._started:
                return
            self._started = True
        threading.Thread(target=self._run, name="spelltower-page-request", daemon=True).start()

    def _run(self) -> None:
        try:
            _fetch_request()             # sets os.environ from the request
        except Exception:                # no Voila, no server, a timeout: the page stays unknown
            pass
        finally:
            self.done.set()
            with self._lock:
                callbacks, self._callbacks = self._callbacks, []
            page = _read_env()
            for loop, callback in callbacks:
                if loop is not None and not loop.is_closed():
                    loop.call_soon_threadsafe(callback, page)

    def add(self, callback: Callable[[Page], None]) -> bool:
        """Register ``callback``; False if the details have already arrived (call it yourself)."""
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        with self._lock:
            if self.done.is_set():
                return False
            self._callbacks.append((loop, callback))
        return True


_listener = _Listener()


def current(wait: bool = True) -> Page | None:
    """The page's identity; None while a preheated kernel still waits for its page (with
    ``wait`` it waits up to :data:`WAIT_SECONDS` first)."""
    if not _preheated():
        return _read_env()
    _listener.start()
    if not _listener.done.is_set() and wait:
        _listener.done.wait(WAIT_SECONDS)
    return _read_env() if _listener.done.is_set() else None


def when_known(callback: Callable[[Page], None]) -> None:
    """Call ``callback(page)`` once the page's identity is known: now, or, in a preheated kernel,
    on the kernel's event loop when the page is requested."""
    if _preheated():
        _listener.start()
        if _listener.add(callback):
            return
    callback(_read_env())


# ----- one connection per kernel (see the module docstring) ----------------------------------------------
#: Seconds to connect to Voila's request websocket (Voila's own client waits 5).
CONNECT_SECONDS = 5.0


def _request_url() -> str:
    """Voila's ``/voila/query/<kernel id>`` websocket, from the variables Voila gives a preheated
    kernel (as ``voila.utils.wait_for_request`` builds it)."""
    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
            f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}")


#: The handshake header by which a kernel proves to the classroom server that it is the kernel
#: whose request details it asks for (:func:`widgets.kernel_owner.is_the_kernel`).
QUERY_PROOF_HEADER = "X-Spelltower-Kernel-Proof"


def query_proof(key: bytes, kernel_id: str) -> str:
    """An HMAC of the kernel's id under its connection key: the server and the kernel process hold
    that key (the kernel's connection file), a page never does."""
    return hmac.new(key, f"voila-query:{kernel_id}".encode(), hashlib.sha256).hexdigest()


def _connection_key() -> bytes:
    """This kernel's connection key (empty outside a running ipykernel)."""
    from ipykernel.kernelapp import IPKernelApp

    return IPKernelApp.instance().session.key if IPKernelApp.initialized() else b""


def _fetch_request() -> None:
    """Wait for the page's request details and put them in ``os.environ``: Voila's protocol
    (one JSON message of variables on the query websocket), spoken here with tornado, which the
    kernel has loaded anyway, with the kernel's proof that it is the kernel (the classroom server
    answers no one else). ``voila.utils`` itself is not imported: it loads the whole Voila
    server (jupyter_server, jupyterlab_server, jsonschema, ...), some 30 MB and seconds of CPU in
    every student's kernel."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    kernel_id = os.environ.get("VOILA_KERNEL_ID", "")
    request = HTTPRequest(_request_url(), connect_timeout=CONNECT_SECONDS,
                          headers={QUERY_PROOF_HEADER: query_proof(_connection_key(), kernel_id)})

    async def receive() -> str | None:
        connection = await websocket_connect(request)
        try:
            return await connection.read_message()
        finally:
            connection.close()

    loop = asyncio.new_event_loop()
    try:
        message = loop.run_until_complete(receive())
    finally:
        loop.close()
    if isinstance(message, str):
        for name, value in json.loads(message).items():
            os.environ[name] = value


def _shared_wait_for_request(url: str | None = None) -> None:
    """``voila.utils.wait_for_request`` for the rest of the kernel: wait for our connection."""
    if not _preheated():
        return
    _listener.start()
    _listener.done.wait()


_shared_wait_for_request._spelltower = True  # type: ignore[attr-defined]


def _patch_voila_utils(module: types.ModuleType) -> None:
    if not getattr(module.wait_for_request, "_spelltower", False):
        module.wait_for_request = _shared_wait_for_request


class _VoilaUtilsHook(importlib.abc.MetaPathFinder):
    """Patches ``voila.utils`` when (if ever) a page imports it, so that it is not imported here."""

    def find_spec(self, name, path, target=None):
        if name != "voila.utils":
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None and spec.loader is not None:
                spec.loader = _PatchingLoader(spec.loader)
                return spec
        return None


class _PatchingLoader(importlib.abc.Loader):
    def __init__(self, loader: importlib.abc.Loader) -> None:
        self._loader = loader

    def __getattr__(self, name: str):           # get_source, get_code, ...: the file's own loader
        return getattr(self._loader, name)

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        self._loader.exec_module(module)
        _patch_voila_utils(module)


def _share_voilas_listener() -> None:
    """Make ``voila.utils.wait_for_request`` (and ``get_query_string``) wait for our listener:
    now if a page has imported it already, else when one does."""
    module = sys.modules.get("voila.utils")
    if module is not None:
        _patch_voila_utils(module)
    elif not any(isinstance(finder, _VoilaUtilsHook) for finder in sys.meta_path):
        sys.meta_path.insert(0, _VoilaUtilsHook())


if _preheated():
    _share_voilas_listener()
