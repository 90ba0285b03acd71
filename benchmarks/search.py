"""SearchBot against GreedyBot: seeded 4-player Spite rounds, or seeded 2-player Spite and Malice
games, the search bot's seat rotating.

Run:  python benchmarks/search.py [--rounds 500] [--iterations 100] [--workers 2]
      python benchmarks/search.py --game malice [--preset common] [--games 500] [--iterations 30]
             [--horizon 2] [--prior 5] [--workers 2] [--first 0]

Round ``n`` is ``sr.new_game(4, seed=n)`` under the automatic referee, the search bot in seat
``n % 4`` against three greedy bots. The same seeds are also played by four greedy bots, so each
round gives a paired comparison: the place the search bot reached against the place a greedy bot
reached in the same seat with the same cards. Prints first-out rate and average place with 95%
confidence intervals (Wilson for rates, normal for means), the paired difference, and the search
bot's decision time per move (decisions with one move on offer are taken without searching and
are counted apart).

Spite and Malice (``--game malice``): game ``n`` (from ``--first``) is ``sm.new_game(2, seed=n)``
under the preset, SearchBot(seed=n) in seat ``n % 2`` against the preset's GreedyBot; the same
seed is also played by two greedy bots, pairing the search bot's result with a greedy bot's in the
same seat and deal. Prints the search bot's win rate (a draw counts half) with a 95% Wilson
interval on its wins, the paired greedy baseline, the pay-off cards each side had left, and the
decision time per searched move (wall clock and CPU).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import spite_rules as sr
from spite_rules.bots import GreedyBot, SearchBot, play_round

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bots import wilson  # noqa: E402  (the benchmarks' Wilson interval, benchmarks/bots.py)

PLAYERS = 4


class _Timed:
    """A bot whose decisions are timed (searching ones apart from single-move ones)."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.name = bot.name
        self.searched: list[float] = []
        self.cpu: list[float] = []
        self.forced = 0

    def choose(self, seen: Any, moves: Sequence[Any]) -> Any:
        if len(moves) == 1:
            self.forced += 1
            return moves[0]
        started, cpu = time.perf_counter(), time.process_time()
        move = self.bot.choose(seen, moves)
        self.searched.append(time.perf_counter() - started)
        self.cpu.append(time.process_time() - cpu)
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


def one_game(job: tuple[int, str, int, int | None, int, float]) -> tuple[float, float, int, int, int, list[float], list[float], int]:
    """Spite and Malice: (search bot's result, greedy's result in the same seat and deal, pay-off
    cards left to the search bot, to its greedy opponent, to the greedy bot in the paired game,
    wall and CPU decision times, forced moves)."""
    import spite_rules.malice as sm
    from spite_rules.bots import play_deal

    number, preset, iterations, horizon, prior, exploration = job
    seat = number % 2
    rules = sm.Rules.preset(preset)
    timed = _Timed(SearchBot(iterations=iterations, seed=number, horizon=horizon, prior=prior,
                                exploration=exploration))
    table: list[Any] = [timed if i == seat else sm.GreedyBot(i) for i in range(2)]
    state, _ = play_deal(sm.new_game(2, seed=number, rules=rules), table)
    baseline, _ = play_deal(sm.new_game(2, seed=number, rules=rules), [sm.GreedyBot(0), sm.GreedyBot(1)])

    def result(finished: Any) -> float:
        return 0.5 if finished.winner is None else float(finished.winner == seat)

    return (result(state), result(baseline), len(state.payoff[seat]), len(state.payoff[1 - seat]),
            len(baseline.payoff[seat]), timed.searched, timed.cpu, timed.forced)


def malice_main(args: argparse.Namespace) -> int:
    """The Spite and Malice report (see the module's docstring); ``--from-log`` reports the games
    a log holds instead of playing."""
    if args.from_log:
        with open(args.from_log, encoding="utf-8") as handle:
            logged = [tuple(json.loads(line)) for line in handle if line.strip()]
        args.games = len(logged)
        return report_malice(args, logged, 0.0)
    jobs = [(number, args.preset, args.iterations, args.horizon, args.prior, args.exploration)
            for number in range(args.first, args.first + args.games)]
    started = time.perf_counter()
    results = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for found in pool.imap(one_game, jobs):
            results.append(found)
            if log is not None:  # one line per game as it comes, for a run cut short
                log.write(json.dumps(found) + "\n")
                log.flush()
    if log is not None:
        log.close()
    elapsed = time.perf_counter() - started
    return report_malice(args, results, elapsed)


