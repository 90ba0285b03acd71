"""OpenSpiel's bots against the library's: ISMCTS and MCTS (``spite_rules.openspiel.bots``) against
GreedyBot and SearchBot, seeded games of every Spite and Malice preset and both Spite rulesets.

Run:  python benchmarks/openspiel_bots.py [--games 40] [--simulations 100] [--spite-simulations 25]
             [--search-iterations 20]
             [--tables malice:common,malice:book,...] [--workers 2] [--output FILE.jsonl]
      python benchmarks/openspiel_bots.py --summarise FILE.jsonl

Table ``malice:PRESET`` is two-player Spite and Malice under the preset; ``spite:RULESET``
(``000`` or ``2023-07``) is four-player Spite under the automatic referee. In game ``n`` (from 0),
dealt with seed ``n``, the OpenSpiel bot (seeded ``n``) sits in seat ``n % players`` and every
other seat is the opponent: the game's GreedyBot, or SearchBot(iterations, seed=n*10+seat) (in Spite and
Malice with ``horizon=2, prior=5``, the settings of benchmarks/search.py). The OpenSpiel bots score
leaves by the estimate in Spite and Malice and by one random rollout in Spite (see
``spite_rules.openspiel.bots``), at ``--simulations`` and ``--spite-simulations`` per decision.
Prints, for each table, bot and opponent: games, the OpenSpiel bot's wins (first out in Spite; the
winning side in Spite and Malice), draws (Spite and Malice's stock run out or stalemate), its win
rate with a 95% Wilson interval, its mean return (``2 * returns - 1``, +1 first, -1 last) and the
seconds per game. docs/research.md's "OpenSpiel's bots" section gives a run's figures.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import wilson  # noqa: E402  (the benchmarks' Wilson interval)

TABLES = ("malice:common", "malice:book", "malice:jacks", "malice:three_decks", "spite:000", "spite:2023-07")
BOTS = ("ismcts", "mcts")
OPPONENTS = ("greedy", "search")


def _table(name: str) -> tuple[str, Any, int]:
    """(game name, rules, players) of a table's name."""
    game_name, _, rules_name = name.partition(":")
    if game_name == "malice":
        import spite_rules.malice as sm

        return "malice", sm.Rules.preset(rules_name), 2
    import spite_rules as sr

    return "spite", sr.Rules.ruleset(rules_name, referee=sr.Referee.AUTOMATIC), 4


def play(job: tuple[str, str, str, int, int, int]) -> dict[str, Any]:
    """Play game ``n`` of one table, bot and opponent; its result for the OpenSpiel bot's seat."""
    table, kind, opponent, n, simulations, search_iterations = job
    from spite_rules.bots import SearchBot, play_deal
    from spite_rules.core.engine import game
    from spite_rules.openspiel.bots import OpenSpielBot
    from spite_rules.core.research import returns

    game_name, rules, players = _table(table)
    played = game(game_name)
    seat = n % players
    bots: list[Any] = []
    for other in range(players):
        if other == seat:
            bots.append(OpenSpielBot(game_name, kind, n, simulations=simulations))
        elif opponent == "greedy":
            rollout = getattr(played, "rollout_bot", None)
            if rollout is not None:
                bots.append(rollout(n * 10 + other))
            else:
                from spite_rules.bots import GreedyBot

                bots.append(GreedyBot())
        else:
            tuned = {"horizon": 2, "prior": 5} if game_name == "malice" else {}
            bots.append(SearchBot(iterations=search_iterations, seed=n * 10 + other, **tuned))
    started = time.perf_counter()
    state, _ = play_deal(played.new_game(players, seed=n, rules=rules), bots)
    result = returns(state)
    best = max(result)
    drawn = game_name == "malice" and len(set(result)) == 1
    return {
        "table": table, "bot": kind, "opponent": opponent, "game": n, "seat": seat,
        "win": (not drawn) and result[seat] == best, "draw": drawn, "return": 2 * result[seat] - 1,
        "seconds": time.perf_counter() - started,
    }


def summary(results: list[dict[str, Any]]) -> list[str]:
    """One line per table, bot and opponent."""
    lines = [f"{'table':<20} {'bot':<7} {'opponent':<9} {'games':>5} {'wins':>5} {'draws':>5} "
             f"{'win rate (95% Wilson)':<24} {'mean return':>11} {'s/game':>7}"]
    keys = sorted({(r["table"], r["bot"], r["opponent"]) for r in results},
                  key=lambda key: (TABLES.index(key[0]) if key[0] in TABLES else 99, key[1], key[2]))
    for table, kind, opponent in keys:
        rows = [r for r in results if (r["table"], r["bot"], r["opponent"]) == (table, kind, opponent)]
        games = len(rows)
        wins = sum(r["win"] for r in rows)
        draws = sum(r["draw"] for r in rows)
        low, high = wilson(wins, games)
        low, high = max(0.0, low), min(1.0, high)  # the formula's rounding at 0 and 1
        mean = sum(r["return"] for r in rows) / games
        seconds = sum(r["seconds"] for r in rows) / games
        lines.append(f"{table:<20} {kind:<7} {opponent:<9} {games:>5} {wins:>5} {draws:>5} "
                     f"{wins / games:>6.1%} [{low:.1%}, {high:.1%}]{'':<3} {mean:>+11.3f} {seconds:>7.1f}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per table, bot and opponent")
    parser.add_argument("--first", type=int, default=0, help="the first game's seed (to continue an earlier run's seeds)")
    parser.add_argument("--simulations", type=int, default=100,
                        help="the OpenSpiel bots' simulations per decision in Spite and Malice")
    parser.add_argument("--spite-simulations", type=int, default=25, help="the OpenSpiel bots' simulations in Spite")
    parser.add_argument("--search-iterations", type=int, default=20, help="SearchBot's iterations per decision")
    parser.add_argument("--tables", default=",".join(TABLES))
    parser.add_argument("--bots", default=",".join(BOTS))
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--output", default=None, help="write every game's result (JSON lines, as they finish)")
    parser.add_argument("--summarise", default=None, metavar="FILE", help="print the summary of a file --output wrote")
    args = parser.parse_args(argv)
    if args.summarise:
        with open(args.summarise, encoding="utf-8") as saved:
            print("\n".join(summary([json.loads(line) for line in saved if line.strip()])))
        return
    jobs = [
        (table, kind, opponent, n, args.spite_simulations if table.startswith("spite") else args.simulations,
         args.search_iterations)
        for n in range(args.first, args.first + args.games)
        for table in args.tables.split(",")
        for kind in args.bots.split(",")
        for opponent in args.opponents.split(",")
    ]
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    out = open(args.output, "a", encoding="utf-8") if args.output else None
    with multiprocessing.Pool(args.workers) as pool:
        for result in pool.imap_unordered(play, jobs):
            results.append(result)
            if out is not None:
                out.write(json.dumps(result) + "\n")
                out.flush()
    if out is not None:
        out.close()
    print(f"{len(results)} games in {time.perf_counter() - started:.0f} s; OpenSpiel bots at {args.simulations} "
          f"simulations ({args.spite_simulations} in Spite), SearchBot at {args.search_iterations} iterations")
    print("\n".join(summary(results)))


if __name__ == "__main__":
    main()
