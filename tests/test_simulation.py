"""``spite-rules simulate`` past one core: games as units of work, the same results on 1 or 2
processes and on Ray, summaries as JSON or CSV, and fallible tables' misplays and calls."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from spite_rules.simulation import SimulationConfig, play_game, run, write_summary
from tests.test_cli import assert_clean, run as run_cli


def test_a_simulation_is_cut_into_games_of_game_rounds_each_dealt_from_its_own_seed() -> None:
    config = SimulationConfig(players=3, rounds=5, seed=40, game_rounds=2)
    assert config.games() == [(0, 2), (1, 2), (2, 1)]
    summary = run(config, progress=False)
    assert [result.seed for result in summary.results] == [40, 41, 42]
    assert [result.rounds for result in summary.results] == [2, 2, 1]
    assert summary.results[1] == play_game(config, 1, 2)


def test_simulate_with_2_workers_writes_the_same_results_in_the_same_order_as_1(tmp_path: Path) -> None:
    outputs = []
    for workers in ("1", "2"):
        target = tmp_path / f"w{workers}.json"
        result = run_cli(
            "simulate", "--players", "4", "--rounds", "6", "--game-rounds", "2", "--seed", "3",
            "--misplay-rate", "0.1", "--workers", workers, "--output", str(target),
        )
        assert_clean(result)
        assert f"({workers} process" in result.stdout
        outputs.append(json.loads(target.read_text()))
    one, two = outputs
    assert [game["game"] for game in two["games"]] == [0, 1, 2]
    assert two["games"] == one["games"]
    assert {key: two[key] for key in two if key != "timing"} == {key: one[key] for key in one if key != "timing"}


def test_simulate_on_a_local_ray_instance_gives_the_results_of_one_process_in_both_games() -> None:
    """Both games' simulations on one local Ray instance (started here once: starting one costs
    seconds) give exactly the results of one process, in the same order."""
    # Ray's serial local mode is gone (Ray 2.60: "no longer supported"): a one-machine instance.
    ray = pytest.importorskip("ray", reason="the ray extra (pip install 'spite-rules[ray]') runs --ray")
    import spite_rules.malice as sm
    from spite_rules.malice.simulation import run_games

    config = SimulationConfig(players=3, rounds=3, seed=9, game_rounds=1, misplay_rate=0.1)
    ray.init(include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run(config, ray="", progress=False)
        malice_on_ray = run_games(2, 4, 3, sm.Rules(), ("greedy", "random"), ray="")
    finally:
        ray.shutdown()
    assert on_ray.runner == malice_on_ray.runner == "Ray (local instance)"
    assert on_ray.results == run(config, progress=False).results
    assert malice_on_ray.results == run_games(2, 4, 3, sm.Rules(), ("greedy", "random")).results


def test_simulate_with_a_misplay_rate_reports_misplays_by_rule_calls_and_fake_jokers() -> None:
    result = run_cli("simulate", "--players", "4", "--rounds", "10", "--seed", "2", "--misplay-rate", "0.05")
    assert_clean(result)
    out = result.stdout
    assert "misplays by rule: none" not in out
    assert "trick.follow.strictly-better" in out
    assert "(referee: called)" in out
    calls = [line for line in out.splitlines() if line.startswith("calls: ")]
    assert calls and not calls[0].startswith("calls: 0 right")
    assert any(line.startswith("fake jokers earned: ") for line in out.splitlines())


def test_simulate_without_errors_keeps_the_automatic_referee_and_makes_no_misplay() -> None:
    result = run_cli("simulate", "--players", "3", "--rounds", "2", "--seed", "2", "--bots", "greedy")
    assert_clean(result)
    assert "misplays by rule: none" in result.stdout
    assert "calls: 0 right, 0 wrong (referee: automatic)" in result.stdout


def test_the_summary_is_written_as_csv_one_row_per_seat_and_round(tmp_path: Path) -> None:
    summary = run(SimulationConfig(players=3, rounds=4, seed=5, game_rounds=3), progress=False)
    target = tmp_path / "summary.csv"
    write_summary(summary, target)
    with target.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 4 * 3
    assert {row["game"] for row in rows} == {"0", "1"}
    assert sorted(int(row["place"]) for row in rows if row["game"] == "1") == [0, 1, 2]
    assert {row["bot"] for row in rows} == {"greedy", "random"}


def test_the_summary_refuses_a_file_that_is_neither_json_nor_csv(tmp_path: Path) -> None:
    summary = run(SimulationConfig(players=3, rounds=1), progress=False)
    with pytest.raises(ValueError, match=r"\.json or \.csv"):
        write_summary(summary, tmp_path / "summary.txt")
    result = run_cli("simulate", "--rounds", "1", "--output", str(tmp_path / "x.txt"))
    assert result.returncode != 0 and "--output must name a .json or .csv file" in result.stderr
