"""How many moves a seat has to choose from: the measurement behind the RL action bound.

Run:  python benchmarks/rl_actions.py [ROUNDS]     (default 400 rounds per table)

Plays seeded rounds (3, 4, 6 and 9 players; random bots, greedy bots, and a mix) and counts, at
every decision of the seat to act, the moves the RL environment indexes (its own moves, calls
excluded). Prints the distribution, the largest count seen, and the fraction of decisions that
exceed each candidate bound, among them the bound the environment uses
(``spite_rules.rl.ACTION_BOUND``).
"""

from __future__ import annotations

import sys
from collections import Counter

import spite_rules as sr
from spite_rules.bots import GreedyBot, RandomBot, next_bot_action
from spite_rules.rl.actions import ACTION_BOUND, turn_moves


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    counts: Counter[int] = Counter()
    for players in (3, 4, 6, 9):
        for number in range(rounds):
            kind = number % 3
            table = [
                RandomBot(number * 10 + seat) if kind == 0 or (kind == 2 and seat % 2) else GreedyBot(seat)
                for seat in range(players)
            ]
            state = sr.new_game(players, seed=number, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
            while not state.round_over:
                counts[len(turn_moves(state))] += 1
                action = next_bot_action(state, table)
                assert action is not None
                state, _ = sr.apply(state, action)
    total = sum(counts.values())
    ordered = sorted(counts.elements())
    print(f"{total} decisions over {4 * rounds} rounds (3, 4, 6, 9 players; random, greedy, mixed)")
    for q in (0.5, 0.9, 0.99, 0.999):
        print(f"  {q:.1%} of decisions have at most {ordered[int(q * (total - 1))]} moves")
    print(f"  largest: {ordered[-1]} moves")
    for bound in (64, 128, 256, ACTION_BOUND, 1024):
        over = sum(count for size, count in counts.items() if size > bound)
        mark = "  <- ACTION_BOUND" if bound == ACTION_BOUND else ""
        print(f"  more than {bound:>4}: {over} decisions ({over / total:.4%}){mark}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
