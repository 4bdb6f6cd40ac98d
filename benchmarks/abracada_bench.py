"""Abracada speed figures, each the median of several repeats, with the targets beside them.

    .venv/bin/python benchmarks/abracada_bench.py [--repeats 5] [--games 300]

Times are CPU seconds of this process (``time.process_time``), so other work on a shared
machine does not count against us; wall-clock games/s are printed beside them.

* engine playouts: uniformly random legal actions applied straight through the engine
  protocol (``legal_actions`` + ``apply``), no views: what the engine itself costs;
* RandomBot games: ``towerlib.core.bots.play`` with four ``RandomBot``s, so each action also
  builds the view fields the bot lists (its legal actions) and plays the text it chose;
* EV-bot games: ``play`` with four ``EVBot``s (each reads 9 of the view's 29 fields);
* the same EV games replayed: ``play`` with bots that read the EV bot's view fields and hand
  back the EV bots' recorded choices (recorded untimed beforehand). Views are built and moves
  applied as in the EV games, but nothing is decided: the ceiling any bot reading those fields
  could reach through ``play``. From the two, what the EV bots' own deciding costs per decision;
* ``deduce`` latency: positions met in real 4-player games, each timed once with every cache
  cleared first (a cold computation: ``position`` from the view plus the distribution and its
  eight hold chances, which is all a bot asks for).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any, Callable

from towerlib.abracada import new_game
from towerlib.abracada.bots import EVBot, RandomBot
from towerlib.abracada.deduction import clear_cache, deduce
from towerlib.core.bots import play


def timed(fn: Callable[[], int]) -> tuple[float, float, int]:
    """(cpu seconds, wall seconds, count returned by fn)."""
    c0, w0 = time.process_time(), time.perf_counter()
    count = fn()
    return time.process_time() - c0, time.perf_counter() - w0, count


def engine_playouts(games: int, seed: int) -> int:
    actions = 0
    for g in range(games):
        game = new_game(4, seed=seed + g)
        rnd = random.Random(seed + g).random
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[int(rnd() * len(legal))])
        actions += len(game.history)
    return actions


def bot_games(factory: Callable[[int], Any], games: int, seed: int, record: list | None = None) -> int:
    """Plays ``games`` four-player games; with ``record``, appends each game's list of choices."""
    actions = 0
    for g in range(games):
        game = new_game(4, seed=seed + g)
        on_choice = None
        if record is not None:
            record.append([])
            on_choice = lambda _seat, choice, choices=record[-1]: choices.append(choice)   # noqa: E731
        play(game, [factory(seed + 4 * g + i) for i in range(4)], on_choice=on_choice)
        actions += len(game.history)
    return actions


class ReplayBot:
    """Hands back recorded choices in turn, reading the EV bot's view fields: ``play`` builds
    the views and applies the moves as for the EV bots, and nothing is decided."""

    name = "replay"
    view_fields = EVBot.view_fields

    def __init__(self, choices: list[Any]) -> None:
        self._next = iter(choices).__next__

    def choose(self, view: Any) -> Any:
        return self._next()


def ev_choices(games: int, seed: int) -> list[list[Any]]:
    """The EV bots' choices in each of the games ``bot_games(EVBot, games, seed)`` plays."""
    out: list[list[Any]] = []
    bot_games(EVBot, games, seed, record=out)
    return out


def replayed_games(recorded: list[list[Any]], seed: int) -> int:
    """The recorded EV games again, each seat's choices handed back by one shared ReplayBot."""
    actions = 0
    for g, choices in enumerate(recorded):
        game = new_game(4, seed=seed + g)
        bot = ReplayBot(choices)
        play(game, [bot] * 4)
        if len(game.history) != len(choices):
            raise RuntimeError(f"game {seed + g}: the replay left the recorded game")
        actions += len(game.history)
    return actions


def deduce_latencies(positions: int, seed: int) -> list[float]:
    """Cold ``deduce`` times in seconds for ``positions`` views from real EV-bot games."""
    views = []
    g = 0
    while len(views) < positions:
        game = new_game(4, seed=seed + g)
        bots = [EVBot() for _ in range(4)]
        while not game.is_over and len(views) < positions:
            seat = game.current_player
            view = game.view(seat, log=False)
            if game.phase == "play":
                views.append(view)
            game.apply(bots[seat].choose(view).action)
        g += 1
    out = []
    for view in views:
        clear_cache()
        t = time.process_time()
        deduce(view).hold_chances()
        out.append(time.process_time() - t)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()
    n, r = args.games, args.repeats

    rows = []

    def measure(label: str, fn: Callable[[int], int], action_target: str = "", game_target: str = "") -> float:
        """Adds the rows for ``label``; returns its median games per CPU second."""
        # each repeat plays other games, so no repeat finds the previous one's positions cached
        runs = [timed(lambda: fn(100_000 * rep)) for rep in range(r)]
        for unit, count, target in (("actions/s", lambda a: a, action_target), ("games/s", lambda a: n, game_target)):
            cpu = statistics.median(count(a) / c for c, _, a in runs)
            wall = statistics.median(count(a) / w for _, w, a in runs)
            rows.append((f"{label}: {unit}", f"{cpu:,.0f}", f"{wall:,.0f}", target))
        return cpu

    measure("engine playouts (random legal actions)", lambda seed: engine_playouts(n, seed), ">= 300,000", ">= 1,000")
    measure("4 RandomBots via play()", lambda seed: bot_games(RandomBot, n, seed), "", ">= 1,000")
    ev_games = measure("4 EVBots via play()", lambda seed: bot_games(EVBot, n, seed), "", ">= 1,000")
    recorded = {100_000 * rep: ev_choices(n, 100_000 * rep) for rep in range(r)}
    replayed = measure("the EV games replayed, nothing decided", lambda seed: replayed_games(recorded[seed], seed))
    # CPU seconds per game: EV games = replayed + decisions; 1,000 games/s leaves 1 ms - replayed for them
    decisions = statistics.median(sum(map(len, games)) for games in recorded.values()) / n
    spent, allowed = (1e6 * (1 / x - 1 / replayed) / decisions for x in (ev_games, 1000))
    rows.append(("EV bots' own deciding: us per decision", f"{spent:.1f}", "", f"<= {allowed:.1f} for 1,000 games/s"))

    lat = [deduce_latencies(args.positions, 100_000 * rep) for rep in range(r)]
    med = statistics.median(statistics.median(x) for x in lat) * 1e3
    p95 = statistics.median(statistics.quantiles(x, n=20)[-1] for x in lat) * 1e3
    worst = statistics.median(max(x) for x in lat) * 1e3
    rows.append((f"deduce, cold, {args.positions} real positions: median ms", f"{med:.3f}", "", ""))
    rows.append(("deduce, cold: p95 ms", f"{p95:.3f}", "", "<= 1 ms"))
    rows.append(("deduce, cold: max ms", f"{worst:.3f}", "", ""))

    width = max(len(x[0]) for x in rows)
    print(f"median of {r} repeats, {n} four-player games each; CPU figures use time.process_time")
    print(f"{'figure':<{width}}  {'CPU':>10}  {'wall':>10}  target")
    for label, cpu, wall, target in rows:
        print(f"{label:<{width}}  {cpu:>10}  {wall:>10}  {target}")


if __name__ == "__main__":
    main()
