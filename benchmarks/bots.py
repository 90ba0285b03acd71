"""Spite: a bot against GreedyBot in seeded paired rounds, per table size and ruleset.

Run:  python benchmarks/bots.py [--bot search] [--iterations 20] [--common] [--prior 0] [--deals 50]
                                [--first 0] [--players 3,4,6,9] [--ruleset all] [--workers 2] [--ray [ADDRESS]]
      python benchmarks/bots.py --bot greedy --against random    (the old greedy-against-random figures)

``--common`` makes the search bot's search flat, on common random numbers, and ``--prior`` credits
the greedy bot's choice (:class:`spite_rules.bots.SearchBot`'s ``common`` and ``prior``).
Deal ``n`` (from ``--first``) of a table size is ``sr.new_game(players, seed=n)`` under the ruleset and the automatic
referee, the bot in seat ``n % players`` and greedy bots (``--against``) in the others. The same
deal is also played by greedy bots alone, so each deal pairs the bot's finishing place with a greedy
bot's in the same seat and cards. Prints, per table size and ruleset: the bot's first-out rate
(Wilson 95% interval) beside the greedy bot's in the same seats, its average place beside the
greedy bot's, and the paired place difference (bot − greedy; negative is better) with a 95% normal
interval; and the bot's CPU time per searched move. Rounds are spread over processes or Ray by
:func:`spite_rules.core.runners.map_games`.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from typing import Any

import spite_rules as sr
from spite_rules.bots import BOTS, SearchBot, play_round
from spite_rules.core.runners import map_games

RULESETS = ("000", "2023-07")


def wilson(hits: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate."""
    if total == 0:
        return 0.0, 0.0
    rate = hits / total
    centre = (rate + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(rate * (1 - rate) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return centre - half, centre + half


class Timed:
    """A bot whose decisions with more than one move on offer are timed (CPU seconds)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.cpu: list[float] = []

    def choose(self, seen: Any, moves: Sequence[Any]) -> Any:
        if len(moves) == 1:
            return moves[0]
        started = time.process_time()
        move = self.bot.choose(seen, moves)
        self.cpu.append(time.process_time() - started)
        return move

    def wants_to_call(self, seen: Any, calls: Sequence[Any]) -> Any:
        return self.bot.wants_to_call(seen, calls)


#: How the search bot searches: (iterations, common random numbers, prior).
Search = tuple[int, bool, int]


def _make(name: str, seed: int, search: Search) -> Any:
    iterations, common, prior = search
    return SearchBot(iterations=iterations, seed=seed, common=common, prior=prior) if name == "search" else BOTS[name](seed)


def play_deal(job: tuple[str, str, Search, str, int, int]) -> tuple[int, int, list[float]]:
    """(the bot's place, the greedy bot's place in the same seat and deal, CPU per timed move)."""
    bot, against, search, ruleset, players, seed = job
    rules = sr.Rules.ruleset(ruleset, referee=sr.Referee.AUTOMATIC)
    seat = seed % players
    timed = Timed(_make(bot, seed, search))
    table: list[Any] = [timed if other == seat else _make(against, seed * 10 + other, search) for other in range(players)]
    _, events = play_round(sr.new_game(players, seed=seed, rules=rules), table)
    baseline = [_make(against, seed * 10 + other, search) for other in range(players)]
    baseline[seat] = _make("greedy", seed * 10 + seat, search)
    _, paired = play_round(sr.new_game(players, seed=seed, rules=rules), baseline)

    def place(found: Sequence[Any]) -> int:
        over = next(event for event in reversed(found) if isinstance(event, sr.RoundOver))
        return list(over.order).index(seat)

    return place(events), place(paired), timed.cpu


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="search", choices=sorted({*BOTS, "search"}))
    parser.add_argument("--against", default="greedy", choices=sorted(BOTS))
    parser.add_argument("--iterations", type=int, default=20, help="the search bot's iterations a move")
    parser.add_argument("--common", action="store_true", help="a flat search on common random numbers")
    parser.add_argument("--prior", type=int, default=0, help="iterations credited to the greedy bot's choice")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--players", default="3,4,6,9")
    parser.add_argument("--ruleset", default="all", choices=(*RULESETS, "all"))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS")
    args = parser.parse_args(argv)
    rulesets = RULESETS if args.ruleset == "all" else (args.ruleset,)
    search = (args.iterations, args.common, args.prior)
    print(f"{args.bot} (iterations {args.iterations}, common {args.common}, prior {args.prior}) against "
          f"{args.against}, {args.deals} paired deals each (from {args.first})")
    print(f"{'ruleset':8s} {'seats':>5s} {'first out (95% CI)':>22s} {'greedy':>7s} {'place':>6s} {'greedy':>7s} "
          f"{'paired difference (95% CI)':>28s} {'cpu ms':>7s} {'p95':>7s}")
    for ruleset in rulesets:
        for players in (int(count) for count in args.players.split(",")):
            jobs = [(args.bot, args.against, search, ruleset, players, seed)
                    for seed in range(args.first, args.first + args.deals)]
            results, _ = map_games(play_deal, jobs, workers=args.workers, ray=args.ray, progress=True)
            places = [mine for mine, _, _ in results]
            greedy = [theirs for _, theirs, _ in results]
            firsts = sum(place == 0 for place in places)
            low, high = wilson(firsts, len(places))
            differences = [mine - theirs for mine, theirs in zip(places, greedy)]
            mean = statistics.fmean(differences)
            half = 1.96 * statistics.stdev(differences) / math.sqrt(len(differences)) if len(differences) > 1 else 0.0
            cpu = sorted(second for _, _, seconds in results for second in seconds) or [0.0]
            print(f"{ruleset:8s} {players:5d} {firsts / len(places):7.1%} ({low:.1%}-{high:.1%}) "
                  f"{sum(place == 0 for place in greedy) / len(greedy):7.1%} {statistics.fmean(places) + 1:6.2f} "
                  f"{statistics.fmean(greedy) + 1:7.2f} {mean:+10.2f} ({mean - half:+.2f} to {mean + half:+.2f}) "
                  f"{1000 * statistics.fmean(cpu):7.1f} {1000 * cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]:7.1f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
