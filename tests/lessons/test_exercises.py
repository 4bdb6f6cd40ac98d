"""The exercise checker: parsing, tolerances, the widget, and every exercise of every lesson."""
from __future__ import annotations

from fractions import Fraction

import pytest

from lesson_runner import LESSONS, REPO
from towerlib.core.i18n import tr
from widgets.exercises import Exercise, parse_number


@pytest.mark.parametrize("text, value, exact", [
    ("3/7", Fraction(3, 7), True), (" 3 / 7 ", Fraction(3, 7), True), ("0.43", Fraction(43, 100), False),
    ("0,43", Fraction(43, 100), False), ("43%", Fraction(43, 100), False), ("43,5 %", Fraction(435, 1000), False),
    ("12", Fraction(12), True), ("−2/21", Fraction(-2, 21), True), (".5", Fraction(1, 2), False),
    ("12.0", Fraction(12), False), ("5÷3", Fraction(5, 3), True),
])
def test_parse_number_reads_what_students_type(text, value, exact):
    assert parse_number(text) == (value, exact)


@pytest.mark.parametrize("text", ["", "abc", "1/0", "3/7%", "1,000.5", "1/2/3", "--1", "1e3"])
def test_parse_number_refuses_garbage(text):
    assert parse_number(text) is None


def test_fraction_exercise_accepts_exact_and_close_decimals_only():
    ex = Exercise("P?", Fraction(5, 21), lang="en")
    assert ex.kind == "fraction" and ex.check("5/21") and ex.check("10/42")
    assert ex.check("0.238") and ex.check("0.24") and ex.check("23.8%") and ex.check("24%")
    assert not ex.check("6/25")            # 0.24 as an exact fraction is a different number
    assert not ex.check("0.23") and not ex.check("0.2") and not ex.check("abc")


def test_number_exercise_whole_and_fractional():
    whole = Exercise("How many?", 36)
    assert whole.kind == "number" and whole.check("36") and whole.check("36.0")
    assert not whole.check("35") and not whole.check("36.4")
    third = Exercise("E?", Fraction(5, 3), kind="number")
    assert third.check("5/3") and third.check("1.667") and third.check("1,67") and third.check("1.7")
    assert not third.check("1.6") and not third.check("2")
    neg = Exercise("EV?", Fraction(-2, 21), kind="number")
    assert neg.check("-2/21") and neg.check("-0.095") and not neg.check("2/21")
    width = Exercise("w?", 0.0312, kind="number")          # a float answer: marked like a decimal
    assert width.check("0.031") and not width.check("3.12%") and not width.check("0.033") and not width.check("0.03")


@pytest.mark.parametrize("text, right", [
    # issue #20.1: 1/1296 = 0.000771604...; absolute tolerances used to accept anything near zero
    ("1/1296", True), ("0.00077", True), ("0,00077", True), ("0.077%", True), ("0.0007716", True),
    ("0.000772", True), ("0.0007720", True),
    ("0", False), ("0.0", False), ("0.005", False), ("0,004", False), ("0.001", False), ("0.0008", False),
    ("0.00078", False), ("0.08%", False), ("1/1295", False),
])
def test_small_probabilities_are_marked_honestly(text, right):
    assert Exercise("P(five of a kind)?", Fraction(1, 1296)).check(text) is right


def test_within_one_percent_or_rounded_to_the_digits_typed():
    ex = Exercise("P?", Fraction(2, 3))                 # 0.6666...
    assert ex.check("0.67") and ex.check("0.667") and ex.check("66.7%") and ex.check("0.6667")
    assert ex.check("0.665")                            # 0.25% off: within 1%
    assert ex.check("0.66")                             # 1.0% off: within 1% (truncated, still close)
    assert not ex.check("0.7") and not ex.check("0.65") and not ex.check("70%") and not ex.check("0")
    zero = Exercise("P?", Fraction(0), kind="fraction")
    assert zero.check("0") and zero.check("0.0") and zero.check("0%") and not zero.check("0.001")


