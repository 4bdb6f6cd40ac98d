"""The Spell Runes board without a browser: honesty (two worlds), forged messages, Russian.

ipywidgets works without a kernel: every widget keeps its state, ``get_state()`` is what would
be synced to the page and ``_handle_msg`` is the exact entry point of a message from the page.
So the tests can inspect everything the page could receive and forge anything it could send.
"""
from __future__ import annotations

import random
import re

import pytest
import towerlib.runes as runes
from towerlib.core.i18n import tr
from towerlib.runes.probability import best_hold

from widget_page import click, send_update, tree_states
from widgets import RunesBoard

WIZARDS = ["druid", "warlock", "necromancer", "alchemist"]


def board_for(game, seat=0, bots="planner", **kw) -> RunesBoard:
    board = RunesBoard(players=game.players, seat=seat, bots=bots, bot_delay=0, setup=False, autosave=False, **kw)
    board.open_game(game, seat, bots)
    return board


def student_move(board: RunesBoard, rng: random.Random) -> None:
    """Click a random enabled control, as a student would (dice now and then)."""
    dice = [d for d in board._dice if not d.disabled and d.layout.display is None]
    if dice and rng.random() < 0.35:
        send_update(rng.choice(dice), {"value": not dice[0].value})
        return
    buttons = [b for b in (board._reroll, board._stop, board._end, *board._spells.values(), *board._move_buttons)
               if not b.disabled and b.layout.display != "none"]
    click(rng.choice(buttons))


def worlds(players: int, seed: int):
    """Two games the student (seat 0) cannot tell apart: the same wizards, student hand, dice
    and top cards, but other seats' hands, the rest of both decks and the seed differ."""
    rng = random.Random(seed)
    dice = [rng.randint(1, 6) for _ in range(3000)]
    top = ["healing_potion", "fire_scroll", "lightning_scroll", "poison_dart", "healing_potion", "lucky_charm",
           "fire_scroll", "greater_healing_potion", "poison_dart", "smoke_bomb", "fire_scroll", "lucky_charm",
           "healing_potion", "poison_dart", "fire_scroll", "greater_healing_potion", "lightning_scroll",
           "smoke_bomb", "lucky_charm", "shield_scroll"]
    familiars = ["raven", "tortoise", "owl", "stone_golem", "phoenix", "wolf", "cat", "toad", "bat", "hawk"]
    deal = {"wizards": WIZARDS[:players], "dice": dice, "loot": top, "familiars": familiars}
    # Cards the planner and greedy bots never play, so both worlds stay alike for a while.
    unplayed = ["pickpocket", "familiar_treat", "mana_crystal"]
    hands_a = [["healing_potion"]] + [[unplayed[q]] for q in range(players - 1)]
    hands_b = [["healing_potion"]] + [[unplayed[(q + 1) % 3]] for q in range(players - 1)]
    a = runes.new_game(players, seed=seed, deal={**deal, "hands": hands_a})
    b = runes.new_game(players, seed=seed + 1, deal={**deal, "hands": hands_b})
    assert a.view(0) == b.view(0)
    assert a.hand[1] != b.hand[1] and a.loot_deck != b.loot_deck and a.fam_deck != b.fam_deck
    return a, b


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_two_worlds_give_identical_widget_state(players, seed):
    """While the student's views are equal, every widget's synced state is equal, after many
    random clicks of the student and the bots' replies."""
    a, b = worlds(players, seed)
    bots = ["planner", "greedy", "planner", "greedy"][:players]
    board_a, board_b = board_for(a, bots=bots), board_for(b, bots=bots)
    rng = random.Random(seed)
    compared = 0
    for _ in range(150):
        if a.view(0) != b.view(0) or a.is_over:
            break
        assert tree_states(board_a) == tree_states(board_b)
        compared += 1
        state = rng.getstate()
        student_move(board_a, rng)
        rng.setstate(state)
        student_move(board_b, rng)
    assert compared >= 15, compared


def test_no_trait_holds_hidden_state():
    a, _ = worlds(3, 7)
    board = board_for(a)
    text = " ".join(tree_states(board))
    assert "familiar_treat" not in text and "Familiar Treat" not in text    # a bot's hand
    assert str(a.seed) not in re.findall(r"\d+", text) or a.seed < 10    # the seed
    assert "loot_deck" not in text and "dice_queue" not in text


