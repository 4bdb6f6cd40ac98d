"""Fixtures of the class-record tests: a fresh store on SQLite, and on a real PostgreSQL server.

The PostgreSQL server comes from Debian's ``postgresql`` package (``apt-get install postgresql``):
the session fixture runs ``initdb`` into a temporary folder and ``pg_ctl start`` on a Unix socket
in it (no TCP port at all), as the ``postgres`` user when the tests run as root (PostgreSQL refuses
to run as root). Each test gets its own database. Where PostgreSQL is missing the PostgreSQL
tests are skipped, except in CI (``CI=true``), where that is a failure.
"""
from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

PG_PORT = 54329                     # the socket's name only (.s.PGSQL.54329); no TCP listener
_counter = itertools.count()


def _pg_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def _as_postgres(args: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


def _unavailable(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is required in CI: {reason}")
    pytest.skip(f"PostgreSQL unavailable: {reason}")


@pytest.fixture(scope="session")
def postgres_server():
    """``(socket folder, port)`` of a PostgreSQL server running for the whole session."""
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if not initdb or not pg_ctl:
        _unavailable("initdb/pg_ctl not found (apt-get install postgresql)")
    root = Path(tempfile.mkdtemp(prefix="spelltower-pg-"))
    data, log = root / "data", root / "server.log"
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    try:
        subprocess.run(_as_postgres([initdb, "-D", str(data), "-U", "postgres", "--auth=trust",
                                     "--no-sync", "-E", "UTF8", "--locale=C"]),
                       check=True, capture_output=True, timeout=120)
        subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-l", str(log), "-w", "-t", "60", "start", "-o",
                                     f"-c listen_addresses='' -k {root} -p {PG_PORT} -c fsync=off "
                                     f"-c max_connections=200"]),
                       check=True, capture_output=True, timeout=90)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as err:
        detail = getattr(err, "stderr", b"") or b""
        shutil.rmtree(root, ignore_errors=True)
        _unavailable(f"{err}: {detail.decode(errors='replace')[-500:]}")
    yield root, PG_PORT
    subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-m", "immediate", "stop"]),
                   capture_output=True, timeout=60)
    shutil.rmtree(root, ignore_errors=True)


def _pg_url(server, database: str) -> str:
    root, port = server
    return f"postgresql+psycopg://postgres@/{database}?host={root}&port={port}"


@pytest.fixture
def postgres_url(postgres_server):
    """A URL of a new, empty database on the session's PostgreSQL server."""
    import sqlalchemy as sa

    name = f"record_{os.getpid()}_{next(_counter)}"
    admin = sa.create_engine(_pg_url(postgres_server, "postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    admin.dispose()
    return _pg_url(postgres_server, name)


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'record.sqlite3'}"


@pytest.fixture(params=["sqlite", "postgres"])
def url(request):
    """Each test using it runs on both databases."""
    return request.getfixturevalue(f"{request.param}_url")


@pytest.fixture
def sqlite_store(sqlite_url):
    """For checks made before the database is reached (one backend is enough)."""
    from widgets.record import Store

    s = Store(sqlite_url)
    yield s
    s.close()


@pytest.fixture
def store(url):
    from widgets.record import Store

    s = Store(url)
    yield s
    s.close()
