"""Nicknames are stored NFKC-normalised, and one that looks like another student's in the same
class ("Аlice" with a Cyrillic А, full-width "Ａｌｉｃｅ", "ALICE", "A1ice") is refused."""
from __future__ import annotations

import atexit
import unicodedata

import pytest

from record_helpers import SPACES, TeacherPage
from widgets.record import Store, hooks, nickname
from widgets.record.lookalike import CONFUSABLES, skeleton
from widgets.record.store import NicknameRefused, clean_nickname

DISGUISES = ["\u0410lice", "Ａｌｉｃｅ", "ALICE", "alice", "A1ice", "AIice", "Alic\u0435", "\u0391lice", " Alice "]


def _in_class(store: Store, space: str):
    me = store.student(space)
    me.page_opened("index.ipynb")
    return me


def test_full_width_and_other_compatibility_forms_are_stored_plain():
    assert clean_nickname("Ａｌｉｃｅ") == "Alice"
    assert clean_nickname("ﬁnn") == "finn"                       # the ligature ﬁ: two letters
    with pytest.raises(NicknameRefused):
        clean_nickname("<b>")


@pytest.mark.parametrize("disguise", DISGUISES)
def test_a_disguised_copy_of_a_classmates_nickname_is_refused(store, disguise):
    alice = _in_class(store, SPACES[1])
    alice.set_nickname("Alice")
    mallory = _in_class(store, SPACES[2])
    with pytest.raises(NicknameRefused) as refused:
        mallory.set_nickname(disguise)
    assert "looks too much like" in refused.value.message("en") and mallory.nickname() is None
    assert alice.nickname() == "Alice"


def test_different_names_and_ones_own_are_fine(store):
    alice = _in_class(store, SPACES[1])
    alice.set_nickname("Alice")
    other = _in_class(store, SPACES[2])
    assert other.set_nickname("Alicia") == "Alicia" and other.set_nickname("Алиса") == "Алиса"
    assert alice.set_nickname("ALICE") == "ALICE"                  # one's own, re-cased
    classmates = [_in_class(store, s) for s in SPACES[3:6]]
    assert [c.set_nickname(n) for c, n in zip(classmates, ["Петя", "Петр", "Пётр"][:2])] == ["Петя", "Петр"]
    with pytest.raises(NicknameRefused):
        classmates[2].set_nickname("Пётр")                       # ё and е look alike


def test_only_the_current_class_counts(store):
    _in_class(store, SPACES[1]).set_nickname("Alice")
    store.teacher(TeacherPage()).new_class()
    newcomer = _in_class(store, SPACES[2])
    assert newcomer.set_nickname("Аlice") == "Аlice"                # last class's Alice is not here


def test_every_lookalike_imitates_a_latin_letter_or_digit():
    for char, latin in CONFUSABLES.items():
        name = unicodedata.name(char)
        assert name.split()[0] in ("CYRILLIC", "GREEK", "DIGIT", "LATIN", "VERTICAL"), name
        assert len(latin) == 1 and (latin.isascii() and latin.isalnum()), (char, latin)
    assert skeleton("Аlice") == skeleton("Alice") == skeleton("Ａｌｉｃｅ") == skeleton("AIICE") == "allce"


@pytest.fixture
def gate_page(monkeypatch, sqlite_url):
    fresh = hooks._Recorder()
    monkeypatch.setattr(hooks, "_recorder", fresh)
    monkeypatch.setattr(nickname, "_gate", nickname.NicknameGate())
    monkeypatch.setenv("SPELLTOWER_CLASSROOM", "1")
    monkeypatch.setenv("HTTP_X_SPELLTOWER_SPACE", SPACES[11])
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/index.ipynb")
    fresh.on_known.append(nickname.ask)
    yield fresh
    atexit.unregister(fresh._left)


def test_the_card_stays_up_with_the_reason_for_a_lookalike(gate_page, sqlite_url):
    _in_class(Store(sqlite_url), SPACES[1]).set_nickname("Alice")
    gate_page.start(None, sqlite_url)
    hooks.flush()
    gate = nickname._gate
    assert gate.is_open
    gate.field.value = "Ａlice"
    gate.go.click()
    hooks.flush()
    assert gate.is_open and "looks too much like" in gate.message.value
    gate.field.value = "Bob"
    gate.go.click()
    hooks.flush()
    assert not gate.is_open and Store(sqlite_url).student(SPACES[11]).nickname() == "Bob"
