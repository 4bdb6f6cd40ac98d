"""The SpellCaster board without a browser: honesty (two worlds), forged messages, Russian, a whole game.

``get_state()`` is what would be synced to the page and ``_handle_msg`` is the exact entry point
of a message from the page (see ``widget_page``).
"""
from __future__ import annotations

import random
from html import escape

import pytest
import towerlib.spellcaster as spellcaster
from towerlib.core.i18n import tr

from widget_page import click, tree_states
from widgets.spellcaster import SpellCasterBoard

PLAIN = [0, 1, 1, 4]


def board_for(game, seat=0, bots="random", **kw) -> SpellCasterBoard:
    board = SpellCasterBoard(players=game.players, seat=seat, bots=bots, bot_delay=0, setup=False, autosave=False, **kw)
    board.open_game(game, seat, bots)
    return board


def live_buttons(board):
    buy = [board._buy_button] if board._buy_box.layout.display != "none" and not board._buy_button.disabled else []
    return ([b for b in board._move_buttons if not b.disabled and b.layout.display != "none"]
            + [b for b in board._points.values() if not b.disabled] + buy)


def position(seed, players, steps):
    """A random game stopped at the student's (seat 0's) decision after about ``steps`` actions."""
    game = spellcaster.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
    while not game.is_over and game.current_player != 0:
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
    return game


@pytest.mark.parametrize("players,seed,steps", [(2, 1, 40), (3, 2, 90), (4, 3, 150), (2, 4, 70)])
def test_two_worlds_give_identical_widget_state(players, seed, steps):
    """Re-dealt face-down cards, deck orders and future rolls give byte-identical widget state,
    also after the student's clicks, while the student's views agree."""
    game = position(seed, players, steps)
    assert not game.is_over
    world = spellcaster.redeal(game, 0, random.Random(seed))
    assert world.to_json() != game.to_json()
    board_a, board_b = board_for(game), board_for(world)
    rng = random.Random(seed)
    compared = 0
    for _ in range(40):
        if game.view(0) != world.view(0) or game.is_over:
            break
        assert tree_states(board_a) == tree_states(board_b)
        compared += 1
        buttons_a, buttons_b = live_buttons(board_a), live_buttons(board_b)
        if not buttons_a:
            break
        i = rng.randrange(len(buttons_a))
        click(buttons_a[i])
        click(buttons_b[i])
    assert compared >= 1


def hidden_position():
    displays = [[], [{"motion": ["W1"], "mass": ["W5"], "up": False}]]
    return spellcaster.new_game(2, seed=5, deal={"attributes": [PLAIN, PLAIN], "first": 0, "displays": displays,
                                                 "positions": ["C", "cW"]})


def test_no_trait_holds_hidden_state():
    game = hidden_position()
    board = board_for(game)
    text = " ".join(tree_states(board))
    assert ">W?<" in text and ">W5<" not in text and ">W1<" not in text     # seat 1 face-down cards
    assert str(game.seed) not in text.split()


def test_forged_messages_leave_the_game_unchanged():
    game = spellcaster.new_game(2, seed=7, deal={"attributes": [PLAIN, PLAIN], "first": 0, "positions": ["iF", "cW"],
                                                 "displays": [[{"motion": ["F1", "F1", "F1"], "mass": ["F1"]}], []]})
    board = board_for(game)
    before = game.to_json()
    click(board._points["cW"])                                   # a point no legal move leads to
    for text in ("show F5 1 motion", "hide 1 motion", "contest", "to cW", "move C", "launch 1.1"):
        board._play_student(text)                              # a card into a full section, a contest without an offer...
        assert game.to_json() == before
    click(board._move_buttons[-1])                                    # a hidden button
    assert game.to_json() == before
    assert "sc-error" in board._status.value
    click(board._move_buttons[[b.tooltip for b in board._move_buttons].index("conjure A FFF")])
    assert game.to_json() != before                              # the real button works


