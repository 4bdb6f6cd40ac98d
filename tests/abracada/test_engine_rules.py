"""Scenario tests of the Abracada rules (RULES.md section 1) with explicit deals and fixed dice."""
from __future__ import annotations

import pytest

import towerlib
from towerlib.abracada import complete_deal, new_game

# Seats for the rulebook's example: Gary moves, Tony sits on his left, Marie on his right.
GARY, TONY, MARIE = 0, 1, 2


def kinds(events):
    return [e.kind for e in events]


def life_changes(events):
    return {e.seat: e.data["life"] for e in events if e.kind == "life"}


# ----- the rulebook's worked example ------------------------------------------------------------
def example_game(**options):
    deal = complete_deal(hands=[[3, 5, 4, 8, 8], [6, 6, 7, 7, 2], [5, 6, 7, 8, 1]], lives=[4, 6, 6])
    return new_game(players=3, deal=deal, die_faces=(3,), **options)


def test_worked_example_gary_marie_tony():
    game = example_game(lower_declaration="auto_callout")
    # "3! Sweet Dream!" Marie, on Gary's right, removes the stone; he rolls 3 but only gains 2.
    events = game.apply("cast 3")
    cast = events[0]
    assert cast.kind == "cast" and cast.data["value"] == 3 and cast.data["remover"] == MARIE
    assert [e.data["value"] for e in events if e.kind == "roll"] == [3]
    life = [e for e in events if e.kind == "life"][0]
    assert (life.seat, life.data["amount"], life.data["change"], life.data["life"]) == (GARY, 3, 2, 6)
    # "5! Lightning Tempest!" Tony and Marie lose 1 each.
    events = game.apply("cast 5")
    assert life_changes(events) == {TONY: 5, MARIE: 5}
    # "4! Night Singer!" is lower than 5: he is called out, loses 1 and his turn ends; Tony moves.
    events = game.apply("cast 4")
    assert kinds(events)[:2] == ["callout", "life"]
    assert game.lives == [5, 5, 5]
    assert game.cast[4] == 0 and game.secrets[GARY] == []      # nothing was cast
    assert game.current_player == TONY
    assert len(game.hands[GARY]) == 5                                  # refilled from 3 stones


def test_worked_example_lower_declaration_forbidden_by_default():
    game = example_game()
    game.apply("cast 3")
    game.apply("cast 5")
    assert "cast 4" not in [str(a) for a in game.legal_actions()]
    before = game.to_json()
    with pytest.raises(towerlib.IllegalAction, match="after casting 5 this turn only 5 to 8"):
        game.apply("cast 4")
    assert game.to_json() == before


# ----- each spell ---------------------------------------------------------------------------------
def four_player(hand0, die=(2,), lives=None, others=([8] * 5, [7] * 5, [6] * 5), **options):
    hands = [hand0, *others]
    return new_game(players=4, deal=complete_deal(hands=hands, lives=lives), die_faces=die, **options)


def test_ancient_dragon_hits_every_other_player_by_the_die():
    game = four_player([1, 5, 5, 5, 5], die=(3,))
    events = game.apply("cast 1")
    assert [e.data["value"] for e in events if e.kind == "roll"] == [3]
    assert game.lives == [6, 3, 3, 3]


def test_failed_dragon_costs_the_die_roll():
    game = four_player([5, 5, 5, 5, 4], die=(3,))
    game.apply("cast 1")
    assert game.lives == [3, 6, 6, 6] and game.current_player == 1


def test_dark_wanderer_others_lose_one_caster_gains_one_capped():
    game = four_player([2, 5, 5, 5, 5], lives=[5, 6, 6, 6])
    game.apply("cast 2")
    assert game.lives == [6, 5, 5, 5]
    game = four_player([2, 5, 5, 5, 5])
    game.apply("cast 2")
    assert game.lives == [6, 5, 5, 5]                                  # already at 6: no gain


def test_dark_wanderer_literal_russian_reading_option():
    game = four_player([2, 5, 5, 5, 5], dark_wanderer_hits_caster=True, lives=[3, 6, 6, 6])
    game.apply("cast 2")
    assert game.lives == [3, 5, 5, 5]


def test_sweet_dream_gains_the_roll_capped_at_six():
    game = four_player([3, 5, 5, 5, 5], die=(3,), lives=[2, 6, 6, 6])
    game.apply("cast 3")
    assert game.lives[0] == 5


