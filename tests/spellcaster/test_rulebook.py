"""SpellCaster by the rulebook, through the public protocol only: deals, public cards, strikes, locks,
dead slots, the Russian board text."""
import json

import pytest

from towerlib.core.errors import IllegalAction, InvalidDeal
from towerlib.spellcaster import check_invariants, load, new_game, redeal
from towerlib.spellcaster.inference import facedown_law

from spellcaster_helpers import PLAIN

SPELL = {"motion": ["F1"], "mass": ["F3"]}


def scenario(players=2, rolls=(), attributes=None, options=None, **deal):
    deal.setdefault("first", 0)
    attributes = attributes or [PLAIN] * players
    return new_game(players=players, seed=11, deal={"attributes": [list(a) for a in attributes],
                                                     "rolls": list(rolls), **deal}, **(options or {}))


def play(game, *actions):
    events = []
    for text in actions:
        events.extend(game.apply(text))
    return events


def legal(game):
    return {str(a) for a in game.legal_actions()}


# ---------------------------------------------------------------- deals
BAD_DEALS = [
    ("deal", [1]), ("deal", "rolls"),
    ("decks", {"decks": [{"F": [1.0]}, {}]}), ("decks", {"decks": [{"F": [True]}, {}]}),
    ("decks", {"decks": [{"F": [[1]]}, {}]}), ("decks", {"decks": [{"F": None}, {}]}),
    ("decks", {"decks": [{"F": {"1": 1}}, {}]}), ("decks", {"decks": [[1], {}]}), ("decks", {"decks": 1.0}),
    ("rolls", {"rolls": [1.0]}), ("rolls", {"rolls": [True]}), ("rolls", {"rolls": [[3]]}), ("rolls", {"rolls": 3}),
    ("first", {"first": 0.0}), ("first", {"first": True}), ("first", {"first": [0]}),
    ("positions", {"positions": [["iF"], "C"]}), ("positions", {"positions": [{"p": 1}, "C"]}),
    ("positions", {"positions": "iF"}),
    ("life", {"life": [5.0, 5]}), ("life", {"life": [True, 5]}), ("life", {"life": [None, 5]}),
    ("life", {"life": [11, 5]}),                         # no attributes: must fit the one bought row
    ("attributes", {"attributes": [[0, 1, 1, 4.0], PLAIN]}), ("attributes", {"attributes": [[0, 1, 1, True, 3], PLAIN]}),
    ("attributes", {"attributes": [[[0], 1, 1, 4], PLAIN]}), ("attributes", {"attributes": [None, PLAIN]}),
    ("displays", {"attributes": [PLAIN, PLAIN], "displays": [[{"motion": "F1"}], []]}),
    ("displays", {"attributes": [PLAIN, PLAIN], "displays": [[{"motion": [["F1"]]}], []]}),
    ("displays", {"attributes": [PLAIN, PLAIN], "displays": [[{"motion": ["F1.0"]}], []]}),
    ("displays", {"attributes": [PLAIN, PLAIN], "displays": [[{"motion": ["F1"], "up": 1}], []]}),
    ("displays", {"attributes": [PLAIN, PLAIN], "displays": [[None], []]}),
    ("displays", {"displays": [[SPELL], []]}),          # a display before the attributes are bought
]


@pytest.mark.parametrize("field,deal", BAD_DEALS)
def test_a_malformed_deal_raises_invalid_deal_naming_the_field(field, deal):
    with pytest.raises(InvalidDeal) as err:
        new_game(2, seed=1, deal=deal)
    if field == "deal":                              # not a dictionary at all: the core refuses it first
        assert err.value.key == "error.deal_not_object" and type(deal).__name__ in str(err.value)
        return
    assert f"deal field {field} " in str(err.value) and f"поля раздачи {field} " in err.value.message("ru")


