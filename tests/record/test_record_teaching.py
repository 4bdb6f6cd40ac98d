"""The record behind the class page's teaching tools: an experiment's Reset (a new round), one
student's drill-down, the per-student summary CSV and a position sent to the class. Each is
checked against the test's own count of what the students did, on SQLite and PostgreSQL."""
from __future__ import annotations

import csv
import io
import random
from fractions import Fraction

import pytest

from record_helpers import SPACES, TeacherPage
from test_record_store import DIE, _random_class
from widgets.record.store import RecordError

FORMULA = ("=", "+", "-", "@", "\t", "\r")


def test_a_reset_starts_a_new_round_and_keeps_every_draw(store):
    first, second = store.student(SPACES[0]), store.student(SPACES[1])
    first.record_draws(DIE, [6, 6, 1])
    second.record_draws(DIE, [2])
    teacher = store.teacher(TeacherPage())
    [before] = teacher.experiments()
    assert before.total == 4 and before.round_at is None
    version = teacher.version()
    teacher.reset_experiment(DIE.name)
    assert teacher.version() != version                     # the class page redraws
    [fresh] = teacher.experiments()
    assert fresh.total == 0 and fresh.students == 0 and fresh.estimate is None and fresh.round_at is not None
    second.record_draws(DIE, [6, 3])
    [after] = teacher.experiments()
    assert after.counts == {3: 1, 6: 1} and after.students == 1 and after.estimate == Fraction(1, 2)
    mine, pooled = first.draws(DIE)                          # a student's own draws stay theirs
    assert mine.total == 3 and pooled.total == 2
    rows = [r for r in csv.DictReader(io.StringIO(teacher.csv())) if r["kind"] == "draws"]
    assert sum(int(r["count"]) for r in rows) == 6           # nothing deleted
    with pytest.raises(RecordError):
        teacher.reset_experiment("runes.never_drawn")


def test_the_drill_down_is_the_students_own_work(store):
    done = _random_class(store, random.Random(11), students=3)
    store.student(SPACES[1]).heartbeat("runes/01.ipynb")
    teacher = store.teacher(TeacherPage())
    keys = {p.label: p.key for p in teacher.progress()}
    for who in range(3):
        detail = teacher.student_detail(keys[SPACES[who][:8]])
        mine = [d for d in done if d[0] == who]
        expected = {}
        for _, page, exercise, answer, right, tries in mine:
            e = expected.setdefault((page, exercise), {"tries": 0, "last": None, "right": False, "wrong": 0,
                                                       "first": None})
            e["tries"] += 1
            e["last"] = answer
            e["right"] |= right
            e["wrong"] += not right
            e["first"] = right if e["first"] is None else e["first"]
        got = {(e.page, e.exercise): e for e in detail.exercises}
        assert set(got) == set(expected)
        for key, e in expected.items():
            assert (got[key].tries, got[key].last_answer, got[key].right, got[key].first_try_right) == \
                (e["tries"], e["last"], e["right"], e["first"])
            assert got[key].stuck == (not e["right"] and e["wrong"] >= 2)
        assert detail.stuck == [x for x in detail.exercises if x.stuck]
        assert (detail.online, detail.page) == ((True, "runes/01.ipynb") if who == 1 else (False, None))
    assert any(teacher.student_detail(k).stuck for k in keys.values())   # the seed makes someone stuck


def test_the_summary_csv_has_a_row_per_student(store):
    done = _random_class(store, random.Random(4), students=4)
    store.student(SPACES[0]).set_nickname("Owl")
    store.student(SPACES[0]).game_played("runes", "won 30", 40)
    store.student(SPACES[0]).game_played("runes", "lost 2", 33)
    store.student(SPACES[2]).page_opened("runes/play.ipynb")
    store.student(SPACES[2]).page_opened("abracada/play.ipynb")
    store.student(SPACES[2]).page_opened("runes/play.ipynb")
    teacher = store.teacher(TeacherPage())
    rows = list(csv.DictReader(io.StringIO(teacher.summary_csv())))
    number = {p.label: i + 1 for i, p in enumerate(teacher.progress())}
    assert len(rows) == 4
    for who in range(4):
        row = next(r for r in rows if r["student_number"] == str(number[SPACES[who][:8]]))
        mine = [d for d in done if d[0] == who]
        tried = {(d[1], d[2]) for d in mine}
        first_right = {(d[1], d[2]) for d in mine if d[5] == 1 and d[4]}
        assert row["student"] == ("Owl" if who == 0 else f"Student {number[SPACES[who][:8]]}")
        assert row["exercises_tried"] == str(len(tried)) and row["exercises_right_first_try"] == str(len(first_right))
        assert row["games_finished"] == str(2 if who == 0 else 0)
        assert row["pages_opened"] == str(2 if who == 2 else 0)
    assert "Ученик" in teacher.summary_csv("ru")


@pytest.mark.parametrize("start", FORMULA)
def test_no_summary_cell_becomes_a_formula(store, start):
    typed = start + 'HYPERLINK("http://x","Open-the-answers")'
    me = store.student(SPACES[0])
    me.attempt(typed, typed, "q", typed, False, 1)
    me.page_opened(typed)
    teacher = store.teacher(TeacherPage())
    for text in (teacher.summary_csv(), teacher.csv()):
        cells = [v for r in csv.DictReader(io.StringIO(text)) for v in r.values() if v]
        assert cells and not [v for v in cells if v.startswith(FORMULA)]


def test_a_position_sent_to_the_class_reaches_that_games_boards(store):
    teacher = store.teacher(TeacherPage())
    student = store.student(SPACES[5])
    assert teacher.sent_position() is None and student.sent_position("runes") is None
    sent = teacher.send_position("runes", 3, 2026)
    assert (sent.game, sent.players, sent.seed) == ("runes", 3, 2026)
    assert student.sent_position("runes") == sent == teacher.sent_position()
    assert student.sent_position("abracada") is None          # other games' boards are not offered it
    again = teacher.send_position("abracada", 2, 7)
    assert again.id != sent.id and student.sent_position("runes") is None
    assert student.sent_position("abracada") == again
    teacher.withdraw_position()
    assert student.sent_position("abracada") is None and teacher.sent_position() is None
    big = teacher.send_position("amulett", 3, 2**63 - 1)      # the library's largest seed
    assert student.sent_position("amulett").seed == 2**63 - 1
    teacher.new_class()                                       # a new class starts with nothing on offer
    assert student.sent_position("amulett") is None and big.id


@pytest.mark.parametrize("game, players, seed", [("chess", 2, 1), ("runes", 99, 1), ("runes", True, 1),
                                                  ("runes", 3, -1), ("runes", 3, 2**63), ("runes", 3, "7"),
                                                  ("runes", 3, True)])
def test_a_position_the_library_would_not_deal_is_refused(sqlite_store, game, players, seed):
    teacher = sqlite_store.teacher(TeacherPage())
    with pytest.raises(RecordError):
        teacher.send_position(game, players, seed)
    assert teacher.sent_position() is None


def test_every_sent_position_deals_a_game():
    """What the class page lets a teacher send, the library deals (every game, every count)."""
    from towerlib.registry import GAMES, game_module

    for game in GAMES:
        for players in game_module(game).PLAYERS:
            assert game_module(game).new_game(players, seed=12345).players == players

