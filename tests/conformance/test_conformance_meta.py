"""The suite catches broken games: deliberately broken copies of Abracada and Spell Runes must fail its checks."""
from __future__ import annotations

import copy
import json
import random
from types import SimpleNamespace

import pytest

import towerlib.abracada as abracada
import towerlib.runes as runes
from checks import (check_bad_actions, check_deal_fuzz, check_redeal, check_redeal_posterior, check_refusal_texts,
                    check_two_worlds, check_views, example_deals, play_out, positions)
from towerlib.abracada.engine import AbracadaGame
from towerlib.abracada.worlds import redeal
from towerlib.core.i18n import Msg, register
from towerlib.runes.engine import RunesGame

register({"en": {"test.leaky_reason": "{reason}; allowed now: {allowed}"},
          "ru": {"test.leaky_reason": "{reason}; сейчас можно: {allowed}"}})


class MutatesBeforeChecking(AbracadaGame):
    """Spends a life on every action, legal or not, before checking it."""

    def _why_illegal(self, action):
        self.lives[0] = max(0, self.lives[0] - 1)
        return super()._why_illegal(action)


class LeaksOwnStones(AbracadaGame):
    """Shows a seat its own hand."""

    def view(self, seat, log=True):
        out = super().view(seat, log)
        out["own_values"] = list(self.hands[seat])
        return out


class LeaksThePile(AbracadaGame):
    """Shows the top of the pile, which nobody may see."""

    def view(self, seat, log=True):
        out = super().view(seat, log)
        out["next_stone"] = self.pile[0] if self.pile else None
        return out


class SharesItsLists(AbracadaGame):
    """Hands out the engine's own list of lives."""

    def view(self, seat, log=True):
        out = super().view(seat, log)
        out["lives"] = self.lives
        return out


class BreaksConservation(AbracadaGame):
    """Loses a stone from the pile whenever a turn ends."""

    def _end_turn(self):
        super()._end_turn()
        if self.pile:
            self.pile.pop()


class ReadsFloatStones(AbracadaGame):
    """Takes a stone written ``3.0`` for a 3 (as SpellCaster took ``1.0`` for a card)."""

    def _setup(self, deal):
        if deal is not None:
            deal = json.loads(json.dumps(deal), parse_float=lambda text: int(float(text)))
        super()._setup(deal)


class CountsUnhashableStones(AbracadaGame):
    """Counts the deal's pile before checking it, so a list among the stones is a TypeError."""

    def _setup(self, deal):
        if deal is not None:
            set(deal.get("pile", []))
        super()._setup(deal)


class ListsTheDecidersActions(RunesGame):
    """Refuses an action the way every game did before: naming the decider's legal actions."""

    def _why_illegal(self, action):
        reason = super()._why_illegal(action)
        if reason is None:
            return None
        return Msg("test.leaky_reason", reason=reason, allowed=", ".join(map(str, self.legal_actions())))


def broken_runes(cls):
    """A game module like towerlib.runes whose two worlds are games of class ``cls``."""
    def two_worlds(rng):
        tw = runes.two_worlds(rng)
        tw.a.__class__ = tw.b.__class__ = cls
        return tw
    return SimpleNamespace(new_game=lambda players=2, seed=None, deal=None, **o: cls(players, seed, deal, **o),
                           load=cls.from_json, OPTIONS=runes.OPTIONS, PLAYERS=runes.PLAYERS,
                           check_invariants=runes.check_invariants, redeal=runes.redeal, two_worlds=two_worlds)


def broken(cls):
    """A game module like towerlib.abracada whose games are of class ``cls``."""
    def two_worlds(rng):
        tw = abracada.two_worlds(rng)
        tw.a.__class__ = tw.b.__class__ = cls
        return tw
    return SimpleNamespace(new_game=lambda players=4, seed=None, deal=None, **o: cls(players, seed, deal, **o),
                           load=cls.from_json, OPTIONS=abracada.OPTIONS, PLAYERS=abracada.PLAYERS,
                           check_invariants=abracada.check_invariants, redeal=redeal, two_worlds=two_worlds)


def test_an_action_that_mutates_before_it_checks_is_caught():
    module = broken(MutatesBeforeChecking)
    rng = random.Random(1)
    with pytest.raises(AssertionError, match="refused but changed the game"):
        for game in positions(module, 3, seed=1):
            check_bad_actions(module, game, rng)


