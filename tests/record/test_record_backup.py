"""scripts/backup: a consistent copy of the record made while students write to it."""
from __future__ import annotations

import os
import subprocess
import threading
from fractions import Fraction
from pathlib import Path

import pytest
import sqlalchemy as sa

from record_helpers import SPACES, TeacherPage
from widgets.record import Experiment, Store
from widgets.record.backup import BackupError, backup

REPO = Path(__file__).resolve().parents[2]
COIN = Experiment("runes.coin", {0: Fraction(1, 2), 1: Fraction(1, 2)}, event={1})


def _draw_rows(url: str) -> int:
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        count = conn.exec_driver_sql("SELECT count(*) FROM draw").scalar_one()
    engine.dispose()
    return count


def test_a_backup_made_while_students_write_is_consistent_and_current(tmp_path):
    url = f"sqlite:///{tmp_path / 'record.sqlite3'}"
    store = Store(url)
    stop = threading.Event()
    written = [0] * 3

    def student(k: int) -> None:
        own = Store(url)
        me = own.student(SPACES[k])
        while not stop.is_set():
            me.record_draws(COIN, [0, 1])              # one transaction, two rows
            written[k] += 1
        own.close()
    writers = [threading.Thread(target=student, args=(k,)) for k in range(3)]
    for w in writers:
        w.start()
    copies = []
    try:
        while sum(written) < 30:
            threading.Event().wait(0.01)
        for n in range(3):
            before = sum(written)
            copy = backup(url, tmp_path / f"copy-{n}.sqlite3")
            after = sum(written)
            rows = _draw_rows(f"sqlite:///{copy}")
            assert rows % 2 == 0, "a transaction was copied in half"
            assert 2 * before <= rows <= 2 * (after + 3), (before, rows, after)   # + one in flight per writer
            copies.append(rows)
    finally:
        stop.set()
        for w in writers:
            w.join()
    assert copies == sorted(copies) and copies[0] > 0
    final = backup(url, tmp_path / "final.sqlite3")
    assert _draw_rows(f"sqlite:///{final}") == 2 * sum(written)
    copied = Store(f"sqlite:///{final}")                    # the copy is a record the server opens
    assert copied.teacher(TeacherPage()).experiments()[0].total == 2 * sum(written)
    copied.close()
    store.close()


def test_the_command_writes_to_the_saves_folder_and_refuses_to_overwrite(tmp_path):
    url = f"sqlite:///{tmp_path / 'record.sqlite3'}"
    Store(url).student(SPACES[1]).set_nickname("Owl")
    env = {"SPELLTOWER_SKIP_SETUP": "1", "SPELLTOWER_SAVES": str(tmp_path), "PATH": os.environ["PATH"]}
    done = subprocess.run(["bash", str(REPO / "scripts" / "backup")], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    [copy] = (tmp_path / "backups").glob("record-*.sqlite3")
    assert f"copied to {copy}" in done.stdout
    again = subprocess.run(["bash", str(REPO / "scripts" / "backup"), str(copy)], env=env, capture_output=True, text=True)
    assert again.returncode == 1 and "exists already" in again.stderr
    assert not list((tmp_path / "backups").glob("*.partial"))


def test_a_missing_record_is_said(tmp_path):
    with pytest.raises(BackupError, match="there is no record"):
        backup(f"sqlite:///{tmp_path / 'none.sqlite3'}", tmp_path / "copy.sqlite3")
    assert not (tmp_path / "copy.sqlite3").exists()


def test_postgresql_is_dumped_with_pg_dump(postgres_url, tmp_path):
    Store(postgres_url).student(SPACES[2]).set_nickname("Badger")
    dump = backup(postgres_url, tmp_path / "record.sql")
    text = dump.read_text()
    assert "CREATE TABLE" in text and "Badger" in text
