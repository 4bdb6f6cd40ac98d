"""The exercise checker: parsing, tolerances, the widget, and every exercise of every lesson."""
from __future__ import annotations

from fractions import Fraction

import pytest

from lesson_runner import LESSONS, REPO
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
    assert third.check("5/3") and third.check("1.667") and third.check("1,67") and not third.check("1.7")
    neg = Exercise("EV?", Fraction(-2, 21), kind="number")
    assert neg.check("-2/21") and neg.check("-0.095") and not neg.check("2/21")
    tol = Exercise("w?", 0.0312, kind="number", tolerance=0.002)
    assert tol.check("0.031") and tol.check("0.033") and not tol.check("0.035")


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
    assert en.reveal.layout.display == "none"
    en.submit("1/5")
    assert en.reveal.layout.display is None            # after two wrong tries the answer may be shown
    en._on_reveal()
    assert "1/4" in en.output.value
    ru = Exercise("P?", Fraction(1, 4), hint="посчитайте", lang="ru")
    assert ru.submit("0,25") is True and "Верно" in ru.output.value
    assert ru.submit("x") is None and "Не получается" in ru.output.value
    assert ru.button.description == "Проверить"


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(REPO / "notebooks")))
def test_every_lesson_exercise_accepts_right_and_rejects_wrong(executed_lessons, path):
    runs, _ = executed_lessons
    run = runs[path]
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
