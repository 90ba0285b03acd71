"""Bot simulations of Spite, on one core, many, or a Ray cluster: what ``spite-rules simulate`` runs.

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

A simulation of ``rounds`` rounds is cut into games of ``game_rounds`` rounds (scores, fake jokers
and card swaps carry over within a game, as at a table), game ``g`` dealt from seed ``seed + g``
with its bots seeded from it. A game is the unit of work: the results are the same however many
workers play them (:func:`run` with ``workers`` or ``ray``; :mod:`spite_rules.core.runners`).

With ``misplay_rate`` (or ``call_rate``) every bot is wrapped in
:class:`~spite_rules.bots.fallible.Fallible`, and the table plays under the called referee, so the
summary has misplays by rule, calls right and wrong, and fake jokers earned.

>>> summary = run(SimulationConfig(players=3, rounds=4, seed=1, game_rounds=2), progress=False)
>>> [result.rounds for result in summary.results], summary.rounds
([2, 2], 4)
>>> sorted(summary.by_bot())
['greedy', 'random']
"""

from __future__ import annotations

import collections
import csv
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from spite_rules.bots import BOTS, Fallible, SearchBot, next_table_action
from spite_rules.core.runners import map_games
from spite_rules.events import BountyClaimed, Misplay, MisplayCalled, RoundOver, TrickWon
from spite_rules.round import apply, new_game, next_round
from spite_rules.rules import Referee, Rules

__all__ = ["SIMULATION_BOTS", "SimulationConfig", "GameResult", "SeatRound", "Summary", "play_game", "run", "map_games", "write_summary", "report"]


#: The bots a simulation seats, by name: Spite's bots, and the search bot (100 iterations a move;
#: not among the web's table bots, where a search would hold up the server).
SIMULATION_BOTS: dict[str, Callable[[int], Any]] = {
    **BOTS,
    "search": lambda seed: SearchBot(iterations=100, seed=seed),
}


@attrs.frozen
class SimulationConfig:
    """What to simulate: ``rounds`` rounds of ``players`` seats, the bots named ``bots`` cycled over
    the seats, in games of ``game_rounds`` rounds from seed ``seed``; bots made fallible at
    ``misplay_rate`` / ``call_rate`` (``call_rate`` None: 0.5 when ``misplay_rate`` is set); under
    ``referee`` (None: called for fallible tables, automatic otherwise), under the named
    ``ruleset`` (:data:`~spite_rules.rules.RULESETS`)."""

    players: int = 4
    rounds: int = 100
    seed: int = 1
    bots: tuple[str, ...] = ("greedy", "random")
    game_rounds: int = 10
    misplay_rate: float = 0.0
    call_rate: float | None = None
    referee: Referee | None = None
    ruleset: str = "000"

    @property
    def fallible(self) -> bool:
        """Are the bots wrapped in :class:`~spite_rules.bots.fallible.Fallible`?"""
        return self.misplay_rate > 0 or self.call_rate is not None

    @property
    def rules(self) -> Rules:
        """The rules of every game: the named ruleset (seed 000's by default) with the referee in
        force."""
        referee = self.referee or (Referee.CALLED if self.fallible else Referee.AUTOMATIC)
        return Rules.ruleset(self.ruleset, referee=referee)

    def games(self) -> list[tuple[int, int]]:
        """(game number, rounds in it) for every game, in order.

        >>> SimulationConfig(rounds=25, game_rounds=10).games()
        [(0, 10), (1, 10), (2, 5)]
        """
        return [
            (number, min(self.game_rounds, self.rounds - start))
            for number, start in enumerate(range(0, self.rounds, self.game_rounds))
        ]


@attrs.frozen
class SeatRound:
    """One seat's result of one round: its place (0 = first out) and the round's points."""

    game: int
    round: int
    seat: int
    bot: str
    place: int
    points: int


@attrs.frozen
class GameResult:
    """Everything one game of a simulation produced (no timings: the same seeds give the same
    result anywhere)."""

    game: int
    seed: int
    rounds: int
    actions: int
    tricks: int
    misplays: tuple[tuple[str, int], ...]
    calls_right: int
    calls_wrong: int
    fake_jokers_by_bounty: int
    fake_jokers_by_calls: int
    seat_rounds: tuple[SeatRound, ...]
    scores: tuple[tuple[str, int], ...]


