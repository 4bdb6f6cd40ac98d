"""One scenario per rule of RULES.md 4.2 and per contest outcome, with fixed decks and rolls."""
import pytest

from towerlib.core.errors import IllegalAction, InvalidDeal
from towerlib.spellcaster import new_game
from towerlib.spellcaster.engine import PURCHASES

from spellcaster_helpers import PLAIN, kinds, play, scenario

SPELL = {"motion": ["F1"], "mass": ["F3"]}


def legal(game):
    return {str(a) for a in game.legal_actions()}


# ---------------------------------------------------------------- set-up (rules 2-5)
def test_buying_attributes_six_points_life_at_most_two():
    assert len(PURCHASES) == 64 and all(sum(p) == 6 and p[0] <= 2 for p in PURCHASES)
    game = new_game(2, seed=3)
    assert game.current_player == 0 and "buy 3 1 1 1" not in legal(game)
    play(game, "buy 2 1 1 2")
    assert game.current_player == 1
    play(game, "buy 0 0 0 6")
    assert (game.life[0], game.max_life(0), game.pool[0], game.focus[0], game.skill[0]) == (30, 30, 6, 3, 7)
    assert (game.life[1], game.pool[1], game.focus[1], game.skill[1]) == (10, 3, 2, 11)
    assert len(game.spells[0]) == 3 and game.free_pairs(0) == 3


def test_two_players_start_in_opposite_corners_and_decks_hold_forty_cards():
    game = scenario(first=1)
    assert {game.pos[0], game.pos[1]} == {"cF", "cW"} and game.pos[1] == "cF"
    assert all(sum(len(d) for d in game.decks[s].values()) == 40 for s in range(2))


def test_bad_deals_are_rejected():
    for deal in ({"attributes": [[3, 1, 1, 1], PLAIN]}, {"rolls": [0]}, {"first": 2}, {"colour": 1},
                 {"decks": [{"F": [5, 5]}, {}]}, {"attributes": [PLAIN, PLAIN], "displays": [[{"motion": ["F5", "F5"]}], []]}):
        with pytest.raises(InvalidDeal):
            new_game(2, seed=1, deal=deal)


# ---------------------------------------------------------------- turns (rules 8-10)
def test_first_action_must_be_conjure_or_rest_with_two_or_more_ap():
    game = scenario()
    assert game.turn["ap"] == 2
    assert not any(a.startswith("move") for a in legal(game))
    play(game, "rest")
    assert not any(a.startswith(("move", "conjure")) for a in legal(game)) and "rest" not in legal(game)


def test_with_one_action_point_any_action_may_come_first():
    game = scenario(life=[4, 10])
    assert game.turn["ap"] == 1
    assert "move iF" in legal(game) and "rest" in legal(game)
    play(game, "move iF")
    assert game.current_player == 1                 # the single AP is spent: the turn ends


def test_rest_recovers_one_square_per_element_up_to_the_track():
    game = scenario(life=[3, 10], positions=["C", "cW"])
    play(game, "rest")
    assert game.life[0] == 7
    game = scenario(life=[9, 10], positions=["C", "cW"])
    play(game, "rest")
    assert game.life[0] == 10


def test_conjure_draws_only_from_decks_active_at_the_point():
    game = scenario()                               # seat 0 on the Fire corner
    assert {a for a in legal(game) if a.startswith("conjure")} == {"conjure B F", "conjure A FFF"}
    game = scenario(positions=["iF", "cW"])
    assert "conjure A FEA" in legal(game) and "conjure B W" not in legal(game)


def test_conjure_and_rest_at_most_once_and_rest_forbids_move():
    game = scenario(life=[25, 10], attributes=[[2, 0, 1, 3], PLAIN], positions=["iF", "cW"])
    assert game.turn["ap"] == 3
    play(game, "conjure B F", "putback")
    assert not any(a.startswith(("conjure", "rest")) for a in legal(game))
    assert "move C" in legal(game)


