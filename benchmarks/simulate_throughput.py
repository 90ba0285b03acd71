"""``spite-rules simulate`` throughput on 1 process, 2 processes and a local Ray instance.

Run:  python benchmarks/simulate_throughput.py [ROUNDS]     (default 200; games of 10 rounds)

The same seeds each way (4 players, greedy and random bots): rounds/s and actions/s, and a check
that the three ways give the same results in the same order. Ray needs the ray extra.
"""

from __future__ import annotations

import sys

from spite_rules.simulation import SimulationConfig, run


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    config = SimulationConfig(players=4, rounds=rounds, seed=1, game_rounds=10)
    runs = [run(config, progress=False), run(config, workers=2, progress=False)]
    try:
        import ray  # noqa: F401
    except ImportError:
        print("(Ray not installed: pip install -e '.[ray]')")
    else:
        runs.append(run(config, ray="", progress=False))
    for summary in runs:
        print(f"{summary.runner:<22} {summary.rounds} rounds in {summary.seconds:6.2f}s: "
              f"{summary.rounds / summary.seconds:7.1f} rounds/s, {summary.actions / summary.seconds:8.0f} actions/s")
    same = all(summary.results == runs[0].results for summary in runs)
    print(f"same results in the same order: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
