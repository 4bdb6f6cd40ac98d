"""Scenario tests with fixed dice: every spell, the counter and its tie-breaks, initiative,
resurrection, loot timing, reactions, artifacts and the end of the game.

Dice queue order (``deal["dice"]``): one initiative die per seat, tie re-rolls, then the
active wizard's five dice, re-rolled dice, counter dice, in the order the engine rolls them.
"""
from __future__ import annotations

import pytest

from towerlib.core.errors import IllegalAction, InvalidDeal
from towerlib.core.i18n import Msg, tr
from towerlib.runes import Action, new_game

from runes_helpers import ANYTIME, REACTIONS, settle


def cast_now(game, *actions, react=False):
    """Stop rolling and apply ``actions``, everyone passing the windows in between (and the
    attacked wizard's reaction windows too, unless ``react``); returns the events."""
    kinds = ANYTIME if react else ANYTIME + REACTIONS
    events = game.apply("stop")
    for a in actions:
        events += game.apply(a)
        events += settle(game, kinds)
    return events


# ---------------------------------------------------------------- healing and attacks
@pytest.mark.parametrize("wizard,artifact,start,expected", [
    ("enchanter", None, 10, 12), ("druid", None, 10, 13), ("enchanter", "blood_pact", 10, 11),
    ("enchanter", None, 14, 15)])
def test_healing(runes_scenario, wizard, artifact, start, expected):
    g = runes_scenario([6, 1, 1, 1, 2, 3, 4], wizards=[wizard, "alchemist"], health=[start, 15],
                       artifacts=[artifact, None])
    assert g.current_player == 0 and g.dice == [1, 1, 2, 3, 4]
    cast_now(g, "cast healing 1 1")
    assert g.health[0] == expected


@pytest.mark.parametrize("counter,health", [(3, 13), (4, 13), (5, 13), (6, 15)])
def test_attack_and_counter_roll(runes_scenario, counter, health):
    g = runes_scenario([6, 1, 5, 5, 2, 3, 4, counter])
    events = cast_now(g, "cast attack 5 5 -> 1")
    assert g.health[1] == health
    assert any(e.kind == "counter_roll" and e.data["die"] == counter for e in events)


@pytest.mark.parametrize("summoned,artifacts,hit", [
    ([None, None], [None, None], True),                        # no familiars: grades 0 = 0, caster
    (["owl", "stone_golem"], [None, None], False),             # offense 1 < defense 3
    (["ember_imp", "stone_golem"], [None, None], True),        # 3 = 3: the caster
    (["dragonet", "frost_sprite"], [None, None], True),        # 3 > 2
    ([None, None], [None, "cloak_of_shadows"], False),         # the cloak wins ties outright
])
def test_counter_tie_breaks(runes_scenario, summoned, artifacts, hit):
    g = runes_scenario([6, 1, 4, 4, 1, 2, 6, 4], summoned=summoned, artifacts=artifacts)
    cast_now(g, "cast attack 4 4 -> 1")
    assert g.health[1] == (13 if hit else 15)


def test_shaman_grades_count_one_more(runes_scenario):
    # Shaman defender with a Tortoise (defense 3+1) against Ember Imp (offense 3): defender wins.
    g = runes_scenario([6, 1, 4, 4, 1, 2, 6, 4], wizards=["enchanter", "shaman"],
                       summoned=["ember_imp", "tortoise"])
    cast_now(g, "cast attack 4 4 -> 1")
    assert g.health[1] == 15


@pytest.mark.parametrize("pair,die,hit", [(5, 5, False), (6, 6, False), (6, 5, True), (5, 3, True)])
def test_cryomancer_counter_bonus(runes_scenario, pair, die, hit):
    g = runes_scenario([6, 1, pair, pair, 1, 2, 3, die], wizards=["enchanter", "cryomancer"])
    cast_now(g, f"cast attack {pair} {pair} -> 1")
    assert g.health[1] == (13 if hit else 15)


def test_two_attacks_in_one_turn(runes_scenario):
    g = runes_scenario([6, 1, 3, 3, 4, 4, 2, 1, 6])
    cast_now(g, "cast attack 3 3 -> 1", "cast attack 4 4 -> 1")
    assert g.health[1] == 13 and g.dice == [2]


