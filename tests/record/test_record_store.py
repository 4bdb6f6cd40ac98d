"""The class record on SQLite and on PostgreSQL: what a student may write, read and clear, what
only the teacher's page may read, and that the class summaries equal an independent count."""
from __future__ import annotations

import csv
import io
import random
from collections import Counter, defaultdict
from fractions import Fraction

import pytest
import sqlalchemy as sa

from record_helpers import SPACES, TeacherPage
from towerlib.core.errors import InvalidOption
from widgets.classroom import Page
from widgets.record import AccessDenied, ClassRecord, Experiment, RecordError
from widgets.record.store import COMMON_WRONG

DIE = Experiment("runes.one_die", {v: Fraction(1, 6) for v in range(1, 7)}, event={6})


def test_a_student_writes_reads_and_clears_only_their_own_record(store):
    ann, bob = store.student(SPACES[0]), store.student(SPACES[1])
    ann.set_nickname("  Ann   the Owl ")
    ann.page_opened("abracada/01_counting.ipynb")
    ann.attempt("abracada/01_counting.ipynb", "1", "P(Dragon)?", "0.3", False, 1)
    ann.attempt("abracada/01_counting.ipynb", "1", "P(Dragon)?", "5/21", True, 2)
    ann.game_played("abracada", "won", 37)
    assert ann.record_draws(DIE, [6, 1, 6]) == 3
    bob.set_nickname("Bob")
    bob.page_opened("runes/play.ipynb")
    bob.record_draws(DIE, [2])

    mine = ann.mine()
    assert mine["nickname"] == "Ann the Owl"
    assert [p["page"] for p in mine["pages"]] == ["abracada/01_counting.ipynb"]
    assert [(a["answer"], a["right"], a["try_number"]) for a in mine["attempts"]] == [("0.3", False, 1), ("5/21", True, 2)]
    assert [(g["game"], g["result"], g["length"]) for g in mine["games"]] == [("abracada", "won", 37)]
    assert mine["draws"] == {"runes.one_die": {1: 1, 6: 2}}
    assert "Bob" not in repr(mine) and "runes/play.ipynb" not in repr(mine)

    ann.clear()
    assert ann.mine() == {"nickname": None, "label": SPACES[0][:8], "pages": [], "attempts": [], "games": [],
                          "draws": {}}
    assert bob.mine()["nickname"] == "Bob" and len(bob.mine()["pages"]) == 1
    ann.page_opened("abracada/02.ipynb")          # a cleared student can start again
    assert [p["page"] for p in ann.mine()["pages"]] == ["abracada/02.ipynb"]


def test_a_student_sees_the_class_tally_but_not_anyone_elses_draws(store):
    store.student(SPACES[0]).record_draws(DIE, [6] * 10)
    me = store.student(SPACES[1])
    me.record_draws(DIE, [1, 2, 3])
    mine, pooled = me.draws(DIE)
    assert mine.counts == {1: 1, 2: 1, 3: 1} and mine.total == 3
    assert pooled.counts == {1: 1, 2: 1, 3: 1, 6: 10} and pooled.students == 2
    assert pooled.estimate == Fraction(10, 13) and mine.estimate == 0


@pytest.mark.parametrize("page", [None, object(), Page(True, SPACES[0], False), Page(False, None, False),
                                  type("Forged", (), {"teacher": "1"})(), type("Forged", (), {"teacher": 1})()])
def test_the_class_record_answers_nothing_without_the_teacher_link(sqlite_store, page):
    store = sqlite_store
    store.student(SPACES[0]).page_opened("abracada/play.ipynb")
    with pytest.raises(AccessDenied) as err:
        store.teacher(page)
    assert "teacher link" in str(err.value) and "ссылке учителя" in err.value.message("ru")
    with pytest.raises(AccessDenied):
        ClassRecord(store, object())              # nor by building the class view by hand


def test_the_teacher_page_reads_the_class(store):
    store.student(SPACES[0]).page_opened("abracada/play.ipynb")
    teacher = store.teacher(Page(True, SPACES[5], True))
    [row] = teacher.progress()
    assert row.pages == ["abracada/play.ipynb"] and row.online and row.page == "abracada/play.ipynb"