def test_revealed_answer_is_exact_with_a_decimal_of_two_significant_figures():
    for answer, shown in [(Fraction(1, 1296), "1/1296 ≈ 0.000772"), (Fraction(5, 21), "5/21 ≈ 0.238"),
                          (Fraction(-2, 21), "-2/21 ≈ -0.0952"), (Fraction(7, 2), "7/2 ≈ 3.500")]:
        ex = Exercise("P?", answer, lang="en")
        ex.submit("1/2"), ex.submit("1/3")
        ex._on_reveal()
        assert shown in ex.output.value
    ru = Exercise("P?", Fraction(1, 1296), lang="ru")
    ru.widget
    ru._on_reveal()
    assert "1/1296 ≈ 0,000772" in ru.output.value


def test_enter_checks_the_answer():
    ex = Exercise("How many?", 36, lang="en")
    ex.widget
    ex.input.value = "36"
    ex.input._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "submit"}}}, "buffers": []})
    assert "exercise-right" in ex.output.value


def test_choice_exercise_by_value_or_label():
    ex = Exercise("Which?", 8, choices=[("6 Blizzard", 6), ("8 Magic Drink", 8)])
    assert ex.check(8) and ex.check("8") and ex.check("8 magic drink")
    assert not ex.check(6) and not ex.check("7")
    with pytest.raises(ValueError):
        Exercise("Which?", 9, choices=[1, 2])


def test_widget_feedback_in_both_languages():
    en = Exercise("P?", Fraction(1, 4), hint="count", lang="en")
    assert en.submit("1/4") is True and "Right" in en.output.value
    assert en.submit("1/3") is False and "Hint: count" in en.output.value
    assert en.reveal is None and len(en._row.children) == 2
    en.submit("1/5")
    assert en.reveal in en._row.children               # after two wrong tries the answer may be shown
    en.reveal.click()
    assert "1/4" in en.output.value
    ru = Exercise("P?", Fraction(1, 4), hint="посчитайте", lang="ru")
    assert ru.submit("0,25") is True and "Верно" in ru.output.value
    assert ru.submit("x") is None and "Не получается" in ru.output.value
    assert ru.button.description == "Проверить"


def test_exercises_share_their_unchanging_layout_and_style_models():
    """Each model is a message the page must set up: five exercises must not make a hundred."""
    import ipywidgets as ipw

    live = ipw.widgets.widget._instances                 # Widget.widgets, without its deprecation warning
    before = set(live)
    made = [Exercise(f"P{i}?", Fraction(1, 3)) for i in range(5)] + [Exercise("Which?", 2, choices=[1, 2])]
    for ex in made:
        ex.widget
    new = [live[k] for k in set(live) - before]
    assert len(new) <= 6 * len(made) + 8, f"{len(new)} models for {len(made)} exercises"
    assert made[0].input.layout is made[1].input.layout and made[0].button.style is made[1].button.style
    shared = made[0].input.layout
    for ex in made:                                      # the page goes: its models are closed
        ex.widget.close()
    shared.close()
    again = Exercise("P?", Fraction(1, 3))               # a closed shared model is made again
    assert again.widget and again.input.layout is not shared and again.input.layout.comm is not None


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(REPO / "notebooks")))
def test_every_lesson_exercise_accepts_right_and_rejects_wrong(notebook_runs, path):
    run = notebook_runs[path]
    assert run.error is None, run.error
    assert len(run.exercises) >= 3, "at least three exercises per lesson"
    for ex in run.exercises:
        for text, checked, shown in ex["accepts"]:
            assert checked and shown, f"{ex['prompt']!r} refused the right answer {text!r}"
        assert ex["rejects"], f"{ex['prompt']!r}: no wrong answer tried"
        for text, checked, shown in ex["rejects"]:
            assert not checked and shown is False, f"{ex['prompt']!r} accepted the wrong answer {text!r}"
        if ex["kind"] != "choice":
            assert ex["unreadable"] is None, "garbage is reported as unreadable, not as wrong"


