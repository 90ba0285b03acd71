"""Memory of Spite's states: the bytes of one ``State`` object and of the parts a state does not
share with the state before it (issue 23).

Run:  python benchmarks/state_memory.py [--rounds N]

A state is immutable, so ``apply`` builds the next one from new objects only where something
changed (a seat's hand, the trick, a per-seat tuple) and shares everything else with the state
before. Over seeded random 4-player rounds this prints:

- ``State`` alone: ``sys.getsizeof`` of the state object, plus its ``__dict__`` when it keeps its
  fields in one (a dict-backed class) -- the cost of the object itself;
- unshared: the bytes of every object reachable from a state and not from the state before it
  (the state itself included), as the mean over every action and the largest;
- deep: the bytes of every object reachable from a state (cards, enums and rules included), the
  mean, for scale.

Figures are CPython's ``sys.getsizeof``: the objects' own sizes, not the allocator's overhead.
This is a report, not a timed test.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys

import spite_rules as sr


def own_bytes(state: sr.State) -> int:
    """``sys.getsizeof`` of the state object and of its ``__dict__`` if it has one."""
    size = sys.getsizeof(state)
    fields = getattr(state, "__dict__", None)
    if fields is not None:
        size += sys.getsizeof(fields)
    return size


def reachable(root: object) -> dict[int, object]:
    """Every object reachable from ``root`` through ``gc.get_referents`` (types and modules not
    followed), by id."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (type, type(sys))):
            continue
        seen[id(item)] = item
        stack.extend(gc.get_referents(item))
        fields = getattr(item, "__dict__", None)
        if fields is not None and not isinstance(item, type):
            stack.append(fields)
    return seen


def measure(rounds: int) -> tuple[int, list[int], list[int]]:
    """(bytes of one State, unshared bytes per action, deep bytes per state) over ``rounds``
    seeded random 4-player rounds."""
    rules = sr.Rules(referee=sr.Referee.AUTOMATIC)
    unshared: list[int] = []
    deep: list[int] = []
    one = 0
    for number in range(rounds):
        rng = random.Random(number)
        state = sr.new_game(4, seed=number, rules=rules)
        one = own_bytes(state)
        before = reachable(state)
        while not state.round_over:
            state, _ = sr.apply(state, rng.choice(sr.legal_moves(state)))
            after = reachable(state)
            unshared.append(sum(sys.getsizeof(obj) for key, obj in after.items() if key not in before))
            deep.append(sum(sys.getsizeof(obj) for obj in after.values()))
            before = after
    return one, unshared, deep


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="seeded rounds (default 20)")
    args = parser.parse_args()
    one, unshared, deep = measure(args.rounds)
    print(f"spite_rules {sr.__version__} on Python {sys.version.split()[0]}, {args.rounds} rounds, "
          f"{len(unshared)} actions")
    print(f"one State object:          {one:7d} bytes")
    print(f"unshared parts per action: {statistics.mean(unshared):9.0f} bytes mean, "
          f"{statistics.median(unshared):7.0f} median, {max(unshared):7d} largest")
    print(f"deep size of a state:      {statistics.mean(deep):9.0f} bytes mean")


if __name__ == "__main__":
    main()