def test_forged_messages_leave_the_game_unchanged():
    game = runes.new_game(2, seed=4, deal={"wizards": ["druid", "warlock"], "dice": [6, 1, 2, 2, 3, 5, 6],
                                           "hands": [["fire_scroll"], ["shield_scroll"]]})
    while game.phase != "roll":
        game.apply("pass")                           # everyone passes the windows before the turn
    board = board_for(game)
    assert game.current_player == 0 and game.phase == "roll"
    before = game.to_json()
    for button in (board._end, board._spells["attack"], board._spells["quantum"],
                   *board._move_buttons[len(board._moves):]):
        assert button.disabled
        click(button)
        assert game.to_json() == before
    for widget, state in ((board._target, {"index": 9}), (board._all_moves, {"index": 999}),
                          (board._advisor_toggle, {"value": "yes"})):
        try:
            send_update(widget, state)
        except Exception:        # a trait refusing the value is fine; a changed game is not
            pass
        assert game.to_json() == before
    send_update(board._dice[0], {"value": True})     # selecting dice is the student's own input
    assert game.to_json() == before
    board._end.disabled = False                      # even an enabled-looking End turn is checked
    click(board._end)
    assert game.to_json() == before and "stop" in board._status.value.lower()
    # A bot's decision cannot be taken from the student's page.
    click(board._stop)
    click(board._spells["attack"])                   # 2 2 -> Warlock, who holds a Shield Scroll
    assert game.current_player in (0, 1)
    if game.current_player == 1:
        after = game.to_json()
        for button in board._move_buttons:
            click(button)
        assert game.to_json() == after


def test_hold_reroll_and_cast_through_the_controls():
    game = runes.new_game(2, seed=1, deal={"wizards": ["druid", "warlock"], "hands": [[], []],
                                           "dice": [6, 1, 5, 5, 1, 2, 4, 5, 3, 6, 1]})
    while game.phase != "roll":
        game.apply("pass")
    board = board_for(game, advisor=True)
    assert [d.description for d in board._dice] == ["1", "2", "4", "5", "5"]
    assert "Best hold" in board._advisor.value
    hold, p = best_hold((1, 2, 4, 5, 5), "attack", 2)
    assert f"{float(p):.1%}" in board._advisor.value
    send_update(board._dice[3], {"value": True})
    send_update(board._dice[4], {"value": True})
    click(board._reroll)                              # keep 5 5, roll three: 5 3 6
    assert game.dice == [3, 5, 5, 5, 6] and game.rolls_used == 2
    assert not any(d.value for d in board._dice)      # the selection is cleared
    click(board._stop)
    assert game.phase == "cast" and not board._spells["familiar:summon"].disabled
    board._target.value = 1
    click(board._spells["familiar:summon"])
    assert game.cast == ["familiar"] and game.events


def test_russian_labels_come_from_the_catalogue():
    game = runes.new_game(2, seed=3, deal={"wizards": ["druid", "warlock"]})
    board = board_for(game, lang="ru")
    assert board._reroll.description == tr("runes.board.reroll", "ru") == "Перебросить остальные"
    assert board._spells["quantum"].description == tr("runes.spell.quantum", "ru")
    assert board._advisor_toggle.description == tr("runes.board.advisor", "ru")
    assert "Здоровье" in board._me.value and "Health" not in board._me.value
    send_update(board._lang_pick, {"index": 0})
    assert board._reroll.description == "Re-roll the others" and "Health" in board._me.value


def test_setup_form_starts_a_draft_with_bots_and_resumes(tmp_path):
    board = RunesBoard(players=4, seat=2, bot_delay=0, saves_dir=str(tmp_path))
    form = board._form
    send_update(form.players, {"index": 1})           # 3 wizards
    form.bots[0].value, form.bots[1].value = "greedy", "random"
    form.seed.value = "12"
    click(form.start)
    game = board.game
    assert game.players == 3 and board.seat == 2 and game.seed == 12
    assert game.current_player == 2 and game.phase in ("draft", "initiative", "roll", "cast")
    picks = [b for b in board._move_buttons if b.layout.display is None]
    assert picks and all("board" in b.description for b in picks)
    click(picks[0])
    snapshot = game.to_json()
    again = RunesBoard(players=4, seat=2, bot_delay=0, saves_dir=str(tmp_path))
    click(again._form.resume)
    assert again.game.to_json() == snapshot and again.seat == 2