def test_a_route_along_a_path_of_the_wrong_colour_is_refused():
    game = spellcaster.new_game(2, seed=7, deal={"attributes": [PLAIN, PLAIN], "first": 0, "positions": ["iF", "cW"],
                                                 "displays": [[{"motion": ["F1"], "mass": ["F3"]}], []]})
    board = board_for(game, bots="planner")              # seat 1 is not threatened: it lets it pass
    for text in ("conjure B F", "putback", "launch 0.1"):
        board._play_student(text)
    assert game.stack[-1]["kind"] == "motion" and game.current_player == 0
    highlighted = {p for p, b in board._points.items() if not b.disabled}
    assert highlighted == {"C", "mFE", "mAF", "cF"}              # the Fire paths out of iF
    before = game.to_json()
    click(board._points["iE"])                                   # no Fire path iF-iE
    assert game.to_json() == before
    click(board._points["mFE"])
    assert game.spells[0][0]["point"] == "mFE"


def test_odds_meter_shows_the_exact_contest_table():
    game = spellcaster.new_game(2, seed=7, deal={"attributes": [PLAIN, PLAIN], "first": 1, "positions": ["C", "iF"],
                                                 "displays": [[], [{"motion": ["F1"], "mass": ["F3"]}]]})
    board = board_for(game, bots="planner")
    board._odds_toggle.value = True
    if game.stack[-1]["kind"] == "offer":
        assert "caster wins big" in board._odds.value
        table = spellcaster.probability.contest_table(game.pool[1], game.pool[0] - 1)
        assert f"{float(table['big']):.0%}" in board._odds.value


def test_russian_labels_come_from_the_catalogue():
    board = board_for(hidden_position(), lang="ru")
    assert board._title.value == tr("spellcaster.board.title", "ru")
    assert any("Сотворить" in b.description for b in board._move_buttons)


def test_a_whole_game_by_clicking():
    game = spellcaster.new_game(2, seed=9)
    board = board_for(game, bots="planner")
    rng = random.Random(9)
    for _ in range(3000):
        if game.is_over:
            break
        buttons = live_buttons(board)
        assert buttons, "the student has nothing to click"
        click(rng.choice(buttons))
    assert game.is_over and "over" in board._prompt.value.lower()


def test_setup_form_starts_a_game_with_bots_and_resumes(tmp_path):
    from widget_page import send_update
    board = SpellCasterBoard(players=2, seat=1, bot_delay=0, saves_dir=str(tmp_path))
    form = board._form
    send_update(form.players, {"index": 1})                     # 3 SpellCasters
    form.bots[0].value, form.bots[2].value = "aggressive", "random"
    form.seed.value = "12"
    form.round_limit.value = 7
    click(form.start)
    game = board.game
    assert game.players == 3 and board.seat == 1 and game.seed == 12 and game.options["round_limit"] == 7
    assert game.current_player == 1                             # the bot at seat 0 has bought already
    assert board._buy_box.layout.display is None
    assert not any(b.layout.display is None for b in board._move_buttons)   # no button per purchase
    life, will, focus, skill = board._buy_fields
    life.value, will.value, focus.value, skill.value = 2, 1, 0, 2
    assert board._buy_button.disabled and "1 of 6 points left" in board._buy_left.value
    skill.value = 4
    assert board._buy_button.disabled and "1 points too many" in board._buy_left.value
    skill.value = 3
    assert not board._buy_button.disabled
    click(board._buy_button)
    assert "buy 2 1 0 3" in [str(a) for a in game.history] and board._buy_box.layout.display == "none"
    snapshot = game.to_json()
    again = SpellCasterBoard(players=2, seat=0, bot_delay=0, saves_dir=str(tmp_path))
    click(again._form.resume)
    assert again.game.to_json() == snapshot and again.seat == 1


def test_teacher_mode_shows_the_bots_reasons_and_the_hidden_cards():
    game = hidden_position()
    board = board_for(game, bots="planner")
    board._enable_teacher()
    board._play_student("end")                                 # the planner bot takes its turn
    assert board._reasons, "the bot moved"
    assert "W5" in board._t_reveal.value                         # the teacher sees the face-down card
    assert all(escape(r.render("en")) in board._t_reasons.value for _, _, r in board._reasons[-3:])
    plain = board_for(hidden_position(), bots="planner")
    plain._play_student("end")
    assert ">W5<" not in " ".join(tree_states(plain))            # without the link nothing of it is synced
