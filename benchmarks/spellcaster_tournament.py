"""SpellCaster bot tournament: every pairing of bots, both seat orders, two players.

Run: ``.venv/bin/python benchmarks/spellcaster_tournament.py --games 300`` (games per pairing,
half in each seat order). Per pairing it prints each bot's wins (a shared win at the round limit
counts half to each), how the games ended (last one standing, round limit, draw), the mean
number of rounds, how often each bot's own familiar struck it, and how many round-limit wins
went to the bot that had lost more Life Force squares (the limit's tie-break reads Life Force
left, not squares lost).
"""
from __future__ import annotations

import argparse
import itertools
import time
from collections import Counter

from towerlib.core.bots import play
from towerlib.spellcaster import new_game
from towerlib.spellcaster.bots import BOTS, make_bot


def one_game(names: tuple[str, str], seed: int, swapped: bool) -> dict:
    """One game; winners and self-strikes by role (0: the pairing's first bot, 1: its second)."""
    game = new_game(2, seed=seed)
    outcome = play(game, [make_bot(names[0], seed=seed), make_bot(names[1], seed=seed + 1)])
    role = (lambda seat: 1 - seat) if swapped else (lambda seat: seat)
    own = Counter()
    for kind, seat, data in game.events:
        if kind == "strike" and seat is not None and seat in data["struck"]:
            own[role(seat)] += 1
    lost = [game.max_life(s) - game.scores[s] for s in range(2)]
    winners = outcome.winners
    return {"winners": [role(w) for w in winners], "reason": outcome.reason, "rounds": game.round,
            "own": own, "worse_won": outcome.reason == "round_limit" and len(winners) == 1
            and lost[winners[0]] > lost[1 - winners[0]]}


def pairing(a: str, b: str, games: int, seed: int) -> dict:
    wins, reasons, own, rounds, worse = Counter(), Counter(), Counter(), 0, 0
    for i in range(games):
        names = (a, b) if i % 2 == 0 else (b, a)
        r = one_game(names, seed + i, swapped=i % 2 == 1)
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
        reasons[r["reason"]] += 1
        own.update(r["own"])
        rounds += r["rounds"]
        worse += r["worse_won"]
    return {"wins": wins, "reasons": reasons, "own": own, "rounds": rounds / games, "worse": worse}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per pairing (half in each seat order)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", nargs="*", default=list(BOTS))
    args = parser.parse_args()
    print(f"| pairing (A vs B) | A wins | B wins | last standing | round limit | draw | rounds | "
          f"A self-strikes/game | B self-strikes/game | limit won by the bigger loser |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for a, b in itertools.combinations_with_replacement(args.bots, 2):
        start = time.process_time()
        r = pairing(a, b, args.games, args.seed)
        n = args.games
        print(f"| {a} vs {b} | {r['wins'][0] / n:.1%} | {r['wins'][1] / n:.1%} | "
              f"{r['reasons']['last_standing']} | {r['reasons']['round_limit']} | {r['reasons']['draw']} | "
              f"{r['rounds']:.1f} | {r['own'][0] / n:.2f} | {r['own'][1] / n:.2f} | {r['worse']} |"
              f"  <!-- {time.process_time() - start:.0f} s CPU -->", flush=True)


if __name__ == "__main__":
    main()
