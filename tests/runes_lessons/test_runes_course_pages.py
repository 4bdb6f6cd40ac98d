"""Spell Runes lessons 2 and 3 read as a course too: the course-page checks that lesson 1 and
Abracada's lessons pass (a title with its number, the Gallery · Play · Previous · Next row at both
ends in the page's language, no code names), run on them."""
from __future__ import annotations

from pathlib import Path

import pytest

from lessons import test_course_pages as course        # a module, so its tests are not collected again here

FOLDER = Path(__file__).resolve().parents[2] / "notebooks" / "runes"
PAGES = [FOLDER / lang / name for lang in ("", "ru") for name in ("02_hold_or_reroll.ipynb", "03_who_wins_the_duel.ipynb")]


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(FOLDER)))
def test_a_runes_lesson_reads_as_a_course_page(path):
    course.test_lesson_title_names_its_number_and_topic(path)
    course.test_lesson_links_gallery_play_previous_and_next_in_its_language(path)
    course.test_no_code_names_in_what_students_read(path)
