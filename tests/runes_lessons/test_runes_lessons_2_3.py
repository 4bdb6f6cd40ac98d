"""Spell Runes lessons 2 and 3 (English and Russian): committed clean, the Russian twin mirrors
the English one, and when the code cells run their exercises hold independently computed answers
and the engine simulation started by the button works. (tests/test_notebooks_run.py runs them in a kernel as well.)"""
from __future__ import annotations

import re
from fractions import Fraction
from itertools import product
from pathlib import Path

import nbformat
import pytest

from lesson_cells import run_cells

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "notebooks" / "runes"
NAMES = {"02_hold_or_reroll.ipynb": 2, "03_who_wins_the_duel.ipynb": 3}
PATHS = [FOLDER / n for n in NAMES] + [FOLDER / "ru" / n for n in NAMES]


def _id(path: Path) -> str:
    return str(path.relative_to(FOLDER))


@pytest.mark.parametrize("path", PATHS, ids=_id)
def test_committed_clean_with_a_lesson_title(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    ru = path.parent.name == "ru"
    title = ("# Урок {} · " if ru else "# Lesson {} · ").format(NAMES[path.name])
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith(title)
    assert "widgets" not in nb.metadata
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.outputs == [] and c.execution_count is None for c in code)
    source = "\n".join(c.source for c in code)
    assert f'LANG = "{"ru" if ru else "en"}"' in source and "import ipywidgets as ipw" in source
    assert "import sympy as sp" in source and "RunesBoard(" in source
    assert sum(c.source.count("Exercise(") for c in code) >= 4


def _code_shape(nb):
    """The code with every string literal blanked (prose differs by language, code must not)."""
    blank = lambda s: re.sub(r'"(?:[^"\\]|\\.)*"', '""', s)  # noqa: E731
    return [blank(c.source) for c in nb.cells if c.cell_type == "code" and "LANG = " not in c.source]


@pytest.mark.parametrize("name", list(NAMES))
def test_russian_twin_mirrors_the_english_lesson(name):
    en = nbformat.read(FOLDER / name, as_version=4)
    ru = nbformat.read(FOLDER / "ru" / name, as_version=4)
    assert [c.cell_type for c in en.cells] == [c.cell_type for c in ru.cells]
    assert _code_shape(en) == _code_shape(ru)
    text = "\n".join(c.source for c in ru.cells if c.cell_type == "markdown")
    assert len(re.findall(r"[а-яё]", text, re.I)) > 0.6 * len(re.findall(r"[a-zа-яё]", text, re.I))
    keys = lambda nb: re.findall(r"W = (\{.*\})", next(c.source for c in nb.cells if "LANG = " in c.source))  # noqa: E731
    assert set(eval(keys(en)[0])) == set(eval(keys(ru)[0]))   # same sentence keys in both languages


def _one_roll(spell):
    from towerlib.runes.dice import allows
    rolls = list(product(range(1, 7), repeat=5))
    return Fraction(sum(allows(r, spell) for r in rolls), len(rolls))


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["", "ru"])
def test_lesson_2_exercises_hold_independent_answers(lang):
    ns = run_cells(FOLDER / lang / "02_hold_or_reroll.ipynb")
    made = ns["_exercises"]
    answers = [ex.answer for ex in made]
    assert len(answers) == 5
    # Keep every die of the most common value (ties: the higher), re-roll the rest once: all must match.
    first = list(product(range(1, 7), repeat=5))
    kept = [max(r.count(v) for v in r) for r in first]
    assert answers[0] == sum(Fraction(1, 6 ** (5 - k)) for k in kept) / len(first)
    # Keep the pair of 1s and re-roll three dice once: a 1 among them, or three of a kind among them.
    three = list(product(range(1, 7), repeat=3))
    assert answers[1] == Fraction(sum(1 in r or len(set(r)) == 1 for r in three), len(three))
    assert answers[2] == 1 - (1 - _one_roll("chain")) ** 2
    runs = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
    assert answers[3] == Fraction(sum(any(run <= {1, 1, *r} for run in runs) for r in three), len(three))
    # Every hold from 1 1 3 4 6, its one re-roll enumerated: the exercise accepts exactly the best ones.
    holds = {(1, 1): 3, (1, 3, 4): 2, (3, 4): 3, (3, 4, 6): 2, (1, 3, 4, 6): 1, (): 5}
    chance = {h: Fraction(sum(any(run <= {*h, *r} for run in runs) for r in product(range(1, 7), repeat=k)), 6 ** k)
              for h, k in holds.items()}
    top = max(chance.values())
    assert top == Fraction(13, 36)
    choice = made[4]
    for h, p in chance.items():
        label = " ".join(map(str, h))
        assert choice.check(label) is (p == top), (h, p)
    assert sorted(choice.answers) == ["1 3 4", "3 4", "3 4 6"]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["", "ru"])