def test_every_listed_action_of_a_dealt_game_parses_and_its_save_loads():
    game = new_game(2, seed=1, deal={"decks": [{"F": [1, 3, 5]}, {"W": [5]}], "rolls": [3, 4], "first": 1,
                                     "life": [7, 9]})
    for step in range(60):
        for action in game.legal_actions():
            assert game.parse_action(str(action)) == action
        game.apply(game.legal_actions()[step % len(game.legal_actions())])
    assert load(game.to_json()).to_json() == game.to_json()


# ---------------------------------------------------------------- public cards stay known (S4, S18)
def test_a_public_top_card_drawn_and_played_face_down_stays_known_to_all():
    game = scenario(decks=[{"F": [5, 1]}, {}], positions=["cF", "cW"])
    play(game, "conjure B F", "putback", "end")                  # F5 back face up: a public top card
    play(game, "conjure B W", "putback", "end")
    play(game, "conjure B F", "hide 1 mass")                     # the same F5, played face down
    view = game.view(1)
    assert view["casters"][0]["display"][0]["mass"] == [{"card": "F5", "up": False}]
    assert facedown_law(view, "0.1") == {(5,): 1}
    for i in range(20):
        world = redeal(game, 1, __import__("random").Random(i))
        assert world.spells[0][0]["mass"][0][0] == "F5" and world.view(1) == view


def test_cards_seen_face_up_and_returned_face_down_stay_known_to_all():
    spell = {"motion": ["F1"], "mass": ["F3"]}
    hidden = {"motion": ["E1"], "mass": ["E3"], "up": False}
    game = scenario(rolls=[1, 6], positions=["iF", "C"], displays=[[spell, hidden], []])
    play(game, "conjure B F", "putback", "launch 0.1", "contest")  # D = (1 + 5) - (6 + 5): broken
    play(game, "return down")
    view = game.view(1)
    assert view["casters"][0]["decks"]["F"]["known"][:2] == [[0, 3], [1, 1]]   # F3 on top, F1 under it
    assert view["casters"][0]["decks"]["F"]["top"] == 3
    assert view["casters"][0]["display"][1]["mass"] == [{"card": "E?", "up": False}]
    law = facedown_law(view, "0.2")
    assert sum(p for (_, mass), p in law.items() if mass == 3) < 1      # the face-down E3 is still hidden
    for i in range(20):
        world = redeal(game, 1, __import__("random").Random(i))
        assert [c[0] for c in world.decks[0]["F"][-2:]] == [1, 3]


# ---------------------------------------------------------------- strikes (rules 20, 23)
STUCK = {"motion": ["W1"], "mass": ["F3"]}          # no Water path leaves the Fire corner: it stays there


def strikes(events):
    return [e.data["struck"] for e in events if e.kind == "strike"]


def test_walking_into_a_familiars_point_strikes_only_the_mover():
    game = scenario(positions=["cF", "mFE"], displays=[[STUCK], []])
    play(game, "conjure B F", "putback", "launch 0.1", "decline", "end")
    assert game.spells[0][0]["point"] == "cF" and game.pos[0] == "cF"
    events = play(game, "conjure B F", "putback", "move cF")
    assert strikes(events) == [[1]] and game.life == [10, 7]


def test_a_caster_retired_by_the_first_of_two_familiars_is_not_struck_again():
    game = scenario(players=3, positions=["cF", "mFE", "cW"], displays=[[STUCK, STUCK], [], []],
                    life=[10, 2, 10])
    play(game, "conjure B F", "putback", "launch 0.1", "decline", "decline", "end")
    play(game, "conjure B F", "putback", "conjure B W", "putback", "end")     # seat 1 has 1 AP
    play(game, "conjure B F", "putback", "launch 0.2", "decline", "decline", "control 0.1")
    assert [sp["point"] for sp in game.spells[0][:2]] == ["cF", "cF"]
    events = play(game, "move cF")
    assert strikes(events) == [[1]] and [e.kind for e in events].count("retire") == 1
    assert game.life[1] == -1 and game.spells[0][1]["state"] == "launched"


