"""``redeal`` samples the exact posterior of the hidden cards, even where almost every arrangement
breaks a spell's Skill, and never falls back to the real cards; and the conformance suite's exact
posterior for SpellCaster's ``constrained_positions()`` (counted over re-built deals) is this test's
brute-force law (counted from the view alone)."""
import math
import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from towerlib.core.errors import TowerError
from towerlib.spellcaster import constrained_positions, new_game, redeal
from towerlib.spellcaster.data import CARD_VALUES, DECK_VALUES, ELEMENTS
from towerlib.spellcaster.inference import facedown_law

from conformance.checks import exact_posterior

CONSTRAINED = constrained_positions()
POSITIONS = [p.game for p in CONSTRAINED]
DRAWS = 1500


def hidden_cards(view, q):
    """Per spell of q as the view shows it: (the face-down elements it cannot see, the room left)."""
    out = []
    for spell in view["casters"][q]["display"]:
        cards = spell["motion"] + spell["mass"]
        hidden = [c["card"][0] for c in cards if c["card"][1] == "?"]
        shown = sum(int(c["card"][1:]) for c in cards if c["card"][1] != "?")
        need = (not spell["motion"]) + (not spell["mass"]) if spell["state"] == "building" else 0
        out.append((hidden, view["casters"][q]["skill"] - shown - need))
    return out


def brute_force_law(view, q):
    """Every joint choice of hidden display values, weighted by the ways to draw it from the unknown cards."""
    left = Counter((e, v) for e in ELEMENTS for v in DECK_VALUES)
    for spell in view["casters"][q]["display"]:
        for c in spell["motion"] + spell["mass"]:
            if c["card"][1] != "?":
                left[c["card"][0], int(c["card"][1:])] -= 1
    for e, deck in view["casters"][q]["decks"].items():
        for _, v in deck["known"]:
            left[e, v] -= 1
    spells = hidden_cards(view, q)
    choices = [[vals for vals in product(CARD_VALUES, repeat=len(h)) if sum(vals) <= room] for h, room in spells]
    law = Counter()
    for joint in product(*choices):
        counts, ways = Counter(left), 1
        for (elements, _), vals in zip(spells, joint):
            for e, v in zip(elements, vals):
                ways *= max(0, counts[e, v])
                counts[e, v] -= 1
        if ways:
            law[joint] += ways
    total = sum(law.values())
    return {k: Fraction(w, total) for k, w in law.items()}


def drawn(world, view, q):
    out = []
    for i, spell in enumerate(view["casters"][q]["display"]):
        sp = world.spells[q][i]
        out.append(tuple(int(c[0][1:]) for c, seen in zip(sp["motion"] + sp["mass"], spell["motion"] + spell["mass"])
                         if seen["card"][1] == "?"))
    return tuple(out)


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_redeal_frequencies_match_the_exact_posterior(index):
    game = POSITIONS[index]
    view = game.view(0)
    law = brute_force_law(view, 1)
    truth = drawn(game, view, 1)
    assert law[truth] < 1                            # something really is hidden
    rng = random.Random(index)
    seen = Counter()
    for _ in range(DRAWS):
        world = redeal(game, 0, rng)
        seen[drawn(world, view, 1)] += 1
    assert set(seen) <= set(law)
    for outcome, p in law.items():
        sd = math.sqrt(DRAWS * p * (1 - p))
        assert abs(seen[outcome] - DRAWS * p) <= 4.5 * sd + 1, (outcome, seen[outcome], float(DRAWS * p))
    world = redeal(game, 0, rng)
    assert world.view(0) == view


def test_facedown_law_agrees_with_the_brute_force_in_constrained_positions():
    for game in POSITIONS:
        view = game.view(0)
        law = brute_force_law(view, 1)
        for i, spell in enumerate(view["casters"][1]["display"]):
            if not any(c["card"][1] == "?" for c in spell["motion"] + spell["mass"]):
                continue
            marginal = Counter()
            for joint, p in law.items():
                marginal[joint[i]] += p
            exact = facedown_law(view, spell["spell"])
            cards = spell["motion"] + spell["mass"]
            down = [j for j, c in enumerate(cards) if not c["up"]]
            hidden = [j for j, c in enumerate(cards) if c["card"][1] == "?"]
            collapsed = Counter()
            for values, p in exact.items():
                collapsed[tuple(v for j, v in zip(down, values) if j in hidden)] += p
            assert dict(collapsed) == dict(marginal)


@pytest.mark.parametrize("index", range(len(CONSTRAINED)))
def test_the_candidates_posterior_is_the_brute_force_law(index):
    position = CONSTRAINED[index]
    view = position.game.view(position.seat)
    law = brute_force_law(view, 1)
    assert len(law) > 1
    assert exact_posterior(position) == law
    assert position.key(position.game) == drawn(position.game, view, 1)


def test_a_view_no_arrangement_fits_is_a_clear_error_not_the_truth():
    game = POSITIONS[0]
    game = __import__("copy").deepcopy(game)
    game.skill[1] = 2                                # no longer consistent: five cards cannot add up to 2
    with pytest.raises(TowerError, match="no hidden cards agree"):
        redeal(game, 0, random.Random(1))
