"""Writes the four guide notebooks (run once by hand: ``python tests/guides/make_guides.py``).

Kept beside the guide tests so the notebooks' code is reviewable as Python; the notebooks are
committed clean (no outputs)."""
from __future__ import annotations

from pathlib import Path

import nbformat

import widgets.guide_messages  # noqa: F401  (registers the guide's words)
from towerlib.core.i18n import LANGUAGES, tr

ROOT = Path(__file__).resolve().parents[2] / "notebooks"

HEAD = {
    "abracada": "# Teacher's guide · Abracada...What? · Пособие для учителя",
    "runes": "# Teacher's guide · Spell Runes · Пособие для учителя",
    "amulett": "# Teacher's guide · Das Amulett · Пособие для учителя",
    "spellcaster": "# Teacher's guide · SpellCaster · Пособие для учителя",
}

ANSWERS = {
    "abracada": '''\
# guide: answers (Voila hides this code). Every answer is computed by towerlib, and only once the server
# has said this page is the teacher's (widgets.guide_messages.show_for_teacher).
import json
from fractions import Fraction
from itertools import count
from math import ceil

import towerlib.abracada as abracada
from towerlib import stats
from towerlib.abracada import rules
from towerlib.abracada.deduction import deduce
from towerlib.core.i18n import Msg

GAME = "abracada"


def answers():
    """The exercises with their answers, the rules' numbers and the class position (JSON)."""
    SEED = 1
    # The class position: 4 players, seat 0 (no 5 in its hand) sees the three other hands.
    DEAL = abracada.complete_deal(hands=[[3, 6, 7, 8, 2], [8, 8, 7, 6, 4], [5, 5, 6, 7, 1], [8, 4, 6, 7, 5]])
    position = abracada.new_game(4, seed=SEED, deal=DEAL)
    before = deduce(position.view(0))
    failed = abracada.new_game(4, seed=SEED, deal=DEAL)
    failed.apply("cast 5")                         # seat 0 holds no 5: the cast fails
    after = deduce(failed.view(0))
    SEEN_DRINKS = sum(hand.count(8) for hand in DEAL["hands"][1:])
    FIVE = abracada.complete_deal(hands=[[8, 8, 8, 8, 8], [7, 7, 7, 7, 7], [6, 6, 6, 6, 6], [5, 5, 5, 5, 5], [4, 4, 4, 4, 3]])
    WINS, GAMES, TARGET = 612, 900, 0.02
    # Lesson 2's and lesson 3's positions, written out in the questions so each stands on its own.
    L2_OTHERS = [[2, 5, 6, 8, 4], [3, 7, 8, 5, 6], [7, 4, 7, 2, 6]]
    L2 = deduce(abracada.new_game(4, seed=SEED, deal=abracada.complete_deal(hands=[[7, 8, 3, 6, 5]] + L2_OTHERS)).view(0))
    L3_OTHERS, L3_REMOVED = [[8, 6, 5, 7, 4], [8, 7, 3, 6, 2]], [8, 8, 7, 6, 4, 1]
    L3_DEAL = abracada.complete_deal(hands=[[7, 3, 8, 2, 6]] + L3_OTHERS, removed=L3_REMOVED)
    L3 = deduce(abracada.new_game(3, seed=SEED, deal=L3_DEAL).view(0))
    L3_FAILED = abracada.new_game(3, seed=SEED, deal=L3_DEAL)
    L3_FAILED.apply("cast 5")                      # no 5 in that hand: the cast fails
    L3_AFTER = deduce(L3_FAILED.view(0))
    L3_CHANGE = L3_AFTER.p_at_least_one(4) - L3.p_at_least_one(4)
    # Lesson 1's guided position (your hand 8 6 8 7 3) and its guided turn: Blizzard, Fireball, Magic Drink.
    L1_OTHERS = [[1, 2, 4, 5, 5], [3, 4, 6, 7, 2], [5, 3, 4, 6, 7]]
    L1_DEAL = abracada.complete_deal(hands=[[8, 6, 8, 7, 3]] + L1_OTHERS, secret=[8, 5, 7, 6],
                                     pile_top=[7, 8, 4, 6, 8, 5, 8, 7, 6, 8, 7, 8])
    L1 = deduce(abracada.new_game(4, seed=SEED, deal=L1_DEAL).view(0))
    NEXT_CHOICES = (3, 5, 7)
    after_six = abracada.new_game(4, seed=SEED, deal=L1_DEAL)
    after_six.apply("cast 6")
    L1_NEXT = [v for v in NEXT_CHOICES if f"cast {v}" in map(str, after_six.legal_actions())]
    drink = abracada.new_game(4, seed=SEED, deal=L1_DEAL)
    for action in ("cast 6", "cast 7", "cast 8"):
        drink.apply(action)
    DRINK_GAIN = drink.lives[0] - rules.START_LIFE
    # Lesson 4: the Dragon's expected value in life points at lesson 2's table (3 foes, the game die), the
    # break-even chance, and the best next spell after a successful Blizzard (gain 1 for 6 and 7; the Drink is capped).
    FOES = 3
    DRAGON_EV = (L2.p_at_least_one(rules.DRAGON) * FOES - (1 - L2.p_at_least_one(rules.DRAGON)))     * stats.die_mean(rules.DEFAULT_DIE)
    climb = abracada.new_game(4, seed=SEED, deal=abracada.complete_deal(hands=[[7, 8, 3, 6, 5]] + L2_OTHERS))
    climb.apply("cast 6")
    CLIMB = deduce(climb.view(0))
    GAIN = {6: 1, 7: 1, 8: min(1, rules.MAX_LIFE - climb.lives[0])}
    CLIMB_EV = {v: CLIMB.p_at_least_one(v) * GAIN[v] - (1 - CLIMB.p_at_least_one(v)) for v in GAIN}
    BEST_NEXT = max(CLIMB_EV, key=CLIMB_EV.get)
    BEST_CHOICE = f"cast {BEST_NEXT}" if CLIMB_EV[BEST_NEXT] > 0 else "stop"
    # Lesson 5: two bots' results, given in the question.
    A_WINS, B_WINS = 330, 280
    (A_LO, A_HI), (B_LO, B_HI) = stats.wilson_interval(A_WINS, GAMES), stats.wilson_interval(B_WINS, GAMES)
    CLEAR = "yes" if A_LO > B_HI or B_LO > A_HI else "no"

    def stones(hands):
        return " / ".join(" ".join(map(str, hand)) for hand in hands)

    EXERCISES = {
        "01_meet_the_tower": [
            ("total_stones", rules.TOTAL_STONES, {}),
            ("pile_4p", len(abracada.new_game(4, seed=SEED).pile), {}),
            ("next_after_6", L1_NEXT[0], {"choices": ", ".join(map(str, NEXT_CHOICES))}),
            ("l1_fireballs", L1.counts[7], {"others": stones(L1_OTHERS)}),
            ("drink_gain", DRINK_GAIN, {"life": drink.lives[0]}),
        ],
        "02_counting_stones": [
            ("l2_dragon", L2.p_at_least_one(1), {"others": stones(L2_OTHERS)}),
            ("l2_fireball", L2.p_at_least_one(7), {"others": stones(L2_OTHERS)}),
            ("l2_likeliest", max(rules.SPELLS, key=lambda v: (L2.p_at_least_one(v), v)), {}),
            ("l2_expected", L2.expected(max(rules.SPELLS, key=lambda v: (L2.p_at_least_one(v), v))), {}),
            ("dragon_5p", deduce(abracada.new_game(5, seed=SEED, deal=FIVE).view(0)).p_at_least_one(1), {}),
            ("drink_4p", before.p_at_least_one(8), {"seen": SEEN_DRINKS, "others": stones(DEAL["hands"][1:])}),
        ],
        "03_what_do_i_hold": [
            ("l3_hidden", sum(L3.counts), {"others": stones(L3_OTHERS), "removed": stones([L3_REMOVED])}),
            ("l3_dragon", L3.p_at_least_one(rules.DRAGON), {}),
            ("l3_drink", L3.p_at_least_one(8), {}),
            ("l3_after_fail", L3_AFTER.p_at_least_one(8), {}),
            ("l3_night_singer", "higher" if L3_CHANGE > 0 else "lower" if L3_CHANGE < 0 else "the same",
             {"shown": Msg("guide.answer.higher" if L3_CHANGE > 0 else "guide.answer.lower" if L3_CHANGE < 0
                           else "guide.answer.same")}),
            ("after_fail", after.p_at_least_one(8), {}),
        ],
        "04_which_spell_now": [
            ("dragon_ev", DRAGON_EV, {"die": ", ".join(map(str, rules.DEFAULT_DIE)), "others": stones(L2_OTHERS)}),
            ("break_even", Fraction(1, FOES + 1), {}),
            ("sweet_dream", stats.capped_gain(rules.DEFAULT_DIE, rules.MAX_LIFE - 4),
             {"die": ", ".join(map(str, rules.DEFAULT_DIE))}),
            ("dragon_self_ko", stats.at_least_chance(rules.D6, 2), {}),
            ("best_next", BEST_CHOICE,
             {"shown": Msg("guide.answer.cast", spell=Msg(f"abracada.spell.{BEST_NEXT}"), v=BEST_NEXT)
              if BEST_CHOICE != "stop" else Msg("guide.answer.stop")}),
        ],
        "05_let_the_bots_play": [
            ("fair_share", Fraction(1, 3), {}),
            ("half_width", stats.half_width(WINS / GAMES, GAMES), {"wins": WINS, "games": GAMES}),
            ("half_as_wide", next(k for k in count(1)      # the first multiple of the games that halves the width
                                  if stats.half_width(0.5, k * GAMES) <= stats.half_width(0.5, GAMES) / 2 * (1 + 1e-12)), {}),
            ("games_needed", ceil((stats.z_value(0.95) * 0.5 / TARGET) ** 2), {"pct": round(100 * TARGET)}),
            ("intervals_clear", CLEAR, {"a": A_WINS, "b": B_WINS, "games": GAMES,
                                        "shown": Msg(f"guide.answer.{CLEAR}")}),
        ],
    }
    RULES_PARAMS = {"lo": abracada.PLAYERS.start, "hi": abracada.PLAYERS.stop - 1, "stones": rules.TOTAL_STONES,
                    "life": rules.MAX_LIFE, "points": rules.WINNING_SCORE}
    DEAL_JSON = json.dumps(DEAL)
    return EXERCISES, RULES_PARAMS, DEAL_JSON
''',
    "runes": '''\
# guide: answers (Voila hides this code). Every answer is computed by towerlib, and only once the server
# has said this page is the teacher's (widgets.guide_messages.show_for_teacher).
import json

from fractions import Fraction

import towerlib.runes as runes
from towerlib.core.i18n import Msg
from towerlib.runes import duel, policy
from towerlib.runes.data import HOUSE_MAX_HEALTH
from towerlib.runes.dice import sub_multisets
from towerlib.runes.probability import best_hold, p_after_hold, p_counter, p_roll

GAME = "runes"


def answers():
    """The exercises with their answers, the rules' numbers and the class position (JSON)."""
    Q = 2                                            # the Quantum shadow of lesson 1's exercise
    DICE = (1, 1, 3, 4, 6)                           # the roll of lesson 2
    # Lesson 2, exercise 5: every hold from 1 1 3 4 6 that reaches the best chance of Loot with one re-roll.
    LOOT = {h: p_after_hold(h, "loot", 1) for h in sub_multisets(DICE) if len(h) < 5}
    LOOT_HOLDS = tuple(" ".join(map(str, h)) for h, p in sorted(LOOT.items()) if p == max(LOOT.values()))
    H = duel.turn_outcomes(0)[0]                     # lesson 3: a turn that does nothing
    EXERCISES = {
        "01_dice_duel_odds": [
            ("five_sixes", Fraction(1, 6) ** 5, {}),
            ("chain_hold", best_hold((2, 2, 3, 3, 6), "chain", 1)[1], {}),
            ("both_hit", (1 - p_counter(4)) * (1 - p_counter(2)), {}),
            ("damage_q", (2 + Q) * (1 - p_counter(5)), {"q": Q}),
        ],
        "02_hold_or_reroll": [
            ("quantum_2", policy.p_within_rule("quantum", "most_common", 2), {}),
            ("familiar_hold", best_hold(DICE, "familiar", 1)[1], {}),
            ("chain_two", 1 - (1 - p_roll("chain")) ** 2, {}),
            ("ones_for_loot", p_after_hold((1, 1), "loot", 1), {}),
            ("loot_hold", LOOT_HOLDS, {"shown": Msg("guide.runes.answer.any_of", holds=", ".join(LOOT_HOLDS[:-1]),
                                                     last=LOOT_HOLDS[-1], p=str(max(LOOT.values())))}),
        ],
        "03_who_wins_the_duel": [
            ("cryo_two", 2 * duel.hit_chance(4, 1) + 2 * duel.hit_chance(6, 1), {}),
            ("first_twice", duel.p_first("chronomancer", "pyromancer") ** 2, {}),
            ("both_hit_22556", duel.hit_chance(2) * duel.hit_chance(5), {}),
            ("no_damage", H, {}),
            ("over_first_round", 1 - H ** 2, {}),
        ],
    }
    RULES_PARAMS = {"lo": runes.PLAYERS.start, "hi": runes.PLAYERS.stop - 1, "health": HOUSE_MAX_HEALTH}
    # The class position: lesson 3's duel, and the first roll is lesson 2's 1 1 3 4 6 (two initiative dice first).
    CLASS_DEAL = {"wizards": ["chronomancer", "pyromancer"], "hands": [[], []], "health": [6, 6],
                  "dice": [4, 2, *DICE]}
    runes.new_game(2, deal=CLASS_DEAL)                # the engine accepts it (or the guide stops here)
    DEAL_JSON = json.dumps(CLASS_DEAL)
    return EXERCISES, RULES_PARAMS, DEAL_JSON
''',
    "amulett": '''\
# guide: answers (Voila hides this code). Every answer is computed by towerlib, and only once the server
# has said this page is the teacher's (widgets.guide_messages.show_for_teacher).
import json
import random
from fractions import Fraction
from itertools import product

import towerlib.amulett as amulett
from towerlib.amulett import probability, rules
from towerlib.amulett.inference import HandReader
from towerlib.amulett.probability import CITIES, cards_per_stone, places, spell_value
from towerlib.core.i18n import Msg

GAME = "amulett"


def answers():
    """The exercises with their answers, the rules' numbers and the class position (JSON)."""
    # The class position: lesson 3's ledger scenario (player 1 owns the Philosopher's Stone, Hat #2 on A17).
    CLASS_DEAL = {"first": 0, "markers": [4], "start": {"spells": [[], [[9, 2]], []], "hat2": "A17",
                                                        "metals": [[4, 4, 4, 4], [1, 1, 1, 1], [4, 4, 4, 4]]}}
    # Lesson 3's ledger: the engine plays (everyone passes the spell auctions) to the jewel auction in A17,
    # where seat 0 reads player 1's possible hands from what it has seen.
    ledger = amulett.new_game(3, seed=1, deal=CLASS_DEAL)     # the engine accepts it (or the guide stops here)
    moves = random.Random(0)
    while ledger.pending["kind"] != "jewel_bid":
        ledger.apply("pass" if ledger.pending["kind"] == "spell_bid" else moves.choice(ledger.legal_actions()))
    READER = HandReader(ledger.view(0))
    # Lesson 3's auction model: three bidders with values 1-6, equally likely. Once around, each bids once
    # in turn (one less than its value, the last bidder one more than the best bid it saw, if it can).
    VALUES, BIDDERS = range(1, 7), 3

    def once_around_last_surplus():
        total = Fraction(0)
        for values in product(VALUES, repeat=BIDDERS):
            high, leader = 0, None
            for q, v in enumerate(values):
                bid = high + 1 if q == BIDDERS - 1 else v - 1
                if high < bid <= v:
                    high, leader = bid, q
            total += values[-1] - high if leader == BIDDERS - 1 else 0
        return total / len(VALUES) ** BIDDERS

    MARKERS = probability.marker_distribution()
    CITY_SLOTS = places(CITIES)                      # the jewels laid out in the four Cities
    EXERCISES = {
        "01_how_many_areas": [
            ("marker_mean", probability.mean(MARKERS), {}),
            ("five_plus", sum(p for areas, p in MARKERS.items() if areas >= 5), {}),
            ("marker_var", probability.variance(MARKERS), {}),
            ("nine_without", probability.total_areas_distribution(2, "without_replacement")[9], {}),
            ("var_two", probability.variance(probability.total_areas_distribution(2)), {}),
        ],
        "02_jewels_in_the_bag": [
            ("two_same", probability.p_two_same_colour(), {}),
            ("no_red", probability.colour_count_distribution("red", CITY_SLOTS)[0], {"slots": CITY_SLOTS}),
            ("colours_in_jewels", probability.p_colours_after(rules.WIN_JEWELS, rules.WIN_COLOURS),
             {"jewels": rules.WIN_JEWELS, "colours": rules.WIN_COLOURS}),
            ("distinct_two", probability.expected_distinct_colours(2), {}),
            ("seven_colours", probability.expected_draws_for_colours(rules.WIN_COLOURS), {"colours": rules.WIN_COLOURS}),
        ],
        "03_what_is_a_bid_worth": [
            ("spell_value", spell_value(1, 3), {"spell": Msg("amulett.spell.1"), "stones": 3}),
            ("per_stone", cards_per_stone(10, 3), {"spell": Msg("amulett.spell.10"), "stones": 3}),
            ("last_bidder", once_around_last_surplus(), {"n": BIDDERS, "lo": VALUES.start, "hi": VALUES.stop - 1}),
            ("pay_two", READER.p_can_pay(1, 2, "A17"), {}),
        ],
    }
    RULES_PARAMS = {"lo": amulett.PLAYERS.start, "hi": amulett.PLAYERS.stop - 1, "colours": rules.WIN_COLOURS,
                    "jewels": rules.WIN_JEWELS}
    DEAL_JSON = json.dumps(CLASS_DEAL)
    return EXERCISES, RULES_PARAMS, DEAL_JSON
''',
    "spellcaster": '''\
# guide: answers (Voila hides this code). Every answer is computed by towerlib, and only once the server
# has said this page is the teacher's (widgets.guide_messages.show_for_teacher).
import json
from fractions import Fraction

import towerlib.spellcaster as spellcaster
from towerlib.spellcaster.data import DECK_VALUES, POINT_NAMES
from towerlib.spellcaster.probability import (LockedChain, contest_table, difference_distribution, reach,
                                              walk_counts)

GAME = "spellcaster"


def answers():
    """The exercises with their answers, the rules' numbers and the class position (JSON)."""
    EQUAL = LockedChain(3, 3)                         # a lock between equal numbers of unplayed Will tokens
    CENTRE = POINT_NAMES.index("C")
    EXERCISES = {
        "01_two_d10s": [
            ("same_number", difference_distribution()[0], {}),
            ("big_equal", contest_table(3, 3)["big"], {}),
            ("broken_plus2", contest_table(5, 3)["broken"], {}),
        ],
        "02_locked": [
            ("lock_rolls", EQUAL.expected_rolls, {}),
            ("lock_caster", EQUAL.caster_wins, {}),
            ("lock_two", EQUAL.resolved_within(2), {}),
        ],
        "03_walking_on_colours": [
            ("fire_walks", walk_counts("F", 2)[CENTRE][CENTRE], {}),
            ("water_reach", len(reach("C", ["W1"])[0]), {}),
            ("fire_five", Fraction(DECK_VALUES.count(5), len(DECK_VALUES)), {}),
        ],
    }
    RULES_PARAMS = {"lo": spellcaster.PLAYERS.start, "hi": spellcaster.PLAYERS.stop - 1, "points": len(POINT_NAMES)}
    # The class position: two SpellCasters one step apart (seat 0 on iF moves first, seat 1 on the centre).
    CLASS_DEAL = {"first": 0, "positions": ["iF", "C"]}
    spellcaster.new_game(2, deal=CLASS_DEAL)          # the engine accepts it (or the guide stops here)
    DEAL_JSON = json.dumps(CLASS_DEAL)
    return EXERCISES, RULES_PARAMS, DEAL_JSON
''',
}

SHOW = '''\
# The guide, in the page's language (?lang=ru) with a language toggle; for anyone but the teacher, one line
# saying the page is for the teacher (answers() is never called).
from widgets.guide_messages import show_for_teacher

show_for_teacher(GAME, answers)
'''


def write(game: str) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.nbformat_minor = 4
    # The page's title in the language of its link (?lang=ru), set by the Voila template.
    titles = {lang: tr("guide.title", lang, game=tr(f"gallery.game.{game}", lang)) for lang in LANGUAGES}
    nb.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                   "language_info": {"name": "python"}, "title": HEAD[game].lstrip("# "),
                   "spelltower": {"titles": titles}}
    nb.cells = [nbformat.v4.new_markdown_cell(HEAD[game]), nbformat.v4.new_code_cell(ANSWERS[game]),
                nbformat.v4.new_code_cell(SHOW)]
    for cell in nb.cells:
        cell.pop("id", None)
    path = ROOT / game / "guide.ipynb"
    nbformat.write(nb, path, version=4)
    return path


if __name__ == "__main__":
    import sys

    # By default every game whose folder exists (a folder holding only a guide is not in the gallery).
    for name in sys.argv[1:] or [g for g in HEAD if (ROOT / g).is_dir()]:
        print(write(name))
