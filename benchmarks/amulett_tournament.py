"""Das Amulett bot tournament: every pairing of two bots, both seat orders, with how games end.

Run: ``.venv/bin/python benchmarks/amulett_tournament.py --games 300`` (``--players 4``,
``--bots random greedy planner``). Each pairing plays ``games`` 4-player games, half with the
first bot in seats 1 and 3 and half in seats 2 and 4, on the same seeds. A game's win is split
among its winners; the table gives each bot's share of wins, how games ended (7 colours,
8 jewels, the round limit), mean rounds, and the jewel defaults (bids its bidder could not pay)
per game of each bot, so a bot that bluffs itself into defaults shows.
"""
from __future__ import annotations

import argparse
import itertools
import time
from collections import Counter

from towerlib.amulett import new_game
from towerlib.amulett.bots import BOTS, make_bot
from towerlib.core.bots import play


def pairing(a: str, b: str, games: int, players: int, seed: int) -> dict:
    wins = Counter()
    defaults = Counter()
    reasons = Counter()
    rounds = 0
    for k in range(games):
        flip = k % 2
        names = [(a, b)[(s + flip) % 2] for s in range(players)]
        game = new_game(players=players, seed=seed + k // 2)
        bots = [make_bot(n, seed=seed * 7 + 31 * k + s) for s, n in enumerate(names)]
        outcome = play(game, bots)
        for w in outcome.winners:
            wins[names[w]] += 1 / len(outcome.winners)
        for e in game.events:
            if e.kind == "default":
                defaults[names[e.seat]] += 1
        reasons[outcome.reason.rsplit(".", 1)[-1]] += 1
        rounds += game.round
    return {"wins": wins, "defaults": defaults, "reasons": reasons, "rounds": rounds / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", nargs="+", default=list(BOTS))
    args = parser.parse_args()
    print(f"| pairing (A vs B) | A wins | B wins | 7 colours | 8 jewels | round limit | mean rounds | "
          f"A defaults/game | B defaults/game |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for a, b in itertools.combinations(args.bots, 2):
        start = time.process_time()
        r = pairing(a, b, args.games, args.players, args.seed)
        n = args.games
        print(f"| {a} vs {b} | {r['wins'][a] / n:.1%} | {r['wins'][b] / n:.1%} | {r['reasons']['colours'] / n:.0%} | "
              f"{r['reasons']['jewels'] / n:.0%} | {r['reasons']['round_limit'] / n:.0%} | {r['rounds']:.1f} | "
              f"{r['defaults'][a] / n:.2f} | {r['defaults'][b] / n:.2f} |  ({time.process_time() - start:.0f} s CPU)",
              flush=True)


if __name__ == "__main__":
    main()
