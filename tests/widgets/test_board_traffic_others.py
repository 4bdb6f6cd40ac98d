"""What a student's move sends on the Runes, Das Amulett and SpellCaster boards, and their headings.

A class of 30 shares one server, so a render sets a widget's several traits in one message
(``hold_sync``): these tests count the widget messages of each move through a recording comm
(:class:`widget_page.Traffic`) and check that no widget is sent twice for one move, whatever the
move (the Runes dice a student held and re-rolls included). The panel titles are ``<h2>``, right
under the page's ``<h1>`` (axe heading-order). Abracada's are in ``test_board_traffic.py``.
"""
from __future__ import annotations

import random
import re

import pytest

from widget_page import Traffic, click, send_update
from widgets.amulett.board import AmulettBoard
from widgets.runes.board import RunesBoard
from widgets.spellcaster.board import SpellCasterBoard

BOARDS = {"runes": (RunesBoard, 3), "amulett": (AmulettBoard, 4), "spellcaster": (SpellCasterBoard, 2)}
MOVES = 40


def html_under(widget) -> str:
    """Every HTML value under ``widget``."""
    own = widget.value if hasattr(widget, "value") and isinstance(widget.value, str) else ""
    return own + "".join(html_under(child) for child in getattr(widget, "children", ()))


def student_move(board, rng: random.Random) -> str:
    """A random legal move, or on Runes, when the student may re-roll, "reroll" after holding a
    random die or two (the move releases them)."""
    view = board.game.view(board.seat, log=False)
    if isinstance(board, RunesBoard) and view["decision"] == "roll" and not board._reroll.disabled:
        for die in rng.sample(board._dice[:len(view["turn"]["dice"])], rng.randint(1, 2)):
            send_update(die, {"value": True})
        return "reroll"
    return rng.choice(view["legal"])


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_students_move_sends_each_widget_at_most_once(tmp_path, name):
    cls, players = BOARDS[name]
    rng = random.Random(5)
    with Traffic() as traffic:
        board = cls(players=players, seed=11, bot_delay=0, setup=False, autosave=False, saves_dir=str(tmp_path))
        moved = rerolled = 0
        while not board.game.is_over and moved < MOVES:
            action = student_move(board, rng)
            traffic.take()
            if action == "reroll":
                held = [d for d in board._dice if d.value]
                click(board._reroll)
                assert not any(d.value for d in held)     # the move released the held dice
                rerolled += 1
            else:
                assert board._play_student(action)
            updates = [cid for cid, kind, data, _size in traffic.take() if data.get("method") == "update"]
            assert updates, "a move sent nothing"
            assert len(updates) == len(set(updates)), f"a widget was sent twice for one move ({action})"
            moved += 1
    assert moved >= 10 and (rerolled > 0 or name != "runes")


@pytest.mark.parametrize("name", sorted(BOARDS))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_boards_headings_are_h2_under_the_pages_h1(tmp_path, name, lang):
    cls, players = BOARDS[name]
    board = cls(players=players, seed=3, bot_delay=0, lang=lang, autosave=False, saves_dir=str(tmp_path))
    assert re.findall(r"<(h\d)\b", html_under(board._setup_box)) == ["h2"]      # the set-up form's title
    click(board._form.start)
    rng = random.Random(1)
    seen = []
    for _ in range(30):
        if board.game.is_over:
            break
        seen += re.findall(r"<(h\d)\b", html_under(board._table))
        board._play_student(rng.choice(board.game.view(board.seat, log=False)["legal"]))
    assert seen and set(seen) == {"h2"}, seen
