"""What student pages record through widgets.record.hooks: the visit and presence, exercise
attempts with their try numbers, finished games and draws; and nothing where there is no student."""
from __future__ import annotations

import atexit
from fractions import Fraction

import pytest

from record_helpers import SPACES, TeacherPage
from towerlib.core.errors import InvalidOption
from widgets.record import Experiment, Store, hooks

DIE = Experiment("runes.one_die", {v: Fraction(1, 6) for v in range(1, 7)}, event={6})


class FakeExercise:
    def __init__(self, number: int, prompt: str) -> None:
        self.number, self.prompt = number, prompt


@pytest.fixture
def recorder(monkeypatch):
    fresh = hooks._Recorder()
    monkeypatch.setattr(hooks, "_recorder", fresh)
    yield fresh
    atexit.unregister(fresh._left)
    if fresh.store is not None:
        fresh.store.close()


def served_page(monkeypatch, tmp_path, page: str) -> None:
    """The kernel of ``page`` as Voila starts it: the request's path in ``SCRIPT_NAME``, the working
    folder the notebook's own in a served folder."""
    notebook = tmp_path / "served" / page
    notebook.parent.mkdir(parents=True, exist_ok=True)
    notebook.write_text("{}")
    monkeypatch.chdir(notebook.parent)
    monkeypatch.setenv("SCRIPT_NAME", f"/voila/render/{page}")


@pytest.fixture
def student_page(monkeypatch, recorder, sqlite_url, tmp_path):
    monkeypatch.setenv("SPELLTOWER_CLASSROOM", "1")
    monkeypatch.setenv("HTTP_X_SPELLTOWER_SPACE", SPACES[4])
    monkeypatch.delenv("HTTP_X_SPELLTOWER_TEACHER", raising=False)
    served_page(monkeypatch, tmp_path, "abracada/01_counting.ipynb")
    hooks.track_page(store_url=sqlite_url)
    return sqlite_url


def test_a_tracked_page_records_its_student(student_page):
    first, second = FakeExercise(1, "P(Dragon)?"), FakeExercise(2, "Odds?")
    hooks.exercise_attempt(first, "1/4", False)
    hooks.exercise_attempt(first, "5/21", True)
    hooks.exercise_attempt(second, "0.5", True)
    assert hooks.record_draws(DIE, [6, 6, 2]) == 3
    hooks.flush()
    mine = hooks.student().mine()
    assert [p["page"] for p in mine["pages"]] == ["abracada/01_counting.ipynb"]
    assert [(a["exercise"], a["answer"], a["right"], a["try_number"]) for a in mine["attempts"]] == [
        ("1", "1/4", False, 1), ("1", "5/21", True, 2), ("2", "0.5", True, 1)]
    assert mine["draws"] == {"runes.one_die": {2: 1, 6: 2}}
    mine_tally, pooled = hooks.tallies(DIE).result(10)
    assert mine_tally.total == 3 and pooled.total == 3
    [row] = Store(student_page).teacher(TeacherPage()).progress()
    assert row.online and row.page == "abracada/01_counting.ipynb"


@pytest.mark.parametrize("script, page", [
    ("/voila/render/abracada/01_counting.ipynb", "abracada/01_counting.ipynb"),
    ("/base/voila/render/abracada/01_counting.ipynb", "abracada/01_counting.ipynb"),   # a base URL
    ('/voila/render/-1+HYPERLINK("http://x","Open")/../abracada/01_counting.ipynb', "?"),
    ("/voila/render/=1/../abracada/01_counting.ipynb", "?"),
    ("/voila/render/abracada/./01_counting.ipynb", "?"),
    ("/voila/render/abracada//01_counting.ipynb", "?"),
    ("/voila/render/abracada/01_co%75nting.ipynb", "?"),                 # percent-encoded
    ("/voila/render/runes/01_counting.ipynb", "?"),                      # another folder
    ("/voila/render/abracada/02_made_up.ipynb", "?"),                    # no such notebook here
    ("/voila/render/@abracada/01_counting.ipynb", "?"),
    ("", "?"),
])
def test_the_record_keeps_only_the_name_of_the_page_served(monkeypatch, tmp_path, script, page):
    """Voila gives the kernel the request's raw path; only a plain path of this kernel's notebook is kept."""
    served_page(monkeypatch, tmp_path, "abracada/01_counting.ipynb")
    monkeypatch.setenv("SCRIPT_NAME", script)
    assert hooks.page_name() == page


def test_try_numbers_survive_a_reload(student_page, recorder, monkeypatch):
    hooks.exercise_attempt(FakeExercise(1, "q"), "1", False)
    hooks.flush()
    again = hooks._Recorder()                       # the page reloaded: a new kernel
    monkeypatch.setattr(hooks, "_recorder", again)
    hooks.track_page(store_url=student_page)
    hooks.exercise_attempt(FakeExercise(1, "q"), "2", False)
    hooks.flush()
    assert [a["try_number"] for a in hooks.student().mine()["attempts"]] == [1, 2]
    atexit.unregister(again._left)


