"""Abracada random playouts against OpenSpiel's pure-Python Kuhn poker, in one run (issue #14.3).

    .venv/bin/python -m pip install open-spiel      # by hand: not a dependency of the kit
    .venv/bin/python benchmarks/openspiel_compare.py [--repeats 5] [--seconds 2]
    .venv/bin/python benchmarks/openspiel_compare.py --instructions    # needs valgrind

Both sides play uniformly random playouts through their engine's ordinary interface, one
action at a time, with no views and no bots:

* OpenSpiel ``python_kuhn_poker`` (``open_spiel/python/games/kuhn_poker.py``): at a chance node
  an outcome drawn with its probability, otherwise a uniformly random legal action, each applied
  with ``state.apply_action``; chance deals count as actions (they are ``apply_action`` calls);
* Abracada, four players, whole games: a uniformly random legal action applied with
  ``game.apply`` (dice and Night Singer's draw happen inside an action, as the rules have it;
  "next round" counts as an action).

Kuhn is also timed with the loop of OpenSpiel's own ``benchmark_games.py`` (uniform
``random.choice`` at every node and a history check per move), which is slower; the headline
ratio uses the lean loop, the same driver on both sides. Repeats alternate between the two (Kuhn, Abracada, Kuhn, ...) so both see the same machine
load; each repeat plays whole games for about ``--seconds`` CPU seconds. Printed: each side's
median actions per CPU second and the ratio Abracada / Kuhn (the issue's goal is >= 2), and, for
scale, the batch simulator's actions per second (not a like-for-like figure: it plays many
rounds per numpy call).

Wall-clock figures swing with the machine's load; ``--instructions`` instead counts, with
valgrind, the CPU instructions per action of the same two loops (a fixed number of games, minus
the same run with no games, so start-up and imports cancel out). The count is the same on a busy
machine, which makes it the figure to compare before and after an engine change.
"""
from __future__ import annotations

import argparse
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from towerlib.abracada import new_game
from towerlib.abracada import batch


def kuhn_playouts(seconds: float, seed: int) -> tuple[int, float]:
    """(actions, CPU seconds) of random Kuhn poker playouts for about ``seconds``."""
    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers python_kuhn_poker)

    game = pyspiel.load_game("python_kuhn_poker")
    rnd = random.Random(seed).random
    actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += _kuhn_games(game, rnd, 200)
    return actions, time.process_time() - start


def _kuhn_games(game, rnd, games: int) -> int:
    """``games`` random Kuhn playouts (chance drawn from its listed outcomes); returns the actions."""
    actions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                u, acc = rnd(), 0.0
                for action, p in state.chance_outcomes():
                    acc += p
                    if u < acc:
                        break
            else:
                legal = state.legal_actions()
                action = legal[int(rnd() * len(legal))]
            state.apply_action(action)
            actions += 1
    return actions


def kuhn_benchmark_loop(seconds: float, seed: int) -> tuple[int, float]:
    """The rollout loop of OpenSpiel's own ``open_spiel/python/examples/benchmark_games.py``
    (turn-based branch: ``random.choice(state.legal_actions(state.current_player()))`` at every
    node, chance included, and a history-length check per move), timed the same way as above."""
    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401

    game = pyspiel.load_game("python_kuhn_poker")
    rng = random.Random(seed)
    moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(200):
            state = game.new_initial_state()
            while not state.is_terminal():
                if len(state.history()) > 100:
                    break
                state.apply_action(rng.choice(state.legal_actions(state.current_player())))
                moves += 1
    return moves, time.process_time() - start


def abracada_playouts(seconds: float, seed: int) -> tuple[int, float]:
    """(actions, CPU seconds) of random four-player Abracada games for about ``seconds``."""
    rnd = random.Random(seed).random          # one generator for the run, as for Kuhn
    actions = 0
    g = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(5):
            game = new_game(4, seed=seed + g)
            g += 1
            while not game.is_over:
                legal = game.legal_actions()
                game.apply(legal[int(rnd() * len(legal))])
            actions += len(game.history)
    return actions, time.process_time() - start