def _table(config: SimulationConfig, seed: int) -> list[Any]:
    table: list[Any] = []
    for seat in range(config.players):
        bot = SIMULATION_BOTS[config.bots[seat % len(config.bots)]](seed + seat)
        if config.fallible:
            call_rate = 0.5 if config.call_rate is None else config.call_rate
            bot = Fallible(bot, misplay_rate=config.misplay_rate, call_rate=call_rate, seed=seed * 1000 + seat)
        table.append(bot)
    return table


def play_game(config: SimulationConfig, game: int, rounds: int) -> GameResult:
    """Play game number ``game`` of ``config`` (``rounds`` rounds) and tell what happened.

    >>> result = play_game(SimulationConfig(players=3), game=0, rounds=1)
    >>> result.rounds, len(result.seat_rounds), sorted(r.place for r in result.seat_rounds)
    (1, 3, [0, 1, 2])
    """
    seed = config.seed + game
    table = _table(config, seed)
    labels = [f"{bot.name}#{seat}" for seat, bot in enumerate(table)]
    state = new_game(labels, seed=seed, rules=config.rules)
    actions = tricks = right = wrong = by_bounty = by_calls = 0
    misplays: collections.Counter[str] = collections.Counter()
    seat_rounds: list[SeatRound] = []
    for number in range(rounds):
        if number:
            state, _ = next_round(state)
        while not state.round_over:
            action = next_table_action(state, table)
            assert action is not None
            state, events = apply(state, action)
            actions += 1
            for event in events:
                if isinstance(event, TrickWon):
                    tricks += 1
                elif isinstance(event, Misplay):
                    misplays[event.rule] += 1
                elif isinstance(event, MisplayCalled):
                    right += event.correct
                    wrong += not event.correct
                    by_calls += event.count
                elif isinstance(event, BountyClaimed):
                    by_bounty += event.count
                elif isinstance(event, RoundOver):
                    seat_rounds += [SeatRound(game, number, seat, table[seat].name, place, event.points[seat])
                                    for place, seat in enumerate(event.order)]
    return GameResult(
        game=game,
        seed=seed,
        rounds=rounds,
        actions=actions,
        tricks=tricks,
        misplays=tuple(sorted(misplays.items())),
        calls_right=right,
        calls_wrong=wrong,
        fake_jokers_by_bounty=by_bounty,
        fake_jokers_by_calls=by_calls,
        seat_rounds=tuple(seat_rounds),
        scores=tuple(zip(labels, state.scores)),
    )


def _play(job: tuple[SimulationConfig, int, int]) -> GameResult:
    """:func:`play_game` of one (config, game, rounds) job: what a worker process runs."""
    return play_game(*job)


@attrs.frozen
class Summary:
    """A finished simulation: its config, every game's result in game order, and how it ran."""

    config: SimulationConfig
    results: tuple[GameResult, ...]
    seconds: float
    runner: str

    @property
    def rounds(self) -> int:
        """Rounds played."""
        return sum(result.rounds for result in self.results)

    @property
    def actions(self) -> int:
        """Actions applied."""
        return sum(result.actions for result in self.results)

    def misplays(self) -> collections.Counter[str]:
        """Misplays by rule, over all games."""
        return sum((collections.Counter(dict(r.misplays)) for r in self.results), collections.Counter())

    def by_bot(self) -> dict[str, list[int]]:
        """Every place (0 = first out) each kind of bot reached, by bot name."""
        places: dict[str, list[int]] = collections.defaultdict(list)
        for result in self.results:
            for seat_round in result.seat_rounds:
                places[seat_round.bot].append(seat_round.place)
        return dict(places)

    def standings(self) -> list[tuple[str, int]]:
        """Each seat's score summed over the games, highest first."""
        totals: collections.Counter[str] = collections.Counter()
        for result in self.results:
            for label, score in result.scores:
                totals[label] += score
        order = [label for label, _ in self.results[0].scores] if self.results else []
        return sorted(((label, totals[label]) for label in order), key=lambda item: -item[1])

    def totals(self) -> dict[str, int]:
        """The counts of the summary: rounds, actions, tricks, calls, fake jokers earned."""
        return {
            "games": len(self.results),
            "rounds": self.rounds,
            "actions": self.actions,
            "tricks": sum(r.tricks for r in self.results),
            "misplays": sum(self.misplays().values()),
            "calls_right": sum(r.calls_right for r in self.results),
            "calls_wrong": sum(r.calls_wrong for r in self.results),
            "fake_jokers_by_bounty": sum(r.fake_jokers_by_bounty for r in self.results),
            "fake_jokers_by_calls": sum(r.fake_jokers_by_calls for r in self.results),
        }

    def to_data(self) -> dict[str, Any]:
        """The summary as JSON-ready data: config, totals, misplays by rule, bots, standings,
        timing, and every game's result."""
        config = attrs.asdict(self.config)
        config["referee"] = self.config.rules.referee.value
        return {
            "config": config,
            "totals": self.totals(),
            "misplays_by_rule": dict(sorted(self.misplays().items())),
            "bots": {
                name: {
                    "seat_rounds": len(places),
                    "average_place": 1 + sum(places) / len(places),
                    "first_out_rate": places.count(0) / len(places),
                }
                for name, places in sorted(self.by_bot().items())
            },
            "standings": dict(self.standings()),
            "timing": {"seconds": self.seconds, "runner": self.runner},
            "games": [attrs.asdict(result) for result in self.results],
        }