def test_night_singer_takes_a_secret_stone_seen_by_its_owner_only():
    game = four_player([4, 5, 5, 5, 5])
    pool_before = sorted(game.secret_pool)
    game.apply("cast 4")
    taken = game.secrets[0]
    assert len(taken) == 1 and taken[0] in pool_before and len(game.secret_pool) == 3
    assert game.view(0)["own_secrets"] == taken
    assert game.view(1)["secret_counts"] == [1, 0, 0, 0] and game.view(1)["public_secrets"] is None
    assert "value" not in [e for e in game.view(1)["log"] if e["kind"] == "secret"][0]


def test_night_singer_public_visibility_option():
    game = four_player([4, 5, 5, 5, 5], secret_stone_visibility="public")
    game.apply("cast 4")
    assert game.view(2)["public_secrets"][0] == game.secrets[0]


def test_lightning_tempest_blizzard_fireball_neighbours():
    game = four_player([5, 6, 7, 8, 8])
    game.apply("cast 5")                      # left = 1, right = 3
    assert game.lives == [6, 5, 6, 5]
    game.apply("cast 6")                      # blizzard: left
    assert game.lives == [6, 4, 6, 5]
    game.apply("cast 7")                      # fireball: right
    assert game.lives == [6, 4, 6, 4]


def test_lightning_tempest_with_two_players_costs_one_in_total():
    deal = complete_deal(hands=[[5, 6, 7, 8, 8], [6, 6, 6, 6, 6]])
    game = new_game(players=2, deal=deal)
    game.apply("cast 5")
    assert game.lives == [6, 5]
    game.apply("cast 6")
    game.apply("cast 7")                      # with two players both hit the opponent
    assert game.lives == [6, 3]


def test_magic_drink_heals_and_only_eights_may_follow():
    game = four_player([8, 8, 5, 5, 5], lives=[4, 6, 6, 6])
    game.apply("cast 8")
    assert game.lives[0] == 5
    assert [str(a) for a in game.legal_actions()] == ["end", "cast 8"]


def test_failure_costs_one_life_and_rules_the_value_out_for_every_stone():
    game = four_player([5, 5, 5, 5, 4])
    game.apply("cast 6")
    assert game.lives[0] == 5 and game.current_player == 1
    assert all(slot["ruled_out"] == [6] for slot in game.view(0)["own_hand"])


def test_success_takes_the_oldest_matching_stone_and_tells_the_caster_the_older_ones_differ():
    game = four_player([8, 7, 5, 5, 4])
    game.apply("cast 5")
    assert game.hands[0] == [8, 7, 5, 4]
    assert [s["ruled_out"] for s in game.view(0)["own_hand"]] == [[5], [5], [], []]


def test_must_cast_before_ending_and_easy_variant_allows_any_order():
    game = four_player([6, 5, 5, 5, 5])
    with pytest.raises(towerlib.IllegalAction, match="at least one spell"):
        game.apply("end")
    game = four_player([6, 5, 5, 5, 5], easy=True)
    game.apply("cast 6")
    game.apply("cast 5")
    assert game.lives == [6, 4, 6, 5]


def test_end_turn_refills_to_five_in_pile_order():
    deal = complete_deal(hands=[[5, 6, 7, 8, 8], [8] * 5, [7] * 5, [6] * 5], pile_top=[1, 2])
    game = new_game(players=4, deal=deal)
    game.apply("cast 5")
    game.apply("cast 6")
    events = game.apply("end")
    assert game.hands[0] == [7, 8, 8, 1, 2]
    draw = [e for e in events if e.kind == "draw"][0]
    assert "values" not in [e for e in game.view(0)["log"] if e["kind"] == "draw"][0]
    assert [e for e in game.view(1)["log"] if e["kind"] == "draw"][0]["values"] == draw.data["values"]


def test_empty_pile_means_no_refill():
    game = four_player([5, 6, 7, 8, 8])
    game.pile.clear()                          # a late-round position: the pile has run out
    game.apply("cast 5")
    game.apply("end")
    assert game.hands[0] == [6, 7, 8, 8] and game.current_player == 1


# ----- round endings and scoring -------------------------------------------------------------------
def test_knockout_by_another_player_scores_three_one_and_zero_plus_secret_stones():
    game = four_player([4, 5, 5, 5, 5], lives=[6, 1, 6, 6])
    game.apply("cast 4")                       # a secret stone first
    events = game.apply("cast 5")              # knocks out seat 1 (left)
    end = [e for e in events if e.kind == "round_end"][0]
    assert end.data["reason"] == "knockout" and end.data["winner"] == 0
    assert game.round_points == [3 + 1, 0, 1, 1]
    assert game.scores == (4, 0, 1, 1)
    assert game.phase == "round_over" and game.current_player == 1     # left of the ender starts