def test_four_of_a_kind_as_two_attacks_and_damage_bonuses(runes_scenario):
    # R3: four 2s are two pairs. Staff of Power +1, Wolf +1 on the next Attack only, Q +1.
    g = runes_scenario([6, 1, 2, 2, 2, 2, 5, 1, 1], artifacts=["staff_of_power", None], quantum=1)
    g.wolf = True
    cast_now(g, "cast attack 2 2 -> 1")
    assert g.health[1] == 15 - (2 + 1 + 1 + 1)
    g.apply("cast attack 2 2 -> 1")
    settle(g)
    assert g.health[1] == 10 - (2 + 1 + 1)


def test_warlock_bonus_against_healthier_foes(runes_scenario):
    g = runes_scenario([6, 1, 3, 3, 1, 2, 6, 1], wizards=["warlock", "alchemist"], health=[10, 15])
    cast_now(g, "cast attack 3 3 -> 1")
    assert g.health[1] == 12


# ---------------------------------------------------------------- familiars
def test_familiar_summon_keep_and_slot(runes_scenario):
    g = runes_scenario([6, 1, 3, 3, 3, 1, 2], health=[10, 15], familiars=["tortoise"])
    cast_now(g, "cast familiar 3 3 3 summon")
    assert g.current_player == 0 and {str(a) for a in g.legal_actions()} == {"keep", "release"}
    g.apply("keep")
    assert g.familiar[0] == "tortoise" and g.health[0] == 13 and not g.slots[0]["familiar"]


def test_familiar_release_and_activate(runes_scenario):
    g = runes_scenario([6, 1, 3, 3, 3, 1, 2], health=[10, 15], familiars=["tortoise"],
                       summoned=["phoenix", None])
    cast_now(g, "cast familiar 3 3 3 summon", "release")
    assert g.familiar[0] == "phoenix" and "tortoise" in g.fam_discard and g.health[0] == 10
    g2 = runes_scenario([6, 1, 3, 3, 3, 1, 2], health=[10, 15], summoned=["phoenix", None])
    cast_now(g2, "cast familiar 3 3 3 activate")
    assert g2.health[0] == 14


def test_familiar_power_asks_for_a_target(runes_scenario):
    g = runes_scenario([6, 2, 1, 3, 3, 3, 1, 2], players=3, familiars=["dragonet"])
    cast_now(g, "cast familiar 3 3 3 summon", "keep")
    assert {str(a) for a in g.legal_actions()} == {"target 1", "target 2"}
    g.apply("target 2")
    assert g.health == [15, 15, 12]


def test_familiar_without_slot_option(runes_scenario):
    g = new_game(players=2, seed=1, familiar_uses_slot=False,
                 deal={"wizards": ["enchanter", "alchemist"], "hands": [[], []], "spent": [["familiar"], []],
                       "dice": [6, 1, 3, 3, 3, 1, 2], "familiars": ["raven"]})
    settle(g)
    g.apply("stop")
    assert Action("cast", "familiar", (3, 3, 3), "summon") in g.legal_actions()


# ---------------------------------------------------------------- loot, chain, class, restore, quantum
def test_loot_spell_draws_and_spends_the_slot(runes_scenario):
    g = runes_scenario([6, 1, 1, 2, 3, 4, 6], loot=["healing_potion", "fire_scroll", "mana_crystal"])
    cast_now(g, "cast loot 1 2 3 4")
    assert sorted(g.hand[0]) == ["fire_scroll", "healing_potion"] and not g.slots[0]["loot"]
    assert not any(a.verb == "cast" for a in g.legal_actions())


def test_alchemist_and_stormcaller_loot(runes_scenario):
    g = runes_scenario([6, 1, 2, 3, 4, 5, 5], wizards=["alchemist", "enchanter"],
                       loot=["healing_potion", "fire_scroll", "mana_crystal"])
    cast_now(g, "cast loot 2 3 4 5")
    assert len(g.hand[0]) == 3
    g = runes_scenario([6, 1, 2, 3, 4, 5, 5], wizards=["stormcaller", "enchanter"])
    cast_now(g, "cast loot 2 3 4 5 -> 1")
    assert g.health[1] == 14


@pytest.mark.parametrize("wizard,damage", [("enchanter", 3), ("pyromancer", 4)])
def test_chain_hits_every_foe(runes_scenario, wizard, damage):
    g = runes_scenario([6, 2, 1, 2, 3, 4, 5, 6], players=3, wizards=[wizard, "alchemist", "druid"])
    cast_now(g, "cast chain 2 3 4 5 6")
    assert g.health == [15, 15 - damage, 15 - damage] and not g.slots[0]["chain"]