def test_lesson_3_exercises_and_engine_run(lang):
    ns = run_cells(FOLDER / lang / "03_who_wins_the_duel.ipynb")
    answers = [ex.answer for ex in ns["_exercises"]]
    assert len(answers) == 5
    dice = range(1, 7)
    # Against the Cryomancer (+1 on her counter die): a pair of 4s and a pair of 6s, 2 damage each.
    assert answers[0] == 2 * Fraction(sum(d + 1 <= 4 for d in dice), 6) + 2 * Fraction(sum(d + 1 <= 6 for d in dice), 6)
    assert answers[1] == Fraction(sum(a + 1 >= b for a in dice for b in dice), 36) ** 2
    assert answers[2] == Fraction(sum(a <= 2 and b <= 5 for a in dice for b in dice), 36)
    p0 = answers[3]
    assert 0 < p0 < 1
    assert answers[4] == 1 - p0 ** 2                                        # the round goes on only if both miss
    assert ns["_exercises"][4].check(f"{float(1 - p0):.3f}") is False       # h, printed above it, is wrong
    run = ns["engine_run"]
    run.run(6)                                                              # six engine games, as the button would
    assert run.error is None and run.done == 6
    assert len(ns["results"]["wins"]) == 6 and "6" in run.text.value
    full = ns["full_run"]
    full.run(2)                                                             # two full-rules games of the planner bots
    assert full.error is None and len(ns["full"]["wins"]) == 2


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["", "ru"])
def test_lesson_3_runs_100000_more_through_the_batch_simulator(lang, monkeypatch):
    """Sections 1 and 4: nothing simulated while the page renders; each press of "Run 100,000
    more" asks the batch simulator for exactly 100,000 more turns (or duels of each kind); the
    exact column is the library's; a seeded run lands within 4 standard errors of it."""
    import math

    from towerlib.runes import batch, duel
    from towerlib.runes.data import HOUSE_MAX_HEALTH as H

    asked = {"turns": 0, "duels": 0}
    turns, duels = batch.simulate_attack_turns, batch.simulate_duels

    def count_turns(n, *args, **kwargs):
        asked["turns"] += n
        return turns(n, *args, **kwargs)

    def count_duels(n, *args, **kwargs):
        asked["duels"] += n
        return duels(n, *args, **kwargs)

    monkeypatch.setattr(batch, "simulate_attack_turns", count_turns)
    monkeypatch.setattr(batch, "simulate_duels", count_duels)
    ns = run_cells(FOLDER / lang / "03_who_wins_the_duel.ipynb")
    turn_run, model_run = ns["turn_run"], ns["model_run"]
    assert asked == {"turns": 0, "duels": 0} and turn_run.done == model_run.done == 0
    assert turn_run.batch == model_run.batch == 100_000
    for pressed in (1, 2):
        turn_run.start()                                  # the button's handler: a thread
        turn_run.wait(300)
        assert turn_run.error is None and asked["turns"] == turn_run.frequencies.samples == pressed * 100_000
    assert set(turn_run.frequencies.exact.values()) == set(duel.turn_outcomes(0).values())
    model_run.run()
    kinds = [(a, b, first) for _, a, b, first in ns["duels"]]
    assert model_run.error is None and asked["duels"] == len(kinds) * 100_000
    freq = model_run.frequencies
    assert list(freq.exact.values()) == [duel.solve(a, b, max_health=H, first=first).win[H, H] for a, b, first in kinds]
    for run in (turn_run, model_run):
        f = run.frequencies
        for label, p in f.exact.items():
            n = f.trials[label]
            assert abs(f.hits[label] / n - float(p)) <= 4 * math.sqrt(float(p) * (1 - float(p)) / n), label
        assert bytes(run.image.value).startswith(b"\x89PNG") and "<table" in run.text.value


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["", "ru"])
def test_lesson_2_runs_100000_more_turns_through_the_batch_simulator(lang, monkeypatch):
    """Sections 2 and 3: the rules of thumb and the 24 bars (8 spells x 1-3 rolls) are simulated
    only when the button is pressed, 100,000 more turns per event each press, by the batch
    simulator; the exact values are p_within_rule and p_within; frequencies within 4 SE."""
    import math

    from towerlib.runes import batch, policy
    from towerlib.runes.dice import SPELLS
    from towerlib.runes.probability import p_within

    played = []
    original = batch.play_turns

    def count(rng, table, n):
        played.append(n)
        return original(rng, table, n)

    monkeypatch.setattr(batch, "play_turns", count)
    ns = run_cells(FOLDER / lang / "02_hold_or_reroll.ipynb")
    rule_run, roll_run = ns["rule_run"], ns["roll_run"]
    assert played == [] and rule_run.done == roll_run.done == 0
    rule_run.start()                                       # the button's handler: a thread
    rule_run.wait(300)
    assert rule_run.error is None and sum(played) == 2 * 100_000
    roll_run.run()
    assert roll_run.error is None and sum(played) == 2 * 100_000 + 24 * 100_000
    rules = [("most_common", "quantum"), ("pairs", "class")]
    assert list(rule_run.frequencies.exact.values()) == [policy.p_within_rule(s, r, 3) for r, s in rules]
    assert list(roll_run.frequencies.exact.values()) == [p_within(s, k) for s in SPELLS for k in (1, 2, 3)]
    for run in (rule_run, roll_run):
        f = run.frequencies
        assert f.samples == 100_000
        for label, p in f.exact.items():
            n = f.trials[label]
            assert n == 100_000
            assert abs(f.hits[label] / n - float(p)) <= 4 * math.sqrt(float(p) * (1 - float(p)) / n) + 1e-12, label
        assert bytes(run.image.value).startswith(b"\x89PNG")
