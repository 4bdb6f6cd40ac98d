"""The shortcuts taken for speed (issue #14.3) give exactly what the slow, plain way gives."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from towerlib import IllegalAction
from towerlib.abracada import CAST, END, Cast, new_game
from towerlib.abracada.bots import EVBot, RandomBot
from towerlib.abracada.deduction import (ALL, chances_from, deduce, distribution, hold_chances, own_masks,
                                         play_chances, position)

VALUES = range(1, 9)


def random_positions(games: int, seed: int, **options):
    """(game, seat to play) at every decision of random games."""
    rng = random.Random(seed)
    for g in range(games):
        game = new_game(rng.choice([2, 3, 4, 5]), seed=seed * 1000 + g, **options)
        while not game.is_over:
            yield game, game.current_player
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("options", [{}, {"easy": True}, {"lower_declaration": "auto_callout"},
                                     {"last_standing": True}])
def test_the_listed_ids_are_exactly_the_legal_actions(options):
    for game, _ in random_positions(20, seed=3, **options):
        assert game._legal_ids() == frozenset(map(id, game.legal_actions()))


def test_a_listed_object_a_hand_built_copy_and_its_text_play_the_same():
    for how in (lambda a: a, lambda a: type(a)(*vars_of(a)), str):
        game = new_game(4, seed=5)
        twin = new_game(4, seed=5)
        rng = random.Random(1)
        while not game.is_over:
            legal = game.legal_actions()
            action = legal[rng.randrange(len(legal))]
            assert game.apply(how(action)) == twin.apply(action)
        assert game.to_json() == twin.to_json()


def vars_of(action):
    return [getattr(action, f) for f in getattr(action, "__slots__", ())]


def test_an_engine_object_that_is_not_legal_now_is_refused_and_changes_nothing():
    game = new_game(4, seed=2, deal={"hands": [[5, 6, 7, 8, 8], [7, 7, 7, 7, 7], [8, 8, 8, 8, 8], [6, 6, 6, 6, 6]],
                                     "secret": [1, 2, 3, 3], "removed": [],
                                     "pile": [4, 4, 4, 5, 5, 5, 5, 2, 3, 4, 7, 8]})
    game.apply(CAST[6])                                  # a success: only 6 and up may follow
    before = game.to_json()
    for action in (CAST[5], Cast(5), "cast 5", CAST[1]):
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert game.to_json() == before
    game.apply(END)
    with pytest.raises(IllegalAction):
        game.apply(END)                                  # the next player must cast first
    assert game.current_player == 1


def test_a_game_keeps_few_enough_attributes_for_fast_attribute_reads():
    # CPython 3.11 shares one key table among a class's instances for up to 30 attribute names;
    # past that, every self.x in the engine is read from a per-instance dict, measurably slower.
    for game, _ in random_positions(3, seed=4, last_standing=True):
        pass
    assert len(vars(game)) <= 30, sorted(vars(game))


def test_hold_chances_from_a_view_are_the_exact_chances():
    for n, (game, seat) in enumerate(random_positions(15, seed=6)):
        if n % 3:
            continue
        view = game.view(seat, log=False)
        dist = deduce(view)
        fast = hold_chances(view)
        assert fast == dist.hold_chances()
        assert fast[0] == 0.0
        for v in VALUES:
            assert fast[v] == pytest.approx(float(dist.p_at_least_one(v)), abs=1e-12)


def test_hold_chances_of_sets_that_do_not_nest_use_the_general_count():
    counts = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    masks = (ALL & ~(1 << 8), ALL & ~(1 << 7), ALL)        # {1..7}, {1..6, 8}: neither holds the other
    dist = distribution(counts, masks)
    chances = dist.hold_chances()
    for v in VALUES:
        assert chances[v] == pytest.approx(float(dist.p_at_least_one(v)), abs=1e-12)
    # and by brute force over ordered choices of distinct stones
    stones = [v for v in VALUES for _ in range(counts[v])]
    total = hit8 = 0
    for a in range(len(stones)):
        for b in range(len(stones)):
            for c in range(len(stones)):
                if len({a, b, c}) < 3:
                    continue
                hand = (stones[a], stones[b], stones[c])
                if all(masks[i] >> hand[i] & 1 for i in range(3)):
                    total += 1
                    hit8 += 8 in hand
    assert chances[8] == pytest.approx(float(Fraction(hit8, total)), abs=1e-12)


def test_ruled_out_values_in_any_order_read_the_same():
    for n, (game, seat) in enumerate(random_positions(10, seed=7)):
        view = game.view(seat, log=False)
        if not any(len(slot["ruled_out"]) > 1 for slot in view["own_hand"]):
            continue
        shuffled = dict(view, own_hand=[{"ruled_out": list(reversed(slot["ruled_out"]))}
                                        for slot in view["own_hand"]])
        assert position(shuffled) == position(view)
        break
    else:
        pytest.fail("no position with two values ruled out for one stone")


def test_a_views_legal_actions_are_its_own_list_of_the_legal_texts():
    for n, (game, seat) in enumerate(random_positions(5, seed=8)):
        a, b = game.view(seat, log=False), game.view(seat, log=False)
        assert a["legal_actions"] == [str(x) for x in game.legal_actions()]
        assert a["legal_actions"] is not b["legal_actions"]
        assert a["options"] is not b["options"] and a["options"]["die_faces"] is not b["options"]["die_faces"]
        assert game.view((seat + 1) % game.players, log=False)["legal_actions"] == []


def test_bots_give_the_same_choices_with_and_without_the_caches():
    from towerlib.abracada.deduction import clear_cache
    from towerlib.abracada.bots import _prices_for
    views = [game.view(seat, log=False) for n, (game, seat) in enumerate(random_positions(6, seed=9))
             if n % 4 == 0]
    first = [(str(EVBot().choose(v).action), str(EVBot().choose(v).reason)) for v in views]
    clear_cache()
    _prices_for.cache_clear()
    again = [(str(EVBot().choose(v).action), str(EVBot().choose(v).reason)) for v in views]
    assert first == again
    assert all(RandomBot(1).choose(v).action in v["legal_actions"] or v["phase"] != "play" for v in views)


def rule_11_legal_texts(game):
    """The legal actions read straight from the rules, as an independent reference."""
    if game.is_over:
        return []
    if game.phase == "round_over":
        return ["next round"]
    casts = [f"cast {v}" for v in VALUES]
    if game.chain == 0:
        return casts
    any_order = game.options["easy"] or game.options["lower_declaration"] == "auto_callout"
    return ["end"] + [f"cast {v}" for v in VALUES if any_order or v >= game.chain]


@pytest.mark.parametrize("options", [{}, {"easy": True}, {"lower_declaration": "auto_callout"},
                                     {"last_standing": True}])
def test_the_kept_list_of_choices_is_what_the_rules_allow(options):
    for game, _ in random_positions(20, seed=12, **options):
        assert [str(a) for a in game.legal_actions()] == rule_11_legal_texts(game)
        assert game.legal_texts() == rule_11_legal_texts(game)
    assert game.legal_actions() == () and game.current_player is None


@pytest.mark.parametrize("options", [{}, {"die_faces": (1, 2, 3, 4, 5, 6), "easy": True}])
def test_the_public_options_are_the_json_form_of_the_options(options):
    from towerlib.core.options import jsonable_options
    game = new_game(3, seed=1, **options)
    assert game.public_options == jsonable_options(game.options)
    assert list(game.public_options) == list(game.options)
    assert game.list_options == tuple(k for k, v in game.public_options.items() if type(v) is list)


@pytest.mark.parametrize("options", [{}, {"secret_stone_visibility": "public"}, {"last_standing": True},
                                     {"easy": True, "secret_stone_visibility": "public"}])
def test_the_bots_fields_say_what_position_reads_from_the_whole_view(options):
    ends = 0
    for game, _ in random_positions(12, seed=13, **options):
        ends += game.phase != "play"
        for seat in range(game.players):
            view = game.view(seat, log=False)
            assert view["unseen"] == list(position(view)[0])
            assert view["own_ruled_out"] == [sum(1 << v for v in slot["ruled_out"]) for slot in view["own_hand"]]
            if game.phase == "play":
                assert own_masks(view) == position(view)[1]
                assert play_chances(view) == chances_from(view)
            assert view["die_faces"] == list(game.options["die_faces"]) == view["options"]["die_faces"]
    assert ends > 10                                     # round ends (hands and secrets shown) met
    view = game.view(0, log=False)                      # and the game's end
    assert game.is_over and view["unseen"] == list(position(view)[0])


class ReadingView(dict):
    """A view that notes which of its fields are read."""

    def __init__(self, view, read):
        super().__init__(view)
        self.read = read

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)


@pytest.mark.parametrize("options", [{}, {"last_standing": True}, {"secret_stone_visibility": "public"}])
def test_each_bot_reads_only_the_view_fields_it_lists(options):
    from towerlib.abracada.bots import BOTS
    for name, make in BOTS.items():
        bot, read = make(1), set()
        for game, seat in random_positions(6, seed=10, **options):
            bot.choose(ReadingView(game.view(seat), read))
        assert read and read <= set(bot.view_fields), f"{name} read {sorted(read - set(bot.view_fields))}"


@pytest.mark.parametrize("options", [{}, {"secret_stone_visibility": "public"}])
def test_play_hands_a_bot_its_listed_fields_and_plays_as_with_whole_views(options):
    from towerlib.abracada.bots import BOTS
    from towerlib.core.bots import play

    class WholeView:
        """The same bot, shown whole views (no ``view_fields``)."""

        def __init__(self, bot):
            self.bot = bot

        def choose(self, view):
            assert "log" in view and "scores" in view
            return self.bot.choose(view)

    seen = []

    class Listed:
        def __init__(self, bot):
            self.bot, self.view_fields = bot, bot.view_fields

        def choose(self, view):
            seen.append(list(view))
            return self.bot.choose(view)

    for name, make in BOTS.items():
        for players in (2, 3, 4):
            game, twin = new_game(players, seed=21, **options), new_game(players, seed=21, **options)
            outcome = play(game, [Listed(make(s)) for s in range(players)])
            assert outcome == play(twin, [WholeView(make(s)) for s in range(players)])
            assert game.to_json() == twin.to_json()
            assert seen and all(fields == list(make(0).view_fields) for fields in seen)
            seen.clear()


def test_a_legal_text_is_played_at_once_and_any_other_text_is_read_or_refused():
    game = new_game(4, seed=2, deal={"hands": [[5, 6, 7, 8, 8], [7, 7, 7, 7, 7], [8, 8, 8, 8, 8], [6, 6, 6, 6, 6]],
                                     "secret": [1, 2, 3, 3], "removed": [],
                                     "pile": [4, 4, 4, 5, 5, 5, 5, 2, 3, 4, 7, 8]})
    assert game.apply("cast 6")[0].kind == "cast"            # the exact text a view lists
    assert game.history[-1] is CAST[6]                       # recorded as the engine's own action
    before = game.to_json()
    for text in ("cast 5", "next round", "cast 9", "", "cast"):
        with pytest.raises(IllegalAction):
            game.apply(text)
        assert game.to_json() == before
    game.apply("  End   TURN ")                              # another spelling is read, then checked
    assert game.history[-1] is END