@pytest.mark.parametrize("space", ["", "A" * 32, "0" * 31, "../" + "0" * 29, None, 123, "0" * 33])
def test_a_page_without_a_server_made_space_records_nothing(sqlite_store, space):
    store = sqlite_store
    with pytest.raises(AccessDenied):
        store.student(space)


@pytest.mark.parametrize("nickname", ["", "   ", "x" * 25, "<b>me</b>", "a;DROP TABLE", None, 7, "=1+1"])
def test_bad_nicknames_are_refused_and_change_nothing(sqlite_store, nickname):
    store = sqlite_store
    me = store.student(SPACES[0])
    me.set_nickname("Owl")
    with pytest.raises(RecordError) as err:
        me.set_nickname(nickname)
    assert "nickname" in str(err.value) and "Псевдоним" in err.value.message("ru")
    assert me.mine()["nickname"] == "Owl"


def test_a_bad_draw_refuses_the_whole_batch(store):
    me = store.student(SPACES[0])
    for batch in ([1, 7], [1, 2.0], [True], ["3"], [0]):
        with pytest.raises(InvalidOption):
            me.record_draws(DIE, batch)
    assert me.mine()["draws"] == {}
    me.record_draws(DIE, [1])
    with pytest.raises(RecordError):                  # the same name with another distribution
        me.record_draws(Experiment(DIE.name, {v: Fraction(1, 4) for v in range(1, 5)}), [1])
    assert me.record_draws(DIE, []) == 0 and me.mine()["draws"] == {DIE.name: {1: 1}}
    with pytest.raises(RecordError):
        me.attempt("p", "1", "q", "1", True, 0)
    with pytest.raises(RecordError):
        me.game_played("abracada", "won", -1)


def _random_class(store, rng: random.Random, students: int = 7):
    """Random attempts by several students; returns them as the test's own list."""
    done = []
    handles = [store.student(SPACES[i]) for i in range(students)]
    answers = ["1/3", "0.5", "2/7", "0.25", "7"]
    for _ in range(60):
        who = rng.randrange(students)
        page = rng.choice(["abracada/01.ipynb", "runes/01.ipynb"])
        exercise = str(rng.randint(1, 3))
        answer = rng.choice(answers)
        right = answer == "2/7"
        tries = sum(1 for d in done if d[:3] == (who, page, exercise)) + 1
        handles[who].attempt(page, exercise, f"Question {exercise}", answer, right, tries)
        done.append((who, page, exercise, answer, right, tries))
    return done


def test_exercise_summaries_equal_an_independent_count(store):
    done = _random_class(store, random.Random(21))
    summary = {(e.page, e.exercise): e for e in store.teacher(TeacherPage()).exercises()}
    expected_keys = {(p, e) for _, p, e, *_ in done}
    assert set(summary) == expected_keys
    for key in expected_keys:
        rows = [d for d in done if (d[1], d[2]) == key]
        firsts = {}
        for d in rows:
            firsts.setdefault(d[0], d)
        assert summary[key].students == len(firsts)
        assert summary[key].first_try_right == sum(1 for d in firsts.values() if d[4])
        assert summary[key].solved == len({d[0] for d in rows if d[4]})
        wrong = Counter()
        for answer in {d[3] for d in rows if not d[4]}:
            wrong[answer] = len({d[0] for d in rows if d[3] == answer and not d[4]})
        ranked = sorted(wrong.items(), key=lambda x: (-x[1], x[0]))[:COMMON_WRONG]
        assert summary[key].common_wrong == ranked


