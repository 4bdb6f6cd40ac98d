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

A preheated kernel runs the notebook *before* anyone asks for the page, so at that time
nobody is known yet. Voila sends the request's details to the kernel when the page is
served; :func:`when_known` listens for them in a background thread (``voila.utils.
wait_for_request``) and then calls the boards back on the kernel's event loop, so a board can
be built before its student is known and learn who it is when the page opens.

Voila delivers those details to *one* listener per kernel (its ``/voila/query/<kernel>``
websocket keeps a single waiter; a second connection silently takes the message from the
first, whose ``wait_for_request`` then blocks the kernel for good). So in a preheated kernel
this module makes ``voila.utils.wait_for_request`` (and ``get_query_string``, which calls it)
wait for this module's one connection instead of opening another: a page may call both.

``SPELLTOWER_CLASSROOM=1`` (set by ``scripts/serve``, inherited by every kernel) says the kernel
serves a class. There, a page without a valid space gets *no* saves at all, never a shared
folder. Elsewhere (JupyterLab, Binder, plain Python) there is one user and one save folder.
"""
from __future__ import annotations

import asyncio
import os
import re
import threading
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
            _voila_wait_for_request()    # sets os.environ from the request, or returns on failure
        except Exception:                # no Voila, no server: the page stays unknown
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
_original_wait_for_request: Callable[..., None] | None = None


def _voila_wait_for_request() -> None:
    if _original_wait_for_request is not None:
        _original_wait_for_request()
    else:
        from voila.utils import wait_for_request
        wait_for_request()


def _shared_wait_for_request(url: str | None = None) -> None:
    """``voila.utils.wait_for_request`` for the rest of the kernel: wait for our connection."""
    if not _preheated():
        return
    _listener.start()
    _listener.done.wait()


_shared_wait_for_request._spelltower = True  # type: ignore[attr-defined]


def _share_voilas_listener() -> None:
    global _original_wait_for_request
    try:
        import voila.utils as voila_utils
    except ImportError:
        return
    if getattr(voila_utils.wait_for_request, "_spelltower", False):
        return
    _original_wait_for_request = voila_utils.wait_for_request
    voila_utils.wait_for_request = _shared_wait_for_request


if _preheated():
    _share_voilas_listener()
