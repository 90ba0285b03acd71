"""The cyclic garbage collector's share of Spite's random-playout time (issue 23).

Run:  python benchmarks/gc_share.py [--slices N] [--seconds S]

Spite's engine makes no reference cycles (tests/properties/test_no_reference_cycles.py): every
object a playout leaves behind is freed by reference counting. CPython's cyclic collector still
runs every few hundred allocations and traverses the young objects, finding nothing. This plays
seeded 4-player random rounds in slices that alternate the collector on and off (CPU time, so other
work on the machine touches both alike) and prints the actions/s of each and their ratio: what a
bulk playout gains by pausing the collector while it runs. A report, not a timed test.
"""

from __future__ import annotations

import argparse
import gc

from bench import playouts  # the benchmark's own 4-player loop (benchmarks/ is on the path)


def main() -> None:
    """Print actions/s with the collector on and off, alternating in slices."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slices", type=int, default=6, help="slices per setting (default 6)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a slice (default 2)")
    args = parser.parse_args()
    playouts(4, args.seconds, 0)  # warm the engine's caches first
    totals = {True: [0, 0.0], False: [0, 0.0]}
    first = 10_000
    try:
        for _ in range(args.slices):
            for enabled in (True, False):
                (gc.enable if enabled else gc.disable)()
                rounds, actions, elapsed = playouts(4, args.seconds, first)
                first += rounds
                totals[enabled][0] += actions
                totals[enabled][1] += elapsed
    finally:
        gc.enable()
    on = totals[True][0] / totals[True][1]
    off = totals[False][0] / totals[False][1]
    print(f"4 players, collector on:  {on:9.0f} actions/s")
    print(f"4 players, collector off: {off:9.0f} actions/s  ({off / on:.3f}x)")


if __name__ == "__main__":
    main()
