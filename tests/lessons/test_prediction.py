"""A prediction: the student commits to a guess before the page shows the answer, the guess is
compared with it, and a reload shows the guess again, already locked."""
from __future__ import annotations

from widgets.exercises import AnswerStore
from widgets.lessons import Prediction

CHOICES = [("shorter", "shorter"), ("the same", "same"), ("longer", "longer")]


def test_the_answer_is_hidden_until_the_student_commits(tmp_path):
    p = Prediction("Does going first change the **length**?", CHOICES, "same", "Exactly the same: 10.1 turns.",
                   lang="en", store=AnswerStore(str(tmp_path)))
    assert p.reveal.layout.display == "none" and "10.1" in p.reveal.value
    assert p.commit(None) is None and p.reveal.layout.display == "none"      # nothing chosen: nothing shown
    assert p.commit("shorter") is False
    assert p.reveal.layout.display is None and p.input.disabled and p.button.disabled
    assert "shorter" in p.verdict.value and "the same" in p.verdict.value


def test_a_right_guess_is_told_so_in_both_languages(tmp_path):
    en = Prediction("Length?", CHOICES, "same", "…", lang="en")
    en.input.value = "same"
    en.button.click()
    assert en.guess == "same" and "Right" in en.verdict.value
    ru = Prediction("Длина?", [("короче", 1), ("та же", 2)], 2, "…", lang="ru")
    assert ru.commit(1) is False and "короче" in ru.verdict.value and "та же" in ru.verdict.value


def test_a_reload_shows_the_locked_guess(tmp_path):
    store = AnswerStore(str(tmp_path))
    Prediction("Length?", CHOICES, "same", "answer", store=store).commit("longer")
    again = Prediction("Length?", CHOICES, "same", "answer", store=store)
    assert again.guess == "longer" and again.input.disabled and again.reveal.layout.display is None
    other = Prediction("Another?", CHOICES, "same", "answer", store=store)
    assert other.guess is None and other.reveal.layout.display == "none"