def run(
    config: SimulationConfig,
    *,
    workers: int = 1,
    ray: str | None = None,
    progress: bool = True,
) -> Summary:
    """Play every game of ``config``: in this process (``workers=1``), over ``workers`` processes,
    or on Ray (``ray``, as :func:`~spite_rules.core.runners.map_games` takes it; needs
    ``pip install "spite-rules[ray]"``), the results the same either way. ``progress`` shows a
    tqdm bar on a terminal.

    >>> one = run(SimulationConfig(players=3, rounds=2, game_rounds=1), progress=False)
    >>> two = run(SimulationConfig(players=3, rounds=2, game_rounds=1), workers=2, progress=False)
    >>> one.results == two.results, two.runner
    (True, '2 processes')
    """
    jobs = [(config, game, rounds) for game, rounds in config.games()]
    started = time.perf_counter()
    results, runner = map_games(_play, jobs, workers=workers, ray=ray, progress=progress)
    return Summary(config, tuple(results), time.perf_counter() - started, runner)


def write_summary(summary: Summary, path: str | Path) -> None:
    """Write ``summary`` to ``path``: JSON (``.json``: :meth:`Summary.to_data`) or CSV (``.csv``:
    one row per seat and round: game, seed, round, seat, bot, place, points).

    >>> import tempfile, pathlib
    >>> summary = run(SimulationConfig(players=3, rounds=1), progress=False)
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.csv"
    >>> write_summary(summary, target)
    >>> target.read_text().splitlines()[0]
    'game,seed,round,seat,bot,place,points'
    """
    target = Path(path)
    if target.suffix == ".json":
        target.write_text(json.dumps(summary.to_data(), indent=2) + "\n", encoding="utf-8")
    elif target.suffix == ".csv":
        with target.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["game", "seed", "round", "seat", "bot", "place", "points"])
            for result in summary.results:
                for row in result.seat_rounds:
                    writer.writerow([row.game, result.seed, row.round, row.seat, row.bot, row.place, row.points])
    else:
        raise ValueError(f"{target.name}: the summary is written as .json or .csv")


def report(summary: Summary, out: Callable[[str], None] = print) -> None:
    """Print the summary as ``spite-rules simulate`` does."""
    config, elapsed = summary.config, max(summary.seconds, 1e-9)
    rounds, actions, totals = summary.rounds, summary.actions, summary.totals()
    out(f"{rounds} rounds of {config.players} players in {elapsed:.2f}s: {rounds / elapsed:.1f} rounds/s, "
        f"{actions / elapsed:.0f} actions/s ({summary.runner}, {totals['games']} games)")
    out(f"average per round: {totals['tricks'] / rounds:.1f} tricks, {actions / rounds:.1f} actions")
    misplays = summary.misplays()
    out("misplays by rule: " + (", ".join(f"{r} {c}" for r, c in misplays.most_common()) or "none"))
    out(f"calls: {totals['calls_right']} right, {totals['calls_wrong']} wrong "
        f"(referee: {config.rules.referee.value})")
    out(f"fake jokers earned: {totals['fake_jokers_by_bounty'] + totals['fake_jokers_by_calls']} "
        f"({totals['fake_jokers_by_bounty']} by bounty, {totals['fake_jokers_by_calls']} by calls)")
    for name, seen in sorted(summary.by_bot().items()):
        firsts = seen.count(0) / len(seen)
        out(f"  {name:<7} average place {sum(seen) / len(seen) + 1:.2f} of {config.players}, "
            f"first out {firsts:.0%} ({len(seen)} seat-rounds)")
    out("standings: " + ", ".join(f"{n} {s:+d}" for n, s in summary.standings())
        + ("" if totals["games"] == 1 else f" (summed over {totals['games']} games)"))

