"""The class record's tables (SQLAlchemy 2 declarative models).

One database holds every class a server has taught. Each activity row names the class it
belongs to (:class:`RecordClass`), so "start a new class" only archives the current class row and
opens a new one: nothing is deleted, and an archived class can still be exported. Students are
pseudonymous: a row per browser *space* (the 32-hex name the classroom server derives from the
student's cookie, see :mod:`widgets.classroom`) with the nickname the student chose, never an
e-mail or a real name. Times are seconds since the epoch (UTC), the same on SQLite and
PostgreSQL.

The schema is created and upgraded only by the Alembic migrations in ``migrations/versions``;
``tests/record/test_migrations.py`` checks that they build exactly these tables.
"""
from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

PAGE_LENGTH = 200        # a page's path under the served folder, e.g. abracada/01_counting.ipynb
NICKNAME_LENGTH = 24
ANSWER_LENGTH = 120      # what a student typed is cut to this many characters
NAME_LENGTH = 80         # exercise keys, game names, results, experiment names


class Base(DeclarativeBase):
    pass


class RecordClass(Base):
    """One class (a group taught together); exactly one has ``archived_at`` None: the current one."""

    __tablename__ = "record_class"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    started_at: Mapped[float] = mapped_column(Float)
    archived_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class Student(Base):
    """A browser's pseudonymous identity: its server-made space and the nickname it chose.

    ``last_seen`` and ``page`` are the presence the class page shows ("online now, on page X");
    they are refreshed by the student's kernel while the page is open.
    """

    __tablename__ = "student"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    space: Mapped[str] = mapped_column(String(32), unique=True)
    nickname: Mapped[str | None] = mapped_column(String(NICKNAME_LENGTH), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    last_seen: Mapped[float | None] = mapped_column(Float, nullable=True)
    page: Mapped[str | None] = mapped_column(String(PAGE_LENGTH), nullable=True)


class PageVisit(Base):
    """A student opened a page (a lesson or a play page)."""

    __tablename__ = "page_visit"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("record_class.id"), index=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("student.id", ondelete="CASCADE"), index=True)
    at: Mapped[float] = mapped_column(Float)
    page: Mapped[str] = mapped_column(String(PAGE_LENGTH))


class Attempt(Base):
    """One press of Check on an exercise: what was typed, whether it was right, which try it was."""

    __tablename__ = "attempt"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("record_class.id"), index=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("student.id", ondelete="CASCADE"), index=True)
    at: Mapped[float] = mapped_column(Float)
    page: Mapped[str] = mapped_column(String(PAGE_LENGTH))
    exercise: Mapped[str] = mapped_column(String(NAME_LENGTH))
    prompt: Mapped[str] = mapped_column(Text)
    answer: Mapped[str] = mapped_column(String(ANSWER_LENGTH))
    correct: Mapped[bool] = mapped_column(Boolean)
    try_number: Mapped[int] = mapped_column(Integer)


class GamePlayed(Base):
    """A finished game: which game, the student's result and its length in actions."""

    __tablename__ = "game_played"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("record_class.id"), index=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("student.id", ondelete="CASCADE"), index=True)
    at: Mapped[float] = mapped_column(Float)
    game: Mapped[str] = mapped_column(String(NAME_LENGTH))
    result: Mapped[str] = mapped_column(String(NAME_LENGTH))
    length: Mapped[int] = mapped_column(Integer)


class Experiment(Base):
    """A class experiment's definition: the exact distribution its draws come from.

    ``exact`` is JSON ``{"value": "numerator/denominator", ...}`` and ``event`` JSON list of the
    values whose probability is estimated (null: the mean is estimated), so the class page can
    show the exact answer without importing the lesson that defined it.
    """

    __tablename__ = "experiment"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH), unique=True)
    exact: Mapped[str] = mapped_column(Text)
    event: Mapped[str | None] = mapped_column(Text, nullable=True)


class Draw(Base):
    """``count`` draws that came out ``value`` in one batch a student sent to an experiment."""

    __tablename__ = "draw"
    __table_args__ = (Index("ix_draw_class_experiment", "class_id", "experiment_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("record_class.id"))
    student_id: Mapped[int] = mapped_column(ForeignKey("student.id", ondelete="CASCADE"), index=True)
    experiment_id: Mapped[int] = mapped_column(ForeignKey("experiment.id"))
    at: Mapped[float] = mapped_column(Float)
    value: Mapped[int] = mapped_column(Integer)
    count: Mapped[int] = mapped_column(Integer)


class ExperimentRound(Base):
    """The teacher's Reset of a class experiment: the class's tally counts only draws after
    ``after_draw`` (the newest draw id at the Reset). Earlier draws stay in the record and the CSV."""

    __tablename__ = "experiment_round"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("record_class.id"), index=True)
    experiment_id: Mapped[int] = mapped_column(ForeignKey("experiment.id"))
    after_draw: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)


class SentPosition(Base):
    """A position the teacher sent to the class: a game, its player count and seed. Students'
    boards of that game offer the newest one of the current class; ``withdrawn`` ends the offer.
    The seed is read only by the students' kernels, never sent to their pages."""

    __tablename__ = "sent_position"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("record_class.id"), index=True)
    at: Mapped[float] = mapped_column(Float)
    game: Mapped[str] = mapped_column(String(NAME_LENGTH))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)      # up to towerlib.core.rng.MAX_SEED
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False)
