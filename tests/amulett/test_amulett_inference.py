"""The deduction meter: hand distributions from the public ledger, checked by enumerating every history."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

from towerlib.amulett import new_game
from towerlib.amulett.engine import allowed_metals, payment_cost
from towerlib.amulett.inference import HandReader, ReaderCache, p_can_pay, possible_hands
from towerlib.amulett.rules import AREA_IDS, METALS

from amulett_helpers import make, pass_spells, play


def brute_distribution(ledger, seat):
    """Enumerate every combination of the seat's wild choices (each equally likely) and keep those
    whose payments were possible; None if the seat's history has a hidden transfer."""
    entries = [e for e in ledger if seat in (e[1], e[2] if e[0] == "transfer" else None)]
    if any(e[0] == "transfer" and e[3] is None for e in entries) or any(e[0] == "start" and len(e) < 4 for e in entries):
        return None
    wilds = [e[2] for e in entries if e[0] == "wild"]
    if len(wilds) > 6:
        return None
    counts: dict[tuple, int] = {}
    for choice in product(*wilds):
        picks = iter(choice)
        hand = [0, 0, 0, 0]
        ok = True
        for e in entries:
            kind = e[0]
            if kind == "start":
                hand = list(e[3])
            elif kind == "gain":
                hand[METALS.index(e[2])] += 1
            elif kind == "wild":
                hand[METALS.index(next(picks))] += 1
            elif kind == "pay":
                hand = [a - b for a, b in zip(hand, e[2])]
            elif kind == "exchange":
                hand[METALS.index(e[2])] -= 1
                hand[METALS.index(e[3])] += 1
            elif kind == "discard_all":
                hand = [0, 0, 0, 0]
            elif kind == "transfer":
                hand[METALS.index(e[3])] += 1 if e[2] == seat else -1
            if min(hand) < 0:
                ok = False
                break
        if ok:
            counts[tuple(hand)] = counts.get(tuple(hand), 0) + 1
    total = sum(counts.values())
    return {h: Fraction(k, total) for h, k in counts.items()}


def test_wild_choices_spread_the_hand_uniformly():
    g = make(players=3, spells=[[], [[9, 3]], []])
    pass_spells(g)
    play(g, "metal G", "metal G")
    dist = HandReader(g.view(0)).distribution(1)
    assert len(dist) == 10 and dist[(3, 1, 1, 1)] == Fraction(1, 16) and dist[(2, 2, 1, 1)] == Fraction(2, 16)
    assert possible_hands(g.view(1), 1) == [(3, 1, 1, 1)]       # a seat knows its own hand
    assert p_can_pay(g.view(0), 1, 3, "A11") == Fraction(1, 16)             # both wilds gold
    assert p_can_pay(g.view(0), 1, 2, "A11") == 1 - Fraction(3, 4) ** 2      # at least one gold wild


def test_payments_condition_the_hand():
    g = make(players=3, spells=[[], [[9, 3]], []], jewels={"A18": ["red", "red", "red"]})
    pass_spells(g)
    play(g, "metal G", "metal G", "pass", "bid 3", "pass", "pay G:3")
    reader = HandReader(g.view(0))
    assert reader.possible(1) == [(0, 1, 1, 1)]       # three gold paid: both wilds must have been gold
    assert reader.p_can_pay(1, 1, "A11") == 0 and reader.p_can_pay(1, 1, "A18") == 1


def test_powers_of_the_bidder_enter_the_payment():
    g = make(players=3, spells=[[], [[9, 3], [23, 1]], []])
    pass_spells(g)
    play(g, "metal C", "metal C")
    assert payment_cost(6, "A22", [9, 23]) == 3 and allowed_metals("A22", [9, 23]) == ("C",)
    # copper held: 1 + 1 (Pyramid Key's own) + copper wilds; a bid of 6 costs 3 cards there
    assert p_can_pay(g.view(0), 1, 6, "A22") == Fraction(7, 16)
    assert p_can_pay(g.view(0), 1, 8, "A22") == Fraction(1, 16)          # 4 copper: both wilds copper
    assert p_can_pay(g.view(0), 1, 8, "A13") == 0                        # 8 cards from a hand of 7


def test_the_exact_meter_agrees_with_enumerating_every_history_in_random_games():
    checked = 0
    for seed in range(40):
        g = new_game(players=3 + seed % 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(50, 600)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        view = g.view(0, log=False)
        reader = HandReader(view)
        for q in range(1, g.players):
            assert tuple(g.hands[q]) in reader.possible(q)        # the truth is always possible
            brute = brute_distribution(view["ledger"], q)
            if brute is None:
                continue
            assert reader.distribution(q) == dict(sorted(brute.items()))
            area = rng.choice(AREA_IDS)
            for bid in range(1, 5):
                cost = payment_cost(bid, area, [c["num"] for c in view["seats"][q]["spells"]])
                allowed = [METALS.index(m) for m in allowed_metals(area, [c["num"] for c in view["seats"][q]["spells"]])]
                expect = sum((p for h, p in brute.items() if sum(h[i] for i in allowed) >= cost), Fraction(0))
                assert reader.p_can_pay(q, bid, area) == expect
            checked += 1
    assert checked > 30


def test_hidden_transfers_keep_the_truth_possible():
    g = make(players=3, spells=[[[14, 1]], [[9, 3]], []], metals=[[1, 1, 1, 1], [2, 2, 0, 0], [1, 1, 1, 1]],
             first=1)                               # seat 1 produces before seat 0 collects tribute
    pass_spells(g)
    play(g, "metal C", "metal C")                   # seat 1 now holds 6 cards and pays tribute
    play(g, "give C")
    reader = HandReader(g.view(2))
    assert tuple(g.hands[1]) in reader.possible(1) and tuple(g.hands[0]) in reader.possible(0)
    assert sum(reader.distribution(0).values()) == 1 and all(sum(h) == 5 for h in reader.possible(0))
    assert HandReader(g.view(0)).possible(0) == [tuple(g.hands[0])]


def _laws(reader):
    return reader.exact, [reader.distribution(q) for q in range(len(reader.block))]


def test_a_kept_law_gives_the_fresh_readers_answers():
    """ReaderCache reads only the new ledger entries; every seat's law and ``exact`` stay those of a
    reader built from the whole view, also when a view of another game (another ledger) comes between."""
    cache = ReaderCache()
    other = new_game(players=4, seed=99)
    checked = 0
    for seed in (3, 4):
        rng = random.Random(seed)
        g = new_game(players=4, seed=seed, max_rounds=4)
        step = 0
        while not g.is_over:
            if step % 3 == 0:
                for seat in (0, 2):
                    view = g.view(seat, log=False)
                    assert _laws(cache.reader(view)) == _laws(HandReader(view))
                    checked += 1
                if step % 30 == 0:                     # a ledger that is no continuation of the kept one
                    view = other.view(0, log=False)
                    assert _laws(cache.reader(view)) == _laws(HandReader(view))
            g.apply(rng.choice(g.legal_actions()))
            step += 1
    assert checked > 50
