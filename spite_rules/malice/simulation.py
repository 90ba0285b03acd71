"""Bot games of Spite and Malice on one core, many, or Ray: what ``spite-rules --game malice
simulate`` runs.

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

Game ``n`` of a simulation is dealt from seed ``seed + n``; the bots named are cycled over the
seats, shifted one seat each game so that every bot sits everywhere, each seeded from the game's
seed. A game is the unit of work: the results are the same however many processes (``workers``)
or Ray tasks (``ray``) play them (:mod:`spite_rules.core.runners`).

>>> from spite_rules.malice.rules import Rules
>>> one = run_games(2, 4, 1, Rules(), ("greedy", "random"))
>>> two = run_games(2, 4, 1, Rules(), ("greedy", "random"), workers=2)
>>> one.results == two.results, [result.bots for result in one.results[:2]], two.runner
(True, [('greedy', 'random'), ('random', 'greedy')], '2 processes')
"""

from __future__ import annotations

import collections
import csv
import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from spite_rules.core.bots import RandomBot, next_bot_action
from spite_rules.core.runners import map_games
from spite_rules.core.search import SearchBot
from spite_rules.malice.bots import GreedyBot
from spite_rules.malice.deal import new_game
from spite_rules.malice.events import GameOver
from spite_rules.malice.planner import PlannerBot
from spite_rules.malice.rules import Rules
from spite_rules.malice.turn import apply

__all__ = ["SIMULATION_BOTS", "GameResult", "Simulation", "play_game", "run_games", "write_results"]


def _search(seed: int) -> SearchBot:
    """The search bot as docs/research.md measured it against the greedy bot."""
    return SearchBot(iterations=SEARCH_ITERATIONS, seed=seed, horizon=SEARCH_HORIZON, prior=SEARCH_PRIOR)


#: The search bot's settings in a simulation (docs/research.md: ``benchmarks/search.py --game malice``).
SEARCH_ITERATIONS, SEARCH_HORIZON, SEARCH_PRIOR = 30, 2, 5

#: The bots a simulation seats, by name (``strong``: the turn planner, bounded by its node budget
#: alone, so that a simulation is a function of its seed).
SIMULATION_BOTS: dict[str, Callable[[int], Any]] = {"greedy": GreedyBot, "random": RandomBot, "search": _search,
                                                     "strong": PlannerBot}


@attrs.frozen
class GameResult:
    """One game: its number and seed, the bot in each seat, the winner (None: a draw), how it
    ended, the cards left in each pay-off pile, and the actions it took."""

    number: int
    seed: int
    bots: tuple[str, ...]
    winner: int | None
    how: str
    payoff_left: tuple[int, ...]
    actions: int


def play_game(job: tuple[int, Rules, tuple[str, ...], int, int]) -> GameResult:
    """Play game ``number`` of a simulation: ``(players, rules, bot names, seed, number)``.

    >>> play_game((2, Rules(), ("greedy", "greedy"), 1, 3)).seed
    4
    """
    players, rules, names, seed, number = job
    game_seed = seed + number
    labels = tuple(names[(seat + number) % len(names)] for seat in range(players))
    bots = [SIMULATION_BOTS[label](game_seed * 31 + seat) for seat, label in enumerate(labels)]
    state = new_game(players, seed=game_seed, rules=rules)
    actions = 0
    how = ""
    while not state.game_over:
        action = next_bot_action(state, bots)
        assert action is not None
        state, events = apply(state, action)
        actions += 1
        for event in events:
            if type(event) is GameOver:
                how = event.how
    return GameResult(number, game_seed, labels, state.winner, how, tuple(len(pile) for pile in state.payoff), actions)


@attrs.frozen
class Simulation:
    """A finished simulation: its rules, every game's result in game order, and how it ran."""

    rules: Rules
    results: tuple[GameResult, ...]
    seconds: float
    runner: str


def run_games(
    players: int,
    games: int,
    seed: int,
    rules: Rules,
    bot_names: Sequence[str],
    *,
    workers: int = 1,
    ray: str | None = None,
    progress: bool = False,
) -> Simulation:
    """Play ``games`` games (seeds ``seed`` to ``seed + games - 1``): in this process, over
    ``workers`` processes, or on Ray (``ray``, as :func:`~spite_rules.core.runners.map_games` takes
    it), the results the same either way; ``progress`` shows a tqdm bar on a terminal."""
    jobs = [(players, rules, tuple(bot_names), seed, number) for number in range(games)]
    started = time.perf_counter()
    results, runner = map_games(play_game, jobs, workers=workers, ray=ray, progress=progress)
    return Simulation(rules, tuple(results), time.perf_counter() - started, runner)


def summary_lines(simulation: Simulation, players: int) -> list[str]:
    """The summary ``simulate`` prints: games/s, actions/s, wins and pay-off cards left by bot,
    draws and endings."""
    rules, results = simulation.rules, simulation.results
    games = len(results)
    wins: collections.Counter[str] = collections.Counter()
    left: collections.Counter[str] = collections.Counter()
    seats: collections.Counter[str] = collections.Counter()
    hows = collections.Counter(result.how for result in results)
    for result in results:
        if result.winner is not None:
            wins[result.bots[result.winner]] += 1
        for seat, label in enumerate(result.bots):
            left[label] += result.payoff_left[seat]
            seats[label] += 1
    draws = sum(result.winner is None for result in results)
    actions = sum(result.actions for result in results)
    elapsed = max(simulation.seconds, 1e-9)
    lines = [
        f"{rules.name} ({rules.version}), {games} games of {players} players in {elapsed:.2f}s: "
        f"{games / elapsed:.1f} games/s, {actions / elapsed:.0f} actions/s, "
        f"{actions / games:.1f} actions/game ({simulation.runner})"
    ]
    for label in sorted(seats):
        lines.append(f"  {label:<7} wins {wins[label]} ({wins[label] / games:.0%}), "
                     f"average pay-off left {left[label] / seats[label]:.1f} ({seats[label]} seat-games)")
    lines.append(f"  draws {draws} ({draws / games:.0%}); endings: "
                 + ", ".join(f"{how} {count}" for how, count in hows.most_common()))
    return lines


def write_results(simulations: Sequence[Simulation], path: str | Path) -> None:
    """Write every game of ``simulations`` to ``path``: JSON (``.json``: per simulation its preset,
    runner, seconds and games) or CSV (``.csv``: one row per seat and game: preset, game, seed,
    seat, bot, won, pay-off left, actions).

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.csv"
    >>> write_results([run_games(2, 1, 1, Rules(), ("greedy",))], target)
    >>> target.read_text().splitlines()[0]
    'preset,game,seed,seat,bot,won,payoff_left,actions'
    """
    target = Path(path)
    if target.suffix == ".json":
        data = [
            {"preset": simulation.rules.name, "version": simulation.rules.version, "runner": simulation.runner,
             "seconds": simulation.seconds, "games": [attrs.asdict(result) for result in simulation.results]}
            for simulation in simulations
        ]
        target.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    elif target.suffix == ".csv":
        with target.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["preset", "game", "seed", "seat", "bot", "won", "payoff_left", "actions"])
            for simulation in simulations:
                for result in simulation.results:
                    for seat, label in enumerate(result.bots):
                        writer.writerow([simulation.rules.name, result.number, result.seed, seat, label,
                                         int(result.winner == seat), result.payoff_left[seat], result.actions])
    else:
        raise ValueError(f"{target.name}: the results are written as .json or .csv")