def report_malice(args: argparse.Namespace, results: list[Any], elapsed: float) -> int:
    """Print the Spite and Malice report of ``results`` (:func:`one_game`'s tuples)."""
    n = len(results)
    print(f"{n} two-player Spite and Malice games ({args.preset}, seeds {args.first}-{args.first + n - 1}), "
          f"SearchBot(iterations={args.iterations}, horizon={args.horizon}, prior={args.prior}, "
          f"exploration={args.exploration}) in seat n % 2 "
          f"against GreedyBot; {elapsed:.0f}s with {args.workers} worker(s)")
    print(f"{'seat played by':<30} {'wins':>5} {'draws':>5}  {'score, draw = 1/2 (95% CI)':<28} "
          f"{'wins of decided games (Wilson 95%)':<36} {'pay-off left (95% CI)':<22}")
    columns = (
        ("SearchBot", [r[0] for r in results], [float(r[2]) for r in results]),
        ("GreedyBot (same seeds, seat)", [r[1] for r in results], [float(r[4]) for r in results]),
    )
    for label, scores, left in columns:
        wins = sum(1 for v in scores if v == 1.0)
        draws = sum(1 for v in scores if v == 0.5)
        low, high = wilson(wins, n - draws) if n > draws else (0.0, 0.0)
        score, slow, shigh = mean_ci(scores)
        mean, mlow, mhigh = mean_ci(left)
        print(f"{label:<30} {wins:>5} {draws:>5}  {score:6.1%} ({slow:.1%}-{shigh:.1%})        "
              f"{wins / max(n - draws, 1):6.1%} ({low:.1%}-{high:.1%})              "
              f"{mean:5.2f} ({mlow:.2f}-{mhigh:.2f})")
    opponent, olow, ohigh = mean_ci([float(r[3]) for r in results])
    print(f"pay-off left to SearchBot's greedy opponents: {opponent:.2f} ({olow:.2f}-{ohigh:.2f})")
    diff = [r[0] - r[1] for r in results]
    mean, low, high = mean_ci(diff)
    print(f"paired result difference (search - greedy, same seed and seat): {mean:+.3f} (95% CI {low:+.3f} to {high:+.3f})")
    times = [t for r in results for t in r[5]]
    cpu = [t for r in results for t in r[6]]
    forced = sum(r[7] for r in results)
    if times:
        ordered = sorted(times)
        print(f"decision time per searched move: wall mean {statistics.fmean(times) * 1000:.0f} ms, "
              f"median {statistics.median(times) * 1000:.0f} ms, p95 {ordered[int(0.95 * (len(ordered) - 1))] * 1000:.0f} ms; "
              f"CPU mean {statistics.fmean(cpu) * 1000:.0f} ms, median {statistics.median(cpu) * 1000:.0f} ms; "
              f"{len(times)} moves ({len(times) / n:.1f} per game; {forced / n:.1f} more per game had one move)")
    return 0


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
    parser.add_argument("--game", choices=["spite", "malice"], default="spite")
    parser.add_argument("--preset", default="common", help="Spite and Malice's preset")
    parser.add_argument("--games", type=int, default=500, help="Spite and Malice games")
    parser.add_argument("--horizon", type=int, default=None, help="SearchBot's horizon (Spite and Malice: 2)")
    parser.add_argument("--prior", type=int, default=None, help="SearchBot's prior (Spite and Malice: 5)")
    parser.add_argument("--exploration", type=float, default=0.7, help="SearchBot's exploration constant")
    parser.add_argument("--from-log", default=None, help="Spite and Malice: report the games of a --log file")
    parser.add_argument("--log", default=None, help="Spite and Malice: append each game's result to this file")
    parser.add_argument("--first", type=int, default=0, help="Spite and Malice: the first game's seed")
    args = parser.parse_args(argv)
    if args.game == "malice":
        if args.iterations == 100 and "--iterations" not in (argv or sys.argv):
            args.iterations = 30
        args.horizon = 2 if args.horizon is None else args.horizon
        args.prior = 5 if args.prior is None else args.prior
        return malice_main(args)
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