def test_answers_are_kept_across_a_reload_in_the_students_own_space(tmp_path, monkeypatch):
    """#20.5: on the classroom server a checked answer is written to the student's own save
    space; the same exercise built again (a reload) shows it, with its feedback and tries."""
    from widgets import classroom
    from widgets.exercises import AnswerStore

    store = AnswerStore(str(tmp_path))
    first = Exercise("P(Dragon)?", Fraction(5, 21), lang="en", store=store)
    assert first.submit("0.2") is False and first.submit("0.3") is False
    assert first.submit("0.238") is True
    again = Exercise("P(Dragon)?", Fraction(5, 21), lang="en", store=store)
    again.widget
    assert again.input.value == "0.238" and "exercise-right" in again.output.value and again.tries == 2
    assert again.reveal in again._row.children
    other_lesson = Exercise("Another question?", Fraction(1, 3), lang="en", store=store)
    other_lesson.widget
    assert other_lesson.input.value == "" and other_lesson.output.value == ""
    files = list((tmp_path / "lessons").glob("answer-*.json"))
    assert len(files) == 1 and "P(Dragon)" not in files[0].read_text()
    files[0].write_text("{corrupt")                     # a damaged file is ignored, not shown
    fresh = Exercise("P(Dragon)?", Fraction(5, 21), lang="en", store=store)
    fresh.widget
    assert fresh.input.value == "" and fresh.tries == 0
    choice = Exercise("Which?", 8, choices=[("6 Blizzard", 6), ("8 Magic Drink", 8)], store=store)
    assert choice.submit(6) is False
    reloaded = Exercise("Which?", 8, choices=[("6 Blizzard", 6), ("8 Magic Drink", 8)], store=store)
    reloaded.widget
    assert reloaded.input.value == 6 and "exercise-wrong" in reloaded.output.value
    # Outside a classroom server nothing is written anywhere by default.
    monkeypatch.setattr(classroom, "in_classroom", lambda: False)
    assert Exercise("P?", Fraction(1, 2)).store is None


def test_classroom_answers_go_to_each_students_own_folder(tmp_path, monkeypatch):
    from widgets import classroom
    from widgets.exercises import default_store

    monkeypatch.setenv("SPELLTOWER_SAVES", str(tmp_path))
    monkeypatch.setenv(classroom.CLASSROOM_ENV, "1")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    for space in ("a" * 32, "b" * 32):
        monkeypatch.setenv(classroom.SPACE_ENV, space)
        ex = Exercise("Q?", Fraction(1, 2), store=default_store())
        ex.submit("1/2")
    for space in ("a" * 32, "b" * 32):
        assert len(list((tmp_path / "students" / space / "lessons").glob("answer-*.json"))) == 1
    monkeypatch.setenv(classroom.SPACE_ENV, "not-a-space")
    ex = Exercise("Q?", Fraction(1, 2), store=default_store())
    assert ex.submit("1/2") is True                    # no space: marked, but nothing kept


SPACE_A, SPACE_B = "a" * 32, "b" * 32


def _classroom(monkeypatch, tmp_path):
    from widgets import classroom

    monkeypatch.setenv("SPELLTOWER_SAVES", str(tmp_path))
    monkeypatch.setenv(classroom.CLASSROOM_ENV, "1")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv(classroom.SPACE_ENV, raising=False)
    return classroom


def test_two_students_answers_never_mix(tmp_path, monkeypatch):
    """Each student's reload shows their own last answer, never the other's."""
    from widgets.exercises import default_store

    classroom = _classroom(monkeypatch, tmp_path)
    for space, text in ((SPACE_A, "0.2"), (SPACE_B, "1/2")):
        monkeypatch.setenv(classroom.SPACE_ENV, space)
        Exercise("Q?", Fraction(1, 2), store=default_store()).submit(text)
    for space, text, mark in ((SPACE_A, "0.2", "exercise-wrong"), (SPACE_B, "1/2", "exercise-right")):
        monkeypatch.setenv(classroom.SPACE_ENV, space)
        again = Exercise("Q?", Fraction(1, 2), store=default_store())
        again.widget
        assert again.input.value == text and mark in again.output.value
        assert again.tries == (1 if space == SPACE_A else 0)


