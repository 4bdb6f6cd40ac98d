"""The class record's store: one SQLAlchemy 2 database, SQLite by default, PostgreSQL by URL.

Where it lives
    ``$SPELLTOWER_RECORD_URL`` if set (any SQLAlchemy URL, e.g.
    ``postgresql+psycopg://spelltower@db/spelltower`` on the JupyterHub deployment), else the
    SQLite file ``record.sqlite3`` in the server's data folder, the saves folder
    (``$SPELLTOWER_SAVES``, default ``~/.spelltower/saves``), created on first use. SQLite runs in
    WAL mode, so the teacher's page reads while 30 students write.

What it refuses
    A file that is not an SQLite database or fails SQLite's ``quick_check`` (:data:`CORRUPT`), a
    database whose schema revision this code does not know (written by a newer Spell Tower), and a
    database with tables that are not a Spell Tower record. Each raises :class:`RecordError` naming
    the file and what is wrong, and the database is left exactly as it was: a school's record is
    never silently reset. An older schema is upgraded by the Alembic migrations shipped in
    ``migrations/``, under a lock, so kernels opening a new database at once create it once.

What it holds, and deleting it
    Per student: the server-made space (32 hex digits, not the cookie), the chosen nickname,
    the pages opened, each exercise attempt (what was typed, right or wrong, try number), each
    finished game (game, result, length in actions), class-experiment draws, and presence (last
    seen, current page). Per class: the teacher's Resets of an experiment (where its new round
    starts) and the positions sent to the class (game, players, seed). No e-mail, no real name, no IP address. A student deletes all of their
    own with "Clear my record" (:class:`StudentRecord.clear`); "start a new class" archives, it
    does not delete. To delete everything, stop the server and remove ``record.sqlite3`` and its
    ``-wal``, ``-shm`` and ``.lock`` companions (on PostgreSQL, drop the database).

Who may ask what
    A :class:`StudentRecord` (from :meth:`Store.student`) writes and reads only its own student's
    rows, and the pooled, anonymous tally of a class experiment. Everything about the class
    (:class:`ClassRecord`) comes only from :meth:`Store.teacher`, which refuses any page that the
    server did not mark as opened with the teacher link (:class:`AccessDenied`). Both decisions
    rest on :class:`widgets.classroom.Page`, which the *server* fills from its signed cookie and
    the teacher token; a page cannot run code in its kernel (only widget messages are allowed),
    so it cannot reach around these classes.
"""
from __future__ import annotations

import csv
import io
import os
import re
import sqlite3
import threading
import time
from collections import Counter, defaultdict
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

try:
    import fcntl
except ImportError:             # Windows: SQLite's busy handler alone
    fcntl = None

import sqlalchemy as sa
from sqlalchemy import event, func, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError

from towerlib.core.errors import SaveError, TowerError

from . import messages as _messages  # noqa: F401  (registers the catalogue entries)
from .experiments import Experiment, Tally
from .lookalike import normalise, skeleton
from .hooks import HEARTBEAT_SECONDS  # noqa: F401  (re-exported: the store's timing)
from .schema import (ANSWER_LENGTH, NAME_LENGTH, NICKNAME_LENGTH, PAGE_LENGTH, Attempt, Base, Draw,
                     Experiment as ExperimentRow, ExperimentRound, GamePlayed, PageVisit, RecordClass,
                     SentPosition, Student)

URL_ENV = "SPELLTOWER_RECORD_URL"
FILE_NAME = "record.sqlite3"
MIGRATIONS = Path(__file__).with_name("migrations")
#: The schema revisions in ``migrations/versions``, oldest first (a test checks it against Alembic's
#: list); a database at another revision was written by a newer Spell Tower and is refused.
REVISIONS = ("0001", "0002", "0003")
LOCK_SUFFIX = ".lock"           # record.sqlite3.lock: the writers' queue (see Store._write)
BUSY_TIMEOUT_MS = 30_000        # a writer waits this long for SQLite's write lock before failing
ONLINE_SECONDS = 45.0           # online: reported within this time (pages report every hooks.HEARTBEAT_SECONDS)
COMMON_WRONG = 3                # most common wrong answers shown per exercise
STUCK_WRONG = 2                 # stuck: at least this many wrong tries at an exercise and no right one
SPACE = re.compile(r"^[0-9a-f]{32}$")          # as widgets.classroom.SPACE_PATTERN
NICKNAME = re.compile(r"^[\w][\w \-]*$")
SPACE_LABEL = 8                  # hex digits of a space shown for a student without a nickname
_ADVISORY_LOCK = 0x5370_656C     # PostgreSQL advisory lock held while migrating ("Spel")
_NICKNAME_LOCK = 0x4E69_636B     # ... and while a nickname is checked and set ("Nick")
SQLITE_HEADER = b"SQLite format 3\x00"


class RecordError(SaveError):
    """The record database cannot be used as it is; the message names the file and the fault."""


class NicknameRefused(RecordError):
    """A nickname that is not one, or that looks like another student's in the class; the
    message is the student's to read."""

    safe_for_student = True


class AccessDenied(TowerError):
    """Class-wide data asked for by a page that was not opened with the teacher link."""


def default_url() -> str:
    """``$SPELLTOWER_RECORD_URL``, else the SQLite file in the saves folder."""
    url = os.environ.get(URL_ENV, "").strip()
    if url:
        return url
    folder = Path(os.environ.get("SPELLTOWER_SAVES") or "~/.spelltower/saves").expanduser()
    return f"sqlite:///{folder / FILE_NAME}"


