"""Save files: round trips, and every kind of corruption rejected with what is wrong."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import towerlib
from towerlib.abracada import load, new_game


def played(moves=40, seed=3, **options):
    game = new_game(players=4, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="module")
def save_text():
    return played().to_json()


def edited(text, change):
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def test_round_trip_keeps_everything(save_text):
    game = load(save_text)
    assert game.to_json() == save_text
    assert len(game.history) == 40


CORRUPTIONS = [
    ("not JSON", lambda t: t[: len(t) // 2], "not valid JSON"),
    ("empty", lambda t: "", "not valid JSON"),
    ("a list", lambda t: "[1, 2]", "must hold a JSON object, not list"),
    ("format", lambda t: edited(t, lambda d: d.update(format="chess")), "not a Spell Tower save file"),
    ("version", lambda t: edited(t, lambda d: d.update(version=2)), "version 2 is not supported"),
    ("version bool", lambda t: edited(t, lambda d: d.update(version=True)), "version True is not supported"),
    ("game", lambda t: edited(t, lambda d: d.update(game="runes")), "holds a 'runes' game"),
    ("players", lambda t: edited(t, lambda d: d.update(players=9)), "players=9 is not allowed"),
    ("players text", lambda t: edited(t, lambda d: d.update(players="4")), "players='4' is not allowed"),
    ("seed", lambda t: edited(t, lambda d: d.update(seed="x")), "seed"),
    ("seed changed", lambda t: edited(t, lambda d: d.update(seed=d["seed"] + 1)), "cannot be replayed|does not match"),
    ("options", lambda t: edited(t, lambda d: d.update(options=[])), "'options' is wrong"),
    ("option value", lambda t: edited(t, lambda d: d["options"].update(easy="yes")), "easy='yes'"),
    ("option unknown", lambda t: edited(t, lambda d: d["options"].update(fly=1)), "unknown option 'fly'"),
    ("option edited", lambda t: edited(t, lambda d: d["options"].update(secret_stone_visibility="public")),
     "checksum"),
    ("deal", lambda t: edited(t, lambda d: d.update(deal={"hands": []})), "'deal' is wrong"),
    ("actions", lambda t: edited(t, lambda d: d.update(actions="cast 3")), "list of action texts"),
    ("action type", lambda t: edited(t, lambda d: d["actions"].append(3)), "list of action texts"),
    ("action text", lambda t: edited(t, lambda d: d["actions"].__setitem__(4, "fly")), "move 5"),
    ("action illegal", lambda t: edited(t, lambda d: d["actions"].insert(0, "end")), r"move 1 in the save file \('end'\) cannot be replayed: .*at least one spell"),
    ("action dropped", lambda t: edited(t, lambda d: d["actions"].pop()), "does not match"),
    ("state", lambda t: edited(t, lambda d: d.update(state=[])), "'state' is wrong"),
    ("state field", lambda t: edited(t, lambda d: d["state"]["lives"].__setitem__(0, 7)), "'state.lives' does not match"),
    ("state hand", lambda t: edited(t, lambda d: d["state"]["hands"][1].reverse()), "state"),
    ("state missing", lambda t: edited(t, lambda d: d["state"].pop("pile")), "lacks the field 'state.pile'"),
    ("state extra", lambda t: edited(t, lambda d: d["state"].update(gold=3)), "state.gold"),
    ("checksum", lambda t: edited(t, lambda d: d.update(checksum="0" * 64)), "checksum"),
    *[(f"missing {f}", (lambda f: lambda t: edited(t, lambda d: d.pop(f)))(f), f"lacks the field '{f}'")
      for f in ("format", "version", "game", "players", "seed", "options", "deal", "actions", "state", "checksum")],
]


@pytest.mark.parametrize("name, corrupt, message", CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_corrupt_save_is_rejected_with_what_is_wrong(save_text, name, corrupt, message):
    with pytest.raises(towerlib.SaveError, match=message) as err:
        load(corrupt(save_text))
    assert isinstance(err.value, ValueError)
    assert err.value.message("ru")                     # renders in Russian too


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_random_damage_is_either_harmless_or_a_save_error(save_text, data):
    """Flip, drop or insert characters anywhere: loading gives the same game or a SaveError."""
    text = save_text
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text) - 1))
        op = data.draw(st.sampled_from(["flip", "drop", "insert"]))
        ch = data.draw(st.sampled_from(list('0123456789[]{}",: abcxyz-')))
        text = {"flip": text[:i] + ch + text[i + 1:], "drop": text[:i] + text[i + 1:],
                "insert": text[:i] + ch + text[i:]}[op]
    try:
        game = load(text)
    except towerlib.SaveError:
        return
    assert game.to_json() == save_text


def test_saved_deal_game_round_trips():
    from towerlib.abracada import complete_deal
    deal = complete_deal(hands=[[1, 2, 3, 4, 5], [8] * 5, [7] * 5, [6] * 5], lives=[3, 6, 6, 6])
    game = new_game(players=4, deal=deal, die_faces=(1, 2, 3, 4, 5, 6), easy=True)
    game.apply("cast 5")
    copy = load(game.to_json(indent=2))
    assert copy.to_json() == game.to_json() and copy.options["easy"] is True