# ---------------------------------------------------------------- conjuring (rules 11-12)
def test_option_a_plays_one_card_face_up_and_returns_two_face_down_on_top():
    game = scenario(decks=[{"F": [3, 1, 5]}, {}])
    play(game, "conjure A FFF")
    assert game.view(0)["pending"]["cards"] == ["F3", "F1", "F5"]
    assert "cards" not in game.view(1)["pending"]
    play(game, "show F1 1 motion")
    assert game.spells[0][0]["motion"] == [["F1", True, True]]
    top = [c[0] for c in game.decks[0]["F"][-2:]]
    assert top == [5, 3]                            # back in the order drawn: F3 on top again
    assert game.view(0)["casters"][0]["decks"]["F"]["known"] == [[0, 3], [1, 5]]
    assert game.view(1)["casters"][0]["decks"]["F"]["known"] == []
    assert game.view(1)["casters"][0]["display"][0]["motion"] == [{"card": "F1", "up": True}]


def test_option_a_with_no_card_that_fits_puts_all_three_back():
    displays = [[{"motion": ["E1"], "mass": ["E3"]}, {"motion": ["W1"], "mass": ["W3"]},
                 {"motion": ["A3"], "mass": ["A1"]}], []]
    game = scenario(decks=[{"F": [3, 3, 5]}, {}], attributes=[[2, 3, 1, 0], PLAIN], displays=displays)
    play(game, "conjure A FFF")                     # Skill 5: every slot holds 4, nothing of 3 or 5 fits
    assert legal(game) == {"putback"}
    play(game, "putback")
    assert [c[0] for c in game.decks[0]["F"][-3:]] == [5, 3, 3] and game.decks[0]["F"][-1][1] == 1


def test_option_b_face_down_hides_the_value_and_face_up_return_is_public():
    game = scenario(decks=[{"F": [3, 5]}, {}])
    play(game, "conjure B F", "hide 1 mass")
    assert game.view(1)["casters"][0]["display"][0]["mass"] == [{"card": "F?", "up": False}]
    assert game.view(0)["casters"][0]["display"][0]["mass"] == [{"card": "F3", "up": False}]
    game = scenario(decks=[{"F": [3, 5]}, {}])
    play(game, "conjure B F", "putback")
    assert game.view(1)["casters"][0]["decks"]["F"]["top"] == 3


def test_spell_structure_limits_motion_mass_cards_and_skill():
    displays = [[{"motion": ["E1", "E1", "E1"], "mass": ["W1"]}, {"motion": ["W1"], "mass": ["A1", "A1", "A3"]},
                 {"motion": ["A5"], "mass": ["E3", "E1"]}], []]
    game = scenario(decks=[{"F": [1, 1, 1]}, {}], displays=displays)
    play(game, "conjure A FFF")
    options = legal(game)
    assert "show F1 1 motion" not in options and "show F1 1 mass" in options      # 3 Motion at most
    assert "show F1 2 mass" not in options and "show F1 2 motion" in options      # 3 Mass at most
    assert not any(o.endswith(("3 motion", "3 mass")) for o in options)           # Skill 9 reached


def test_five_cards_at_most():
    game = scenario(decks=[{"F": [1]}, {}], attributes=[[0, 0, 0, 6], PLAIN],
                    displays=[[{"motion": ["F1", "F1"], "mass": ["F1", "F1", "F1"]}], []])
    play(game, "conjure B F")
    assert not any(o.startswith("hide 1") for o in legal(game))


# ---------------------------------------------------------------- launching and contests (13-16)
def launch_game(rolls, players=2, **deal):
    deal.setdefault("positions", ["iF", "C"] + ["cA", "cE"][:players - 2])
    deal.setdefault("displays", [[SPELL]] + [[]] * (players - 1))
    return scenario(players=players, rolls=rolls, **deal)


