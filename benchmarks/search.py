"""SearchBot against GreedyBot: seeded 4-player Spite rounds, the search bot's seat rotating.

Run:  python benchmarks/search.py [--rounds 500] [--iterations 100] [--workers 2]

Round ``n`` is ``sr.new_game(4, seed=n)`` under the automatic referee, the search bot in seat
``n % 4`` against three greedy bots. The same seeds are also played by four greedy bots, so each
round gives a paired comparison: the place the search bot reached against the place a greedy bot
reached in the same seat with the same cards. Prints first-out rate and average place with 95%
confidence intervals (Wilson for rates, normal for means), the paired difference, and the search
bot's decision time per move (decisions with one move on offer are taken without searching and
are counted apart).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import time
from collections.abc import Sequence
from typing import Any

import spite_rules as sr
from spite_rules.bots import GreedyBot, SearchBot, play_round

PLAYERS = 4


class _Timed:
    """A bot whose decisions are timed (searching ones apart from single-move ones)."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.name = bot.name
        self.searched: list[float] = []
        self.forced = 0

    def choose(self, seen: Any, moves: Sequence[Any]) -> Any:
        if len(moves) == 1:
            self.forced += 1
            return moves[0]
        started = time.perf_counter()
        move = self.bot.choose(seen, moves)
        self.searched.append(time.perf_counter() - started)
        return move

    def wants_to_call(self, seen: Any, calls: Sequence[Any]) -> Any:
        return self.bot.wants_to_call(seen, calls)


def one_round(job: tuple[int, int]) -> tuple[int, int, list[float], int]:
    """(search bot's place, greedy's place in the same seat and deal, decision times, forced)."""
    number, iterations = job
    seat = number % PLAYERS
    rules = sr.Rules(referee=sr.Referee.AUTOMATIC)
    timed = _Timed(SearchBot(iterations=iterations, seed=number))
    table: list[Any] = [timed if i == seat else GreedyBot(i) for i in range(PLAYERS)]
    _, events = play_round(sr.new_game(PLAYERS, seed=number, rules=rules), table)
    over = events[-1]
    assert isinstance(over, sr.RoundOver)
    _, baseline = play_round(sr.new_game(PLAYERS, seed=number, rules=rules), [GreedyBot(i) for i in range(PLAYERS)])
    greedy_over = baseline[-1]
    assert isinstance(greedy_over, sr.RoundOver)
    return over.order.index(seat), greedy_over.order.index(seat), timed.searched, timed.forced


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def mean_ci(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal 95% interval."""
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(number, args.iterations) for number in range(args.rounds)]
    started = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            results = pool.map(one_round, jobs, chunksize=4)
    else:
        results = [one_round(job) for job in jobs]
    elapsed = time.perf_counter() - started
    n = len(results)
    search_places = [place + 1 for place, _, _, _ in results]
    greedy_places = [place + 1 for _, place, _, _ in results]
    times = [t for _, _, searched, _ in results for t in searched]
    forced = sum(f for _, _, _, f in results)
    print(f"{n} rounds of 4-player Spite, SearchBot({args.iterations} iterations) in a rotating seat "
          f"against 3 GreedyBots; {elapsed:.0f}s with {args.workers} worker(s)")
    print(f"{'seat played by':<28} {'first out (95% CI)':<26} {'average place of 4 (95% CI)':<28}")
    for label, places in (("SearchBot", search_places), ("GreedyBot (same seeds, seat)", greedy_places)):
        firsts = sum(1 for p in places if p == 1)
        low, high = wilson(firsts, n)
        mean, mlow, mhigh = mean_ci(places)
        print(f"{label:<28} {firsts / n:6.1%} ({low:.1%}-{high:.1%})    "
              f"{mean:.2f} ({mlow:.2f}-{mhigh:.2f})")
    diff = [s - g for s, g in zip(search_places, greedy_places)]
    mean, low, high = mean_ci(diff)
    print(f"paired place difference (search - greedy): {mean:+.2f} (95% CI {low:+.2f} to {high:+.2f})")
    if times:
        ordered = sorted(times)
        print(f"decision time per searched move: mean {statistics.fmean(times) * 1000:.0f} ms, "
              f"median {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {ordered[int(0.95 * (len(ordered) - 1))] * 1000:.0f} ms over {len(times)} moves "
              f"({len(times) / n:.1f} per round; {forced / n:.1f} more per round had one move)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
