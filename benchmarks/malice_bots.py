"""Spite and Malice: a bot against GreedyBot in seeded paired games, per preset.

Run:  python benchmarks/malice_bots.py [--bot strong] [--pairs 500] [--preset all] [--first 0]
                                      [--workers 2] [--ray [ADDRESS]] [--log pairs.jsonl]

Deal ``n`` (from ``--first``) is ``sm.new_game(2, seed=n)`` under the preset. It is played twice:
the bot in seat 0 against ``sm.GreedyBot`` in seat 1, then the same deal with the seats swapped, so
that the luck of the deal and of the seat cancels out. A game scores 1 for a win, ½ for a draw (the
stock ran out, a stalemate), 0 for a loss; a pair scores the mean of its two games. Prints, per
preset: the bot's score against the greedy bot with a 95% interval (normal, over the pairs'
scores: the pairs are independent, the two games of a pair are not), its wins, draws and losses,
the pay-off cards left to each side, and the bot's CPU time per move (mean, 95th percentile; moves
with one legal choice are not timed). ``--bot random`` gives the old GreedyBot-against-RandomBot
figures the other way round. ``--log`` appends each pair as a JSON line (and ``--from-log``
reports a log without playing). Games are spread over processes or Ray by
:func:`spite_rules.core.runners.map_games`.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import spite_rules.malice as sm
from spite_rules.bots import play_deal
from spite_rules.malice.simulation import SIMULATION_BOTS
from spite_rules.core.runners import map_games

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bots import Timed  # noqa: E402  (benchmarks/bots.py: a bot whose decisions are timed)


#: Pairs played (and logged) at a time.
CHUNK = 50


def play_pair(job: tuple[str, str, int]) -> dict[str, Any]:
    """Deal ``seed`` of ``preset`` played twice, ``bot`` in seat 0 then in seat 1 against the
    greedy bot: each game's score for the bot, pay-off cards left to it and to the greedy bot, how
    it ended, and the bot's CPU seconds per timed move."""
    bot_name, preset, seed = job
    rules = sm.Rules.preset(preset)
    games = []
    cpu: list[float] = []
    for seat in (0, 1):
        timed = Timed(SIMULATION_BOTS[bot_name](seed))
        table: list[Any] = [sm.GreedyBot(seed), sm.GreedyBot(seed)]
        table[seat] = timed
        state, events = play_deal(sm.new_game(2, seed=seed, rules=rules), table)
        score = 0.5 if state.winner is None else float(state.winner == seat)
        how = next((event.how for event in reversed(events) if isinstance(event, sm.GameOver)), "")
        games.append(dict(score=score, left=len(state.payoff[seat]), greedy_left=len(state.payoff[1 - seat]), how=how))
        cpu += timed.cpu
    return dict(preset=preset, seed=seed, bot=bot_name, games=games, cpu=cpu)


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% normal interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def report(pairs: Sequence[dict[str, Any]], seconds: float) -> str:
    """One preset's line of figures (see the module's docstring)."""
    scores = [statistics.fmean(game["score"] for game in pair["games"]) for pair in pairs]
    games = [game for pair in pairs for game in pair["games"]]
    wins = sum(game["score"] == 1 for game in games)
    draws = sum(game["score"] == 0.5 for game in games)
    mean, low, high = interval(scores)
    cpu = sorted(second for pair in pairs for second in pair["cpu"]) or [0.0]
    p95 = cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]
    left = statistics.fmean(game["left"] for game in games)
    greedy_left = statistics.fmean(game["greedy_left"] for game in games)
    return (f"{pairs[0]['preset']:12s} {len(pairs):5d} {mean:7.1%} ({low:.1%}-{high:.1%}) "
            f"{wins:5d}/{draws:4d}/{len(games) - wins - draws:4d} {left:6.1f} {greedy_left:6.1f} "
            f"{1000 * statistics.fmean(cpu):7.2f} {1000 * p95:7.2f} {seconds:7.0f}")


HEADER = (f"{'preset':12s} {'pairs':>5s} {'score (95% CI)':>22s} {'won/drawn/lost':>16s} "
          f"{'left':>6s} {'greedy':>6s} {'cpu ms':>7s} {'p95 ms':>7s} {'s':>7s}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="strong", choices=sorted(SIMULATION_BOTS))
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--preset", default="all", choices=sm.PRESETS + ("all",))
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS")
    parser.add_argument("--log", help="append each pair as a JSON line")
    parser.add_argument("--from-log", help="report the pairs a log holds instead of playing")
    args = parser.parse_args(argv)
    presets = sm.PRESETS if args.preset == "all" else (args.preset,)
    print(f"{args.bot} against GreedyBot, paired games (each deal played with the seats swapped)")
    print(HEADER)
    if args.from_log:
        with open(args.from_log, encoding="utf-8") as handle:
            logged = [json.loads(line) for line in handle if line.strip()]
        for preset in presets:
            found = [pair for pair in logged if pair["preset"] == preset and pair["bot"] == args.bot]
            if found:
                print(report(found, 0.0))
        return 0
    for preset in presets:
        started = time.perf_counter()
        jobs = [(args.bot, preset, seed) for seed in range(args.first, args.first + args.pairs)]
        pairs: list[dict[str, Any]] = []
        for chunk in range(0, len(jobs), CHUNK):  # logged a chunk at a time: a long run keeps its pairs
            found, _ = map_games(play_pair, jobs[chunk:chunk + CHUNK], workers=args.workers, ray=args.ray,
                                 progress=True)
            pairs += found
            if args.log:
                with open(args.log, "a", encoding="utf-8") as handle:
                    for pair in found:
                        handle.write(json.dumps(pair) + "\n")
        print(report(pairs, time.perf_counter() - started), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
