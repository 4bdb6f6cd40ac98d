"""Spell Runes timing (issue 19 items 3 and 4), each through ``new_game(deal=...)``, ``apply``
and ``view`` only: the windows of R18 open the same way whatever the hands, artifacts are
wielded before the first initiative roll (rule 5), any-time loot is played on other wizards'
turns (rule 13), a handed-over cursed artifact is a card (R17), deal fields apply artifacts
before health is checked, and hand-built actions mean what their text says.

Dice queue (``deal["dice"]``): one initiative die per seat, then the active wizard's five dice,
re-rolled dice and counter dice, in the order the engine rolls them.
"""
from __future__ import annotations

import json

import numpy
import pytest

from towerlib.core.bots import play
from towerlib.core.errors import IllegalAction, InvalidDeal
from towerlib.runes import Action, new_game
from towerlib.runes.bots import make_bot


def game_of(dice, hands, players=2, **deal):
    wizards = ["enchanter", "alchemist", "druid", "necromancer"][:players]
    return new_game(players=players, seed=5, deal={"wizards": wizards, "dice": dice, "hands": hands, **deal})


def legal(game, seat):
    return game.view(seat)["legal"]


def pass_until(game, phase, seat=None):
    """Everyone passes until ``phase`` (and ``seat`` to decide, if given)."""
    while game.phase != phase or (seat is not None and game.view(seat)["current_player"] != seat):
        game.apply("pass")


# ---------------------------------------------------------------- rule 5: wield before the first roll
def test_artifacts_are_wielded_before_the_first_initiative_roll():
    # Seat 0 was dealt Leaden Boots (cursed: wielded at once) and Boots of Haste.
    g = game_of([4, 4, 1, 2, 3, 4, 6], [["leaden_boots", "boots_of_haste"], []])
    v = g.view(0)
    assert v["round"] == 1 and v["decision"] == "window" and v["pending"]["point"] == "before_initiative"
    assert v["current_player"] == 0 and not any(e["kind"] == "initiative_roll" for e in v["log"])
    assert v["wizards"][0]["artifact"] == "leaden_boots"
    assert "wield boots_of_haste" in v["legal"]
    g.apply("wield boots_of_haste")
    assert g.view(0)["current_player"] == 0          # the window stays open until a pass
    g.apply("pass")
    assert g.view(1)["current_player"] == 1 and g.view(1)["pending"]["point"] == "before_initiative"
    g.apply("pass")
    roll = [e for e in g.view(0)["log"] if e["kind"] == "initiative_roll"]
    assert roll and roll[0]["dice"] == [4, 4] and roll[0]["bonus"] == [1, 0]   # not -2: the boots count
    pass_until(g, "roll")
    assert g.view(1)["initiative"]["order"] == [0, 1]


def test_every_round_opens_with_a_window_before_its_initiative_roll():
    g = game_of([6, 1, 1, 2, 3, 4, 6, 6, 1, 2, 3, 4, 6, 3, 2], [["staff_of_power"], []])
    pass_until(g, "roll")
    g.apply("stop")
    g.apply("end")                                    # seat 0's turn ends: seat 1's window follows
    assert g.view(0)["current_player"] == 1 and g.view(0)["pending"]["point"] == "turn_end"
    pass_until(g, "roll")
    g.apply("stop")
    g.apply("end")                                    # the last turn of round 1
    v = g.view(0)
    assert v["round"] == 2 and v["pending"]["point"] == "before_initiative" and v["current_player"] == 0
    assert [e["kind"] for e in v["log"]].count("initiative_roll") == 1
    g.apply("wield staff_of_power")
    assert g.view(0)["wizards"][0]["artifact"] == "staff_of_power"


# ---------------------------------------------------------------- rule 13 / R18: any-time loot
def test_a_potion_is_drunk_on_the_attackers_turn_before_the_hit():
    g = game_of([6, 1, 5, 5, 2, 3, 4, 1], [[], ["healing_potion"]], health=[15, 10])
    pass_until(g, "roll")
    g.apply("stop")
    g.apply("cast attack 5 5 -> 1")
    v = g.view(1)
    assert v["turn"]["seat"] == 0 and v["current_player"] == 1 and v["decision"] == "counter"
    assert set(v["legal"]) == {"pass", "play healing_potion"}
    g.apply("play healing_potion")
    assert g.view(1)["wizards"][1]["health"] == 13 and g.view(1)["current_player"] == 1
    g.apply("pass")                                   # take the hit
    assert g.view(0)["wizards"][1]["health"] == 11


