"""The teachers' guides: every answer they print equals an independent computation (enumeration,
a direct formula, or simulation), every lesson of the game is in the plan, and both languages
render the same sections.

The guides' own code runs here exactly as the notebook runs it (its answers cell, executed from
the committed notebook); tests/test_notebooks_run.py runs each whole notebook in a kernel.
"""
from __future__ import annotations

import ast
import itertools
import json
import random
import re
from collections import Counter
from fractions import Fraction
from math import comb, sqrt
from pathlib import Path
from statistics import NormalDist

import pytest

from widgets import guide_messages as gm

from lesson_cells import run_cells

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
GAMES = ("abracada", "runes", "amulett", "spellcaster")


def test_every_game_with_a_play_page_has_a_guide():
    """The gallery links a game's guide from its card; every registered game has one."""
    with_play = {d.name for d in NOTEBOOKS.iterdir() if (d / "play.ipynb").exists()}
    assert with_play <= set(GAMES)
    assert all((NOTEBOOKS / g / "guide.ipynb").exists() for g in GAMES)


def guide_cells(game: str) -> list[str]:
    nb = json.loads((NOTEBOOKS / game / "guide.ipynb").read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


_RUNS: dict[str, dict] = {}


def run_guide(game: str) -> dict:
    """The guide's answers cell as the notebook runs it, then the body of its ``answers()`` run as
    module code (so the tests can read its positions: ``DEAL``, ``L2_OTHERS``, ...). What
    ``answers()`` itself returns must be what that body computed."""
    if game not in _RUNS:
        namespace: dict = {}
        cells = [cell for cell in guide_cells(game) if cell.startswith("# guide: answers")]
        assert len(cells) == 1, "a guide has exactly one answers cell"
        tree = ast.parse(cells[0])
        exec(compile(tree, f"{game}/guide.ipynb", "exec"), namespace)
        function = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "answers")
        *body, last = function.body
        assert isinstance(last, ast.Return), "answers() ends by returning its results"
        exec(compile(ast.Module(body=body, type_ignores=[]), f"{game}/guide.ipynb", "exec"), namespace)
        computed = (namespace["EXERCISES"], namespace["RULES_PARAMS"], namespace["DEAL_JSON"])
        for lang in ("en", "ru"):                 # messages in the parameters compare by their text
            assert gm.markdown(game, lang, *namespace["answers"]()) == gm.markdown(game, lang, *computed)
        _RUNS[game] = namespace
    return _RUNS[game]


def answers(game: str) -> dict:
    return {key: value for items in run_guide(game)["EXERCISES"].values() for key, value, _ in items}


def render(game: str, lang: str) -> list[tuple[str, str]]:
    ns = run_guide(game)
    return gm.sections(game, lang, ns["EXERCISES"], ns["RULES_PARAMS"], ns["DEAL_JSON"])


# ----- structure and languages -------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_plan_covers_every_lesson_in_order(game):
    stems = [p.stem for p in sorted((NOTEBOOKS / game).glob("[0-9]*.ipynb"))]
    planned = list(run_guide(game)["EXERCISES"])
    if stems:
        assert planned == stems, "the guide's plan must list the game's lessons, in order"
    else:                                      # no lessons yet: planned topics, each titled in the catalogue
        for stem in planned:
            assert gm.tr(f"guide.{game}.title.{stem}", "en") != gm.tr(f"guide.{game}.title.{stem}", "ru")
    assert all(run_guide(game)["EXERCISES"][stem] for stem in planned), "every lesson has exercises"