def test_launch_needs_a_complete_spell_and_turns_motion_face_up():
    game = launch_game([], displays=[[{"motion": ["F1"], "mass": ["F3"], "up": False}, {"motion": ["F1"]}], []])
    play(game, "conjure B F", "putback")
    assert legal(game) == {"launch 0.1", "done"}
    play(game, "launch 0.1")
    assert game.spells[0][0]["motion"] == [["F1", True, True]] and game.spells[0][0]["mass"] == [["F3", False, False]]
    assert game.pool[0] == 5 and game.current_player == 1 and legal(game) == {"contest", "decline"}


def test_uncontested_launch_places_the_familiar_and_moves_it():
    game = launch_game([])
    play(game, "conjure B F", "putback", "launch 0.1", "decline")
    assert game.spells[0][0]["state"] == "launched" and game.spells[0][0]["point"] == "iF"
    assert game.current_player == 0 and legal(game) == {"to C", "to mFE", "to mAF", "to cF"}


def test_contest_big_win_loses_the_opponents_token():
    game = launch_game([9, 3])                      # D = (9 + 5) - (3 + 5) = 6
    events = play(game, "conjure B F", "putback", "launch 0.1", "contest")
    assert [e.data["result"] for e in events if e.kind == "contest_roll"] == ["big"]
    assert (game.pool[1], game.lost[1]) == (5, 1) and game.spells[0][0]["state"] == "launched"


def test_contest_small_win_gives_the_token_back():
    game = launch_game([6, 3])                      # D = 3
    play(game, "conjure B F", "putback", "launch 0.1", "contest")
    assert (game.pool[1], game.lost[1]) == (6, 0) and game.spells[0][0]["state"] == "launched"


def test_contest_broken_loses_the_casters_token_and_returns_the_cards():
    game = launch_game([1, 6])                      # D = -5
    play(game, "conjure B F", "putback", "launch 0.1", "contest")
    assert (game.pool[0], game.lost[0], game.pool[1]) == (5, 1, 6)
    assert game.spells[0][0]["state"] == "empty" and game.current_player == 0
    assert legal(game) == {"return up", "return down"}
    play(game, "return up")
    assert game.decks[0]["F"][-1] == [3, 2] and game.decks[0]["F"][-2] == [1, 2]      # public, F3 on top


@pytest.mark.parametrize("caster, opp", [(5, 5), (5, 9), (1, 4), (6, 5)])
def test_contest_locked_between_minus_four_and_one(caster, opp):
    game = launch_game([caster, opp])
    play(game, "conjure B F", "putback", "launch 0.1", "contest")
    sp = game.spells[0][0]
    assert sp["state"] == "locked" and sp["lock"]["opp"] == 1 and sp["tokens"] == [1, 1]


def test_contests_go_clockwise_and_the_caster_picks_the_order():
    game = launch_game([9, 1, 1, 9], players=3)     # vs seat 2 first: big win; vs seat 1: broken
    play(game, "conjure B F", "putback", "launch 0.1")
    assert game.current_player == 1
    play(game, "contest")
    assert game.current_player == 2
    play(game, "contest")
    assert game.current_player == 0 and legal(game) == {"resolve 1", "resolve 2"}
    events = play(game, "resolve 2")
    rolls = [(e.data["opp"], e.data["result"]) for e in events if e.kind == "contest_roll"]
    assert rolls == [(2, "big"), (1, "broken")]
    assert game.lost == [1, 0, 1] and game.pool == [5, 6, 5]


def test_a_lock_sends_the_other_contesters_tokens_back():
    game = launch_game([5, 5], players=3)
    play(game, "conjure B F", "putback", "launch 0.1", "contest", "contest", "resolve 1")
    assert game.spells[0][0]["state"] == "locked" and game.pool[2] == 6 and game.pool[1] == 5


def test_unplayed_tokens_count_so_tokens_on_spells_weaken_the_roll():
    game = launch_game([5, 5], displays=[[SPELL], []])
    play(game, "conjure B F", "putback", "launch 0.1", "contest")
    roll = [e for e in game.events if e.kind == "contest_roll"][-1].data
    assert roll["caster_total"] == 5 + 5 and roll["opp_total"] == 5 + 5


