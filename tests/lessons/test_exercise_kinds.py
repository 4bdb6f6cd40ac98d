"""Kind-aware marking: a percentage only for a probability, placeholders that show what a kind
accepts, a tolerance tighter than the distance to the likeliest wrong answer, choice exercises
with several equally right options, and the worked answer shown after "Right!"."""
from __future__ import annotations

from fractions import Fraction

import pytest

from widgets.exercises import Exercise


def test_a_percentage_is_wrong_for_a_variance_a_count_and_an_expectation():
    variance = Exercise("Variance?", Fraction(11, 12), kind="number")
    assert variance.check("11/12") and variance.check("0.917") and variance.check("0,92")
    assert not variance.check("92%") and not variance.check("91.7%")
    right, message = variance.feedback("92%")
    assert right is False and "not a probability" in message
    cards = Exercise("How many cards?", 6)
    assert cards.kind == "number" and cards.check("6") and cards.check("6.0")
    assert not cards.check("600%") and not cards.check("6%")
    expectation = Exercise("Expected damage?", Fraction(5, 2))
    assert expectation.kind == "number" and expectation.check("2.5") and not expectation.check("250%")
    probability = Exercise("P?", Fraction(11, 12))
    assert probability.kind == "fraction" and probability.check("91.7%") and probability.check("92%")


@pytest.mark.parametrize("answer, kind, form, en, ru", [
    (Fraction(1, 6), None, "fraction", "43%", "0,43"),
    (36, None, "count", "whole number", "целое число"),
    (Fraction(5, 3), None, "number", "5/3", "1,67"),
    (Fraction(11, 12), "number", "number", "5/3", "1,67"),
])
def test_the_placeholder_shows_the_forms_the_kind_accepts(answer, kind, form, en, ru):
    ex = Exercise("?", answer, kind=kind, lang="en")
    assert ex.form() == form and en in ex.widget.children[1].children[0].placeholder
    assert "%" not in ex.input.placeholder or form == "fraction"
    ex_ru = Exercise("?", answer, kind=kind, lang="ru")
    assert ru in ex_ru.widget.children[1].children[0].placeholder
    assert ex.feedback("abc")[0] is None and ("%" in ex.feedback("abc")[1]) is (form == "fraction")


def test_a_trap_tightens_the_tolerance():
    """1/(2 - h) with h = 0.9006...: the 1% rule would accept the h printed above the exercise."""
    h = Fraction(6530347008 - 653806855, 6530347008)
    answer = 1 / (2 - h)
    loose = Exercise("P?", answer)
    assert loose.check("0.9")                               # within 1% of 0.9086...: the old fault
    ex = Exercise("P?", answer, traps=[h])
    assert ex.tolerance < abs(answer - h) / answer
    for wrong in ("0.9", "0.900", "90%", "0.90", "90.1%", f"{float(h):.4f}"):
        assert not ex.check(wrong), wrong
    for right in ("0.909", "0.9086", "90.9%", "0.91", f"{answer.numerator}/{answer.denominator}"):
        assert ex.check(right), right


def test_a_trap_the_tolerance_would_accept_is_refused_when_the_exercise_is_made():
    with pytest.raises(ValueError):
        Exercise("P?", Fraction(1, 2), tolerance=Fraction(1, 10), traps=[Fraction(26, 50)])
    with pytest.raises(ValueError):
        Exercise("P?", Fraction(1, 2), traps=[Fraction(1, 2)])


def test_a_decimal_that_rounds_to_both_the_answer_and_a_trap_is_not_enough():
    ex = Exercise("P?", Fraction(909, 1000), traps=[Fraction(905, 1000)])
    assert not ex.check("0.91")                             # both round to 0.91: type more digits
    assert ex.check("0.909") and not ex.check("0.905")


def test_a_choice_exercise_accepts_every_equally_right_option():
    ex = Exercise("Which hold?", ["3 4", "3 4 6", "1 3 4"], choices=["1 1", "3 4", "3 4 6", "1 3 4"], lang="en")
    for right in ("3 4", "3 4 6", "1 3 4"):
        assert ex.check(right) and ex.submit(right) is True, right
    assert not ex.check("1 1") and ex.submit("1 1") is False
    ex._on_reveal()
    shown = ex.output.value
    assert all(option in shown for option in ("3 4,", "3 4 6", "1 3 4"))
    with pytest.raises(ValueError):
        Exercise("Which?", ["3 4", "9"], choices=["3 4", "1 1"])


def test_right_shows_the_worked_answer():
    ex = Exercise("P?", Fraction(13, 36), explanation="13 of the 36 re-rolls complete the run.", lang="en")
    assert ex.submit("0.361") is True
    assert "Right!" in ex.output.value and "13/36" in ex.output.value and "13 of the 36" in ex.output.value
    ru = Exercise("P?", Fraction(13, 36), lang="ru")
    assert ru.submit("0,361") is True and "13/36 ≈ 0,361" in ru.output.value
