"""The catalogue: English and Russian cover the same keys, and every event can be narrated."""
from __future__ import annotations

import random

from towerlib.core.i18n import keys, tr
from towerlib.runes import new_game
from towerlib.runes.data import FAMILIARS, LOOT, WIZARDS
from towerlib.runes.dice import SPELLS
from towerlib.runes.views import describe_action, narrate


def test_both_languages_have_the_same_keys():
    en = {k for k in keys("en") if k.startswith("runes.")}
    ru = {k for k in keys("ru") if k.startswith("runes.")}
    assert en == ru and len(en) > 250


def test_every_part_has_a_name():
    names = ([f"runes.spell.{s}" for s in SPELLS] + [f"runes.wizard.{w.id}.class" for w in WIZARDS]
             + [f"runes.familiar.{f.id}.power" for f in FAMILIARS] + [f"runes.card.{c.id}.text" for c in LOOT])
    for key in names:
        assert tr(key, "en") != tr(key, "ru")


def test_every_event_narrates_in_both_languages():
    seen = set()
    rng = random.Random(2)
    for seed in range(40):
        game = new_game(players=2 + seed % 5, seed=seed, max_health=8)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        for seat in (0, 1):
            view = game.view(seat)
            wizards = [w["wizard"] for w in view["wizards"]]
            for event in view["log"]:
                assert narrate(event, wizards, "en") != narrate(event, wizards, "ru")
        for event in game.events:
            seen.add(event.kind)
            narrate({"kind": event.kind, "seat": event.seat, **{k: v for k, v in event.data.items()
                                                              if k not in ("secret", "to")}},
                    list(game.wizard), "ru")
    assert {"cast", "damage", "counter_roll", "incapacitated", "game_over", "initiative"} <= seen


def test_every_legal_action_has_a_label():
    rng = random.Random(6)
    verbs = set()
    for seed in range(30):
        game = new_game(players=2 + seed % 5, seed=seed, max_health=8)
        while not game.is_over:
            legal = game.legal_actions()
            for action in legal:
                verbs.add(action.verb)
                assert describe_action(action, list(game.wizard) if game.phase != "draft" else [None] * 6, "en") \
                    != describe_action(action, [None] * 6, "ru")
            game.apply(rng.choice(legal))
    assert {"pick", "hold", "stop", "cast", "play", "end", "pass"} <= verbs


def test_errors_are_translated(runes_scenario):
    game = runes_scenario([6, 1, 5, 5, 2, 3, 4, 1])
    try:
        game.apply("end")
    except ValueError as err:
        assert "нельзя" in err.message("ru")
