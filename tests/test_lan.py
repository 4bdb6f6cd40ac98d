"""Serving the room's network (widgets/lan.py): which addresses students are given, which host
names the server is told to answer to, and the class page's join box. Nothing here sends a
packet: addresses come from the interfaces (psutil, or a stand-in), never from a connection.
(The real ``scripts/serve`` bound to every interface: tests/browser/test_serve_room.py.)"""
from __future__ import annotations

import ipaddress
import socket
from collections import namedtuple

import psutil
import pytest

from widgets import lan
from widgets.record import join

Addr = namedtuple("Addr", "family address netmask broadcast ptp")
Stats = namedtuple("Stats", "isup")


@pytest.mark.parametrize("host, loopback", [
    ("127.0.0.1", True), ("127.0.1.1", True), ("localhost", True), ("LOCALHOST", True), ("::1", True),
    ("[::1]", True), ("0.0.0.0", False), ("::", False), ("", False), ("192.168.1.20", False), ("vm", False),
])
def test_loopback_is_told_from_the_room(host, loopback):
    assert lan.is_loopback(host) is loopback


def test_every_interface_gives_every_non_loopback_ipv4_address_of_the_machine():
    stats = psutil.net_if_stats()
    expected = {a.address for name, addrs in psutil.net_if_addrs().items() for a in addrs
                if a.family == socket.AF_INET and not a.address.startswith("127.") and stats[name].isup}
    found = lan.room_addresses("0.0.0.0")
    assert set(found) == expected and len(found) == len(expected)
    assert all(ipaddress.ip_address(a).version == 4 for a in found)
    assert lan.room_addresses("::") == found


def test_one_address_or_loopback_is_taken_as_it_is():
    assert lan.room_addresses("192.168.1.20") == ["192.168.1.20"]
    assert lan.room_addresses("127.0.0.1") == [] and lan.room_addresses("localhost") == []


def test_the_default_routes_interface_comes_first_and_down_or_loopback_ones_not_at_all(monkeypatch, tmp_path):
    """A laptop with a docker bridge, Wi-Fi (the default route), a cable unplugged and a VPN."""
    v4 = socket.AF_INET
    interfaces = {
        "lo": [Addr(v4, "127.0.0.1", None, None, None)],
        "docker0": [Addr(v4, "172.17.0.1", None, None, None)],
        "wlan0": [Addr(v4, "192.168.1.20", None, None, None), Addr(socket.AF_INET6, "fe80::1", None, None, None)],
        "eth0": [Addr(v4, "10.0.0.5", None, None, None)],
        "tun0": [Addr(v4, "10.8.0.2", None, None, None), Addr(v4, "172.17.0.1", None, None, None)],
    }
    stats = {"lo": Stats(True), "docker0": Stats(True), "wlan0": Stats(True), "eth0": Stats(False), "tun0": Stats(True)}
    monkeypatch.setattr(psutil, "net_if_addrs", lambda: interfaces)
    monkeypatch.setattr(psutil, "net_if_stats", lambda: stats)
    routes = tmp_path / "route"
    routes.write_text("Iface\tDestination\tGateway\tFlags\n"
                      "docker0\t000011AC\t00000000\t0001\n"
                      "wlan0\t00000000\t0101A8C0\t0003\n"
                      "wlan0\t0001A8C0\t00000000\t0001\n")
    monkeypatch.setattr(lan, "ROUTES", routes)
    assert lan.room_addresses("0.0.0.0") == ["192.168.1.20", "172.17.0.1", "10.8.0.2"]
    monkeypatch.setattr(lan, "ROUTES", tmp_path / "missing")      # not Linux: every address, none first
    assert sorted(lan.room_addresses("0.0.0.0")) == ["10.8.0.2", "172.17.0.1", "192.168.1.20"]


def test_the_students_address_is_the_gallerys_on_each_address():
    assert lan.student_urls(["192.168.1.20", "10.8.0.2"], 9000) == [
        "http://192.168.1.20:9000/voila/render/index.ipynb", "http://10.8.0.2:9000/voila/render/index.ipynb"]
    assert lan.student_urls(["192.168.1.20"], 8000, "/", "https") == ["https://192.168.1.20:8000/"]


def test_the_allowed_hosts_are_the_teachers_names_the_addresses_and_the_host_name():
    assert lan.allowed_hosts(["192.168.1.20"]) == f"192.168.1.20,{socket.gethostname()}"
    assert lan.allowed_hosts(["192.168.1.20"], " school.example ,,192.168.1.20") == \
        f"school.example,192.168.1.20,{socket.gethostname()}"


def test_the_command_line_prints_what_the_scripts_read(capsys):
    assert lan.main(["room", "--host", "127.0.0.1"]) == 0 and capsys.readouterr().out == "loopback\n"
    assert lan.main(["room", "--host", "0.0.0.0"]) == 0 and capsys.readouterr().out == "room\n"
    lan.main(["urls", "--host", "10.1.2.3", "--port", "9000"])
    assert capsys.readouterr().out == "http://10.1.2.3:9000/voila/render/index.ipynb\n"
    lan.main(["announce", "--host", "10.1.2.3", "--port", "9000", "--prefix", "serve: "])
    out = capsys.readouterr().out
    assert out.startswith("serve: students join at http://10.1.2.3:9000/voila/render/index.ipynb\n")
    assert out.endswith(lan.terminal_qr("http://10.1.2.3:9000/voila/render/index.ipynb"))
    lan.main(["urls", "--host", "localhost"])
    assert capsys.readouterr().out == ""


def test_a_qr_code_is_of_its_address_only():
    url, other = "http://10.1.2.3:8866/voila/render/index.ipynb", "http://10.1.2.3:8866/voila/render/teacher.ipynb"
    assert lan.terminal_qr(url) != lan.terminal_qr(other) and lan.svg_qr(url) != lan.svg_qr(other)
    svg = lan.svg_qr(url)
    assert svg.startswith("<svg viewBox=") and "width=" not in svg.split(">")[0]     # scales to its box
    assert set("".join(lan.terminal_qr(url).split())) <= {"█", "▀", "▄"}


def test_the_join_box_shows_each_address_with_its_qr_code():
    urls = ["http://192.168.1.20:8866/voila/render/index.ipynb", "http://10.8.0.2:8866/voila/render/index.ipynb"]
    box = join.join_html(urls, "en")
    assert "Students join at" in box
    for url in urls:
        assert f'<div class="st-join-url">{url}</div>' in box and lan.svg_qr(url) in box
    assert "Адрес для учеников" in join.join_html(urls, "ru")


@pytest.mark.parametrize("lang, words", [("en", "SPELLTOWER_HOST=0.0.0.0"), ("ru", "сеть этого кабинета")])
def test_without_the_room_the_join_box_says_how_to_open_it(lang, words):
    box = join.join_html([], lang)
    assert words in box and "<svg" not in box

