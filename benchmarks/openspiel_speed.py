"""The OpenSpiel wrapper's overhead: actions per second through OpenSpiel's API beside the library's
own, on the same seeded random games, and the size of each action space.

Run:  python benchmarks/openspiel_speed.py [--games 50]

For each table (every Spite and Malice preset at 2 players, Spite at 4 players under both
rulesets), game ``n`` is played twice with the same random choices (``random.Random(n)`` picking
among the legal moves): natively (``legal_moves`` of the seat to act and ``apply``, Spite's moves
being the environments' ``turn_moves``), and through OpenSpiel (``legal_actions`` and
``apply_action`` on the registered game, the deal from the same seed's bytes). Rates are actions
per CPU second (``time.process_time``, so other processes on the machine do not count), after
three untimed games that warm the library's caches, the better of two runs of each; the
OpenSpiel run of Spite also checked to reach the same end (its action ``i`` is the
``i``-th move, so the same random index makes the same game; Spite and Malice's ids are in table
order, so its games are other games of the same seeds and policy).
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

import spite_rules.openspiel  # noqa: F401  (registers the games)
from spite_rules.core.engine import game
from spite_rules.openspiel.games import state_of
from spite_rules.rl.actions import turn_moves

TABLES = [("python_spite_and_malice", {"preset": preset}) for preset in ("common", "book", "jacks", "three_decks")] + [
    ("python_spite", {"players": 4, "ruleset": "march-2023"}),
    ("python_spite", {"players": 4, "ruleset": "july-2023"}),
]


def native(card_game: object, n: int) -> tuple[int, object]:
    """Actions in game ``n`` played natively, and its end."""
    played = card_game.played  # type: ignore[attr-defined]
    state = played.new_game(card_game.players, seed=n, rules=card_game.rules)  # type: ignore[attr-defined]
    rng = random.Random(n)
    actions = 0
    while not played.is_over(state) and actions < card_game.max_actions:  # type: ignore[attr-defined]
        moves = turn_moves(state)
        state, _ = played.apply(state, moves[rng.randrange(len(moves))])
        actions += 1
    return actions, state


def through_openspiel(card_game: object, n: int) -> tuple[int, object]:
    """Actions in game ``n`` played through OpenSpiel's API, and its end."""
    state = card_game.new_initial_state()  # type: ignore[attr-defined]
    for byte in n.to_bytes(4, "little"):
        state.apply_action(byte)
    rng = random.Random(n)
    actions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        actions += 1
    return actions, state_of(state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    print(f"{'table':<44} {'actions':>8} {'native /s':>10} {'OpenSpiel /s':>13} {'ratio':>6} {'action space':>13}")
    for name, params in TABLES:
        card_game = pyspiel.load_game(name, params)
        for warm in range(args.games, args.games + 3):  # warm the library's caches first, untimed
            native(card_game, warm)
            through_openspiel(card_game, warm)
        best = {native: 0.0, through_openspiel: 0.0}
        ends: dict[object, list[object]] = {}
        total = 0
        for _ in range(2):  # each twice, in turn; the better rate of each
            for run in (native, through_openspiel):
                started = time.process_time()
                count = 0
                ends[run] = []
                for n in range(args.games):
                    actions, end = run(card_game, n)
                    count += actions
                    ends[run].append(end)
                best[run] = max(best[run], count / (time.process_time() - started))
                total = count
        rates = [best[native], best[through_openspiel]]
        same = ""
        if name == "python_spite":
            # Spite's action i is the i-th move, so the same random index makes the same game, unless
            # a seat has more moves than the bound (Spite and Malice's ids are in table order, so its
            # games are other games of the same seeds under the same uniform random policy)
            agree = sum(a == b for a, b in zip(ends[native], ends[through_openspiel]))
            same = f"  (same end in {agree} of {args.games})"
        label = f"{name} {','.join(f'{k}={v}' for k, v in params.items())}"
        print(f"{label:<44} {total:>8} {rates[0]:>10.0f} {rates[1]:>13.0f} {rates[1] / rates[0]:>6.2f} "
              f"{card_game.num_distinct_actions():>13}{same}")
    print(f"({args.games} seeded random games per table; actions per CPU second)")


if __name__ == "__main__":
    main()
