"""Set-up (rules 1-6), the Spell phase (rules 7-11) and the Metal phase (rule 12), played through the API."""
from __future__ import annotations

from collections import Counter

import pytest

from towerlib.amulett import check_invariants, new_game
from towerlib.amulett.rules import AREA, JEWELS, PYRAMID_CITY, SPELL
from towerlib.core.errors import IllegalAction, InvalidDeal

from amulett_helpers import make, pass_spells, play


def test_setup_gives_metals_stones_jewels_and_hats():
    g = new_game(players=4, seed=3)
    assert g.hands == [[1, 1, 1, 1]] * 4 and g.pool == [10] * 4
    assert g.supply == [24, 24, 24, 24]
    for a, jewels in g.board.items():
        assert len(jewels) == (3 if AREA[a].city else 2)
    assert Counter(c for v in g.board.values() for c in v) == Counter(JEWELS)
    assert g.hat2 == PYRAMID_CITY and g.hat1 == g.first
    assert all(len(d) == 2 for d in g.dealt) and len(g.deck) == 33 - 8
    assert g.pending == {"kind": "mulligan", "seat": g.first}


def test_first_player_is_random_but_seeded():
    firsts = {new_game(players=5, seed=s).first for s in range(40)}
    assert firsts == set(range(5))


def test_mulligan_once_clockwise_discards_to_the_bottom_and_draws_replacements():
    g = new_game(players=3, seed=1, deal={"first": 1, "deck": [1, 2, 3, 4, 5, 6, 7, 8, 9]})
    assert g.dealt == [[5, 6], [1, 2], [3, 4]]
    play(g, "mulligan 1 2")                       # seat 1 replaces both
    assert g.dealt[1] == [7, 8] and g.deck[-2:] == [1, 2]
    assert g.pending["seat"] == 2
    play(g, "mulligan 4")
    assert g.dealt[2] == [3, 9] and g.deck[-1] == 4
    play(g, "keep")
    # 2+2: the spells are revealed with 2 stones each, 6 stones stay in the pool
    assert g.spells == [[[5, 2], [6, 2]], [[7, 2], [8, 2]], [[3, 2], [9, 2]]] and g.pool == [6, 6, 6]
    assert g.phase == "spell" and g.round == 1


def test_mulligan_cards_are_secret_until_the_reveal():
    g = new_game(players=3, seed=1, deal={"first": 0, "deck": [1, 2, 3, 4, 5, 6, 7]})
    v1 = g.view(1)
    assert v1["dealt"] == [3, 4] and v1["seats"][0]["spells"] == [] and v1["seats"][0]["dealt_count"] == 2
    play(g, "mulligan 1")
    log = g.view(1)["log"][-1]
    assert log["kind"] == "mulligan" and log["count"] == 1 and "discarded" not in log
    assert g.view(0)["log"][-1]["discarded"] == [1]
    with pytest.raises(IllegalAction):
        g.apply("mulligan 1 2")                   # seat 1 holds 3 and 4


def test_secret_allocation_is_hidden_until_everyone_has_placed():
    g = new_game(players=3, seed=2, start_energy="secret_min1", deal={"first": 0, "deck": [1, 2, 3, 4, 5, 6]})
    play(g, "keep", "keep", "keep")
    assert g.pending["kind"] == "allot"
    assert "allot 1:1 2:9" in [str(a) for a in g.legal_actions()]
    assert "allot 1:0 2:10" not in [str(a) for a in g.legal_actions()]
    play(g, "allot 1:7 2:3")
    assert g.view(1)["seats"][0]["allotted"] and g.view(1)["allotment"] is None
    assert g.view(0)["allotment"] == {"1": 7, "2": 3}
    assert "7" not in str([e for e in g.view(1)["log"] if e["kind"] == "allot"])
    play(g, "allot 3:1 4:1", "allot 5:5 6:5")
    assert g.spells == [[[1, 7], [2, 3]], [[3, 1], [4, 1]], [[5, 5], [6, 5]]] and g.pool == [0, 8, 0]


def test_choose_two_of_four_keeps_two_and_sends_the_rest_under_the_deck():
    g = new_game(players=3, seed=2, start_energy="choose2of4", deal={"first": 0, "deck": list(range(1, 13))})
    assert g.dealt == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    play(g, "keep", "keep", "keep", "allot 1:4 3:2", "allot 5:1 6:1", "allot 11:3 12:3")
    assert g.spells[0] == [[1, 4], [3, 2]] and g.pool == [4, 8, 4]
    assert g.deck[-6:] == [2, 4, 7, 8, 9, 10]


def test_spell_auction_goes_once_around_from_hat1_and_winner_takes_hat1():
    g = make(players=3, first=1, deck=[10, 11, 12, 13])
    assert g.sa["card"] == 10 and g.pending["seat"] == 1
    with pytest.raises(IllegalAction):
        g.apply("bid 11")                          # more than the pool
    play(g, "bid 2", "bid 3")
    with pytest.raises(IllegalAction):
        g.apply("bid 3")                           # must raise
    play(g, "pass")
    assert g.spells[2] == [[10, 3]] and g.pool[2] == 7 and g.hat1 == 2
    assert g.sa["card"] == 11 and g.pending["seat"] == 2  # the winner opens the next auction


def test_unsold_spell_goes_under_the_deck_and_hat1_stays():
    g = make(players=3, first=0, deck=[10, 11, 12])
    play(g, "pass", "pass", "pass")
    assert g.deck[-1] == 10 and g.hat1 == 0 and g.sa["card"] == 11
    assert g.deck_seen[-1] == -1                  # everybody saw it


