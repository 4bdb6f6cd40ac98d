"""Serving the room's network: where students on this machine's network find the gallery.

``scripts/serve`` listens on loopback unless the teacher asks for the room
(``SPELLTOWER_HOST=0.0.0.0`` or ``--lan``). Then the students need an address they can type or
scan, and the server needs to know which host names it may answer to: this module finds the
machine's non-loopback IPv4 addresses (from its interfaces, without sending anything on the
network), builds the students' addresses from them, renders a QR code of an address for the
terminal and for the class page, and is what the scripts run to print all of it:

    python -m widgets.lan announce --host 0.0.0.0 --port 8866    # lines and a QR code for the terminal
    python -m widgets.lan hosts --host 0.0.0.0                   # SPELLTOWER_ALLOWED_HOSTS's value
    python -m widgets.lan urls --host 0.0.0.0 --port 8866        # the students' addresses, one a line
    python -m widgets.lan room --host 0.0.0.0                    # 'room', or 'loopback' for this machine only

The students' address is the gallery's; the teacher link's secret is never part of it.
Only the standard library, psutil and segno are imported (the Voila server's shell runs it).
"""
from __future__ import annotations

import argparse
import io
import ipaddress
import socket
import sys
from pathlib import Path
from typing import Sequence

GALLERY_PATH = "/voila/render/index.ipynb"
ALL_INTERFACES = frozenset({"0.0.0.0", "::", ""})     # a bind address meaning every interface
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
ROUTES = Path("/proc/net/route")                       # Linux: which interface has the default route
URLS_ENV = "SPELLTOWER_STUDENT_URLS"                   # what scripts/serve hands the class page, space-separated


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` keeps the server on this machine (a loopback name or address)."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _default_route_interfaces() -> list[str]:
    """Interfaces holding a default route (read from the kernel's table; empty off Linux)."""
    try:
        lines = ROUTES.read_text().splitlines()[1:]
    except OSError:
        return []
    return [fields[0] for fields in (line.split() for line in lines) if len(fields) > 1 and fields[1] == "00000000"]


def room_addresses(host: str = "0.0.0.0") -> list[str]:
    """The IPv4 addresses students reach a server bound to ``host`` at: ``host`` itself for one
    address, or every non-loopback IPv4 address of an interface that is up for all interfaces,
    the default route's interface first. Empty for a loopback ``host``."""
    if is_loopback(host):
        return []
    if host not in ALL_INTERFACES:
        return [host]
    import psutil

    stats = psutil.net_if_stats()
    first = _default_route_interfaces()
    found: list[tuple[int, str]] = []
    for name, addrs in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        for addr in addrs:
            if addr.family == socket.AF_INET and not ipaddress.ip_address(addr.address).is_loopback:
                found.append((0 if name in first else 1, addr.address))
    return list(dict.fromkeys(address for _rank, address in sorted(found, key=lambda f: f[0])))


def student_urls(addresses: Sequence[str], port: int, path: str = GALLERY_PATH, scheme: str = "http") -> list[str]:
    """The students' address on each of ``addresses``."""
    return [f"{scheme}://{address}:{port}{path}" for address in addresses]


def allowed_hosts(addresses: Sequence[str], also: str = "") -> str:
    """``SPELLTOWER_ALLOWED_HOSTS``'s value: the names a teacher already listed in ``also``
    (comma-separated), ``addresses`` and this machine's host name, each once."""
    names = [n.strip() for n in also.split(",") if n.strip()] + list(addresses) + [socket.gethostname()]
    return ",".join(dict.fromkeys(names))


def terminal_qr(url: str) -> str:
    """A QR code of ``url`` drawn with block characters, two modules a line, for a terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def svg_qr(url: str) -> str:
    """A QR code of ``url`` as inline SVG that scales to the box it is put in (a viewBox, no
    size), dark on white whatever the page's colours, so the class page can draw it as large as
    a projector needs."""
    import segno

    return segno.make(url, error="m").svg_inline(omitsize=True, light="#fff", title=url)


def _announce(urls: Sequence[str], prefix: str) -> str:
    if not urls:
        return (f"{prefix}serving the room, but this machine has no network address other than loopback: "
                "connect it to the room's network and start again\n")
    lines = [f"{prefix}students join at {url}" for url in urls]
    lines.append(f"{prefix}scan to join ({urls[0]}):")
    return "\n".join(lines) + "\n" + terminal_qr(urls[0])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgets.lan", description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["announce", "hosts", "urls", "room"])
    parser.add_argument("--host", default="0.0.0.0", help="the address the server binds")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--path", default=GALLERY_PATH, help="the page students open first")
    parser.add_argument("--scheme", default="http", choices=["http", "https"])
    parser.add_argument("--also", default="", help="host names to allow besides the addresses (comma-separated)")
    parser.add_argument("--prefix", default="", help="put before each printed line")
    args = parser.parse_args(argv)
    if args.what == "room":
        sys.stdout.write("loopback\n" if is_loopback(args.host) else "room\n")
        return 0
    addresses = room_addresses(args.host)
    urls = student_urls(addresses, args.port, args.path, args.scheme)
    if args.what == "hosts":
        sys.stdout.write(allowed_hosts(addresses, args.also) + "\n")
    elif args.what == "urls":
        sys.stdout.write("".join(url + "\n" for url in urls))
    else:
        sys.stdout.write(_announce(urls, args.prefix))
    return 0


if __name__ == "__main__":
    sys.exit(main())