@pytest.mark.parametrize("game", GAMES)
def test_both_languages_render_the_same_sections(game):
    en, ru = render(game, "en"), render(game, "ru")
    assert [k for k, _ in en] == [k for k, _ in ru] == list(gm.SECTIONS)
    for (key, text_en), (_, text_ru) in zip(en, ru):
        for pattern in (r"^#+ ", r"^\d+\. ", r"^\* ", r"\]\(", r"```"):
            assert len(re.findall(pattern, text_en, re.M)) == len(re.findall(pattern, text_ru, re.M)), (key, pattern)
        assert text_en != text_ru
        assert "{" not in text_en.replace("{\"", "") and "{" not in text_ru.replace("{\"", ""), "unfilled placeholder"
        letters = [c for c in text_ru if c.isalpha()]
        assert sum("а" <= c.lower() <= "я" or c in "ёЁ" for c in letters) / len(letters) > 0.6, key


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_answer_is_printed_and_every_link_exists(game, lang):
    text = "\n".join(body for _, body in render(game, lang))
    for items in run_guide(game)["EXERCISES"].values():
        for key, value, params in items:
            assert f"**{gm.answer_text(value, lang, params.get('shown'))}**" in text, key
    for href in re.findall(r"\]\(([^)]+)\)", text):
        target = (NOTEBOOKS / game / href.split("?")[0]).resolve()
        assert target.exists(), href
        if lang == "ru" and href.startswith(("0", "ru/")):
            assert href.startswith("ru/") or not (NOTEBOOKS / game / "ru").exists(), href


LESSONS = [p for game in GAMES for p in sorted((NOTEBOOKS / game).glob("[0-9][0-9]_*.ipynb"))]


def same_answer(lesson_answer, guide_value) -> bool:
    """The lesson's answer and the guide's are the same: equal numbers (a float to 1e-12), the same
    word, or the same dice (a lesson's choice "3 4 6" and the guide's (3, 4, 6))."""
    if isinstance(lesson_answer, list):                 # a choice with several equally right options
        return isinstance(guide_value, tuple) and sorted(map(str, lesson_answer)) == sorted(map(str, guide_value))
    if isinstance(lesson_answer, str) or isinstance(guide_value, (str, tuple)):
        return lesson_answer == guide_value or str(lesson_answer) == gm.answer_text(guide_value, "en")
    if isinstance(lesson_answer, float) or isinstance(guide_value, float):
        return float(lesson_answer) == pytest.approx(float(guide_value), rel=1e-12, abs=1e-15)
    return Fraction(lesson_answer) == Fraction(guide_value)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_lesson_exercise_is_in_the_guide_with_its_answer(path):
    """Each exercise the lesson makes (its own computation, run here) is one of the guide's
    exercises for that lesson, with the same answer; one guide entry answers one exercise."""
    made = run_cells(path)["_exercises"]
    assert made, f"{path.name} makes no exercise"
    guide = list(run_guide(path.parent.name)["EXERCISES"].get(path.stem, []))
    missing = []
    for ex in made:
        answer = ex.answers if ex.kind == "choice" and len(ex.answers) > 1 else ex.answer
        match = next((item for item in guide if same_answer(answer, item[1])), None)
        if match is None:
            missing.append(f"{ex.prompt!r} (answer {ex.answer_text()})")
        else:
            guide.remove(match)
    assert not missing, f"{path.parent.name}/guide.ipynb lacks exercises of {path.name}: " + "; ".join(missing)


def test_a_long_fraction_is_shown_as_a_decimal_in_the_language():
    value = Fraction(1349042192762933, 130392970083090)
    assert gm.answer_text(value, "en") == "10.346" and gm.answer_text(value, "ru") == "10,346"
    assert gm.answer_text(Fraction(5, 16), "ru") == "5/16 ≈ 0,312"


def test_the_class_section_names_the_games_own_board():
    for game in GAMES:
        body = dict(render(game, "en"))["class"]
        assert f"`{game}/play.ipynb`" in body and "?teacher=" in body


def test_the_abracada_deal_is_one_the_engine_accepts_and_matches_the_exercises():
    import towerlib.abracada as abracada

    ns = run_guide("abracada")
    deal = json.loads(ns["DEAL_JSON"])
    game = abracada.new_game(4, deal=deal)
    assert [list(h) for h in game.hands] == deal["hands"] == [list(h) for h in ns["DEAL"]["hands"]]


def test_the_runes_class_position_reaches_the_hold_decision_on_lesson_2s_roll():
    import towerlib.runes as runes

    game = runes.new_game(2, seed=3, deal=json.loads(run_guide("runes")["DEAL_JSON"]))
    assert [w["wizard"] for w in game.view(0)["wizards"]] == ["chronomancer", "pyromancer"]
    while [str(a) for a in game.legal_actions()] == ["pass"]:          # the any-time windows: nobody holds loot
        game.apply("pass")
    assert game.current_player == 0 and "hold 1 1" in [str(a) for a in game.legal_actions()]
    assert "hold 2" not in [str(a) for a in game.legal_actions()]


