"""A rated ladder of every bot: round robins per game and preset, rated with OpenSkill.

Run:  python benchmarks/ladder.py [--game all] [--preset all] [--deals 2] [--leave-out NAMES]
                                  [--workers 2] [--ray [ADDRESS]] [--markdown docs/ladder.md] [--plot docs/ladder.png]
      (needs the ``ladder`` extra: ``pip install -e ".[ladder]"``, OpenSkill and matplotlib)

The roster, per game (:func:`roster`):

- Spite and Malice: ``random``, ``greedy``, ``search-5`` and ``search-15`` (the information-set
  search at 5 and 15 iterations a move, horizon 2 turns, prior 5), ``strong`` (the turn planner,
  :class:`spite_rules.malice.planner.PlannerBot`);
- Spite: ``random``, ``greedy``, ``search-10`` and ``search-40`` (the search bot at 10 and 40
  iterations), and ``Fallible`` greedy bots misplaying at 5% and 20% of their turns
  (``fallible-5``, ``fallible-20``); the strong Spite bot is the search bot with more iterations.
  Spite is played under the automatic referee (:data:`SPITE_REFEREE`): a misplay's penalties
  apply at once under either referee (ruling R27), and OpenSpiel's Spite game takes no other;
- OpenSpiel's bots, where ``spite_rules.openspiel.bots.ladder_bots(game)`` imports (the
  ``openspiel`` extra): each name it gives, as it gives it.

``--leave-out`` takes bots off the roster by name (comma-separated), for a cheaper run.

Every pair of Spite and Malice bots plays ``--deals`` deals of each preset twice, the seats swapped
(deal ``n`` is ``sm.new_game(2, seed=n)``); every four Spite bots play ``--deals`` deals of each
ruleset (``sr.new_game(4, seed=n)``) four times, the seats rotated, so that each bot of the table
plays each seat's cards once: a bot's place then measures the bot, not the seat it was dealt (with
one seating per deal, the bot listed last held the same seat's cards at every table of a deal, and
a few lucky deals made a misplaying greedy bot look stronger than the greedy bot: see
docs/research.md's ladder). A game is the unit of work,
spread over processes or Ray by :func:`spite_rules.core.runners.map_games`, the results in game
order whichever way they ran, so the ratings are too. Each game updates the players' OpenSkill
ratings (Plackett-Luce: a win and a loss, or a draw; Spite's finishing order) in game order; a
bot's interval is its rating ± 1.96 standard deviations of the rating's posterior. Also printed: each
bot's score against ``greedy`` in their head-to-head games (win 1, draw ½; Spite: the share of the
pair's games it finished ahead) with a 95% normal interval.
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import spite_rules as sr
import spite_rules.malice as sm
from spite_rules.bots import Fallible, GreedyBot, RandomBot, SearchBot, next_table_action
from spite_rules.malice.planner import PlannerBot
from spite_rules.core.runners import map_games

#: The ladder's games and, for each, its presets (Spite: its rulesets).
PRESETS: dict[str, tuple[str, ...]] = {"malice": tuple(sm.PRESETS), "spite": ("000", "2023-07")}

#: The referee of the ladder's Spite rounds.
SPITE_REFEREE = sr.Referee.AUTOMATIC


def _malice_search(iterations: int) -> Callable[[int], Any]:
    return lambda seed: SearchBot(iterations=iterations, seed=seed, horizon=2, prior=5)


def _fallible(rate: float) -> Callable[[int], Any]:
    return lambda seed: Fallible(GreedyBot(seed), misplay_rate=rate, call_rate=0.5, seed=seed)


def _openspiel(game: str) -> dict[str, Callable[[int], Any]]:
    """OpenSpiel's bots for ``game``, where the ``openspiel`` extra and its adapter are installed."""
    try:
        from spite_rules.openspiel.bots import ladder_bots  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return {}
    return dict(ladder_bots(game))


