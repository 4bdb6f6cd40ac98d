"""Named save/load on every board (GameTable's save panel, issue #15.3), and the one move path.

Every board gets the same panel: a name, Save, the list of the student's own saves, Open. The
tests drive it with the messages a page would send (``click``, ``send_update``), on each of the
four boards, and check that a classroom student sees and opens only their own saves.
"""
from __future__ import annotations

import random

import pytest
from towerlib.core.i18n import tr

from widget_page import click, send_update
from widgets import classroom
from widgets.abracada.board import AbracadaBoard
from widgets.amulett.board import AmulettBoard
from widgets.runes.board import RunesBoard
from widgets.spellcaster.board import SpellCasterBoard

BOARDS = {
    "abracada": (AbracadaBoard, "", {"players": 3}),
    "runes": (RunesBoard, "runes", {"players": 3}),
    "amulett": (AmulettBoard, "amulett", {"players": 3}),
    "spellcaster": (SpellCasterBoard, "spellcaster", {"players": 2}),
}
SPACE_A, SPACE_B = "a" * 32, "b" * 32


def make(name: str, saves_dir=None, seed: int = 5, **kw):
    cls, _sub, defaults = BOARDS[name]
    kw = {**defaults, **kw}
    return cls(bot_delay=0, setup=False, seed=seed, saves_dir=saves_dir, autosave=None if name == "abracada" else False,
               **kw)


def play_some(board, moves: int, rng: random.Random) -> None:
    """The student plays ``moves`` random legal moves (bots answer in between)."""
    for _ in range(moves):
        game = board.game
        if game.is_over or game.current_player != board.seat:
            break
        board._play_student(str(rng.choice(game.legal_actions())))


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_named_save_and_open_round_trip_on_every_board(tmp_path, name):
    board = make(name, saves_dir=str(tmp_path), seat=1)
    play_some(board, 4, random.Random(3))
    assert board._load.disabled                                  # nothing saved yet
    send_update(board._save_name, {"value": "after lunch"})
    click(board._save)
    assert tr("table.saved", "en", name="after lunch") in board._status.value
    sub = BOARDS[name][1]
    assert (tmp_path / sub / "after lunch.json").is_file()
    other = make(name, saves_dir=str(tmp_path), seed=99)
    assert "after lunch" in other._load_pick.options and not other._load.disabled
    send_update(other._load_pick, {"index": list(other._load_pick.options).index("after lunch")})
    click(other._load)
    assert other.game.to_json() == board.game.to_json()
    assert (other.seat, other._levels) == (1, board._levels)
    assert tr("table.loaded", "en", name="after lunch") in other._status.value


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_bad_name_is_refused_and_nothing_is_written(tmp_path, name):
    board = make(name, saves_dir=str(tmp_path))
    for bad in ("../escape", "a/b", ".hidden", "", "x" * 41):
        send_update(board._save_name, {"value": bad})
        click(board._save)
        assert tr("table.bad_name", "en") in board._status.value
    assert not list(tmp_path.rglob("*.json")) and not (tmp_path.parent / "escape.json").exists()


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_each_classroom_student_sees_and_opens_only_their_own_saves(tmp_path, monkeypatch, name):
    monkeypatch.setenv("SPELLTOWER_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv(classroom.CLASSROOM_ENV, "1")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv(classroom.TEACHER_ENV, raising=False)
    monkeypatch.setenv(classroom.SPACE_ENV, SPACE_A)
    a = make(name)
    send_update(a._save_name, {"value": "mine"})
    click(a._save)
    sub = BOARDS[name][1]
    assert (tmp_path / "saves" / "students" / SPACE_A / sub / "mine.json").is_file()
    monkeypatch.setenv(classroom.SPACE_ENV, SPACE_B)
    b = make(name, seed=8)
    before = b.game.to_json()
    assert "mine" not in b._load_pick.options and b._load.disabled
    b._load_pick.options = ["mine"]            # even a list forged to name A's save opens nothing
    b._load_pick.value = "mine"
    click(b._load)
    assert b.game.to_json() == before


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_refused_move_is_shown_and_changes_nothing(tmp_path, name):
    """The one move path: not the student's decision, or an action the engine refuses."""
    board = make(name, saves_dir=str(tmp_path))
    game = board.game
    before = game.to_json()
    assert board._play_student("no such action") is False and game.to_json() == before
    legal = set(map(str, game.legal_actions()))
    other = next(str(a) for a in _some_actions(name) if str(a) not in legal)
    assert board._play_student(other) is False
    assert game.to_json() == before
    assert board._status.value and "error" in board._status.value


def _some_actions(name: str) -> list[str]:
    """Canonical texts of this game that are rarely legal at the start."""
    return {"abracada": ["end", "cast 1", "cast 8"], "runes": ["end", "stop", "pass"],
            "amulett": ["bid 99", "move A01", "pass"], "spellcaster": ["end", "rest", "pass"]}[name]


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_corrupt_save_is_refused_in_words_and_changes_nothing(tmp_path, name):
    """Opening a save that is not one shows the board's load-failure message (every board has
    the words, its own or the shared ``table.load_failed``) and leaves the game as it was."""
    board = make(name, saves_dir=str(tmp_path))
    play_some(board, 2, random.Random(4))
    folder = tmp_path / BOARDS[name][1]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.json").write_text('{"not": "a save"}')
    board._refresh_saves()
    before = board.game.to_json()
    send_update(board._load_pick, {"index": list(board._load_pick.options).index("broken")})
    click(board._load)
    assert board.game.to_json() == before
    assert f'class="{board.CSS_PREFIX}-error"' in board._status.value
    key = board._message[0]
    assert key.endswith(".load_failed") and tr(key, "ru") != tr(key, "en")


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_new_games_failed_autosave_shows_at_once_without_server_paths(tmp_path, monkeypatch, name):
    """Fault injection: the disk is full when Start writes the first autosave. The status line
    says so as soon as the game opens (not at the next move), in words with no server path and
    no student space."""
    import errno
    import html

    from widgets import saves

    monkeypatch.setenv(classroom.CLASSROOM_ENV, "1")
    monkeypatch.setenv(classroom.SPACE_ENV, SPACE_A)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    cls, _sub, defaults = BOARDS[name]
    board = cls(bot_delay=0, setup=True, seed=5, saves_dir=str(tmp_path), **defaults)

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "students" / SPACE_A / "autosave.json"))
    monkeypatch.setattr(saves.tempfile, "mkstemp", full)
    click(board._form.start)
    assert board.game is not None                   # the game is on, unsaved
    status = html.unescape(board._status.value)
    assert tr("fault.disk_full", "en") in status, status
    assert str(tmp_path) not in status and SPACE_A not in status and "Errno" not in status