def test_the_spellcaster_class_position():
    import towerlib.spellcaster as spellcaster

    game = spellcaster.new_game(2, seed=3, deal=json.loads(run_guide("spellcaster")["DEAL_JSON"]))
    assert [c["position"] for c in game.view(0)["casters"]] == ["iF", "C"] and game.current_player == 0


def test_the_amulett_class_position_is_lesson_3s_scenario():
    import towerlib.amulett as amulett

    game = amulett.new_game(3, seed=3, deal=json.loads(run_guide("amulett")["DEAL_JSON"]))
    view = game.view(0)
    assert view["hat2"] == "A17" and game.current_player == 0


# ----- Abracada: answers against enumeration ----------------------------------------------------
def p_hold_at_least_one(hidden: list[int], value: int, hand: int = 5) -> Fraction:
    """Brute force: every hand of ``hand`` of the hidden stones is equally likely."""
    hits = total = 0
    for combo in itertools.combinations(range(len(hidden)), hand):
        total += 1
        hits += any(hidden[i] == value for i in combo)
    return Fraction(hits, total)


def test_abracada_answers():
    ns, got = run_guide("abracada"), answers("abracada")
    stones = [v for v in range(1, 9) for _ in range(v)]
    assert got["total_stones"] == len(stones) == 36
    assert got["pile_4p"] == 36 - 4 * 5 - 4
    others = [v for hand in ns["DEAL"]["hands"][1:] for v in hand]
    hidden = list((Counter(stones) - Counter(others)).elements())
    assert got["drink_4p"] == p_hold_at_least_one(hidden, 8)
    assert got["after_fail"] == p_hold_at_least_one([v for v in hidden if v != 5], 8)   # a failed 5: no 5 held
    assert got["after_fail"] > got["drink_4p"]
    l2_hidden = list((Counter(stones) - Counter(v for hand in ns["L2_OTHERS"] for v in hand)).elements())
    assert got["l2_dragon"] == p_hold_at_least_one(l2_hidden, 1) == Fraction(5, 21)
    assert got["l2_fireball"] == p_hold_at_least_one(l2_hidden, 7)
    l3_seen = Counter(v for hand in ns["L3_OTHERS"] for v in hand) + Counter(ns["L3_REMOVED"])
    l3_hidden = list((Counter(stones) - l3_seen).elements())
    assert got["l3_hidden"] == len(l3_hidden) == 36 - 2 * 5 - 6
    assert got["l3_drink"] == p_hold_at_least_one(l3_hidden, 8)
    five_others = [v for hand in ns["FIVE"]["hands"][1:] for v in hand]
    assert 1 not in five_others
    assert got["dragon_5p"] == p_hold_at_least_one(list((Counter(stones) - Counter(five_others)).elements()), 1)
    assert got["sweet_dream"] == Fraction(sum(min(2, f) for f in (1, 1, 2, 2, 3, 3)), 6)
    assert got["dragon_self_ko"] == Fraction(sum(f >= 2 for f in range(1, 7)), 6)
    l1_seen = Counter(v for hand in ns["L1_OTHERS"] for v in hand)
    assert got["l1_fireballs"] == 7 - l1_seen[7]
    assert got["next_after_6"] == 7 and got["drink_gain"] == 0          # a chain never goes down; life is capped at 6
    assert got["l3_dragon"] == p_hold_at_least_one(l3_hidden, 1) == 0
    assert got["l3_after_fail"] == p_hold_at_least_one([v for v in l3_hidden if v != 5], 8)
    singer = p_hold_at_least_one([v for v in l3_hidden if v != 5], 4) - p_hold_at_least_one(l3_hidden, 4)
    assert got["l3_night_singer"] == ("higher" if singer > 0 else "lower" if singer < 0 else "the same")
    by_hand = Counter()                                              # every 5-stone hand of lesson 2's hidden stones
    for combo in itertools.combinations(l2_hidden, 5):
        by_hand.update(Counter(combo))
    likeliest = max(range(1, 9), key=lambda v: (p_hold_at_least_one(l2_hidden, v), v))
    assert got["l2_likeliest"] == likeliest
    assert got["l2_expected"] == Fraction(by_hand[likeliest], comb(len(l2_hidden), 5))
    p_dragon = Fraction(5, 21)                                       # lesson 2's P(Dragon), checked above
    game_die = Fraction(sum((1, 1, 2, 2, 3, 3)), 6)
    assert got["dragon_ev"] == p_dragon * 3 * game_die - (1 - p_dragon) * game_die
    assert got["break_even"] == next(Fraction(k, 100) for k in range(101) if Fraction(k, 100) * 3 >= 1 - Fraction(k, 100))
    assert got["fair_share"] == Fraction(1, 3)
    z, p = NormalDist().inv_cdf(0.975), 612 / 900
    assert got["half_as_wide"] == next(k for k in itertools.count(1) if sqrt(0.25 / (k * 900)) <= sqrt(0.25 / 900) / 2 + 1e-15)
    a, b = 330 / 900, 280 / 900
    overlap = a - z * sqrt(a * (1 - a) / 900) <= b + z * sqrt(b * (1 - b) / 900)
    assert got["intervals_clear"] == ("no" if overlap else "yes")
    assert got["half_width"] == pytest.approx(z * sqrt(p * (1 - p) / 900), rel=1e-9)
    assert got["games_needed"] == next(n for n in itertools.count(1) if z * sqrt(0.25 / n) <= 0.02)