@pytest.mark.parametrize("own", [True, False])
def test_strike_own_caster_decides_whether_walking_into_your_own_familiar_strikes_you(own):
    game = scenario(attributes=[[1, 1, 1, 3], PLAIN], positions=["cF", "cW"], displays=[[STUCK], []],
                    options={"strike_own_caster": own})
    events = play(game, "conjure B F", "putback", "launch 0.1", "decline", "move mAF", "move cF")
    assert strikes(events) == ([[0]] if own else []) and game.life[0] == (17 if own else 20)


# ---------------------------------------------------------------- capture contests lock (rules 15, 19)
def capture_lock_game(rolls, options=None):
    """Seat 0's spell 0.1 goes wild on C; seat 1 captures it (5 + 5 tokens) and seat 2 contests."""
    displays = [[{"motion": ["F1", "F1"], "mass": ["F1"]}], [], []]
    game = scenario(players=3, rolls=[5] + list(rolls), positions=["mFE", "cW", "cA"], displays=displays,
                    options=options)
    play(game, "conjure B F", "putback", "launch 0.1", "decline", "decline", "to iE", "to C", "abandon 0.1", "end")
    play(game, "conjure B W", "putback", "capture 0.1", "contest")
    return game


def test_a_locked_capture_contest_is_a_lock_not_a_loss():
    game = capture_lock_game([5, 5])                 # (5 + 5) - (5 + 5) = 0: locked
    sp = game.view(0)["casters"][0]["display"][0]
    assert sp["state"] == "locked" and sp["lock"] == {"caster": 1, "opp": 2, "purpose": "capture"}
    assert game.current_player == 2 and "withdraw 0.1" in legal(game)     # seat 1's turn is over
    play(game, "conjure B A", "putback", "withdraw 0.1")       # the contester gives up: the capture stands
    assert game.spells[0][0]["state"] == "launched" and game.spells[0][0]["controller"] == 1
    assert game.pool[2] == 6 and game.pool[1] == 5


def test_a_locked_capture_won_on_a_continue_is_captured_and_a_capturer_withdrawing_frees_it():
    game = capture_lock_game([5, 5, 9, 1])
    play(game, "conjure B A", "putback", "continue 0.1")   # (9 + 4) - (1 + 5) = 7: the capturer wins
    assert game.spells[0][0]["state"] == "launched" and game.spells[0][0]["controller"] == 1
    assert game.lost[2] == 1
    game = capture_lock_game([5, 5, 5, 5])
    play(game, "conjure B A", "putback", "continue 0.1")                   # locked again
    play(game, "conjure B F", "putback", "end", "conjure B W", "putback", "withdraw 0.1")
    assert game.spells[0][0]["state"] == "wild" and game.pool[1] == 6 and game.pool[2] == 6


def test_a_locked_capture_broken_on_a_continue_turns_the_spell_wild_again():
    game = capture_lock_game([5, 5, 1, 9])
    play(game, "conjure B A", "putback", "continue 0.1")   # (1 + 5) - (9 + 5) = -8: broken
    sp = game.view(0)["casters"][0]["display"][0]
    assert sp["state"] == "wild" and sp["lock"] is None and sp["controller"] is None
    assert (game.pool[1], game.lost[1], game.pool[2]) == (5, 1, 6)
    check_invariants(game)


def test_capture_lock_loses_keeps_the_old_reading():
    game = capture_lock_game([5, 5], options={"capture_lock_loses": True})
    assert game.spells[0][0]["state"] == "wild" and game.pool[1] == 6