def test_a_preheated_lesson_restores_its_students_answers_once_the_page_is_requested(tmp_path, monkeypatch):
    """In a kernel Voila preheats, the lesson's cells run before anyone asks for the page: an
    exercise is built at once (no cell waits for the student) and shows the answers of the
    student whose request arrives, and only theirs; what it writes next goes to that student."""
    import asyncio
    import json
    import os
    import threading
    import time

    from widgets.exercises import AnswerStore, default_store

    classroom = _classroom(monkeypatch, tmp_path)
    for space, text in ((SPACE_A, "0.2"), (SPACE_B, "1/2")):      # answered earlier, in cold kernels
        monkeypatch.setenv(classroom.SPACE_ENV, space)
        Exercise("Q?", Fraction(1, 2), store=default_store()).submit(text)
    monkeypatch.delenv(classroom.SPACE_ENV)
    request = threading.Event()

    def fake_fetch():                    # Voila's query websocket: the page's request arrives later
        assert request.wait(30)
        os.environ[classroom.SPACE_ENV] = SPACE_B

    monkeypatch.setattr(classroom, "_fetch_request", fake_fetch)
    monkeypatch.setattr(classroom, "_listener", classroom._Listener())
    monkeypatch.setattr(classroom, "WAIT_SECONDS", 30.0)
    monkeypatch.setenv("VOILA_PREHEAT", "True")

    async def lesson():
        t0 = time.monotonic()
        ex = Exercise("Q?", Fraction(1, 2), store=default_store())
        ex.widget                                        # the cell runs while nobody is known
        assert time.monotonic() - t0 < 10, "the cell waited for the student"
        assert not request.is_set() and ex.input.value == "" and ex.output.value == ""
        request.set()                                    # the page is requested: student B
        for _ in range(200):
            if ex.input.value:
                break
            await asyncio.sleep(0.05)
        assert ex.input.value == "1/2" and "exercise-right" in ex.output.value
        assert ex.submit("0.5") is True
        return ex

    ex = asyncio.run(lesson())
    name = AnswerStore.name(ex) + ".json"
    lessons = tmp_path / "students"
    assert json.loads((lessons / SPACE_B / "lessons" / name).read_text())["answer"] == "0.5"
    assert json.loads((lessons / SPACE_A / "lessons" / name).read_text())["answer"] == "0.2"


def test_a_restored_answer_never_overwrites_what_the_student_typed_first(tmp_path, monkeypatch):
    from widgets.exercises import default_store

    classroom = _classroom(monkeypatch, tmp_path)
    monkeypatch.setenv(classroom.SPACE_ENV, SPACE_A)
    Exercise("Q?", Fraction(1, 2), store=default_store()).submit("0.2")
    late = []
    monkeypatch.setattr(classroom, "when_known", lambda callback: late.append(callback))
    ex = Exercise("Q?", Fraction(1, 2), store=default_store())
    assert ex.submit("1/2") is True                      # typed before the student was known
    late[0](classroom.current())
    assert ex.input.value == "1/2" and "exercise-right" in ex.output.value


@pytest.mark.parametrize("text", ["1" * 4301, "1/" + "3" * 5000, "0." + "2" * 5000, "7" * 201, "x" * 10_000])
def test_any_answer_text_is_read_or_refused_with_a_message(text):
    """Past Python's 4,300-digit limit on reading an int, Check used to raise inside its handler
    and show nothing; every text now gets a message, and a long one is refused by its length."""
    ex = Exercise("P(Dragon)?", Fraction(5, 21), lang="en", store=None)
    assert ex.submit(text) is None
    assert tr("lesson.exercise.too_long", "en", length=len(text), max=200) in ex.output.value
    assert ex.tries == 0


def test_long_digit_strings_are_not_numbers_rather_than_errors():
    assert parse_number("1" * 4301) is None and parse_number("1/" + "9" * 4400) is None
    assert parse_number("1" * 150) == (Fraction(int("1" * 150)), True)