def batch_rounds(rounds: int, seed: int) -> tuple[int, float]:
    start = time.process_time()
    res = batch.simulate_rounds(rounds, 4, "random", seed=seed)
    return int(res.actions.sum()), time.process_time() - start


def instructions_per_action(side: str, games: int) -> float:
    """CPU instructions per action of ``side``'s playout loop ("kuhn" or "abracada"), by valgrind."""
    def run(n: int) -> tuple[int, int]:
        code = (f"import benchmarks.openspiel_compare as b, sys; "
                f"a = b.count_playouts_{side}({n}); print('actions', a, file=sys.stderr)")
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                              sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             cwd=Path(__file__).resolve().parents[1]).stderr
        return (int(re.search(r"Collected : (\d+)", out).group(1)),
                int(re.search(r"^actions (\d+)", out, re.M).group(1)))
    (base, _), (total, actions) = run(0), run(games)
    return (total - base) / actions


def count_playouts_kuhn(games: int) -> int:
    """The Kuhn loop of ``kuhn_playouts`` for a fixed number of games; returns the actions."""
    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401

    return _kuhn_games(pyspiel.load_game("python_kuhn_poker"), random.Random(0).random, games)


def count_playouts_abracada(games: int) -> int:
    """The Abracada loop of ``abracada_playouts`` for a fixed number of games; returns the actions."""
    rnd = random.Random(0).random
    actions = 0
    for g in range(games):
        game = new_game(4, seed=g)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[int(rnd() * len(legal))])
        actions += len(game.history)
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--batch-rounds", type=int, default=200_000)
    parser.add_argument("--instructions", action="store_true",
                        help="count CPU instructions per action with valgrind instead of timing")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise SystemExit("OpenSpiel is not installed: .venv/bin/python -m pip install open-spiel")
    if args.instructions:
        kuhn_i = instructions_per_action("kuhn", 3000)
        abra_i = instructions_per_action("abracada", 300)
        print("CPU instructions per action (valgrind callgrind, start-up subtracted):")
        print(f"OpenSpiel python_kuhn_poker, 3,000 games:  {kuhn_i:>10,.0f}")
        print(f"Abracada random playouts, 300 games:       {abra_i:>10,.0f}")
        print(f"ratio Kuhn / Abracada (the speed ratio if both ran at the same instructions per second): "
              f"{kuhn_i / abra_i:.2f}")
        return
    kuhn, kuhn_os, abra, ratios, fast = [], [], [], [], []
    for rep in range(args.repeats):
        a, t = kuhn_playouts(args.seconds, 1000 * rep)
        kuhn.append(a / t)
        a, t = kuhn_benchmark_loop(args.seconds, 1000 * rep)
        kuhn_os.append(a / t)
        a, t = abracada_playouts(args.seconds, 1000 * rep)
        abra.append(a / t)
        ratios.append(abra[-1] / kuhn[-1])
        a, t = batch_rounds(args.batch_rounds, rep)
        fast.append(a / t)
    k, ko, ab = statistics.median(kuhn), statistics.median(kuhn_os), statistics.median(abra)
    print(f"median of {args.repeats} alternating repeats, ~{args.seconds} CPU s each (time.process_time)")
    print(f"OpenSpiel python_kuhn_poker, same lean loop as Abracada:  {k:>12,.0f} actions/s")
    print(f"OpenSpiel python_kuhn_poker, benchmark_games.py loop:     {ko:>12,.0f} actions/s")
    print(f"Abracada engine random playouts (4 players):              {ab:>12,.0f} actions/s")
    print(f"ratio Abracada / Kuhn (same loop): {ab / k:.2f} (median of per-repeat ratios "
          f"{statistics.median(ratios):.2f}; goal >= 2)")
    print(f"ratio Abracada / Kuhn (OpenSpiel's benchmark loop): {ab / ko:.2f}")
    print(f"for scale, Abracada batch simulator (random policy, {args.batch_rounds:,} rounds a call): "
          f"{statistics.median(fast):,.0f} actions/s")


if __name__ == "__main__":
    main()