# ---------------------------------------------------------------- S7 for wild spells
@pytest.mark.parametrize("ends", [True, False])
def test_stuck_ends_move_decides_whether_a_stuck_wild_spell_is_finished(ends):
    displays = [[{"motion": ["F1", "W1", "F1"], "mass": ["F1"]}], [], []]
    game = scenario(players=3, positions=["iF", "cW", "cA"], displays=displays,
                    options={"stuck_ends_move": ends})
    play(game, "conjure B F", "putback", "launch 0.1", "decline", "decline", "to cF")
    if not ends:
        play(game, "to mAF")                                   # S7 off: W1 is skipped, the last F1 moves
    play(game, "abandon 0.1", "end", "conjure B W", "putback", "end", "conjure B A", "putback", "end")
    target = "mFE" if ends else "cF"                           # neither has a Water path
    play(game, "pick 0.1", f"to {target}", "name 1", "pick 0.1")    # its second card, W1, is stuck
    assert game.spells[0][0]["point"] == target and game.spells[0][0]["state"] == "wild"
    if ends:                                    # the whole move ends: the spell is finished, so is the sequence
        assert game.view(0)["pending"]["kind"] == "turn"
    else:                                       # only that card's part: its third card is still to come
        play(game, "name 2")
        assert legal(game) == {"pick 0.1", "pass"}
        play(game, "pick 0.1")
        assert legal(game) == {"to iF", "to mAF", "to mFE"}       # F1 from the Fire corner


# ---------------------------------------------------------------- familiar pairs
def test_free_pairs_never_go_negative_when_a_launch_needs_no_pair():
    """Seat 1 (Focus 2) captures a wild spell, then launches both of its own: three familiars out."""
    displays = [[{"motion": ["F1", "F1"], "mass": ["F1"]}], [{"motion": ["W1"], "mass": ["W1"]}] * 2, []]
    game = scenario(players=3, rolls=[5], positions=["mFE", "cW", "cA"], displays=displays,
                    attributes=[PLAIN, [0, 1, 0, 5], PLAIN], options={"launch_needs_pair": False})
    play(game, "conjure B F", "putback", "launch 0.1", "decline", "decline", "to iE", "to C", "abandon 0.1", "end")
    play(game, "conjure B W", "putback", "done", "capture 0.1", "decline", "end")
    play(game, "conjure B A", "putback", "end", "conjure B F", "putback", "end")
    play(game, "conjure B W", "putback", "launch 1.1", "decline", "decline", "to mEW", "control 0.1", "to iA", "to mAF")
    play(game, "conjure B A", "putback", "end", "conjure B F", "putback", "end")
    play(game, "conjure B W", "putback", "launch 1.2", "decline", "decline")
    out = [sid for sid, _, sp in game.all_spells() if sp["controller"] == 1 and sp["state"] == "launched"]
    assert out == ["0.1", "1.1", "1.2"] and game.view(0)["casters"][1]["free_pairs"] == 0
    check_invariants(game)


# ---------------------------------------------------------------- no dead slots (S17)
def test_a_placement_that_leaves_a_spell_uncompletable_is_refused():
    game = scenario(attributes=[[2, 2, 2, 0], PLAIN], decks=[{"F": [5, 1, 3]}, {}])   # Skill 5
    play(game, "conjure A FFF")
    shown = {a for a in legal(game) if a.startswith("show F5")}
    assert shown == set()                            # F5 anywhere would leave no room for the other section
    assert {"show F1 1 motion", "show F3 1 mass", "show F3 1 motion"} <= legal(game)
    game = scenario(attributes=[[2, 2, 2, 0], PLAIN], decks=[{"F": [5]}, {}])
    play(game, "conjure B F")
    assert legal(game) == {"putback"}
    with pytest.raises(InvalidDeal):
        scenario(attributes=[[2, 2, 2, 0], PLAIN], displays=[[{"motion": ["F5"]}], []])