# ---------------------------------------------------------------- locked contests (rule 17)
def locked_game(extra_rolls=()):
    game = launch_game([5, 5, *extra_rolls])
    play(game, "conjure B F", "putback", "launch 0.1", "contest", "end")
    assert game.current_player == 1 and game.duties(1) == ["0.1"]
    return game


def test_locked_contest_must_be_continued_or_withdrawn_before_ending_the_turn():
    game = locked_game()
    play(game, "conjure B F", "putback")
    assert "end" not in legal(game) and {"continue 0.1", "withdraw 0.1"} <= legal(game)


def test_caster_wins_a_continue_on_the_opponents_turn_and_launches_at_once():
    game = locked_game([9, 2])
    play(game, "conjure B F", "putback", "continue 0.1")
    assert game.spells[0][0]["state"] == "launched" and game.current_player == 0
    assert game.turn["seat"] == 1 and game.spells[0][0]["point"] == "iF"   # launched where it was
    play(game, "to mFE")
    assert game.turn["seat"] == 0 and game.lost[1] == 1 and game.duties(0) == ["0.1"]


def test_opponent_withdrawing_lets_the_caster_launch_free_next_turn_uncontested():
    game = locked_game()
    play(game, "withdraw 0.1", "conjure B W", "putback", "end")
    assert game.current_player == 0 and "launch 0.1" in legal(game)
    used = game.turn["used"]
    play(game, "launch 0.1")
    assert game.turn["used"] == used and game.spells[0][0]["state"] == "launched"


def test_caster_withdrawing_breaks_the_spell():
    game = locked_game([5, 5])
    play(game, "conjure B W", "putback", "continue 0.1")          # locked again; seat 1's AP are spent
    assert game.turn["seat"] == 0
    play(game, "withdraw 0.1")
    assert game.spells[0][0]["state"] == "empty" and game.pool == [6, 6] and legal(game) == {"return up", "return down"}


def test_a_locked_contest_continued_on_the_casters_turn_can_break():
    game = locked_game([5, 5, 1, 9])
    play(game, "conjure B W", "putback", "continue 0.1")
    play(game, "conjure B F", "putback", "continue 0.1")          # (1 + 5) - (9 + 5) = -8
    assert game.lost[0] == 1 and game.spells[0][0]["state"] == "empty"


# ---------------------------------------------------------------- control, motion, impact (18, 20-24)
def launched_game(rolls=(), **deal):
    game = launch_game(list(rolls), **deal)
    play(game, "conjure B F", "putback", "launch 0.1", "decline")
    return game


def test_impact_damages_by_the_mass_active_at_the_point_and_returns_the_token():
    game = launched_game(displays=[[{"motion": ["F1"], "mass": ["F3", "W1", "A1"]}], []])
    events = play(game, "to C")                     # seat 1 stands on the centre: F, W and A all active
    strike = next(e for e in events if e.kind == "strike")
    assert strike.data["damage"] == 5 and game.life[1] == 5 and game.pool[0] == 6
    assert game.spells[0][0]["state"] == "empty" and legal(game) == {"return up", "return down"}


def test_inactive_elements_do_no_damage():
    game = launched_game(displays=[[{"motion": ["F1"], "mass": ["F3", "W1", "A1"]}], []],
                         positions=["C", "iF"])
    play(game, "to iF")                             # iF has F, E, A: Water does nothing
    assert game.life[1] == 6


def test_every_caster_on_the_point_is_struck_the_caster_too():
    game = launched_game(positions=["iF", "C"], displays=[[{"motion": ["F1", "F1"], "mass": ["F3"]}], []])
    play(game, "to mFE", "to iF")                   # back onto its own caster's point
    assert game.life[0] == 7 and game.life[1] == 10


