"""``spite-rules simulate`` throughput on 1 process, 2 processes and a local Ray instance.

Run:  python benchmarks/simulate_throughput.py [ROUNDS]     (default 200; games of 10 rounds)
      python benchmarks/simulate_throughput.py --game malice [GAMES]   (default 400 common games)

The same seeds each way (4 players, greedy and random bots): rounds/s and actions/s, and a check
that the three ways give the same results in the same order. Ray needs the ray extra. With
``--game malice``: two-player Spite and Malice games of the common preset, greedy against random
(``spite_rules.malice.simulation.run_games``), games/s and actions/s each way.
"""

from __future__ import annotations

import sys

from spite_rules.simulation import SimulationConfig, run


def malice(games: int) -> int:
    """Spite and Malice's throughput (see the module's docstring)."""
    import spite_rules.malice as sm
    from spite_rules.malice.simulation import Simulation, run_games

    def play(workers: int = 1, ray: str | None = None) -> Simulation:
        return run_games(2, games, 1, sm.Rules(), ("greedy", "random"), workers=workers, ray=ray)

    runs = [play(), play(workers=2)]
    try:
        import ray  # noqa: F401
    except ImportError:
        print("(Ray not installed: pip install -e '.[ray]')")
    else:
        runs.append(play(ray=""))
    for simulation in runs:
        actions = sum(result.actions for result in simulation.results)
        print(f"{simulation.runner:<22} {games} games in {simulation.seconds:6.2f}s: "
              f"{games / simulation.seconds:7.1f} games/s, {actions / simulation.seconds:8.0f} actions/s")
    same = all(simulation.results == runs[0].results for simulation in runs)
    print(f"same results in the same order: {same}")
    return 0 if same else 1


def main() -> int:
    if "--game" in sys.argv and "malice" in sys.argv:
        rest = [word for word in sys.argv[1:] if word not in ("--game", "malice")]
        return malice(int(rest[0]) if rest else 400)
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