def test_leaving_the_page_ends_presence(student_page, recorder):
    hooks.flush()
    recorder._left()
    [row] = Store(student_page).teacher(TeacherPage()).progress()
    assert not row.online and row.page is None


def test_a_finished_game_is_recorded(student_page):
    import towerlib.abracada as abracada
    import random

    game = abracada.new_game(players=2, seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(sorted(game.legal_actions(), key=str)))
    hooks.game_over(game, 0)
    hooks.flush()
    [played] = hooks.student().mine()["games"]
    outcome = game.outcome()
    verdict = "lost" if 0 not in outcome.winners else "won" if len(outcome.winners) == 1 else "shared win"
    assert played == {"at": played["at"], "game": "abracada", "result": f"{verdict} {outcome.scores[0]}",
                      "length": len(game.history)}


def test_a_bad_draw_raises_at_once(student_page):
    with pytest.raises(InvalidOption):
        hooks.record_draws(DIE, [1, 9])
    hooks.flush()
    assert hooks.student().mine()["draws"] == {}


def test_nothing_is_recorded_without_a_student(monkeypatch, recorder, sqlite_url):
    monkeypatch.delenv("SPELLTOWER_CLASSROOM", raising=False)
    monkeypatch.delenv("HTTP_X_SPELLTOWER_SPACE", raising=False)
    assert hooks.record_draws(DIE, [6]) == 1          # untracked page: a no-op, the lesson goes on
    assert hooks.tallies(DIE).result(1) is None
    hooks.track_page(store_url=sqlite_url)
    hooks.exercise_attempt(FakeExercise(1, "q"), "1", True)
    hooks.record_draws(DIE, [6])
    hooks.flush()
    assert hooks.student() is None and recorder.store is None


def test_a_broken_record_does_not_break_the_page(monkeypatch, recorder, tmp_path):
    (tmp_path / "record.sqlite3").write_bytes(b"not a database" * 50)
    monkeypatch.setenv("SPELLTOWER_CLASSROOM", "1")
    monkeypatch.setenv("HTTP_X_SPELLTOWER_SPACE", SPACES[4])
    hooks.track_page("p.ipynb", store_url=f"sqlite:///{tmp_path / 'record.sqlite3'}")
    hooks.exercise_attempt(FakeExercise(1, "q"), "1", True)
    hooks.flush()
    assert hooks.student() is None and recorder._fault is not None


def test_track_page_listens_to_the_exercises_hook(monkeypatch, student_page):
    from widgets import exercises

    listeners: list = []
    monkeypatch.setattr(exercises, "ATTEMPT_LISTENERS", listeners, raising=False)
    hooks.track_page()
    hooks.track_page()
    assert listeners == [hooks.exercise_attempt]
    for listener in listeners:                  # as widgets.exercises would call it
        listener(FakeExercise(4, "Which?"), "0.3", False)
    hooks.flush()
    assert [(a["exercise"], a["answer"]) for a in hooks.student().mine()["attempts"]] == [("4", "0.3")]


def test_the_database_layer_loads_only_when_a_page_writes(tmp_path):
    """SQLAlchemy costs every kernel ~20 MB and ~0.4 s of CPU: a page that records nothing (no
    student) never loads it, not even with a lesson's record panel; a student's page loads it,
    on the writer thread, with its first write."""
    import subprocess
    import sys

    code = (
        "import os, sys\n"
        "from widgets.record import hooks\n"
        "import widgets.record.panels\n"
        "hooks.track_page()\n"
        "hooks.flush()\n"
        "print('sqlalchemy' in sys.modules, end=' ')\n"
        "os.environ.update(SPELLTOWER_CLASSROOM='1', HTTP_X_SPELLTOWER_SPACE=sys.argv[1])\n"
        "hooks._recorder = hooks._Recorder()\n"
        "hooks.track_page(page='p.ipynb', store_url=sys.argv[2])\n"
        "hooks.flush()\n"
        "print('sqlalchemy' in sys.modules, hooks.student() is not None)\n")
    env = {k: v for k, v in __import__("os").environ.items()
           if k not in ("SPELLTOWER_CLASSROOM", "HTTP_X_SPELLTOWER_SPACE", "VOILA_PREHEAT")}
    out = subprocess.run([sys.executable, "-c", code, SPACES[5], f"sqlite:///{tmp_path / 'record.sqlite3'}"],
                         capture_output=True, text=True, check=True, env=env, timeout=120)
    assert out.stdout.split() == ["False", "True", "True"]