def test_after_each_spell_group_the_others_may_play_any_time_loot():
    g = game_of([6, 1, 2, 2, 1, 1, 6, 1], [["mana_crystal"], ["mana_crystal", "pickpocket", "healing_potion"]],
                spent=[[], ["loot"]], health=[15, 12])
    pass_until(g, "roll")
    g.apply("stop")
    g.apply("cast healing 1 1")
    v = g.view(1)
    assert v["current_player"] == 1 and v["decision"] == "window" and v["pending"]["point"] == "after_cast"
    assert {"pass", "play mana_crystal loot", "play pickpocket -> 0", "play healing_potion"} == set(v["legal"])
    g.apply("play mana_crystal loot")
    g.apply("play healing_potion")
    g.apply("play pickpocket -> 0")
    v = g.view(1)
    assert v["wizards"][1]["slots"]["loot"] and v["wizards"][1]["health"] == 15
    assert v["hand"] == ["mana_crystal"] and v["wizards"][0]["hand_count"] == 0
    g.apply("pass")
    assert g.view(0)["current_player"] == 0 and g.view(0)["decision"] == "cast"   # seat 0 casts on


def test_damage_loot_waits_for_the_end_of_ones_own_turn():
    g = game_of([6, 1, 2, 2, 1, 3, 6, 5], [["fire_scroll"], ["fire_scroll"]])
    pass_until(g, "roll")
    assert not any(a.startswith("play fire_scroll") for a in legal(g, 0))     # R15: not before rolling
    g.apply("stop")
    g.apply("cast attack 2 2 -> 1")                    # counter die 5 stops it: no window
    assert g.view(1)["current_player"] == 1 and g.view(1)["decision"] == "window"
    assert legal(g, 1) == ["pass"]                     # seat 1's fire scroll waits for its own turn


# ---------------------------------------------------------------- windows reveal nothing
@pytest.mark.parametrize("card", ["shield_scroll", "mirror_scroll", "lucky_charm", "fire_scroll", None])
def test_an_attacked_wizard_always_gets_a_window(card):
    hand = [card] if card else []
    g = game_of([6, 1, 5, 5, 2, 3, 4, 1], [[], hand])
    pass_until(g, "roll")
    g.apply("stop")
    g.apply("cast attack 5 5 -> 1")
    v = g.view(0)
    assert v["current_player"] == 1 and v["pending"] == {
        "kind": "counter", "seat": 1, "attacker": 0, "pair": 5, "die": 1, "damage": 2}


def _views_along(world_hands, actions):
    g = game_of([6, 1, 2, 5, 5, 2, 3, 4, 1, 3], world_hands, players=3,
                loot=["poison_dart", "fire_scroll"])
    seen = [json.dumps(g.view(0), sort_keys=True)]
    for text in actions:
        g.apply(text)
        seen.append(json.dumps(g.view(0), sort_keys=True))
    return seen


def test_seat_0_cannot_tell_whether_seat_1_holds_a_reaction_card():
    actions = ["pass"] * 6 + ["stop", "cast attack 5 5 -> 1", "pass", "pass", "pass", "end"]
    with_card = _views_along([[], ["shield_scroll"], []], actions)
    without = _views_along([[], ["healing_potion"], []], actions)
    assert with_card == without


def test_initiative_windows_open_for_everyone():
    for hands in ([[], ["quicksilver"], []], [[], [], []]):
        g = game_of([1, 2, 3, 1, 2, 3, 4, 6], hands, players=3)
        deciders = []
        while g.phase != "roll":
            deciders.append((g.view(2)["current_player"], g.view(2)["decision"]))
            g.apply("pass")
        assert deciders == [(0, "window"), (1, "window"), (2, "window"),
                            (0, "initiative"), (1, "initiative"), (2, "initiative")]


def test_bots_pass_windows_at_once():
    g = game_of([6, 1, 5, 5, 2, 3, 4, 1], [[], []])
    for bot in ("random", "greedy", "planner"):
        choice = make_bot(bot, seed=1).choose(g.view(0, log=False))
        assert str(choice.action) == "pass"
    outcome = play(new_game(players=3, seed=11), [make_bot(b, seed=2) for b in ("planner", "greedy", "random")])
    assert outcome is not None


