"""The teacher token: a guessable chosen one is refused, and wrong ones are rate-limited per client.

The estimate of :mod:`widgets.teacher_token` is checked against tokens whose randomness is known
(made by ``secrets``), the refusal through the identity provider and through ``scripts/serve``
itself, and the rate limit through the provider with a stand-in request handler (as in
``tests/test_student_space.py``).
"""
from __future__ import annotations

import math
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from tornado.httputil import HTTPHeaders

from widgets import serving, teacher_token

REPO = Path(__file__).resolve().parents[1]
STRONG = "right-token-Zq8Vx3Kp9Lm2Nw7Rt4Yb"


@pytest.mark.parametrize("token", ["0042", "teacher", "password1234", "a" * 64, "abcabcabcabcabcabcabcabcabcabc",
                                   "Tr0ub4dor&3", secrets.token_urlsafe(15)[:20], secrets.token_hex(8)])
def test_a_guessable_token_is_refused(token):
    assert teacher_token.weakness(token) is not None, token


def test_random_tokens_of_128_bits_or_more_are_accepted():
    """Tokens drawn at random: 32 hex digits (128 bits), token_urlsafe(24) as scripts/serve makes."""
    for _ in range(200):
        for token in (secrets.token_hex(16), secrets.token_urlsafe(24), secrets.token_urlsafe(32)):
            assert teacher_token.weakness(token) is None, token


def test_the_estimate_is_the_alphabet_of_the_kinds_used():
    """Each kind of character used widens the alphabet: independent arithmetic over the kinds."""
    assert teacher_token.estimated_bits("abcdefgh" * 2) == pytest.approx(16 * math.log2(26))
    assert teacher_token.estimated_bits("abcdEFGH1234") == pytest.approx(12 * math.log2(62))
    assert teacher_token.estimated_bits("abcdEFGH12-_") == pytest.approx(12 * math.log2(64))
    assert teacher_token.estimated_bits("abcdefg!") == pytest.approx(8 * math.log2(26 + 33))
    assert teacher_token.estimated_bits("ab" * 12) == 24                    # a pattern: its own 2 characters
    assert teacher_token.estimated_bits("a" * 64) == 0


def test_the_refusal_says_how_strong_and_how_to_make_one():
    message = teacher_token.weakness("0123456789")                         # 10 digits: 33 bits
    english, russian = message.render("en"), message.render("ru")
    assert "33 bits" in english and "128" in english and "secrets.token_urlsafe(24)" in english
    assert "33 бит" in russian and "secrets.token_urlsafe(24)" in russian


def test_the_server_refuses_to_start_with_a_guessable_token(tmp_path, monkeypatch):
    monkeypatch.delenv(serving.TEACHER_TOKEN_ENV, raising=False)
    with pytest.raises(SystemExit):
        serving.ClassroomIdentityProvider(secret_file=str(tmp_path / "secret"), teacher_token="0042")
    serving.ClassroomIdentityProvider(secret_file=str(tmp_path / "secret"), teacher_token=STRONG)
    serving.ClassroomIdentityProvider(secret_file=str(tmp_path / "secret"), teacher_token="")   # no teacher


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_scripts_serve_stops_with_the_message(tmp_path):
    env = {**os.environ, "SPELLTOWER_SKIP_SETUP": "1", "SPELLTOWER_TEACHER_TOKEN": "0123456789",
           "SPELLTOWER_SAVES": str(tmp_path), "SPELLTOWER_PORT": str(free_port()),
           "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", "")}
    result = subprocess.run(["bash", str(REPO / "scripts" / "serve")], env=env, capture_output=True, text=True,
                            stdin=subprocess.DEVNULL, timeout=120)
    assert result.returncode != 0
    assert "about 33 bits of randomness" in result.stderr
    assert "teacher link" not in result.stdout, "it stops before printing a link with that token"


# ----- wrong tokens, per client ---------------------------------------------------------------------------
class Handler:
    """What the identity provider uses of a tornado request handler, from one client address."""

    def __init__(self, ip: str, token: str, lang: str | None = None):
        query = {"teacher": token, **({"lang": lang} if lang else {})}
        self._query = query
        self.request = type("R", (), {"headers": HTTPHeaders(), "method": "GET", "remote_ip": ip,
                                      "path": "/voila/render/teacher.ipynb",
                                      "query_arguments": {k: [v.encode()] for k, v in query.items()}})()
        self.base_url = "/"
        self.cookies: dict[str, str] = {}
        self.status, self.headers, self.body, self.redirected_to = 200, {}, None, None

    def get_cookie(self, name):
        return None

    def set_cookie(self, name, value, **kw):
        self.cookies[name] = value

    def clear_cookie(self, name, **kw):
        self.cookies.pop(name, None)

    def redirect(self, url):
        self.redirected_to = url

    def get_query_argument(self, name, default=None):
        return self._query.get(name, default)

    def set_status(self, status):
        self.status = status

    def set_header(self, name, value):
        self.headers[name] = value

    def finish(self, body):
        self.body = body


@pytest.fixture
def provider(tmp_path, monkeypatch):
    monkeypatch.setattr(serving, "_is_voila_page", lambda handler: True)
    monkeypatch.delenv(serving.TEACHER_TOKEN_ENV, raising=False)
    return serving.ClassroomIdentityProvider(secret_file=str(tmp_path / "secret"), teacher_token=STRONG,
                                             teacher_tries=5, teacher_tries_seconds=60)


def visit(provider, ip: str, token: str, lang: str | None = None) -> Handler:
    handler = Handler(ip, token, lang)
    provider._tell_kernel(handler)
    return handler


def test_wrong_tokens_are_limited_per_client(provider, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(serving.time, "monotonic", lambda: clock[0])
    for k in range(5):
        wrong = visit(provider, "10.0.0.7", f"guess-{k}")
        assert wrong.status == 200 and wrong.redirected_to and serving.TEACHER_COOKIE not in wrong.cookies
        clock[0] += 1
    locked = visit(provider, "10.0.0.7", STRONG, lang="ru")          # even the right token, from there
    assert locked.status == 429 and serving.TEACHER_COOKIE not in locked.cookies and locked.redirected_to is None
    assert locked.headers["Retry-After"] == "55" and "55 с" in locked.body       # the first try expires at 1060
    other = visit(provider, "10.0.0.8", STRONG)                       # another client is not slowed
    assert other.status == 200 and serving.TEACHER_COOKIE in other.cookies
    clock[0] = 1000.0 + 60
    again = visit(provider, "10.0.0.7", STRONG)                       # the oldest wrong try is a minute old
    assert again.status == 200 and serving.TEACHER_COOKIE in again.cookies


def test_a_right_token_does_not_count_as_a_try(provider):
    for _ in range(20):
        assert visit(provider, "10.0.0.9", STRONG).status == 200
