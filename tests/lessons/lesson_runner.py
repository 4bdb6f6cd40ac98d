"""The ten Abracada lessons (English and Russian) that ``tests/lessons`` checks.

A module of its own (not conftest.py) so that its name is unique across the test folders. The
lessons are executed once per session by the shared runner, ``tests/notebook_runs.py``.
"""
from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
LESSON_DIR = REPO / "notebooks" / "abracada"
NAMES = ["01_meet_the_tower", "02_counting_stones", "03_what_do_i_hold", "04_which_spell_now",
         "05_let_the_bots_play"]
LESSONS = [LESSON_DIR / f"{n}.ipynb" for n in NAMES] + [LESSON_DIR / "ru" / f"{n}.ipynb" for n in NAMES]