def test_random_games_never_leave_a_dead_slot():
    import random
    for seed in range(30):
        game = new_game(2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            for s in range(2):
                for sp in game.spells[s]:
                    if sp["state"] == "building":
                        room = game.skill[s] - sum(int(c[0][1]) for c in sp["motion"] + sp["mass"])
                        need = (not sp["motion"]) + (not sp["mass"])
                        assert room >= need and len(sp["motion"]) + len(sp["mass"]) + need <= 5


# ---------------------------------------------------------------- what a person reads
def test_russian_buttons_and_log_lines_are_fully_russian_and_count_seats_from_1():
    import random
    import re

    from towerlib.spellcaster.data import POINTS
    from towerlib.spellcaster.views import narrate
    from widgets.spellcaster.render import describe

    def latin_words(text):
        words = re.findall(r"[A-Za-z][A-Za-z0-9]*", text)
        return [w for w in words if w not in POINTS and not re.fullmatch(r"[FEWA]+\d?|[AB]", w)]

    labels, lines = set(), set()
    for seed in range(12):
        game = new_game(3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            for action in game.legal_actions():
                labels.add((str(action), describe(str(action), "ru")))
            game.apply(rng.choice(game.legal_actions()))
        lines.update(narrate(e, "ru") for e in game.view(0)["log"])
    for text, label in labels:
        assert not latin_words(label), (text, label)
    for line in lines:
        assert not latin_words(line), line
    by_text = dict(labels)
    ids = {t.split()[1] for t in by_text if t.split()[0] in ("launch", "control", "abandon", "pick", "capture")}
    for sid in ids:
        seat, slot = sid.split(".")
        assert f"{int(seat) + 1}.{slot}" in describe(f"control {sid}", "en")
    assert describe("name 0", "en") == "Name seat 1 next" and describe("resolve 2", "ru").endswith(" 3")
    assert describe("return down", "ru") == "Вернуть карты закрытыми"


def test_a_strike_shows_its_mass_and_a_broken_spells_face_down_cards_are_redrawn():
    import random
    hidden = {"motion": ["F1"], "mass": ["F3", "W1"], "up": False}
    game = scenario(positions=["iF", "C"], displays=[[hidden], []])
    events = play(game, "conjure B F", "putback", "launch 0.1", "decline", "to C")
    strike = next(e for e in events if e.kind == "strike")
    assert strike.data["mass"] == ["F3", "W1"] and strike.data["damage"] == 4
    assert game.view(1)["pending"]["public"] == ["F1", "F3", "W1"]       # all three seen: Motion and Mass
    play(game, "return down")
    assert game.view(1)["casters"][0]["decks"]["W"]["top"] == 1
    game = scenario(rolls=[1, 6], positions=["iF", "C"], displays=[[hidden], []])
    play(game, "conjure B F", "putback", "launch 0.1", "contest")            # broken: Mass never shown
    assert game.view(1)["pending"]["public"] == ["F1", None, None]
    worlds = {tuple(redeal(game, 1, random.Random(i)).stack[-1]["cards"]) for i in range(30)}
    assert all(w[0] == "F1" for w in worlds) and len(worlds) > 1


# ---------------------------------------------------------------- S16: attributes bought in secret
def test_attributes_are_chosen_in_secret_and_revealed_together():
    a, b = new_game(3, seed=4), new_game(3, seed=4)
    a.apply("buy 2 1 1 2")
    b.apply("buy 0 0 0 6")
    assert a.view(1) == b.view(1) and a.view(2) == b.view(2) and a.current_player == b.current_player == 1
    assert a.view(1)["casters"][0]["skill"] == 5 and a.view(0)["casters"][0]["skill"] == 7
    for game in (a, b):
        play(game, "buy 1 1 1 3", "buy 0 2 2 2")
    assert a.view(1)["casters"][0]["skill"] == 7 and b.view(1)["casters"][0]["skill"] == 11
    reveal = [e for e in a.view(2)["log"] if e["kind"] == "reveal"]
    assert reveal[0]["attributes"] == [[30, 2, 3, 7], [20, 2, 3, 8], [10, 3, 4, 7]]