def test_class_spells(runes_scenario):
    hex_ = runes_scenario([6, 2, 1, 3, 3, 3, 2, 2], players=3, wizards=["warlock", "alchemist", "druid"])
    cast_now(hex_, "cast class 2 2 3 3 3")
    assert hex_.health == [15, 13, 13] and not hex_.slots[0]["class"]
    inferno = runes_scenario([6, 2, 1, 3, 3, 3, 2, 2], players=3, wizards=["pyromancer", "alchemist", "druid"])
    cast_now(inferno, "cast class 2 2 3 3 3 -> 2")
    assert inferno.health == [15, 14, 11]
    drain = runes_scenario([6, 1, 3, 3, 3, 2, 2], wizards=["necromancer", "alchemist"], health=[10, 15])
    cast_now(drain, "cast class 2 2 3 3 3 -> 1")
    assert drain.health == [13, 12]
    quake = runes_scenario([6, 1, 3, 3, 3, 2, 2], wizards=["geomancer", "alchemist"])
    cast_now(quake, "cast class 2 2 3 3 3")
    assert quake.health == [15, 12]          # the first 1 damage of the round is prevented


def test_thunderstorm_is_three_counterable_attacks_as_fives(runes_scenario):
    g = runes_scenario([6, 1, 3, 3, 3, 2, 2, 1, 6, 5], wizards=["stormcaller", "alchemist"])
    cast_now(g, "cast class 2 2 3 3 3")      # one foe: the three bolts aim themselves
    assert g.health[1] == 11                  # 1 hits, 6 counters, 5 ties and the caster wins


def test_deep_freeze_and_haste(runes_scenario):
    g = runes_scenario([6, 1, 3, 3, 3, 2, 2, 1, 2, 3, 4, 6], wizards=["cryomancer", "alchemist"])
    cast_now(g, "cast class 2 2 3 3 3 -> 1", "end")
    assert g.active == 1 and g.rolls_allowed == 2 and g.health[1] == 12
    g = runes_scenario([6, 1, 3, 3, 3, 2, 2, 1, 2, 3, 4, 6], wizards=["chronomancer", "alchemist"])
    cast_now(g, "cast class 2 2 3 3 3", "end")
    assert g.active == 0 and g.dice == [1, 2, 3, 4, 6] and not g.slots[0]["class"]


@pytest.mark.parametrize("distinct,allowed", [(False, True), (True, False)])
def test_five_of_a_kind_as_full_house(distinct, allowed):
    g = new_game(players=2, seed=1, full_house_distinct_values=distinct,
                 deal={"wizards": ["warlock", "alchemist"], "hands": [[], []], "dice": [6, 1, 5, 5, 5, 5, 5]})
    settle(g)
    g.apply("stop")
    assert (Action("cast", "class", (5, 5, 5, 5, 5)) in g.legal_actions()) is allowed


def test_restore(runes_scenario):
    g = runes_scenario([6, 1, 4, 4, 4, 4, 1], spent=[["loot", "chain"], []], loot=["poison_dart", "quicksilver"])
    cast_now(g, "cast restore 4 4 4 4")
    assert all(g.slots[0].values()) and sorted(g.hand[0]) == ["poison_dart", "quicksilver"]


def test_quantum_death_ends_a_duel(runes_scenario):
    g = runes_scenario([6, 1, 6, 6, 6, 6, 6])
    cast_now(g, "cast quantum 6 6 6 6 6 -> 1")
    assert g.is_over and g.winners == [0] and g.q == 1
    out = g.outcome()
    assert out.winners == (0,) and out.scores == (15, 0)


def test_quantum_shadow_adds_to_all_damage_and_hands_over_loot(runes_scenario):
    g = runes_scenario([6, 2, 1, 6, 6, 6, 6, 6, 2, 3, 4, 5, 6], players=3,
                       hands=[[], ["healing_potion", "fire_scroll"], []], artifacts=[None, "staff_of_power", None])
    cast_now(g, "cast quantum 6 6 6 6 6 -> 1", "end")
    assert g.health[1] == 0 and g.q == 1
    assert sorted(g.hand[0]) == ["fire_scroll", "healing_potion", "staff_of_power"]
    assert g.hand[1] == [] and g.artifact[1] is None
    assert g.active == 2                       # the incapacitated wizard is skipped
    cast_now(g, "cast chain 2 3 4 5 6")
    assert g.health == [11, 0, 15]             # Chain 3 + Q 1 (the fallen seat is not a target)


