"""Greedy against random: the greedy bot's results over seeded 4-player rounds.

Run:  python benchmarks/bots.py [ROUNDS]     (default 1000; the greedy bot's seat rotates)
"""

from __future__ import annotations

import sys
import time

import spite_rules as sr
from spite_rules.bots import GreedyBot, RandomBot, play_round


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    firsts = places = 0
    started = time.perf_counter()
    for number in range(rounds):
        seat = number % 4
        table = [GreedyBot(number) if i == seat else RandomBot(number * 10 + i) for i in range(4)]
        state = sr.new_game(4, seed=number, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
        state, events = play_round(state, table)
        over = events[-1]
        assert isinstance(over, sr.RoundOver)
        place = over.order.index(seat)
        firsts += place == 0
        places += place + 1
    elapsed = time.perf_counter() - started
    print(f"{rounds} rounds, greedy vs 3 random bots, in {elapsed:.1f}s")
    print(f"greedy first out: {firsts / rounds:.1%} (a random seat: 25%)")
    print(f"greedy average place: {places / rounds:.2f} of 4 (a random seat: 2.50)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
