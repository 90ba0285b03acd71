"""Spite and Malice benchmark: random-playout throughput per preset, and the latency of
``legal_moves`` in seed 002's positions (its "must be sure" search).

Run:  python benchmarks/malice_playouts.py            (about a minute)
      python benchmarks/malice_playouts.py --quick    (smaller samples)

Throughput: seeded ``new_game`` games played to their end by uniformly random legal moves
(``legal_moves`` + ``apply`` each step, nothing else), for a fixed CPU time per preset; games/s and
actions/s in CPU time (``time.process_time``, so other work on a shared machine does not count).
Latency: 1,000 positions taken from random ``jacks`` playouts (every 3rd state, from seeds 0...);
each timed once, asked for the first time (``time.process_time_ns``); median and worst.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import attrs

import spite_rules.malice as sm


def playouts(rules: sm.Rules, players: int, seconds: float) -> tuple[int, int, float]:
    """(games, actions, CPU seconds) of random playouts for about ``seconds`` of CPU time."""
    games = actions = 0
    start = time.process_time()
    seed = 0
    while time.process_time() - start < seconds:
        state = sm.new_game(players, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.game_over:
            state, _ = sm.apply(state, rng.choice(sm.legal_moves(state)))
            actions += 1
        games += 1
        seed += 1
    return games, actions, time.process_time() - start


def jacks_positions(count: int) -> list[sm.State]:
    """``count`` positions from random jacks playouts: every 3rd state of seeded games."""
    rules = sm.Rules.preset("jacks")
    found: list[sm.State] = []
    seed = 0
    while len(found) < count:
        state = sm.new_game(2, seed=seed, rules=rules)
        rng = random.Random(seed)
        step = 0
        while not state.game_over and len(found) < count:
            if step % 3 == 0:
                found.append(attrs.evolve(state))  # a copy: it ignores the moves kept with the state
            state, _ = sm.apply(state, rng.choice(sm.legal_moves(state)))
            step += 1
        seed += 1
    return found


def latency(positions: list[sm.State]) -> list[float]:
    """Milliseconds of CPU time of one ``legal_moves`` call per position (asked for the first time)."""
    times = []
    for state in positions:
        start = time.process_time_ns()
        sm.legal_moves(state)
        times.append((time.process_time_ns() - start) / 1e6)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    options = parser.parse_args()
    seconds = 2.0 if options.quick else 8.0
    tables = [(name, 2) for name in sm.PRESETS] + [("common", 4), ("common", 6)]
    print(f"{'preset':12s} {'players':>7s} {'games/s':>9s} {'actions/s':>10s} {'actions/game':>13s}")
    for name, players in tables:
        games, actions, spent = playouts(sm.Rules.preset(name), players, seconds)
        print(f"{name:12s} {players:7d} {games / spent:9.1f} {actions / spent:10.0f} {actions / games:13.1f}")
    times = latency(jacks_positions(200 if options.quick else 1000))
    print(f"jacks legal_moves over {len(times)} random positions: median {statistics.median(times):.3f} ms, "
          f"90th percentile {statistics.quantiles(times, n=10)[-1]:.3f} ms, worst {max(times):.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
