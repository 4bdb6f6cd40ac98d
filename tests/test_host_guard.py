"""The Host allowlist's names (widgets/host_guard.py); tests/browser/test_server_guard.py sends
foreign and own Host headers to a real server."""
from __future__ import annotations

import pytest
from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
from tornado.routing import HostMatches
from traitlets.config import Config, LoggingConfigurable

from widgets.host_guard import ALLOWED_HOSTS_ENV, HostAllowlist, host_name


@pytest.mark.parametrize("given, expected", [
    ("LocalHost", "localhost"), ("127.0.0.1", "127.0.0.1"), ("::1", "[::1]"), ("[::1]", "[::1]"),
    ("fe80:0::1", "[fe80::1]"), (" 10.0.0.5 ", "10.0.0.5"), ("room.local:8866", "room.local"), ("Room.Local.", "room.local"),
    ("", ""), ("  ", ""),
])
def test_names_are_written_as_tornado_compares_them(given, expected):
    assert host_name(given) == expected


class _App(LoggingConfigurable):
    """Stands for the Voila application: HostAllowlist reads its listening address."""
    ip = "0.0.0.0"


def test_the_list_is_loopback_the_listening_address_the_trait_and_the_environment(monkeypatch):
    monkeypatch.setenv(ALLOWED_HOSTS_ENV, "Class-Room, 192.168.1.20,,fe80::1")
    allowlist = HostAllowlist(parent=_App(config=Config({"HostAllowlist": {"allowed_hosts": ["tower.example"]}})))
    assert allowlist.names() == {"localhost", "127.0.0.1", "[::1]", "0.0.0.0", "tower.example",
                                 "class-room", "192.168.1.20", "[fe80::1]"}


def test_without_settings_only_loopback_names(monkeypatch):
    monkeypatch.delenv(ALLOWED_HOSTS_ENV, raising=False)
    assert HostAllowlist().names() == {"localhost", "127.0.0.1", "[::1]"}


def test_the_route_catches_exactly_the_foreign_hosts(monkeypatch):
    """The host pattern install() gives tornado, tried against requests' Host headers."""
    monkeypatch.setenv(ALLOWED_HOSTS_ENV, "class-room")
    added = []
    HostAllowlist().install(type("App", (), {"add_handlers": lambda self, p, h: added.append(p)})())
    foreign = HostMatches(added[0])

    def caught(host: str) -> bool:
        request = HTTPServerRequest(start_line=RequestStartLine("GET", "/", "HTTP/1.1"), headers=HTTPHeaders({"Host": host}))
        return foreign.match(request) is not None

    for host in ("localhost:8866", "127.0.0.1", "[::1]:8866", "Class-Room:80", "LOCALHOST"):
        assert not caught(host), host
    for host in ("evil.example:8873", "localhost.evil.example", "evil-localhost", "class-room.evil", "127.0.0.2",
                 "[::2]", "10.0.0.1"):
        assert caught(host), host
