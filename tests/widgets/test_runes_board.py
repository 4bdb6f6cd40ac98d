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
    buttons = [b for b in (board._reroll, board._stop, board._end, board._pass, board._cancel, *board._crown.values(),
                           *board._spells.values(), *board._card_buttons, *board._move_buttons, *board._foe_buttons)
               if not b.disabled and b.layout.display != "none"]
    if buttons:
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


@pytest.mark.slow          # one of the quick loop's slowest (scripts/test --quick); CI runs it
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
    for button in (board._end, board._pass, board._spells["attack"], board._spells["quantum"], *board._foe_buttons,
                   *board._move_buttons[len(board._moves):], *board._card_buttons[len(board._cards):]):
        assert button.disabled
        click(button)
        assert game.to_json() == before
    for widget, state in ((board._advisor_toggle, {"value": "yes"}), (board._dice[0], {"value": "x"})):
        try:
            send_update(widget, state)
        except Exception:        # a trait refusing the value is fine; a changed game is not
            pass
        assert game.to_json() == before
    send_update(board._dice[0], {"value": True})     # selecting dice is the student's own input
    assert game.to_json() == before
    board._end.disabled = False                      # even an enabled-looking End turn is checked
    click(board._end)
    assert game.to_json() == before and "rolling the runes" in board._status.value.lower()
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


def _at_roll(game):
    while game.phase != "roll":
        game.apply("pass")
    return game


def test_attack_aims_at_a_clicked_foe_and_a_single_foe_is_chosen_at_once():
    game = _at_roll(runes.new_game(3, seed=1, deal={"wizards": WIZARDS[:3], "hands": [[], [], []],
                                                    "dice": [6, 2, 1, 5, 5, 1, 2, 4, 1]}))
    board = board_for(game, bots="planner")
    click(board._stop)
    assert all(b.layout.display == "none" for b in board._foe_buttons)
    click(board._spells["attack"])                     # two foes: aim first
    assert game.cast == [] and "Choose the target" in board._prompt.value
    shown = [b for b in board._foe_buttons if b.layout.display is None and not b.disabled]
    assert len(shown) == 2 and board._seats[0].value.count("sr-aim") == 1 and board._seats[1].value.count("sr-aim") == 1
    click(board._foe_buttons[1])                       # the second panel shows seat 2
    assert "cast attack 5 5 -> 2" in [str(a) for a in game.history]
    assert all(b.layout.display == "none" for b in board._foe_buttons)
    duel = _at_roll(runes.new_game(2, seed=1, deal={"wizards": WIZARDS[:2], "hands": [[], []],
                                                    "dice": [6, 1, 5, 5, 1, 2, 4, 1]}))
    board = board_for(duel)
    click(board._stop)
    click(board._spells["attack"])                     # one foe: no aiming
    assert "cast attack 5 5 -> 1" in [str(a) for a in duel.history]


def test_controls_are_grouped_and_each_card_has_one_button():
    game = _at_roll(runes.new_game(3, seed=1, deal={
        "wizards": WIZARDS[:3], "dice": [6, 2, 1, 5, 5, 1, 2, 4, 1],
        "hands": [["lucky_charm", "lucky_charm", "fire_scroll", "healing_potion"], [], []]}))
    board = board_for(game)
    assert set(board._groups) == {"dice", "spells", "loot", "choices", "end"}
    names = [b.description for b in board._card_buttons if b.layout.display is None]
    assert names == ["Lucky Charm", "Healing Potion"]      # two charms, one button; the scroll waits
    click(board._card_buttons[0])                      # which die? the student must select one
    assert game.rolls_used == 1 and "Select the one die" in board._status.value
    send_update(board._dice[0], {"value": True})
    click(board._card_buttons[0])
    assert "play lucky_charm 1" in [str(a) for a in game.history]
    click(board._stop)
    scroll = [b for b in board._card_buttons if b.description == "Fire Scroll"]
    assert scroll
    click(scroll[0])                                   # a damage card aims like a spell
    assert [b.layout.display for b in board._foe_buttons[:2]] == [None, None]
    click(board._foe_buttons[0])
    assert "play fire_scroll -> 1" in [str(a) for a in game.history]


def test_a_window_passes_with_one_click_and_pass_for_me_changes_no_view():
    def fresh():
        return runes.new_game(3, seed=9, deal={"wizards": WIZARDS[:3], "hands": [[], [], []]})
    manual, auto = fresh(), fresh()
    board = board_for(manual, seat=1)
    assert manual.current_player == 1 and board._pass.layout.display is None and not board._pass.disabled
    clicks = 0
    while manual.current_player == 1 and manual.pending and manual.pending[-1]["kind"] in ("window", "initiative"):
        click(board._pass)
        clicks += 1
    assert clicks >= 2
    other = board_for(auto, seat=1)
    send_update(other._autopass, {"value": True})      # the board passes for the student
    assert len(auto.history) >= len(manual.history)
    common = min(len(auto.history), len(manual.history))
    assert [str(a) for a in auto.history[:common]] == [str(a) for a in manual.history[:common]]
    assert auto.current_player != 1 or auto.view(1)["legal"] != ["pass"]     # it stops where there is a choice
    assert auto.view(0) == runes.load(auto.to_json()).view(0)                # the game alone makes the views


def test_the_log_explains_the_initiative_roll():
    game = _at_roll(runes.new_game(2, seed=1, deal={"wizards": WIZARDS[:2], "hands": [[], []], "dice": [3, 3, 5]}))
    board = board_for(game)
    assert "die plus bonuses" in board._log.value and "Necromancer" not in board._log.value
