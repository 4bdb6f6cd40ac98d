"""A position the teacher sends to the class: every student's board of that game offers it,
"Play it" deals exactly that game, and the seed never reaches the student's page."""
from __future__ import annotations

import atexit
import json
from pathlib import Path

import pytest

from record_helpers import SPACES, TeacherPage
from towerlib import runes
from widgets import RunesBoard
from widgets.record import Store, hooks
from widgets.record.sent import SentPositionBanner

SEED = 987_654_321_123


@pytest.fixture
def student_page(monkeypatch, sqlite_url):
    fresh = hooks._Recorder()
    monkeypatch.setattr(hooks, "_recorder", fresh)
    monkeypatch.setenv("SPELLTOWER_CLASSROOM", "1")
    monkeypatch.setenv("HTTP_X_SPELLTOWER_SPACE", SPACES[9])
    monkeypatch.chdir(Path(__file__).resolve().parents[2] / "notebooks" / "runes")   # as Voila runs the page
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/runes/play.ipynb")
    hooks.track_page(store_url=sqlite_url)
    yield sqlite_url
    atexit.unregister(fresh._left)


def _state_text(widget) -> str:
    """Everything the page holds of ``widget`` and its children: their synced state."""
    seen, out, todo = set(), [], [widget]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        out.append(json.dumps(w.get_state(), default=str))
        todo.extend(getattr(w, "children", ()))
    return "\n".join(out)


def test_the_board_offers_the_sent_position_and_plays_it(student_page, tmp_path):
    teacher = Store(student_page).teacher(TeacherPage())
    board = RunesBoard(players=3, seat=0, bots="planner", lang="en", bot_delay=0, saves_dir=str(tmp_path))
    banner = SentPositionBanner(board, "runes", "en", poll=None)
    hooks.flush()
    assert banner.layout.display == "none"                       # nothing sent yet
    teacher.send_position("runes", 2, SEED)
    teacher.send_position("abracada", 4, 5)                      # the newest sending is another game's
    banner.check()
    hooks.flush()
    assert banner.layout.display == "none"
    teacher.send_position("runes", 2, SEED)
    banner.check()
    hooks.flush()
    assert banner.layout.display is None and "Your teacher sent a position (2 players)" in banner.text.value
    assert str(SEED) not in _state_text(banner) and str(SEED) not in _state_text(board)
    banner.relabel("ru")
    assert "Учитель прислал позицию (игроков: 2)" in banner.text.value and banner.play.description == "Играть её"
    banner.play.click()
    game = board.game
    assert game.players == 2 and board.seat == 0
    replay = runes.new_game(2, seed=SEED)
    for action in game.history:                                  # the bots may have moved already
        replay.apply(str(action))
    assert replay.to_json() == game.to_json()
    assert str(SEED) not in _state_text(board)
    banner.check()                                               # the same sending is not offered again
    hooks.flush()
    assert banner.play.layout.display == "none" and "Вы играете позицию" in banner.text.value
    teacher.send_position("runes", 3, 1)                         # a new sending is
    banner.check()
    hooks.flush()
    assert banner.play.layout.display is None


def test_without_a_student_nothing_is_offered(monkeypatch, tmp_path, sqlite_url):
    monkeypatch.setattr(hooks, "_recorder", hooks._Recorder())
    Store(sqlite_url).teacher(TeacherPage()).send_position("runes", 2, SEED)
    board = RunesBoard(players=3, seat=0, bots="planner", lang="en", bot_delay=0, saves_dir=str(tmp_path))
    banner = SentPositionBanner(board, "runes", "en", poll=None)
    assert banner.layout.display == "none"


@pytest.mark.parametrize("game", ["abracada", "runes", "amulett", "spellcaster"])
def test_every_board_deals_a_sent_position(game, tmp_path):
    """``play_position`` deals exactly ``new_game(players, seed)`` on each game's board, the student
    at the first seat, whatever the board was set to before."""
    import importlib

    from towerlib.registry import game_module

    board_class = {"abracada": "AbracadaBoard", "runes": "RunesBoard", "amulett": "AmulettBoard",
                   "spellcaster": "SpellCasterBoard"}[game]
    module = importlib.import_module("widgets" if game in ("abracada", "runes") else f"widgets.{game}")
    players = list(game_module(game).PLAYERS)
    board = getattr(module, board_class)(players=players[-1], seat=players[-1] - 1, lang="en", bot_delay=0,
                                         saves_dir=str(tmp_path))
    board.play_position(players[0], SEED)
    played = board.game
    assert played.players == players[0] and board.seat == 0
    replay = game_module(game).new_game(players[0], seed=SEED)
    for action in played.history:
        replay.apply(str(action))
    assert replay.to_json() == played.to_json()