# ----- Spell Runes --------------------------------------------------------------------------------
ROLLS = list(itertools.product(range(1, 7), repeat=5))


def is_chain(dice) -> bool:
    return sorted(dice) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6])


def has_kind(dice, n: int) -> bool:
    return max(Counter(dice).values()) >= n


def best_one_reroll(dice, wins) -> Fraction:
    """Brute force: every subset of dice to keep, every outcome of the re-rolled ones."""
    best = Fraction(0)
    for keep in itertools.product((0, 1), repeat=5):
        kept = [d for d, k in zip(dice, keep) if k]
        outcomes = list(itertools.product(range(1, 7), repeat=5 - len(kept)))
        best = max(best, Fraction(sum(wins(kept + list(o)) for o in outcomes), len(outcomes)))
    return best


def test_runes_answers():
    got = answers("runes")
    dice = range(1, 7)
    assert got["five_sixes"] == Fraction(sum(r == (6,) * 5 for r in ROLLS), len(ROLLS))
    assert got["chain_hold"] == best_one_reroll((2, 2, 3, 3, 6), is_chain)
    assert got["familiar_hold"] == best_one_reroll((1, 1, 3, 4, 6), lambda d: has_kind(d, 3))

    def is_loot(dice) -> bool:
        return any(set(run) <= set(dice) for run in ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)))

    def chance(hold, wins) -> Fraction:
        outcomes = list(itertools.product(range(1, 7), repeat=5 - len(hold)))
        return Fraction(sum(wins(list(hold) + list(o)) for o in outcomes), len(outcomes))

    # Every hold of 1 1 3 4 6 (by choosing dice positions): the guide lists exactly the best ones for Loot.
    roll = (1, 1, 3, 4, 6)
    holds = {tuple(sorted(roll[i] for i in pos)) for k in range(5) for pos in itertools.combinations(range(5), k)}
    best = best_one_reroll(roll, is_loot)
    assert sorted(got["loot_hold"]) == sorted(" ".join(map(str, h)) for h in holds if chance(h, is_loot) == best)
    assert len(got["loot_hold"]) == 3 and best == Fraction(13, 36)
    assert got["ones_for_loot"] == chance((1, 1), is_loot)
    p_chain = Fraction(sum(map(is_chain, ROLLS)), len(ROLLS))
    assert got["chain_two"] == 1 - (1 - p_chain) ** 2
    # the counter die d stops a pair of v when d + bonus > v (ties go to the caster with equal grades)
    assert got["both_hit"] == Fraction(sum(a <= 4 and b <= 2 for a in dice for b in dice), 36)
    assert got["damage_q"] == (2 + 2) * Fraction(sum(d <= 5 for d in dice), 6)      # Q = 2
    assert got["cryo_two"] == 2 * Fraction(sum(d + 1 <= 4 for d in dice), 6) + 2 * Fraction(sum(d + 1 <= 6 for d in dice), 6)
    assert got["both_hit_22556"] == Fraction(sum(a <= 2 and b <= 5 for a in dice for b in dice), 36)
    assert got["first_twice"] == Fraction(sum(a + 1 >= b for a in dice for b in dice), 36) ** 2
    assert got["over_first_round"] == 1 - got["no_damage"] ** 2


