"""Spite and Malice: GreedyBot against RandomBot, 1,000 seeded two-player games per preset.

Run:  python benchmarks/malice_bots.py [--games 1000]

Game ``g`` is ``sm.new_game(2, seed=g)`` with GreedyBot in seat ``g % 2`` (seats alternate) and
RandomBot(seed=g) in the other. Prints, per preset: GreedyBot's wins, RandomBot's wins and draws
(the stock ran out or a stalemate with no winner), GreedyBot's win rate with a 95% Wilson interval,
and the average pay-off cards left to each bot at the end.
"""

from __future__ import annotations

import argparse
import math
import time

import spite_rules.malice as sm
from spite_rules.bots import RandomBot, play_deal


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 0.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def run(preset: str, games: int) -> dict[str, float]:
    rules = sm.Rules.preset(preset)
    greedy = random_ = draws = 0
    left_greedy = left_random = 0
    for seed in range(games):
        seat = seed % 2
        bots: list[object] = [RandomBot(seed), RandomBot(seed)]
        bots[seat] = sm.GreedyBot(seed)
        state, _ = play_deal(sm.new_game(2, seed=seed, rules=rules), bots)
        if state.winner is None:
            draws += 1
        elif state.winner == seat:
            greedy += 1
        else:
            random_ += 1
        left_greedy += len(state.payoff[seat])
        left_random += len(state.payoff[1 - seat])
    low, high = wilson(greedy, games)
    return dict(greedy=greedy, random=random_, draws=draws, rate=greedy / games, low=low, high=high,
                left_greedy=left_greedy / games, left_random=left_random / games)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    options = parser.parse_args()
    print(f"GreedyBot vs RandomBot, {options.games} seeded 2-player games per preset, seats alternating")
    print(f"{'preset':12s} {'greedy':>6s} {'random':>6s} {'draws':>6s} {'greedy win rate (95% CI)':>26s} "
          f"{'pay-off left greedy/random':>27s} {'s':>6s}")
    for preset in sm.PRESETS:
        start = time.perf_counter()
        r = run(preset, options.games)
        print(f"{preset:12s} {r['greedy']:6.0f} {r['random']:6.0f} {r['draws']:6.0f} "
              f"{r['rate']:9.1%} ({r['low']:.1%}-{r['high']:.1%})      "
              f"{r['left_greedy']:12.1f} / {r['left_random']:<12.1f} {time.perf_counter() - start:6.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
