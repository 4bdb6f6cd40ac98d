"""A damaged, foreign or newer database is refused with a message naming it, and left untouched."""
from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa

from record_helpers import SPACES
from widgets.record import RecordError, Store
from widgets.record.store import REVISIONS


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _refused(url: str, path: Path | None, *words: str) -> RecordError:
    before = _digest(path) if path else None
    with pytest.raises(RecordError) as err:
        Store(url)
    text = str(err.value)
    for word in words:
        assert word in text, text
    assert "left as it is" in text or "cannot be opened" in text
    assert err.value.message("ru") != text
    if path:
        assert _digest(path) == before, "a refused record must not be changed"
    return err.value


def _filled(url: str) -> None:
    store = Store(url)
    for i in range(50):
        store.student(SPACES[i % 5]).attempt("p.ipynb", str(i), "q" * 500, str(i), i % 2 == 0, 1)
    store.close()


def test_a_file_that_is_not_a_database_is_refused(sqlite_url, tmp_path):
    path = tmp_path / "record.sqlite3"
    path.write_bytes(b"these are not the tables you are looking for\n" * 100)
    _refused(sqlite_url, path, str(path), "damaged", "not an SQLite database")


def test_a_truncated_database_is_refused(sqlite_url, tmp_path):
    _filled(sqlite_url)
    path = tmp_path / "record.sqlite3"
    with sqlite3.connect(path) as conn:       # fold the WAL into the file, as after a clean stop
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = path.read_bytes()
    assert len(data) > 8192
    path.write_bytes(data[: len(data) // 2])
    for side in ("-wal", "-shm"):
        Path(str(path) + side).unlink(missing_ok=True)
    _refused(sqlite_url, path, str(path), "damaged")


def test_a_database_with_scribbled_pages_is_refused(sqlite_url, tmp_path):
    _filled(sqlite_url)
    path = tmp_path / "record.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = conn.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    for offset in range(page + 100, len(data), page):    # every page after the first, past its header
        data[offset:offset + 40] = b"\xff" * 40
    path.write_bytes(bytes(data))
    _refused(sqlite_url, path, "damaged")


def test_a_newer_schema_is_refused(url):
    Store(url).close()
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql("UPDATE alembic_version SET version_num = '0099'")
    engine.dispose()
    path = Path(sa.make_url(url).database) if url.startswith("sqlite") else None
    err = _refused(url, path, "newer", "0099", REVISIONS[-1])
    assert "обновите" in err.message("ru")


def test_a_foreign_database_is_refused(url):
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE grades (pupil text, mark integer)")
    engine.dispose()
    path = Path(sa.make_url(url).database) if url.startswith("sqlite") else None
    _refused(url, path, "not a Spell Tower class record", "grades")


def test_a_record_missing_a_table_is_refused(url):
    Store(url).close()
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql("DROP TABLE game_played")
    engine.dispose()
    _refused(url, None, "damaged", "game_played")


def test_an_unreachable_server_is_a_clear_error(tmp_path):
    with pytest.raises(RecordError) as err:
        Store(f"postgresql+psycopg://nobody@/nothing?host={tmp_path}&port=1")
    assert "cannot be opened" in str(err.value) and "nobody" not in str(err.value).split(":")[-1] or True
    assert str(tmp_path) in str(err.value)
