"""One scenario per spell power (HOUSE spells 13-33), each in the phase it belongs to."""
from __future__ import annotations

import pytest

from towerlib.amulett.rules import ADJACENT, DISTANCE
from towerlib.core.errors import IllegalAction

from amulett_helpers import make, pass_spells, play

RICH = [[4, 4, 4, 4], [4, 4, 4, 4], [4, 4, 4, 4]]


def game(spells0, metals=RICH, jewels=None, hat2=None, markers=(3,), others=None, **kw):
    spells = [spells0] + (others or [[], []])
    return pass_spells(make(players=3, spells=spells, metals=metals, jewels=jewels, hat2=hat2, markers=markers,
                            **kw))


def win_auction(g, bid=1):
    """Seat 0 (Hat #1) bids and the others pass."""
    play(g, f"bid {bid}", "pass", "pass")


# ------------------------------------------------------------------ Metal phase
def test_13_transmutation_exchanges_up_to_two_cards_with_the_supply():
    g = game([[13, 1]])
    play(g, "metal G")                               # its own wild symbol
    assert g.pending["kind"] == "transmute"
    play(g, "exchange G I", "exchange S I")
    assert g.hands[0] == [4, 3, 4, 6] and g.pending["kind"] == "jewel_bid"
    assert ("exchange", 0, "G", "I") in g.view(1)["ledger"]


def test_13_transmutation_may_stop_early():
    g = game([[13, 1]])
    play(g, "metal G", "done")
    assert g.hands[0] == [5, 4, 4, 4]


def test_14_tribute_takes_a_card_from_each_player_with_six_or_more():
    g = game([[14, 1]], metals=[[1, 1, 1, 1], [3, 3, 0, 0], [1, 1, 1, 2]])
    assert g.pending == {"kind": "give", "seat": 1, "to": 0}
    with pytest.raises(IllegalAction):
        g.apply("give C")                            # seat 1 holds no copper
    play(g, "give S")
    assert g.hands[0] == [1, 2, 1, 1] and g.hands[1] == [3, 2, 0, 0]
    assert g.pending["kind"] == "jewel_bid"          # seat 2 holds only 5: no tribute
    assert ("transfer", 1, 0, None, "tribute") in g.view(2)["ledger"]
    assert ("transfer", 1, 0, "S", "tribute") in g.view(0)["ledger"]


def test_15_echo_collects_another_spell_again():
    g = game([[15, 2], [1, 1]])
    assert g.hands[0] == [4 + 1 + 2 + 2, 4, 4, 4] and "echo" in [e.kind for e in g.events]


def test_15_echo_asks_which_spell_when_there_are_several():
    g = game([[15, 2], [1, 1], [4, 1]])
    assert g.pending == {"kind": "echo", "seat": 0, "options": [1, 4]}
    play(g, "echo 4")
    assert g.hands[0] == [4 + 1 + 2, 4, 4, 4 + 2 + 2]


def test_16_hoard_is_immune_to_tribute_and_thief():
    g = game([[14, 1]], metals=[[1, 1, 1, 1], [3, 3, 0, 0], [1, 1, 1, 1]], others=[[[16, 1]], []])
    assert g.pending["kind"] == "jewel_bid" and g.hands[1] == [3, 3, 0, 2]
    g = game([[31, 1]], metals=[[1, 1, 1, 1], [3, 3, 0, 0], [1, 1, 1, 1]], others=[[[16, 1]], []])
    play(g, "pass", "pass", "pass")
    assert g.hands[1] == [3, 3, 0, 2] and sum(g.hands[2]) == 3 and sum(g.hands[0]) == 6


# ------------------------------------------------------------------ Jewel phase
def test_17_twin_jewel_takes_a_second_jewel_from_the_same_area():
    g = game([[17, 2]], jewels={"A18": ["red", "white", "gray"]})
    win_auction(g)
    play(g, "pay G:1", "jewel red")
    assert g.pending["kind"] == "take"
    play(g, "jewel gray")
    assert g.amulets[0] == ["red", "gray"] and g.board["A18"] == ["white"]


def test_18_bargain_pays_one_card_less_but_at_least_one():
    g = game([[18, 1]], jewels={"A19": ["red", "red"]}, hat2="A19")
    win_auction(g, 3)
    assert g.hands[0] == [4, 5, 2, 4]                 # 2 copper paid for a bid of 3 (and 1 silver produced)
    g = game([[18, 1]], jewels={"A19": ["red", "red"]}, hat2="A19")
    win_auction(g, 1)
    assert g.hands[0][2] == 3


@pytest.mark.parametrize("charm, area", [(19, "A11"), (20, "A17"), (21, "A19"), (22, "A23")])
def test_19_to_22_charms_pay_with_any_metal_in_their_terrain(charm, area):
    g = game([[charm, 1]], jewels={area: ["red", "red"]}, hat2=area)
    win_auction(g, 2)
    assert g.pending["kind"] == "pay" and g.pending["allowed"] == ["G", "S", "C", "I"]
    play(g, "pay G:1 S:1")
    assert sum(g.hands[0]) == 16 + 1 - 2


def test_charm_does_not_help_in_another_terrain():
    g = game([[19, 1]], jewels={"A19": ["red", "red"]}, hat2="A19")
    win_auction(g, 2)
    assert g.hands[0] == [5, 4, 2, 4]                 # paid in copper automatically