@pytest.mark.parametrize("cls", [LeaksOwnStones, LeaksThePile])
def test_a_view_that_leaks_a_hidden_stone_is_caught(cls):
    module = broken(cls)
    rng = random.Random(2)
    with pytest.raises(AssertionError, match="looks different"):
        for game in positions(module, 5, seed=2, chance=0.2):
            check_redeal(module, game, rng)


def test_a_leak_is_caught_by_two_worlds():
    module = broken(LeaksThePile)
    rng = random.Random(3)
    with pytest.raises(AssertionError, match="worlds differ"):
        for _ in range(20):
            check_two_worlds(module, rng)


def test_a_view_that_shares_engine_lists_is_caught():
    module = broken(SharesItsLists)
    with pytest.raises(AssertionError, match="shares"):
        for game in positions(module, 2, seed=4, chance=0.2):
            check_views(game)


def test_a_game_that_loses_a_stone_is_caught():
    module = broken(BreaksConservation)
    rng = random.Random(5)
    with pytest.raises(AssertionError, match="stones not conserved"):
        play_out(module, module.new_game(4, seed=5), rng)


def test_an_error_that_lists_the_deciders_actions_is_caught():
    module = broken_runes(ListsTheDecidersActions)
    rng = random.Random(6)
    with pytest.raises(AssertionError, match="tells seat 0 the worlds differ"):
        for _ in range(12):
            check_refusal_texts(module, rng, max_steps=60)


@pytest.mark.parametrize("share", [1.0, 0.25])
def test_a_redeal_that_falls_back_to_the_truth_is_caught(share):
    """A sampler that gives up (here: on a share of its draws) and returns the real game."""
    def lazy_redeal(game, seat, rng):
        return copy.deepcopy(game) if rng.random() < share else redeal(game, seat, rng)
    module = SimpleNamespace(redeal=lazy_redeal)
    (position,) = abracada.constrained_positions()
    with pytest.raises(AssertionError, match="the real hidden state|chi-square"):
        check_redeal_posterior(module, position, samples=1000, rng=random.Random(7))


@pytest.mark.parametrize("cls, message", [(ReadsFloatStones, "was accepted"), (CountsUnhashableStones, "raised TypeError")])
def test_a_deal_parser_that_takes_wrong_types_is_caught(cls, message):
    module = broken(cls)
    rng = random.Random(8)
    with pytest.raises(AssertionError, match=message):
        for players, deal in example_deals(module, rng, 2):
            check_deal_fuzz(module, players, deal, rng, count=60)


# ----- the suite's own tests, at their own counts, catch every broken copy ------------------------
# The checks above get the chances they need; here the conformance tests themselves run against
# each broken copy, so lowering a count that stops catching one fails this file.
import test_conformance_actions as actions      # noqa: E402  (modules, so their tests are not collected twice)
import test_conformance_playouts as playouts    # noqa: E402
import test_conformance_views as views          # noqa: E402

CAUGHT_BY_THE_SUITE = [
    (MutatesBeforeChecking, actions.test_bad_actions_are_refused_and_change_nothing, "refused but changed the game"),
    (LeaksOwnStones, views.test_a_redealt_world_looks_the_same_to_its_seat, "looks different"),
    (LeaksThePile, views.test_a_redealt_world_looks_the_same_to_its_seat, "looks different"),
    (LeaksThePile, views.test_two_worlds_look_the_same_along_the_same_actions, "worlds differ"),
    (SharesItsLists, views.test_views_are_json_private_and_the_callers_own, "shares"),
    (BreaksConservation, playouts.test_many_more_random_games, "stones not conserved"),
    *[(BreaksConservation, lambda module, chunk=chunk: playouts.test_random_games_end_and_keep_their_invariants(
        module, chunk), "stones not conserved") for chunk in range(playouts.CHUNKS)],
]


@pytest.mark.parametrize("cls, test, match", CAUGHT_BY_THE_SUITE,
                         ids=[f"{c.__name__}-{i}" for i, (c, _, _) in enumerate(CAUGHT_BY_THE_SUITE)])
def test_the_conformance_tests_at_their_counts_catch_the_broken_copy(cls, test, match):
    with pytest.raises(AssertionError, match=match):
        test(broken(cls))
