"""The Jewel phase (rules 13-20), the Energy phase (rule 21) and the immediate win (rule 23)."""
from __future__ import annotations

import pytest

from towerlib.amulett.rules import ADJACENT
from towerlib.core.errors import IllegalAction

from amulett_helpers import make, pass_spells, play

RICH = [[4, 4, 4, 4], [4, 4, 4, 4], [4, 4, 4, 4]]


def jewel_game(metals=RICH, jewels=None, markers=(3,), hat2=None, **kw):
    jewels = jewels or {"A18": ["red", "red", "yellow"]}
    g = make(players=3, metals=metals, jewels=jewels, markers=markers, hat2=hat2, **kw)
    pass_spells(g)
    return g


def test_round_marker_is_drawn_and_the_first_area_is_the_pyramid_city():
    g = jewel_game(markers=(5,))
    assert g.marker == 5 and g.ja["area"] == "A18" and g.pending == {"kind": "jewel_bid", "seat": 0,
                                                                      "area": "A18"}


def test_open_ascending_auction_passes_are_final_and_winner_pays_in_a_city_with_any_metal():
    g = jewel_game()
    play(g, "bid 1", "bid 2", "pass", "bid 3", "pass")
    assert g.pending["kind"] == "pay" and g.pending["seat"] == 0 and g.pending["cost"] == 3
    options = [str(a) for a in g.legal_actions()]
    assert "pay G:3" in options and "pay G:1 S:1 I:1" in options and len(options) == 20
    play(g, "pay G:1 S:1 I:1")
    assert g.hands[0] == [3, 3, 4, 3] and g.supply[0] == 28 - 12 + 1
    assert g.pending["kind"] == "take"              # two colours to choose from
    play(g, "jewel yellow")
    assert g.amulets[0] == ["yellow"] and g.board["A18"] == ["red", "red"] and g.hat1 == 0


def test_bidding_keeps_circling_until_everyone_else_passed():
    g = jewel_game()
    play(g, "bid 1", "bid 2", "bid 3", "bid 4", "pass", "bid 5")
    assert g.pending["seat"] == 0                    # seat 1 passed for good; seat 0 is asked again
    play(g, "pass")
    assert g.pending["kind"] == "pay" and g.pending["seat"] == 2


def test_terrain_allows_one_metal():
    g = jewel_game(metals=[[0, 0, 3, 0], [5, 5, 0, 5], [1, 1, 1, 1]], hat2="A19",
                   jewels={"A19": ["red", "red"]})
    play(g, "bid 3", "pass", "pass")                # Desert: copper only, paid automatically
    assert g.hands[0] == [0, 0, 0, 0] and g.amulets[0] == ["red"]


def test_default_discards_every_card_and_the_area_is_auctioned_again_without_the_defaulter():
    g = jewel_game(metals=[[2, 0, 1, 0], [0, 0, 0, 9], [0, 0, 2, 0]], hat2="A19",
                   jewels={"A19": ["red", "white"]})
    play(g, "pass", "bid 3", "pass")                # seat 1 bids 3 copper but holds none
    assert g.hands[1] == [0, 0, 0, 0] and g.supply[3] == 28
    assert [e.kind for e in g.events][-2:] == ["pass", "default"]
    assert g.ja["excluded"] == [1] and g.pending["seat"] == 0 and g.areas_done == 0
    play(g, "bid 1", "pass", "jewel red")
    assert g.amulets[0] == ["red"] and g.hands[0] == [2, 0, 0, 0]


def test_a_defaulter_may_rebid_under_the_alternative_option():
    g = jewel_game(metals=[[2, 0, 1, 0], [0, 0, 0, 9], [0, 0, 2, 0]], hat2="A19",
                   jewels={"A19": ["red", "white"]}, defaulter_rebids=True)
    play(g, "pass", "bid 3", "pass")
    assert g.ja["excluded"] == [] and g.pending["seat"] == 0
    play(g, "pass", "bid 1", "pass")                 # seat 1, now without cards, bluffs again
    assert g.ja["excluded"] == [1] and g.pending["seat"] == 0   # a default that cost nothing excludes


def test_nobody_bidding_ends_the_jewel_phase_and_the_hat_stays():
    g = jewel_game(markers=(6, 3))
    play(g, "pass", "pass", "pass")
    assert "no_bids" in [e.kind for e in g.events] and g.round == 2 and g.hat2 == "A18"
    pass_spells(g)
    assert g.ja["area"] == "A18"                     # A5: the next round starts where Hat #2 stands


def test_the_winner_moves_hat2_to_an_adjacent_area_with_jewels():
    empty = {a: [] for a in ADJACENT["A18"] if a not in ("A12", "A23")}
    g = jewel_game(jewels={"A18": ["red", "red", "red"], **empty})
    play(g, "bid 1", "pass", "pass", "pay G:1")
    assert g.pending == {"kind": "move", "seat": 0, "options": ["A12", "A23"]}
    with pytest.raises(IllegalAction):
        g.apply("move A01")
    with pytest.raises(IllegalAction):
        g.apply("move A18")                          # it must move
    play(g, "move A23")
    assert g.hat2 == "A23" and g.ja["area"] == "A23" and g.areas_done == 1