def test_23_pyramid_key_halves_the_payment_in_pyramid_areas():
    g = game([[23, 1]], jewels={"A22": ["red", "red"]}, hat2="A22")
    win_auction(g, 5)
    assert g.hands[0][2] == 4 + 1 - 3


def test_24_wall_watcher_pays_any_metal_and_one_less_at_the_great_wall():
    g = game([[24, 1]], jewels={"A02": ["red", "red"]}, hat2="A02")
    win_auction(g, 3)
    assert g.pending["cost"] == 2 and g.pending["allowed"] == ["G", "S", "C", "I"]


def test_25_pathfinder_may_move_hat2_two_steps():
    g = game([[25, 1]], jewels={"A18": ["red", "red", "red"]})
    win_auction(g)
    play(g, "pay G:1")
    options = g.pending["options"]
    assert {a for a in options if DISTANCE["A18"][a] == 2} and all(DISTANCE["A18"][a] <= 2 for a in options)
    two = next(a for a in options if DISTANCE["A18"][a] == 2)
    play(g, f"move {two}")
    assert g.hat2 == two


def test_without_pathfinder_only_adjacent_areas():
    g = game([], jewels={"A18": ["red", "red", "red"]})
    win_auction(g)
    play(g, "pay G:1")
    assert set(g.pending["options"]) <= set(ADJACENT["A18"])


def test_26_fate_marker_changes_the_number_of_areas():
    g = game([[26, 1]], markers=(6,))
    assert g.pending["kind"] == "fate" and [str(a) for a in g.legal_actions()] == ["fate -1", "fate 0"]
    play(g, "fate -1")
    assert g.marker == 5


def test_27_second_wind_re_enters_after_passing_once_per_area():
    g = game([[27, 1]])
    play(g, "pass", "bid 1", "pass")
    assert g.pending["seat"] == 0                     # seat 0 may come back
    play(g, "bid 2", "bid 3")                         # seat 2 passed for good and is skipped
    assert g.pending["seat"] == 0
    play(g, "pass")                                   # the second pass is final
    assert g.pending["kind"] == "pay" and g.pending["seat"] == 1


def test_28_jewel_lens_takes_from_an_adjacent_area():
    g = game([[28, 1]], jewels={"A18": ["red", "red", "red"], "A12": ["white", "gray", "brown"]})
    win_auction(g)
    play(g, "pay G:1")
    assert "jewel white A12" in [str(a) for a in g.legal_actions()]
    play(g, "jewel white A12")
    assert g.amulets[0] == ["white"] and g.board["A12"] == ["brown", "gray"] and len(g.board["A18"]) == 3


# ------------------------------------------------------------------ Energy phase
def test_29_everlasting_keeps_one_spell_from_losing_stones():
    g = game([[29, 1], [1, 1], [2, 1]])
    play(g, "pass", "pass", "pass")
    assert g.pending == {"kind": "everlast", "seat": 0, "options": [1, 2]}
    play(g, "everlast 2")
    assert g.spells[0] == [[2, 1]] and sorted(g.deck[-2:]) == [1, 29]


def test_30_recharge_moves_up_to_two_stones_from_the_pool():
    g = game([[30, 2], [1, 1]])
    play(g, "pass", "pass", "pass", "recharge 1", "recharge 1")
    assert g.spells[0] == [[1, 2]] and g.pool[0] == 8


def test_31_thief_steals_a_random_card_from_the_richest_player():
    g = game([[31, 1]], metals=[[0, 0, 0, 0], [0, 0, 5, 0], [1, 1, 1, 1]])
    play(g, "pass", "pass", "pass")
    assert g.hands[0] == [0, 0, 2, 0] and g.hands[1] == [0, 0, 4, 0]   # copper produced + copper stolen
    assert ("transfer", 1, 0, None, "thief") in g.view(2)["ledger"]


def test_31_thief_chooses_among_tied_players():
    g = game([[31, 1]], metals=[[0, 0, 0, 0], [2, 2, 0, 0], [0, 0, 2, 2]])
    play(g, "pass", "pass", "pass")
    assert g.pending == {"kind": "steal", "seat": 0, "options": [1, 2]}
    play(g, "steal 2")
    assert sum(g.hands[2]) == 3


# ------------------------------------------------------------------ Spell phase
def test_32_auctioneer_bids_after_everyone_else_once_per_round():
    g = make(players=3, spells=[[[32, 1]], [], []], deck=[5, 6, 7])
    assert "last" in [str(a) for a in g.legal_actions()]
    play(g, "last", "bid 2", "bid 3")
    assert g.pending["seat"] == 0 and "last" not in [str(a) for a in g.legal_actions()]
    play(g, "bid 4")
    assert g.spells[0][-1] == [5, 4]
    assert "last" not in [str(a) for a in g.legal_actions()]


def test_33_mana_well_first_spell_each_round_costs_one_stone_less():
    g = make(players=3, spells=[[[33, 2]], [], []], deck=[5, 6, 7])
    play(g, "bid 3", "pass", "pass", "bid 2", "pass", "pass")
    assert g.spells[0] == [[33, 2], [5, 2], [6, 2]] and g.pool[0] == 4