def test_runes_most_common_policy_by_simulation():
    """Keep the most common value, re-roll the rest once: the guide's exact chance of five of a kind."""
    got, rng, trials, hits = answers("runes")["quantum_2"], random.Random(15), 60_000, 0
    for _ in range(trials):
        dice = [rng.randint(1, 6) for _ in range(5)]
        if not has_kind(dice, 5):
            value, n = max(Counter(dice).items(), key=lambda item: (item[1], item[0]))
            dice = [value] * n + [rng.randint(1, 6) for _ in range(5 - n)]
        hits += has_kind(dice, 5)
    sigma = sqrt(float(got) * (1 - float(got)) / trials)
    assert abs(hits / trials - float(got)) < 4 * sigma


# ----- SpellCaster -------------------------------------------------------------------------------
def contest(caster_tokens: int, opponent_tokens: int) -> dict[str, Fraction]:
    """RULES.md 4.2 rule 15 by enumerating both d10s."""
    out = Counter()
    for a in range(1, 11):
        for b in range(1, 11):
            d = a + caster_tokens - b - opponent_tokens
            out["big" if d >= 4 else "small" if d >= 2 else "broken" if d <= -5 else "locked"] += 1
    return {k: Fraction(v, 100) for k, v in out.items()}


# RULES.md 4.4, board SC-13: the centre's links and their path colours.
CENTRE_LINKS = {"iF": "FEA", "iE": "FEW", "iW": "EWA", "iA": "FWA", "mFE": "FE", "mEW": "EW", "mWA": "WA", "mAF": "FA"}


def test_spellcaster_answers():
    got = answers("spellcaster")
    assert got["same_number"] == Fraction(sum(a == b for a in range(1, 11) for b in range(1, 11)), 100)
    assert got["big_equal"] == contest(3, 3)["big"]
    assert got["broken_plus2"] == contest(5, 3)["broken"]
    equal = contest(3, 3)
    lock = equal["locked"]
    # each Continue roll ends the lock with probability 1 - lock: E[rolls] = sum of n * P(exactly n rolls)
    series = sum(n * float(lock) ** (n - 1) * float(1 - lock) for n in range(1, 2000))
    assert float(got["lock_rolls"]) == pytest.approx(series, abs=1e-12)
    assert got["lock_caster"] == (equal["big"] + equal["small"]) / (1 - lock)
    assert got["lock_two"] == 1 - lock ** 2
    assert got["fire_walks"] == sum("F" in colours for colours in CENTRE_LINKS.values())
    assert got["fire_five"] == Fraction(1, 6 + 3 + 1)                    # RULES.md 4.2: six 1s, three 3s, one 5
    assert got["water_reach"] == sum("W" in colours for colours in CENTRE_LINKS.values())


# ----- Das Amulett -------------------------------------------------------------------------------
BAG = {"red": 7, "yellow": 7, "green": 7, "clear": 7, "white": 4, "darkblue": 4, "lightblue": 4, "gray": 4,
       "orange": 4, "brown": 4}                                     # RULES.md 3.1: 52 jewels


