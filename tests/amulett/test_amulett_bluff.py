"""Jewel bids by the rulebook (A4): any number, a bid you cannot pay is a bluff that defaults, the
powers that stretch a payment can outbid, Second Wind once per area. Public protocol only."""
from __future__ import annotations

from towerlib.amulett import new_game


def jewel_position(metals, spells=None, area="A18", first=0, jewels=None, **options):
    """A 3-player game at its first jewel auction, in ``area``, with these hands and spells."""
    spells = spells or [[], [], []]
    deal = {"first": first, "markers": [3],
            "jewels": jewels or {area: ["red", "yellow"] if area != "A18" else ["red", "yellow", "white"]},
            "start": {"spells": spells, "metals": metals, "hat2": area}}
    game = new_game(players=3, seed=5, deal=deal, **options)
    while game.view(0)["decision"] == "spell_bid":
        game.apply("pass")
    assert game.view(0)["decision"] == "jewel_bid"
    return game


def bids(game):
    return [a for a in map(str, game.legal_actions()) if a.startswith("bid")]


def test_a_bid_is_not_capped_by_the_bidders_cards_and_a_player_without_cards_is_asked():
    game = jewel_position([[0, 0, 0, 0], [2, 1, 0, 0], [5, 0, 0, 0]])
    assert game.current_player == 0 and bids(game) == [f"bid {b}" for b in range(1, 6)]
    game.apply("bid 4")                              # seat 0 holds nothing: a pure bluff
    assert game.current_player == 1 and bids(game) == ["bid 5"]   # 5 cards is the most anyone holds
    game.apply("pass")
    game.apply("pass")
    view = game.view(1)
    assert any(e["kind"] == "default" and e["seat"] == 0 and e["bid"] == 4 for e in view["log"])
    assert view["jewel_auction"]["excluded"] == [0] and view["jewel_auction"]["high"] == 0
    assert game.current_player == 1                  # the re-auction, without the defaulter


def test_winning_a_bid_you_cannot_pay_discards_your_whole_hand():
    game = jewel_position([[0, 3, 0, 0], [1, 0, 0, 0], [0, 0, 1, 0]], area="A14")   # Water: gold only
    game.apply("bid 3")                              # nobody's count could pay more: the others pass
    view = game.view(0)
    assert view["seats"][0]["metal_count"] == 0 and view["hand"] == {"G": 0, "S": 0, "C": 0, "I": 0}
    assert any(e["kind"] == "default" and e["discarded"] == [0, 3, 0, 0] for e in view["log"])
    assert view["jewel_auction"]["area"] == "A14" and view["areas_done"] == 0 and game.current_player == 1


def test_pyramid_key_outbids_with_two_cards_counting_double():
    # A19 is a Desert Pyramid: copper pays; with Pyramid Key each card counts 2 (and it produces a copper).
    game = jewel_position([[0, 0, 1, 0], [0, 0, 3, 0], [0, 0, 0, 0]], spells=[[[23, 1]], [], []],
                          area="A19", first=1)
    game.apply("bid 3")
    game.apply("pass")                               # seat 2
    assert game.current_player == 0 and bids(game) == ["bid 4"]
    game.apply("bid 4")                              # seat 1 cannot raise: nobody could pay 5
    assert game.current_player == 0 and game.view(0)["decision"] == "take"
    game.apply("jewel red")
    view = game.view(1)
    assert view["seats"][0]["amulet"] == ["red"] and view["seats"][0]["metal_count"] == 0


def test_bargain_outbids_by_paying_one_card_less():
    game = jewel_position([[2, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]], spells=[[[18, 1]], [], []], first=1)
    game.apply("bid 3")
    game.apply("pass")
    assert bids(game) == ["bid 4"]
    game.apply("bid 4")                              # 3 cards (Bargain made a silver) pay a bid of 4
    view = game.view(0)
    assert view["decision"] == "pay" and view["pending"]["cost"] == 3
    game.apply("pay G:2 S:1")
    game.apply("jewel red")
    assert game.view(0)["seats"][0]["amulet"] == ["red"] and game.view(0)["seats"][0]["metal_count"] == 0


def test_wall_watcher_outbids_at_the_great_wall_with_any_metal():
    # A01 is a Mountain on the Great Wall: iron only, but Wall Watcher pays any metal, 1 card less.
    game = jewel_position([[1, 0, 0, 0], [0, 0, 0, 2], [0, 0, 0, 0]], spells=[[[24, 1]], [], []],
                          area="A01", first=1)
    game.apply("bid 2")
    game.apply("pass")
    game.apply("bid 3")
    assert game.view(0)["decision"] == "pay" and game.view(0)["pending"]["cost"] == 2
    game.apply("pay G:1 I:1")
    game.apply("jewel red")
    assert game.view(2)["seats"][0]["amulet"] == ["red"]


