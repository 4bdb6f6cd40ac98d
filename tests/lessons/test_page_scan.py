"""A scan of lesson pages as a student reads them (English and Russian): no code names or internal
labels in the text, and no exercise whose answer is printed on the page before it is asked.

A lesson joins by adding its notebook to :data:`SCANNED` (both languages are scanned).
"""
from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from page_text import page

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
SCANNED = ["runes/01_dice_duel_odds.ipynb", "runes/02_hold_or_reroll.ipynb", "runes/03_who_wins_the_duel.ipynb"]
PAGES = [NOTEBOOKS / name for name in SCANNED] + [NOTEBOOKS / Path(name).parent / "ru" / Path(name).name
                                                   for name in SCANNED]

#: What a student must never read: code, file, option and internal rule names.
CODE_NAMES = [
    (r"towerlib|widgets\.|\.py\b|RULES\.md|\bHOUSE\b|docstring|DuelBot|\bplanner\b|Fraction\(", "a code or file name"),
    (r"`", "a code span"),
    (r"\b[a-z]+_[a-z_]+\b", "an identifier"),
    (r"\b[A-Za-z]+\.[a-z_]+\(", "a function call"),
    (r"\b(?:[Rr]ules?|RULES?|правил[оа]?)\s+\d+", "an internal rule number"),
    (r"\b[WRFS]\d+\b", "an internal label"),
]

#: A decimal written with a point (Russian writes 0,43).
DECIMAL_POINT = r"(?<![\d.])\d+\.\d+(?![\d.])"
_NUMBER = re.compile(r"(?<![\w.,/])(\d[\d,.\u00a0 ]*(?:/\d+)?%?)")


def _numbers(text: str, lang: str) -> list[str]:
    """The numbers in ``text`` as a student would copy them (thousands separators removed)."""
    out = []
    for raw in _NUMBER.findall(text):
        raw = raw.strip().rstrip(".,").replace("\u00a0", "").replace(" ", "")
        if lang == "en":
            raw = re.sub(r"(?<=\d),(?=\d{3}\b)", "", raw)
        out.append(raw)
    return out


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_a_lesson_page_names_no_code_and_prints_no_answer_before_its_exercise(path):
    pieces = page(path)
    exercises = [p.exercise for p in pieces if p.exercise is not None]
    assert len(exercises) >= 3
    text = "\n".join(p.text for p in pieces)
    problems = [f"{what}: {sorted(set(found))[:8]}" for pattern, what in CODE_NAMES
                if (found := re.findall(pattern, text))]
    if "/ru/" in str(path) and (points := re.findall(DECIMAL_POINT, text)):
        problems.append(f"a decimal point in Russian: {sorted(set(points))[:8]}")
    seen: list[str] = []
    for piece in pieces:
        ex = piece.exercise
        if ex is None:
            seen += _numbers(piece.text, "ru" if "/ru/" in str(path) else "en")
            continue
        if ex.kind == "choice" or Fraction(ex._exact).denominator == 1:
            continue                          # a whole number is everywhere; choices are checked by hand
        copied = sorted({n for n in seen if ex.check(n)})
        if copied:
            problems.append(f"the answer to {ex.prompt!r} is printed above it as {copied}")
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


#: Guides scanned like the lessons (their "running the class" section names the server's commands and
#: pages on purpose: it tells the teacher how to start them).
GUIDES = ["runes"]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", GUIDES)
def test_a_guide_names_no_code(game, lang):
    from guides.test_guides import render

    text = "\n".join(body for name, body in render(game, lang) if name != "class")
    problems = [f"{what}: {sorted(set(found))[:8]}" for pattern, what in CODE_NAMES if (found := re.findall(pattern, text))]
    if lang == "ru" and (points := re.findall(DECIMAL_POINT, text)):
        problems.append(f"a decimal point in Russian: {sorted(set(points))[:8]}")
    assert not problems, f"{game} guide ({lang}):\n" + "\n".join(problems)