def test_with_no_adjacent_jewels_hat2_may_go_to_any_area_with_jewels():
    empty = {a: [] for a in ADJACENT["A18"]}
    g = jewel_game(jewels={"A18": ["red"], **empty})
    play(g, "bid 1", "pass", "pass", "pay G:1")
    assert g.pending["kind"] == "move"
    assert set(g.pending["options"]) == {a for a, v in g.board.items() if v and a != "A18"}


def test_the_phase_ends_after_n_areas_and_the_last_winner_sets_the_next_start():
    g = jewel_game(markers=(3, 3))
    for _ in range(3):
        play(g, "bid 1", "pass", "pass")
        while g.pending and g.pending["kind"] in ("pay", "take", "move"):
            play(g, g.legal_actions()[0])
    assert g.round == 2 and g.areas_done == 3 and g.phase == "spell"
    pass_spells(g)
    assert g.ja["area"] == g.hat2


def test_hat1_moves_option_moves_hat2_at_the_start_of_later_rounds():
    g = jewel_game(markers=(3, 3), jewel_round_start="hat1_moves")
    for _ in range(3):
        play(g, "bid 1", "pass", "pass")
        while g.pending and g.pending["kind"] in ("pay", "take", "move"):
            play(g, g.legal_actions()[0])
    assert sum(e.kind == "hat2" for e in g.events) == 2    # no move after the last area
    pass_spells(g)
    assert g.pending["kind"] == "move" and g.pending["seat"] == 0


def test_bids_stop_at_what_the_largest_hand_could_pay_and_everyone_may_bid_up_to_it():
    g = jewel_game(metals=[[1, 1, 0, 0], [4, 4, 4, 4], [0, 0, 0, 0]])
    assert [str(a) for a in g.legal_actions()] == ["pass"] + [f"bid {b}" for b in range(1, 17)]
    play(g, "bid 2", "bid 16")                       # nobody could pay more than 16 here
    assert [e.data.get("auto") for e in g.events if e.kind == "pass"][-2:] == [True, True]
    assert g.pending["kind"] == "pay" and g.pending["seat"] == 1


def test_energy_phase_removes_one_stone_or_two_and_discards_empty_spells():
    g = make(players=3, spells=[[[1, 2], [10, 3], [11, 1]], [], []], markers=(3,))
    pass_spells(g)
    play(g, "pass", "pass", "pass")                  # no jewel bids: straight to the Energy phase
    assert g.spells[0] == [[1, 1], [10, 1]] and g.pool[0] == 10 - 2
    assert g.deck[-1] == 11


def test_seven_colours_win_at_once_in_the_middle_of_the_phase():
    g = jewel_game(amulets=[["red", "yellow", "green", "clear", "white", "gray"], [], []],
                   jewels={"A18": ["brown", "red", "red"]}, markers=(6,))
    play(g, "bid 1", "pass", "pass", "pay G:1", "jewel brown")
    assert g.is_over and g.outcome().winners == (0,) and g.outcome().reason == "amulett.outcome.colours"
    assert g.current_player is None and g.legal_actions() == []


def test_eight_jewels_win():
    g = jewel_game(amulets=[[], ["red"] * 4 + ["yellow"] * 3, []], jewels={"A18": ["red", "red", "red"]})
    play(g, "pass", "bid 1", "pass", "pay G:1")
    assert g.is_over and g.outcome().winners == (1,) and g.outcome().reason == "amulett.outcome.jewels"


def test_round_limit_ends_the_game():
    g = make(players=3, max_rounds=1, markers=(3,))
    pass_spells(g)
    play(g, "pass", "pass", "pass")
    assert g.is_over and g.outcome().winners == (0, 1, 2) and g.outcome().reason == "amulett.outcome.round_limit"


def test_a_re_auction_nobody_bids_in_ends_the_phase():
    g = jewel_game(metals=[[2, 0, 1, 0], [0, 0, 0, 9], [0, 0, 2, 0]], hat2="A19",
                   jewels={"A19": ["red", "white"]})
    play(g, "pass", "bid 3", "pass")                 # seat 1 defaults
    play(g, "pass", "pass")
    assert "no_bids" in [e.kind for e in g.events] and g.phase == "spell" and g.round == 2
    assert g.board["A19"] == ["red", "white"] and g.hat2 == "A19"


def test_markers_without_replacement_come_from_a_bag_refilled_when_empty():
    g = make(players=3, markers=(), round_marker_draw="without_replacement", max_rounds=8, seed=4)
    drawn = []
    while not g.is_over:
        pass_spells(g)
        if g.marker is not None and len(drawn) < g.round:
            drawn.append(g.marker)
        while g.pending and g.pending["kind"] == "jewel_bid":
            play(g, "pass")
    assert sorted(drawn[:6]) == [3, 4, 4, 5, 5, 6] and len(drawn) == 8