# ---------------------------------------------------------------- R17: handed-over cursed artifacts
def test_a_handed_over_cursed_idol_arrives_as_a_card_and_is_not_wielded():
    g = game_of([6, 1, 5, 5, 2, 3, 4, 1], [[], ["healing_potion"]], health=[15, 2],
                artifacts=["staff_of_power", "cursed_idol"])
    pass_until(g, "roll")
    g.apply("stop")
    g.apply("cast attack 5 5 -> 1")
    g.apply("pass")                                   # seat 1 takes the hit and falls
    v = g.view(0)
    assert v["wizards"][1]["health"] == 0 and v["wizards"][1]["artifact"] is None
    assert v["wizards"][0]["artifact"] == "staff_of_power"
    assert v["hand"] == ["cursed_idol", "healing_potion"]
    assert "wield cursed_idol" not in v["legal"]


def test_a_stolen_cursed_artifact_stays_a_card_but_a_drawn_one_is_wielded():
    g = game_of([6, 1, 1, 2, 3, 4, 6], [[], ["pickpocket"]], players=2, loot=["cracked_orb"],
                artifacts=[None, None])
    g2 = game_of([6, 1, 1, 2, 3, 4, 6], [["blood_pact"], []])
    assert g2.view(0)["wizards"][0]["artifact"] == "blood_pact"      # dealt = drawn: wielded
    pass_until(g, "roll")
    g.apply("stop")
    g.apply("cast loot 1 2 3 4")                      # draws the Cracked Orb: wielded at once
    v = g.view(0)
    assert v["wizards"][0]["artifact"] == "cracked_orb" and v["wizards"][0]["hand_count"] == 1


# ---------------------------------------------------------------- deal order and action canonical forms
def test_deal_artifacts_count_before_health_is_checked():
    g = game_of([6, 1], [[], []], artifacts=["amulet_of_vitality", None], health=[18, 15])
    assert [w["health"] for w in g.view(0)["wizards"]] == [18, 15]
    assert g.view(1)["wizards"][0]["max_health"] == 18
    with pytest.raises(InvalidDeal):
        game_of([6, 1], [[], []], artifacts=["amulet_of_vitality", None], health=[19, 15])
    with pytest.raises(InvalidDeal):
        game_of([6, 1], [[], []], health=[16, 15])
    assert game_of([6, 1], [[], []], artifacts=["amulet_of_vitality", None]).view(0)["wizards"][0]["health"] == 18


def test_hand_built_actions_mean_their_text():
    g = game_of([6, 1, 5, 1, 5, 2, 3, 4, 6, 6], [[], []])
    pass_until(g, "roll")
    g.apply(Action("hold", dice=(5, 1, 5)))           # unsorted: the same move as "hold 1 5 5"
    assert g.history[-1] == Action("hold", dice=(1, 5, 5)) and json.loads(g.to_json())["actions"][-1] == "hold 1 5 5"
    g.apply(Action("stop"))
    before = g.to_json()
    for bad in (Action("cast", "attack", (5.0, 5.0), target=1), Action("cast", "attack", [5, 5], target=1),
                Action("cast", "attack", (5, 5), target=True), Action("cast", "attack", (5, 5), target=1.0),
                Action("Cast", "attack", (5, 5), target=1), None, b"end", ["end"], 3.0, True):
        with pytest.raises(IllegalAction):
            g.apply(bad)
        assert g.to_json() == before
    for text in ("cast attack 5 5 -> 01", "cast attack 5 5 -> 1.0", "cast attack 5 5 -> True", "cast attack 5.0 5 -> 1"):
        with pytest.raises(IllegalAction):
            g.apply(text)
        assert g.to_json() == before
    g.apply(Action("cast", "attack", (numpy.int64(5), 5), target=numpy.int64(1)))
    assert json.loads(g.to_json())["actions"][-1] == "cast attack 5 5 -> 1"


def test_a_choice_among_hidden_cards_is_asked_even_when_the_cards_are_alike():
    def homunculus(drawn):
        g = game_of([6, 1, 3, 3, 3, 1, 2], [["healing_potion"], []], familiars=["homunculus"], loot=drawn)
        pass_until(g, "roll")
        g.apply("stop")
        g.apply("cast familiar 3 3 3 summon")
        g.apply("keep")                               # draw 2, then discard 1 of the hand
        return g
    alike, mixed = homunculus(["healing_potion", "healing_potion"]), homunculus(["fire_scroll", "mana_crystal"])
    assert legal(alike, 0) == ["discard healing_potion"] and len(legal(mixed, 0)) == 3
    for g in (alike, mixed):                          # seat 1 sees the same decision either way
        v = g.view(1)
        assert v["current_player"] == 0 and v["decision"] == "discard" and v["pending"] == {"kind": "discard", "seat": 0}
    assert alike.view(1)["log"] == mixed.view(1)["log"]
