"""Faults tell the truth: a write that fails (a full disk, a read-only saves folder or record, a
damaged record) is shown to the student as "checked but could not be saved", in words without a
server path or a space id, and to the teacher on the class page in the record's own words.

Each fault is injected for real where this machine allows it (a damaged file; SQLite's own
``query_only`` makes the record refuse writes as a read-only one does) and otherwise by making
the write raise the error the operating system or SQLite raises (tests run as root, which
ignores file modes, and cannot mount a small full file system here).
"""
from __future__ import annotations

import atexit
import errno
import html
import os
import sqlite3
from contextlib import contextmanager
from fractions import Fraction

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from record_helpers import SPACES, TeacherPage
from widgets import exercises, saves
from widgets.exercises import Exercise
from widgets.record import Store, hooks
from widgets.record.classpage import ClassPage, class_page

SPACE = SPACES[7]


@pytest.fixture
def student(monkeypatch, tmp_path):
    """A student's lesson page on the classroom server, its record and saves in ``tmp_path``."""
    fresh = hooks._Recorder()
    monkeypatch.setattr(hooks, "_recorder", fresh)
    monkeypatch.setattr(exercises, "ATTEMPT_LISTENERS", [])
    monkeypatch.setenv("SPELLTOWER_SAVES", str(tmp_path))
    monkeypatch.setenv("SPELLTOWER_CLASSROOM", "1")
    monkeypatch.setenv("HTTP_X_SPELLTOWER_SPACE", SPACE)
    monkeypatch.delenv("HTTP_X_SPELLTOWER_TEACHER", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/abracada/01_counting.ipynb")
    url = f"sqlite:///{tmp_path / 'record.sqlite3'}"
    Store(url).close()                              # the record exists and is sound
    yield url
    hooks.flush()
    atexit.unregister(fresh._left)
    if fresh.store is not None:
        fresh.store.close()


def _answer(url: str, text: str = "5/21", lang: str = "en") -> Exercise:
    hooks.track_page(store_url=url)
    ex = Exercise("P(Dragon)?", Fraction(5, 21), lang=lang)
    assert ex.submit(text) is True                 # marked as ever
    hooks.flush()
    return ex


def _private(text: str, tmp_path) -> None:
    assert str(tmp_path) not in text and SPACE not in text and SPACE[:8] not in text
    assert "record.sqlite3" not in text and "Errno" not in text


def _disk_full(store: Store, monkeypatch) -> None:
    """Every write transaction of ``store`` fails as SQLite's does on a full disk."""
    @contextmanager
    def full():
        raise OperationalError("INSERT", {}, sqlite3.OperationalError("database or disk is full"))
        yield
    monkeypatch.setattr(store, "_write", full)


def _read_only(store: Store) -> None:
    """Every new connection of ``store`` refuses writes (SQLite's own read-only refusal)."""
    store._writer.dispose()

    @event.listens_for(store._writer, "connect")
    def _query_only(dbapi_connection, _record):
        dbapi_connection.execute("PRAGMA query_only = ON")


def test_a_full_disk_loses_no_answer_silently(student, monkeypatch, tmp_path):
    real_replace = os.replace

    def no_room(src, dst, *a, **k):
        if "lessons" in str(dst):
            raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        return real_replace(src, dst, *a, **k)
    monkeypatch.setattr(saves.os, "replace", no_room)
    hooks.track_page(store_url=student)
    hooks.flush()
    _disk_full(hooks._recorder.store, monkeypatch)
    ex = _answer(student)
    shown = html.unescape(ex.output.value)
    assert "exercise-right" in shown
    assert "Your answer was checked but could not be saved: the server's disk is full" in shown
    assert shown.count("exercise-unsaved") == 1       # said once, though both writes failed
    _private(shown, tmp_path)


def test_the_record_full_alone_is_still_said(student, monkeypatch, tmp_path):
    hooks.track_page(store_url=student)
    hooks.flush()
    _disk_full(hooks._recorder.store, monkeypatch)
    ex = _answer(student, lang="ru")
    assert "Ответ проверен, но сохранить его не удалось: на диске сервера нет места" in html.unescape(ex.output.value)
    assert list((tmp_path / "students" / SPACE / "lessons").glob("answer-*.json"))   # the file was kept


def test_a_read_only_saves_folder(student, monkeypatch, tmp_path):
    def refused(*_a, **_k):
        raise PermissionError(errno.EROFS, "Read-only file system", str(tmp_path / "students" / SPACE))
    monkeypatch.setattr(saves.tempfile, "mkstemp", refused)
    ex = _answer(student)
    assert "could not be saved: the server may not write to its saves folder" in html.unescape(ex.output.value)
    _private(ex.output.value, tmp_path)


def test_a_read_only_record_is_said_to_the_student_and_the_teacher(student, tmp_path):
    hooks.track_page(store_url=student)
    hooks.flush()
    _read_only(hooks._recorder.store)
    ex = _answer(student)
    assert "could not be saved: the server may not write to its saves folder" in html.unescape(ex.output.value)
    _private(ex.output.value, tmp_path)
    teacher = Store(student)
    _read_only(teacher)
    page = ClassPage(teacher.teacher(TeacherPage()), poll=None)
    status = html.unescape(page.status.value)
    assert "st-not-writing" in status and "readonly database" in status
    assert "Updated" not in status


def test_a_damaged_record_is_said_to_the_student_and_named_to_the_teacher(student, tmp_path, monkeypatch):
    path = tmp_path / "record.sqlite3"
    for suffix in ("-wal", "-shm"):
        (tmp_path / f"record.sqlite3{suffix}").unlink(missing_ok=True)
    path.write_bytes(b"SQLite format 3\x00" + b"\x07" * 4000)
    ex = _answer(student)
    shown = html.unescape(ex.output.value)
    assert "could not be saved: the class record cannot be written just now; your teacher's class page says why" in shown
    assert "no student identity" not in shown
    _private(shown, tmp_path)
    monkeypatch.setenv("HTTP_X_SPELLTOWER_TEACHER", "1")
    teacher = html.unescape(class_page(store_url=student, poll=None).value)
    assert "damaged" in teacher and "record.sqlite3" in teacher and "bash scripts/backup" in teacher


def test_the_class_page_recovers_when_writes_do(student, monkeypatch):
    store = Store(student)
    page = ClassPage(store.teacher(TeacherPage()), poll=None)
    assert "st-not-writing" not in page.status.value
    _disk_full(store, monkeypatch)
    page.refresh()
    assert "The class record cannot be written: " in page.status.value
    assert "database or disk is full" in page.status.value
    monkeypatch.undo()
    page.refresh()
    assert "st-not-writing" not in page.status.value and "Updated" in page.status.value


def test_a_saved_answer_says_nothing_more(student, tmp_path):
    ex = _answer(student)
    assert "exercise-unsaved" not in html.unescape(ex.output.value)
    assert [a["answer"] for a in hooks.student().mine()["attempts"]] == ["5/21"]


def test_the_record_panel_over_a_damaged_record_says_so_without_paths(student, tmp_path):
    from widgets.record.panels import RecordPanel

    (tmp_path / "record.sqlite3").write_bytes(b"SQLite format 3\x00" + b"\x07" * 4000)
    hooks.track_page(store_url=student)
    panel = RecordPanel("en")
    hooks.flush()
    shown = html.unescape(panel.message.value)
    assert "the class record cannot be written just now" in shown
    assert "no student identity" not in shown
    _private(shown, tmp_path)


def test_the_write_check_fails_where_writes_do_on_both_databases(url):
    from widgets.record import RecordError

    store = Store(url)
    record = store.teacher(TeacherPage())
    record.check_writable()                                    # a sound record takes the write
    store._writer.dispose()

    @event.listens_for(store._writer, "connect")
    def _read_only(dbapi_connection, _record):
        if store.sqlite:
            dbapi_connection.execute("PRAGMA query_only = ON")
            return
        dbapi_connection.autocommit = True                    # a session setting, outside any transaction
        dbapi_connection.execute("SET default_transaction_read_only = on")
        dbapi_connection.autocommit = False
    with pytest.raises(RecordError, match="read-only|readonly"):
        record.check_writable()
    store.close()
