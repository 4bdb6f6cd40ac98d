"""Every board puts a finished game into the student's class record once (widgets.record.hooks)."""
from __future__ import annotations

import atexit
import random

import pytest

import towerlib.abracada as abracada
import towerlib.spellcaster as spellcaster
from widgets import AbracadaBoard, SpellCasterBoard
from widgets.record import hooks


def finished(module, players, seed):
    game = module.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


@pytest.mark.parametrize("board_class, module, players", [(AbracadaBoard, abracada, 3),
                                                          (SpellCasterBoard, spellcaster, 2)])
def test_a_finished_game_is_recorded_once(tmp_path, monkeypatch, board_class, module, players):
    calls = []
    monkeypatch.setattr(hooks, "game_over", lambda game, seat: calls.append((game.game_name, seat, game.is_over)))
    board = board_class(players=players, seat=0, bot_delay=0, saves_dir=str(tmp_path), autosave=None)
    board.open_game(module.new_game(players=players, seed=1), 0)
    board._autosave()
    assert calls == []                                   # a game still running is not recorded
    board.open_game(finished(module, players, 2), 0)
    board._autosave()
    board._autosave()                                    # the same finished game: recorded once
    assert calls == [(module.new_game(players=players, seed=1).game_name, 0, True)]


def test_a_finished_game_the_record_refuses_is_said_on_the_board(tmp_path, monkeypatch):
    """Fault injection: the record cannot be written (a damaged file) when a game ends; the
    board's status line says the game could not be saved, without a server path."""
    import html

    from towerlib.core.i18n import tr

    fresh = hooks._Recorder()
    monkeypatch.setattr(hooks, "_recorder", fresh)
    monkeypatch.setenv("SPELLTOWER_CLASSROOM", "1")
    monkeypatch.setenv("HTTP_X_SPELLTOWER_SPACE", "c" * 32)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    record = tmp_path / "record.sqlite3"
    record.write_bytes(b"SQLite format 3\x00" + b"\x07" * 4000)
    hooks.track_page("abracada/play.ipynb", store_url=f"sqlite:///{record}")
    board = AbracadaBoard(players=3, seat=0, bot_delay=0, saves_dir=str(tmp_path), autosave=None)
    board.open_game(finished(abracada, 3, 2), 0)
    board._autosave()
    hooks.flush()
    status = html.unescape(board._status.value)
    assert tr("fault.record", "en") in status and str(tmp_path) not in status
    atexit.unregister(fresh._left)