def roster(game: str) -> dict[str, Callable[[int], Any]]:
    """The bots of ``game``'s ladder, by name, each made from a seed.

    >>> {"random", "greedy", "search-5", "search-15", "strong"} <= set(roster("malice"))
    True
    """
    if game == "malice":
        bots: dict[str, Callable[[int], Any]] = {
            "random": RandomBot, "greedy": sm.GreedyBot, "search-5": _malice_search(5),
            "search-15": _malice_search(15), "strong": PlannerBot,
        }
    else:
        bots = {
            "random": RandomBot, "greedy": GreedyBot,
            "search-10": lambda seed: SearchBot(iterations=10, seed=seed),
            "search-40": lambda seed: SearchBot(iterations=40, seed=seed),
            "fallible-5": _fallible(0.05), "fallible-20": _fallible(0.2),
        }
    bots.update(_openspiel(game))
    return bots


def play(job: tuple[str, str, tuple[str, ...], int]) -> tuple[str, str, tuple[str, ...], tuple[int, ...]]:
    """One ladder game: ``(game, preset, the bots by seat, seed)`` → the same with each seat's rank
    (0 first; equal ranks for a draw)."""
    game, preset, names, seed = job
    makers = roster(game)
    bots = [makers[name](seed * 31 + seat) for seat, name in enumerate(names)]
    state: Any
    if game == "malice":
        state = sm.new_game(2, seed=seed, rules=sm.Rules.preset(preset))
    else:
        state = sr.new_game(len(names), seed=seed, rules=sr.Rules.ruleset(preset, referee=SPITE_REFEREE))
    played = sr.game(game)
    order: tuple[int, ...] = ()
    while not played.is_over(state):
        action = next_table_action(state, bots)
        if action is None:
            break
        state, events = played.apply(state, action)
        order = next((tuple(event.order) for event in events if isinstance(event, sr.RoundOver)), order)
    if game == "malice":
        ranks = tuple(0 if state.winner in (None, seat) else 1 for seat in range(len(names)))
    else:
        ranks = tuple(order.index(seat) for seat in range(len(names)))
    return game, preset, names, ranks


def jobs_for(game: str, preset: str, deals: int, names: Sequence[str]) -> list[tuple[str, str, tuple[str, ...], int]]:
    """The round robin: Spite and Malice, every pair on each deal twice (seats swapped); Spite,
    every four bots on each deal four times, the seats rotated (each bot in each seat once).

    >>> len(jobs_for("malice", "common", 2, ["a", "b", "c"]))
    12
    >>> [names for _, _, names, _ in jobs_for("spite", "000", 1, ["a", "b", "c", "d"])][:2]
    [('a', 'b', 'c', 'd'), ('b', 'c', 'd', 'a')]
    """
    jobs: list[tuple[str, str, tuple[str, ...], int]] = []
    if game == "malice":
        for first, second in itertools.combinations(names, 2):
            for seed in range(deals):
                jobs += [(game, preset, (first, second), seed), (game, preset, (second, first), seed)]
    else:
        for table in itertools.combinations(names, 4):
            for seed in range(deals):
                jobs += [(game, preset, table[turn:] + table[:turn], seed) for turn in range(4)]
    return jobs