# ---------------------------------------------------------------- slots, rolls, timing
def test_spent_slot_blocks_and_mana_crystal_restores(runes_scenario):
    g = runes_scenario([6, 1, 1, 2, 3, 4, 6], spent=[["loot"], []], hands=[["mana_crystal"], []])
    g.apply("stop")
    assert not any(a.name == "loot" for a in g.legal_actions())
    g.apply("play mana_crystal loot")
    assert Action("cast", "loot", (1, 2, 3, 4)) in g.legal_actions()


def test_three_rolls_at_most(runes_scenario):
    g = runes_scenario([6, 1, 1, 2, 3, 4, 6, 5, 5, 5, 5])
    g.apply("hold 1 2 3 4")
    assert g.dice == [1, 2, 3, 4, 5] and g.phase == "roll"
    g.apply("hold 1 2 3 4 5") if Action("hold", dice=(1, 2, 3, 4, 5)) in g.legal_actions() else g.apply("hold 5")
    assert g.phase == "cast" and g.rolls_used == 3
    assert not any(a.verb in ("hold", "stop") for a in g.legal_actions())


@pytest.mark.parametrize("artifact,rolls", [("orb_of_insight", 4), ("cracked_orb", 2), (None, 3)])
def test_rolls_per_turn_artifacts(runes_scenario, artifact, rolls):
    g = runes_scenario([6, 1, 1, 2, 3, 4, 6], artifacts=[artifact, None])
    assert g.rolls_allowed == rolls


def test_damage_loot_only_after_rolling_and_closes_casting(runes_scenario):
    g = runes_scenario([6, 1, 3, 3, 2, 5, 6], hands=[["fire_scroll", "poison_dart"], []])
    assert not any(a.name == "fire_scroll" for a in g.legal_actions())
    g.apply("stop")
    g.apply("play fire_scroll -> 1")
    settle(g)
    assert g.health[1] == 13
    legal = {str(a) for a in g.legal_actions()}
    assert "play poison_dart -> 1" in legal and not any(t.startswith("cast") for t in legal)


def test_crown_and_lucky_charm(runes_scenario):
    g = runes_scenario([6, 1, 1, 2, 3, 4, 4, 5], artifacts=["crown_of_runes", None], hands=[["lucky_charm"], []],
                       settled=False)
    settle(g, ("window",))
    assert g.phase == "initiative" and g.current_player == 0   # a charm may re-roll initiative too
    assert "play lucky_charm 6" in {str(a) for a in g.legal_actions()}
    settle(g)
    g.apply("crown 4 +1")
    assert g.dice == [1, 2, 3, 4, 5] and not any(a.verb == "crown" for a in g.legal_actions())
    g.apply("play lucky_charm 1")
    assert g.dice == [2, 3, 4, 5, 5] and g.rolls_used == 1


# ---------------------------------------------------------------- reactions
def test_shield_scroll_reaction(runes_scenario):
    g = runes_scenario([6, 1, 5, 5, 2, 3, 4, 1], hands=[[], ["shield_scroll", "healing_potion"]])
    cast_now(g, "cast attack 5 5 -> 1", react=True)
    assert g.current_player == 1 and g.view(1)["pending"]["kind"] == "counter"
    assert {"pass", "play shield_scroll", "play healing_potion"} <= {str(a) for a in g.legal_actions()}
    g.apply("play shield_scroll")
    settle(g, ANYTIME)
    assert g.health[1] == 15 and g.current_player == 0 and "shield_scroll" in g.loot_discard


def test_mirror_scroll_and_pass(runes_scenario):
    g = runes_scenario([6, 1, 5, 5, 2, 3, 4, 1], hands=[[], ["mirror_scroll"]])
    cast_now(g, "cast attack 5 5 -> 1", "play mirror_scroll", react=True)
    assert g.health == [13, 15]
    g = runes_scenario([6, 1, 5, 5, 2, 3, 4, 1], hands=[[], ["mirror_scroll"]])
    cast_now(g, "cast attack 5 5 -> 1", "pass", react=True)
    assert g.health == [15, 13]


def test_lucky_charm_and_illusionist_reroll_the_counter(runes_scenario):
    g = runes_scenario([6, 1, 5, 5, 2, 3, 4, 1, 6], hands=[[], ["lucky_charm"]])   # kept at initiative
    cast_now(g, "cast attack 5 5 -> 1", "play lucky_charm 1", react=True)
    assert g.health[1] == 15 and g.current_player == 0
    g = runes_scenario([6, 1, 5, 5, 2, 3, 4, 1, 2], wizards=["enchanter", "illusionist"])
    cast_now(g, "cast attack 5 5 -> 1", "reroll", react=True)
    assert g.illusion_used[1] and g.pending[-1]["kind"] == "counter" and g.pending[-1]["die"] == 2
    assert "reroll" not in {str(a) for a in g.legal_actions()}
    g.apply("pass")                                   # the window stays open until seat 1 passes
    assert g.health[1] == 13