def test_exactly_n_auctions_then_the_metal_phase():
    g = make(players=4, deck=[1, 2, 3, 4, 5])
    pass_spells(g)
    assert g.phase in ("jewel",) and g.deck[0] == 5
    assert sum(e.kind == "spell_up" for e in g.events) == 4


def test_a_player_without_stones_is_passed_automatically():
    g = make(players=3, spells=[[[1, 10]], [], []], deck=[10, 11, 12])
    assert g.pending["seat"] == 1                  # seat 0 has an empty pool
    assert any(e.kind == "pass" and e.data.get("auto") for e in g.events)


def test_empty_deck_skips_the_remaining_auctions():
    owned = [[[n, 1] for n in range(k, k + 10)] for k in (1, 11, 21)] + [[]]
    g = make(players=4, spells=owned)
    assert sorted(g.deck + [g.sa["card"]]) == [31, 32, 33] and g.pending["seat"] == 3
    play(g, "bid 1", "bid 1", "bid 1")
    assert "deck_empty" in [e.kind for e in g.events] and g.phase != "spell" and g.deck == []


def test_any_number_of_spells_limited_by_stones():
    g = make(players=3, deck=[1, 2, 3])
    play(g, "bid 4", "pass", "pass", "bid 5", "pass", "pass", "bid 1", "pass", "pass")
    assert [c[0] for c in g.spells[0]] == [1, 2, 3] and g.pool[0] == 0


@pytest.mark.parametrize("num", range(1, 13))
def test_production_spells_produce_their_metals(num):
    g = make(players=3, spells=[[[num, 1]], [], []])
    pass_spells(g)
    produced = SPELL[num].produces
    for _ in range(produced.count("*")):
        assert g.pending["kind"] == "metal" and g.pending["wild"]
        play(g, "metal S")
    expect = [1, 1, 1, 1]
    for m in produced:
        expect["GSCI".index("S" if m == "*" else m)] += 1
    assert g.hands[0] == expect


def test_wild_choice_is_private_but_counted():
    g = make(players=3, spells=[[[9, 1]], [], []])
    pass_spells(g)
    play(g, "metal G", "metal C")
    v = g.view(1)
    assert v["seats"][0]["metal_count"] == 6 and v["hand"] == {"G": 1, "S": 1, "C": 1, "I": 1}
    assert [e for e in v["ledger"] if e[0] == "wild"] == [("wild", 0, ("G", "S", "C", "I"))] * 2
    assert all("metal" not in e for e in v["log"] if e["kind"] == "wild")


def test_empty_stack_means_a_substitute_of_your_choice_and_all_empty_means_nothing():
    g = make(players=3, spells=[[[1, 1]], [], []], metals=[[27, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]])
    pass_spells(g)
    assert g.pending["kind"] == "metal" and not g.pending["wild"] and g.pending["options"] == ["S", "C", "I"]
    play(g, "metal I", "metal I")
    assert g.hands[0] == [27, 0, 0, 2]
    g = make(players=3, spells=[[[1, 1]], [], []], metals=[[28, 28, 28, 27], [0, 0, 0, 1], [0, 0, 0, 0]])
    pass_spells(g)
    assert g.hands[0] == [28, 28, 28, 27] and "no_metal" in [e.kind for e in g.events]


def test_production_order_starts_with_hat1():
    g = make(players=3, first=2, spells=[[[9, 1]], [[9 + 3, 1]], [[1, 1]]])
    pass_spells(g)
    produce = [e.seat for e in g.events if e.kind in ("produce",)]
    assert produce[:2] == [2, 2] and g.pending["seat"] == 0  # seat 2 first, then seat 0's wilds


def test_bad_deals_raise_invalid_deal():
    with pytest.raises(InvalidDeal):
        new_game(players=3, deal={"deck": [1, 1]})
    with pytest.raises(InvalidDeal):
        new_game(players=3, deal={"first": 3})
    with pytest.raises(InvalidDeal):
        new_game(players=3, deal={"markers": [7]})
    with pytest.raises(InvalidDeal):
        new_game(players=3, deal={"jewels": {"A01": ["red"] * 8}})
    with pytest.raises(InvalidDeal):
        new_game(players=3, deal={"start": {"spells": [[[1, 11]], [], []]}})
    with pytest.raises(InvalidDeal):
        new_game(players=3, deal={"colour": 1})
    check_invariants(new_game(players=6, seed=0))


def test_a_spell_bought_this_round_produces_now_and_loses_a_stone_this_energy_phase():
    g = make(players=3, deck=[4, 20, 21], markers=(3,))
    play(g, "bid 3", "pass", "pass")                 # A14: Iron Vein with 3 stones
    pass_spells(g)
    assert g.hands[0] == [1, 1, 1, 3]
    play(g, "pass", "pass", "pass")                  # no jewel bids; Energy phase
    assert g.spells[0] == [[4, 2]] and g.pool[0] == 8


def test_narration_exists_for_every_event_in_both_languages():
    from towerlib.amulett import new_game as fresh
    from towerlib.amulett.views import narrate, visible_event
    import random
    kinds = set()
    for seed in range(6):
        g = fresh(players=3 + seed % 4, seed=seed, start_energy=("2+2", "secret_min1", "choose2of4")[seed % 3])
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        for seat in (0, 1):
            for e in g.events:
                seen = visible_event(e, seat)
                assert narrate(seen, "en") and narrate(seen, "ru")
                kinds.add(e.kind)
    assert len(kinds) > 25