def test_progress_and_csv_list_every_event_of_the_current_class(store):
    done = _random_class(store, random.Random(5), students=4)
    store.student(SPACES[0]).game_played("runes", "lost", 12)
    store.student(SPACES[2]).page_opened("runes/play.ipynb")
    teacher = store.teacher(TeacherPage())
    progress = {p.label: p for p in teacher.progress()}
    for i in range(4):
        mine = [d for d in done if d[0] == i]
        assert progress[SPACES[i][:8]].attempts == len(mine)
        assert progress[SPACES[i][:8]].solved == len({(d[1], d[2]) for d in mine if d[4]})
    assert progress[SPACES[0][:8]].games == 1 and progress[SPACES[2][:8]].pages == ["runes/play.ipynb"]
    rows = list(csv.DictReader(io.StringIO(teacher.csv())))
    assert Counter(r["kind"] for r in rows) == {"attempt": len(done), "game": 1, "page": 1}
    number = {p.label: i + 1 for i, p in enumerate(teacher.progress())}     # the class page's "Student n"
    assert sorted((r["student"], r["student_number"], r["answer"]) for r in rows if r["kind"] == "attempt") == \
        sorted((f"Student {number[SPACES[d[0]][:8]]}", str(number[SPACES[d[0]][:8]]), d[3]) for d in done)
    assert not any(SPACES[i][:8] in teacher.csv() for i in range(4))       # never the space's hex label


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_csv_cells_cannot_become_spreadsheet_formulas(store, start):
    """Every text cell a student could have typed or caused (answer, page, exercise, nickname, game
    result) is neutralised by OWASP's rule; numbers and harmless text are left as they are."""
    typed = start + '1+HYPERLINK("http://x","Open-the-answers")'
    me = store.student(SPACES[0])
    me.set_nickname("Ann-1")                       # nicknames start with a letter or digit anyway
    me.attempt(typed, typed, "q", typed, False, 1)
    me.page_opened(typed)
    me.game_played("abracada", typed, 3)
    rows = list(csv.DictReader(io.StringIO(store.teacher(TeacherPage()).csv())))
    assert {r["kind"] for r in rows} == {"attempt", "page", "game"}
    cells = [v for r in rows for k, v in r.items() if v not in ("", None)]
    assert not [v for v in cells if v.startswith(("=", "+", "-", "@", "\t", "\r"))]
    attempt = next(r for r in rows if r["kind"] == "attempt")
    assert attempt["answer"] == attempt["page"] == attempt["exercise"] == "'" + typed
    assert attempt["student"] == "Ann-1" and attempt["try"] == "1" and attempt["right"] == "0"
    assert next(r for r in rows if r["kind"] == "game")["result"] == "'" + typed
    assert next(r for r in rows if r["kind"] == "page")["page"] == "'" + typed


def test_a_new_class_archives_the_record_without_deleting_it(store, url):
    done = _random_class(store, random.Random(1), students=3)
    store.student(SPACES[0]).record_draws(DIE, [6, 6])
    teacher = store.teacher(TeacherPage())
    before = teacher.counts()
    assert before["attempt"] == 60 and before["students"] == 3
    old = teacher.class_id()
    new = teacher.new_class()
    assert new != old and teacher.class_id() == new
    assert teacher.exercises() == [] and teacher.experiments() == [] and teacher.counts()["attempt"] == 0
    assert [a[0] for a in teacher.archived()] == [old]
    engine = sa.create_engine(url)
    with engine.connect() as conn:                # still in the database
        assert conn.exec_driver_sql(f"SELECT count(*) FROM attempt WHERE class_id = {old}").scalar() == 60
    engine.dispose()
    me = store.student(SPACES[0])
    me.attempt("p.ipynb", "1", "q", "1", True, 1)  # new activity goes to the new class
    assert teacher.counts()["attempt"] == 1
    assert len(me.mine()["attempts"]) == 1 + sum(1 for r in done if r[0] == 0)   # mine spans classes
    me.clear()                                     # ... and so does clearing it
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM student").scalar() == 2
    engine.dispose()


def test_experiment_tally_is_pooled_across_students(store):
    rng = random.Random(3)
    sent = defaultdict(list)
    for i in range(5):
        values = [rng.randint(1, 6) for _ in range(rng.randint(1, 40))]
        store.student(SPACES[i]).record_draws(DIE, values)
        sent[i] += values
    [tally] = store.teacher(TeacherPage()).experiments()
    everything = [v for vs in sent.values() for v in vs]
    assert tally.counts == dict(sorted(Counter(everything).items()))
    assert tally.students == 5 and tally.total == len(everything)
    assert tally.estimate == Fraction(everything.count(6), len(everything))
    assert tally.series[-1] == (len(everything), tally.estimate)
