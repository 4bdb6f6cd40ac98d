"""The classroom server answers only to its own names: a Host-header allowlist.

Standalone Voila turns jupyter_server's Host check off (``allow_remote_access``) and its static
files are plain tornado handlers that never had one. So a web page on any site, opened on the
server's machine (or a student's, once the server serves the room), could rebind its own name to
the server's address (DNS rebinding) and use the server as an anonymous student: pages render,
kernels start, websockets open. A browser always sends the name it looked up in ``Host``, so
refusing every request whose ``Host`` is not one of the server's names stops that.

:class:`HostAllowlist` puts one route in front of all of Voila's, for every host name not on the
list: a short plain-text 403 for pages, static files, the API and websocket handshakes alike.
The list is the loopback names, the address the server listens on (``Voila.ip``: a kernel's query
websocket uses it), :attr:`HostAllowlist.allowed_hosts` and ``$SPELLTOWER_ALLOWED_HOSTS``
(comma-separated names or addresses: ``scripts/serve`` sets it when it serves the room's
network). Ports are not compared. :class:`widgets.serving.ClassroomIdentityProvider` installs it,
as Voila builds its routes.

This module is imported by the server process: keep ipywidgets (and the boards) out of it.
"""
from __future__ import annotations

import ipaddress
import os
import re

from tornado import web
from traitlets import List, Unicode
from traitlets.config import LoggingConfigurable

#: Names the server always answers to (any port).
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")
#: Comma-separated host names or IP addresses the server also answers to.
ALLOWED_HOSTS_ENV = "SPELLTOWER_ALLOWED_HOSTS"
#: What a request with a foreign Host gets (it names nothing of the server).
FOREIGN_HOST_MESSAGE = "403 Forbidden: this server does not answer to that host name.\n"


def host_name(name: str) -> str:
    """``name`` as tornado compares it with a request's Host: lower case, no port, an IPv6
    address in brackets. Empty for an empty name."""
    name = name.strip().lower().rstrip(".")
    if not name:
        return ""
    bare = name[1:-1] if name.startswith("[") and name.endswith("]") else name
    try:
        address = ipaddress.ip_address(bare)
    except ValueError:
        return re.sub(r":\d+$", "", name)    # a name, perhaps with a port
    return f"[{address.compressed}]" if address.version == 6 else address.compressed


class ForeignHostHandler(web.RequestHandler):
    """Every request whose Host is not on the list: 403 and a short plain message."""

    def prepare(self) -> None:
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(FOREIGN_HOST_MESSAGE)

    def check_xsrf_cookie(self) -> None:      # a POST gets the same answer, not tornado's HTML page
        pass


class HostAllowlist(LoggingConfigurable):
    """The host names the classroom server answers to (see the module docstring)."""

    allowed_hosts = List(
        Unicode(), config=True,
        help="Host names or IP addresses the server answers to besides the loopback ones, the address it "
        f"listens on and ${ALLOWED_HOSTS_ENV} (comma-separated). Requests with any other Host get 403.")

    def names(self) -> set[str]:
        """Every allowed name, as :func:`host_name` writes it."""
        listen = getattr(self.parent, "ip", "") or ""
        given = [*LOOPBACK_HOSTS, listen, *self.allowed_hosts, *os.environ.get(ALLOWED_HOSTS_ENV, "").split(",")]
        return {name for name in map(host_name, given) if name}

    def install(self, app: web.Application) -> None:
        """Route every request for a foreign host to :class:`ForeignHostHandler`. Call before the
        server's own routes are added: tornado tries host rules in the order they were added."""
        names = sorted(self.names())
        pattern = r"(?!(?:%s)$).*$" % "|".join(map(re.escape, names))
        app.add_handlers(pattern, [(r".*", ForeignHostHandler)])
        self.log.info("Answering only to the host names %s", ", ".join(names))