def test_self_knockout_scores_others_one_and_no_winner():
    game = four_player([5, 5, 5, 5, 4], lives=[1, 6, 6, 6])
    events = game.apply("cast 6")
    end = [e for e in events if e.kind == "round_end"][0]
    assert end.data["reason"] == "self_knockout" and end.data["winner"] is None and end.data["loser"] == 0
    assert game.round_points == [0, 1, 1, 1]


def test_empty_hand_scores_three_and_everyone_else_drops_to_zero():
    game = four_player([5, 6, 7, 8, 8])
    for text in ("cast 5", "cast 6", "cast 7", "cast 8", "cast 8"):
        events = game.apply(text)
    end = [e for e in events if e.kind == "round_end"][0]
    assert end.data["reason"] == "empty_hand" and end.data["winner"] == 0
    assert game.lives == [6, 0, 0, 0] and game.round_points == [3, 0, 0, 0]


def empty_and_knockout(precedence):
    game = four_player([6] * 5, lives=[6, 5, 6, 6], others=([8] * 5, [7] * 5, [5] * 5),
                       empty_and_ko_precedence=precedence)
    for _ in range(5):
        game.apply("cast 6")                   # the fifth Blizzard empties the hand and knocks out 1
    return game


def test_empty_hand_and_knockout_on_the_same_cast_default_knockout_first():
    game = empty_and_knockout("ko")
    assert game.result["reason"] == "knockout" and game.round_points == [3, 0, 1, 1]


def test_empty_hand_and_knockout_option_empty_first():
    game = empty_and_knockout("empty")
    assert game.result["reason"] == "empty_hand" and game.round_points == [3, 0, 0, 0]


def test_secret_stones_score_only_for_survivors():
    game = four_player([4, 5, 5, 5, 5], lives=[1, 6, 6, 6])
    game.apply("cast 4")
    game.apply("cast 4")                       # fails: the self knock-out loses the secret point
    assert game.round_points == [0, 1, 1, 1]


def test_new_round_starter_options():
    for option, expected in (("next", 1), ("same", 0)):
        game = four_player([5, 5, 5, 5, 4], lives=[1, 6, 6, 6], new_round_starter=option)
        game.apply("cast 6")
        assert game.current_player == expected
        game.apply("next round")
        assert game.round_no == 2 and game.lives == [6, 6, 6, 6] and game.phase == "play"
        assert sum(len(h) for h in game.hands) == 20


def test_scores_are_capped_at_eight_and_the_game_ends():
    deal = complete_deal(hands=[[4, 5, 5, 5, 5], [8] * 5, [7] * 5, [6] * 5], lives=[6, 1, 6, 6],
                         scores=[7, 0, 0, 0])
    game = new_game(players=4, deal=deal)
    game.apply("cast 4")
    game.apply("cast 5")
    assert game.scores == (8, 0, 1, 1) and game.is_over
    assert game.outcome().winners == (0,) and game.legal_actions() == ()
    with pytest.raises(towerlib.IllegalAction, match="game is over"):
        game.apply("cast 5")


def test_tie_at_eight_broken_by_points_this_round():
    deal = complete_deal(hands=[[5, 5, 5, 5, 5], [8] * 5, [7] * 5, [6] * 5], lives=[6, 1, 6, 6],
                         scores=[5, 0, 7, 0])
    game = new_game(players=4, deal=deal)
    game.apply("cast 5")                       # seat 0 +3 -> 8, seat 2 +1 -> 8
    assert game.scores == (8, 0, 8, 1) and game.outcome().winners == (0,)


def test_tie_at_eight_broken_by_life_then_shared():
    # Both reach 8 with 1 point this round (seat 1 is knocked out by seat 0's Tempest).
    deal = complete_deal(hands=[[5, 5, 5, 5, 5], [8] * 5, [7] * 5, [6] * 5], lives=[6, 1, 6, 5],
                         scores=[0, 0, 7, 7])
    game = new_game(players=4, deal=deal)
    game.apply("cast 5")                       # hits 1 (left) and 3 (right)
    assert game.scores == (3, 0, 8, 8)
    assert game.outcome().winners == (2,)      # 6 life against 4
    deal["lives"] = [6, 1, 5, 6]
    game = new_game(players=4, deal=deal)
    game.apply("cast 5")                       # now both end on 5 life
    assert game.lives[2] == game.lives[3] == 5 and game.outcome().winners == (2, 3)
    assert game.outcome().reason == "shared"