def test_smoke_bomb_cancels_loot_damage(runes_scenario):
    g = runes_scenario([6, 1, 3, 3, 2, 5, 6], hands=[["fire_scroll"], ["smoke_bomb"]])
    cast_now(g, "play fire_scroll -> 1", react=True)
    assert g.current_player == 1 and g.pending[-1]["kind"] == "smoke"
    g.apply("play smoke_bomb")
    settle(g, ANYTIME)
    assert g.health[1] == 15 and g.current_player == 0


# ---------------------------------------------------------------- initiative
def test_initiative_speed_grade_breaks_ties(runes_scenario):
    g = runes_scenario([4, 4, 4, 1, 2, 3, 4, 6], players=3, summoned=[None, "raven", "owl"])
    assert g.order == [1, 2, 0] and g.active == 1


def test_chronomancer_wins_initiative_ties(runes_scenario):
    g = runes_scenario([5, 4, 1, 2, 3, 4, 6], wizards=["enchanter", "chronomancer"])
    assert g.order == [1, 0]


def test_unresolved_ties_reroll_among_the_tied(runes_scenario):
    g = runes_scenario([3, 3, 4, 4, 1, 6, 1, 2, 3, 4, 6])
    assert g.order == [1, 0] and g.dice == [1, 2, 3, 4, 6]
    g = runes_scenario([2, 5, 5, 3, 6, 1, 2, 3, 4, 6], players=3)
    assert g.order == [2, 1, 0]


def test_initiative_modifiers_and_quicksilver(runes_scenario):
    g = runes_scenario([4, 3, 1, 2, 3, 4, 6], artifacts=["leaden_boots", "boots_of_haste"])
    assert g.order == [1, 0]
    g = runes_scenario([4, 5, 1, 2, 3, 4, 6], hands=[["quicksilver"], []], settled=False)
    settle(g, ("window",))
    assert g.current_player == 0 and g.phase == "initiative"
    g.apply("play quicksilver")
    settle(g)
    assert g.order == [0, 1] and g.active == 0


# ---------------------------------------------------------------- falling, resurrection, the end
def test_incapacitation_hands_all_loot_to_the_finisher(runes_scenario):
    g = runes_scenario([6, 2, 1, 5, 5, 2, 3, 4, 1], players=3, health=[15, 2, 10],
                       wizards=["enchanter", "alchemist", "necromancer"],
                       hands=[[], ["healing_potion", "fire_scroll"], []], artifacts=[None, "ring_of_warding", None])
    cast_now(g, "cast attack 5 5 -> 1")
    assert g.health[1] == 0
    assert sorted(g.hand[0]) == ["fire_scroll", "healing_potion", "ring_of_warding"]
    assert g.health[2] == 12                      # the Necromancer heals when a foe falls
    g.apply("wield ring_of_warding")
    assert g.artifact[0] == "ring_of_warding" and g.counter_bonus(0) == 1


def test_amulet_of_vitality(runes_scenario):
    g = runes_scenario([6, 1, 1, 2, 3, 4, 6], health=[17, 15], artifacts=["amulet_of_vitality", None],
                       hands=[["staff_of_power"], []])
    assert g.max_health == [18, 15] and g.health == [17, 15]
    g.apply("wield staff_of_power")          # the amulet is discarded: the extra health goes
    assert g.max_health == [15, 15] and g.health == [15, 15] and "amulet_of_vitality" in g.loot_discard


def test_resurrection_on_a_natural_six(runes_scenario):
    g = runes_scenario([3, 6, 2, 1, 2, 3, 4, 6], players=3, health=[15, 0, 15], spent=[[], ["loot"], []])
    assert g.order == [1, 0, 2] and g.active == 1
    assert g.health[1] == 1 and all(g.slots[1].values())
    cast_now(g, "cast loot 1 2 3 4", "end")
    assert g.health[1] == 0 and g.hand[1] == [] and g.active == 0
    g = runes_scenario([3, 5, 2, 1, 2, 3, 4, 6], players=3, health=[15, 0, 15])
    assert g.order == [0, 2]


