"""Issue #20.1: every exercise of every lesson (Abracada 1-5 and the Spell Runes lesson, English
and Russian) is answered with its exact answer, a near miss and zero, and shows an honest answer.

The lessons' code cells run in this process (no kernel: the pages must be quick to render, so
this is quick too); then each exercise the lesson made is driven through its widget, the way a
student would: typing the answer and pressing Enter, or Check.
"""
from __future__ import annotations

import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from lesson_cells import run_cells

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.rglob("[0-9][0-9]_*.ipynb") if ".ipynb_checkpoints" not in p.parts)
NEAR_MISS = Fraction(3, 100)        # 3% off, three significant figures: wrong under the 1% rule


def run_lesson(path: Path) -> list:
    """Run the lesson's code cells; returns the exercises it made, in order."""
    return run_cells(path)["_exercises"]


def sig(x: Fraction, figures: int, lang: str) -> str:
    """``x`` rounded to ``figures`` significant figures, trailing zeros kept (0.030, not 0.03)."""
    decimals = max(0, figures - 1 - math.floor(math.log10(abs(float(x))))) if x else figures
    text = f"{float(x):.{decimals}f}"
    return text.replace(".", ",") if lang == "ru" else text


def significant_figures(decimal_text: str) -> int:
    return len(decimal_text.replace(",", ".").replace("-", "").replace(".", "").lstrip("0"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_every_exercise_takes_the_exact_answer_and_refuses_a_near_miss_and_zero(path):
    made = run_lesson(path)
    assert len(made) >= 3, "at least three exercises per lesson"
    for ex in made:
        where = f"{path.name}: {ex.prompt!r}"
        if ex.kind == "choice":
            assert ex.submit(ex.answer) is True, where
            wrong = next(v for _, v in ex.choices if v != ex.answer)
            assert ex.submit(wrong) is False, where
            continue
        exact = Fraction(ex.answer) if not isinstance(ex.answer, float) else Fraction(ex.answer)
        lang = ex.lang
        # the exact answer, typed as the reveal shows it, and rounded to 3 and 2 significant figures
        assert ex.submit(ex.answer_text()) is True, f"{where} refused its exact answer"
        if exact.denominator != 1:
            for figures in (2, 3, 4):
                assert ex.check(sig(exact, figures, lang)), f"{where} refused {sig(exact, figures, lang)}"
            if ex.kind == "fraction":
                assert ex.check(sig(100 * exact, 3, lang) + "%"), f"{where} refused a percentage"
        # a near miss: 3% off for a decimal answer, one off for a count
        if exact == 0:
            misses = ["0.01", "1/50", "1%"]
        elif exact.denominator == 1 and ex.kind == "number":
            misses = [str(exact + 1), str(exact - 1)]
        else:
            misses = [sig(exact * (1 + NEAR_MISS), 3, lang), sig(exact * (1 - NEAR_MISS), 3, lang)]
            if exact.denominator != 1:
                near = exact + Fraction(1, exact.denominator * (exact.denominator + 1))
                misses.append(f"{near.numerator}/{near.denominator}")     # a wrong exact fraction, very close
        for miss in misses:
            assert ex.submit(miss) is False, f"{where} accepted the near miss {miss!r} (answer {ex.answer_text()})"
        # zero
        assert ex.submit("0") is (exact == 0), f"{where}: '0' marked wrongly"
        assert ex.check("0.0") is (exact == 0), f"{where}: '0.0' marked wrongly"
        # the revealed answer: the exact fraction and a decimal of at least two significant figures
        ex._on_reveal()
        shown = ex.output.value
        if exact.denominator == 1:
            assert str(exact.numerator) in shown, where
        elif not isinstance(ex.answer, float):
            assert f"{exact.numerator}/{exact.denominator}" in shown, where
        decimals = re.findall(r"-?\d+[.,]\d+", shown)
        if exact.denominator != 1:
            assert decimals and significant_figures(decimals[-1]) >= 2, f"{where} reveals {shown!r}"
            assert ex.check(decimals[-1]), f"{where}: the revealed decimal {decimals[-1]} is not itself right"
