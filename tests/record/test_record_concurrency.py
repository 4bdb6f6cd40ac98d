"""30 students writing at once, each in its own process as each student has its own kernel,
into a database none of them has created yet: every record arrives, and nothing is lost."""
from __future__ import annotations

import multiprocessing
import traceback
from fractions import Fraction

import sqlalchemy as sa

from record_helpers import SPACES, TeacherPage
from widgets.record import Experiment, Store

WRITERS = 30
ROUNDS = 8                     # each round: a page, an attempt, a game and a batch of 3 draws
DIE = Experiment("runes.one_die", {v: Fraction(1, 6) for v in range(1, 7)})


def _student(url: str, i: int, start, errors) -> None:
    try:
        start.wait(60)                          # all open the (not yet created) database at once
        store = Store(url)
        me = store.student(SPACES[i])
        me.set_nickname(f"writer {i}")
        for r in range(ROUNDS):
            me.page_opened(f"page{r}.ipynb")
            me.attempt(f"page{r}.ipynb", str(r), "q", f"{i}/{r}", r % 2 == 0, 1)
            me.game_played("runes", f"round {r}", i + r)
            me.record_draws(DIE, [1 + (i + r) % 6] * 3)
        store.close()
    except BaseException:
        errors.put(f"writer {i}: {traceback.format_exc()}")


def test_thirty_concurrent_writers_lose_nothing(url):
    ctx = multiprocessing.get_context("fork")
    start, errors = ctx.Barrier(WRITERS), ctx.Queue()
    procs = [ctx.Process(target=_student, args=(url, i, start, errors)) for i in range(WRITERS)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(300)
    failures = []
    while not errors.empty():
        failures.append(errors.get())
    assert not failures, failures[0]
    assert [p.exitcode for p in procs] == [0] * WRITERS

    store = Store(url)
    teacher = store.teacher(TeacherPage())
    assert teacher.counts() == {"page_visit": WRITERS * ROUNDS, "attempt": WRITERS * ROUNDS,
                                "game_played": WRITERS * ROUNDS, "draw": WRITERS * ROUNDS, "students": WRITERS}
    progress = {p.nickname: p for p in teacher.progress()}
    assert set(progress) == {f"writer {i}" for i in range(WRITERS)}
    assert all(p.attempts == ROUNDS and p.games == ROUNDS and len(p.pages) == ROUNDS for p in progress.values())
    [tally] = teacher.experiments()
    assert tally.total == 3 * WRITERS * ROUNDS and tally.students == WRITERS
    answers = sorted(r["answer"] for i in range(WRITERS) for r in store.student(SPACES[i]).mine()["attempts"])
    assert answers == sorted(f"{i}/{r}" for i in range(WRITERS) for r in range(ROUNDS))
    store.close()
    engine = sa.create_engine(url)
    with engine.connect() as conn:              # the database was created exactly once
        assert conn.exec_driver_sql("SELECT count(*) FROM record_class").scalar() == 1
        assert conn.exec_driver_sql("SELECT count(*) FROM alembic_version").scalar() == 1
    engine.dispose()