def test_control_duty_and_abandon():
    game = launched_game(positions=["iF", "cW"])
    play(game, "to mFE", "end")
    play(game, "conjure B W", "putback", "end")
    assert game.duties(0) == ["0.1"] and "end" not in legal(game)
    play(game, "conjure B F", "putback", "control 0.1")
    assert game.stack[-1]["kind"] == "motion"
    play(game, "to C")
    assert game.turn["seat"] == 1                   # the duty was done with the last AP
    play(game, "conjure B W", "putback", "end")
    assert "end" not in legal(game) and "abandon 0.1" in legal(game)
    play(game, "abandon 0.1")
    assert "end" in legal(game) and game.spells[0][0]["state"] == "wild" and game.pool[0] == 6


def test_no_path_of_the_colour_ends_the_whole_move():
    game = launched_game(positions=["iF", "cW"], displays=[[{"motion": ["F1", "W1", "F1"], "mass": ["F1"]}], []])
    events = play(game, "to cF")                    # the Fire corner has no Water path
    assert "stuck" in kinds(events) and game.stack[-1]["kind"] == "turn" and game.spells[0][0]["point"] == "cF"


def test_moving_into_a_familiars_point_is_struck():
    game = launched_game(positions=["iF", "cW"])
    play(game, "to mFE", "end", "conjure B W", "putback", "move iW")
    play(game, "conjure B F", "putback", "control 0.1", "to C")   # both AP spent: seat 1's turn
    play(game, "conjure B E", "putback")
    events = play(game, "move C")
    assert any(e.kind == "strike" and e.data["struck"] == [1] for e in events) and game.life[1] == 7


def test_launch_placement_does_not_strike_the_caster():
    game = launched_game()
    assert game.life[0] == 10


# ---------------------------------------------------------------- wild spells (rules 18, 27)
def two_wild_spells(attributes=None, both=True):
    """Seat 0's spell 0.1 (F1 F1) goes wild on C; with ``both`` seat 1's 1.1 (W1) goes wild on mWA."""
    displays = [[{"motion": ["F1", "F1"], "mass": ["F1"]}], [{"motion": ["W1"], "mass": ["W1"]}], []]
    game = scenario(players=3, positions=["mFE", "cW", "cA"], displays=displays, attributes=attributes)
    play(game, "conjure B F", "putback", "launch 0.1", "decline", "decline", "to iE", "to C", "abandon 0.1", "end")
    if both:
        play(game, "conjure B W", "putback", "launch 1.1", "decline", "decline", "to mWA", "abandon 1.1", "end")
        play(game, "conjure B A", "putback", "end")
    return game


def test_wild_spells_move_before_the_first_players_turn_pick_pass_and_name():
    game = two_wild_spells()
    assert game.stack[-1]["kind"] == "wild" and game.current_player == 0 and game.round == 2
    assert legal(game) == {"pick 0.1", "pick 1.1", "pass"}
    play(game, "pick 0.1", "to iE")                 # its first Motion card
    assert legal(game) == {"name 1", "name 2"}
    play(game, "name 2")
    assert legal(game) == {"pick 0.1", "pass"}      # the current spell goes on with its next card
    play(game, "pass")
    assert legal(game) == {"name 1"}                # the last one not yet named
    play(game, "name 1", "pick 0.1", "to C")        # its second card: spell 0.1 is done
    assert legal(game) == {"name 0", "name 1"}      # everyone was named: anyone who has not passed
    play(game, "name 0")
    assert legal(game) == {"pick 1.1", "pass"}
    play(game, "pick 1.1", "to C")
    assert game.stack[-1]["kind"] == "turn" and game.current_player == 0 and game.turn["ap"] == 2


def test_when_every_player_passes_unmoved_spells_stay():
    game = two_wild_spells()
    play(game, "pass", "name 1", "pass", "name 2", "pass")
    assert game.stack[-1]["kind"] == "turn" and game.spells[0][0]["point"] == "C"


def test_a_wild_spell_strikes_whoever_stands_on_its_way():
    game = two_wild_spells()
    play(game, "pick 1.1", "to iW")
    assert game.life == [10, 10, 10]
    game = two_wild_spells()
    game.pos[2] = "iA"
    play(game, "pick 1.1", "to iA")
    assert game.life[2] == 10 - 1 and game.spells[1][0]["state"] == "empty"


