"""The spelltower command: simulate runs, prints a table or JSON, and reports errors plainly."""
from __future__ import annotations

import json
import subprocess
import sys
import types

import pytest

from towerlib import cli


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_prints_a_summary_table(capsys):
    code, out, err = run(capsys, "simulate", "abracada", "--games", "6", "--players", "4",
                         "--bots", "ev,counting,random", "--seed", "3")
    assert code == 0 and err == ""                       # no progress bar when stderr is not a terminal
    lines = out.splitlines()
    assert lines[0] == "abracada: 6 games, 4 players, seed 3"
    assert lines[1].split() == ["seat", "bot", "wins", "win", "%", "mean", "points"]
    assert [line.split()[1] for line in lines[2:6]] == ["ev", "counting", "random", "ev"]
    assert sum(float(line.split()[2]) for line in lines[2:6]) == pytest.approx(6)
    assert lines[6].startswith("mean rounds per game:") and lines[7].startswith("elapsed:")


def test_json_output_parses_and_is_reproducible(capsys):
    args = ("simulate", "abracada", "--games", "8", "--players", "3", "--bots", "ev,random", "--seed", "5", "--json",
            "--option", "die_faces=[1,2,3,4,5,6]", "--option", "easy=true")
    _, out1, _ = run(capsys, *args)
    _, out2, _ = run(capsys, *args)
    a, b = json.loads(out1), json.loads(out2)
    assert a["options"] == {"die_faces": [1, 2, 3, 4, 5, 6], "easy": True}
    assert [s["bot"] for s in a["seats"]] == ["ev", "random", "ev"]
    assert sum(s["wins"] for s in a["seats"]) == pytest.approx(8)
    assert a["mean_rounds"] >= 1
    strip = lambda d: {k: v for k, v in d.items() if k not in ("elapsed_s", "cpu_s", "games_per_s")}  # noqa: E731
    assert strip(a) == strip(b)


def test_the_progress_bar_goes_to_stderr(capsys):
    code, out, err = run(capsys, "simulate", "abracada", "--games", "3", "--progress", "--json")
    assert code == 0 and json.loads(out)["games"] == 3
    assert "3/3" in err


@pytest.mark.parametrize("args, text", [
    (("simulate", "abracada", "--bots", "oracle"), "unknown bot 'oracle'"),
    (("simulate", "chess"), "unknown game 'chess'"),
    (("simulate", "abracada", "--option", "easy"), "name=value"),
    (("simulate", "abracada", "--option", "speed=3"), "unknown option 'speed'"),
    (("simulate", "abracada", "--players", "9"), "players=9"),
    (("simulate", "abracada", "--games", "0"), "--games must be at least 1"),
])
def test_bad_input_is_reported_without_a_traceback(capsys, args, text):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and text in err and "Traceback" not in err


def test_russian_output(capsys):
    code, out, _ = run(capsys, "--lang", "ru", "simulate", "abracada", "--games", "2")
    assert code == 0 and "партий 2" in out and "место" in out
    code, _, err = run(capsys, "--lang", "ru", "simulate", "abracada", "--bots", "oracle")
    assert "неизвестный бот" in err


def test_help_works_without_ipywidgets():
    code = ("import sys; sys.modules['ipywidgets'] = None\n"
            "from towerlib.cli import main\n"
            "main(['--help'])\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0 and "simulate" in result.stdout, result.stderr


def test_another_game_plugs_in_with_one_registry_entry(monkeypatch, capsys):
    """A toy game: seat 0 always wins. It needs only new_game and a bots module."""

    class Toy:
        def __init__(self, players):
            self.players, self.done = players, False
        current_player = property(lambda self: None if self.done else 0)
        def view(self, seat, log=True): return {}
        def apply(self, action): self.done = True
        def outcome(self): return types.SimpleNamespace(winners=(0,), scores=(1,) + (0,) * (self.players - 1))

    class ToyBot:
        name = "toy"
        def __init__(self, seed=None): pass
        def choose(self, view): return types.SimpleNamespace(action="win")

    game = types.ModuleType("toygame")
    game.new_game = lambda players, seed=None, **options: Toy(players)
    bots = types.ModuleType("toygame.bots")
    bots.BOTS, bots.make_bot = {"toy": ToyBot}, lambda name, seed=None: ToyBot(seed)
    monkeypatch.setitem(sys.modules, "toygame", game)
    monkeypatch.setitem(sys.modules, "toygame.bots", bots)
    monkeypatch.setitem(cli.GAMES, "toy", "toygame")
    code, out, _ = run(capsys, "simulate", "toy", "--games", "4", "--players", "2", "--bots", "toy", "--json")
    summary = json.loads(out)
    assert code == 0 and [s["wins"] for s in summary["seats"]] == [4, 0] and summary["mean_rounds"] == 1
