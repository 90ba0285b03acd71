"""``spite-rules --game malice simulate`` past one core: the same games, in the same order, from one
process, two processes and a local Ray instance; the results written as JSON and CSV."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

import spite_rules.malice as sm
from spite_rules.malice.simulation import play_game, run_games


@pytest.mark.parametrize("preset", ["common", "jacks"])
def test_two_worker_processes_play_the_games_of_one_process(preset: str) -> None:
    rules = sm.Rules.preset(preset)
    one = run_games(2, 6, 11, rules, ("greedy", "random"))
    two = run_games(2, 6, 11, rules, ("greedy", "random"), workers=2)
    assert two.runner == "2 processes"
    assert two.results == one.results
    assert [result.number for result in two.results] == list(range(6))
    assert len({result.payoff_left for result in one.results}) > 1  # different deals, not one game six times


def test_a_game_of_a_simulation_is_the_game_its_seed_deals() -> None:
    result = play_game((2, sm.Rules(), ("greedy", "random"), 5, 2))
    state = sm.new_game(2, seed=7)
    assert (result.seed, result.bots) == (7, ("greedy", "random"))
    assert result.payoff_left != (len(state.payoff[0]), len(state.payoff[1]))  # played on from the deal


def _simulate(tmp_path: Path, name: str, *extra: str) -> Path:
    target = tmp_path / name
    done = subprocess.run(
        [sys.executable, "-m", "spite_rules", "--game", "malice", "simulate", "--preset", "book",
         "--games", "4", "--seed", "2", "--output", str(target), *extra],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "book (" in done.stdout and "games/s" in done.stdout
    return target


def test_the_command_line_with_two_workers_writes_the_games_of_one_process(tmp_path: Path) -> None:
    one = json.loads(_simulate(tmp_path, "one.json").read_text())
    two = json.loads(_simulate(tmp_path, "two.json", "--workers", "2").read_text())
    assert [run["runner"] for run in one + two] == ["1 process", "2 processes"]
    assert one[0]["games"] == two[0]["games"] and len(one[0]["games"]) == 4


def test_the_command_line_writes_one_csv_row_per_seat_and_game(tmp_path: Path) -> None:
    with _simulate(tmp_path, "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 8
    assert {row["bot"] for row in rows} == {"greedy", "random"}
    for game in range(4):
        won = [int(row["won"]) for row in rows if row["game"] == str(game)]
        assert sum(won) <= 1