# ---------------------------------------------------------------- capture (rule 19)
def capture_game(rolls, attributes=None):
    game = two_wild_spells(attributes, both=False)
    game.rolls = list(reversed(rolls))
    play(game, "conjure B W", "putback", "done", "capture 0.1")
    return game


def test_capture_succeeds_at_six_and_others_except_the_conjurer_may_contest():
    game = capture_game([1])                        # 1 + 5 unused tokens = 6
    assert game.spells[0][0]["controller"] == 1 and game.current_player == 2
    play(game, "decline")
    assert game.spells[0][0]["state"] == "launched" and "control 0.1" in legal(game)
    used = game.turn["used"]
    play(game, "control 0.1", "to iE", "to C")
    assert game.turn is None or game.turn["seat"] != 1 or game.turn["used"] == used


def test_capture_fails_below_six_and_the_token_comes_back():
    game = capture_game([3], attributes=[PLAIN, [0, 0, 2, 4], PLAIN])   # 3 + 2 unused tokens = 5
    assert [e.data["success"] for e in game.events if e.kind == "capture"] == [False]
    assert game.pool[1] == 3 and game.spells[0][0]["state"] == "wild"


def test_losing_a_capture_contest_turns_the_spell_wild_again():
    game = capture_game([5, 1, 9])                  # capture; then 1 + 5 vs 9 + 5: broken
    play(game, "contest")
    assert game.spells[0][0]["state"] == "wild" and game.lost[1] == 1 and game.pool[2] == 6


def test_winning_the_capture_contests_keeps_the_spell():
    game = capture_game([5, 9, 1])
    play(game, "contest")
    assert game.spells[0][0]["controller"] == 1 and game.lost[2] == 1


# ---------------------------------------------------------------- elimination and the end (25-26)
def test_last_standing_wins_and_spells_of_the_fallen_go_wild():
    game = launched_game(life=[10, 3])
    play(game, "to C")
    assert game.is_over and game.outcome().winners == (0,) and not game.alive[1]
    assert game.current_player is None and game.legal_actions() == []


def test_falling_together_is_a_draw():
    game = launched_game(life=[3, 3], positions=["iF", "iF"], displays=[[{"motion": ["F1", "F1"], "mass": ["F3"]}], []])
    play(game, "to mFE", "to iF")
    assert game.is_over and game.outcome().winners == (0, 1) and game.outcome().reason == "draw"


def test_the_fallen_controllers_spells_go_wild_and_locked_contests_count_as_withdrawn():
    displays = [[{"motion": ["F1"], "mass": ["F3"]}], [{"motion": ["W1"], "mass": ["W5"]}],
                [{"motion": ["A1"], "mass": ["A1"]}]]
    game = scenario(players=3, rolls=[5, 5], first=2, positions=["iF", "iW", "C"], displays=displays,
                    life=[10, 10, 3])
    play(game, "conjure B F", "putback", "launch 2.1", "decline", "decline", "to mWA")  # 1 AP
    play(game, "conjure B F", "putback", "launch 0.1", "decline", "contest", "end")
    assert game.spells[0][0]["state"] == "locked"
    play(game, "conjure B W", "putback", "launch 1.1", "decline", "decline", "to C")
    assert not game.alive[2] and not game.is_over
    assert game.spells[2][0]["state"] == "wild" and game.spells[0][0]["state"] == "ready"
    assert game.pool[2] + game.lost[2] + sum(sp["tokens"][2] for row in game.spells for sp in row) == 6


def test_illegal_actions_raise_and_leave_the_game_unchanged():
    game = launch_game([])
    before = game.to_json()
    for bad in ("move C", "conjure B W", "show F3 1 motion", "launch 0.1", "contest", "buy 0 0 0 6", "rest now",
                "conjure A WWW", "to C", "abandon 0.1", "launch 9.1", "conjure A FEF"):
        with pytest.raises(IllegalAction):
            game.apply(bad)
        assert game.to_json() == before