def test_a_revived_wizard_can_win(runes_scenario):
    g = runes_scenario([6, 1, 2, 2, 3, 4, 5, 6], players=3, health=[0, 3, 3], spent=[["chain"], [], []])
    assert g.active == 0
    cast_now(g, "cast chain 2 3 4 5 6")
    assert g.is_over and g.winners == [0]


def test_cursed_artifacts(runes_scenario):
    g = runes_scenario([6, 1, 1, 2, 3, 4, 6, 2, 3, 3, 4, 5, 6, 1, 1, 2, 3, 4, 5],
                       loot=["cursed_idol", "staff_of_power"])
    cast_now(g, "cast loot 1 2 3 4")
    assert g.artifact[0] == "cursed_idol" and g.hand[0] == ["staff_of_power"]
    g.apply("end")
    settle(g)
    cast_now(g, "end")                              # seat 1's turn
    assert g.health[0] == 14                        # the idol bites at the start of seat 0's turn
    g.apply("wield staff_of_power")
    assert g.artifact[0] == "staff_of_power" and "cursed_idol" in g.loot_discard


def test_cursed_idol_can_incapacitate(runes_scenario):
    g = runes_scenario([1, 6, 2, 3, 3, 4, 5], players=2, health=[15, 1], artifacts=[None, "cursed_idol"],
                       hands=[[], ["healing_potion"]])
    assert g.is_over and g.winners == [0] and "healing_potion" in g.loot_discard


def test_draw_when_nobody_stands(runes_scenario):
    g = runes_scenario([6, 1, 3, 3, 3, 2, 2], wizards=["geomancer", "alchemist"], health=[1, 2], quantum=1)
    g.geo_used[0] = True
    cast_now(g, "cast class 2 2 3 3 3")
    assert g.is_over and g.winners == [] and g.outcome().winners == ()


# ---------------------------------------------------------------- the draft and bad input
def test_draft_keeps_picks_hidden_until_all_have_picked():
    g = new_game(players=3, seed=3)
    assert g.phase == "draft" and g.current_player == 0
    offers = g.view(0)["offers"]
    assert len(offers) == 2 and g.view(1)["offers"] != offers
    g.apply(f"pick {offers[1]}")
    assert g.view(1)["wizards"][0]["wizard"] is None and g.view(0)["wizards"][0]["wizard"] == offers[1]
    for seat in (1, 2):
        g.apply(str(g.legal_actions()[0]))
    assert g.phase in ("initiative", "roll", "cast") and None not in g.wizard
    assert [len(h) + (a is not None) for h, a in zip(g.hand, g.artifact)] == [
        3 if w == "enchanter" else 2 for w in g.wizard]


def test_illegal_actions_leave_the_game_unchanged(runes_scenario):
    g = runes_scenario([6, 1, 5, 5, 2, 3, 4, 1], hands=[["fire_scroll"], []])
    before = g.to_json()
    for bad in ("end", "cast attack 5 5 -> 1", "hold 6", "hold 7", "fly away", "play fire_scroll -> 1",
                "pick druid", "target 1", Action("cast", "quantum", (5, 5, 5, 5, 5), target=1), 42):
        with pytest.raises(IllegalAction):
            g.apply(bad)
        assert g.to_json() == before
    with pytest.raises(IllegalAction) as err:
        g.apply("end")
    assert "rolling the runes" in str(err.value) and err.value.message("ru") != str(err.value)
    assert "stop" not in str(err.value)            # the moves allowed now are legal_actions()' to tell


def test_bad_deals_are_rejected():
    for deal in ({"wizards": ["druid", "druid"]}, {"dice": [0]}, {"health": [0, 0]}, {"colour": 1},
                 {"hands": [["staff_of_power", "staff_of_power"], []]}, {"spent": [["healing"], []]},
                 {"wizards": ["druid", "warlock"], "loot": ["excalibur"]}):
        with pytest.raises(InvalidDeal):
            new_game(players=2, seed=1, deal=deal)


def test_why_illegal_is_a_catalogue_message_rendered_in_russian(runes_scenario):
    g = runes_scenario([6, 1, 5, 5, 2, 3, 4, 1])
    reason = g._why_illegal(g.parse_action("end"))
    assert isinstance(reason, Msg) and reason.key == "runes.why.not_now"
    with pytest.raises(IllegalAction) as err:
        g.apply("end")
    ru = err.value.message("ru")
    assert "«end» с этими кубиками, картами или целями" in ru and tr("runes.phase.roll", "ru") in ru
    assert "open while" not in ru and "is not one of the moves open while" in str(err.value)
