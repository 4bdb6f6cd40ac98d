"""Kernel websocket connections for serving the boards to a classroom.

Two problems of stock Voila (0.5) are fixed here, in classes that Voila and jupyter_server load
through configuration (``Voila.kernel_websocket_connection_class`` and
``ServerApp.kernel_websocket_connection_class``, set in ``jupyter_config/``), not by patching:

* **Nagle's algorithm on the kernel websocket.** Tornado sets ``TCP_NODELAY`` while it writes an
  HTTP response and clears it when the response finishes; the websocket upgrade is such a
  response, so the kernel websocket runs with Nagle on and jupyter_server never turns it back
  on. A click then waits for the browser's delayed ACK (~40 ms on Linux) before the kernel's
  reply leaves the server. :class:`NoDelayKernelConnection` sets ``TCP_NODELAY`` on the stream's
  socket once the websocket is open.
* **Closed pages keep their kernels.** Voila's page asks the server to shut its kernel down on
  ``beforeunload``, but that request carries no ``_xsrf`` and is refused, so every closed tab
  leaves a kernel running until the culler finds it. Rather than open an xsrf hole,
  :class:`ClassroomKernelConnection` shuts a kernel down when its last websocket has been closed
  for ``shutdown_delay`` seconds (the delay lets a page ride out a network blip and reconnect).
  A page that never connects at all loses its kernel by the kernel manager's own, longer delay
  (:mod:`widgets.page_claims`).
  It also turns jupyter_server's IOPub rate limit off (``limit_rate``): that limit guards a
  notebook's browser against a runaway ``print`` loop, but a Voila page runs no code a student
  types, and weighing every widget message against it was about a tenth of the server's busy
  time in a py-spy profile of one student clicking (issue #13.3).
  Only standalone Voila uses it: in JupyterLab (and on Binder, which serves Lab too) a closed
  notebook tab must keep its kernel, so those servers use :class:`NoDelayKernelConnection`.
* **Voila's own shutdown request is refused.** Its ``beforeunload`` beacon copies the
  ``_xsrf`` cookie into the form, but standalone Voila never sets that cookie (only Jupyter's
  template pages do), so the beacon fails the xsrf check with a 403. The check is right; the
  cookie is missing. :class:`XsrfCookieIdentityProvider` (``Voila.identity_provider_class``)
  sets it when a Voila page is served, as every Jupyter page does, so a page that is left
  normally frees its kernel at once; the websocket rule above covers crashed or killed tabs.
* **Every student shares one save folder; nobody can be a teacher from the page.**
  :class:`ClassroomIdentityProvider` (``Voila.identity_provider_class``) gives each browser a
  random id in a signed cookie (``spelltower_student``) the first time it opens a page, and
  checks the teacher link's ``?teacher=<token>`` (a right one sets a teacher cookie for that
  browser, bound to the token, a wrong one clears it; either way the page is reloaded without it;
  a guessable chosen token stops the server, and a client with too many wrong ones gets 429). It tells the kernel the result, never the
  cookie or the token, in two request headers it always overwrites (``X-Spelltower-Space``,
  ``X-Spelltower-Teacher``), which Voila passes to the kernel as environment variables
  (``VoilaConfiguration.http_header_envs``, preheated kernels included); see
  :mod:`widgets.classroom` for the kernel's side. ``ClassroomKernelConnection.allowed_message_types``
  (``jupyter_config/voila.json``, :mod:`widgets.kernel_guard`) limits what a page may send its kernel
  to widget messages, so a page cannot run code in its kernel to read another student's folder.
* **A page can hang on a lost shell reply.** Voila's executor (nbclient) waits for each cell's
  ``execute_reply`` with no time limit. Under heavy CPU load (2 cores, load 12+) about one guide
  page in twenty stayed on "Executing 2 of 3" for good: the kernel had run the cell and said
  ``idle`` on iopub, and the executor sat in ``shell_channel.get_msg(timeout=None)`` for a reply
  that never woke it. :class:`WatchfulKernelClient` (``ServerKernelManager.client_class``, the
  client Voila's executor gets from ``km.client()``) waits for shell messages in slices of
  ``poll_seconds``, so a reply libzmq holds without having woken the loop is picked up at the next
  slice (logged as a lost wake-up), and answers for a reply still missing ``reply_grace`` seconds
  after the kernel went idle on that request with a stand-in reply built from what iopub showed
  (``error`` if the cell raised), logged as a warning: the page finishes instead of hanging.
* **MathJax from a CDN under a Jupyter server.** Voila as a server extension (Binder) tells its
  page to fetch MathJax 2 from cdnjs; :func:`offline_mathjax_page_config`
  (``VoilaConfiguration.page_config_hook``) clears that, so the page typesets with the MathJax 3
  bundled in Voila's own JavaScript, as standalone Voila already does.

This module is imported by the server process: keep ipywidgets (and the boards) out of it.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
import secrets
import socket
import time
from pathlib import Path
from queue import Empty

from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.channels import AsyncZMQSocketChannel
from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
import zmq
from traitlets import Bool, Float, Int, Type, Unicode

from widgets.host_guard import HostAllowlist
from widgets import kernel_owner
from widgets.kernel_guard import GuardedKernelConnection


class NoDelayKernelConnection(ZMQChannelsWebsocketConnection):
    """The stock kernel websocket connection, with ``TCP_NODELAY`` set once the socket is open."""

    def connect(self):
        """Turn Nagle off, then connect as usual (``connect`` runs inside the handler's ``open``)."""
        self._set_nodelay()
        return super().connect()

    def _set_nodelay(self) -> None:
        handler = self.websocket_handler
        try:
            # After the upgrade response has finished, so tornado will not clear it again.
            handler.set_nodelay(True)
        except (AssertionError, AttributeError, OSError) as err:  # closed before open finished
            self.log.debug("could not set TCP_NODELAY on kernel %s websocket: %s", self.kernel_id, err)
            return
        stream = getattr(getattr(handler, "ws_connection", None), "stream", None)
        sock = getattr(stream, "socket", None)
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            self.log.debug("TCP_NODELAY=%s on kernel %s websocket", sock.getsockopt(
                socket.IPPROTO_TCP, socket.TCP_NODELAY), self.kernel_id)


class ClassroomKernelConnection(GuardedKernelConnection, NoDelayKernelConnection):
    """No-delay connection that also frees a kernel once no page is connected to it, without
    the IOPub rate limit (see the module docstring), and reads the websocket's frames within
    their bounds (:mod:`widgets.kernel_guard`)."""

    limit_rate = Bool(False, config=True,
                      help="Whether to limit the rate of IOPub messages (off: a Voila page runs no student code).")

    shutdown_delay = Float(
        10.0,
        config=True,
        help="Seconds a kernel may stay without any websocket before it is shut down; a page "
        "that reconnects within this time keeps its kernel. Negative disables the shutdown.",
    )

    # kernel id -> pending timer; one per kernel, shared by all its connections.
    _pending: dict[str, asyncio.TimerHandle] = {}

    def connect(self):
        """Cancel a pending shutdown: the page (or a new one) came back, or connected for the first
        time (the kernel manager's watch of a kernel no page has claimed, widgets.page_claims)."""
        handle = self._pending.pop(self.kernel_id, None)
        if handle is not None:
            handle.cancel()
        claims = getattr(self.multi_kernel_manager, "page_claims", None)
        if claims is not None:
            claims.claimed(self.kernel_id)
        return super().connect()

    def disconnect(self):
        """Disconnect as usual; if that was the kernel's last websocket, schedule its shutdown."""
        kernel_id = self.kernel_id
        manager = self.multi_kernel_manager
        result = super().disconnect()
        if self.shutdown_delay >= 0 and kernel_id in manager and self._connections(manager, kernel_id) == 0:
            old = self._pending.pop(kernel_id, None)
            if old is not None:
                old.cancel()
            loop = asyncio.get_running_loop()
            self._pending[kernel_id] = loop.call_later(
                self.shutdown_delay,
                lambda: asyncio.ensure_future(self._shutdown_if_unused(manager, kernel_id)),
            )
        return result

    @staticmethod
    def _connections(manager, kernel_id: str) -> int:
        try:
            return int(manager.kernel_model(kernel_id).get("connections", 0))
        except KeyError:  # the kernel is already gone
            return 0

    async def _shutdown_if_unused(self, manager, kernel_id: str) -> None:
        self._pending.pop(kernel_id, None)
        if kernel_id not in manager or self._connections(manager, kernel_id) > 0:
            return
        self.log.info("Shutting down kernel %s: its page has been closed", kernel_id)
        try:
            await ensure_async(manager.shutdown_kernel(kernel_id))
        except KeyError:  # shut down meanwhile (culler, or Voila's own request)
            pass
        except Exception:  # never let a failed shutdown take the server's loop down
            self.log.exception("Shutting down kernel %s failed", kernel_id)


class _Requests:
    """What one client knows about its own execute requests: sent, gone idle, errors seen."""

    def __init__(self) -> None:
        self.waiting: set[str] = set()         # execute requests with no reply yet
        self.idle_at: dict[str, float] = {}    # ... of which the kernel said idle (monotonic time)
        self.errors: dict[str, dict] = {}      # ... and the error iopub showed for them


class _WatchedIOPubChannel(AsyncZMQSocketChannel):
    """The iopub channel, noting when a request of ours has gone idle or raised."""

    requests: _Requests | None = None

    async def get_msg(self, timeout: float | None = None) -> dict:
        msg = await super().get_msg(timeout)
        requests = self.requests
        parent = (msg.get("parent_header") or {}).get("msg_id")
        if requests is not None and parent in requests.waiting:
            kind, content = msg["header"].get("msg_type"), msg.get("content") or {}
            if kind == "status" and content.get("execution_state") == "idle":
                requests.idle_at.setdefault(parent, time.monotonic())
            elif kind == "error":
                requests.errors[parent] = {k: content.get(k) for k in ("ename", "evalue", "traceback")}
        return msg


class _WatchedShellChannel(AsyncZMQSocketChannel):
    """The shell channel; an unbounded wait is a loop of bounded ones (see WatchfulKernelClient)."""

    requests: _Requests | None = None
    client: WatchfulKernelClient | None = None

    async def get_msg(self, timeout: float | None = None) -> dict:
        client, requests = self.client, self.requests
        if timeout is not None or client is None or requests is None:
            return self._note(await super().get_msg(timeout))
        while True:
            try:
                return self._note(await super().get_msg(client.poll_seconds))
            except Empty:
                pass
            if self.socket is not None and not self.socket.closed and self.socket.get(zmq.EVENTS) & zmq.POLLIN:
                client.log.warning("Kernel %s: a shell reply was waiting without waking the loop; read it now",
                                   getattr(client.parent, "kernel_id", "?"))
            stand_in = self._overdue(client, requests)
            if stand_in is not None:
                return stand_in

    def _note(self, msg: dict) -> dict:
        if self.requests is not None:
            parent = (msg.get("parent_header") or {}).get("msg_id")
            self.requests.waiting.discard(parent)
            self.requests.idle_at.pop(parent, None)
            self.requests.errors.pop(parent, None)
        return msg

    def _overdue(self, client: WatchfulKernelClient, requests: _Requests) -> dict | None:
        now = time.monotonic()
        for msg_id, idle in list(requests.idle_at.items()):
            if now - idle < client.reply_grace:
                continue
            error = requests.errors.pop(msg_id, None)
            requests.idle_at.pop(msg_id, None)
            requests.waiting.discard(msg_id)
            client.log.warning("Kernel %s: no execute_reply to %s %.0f s after the kernel went idle on it; "
                               "carrying on with a stand-in reply (%s)", getattr(client.parent, "kernel_id", "?"),
                               msg_id, now - idle, "error" if error else "ok")
            content = {"status": "error", **error} if error else {"status": "ok"}
            reply = self.session.msg("execute_reply", content={"execution_count": None, **content})
            reply["parent_header"] = {"msg_id": msg_id, "msg_type": "execute_request"}
            reply["metadata"] = {"spelltower_stand_in": True}
            return reply
        return None


class WatchfulKernelClient(AsyncKernelClient):
    """The kernel client Voila's executor uses, which cannot wait for ever on a lost reply.

    nbclient waits for a cell's ``execute_reply`` with ``get_msg(timeout=None)``. Here that wait is
    a loop of ``poll_seconds`` polls (each starts by asking libzmq whether a message is already
    there, so one that arrived without waking the event loop is read at the next slice), and once
    the kernel has said ``idle`` on iopub for the request, a reply still missing after
    ``reply_grace`` seconds is replaced by a stand-in: the cell's outputs have all arrived by then
    (iopub's idle comes after them), so the page can go on. Waits with a timeout are unchanged.
    """

    poll_seconds = Float(5.0, config=True, help="Seconds of each slice of an unbounded wait for a shell reply.")
    reply_grace = Float(
        60.0, config=True,
        help="Seconds to wait for an execute_reply after the kernel went idle on that request, before "
        "carrying on with a stand-in reply. The reply normally comes before the idle status.")
    shell_channel_class = Type(_WatchedShellChannel)
    iopub_channel_class = Type(_WatchedIOPubChannel)

    @property
    def _requests(self) -> _Requests:
        requests = self.__dict__.get("_spelltower_requests")
        if requests is None:
            requests = self.__dict__["_spelltower_requests"] = _Requests()
        return requests

    @property
    def shell_channel(self):
        channel = AsyncKernelClient.shell_channel.fget(self)
        if isinstance(channel, _WatchedShellChannel) and channel.client is None:
            channel.client, channel.requests = self, self._requests
        return channel

    @property
    def iopub_channel(self):
        channel = AsyncKernelClient.iopub_channel.fget(self)
        if isinstance(channel, _WatchedIOPubChannel) and channel.requests is None:
            channel.requests = self._requests
        return channel

    def execute(self, *args, **kwargs):
        result = super().execute(*args, **kwargs)
        if isinstance(result, str):            # the request's msg_id (reply=True returns a coroutine)
            self._requests.waiting.add(result)
        return result


class XsrfCookieIdentityProvider(PasswordIdentityProvider):
    """Voila's identity provider, plus the ``_xsrf`` cookie on every Voila page it authenticates.

    Reading ``handler.xsrf_token`` is how Jupyter's own pages set the cookie (tornado sets it
    when the request has none); the token still has to come back with each POST, so other sites
    gain nothing.
    """

    def get_user(self, handler):
        user = super().get_user(handler)
        if user is not None and handler.request.method == "GET" and _is_voila_page(handler):
            handler.current_user = user  # what prepare() sets next; tornado's xsrf_token reads it
            handler.xsrf_token  # noqa: B018  (sets the cookie as a side effect)
        return user


#: The cookie holding a student's id, and the headers by which the server tells the kernel.
STUDENT_COOKIE = "spelltower_student"
SPACE_HEADER = "X-Spelltower-Space"
TEACHER_HEADER = "X-Spelltower-Teacher"
TEACHER_ARGUMENT = "teacher"
TEACHER_COOKIE = "spelltower_teacher"   # set by the teacher link: an HMAC of the student id and the token
TEACHER_TOKEN_ENV = "SPELLTOWER_TEACHER_TOKEN"
STUDENT_COOKIE_DAYS = 365


class ClassroomIdentityProvider(XsrfCookieIdentityProvider):
    """One private save space per browser, and teacher mode for pages opened with the token.

    The student cookie is ``<id>.<signature>``: ``id`` is 24 random bytes (unguessable), the
    signature an HMAC of it under a key kept on the server (``secret_file``), so an edited or
    made-up cookie fails the check and gets a *new* id (a fresh, empty space), never someone
    else's. The space is another HMAC of the id, so the kernel, the page and the folder name
    never carry the cookie itself. The key is kept in a file so that ids survive a restart.
    """

    secret_file = Unicode(
        "", config=True,
        help="File holding the key that signs student cookies (created if missing, mode 600). "
        "Default: .classroom-secret in the saves folder ($SPELLTOWER_SAVES or ~/.spelltower/saves).",
    )
    teacher_token = Unicode(
        "", config=True,
        help="The secret of the teacher link (?teacher=<token>). Empty: read teacher_token_file, "
        "else $SPELLTOWER_TEACHER_TOKEN (removed from the server's environment). "
        "Empty everywhere: no page offers teacher mode.",
    )
    teacher_token_file = Unicode(
        "", config=True,
        help="A file holding the teacher token (scripts/serve writes one, mode 600, so the token "
        "is in no environment a kernel could inherit, preheated kernels included).",
    )
    teacher_tries = Int(
        5, config=True,
        help="Wrong teacher tokens one client (IP address) may try within teacher_tries_seconds; "
        "after that its teacher links, right or wrong, get 429 until the oldest try is that old.",
    )
    teacher_tries_seconds = Float(60.0, config=True, help="The window of teacher_tries, in seconds.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        from_env = os.environ.pop(TEACHER_TOKEN_ENV, "")
        if not self.teacher_token and self.teacher_token_file:
            self.teacher_token = Path(self.teacher_token_file).read_text().strip()
        if not self.teacher_token:
            self.teacher_token = from_env
        self._refuse_a_weak_token()
        self._wrong_tries: dict[str, list[float]] = {}     # client -> times of its recent wrong tokens
        self._key = _load_key(Path(self.secret_file) if self.secret_file else _default_secret_file())

    def _refuse_a_weak_token(self) -> None:
        """Stop the server, saying why, if the teacher token is guessable (:mod:`widgets.teacher_token`)."""
        from widgets.teacher_token import weakness

        problem = weakness(self.teacher_token) if self.teacher_token else None
        if problem is not None:
            self.log.critical(problem.render(_server_language()))
            raise SystemExit(2)

    @property
    def logout_available(self) -> bool:
        """No ``/logout``: a classroom has no login to end (a student's cookie is their save
        space), and jupyter_server's logout page cannot render under Voila (it answered 500
        with a traceback). The path now answers 404 like any other unknown one."""
        return False

    # ----- the cookie ---------------------------------------------------------------------
    def _sign(self, purpose: str, student_id: str) -> str:
        return hmac.new(self._key, f"{purpose}:{student_id}".encode(), hashlib.sha256).hexdigest()[:32]

    def student_id(self, cookie: str | None) -> str | None:
        """The id in a well-signed cookie value, else None."""
        if not cookie or cookie.count(".") != 1:
            return None
        student_id, signature = cookie.split(".")
        if not student_id or not hmac.compare_digest(signature, self._sign("cookie", student_id)):
            return None
        return student_id

    def space(self, student_id: str) -> str:
        """The student's space: 32 hex digits, the name of their folder."""
        return self._sign("space", student_id)

    def get_user(self, handler):
        user = super().get_user(handler)
        self._tell_kernel(handler)
        return user

    def get_handlers(self) -> list:
        """Voila asks for these once its tornado application exists and before it adds its own
        routes: the moment to put the Host allowlist (widgets.host_guard) and the kernel owner checks
        (widgets.kernel_owner) in front of them."""
        app = getattr(self.parent, "app", None)
        if app is not None and hasattr(app, "add_handlers"):
            HostAllowlist(parent=self.parent).install(app)
            preheat = getattr(getattr(self.parent, "voila_configuration", None), "preheat_kernel", True)
            kernel_owner.install(app, getattr(self.parent, "server_url", None) or "/", query=bool(preheat))
            kernel_owner.redact_kernel_ids(self.parent.log)
        return super().get_handlers()

    def owner_keys(self, handler) -> set[str]:
        """The kernel owner keys the request's cookies prove (widgets.kernel_owner): the student's
        space, and with a valid teacher cookie the space's teacher key too."""
        student_id = self.student_id(handler.get_cookie(STUDENT_COOKIE))
        if student_id is None:
            return set()
        space = self.space(student_id)
        keys = {space}
        if self._holds_teacher_cookie(handler, student_id):
            keys.add(kernel_owner.owner_key(space, teacher=True))
        return keys

    def _tell_kernel(self, handler) -> None:
        """Overwrite the two headers Voila passes to the kernel with the server's own answer."""
        if getattr(handler, "_finished", False):     # redirected already (get_user called twice)
            return
        headers = handler.request.headers
        for name in (SPACE_HEADER, TEACHER_HEADER):   # whatever the browser sent, it goes
            if name in headers:
                del headers[name]
        if not _is_voila_page(handler):
            return
        student_id = getattr(handler, "_spelltower_student", None)
        if student_id is None:
            student_id = self.student_id(handler.get_cookie(STUDENT_COOKIE))
            if student_id is None:
                student_id = secrets.token_urlsafe(24)
                handler.set_cookie(STUDENT_COOKIE, f"{student_id}.{self._sign('cookie', student_id)}",
                                   path=handler.base_url or "/", expires_days=STUDENT_COOKIE_DAYS,
                                   httponly=True, samesite="Lax")
            handler._spelltower_student = student_id
        headers[SPACE_HEADER] = self.space(student_id)
        token = handler.get_query_argument(TEACHER_ARGUMENT, None)
        if token is not None:
            self._teacher_login(handler, student_id, token)
            return
        if self._holds_teacher_cookie(handler, student_id):
            headers[TEACHER_HEADER] = "1"

    def _holds_teacher_cookie(self, handler, student_id: str) -> bool:
        """Whether the request carries this start's teacher cookie for this browser."""
        cookie = handler.get_cookie(TEACHER_COOKIE) or ""
        return bool(self.teacher_token) and hmac.compare_digest(cookie, self._teacher_mark(student_id))

    def _teacher_mark(self, student_id: str) -> str:
        """The teacher cookie's value for this browser: bound to its student id and to the token,
        so a server started with a new token (``scripts/serve`` makes one each start) lets no
        earlier teacher cookie in, while the key (and the students' spaces) survive the restart."""
        token = hashlib.sha256(self.teacher_token.encode()).hexdigest()
        return self._sign(f"teacher:{token}", student_id)

    def _teacher_login(self, handler, student_id: str, token: str) -> None:
        """``?teacher=<token>``: set (right token) or clear (any other) the teacher cookie, then
        redirect to the same page without the token, as Jupyter does with ``?token=``. The token
        must not stay in the URL: Voila hands each page's URL to the *next* preheated kernel's
        environment (``VOILA_REQUEST_URL``), which a student's page would then get."""
        wait = self._tries_wait(handler.request.remote_ip or "")
        if wait > 0:
            self._too_many_tries(handler, wait)
            return
        if self.is_teacher(token):
            handler.set_cookie(TEACHER_COOKIE, self._teacher_mark(student_id), path=handler.base_url or "/",
                               httponly=True, samesite="Strict")
        else:
            self._wrong_tries.setdefault(handler.request.remote_ip or "", []).append(time.monotonic())
            handler.clear_cookie(TEACHER_COOKIE, path=handler.base_url or "/")
        query = [(k, v) for k, values in handler.request.query_arguments.items() if k != TEACHER_ARGUMENT
                 for v in values]
        from urllib.parse import urlencode
        handler.redirect(handler.request.path + (f"?{urlencode([(k, v.decode()) for k, v in query])}" if query else ""))

    def _tries_wait(self, client: str) -> int:
        """Seconds until ``client`` may try a teacher token again (0: now). Forgets old tries."""
        now = time.monotonic()
        if len(self._wrong_tries) > 10_000:             # many clients: drop those with nothing recent
            self._wrong_tries = {c: t for c, t in self._wrong_tries.items()
                                 if t and now - t[-1] < self.teacher_tries_seconds}
        tries = [t for t in self._wrong_tries.get(client, []) if now - t < self.teacher_tries_seconds]
        if tries:
            self._wrong_tries[client] = tries
        else:
            self._wrong_tries.pop(client, None)
        if len(tries) < self.teacher_tries:
            return 0
        return max(1, int(self.teacher_tries_seconds - (now - tries[-self.teacher_tries]) + 0.999))

    def _too_many_tries(self, handler, wait: int) -> None:
        """429 with the wait, in the link's language (``?lang=``), else the server's."""
        from towerlib.core.i18n import LANGUAGES, tr

        import widgets.teacher_token  # noqa: F401  (registers the words)

        lang = handler.get_query_argument("lang", None)
        lang = lang if lang in LANGUAGES else _server_language()
        self.log.warning("Teacher link refused: too many wrong tokens from %s", handler.request.remote_ip)
        handler.set_status(429)
        handler.set_header("Retry-After", str(wait))
        handler.set_header("Content-Type", "text/plain; charset=utf-8")
        handler.finish(tr("serve.token.too_many", lang, seconds=wait))

    def is_teacher(self, token: str) -> bool:
        return bool(self.teacher_token) and hmac.compare_digest(token.encode(), self.teacher_token.encode())


def _server_language() -> str:
    """The language the server speaks to the teacher: ``SPELLTOWER_LANG`` if it is one we have."""
    from towerlib.core.i18n import LANGUAGES

    lang = os.environ.get("SPELLTOWER_LANG", "en")
    return lang if lang in LANGUAGES else "en"


def _default_secret_file() -> Path:
    base = os.environ.get("SPELLTOWER_SAVES") or "~/.spelltower/saves"
    return Path(base).expanduser() / ".classroom-secret"


def _load_key(path: Path) -> bytes:
    """The key in ``path``; a new random one is written there (mode 600) if it is missing."""
    try:
        return bytes.fromhex(path.read_text().strip())
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:   # another server made it meanwhile
        return bytes.fromhex(path.read_text().strip())
    with os.fdopen(fd, "w") as f:
        f.write(key.hex())
    return key


def _is_voila_page(handler) -> bool:
    from voila.handler import BaseVoilaHandler  # lazily: Binder's server may never need it

    return isinstance(handler, BaseVoilaHandler)


def offline_mathjax_page_config(page_config: dict, **_context) -> dict:
    """Voila page-config hook: no MathJax URL, so the page uses its bundled MathJax 3.

    Voila's frontend loads MathJax 2 from ``fullMathjaxUrl`` when either MathJax option is set,
    and its bundled MathJax 3 extension when both are null.
    """
    page_config["fullMathjaxUrl"] = None
    page_config["mathjaxConfig"] = None
    return page_config