def _now() -> float:
    return time.time()


def _cut(text: Any, length: int) -> str:
    return str(text)[:length]


def clean_nickname(name: object) -> str:
    """A nickname as stored: NFKC-normalised (full-width letters become plain ones), stripped,
    1 to NICKNAME_LENGTH word characters, spaces, '-'."""
    text = normalise(name).strip() if isinstance(name, str) else ""
    text = re.sub(r"\s+", " ", text)
    if not text or len(text) > NICKNAME_LENGTH or not NICKNAME.match(text):
        raise NicknameRefused("record.error.nickname", nickname=repr(name), max=NICKNAME_LENGTH)
    return text


def label_of(space: str) -> str:
    return space[:SPACE_LABEL]


class Store:
    """The record database at ``url`` (default :func:`default_url`), opened, checked and
    migrated to the newest schema. Cheap to keep for a kernel's life; :meth:`close` frees it."""

    def __init__(self, url: str | None = None) -> None:
        self.url = sa.make_url(url or default_url())
        self.where = self.url.render_as_string(hide_password=True)
        self.sqlite = self.url.get_backend_name() == "sqlite"
        self._lock_fd: int | None = None
        self._thread_lock = threading.Lock()
        if self.sqlite:
            try:
                self._prepare_sqlite_file()
            except OSError as err:               # a read-only or missing saves folder, a full disk
                self.close()
                raise RecordError("record.error.unreachable", where=self.where,
                                  detail=err.strerror or type(err).__name__) from err
        try:
            self._writer = self._engine(immediate=True)
            self._reader = self._engine(immediate=False) if self.sqlite else self._writer
            self._migrate()
        except RecordError:
            self.close()
            raise
        except (SQLAlchemyError, sqlite3.Error) as err:   # sqlite3's own: raised while connecting
            self.close()
            raise self._fault(err) from err

    # ----- opening ------------------------------------------------------------------------
    def _prepare_sqlite_file(self) -> None:
        database = self.url.database or ""
        if database in ("", ":memory:"):
            raise RecordError("record.error.unreachable", where=self.where,
                              detail="an in-memory database cannot be shared by kernels")
        path = Path(database)
        if path.exists():
            with path.open("rb") as f:
                head = f.read(len(SQLITE_HEADER))
            if head and head != SQLITE_HEADER:
                raise RecordError("record.error.corrupt", where=self.where, detail="not an SQLite database file")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
        if fcntl is not None:
            self._lock_fd = os.open(f"{path}{LOCK_SUFFIX}", os.O_RDWR | os.O_CREAT, 0o600)

    def _engine(self, immediate: bool) -> Engine:
        if not self.sqlite:
            return sa.create_engine(self.url, pool_pre_ping=True, future=True)
        engine = sa.create_engine(self.url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000,
                                                          "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection, _record):
            # SQLAlchemy's documented recipe: let us issue BEGIN ourselves (pysqlite's own
            # transaction handling defers BEGIN and never takes the write lock up front).
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA foreign_keys = ON")
            cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(connection):
            # Writers take the write lock at BEGIN, so a transaction that reads then writes never
            # fails with SQLITE_BUSY mid-way; readers begin deferred and never block writers.
            connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

        return engine

    def _fault(self, err: Exception) -> RecordError:
        detail = str(getattr(err, "orig", None) or err).strip().splitlines()[0] if str(err) else type(err).__name__
        if isinstance(err, (DBAPIError, sqlite3.Error)) and self.sqlite and re.search(
                r"not a database|malformed|corrupt|disk image", detail, re.I):
            return RecordError("record.error.corrupt", where=self.where, detail=detail)
        return RecordError("record.error.unreachable", where=self.where, detail=detail)

    def _migrate(self) -> None:
        """Refuse what cannot be used; create or upgrade the schema if it is not the newest.
        A database already at the newest of :data:`REVISIONS` is only read (no lock, no Alembic)."""
        if self.sqlite:
            with self._file_lock():             # the switch to WAL must not race another opener's
                revision = self._check_sqlite()
        else:
            with self._read() as conn:
                tables = set(sa.inspect(conn).get_table_names())
                revision = self._revision(tables, conn.exec_driver_sql(
                    "SELECT version_num FROM alembic_version").scalars().all() if "alembic_version" in tables else [])
        if revision == REVISIONS[-1] and self._complete():
            return
        with self._write() as conn:             # one migrator at a time (BEGIN IMMEDIATE / advisory lock)
            if not self.sqlite:
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _ADVISORY_LOCK})
            tables = set(sa.inspect(conn).get_table_names())
            revisions = (conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalars().all()
                         if "alembic_version" in tables else [])
            if self._revision(tables, revisions) != REVISIONS[-1]:
                from alembic import command
                from alembic.config import Config

                config = Config()
                config.set_main_option("script_location", str(MIGRATIONS))
                config.attributes["connection"] = conn
                command.upgrade(config, "head")
            missing = set(Base.metadata.tables) - set(sa.inspect(conn).get_table_names())
            if missing:
                raise RecordError("record.error.corrupt", where=self.where,
                                  detail=f"tables missing: {', '.join(sorted(missing))}")

    def _complete(self) -> bool:
        with self._read() as conn:
            missing = set(Base.metadata.tables) - set(sa.inspect(conn).get_table_names())
        if missing:
            raise RecordError("record.error.corrupt", where=self.where,
                              detail=f"tables missing: {', '.join(sorted(missing))}")
        return True

    def _revision(self, tables: set[str], revisions: list[str]) -> str | None:
        """The database's schema revision (None: empty); refuses a newer or foreign database."""
        if "alembic_version" in tables:
            if len(revisions) != 1 or revisions[0] not in REVISIONS:
                raise RecordError("record.error.newer", where=self.where,
                                  found=", ".join(revisions) or "none", known=REVISIONS[-1])
            return revisions[0]
        if tables:
            raise RecordError("record.error.foreign", where=self.where, tables=", ".join(sorted(tables)[:5]))
        return None

    def _check_sqlite(self) -> str | None:
        """Before anything is written: SQLite's own integrity check and the schema's revision
        (returned); then WAL mode (set outside any transaction, as it must be)."""
        raw = self._writer.raw_connection()
        try:
            cursor = raw.cursor()
            verdict = [row[0] for row in cursor.execute("PRAGMA quick_check").fetchall()]
            if verdict != ["ok"]:
                raise RecordError("record.error.corrupt", where=self.where, detail="; ".join(verdict[:3]))
            tables = {row[0] for row in cursor.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
            revisions = ([row[0] for row in cursor.execute("SELECT version_num FROM alembic_version")]
                         if "alembic_version" in tables else [])
            revision = self._revision(tables, revisions)
            if str(cursor.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
                cursor.execute("PRAGMA journal_mode = WAL")
            cursor.close()
        finally:
            raw.close()
        return revision

    def close(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None
        for name in ("_reader", "_writer"):
            engine = getattr(self, name, None)
            if engine is not None:
                engine.dispose()

    # ----- handles ------------------------------------------------------------------------
    def student(self, space: str) -> "StudentRecord":
        """The record of the student whose server-made space is ``space``."""
        if not isinstance(space, str) or not SPACE.match(space):
            raise AccessDenied("record.error.no_student")
        return StudentRecord(self, space)

    def teacher(self, page: Any) -> "ClassRecord":
        """The whole class's record, for a page the server marked as opened with the teacher
        link (``page.teacher``, see :mod:`widgets.classroom`); anything else is refused."""
        if getattr(page, "teacher", False) is not True:
            raise AccessDenied("record.error.denied")
        return ClassRecord(self, _TEACHER)

    # ----- helpers for the handles ------------------------------------------------------------
    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction. On SQLite, writers of every process queue on an OS file lock
        first: a blocked ``flock`` wakes as soon as the lock is free, while SQLite's own busy
        handler polls with sleeps of up to 100 ms, which starves some of 30 writers."""
        with self._file_lock():
            with self._writer.begin() as conn:
                yield conn

    @contextmanager
    def _file_lock(self) -> Iterator[None]:
        """Hold the writers' OS file lock (SQLite only; elsewhere a no-op)."""
        if self._lock_fd is None:
            yield
            return
        with self._thread_lock:
            fcntl.flock(self._lock_fd, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(self._lock_fd, fcntl.LOCK_UN)

    def _read(self):
        return self._reader.begin()

    def _guard(self, fn, *args):
        try:
            return fn(*args)
        except RecordError:
            raise
        except (SQLAlchemyError, sqlite3.Error) as err:
            raise self._fault(err) from err

    # ----- experiments (shared by both handles) ---------------------------------------------
    def _experiment_id(self, experiment: Experiment) -> int:
        with self._write() as conn:
            _insert_ignore(conn, ExperimentRow.__table__, {"name": experiment.name, "exact": experiment.exact_json(),
                                                           "event": experiment.event_json()}, "name")
            row = conn.execute(select(ExperimentRow.id, ExperimentRow.exact, ExperimentRow.event)
                               .where(ExperimentRow.name == experiment.name)).one()
        stored = Experiment.from_stored(experiment.name, row.exact, row.event)
        if stored != experiment:
            raise RecordError("record.error.experiment", name=experiment.name)
        return row.id


    def _tally(self, conn: Connection, experiment: Experiment, student_space: str | None = None,
               class_id: Any = None) -> Tally:
        query = (select(Draw.value, Draw.count)
                 .join(ExperimentRow, ExperimentRow.id == Draw.experiment_id)
                 .where(ExperimentRow.name == experiment.name,
                        Draw.class_id == (class_id if class_id is not None else _current_class())))
        students_query = (select(func.count(func.distinct(Draw.student_id)))
                          .join(ExperimentRow, ExperimentRow.id == Draw.experiment_id)
                          .where(ExperimentRow.name == experiment.name,
                                 Draw.class_id == (class_id if class_id is not None else _current_class())))
        round_at = None
        if student_space is not None:
            mine = select(Student.id).where(Student.space == student_space).scalar_subquery()
            query = query.where(Draw.student_id == mine)
            students_query = students_query.where(Draw.student_id == mine)
        else:                   # the class's tally counts from the teacher's last Reset, if any
            last = conn.execute(
                select(ExperimentRound.after_draw, ExperimentRound.at)
                .join(ExperimentRow, ExperimentRow.id == ExperimentRound.experiment_id)
                .where(ExperimentRow.name == experiment.name,
                       ExperimentRound.class_id == (class_id if class_id is not None else _current_class()))
                .order_by(ExperimentRound.id.desc()).limit(1)).first()
            if last is not None:
                round_at = last.at
                query = query.where(Draw.id > last.after_draw)
                students_query = students_query.where(Draw.id > last.after_draw)
        rows = conn.execute(query.order_by(Draw.id)).all()
        tally = Tally.from_batches(experiment, ((int(v), int(c)) for v, c in rows),
                                   int(conn.execute(students_query).scalar() or 0))
        tally.round_at = round_at
        return tally


def _current_class():
    """SQL for the current class's id (a subquery, so a write needs no separate read)."""
    return (select(RecordClass.id).where(RecordClass.archived_at.is_(None))
            .order_by(RecordClass.id.desc()).limit(1).scalar_subquery())


def _insert_ignore(conn: Connection, table, values: dict, key: str):
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    conn.execute(insert(table).values(**values).on_conflict_do_nothing(index_elements=[key]))


class StudentRecord:
    """What one student's kernel may do with the record: add to it, read it, clear it."""

    def __init__(self, store: Store, space: str) -> None:
        self._store = store
        self.space = space
        self._id: int | None = None
        self._lock = threading.Lock()

    @property
    def label(self) -> str:
        return label_of(self.space)

    def _student_id(self, conn: Connection) -> int:
        if self._id is None:
            _insert_ignore(conn, Student.__table__, {"space": self.space, "created_at": _now()}, "space")
            self._id = conn.execute(select(Student.id).where(Student.space == self.space)).scalar_one()
        return self._id

    def _add(self, make_rows) -> None:
        """Insert the rows ``make_rows(student_id)`` in one transaction (retried once if the
        student row was deleted meanwhile, e.g. cleared from the student's other tab)."""
        def run():
            for attempt in (1, 2):
                try:
                    with self._lock, self._store._write() as conn:
                        sid = self._student_id(conn)
                        for table, values in make_rows(sid):
                            conn.execute(sa.insert(table).values(**values))
                    return
                except IntegrityError:
                    self._id = None
                    if attempt == 2:
                        raise
        self._store._guard(run)

    def _activity(self, sid: int) -> dict:
        return {"class_id": _current_class(), "student_id": sid, "at": _now()}

    # ----- writing ------------------------------------------------------------------------
    def set_nickname(self, nickname: str) -> str:
        """Set the nickname the teacher sees (checked by :func:`clean_nickname`); returns it.
        Refused (:class:`NicknameRefused`) when it looks like the nickname of another student
        seen in the current class (:func:`widgets.record.lookalike.skeleton`)."""
        name = clean_nickname(nickname)
        mine = skeleton(name)

        def run():
            with self._lock, self._store._write() as conn:
                if conn.dialect.name == "postgresql":       # one nickname change at a time
                    conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _NICKNAME_LOCK})
                sid = self._student_id(conn)
                in_class = select(PageVisit.student_id).where(PageVisit.class_id == _current_class())
                others = conn.execute(select(Student.nickname).where(
                    Student.id != sid, Student.nickname.is_not(None), Student.id.in_(in_class))).scalars()
                if any(skeleton(other) == mine for other in others):
                    raise NicknameRefused("record.error.nickname_taken", nickname=name)
                conn.execute(sa.update(Student).where(Student.id == sid).values(nickname=name))
        self._store._guard(run)
        return name

    def page_opened(self, page: str) -> None:
        self._add(lambda sid: [(PageVisit.__table__, {**self._activity(sid), "page": _cut(page, PAGE_LENGTH)})])
        self.heartbeat(page)

    def attempt(self, page: str, exercise: str, prompt: str, answer: str, right: bool,
                try_number: int | None = None) -> None:
        """One Check on an exercise. ``try_number`` counts this student's tries at it from 1; by
        default the store counts it (their earlier attempts at it in this class, plus one), so
        it survives a page reload."""
        if try_number is not None and (not isinstance(try_number, int) or isinstance(try_number, bool)
                                       or try_number < 1):
            raise RecordError("record.error.bad_field", field="try_number", value=repr(try_number))
        page, exercise = _cut(page, PAGE_LENGTH), _cut(exercise, NAME_LENGTH)

        def rows(sid: int):
            tries = try_number if try_number is not None else (
                select(func.count() + 1).select_from(Attempt)
                .where(Attempt.student_id == sid, Attempt.class_id == _current_class(),
                       Attempt.page == page, Attempt.exercise == exercise).scalar_subquery())
            return [(Attempt.__table__, {**self._activity(sid), "page": page, "exercise": exercise,
                                         "prompt": str(prompt), "answer": _cut(answer, ANSWER_LENGTH),
                                         "correct": bool(right), "try_number": tries})]
        self._add(rows)

    def game_played(self, game: str, result: str, length: int) -> None:
        """A finished game: its name, the student's result (e.g. "won", "2nd of 4"), actions played."""
        if not isinstance(length, int) or isinstance(length, bool) or length < 0:
            raise RecordError("record.error.bad_field", field="length", value=repr(length))
        self._add(lambda sid: [(GamePlayed.__table__, {
            **self._activity(sid), "game": _cut(game, NAME_LENGTH), "result": _cut(result, NAME_LENGTH),
            "length": length})])

    def heartbeat(self, page: str | None) -> None:
        """The student's page is open on ``page`` (None: the page was left)."""
        def run():
            with self._lock, self._store._write() as conn:
                sid = self._student_id(conn)
                conn.execute(sa.update(Student).where(Student.id == sid).values(
                    last_seen=_now() if page is not None else None,
                    page=_cut(page, PAGE_LENGTH) if page is not None else None))
        self._store._guard(run)

    def record_draws(self, experiment: Experiment, values: Iterable[object]) -> int:
        """Add a batch of draws to the class tally of ``experiment``; returns how many.
        A draw that is not an outcome of the experiment refuses the whole batch."""
        counts = experiment.counts(values)
        if not counts:
            return 0
        exp_id = self._store._guard(self._store._experiment_id, experiment)
        self._add(lambda sid: [(Draw.__table__, {**self._activity(sid), "experiment_id": exp_id,
                                                 "value": v, "count": c}) for v, c in sorted(counts.items())])
        return sum(counts.values())

    def clear(self) -> None:
        """Delete everything recorded about this student, nickname included, in every class."""
        def run():
            with self._lock, self._store._write() as conn:
                sid = conn.execute(select(Student.id).where(Student.space == self.space)).scalar()
                if sid is not None:
                    for table in (Draw, GamePlayed, Attempt, PageVisit):
                        conn.execute(sa.delete(table).where(table.student_id == sid))
                    conn.execute(sa.delete(Student).where(Student.id == sid))
                self._id = None
        self._store._guard(run)

    # ----- reading ------------------------------------------------------------------------
    def nickname(self) -> str | None:
        """The nickname this student chose, or None (cheaper than :meth:`mine`)."""
        def run():
            with self._store._read() as conn:
                return conn.execute(select(Student.nickname).where(Student.space == self.space)).scalar()
        return self._store._guard(run)

    def mine(self) -> dict[str, Any]:
        """Everything recorded about this student (a JSON-able dict): nickname, pages opened,
        attempts, games and draws, oldest first."""
        def run():
            with self._store._read() as conn:
                row = conn.execute(select(Student.id, Student.nickname).where(Student.space == self.space)).first()
                out: dict[str, Any] = {"nickname": None, "label": self.label, "pages": [], "attempts": [],
                                       "games": [], "draws": {}}
                if row is None:
                    return out
                sid, out["nickname"] = row
                out["pages"] = [{"at": at, "page": p} for at, p in conn.execute(
                    select(PageVisit.at, PageVisit.page).where(PageVisit.student_id == sid).order_by(PageVisit.id))]
                out["attempts"] = [dict(r._mapping) for r in conn.execute(
                    select(Attempt.at, Attempt.page, Attempt.exercise, Attempt.answer, Attempt.correct.label("right"),
                           Attempt.try_number).where(Attempt.student_id == sid).order_by(Attempt.id))]
                out["games"] = [dict(r._mapping) for r in conn.execute(
                    select(GamePlayed.at, GamePlayed.game, GamePlayed.result, GamePlayed.length)
                    .where(GamePlayed.student_id == sid).order_by(GamePlayed.id))]
                draws: dict[str, dict[int, int]] = defaultdict(dict)
                for name, value, count in conn.execute(
                        select(ExperimentRow.name, Draw.value, func.sum(Draw.count))
                        .join(ExperimentRow, ExperimentRow.id == Draw.experiment_id)
                        .where(Draw.student_id == sid).group_by(ExperimentRow.name, Draw.value)):
                    draws[name][int(value)] = int(count)
                out["draws"] = {k: dict(sorted(v.items())) for k, v in draws.items()}
                return out
        return self._store._guard(run)

    def sent_position(self, game: str) -> Position | None:
        """The position the teacher sent the current class for ``game`` (the newest, unless
        withdrawn), or None. Read by the student's kernel; its board never shows the seed."""
        def run():
            with self._store._read() as conn:
                row = conn.execute(select(SentPosition.id, SentPosition.game, SentPosition.players,
                                          SentPosition.seed, SentPosition.withdrawn)
                                   .where(SentPosition.class_id == _current_class())
                                   .order_by(SentPosition.id.desc()).limit(1)).first()
            if row is None or row.withdrawn or row.game != game:
                return None
            return Position(row.id, row.game, row.players, row.seed)
        return self._store._guard(run)

    def draws(self, experiment: Experiment) -> tuple[Tally, Tally]:
        """``(mine, the class's)`` tallies of ``experiment`` in the current class. The class's is
        pooled and anonymous (the point of a class experiment); nobody else's own draws are given."""
        def run():
            with self._store._read() as conn:
                return (self._store._tally(conn, experiment, student_space=self.space),
                        self._store._tally(conn, experiment))
        return self._store._guard(run)



_TEACHER = object()


@dataclass
class ExerciseSummary:
    page: str
    exercise: str
    prompt: str
    students: int               # students who tried it
    first_try_right: int        # ... whose first try was right
    solved: int                 # ... who got it right at some try
    common_wrong: list[tuple[str, int]]   # most common wrong answers (answer, students who gave it)


@dataclass(frozen=True)
class Position:
    """A position sent to the class: ``game`` with ``players`` seats dealt from ``seed``
    (``id`` tells one sending from the next, so a board offers each sending once)."""

    id: int
    game: str
    players: int
    seed: int


@dataclass
class ExerciseDetail:
    """One student's work on one exercise (the class page's drill-down)."""

    page: str
    exercise: str
    prompt: str
    tries: int
    last_answer: str
    right: bool                 # right at some try
    first_try_right: bool
    stuck: bool                 # STUCK_WRONG or more wrong tries and none right


@dataclass
class StudentDetail:
    key: int
    exercises: list[ExerciseDetail]
    online: bool
    page: str | None            # the page they are on now, if online

    @property
    def stuck(self) -> list[ExerciseDetail]:
        return [e for e in self.exercises if e.stuck]


@dataclass
class StudentProgress:
    key: int                    # the student's row id (stable within the database)
    name: str                   # nickname, or "Student <label>" data for the page to render
    nickname: str | None
    label: str
    pages: list[str]            # distinct pages opened, in first-opened order
    attempts: int
    solved: int                 # distinct exercises answered right
    games: int
    online: bool
    page: str | None            # the page they are on now, if online
    seen: float | None = None   # when they were last seen: their latest presence or activity (UTC seconds)


class ClassRecord:
    """The teacher's view of the current class (only :meth:`Store.teacher` makes one)."""

    def __init__(self, store: Store, token: object) -> None:
        if token is not _TEACHER:
            raise AccessDenied("record.error.denied")
        self._store = store

    def check_writable(self) -> None:
        """Raise :class:`RecordError` with the database's own message if it cannot take a write now
        (a full disk, a read-only folder or file, a damaged file): the class page asks every few
        seconds, so the teacher learns that students' answers are not being kept. The write is
        real (the current class's row rewritten as it is), so it fails where theirs would."""
        def run():
            with self._store._write() as conn:
                conn.execute(sa.update(RecordClass).where(RecordClass.id == _current_class())
                             .values(started_at=RecordClass.started_at))
        self._store._guard(run)

    def class_id(self) -> int:
        def run():
            with self._store._read() as conn:
                return conn.execute(select(_current_class())).scalar_one()
        return self._store._guard(run)

    def version(self) -> tuple:
        """Changes whenever anything the class page shows may have changed (cheap to poll)."""
        def run():
            with self._store._read() as conn:
                cutoff = _now() - ONLINE_SECONDS
                maxima = [conn.execute(select(func.max(t.id))).scalar()
                          for t in (PageVisit, Attempt, GamePlayed, Draw, ExperimentRound, SentPosition)]
                students = conn.execute(select(func.count(Student.id), func.max(Student.id))).one()
                online = conn.execute(select(Student.id, Student.page, Student.nickname)
                                      .where(Student.last_seen >= cutoff).order_by(Student.id)).all()
                current = conn.execute(select(_current_class())).scalar()
                return (current, tuple(maxima), tuple(students), tuple(map(tuple, online)))
        return self._store._guard(run)

    def progress(self) -> list[StudentProgress]:
        """One row per student active in the current class (or online now), first seen first."""
        def run():
            with self._store._read() as conn:
                cid = conn.execute(select(_current_class())).scalar_one()
                cutoff = _now() - ONLINE_SECONDS
                pages: dict[int, list[str]] = defaultdict(list)
                for sid, page in conn.execute(select(PageVisit.student_id, PageVisit.page)
                                              .where(PageVisit.class_id == cid).order_by(PageVisit.id)):
                    if page not in pages[sid]:
                        pages[sid].append(page)
                attempts = dict(conn.execute(select(Attempt.student_id, func.count())
                                             .where(Attempt.class_id == cid).group_by(Attempt.student_id)).all())
                solved_rows = conn.execute(select(Attempt.student_id, Attempt.page, Attempt.exercise)
                                           .where(Attempt.class_id == cid, Attempt.correct.is_(True)).distinct()).all()
                solved = Counter(sid for sid, _, _ in solved_rows)
                games = dict(conn.execute(select(GamePlayed.student_id, func.count())
                                          .where(GamePlayed.class_id == cid).group_by(GamePlayed.student_id)).all())
                drew = set(conn.execute(select(Draw.student_id).where(Draw.class_id == cid).distinct()).scalars())
                active = set(pages) | set(attempts) | set(games) | drew
                latest: dict[int, float] = {}
                for t in (PageVisit, Attempt, GamePlayed, Draw):
                    for sid, at in conn.execute(select(t.student_id, func.max(t.at))
                                                .where(t.class_id == cid).group_by(t.student_id)):
                        latest[sid] = max(latest.get(sid, at), at)
                rows = []
                for s in conn.execute(select(Student.__table__).order_by(Student.id)):
                    online = s.last_seen is not None and s.last_seen >= cutoff
                    if s.id not in active and not online:
                        continue
                    rows.append(StudentProgress(
                        key=s.id, name=s.nickname or label_of(s.space), nickname=s.nickname,
                        label=label_of(s.space), pages=pages.get(s.id, []), attempts=attempts.get(s.id, 0),
                        solved=solved.get(s.id, 0), games=games.get(s.id, 0), online=online,
                        page=s.page if online else None,
                        seen=max((t for t in (s.last_seen, latest.get(s.id)) if t is not None), default=None)))
                return rows
        return self._store._guard(run)

    def exercises(self) -> list[ExerciseSummary]:
        """Per exercise of the current class: first-try right counts and common wrong answers."""
        def run():
            with self._store._read() as conn:
                cid = conn.execute(select(_current_class())).scalar_one()
                rows = conn.execute(select(Attempt.page, Attempt.exercise, Attempt.prompt, Attempt.student_id,
                                           Attempt.answer, Attempt.correct.label("right"), Attempt.try_number)
                                    .where(Attempt.class_id == cid).order_by(Attempt.id)).all()
            groups: dict[tuple[str, str], list] = {}
            for r in rows:
                groups.setdefault((r.page, r.exercise), []).append(r)
            out = []
            for (page, exercise), attempts in groups.items():
                first: dict[int, Any] = {}
                solved: set[int] = set()
                wrong: dict[str, set[int]] = defaultdict(set)
                for r in attempts:
                    first.setdefault(r.student_id, r)
                    if r.right:
                        solved.add(r.student_id)
                    else:
                        wrong[" ".join(r.answer.split())].add(r.student_id)
                common = sorted(((a, len(s)) for a, s in wrong.items()), key=lambda x: (-x[1], x[0]))[:COMMON_WRONG]
                out.append(ExerciseSummary(page, exercise, attempts[-1].prompt, len(first),
                                           sum(1 for r in first.values() if r.right and r.try_number == 1),
                                           len(solved), common))
            return sorted(out, key=lambda e: (e.page, _natural(e.exercise)))
        return self._store._guard(run)

    def experiments(self) -> list[Tally]:
        """The pooled tally of every experiment the current class has drawn for."""
        def run():
            with self._store._read() as conn:
                cid = conn.execute(select(_current_class())).scalar_one()
                defs = conn.execute(select(ExperimentRow.name, ExperimentRow.exact, ExperimentRow.event)
                                    .where(ExperimentRow.id.in_(select(Draw.experiment_id)
                                                                .where(Draw.class_id == cid)))
                                    .order_by(ExperimentRow.name)).all()
                return [self._store._tally(conn, Experiment.from_stored(*d), class_id=cid) for d in defs]
        return self._store._guard(run)

    def numbers(self) -> dict[int, int]:
        """Each student's number in the class (their place, first seen first), as the class
        page's "Student n": keyed by :attr:`StudentProgress.key`."""
        return {p.key: i + 1 for i, p in enumerate(self.progress())}

    def csv(self, lang: str = "en") -> str:
        """Every event of the current class, one per line. ``student`` is what the class page
        shows (the nickname, or "Student n" in ``lang``), ``student_number`` that n."""
        numbers = self.numbers()

        def run():
            with self._store._read() as conn:
                cid = conn.execute(select(_current_class())).scalar_one()
                nicknames = {s.id: s.nickname for s in conn.execute(select(Student.id, Student.nickname))}
                events = []
                for r in conn.execute(select(PageVisit.__table__).where(PageVisit.class_id == cid)):
                    events.append((r.at, "page", r.student_id, {"page": r.page}))
                for r in conn.execute(select(Attempt.__table__).where(Attempt.class_id == cid)):
                    events.append((r.at, "attempt", r.student_id, {
                        "page": r.page, "exercise": r.exercise, "answer": r.answer,
                        "right": int(r.correct), "try": r.try_number}))
                for r in conn.execute(select(GamePlayed.__table__).where(GamePlayed.class_id == cid)):
                    events.append((r.at, "game", r.student_id, {"game": r.game, "result": r.result,
                                                                 "length": r.length}))
                for at, sid, name, value, count in conn.execute(
                        select(Draw.at, Draw.student_id, ExperimentRow.name, Draw.value, Draw.count)
                        .join(ExperimentRow, ExperimentRow.id == Draw.experiment_id).where(Draw.class_id == cid)):
                    events.append((at, "draws", sid, {"experiment": name, "value": value, "count": count}))
            columns = ["time_utc", "kind", "student", "student_number", "page", "exercise", "answer", "right", "try",
                       "game", "result", "length", "experiment", "value", "count"]
            rows = []
            for at, kind, sid, data in sorted(events, key=lambda e: e[0]):
                rows.append({"time_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(at)), "kind": kind,
                             **_who(sid, nicknames.get(sid), numbers, lang), **data})
            return _csv_text(columns, rows)
        return self._store._guard(run)

    def summary_csv(self, lang: str = "en") -> str:
        """A row per student of the current class: who (as :meth:`csv`), pages opened,
        exercises right at the first try, exercises tried, games finished."""
        progress = self.progress()
        details = {p.key: self.student_detail(p.key) for p in progress}
        numbers = {p.key: i + 1 for i, p in enumerate(progress)}
        columns = ["student", "student_number", "pages_opened", "exercises_right_first_try", "exercises_tried",
                   "games_finished"]
        rows = [{**_who(p.key, p.nickname, numbers, lang), "pages_opened": len(p.pages),
                 "exercises_right_first_try": sum(1 for e in details[p.key].exercises if e.first_try_right),
                 "exercises_tried": len(details[p.key].exercises), "games_finished": p.games} for p in progress]
        return _csv_text(columns, rows)

    def student_detail(self, key: int) -> StudentDetail:
        """What the student ``key`` (:attr:`StudentProgress.key`) did in the current class: per
        exercise, tries, last answer, right or not, stuck or not; and where they are now."""
        def run():
            with self._store._read() as conn:
                cid = conn.execute(select(_current_class())).scalar_one()
                student = conn.execute(select(Student.last_seen, Student.page).where(Student.id == key)).first()
                rows = conn.execute(select(Attempt.page, Attempt.exercise, Attempt.prompt, Attempt.answer,
                                           Attempt.correct.label("right"), Attempt.try_number)
                                    .where(Attempt.class_id == cid, Attempt.student_id == key)
                                    .order_by(Attempt.id)).all()
            groups: dict[tuple[str, str], list] = {}
            for r in rows:
                groups.setdefault((r.page, r.exercise), []).append(r)
            out = []
            for (page, exercise), tries in groups.items():
                right = any(r.right for r in tries)
                wrong = sum(1 for r in tries if not r.right)
                out.append(ExerciseDetail(page, exercise, tries[-1].prompt, len(tries), tries[-1].answer, right,
                                          bool(tries[0].right and tries[0].try_number == 1),
                                          not right and wrong >= STUCK_WRONG))
            online = student is not None and student.last_seen is not None and \
                student.last_seen >= _now() - ONLINE_SECONDS
            return StudentDetail(key, sorted(out, key=lambda e: (e.page, _natural(e.exercise))), online,
                                 student.page if online else None)
        return self._store._guard(run)

    def reset_experiment(self, name: str) -> None:
        """Start a fresh round of the class experiment ``name``: the class's tally counts from
        zero again; every earlier draw stays in the record (and the CSV)."""
        def run():
            with self._store._write() as conn:
                exp_id = conn.execute(select(ExperimentRow.id).where(ExperimentRow.name == name)).scalar()
                if exp_id is None:
                    raise RecordError("record.error.bad_field", field="experiment", value=repr(name))
                newest = conn.execute(select(func.max(Draw.id))).scalar() or 0
                conn.execute(sa.insert(ExperimentRound).values(class_id=_current_class(), experiment_id=exp_id,
                                                               after_draw=newest, at=_now()))
        self._store._guard(run)

    def send_position(self, game: str, players: int, seed: int) -> Position:
        """Offer every student's ``game`` board a game of ``players`` dealt from ``seed``; it
        replaces any position sent before. A game, player count or seed the library would not
        take is refused (:class:`RecordError`) and nothing is sent."""
        from towerlib.core.rng import MAX_SEED
        from towerlib.registry import GAMES, game_module

        if game not in GAMES:
            raise RecordError("record.error.bad_field", field="game", value=repr(game))
        if isinstance(players, bool) or not isinstance(players, int) or players not in game_module(game).PLAYERS:
            raise RecordError("record.error.bad_field", field="players", value=repr(players))
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise RecordError("record.error.bad_field", field="seed", value=repr(seed))

        def run():
            with self._store._write() as conn:
                new_id = conn.execute(sa.insert(SentPosition).values(
                    class_id=_current_class(), at=_now(), game=game, players=players, seed=seed, withdrawn=False)
                    .returning(SentPosition.id)).scalar_one()
            return Position(new_id, game, players, seed)
        return self._store._guard(run)

    def withdraw_position(self) -> None:
        """Boards stop offering the position sent last."""
        def run():
            with self._store._write() as conn:
                conn.execute(sa.update(SentPosition).where(SentPosition.class_id == _current_class())
                             .values(withdrawn=True))
        self._store._guard(run)

    def sent_position(self) -> Position | None:
        """The position on offer to the current class, or None."""
        def run():
            with self._store._read() as conn:
                row = conn.execute(select(SentPosition.id, SentPosition.game, SentPosition.players,
                                          SentPosition.seed, SentPosition.withdrawn)
                                   .where(SentPosition.class_id == _current_class())
                                   .order_by(SentPosition.id.desc()).limit(1)).first()
            return None if row is None or row.withdrawn else Position(row.id, row.game, row.players, row.seed)
        return self._store._guard(run)

    def counts(self) -> dict[str, int]:
        """How much the current class's record holds (for the new-class confirmation)."""
        def run():
            with self._store._read() as conn:
                cid = conn.execute(select(_current_class())).scalar_one()
                out = {t.__tablename__: conn.execute(select(func.count()).select_from(t)
                                                     .where(t.class_id == cid)).scalar_one()
                       for t in (PageVisit, Attempt, GamePlayed, Draw)}
                out["students"] = len(set().union(*(
                    set(conn.execute(select(t.student_id).where(t.class_id == cid).distinct()).scalars())
                    for t in (PageVisit, Attempt, GamePlayed, Draw))))
                return out
        return self._store._guard(run)

    def new_class(self) -> int:
        """Archive the current class (its rows stay, marked with the time) and start a new one;
        returns the new class's id."""
        def run():
            with self._store._write() as conn:
                if conn.dialect.name == "postgresql":
                    conn.execute(sa.text("LOCK TABLE record_class IN EXCLUSIVE MODE"))
                now = _now()
                conn.execute(sa.update(RecordClass).where(RecordClass.archived_at.is_(None)).values(archived_at=now))
                return conn.execute(sa.insert(RecordClass).values(started_at=now).returning(RecordClass.id)).scalar_one()
        return self._store._guard(run)

    def archived(self) -> list[tuple[int, float, float]]:
        """``(id, started, archived)`` of every archived class, oldest first."""
        def run():
            with self._store._read() as conn:
                return [tuple(r) for r in conn.execute(
                    select(RecordClass.id, RecordClass.started_at, RecordClass.archived_at)
                    .where(RecordClass.archived_at.is_not(None)).order_by(RecordClass.id))]
        return self._store._guard(run)


#: What makes a spreadsheet read a cell as a formula (OWASP's CSV-injection rule).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _inert(value: Any) -> Any:
    """A CSV cell a spreadsheet will not run as a formula: a text cell starting with one of
    :data:`FORMULA_STARTS` gets a leading ``'`` (numbers are written as they are)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _who(sid: int, nickname: str | None, numbers: dict[int, int], lang: str) -> dict[str, Any]:
    """A student's CSV cells: the name the class page shows, and their number in the class."""
    from towerlib.core.i18n import tr

    n = numbers.get(sid)
    shown = nickname or (tr("record.page.student_n", lang, n=n) if n is not None else "")
    return {"student": shown, "student_number": n if n is not None else ""}


def _csv_text(columns: list[str], rows: Iterable[dict[str, Any]]) -> str:
    """CSV text of ``rows``, every cell made inert for spreadsheets (:func:`_inert`), whoever wrote it."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: _inert(v) for k, v in row.items()})
    return buffer.getvalue()


def _natural(text: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))


__all__ = ["AccessDenied", "ClassRecord", "ExerciseDetail", "ExerciseSummary", "NicknameRefused", "Position", "RecordError",
           "Store", "StudentDetail", "StudentProgress",
           "StudentRecord", "clean_nickname", "default_url"]
