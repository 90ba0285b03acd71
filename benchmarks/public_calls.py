"""What the plain-Python public functions cost (spite_rules/public.py, malice/public.py): the
extra Python call of ``sr.apply`` over the rule function it calls, against the cost of an action.

Times the bare cost of the one extra call (``sr.fibonacci_buy_back(0)`` against the rule function
it calls), then plays seeded random games, keeps every (state, action) pair, and times applying
all of them through the public function and through the rule function, best of ``--repeat`` (CPU
time, the two taken in turns). The extra call's share of an action is the bare cost over an
action's: on a loaded machine the two ``apply`` timings differ by more than that from run to run. Run it with the compiled build's Python (``.venv-compiled/bin/python
benchmarks/public_calls.py``) for the figure that matters: there the rule functions are compiled.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import spite_rules as sr
import spite_rules.malice as sm
from spite_rules import round as spite_round
from spite_rules import trick
from spite_rules.malice import turn as malice_turn


def _spite_pairs(rounds: int) -> list[tuple[Any, Any]]:
    pairs = []
    for seed in range(rounds):
        state = sr.new_game(4, seed=seed, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
        chooser = random.Random(seed)
        while not state.round_over:
            action = chooser.choice(sr.legal_moves(state))
            pairs.append((state, action))
            state, _ = sr.apply(state, action)
    return pairs


def _malice_pairs(games: int) -> list[tuple[Any, Any]]:
    pairs = []
    for seed in range(games):
        state = sm.new_game(2, seed=seed)
        chooser = random.Random(seed)
        for _ in range(400):
            if state.game_over:
                break
            action = chooser.choice(sm.legal_moves(state))
            pairs.append((state, action))
            state, _ = sm.apply(state, action)
    return pairs


def _best_of_both(first: Callable[[], object], second: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The best time of each of two runs, taken in turns (the order swapped each time) after one
    warm-up of each, so a loaded machine and warm caches weigh on both alike."""
    first(), second()
    best = [float("inf"), float("inf")]
    for attempt in range(repeat):
        order = ((0, first), (1, second)) if attempt % 2 == 0 else ((1, second), (0, first))
        for index, run in order:
            started = time.process_time()
            run()
            best[index] = min(best[index], time.process_time() - started)
    return best[0], best[1]


def measure(name: str, pairs: list[tuple[Any, Any]], public: Callable[..., Any], rule: Callable[..., Any],
            repeat: int, extra: float) -> str:
    """One line: the mean cost of an action through ``public`` and through ``rule``, and the share of
    an action that ``extra`` seconds (the bare extra call) are."""
    through_public, direct = _best_of_both(
        lambda: [public(state, action) for state, action in pairs],
        lambda: [rule(state, action) for state, action in pairs],
        repeat,
    )
    per_public, per_rule = through_public / len(pairs) * 1e6, direct / len(pairs) * 1e6
    return (f"{name}: {len(pairs)} actions, {per_rule:.2f} µs each through the rule function, "
            f"{per_public:.2f} µs through the public one; the extra call is {extra * 1e6 / per_rule:.2%} of an action")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print(f"build: {sr.BUILD}")
    calls = 200_000
    bare_public, bare_rule = _best_of_both(
        lambda: [sr.fibonacci_buy_back(0) for _ in range(calls)],
        lambda: [trick.fibonacci_buy_back(0) for _ in range(calls)],
        args.repeat,
    )
    extra = (bare_public - bare_rule) / calls
    print(f"one extra Python call: {extra * 1e9:.0f} ns "
          f"(sr.fibonacci_buy_back(0) {bare_public / calls * 1e9:.0f} ns, the rule function's {bare_rule / calls * 1e9:.0f} ns)")
    print(measure("Spite apply", _spite_pairs(args.rounds), sr.apply, spite_round.apply, args.repeat, extra))
    print(measure("Spite and Malice apply", _malice_pairs(args.rounds), sm.apply, malice_turn.apply, args.repeat, extra))


if __name__ == "__main__":
    main()
