"""``spelltower simulate runes``: Spell Runes plugs into the command line through the registry."""
from __future__ import annotations

import json

import pytest

from towerlib import cli


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow          # one of the quick loop's slowest (scripts/test --quick); CI runs it
def test_simulate_runes_with_three_bots(capsys):
    args = ("simulate", "runes", "--games", "50", "--players", "3", "--bots", "planner,greedy,random",
            "--seed", "1", "--json")
    code, out, err = run(capsys, *args)
    assert code == 0 and err == ""
    summary = json.loads(out)
    assert [s["bot"] for s in summary["seats"]] == ["planner", "greedy", "random"]
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(50)
    wins = {s["bot"]: s["wins"] for s in summary["seats"]}
    assert wins["planner"] > wins["random"]                    # the exact odds pay off
    assert summary["mean_rounds"] > 1                          # rounds come from the engine
    assert all(0 <= s["mean_points"] <= 15 for s in summary["seats"])   # points = health left
    _, again, _ = run(capsys, *args)
    same = json.loads(again)
    assert [s["wins"] for s in same["seats"]] == [s["wins"] for s in summary["seats"]]


def test_runes_table_options_and_errors(capsys):
    code, out, _ = run(capsys, "--lang", "ru", "simulate", "runes", "--games", "2", "--players", "2",
                       "--bots", "greedy", "--option", "max_health=6")
    assert code == 0 and out.startswith("runes: партий 2, игроков 2")
    code, _, err = run(capsys, "simulate", "runes", "--games", "1", "--players", "2", "--bots", "ev")
    assert code == 2 and "unknown bot 'ev' for runes" in err and "planner" in err
    code, _, err = run(capsys, "simulate", "runes", "--games", "1", "--players", "7")
    assert code == 2 and "7" in err
