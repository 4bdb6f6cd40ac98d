"""A consistent copy of the class record, made while the server runs.

Copying ``record.sqlite3`` with ``cp`` while students write gives a stale or empty database: in
WAL mode the newest data is in ``record.sqlite3-wal`` until SQLite checkpoints it. This uses
SQLite's online backup API instead (one read transaction: every write committed before it
starts is in the copy, none half-made, and writers are not stopped), then checks the copy with
SQLite's ``integrity_check``. A PostgreSQL record is copied with ``pg_dump``.

    bash scripts/backup                     # <saves>/backups/record-<UTC time>.sqlite3
    bash scripts/backup /mnt/usb/record.sqlite3

To restore, stop the server, move ``record.sqlite3`` and its ``-wal``/``-shm`` files away, and
copy the backup to ``record.sqlite3`` (a PostgreSQL dump: ``psql -f`` into an empty database).
"""
from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import sqlalchemy as sa

from .store import default_url

BACKUPS = "backups"             # <saves>/backups/, beside record.sqlite3


class BackupError(RuntimeError):
    """The copy could not be made; the message says why (for the person running the command)."""


def default_target(url: sa.URL, now: float | None = None) -> Path:
    """``backups/record-<UTC time>.sqlite3`` (``.sql`` for PostgreSQL) beside the record's file,
    or in the saves folder."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(now))
    if url.get_backend_name() == "sqlite":
        folder = Path(url.database).parent
        return folder / BACKUPS / f"record-{stamp}.sqlite3"
    folder = Path(os.environ.get("SPELLTOWER_SAVES") or "~/.spelltower/saves").expanduser()
    return folder / BACKUPS / f"record-{stamp}.sql"


def backup(url: str | None = None, target: str | os.PathLike[str] | None = None) -> Path:
    """Copy the record at ``url`` (default: the server's, :func:`default_url`) to ``target``;
    returns where it went. Refuses to overwrite an existing file."""
    parsed = sa.make_url(url or default_url())
    dest = Path(target).expanduser() if target else default_target(parsed)
    if dest.exists():
        raise BackupError(f"{dest} exists already; give another file name")
    dest.parent.mkdir(parents=True, exist_ok=True)
    if parsed.get_backend_name() == "sqlite":
        _sqlite(Path(parsed.database or ""), dest)
    elif parsed.get_backend_name() == "postgresql":
        _postgres(parsed, dest)
    else:
        raise BackupError(f"no backup for a {parsed.get_backend_name()} record")
    return dest


def _sqlite(source: Path, dest: Path) -> None:
    if not source.is_file():
        raise BackupError(f"there is no record at {source}")
    partial = dest.with_name(dest.name + ".partial")
    try:
        src = sqlite3.connect(source, timeout=30)
        out = sqlite3.connect(partial)
        try:
            src.backup(out)                     # all pages in one step: one consistent snapshot
            verdict = out.execute("PRAGMA integrity_check").fetchall()
        finally:
            out.close()
            src.close()
        if verdict != [("ok",)]:
            raise BackupError(f"the copy failed SQLite's integrity check: {verdict[:3]}")
        os.replace(partial, dest)
    except sqlite3.Error as err:
        raise BackupError(f"SQLite could not copy {source}: {err}") from err
    finally:
        partial.unlink(missing_ok=True)


def _postgres(url: sa.URL, dest: Path) -> None:
    pg_dump = shutil.which("pg_dump")
    if pg_dump is None:
        raise BackupError("pg_dump is not installed (apt-get install postgresql-client)")
    libpq = url.set(drivername="postgresql").render_as_string(hide_password=False)
    result = subprocess.run([pg_dump, "--no-owner", "--file", str(dest), "--dbname", libpq],
                            capture_output=True, text=True)
    if result.returncode != 0:
        dest.unlink(missing_ok=True)
        raise BackupError(f"pg_dump failed: {result.stderr.strip()[:500]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/backup", description=__doc__.split("\n\n")[0])
    parser.add_argument("target", nargs="?", help="where to write the copy (default: <saves>/backups/record-<time>)")
    parser.add_argument("--url", help=f"the record's SQLAlchemy URL (default: $SPELLTOWER_RECORD_URL or the saves folder's)")
    args = parser.parse_args(argv)
    try:
        dest = backup(args.url, args.target)
    except BackupError as err:
        print(f"backup: {err}", file=sys.stderr)
        return 1
    print(f"backup: the class record was copied to {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