def test_second_wind_works_once_per_area_even_after_a_default_re_auction():
    game = jewel_position([[2, 0, 0, 0], [0, 0, 0, 0], [3, 0, 0, 0]], spells=[[[27, 1]], [], []])
    game.apply("pass")                               # seat 0 passes: Second Wind keeps it in
    game.apply("bid 2")                              # seat 1 bluffs with no cards
    game.apply("pass")
    assert game.current_player == 0                  # Second Wind: seat 0 re-enters
    game.apply("pass")                               # and passes for good: seat 1 defaults
    assert game.view(0)["jewel_auction"]["excluded"] == [1] and game.current_player == 0
    game.apply("pass")                               # in the re-auction this pass is final at once
    assert game.current_player == 2
    game.apply("bid 1")
    assert game.current_player == 2 and game.view(2)["decision"] == "pay"


def test_second_wind_not_used_before_a_default_is_still_there_in_the_re_auction():
    game = jewel_position([[2, 0, 0, 0], [0, 0, 0, 0], [3, 0, 0, 0]], spells=[[[27, 1]], [], []])
    game.apply("bid 1")
    game.apply("bid 3")                              # seat 1 bluffs at the top: the others cannot raise
    view = game.view(0)
    assert view["jewel_auction"]["excluded"] == [1] and game.current_player == 0
    game.apply("pass")
    game.apply("bid 1")
    assert game.current_player == 0                  # Second Wind, unused so far in this area


def test_defaulter_rebids_lets_a_defaulter_bid_again_until_a_default_costs_nothing():
    game = jewel_position([[1, 0, 0, 0], [3, 0, 0, 0], [0, 2, 0, 0]], area="A14", defaulter_rebids=True)
    for action in ("pass", "bid 1", "bid 2", "pass"):   # seat 2 bluffs with two silver in Water
        game.apply(action)
    view = game.view(0)
    assert view["jewel_auction"]["excluded"] == [] and view["seats"][2]["metal_count"] == 0
    game.apply("pass")                               # seat 0
    game.apply("pass")                               # seat 1
    assert game.current_player == 2                  # the defaulter is asked again
    game.apply("bid 1")                              # a bluff with no card to lose: default, then out
    assert game.view(0)["jewel_auction"]["excluded"] == [2] and game.current_player == 0


def test_without_the_option_a_defaulter_is_out_of_the_re_auction():
    game = jewel_position([[1, 0, 0, 0], [3, 0, 0, 0], [0, 2, 0, 0]], area="A14")
    for action in ("pass", "bid 1", "bid 2", "pass"):
        game.apply(action)
    assert game.view(0)["jewel_auction"]["excluded"] == [2]


def test_who_is_asked_does_not_depend_on_the_cards_behind_the_counts():
    a = jewel_position([[1, 0, 0, 0], [0, 0, 3, 0], [2, 0, 0, 0]], area="A14")
    b = jewel_position([[1, 0, 0, 0], [3, 0, 0, 0], [0, 2, 0, 0]], area="A14")
    for action in ("pass", "bid 2"):
        assert a.current_player == b.current_player and a.legal_actions() == b.legal_actions()
        assert a.view(0) == b.view(0)
        a.apply(action)
        b.apply(action)
    assert a.current_player == b.current_player == 2 and a.legal_actions() == b.legal_actions()
    a.apply("pass")
    b.apply("pass")                                  # now the hands show: seat 1 defaults only in a
    assert a.view(0)["seats"][1]["metal_count"] == 0 and b.view(0)["seats"][1]["metal_count"] == 1


def test_the_bid_ceiling_is_what_a_hand_of_that_size_could_pay_at_best():
    from itertools import combinations

    from towerlib.amulett.engine import max_payable_bid, payment_cost
    from towerlib.amulett.rules import AREA_IDS
    powers = [18, 23, 24]                             # Bargain, Pyramid Key, Wall Watcher
    for area in AREA_IDS:
        for k in range(len(powers) + 1):
            for spells in map(list, combinations(powers, k)):
                for cards in range(25):
                    bid = 0                           # count up until the cost exceeds the cards
                    while payment_cost(bid + 1, area, spells) <= cards:
                        bid += 1
                    assert max_payable_bid(cards, area, spells) == bid