def test_amulett_answers():
    got = answers("amulett")
    markers = (3, 4, 4, 5, 5, 6)                                    # RULES.md 3.5
    mean = Fraction(sum(markers), len(markers))
    assert got["marker_mean"] == mean
    assert got["five_plus"] == Fraction(sum(m >= 5 for m in markers), len(markers))
    assert got["marker_var"] == sum((Fraction(m) - mean) ** 2 for m in markers) / len(markers)
    ordered = list(itertools.permutations(range(len(markers)), 2))           # two markers, no replacement
    assert got["nine_without"] == Fraction(sum(markers[i] + markers[j] == 9 for i, j in ordered), len(ordered))
    totals = [a + b for a in markers for b in markers]                       # with replacement
    t_mean = Fraction(sum(totals), len(totals))
    assert got["var_two"] == sum((t - t_mean) ** 2 for t in totals) / len(totals)
    jewels = [c for c, n in BAG.items() for _ in range(n)]
    pairs = list(itertools.combinations(range(len(jewels)), 2))
    assert got["two_same"] == Fraction(sum(jewels[i] == jewels[j] for i, j in pairs), len(pairs))
    assert got["distinct_two"] == Fraction(sum(1 + (jewels[i] != jewels[j]) for i, j in pairs), len(pairs))
    cities = 4 * 3                                                  # RULES.md 3.2 rule 2: 3 jewels in each City
    assert got["no_red"] == Fraction(comb(len(jewels) - BAG["red"], cities), comb(len(jewels), cities))
    rng, trials = random.Random(7), 20_000
    hits = draws = 0
    for _ in range(trials):
        rng.shuffle(jewels)
        hits += len(set(jewels[:8])) >= 7                           # 8 jewels, at least 7 colours
        seen: set[str] = set()
        for n, colour in enumerate(jewels, start=1):
            seen.add(colour)
            if len(seen) == 7:
                draws += n
                break
    sigma = sqrt(float(got["colours_in_jewels"]) * (1 - float(got["colours_in_jewels"])) / trials)
    assert abs(hits / trials - float(got["colours_in_jewels"])) < 4 * sigma
    assert float(got["seven_colours"]) == pytest.approx(draws / trials, abs=0.1)


def test_amulett_spell_values_counted_round_by_round():
    """RULES.md A14: a spell loses its cost in stones each Energy phase, and its last stone(s) still buy a round."""
    from towerlib.amulett.rules import SPELL

    got = answers("amulett")

    def rounds(cost: int, stones: int) -> int:
        n = 0
        while stones > 0:
            stones, n = stones - cost, n + 1
        return n

    assert got["spell_value"] == rounds(SPELL[1].cost, 3) * len(SPELL[1].produces)
    assert got["per_stone"] == Fraction(rounds(SPELL[10].cost, 3) * len(SPELL[10].produces), 3)


# ----- only the teacher's page computes and shows the answers --------------------------------------------
@pytest.mark.parametrize("env, teacher", [
    ({"SPELLTOWER_CLASSROOM": "1"}, False),                                     # a student on the class server
    ({"SPELLTOWER_CLASSROOM": "1", "HTTP_X_SPELLTOWER_TEACHER": "yes"}, False),  # only the server's "1" counts
    ({"SPELLTOWER_CLASSROOM": "1", "HTTP_X_SPELLTOWER_TEACHER": "1"}, True),    # the teacher's browser
    ({}, True),                                                                 # JupyterLab, Binder: one user
])
def test_answers_are_computed_and_shown_only_for_the_teacher(monkeypatch, env, teacher):
    import IPython.display

    for name in ("SPELLTOWER_CLASSROOM", "HTTP_X_SPELLTOWER_TEACHER", "VOILA_PREHEAT", "QUERY_STRING"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    shown, calls = [], []
    monkeypatch.setattr(IPython.display, "display", lambda *objects: shown.extend(objects))
    ns = run_guide("runes")

    def answers():
        calls.append(1)
        return ns["EXERCISES"], ns["RULES_PARAMS"], ns["DEAL_JSON"]

    gm.show_for_teacher("runes", answers)
    [box] = shown
    [child] = box.children
    if teacher:
        assert calls == [1]
        text = child.children[2].outputs[0]["data"]["text/markdown"]
        assert gm.answer_text(answers()[0]["01_dice_duel_odds"][0][1], "en") in text
        return
    assert calls == [], "a student's kernel computed the answers"
    assert "spelltower-guide-denied" in child.value and "for the teacher" in child.value
