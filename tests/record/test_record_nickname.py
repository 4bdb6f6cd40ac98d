"""A nickname first (widgets/record/nickname.py): the card over a student's page opens only for a
student without a nickname, saves a valid one and goes away, refuses a bad one, and never opens
for the teacher, without a student or over a broken record. In Chromium on a real server:
tests/browser/test_nickname_first.py."""
from __future__ import annotations

import atexit
from pathlib import Path

import pytest

from record_helpers import SPACES
from widgets.record import Store, hooks, nickname

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.fixture
def page(monkeypatch, sqlite_url):
    """A student's page on the classroom server, with its card (as a kernel would show it)."""
    fresh = hooks._Recorder()
    monkeypatch.setattr(hooks, "_recorder", fresh)
    monkeypatch.setattr(nickname, "_gate", nickname.NicknameGate())
    monkeypatch.setenv("SPELLTOWER_CLASSROOM", "1")
    monkeypatch.setenv("HTTP_X_SPELLTOWER_SPACE", SPACES[11])
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/runes/ru/01_dice_duel_odds.ipynb")
    monkeypatch.chdir(NOTEBOOKS / "runes" / "ru")      # Voila runs a page's kernel in its folder
    fresh.on_known.append(nickname.ask)
    yield fresh
    atexit.unregister(fresh._left)


def _open(recorder, sqlite_url) -> nickname.NicknameGate:
    recorder.start(None, sqlite_url)
    hooks.flush()
    return nickname._gate


def test_a_student_without_a_nickname_is_asked_first_and_the_card_goes_once_saved(page, sqlite_url):
    gate = _open(page, sqlite_url)
    assert gate.is_open and "псевдоним" in gate.heading.value          # the lesson's language: ru/
    gate.field.value = "<b>Owl</b>"
    gate.go.click()
    assert gate.is_open and "не подходит" in gate.message.value and "<b>" not in gate.message.value
    gate.field.value = "  Quiet Owl "
    gate.go.click()
    hooks.flush()
    assert not gate.is_open
    assert Store(sqlite_url).student(SPACES[11]).nickname() == "Quiet Owl"


def test_a_student_with_a_nickname_is_not_asked_again(page, sqlite_url):
    Store(sqlite_url).student(SPACES[11]).set_nickname("Owl")
    assert not _open(page, sqlite_url).is_open


def test_the_teacher_is_never_asked(page, sqlite_url, monkeypatch):
    monkeypatch.setenv("HTTP_X_SPELLTOWER_TEACHER", "1")
    assert not _open(page, sqlite_url).is_open


def test_a_page_without_a_student_is_never_asked(page, sqlite_url, monkeypatch):
    monkeypatch.delenv("HTTP_X_SPELLTOWER_SPACE")
    assert not _open(page, sqlite_url).is_open


def test_a_broken_record_never_shows_the_card(page, tmp_path):
    (tmp_path / "record.sqlite3").write_bytes(b"garbage" * 100)
    assert not _open(page, f"sqlite:///{tmp_path / 'record.sqlite3'}").is_open


def test_a_nickname_that_cannot_be_saved_still_lets_the_student_in(page, sqlite_url, monkeypatch):
    gate = _open(page, sqlite_url)
    monkeypatch.setattr(type(hooks.student()), "set_nickname", lambda self, name: 1 / 0)
    gate.field.value = "Owl"
    gate.go.click()
    hooks.flush()
    assert not gate.is_open


@pytest.mark.parametrize("page_name, query, server, lang", [
    ("abracada/ru/01_meet_the_tower.ipynb", "", "en", "ru"),
    ("abracada/01_meet_the_tower.ipynb", "lang=ru", "en", "ru"),
    ("runes/play.ipynb", "lang=ru", "en", "ru"),
    ("runes/play.ipynb", "", "ru", "ru"),
    ("runes/play.ipynb", "lang=xx", "de", "en"),
    ("index.ipynb", "", "", "en"),
])
def test_the_card_speaks_the_pages_language(monkeypatch, page_name, query, server, lang):
    monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.setenv("SPELLTOWER_LANG", server)
    assert nickname.page_language(page_name) == lang


def test_outside_a_kernel_or_when_turned_off_no_card_is_shown(monkeypatch):
    monkeypatch.setattr(nickname, "_gate", None)
    # Outside a kernel (an earlier test in the same process may have started an IPython shell).
    monkeypatch.setattr("IPython.get_ipython", lambda: None)
    assert nickname.show() is False and nickname._gate is None
    monkeypatch.setenv(nickname.ENABLED_ENV, "0")
    assert nickname.show() is False


def test_the_gallerys_language_switch_relabels_the_card(monkeypatch):
    monkeypatch.setattr(nickname, "_gate", nickname.NicknameGate("en"))
    nickname.relabel("ru")
    assert "Сначала выберите псевдоним" in nickname._gate.heading.value and nickname._gate.go.description == "Начать"


def test_the_chip_shows_the_nickname_and_changes_it(page, sqlite_url, monkeypatch):
    """Every tracked page (gallery, lessons, play pages) says "You are Owl" with a button that
    reopens the card holding the nickname; "Keep my nickname" closes it unchanged, a new one is saved."""
    chip = nickname.NicknameChip(nickname._gate, "en")
    monkeypatch.setattr(nickname, "_chip", chip)
    gate = _open(page, sqlite_url)
    assert gate.is_open and chip.layout.display == "none"        # no nickname yet: the card, no chip
    gate.field.value = "Owl"
    gate.go.click()
    hooks.flush()
    assert not gate.is_open and chip.layout.display is None and "Owl" in chip.text.value
    chip.relabel("ru")
    assert chip.text.value == "Вы — Owl." and chip.change.description == "Сменить псевдоним"
    chip.relabel("en")
    assert chip.text.value == "You are Owl." and chip.change.description == "Change nickname"
    chip.change.click()
    assert gate.is_open and gate.field.value == "Owl" and gate.keep.layout.display is None
    gate.keep.click()
    assert not gate.is_open and Store(sqlite_url).student(SPACES[11]).nickname() == "Owl"
    chip.change.click()
    gate.field.value = "Grey Owl"
    gate.go.click()
    hooks.flush()
    assert not gate.is_open and chip.text.value == "You are Grey Owl."
    assert Store(sqlite_url).student(SPACES[11]).nickname() == "Grey Owl"


def test_a_known_nickname_shows_on_the_chip_without_the_card(page, sqlite_url, monkeypatch):
    Store(sqlite_url).student(SPACES[11]).set_nickname("Owl")
    chip = nickname.NicknameChip(nickname._gate, "en")
    monkeypatch.setattr(nickname, "_chip", chip)
    gate = _open(page, sqlite_url)
    assert not gate.is_open and chip.layout.display is None and "Owl" in chip.text.value
    assert gate.keep.layout.display == "none"           # a first nickname has nothing to keep
