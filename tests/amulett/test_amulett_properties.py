"""Properties over random games: invariants, save files, illegal actions, views and re-dealt worlds."""
from __future__ import annotations

import json
import random

import pytest

from towerlib.amulett import PLAYERS, check_invariants, load, new_game, redeal, two_worlds
from towerlib.core.errors import IllegalAction, SaveError

from amulett_helpers import make, pass_spells, play

VARIANTS = [{}, {"start_energy": "secret_min1"},
            {"start_energy": "choose2of4", "round_marker_draw": "without_replacement"},
            {"jewel_round_start": "hat1_moves", "defaulter_rebids": True}]
GAMES = 48


def random_game(seed, players=None, **options):
    rng = random.Random(seed)
    players = players or PLAYERS[seed % len(PLAYERS)]
    g = new_game(players=players, seed=seed, **(options or VARIANTS[seed % len(VARIANTS)]))
    return g, rng


def test_thousands_of_random_actions_keep_every_invariant_and_every_game_ends():
    actions = 0
    for seed in range(GAMES):
        g, rng = random_game(seed)
        while not g.is_over:
            check_invariants(g)
            g.apply(rng.choice(g.legal_actions()))
            actions += 1
            assert g.round <= g.options["max_rounds"]
        check_invariants(g)
        assert g.outcome().winners
    assert actions > 10_000


def test_save_files_round_trip_mid_game_and_at_the_end():
    for seed in range(12):
        g, rng = random_game(seed)
        for step in range(400):
            if g.is_over:
                break
            if step % 97 == 0:
                text = g.to_json()
                assert load(text).to_json() == text
            g.apply(rng.choice(g.legal_actions()))
        text = g.to_json()
        again = load(text)
        assert again.to_json() == text and again.view(0) == g.view(0)


def test_illegal_actions_raise_and_leave_the_game_byte_identical():
    bad = ["bid 0", "bid 99", "bid 1.0", "bid +1", "bid 01", "pass ", " pass", "Pass", "metal X", "move A99",
           "jewel purple", "pay G:0", "pay S:1 G:1", "mulligan 3 3", "mulligan 5 2", "allot 2:1 1:1", "fate 1",
           "steal -1", "", "keep now"]
    for seed in range(20):
        g, rng = random_game(seed)
        for _ in range(rng.randrange(1, 200)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        before = g.to_json()
        legal = {str(a) for a in g.legal_actions()}
        for text in bad + ["bid 1", "pass", "keep", "done", "move A01", "jewel red", "pay G:1"]:
            if text in legal:
                continue
            with pytest.raises(IllegalAction):
                g.apply(text)
            assert g.to_json() == before
        for thing in (None, 3, b"pass", ["pass"], True):
            with pytest.raises(IllegalAction):
                g.apply(thing)
            assert g.to_json() == before


def test_every_legal_action_text_parses_back_to_itself():
    for seed in range(10):
        g, rng = random_game(seed)
        for _ in range(300):
            if g.is_over:
                break
            for a in g.legal_actions():
                assert str(g.parse_action(str(a))) == str(a) and g.parse_action(str(a)) == a
            g.apply(rng.choice(g.legal_actions()))


def test_views_are_json_copies_without_hidden_data():
    g, rng = new_game(players=4, seed=987654321), random.Random(4)
    for _ in range(150):
        g.apply(rng.choice(g.legal_actions()))
    for seat in range(4):
        v = g.view(seat)
        text = json.dumps(v)
        assert str(g.seed) not in text and "deck_seen" not in text and "marker_queue" not in text
        assert "deck" not in v or not isinstance(v.get("deck"), list)
        for other in range(4):
            if other != seat:
                assert "hand" not in v["seats"][other]
        v["board"]["A18"].append("x")
        v["seats"][0]["amulet"].append("x")
        v["ledger"].clear()
        v["hand"]["G"] = 99
        assert g.view(seat) != v
    assert g.view(0) == g.view(0)
    assert g.view(0)["board"] is not g.view(0)["board"]


def test_redealing_what_a_seat_cannot_see_keeps_its_view_and_plays_on_legally():
    for seed in range(16):
        g, rng = random_game(seed)
        for step in range(rng.randrange(1, 500)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        for seat in range(g.players):
            world = redeal(g, seat, random.Random(seed * 10 + seat))
            assert world.view(seat) == g.view(seat)
            check_invariants(world)
            wrng = random.Random(seed)
            for _ in range(60):
                if world.is_over:
                    break
                world.apply(wrng.choice(world.legal_actions()))
                check_invariants(world)


def test_redeal_draws_other_hands_again_from_what_the_seat_knows():
    g = make(players=3, spells=[[], [[9, 3]], []])
    pass_spells(g)
    play(g, "metal G", "metal G")                      # seat 1's private wild choices
    hands = {tuple(redeal(g, 0, random.Random(k)).hands[1]) for k in range(200)}
    assert (3, 1, 1, 1) in hands and len(hands) > 3
    assert all(sum(h) == 6 and min(h) >= 1 for h in hands)
    assert {tuple(redeal(g, 1, random.Random(k)).hands[1]) for k in range(5)} == {(3, 1, 1, 1)}


def test_two_worlds_look_the_same_to_the_observer():
    rng = random.Random(11)
    for _ in range(20):
        tw = two_worlds(rng)
        a, b = tw.a, tw.b
        assert a.hands != b.hands or a.deck != b.deck
        steps = 0
        while not a.is_over and not tw.until(a):
            assert a.view(tw.observer) == b.view(tw.observer)
            action = rng.choice(a.legal_actions())
            if action not in b.legal_actions():
                break
            a.apply(action)
            b.apply(action)
            steps += 1
        assert steps > 0


# ------------------------------------------------------------------ corrupt saves
def _saved():
    g, rng = random_game(2, players=4)
    for _ in range(120):
        g.apply(rng.choice(g.legal_actions()))
    return json.loads(g.to_json())


@pytest.mark.parametrize("edit, words", [
    (lambda d: d.pop("state"), "state"),
    (lambda d: d.__setitem__("game", "runes"), "runes"),
    (lambda d: d["actions"].__setitem__(5, "bid 77"), "move 6"),
    (lambda d: d["state"]["hands"][0].__setitem__(0, 27), "hands"),
    (lambda d: d["state"]["board"].__setitem__("A01", []), "board"),
    (lambda d: d["options"].__setitem__("max_rounds", 0), "max_rounds"),
    (lambda d: d.__setitem__("deal", {"deck": [1, 1]}), "deal"),
    (lambda d: d["state"].__setitem__("pool", [10, 10, 10, 10]), "pool"),
])
def test_corrupt_saves_raise_save_error_naming_the_problem(edit, words):
    data = _saved()
    edit(data)
    with pytest.raises(SaveError) as err:
        load(json.dumps(data))
    assert words in str(err.value)


def test_edited_checksum_and_garbage_raise_save_error():
    data = _saved()
    data["checksum"] = "0" * 64
    with pytest.raises(SaveError, match="checksum"):
        load(json.dumps(data))
    for text in ("", "[]", "{", "null"):
        with pytest.raises(SaveError):
            load(text)