# ----- last standing ----------------------------------------------------------------------------
def test_last_standing_skips_knocked_out_players_and_pays_the_winner_only():
    deal = complete_deal(hands=[[4, 5, 6, 6, 8], [8] * 5, [7] * 5, [3, 3, 3, 2, 2]], lives=[6, 1, 2, 6])
    game = new_game(players=4, deal=deal, last_standing=True, die_faces=(2,))
    game.apply("cast 4")                       # a secret stone
    game.apply("cast 5")                       # Tempest: knocks out seat 1 (left), seat 3 -> 5
    assert game.alive == [True, False, True, True] and game.phase == "play"
    game.apply("cast 6")                       # Blizzard now hits seat 2, the nearest survivor
    assert game.lives == [6, 0, 1, 5]
    game.apply("cast 6")
    assert game.alive == [True, False, False, True]
    game.apply("end")
    assert game.current_player == 3            # knocked-out seats take no turns
    while game.phase == "play":                # both fail Dragons (2 life each) until one falls
        game.apply("cast 1")
    assert game.result["reason"] == "last_standing" and game.result["winner"] == 0
    assert game.lives[0] == 2 and game.round_points == [2 + 1, 0, 0, 0]


# ----- set-up ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, removed, pile", [(2, 12, 10), (3, 6, 11), (4, 0, 12), (5, 0, 7)])
def test_setup_sizes_for_each_player_count(players, removed, pile):
    game = new_game(players=players, seed=11)
    view = game.view(0)
    assert len(view["removed"]) == removed and view["pile"] == pile and view["secret_pool"] == 4
    assert view["hand_sizes"] == [5] * players and view["lives"] == [6] * players


def test_same_seed_same_game_and_removed_stones_redrawn_each_round():
    a, b = new_game(players=3, seed=5), new_game(players=3, seed=5)
    assert a.hands == b.hands and a.pile == b.pile and a.removed == b.removed
    removed = set()
    while a.round_no < 6 and not a.is_over:
        removed.add(tuple(a.removed))
        a.apply(a.legal_actions()[-1])
    assert len(removed) > 1


@pytest.mark.parametrize("change, message", [
    (lambda d: d["hands"][0].append(1), r"hands\[0\] \(player 1\) has 6 stones"),
    (lambda d: d["hands"].pop(), "3 hands but the game has 4 players"),
    (lambda d: d["pile"].pop(), "'pile' has 11 stones; with these hands, secret and removed stones it has 12"),
    (lambda d: d["pile"].__setitem__(0, 9), "'pile' holds 9, which is not a spellstone"),
    (lambda d: d["secret"].pop(), "3 secret stones"),
    (lambda d: d["pile"].__setitem__(d["pile"].index(2), 1), "2 stones of value 1; the game has 1"),
    (lambda d: d.pop("pile"), "lacks 'pile'"),
    (lambda d: d.update(lives=[7, 6, 6, 6]), "lives must list 4 whole numbers from 1 to 6"),
    (lambda d: d.update(colour="red"), "unknown entry 'colour'"),
])
def test_bad_deals_are_rejected_with_the_reason(change, message):
    deal = complete_deal(hands=[[5] * 5, [8] * 5, [7] * 5, [6] * 5])
    change(deal)
    with pytest.raises(towerlib.InvalidDeal, match=message):
        new_game(players=4, deal=deal)


def test_three_player_deal_must_remove_six_face_up():
    deal = complete_deal(hands=[[5] * 5, [8] * 5, [7] * 5], removed=[])
    with pytest.raises(towerlib.InvalidDeal, match="'removed' has 0 stones; with 3 players 6 are removed face up"):
        new_game(players=3, deal=deal)


@pytest.mark.parametrize("players, options, message", [
    (6, {}, "2 to 5 players"),
    (4, {"die": 6}, "unknown option 'die'"),
    (4, {"lower_declaration": "sometimes"}, "lower_declaration='sometimes' is not allowed"),
    (4, {"die_faces": (1, "x")}, "die_faces"),
    (3, {"first_player": 3}, "first_player=3"),
])
def test_bad_options_are_rejected(players, options, message):
    with pytest.raises(towerlib.InvalidOption, match=message):
        new_game(players=players, **options)


def test_actions_have_text_forms_that_parse_back():
    game = new_game(players=4, seed=1)
    for action in game.legal_actions():
        assert game.parse_action(str(action)) == action
        assert hash(action) == hash(game.parse_action(str(action)))
    with pytest.raises(towerlib.IllegalAction, match="'fly' is not an action"):
        game.apply("fly")


def test_errors_render_in_russian():
    game = new_game(players=4, seed=1)
    with pytest.raises(towerlib.IllegalAction) as err:
        game.apply("end")
    assert "нельзя закончить ход" in err.value.message("ru")