def rate(results: Sequence[tuple[str, str, tuple[str, ...], tuple[int, ...]]]) -> dict[str, dict[str, float]]:
    """Each bot's OpenSkill rating over ``results`` in order (mu, sigma, the 95% interval), its
    games, and its score against ``greedy`` head to head with a 95% interval."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    games: dict[str, int] = {}
    against: dict[str, list[float]] = {}
    for _, _, names, ranks in results:
        teams = [[ratings.setdefault(name, model.rating(name=name))] for name in names]
        rated = model.rate(teams, ranks=list(ranks))
        for name, (player,) in zip(names, rated):
            ratings[name] = player
            games[name] = games.get(name, 0) + 1
        if "greedy" in names:
            mine = ranks[names.index("greedy")]
            for name, rank in zip(names, ranks):
                if name != "greedy":
                    against.setdefault(name, []).append(1.0 if rank < mine else 0.5 if rank == mine else 0.0)
    table: dict[str, dict[str, float]] = {}
    for name, player in ratings.items():
        scores = against.get(name, [])
        mean = statistics.fmean(scores) if scores else math.nan
        half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else math.nan
        table[name] = dict(mu=player.mu, sigma=player.sigma, low=player.mu - 1.96 * player.sigma,
                           high=player.mu + 1.96 * player.sigma, games=games[name],
                           vs_greedy=mean, vs_low=max(0.0, mean - half), vs_high=min(1.0, mean + half))
    return table


def markdown(ladders: dict[tuple[str, str], dict[str, dict[str, float]]], command: str) -> str:
    """The ladder tables (one per game and preset), best rating first."""
    lines = [f"Remade by `{command}`.", ""]
    for (game, preset), table in ladders.items():
        lines += [f"**{'Spite' if game == 'spite' else 'Spite and Malice'}, {preset}**", "",
                  "| bot | rating (95% interval) | games | score against greedy (95% CI) |", "|---|---|---|---|"]
        for name, row in sorted(table.items(), key=lambda item: -item[1]["mu"]):
            against = "—" if name == "greedy" or math.isnan(row["vs_greedy"]) else (
                f"{row['vs_greedy']:.0%} ({row['vs_low']:.0%}–{row['vs_high']:.0%})")
            lines.append(f"| {name} | {row['mu']:.1f} ({row['low']:.1f}–{row['high']:.1f}) | {row['games']:.0f} | {against} |")
        lines.append("")
    return "\n".join(lines)


def plot(ladders: dict[tuple[str, str], dict[str, dict[str, float]]], path: str) -> None:
    """Ratings with their intervals, one panel per game and preset, saved as PNG at ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = list(ladders.items())
    columns = min(3, len(panels))
    rows = math.ceil(len(panels) / columns)
    figure, axes = plt.subplots(rows, columns, figsize=(4.6 * columns, 3.2 * rows), squeeze=False)
    for axis, ((game, preset), table) in zip(axes.flat, panels):
        ordered = sorted(table.items(), key=lambda item: item[1]["mu"])
        names = [name for name, _ in ordered]
        mus = [row["mu"] for _, row in ordered]
        errors = [1.96 * row["sigma"] for _, row in ordered]
        axis.errorbar(mus, range(len(names)), xerr=errors, fmt="o", capsize=3)
        axis.set_yticks(range(len(names)), names)
        axis.set_title(f"{'Spite' if game == 'spite' else 'Spite and Malice'}: {preset}", fontsize=10)
        axis.set_xlabel("OpenSkill rating (95% interval)")
        axis.grid(axis="x", alpha=0.3)
    for axis in list(axes.flat)[len(panels):]:
        axis.axis("off")
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all", choices=("all", *PRESETS))
    parser.add_argument("--preset", default="all", help="presets (Spite: rulesets), comma-separated, or all")
    parser.add_argument("--deals", type=int, default=2, help="deals per pairing (Spite: per table)")
    parser.add_argument("--leave-out", default="", help="bots to take off the roster, comma-separated")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS")
    parser.add_argument("--markdown", help="write the tables to this file")
    parser.add_argument("--plot", help="save the ratings with their intervals as this PNG")
    args = parser.parse_args(argv)
    games = tuple(PRESETS) if args.game == "all" else (args.game,)
    jobs = []
    for game in games:
        names = [name for name in roster(game) if name not in args.leave_out.split(",")]
        for preset in PRESETS[game]:
            if args.preset == "all" or preset in args.preset.split(","):
                jobs += jobs_for(game, preset, args.deals, names)
    started = time.perf_counter()
    results, runner = map_games(play, jobs, workers=args.workers, ray=args.ray, progress=True)
    ladders: dict[tuple[str, str], dict[str, dict[str, float]]] = {}
    for key, group in itertools.groupby(results, key=lambda result: (result[0], result[1])):
        ladders[key] = rate(list(group))
    command = "python benchmarks/ladder.py " + " ".join(argv if argv is not None else __import__("sys").argv[1:])
    text = markdown(ladders, command.strip())
    print(text)
    print(f"{len(results)} games in {time.perf_counter() - started:.0f} s ({runner})")
    if args.markdown:
        Path(args.markdown).write_text(text + "\n", encoding="utf-8")
    if args.plot:
        plot(ladders, args.plot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
