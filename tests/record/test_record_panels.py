"""The student's own panels: nickname, their record shown and cleared; a class experiment's
"your draws, the class's draws" with both estimates and the exact answer."""
from __future__ import annotations

import atexit
import html
from fractions import Fraction

from pathlib import Path

import pytest

from record_helpers import SPACES
from towerlib.core.errors import InvalidOption
from widgets.record import Experiment, Store, hooks
from widgets.record.panels import DrawsPanel, RecordPanel

DIE = Experiment("runes.one_die", {v: Fraction(1, 6) for v in range(1, 7)}, event={6})


@pytest.fixture
def student_page(monkeypatch, sqlite_url):
    fresh = hooks._Recorder()
    monkeypatch.setattr(hooks, "_recorder", fresh)
    monkeypatch.setenv("SPELLTOWER_CLASSROOM", "1")
    monkeypatch.setenv("HTTP_X_SPELLTOWER_SPACE", SPACES[9])
    monkeypatch.chdir(Path(__file__).resolve().parents[2] / "notebooks" / "runes")   # as Voila runs the page
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/runes/01_dice_duel_odds.ipynb")
    hooks.track_page(store_url=sqlite_url)
    yield sqlite_url
    atexit.unregister(fresh._left)


def test_the_record_panel_names_shows_and_clears(student_page):
    panel = RecordPanel("en")
    hooks.flush()
    assert "the teacher sees you as a numbered student" in panel.message.value
    panel.nickname.value = "<script>"
    panel.save.click()
    assert "is not one" in panel.message.value and "<script>" not in panel.message.value
    panel.nickname.value = "  Quiet Owl "
    panel.save.click()
    hooks.flush()
    assert "the teacher sees you as Quiet Owl" in panel.message.value
    panel.show.click()
    hooks.flush()
    assert "1 pages opened, 0 answers (0 right), 0 games, 0 draws recorded" in panel.message.value
    panel.clear.click()
    assert panel.confirm.layout.display is None
    panel.no.click()
    hooks.flush()
    assert hooks.student().mine()["nickname"] == "Quiet Owl"
    panel.clear.click()
    panel.yes.click()
    hooks.flush()
    assert "deleted" in panel.message.value and hooks.student().mine()["pages"] == []


def test_the_record_panel_without_a_student(monkeypatch):
    monkeypatch.setattr(hooks, "_recorder", hooks._Recorder())
    panel = RecordPanel("ru")
    assert "ничего не записывается" in panel.message.value


def test_the_draws_panel_sets_mine_beside_the_class(student_page):
    Store(student_page).student(SPACES[1]).record_draws(DIE, [6] * 7 + [1] * 3)   # a classmate's ten
    panel = DrawsPanel(DIE, "en", refresh=None)
    assert panel.send([6, 2, 3, 4]) == 4
    hooks.flush()
    assert "Your 4 draws, the class's 14 draws" in html.unescape(panel.value)
    assert "your estimate 0.250, the class's 0.571, exact 1/6 ≈ 0.167" in html.unescape(panel.value)
    with pytest.raises(InvalidOption):
        panel.send([7])
    hooks.flush()
    assert "Your 4 draws" in html.unescape(panel.value)


def test_after_the_teachers_reset_the_class_counts_from_zero(student_page):
    from record_helpers import TeacherPage

    panel = DrawsPanel(DIE, "en", refresh=None)
    panel.send([6, 2, 3, 4])
    hooks.flush()
    Store(student_page).teacher(TeacherPage()).reset_experiment(DIE.name)
    panel.refresh()
    hooks.flush()
    assert "Your 4 draws, the class's 0 draws" in html.unescape(panel.value)
    panel.send([6])
    hooks.flush()
    assert "Your 5 draws, the class's 1 draws" in html.unescape(panel.value)
    assert "the class's 1.000" in html.unescape(panel.value)


def test_the_draws_panel_without_a_student_counts_the_page_alone(monkeypatch):
    monkeypatch.setattr(hooks, "_recorder", hooks._Recorder())
    panel = DrawsPanel(DIE, "ru", refresh=None)
    panel.send([6] * 1000 + [1] * 200)
    assert "Ваших испытаний: 1\u00a0200, испытаний класса: 1\u00a0200" in html.unescape(panel.value)
