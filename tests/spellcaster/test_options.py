"""Every RESOLVED reading is an option, and switching it changes what the rules do."""
import pytest

from towerlib.core.errors import InvalidOption
from towerlib.spellcaster import OPTIONS, new_game

from spellcaster_helpers import PLAIN, kinds, play, scenario

SPELL = {"motion": ["F1"], "mass": ["F3"]}


def launched(rolls=(), **kw):
    options = kw.pop("options", {})
    deal = {"attributes": [PLAIN, PLAIN], "first": 0, "rolls": list(rolls), "positions": ["iF", "C"],
            "displays": [[SPELL], []], **kw}
    game = new_game(2, seed=11, deal=deal, **options)
    play(game, "conjure B F", "putback", "launch 0.1", "decline")
    return game


def test_every_option_has_a_default_and_bad_values_are_refused():
    assert set(OPTIONS) == {"return_to", "complete_min_motion", "complete_min_mass", "strike_own_caster",
                            "stuck_ends_move", "token_back_after_impact", "capture_needs_pair",
                            "duty_on_launch_turn", "launch_needs_pair", "passer_names_next", "round_limit",
                            "capture_lock_loses"}
    for bad in ({"return_to": "bottom"}, {"round_limit": -1}, {"strike_own_caster": 1}, {"colour": 2}):
        with pytest.raises(InvalidOption):
            new_game(2, seed=1, **bad)


def test_return_to_shuffle_forgets_the_returned_card():
    game = scenario(decks=[{"F": [3, 5]}, {}])
    play(game, "conjure B F", "putback")
    assert game.view(1)["casters"][0]["decks"]["F"]["top"] == 3
    game = new_game(2, seed=11, deal={"attributes": [PLAIN, PLAIN], "first": 0, "decks": [{"F": [3, 5]}, {}]},
                    return_to="shuffle")
    play(game, "conjure B F", "putback")
    assert game.view(1)["casters"][0]["decks"]["F"]["known"] == []


def test_completeness_thresholds():
    game = new_game(2, seed=11, deal={"attributes": [PLAIN, PLAIN], "first": 0, "displays": [[SPELL], []]},
                    complete_min_motion=2)
    play(game, "conjure B F", "putback")
    assert "launch 0.1" not in {str(a) for a in game.legal_actions()}


def test_strike_own_caster_off_spares_the_controller():
    game = launched(positions=["iF", "cW"], displays=[[{"motion": ["F1", "F1"], "mass": ["F3"]}], []],
                    options={"strike_own_caster": False})
    play(game, "to mFE", "to iF")
    assert game.life[0] == 10 and game.spells[0][0]["state"] == "launched"


def test_stuck_ends_move_off_skips_to_the_next_card():
    game = launched(positions=["iF", "cW"], displays=[[{"motion": ["F1", "W1", "F1"], "mass": ["F1"]}], []],
                    options={"stuck_ends_move": False})
    play(game, "to cF")
    assert game.stack[-1]["kind"] == "motion" and game.stack[-1]["card"] == 2


def test_token_lost_after_impact_when_switched():
    game = launched(options={"token_back_after_impact": False})
    play(game, "to C")
    assert game.lost[0] == 1 and game.pool[0] == 5


def test_duty_on_launch_turn():
    game = launched(positions=["iF", "cW"], options={"duty_on_launch_turn": True})
    play(game, "to mFE")
    assert game.duties(0) == ["0.1"] and "end" not in {str(a) for a in game.legal_actions()}


def test_launch_without_a_free_pair_only_when_switched_off():
    attrs = [[0, 2, 0, 4], PLAIN]                 # seat 0: Focus 2, so two familiar pairs
    displays = [[SPELL, {"motion": ["F1"], "mass": ["F1"]}], [{"motion": ["W1"], "mass": ["W1"]}]]
    for needs in (True, False):
        game = new_game(2, seed=11, deal={"attributes": attrs, "first": 0, "positions": ["iF", "cW"],
                                          "displays": displays}, launch_needs_pair=needs)
        for sp, point in ((game.spells[0][0], "cF"), (game.spells[1][0], "mEW")):   # both pairs on the board
            sp.update(state="launched", controller=0, point=point)
            sp["motion"][0][1] = True
            sp["tokens"][0] = 1
            game.pool[0] -= 1
        game.forget_legal()
        assert game.free_pairs(0) == 0
        play(game, "conjure B F", "putback")
        assert (game.stack[-1]["kind"] == "launch") == (not needs)


def test_passer_names_next_off_names_clockwise():
    from test_scenarios import two_wild_spells
    game = two_wild_spells()
    game.options["passer_names_next"] = False
    game.forget_legal()
    play(game, "pass")
    assert game.current_player == 1 and game.stack[-1]["stage"] == "choose"


def test_round_limit_stops_the_game():
    game = new_game(2, seed=3, round_limit=2, deal={"attributes": [PLAIN, PLAIN], "first": 0})
    for _ in range(4):
        play(game, "end")
    assert game.is_over and game.outcome().reason == "round_limit" and game.outcome().winners == (0, 1)
    assert kinds(game.events)[-1] == "game_over"
